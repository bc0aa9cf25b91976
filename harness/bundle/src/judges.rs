//! The judges a bundle is made for: each one's Rust, edition and the crates it
//! has installed, in one table (docs/bundling.md prints it with the sources).
//!
//! Sources, as of 2026:
//! - AtCoder, 2025 language update: "Rust (rustc 1.89.0)", built as a cargo
//!   project (`cargo build --release`, edition 2021) whose Cargo.toml pins the
//!   crates below: rust-lang-ja/atcoder-proposal (the 2025 proposal, mirrored at
//!   mizar/atcoder-proposal, Cargo.toml "202411から" / "202301から" / "202004から").
//! - Codeforces: "Rust 1.89.0 (2021)" (language id 75) on the submit page's
//!   compiler list; one file, no crates.
//! - std: any judge that compiles one file with `rustc --edition 2021 -O` and
//!   no crates (Kattis, DOMjudge, CSES, ...); its Rust is not known.

use anyhow::{Result, bail};

/// A judge a bundle is made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judge {
    /// The name `--for` and problem.toml's `[source] judge` use (lowercase).
    pub name: &'static str,
    /// How it is called in messages (`AtCoder`).
    pub title: &'static str,
    /// Its Rust version, when known.
    pub rust: Option<&'static str>,
    /// The edition it compiles with.
    pub edition: &'static str,
    /// Crates it has installed: (package, version, features).
    pub installed: &'static [(&'static str, &'static str, &'static [&'static str])],
    /// The largest source file it accepts, in bytes, when known: a bigger bundle
    /// is refused at submission, so `bundle --check` fails on it.
    pub source_limit: Option<usize>,
}

impl Judge {
    /// The version of `package` the judge has installed, if any.
    pub fn installed(&self, package: &str) -> Option<&'static str> {
        self.installed
            .iter()
            .find(|(p, _, _)| *p == package)
            .map(|(_, v, _)| *v)
    }

    /// The features it installs `package` with.
    pub fn features(&self, package: &str) -> &'static [&'static str] {
        self.installed
            .iter()
            .find(|(p, _, _)| *p == package)
            .map_or(&[], |(_, _, f)| f)
    }
}

/// Std only: one file, no crates, Rust unknown.
pub const STD: Judge = Judge {
    name: "std",
    title: "a std-only judge",
    rust: None,
    edition: "2021",
    installed: &[],
    source_limit: None,
};

/// Codeforces: Rust 1.89.0, edition 2021, no crates.
pub const CODEFORCES: Judge = Judge {
    name: "codeforces",
    title: "Codeforces",
    rust: Some("1.89.0"),
    edition: "2021",
    installed: &[],
    // Codeforces refuses a submission whose source is over 64 KiB.
    source_limit: Some(crate::SIZE_LIMIT),
};

/// AtCoder (2025 language update).
pub const ATCODER: Judge = Judge {
    name: "atcoder",
    title: "AtCoder",
    rust: Some("1.89.0"),
    edition: "2021",
    installed: &[
        ("ac-library-rs", "0.1.1", &[]),
        ("alga", "0.9.3", &[]),
        (
            "amplify",
            "4.8.0",
            &["c_raw", "rand", "stringly_conversions"],
        ),
        ("amplify_derive", "4.0.1", &[]),
        ("amplify_num", "0.5.3", &["std"]),
        ("argio", "0.2.0", &[]),
        ("ascii", "1.1.0", &[]),
        ("az", "1.2.1", &[]),
        ("bitset-fixed", "0.1.0", &[]),
        ("bitvec", "1.0.1", &[]),
        ("bstr", "1.11.3", &[]),
        ("btreemultimap", "0.1.1", &[]),
        ("counter", "0.6.0", &[]),
        ("easy-ext", "1.0.2", &[]),
        ("either", "1.13.0", &[]),
        ("fixedbitset", "0.5.7", &[]),
        ("getrandom", "0.2.15", &[]),
        ("glidesort", "0.1.2", &[]),
        ("hashbag", "0.1.12", &[]),
        ("im-rc", "15.1.0", &[]),
        ("indexing", "0.4.1", &["experimental_pointer_ranges"]),
        ("indexmap", "2.5.0", &[]),
        ("itertools", "0.13.0", &[]),
        ("itertools-num", "0.1.3", &[]),
        ("lazy_static", "1.5.0", &[]),
        ("libm", "0.2.11", &[]),
        ("maplit", "1.0.2", &[]),
        ("memoise", "0.3.2", &[]),
        ("multimap", "0.10.0", &[]),
        ("multiversion", "0.8.0", &[]),
        ("nalgebra", "0.33.2", &[]),
        ("ndarray", "0.16.1", &[]),
        ("num", "0.4.3", &[]),
        ("num-bigint", "0.4.6", &[]),
        ("num-complex", "0.4.6", &[]),
        ("num-derive", "0.4.2", &[]),
        ("num-integer", "0.1.46", &[]),
        ("num-iter", "0.1.45", &[]),
        ("num-rational", "0.4.2", &[]),
        ("num-traits", "0.2.19", &[]),
        ("omniswap", "0.1.0", &[]),
        ("once_cell", "1.20.2", &[]),
        ("ordered-float", "4.6.0", &[]),
        ("pathfinding", "4.13.0", &[]),
        ("permutohedron", "0.2.4", &[]),
        ("petgraph", "0.7.0", &[]),
        ("proconio", "0.5.0", &["derive"]),
        ("rand", "0.8.5", &["small_rng", "min_const_gen"]),
        ("rand_chacha", "0.3.1", &[]),
        ("rand_core", "0.6.4", &[]),
        ("rand_distr", "0.4.3", &[]),
        ("rand_hc", "0.3.2", &[]),
        ("rand_pcg", "0.3.1", &[]),
        ("rand_xorshift", "0.3.0", &[]),
        ("rand_xoshiro", "0.6.0", &[]),
        ("recur-fn", "2.2.0", &[]),
        ("regex", "1.11.1", &[]),
        ("rpds", "1.1.0", &[]),
        ("rustc-hash", "2.1.0", &[]),
        (
            "smallvec",
            "1.13.2",
            &["const_generics", "const_new", "write", "union"],
        ),
        ("static_assertions", "1.1.0", &[]),
        ("statrs", "0.18.0", &[]),
        ("superslice", "1.0.0", &[]),
        ("tap", "1.0.1", &[]),
        ("text_io", "0.1.12", &[]),
        ("varisat", "0.2.2", &[]),
    ],
    // Its crates stay `use` lines, so a bundle is the solution's own size.
    source_limit: None,
};

/// Every judge, in the order the docs list them.
pub const JUDGES: [Judge; 3] = [STD, ATCODER, CODEFORCES];

/// The judge called `name` (case-insensitive).
pub fn find(name: &str) -> Result<Judge> {
    let lower = name.to_ascii_lowercase();
    match JUDGES.iter().find(|j| j.name == lower) {
        Some(j) => Ok(*j),
        None => bail!(
            "unknown judge \"{name}\" for a bundle (known: {})",
            JUDGES.map(|j| j.name).join(", ")
        ),
    }
}

/// The judge a problem's `[source] judge` names, std-only for any other.
pub fn of_source(judge: Option<&str>) -> Judge {
    judge.and_then(|j| find(j).ok()).unwrap_or(STD)
}

/// `"1.70"` or `"1.73.0"` as (major, minor, patch).
pub fn version(v: &str) -> Option<(u32, u32, u32)> {
    let mut parts = v.trim().split('.').map(|p| p.parse::<u32>().ok());
    let major = parts.next()??;
    let minor = parts.next().flatten().unwrap_or(0);
    let patch = parts.next().flatten().unwrap_or(0);
    Some((major, minor, patch))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judges_are_found_by_name_in_any_case() {
        assert_eq!(find("AtCoder").unwrap(), ATCODER);
        assert_eq!(find("codeforces").unwrap().rust, Some("1.89.0"));
        assert!(
            find("topcoder")
                .unwrap_err()
                .to_string()
                .contains("known: std, atcoder, codeforces")
        );
        assert_eq!(of_source(Some("POJ")), STD);
        assert_eq!(of_source(Some("Codeforces")), CODEFORCES);
    }

    #[test]
    fn atcoder_has_proconio_and_the_library_installed() {
        assert_eq!(ATCODER.installed("proconio"), Some("0.5.0"));
        assert_eq!(ATCODER.installed("ac-library-rs"), Some("0.1.1"));
        assert_eq!(CODEFORCES.installed("proconio"), None);
    }

    #[test]
    fn versions_compare_as_numbers() {
        assert_eq!(version("1.70"), Some((1, 70, 0)));
        assert!(version("1.9.0") < version("1.10"));
        assert_eq!(version("x"), None);
    }
}
