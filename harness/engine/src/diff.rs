//! Capturing what a checker rejected: the lines of both outputs a diff shows.
//!
//! Runs when the case is judged, so the cost stays bounded whatever a solution
//! prints: [`capture`] compares the outputs line by line *as the checker does*
//! (the exact checker ignores trailing blanks and the final newline, tokens and
//! float ignore spacing) and keeps only the lines that will be shown (at most
//! [`MAX_CHANGED`] changed lines, each cut to [`MAX_LINE`] characters) in the
//! model's [`Excerpt`], so the outputs can be dropped at once. Drawing the
//! excerpt is the reporters' (`judge_report::diff`).

use std::borrow::Cow;
use std::time::{Duration, Instant};

use judge_compare::{LineRule, lines, tokens, trim_blank_end};
use judge_model::excerpt::{Excerpt, Line, Tag, WINDOW};
use similar::{Algorithm, DiffOp};

use judge_model::problem::Checker;

/// Lines of unchanged context shown around a change.
pub const CONTEXT: usize = 3;
/// Changed lines shown before the rest is cut to "… N more changed lines".
pub const MAX_CHANGED: usize = 20;
/// Characters of one line shown before it is cut.
pub const MAX_LINE: usize = 200;

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
            Checker::Tokens { case_sensitive } => LineRule::Tokens {
                case_sensitive: *case_sensitive,
            },
            Checker::Float { abs, rel } => LineRule::Float {
                abs: *abs,
                rel: *rel,
            },
        }
    }

    /// A key for line matching: equal keys for lines the checker calls equal
    /// (numbers within tolerance aside; letters lowercased where their case does
    /// not count).
    fn key<'a>(&self, line: &'a [u8]) -> Vec<Cow<'a, [u8]>> {
        match self.checker {
            Checker::Exact | Checker::Command { .. } | Checker::Kattis(_) | Checker::Testlib(_) => {
                vec![Cow::Borrowed(trim_blank_end(line))]
            }
            Checker::Tokens {
                case_sensitive: false,
            } => tokens(line)
                .map(|t| Cow::Owned(t.to_ascii_lowercase()))
                .collect(),
            Checker::Tokens { .. } | Checker::Float { .. } => {
                tokens(line).map(Cow::Borrowed).collect()
            }
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
