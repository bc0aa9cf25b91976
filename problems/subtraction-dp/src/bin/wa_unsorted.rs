//! Known-wrong solution for subtraction-dp (must get WA): the write-up's table loop
//! `for (i = 0; i < K && A[i] <= j; i++)`, which stops at the first size larger than
//! `j` and so silently assumes the sizes are given in increasing order. With the
//! sizes in any other order it misses moves.

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
    // The write-up stores the whole table; a ring keeps this one from failing by memory
    // first on the large cases, so its verdict there is about the sorting bug or time.
    let ring = sizes.iter().copied().max().unwrap_or(0) as usize + 1;
    let mut win = vec![false; ring];
    for j in 1..=x {
        let mut w = false;
        for &a in sizes.iter().take_while(|&&a| a <= j) {
            w |= !win[((j - a) % ring as u64) as usize];
        }
        win[(j % ring as u64) as usize] = w;
    }
    let answer = win[(x % ring as u64) as usize];
    std::io::stdout()
        .write_all(if answer { b"Alice\n" } else { b"Bob\n" })
        .expect("stdout");
}
