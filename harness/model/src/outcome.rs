//! What a checker decided about one output, as data: accepted, or rejected with
//! where and why ([`Rejection`], the comparison crate's record of the first
//! difference). Every checker kind (the built-in ones, command, Kattis and
//! testlib validators) answers with it; the engine turns it into a verdict.

use judge_compare::Rejection;

/// What a checker decided.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Accepted.
    Accepted,
    /// Wrong answer, and where.
    Wrong(Rejection),
    /// Right tokens, wrong whitespace (only the exact checker says this), and where.
    Presentation(Rejection),
}

impl Outcome {
    /// The rejection, unless accepted.
    pub fn rejection(&self) -> Option<&Rejection> {
        match self {
            Outcome::Accepted => None,
            Outcome::Wrong(r) | Outcome::Presentation(r) => Some(r),
        }
    }
}
