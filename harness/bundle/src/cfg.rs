//! `#[cfg(...)]` predicates of an inlined crate, decided where the bundler
//! knows the answer: its features (cargo's resolve says which are on), `test`,
//! `doc` and `doctest` (never, in a submission). Anything else (`unix`,
//! `target_pointer_width = "64"`, `debug_assertions`) is the judge's compiler's
//! to decide and stays in the bundle.
//!
//! Predicate grammar: the Rust Reference, "Conditional compilation"
//! (`all(...)`, `any(...)`, `not(...)`, `name`, `name = "value"`).

use std::collections::BTreeSet;

use super::lex::{Kind, Token};

/// What the bundler knows about a predicate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known {
    /// Holds.
    Yes,
    /// Does not hold.
    No,
    /// The judge's compiler decides.
    Unknown,
}

impl Known {
    fn not(self) -> Known {
        match self {
            Known::Yes => Known::No,
            Known::No => Known::Yes,
            Known::Unknown => Known::Unknown,
        }
    }
}

/// Evaluates the predicate in `t` (the tokens between `cfg(` and its `)`).
pub fn eval(t: &[Token], features: &BTreeSet<String>) -> Known {
    let (known, _) = predicate(t, 0, features);
    known
}

/// The predicate starting at `i`, and the index just past it.
fn predicate(t: &[Token], i: usize, features: &BTreeSet<String>) -> (Known, usize) {
    let Some(first) = t.get(i) else {
        return (Known::Unknown, i);
    };
    let word = first.text;
    let call = t.get(i + 1).is_some_and(|x| x.is("("));
    if call && matches!(word, "all" | "any" | "not") {
        let mut parts = Vec::new();
        let mut j = i + 2;
        while j < t.len() && !t[j].is(")") {
            let (k, next) = predicate(t, j, features);
            parts.push(k);
            if next <= j {
                break;
            }
            j = next;
            if t.get(j).is_some_and(|x| x.is(",")) {
                j += 1;
            }
        }
        let known = match word {
            "all" if parts.contains(&Known::No) => Known::No,
            "all" if parts.iter().all(|k| *k == Known::Yes) => Known::Yes,
            "any" if parts.contains(&Known::Yes) => Known::Yes,
            "any" if parts.iter().all(|k| *k == Known::No) => Known::No,
            "not" => parts.first().map_or(Known::Unknown, |k| k.not()),
            _ => Known::Unknown,
        };
        return (known, j + 1);
    }
    if call {
        // Some other call-like predicate: skip it whole.
        let mut depth = 0;
        let mut j = i + 1;
        while j < t.len() {
            if t[j].is("(") {
                depth += 1;
            } else if t[j].is(")") {
                depth -= 1;
                if depth == 0 {
                    return (Known::Unknown, j + 1);
                }
            }
            j += 1;
        }
        return (Known::Unknown, j);
    }
    let valued = t.get(i + 1).is_some_and(|x| x.is("="));
    if valued {
        let value = t.get(i + 2).map_or("", |x| x.text.trim_matches('"'));
        let known = if word == "feature" {
            if features.contains(value) {
                Known::Yes
            } else {
                Known::No
            }
        } else {
            Known::Unknown
        };
        return (known, i + 3);
    }
    let known = match word {
        "test" | "doc" | "doctest" | "miri" => Known::No,
        _ => Known::Unknown,
    };
    (known, i + 1)
}

/// Edits `(start, end, replacement)` that make every predicate the bundler knows
/// explicit inside `t` (a cfg predicate): `feature = "x"` becomes `all()` (on)
/// or `any()` (off), and `test`, `doc`, `doctest`, `miri` become `any()`. The
/// bundle is compiled without features or `--test`, so a kept
/// `feature = "x"` would always be off there.
pub fn settle(t: &[Token], features: &BTreeSet<String>) -> Vec<(usize, usize, String)> {
    let mut edits = Vec::new();
    let mut i = 0;
    while i < t.len() {
        let tok = &t[i];
        let prev_sep = i == 0 || t[i - 1].is("(") || t[i - 1].is(",");
        if tok.kind == Kind::Ident && prev_sep {
            let valued = t.get(i + 1).is_some_and(|x| x.is("="));
            if valued && tok.text == "feature" {
                let value = t.get(i + 2).map_or("", |x| x.text.trim_matches('"'));
                let with = if features.contains(value) {
                    "all()"
                } else {
                    "any()"
                };
                let end = t.get(i + 2).map_or(tok.end, |x| x.end);
                edits.push((tok.start, end, with.to_string()));
                i += 3;
                continue;
            }
            let bare = t.get(i + 1).is_none_or(|x| x.is(",") || x.is(")"));
            if bare && matches!(tok.text, "test" | "doc" | "doctest" | "miri") {
                edits.push((tok.start, tok.end, "any()".to_string()));
            }
        }
        i += 1;
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lex;

    #[track_caller]
    fn check(predicate: &str, expected: Known) {
        let features = BTreeSet::from(["derive".to_string(), "std".to_string()]);
        let lexed = lex::lex(predicate).unwrap();
        assert_eq!(eval(&lexed.tokens, &features), expected, "{predicate}");
    }

    #[test]
    fn predicates_decided_by_features_and_test() {
        for (p, k) in [
            ("test", Known::No),
            ("doc", Known::No),
            ("feature = \"derive\"", Known::Yes),
            ("feature = \"nightly\"", Known::No),
            ("not(test)", Known::Yes),
            ("unix", Known::Unknown),
            ("target_pointer_width = \"64\"", Known::Unknown),
            ("all(feature = \"std\", not(test))", Known::Yes),
            ("all(feature = \"std\", unix)", Known::Unknown),
            ("all(unix, test)", Known::No),
            ("any(test, feature = \"x\")", Known::No),
            ("any(unix, feature = \"std\")", Known::Yes),
            ("any(unix, test)", Known::Unknown),
            ("not(any(test, doc))", Known::Yes),
            ("all()", Known::Yes),
            ("any()", Known::No),
        ] {
            check(p, k);
        }
    }

    #[test]
    fn settling_makes_known_predicates_explicit() {
        let features = BTreeSet::from(["std".to_string()]);
        let src = "all(unix, feature = \"std\", not(feature = \"x\"), not(test))";
        let lexed = lex::lex(src).unwrap();
        let mut out = src.to_string();
        for (a, b, with) in settle(&lexed.tokens, &features).into_iter().rev() {
            out.replace_range(a..b, &with);
        }
        assert_eq!(out, "all(unix, all(), not(any()), not(any()))");
    }
}
