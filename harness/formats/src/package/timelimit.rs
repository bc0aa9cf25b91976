//! Which submissions bound a package's time limit, and how (spec/2025-09.md
//! "Timelimit inference" and "Problem timing").
//!
//! A submission that must satisfy a `permitted` rule without TLE (accepted,
//! wrong_answer, run_time_error, `use_for_time_limit: lower`) bounds the limit
//! from below: the limit must be at least its slowest case under the rule ×
//! `ac_to_time_limit`. One that must satisfy `required: [TLE]` exactly
//! (time_limit_exceeded, `use_for_time_limit: upper`) bounds it from above: its
//! slowest case under the rule must reach the limit × `time_limit_to_tle`. A
//! rule with `use_for_time_limit: false` bounds nothing. Legacy packages keep
//! their own rule: only accepted submissions set the limit (spec/legacy.md
//! "Limits", `time_multiplier`). `verify` runs the programs; this module only
//! decides from what it measured.

use super::expect::{Expectation, in_group};
use judge_model::package::PackageVerdict::{AC, CE, TLE};

/// The cases a bound is about: `None` for all, or a test group glob.
pub type Scope<'a> = Option<&'a str>;

/// The scopes over which `e` bounds the time limit from below. A tag's or a
/// DOMjudge folder's final verdict without TLE says the same of every case
/// before it (the first failure ends the run).
pub fn lower_bounds(e: &Expectation, legacy: bool) -> Vec<Scope<'_>> {
    if e.manual {
        return Vec::new();
    }
    if legacy {
        let accepted = e.any_of == [AC]
            || e.rules
                .iter()
                .any(|r| r.cases.is_none() && r.permitted.as_deref() == Some(&[AC][..]));
        return if accepted { vec![None] } else { Vec::new() };
    }
    let mut scopes: Vec<Scope> = e
        .rules
        .iter()
        .filter(|r| r.timing && r.permitted.as_ref().is_some_and(|p| !p.contains(&TLE)))
        .map(|r| r.cases.as_deref())
        .collect();
    if !e.any_of.is_empty() && !e.any_of.iter().any(|v| matches!(*v, TLE | CE)) {
        scopes.push(None);
    }
    scopes
}

/// The scopes over which `e` bounds the time limit from above: a `required`
/// rule of exactly TLE ("this excludes submissions that for example have
/// `required: [TLE, RTE]`"), or a tag or folder whose only verdict is TLE.
pub fn upper_bounds(e: &Expectation) -> Vec<Scope<'_>> {
    if e.manual {
        return Vec::new();
    }
    let mut scopes: Vec<Scope> = e
        .rules
        .iter()
        .filter(|r| r.timing && r.required.as_deref() == Some(&[TLE][..]))
        .map(|r| r.cases.as_deref())
        .collect();
    if e.any_of == [TLE] {
        scopes.push(None);
    }
    scopes
}

/// One judged case: its name (`secret/g1/03`), whether the run was stopped
/// at the CPU limit it ran under, and its CPU time in seconds.
pub type Timed<'a> = (&'a str, bool, f64);

/// The slowest case under any of `scopes` that ran to its end (a run stopped at
/// its limit measured the limit, not the program), with its name.
pub fn slowest<'a>(scopes: &[Scope], cases: &[Timed<'a>]) -> Option<(f64, &'a str)> {
    cases
        .iter()
        .filter(|(name, stopped, _)| {
            !stopped
                && scopes
                    .iter()
                    .any(|s| s.is_none_or(|group| in_group(name, group)))
        })
        .map(|(name, _, time)| (*time, *name))
        .max_by(|a, b| a.0.total_cmp(&b.0))
}

/// The scope of `scopes` (an upper bound) on whose cases no run was stopped at
/// the limit × `time_limit_to_tle`, though one ran over the limit: the TLE is
/// "sensitive to the time limit" there. `None` when every scope has a stopped
/// run, or no run over the limit (then the verdict rules decide).
pub fn under_margin<'s>(
    scopes: &[Scope<'s>],
    cases: &[Timed],
    time_limit: std::time::Duration,
) -> Option<Scope<'s>> {
    let time_limit = time_limit.as_secs_f64();
    scopes.iter().copied().find(|scope| {
        let under = |name: &str| scope.is_none_or(|group| in_group(name, group));
        let mine: Vec<&Timed> = cases.iter().filter(|c| under(c.0)).collect();
        !mine.iter().any(|c| c.1) && mine.iter().any(|c| c.2 > time_limit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::package::expect::{self, CaseRule, Expectation};
    use judge_model::package::PackageVerdict::{self, RTE, WA};

    #[track_caller]
    fn bounds(e: &Expectation, lower: &[Scope], upper: &[Scope]) {
        assert_eq!(lower_bounds(e, false), lower, "lower: {e:?}");
        assert_eq!(upper_bounds(e), upper, "upper: {e:?}");
    }

    #[test]
    fn default_folders_bound_the_time_limit_as_the_spec_lists() {
        let all: &[Scope] = &[None];
        for (folder, lower, upper) in [
            ("accepted", all, &[][..]),
            ("wrong_answer", all, &[]),
            ("run_time_error", all, &[]),
            ("time_limit_exceeded", &[], all),
            ("brute_force", &[], &[]),
            ("rejected", &[], &[]),
            ("check_manually", &[], &[]),
            ("compiler_error", &[], &[]),
        ] {
            bounds(&expect::folder(folder).unwrap(), lower, upper);
        }
    }

    #[test]
    fn tags_bound_the_time_limit_by_their_verdicts() {
        let tag = |v: &[PackageVerdict]| Expectation {
            any_of: v.to_vec(),
            ..Expectation::default()
        };
        bounds(&tag(&[AC]), &[None], &[]);
        bounds(&tag(&[WA, RTE]), &[None], &[]);
        bounds(&tag(&[TLE]), &[], &[None]);
        bounds(&tag(&[TLE, RTE]), &[], &[]);
    }

    #[test]
    fn a_rule_with_use_for_time_limit_false_bounds_nothing() {
        let mut e = expect::folder("time_limit_exceeded").unwrap();
        e.rules[0].timing = false;
        bounds(&e, &[], &[]);
        let group = Expectation {
            rules: vec![CaseRule::new(
                Some("secret/big".into()),
                None,
                Some(vec![TLE]),
            )],
            ..Expectation::default()
        };
        bounds(&group, &[], &[Some("secret/big")]);
    }

    #[test]
    fn submissions_yaml_opts_in_and_out_of_bounding_the_time_limit() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("submissions")).unwrap();
        std::fs::write(
            dir.path().join("submissions/submissions.yaml"),
            "time_limit_exceeded/a.py:\n  use_for_time_limit: false\n\
             rejected/b.py:\n  use_for_time_limit: upper\n\
             brute_force/c.py:\n  secret/small:\n    use_for_time_limit: lower\n\
             wrong_answer:\n  use_for_time_limit: False\n",
        )
        .unwrap();
        let yaml = expect::SubmissionsYaml::load(dir.path()).unwrap();
        let of = |label: &str| {
            let mut e = expect::folder(label.split('/').next().unwrap()).unwrap();
            yaml.apply(label, &mut e);
            e
        };
        bounds(&of("time_limit_exceeded/a.py"), &[], &[]);
        bounds(&of("time_limit_exceeded/other.py"), &[], &[None]);
        bounds(&of("rejected/b.py"), &[], &[None]);
        bounds(&of("brute_force/c.py"), &[Some("secret/small")], &[]);
        bounds(&of("wrong_answer/d.py"), &[], &[]);
        bounds(&of("accepted/e.py"), &[None], &[]);
    }

    #[test]
    fn legacy_packages_take_the_limit_from_accepted_submissions_only() {
        for (folder, lower) in [("accepted", 1), ("wrong_answer", 0), ("run_time_error", 0)] {
            let e = expect::folder(folder).unwrap();
            assert_eq!(lower_bounds(&e, true).len(), lower, "{folder}");
        }
    }

    #[test]
    fn the_slowest_case_is_taken_over_the_scope_and_runs_that_ended() {
        let cases = [
            ("sample/1", false, 0.1),
            ("secret/big/1", false, 0.7),
            ("secret/small/1", false, 0.3),
            ("secret/small/2", true, 9.0),
        ];
        assert_eq!(slowest(&[None], &cases), Some((0.7, "secret/big/1")));
        assert_eq!(
            slowest(&[Some("secret/small")], &cases),
            Some((0.3, "secret/small/1"))
        );
        assert_eq!(slowest(&[Some("secret/none")], &cases), None);
    }

    #[test]
    fn a_tle_is_under_the_margin_when_no_run_under_its_scope_was_stopped() {
        let over = [("secret/1", false, 0.2), ("secret/2", false, 1.2)];
        let stopped = [("secret/1", false, 0.2), ("secret/2", true, 1.5)];
        let limit = std::time::Duration::from_secs(1);
        assert_eq!(under_margin(&[None], &over, limit), Some(None));
        assert_eq!(under_margin(&[None], &stopped, limit), None);
        assert_eq!(under_margin(&[Some("secret/1")], &over, limit), None);
    }
}
