//! Input validator for POJ 2484 "A Funny Game": exits 0 when standard input is one
//! `n` per line, `1 <= n <= u64::MAX` (this workspace's statement widens POJ's
//! `10^6`; testdata covers both), optionally ended by a line `0` (what follows it is
//! never read, as on the judge); else prints one line `error: line L: ...` and
//! exits 1. `cargo judge lint` runs it on every testdata input not named
//! `tolerated`; `cargo judge stress` keeps only valid shrunk inputs.

fn main() {
    contest::run(|sc, _| {
        while sc.line_until([0])?.is_some() {}
        Ok(())
    });
}
