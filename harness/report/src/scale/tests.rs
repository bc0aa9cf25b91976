use super::*;
use judge_model::scale::{Fit, Model, Prediction};

fn point(n: u64, cpu: f64) -> Point {
    Point {
        n,
        cpu_seconds: cpu,
        memory_bytes: 3 << 20,
        capped: false,
    }
}

/// A sort measured up to 100,000 and predicted at 1,000,000 against 2 s.
fn sorted() -> Scale {
    let fit = Fit {
        model: Model::LinearLog,
        exponent: 1.07,
        exponent_low: 1.02,
        exponent_high: 1.12,
        overhead: 0.001,
        scale: 0.035,
        reference: 100_000.0,
        scatter: 0.02,
    };
    Scale {
        problem: "sorting".into(),
        size_flag: "--n".into(),
        to: 1_000_000,
        seeds: 3,
        time_limit: std::time::Duration::from_secs_f64(2.0),
        memory_limit_bytes: 256 << 20,
        main: Series {
            program: "sorting".into(),
            points: vec![
                point(1000, 0.0012),
                point(10_000, 0.004),
                point(100_000, 0.036),
            ],
            fit: Some(fit),
            prediction: Some(Prediction {
                n: 1_000_000,
                cpu_seconds: 0.41,
                low: 0.35,
                high: 0.48,
                memory_bytes: 12 << 20,
            }),
            verdict: Verdict::Fits { margin: 2.0 / 0.41 },
            stop: Stop::Budget(100_000),
            warnings: vec![],
        },
        against: None,
    }
}

#[test]
fn sizes_are_written_with_thousands_separators() {
    for (n, text) in [
        (0, "0"),
        (999, "999"),
        (1000, "1,000"),
        (1_000_000, "1,000,000"),
    ] {
        assert_eq!(thousands(n), text);
    }
}

#[test]
fn the_conclusion_names_model_exponent_time_limit_and_margin() {
    let s = sorted();
    assert_eq!(
        conclusion(&s.main, &s),
        "n log n (exponent 1.07 ± 0.05): 410 ms (350 ms-480 ms) at n = 1,000,000 \
         against 2 s and 256.0 MiB: fits, 4.9× margin"
    );
}

#[test]
fn a_measured_timeout_is_named_in_the_conclusion() {
    let mut s = sorted();
    s.main.points.push(Point {
        capped: true,
        ..point(200_000, 6.4)
    });
    s.main.verdict = Verdict::Tle;
    assert!(
        conclusion(&s.main, &s).ends_with(": tle (n = 200,000 already took >= 6.4 s)"),
        "{}",
        conclusion(&s.main, &s)
    );
}

#[test]
fn the_json_has_exactly_the_documented_keys() {
    let doc = json(&sorted());
    let keys: Vec<&str> = doc
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut expected = [
        "problem",
        "size_flag",
        "points",
        "fit",
        "prediction",
        "time_limit",
        "memory_limit_bytes",
        "verdict",
    ];
    expected.sort();
    assert_eq!(keys, expected);
    assert_eq!(doc["fit"]["model"], "n log n");
    assert_eq!(doc["points"][2]["n"], 100_000);
    assert_eq!(doc["points"][2]["cpu_seconds"], 0.036);
    assert_eq!(doc["prediction"]["low"], 0.35);
    assert_eq!(doc["verdict"], "fits");
    let keys_of = |v: &Value| -> Vec<String> {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(
        keys_of(&doc["points"][0]),
        ["cpu_seconds", "memory_bytes", "n"]
    );
    assert_eq!(
        keys_of(&doc["fit"]),
        ["exponent", "exponent_high", "exponent_low", "model"]
    );
    assert_eq!(
        keys_of(&doc["prediction"]),
        ["cpu_seconds", "high", "low", "memory_bytes", "n"]
    );
}

#[test]
fn the_drawing_has_a_mark_per_point_the_curve_and_the_limit() {
    let mut s = sorted();
    s.against = Some(Series {
        program: "sorting-brute".into(),
        points: vec![point(1000, 0.002), point(10_000, 0.2)],
        fit: None,
        prediction: None,
        verdict: Verdict::Unsure,
        stop: Stop::TooSlow(10_000),
        warnings: vec![],
    });
    let drawing = svg::svg(&s);
    assert_eq!(drawing.matches("<circle class=\"point\"").count(), 5);
    assert_eq!(drawing.matches("<polyline class=\"fit\"").count(), 1);
    assert_eq!(drawing.matches("<line class=\"limit\"").count(), 1);
    assert!(
        drawing.contains("<title>n = 100,000: 36 ms</title>"),
        "{drawing}"
    );
    assert!(drawing.trim_end().ends_with("</svg>"));
}

#[test]
fn the_terminal_plot_marks_points_curve_and_limit() {
    let plot = plot::terminal(&sorted());
    assert_eq!(plot.matches('*').count(), 3, "{plot}");
    assert!(plot.contains('.'), "{plot}");
    assert!(
        plot.lines().any(|l| l.trim_start().starts_with("limit |-")),
        "{plot}"
    );
    assert!(
        plot.contains("n = 1,000") && plot.contains("1,000,000"),
        "{plot}"
    );
}

#[test]
fn the_limit_s_row_is_labelled_limit_even_at_the_top_of_the_plot() {
    // Points far under the limit: the frame's top (1.5x the limit) and the limit
    // share the first row, which read "3 s |-----" as if the limit were 3 s.
    let mut scale = sorted();
    scale.main.points = vec![point(1000, 0.0004), point(100_000, 0.004)];
    scale.main.prediction.as_mut().unwrap().high = 0.006;
    let plot = plot::terminal(&scale);
    let dashed: Vec<&str> = plot.lines().filter(|l| l.contains("|-")).collect();
    assert_eq!(dashed.len(), 1, "{plot}");
    assert!(dashed[0].trim_start().starts_with("limit |-"), "{plot}");
}

#[test]
fn a_failed_run_stops_the_sizes_with_its_verdict_and_reason_worded() {
    let mut scale = sorted();
    scale.main.stop = Stop::Failed(
        10_000,
        judge_model::judge::Verdict::OLE,
        judge_model::judge::Reason::OutputOver { limit: 64 << 20 },
    );
    let note = stop_note(&scale.main, &scale).unwrap();
    assert!(
        note.starts_with("stopped at n = 10,000: it failed (OLE: "),
        "{note}"
    );
    assert!(note.contains("64"), "{note}");
    assert!(!note.contains('\n'), "{note}");
}
