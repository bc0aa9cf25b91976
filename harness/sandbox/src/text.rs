//! The keeper's code pages, kept out of the peak memory of the programs it starts.
//!
//! `exec` hands the old memory's high-water mark of resident pages on to the new
//! program's peak (`ru_maxrss`), and a keeper's program is started by a `clone`
//! that shares the keeper's memory, so at `exec` the old memory is the keeper's.
//! Its anonymous data is a few hundred KiB; its code is the judge's and libc's,
//! and a page fault on a file maps up to 16 neighbouring cached pages with it
//! ("fault-around"), so the pages the keeper touches pull in ~1.5 MiB more.
//!
//! Two ways to keep them out, the first where the kernel allows it:
//! - **pinned:** the code mappings are registered with a userfaultfd in
//!   asynchronous write-protect mode (Linux 6.7, `UFFD_FEATURE_WP_ASYNC`). That
//!   changes nothing for reads, but a registered mapping is never faulted around
//!   (`uffd_disable_fault_around` in mm/memory.c), so after one drop only the
//!   pages the keeper really runs come back, and they stay: nothing to do per run.
//! - **dropped:** before each `exec`, every code mapping's page-table entries are
//!   dropped (`MADV_DONTNEED`; the files stay cached), and the keeper faults back
//!   what it uses after. This costs a page-table walk, a TLB flush and the faults
//!   again on every run.

#![allow(unsafe_code)] // madvise, userfaultfd and its ioctls have no safe std API.

use std::os::fd::{AsRawFd as _, FromRawFd as _, OwnedFd};
use std::sync::OnceLock;

/// The file-backed mappings of this process that were never written: the judge's
/// code and its libraries' (`r-xp`), and their read-only data (`r--p` with no
/// anonymous, copied-on-write page: not the relocated `RELRO` part): (start,
/// length). Dropping their page-table entries only means faulting them in again
/// from the page cache.
static TEXT: OnceLock<Vec<(usize, usize)>> = OnceLock::new();

/// Finds the code mappings; called once, before the server forks any keeper.
pub(super) fn find() {
    let _ = TEXT.set(mappings(
        &std::fs::read_to_string("/proc/self/smaps").unwrap_or_default(),
    ));
}

/// The code mappings of an smaps listing.
fn mappings(smaps: &str) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    // The mapping being read: (start, length, perms are droppable if clean).
    let mut current: Option<(usize, usize, bool)> = None;
    for line in smaps.lines() {
        if let Some(kib) = line.strip_prefix("Anonymous:") {
            let clean = kib.trim().trim_end_matches("kB").trim() == "0";
            if let Some((a, len, true)) = current.take()
                && clean
            {
                found.push((a, len));
            }
            continue;
        }
        let mut f = line.split_whitespace();
        let (Some(range), Some(perms)) = (f.next(), f.next()) else {
            continue;
        };
        let Some((a, b)) = range.split_once('-') else {
            continue;
        };
        let (Ok(a), Ok(b)) = (usize::from_str_radix(a, 16), usize::from_str_radix(b, 16)) else {
            continue;
        };
        let file = f.nth(3).is_some_and(|p| p.starts_with('/'));
        let droppable = file && (perms == "r-xp" || perms == "r--p");
        current = Some((a, b.saturating_sub(a), droppable));
    }
    found
}

/// Drops the page-table entries of every code mapping. Only system calls, so the
/// program's side of the `clone` may call it.
pub(super) fn drop_all() {
    for &(start, len) in TEXT.get().map_or(&[][..], Vec::as_slice) {
        // SAFETY: the mappings are read-only files: their pages fault back in.
        unsafe { libc::madvise(start as *mut libc::c_void, len, libc::MADV_DONTNEED) };
    }
}

/// `UFFD_FEATURE_WP_ASYNC` (include/uapi/linux/userfaultfd.h, Linux 6.7): write
/// protection resolved by the kernel itself, and allowed on any kind of memory.
const FEATURE_WP_ASYNC: u64 = 1 << 15;
/// `UFFD_USER_MODE_ONLY`: the only userfaultfd an unprivileged process may make
/// where `vm.unprivileged_userfaultfd` is 0; kernel-mode faults are not ours to
/// handle anyway.
const USER_MODE_ONLY: libc::c_int = 1;
/// `UFFDIO_API` and `UFFDIO_REGISTER` (`_IOWR(0xAA, 0x3F, 24 bytes)` and
/// `_IOWR(0xAA, 0x00, 32 bytes)`).
const UFFDIO_API: libc::c_ulong = 0xc018_aa3f;
const UFFDIO_REGISTER: libc::c_ulong = 0xc020_aa00;
/// `UFFDIO_REGISTER_MODE_WP`.
const MODE_WP: u64 = 1 << 1;

/// Pins the keeper's code: registers every code mapping as described above and
/// drops what fault-around has brought in so far. Returns the userfaultfd, which
/// must stay open (closing it ends the registration; it is close-on-exec, so no
/// program gets it), or `None` where the kernel refuses, and then the caller
/// drops the code before every `exec` instead.
pub(super) fn pin() -> Option<OwnedFd> {
    if super::refused("pin") {
        return None;
    }
    // SAFETY: plain system calls with valid arguments on our own memory; the
    // structs are the kernel's layouts (u64 fields only).
    unsafe {
        let fd = libc::syscall(libc::SYS_userfaultfd, libc::O_CLOEXEC | USER_MODE_ONLY);
        if fd < 0 {
            return None;
        }
        let fd = OwnedFd::from_raw_fd(fd as libc::c_int);
        // struct uffdio_api { api, features, ioctls }
        let mut api = [0xAA_u64, FEATURE_WP_ASYNC, 0];
        if libc::ioctl(fd.as_raw_fd(), UFFDIO_API, api.as_mut_ptr()) != 0
            || api[1] & FEATURE_WP_ASYNC == 0
        {
            return None;
        }
        for &(start, len) in TEXT.get().map_or(&[][..], Vec::as_slice) {
            // struct uffdio_register { range: { start, len }, mode, ioctls }
            let mut register = [start as u64, len as u64, MODE_WP, 0];
            if libc::ioctl(fd.as_raw_fd(), UFFDIO_REGISTER, register.as_mut_ptr()) != 0 {
                return None;
            }
        }
        drop_all();
        Some(fd)
    }
}

#[cfg(test)]
mod tests {
    use super::mappings;

    #[test]
    fn code_mappings_are_clean_read_only_file_mappings() {
        let smaps = "\
55e0000-55e2000 r--p 00000000 fe:00 1   /usr/bin/judge
Anonymous:             0 kB
55e2000-55e9000 r-xp 00002000 fe:00 1   /usr/bin/judge
Anonymous:             0 kB
55e9000-55ea000 r--p 00009000 fe:00 1   /usr/bin/judge
Anonymous:             4 kB
55ea000-55eb000 rw-p 0000a000 fe:00 1   /usr/bin/judge
Anonymous:             4 kB
7f00000-7f01000 rw-p 00000000 00:00 0   [heap]
Anonymous:             4 kB
7f10000-7f11000 r-xp 00000000 00:00 0   [vdso]
Anonymous:             0 kB
7f20000-7f24000 r-xp 00026000 fe:00 2   /usr/lib/libc.so.6
Anonymous:             0 kB
";
        // The relocated read-only part (written once), the data, the heap and
        // the vdso are not code: dropping them would lose what was written.
        assert_eq!(
            mappings(smaps),
            [
                (0x55e0000, 0x2000),
                (0x55e2000, 0x7000),
                (0x7f20000, 0x4000)
            ]
        );
    }
}
