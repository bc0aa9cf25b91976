//! How a rejection reads: the one-line header of a diff (where and why the checker
//! rejected, with both tokens), and a solution's characters drawn visibly so an
//! output can never repaint the user's terminal. Pure functions of the model's
//! data (and the comparison crate's tokens it holds); the diff and a reason
//! quote a header, and `listen` draws a request's text with [`visible_text`].

use std::fmt::Write as _;

use judge_compare::Rejection;
use judge_compare::{Token, Why};

/// Appends `c` drawn visibly: control characters as their Unicode pictures, a tab
/// as `→`, a CR as `␍`; with `blank`, a space as `·`.
pub fn visible(out: &mut String, c: char, blank: bool) {
    match c {
        ' ' if blank => out.push('·'),
        '\t' => out.push('→'),
        '\r' => out.push('␍'),
        // C0 controls have pictures at U+2400 + code: ␀ ␇ ␛ ...
        c if (c as u32) < 0x20 => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('?')),
        '\u{7f}' => out.push('␡'),
        // C1 controls and the bidirectional overrides can also move the cursor or
        // reorder what follows: drawn as escapes.
        c if matches!(c as u32, 0x80..=0x9f | 0x202a..=0x202e | 0x2066..=0x2069) => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
        c => out.push(c),
    }
}

/// `text` with every character [`visible`] (a line break too, as `␊`): a text
/// from outside (a request, a file name) printed on one line of the terminal can
/// never move its cursor, clear it or write its clipboard.
pub fn visible_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        visible(&mut out, c, false);
    }
    out
}

/// A token or whitespace for the header, quoted and drawn visibly.
fn quoted(t: &Token) -> String {
    let mut s = String::from("\"");
    for c in t.text.chars() {
        visible(&mut s, c, false);
    }
    s.push('"');
    s
}

/// Whitespace in words: `2 spaces`, `1 tab`, `a line break`, `no space`.
fn blank_words(text: &str) -> String {
    if text == "\n" {
        return "a line break".into();
    }
    let spaces = text.chars().filter(|&c| c == ' ').count();
    let tabs = text.chars().filter(|&c| c == '\t').count();
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match (spaces, tabs) {
        (0, 0) => "no space".into(),
        (s, 0) => count(s, "space", "spaces"),
        (0, t) => count(t, "tab", "tabs"),
        (s, t) => format!(
            "{} and {}",
            count(s, "space", "spaces"),
            count(t, "tab", "tabs")
        ),
    }
}

/// A small number in three significant digits, without trailing zeros: `6.7e-5`.
fn short(x: f64) -> String {
    let s = format!("{x:.2e}");
    match s.split_once('e') {
        Some((mantissa, exp)) if mantissa.contains('.') => {
            format!(
                "{}e{exp}",
                mantissa.trim_end_matches('0').trim_end_matches('.')
            )
        }
        _ => s,
    }
}

/// The tolerance the hint below measures with: the float checker's default
/// (`float_abs` and `float_rel`, docs/problem-toml.md).
const FLOAT_TOLERANCE: f64 = 1e-6;

/// A hint when an exact comparison rejected two decimals that a float checker
/// would accept: the problem most likely allows an error and problem.toml does
/// not say so yet (Competitive Companion sends no tolerance). Only where one side
/// is written as a decimal: two integers are decided exactly, however close.
fn float_hint(expected: &str, actual: &str) -> &'static str {
    let decimal = |t: &str| t.contains(['.', 'e', 'E']);
    let number = |t: &str| t.parse::<f64>().ok().filter(|x| x.is_finite());
    let (Some(e), Some(a)) = (number(expected), number(actual)) else {
        return "";
    };
    let close = (e - a).abs() <= FLOAT_TOLERANCE.max(FLOAT_TOLERANCE * e.abs());
    if close && (decimal(expected) || decimal(actual)) {
        " (equal within 1e-6: if the statement accepts an error, say checker = \"float\" in problem.toml)"
    } else {
        ""
    }
}

/// A hint when a case-sensitive comparison rejected two words that differ only in
/// their letters' case (`YES` and `yes`): many statements accept any case
/// ("you may print each letter in any case"), and problem.toml says so with
/// `case_sensitive = false`. Not for a token cut short in the rejection: its
/// rest may differ.
fn case_hint(expected: &str, actual: &str) -> &'static str {
    let whole = |t: &str| t.chars().count() <= judge_compare::MAX_TOKEN;
    if expected != actual
        && expected.eq_ignore_ascii_case(actual)
        && whole(expected)
        && whole(actual)
    {
        " (equal but for case: if the statement accepts any case, say checker = \"tokens\" and \
         case_sensitive = false in problem.toml)"
    } else {
        ""
    }
}

/// The first line of a diff: where and why the checker rejected.
pub fn header(r: &Rejection) -> String {
    let place = |t: &Token| format!("line {}, column {}", t.line, t.column);
    let (Some(e), Some(a)) = (&r.expected, &r.actual) else {
        return match &r.why {
            Why::Program { message } if !message.is_empty() => {
                format!("the checker said: {}", message.replace('\n', "\n  "))
            }
            _ => "the checker rejected the output (it printed nothing)".into(),
        };
    };
    let at = if (e.line, e.column) == (a.line, a.column) {
        place(e)
    } else {
        format!(
            "expected line {}, column {}; actual line {}, column {}",
            e.line, e.column, a.line, a.column
        )
    };
    match &r.why {
        Why::Token => format!(
            "{at}: expected {}, found {}{}",
            quoted(e),
            quoted(a),
            match float_hint(&e.text, &a.text) {
                "" => case_hint(&e.text, &a.text),
                hint => hint,
            }
        ),
        Why::Float { error, tolerance } => format!(
            "{at}: expected {}, found {}: error {} > tolerance {}",
            quoted(e),
            quoted(a),
            short(*error),
            short(*tolerance)
        ),
        Why::Missing => format!("{at}: expected {}, found the end of the output", quoted(e)),
        // Nothing at all expected: most likely a .out not written yet (`new` makes
        // an empty one), not an output that should be empty; say which it is.
        Why::Extra if (e.line, e.column) == (1, 1) => format!(
            "{at}: expected nothing (the expected output is empty: is its .out written?), found {}",
            quoted(a)
        ),
        Why::Extra => format!("{at}: expected the end of the output, found {}", quoted(a)),
        Why::Whitespace => format!(
            "{at}: same tokens, different whitespace: expected {}, found {} (the checker is exact)",
            blank_words(&e.text),
            blank_words(&a.text)
        ),
        Why::Program { message } => format!("{at}: the checker said: {message}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_decimals_equal_within_1e_minus_6_get_a_hint_to_use_the_float_checker() {
        let hint = "say checker = \"float\"";
        for (expected, actual, hinted) in [
            ("3.141592653589793", "3.141592664", true),
            ("19.634954084936208", "19.634954095", true),
            ("0.5", "0.5000001", true),
            ("1e9", "1000000000.5", true),
            ("3.14159", "3.15", false),
            ("0.5", "abc", false),
            ("NaN", "NaN", false),
            // Integers are decided exactly, however close.
            ("1000000000000", "1000000000001", false),
            ("2", "3", false),
        ] {
            let r = words_differ(expected, actual);
            assert_eq!(
                header(&r).contains(hint),
                hinted,
                "{expected} vs {actual}: {}",
                header(&r)
            );
        }
    }

    /// A rejection of `actual` where `expected` was, both at line 1, column 1.
    fn words_differ(expected: &str, actual: &str) -> Rejection {
        let token = |text: &str| Token {
            line: 1,
            column: 1,
            text: text.into(),
        };
        Rejection {
            why: Why::Token,
            expected: Some(token(expected)),
            actual: Some(token(actual)),
        }
    }

    #[test]
    fn two_words_equal_but_for_case_get_a_hint_to_say_case_sensitive_false() {
        let hint = "(equal but for case: if the statement accepts any case, say checker = \"tokens\" and case_sensitive = false in problem.toml)";
        let long = "y".repeat(judge_compare::MAX_TOKEN);
        let cut = |t: &str| format!("{t}…");
        for (expected, actual, hinted) in [
            ("YES", "yes", true),
            ("Alice", "ALICE", true),
            ("Possible", "possible", true),
            ("YES", "NO", false),
            ("yes", "yes.", false),
            ("é", "É", false),
            (long.as_str(), long.to_uppercase().as_str(), true),
            // Cut tokens: only their first characters are known.
            (
                cut(&long).as_str(),
                cut(&long.to_uppercase()).as_str(),
                false,
            ),
            // A number written with another exponent mark is the float hint's.
            ("1e5", "1E5", false),
        ] {
            let r = words_differ(expected, actual);
            assert_eq!(
                header(&r).contains(hint),
                hinted,
                "{expected} vs {actual}: {}",
                header(&r)
            );
        }
    }

    #[test]
    fn a_text_s_control_characters_are_drawn_never_sent() {
        for (text, want) in [
            ("Div. 2 (Rated)", "Div. 2 (Rated)"),
            ("\x1b]52;c;aGk=\x07", "␛]52;c;aGk=␇"),
            ("\x1b[2J", "␛[2J"),
            ("a\nb\r", "a␊b␍"),
            ("\u{9b}2J", "\\u{9b}2J"),
            ("\u{202e}txt.exe", "\\u{202e}txt.exe"),
            ("naïve", "naïve"),
        ] {
            assert_eq!(visible_text(text), want, "{text:?}");
        }
    }
}
