//! Known wrong (WA): `wythoff-play` choosing to move first every time and then
//! making random legal moves. The interactor wins almost every game.

use contest::rng::Rng;
use contest::scan::{Error, Scanner};
use std::io::{Read, Write};

fn position<R: Read>(sc: &mut Scanner<R>) -> Result<(u64, u64), Error> {
    let a = sc.expect("a position")?.number()?;
    let b = sc.expect("the second pile")?.number()?;
    Ok((a, b))
}

fn main() {
    let mut rng = Rng::new(2024);
    contest::run(|sc, out| {
        let games = sc.expect("the number of games")?.number()?;
        for _ in 0..games {
            let mut pos = position(sc)?;
            writeln!(out, "first")?;
            out.flush()?;
            let mut my_turn = true;
            while pos != (0, 0) {
                if my_turn {
                    let (a, b) = pos;
                    pos = match rng.range(0, 2) {
                        0 if a > 0 => (a - rng.log_uniform(a), b),
                        1 if b > 0 => (a, b - rng.log_uniform(b)),
                        _ if a.min(b) > 0 => {
                            let t = rng.log_uniform(a.min(b));
                            (a - t, b - t)
                        }
                        _ if a > 0 => (a - 1, b),
                        _ => (a, b - 1),
                    };
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
