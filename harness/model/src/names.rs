//! Names near a mistyped one, for "did you mean" in the judge's messages (an
//! unknown problem, subcommand or problem.toml key); and the word in a test
//! file's name that says it breaks the input format on purpose.

/// The marker in a test file's name that allows lint's hygiene findings and an
/// input the problem's validator rejects (lint and bless leave it be).
pub const TOLERATED: &str = "tolerated";

/// Levenshtein distance, by characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diag + usize::from(ca != *cb));
            diag = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// The candidate nearest to `typed`, if it is near enough to be a typo: at most
/// half its letters (and at least one) wrong.
pub fn nearest<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (edit_distance(typed, c), c))
        .filter(|(d, c)| *d <= (c.len().max(typed.len()) / 2).max(1))
        .min()
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_finds_typos_and_nothing_far() {
        for (typed, want) in [
            ("tim_limit", Some("time_limit")),
            ("memorylimit", Some("memory_limit")),
            ("checkr", Some("checker")),
            ("colour", None),
        ] {
            let keys = ["time_limit", "memory_limit", "checker", "title"];
            assert_eq!(nearest(typed, keys), want, "{typed}");
        }
        assert_eq!(edit_distance("stres", "stress"), 1);
        assert_eq!(edit_distance("lnit", "lint"), 2);
    }
}
