//! The subtraction game: `x` stones and a set of move sizes; a move takes exactly
//! one of the sizes (at most the stones left); a player with no move loses.
//! [`first_player_wins`] decides it for `x` up to `u64::MAX` by detecting the
//! period of the win/lose sequence and jumping; [`periodicity`] reports it.
//!
//! # Why the sequence is eventually periodic
//!
//! Write `v(n)` for "the player to move with `n` stones wins": `v(n)` is true
//! exactly when some size `a <= n` has `v(n - a)` false. Let `m` be the largest size
//! and read `v(j)` as true for `j < 0` (a move below zero is not allowed, and "leads
//! to a won position" excludes it just as well). Then the rule holds for every
//! `n >= 0` without the condition `a <= n`, and reads only the `m` values before
//! `n`: the window `S(n) = (v(n - m), ..., v(n - 1))` determines `v(n)`, hence
//! `S(n + 1) = F(S(n))` for a fixed map `F`. A window is one of `2^m` bit strings,
//! so two of `S(0), ..., S(2^m)` are equal, `S(s) = S(s + p)`, and applying `F`
//! gives `v(n) = v(n + p)` for every `n >= s`: `v(x) = v(s + (x - s) mod p)`.
//!
//! # How the period is detected
//!
//! The walk goes from lost position to lost position. A ring of at least `m + 64`
//! bits marks the positions ahead that a lost position already reaches (one bit
//! per size when the sizes are few, else one OR of the size bitmask pre-shifted to
//! the lost position's bit offset); the next lost position is the next unmarked
//! bit, found a word at a time, at most `m + 1` ahead. After each lost position the
//! state is the window, kept as the queue of lost positions among the last `m`
//! with a polynomial hash mod `2^61 - 1` updated in `O(1)` per position. The
//! windows follow a fixed map, so Brent's cycle finder applies: a saved window is
//! compared with each new one and replaced after `1, 2, 4, ...` steps. Only equal
//! hashes are compared exactly, so a collision costs time, never a wrong answer. A
//! match proves the period (the argument above), and the walk goes on only
//! `(x - n) mod p` more positions.
//!
//! # Accepts, errors, complexity
//!
//! Sizes in `1..=`[`MAX_MOVE`], in any order, repeated or above `x` (a size outside
//! panics: the caller's input check comes first); an empty list means no move.
//! Time is proportional to the preperiod plus the period `s + p` times the density
//! of lost positions times the cost of marking one; memory `O(m)`, under 2 MiB.
//! Structured sets (ranges, residues, primes, Fibonacci numbers, powers of two)
//! settle within milliseconds at `x = 10^18`; `{3333, 6667, 10^4}` has period
//! 44,445,555 (under a second); uniformly random sets of a hundred or more sizes up
//! to `10^4` show no period within `10^10` positions, which is why [`decide`] takes
//! a budget and refuses rather than running for hours.
//!
//! # Example
//!
//! ```
//! use contest::subtraction::{first_player_wins, periodicity, Periodicity};
//!
//! // Sizes 1 and 4: lost exactly when n mod 5 is 0 or 2.
//! assert!(first_player_wins(9, &[1, 4]));
//! assert!(!first_player_wins(1_000_000_000_000_000_002, &[4, 1]));
//! assert_eq!(periodicity(&[1, 4], 1 << 20), Some(Periodicity { preperiod: 2, period: 5 }));
//! ```

use std::collections::VecDeque;

/// The largest move size accepted; the window (and so memory and time) grows with it.
pub const MAX_MOVE: u64 = 10_000;

/// Does the first player (Alice) win with `x` stones and these move sizes?
///
/// The sizes may repeat, come in any order and exceed `x`; an empty list means no
/// move is ever legal (Alice loses). Walks the lost positions `0 = l0 < l1 < ...` until
/// it passes `x` or detects the period, then jumps (see the module comment).
///
/// # Panics
///
/// If a size is `0` or above [`MAX_MOVE`] (the I/O code rejects those first).
pub fn first_player_wins(x: u64, moves: &[u64]) -> bool {
    let Some(rules) = Rules::new(moves) else {
        return false;
    };
    let mut hare = Walk::new(&rules);
    // Dropped once the period is known.
    let mut cycle = Some(Brent::new(&hare));
    let mut target = x;
    loop {
        // Invariant: target >= hare.n, and v(target) = v(x).
        let lost = hare.next_lost();
        if target != lost {
            if target < lost {
                return true;
            }
            hare.take(lost);
            if let Some(period) = cycle.as_mut().and_then(|c| c.check(&hare)) {
                // Periodic from a position before hare.n, and x >= hare.n.
                let n = hare.window.n;
                target = n + (x - n) % period;
                cycle = None;
            }
        } else {
            return false;
        }
    }
}

/// Where the win/lose sequence of a move set becomes periodic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Periodicity {
    /// The first `s >= 0` whose window recurs: `v(j) = v(j + period)` for every
    /// `j >= s - m`, reading `v` as "won" below zero, and not for `j = s - m - 1`.
    pub preperiod: u64,
    /// The smallest `p >= 1` with `v(j) = v(j + p)` for every `j >= preperiod`.
    pub period: u64,
}

/// How far the period search may walk before a huge `X` is given up on. Random sets
/// of a hundred or more sizes up to 10^4 show no period within it (their periods
/// grow roughly exponentially with the largest size); every structured set measured
/// so far (primes, Fibonacci numbers, squares, ranges, residues) finds its period well
/// inside it. Walking this far takes from a few seconds to about a minute.
pub const BUDGET: u64 = 10_000_000_000;

/// [`first_player_wins`], or `None` when `x` lies beyond `budget` and the sequence
/// shows no period within the first `budget` positions: an honest refusal instead
/// of a search that would run for hours.
pub fn decide(x: u64, moves: &[u64], budget: u64) -> Option<bool> {
    if x > budget && periodicity(moves, budget).is_none() {
        return None;
    }
    Some(first_player_wins(x, moves))
}

/// The preperiod and period of the window sequence for these move sizes (same
/// conventions and panics as [`first_player_wins`]), or `None` if the cycle finder
/// walks past position `limit` without finding them; for measurements and tests.
pub fn periodicity(moves: &[u64], limit: u64) -> Option<Periodicity> {
    let Some(rules) = Rules::new(moves) else {
        // Without moves every position is lost.
        return Some(Periodicity {
            preperiod: 0,
            period: 1,
        });
    };
    let mut hare = Walk::new(&rules);
    let mut cycle = Brent::new(&hare);
    let (period, settled) = loop {
        let lost = hare.next_lost();
        if lost > limit {
            return None;
        }
        hare.take(lost);
        if let Some(period) = cycle.check(&hare) {
            break (period, hare.window.n - period);
        }
    };
    // v(j) = v(j + period) for j >= settled - m. The preperiod is m + 1 past the last
    // j below that where they differ. Walk both sequences, the second shifted back by
    // `period` (`late` lists lost positions y, meaning j = y - period), and merge.
    let m = rules.m;
    let (mut early, mut late) = (Walk::new(&rules), Walk::new(&rules));
    let mut next_early = || {
        let lost = early.next_lost();
        early.take(lost);
        (lost < settled).then_some(lost + period)
    };
    let mut next_late = || loop {
        let lost = late.next_lost();
        late.take(lost);
        if lost >= settled + period {
            return None;
        }
        if lost + m >= period {
            return Some(lost);
        }
    };
    let (mut a, mut b) = (next_early(), next_late());
    let mut last_mismatch = None;
    loop {
        match (a, b) {
            (None, None) => break,
            (Some(ya), Some(yb)) if ya == yb => (a, b) = (next_early(), next_late()),
            (Some(ya), yb) if yb.map_or(true, |yb| ya < yb) => {
                last_mismatch = Some(ya);
                a = next_early();
            }
            (_, yb) => {
                last_mismatch = yb;
                b = next_late();
            }
        }
    }
    Some(Periodicity {
        preperiod: last_mismatch.map_or(0, |y| y + m + 1 - period),
        period,
    })
}

/// Brent's cycle finder over the windows after each lost position: a saved window is
/// compared with each new one, and replaced by the newest after 1, 2, 4, ... steps.
struct Brent {
    saved: Window,
    power: u64,
    steps: u64,
}

impl Brent {
    fn new(start: &Walk) -> Brent {
        Brent {
            saved: start.window.clone(),
            power: 1,
            steps: 0,
        }
    }

    /// After one more lost position: the period, if the window now recurs.
    fn check(&mut self, walk: &Walk) -> Option<u64> {
        self.steps += 1;
        if walk.window.same_as(&self.saved) {
            return Some(walk.window.n - self.saved.n);
        }
        if self.steps == self.power {
            self.saved.clone_from(&walk.window);
            self.power *= 2;
            self.steps = 0;
        }
        None
    }
}

/// The deduplicated move set and everything derived from it once.
struct Rules {
    /// Distinct sizes, ascending.
    moves: Vec<u64>,
    /// For each shift `0..64`, the bitmask with bit `shift + a` set for every size `a`,
    /// in `words` words, all shifts one after another (empty when `scatter`).
    shifted: Vec<u64>,
    /// Words per shifted bitmask.
    words: usize,
    /// The largest size: the window length.
    m: u64,
    /// Ring length in bits minus one; the ring has a power-of-two length `>= m + 64`.
    ring_mask: usize,
    /// `BASE^e mod P` for `e <= 2m + 1`.
    pow: Vec<u64>,
    /// Mark the successors of a lost position one bit per size (few sizes) rather than
    /// by OR-ing the shifted bitmask (many sizes).
    scatter: bool,
}

impl Rules {
    /// The size bitmask shifted left by `shift < 64` bits.
    fn shifted_mask(&self, shift: usize) -> &[u64] {
        &self.shifted[shift * self.words..(shift + 1) * self.words]
    }
}

/// Rolling-hash modulus `2^61 - 1` (prime) and base.
const P: u64 = (1 << 61) - 1;
const BASE: u64 = 0x0B5A_D4EC_EDA1_CE2A % P;

fn mul_mod(a: u64, b: u64) -> u64 {
    let prod = u128::from(a) * u128::from(b);
    // 2^61 = 1 (mod P): fold the high bits onto the low ones.
    let folded = (prod >> 61) as u64 + (prod as u64 & P);
    if folded >= P {
        folded - P
    } else {
        folded
    }
}

impl Rules {
    /// `None` for an empty move list.
    fn new(moves: &[u64]) -> Option<Rules> {
        assert!(
            moves.iter().all(|&a| (1..=MAX_MOVE).contains(&a)),
            "move sizes must lie in 1..={MAX_MOVE}"
        );
        let mut moves = moves.to_vec();
        moves.sort_unstable();
        moves.dedup();
        let m = *moves.last()?;
        // A shifted bitmask spans bits 0..64 + m; the ring holds at least that many.
        let words = (m as usize + 64 + 63) / 64;
        let ring_bits = (64 * words).next_power_of_two();
        // One scattered bit costs several times one ORed word (measured break-even
        // near words / 8 sizes at m = 10^4).
        let scatter = 8 * moves.len() <= words;
        let mut shifted = vec![0u64; if scatter { 0 } else { 64 * words }];
        for (shift, row) in shifted.chunks_exact_mut(words).enumerate() {
            for &a in &moves {
                let bit = shift + a as usize;
                row[bit / 64] |= 1 << (bit % 64);
            }
        }
        let mut pow = vec![1u64; 2 * m as usize + 2];
        for e in 1..pow.len() {
            pow[e] = mul_mod(pow[e - 1], BASE);
        }
        Some(Rules {
            moves,
            shifted,
            words,
            m,
            ring_mask: ring_bits - 1,
            pow,
            scatter,
        })
    }
}

/// The lost positions among the last `m` before `n`: the state that decides the rest.
#[derive(Clone)]
struct Window {
    n: u64,
    /// Ascending, all in `n - m .. n` (positions below zero count as won).
    lost: VecDeque<u64>,
    /// Sum of `BASE^(n - 1 - j)` over the lost `j` in the window, mod `P`.
    hash: u64,
}

impl Window {
    /// Equal windows (the same lost offsets back from `n`)? Hashes first, then exactly.
    fn same_as(&self, other: &Window) -> bool {
        self.hash == other.hash
            && self.lost.len() == other.lost.len()
            && self
                .lost
                .iter()
                .zip(&other.lost)
                .all(|(&a, &b)| self.n - a == other.n - b)
    }
}

/// A walk along the positions, standing at `window.n`: every position before it is
/// decided, and so is everything the lost ones among the last `m` imply.
struct Walk<'r> {
    rules: &'r Rules,
    window: Window,
    /// Bit `j mod len` is set when `j >= n` is reached by a move from a lost position
    /// before `n` (so `j` is won); bits of positions before `n` are kept clear so the
    /// slots can be reused. The marks never reach past `n + m`, inside the ring.
    ring: Vec<u64>,
}

impl<'r> Walk<'r> {
    /// Position 0, nothing lost yet.
    fn new(rules: &'r Rules) -> Walk<'r> {
        Walk {
            rules,
            window: Window {
                n: 0,
                lost: VecDeque::new(),
                hash: 0,
            },
            ring: vec![0; (rules.ring_mask + 1) / 64],
        }
    }

    /// The first lost position `>= n`: the first unmarked one, at most `n + m` (the
    /// position `m + 1` past the last lost one is never marked).
    fn next_lost(&self) -> u64 {
        let words = self.ring.len();
        let start = self.window.n as usize & self.rules.ring_mask;
        let (mut w, bit) = (start / 64, start % 64);
        // Treat the bits below `start` in its word as marked.
        let mut bits = self.ring[w] | ((1u64 << bit) - 1);
        let mut base = self.window.n - bit as u64;
        while bits == u64::MAX {
            w = (w + 1) & (words - 1);
            bits = self.ring[w];
            base += 64;
        }
        base + u64::from(bits.trailing_ones())
    }

    /// Moves past the lost position `lost` (from `next_lost`) to `n = lost + 1`.
    fn take(&mut self, lost: u64) {
        let rules = self.rules;
        let win = &mut self.window;
        let n = win.n;
        // Shift the hash's window by `lost + 1 - n` positions, drop the lost positions
        // leaving it, add `lost` itself.
        let mut hash = mul_mod(win.hash, rules.pow[(lost + 1 - n) as usize]);
        while let Some(&old) = win.lost.front() {
            if old + rules.m > lost {
                break;
            }
            win.lost.pop_front();
            let gone = rules.pow[(lost - old) as usize];
            hash = if hash >= gone {
                hash - gone
            } else {
                hash + P - gone
            };
        }
        win.hash = if hash + 1 == P { 0 } else { hash + 1 };
        win.lost.push_back(lost);
        win.n = lost + 1;
        self.clear(n, lost);
        if rules.scatter {
            for &a in &rules.moves {
                let s = (lost + a) as usize & rules.ring_mask;
                self.ring[s / 64] |= 1 << (s % 64);
            }
        } else {
            self.mark_all(lost);
        }
    }

    /// Clears the marks of the positions `from..to`, now behind the walk.
    fn clear(&mut self, from: u64, to: u64) {
        let words = self.ring.len();
        let mut j = from;
        while j < to {
            let s = j as usize & self.rules.ring_mask;
            let (w, bit) = (s / 64, s % 64);
            let len = (to - j).min(64 - bit as u64);
            let ones = if len == 64 {
                u64::MAX
            } else {
                ((1u64 << len) - 1) << bit
            };
            self.ring[w & (words - 1)] &= !ones;
            j += len;
        }
    }

    /// Marks `lost + a` for every size `a`: the size bitmask, pre-shifted to the bit
    /// offset of `lost`, ORed in as whole words (in two pieces where the ring wraps).
    fn mark_all(&mut self, lost: u64) {
        let at = lost as usize & self.rules.ring_mask;
        let shifted = self.rules.shifted_mask(at % 64);
        let first = at / 64;
        let (tail, head) = self.ring.split_at_mut(first);
        let (to_head, to_tail) = shifted.split_at(shifted.len().min(head.len()));
        for (dst, &bits) in head.iter_mut().zip(to_head) {
            *dst |= bits;
        }
        for (dst, &bits) in tail.iter_mut().zip(to_tail) {
            *dst |= bits;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The plain table `v(0..=limit)`, straight from the definition.
    fn win_table(limit: u64, moves: &[u64]) -> Vec<bool> {
        let mut win = vec![false; limit as usize + 1];
        for j in 0..win.len() {
            win[j] = moves.iter().any(|&a| a <= j as u64 && !win[j - a as usize]);
        }
        win
    }

    #[track_caller]
    fn agrees_on_every_x(moves: &[u64], limit: u64) {
        for (x, &win) in win_table(limit, moves).iter().enumerate() {
            assert_eq!(
                first_player_wins(x as u64, moves),
                win,
                "x = {x}, moves {moves:?}"
            );
        }
    }

    #[test]
    fn agrees_with_the_table_on_every_subset_of_1_to_6_up_to_200() {
        for bits in 1u32..64 {
            let moves: Vec<u64> = (1..=6).filter(|a| bits >> (a - 1) & 1 == 1).collect();
            agrees_on_every_x(&moves, 200);
        }
    }

    #[test]
    fn agrees_with_the_table_when_sizes_exceed_x_or_repeat() {
        agrees_on_every_x(&[3, 700, 700, 2500], 3000);
        // Each call prepares a 10^4-wide window: sample the x instead of taking all.
        let moves = [9_999, 10_000];
        let table = win_table(60_000, &moves);
        for x in (0..table.len()).step_by(89).chain(39_990..40_010) {
            assert_eq!(first_player_wins(x as u64, &moves), table[x], "x = {x}");
        }
    }

    #[test]
    fn without_a_legal_move_the_first_player_loses() {
        assert!(!first_player_wins(0, &[1]));
        assert!(!first_player_wins(5, &[6, 100, 10_000]));
        assert!(!first_player_wins(1 << 40, &[]));
    }

    #[test]
    fn a_lone_size_wins_exactly_on_odd_blocks_up_to_u64_max() {
        for x in [0, 9_999, 10_000, 19_999, 20_000, u64::MAX - 1, u64::MAX] {
            assert_eq!(
                first_player_wins(x, &[10_000]),
                (x / 10_000) % 2 == 1,
                "x = {x}"
            );
        }
    }

    #[test]
    fn known_periods_of_classic_move_sets() {
        let cases: [(&[u64], u64, u64); 5] = [
            (&[1], 0, 2),
            (&[1, 4], 2, 5),
            (&[10_000], 0, 20_000),
            (&[9_999, 10_000], 0, 19_999),
            (&[2, 3], 0, 5),
        ];
        for (moves, preperiod, period) in cases {
            let found = periodicity(moves, 1 << 20);
            assert_eq!(
                found,
                Some(Periodicity { preperiod, period }),
                "moves {moves:?}"
            );
        }
    }

    #[test]
    fn a_huge_x_without_a_period_in_the_budget_is_refused_not_guessed() {
        let moves: Vec<u64> = (1..=100u64).map(|i| (i * 7919) % 9973 + 1).collect();
        assert_eq!(decide(1_000_000_000_000_000_000, &moves, 100_000), None);
        assert_eq!(
            decide(90_000, &moves, 100_000),
            Some(first_player_wins(90_000, &moves))
        );
        assert_eq!(
            decide(u64::MAX, &[1, 4], 100_000),
            Some(first_player_wins(u64::MAX, &[1, 4]))
        );
        assert_eq!(periodicity(&[3333, 6667, 10_000], 1_000_000), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// From a multiple of `c + 1` every move of `1..=c` or a non-multiple leaves a
        /// non-multiple; from a non-multiple `n mod (c + 1)` stones reach a multiple.
        #[test]
        fn sizes_1_to_c_and_no_multiple_of_c_plus_1_lose_exactly_on_the_multiples(
            c in 1u64..=30,
            extra in prop::collection::vec(1u64..=10_000, 0..=300),
            x in any::<u64>(),
        ) {
            let mut moves: Vec<u64> = extra.into_iter().filter(|a| a % (c + 1) != 0).collect();
            moves.extend(1..=c);
            prop_assert_eq!(first_player_wins(x, &moves), x % (c + 1) != 0);
        }

        #[test]
        fn at_huge_x_a_position_is_won_exactly_when_some_move_reaches_a_lost_one(
            moves in prop::collection::vec(1u64..=10_000, 1..=3),
            x in 10_000u64..,
        ) {
            prop_assume!(periodicity(&moves, 300_000).is_some());
            let some_move_wins = moves.iter().any(|&a| !first_player_wins(x - a, &moves));
            prop_assert_eq!(first_player_wins(x, &moves), some_move_wins);
        }

        #[test]
        fn small_random_sets_agree_with_the_table(
            moves in prop::collection::vec(1u64..=40, 1..=5),
        ) {
            agrees_on_every_x(&moves, 1500);
        }
    }
}
