//! Property tests of the comparison loops: each loop against a plain reference
//! written here from the rule its doc comment states (one pass, no cleverness),
//! on texts drawn from an alphabet of the bytes the rules treat specially
//! (spaces, tabs, CR, LF, a two-byte UTF-8 character, digits and a point).

use judge_compare::{
    LineRule, Tokens, Why, count_byte, find_byte, first_line_difference, first_token_difference,
    lines, lines_equal, nth_last_byte,
};
use proptest::prelude::*;

/// Texts of up to 40 pieces, each a byte the rules care about or a short word.
fn text() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b" ".to_vec()),
        Just(b"\t".to_vec()),
        Just(b"\r".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\r\n".to_vec()),
        Just("é".as_bytes().to_vec()),
        Just(b"a".to_vec()),
        Just(b"b".to_vec()),
        Just(b"A".to_vec()),
        Just(b"1".to_vec()),
        Just(b"1.0".to_vec()),
        Just(b"2".to_vec()),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

/// The exact checker's rule, read literally: split at LF, drop trailing spaces,
/// tabs and CRs from each line, then drop the blank lines at the end, keeping one
/// (a text is at least one line, maybe empty).
fn reference_lines(text: &[u8]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = text
        .split(|&b| b == b'\n')
        .map(|l| {
            let mut l = l.to_vec();
            while matches!(l.last(), Some(b' ' | b'\t' | b'\r')) {
                l.pop();
            }
            l
        })
        .collect();
    while out.len() > 1 && out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}

/// Tokens with 1-based line and column (in UTF-8 characters), found by scanning
/// from the start of the text for every token.
fn reference_tokens(text: &[u8]) -> Vec<(Vec<u8>, usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if text[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < text.len() && !text[i].is_ascii_whitespace() {
            i += 1;
        }
        let before = &text[..start];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let column = 1 + String::from_utf8_lossy(&text[line_start..start])
            .chars()
            .count();
        out.push((text[start..i].to_vec(), line, column));
    }
    out
}

proptest! {
    #[test]
    fn lines_equal_is_equality_of_the_normalised_lines(a in text(), b in text()) {
        prop_assert_eq!(lines_equal(&a, &b), reference_lines(&a) == reference_lines(&b));
    }

    #[test]
    fn a_first_line_difference_exists_exactly_when_the_lines_differ(a in text(), b in text()) {
        // Called once the tokens agree; on any texts it must still say None
        // exactly when the exact checker accepts.
        let found = first_line_difference(&a, &b);
        prop_assert_eq!(found.is_none(), lines_equal(&a, &b));
        if let Some(r) = found {
            prop_assert_eq!(&r.why, &Why::Whitespace);
            let (x, y) = (reference_lines(&a), reference_lines(&b));
            let first = (0..).find(|&i| x.get(i) != y.get(i)).unwrap();
            prop_assert_eq!(r.expected.unwrap().line, first + 1);
        }
    }

    #[test]
    fn tokens_are_the_whitespace_separated_words_with_their_line_and_column(t in text()) {
        let got: Vec<(Vec<u8>, usize, usize)> =
            Tokens::new(&t).map(|(w, l, c)| (w.to_vec(), l, c)).collect();
        prop_assert_eq!(got, reference_tokens(&t));
    }

    #[test]
    fn the_token_checker_rejects_exactly_when_the_words_differ_and_names_the_first(
        a in text(),
        b in text(),
    ) {
        let (out, exp) = (reference_tokens(&a), reference_tokens(&b));
        let found = first_token_difference(&a, &b, None, true);
        let words = |v: &[(Vec<u8>, usize, usize)]| v.iter().map(|t| t.0.clone()).collect::<Vec<_>>();
        prop_assert_eq!(found.is_none(), words(&out) == words(&exp));
        if let Some(r) = found {
            let at = out.iter().zip(&exp).take_while(|(o, e)| o.0 == e.0).count();
            let (want, token) = match (out.get(at), exp.get(at)) {
                (Some(_), Some(e)) => (Why::Token, Some(e)),
                (None, Some(e)) => (Why::Missing, Some(e)),
                (Some(_), None) => (Why::Extra, None),
                (None, None) => unreachable!("the words differ"),
            };
            prop_assert_eq!(&r.why, &want);
            if let Some((word, line, column)) = token {
                let e = r.expected.as_ref().unwrap();
                prop_assert_eq!(e.text.as_bytes(), word.as_slice());
                prop_assert_eq!((e.line, e.column), (*line, *column));
            }
        }
    }

    #[test]
    fn the_case_insensitive_token_checker_rejects_exactly_when_the_lowercased_words_differ(
        a in text(),
        b in text(),
    ) {
        let words = |t: &[u8]| {
            reference_tokens(t).into_iter().map(|w| w.0.to_ascii_lowercase()).collect::<Vec<_>>()
        };
        let (out, exp) = (words(&a), words(&b));
        let found = first_token_difference(&a, &b, None, false);
        prop_assert_eq!(found.is_none(), out == exp);
        if let Some(r) = found {
            let at = out.iter().zip(&exp).take_while(|(o, e)| o == e).count();
            if let (Some(e), Some(r)) = (exp.get(at), r.expected) {
                let lower = r.text.to_ascii_lowercase();
                prop_assert_eq!(lower.as_bytes(), e.as_slice());
            }
        }
    }

    #[test]
    fn equal_tokens_always_pass_the_float_checker(a in text(), abs in 0.0f64..1.0, rel in 0.0f64..1.0) {
        prop_assert!(first_token_difference(&a, &a, Some((abs, rel)), true).is_none());
    }

    #[test]
    fn lines_split_at_lf_and_join_back_to_the_text(t in text()) {
        let (parts, newline) = lines(&t);
        let mut joined = parts.join(&b'\n');
        if newline && !t.is_empty() {
            joined.push(b'\n');
        }
        prop_assert_eq!(joined, t);
    }

    #[test]
    fn a_line_rule_s_equal_run_and_differences_are_its_pairwise_verdicts(
        a in prop::collection::vec(text(), 0..8),
        b in prop::collection::vec(text(), 0..8),
        rule in prop_oneof![
            Just(LineRule::Exact),
            Just(LineRule::Tokens { case_sensitive: true }),
            Just(LineRule::Tokens { case_sensitive: false }),
            Just(LineRule::Float { abs: 1e-6, rel: 1e-6 }),
        ],
    ) {
        let exp: Vec<&[u8]> = a.iter().map(Vec::as_slice).collect();
        let act: Vec<&[u8]> = b.iter().map(Vec::as_slice).collect();
        let same: Vec<bool> = exp.iter().zip(&act).map(|(x, y)| rule.same(x, y)).collect();
        prop_assert_eq!(rule.equal_run(&exp, &act, false), same.iter().take_while(|s| **s).count());
        let back = exp.iter().rev().zip(act.iter().rev()).take_while(|(x, y)| rule.same(x, y)).count();
        prop_assert_eq!(rule.equal_run(&exp, &act, true), back);
        let differ: Vec<usize> = (0..same.len()).filter(|&i| !same[i]).collect();
        let (first, count) = rule.differing(&exp, &act, 3);
        prop_assert_eq!(count, differ.len());
        prop_assert_eq!(first, differ.into_iter().take(3).collect::<Vec<_>>());
    }

    #[test]
    fn the_token_line_rule_agrees_with_the_token_checker_on_one_line(
        x in "[ aA\t\r1]{0,8}",
        y in "[ aA\t\r1]{0,8}",
        case_sensitive in any::<bool>(),
    ) {
        prop_assert_eq!(
            LineRule::Tokens { case_sensitive }.same(x.as_bytes(), y.as_bytes()),
            first_token_difference(x.as_bytes(), y.as_bytes(), None, case_sensitive).is_none()
        );
    }

    #[test]
    fn the_exact_line_rule_agrees_with_the_exact_checker_on_one_line(
        x in "[ a\t\r]{0,6}",
        y in "[ a\t\r]{0,6}",
    ) {
        prop_assert_eq!(
            LineRule::Exact.same(x.as_bytes(), y.as_bytes()),
            lines_equal(x.as_bytes(), y.as_bytes())
        );
    }

    #[test]
    fn byte_scans_agree_with_a_plain_loop(t in text(), n in 1usize..6) {
        let at: Vec<usize> = (0..t.len()).filter(|&i| t[i] == b'\n').collect();
        prop_assert_eq!(find_byte(&t, b'\n'), at.first().copied());
        prop_assert_eq!(count_byte(&t, b'\n'), at.len());
        prop_assert_eq!(nth_last_byte(&t, b'\n', n), at.len().checked_sub(n).map(|k| at[k]));
    }
}
