//! Known wrong (WA): `wythoff-play` with the golden ratio in `f64`. The products
//! `k * phi` and `x / phi` pick the wrong floor from `k = F_40 = 102334155` on, so
//! it misjudges losing positions there and the interactor wins.

use contest::scan::{Error, Scanner};
use std::io::{Read, Write};

const PHI: f64 = 1.618_033_988_749_895;

fn winning_move(a: u64, b: u64) -> Option<(u64, u64)> {
    let (x, y) = (a.min(b), a.max(b));
    let k = y - x;
    let ak = (k as f64 * PHI) as u64;
    let (nx, ny) = if x == ak {
        return None;
    } else if x > ak {
        (ak, ak + k)
    } else {
        let j = (x as f64 / PHI) as u64 + 1;
        if (j as f64 * PHI) as u64 == x {
            (x, x + j)
        } else {
            (x, (x as f64 / PHI) as u64)
        }
    };
    Some(if a <= b { (nx, ny) } else { (ny, nx) })
}

fn position<R: Read>(sc: &mut Scanner<R>) -> Result<(u64, u64), Error> {
    let a = sc.expect("a position")?.number()?;
    let b = sc.expect("the second pile")?.number()?;
    Ok((a, b))
}

fn main() {
    contest::run(|sc, out| {
        let games = sc.expect("the number of games")?.number()?;
        for _ in 0..games {
            let mut pos = position(sc)?;
            let mut my_turn = winning_move(pos.0, pos.1).is_some();
            writeln!(out, "{}", if my_turn { "first" } else { "second" })?;
            out.flush()?;
            while pos != (0, 0) {
                if my_turn {
                    // Where it sees no winning move (or a wrong one is illegal), it
                    // empties the larger pile: the game is lost anyway.
                    let fallback = if pos.0 > pos.1 {
                        (0, pos.1)
                    } else {
                        (pos.0, 0)
                    };
                    pos = winning_move(pos.0, pos.1)
                        .filter(|m| m.0 <= pos.0 && m.1 <= pos.1 && *m != pos)
                        .unwrap_or(fallback);
                    writeln!(out, "{} {}", pos.0, pos.1)?;
                    out.flush()?;
                } else {
                    pos = position(sc)?;
                }
                my_turn = !my_turn;
            }
        }
        Ok(())
    });
}
