//! Where a session's lines come from: a pipe or file read as bytes, or a
//! terminal with a prompt, line editing and history (rustyline).

use std::io::{self, BufRead};

/// Where the lines of a session come from.
pub trait Lines {
    /// The next line without its line break; `None` at the end.
    fn next_line(&mut self) -> Option<io::Result<Vec<u8>>>;
    /// Whether a person types them (a prompt, and no echo).
    fn interactive(&self) -> bool;
}

/// Lines from a pipe or a file, read as bytes.
pub struct Piped<R>(pub R);

impl<R: BufRead> Lines for Piped<R> {
    fn next_line(&mut self) -> Option<io::Result<Vec<u8>>> {
        let mut line = Vec::new();
        match self.0.read_until(b'\n', &mut line) {
            Ok(0) => None,
            Ok(_) => {
                while line.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                    line.pop();
                }
                Some(Ok(line))
            }
            Err(e) => Some(Err(e)),
        }
    }

    fn interactive(&self) -> bool {
        false
    }
}

/// Lines typed at a terminal: the `> ` prompt, line editing and history.
pub struct Typed(pub rustyline::DefaultEditor);

impl Lines for Typed {
    fn next_line(&mut self) -> Option<io::Result<Vec<u8>>> {
        use rustyline::error::ReadlineError;
        match self.0.readline("> ") {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.0.add_history_entry(line.as_str());
                }
                Some(Ok(line.into_bytes()))
            }
            // Ctrl-C drops the line being typed; Ctrl-D ends the session.
            Err(ReadlineError::Interrupted) => Some(Ok(Vec::new())),
            Err(ReadlineError::Eof) => None,
            Err(e) => Some(Err(io::Error::other(e))),
        }
    }

    fn interactive(&self) -> bool {
        true
    }
}
