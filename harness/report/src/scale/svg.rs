//! `target/scale/NAME.svg`: log-log axes with a tick per power of ten, a mark
//! per measured size (`<circle class="point">`; hollow where the run was
//! stopped at the cap), the fitted curve extended to `--to`
//! (`<polyline class="fit">`), and the time limit as a line
//! (`<line class="limit">`); `--against`'s program in a second colour.

use std::fmt::Write as _;

use judge_model::scale::Scale;
use judge_model::units::precise_time;

use super::plot::{Frame, curve_sizes, series};
use super::{conclusion, thousands};

const W: f64 = 720.0;
const H: f64 = 440.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 70.0;
const COLOURS: [&str; 2] = ["#1f77b4", "#d62728"];

/// The drawing as SVG text.
pub fn svg(scale: &Scale) -> String {
    let frame = Frame::of(scale);
    let px = |n: f64| LEFT + frame.x(n) * (W - LEFT - RIGHT);
    let py = |t: f64| TOP + (1.0 - frame.y(t)) * (H - TOP - BOTTOM);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" \
         viewBox=\"0 0 {W} {H}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(s, "<rect width=\"{W}\" height=\"{H}\" fill=\"white\"/>");
    let _ = writeln!(
        s,
        "<text x=\"{LEFT}\" y=\"22\" font-size=\"15\" font-weight=\"bold\">{}: CPU time by `{} N` (log-log)</text>",
        escape(&scale.problem),
        escape(&scale.size_flag)
    );
    axes(&mut s, &frame, &px, &py);
    let limit = py(scale.time_limit.as_secs_f64());
    let _ = writeln!(
        s,
        "<line class=\"limit\" x1=\"{LEFT}\" y1=\"{limit:.1}\" x2=\"{:.1}\" y2=\"{limit:.1}\" \
         stroke=\"#444\" stroke-dasharray=\"6 4\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" \
         fill=\"#444\">time limit {}</text>",
        W - RIGHT,
        W - RIGHT - 4.0,
        limit - 5.0,
        precise_time(scale.time_limit.as_secs_f64())
    );
    for (i, (series, colour)) in series(scale).into_iter().zip(COLOURS).enumerate() {
        if let Some(fit) = &series.fit {
            let points: Vec<String> = curve_sizes(&frame, 120)
                .into_iter()
                .map(|n| (px(n), py(fit.cpu_at(n))))
                .filter(|&(_, y)| (TOP - 1.0..=H - BOTTOM + 1.0).contains(&y))
                .map(|(x, y)| format!("{x:.1},{y:.1}"))
                .collect();
            let _ = writeln!(
                s,
                "<polyline class=\"fit\" points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.5\"/>",
                points.join(" ")
            );
        }
        for p in &series.points {
            let fill = if p.capped { "white" } else { colour };
            let _ = writeln!(
                s,
                "<circle class=\"point\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"4\" fill=\"{fill}\" stroke=\"{colour}\">\
                 <title>n = {}: {}{}</title></circle>",
                px(p.n as f64),
                py(p.cpu_seconds).clamp(TOP, H - BOTTOM),
                thousands(p.n),
                if p.capped { ">= " } else { "" },
                precise_time(p.cpu_seconds)
            );
        }
        let _ = writeln!(
            s,
            "<text x=\"{LEFT}\" y=\"{:.1}\" fill=\"{colour}\">{}: {}</text>",
            H - 28.0 + 16.0 * i as f64 - 16.0 * (scale.against.is_some() as u8 as f64),
            escape(&series.program),
            escape(&conclusion(series, scale))
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The axes, a tick and grid line per power of ten of `n` and of seconds, and
/// their labels.
fn axes(s: &mut String, frame: &Frame, px: &impl Fn(f64) -> f64, py: &impl Fn(f64) -> f64) {
    let (bottom, right) = (H - BOTTOM, W - RIGHT);
    let _ = writeln!(
        s,
        "<path d=\"M{LEFT},{TOP} V{bottom} H{right}\" fill=\"none\" stroke=\"black\"/>"
    );
    let (n_lo, n_hi) = frame.sizes();
    let mut p = 10f64.powf(n_lo.log10().ceil());
    while p <= n_hi * 1.0001 {
        let x = px(p);
        let _ = writeln!(
            s,
            "<line x1=\"{x:.1}\" y1=\"{TOP}\" x2=\"{x:.1}\" y2=\"{bottom}\" stroke=\"#ddd\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            bottom + 16.0,
            thousands(p.round() as u64)
        );
        p *= 10.0;
    }
    let (t_lo, t_hi) = frame.times();
    let mut t = 10f64.powf(t_lo.log10().ceil());
    while t <= t_hi {
        let y = py(t);
        let _ = writeln!(
            s,
            "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{right}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            LEFT - 6.0,
            y + 4.0,
            precise_time(t)
        );
        t *= 10.0;
    }
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">n</text>",
        (LEFT + right) / 2.0,
        bottom + 34.0
    );
}

/// `text` with XML's special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
