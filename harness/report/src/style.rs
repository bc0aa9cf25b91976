//! The judge's colours, declared once: every command that prints in colour takes
//! its styles from here, so a verdict is the same red in a table, a stress report
//! and a lint line. (Whether colour is used at all is anstream's choice, from
//! `--color` and NO_COLOR.)

use anstyle::{AnsiColor, Style};

/// Headings and names.
pub const BOLD: Style = Style::new().bold();
/// What is said in passing: timings, hints.
pub const DIM: Style = Style::new().dimmed();
/// A failure: a verdict that is not AC, a found difference, an error line.
pub const RED: Style = AnsiColor::Red.on_default().bold();
/// A pass.
pub const GREEN: Style = AnsiColor::Green.on_default().bold();
/// The diff's expected side (`-`).
pub const REMOVED: Style = AnsiColor::Red.on_default();
/// The diff's actual side (`+`).
pub const ADDED: Style = AnsiColor::Green.on_default();
