//! The program around a solution: standard input through a [`Scanner`], answers
//! through one buffered writer, and on bad input the answers already written, then
//! one line `error: line L: ...` on stderr and exit status 1.
//!
//! # What it does
//!
//! [`run`] calls `solve(scanner, output)` once. Whatever `solve` returns, the
//! output is flushed first, so the answers to the valid lines before a bad one
//! reach stdout before the error reaches stderr. On `Err(e)` it prints
//! `error: {e}` and exits with status 1; on `Ok` it returns (exit status 0).
//! [`run_with`] is the same over any reader and writer, returning the error
//! instead of exiting: for tests.
//!
//! # Errors
//!
//! Those of `solve`, then a failure to flush (a closed stdout): [`Error::Io`].
//!
//! # Complexity
//!
//! One 64 KiB input buffer and one 64 KiB output buffer, whatever the sizes.
//!
//! # Example
//!
//! ```
//! use std::io::Write;
//! use contest::run::run_with;
//!
//! let mut out = Vec::new();
//! let result = run_with(&b"1\n2\nx\n"[..], &mut out, |sc, out| {
//!     while let Some(line) = sc.line::<1>()? {
//!         let [n] = line.values;
//!         writeln!(out, "{}", 2 * n)?;
//!     }
//!     Ok(())
//! });
//! assert_eq!(out, b"2\n4\n");
//! assert_eq!(result.unwrap_err().to_string(), "line 3: expected a number, found \"x\"");
//! ```
//!
//! A whole solution (`fn main() { run(|sc, out| { ... }) }`) reads the same.

use std::io::{self, BufWriter, Read, StdinLock, StdoutLock, Write};

use super::scan::{Error, Scanner};

/// The scanner [`run`] hands to a solution: standard input.
pub type Input = Scanner<StdinLock<'static>>;

/// The writer [`run`] hands to a solution: standard output, buffered.
pub type Output = BufWriter<StdoutLock<'static>>;

/// The output buffer's size.
const BUFFER: usize = 1 << 16;

/// Runs `solve` on standard input and output; on an error flushes the answers
/// written so far, prints `error: ...` to stderr and exits with status 1.
pub fn run(solve: impl FnOnce(&mut Input, &mut Output) -> Result<(), Error>) {
    if let Err(e) = run_with(io::stdin().lock(), io::stdout().lock(), solve) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

/// [`run`] over any `input` and `output`: the error is returned (after the
/// output is flushed) instead of printed.
pub fn run_with<R: Read, W: Write>(
    input: R,
    output: W,
    solve: impl FnOnce(&mut Scanner<R>, &mut BufWriter<W>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let mut out = BufWriter::with_capacity(BUFFER, output);
    let result = solve(&mut sc, &mut out);
    // Answers to the valid lines before a bad one are flushed before the error.
    let flushed = out.flush().map_err(Error::from);
    result.and(flushed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flushes_the_answers_before_returning_the_error() {
        let mut out = Vec::new();
        let result = run_with(&b"5\n6\n-1\n"[..], &mut out, |sc, out| {
            while let Some(line) = sc.line::<1>()? {
                writeln!(out, "{}", line.values[0] + 1)?;
            }
            Ok(())
        });
        assert_eq!(out, b"6\n7\n");
        assert_eq!(
            result.unwrap_err().to_string(),
            "line 3: expected a non-negative number, found \"-1\""
        );
    }

    #[test]
    fn a_failed_flush_is_an_io_error() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let result = run_with(&b""[..], Closed, |_, out| Ok(out.write_all(b"x")?));
        assert!(matches!(result, Err(Error::Io(_))), "{result:?}");
    }
}
