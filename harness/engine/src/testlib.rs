//! testlib programs: checkers, interactors and validators written with
//! Mike Mirzayanov's `testlib.h`, the library Polygon (and most Codeforces-style
//! problems) use. A checker kind and an interactor kind of the one engine, the way
//! [`judge_model::kattis::Kattis`] is for Kattis validators.
//!
//! Owns building a program once (g++, cached by the content of the source and
//! the header, through [`crate::package::program`]; `judge_formats::testlib`
//! reads it, with the `testlib.h` it is built against),
//! the calling conventions and reading a verdict from the exit status. testlib.h's
//! header comment gives the conventions:
//!
//! - checker: `check <Input_File> <Output_File> <Answer_File> [<Result_File> [-appes]]`;
//! - interactor: `interactor <Input_File> <Output_File> [<Answer_File> ...]`, reading
//!   the solution's output on stdin and writing to it on stdout, its own output
//!   (`tout`) going to `<Output_File>` for a checker to judge afterwards;
//! - validator: `validator < input`, a non-zero exit and a message when it rejects.
//!
//! The judge passes no result file: testlib then writes its verdict line to stderr
//! (`ok ...`, `wrong answer ...`, `wrong output format ...`, `FAIL ...`,
//! `points P ...`, `partially correct (N) ...`), which is shown with the verdict,
//! while the verdict itself comes from the exit status ([`outcome`]).

use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::package::program;
use crate::package::program::Built;
use crate::run;
use judge_compare::{Rejection, Why};
use judge_model::outcome::Outcome;
use judge_model::testlib::{Failed, Failure};
use judge_sandbox::{Exit, RunSpec};

/// testlib.h's default exit codes (`OK_EXIT_CODE` ... `UNEXPECTED_EOF_EXIT_CODE`,
/// without the EJUDGE/CONTESTER/TESTSYS variants): `_ok` 0, `_wa` 1, `_pe` 2,
/// `_fail` 3, `_dirt` 4 (reported as a presentation error), `_points` 7 and
/// `_unexpected_eof` 8 (only with `-DENABLE_UNEXPECTED_EOF`, else it exits as `_pe`).
pub mod exit {
    /// `_ok`: accepted.
    pub const OK: i32 = 0;
    /// `_wa`: wrong answer.
    pub const WA: i32 = 1;
    /// `_pe`: presentation error ("wrong output format").
    pub const PE: i32 = 2;
    /// `_fail`: the checker itself failed (a bad answer file, a bug): the judge's
    /// fault, never the contestant's.
    pub const FAIL: i32 = 3;
    /// `_dirt`: extra data after the output (testlib says "wrong output format").
    pub const DIRT: i32 = 4;
    /// `_points`: `quitp(points, ...)`, a score.
    pub const POINTS: i32 = 7;
    /// `_unexpected_eof`: the output ended early.
    pub const UNEXPECTED_EOF: i32 = 8;
    /// `_partially` = 16: `_pc(n)` is the TResult 16 + n. testlib exits with
    /// `PC_BASE_EXIT_CODE + n` for it (`resultExitCode`; the base is 0 unless
    /// TESTSYS, where it is 50), so the stderr line decides ([`super::outcome`]);
    /// 16 + n is read as partial too, for builds whose base is 16.
    pub const PARTIALLY: i32 = 16;
}

use judge_model::testlib::Program;

/// What the engine does with a testlib program: build it, run it (the spec is the model's [`Program`]).
pub trait ProgramExt: Sized {
    /// Builds the program (or finds it in the build cache); the error is the
    /// compiler's.
    fn build(&self) -> Result<Built>;

    /// Runs the checker on one case: `check INPUT OUTPUT ANSWER`, with `output` and
    /// `answer` written to files first. `Ok(Err)` is the checker's own failure as
    /// its exit says (FAIL, a crash: [`outcome`]), an error that it could not run
    /// or hung: either way the judge's failure, so the case is ERR, never the
    /// contestant's verdict.
    fn check(&self, built: &Built, input: &Path, output: &[u8], answer: &[u8]) -> Result<Said>;

    /// [`ProgramExt::check`] on files already written (an interactor's output).
    fn check_files(
        &self,
        built: &Built,
        input: &Path,
        output: &Path,
        answer: &Path,
    ) -> Result<Said>;

    /// Runs a validator on `input` (stdin): `None` when it accepts (exit 0), else
    /// its message; `built` is this program, built. An error when it cannot run.
    fn validate(&self, built: &Built, input: &Path, args: &[String]) -> Result<Option<String>>;
}

impl ProgramExt for Program {
    fn build(&self) -> Result<Built> {
        program::build(&self.source, std::slice::from_ref(&self.header_dir), 1024).map_err(|e| {
            anyhow::anyhow!(
                "cannot build the testlib {} {}: {e:#}",
                self.role.name(),
                self.source.path.display()
            )
        })
    }

    fn check(&self, built: &Built, input: &Path, output: &[u8], answer: &[u8]) -> Result<Said> {
        let scratch = tempfile::tempdir().context("cannot create a folder for the checker")?;
        let out_path = scratch.path().join("output");
        let ans_path = scratch.path().join("answer");
        std::fs::write(&out_path, output).context("cannot write the output for the checker")?;
        std::fs::write(&ans_path, answer).context("cannot write the answer for the checker")?;
        self.check_files(built, input, &out_path, &ans_path)
    }

    fn check_files(
        &self,
        built: &Built,
        input: &Path,
        output: &Path,
        answer: &Path,
    ) -> Result<Said> {
        let mut command = built.command();
        // Absolute: the checker runs in a folder of its own, where (isolated) it
        // sees the three files it is given and nothing else of the judge's.
        for path in [input, output, answer] {
            let path = std::path::absolute(path)?;
            command.share(&path, judge_sandbox::Access::Read);
            command.arg(path);
        }
        let ran = run::run_with_wall(
            command,
            Path::new("/dev/null"),
            &limits(self),
            self.time_limit,
        )
        .with_context(|| format!("cannot run {}", self.describe()))?;
        if ran.wall_exceeded || ran.cpu > self.time_limit {
            bail!(
                "{} did not finish within {:.1} s; killed",
                self.describe(),
                self.time_limit.as_secs_f64()
            );
        }
        Ok(outcome(ran.exit, &ran.stderr_tail))
    }

    fn validate(&self, built: &Built, input: &Path, args: &[String]) -> Result<Option<String>> {
        let mut command = built.command();
        command.args(args);
        let ran = run::run(command, input, &limits(self))
            .with_context(|| format!("cannot run {}", self.describe()))?;
        if ran.exit == Exit::Code(0) {
            return Ok(None);
        }
        let how = ran.exit.to_string();
        let said = message(&ran.stderr_tail);
        let said = if said.is_empty() {
            message(&ran.stdout)
        } else {
            said
        };
        Ok(Some(if said.is_empty() {
            format!("rejected ({how})")
        } else {
            format!("rejected ({how}): {said}")
        }))
    }
}

/// The limits of a testlib program's runs.
fn limits(program: &Program) -> judge_model::limits::Limits {
    judge_model::limits::Limits {
        time: program.time_limit,
        // Trusted to be finite, not small: it reads whole outputs (a JVM's
        // address space is not capped: `jvm`).
        memory: 4 << 30,
        output: 16 << 20,
    }
}

/// The command that starts the interactor under the relay, which appends
/// `INPUT ANSWER FEEDBACK_DIR` (the Kattis order): `sh` puts them in testlib's
/// order, `interactor INPUT FEEDBACK_DIR/tout ANSWER`, and `exec`s it, so the
/// measured process is the interactor itself; `built` is this program, built.
pub fn interactor_command(built: &Built) -> RunSpec {
    let mut c = RunSpec::new("sh");
    c.arg("-c")
        .arg(format!("exec \"$0\" \"$1\" \"$3/{TOUT}\" \"$2\""))
        .arg(&built.argv[0]);
    c.share(Path::new(&built.argv[0]), judge_sandbox::Access::Code);
    c
}

/// The interactor's output file (`tout`) in the relay's feedback folder.
pub const TOUT: &str = "tout";

/// What a testlib checker or interactor said by its exit: a verdict, or its own
/// failure (`Err`, the judge's fault: [`outcome`]).
pub type Said = std::result::Result<Outcome, Failed>;

/// The last non-empty lines a testlib program wrote (its verdict line and what
/// came before it), at most five.
pub fn message(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(5)..].join("\n")
}

/// The verdict of a testlib checker or interactor from its exit status and its
/// stderr (for the message, and to tell `_pc(n)`, whose exit code is not its
/// own, from the rest). `Err` is the program's own failure, which becomes a
/// judge error: exit 3 (`FAIL`), a signal, or a status testlib never uses.
pub fn outcome(exit: Exit, stderr: &[u8]) -> Said {
    let said = message(stderr);
    let reject = |message: String| Rejection {
        why: Why::Program { message },
        expected: None,
        actual: None,
    };
    let last = said.lines().last().unwrap_or("").trim_start();
    if last.starts_with("partially correct") {
        return Ok(Outcome::Wrong(reject(said)));
    }
    let failed = |failure| {
        Err(Failed {
            failure,
            said: said.clone(),
        })
    };
    let code = match exit {
        Exit::Code(c) => c,
        Exit::Signal(s) => return failed(Failure::Crashed(judge_sandbox::signal_name(s))),
    };
    match code {
        exit::OK => Ok(Outcome::Accepted),
        exit::WA | exit::UNEXPECTED_EOF => Ok(Outcome::Wrong(reject(said))),
        exit::PE | exit::DIRT => Ok(Outcome::Presentation(reject(said))),
        exit::FAIL => failed(Failure::Fail),
        // A pass/fail judge: any points accept, none reject (`points 0 ...`).
        exit::POINTS => match points(last) {
            Some(p) if p > 0.0 => Ok(Outcome::Accepted),
            Some(_) => Ok(Outcome::Wrong(reject(said))),
            None => failed(Failure::NoPoints),
        },
        c if (exit::PARTIALLY..=exit::PARTIALLY + 200).contains(&c) => {
            Ok(Outcome::Wrong(reject(said)))
        }
        c => failed(Failure::Exit(c)),
    }
}

/// The P of testlib's `points P message` line.
fn points(line: &str) -> Option<f64> {
    let rest = line.strip_prefix("points ")?;
    let word = rest.split_whitespace().next()?;
    word.parse::<f64>().ok().filter(|p| p.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    enum Kind {
        Ac,
        Wa,
        Pe,
        Fail,
    }

    #[track_caller]
    fn kind(exit: Exit, stderr: &str) -> Kind {
        match outcome(exit, stderr.as_bytes()) {
            Ok(Outcome::Accepted) => Kind::Ac,
            Ok(Outcome::Wrong(_)) => Kind::Wa,
            Ok(Outcome::Presentation(_)) => Kind::Pe,
            Err(_) => Kind::Fail,
        }
    }

    #[test]
    fn exit_codes_map_to_testlibs_verdicts() {
        use Kind::*;
        for (exit, stderr, want) in [
            (Exit::Code(0), "ok 3 numbers\n", Ac),
            (Exit::Code(1), "wrong answer 1st numbers differ\n", Wa),
            (
                Exit::Code(2),
                "wrong output format Unexpected end of file\n",
                Pe,
            ),
            (Exit::Code(3), "FAIL answer file is broken\n", Fail),
            (Exit::Code(4), "wrong output format Extra information\n", Pe),
            (Exit::Code(8), "unexpected eof\n", Wa),
            (Exit::Code(7), "points 0.5 half of it\n", Ac),
            (Exit::Code(7), "points 0 nothing\n", Wa),
            (Exit::Code(7), "no points line\n", Fail),
            (Exit::Code(16 + 40), "", Wa),
            // _pc(n) exits PC_BASE_EXIT_CODE + n = n: the stderr line decides.
            (Exit::Code(0), "partially correct (0) nothing right\n", Wa),
            (Exit::Code(1), "partially correct (1) \n", Wa),
            (Exit::Code(5), "", Fail),
            (Exit::Code(255), "", Fail),
            (Exit::Signal(libc::SIGSEGV), "", Fail),
        ] {
            assert_eq!(kind(exit, stderr), want, "{exit:?} {stderr:?}");
        }
    }

    #[test]
    fn the_checkers_message_is_kept_with_the_verdict() {
        let Ok(Outcome::Wrong(r)) = outcome(
            Exit::Code(1),
            b"wrong answer 1st numbers differ - expected: '1.5', found: '1.7'\n",
        ) else {
            panic!()
        };
        assert_eq!(
            r.why,
            Why::Program {
                message: "wrong answer 1st numbers differ - expected: '1.5', found: '1.7'".into()
            }
        );
        let err = outcome(Exit::Code(3), b"FAIL bad answer\n").unwrap_err();
        assert_eq!(
            err,
            Failed {
                failure: Failure::Fail,
                said: "FAIL bad answer".into()
            }
        );
    }
}
