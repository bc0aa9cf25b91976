//! A solution's source as it goes into a bundle: `main.rs` and the files its
//! `mod NAME;` items load, read on tokens and spliced into one text.
//!
//! Each `mod NAME;` (outside `#[cfg(test)]` items, which are dropped) becomes
//! `mod NAME { ... }` holding its file's text, recursively, the file found as
//! rustc finds it ([`files`](super::files)); the crate root's text stays as it
//! is, the other files lose their doc-comment lines and line-filling
//! `#[cfg(test)]` items, as library modules do. In a bundle every workspace
//! library and inlined crate is a module at the root, so a path that starts
//! with one's name (`contest::x`, `use proconio::input;`) inside any module but
//! the root becomes `crate::contest::x`; at the root it stays as written.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context as _;

use super::files::{Missing, Place};
use super::inline::{
    Refusal, bundled_text, close_bracket, ends_segment, in_items, lexed, next_names, refuse,
    refuse_include, test_items,
};
use super::lex::{Kind, Token};

/// Where a name is first used: the file (as shown) and its line.
pub type Site = (String, usize);

/// What a solution uses: per workspace library (or inlined crate), the names
/// after `LIB::` (`None`: all of it, as after `use contest::*;`), each with the
/// place that first names it.
pub type Uses = BTreeMap<String, Option<BTreeMap<String, Site>>>;

/// A byte-range replacement in one file.
type Edit = (usize, usize, String);

/// A `mod NAME;` of a solution file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileMod {
    /// The module's name.
    pub name: String,
    /// The line of `mod`.
    pub line: usize,
    /// Its `#[path = "..."]`, if it has one.
    pub path: Option<String>,
    /// The inline modules it is declared in, outermost first, each with its
    /// `#[path]` (outer, or inner `#![path]`).
    pub inline: Vec<(String, Option<String>)>,
    /// The byte range of its `;`.
    pub semi: (usize, usize),
}

/// One solution file read: what it uses, the file modules it declares, and
/// the edits its text needs in the bundle (library paths of nested modules,
/// `#[path]` attributes, which only told rustc where files are).
#[derive(Debug, Default)]
pub struct Scanned {
    /// Library and inlined-crate names it uses.
    pub uses: Uses,
    /// Its `mod NAME;` items, in order.
    pub mods: Vec<FileMod>,
    /// Byte-range replacements, in order.
    pub edits: Vec<Edit>,
}

/// Braces open at a token, and the module structure they make.
#[derive(Debug, Default)]
struct Scope {
    /// Per open `{`: whether it opens a `use` group after `::` (`a::{..}`),
    /// where a name is not a path's first segment.
    braces: Vec<bool>,
    /// Inline `mod NAME {` blocks open: (brace depth inside, name, #[path]).
    mods: Vec<(usize, String, Option<String>)>,
    /// A `#[path = "..."]` waiting for its `mod`.
    path: Option<String>,
}

impl Scope {
    /// Follows the braces at `t[i]`.
    fn step(&mut self, t: &[Token], i: usize) {
        let tok = &t[i];
        if tok.is("{") {
            self.braces.push(i > 0 && t[i - 1].is("::"));
        } else if tok.is("}") {
            self.braces.pop();
            while self.mods.last().is_some_and(|m| m.0 > self.braces.len()) {
                self.mods.pop();
            }
        }
        if tok.is("{") || tok.is("}") || tok.is(";") {
            self.path = None;
        }
    }

    /// Whether a name here is inside a `a::{ .. }` group of a `use`.
    fn in_prefixed_group(&self) -> bool {
        self.braces.iter().any(|&g| g)
    }
}

/// The value of the string literal `tok` (`"a.rs"`, `r"a.rs"`, `r#"a.rs"#`).
fn literal_value(tok: &Token) -> String {
    let text = tok.text;
    let raw = text.strip_prefix('r').map(|r| r.trim_matches('#'));
    raw.unwrap_or(text).trim_matches('"').to_string()
}

/// The `#[path = "..."]` or `#![path = "..."]` at `i`: its value and the index
/// just past it.
fn path_attribute(t: &[Token], i: usize) -> Option<(String, usize)> {
    let inner = t.get(i + 1).is_some_and(|x| x.is("!"));
    let open = if inner { i + 2 } else { i + 1 };
    let is = |k: usize, s: &str| t.get(k).is_some_and(|x| x.is(s));
    let value = t.get(open + 3).filter(|x| x.kind == Kind::Literal)?;
    (t[i].is("#") && is(open, "[") && is(open + 1, "path") && is(open + 2, "="))
        .then(|| (literal_value(value), close_bracket(t, open)))
}

/// Reads one file of a solution: refuses `include!`, `extern crate` of a
/// library, `::LIB` paths and any use of a crate outside the workspace
/// (`foreign`); returns what it uses of `libraries` (the workspace's libraries
/// and the inlined crates, by code name), its `mod NAME;` items and its edits.
/// `nested`: the file is a module below the crate root, so its library paths
/// become `crate::LIB::` (as those in the root file's inline modules do).
pub fn read_solution(
    file: &str,
    src: &str,
    libraries: &[String],
    foreign: &[String],
    nested: bool,
) -> Result<Scanned, Refusal> {
    let lexed = lexed(file, src)?;
    let t = &lexed.tokens;
    let tests = test_items(t);
    let mut out = Scanned::default();
    let mut scope = Scope::default();
    for i in 0..t.len() {
        let tok = &t[i];
        scope.step(t, i);
        if in_items(&tests, i) {
            continue;
        }
        refuse_include(file, t, i)?;
        if let Some((value, end)) = path_attribute(t, i) {
            // An attribute on a line of its own goes with its line break.
            let alone = i == 0 || t[i - 1].line < tok.line;
            let to = match t.get(end) {
                Some(next) if alone && next.line > t[end - 1].line => next.start,
                _ => t[end - 1].end,
            };
            out.edits.push((tok.start, to, String::new()));
            match scope.mods.last_mut() {
                // `mod m { #![path = "d"] ... }`: m's own folder.
                Some(m) if t[i + 1].is("!") => m.2 = Some(value),
                // A file's own `#![path]` names no folder for its children.
                None if t[i + 1].is("!") => {}
                _ => scope.path = Some(value),
            }
            continue;
        }
        if tok.kind != Kind::Ident {
            continue;
        }
        let next = |k: usize| t.get(i + k).map_or("", |x| x.text);
        if tok.is("mod") && t.get(i + 1).is_some_and(|x| x.kind == Kind::Ident) {
            module_item(t, i, &mut scope, &mut out);
            continue;
        }
        if tok.is("extern") && next(1) == "crate" {
            refuse_extern_crate(file, t, i, libraries, foreign)?;
            continue;
        }
        if scope.in_prefixed_group() || !names_library(file, t, i, libraries, foreign)? {
            continue;
        }
        if nested || !scope.mods.is_empty() {
            // In the bundle the library is a module at the root.
            out.edits
                .push((tok.start, tok.start, "crate::".to_string()));
        }
        let used = if next(1) == "::" {
            next_names(t, i + 2)
        } else {
            None // `use contest;` or `use contest as c;`: anything of it
        };
        let used = used.map(|v| {
            v.into_iter()
                .map(|(n, line)| (n, (file.to_string(), line)))
                .collect()
        });
        record_use(&mut out.uses, tok.text, used);
    }
    Ok(out)
}

/// The `mod NAME` at `i`: a `mod NAME;` is recorded for splicing, a
/// `mod NAME {` opens an inline module (with its `#[path]`).
fn module_item(t: &[Token], i: usize, scope: &mut Scope, out: &mut Scanned) {
    let name = t[i + 1].text.to_string();
    let path = scope.path.take();
    match t.get(i + 2) {
        Some(semi) if semi.is(";") => out.mods.push(FileMod {
            name,
            line: t[i].line,
            path,
            inline: scope
                .mods
                .iter()
                .map(|(_, n, p)| (n.clone(), p.clone()))
                .collect(),
            semi: (semi.start, semi.end),
        }),
        Some(open) if open.is("{") => scope.mods.push((scope.braces.len() + 1, name, path)),
        _ => {}
    }
}

/// Refuses the `extern crate NAME` at `i` when NAME is a workspace library or
/// a foreign crate.
fn refuse_extern_crate(
    file: &str,
    t: &[Token],
    i: usize,
    libraries: &[String],
    foreign: &[String],
) -> Result<(), Refusal> {
    let name = t.get(i + 2).map_or("", |x| x.text);
    if libraries.iter().chain(foreign).any(|l| l == name) {
        return refuse(
            file,
            t[i].line,
            format!(
                "`extern crate {name};` cannot be bundled: in a bundle `{name}` is a module; `use {name}::...;` needs no extern crate"
            ),
        );
    }
    Ok(())
}

/// Whether the identifier at `i` starts a path into a workspace library
/// (`LIB::..`, `use LIB`); a `::LIB` path and a foreign crate's path are
/// refused.
fn names_library(
    file: &str,
    t: &[Token],
    i: usize,
    libraries: &[String],
    foreign: &[String],
) -> Result<bool, Refusal> {
    let tok = &t[i];
    let name = tok.text;
    let line = tok.line;
    let is_lib = libraries.iter().any(|l| l == name);
    let is_foreign = foreign.iter().any(|l| l == name);
    if !is_lib && !is_foreign {
        return Ok(false);
    }
    let after_use = i > 0 && t[i - 1].is("use");
    if t.get(i + 1).map_or("", |x| x.text) != "::" && !after_use {
        return Ok(false);
    }
    if i > 0 && t[i - 1].is("::") {
        if i >= 2 && ends_segment(&t[i - 2]) {
            return Ok(false); // `a::contest`: some other path
        }
        if is_lib {
            return refuse(
                file,
                line,
                format!(
                    "`::{name}` names an extern crate, and in a bundle `{name}` is a module: write `{name}::`"
                ),
            );
        }
    }
    if t.get(i.wrapping_sub(1)).is_some_and(|x| x.is(".")) {
        return Ok(false);
    }
    if is_foreign {
        return refuse(
            file,
            line,
            format!(
                "uses `{name}`, a dependency from outside the workspace: a bundle holds std and the workspace's libraries only"
            ),
        );
    }
    Ok(true)
}

/// Adds to `uses` that the solution uses `used` of library `name` (`None`:
/// all of it), keeping the place that first names each item.
pub fn record_use(uses: &mut Uses, name: &str, used: Option<BTreeMap<String, Site>>) {
    let entry = uses
        .entry(name.to_string())
        .or_insert_with(|| Some(BTreeMap::new()));
    match (entry.as_mut(), used) {
        (Some(names), Some(more)) => {
            for (n, site) in more {
                names.entry(n).or_insert(site);
            }
        }
        _ => *entry = None,
    }
}

/// What the expansion needs to know.
pub struct Ctx<'a> {
    /// The problem crate's folder: no file outside it is bundled.
    pub crate_dir: &'a Path,
    /// The code names of the workspace libraries and inlined crates.
    pub libraries: &'a [String],
    /// How a path is shown in messages (relative to the workspace).
    pub shown: &'a dyn Fn(&Path) -> String,
}

/// A solution's files spliced into one text.
#[derive(Debug, Default)]
pub struct Expanded {
    /// The text: main.rs with each `mod NAME;` made `mod NAME { ... }`.
    pub text: String,
    /// What every file uses.
    pub uses: Uses,
    /// The files spliced in, relative to the crate's folder, in order.
    pub files: Vec<String>,
}

/// Reads the solution `main` (a crate root) and the files its modules load.
pub fn expand(ctx: &Ctx, main: &Path) -> anyhow::Result<Expanded> {
    let mut out = Expanded::default();
    let mut stack = Vec::new();
    out.text = file_text(ctx, main, &Place::root(main), false, &mut stack, &mut out)?;
    Ok(out)
}

/// The bundled text of the solution file `path` (at `place`), with its file
/// modules spliced in; `stack` holds the files being spliced (for cycles).
fn file_text(
    ctx: &Ctx,
    path: &Path,
    place: &Place,
    nested: bool,
    stack: &mut Vec<PathBuf>,
    out: &mut Expanded,
) -> anyhow::Result<String> {
    let file = (ctx.shown)(path);
    let src = std::fs::read_to_string(path).with_context(|| format!("cannot read {file}"))?;
    let scanned = read_solution(&file, &src, ctx.libraries, &[], nested)?;
    for (lib, used) in scanned.uses {
        record_use(&mut out.uses, &lib, used);
    }
    stack.push(std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()));
    let mut edits = scanned.edits;
    for m in &scanned.mods {
        let (child, child_place) = child_file(ctx, &file, place, m, stack)?;
        let rel = tidy(child.strip_prefix(ctx.crate_dir).unwrap_or(&child));
        out.files.push(rel.clone());
        let text = file_text(ctx, &child, &child_place, true, stack, out)?;
        let with = format!(" {{ // {rel}, inlined by `cargo judge bundle`\n{text}}}");
        edits.push((m.semi.0, m.semi.1, with));
    }
    stack.pop();
    edits.sort_by_key(|e| e.0);
    let lexed = lexed(&file, &src)?;
    Ok(if nested {
        bundled_text(&src, &lexed, &test_items(&lexed.tokens), &edits)
    } else {
        verbatim(&src, &edits)
    })
}

/// The file `m` (declared in `file`, at `place`) loads and its own place; a
/// file that is missing, doubled, outside the crate's folder or already being
/// spliced is refused at `m`'s line.
fn child_file(
    ctx: &Ctx,
    file: &str,
    place: &Place,
    m: &FileMod,
    stack: &[PathBuf],
) -> Result<(PathBuf, Place), Refusal> {
    let place = m
        .inline
        .iter()
        .fold(place.clone(), |p, (n, attr)| p.inline(n, attr.as_deref()));
    let decl = match &m.path {
        Some(p) => format!("`#[path = {p:?}] mod {};`", m.name),
        None => format!("`mod {};`", m.name),
    };
    let shown = ctx.shown;
    let (child, child_place) = place
        .find(&m.name, m.path.as_deref(), &|p: &Path| p.is_file())
        .or_else(|missing| {
            let why = match missing {
                Missing::Neither(a, b) => {
                    format!(
                        "has no file: neither {} nor {} exists",
                        shown(&a),
                        shown(&b)
                    )
                }
                Missing::Both(a, b) => format!(
                    "is both {} and {}, which rustc refuses too: delete one",
                    shown(&a),
                    shown(&b)
                ),
                Missing::NoPathFile(a) => format!("has no file: {} does not exist", shown(&a)),
            };
            refuse(file, m.line, format!("{decl} {why}"))
        })?;
    let real = std::fs::canonicalize(&child).unwrap_or_else(|_| child.clone());
    let dir = std::fs::canonicalize(ctx.crate_dir).unwrap_or_else(|_| ctx.crate_dir.into());
    if !real.starts_with(&dir) {
        return refuse(
            file,
            m.line,
            format!(
                "{decl} loads {}, outside the problem's crate folder {}: a bundle holds the crate's own files (move it into the crate, or into the library)",
                shown(&child),
                shown(ctx.crate_dir)
            ),
        );
    }
    if stack.contains(&real) {
        return refuse(
            file,
            m.line,
            format!(
                "{decl} loads {} again, inside itself: a cycle of modules, which rustc refuses too",
                shown(&child)
            ),
        );
    }
    Ok((child, child_place))
}

/// `path` without its `.` and `x/..` components (`src/util/../deep.rs` is
/// `src/deep.rs`), for showing: the file was checked to be inside the crate.
fn tidy(path: &Path) -> String {
    use std::path::Component;
    let mut out: Vec<Component> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            _ => out.push(c),
        }
    }
    out.iter().collect::<PathBuf>().display().to_string()
}

/// `src` with `edits` (sorted, not overlapping) applied and nothing else changed.
fn verbatim(src: &str, edits: &[Edit]) -> String {
    let mut out = String::with_capacity(src.len());
    let mut pos = 0;
    for (a, b, with) in edits {
        if *a < pos {
            continue;
        }
        out.push_str(&src[pos..*a]);
        out.push_str(with);
        pos = *b;
    }
    out.push_str(&src[pos..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn solution(src: &str) -> Result<Uses, Refusal> {
        scan(src, false).map(|s| s.uses)
    }

    fn scan(src: &str, nested: bool) -> Result<Scanned, Refusal> {
        read_solution(
            "main.rs",
            src,
            &["contest".into(), "proconio".into()],
            &["rand".into()],
            nested,
        )
    }

    /// `src` with its scan's edits applied.
    fn edited(src: &str, nested: bool) -> String {
        verbatim(src, &scan(src, nested).unwrap().edits)
    }

    #[test]
    fn a_solution_uses_what_its_paths_name() {
        let uses = solution(
            "use contest::{scan::Scanner, Out};\nfn main() { contest::game::run(); let contest = 1; }\n",
        )
        .unwrap();
        let names: Vec<(&str, usize)> = uses["contest"]
            .as_ref()
            .unwrap()
            .iter()
            .map(|(n, (_, line))| (n.as_str(), *line))
            .collect();
        assert_eq!(names, [("Out", 1), ("game", 2), ("scan", 1)]);
        assert!(solution("use contest::*;\n").unwrap()["contest"].is_none());
        assert!(solution("fn main() {}\n").unwrap().is_empty());
    }

    #[test]
    fn a_solution_breaking_the_rules_is_refused_with_its_line() {
        for (src, line, what) in [
            ("\n\nuse rand::Rng;\n", 3, "uses `rand`"),
            ("extern crate contest;\n", 1, "`extern crate contest;`"),
            ("use ::contest::scan;\n", 1, "`::contest`"),
            (
                "mod m {\n    const S: &str = include_str!(\"a\");\n}\n",
                2,
                "`include_str!` reads another file",
            ),
        ] {
            let err = solution(src).unwrap_err();
            assert_eq!(err.line, line, "{src}: {err}");
            assert!(err.message.starts_with(what), "{src}: {err}");
        }
    }

    #[test]
    fn a_solution_may_use_the_library_in_tests_and_functions() {
        let src = "fn main() { { contest::run(); } }\n#[cfg(test)]\nmod tests {\n    use contest::x;\n    mod y;\n}\n";
        let s = scan(src, false).unwrap();
        assert_eq!(s.uses["contest"].as_ref().unwrap().len(), 1);
        assert!(s.mods.is_empty(), "a test module's files stay out");
    }

    #[test]
    fn file_modules_are_recorded_with_their_path_and_inline_modules() {
        let src = "mod a;\n#[path = \"x/b.rs\"]\npub(crate) mod b;\nmod m {\n    #![path = \"d\"]\n    mod n {\n        #[path = r\"c.rs\"] mod c;\n    }\n}\nfn main() {}\n";
        let s = scan(src, false).unwrap();
        let got: Vec<String> = s
            .mods
            .iter()
            .map(|m| {
                format!(
                    "{} line {} path {:?} in {:?}",
                    m.name, m.line, m.path, m.inline
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                "a line 1 path None in []",
                "b line 3 path Some(\"x/b.rs\") in []",
                "c line 7 path Some(\"c.rs\") in [(\"m\", Some(\"d\")), (\"n\", None)]",
            ]
        );
        assert_eq!(&src[s.mods[0].semi.0..s.mods[0].semi.1], ";");
    }

    #[test]
    fn path_attributes_go_from_the_bundled_text() {
        assert_eq!(
            edited(
                "#[path = \"x.rs\"]\nmod x;\nmod m {\n    #![path = \"d\"]\n    fn f() {}\n}\n#[path = \"y.rs\"] mod y;\n",
                false
            ),
            "mod x;\nmod m {\n    fn f() {}\n}\n mod y;\n"
        );
    }

    #[test]
    fn library_paths_in_nested_modules_start_from_the_crate() {
        for (src, nested, expected) in [
            // The root stays as written.
            (
                "use contest::scan;\nfn main() { contest::run(); }\n",
                false,
                "use contest::scan;\nfn main() { contest::run(); }\n",
            ),
            // An inline module of the root, and a whole file below it.
            (
                "mod m {\n    use contest::scan;\n}\n",
                false,
                "mod m {\n    use crate::contest::scan;\n}\n",
            ),
            (
                "use contest::scan;\nfn f() { proconio::input! { n: u8 } }\n",
                true,
                "use crate::contest::scan;\nfn f() { crate::proconio::input! { n: u8 } }\n",
            ),
            (
                "use contest;\nuse {contest::x, std::io};\n",
                true,
                "use crate::contest;\nuse {crate::contest::x, std::io};\n",
            ),
            // Not a path's first segment: left alone.
            (
                "use self::contest::x;\nuse crate::{contest::y};\nfn f(a: A) { a.contest::<u8>(); }\n",
                true,
                "use self::contest::x;\nuse crate::{contest::y};\nfn f(a: A) { a.contest::<u8>(); }\n",
            ),
            // Back at the root after the inline module closes.
            (
                "mod m { fn f() { contest::a(); } }\nfn g() { contest::b(); }\n",
                false,
                "mod m { fn f() { crate::contest::a(); } }\nfn g() { contest::b(); }\n",
            ),
        ] {
            assert_eq!(edited(src, nested), expected, "{src}");
        }
    }

    #[test]
    fn nested_modules_count_their_uses() {
        let s = scan("mod m {\n    use contest::{scan, out};\n}\n", false).unwrap();
        let names: BTreeSet<&String> = s.uses["contest"].as_ref().unwrap().keys().collect();
        assert_eq!(names.len(), 2);
        assert_eq!(
            s.uses["contest"].as_ref().unwrap()["scan"],
            ("main.rs".to_string(), 2)
        );
    }

    /// Expands `files[0]` (a crate root) of a crate made of `files` (path
    /// relative to the crate, text), shown relative to the crate.
    fn expand_files(files: &[(&str, &str)]) -> anyhow::Result<Expanded> {
        let dir = tempfile::tempdir().unwrap();
        let krate = dir.path().join("p");
        for (rel, text) in files {
            let at = krate.join(rel);
            std::fs::create_dir_all(at.parent().unwrap()).unwrap();
            std::fs::write(at, text).unwrap();
        }
        let base = dir.path().to_path_buf();
        let shown = move |p: &Path| p.strip_prefix(&base).unwrap_or(p).display().to_string();
        let ctx = Ctx {
            crate_dir: &krate,
            libraries: &["contest".to_string()],
            shown: &shown,
        };
        expand(&ctx, &krate.join(files[0].0))
    }

    #[test]
    fn file_modules_are_spliced_in_place_recursively() {
        let e = expand_files(&[
            ("src/main.rs", "//! Kept: the root is as written.\nmod util;\n\nfn main() {\n    util::inner::deep::f();\n}\n"),
            ("src/util/mod.rs", "//! Dropped.\n#![allow(dead_code)]\npub mod inner;\n"),
            ("src/util/inner.rs", "/// Dropped.\n#[path = \"deep.rs\"]\npub mod deep;\n#[cfg(test)]\nmod tests;\n"),
            ("src/util/deep.rs", "pub fn f() {\n    contest::run();\n}\n"),
        ])
        .unwrap();
        assert_eq!(
            e.text,
            "//! Kept: the root is as written.\n\
             mod util { // src/util/mod.rs, inlined by `cargo judge bundle`\n\
             #![allow(dead_code)]\n\
             pub mod inner { // src/util/inner.rs, inlined by `cargo judge bundle`\n\
             pub mod deep { // src/util/deep.rs, inlined by `cargo judge bundle`\n\
             pub fn f() {\n    crate::contest::run();\n}\n}\n}\n}\n\
             \nfn main() {\n    util::inner::deep::f();\n}\n"
        );
        assert_eq!(
            e.files,
            ["src/util/mod.rs", "src/util/inner.rs", "src/util/deep.rs"]
        );
        assert_eq!(
            e.uses["contest"].as_ref().unwrap()["run"],
            ("p/src/util/deep.rs".to_string(), 2),
            "a use is placed in its own file"
        );
    }

    #[test]
    fn a_file_reached_through_dot_dot_is_named_plainly() {
        let e = expand_files(&[
            ("src/main.rs", "mod a;\nfn main() {}\n"),
            ("src/a.rs", "#[path = \"./../b.rs\"]\nmod b;\n"),
            ("b.rs", "fn f() {}\n"),
        ])
        .unwrap();
        assert_eq!(e.files, ["src/a.rs", "b.rs"]);
        assert!(e.text.contains("mod b { // b.rs, inlined"), "{}", e.text);
    }

    #[test]
    fn a_module_file_that_cannot_be_spliced_is_refused_at_its_declaration() {
        for (files, expected) in [
            (
                &[("src/main.rs", "fn main() {}\nmod util;\n")][..],
                "p/src/main.rs:2: `mod util;` has no file: neither p/src/util.rs nor p/src/util/mod.rs exists",
            ),
            (
                &[("src/main.rs", "mod a;\n"), ("src/a.rs", "\n\nmod b;\n")],
                "p/src/a.rs:3: `mod b;` has no file: neither p/src/a/b.rs nor p/src/a/b/mod.rs exists",
            ),
            (
                &[
                    ("src/main.rs", "mod a;\n"),
                    ("src/a.rs", ""),
                    ("src/a/mod.rs", ""),
                ],
                "p/src/main.rs:1: `mod a;` is both p/src/a.rs and p/src/a/mod.rs, which rustc refuses too",
            ),
            (
                &[("src/main.rs", "#[path = \"x.rs\"]\nmod a;\n")],
                "p/src/main.rs:2: `#[path = \"x.rs\"] mod a;` has no file: p/src/x.rs does not exist",
            ),
            (
                &[
                    (
                        "src/main.rs",
                        "#[path = \"../../shared.rs\"]\nmod shared;\n",
                    ),
                    ("../shared.rs", ""),
                ],
                "p/src/main.rs:2: `#[path = \"../../shared.rs\"] mod shared;` loads p/src/../../shared.rs, outside the problem's crate folder p",
            ),
            (
                &[
                    ("src/main.rs", "mod a;\n"),
                    ("src/a.rs", "#[path = \"main.rs\"]\nmod again;\n"),
                ],
                "p/src/a.rs:2: `#[path = \"main.rs\"] mod again;` loads p/src/main.rs again, inside itself: a cycle of modules",
            ),
            (
                &[
                    ("src/main.rs", "mod a;\n"),
                    ("src/a.rs", "const A: &str = include_str!(\"a.txt\");\n"),
                ],
                "p/src/a.rs:1: `include_str!` reads another file at compile time",
            ),
        ] {
            let err = format!("{:#}", expand_files(files).unwrap_err());
            assert!(
                err.starts_with(expected),
                "{files:?}:\n{err}\nexpected {expected}"
            );
        }
    }
}
