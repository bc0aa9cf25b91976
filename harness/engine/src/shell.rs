//! Command lines as a user or a package writes them: `judge run --cmd`,
//! `--interactor`, `--checker-command`, problem.toml's `checker_command` and
//! `interactor`, a package's built interactor. How such a line is split into
//! words, quoted, started (directly, through `sh` with `exec`, or as written),
//! which program it runs and which files it names (what an isolated run of it may
//! see) is decided here, once, in [`ShellCommand`]. Running what it starts is
//! `run`'s; what a checker's or an interactor's exit means is `check`'s and
//! `interact`'s. A leaf: it imports no other module of the engine. How the shell
//! reads a line into words is [`words`]'.

pub mod words;

use judge_sandbox::{Access, RunSpec};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Words the shell itself acts on at the start of a command (POSIX's reserved
/// words, special built-ins and the built-ins that only work inside the shell,
/// XCU 2.4, 2.14, 1.7): no program of that name can be `exec`ed or started.
const SHELL_WORDS: [&str; 41] = [
    "!", "{", "}", "case", "do", "done", "elif", "else", "esac", "fi", "for", "if", "in", "then",
    "until", "while", "break", ":", ".", "continue", "eval", "exec", "exit", "export", "readonly",
    "return", "set", "shift", "times", "trap", "unset", "cd", "alias", "command", "getopts",
    "hash", "read", "type", "ulimit", "umask", "wait",
];

/// The flags after which a word naming a folder is a Java class path.
const CLASS_PATH: [&str; 3] = ["-cp", "-classpath", "--class-path"];

/// A shell command line, e.g. `python3 check.py` or `./gen 5 | ./sol`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellCommand {
    line: String,
}

impl ShellCommand {
    /// The command line `line`, as written.
    pub fn new(line: &str) -> ShellCommand {
        ShellCommand {
            line: line.to_string(),
        }
    }

    /// The line that runs `words` (a program and its arguments) as they are,
    /// each quoted when the shell would otherwise split or expand it.
    pub fn from_words<W: AsRef<OsStr>>(words: &[W]) -> ShellCommand {
        let words: Vec<String> = words
            .iter()
            .map(|w| quote(&w.as_ref().to_string_lossy()))
            .collect();
        ShellCommand {
            line: words.join(" "),
        }
    }

    /// The line as written (how it is shown in messages).
    pub fn line(&self) -> &str {
        &self.line
    }

    /// The line's words as the shell reads them (quotes removed); none when a
    /// quote is never closed.
    fn words(&self) -> Vec<words::Word> {
        words::split(&self.line).unwrap_or_default()
    }

    /// The first word as written (quotes kept): the program, for a simple
    /// command.
    fn program(&self) -> Option<&str> {
        let first = self.words().into_iter().next()?;
        Some(&self.line[first.span])
    }

    /// Whether the line has no words at all.
    pub fn is_empty(&self) -> bool {
        self.program().is_none()
    }

    /// Whether the line is more than one simple command (`;`, `&&`, a pipe, a
    /// redirection, a subshell, an expansion), outside quotes: such a line runs
    /// under the shell as written.
    pub fn is_compound(&self) -> bool {
        words::is_compound(&self.line)
    }

    /// The program the first word names, quotes removed, when the shell has
    /// nothing else to do to it first (no expansion, no assignment). The checks
    /// that a program exists and is executable look at this word only.
    pub fn literal_program(&self) -> Option<String> {
        let first = self.words().into_iter().next()?;
        let written = &self.line[first.span];
        first.text.filter(|_| !written.contains(['=', '{']))
    }

    /// Whether the line is one simple command starting a program: not compound,
    /// not starting with an assignment (`RUST_BACKTRACE=1 ./sol`) or a word the
    /// shell acts on itself (`exit 2`, `cd x`), which `exec` would take for the
    /// program's name.
    fn starts_a_program(&self) -> bool {
        !self.is_compound()
            && self
                .program()
                .is_some_and(|p| !p.contains('=') && !SHELL_WORDS.contains(&p))
    }

    /// Plain words only (no quoting, expansion or assignment for a shell to do):
    /// the program can be started without a shell.
    fn is_plain(&self) -> bool {
        self.starts_a_program()
            && self.line.chars().all(|c| {
                c.is_ascii_alphanumeric()
                    || c.is_ascii_whitespace() && c != '\n'
                    || "/._+,:@%=-".contains(c)
            })
    }

    /// What `sh -c` runs: a simple command behind `exec`, so the program
    /// replaces the shell and its exit status, signal, CPU time and memory are
    /// its own; any other line as written. The caller's arguments follow as
    /// `"$@"`, quoted whatever they contain (nothing when there are none),
    /// except after a line that ends a compound command or a list (`... fi`,
    /// `done`, `esac`, `}`, `)`, a trailing `;` or `&`), where a word would be a
    /// syntax error or a command of its own: such a line gets them as its
    /// positional parameters (`if cmp -s "$2" "$3"; then ...; fi`).
    fn script(&self) -> String {
        let exec = if self.starts_a_program() { "exec " } else { "" };
        if self.ends_a_compound() {
            return self.line.clone();
        }
        format!("{exec}{} \"$@\"", self.line)
    }

    /// Whether the line ends with a word or character after which an appended
    /// word does not become an argument (XCU 2.9.4, compound commands; 2.9.3,
    /// lists).
    fn ends_a_compound(&self) -> bool {
        let line = self.line.trim_end();
        // Such a line always holds a `;`, a newline or a parenthesis: a simple
        // command ending in the word `done` (`./say done`) keeps its arguments.
        self.is_compound()
            && (line.ends_with([')', ';', '&'])
                || line
                    .rsplit(|c: char| c.is_whitespace() || c == ';')
                    .next()
                    .is_some_and(|last| ["fi", "done", "esac", "}"].contains(&last)))
    }

    /// The command that runs the line on its own (a solution's `--cmd`): plain
    /// words directly, without a shell, so not even a shell's pages count in its
    /// peak memory; one simple command through `sh -c` (with `exec` when it
    /// starts a program); a compound line through `sh -c` as written. Arguments
    /// the caller appends to it (a package case's `args`) reach the program of a
    /// simple command as its own, or through `"$@"` (see
    /// [`ShellCommand::command_with_args`]); a compound line gets them as its
    /// positional parameters (`$1`, `"$@"`) and says itself where they go: a
    /// word appended after its `fi`, `done` or `)` would be a syntax error, and
    /// which program of `./gen | ./sol` takes them is not the judge's to guess.
    pub fn command(&self) -> RunSpec {
        if self.is_plain() {
            let mut words = self.line.split_whitespace();
            let mut c = RunSpec::new(words.next().unwrap_or_default());
            c.args(words);
            c
        } else if self.is_compound() {
            let mut c = RunSpec::new("sh");
            c.arg("-c").arg(&self.line).arg("sh");
            c
        } else {
            self.command_with_args("sh")
        }
    }

    /// The command that runs the line with arguments the caller appends (a
    /// checker's `INPUT OUTPUT ANSWER`, an interactor's `INPUT ANSWER
    /// FEEDBACK_DIR`): `sh -c 'LINE "$@"' NAME ARGS...`, with `exec` when the line
    /// is one simple command; `name` is `$0`, what the shell's own messages say.
    pub fn command_with_args(&self, name: &str) -> RunSpec {
        let mut c = RunSpec::new("sh");
        c.arg("-c").arg(self.script()).arg(name);
        // The shell looks the program up; isolated, it must find the one it
        // finds outside (a pyenv shim's Python, not the system's further down
        // PATH), with what that program needs.
        let program = self.literal_program().filter(|p| {
            self.starts_a_program() && (!p.contains('/') || Path::new(p).is_absolute())
        });
        if let Some(program) = program {
            c.share_program(&program);
        }
        c
    }

    /// The program `command` (made by [`ShellCommand::command`] or
    /// [`ShellCommand::command_with_args`], or any other) starts: its own program,
    /// or for the form `sh -c "exec PROG ..."` PROG, unquoted. `None` for a line
    /// the shell runs as written.
    pub fn program_of(command: &Command) -> Option<String> {
        let program = command.get_program();
        if program != "sh" {
            return Some(program.to_str()?.to_string());
        }
        let script = command.get_args().nth(1)?.to_str()?.strip_prefix("exec ")?;
        words::split(script)?.into_iter().next()?.text
    }

    /// The line with each word that names an existing path relative to `base`
    /// made absolute (quoted as the shell needs), for a run in a fresh empty
    /// folder: `run --cmd "python3 sol.py" DIR` finds `sol.py` where the user
    /// typed it, `python3 'my sol.py'` too. Words the shell expands (`$`, globs,
    /// `~`), assignments, braces and a leading `-` are left to the shell; so is
    /// an absolute path.
    pub fn absolutized(&self, base: &Path) -> ShellCommand {
        let mut line = self.line.clone();
        // From the last word back, so the spans of those before stay put.
        for word in self.words().into_iter().rev() {
            let written = &self.line[word.span.clone()];
            let Some(text) = word.text.filter(|t| {
                !t.is_empty() && !t.starts_with(['-', '/']) && !written.contains(['=', '{', '}'])
            }) else {
                continue;
            };
            let path = base.join(text);
            if path.exists() {
                line.replace_range(word.span, &quote(&path.to_string_lossy()));
            }
        }
        ShellCommand { line }
    }

    /// The files the line names (`python3 check.py`), and a folder only as a
    /// Java class path (a folder may hold anything), relative paths taken from
    /// `base`, never test data: what an isolated run of the line may see.
    pub fn named_files(&self, base: &Path) -> Vec<PathBuf> {
        let mut files = Vec::new();
        let mut class_path = false;
        // The words as the shell passes them (`'/a b/x.py'` is `/a b/x.py`);
        // one it expands names nothing known before it runs.
        for text in self.words().into_iter().map(|w| w.text) {
            let Some(text) = text.filter(|t| !t.is_empty()) else {
                class_path = false;
                continue;
            };
            let path = base.join(&text);
            let seen = (path.is_file() || class_path && path.is_dir()) && !is_test_data(&path);
            if seen && !files.contains(&path) {
                files.push(path);
            }
            class_path = CLASS_PATH.contains(&text.as_str());
        }
        files
    }

    /// Lets an isolated run of `command` see the files the line names (see
    /// [`ShellCommand::named_files`]), read-only.
    pub fn share_named_files(&self, command: &mut RunSpec, base: &Path) {
        for path in self.named_files(base) {
            command.share(&path, Access::Code);
        }
    }

    /// The command maker for a solution given as this line (`judge run --cmd`):
    /// every case runs in a fresh empty folder, so the line's relative paths are
    /// made absolute from the current folder first, and the files it names are
    /// the ones an isolated run sees of the caller's.
    pub fn solution(&self) -> impl Fn() -> RunSpec + Send + Sync + use<> {
        let (line, shared) = match std::env::current_dir() {
            Ok(here) => {
                let line = self.absolutized(&here);
                let shared = line.named_files(&here);
                (line, shared)
            }
            Err(_) => (self.clone(), Vec::new()),
        };
        move || {
            let mut c = line.command();
            for path in &shared {
                c.share(path, Access::Code);
            }
            c
        }
    }
}

/// `word` as one shell word: as it is when the shell would leave it alone, else
/// single-quoted.
pub fn quote(word: &str) -> String {
    let safe = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+,:@%".contains(c));
    if safe {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Whether a path named on a command line is test data (a case's input or
/// answer, or a folder holding some), which an isolated solution never gets to
/// read, even when named.
pub fn is_test_data(path: &Path) -> bool {
    let data = |p: &Path| {
        p.extension()
            .is_some_and(|e| ["in", "out", "ans", "interaction"].iter().any(|x| e == *x))
    };
    data(path)
        || path.is_dir()
            && std::fs::read_dir(path).is_ok_and(|mut entries| {
                entries.any(|e| e.is_ok_and(|e| data(&e.path()) || e.file_name() == "problem.toml"))
            })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(c: &Command) -> Vec<String> {
        std::iter::once(c.get_program())
            .chain(c.get_args())
            .map(|a| a.to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn how_a_line_is_started() {
        let rows: &[(&str, &[&str])] = &[
            ("python3 sol.py", &["python3", "sol.py"]),
            ("./sol  -v", &["./sol", "-v"]),
            (
                "./sol 'a b'",
                &["sh", "-c", "exec ./sol 'a b' \"$@\"", "sh"],
            ),
            ("./gen | ./sol", &["sh", "-c", "./gen | ./sol", "sh"]),
            (
                "read x; if [ $x = 1 ]; then ./a; fi",
                &["sh", "-c", "read x; if [ $x = 1 ]; then ./a; fi", "sh"],
            ),
            ("X=1 ./sol", &["sh", "-c", "X=1 ./sol \"$@\"", "sh"]),
            ("exit 3", &["sh", "-c", "exit 3 \"$@\"", "sh"]),
        ];
        for (line, want) in rows {
            assert_eq!(args(&ShellCommand::new(line).command()), *want, "{line}");
        }
    }

    #[test]
    fn how_a_line_with_arguments_is_started() {
        let rows: &[(&str, &[&str])] = &[
            (
                "python3 chk.py",
                &["sh", "-c", "exec python3 chk.py \"$@\"", "checker"],
            ),
            (
                "cd x && ./chk",
                &["sh", "-c", "cd x && ./chk \"$@\"", "checker"],
            ),
            ("X=1 ./chk", &["sh", "-c", "X=1 ./chk \"$@\"", "checker"]),
            ("exit 2 #", &["sh", "-c", "exit 2 # \"$@\"", "checker"]),
            (
                "if cmp -s \"$2\" \"$3\"; then exit 0; else exit 1; fi",
                &[
                    "sh",
                    "-c",
                    "if cmp -s \"$2\" \"$3\"; then exit 0; else exit 1; fi",
                    "checker",
                ],
            ),
            (
                "for f; do test -f \"$f\"; done",
                &["sh", "-c", "for f; do test -f \"$f\"; done", "checker"],
            ),
            ("{ ./chk; }", &["sh", "-c", "{ ./chk; }", "checker"]),
            ("(./chk \"$@\")", &["sh", "-c", "(./chk \"$@\")", "checker"]),
            ("./chk &", &["sh", "-c", "./chk &", "checker"]),
            (
                "./say done",
                &["sh", "-c", "exec ./say done \"$@\"", "checker"],
            ),
        ];
        for (line, want) in rows {
            let c = ShellCommand::new(line).command_with_args("checker");
            assert_eq!(args(&c), *want, "{line}");
        }
    }

    #[test]
    fn a_line_ending_a_compound_command_gets_its_arguments_as_parameters() {
        // With "$@" appended after its `fi` the line was a syntax error (exit 2)
        // whatever the files said.
        let line = "if test \"$1\" = \"$2\"; then exit 0; else exit 1; fi";
        for (a, b, code) in [("x", "x", 0), ("x", "y", 1)] {
            let mut c = ShellCommand::new(line).command_with_args("checker");
            c.args([a, b]);
            assert_eq!(c.status().unwrap().code(), Some(code), "{a} {b}");
        }
    }

    #[test]
    fn a_line_starting_with_an_assignment_runs() {
        // `exec X=1 false` would be "X=1: not found" (127) for every case.
        let mut c = ShellCommand::new("X=1 false").command();
        assert_eq!(c.status().unwrap().code(), Some(1));
        let mut c = ShellCommand::new("X=1 test").command_with_args("t");
        c.args(["a", "=", "b"]);
        assert_eq!(c.status().unwrap().code(), Some(1));
    }

    #[test]
    fn arguments_reach_the_program_whatever_they_contain() {
        let mut c = ShellCommand::new("test").command_with_args("t");
        c.args(["a b", "=", "a b"]);
        assert!(c.status().unwrap().success());
    }

    #[test]
    fn arguments_appended_to_a_lines_command_reach_its_program() {
        // `test A = A` succeeds only when both words arrive whole; a compound
        // line passes its positional parameters on itself.
        for line in ["test", "X=1 test", "true && test \"$@\"", "test 'a b'"] {
            let mut c = ShellCommand::new(line).command();
            if line.ends_with('\'') {
                c.args(["=", "a b"]);
            } else {
                c.args(["a b", "=", "a b"]);
            }
            assert!(c.status().unwrap().success(), "{line}");
        }
    }

    #[test]
    fn program_of_reads_back_what_command_started() {
        let rows = [
            ("python3 sol.py", Some("python3")),
            ("'/a/sol' x", Some("/a/sol")),
            ("/bin/sol \"$X\"", None),
            ("./gen | ./sol", None),
        ];
        for (line, want) in rows {
            let c = ShellCommand::new(line).command();
            assert_eq!(ShellCommand::program_of(&c).as_deref(), want, "{line}");
        }
        let c = ShellCommand::new("'/x/chk' 1").command_with_args("checker");
        assert_eq!(ShellCommand::program_of(&c).as_deref(), Some("/x/chk"));
    }

    #[test]
    fn words_are_quoted_only_when_the_shell_would_touch_them() {
        let rows = [
            ("/a/b.py", "/a/b.py"),
            ("a b", "'a b'"),
            ("it's", "'it'\\''s'"),
            ("$X", "'$X'"),
            ("", "''"),
        ];
        for (word, want) in rows {
            assert_eq!(quote(word), want, "{word}");
        }
        let line = ShellCommand::from_words(&["/x/run", "a b"]);
        assert_eq!(line.line(), "/x/run 'a b'");
    }

    #[test]
    fn relative_words_naming_files_are_made_absolute() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("sol.py"), "").unwrap();
        std::fs::write(dir.path().join("1.in"), "").unwrap();
        std::fs::write(dir.path().join("my sol.py"), "").unwrap();
        let line = ShellCommand::new("python3 sol.py -v 'my sol.py' 1.in missing.py \"$X\"");
        let abs = line.absolutized(dir.path());
        let named = abs.named_files(dir.path());
        let sol = dir.path().join("sol.py");
        let spaced = dir.path().join("my sol.py");
        let input = dir.path().join("1.in");
        assert_eq!(
            abs.line(),
            format!(
                "python3 {} -v '{}' {} missing.py \"$X\"",
                sol.display(),
                spaced.display(),
                input.display()
            )
        );
        assert_eq!(named, vec![sol, spaced]);
    }
}
