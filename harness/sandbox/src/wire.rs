//! What the judge and the sandbox server say to each other: the spawn request (one
//! socket message, with the child's descriptors beside it) and the keeper's report
//! (short text lines on a pipe, each written whole).
//!
//! Owns the encoding only; what the fields mean is `sandbox`'s.

use std::ffi::OsString;
use std::os::unix::ffi::{OsStrExt as _, OsStringExt as _};
use std::path::PathBuf;

use super::{Bind, Cwd, ResourceLimits, Spec};

/// Encodes a run request, a spec and the CPU its caller is kept on (see
/// `affinity`), as length-prefixed fields.
pub(super) fn encode(spec: &Spec, cpu: Option<usize>) -> Vec<u8> {
    let mut w = Vec::with_capacity(256);
    put(&mut w, spec.program.as_bytes());
    put_u64(&mut w, spec.args.len() as u64);
    for a in &spec.args {
        put(&mut w, a.as_bytes());
    }
    put_u64(&mut w, u64::from(spec.env_clear));
    put_u64(&mut w, spec.env.len() as u64);
    for (k, v) in &spec.env {
        put(&mut w, k.as_bytes());
        match v {
            Some(v) => {
                put_u64(&mut w, 1);
                put(&mut w, v.as_bytes());
            }
            None => put_u64(&mut w, 0),
        }
    }
    match &spec.cwd {
        Cwd::Inherit => put_u64(&mut w, 0),
        Cwd::Dir(d) => {
            put_u64(&mut w, 1);
            put(&mut w, d.as_os_str().as_bytes());
        }
        Cwd::Fresh(base) => {
            put_u64(&mut w, 2);
            put(&mut w, base.as_os_str().as_bytes());
        }
    }
    let l = &spec.limits;
    for v in [
        l.cpu.map_or(0, |c| c.as_micros().max(1) as u64),
        l.address_space.unwrap_or(0),
        l.file_size.unwrap_or(0),
        l.wall.as_micros() as u64,
    ] {
        put_u64(&mut w, v);
    }
    put_u64(
        &mut w,
        u64::from(spec.isolate)
            | u64::from(spec.report_pid) << 1
            | u64::from(spec.hold_output) << 2,
    );
    put_u64(&mut w, spec.binds.len() as u64);
    for b in &spec.binds {
        put(&mut w, b.path.as_os_str().as_bytes());
        put(&mut w, b.real.as_os_str().as_bytes());
        put_u64(&mut w, u64::from(b.write) | u64::from(b.keep) << 1);
    }
    put_u64(&mut w, cpu.map_or(0, |c| c as u64 + 1));
    w
}

/// Decodes what [`encode`] wrote; `None` for anything malformed.
pub(super) fn decode(bytes: &[u8]) -> Option<(Spec, Option<usize>)> {
    let mut r = Reader(bytes);
    let program = r.os()?;
    let args = (0..r.u64()?).map(|_| r.os()).collect::<Option<Vec<_>>>()?;
    let env_clear = r.u64()? == 1;
    let env = (0..r.u64()?)
        .map(|_| {
            let k = r.os()?;
            let v = if r.u64()? == 1 { Some(r.os()?) } else { None };
            Some((k, v))
        })
        .collect::<Option<Vec<_>>>()?;
    let cwd = match r.u64()? {
        0 => Cwd::Inherit,
        1 => Cwd::Dir(PathBuf::from(r.os()?)),
        2 => Cwd::Fresh(PathBuf::from(r.os()?)),
        _ => return None,
    };
    let nonzero = |v: u64| (v != 0).then_some(v);
    let limits = ResourceLimits {
        cpu: nonzero(r.u64()?).map(std::time::Duration::from_micros),
        address_space: nonzero(r.u64()?),
        file_size: nonzero(r.u64()?),
        wall: std::time::Duration::from_micros(r.u64()?),
    };
    let flags = r.u64()?;
    let (isolate, report_pid, hold_output) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0);
    let binds = (0..r.u64()?)
        .map(|_| {
            let path = PathBuf::from(r.os()?);
            let real = PathBuf::from(r.os()?);
            let how = r.u64()?;
            Some(Bind {
                path,
                real,
                write: how & 1 != 0,
                keep: how & 2 != 0,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let cpu = r.u64()?.checked_sub(1).map(|c| c as usize);
    let spec = Spec {
        program,
        args,
        env_clear,
        env,
        cwd,
        limits,
        isolate,
        binds,
        report_pid,
        hold_output,
    };
    Some((spec, cpu))
}

fn put(w: &mut Vec<u8>, bytes: &[u8]) {
    put_u64(w, bytes.len() as u64);
    w.extend_from_slice(bytes);
}

fn put_u64(w: &mut Vec<u8>, v: u64) {
    w.extend_from_slice(&v.to_le_bytes());
}

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn u64(&mut self) -> Option<u64> {
        let (head, rest) = self.0.split_at_checked(8)?;
        self.0 = rest;
        Some(u64::from_le_bytes(head.try_into().ok()?))
    }

    fn os(&mut self) -> Option<OsString> {
        let n = usize::try_from(self.u64()?).ok()?;
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(OsString::from_vec(head.to_vec()))
    }
}

/// The keeper's report, line by line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Line {
    /// The program is running with this pid (also its process group).
    Started(i32),
    /// The program could not be started: the step that failed and its errno.
    NotStarted(Step, i32),
    /// The program ended and everything it started is reaped.
    Finished {
        /// The raw wait status.
        status: i32,
        /// User CPU in microseconds.
        user_us: u64,
        /// System CPU in microseconds.
        sys_us: u64,
        /// Peak RSS in KiB (`ru_maxrss`).
        maxrss_kib: u64,
        /// Wall time from fork to exit, in microseconds.
        wall_us: u64,
        /// The wall-clock backstop fired.
        wall_exceeded: bool,
        /// The judge asked for the kill (OLE, Ctrl-C, an interactor's decision).
        killed: bool,
    },
}

/// Which step of starting a program failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Creating the fresh working directory.
    Mkdir,
    /// Changing into the working directory.
    Chdir,
    /// Setting a resource limit.
    Rlimit,
    /// `fork` (of the keeper or the program).
    Fork,
    /// `exec`.
    Exec,
    /// Entering the isolation: a bind, the chroot or the unprivileged user.
    Isolate,
}

impl Step {
    fn name(self) -> &'static str {
        match self {
            Step::Mkdir => "mkdir",
            Step::Chdir => "chdir",
            Step::Rlimit => "setrlimit",
            Step::Fork => "fork",
            Step::Exec => "exec",
            Step::Isolate => "isolate",
        }
    }

    fn parse(s: &str) -> Option<Step> {
        [
            Step::Mkdir,
            Step::Chdir,
            Step::Rlimit,
            Step::Fork,
            Step::Exec,
            Step::Isolate,
        ]
        .into_iter()
        .find(|k| k.name() == s)
    }
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Line {
    /// The line as written, newline included.
    pub(super) fn render(&self) -> String {
        match self {
            Line::Started(pid) => format!("started {pid}\n"),
            Line::NotStarted(step, errno) => format!("failed {step} {errno}\n"),
            Line::Finished {
                status,
                user_us,
                sys_us,
                maxrss_kib,
                wall_us,
                wall_exceeded,
                killed,
            } => format!(
                "finished {status} {user_us} {sys_us} {maxrss_kib} {wall_us} {} {}\n",
                u8::from(*wall_exceeded),
                u8::from(*killed)
            ),
        }
    }

    /// Parses one line (without its newline).
    pub(super) fn parse(line: &str) -> Option<Line> {
        let mut words = line.split(' ');
        let line = match words.next()? {
            "started" => Line::Started(words.next()?.parse().ok()?),
            "failed" => Line::NotStarted(Step::parse(words.next()?)?, words.next()?.parse().ok()?),
            "finished" => {
                let mut n = || words.next()?.parse::<u64>().ok();
                Line::Finished {
                    status: i32::try_from(n()?).ok()?,
                    user_us: n()?,
                    sys_us: n()?,
                    maxrss_kib: n()?,
                    wall_us: n()?,
                    wall_exceeded: n()? == 1,
                    killed: n()? == 1,
                }
            }
            _ => return None,
        };
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_survives_the_wire() {
        let spec = Spec {
            program: "sh".into(),
            args: vec!["-c".into(), "exec x".into()],
            env_clear: false,
            env: vec![("A".into(), Some("1".into())), ("B".into(), None)],
            cwd: Cwd::Fresh("/tmp".into()),
            limits: ResourceLimits {
                cpu: Some(std::time::Duration::from_millis(1500)),
                address_space: Some(1 << 28),
                file_size: None,
                wall: std::time::Duration::from_millis(5000),
            },
            isolate: true,
            binds: vec![Bind {
                path: "/x/sol.py".into(),
                real: "/y/sol.py".into(),
                write: false,
                keep: true,
            }],
            report_pid: true,
            hold_output: true,
        };
        for cpu in [None, Some(0), Some(5)] {
            let (back, back_cpu) = decode(&encode(&spec, cpu)).unwrap();
            assert_eq!(format!("{back:?}"), format!("{spec:?}"));
            assert_eq!(back_cpu, cpu);
        }
        assert!(decode(&encode(&spec, None)[..10]).is_none());
    }

    #[test]
    fn report_lines_survive_the_wire() {
        for line in [
            Line::Started(42),
            Line::NotStarted(Step::Exec, 2),
            Line::Finished {
                status: 9,
                user_us: 1,
                sys_us: 2,
                maxrss_kib: 3,
                wall_us: 4,
                wall_exceeded: true,
                killed: false,
            },
        ] {
            let text = line.render();
            assert_eq!(Line::parse(text.trim_end()), Some(line));
        }
    }
}
