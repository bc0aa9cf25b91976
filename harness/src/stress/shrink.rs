//! Shrinking a failing stress input by delta debugging on its text: first whole
//! chunks of lines are dropped (halves, quarters, ... single lines), then each
//! number is made smaller (0, 1, 2, half, ...) and single tokens are dropped,
//! repeated until nothing changes or the budget is spent.
//!
//! Owns only the search. Whether a candidate still fails is the caller's predicate
//! (stress re-runs both sides and keeps a candidate only if the brute force still
//! accepts it and the solution still fails the same way).

use anyhow::Result;

/// Shrinks `input` while `fails` holds, spending at most `budget` calls. Returns
/// the smallest failing input found; `fails(input)` is assumed true.
pub fn shrink(
    input: &str,
    budget: u64,
    mut fails: impl FnMut(&str) -> Result<bool>,
) -> Result<String> {
    let mut lines: Vec<String> = input.lines().map(str::to_string).collect();
    let mut spent = 0u64;
    let mut try_lines = |candidate: &[String], spent: &mut u64| -> Result<bool> {
        if *spent >= budget {
            return Ok(false);
        }
        *spent += 1;
        fails(&join(candidate))
    };
    loop {
        let before = lines.clone();
        // Phase 1: drop chunks of lines, halves first, down to single lines.
        let mut chunk = lines.len().div_ceil(2).max(1);
        loop {
            let mut i = 0;
            while i < lines.len() && lines.len() > 1 {
                let end = (i + chunk).min(lines.len());
                let candidate: Vec<String> =
                    lines[..i].iter().chain(&lines[end..]).cloned().collect();
                if !candidate.is_empty() && try_lines(&candidate, &mut spent)? {
                    lines = candidate;
                } else {
                    i += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
        // Phase 2: smaller numbers and fewer tokens. A line's numbers are first
        // scaled down together (by their gcd, then halved), which keeps relations
        // such as `b = 2a` that shrinking one number at a time would break.
        let mut l = 0;
        while l < lines.len() {
            for candidate_line in scaled_down(&lines[l]) {
                let mut candidate = lines.clone();
                candidate[l] = candidate_line;
                if try_lines(&candidate, &mut spent)? {
                    lines = candidate;
                }
            }
            let mut t = 0;
            while t < tokens(&lines[l]).len() {
                let toks = tokens(&lines[l]);
                let mut replaced = false;
                if toks.len() > 1 {
                    let mut fewer = toks.clone();
                    fewer.remove(t);
                    let mut candidate = lines.clone();
                    candidate[l] = fewer.join(" ");
                    if try_lines(&candidate, &mut spent)? {
                        lines = candidate;
                        continue;
                    }
                }
                if let Ok(v) = toks[t].parse::<u128>() {
                    for smaller in smaller_numbers(v) {
                        let mut changed = toks.clone();
                        changed[t] = smaller.to_string();
                        let mut candidate = lines.clone();
                        candidate[l] = changed.join(" ");
                        if try_lines(&candidate, &mut spent)? {
                            lines = candidate;
                            replaced = true;
                            break;
                        }
                    }
                }
                if !replaced {
                    t += 1;
                }
            }
            l += 1;
        }
        if lines == before || spent >= budget {
            break;
        }
    }
    Ok(join(&lines))
}

/// The line with all its numbers divided by their gcd, then all halved (when it has
/// two or more numbers and nothing else).
fn scaled_down(line: &str) -> Vec<String> {
    let Ok(numbers) = line
        .split_ascii_whitespace()
        .map(str::parse::<u128>)
        .collect::<Result<Vec<_>, _>>()
    else {
        return Vec::new();
    };
    if numbers.len() < 2 {
        return Vec::new();
    }
    let gcd = numbers.iter().fold(0, |g, &v| gcd(g, v));
    let show = |v: Vec<u128>| v.iter().map(u128::to_string).collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    if gcd > 1 {
        out.push(show(numbers.iter().map(|v| v / gcd).collect()));
    }
    if numbers.iter().any(|&v| v > 1) {
        out.push(show(numbers.iter().map(|v| v / 2).collect()));
    }
    out
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn tokens(line: &str) -> Vec<String> {
    line.split_ascii_whitespace().map(str::to_string).collect()
}

fn join(lines: &[String]) -> String {
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

/// Candidates below `v`, smallest first: 0, 1, 2, then `v` minus ever smaller halves
/// of it, ending with `v - 1`, so a failing region is approached in log steps.
fn smaller_numbers(v: u128) -> Vec<u128> {
    let mut out: Vec<u128> = [0, 1, 2].into_iter().filter(|&c| c < v).collect();
    let mut step = v / 2;
    while step > 0 {
        let c = v - step;
        if c > 2 && out.last() != Some(&c) {
            out.push(c);
        }
        step /= 2;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A "solution" that fails whenever the input has a line whose two numbers sum to
    /// more than 100: shrinking must find one short line with a small such pair.
    fn buggy(input: &str) -> Result<bool> {
        Ok(input.lines().any(|l| {
            let v: Vec<u64> = l
                .split_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect();
            v.len() == 2 && v[0] + v[1] > 100
        }))
    }

    #[test]
    fn shrink_keeps_one_line_with_the_smallest_failing_numbers() {
        let input = "1 2\n3 4\n999 5\n7 8\n60 70\n0 0\n";
        let small = shrink(input, 10_000, buggy).unwrap();
        assert_eq!(small.lines().count(), 1, "{small}");
        let v: Vec<u64> = small
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(v.len(), 2);
        assert_eq!(v[0] + v[1], 101, "{small}");
    }

    #[test]
    fn shrink_respects_its_budget() {
        let input = "1 200\n".repeat(50);
        let mut calls = 0;
        shrink(&input, 7, |s| {
            calls += 1;
            buggy(s)
        })
        .unwrap();
        assert_eq!(calls, 7);
    }

    #[test]
    fn smaller_numbers_start_small_and_end_just_below() {
        assert_eq!(smaller_numbers(1), [0]);
        assert_eq!(smaller_numbers(10), [0, 1, 2, 5, 8, 9]);
        assert!(smaller_numbers(u64::MAX as u128).len() < 70);
    }
}
