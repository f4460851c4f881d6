//! `session`: a whole voyage at the table, one event per line. After each event
//! it prints the board and the advice for whoever decides next. It reads any
//! `BufRead`, so a script piped in plays the same as a person typing.

use crate::engine::analysis;
use crate::parse::events::{self, Outcome};
use crate::position::Position;
use crate::render::{self, Format, board, settlement};
use crate::rules::Phase;
use std::io::{BufRead, Write};

/// What the session prints with each step.
pub struct Session<'a> {
    history: Vec<Outcome>,
    request: &'a analysis::Request,
}

const HELP: &str = "\
events: '[player] action' (ship:jade, harbour:B, shipyard:C, pirate, pilot:small,
        pilot:large, insurance, pass, stay, board:silk, jade+1, silk-1,jade+1, none,
        jade:harbour), 'roll d1 d2 d3' (dice in ship order)
commands: show, advise, odds, undo, help, quit";

impl<'a> Session<'a> {
    pub fn new(start: Position, request: &'a analysis::Request) -> Session<'a> {
        Session {
            history: vec![Outcome::Going(start)],
            request,
        }
    }

    fn current(&self) -> &Outcome {
        self.history
            .last()
            .expect("a session always holds its start")
    }

    /// Runs the session until `quit` or the end of the input.
    pub fn run(&mut self, input: impl BufRead, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(out, "{}", self.step_report())?;
        for line in input.lines() {
            let line = line?;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            writeln!(out, "> {line}")?;
            match line {
                "quit" | "exit" => break,
                _ => {
                    let text = self.command(line);
                    writeln!(out, "{text}")?;
                }
            }
        }
        Ok(())
    }

    /// The answer to one line of input.
    pub fn command(&mut self, line: &str) -> String {
        match (line, self.current()) {
            ("help", _) => HELP.to_string(),
            ("undo", _) if self.history.len() > 1 => {
                self.history.pop();
                self.step_report()
            }
            ("undo", _) => "error: nothing to undo".to_string(),
            ("show", Outcome::Going(p)) => board::draw(p),
            ("advise", Outcome::Going(p)) => self.advice(p),
            ("odds", Outcome::Going(p)) => {
                let odds = analysis::odds(p, self.request, &mut |_, _| {});
                render::renderer(Format::Table).odds(p, &odds)
            }
            (_, Outcome::Settled(_)) => "error: the voyage is over (undo, or quit)".to_string(),
            (_, Outcome::Going(p)) => {
                match events::parse(p, line).and_then(|e| events::apply(p, e, line)) {
                    Ok(next) => {
                        self.history.push(next);
                        self.step_report()
                    }
                    Err(e) => format!("error: {e}"),
                }
            }
        }
    }

    /// The board and what is due now: advice for a decision, the dice, or the
    /// settlement.
    fn step_report(&self) -> String {
        match self.current() {
            Outcome::Going(p) => {
                let due = match p.state().phase {
                    Phase::Roll => format!(
                        "Roll {} is due: type 'roll d1 d2 d3' (dice in ship order).\n",
                        p.state().rolls_done + 1
                    ),
                    _ => self.advice(p),
                };
                format!("{}\n{due}", board::draw(p))
            }
            Outcome::Settled(v) => settlement::settlement(v),
        }
    }

    fn advice(&self, p: &Position) -> String {
        if p.state().decider().is_none() {
            return "Nobody decides now: a roll is due.".to_string();
        }
        let advice = analysis::advise(p, self.request, &mut |_, _| {});
        render::renderer(Format::Table).advice(p, &advice)
    }
}
