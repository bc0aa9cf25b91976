//! How a command ended, as data: every subcommand returns a [`Status`] and only the
//! command layer (`lib.rs`) turns it into the process's exit status.

/// The outcome of a command that ran to its end.
///
/// A failure of the harness itself that stops a command early is an
/// `anyhow::Error` instead; both map to exit status 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Everything judged was accepted (exit 0).
    Passed,
    /// Something was judged and not accepted, or a check found problems (exit 1).
    Failed,
    /// The harness could not judge what it was asked to (exit 2): bad testdata, no
    /// cases, a judge error on some case.
    Broken,
}

impl Status {
    /// The process exit status: 0 passed, 1 failed, 2 the harness could not run.
    pub fn exit_code(self) -> i32 {
        match self {
            Status::Passed => 0,
            Status::Failed => 1,
            Status::Broken => 2,
        }
    }

    /// The worse of two statuses (broken over failed over passed).
    pub fn and(self, other: Status) -> Status {
        self.max(other)
    }
}
