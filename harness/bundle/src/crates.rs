//! Crates from outside the workspace (crates.io, git, path), inlined into a
//! bundle the way cargo-equip does it: each crate becomes a module of the one
//! file, `pub mod NAME { ... }` at the root, its `mod x;` files spliced in as
//! `mod x { ... }`, and its paths rewritten so they still resolve there:
//!
//! - `crate::` becomes `crate::NAME::`, and `$crate` in a `macro_rules!` body
//!   `$crate::NAME` (`$crate` is the bundle's root when the macro expands);
//! - a `#[macro_export]` macro loses the attribute (it would land at the
//!   bundle's root, clashing with the solution's `use krate::mac;`) and gains a
//!   `pub(crate) use mac;` after it, plus one in the crate's module when it is
//!   defined deeper, so `krate::mac!` and `$crate::krate::mac!` resolve;
//! - a path into one of its own dependencies (`dep::x`, `::dep::x`, `use dep;`,
//!   renamed or through `extern crate dep as d;`) becomes `crate::DEP::x`, or
//!   `::dep::x` when the judge has `dep` installed;
//! - edition 2015's crate-relative `use a::b;` becomes `use crate::NAME::a::b;`;
//! - `#[cfg]` on its features, `test`, `doc` is decided (features from cargo's
//!   resolve), `///` and `//!` lines and `#[doc]` attributes dropped.
//!
//! Only what is used is kept, at the grain of the crate root's modules: the
//! solution's `krate::NAME` paths, then what those modules name through
//! `crate::`/`$crate::`/`super::` paths and macro calls, to a fixed point; the
//! root's own items are always kept and count as uses. The tokens come from the
//! bundler's lexer (lex.rs): no Rust parser is built into the judge.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::cfg::{self, Known};
use super::inline::{Refusal, close_bracket, next_names, starts_path};
use super::lex::{self, Kind, Token};

/// A package from outside the workspace, as `cargo metadata` resolved it.
#[derive(Debug, Clone)]
pub struct Crate {
    /// Its package name (`ac-library-rs`).
    pub name: String,
    /// Its version.
    pub version: String,
    /// Its lib target's name (`ac_library`).
    pub lib: String,
    /// Its lib target's root file.
    pub root: PathBuf,
    /// Its edition.
    pub edition: String,
    /// Whether its lib is a proc-macro.
    pub proc_macro: bool,
    /// Whether it has a build script.
    pub build_script: bool,
    /// Its enabled features.
    pub features: BTreeSet<String>,
    /// Its normal dependencies: the name its code uses -> package id.
    pub deps: BTreeMap<String, String>,
}

/// A byte-range replacement in one source file.
type Edit = (usize, usize, String);

/// Names a piece of a crate needs.
#[derive(Debug, Clone, Default)]
struct Refs {
    /// Names of the crate root (modules, re-exports, macros) it reaches.
    names: BTreeSet<String>,
    /// Paths into its dependencies: dep code name -> names after it (`None`: all).
    deps: BTreeMap<String, Option<BTreeSet<String>>>,
}

/// One file scanned: the edits that make its bundled text, and what it needs.
#[derive(Debug, Default)]
struct Scan {
    edits: Vec<Edit>,
    /// (byte position, what is needed there), so a root item gets its own.
    refs: Vec<(usize, Ref)>,
    /// `#[macro_export]` macros below the crate root: (position, module path, name).
    macros: Vec<(usize, Vec<String>, String)>,
}

#[derive(Debug, Clone)]
enum Ref {
    Name(String),
    Dep(String, Option<BTreeSet<String>>),
}

/// What the scanner needs to know about the crate being inlined.
pub struct Ctx<'a> {
    /// The crate.
    pub krate: &'a Crate,
    /// Its module's name in the bundle.
    pub module: &'a str,
    /// What each dependency's path becomes (`crate::dep` or `::dep`).
    pub dep_paths: &'a BTreeMap<String, String>,
    /// How a path is shown in messages.
    pub shown: &'a dyn Fn(&Path) -> String,
}

fn refusal(file: &str, line: usize, message: String) -> anyhow::Error {
    Refusal {
        file: file.to_string(),
        line,
        message,
    }
    .into()
}

/// The items `fn`, `struct`... start with: a `#[cfg]` that is off drops the
/// item only when it is one of these (a field or match arm keeps its settled
/// predicate and rustc drops it).
const ITEM_WORDS: [&str; 17] = [
    "pub",
    "fn",
    "mod",
    "use",
    "impl",
    "struct",
    "enum",
    "trait",
    "type",
    "const",
    "static",
    "macro_rules",
    "extern",
    "unsafe",
    "async",
    "union",
    "let",
];

/// The index of the last token of the item starting at `j` (after its
/// attributes), if it starts with an item keyword.
fn item_end(t: &[Token], mut j: usize) -> Option<usize> {
    while t.get(j).is_some_and(|x| x.is("#")) && t.get(j + 1).is_some_and(|x| x.is("[")) {
        j = close_bracket(t, j + 1);
    }
    if !ITEM_WORDS.contains(&t.get(j)?.text) {
        return None;
    }
    let mut depth = 0i64;
    while j < t.len() {
        let x = &t[j];
        if x.kind == Kind::Punct {
            match x.text {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" => depth -= 1,
                "}" => {
                    depth -= 1;
                    if depth == 0 {
                        let semi = t.get(j + 1).is_some_and(|y| y.is(";"));
                        return Some(if semi { j + 1 } else { j });
                    }
                }
                ";" if depth == 0 => return Some(j),
                _ => {}
            }
            if depth < 0 {
                return Some(j - 1);
            }
        }
        j += 1;
    }
    Some(t.len() - 1)
}

/// `src` with `edits` applied within `from..to` (edits sorted by start; one
/// starting inside an earlier one is dropped: a deleted item swallows its own).
fn apply(src: &str, edits: &[Edit], from: usize, to: usize) -> String {
    let mut out = String::new();
    let mut pos = from;
    for (a, b, with) in edits {
        // An insertion right at the end belongs to this range (a macro's
        // re-export after its closing brace).
        if *a < pos || *a > to || *a == to && *b > *a {
            continue;
        }
        out.push_str(&src[pos..*a]);
        out.push_str(with);
        pos = (*b).min(to).max(*a);
    }
    out.push_str(&src[pos.min(to)..to]);
    out
}

/// Squeezes runs of blank lines (what dropped docs and tests leave) to one.
fn squeeze(text: &str) -> String {
    let mut out = String::new();
    let mut blank = true;
    for line in text.split_inclusive('\n') {
        let is_blank = line.trim().is_empty();
        if is_blank && blank {
            continue;
        }
        blank = is_blank;
        out.push_str(line.trim_end_matches([' ', '\t']));
        if line.ends_with('\n') && !out.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// The folder a file's `mod x;` children live in: its own folder for a crate
/// root or `mod.rs` (or a `#[path]` file), else `folder/stem/`.
fn child_dir(file: &Path, mod_rs: bool) -> PathBuf {
    let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
    match file.file_stem() {
        Some(stem) if !mod_rs && file.file_name().is_some_and(|n| n != "mod.rs") => dir.join(stem),
        _ => dir,
    }
}

/// Scans one file of the crate at `path` (module path `modpath` below the root).
fn scan_file(ctx: &Ctx, path: &Path, src: &str, modpath: &[String], mod_rs: bool) -> Result<Scan> {
    let file = (ctx.shown)(path);
    let lexed = lex::lex(src).map_err(|(line, m)| refusal(&file, line, m))?;
    let t = &lexed.tokens;
    let mut s = Scan {
        edits: doc_lines(src, &lexed),
        ..Scan::default()
    };
    let dir = child_dir(path, mod_rs);
    let mut aliases: BTreeMap<String, String> = BTreeMap::new();
    let mut depth = 0usize;
    let mut inline: Vec<(usize, String)> = Vec::new();
    let mut path_attr: Option<String> = None;
    // `Some(local_inner_macros)` after a `#[macro_export]`.
    let mut exported: Option<bool> = None;
    let mut macro_use: Option<usize> = None;
    let mut i = 0;
    while i < t.len() {
        let tok = &t[i];
        let next = |k: usize| t.get(i + k).map_or("", |x| x.text);
        track_inline_mods(tok, &mut depth, &mut inline);
        if tok.is("#") && (next(1) == "[" || next(1) == "!" && next(2) == "[") {
            i = attribute(
                ctx,
                t,
                i,
                &mut s,
                &mut path_attr,
                &mut exported,
                &mut macro_use,
            );
            continue;
        }
        if tok.kind != Kind::Ident {
            i += 1;
            continue;
        }
        let here: Vec<String> = modpath
            .iter()
            .cloned()
            .chain(inline.iter().map(|(_, n)| n.clone()))
            .collect();
        match tok.text {
            "crate" if next(1) == "::" && !(i > 0 && t[i - 1].is("::")) => {
                s.edits
                    .push((tok.end, tok.end, format!("::{}", ctx.module)));
                name_refs(&mut s, t, i + 2, tok.start);
            }
            "super" | "self" if next(1) == "::" => name_refs(&mut s, t, i + 2, tok.start),
            "cfg" if next(1) == "(" || next(1) == "!" && next(2) == "(" => {
                settle_cfg(ctx, &mut s, t, i);
            }
            "include" | "include_str" | "include_bytes" if next(1) == "!" => {
                return Err(include_refusal(&file, tok));
            }
            "extern" if next(1) == "crate" => {
                i = extern_crate(ctx, t, i, &mut s, &mut aliases, macro_use.take());
                continue;
            }
            "mod" if t.get(i + 1).is_some_and(|x| x.kind == Kind::Ident) && next(2) == ";" => {
                let child = Child::new(next(1), path, &dir, &inline, path_attr.take(), here);
                splice(ctx, &mut s, &file, t, i, child)?;
                i += 3;
                continue;
            }
            "mod" if t.get(i + 1).is_some_and(|x| x.kind == Kind::Ident) && next(2) == "{" => {
                path_attr = None;
                inline.push((depth + 1, next(1).to_string()));
            }
            "macro_rules" if next(1) == "!" && exported.is_some() => {
                let local_inner = exported.take() == Some(true);
                exported_macro(ctx, &mut s, src, t, i, local_inner, here);
            }
            "use" if ctx.krate.edition == "2015" => edition_2015_use(ctx, t, i, &mut s, &aliases),
            name if starts_path(t, i)
                && (next(1) == "::" || i > 0 && t[i - 1].is("use"))
                && (ctx.dep_paths.contains_key(name) || aliases.contains_key(name)) =>
            {
                let dep = aliases.get(name).map_or(name, String::as_str);
                dep_path(ctx, &mut s, t, i, dep);
            }
            name if next(1) == "!" => s.refs.push((tok.start, Ref::Name(name.to_string()))),
            _ => {}
        }
        if ctx.krate.edition == "2015" {
            edition_2015_root_path(ctx, &mut s, t, i, &aliases);
        }
        i += 1;
    }
    s.edits.sort_by_key(|e| e.0);
    Ok(s)
}

/// Follows the brace depth at `tok`, closing the inline `mod NAME {` blocks
/// (opened at the depths in `inline`) that it ends.
fn track_inline_mods(tok: &Token, depth: &mut usize, inline: &mut Vec<(usize, String)>) {
    if tok.is("{") {
        *depth += 1;
    } else if tok.is("}") {
        *depth = depth.saturating_sub(1);
        if inline.last().is_some_and(|(d, _)| *d > *depth) {
            inline.pop();
        }
    }
}

/// Settles the `cfg(...)` or `cfg!(...)` at `i` for the crate's features:
/// `cfg!(...)`, or a predicate handed to a macro as a `meta` (either's
/// `impl_specific_ref_and_mut!(..., cfg(feature = "std"))`).
fn settle_cfg(ctx: &Ctx, s: &mut Scan, t: &[Token], i: usize) {
    let open = if t.get(i + 1).is_some_and(|x| x.text == "(") {
        i + 1
    } else {
        i + 2
    };
    let close = matching(t, open);
    let pred = &t[open + 1..close.max(open + 1)];
    s.edits.extend(cfg::settle(pred, &ctx.krate.features));
}

/// The refusal of the `include!`, `include_str!` or `include_bytes!` at `tok`.
fn include_refusal(file: &str, tok: &Token) -> anyhow::Error {
    refusal(
        file,
        tok.line,
        format!(
            "`{}!` reads a file of the crate at compile time, which a one-file bundle cannot hold",
            tok.text
        ),
    )
}

/// Edits that drop the `///` and `//!` lines whole.
fn doc_lines(src: &str, lexed: &lex::Lexed) -> Vec<Edit> {
    let continued: BTreeSet<usize> = lexed.continued.iter().copied().collect();
    let starts: Vec<usize> = std::iter::once(0)
        .chain(src.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    lexed
        .doc_lines
        .iter()
        .filter(|l| !continued.contains(l))
        .map(|&line| {
            let b = starts.get(line).copied().unwrap_or(src.len());
            (starts[line - 1], b, String::new())
        })
        .collect()
}

/// The path into dependency `dep` at `i` (`dep::`, `::dep::`, `use dep`)
/// becomes its bundle path.
fn dep_path(ctx: &Ctx, s: &mut Scan, t: &[Token], i: usize, dep: &str) {
    let tok = &t[i];
    let leading = i > 0 && t[i - 1].is("::");
    let from = if leading { t[i - 1].start } else { tok.start };
    s.edits.push((from, tok.end, ctx.dep_paths[dep].clone()));
    if !ctx.krate.deps.contains_key(dep) {
        return; // `alloc`, which is std's
    }
    let names = if t.get(i + 1).is_some_and(|x| x.is("::")) {
        next_names(t, i + 2).map(|v| v.into_iter().map(|(n, _)| n).collect())
    } else {
        None
    };
    s.refs.push((tok.start, Ref::Dep(dep.to_string(), names)));
}

/// In edition 2015 a leading `::x` (outside `use`) is the crate root's `x`.
fn edition_2015_root_path(
    ctx: &Ctx,
    s: &mut Scan,
    t: &[Token],
    i: usize,
    aliases: &BTreeMap<String, String>,
) {
    let tok = &t[i];
    let root_path = i > 0
        && t[i - 1].is("::")
        && (i < 2 || !super::inline::ends_segment(&t[i - 2]) && !t[i - 2].is("use"))
        && !["std", "core", "alloc"].contains(&tok.text)
        && !ctx.krate.deps.contains_key(tok.text)
        && !aliases.contains_key(tok.text);
    if root_path {
        let with = format!("crate::{}::", ctx.module);
        s.edits.push((t[i - 1].start, t[i - 1].end, with));
        s.refs.push((tok.start, Ref::Name(tok.text.to_string())));
    }
}

/// A `mod NAME;` to splice in: its name, its `#[path]` file if it has one,
/// the folder it is looked for in, and its module path below the crate root.
struct Child {
    name: String,
    at: Option<PathBuf>,
    base: PathBuf,
    modpath: Vec<String>,
}

impl Child {
    /// The `mod NAME;` in `path` (children folder `dir`) inside the inline
    /// modules `inline`, with its `#[path]` `path_attr`, at module path `modpath`.
    fn new(
        name: &str,
        path: &Path,
        dir: &Path,
        inline: &[(usize, String)],
        path_attr: Option<String>,
        modpath: Vec<String>,
    ) -> Child {
        let base = inline.iter().fold(dir.to_path_buf(), |d, (_, n)| d.join(n));
        let attr_base = if inline.is_empty() {
            path.parent().unwrap_or(Path::new(".")).to_path_buf()
        } else {
            base.clone()
        };
        let at = path_attr.map(|p| attr_base.join(p));
        Child {
            name: name.to_string(),
            at,
            base,
            modpath,
        }
    }
}

/// Replaces the `;` of the `mod NAME;` at `i` with the module file's bundled
/// text in braces; its needs are recorded at the `mod`.
fn splice(ctx: &Ctx, s: &mut Scan, file: &str, t: &[Token], i: usize, c: Child) -> Result<()> {
    let name = &c.name;
    let at = c.at.unwrap_or_else(|| {
        let flat = c.base.join(format!("{name}.rs"));
        if flat.is_file() {
            flat
        } else {
            c.base.join(name).join("mod.rs")
        }
    });
    let src = std::fs::read_to_string(&at).map_err(|e| {
        let why = format!("`mod {name};`: cannot read {}: {e}", (ctx.shown)(&at));
        refusal(file, t[i].line, why)
    })?;
    let modpath: Vec<String> = c.modpath.into_iter().chain([name.clone()]).collect();
    let mod_rs = at.file_name().is_some_and(|n| n == "mod.rs");
    let child = scan_file(ctx, &at, &src, &modpath, mod_rs)?;
    let text = squeeze(&apply(&src, &child.edits, 0, src.len()));
    s.edits
        .push((t[i + 2].start, t[i + 2].end, format!(" {{\n{text}}}")));
    let here = t[i].start;
    s.refs
        .extend(child.refs.into_iter().map(|(_, r)| (here, r)));
    s.macros
        .extend(child.macros.into_iter().map(|(_, p, n)| (here, p, n)));
    Ok(())
}

/// The `#[macro_export] macro_rules! NAME` at `i` (its attribute already
/// dropped): `pub(crate) use NAME;` after it, and with `local_inner_macros`
/// every bare `m!(...)` in its body made `$crate::KRATE::m!(...)`, which is what
/// that attribute meant.
fn exported_macro(
    ctx: &Ctx,
    s: &mut Scan,
    src: &str,
    t: &[Token],
    i: usize,
    local_inner: bool,
    here: Vec<String>,
) {
    let name = t.get(i + 2).map_or("", |x| x.text).to_string();
    let open = i + 3;
    let mut end = matching(t, open);
    if local_inner {
        for k in open..end {
            let bare = t[k].kind == Kind::Ident
                && t.get(k + 1).is_some_and(|x| x.is("!"))
                && t.get(k + 2)
                    .is_some_and(|x| x.is("(") || x.is("[") || x.is("{"))
                && !(k > 0 && (t[k - 1].is("::") || t[k - 1].is("$")));
            if bare {
                s.edits
                    .push((t[k].start, t[k].start, format!("$crate::{}::", ctx.module)));
            }
        }
    }
    if t.get(end + 1).is_some_and(|x| x.is(";")) {
        end += 1;
    }
    let end_byte = t.get(end).map_or(src.len(), |x| x.end);
    s.edits
        .push((end_byte, end_byte, format!("\npub(crate) use {name};")));
    if !here.is_empty() {
        s.macros.push((t[i].start, here, name));
    }
}

/// The index of the bracket closing the one at `open` (`(`, `[` or `{`).
fn matching(t: &[Token], open: usize) -> usize {
    let mut depth = 0i64;
    for (j, x) in t.iter().enumerate().skip(open) {
        if x.kind != Kind::Punct {
            continue;
        }
        match x.text {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    t.len().saturating_sub(1)
}

/// Records the root names after `crate::`/`super::`/`self::` at `i`.
fn name_refs(s: &mut Scan, t: &[Token], i: usize, at: usize) {
    if let Some(names) = next_names(t, i) {
        s.refs
            .extend(names.into_iter().map(|(n, _)| (at, Ref::Name(n))));
    }
}

/// Handles the attribute at `i` (`#[...]` or `#![...]`); returns the index past it.
#[allow(clippy::too_many_arguments)] // the scanner's state, threaded through
fn attribute(
    ctx: &Ctx,
    t: &[Token],
    i: usize,
    s: &mut Scan,
    path_attr: &mut Option<String>,
    exported: &mut Option<bool>,
    macro_use: &mut Option<usize>,
) -> usize {
    let inner = t[i + 1].is("!");
    let open = if inner { i + 2 } else { i + 1 };
    let close = close_bracket(t, open);
    let last = close - 1;
    let name = t.get(open + 1).map_or("", |x| x.text);
    let whole = (t[i].start, t[last].end, String::new());
    let features = &ctx.krate.features;
    let args_open = t.get(open + 2).is_some_and(|x| x.is("("));
    match name {
        "doc" => s.edits.push(whole),
        "cfg" if args_open => {
            let pred = &t[open + 3..last.saturating_sub(1).max(open + 3)];
            match cfg::eval(pred, features) {
                Known::Yes if !inner => s.edits.push(whole),
                Known::No if !inner => {
                    if let Some(end) = item_end(t, close) {
                        s.edits.push((t[i].start, t[end].end, String::new()));
                        return end + 1;
                    }
                    s.edits.extend(cfg::settle(pred, features));
                }
                _ => s.edits.extend(cfg::settle(pred, features)),
            }
        }
        "cfg_attr" if args_open => {
            let body = &t[open + 3..last.saturating_sub(1).max(open + 3)];
            let mut d = 0;
            let comma = body.iter().position(|x| {
                match x.text {
                    "(" => d += 1,
                    ")" => d -= 1,
                    _ => {}
                }
                d == 0 && x.is(",")
            });
            let Some(comma) = comma else {
                return close;
            };
            let pred = &body[..comma];
            match cfg::eval(pred, features) {
                Known::Yes if body.get(comma + 1).is_some_and(|x| x.is("path")) => {
                    let value = body
                        .get(comma + 3)
                        .map(|x| x.text.trim_matches('"').to_string());
                    *path_attr = value;
                    s.edits.push(whole);
                }
                Known::Yes => {
                    s.edits
                        .push((t[open + 1].start, body[comma].end, String::new()));
                    let paren = &t[last - 1];
                    s.edits.push((paren.start, paren.end, String::new()));
                }
                Known::No => s.edits.push(whole),
                Known::Unknown => s.edits.extend(cfg::settle(pred, features)),
            }
        }
        "macro_export" => {
            let local = t[open + 2..last].iter().any(|x| x.is("local_inner_macros"));
            *exported = Some(local);
            s.edits.push(whole);
        }
        "macro_use" if t.get(close).is_some_and(|x| x.is("extern")) => *macro_use = Some(i),
        "path" => {
            *path_attr = t
                .get(open + 3)
                .map(|x| x.text.trim_matches('"').to_string());
            s.edits.push(whole);
        }
        _ if inner && !["allow", "warn", "deny", "forbid", "expect"].contains(&name) => {
            // `#![no_std]`, `#![cfg_attr(docsrs, ...)]`, `#![doc(...)]`: the
            // crate's, not a module's.
            s.edits.push(whole);
        }
        _ => {}
    }
    close
}

/// `extern crate x (as y)?;` at `i`: one of the crate's dependencies is a path
/// in the bundle, so the item goes (with `#[macro_use]`, a glob `use` of it
/// keeps its macros in scope); std's crates stay.
fn extern_crate(
    ctx: &Ctx,
    t: &[Token],
    i: usize,
    s: &mut Scan,
    aliases: &mut BTreeMap<String, String>,
    macro_use: Option<usize>,
) -> usize {
    let name = t.get(i + 2).map_or("", |x| x.text).to_string();
    let alias = if t.get(i + 3).is_some_and(|x| x.is("as")) {
        t.get(i + 4).map(|x| x.text.to_string())
    } else {
        None
    };
    let end = (i..t.len()).find(|&k| t[k].is(";")).unwrap_or(t.len() - 1);
    let Some(path) = ctx.dep_paths.get(&name) else {
        return end + 1;
    };
    if let Some(a) = &alias {
        aliases.insert(a.clone(), name.clone());
    }
    let from = macro_use.map_or(t[i].start, |m| t[m].start);
    let with = if macro_use.is_some() {
        format!("#[allow(unused_imports)] use {path}::*;")
    } else {
        String::new()
    };
    s.edits.push((from, t[end].end, with));
    if macro_use.is_some() && ctx.krate.deps.contains_key(&name) {
        // The glob may bring in any of it.
        s.refs.push((t[i].start, Ref::Dep(name, None)));
    }
    end + 1
}

/// Edition 2015's `use a::b;` names the crate root's `a`: it becomes
/// `use crate::NAME::a::b;` (paths into dependencies and std stay as they are).
fn edition_2015_use(
    ctx: &Ctx,
    t: &[Token],
    i: usize,
    s: &mut Scan,
    aliases: &BTreeMap<String, String>,
) {
    let mut j = i + 1;
    let leading = t.get(j).is_some_and(|x| x.is("::"));
    if leading {
        j += 1;
    }
    let Some(first) = t.get(j).filter(|x| x.kind == Kind::Ident) else {
        return;
    };
    let keep = ["crate", "self", "super", "std", "core", "alloc"].contains(&first.text)
        || ctx.krate.deps.contains_key(first.text)
        || aliases.contains_key(first.text);
    if keep {
        return;
    }
    let from = if leading { t[i + 1].start } else { first.start };
    s.edits
        .push((from, first.start, format!("crate::{}::", ctx.module)));
    s.refs
        .push((first.start, Ref::Name(first.text.to_string())));
}

/// What one root item of the crate is.
#[derive(Debug, Clone, PartialEq)]
enum Kept {
    /// Always kept.
    Root,
    /// `mod NAME`: kept when used.
    Module(String),
    /// `use NAME::...` of the root's own module: kept with that module.
    Use(String),
}

/// One root item, rendered.
#[derive(Debug)]
struct Piece {
    text: String,
    kept: Kept,
    refs: Refs,
}

/// A crate scanned and cut into its root items.
#[derive(Debug)]
pub struct Rendered {
    pieces: Vec<Piece>,
    modules: BTreeSet<String>,
    /// Root names that come from one module (re-exports, exported macros).
    names: BTreeMap<String, String>,
    /// Modules re-exported by a glob.
    globs: Vec<String>,
    /// Exported macros below the root: (top module, path, name).
    macros: Vec<(String, Vec<String>, String)>,
}

/// Reads and scans the crate whole.
pub fn render(ctx: &Ctx) -> Result<Rendered> {
    let root = &ctx.krate.root;
    let src = std::fs::read_to_string(root)
        .with_context(|| format!("cannot read {}", (ctx.shown)(root)))?;
    let scan = scan_file(ctx, root, &src, &[], true)?;
    let lexed = lex::lex(&src).map_err(|(line, m)| refusal(&(ctx.shown)(root), line, m))?;
    let t = &lexed.tokens;
    let mut r = Rendered {
        pieces: Vec::new(),
        modules: BTreeSet::new(),
        names: BTreeMap::new(),
        globs: Vec::new(),
        macros: scan
            .macros
            .iter()
            .map(|(_, p, n)| (p[0].clone(), p.clone(), n.clone()))
            .collect(),
    };
    for (a, b) in root_items(t) {
        let (from, to) = (t[a].start, t[b].end);
        let text = apply(&src, &scan.edits, from, to);
        if text.trim().is_empty() {
            continue;
        }
        let mut refs = Refs::default();
        for (_, r) in scan.refs.iter().filter(|(p, _)| (from..to).contains(p)) {
            match r {
                Ref::Name(n) => {
                    refs.names.insert(n.clone());
                }
                Ref::Dep(d, names) => merge(&mut refs.deps, d, names.clone()),
            }
        }
        let kept = classify(t, a, b, &mut r);
        if kept == Kept::Root {
            // The root's own code names its modules and re-exports directly.
            refs.names.extend(
                t[a..=b]
                    .iter()
                    .filter(|x| x.kind == Kind::Ident)
                    .map(|x| x.text.to_string()),
            );
        }
        r.pieces.push(Piece { text, kept, refs });
    }
    Ok(r)
}

/// The root file's items as token ranges (inclusive).
fn root_items(t: &[Token]) -> Vec<(usize, usize)> {
    let mut items = Vec::new();
    let mut i = 0;
    while i < t.len() {
        if t[i].is("#") && t.get(i + 1).is_some_and(|x| x.is("!")) {
            let end = close_bracket(t, i + 2) - 1;
            items.push((i, end));
            i = end + 1;
            continue;
        }
        let end = item_end_any(t, i);
        items.push((i, end));
        i = end + 1;
    }
    items
}

/// Like [`item_end`] for any root item (macro calls and all).
fn item_end_any(t: &[Token], i: usize) -> usize {
    let mut j = i;
    while t.get(j).is_some_and(|x| x.is("#")) && t.get(j + 1).is_some_and(|x| x.is("[")) {
        j = close_bracket(t, j + 1);
    }
    let mut depth = 0i64;
    while j < t.len() {
        let x = &t[j];
        if x.kind == Kind::Punct {
            match x.text {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" => depth -= 1,
                "}" => {
                    depth -= 1;
                    if depth <= 0 {
                        let semi = t.get(j + 1).is_some_and(|y| y.is(";"));
                        return if semi { j + 1 } else { j };
                    }
                }
                ";" if depth <= 0 => return j,
                _ => {}
            }
        }
        j += 1;
    }
    t.len() - 1
}

/// Which kind of root item `t[a..=b]` is; records modules and re-exports.
fn classify(t: &[Token], a: usize, b: usize, r: &mut Rendered) -> Kept {
    let mut j = a;
    let mut macro_use = false;
    while j <= b && t[j].is("#") {
        macro_use |= t.get(j + 2).is_some_and(|x| x.is("macro_use"));
        j = close_bracket(t, j + 1);
    }
    if t.get(j).is_some_and(|x| x.is("pub")) {
        j += 1;
        if t.get(j).is_some_and(|x| x.is("(")) {
            j = matching(t, j) + 1;
        }
    }
    let word = t.get(j).map_or("", |x| x.text);
    if word == "mod" {
        let name = t.get(j + 1).map_or("", |x| x.text).to_string();
        r.modules.insert(name.clone());
        // Its macros are in textual scope for every module after it, which
        // may call them with no path to follow: it stays.
        if macro_use {
            return Kept::Root;
        }
        return Kept::Module(name);
    }
    if word != "use" {
        return Kept::Root;
    }
    let mut k = j + 1;
    while t
        .get(k)
        .is_some_and(|x| x.is("::") || x.is("crate") || x.is("self"))
    {
        k += 1;
    }
    let Some(first) = t.get(k).filter(|x| x.kind == Kind::Ident) else {
        return Kept::Root;
    };
    if !r.modules.contains(first.text) || !t.get(k + 1).is_some_and(|x| x.is("::")) {
        return Kept::Root;
    }
    let module = first.text.to_string();
    for n in k + 1..b {
        let x = &t[n];
        if x.is("*") {
            r.globs.push(module.clone());
        }
        let leaf = t
            .get(n + 1)
            .is_some_and(|y| y.is(",") || y.is("}") || y.is(";"));
        if x.kind == Kind::Ident && leaf && !x.is("self") {
            r.names.insert(x.text.to_string(), module.clone());
        }
    }
    Kept::Use(module)
}

fn merge(
    into: &mut BTreeMap<String, Option<BTreeSet<String>>>,
    key: &str,
    more: Option<BTreeSet<String>>,
) {
    let entry = into
        .entry(key.to_string())
        .or_insert_with(|| Some(BTreeSet::new()));
    match (entry.as_mut(), more) {
        (Some(names), Some(more)) => names.extend(more),
        _ => *entry = None,
    }
}

/// A crate cut down to what is used.
#[derive(Debug)]
pub struct Pruned {
    /// `pub mod NAME { ... }`'s body.
    pub body: String,
    /// The root modules kept.
    pub modules: Vec<String>,
    /// What it needs of its dependencies (code name -> names, `None`: all).
    pub deps: BTreeMap<String, Option<BTreeSet<String>>>,
}

impl Rendered {
    /// The root modules `name` (as in `krate::name`) needs.
    fn modules_for(&self, name: &str, explicit: bool) -> Vec<String> {
        if self.modules.contains(name) {
            return vec![name.to_string()];
        }
        if let Some(m) = self.names.get(name) {
            return vec![m.clone()];
        }
        if let Some((m, _, _)) = self.macros.iter().find(|(_, _, n)| n == name) {
            return vec![m.clone()];
        }
        if explicit {
            self.globs.clone()
        } else {
            Vec::new()
        }
    }

    /// Keeps the root items, the modules `used` names (`None`: all) and what
    /// they need in turn.
    pub fn prune(&self, used: Option<&BTreeSet<String>>) -> Pruned {
        let mut kept: BTreeSet<String> = BTreeSet::new();
        let mut todo: Vec<String> = match used {
            None => self.modules.iter().cloned().collect(),
            Some(names) => names
                .iter()
                .flat_map(|n| self.modules_for(n, true))
                .collect(),
        };
        for p in self.pieces.iter().filter(|p| p.kept == Kept::Root) {
            todo.extend(p.refs.names.iter().flat_map(|n| self.modules_for(n, false)));
        }
        while let Some(m) = todo.pop() {
            if !kept.insert(m.clone()) {
                continue;
            }
            for p in &self.pieces {
                if p.kept == Kept::Module(m.clone()) {
                    todo.extend(p.refs.names.iter().flat_map(|n| self.modules_for(n, false)));
                }
            }
        }
        let keep = |p: &Piece| match &p.kept {
            Kept::Root => true,
            Kept::Module(m) | Kept::Use(m) => kept.contains(m),
        };
        let mut body = String::new();
        let mut deps = BTreeMap::new();
        for p in self.pieces.iter().filter(|p| keep(p)) {
            body.push_str(&squeeze(p.text.trim_matches('\n')));
            body.push('\n');
            for (d, names) in &p.refs.deps {
                merge(&mut deps, d, names.clone());
            }
        }
        for (m, path, name) in &self.macros {
            if kept.contains(m) {
                body.push_str(&format!(
                    "pub(crate) use self::{}::{name};\n",
                    path.join("::")
                ));
            }
        }
        Pruned {
            body,
            modules: self
                .modules
                .iter()
                .filter(|m| kept.contains(*m))
                .cloned()
                .collect(),
            deps,
        }
    }
}

/// Refuses a crate no single file can hold.
pub fn check_bundlable(krate: &Crate, user: &str, installed_at: Option<&str>) -> Result<()> {
    let elsewhere = installed_at
        .map(|j| format!(", or bundle `--for {j}`, where the judge has it installed"))
        .unwrap_or_default();
    if krate.proc_macro {
        bail!(
            "{} {} (used by {user}) is a proc-macro crate, which a one-file bundle cannot hold: drop it, or the feature that pulls it in (proconio's `derive`, for `#[fastout]`: print through one `BufWriter` instead){elsewhere}",
            krate.name,
            krate.version
        );
    }
    if krate.build_script {
        bail!(
            "{} {} (used by {user}) has a build script, which a one-file bundle cannot run: use another crate or copy what you need into the solution{elsewhere}",
            krate.name,
            krate.version
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn krate(root: &Path, edition: &str, deps: &[&str]) -> Crate {
        Crate {
            name: "k".into(),
            version: "1.0.0".into(),
            lib: "k".into(),
            root: root.to_path_buf(),
            edition: edition.into(),
            proc_macro: false,
            build_script: false,
            features: BTreeSet::from(["on".to_string()]),
            deps: deps
                .iter()
                .map(|d| (d.to_string(), format!("{d} 1.0")))
                .collect(),
        }
    }

    /// Renders a crate written as `(path, text)` files and prunes it to `used`.
    fn bundle(files: &[(&str, &str)], edition: &str, used: &[&str]) -> Pruned {
        let dir = tempfile::tempdir().unwrap();
        for (p, text) in files {
            let at = dir.path().join(p);
            std::fs::create_dir_all(at.parent().unwrap()).unwrap();
            std::fs::write(at, text).unwrap();
        }
        let k = krate(&dir.path().join("lib.rs"), edition, &["dep"]);
        let dep_paths = BTreeMap::from([
            ("dep".to_string(), "crate::dep".to_string()),
            ("alloc".to_string(), "::std".to_string()),
        ]);
        let shown = |p: &Path| p.display().to_string();
        let ctx = Ctx {
            krate: &k,
            module: "k",
            dep_paths: &dep_paths,
            shown: &shown,
        };
        let used: BTreeSet<String> = used.iter().map(|s| s.to_string()).collect();
        render(&ctx).unwrap().prune(Some(&used))
    }

    #[test]
    fn crate_paths_and_dollar_crate_point_into_the_crates_module() {
        let p = bundle(
            &[(
                "lib.rs",
                "pub fn f() { crate::g(); }\nfn g() {}\nmacro_rules! m { () => { $crate::f() }; }\npub(crate) fn h() {}\n",
            )],
            "2018",
            &["f"],
        );
        assert!(p.body.contains("crate::k::g();"), "{}", p.body);
        assert!(p.body.contains("$crate::k::f()"), "{}", p.body);
        assert!(p.body.contains("pub(crate) fn h"), "{}", p.body);
    }

    #[test]
    fn exported_macros_are_reexported_where_paths_find_them() {
        let p = bundle(
            &[
                (
                    "lib.rs",
                    "pub mod inner;\n#[macro_export]\nmacro_rules! top { () => {} }\n",
                ),
                (
                    "inner.rs",
                    "#[macro_export]\nmacro_rules! deep { () => { $crate::top!() } }\n",
                ),
            ],
            "2018",
            &["deep"],
        );
        assert!(!p.body.contains("macro_export"), "{}", p.body);
        assert!(
            p.body
                .contains("macro_rules! top { () => {} }\npub(crate) use top;"),
            "{}",
            p.body
        );
        assert!(p.body.contains("pub(crate) use deep;"), "{}", p.body);
        assert!(
            p.body.contains("pub(crate) use self::inner::deep;"),
            "{}",
            p.body
        );
        assert_eq!(p.modules, ["inner"]);
    }

    #[test]
    fn only_the_modules_used_are_kept_transitively() {
        let p = bundle(
            &[
                (
                    "lib.rs",
                    "pub mod a;\npub mod b;\npub mod c;\nmod d;\npub use a::A;\npub use c::C;\n",
                ),
                ("a.rs", "pub struct A(pub crate::b::B);\n"),
                ("b.rs", "pub struct B(super::d::D);\n"),
                ("c.rs", "pub struct C;\n"),
                ("d.rs", "pub struct D;\n"),
            ],
            "2018",
            &["A"],
        );
        assert_eq!(p.modules, ["a", "b", "d"]);
        assert!(p.body.contains("pub use a::A;"), "{}", p.body);
        assert!(!p.body.contains("pub use c::C;"), "{}", p.body);
    }

    #[test]
    fn nested_module_files_are_spliced_in_place() {
        let p = bundle(
            &[
                ("lib.rs", "pub mod a;\n"),
                ("a/mod.rs", "pub mod b;\n#[path = \"other.rs\"]\nmod c;\n"),
                ("a/b.rs", "pub mod e;\n"),
                ("a/b/e.rs", "pub fn e() {}\n"),
                ("a/other.rs", "fn c() {}\n"),
            ],
            "2018",
            &["a"],
        );
        assert!(
            p.body
                .contains("pub mod b {\npub mod e {\npub fn e() {}\n}\n}"),
            "{}",
            p.body
        );
        assert!(p.body.contains("mod c {\nfn c() {}\n}"), "{}", p.body);
    }

    #[test]
    fn docs_tests_and_features_are_decided() {
        let p = bundle(
            &[(
                "lib.rs",
                "//! Crate docs.\n#![doc = include_str!(\"../README.md\")]\n#![allow(clippy::all)]\n\
                 /// A doc.\n#[doc(hidden)]\npub fn f() {}\n#[cfg(test)]\nmod tests;\n\
                 #[cfg(feature = \"off\")]\npub fn off() {}\n#[cfg(feature = \"on\")]\npub fn on() {}\n\
                 #[cfg(unix)]\npub fn unix() {}\n#[cfg(all(unix, feature = \"on\"))]\npub fn both() {}\n",
            )],
            "2018",
            &["f"],
        );
        assert_eq!(
            p.body,
            "#![allow(clippy::all)]\npub fn f() {}\npub fn on() {}\n#[cfg(unix)]\npub fn unix() {}\n#[cfg(all(unix, all()))]\npub fn both() {}\n"
        );
    }

    #[test]
    fn dependency_paths_and_extern_crates_become_bundle_paths() {
        let p = bundle(
            &[(
                "lib.rs",
                "extern crate dep as d;\nuse dep::x;\npub fn f() { ::dep::y(); d::z(); let dep = 1; }\n",
            )],
            "2018",
            &["f"],
        );
        assert_eq!(
            p.body,
            "use crate::dep::x;\npub fn f() { crate::dep::y(); crate::dep::z(); let dep = 1; }\n"
        );
        let used: BTreeSet<String> = ["x", "y", "z"].map(String::from).into();
        assert_eq!(p.deps["dep"], Some(used), "through the alias too");
    }

    #[test]
    fn edition_2015_use_paths_are_crate_relative() {
        let p = bundle(
            &[
                ("lib.rs", "mod a;\nmod b;\npub use b::f;\n"),
                ("b.rs", "use a::A;\nuse std::fmt;\npub fn f(_: ::a::A) {}\n"),
                ("a.rs", "pub struct A;\n"),
            ],
            "2015",
            &["f"],
        );
        assert!(p.body.contains("use crate::k::a::A;"), "{}", p.body);
        assert!(p.body.contains("use std::fmt;"), "{}", p.body);
        assert!(p.body.contains("pub fn f(_: crate::k::a::A)"), "{}", p.body);
        assert_eq!(p.modules, ["a", "b"]);
    }

    #[test]
    fn local_inner_macros_calls_become_crate_paths() {
        let p = bundle(
            &[(
                "lib.rs",
                "#[macro_export(local_inner_macros)]\nmacro_rules! a { () => { b!() } }\n\
                 #[macro_export]\nmacro_rules! b { () => { 1 != 2 } }\n",
            )],
            "2018",
            &["a"],
        );
        assert!(p.body.contains("() => { $crate::k::b!() }"), "{}", p.body);
        assert!(p.body.contains("1 != 2"), "{}", p.body);
    }

    #[test]
    fn a_cfg_attr_path_picks_the_file_for_the_features() {
        let p = bundle(
            &[
                (
                    "lib.rs",
                    "#[cfg_attr(feature = \"on\", path = \"x.rs\")]\n\
                     #[cfg_attr(not(feature = \"on\"), path = \"y.rs\")]\npub mod lazy;\n",
                ),
                ("x.rs", "pub fn on() {}\n"),
                ("y.rs", "pub fn off() {}\n"),
            ],
            "2018",
            &["lazy"],
        );
        assert_eq!(p.body, "pub mod lazy {\npub fn on() {}\n}\n");
    }

    #[test]
    fn macro_use_modules_stay_and_cfg_anywhere_is_decided() {
        let p = bundle(
            &[
                ("lib.rs", "#[macro_use]\nmod macros;\npub mod a;\n"),
                ("macros.rs", "macro_rules! m { ($($x:tt)*) => {} }\n"),
                (
                    "a.rs",
                    "m!(cfg(feature = \"on\"), cfg(test));\npub fn f() -> bool { cfg!(feature = \"off\") }\n",
                ),
            ],
            "2018",
            &["a"],
        );
        assert!(
            p.body.contains("mod macros {"),
            "textual scope for a:\n{}",
            p.body
        );
        assert!(p.body.contains("m!(cfg(all()), cfg(any()));"), "{}", p.body);
        assert!(p.body.contains("cfg!(any())"), "{}", p.body);
    }

    #[test]
    fn a_no_std_crates_alloc_paths_are_stds() {
        let p = bundle(
            &[(
                "lib.rs",
                "extern crate alloc;\nuse alloc::vec::Vec;\npub fn f() -> Vec<u8> { alloc::vec![1] }\n",
            )],
            "2018",
            &["f"],
        );
        assert_eq!(
            p.body,
            "use ::std::vec::Vec;\npub fn f() -> Vec<u8> { ::std::vec![1] }\n"
        );
        assert!(p.deps.is_empty(), "{:?}", p.deps);
    }
}
