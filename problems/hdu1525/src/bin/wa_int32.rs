//! Known-wrong solution for hdu1525 (must get WA): the statement write-ups' loop, in
//! 32-bit `int` arithmetic. Reading a number above 2^31 - 1 into an `int` keeps its
//! low 32 bits (what a C++ `scanf("%d")` of an over-long value does in practice), so
//! large pairs are decided on garbage. Caught by the 32-bit overflow testdata.

use std::io::{Read, Write};

/// The write-ups' rule on `i32`: follow forced moves until a choice or a multiple.
fn mover_wins(a: i32, b: i32) -> bool {
    let (mut a, mut b) = if a < b { (b, a) } else { (a, b) };
    let mut mover = true;
    // `wrapping_*` reproduces C's two's-complement results instead of panicking.
    while !(b == 0 || a.wrapping_rem(b) == 0 || a > b.wrapping_mul(2)) {
        (a, b) = (b, a.wrapping_rem(b));
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
        .map(|t| t.parse::<u64>().expect("a number") as i32);
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
