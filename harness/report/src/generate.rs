//! The words of `generate`: what it made, for the command and for `verify`,
//! `run` and `import` when they generated a package's data first.

use std::path::PathBuf;
use std::time::Duration;

/// What `generate` made.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The generated `data/` folder (in the cache; the package's own with `--write`).
    pub data: PathBuf,
    /// How many test cases generators.yaml makes.
    pub cases: usize,
    /// Whether they were made now (false: found made).
    pub made: bool,
    /// How long it took.
    pub took: Duration,
    /// Warnings from generators.yaml and from the rules.
    pub warnings: Vec<String>,
}

/// The line that says what happened.
pub fn summary(g: &Generated) -> String {
    let how = if g.made {
        format!("generated in {:.1} s", g.took.as_secs_f64())
    } else {
        "already generated".to_string()
    };
    format!(
        "{} test case{} from generators/generators.yaml ({how}) in {}",
        g.cases,
        if g.cases == 1 { "" } else { "s" },
        g.data.display()
    )
}

/// The lines for stderr when a command generated its package's data before
/// reading it: each warning and the summary, when something was made now
/// (the package's header says where the data came from either way).
pub fn made(generated: Option<&Generated>) -> Vec<String> {
    let Some(g) = generated.filter(|g| g.made) else {
        return Vec::new();
    };
    let mut lines: Vec<String> = g.warnings.iter().map(|w| format!("warning: {w}")).collect();
    lines.push(summary(g));
    lines
}
