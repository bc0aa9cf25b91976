//! Known wrong (TLE): `wythoff-play`'s exact moves, written through the buffered
//! writer and never flushed. Its first answer stays in its own buffer while it
//! waits for the interactor, which waits for that answer: the judge reads TLE with
//! the hint "both sides were waiting: did the solution flush its output?".

use contest::scan::{Error, Scanner};
use std::io::{Read, Write};

/// The largest pile the statement allows.
pub const MAX: u64 = 1_000_000_000_000_000_000;

/// `floor(sqrt(n))`, exactly (Newton's method from above, integers only).
pub fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // 2^ceil(bits/2) >= sqrt(n): Newton's iterates then decrease to the floor.
    let mut x = 1u128 << ((128 - n.leading_zeros() + 1) / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// `a_k = floor(k phi)`, for `k <= 10^18`.
pub fn lower(k: u64) -> u64 {
    let k = u128::from(k);
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// `floor(x / phi)`, for `x <= 10^18`.
pub fn below_phi(x: u64) -> u64 {
    let x = u128::from(x);
    ((isqrt(5 * x * x) - x) / 2) as u64
}

/// The winning move from `(a, b)` (piles in this order, both at most 10^18), as
/// the position it leads to; `None` when the player to move loses.
pub fn winning_move(a: u64, b: u64) -> Option<(u64, u64)> {
    let (x, y) = (a.min(b), a.max(b));
    let k = y - x;
    let ak = lower(k);
    let (nx, ny) = if x == ak {
        return None;
    } else if x > ak {
        (ak, ak + k)
    } else {
        let j = below_phi(x) + 1;
        if lower(j) == x {
            (x, x + j)
        } else {
            (x, below_phi(x))
        }
    };
    // Back in the order of the piles: `x` was the pile that stays (cases 4 and 5)
    // or shrinks with the other (cases 1 and 3).
    Some(if a <= b { (nx, ny) } else { (ny, nx) })
}

/// Reads a position (two numbers, at most 10^18).
fn position<R: Read>(sc: &mut Scanner<R>) -> Result<(u64, u64), Error> {
    let a = sc.expect("a position")?;
    let a = a.at_most(MAX, "a pile")?;
    let b = sc.expect("the second pile")?;
    let b = b.at_most(MAX, "a pile")?;
    Ok((a, b))
}

/// Plays every game; nothing is flushed (the bug).
fn play<R: Read, W: Write>(sc: &mut Scanner<R>, out: &mut W) -> Result<(), Error> {
    let games = sc.expect("the number of games")?.number()?;
    for _ in 0..games {
        let mut pos = position(sc)?;
        let mine = winning_move(pos.0, pos.1);
        let mut my_turn = mine.is_some();
        writeln!(out, "{}", if my_turn { "first" } else { "second" })?;
        while pos != (0, 0) {
            if my_turn {
                // From a losing position (only if the interactor errs): empty the
                // larger pile, a legal move that ends the game soon.
                pos = winning_move(pos.0, pos.1).unwrap_or(if pos.0 > pos.1 {
                    (0, pos.1)
                } else {
                    (pos.0, 0)
                });
                writeln!(out, "{} {}", pos.0, pos.1)?;
            } else {
                pos = position(sc)?;
            }
            my_turn = !my_turn;
        }
    }
    Ok(())
}

fn main() {
    contest::run(play);
}
