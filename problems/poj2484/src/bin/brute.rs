//! Brute force for POJ 2484 "A Funny Game": an independent check of the rule in
//! `main.rs`, found by searching the game itself.
//!
//! The state after the first move is a set of straight chains of coins (a coin
//! taken from the middle of a chain splits it in two, and the two halves never
//! touch again). Only the multiset of chain lengths matters, so states are kept
//! as sorted length lists and memoized; a state is winning exactly when some move
//! leads to a losing one. Every move is tried: one coin or two neighbouring coins,
//! at every position of every chain.
//!
//! Same input and output as `main.rs`; a query above [`MAX_N`] is refused with an
//! error, because the number of states grows like the partition numbers.

use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};

/// The largest `n` the brute force accepts: n = 50 takes about 1.5 s and 25 MB in
/// release, and each further 10 coins multiply the time by about 20.
pub const MAX_N: u64 = 50;

/// The searched game, with the outcome of every chain multiset seen so far.
#[derive(Default)]
pub struct Brute {
    /// Sorted chain lengths (no zeros) -> does the player to move win?
    memo: HashMap<Vec<u32>, bool>,
}

impl Brute {
    /// An empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// Does the first player (Alice) win with `n` coins in a circle? Searches
    /// every move; meant for `n <= MAX_N` (larger `n` works but slowly).
    pub fn first_player_wins(&mut self, n: u32) -> bool {
        // A circle has no ends: wherever Alice takes one coin (or two neighbours),
        // what is left is one chain of n - 1 (or n - 2) coins.
        let after_one = n.checked_sub(1).map(|len| self.wins(chain(len)));
        let after_two = n.checked_sub(2).map(|len| self.wins(chain(len)));
        after_one == Some(false) || after_two == Some(false)
    }

    /// Does the player to move win facing these chains of coins (any order;
    /// empty chains are ignored)? Searches every move, like [`Self::first_player_wins`].
    pub fn player_to_move_wins(&mut self, chains: &[u32]) -> bool {
        let mut chains: Vec<u32> = chains.iter().copied().filter(|&c| c > 0).collect();
        chains.sort_unstable();
        self.wins(chains)
    }

    /// Does the player to move win with these chains (sorted, no zeros)?
    fn wins(&mut self, chains: Vec<u32>) -> bool {
        if let Some(&known) = self.memo.get(&chains) {
            return known;
        }
        let mut win = false;
        'search: for (idx, &len) in chains.iter().enumerate() {
            if idx > 0 && chains[idx - 1] == len {
                continue; // an equal chain was just tried: same moves, same states
            }
            for taken in 1..=2 {
                // Take `taken` neighbouring coins starting at `left`: the chain
                // splits into `left` coins and `len - taken - left` coins.
                if taken > len {
                    continue;
                }
                for left in 0..=len - taken {
                    let right = len - taken - left;
                    let mut next = chains.clone();
                    next.remove(idx);
                    next.extend([left, right].into_iter().filter(|&c| c > 0));
                    next.sort_unstable();
                    if !self.wins(next) {
                        win = true;
                        break 'search;
                    }
                }
            }
        }
        self.memo.insert(chains, win);
        win
    }
}

/// One chain of `len` coins as a state (no chain at all if `len` is zero).
fn chain(len: u32) -> Vec<u32> {
    if len == 0 { Vec::new() } else { vec![len] }
}

/// Reads every query, writes every answer; stops at the `0` line or end of input.
fn solve(input: impl Read, out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let mut brute = Brute::new();
    while let Some(tok) = sc.token()? {
        let n = tok.number()?;
        sc.expect_line_end(tok.line, "one number")?;
        if n == 0 {
            break;
        }
        if n > MAX_N {
            return Err(Error::Input {
                line: tok.line,
                msg: format!("n = {n} is beyond the brute force's limit of {MAX_N}"),
            });
        }
        // Lossless: n <= MAX_N.
        let n = n as u32;
        out.write_all(if brute.first_player_wins(n) {
            b"Alice\n"
        } else {
            b"Bob\n"
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
