//! Shell globs for `--case`: a small matcher in place of `globset`.
//!
//! `globset` compiles every glob to a regex, which pulls `regex-automata`,
//! `regex-syntax` and `aho-corasick` into the judge's build (about a quarter of a
//! fresh clone's first `cargo judge`) for a handful of patterns matched against a
//! few hundred case names. This module keeps globset's syntax and meaning as the
//! judge used it (default options: `*` also crosses `/`) and matches with a
//! Thompson simulation, so no pattern can take more than (pattern x name) steps.
//!
//! Syntax: `?` one character; `*` any run of characters; `**` the same, and as
//! its own path component (`**/x`, `a/**`, `a/**/b`) also zero folders; `[abc]`,
//! `[a-z]`, `[!a-z]` or `[^a-z]`, `[[:digit:]]` (the POSIX classes, ASCII only);
//! `{a,b}` alternatives, nested; `\` escapes the next character. As in globset,
//! empty alternatives are dropped (`x{a,}` is `x{a}`), a `]` first in a class and
//! a `-` first or last are literal, and `,` outside braces is a plain comma.

use std::fmt;

/// Why a pattern is not a glob.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A `[` with no `]`.
    UnclosedClass,
    /// A range whose end comes before its start, like `[z-a]`.
    InvalidRange(char, char),
    /// A `}` with no `{`.
    UnopenedAlternates,
    /// A `{` with no `}`.
    UnclosedAlternates,
    /// More than [`MAX_DEPTH`] nested `{`.
    TooDeep,
    /// A `\` at the very end.
    DanglingEscape,
}

/// How deeply `{...}` may nest (globset's limit too).
pub const MAX_DEPTH: usize = 100;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnclosedClass => write!(f, "unclosed character class; missing ']'"),
            Error::InvalidRange(a, b) => write!(f, "invalid character range {a}-{b}"),
            Error::UnopenedAlternates => write!(
                f,
                "unopened alternate group; missing '{{' (maybe escape '}}' with '[}}]'?)"
            ),
            Error::UnclosedAlternates => write!(
                f,
                "unclosed alternate group; missing '}}' (maybe escape '{{' with '[{{]'?)"
            ),
            Error::TooDeep => write!(f, "alternate groups nested too deeply"),
            Error::DanglingEscape => write!(f, "dangling '\\'"),
        }
    }
}

impl std::error::Error for Error {}

/// One parsed element of a pattern.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Literal(char),
    /// `?`
    Any,
    /// `*`
    Star,
    Class {
        negated: bool,
        ranges: Vec<(char, char)>,
    },
    /// `{a,b}`, and the desugared form of `/**/` (one branch may be empty).
    Alternates(Vec<Vec<Token>>),
    /// `**/` (or a lone `**`) at the start of a branch: nothing, a `/`, or
    /// anything ending in `/` (globset's `(?:/?|.*/)`).
    RecursivePrefix,
}

/// A compiled glob.
#[derive(Debug, Clone)]
pub struct Glob {
    program: Vec<Inst>,
}

/// One instruction of the matching automaton.
#[derive(Debug, Clone)]
enum Inst {
    Char(char),
    Any,
    Class {
        negated: bool,
        ranges: Vec<(char, char)>,
    },
    /// Continue at both.
    Split(usize, usize),
    Jump(usize),
    Match,
}

impl Glob {
    /// Parses `pattern`.
    pub fn new(pattern: &str) -> Result<Glob, Error> {
        let tokens = Parser::new(pattern).parse()?;
        let mut program = Vec::new();
        // As in globset, a pattern that is only `**` (or `**/`) matches everything.
        if tokens == [Token::RecursivePrefix] {
            compile(&[Token::Star], &mut program);
        } else {
            compile(&tokens, &mut program);
        }
        program.push(Inst::Match);
        Ok(Glob { program })
    }

    /// Whether the whole of `text` matches.
    pub fn is_match(&self, text: &str) -> bool {
        let mut current = Threads::new(self.program.len());
        let mut next = Threads::new(self.program.len());
        current.add(&self.program, 0);
        for c in text.chars() {
            if current.list.is_empty() {
                return false;
            }
            next.clear();
            for &pc in &current.list {
                let takes = match &self.program[pc] {
                    Inst::Char(want) => *want == c,
                    Inst::Any => true,
                    Inst::Class { negated, ranges } => {
                        ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi) != *negated
                    }
                    Inst::Split(..) | Inst::Jump(_) | Inst::Match => false,
                };
                if takes {
                    next.add(&self.program, pc + 1);
                }
            }
            std::mem::swap(&mut current, &mut next);
        }
        current
            .list
            .iter()
            .any(|&pc| matches!(self.program[pc], Inst::Match))
    }
}

/// The states live at one position of the text, each once.
struct Threads {
    list: Vec<usize>,
    /// `mark[pc] == generation` when `pc` was visited at this position.
    mark: Vec<u64>,
    generation: u64,
    stack: Vec<usize>,
}

impl Threads {
    fn new(len: usize) -> Threads {
        Threads {
            list: Vec::new(),
            mark: vec![0; len],
            generation: 1,
            stack: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.list.clear();
        self.generation += 1;
    }

    /// Adds `pc` and everything reachable from it without reading a character.
    fn add(&mut self, program: &[Inst], pc: usize) {
        self.stack.push(pc);
        while let Some(pc) = self.stack.pop() {
            if std::mem::replace(&mut self.mark[pc], self.generation) == self.generation {
                continue;
            }
            match program[pc] {
                Inst::Split(a, b) => {
                    self.stack.push(b);
                    self.stack.push(a);
                }
                Inst::Jump(to) => self.stack.push(to),
                _ => self.list.push(pc),
            }
        }
    }
}

/// Appends the instructions for `tokens` to `program`.
fn compile(tokens: &[Token], program: &mut Vec<Inst>) {
    for token in tokens {
        match token {
            Token::Literal(c) => program.push(Inst::Char(*c)),
            Token::Any => program.push(Inst::Any),
            Token::Class { negated, ranges } => program.push(Inst::Class {
                negated: *negated,
                ranges: ranges.clone(),
            }),
            Token::Star => {
                // loop: Split(body, out); body: Any; Jump(loop); out:
                let split = program.len();
                program.push(Inst::Split(split + 1, split + 3));
                program.push(Inst::Any);
                program.push(Inst::Jump(split));
            }
            Token::RecursivePrefix => compile(
                &[Token::Alternates(vec![
                    vec![],
                    vec![Token::Literal('/')],
                    vec![Token::Star, Token::Literal('/')],
                ])],
                program,
            ),
            Token::Alternates(branches) => {
                let mut jumps = Vec::new();
                for (i, branch) in branches.iter().enumerate() {
                    if i + 1 < branches.len() {
                        let split = program.len();
                        program.push(Inst::Split(split + 1, 0));
                        compile(branch, program);
                        jumps.push(program.len());
                        program.push(Inst::Jump(0));
                        let next = program.len();
                        program[split] = Inst::Split(split + 1, next);
                    } else {
                        compile(branch, program);
                    }
                }
                let end = program.len();
                for j in jumps {
                    program[j] = Inst::Jump(end);
                }
            }
        }
    }
}

/// globset's parser, token for token (see `globset::glob::Parser`).
struct Parser<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    prev: Option<char>,
    cur: Option<char>,
    /// Open branches; tokens go to the last. The first is the pattern itself.
    branches: Vec<Vec<Token>>,
    /// For each open `{`, the index in `branches` of its first branch.
    groups: Vec<usize>,
}

impl<'a> Parser<'a> {
    fn new(pattern: &'a str) -> Parser<'a> {
        Parser {
            chars: pattern.chars().peekable(),
            prev: None,
            cur: None,
            branches: vec![Vec::new()],
            groups: Vec::new(),
        }
    }

    fn bump(&mut self) -> Option<char> {
        self.prev = self.cur;
        self.cur = self.chars.next();
        self.cur
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn push(&mut self, token: Token) {
        self.branches
            .last_mut()
            .expect("the pattern's own branch is never popped")
            .push(token);
    }

    fn parse(mut self) -> Result<Vec<Token>, Error> {
        while let Some(c) = self.bump() {
            match c {
                '?' => self.push(Token::Any),
                '*' => self.star(),
                '[' => self.class()?,
                '{' => {
                    if self.groups.len() >= MAX_DEPTH {
                        return Err(Error::TooDeep);
                    }
                    self.groups.push(self.branches.len());
                    self.branches.push(Vec::new());
                }
                '}' => {
                    let start = self.groups.pop().ok_or(Error::UnopenedAlternates)?;
                    let mut branches: Vec<Vec<Token>> = self.branches.drain(start..).collect();
                    // globset drops empty alternatives (`{a,}` is `{a}`); with
                    // none left the group matches the empty string.
                    branches.retain(|b| !b.is_empty());
                    if branches.is_empty() {
                        branches.push(Vec::new());
                    }
                    self.push(Token::Alternates(branches));
                }
                ',' if !self.groups.is_empty() => self.branches.push(Vec::new()),
                '\\' => {
                    let escaped = self.bump().ok_or(Error::DanglingEscape)?;
                    self.push(Token::Literal(escaped));
                }
                c => self.push(Token::Literal(c)),
            }
        }
        if !self.groups.is_empty() {
            return Err(Error::UnclosedAlternates);
        }
        Ok(self.branches.pop().unwrap_or_default())
    }

    /// After a `*`: a plain star, or `**` as a path component.
    fn star(&mut self) {
        let prev = self.prev;
        if self.peek() != Some('*') {
            self.push(Token::Star);
            return;
        }
        self.bump();
        let branch_empty = self.branches.last().is_none_or(Vec::is_empty);
        if branch_empty {
            if self.peek().is_none_or(|c| c == '/') {
                self.bump();
                self.push(Token::RecursivePrefix);
            } else {
                self.push(Token::Star);
            }
            return;
        }
        if prev != Some('/') {
            self.push(Token::Star);
            return;
        }
        let suffix = match self.peek() {
            None => true,
            Some(',' | '}') if !self.groups.is_empty() => true,
            Some('/') => {
                self.bump();
                false
            }
            _ => {
                self.push(Token::Star);
                return;
            }
        };
        let branch = self.branches.last_mut().expect("branch is not empty");
        let last = branch.pop().expect("branch is not empty");
        match last {
            // `**/**`: the second adds nothing to the first.
            Token::RecursivePrefix => branch.push(last),
            _ if suffix => {
                // `/**` at the end: a `/` then anything (globset's `/.*`).
                branch.push(Token::Literal('/'));
                branch.push(Token::Star);
            }
            _ => {
                // `/**/`: one `/`, or `/` anything `/` (globset's `(?:/|/.*/)`).
                branch.push(Token::Literal('/'));
                branch.push(Token::Alternates(vec![
                    vec![],
                    vec![Token::Star, Token::Literal('/')],
                ]));
            }
        }
    }

    /// After a `[`: a character class up to its `]`.
    fn class(&mut self) -> Result<(), Error> {
        let negated = matches!(self.peek(), Some('!' | '^'));
        if negated {
            self.bump();
        }
        let mut ranges: Vec<(char, char)> = Vec::new();
        let mut first = true;
        let mut in_range = false;
        loop {
            let c = self.bump().ok_or(Error::UnclosedClass)?;
            match c {
                ']' if !first => break,
                '-' if !first && !in_range => in_range = true,
                '[' if !in_range && self.peek() == Some(':') => match self.posix_class() {
                    Some(class) => ranges.extend_from_slice(class),
                    None => ranges.push(('[', '[')),
                },
                c => {
                    if in_range {
                        let last = ranges.last_mut().expect("a range has a start");
                        if c < last.0 {
                            return Err(Error::InvalidRange(last.0, c));
                        }
                        last.1 = c;
                        in_range = false;
                    } else {
                        ranges.push((c, c));
                    }
                }
            }
            first = false;
        }
        if in_range {
            ranges.push(('-', '-'));
        }
        self.push(Token::Class { negated, ranges });
        Ok(())
    }

    /// `[:name:]` inside a class, the `[` already read; on anything but
    /// `[:letters:]` nothing is consumed.
    fn posix_class(&mut self) -> Option<&'static [(char, char)]> {
        let saved = (self.chars.clone(), self.prev, self.cur);
        self.bump();
        let mut name = String::new();
        loop {
            match self.bump() {
                Some(':') if self.peek() == Some(']') => {
                    // An unknown name is consumed all the same (globset does), so
                    // `[[:nope:]]` is the class of `[` alone.
                    self.bump();
                    return posix_ranges(&name);
                }
                Some(c) if c.is_ascii_lowercase() && name.len() < 8 => name.push(c),
                _ => break,
            }
        }
        (self.chars, self.prev, self.cur) = saved;
        None
    }
}

/// The ASCII ranges of a POSIX class name.
fn posix_ranges(name: &str) -> Option<&'static [(char, char)]> {
    Some(match name {
        "alnum" => &[('0', '9'), ('A', 'Z'), ('a', 'z')],
        "alpha" => &[('A', 'Z'), ('a', 'z')],
        "blank" => &[('\t', '\t'), (' ', ' ')],
        "cntrl" => &[('\x00', '\x1f'), ('\x7f', '\x7f')],
        "digit" => &[('0', '9')],
        "graph" => &[('!', '~')],
        "lower" => &[('a', 'z')],
        "print" => &[(' ', '~')],
        "punct" => &[('!', '/'), (':', '@'), ('[', '`'), ('{', '~')],
        "space" => &[('\t', '\r'), (' ', ' ')],
        "upper" => &[('A', 'Z')],
        "xdigit" => &[('0', '9'), ('A', 'F'), ('a', 'f')],
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(pattern: &str, text: &str) -> bool {
        Glob::new(pattern)
            .unwrap_or_else(|e| panic!("{pattern}: {e}"))
            .is_match(text)
    }

    #[test]
    fn a_literal_matches_only_itself_whole() {
        assert!(matches("01-small", "01-small"));
        assert!(!matches("01-small", "01-smal"));
        assert!(!matches("01-small", "01-smalll"));
        assert!(!matches("01", "x01"));
    }

    #[test]
    fn star_matches_any_run_including_empty_and_slashes() {
        assert!(matches("1*", "1"));
        assert!(matches("1*", "10-big"));
        assert!(!matches("1*", "01"));
        assert!(matches("*big*", "10-big-random"));
        assert!(matches("*", ""));
        assert!(matches("sub*", "sub/01"));
        assert!(matches("*a*a*a*b", "xaxaaab"));
        assert!(!matches(
            "*a*a*a*b",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        ));
    }

    #[test]
    fn question_mark_matches_exactly_one_character() {
        assert!(matches("0?", "01"));
        assert!(!matches("0?", "0"));
        assert!(!matches("0?", "012"));
        assert!(matches("?", "é"));
    }

    #[test]
    fn classes_match_sets_ranges_and_their_complements() {
        assert!(matches("0[12]", "02"));
        assert!(!matches("0[12]", "03"));
        assert!(matches("[a-c]x", "bx"));
        assert!(!matches("[a-c]x", "dx"));
        assert!(matches("[!a-c]x", "dx"));
        assert!(matches("[^a-c]x", "dx"));
        assert!(!matches("[!a-c]x", "ax"));
        assert!(matches("[]]", "]"));
        assert!(matches("[-a]", "-"));
        assert!(matches("[a-]", "-"));
        assert!(matches("[[:digit:]][[:digit:]]-*", "07-x"));
        assert!(!matches("[[:digit:]]", "x"));
        assert!(matches("[[:nope:]]", "["));
    }

    #[test]
    fn braces_match_any_alternative_even_nested() {
        assert!(matches("{01,02}-*", "02-x"));
        assert!(!matches("{01,02}-*", "03-x"));
        assert!(matches("a{b,{c,d}e}", "ade"));
        assert!(!matches("a{b,{c,d}e}", "ad"));
        assert!(matches("a,b", "a,b"));
    }

    #[test]
    fn empty_alternatives_are_dropped_as_globset_does() {
        assert!(matches("x{a,}", "xa"));
        assert!(!matches("x{a,}", "x"));
        assert!(matches("x{}", "x"));
    }

    #[test]
    fn double_star_as_a_component_also_matches_zero_folders() {
        assert!(matches("**", "a/b/c"));
        assert!(matches("**/", "a/b/c"));
        assert!(matches("**/**", "abc"));
        assert!(matches("**/x", "x"));
        assert!(matches("**/x", "a/b/x"));
        assert!(!matches("**/x", "ax"));
        assert!(matches("a/**/b", "a/b"));
        assert!(matches("a/**/b", "a/x/y/b"));
        assert!(!matches("a/**/b", "ab"));
        assert!(matches("a/**", "a/x/y"));
        assert!(!matches("a/**", "a"));
        assert!(matches("a**b", "a/x/b"));
    }

    #[test]
    fn backslash_escapes_the_next_character() {
        assert!(matches(r"\*", "*"));
        assert!(!matches(r"\*", "x"));
        assert!(matches(r"\{a\}", "{a}"));
    }

    #[test]
    fn malformed_patterns_say_what_is_wrong() {
        let err = |p: &str| Glob::new(p).unwrap_err();
        assert_eq!(err("zzz["), Error::UnclosedClass);
        assert_eq!(err("[]"), Error::UnclosedClass);
        assert_eq!(err("[!]"), Error::UnclosedClass);
        assert_eq!(err("[z-a]"), Error::InvalidRange('z', 'a'));
        assert_eq!(err("{a,b"), Error::UnclosedAlternates);
        assert_eq!(err("{a,{b,c}"), Error::UnclosedAlternates);
        assert_eq!(err("a,b}"), Error::UnopenedAlternates);
        assert_eq!(err("{a,b}}"), Error::UnopenedAlternates);
        assert_eq!(err("a\\"), Error::DanglingEscape);
        assert_eq!(err(&"{".repeat(MAX_DEPTH + 1)), Error::TooDeep);
        assert_eq!(
            err("[").to_string(),
            "unclosed character class; missing ']'"
        );
    }

    #[test]
    fn a_pathological_pattern_is_matched_in_linear_steps() {
        let pattern = "*a".repeat(200) + "b";
        let text = "a".repeat(5000);
        let start = std::time::Instant::now();
        assert!(!matches(&pattern, &text));
        // Backtracking would take ~5000^200 steps; the automaton takes 5000 x 600.
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }
}
