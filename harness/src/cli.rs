//! The command line: `cargo judge [PROBLEM...]` and its subcommands.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Judge competitive-programming solutions against their testdata.
#[derive(Debug, Parser)]
#[command(
    name = "judge",
    bin_name = "cargo judge",
    version,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// What to do; without one, judge the workspace's problems.
    #[command(subcommand)]
    pub command: Option<Cmd>,
    /// Judging the workspace's problems (the default command).
    #[command(flatten)]
    pub judge: JudgeArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// Judge a source FILE (C, C++, Python, Java, Rust) or any command (--cmd CMD)
    /// against a folder of NAME.in / NAME.out pairs.
    Run(RunArgs),
    /// Random inputs from the problem's generator, solution vs brute force; on the
    /// first difference, shrink it to a minimal failing input.
    Stress(StressArgs),
    /// Will it pass at the largest input? Sizes grow to --to, the release solution
    /// runs on the generator's inputs in the sandbox, and its CPU times are fitted
    /// to growth models (n, n log n, n^2, ...) to predict the time at --to.
    Scale(ScaleArgs),
    /// Write expected outputs (.out) from the brute force or the solution.
    Bless(BlessArgs),
    /// Check testdata hygiene: CR, final newline, trailing spaces, UTF-8, empty,
    /// duplicate and unpaired files, and each problem's validate binary.
    Lint(LintArgs),
    /// Write each solution as one std-only file, target/bundle/NAME.rs (main.rs
    /// and the library modules it uses), ready to submit; --check compiles it.
    Bundle(BundleArgs),
    /// Create a new problem: problems/NAME/ (solution, brute force, generator and
    /// test skeletons; --game: a game's, with a validator) and testdata/NAME/.
    New(NewArgs),
    /// Add a test case by hand: paste the input, a line ---, the expected output
    /// (or --input FILE --output FILE); the empty sample `new` made is filled first.
    Add(AddArgs),
    /// Judge a problem, then again on every save of its sources or testdata.
    Watch(WatchArgs),
    /// Receive problems from the browser: an HTTP listener on 127.0.0.1 for
    /// Competitive Companion; each problem becomes problems/NAME/ and testdata/NAME/
    /// with its samples and limits.
    Listen(ListenArgs),
    /// Check a Kattis/ICPC problem package (every submission gets what its tag,
    /// submissions.yaml or folder expects) or a Polygon package (every solution its
    /// tag's verdict), and every input passes the input validators.
    Verify(VerifyArgs),
    /// Turn a Kattis/ICPC or Polygon problem package into a workspace problem:
    /// testdata/NAME/ (cases, problem.toml) and problems/NAME/ from the template.
    Import(ImportArgs),
    /// Build a package's test data from generators/generators.yaml, as BAPCtools'
    /// `bt generate` does, into target/ (or the cache); --write also into its data/.
    Generate(GenerateArgs),
    /// Write a workspace problem as a Kattis problem package: problem.yaml with the
    /// limits, data/, the bundles of the solution and the known-wrong solutions as
    /// submissions, the validator and the checker.
    Export(ExportArgs),
}

/// `--no-isolation`, for the commands that run programs.
#[derive(Debug, Args, Clone, Copy)]
pub struct IsolationArg {
    /// Run programs without isolation (as the judge's user, with its network and
    /// files): for the rare program that needs more; every report says so.
    #[arg(long)]
    pub no_isolation: bool,
}

/// `cargo judge verify PACKAGE`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The package folder (with problem.yaml, or Polygon's problem.xml).
    #[arg(value_name = "PACKAGE")]
    pub dir: PathBuf,
    /// `-j, --jobs N`.
    #[command(flatten)]
    pub jobs: Jobs,
    /// A fixed time limit in seconds instead of the package's (or the computed one).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Show every case of every submission, and the detail of every failure.
    #[arg(short, long)]
    pub verbose: bool,
    /// How to report: a table for people, or one JSON document (docs/packages.md).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Also write a JUnit XML report here (one testcase per submission).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Score a scoring problem by these rules instead of the package's own
    /// [possible values: 2025-09, problemtools, domjudge].
    #[arg(long, value_name = "RULES", value_parser = parse_scoring)]
    pub scoring: Option<judge_formats::package::scoring::Dialect>,
    /// `--color WHEN`.
    #[command(flatten)]
    pub color: Color,
    /// Isolation of the programs run.
    #[command(flatten)]
    pub isolation: IsolationArg,
}

/// `cargo judge generate PACKAGE`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The package folder (with problem.yaml and generators/generators.yaml).
    #[arg(value_name = "PACKAGE")]
    pub dir: PathBuf,
    /// Also write the generated files into the package's data/ (as `bt generate`
    /// does); without it the package is left untouched.
    #[arg(long)]
    pub write: bool,
    /// Isolation of the programs run.
    #[command(flatten)]
    pub isolation: IsolationArg,
}

/// `cargo judge import PACKAGE [NAME]`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The package folder (with problem.yaml, or Polygon's problem.xml).
    #[arg(value_name = "PACKAGE")]
    pub dir: PathBuf,
    /// The new problem's name [default: the package folder's name].
    #[arg(value_name = "NAME")]
    pub name: Option<String>,
}

/// `cargo judge export NAME`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The workspace problem (problems/NAME/ and testdata/NAME/).
    #[arg(value_name = "NAME")]
    pub name: String,
    /// The package format version to write.
    #[arg(long, value_enum, default_value_t = PackageFormat::Legacy)]
    pub format: PackageFormat,
    /// The package folder [default: target/export/NAME, with only NAME's lowercase
    /// letters and digits].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Replace the package an earlier export wrote there (a folder with problem.yaml).
    #[arg(long)]
    pub force: bool,
}

/// `--format` of `export`: a version of the Kattis problem package format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PackageFormat {
    /// `legacy`, as problemtools and DOMjudge read by default.
    Legacy,
    /// `2025-09`, as BAPCtools writes.
    #[value(name = "2025-09")]
    V2025_09,
}

impl From<ExportArgs> for judge_workflows::export::ExportOptions {
    fn from(a: ExportArgs) -> Self {
        judge_workflows::export::ExportOptions {
            name: a.name,
            format: match a.format {
                PackageFormat::Legacy => judge_workflows::export::Format::Legacy,
                PackageFormat::V2025_09 => judge_workflows::export::Format::V2025_09,
            },
            out: a.out,
            force: a.force,
        }
    }
}

/// `cargo judge [PROBLEM...]`.
#[derive(Debug, Args)]
pub struct JudgeArgs {
    /// Problems to judge (crate names under problems/); when none is given, the
    /// problem of the current folder (problems/NAME/ or testdata/NAME/), else all.
    pub problems: Vec<String>,
    /// Judge each solution's bundle (`cargo judge bundle`, compiled with plain
    /// rustc --edition 2021 -O) instead of the crate's binary.
    #[arg(long)]
    pub bundled: bool,
    /// Build with overflow checks and debug assertions (the `checked` profile, in its
    /// own target folder): an overflow is RE with the panic's message.
    #[arg(long, conflicts_with = "bundled")]
    pub checked: bool,
    /// How to judge and report.
    #[command(flatten)]
    pub options: Options,
}

/// `cargo judge run FILE DIR` or `cargo judge run --cmd CMD DIR`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The solution, as a shell command line, e.g. "python3 sol.py" (instead of FILE).
    #[arg(long, value_name = "CMD")]
    pub cmd: Option<String>,
    /// FILE: a source (.c, .cpp, .py, .java, .rs; compiled once, cached by content,
    /// or a workspace problem's src/main.rs, built by cargo), then DIR: the folder of
    /// NAME.in / NAME.out pairs (and optionally problem.toml).
    #[arg(value_name = "[FILE] DIR", num_args = 1..=2, required = true)]
    pub paths: Vec<PathBuf>,
    /// Build a workspace problem's FILE with overflow checks and debug assertions
    /// (the `checked` profile, in its own target folder).
    #[arg(long)]
    pub checked: bool,
    /// Override problem.toml's checker.
    #[arg(long, value_enum)]
    pub checker: Option<CheckerArg>,
    /// The checker program for --checker command (run as CMD input output expected),
    /// or the checker's source for --checker testlib.
    #[arg(long, value_name = "CMD")]
    pub checker_command: Option<String>,
    /// Judge interactively: the interactor, run as CMD INPUT ANSWER FEEDBACK_DIR
    /// (Kattis convention: exit 42 accepts, 43 rejects), talking to the solution.
    #[arg(long, value_name = "CMD", conflicts_with_all = ["checker", "checker_command"])]
    pub interactor: Option<String>,
    /// How to judge and report.
    #[command(flatten)]
    pub options: Options,
}

impl RunArgs {
    /// The source FILE, when one was given before DIR.
    pub fn file(&self) -> Option<&std::path::Path> {
        (self.paths.len() == 2).then(|| self.paths[0].as_path())
    }

    /// The testdata folder: the last path.
    pub fn dir(&self) -> &std::path::Path {
        self.paths.last().expect("clap requires DIR")
    }
}

/// `cargo judge stress NAME [-- GENERATOR ARGS]`.
#[derive(Debug, Args)]
pub struct StressArgs {
    /// The problem (crate name under problems/); in problems/NAME/ or
    /// testdata/NAME/, NAME when none is given.
    #[arg(default_value = "", hide_default_value = true)]
    pub problem: String,
    /// The first seed; each further case uses the next one.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// `-j, --jobs N`.
    #[command(flatten)]
    pub jobs: Jobs,
    /// Stop after N cases [default: run for --time].
    #[arg(long, value_name = "N", conflicts_with = "time")]
    pub cases: Option<u64>,
    /// Stop after this long, e.g. 30s [default: 10s].
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time: Option<Duration>,
    /// Lines per generated input (the generator's --lines).
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub lines: u64,
    /// Largest value in generated inputs (the generator's --max); small, so the
    /// brute force keeps up.
    #[arg(long, value_name = "V", default_value_t = 50)]
    pub max: u64,
    /// Save the minimal failing input as testdata/NAME/stress-SEED.in, with the
    /// .out from the brute force (interactive: from NAME-gen --answer INPUT).
    #[arg(long)]
    pub save: bool,
    /// With --save: save the input even though no validator checks it (the
    /// problem has none, or its src/bin/validate.rs is not written yet).
    #[arg(long, requires = "save")]
    pub unchecked: bool,
    /// Build the solution and the brute force with overflow checks and debug
    /// assertions (the `checked` profile, in its own target folder).
    #[arg(long)]
    pub checked: bool,
    /// Report the failing input as generated, without shrinking it.
    #[arg(long)]
    pub no_shrink: bool,
    /// At most this many runs while shrinking.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub shrink_runs: u64,
    /// CPU seconds the brute force may take per input.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds)]
    pub brute_time_limit: Duration,
    /// `--color WHEN`.
    #[command(flatten)]
    pub color: Color,
    /// Isolation of the programs run.
    #[command(flatten)]
    pub isolation: IsolationArg,
    /// More generator arguments, passed through after `--` (e.g. `-- --k 3`).
    #[arg(last = true, value_name = "GENERATOR ARGS")]
    pub gen_args: Vec<String>,
}

/// `cargo judge scale NAME` or `cargo judge scale --cmd CMD --gen GEN_CMD`.
#[derive(Debug, Args)]
pub struct ScaleArgs {
    /// The problem (crate name under problems/; in problems/NAME/ or
    /// testdata/NAME/, NAME when none is given); or give --cmd and --gen.
    #[arg(conflicts_with = "cmd")]
    pub problem: Option<String>,
    /// The solution as a shell command line in any language, e.g. "python3 sol.py"
    /// (with --gen, instead of NAME).
    #[arg(long, value_name = "CMD", requires = "generator")]
    pub cmd: Option<String>,
    /// The generator as a shell command line, run as GEN_CMD --seed S --n N.
    #[arg(long = "gen", value_name = "GEN_CMD", requires = "cmd")]
    pub generator: Option<String>,
    /// The largest size [default: problem.toml's [scale] max_n].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub to: Option<u64>,
    /// The first size [default: 1000, or --to / 64 when that is smaller].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub from: Option<u64>,
    /// Seeds (inputs) per size.
    #[arg(long, value_name = "K", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=50))]
    pub seeds: u32,
    /// The generator's size flag, e.g. --arg lines for `NAME-gen --lines N`.
    #[arg(
        long = "arg",
        value_name = "FLAG",
        default_value = "--n",
        allow_hyphen_values = true
    )]
    pub size_flag: String,
    /// Also measure this binary of the problem (brute, or its full name; with
    /// --cmd, a command line) on the same sizes, and draw both.
    #[arg(long, value_name = "BINARY")]
    pub against: Option<String>,
    /// Roughly how long to measure, e.g. 30s (more rounds of the same inputs
    /// while it lasts).
    #[arg(long, value_name = "SECS", default_value = "60", value_parser = parse_seconds)]
    pub time: Duration,
    /// The time limit in seconds [default: the problem's, or 2 with --cmd].
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// The memory limit in MiB [default: the problem's, or 256 with --cmd].
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub memory_limit: Option<u64>,
    /// How to report: a table, a plot and a conclusion for people, or one JSON
    /// document (docs/authoring.md).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// `--color WHEN`.
    #[command(flatten)]
    pub color: Color,
    /// Isolation of the programs run.
    #[command(flatten)]
    pub isolation: IsolationArg,
    /// More generator arguments, passed after the size (e.g. `-- --max 1000`).
    #[arg(last = true, value_name = "GENERATOR ARGS")]
    pub gen_args: Vec<String>,
}

/// `cargo judge bless NAME`.
#[derive(Debug, Args)]
pub struct BlessArgs {
    /// The problem (crate name under problems/); in problems/NAME/ or
    /// testdata/NAME/, NAME when none is given.
    #[arg(default_value = "", hide_default_value = true)]
    pub problem: String,
    /// Which program writes the outputs; the other one must agree.
    #[arg(long, value_enum, default_value_t = BlessFrom::Brute)]
    pub from: BlessFrom,
    /// Also rewrite existing .out files, showing the diff of each change.
    #[arg(long)]
    pub force: bool,
    /// Only cases whose name matches GLOB; may be repeated.
    #[arg(long = "case", value_name = "GLOB")]
    pub cases: Vec<String>,
    /// CPU seconds either program may take per case.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds)]
    pub brute_time_limit: Duration,
    /// `-j N`: cases validated and run at once.
    #[command(flatten)]
    pub jobs: Jobs,
    /// `--color WHEN`.
    #[command(flatten)]
    pub color: Color,
    /// Isolation of the programs run.
    #[command(flatten)]
    pub isolation: IsolationArg,
}

/// Where `bless` takes expected outputs from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BlessFrom {
    /// The brute force (src/bin/brute.rs).
    Brute,
    /// The solution (src/main.rs), e.g. where the brute force is too slow.
    Solution,
}

/// `cargo judge lint [PROBLEM...]`.
#[derive(Debug, Args)]
pub struct LintArgs {
    /// Testdata folders to check (when none is given, the current problem's, else all).
    pub problems: Vec<String>,
    /// `--color WHEN`.
    #[command(flatten)]
    pub color: Color,
    /// Isolation of the programs run.
    #[command(flatten)]
    pub isolation: IsolationArg,
}

/// `cargo judge bundle [NAME...]`.
#[derive(Debug, Args)]
pub struct BundleArgs {
    /// Problems to bundle (crate names under problems/); when none is given, the
    /// problem of the current folder, else all.
    pub problems: Vec<String>,
    /// The judge to bundle for: std (one std-only file), atcoder (its installed
    /// crates stay `use` lines) or codeforces [default: problem.toml's
    /// `[source] judge` when it is one of these, else std].
    #[arg(long = "for", value_name = "JUDGE")]
    pub judge: Option<String>,
    /// Also compile each bundle as its judge would, outside the workspace
    /// (`rustc --edition 2021 -O`, or a cargo project with AtCoder's crate
    /// versions), failing on any warning, error or API newer than the judge's
    /// Rust or the crate's rust-version.
    #[arg(long)]
    pub check: bool,
}

/// `cargo judge add NAME`.
#[derive(Debug, Args)]
pub struct AddArgs {
    /// The problem (crate name under problems/); in problems/NAME/ or
    /// testdata/NAME/, NAME when none is given.
    #[arg(default_value = "", hide_default_value = true)]
    pub problem: String,
    /// The case's input, from a file (with --output) instead of pasted.
    #[arg(long, value_name = "FILE", requires = "output")]
    pub input: Option<PathBuf>,
    /// The case's expected output, from a file (with --input).
    #[arg(long, value_name = "FILE", requires = "input")]
    pub output: Option<PathBuf>,
    /// The case's name [default: the first free NN-sample].
    #[arg(long, value_name = "CASE")]
    pub name: Option<String>,
}

/// `cargo judge watch NAME [JUDGE OPTIONS]`.
#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The problem (crate name under problems/); in problems/NAME/ or
    /// testdata/NAME/, NAME when none is given. (It takes a leading option too,
    /// `watch -v` in a problem's folder: that is the first of the options below.)
    #[arg(
        default_value = "",
        hide_default_value = true,
        allow_hyphen_values = true
    )]
    pub problem: String,
    /// Options for each round, as `cargo judge NAME` takes them (e.g. --checked -v).
    #[arg(
        value_name = "JUDGE OPTIONS",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    pub judge_args: Vec<String>,
}

use judge_workflows::listen::DEFAULT_PORT;

/// `cargo judge listen`.
#[derive(Debug, Args)]
pub struct ListenArgs {
    /// The port on 127.0.0.1 [default: 4244, one Competitive Companion sends to
    /// out of the box].
    #[arg(long, value_name = "PORT", default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// Exit (0) once one whole problem or contest (all of its batch) has arrived and
    /// no further request has come for 0.8 s.
    #[arg(long)]
    pub once: bool,
}

/// `cargo judge new NAME`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The problem's crate name: lowercase ascii letters, digits, '-' and '_',
    /// starting with a letter (e.g. poj2348, cf1234-b).
    pub name: String,
    /// The problem's title [default: NAME].
    #[arg(long)]
    pub title: Option<String>,
    /// Where it comes from: judge and id ("POJ 2348"), a URL, or both
    /// ("POJ 2348 http://poj.org/problem?id=2348").
    #[arg(long)]
    pub source: Option<String>,
    /// CPU seconds per case, written to problem.toml.
    #[arg(long, value_name = "SECS", default_value = "2", value_parser = parse_seconds)]
    pub time_limit: Duration,
    /// An interactive problem: the solution plays against an interactor (a binary
    /// of the crate, Kattis convention); scaffolds it and a generator.
    #[arg(long, conflicts_with = "game")]
    pub interactive: bool,
    /// A combinatorial game: the skeleton solves a placeholder game (T cases, take 1
    /// or 2 stones) with a brute force, a generator and a validator that work at once,
    /// instead of the plain problem's "not written yet" brute force and generator.
    #[arg(long)]
    pub game: bool,
    /// Memory limit in MiB, written to problem.toml.
    #[arg(long, value_name = "MIB", default_value_t = judge_model::problem::DEFAULT_MEMORY_LIMIT_MIB, value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub memory_limit: u64,
}

/// Checkers selectable on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckerArg {
    /// Exact, after normalising line ends and trailing whitespace.
    Exact,
    /// Whitespace-insensitive token comparison.
    Tokens,
    /// Tokens, letters' case aside ("yes" is "YES"; problem.toml's tokens with
    /// case_sensitive = false).
    TokensAnyCase,
    /// Tokens with numbers compared within 1e-6 absolute or relative.
    Float,
    /// An external checker program (--checker-command).
    Command,
    /// A Kattis output validator: the default one (problem.toml's `checker = "kattis"`).
    Kattis,
    /// A testlib checker, compiled from the source --checker-command names.
    Testlib,
}

/// Options shared by every judging command.
#[derive(Debug, Args, Clone)]
pub struct Options {
    /// Only cases whose name matches GLOB (e.g. '*fib*'); may be repeated.
    #[arg(long = "case", value_name = "GLOB")]
    pub cases: Vec<String>,
    /// Stop starting new cases after the first one that is not AC.
    #[arg(long)]
    pub fail_fast: bool,
    /// `-j, --jobs N`.
    #[command(flatten)]
    pub jobs: Jobs,
    /// Override every problem's time limit, in seconds.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Override every problem's memory limit, in MiB.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub memory_limit: Option<u64>,
    /// Show every case, not only the failing ones.
    #[arg(short, long)]
    pub verbose: bool,
    /// Output format on stdout.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Also write a JUnit XML report to FILE.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// `--color WHEN`.
    #[command(flatten)]
    pub color: Color,
    /// Isolation of the programs run.
    #[command(flatten)]
    pub isolation: IsolationArg,
}

impl Options {
    /// What to judge and under which limits, as the plan takes it.
    pub fn selection(&self) -> judge_engine::plan::Selection {
        judge_engine::plan::Selection {
            cases: self.cases.clone(),
            time_limit: self.time_limit,
            memory_limit: self.memory_limit,
        }
    }

    /// Cases run at once: `-j`, or the number of cores.
    pub fn threads(&self) -> usize {
        self.jobs.threads()
    }
}

/// Report formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Lines for people, with a summary table.
    Human,
    /// One JSON document.
    Json,
}

/// `--color WHEN`, declared once for every command that prints in color.
#[derive(Debug, Args, Clone, Copy)]
pub struct Color {
    /// When to color the output (NO_COLOR is honoured by auto).
    #[arg(id = "color", long = "color", value_name = "COLOR", value_enum, default_value_t = ColorArg::Auto)]
    pub when: ColorArg,
}

/// `-j, --jobs N`, declared once for every command that runs programs side by side.
#[derive(Debug, Args, Clone, Copy)]
pub struct Jobs {
    /// Cases run at once (default: the number of cores).
    #[arg(id = "jobs", short = 'j', long = "jobs", value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub n: Option<u16>,
}

impl Jobs {
    /// `-j N`, or the number of cores.
    pub fn threads(self) -> usize {
        self.n
            .map(usize::from)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

/// `--color` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Color when stdout is a terminal and NO_COLOR is unset.
    Auto,
    /// Always color.
    Always,
    /// Never color.
    Never,
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    match s.trim_end_matches('s').parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 3600.0 => Ok(Duration::from_secs_f64(v)),
        _ => Err(format!("expected seconds in (0, 3600], found \"{s}\"")),
    }
}

/// `--scoring RULES`: one of the scoring dialects' names.
fn parse_scoring(s: &str) -> Result<judge_formats::package::scoring::Dialect, String> {
    use judge_formats::package::scoring::Dialect;
    Dialect::parse(s).ok_or_else(|| {
        let names: Vec<&str> = Dialect::ALL.iter().map(|d| d.name()).collect();
        format!("expected one of {}, found \"{s}\"", names.join(", "))
    })
}

// What each command's arguments ask of its workflow: the workflows take plain
// options, never clap's types (CONTRIBUTING.md, "Crates").

impl From<StressArgs> for judge_workflows::stress::StressOptions {
    fn from(a: StressArgs) -> Self {
        Self {
            problem: a.problem,
            seed: a.seed,
            jobs: a.jobs.threads(),
            cases: a.cases,
            time: a.time,
            lines: a.lines,
            max: a.max,
            save: a.save,
            unchecked: a.unchecked,
            checked: a.checked,
            no_shrink: a.no_shrink,
            shrink_runs: a.shrink_runs,
            brute_time_limit: a.brute_time_limit,
            gen_args: a.gen_args,
        }
    }
}

impl From<BlessArgs> for judge_workflows::bless::BlessOptions {
    fn from(a: BlessArgs) -> Self {
        Self {
            problem: a.problem,
            from: match a.from {
                BlessFrom::Brute => judge_workflows::bless::BlessFrom::Brute,
                BlessFrom::Solution => judge_workflows::bless::BlessFrom::Solution,
            },
            force: a.force,
            cases: a.cases,
            brute_time_limit: a.brute_time_limit,
            jobs: a.jobs.threads(),
        }
    }
}

impl From<LintArgs> for judge_workflows::lint::LintOptions {
    fn from(a: LintArgs) -> Self {
        Self {
            problems: a.problems,
        }
    }
}

impl From<AddArgs> for judge_workflows::add::AddOptions {
    fn from(a: AddArgs) -> Self {
        Self {
            problem: a.problem,
            input: a.input,
            output: a.output,
            name: a.name,
        }
    }
}

impl From<WatchArgs> for judge_workflows::watch::WatchOptions {
    fn from(a: WatchArgs) -> Self {
        Self {
            problem: a.problem,
            judge_args: a.judge_args,
        }
    }
}

impl From<ListenArgs> for judge_workflows::listen::ListenOptions {
    fn from(a: ListenArgs) -> Self {
        Self {
            port: a.port,
            once: a.once,
        }
    }
}

impl From<NewArgs> for judge_workflows::scaffold::NewOptions {
    fn from(a: NewArgs) -> Self {
        Self {
            name: a.name,
            title: a.title,
            source: a.source,
            time_limit: a.time_limit,
            interactive: a.interactive,
            game: a.game,
            memory_limit: a.memory_limit,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory as _;

    #[test]
    fn the_names_no_problem_may_take_are_the_subcommands_clap_knows() {
        let mut known: Vec<String> = Cli::command()
            .get_subcommands()
            .flat_map(|s| {
                std::iter::once(s.get_name().to_string())
                    .chain(s.get_all_aliases().map(String::from))
            })
            .chain(["help".to_string()])
            .collect();
        known.sort();
        let mut reserved: Vec<String> = judge_workflows::scaffold::SUBCOMMANDS
            .iter()
            .map(|s| s.to_string())
            .collect();
        reserved.sort();
        assert_eq!(reserved, known);
    }

    #[test]
    fn new_writes_the_models_default_time_limit_unless_told_another() {
        let Some(Cmd::New(args)) = Cli::try_parse_from(["judge", "new", "p"]).unwrap().command
        else {
            panic!("`new` parses as New");
        };
        assert_eq!(args.time_limit, judge_model::problem::DEFAULT_TIME_LIMIT);
    }
}
