//! Input validator for YBT 1218 "取石子游戏": exits 0 when standard input is
//! lines of two numbers in `1..=u64::MAX`, optionally ended by `0 0` (what follows
//! the terminator is never read, as on the judge); else prints one line
//! `error: line L: ...` and exits 1. `cargo judge lint` runs it on every testdata
//! input not named `tolerated`; `cargo judge stress` keeps only valid shrunk inputs.

fn main() {
    contest::run(|sc, _| {
        while let Some(line) = sc.line_until([0, 0])? {
            line.positive()?;
        }
        Ok(())
    });
}
