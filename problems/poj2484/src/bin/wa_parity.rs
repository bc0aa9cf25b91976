//! Known-wrong solution for poj2484 (must get WA): "Alice wins when n is odd", the
//! answer for coins in a row taken one at a time. In a circle with two-coin moves
//! Alice wins only for `n <= 2` (so `n = 2` and every odd `n >= 3` are wrong here).

use std::io::{Read, Write};

fn main() {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .expect("stdin is text");
    let mut out = String::new();
    for n in input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("a number"))
    {
        if n == 0 {
            break;
        }
        out.push_str(if n % 2 == 1 { "Alice\n" } else { "Bob\n" });
    }
    std::io::stdout().write_all(out.as_bytes()).expect("stdout");
}
