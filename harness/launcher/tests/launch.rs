//! The launcher against a stand-in `cargo` (a shell script saying what a real
//! cargo would say), so each behaviour is checked without building the judge.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// A folder with the stand-in cargo and judge, written once before any test
/// spawns anything (a script written while another thread forks can be "busy").
fn scripts() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        use std::os::unix::fs::PermissionsExt;
        // Under target/ (cargo's folder for integration tests' files), not /tmp,
        // so nothing is left behind outside the build.
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("judge-launcher-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        };
        // Says on stderr and stdout what the test asks, records its arguments.
        write(
            "cargo",
            "#!/bin/sh\n\
             printf '%s\\n' \"$@\" > \"$FAKE_ARGS\"\n\
             printf '%b' \"$FAKE_STDERR\" >&2\n\
             printf '%s\\n' \"$FAKE_STDOUT\"\n\
             exit \"${FAKE_EXIT:-0}\"\n",
        );
        // Prints its arguments and one variable `cargo run` would have set, then
        // exits 3 (so the launcher is seen to end with the judge's status).
        write(
            "judge",
            "#!/bin/sh\necho \"judge $* pkg=$CARGO_PKG_NAME\"\nexit 3\n",
        );
        dir
    })
}

fn artifact(exe: &Path) -> String {
    format!(
        r#"{{"reason":"compiler-artifact","package_id":"path+file:///ws/harness#0.1.0","target":{{"kind":["bin"],"name":"judge"}},"executable":"{}","fresh":true}}"#,
        exe.display()
    )
}

/// Runs the launcher with `args` against the stand-in cargo.
fn launch(stderr: &str, exit: i32, args: &[&str], case: &str) -> (Output, String) {
    let dir = scripts();
    let record = dir.join(format!("args-{case}"));
    let out = Command::new(env!("CARGO_BIN_EXE_judge-launcher"))
        .args(args)
        .env("CARGO", dir.join("cargo"))
        .env("FAKE_ARGS", &record)
        .env("FAKE_STDERR", stderr)
        .env("FAKE_STDOUT", artifact(&dir.join("judge")))
        .env("FAKE_EXIT", exit.to_string())
        .output()
        .unwrap();
    let recorded = std::fs::read_to_string(&record).unwrap_or_default();
    (out, recorded)
}

#[test]
fn a_fresh_judge_starts_with_no_build_output_and_gets_the_arguments() {
    let (out, _) = launch(
        "    Finished `judge` profile [optimized] target(s) in 0.05s\\n",
        0,
        &["hdu1846", "--case", "0*"],
        "fresh",
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "judge hdu1846 --case 0* pkg=harness\n"
    );
    assert_eq!(out.status.code(), Some(3), "the judge's own exit status");
}

#[test]
fn a_judge_that_needs_building_shows_cargo_progress() {
    let build = "   Compiling libc v0.2.191\\n   Compiling harness v0.1.0\\n    Finished `judge` profile [optimized] target(s) in 41.2s\\n";
    let (out, _) = launch(build, 0, &["lint"], "build");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        build.replace("\\n", "\n")
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "judge lint pkg=harness\n"
    );
}

#[test]
fn a_judge_that_does_not_compile_is_not_run_and_cargo_status_is_kept() {
    let error = "   Compiling harness v0.1.0\\nerror[E0425]: cannot find value `x`\\n";
    let (out, _) = launch(error, 101, &[], "broken");
    assert_eq!(out.status.code(), Some(101));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert!(String::from_utf8_lossy(&out.stderr).contains("error[E0425]"));
}

#[test]
fn cargo_builds_the_judge_binary_of_the_harness_in_the_judge_profile() {
    let (_, args) = launch("", 0, &[], "args");
    let args: Vec<&str> = args.lines().collect();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .join("Cargo.toml");
    assert_eq!(
        args,
        [
            "build",
            "--profile",
            "judge",
            "--bin",
            "judge",
            "--manifest-path",
            &manifest.display().to_string(),
            "--message-format=json-render-diagnostics"
        ]
    );
}
