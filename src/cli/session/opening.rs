//! A session begun between voyages: `--layout` with the players and what
//! they hold (money, shares, prices) but no ships, as the line printed on
//! leaving after a settlement gives it. The session first asks for the
//! layout, read as after `new`, and starts the voyage from the answer.

use super::lines::Lines;
use super::next::with_players;
use super::{COMMANDS, terminal_safe};
use crate::Error;
use crate::cli::auction::{self, Start};
use crate::cli::{input, words};
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

/// A `--layout` without ships, checked: everything but the layout is read
/// with a stand-in layout, so that a mistake there is said before the
/// layout is asked for.
pub struct Pending {
    text: String,
    /// The start with the stand-in layout, on which a session can weigh the
    /// auction and the layouts before the layout is known.
    stand_in: Position,
}

impl Pending {
    pub fn new(text: &str) -> Result<Pending, Error> {
        // The auction goes with the layout, in the answer: paid here, the
        // role would be weighed at `bid` after it was bought.
        let (_, deal) = auction::words(text, "--layout").map_err(Error::Usage)?;
        if !deal.is_empty() {
            return Err(Error::Usage(
                "--layout: without the ships, the auction goes in the answer to the \
                 session's question, with the layout (b bid:7 J2 S3 G4)"
                    .into(),
            ));
        }
        let (players, sections) = split(text);
        let start =
            input::read_layout(&format!("{players} {STAND_IN} {sections}")).map_err(|e| {
                Error::Usage(format!(
                    "{e}\n(the layout {STAND_IN} stood in for the one the session asks for)"
                ))
            })?;
        Ok(Pending {
            text: text.to_string(),
            stand_in: start.position,
        })
    }

    pub fn names(&self) -> &[String] {
        self.stand_in.names()
    }

    fn harbour_master(&self) -> usize {
        self.stand_in.state().harbour_master as usize
    }

    /// The start with a stand-in layout, nothing paid.
    pub fn stand_in(&self) -> Start {
        self.stand_in.clone().into()
    }

    /// What the session asks first.
    fn question(&self) -> String {
        let (names, hm) = (self.names(), self.harbour_master());
        format!(
            "The voyage: type its layout, e.g. 'J2 S3 G4' (harbour master {}), or a name \
             first for another harbour master: '{} J2 S3 G4'; bid:N and buy:CARGO say \
             what the harbour master paid at the auction (R16). Before it, 'bid [buy]' and \
             'layouts [NAME] [buy]' weigh the auction and the layouts; 'quit' leaves.\n",
            names[hm],
            names[(hm + 1) % names.len()]
        )
    }

    /// The voyage's start from the answer, read as after `new` (which may
    /// lead it, from habit): the layout, a player's name first for another
    /// harbour master (or a players token), `bid:N` and `buy:CARGO`
    /// anywhere, variants after the ships.
    pub fn start(&self, answer: &str) -> Result<Start, String> {
        let answer = match said::words(answer).first() {
            Some(w) if w.eq_ignore_ascii_case("new") => answer
                .trim_start()
                .get(w.len()..)
                .unwrap_or_default()
                .trim(),
            _ => answer,
        };
        let (text, deal) = auction::words(answer, "layout")?;
        let full = with_players(self.names(), self.harbour_master(), &text, "layout")?;
        let (players, typed) = split(&full);
        // The layout first on its own, so that a mistake there is named in
        // the words typed, not in the position they make with the rest.
        let ships: Vec<&str> = said::words(&typed)
            .into_iter()
            .filter(|w| !w.starts_with('+'))
            .collect();
        layout::parse(&ships.join(" ")).map_err(|e| format!("layout: {e}"))?;
        let (_, sections) = split(&self.text);
        input::layout_start(&format!("{players} {typed} {sections}"), deal, "layout")
            .map_err(|e| e.to_string())
    }

    /// What one line typed at the question asks for.
    fn answer(
        &self,
        line: &str,
        weigh: &mut dyn FnMut(&str) -> Option<Result<String, String>>,
    ) -> Answer {
        let first = said::words(line).first().map(|w| w.to_lowercase());
        match first.as_deref().unwrap_or_default() {
            "quit" | "exit" => return Answer::Leave,
            "help" | "?" => return Answer::Text(self.question()),
            "undo" if said::player(self.names(), "undo").is_none() => {
                return Answer::Refused(
                    "nothing to undo: the session began at this question; type the voyage's \
                     layout"
                        .into(),
                );
            }
            word if COMMANDS.contains(&word)
                && !ANSWERED.contains(&word)
                && said::player(self.names(), word).is_none() =>
            {
                return Answer::Refused(format!(
                    "'{word}' comes once the voyage has begun: type its layout first"
                ));
            }
            _ => {}
        }
        if let Some(weighed) = weigh(line) {
            return weighed.map_or_else(Answer::Refused, Answer::Table);
        }
        self.start(line).map_or_else(Answer::Refused, Answer::Start)
    }

    /// Asks for the layout until an answer starts the voyage. At a terminal
    /// a refused line is said and asked again; from a pipe it ends the
    /// session (exit status 2), as the transcript would go on from a voyage
    /// it has not. `weigh` answers `bid` and `layouts` (`None` for other
    /// lines). Lines are numbered on from `before`, those read already (the
    /// question asked again after `undo`); a start comes with the count.
    pub fn ask(
        &self,
        before: usize,
        lines: &mut dyn Lines,
        out: &mut dyn Write,
        err: &mut dyn Write,
        width: usize,
        weigh: &mut dyn FnMut(&str) -> Option<Result<String, String>>,
    ) -> io::Result<Asked> {
        write!(out, "{}", wrap(&self.question(), width))?;
        out.flush()?;
        let mut number = before;
        while let Some(bytes) = lines.next_line() {
            number += 1;
            let line = match String::from_utf8(bytes?) {
                Ok(line) => line.trim().to_string(),
                Err(_) => {
                    return Ok(Asked::Refused(format!(
                        "line {number}: {}",
                        words::NOT_UTF8
                    )));
                }
            };
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if !lines.interactive() {
                writeln!(out, "> {}", terminal_safe(&line))?;
            }
            match self.answer(&line, weigh) {
                Answer::Start(start) => return Ok(Asked::Start(start, number)),
                Answer::Leave => return Ok(Asked::Left),
                Answer::Table(table) => write!(out, "{table}")?,
                Answer::Text(text) => write!(out, "{}", wrap(&text, width))?,
                Answer::Refused(e) if lines.interactive() => {
                    writeln!(
                        err,
                        "{}",
                        wrap(&format!("error: {}", terminal_safe(&e)), width)
                    )?;
                }
                Answer::Refused(e) => return Ok(Asked::Refused(format!("line {number}: {e}"))),
            }
            out.flush()?;
        }
        Ok(Asked::Left)
    }
}

/// The session's commands the layout question answers itself (`new` may
/// lead a layout); every other one needs a voyage under way.
const ANSWERED: [&str; 6] = ["new", "bid", "layouts", "help", "quit", "exit"];

/// What one line at the question asks for.
enum Answer {
    Start(Start),
    /// `bid` or `layouts`, as drawn.
    Table(String),
    /// Words to wrap to the width.
    Text(String),
    Refused(String),
    Leave,
}

/// How the question ended: a start and the lines read for it, the input
/// ended or `quit`, or (piped) a line refused.
pub enum Asked {
    Start(Start, usize),
    Left,
    Refused(String),
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
        assert!(e.starts_with("layout: \"J2 S3\": expected 3 ships"), "{e}");
    }

    /// As after `new`: the word `new` itself, a players token, variants; a
    /// name mistyped is said as one.
    #[test]
    fn the_answer_is_read_as_after_new() {
        let pending = Pending::new("r*,b,g,y $r30,b25,g20,y10").expect("a start");
        let hm = |answer: &str| {
            pending
                .start(answer)
                .map(|s| s.position.state().harbour_master)
        };
        assert_eq!(hm("new b J2 S3 G4"), Ok(1));
        assert_eq!(hm("r,b,g*,y J2 S3 G4"), Ok(2));
        let strong = pending.start("J2 S3 G4 +strong").expect("a variant");
        assert!(strong.position.state().variant.strong_pirates);
        let e = pending.start("bb J2 S3 G4").err().expect("no such player");
        assert!(
            e.contains("'bb' is neither a player") && e.contains("did you mean"),
            "{e}"
        );
        let paid = Pending::new("r*,b,g,y bid:7").err().map(|e| e.to_string());
        assert!(paid.is_some_and(|e| e.contains("the auction goes in the answer")));
    }
}
