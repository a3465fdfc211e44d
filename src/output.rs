//! Standard output, written in one place, so that output lost to a full disk or a broken
//! device cannot pass for success. A reader that went away (`tilewright list | head`) is
//! not a failure: the rest of the output is dropped quietly, as a shell pipeline expects.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU8, Ordering};

/// Every write so far succeeded.
const OPEN: u8 = 0;
/// The reader closed the pipe; nothing more is written.
const CLOSED: u8 = 1;
/// A write failed for another reason (said once on standard error); nothing more is written.
const FAILED: u8 = 2;

static STATE: AtomicU8 = AtomicU8::new(OPEN);

/// Writes `text` to standard output, unless an earlier write was refused.
pub fn write(text: &str) {
    if STATE.load(Ordering::Relaxed) != OPEN {
        return;
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => STATE.store(CLOSED, Ordering::Relaxed),
        Err(e) => {
            STATE.store(FAILED, Ordering::Relaxed);
            say_err!("error: cannot write the output: {e}; free some space or send the output elsewhere");
        }
    }
}

/// The exit status of a command that returned `code`: a success whose output could not be
/// written is a failure (1); any other status stands, since it already says what went wrong.
pub fn status(code: ExitCode) -> ExitCode {
    if STATE.load(Ordering::Relaxed) == FAILED && code == ExitCode::SUCCESS {
        ExitCode::from(1)
    } else {
        code
    }
}

/// Whether standard output is a terminal that takes colours (`NO_COLOR` unset).
pub fn colour() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}
