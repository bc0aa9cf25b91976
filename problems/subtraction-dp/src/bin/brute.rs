//! Brute force for the subtraction game: an independent check of `main.rs`, straight
//! from the definition of the game.
//!
//! The table `v(0..=X)` is filled upwards: position `j` is won exactly when some listed
//! size `a <= j` (every size as given, repeats included) leads to a lost `j - a`, and
//! position 0 has no move so it is lost. Nothing about periods or windows is used.
//! `O(X K)` time and `X + 1` bytes of memory, so `X` above [`MAX_X`] is refused with
//! an error instead of exhausting memory.
//!
//! Same input, output and error messages as `main.rs` (the sizes read as scanf
//! reads them, on any lines).

use std::io::Write;

use contest::Error;

/// The statement's largest move size (the solution's bound too).
const MAX_MOVE: u64 = 10_000;

/// The largest `X` the brute force accepts: a table of `X + 1` bytes (about 100 MB).
pub const MAX_X: u64 = 100_000_000;

/// `v(j)` for every `j` in `0..=limit`: does the player to move with `j` stones win?
/// Tries every size from every position; sizes may be anything `>= 1`.
pub fn win_table(limit: u64, moves: &[u64]) -> Vec<bool> {
    let len = usize::try_from(limit)
        .ok()
        .and_then(|l| l.checked_add(1))
        .expect("the table must fit in memory");
    let mut win = vec![false; len];
    for j in 0..len {
        win[j] = moves.iter().any(|&a| a <= j as u64 && !win[j - a as usize]);
    }
    win
}

/// Does the first player (Alice) win with `x` stones? The last entry of [`win_table`].
pub fn first_player_wins(x: u64, moves: &[u64]) -> bool {
    win_table(x, moves)[x as usize]
}

fn main() {
    contest::run(|sc, out| {
        let Some(first) = sc.token()? else {
            return Ok(());
        }; // no case, nothing to answer
        let x = first.number()?;
        let k = sc.expect("K, the number of move sizes")?.positive()?;
        let mut moves = Vec::new();
        sc.numbers(k, "move sizes", |size| {
            size.positive()?;
            moves.push(size.at_most(MAX_MOVE, "move size")?);
            Ok(())
        })?;
        sc.expect_end(&format!("{k} move sizes"))?;
        if x > MAX_X {
            let why = format!(
                "X = {x} is too large for the brute force (the largest it accepts is {MAX_X})"
            );
            return Err(Error::at(first.line, why));
        }
        out.write_all(if first_player_wins(x, &moves) {
            b"Alice\n"
        } else {
            b"Bob\n"
        })?;
        Ok(())
    });
}
