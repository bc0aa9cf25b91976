//! Brute force for HDU 1525 "Euclid's Game": the same input and output as the
//! solution, but each line is decided by searching the game graph itself
//! ([`contest::euclid_brute::Search`]: every move, memoized), not by the rule.
//! A line whose search would exceed the search's limits is refused with an error.

use contest::euclid_brute;

fn main() {
    contest::run(|sc, out| euclid_brute::answer_lines(sc, out, b"Stan wins\n", b"Ollie wins\n"));
}
