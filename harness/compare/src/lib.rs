//! The judge's hot path: how the built-in checkers compare an output with the
//! expected one, and the line-level comparisons the diff makes as the checker does.
//!
//! A crate of its own so that it alone is optimised when the rest of the judge is
//! built for a fast first build (the `judge` profile, root `Cargo.toml`): every
//! function here that walks a whole output is a plain (non-generic) function, so
//! it is compiled in this crate, with this crate's opt-level, never instantiated
//! in a caller. It knows nothing of problems, processes or rendering: `check`
//! chooses the rule and `diff` draws the lines, in the harness.

use serde::Serialize;

/// Where and why a checker rejected an output: the first token (or whitespace) it
/// could not accept, on each side. Data only; `diff` words and renders it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rejection {
    /// Why.
    #[serde(flatten)]
    pub why: Why,
    /// The expected side at the rejection (none for an external checker).
    pub expected: Option<Token>,
    /// The output's side at the rejection (none for an external checker).
    pub actual: Option<Token>,
}

/// Why a checker rejected.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Why {
    /// The tokens differ.
    Token,
    /// Both are numbers, further apart than the tolerance allows.
    Float {
        /// `|actual - expected|`.
        error: f64,
        /// What was allowed here: `max(abs, rel * |expected|)`.
        tolerance: f64,
    },
    /// The output ended where the expected one goes on (`actual.text` is empty).
    Missing,
    /// The output goes on after the expected one ended (`expected.text` is empty).
    Extra,
    /// Same tokens, different whitespace (the exact checker): the texts are the
    /// whitespace at the first difference, `\n` for a line end.
    Whitespace,
    /// An external checker program said no.
    Program {
        /// The last lines it printed (testlib checkers say what was wrong).
        message: String,
    },
}

/// One side of a rejection: a token (or whitespace) and where it starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Token {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The token (cut to [`MAX_TOKEN`] characters).
    pub text: String,
}

/// Characters of a token kept in a [`Rejection`]: a 10 MB one-token output must not
/// be copied into every report.
pub const MAX_TOKEN: usize = 200;

/// The exact checker's view of a text, line by line: CRLF read as LF, trailing
/// spaces and tabs dropped from every line, and trailing blank lines (and the final
/// newline) dropped at the end. Everything else, including leading and inner
/// spaces, counts. Borrowed slices, no copy: outputs can be large.
pub fn normalized_lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let end = text
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        .map_or(0, |i| i + 1);
    text[..end].split(|&b| b == b'\n').map(|line| {
        let keep = line
            .iter()
            .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
            .map_or(0, |i| i + 1);
        &line[..keep]
    })
}

/// Whether the exact checker sees the two texts as equal: their
/// [`normalized_lines`] are the same. A function of its own (not the iterators
/// compared by the caller), so it is compiled here, optimised, and not in the
/// caller's crate.
pub fn lines_equal(output: &[u8], expected: &[u8]) -> bool {
    normalized_lines(output).eq(normalized_lines(expected))
}

/// The whitespace-separated tokens of `text`, each with its line and column: the
/// one token reader of the judge's checkers and the Kattis default validator.
pub struct Tokens<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Tokens<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a [u8]) -> Self {
        Tokens {
            text,
            at: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// Where the scan stands now (the end of the text, once exhausted): line and
    /// column.
    pub fn here(&self) -> (usize, usize) {
        (self.line, column(self.text, self.line_start, self.at))
    }

    /// Skips the whitespace before the next token and returns it (the Kattis
    /// validator's `space_change_sensitive` compares it).
    pub fn space(&mut self) -> &'a [u8] {
        let t = self.text;
        let start = self.at;
        while self.at < t.len() && t[self.at].is_ascii_whitespace() {
            if t[self.at] == b'\n' {
                self.line += 1;
                self.line_start = self.at + 1;
            }
            self.at += 1;
        }
        &t[start..self.at]
    }
}

impl<'a> Iterator for Tokens<'a> {
    /// The token, its line and its column.
    type Item = (&'a [u8], usize, usize);

    fn next(&mut self) -> Option<Self::Item> {
        self.space();
        let t = self.text;
        if self.at == t.len() {
            return None;
        }
        let start = self.at;
        while self.at < t.len() && !t[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        let col = column(t, self.line_start, start);
        Some((&t[start..self.at], self.line, col))
    }
}

/// The 1-based column, in characters, of byte `at` on the line starting at `start`.
fn column(text: &[u8], start: usize, at: usize) -> usize {
    // Characters are counted as UTF-8 lead bytes; invalid bytes count one each.
    text[start..at]
        .iter()
        .filter(|&&b| b & 0xc0 != 0x80)
        .count()
        + 1
}

fn token(text: &[u8], line: usize, column: usize) -> Token {
    let text = String::from_utf8_lossy(text);
    let text = if text.chars().count() > MAX_TOKEN {
        text.chars().take(MAX_TOKEN).chain(['…']).collect()
    } else {
        text.into_owned()
    };
    Token { line, column, text }
}

/// Whether two tokens are the same word: byte for byte, or with
/// `case_sensitive = false` ASCII letters' case aside (`yes` is `YES`), as Kattis'
/// default output validator compares words without its `case_sensitive` flag
/// (problemtools' `default_validator.cc`) and testlib checkers of "print YES or NO
/// in any case" problems do (`upperCase` on both). The one rule the tokens
/// checker, the diff and the Kattis default validator share.
pub fn same_token(a: &[u8], b: &[u8], case_sensitive: bool) -> bool {
    if case_sensitive {
        a == b
    } else {
        a.eq_ignore_ascii_case(b)
    }
}

/// The first token the checker does not accept. With `tolerance = Some((abs, rel))`
/// two numbers match if they are within `abs` of each other or within `rel` times
/// the expected value (testlib's `doubleCompare`); other tokens must be the
/// [`same_token`] (their case aside unless `case_sensitive`).
pub fn first_token_difference(
    output: &[u8],
    expected: &[u8],
    tolerance: Option<(f64, f64)>,
    case_sensitive: bool,
) -> Option<Rejection> {
    let mut out = Tokens::new(output);
    let mut exp = Tokens::new(expected);
    loop {
        let (o, e) = (out.next(), exp.next());
        let why = match (o, e) {
            (None, None) => return None,
            (Some((o, ..)), Some((e, ..))) => match tolerance {
                None if same_token(o, e, case_sensitive) => continue,
                None => Why::Token,
                Some((abs, rel)) => match (parse_f64(o), parse_f64(e)) {
                    (Some(o), Some(e)) if e.is_nan() && o.is_nan() => continue,
                    (Some(o), Some(e)) if e.is_infinite() && o == e => continue,
                    (Some(of), Some(ef)) if !ef.is_nan() && !ef.is_infinite() => {
                        let error = (of - ef).abs();
                        let allowed = abs.max(rel * ef.abs());
                        if error <= abs || error <= rel * ef.abs() {
                            continue;
                        }
                        Why::Float {
                            error,
                            tolerance: allowed,
                        }
                    }
                    _ if same_token(o, e, case_sensitive) => continue,
                    _ => Why::Token,
                },
            },
            (None, Some(_)) => Why::Missing,
            (Some(_), None) => Why::Extra,
        };
        let side = |t: Option<(&[u8], usize, usize)>, scan: &Tokens| match t {
            Some((text, line, col)) => token(text, line, col),
            None => {
                let (line, column) = scan.here();
                Token {
                    line,
                    column,
                    text: String::new(),
                }
            }
        };
        return Some(Rejection {
            why,
            expected: Some(side(e, &exp)),
            actual: Some(side(o, &out)),
        });
    }
}

/// A whole token read as a floating-point number, as C's `strtod` takes it
/// (Rust's parser also reads `inf` and `NaN`; they compare only for equality).
pub fn parse_f64(token: &[u8]) -> Option<f64> {
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// Where the exact checker's normalised lines first differ, as a whitespace
/// rejection (called once the tokens are known to be equal).
pub fn first_line_difference(output: &[u8], expected: &[u8]) -> Option<Rejection> {
    let mut out = normalized_lines(output);
    let mut exp = normalized_lines(expected);
    let mut line = 1;
    loop {
        let (o, e) = (out.next(), exp.next());
        if o.is_none() && e.is_none() {
            return None;
        }
        if o == e {
            line += 1;
            continue;
        }
        let (o, e) = (o.unwrap_or(b""), e.unwrap_or(b""));
        let mut at = o.iter().zip(e).take_while(|(a, b)| a == b).count();
        // Point at the start of the whitespace run that differs, not into it.
        while at > 0 && matches!(o[at - 1], b' ' | b'\t') {
            at -= 1;
        }
        let col = column(o, 0, at);
        let blank = |l: &[u8]| {
            let run: Vec<u8> = l[at..]
                .iter()
                .copied()
                .take_while(|b| *b == b' ' || *b == b'\t')
                .collect();
            // The line ends here: its line break is the whitespace that differs.
            if at + run.len() == l.len() && run.is_empty() {
                "\n".to_string()
            } else {
                String::from_utf8_lossy(&run).into_owned()
            }
        };
        return Some(Rejection {
            why: Why::Whitespace,
            expected: Some(Token {
                line,
                column: col,
                text: blank(e),
            }),
            actual: Some(Token {
                line,
                column: col,
                text: blank(o),
            }),
        });
    }
}

/// `line` without its trailing spaces, tabs and CRs (the exact checker's view).
pub fn trim_blank_end(line: &[u8]) -> &[u8] {
    let keep = line
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
        .map_or(0, |i| i + 1);
    &line[..keep]
}

/// The whitespace-separated tokens of one line.
pub fn tokens(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
}

fn number(token: &[u8]) -> Option<f64> {
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// The lines of a text, without their `\n`; and whether the last one had one.
pub fn lines(text: &[u8]) -> (Vec<&[u8]>, bool) {
    if text.is_empty() {
        return (Vec::new(), true);
    }
    let newline = text.ends_with(b"\n");
    let body = if newline {
        &text[..text.len() - 1]
    } else {
        text
    };
    (body.split(|&b| b == b'\n').collect(), newline)
}

/// How a checker compares one line with another, for the diff.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LineRule {
    /// Equal once trailing blanks are dropped (exact, and external checkers).
    Exact,
    /// The same tokens ([`same_token`]).
    Tokens {
        /// Letters must match in case.
        case_sensitive: bool,
    },
    /// The same tokens, numbers within `abs` or `rel` times the expected value.
    Float {
        /// Absolute tolerance.
        abs: f64,
        /// Relative tolerance.
        rel: f64,
    },
}

/// Whether lines `a` and `b` have as many tokens, each pair the same by `word`.
fn same_tokens(a: &[u8], b: &[u8], word: impl Fn(&[u8], &[u8]) -> bool) -> bool {
    let (mut x, mut y) = (tokens(a), tokens(b));
    loop {
        match (x.next(), y.next()) {
            (None, None) => return true,
            (Some(p), Some(q)) if word(p, q) => {}
            _ => return false,
        }
    }
}

impl LineRule {
    /// Whether expected line `a` and actual line `b` are the same under this rule.
    pub fn same(self, a: &[u8], b: &[u8]) -> bool {
        match self {
            LineRule::Exact => trim_blank_end(a) == trim_blank_end(b),
            LineRule::Tokens { case_sensitive } => {
                same_tokens(a, b, |p, q| same_token(p, q, case_sensitive))
            }
            LineRule::Float { abs, rel } => same_tokens(a, b, |p, q| {
                p == q
                    || matches!((number(p), number(q)),
                        (Some(p), Some(q)) if (p - q).abs() <= abs.max(rel * p.abs()))
            }),
        }
    }

    /// The first index at which `exp[i]` and `act[i]` differ, scanning from the
    /// start (`from_end = false`) or from the ends; the count of equal lines
    /// before it. One loop here rather than in the caller, because it runs over
    /// every line of a large output.
    pub fn equal_run(self, exp: &[&[u8]], act: &[&[u8]], from_end: bool) -> usize {
        if from_end {
            exp.iter()
                .rev()
                .zip(act.iter().rev())
                .take_while(|(a, b)| self.same(a, b))
                .count()
        } else {
            exp.iter()
                .zip(act)
                .take_while(|(a, b)| self.same(a, b))
                .count()
        }
    }

    /// The indices `i` at which `exp[i]` and `act[i]` differ (same line
    /// counts), the first `keep` of them, and how many differ in all.
    pub fn differing(self, exp: &[&[u8]], act: &[&[u8]], keep: usize) -> (Vec<usize>, usize) {
        let mut first = Vec::new();
        let mut count = 0;
        for (i, (a, b)) in exp.iter().zip(act).enumerate() {
            if !self.same(a, b) {
                count += 1;
                if first.len() < keep {
                    first.push(i);
                }
            }
        }
        (first, count)
    }
}

/// Where `byte` first occurs in `text`.
pub fn find_byte(text: &[u8], byte: u8) -> Option<usize> {
    text.iter().position(|&b| b == byte)
}

/// How many times `byte` occurs in `text`.
pub fn count_byte(text: &[u8], byte: u8) -> usize {
    text.iter().filter(|&&b| b == byte).count()
}

/// Where the `n`-th `byte` from the end of `text` is (`n = 1`: the last one).
pub fn nth_last_byte(text: &[u8], byte: u8, n: usize) -> Option<usize> {
    let mut left = n;
    text.iter().rposition(|&b| {
        if b == byte {
            left -= 1;
        }
        left == 0
    })
}
