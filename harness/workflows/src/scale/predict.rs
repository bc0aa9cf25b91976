//! The prediction at the largest size and the verdict against the limits: pure
//! functions of the points, the fit and why the sizes stopped.

use judge_model::scale::{Fit, Point, Prediction, Stop, Verdict};

use super::fit::REL_NOISE;

/// Memory growth below this many bytes is start-up noise, not growth.
const MEMORY_NOISE: u64 = 1 << 20;

/// The CPU time and memory expected at `to`: the measured point when `to` was
/// measured, else the fitted curve's value. The interval widens with the scatter
/// around the curve and, past the largest size measured, with the exponent's
/// interval over the distance extrapolated (in `ln n`). `None` without a
/// measurement at `to` or a fit.
pub fn predict(points: &[Point], fit: Option<&Fit>, to: u64) -> Option<Prediction> {
    let memory_bytes = memory_at(points, to);
    let scatter = fit.map_or(REL_NOISE, |f| f.scatter.max(REL_NOISE));
    if let Some(p) = points.iter().find(|p| p.n == to && !p.capped) {
        return Some(Prediction {
            n: to,
            cpu_seconds: p.cpu_seconds,
            low: p.cpu_seconds * (1.0 - 2.0 * scatter).max(0.0),
            high: p.cpu_seconds * (1.0 + 2.0 * scatter),
            memory_bytes,
        });
    }
    let fit = fit?;
    let cpu = fit.cpu_at(to as f64);
    let beyond = (to as f64 / fit.reference).ln().max(0.0);
    let half = 2.0 * scatter + beyond * (fit.exponent_high - fit.exponent).max(0.0);
    let growing = (cpu - fit.overhead).max(0.0);
    Some(Prediction {
        n: to,
        cpu_seconds: cpu,
        low: fit.overhead + growing * (-half).exp(),
        high: fit.overhead + growing * half.exp(),
        memory_bytes,
    })
}

/// The peak memory expected at `to`: measured there, else the growth above the
/// smallest peak extrapolated along the log-log slope of the largest sizes
/// (between 0 and 3), else (nothing grows) the largest peak measured.
pub fn memory_at(points: &[Point], to: u64) -> u64 {
    let usable: Vec<&Point> = points.iter().filter(|p| !p.capped).collect();
    if let Some(p) = usable.iter().find(|p| p.n == to) {
        return p.memory_bytes;
    }
    let base = usable.iter().map(|p| p.memory_bytes).min().unwrap_or(0);
    let largest = usable.iter().map(|p| p.memory_bytes).max().unwrap_or(0);
    let growing: Vec<(f64, f64)> = usable
        .iter()
        .filter(|p| p.memory_bytes >= base + MEMORY_NOISE)
        .map(|p| ((p.n as f64).ln(), ((p.memory_bytes - base) as f64).ln()))
        .collect();
    let top = &growing[growing.len().saturating_sub(3)..];
    let [.., (x0, y0), (x1, y1)] = top else {
        return largest;
    };
    let slope = ((y1 - y0) / (x1 - x0)).clamp(0.0, 3.0);
    let grown = (y1 + slope * ((to as f64).ln() - x1)).exp();
    (base as f64 + grown).min(u64::MAX as f64) as u64
}

/// The verdict at `to` against `time_limit` and `memory_limit` bytes:
/// a measured size at most `to` over a limit decides (MLE first, as the judge
/// says it); else the prediction, `fits` only when its whole interval is under
/// the time limit, `tle` only when all of it is over; else `unsure`.
pub fn verdict(
    points: &[Point],
    stop: &Stop,
    prediction: Option<&Prediction>,
    to: u64,
    time_limit: std::time::Duration,
    memory_limit: u64,
) -> Verdict {
    let time_limit = time_limit.as_secs_f64();
    if matches!(stop, Stop::OutOfMemory(n) if *n <= to)
        || points
            .iter()
            .any(|p| p.n <= to && p.memory_bytes > memory_limit)
    {
        return Verdict::Mle;
    }
    if points
        .iter()
        .any(|p| p.n <= to && p.cpu_seconds > time_limit)
    {
        return Verdict::Tle;
    }
    let Some(p) = prediction else {
        return Verdict::Unsure;
    };
    if p.memory_bytes > memory_limit {
        Verdict::Mle
    } else if p.high <= time_limit {
        Verdict::Fits {
            margin: time_limit / p.cpu_seconds.max(1e-9),
        }
    } else if p.low > time_limit {
        Verdict::Tle
    } else {
        Verdict::Unsure
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_model::scale::Model;

    fn point(n: u64, cpu: f64, mib: u64) -> Point {
        Point {
            n,
            cpu_seconds: cpu,
            memory_bytes: mib << 20,
            capped: false,
        }
    }

    fn linear_fit() -> Fit {
        // 2 ms overhead, 0.1 s of growth at n = 100,000, exponent 1.0 +- 0.05.
        Fit {
            model: Model::Linear,
            exponent: 1.0,
            exponent_low: 0.95,
            exponent_high: 1.05,
            overhead: 0.002,
            scale: 0.1,
            reference: 100_000.0,
            scatter: 0.03,
        }
    }

    #[test]
    fn the_prediction_follows_the_curve_and_widens_with_the_distance() {
        let near = predict(&[], Some(&linear_fit()), 100_000).unwrap();
        let far = predict(&[], Some(&linear_fit()), 1_000_000).unwrap();
        assert!((near.cpu_seconds - 0.102).abs() < 1e-9);
        assert!((far.cpu_seconds - 1.002).abs() < 1e-9);
        // Near: only the scatter (2 x 3 %); far: plus ln(10) x 0.05 of exponent.
        let near_half = (near.high - 0.002) / 0.1;
        assert!((near_half - 0.06f64.exp()).abs() < 1e-9, "{near:?}");
        let far_half = (far.high - 0.002) / 1.0;
        let expected = (0.06 + 10f64.ln() * 0.05).exp();
        assert!((far_half - expected).abs() < 1e-9, "{far:?}");
        assert!(far.low < far.cpu_seconds && far.cpu_seconds < far.high);
    }

    #[test]
    fn a_measured_largest_size_is_its_own_prediction() {
        let points = [point(1000, 0.002, 2), point(1_000_000, 0.4, 10)];
        let p = predict(&points, None, 1_000_000).unwrap();
        assert_eq!((p.cpu_seconds, p.memory_bytes), (0.4, 10 << 20));
        assert!(predict(&points, None, 2_000_000).is_none());
    }

    #[test]
    fn memory_grows_along_the_slope_of_the_largest_sizes() {
        // 2 MiB at start, then 80 bytes per element: 80 MB more at a million.
        let points: Vec<Point> = [1000u64, 10_000, 100_000, 200_000]
            .iter()
            .map(|&n| Point {
                memory_bytes: (2 << 20) + 80 * n,
                ..point(n, 0.01, 0)
            })
            .collect();
        let at = memory_at(&points, 1_000_000) as f64;
        let expected = (2u64 << 20) as f64 + 8e7;
        assert!((at / expected - 1.0).abs() < 0.01, "{at} vs {expected}");
        // Nothing growing: the largest peak.
        let flat = [point(10, 0.01, 3), point(20, 0.01, 3)];
        assert_eq!(memory_at(&flat, 1000), 3 << 20);
    }

    #[test]
    fn verdicts_follow_measurements_first_then_the_whole_interval() {
        let mib = 1 << 20;
        let prediction = |cpu: f64, low: f64, high: f64, mem: u64| Prediction {
            n: 100,
            cpu_seconds: cpu,
            low,
            high,
            memory_bytes: mem * mib,
        };
        let fast = [point(10, 0.01, 5)];
        let slow = [point(10, 1.5, 5)];
        let big = [point(10, 0.01, 300)];
        let table: [(&[Point], Stop, Option<Prediction>, &str); 9] = [
            (
                &fast,
                Stop::Reached,
                Some(prediction(0.2, 0.18, 0.22, 5)),
                "fits",
            ),
            (
                &fast,
                Stop::Reached,
                Some(prediction(2.0, 1.5, 2.5, 5)),
                "tle",
            ),
            (
                &fast,
                Stop::Reached,
                Some(prediction(0.9, 0.7, 1.1, 5)),
                "unsure",
            ),
            (
                &fast,
                Stop::Reached,
                Some(prediction(0.2, 0.18, 0.22, 300)),
                "mle",
            ),
            (&fast, Stop::Reached, None, "unsure"),
            (&slow, Stop::TooSlow(10), None, "tle"),
            (&big, Stop::Reached, None, "mle"),
            (&fast, Stop::OutOfMemory(20), None, "mle"),
            // A failure beyond --to says nothing about --to.
            (&fast, Stop::OutOfMemory(200), None, "unsure"),
        ];
        let second = std::time::Duration::from_secs(1);
        for (points, stop, p, expected) in table {
            let v = verdict(points, &stop, p.as_ref(), 100, second, 256 * mib);
            assert_eq!(v.name(), expected, "{stop:?} {p:?}");
        }
        let v = verdict(
            &fast,
            &Stop::Reached,
            Some(&prediction(0.2, 0.18, 0.22, 5)),
            100,
            second,
            256 * mib,
        );
        assert_eq!(v, Verdict::Fits { margin: 5.0 });
    }
}
