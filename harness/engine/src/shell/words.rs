//! How the shell reads a line into words (XCU 2.3, token recognition; 2.2,
//! quoting; 2.6.7, quote removal), as far as the judge needs it: where each word
//! is, what it says once its quotes are removed, and whether the shell would
//! expand part of it first. `'/a b/sol' x` is two words, `/a b/sol` and `x`, as
//! `sh` runs it. A leaf of `shell`.

use std::ops::Range;

/// Characters that end a word and start an operator when unquoted (XCU 2.3,
/// rules 1-6; 2.10.1): lists, pipes, redirections, subshells.
const OPERATORS: &str = ";&|<>()";

/// Characters that start an expansion when unquoted (XCU 2.6; 2.13, patterns).
const EXPANDS: &str = "$`*?[";

/// A word of a line as the shell reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// Where the word is in the line, quotes included.
    pub span: Range<usize>,
    /// Its text after quote removal; `None` when the shell expands part of it
    /// first (a parameter, a command substitution, a glob, a leading `~`), so
    /// what the program receives is not known before it runs.
    pub text: Option<String>,
}

/// How the shell takes one character of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quoting {
    /// Unquoted: blanks and operators end a word, `$`, `` ` `` and globs expand.
    Bare,
    /// Inside `"..."`: only `$` and `` ` `` expand.
    Double,
    /// Literal: inside `'...'`, or after a backslash.
    Literal,
    /// Quote syntax itself (a quote, an escaping backslash, a line continuation),
    /// removed before the program sees the word.
    Removed,
    /// Part of a comment (`#` starting a word, to the end of the line).
    Comment,
}

/// Each character of `line` with its byte offset and how the shell takes it;
/// `None` when a quote is never closed (the shell refuses such a line).
fn lex(line: &str) -> Option<Vec<(usize, char, Quoting)>> {
    let mut out = Vec::with_capacity(line.len());
    let mut chars = line.char_indices().peekable();
    let mut at_word_start = true;
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((j, '\n')) => {
                    out.extend([(i, c, Quoting::Removed), (j, '\n', Quoting::Removed)])
                }
                Some((j, n)) => out.extend([(i, c, Quoting::Removed), (j, n, Quoting::Literal)]),
                None => out.push((i, c, Quoting::Literal)),
            },
            '\'' => {
                out.push((i, c, Quoting::Removed));
                loop {
                    let (j, n) = chars.next()?;
                    if n == '\'' {
                        out.push((j, n, Quoting::Removed));
                        break;
                    }
                    out.push((j, n, Quoting::Literal));
                }
            }
            '"' => {
                out.push((i, c, Quoting::Removed));
                double_quoted(&mut chars, &mut out)?;
            }
            '#' if at_word_start => {
                out.push((i, c, Quoting::Comment));
                while let Some((j, n)) = chars.next_if(|&(_, n)| n != '\n') {
                    out.push((j, n, Quoting::Comment));
                }
            }
            _ => out.push((i, c, Quoting::Bare)),
        }
        at_word_start = out
            .last()
            .is_some_and(|&(_, c, q)| q == Quoting::Bare && ends_word(c));
    }
    Some(out)
}

/// The rest of a `"..."` after its opening quote, through the closing one:
/// a backslash escapes only `$`, `` ` ``, `"`, `\` and a newline (XCU 2.2.3).
fn double_quoted(
    chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>,
    out: &mut Vec<(usize, char, Quoting)>,
) -> Option<()> {
    loop {
        let (j, n) = chars.next()?;
        match n {
            '"' => {
                out.push((j, n, Quoting::Removed));
                return Some(());
            }
            '\\' if chars.peek().is_some_and(|&(_, e)| "$`\"\\\n".contains(e)) => {
                let (k, e) = chars.next()?;
                let how = if e == '\n' {
                    Quoting::Removed
                } else {
                    Quoting::Literal
                };
                out.extend([(j, n, Quoting::Removed), (k, e, how)]);
            }
            _ => out.push((j, n, Quoting::Double)),
        }
    }
}

/// Whether an unquoted `c` ends a word: a blank, a newline or an operator.
fn ends_word(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\n' || OPERATORS.contains(c)
}

/// The words of `line` in order, operators and comments left out; `None` when a
/// quote is never closed.
pub fn split(line: &str) -> Option<Vec<Word>> {
    let mut words: Vec<Word> = Vec::new();
    let mut current: Option<Word> = None;
    for (i, c, how) in lex(line)? {
        if how == Quoting::Comment || how == Quoting::Bare && ends_word(c) {
            words.extend(current.take());
            continue;
        }
        let word = current.get_or_insert_with(|| Word {
            span: i..i,
            text: Some(String::new()),
        });
        let expands = match how {
            Quoting::Bare => EXPANDS.contains(c) || c == '~' && word.span.is_empty(),
            Quoting::Double => c == '$' || c == '`',
            _ => false,
        };
        word.span.end = i + c.len_utf8();
        if expands {
            word.text = None;
        } else if let Some(text) = word.text.as_mut().filter(|_| how != Quoting::Removed) {
            text.push(c);
        }
    }
    words.extend(current);
    Some(words)
}

/// Whether the shell must run `line` as written rather than start one program:
/// an operator or a newline outside quotes (a list, a pipe, a redirection, a
/// subshell), or an expansion (`$`, `` ` ``) outside single quotes. An unclosed
/// quote counts too: it is the shell's to refuse.
pub fn is_compound(line: &str) -> bool {
    lex(line).is_none_or(|chars| {
        chars.iter().any(|&(_, c, how)| match how {
            Quoting::Bare => OPERATORS.contains(c) || "\n$`".contains(c),
            Quoting::Double => c == '$' || c == '`',
            _ => false,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(line: &str) -> Option<Vec<Option<String>>> {
        Some(split(line)?.into_iter().map(|w| w.text).collect())
    }

    #[test]
    fn words_are_what_the_shell_passes_the_program() {
        let s = |w: &str| Some(w.to_string());
        let rows: &[(&str, Option<Vec<Option<String>>>)] = &[
            ("python3 sol.py", Some(vec![s("python3"), s("sol.py")])),
            ("  a\tb\nc ", Some(vec![s("a"), s("b"), s("c")])),
            (
                "python3 '/a b/s.py'",
                Some(vec![s("python3"), s("/a b/s.py")]),
            ),
            ("\"/a b\"/s.py x", Some(vec![s("/a b/s.py"), s("x")])),
            ("/a\\ b/s.py", Some(vec![s("/a b/s.py")])),
            ("'it'\\''s'", Some(vec![s("it's")])),
            ("\"a\\\"b\\c\"", Some(vec![s("a\"b\\c")])),
            (
                "'$HOME' \"$HOME\" $HOME",
                Some(vec![s("$HOME"), None, None]),
            ),
            ("*.py ~/x a~b '~'", Some(vec![None, None, s("a~b"), s("~")])),
            (
                "./gen|./sol<in",
                Some(vec![s("./gen"), s("./sol"), s("in")]),
            ),
            ("./sol 'a;b' # c d", Some(vec![s("./sol"), s("a;b")])),
            ("a#b", Some(vec![s("a#b")])),
            ("a\\\nb", Some(vec![s("ab")])),
            ("''", Some(vec![s("")])),
            ("'open", None),
            ("\"open", None),
        ];
        for (line, want) in rows {
            assert_eq!(texts(line), *want, "{line:?}");
        }
    }

    #[test]
    fn a_words_span_covers_its_quotes() {
        let line = "python3 'a b.py' -v";
        let spans: Vec<&str> = split(line)
            .unwrap()
            .into_iter()
            .map(|w| &line[w.span])
            .collect();
        assert_eq!(spans, ["python3", "'a b.py'", "-v"]);
    }

    #[test]
    fn a_line_is_compound_only_for_what_the_shell_acts_on_outside_quotes() {
        let rows = [
            ("python3 sol.py", false),
            ("python3 '/a (1)/s.py' 'x;y' \"a|b\"", false),
            ("./gen | ./sol", true),
            ("./sol > out", true),
            ("./sol \"$X\"", true),
            ("./sol '$X'", false),
            ("./sol \\$X", false),
            ("a\nb", true),
            ("./sol 'open", true),
        ];
        for (line, want) in rows {
            assert_eq!(is_compound(line), want, "{line:?}");
        }
    }
}
