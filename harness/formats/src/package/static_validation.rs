//! Static validation (spec/2025-09.md "Static validator"), which this judge does
//! not run: a `static_validator/` program given a submission's files, called for
//! each static validation test case that a `test_group.yaml` defines with
//! `static_validation_score`, whose verdict (and score) joins the group's cases.
//!
//! Owns finding those test cases, so that a package that has them is never
//! reported as verified when part of it was not run: each is named in a
//! package error.

use std::path::Path;

use super::yaml;

/// The package error for the static validation of the package at `root`, if it
/// has any: its test cases are not run (or, without a validator, the spec's
/// own error: "It is an error to define static validation test cases without
/// providing a static validator").
pub fn error(root: &Path) -> Option<String> {
    let data = root.join("data");
    let mut groups: Vec<String> = Vec::new();
    let mut folders = vec![data.join("sample"), data.join("secret")];
    if let Ok(entries) = std::fs::read_dir(data.join("secret")) {
        let mut more: Vec<_> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        more.sort();
        folders.extend(more);
    }
    for folder in folders {
        let Ok(text) = std::fs::read_to_string(folder.join("test_group.yaml")) else {
            continue;
        };
        if yaml::parse(&text).is_ok_and(|doc| doc.get("static_validation_score").is_some()) {
            let name = folder.strip_prefix(&data).unwrap_or(&folder);
            groups.push(name.to_string_lossy().into_owned());
        }
    }
    if groups.is_empty() {
        return None;
    }
    let which = groups.join(", ");
    Some(if root.join("static_validator").is_dir() {
        format!(
            "static_validator/: static validation (spec/2025-09.md \"Static validator\") is not \
             supported by this judge; the static validation test cases of {which} were not run"
        )
    } else {
        format!("static_validation_score in {which}, but the package has no static_validator/")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_validation_test_cases_are_named_in_an_error_never_skipped_quietly() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("data/secret/g1")).unwrap();
        std::fs::create_dir_all(root.join("data/secret/g2")).unwrap();
        assert_eq!(error(root), None);
        std::fs::write(
            root.join("data/secret/g2/test_group.yaml"),
            "max_score: 40\nstatic_validation_score: 10\n",
        )
        .unwrap();
        let err = error(root).unwrap();
        assert!(
            err.contains("secret/g2") && err.contains("no static_validator/"),
            "{err}"
        );
        std::fs::create_dir(root.join("static_validator")).unwrap();
        let err = error(root).unwrap();
        assert!(
            err.contains("not supported") && err.contains("secret/g2"),
            "{err}"
        );
    }
}
