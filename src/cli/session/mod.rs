//! `session`: whole voyages at the table, one event or command per line.
//!
//! After each event it prints the board and the advice for whoever decides
//! next, or, with `--me`, one line unless that player decides. On a terminal
//! lines are read with a prompt, line editing and history (rustyline); from a
//! pipe they are read as bytes, so that a line that is not UTF-8 is one
//! refused line and not the end of the session. A refused line is reported on
//! standard error (with its line number from a pipe); every other line is
//! still played.

mod itself;
mod lines;
mod next;
mod opening;
mod seen;
#[cfg(test)]
mod tests;
mod wording;

pub use lines::{Lines, Piped, Typed};
pub use opening::{Asked, Pending, lacks_ships};

use itself::play_itself;
use seen::Seen;
use wording::{
    HELP, describe, game_over_words, interrupted, model_word, next_voyage_words, resume_words,
    shell_quoted, status_words, typing_example,
};

use super::auction::Start;
use super::config::default_stop;
use super::{commands, echo, terminal_safe, words};
use crate::engine::analysis::{self, Request};
use crate::engine::cache::Cache;
use crate::engine::interrupt;
use crate::parse::events::{self, Event, Outcome, find_player};
use crate::parse::{notation, said};
use crate::position::Position;
use crate::render::{self, Fit, Format, board};
use crate::report::Future;
use crate::rules::{self, Action, MAX_PLAYERS, Phase, PlayerId};
use std::io::{self, Write};
use std::sync::{Arc, Mutex};

/// The words a session knows besides events, for "did you mean".
pub(super) const COMMANDS: [&str; 14] = [
    "show", "pos", "advise", "odds", "model", "fit", "undo", "new", "bid", "layouts", "help",
    "quit", "exit", "roll",
];

/// One step of the voyage: where it stands, and what the event that led here
/// moved of each player's cash at once (R13).
struct Step {
    outcome: Outcome,
    cash: [i64; MAX_PLAYERS],
    /// The event in words, with who took it ("red ship:jade", "roll 5 4 3").
    said: String,
    /// The placement the event was, when it counts for the fit.
    seen: Option<Seen>,
    /// The session played something itself in this step (the pirates'
    /// stay, a roll that moves nothing): said even without `--me`, since
    /// the board alone would not show it.
    played_itself: bool,
    /// The event mortgaged a share (R5), or for the voyage's start, paying
    /// for the auction did: the cash raised is no profit (R13).
    mortgaged: bool,
}

impl Step {
    /// The start of a voyage, after what the session plays itself there
    /// (a position given at a boarding where the pirates can only stay).
    fn start(position: Position) -> Result<Step, String> {
        let (outcome, done) = play_itself(&position, Outcome::Going(position.clone()))?;
        let mut said = done.join("; ");
        if let Some(first) = said.get(..1) {
            said = first.to_uppercase() + &said[1..];
        }
        Ok(Step {
            outcome,
            cash: [0; MAX_PLAYERS],
            played_itself: !said.is_empty(),
            said,
            seen: None,
            mortgaged: false,
        })
    }

    /// The start of a voyage whose harbour master paid `payer`'s sum at the
    /// auction (it counts in their profit, R13), `mortgaged` telling whether
    /// paying mortgaged a share.
    fn paid_start(
        start: Position,
        payer: Option<(PlayerId, u32)>,
        mortgaged: bool,
    ) -> Result<Step, String> {
        let mut first = Step::start(start)?;
        if let Some((hm, paid)) = payer {
            first.cash[hm as usize] = -(paid as i64);
        }
        first.mortgaged = mortgaged;
        Ok(first)
    }
}

/// Whether a share was mortgaged in the voyage of `history` (R5): to pay
/// for the auction, a slot, or at the settlement an insurer's claims (R11).
fn mortgaged_in(history: &[Step]) -> bool {
    history.iter().any(|step| {
        let at_settlement = match &step.outcome {
            Outcome::Settled(v) => v.mortgaged.iter().flatten().any(|&n| n > 0),
            Outcome::Going(_) => false,
        };
        step.mortgaged || at_settlement
    })
}

/// What the person at the table chose for the session.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The seat of the person playing (`--me`).
    pub me: Option<String>,
    /// Tables' width and the options they show.
    pub fit: Fit,
    /// `--samples` was given: a change of model keeps it.
    pub samples_given: bool,
    /// Kept current with the command that goes on from the voyage under
    /// way, for whoever reports it when the session is left abruptly (a
    /// second Ctrl-C ends the process from another thread).
    pub resume: Option<Resume>,
    /// The terminal's width, asked again before every answer when it, not
    /// `COLUMNS`, sets `fit.width`: a window resized mid-session gets the
    /// next answer drawn to its new width.
    pub width: Option<fn() -> Option<usize>>,
    /// Lines read before the session began (the layout it asked for): a
    /// refusal's line number counts them, and the start typed then is worth
    /// the command that goes on from it on leaving, the bid and the layout
    /// being news to the command line.
    pub lines_before: usize,
    /// The start answered the session's question for the layout: `undo`
    /// there asks it again, as `undo` after `new` does.
    pub asked: bool,
}

/// How [`Session::run`] ended: the lines refused, the lines read (with
/// those before it), and whether `undo` took back the answer to the layout
/// question, which is then asked again.
pub struct Ran {
    pub refused: usize,
    pub lines: usize,
    pub ask_again: bool,
}

/// What to say on leaving, with the command that goes on from where the
/// session stands, when there is one ([`Session::resume_command`]).
pub type Resume = Arc<Mutex<Option<String>>>;

/// A voyage being played, and what the session remembers about it.
pub struct Session {
    history: Vec<Step>,
    request: Request,
    options: Options,
    cache: Cache,
    /// The actions of the last advice shown, best first, and the position it
    /// was for: a number takes that row.
    rows: Option<(Position, Vec<Action>, usize)>,
    /// `new` was typed alone: the next line is the layout.
    awaiting_layout: bool,
    /// The voyages finished before this one, kept whole: `undo` at a
    /// voyage's start goes back into the last, and the placements seen in
    /// them go on counting for the fit (the players are the same people).
    finished: Vec<Finished>,
    /// `--lambda` was given: the quantal model keeps it and is not fitted.
    lambda_given: bool,
    /// Said before the first report: what the harbour master paid.
    opening: String,
    /// The advice the last report ends with, computed once the report
    /// before it is on screen ([`Session::write_due`]): the event and the
    /// board show while it takes its second or two.
    due: Option<(Position, Request)>,
}

/// A voyage finished in the session: its events, and each player's profit.
struct Finished {
    history: Vec<Step>,
    profits: Vec<i64>,
}

/// The answer to one line.
struct Reply {
    text: String,
    error: Option<String>,
    quit: bool,
    /// The layout question is asked again (`undo` at its answer).
    ask_again: bool,
}

impl Reply {
    fn text(text: String) -> Reply {
        Reply {
            text,
            error: None,
            quit: false,
            ask_again: false,
        }
    }

    fn error(error: impl Into<String>) -> Reply {
        Reply {
            text: String::new(),
            error: Some(error.into()),
            quit: false,
            ask_again: false,
        }
    }
}

impl From<Result<String, String>> for Reply {
    fn from(r: Result<String, String>) -> Reply {
        match r {
            Ok(text) => Reply::text(text),
            Err(e) => Reply::error(e),
        }
    }
}

impl Session {
    /// A session from `start`; `options.me` must name a player of it. What
    /// its harbour master paid counts in their profit.
    pub fn new(start: Start, request: &Request, options: Options) -> Result<Session, String> {
        let Start {
            position: start,
            payer,
            said,
            mortgaged,
        } = start;
        if let Some(me) = &options.me {
            find_player(&start, me).ok_or_else(|| {
                format!(
                    "--me: '{me}' is not a player ({})",
                    start.names().join(", ")
                )
            })?;
        }
        let first = Step::paid_start(start, payer, mortgaged)?;
        Ok(Session {
            opening: render::wrap::wrap(&said, options.fit.width),
            history: vec![first],
            request: request.clone(),
            options,
            cache: Cache::default(),
            rows: None,
            awaiting_layout: false,
            finished: Vec::new(),
            due: None,
            // A given lambda has no interval; the prior's and a fit's have one.
            lambda_given: request.lambda.interval.is_none(),
        })
    }

    fn current(&self) -> &Step {
        self.history
            .last()
            .expect("a session always holds its start")
    }

    /// Runs the session until `quit` or the end of the input. Answers go to
    /// `out`, refusals to `err`; returns how many lines were refused.
    pub fn run(
        &mut self,
        lines: &mut dyn Lines,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> io::Result<Ran> {
        let interactive = lines.interactive();
        self.follow_width();
        let first = std::mem::take(&mut self.opening) + &self.report();
        write!(out, "{first}")?;
        out.flush()?;
        self.write_due(out)?;
        let mut refused = 0;
        let mut number = self.options.lines_before;
        while let Some(bytes) = lines.next_line() {
            number += 1;
            let bytes = bytes?;
            let reply = match String::from_utf8(bytes) {
                Ok(line) => {
                    let line = line.trim();
                    if line.is_empty() || line.starts_with('#') {
                        continue;
                    }
                    if !interactive {
                        // The transcript reads as a session typed at the prompt
                        // (a line too long to be read is cut short there too).
                        let shown = match events::too_long(line, self.names()) {
                            Some(e) => e.event,
                            None => line.to_string(),
                        };
                        writeln!(out, "> {}", terminal_safe(&shown))?;
                    }
                    self.follow_width();
                    self.line(line)
                }
                Err(bad) => {
                    if !interactive {
                        let lossy = String::from_utf8_lossy(bad.as_bytes()).into_owned();
                        writeln!(out, "> {}", terminal_safe(&lossy))?;
                    }
                    Reply::error(words::NOT_UTF8)
                }
            };
            write!(out, "{}", reply.text)?;
            out.flush()?;
            self.write_due(out)?;
            // `undo` and `model` change it without a report.
            self.publish_resume();
            if let Some(e) = &reply.error {
                refused += 1;
                let e = terminal_safe(e);
                if interactive {
                    // At a terminal, broken at spaces rather than mid-word by
                    // the terminal; piped, one line a refusal, for scripts.
                    let e = render::wrap::wrap(&format!("error: {e}"), self.options.fit.width);
                    writeln!(err, "{e}")?;
                } else {
                    writeln!(err, "error: line {number}: {e}")?;
                }
                err.flush()?;
            }
            if reply.quit {
                break;
            }
            if reply.ask_again {
                return Ok(Ran {
                    refused,
                    lines: number,
                    ask_again: true,
                });
            }
        }
        if interactive && let Some(words) = self.resume_words() {
            // A typed voyage is not lost with the session: the line to go on
            // from, unbroken so that it can be copied whole.
            write!(err, "{words}")?;
        }
        Ok(Ran {
            refused,
            lines: number,
            ask_again: false,
        })
    }

    /// The width the terminal has now, when it sets the width.
    fn follow_width(&mut self) {
        if let Some(width) = self.options.width.and_then(|now| now()) {
            self.options.fit.width = width;
        }
    }

    /// Computes and writes the advice the last answer ended with, if any.
    fn write_due(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some((position, request)) = self.due.take() {
            write!(out, "{}", self.advice(&position, &request))?;
            out.flush()?;
        }
        Ok(())
    }

    /// The command that starts a session where this one stands: from the
    /// voyage under way, or after a settlement from the next voyage's start
    /// less its layout (which that session asks for); `None` when nothing
    /// has happened since the command line's start, or the game is over.
    pub fn resume_command(&self) -> Option<String> {
        // `--pos=`, `--layout=` and `--me=`: a name may begin with '-', which
        // a flag's separate value may not.
        let mut command = match &self.current().outcome {
            Outcome::Settled(v) => format!(
                "manila-odds session --layout={}",
                shell_quoted(&next::next_voyage_layout(v)?)
            ),
            Outcome::Going(_)
                if self.history.len() < 2
                    && self.finished.is_empty()
                    && self.options.lines_before == 0 =>
            {
                return None;
            }
            Outcome::Going(p) => format!(
                "manila-odds session --pos={}",
                shell_quoted(&notation::format(p))
            ),
        };
        if let Some(me) = &self.options.me {
            command += &format!(" --me={}", shell_quoted(me));
        }
        if self.request.future != Future::Auto {
            command += &format!(" --future {}", self.request.future.name());
        }
        Some(command)
    }

    /// Shares [`Session::resume_command`] with whoever may end the process.
    fn publish_resume(&self) {
        let Some(slot) = &self.options.resume else {
            return;
        };
        let words = self.resume_words();
        if let Ok(mut slot) = slot.lock() {
            *slot = words;
        }
    }

    /// [`Session::resume_command`] in the words said on leaving.
    fn resume_words(&self) -> Option<String> {
        let command = terminal_safe(&self.resume_command()?);
        Some(match self.current().outcome {
            Outcome::Settled(_) => next_voyage_words(&command),
            Outcome::Going(_) => resume_words(&command),
        })
    }

    /// The answer to one line of input (not blank, trimmed); advice it
    /// ends with is left [`Session::due`].
    fn line(&mut self, line: &str) -> Reply {
        self.due = None;
        // No command or event is this long: refused before any is read.
        if let Some(e) = events::too_long(line, self.names()) {
            return Reply::error(e.to_string());
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w.to_lowercase(), r.trim()),
            None => (line.to_lowercase(), ""),
        };
        // A player's name first is the player, even one named like a
        // command ('bid ship:jade' for a player named bid).
        let first = said::words(line).first().copied().unwrap_or_default();
        let names_a_player = !rest.is_empty() && said::player(self.names(), first).is_some();
        // A layout awaited after a bare 'new': every other command keeps
        // its meaning, 'new J2 S3 G4' included.
        let command =
            COMMANDS.contains(&word.as_str()) || matches!(word.as_str(), "?" | "notation");
        if self.awaiting_layout && (names_a_player || !command) {
            return self.new_voyage(line).into();
        }
        if names_a_player {
            if rest.chars().all(|c| c.is_ascii_digit())
                && let Some(reply) = self.named_row(first, rest)
            {
                return reply;
            }
            return self.event(line).into();
        }
        let bare = [
            "quit", "exit", "help", "?", "show", "pos", "notation", "fit", "undo",
        ];
        if bare.contains(&word.as_str()) && !rest.is_empty() {
            let one = if word == "undo" {
                " (each 'undo' takes back one event)"
            } else {
                ""
            };
            return Reply::error(format!(
                "'{word}' takes nothing after it, found '{rest}'{one}"
            ));
        }
        match word.as_str() {
            "quit" | "exit" => Reply {
                quit: true,
                ..Reply::text(String::new())
            },
            "help" | "?" => Reply::text(format!("{HELP}\n")),
            "show" => self.show().into(),
            "pos" | "notation" => self.notation().into(),
            "advise" => self.advise(rest).into(),
            "odds" => self.odds(rest).into(),
            "model" => self.model(rest).into(),
            "fit" => Reply::text(self.fit_report()),
            "undo" if self.at_answered_question() => Reply {
                ask_again: true,
                ..Reply::text("Undid the layout: the session asks for it again.\n".into())
            },
            "undo" => self.undo().into(),
            "new" => self.new_voyage(rest).into(),
            "bid" => self.auction(rest).into(),
            "layouts" => self.layouts(rest).into(),
            _ if word.chars().all(|c| c.is_ascii_digit()) && rest.is_empty() => {
                self.take_row(&word).into()
            }
            _ => self.event(line).into(),
        }
    }

    /// A row number after a player's name ('bob 1'): the decider takes the
    /// row, another player is told whose decision it is; `None` when nobody
    /// decides (the event's own refusal says why).
    fn named_row(&mut self, who: &str, row: &str) -> Option<Reply> {
        let p = self.going().ok()?;
        let decider = p.state().decider()?;
        let named = said::player(p.names(), who)? as PlayerId;
        Some(match named == decider {
            true => self.take_row(row).into(),
            // Worded as the event's own refusals are ('r ship:j').
            false => Reply::error(format!(
                "event '{who} {row}': {}",
                events::not_deciding(p, named)
            )),
        })
    }

    /// The players of the voyage under way or just settled.
    fn names(&self) -> &[String] {
        match &self.current().outcome {
            Outcome::Going(p) => p.names(),
            Outcome::Settled(v) => &v.names,
        }
    }

    fn going(&self) -> Result<&Position, String> {
        match &self.current().outcome {
            Outcome::Going(p) => Ok(p),
            Outcome::Settled(v) if !v.game_over.is_empty() => Err(game_over_words(&v.game_over)),
            Outcome::Settled(_) if self.awaiting_layout => Err("the voyage is over and 'new' \
                 awaits the next one's layout, e.g. 'J2 S3 G4'; 'undo' takes 'new' back"
                .into()),
            Outcome::Settled(_) => Err("the voyage is over: 'bid' and 'layouts' weigh the next \
                 one, 'new' starts it, 'undo' takes the last event back"
                .into()),
        }
    }

    fn show(&self) -> Result<String, String> {
        match &self.current().outcome {
            Outcome::Going(p) => Ok(board::draw_fit(p, self.options.fit.width)),
            Outcome::Settled(v) => Ok(self.end_of_voyage(v)),
        }
    }

    fn notation(&self) -> Result<String, String> {
        Ok(format!("{}\n", notation::format(self.going()?)))
    }

    /// The request under `future` (the session's own model when `None`); a
    /// change of model takes that model's default play-outs unless
    /// `--samples` was given.
    fn request_for(&mut self, future: Option<Future>) -> Result<Request, String> {
        let mut r = self.request.clone();
        if let Some(future) = future {
            r.future = future;
            if !self.options.samples_given && r.sampling.samples.is_some() {
                default_stop(&mut r.sampling, future, false, true);
            }
        }
        analysis::check(&r).map_err(|e| words::request_error(e).to_string())?;
        Ok(self.with_fit(r))
    }

    fn advise(&mut self, rest: &str) -> Result<String, String> {
        let future = model_word(rest)?;
        let p = self.going()?.clone();
        if p.state().decider().is_none() {
            return Err(format!(
                "nobody decides now: {} 'odds' gives the ships' odds.",
                status_words(&p)
            ));
        }
        let request = self.request_for(future)?;
        Ok(self.advice(&p, &request))
    }

    fn odds(&mut self, rest: &str) -> Result<String, String> {
        let future = model_word(rest)?;
        let p = self.going()?.clone();
        let request = self.request_for(future)?;
        let cache = &mut self.cache;
        let Some(odds) = with_progress("odds", &request, |report| {
            analysis::odds_with(cache, &p, &request, report)
        }) else {
            return Ok(render::wrap::wrap(
                &interrupted("odds"),
                self.options.fit.width,
            ));
        };
        Ok(render::renderer_fit(Format::Table, self.options.fit).odds(&p, &odds))
    }

    fn model(&mut self, rest: &str) -> Result<String, String> {
        match model_word(rest)? {
            None => Ok(render::wrap::wrap(
                &format!(
                    "The model is {}: 'model none', 'model greedy', 'model round', \
                     'model paranoid', 'model auto', 'model equilibrium' or \
                     'model quantal' changes it.\n",
                    self.request.future.name()
                ),
                self.options.fit.width,
            )),
            Some(future) => {
                self.request = self.request_for(Some(future))?;
                Ok(format!(
                    "Every later advice is under the model {}.\n",
                    future.name()
                ))
            }
        }
    }

    /// The advice for the decider of `p`, drawn; its rows are remembered.
    fn advice(&mut self, p: &Position, request: &Request) -> String {
        let cache = &mut self.cache;
        let advice = with_progress("advice", request, |report| {
            let mut advice = analysis::advise_with(cache, p, request, report);
            if !interrupt::requested() {
                advice.best_by_model = analysis::best_by_model(cache, p, request, &advice);
            }
            advice
        });
        // Interrupted: the advice last drawn for this decision, if any, is
        // still on screen, so its rows can still be taken by their number.
        let Some(advice) = advice else {
            return render::wrap::wrap(&interrupted("advice"), self.options.fit.width);
        };
        // Only the rows shown (--top) can be taken by their number.
        let shown = self.options.fit.top.unwrap_or(usize::MAX);
        let rows = advice
            .options
            .iter()
            .take(shown)
            .map(|o| o.action)
            .collect();
        self.rows = Some((p.clone(), rows, advice.options.len()));
        render::renderer_fit(Format::Table, self.options.fit).advice(p, &advice)
    }

    fn take_row(&mut self, word: &str) -> Result<String, String> {
        let p = self.going()?.clone();
        let action = match &self.rows {
            Some((shown, rows, all)) if *shown == p => {
                let k: usize = word.parse().map_err(|_| format!("'{word}' is not a row"))?;
                match k.checked_sub(1).and_then(|i| rows.get(i)) {
                    Some(&a) => a,
                    None => {
                        let top = match self.options.fit.top {
                            Some(top) if rows.len() < *all => format!(" (--top {top})"),
                            _ => String::new(),
                        };
                        return Err(format!(
                            "the last advice shows rows 1 to {}{top}, not {word}",
                            rows.len()
                        ));
                    }
                }
            }
            // A row is a decision's: with dice due, the number is not one.
            _ if p.state().decider().is_none() => {
                let dice = match word.chars().all(|c| ('1'..='6').contains(&c)) {
                    true => format!(" For dice, 'roll {word}'."),
                    false => String::new(),
                };
                return Err(format!(
                    "'{word}' takes a row of advice, but nobody decides now: {}{dice}",
                    status_words(&p)
                ));
            }
            _ => {
                return Err(format!(
                    "no advice shown for this decision: 'advise' shows it, then '{word}' takes row {word}"
                ));
            }
        };
        let text = action.to_string();
        self.play(
            &p,
            Event::Decide {
                player: None,
                action,
            },
            &text,
        )
    }

    fn event(&mut self, line: &str) -> Result<String, String> {
        // With no voyage under way no event is read, but a mistyped
        // command ('nwe') is still worth naming.
        let first = said::words(line).first().copied().unwrap_or_default();
        // A player's event, or a roll, is no command mistyped.
        let a_player = said::player(self.names(), first).is_some();
        let known = COMMANDS.contains(&first.to_lowercase().as_str());
        let p = self.going().map_err(|why| {
            let hint = said::did_you_mean(first, &COMMANDS);
            match hint.strip_prefix("; ") {
                Some(hint) if !a_player && !known => {
                    format!("'{first}' is not a command; {hint} ({why})")
                }
                _ => why,
            }
        })?;
        let p = p.clone();
        let event = events::parse_with(&p, line, &COMMANDS).map_err(|e| e.to_string())?;
        self.play(&p, event, line)
    }

    /// Applies `event` to `p` and reports what is due next.
    fn play(&mut self, p: &Position, event: Event, text: &str) -> Result<String, String> {
        let cash = event.cash(p.state());
        let seen = self.counted(p, event);
        let mut said = describe(p, event);
        let mut outcome = events::apply(p, event, text).map_err(|e| e.to_string())?;
        if let Event::Roll(dice) = event {
            // Where the dice took the ships: after roll 3, before its
            // resolution sends them on (R9).
            let moved = Position::from_parts(p.names().to_vec(), rules::moved(p.state(), dice));
            said = format!("{said}: {}", board::ships_line(&moved));
        }
        let done;
        (outcome, done) = play_itself(p, outcome)?;
        for words in &done {
            said = format!("{said}; {words}");
        }
        let after = match &outcome {
            Outcome::Going(after) => *after.state(),
            Outcome::Settled(v) => v.state,
        };
        // The shares mortgaged to pay for the event (R5), said above the board.
        let mortgaged = rules::shares_mortgaged(p.state(), &after);
        let lines = render::settlement::mortgage_lines(p.names(), &mortgaged);
        self.history.push(Step {
            outcome,
            cash,
            said,
            seen,
            played_itself: !done.is_empty(),
            mortgaged: mortgaged.iter().flatten().any(|&n| n > 0),
        });
        self.rows = None;
        Ok(render::wrap::wrap(&lines, self.options.fit.width) + &self.report())
    }

    /// What the session computes with now: the model given by `model`,
    /// carried to a session begun again at the layout question.
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// At the start of the voyage that answered the layout question, with
    /// nothing played since (a voyage's start plays nothing itself).
    fn at_answered_question(&self) -> bool {
        self.options.asked
            && self.history.len() < 2
            && self.finished.is_empty()
            && !self.awaiting_layout
    }

    fn undo(&mut self) -> Result<String, String> {
        if self.history.len() < 2 && !self.awaiting_layout && self.finished.is_empty() {
            // Refused: the advice shown stays, and its rows with it.
            let now = match &self.current().outcome {
                Outcome::Going(p) => format!(" {}", board::status(p)),
                Outcome::Settled(_) => String::new(),
            };
            return Err(format!(
                "nothing to undo: this is where the session began.{now}"
            ));
        }
        self.rows = None;
        if std::mem::take(&mut self.awaiting_layout) {
            // Only the question was asked: the voyage is still settled.
            return Ok("'new' cancelled: the voyage is settled as it was.\n".into());
        }
        if self.history.len() < 2 {
            // At a voyage's start: back to the settlement of the last one,
            // so that a mistyped layout can be typed again.
            let last = self.finished.pop().ok_or("nothing to undo")?;
            self.history = last.history;
            return Ok(format!(
                "Undid 'new': back to the end of the last voyage.\n{}",
                self.report_with(false)
            ));
        }
        let undone = self.history.pop().map(|s| s.said).unwrap_or_default();
        let now = match &self.current().outcome {
            Outcome::Going(p) => board::status(p),
            Outcome::Settled(_) => String::new(),
        };
        let mut out = render::wrap::wrap(
            &format!("Undid '{undone}'. {now}\n"),
            self.options.fit.width,
        );
        if self.options.me.is_none() || self.my_decision() {
            out += &self.report_with(false);
        }
        Ok(out)
    }

    /// Whether the seat of `--me` decides now.
    fn my_decision(&self) -> bool {
        let (Some(me), Outcome::Going(p)) = (&self.options.me, &self.current().outcome) else {
            return false;
        };
        p.state().decider().is_some() && p.state().decider() == find_player(p, me)
    }

    /// What is due now: the board and the advice (or the dice), in one line
    /// when `--me` is given and someone else decides, or the settlement.
    fn report(&mut self) -> String {
        self.report_with(true)
    }

    /// The report, `echo` saying whether the event that led here is repeated:
    /// not after `undo`, where it would read as just played.
    fn report_with(&mut self, echo: bool) -> String {
        // Every change of the voyage is reported, and its advice may be
        // long: the line to go on from is current before it starts.
        self.publish_resume();
        let step = self.current();
        let said = if echo {
            step.said.clone()
        } else {
            String::new()
        };
        let position = match &step.outcome {
            Outcome::Settled(v) => {
                let end = self.end_of_voyage(v);
                // Without --me the event is said only when the session
                // played something itself.
                if said.is_empty() || !(self.options.me.is_some() || step.played_itself) {
                    return end;
                }
                return render::wrap::wrap(&format!("{said}.\n"), self.options.fit.width) + &end;
            }
            Outcome::Going(p) => p.clone(),
        };
        let mine = self.my_decision();
        let happened = if said.is_empty() {
            String::new()
        } else {
            format!("{said}. ")
        };
        if self.options.me.is_some() && !mine {
            let line = format!(
                "{happened}{}{}",
                board::status(&position),
                typing_example(&position)
            );
            return render::wrap::wrap(&line, self.options.fit.width) + "\n";
        }
        // Without --me the event is said only when the session played
        // something itself: the board alone would not show it.
        let say = !happened.is_empty() && (self.options.me.is_some() || step.played_itself);
        let lead = match say {
            true => render::wrap::wrap(
                &format!("{}\n", happened.trim_end()),
                self.options.fit.width,
            ),
            false => String::new(),
        };
        let board = board::draw_fit(&position, self.options.fit.width);
        let due = match position.state().phase {
            Phase::Roll => render::wrap::wrap(
                &format!(
                    "{} E.g. '{}'.\n",
                    board::status(&position),
                    rules::roll_example(position.state())
                ),
                self.options.fit.width,
            ),
            _ => {
                // Every caller ends its answer with the report: the
                // advice comes last, once the rest is on screen.
                let request = self.with_fit(self.request.clone());
                self.due = Some((position.clone(), request));
                String::new()
            }
        };
        format!("{lead}{board}\n{due}")
    }
}

/// `compute` with a progress bar for `what`; `None` when Ctrl-C stopped it
/// (what it computed is partial, and is not shown).
fn with_progress<T>(
    what: &str,
    request: &Request,
    compute: impl FnOnce(analysis::Progress) -> T,
) -> Option<T> {
    let mut bar = commands::progress_bar(what, request);
    let _quiet = echo::Quiet::start();
    let mut report = |tick| bar.update(tick);
    interrupt::clear();
    let out = compute(&mut report);
    bar.finish();
    if interrupt::requested() {
        interrupt::clear();
        return None;
    }
    Some(out)
}
