//! Known-wrong solution for subtraction-dp (must get RE): the write-up's fixed array
//! `bool win[105]`, indexed by the stone count. Any `X` above 104 writes past its end
//! (a crash or silent corruption in C++; an index panic here).

use std::io::{Read, Write};

const MAXN: usize = 105;

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
    let sizes: Vec<usize> = numbers.take(k as usize).map(|a| a as usize).collect();
    let mut win = [false; MAXN];
    for j in 1..=x as usize {
        win[j] = sizes.iter().any(|&a| a <= j && !win[j - a]);
    }
    std::io::stdout()
        .write_all(if win[x as usize] {
            b"Alice\n"
        } else {
            b"Bob\n"
        })
        .expect("stdout");
}
