//! The judge's crates depend one way, as CONTRIBUTING.md ("Crates") draws them:
//! a crate uses only crates of a lower layer, never one beside or above it.

use std::collections::BTreeMap;
use std::path::Path;

/// The judge's crates, bottom layer first. A crate may depend on crates of lower
/// layers only; a new crate under `harness/` must be given its layer here.
const LAYERS: &[&[&str]] = &[
    // Leaves: the comparison loops, the sandbox, the launcher's cargo filter.
    &["judge-compare", "judge-sandbox", "judge-launcher"],
    // Problems and results as data.
    &["judge-model"],
    // Readers of problem formats into the model.
    &["judge-formats"],
    // Planning, building, running, checking, classifying, the one runner; and
    // the reporters: neither knows the other.
    &["judge-engine", "judge-report"],
    // The bundler.
    &["judge-bundle"],
    // The workflows below the command line: each returns a typed outcome.
    &["judge-workflows"],
    // The command line (`judge`).
    &["harness"],
    // This repository's benchmarks, on top of everything (not part of the judge).
    &["judge-bench"],
];

/// Crates held to fewer judge crates than their layer allows: the reporters read
/// the model (results, the `Sink`, the diff's excerpt) and the comparison crate's
/// tokens a rejection holds, to word them, so they can never run or build
/// anything, as ripgrep's printer cannot search. The readers of
/// problem formats use the model only too: they read files and start no process
/// (no engine, no sandbox). The model needs only the comparison crate's record of
/// a rejection.
const ONLY: &[(&str, &[&str])] = &[
    ("judge-report", &["judge-model", "judge-compare"]),
    ("judge-formats", &["judge-model"]),
    ("judge-model", &["judge-compare"]),
];

/// The workspace's packages as `cargo metadata` gives them.
fn metadata() -> serde_json::Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(&root)
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON")
}

/// Each judge crate's layer, by package name.
fn layer_of() -> BTreeMap<&'static str, usize> {
    LAYERS
        .iter()
        .enumerate()
        .flat_map(|(i, layer)| layer.iter().map(move |name| (*name, i)))
        .collect()
}

/// Every (crate, dependency) pair between judge crates that does not point down,
/// or that a crate in [`ONLY`] may not use, for `packages` as `cargo metadata`
/// lists them (every kind of dependency: normal, build and dev).
fn upward_edges(packages: &[serde_json::Value]) -> Vec<String> {
    let layers = layer_of();
    let mut wrong = Vec::new();
    for package in packages {
        let name = package["name"].as_str().unwrap();
        let Some(&own) = layers.get(name) else {
            continue;
        };
        let only = ONLY.iter().find(|(n, _)| *n == name).map(|(_, deps)| *deps);
        for dep in package["dependencies"].as_array().unwrap() {
            let dep = dep["name"].as_str().unwrap();
            let Some(&theirs) = layers.get(dep) else {
                continue;
            };
            if theirs >= own {
                wrong.push(format!("{name} (layer {own}) -> {dep} (layer {theirs})"));
            } else if only.is_some_and(|allowed| !allowed.contains(&dep)) {
                wrong.push(format!(
                    "{name} -> {dep} (it may use only {})",
                    only.unwrap().join(", ")
                ));
            }
        }
    }
    wrong
}

#[test]
fn every_judge_crate_depends_only_on_lower_layers() {
    let meta = metadata();
    let packages = meta["packages"].as_array().unwrap();
    let wrong = upward_edges(packages);
    assert!(
        wrong.is_empty(),
        "dependencies that point up or sideways: {wrong:#?}"
    );
}

#[test]
fn every_crate_under_harness_has_a_layer() {
    let meta = metadata();
    let layers = layer_of();
    for package in meta["packages"].as_array().unwrap() {
        let manifest = package["manifest_path"].as_str().unwrap();
        let name = package["name"].as_str().unwrap();
        if manifest.contains("/harness/") {
            assert!(
                layers.contains_key(name),
                "{name} ({manifest}) has no layer in tests/cli/crates.rs"
            );
        }
    }
}

#[test]
fn a_dependency_on_a_higher_or_sibling_crate_is_reported() {
    // The rule itself, on made-up manifests: the model using the engine (up),
    // the engine using a reporter (sideways), the engine using the readers and
    // the model (down).
    let packages: Vec<serde_json::Value> = serde_json::from_str(
        r#"[
            {"name": "judge-model", "dependencies": [{"name": "judge-engine"}]},
            {"name": "judge-engine", "dependencies": [{"name": "judge-report"}]},
            {"name": "judge-engine", "dependencies": [{"name": "judge-formats"}, {"name": "judge-model"}, {"name": "anyhow"}]}
        ]"#,
    )
    .unwrap();
    assert_eq!(
        upward_edges(&packages),
        [
            "judge-model (layer 1) -> judge-engine (layer 3)",
            "judge-engine (layer 3) -> judge-report (layer 3)",
        ]
    );
}

#[test]
fn the_reporters_depending_on_a_reader_is_reported() {
    // A lower layer, but not the model: a reporter that could read a problem.
    let packages: Vec<serde_json::Value> = serde_json::from_str(
        r#"[
            {"name": "judge-report", "dependencies": [{"name": "judge-formats"}, {"name": "judge-model"}, {"name": "serde"}]},
            {"name": "judge-model", "dependencies": [{"name": "judge-sandbox"}, {"name": "judge-compare"}]}
        ]"#,
    )
    .unwrap();
    assert_eq!(
        upward_edges(&packages),
        [
            "judge-report -> judge-formats (it may use only judge-model, judge-compare)",
            "judge-model -> judge-sandbox (it may use only judge-compare)",
        ]
    );
}

#[test]
fn the_readers_depending_on_the_engine_or_the_sandbox_is_reported() {
    // A reader that could run a program: the engine is above it, the sandbox
    // below it but not the model.
    let packages: Vec<serde_json::Value> = serde_json::from_str(
        r#"[
            {"name": "judge-formats", "dependencies": [{"name": "judge-engine"}, {"name": "judge-sandbox"}, {"name": "judge-model"}, {"name": "roxmltree"}]}
        ]"#,
    )
    .unwrap();
    assert_eq!(
        upward_edges(&packages),
        [
            "judge-formats (layer 2) -> judge-engine (layer 3)",
            "judge-formats -> judge-sandbox (it may use only judge-model)",
        ]
    );
}
