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

/// A whitespace-separated token: its line, its first bytes (for messages) and,
/// if it is a decimal `u64`, its value.
struct Token {
    line: u64,
    value: Option<u64>,
    shown: [u8; SHOWN],
    len: usize,
}

impl Token {
    /// The token as written, cut short if long, for error messages.
    fn text(&self) -> String {
        let mut text = String::from_utf8_lossy(&self.shown[..self.len.min(SHOWN)]).into_owned();
        if self.len > SHOWN {
            text.push_str("...");
        }
        text
    }

    /// The token's value, or an error naming its line and text.
    fn number(&self) -> Result<u64, Error> {
        let bytes = &self.shown[..self.len.min(SHOWN)];
        let msg = match self.value {
            Some(v) => return Ok(v),
            None if bytes.iter().all(u8::is_ascii_digit) => {
                format!(
                    "number \"{}\" is too large (the largest allowed is {})",
                    self.text(),
                    u64::MAX
                )
            }
            None if self.len > 1
                && bytes[0] == b'-'
                && bytes[1..].iter().all(u8::is_ascii_digit) =>
            {
                format!("expected a non-negative number, found \"{}\"", self.text())
            }
            None => format!("expected a number, found \"{}\"", self.text()),
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

    /// The next byte without consuming it; `None` at end of input.
    #[inline]
    fn peek(&mut self) -> Result<Option<u8>, Error> {
        if self.pos == self.len {
            self.pos = 0;
            self.len = loop {
                match self.src.read(&mut self.buf) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e.into()),
                }
            };
            if self.len == 0 {
                return Ok(None);
            }
        }
        Ok(Some(self.buf[self.pos]))
    }

    /// Skips blanks (counting newlines); with `stop_at_newline`, stops before a `\n`.
    fn skip_blanks(&mut self, stop_at_newline: bool) -> Result<Option<u8>, Error> {
        while let Some(c) = self.peek()? {
            match c {
                b'\n' if stop_at_newline => return Ok(Some(c)),
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => {}
                _ => return Ok(Some(c)),
            }
            self.pos += 1;
        }
        Ok(None)
    }

    /// The next token, or `None` at end of input.
    fn token(&mut self) -> Result<Option<Token>, Error> {
        if self.skip_blanks(false)?.is_none() {
            return Ok(None);
        }
        let line = self.line;
        let mut value: Option<u64> = Some(0);
        let mut digits_only = true;
        let mut shown = [0u8; SHOWN];
        let mut len = 0usize;
        while let Some(c) = self.peek()? {
            if c.is_ascii_whitespace() {
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
        let value = value.filter(|_| digits_only);
        Ok(Some(Token {
            line,
            value,
            shown,
            len,
        }))
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
