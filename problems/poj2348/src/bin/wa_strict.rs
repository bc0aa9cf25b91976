//! Known-wrong solution for poj2348 (must get WA): the subtraction loop with the
//! "free choice" test written strictly, `b > 2a`, and no test for an exact multiple.
//! At `b == 2a` the player to move can take everything and win, but this loop treats
//! it as a forced move to `(a, a)` and hands the win to the opponent.

use std::io::{Read, Write};

fn mover_wins(a: u64, b: u64) -> bool {
    let (mut a, mut b) = (a, b);
    let mut mover = true;
    loop {
        if a > b {
            (a, b) = (b, a);
        }
        if b == a || b - a > a {
            return mover;
        }
        b -= a;
        mover = !mover;
    }
}

fn main() {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .expect("stdin is text");
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("a number"));
    let mut out = String::new();
    while let (Some(a), Some(b)) = (numbers.next(), numbers.next()) {
        if a == 0 && b == 0 {
            break;
        }
        out.push_str(if mover_wins(a, b) {
            "Stan wins\n"
        } else {
            "Ollie wins\n"
        });
    }
    std::io::stdout().write_all(out.as_bytes()).expect("stdout");
}
