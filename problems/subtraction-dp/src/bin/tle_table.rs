//! Known-wrong solution for subtraction-dp (must get TLE): the plain `O(X * K)` table
//! `win[j] = some a_i <= j with !win[j - a_i]`, filled for every `j` up to `X`. It keeps
//! only the last `max(a_i) + 1` entries in a ring (so memory stays small and the verdict
//! is about time, not memory), but `X` up to 2^64 - 1 cannot be walked in a second.

use std::io::{Read, Write};

fn main() {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .expect("stdin is text");
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("a number"));
    let (Some(x), Some(k)) = (numbers.next(), numbers.next()) else {
        return;
    };
    let sizes: Vec<u64> = numbers.take(k as usize).collect();
    let ring = sizes.iter().copied().max().unwrap_or(0) as usize + 1;
    let mut win = vec![false; ring];
    for j in 1..=x {
        let mut w = false;
        for &a in &sizes {
            if a <= j && !win[((j - a) % ring as u64) as usize] {
                w = true;
            }
        }
        win[(j % ring as u64) as usize] = w;
    }
    let answer = win[(x % ring as u64) as usize];
    std::io::stdout()
        .write_all(if answer { b"Alice\n" } else { b"Bob\n" })
        .expect("stdout");
}
