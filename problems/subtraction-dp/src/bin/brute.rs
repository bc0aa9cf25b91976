//! Brute force for the subtraction game: an independent check of `main.rs`, straight
//! from the definition of the game.
//!
//! The table `v(0..=X)` is filled upwards: position `j` is won exactly when some listed
//! size `a <= j` (every size as given, repeats included) leads to a lost `j - a`, and
//! position 0 has no move so it is lost. Nothing about periods or windows is used.
//! `O(X K)` time and `X + 1` bytes of memory, so `X` above [`MAX_X`] is refused with
//! an error instead of exhausting memory.
//!
//! Same input, output and error messages as `main.rs`.

use std::io::{self, BufWriter, Read, Write};

// Input handling is the solution's own streaming scanner (no game logic in it): only
// the decision differs, so a disagreement is never an I/O artefact.
#[allow(dead_code)] // the solution's rule and `main` are not used here
#[path = "../main.rs"]
pub(crate) mod solution;
use solution::{Error, MAX_MOVE, Scanner};

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

/// Reads the one case and writes its answer.
fn solve(input: impl Read, out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let Some(first) = sc.token()? else {
        return Ok(()); // empty input: no case, nothing to answer
    };
    let x = first.number()?;
    let k = sc
        .same_line(first.line, "K, the number of move sizes")?
        .positive()?;
    sc.expect_line_end(first.line, "X and K")?;
    let mut moves = Vec::new();
    let mut last_line = first.line;
    while (moves.len() as u64) < k {
        let Some(tok) = sc.token()? else {
            return Err(Error::Input {
                line: last_line,
                msg: format!("input ended after {} of the {k} move sizes", moves.len()),
            });
        };
        let a = tok.positive()?;
        if a > MAX_MOVE {
            return Err(Error::Input {
                line: tok.line,
                msg: format!(
                    "move size \"{}\" is too large (the largest allowed is {MAX_MOVE})",
                    tok.text()
                ),
            });
        }
        moves.push(a);
        last_line = tok.line;
    }
    if let Some(tok) = sc.token()? {
        return Err(Error::Input {
            line: tok.line,
            msg: format!(
                "expected only {k} move sizes, found also \"{}\"",
                tok.text()
            ),
        });
    }
    if x > MAX_X {
        return Err(Error::Input {
            line: first.line,
            msg: format!(
                "X = {x} is too large for the brute force (the largest it accepts is {MAX_X})"
            ),
        });
    }
    out.write_all(if first_player_wins(x, &moves) {
        b"Alice\n"
    } else {
        b"Bob\n"
    })?;
    Ok(())
}

fn main() {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let result = solve(io::stdin().lock(), &mut out);
    // Answers to the valid lines before a bad one are flushed before the error.
    let flushed = out.flush().map_err(Error::from);
    if let Err(e) = result.and(flushed) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
