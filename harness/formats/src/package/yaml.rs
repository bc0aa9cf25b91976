//! A small YAML document tree for `problem.yaml` and `testdata.yaml`.
//!
//! The events come from `saphyr-parser` (the maintained pure-Rust successor of
//! yaml-rust: full YAML 1.2 syntax, no C, two small crates); this module only folds
//! them into maps, sequences and scalars, each with the line it starts on, so a bad
//! value can be reported as `problem.yaml:7: ...`. The full `saphyr` tree crate was
//! not used: it pulls in `encoding_rs` and `hashlink`, three times the build time,
//! for features (anchors with merge keys, encodings) a problem package never needs.

use anyhow::{Result, bail};
use saphyr_parser::{Event, Parser, ScalarStyle};

/// A YAML value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A scalar, as written (`null`, `~` and an empty value are [`Value::Null`]).
    Scalar(String),
    /// A sequence.
    Seq(Vec<Node>),
    /// A mapping, in file order (keys are scalars).
    Map(Vec<(String, Node)>),
    /// No value.
    Null,
}

/// A value and the (1-based) line it starts on.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The value.
    pub value: Value,
    /// The line of the file it starts on.
    pub line: usize,
}

impl Node {
    /// The value under `key`, if this is a mapping that has it.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The scalar text, if this is a scalar.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::Scalar(s) => Some(s),
            _ => None,
        }
    }

    /// Whether this is the null value (or an empty one).
    pub fn is_null(&self) -> bool {
        self.value == Value::Null
    }
}

/// Parses one YAML document. An empty file is an empty mapping.
pub fn parse(text: &str) -> Result<Node> {
    let mut parser = Parser::new_from_str(text);
    // A stack of values being built: each entry is the container and, for maps,
    // the key waiting for its value.
    let mut stack: Vec<(Node, Option<String>)> = Vec::new();
    let mut root: Option<Node> = None;
    while let Some(event) = parser.next_event() {
        let (event, span) = match event {
            Ok(e) => e,
            Err(e) => bail!(
                "line {}, column {}: {}",
                e.marker().line(),
                e.marker().col() + 1,
                e.info()
            ),
        };
        let line = span.start.line();
        let done = match event {
            Event::StreamStart | Event::DocumentStart(_) | Event::Nothing => continue,
            Event::StreamEnd | Event::DocumentEnd => break,
            Event::Alias(_) => bail!("line {line}: YAML aliases (*name) are not supported here"),
            Event::Scalar(text, style, _, _) => {
                let plain_null = style == ScalarStyle::Plain
                    && matches!(text.as_ref(), "" | "~" | "null" | "Null" | "NULL");
                Node {
                    value: if plain_null {
                        Value::Null
                    } else {
                        Value::Scalar(text.into_owned())
                    },
                    line,
                }
            }
            Event::SequenceStart(..) => {
                stack.push((
                    Node {
                        value: Value::Seq(Vec::new()),
                        line,
                    },
                    None,
                ));
                continue;
            }
            Event::MappingStart(..) => {
                stack.push((
                    Node {
                        value: Value::Map(Vec::new()),
                        line,
                    },
                    None,
                ));
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => match stack.pop() {
                Some((node, None)) => node,
                Some((_, Some(key))) => bail!("line {line}: key \"{key}\" has no value"),
                None => bail!("line {line}: unbalanced YAML"),
            },
        };
        match stack.last_mut() {
            None => {
                root = Some(done);
                break;
            }
            Some((container, pending)) => match &mut container.value {
                Value::Seq(items) => items.push(done),
                Value::Map(entries) => match pending.take() {
                    Some(key) => {
                        if entries.iter().any(|(k, _)| *k == key) {
                            bail!("line {}: key \"{key}\" appears twice", done.line);
                        }
                        entries.push((key, done));
                    }
                    None => match done.value {
                        Value::Scalar(key) => *pending = Some(key),
                        Value::Null => *pending = Some(String::new()),
                        _ => bail!("line {}: a mapping key must be plain text", done.line),
                    },
                },
                _ => unreachable!("only containers are pushed"),
            },
        }
    }
    Ok(root.unwrap_or(Node {
        value: Value::Map(Vec::new()),
        line: 1,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_nested_maps_lists_and_scalars_with_their_lines() {
        let doc = parse(
            "name: Hello\n# a comment\nlimits:\n  time_limit: 1.5\n  memory: 512\n\
             type: [pass-fail, interactive]\nkeywords:\n  - a\n  - 'b c'\nsource:\n",
        )
        .unwrap();
        assert_eq!(doc.get("name").unwrap().as_str(), Some("Hello"));
        let limits = doc.get("limits").unwrap();
        assert_eq!(limits.line, 4);
        assert_eq!(limits.get("time_limit").unwrap().as_str(), Some("1.5"));
        assert_eq!(limits.get("memory").unwrap().line, 5);
        let Value::Seq(types) = &doc.get("type").unwrap().value else {
            panic!("type is a list")
        };
        assert_eq!(types[1].as_str(), Some("interactive"));
        let Value::Seq(words) = &doc.get("keywords").unwrap().value else {
            panic!("keywords is a list")
        };
        assert_eq!(words[1].as_str(), Some("b c"));
        assert!(doc.get("source").unwrap().is_null());
    }

    #[test]
    fn a_quoted_null_is_text() {
        let doc = parse("a: 'null'\nb: null\n").unwrap();
        assert_eq!(doc.get("a").unwrap().as_str(), Some("null"));
        assert!(doc.get("b").unwrap().is_null());
    }

    #[test]
    fn an_empty_file_is_an_empty_map() {
        assert_eq!(parse("").unwrap().value, Value::Map(Vec::new()));
        assert_eq!(
            parse("# only a comment\n").unwrap().value,
            Value::Map(Vec::new())
        );
    }

    #[test]
    fn a_syntax_error_names_its_line() {
        let err = parse("limits:\n  memory: 5\n bad: [\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("line "), "{err}");
    }

    #[test]
    fn a_repeated_key_is_an_error_naming_it() {
        let err = parse("a: 1\na: 2\n").unwrap_err().to_string();
        assert_eq!(err, "line 2: key \"a\" appears twice");
    }
}
