//! Drawing what a checker rejected: a header that names the rejected token (line,
//! column, both values, and for numbers the error against the tolerance), then the
//! differing lines with a few lines of context, hunk by hunk.
//!
//! The model's [`Excerpt`] holds only the lines that will be shown (the engine
//! captured them when the case was judged: `judge_engine::diff::capture`); this
//! module words it for people, into any `fmt::Write`, with or without ANSI
//! styles. Every control character a solution prints is drawn visibly (`␀`, `␛`,
//! `␇`, a tab as `→`, a CR as `␍`), so an output can never repaint the user's
//! terminal.

use std::fmt::{self, Write};

use crate::words::{header, visible};
use anstyle::{AnsiColor, Style};
use judge_compare::Rejection;
use judge_model::excerpt::{Excerpt, Tag, WINDOW};

const EMPH_REMOVED: Style = AnsiColor::Red.on_default().bold().underline();
const EMPH_ADDED: Style = AnsiColor::Green.on_default().bold().underline();
use crate::style::{ADDED, DIM, REMOVED};

/// Writes the diff of a rejected case: what the checker rejected, then the lines.
pub fn render(
    out: &mut impl Write,
    rejection: Option<&Rejection>,
    excerpt: &Excerpt,
    color: bool,
) -> fmt::Result {
    render_sides(out, rejection, excerpt, ["expected", "actual"], color)
}

/// [`render`], with the two sides named (`- old, + new` for a rewritten file,
/// `- brute force, + solution` for two programs).
pub fn render_sides(
    out: &mut impl Write,
    rejection: Option<&Rejection>,
    excerpt: &Excerpt,
    sides: [&str; 2],
    color: bool,
) -> fmt::Result {
    let paint = |style: Style, text: &str| {
        if color {
            format!("{style}{text}{style:#}")
        } else {
            text.to_string()
        }
    };
    if let Some(r) = rejection {
        writeln!(out, "{}", header(r))?;
    }
    if excerpt.hunks.is_empty() {
        return Ok(());
    }
    let legend = format!("(- {}, + {})", sides[0], sides[1]);
    writeln!(out, "{}", paint(DIM, &legend))?;
    for (h, hunk) in excerpt.hunks.iter().enumerate() {
        if h > 0 {
            writeln!(out, "{}", paint(DIM, "  ┈┈┈┈┈"))?;
        }
        for l in hunk {
            let (sign, base, emph) = match l.tag {
                Tag::Same => (' ', Style::new(), Style::new()),
                Tag::Expected => ('-', REMOVED, EMPH_REMOVED),
                Tag::Actual => ('+', ADDED, EMPH_ADDED),
            };
            let changed = l.tag != Tag::Same;
            // Past this character the line holds only trailing blanks and CR.
            let blank_from = l
                .text
                .iter()
                .rposition(|c| !matches!(c, ' ' | '\t' | '\r'))
                .map_or(0, |i| i + 1);
            let mut text = String::new();
            if l.cut_before {
                text.push_str(&paint(DIM, "…"));
            }
            let mut piece = String::new();
            let mut in_emph = false;
            for (k, &c) in l.text.iter().enumerate() {
                let now = changed && l.emph.is_some_and(|(a, b)| k >= a && k < b);
                if now != in_emph {
                    text.push_str(&paint(if in_emph { emph } else { base }, &piece));
                    piece.clear();
                    in_emph = now;
                }
                let trailing = changed && k >= blank_from;
                visible(&mut piece, c, trailing || (now && l.blank_emph));
            }
            text.push_str(&paint(if in_emph { emph } else { base }, &piece));
            if l.cut_after {
                text.push_str(&paint(DIM, "…"));
            }
            if changed && l.no_newline && excerpt.newline_matters {
                text.push_str(&paint(DIM, " (no newline at end)"));
            }
            // Pad before painting: escape codes must not count toward the width.
            let number = paint(DIM, &format!("{:>5}", l.number));
            writeln!(out, "{} {number} {text}", paint(base, &sign.to_string()))?;
        }
    }
    if excerpt.hidden > 0 {
        writeln!(
            out,
            "{}",
            paint(
                DIM,
                &format!(
                    "… {} more changed {}",
                    excerpt.hidden,
                    if excerpt.hidden == 1 { "line" } else { "lines" }
                )
            )
        )?;
    }
    if excerpt.truncated {
        writeln!(
            out,
            "{}",
            paint(
                DIM,
                &format!("… lines further on were not compared (the diff looks at {WINDOW} lines)")
            )
        )?;
    }
    Ok(())
}
