//! The sizes `scale` measures: geometric, by a factor of sqrt 2, from `--from`
//! to `--to`; every size when `--to` is at most [`EVERY_SIZE_UP_TO`].

/// `--from`'s default: small enough that the first sizes show the start-up
/// overhead the fit needs, large enough to be past the sizes nobody asks about.
pub const DEFAULT_FROM: u64 = 1000;

/// Up to this `--to`, every size is measured: an exponential search's time
/// doubles with each step of `n`, so sqrt 2 apart would leave one or two sizes
/// between "too fast to measure" and "past the cap".
pub const EVERY_SIZE_UP_TO: u64 = 64;

/// The default first size for `to`: [`DEFAULT_FROM`], or `to / 64` (at least 1)
/// when `to` is small, so a range like `--to 30` (an exponential search) still
/// has a dozen sizes.
pub fn default_from(to: u64) -> u64 {
    DEFAULT_FROM.min((to / 64).max(1))
}

/// Sizes from `from` to `to` (both included), each about sqrt 2 times the one
/// before, rounded and without repeats; a size within 10 % of `to` is left out
/// for `to` itself. Every size from `from` when `to` is at most
/// [`EVERY_SIZE_UP_TO`].
pub fn geometric(from: u64, to: u64) -> Vec<u64> {
    let from = from.max(1);
    if to <= EVERY_SIZE_UP_TO {
        return (from.min(to)..=to).collect();
    }
    let mut sizes = Vec::new();
    let mut x = from as f64;
    while x * 1.1 < to as f64 {
        let n = x.round() as u64;
        if sizes.last() != Some(&n) {
            sizes.push(n);
        }
        x *= std::f64::consts::SQRT_2;
    }
    sizes.push(to);
    sizes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_grow_by_sqrt_two_up_to_to() {
        let table: [(u64, u64, &[u64]); 6] = [
            (
                1000,
                16_000,
                &[1000, 1414, 2000, 2828, 4000, 5657, 8000, 11_314, 16_000],
            ),
            (1, 100, &[1, 2, 3, 4, 6, 8, 11, 16, 23, 32, 45, 64, 91, 100]),
            (20, 25, &[20, 21, 22, 23, 24, 25]),
            (1000, 1000, &[1000]),
            (5000, 1000, &[1000]),
            (1000, 1050, &[1050]),
        ];
        for (from, to, expected) in table {
            assert_eq!(geometric(from, to), expected, "{from}..{to}");
        }
    }

    #[test]
    fn the_default_start_is_1000_or_lower_for_small_ranges() {
        let table = [(1_000_000, 1000), (64_000, 1000), (30, 1), (6400, 100)];
        for (to, from) in table {
            assert_eq!(default_from(to), from, "--to {to}");
        }
    }
}
