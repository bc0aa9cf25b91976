//! Known-wrong solution for hdu1525 (must get WA): "whoever makes the last step of
//! Euclid's algorithm wins". It forgets that a player facing `a >= 2b` may choose how
//! many multiples to take (and so pick the parity of what follows), and just counts
//! the division steps: it is right only while every quotient is 1.

use std::io::{Read, Write};

fn mover_wins(a: u64, b: u64) -> bool {
    let (mut a, mut b) = if a < b { (b, a) } else { (a, b) };
    let mut mover = true;
    while a % b != 0 {
        (a, b) = (b, a % b);
        mover = !mover;
    }
    mover
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
