//! Running a JVM under the memory limit, as Kattis and DOMjudge do.
//!
//! Owns the flags a Java or Kotlin program runs with (its heap and thread stack
//! from the memory limit), recognising a command that starts a JVM, and what the
//! sandbox does differently for one: no `RLIMIT_AS`, since a JVM reserves far
//! more address space than it uses (code cache, class space, the heap's and every
//! thread's full size up front) and does not even start under a cap of the
//! memory limit (problemtools' `should_skip_memory_rlimit` for the same reason,
//! JDK-8071445). Its memory is still the measured peak against the limit, and
//! an exhausted heap (`OutOfMemoryError`) is MLE (`judge::allocation_failed`).

use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

use judge_sandbox::Spec;

const MIB: u64 = 1 << 20;

/// The flags of a JVM whose whole process has `memory` bytes, with the initial
/// heap (`-Xms`) as large as the maximum when `fixed_heap` (the judge's own
/// command lines, as Kattis and DOMjudge run Java: fewer collections; not for a
/// command line someone wrote, whose own `-Xms` could then exceed `-Xmx`).
///
/// - The heap is the limit less what the JVM needs beside it, so that a full heap
///   still fits: DOMjudge's `java_javac_detect/run` keeps 64 MiB for the JVM and
///   64 MiB for the stack (`MEMJVM`, `MEMSTACK`); here 64 MiB, or half of a
///   smaller limit (the JVM itself is about 38 MiB resident), so a program runs
///   at any limit from 64 MiB up.
/// - The thread stack is DOMjudge's and Kattis' 64 MiB (`-Xss64m`), or a quarter
///   of a limit below 256 MiB: only the part a deep recursion touches counts.
/// - The serial collector, as both judges run it: one GC thread, no more memory.
/// - The JVM's own errors ("Could not reserve enough space for ... object heap")
///   on stderr, where every RE shows them, not on stdout (HotSpot's default).
pub fn flags(memory: u64, fixed_heap: bool) -> Vec<String> {
    let mib = (memory / MIB).max(2);
    let heap = mib - (mib / 2).min(64);
    let stack = (mib / 4).clamp(1, 64);
    let mut flags = vec![
        "-XX:+UseSerialGC".to_string(),
        "-XX:+DisplayVMOutputToStderr".to_string(),
        format!("-Xss{stack}m"),
    ];
    if fixed_heap {
        flags.push(format!("-Xms{heap}m"));
    }
    flags.push(format!("-Xmx{heap}m"));
    flags
}

/// Whether `name` (a word of a command line) starts a JVM: the `java` or
/// `kotlin` launcher, or the `javac` or `kotlinc` compiler (BAPCtools'
/// `command_supports_memory_limit` names the same four).
fn is_launcher(name: &str) -> bool {
    Path::new(name).file_name().is_some_and(|n| {
        ["java", "kotlin", "javac", "kotlinc"]
            .iter()
            .any(|j| n == *j)
    })
}

/// Whether `command` starts a JVM: its program is one of [`is_launcher`]'s, or it is a
/// shell line (`sh -c LINE`, how `--cmd` runs) with such a word in it.
pub fn runs_jvm(command: &Command) -> bool {
    let program = command.get_program();
    if program != "sh" {
        return program.to_str().is_some_and(is_launcher);
    }
    let mut args = command.get_args();
    args.next() == Some(OsStr::new("-c"))
        && args
            .next()
            .and_then(OsStr::to_str)
            .and_then(crate::shell::words::split)
            .is_some_and(|words| {
                words
                    .iter()
                    .filter_map(|w| w.text.as_deref())
                    .any(is_launcher)
            })
}

/// Whether the command line already sets the heap (`-Xmx`): the judge's own
/// (`package::program`), or one someone wrote with it.
fn sets_heap(command: &Command) -> bool {
    command
        .get_args()
        .filter_map(OsStr::to_str)
        .any(|a| a.split_whitespace().any(|w| w.starts_with("-Xmx")))
}

/// Fits a run of `command` to the JVM it starts, if it starts one: no address-space
/// cap, and a command line that does not size the heap itself gets the
/// [`flags`] of its memory limit through `JDK_JAVA_OPTIONS` (read by the `java`
/// launcher only, before the command line's own options, which win).
pub fn fit(spec: &mut Spec, command: &Command) {
    if !runs_jvm(command) {
        return;
    }
    let memory = spec.limits.address_space.take();
    let named =
        |key: &str| spec.env.iter().any(|(k, _)| k == key) || std::env::var_os(key).is_some();
    if let Some(memory) = memory
        && !sets_heap(command)
        && !named("JDK_JAVA_OPTIONS")
    {
        let options = flags(memory, false).join(" ");
        spec.env
            .push(("JDK_JAVA_OPTIONS".into(), Some(options.into())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_sandbox::RunSpec;

    #[test]
    fn the_heap_leaves_room_for_the_jvm_at_every_limit() {
        #[rustfmt::skip]
        let table: &[(u64, &[&str])] = &[
            // 64 MiB: half for the heap, a quarter for a thread's stack.
            (64, &["-XX:+UseSerialGC", "-XX:+DisplayVMOutputToStderr", "-Xss16m", "-Xms32m", "-Xmx32m"]),
            (128, &["-XX:+UseSerialGC", "-XX:+DisplayVMOutputToStderr", "-Xss32m", "-Xms64m", "-Xmx64m"]),
            // From 128 MiB up: the limit less 64 MiB; DOMjudge's 64 MiB stack.
            (256, &["-XX:+UseSerialGC", "-XX:+DisplayVMOutputToStderr", "-Xss64m", "-Xms192m", "-Xmx192m"]),
            (1024, &["-XX:+UseSerialGC", "-XX:+DisplayVMOutputToStderr", "-Xss64m", "-Xms960m", "-Xmx960m"]),
        ];
        for (mib, want) in table {
            assert_eq!(flags(mib * MIB, true), *want, "{mib} MiB");
        }
        assert_eq!(flags(256 * MIB, false).last().unwrap(), "-Xmx192m");
        assert!(
            !flags(256 * MIB, false)
                .iter()
                .any(|f| f.starts_with("-Xms"))
        );
    }

    #[test]
    fn a_jvm_is_recognised_by_its_launcher_directly_or_in_a_shell_line() {
        let cmd = |program: &str, args: &[&str]| {
            let mut c = Command::new(program);
            c.args(args);
            c
        };
        #[rustfmt::skip]
        let table = [
            (cmd("java", &["-cp", "/x", "Main"]), true),
            (cmd("/usr/lib/jvm/java-17/bin/java", &["Main"]), true),
            (cmd("sh", &["-c", "exec java -cp . Main", "sh"]), true),
            (cmd("sh", &["-c", "cd /x && '/opt/jdk/bin/java' Main", "sh"]), true),
            (cmd("sh", &["-c", "exec kotlin MainKt", "sh"]), true),
            (cmd("javac", &["-d", "/out", "/src/Main.java"]), true),
            (cmd("/usr/bin/kotlinc", &["-d", "/out/program.jar", "/src/main.kt"]), true),
            (cmd("sh", &["-c", "exec '/opt/my jdk/bin/java' Main", "sh"]), true),
            (cmd("sh", &["-c", "exec '/opt/java tools/run' Main", "sh"]), false),
            (cmd("python3", &["java.py"]), false),
            (cmd("sh", &["-c", "exec ./javac-wrapper Main", "sh"]), false),
            (cmd("sh", &["run.sh", "java"]), false),
        ];
        for (command, want) in table {
            assert_eq!(runs_jvm(&command), want, "{command:?}");
        }
    }

    #[test]
    fn a_command_line_without_a_heap_gets_the_limits_flags_and_no_address_space_cap() {
        let limits = judge_sandbox::ResourceLimits {
            cpu: None,
            address_space: Some(256 * MIB),
            file_size: None,
            wall: std::time::Duration::from_secs(1),
        };
        let env_of = |spec: &Spec| {
            spec.env
                .iter()
                .find(|(k, _)| k == "JDK_JAVA_OPTIONS")
                .and_then(|(_, v)| v.clone())
        };
        let mut plain = RunSpec::new("sh");
        plain.args(["-c", "exec java Main", "sh"]);
        let mut spec = Spec::from_run(&plain, limits);
        fit(&mut spec, &plain);
        assert_eq!(spec.limits.address_space, None);
        if std::env::var_os("JDK_JAVA_OPTIONS").is_none() {
            assert_eq!(
                env_of(&spec).unwrap(),
                "-XX:+UseSerialGC -XX:+DisplayVMOutputToStderr -Xss64m -Xmx192m"
            );
        }
        let mut sized = RunSpec::new("java");
        sized.args(["-Xmx100m", "Main"]);
        let mut spec = Spec::from_run(&sized, limits);
        fit(&mut spec, &sized);
        assert_eq!((spec.limits.address_space, env_of(&spec)), (None, None));
        let other = RunSpec::new("./sol");
        let mut spec = Spec::from_run(&other, limits);
        fit(&mut spec, &other);
        assert_eq!(
            (spec.limits.address_space, env_of(&spec)),
            (Some(256 * MIB), None)
        );
    }
}
