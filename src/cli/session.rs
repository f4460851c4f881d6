//! `session`: whole voyages at the table, one event or command per line.
//!
//! After each event it prints the board and the advice for whoever decides
//! next, or, with `--me`, one line unless that player decides. On a terminal
//! lines are read with a prompt, line editing and history (rustyline); from a
//! pipe they are read as bytes, so that a line that is not UTF-8 is one
//! refused line and not the end of the session. A refused line is reported on
//! standard error (with its line number from a pipe); every other line is
//! still played.

use super::auction::{self, Start};
use super::config::default_stop;
use super::{commands, terminal_safe, words};
use crate::engine::analysis::{self, Request};
use crate::engine::bid;
use crate::engine::cache::Cache;
use crate::engine::fit::{self, Observed};
use crate::engine::interrupt;
use crate::engine::layouts as engine_layouts;
use crate::parse::events::{self, Event, Outcome, find_player};
use crate::parse::{layout, notation, said};
use crate::position::Position;
use crate::render::{self, Fit, Format, board, how, settlement};
use crate::report::{Future, Lambda, Voyage};
use crate::rules::{self, Action, Cargo, MAX_PLAYERS, Phase, PlayerId, State};
use std::cell::OnceCell;
use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};

/// The words a session knows besides events, for "did you mean".
const COMMANDS: [&str; 14] = [
    "show", "pos", "advise", "odds", "model", "fit", "undo", "new", "bid", "layouts", "help",
    "quit", "exit", "roll",
];

const HELP: &str = "\
Events, as at the table (any case; a cargo by its initial, j s g n;
harbour and shipyard as h and y: h:b, y:c, j:h; a space for the colon):
  [player] ship:jade | harbour:B | shipyard:C | pirate | pilot:small
           | pilot:large | insurance | pass          a placement (R5)
  roll 5 3 2        the dice, one per ship at sea in ship order (or 3)
  stay | board:silk | board:jade/remove:1           a pirate after roll 2
  jade+1 | silk-1,jade+1 | none                    the small or large pilot
  jade:harbour,silk:shipyard                       the captain's plunder
  1, 2, ...         take that row of the last advice
Commands:
  show | pos        the board | the position in the notation
  advise [MODEL]    advice now (MODEL: auto, none, greedy, round,
                    paranoid, equilibrium, quantal)
  odds [MODEL]      each ship's odds and every player's value
  model MODEL       the model of every later advice
  fit               the quantal model's lambda, fitted to the placements seen
                    (the others' with --me) unless --lambda gives it
  undo              take the last event back (after 'new': the 'new')
  new [LAYOUT]      the next voyage, after the settlement: 'new J2 S3 G4'
                    (same players; a name first makes them harbour master;
                    'new b bid:7 buy:jade J2 S3 G4': b paid 7 for the role
                    and bought a jade share, R16)
  bid [buy]         after the settlement: what the harbour master is worth
                    to each player at the next auction (R16; with 'buy',
                    every share purchase weighed too)
  layouts [NAME] [buy]
                    after the settlement: the best 10 layouts for the next
                    harbour master (NAME, or the last one; 'buy' as above)
  help | quit";

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
        })
    }
}

/// What the session says when it makes a roll that moves nothing itself.
const AUTO_ROLL: &str = "no ship is at sea";
/// Said when the session lets the pirates stay, none having a choice.
const AUTO_STAY: &str = "no ship on 13 has a seat to board";

/// A placement seen at the table, for fitting the quantal model (R15): the
/// state before it and the action taken.
struct Seen {
    state: State,
    action: Action,
    /// Its options valued under `none`, worked out when a fit first needs
    /// them: a session under another model never pays for them.
    observed: OnceCell<Option<Observed>>,
}

impl Seen {
    fn new(state: State, action: Action) -> Seen {
        Seen {
            state,
            action,
            observed: OnceCell::new(),
        }
    }
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
}

/// The command that goes on from the voyage under way, when there is one.
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
}

impl Reply {
    fn text(text: String) -> Reply {
        Reply {
            text,
            error: None,
            quit: false,
        }
    }

    fn error(error: impl Into<String>) -> Reply {
        Reply {
            text: String::new(),
            error: Some(error.into()),
            quit: false,
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

impl Session {
    /// A session from `start`; `options.me` must name a player of it. What
    /// its harbour master paid counts in their profit.
    pub fn new(start: Start, request: &Request, options: Options) -> Result<Session, String> {
        let Start {
            position: start,
            payer,
            said,
        } = start;
        if let Some(me) = &options.me {
            find_player(&start, me).ok_or_else(|| {
                format!(
                    "--me: '{me}' is not a player ({})",
                    start.names().join(", ")
                )
            })?;
        }
        let mut first = Step::start(start)?;
        if let Some((hm, paid)) = payer {
            first.cash[hm as usize] = -(paid as i64);
        }
        Ok(Session {
            opening: render::wrap::wrap(&said, options.fit.width),
            history: vec![first],
            request: request.clone(),
            options,
            cache: Cache::default(),
            rows: None,
            awaiting_layout: false,
            finished: Vec::new(),
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
    ) -> io::Result<usize> {
        let interactive = lines.interactive();
        let first = std::mem::take(&mut self.opening) + &self.report();
        write!(out, "{first}")?;
        out.flush()?;
        let mut refused = 0;
        let mut number = 0;
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
        }
        if interactive && let Some(command) = self.resume_command() {
            // A typed voyage is not lost with the session: the line to go on
            // from, unbroken so that it can be copied whole.
            write!(err, "{}", resume_words(&terminal_safe(&command)))?;
        }
        Ok(refused)
    }

    /// The command that starts a session where this one stands: `None`
    /// when the voyage is settled (nothing is left to play) or nothing has
    /// happened since the command line's start.
    pub fn resume_command(&self) -> Option<String> {
        let Outcome::Going(p) = &self.current().outcome else {
            return None;
        };
        if self.history.len() < 2 && self.finished.is_empty() {
            return None;
        }
        // `--pos=` and `--me=`: a name may begin with '-', which a flag's
        // separate value may not.
        let mut command = format!(
            "manila-odds session --pos={}",
            shell_quoted(&notation::format(p))
        );
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
        let command = self.resume_command();
        if let Ok(mut slot) = slot.lock() {
            *slot = command;
        }
    }

    /// The answer to one line of input (not blank, trimmed).
    fn line(&mut self, line: &str) -> Reply {
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
            false => Reply::error(events::not_deciding(p, named)),
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
            Outcome::Settled(v) => Err(match v.game_over {
                Some(cargo) => game_over_words(cargo),
                None if self.awaiting_layout => "the voyage is over and 'new' awaits the next \
                                                 one's layout, e.g. 'J2 S3 G4'; 'undo' takes \
                                                 'new' back"
                    .into(),
                None => "the voyage is over: 'bid' and 'layouts' weigh the next one, 'new' \
                         starts it, 'undo' takes the last event back"
                    .into(),
            }),
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

    /// `request` with the quantal model's lambda fitted to the placements
    /// seen so far (R15), unless `--lambda` gave it. Under another model too:
    /// the advice names the best option under quantal as well.
    fn with_fit(&mut self, mut request: Request) -> Request {
        if !self.lambda_given {
            request.lambda = self.fitted();
        }
        request
    }

    /// Lambda fitted to the placements seen (the prior when there are none).
    fn fitted(&mut self) -> Lambda {
        fit::fit(&self.observations())
    }

    /// Every placement seen in the session, in order: the voyages finished,
    /// then this one's.
    fn seen(&self) -> impl Iterator<Item = &Seen> {
        seen_in(&self.finished, &self.history)
    }

    /// The placements seen, as (state before, action taken).
    #[cfg(test)]
    fn placements(&self) -> Vec<(State, Action)> {
        self.seen().map(|seen| (seen.state, seen.action)).collect()
    }

    /// The placements seen, each with its options valued under `none`: as
    /// `fit::observe_all` would, but each valued once for the session.
    fn observations(&mut self) -> Vec<Observed> {
        let solver = self.cache.solver(self.request.valuation);
        seen_in(&self.finished, &self.history)
            .filter_map(|seen| {
                let observed = seen
                    .observed
                    .get_or_init(|| fit::observe(solver, &seen.state, seen.action));
                observed.clone()
            })
            .collect()
    }

    /// `fit`: the quantal model's lambda and what it rests on (R15).
    fn fit_report(&mut self) -> String {
        let seen = self.seen().count();
        let mut out = if self.lambda_given {
            let given = how::lambda(&self.request.lambda);
            let seen = self.seen_words(seen);
            format!("Quantal model (R15): {given} by --lambda, so not fitted; {seen}.")
        } else {
            let fitted = self.fitted();
            let mut out = format!(
                "Quantal model (R15): {}; {} (prior median {}).",
                how::lambda(&fitted),
                self.seen_words(seen),
                fit::PRIOR_LAMBDA
            );
            let flat = seen.saturating_sub(fitted.decisions);
            if flat > 0 {
                out += &format!(" {flat} chose between options all worth the same: not counted.");
            }
            out
        };
        if self.request.future != Future::Quantal {
            let model = self.request.future.name();
            out += &format!(" The model is {model}: 'model quantal' puts lambda to use.");
        }
        render::wrap::wrap(&out, self.options.fit.width) + "\n"
    }

    /// "3 placements seen by every player", or by the others with `--me`.
    fn seen_words(&self, seen: usize) -> String {
        let placements = match seen {
            1 => "1 placement".to_string(),
            n => format!("{n} placements"),
        };
        match &self.options.me {
            Some(me) => format!("{placements} seen by players other than {me}"),
            None => format!("{placements} seen by every player"),
        }
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

    /// `bid [buy]` after a settlement: what the harbour master is worth to
    /// each player at the next voyage's auction (R16), on the cash, shares
    /// and prices the next voyage starts with.
    fn auction(&mut self, rest: &str) -> Result<String, String> {
        let v = self.settled("bid")?;
        let (name, buy) = harbour_words("bid", &v.names, rest)?;
        if let Some(name) = name {
            return Err(format!(
                "bid: '{name}': the auction values every player as harbour master; \
                 'bid' or 'bid buy'"
            ));
        }
        let start = carried_over(&v, STAND_IN_LAYOUT)?;
        let request = self.layouts_request("bid")?;
        let typed = format!("bid {rest}");
        let Some(bids) = with_progress("bids", &request, |report| {
            bid::bids(start.state(), buy, &request, report)
        }) else {
            return Ok(self.stopped("bids", typed.trim()));
        };
        Ok(render::renderer_fit(Format::Table, self.options.fit).bids(&start, &bids))
    }

    /// `layouts [NAME] [buy]` after a settlement: the next voyage's layouts
    /// compared for its harbour master (R3), the best 10 unless `--top`.
    fn layouts(&mut self, rest: &str) -> Result<String, String> {
        let v = self.settled("layouts")?;
        let (name, buy) = harbour_words("layouts", &v.names, rest)?;
        let words = match &name {
            Some(name) => format!("{} {STAND_IN_LAYOUT}", notation::tag(name)),
            None => STAND_IN_LAYOUT.to_string(),
        };
        let start = carried_over(&v, &words)?;
        let request = self.layouts_request("layouts")?;
        let typed = format!("layouts {rest}");
        let all = rules::layouts();
        let Some(compared) = with_progress("layouts", &request, |report| {
            engine_layouts::compare(start.state(), &all, buy, &request, report)
        }) else {
            return Ok(self.stopped("layouts", typed.trim()));
        };
        let top = self.options.fit.top.unwrap_or(SESSION_LAYOUTS);
        Ok(render::renderer_fit(Format::Table, self.options.fit).layouts(&start, &compared, top))
    }

    /// The voyage just settled, when the next one's auction and layout can
    /// be weighed (R16): not during a voyage, nor after the game's end.
    fn settled(&self, command: &str) -> Result<Voyage, String> {
        match &self.current().outcome {
            Outcome::Settled(v) => match v.game_over {
                Some(cargo) => Err(game_over_words(cargo)),
                None => Ok(v.clone()),
            },
            Outcome::Going(_) => Err(format!(
                "{command}: the next voyage's auction and layout come after this \
                 voyage's settlement (R16)"
            )),
        }
    }

    /// What a computation of `what` stopped by Ctrl-C says: `typed` asks again.
    fn stopped(&self, what: &str, typed: &str) -> String {
        let words = format!("Interrupted: no {what} (Ctrl-C). '{typed}' asks again.\n");
        render::wrap::wrap(&words, self.options.fit.width)
    }

    /// The session's request as `layouts` and `bid` take it: shares count
    /// (as their commands' default), and the play-outs of a layouts run
    /// unless `--samples` was given.
    fn layouts_request(&mut self, command: &str) -> Result<Request, String> {
        let mut r = self.request.clone();
        if r.future == Future::Paranoid {
            return Err(format!(
                "{command}: the session's model, paranoid, searches one player's placements \
                 against the others' and compares no layouts: 'model auto' (round at a \
                 voyage's start) or 'model round' first"
            ));
        }
        r.valuation.count_shares = true;
        if !self.options.samples_given && r.sampling.samples.is_some() {
            default_stop(&mut r.sampling, r.future, true, true);
        }
        engine_layouts::check(&r).map_err(|e| format!("{command}: {}", words::request_error(e)))?;
        Ok(self.with_fit(r))
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
        let p = self.going()?.clone();
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
        let mortgaged = mortgage_words(p.names(), p.state(), &after);
        self.history.push(Step {
            outcome,
            cash,
            said,
            seen,
            played_itself: !done.is_empty(),
        });
        self.rows = None;
        Ok(render::wrap::wrap(&mortgaged, self.options.fit.width) + &self.report())
    }

    fn undo(&mut self) -> Result<String, String> {
        if self.history.len() < 2 && !self.awaiting_layout && self.finished.is_empty() {
            // Refused: the advice shown stays, and its rows with it.
            return Err("nothing to undo".into());
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

    /// The placement `event` is in `p`, when it counts for the fit: every
    /// player's, or with `--me` the others' only, whose play is the unknown.
    fn counted(&self, p: &Position, event: Event) -> Option<Seen> {
        let Event::Decide { action, .. } = event else {
            return None;
        };
        let s = p.state();
        if !matches!(s.phase, Phase::Placement { .. }) {
            return None;
        }
        let me = self.options.me.as_deref().and_then(|me| find_player(p, me));
        (me.is_none() || s.decider() != me).then(|| Seen::new(*s, action))
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
                let request = self.with_fit(self.request.clone());
                self.advice(&position, &request)
            }
        };
        format!("{lead}{board}\n{due}")
    }

    /// The settlement, each player's profit over the voyage, and what may
    /// come next.
    fn end_of_voyage(&self, v: &Voyage) -> String {
        let profits = self.profits(v);
        let mut out = settlement::settlement(v);
        // The insurer's claims may have cost shares (R5, R11): the
        // settlement says which.
        let mortgaged = v.mortgaged.iter().flatten().any(|&n| n > 0);
        let heading = self.profit_heading(mortgaged);
        out += &settlement::profits(v, &profits, &heading);
        if !self.finished.is_empty() {
            let earlier = |p: usize| -> i64 {
                let profits = self.finished.iter().map(|f| f.profits.get(p));
                profits.map(|x| x.copied().unwrap_or(0)).sum()
            };
            let total: Vec<i64> = (0..profits.len())
                .map(|p| profits[p] + earlier(p))
                .collect();
            let heading = format!("Profit over {} voyages:", self.finished.len() + 1);
            out += &settlement::profits(v, &total, &heading);
        }
        // A session begun where the voyage settled at once has no event to
        // take back.
        let undo = match self.history.len() > 1 || !self.finished.is_empty() {
            true => "'undo' takes the last event back, ",
            false => "",
        };
        out += &if v.game_over.is_some() {
            format!("{undo}'quit' leaves.\n")
        } else {
            format!(
                "The voyage is over: 'bid' values the auction for the next one (R16), \
                 'layouts' its layouts; 'new J2 S3 G4' starts it (its layout; a name \
                 first makes that player harbour master), {undo}'quit' leaves.\n"
            )
        };
        render::wrap::wrap(&out, self.options.fit.width)
    }

    /// The heading of the voyage's profits: a session begun in mid-voyage
    /// saw none of the placements made before it, nor what they cost; a
    /// mortgage at the settlement raised cash that is no profit.
    fn profit_heading(&self, mortgaged: bool) -> String {
        let from_start = match self.history.first().map(|s| &s.outcome) {
            Some(Outcome::Going(p)) => {
                let s = p.state();
                s.rolls_done == 0 && s.player_ids().all(|q| s.placed(q) == 0 && !s.has_passed(q))
            }
            // Settled at once: begun at its end, where the session played
            // the rest itself (no voyage's start settles).
            Some(Outcome::Settled(_)) => false,
            None => true,
        };
        let mortgage = match mortgaged {
            true => "; a mortgage's 12 is not profit",
            false => "",
        };
        match from_start {
            true => format!("Profit over the voyage (R13{mortgage}):"),
            false => format!(
                "Profit since the session began (R13; the placements made before it \
                 are not counted{mortgage}):"
            ),
        }
    }

    /// Each player's profit since the voyage's start in this session:
    /// what every event paid and cost, and the settlement (R13).
    fn profits(&self, v: &Voyage) -> Vec<i64> {
        (0..v.names.len())
            .map(|p| {
                let moved: i64 = self.history.iter().map(|s| s.cash[p]).sum();
                moved + v.settlement.cash_change(v.state.insurance, p)
            })
            .collect()
    }

    /// `new [LAYOUT]`: after the settlement, the next voyage from its layout.
    fn new_voyage(&mut self, text: &str) -> Result<String, String> {
        let v = match &self.current().outcome {
            Outcome::Settled(v) => v.clone(),
            Outcome::Going(_) => {
                return Err(
                    "the voyage is not over: 'new' starts the next one after the settlement".into(),
                );
            }
        };
        if let Some(cargo) = v.game_over {
            return Err(game_over_words(cargo));
        }
        if text.is_empty() {
            self.awaiting_layout = true;
            let hm = v.state.harbour_master as usize;
            let next = &v.names[(hm + 1) % v.names.len()];
            let ask = format!(
                "The next voyage: type its layout, e.g. 'J2 S3 G4' (harbour master {}), \
                 or a name first for another harbour master: '{next} J2 S3 G4'; 'undo' \
                 takes 'new' back.\n",
                v.names[hm]
            );
            return Ok(render::wrap::wrap(&ask, self.options.fit.width));
        }
        let Start {
            position: start,
            payer,
            said,
        } = next_start(&v, text)?;
        if let Some(me) = &self.options.me
            && find_player(&start, me).is_none()
        {
            return Err(format!("--me: '{me}' is not a player of that voyage"));
        }
        let mut first = Step::start(start)?;
        let profits = self.profits(&v);
        self.awaiting_layout = false;
        // The bid and the share bought count in the new voyage's profit.
        if let Some((hm, paid)) = payer {
            first.cash[hm as usize] = -(paid as i64);
        }
        let history = std::mem::replace(&mut self.history, vec![first]);
        self.finished.push(Finished { history, profits });
        self.rows = None;
        Ok(render::wrap::wrap(&said, self.options.fit.width) + &self.report())
    }
}

/// What the session plays itself after an event, or at a voyage's start,
/// in `outcome` (from `before`, whose players it names): the pirates' stay
/// when they have no choice (R7); with every ship in port, the pilots'
/// `none` (R8, nothing to move) and a roll that moves nothing (R6), so that
/// the voyage settles. The outcome after them, and each said in words.
fn play_itself(before: &Position, outcome: Outcome) -> Result<(Outcome, Vec<String>), String> {
    let (mut outcome, stayed) = pirates_stay(outcome)?;
    let mut done: Vec<String> = stay_words(before, &stayed).into_iter().collect();
    let in_port = |p: &Position| p.state().ships_at_sea().next().is_none();
    let mut pilots = false;
    while let Outcome::Going(after) = &outcome
        && matches!(after.state().phase, Phase::SmallPilot | Phase::LargePilot)
        && in_port(after)
    {
        let none = Event::Decide {
            player: None,
            action: Action::PILOT_NONE,
        };
        outcome = events::apply(after, none, "none").map_err(|e| e.to_string())?;
        pilots = true;
    }
    if let Outcome::Going(after) = &outcome
        && after.state().phase == Phase::Roll
        && in_port(after)
    {
        let roll = after.state().rolls_done + 1;
        outcome = events::apply(after, Event::Roll([1; 3]), "roll").map_err(|e| e.to_string())?;
        let moves = if pilots {
            "the pilots have nothing to move and "
        } else {
            ""
        };
        done.push(format!("{AUTO_ROLL}, so {moves}roll {roll} moves nothing"));
    }
    Ok((outcome, done))
}

/// When the pirates of a boarding step (R7) have nothing to choose, no ship
/// on 13 having a seat they may take: the voyage after each has stayed,
/// and who stayed, in turn (nobody when they have a choice, or no boarding
/// is due). Asking them would only ask for `stay`.
fn pirates_stay(mut outcome: Outcome) -> Result<(Outcome, Vec<PlayerId>), String> {
    let mut stayed = Vec::new();
    while let Outcome::Going(p) = &outcome
        && matches!(p.state().phase, Phase::Boarding { .. })
        && rules::legal_actions(p.state()) == [Action::Stay]
    {
        let stay = Event::Decide {
            player: None,
            action: Action::Stay,
        };
        stayed.extend(p.state().decider());
        outcome = events::apply(p, stay, "stay").map_err(|e| e.to_string())?;
    }
    Ok((outcome, stayed))
}

/// What the session says when it let `stayed` stay: "no ship on 13 has a
/// seat to board, so the pirate y stays (R7)"; `None` when nobody did.
fn stay_words(p: &Position, stayed: &[PlayerId]) -> Option<String> {
    let names: Vec<&str> = stayed.iter().map(|&id| p.name(id)).collect();
    let who = match names.as_slice() {
        [] => return None,
        [one] => format!("the pirate {one} stays"),
        [one, two, ..] => format!("the pirates {one} and {two} stay"),
    };
    Some(format!("{AUTO_STAY}, so {who} (R7)"))
}

/// What a session says, on standard error, when it is left with a voyage
/// under way: the command on a line of its own, never broken, so that it
/// can be copied whole.
pub fn resume_words(command: &str) -> String {
    format!("To go on from this voyage later:\n  {command}\n")
}

/// `s` as one word of a POSIX shell: bare when it is plain, else in single
/// quotes (a quote inside written as '\'').
fn shell_quoted(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.,:/@".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        return s.to_string();
    }
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// Why nothing can follow a settlement that ended the game.
fn game_over_words(cargo: Cargo) -> String {
    format!(
        "the game is over: {} reached 30 (R12); 'undo' takes the last event back",
        cargo.name()
    )
}

/// `compute` with a progress bar for `what`; `None` when Ctrl-C stopped it
/// (what it computed is partial, and is not shown).
fn with_progress<T>(
    what: &str,
    request: &Request,
    compute: impl FnOnce(analysis::Progress) -> T,
) -> Option<T> {
    let mut bar = commands::progress_bar(what, request);
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

/// What a computation stopped by Ctrl-C leaves: no figure, and the way on.
/// `none` is offered for this one answer only: `model none` would change
/// every later advice as well.
fn interrupted(what: &str) -> String {
    let ask = if what == "odds" { "odds" } else { "advise" };
    format!(
        "Interrupted: no {what} (Ctrl-C). The voyage is kept as it stands: '{ask}' asks \
         again, '{ask} none' answers at once.\n"
    )
}

/// The next voyage's start from `text`: the layout alone (same players and
/// harbour master), a player's name then the layout (that player harbour
/// master), or players and layout as for `--layout`; anywhere after the name,
/// `bid:N` (the harbour master's winning bid, R16) and `buy:CARGO` (the share
/// they buy, R1). With the same players, cash (with the settlement), shares,
/// prices (risen, R12) and the variants carry over.
fn next_start(v: &Voyage, text: &str) -> Result<Start, String> {
    let (text, deal) = auction::words(text, "new")?;
    let start = carried_over(v, &text)?;
    auction::pay(start, deal, "new")
}

/// The layouts a session's `layouts` shows unless `--top` says otherwise.
const SESSION_LAYOUTS: usize = 10;

/// A layout that stands in for the next voyage's while every layout is
/// compared (`bid`, `layouts`).
const STAND_IN_LAYOUT: &str = "J2 S3 G4";

/// The words after `bid` or `layouts`: a player's name and `buy`, in any
/// order. A player may be named `buy`: the first such word names them when
/// no other name is given, the flag being the second.
fn harbour_words(
    command: &str,
    names: &[String],
    rest: &str,
) -> Result<(Option<String>, bool), String> {
    let (buys, others): (Vec<&str>, Vec<&str>) = said::words(rest)
        .into_iter()
        .partition(|w| w.eq_ignore_ascii_case("buy"));
    let buys = buys.len();
    if let Some(word) = others.iter().find(|w| w.to_lowercase().starts_with("buy:")) {
        return Err(format!(
            "{command}: '{word}': 'buy' alone compares every purchase; buy:CARGO goes \
             with 'new', once the auction is won"
        ));
    }
    let named_buy = said::player(names, "buy").is_some();
    let (name, buy) = match (others.as_slice(), buys) {
        ([], 0) => (None, false),
        ([], 1) if named_buy => (Some("buy".to_string()), false),
        ([], _) if named_buy => (Some("buy".to_string()), true),
        ([], _) => (None, true),
        ([one], n) => (Some(one.to_string()), n > 0),
        ([_, second, ..], _) => return Err(format!("{command}: '{second}': one name at most")),
    };
    match name {
        Some(name) => match said::player(names, &name) {
            Some(p) => Ok((Some(names[p].clone()), buy)),
            None => {
                let all: Vec<&str> = names.iter().map(String::as_str).collect();
                Err(format!(
                    "{command}: '{name}' is not a player ({}){}",
                    all.join(", "),
                    said::did_you_mean(&name, &all)
                ))
            }
        },
        None => Ok((None, buy)),
    }
}

/// The next voyage's start from the layout words (see [`next_start`]).
fn carried_over(v: &Voyage, text: &str) -> Result<Position, String> {
    let first = said::words(text).first().copied().unwrap_or_default();
    let players = |hm: usize| {
        let names: Vec<String> = v
            .names
            .iter()
            .enumerate()
            .map(|(p, n)| match p == hm {
                true => format!("{}*", notation::tag(n)),
                false => notation::tag(n),
            })
            .collect();
        names.join(",")
    };
    // A name first (one of them may hold a comma, in quotes) before a
    // players token of its own.
    let full = if let Some(p) = said::player(&v.names, first) {
        let rest = text[first.len()..].trim();
        format!("{} {rest}", players(p))
    } else if first.contains(',') {
        text.to_string()
    } else if !first.is_empty() && first.chars().all(char::is_alphabetic) {
        // A word with no space number is no ship (J2): a name mistyped.
        let names: Vec<&str> = v.names.iter().map(String::as_str).collect();
        return Err(format!(
            "new: '{first}' is neither a player ({}) nor a ship (the layout is three ships, e.g. J2 S3 G4){}",
            names.join(", "),
            said::did_you_mean(first, &names)
        ));
    } else {
        format!("{} {text}", players(v.state.harbour_master as usize))
    };
    let start = layout::voyage_start(&full).map_err(|e| format!("new: {e}"))?;
    if start.names() != v.names.as_slice() {
        return Ok(start);
    }
    let mut s = *start.state();
    let old = &v.state;
    // Cash goes on from where the voyage left it (costs paid, premiums
    // received), with the settlement.
    let after = rules::accounts_after(old, &v.settlement);
    s.cash = after.cash;
    s.shares = after.shares;
    s.prices = v.prices;
    s.variant.strong_pirates |= old.variant.strong_pirates;
    s.variant.thirteen_wrecks |= old.variant.thirteen_wrecks;
    Ok(Position::from_parts(start.names().to_vec(), s))
}

/// The placements seen in the voyages finished, then in this one.
fn seen_in<'a>(finished: &'a [Finished], history: &'a [Step]) -> impl Iterator<Item = &'a Seen> {
    let before = finished.iter().flat_map(|f| &f.history);
    before.chain(history).filter_map(|step| step.seen.as_ref())
}

/// `advise greedy`, `advise --future greedy`: the model named, if any.
fn model_word(rest: &str) -> Result<Option<Future>, String> {
    let word = rest.trim().trim_start_matches("--future").trim();
    if word.is_empty() {
        return Ok(None);
    }
    let models = [
        Future::None,
        Future::Greedy,
        Future::Round,
        Future::Paranoid,
        Future::Auto,
        Future::Equilibrium,
        Future::Quantal,
    ];
    models
        .into_iter()
        .find(|f| f.name().eq_ignore_ascii_case(word))
        .map(Some)
        .ok_or_else(|| {
            let names = models.map(Future::name);
            format!(
                "'{word}' is not a model (none, greedy, round, paranoid, auto, equilibrium, quantal){}",
                said::did_you_mean(word, &names)
            )
        })
}

/// The shares each player mortgaged to pay for an event (R5), a line each:
/// "r mortgaged 1 silk share to pay (R5: 12 each).", or nothing.
fn mortgage_words(names: &[String], before: &State, after: &State) -> String {
    settlement::mortgage_lines(names, &rules::shares_mortgaged(before, after))
}

/// An event in words with who took it: "red ship:jade", "roll 5 4 3" (the
/// dice of the ships at sea only).
fn describe(p: &Position, event: Event) -> String {
    let s = p.state();
    match event {
        Event::Decide { action, .. } => match s.decider() {
            Some(d) => format!("{} {action}", p.name(d)),
            None => action.to_string(),
        },
        Event::Roll(dice) => {
            let rolled: Vec<String> = s.ships_at_sea().map(|i| dice[i].to_string()).collect();
            format!("roll {}", rolled.join(" "))
        }
    }
}

/// How to type the decision due at `p` for the player who takes it, when
/// the board is not shown: " E.g. 'Dan stay' or 'Dan board:jade'." (a
/// placement and a roll are told well enough by the status line).
fn typing_example(p: &Position) -> String {
    let s = p.state();
    let (Some(who), legal) = (s.decider(), p.legal_actions()) else {
        return String::new();
    };
    let typed = |a: &Action| format!("'{} {a}'", notation::tag(p.name(who)));
    match (s.phase, legal.as_slice()) {
        (Phase::Placement { .. }, _) | (_, []) => String::new(),
        (Phase::Plunder, [a, ..]) | (_, [a]) => format!(" E.g. {}.", typed(a)),
        (_, [a, b, ..]) => format!(" E.g. {} or {}.", typed(a), typed(b)),
    }
}

/// What is due at `p`, as the board says it, begun in lower case to follow
/// a colon.
fn status_words(p: &Position) -> String {
    let status = board::status(p);
    let (first, rest) = status.split_at(status.chars().next().map_or(0, char::len_utf8));
    first.to_lowercase() + rest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analysis::MethodChoice;
    use crate::engine::sample;
    use crate::parse::notation;

    /// Last round after roll 2; blue, green, yellow and red each place one more.
    const LAST_ROUND: &str = "red,blue*,green,yellow 2:blue J10:blue G8:yellow N9:yellow H:blue,red Y:red X:green s:green";

    fn quantal_session(me: Option<&str>) -> Session {
        let start = notation::parse(LAST_ROUND).expect("a valid notation");
        let mut request = Request::new(MethodChoice::Auto, sample::Settings::new(0));
        request.future = Future::Quantal;
        let options = Options {
            me: me.map(String::from),
            ..Options::default()
        };
        Session::new(start.into(), &request, options).expect("a session")
    }

    #[test]
    fn a_decision_typed_for_another_player_has_an_example() {
        let example = |text: &str| typing_example(&notation::parse(text).expect("position"));
        let small = "red*,blue,green 2:small J10:red.green S12:blue.blue G13:green.red H:red \
                     X:blue s:red l:blue i:green p:green";
        assert_eq!(example(small), " E.g. 'red none' or 'red jade+1'.");
        let plunder = "r*,b,g,y 3:plunder J13:r.b S13:g N8 X:y";
        assert_eq!(example(plunder), " E.g. 'y jade:harbour,silk:harbour'.");
        // A placement says itself: "Now r to place".
        assert_eq!(example("r*,b,g,y 0:r J2 S3 G4"), "");
    }

    #[test]
    fn r15_the_sessions_observations_are_observe_alls() {
        let mut session = quantal_session(None);
        for line in ["blue pass", "green ship:jade", "yellow shipyard:b"] {
            assert!(session.line(line).error.is_none(), "{line}");
        }
        let placements = session.placements();
        assert_eq!(placements.len(), 3);
        // Each is the state before the placement and the action taken.
        let Outcome::Going(start) = &session.history[0].outcome else {
            panic!("the start is a voyage going");
        };
        assert_eq!(placements[0].0, *start.state());
        assert_eq!(placements[1].1.to_string(), "ship:jade");
        let expected = fit::observe_all(&placements, session.request.valuation);
        assert_eq!(session.observations(), expected);
        assert_eq!(session.fitted(), fit::fit(&expected));
        // Valued once: a second fit reads the same observations.
        assert_eq!(session.observations(), expected);
    }

    #[test]
    fn an_interrupted_answer_offers_none_for_that_answer_only() {
        let odds = interrupted("odds");
        assert!(
            odds.contains("'odds' asks again, 'odds none' answers at once"),
            "{odds}"
        );
        let advice = interrupted("advice");
        assert!(advice.contains("'advise none' answers at once"), "{advice}");
        assert!(!advice.contains("model none"), "{advice}");
    }

    #[test]
    fn r15_with_me_the_own_placements_are_not_seen() {
        let mut session = quantal_session(Some("Green"));
        for line in ["blue pass", "green ship:jade", "yellow pass"] {
            assert!(session.line(line).error.is_none(), "{line}");
        }
        let actions: Vec<String> = session
            .placements()
            .iter()
            .map(|(_, a)| a.to_string())
            .collect();
        assert_eq!(actions, ["pass", "pass"]);
    }

    /// Lines typed at a terminal, without one: what a person would type.
    struct Typing(std::vec::IntoIter<&'static str>);

    impl Lines for Typing {
        fn next_line(&mut self) -> Option<io::Result<Vec<u8>>> {
            self.0.next().map(|l| Ok(l.as_bytes().to_vec()))
        }

        fn interactive(&self) -> bool {
            true
        }
    }

    /// A session from a voyage's start under `none` (instant advice), its
    /// resume slot shared, run on `typed` as at a terminal: the slot, and
    /// what went to standard error.
    fn typed_session(
        start: &str,
        me: Option<&str>,
        typed: Vec<&'static str>,
    ) -> (Option<String>, String) {
        let start = notation::parse(start).expect("a valid notation");
        let mut request = Request::new(MethodChoice::Auto, sample::Settings::new(0));
        request.future = Future::None;
        let slot = Resume::default();
        let options = Options {
            me: me.map(String::from),
            resume: Some(slot.clone()),
            ..Options::default()
        };
        let mut session = Session::new(start.into(), &request, options).expect("a session");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        session
            .run(&mut Typing(typed.into_iter()), &mut out, &mut err)
            .expect("written to memory");
        let command = slot.lock().expect("not poisoned").clone();
        (command, String::from_utf8(err).expect("UTF-8"))
    }

    #[test]
    fn leaving_a_voyage_under_way_says_the_command_that_goes_on_from_it() {
        // A name with a quote: double quotes in the notation (which has no
        // single ones), and a single quote escaped for the shell.
        let start = r#"r*,b,g,"o'neil" 0:r J2 S3 G4"#;
        let (command, err) =
            typed_session(start, Some("o'neil"), vec!["r ship:j", "b pass", "quit"]);
        let expected = concat!(
            r#"manila-odds session --pos='r*,b,g,"o'\''neil" 0:g J2:r S3 G4 p:b'"#,
            r#" --me='o'\''neil' --future none"#
        );
        assert_eq!(command.as_deref(), Some(expected));
        assert_eq!(
            err,
            format!("To go on from this voyage later:\n  {expected}\n")
        );
    }

    #[test]
    fn the_command_to_go_on_restarts_the_position_as_it_stands() {
        let mut session = quantal_session(None);
        assert_eq!(session.resume_command(), None, "nothing has happened yet");
        assert!(session.line("blue ship:jade").error.is_none());
        let command = session.resume_command().expect("a voyage under way");
        let Outcome::Going(now) = &session.current().outcome else {
            panic!("the voyage goes on");
        };
        let quoted = format!("--pos='{}' --future quantal", notation::format(now));
        assert!(command.ends_with(&quoted), "{command}");
        assert_eq!(notation::parse(&notation::format(now)).as_ref(), Ok(now));
    }

    #[test]
    fn nothing_is_said_on_leaving_a_voyage_not_begun_or_settled() {
        let start = "red*,blue,green,yellow 0:red J2 S3 N4";
        let (command, err) = typed_session(start, None, vec!["help", "quit"]);
        assert_eq!((command, err.as_str()), (None, ""));
        // The voyage of tests/session.rs, played to its settlement.
        let script = include_str!("../../tests/data/voyage.script");
        let (command, err) = typed_session(start, Some("yellow"), script.lines().collect());
        assert_eq!((command, err.as_str()), (None, ""));
    }

    #[test]
    fn a_shell_word_is_quoted_only_when_it_must_be() {
        assert_eq!(shell_quoted("yellow"), "yellow");
        assert_eq!(shell_quoted("a b"), "'a b'");
        assert_eq!(shell_quoted("$r30"), "'$r30'");
        assert_eq!(shell_quoted("o'neil"), r"'o'\''neil'");
        assert_eq!(shell_quoted(""), "''");
    }
}
