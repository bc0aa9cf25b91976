//! The log-log frame both drawings share, and the small terminal plot: a mark
//! per measured size (`*`, `o` for `--against`), the fitted curve (`.`, `:`)
//! extended to `--to`, and the time limit (`-`).

use judge_model::scale::{Scale, Series};
use judge_model::units::precise_time;

use super::thousands;

/// Log-log axes fitted around everything drawn.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    ln_n: (f64, f64),
    ln_t: (f64, f64),
}

impl Frame {
    /// The frame for `scale`: sizes from the smallest measured to `--to`, times
    /// from below the fastest point to above the limit and every prediction.
    pub fn of(scale: &Scale) -> Frame {
        let all = series(scale);
        let sizes = all.iter().flat_map(|s| s.points.iter().map(|p| p.n as f64));
        let n_lo = sizes.clone().fold(scale.to as f64, f64::min).max(1.0);
        let n_hi = sizes.fold(scale.to as f64, f64::max).max(n_lo * 2.0);
        let mut times: Vec<f64> = vec![scale.time_limit.as_secs_f64()];
        for s in &all {
            times.extend(s.points.iter().map(|p| p.cpu_seconds));
            times.extend(s.prediction.iter().map(|p| p.high));
        }
        let positive = times.iter().copied().filter(|t| *t > 0.0);
        let t_lo = positive.clone().fold(f64::INFINITY, f64::min) * 0.7;
        let t_hi = positive.fold(0.0, f64::max) * 1.5;
        Frame {
            ln_n: (n_lo.ln(), n_hi.ln()),
            ln_t: (t_lo.ln(), t_hi.max(t_lo * 10.0).ln()),
        }
    }

    /// `n`'s place across, from 0 (left) to 1 (right).
    pub fn x(&self, n: f64) -> f64 {
        (n.max(1.0).ln() - self.ln_n.0) / (self.ln_n.1 - self.ln_n.0)
    }

    /// `t`'s place up, from 0 (bottom) to 1 (top); may be outside for points off
    /// the frame.
    pub fn y(&self, t: f64) -> f64 {
        (t.max(1e-12).ln() - self.ln_t.0) / (self.ln_t.1 - self.ln_t.0)
    }

    /// The smallest and largest size drawn.
    pub fn sizes(&self) -> (f64, f64) {
        (self.ln_n.0.exp(), self.ln_n.1.exp())
    }

    /// The smallest and largest time drawn.
    pub fn times(&self) -> (f64, f64) {
        (self.ln_t.0.exp(), self.ln_t.1.exp())
    }
}

/// The solution's series, then `--against`'s.
pub fn series(scale: &Scale) -> Vec<&Series> {
    std::iter::once(&scale.main)
        .chain(scale.against.as_ref())
        .collect()
}

/// `count` sizes spread evenly in `ln n` over the fitted curve's span: from the
/// smallest measured size to `--to`.
pub fn curve_sizes(frame: &Frame, count: usize) -> Vec<f64> {
    let (lo, hi) = frame.sizes();
    (0..count)
        .map(|i| (lo.ln() + (hi.ln() - lo.ln()) * i as f64 / (count - 1) as f64).exp())
        .collect()
}

const WIDTH: usize = 56;
const HEIGHT: usize = 12;

/// The terminal plot, with the time axis labelled at the top, the limit and
/// the bottom, and the size axis at both ends.
pub fn terminal(scale: &Scale) -> String {
    let frame = Frame::of(scale);
    let mut grid = vec![vec![' '; WIDTH]; HEIGHT];
    let cell = |x: f64, y: f64| -> Option<(usize, usize)> {
        let col = (x * (WIDTH - 1) as f64).round();
        let row = ((1.0 - y) * (HEIGHT - 1) as f64).round();
        ((0.0..WIDTH as f64).contains(&col) && (0.0..HEIGHT as f64).contains(&row))
            .then_some((row as usize, col as usize))
    };
    let limit_row = cell(0.0, frame.y(scale.time_limit.as_secs_f64())).map(|c| c.0);
    if let Some(row) = limit_row {
        grid[row].iter_mut().for_each(|c| *c = '-');
    }
    let marks = [('*', '.'), ('o', ':')];
    for (s, (point, line)) in series(scale).into_iter().zip(marks) {
        if let Some(fit) = &s.fit {
            for n in curve_sizes(&frame, WIDTH * 2) {
                if let Some((r, c)) = cell(frame.x(n), frame.y(fit.cpu_at(n))) {
                    grid[r][c] = line;
                }
            }
        }
        for p in &s.points {
            if let Some((r, c)) = cell(frame.x(p.n as f64), frame.y(p.cpu_seconds)) {
                grid[r][c] = point;
            }
        }
    }
    let (t_lo, t_hi) = frame.times();
    let mut out = String::new();
    for (row, cells) in grid.iter().enumerate() {
        // The limit's row says so even where it is the top or the bottom row: a
        // time there would read as the limit's value.
        let label = if Some(row) == limit_row {
            "limit".to_string()
        } else if row == 0 {
            precise_time(t_hi)
        } else if row == HEIGHT - 1 {
            precise_time(t_lo)
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{label:>9} |{}\n",
            cells.iter().collect::<String>()
        ));
    }
    let (n_lo, n_hi) = frame.sizes();
    let left = format!("n = {}", thousands(n_lo.round() as u64));
    let right = thousands(n_hi.round() as u64);
    out.push_str(&format!("{:>9} +{}\n", "", "-".repeat(WIDTH)));
    out.push_str(&format!(
        "{:>9}  {left}{}{right}\n",
        "",
        " ".repeat(WIDTH.saturating_sub(left.len() + right.len()))
    ));
    out
}
