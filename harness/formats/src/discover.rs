//! Finding test cases: `NAME.in` paired with `NAME.out` (or `NAME.ans`, the Kattis
//! and ICPC name) anywhere under a folder.
//!
//! Owns walking, pairing by path-without-extension, and natural ordering (`2` before
//! `10`). A file without its partner is reported by name, never skipped silently,
//! and so is an input with both an `.out` and an `.ans` (which one is expected?).

use std::cmp::Ordering;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use walkdir::WalkDir;

use judge_model::case::Case;

/// What a testdata folder holds.
#[derive(Debug, Default)]
pub struct Found {
    /// The complete pairs, in natural order.
    pub cases: Vec<Case>,
    /// `.in` files with no `.out` (or `.ans`), and `.out`/`.ans` files with no `.in`.
    pub unpaired: Vec<PathBuf>,
    /// `.in` files with both an `.out` and an `.ans`: neither is judged.
    pub ambiguous: Vec<PathBuf>,
}

/// Walks `dir` for `.in`/`.out` (or `.in`/`.ans`) pairs. Hidden files and folders
/// are ignored.
pub fn cases(dir: &Path) -> Result<Found> {
    let mut inputs = Vec::new();
    let mut outputs = Vec::new();
    let walker = WalkDir::new(dir)
        .follow_links(true)
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
    for entry in walker {
        let entry =
            entry.with_context(|| format!("cannot read testdata folder {}", dir.display()))?;
        if !entry.file_type().is_file() {
            continue;
        }
        let path = entry.into_path();
        match path.extension().and_then(|e| e.to_str()) {
            Some("in") => inputs.push(path),
            Some("out" | "ans") => outputs.push(path),
            _ => {}
        }
    }
    let mut found = Found::default();
    let mut outputs: std::collections::HashSet<PathBuf> = outputs.into_iter().collect();
    for input in inputs {
        let out = outputs.remove(&input.with_extension("out"));
        let ans = outputs.remove(&input.with_extension("ans"));
        let output = match (out, ans) {
            (true, true) => {
                found.ambiguous.push(input);
                continue;
            }
            (true, false) => input.with_extension("out"),
            (false, true) => input.with_extension("ans"),
            (false, false) => {
                found.unpaired.push(input);
                continue;
            }
        };
        found.cases.push(Case {
            name: case_name(dir, &input),
            input,
            output,
        });
    }
    found
        .ambiguous
        .sort_by(|a, b| natural_cmp(&a.to_string_lossy(), &b.to_string_lossy()));
    found.unpaired.extend(outputs);
    found.cases.sort_by(|a, b| natural_cmp(&a.name, &b.name));
    found
        .unpaired
        .sort_by(|a, b| natural_cmp(&a.to_string_lossy(), &b.to_string_lossy()));
    Ok(found)
}

fn case_name(dir: &Path, input: &Path) -> String {
    let rel = input.strip_prefix(dir).unwrap_or(input).with_extension("");
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Orders strings with digit runs compared as numbers: `case2` < `case10`.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) = (a.as_bytes(), b.as_bytes());
    loop {
        match (a.first(), b.first()) {
            (None, None) => return Ordering::Equal,
            (None, _) => return Ordering::Less,
            (_, None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let (da, ra) = split_digits(a);
                let (db, rb) = split_digits(b);
                let (ta, tb) = (trim_zeros(da), trim_zeros(db));
                let ord = ta
                    .len()
                    .cmp(&tb.len())
                    .then_with(|| ta.cmp(tb))
                    .then_with(|| da.len().cmp(&db.len()));
                if ord != Ordering::Equal {
                    return ord;
                }
                (a, b) = (ra, rb);
            }
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(y);
                }
                (a, b) = (&a[1..], &b[1..]);
            }
        }
    }
}

fn split_digits(s: &[u8]) -> (&[u8], &[u8]) {
    let n = s.iter().take_while(|c| c.is_ascii_digit()).count();
    s.split_at(n)
}

fn trim_zeros(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|&&c| c == b'0').count();
    &s[n..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order_puts_2_before_10() {
        let mut v = vec!["case10", "case2", "case1", "b", "a10b", "a2b"];
        v.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(v, ["a2b", "a10b", "b", "case1", "case2", "case10"]);
    }

    #[test]
    fn pairs_inputs_with_outputs_and_reports_the_unpaired() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        std::fs::create_dir(p.join("sub")).unwrap();
        for f in [
            "10.in",
            "10.out",
            "2.in",
            "2.out",
            "sub/1.in",
            "sub/1.out",
            "lonely.in",
            "orphan.out",
            "problem.toml",
        ] {
            std::fs::write(p.join(f), "").unwrap();
        }
        let found = cases(p).unwrap();
        let names: Vec<_> = found.cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["2", "10", "sub/1"]);
        let unpaired: Vec<_> = found
            .unpaired
            .iter()
            .map(|u| u.file_name().unwrap().to_str().unwrap())
            .collect();
        assert_eq!(unpaired, ["lonely.in", "orphan.out"]);
    }

    #[test]
    fn an_ans_file_is_the_expected_output_like_an_out_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        for f in ["1.in", "1.ans", "2.in", "2.out", "stray.ans"] {
            std::fs::write(p.join(f), "").unwrap();
        }
        let found = cases(p).unwrap();
        let pairs: Vec<_> = found
            .cases
            .iter()
            .map(|c| c.output.file_name().unwrap().to_str().unwrap())
            .collect();
        assert_eq!(pairs, ["1.ans", "2.out"]);
        assert_eq!(found.unpaired, [p.join("stray.ans")]);
    }

    #[test]
    fn a_case_with_both_out_and_ans_is_ambiguous_and_not_judged() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        for f in ["1.in", "1.out", "1.ans", "2.in", "2.out"] {
            std::fs::write(p.join(f), "").unwrap();
        }
        let found = cases(p).unwrap();
        assert_eq!(found.ambiguous, [p.join("1.in")]);
        let names: Vec<_> = found.cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["2"]);
        assert!(found.unpaired.is_empty());
    }
}
