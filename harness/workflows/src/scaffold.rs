//! `cargo judge new NAME`: a new problem crate `problems/NAME/` and its testdata
//! folder `testdata/NAME/`, from the template files in `harness/template/`.
//!
//! Owns the name checks, rendering the templates and creating both folders all at
//! once (into a hidden temporary folder of the workspace, then renamed into place),
//! never over anything that exists. Building and judging the new crate is left to
//! `cargo judge NAME`: the workspace's `problems/*` glob picks it up.

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use judge_engine::build;
use judge_engine::cargo_json::Metadata;
use judge_formats::problem::writer::{CheckerKeys, Noted, ProblemToml, source_table, toml_string};
use judge_model::problem::Origin;
use judge_report::scaffold::{Kind, Made};

/// The templates, kept as files so they read (and diff) as the code they become.
/// Each is `(path inside the new folder, text)`; `{{key}}` marks a substitution.
///
/// The default: a plain problem of any format. main.rs reads through `contest` and
/// prints; the brute force, the generator and the validator say "not written yet"
/// (exit 3) until the user writes them, and the tests skip what needs them, visibly.
const PLAIN_CRATE_FILES: [(&str, &str); 6] = [
    (
        "Cargo.toml",
        include_str!("../template/plain/Cargo.toml.tmpl"),
    ),
    (
        "src/main.rs",
        include_str!("../template/plain/main.rs.tmpl"),
    ),
    (
        "src/bin/brute.rs",
        include_str!("../template/plain/brute.rs.tmpl"),
    ),
    (
        "src/bin/gen.rs",
        include_str!("../template/plain/gen.rs.tmpl"),
    ),
    (
        "src/bin/validate.rs",
        include_str!("../template/plain/validate.rs.tmpl"),
    ),
    (
        "tests/solution.rs",
        include_str!("../template/plain/solution_test.rs.tmpl"),
    ),
];
/// No case: the statement's sample is the user's to add (`cargo judge add`), and
/// until then `cargo judge NAME` says there is nothing to judge. (An empty pair
/// here was judged "1/1 AC", a green report that tested nothing.)
const PLAIN_TESTDATA_FILES: [(&str, &str); 2] = [
    (
        "problem.toml",
        include_str!("../template/plain/problem.toml.tmpl"),
    ),
    (
        "README.md",
        include_str!("../template/plain/README.md.tmpl"),
    ),
];

/// `cargo judge new NAME --game`: a combinatorial game, with a placeholder game
/// solved, searched by the brute force, generated and validated.
const CRATE_FILES: [(&str, &str); 6] = [
    ("Cargo.toml", include_str!("../template/Cargo.toml.tmpl")),
    ("src/main.rs", include_str!("../template/main.rs.tmpl")),
    (
        "src/bin/brute.rs",
        include_str!("../template/brute.rs.tmpl"),
    ),
    ("src/bin/gen.rs", include_str!("../template/gen.rs.tmpl")),
    (
        "src/bin/validate.rs",
        include_str!("../template/validate.rs.tmpl"),
    ),
    (
        "tests/solution.rs",
        include_str!("../template/solution_test.rs.tmpl"),
    ),
];
const TESTDATA_FILES: [(&str, &str); 4] = [
    (
        "problem.toml",
        include_str!("../template/problem.toml.tmpl"),
    ),
    ("README.md", include_str!("../template/README.md.tmpl")),
    // The placeholder game's own sample (n % 3 != 0: the first player wins), so the
    // skeleton is judged on a real case at once; the statement's sample replaces it.
    ("01-sample.in", "4\n1\n2\n3\n6\n"),
    ("01-sample.out", "First\nFirst\nSecond\nSecond\n"),
];

/// `cargo judge new NAME --interactive`: the same layout for an interactive
/// problem: the solution, an interactor (with its test), a generator, and a
/// `problem.toml` with `type = "interactive"`.
const INTERACTIVE_CRATE_FILES: [(&str, &str); 4] = [
    (
        "Cargo.toml",
        include_str!("../template/interactive/Cargo.toml.tmpl"),
    ),
    (
        "src/main.rs",
        include_str!("../template/interactive/main.rs.tmpl"),
    ),
    (
        "src/bin/interactor.rs",
        include_str!("../template/interactive/interactor.rs.tmpl"),
    ),
    (
        "src/bin/gen.rs",
        include_str!("../template/interactive/gen.rs.tmpl"),
    ),
];
const INTERACTIVE_TESTDATA_FILES: [(&str, &str); 4] = [
    (
        "problem.toml",
        include_str!("../template/interactive/problem.toml.tmpl"),
    ),
    (
        "README.md",
        include_str!("../template/interactive/README.md.tmpl"),
    ),
    // Two cases: x = 7 of 10 (4 questions, all that 10's 4 binary digits allow),
    // and the only number of 1; the answer file is each case's x. Named for what it
    // is, so a report's "1/1 AC (01-placeholder)" never reads as the statement's
    // sample passing (a problem from the browser keeps those in its README).
    ("01-placeholder.in", "2\n10 7\n1 1\n"),
    ("01-placeholder.out", "7\n1\n"),
];

/// Template files: `(path inside the new folder, text)`.
type Files = &'static [(&'static str, &'static str)];

/// The templates for `args`: plain, game or interactive.
fn files(args: &NewOptions) -> (Files, Files) {
    if args.interactive {
        (&INTERACTIVE_CRATE_FILES, &INTERACTIVE_TESTDATA_FILES)
    } else if args.game {
        (&CRATE_FILES, &TESTDATA_FILES)
    } else {
        (&PLAIN_CRATE_FILES, &PLAIN_TESTDATA_FILES)
    }
}

/// Words that cannot name a crate: Rust keywords (a crate name must be usable as
/// an identifier), the standard library's crates, and folders cargo keeps next to
/// the binaries in `target/release/`, which a binary of that name would clash with.
const RESERVED: &[&str] = &[
    "abstract",
    "as",
    "async",
    "await",
    "become",
    "box",
    "break",
    "const",
    "continue",
    "crate",
    "do",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "final",
    "fn",
    "for",
    "gen",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "macro",
    "match",
    "mod",
    "move",
    "mut",
    "override",
    "priv",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "try",
    "type",
    "typeof",
    "unsafe",
    "unsized",
    "use",
    "virtual",
    "where",
    "while",
    "yield",
    "union",
    "alloc",
    "core",
    "proc_macro",
    "proc-macro",
    "std",
    "test",
    "build",
    "deps",
    "examples",
    "incremental",
];

/// The binaries a problem crate `name` gets besides `name` itself.
const EXTRA_BINS: [&str; 3] = ["brute", "gen", "validate"];

/// The folders [`create`] made.
#[derive(Debug, Clone)]
pub struct Created {
    /// The workspace root.
    pub root: std::path::PathBuf,
    /// `problems/NAME/`.
    pub crate_dir: std::path::PathBuf,
    /// `testdata/NAME/`.
    pub testdata_dir: std::path::PathBuf,
}

/// `cargo judge new NAME`: what it made.
pub fn new(args: NewOptions) -> Result<Made> {
    let Created {
        root,
        crate_dir,
        testdata_dir,
    } = create(&args)?;
    let rel = |p: &Path| p.strip_prefix(&root).unwrap_or(p).display().to_string();
    let (crate_files, testdata_files) = files(&args);
    let names = |files: Files| files.iter().map(|(f, _)| f.to_string()).collect();
    Ok(Made {
        folders: vec![
            (rel(&crate_dir), names(crate_files)),
            (rel(&testdata_dir), names(testdata_files)),
        ],
        kind: if args.interactive {
            Kind::Interactive
        } else if args.game {
            Kind::Game
        } else {
            Kind::Plain
        },
        name: args.name,
    })
}

/// Creates `problems/NAME/` and `testdata/NAME/` from the templates, both or
/// neither, never over anything that exists (`cargo judge new`, and `import`,
/// which then puts the package's data and solution in).
pub fn create(args: &NewOptions) -> Result<Created> {
    Site::load()?.create(args, &Extra::default())
}

/// What a new problem gets besides the templates (`cargo judge listen`).
#[derive(Debug, Default)]
pub struct Extra {
    /// Testdata files `(name, bytes)`, e.g. `01-sample.in` (the plain template has
    /// no case of its own).
    pub cases: Vec<(String, Vec<u8>)>,
    /// Appended to testdata/NAME/README.md.
    pub readme: String,
    /// What testdata/NAME/README.md says of the samples, instead of the plain
    /// template's "no case until pasted in" (Markdown, one paragraph).
    pub samples_md: Option<String>,
}

/// The workspace new problems go into: its root, and the names its packages and
/// binaries already take (read once, so `listen` creates each problem with file
/// writes alone, well inside Competitive Companion's 500 ms).
#[derive(Debug)]
pub struct Site {
    /// The workspace root.
    pub root: std::path::PathBuf,
    /// `(name, what it is)` for every package and target.
    taken: Vec<(String, String)>,
}

impl Site {
    /// The workspace around the current folder, per `cargo metadata`.
    pub fn load() -> Result<Site> {
        let metadata = Metadata::load(&build::cargo())
            .context("cannot read the Cargo workspace to put the problem in (`new`, `listen` and `import` write problems/NAME/ and testdata/NAME/ into the workspace around the current folder)")?;
        let taken = metadata
            .workspace_packages()
            .iter()
            .flat_map(|p| {
                let package = (p.name.clone(), format!("package {}", p.name));
                let targets = p
                    .targets
                    .iter()
                    .map(move |t| (t.name.clone(), format!("binary {} of {}", t.name, p.name)));
                std::iter::once(package).chain(targets)
            })
            .collect();
        Ok(Site {
            root: metadata.workspace_root.clone(),
            taken,
        })
    }

    /// Why `name` cannot be a new problem here (a bad name, a folder that
    /// exists, a clash with a package or binary), if it cannot.
    pub fn refuse(&self, name: &str) -> Result<()> {
        check_syntax(name)?;
        for dir in [
            self.root.join("problems").join(name),
            self.root.join("testdata").join(name),
        ] {
            if dir.symlink_metadata().is_ok() {
                let rel = dir.strip_prefix(&self.root).unwrap_or(&dir).display();
                bail!("{rel} already exists: refusing to overwrite it (nothing was written)");
            }
        }
        check_free(name, &self.taken)
    }

    /// Creates the problem `args.name` from the templates and `extra`, both
    /// folders or neither, and records its names as taken.
    pub fn create(&mut self, args: &NewOptions, extra: &Extra) -> Result<Created> {
        let name = args.name.as_str();
        self.refuse(name)?;
        let root = self.root.clone();
        let crate_dir = root.join("problems").join(name);
        let testdata_dir = root.join("testdata").join(name);
        let mut values = Values::from_args(args)?;
        if let Some(text) = &extra.samples_md {
            values.set("samples_md", text.clone());
        }

        // Everything goes into a hidden folder of the workspace first (the same file
        // system, so the renames cannot fail half-way for lack of space or a device
        // boundary); if anything fails it is dropped, and nothing appears.
        let staging = tempfile::Builder::new()
            .prefix(".judge-new-")
            .tempdir_in(&root)
            .with_context(|| format!("cannot create a temporary folder in {}", root.display()))?;
        let staged_crate = staging.path().join("crate");
        let staged_testdata = staging.path().join("testdata");
        let (crate_files, testdata_files) = files(args);
        write_all(&staged_crate, crate_files, &values)?;
        write_all(&staged_testdata, testdata_files, &values)?;
        write_extra(&staged_testdata, extra)?;
        for dir in ["problems", "testdata"] {
            std::fs::create_dir_all(root.join(dir))
                .with_context(|| format!("cannot create {}", root.join(dir).display()))?;
        }
        std::fs::rename(&staged_crate, &crate_dir)
            .with_context(|| format!("cannot create {}", crate_dir.display()))?;
        if let Err(e) = std::fs::rename(&staged_testdata, &testdata_dir) {
            // Undo the first half, so a failed run leaves nothing behind.
            let _ = std::fs::rename(&crate_dir, &staged_crate);
            return Err(e).with_context(|| format!("cannot create {}", testdata_dir.display()));
        }
        self.taken
            .push((name.to_string(), format!("package {name} (just created)")));
        for bin in EXTRA_BINS {
            self.taken.push((
                format!("{name}-{bin}"),
                format!("binary {name}-{bin} of {name} (just created)"),
            ));
        }
        Ok(Created {
            root,
            crate_dir,
            testdata_dir,
        })
    }
}

/// Writes `extra` into the staged testdata folder `dir`.
fn write_extra(dir: &Path, extra: &Extra) -> Result<()> {
    for (file, bytes) in &extra.cases {
        let path = dir.join(file);
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if !extra.readme.is_empty() {
        let path = dir.join("README.md");
        let mut text = std::fs::read_to_string(&path).unwrap_or_default();
        text.push_str(&extra.readme);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// Cargo's rules for a package name, made stricter so that the name also works
/// as a folder, a binary prefix and a `cargo judge NAME` argument.
fn check_syntax(name: &str) -> Result<()> {
    let why = if name.is_empty() {
        Some("it is empty".to_string())
    } else if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        Some("it must start with a lowercase letter".to_string())
    } else if let Some(c) = name
        .chars()
        .find(|&c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_'))
    {
        Some(format!(
            "{c:?} is not allowed (only lowercase ascii letters, digits, '-' and '_')"
        ))
    } else if name.len() > 64 {
        Some("it is longer than 64 characters".to_string())
    } else if RESERVED.contains(&name) {
        Some("it is a Rust keyword or a name cargo reserves".to_string())
    } else {
        None
    };
    let Some(why) = why else {
        return Ok(());
    };
    // `cargo judge new CF1A`: the name as the user meant it, where lowercase is all it lacks.
    let lower = name.to_ascii_lowercase();
    if lower != name && check_syntax(&lower).is_ok() {
        bail!("invalid problem name \"{name}\": {why}; `cargo judge new {lower}` would do");
    }
    bail!("invalid problem name \"{name}\": {why}")
}

/// Refuses a name whose package or binaries would clash with what exists:
/// `taken` lists (name, what it is) for every package and target of the
/// workspace. `-` and `_` count as the same, as crates.io counts them.
fn check_free(name: &str, taken: &[(String, String)]) -> Result<()> {
    let norm = |s: &str| s.replace('_', "-");
    let mut wanted = vec![name.to_string()];
    wanted.extend(EXTRA_BINS.iter().map(|b| format!("{name}-{b}")));
    for want in &wanted {
        if let Some((_, what)) = taken.iter().find(|(t, _)| norm(t) == norm(want)) {
            let subject = if want == name {
                "it".to_string()
            } else {
                format!("its binary {want}")
            };
            bail!("cannot use the name \"{name}\": {subject} would clash with the {what}");
        }
    }
    // `cargo judge NAME` must judge the problem, not start a subcommand.
    if SUBCOMMANDS.contains(&name) {
        bail!("cannot use the name \"{name}\": `cargo judge {name}` is a subcommand");
    }
    Ok(())
}

/// Every word `cargo judge` takes as a subcommand (names and aliases, and `help`),
/// which no problem may be named: the command line's tests hold this list to the
/// subcommands clap knows.
pub const SUBCOMMANDS: &[&str] = &[
    "run", "bless", "lint", "stress", "scale", "new", "listen", "add", "watch", "bundle", "verify",
    "import", "generate", "export", "help",
];

/// What `cargo judge new NAME` (and `listen`, `import`) scaffold.
#[derive(Debug, Clone)]
pub struct NewOptions {
    /// The problem's crate name.
    pub name: String,
    /// The problem's title [default: the name].
    pub title: Option<String>,
    /// Where it comes from: judge and id, a URL, or both.
    pub source: Option<String>,
    /// CPU time per case, written to problem.toml (in seconds).
    pub time_limit: Duration,
    /// An interactive problem (an interactor binary, a generator).
    pub interactive: bool,
    /// The combinatorial-game skeleton instead of the plain problem.
    pub game: bool,
    /// Memory limit in MiB, written to problem.toml.
    pub memory_limit: u64,
}

/// The substitutions, each already escaped for where it goes.
struct Values {
    pairs: Vec<(&'static str, String)>,
}

impl Values {
    fn from_args(args: &NewOptions) -> Result<Values> {
        let title = args.title.clone().unwrap_or_else(|| args.name.clone());
        let title = one_line("--title", &title)?.to_string();
        let source = args.source.as_deref().map(parse_source).transpose()?;
        // Shown in doc comments and the description: "POJ 2348" or the URL.
        let source_text = source.as_ref().map(|s| match (&s.judge, &s.id) {
            (judge, id) if !judge.is_empty() => format!("{judge} {id}"),
            _ => s.url.clone().unwrap_or_default(),
        });
        let source_toml = match &source {
            // The template has the newline after it.
            Some(s) => format!("\n{}", source_table(s).trim_end_matches('\n')),
            None => "\n# Where the problem comes from (--source):\n# [source]\n\
                     # judge = \"POJ\"\n# id = \"2348\"\n# url = \"http://poj.org/problem?id=2348\""
                .to_string(),
        };
        let suffix = source_text
            .as_ref()
            .map(|s| format!(" ({s})"))
            .unwrap_or_default();
        Ok(Values {
            pairs: vec![
                ("name", args.name.clone()),
                ("title_doc", title.clone()),
                ("title_md", title.clone()),
                ("source_doc", suffix.clone()),
                ("title_toml", toml_string(&title)),
                (
                    "description_toml",
                    if args.game {
                        toml_string(&format!("{title}{suffix}: a combinatorial game."))
                    } else {
                        // The title, as a package registry would show it.
                        toml_string(&title)
                    },
                ),
                // `{:?}` keeps a decimal point: TOML reads `2` as an integer.
                ("time_limit", format!("{:?}", args.time_limit.as_secs_f64())),
                ("memory_limit", args.memory_limit.to_string()),
                ("source_toml", source_toml),
                (
                    "checker_toml",
                    checker_toml(checker_for(source.as_ref().map(|s| s.judge.as_str()))),
                ),
                (
                    "samples_md",
                    format!(
                        "There is no case until the statement's sample is pasted in (`cargo \
                         judge add {0}`: the input, a line `---`, the output; it adds \
                         `01-sample`, then `02-sample`, ...); until then `cargo judge {0}` \
                         says there is nothing to judge.",
                        args.name
                    ),
                ),
            ],
        })
    }

    /// Replaces the value of `key`.
    fn set(&mut self, key: &str, value: String) {
        for (k, v) in &mut self.pairs {
            if *k == key {
                *v = value.clone();
            }
        }
    }

    /// `template` with every `{{key}}` replaced; an unknown key is a bug in a template.
    fn render(&self, template: &str) -> Result<String> {
        let mut text = template.to_string();
        for (key, value) in &self.pairs {
            text = text.replace(&format!("{{{{{key}}}}}"), value);
        }
        if let Some(at) = text.find("{{") {
            let rest: String = text[at..].chars().take(30).collect();
            bail!("template bug: unknown substitution at \"{rest}\"");
        }
        Ok(text)
    }
}

fn write_all(dir: &Path, files: &[(&str, &str)], values: &Values) -> Result<()> {
    for (file, template) in files {
        let path = dir.join(file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&path, values.render(template)?)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// `--source`: "POJ 2348", a URL, or both ("POJ 2348 http://..."). From a URL alone
/// of a site `listen` knows, the judge and id `listen` gives it (Codeforces `1A`);
/// of another, the judge is its host and the id its last path segment or query
/// value. The same `[source]` table problem.toml reads back.
pub(crate) fn parse_source(text: &str) -> Result<Origin> {
    let text = one_line("--source", text)?;
    let (urls, words): (Vec<&str>, Vec<&str>) =
        text.split_whitespace().partition(|w| w.contains("://"));
    if urls.len() > 1 {
        bail!("--source: more than one URL in \"{text}\"");
    }
    let url = urls.first().map(|u| u.to_string());
    let (judge, id) = match (words.split_first(), &url) {
        (Some((judge, id @ [_, ..])), _) => (judge.to_string(), id.join(" ")),
        (None, Some(url)) => match known_site(url) {
            Some(known) => known,
            None => url_judge_and_id(url)?,
        },
        _ => bail!(
            "--source: expected a judge and an id (\"POJ 2348\"), a URL, or both, found \"{text}\""
        ),
    };
    Ok(Origin { judge, id, url })
}

/// From a URL alone: the judge is its host and the id its last path segment or
/// query value.
fn url_judge_and_id(url: &str) -> Result<(String, String)> {
    let after_scheme = url.split_once("://").map_or("", |(_, rest)| rest);
    let (host, path) = after_scheme.split_once('/').unwrap_or((after_scheme, ""));
    let host = host.strip_prefix("www.").unwrap_or(host);
    let id = path
        .rsplit(['/', '=', '?', '&'])
        .find(|s| !s.is_empty() && !s.contains('='))
        .unwrap_or("");
    if host.is_empty() || id.is_empty() {
        bail!(
            "--source: cannot tell the judge and id from \"{url}\"; give them too, \
             e.g. --source \"POJ 2348 {url}\""
        );
    }
    Ok((host.to_string(), id.to_string()))
}

/// The judge and id of a URL on a site `listen` knows (Codeforces `1A`, AtCoder
/// `abc086_a`, ...), as `listen` writes them from the same URL: Competitive
/// Companion's reader owns that grammar.
fn known_site(url: &str) -> Option<(String, String)> {
    judge_formats::companion::site(url).map(|(judge, id)| (judge.to_string(), id))
}

/// The checker a problem from `judge` (its `[source]`'s, as `listen` names
/// sites) gets in problem.toml, with the comment written above it: what that
/// judge does with whitespace and case, so that an answer it accepts is not PE
/// or WA here. Written out (never left to the default) so the user sees it and
/// can change it. The reasons:
/// - Codeforces (and its gym): problems are judged by testlib checkers, the
///   standard ones `wcmp`/`ncmp` ("compare sequences of tokens", testlib's
///   `checkers/wcmp.cpp`, `ncmp.cpp`) unless the statement needs its own; they
///   read tokens, case-sensitively, so any whitespace between tokens is fine.
/// - AtCoder: it publishes no checker; its users' tools report that its judge
///   ignores whitespace and line breaks between tokens (qryxip/snowchains PR
///   #167, from qryxip/cargo-compete issue #143: "match the current AtCoder
///   official contests' judge" by ignoring spaces and line breaks) and spaces at
///   line ends and a missing or extra final line break (kyuridenamida/
///   atcoder-tools issues #285 and #300: submissions AC on AtCoder that a byte
///   comparison failed). So tokens.
/// - Kattis: problemtools' default output validator, which Kattis runs unless a
///   problem ships its own, compares tokens and ignores case without its
///   `case_sensitive` flag (problem package format, "Default output validator
///   specification"). A problem's flags are not on its statement page, so the
///   flagless default: tokens with `case_sensitive = false`.
/// - Library Checker: each problem's `checker.cpp` is a testlib checker reading
///   tokens.
/// - HDU, POJ and any other judge (Timus, CSES, a site `listen` does not know):
///   `exact`, as before. HDU and POJ answer Presentation Error for whitespace
///   differences (HDU 1073 states its rule: identical is AC, only spaces, tabs or
///   line breaks differing is PE), which is `exact`'s PE; for the others the rule
///   is not known here, and exact's PE says "only whitespace differs" where
///   tokens would hide it.
pub fn checker_for(judge: Option<&str>) -> Noted<CheckerKeys> {
    let tokens = |case_sensitive| CheckerKeys::Tokens { case_sensitive };
    let judge = judge.map(str::to_ascii_lowercase);
    match judge.as_deref() {
        Some("codeforces" | "codeforces-gym") => Noted::new(
            "Codeforces' usual checkers (testlib's wcmp, ncmp) compare tokens: any\n\
             whitespace between them is fine. \"YES/NO in any case\": case_sensitive = false.",
            tokens(true),
        ),
        Some("atcoder") => Noted::new(
            "AtCoder's judge accepts whitespace changes between tokens. \"Yes/No in any\n\
             case\" is rare there; where a statement says it: case_sensitive = false.",
            tokens(true),
        ),
        Some("kattis") => Noted::new(
            "Kattis' default output validator without flags: tokens, letters' case aside\n\
             (a problem may set case_sensitive; its statement page does not say).",
            tokens(false),
        ),
        Some("library-checker") => Noted::new(
            "Library Checker's checkers (testlib) read tokens.",
            tokens(true),
        ),
        Some(other @ ("hdu" | "poj")) => Noted::new(
            format!(
                "{}: a whitespace difference is Presentation Error there, as exact's PE here.",
                other.to_ascii_uppercase()
            ),
            CheckerKeys::Exact,
        ),
        _ => Noted::plain(CheckerKeys::Exact),
    }
}

/// `checker` as the lines problem.toml has for it, without the last newline
/// (the template has it), written by problem.toml's one writer.
fn checker_toml(checker: Noted<CheckerKeys>) -> String {
    let toml = ProblemToml {
        checker: Some(checker),
        ..ProblemToml::default()
    };
    toml.render().trim_end_matches('\n').to_string()
}

/// Titles and sources go into one-line comments and TOML strings.
fn one_line<'a>(option: &str, text: &'a str) -> Result<&'a str> {
    let text = text.trim();
    if text.is_empty() || text.chars().any(char::is_control) {
        bail!("{option}: expected one line of text, found {text:?}");
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_formats::problem::SettingsExt as _;

    fn args(name: &str) -> NewOptions {
        NewOptions {
            name: name.to_string(),
            title: None,
            source: None,
            time_limit: judge_model::problem::DEFAULT_TIME_LIMIT,
            memory_limit: judge_model::problem::DEFAULT_MEMORY_LIMIT_MIB,
            interactive: false,
            game: true,
        }
    }

    #[test]
    fn the_scaffolded_files_are_tiny_and_reach_into_no_other_file() {
        let values = Values::from_args(&args("my-problem")).unwrap();
        let all = [
            &CRATE_FILES[..],
            &TESTDATA_FILES,
            &PLAIN_CRATE_FILES,
            &PLAIN_TESTDATA_FILES,
        ];
        for (file, template) in all.into_iter().flatten() {
            let text = values.render(template).unwrap();
            assert!(
                !text.contains("#[path"),
                "{file} loads another file by #[path]"
            );
            assert!(!text.contains("include!"), "{file} includes another file");
        }
        let main = values.render(CRATE_FILES[1].1).unwrap();
        let lines = main.lines().count();
        assert!(lines <= 40, "the scaffolded main.rs has {lines} lines");
        assert!(
            main.contains("contest::run"),
            "main.rs reads through the contest library"
        );
    }

    #[test]
    fn every_template_renders_with_no_substitution_left() {
        let mut a = args("my-problem");
        a.title = Some("A \"Quoted\" Game".into());
        a.source = Some("POJ 2348 http://poj.org/problem?id=2348".into());
        let values = Values::from_args(&a).unwrap();
        let all = [
            &CRATE_FILES[..],
            &TESTDATA_FILES,
            &PLAIN_CRATE_FILES,
            &PLAIN_TESTDATA_FILES,
            &INTERACTIVE_CRATE_FILES,
            &INTERACTIVE_TESTDATA_FILES,
        ];
        for (file, template) in all.into_iter().flatten() {
            let text = values
                .render(template)
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            assert!(!text.contains("{{"), "{file}");
        }
    }

    #[test]
    fn the_rendered_problem_toml_is_what_the_judge_reads() {
        let mut a = args("p");
        a.title = Some("A \"Quoted\" Game".into());
        a.source = Some("POJ 2348 http://poj.org/problem?id=2348".into());
        a.time_limit = Duration::from_millis(1500);
        a.memory_limit = 64;
        let text = Values::from_args(&a)
            .unwrap()
            .render(TESTDATA_FILES[0].1)
            .unwrap();
        let s = judge_model::problem::Settings::parse(&text, Path::new("/p")).unwrap();
        assert_eq!(s.title.as_deref(), Some("A \"Quoted\" Game"));
        assert_eq!(s.limits.time, Duration::from_millis(1500));
        assert_eq!(s.limits.memory, 64 << 20);
        let source = s.source.unwrap();
        assert_eq!((source.judge.as_str(), source.id.as_str()), ("POJ", "2348"));
        // Without options: the defaults, written out.
        let text = Values::from_args(&args("p"))
            .unwrap()
            .render(TESTDATA_FILES[0].1)
            .unwrap();
        let s = judge_model::problem::Settings::parse(&text, Path::new("/p")).unwrap();
        assert_eq!(
            s,
            judge_model::problem::Settings {
                title: Some("p".into()),
                ..judge_model::problem::Settings::default()
            }
        );
    }

    #[test]
    fn a_problem_from_a_known_judge_gets_the_checker_that_judge_compares_like() {
        use judge_model::problem::Checker;
        let tokens = |case_sensitive| Checker::Tokens { case_sensitive };
        for (source, checker, says) in [
            (None, Checker::Exact, None),
            (
                Some("https://codeforces.com/contest/1/problem/A"),
                tokens(true),
                Some("wcmp"),
            ),
            (
                Some("https://codeforces.com/gym/100001/problem/B"),
                tokens(true),
                Some("wcmp"),
            ),
            (Some("CODEFORCES 1A"), tokens(true), Some("wcmp")),
            (
                Some("https://atcoder.jp/contests/abc086/tasks/abc086_a"),
                tokens(true),
                Some("AtCoder"),
            ),
            (
                Some("https://open.kattis.com/problems/hello"),
                tokens(false),
                Some("Kattis"),
            ),
            (
                Some("https://judge.yosupo.jp/problem/aplusb"),
                tokens(true),
                Some("testlib"),
            ),
            (
                Some("http://poj.org/problem?id=2348"),
                Checker::Exact,
                Some("POJ: a whitespace"),
            ),
            (Some("HDU 1846"), Checker::Exact, Some("HDU: a whitespace")),
            (
                Some("https://cses.fi/problemset/task/1068"),
                Checker::Exact,
                None,
            ),
            (
                Some("https://acm.timus.ru/problem.aspx?space=1&num=1000"),
                Checker::Exact,
                None,
            ),
            (
                Some("https://www.luogu.com.cn/problem/P1001"),
                Checker::Exact,
                None,
            ),
        ] {
            let mut a = args("p");
            a.game = false;
            a.source = source.map(String::from);
            let text = Values::from_args(&a)
                .unwrap()
                .render(PLAIN_TESTDATA_FILES[0].1)
                .unwrap();
            let read = judge_model::problem::Settings::parse(&text, Path::new("/p"))
                .unwrap_or_else(|e| panic!("{source:?}: {e:#}\n{text}"));
            assert_eq!(read.checker, checker, "{source:?}:\n{text}");
            // The reason is the comment right above the checker.
            let above = text
                .lines()
                .take_while(|l| !l.starts_with("checker ="))
                .last()
                .unwrap();
            match says {
                Some(why) => assert!(above.starts_with("# ") && text.contains(why), "{text}"),
                None => assert!(above.starts_with("memory_limit"), "{text}"),
            }
        }
    }

    #[test]
    fn names_follow_crate_rules() {
        for ok in ["a", "my-problem", "cf1234_b", "poj2348x"] {
            check_syntax(ok).unwrap();
        }
        for bad in [
            "", "1abc", "-x", "My", "a.b", "a b", "ü", "fn", "test", "build",
        ] {
            assert!(check_syntax(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn names_clashing_with_packages_or_binaries_are_refused() {
        let taken = vec![
            ("harness".to_string(), "package harness".to_string()),
            ("judge".to_string(), "binary judge of harness".to_string()),
            ("foo-gen".to_string(), "binary foo-gen of foo".to_string()),
        ];
        for bad in [
            "harness", "judge", "foo-gen", "foo", "foo_gen", "stress", "new",
        ] {
            assert!(check_free(bad, &taken).is_err(), "{bad}");
        }
        check_free("bar", &taken).unwrap();
    }

    #[test]
    fn a_name_that_only_lacks_lowercase_is_suggested_lowercased() {
        let why = |name: &str| check_syntax(name).unwrap_err().to_string();
        assert_eq!(
            why("CF1A"),
            "invalid problem name \"CF1A\": it must start with a lowercase letter; \
             `cargo judge new cf1a` would do"
        );
        assert!(why("abcA").ends_with("`cargo judge new abca` would do"));
        assert!(!why("1A").contains("would do"), "{}", why("1A"));
        assert!(!why("A.b").contains("would do"), "{}", why("A.b"));
        assert!(check_syntax("cf1a").is_ok());
    }

    #[test]
    fn a_source_is_judge_and_id_a_url_or_both() {
        let s = |t| parse_source(t).unwrap();
        assert_eq!(
            s("POJ 2348"),
            Origin {
                judge: "POJ".into(),
                id: "2348".into(),
                url: None
            }
        );
        assert_eq!(s("http://poj.org/problem?id=2484").id, "2484");
        assert_eq!(
            s("https://www.luogu.com.cn/problem/P1290").judge,
            "luogu.com.cn"
        );
        // A site listen knows gets the judge and id listen gives it, so `bundle`
        // builds for that judge (Codeforces' 64 KiB, its Rust).
        for (url, judge, id) in [
            (
                "https://codeforces.com/contest/1/problem/A",
                "Codeforces",
                "1A",
            ),
            (
                "https://codeforces.com/problemset/problem/4/A/",
                "Codeforces",
                "4A",
            ),
            (
                "https://atcoder.jp/contests/abc086/tasks/abc086_a",
                "AtCoder",
                "abc086_a",
            ),
        ] {
            let origin = s(url);
            assert_eq!(
                (origin.judge.as_str(), origin.id.as_str()),
                (judge, id),
                "{url}"
            );
            assert_eq!(origin.url.as_deref(), Some(url));
        }
        assert!(parse_source("POJ").is_err());
        assert!(parse_source("http://x/").is_err());
    }
}
