//! Choosing a growth model for measured CPU times, and the exponent with its
//! interval: pure functions of the points.
//!
//! Small sizes measure mostly the overhead (starting the process, ~1-3 ms), so
//! only the points at least [`GROWTH_OVER_OVERHEAD`] times the fastest one (the
//! overhead's estimate, `a0`) are fitted. Their exponent is the least-squares
//! slope of `ln(t - a0)` on `ln n`, with a Student-t interval from the slope's
//! standard error. Each model is fitted to them as `t = a + c * f(n)`, `a, c >=
//! 0`, by weighted least squares (a point's variance `ABS_NOISE^2 + (REL_NOISE *
//! t)^2`: CPU times scatter by a few percent, and by a fraction of a millisecond
//! however short the run).
//!
//! The model is then chosen among those whose own log-log slope at these sizes
//! lies within the measured exponent's interval, by the Bayesian information
//! criterion (BIC, Schwarz 1978: `N ln(RSS / N) + k ln N`, which punishes the
//! extra parameter), a `log n` factor having to beat the plain power it refines
//! by [`LOG_FACTOR_EVIDENCE`]. Two rules keep caches from passing for
//! logarithms: as the input outgrows a cache, the cost per step creeps up and
//! the measured exponent rises above the model's (a quadratic loop measured
//! 2.2-2.4 here); a `log n` factor cannot explain an exponent more than
//! [`LOG_SPAN`] of its own `1 / ln n` above the plain power, and when no model's
//! slope is within the interval the nearest plain power (`1`, `n`, `n sqrt n`,
//! `n^2`, `n^3`, `2^n`) is taken.

use judge_model::scale::{Fit, Model, Point};

/// Absolute scatter of one CPU time, in seconds: timer and start-up jitter.
pub const ABS_NOISE: f64 = 0.000_3;

/// Relative scatter of one CPU time.
pub const REL_NOISE: f64 = 0.03;

/// Fewer usable points than this are too few to choose a model.
pub const MIN_POINTS: usize = 4;

/// Fewer growing points (see [`GROWTH_OVER_OVERHEAD`]) than this are too few.
pub const MIN_GROWING: usize = 3;

/// A point grows measurably when its time is at least this many times the
/// fastest point's...
pub const GROWTH_OVER_OVERHEAD: f64 = 3.0;

/// ...and at least this many seconds above it.
pub const MIN_GROWTH: f64 = 0.001;

/// Sizes spanning at least this factor without measurable growth are constant.
pub const CONSTANT_SPAN: f64 = 16.0;

/// The relative scatter above which the points are too noisy to choose a model.
pub const MAX_SCATTER: f64 = 0.25;

/// The BIC a `log n` factor must gain over the plain model it refines.
pub const LOG_FACTOR_EVIDENCE: f64 = 2.0;

/// The exponent is measured on the sizes within this factor of the largest.
pub const TOP_SPAN: f64 = 8.0;

/// A `log n` factor explains exponents up to this many times its own `1 / ln n`
/// above the plain power.
pub const LOG_SPAN: f64 = 2.0;

/// How far outside the exponent's interval a model's slope may still be.
pub const SLACK: f64 = 0.05;

/// Two plausible models whose BICs differ by less than this are nearly as good.
pub const CLOSE: f64 = 2.0;

/// Why no model was chosen.
#[derive(Debug, Clone, PartialEq)]
pub enum Unfit {
    /// Fewer usable points than [`MIN_POINTS`], or fewer than [`MIN_GROWING`]
    /// growing measurably over a span too short to call it constant.
    TooFew {
        /// Usable (not capped) points.
        usable: usize,
        /// Points growing measurably.
        growing: usize,
    },
    /// The relative scatter around the best curve.
    Noisy(f64),
}

/// The chosen model, and the warnings that go with it.
#[derive(Debug, Clone, PartialEq)]
pub struct Chosen {
    /// The fit.
    pub fit: Fit,
    /// A model whose fit is nearly as good, if any.
    pub runner_up: Option<Model>,
}

/// One model's least-squares fit.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    model: Model,
    overhead: f64,
    scale: f64,
    bic: f64,
}

/// Fits every model to the uncapped `points` and chooses one (see the module).
pub fn choose(points: &[Point]) -> Result<Chosen, Unfit> {
    let usable: Vec<(f64, f64)> = points
        .iter()
        .filter(|p| !p.capped)
        .map(|p| (p.n as f64, p.cpu_seconds))
        .collect();
    if usable.len() < MIN_POINTS {
        return Err(Unfit::TooFew {
            usable: usable.len(),
            growing: 0,
        });
    }
    let overhead = overhead(&usable);
    let growing = growing(&usable, overhead);
    if growing.len() < MIN_GROWING {
        return slow_growth(&usable, growing.len());
    }
    let top = top(&growing);
    let (exponent, half) = exponent(&top, overhead);
    let reference = growing.iter().map(|p| p.0).fold(1.0, f64::max);
    let mut candidates: Vec<Candidate> = Model::ALL
        .iter()
        .map(|&m| candidate(&growing, m, reference))
        .collect();
    candidates.sort_by(|a, b| a.bic.total_cmp(&b.bic));
    let typical = geometric_mean(&top);
    let plausible: Vec<Candidate> = candidates
        .iter()
        .copied()
        .filter(|c| plausible(c.model, exponent, half, typical))
        .collect();
    let best = match plausible.first() {
        Some(_) => nearest(&plausible, exponent, typical),
        None => nearest_plain(&candidates, exponent, typical),
    };
    // The noise is the scatter about one power law through all the growing
    // points, whatever the model and however few the top points.
    let noise = power_law_scatter(&growing, overhead, self::exponent(&growing, overhead).0);
    if noise > MAX_SCATTER {
        return Err(Unfit::Noisy(noise));
    }
    let runner_up = plausible
        .iter()
        .find(|c| c.model != best.model && c.bic - best.bic < CLOSE)
        .map(|c| c.model);
    Ok(Chosen {
        fit: best.fit((exponent, half), reference, &growing),
        runner_up,
    })
}

impl Candidate {
    /// The fit this candidate makes, with the exponent `exponent ± half`, and
    /// its scatter about `points`.
    fn fit(&self, (exponent, half): (f64, f64), reference: f64, points: &[(f64, f64)]) -> Fit {
        Fit {
            model: self.model,
            exponent,
            exponent_low: exponent - half,
            exponent_high: exponent + half,
            overhead: self.overhead,
            scale: self.scale,
            reference,
            scatter: scatter(points, |n| {
                self.overhead + self.scale * self.model.relative(n, reference)
            }),
        }
    }
}

/// The overhead: the fastest time, less the growth a power law through the
/// growing points puts at the smallest size (which a quadratic has even at
/// n = 1000); twice, as the growing points depend on it.
fn overhead(usable: &[(f64, f64)]) -> f64 {
    let (n_min, fastest) = usable
        .iter()
        .copied()
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("usable points");
    let mut overhead = fastest;
    for _ in 0..2 {
        let growing = growing(usable, overhead);
        if growing.len() < MIN_GROWING {
            break;
        }
        let (exponent, _) = exponent(&growing, overhead);
        let (n, t) = growing[growing.len() - 1];
        let at_smallest = (t - overhead) * (n_min / n).powf(exponent.max(0.0));
        overhead = (fastest - at_smallest).max(0.0);
    }
    overhead
}

/// The points at least [`GROWTH_OVER_OVERHEAD`] times `overhead` and
/// [`MIN_GROWTH`] above it.
fn growing(usable: &[(f64, f64)], overhead: f64) -> Vec<(f64, f64)> {
    usable
        .iter()
        .copied()
        .filter(|&(_, t)| t >= GROWTH_OVER_OVERHEAD * overhead && t >= overhead + MIN_GROWTH)
        .collect()
}

/// Too little growth to measure an exponent: over at least [`CONSTANT_SPAN`],
/// `1` or `log n`, whichever the BIC prefers (`log n` by
/// [`LOG_FACTOR_EVIDENCE`]), with the plain log-log slope of the times as the
/// exponent; over a shorter span, too few points.
fn slow_growth(usable: &[(f64, f64)], growing: usize) -> Result<Chosen, Unfit> {
    let (lo, hi) = usable.iter().fold((f64::INFINITY, 0f64), |(lo, hi), p| {
        (lo.min(p.0), hi.max(p.0))
    });
    if hi < CONSTANT_SPAN * lo {
        return Err(Unfit::TooFew {
            usable: usable.len(),
            growing,
        });
    }
    let mut both = [Model::Log, Model::Constant].map(|m| candidate(usable, m, hi));
    both.sort_by(|a, b| a.bic.total_cmp(&b.bic));
    let best = preferred(&both);
    Ok(Chosen {
        fit: best.fit(exponent(usable, 0.0), hi, usable),
        runner_up: None,
    })
}

/// The root mean square of the growing points' relative distance from the
/// power law `overhead + e(n)` with slope `exponent`: the measurements' own
/// noise, whatever the model.
fn power_law_scatter(points: &[(f64, f64)], overhead: f64, exponent: f64) -> f64 {
    let logs: Vec<f64> = points
        .iter()
        .map(|&(n, t)| (t - overhead).ln() - exponent * n.ln())
        .collect();
    let mean = logs.iter().sum::<f64>() / logs.len() as f64;
    let variance = logs.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / logs.len() as f64;
    variance.sqrt()
}

/// Whether `model`'s slope at `n` is within the exponent's interval (widened by
/// [`SLACK`]), and for a `log n` factor, within [`LOG_SPAN`] of its plain power.
/// `n^2 log n` must also rule `n^2` out (the interval above 2): a quadratic
/// loop streams its array once per element, so caches bend it most (the
/// loops measured for BENCHMARKS.md crept to 2.2-2.4), and contest solutions
/// of that order are rare beside quadratic ones.
fn plausible(model: Model, exponent: f64, half: f64, n: f64) -> bool {
    let slope = model.exponent_at(n);
    let within = (exponent - half - SLACK..=exponent + half + SLACK).contains(&slope);
    let explained = match model.refines() {
        Some(plain) => {
            let base = plain.exponent_at(n);
            exponent <= base + LOG_SPAN * (slope - base)
                && (model != Model::QuadraticLog || exponent - half > base)
        }
        None => true,
    };
    within && explained
}

/// The plain power (a model without a `log n` factor) whose slope at `n` is
/// nearest the measured exponent.
fn nearest_plain(candidates: &[Candidate], exponent: f64, n: f64) -> Candidate {
    *candidates
        .iter()
        .filter(|c| c.model.refines().is_none())
        .min_by(|a, b| {
            let d = |c: &Candidate| (c.model.exponent_at(n) - exponent).abs();
            d(a).total_cmp(&d(b))
        })
        .expect("there are plain models")
}

/// The growing points of the largest sizes, within [`TOP_SPAN`] of the largest
/// (all of them when that leaves fewer than [`MIN_GROWING`]): where the growth
/// extrapolated to `--to` is measured, past the sizes where per-run costs
/// (allocation, first touches of memory) still bend the curve.
fn top(growing: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let largest = growing.iter().map(|p| p.0).fold(1.0, f64::max);
    let top: Vec<(f64, f64)> = growing
        .iter()
        .copied()
        .filter(|p| p.0 * TOP_SPAN >= largest)
        .collect();
    if top.len() >= MIN_GROWING {
        top
    } else {
        growing.to_vec()
    }
}

/// The candidate whose slope at `n` is nearest the measured exponent; between
/// equally near ones (a tie), the lower BIC (`sorted` is in BIC order).
fn nearest(sorted: &[Candidate], exponent: f64, n: f64) -> Candidate {
    let distance = |c: &Candidate| (c.model.exponent_at(n) - exponent).abs();
    *sorted
        .iter()
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        .expect("a plausible model")
}

/// The `n` in the middle of `points` in logarithms.
fn geometric_mean(points: &[(f64, f64)]) -> f64 {
    (points.iter().map(|p| p.0.ln()).sum::<f64>() / points.len().max(1) as f64).exp()
}

/// The best candidate by BIC, except that a `log n` factor must earn its place:
/// a log model wins over the plain model below it only by [`LOG_FACTOR_EVIDENCE`].
fn preferred(sorted: &[Candidate]) -> Candidate {
    let best = sorted[0];
    let Some(plain) = best.model.refines() else {
        return best;
    };
    match sorted.iter().find(|c| c.model == plain) {
        Some(p) if p.bic - best.bic < LOG_FACTOR_EVIDENCE => *p,
        _ => best,
    }
}

/// The weighted least-squares fit of `t = a + c * f(n) / f(reference)`, with
/// `a, c >= 0` (the constant model has `c = 0`), and its BIC.
fn candidate(points: &[(f64, f64)], model: Model, reference: f64) -> Candidate {
    let xs: Vec<f64> = points
        .iter()
        .map(|&(n, _)| model.relative(n, reference))
        .collect();
    let ws: Vec<f64> = points.iter().map(|&(_, t)| weight(t)).collect();
    let rss = |a: f64, c: f64| {
        points
            .iter()
            .zip(&xs)
            .zip(&ws)
            .map(|((&(_, t), &x), &w)| w * (t - a - c * x).powi(2))
            .sum::<f64>()
    };
    let (mut sw, mut swx, mut swxx, mut swt, mut swxt) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for ((&(_, t), &x), &w) in points.iter().zip(&xs).zip(&ws) {
        sw += w;
        swx += w * x;
        swxx += w * x * x;
        swt += w * t;
        swxt += w * x * t;
    }
    let only_a = (swt / sw.max(f64::MIN_POSITIVE), 0.0);
    let (a, c) = if model == Model::Constant {
        only_a
    } else {
        let det = sw * swxx - swx * swx;
        let joint = (
            (swt * swxx - swx * swxt) / det,
            (sw * swxt - swx * swt) / det,
        );
        let only_c = (0.0, (swxt / swxx).max(0.0));
        [joint, only_c, only_a]
            .into_iter()
            .filter(|&(a, c)| a.is_finite() && c.is_finite() && a >= 0.0 && c >= 0.0)
            .min_by(|p, q| rss(p.0, p.1).total_cmp(&rss(q.0, q.1)))
            .unwrap_or(only_a)
    };
    let n = points.len().max(1) as f64;
    let k = if model == Model::Constant { 1.0 } else { 2.0 };
    let residual = rss(a, c);
    Candidate {
        model,
        overhead: a,
        scale: c,
        bic: n * (residual / n).max(1e-300).ln() + k * n.ln(),
    }
}

/// The weight of a point measured at `t` seconds: one over its variance.
fn weight(t: f64) -> f64 {
    1.0 / (ABS_NOISE * ABS_NOISE + (REL_NOISE * t).powi(2))
}

/// The root mean square of `measured / fitted - 1`.
fn scatter(points: &[(f64, f64)], fitted: impl Fn(f64) -> f64) -> f64 {
    let sum: f64 = points
        .iter()
        .map(|&(n, t)| (t / fitted(n).max(f64::MIN_POSITIVE) - 1.0).powi(2))
        .sum();
    (sum / points.len().max(1) as f64).sqrt()
}

/// The slope of `ln(t - overhead)` on `ln n` and the half-width of its ~95 %
/// interval (Student's t on the slope's standard error; a two-point line has no
/// scatter to measure, so its interval is from [`REL_NOISE`] alone).
fn exponent(points: &[(f64, f64)], overhead: f64) -> (f64, f64) {
    let xy: Vec<(f64, f64)> = points
        .iter()
        .map(|&(n, t)| (n.ln(), (t - overhead).ln()))
        .collect();
    let m = xy.len() as f64;
    let mx = xy.iter().map(|p| p.0).sum::<f64>() / m;
    let my = xy.iter().map(|p| p.1).sum::<f64>() / m;
    let sxx: f64 = xy.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = xy.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let slope = sxy / sxx;
    let residual: f64 = xy
        .iter()
        .map(|p| (p.1 - my - slope * (p.0 - mx)).powi(2))
        .sum();
    let dof = xy.len().saturating_sub(2);
    // The scatter a line through the points cannot show is at least the
    // measurement's own.
    let variance = (residual / dof.max(1) as f64).max(REL_NOISE * REL_NOISE);
    let se = (variance / sxx).sqrt();
    (slope, student_t(dof) * se)
}

/// Student's t for a two-sided 95 % interval with `dof` degrees of freedom.
fn student_t(dof: usize) -> f64 {
    const TABLE: [f64; 10] = [12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23];
    match dof {
        0 => TABLE[0],
        d if d <= TABLE.len() => TABLE[d - 1],
        d if d < 20 => 2.15,
        d if d < 40 => 2.05,
        _ => 1.98,
    }
}

#[cfg(test)]
mod tests;
