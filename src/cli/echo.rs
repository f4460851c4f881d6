//! The terminal's echo, off while a session computes. Lines typed meanwhile
//! wait in the terminal and the line editor shows them at the next prompt;
//! echoed at once they would land inside the progress bar, and the "^C" the
//! terminal echoes for Ctrl-C would move the bar down a line, leaving a copy
//! of it on screen when it is cleared.

#[cfg(unix)]
mod imp {
    use nix::sys::termios::{LocalFlags, SetArg, Termios, tcgetattr, tcsetattr};
    use std::sync::Mutex;

    /// The settings before the echo went off, while it is off: also what a
    /// process that leaves mid-computation puts back ([`restore`]).
    static SAVED: Mutex<Option<Termios>> = Mutex::new(None);

    pub fn off() {
        // Held from reading the settings to saving them: a `restore` from
        // Ctrl-C's thread cannot come between and find nothing to restore.
        let Ok(mut slot) = SAVED.lock() else {
            return;
        };
        if slot.is_some() {
            return; // already off: what to restore is already kept
        }
        let stdin = std::io::stdin();
        let Ok(saved) = tcgetattr(&stdin) else {
            return; // not a terminal: nothing is echoed
        };
        let mut quiet = saved.clone();
        quiet.local_flags.remove(LocalFlags::ECHO);
        // Applied now, not after a flush: what was typed ahead is kept.
        if tcsetattr(&stdin, SetArg::TCSANOW, &quiet).is_ok() {
            *slot = Some(saved);
        }
    }

    pub fn restore() {
        let saved = SAVED.lock().ok().and_then(|mut slot| slot.take());
        if let Some(saved) = saved {
            let _ = tcsetattr(std::io::stdin(), SetArg::TCSANOW, &saved);
        }
    }
}

#[cfg(not(unix))]
mod imp {
    pub fn off() {}
    pub fn restore() {}
}

pub use imp::restore;

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the echo may go off: only where Ctrl-C is caught, and so the
/// echo turned back on however the session ends.
static ALLOWED: AtomicBool = AtomicBool::new(false);

/// Lets [`Quiet`] turn the echo off: called once Ctrl-C's handler, which
/// restores it on leaving, is in place.
pub fn allow() {
    ALLOWED.store(true, Ordering::SeqCst);
}

/// The echo off until dropped (nothing happens when standard input is not a
/// terminal, or before [`allow`]).
pub struct Quiet(());

impl Quiet {
    pub fn start() -> Quiet {
        if ALLOWED.load(Ordering::SeqCst) {
            imp::off();
        }
        Quiet(())
    }
}

impl Drop for Quiet {
    fn drop(&mut self) {
        imp::restore();
    }
}
