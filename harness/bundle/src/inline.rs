//! The library contract, read and enforced on tokens: what a library root
//! (`lib.rs`) declares, what each module file needs (`super::NAME`), and the
//! text of a module as it goes into a bundle (doc-comment lines and
//! `#[cfg(test)]` items dropped). A solution's files are `solution`'s.
//!
//! Every refusal is a [`Refusal`]: the file, the line and why. This module reads
//! only the text it is given; which files those are is `bundle`'s business.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::lex::{self, Kind, Lexed, Token};

/// Why some source cannot be bundled: `FILE:LINE: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The file, as shown to the user.
    pub file: String,
    /// The 1-based line.
    pub line: usize,
    /// What is wrong and what to do instead.
    pub message: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl std::error::Error for Refusal {}

pub(super) fn refuse<T>(file: &str, line: usize, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal {
        file: file.to_string(),
        line,
        message: message.into(),
    })
}

pub(super) fn lexed<'a>(file: &str, src: &'a str) -> Result<Lexed<'a>, Refusal> {
    lex::lex(src).or_else(|(line, message)| refuse(file, line, message))
}

/// A `pub mod NAME;` of a library root.
#[derive(Debug, Clone)]
pub struct ModDecl {
    /// The module's name (its file is `NAME.rs` beside lib.rs).
    pub name: String,
    /// Attributes and visibility as written, then `mod NAME`: `pub mod scan`.
    pub head: String,
}

/// A `pub use MODULE::...;` of a library root.
#[derive(Debug, Clone)]
pub struct Reexport {
    /// The module it re-exports from.
    pub module: String,
    /// The names it brings to the root (aliases where renamed).
    pub names: Vec<String>,
    /// Whether it is a glob (`pub use scan::*;`).
    pub glob: bool,
    /// The statement as written.
    pub text: String,
}

/// What a library root declares.
#[derive(Debug, Clone, Default)]
pub struct Root {
    /// Its modules, in order.
    pub modules: Vec<ModDecl>,
    /// Its re-exports, in order.
    pub reexports: Vec<Reexport>,
}

impl Root {
    /// The module that `name` (a module or a re-exported item, as in
    /// `contest::NAME`) comes from; glob re-exports answer for any other name.
    pub fn modules_of(&self, name: &str) -> Vec<String> {
        if self.modules.iter().any(|m| m.name == name) {
            return vec![name.to_string()];
        }
        if let Some(r) = self
            .reexports
            .iter()
            .find(|r| r.names.iter().any(|n| n == name))
        {
            return vec![r.module.clone()];
        }
        self.reexports
            .iter()
            .filter(|r| r.glob)
            .map(|r| r.module.clone())
            .collect()
    }

    /// Every module's name.
    pub fn all(&self) -> BTreeSet<String> {
        self.modules.iter().map(|m| m.name.clone()).collect()
    }
}

/// Token-index ranges (inclusive) of the items introduced by `#[cfg(test)]`, with
/// whether each fills its lines exactly (then its lines can be dropped whole).
pub(super) fn test_items(tokens: &[Token]) -> Vec<(usize, usize, bool)> {
    let mut items = Vec::new();
    let mut i = 0;
    while i + 6 < tokens.len() {
        let pattern = ["#", "[", "cfg", "(", "test", ")", "]"];
        if !pattern.iter().zip(&tokens[i..]).all(|(p, t)| t.is(p)) {
            i += 1;
            continue;
        }
        // The item runs to the first `;` outside brackets or to the `}` closing
        // its first `{`, whatever attributes follow the cfg.
        let mut depth = 0i64;
        let mut j = i + 7;
        let mut end = tokens.len() - 1;
        while j < tokens.len() {
            let t = &tokens[j];
            if t.kind == Kind::Punct {
                match t.text {
                    "(" | "[" => depth += 1,
                    ")" | "]" => depth -= 1,
                    "{" => depth += 1,
                    "}" => {
                        depth -= 1;
                        if depth == 0 {
                            end = j;
                            break;
                        }
                    }
                    ";" if depth == 0 => {
                        end = j;
                        break;
                    }
                    _ => {}
                }
            }
            j += 1;
        }
        let first_on_line = i == 0 || tokens[i - 1].line < tokens[i].line;
        let last_on_line = end + 1 == tokens.len() || tokens[end + 1].line > tokens[end].line;
        items.push((i, end, first_on_line && last_on_line));
        i = end + 1;
    }
    items
}

/// Whether token `i` lies in one of `items`.
pub(super) fn in_items(items: &[(usize, usize, bool)], i: usize) -> bool {
    items.iter().any(|&(a, b, _)| a <= i && i <= b)
}

/// The index just past the `]` closing the `[` at `open`.
pub(super) fn close_bracket(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0;
    for (j, t) in tokens.iter().enumerate().skip(open) {
        match t.text {
            "[" if t.kind == Kind::Punct => depth += 1,
            "]" if t.kind == Kind::Punct => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

/// Reads a library root: only `//!` docs, `pub mod NAME;`, `pub use NAME::...;`,
/// lint attributes and `#[cfg(test)]` items are allowed.
pub fn read_root(file: &str, src: &str) -> Result<Root, Refusal> {
    let lexed = lexed(file, src)?;
    let t = &lexed.tokens;
    let tests = test_items(t);
    let mut root = Root::default();
    let mut i = 0;
    let mut attrs = String::new();
    while i < t.len() {
        if in_items(&tests, i) {
            i += 1;
            continue;
        }
        let line = t[i].line;
        if t[i].is("#") {
            let inner = t.get(i + 1).is_some_and(|x| x.is("!"));
            let open = if inner { i + 2 } else { i + 1 };
            let end = close_bracket(t, open);
            let name = t.get(open + 1).map_or("", |x| x.text);
            let lint = ["allow", "warn", "deny", "forbid", "expect"].contains(&name);
            if name == "path" {
                return refuse(
                    file,
                    line,
                    "`#[path]` is not allowed: a bundle inlines NAME.rs beside lib.rs only",
                );
            }
            if inner && !(lint || name == "doc") {
                return refuse(
                    file,
                    line,
                    format!(
                        "`#![{name}]` cannot be bundled: a library root may only hold lint attributes"
                    ),
                );
            }
            if !inner && name != "doc" {
                attrs.push_str(&src[t[i].start..t[end - 1].end]);
                attrs.push(' ');
            }
            i = end;
            continue;
        }
        let mut j = i;
        if t[j].is("pub") {
            j += 1;
            if t.get(j).is_some_and(|x| x.is("(")) {
                while j < t.len() && !t[j].is(")") {
                    j += 1;
                }
                j += 1;
            }
        }
        let word = t.get(j).map_or("", |x| x.text);
        if word == "mod" {
            let name = t.get(j + 1).filter(|x| x.kind == Kind::Ident);
            let semi = t.get(j + 2).is_some_and(|x| x.is(";"));
            let Some(name) = name.filter(|_| semi) else {
                return refuse(
                    file,
                    line,
                    "a library root declares its modules as `pub mod NAME;` (one file NAME.rs each), not inline",
                );
            };
            root.modules.push(ModDecl {
                name: name.text.to_string(),
                head: format!("{attrs}{}", &src[t[i].start..name.end]),
            });
            i = j + 3;
        } else if word == "use" {
            let end = (j..t.len()).find(|&k| t[k].is(";")).unwrap_or(t.len() - 1);
            root.reexports
                .push(read_reexport(file, src, &t[j + 1..end], &root, line)?);
            root.reexports.last_mut().expect("just pushed").text =
                format!("{attrs}{}", &src[t[i].start..t[end].end]);
            i = end + 1;
        } else {
            return refuse(
                file,
                line,
                format!(
                    "`{word}` cannot be bundled: a library root holds only `pub mod NAME;` lines and `pub use NAME::Item;` re-exports (put the code in a module)"
                ),
            );
        }
        attrs.clear();
    }
    Ok(root)
}

/// The tree of a `pub use` after `use`, up to the `;`.
fn read_reexport(
    file: &str,
    src: &str,
    tree: &[Token],
    root: &Root,
    line: usize,
) -> Result<Reexport, Refusal> {
    let mut k = 0;
    if tree.first().is_some_and(|x| x.is("self")) && tree.get(1).is_some_and(|x| x.is("::")) {
        k = 2;
    }
    let Some(first) = tree.get(k) else {
        return refuse(file, line, "empty `use`");
    };
    if first.is("crate") || first.is("::") {
        return refuse(
            file,
            line,
            format!(
                "`{}` cannot be bundled: re-export a module of this library as `pub use NAME::Item;`",
                first.text
            ),
        );
    }
    if !root.modules.iter().any(|m| m.name == first.text) {
        let what = &src[tree[0].start..tree[tree.len() - 1].end];
        return refuse(
            file,
            line,
            format!(
                "`use {what}` cannot be bundled: a library root re-exports only from its own modules, declared above it with `pub mod NAME;`"
            ),
        );
    }
    let mut names = Vec::new();
    let mut glob = false;
    for (n, tok) in tree.iter().enumerate().skip(k + 1) {
        if tok.is("*") {
            glob = true;
        }
        let next = tree.get(n + 1);
        let leaf = next.is_none_or(|x| x.is(",") || x.is("}"));
        if tok.kind == Kind::Ident && leaf && !tok.is("self") {
            names.push(tok.text.to_string());
        }
    }
    Ok(Reexport {
        module: first.text.to_string(),
        names,
        glob,
        text: String::new(),
    })
}

/// What one module file needs and the text that goes into the bundle.
#[derive(Debug, Clone, Default)]
pub struct Module {
    /// The module's text with doc lines and `#[cfg(test)]` items dropped, and
    /// paths into other workspace libraries made absolute (`crate::contest::`).
    pub body: String,
    /// Names reached through `super::NAME` (modules or re-exports of the root;
    /// other names are items of an enclosing module and are ignored).
    pub siblings: BTreeSet<String>,
    /// Whether it says `super::*` (it may need any module).
    pub all_siblings: bool,
    /// Names used in other workspace libraries, by library (`None`: all of it).
    pub libraries: BTreeMap<String, Option<BTreeSet<String>>>,
}

/// The names right after `::` at `i` (which is the token after a path's first
/// segment): one identifier, the first segments of a `{...}` group, or `None` for
/// a glob `*`.
pub(super) fn next_names(t: &[Token], i: usize) -> Option<Vec<(String, usize)>> {
    let Some(next) = t.get(i) else {
        return Some(Vec::new());
    };
    if next.is("*") {
        return None;
    }
    if next.kind == Kind::Ident {
        return Some(vec![(next.text.to_string(), next.line)]);
    }
    if !next.is("{") {
        return Some(Vec::new());
    }
    let mut names = Vec::new();
    let mut depth = 0;
    let mut expect_name = true;
    for tok in &t[i..] {
        match tok.text {
            "{" => {
                depth += 1;
                expect_name = depth == 1;
                continue;
            }
            "}" => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            "," if depth == 1 => {
                expect_name = true;
                continue;
            }
            "*" if depth == 1 && expect_name => return None,
            _ => {}
        }
        if expect_name && depth == 1 && tok.kind == Kind::Ident && !tok.is("self") {
            names.push((tok.text.to_string(), tok.line));
        }
        expect_name = false;
    }
    Some(names)
}

/// Whether `tok` can end the path segment before a `::` (`a::`, `T>::`), as
/// opposed to a keyword before a leading `::` (`use ::x`, `return ::x`).
pub(super) fn ends_segment(tok: &Token) -> bool {
    const KEYWORDS: [&str; 26] = [
        "as", "break", "const", "continue", "dyn", "else", "enum", "extern", "fn", "for", "if",
        "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
        "static", "unsafe", "use", "while",
    ];
    tok.is(">") || tok.kind == Kind::Ident && !KEYWORDS.contains(&tok.text)
}

/// Whether the identifier at `i` starts a path (is not `a::NAME` or `x.NAME`).
pub(super) fn starts_path(t: &[Token], i: usize) -> bool {
    match i.checked_sub(1).map(|p| &t[p]) {
        Some(prev) if prev.is(".") => false,
        Some(prev) if prev.is("::") => i < 2 || !ends_segment(&t[i - 2]),
        _ => true,
    }
}

/// Refusals of library modules: `#[path]`, and `include!` ([`refuse_include`]).
fn common_refusals(file: &str, t: &[Token], i: usize) -> Result<(), Refusal> {
    let tok = &t[i];
    let next = |k: usize| t.get(i + k).map_or("", |x| x.text);
    if tok.is("#") && (next(1) == "[" && next(2) == "path" || next(1) == "!" && next(3) == "path") {
        return refuse(
            file,
            tok.line,
            "`#[path]` cannot be bundled: a bundle holds one file, and the library's modules are found by their names",
        );
    }
    refuse_include(file, t, i)
}

/// Refuses the `include!`, `include_str!` or `include_bytes!` at `i`, in a
/// solution or a library module: the file it reads is not in the bundle.
pub(super) fn refuse_include(file: &str, t: &[Token], i: usize) -> Result<(), Refusal> {
    let tok = &t[i];
    if tok.kind == Kind::Ident
        && ["include", "include_str", "include_bytes"].contains(&tok.text)
        && t.get(i + 1).is_some_and(|x| x.is("!"))
    {
        return refuse(
            file,
            tok.line,
            format!(
                "`{}!` reads another file at compile time and cannot be bundled: put the text in the source",
                tok.text
            ),
        );
    }
    Ok(())
}

/// Reads a library module: refuses what the contract forbids (`crate::`, macros,
/// `#[path]`, file modules, `super::super`, `extern crate`, `include!`), collects
/// what it uses, and builds its bundled text. `libraries` are the code names of
/// the workspace libraries this library depends on.
pub fn read_module(file: &str, src: &str, libraries: &[String]) -> Result<Module, Refusal> {
    let lexed = lexed(file, src)?;
    let t = &lexed.tokens;
    let tests = test_items(t);
    let mut module = Module::default();
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for i in 0..t.len() {
        if in_items(&tests, i) {
            continue;
        }
        common_refusals(file, t, i)?;
        let tok = &t[i];
        let next = |k: usize| t.get(i + k).map_or("", |x| x.text);
        let line = tok.line;
        if tok.kind != Kind::Ident {
            continue;
        }
        match tok.text {
            "crate" if next(1) == "::" => {
                return refuse(
                    file,
                    line,
                    "`crate::` cannot be bundled (in a bundle `crate` is the solution): reach another module of the library as `super::NAME`",
                );
            }
            "macro_rules" => {
                return refuse(
                    file,
                    line,
                    "`macro_rules!` cannot be bundled (a macro's paths change meaning inside the bundle): write a function",
                );
            }
            "mod" if next(2) == ";" => {
                return refuse(
                    file,
                    line,
                    format!(
                        "`mod {};` loads another file: a library module is one file (write the module inline, or make it a module of the library root)",
                        next(1)
                    ),
                );
            }
            "extern" if next(1) == "crate" => {
                return refuse(
                    file,
                    line,
                    "`extern crate` cannot be bundled: a library uses std and the workspace's libraries only",
                );
            }
            "super" if next(1) == "::" && starts_path(t, i) => {
                if next(2) == "super" {
                    return refuse(
                        file,
                        line,
                        "`super::super::` reaches above the library root, which a bundle does not have: use `super::NAME`",
                    );
                }
                match next_names(t, i + 2) {
                    None => module.all_siblings = true,
                    Some(names) => module.siblings.extend(names.into_iter().map(|(n, _)| n)),
                }
            }
            name if libraries.iter().any(|l| l == name) && next(1) == "::" => {
                if !starts_path(t, i) {
                    continue;
                }
                let used = next_names(t, i + 2).map(|v| v.into_iter().map(|(n, _)| n).collect());
                merge(&mut module.libraries, name, used);
                // In the bundle the other library is a module at the root.
                let leading = i > 0 && t[i - 1].is("::");
                let from = if leading { t[i - 1].start } else { tok.start };
                edits.push((from, tok.end, format!("crate::{name}")));
            }
            _ => {}
        }
    }
    module.body = bundled_text(src, &lexed, &tests, &edits);
    Ok(module)
}

fn merge(
    into: &mut BTreeMap<String, Option<BTreeSet<String>>>,
    library: &str,
    used: Option<BTreeSet<String>>,
) {
    let entry = into
        .entry(library.to_string())
        .or_insert_with(|| Some(BTreeSet::new()));
    match (entry.as_mut(), used) {
        (Some(names), Some(more)) => names.extend(more),
        _ => *entry = None,
    }
}

/// `src` without its doc-comment lines and line-filling `#[cfg(test)]` items,
/// with `edits` (byte range, replacement; sorted, not overlapping) applied and runs of blank lines
/// squeezed to one. Lines inside strings or block comments are kept as they are.
pub(super) fn bundled_text(
    src: &str,
    lexed: &Lexed,
    tests: &[(usize, usize, bool)],
    edits: &[(usize, usize, String)],
) -> String {
    let mut dropped = BTreeSet::new();
    dropped.extend(lexed.doc_lines.iter().copied());
    for &(a, b, whole) in tests {
        if whole {
            dropped.extend(lexed.tokens[a].line..=lexed.tokens[b].line);
        }
    }
    let continued: BTreeSet<usize> = lexed.continued.iter().copied().collect();
    let mut out = String::new();
    let mut offset = 0;
    // Bytes before this one are written or replaced (an edit may end on a
    // later line than it starts).
    let mut consumed = 0;
    let mut blank_before = true;
    for (n, text) in src.split_inclusive('\n').enumerate() {
        let line = n + 1;
        let start = offset;
        offset += text.len();
        let keep_verbatim = continued.contains(&line);
        if !keep_verbatim && dropped.contains(&line) {
            continue;
        }
        let blank = text.trim().is_empty();
        if blank && blank_before && !keep_verbatim {
            continue;
        }
        blank_before = blank;
        let mut pos = start.max(consumed);
        for (a, b, with) in edits.iter().filter(|(a, _, _)| (start..offset).contains(a)) {
            if *a < pos {
                continue;
            }
            out.push_str(&src[pos..*a]);
            out.push_str(with);
            pos = *b;
        }
        if pos < offset {
            out.push_str(&src[pos..offset]);
        }
        consumed = pos.max(offset);
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOT: &str = "//! The library.\n\
        #![warn(missing_docs)]\n\
        pub mod scan;\n\
        /// Output.\n\
        pub mod out;\n\
        #[allow(clippy::all)]\n\
        pub mod game;\n\
        pub use scan::{Scanner, Error as ScanError};\n\
        pub use self::out::*;\n\
        #[cfg(test)]\n\
        mod tests {\n    use super::*;\n}\n";

    #[test]
    fn a_root_declares_modules_and_reexports() {
        let root = read_root("lib.rs", ROOT).unwrap();
        let names: Vec<_> = root.modules.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["scan", "out", "game"]);
        assert_eq!(root.modules[2].head, "#[allow(clippy::all)] pub mod game");
        assert_eq!(root.reexports[0].names, ["Scanner", "ScanError"]);
        assert_eq!(root.modules_of("ScanError"), ["scan"]);
        assert_eq!(root.modules_of("game"), ["game"]);
        assert_eq!(root.modules_of("Writer"), ["out"], "from the glob");
    }

    #[test]
    fn a_root_with_code_is_refused_with_its_line() {
        let err = read_root("lib.rs", "pub mod a;\n\npub fn f() {}\n").unwrap_err();
        assert_eq!(err.line, 3);
        assert!(
            err.to_string()
                .starts_with("lib.rs:3: `fn` cannot be bundled"),
            "{err}"
        );
    }

    #[test]
    fn a_root_reexporting_from_outside_is_refused() {
        let err = read_root("lib.rs", "pub mod a;\npub use std::io;\n").unwrap_err();
        assert_eq!(err.line, 2, "{err}");
    }

    #[test]
    fn module_text_drops_docs_and_test_items_but_not_strings() {
        let src = "//! Module docs.\n\
            use super::out::Writer;\n\
            /// Doc.\n\
            pub fn f() -> &'static str {\n    \"a\n/// kept: inside a string\n\"\n}\n\
            \n\n\
            #[cfg(test)]\n\
            mod tests {\n    use crate::x;\n}\n";
        let m = read_module("m.rs", src, &[]).unwrap();
        assert_eq!(
            m.body,
            "use super::out::Writer;\npub fn f() -> &'static str {\n    \"a\n/// kept: inside a string\n\"\n}\n"
        );
        assert_eq!(m.siblings, BTreeSet::from(["out".to_string()]));
    }

    #[test]
    fn module_uses_come_from_super_paths_and_groups() {
        let src = "use super::{scan::Scanner, out};\nfn f() { super::game::g(); }\n";
        let m = read_module("m.rs", src, &[]).unwrap();
        let names: Vec<_> = m.siblings.iter().map(String::as_str).collect();
        assert_eq!(names, ["game", "out", "scan"]);
        assert!(
            read_module("m.rs", "use super::*;\n", &[])
                .unwrap()
                .all_siblings
        );
    }

    #[test]
    fn modules_breaking_the_contract_are_refused_with_their_line() {
        for (src, line, what) in [
            ("\nuse crate::scan;\n", 2, "`crate::`"),
            ("macro_rules! m { () => {} }\n", 1, "`macro_rules!`"),
            ("fn f() {}\nmod inner;\n", 2, "`mod inner;`"),
            ("#[path = \"x.rs\"]\nmod x { }\n", 1, "`#[path]`"),
            ("use super::super::x;\n", 1, "`super::super::`"),
            (
                "const S: &str = include_str!(\"a\");\n",
                1,
                "`include_str!`",
            ),
        ] {
            let err = read_module("lib/m.rs", src, &[]).unwrap_err();
            assert_eq!(err.line, line, "{src}: {err}");
            assert!(err.message.starts_with(what), "{src}: {err}");
        }
    }

    #[test]
    fn crate_in_strings_comments_and_visibility_is_fine() {
        let src = "// crate::x\npub(crate) fn f() -> &'static str { \"crate::y\" }\n";
        assert!(read_module("m.rs", src, &[]).is_ok());
    }

    #[test]
    fn paths_into_another_workspace_library_become_absolute() {
        let src = "use contest::scan::Scanner;\nfn f() { ::contest::out::w(); }\n";
        let m = read_module("m.rs", src, &["contest".into()]).unwrap();
        assert_eq!(
            m.body,
            "use crate::contest::scan::Scanner;\nfn f() { crate::contest::out::w(); }\n"
        );
        let used = m.libraries["contest"].clone().unwrap();
        assert_eq!(
            used,
            BTreeSet::from(["scan".to_string(), "out".to_string()])
        );
    }
}
