//! Standard-library APIs newer than the judge's Rust or the crate's
//! `rust-version`: the judge's compiler would reject them, ours accepts them.
//! Clippy's `incompatible_msrv` lint knows each std item's `#[stable(since)]`;
//! it runs on the bundle itself (`clippy-driver`, with the version as
//! `CARGO_PKG_RUST_VERSION`, which is where clippy reads a crate's MSRV), with
//! the inlined crates' `#[allow(warnings)]` lines taken out so their code is
//! checked too. It sees library items only: a language feature that is too new
//! (say `let ... else` before 1.65) is not caught here.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result};

use super::judges::{self, Judge};

/// The lower of the crate's `rust-version` and the judge's Rust, with whose it
/// is (for the message).
pub fn lowest(rust_version: Option<&str>, judge: Judge) -> Option<(String, String)> {
    let own = rust_version.map(|v| (v.to_string(), "the crate's rust-version".to_string()));
    let judge = judge
        .rust
        .map(|v| (v.to_string(), format!("{} Rust", possessive(judge.title))));
    match (own, judge) {
        (Some(a), Some(b)) => Some(if judges::version(&a.0) <= judges::version(&b.0) {
            a
        } else {
            b
        }),
        (a, b) => a.or(b),
    }
}

/// `AtCoder's`, `Codeforces'`.
fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// `clippy-driver`: `$CLIPPY_DRIVER`, else the one on PATH.
fn driver() -> PathBuf {
    std::env::var_os("CLIPPY_DRIVER").map_or_else(|| PathBuf::from("clippy-driver"), PathBuf::from)
}

/// What the check found.
#[derive(Debug)]
pub enum Found {
    /// Every API is old enough.
    Fine,
    /// One line per API too new: `FILE:LINE:COL: `div_ceil` is stable since
    /// Rust 1.73.0, newer than the crate's rust-version 1.70`.
    TooNew(Vec<String>),
    /// clippy-driver could not be run (not installed): why.
    NotChecked(String),
}

/// Runs the check on `bundle` in `scratch` against `msrv` ((version, whose)).
pub fn check(
    bundle: &Path,
    edition: &str,
    msrv: &(String, String),
    scratch: &Path,
) -> Result<Found> {
    let text = std::fs::read_to_string(bundle)
        .with_context(|| format!("cannot read {}", bundle.display()))?;
    let stem = bundle
        .file_stem()
        .map_or("bundle".into(), |s| s.to_string_lossy().into_owned());
    let copy = scratch.join(format!("{stem}_msrv.rs"));
    let checked: String = text
        .split_inclusive('\n')
        .map(|l| {
            if l.trim() == super::ALLOW_WARNINGS {
                "\n"
            } else {
                l
            }
        })
        .collect();
    std::fs::write(&copy, checked).with_context(|| format!("cannot write {}", copy.display()))?;
    let output = Command::new(driver())
        .current_dir(scratch)
        .env("CARGO_PKG_RUST_VERSION", &msrv.0)
        .args([
            "--edition",
            edition,
            "--crate-type",
            "bin",
            "--emit=metadata",
        ])
        .args([
            "--error-format=json",
            "-W",
            "clippy::incompatible_msrv",
            "-o",
        ])
        .arg(scratch.join(format!("{stem}_msrv.rmeta")))
        .arg(&copy)
        .output();
    let output = match output {
        Ok(o) => o,
        Err(e) => {
            return Ok(Found::NotChecked(format!(
                "cannot run {} ({e}): install it with `rustup component add clippy`",
                driver().display()
            )));
        }
    };
    let found = too_new(
        &String::from_utf8_lossy(&output.stderr),
        &shown(bundle),
        msrv,
    );
    Ok(if found.is_empty() {
        Found::Fine
    } else {
        Found::TooNew(found)
    })
}

/// `target/bundle/NAME.rs` as messages show it.
fn shown(bundle: &Path) -> String {
    let parts: Vec<_> = bundle.iter().collect();
    let n = parts.len();
    if n >= 3 {
        parts[n - 3..]
            .iter()
            .map(|p| p.to_string_lossy())
            .collect::<Vec<_>>()
            .join("/")
    } else {
        bundle.display().to_string()
    }
}

/// Runs `cargo clippy` in a cargo project (the AtCoder check's), whose
/// manifest sets `rust-version`; the diagnostics name `bundle`.
pub fn check_project(
    dir: &Path,
    target: &Path,
    bundle: &Path,
    msrv: &(String, String),
) -> Result<Found> {
    let output = Command::new(judge_engine::build::cargo())
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .args([
            "clippy",
            "--release",
            "--quiet",
            "--message-format=json",
            "--",
            "-W",
            "clippy::incompatible_msrv",
        ])
        .output();
    let output = match output {
        Ok(o) => o,
        Err(e) => return Ok(Found::NotChecked(format!("cannot run cargo clippy: {e}"))),
    };
    let found = too_new(
        &String::from_utf8_lossy(&output.stdout),
        &shown(bundle),
        msrv,
    );
    if !output.status.success() && found.is_empty() {
        let err = String::from_utf8_lossy(&output.stderr);
        if err.contains("no such command") || err.contains("not installed") {
            return Ok(Found::NotChecked(format!(
                "cargo clippy is not installed: {}",
                err.trim()
            )));
        }
    }
    Ok(if found.is_empty() {
        Found::Fine
    } else {
        Found::TooNew(found)
    })
}

/// The `incompatible_msrv` diagnostics in rustc's JSON output, one line each.
/// (Lines of cargo's `--message-format=json` carry it under `message`.)
pub fn too_new(json: &str, file: &str, msrv: &(String, String)) -> Vec<String> {
    let mut out = Vec::new();
    for line in json.lines().filter(|l| l.starts_with('{')) {
        let Ok(mut d) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if d["reason"] == "compiler-message" {
            d = d["message"].take();
        }
        if d["code"]["code"] != "clippy::incompatible_msrv" {
            continue;
        }
        let message = d["message"].as_str().unwrap_or("");
        let since = message
            .rsplit("stable since `")
            .next()
            .and_then(|s| s.split('`').next())
            .unwrap_or("?");
        let Some(span) = d["spans"].as_array().and_then(|s| s.first()) else {
            continue;
        };
        let api = span["text"][0]["text"]
            .as_str()
            .and_then(|t| {
                let a = span["text"][0]["highlight_start"].as_u64()? as usize;
                let b = span["text"][0]["highlight_end"].as_u64()? as usize;
                t.chars()
                    .skip(a.saturating_sub(1))
                    .take(b.saturating_sub(a))
                    .collect::<String>()
                    .into()
            })
            .unwrap_or_default();
        let api = api
            .split(['(', '<', ' '])
            .next()
            .unwrap_or("")
            .trim_start_matches("::");
        out.push(format!(
            "{file}:{}:{}: `{api}` is stable since Rust {since}, newer than {} {}",
            span["line_start"], span["column_start"], msrv.1, msrv.0
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lower_version_wins() {
        let cf = judges::CODEFORCES;
        assert_eq!(lowest(Some("1.70"), cf).unwrap().0, "1.70");
        assert_eq!(
            lowest(Some("1.90"), cf).unwrap(),
            ("1.89.0".into(), "Codeforces' Rust".into())
        );
        assert_eq!(lowest(None, judges::STD), None);
    }

    #[test]
    fn a_diagnostic_names_the_api_and_the_version() {
        let json = r#"{"$message_type":"diagnostic","message":"current MSRV (Minimum Supported Rust Version) is `1.70.0` but this item is stable since `1.73.0`","code":{"code":"clippy::incompatible_msrv","explanation":null},"level":"warning","spans":[{"file_name":"a.rs","line_start":3,"column_start":22,"is_primary":true,"text":[{"text":"    println!(\"{}\", n.div_ceil(2));","highlight_start":22,"highlight_end":33}]}]}
{"message":"length comparison to zero","code":{"code":"clippy::len_zero"},"spans":[]}"#;
        let msrv = ("1.70".to_string(), "the crate's rust-version".to_string());
        assert_eq!(
            too_new(json, "target/bundle/x.rs", &msrv),
            [
                "target/bundle/x.rs:3:22: `div_ceil` is stable since Rust 1.73.0, newer than the crate's rust-version 1.70"
            ]
        );
    }
}
