//! The command line of a generator: `--seed S [--lines N] [--max V] [--n N]`, the
//! options `cargo judge stress` and `bench` pass to every `NAME-gen` (`--lines`,
//! `--max`), and `cargo judge scale` (`--n`, the input's size).
//!
//! # Accepts, errors, complexity
//!
//! `--key value` pairs in any order, each value a non-negative decimal integer;
//! `--seed` is required, `--lines` and `--max` default to what the generator says,
//! `--n` is `None` unless given.
//! Anything else (an unknown option, a missing value, a value that is not a number)
//! is an error naming it: [`GenArgs::from_env`] prints `error: ...` and exits with
//! status 2, the status for "could not run". `O(arguments)`.
//!
//! # Example
//!
//! ```
//! use contest::args::GenArgs;
//!
//! let words = ["--max", "50", "--seed", "3"].map(String::from);
//! let args = GenArgs::parse(words, 10, 1_000_000).unwrap();
//! assert_eq!((args.seed, args.lines, args.max), (3, 10, 50));
//! let bad = GenArgs::parse(["--seed", "x"].map(String::from), 10, 10);
//! assert_eq!(bad.unwrap_err(), "option --seed: expected a non-negative integer, found \"x\"");
//! ```

/// A generator's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenArgs {
    /// `--seed S`: the same seed gives the same input.
    pub seed: u64,
    /// `--lines N`: how many query lines (or cases) to write.
    pub lines: u64,
    /// `--max V`: the largest value to write.
    pub max: u64,
    /// `--n N`: the input's size (how many numbers, vertices, ...), which
    /// `cargo judge scale` grows; `None` when not given.
    pub n: Option<u64>,
}

impl GenArgs {
    /// Parses `args` (without the program name), with these defaults for `--lines`
    /// and `--max`; `Err` is the one-line message.
    pub fn parse(
        args: impl IntoIterator<Item = String>,
        lines: u64,
        max: u64,
    ) -> Result<GenArgs, String> {
        let mut seed = None;
        let mut opts = GenArgs {
            seed: 0,
            lines,
            max,
            n: None,
        };
        let mut args = args.into_iter();
        while let Some(key) = args.next() {
            let value = args
                .next()
                .ok_or_else(|| format!("option {key} needs a value"))?;
            let number = value.parse::<u64>().map_err(|_| {
                format!("option {key}: expected a non-negative integer, found \"{value}\"")
            });
            match key.as_str() {
                "--seed" => seed = Some(number?),
                "--lines" => opts.lines = number?,
                "--max" => opts.max = number?,
                "--n" => opts.n = Some(number?),
                _ => {
                    return Err(format!(
                        "unknown option \"{key}\" (expected --seed, --lines, --max, --n)"
                    ))
                }
            }
        }
        opts.seed = seed.ok_or("option --seed is required")?;
        Ok(opts)
    }

    /// The process's own arguments, parsed as [`GenArgs::parse`] does; on an error
    /// prints `error: ...` and exits with status 2.
    pub fn from_env(lines: u64, max: u64) -> GenArgs {
        match GenArgs::parse(std::env::args().skip(1), lines, max) {
            Ok(args) => args,
            Err(msg) => fail(&msg),
        }
    }
}

/// Prints `error: {msg}` and exits with status 2 (a generator's "could not run").
pub fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    std::process::exit(2);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> Result<GenArgs, String> {
        GenArgs::parse(words.iter().map(|w| w.to_string()), 10, 99)
    }

    #[test]
    fn defaults_apply_and_every_option_is_read() {
        assert_eq!(
            parse(&["--seed", "1"]),
            Ok(GenArgs {
                seed: 1,
                lines: 10,
                max: 99,
                n: None
            })
        );
        assert_eq!(
            parse(&[
                "--lines",
                "2",
                "--seed",
                "18446744073709551615",
                "--max",
                "0",
                "--n",
                "1000000"
            ]),
            Ok(GenArgs {
                seed: u64::MAX,
                lines: 2,
                max: 0,
                n: Some(1_000_000)
            })
        );
    }

    #[test]
    fn errors_name_the_option() {
        assert_eq!(parse(&[]), Err("option --seed is required".into()));
        assert_eq!(
            parse(&["--seed"]),
            Err("option --seed needs a value".into())
        );
        assert_eq!(
            parse(&["--seed", "1", "--k", "3"]),
            Err("unknown option \"--k\" (expected --seed, --lines, --max, --n)".into())
        );
        assert_eq!(
            parse(&["--seed", "-1"]),
            Err("option --seed: expected a non-negative integer, found \"-1\"".into())
        );
    }
}
