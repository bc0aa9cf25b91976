//! Known-wrong solution for poj2484 (must get WA): the write-up's condition as its code
//! reads, `n <+ 2`, i.e. `n < 2`: Alice wins only with one coin. With two coins she
//! takes both (they are adjacent) and wins.

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
        out.push_str(if n < 2 { "Alice\n" } else { "Bob\n" });
    }
    std::io::stdout().write_all(out.as_bytes()).expect("stdout");
}
