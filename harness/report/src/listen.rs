//! The words of `listen`: one line for each thing that happens while it
//! listens, said as it happens. A request's text (a group, a name, a file name,
//! a header) may be in a line, so every line is drawn visibly
//! ([`crate::words::visible_text`]): a body cannot write escape sequences to the
//! terminal, and a line break in it keeps the line one line.

/// What happened while listening.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    /// Listening has begun.
    Listening {
        /// The port on 127.0.0.1.
        port: u16,
        /// It is one Competitive Companion sends to out of the box.
        default_port: bool,
        /// `--once`: it exits after one whole problem or contest.
        once: bool,
    },
    /// A request from a web page, not the extension: refused (403), nothing created.
    Forbidden(String),
    /// A request that is no problem's POST: rejected (400), nothing created.
    BadRequest(String),
    /// A POST whose body is no problem: rejected (400), nothing created.
    BadProblem(String),
    /// A problem that could not be created (500), nothing created.
    Failed {
        /// The crate it would have been.
        name: String,
        /// Why.
        why: String,
    },
    /// A problem received before (its problem.toml has the same URL): skipped.
    AlreadyHere(String),
    /// A problem created.
    Created(Created),
}

/// A problem `listen` created.
#[derive(Debug, Clone, PartialEq)]
pub struct Created {
    /// Its crate's name.
    pub name: String,
    /// The name it wanted, and why it could not have it, when it got another.
    pub renamed: Option<(String, String)>,
    /// Interactive (its samples went to its README.md).
    pub interactive: bool,
    /// The samples written.
    pub samples: usize,
    /// The samples sent blank (no input, no output: the page's samples were not
    /// read), not written.
    pub blank_samples: usize,
    /// The contest it belongs to, as sent (may be empty).
    pub group: String,
    /// Its time limit.
    pub time_limit: std::time::Duration,
    /// Its memory limit in MiB.
    pub memory_mib: u64,
    /// The files the statement reads and writes instead of stdin and stdout.
    pub files: Vec<String>,
    /// The checker its problem.toml names (`None`: interactive, the interactor
    /// decides).
    pub checker: Option<judge_model::problem::Checker>,
}

/// The lines for one event, drawn visibly.
pub fn lines(heard: &Heard) -> Vec<String> {
    let lines = match heard {
        Heard::Listening {
            port,
            default_port,
            once,
        } => vec![format!(
            "listening on http://127.0.0.1:{port}/ for Competitive Companion ({}); {}",
            if *default_port {
                "one of the ports it sends to out of the box"
            } else {
                "add this port to its \"Custom ports\""
            },
            if *once {
                "exits after one whole problem or contest"
            } else {
                "Ctrl-C stops"
            }
        )],
        Heard::Forbidden(why) => {
            vec![format!("error: refused a request: {why} (nothing created)")]
        }
        Heard::BadRequest(why) => {
            vec![format!(
                "error: rejected a request: {why} (nothing created)"
            )]
        }
        Heard::BadProblem(why) => {
            vec![format!("error: rejected a POST: {why} (nothing created)")]
        }
        Heard::Failed { name, why } => vec![format!("error: {name}: {why} (nothing created)")],
        Heard::AlreadyHere(name) => vec![format!(
            "{name}: already here (testdata/{name}/problem.toml has this URL): skipped, nothing overwritten"
        )],
        Heard::Created(c) => created(c),
    };
    lines
        .iter()
        .map(|l| crate::words::visible_text(l))
        .collect()
}

/// What is said of a problem created.
fn created(c: &Created) -> Vec<String> {
    let name = &c.name;
    let mut lines = vec![format!(
        "{name}: problems/{name}/ and testdata/{name}/ ({}{}, time limit {} s, {} MiB{}){}; next: {}",
        if c.interactive {
            "interactive, samples in its README.md".to_string()
        } else {
            judge_model::units::plural(c.samples, "sample", "samples")
        },
        if c.group.is_empty() {
            String::new()
        } else {
            format!(", {}", c.group.trim())
        },
        c.time_limit.as_secs_f64(),
        c.memory_mib,
        c.checker
            .as_ref()
            .map_or_else(String::new, |checker| format!(
                ", checker {}",
                crate::checker::name(checker)
            )),
        c.renamed
            .as_ref()
            .map_or_else(String::new, |(wanted, why)| format!(
                " (not {wanted}: {why})"
            )),
        if c.interactive {
            // Its one case is the template's: AC there says nothing of this problem.
            format!(
                "the dialogue in src/bin/interactor.rs and src/main.rs (until then both \
                 play a placeholder, guess the number, on testdata/{name}/01-placeholder)"
            )
        } else if c.samples == 0 {
            // Judging nothing is no pass: the first step is a case.
            format!("cargo judge add {name} (paste the statement's sample)")
        } else {
            format!("cargo judge {name}")
        }
    )];
    if c.blank_samples > 0 {
        lines.push(format!(
            "note: {name}: Competitive Companion sent {} with no input and no output (the \
             page's samples were not read): not written, as such a case tests nothing",
            judge_model::units::plural(c.blank_samples, "sample", "samples")
        ));
    }
    if !c.files.is_empty() {
        lines.push(format!(
            "note: {name} reads/writes the files {}; the judge feeds stdin and reads stdout",
            c.files.join(", ")
        ));
    }
    lines
}
