//! Input validator for the subtraction game: exits 0 when standard input is one
//! case, `X K` (`0 <= X <= u64::MAX`, `K >= 1`) and then exactly `K` move sizes in
//! `1..=10^4` on any lines; else prints one line `error: line L: ...` and exits 1.
//! `cargo judge lint` runs it on every testdata input not named `tolerated`;
//! `cargo judge stress` keeps only valid shrunk inputs.

/// The statement's largest move size.
const MAX_MOVE: u64 = 10_000;

fn main() {
    contest::run(|sc, _| {
        sc.expect("X, the number of stones")?.number()?;
        let k = sc.expect("K, the number of move sizes")?.positive()?;
        sc.numbers(k, "move sizes", |size| {
            size.positive()?;
            size.at_most(MAX_MOVE, "move size").map(|_| ())
        })?;
        sc.expect_end(&format!("{k} move sizes"))
    });
}
