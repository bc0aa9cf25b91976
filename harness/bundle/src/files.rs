//! Where a solution's `mod NAME;` finds its file, as rustc finds it: the Rust
//! Reference, "Modules" → "Module source filenames" and "The `path` attribute"
//! (rustc_expand's `module.rs`, `mod_dir_path` and `default_submod_path`, is the
//! implementation these rules follow).
//!
//! Every module has a [`Place`]: the folder its children are looked for in and,
//! for a module in a non-mod-rs file (`src/x.rs`), its own name as the first
//! folder below it. The rules, pure (the file system is a callback):
//!
//! - `mod a;` in a mod-rs file (the crate root `main.rs`, any `mod.rs`, a file
//!   loaded through `#[path]`) is `DIR/a.rs` or `DIR/a/mod.rs`; in a non-mod-rs
//!   file `src/x.rs` it is `src/x/a.rs` or `src/x/a/mod.rs`; both existing is an
//!   error, as in rustc.
//! - `#[path = "p"] mod a;` outside inline modules is `p` relative to the
//!   declaring file's folder.
//! - Inside an inline `mod m { }`, the folder is the file's place plus `m` (for
//!   a non-mod-rs file, after its own name): `mod a;` and `#[path = "p"] mod a;`
//!   are looked for there; `#[path = "d"] mod m { }` makes the folder `d`,
//!   relative to the declaring file's folder.

use std::path::{Path, PathBuf};

/// Where a module's `mod NAME;` children are looked for (rustc's `dir_path`
/// and `DirOwnership::Owned { relative }`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The folder.
    pub dir: PathBuf,
    /// For a module from a non-mod-rs file `x.rs`: `x`, a folder below `dir`
    /// that its children (but not its `#[path]`s) are under.
    pub relative: Option<String>,
}

/// Why a `mod NAME;` has no file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Missing {
    /// Neither `NAME.rs` nor `NAME/mod.rs` exists.
    Neither(PathBuf, PathBuf),
    /// Both exist, which rustc refuses.
    Both(PathBuf, PathBuf),
    /// The `#[path]` file does not exist.
    NoPathFile(PathBuf),
}

impl Place {
    /// The crate root's place: the folder of `main.rs` (a mod-rs file).
    pub fn root(file: &Path) -> Place {
        Place {
            dir: file.parent().unwrap_or(Path::new("")).to_path_buf(),
            relative: None,
        }
    }

    /// The place inside the inline `mod name { }` declared here, with its
    /// `#[path]` (outer, or inner `#![path]`) if it has one.
    pub fn inline(&self, name: &str, path: Option<&str>) -> Place {
        let dir = match path {
            // For an inline module the path is a folder, relative to the
            // declaring file's folder (without a non-mod-rs file's own name).
            Some(p) => self.dir.join(p),
            None => self.owned().join(module_file_name(name)),
        };
        Place {
            dir,
            relative: None,
        }
    }

    /// `dir`, then the non-mod-rs file's own name if any.
    fn owned(&self) -> PathBuf {
        match &self.relative {
            Some(r) => self.dir.join(r),
            None => self.dir.clone(),
        }
    }

    /// The file of `mod name;` declared at this place, with `#[path]` `path`
    /// if it has one, and the place of that module's own children. `is_file`
    /// says whether a file exists.
    pub fn find(
        &self,
        name: &str,
        path: Option<&str>,
        is_file: &dyn Fn(&Path) -> bool,
    ) -> Result<(PathBuf, Place), Missing> {
        if let Some(p) = path {
            let file = self.dir.join(p);
            if !is_file(&file) {
                return Err(Missing::NoPathFile(file));
            }
            // "All `#[path]` files are treated as though they are a `mod.rs`
            // file" (rustc): their children are their siblings.
            let place = Place::root(&file);
            return Ok((file, place));
        }
        let name = module_file_name(name);
        let base = self.owned();
        let flat = base.join(format!("{name}.rs"));
        let nested = base.join(name).join("mod.rs");
        match (is_file(&flat), is_file(&nested)) {
            (true, false) => Ok((
                flat,
                Place {
                    dir: base,
                    relative: Some(name.to_string()),
                },
            )),
            (false, true) => {
                let place = Place::root(&nested);
                Ok((nested, place))
            }
            (false, false) => Err(Missing::Neither(flat, nested)),
            (true, true) => Err(Missing::Both(flat, nested)),
        }
    }
}

/// The file name of module `name`: a raw identifier `r#type` is `type.rs`.
fn module_file_name(name: &str) -> &str {
    name.strip_prefix("r#").unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Finds `mod NAME;` (with `path`) declared in `file` inside the inline
    /// modules `inline` (name, #[path]), among the files `existing`: the file
    /// found, or why not.
    fn find(
        file: &str,
        inline: &[(&str, Option<&str>)],
        name: &str,
        path: Option<&str>,
        existing: &[&str],
    ) -> Result<String, Missing> {
        // A file's place comes from how it was found: main.rs and mod.rs are
        // mod-rs files, `src/a/b.rs` is `b` below `src/a`.
        let file = Path::new(file);
        let stem = file.file_stem().unwrap().to_string_lossy().to_string();
        let place = if ["main", "mod", "lib"].contains(&stem.as_str()) {
            Place::root(file)
        } else {
            Place {
                dir: file.parent().unwrap().to_path_buf(),
                relative: Some(stem),
            }
        };
        let place = inline.iter().fold(place, |p, (n, attr)| p.inline(n, *attr));
        let is_file = |p: &Path| existing.iter().any(|e| Path::new(e) == p);
        place
            .find(name, path, &is_file)
            .map(|(f, _)| f.display().to_string())
    }

    #[test]
    fn module_files_are_found_as_the_reference_says() {
        let ok = |s: &str| Ok::<String, Missing>(s.to_string());
        for (file, inline, name, path, existing, expected) in [
            // "Module source filenames": the crate root and mod.rs files.
            (
                "src/main.rs",
                &[][..],
                "util",
                None,
                &["src/util.rs"][..],
                ok("src/util.rs"),
            ),
            (
                "src/main.rs",
                &[],
                "util",
                None,
                &["src/util/mod.rs"],
                ok("src/util/mod.rs"),
            ),
            (
                "src/util/mod.rs",
                &[],
                "inner",
                None,
                &["src/util/inner.rs"],
                ok("src/util/inner.rs"),
            ),
            // A non-mod-rs file's children are in a folder named after it.
            (
                "src/util.rs",
                &[],
                "config",
                None,
                &["src/util/config.rs", "src/config.rs"],
                ok("src/util/config.rs"),
            ),
            (
                "src/a/b.rs",
                &[],
                "c",
                None,
                &["src/a/b/c/mod.rs"],
                ok("src/a/b/c/mod.rs"),
            ),
            (
                "src/main.rs",
                &[],
                "r#type",
                None,
                &["src/type.rs"],
                ok("src/type.rs"),
            ),
            // "The path attribute", outside inline modules: the file's folder.
            (
                "src/a/b.rs",
                &[],
                "c",
                Some("foo.rs"),
                &["src/a/foo.rs"],
                ok("src/a/foo.rs"),
            ),
            (
                "src/a/mod.rs",
                &[],
                "c",
                Some("foo.rs"),
                &["src/a/foo.rs"],
                ok("src/a/foo.rs"),
            ),
            (
                "src/main.rs",
                &[],
                "c",
                Some("../shared/c.rs"),
                &["src/../shared/c.rs"],
                ok("src/../shared/c.rs"),
            ),
            // Inside inline modules: their names are folders.
            (
                "src/a/b.rs",
                &[("inline", None)],
                "inner",
                Some("other.rs"),
                &["src/a/b/inline/other.rs"],
                ok("src/a/b/inline/other.rs"),
            ),
            (
                "src/a/mod.rs",
                &[("inline", None)],
                "inner",
                Some("other.rs"),
                &["src/a/inline/other.rs"],
                ok("src/a/inline/other.rs"),
            ),
            (
                "src/main.rs",
                &[("m", None), ("n", None)],
                "x",
                None,
                &["src/m/n/x.rs"],
                ok("src/m/n/x.rs"),
            ),
            (
                "src/a/b.rs",
                &[("m", None)],
                "x",
                None,
                &["src/a/b/m/x/mod.rs"],
                ok("src/a/b/m/x/mod.rs"),
            ),
            // `#[path = "thread_files"] mod thread { #[path = "tls.rs"] mod local_data; }`
            (
                "src/a/b.rs",
                &[("thread", Some("thread_files"))],
                "local_data",
                Some("tls.rs"),
                &["src/a/thread_files/tls.rs"],
                ok("src/a/thread_files/tls.rs"),
            ),
            (
                "src/main.rs",
                &[("thread", Some("t"))],
                "x",
                None,
                &["src/t/x.rs"],
                ok("src/t/x.rs"),
            ),
        ] {
            let got = find(file, inline, name, path, existing);
            assert_eq!(
                got, expected,
                "mod {name}; in {file} inside {inline:?}, #[path = {path:?}]"
            );
        }
    }

    #[test]
    fn a_file_loaded_through_path_has_its_children_beside_it() {
        let (file, place) = Place::root(Path::new("src/main.rs"))
            .find("deep", Some("x/deep.rs"), &|_| true)
            .unwrap();
        assert_eq!(file, Path::new("src/x/deep.rs"));
        assert_eq!(
            place,
            Place {
                dir: PathBuf::from("src/x"),
                relative: None
            }
        );
    }

    #[test]
    fn a_missing_or_doubled_file_says_which() {
        assert_eq!(
            find("src/main.rs", &[], "util", None, &[]),
            Err(Missing::Neither(
                "src/util.rs".into(),
                "src/util/mod.rs".into()
            ))
        );
        assert_eq!(
            find(
                "src/main.rs",
                &[],
                "util",
                None,
                &["src/util.rs", "src/util/mod.rs"]
            ),
            Err(Missing::Both(
                "src/util.rs".into(),
                "src/util/mod.rs".into()
            ))
        );
        assert_eq!(
            find("src/x.rs", &[], "d", Some("deep.rs"), &["src/x/deep.rs"]),
            Err(Missing::NoPathFile("src/deep.rs".into()))
        );
    }
}
