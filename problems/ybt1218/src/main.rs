//! YBT 1218 (一本通 "信息学奥赛一本通", problem 1218) "取石子游戏", a stone game.
//!
//! Two piles hold `a` and `b` stones. The players take turns; a move takes stones
//! from the larger pile only (either pile when they are equal), and the number taken
//! must be a positive multiple of the size of the smaller pile. Whoever empties a pile
//! wins. In numbers: a move subtracts a positive multiple of the smaller number from
//! the larger one, the result must not be negative, and whoever makes a number 0
//! wins; this is the game of HDU 1525 / POJ 2348 "Euclid's Game". Input: lines `a b`
//! (positive, up to `u64::MAX`), ended by a line `0 0` (or by the end of the input);
//! output `win` if the first player wins with best play from both sides, else `lose`.
//!
//! Winning rule, with `a >= b`: the player to move wins if `a == b` or `a >= 2b`;
//! otherwise (`b < a < 2b`) the only move is to `(b, a - b)`, and the player to move
//! wins exactly when that position is lost for the player who faces it. Iterating
//! this flips the winner once per step, like Euclid's algorithm, until some position
//! with `a == b` or `a >= 2b` is reached: whoever faces that one first wins.
//!
//! Why: write `a = q*b + r` with `0 <= r < b`; the moves lead to `(a - k*b, b)` for
//! `1 <= k <= q`.
//! - `r == 0` (this includes `a == b`): taking `k = q` reaches 0 and wins at once.
//! - `q == 1`, `r > 0`: `k = 1` is the only move, to `(b, r)`, so the position is
//!   won exactly when `(b, r)` is lost.
//! - `q >= 2`, `r > 0`: two of the moves lead to `P = (b, r)` (take `k = q`) and to
//!   `Q = (r + b, b)` (take `k = q - 1`). `Q` has `b < r + b < 2b`, so its only move
//!   is to `P`: `Q` is lost exactly when `P` is won. One of `P`, `Q` is therefore
//!   lost for the opponent, and the player to move goes there and wins.
//!
//! The rule is well founded because every step shrinks the pair; since consecutive
//! Fibonacci numbers are the slowest case of Euclid's algorithm, a `u64` pair takes
//! at most about 92 steps. `a >= 2b` is tested as `a - b >= b`, which cannot overflow
//! (`2 * b` can, for `b > u64::MAX / 2`).
//!
//! The three crates ybt1218, hdu1525 and poj2348 are the same game with different
//! output words. Each `main.rs` is deliberately a complete single file that can be
//! submitted to its judge, so the rule and its proof are repeated in all three.

use std::io::{self, BufWriter, Read, Write};

/// Decides the game: does the player to move win from the piles `(a, b)`?
///
/// Both numbers must be positive (the statement's domain); their order does not
/// matter. Runs in at most about 92 subtractions for any `u64` pair, no division.
pub fn first_player_wins(a: u64, b: u64) -> bool {
    debug_assert!(a > 0 && b > 0, "a game position has two positive numbers");
    let (mut big, mut small) = if a >= b { (a, b) } else { (b, a) };
    let mut mover_wins = true;
    loop {
        let rest = big - small;
        // rest == 0: equal numbers, take all. rest >= small: big >= 2 * small, a choice.
        if rest == 0 || rest >= small {
            return mover_wins;
        }
        // small < big < 2 * small: the only move hands (small, rest) to the other player.
        (big, small) = (small, rest);
        mover_wins = !mover_wins;
    }
}

/// Reads every query, writes every answer; stops at the `0 0` line or end of input.
fn solve(input: impl Read, out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    loop {
        // Nearly every line takes the fast path; `0 0`, blank lines and errors do not.
        let (a, b) = match sc.simple_line::<2>(1) {
            Some([a, b]) => (a, b),
            None => {
                let Some(first) = sc.token()? else { break };
                let a = first.number()?;
                let second = sc.same_line(first.line, "a second number")?;
                let b = second.number()?;
                sc.expect_line_end(first.line, "two numbers")?;
                if a == 0 && b == 0 {
                    break;
                }
                (first.positive()?, second.positive()?)
            }
        };
        out.write_all(if first_player_wins(a, b) {
            b"win\n"
        } else {
            b"lose\n"
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
pub(crate) enum Error {
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
pub(crate) struct Token {
    pub(crate) line: u64,
    value: Result<u64, Box<str>>,
}

impl Token {
    /// The token as written, for error messages.
    pub(crate) fn text(&self) -> String {
        match &self.value {
            Ok(v) => v.to_string(),
            Err(text) => text.to_string(),
        }
    }

    /// The token's value, or an error naming its line and text.
    #[inline]
    pub(crate) fn number(&self) -> Result<u64, Error> {
        match &self.value {
            Ok(v) => Ok(*v),
            Err(text) => Err(self.number_error(text)),
        }
    }

    /// Builds the error for an invalid token; kept out of line so `number` inlines.
    #[cold]
    #[inline(never)]
    fn number_error(&self, text: &str) -> Error {
        // A shown text longer than SHOWN was cut and ends in "..." (a literal "5..."
        // is not a number, not a long one).
        let digits = |s: &str| {
            let s = if s.len() > SHOWN {
                s.strip_suffix("...").unwrap_or(s)
            } else {
                s
            };
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
        Error::Input {
            line: self.line,
            msg,
        }
    }

    /// The value, which must be at least 1.
    #[allow(dead_code)] // used by the solutions whose statements require positive numbers
    #[inline]
    pub(crate) fn positive(&self) -> Result<u64, Error> {
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
pub(crate) struct Scanner<R> {
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
    pub(crate) fn new(src: R) -> Self {
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
        self.refill()
    }

    /// Reads the next chunk of input into the buffer; out of line, it is rare.
    #[cold]
    #[inline(never)]
    fn refill(&mut self) -> Result<bool, Error> {
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

    /// Fast path for a whole query line: exactly `N` numbers, each of at most 19
    /// digits and at least `min`, separated by spaces or tabs and ended by `\n`, all in
    /// the buffer. Parsed in one pass and consumed. Any other shape (a blank line, a
    /// zero below `min`, CR, a bad token, a line cut by the buffer's end) returns
    /// `None` with nothing consumed, for the general path (`token`, `same_line`,
    /// `expect_line_end`), which gives the same values and names every error.
    #[allow(dead_code)] // used by the solutions that read one query per line
    #[inline]
    pub(crate) fn simple_line<const N: usize>(&mut self, min: u64) -> Option<[u64; N]> {
        let rest = &self.buf[self.pos..self.len];
        let mut values = [0u64; N];
        // The general path leaves the previous line's `\n` unread: step over it.
        let newlines = rest.iter().take_while(|&&c| c == b'\n').count();
        let mut i = newlines;
        for value in values.iter_mut() {
            while i < rest.len() && (rest[i] == b' ' || rest[i] == b'\t') {
                i += 1;
            }
            let start = i;
            let mut v = 0u64;
            let end = rest.len().min(start + 19);
            while i < end {
                let digit = rest[i].wrapping_sub(b'0');
                if digit > 9 {
                    break;
                }
                v = v * 10 + u64::from(digit);
                i += 1;
            }
            // A number must end at a blank or the line's end (not a 20th digit or junk).
            if i == start || v < min || i == rest.len() || !matches!(rest[i], b' ' | b'\t' | b'\n')
            {
                return None;
            }
            *value = v;
        }
        while i < rest.len() && (rest[i] == b' ' || rest[i] == b'\t') {
            i += 1;
        }
        if i == rest.len() || rest[i] != b'\n' {
            return None;
        }
        self.pos += i + 1;
        self.line += newlines as u64 + 1;
        Some(values)
    }

    /// Skips blanks (counting newlines); with `stop_at_newline`, stops before a `\n`.
    /// Returns the byte it stopped at, `None` at end of input.
    #[inline]
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
    #[inline]
    pub(crate) fn token(&mut self) -> Result<Option<Token>, Error> {
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
        self.token_slow(line)
    }

    /// Slow path: long, malformed, or cut by the buffer's end.
    #[cold]
    #[inline(never)]
    fn token_slow(&mut self, line: u64) -> Result<Option<Token>, Error> {
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
    pub(crate) fn expect_line_end(&mut self, line: u64, what: &str) -> Result<(), Error> {
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
    pub(crate) fn same_line(&mut self, line: u64, what: &str) -> Result<Token, Error> {
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
