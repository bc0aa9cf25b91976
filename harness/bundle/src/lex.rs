//! Just enough of a Rust lexer for the bundler: identifiers, `::` and single
//! punctuation characters, with comments, strings, raw strings, byte and char
//! literals and lifetimes told apart, so a `crate::` in a string or a `{` in a
//! comment is never mistaken for code.
//!
//! It does not parse Rust: the bundler only looks for short token patterns
//! (`super :: NAME`, `# [ cfg ( test ) ]`, `mod NAME ;`, ...) that the library
//! contract makes sufficient. Lines are 1-based; byte offsets index the source.

/// What a token is; literals and lifetimes are only told apart from code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An identifier or keyword (`r#raw` identifiers included, with the prefix).
    Ident,
    /// `::`, or one punctuation character.
    Punct,
    /// A string, byte string, raw string, char, byte or number literal.
    Literal,
    /// `'a`, `'static`, a loop label.
    Lifetime,
}

/// One token of the source.
#[derive(Debug, Clone, Copy)]
pub struct Token<'a> {
    /// What it is.
    pub kind: Kind,
    /// Its text in the source.
    pub text: &'a str,
    /// The 1-based line it starts on.
    pub line: usize,
    /// Byte offset of its first character.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
}

impl Token<'_> {
    /// Whether it is the identifier or punctuation `text`.
    pub fn is(&self, text: &str) -> bool {
        matches!(self.kind, Kind::Ident | Kind::Punct) && self.text == text
    }
}

/// A lexed source file.
#[derive(Debug)]
pub struct Lexed<'a> {
    /// The tokens, in order; comments are not tokens.
    pub tokens: Vec<Token<'a>>,
    /// Lines (1-based) that begin inside a string or block comment started on
    /// an earlier line: their text is not code and must be kept as it is.
    pub continued: Vec<usize>,
    /// Lines (1-based) that are a `///` or `//!` doc comment from their first
    /// non-blank character.
    pub doc_lines: Vec<usize>,
}

/// Lexes `src`; an unterminated string or comment is an error `(line, message)`.
pub fn lex(src: &str) -> Result<Lexed<'_>, (usize, String)> {
    let b = src.as_bytes();
    let mut out = Lexed {
        tokens: Vec::new(),
        continued: Vec::new(),
        doc_lines: Vec::new(),
    };
    let mut i = 0;
    let mut line = 1;
    // Whether only blanks precede `i` on its line (for doc-comment lines).
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line += 1;
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let start_line = line;
        let at_line_start = std::mem::replace(&mut line_start, false);
        if b[i..].starts_with(b"//") {
            i = line_comment_end(b, i, line, at_line_start, &mut out.doc_lines);
            continue;
        }
        let mut lines = Lines {
            line: &mut line,
            continued: &mut out.continued,
        };
        let unterminated = |what: &str| (start_line, format!("unterminated {what}"));
        if b[i..].starts_with(b"/*") {
            i = block_comment_end(b, i, &mut lines).ok_or_else(|| unterminated("block comment"))?;
            continue;
        }
        let (kind, end) = token_end(src, i, &mut lines).map_err(unterminated)?;
        i = end;
        out.tokens.push(Token {
            kind,
            text: &src[start..i],
            line: start_line,
            start,
            end: i,
        });
    }
    Ok(out)
}

/// The line being lexed, and where the lines that begin inside a string or
/// block comment are recorded.
struct Lines<'a> {
    line: &'a mut usize,
    continued: &'a mut Vec<usize>,
}

impl Lines<'_> {
    /// A newline inside a string or block comment: the next line continues it.
    fn continue_line(&mut self) {
        *self.line += 1;
        self.continued.push(*self.line);
    }
}

/// Where the `//` comment at `i` on `line` ends (its newline, or the end),
/// noting `line` as a doc line if the comment is one and starts the line.
fn line_comment_end(
    b: &[u8],
    i: usize,
    line: usize,
    at_line_start: bool,
    doc_lines: &mut Vec<usize>,
) -> usize {
    let end = memchr(b'\n', &b[i..]).map_or(b.len(), |n| i + n);
    let text = &b[i..end];
    let doc = (text.starts_with(b"///") && !text.starts_with(b"////")) || text.starts_with(b"//!");
    if doc && at_line_start {
        doc_lines.push(line);
    }
    end
}

/// Where the (possibly nested) `/* */` comment at `i` ends, or `None` if it
/// never does.
fn block_comment_end(b: &[u8], mut i: usize, lines: &mut Lines) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        if i >= b.len() {
            return None;
        }
        if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return Some(i);
            }
        } else {
            if b[i] == b'\n' {
                lines.continue_line();
            }
            i += 1;
        }
    }
}

/// What the token at `i` (not a comment or blank) is and where it ends; an
/// unterminated string is an error naming what is unterminated.
fn token_end(src: &str, i: usize, lines: &mut Lines) -> Result<(Kind, usize), &'static str> {
    let b = src.as_bytes();
    let c = b[i];
    Ok(if let Some(hashes) = raw_string_start(&b[i..]) {
        (Kind::Literal, raw_string_end(b, i, hashes, lines)?)
    } else if c == b'"' || (matches!(c, b'b' | b'c') && b.get(i + 1) == Some(&b'"')) {
        let body = i + if c == b'"' { 1 } else { 2 };
        (Kind::Literal, string_end(b, body, lines)?)
    } else if c == b'\'' || (c == b'b' && b.get(i + 1) == Some(&b'\'')) {
        let body = i + if c == b'\'' { 1 } else { 2 };
        match char_literal_end(src, body) {
            Some(end) => (Kind::Literal, end),
            None => (Kind::Lifetime, ident_end(b, body)),
        }
    } else if c.is_ascii_digit() {
        (Kind::Literal, number_end(b, i))
    } else if is_ident_byte(c) {
        let body = if b[i..].starts_with(b"r#") { i + 2 } else { i };
        (Kind::Ident, ident_end(b, body))
    } else if b[i..].starts_with(b"::") {
        (Kind::Punct, i + 2)
    } else {
        (
            Kind::Punct,
            i + src[i..].chars().next().map_or(1, char::len_utf8),
        )
    })
}

/// Where the raw string at `i` with `hashes` `#`s ends: r"..", r#".."#,
/// br"..", cr#".."# have no escapes and end at `"` + hashes.
fn raw_string_end(
    b: &[u8],
    mut i: usize,
    hashes: usize,
    lines: &mut Lines,
) -> Result<usize, &'static str> {
    i += b[i..]
        .iter()
        .position(|&x| x == b'"')
        .expect("raw string quote")
        + 1;
    let mut close = vec![b'"'];
    close.extend(std::iter::repeat_n(b'#', hashes));
    loop {
        if i >= b.len() {
            return Err("raw string");
        }
        if b[i..].starts_with(&close) {
            return Ok(i + close.len());
        }
        if b[i] == b'\n' {
            lines.continue_line();
        }
        i += 1;
    }
}

/// Where the string whose body starts at `i` (just after the `"`) ends.
fn string_end(b: &[u8], mut i: usize, lines: &mut Lines) -> Result<usize, &'static str> {
    loop {
        match b.get(i) {
            None => return Err("string"),
            Some(b'\\') => i += 2,
            Some(b'"') => return Ok(i + 1),
            Some(b'\n') => {
                lines.continue_line();
                i += 1;
            }
            Some(_) => i += 1,
        }
    }
}

/// Where the number literal at `i` ends (suffix and decimal point included).
fn number_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len()
        && (is_ident_byte(b[i]) || b[i] == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
    {
        i += 1;
    }
    i
}

/// Where the run of identifier characters from `i` ends.
fn ident_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && is_ident_byte(b[i]) {
        i += 1;
    }
    i
}

/// Identifier characters; any non-ASCII byte counts (Unicode identifiers are
/// rare in contest code, and a wrong guess only merges two tokens).
fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

fn memchr(needle: u8, hay: &[u8]) -> Option<usize> {
    hay.iter().position(|&x| x == needle)
}

/// The number of `#`s if `b` starts a raw string (`r"`, `r#"`, `br"`, `cr##"`, ...).
fn raw_string_start(b: &[u8]) -> Option<usize> {
    let rest = match b {
        [b'r', rest @ ..] => rest,
        [b'b' | b'c', b'r', rest @ ..] => rest,
        _ => return None,
    };
    let hashes = rest.iter().take_while(|&&x| x == b'#').count();
    (rest.get(hashes) == Some(&b'"')).then_some(hashes)
}

/// Where a char literal whose body starts at `i` (just after the `'`) ends, or
/// `None` if the `'` starts a lifetime or label instead.
fn char_literal_end(src: &str, i: usize) -> Option<usize> {
    let rest = &src[i..];
    if let Some(escaped) = rest.strip_prefix('\\') {
        // '\n', '\'', '\x7f', '\u{1F600}': up to the next unescaped quote.
        let skip = escaped.chars().next()?.len_utf8();
        let close = escaped[skip..].find('\'')?;
        return Some(i + 1 + skip + close + 1);
    }
    let c = rest.chars().next()?;
    (rest[c.len_utf8()..].starts_with('\'') && c != '\n').then(|| i + c.len_utf8() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<&str> {
        lex(src).unwrap().tokens.iter().map(|t| t.text).collect()
    }

    #[test]
    fn paths_are_identifiers_around_double_colons() {
        assert_eq!(
            texts("use super::scan::{A, b};"),
            [
                "use", "super", "::", "scan", "::", "{", "A", ",", "b", "}", ";"
            ]
        );
    }

    #[test]
    fn strings_and_comments_hide_code() {
        let src = "let s = \"crate::x { \\\" \"; // crate::y\n/* a /* nested */ crate::z */ x";
        assert_eq!(
            texts(src),
            ["let", "s", "=", "\"crate::x { \\\" \"", ";", "x"]
        );
    }

    #[test]
    fn raw_strings_end_at_their_own_hashes() {
        let src = r####"a r##"x "# y"## b br"q" c"####;
        assert_eq!(
            texts(src),
            ["a", r###"r##"x "# y"##"###, "b", r#"br"q""#, "c"]
        );
    }

    #[test]
    fn chars_and_lifetimes_are_told_apart() {
        let src = "fn f<'a>(x: &'a u8) -> char { '{' } b'\\'' '\\u{1F600}' 'é' 'static";
        let lexed = lex(src).unwrap();
        let kinds: Vec<(Kind, &str)> = lexed
            .tokens
            .iter()
            .filter(|t| matches!(t.kind, Kind::Literal | Kind::Lifetime))
            .map(|t| (t.kind, t.text))
            .collect();
        assert_eq!(
            kinds,
            [
                (Kind::Lifetime, "'a"),
                (Kind::Lifetime, "'a"),
                (Kind::Literal, "'{'"),
                (Kind::Literal, "b'\\''"),
                (Kind::Literal, "'\\u{1F600}'"),
                (Kind::Literal, "'é'"),
                (Kind::Lifetime, "'static"),
            ]
        );
    }

    #[test]
    fn lines_inside_multiline_strings_and_comments_are_continued() {
        let src =
            "let a = \"one\n/// two\n\";\n/* x\n} */\n/// doc\n  //! inner\nx; // not a doc line";
        let lexed = lex(src).unwrap();
        assert_eq!(lexed.continued, [2, 3, 5]);
        assert_eq!(lexed.doc_lines, [6, 7]);
        let last = lexed.tokens.last().unwrap();
        assert_eq!((last.text, last.line), (";", 8));
    }

    #[test]
    fn four_slashes_are_not_a_doc_comment() {
        assert!(lex("//// banner\n").unwrap().doc_lines.is_empty());
    }

    #[test]
    fn unterminated_literals_name_their_line() {
        assert_eq!(
            lex("x\n\"abc").unwrap_err(),
            (2, "unterminated string".into())
        );
        assert_eq!(
            lex("/* a /* b */").unwrap_err().1,
            "unterminated block comment"
        );
    }
}
