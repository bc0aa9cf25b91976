//! What each example submission is expected to get, and whether it got it.
//!
//! Owns the expectations of a package's submissions, from every place a package
//! states them, most specific first:
//! - an `@EXPECTED_RESULTS@:` tag anywhere in a submission's files (or in
//!   `expected_result.txt` of a multi-file one), DOMjudge's convention, with
//!   DOMjudge's names (`CORRECT`, `WRONG-ANSWER`, `TIMELIMIT`, `RUN-ERROR`,
//!   `NO-OUTPUT`, `OUTPUT-LIMIT`, `MEMORY-LIMIT`, `COMPILER-ERROR`) or Kattis';
//!   `@EXPECTED_SCORE@:` for scoring problems;
//! - `submissions/submissions.yaml` (2025-09 "Example submissions": glob patterns
//!   with `permitted`, `required`, `score` and `message`, also per test group);
//! - the submission's folder (2025-09 "Default directories", legacy "Example
//!   Submissions", and DOMjudge's `compiler_error/`, `no_output/`,
//!   `output_limit/`, `memory_limit/`, `check_manually/`, ...).
//!
//! Verdicts here are the package format's own ([`PackageVerdict`]): AC, WA, TLE,
//! RTE, plus MLE, OLE and CE, which DOMjudge tells apart, JE for a judge error,
//! and DOMjudge's NO-OUTPUT, a submission's verdict only: a WA whose output was
//! empty.

use std::path::Path;

use anyhow::{Context, Result, bail};

use super::yaml::{self, Node, Value};
use crate::glob::Glob;
use judge_model::package::PackageVerdict::{AC, CE, MLE, NoOutput, OLE, PE, RTE, TLE, WA};
use judge_model::package::{PackageVerdict, join};

/// A rule on a submission's case verdicts (2025-09 `permitted` / `required`),
/// for the cases under `cases` (a test group glob relative to `data/`, or all).
#[derive(Debug, Clone, PartialEq)]
pub struct CaseRule {
    /// Test cases the rule is about: `None` for all of them.
    pub cases: Option<String>,
    /// Every such case's verdict must be one of these.
    pub permitted: Option<Vec<PackageVerdict>>,
    /// At least one such case's verdict must be one of these.
    pub required: Option<Vec<PackageVerdict>>,
    /// A `judgemessage.txt` of one such case must contain this.
    pub message: Option<String>,
    /// Whether the rule may bound the time limit (2025-09 "Timelimit
    /// inference"): false where submissions.yaml says `use_for_time_limit: false`.
    pub timing: bool,
}

impl CaseRule {
    /// A rule on every case (`cases: None`), used for the time limit.
    pub fn new(
        cases: Option<String>,
        permitted: Option<Vec<PackageVerdict>>,
        required: Option<Vec<PackageVerdict>>,
    ) -> CaseRule {
        CaseRule {
            cases,
            permitted,
            required,
            message: None,
            timing: true,
        }
    }
}

/// Everything a submission is expected to do.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Expectation {
    /// The submission's final verdict (its first non-AC case, or AC) must be one
    /// of these (a tag, or a DOMjudge folder); empty when only rules apply.
    pub any_of: Vec<PackageVerdict>,
    /// Rules on the case verdicts (2025-09 folders and submissions.yaml).
    pub rules: Vec<CaseRule>,
    /// The score must lie in this inclusive range (`@EXPECTED_SCORE@`, `score`).
    pub score: Option<(f64, f64)>,
    /// Nothing is expected (DOMjudge's `check_manually/` without a tag).
    pub manual: bool,
    /// Legacy `partially_accepted/` (spec/legacy.md "Example Submissions"):
    /// accepted, with less than the full score, where a grader tells (problemtools').
    pub partial: bool,
    /// Where the expectation comes from, for the report.
    pub from: String,
}

impl Expectation {
    /// The verdict names shown as "expected": the tag's or folder's list, else the
    /// `required` (or `permitted`) names of the rules about every case.
    pub fn shown(&self) -> Vec<PackageVerdict> {
        if !self.any_of.is_empty() {
            return self.any_of.clone();
        }
        let whole: Vec<&CaseRule> = self.rules.iter().filter(|r| r.cases.is_none()).collect();
        for r in &whole {
            if let Some(req) = &r.required {
                return req.clone();
            }
        }
        whole
            .iter()
            .find_map(|r| r.permitted.clone())
            .unwrap_or_default()
    }

    /// Whether a submission needs every case judged to be checked (rules about
    /// cases beyond the first failure), rather than stopping at its first failure.
    pub fn needs_every_case(&self) -> bool {
        self.rules
            .iter()
            .any(|r| r.cases.is_some() || r.message.is_some())
    }
}

/// The default rules of a submissions folder: 2025-09 "Default directories", and
/// DOMjudge's other folder names as a final verdict. `None` for a folder that
/// says nothing (`mixed/`, `multiple/`: their files carry tags).
pub fn folder(name: &str) -> Option<Expectation> {
    let rule = |permitted: &[PackageVerdict], required: Option<&[PackageVerdict]>| {
        CaseRule::new(None, Some(permitted.to_vec()), required.map(<[_]>::to_vec))
    };
    let rules = match name {
        "accepted" => vec![rule(&[AC], None)],
        "wrong_answer" => vec![rule(&[AC, WA], Some(&[WA]))],
        "time_limit_exceeded" => vec![rule(&[AC, TLE], Some(&[TLE]))],
        "run_time_error" => vec![rule(&[AC, RTE], Some(&[RTE]))],
        "brute_force" => vec![rule(&[AC, RTE, TLE], Some(&[RTE, TLE]))],
        "rejected" => vec![CaseRule::new(None, None, Some(vec![RTE, TLE, WA, PE]))],
        // Legacy: accepted with less than the full score (checked in `check`
        // where the scoring dialect grades verdicts), and a score when tagged.
        "partially_accepted" => {
            return Some(Expectation {
                partial: true,
                from: format!("folder {name}/"),
                ..Expectation::default()
            });
        }
        _ => {
            let any_of = match name {
                "compiler_error" | "compile_error" => vec![CE],
                "no_output" => vec![NoOutput],
                "output_limit" | "output_limit_exceeded" => vec![OLE],
                "memory_limit" | "memory_limit_exceeded" => vec![MLE, RTE],
                "check_manually" => {
                    return Some(Expectation {
                        manual: true,
                        from: format!("folder {name}/ (checked by hand)"),
                        ..Expectation::default()
                    });
                }
                _ => return None,
            };
            return Some(Expectation {
                any_of,
                from: format!("folder {name}/"),
                ..Expectation::default()
            });
        }
    };
    Some(Expectation {
        rules,
        from: format!("folder {name}/"),
        ..Expectation::default()
    })
}

/// The `@EXPECTED_RESULTS@:` and `@EXPECTED_SCORE@:` tags in `text`, if any.
/// DOMjudge reads the first tag in a file; the names are comma-separated.
pub fn tags(text: &str) -> (Option<Vec<PackageVerdict>>, Option<f64>) {
    let mut results = None;
    let mut score = None;
    for line in text.lines() {
        if results.is_none()
            && let Some(at) = line.find("@EXPECTED_RESULTS@:")
        {
            let list = &line[at + "@EXPECTED_RESULTS@:".len()..];
            let names: Vec<PackageVerdict> = list
                .split([',', ' ', '\t'])
                .map(|w| w.trim_end_matches(['*', '/', '#', '-', ')', '\'', '"']))
                .filter(|w| !w.is_empty())
                .map_while(PackageVerdict::parse)
                .collect();
            if !names.is_empty() {
                results = Some(names);
            }
        }
        if score.is_none()
            && let Some(at) = line.find("@EXPECTED_SCORE@:")
        {
            score = line[at + "@EXPECTED_SCORE@:".len()..]
                .split_whitespace()
                .next()
                .and_then(|w| w.parse::<f64>().ok())
                .filter(|s| s.is_finite());
        }
    }
    (results, score)
}

/// The tags of a submission: in `expected_result.txt` if it has one, else the
/// first tag found in its files (in name order).
pub fn submission_tags(files: &[std::path::PathBuf]) -> (Option<Vec<PackageVerdict>>, Option<f64>) {
    let mut ordered: Vec<&std::path::PathBuf> = files.iter().collect();
    ordered.sort_by_key(|f| !f.ends_with("expected_result.txt"));
    let (mut results, mut score) = (None, None);
    for f in ordered {
        let Ok(bytes) = std::fs::read(f) else {
            continue;
        };
        // Tags live in source text: a large or binary file is not looked through.
        if bytes.len() > 1 << 20 {
            continue;
        }
        let (r, s) = tags(&String::from_utf8_lossy(&bytes));
        results = results.or(r);
        score = score.or(s);
    }
    (results, score)
}

/// `submissions/submissions.yaml`, read: for each glob, its keys.
#[derive(Debug, Default)]
pub struct SubmissionsYaml {
    entries: Vec<(String, Glob, Entry)>,
}

/// What one glob of submissions.yaml says.
#[derive(Debug, Default, Clone)]
struct Entry {
    rules: Vec<CaseRule>,
    score: Option<(f64, f64)>,
    entrypoint: Option<String>,
    /// `use_for_time_limit: false` on the whole submission.
    timing_off: bool,
}

impl SubmissionsYaml {
    /// Reads `submissions/submissions.yaml` under `root`, if there is one.
    pub fn load(root: &Path) -> Result<SubmissionsYaml> {
        let path = root.join("submissions").join("submissions.yaml");
        if !path.is_file() {
            return Ok(SubmissionsYaml::default());
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let doc = yaml::parse(&text).with_context(|| format!("{}", path.display()))?;
        let mut entries = Vec::new();
        if let Value::Map(items) = &doc.value {
            for (pattern, node) in items {
                let glob = Glob::new(pattern).map_err(|e| {
                    anyhow::anyhow!("{}:{}: {pattern}: {e}", path.display(), node.line)
                })?;
                let entry = entry(node, None)
                    .with_context(|| format!("{}:{}: {pattern}", path.display(), node.line))?;
                entries.push((pattern.clone(), glob, entry));
            }
        }
        Ok(SubmissionsYaml { entries })
    }

    /// Whether `label` (a path under submissions/) or a folder above it matches.
    fn matching(&self, label: &str) -> impl Iterator<Item = &(String, Glob, Entry)> {
        let prefixes: Vec<String> = {
            let parts: Vec<&str> = label.split('/').collect();
            (1..=parts.len()).map(|n| parts[..n].join("/")).collect()
        };
        self.entries
            .iter()
            .filter(move |(_, g, _)| prefixes.iter().any(|p| g.is_match(p)))
    }

    /// The entry point submissions.yaml names for `label`.
    pub fn entrypoint(&self, label: &str) -> Option<String> {
        self.matching(label)
            .find_map(|(_, _, e)| e.entrypoint.clone())
    }

    /// Adds what submissions.yaml says about `label` to `expect`. An entry whose
    /// glob is exactly the folder's name replaces the folder's default rules
    /// ("The defaults can be overwritten ... by simply specifying the name of the
    /// directory"); any other adds to them.
    pub fn apply(&self, label: &str, expect: &mut Expectation) {
        let folder = label.split('/').next().unwrap_or("");
        for (pattern, _, e) in self.matching(label) {
            if pattern == folder {
                // Keys not given are inherited from the default.
                for r in &e.rules {
                    let default = expect
                        .rules
                        .iter_mut()
                        .find(|d| d.cases.is_none() && r.cases.is_none());
                    match default {
                        Some(d) => {
                            d.permitted = r.permitted.clone().or(d.permitted.take());
                            d.required = r.required.clone().or(d.required.take());
                            d.message = r.message.clone().or(d.message.take());
                            d.timing &= r.timing;
                        }
                        None => expect.rules.push(r.clone()),
                    }
                }
            } else {
                expect.rules.extend(e.rules.iter().cloned());
            }
            // `use_for_time_limit: false` with no rule of its own opts out the
            // rules the submission already has (its folder's): the spec puts it
            // "alongside the permitted: or required: key", but a glob that only
            // says false can mean nothing else.
            if e.timing_off && !e.rules.iter().any(|r| r.cases.is_none()) {
                for r in expect.rules.iter_mut().filter(|r| r.cases.is_none()) {
                    r.timing = false;
                }
            }
            if e.score.is_some() {
                expect.score = e.score;
            }
            expect.from = "submissions.yaml".into();
        }
    }
}

/// The keys of one submissions.yaml entry; keys that name test groups hold
/// rules for those cases (2025-09 "Test data groups" under Example submissions).
fn entry(node: &Node, cases: Option<&str>) -> Result<Entry> {
    let Value::Map(items) = &node.value else {
        if node.is_null() {
            return Ok(Entry::default());
        }
        bail!("line {}: expected a map of keys", node.line);
    };
    let mut out = Entry::default();
    let mut rule = CaseRule::new(cases.map(String::from), None, None);
    let names = |n: &Node| -> Result<Vec<PackageVerdict>> {
        let words: Vec<String> = match &n.value {
            Value::Seq(items) => items
                .iter()
                .filter_map(|i| i.as_str().map(String::from))
                .collect(),
            Value::Scalar(s) => s
                .split([',', ' '])
                .filter(|w| !w.is_empty())
                .map(String::from)
                .collect(),
            _ => Vec::new(),
        };
        words
            .iter()
            .map(|w| {
                PackageVerdict::parse(w)
                    .with_context(|| format!("line {}: unknown verdict {w}", n.line))
            })
            .collect()
    };
    for (key, value) in items {
        match key.as_str() {
            "permitted" => rule.permitted = Some(names(value)?),
            "required" => rule.required = Some(names(value)?),
            "message" => rule.message = value.as_str().map(String::from),
            "score" => out.score = score_range(value)?,
            "entrypoint" => out.entrypoint = value.as_str().map(String::from),
            "use_for_time_limit" => use_for_time_limit(value, &mut rule, &mut out)?,
            "language" | "authors" | "model_solution" => {}
            group if cases.is_none() => {
                let inner = entry(value, Some(group))?;
                out.rules.extend(inner.rules);
            }
            other => bail!("line {}: unknown key {other}", value.line),
        }
    }
    if rule.permitted.is_some() || rule.required.is_some() || rule.message.is_some() {
        out.rules.insert(0, rule);
    }
    if cases.is_some() && out.timing_off {
        // Within a group's keys, false opts out that group's rules only.
        out.timing_off = false;
    }
    Ok(out)
}

/// spec/2025-09.md "Timelimit inference": `use_for_time_limit: false` opts the
/// entry's rule out of the time limit; `lower` is "equivalent to a
/// `permitted: [AC, WA, RTE]` constraint" and `upper` "to a `required: [TLE]`
/// constraint", each added as a rule of its own on the same cases.
fn use_for_time_limit(value: &Node, rule: &mut CaseRule, out: &mut Entry) -> Result<()> {
    let cases = rule.cases.clone();
    // YAML 1.1 spells booleans True, FALSE, yes, no too.
    let word = value.as_str().map(|w| w.trim().to_ascii_lowercase());
    match word.as_deref() {
        Some("true" | "yes" | "on") => {}
        Some("false" | "no" | "off") => {
            rule.timing = false;
            out.timing_off = true;
        }
        Some("lower") => out
            .rules
            .push(CaseRule::new(cases, Some(vec![AC, WA, RTE]), None)),
        Some("upper") => out.rules.push(CaseRule::new(cases, None, Some(vec![TLE]))),
        _ => bail!(
            "line {}: use_for_time_limit must be true, false, lower or upper",
            value.line
        ),
    }
    Ok(())
}

/// `score: 30` or `score: [20, 40]`.
fn score_range(node: &Node) -> Result<Option<(f64, f64)>> {
    let num = |n: &Node| -> Result<f64> {
        n.as_str()
            .and_then(|s| s.trim().parse::<f64>().ok())
            .filter(|v| v.is_finite())
            .with_context(|| format!("line {}: score must be a number", n.line))
    };
    Ok(match &node.value {
        Value::Scalar(_) => {
            let v = num(node)?;
            Some((v, v))
        }
        Value::Seq(items) if items.len() == 2 => Some((num(&items[0])?, num(&items[1])?)),
        _ => bail!(
            "line {}: score must be a number or a list of two",
            node.line
        ),
    })
}

/// What a judged submission showed: its final verdict, every judged case's
/// (name relative to `data/`, verdict name, judge message), and its score.
pub struct Observed<'a> {
    /// The first non-AC verdict, or AC.
    pub verdict: PackageVerdict,
    /// The cases judged, in data order.
    pub cases: Vec<(&'a str, PackageVerdict, &'a str)>,
    /// The score, for scoring problems.
    pub score: Option<f64>,
    /// Whether `verdict` is a grader's, which tells an accepted submission with
    /// less than the full score (problemtools'), and that full score if stated.
    pub graded: Option<Option<f64>>,
    /// Whether an output-limit kill counts as the run-time error a rule may ask
    /// for ([`PackageVerdict::satisfies`]): so in 2025-09, whose verdicts are
    /// AC, WA, TLE and RTE only (and BAPCtools sets no output limit); not where
    /// the system tells it apart (problemtools: `run_time_error/flood.py got
    /// OLE` is an error under verifyproblem 1.20260907; DOMjudge's
    /// OUTPUT-LIMIT is not its RUN-ERROR).
    pub ole_is_rte: bool,
}

impl Observed<'_> {
    /// Whether the verdict `got` meets `want`, by this system's verdicts.
    fn meets(&self, got: PackageVerdict, want: PackageVerdict) -> bool {
        got.satisfies(want) && (self.ole_is_rte || !(got == OLE && want == RTE))
    }
}

/// Whether `seen` meets `expect`; the reason when it does not.
pub fn check(expect: &Expectation, seen: &Observed) -> Result<(), String> {
    if expect.manual {
        return Ok(());
    }
    if expect.partial
        && let Some(full) = seen.graded
    {
        partially_accepted(seen.verdict, seen.score, full)?;
    }
    if !expect.any_of.is_empty() && !expect.any_of.iter().any(|w| seen.meets(seen.verdict, *w)) {
        if seen.verdict == WA && expect.any_of.contains(&NoOutput) {
            let case = seen.cases.iter().find(|c| c.1 == WA).map_or("", |c| c.0);
            return Err(format!(
                "got WA, expected {}: the wrong output on {case} was not empty \
                 (DOMjudge's NO-OUTPUT is a wrong answer that printed nothing, \
                 never on an interactive problem)",
                join(&expect.any_of, " or ")
            ));
        }
        return Err(format!(
            "got {}, expected {}",
            seen.verdict,
            join(&expect.any_of, " or ")
        ));
    }
    for rule in &expect.rules {
        let under = |case: &str| match &rule.cases {
            None => true,
            Some(g) => in_group(case, g),
        };
        let cases: Vec<&(&str, PackageVerdict, &str)> =
            seen.cases.iter().filter(|c| under(c.0)).collect();
        // A compile error has no cases: it is the verdict of all of them.
        let verdicts: Vec<PackageVerdict> = if seen.verdict == CE {
            vec![CE]
        } else {
            cases.iter().map(|c| c.1).collect()
        };
        if let Some(permitted) = &rule.permitted
            && let Some(bad) = verdicts
                .iter()
                .find(|v| !permitted.iter().any(|w| seen.meets(**v, *w)))
        {
            return Err(format!(
                "{bad} on a case{}, permitted {}",
                scope(rule),
                join(permitted, ", ")
            ));
        }
        if let Some(required) = &rule.required
            && !verdicts
                .iter()
                .any(|v| required.iter().any(|w| seen.meets(*v, *w)))
        {
            return Err(format!(
                "no case{} got {} (got {})",
                scope(rule),
                join(required, " or "),
                seen.verdict
            ));
        }
        if let Some(m) = &rule.message
            && !cases.iter().any(|c| c.2.contains(m.as_str()))
        {
            return Err(format!("no judge message{} contains \"{m}\"", scope(rule)));
        }
    }
    if let Some((lo, hi)) = expect.score {
        match seen.score {
            Some(s) if s >= lo - 1e-6 && s <= hi + 1e-6 => {}
            Some(s) => {
                return Err(if lo == hi {
                    format!("score {s}, expected {lo}")
                } else {
                    format!("score {s}, expected {lo} to {hi}")
                });
            }
            None => return Err("no score, a score was expected".into()),
        }
    }
    Ok(())
}

/// problemtools' `partially_accepted/` (`checks/submissions.py`
/// `_check_submission`): the grader's verdict is AC, and the score is not the
/// full score when `range` states one.
fn partially_accepted(
    verdict: PackageVerdict,
    score: Option<f64>,
    full: Option<f64>,
) -> Result<(), String> {
    if verdict != AC {
        return Err(format!(
            "got {verdict}, expected AC with less than the full score"
        ));
    }
    match (score, full) {
        (Some(s), Some(f)) if s >= f - 1e-9 => Err(format!(
            "fully accepted (score {s} of {f}), expected less than the full score"
        )),
        _ => Ok(()),
    }
}

fn scope(rule: &CaseRule) -> String {
    rule.cases
        .as_ref()
        .map_or(String::new(), |g| format!(" in {g}"))
}

/// Whether the case `case` (`secret/g1/03`) is `group` or under it; `group` may
/// be a glob whose `*` stays within one name (2025-09 "Glob patterns").
pub fn in_group(case: &str, group: &str) -> bool {
    let parts: Vec<&str> = case.split('/').collect();
    let Ok(glob) = Glob::new(group) else {
        return false;
    };
    let depth = group.split('/').count();
    (1..=parts.len())
        .filter(|&n| n == depth)
        .any(|n| glob.is_match(&parts[..n].join("/")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_anywhere_in_a_file_lists_the_verdicts_and_the_score() {
        let text = "/*\n * This should time out.\n * @EXPECTED_RESULTS@: TIMELIMIT, RUN-ERROR\n */\n# @EXPECTED_SCORE@: 30\n";
        assert_eq!(tags(text), (Some(vec![TLE, RTE]), Some(30.0)));
        assert_eq!(tags("int main() {}\n"), (None, None));
    }

    fn seen<'a>(verdict: PackageVerdict, cases: &[(&'a str, PackageVerdict)]) -> Observed<'a> {
        Observed {
            verdict,
            cases: cases.iter().map(|(c, v)| (*c, *v, "")).collect(),
            score: None,
            graded: None,
            ole_is_rte: true,
        }
    }

    #[test]
    fn folder_rules_follow_the_default_directories() {
        let wa = folder("wrong_answer").unwrap();
        assert!(check(&wa, &seen(WA, &[("sample/1", AC), ("secret/1", WA)])).is_ok());
        assert!(check(&wa, &seen(TLE, &[("secret/1", TLE)])).is_err());
        assert!(check(&wa, &seen(AC, &[("secret/1", AC)])).is_err());
        let rte = folder("run_time_error").unwrap();
        assert!(check(&rte, &seen(MLE, &[("secret/1", MLE)])).is_ok());
        assert!(check(&rte, &seen(OLE, &[("secret/1", OLE)])).is_ok());
        // Where the system tells an output-limit kill apart, it is no RTE.
        let told_apart = Observed {
            ole_is_rte: false,
            ..seen(OLE, &[("secret/1", OLE)])
        };
        assert!(check(&rte, &told_apart).is_err());
        let mle = Observed {
            ole_is_rte: false,
            ..seen(MLE, &[("secret/1", MLE)])
        };
        assert!(check(&rte, &mle).is_ok());
        let rejected = folder("rejected").unwrap();
        assert!(check(&rejected, &seen(TLE, &[("secret/1", TLE)])).is_ok());
        assert!(check(&rejected, &seen(AC, &[("secret/1", AC)])).is_err());
        let ce = folder("compiler_error").unwrap();
        assert!(check(&ce, &seen(CE, &[])).is_ok());
        assert!(check(&ce, &seen(AC, &[])).is_err());
        assert!(folder("mixed").is_none());
        let partial = folder("partially_accepted").unwrap();
        let mut graded = seen(AC, &[("secret/1", WA)]);
        graded.graded = Some(Some(100.0));
        graded.score = Some(40.0);
        assert!(check(&partial, &graded).is_ok());
        graded.score = Some(100.0);
        assert!(check(&partial, &graded).is_err());
        graded.verdict = WA;
        graded.score = Some(40.0);
        assert!(check(&partial, &graded).is_err());
        // Where no grader tells (DOMjudge, 2025-09), only a tagged score counts.
        assert!(check(&partial, &seen(WA, &[("secret/1", WA)])).is_ok());
        assert!(check(&folder("check_manually").unwrap(), &seen(WA, &[])).is_ok());
    }

    #[test]
    fn a_group_rule_applies_to_the_cases_under_that_group_only() {
        let e = Expectation {
            rules: vec![CaseRule::new(
                Some("secret/*-easy".into()),
                Some(vec![AC]),
                None,
            )],
            ..Expectation::default()
        };
        let ok = seen(TLE, &[("secret/1-easy/a", AC), ("secret/2-hard/a", TLE)]);
        assert!(check(&e, &ok).is_ok());
        let bad = seen(TLE, &[("secret/1-easy/a", TLE)]);
        assert!(check(&e, &bad).is_err());
    }

    #[test]
    fn a_score_outside_the_expected_range_does_not_match() {
        let e = Expectation {
            score: Some((30.0, 30.0)),
            ..Expectation::default()
        };
        let mut s = seen(AC, &[]);
        s.score = Some(30.0);
        assert!(check(&e, &s).is_ok());
        s.score = Some(40.0);
        assert!(check(&e, &s).is_err());
    }
}
