//! Drawing what a checker rejected: a header that names the rejected token (line,
//! column, both values, and for numbers the error against the tolerance), then the
//! differing lines with a few lines of context, hunk by hunk.
//!
//! Two steps, so the cost stays bounded whatever a solution prints. [`Excerpt::capture`]
//! runs when the case is judged: it compares the outputs line by line *as the
//! checker does* (the exact checker ignores trailing blanks and the final newline,
//! tokens and float ignore spacing) and keeps only the lines that will be shown
//! (at most [`MAX_CHANGED`] changed lines, each cut to [`MAX_LINE`] characters), so
//! the outputs can be dropped at once. [`render`] words an excerpt for people,
//! into any `fmt::Write`, with or without ANSI styles. Every control character a
//! solution prints is drawn visibly (`␀`, `␛`, `␇`, a tab as `→`, a CR as `␍`), so
//! an output can never repaint the user's terminal.

use std::fmt::{self, Write};
use std::time::{Duration, Instant};

use anstyle::{AnsiColor, Style};
use judge_compare::{LineRule, Rejection, Token, Why, lines, tokens, trim_blank_end};
use similar::{Algorithm, DiffOp};

use crate::problem::Checker;

/// Lines of unchanged context shown around a change.
pub const CONTEXT: usize = 3;
/// Changed lines shown before the rest is cut to "… N more changed lines".
pub const MAX_CHANGED: usize = 20;
/// Characters of one line shown before it is cut.
pub const MAX_LINE: usize = 200;
/// Lines of each side given to the line-matching diff when the line counts differ:
/// a bound on its cost (it is quadratic at worst).
const WINDOW: usize = 2000;

const REMOVED: Style = AnsiColor::Red.on_default();
const ADDED: Style = AnsiColor::Green.on_default();
const EMPH_REMOVED: Style = AnsiColor::Red.on_default().bold().underline();
const EMPH_ADDED: Style = AnsiColor::Green.on_default().bold().underline();
const DIM: Style = Style::new().dimmed();

/// Which side a shown line comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    /// The same on both sides (as the checker sees them): context.
    Same,
    /// Only in the expected output.
    Expected,
    /// Only in the actual output.
    Actual,
}

/// One shown line.
#[derive(Debug, Clone, PartialEq)]
struct Line {
    tag: Tag,
    /// 1-based line number on its side.
    number: usize,
    /// The shown characters (already cut).
    text: Vec<char>,
    /// Characters were cut before / after the shown ones.
    cut_before: bool,
    cut_after: bool,
    /// The characters (indices into `text`) that differ from the paired line.
    emph: Option<(usize, usize)>,
    /// The difference is only in whitespace: spaces in `emph` are drawn as `·`.
    blank_emph: bool,
    /// The last line of its side, without a final newline.
    no_newline: bool,
}

/// The lines a diff shows, captured from both outputs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Excerpt {
    /// Runs of shown lines; far-apart runs are separate hunks.
    hunks: Vec<Vec<Line>>,
    /// Changed lines not shown.
    hidden: usize,
    /// The line matching gave up (a window or time limit); later lines were not
    /// compared.
    truncated: bool,
    /// The missing final newline matters to this checker (an external program).
    newline_matters: bool,
}

/// How the checker sees one line: what must match for the line to count as equal.
struct View<'a> {
    checker: &'a Checker,
}

impl View<'_> {
    /// The line comparison, in `judge-compare` (optimised: it runs over every line).
    fn rule(&self) -> LineRule {
        match self.checker {
            Checker::Exact | Checker::Command { .. } | Checker::Kattis(_) | Checker::Testlib(_) => {
                LineRule::Exact
            }
            Checker::Tokens => LineRule::Tokens,
            Checker::Float { abs, rel } => LineRule::Float {
                abs: *abs,
                rel: *rel,
            },
        }
    }

    /// A key for line matching: equal keys for lines the checker calls equal
    /// (numbers within tolerance aside).
    fn key<'a>(&self, line: &'a [u8]) -> Vec<&'a [u8]> {
        match self.checker {
            Checker::Exact | Checker::Command { .. } | Checker::Kattis(_) | Checker::Testlib(_) => {
                vec![trim_blank_end(line)]
            }
            Checker::Tokens | Checker::Float { .. } => tokens(line).collect(),
        }
    }

    /// Whether a line is blank to this checker (trailing blank lines are ignored).
    fn blank(&self, line: &[u8]) -> bool {
        trim_blank_end(line).is_empty()
            && (matches!(
                self.checker,
                Checker::Exact | Checker::Command { .. } | Checker::Kattis(_) | Checker::Testlib(_)
            ) || line.iter().all(u8::is_ascii_whitespace))
    }
}

/// A row of the aligned diff: line indices on each side.
#[derive(Debug, Clone, Copy)]
enum Row {
    /// Equal as the checker sees them (drawn from the expected side).
    Same(usize),
    /// Expected line `.0` against actual line `.1`, shown as a `-`/`+` pair.
    Pair(usize, usize),
    Expected(usize),
    Actual(usize),
}

impl Row {
    fn changed(self) -> bool {
        !matches!(self, Row::Same(..))
    }
}

/// The rows a diff shows (`None` separates hunks) and how many lines changed in all.
struct Rows {
    shown: Vec<Option<Row>>,
    changed: usize,
    truncated: bool,
}

/// Line N against line N, for outputs of as many lines as expected: one answer
/// per line is compared the way a judge reads it. A line-matching diff would pair
/// equal answers of different queries and hide which line is wrong. Only the rows
/// that will be shown are kept; the rest are only counted.
fn rows_line_by_line(view: &View, exp: &[&[u8]], act: &[&[u8]]) -> Rows {
    let mut rows = Vec::new();
    let mut last_shown: Option<usize> = None;
    let mut emitted = 0usize;
    let (differing, changed) = view.rule().differing(exp, act, MAX_CHANGED + 1);
    let first_hidden = differing.get(MAX_CHANGED).copied();
    for &i in differing.iter().take(MAX_CHANGED) {
        if let Some(l) = last_shown {
            let to = (l + 1 + CONTEXT).min(i);
            rows.extend((emitted..to).map(Row::Same));
            emitted = emitted.max(to);
        }
        let from = i.saturating_sub(CONTEXT).max(emitted);
        rows.extend((from..i).map(Row::Same));
        rows.push(Row::Pair(i, i));
        emitted = i + 1;
        last_shown = Some(i);
    }
    if let Some(l) = last_shown {
        let to = (l + 1 + CONTEXT).min(first_hidden.unwrap_or(exp.len()));
        rows.extend((emitted..to).map(Row::Same));
    }
    Rows {
        shown: thin(rows),
        changed,
        truncated: false,
    }
}

/// Lines matched by similar's Patience diff (within a window and a deadline)
/// between the equal prefix and suffix, for outputs with lines missing or extra.
fn rows_matched(view: &View, exp: &[&[u8]], act: &[&[u8]]) -> Rows {
    let rule = view.rule();
    let prefix = rule.equal_run(exp, act, false);
    let suffix = rule.equal_run(&exp[prefix..], &act[prefix..], true);
    let (e_end, a_end) = (exp.len() - suffix, act.len() - suffix);
    let e_stop = e_end.min(prefix + WINDOW);
    let a_stop = a_end.min(prefix + WINDOW);
    let truncated = e_stop < e_end || a_stop < a_end;
    let mut rows: Vec<Row> = (prefix.saturating_sub(CONTEXT)..prefix)
        .map(Row::Same)
        .collect();
    let keys_e: Vec<_> = exp[prefix..e_stop].iter().map(|l| view.key(l)).collect();
    let keys_a: Vec<_> = act[prefix..a_stop].iter().map(|l| view.key(l)).collect();
    let deadline = Instant::now() + Duration::from_millis(100);
    let ops = similar::capture_diff_slices_deadline(
        Algorithm::Patience,
        &keys_e,
        &keys_a,
        Some(deadline),
    );
    for op in ops {
        push_op(&mut rows, op, prefix);
    }
    if !truncated {
        rows.extend((0..CONTEXT.min(suffix)).map(|k| Row::Same(e_end + k)));
    }
    // Count every changed line, then keep the first ones shown.
    let changed = rows.iter().filter(|r| r.changed()).count();
    Rows {
        shown: thin(cap(rows)),
        changed,
        truncated,
    }
}

/// The rows of one diff operation, its indices shifted past the equal `prefix`.
fn push_op(rows: &mut Vec<Row>, op: DiffOp, prefix: usize) {
    match op {
        DiffOp::Equal { old_index, len, .. } => {
            rows.extend((0..len).map(|k| Row::Same(prefix + old_index + k)))
        }
        DiffOp::Delete {
            old_index, old_len, ..
        } => rows.extend((0..old_len).map(|k| Row::Expected(prefix + old_index + k))),
        DiffOp::Insert {
            new_index, new_len, ..
        } => rows.extend((0..new_len).map(|k| Row::Actual(prefix + new_index + k))),
        DiffOp::Replace {
            old_index,
            old_len,
            new_index,
            new_len,
        } => {
            let pairs = old_len.min(new_len);
            rows.extend(
                (0..pairs).map(|k| Row::Pair(prefix + old_index + k, prefix + new_index + k)),
            );
            rows.extend((pairs..old_len).map(|k| Row::Expected(prefix + old_index + k)));
            rows.extend((pairs..new_len).map(|k| Row::Actual(prefix + new_index + k)));
        }
    }
}

/// One side's lines and whether its text ends with a newline.
struct Side<'a> {
    lines: Vec<&'a [u8]>,
    newline: bool,
}

impl Side<'_> {
    /// Whether line `i` is this side's last and has no newline after it.
    fn unterminated(&self, i: usize) -> bool {
        i + 1 == self.lines.len() && !self.newline
    }
}

/// The shown rows drawn as hunks of lines, and how many changed lines they show.
fn hunks(shown: Vec<Option<Row>>, exp: &Side, act: &Side) -> (Vec<Vec<Line>>, usize) {
    let mut hunks = Vec::new();
    let mut shown_changed = 0usize;
    let mut hunk: Vec<Line> = Vec::new();
    for row in shown {
        let Some(row) = row else {
            if !hunk.is_empty() {
                hunks.push(std::mem::take(&mut hunk));
            }
            continue;
        };
        if row.changed() {
            shown_changed += 1;
        }
        match row {
            Row::Same(i) => hunk.push(line(Tag::Same, i, exp.lines[i], None, false)),
            Row::Pair(i, j) => {
                let (mut e, mut a) = pair(exp.lines[i], act.lines[j], i, j);
                e.no_newline = exp.unterminated(i);
                a.no_newline = act.unterminated(j);
                hunk.push(e);
                hunk.push(a);
            }
            Row::Expected(i) => {
                let mut l = line(Tag::Expected, i, exp.lines[i], None, false);
                l.no_newline = exp.unterminated(i);
                hunk.push(l);
            }
            Row::Actual(j) => {
                let mut l = line(Tag::Actual, j, act.lines[j], None, false);
                l.no_newline = act.unterminated(j);
                hunk.push(l);
            }
        }
    }
    if !hunk.is_empty() {
        hunks.push(hunk);
    }
    (hunks, shown_changed)
}

impl Excerpt {
    /// The lines a diff of `expected` → `actual` under `checker` shows.
    pub fn capture(checker: &Checker, expected: &[u8], actual: &[u8]) -> Excerpt {
        let view = View { checker };
        let (exp, exp_newline) = lines(expected);
        let (act, act_newline) = lines(actual);
        let mut exp = Side {
            lines: exp,
            newline: exp_newline,
        };
        let mut act = Side {
            lines: act,
            newline: act_newline,
        };
        let newline_matters = matches!(
            checker,
            Checker::Command { .. } | Checker::Kattis(_) | Checker::Testlib(_)
        );
        if !newline_matters {
            // Trailing blank lines are not compared, so they are not differences.
            for side in [&mut exp, &mut act] {
                while side.lines.last().is_some_and(|l| view.blank(l)) {
                    side.lines.pop();
                }
            }
        }
        let rows = if exp.lines.len() == act.lines.len() {
            rows_line_by_line(&view, &exp.lines, &act.lines)
        } else {
            rows_matched(&view, &exp.lines, &act.lines)
        };
        let (hunks, shown_changed) = hunks(rows.shown, &exp, &act);
        Excerpt {
            hunks,
            hidden: rows.changed.saturating_sub(shown_changed),
            truncated: rows.truncated,
            newline_matters,
        }
    }

    /// No line differs as the checker sees them (e.g. the tokens checker rejected
    /// an output whose lines are split differently).
    pub fn is_empty(&self) -> bool {
        self.hunks.is_empty()
    }
}

/// Keeps the first [`MAX_CHANGED`] changed rows with their context.
fn cap(rows: Vec<Row>) -> Vec<Row> {
    let mut kept = Vec::new();
    let mut changed = 0;
    for (k, r) in rows.iter().enumerate() {
        if r.changed() {
            changed += 1;
            if changed > MAX_CHANGED {
                // Context after the last shown change.
                kept.extend(
                    rows[k..]
                        .iter()
                        .take_while(|r| !r.changed())
                        .take(CONTEXT)
                        .copied(),
                );
                return kept;
            }
        }
        kept.push(*r);
    }
    kept
}

/// Drops unchanged rows further than [`CONTEXT`] from any change, leaving `None`
/// where a hunk ends, so far-apart changes are drawn as separate hunks.
fn thin(rows: Vec<Row>) -> Vec<Option<Row>> {
    let n = rows.len();
    let mut near = vec![false; n];
    let changes: Vec<usize> = (0..n).filter(|&k| rows[k].changed()).collect();
    for &k in &changes {
        for slot in near
            .iter_mut()
            .take((k + CONTEXT + 1).min(n))
            .skip(k.saturating_sub(CONTEXT))
        {
            *slot = true;
        }
    }
    let mut out = Vec::with_capacity(n);
    let mut gap = false;
    let mut prev: Option<Row> = None;
    for (k, r) in rows.into_iter().enumerate() {
        // Rows that are not consecutive lines (a positional capture skips equal
        // runs) also break the hunk.
        let jump = match (prev, r) {
            (Some(Row::Same(a) | Row::Pair(a, _)), Row::Same(b) | Row::Pair(b, _)) => b != a + 1,
            _ => false,
        };
        if near[k] {
            if (gap || jump) && !out.is_empty() {
                out.push(None);
            }
            out.push(Some(r));
            gap = false;
            prev = Some(r);
        } else {
            gap = true;
        }
    }
    out
}

/// A shown line from raw bytes, cut to [`MAX_LINE`] characters from `start`.
fn line(tag: Tag, index: usize, raw: &[u8], emph: Option<(usize, usize)>, blank: bool) -> Line {
    let chars: Vec<char> = String::from_utf8_lossy(raw).chars().collect();
    cut(tag, index, &chars, 0, emph, blank)
}

fn cut(
    tag: Tag,
    index: usize,
    chars: &[char],
    start: usize,
    emph: Option<(usize, usize)>,
    blank_emph: bool,
) -> Line {
    let end = chars.len().min(start + MAX_LINE);
    let start = start.min(end);
    Line {
        tag,
        number: index + 1,
        text: chars[start..end].to_vec(),
        cut_before: start > 0,
        cut_after: end < chars.len(),
        emph: emph.map(|(a, b)| {
            (
                a.saturating_sub(start).min(end - start),
                b.saturating_sub(start).min(end - start),
            )
        }),
        blank_emph,
        no_newline: false,
    }
}

/// The `-`/`+` lines of a changed pair, the differing characters emphasised and
/// long lines shown from just before their first difference.
fn pair(expected: &[u8], actual: &[u8], i: usize, j: usize) -> (Line, Line) {
    let e: Vec<char> = String::from_utf8_lossy(trim_blank_end(expected))
        .chars()
        .collect();
    let a: Vec<char> = String::from_utf8_lossy(trim_blank_end(actual))
        .chars()
        .collect();
    let e_full: Vec<char> = String::from_utf8_lossy(expected).chars().collect();
    let a_full: Vec<char> = String::from_utf8_lossy(actual).chars().collect();
    let prefix = e.iter().zip(&a).take_while(|(x, y)| x == y).count();
    let suffix = e[prefix..]
        .iter()
        .rev()
        .zip(a[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    // Widen the marks to whole runs of blanks, so a doubled space is marked whole.
    let widen = |t: &[char], (mut from, mut to): (usize, usize)| {
        while from > 0 && t[from - 1].is_whitespace() {
            from -= 1;
        }
        while to < t.len() && t[to].is_whitespace() {
            to += 1;
        }
        (from, to)
    };
    let e_emph = widen(&e, (prefix, e.len() - suffix));
    let a_emph = widen(&a, (prefix, a.len() - suffix));
    let squeeze = |s: &[char]| -> String { s.iter().filter(|c| !c.is_whitespace()).collect() };
    let blank = squeeze(&e[e_emph.0..e_emph.1]) == squeeze(&a[a_emph.0..a_emph.1]);
    let long = e_full.len().max(a_full.len()) > MAX_LINE;
    let start = if long {
        prefix.saturating_sub(MAX_LINE / 4)
    } else {
        0
    };
    (
        cut(Tag::Expected, i, &e_full, start, Some(e_emph), blank),
        cut(Tag::Actual, j, &a_full, start, Some(a_emph), blank),
    )
}

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

/// Appends `c` drawn visibly: control characters as their Unicode pictures, a tab
/// as `→`, a CR as `␍`; with `blank`, a space as `·`.
fn visible(out: &mut String, c: char, blank: bool) {
    match c {
        ' ' if blank => out.push('·'),
        '\t' => out.push('→'),
        '\r' => out.push('␍'),
        // C0 controls have pictures at U+2400 + code: ␀ ␇ ␛ ...
        c if (c as u32) < 0x20 => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('?')),
        '\u{7f}' => out.push('␡'),
        // C1 controls and the bidirectional overrides can also move the cursor or
        // reorder what follows: drawn as escapes.
        c if matches!(c as u32, 0x80..=0x9f | 0x202a..=0x202e | 0x2066..=0x2069) => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
        c => out.push(c),
    }
}

/// A token or whitespace for the header, quoted and drawn visibly.
fn quoted(t: &Token) -> String {
    let mut s = String::from("\"");
    for c in t.text.chars() {
        visible(&mut s, c, false);
    }
    s.push('"');
    s
}

/// Whitespace in words: `2 spaces`, `1 tab`, `a line break`, `no space`.
fn blank_words(text: &str) -> String {
    if text == "\n" {
        return "a line break".into();
    }
    let spaces = text.chars().filter(|&c| c == ' ').count();
    let tabs = text.chars().filter(|&c| c == '\t').count();
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match (spaces, tabs) {
        (0, 0) => "no space".into(),
        (s, 0) => count(s, "space", "spaces"),
        (0, t) => count(t, "tab", "tabs"),
        (s, t) => format!(
            "{} and {}",
            count(s, "space", "spaces"),
            count(t, "tab", "tabs")
        ),
    }
}

/// A small number in three significant digits, without trailing zeros: `6.7e-5`.
fn short(x: f64) -> String {
    let s = format!("{x:.2e}");
    match s.split_once('e') {
        Some((mantissa, exp)) if mantissa.contains('.') => {
            format!(
                "{}e{exp}",
                mantissa.trim_end_matches('0').trim_end_matches('.')
            )
        }
        _ => s,
    }
}

/// The first line of a diff: where and why the checker rejected.
pub fn header(r: &Rejection) -> String {
    let place = |t: &Token| format!("line {}, column {}", t.line, t.column);
    let (Some(e), Some(a)) = (&r.expected, &r.actual) else {
        return match &r.why {
            Why::Program { message } if !message.is_empty() => {
                format!("the checker said: {}", message.replace('\n', "\n  "))
            }
            _ => "the checker rejected the output (it printed nothing)".into(),
        };
    };
    let at = if (e.line, e.column) == (a.line, a.column) {
        place(e)
    } else {
        format!(
            "expected line {}, column {}; actual line {}, column {}",
            e.line, e.column, a.line, a.column
        )
    };
    match &r.why {
        Why::Token => format!("{at}: expected {}, found {}", quoted(e), quoted(a)),
        Why::Float { error, tolerance } => format!(
            "{at}: expected {}, found {}: error {} > tolerance {}",
            quoted(e),
            quoted(a),
            short(*error),
            short(*tolerance)
        ),
        Why::Missing => format!("{at}: expected {}, found the end of the output", quoted(e)),
        // Nothing at all expected: most likely a .out not written yet (`new` makes
        // an empty one), not an output that should be empty; say which it is.
        Why::Extra if (e.line, e.column) == (1, 1) => format!(
            "{at}: expected nothing (the expected output is empty: is its .out written?), found {}",
            quoted(a)
        ),
        Why::Extra => format!("{at}: expected the end of the output, found {}", quoted(a)),
        Why::Whitespace => format!(
            "{at}: same tokens, different whitespace: expected {}, found {} (the checker is exact)",
            blank_words(&e.text),
            blank_words(&a.text)
        ),
        Why::Program { message } => format!("{at}: the checker said: {message}"),
    }
}

/// Renders the diff of two texts under `checker` with `rejection` as the header:
/// for callers that compared the outputs themselves (bless, stress). `sides`
/// names the `-` and `+` sides.
pub fn render_texts(
    out: &mut impl Write,
    checker: &Checker,
    rejection: Option<&Rejection>,
    expected: &[u8],
    actual: &[u8],
    sides: [&str; 2],
    color: bool,
) -> fmt::Result {
    render_sides(
        out,
        rejection,
        &Excerpt::capture(checker, expected, actual),
        sides,
        color,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{self, Outcome};
    use std::path::Path;

    /// The diff the judge shows for `actual` against `expected` under `checker`.
    fn shown(checker: &Checker, expected: &str, actual: &str, color: bool) -> String {
        let outcome = check::check(
            checker,
            Path::new("in"),
            actual.as_bytes(),
            expected.as_bytes(),
        )
        .unwrap();
        assert!(!matches!(outcome, Outcome::Accepted), "accepted");
        let mut s = String::new();
        render_texts(
            &mut s,
            checker,
            outcome.rejection(),
            expected.as_bytes(),
            actual.as_bytes(),
            ["expected", "actual"],
            color,
        )
        .unwrap();
        s
    }

    fn plain(expected: &str, actual: &str) -> String {
        shown(&Checker::Exact, expected, actual, false)
    }

    const FLOAT: Checker = Checker::Float {
        abs: 1e-6,
        rel: 1e-6,
    };

    #[test]
    fn shows_the_rejected_token_then_expected_and_actual_lines_with_numbers() {
        let d = plain("Stan wins\nOllie wins\n", "Stan wins\nStan wins\n");
        assert_eq!(
            d,
            "line 2, column 1: expected \"Ollie\", found \"Stan\"\n\
             (- expected, + actual)\n\
             \x20     1 Stan wins\n\
             -     2 Ollie wins\n\
             +     2 Stan wins\n"
        );
    }

    #[test]
    fn a_float_diff_names_the_line_of_the_rejected_number_and_the_error() {
        let d = shown(
            &FLOAT,
            "0.5\n0.25\n0.333333\n",
            "0.5000001\n0.25\n0.3334\n",
            false,
        );
        assert!(
            d.starts_with(
                "line 3, column 1: expected \"0.333333\", found \"0.3334\": error 6.7e-5 > tolerance 1e-6\n"
            ),
            "{d}"
        );
        // Line 1 is within the tolerance: context, not a difference.
        assert!(
            d.contains("      1 0.5\n") && d.contains("-     3 0.333333"),
            "{d}"
        );
        assert!(!d.contains("+     1"), "{d}");
    }

    #[test]
    fn a_presentation_error_marks_the_whitespace_and_not_what_the_checker_ignores() {
        let d = plain(
            "1 Stan wins\n2 Ollie wins\n",
            "1 Stan  wins\n2 Ollie wins\t",
        );
        assert!(
            d.starts_with("line 1, column 7: same tokens, different whitespace: expected 1 space, found 2 spaces"),
            "{d}"
        );
        assert!(d.contains("+     1 1 Stan··wins"), "{d}");
        assert!(d.contains("      2 2 Ollie wins\n"), "{d}");
        assert!(!d.contains("+     2") && !d.contains("no newline"), "{d}");
    }

    #[test]
    fn changes_far_apart_are_separate_hunks() {
        let expected: String = (1..=200).map(|i| format!("{i}\n")).collect();
        let actual = expected
            .replace("\n155\n", "\nx\n")
            .replace("\n170\n", "\ny\n");
        let d = plain(&expected, &actual);
        let hunks: Vec<&str> = d.split("  ┈┈┈┈┈\n").collect();
        assert_eq!(hunks.len(), 2, "{d}");
        assert!(
            hunks[0].contains("+   155 x") && hunks[1].contains("+   170 y"),
            "{d}"
        );
        assert!(
            hunks[0].contains("   158 158") && !hunks[0].contains("159"),
            "{d}"
        );
    }

    #[test]
    fn control_characters_are_drawn_visibly_with_and_without_color() {
        for color in [false, true] {
            let d = shown(
                &Checker::Exact,
                "a\n\tb\n",
                "a\u{1b}[2J\u{7}\0\n\tb\n",
                color,
            );
            assert!(!d.contains('\u{7}') && !d.contains('\0'), "{d:?}");
            assert!(!d.contains("\u{1b}[2J"), "{d:?}");
            assert!(
                d.contains('␛') && d.contains('␇') && d.contains('␀'),
                "{d:?}"
            );
        }
    }

    #[test]
    fn a_leading_tab_is_drawn_visibly() {
        let d = plain("\t1\n", "\t2\n");
        assert!(d.contains("-     1 →1") && d.contains("+     1 →2"), "{d}");
        assert!(!d.contains('\t'), "{d}");
    }

    #[test]
    fn makes_a_trailing_space_and_a_cr_visible_on_a_changed_line() {
        let d = plain("1\n", "2 \r\n");
        assert!(d.contains("+     1 2·␍"), "{d}");
    }

    #[test]
    fn a_missing_final_newline_is_marked_only_where_it_matters() {
        let e = "1\n2\n";
        let excerpt = Excerpt::capture(
            &Checker::Command {
                command: "x".into(),
                dir: ".".into(),
                time_limit: std::time::Duration::from_secs(1),
            },
            e.as_bytes(),
            b"1\n3",
        );
        let mut d = String::new();
        render(&mut d, None, &excerpt, false).unwrap();
        assert!(d.contains("+     2 3 (no newline at end)"), "{d}");
        assert!(!plain(e, "1\n3").contains("no newline"));
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
        // A line-matching diff would align the equal words of different lines.
        let d = plain("win\nlose\nwin\nwin\n", "win\nwin\nlose\nwin\n");
        assert!(
            d.ends_with(
                "\x20     1 win\n\
                 -     2 lose\n\
                 +     2 win\n\
                 -     3 win\n\
                 +     3 lose\n\
                 \x20     4 win\n"
            ),
            "{d}"
        );
    }

    #[test]
    fn lost_lines_are_matched_up_when_the_line_counts_differ() {
        let d = plain("1\n2\n3\n4\n", "1\n3\n4\n");
        assert!(d.contains("-     2 2\n      3 3\n"), "{d}");
    }

    #[test]
    fn a_long_line_is_shown_from_just_before_its_first_difference() {
        let expected: String = (0..1000).map(|i| format!("{i} ")).collect::<String>() + "\n";
        let actual = expected.replace(" 700 ", " seven-hundred ");
        let d = plain(&expected, &actual);
        assert!(d.starts_with("line 1, column 2691: "), "{d}");
        assert!(d.contains("seven-hundred") && d.contains("     1 …"), "{d}");
    }

    #[test]
    fn cuts_long_diffs_with_a_count_of_the_rest() {
        let expected: String = (1..=100).map(|i| format!("{i}\n")).collect();
        let actual: String = (1..=100).map(|i| format!("x{i}\n")).collect();
        let d = plain(&expected, &actual);
        assert!(d.contains("… 80 more changed lines"), "{d}");
    }

    #[test]
    fn a_huge_wrong_output_keeps_only_the_shown_lines() {
        let expected: String = (0..1_000_000).map(|i| format!("{i}\n")).collect();
        let actual: String = (0..1_000_000).map(|i| format!("{}\n", i + 1)).collect();
        let e = Excerpt::capture(&Checker::Exact, expected.as_bytes(), actual.as_bytes());
        let lines: usize = e.hunks.iter().map(Vec::len).sum();
        assert_eq!(lines, 2 * MAX_CHANGED, "{e:?}");
        assert_eq!(e.hidden, 1_000_000 - MAX_CHANGED);
    }

    #[test]
    fn colors_only_when_asked() {
        assert!(shown(&Checker::Exact, "a\n", "b\n", true).contains("\x1b["));
        assert!(!plain("a\n", "b\n").contains("\x1b["));
    }
}
