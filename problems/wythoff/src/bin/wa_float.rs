//! Known-wrong solution for wythoff (must get WA): the textbook formula
//! `a == floor((b - a) * phi)` evaluated in `f64`. A double carries 53 bits, so once
//! `(b - a) * phi` is beyond about 2^53 (and already much earlier, when the product is
//! within rounding error of an integer) the floor is off by one or more and losing
//! positions are reported as wins. Caught by the precision testdata.

use std::io::{Read, Write};

fn first_wins(a: u64, b: u64) -> bool {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let k = (b - a) as f64;
    (k * phi).floor() as u64 != a
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
        out.push_str(if first_wins(a, b) { "1\n" } else { "0\n" });
    }
    std::io::stdout().write_all(out.as_bytes()).expect("stdout");
}
