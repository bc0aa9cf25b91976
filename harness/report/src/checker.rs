//! How a problem's checker reads in one phrase (`tokens, any case`, `float
//! within 1e-6 abs or 1e-6 rel`), for the commands that say which checker they
//! compare with (`stress`) or wrote (`listen`).

use judge_model::problem::Checker;

/// The checker as problem.toml names it, with what sets it apart.
pub fn name(checker: &Checker) -> String {
    match checker {
        Checker::Exact => "exact".to_string(),
        Checker::Tokens {
            case_sensitive: true,
        } => "tokens".to_string(),
        Checker::Tokens {
            case_sensitive: false,
        } => "tokens, any case (case_sensitive = false)".to_string(),
        Checker::Float { abs, rel } => format!("float within {abs:e} abs or {rel:e} rel"),
        Checker::Command { command, .. } => format!("command `{command}`"),
        Checker::Kattis(k) => format!("kattis, {}", crate::package::validator(k)),
        Checker::Testlib(program) => format!("testlib, {}", program.describe()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comparing_checker_reads_as_problem_toml_names_it() {
        for (checker, reads) in [
            (Checker::Exact, "exact"),
            (
                Checker::Tokens {
                    case_sensitive: true,
                },
                "tokens",
            ),
            (
                Checker::Tokens {
                    case_sensitive: false,
                },
                "tokens, any case (case_sensitive = false)",
            ),
            (
                Checker::Float {
                    abs: 1e-6,
                    rel: 1e-9,
                },
                "float within 1e-6 abs or 1e-9 rel",
            ),
        ] {
            assert_eq!(name(&checker), reads);
        }
    }
}
