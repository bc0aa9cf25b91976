//! The diff's excerpt as data: the lines of both outputs a reporter needs to draw
//! what a checker rejected, captured when the case is judged so that the outputs
//! can be dropped at once (a bounded number of lines, each cut short). Capturing
//! it is the engine's (`judge_engine::diff::capture`), drawing it the reporters'
//! (`judge_report::diff::render`).

/// Lines of each side given to the line-matching diff when the line counts differ:
/// a bound on its cost (it is quadratic at worst). Past it an excerpt is
/// [`Excerpt::truncated`].
pub const WINDOW: usize = 2000;

/// Which side a shown line comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    /// The same on both sides (as the checker sees them): context.
    Same,
    /// Only in the expected output.
    Expected,
    /// Only in the actual output.
    Actual,
}

/// One shown line.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Which side it comes from.
    pub tag: Tag,
    /// 1-based line number on its side.
    pub number: usize,
    /// The shown characters (already cut).
    pub text: Vec<char>,
    /// Characters were cut before the shown ones.
    pub cut_before: bool,
    /// Characters were cut after the shown ones.
    pub cut_after: bool,
    /// The characters (indices into `text`) that differ from the paired line.
    pub emph: Option<(usize, usize)>,
    /// The difference is only in whitespace: spaces in `emph` are drawn as `·`.
    pub blank_emph: bool,
    /// The last line of its side, without a final newline.
    pub no_newline: bool,
}

/// The lines a diff shows, captured from both outputs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Excerpt {
    /// Runs of shown lines; far-apart runs are separate hunks.
    pub hunks: Vec<Vec<Line>>,
    /// Changed lines not shown.
    pub hidden: usize,
    /// The line matching gave up (a window or time limit); later lines were not
    /// compared.
    pub truncated: bool,
    /// The missing final newline matters to this checker (an external program).
    pub newline_matters: bool,
}

impl Excerpt {
    /// No line differs as the checker sees them (e.g. the tokens checker rejected
    /// an output whose lines are split differently).
    pub fn is_empty(&self) -> bool {
        self.hunks.is_empty()
    }
}
