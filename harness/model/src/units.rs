//! Quantities as people read them: `12 ms`, `1.50 s`, `13.1 MiB`.
//!
//! A leaf module: verdict code words its measured facts with it and the reporters
//! print them with it, so neither borrows the other's formatters.

use std::time::Duration;

/// `1.5 MiB`-style sizes.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["B", "KiB", "MiB", "GiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// A duration as `12 ms` or `1.23 s`.
pub fn human_time(seconds: f64) -> String {
    let d = Duration::from_secs_f64(seconds.max(0.0));
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else {
        format!("{:.2} s", d.as_secs_f64())
    }
}

/// A duration with the precision it needs, for limits and the times measured
/// against them: `1 ms`, `1.25 ms`, `350 ms`, `1.5 s`, `2 s` (never `0.00 s` for
/// a limit of a millisecond).
pub fn precise_time(seconds: f64) -> String {
    let seconds = seconds.max(0.0);
    let (value, unit) = if seconds < 1.0 {
        (seconds * 1000.0, "ms")
    } else {
        (seconds, "s")
    };
    // Three significant digits, trailing zeros dropped.
    let decimals = if value >= 100.0 {
        0
    } else if value >= 10.0 {
        1
    } else {
        2
    };
    let text = format!("{value:.decimals$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        &text
    };
    format!("{text} {unit}")
}

/// A count with its noun: `1 case`, `2 cases`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precise_time_keeps_the_digits_a_small_limit_needs() {
        assert_eq!(precise_time(0.001), "1 ms");
        assert_eq!(precise_time(0.00125), "1.25 ms");
        assert_eq!(precise_time(0.0004), "0.4 ms");
        assert_eq!(precise_time(0.35), "350 ms");
        assert_eq!(precise_time(1.5), "1.5 s");
        assert_eq!(precise_time(2.0), "2 s");
        assert_eq!(precise_time(12.345), "12.3 s");
    }
}
