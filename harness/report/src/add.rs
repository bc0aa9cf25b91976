//! The words of `add`: the case it wrote, and the prompt for a pasted one.

use std::fmt::Write as _;

/// What `add` wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Added {
    /// The problem.
    pub problem: String,
    /// The case's `.in` file, relative to the workspace.
    pub input: String,
    /// It filled an empty `01-sample` pair (else it added a case).
    pub filled: bool,
    /// The input's size in bytes.
    pub input_bytes: usize,
    /// The expected output's size in bytes.
    pub output_bytes: usize,
    /// It had CRLF line ends, written as LF.
    pub crlf: bool,
}

/// The prompt on a terminal before a case is pasted.
pub fn paste_prompt(separator: &str) -> String {
    format!("paste the input, then a line {separator}, then the expected output, then Ctrl-D:")
}

/// The lines `cargo judge add` prints on stdout.
pub fn text(a: &Added) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {} and .out ({} bytes of input, {} of output); next: cargo judge {}",
        if a.filled { "filled" } else { "added" },
        a.input,
        a.input_bytes,
        a.output_bytes,
        a.problem
    );
    if a.crlf {
        out.push_str(
            "note: CRLF line ends were written as LF (the sizes are after that; lint wants LF)\n",
        );
    }
    if a.output_bytes == 0 {
        out.push_str("note: the expected output is empty\n");
    }
    out
}
