//! A run whose standard output is closed early (`gorules-runner | head`) goes on to its end. The checks' lines are
//! printed by libtest-mimic, which panics when a write fails; so on Unix the runner puts a pipe of its own in
//! place of its standard output and copies from it to the real one on a thread, which drops what it cannot write
//! once the reader has gone. The run then finishes, writes its report and baseline and exits with its status, as
//! it would have with its output read to the end (PROTO-7.5).

/// The copy of the runner's standard output, made by [`guard`]; it is finished when the guard is dropped.
pub struct Guard {
    #[cfg(unix)]
    copier: Option<std::thread::JoinHandle<()>>,
}

/// Puts the pipe in place (a [`Guard`] that does nothing if that fails: output then goes to standard output as
/// before).
pub fn guard() -> Guard {
    #[cfg(unix)]
    {
        Guard {
            copier: unix::start(),
        }
    }
    #[cfg(not(unix))]
    {
        Guard {}
    }
}

impl Drop for Guard {
    /// Flushes what was printed and waits until it is copied (or dropped, if the reader has gone): when the run
    /// returns, and also when it panics, so that the lines printed before the panic still reach the output.
    fn drop(&mut self) {
        use std::io::Write;
        let _ = std::io::stdout().flush();
        #[cfg(unix)]
        if let Some(copier) = self.copier.take() {
            unix::close_write_end();
            let _ = copier.join();
        }
    }
}

#[cfg(unix)]
mod unix {
    use std::fs::File;
    use std::io::{Read, Write};
    use std::os::fd::{FromRawFd, RawFd};

    const STDOUT: RawFd = 1;

    /// The pipe in place of standard output, and the thread that copies it to the real one.
    pub(super) fn start() -> Option<std::thread::JoinHandle<()>> {
        let mut ends: [RawFd; 2] = [-1; 2];
        // SAFETY: `pipe` writes two descriptors into the array it is given, which has room for two.
        if unsafe { libc::pipe(ends.as_mut_ptr()) } != 0 {
            return None;
        }
        let [read_end, write_end] = ends;
        // SAFETY: `dup` and `dup2` take and return plain descriptors; every one named here is open.
        let real = unsafe { libc::dup(STDOUT) };
        if real < 0 || unsafe { libc::dup2(write_end, STDOUT) } < 0 {
            // SAFETY: closing descriptors this function opened and owns.
            unsafe {
                libc::close(read_end);
                libc::close(write_end);
                if real >= 0 {
                    libc::close(real);
                }
            }
            return None;
        }
        // SAFETY: `write_end` is now also open as descriptor 1; this copy is no longer needed.
        unsafe { libc::close(write_end) };
        // Engines started later must not hold the read end or the real output open.
        for fd in [read_end, real] {
            // SAFETY: setting the close-on-exec flag of a descriptor this function owns.
            unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
        }
        // SAFETY: each descriptor is open and owned by nothing else; the `File`s now own them.
        let (mut from, mut to) = unsafe { (File::from_raw_fd(read_end), File::from_raw_fd(real)) };
        std::thread::Builder::new()
            .name("stdout".into())
            .spawn(move || {
                let mut buffer = [0u8; 8192];
                let mut open = true;
                loop {
                    match from.read(&mut buffer) {
                        Ok(0) => break,
                        Ok(n) => {
                            if open && to.write_all(&buffer[..n]).is_err() {
                                open = false;
                            }
                        }
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                        Err(_) => break,
                    }
                }
            })
            .ok()
    }

    /// Ends the pipe: descriptor 1 becomes the null device, so the copier reads to the end of what was written.
    pub(super) fn close_write_end() {
        if let Ok(null) = File::options().write(true).open("/dev/null") {
            use std::os::fd::AsRawFd;
            // SAFETY: both descriptors are open; `dup2` replaces descriptor 1, closing its pipe end.
            unsafe { libc::dup2(null.as_raw_fd(), STDOUT) };
        } else {
            // SAFETY: closing descriptor 1, which is the pipe's write end here.
            unsafe { libc::close(STDOUT) };
        }
    }
}
