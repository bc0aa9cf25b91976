//! Brute force for POJ 2348 "Euclid's Game": the same input and output as the
//! solution, but each line is decided by searching the game graph itself, without
//! the winning rule of `main.rs`.
//!
//! A position is the pair `(big, small)`; its moves are every `big - k * small` for
//! `1 <= k <= big / small`. The player to move wins if some move reaches 0, or
//! reaches a position that is lost for the opponent (plain minimax, memoized).
//!
//! Moves are tried from the largest multiple down and the search stops at the first
//! winning move. That order only makes the search short (a move to 0, or to a much
//! smaller pair, is seen first); every move is still examined whenever no earlier
//! one wins, so the answer does not depend on the order. As a guard against a
//! search that would not fit in memory or on the stack, a line whose search needs
//! more than [`MAX_POSITIONS`] new positions or a chain deeper than [`MAX_DEPTH`]
//! moves is refused with an error instead of crashing.
//!
//! poj2348, hdu1525 and ybt1218 are one game with different output words; each crate
//! keeps its own complete copy of this file.

use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};

/// The most new positions the search may visit for one input line.
pub const MAX_POSITIONS: usize = 1_000_000;
/// The longest chain of moves the (recursive) search may follow.
pub const MAX_DEPTH: u32 = 1_000;
/// The memo is dropped between lines once it holds this many positions.
const MEMO_CAP: usize = 1 << 20;

/// A memoized search of the game graph; the memo is shared by successive queries.
pub struct Search {
    /// Whether the player to move wins from `(big, small)`, for every position decided so far.
    memo: HashMap<(u64, u64), bool>,
    max_positions: usize,
    max_depth: u32,
    /// New positions the current query may still visit.
    budget: usize,
}

impl Search {
    /// A search that lets each query visit `max_positions` new positions and follow
    /// chains of at most `max_depth` moves.
    pub fn with_limits(max_positions: usize, max_depth: u32) -> Self {
        Search {
            memo: HashMap::new(),
            max_positions,
            max_depth,
            budget: max_positions,
        }
    }

    /// Does the player to move win from `(a, b)`? Both must be positive, in any order.
    /// `None` when this query exceeds the search's limits.
    pub fn first_player_wins(&mut self, a: u64, b: u64) -> Option<bool> {
        assert!(a > 0 && b > 0, "a game position has two positive numbers");
        if self.memo.len() > MEMO_CAP {
            self.memo.clear();
        }
        self.budget = self.max_positions;
        self.wins(a.max(b), a.min(b), 0)
    }

    fn wins(&mut self, big: u64, small: u64, depth: u32) -> Option<bool> {
        if let Some(&known) = self.memo.get(&(big, small)) {
            return Some(known);
        }
        if self.budget == 0 || depth >= self.max_depth {
            return None;
        }
        self.budget -= 1;
        let mut won = false;
        for k in (1..=big / small).rev() {
            // k * small <= big, so neither the product nor the difference overflows.
            let left = big - k * small;
            if left == 0 || !self.wins(left.max(small), left.min(small), depth + 1)? {
                won = true;
                break;
            }
        }
        self.memo.insert((big, small), won);
        Some(won)
    }
}

impl Default for Search {
    /// The limits the binary uses: [`MAX_POSITIONS`] and [`MAX_DEPTH`].
    fn default() -> Self {
        Search::with_limits(MAX_POSITIONS, MAX_DEPTH)
    }
}

/// Decides one game from scratch: does the player to move win from `(a, b)`?
/// `None` if the search would exceed [`MAX_POSITIONS`] or [`MAX_DEPTH`].
pub fn first_player_wins(a: u64, b: u64) -> Option<bool> {
    Search::default().first_player_wins(a, b)
}

/// Reads every query, writes every answer; stops at the `0 0` line or end of input.
fn solve(input: impl Read, out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let mut search = Search::default();
    while let Some(first) = sc.token()? {
        let a = first.number()?;
        let second = sc.same_line(first.line, "a second number")?;
        let b = second.number()?;
        sc.expect_line_end(first.line, "two numbers")?;
        if a == 0 && b == 0 {
            break;
        }
        let (a, b) = (first.positive()?, second.positive()?);
        let Some(wins) = search.first_player_wins(a, b) else {
            return Err(Error::Input {
                line: first.line,
                msg: format!(
                    "the brute force gives up on {a} {b}: the search needs more than \
                     {MAX_POSITIONS} positions or {MAX_DEPTH} moves deep"
                ),
            });
        };
        out.write_all(if wins {
            b"Stan wins\n"
        } else {
            b"Ollie wins\n"
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
