//! Brute force for Wythoff's game: an independent check of the rule in `main.rs`,
//! found by searching the game itself.
//!
//! A table holds the outcome of every position `(a, b)` with both piles below its
//! side, filled in an order where every position reachable by a move is already
//! known: a position is winning exactly when some move (fewer stones in the first
//! pile, fewer in the second, or the same number fewer in both) reaches a losing
//! one. The table grows (at least doubling) when a query needs a larger pile.
//!
//! Same input and output as `main.rs`; a pile above [`MAX_PILE`] is refused with an
//! error, because the table is quadratic in size and the search cubic in time.

use std::io::{self, BufWriter, Read, Write};

/// The largest pile the brute force accepts: the full table then takes about
/// 4 MB and a few seconds in release.
pub const MAX_PILE: u64 = 2000;

/// The searched game: the outcome of every position below `side` in both piles.
#[derive(Default)]
pub struct Brute {
    side: usize,
    /// `win[a * side + b]`: does the player to move win at `(a, b)`?
    win: Vec<bool>,
}

impl Brute {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Does the player to move win with piles of `a` and `b` stones? Looks it up
    /// in the table, growing the table first if needed. Meant for piles up to
    /// [`MAX_PILE`] (larger ones work, but time and memory explode).
    pub fn first_player_wins(&mut self, a: u64, b: u64) -> bool {
        let need = usize::try_from(a.max(b))
            .ok()
            .and_then(|m| m.checked_add(1))
            .expect("pile too large for a table");
        if need > self.side {
            // Doubling keeps rebuilds cheap overall; past MAX_PILE only grow as needed.
            let cap = (MAX_PILE as usize + 1).max(need);
            self.build(need.max(2 * self.side).min(cap));
        }
        // Lossless: both are below `side`, a usize.
        self.win[a as usize * self.side + b as usize]
    }

    /// Recomputes the table for piles `0..side`.
    fn build(&mut self, side: usize) {
        let mut win = vec![false; side * side];
        for a in 0..side {
            for b in 0..side {
                let row = |t: usize| win[t * side + b]; // (t, b), t < a
                let col = |t: usize| win[a * side + t]; // (a, t), t < b
                let diag = |d: usize| win[(a - d) * side + (b - d)]; // 1 <= d <= min
                win[a * side + b] = (0..a).any(|t| !row(t))
                    || (0..b).any(|t| !col(t))
                    || (1..=a.min(b)).any(|d| !diag(d));
            }
        }
        self.side = side;
        self.win = win;
    }
}

/// Reads every `a b` line and writes every answer, until the end of the input.
fn solve(input: impl Read, out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let mut brute = Brute::new();
    while let Some(first) = sc.token()? {
        let a = first.number()?;
        let b = sc.same_line(first.line, "a second number")?.number()?;
        sc.expect_line_end(first.line, "two numbers")?;
        if a.max(b) > MAX_PILE {
            return Err(Error::Input {
                line: first.line,
                msg: format!(
                    "a pile of {} stones is beyond the brute force's limit of {MAX_PILE}",
                    a.max(b)
                ),
            });
        }
        out.write_all(if brute.first_player_wins(a, b) {
            b"1\n"
        } else {
            b"0\n"
        })?;
    }
    Ok(())
}

fn main() {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let result = solve(io::stdin().lock(), &mut out);
    // Answers to the valid lines before a bad one are flushed before the error.
    let flushed = out.flush().map_err(Error::from);
    if let Err(e) = result.and(flushed) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

// ---- input: the same streaming scanner in every solution of this workspace ----

/// Why the input could not be read; `Display` gives `line L: ...`.
#[derive(Debug)]
enum Error {
    Input { line: u64, msg: String },
    Io(io::Error),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Error::Input { line, msg } => write!(f, "line {line}: {msg}"),
            Error::Io(e) => write!(f, "i/o: {e}"),
        }
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

/// A whitespace-separated token: its line and its value if it is a decimal `u64`,
/// else its text (cut short if long) for the error message. Kept small: valid
/// tokens are returned by value millions of times.
struct Token {
    line: u64,
    value: Result<u64, Box<str>>,
}

impl Token {
    /// The token as written, for error messages.
    fn text(&self) -> String {
        match &self.value {
            Ok(v) => v.to_string(),
            Err(text) => text.to_string(),
        }
    }

    /// The token's value, or an error naming its line and text.
    #[inline]
    fn number(&self) -> Result<u64, Error> {
        let text = match &self.value {
            Ok(v) => return Ok(*v),
            Err(text) => text,
        };
        let digits = |s: &str| {
            let s = s.strip_suffix("...").unwrap_or(s);
            !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
        };
        let msg = if digits(text) {
            format!(
                "number \"{text}\" is too large (the largest allowed is {})",
                u64::MAX
            )
        } else if text.strip_prefix('-').is_some_and(digits) {
            format!("expected a non-negative number, found \"{text}\"")
        } else {
            format!("expected a number, found \"{text}\"")
        };
        Err(Error::Input {
            line: self.line,
            msg,
        })
    }

    /// The value, which must be at least 1.
    #[allow(dead_code)] // used by the solutions whose statements require positive numbers
    fn positive(&self) -> Result<u64, Error> {
        match self.number()? {
            0 => Err(Error::Input {
                line: self.line,
                msg: "expected a positive number, found \"0\"".into(),
            }),
            v => Ok(v),
        }
    }
}

/// Streams input through one fixed buffer and parses bytes directly: no per-line
/// allocation and no whole-input read, so memory stays flat for any input size.
struct Scanner<R> {
    src: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    line: u64,
}

/// Tokens longer than this are shown cut short in error messages.
const SHOWN: usize = 24;

/// Bytes that separate tokens on a line (`\n` separates too, and ends the line).
#[inline]
fn is_blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

impl<R: Read> Scanner<R> {
    fn new(src: R) -> Self {
        Scanner {
            src,
            buf: vec![0; 1 << 16].into_boxed_slice(),
            pos: 0,
            len: 0,
            line: 1,
        }
    }

    /// Makes sure an unread byte is in the buffer, refilling it when used up;
    /// `false` at end of input.
    #[inline]
    fn fill(&mut self) -> Result<bool, Error> {
        if self.pos < self.len {
            return Ok(true);
        }
        self.pos = 0;
        self.len = loop {
            match self.src.read(&mut self.buf) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            }
        };
        Ok(self.len > 0)
    }

    /// Skips blanks (counting newlines); with `stop_at_newline`, stops before a `\n`.
    /// Returns the byte it stopped at, `None` at end of input.
    fn skip_blanks(&mut self, stop_at_newline: bool) -> Result<Option<u8>, Error> {
        while self.fill()? {
            while self.pos < self.len {
                let c = self.buf[self.pos];
                if c == b'\n' {
                    if stop_at_newline {
                        return Ok(Some(c));
                    }
                    self.line += 1;
                } else if !is_blank(c) {
                    return Ok(Some(c));
                }
                self.pos += 1;
            }
        }
        Ok(None)
    }

    /// The next token, or `None` at end of input.
    fn token(&mut self) -> Result<Option<Token>, Error> {
        if self.skip_blanks(false)?.is_none() {
            return Ok(None);
        }
        let line = self.line;
        // Fast path: a number of at most 19 digits (it cannot overflow u64) whose
        // end is already in the buffer; nearly every token of a valid input.
        let rest = &self.buf[self.pos..self.len];
        let mut value = 0u64;
        let mut i = 0;
        while i < rest.len().min(19) && rest[i].is_ascii_digit() {
            value = value * 10 + u64::from(rest[i] - b'0');
            i += 1;
        }
        if i < rest.len() && (rest[i] == b'\n' || is_blank(rest[i])) {
            self.pos += i;
            return Ok(Some(Token {
                line,
                value: Ok(value),
            }));
        }
        // Slow path: long, malformed, or cut by the buffer's end.
        let mut value: Option<u64> = Some(0);
        let mut digits_only = true;
        let mut shown = [0u8; SHOWN];
        let mut len = 0usize;
        while self.fill()? {
            let c = self.buf[self.pos];
            if c == b'\n' || is_blank(c) {
                break;
            }
            if c.is_ascii_digit() {
                value = value
                    .and_then(|v| v.checked_mul(10))
                    .and_then(|v| v.checked_add(u64::from(c - b'0')));
            } else {
                digits_only = false;
            }
            if len < SHOWN {
                shown[len] = c;
            }
            len += 1;
            self.pos += 1;
        }
        let value = match value.filter(|_| digits_only) {
            Some(v) => Ok(v),
            None => {
                let mut text = String::from_utf8_lossy(&shown[..len.min(SHOWN)]).into_owned();
                if len > SHOWN {
                    text.push_str("...");
                }
                Err(text.into_boxed_str())
            }
        };
        Ok(Some(Token { line, value }))
    }

    /// Requires that line `line` holds nothing more; `what` names what it should hold.
    fn expect_line_end(&mut self, line: u64, what: &str) -> Result<(), Error> {
        match self.skip_blanks(true)? {
            None | Some(b'\n') => Ok(()),
            Some(_) => {
                let extra = self.token()?.map(|t| t.text()).unwrap_or_default();
                Err(Error::Input {
                    line,
                    msg: format!("expected only {what} on the line, found also \"{extra}\""),
                })
            }
        }
    }

    /// Reads the next token on line `line`; a missing one is an error naming `what`.
    #[allow(dead_code)] // used by the solutions that read several numbers per line
    fn same_line(&mut self, line: u64, what: &str) -> Result<Token, Error> {
        match self.skip_blanks(true)? {
            None | Some(b'\n') => Err(Error::Input {
                line,
                msg: format!("expected {what}, found the end of the line"),
            }),
            Some(_) => self.token()?.ok_or_else(|| Error::Input {
                line,
                msg: format!("expected {what}"),
            }),
        }
    }
}
