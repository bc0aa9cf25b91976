//! Input validator for Wythoff's game: exits 0 when standard input is lines of two
//! numbers `a b` in `0..=u64::MAX` (this workspace's statement; the original's bound
//! is 10^9), to the end of the input, with no terminator; else prints one line
//! `error: line L: ...` and exits 1. `cargo judge lint` runs it on every testdata
//! input not named `tolerated`; `cargo judge stress` keeps only valid shrunk inputs.

fn main() {
    contest::run(|sc, _| {
        while sc.line::<2>()?.is_some() {}
        Ok(())
    });
}
