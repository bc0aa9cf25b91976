//! The words of `watch`: the line after each round.

/// How a round of the judge ended, by its exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Round {
    /// Every case accepted (exit 0).
    Passed,
    /// Some case not accepted (exit 1).
    Failed,
    /// The judge could not run (any other exit, or a signal).
    Broken,
}

/// The line after a round: what it found, and that the watch goes on.
pub fn after(problem: &str, round: Round) -> String {
    format!(
        "\nwatching problems/{problem}/ and testdata/{problem}/ ({}): judged again on every save; Ctrl-C stops",
        match round {
            Round::Passed => "all AC",
            Round::Failed => "not all AC",
            Round::Broken => "the judge could not run",
        }
    )
}
