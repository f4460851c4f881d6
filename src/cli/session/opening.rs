//! A session begun between voyages: `--layout` with the players and what
//! they hold (money, shares, prices) but no ships, as the line printed on
//! leaving after a settlement gives it. The session first asks for the
//! layout, read as after `new`, and starts the voyage from the answer.

use super::lines::Lines;
use super::terminal_safe;
use crate::Error;
use crate::cli::auction::Start;
use crate::cli::input;
use crate::parse::{layout, notation, said};
use crate::position::Position;
use crate::render::wrap::wrap;
use std::io::{self, Write};

/// The layout that stands in while the rest of `--layout` is checked.
const STAND_IN: &str = "J2 S3 G4";

/// Whether `--layout` gives no ship: none of its words after the players is
/// a ship token such as `J2`.
pub fn lacks_ships(text: &str) -> bool {
    notation::words(text).is_some_and(|words| !words.iter().skip(1).any(|w| is_ship(w)))
}

fn is_ship(word: &str) -> bool {
    let mut chars = word.chars();
    let cargo = chars
        .next()
        .is_some_and(|c| "JSGN".contains(c.to_ascii_uppercase()));
    let space = chars.as_str();
    cargo && !space.is_empty() && space.bytes().all(|b| b.is_ascii_digit())
}

/// `bid:N` or `buy:CARGO` (R16), which may come anywhere.
fn is_deal(word: &str) -> bool {
    let lower = word.to_lowercase();
    lower.starts_with("bid:") || lower.starts_with("buy:")
}

/// A `--layout` without ships, checked: everything but the layout is read
/// with a stand-in layout, so that a mistake there is said before the
/// layout is asked for.
pub struct Pending {
    text: String,
    names: Vec<String>,
    harbour_master: usize,
    /// The start with the stand-in layout, on which a session can weigh the
    /// auction and the layouts before the layout is known.
    stand_in: Position,
}

impl Pending {
    pub fn new(text: &str) -> Result<Pending, Error> {
        let (players, sections) = split(text);
        let start =
            input::read_layout(&format!("{players} {STAND_IN} {sections}")).map_err(|e| {
                Error::Usage(format!(
                    "{e}\n(the layout {STAND_IN} stood in for the one the session asks for)"
                ))
            })?;
        Ok(Pending {
            text: text.to_string(),
            names: start.position.names().to_vec(),
            harbour_master: start.position.state().harbour_master as usize,
            stand_in: start.position,
        })
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The start with a stand-in layout, nothing paid.
    pub fn stand_in(&self) -> Start {
        self.stand_in.clone().into()
    }

    /// What the session asks first.
    fn question(&self) -> String {
        let next = &self.names[(self.harbour_master + 1) % self.names.len()];
        format!(
            "The voyage: type its layout, e.g. 'J2 S3 G4' (harbour master {}), or a name \
             first for another harbour master: '{next} J2 S3 G4'; bid:N and buy:CARGO say \
             what the harbour master paid at the auction (R16). Before it, 'bid [buy]' and \
             'layouts [NAME] [buy]' weigh the auction and the layouts; 'quit' leaves.\n",
            self.names[self.harbour_master]
        )
    }

    /// The voyage's start from the answer: the layout, with a player's name
    /// first for another harbour master, and anywhere `bid:N` and
    /// `buy:CARGO`, as after `new`.
    pub fn start(&self, answer: &str) -> Result<Start, String> {
        let (players, sections) = split(&self.text);
        let words = said::words(answer);
        let first = words.iter().position(|w| !is_deal(w));
        let named = first.and_then(|i| Some((i, said::player(&self.names, words[i])?)));
        let (players, rest) = match named {
            Some((i, hm)) => {
                let rest = [&words[..i], &words[i + 1..]].concat();
                (self.starred(hm), rest.join(" "))
            }
            None => (players.to_string(), answer.to_string()),
        };
        // The layout first on its own, so that a mistake there is named in
        // the words typed, not in the position they make with the rest.
        let ships: Vec<&str> = said::words(&rest)
            .into_iter()
            .filter(|w| !is_deal(w))
            .collect();
        layout::parse(&ships.join(" ")).map_err(|e| format!("layout: {e}"))?;
        input::read_layout_as(&format!("{players} {rest} {sections}"), "layout")
            .map_err(|e| e.to_string())
    }

    /// The players token with `hm` starred.
    fn starred(&self, hm: usize) -> String {
        let tag = |(p, name): (usize, &String)| match p == hm {
            true => format!("{}*", notation::tag(name)),
            false => notation::tag(name),
        };
        self.names
            .iter()
            .enumerate()
            .map(tag)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Asks for the layout until an answer starts the voyage; `None` when
    /// the input ends or says `quit` first; `help` asks again. At a terminal
    /// a refused answer is said and asked again; from a pipe it ends the
    /// session (exit status 2), as the transcript would go on from a voyage
    /// it has not. Also returns how many lines were read.
    /// `weigh` answers `bid` and `layouts` (`None` for other lines).
    pub fn ask(
        &self,
        lines: &mut dyn Lines,
        out: &mut dyn Write,
        err: &mut dyn Write,
        width: usize,
        weigh: &mut dyn FnMut(&str) -> Option<Result<String, String>>,
    ) -> Result<(Option<Start>, usize), Error> {
        let io = |e: io::Error| Error::Io(format!("session: {e}"));
        write!(out, "{}", wrap(&self.question(), width)).map_err(io)?;
        out.flush().map_err(io)?;
        let mut number = 0;
        while let Some(bytes) = lines.next_line() {
            number += 1;
            let line = String::from_utf8_lossy(&bytes.map_err(io)?)
                .trim()
                .to_string();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if !lines.interactive() {
                writeln!(out, "> {}", terminal_safe(&line)).map_err(io)?;
            }
            let answer = match line.to_lowercase().as_str() {
                "quit" | "exit" => return Ok((None, number)),
                "help" | "?" => Ok(None),
                _ => match weigh(&line) {
                    Some(weighed) => weighed.map(Some),
                    None => match self.start(&line) {
                        Ok(start) => return Ok((Some(start), number)),
                        Err(e) => Err(e),
                    },
                },
            };
            match answer {
                Ok(Some(table)) => write!(out, "{table}").map_err(io)?,
                Ok(None) => write!(out, "{}", wrap(&self.question(), width)).map_err(io)?,
                Err(e) if lines.interactive() => {
                    let e = wrap(&format!("error: {}", terminal_safe(&e)), width);
                    writeln!(err, "{e}").map_err(io)?;
                }
                Err(e) => {
                    return Err(Error::Usage(format!("session: line {number}: {e}")));
                }
            }
            out.flush().map_err(io)?;
        }
        Ok((None, number))
    }
}

/// The players token and the rest of `--layout` (money, shares, prices,
/// variants, `bid:` and `buy:`).
fn split(text: &str) -> (&str, String) {
    let words = notation::words(text).unwrap_or_default();
    match words.split_first() {
        Some((players, rest)) => (players, rest.join(" ")),
        None => ("", String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_without_ships_is_told_from_one_with() {
        assert!(lacks_ships("r*,b,g,y $r30,b25 %r:J1 ^J5"));
        assert!(lacks_ships("r*,b,g,y bid:7"));
        assert!(!lacks_ships("r*,b,g,y J2 S3 G4 $r30"));
        assert!(!lacks_ships("r*,b,g,y j2 s3 g4"));
    }

    #[test]
    fn r16_the_answer_names_the_harbour_master_the_layout_and_the_auction() {
        let pending = Pending::new("r*,b,g,y $r30,b25,g20,y10 ^J5").expect("a start");
        let start = pending.start("b bid:7 J2 S3 G4").expect("a voyage");
        let s = start.position.state();
        assert_eq!((s.harbour_master, start.payer), (1, Some((1, 7))));
        assert_eq!(s.cash[1], Some(18), "b paid the 7 bid from 25 (R16)");
        assert_eq!(s.prices[0], 5, "jade's price carries over");
        let same = pending.start("J1 S4 N4").expect("a voyage");
        assert_eq!(same.position.state().harbour_master, 0);
        let e = pending.start("J2 S3").err().expect("two ships");
        assert!(e.starts_with("layout:"), "{e}");
    }
}
