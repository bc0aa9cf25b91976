//! The words of `generate`: what it made, for the command and for `verify`,
//! `run` and `import` when they generated a package's data first.

use std::path::PathBuf;
use std::time::Duration;

use judge_model::package::GeneratorsWarning;

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
    pub warnings: Vec<Warning>,
}

/// What `generate` warns of.
#[derive(Debug, Clone, PartialEq)]
pub enum Warning {
    /// What the generators.yaml reader warns of.
    Read(GeneratorsWarning),
    /// A `match:` pattern that cannot be checked (Python syntax the small regex
    /// engine lacks).
    PatternNotChecked {
        /// Its line in generators.yaml.
        line: usize,
        /// The pattern.
        pattern: String,
        /// Why.
        why: String,
    },
    /// A case's file that does not match its `match:` pattern.
    NoMatch {
        /// Its line in generators.yaml.
        line: usize,
        /// The file, under data/.
        file: String,
        /// The pattern.
        pattern: String,
    },
    /// A `match:` pattern for a file that was not made.
    NotMade {
        /// Its line in generators.yaml.
        line: usize,
        /// The file's extension.
        ext: String,
        /// The file, under data/.
        file: String,
    },
}

impl Warning {
    /// What it says.
    pub fn text(&self) -> String {
        match self {
            Warning::Read(w) => read(w),
            Warning::PatternNotChecked { line, pattern, why } => {
                format!("generators.yaml line {line}: match pattern {pattern:?} not checked: {why}")
            }
            Warning::NoMatch {
                line,
                file,
                pattern,
            } => format!("generators.yaml line {line}: {file} does not match {pattern:?}"),
            Warning::NotMade { line, ext, file } => {
                format!("generators.yaml line {line}: match.{ext}: no {file} was made")
            }
        }
    }
}

/// What the generators.yaml reader warns of, naming the line.
fn read(w: &GeneratorsWarning) -> String {
    match w {
        GeneratorsWarning::NotAFileName { line, name } => format!(
            "generators.yaml line {line}: generator name \"{name}\" is no plain file name (skipped)"
        ),
        GeneratorsWarning::NoFiles { line, name } => {
            format!("generators.yaml line {line}: generator {name} lists no files (skipped)")
        }
        GeneratorsWarning::UnknownKey { line, key, folder } => format!(
            "generators.yaml line {line}: unknown key \"{key}\" in {} (ignored)",
            folder.as_deref().unwrap_or("the root")
        ),
        GeneratorsWarning::NotADataFolder { line, folder } => format!(
            "generators.yaml line {line}: data/{folder} is not a test data folder (ignored)"
        ),
    }
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
    let mut lines: Vec<String> = g
        .warnings
        .iter()
        .map(|w| format!("warning: {}", w.text()))
        .collect();
    lines.push(summary(g));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_readers_warning_names_its_line_in_generators_yaml() {
        #[rustfmt::skip]
        let rows: &[(GeneratorsWarning, &str)] = &[
            (GeneratorsWarning::NotAFileName { line: 3, name: "bad/name".into() }, "generators.yaml line 3: generator name \"bad/name\" is no plain file name (skipped)"),
            (GeneratorsWarning::NoFiles { line: 4, name: "empty".into() }, "generators.yaml line 4: generator empty lists no files (skipped)"),
            (GeneratorsWarning::UnknownKey { line: 5, key: "sovle".into(), folder: None }, "generators.yaml line 5: unknown key \"sovle\" in the root (ignored)"),
            (GeneratorsWarning::UnknownKey { line: 9, key: "cout".into(), folder: Some("secret/g1".into()) }, "generators.yaml line 9: unknown key \"cout\" in secret/g1 (ignored)"),
            (GeneratorsWarning::NotADataFolder { line: 7, folder: "extra".into() }, "generators.yaml line 7: data/extra is not a test data folder (ignored)"),
        ];
        for (w, want) in rows {
            assert_eq!(Warning::Read(w.clone()).text(), *want);
        }
    }
}
