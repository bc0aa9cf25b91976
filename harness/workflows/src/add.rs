//! `cargo judge add NAME`: one test case by hand, in one command: pasted (the
//! input, a line `---`, the expected output) or from two files.
//!
//! Owns naming the case and writing both files, never over an existing case;
//! an empty `01-sample` pair (what `cargo judge new` made before it made no
//! case) is the one exception: it is filled first. CRLF line ends (a paste from
//! a Windows browser or terminal, a file saved on Windows) are written as LF, as
//! `lint` wants a case's files and as the judges' own sample files are.

use std::io::{IsTerminal as _, Read as _};
use std::path::Path;

use anyhow::{Context, Result, bail};

use judge_engine::build;
use judge_report::add::Added;

/// The line between the input and the output when a case is pasted.
pub const SEPARATOR: &str = "---";

/// What `cargo judge add NAME` adds.
#[derive(Debug, Clone)]
pub struct AddOptions {
    /// The problem (crate name under problems/).
    pub problem: String,
    /// The case's input, from a file (with `output`) instead of pasted.
    pub input: Option<std::path::PathBuf>,
    /// The case's expected output, from a file (with `input`).
    pub output: Option<std::path::PathBuf>,
    /// The case's name [default: the first free NN-sample].
    pub name: Option<String>,
}

/// `cargo judge add NAME`: what it wrote. `prompt` is called before a pasted
/// case is read from a terminal.
pub fn add(args: AddOptions, prompt: &mut dyn FnMut()) -> Result<Added> {
    let ws = build::workspace()?;
    judge_engine::plan::problem(&ws, &args.problem)?;
    let dir = ws.testdata().join(&args.problem);
    let (input, output) = match (&args.input, &args.output) {
        (Some(i), Some(o)) => (read(i)?, read(o)?),
        (None, None) => pasted(prompt)?,
        _ => bail!("give both --input FILE and --output FILE, or neither (then paste the case)"),
    };
    let (input, input_crlf) = lf(input);
    let (output, output_crlf) = lf(output);
    if [&input, &output]
        .iter()
        .all(|t| t.iter().all(u8::is_ascii_whitespace))
    {
        // The judge refuses such a case: a solution printing nothing passes it.
        bail!(
            "the input and the expected output are both empty (whitespace at most): such a \
             case tests nothing (nothing was written)"
        );
    }
    // The problem exists (its crate does), so its testdata folder is only missing
    // (a crate made by hand, a folder deleted): made here, once the case is read.
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let stem = match &args.name {
        Some(name) => {
            if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
                bail!("--name {name:?}: expected a file name without a folder or extension");
            }
            name.clone()
        }
        None => next_name(&dir)?,
    };
    let (in_path, out_path) = (
        dir.join(format!("{stem}.in")),
        dir.join(format!("{stem}.out")),
    );
    let placeholder = is_empty_file(&in_path) && is_empty_file(&out_path);
    if !placeholder {
        for p in [&in_path, &out_path, &dir.join(format!("{stem}.ans"))] {
            if p.exists() {
                bail!(
                    "{} already exists: refusing to overwrite it (nothing was written; --name picks another)",
                    rel(&ws.root, p)
                );
            }
        }
    }
    std::fs::write(&in_path, &input)
        .with_context(|| format!("cannot write {}", in_path.display()))?;
    std::fs::write(&out_path, &output)
        .with_context(|| format!("cannot write {}", out_path.display()))?;
    Ok(Added {
        input: rel(&ws.root, &in_path),
        filled: placeholder,
        input_bytes: input.len(),
        output_bytes: output.len(),
        crlf: input_crlf || output_crlf,
        problem: args.problem,
    })
}

/// `text` with each CRLF written as LF, and whether it had one. A lone CR is
/// kept: it is no line end, and `lint` names its line.
fn lf(text: Vec<u8>) -> (Vec<u8>, bool) {
    if !text.windows(2).any(|w| w == b"\r\n") {
        return (text, false);
    }
    let mut out = Vec::with_capacity(text.len());
    for (i, &b) in text.iter().enumerate() {
        if !(b == b'\r' && text.get(i + 1) == Some(&b'\n')) {
            out.push(b);
        }
    }
    (out, true)
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

fn is_empty_file(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == 0)
}

fn rel(root: &Path, p: &Path) -> String {
    p.strip_prefix(root).unwrap_or(p).display().to_string()
}

/// The case from stdin: the input, a line `---`, the expected output.
fn pasted(prompt: &mut dyn FnMut()) -> Result<(Vec<u8>, Vec<u8>)> {
    if std::io::stdin().is_terminal() {
        prompt();
    }
    let mut text = Vec::new();
    std::io::stdin()
        .read_to_end(&mut text)
        .context("cannot read the case from stdin")?;
    split(&text)
}

/// Splits a pasted case at its first line that is exactly `---` (CRLF, and the
/// blanks a terminal paste or a typed line may leave after it, allowed).
fn split(text: &[u8]) -> Result<(Vec<u8>, Vec<u8>)> {
    if text.is_empty() {
        bail!("nothing was pasted: the input, then a line {SEPARATOR}, then the expected output");
    }
    let mut start = 0;
    while start <= text.len() {
        let end = text[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |i| start + i);
        let line = &text[start..end];
        if line.trim_ascii_end() == SEPARATOR.as_bytes() {
            let output = text.get(end + 1..).unwrap_or_default();
            return Ok((text[..start].to_vec(), output.to_vec()));
        }
        start = end + 1;
    }
    bail!("no line {SEPARATOR} between the input and the expected output")
}

/// The first free `NN-sample`, or `01-sample` while it is an empty pair (what
/// `new` once made).
fn next_name(dir: &Path) -> Result<String> {
    let taken = |stem: &str| -> bool {
        ["in", "out", "ans"]
            .iter()
            .any(|e| dir.join(format!("{stem}.{e}")).exists())
    };
    let first = "01-sample";
    if is_empty_file(&dir.join(format!("{first}.in")))
        && is_empty_file(&dir.join(format!("{first}.out")))
    {
        return Ok(first.to_string());
    }
    let count = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "in"))
        .count();
    (count + 1..count + 1000)
        .map(|k| format!("{k:02}-sample"))
        .find(|s| !taken(s))
        .context("no free case name")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_case_splits_at_its_separator_line_keeping_bytes() {
        for (text, input, output) in [
            ("6 6 4\n---\n4\n", "6 6 4\n", "4\n"),
            ("1\n2\n---\r\nx\r\n", "1\n2\n", "x\r\n"),
            ("a\n---\n", "a\n", ""),
            ("---\n5\n", "", "5\n"),
            ("a ---\nb\n---\n--- c\n", "a ---\nb\n", "--- c\n"),
            ("1\n--- \t\r\n2\n", "1\n", "2\n"),
        ] {
            let (i, o) = split(text.as_bytes()).unwrap();
            assert_eq!(
                (i.as_slice(), o.as_slice()),
                (input.as_bytes(), output.as_bytes()),
                "{text:?}"
            );
        }
        assert!(split(b"6 6 4\n4\n").is_err());
        let empty = split(b"").unwrap_err().to_string();
        assert!(empty.starts_with("nothing was pasted"), "{empty}");
    }

    #[test]
    fn crlf_line_ends_are_written_as_lf_and_a_lone_cr_is_kept() {
        for (text, written, had_crlf) in [
            ("1 2\r\n3\r\n", "1 2\n3\n", true),
            ("1\r\n2", "1\n2", true),
            ("1\n2\r\n", "1\n2\n", true),
            ("\r\n\r\n", "\n\n", true),
            ("a\rb\n", "a\rb\n", false),
            ("a\r\r\n", "a\r\n", true),
            ("1\n", "1\n", false),
            ("", "", false),
        ] {
            let (out, crlf) = lf(text.as_bytes().to_vec());
            assert_eq!(
                (String::from_utf8(out).unwrap().as_str(), crlf),
                (written, had_crlf),
                "{text:?}"
            );
        }
    }
}
