//! Known-wrong solution for ybt1218 (must get RE): the write-up's quotient loop. It
//! replaces `(n, m)` by `(m, n % m)` while `n / m == 1`, which for equal piles makes
//! `m` zero and then divides by it. (Rust panics where C++ would raise SIGFPE; both
//! are runtime errors.)

use std::io::{Read, Write};

fn first_wins(a: u64, b: u64) -> bool {
    let (mut n, mut m) = if a < b { (b, a) } else { (a, b) };
    if n / m >= 2 {
        return true;
    }
    let mut forced = 0;
    while n / m == 1 {
        (n, m) = (m, n % m);
        forced += 1;
    }
    forced % 2 == 0
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
        out.push_str(if first_wins(a, b) { "win\n" } else { "lose\n" });
    }
    std::io::stdout().write_all(out.as_bytes()).expect("stdout");
}
