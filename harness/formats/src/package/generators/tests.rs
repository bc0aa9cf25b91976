use super::*;

fn parsed(text: &str) -> Generators {
    parse(text, &Vec::new()).unwrap()
}

fn paths(g: &Generators) -> Vec<&str> {
    g.cases.iter().map(|c| c.path.as_str()).collect()
}

fn error(text: &str) -> String {
    format!("{:#}", parse(text, &Vec::new()).unwrap_err())
}

/// The names `bt generate` (BAPCtools 2026.10) gave the tally fixture's cases:
/// one number sequence for every numbered list in the file, as wide as its
/// total; folders in a numbered list numbered among their siblings; `count`
/// as `-1`, `-2`, ... on consecutive numbers; named entries as named.
#[test]
fn numbers_cases_and_folders_as_bt_generate_does() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/packages/tally/generators/generators.yaml"
    ))
    .unwrap();
    let g = parsed(&text);
    assert_eq!(
        paths(&g),
        [
            "sample/01",
            "sample/02",
            "secret/03-small",
            "secret/04-small-1",
            "secret/05-small-2",
            "secret/06-small-3",
            "secret/07-spread",
            "secret/08-files",
            "secret/09-manual",
            "secret/1-group/10-one",
            "secret/1-group/11-ten",
            "secret/2-named/alpha",
            "secret/2-named/zeta",
            "invalid_input/12-zero",
        ]
    );
    let groups: Vec<&str> = g.groups.iter().map(|g| g.path.as_str()).collect();
    assert_eq!(
        groups,
        [
            "",
            "sample",
            "secret",
            "secret/1-group",
            "secret/2-named",
            "invalid_input"
        ]
    );
}

/// Seeds from Python: `int(hashlib.sha512(TEXT.encode()).hexdigest(), 16) % 2**31`
/// where TEXT is the salt, `:COUNT-1` for a count other than 1, and the command.
#[test]
fn a_seed_hashes_the_salt_the_count_and_the_command() {
    let g = parsed(
        "data:\n  secret:\n    data:\n      - a: uniform.py 5 {seed}\n      - b:\n          generate: uniform.py 6 {seed}\n          count: 3\n      - c: spread 8 {seed:1}\n      - d:\n          random_salt: salty\n          generate: gen {seed}\n          count: [2]\n",
    );
    let seeds: Vec<u32> = g
        .cases
        .iter()
        .map(|c| c.generate.as_ref().unwrap().seed)
        .collect();
    assert_eq!(
        seeds,
        [
            771451196, 1559995047, 559712180, 531639216, 1842479258, 391780240
        ]
    );
}

#[test]
fn seed_and_name_are_replaced_in_the_arguments() {
    let g = parsed(
        "data:\n  secret:\n    data:\n      a: gen.py {name} --seed={seed:3} {seedling} x{see}\n",
    );
    let inv = g.cases[0].generate.as_ref().unwrap();
    assert_eq!(inv.program, "generators/gen.py");
    let s = inv.seed.to_string();
    assert_eq!(
        inv.args_for(0),
        [
            "testcase".to_string(),
            format!("--seed={s}"),
            "{seedling}".into(),
            "x{see}".into()
        ]
    );
    assert_eq!(
        inv.args_for(1)[1],
        format!("--seed={}", (inv.seed + 1) % (1 << 31))
    );
}

#[test]
fn a_second_seed_in_one_command_is_an_error() {
    assert!(
        error("data:\n  secret:\n    data:\n      a: gen {seed} {seed:2}\n")
            .contains("at most once")
    );
}

#[test]
fn solution_random_salt_and_retries_are_inherited_and_overridden() {
    let g = parsed(
        "solution: /submissions/accepted/a.py\nretries: 3\ndata:\n  secret:\n    solution:\n    data:\n      a:\n        in: '1'\n      b:\n        solution: /submissions/accepted/b.c\n        in: '2'\n  sample:\n    data:\n      c:\n        in: '3'\n",
    );
    let by = |p: &str| g.cases.iter().find(|c| c.path == p).unwrap();
    assert_eq!(
        by("sample/c").solution,
        Solution::Given("submissions/accepted/a.py".into())
    );
    assert_eq!(by("secret/a").solution, Solution::Nothing);
    assert_eq!(
        by("secret/b").solution,
        Solution::Given("submissions/accepted/b.c".into())
    );
    assert_eq!(by("secret/a").retries, 3);
}

#[test]
fn inline_files_end_with_a_newline_and_copy_is_relative_to_generators() {
    let g = parsed(
        "data:\n  sample:\n    data:\n      - '':\n          in: \"3\\n1 2 3\"\n          ans: '6'\n      - '': manual/x.in\n",
    );
    assert_eq!(
        g.cases[0].files,
        [
            ("in".into(), "3\n1 2 3\n".into()),
            ("ans".into(), "6\n".into())
        ]
    );
    assert_eq!(g.cases[1].copy.as_deref(), Some("generators/manual/x"));
}

#[test]
fn root_folders_are_made_in_bts_order_and_others_are_warned_about() {
    let g = parsed(
        "data:\n  secret:\n    data:\n      a:\n        in: '1'\n  extra:\n    data: {}\n  sample:\n    data:\n      b:\n        in: '1'\n",
    );
    assert_eq!(paths(&g), ["sample/b", "secret/a"]);
    assert_eq!(
        g.warnings,
        // The line of its value (the key is on line 6).
        [GeneratorsWarning::NotADataFolder {
            line: 7,
            folder: "extra".into()
        }]
    );
}

#[test]
fn a_group_writes_its_test_group_yaml() {
    let g = parsed(
        "data:\n  secret:\n    test_group.yaml:\n      input_validator_args: [--max, \"10\"]\n      max_score: 40\n    data:\n      a:\n        in: '1'\n",
    );
    let secret = g.groups.iter().find(|g| g.path == "secret").unwrap();
    let (file, text) = secret.config.as_ref().unwrap();
    assert_eq!(file, "test_group.yaml");
    assert_eq!(
        text,
        "input_validator_args: [--max, \"10\"]\nmax_score: 40\n"
    );
}

#[test]
fn an_inline_test_group_yaml_is_written_as_yaml() {
    let g = parsed(
        "data:\n  secret:\n    test_group.yaml: {max_score: 40, args: [a b, 'c']}\n    data: {}\n",
    );
    let (_, text) = g.groups[1].config.as_ref().unwrap();
    assert_eq!(text, "max_score: 40\nargs: [\"a b\", c]\n");
}

#[test]
fn include_copies_earlier_cases_by_key() {
    let g = parsed(
        "data:\n  secret:\n    data:\n      - small:\n          data:\n            - x: gen 1\n            - y: gen 2\n      - all:\n          include: [small]\n          data: []\n",
    );
    let inc: Vec<(&str, &str)> = g
        .includes
        .iter()
        .map(|i| (i.group.as_str(), i.case.as_str()))
        .collect();
    assert_eq!(
        inc,
        [
            ("secret/2-all", "secret/1-small/1-x"),
            ("secret/2-all", "secret/1-small/2-y")
        ]
    );
}

/// Each row: a generators.yaml and a word its error must contain (with the line).
#[test]
fn bad_rules_are_errors_naming_their_line() {
    let rows = [
        ("data:\n  secret:\n    data:\n      a:\n", "line 4"),
        (
            "data:\n  secret:\n    data:\n      a:\n        count: 3\n",
            "no input",
        ),
        (
            "data:\n  secret:\n    data:\n      a:\n        generate: g\n        count: 101\n",
            "between 1 and 100",
        ),
        (
            "data:\n  secret:\n    data:\n      - a: g\n        b: h\n",
            "exactly one key",
        ),
        (
            "data:\n  secret:\n    data:\n      a:\n        copy: /abs\n",
            "relative to generators/",
        ),
        // Nothing leaves the package: not a copy, a generator, its files or the
        // solution.
        (
            "data:\n  secret:\n    data:\n      a:\n        copy: ../../../etc/x\n",
            "line 5: copy must be a path relative to generators/",
        ),
        (
            "data:\n  secret:\n    data:\n      a: ../../bin/gen 3\n",
            "line 4: a generator is named relative to generators/, not as ../../bin/gen",
        ),
        (
            "generators:\n  g: [../../x.py]\ndata: {}\n",
            "line 2: a file of generator g must be a path relative to generators/",
        ),
        (
            "solution: /submissions/../../x.py\ndata: {}\n",
            "line 1: solution must be a path from the package root",
        ),
        (
            "data:\n  secret:\n    data:\n      a:\n        in: '1'\n        bogus: 2\n",
            "bogus",
        ),
        ("solution: submissions/a.py\ndata: {}\n", "package root"),
        (
            "data:\n  secret:\n    data:\n      'a b': g\n",
            "not a valid",
        ),
        (
            "data:\n  secret:\n    include: [nothing]\n",
            "names no earlier",
        ),
    ];
    for (text, want) in rows {
        let err = error(text);
        assert!(err.contains(want), "{text:?}: {err}");
    }
}

#[test]
fn the_generators_key_makes_a_generator_of_its_listed_files_entry_first() {
    let g = parsed(
        "generators:\n  gen:\n    - gen.py\n    - lib/common.py\n  _ok: [x.cpp]\n  bad/name: [y.py]\n  empty: []\ndata:\n  secret:\n    data:\n      a: gen 5\n",
    );
    let made: Vec<(&str, Vec<&str>)> = g
        .composed
        .iter()
        .map(|c| {
            (
                c.program.as_str(),
                c.files.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        made,
        [
            (
                "generators/gen",
                vec!["generators/gen.py", "generators/lib/common.py"]
            ),
            ("generators/_ok", vec!["generators/x.cpp"]),
        ]
    );
    assert!(g.composed("generators/gen").is_some());
    assert!(g.composed("generators/gen.py").is_none());
    assert!(
        g.warnings.iter().any(|w| matches!(w,
            GeneratorsWarning::NotAFileName { name, .. } if name == "bad/name")),
        "{:?}",
        g.warnings
    );
    assert!(
        g.warnings.iter().any(|w| matches!(w,
            GeneratorsWarning::NoFiles { name, .. } if name == "empty")),
        "{:?}",
        g.warnings
    );
}

#[test]
fn generators_files_that_are_not_a_list_of_relative_paths_are_an_error() {
    assert!(error("generators:\n  gen: gen.py\ndata: {}\n").contains("line 2"));
    assert!(error("generators:\n  gen: [/abs.py]\ndata: {}\n").contains("line 2"));
    assert!(error("generators: [gen.py]\ndata: {}\n").contains("line 1"));
}

#[test]
fn match_is_a_pattern_a_list_or_a_map_of_in_and_ans() {
    let text = "data:\n  secret:\n    data:\n      a:\n        in: '1'\n        match: '^1$'\n      b:\n        in: '2'\n        match: [x, y]\n      c:\n        in: '3'\n        match:\n          ans: [z]\n          in: w\n";
    let g = parsed(text);
    let got: Vec<Vec<(&str, usize, &str)>> = g
        .cases
        .iter()
        .map(|c| {
            c.matches
                .iter()
                .map(|m| (m.ext.as_str(), m.line, m.pattern.as_str()))
                .collect()
        })
        .collect();
    assert_eq!(
        got,
        [
            vec![("in", 6, "^1$")],
            vec![("in", 9, "x"), ("in", 9, "y")],
            vec![("ans", 13, "z"), ("in", 14, "w")],
        ]
    );
    assert!(
        error("data:\n  secret:\n    data:\n      a:\n        in: '1'\n        match: {out: x}\n")
            .contains("line 6")
    );
}
