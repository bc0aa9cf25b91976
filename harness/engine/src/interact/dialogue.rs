//! The dialogue between a solution and its interactor, as the relay saw it.
//!
//! Owns recording (the last [`KEEP`] complete lines each way, each cut to
//! [`CUT`] bytes, in the order they were seen) and rendering them the Kattis
//! `.interaction` way: `>` for what the solution wrote, `<` for what the
//! interactor wrote. Memory is bounded whatever either side prints: at most
//! `2 * (KEEP + 1)` lines of at most `CUT` bytes, and the buffers of evicted lines
//! are reused, so recording a long exchange allocates nothing per line once warm.

use std::collections::VecDeque;
use std::fmt::Write as _;

use judge_compare::{count_byte, find_byte, nth_last_byte};
use judge_model::judge::Extra;

/// Lines kept each way.
pub const KEEP: usize = 20;
/// Bytes kept of a line; the rest is counted, not stored.
pub const CUT: usize = 120;

/// Who wrote a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    /// The solution wrote it (the interactor read it): `>`.
    Solution,
    /// The interactor wrote it (the solution read it): `<`.
    Interactor,
}

impl Dir {
    /// 0 for the solution, 1 for the interactor (for per-direction arrays).
    pub(super) fn index(self) -> usize {
        match self {
            Dir::Solution => 0,
            Dir::Interactor => 1,
        }
    }

    /// The `.interaction` prefix: `>` or `<`.
    pub fn mark(self) -> char {
        match self {
            Dir::Solution => '>',
            Dir::Interactor => '<',
        }
    }
}

/// One recorded line.
#[derive(Debug, Clone, Default)]
struct Line {
    /// Position in the whole dialogue (both directions), from 0.
    seq: u64,
    /// At most `CUT` bytes of the line, without its newline.
    text: Vec<u8>,
    /// The line's full length in bytes.
    len: usize,
    /// The line had no newline (it was still open when the dialogue ended).
    open: bool,
}

/// The recorder: fed the bytes as the relay passes them on.
#[derive(Debug, Default)]
pub struct Dialogue {
    kept: [VecDeque<Line>; 2],
    partial: [Option<Line>; 2],
    lines: [u64; 2],
    bytes: [u64; 2],
    seq: u64,
}

impl Dialogue {
    /// Records `bytes` written by `dir`.
    pub fn feed(&mut self, dir: Dir, mut bytes: &[u8]) {
        let i = dir.index();
        self.bytes[i] += bytes.len() as u64;
        // A chunk of many lines (a flood): of the lines that end in it, only the
        // first (it may complete an open line) and the last KEEP are recorded; those
        // between would be evicted by the last KEEP anyway, so they are only
        // counted. The byte scans are judge-compare's, optimised even when the
        // rest of the judge is not (a 64 MiB flood of 2-byte lines cost the
        // line-by-line loop 5 s of CPU at opt-level 0).
        if let Some(first) = find_byte(bytes, b'\n')
            && let Some(before_last) = nth_last_byte(bytes, b'\n', KEEP + 1)
            && before_last > first
        {
            self.record(i, &bytes[..=first]);
            let skipped = count_byte(&bytes[first + 1..=before_last], b'\n') as u64;
            self.lines[i] += skipped;
            self.seq += skipped;
            bytes = &bytes[before_last + 1..];
        }
        self.record(i, bytes);
    }

    /// Records `bytes` of direction `i` line by line.
    fn record(&mut self, i: usize, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let end = find_byte(bytes, b'\n');
            let piece = &bytes[..end.unwrap_or(bytes.len())];
            if self.partial[i].is_none() {
                // Reuse the buffer of the line about to be evicted.
                let mut line = if self.kept[i].len() >= KEEP {
                    self.kept[i].pop_front().unwrap_or_default()
                } else {
                    Line::default()
                };
                line.text.clear();
                line.len = 0;
                line.open = false;
                line.seq = self.seq;
                self.seq += 1;
                self.partial[i] = Some(line);
            }
            let line = self.partial[i].as_mut().expect("just set");
            let room = CUT.saturating_sub(line.text.len());
            line.text.extend_from_slice(&piece[..piece.len().min(room)]);
            line.len += piece.len();
            match end {
                Some(e) => {
                    let done = self.partial[i].take().expect("just set");
                    self.push(i, done);
                    bytes = &bytes[e + 1..];
                }
                None => break,
            }
        }
    }

    fn push(&mut self, i: usize, line: Line) {
        self.lines[i] += 1;
        if self.kept[i].len() >= KEEP {
            self.kept[i].pop_front();
        }
        self.kept[i].push_back(line);
    }

    /// Bytes written by `dir`.
    pub fn bytes(&self, dir: Dir) -> u64 {
        self.bytes[dir.index()]
    }

    /// Lines written by `dir` (a last line without a newline counts).
    pub fn lines(&self, dir: Dir) -> u64 {
        self.lines[dir.index()] + u64::from(self.partial[dir.index()].is_some())
    }

    /// Nothing was written either way.
    pub fn is_empty(&self) -> bool {
        self.bytes == [0, 0]
    }

    /// The kept lines, both ways, in the order they were seen: `(dir, text, full
    /// length, had no newline)`.
    fn merged(&self) -> Vec<(Dir, &Line)> {
        let mut all: Vec<(Dir, &Line)> = Vec::with_capacity(2 * KEEP + 2);
        for dir in [Dir::Solution, Dir::Interactor] {
            let i = dir.index();
            all.extend(self.kept[i].iter().map(|l| (dir, l)));
            if let Some(p) = &self.partial[i] {
                all.push((dir, p));
            }
        }
        all.sort_by_key(|(_, l)| l.seq);
        all
    }

    /// The dialogue as a result's extra: how many lines each side wrote, how many
    /// were kept each way when not all were, and the kept lines rendered.
    pub fn extra(&self) -> Extra {
        let (sol, int) = (self.lines(Dir::Solution), self.lines(Dir::Interactor));
        Extra::Dialogue {
            from_solution: sol,
            from_interactor: int,
            kept: (sol + int > 2 * KEEP as u64).then_some(KEEP),
            text: self.render(),
        }
    }

    /// The kept lines as text, one per line, `> ` or `< ` first; a gap where lines
    /// were not kept says how many; a cut line says its length; a line still open
    /// at the end says so.
    pub fn render(&self) -> String {
        let mut s = String::new();
        if self.is_empty() {
            s.push_str("(nothing was written either way)\n");
            return s;
        }
        let mut next = 0u64;
        for (dir, line) in self.merged() {
            if line.seq > next {
                let skipped = line.seq - next;
                let _ = writeln!(
                    s,
                    "… {skipped} line{} not shown",
                    if skipped == 1 { "" } else { "s" }
                );
            }
            next = line.seq + 1;
            let text = String::from_utf8_lossy(&line.text);
            let _ = write!(s, "{} {}", dir.mark(), text.trim_end_matches('\r'));
            if line.len > line.text.len() {
                let _ = write!(s, " … ({} bytes)", line.len);
            }
            if line.open {
                s.push_str("   (no newline: never ended)");
            }
            s.push('\n');
        }
        s
    }

    /// The kept lines written by `dir`, oldest first (cut lines as kept).
    pub fn kept(&self, dir: Dir) -> Vec<String> {
        let i = dir.index();
        self.kept[i]
            .iter()
            .chain(&self.partial[i])
            .map(|l| {
                String::from_utf8_lossy(&l.text)
                    .trim_end_matches('\r')
                    .to_string()
            })
            .collect()
    }

    /// Marks the lines still open as ended without a newline (call once, at the end).
    pub fn close(&mut self) {
        for p in self.partial.iter_mut().flatten() {
            p.open = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_interleaved_in_the_order_they_were_seen() {
        let mut d = Dialogue::default();
        d.feed(Dir::Interactor, b"3 5\n");
        d.feed(Dir::Solution, b"fir");
        d.feed(Dir::Solution, b"st\n1 2\n");
        d.feed(Dir::Interactor, b"0 1\n");
        d.close();
        let text = d.render();
        assert!(text.ends_with("< 3 5\n> first\n> 1 2\n< 0 1\n"), "{text}");
    }

    #[test]
    fn a_flood_in_one_chunk_is_recorded_as_if_fed_line_by_line() {
        let mut chunked = Dialogue::default();
        let mut by_line = Dialogue::default();
        for d in [&mut chunked, &mut by_line] {
            d.feed(Dir::Interactor, b"go\n");
            d.feed(Dir::Solution, b"open ");
        }
        let flood: String = (0..5000).map(|i| format!("line {i}\n")).collect();
        chunked.feed(Dir::Solution, format!("{flood}tail").as_bytes());
        for line in flood.split_inclusive('\n') {
            by_line.feed(Dir::Solution, line.as_bytes());
        }
        by_line.feed(Dir::Solution, b"tail");
        for d in [&mut chunked, &mut by_line] {
            d.feed(Dir::Interactor, b"done\n");
            d.close();
        }
        assert_eq!(chunked.render(), by_line.render());
        assert_eq!(chunked.extra(), by_line.extra());
        assert!(chunked.render().contains("> line 4999\n"));
    }

    #[test]
    fn only_the_last_lines_each_way_are_kept_and_the_gap_is_counted() {
        let mut d = Dialogue::default();
        for i in 0..1000 {
            d.feed(Dir::Solution, format!("s{i}\n").as_bytes());
            d.feed(Dir::Interactor, format!("i{i}\n").as_bytes());
        }
        let text = d.render();
        assert!(
            text.contains("… 1960 lines not shown\n> s980\n< i980\n"),
            "{text}"
        );
        assert!(text.ends_with("> s999\n< i999\n"), "{text}");
        assert_eq!(text.lines().count(), 1 + 2 * KEEP);
        assert!(
            matches!(d.extra(), Extra::Dialogue { kept: Some(20), .. }),
            "{:?}",
            d.extra()
        );
        assert_eq!(d.lines(Dir::Solution), 1000);
    }

    #[test]
    fn a_long_line_is_cut_and_its_length_named() {
        let mut d = Dialogue::default();
        d.feed(Dir::Solution, &vec![b'y'; 1 << 20]);
        d.close();
        let text = d.render();
        assert!(text.contains(&format!("> {} … (1048576 bytes)", "y".repeat(CUT))));
        assert!(text.contains("no newline"), "{text}");
    }
}
