//! Streaming input: [`Scanner`] reads whitespace-separated decimal numbers through
//! one fixed 64 KiB buffer, and every error names the line and the token.
//!
//! # What it accepts
//!
//! Tokens are separated by spaces, tabs, `\r`, `\x0b`, `\x0c` and newlines, so CRLF
//! line ends, runs of blanks, blank lines and a missing final newline are all fine.
//! A number is a run of ASCII digits with a value up to `u64::MAX` (leading zeros
//! allowed). A signed number is one with a `-` in front (no `+`), read as any
//! integer type to 64 bits by [`Token::int`], [`Scanner::ints`] and
//! [`Scanner::line_ints`] (`i64`, `i32`, ..., and the unsigned ones), within that
//! type's range. Only `\n` ends a line;
//! lines are counted from 1.
//!
//! # The shapes of contest input
//!
//! | input | call |
//! | --- | --- |
//! | one token, anywhere (scanf's `%d`) | [`Scanner::expect`] then [`Token::number`], or [`Scanner::read`] |
//! | signed numbers (`-1`), anywhere | [`Token::int`] (`t.int::<i64>()`), or [`Scanner::ints`] |
//! | exactly `N` numbers on one line, to the end of input | [`Scanner::line`] |
//! | the same, signed (`-3 5`) | [`Scanner::line_ints`] (`sc.line_ints::<i64, 2>()`) |
//! | lines of `N` numbers until a terminator line such as `0 0` | [`Scanner::line_until`] |
//! | `T`, then `T` cases | [`Scanner::expect`] for `T`, then a loop of [`Scanner::read`] |
//! | `K`, then `K` values on any number of lines | [`Scanner::numbers`] |
//! | a string, a word, a grid's row, whole as written | [`Scanner::bytes`] (`Vec<u8>`), [`Scanner::word`] (`String`) |
//! | a decimal number (`3.25`, `1e-9`) | [`Scanner::float`] |
//! | nothing may follow | [`Scanner::expect_end`] |
//!
//! The token-wise calls (`expect`, `read`, `numbers`, `token`) have scanf's semantics:
//! line ends are blanks like any other, so `9\n2\n1\n4\n` reads as `9 2 1 4`. The
//! line-wise calls (`line`, `line_until`) insist that each line holds exactly `N`
//! numbers, and say so on the line that does not.
//!
//! # Errors
//!
//! [`Error::Input`] displays as `line L: ...`, naming the token as written (cut short
//! after 24 bytes): `line 3: expected a number, found "x4"`, `line 2: expected a
//! non-negative number, found "-15"` (where a `u64` is read), `line 2: number
//! "2147483648" is too large for i32 (the largest allowed is 2147483647)`, `line 2:
//! number "18446744073709551616" is too large (the largest allowed is
//! 18446744073709551615)`, `line 2: expected a second number, found the end of the
//! line`, `line 2: expected only two numbers on the line, found also "7"`, `line 3:
//! input ended after 2 of the 3 move sizes`. A read
//! error of the source is [`Error::Io`]. Nothing panics, whatever the bytes.
//!
//! # Complexity
//!
//! `O(1)` per byte, no allocation per token or per line (only for an error message),
//! and `O(1)` memory: the 64 KiB buffer, whatever the input's size. A plain line of
//! at most 19-digit numbers separated by single blanks is parsed in one pass
//! (a whole-line fast path); anything else takes the general path, which gives the
//! same values and the same errors.
//!
//! # Example
//!
//! ```
//! use contest::scan::Scanner;
//!
//! // Lines `a b` until `0 0`: the shape of HDU 1525.
//! let mut sc = Scanner::new(&b"34 12\r\n\n15\t24\n0 0\nignored"[..]);
//! let mut sums = Vec::new();
//! while let Some(line) = sc.line_until([0, 0])? {
//!     let [a, b] = line.positive()?;
//!     sums.push(a + b);
//! }
//! assert_eq!(sums, [46, 39]);
//!
//! // `X K`, then K sizes on any lines (scanf semantics).
//! let mut sc = Scanner::new(&b"9\n2\n1\n4\n"[..]);
//! let [x, k] = sc.read(["X", "K"])?;
//! let mut sizes = Vec::new();
//! sc.numbers(k, "sizes", |t| {
//!     sizes.push(t.number()?);
//!     Ok(())
//! })?;
//! sc.expect_end("the sizes")?;
//! assert_eq!((x, sizes), (9, vec![1, 4]));
//!
//! let mut sc = Scanner::new(&b"1 2\n3 x\n"[..]);
//! sc.line::<2>()?;
//! let err = sc.line::<2>().unwrap_err();
//! assert_eq!(err.to_string(), "line 2: expected a number, found \"x\"");
//! # Ok::<(), contest::scan::Error>(())
//! ```

use std::io::{self, Read};

/// Why the input could not be read; `Display` gives `line L: ...` or `i/o: ...`.
#[derive(Debug)]
pub enum Error {
    /// The input breaks its format at line `line`; `msg` says how.
    Input {
        /// The line (from 1) of the offending token, or of the last one read.
        line: u64,
        /// What was expected and what was found.
        msg: String,
    },
    /// Reading the input or writing the output failed.
    Io(io::Error),
}

impl Error {
    /// An input error at `line`: for a solution's own checks (a bound of the
    /// statement), so that they read like the scanner's.
    pub fn at(line: u64, msg: impl Into<String>) -> Error {
        Error::Input {
            line,
            msg: msg.into(),
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Error::Input { line, msg } => write!(f, "line {line}: {msg}"),
            Error::Io(e) => write!(f, "i/o: {e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

/// A whitespace-separated token: its line and its value if it is a decimal
/// integer of at most `u64::MAX` in size (a `-` in front for a negative one), else
/// its text (cut short if long) for the error message. Kept small: valid tokens
/// are returned by value millions of times.
#[derive(Debug)]
pub struct Token {
    /// The line (from 1) the token stands on.
    pub line: u64,
    value: Value,
}

/// What a token holds.
#[derive(Debug)]
enum Value {
    /// Digits: a non-negative number.
    Number(u64),
    /// `-` then digits: minus this (`-0` is 0).
    Minus(u64),
    /// Anything else, or digits too many for a `u64`: the text, cut short.
    Text(Box<str>),
}

impl Token {
    /// The token as written (a number in canonical form, a long token cut short
    /// after 24 bytes), for error messages; to read a string, a grid's row or a
    /// decimal, see [`Scanner::bytes`], [`Scanner::word`] and [`Scanner::float`].
    pub fn text(&self) -> String {
        match &self.value {
            Value::Number(v) => v.to_string(),
            Value::Minus(v) => format!("-{v}"),
            Value::Text(text) => text.to_string(),
        }
    }

    /// The token's value as a non-negative number, or an error naming its line and
    /// text (a negative number's says "expected a non-negative number").
    #[inline]
    pub fn number(&self) -> Result<u64, Error> {
        match &self.value {
            Value::Number(v) => Ok(*v),
            Value::Minus(_) => Err(self.number_error(&self.text())),
            Value::Text(text) => Err(self.number_error(text)),
        }
    }

    /// The token's value as the integer type `T` (`i64`, `i32`, ..., `u64`, ...),
    /// a minus sign allowed where `T` is signed: `let x: i64 = t.int()?;`. Out of
    /// `T`'s range is an error naming the bound: `number "2147483648" is too large
    /// for i32 (the largest allowed is 2147483647)`, `... is too small for i32 (the
    /// smallest allowed is -2147483648)`; a negative number for an unsigned `T` is
    /// `expected a non-negative number, found "-1"`.
    #[inline]
    pub fn int<T: std::convert::TryFrom<i128>>(&self) -> Result<T, Error> {
        let value = match &self.value {
            Value::Number(v) => T::try_from(i128::from(*v)).ok(),
            // An unsigned type refuses even `-0`, as std's `parse` does.
            Value::Minus(v) if T::try_from(-1).is_ok() => T::try_from(-i128::from(*v)).ok(),
            Value::Minus(_) | Value::Text(_) => None,
        };
        value.ok_or_else(|| self.int_error::<T>())
    }

    /// Builds the error of [`Token::int`]; out of line, it is rare.
    #[cold]
    #[inline(never)]
    fn int_error<T: std::convert::TryFrom<i128>>(&self) -> Error {
        let text = self.text();
        let negative = match &self.value {
            Value::Minus(_) => true,
            Value::Number(_) => false,
            // Too many digits for a u64 (else it is no number at all).
            Value::Text(t) => match t.strip_prefix('-') {
                Some(rest) if is_digits(rest) => true,
                None if is_digits(t) => false,
                _ => return Error::at(self.line, format!("expected a number, found \"{t}\"")),
            },
        };
        let (min, max) = bounds::<T>();
        let name = std::any::type_name::<T>();
        let msg = match (negative, min < 0) {
            (true, false) => format!("expected a non-negative number, found \"{text}\""),
            (true, true) => {
                format!("number \"{text}\" is too small for {name} (the smallest allowed is {min})")
            }
            (false, _) => {
                format!("number \"{text}\" is too large for {name} (the largest allowed is {max})")
            }
        };
        Error::at(self.line, msg)
    }

    /// Builds the error for an invalid token; kept out of line so `number` inlines.
    #[cold]
    #[inline(never)]
    fn number_error(&self, text: &str) -> Error {
        let digits = is_digits;
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
        Error::at(self.line, msg)
    }

    /// The value, which must be at least 1.
    #[inline]
    pub fn positive(&self) -> Result<u64, Error> {
        match self.number()? {
            0 => Err(Error::at(
                self.line,
                "expected a positive number, found \"0\"",
            )),
            v => Ok(v),
        }
    }

    /// The value, which must be at most `max`; `what` names it in the error
    /// (`move size "10001" is too large (the largest allowed is 10000)`).
    #[inline]
    pub fn at_most(&self, max: u64, what: &str) -> Result<u64, Error> {
        match self.number()? {
            v if v > max => Err(Error::at(
                self.line,
                format!("{what} \"{v}\" is too large (the largest allowed is {max})"),
            )),
            v => Ok(v),
        }
    }
}

/// Whether a token's shown text is digits only: a number too large for a `u64`. A
/// shown text longer than [`SHOWN`] was cut and ends in "..." (a literal "5..." is
/// not a number, not a long one).
fn is_digits(text: &str) -> bool {
    let s = if text.len() > SHOWN {
        text.strip_suffix("...").unwrap_or(text)
    } else {
        text
    };
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// `T`'s smallest and largest values, from the candidates every primitive integer
/// type's bounds are among (no trait names them, and a library module keeps to
/// plain items: docs/bundling.md, "the library contract").
fn bounds<T: std::convert::TryFrom<i128>>() -> (i128, i128) {
    // `iter()`, not `into_iter()`: a bundle may be compiled as edition 2018, where
    // an array's `into_iter()` yields references.
    let mins: [i128; 6] = [0, -(1 << 7), -(1 << 15), -(1 << 31), -(1 << 63), i128::MIN];
    let maxes: [i128; 9] = [
        (1 << 7) - 1,
        (1 << 8) - 1,
        (1 << 15) - 1,
        (1 << 16) - 1,
        (1 << 31) - 1,
        (1 << 32) - 1,
        (1 << 63) - 1,
        (1 << 64) - 1,
        i128::MAX,
    ];
    let fits = |v: &&i128| T::try_from(**v).is_ok();
    let min = mins.iter().filter(fits).min().copied().unwrap_or(0);
    let max = maxes.iter().filter(fits).max().copied().unwrap_or(0);
    (min, max)
}

/// `N` numbers read from one line: `u64`s by [`Scanner::line`], any integer type
/// by [`Scanner::line_ints`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<const N: usize, T = u64> {
    /// The line (from 1) they stand on.
    pub line: u64,
    /// The numbers, in order.
    pub values: [T; N],
}

impl<const N: usize> Line<N> {
    /// The values, which must all be at least 1 (the error names the line).
    #[inline]
    pub fn positive(&self) -> Result<[u64; N], Error> {
        if self.values.contains(&0) {
            return Err(Error::at(
                self.line,
                "expected a positive number, found \"0\"",
            ));
        }
        Ok(self.values)
    }
}

/// Streams input through one fixed buffer and parses bytes directly: no per-line
/// allocation and no whole-input read, so memory stays flat for any input size.
pub struct Scanner<R> {
    src: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    line: u64,
    /// The line of the last token returned: where "the input ended" is reported.
    last_line: u64,
}

/// Tokens longer than this are shown cut short in error messages.
const SHOWN: usize = 24;

/// The buffer's size: large enough that refills are rare, small enough to stay cached.
const BUFFER: usize = 1 << 16;

/// How [`Scanner::line`] names the `i`-th number (from 0) when it is missing.
const ORDINALS: [&str; 12] = [
    "a number",
    "a second number",
    "a third number",
    "a fourth number",
    "a fifth number",
    "a sixth number",
    "a seventh number",
    "an eighth number",
    "a ninth number",
    "a tenth number",
    "an eleventh number",
    "a twelfth number",
];

/// How [`Scanner::line`] names what a line of `n` numbers should hold.
const COUNTS: [&str; 13] = [
    "no numbers",
    "one number",
    "two numbers",
    "three numbers",
    "four numbers",
    "five numbers",
    "six numbers",
    "seven numbers",
    "eight numbers",
    "nine numbers",
    "ten numbers",
    "eleven numbers",
    "twelve numbers",
];

/// Bytes that separate tokens on a line (`\n` separates too, and ends the line).
#[inline]
fn is_blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// A token's bytes for an error message: at most [`SHOWN`] of them, then `...`.
fn shown(bytes: &[u8]) -> String {
    let mut text = String::from_utf8_lossy(&bytes[..bytes.len().min(SHOWN)]).into_owned();
    if bytes.len() > SHOWN {
        text.push_str("...");
    }
    text
}

impl<R: Read> Scanner<R> {
    /// A scanner over `src` (stdin, a file, or `&[u8]` in tests); `src` need not
    /// be buffered, the scanner has its own buffer.
    pub fn new(src: R) -> Self {
        Scanner {
            src,
            buf: vec![0; BUFFER].into_boxed_slice(),
            pos: 0,
            len: 0,
            line: 1,
            last_line: 1,
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

    /// Fast path for a whole line: exactly `N` numbers of at most 19 digits each,
    /// separated by spaces or tabs and ended by `\n`, all in the buffer. Parsed in
    /// one pass and consumed. Any other shape (a blank line, CR, a bad token, a line
    /// cut by the buffer's end) returns `None` with nothing consumed, for the
    /// general path, which gives the same values and names every error.
    #[inline]
    fn simple_line<const N: usize>(&mut self) -> Option<[u64; N]> {
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
            if i == start || i == rest.len() || !matches!(rest[i], b' ' | b'\t' | b'\n') {
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
        self.last_line = self.line - 1;
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

    /// The next token wherever it stands, or `None` at end of input. The lowest
    /// level: [`Token::number`], [`Token::positive`] and [`Token::at_most`] read it.
    #[inline]
    pub fn token(&mut self) -> Result<Option<Token>, Error> {
        if self.skip_blanks(false)?.is_none() {
            return Ok(None);
        }
        let line = self.line;
        self.last_line = line;
        // Fast path: a number of at most 19 digits (it cannot overflow u64) whose
        // end is already in the buffer; nearly every token of a valid input.
        // (`rest` starts with a byte that is no blank, so no digit is no number.)
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
                value: Value::Number(value),
            }));
        }
        self.token_minus(line)
    }

    /// The fast path of a negative number: `-` and at most 19 digits, its end in
    /// the buffer (the slow path took 2.8 times the instructions per token). Any
    /// other token goes on to the slow path.
    #[inline(never)]
    fn token_minus(&mut self, line: u64) -> Result<Option<Token>, Error> {
        let rest = &self.buf[self.pos..self.len];
        if rest.first() == Some(&b'-') {
            let mut value = 0u64;
            let mut i = 1;
            while i < rest.len().min(20) && rest[i].is_ascii_digit() {
                value = value * 10 + u64::from(rest[i] - b'0');
                i += 1;
            }
            if i > 1 && i < rest.len() && (rest[i] == b'\n' || is_blank(rest[i])) {
                self.pos += i;
                return Ok(Some(Token {
                    line,
                    value: Value::Minus(value),
                }));
            }
        }
        self.token_slow(line)
    }

    /// Slow path: long, malformed, or cut by the buffer's end.
    #[cold]
    #[inline(never)]
    fn token_slow(&mut self, line: u64) -> Result<Option<Token>, Error> {
        let mut value: Option<u64> = Some(0);
        let mut digits_only = true;
        let mut minus = false;
        let mut shown = [0u8; SHOWN];
        let mut len = 0usize;
        while self.fill()? {
            let c = self.buf[self.pos];
            if c == b'\n' || is_blank(c) {
                break;
            }
            if c == b'-' && len == 0 {
                minus = true;
            } else if c.is_ascii_digit() {
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
        // A lone `-` is no number.
        let digits = len > usize::from(minus);
        let value = match value.filter(|_| digits_only && digits) {
            Some(v) if minus => Value::Minus(v),
            Some(v) => Value::Number(v),
            None => {
                let mut text = String::from_utf8_lossy(&shown[..len.min(SHOWN)]).into_owned();
                if len > SHOWN {
                    text.push_str("...");
                }
                Value::Text(text.into_boxed_str())
            }
        };
        Ok(Some(Token { line, value }))
    }

    /// The next token wherever it stands (scanf semantics); at end of input an
    /// error naming `what`: `line L: expected K, found the end of the input`.
    #[inline]
    pub fn expect(&mut self, what: &str) -> Result<Token, Error> {
        match self.token()? {
            Some(token) => Ok(token),
            None => Err(self.ended(what)),
        }
    }

    #[cold]
    #[inline(never)]
    fn ended(&self, what: &str) -> Error {
        Error::at(
            self.last_line,
            format!("expected {what}, found the end of the input"),
        )
    }

    /// The next token wherever it stands (scanf semantics), whole and byte for
    /// byte as written: a string, a row of a grid, a word (`sc.bytes("row")?`).
    /// At end of input an error naming `what`: `line L: expected {what}, found the
    /// end of the input`. (A [`Token`]'s [`Token::text`] is for messages: numbers
    /// in canonical form, `007` as `7`, long tokens cut short.) `O(length)`.
    ///
    /// ```
    /// use contest::scan::Scanner;
    ///
    /// let mut sc = Scanner::new(&b"2 3\r\n#.#\n...\n"[..]);
    /// let [n, _m] = sc.read(["n", "m"])?;
    /// let grid = (0..n).map(|_| sc.bytes("a row")).collect::<Result<Vec<_>, _>>()?;
    /// assert_eq!(grid, [b"#.#".to_vec(), b"...".to_vec()]);
    /// # Ok::<(), contest::scan::Error>(())
    /// ```
    pub fn bytes(&mut self, what: &str) -> Result<Vec<u8>, Error> {
        if self.skip_blanks(false)?.is_none() {
            return Err(self.ended(what));
        }
        self.last_line = self.line;
        let mut word = Vec::new();
        while self.fill()? {
            let rest = &self.buf[self.pos..self.len];
            let end = rest.iter().position(|&c| c == b'\n' || is_blank(c));
            let taken = end.unwrap_or(rest.len());
            word.extend_from_slice(&rest[..taken]);
            self.pos += taken;
            if end.is_some() {
                break;
            }
        }
        Ok(word)
    }

    /// [`Scanner::bytes`] as a `String`: `let s = sc.word("s")?;`. A token that
    /// is not UTF-8 is an error naming its line.
    pub fn word(&mut self, what: &str) -> Result<String, Error> {
        let bytes = self.bytes(what)?;
        String::from_utf8(bytes).map_err(|e| {
            Error::at(
                self.last_line,
                format!(
                    "expected {what}, found \"{}\", which is not UTF-8",
                    shown(e.as_bytes())
                ),
            )
        })
    }

    /// The next token as a decimal number (`3.25`, `-0.5`, `1e-9`, `7`):
    /// `let [x, y] = [sc.float("x")?, sc.float("y")?];`. Anything else (`1,5`,
    /// `inf`, `NaN`, a value beyond `f64`) is an error naming the line and the token:
    /// `line 2: expected x (a decimal number), found "1,5"`.
    pub fn float(&mut self, what: &str) -> Result<f64, Error> {
        let bytes = self.bytes(what)?;
        let value = std::str::from_utf8(&bytes)
            .ok()
            .filter(|t| {
                t.bytes()
                    .all(|c| c.is_ascii_digit() || b"+-.eE".contains(&c))
            })
            .and_then(|t| t.parse::<f64>().ok())
            .filter(|v| v.is_finite());
        value.ok_or_else(|| {
            Error::at(
                self.last_line,
                format!(
                    "expected {what} (a decimal number), found \"{}\"",
                    shown(&bytes)
                ),
            )
        })
    }

    /// The next `N` numbers wherever they stand (scanf semantics), `names[i]`
    /// naming the `i`-th in the error if the input ends first:
    /// `let [n, m] = sc.read(["n", "m"])?;`.
    #[inline]
    pub fn read<const N: usize>(&mut self, names: [&str; N]) -> Result<[u64; N], Error> {
        let mut values = [0u64; N];
        for (value, name) in values.iter_mut().zip(names) {
            *value = self.expect(name)?.number()?;
        }
        Ok(values)
    }

    /// [`Scanner::read`] for any integer type to 64 bits (`i64`, `i32`, `usize`,
    /// ...), negative numbers too where it is signed: `let [x, y]: [i64; 2] = sc.ints(["x", "y"])?;`.
    #[inline]
    pub fn ints<T: std::convert::TryFrom<i128> + Copy + Default, const N: usize>(
        &mut self,
        names: [&str; N],
    ) -> Result<[T; N], Error> {
        let mut values = [T::default(); N];
        for (value, name) in values.iter_mut().zip(names) {
            *value = self.expect(name)?.int()?;
        }
        Ok(values)
    }

    /// Reads `count` more tokens wherever they stand (scanf semantics) and hands
    /// each to `each`, which checks and keeps it. If the input ends first:
    /// `line L: input ended after R of the {count} {what}`, `L` the last token's line.
    pub fn numbers(
        &mut self,
        count: u64,
        what: &str,
        mut each: impl FnMut(Token) -> Result<(), Error>,
    ) -> Result<(), Error> {
        for read in 0..count {
            match self.token()? {
                Some(token) => each(token)?,
                None => {
                    return Err(Error::at(
                        self.last_line,
                        format!("input ended after {read} of the {count} {what}"),
                    ))
                }
            }
        }
        Ok(())
    }

    /// Requires the end of the input: a token left over is an error naming it,
    /// `line L: expected only {what}, found also "7"`.
    pub fn expect_end(&mut self, what: &str) -> Result<(), Error> {
        match self.token()? {
            None => Ok(()),
            Some(extra) => Err(Error::at(
                extra.line,
                format!("expected only {what}, found also \"{}\"", extra.text()),
            )),
        }
    }

    /// The next line holding exactly `N` numbers (`N >= 1`), skipping blank lines;
    /// `None` at end of input. Too few numbers on the line, an extra token, or a
    /// token that is not a number is an error naming the line: `expected a second
    /// number, found the end of the line`, `expected only two numbers on the line,
    /// found also "7"`. The values may be 0; see [`Line::positive`].
    #[inline]
    pub fn line<const N: usize>(&mut self) -> Result<Option<Line<N>>, Error> {
        // Nearly every line of a valid input takes the fast path.
        if let Some(values) = self.simple_line::<N>() {
            return Ok(Some(Line {
                line: self.last_line,
                values,
            }));
        }
        self.line_slow()
    }

    /// The general path of [`Scanner::line`]: blank lines, CR, 20-digit numbers, bad
    /// tokens, errors. Inlined too: measured, a call here cost 4% on 1M Euclid lines.
    #[inline]
    fn line_slow<const N: usize>(&mut self) -> Result<Option<Line<N>>, Error> {
        self.line_with(Token::number)
    }

    /// [`Scanner::line`] for any integer type to 64 bits (`i64`, `i32`, `usize`,
    /// ...), negative numbers too where it is signed, as [`Scanner::ints`] reads
    /// them: `while let Some(line) = sc.line_ints::<i64, 2>()? { let [x, y] =
    /// line.values; }`. The same lines and errors as [`Scanner::line`], and out of
    /// the type's range those of [`Token::int`].
    #[inline]
    pub fn line_ints<T: std::convert::TryFrom<i128> + Copy + Default, const N: usize>(
        &mut self,
    ) -> Result<Option<Line<N, T>>, Error> {
        // A line of non-negative numbers takes `line`'s fast path, its values then
        // converted (an error names the first out of range, as the general path's).
        if let Some(values) = self.simple_line::<N>() {
            let line = self.last_line;
            let mut ints = [T::default(); N];
            for (int, value) in ints.iter_mut().zip(values.iter()) {
                let token = Token {
                    line,
                    value: Value::Number(*value),
                };
                *int = token.int()?;
            }
            return Ok(Some(Line { line, values: ints }));
        }
        self.line_with(|t| t.int())
    }

    /// The general path of the line readers: the next line of `N` tokens, each read
    /// by `value`.
    #[inline]
    fn line_with<T: Copy + Default, const N: usize>(
        &mut self,
        value: impl Fn(&Token) -> Result<T, Error>,
    ) -> Result<Option<Line<N, T>>, Error> {
        assert!(N >= 1, "a line of numbers holds at least one");
        let Some(first) = self.token()? else {
            return Ok(None);
        };
        let mut values = [T::default(); N];
        values[0] = value(&first)?;
        for (i, slot) in values.iter_mut().enumerate().skip(1) {
            let what = ORDINALS.get(i).copied().unwrap_or("another number");
            *slot = value(&self.same_line(first.line, what)?)?;
        }
        let what = COUNTS.get(N).copied().unwrap_or("the numbers");
        self.expect_line_end(first.line, what)?;
        Ok(Some(Line {
            line: first.line,
            values,
        }))
    }

    /// [`Scanner::line`], but `None` also at a line equal to `terminator` (such as
    /// `0 0`), after which nothing more is read.
    #[inline]
    pub fn line_until<const N: usize>(
        &mut self,
        terminator: [u64; N],
    ) -> Result<Option<Line<N>>, Error> {
        Ok(self.line()?.filter(|line| line.values != terminator))
    }

    /// Requires that line `line` holds nothing more; `what` names what it should
    /// hold: `line L: expected only {what} on the line, found also "x"`.
    pub fn expect_line_end(&mut self, line: u64, what: &str) -> Result<(), Error> {
        match self.skip_blanks(true)? {
            None | Some(b'\n') => Ok(()),
            Some(_) => {
                let extra = self.token()?.map(|t| t.text()).unwrap_or_default();
                Err(Error::at(
                    line,
                    format!("expected only {what} on the line, found also \"{extra}\""),
                ))
            }
        }
    }

    /// Reads the next token on line `line`; a missing one is an error naming
    /// `what`: `line L: expected {what}, found the end of the line`.
    pub fn same_line(&mut self, line: u64, what: &str) -> Result<Token, Error> {
        match self.skip_blanks(true)? {
            None | Some(b'\n') => Err(Error::at(
                line,
                format!("expected {what}, found the end of the line"),
            )),
            Some(_) => self
                .token()?
                .ok_or_else(|| Error::at(line, format!("expected {what}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every line of `input` as `N` numbers, or the error's text.
    fn lines<const N: usize>(input: &[u8]) -> Result<Vec<[u64; N]>, String> {
        let mut sc = Scanner::new(input);
        let mut out = Vec::new();
        while let Some(line) = sc.line::<N>().map_err(|e| e.to_string())? {
            out.push(line.values);
        }
        Ok(out)
    }

    #[track_caller]
    fn check_error<const N: usize>(input: &str, error: &str) {
        assert_eq!(lines::<N>(input.as_bytes()), Err(error.to_string()));
    }

    /// A reader that hands out one byte per call: every token and line is cut by
    /// the buffer's end, so only the general paths run.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), buf.first_mut()) {
                (Some((&b, rest)), Some(slot)) => {
                    *slot = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    fn trickled<const N: usize>(input: &[u8]) -> Result<Vec<[u64; N]>, String> {
        let mut sc = Scanner::new(Trickle(input));
        let mut out = Vec::new();
        while let Some(line) = sc.line::<N>().map_err(|e| e.to_string())? {
            out.push(line.values);
        }
        Ok(out)
    }

    #[test]
    fn reads_lines_with_crlf_blank_lines_tabs_and_no_final_newline() {
        let input = b"\r\n  34\t12 \r\n\r\n\n15   24\r\n0 0";
        assert_eq!(lines::<2>(input), Ok(vec![[34, 12], [15, 24], [0, 0]]));
        assert_eq!(trickled::<2>(input), lines::<2>(input));
    }

    #[test]
    fn reads_u64_max_and_leading_zeros() {
        let input = b"18446744073709551615 007\n";
        assert_eq!(lines::<2>(input), Ok(vec![[u64::MAX, 7]]));
    }

    #[test]
    fn line_numbers_count_blank_lines_and_the_fast_path() {
        let mut sc = Scanner::new(&b"1 2\n\n3 4\n5 6\r\n"[..]);
        let seen: Vec<u64> = std::iter::from_fn(|| sc.line::<2>().unwrap())
            .map(|l| l.line)
            .collect();
        assert_eq!(seen, [1, 3, 4]);
    }

    #[test]
    fn line_until_stops_at_the_terminator_and_reads_nothing_after_it() {
        let mut sc = Scanner::new(&b"1 1\n0 0\nnot even read\n"[..]);
        assert_eq!(sc.line_until([0, 0]).unwrap().unwrap().values, [1, 1]);
        assert!(sc.line_until([0, 0]).unwrap().is_none());
        let mut sc = Scanner::new(&b"3 2\n5 3"[..]);
        assert!(sc.line_until([0, 0]).unwrap().is_some());
        assert!(sc.line_until([0, 0]).unwrap().is_some());
        assert!(sc.line_until([0, 0]).unwrap().is_none());
    }

    #[test]
    fn names_a_token_that_is_not_a_number() {
        check_error::<2>("34 12\n15 x4\n", "line 2: expected a number, found \"x4\"");
        check_error::<1>(
            "\n\n-15\n",
            "line 3: expected a non-negative number, found \"-15\"",
        );
        check_error::<1>(
            "18446744073709551616\n",
            "line 1: number \"18446744073709551616\" is too large (the largest allowed is 18446744073709551615)",
        );
    }

    #[test]
    fn cuts_a_long_token_short_in_the_message() {
        let long = "9".repeat(40);
        check_error::<1>(
            &long,
            &format!("line 1: number \"{}...\" is too large (the largest allowed is 18446744073709551615)", "9".repeat(24)),
        );
        check_error::<1>("5...", "line 1: expected a number, found \"5...\"");
    }

    #[test]
    fn names_a_missing_or_extra_number_on_the_line() {
        check_error::<2>(
            "34 12\n15\n24\n",
            "line 2: expected a second number, found the end of the line",
        );
        check_error::<3>(
            "1 2",
            "line 1: expected a third number, found the end of the line",
        );
        check_error::<2>(
            "34 12\n15 24 7\n",
            "line 2: expected only two numbers on the line, found also \"7\"",
        );
        check_error::<1>(
            "1\n2 x\n",
            "line 2: expected only one number on the line, found also \"x\"",
        );
    }

    #[test]
    fn positive_rejects_a_zero_naming_the_line() {
        let mut sc = Scanner::new(&b"3 2\n0 5\n"[..]);
        assert_eq!(sc.line::<2>().unwrap().unwrap().positive().unwrap(), [3, 2]);
        let err = sc.line::<2>().unwrap().unwrap().positive().unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: expected a positive number, found \"0\""
        );
    }

    #[test]
    fn tokens_read_across_lines_like_scanf() {
        let mut sc = Scanner::new(&b"9\n2\n1\n4\n"[..]);
        let [x, k] = sc.read(["X", "K"]).unwrap();
        let mut sizes = Vec::new();
        sc.numbers(k, "sizes", |t| {
            sizes.push(t.positive()?);
            Ok(())
        })
        .unwrap();
        sc.expect_end("the sizes").unwrap();
        assert_eq!((x, k, sizes), (9, 2, vec![1, 4]));
    }

    #[test]
    fn numbers_names_how_many_were_read_and_the_last_line() {
        let mut sc = Scanner::new(&b"9 3\n1\n4\n"[..]);
        sc.read(["X", "K"]).unwrap();
        let err = sc.numbers(3, "move sizes", |_| Ok(())).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3: input ended after 2 of the 3 move sizes"
        );
        let mut sc = Scanner::new(&b"9 3\n"[..]);
        sc.read(["X", "K"]).unwrap();
        let err = sc.numbers(3, "move sizes", |_| Ok(())).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1: input ended after 0 of the 3 move sizes"
        );
    }

    #[test]
    fn expect_names_what_is_missing_at_the_end_of_input() {
        let mut sc = Scanner::new(&b"\n9\n\n"[..]);
        sc.expect("X").unwrap();
        let err = sc.expect("K, the number of move sizes").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: expected K, the number of move sizes, found the end of the input"
        );
    }

    #[test]
    fn expect_end_names_the_extra_token() {
        let mut sc = Scanner::new(&b"9 2\n1 4\n\n7\n"[..]);
        sc.read(["X", "K", "a", "b"]).unwrap();
        let err = sc.expect_end("2 move sizes").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 4: expected only 2 move sizes, found also \"7\""
        );
    }

    #[test]
    fn at_most_names_the_value_and_the_bound() {
        let mut sc = Scanner::new(&b"\n10001"[..]);
        let err = sc
            .expect("a size")
            .unwrap()
            .at_most(10_000, "move size")
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: move size \"10001\" is too large (the largest allowed is 10000)"
        );
    }

    /// The first token of `input` read as `T`, through the fast path and through a
    /// one-byte-at-a-time reader (the slow path), which must agree.
    fn int_of<T: TryFrom<i128> + PartialEq + std::fmt::Debug>(input: &str) -> Result<T, String> {
        let read = |sc: &mut Scanner<&mut dyn Read>| -> Result<T, String> {
            let token = sc.expect("x").map_err(|e| e.to_string())?;
            token.int::<T>().map_err(|e| e.to_string())
        };
        let fast = read(&mut Scanner::new(&mut input.as_bytes() as &mut dyn Read));
        let slow = read(&mut Scanner::new(
            &mut Trickle(input.as_bytes()) as &mut dyn Read
        ));
        assert_eq!(fast, slow, "{input:?}");
        fast
    }

    #[test]
    fn int_reads_signed_numbers_and_names_a_bad_token() {
        let ok = |v: i64| Ok::<i64, String>(v);
        let err = |m: &str| Err::<i64, String>(format!("line 1: {m}"));
        for (input, want) in [
            ("-1\n", ok(-1)),
            ("-1", ok(-1)),
            ("0 ", ok(0)),
            ("-0\n", ok(0)),
            ("-007\n", ok(-7)),
            ("42\r\n", ok(42)),
            ("9223372036854775807\n", ok(i64::MAX)),
            ("-9223372036854775808\n", ok(i64::MIN)),
            (
                "9223372036854775808\n",
                err("number \"9223372036854775808\" is too large for i64 (the largest allowed is 9223372036854775807)"),
            ),
            (
                "-9223372036854775809\n",
                err("number \"-9223372036854775809\" is too small for i64 (the smallest allowed is -9223372036854775808)"),
            ),
            (
                "-18446744073709551616\n",
                err("number \"-18446744073709551616\" is too small for i64 (the smallest allowed is -9223372036854775808)"),
            ),
            (
                &format!("-{}", "9".repeat(30)),
                err(&format!("number \"-{}...\" is too small for i64 (the smallest allowed is -9223372036854775808)", "9".repeat(23))),
            ),
            ("-\n", err("expected a number, found \"-\"")),
            ("--1\n", err("expected a number, found \"--1\"")),
            ("1-\n", err("expected a number, found \"1-\"")),
            ("-x\n", err("expected a number, found \"-x\"")),
            ("+1\n", err("expected a number, found \"+1\"")),
            ("\n\n", err("expected x, found the end of the input")),
        ] {
            assert_eq!(int_of::<i64>(input), want, "{input:?}");
        }
    }

    #[test]
    fn int_holds_each_type_to_its_range() {
        let err = |m: &str| format!("line 1: {m}");
        assert_eq!(int_of::<i32>("-2147483648"), Ok(i32::MIN));
        assert_eq!(
            int_of::<i32>("2147483648"),
            Err(err(
                "number \"2147483648\" is too large for i32 (the largest allowed is 2147483647)"
            ))
        );
        assert_eq!(
            int_of::<i8>("-129"),
            Err(err(
                "number \"-129\" is too small for i8 (the smallest allowed is -128)"
            ))
        );
        assert_eq!(int_of::<u8>("255"), Ok(255));
        assert_eq!(
            int_of::<u8>("256"),
            Err(err(
                "number \"256\" is too large for u8 (the largest allowed is 255)"
            ))
        );
        for input in ["-1", "-0"] {
            assert_eq!(
                int_of::<u32>(input),
                Err(err(&format!(
                    "expected a non-negative number, found \"{input}\""
                )))
            );
        }
        assert_eq!(
            int_of::<u64>("-99999999999999999999"),
            Err(err(
                "expected a non-negative number, found \"-99999999999999999999\""
            ))
        );
        // `number` (u64) still refuses a negative number, as before.
        check_error::<1>(
            "-15\n",
            "line 1: expected a non-negative number, found \"-15\"",
        );
    }

    /// std's own parser is the oracle for every type's bounds: what it reads, `int`
    /// reads the same; what it refuses, `int` refuses. (`+1`, which std takes and
    /// scanf too, is left out: the scanner refuses a plus sign.)
    #[test]
    fn int_agrees_with_std_parse_at_every_type_s_bounds() {
        fn agree<T: TryFrom<i128> + PartialEq + std::fmt::Debug + std::str::FromStr>(
            cases: &[String],
        ) {
            for text in cases {
                let ours = int_of::<T>(text).ok();
                let std = text.parse::<T>().ok();
                assert_eq!(ours, std, "{} {text:?}", std::any::type_name::<T>());
            }
        }
        let mut cases: Vec<String> = ["0", "-0", "1", "-1", "00", "-", "", "x", "1x", "--5"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for bound in [
            i128::from(i8::MIN),
            i128::from(i8::MAX),
            i128::from(u8::MAX),
            i128::from(i16::MIN),
            i128::from(i16::MAX),
            i128::from(u16::MAX),
            i128::from(i32::MIN),
            i128::from(i32::MAX),
            i128::from(u32::MAX),
            i128::from(i64::MIN),
            i128::from(i64::MAX),
            i128::from(u64::MAX),
            -i128::from(u64::MAX),
        ] {
            for v in [bound - 1, bound, bound + 1] {
                cases.push(v.to_string());
            }
        }
        cases.retain(|c| !c.is_empty());
        agree::<i8>(&cases);
        agree::<i16>(&cases);
        agree::<i32>(&cases);
        agree::<i64>(&cases);
        agree::<isize>(&cases);
        agree::<u8>(&cases);
        agree::<u16>(&cases);
        agree::<u32>(&cases);
        agree::<u64>(&cases);
        agree::<usize>(&cases);
    }

    #[test]
    fn ints_reads_signed_numbers_across_lines() {
        let mut sc = Scanner::new(&b"-3 5\n-2147483648\n"[..]);
        let [x, y]: [i64; 2] = sc.ints(["x", "y"]).unwrap();
        let [z]: [i32; 1] = sc.ints(["z"]).unwrap();
        assert_eq!((x, y, z), (-3, 5, i32::MIN));
        let err = sc.ints::<i64, 1>(["w, the last"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: expected w, the last, found the end of the input"
        );
    }

    /// Every line of `input` as `N` integers of type `T` ([`Scanner::line_ints`]),
    /// or the error's text; the same through a one-byte-at-a-time reader.
    fn int_lines<T, const N: usize>(input: &[u8]) -> Result<Vec<[T; N]>, String>
    where
        T: TryFrom<i128> + Copy + Default + PartialEq + std::fmt::Debug,
    {
        fn all<T, const N: usize, R: Read>(mut sc: Scanner<R>) -> Result<Vec<[T; N]>, String>
        where
            T: TryFrom<i128> + Copy + Default,
        {
            let mut out = Vec::new();
            while let Some(line) = sc.line_ints::<T, N>().map_err(|e| e.to_string())? {
                out.push(line.values);
            }
            Ok(out)
        }
        let fast = all::<T, N, _>(Scanner::new(input));
        assert_eq!(fast, all::<T, N, _>(Scanner::new(Trickle(input))));
        fast
    }

    #[test]
    fn line_ints_reads_signed_numbers_a_line_at_a_time() {
        let input = b"-3 5\r\n\n 7\t-2147483648 \n-0 2147483647";
        assert_eq!(
            int_lines::<i32, 2>(input),
            Ok(vec![[-3, 5], [7, i32::MIN], [0, i32::MAX]])
        );
        assert_eq!(
            int_lines::<i64, 1>(b"-9223372036854775808\n9223372036854775807\n"),
            Ok(vec![[i64::MIN], [i64::MAX]])
        );
        // Each line says where it stands, blank lines counted.
        let mut sc = Scanner::new(&b"1 -2\n\n-5 6\n"[..]);
        let at: Vec<(u64, [i64; 2])> = std::iter::from_fn(|| sc.line_ints().unwrap())
            .map(|l| (l.line, l.values))
            .collect();
        assert_eq!(at, [(1, [1, -2]), (3, [-5, 6])]);
    }

    #[test]
    fn line_ints_names_the_line_as_line_does_and_the_bound_as_int_does() {
        let cases: [(&str, &str); 7] = [
            ("1 2\n3 2147483648\n", "line 2: number \"2147483648\" is too large for i32 (the largest allowed is 2147483647)"),
            ("1 2\n-3 2147483648\n", "line 2: number \"2147483648\" is too large for i32 (the largest allowed is 2147483647)"),
            ("-2147483649 0\n", "line 1: number \"-2147483649\" is too small for i32 (the smallest allowed is -2147483648)"),
            ("\n-3\n4\n", "line 2: expected a second number, found the end of the line"),
            ("1 -2 -3\n", "line 1: expected only two numbers on the line, found also \"-3\""),
            ("1 -x\n", "line 1: expected a number, found \"-x\""),
            ("- 1\n", "line 1: expected a number, found \"-\""),
        ];
        for (input, error) in cases {
            assert_eq!(
                int_lines::<i32, 2>(input.as_bytes()),
                Err(error.to_string()),
                "{input:?}"
            );
        }
        assert_eq!(
            int_lines::<u32, 1>(b"5\n-1\n"),
            Err("line 2: expected a non-negative number, found \"-1\"".to_string())
        );
    }

    #[test]
    fn memory_stays_one_buffer_for_a_huge_input() {
        // 10 MB of lines through a reader that never holds them all.
        struct Lines(u64);
        impl Read for Lines {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0 == 0 {
                    return Ok(0);
                }
                let line = b"12345 67890\n";
                let n = (buf.len() / line.len()).min(self.0 as usize);
                for chunk in buf.chunks_exact_mut(line.len()).take(n) {
                    chunk.copy_from_slice(line);
                }
                self.0 -= n as u64;
                Ok(n * line.len())
            }
        }
        let mut sc = Scanner::new(Lines(1_000_000));
        let mut count = 0u64;
        while let Some(line) = sc.line::<2>().unwrap() {
            assert_eq!(line.values, [12345, 67890]);
            count += 1;
        }
        assert_eq!(count, 1_000_000);
        assert_eq!(sc.buf.len(), BUFFER);
    }

    /// Writes `lines` as text with the given separators and line ends.
    fn render(lines: &[Vec<u64>], blank: &str, end: &str, final_newline: bool) -> Vec<u8> {
        let mut text = String::new();
        for (i, line) in lines.iter().enumerate() {
            let words: Vec<String> = line.iter().map(u64::to_string).collect();
            text.push_str(&words.join(blank));
            if i + 1 < lines.len() || final_newline {
                text.push_str(end);
            }
        }
        text.into_bytes()
    }

    fn separator() -> impl Strategy<Value = &'static str> {
        prop_oneof![Just(" "), Just("\t"), Just("  "), Just(" \t ")]
    }

    fn line_end() -> impl Strategy<Value = &'static str> {
        prop_oneof![
            Just("\n"),
            Just("\r\n"),
            Just(" \n"),
            Just("\n\n"),
            Just("\r\n\r\n")
        ]
    }

    /// Every token of `sc` through [`Scanner::bytes`], then the error at the end.
    fn all_bytes<R: Read>(mut sc: Scanner<R>) -> (Vec<Vec<u8>>, String) {
        let mut words = Vec::new();
        loop {
            match sc.bytes("a row") {
                Ok(w) => words.push(w),
                Err(e) => return (words, e.to_string()),
            }
        }
    }

    #[test]
    fn bytes_reads_each_token_whole_and_as_written() {
        let input = b"2 3\r\n#.#\n\n 007\t0101\x0b\x0c...\n";
        let want: Vec<&[u8]> = vec![b"2", b"3", b"#.#", b"007", b"0101", b"..."];
        let (words, end) = all_bytes(Scanner::new(&input[..]));
        assert_eq!(words, want);
        assert_eq!(end, "line 4: expected a row, found the end of the input");
        assert_eq!(all_bytes(Scanner::new(Trickle(input))), (words, end));
    }

    #[test]
    fn bytes_reads_a_token_longer_than_the_buffer() {
        let row = "#.".repeat(BUFFER);
        let input = format!("1\n{row}\nz");
        let mut sc = Scanner::new(input.as_bytes());
        assert_eq!(sc.expect("n").unwrap().number().unwrap(), 1);
        assert_eq!(sc.word("the row").unwrap(), row);
        assert_eq!(sc.word("z").unwrap(), "z");
    }

    #[test]
    fn word_refuses_a_token_that_is_not_utf8_naming_its_line() {
        let mut sc = Scanner::new(&b"ok\n\xff\xfe\n"[..]);
        assert_eq!(sc.word("s").unwrap(), "ok");
        let err = sc.word("s").unwrap_err().to_string();
        assert_eq!(
            err,
            "line 2: expected s, found \"\u{fffd}\u{fffd}\", which is not UTF-8"
        );
    }

    #[test]
    fn float_reads_decimals_and_refuses_anything_else_naming_the_token() {
        #[rustfmt::skip]
        let rows: &[(&str, Result<f64, &str>)] = &[
            ("3.25", Ok(3.25)),
            ("-0.5", Ok(-0.5)),
            ("1e-9", Ok(1e-9)),
            ("7", Ok(7.0)),
            (".5", Ok(0.5)),
            ("1,5", Err("line 1: expected x (a decimal number), found \"1,5\"")),
            ("inf", Err("line 1: expected x (a decimal number), found \"inf\"")),
            ("NaN", Err("line 1: expected x (a decimal number), found \"NaN\"")),
            ("1e400", Err("line 1: expected x (a decimal number), found \"1e400\"")),
            ("--1", Err("line 1: expected x (a decimal number), found \"--1\"")),
            ("", Err("line 1: expected x, found the end of the input")),
        ];
        for (input, want) in rows {
            let got = Scanner::new(input.as_bytes())
                .float("x")
                .map_err(|e| e.to_string());
            assert_eq!(got, want.map_err(str::to_string), "{input:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Any bytes read as tokens whole: what splitting on the scanner's blanks
        /// and newlines gives, through a one-byte-at-a-time reader alike.
        #[test]
        fn bytes_splits_any_input_as_its_blanks_do(bytes in prop::collection::vec(
            prop::sample::select(b"ab7-. \t\r\n\x0b\x0c\xff".to_vec()), 0..200)) {
            let want: Vec<Vec<u8>> = bytes
                .split(|&c| c == b'\n' || is_blank(c))
                .filter(|w| !w.is_empty())
                .map(<[u8]>::to_vec)
                .collect();
            let (words, end) = all_bytes(Scanner::new(&bytes[..]));
            prop_assert_eq!(&words, &want);
            prop_assert!(end.ends_with("expected a row, found the end of the input"));
            prop_assert_eq!(all_bytes(Scanner::new(Trickle(&bytes))), (words, end));
        }

        /// Numbers written in any layout read back as written, through the fast
        /// path and through a one-byte-at-a-time reader alike.
        #[test]
        fn lines_round_trip(
            rows in prop::collection::vec(prop::collection::vec(any::<u64>(), 3), 0..40),
            blank in separator(),
            end in line_end(),
            final_newline in any::<bool>(),
        ) {
            let input = render(&rows, blank, end, final_newline);
            let want: Vec<[u64; 3]> = rows.iter().map(|l| [l[0], l[1], l[2]]).collect();
            prop_assert_eq!(lines::<3>(&input), Ok(want.clone()));
            prop_assert_eq!(trickled::<3>(&input), Ok(want));
        }

        /// Lines of signed numbers in any layout read back as written, through the
        /// fast paths and a one-byte-at-a-time reader alike.
        #[test]
        fn signed_lines_round_trip(
            rows in prop::collection::vec(prop::collection::vec(any::<i64>(), 3), 0..40),
            blank in separator(),
            end in line_end(),
            final_newline in any::<bool>(),
        ) {
            let mut input = String::new();
            for (i, row) in rows.iter().enumerate() {
                let words: Vec<String> = row.iter().map(i64::to_string).collect();
                input.push_str(&words.join(blank));
                if i + 1 < rows.len() || final_newline {
                    input.push_str(end);
                }
            }
            let want: Vec<[i64; 3]> = rows.iter().map(|l| [l[0], l[1], l[2]]).collect();
            prop_assert_eq!(int_lines::<i64, 3>(input.as_bytes()), Ok(want));
        }

        /// Signed numbers in any layout read back as written, through the fast
        /// path and through a one-byte-at-a-time reader alike.
        #[test]
        fn signed_tokens_round_trip(
            values in prop::collection::vec(any::<i64>(), 0..100),
            end in line_end(),
        ) {
            let input: String = values.iter().map(|v| format!("{v}{end}")).collect();
            for fast in [true, false] {
                let mut sc: Scanner<Box<dyn Read>> = if fast {
                    Scanner::new(Box::new(input.as_bytes()))
                } else {
                    Scanner::new(Box::new(Trickle(input.as_bytes())))
                };
                let mut read = Vec::new();
                while let Some(t) = sc.token().unwrap() {
                    read.push(t.int::<i64>().unwrap());
                }
                prop_assert_eq!(&read, &values);
            }
        }

        /// Token-wise reading ignores the layout entirely (scanf semantics).
        #[test]
        fn tokens_round_trip_in_any_layout(
            values in prop::collection::vec(any::<u64>(), 0..200),
            per_line in 1usize..7,
            end in line_end(),
        ) {
            let rows: Vec<Vec<u64>> = values.chunks(per_line).map(<[u64]>::to_vec).collect();
            let input = render(&rows, " ", end, true);
            let mut sc = Scanner::new(&input[..]);
            let mut read = Vec::new();
            sc.numbers(values.len() as u64, "values", |t| { read.push(t.number()?); Ok(()) }).unwrap();
            prop_assert!(sc.expect_end("the values").is_ok());
            prop_assert_eq!(read, values);
        }

        /// Arbitrary bytes never panic and never loop: every call ends in a value,
        /// `None`, or an error naming a line that exists.
        #[test]
        fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
            let total_lines = bytes.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
            let check = |r: Result<(), Error>| match r {
                Err(Error::Input { line, .. }) => assert!((1..=total_lines).contains(&line)),
                Err(Error::Io(e)) => panic!("{e}"),
                Ok(()) => {}
            };
            check(lines::<2>(&bytes).map(|_| ()).map_err(|_| Error::at(1, "")));
            let mut sc = Scanner::new(&bytes[..]);
            check((|| { while sc.line::<2>()?.is_some() {} Ok(()) })());
            let mut sc = Scanner::new(&bytes[..]);
            check((|| { while sc.line_until([0])?.is_some() {} Ok(()) })());
            let mut sc = Scanner::new(&bytes[..]);
            check((|| { while sc.line_ints::<i8, 2>()?.is_some() {} Ok(()) })());
            // As `u64`s the signed reader reads what `line` reads, and refuses what it refuses.
            prop_assert_eq!(int_lines::<u64, 2>(&bytes).ok(), lines::<2>(&bytes).ok());
            let mut sc = Scanner::new(Trickle(&bytes));
            check((|| {
                while let Some(t) = sc.token()? { t.number()?; }
                Ok(())
            })());
            let mut sc = Scanner::new(&bytes[..]);
            check((|| {
                while let Some(t) = sc.token()? { t.int::<i64>()?; t.int::<u8>()?; t.int::<i8>()?; }
                Ok(())
            })());
            let mut sc = Scanner::new(&bytes[..]);
            check((|| {
                let [_, k] = sc.read(["X", "K"])?;
                sc.numbers(k.min(1000), "sizes", |t| t.at_most(10, "size").map(|_| ()))?;
                sc.expect_end("the sizes")
            })());
        }
    }
}
