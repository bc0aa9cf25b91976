//! The isolated keeper's side of isolation: the namespaces it enters once, the
//! filesystem view it builds once, and the per-run binds.
//!
//! An isolated keeper is forked by the server into a new PID namespace (it is the
//! namespace's init, so its programs see no process outside their run and cannot
//! signal it: an init ignores signals it has no handler for), and then unshares a
//! network namespace (only an unconfigured loopback: no connection anywhere), an
//! IPC namespace and a mount namespace. In the mount namespace it builds a root
//! of its own on a tmpfs, the way bubblewrap does: a tmpfs is mounted over `/tmp`
//! and made the root with `pivot_root`, so the host's tree stays reachable to the
//! keeper under `/oldroot` (and only to the keeper: programs are chrooted into
//! `/jail` beside it). `/jail` holds read-only binds of the system's program and
//! library folders (`/usr`, `/bin`, `/lib*`, `/etc`, `/opt`, ...), a few device
//! files, a `/proc` of the keeper's PID namespace, a `/tmp` and a `/box` that
//! are emptied after every run, and per run the binds the judge asks for (the
//! program itself when it lives outside those folders, a script, a checker's
//! files). The testdata, the package, the workspace and the home are not there.
//! Programs see `/jail` read-only but for that `/tmp` and `/box`, so no run leaves
//! a file there for a later one (the keeper writes the tmpfs through `/raw`).
//!
//! Each program then runs as an unprivileged user: when the judge is root, a uid
//! of its keeper's own (2^24 + the keeper's pid, as isolate gives each box one)
//! and gid 65534 (`nogroup`); the judge's own uid, in a user namespace, otherwise.
//! Where the kernel refuses a namespace, the keeper goes on without it and tells
//! the judge which protection is missing ([`MISSING_NAMES`]).

#![allow(unsafe_code)] // mount, pivot_root, unshare and chown have no safe std API.

use std::collections::HashSet;
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt as _;
use std::path::{Path, PathBuf};

use super::Bind;

/// Where the programs' root is, in the keeper's view.
pub(super) const JAIL: &str = "/jail";
/// Where the host's root is, in the keeper's view.
const OLD_ROOT: &str = "/oldroot";
/// The jail's tmpfs as the keeper writes it: [`JAIL`] itself is a read-only
/// view (in a user namespace a program has the keeper's uid, which owns the
/// jail's folders), so the keeper makes mount points and removes them here.
const RAW: &str = "/raw";
/// The program's working folder, in its own view.
pub(super) const WORK: &str = "/box";

/// Protection bits a keeper reports as missing.
pub(super) const NO_UID: u32 = 1;
/// No network namespace.
pub(super) const NO_NET: u32 = 2;
/// No filesystem view (mount namespace or its setup refused).
pub(super) const NO_FS: u32 = 4;
/// No PID namespace.
pub(super) const NO_PID: u32 = 8;

/// What each missing bit means, for the judge's one warning.
pub const MISSING_NAMES: [(u32, &str); 4] = [
    (
        NO_UID,
        "runs as the judge's user (no unprivileged uid or user namespace)",
    ),
    (NO_NET, "network (no network namespace)"),
    (
        NO_FS,
        "files (no mount namespace: the program sees the judge's files)",
    ),
    (
        NO_PID,
        "processes (no PID namespace: other processes are visible)",
    ),
];

/// Device files bound into `/jail/dev`.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// The isolated keeper's state.
pub(super) struct Jail {
    /// The program's uid and gid.
    pub uid: u32,
    pub gid: u32,
    /// The judge is root: the program switches to `uid`/`gid` before exec.
    pub switch_user: bool,
    /// The program's processes are counted apart from everyone else's (a uid of
    /// this keeper's own, or a user namespace of its own), so `RLIMIT_NPROC`
    /// bounds this run's processes and no other's.
    pub counted_alone: bool,
    /// The filesystem view is built: programs chroot into [`JAIL`].
    pub fs: bool,
    /// The keeper is init of its own PID namespace, with this pid in the host's.
    pub host_pid: Option<i32>,
    /// Missing protections (the bits above).
    pub missing: u32,
    /// Binds kept from run to run (programs and their runtimes, scripts).
    kept: HashSet<PathBuf>,
    /// This run's binds, removed after it.
    transient: Vec<PathBuf>,
    /// The files and folders [`mount_point`] made for binds (in the keeper's
    /// view), removed once no run's bind lies in them ([`Jail::unmake_but`]).
    made: HashSet<PathBuf>,
    /// The work folder as made for the runs, while it is there untouched.
    work: Option<Stamp>,
    /// The jail's `/tmp` as it was left empty, while it is.
    tmp: Option<Stamp>,
}

fn cstr(p: &Path) -> CString {
    CString::new(p.as_os_str().as_bytes()).unwrap_or_default()
}

/// mount(2) with C strings; true on success.
fn mount(src: Option<&Path>, dst: &Path, fstype: Option<&str>, flags: u64, data: &str) -> bool {
    let src = src.map(cstr);
    let dst = cstr(dst);
    let fstype = fstype.map(|t| CString::new(t).unwrap_or_default());
    let data = CString::new(data).unwrap_or_default();
    // SAFETY: valid C strings or nulls.
    unsafe {
        libc::mount(
            src.as_ref().map_or(std::ptr::null(), |s| s.as_ptr()),
            dst.as_ptr(),
            fstype.as_ref().map_or(std::ptr::null(), |s| s.as_ptr()),
            flags as libc::c_ulong,
            if data.is_empty() {
                std::ptr::null()
            } else {
                data.as_ptr().cast()
            },
        ) == 0
    }
}

/// Unmounts a bind we made at `dst`, lazily (`MNT_DETACH`): it leaves the view at
/// once, even while something still holds a file of it. False if nothing was
/// mounted there.
fn unmount(dst: &Path) -> bool {
    let c = cstr(dst);
    // SAFETY: umount2 on a valid C string.
    unsafe { libc::umount2(c.as_ptr(), libc::MNT_DETACH) == 0 }
}

/// Binds `src` at `dst` (which exists), read-only unless `write`, never setuid or
/// device files. The remount keeps the flags the kernel locks on the source.
fn bind(src: &Path, dst: &Path, write: bool) -> bool {
    bind_as(src, dst, write, libc::MS_NODEV)
}

/// Binds one of [`DEVICES`]: a device file that opens as one (a bind with
/// `nodev` leaves `/dev/null` a file no one may open, and `echo x > /dev/null`
/// fails with `EACCES`), writable, still never setuid.
fn bind_device(src: &Path, dst: &Path) -> bool {
    bind_as(src, dst, true, 0)
}

/// [`bind`] with `nodev` (`libc::MS_NODEV`) or not (0).
fn bind_as(src: &Path, dst: &Path, write: bool, nodev: libc::c_ulong) -> bool {
    if !mount(Some(src), dst, None, libc::MS_BIND | libc::MS_REC, "") {
        return false;
    }
    // SAFETY: statvfs into a zeroed struct on a valid path.
    let locked = unsafe {
        let mut st: libc::statvfs = std::mem::zeroed();
        let c = cstr(dst);
        if libc::statvfs(c.as_ptr(), &mut st) == 0 {
            st.f_flag
                & (libc::ST_NOEXEC | libc::ST_NOSUID | libc::ST_NODEV | libc::ST_NOATIME)
                    as libc::c_ulong
        } else {
            0
        }
    };
    let mut flags = libc::MS_BIND | libc::MS_REMOUNT | libc::MS_NOSUID | nodev;
    if locked & libc::ST_NODEV as libc::c_ulong != 0 {
        flags |= libc::MS_NODEV;
    }
    if locked & libc::ST_NOEXEC as libc::c_ulong != 0 {
        flags |= libc::MS_NOEXEC;
    }
    if locked & libc::ST_NOATIME as libc::c_ulong != 0 {
        flags |= libc::MS_NOATIME;
    }
    if !write {
        flags |= libc::MS_RDONLY;
    }
    mount(None, dst, None, flags, "")
}

/// Creates `dst`'s missing parents (root's, 0755) and `dst` itself as an empty
/// file or folder to mount on, like `src`, adding each one it creates to `made`.
fn mount_point(src: &Path, dst: &Path, made: &mut HashSet<PathBuf>) -> bool {
    // Already there (through a folder bound before it): bind on top of it.
    if dst.symlink_metadata().is_ok() {
        return true;
    }
    let missing: Vec<&Path> = dst
        .ancestors()
        .skip(1)
        .take_while(|a| a.symlink_metadata().is_err())
        .collect();
    for dir in missing.into_iter().rev() {
        if std::fs::create_dir(raw(dir)).is_ok() {
            made.insert(dir.to_path_buf());
        }
    }
    let made_dst = if src.is_dir() {
        std::fs::create_dir(raw(dst)).is_ok()
    } else {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(raw(dst))
            .is_ok()
    };
    if made_dst {
        made.insert(dst.to_path_buf());
    }
    made_dst || dst.symlink_metadata().is_ok()
}

/// Whether `p` is a plain entry of the jail's own tmpfs (whose device is `root`):
/// neither it nor a folder above it up to [`JAIL`] is a link, and none is on
/// another file system (a bind, the host's files). Only such an entry is ever
/// removed, so a removal never reaches a bound file of the host.
fn jails_own(p: &Path, root: u64) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    p.ancestors().take_while(|a| a.starts_with(JAIL)).all(|a| {
        std::fs::symlink_metadata(a).is_ok_and(|m| !m.file_type().is_symlink() && m.dev() == root)
    })
}

/// The host path `p` in the keeper's view.
fn host(p: &Path) -> PathBuf {
    Path::new(OLD_ROOT).join(p.strip_prefix("/").unwrap_or(p))
}

/// `p` inside the jail, in the keeper's view.
pub(super) fn inside(p: &Path) -> PathBuf {
    Path::new(JAIL).join(p.strip_prefix("/").unwrap_or(p))
}

/// The jail's path `p` (under [`JAIL`]) where the keeper writes it: the same
/// file of the tmpfs, without the binds on it.
fn raw(p: &Path) -> PathBuf {
    Path::new(RAW).join(p.strip_prefix("/").unwrap_or(p))
}

/// Folders every isolated program sees read-only, bound whole into the jail (the
/// judge's side, `isolation`, asks [`in_system`] which paths need no bind of their own).
const SYSTEM: [&str; 10] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/nix",
];

/// Whether `p` is under a system folder bound whole.
pub(super) fn in_system(p: &Path) -> bool {
    SYSTEM.iter().any(|s| p.starts_with(s))
}

/// `nobody`: the gid of every isolated program when the judge is root, and its
/// uid where a keeper's own cannot be had (no PID namespace).
const NOBODY: u32 = 65534;

/// The first of the uids given to keepers (this plus the keeper's host pid, so
/// under 2^24 + 2^22): far above any account's uid and below the 2^31 that some
/// tools still read as negative.
const RUN_UIDS: u32 = 1 << 24;

impl Jail {
    /// Enters the namespaces and builds the view; called once in a new keeper.
    /// `user_ns`: the server forked it into a new user namespace (a judge that is
    /// not root) and ran as this uid and gid, which this maps to themselves.
    pub(super) fn enter(user_ns: Option<(u32, u32)>) -> Jail {
        // SAFETY: plain system calls on our own process.
        let euid = unsafe { libc::geteuid() };
        let root = euid == 0 && user_ns.is_none();
        let mut missing = 0;
        if let Some((outer_uid, outer_gid)) = user_ns {
            let _ = std::fs::write("/proc/self/setgroups", "deny");
            let ok = std::fs::write("/proc/self/uid_map", format!("{outer_uid} {outer_uid} 1"))
                .is_ok()
                && std::fs::write("/proc/self/gid_map", format!("{outer_gid} {outer_gid} 1"))
                    .is_ok();
            if !ok {
                missing |= NO_UID;
            }
        } else if !root {
            missing |= NO_UID;
        }
        let refuse = super::refused;
        // SAFETY: unshare on our own single-threaded process.
        if refuse("net") || unsafe { libc::unshare(libc::CLONE_NEWNET) } != 0 {
            missing |= NO_NET;
        }
        // SAFETY: as above; an IPC namespace only hides System V objects.
        unsafe { libc::unshare(libc::CLONE_NEWIPC) };
        // SAFETY: getpid.
        let in_pid_ns = unsafe { libc::getpid() } == 1;
        let fs = !refuse("fs") && build_view(in_pid_ns);
        if !fs {
            missing |= NO_FS;
        }
        if !in_pid_ns {
            missing |= NO_PID;
        }
        let host_pid = (in_pid_ns && fs)
            .then(|| std::fs::read_link(host(Path::new("/proc/self"))).ok())
            .flatten()
            .and_then(|p| p.to_str()?.parse().ok());
        if in_pid_ns && host_pid.is_none() {
            // Without the host's pid of our programs the judge cannot look at them
            // (the interactive deadlock rule): say so rather than misreport.
            missing |= NO_PID;
        }
        // SAFETY: prctl on ourselves: a program of the same uid (a user namespace)
        // must not reach the host's tree through /proc/1/root.
        unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0) };
        // As root, a uid of this keeper's own (isolate gives each box one, from
        // CONFIG_ISOLATE_FIRST_UID): no two runs share a uid, so one cannot
        // signal another's processes, and RLIMIT_NPROC, counted per uid, bounds
        // this run's processes alone. A keeper's host pid is unique while it lives.
        let own_uid = host_pid.and_then(|p| RUN_UIDS.checked_add(u32::try_from(p).ok()?));
        // SAFETY: getting our own ids.
        let (uid, gid) = match (root, own_uid) {
            (true, Some(uid)) => (uid, NOBODY),
            (true, None) => (NOBODY, NOBODY),
            _ => unsafe { (libc::geteuid(), libc::getegid()) },
        };
        let mapped = user_ns.is_some() && missing & NO_UID == 0;
        Jail {
            uid,
            gid,
            switch_user: root,
            counted_alone: (root && own_uid.is_some()) || mapped,
            fs,
            host_pid,
            missing,
            kept: HashSet::new(),
            transient: Vec::new(),
            made: HashSet::new(),
            work: None,
            tmp: None,
        }
    }

    /// Where the keeper reads its children: the jail's `/proc`.
    pub(super) fn children_file(&self) -> String {
        // SAFETY: getpid.
        let pid = unsafe { libc::getpid() };
        format!("{JAIL}/proc/self/task/{pid}/children")
    }

    /// The host's pid of our only child (just started), if we are in a PID namespace.
    pub(super) fn host_pid_of_child(&self, pid: i32) -> i32 {
        let Some(me) = self.host_pid else {
            return pid;
        };
        let file = host(Path::new(&format!("/proc/{me}/task/{me}/children")));
        std::fs::read_to_string(file)
            .ok()
            .and_then(|s| s.split_whitespace().next()?.parse().ok())
            .unwrap_or(pid)
    }

    /// Makes this run's binds; false if one could not be made (the run must not
    /// start without what it was promised).
    pub(super) fn bind_all(&mut self, binds: &[Bind]) -> bool {
        if !self.fs {
            return true;
        }
        self.drop_kept_but(binds);
        self.unmake_but(binds);
        for b in binds {
            if self.kept.contains(&b.path) || in_system(&b.path) {
                continue;
            }
            let (src, dst) = (host(&b.real), inside(&b.path));
            if !mount_point(&src, &dst, &mut self.made) || !bind(&src, &dst, b.write) {
                return false;
            }
            if b.write && self.switch_user {
                // The folder the judge made for this run, and what it put there (a
                // multi-pass run's feedback carried over): the program's to write.
                let entries = std::fs::read_dir(&src).into_iter().flatten().flatten();
                for path in std::iter::once(src.clone()).chain(entries.map(|e| e.path())) {
                    let c = cstr(&path);
                    // SAFETY: lchown on a valid C string (a link itself, never its target).
                    unsafe { libc::lchown(c.as_ptr(), self.uid, self.gid) };
                }
            }
            if b.keep {
                self.kept.insert(b.path.clone());
            } else {
                self.transient.push(dst);
            }
        }
        true
    }

    /// Unmounts the kept binds this run does not name: a bind is kept so that the
    /// next run of the same program (the next case) finds it made, not so that
    /// another program run later by this keeper sees it. A submission verified
    /// after an accepted one would otherwise find the accepted one's source in
    /// its `/proc/self/mountinfo` and run it.
    fn drop_kept_but(&mut self, binds: &[Bind]) {
        let wanted: HashSet<&Path> = binds
            .iter()
            .filter(|b| b.keep)
            .map(|b| b.path.as_path())
            .collect();
        let unwanted: Vec<&PathBuf> = self
            .kept
            .iter()
            .filter(|p| !wanted.contains(p.as_path()))
            .collect();
        // The binds inside an unwanted one go with it, wanted or not (a lazy
        // unmount takes those made on it along), and this run binds the wanted
        // ones again.
        let mut gone: Vec<PathBuf> = self
            .kept
            .iter()
            .filter(|k| unwanted.iter().any(|u| k.starts_with(u)))
            .cloned()
            .collect();
        if gone.is_empty() {
            return;
        }
        // Deepest first, and again while any goes: a bind made before the one it
        // lies in is under that one, not on it, and shows once that one is gone.
        gone.sort_by_key(|p| std::cmp::Reverse(p.components().count()));
        let mut any = true;
        while any {
            any = false;
            for path in &gone {
                while unmount(&inside(path)) {
                    any = true;
                }
            }
        }
        self.kept.retain(|k| !gone.contains(k));
    }

    /// Removes the mount points [`mount_point`] made (deepest first) in which no
    /// bind of this run lies, once nothing is bound on them: a program run later
    /// must not see the paths of another's files (`.../submissions/accepted/x.py`)
    /// any more than their contents. Done before a run rather than after the last
    /// one, so the next run of the same program (a checker's next case, in the
    /// same folders) finds them made; nothing runs in the jail in between.
    fn unmake_but(&mut self, binds: &[Bind]) {
        use std::os::unix::fs::MetadataExt as _;
        if self.made.is_empty() {
            return;
        }
        let wanted: Vec<PathBuf> = binds
            .iter()
            .filter(|b| !in_system(&b.path))
            .map(|b| inside(&b.path))
            .collect();
        let mut stale: Vec<PathBuf> = self
            .made
            .iter()
            .filter(|m| !wanted.iter().any(|w| w.starts_with(m)))
            .cloned()
            .collect();
        if stale.is_empty() {
            return;
        }
        let Ok(root) = std::fs::symlink_metadata(JAIL).map(|m| m.dev()) else {
            return;
        };
        stale.sort_by_key(|p| std::cmp::Reverse(p.components().count()));
        for p in stale {
            match std::fs::symlink_metadata(&p) {
                // Gone already (made in `/tmp`, emptied after a run).
                Err(_) => {
                    self.made.remove(&p);
                }
                Ok(m) if jails_own(&p, root) => {
                    let removed = if m.is_dir() {
                        std::fs::remove_dir(raw(&p))
                    } else {
                        std::fs::remove_file(raw(&p))
                    };
                    if removed.is_ok() {
                        self.made.remove(&p);
                    }
                }
                // Still under a bind: left for a later run, never removed through it.
                Ok(_) => {}
            }
        }
    }

    /// A fresh work folder for a run (the program's [`WORK`], a writable bind in
    /// the read-only jail): as the last run left it when [`Jail::clean`] found it
    /// untouched, else emptied and given to the program's uid again.
    pub(super) fn fresh_work(&mut self) -> std::io::Result<PathBuf> {
        let dir = inside(Path::new(WORK));
        if self.work.is_some() {
            return Ok(dir);
        }
        empty(&dir);
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755))?;
        let c = cstr(&dir);
        // SAFETY: chown of the jail's own folder.
        if unsafe { libc::chown(c.as_ptr(), self.uid, self.gid) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        self.work = Stamp::of(&dir);
        Ok(dir)
    }

    /// After a run: its binds removed, `/box` and `/tmp` emptied. A folder whose
    /// stamp shows the program never touched it is left as it is (most runs
    /// write nothing: one `statx` each instead of a removal, a listing and a new
    /// folder).
    pub(super) fn clean(&mut self) {
        for dst in self.transient.drain(..).rev() {
            unmount(&dst);
        }
        if !self.fs {
            return;
        }
        let work = inside(Path::new(WORK));
        if self.work.is_some() && Stamp::of(&work) != self.work {
            self.work = None;
            empty(&work);
        }
        let tmp = inside(Path::new("/tmp"));
        if self.tmp.is_some() && Stamp::of(&tmp) == self.tmp {
            return;
        }
        empty(&tmp);
        // A program of the keeper's own uid (a user namespace) may have changed
        // its mode: every run gets the same /tmp.
        use std::os::unix::fs::PermissionsExt as _;
        let _ = std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o1777));
        self.tmp = Stamp::of(&tmp);
    }
}

/// Removes everything in the folder `dir` (what a program wrote: only the
/// tmpfs's own files, as a program cannot mount anything in the keeper's view).
fn empty(dir: &Path) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() && !p.is_symlink() {
            let _ = std::fs::remove_dir_all(&p);
        } else {
            let _ = std::fs::remove_file(&p);
        }
    }
}

/// What shows whether a folder of the jail's tmpfs was touched: its mode and
/// owner, its size (a tmpfs folder grows by a fixed amount per entry, so an
/// emptied one is as big as before), its link count, and its change time (any
/// entry made or removed, any change of mode, owner or attributes sets it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Stamp {
    mode: u32,
    uid: u32,
    gid: u32,
    size: u64,
    nlink: u64,
    ctime: (i64, i64),
}

impl Stamp {
    fn of(p: &Path) -> Option<Stamp> {
        use std::os::unix::fs::MetadataExt as _;
        let m = std::fs::symlink_metadata(p).ok()?;
        m.is_dir().then(|| Stamp {
            mode: m.mode(),
            uid: m.uid(),
            gid: m.gid(),
            size: m.size(),
            nlink: m.nlink(),
            ctime: (m.ctime(), m.ctime_nsec()),
        })
    }
}

/// The mount namespace and the programs' root; false if anything was refused (and
/// then the keeper's view is the host's again).
fn build_view(in_pid_ns: bool) -> bool {
    // SAFETY: unshare on our own single-threaded process.
    if unsafe { libc::unshare(libc::CLONE_NEWNS) } != 0 {
        return false;
    }
    if !mount(
        None,
        Path::new("/"),
        None,
        libc::MS_REC | libc::MS_PRIVATE,
        "",
    ) {
        return false;
    }
    // A tmpfs over /tmp becomes the root; the host's tree moves to /oldroot, and
    // its /tmp is no longer covered once the tmpfs has moved to the top.
    if !mount(
        Some(Path::new("tmpfs")),
        Path::new("/tmp"),
        Some("tmpfs"),
        libc::MS_NOSUID | libc::MS_NODEV,
        // Bounded: a tmpfs holds its files in memory that no limit of the
        // program counts, half the machine's by default, so files written in
        // `/tmp` or `/box` could take the machine's memory from everyone.
        // Files count up to 1 GiB, and their number to 65536 (an empty one
        // costs an inode in memory).
        "mode=0755,size=1g,nr_inodes=65536",
    ) {
        return false;
    }
    let _ = std::fs::create_dir("/tmp/oldroot");
    let (new_root, put_old) = (c"/tmp", c"/tmp/oldroot");
    // SAFETY: pivot_root with valid paths; chdir to the new root.
    let pivoted = unsafe {
        libc::syscall(libc::SYS_pivot_root, new_root.as_ptr(), put_old.as_ptr()) == 0
            && libc::chdir(c"/".as_ptr()) == 0
    };
    if !pivoted {
        return false;
    }
    if populate(in_pid_ns) {
        return true;
    }
    // Back to the host's view, for programs that run without this protection.
    // SAFETY: chroot into the old root, which we still hold.
    unsafe {
        libc::chroot(c"/oldroot".as_ptr());
        libc::chdir(c"/".as_ptr());
    }
    false
}

/// Fills `/jail`: the system folders, devices, `/proc`, `/tmp` and the work
/// folder, then makes it read-only but for those two ([`seal`]).
fn populate(in_pid_ns: bool) -> bool {
    let jail = Path::new(JAIL);
    if std::fs::create_dir(jail).is_err() {
        return false;
    }
    // The tmpfs alone (no bind), where the keeper writes it: see RAW.
    if std::fs::create_dir(RAW).is_err()
        || !mount(
            Some(Path::new("/")),
            Path::new(RAW),
            None,
            libc::MS_BIND,
            "",
        )
    {
        return false;
    }
    for dir in SYSTEM {
        let src = host(Path::new(dir));
        let dst = inside(Path::new(dir));
        match std::fs::symlink_metadata(&src) {
            Ok(m) if m.file_type().is_symlink() => {
                let Ok(target) = std::fs::read_link(&src) else {
                    return false;
                };
                if std::os::unix::fs::symlink(target, &dst).is_err() {
                    return false;
                }
            }
            Ok(m)
                if m.is_dir()
                    && (std::fs::create_dir(&dst).is_err() || !bind(&src, &dst, false)) =>
            {
                return false;
            }
            _ => {}
        }
    }
    let dev = jail.join("dev");
    let _ = std::fs::create_dir(&dev);
    for name in DEVICES {
        let src = host(&Path::new("/dev").join(name));
        let dst = dev.join(name);
        // Made for good: not in any run's record of mount points to remove.
        let made = &mut HashSet::new();
        if src.exists() && !(mount_point(&src, &dst, made) && bind_device(&src, &dst)) {
            return false;
        }
    }
    for (name, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
        // POSIX shared memory and named semaphores (`shm_open`, `sem_open`:
        // Python's multiprocessing locks) live in /dev/shm: the jail's /tmp,
        // emptied after every run like the rest of it.
        ("shm", "/tmp"),
    ] {
        let _ = std::os::unix::fs::symlink(target, dev.join(name));
    }
    let proc_dir = jail.join("proc");
    let _ = std::fs::create_dir(&proc_dir);
    // In our own PID namespace /proc shows only our runs; without one, at least
    // hide the processes of other users.
    let options = if in_pid_ns { "" } else { "hidepid=2" };
    if !mount(
        Some(Path::new("proc")),
        &proc_dir,
        Some("proc"),
        libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
        options,
    ) {
        return false;
    }
    let tmp = jail.join("tmp");
    if std::fs::create_dir(&tmp).is_err() || std::fs::create_dir(inside(Path::new(WORK))).is_err() {
        return false;
    }
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o1777)).is_ok() && seal()
}

/// Makes the jail read-only to its programs, all but `/tmp` and the work folder:
/// a bind of it on itself, remounted read-only, and writable binds of those two
/// on that. As root a program's uid owns nothing of the jail, but in a user
/// namespace it has the keeper's, which owns every folder the keeper made: it
/// could write them (and change their mode), leaving files for later runs.
fn seal() -> bool {
    let jail = Path::new(JAIL);
    bind(jail, jail, false)
        && ["/tmp", WORK].iter().all(|dir| {
            let dir = inside(Path::new(dir));
            bind(&raw(&dir), &dir, true)
        })
}
