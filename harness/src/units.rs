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

/// A count with its noun: `1 case`, `2 cases`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
