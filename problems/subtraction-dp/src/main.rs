//! Subtraction game ("Alice and Bob take stones", the first problem of the game-theory
//! chapter of "Challenge Programming Contests"; no judge id).
//!
//! There are `X` stones and a list of move sizes `a1..aK`. Alice and Bob alternate,
//! Alice first; a move takes exactly `a_i` stones for some `i` with `a_i` at most the
//! number of stones left. A player with no legal move loses, so whoever takes the last
//! stone wins, and with `X = 0` Alice loses at once. The sizes need not contain `1`, may
//! repeat and may exceed `X`.
//!
//! Input: one case: `X K` (`0 <= X <= 2^64 - 1`, `K >= 1`), then the `K` move sizes
//! (each `1..=10^4`), read as scanf reads them: any number of lines, so `9\n2\n1\n4\n`
//! is `X = 9, K = 2`, sizes 1 and 4. Output: `Alice` if the first player wins, else
//! `Bob`.
//!
//! # Winning rule
//!
//! Write `v(n)` for "the player to move with `n` stones wins". Then `v(n)` is true
//! exactly when some size `a <= n` has `v(n - a)` false: a move into a lost position
//! wins, and if every move leads to a won position (or there is no move) the player
//! to move loses. The answer is `v(X)`. Filling that table up to `X` costs `O(X K)`,
//! hopeless for `X = 10^18`, so the table is cut short by its period.
//!
//! # Why `v` is eventually periodic
//!
//! Let `m` be the largest size and read `v(j)` as true for `j < 0` (a move below zero
//! is not allowed, and "leads to a won position" excludes a move just as well). Then
//! the rule above holds for every `n >= 0` with the condition `a <= n` dropped, and it
//! reads only the `m` values before `n`. So the window
//! `S(n) = (v(n - m), ..., v(n - 1))` determines `v(n)`, hence `S(n + 1)`: there is a
//! fixed map `F` with `S(n + 1) = F(S(n))`. A window is one of `2^m` bit strings, so by
//! pigeonhole two of `S(0), ..., S(2^m)` are equal, say `S(s) = S(s + p)` with `p >= 1`.
//! Applying `F` to both sides `t` times gives `S(s + t) = S(s + p + t)`, and the newest
//! bit of those windows gives `v(n) = v(n + p)` for every `n >= s`. Hence
//! `v(X) = v(s + (X - s) mod p)` for `X >= s`. Pigeonhole only bounds `s + p` by
//! `2^m`; the real values are whatever the detection below finds, which is fast for
//! many structured sets and hopeless for most random ones (see "Limits").
//!
//! # How the period is detected
//!
//! [`contest::subtraction`] walks from lost position to lost position, marking what
//! each reaches in a ring of bits, hashes the window after each lost position, and
//! runs Brent's cycle finder over the windows (equal hashes are compared exactly, so
//! a collision costs time, never a wrong answer); a match proves the period, and the
//! walk jumps to `X`'s residue. `O(m)` memory whatever the period.
//!
//! # Limits
//!
//! The time is proportional to `s + p` (times the density of lost positions times the
//! cost of marking one). Measured in release on this workspace's 2-core machine, whole
//! process for `X = 10^18`:
//!
//! - Structured sets settle fast, 2-8 ms: `{1}`, `{10^4}` (period
//!   20000), `{9999, 10^4}`, `{1, 10^4}`, `1..=1000`, `1..=10^4`, the odd or the even
//!   numbers, `9000..=10^4` (`K = 1001`, period 19000), the first 1000 primes
//!   (preperiod 16135, period 4), all 1229 primes, the powers of two, the Fibonacci
//!   numbers (preperiod 16958, period 2586).
//! - `{3333, 6667, 10^4}`: period 44,445,555, 0.4-0.9 s (varies with the load).
//! - The squares up to 10^4 (`K = 100`): preperiod 5,168,263,721, period 12,500; about
//!   40 s. The worst set found that finishes.
//! - Uniformly random sets, sizes up to 10^4: `K = 3`, 100 sets: median `s + p` 18,536,
//!   worst 3.1 million (78 ms). `K = 10`, 50 sets: median 291,325, worst 9.5 million
//!   (0.35 s). `K = 100` and `K = 1000`, 10 sets each: no period within 10^10 positions
//!   (40 s and 6 s per set), so no answer in reasonable time at `X = 10^18`.
//! - `s + p` explodes with the number and size of the moves: for `m / 10` random sizes
//!   from `1..=m`, the worst of 10 sets is about 10^4 at `m = 100`, 2 * 10^5 at 300,
//!   6 * 10^7 at 400, 1.4 * 10^9 at 500 and 10^10 at 800 (`K = 1000` out of `1..=2000`:
//!   median 5.9 * 10^8).
//!
//! A walk costs about 0.6 ns per position with 1000 random sizes (one position in 200
//! is lost) and 5 ns with the 100 squares (one in 18). Memory stays near 2 MiB resident
//! whatever the input; reading 10^6 sizes (4.9 MB) takes about 10 ms. The answer is
//! always right; the time grows with `s + p`, which nothing short of `2^m` bounds.
//!

use std::io::Write;

use contest::subtraction::{decide, BUDGET, MAX_MOVE};
use contest::Error;

/// Does Alice win with `x` stones and these sizes? `None` when `x` is beyond
/// [`BUDGET`] and no period shows within it (an honest refusal, not a guess).
pub fn first_player_wins(x: u64, moves: &[u64]) -> Option<bool> {
    decide(x, moves, BUDGET)
}

fn main() {
    contest::run(|sc, out| {
        let Some(first) = sc.token()? else {
            return Ok(());
        }; // no case, nothing to answer
        let x = first.number()?;
        let k = sc.expect("K, the number of move sizes")?.positive()?;
        // Which sizes occur: 10^6 sizes must not cost 8 MB.
        let mut present = vec![false; MAX_MOVE as usize + 1];
        sc.numbers(k, "move sizes", |size| {
            size.positive()?;
            present[size.at_most(MAX_MOVE, "move size")? as usize] = true;
            Ok(())
        })?;
        sc.expect_end(&format!("{k} move sizes"))?;
        let moves: Vec<u64> = (1..=MAX_MOVE).filter(|&a| present[a as usize]).collect();
        let Some(alice) = first_player_wins(x, &moves) else {
            return Err(Error::at(
                first.line,
                format!(
                "no period of the win/lose sequence appears within the first {BUDGET} positions \
                 for these move sizes, so X = {x} cannot be decided in reasonable time; \
                 giving up rather than running for hours"
            ),
            ));
        };
        writeln!(out, "{}", if alice { "Alice" } else { "Bob" })?;
        Ok(())
    });
}
