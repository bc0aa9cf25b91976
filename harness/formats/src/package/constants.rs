//! problem.yaml's `constants` (spec/2025-09.md "Constants"): `{{name}}` in the
//! validators' sources is replaced by the constant's value before they are built.
//!
//! A constant is a value, or (BAPCtools' form) a map with `value` and variants
//! per kind: `FIVE: {value: 5, INT: 5, STRING: "5"}` gives `{{FIVE}}`,
//! `{{INT_FIVE}}` and `{{STRING_FIVE}}`. Sources are copied, replaced, into the
//! build cache, so the package is never written to. Submissions are built as
//! they are (BAPCtools' own test package expects a `{{...}}` in a submission to
//! stay as written).

use std::path::PathBuf;

use anyhow::{Context, Result};

use super::yaml::{Node, Value};
use crate::program;
use judge_model::program::Source;

/// The constants, as `(token, value)` pairs: `("INT_FIVE", "5")`.
pub type Constants = Vec<(String, String)>;

/// The `constants` of problem.yaml (none when absent).
pub fn read(doc: &Node) -> Result<Constants> {
    let mut out = Vec::new();
    let Some(node) = doc.get("constants") else {
        return Ok(out);
    };
    let Value::Map(entries) = &node.value else {
        return Ok(out);
    };
    for (name, value) in entries {
        match &value.value {
            Value::Scalar(v) => out.push((name.clone(), v.clone())),
            Value::Map(kinds) => {
                for (kind, v) in kinds {
                    if let Some(v) = v.as_str() {
                        let token = if kind == "value" {
                            name.clone()
                        } else {
                            format!("{kind}_{name}")
                        };
                        out.push((token, v.to_string()));
                    }
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

/// `text` with every `{{token}}` of `constants` replaced (others left as written).
pub fn substitute(text: &str, constants: &Constants) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let replaced = after.find("}}").and_then(|end| {
            let token = &after[..end];
            constants
                .iter()
                .find(|(t, _)| t == token)
                .map(|(_, v)| (v, end))
        });
        match replaced {
            Some((value, end)) => {
                out.push_str(value);
                rest = &after[end + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The programs with their sources' constants replaced (unchanged without constants).
pub fn apply_all(programs: Vec<Source>, constants: &Constants) -> Result<Vec<Source>> {
    if constants.is_empty() {
        return Ok(programs);
    }
    programs.into_iter().map(|p| apply(p, constants)).collect()
}

/// A copy of `source` with its text files' constants replaced, under the cache.
fn apply(source: Source, constants: &Constants) -> Result<Source> {
    use std::hash::{Hash, Hasher};
    let base = if source.path.is_dir() {
        source.path.clone()
    } else {
        source.path.parent().map(PathBuf::from).unwrap_or_default()
    };
    let mut copies = Vec::new();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for f in &source.all_files {
        let bytes = std::fs::read(f).with_context(|| format!("cannot read {}", f.display()))?;
        let bytes = match String::from_utf8(bytes) {
            Ok(text) => substitute(&text, constants).into_bytes(),
            Err(e) => e.into_bytes(),
        };
        let rel = f.strip_prefix(&base).unwrap_or(f).to_path_buf();
        (&rel, &bytes).hash(&mut hasher);
        copies.push((rel, bytes));
    }
    let root = program::cache_dir()
        .join("constants")
        .join(format!("{:016x}", hasher.finish()));
    for (rel, bytes) in &copies {
        let to = root.join(rel);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&to, bytes).with_context(|| format!("cannot write {}", to.display()))?;
    }
    let path = match source.path.strip_prefix(&base) {
        Ok(rel) if !rel.as_os_str().is_empty() => root.join(rel),
        _ => root.clone(),
    };
    let copy = program::source(&path)?.with_context(|| format!("{}: no source", path.display()))?;
    Ok(Source {
        name: source.name,
        ..copy
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_of_known_constants_are_replaced_and_others_kept() {
        let doc = super::super::yaml::parse(
            "constants:\n  FIVE:\n    value: 5\n    STRING: \"5\"\n  SIX: 6\n",
        )
        .unwrap();
        let c = read(&doc).unwrap();
        assert_eq!(
            substitute("a({{INT_X}}, {{FIVE}}, {{STRING_FIVE}}, {{SIX}}) {{", &c),
            "a({{INT_X}}, 5, 5, 6) {{"
        );
    }
}
