//! Where a position comes from: a file, standard input, `--pos` notation or a
//! `--layout`; read as JSON when it starts with `{`, else as notation. And a
//! batch's requests, read as bytes, line by line as they come.

use super::auction::{self, Start};
use super::batch;
use super::config::Source;
use super::words;
use crate::parse::{json, layout, notation};
use crate::position::reach;
use crate::{Error, Position};
use std::io::{BufRead, BufReader, Cursor, Read};
use std::sync::mpsc::{Receiver, Sender};

/// The text of a position and where it came from.
pub fn read_text(source: &Source) -> Result<(String, String), Error> {
    let (text, origin) = read_raw(source)?;
    // Editors on Windows start UTF-8 files with a byte-order mark: it is not
    // part of the position (else `{` would not be the first character).
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    };
    Ok((text, origin))
}

/// The text of a position (or a voyage's start): refused when there is
/// none, since a parser's caret would point at nothing.
pub fn position_text(source: &Source) -> Result<(String, String), Error> {
    let (text, origin) = read_text(source)?;
    if text
        .trim_matches(|c: char| c.is_whitespace() || c == '\0')
        .is_empty()
    {
        return Err(Error::Usage(format!(
            "{origin}: empty, where a position was expected (JSON, or notation such as r*,b,g 0:r J3 S4 G2)"
        )));
    }
    Ok((text, origin))
}

fn read_raw(source: &Source) -> Result<(String, String), Error> {
    Ok(match source {
        Source::Stdin => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| Error::Usage(format!("cannot read standard input: {e}")))?;
            (text, "standard input".to_string())
        }
        Source::File(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Error::Usage(format!("cannot read position file '{path}': {e}")))?;
            (text, format!("'{path}'"))
        }
        Source::Notation(text) | Source::Layout(text) => (text.clone(), "--pos".to_string()),
        Source::Text { text, origin } => (text.clone(), origin.clone()),
    })
}

/// A batch's requests as bytes, sent on in groups: the lines read that
/// leave nothing more already read (a line that is not UTF-8 text is answered
/// with its own error, and the others still are). A file that cannot be
/// opened is refused at once.
pub fn read_requests(source: &Source) -> Result<Receiver<Vec<batch::Line>>, Error> {
    let (read, what): (Box<dyn Read + Send>, String) = match source {
        Source::Stdin => (
            Box::new(std::io::stdin()),
            "cannot read standard input".into(),
        ),
        Source::File(path) => {
            let file = std::fs::File::open(path).map_err(|e| {
                Error::Usage(format!("cannot read the requests file '{path}': {e}"))
            })?;
            (
                Box::new(file),
                format!("cannot read the requests file '{path}'"),
            )
        }
        other => (
            Box::new(Cursor::new(read_text(other)?.0.into_bytes())),
            String::new(),
        ),
    };
    // A large buffer: a file's requests come in few groups, answered in
    // parallel, as if read at once.
    let reader = BufReader::with_capacity(1 << 20, read);
    let (sender, receiver) = std::sync::mpsc::channel();
    // A thread of its own, so that the lines that have arrived can be taken
    // without waiting for more (`batch::serve`).
    std::thread::spawn(move || read_lines(reader, &what, &sender));
    Ok(receiver)
}

/// Sends the lines of `reader` (each with its `\n`) in groups, a group
/// whenever nothing more is already read (the next line would wait for the
/// writer), then the error that stopped it, if one did; stops when nobody
/// listens.
fn read_lines(
    mut reader: BufReader<Box<dyn Read + Send>>,
    what: &str,
    groups: &Sender<Vec<batch::Line>>,
) {
    let mut group = Vec::new();
    loop {
        let mut line = Vec::new();
        let (last, line) = match reader.read_until(b'\n', &mut line) {
            Ok(0) => (true, None),
            Ok(_) => (false, Some(Ok(line))),
            Err(e) => (true, Some(Err(format!("{what}: {e}")))),
        };
        group.extend(line);
        if (last || reader.buffer().is_empty())
            && !group.is_empty()
            && groups.send(std::mem::take(&mut group)).is_err()
        {
            return;
        }
        if last {
            return;
        }
    }
}

/// The voyage start of `--layout`, after the harbour master paid what its
/// `bid:` and `buy:` words say.
pub fn read_layout(text: &str) -> Result<Start, Error> {
    read_layout_as(text, "--layout")
}

/// [`read_layout`] for `what`: `--layout`, or the layout a session asked for.
pub fn read_layout_as(text: &str, what: &str) -> Result<Start, Error> {
    let (layout, deal) = auction::words(text, what).map_err(Error::Usage)?;
    layout_start(&layout, deal, what)
}

/// The voyage start of a `--layout` without its auction's words, after its
/// harbour master paid `deal`.
pub fn layout_start(layout: &str, deal: auction::Deal, what: &str) -> Result<Start, Error> {
    let position =
        layout::voyage_start(layout).map_err(|e| Error::Usage(format!("{what}:\n{e}")))?;
    // A price at 30 ended the game (R12): no voyage starts, as for
    // `layouts` and `bid`.
    let position = json::check_start(position).map_err(|e| words::start_error(e, what))?;
    auction::pay(position, deal, what).map_err(Error::Usage)
}

/// A position's JSON read from `origin` (a file's name, standard input).
pub fn from_json(text: &str, origin: &str) -> Result<Position, Error> {
    Position::from_json(text).map_err(|e| match e {
        Error::Json(j) => Error::Usage(format!("{origin} is not a valid position: {j}")),
        other => other,
    })
}

/// Reads the position, and whether it came as JSON.
pub fn read_position(source: &Source) -> Result<(Position, bool), Error> {
    if let Source::Layout(text) = source {
        return Ok((read_layout(text)?.position, false));
    }
    let (text, origin) = position_text(source)?;
    let (position, json) = if text.trim_start().starts_with(['{', '[']) {
        (from_json(&text, &origin)?, true)
    } else {
        let position =
            notation::parse(text.trim()).map_err(|e| Error::Usage(format!("{origin}:\n{e}")))?;
        (position, false)
    };
    // Accepted (POSITION.md bounds each ship alone), and said: the figures
    // are for ships no voyage puts there.
    if let Some(why) = reach::unreachable(position.state()) {
        let note = format!("note: {origin}: {why}; the figures are for the position as given");
        eprintln!("{}", super::terminal_safe(&note));
    }
    Ok((position, json))
}
