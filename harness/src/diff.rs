//! Rendering the difference between an expected and an actual output.
//!
//! One renderer built on `similar`: the first differing line, a window of context
//! around it, inline (word-level) emphasis, and invisible characters made visible.
//! It writes to any `fmt::Write` with or without ANSI styles, so tests read it
//! with colors off and the report prints it with colors on.

use std::fmt::{self, Write};
use std::time::Duration;

use anstyle::{AnsiColor, Style};
use similar::{Algorithm, ChangeTag, DiffOp, TextDiff, group_diff_ops};

use crate::check::Rejection;
use crate::problem::Checker;

/// Lines of unchanged context shown around a change.
const CONTEXT: usize = 3;
/// Changed lines shown before the rest is cut to "… N more lines".
const MAX_CHANGED: usize = 20;
/// Characters of one line shown before it is cut.
const MAX_LINE: usize = 200;

const REMOVED: Style = AnsiColor::Red.on_default();
const ADDED: Style = AnsiColor::Green.on_default();
const EMPH_REMOVED: Style = AnsiColor::Red.on_default().bold().underline();
const EMPH_ADDED: Style = AnsiColor::Green.on_default().bold().underline();
const DIM: Style = Style::new().dimmed();

/// What a reporter needs of both outputs to draw the diff of a rejected case.
///
/// Captured by the judge when the checker rejects, so the outputs themselves can
/// be dropped at once; rendered by [`render_excerpt`].
#[derive(Debug, Clone, PartialEq)]
pub struct Excerpt {
    expected: String,
    actual: String,
}

impl Excerpt {
    /// The part of `expected` and `actual` a diff under `checker` shows.
    pub fn capture(_checker: &Checker, expected: &[u8], actual: &[u8]) -> Excerpt {
        Excerpt {
            expected: String::from_utf8_lossy(expected).into_owned(),
            actual: String::from_utf8_lossy(actual).into_owned(),
        }
    }
}

/// Writes the diff of a rejected case: what the checker rejected, then the lines.
pub fn render_excerpt(
    out: &mut impl Write,
    verdict_is_presentation: bool,
    _rejection: Option<&Rejection>,
    excerpt: &Excerpt,
    color: bool,
) -> fmt::Result {
    if verdict_is_presentation {
        writeln!(
            out,
            "same tokens, different whitespace (the checker is exact)"
        )?;
    }
    render(out, &excerpt.expected, &excerpt.actual, color)
}

/// The 1-based number of the first line where `expected` and `actual` differ, if any.
pub fn first_difference(expected: &str, actual: &str) -> Option<usize> {
    let mut exp = expected.split_inclusive('\n');
    let mut act = actual.split_inclusive('\n');
    let mut line = 1;
    loop {
        match (exp.next(), act.next()) {
            (None, None) => return None,
            (a, b) if a == b => line += 1,
            _ => return Some(line),
        }
    }
}

/// Writes a unified diff of `expected` → `actual` around the first difference.
///
/// `-` lines are expected, `+` lines are what the solution printed, each with its
/// line number. A trailing space shows as `·`, a tab as `→`, a CR as `␍`, and a
/// last line without a final newline is marked.
pub fn render(out: &mut impl Write, expected: &str, actual: &str, color: bool) -> fmt::Result {
    let Some(first) = first_difference(expected, actual) else {
        return Ok(());
    };
    // On lines too long to show whole, start the shown text a little before the
    // first differing character of that line, so the difference is on screen.
    let line_of = |text: &str| {
        text.split_inclusive('\n')
            .nth(first - 1)
            .unwrap_or("")
            .to_string()
    };
    let (exp_line, act_line) = (line_of(expected), line_of(actual));
    let column = exp_line
        .chars()
        .zip(act_line.chars())
        .take_while(|(a, b)| a == b)
        .count();
    let long = exp_line.chars().count().max(act_line.chars().count()) > MAX_LINE;
    let skip = if long {
        column.saturating_sub(MAX_LINE / 4)
    } else {
        0
    };
    // Outputs with one answer per line are compared line by line, the way a judge
    // reads them: line N against line N. A longest-common-subsequence diff would
    // pair up equal answers from different queries and hide which line is wrong.
    // When the line counts differ, lines were lost or added: then a real diff.
    let positional = expected.split_inclusive('\n').count() == actual.split_inclusive('\n').count();
    let diff = TextDiff::configure()
        .algorithm(Algorithm::Patience)
        .timeout(if positional {
            Duration::ZERO
        } else {
            Duration::from_millis(200)
        })
        .diff_lines(expected, actual);
    let ops = if positional {
        // Runs of equal lines become one op, so grouping can cut them to context.
        let mut ops: Vec<DiffOp> = Vec::new();
        for i in 0..diff.old_len() {
            let same = diff.old_slice(i) == diff.new_slice(i);
            match ops.last_mut() {
                Some(DiffOp::Equal { len, .. }) if same => *len += 1,
                _ if same => ops.push(DiffOp::Equal {
                    old_index: i,
                    new_index: i,
                    len: 1,
                }),
                _ => ops.push(DiffOp::Replace {
                    old_index: i,
                    old_len: 1,
                    new_index: i,
                    new_len: 1,
                }),
            }
        }
        ops
    } else {
        diff.ops().to_vec()
    };
    let paint = |style: Style, text: &str| {
        if color {
            format!("{style}{text}{style:#}")
        } else {
            text.to_string()
        }
    };
    writeln!(
        out,
        "{}",
        paint(
            DIM,
            &if long {
                format!(
                    "first difference at line {first}, column {} (- expected, + actual)",
                    column + 1
                )
            } else {
                format!("first difference at line {first} (- expected, + actual)")
            }
        )
    )?;
    let mut changed = 0usize;
    let mut hidden = 0usize;
    for group in group_diff_ops(ops, CONTEXT) {
        for op in &group {
            for change in diff.iter_inline_changes(op) {
                let tag = change.tag();
                if tag != ChangeTag::Equal {
                    if changed >= MAX_CHANGED {
                        hidden += 1;
                        continue;
                    }
                    changed += 1;
                } else if changed >= MAX_CHANGED {
                    continue;
                }
                let (sign, line_no, base, emph) = match tag {
                    ChangeTag::Delete => ('-', change.old_index(), REMOVED, EMPH_REMOVED),
                    ChangeTag::Insert => ('+', change.new_index(), ADDED, EMPH_ADDED),
                    ChangeTag::Equal => (' ', change.old_index(), Style::new(), Style::new()),
                };
                let parts: Vec<_> = change.iter_strings_lossy().collect();
                let line: String = parts.iter().map(|(_, v)| v.as_ref()).collect();
                let body = line.strip_suffix('\n').unwrap_or(&line);
                // Past this byte the line holds only trailing blanks and CR.
                let blank_from = body.trim_end_matches([' ', '\t', '\r']).len();
                let mut text = String::new();
                let (mut offset, mut shown, mut skipped) = (0usize, 0usize, 0usize);
                let skip = if body.chars().count() > MAX_LINE {
                    skip
                } else {
                    0
                };
                if skip > 0 {
                    text.push_str(&paint(DIM, "…"));
                }
                'parts: for (emphasized, value) in &parts {
                    let style = if *emphasized { emph } else { base };
                    let mut piece = String::new();
                    for c in value.chars() {
                        let at = offset;
                        offset += c.len_utf8();
                        if at >= body.len() {
                            break;
                        }
                        if skipped < skip {
                            skipped += 1;
                            continue;
                        }
                        if shown == MAX_LINE {
                            text.push_str(&paint(style, &piece));
                            text.push_str(&paint(DIM, "…"));
                            break 'parts;
                        }
                        shown += 1;
                        piece.push(match c {
                            _ if tag == ChangeTag::Equal => c,
                            '\r' => '␍',
                            ' ' if at >= blank_from => '·',
                            '\t' if at >= blank_from => '→',
                            c => c,
                        });
                    }
                    text.push_str(&paint(style, &piece));
                }
                if tag != ChangeTag::Equal && change.missing_newline() {
                    text.push_str(&paint(DIM, " (no newline at end)"));
                }
                let number = line_no.map_or(String::new(), |n| (n + 1).to_string());
                // Pad before painting: escape codes must not count toward the width.
                let number = paint(DIM, &format!("{number:>5}"));
                writeln!(out, "{} {number} {text}", paint(base, &sign.to_string()))?;
            }
        }
    }
    if hidden > 0 {
        writeln!(out, "{}", paint(DIM, &format!("… {hidden} more lines")))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(expected: &str, actual: &str) -> String {
        let mut s = String::new();
        render(&mut s, expected, actual, false).unwrap();
        s
    }

    #[test]
    fn names_the_first_differing_line() {
        assert_eq!(first_difference("a\nb\nc\n", "a\nb\nx\n"), Some(3));
        assert_eq!(first_difference("a\n", "a\n"), None);
        assert_eq!(first_difference("a\n", "a"), Some(1));
    }

    #[test]
    fn shows_expected_and_actual_lines_with_numbers() {
        let d = plain("Stan wins\nOllie wins\n", "Stan wins\nStan wins\n");
        assert_eq!(
            d,
            "first difference at line 2 (- expected, + actual)\n\
             \x20     1 Stan wins\n\
             -     2 Ollie wins\n\
             +     2 Stan wins\n"
        );
    }

    #[test]
    fn makes_a_trailing_space_and_a_cr_visible() {
        let d = plain("1\n", "1 \r\n");
        assert!(d.contains("+     1 1·␍"), "{d}");
    }

    #[test]
    fn marks_a_missing_final_newline() {
        let d = plain("1\n2\n", "1\n2");
        assert!(d.contains("+     2 2 (no newline at end)"), "{d}");
    }

    #[test]
    fn shows_only_a_window_around_the_change() {
        let expected: String = (1..=100).map(|i| format!("{i}\n")).collect();
        let actual = expected.replace("\n50\n", "\nfifty\n");
        let d = plain(&expected, &actual);
        assert!(
            d.contains("-    50 50") && d.contains("+    50 fifty"),
            "{d}"
        );
        assert!(d.contains("    47 47") && !d.contains("    46 46"), "{d}");
    }

    #[test]
    fn compares_outputs_of_equal_length_line_by_line() {
        // An LCS diff would align the equal words of different lines instead.
        let d = plain("win\nlose\nwin\nwin\n", "win\nwin\nlose\nwin\n");
        assert_eq!(
            d,
            "first difference at line 2 (- expected, + actual)\n\
             \x20     1 win\n\
             -     2 lose\n\
             +     2 win\n\
             -     3 win\n\
             +     3 lose\n\
             \x20     4 win\n"
        );
    }

    #[test]
    fn a_long_line_is_shown_from_just_before_its_first_difference() {
        let expected: String = (0..1000).map(|i| format!("{i} ")).collect::<String>() + "\n";
        let actual = expected.replace(" 700 ", " seven-hundred ");
        let d = plain(&expected, &actual);
        assert!(
            d.starts_with("first difference at line 1, column 2691 "),
            "{d}"
        );
        assert!(d.contains("seven-hundred") && d.contains("     1 …"), "{d}");
    }

    #[test]
    fn cuts_long_diffs_with_a_count_of_the_rest() {
        let expected: String = (1..=100).map(|i| format!("{i}\n")).collect();
        let actual: String = (1..=100).map(|i| format!("x{i}\n")).collect();
        let d = plain(&expected, &actual);
        assert!(d.contains("… 180 more lines"), "{d}");
    }

    #[test]
    fn colors_only_when_asked() {
        let mut s = String::new();
        render(&mut s, "a\n", "b\n", true).unwrap();
        assert!(s.contains("\x1b["));
        assert!(!plain("a\n", "b\n").contains("\x1b["));
    }
}
