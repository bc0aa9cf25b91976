//! The diff end to end, as a command shows it: compared by the engine's
//! checker, captured by the engine (`judge_engine::diff::capture`) and drawn by
//! the reporters (`judge_report::diff::render_sides`). The workflows are the
//! one crate above both, so the specification of what a diff shows lives here;
//! the commands hand the captured excerpt to judge-report themselves.

use std::fmt::{self, Write};

use judge_engine::diff::capture;
use judge_report::diff::render_sides;

use judge_compare::Rejection;
use judge_model::problem::Checker;

/// The diff of two texts under `checker` with `rejection` as the header, the
/// `-` and `+` sides named `sides`.
fn render_texts(
    out: &mut impl Write,
    checker: &Checker,
    rejection: Option<&Rejection>,
    expected: &[u8],
    actual: &[u8],
    sides: [&str; 2],
    color: bool,
) -> fmt::Result {
    render_sides(
        out,
        rejection,
        &capture(checker, expected, actual),
        sides,
        color,
    )
}

mod tests {
    use super::*;
    use judge_engine::check;
    use judge_engine::diff::MAX_CHANGED;
    use judge_model::outcome::Outcome;
    use judge_report::diff::render;
    use std::path::Path;

    /// The diff the judge shows for `actual` against `expected` under `checker`.
    fn shown(checker: &Checker, expected: &str, actual: &str, color: bool) -> String {
        let outcome = check::check(
            checker,
            &judge_engine::programs::Programs::default(),
            Path::new("in"),
            actual.as_bytes(),
            expected.as_bytes(),
        )
        .unwrap()
        .unwrap();
        assert!(!matches!(outcome, Outcome::Accepted), "accepted");
        let mut s = String::new();
        render_texts(
            &mut s,
            checker,
            outcome.rejection(),
            expected.as_bytes(),
            actual.as_bytes(),
            ["expected", "actual"],
            color,
        )
        .unwrap();
        s
    }

    fn plain(expected: &str, actual: &str) -> String {
        shown(&Checker::Exact, expected, actual, false)
    }

    const FLOAT: Checker = Checker::Float {
        abs: 1e-6,
        rel: 1e-6,
    };

    #[test]
    fn shows_the_rejected_token_then_expected_and_actual_lines_with_numbers() {
        let d = plain("Stan wins\nOllie wins\n", "Stan wins\nStan wins\n");
        assert_eq!(
            d,
            "line 2, column 1: expected \"Ollie\", found \"Stan\"\n\
             (- expected, + actual)\n\
             \x20     1 Stan wins\n\
             -     2 Ollie wins\n\
             +     2 Stan wins\n"
        );
    }

    #[test]
    fn a_float_diff_names_the_line_of_the_rejected_number_and_the_error() {
        let d = shown(
            &FLOAT,
            "0.5\n0.25\n0.333333\n",
            "0.5000001\n0.25\n0.3334\n",
            false,
        );
        assert!(
            d.starts_with(
                "line 3, column 1: expected \"0.333333\", found \"0.3334\": error 6.7e-5 > tolerance 1e-6\n"
            ),
            "{d}"
        );
        // Line 1 is within the tolerance: context, not a difference.
        assert!(
            d.contains("      1 0.5\n") && d.contains("-     3 0.333333"),
            "{d}"
        );
        assert!(!d.contains("+     1"), "{d}");
    }

    #[test]
    fn a_presentation_error_marks_the_whitespace_and_not_what_the_checker_ignores() {
        let d = plain(
            "1 Stan wins\n2 Ollie wins\n",
            "1 Stan  wins\n2 Ollie wins\t",
        );
        assert!(
            d.starts_with("line 1, column 7: same tokens, different whitespace: expected 1 space, found 2 spaces"),
            "{d}"
        );
        assert!(d.contains("+     1 1 Stan··wins"), "{d}");
        assert!(d.contains("      2 2 Ollie wins\n"), "{d}");
        assert!(!d.contains("+     2") && !d.contains("no newline"), "{d}");
    }

    #[test]
    fn changes_far_apart_are_separate_hunks() {
        let expected: String = (1..=200).map(|i| format!("{i}\n")).collect();
        let actual = expected
            .replace("\n155\n", "\nx\n")
            .replace("\n170\n", "\ny\n");
        let d = plain(&expected, &actual);
        let hunks: Vec<&str> = d.split("  ┈┈┈┈┈\n").collect();
        assert_eq!(hunks.len(), 2, "{d}");
        assert!(
            hunks[0].contains("+   155 x") && hunks[1].contains("+   170 y"),
            "{d}"
        );
        assert!(
            hunks[0].contains("   158 158") && !hunks[0].contains("159"),
            "{d}"
        );
    }

    #[test]
    fn control_characters_are_drawn_visibly_with_and_without_color() {
        for color in [false, true] {
            let d = shown(
                &Checker::Exact,
                "a\n\tb\n",
                "a\u{1b}[2J\u{7}\0\n\tb\n",
                color,
            );
            assert!(!d.contains('\u{7}') && !d.contains('\0'), "{d:?}");
            assert!(!d.contains("\u{1b}[2J"), "{d:?}");
            assert!(
                d.contains('␛') && d.contains('␇') && d.contains('␀'),
                "{d:?}"
            );
        }
    }

    #[test]
    fn a_leading_tab_is_drawn_visibly() {
        let d = plain("\t1\n", "\t2\n");
        assert!(d.contains("-     1 →1") && d.contains("+     1 →2"), "{d}");
        assert!(!d.contains('\t'), "{d}");
    }

    #[test]
    fn makes_a_trailing_space_and_a_cr_visible_on_a_changed_line() {
        let d = plain("1\n", "2 \r\n");
        assert!(d.contains("+     1 2·␍"), "{d}");
    }

    #[test]
    fn a_missing_final_newline_is_marked_only_where_it_matters() {
        let e = "1\n2\n";
        let excerpt = capture(
            &Checker::Command {
                command: "x".into(),
                dir: ".".into(),
                time_limit: std::time::Duration::from_secs(1),
            },
            e.as_bytes(),
            b"1\n3",
        );
        let mut d = String::new();
        render(&mut d, None, &excerpt, false).unwrap();
        assert!(d.contains("+     2 3 (no newline at end)"), "{d}");
        assert!(!plain(e, "1\n3").contains("no newline"));
    }

    #[test]
    fn shows_only_a_window_around_the_change() {
        let expected: String = (1..=100).map(|i| format!("{i}\n")).collect();
        let actual = expected.replace("\n50\n", "\nfifty\n");
        let d = plain(&expected, &actual);
        assert!(
            d.contains("-    50 50") && d.contains("+    50 fifty"),
            "{d}"
        );
        assert!(d.contains("    47 47") && !d.contains("    46 46"), "{d}");
    }

    #[test]
    fn compares_outputs_of_equal_length_line_by_line() {
        // A line-matching diff would align the equal words of different lines.
        let d = plain("win\nlose\nwin\nwin\n", "win\nwin\nlose\nwin\n");
        assert!(
            d.ends_with(
                "\x20     1 win\n\
                 -     2 lose\n\
                 +     2 win\n\
                 -     3 win\n\
                 +     3 lose\n\
                 \x20     4 win\n"
            ),
            "{d}"
        );
    }

    #[test]
    fn a_line_that_differs_only_in_case_is_context_where_case_does_not_count() {
        let any_case = Checker::Tokens {
            case_sensitive: false,
        };
        // As many lines: line by line.
        let d = shown(&any_case, "YES\nNO\nYES\n", "yes\nno\nNo\n", false);
        assert!(
            d.starts_with("line 3, column 1: expected \"YES\", found \"No\""),
            "{d}"
        );
        assert!(d.contains("      2 NO\n-     3 YES\n+     3 No\n"), "{d}");
        // A line lost: matched up, the case-only differences equal.
        let d = shown(&any_case, "1\nYES\nNO\n2\n", "3\nyes\nno\n", false);
        assert!(
            d.contains("+     1 3\n      2 YES\n      3 NO\n-     4 2\n"),
            "{d}"
        );
        // Where case counts, the same line is a change.
        let d = shown(
            &Checker::Tokens {
                case_sensitive: true,
            },
            "YES\nNO\n",
            "YES\nno\n",
            false,
        );
        assert!(d.contains("-     2 NO\n+     2 no\n"), "{d}");
        assert!(d.contains("equal but for case"), "{d}");
    }

    #[test]
    fn lost_lines_are_matched_up_when_the_line_counts_differ() {
        let d = plain("1\n2\n3\n4\n", "1\n3\n4\n");
        assert!(d.contains("-     2 2\n      3 3\n"), "{d}");
    }

    #[test]
    fn a_long_line_is_shown_from_just_before_its_first_difference() {
        let expected: String = (0..1000).map(|i| format!("{i} ")).collect::<String>() + "\n";
        let actual = expected.replace(" 700 ", " seven-hundred ");
        let d = plain(&expected, &actual);
        assert!(d.starts_with("line 1, column 2691: "), "{d}");
        assert!(d.contains("seven-hundred") && d.contains("     1 …"), "{d}");
    }

    #[test]
    fn cuts_long_diffs_with_a_count_of_the_rest() {
        let expected: String = (1..=100).map(|i| format!("{i}\n")).collect();
        let actual: String = (1..=100).map(|i| format!("x{i}\n")).collect();
        let d = plain(&expected, &actual);
        assert!(d.contains("… 80 more changed lines"), "{d}");
    }

    #[test]
    fn a_huge_wrong_output_keeps_only_the_shown_lines() {
        let expected: String = (0..1_000_000).map(|i| format!("{i}\n")).collect();
        let actual: String = (0..1_000_000).map(|i| format!("{}\n", i + 1)).collect();
        let e = capture(&Checker::Exact, expected.as_bytes(), actual.as_bytes());
        let lines: usize = e.hunks.iter().map(Vec::len).sum();
        assert_eq!(lines, 2 * MAX_CHANGED, "{e:?}");
        assert_eq!(e.hidden, 1_000_000 - MAX_CHANGED);
    }

    #[test]
    fn colors_only_when_asked() {
        assert!(shown(&Checker::Exact, "a\n", "b\n", true).contains("\x1b["));
        assert!(!plain("a\n", "b\n").contains("\x1b["));
    }
}
