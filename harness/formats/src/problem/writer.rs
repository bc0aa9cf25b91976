//! Writing `problem.toml`: the one place the judge spells its keys for writing
//! and quotes its strings, beside the reader ([`super::SettingsExt`]) that reads
//! them back. `cargo judge import` and `--checker` write through [`ProblemToml`];
//! the `new` templates keep their comments for the user and take their quoted
//! values from [`toml_string`] and [`source_table`].

use std::fmt::Write as _;
use std::time::Duration;

use judge_model::limits::{COMPILATION, Limits, VALIDATION};
use judge_model::problem::Origin;

/// A value with the comment written above it, for the person reading the file
/// (each line of `note` becomes a `# ` line; an empty note writes none).
#[derive(Debug, Clone, PartialEq)]
pub struct Noted<T> {
    /// The comment, one `# ` line per line of it.
    pub note: String,
    /// The value itself.
    pub value: T,
}

impl<T> Noted<T> {
    /// `value` with no comment above it.
    pub fn plain(value: T) -> Noted<T> {
        Noted {
            note: String::new(),
            value,
        }
    }

    /// `value` with `note` above it.
    pub fn new(note: impl Into<String>, value: T) -> Noted<T> {
        Noted {
            note: note.into(),
            value,
        }
    }
}

/// The checker keys of a problem.toml (docs/problem-toml.md, "Checkers"), as
/// the file names things: paths relative to the testdata folder, not programs.
#[derive(Debug, Clone, PartialEq)]
pub enum CheckerKeys {
    /// `checker = "exact"`.
    Exact,
    /// `checker = "tokens"`, and `case_sensitive = false` when letters' case
    /// does not count (nothing written when it does: the reader's default).
    Tokens {
        /// Letters must match in case.
        case_sensitive: bool,
    },
    /// `checker = "float"` with `float_abs` and `float_rel` (each left out when
    /// none, for the reader's default).
    Float {
        /// `float_abs`.
        abs: Option<f64>,
        /// `float_rel`.
        rel: Option<f64>,
    },
    /// `checker = "kattis"`: the package's own `kattis_validator` (none for the
    /// default validator) with its `kattis_flags` (none written when empty),
    /// the format whose rules the default validator follows, and the limits of
    /// each of its runs and builds.
    Kattis {
        /// `kattis_validator`.
        validator: Option<String>,
        /// `kattis_flags`, joined by spaces.
        flags: Vec<String>,
        /// `kattis_format` (`2023-07`, `2025-09`: numbers in their decimal
        /// grammar), none for the reader's default, legacy.
        format: Option<String>,
        /// `checker_time_limit`, `checker_memory_limit` and
        /// `checker_output_limit`, each written only where it differs from the
        /// reader's default ([`VALIDATION`]).
        limits: Limits,
        /// `checker_build_time_limit` and `checker_build_memory_limit`, each
        /// written only where it differs from the reader's default
        /// ([`COMPILATION`]).
        compilation: Limits,
    },
    /// `checker = "testlib"` with its `checker_source`.
    Testlib {
        /// `checker_source`.
        source: String,
    },
}

/// A problem.toml to write, its keys written in one fixed order: the title and
/// limits, the interactor, the checker (after the interactor, as a testlib
/// checker judges what the interactor wrote), the validator, then the
/// `[source]` table (a table comes after the top-level keys).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProblemToml {
    /// The comment at the top: what wrote the file, from what.
    pub header: String,
    /// `title`.
    pub title: Option<String>,
    /// `time_limit`, CPU time per case (written in seconds).
    pub time_limit: Option<Noted<Duration>>,
    /// `memory_limit`, MiB.
    pub memory_limit: Option<u64>,
    /// `output_limit`, MiB.
    pub output_limit: Option<u64>,
    /// `type = "interactive"` with `interactor = "testlib"` and this
    /// `interactor_source`.
    pub testlib_interactor: Option<Noted<String>>,
    /// The checker keys.
    pub checker: Option<Noted<CheckerKeys>>,
    /// `validator_source`, the testlib validator `lint` runs.
    pub validator_source: Option<Noted<String>>,
    /// The `[source]` table.
    pub source: Option<Origin>,
}

impl ProblemToml {
    /// The file's text.
    pub fn render(&self) -> String {
        let mut out = String::new();
        comment(&mut out, &self.header);
        if let Some(title) = &self.title {
            let _ = writeln!(out, "title = {}", toml_string(title));
        }
        if let Some(t) = &self.time_limit {
            comment(&mut out, &t.note);
            // `{:?}` keeps a decimal point: TOML reads `2` as an integer.
            let _ = writeln!(out, "time_limit = {:?}", t.value.as_secs_f64());
        }
        if let Some(m) = self.memory_limit {
            let _ = writeln!(out, "memory_limit = {m}");
        }
        if let Some(o) = self.output_limit {
            let _ = writeln!(out, "output_limit = {o}");
        }
        if let Some(i) = &self.testlib_interactor {
            comment(&mut out, &i.note);
            let _ = writeln!(
                out,
                "type = \"interactive\"\ninteractor = \"testlib\"\ninteractor_source = {}",
                toml_string(&i.value)
            );
        }
        if let Some(c) = &self.checker {
            comment(&mut out, &c.note);
            checker_lines(&mut out, &c.value);
        }
        if let Some(v) = &self.validator_source {
            comment(&mut out, &v.note);
            let _ = writeln!(out, "validator_source = {}", toml_string(&v.value));
        }
        if let Some(origin) = &self.source {
            out.push('\n');
            out.push_str(&source_table(origin));
        }
        out
    }
}

/// `note` as `# ` lines.
fn comment(out: &mut String, note: &str) {
    for line in note.lines() {
        let _ = writeln!(out, "# {line}");
    }
}

fn checker_lines(out: &mut String, checker: &CheckerKeys) {
    let name = match checker {
        CheckerKeys::Exact => "exact",
        CheckerKeys::Tokens { .. } => "tokens",
        CheckerKeys::Float { .. } => "float",
        CheckerKeys::Kattis { .. } => "kattis",
        CheckerKeys::Testlib { .. } => "testlib",
    };
    let _ = writeln!(out, "checker = \"{name}\"");
    match checker {
        CheckerKeys::Exact
        | CheckerKeys::Tokens {
            case_sensitive: true,
        } => {}
        CheckerKeys::Tokens {
            case_sensitive: false,
        } => out.push_str("case_sensitive = false\n"),
        // `{:?}` keeps a decimal point, and every digit the value has.
        CheckerKeys::Float { abs, rel } => {
            if let Some(abs) = abs {
                let _ = writeln!(out, "float_abs = {abs:?}");
            }
            if let Some(rel) = rel {
                let _ = writeln!(out, "float_rel = {rel:?}");
            }
        }
        CheckerKeys::Kattis {
            validator,
            flags,
            format,
            limits,
            compilation,
        } => {
            if let Some(v) = validator {
                let _ = writeln!(out, "kattis_validator = {}", toml_string(v));
            }
            if !flags.is_empty() {
                let _ = writeln!(out, "kattis_flags = {}", toml_string(&flags.join(" ")));
            }
            if let Some(f) = format {
                let _ = writeln!(out, "kattis_format = {}", toml_string(f));
            }
            if limits.time != VALIDATION.time {
                let _ = writeln!(out, "checker_time_limit = {:?}", limits.time.as_secs_f64());
            }
            if limits.memory != VALIDATION.memory {
                let _ = writeln!(out, "checker_memory_limit = {}", limits.memory >> 20);
            }
            if limits.output != VALIDATION.output {
                let _ = writeln!(out, "checker_output_limit = {}", limits.output >> 20);
            }
            if compilation.time != COMPILATION.time {
                let t = compilation.time.as_secs_f64();
                let _ = writeln!(out, "checker_build_time_limit = {t:?}");
            }
            if compilation.memory != COMPILATION.memory {
                let m = compilation.memory >> 20;
                let _ = writeln!(out, "checker_build_memory_limit = {m}");
            }
        }
        CheckerKeys::Testlib { source } => {
            let _ = writeln!(out, "checker_source = {}", toml_string(source));
        }
    }
}

/// The `[source]` table for `origin`, each line ending in a newline.
pub fn source_table(origin: &Origin) -> String {
    let mut t = format!(
        "[source]\njudge = {}\nid = {}\n",
        toml_string(&origin.judge),
        toml_string(&origin.id)
    );
    if let Some(url) = &origin.url {
        let _ = writeln!(t, "url = {}", toml_string(url));
    }
    t
}

/// `s` as a TOML string, written the way the `toml` crate's serializer chose before
/// (written here so the judge does not build that serializer only for this): plain
/// `"..."` when nothing needs escaping, a literal `'...'` when only `"` or `\\` would,
/// else `"..."` with `"`, `\\` and control characters escaped (TOML 1.0, "Basic
/// strings"). A string with both quote kinds gets the escaped form, where the crate
/// wrote a multi-line `"""` string: the same value either way.
pub fn toml_string(s: &str) -> String {
    let control = s.chars().any(|c| (c < ' ' && c != '\t') || c == '\u{7f}');
    if !control && !s.contains(['"', '\\']) {
        return format!("\"{s}\"");
    }
    if !control && !s.contains('\'') {
        return format!("'{s}'");
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if c < ' ' || c == '\u{7f}' => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::SettingsExt as _;
    use judge_model::problem::{Checker, Settings};
    use std::path::Path;
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn toml_string_reads_back_as_the_same_text() {
        for s in [
            "",
            "plain",
            "a \"quoted\" title",
            "back\\slash and 'single'",
            "tab\tnew\nline\r\u{8}\u{c}\u{0}\u{1f}\u{7f}",
            "Stan & Ollie — é ✓",
        ] {
            let text = format!("v = {}", toml_string(s));
            let table: toml::Table =
                toml::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(table["v"].as_str(), Some(s), "{text}");
        }
    }

    #[test]
    fn toml_string_quotes_as_the_toml_serializer_did() {
        assert_eq!(toml_string("Take One"), r#""Take One""#);
        assert_eq!(
            toml_string(r#"Take "One" or Two"#),
            r#"'Take "One" or Two'"#
        );
        assert_eq!(toml_string(r"a\b"), r"'a\b'");
        assert_eq!(toml_string("it's \"x\""), r#""it's \"x\"""#);
        assert_eq!(toml_string("tab\there"), "\"tab\there\"");
        assert_eq!(toml_string("a\nb"), r#""a\nb""#);
    }

    #[test]
    fn keys_are_written_in_order_with_their_notes_above_them() {
        let toml = ProblemToml {
            header: "Written by a test.".into(),
            title: Some("T".into()),
            time_limit: Some(Noted::new(
                "time limit: problem.yaml",
                Duration::from_secs(2),
            )),
            memory_limit: Some(256),
            output_limit: Some(8),
            testlib_interactor: Some(Noted::new("two\nlines", "interactor.cpp".into())),
            checker: Some(Noted::plain(CheckerKeys::Testlib {
                source: "check.cpp".into(),
            })),
            validator_source: Some(Noted::plain("validator.cpp".into())),
            source: Some(Origin {
                judge: "POJ".into(),
                id: "2348".into(),
                url: None,
            }),
        };
        assert_eq!(
            toml.render(),
            "# Written by a test.\ntitle = \"T\"\n# time limit: problem.yaml\n\
             time_limit = 2.0\nmemory_limit = 256\noutput_limit = 8\n# two\n# lines\n\
             type = \"interactive\"\ninteractor = \"testlib\"\n\
             interactor_source = \"interactor.cpp\"\nchecker = \"testlib\"\n\
             checker_source = \"check.cpp\"\nvalidator_source = \"validator.cpp\"\n\
             \n[source]\njudge = \"POJ\"\nid = \"2348\"\n"
        );
    }

    /// A Kattis validator's limits are not part of the checker's equality, so
    /// the round trip of each is checked on its own: every limit the writer is
    /// given, the reader reads back, and a default one is not written.
    #[test]
    fn a_kattis_validators_limits_are_read_back_as_written() {
        let secs = Duration::from_secs_f64;
        for limits in [
            VALIDATION,
            Limits {
                time: secs(1.5),
                memory: 300 << 20,
                output: 2 << 20,
            },
            Limits {
                time: secs(7.0),
                ..VALIDATION
            },
        ] {
            let text = ProblemToml {
                checker: Some(Noted::plain(CheckerKeys::Kattis {
                    validator: None,
                    flags: Vec::new(),
                    format: None,
                    limits,
                    compilation: COMPILATION,
                })),
                ..ProblemToml::default()
            }
            .render();
            let Checker::Kattis(k) = Settings::parse(&text, Path::new("/p")).unwrap().checker
            else {
                panic!("{text}")
            };
            assert_eq!(k.limits, limits, "{text}");
            assert_eq!(
                text.matches("checker_").count(),
                [
                    limits.time != VALIDATION.time,
                    limits.memory != VALIDATION.memory,
                    limits.output != VALIDATION.output
                ]
                .iter()
                .filter(|d| **d)
                .count(),
                "{text}"
            );
        }
    }

    #[test]
    fn a_kattis_validators_format_and_build_limits_are_read_back_as_written() {
        for (format, compilation) in [
            (None, COMPILATION),
            (
                Some("2025-09"),
                Limits {
                    time: Duration::from_secs_f64(2.5),
                    memory: 512 << 20,
                    ..COMPILATION
                },
            ),
            (Some("2023-07"), COMPILATION),
        ] {
            let text = ProblemToml {
                checker: Some(Noted::plain(CheckerKeys::Kattis {
                    validator: None,
                    flags: vec!["float_tolerance".into(), "0.1".into()],
                    format: format.map(String::from),
                    limits: VALIDATION,
                    compilation,
                })),
                ..ProblemToml::default()
            }
            .render();
            let Checker::Kattis(k) = Settings::parse(&text, Path::new("/p")).unwrap().checker
            else {
                panic!("{text}")
            };
            assert_eq!(k.compilation, compilation, "{text}");
            assert_eq!(
                k.default_flags().unwrap().decimal,
                format.is_some(),
                "{text}"
            );
        }
    }

    /// What the writer writes, the reader reads back: each row is the file to
    /// write and the settings expected from it, stated without the writer.
    #[test]
    fn the_reader_reads_back_what_the_writer_writes() {
        let default = Settings::default;
        let kattis = |flags: &[&str]| {
            let flags = flags.iter().map(|f| f.to_string()).collect();
            let k = judge_model::kattis::Kattis::new(Vec::new(), flags, Vec::new(), Vec::new());
            Checker::Kattis(Arc::new(k.unwrap()))
        };
        let titled = |title: &str| ProblemToml {
            title: Some(title.into()),
            ..ProblemToml::default()
        };
        let rows: Vec<(ProblemToml, Settings)> = vec![
            (ProblemToml::default(), default()),
            (
                titled("Take One"),
                Settings {
                    title: Some("Take One".into()),
                    ..default()
                },
            ),
            (
                titled(r#"Take "One" or Two"#),
                Settings {
                    title: Some(r#"Take "One" or Two"#.into()),
                    ..default()
                },
            ),
            (
                titled(r"a\b 'c'"),
                Settings {
                    title: Some(r"a\b 'c'".into()),
                    ..default()
                },
            ),
            (
                titled("it's \"x\"\\\nnext\tline"),
                Settings {
                    title: Some("it's \"x\"\\\nnext\tline".into()),
                    ..default()
                },
            ),
            (
                ProblemToml {
                    header: "from a test\nsecond line".into(),
                    time_limit: Some(Noted::new("time limit: here", Duration::from_millis(1500))),
                    memory_limit: Some(64),
                    output_limit: Some(16),
                    checker: Some(Noted::plain(CheckerKeys::Float {
                        abs: Some(1e-6),
                        rel: Some(0.0),
                    })),
                    ..ProblemToml::default()
                },
                Settings {
                    limits: judge_model::limits::Limits {
                        time: Duration::from_millis(1500),
                        memory: 64 << 20,
                        output: 16 << 20,
                    },
                    checker: Checker::Float {
                        abs: 1e-6,
                        rel: 0.0,
                    },
                    ..default()
                },
            ),
            (
                ProblemToml {
                    checker: Some(Noted::plain(CheckerKeys::Float {
                        abs: None,
                        rel: None,
                    })),
                    ..ProblemToml::default()
                },
                // docs/problem-toml.md: float_abs and float_rel default to 1e-6.
                Settings {
                    checker: Checker::Float {
                        abs: 1e-6,
                        rel: 1e-6,
                    },
                    ..default()
                },
            ),
            (
                ProblemToml {
                    time_limit: Some(Noted::plain(Duration::from_secs(2))),
                    checker: Some(Noted::plain(CheckerKeys::Tokens {
                        case_sensitive: true,
                    })),
                    ..ProblemToml::default()
                },
                Settings {
                    limits: judge_model::limits::Limits {
                        time: Duration::from_secs(2),
                        ..default().limits
                    },
                    checker: Checker::Tokens {
                        case_sensitive: true,
                    },
                    ..default()
                },
            ),
            (
                ProblemToml {
                    checker: Some(Noted::plain(CheckerKeys::Tokens {
                        case_sensitive: false,
                    })),
                    ..ProblemToml::default()
                },
                Settings {
                    checker: Checker::Tokens {
                        case_sensitive: false,
                    },
                    ..default()
                },
            ),
            (
                ProblemToml {
                    checker: Some(Noted::new(
                        "Kattis' default",
                        CheckerKeys::Kattis {
                            validator: None,
                            flags: vec![
                                "case_sensitive".into(),
                                "float_tolerance".into(),
                                "1e-6".into(),
                            ],
                            format: None,
                            limits: VALIDATION,
                            compilation: COMPILATION,
                        },
                    )),
                    ..ProblemToml::default()
                },
                Settings {
                    checker: kattis(&["case_sensitive", "float_tolerance", "1e-6"]),
                    ..default()
                },
            ),
            (
                ProblemToml {
                    checker: Some(Noted::plain(CheckerKeys::Exact)),
                    source: Some(Origin {
                        judge: "Open \"Kattis\"".into(),
                        id: r"a\b".into(),
                        url: Some("https://open.kattis.com/problems/hello".into()),
                    }),
                    ..ProblemToml::default()
                },
                Settings {
                    source: Some(Origin {
                        judge: "Open \"Kattis\"".into(),
                        id: r"a\b".into(),
                        url: Some("https://open.kattis.com/problems/hello".into()),
                    }),
                    ..default()
                },
            ),
        ];
        for (toml, expected) in rows {
            let text = toml.render();
            let read =
                Settings::parse(&text, Path::new("/p")).unwrap_or_else(|e| panic!("{text}\n{e:#}"));
            assert_eq!(read, expected, "{text}");
        }
    }
}
