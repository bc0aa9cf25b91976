//! `generators/generators.yaml`: how a package's test data is built (BAPCtools'
//! doc/generators.md, the proposed spec Kattis/problem-package-format#2).
//!
//! Owns reading the file into rules: which test case is made by which command
//! with which seed, copied from which file or written inline, answered by which
//! solution, in which folder with which `test_group.yaml`. Running the rules is
//! the `generate` workflow's job (judge-workflows); where their result is kept
//! is [`location`]'s. Names, numbering and seeds follow BAPCtools' generate.py
//! (version 2026.10) exactly, so `cargo judge generate` makes the files `bt
//! generate` makes.

pub mod location;
pub mod sha512;
pub mod words;

use std::path::Path;

use anyhow::{Context, Result, bail};

use super::constants::{self, Constants};
use super::yaml::{self, Node, Value};
use judge_model::package::GeneratorsWarning;

/// The file, relative to the package root.
pub const FILE: &str = "generators/generators.yaml";

/// The extensions of a test case's files that a rule may write (generate.py's
/// `KNOWN_TEXT_DATA_EXTENSIONS`), without the dot.
pub const EXTENSIONS: [&str; 9] = [
    "in",
    "ans",
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "yaml",
];

/// The top-level folders of data/, in the order BAPCtools makes them; others
/// are ignored with a warning.
const ROOT_FOLDERS: [&str; 8] = [
    "sample",
    "secret",
    "invalid_output",
    "invalid_answer",
    "invalid_input",
    "valid_output",
    "testing_tool_test",
    "fuzz",
];

/// Keys that make a map a test case rather than a folder (`UNIQUE_TESTCASE_KEYS`).
const CASE_KEYS: [&str; 4] = ["copy", "generate", "count", "match"];

/// generators.yaml, read: every test case and folder it makes.
#[derive(Debug, Default)]
pub struct Generators {
    /// The test cases, in the order BAPCtools walks them.
    pub cases: Vec<Rule>,
    /// The folders (data-relative, `secret/1-group`), with the configuration
    /// file each writes.
    pub groups: Vec<Group>,
    /// Test cases a folder includes from elsewhere (`include:`).
    pub includes: Vec<Include>,
    /// Generators made of listed files (the root's `generators:` key).
    pub composed: Vec<Composed>,
    /// What the judge does not act on but should say (unknown keys).
    pub warnings: Vec<GeneratorsWarning>,
}

/// A generator made of the files the root's `generators:` key lists
/// (`gen: [gen.py, lib.py]`): BAPCtools' `parse_generators` and `Program`
/// put the files side by side in one folder, named by their file names, and
/// run the first one.
#[derive(Debug, Clone, PartialEq)]
pub struct Composed {
    /// The name commands run it by, relative to the root (`generators/gen`).
    pub program: String,
    /// Its files, relative to the root (`generators/gen.py`), the entry point first.
    pub files: Vec<String>,
}

impl Generators {
    /// The listed files of the generator `program` (`generators/gen`), if the
    /// `generators:` key makes it.
    pub fn composed(&self, program: &str) -> Option<&Composed> {
        self.composed.iter().find(|c| c.program == program)
    }
}

/// A folder under data/.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// Its path under data/ (`secret/1-group`).
    pub path: String,
    /// The configuration file it writes: `test_group.yaml` (or the legacy
    /// `testdata.yaml`) and its text.
    pub config: Option<(String, String)>,
}

/// A test case that a folder includes from another place (its files are copied).
#[derive(Debug, Clone, PartialEq)]
pub struct Include {
    /// The folder that includes it (`secret/all`).
    pub group: String,
    /// The included test case (`secret/1-small/03`).
    pub case: String,
}

/// Which program writes a test case's `.ans`.
#[derive(Debug, Clone, PartialEq)]
pub enum Solution {
    /// None named: an accepted submission (BAPCtools picks one).
    Default,
    /// `solution: /submissions/accepted/x.py`: the path relative to the root.
    Given(String),
    /// `solution:` empty: no solution; every `.ans` must come from the rule.
    Nothing,
}

/// One test case: how its files are made.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    /// Its path under data/ without an extension (`secret/03-small`).
    pub path: String,
    /// The line of generators.yaml it comes from.
    pub line: usize,
    /// `generate:` (or the rule as a plain string).
    pub generate: Option<Invocation>,
    /// `copy:`: the files `PATH.*` to copy, relative to the root, without an
    /// extension (`generators/manual/big`).
    pub copy: Option<String>,
    /// Files written as given (`in:`, `ans:`, ...): extension and content.
    pub files: Vec<(String, String)>,
    /// Who writes the `.ans` when nothing else does.
    pub solution: Solution,
    /// `retries`: how many seeds to try when the generator fails.
    pub retries: u32,
    /// `match:` patterns: the extension (`in` or `ans`), the line, and a Python
    /// regular expression the file should contain (a warning when it does not).
    pub matches: Vec<Match>,
}

/// One `match:` pattern of a test case (generate.py's `patterns`).
#[derive(Debug, Clone, PartialEq)]
pub struct Match {
    /// The file it looks at: `in` or `ans`.
    pub ext: String,
    /// The line of generators.yaml it is on.
    pub line: usize,
    /// The pattern, searched with `re.MULTILINE | re.DOTALL`.
    pub pattern: String,
}

impl Rule {
    /// Whether the case is under data/sample.
    pub fn is_sample(&self) -> bool {
        self.path.starts_with("sample/")
    }

    /// Its top-level folder (`secret`).
    pub fn root(&self) -> &str {
        self.path.split('/').next().unwrap_or("")
    }
}

/// A generator command: the program and its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Invocation {
    /// The command as written (after `{{constants}}` and `{count}`).
    pub command: String,
    /// The program: a file or folder, relative to the root (`generators/gen.py`).
    pub program: String,
    /// The arguments as written, with `{seed}` and `{name}` still in them.
    pub args: Vec<String>,
    /// The seed `{seed}` stands for.
    pub seed: u32,
}

impl Invocation {
    /// The arguments to run with: `{name}` is `testcase` (the generator runs in
    /// a folder of its own and writes `testcase.in`, ...), `{seed}` and
    /// `{seed:N}` the seed plus `retry` (generate.py's `_sub_args`).
    pub fn args_for(&self, retry: u32) -> Vec<String> {
        let seed = ((u64::from(self.seed) + u64::from(retry)) % (1 << 31)).to_string();
        self.args
            .iter()
            .map(|a| replace_seed(&a.replace("{name}", "testcase"), &seed))
            .collect()
    }
}

/// `text` with every `{seed}` / `{seed:DIGITS}` replaced by `seed`.
fn replace_seed(text: &str, seed: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("{seed") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 5..];
        let len = seed_suffix(after);
        match len {
            Some(n) => {
                out.push_str(seed);
                rest = &after[n..];
            }
            None => {
                out.push_str("{seed");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// After `{seed`: the length of `}` or `:DIGITS}`, if that is what follows.
fn seed_suffix(after: &str) -> Option<usize> {
    if after.starts_with('}') {
        return Some(1);
    }
    let digits = after.strip_prefix(':')?;
    let n = digits.bytes().take_while(u8::is_ascii_digit).count();
    (n > 0 && digits[n..].starts_with('}')).then_some(n + 2)
}

/// How many `{seed}` / `{seed:N}` a word holds.
fn seed_count(text: &str) -> usize {
    let mut count = 0;
    let mut rest = text;
    while let Some(at) = rest.find("{seed") {
        rest = &rest[at + 5..];
        if let Some(n) = seed_suffix(rest) {
            count += 1;
            rest = &rest[n..];
        }
    }
    count
}

/// Reads `dir`'s generators.yaml, if it has one.
pub fn read(dir: &Path, doc: &Node) -> Result<Option<Generators>> {
    let path = dir.join(FILE);
    if !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let constants = constants::read(doc)?;
    parse(&text, &constants)
        .with_context(|| format!("{}", path.display()))
        .map(Some)
}

/// Inherited settings (generate.py's `Config`).
#[derive(Debug, Clone)]
struct Config {
    solution: Solution,
    salt: String,
    retries: u32,
}

/// Whether `path` has a `..` folder, which would leave the package (the
/// spec's file names, "General requirements", never start with a dot): a
/// generator, a `copy:` or a solution is the package's own, never a file of the
/// machine it is judged on.
fn climbs(path: &str) -> bool {
    path.split('/').any(|part| part == "..")
}

impl Config {
    /// This map's own `solution`, `random_salt` and `retries` over `self`.
    fn with(&self, node: &Node) -> Result<Config> {
        let mut config = self.clone();
        if let Some(s) = node.get("solution") {
            config.solution = match s.as_str() {
                None if s.is_null() => Solution::Nothing,
                Some(p) if p.starts_with('/') && !climbs(p) => Solution::Given(p[1..].to_string()),
                _ => bail!(
                    "line {}: solution must be a path from the package root, /submissions/...",
                    s.line
                ),
            };
        }
        if let Some(s) = node.get("random_salt") {
            config.salt = s.as_str().unwrap_or("").to_string();
        }
        if let Some(r) = node.get("retries") {
            config.retries = r
                .as_str()
                .and_then(|t| t.trim().parse().ok())
                .filter(|&n| n > 0)
                .with_context(|| format!("line {}: retries must be a number above 0", r.line))?;
        }
        Ok(config)
    }
}

/// Reads generators.yaml's text, with problem.yaml's constants for `{{NAME}}`.
pub fn parse(text: &str, constants: &Constants) -> Result<Generators> {
    let doc = yaml::parse(text)?;
    let root = match &doc.value {
        Value::Map(_) => doc,
        Value::Null => Node {
            value: Value::Map(Vec::new()),
            line: 1,
        },
        _ => bail!("line {}: generators.yaml must be a map", doc.line),
    };
    if is_case(&root) {
        bail!("line 1: the root of generators.yaml must be a folder, not a test case");
    }
    let base = Config {
        solution: Solution::Default,
        salt: String::new(),
        retries: 1,
    };
    let mut walker = Walker {
        lines: text.lines().collect(),
        constants,
        out: Generators::default(),
        next_case: 1,
        width: count_numbered(&root).to_string().len(),
        keys: Vec::new(),
    };
    walker.folder("", &root, &base)?;
    let mut out = walker.out;
    if let Some(node) = root.get("generators") {
        out.composed = composed(node, &mut out.warnings)?;
    }
    Ok(out)
}

/// A case's `match:` (generate.py): a pattern or a list of them for the `.in`,
/// or a map of `in` and `ans` to a pattern or a list.
fn matches(node: &Node) -> Result<Vec<Match>> {
    let mut out = Vec::new();
    let mut add = |ext: &str, node: &Node| -> Result<()> {
        let items = match &node.value {
            Value::Seq(items) => items.iter().collect(),
            Value::Null => Vec::new(),
            _ => vec![node],
        };
        for item in items {
            let pattern = item
                .as_str()
                .with_context(|| format!("line {}: match.{ext} must be a string", item.line))?;
            out.push(Match {
                ext: ext.to_string(),
                line: item.line,
                pattern: pattern.to_string(),
            });
        }
        Ok(())
    };
    match &node.value {
        Value::Map(entries) => {
            for (key, value) in entries {
                if key != "in" && key != "ans" {
                    bail!("line {}: match has in and ans, not {key}", value.line);
                }
                add(key, value)?;
            }
        }
        _ => add("in", node)?,
    }
    Ok(out)
}

/// The root's `generators:` map, as generate.py's `parse_generators` reads it:
/// a name that is no plain file name, or one with no files, is skipped with a
/// warning; files that are not a list of strings are an error.
fn composed(node: &Node, warnings: &mut Vec<GeneratorsWarning>) -> Result<Vec<Composed>> {
    let entries = match &node.value {
        Value::Map(entries) => entries,
        Value::Null => return Ok(Vec::new()),
        _ => bail!(
            "line {}: generators must be a map of names to files",
            node.line
        ),
    };
    let mut out = Vec::new();
    for (name, files) in entries {
        if !plain_file_name(name) {
            warnings.push(GeneratorsWarning::NotAFileName {
                line: files.line,
                name: name.clone(),
            });
            continue;
        }
        let list = match &files.value {
            Value::Seq(items) => items
                .iter()
                .map(|i| {
                    i.as_str()
                        .filter(|f| !f.is_empty() && !f.starts_with('/') && !climbs(f))
                        .map(|f| format!("generators/{f}"))
                        .with_context(|| {
                            format!("line {}: a file of generator {name} must be a path relative to generators/", i.line)
                        })
                })
                .collect::<Result<Vec<_>>>()?,
            Value::Null => Vec::new(),
            _ => bail!("line {}: generator {name}'s files must be a list", files.line),
        };
        if list.is_empty() {
            warnings.push(GeneratorsWarning::NoFiles {
                line: files.line,
                name: name.clone(),
            });
            continue;
        }
        out.push(Composed {
            program: format!("generators/{name}"),
            files: list,
        });
    }
    Ok(out)
}

/// BAPCtools' `FILE_NAME_REGEX` (config.py): `[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}`.
fn plain_file_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.len() <= 255
        && chars.all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
}

/// Whether `node` is a test case (a string, or a map with a test case's key).
fn is_case(node: &Node) -> bool {
    match &node.value {
        Value::Null | Value::Scalar(_) => true,
        Value::Map(entries) => entries
            .iter()
            .any(|(k, _)| CASE_KEYS.contains(&k.as_str()) || EXTENSIONS.contains(&k.as_str())),
        Value::Seq(_) => false,
    }
}

/// Whether `node` is a folder: a map that is no test case.
fn is_folder(node: &Node) -> bool {
    matches!(node.value, Value::Map(_)) && !is_case(node)
}

/// The entries of a folder's `data`: a list of maps (numbered) or one map.
fn data_entries(folder: &Node) -> Result<(bool, Vec<&Node>)> {
    match folder.get("data") {
        None => Ok((false, Vec::new())),
        Some(d) => match &d.value {
            Value::Null => Ok((false, Vec::new())),
            Value::Map(_) => Ok((false, vec![d])),
            Value::Seq(items) => {
                for i in items {
                    if !matches!(i.value, Value::Map(_)) {
                        bail!("line {}: each entry of a data list must be a map", i.line);
                    }
                }
                Ok((true, items.iter().collect()))
            }
            Value::Scalar(_) => bail!("line {}: data must be a map or a list of maps", d.line),
        },
    }
}

/// The number of test cases in numbered lists in the whole tree: the width of
/// their numbers (generate.py's `count`, a global numbering).
fn count_numbered(folder: &Node) -> usize {
    let Ok((numbered, entries)) = data_entries(folder) else {
        return 0;
    };
    let mut total = 0;
    for entry in entries {
        if let Value::Map(children) = &entry.value {
            for (_, child) in children {
                if is_case(child) && numbered {
                    total += counts(child).map_or(1, |c| c.len());
                } else if is_folder(child) {
                    total += count_numbered(child);
                }
            }
        }
    }
    total
}

/// A test case's `count`: the values it is made for (`[1]` without one).
fn counts(node: &Node) -> Result<Vec<i64>> {
    let Some(count) = node.get("count") else {
        return Ok(vec![1]);
    };
    let line = count.line;
    let list = match &count.value {
        Value::Scalar(s) => {
            if let Ok(n) = s.trim().parse::<i64>() {
                if !(1..=100).contains(&n) {
                    bail!("line {line}: count {n} must be between 1 and 100");
                }
                (1..=n).collect()
            } else if let Some((lo, hi)) = s.split_once("..=") {
                let (lo, hi): (i64, i64) = match (lo.trim().parse(), hi.trim().parse()) {
                    (Ok(lo), Ok(hi)) if lo <= hi && hi - lo < 100 => (lo, hi),
                    _ => bail!("line {line}: count range {s} must be LO..=HI, at most 100 values"),
                };
                (lo..=hi).collect()
            } else {
                bail!(
                    "line {line}: count must be a number, a list or a range like 1..=5, found {s}"
                );
            }
        }
        Value::Seq(items) => {
            let mut list = Vec::new();
            for i in items {
                let n: i64 = i
                    .as_str()
                    .and_then(|t| t.trim().parse().ok())
                    .with_context(|| {
                        format!("line {}: count list items must be numbers", i.line)
                    })?;
                if list.contains(&n) {
                    bail!("line {}: count list has {n} twice", i.line);
                }
                list.push(n);
            }
            if list.is_empty() || list.len() > 100 {
                bail!("line {line}: count list must have 1 to 100 values");
            }
            list
        }
        _ => bail!("line {line}: count must be a number, a list or a range"),
    };
    Ok(list)
}

/// A numbering: the next number and how wide numbers are written.
struct Numbering {
    next: usize,
    width: usize,
}

/// Where a child of a folder's data goes.
struct Place<'a> {
    /// The folder's path under data/ (empty for the root).
    parent: &'a str,
    /// The child's key.
    key: &'a str,
    /// Whether the folder's data is a numbered list.
    numbered: bool,
}

impl Place<'_> {
    /// `NN-key` (or `NN` for an empty key), taking the next number of `numbering`
    /// (generate.py's `next_numbered_name`).
    fn numbered_name(&self, numbering: &mut Numbering) -> String {
        let number = format!("{:0width$}", numbering.next, width = numbering.width);
        numbering.next += 1;
        if self.key.is_empty() {
            number
        } else {
            format!("{number}-{}", self.key)
        }
    }

    /// The path under data/ of a child named `name`.
    fn path(&self, name: &str) -> String {
        if self.parent.is_empty() {
            name.to_string()
        } else {
            format!("{}/{name}", self.parent)
        }
    }
}

/// Walks the tree, numbering as generate.py does.
struct Walker<'a> {
    /// The file's lines, for a `test_group.yaml` written as it was given.
    lines: Vec<&'a str>,
    constants: &'a Constants,
    out: Generators,
    /// The next number of a test case in a numbered list (one counter for all).
    next_case: usize,
    width: usize,
    /// Every key seen so far, with what it named: `include` refers to them.
    keys: Vec<(String, Vec<String>)>,
}

impl Walker<'_> {
    /// The folder `node` at `path`, with its inherited config.
    fn folder(&mut self, path: &str, node: &Node, parent: &Config) -> Result<()> {
        let config = parent.with(node)?;
        let is_root = path.is_empty();
        let group = self.group(path, node)?;
        self.out.groups.push(group);
        self.warn_unknown(path, node);
        let includes = self.includes(node, path)?;
        let (numbered, entries) = data_entries(node)?;
        if is_root && numbered {
            bail!(
                "line {}: the root's data must be a map, not a numbered list",
                node.line
            );
        }
        let groups_here: usize = entries
            .iter()
            .map(|e| match &e.value {
                Value::Map(children) => children.iter().filter(|(_, c)| is_folder(c)).count(),
                _ => 0,
            })
            .sum();
        let mut groups = Numbering {
            next: 1,
            width: groups_here.to_string().len(),
        };
        for entry in entries {
            let Value::Map(children) = &entry.value else {
                continue;
            };
            if numbered && children.len() != 1 {
                bail!(
                    "line {}: a numbered entry must have exactly one key (indent test case keys one more level)",
                    entry.line
                );
            }
            for (child_key, child) in self.ordered(children, is_root) {
                let place = Place {
                    parent: path,
                    key: child_key,
                    numbered,
                };
                self.child(&place, child, &config, &mut groups)?;
            }
        }
        self.add_includes(path, node, includes)
    }

    /// One child of a folder's data: a folder or a test case (one per `count`).
    fn child(
        &mut self,
        place: &Place,
        child: &Node,
        config: &Config,
        groups: &mut Numbering,
    ) -> Result<()> {
        if is_folder(child) {
            let name = if place.numbered {
                place.numbered_name(groups)
            } else {
                place.key.to_string()
            };
            check_name(&name, child.line)?;
            let first = self.out.cases.len();
            self.folder(&place.path(&name), child, config)?;
            let under: Vec<String> = self.out.cases[first..]
                .iter()
                .map(|c| c.path.clone())
                .collect();
            self.keys.push((place.key.to_string(), under));
            return Ok(());
        }
        if !is_case(child) {
            bail!(
                "line {}: {} is neither a test case nor a folder",
                child.line,
                place.key
            );
        }
        if !place.numbered && place.key.is_empty() {
            bail!(
                "line {}: a test case outside a numbered list needs a name",
                child.line
            );
        }
        for count in counts(child)? {
            let base = if place.numbered {
                let mut cases = Numbering {
                    next: self.next_case,
                    width: self.width,
                };
                let name = place.numbered_name(&mut cases);
                self.next_case = cases.next;
                name
            } else {
                place.key.to_string()
            };
            let rule = self.case(&place.path(&base), child, config, count)?;
            self.keys
                .push((place.key.to_string(), vec![rule.path.clone()]));
            self.out.cases.push(rule);
        }
        Ok(())
    }

    /// The folder at `path` with the configuration file it writes.
    fn group(&self, path: &str, node: &Node) -> Result<Group> {
        let mut group = Group {
            path: path.to_string(),
            config: None,
        };
        for file in ["test_group.yaml", "testdata.yaml"] {
            if let Some(c) = node.get(file).filter(|c| !c.is_null()) {
                if !matches!(c.value, Value::Map(_)) {
                    bail!("line {}: {file} must be a map", c.line);
                }
                let text = block_text(&self.lines, c).unwrap_or_else(|| emit(c));
                group.config = Some((file.to_string(), text));
            }
        }
        Ok(group)
    }

    /// A warning for each key of a folder that BAPCtools does not know.
    fn warn_unknown(&mut self, path: &str, node: &Node) {
        let is_root = path.is_empty();
        let mut known = vec![
            "data",
            "test_group.yaml",
            "testdata.yaml",
            "include",
            "solution",
            "random_salt",
            "retries",
        ];
        if is_root {
            known.extend(["version", "generators"]);
        }
        if let Value::Map(entries) = &node.value {
            for (k, v) in entries {
                if !known.contains(&k.as_str()) {
                    self.out.warnings.push(GeneratorsWarning::UnknownKey {
                        line: v.line,
                        key: k.clone(),
                        folder: (!is_root).then(|| path.to_string()),
                    });
                }
            }
        }
    }

    /// Records the cases the folder at `path` includes, which must not clash
    /// with its own.
    fn add_includes(&mut self, path: &str, node: &Node, includes: Vec<String>) -> Result<()> {
        for case in includes {
            let name = case.rsplit('/').next().unwrap_or(&case).to_string();
            if self
                .out
                .cases
                .iter()
                .any(|c| c.path == format!("{path}/{name}"))
            {
                bail!(
                    "line {}: included case {case} clashes with a test case of {path}",
                    node.line
                );
            }
            self.out.includes.push(Include {
                group: path.to_string(),
                case,
            });
        }
        Ok(())
    }

    /// The children of a data map in the order BAPCtools walks them: the
    /// root's in [`ROOT_FOLDERS`] order, others sorted by key.
    fn ordered<'n>(
        &mut self,
        children: &'n [(String, Node)],
        is_root: bool,
    ) -> Vec<(&'n str, &'n Node)> {
        let mut out: Vec<(&str, &Node)> = children.iter().map(|(k, v)| (k.as_str(), v)).collect();
        if is_root {
            for (k, v) in &out {
                if !ROOT_FOLDERS.contains(k) {
                    self.out.warnings.push(GeneratorsWarning::NotADataFolder {
                        line: v.line,
                        folder: k.to_string(),
                    });
                }
            }
            out.retain(|(k, _)| ROOT_FOLDERS.contains(k));
            out.sort_by_key(|(k, _)| ROOT_FOLDERS.iter().position(|r| r == k));
        } else {
            out.sort_by(|a, b| a.0.cmp(b.0));
        }
        out
    }

    /// The cases a folder's `include:` names (by key: a test case, or every
    /// case of a folder), which must come earlier in the file.
    fn includes(&self, node: &Node, path: &str) -> Result<Vec<String>> {
        let Some(list) = node.get("include") else {
            return Ok(Vec::new());
        };
        let items: Vec<&Node> = match &list.value {
            Value::Seq(items) => items.iter().collect(),
            Value::Null => Vec::new(),
            _ => vec![list],
        };
        let mut out = Vec::new();
        for item in items {
            let key = item
                .as_str()
                .filter(|k| !k.contains('/'))
                .with_context(|| {
                    format!(
                        "line {}: include takes the keys of test cases or folders, not paths",
                        item.line
                    )
                })?;
            let matches: Vec<&(String, Vec<String>)> =
                self.keys.iter().filter(|(k, _)| k == key).collect();
            match matches.as_slice() {
                [one] => out.extend(one.1.iter().cloned()),
                [] => bail!(
                    "line {}: include {key} names no earlier test case or folder of {path}",
                    item.line
                ),
                _ => bail!(
                    "line {}: include {key} is ambiguous (several have that key)",
                    item.line
                ),
            }
        }
        Ok(out)
    }

    /// The test case `node` (a string or a map) at `path`, made for `count`.
    fn case(&self, path: &str, node: &Node, parent: &Config, count: i64) -> Result<Rule> {
        let line = node.line;
        let has_count = node.get("count").is_some();
        let name = count_name(node, path.rsplit('/').next().unwrap_or(path), count)?;
        check_name(&name, line)?;
        let path = match path.rsplit_once('/') {
            Some((dir, _)) => format!("{dir}/{name}"),
            None => name.clone(),
        };
        let (config, map) = match &node.value {
            Value::Null => bail!("line {line}: an empty test case (give generate, copy or in)"),
            Value::Scalar(s) if s.ends_with(".in") => (
                parent.clone(),
                vec![("copy".to_string(), scalar(&s[..s.len() - 3], line))],
            ),
            Value::Scalar(s) => (
                parent.clone(),
                vec![("generate".to_string(), scalar(s, line))],
            ),
            Value::Map(entries) => (parent.with(node)?, entries.clone()),
            Value::Seq(_) => unreachable!("is_case"),
        };
        let mut rule = Rule {
            path,
            line,
            generate: None,
            copy: None,
            files: Vec::new(),
            solution: config.solution.clone(),
            retries: config.retries,
            matches: Vec::new(),
        };
        self.fill(&mut rule, &map, &config, has_count, count)?;
        let has_input = rule.generate.is_some()
            || rule.copy.is_some()
            || rule
                .files
                .iter()
                .any(|(e, _)| e == "in" || (rule_is_sample(&rule) && e.starts_with("in.")));
        if !has_input {
            bail!(
                "line {line}: test case {} has no input (generate, copy or in)",
                rule.path
            );
        }
        if rule.generate.is_some() && rule.files.iter().any(|(e, _)| e == "in") {
            bail!(
                "line {line}: test case {} gives both generate and in",
                rule.path
            );
        }
        Ok(rule)
    }

    /// Sets `rule`'s files and command from the keys of its map.
    fn fill(
        &self,
        rule: &mut Rule,
        map: &[(String, Node)],
        config: &Config,
        has_count: bool,
        count: i64,
    ) -> Result<()> {
        let known = ["solution", "random_salt", "retries", "count"];
        for (key, value) in map {
            match key.as_str() {
                "match" => rule.matches = matches(value)?,
                "generate" => {
                    rule.generate = Some(self.invocation(value, config, has_count, count)?)
                }
                "copy" => {
                    let p = value
                        .as_str()
                        .filter(|p| !p.starts_with('/') && !climbs(p))
                        .with_context(|| {
                            format!(
                                "line {}: copy must be a path relative to generators/",
                                value.line
                            )
                        })?;
                    rule.copy = Some(format!("generators/{p}"));
                }
                ext if EXTENSIONS.contains(&ext) => {
                    let text = match &value.value {
                        Value::Scalar(s) => s.clone(),
                        Value::Null => String::new(),
                        Value::Map(_) if ext == "yaml" => emit(value),
                        _ => bail!("line {}: {ext} must be text", value.line),
                    };
                    let text = if !text.is_empty() && !text.ends_with('\n') {
                        text + "\n"
                    } else {
                        text
                    };
                    rule.files.push((ext.to_string(), text));
                }
                k if known.contains(&k) => {}
                other => bail!(
                    "line {}: unknown key \"{other}\" in test case {}",
                    value.line,
                    rule.path
                ),
            }
        }
        Ok(())
    }

    /// The `generate:` command of a case made for `count`.
    fn invocation(
        &self,
        value: &Node,
        config: &Config,
        has_count: bool,
        count: i64,
    ) -> Result<Invocation> {
        let line = value.line;
        let raw = value
            .as_str()
            .filter(|s| !s.trim().is_empty())
            .with_context(|| format!("line {line}: generate must be a command"))?;
        let mut command = constants::substitute(raw, self.constants);
        if has_count {
            command = command.replace("{count}", &count.to_string());
        }
        let words = words::split(&command).with_context(|| format!("line {line}"))?;
        let (program, args) = words
            .split_first()
            .with_context(|| format!("line {line}: an empty command"))?;
        if program.starts_with('/') || climbs(program) {
            bail!("line {line}: a generator is named relative to generators/, not as {program}");
        }
        if args.iter().map(|a| seed_count(a)).sum::<usize>() > 1 {
            bail!("line {line}: {{seed}} may appear at most once in a command");
        }
        // generate.py: the seed hashes the salt, `:COUNT-1` for a count other
        // than 1, and the command without surrounding white space.
        let mut seed_text = config.salt.clone();
        if count != 1 {
            seed_text.push_str(&format!(":{}", count - 1));
        }
        seed_text.push_str(command.trim());
        Ok(Invocation {
            program: format!("generators/{program}"),
            args: args.to_vec(),
            seed: sha512::seed(&seed_text),
            command,
        })
    }
}

/// The lines of the block map `node` as written, dedented (bt writes a
/// `test_group.yaml` by round-tripping it, comments and quotes kept); `None`
/// for a map written inline (`{a: 1}`).
fn block_text(lines: &[&str], node: &Node) -> Option<String> {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let first = *lines.get(node.line.checked_sub(1)?)?;
    if first.trim_start().starts_with('{') || first.contains(".yaml:") {
        return None;
    }
    let width = indent(first);
    let mut block: Vec<&str> = vec![first];
    for line in &lines[node.line..] {
        if !line.trim().is_empty() && indent(line) < width {
            break;
        }
        block.push(line);
    }
    while block.last().is_some_and(|l| l.trim().is_empty()) {
        block.pop();
    }
    let text: Vec<&str> = block
        .iter()
        .map(|l| l.get(width..).unwrap_or("").trim_end())
        .collect();
    Some(text.join("\n") + "\n")
}

fn rule_is_sample(rule: &Rule) -> bool {
    rule.is_sample()
}

fn scalar(text: &str, line: usize) -> Node {
    Node {
        value: Value::Scalar(text.to_string()),
        line,
    }
}

/// A test case's name made for `count`: `NAME-COUNT` when it has a `count`,
/// zero-padded when the values are consecutive (generate.py's `parse_test_case`).
fn count_name(node: &Node, name: &str, count: i64) -> Result<String> {
    if node.get("count").is_none() {
        return Ok(name.to_string());
    }
    let values = counts(node)?;
    let (lo, hi) = (values.iter().min(), values.iter().max());
    let consecutive =
        matches!((lo, hi), (Some(l), Some(h)) if (h - l) as usize == values.len() - 1);
    let pad = if consecutive {
        values
            .iter()
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1)
    } else {
        0
    };
    Ok(format!("{name}-{count:0pad$}"))
}

/// A test case or folder name must be a file name the format allows.
fn check_name(name: &str, line: usize) -> Result<()> {
    if !crate::program::valid_name(&format!("{name}.in")) || name == "test_group" {
        bail!("line {line}: \"{name}\" is not a valid test case or folder name");
    }
    Ok(())
}

/// `node` as YAML text (a block map or list; scalars quoted where plain text
/// would read differently), for the test_group.yaml and `.yaml` files a rule writes.
pub fn emit(node: &Node) -> String {
    let mut out = String::new();
    emit_into(node, 0, &mut out);
    out
}

fn emit_into(node: &Node, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match &node.value {
        Value::Map(entries) => {
            for (k, v) in entries {
                out.push_str(&format!("{pad}{}:", quote(k)));
                emit_value(v, indent, out);
            }
        }
        Value::Seq(items) => {
            for i in items {
                out.push_str(&format!("{pad}-"));
                emit_value(i, indent, out);
            }
        }
        Value::Scalar(s) => out.push_str(&format!("{pad}{}\n", quote(s))),
        Value::Null => out.push_str("{}\n"),
    }
}

fn emit_value(v: &Node, indent: usize, out: &mut String) {
    match &v.value {
        Value::Scalar(s) => out.push_str(&format!(" {}\n", quote(s))),
        Value::Null => out.push('\n'),
        Value::Seq(items) if items.iter().all(|i| matches!(i.value, Value::Scalar(_))) => {
            let words: Vec<String> = items
                .iter()
                .map(|i| quote(i.as_str().unwrap_or("")))
                .collect();
            out.push_str(&format!(" [{}]\n", words.join(", ")));
        }
        Value::Map(m) if m.is_empty() => out.push_str(" {}\n"),
        _ => {
            out.push('\n');
            emit_into(v, indent + 2, out);
        }
    }
}

/// A scalar as YAML: plain when it reads back as the same text, else double-quoted.
fn quote(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-+/".contains(c))
        && !matches!(
            s,
            "null" | "Null" | "NULL" | "~" | "true" | "false" | "yes" | "no"
        );
    if plain {
        return s.to_string();
    }
    let mut q = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            '\n' => q.push_str("\\n"),
            '\t' => q.push_str("\\t"),
            c => q.push(c),
        }
    }
    q.push('"');
    q
}

#[cfg(test)]
mod tests;
