//! Splitting a generator command into words as BAPCtools does (Python's
//! `shlex.split`, POSIX mode, no comments): quotes group, a backslash escapes.

use anyhow::{Result, bail};

/// The words of `line`: `'...'` keeps everything, `"..."` lets a backslash
/// escape `\`, `"`, `$`, `` ` `` and a newline, a backslash outside quotes
/// escapes any character.
pub fn split(line: &str) -> Result<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => bail!("no closing quotation in `{line}`"),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(e @ ('\\' | '"' | '$' | '`' | '\n')) => w.push(e),
                            Some(e) => {
                                w.push('\\');
                                w.push(e);
                            }
                            None => bail!("no closing quotation in `{line}`"),
                        },
                        Some(c) => w.push(c),
                        None => bail!("no closing quotation in `{line}`"),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(e) => word.get_or_insert_with(String::new).push(e),
                None => bail!("no escaped character at the end of `{line}`"),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::split;

    /// Each row: a line and Python's `shlex.split` of it.
    #[test]
    fn splits_as_pythons_shlex() {
        let rows: [(&str, &[&str]); 7] = [
            ("gen.py 5 {seed}", &["gen.py", "5", "{seed}"]),
            ("  a   b  ", &["a", "b"]),
            ("a 'b c' d", &["a", "b c", "d"]),
            (r#"a "b \"c\" \x" d"#, &["a", r#"b "c" \x"#, "d"]),
            (r"a b\ c", &["a", "b c"]),
            ("a ''", &["a", ""]),
            ("x'y'\"z\"", &["xyz"]),
        ];
        for (line, want) in rows {
            assert_eq!(split(line).unwrap(), want, "{line}");
        }
    }

    #[test]
    fn an_unclosed_quote_is_an_error() {
        assert!(split("a 'b").is_err());
        assert!(split("a \"b").is_err());
    }
}
