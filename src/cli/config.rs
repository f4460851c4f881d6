//! The command line turned into a plain, checked [`Config`]: what to do, where
//! the position comes from, how to print, and the engine's [`Request`].

use super::arena::{ArenaTask, PolicySpec};
use super::args::{
    AdviceTableArgs, ArenaArgs, Args, Command, FormatArg, FutureArg, LayoutArg, MethodArg,
    PositionArgs, ShellArg, SolveArgs,
};
use super::words;
use crate::Error;
use crate::engine::analysis::{self, MAX_LEAVES, MAX_NODES, MethodChoice, Request};
use crate::engine::arena::{self, LayoutChoice};
use crate::engine::{layouts, sample};
use crate::render::{Fit, Format};
use crate::report::{Future, Lambda};
use crate::rules::Variant;
use rand::RngExt;
use std::time::Duration;

/// More threads than this is surely a typo.
pub const MAX_THREADS: usize = 256;

/// The future model when `--future` is not given, for every command: chosen
/// on the arena's evidence (README, "What we measured") as the strongest
/// model that is exact and answers within the table's two seconds from any
/// position: `greedy` wherever greedy is exact, `paranoid` before the first
/// roll (`round` for layouts and bids). Before the first roll `greedy` could
/// only be sampled, and needs seconds to settle there.
pub const DEFAULT_FUTURE: Future = Future::Auto;

/// Play-outs made when no stopping rule is given.
pub const DEFAULT_SAMPLES: u64 = 100_008;

/// Play-outs made when no stopping rule is given and players keep placing.
pub const DEFAULT_SAMPLES_PLACING: u64 = 4_320;

/// Play-outs of the quantal model when no stopping rule is given: two
/// blocks. Its play-outs rarely meet a state twice, so each costs about ten
/// greedy ones (4,320 took 86 s before roll 1 with 3 players).
pub const DEFAULT_SAMPLES_QUANTAL: u64 = 432;

/// Play-outs of `layouts` when players keep placing and no stopping rule is
/// given: two blocks, the least that gives error bars.
pub const DEFAULT_SAMPLES_LAYOUTS: u64 = 432;

/// Play-outs at most of advice sampled until settled, when no stopping rule
/// is given: eight blocks settle nearly every decision (a tie within half a
/// coin needs a joint standard error near 0.1).
pub const DEFAULT_SAMPLES_SETTLING: u64 = 8 * sample::BLOCK;

/// The fewest play-outs a run makes: two blocks, for standard errors.
pub const MIN_SAMPLES: u64 = 2 * sample::BLOCK;

/// What to do, with every argument checked.
#[derive(Debug)]
pub struct Config {
    pub task: Task,
    pub source: Source,
    pub format: Format,
    pub request: Request,
    /// Worker threads for Monte Carlo; `None`: every core.
    pub threads: Option<usize>,
    /// The width of the output and the options shown in a table.
    pub fit: Fit,
    /// Flags the model ignores, said on standard error after the result (a
    /// bot's before its first answer).
    pub notes: Vec<String>,
}

#[derive(Debug)]
pub enum Task {
    Show,
    Advise,
    Odds,
    /// Write the position as JSON (`true`) or notation (`false`); `None`: the
    /// format it was not given in.
    Convert {
        to_json: Option<bool>,
    },
    Apply {
        events: Vec<String>,
    },
    /// A voyage played one line at a time; `me`: the seat of the person
    /// playing (`--me`); `samples_given`: `--samples` was given, so a change
    /// of model keeps it.
    Session {
        me: Option<String>,
        samples_given: bool,
    },
    /// Compare layouts: the best `top`, only those of `only` when given.
    Layouts {
        top: Option<usize>,
        only: Vec<String>,
        buy: bool,
    },
    /// What the harbour master is worth at the auction (R16).
    Bid {
        buy: bool,
    },
    /// Many requests, JSON Lines in and out.
    Batch,
    /// Two policies in duplicate voyages.
    Arena(ArenaTask),
    /// Answer the bot protocol on standard input and output.
    Bot,
    /// A shell's completion script.
    Completions(ShellArg),
    /// The manual page, of the tool or of one command.
    Man(Option<String>),
}

/// Where the position comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Stdin,
    File(String),
    Notation(String),
    /// A layout to start a voyage from (session).
    Layout(String),
    /// Text given in the process (a batch request), and where it came from.
    Text {
        text: String,
        origin: String,
    },
}

impl Source {
    fn from_args(position: Option<String>, pos: Option<String>) -> Source {
        match (position, pos) {
            (_, Some(text)) => Source::Notation(text),
            (Some(path), None) if path == "-" => Source::Stdin,
            (Some(path), None) => Source::File(path),
            (None, None) => Source::Stdin,
        }
    }

    fn of(input: PositionArgs) -> Source {
        Source::from_args(input.position, input.pos)
    }
}

/// The advice table's flags in the output's fit.
fn table_fit(fit: &mut Fit, table: AdviceTableArgs) -> Result<(), Error> {
    fit.top = positive_top(table.top)?;
    fit.risk = table.risk;
    Ok(())
}

/// `--top N` of an advice: at least one option.
fn positive_top(top: Option<usize>) -> Result<Option<usize>, Error> {
    if top == Some(0) {
        return Err(Error::Usage("--top: show at least 1 option".into()));
    }
    Ok(top)
}

fn format_of(json: bool) -> Format {
    if json { Format::Json } else { Format::Table }
}

/// A command's task, source and format, and its solving flags if it has any.
type Parts = (Task, Source, Format, Option<SolveArgs>);

impl Config {
    pub fn from_args(args: Args) -> Result<Config, Error> {
        let mut fit = Fit {
            width: super::output_width(),
            top: None,
            risk: false,
        };
        // `batch` takes no solving flags (each request brings its own), only
        // its threads.
        let batch_threads = match &args.command {
            Command::Batch {
                threads: Some(0), ..
            } => {
                return Err(Error::Usage("--threads: needs at least 1 thread".into()));
            }
            Command::Batch {
                threads: Some(n), ..
            } if *n > MAX_THREADS => {
                let why = format!("--threads: at most {MAX_THREADS} threads");
                return Err(Error::Usage(why));
            }
            Command::Batch { threads, .. } => *threads,
            _ => None,
        };
        let (mut task, source, format, solve) = parts(args.command, &mut fit)?;
        let layouts = matches!(task, Task::Layouts { .. } | Task::Bid { .. });
        let interactive = matches!(task, Task::Advise | Task::Session { .. });
        // A session may change its model, and the arena's policies name theirs.
        let single = layouts || matches!(task, Task::Advise | Task::Odds | Task::Bot);
        let notes = match (&solve, single) {
            (Some(solve), true) => solve.unused(layouts),
            _ => Vec::new(),
        };
        let (request, threads) = match solve {
            Some(solve) => solve.request(layouts, interactive)?,
            None => (
                Request::new(MethodChoice::Auto, sample::Settings::new(0)),
                batch_threads,
            ),
        };
        if let Task::Arena(arena) = &mut task {
            arena.settings.seed = request.sampling.seed;
            check_policies(arena, &request)?;
        }
        if layouts {
            layouts::check(&request).map_err(words::request_error)?;
        }
        Ok(Config {
            task,
            source,
            format,
            request,
            threads,
            fit,
            notes,
        })
    }
}

/// A command's task, source, format and solving flags; the advice table's
/// flags go into `fit`.
fn parts(command: Command, fit: &mut Fit) -> Result<Parts, Error> {
    Ok(match command {
        Command::Show { input } => (Task::Show, Source::of(input), Format::Table, None),
        Command::Advise {
            input,
            json,
            table,
            solve,
        } => {
            table_fit(fit, table)?;
            let source = Source::of(input);
            (Task::Advise, source, format_of(json), Some(solve))
        }
        Command::Odds { input, json, solve } => odds(input, json, solve)?,
        Command::Layouts {
            position,
            pos,
            json,
            top,
            only,
            buy,
            no_shares,
            solve,
        } => {
            let solve = shares_counted(solve, no_shares);
            layouts_task(position, pos, json, top, only, buy, solve)?
        }
        Command::Bid {
            input,
            json,
            buy,
            no_shares,
            solve,
        } => {
            let solve = Some(shares_counted(solve, no_shares));
            (Task::Bid { buy }, Source::of(input), format_of(json), solve)
        }
        Command::Batch { input, .. } => (
            Task::Batch,
            Source::from_args(input, None),
            Format::Json,
            None,
        ),
        Command::Convert { input, to } => {
            let to_json = to.map(|f| f == FormatArg::Json);
            let task = Task::Convert { to_json };
            (task, Source::of(input), Format::Table, None)
        }
        Command::Apply { words, pos, json } => apply(words, pos, json)?,
        Command::Session {
            position,
            pos,
            layout,
            me,
            table,
            solve,
        } => {
            table_fit(fit, table)?;
            session(position, pos, layout, me, solve)?
        }
        Command::Arena(args) => arena(args)?,
        Command::Bot { solve } => (Task::Bot, Source::Stdin, Format::Json, Some(solve)),
        Command::Completions { shell } => {
            (Task::Completions(shell), Source::Stdin, Format::Table, None)
        }
        Command::Man { command } => (Task::Man(command), Source::Stdin, Format::Table, None),
    })
}

/// An arena's model policies are checked as requests are, with the match's
/// solving flags.
fn check_policies(arena: &ArenaTask, request: &Request) -> Result<(), Error> {
    for spec in [&arena.candidate, &arena.baseline] {
        let futures = match spec {
            PolicySpec::Model(future) => vec![*future],
            PolicySpec::Hybrid => vec![Future::Auto, Future::Greedy],
            _ => vec![],
        };
        for future in futures {
            let model = Request {
                future,
                ..request.clone()
            };
            analysis::check(&model).map_err(words::request_error)?;
        }
    }
    Ok(())
}

/// `--seats`: turns from the harbour master, each below the players; none
/// given, every seat.
fn candidate_seats(seats: &[u8], players: u8) -> Result<Option<Vec<u8>>, Error> {
    if let Some(&bad) = seats.iter().find(|&&t| t >= players) {
        return Err(Error::Usage(format!(
            "--seats: '{bad}' is not a seat of {players} players: 0 (the harbour master) to {}",
            players - 1
        )));
    }
    let mut seats = seats.to_vec();
    seats.sort_unstable();
    seats.dedup();
    // Every seat listed is the whole match.
    Ok((!seats.is_empty() && seats.len() < players as usize).then_some(seats))
}

fn arena(args: ArenaArgs) -> Result<Parts, Error> {
    if args.solve.future.is_some() {
        return Err(Error::Usage(
            "--future: the arena's policies name their models: --candidate and --baseline".into(),
        ));
    }
    if args.deals == 0 {
        return Err(Error::Usage("--deals: play at least 1 deal".into()));
    }
    if args.first_deal == 0 || args.first_deal.checked_add(args.deals - 1).is_none() {
        return Err(Error::Usage(format!(
            "--first-deal: '{}' is not a deal number: deals are numbered from 1, and the last must fit in 64 bits",
            args.first_deal
        )));
    }
    let timeout = seconds("--bot-timeout", args.bot_timeout)?;
    let task = ArenaTask {
        candidate: PolicySpec::parse("--candidate", &args.candidate)?,
        baseline: PolicySpec::parse("--baseline", &args.baseline)?,
        settings: arena::Settings {
            players: args.players,
            first_deal: args.first_deal,
            deals: args.deals,
            // Set from the request's seed, drawn when not given.
            seed: 0,
            layout: match args.layout {
                LayoutArg::Random => LayoutChoice::Random,
                LayoutArg::Policy => LayoutChoice::Policy,
            },
            variant: Variant {
                strong_pirates: args.strong_pirates,
                thirteen_wrecks: args.thirteen_wrecks,
            },
            cash: args.cash,
            record: args.record.is_some(),
            candidate_seats: candidate_seats(&args.seats, args.players)?,
        },
        record: args.record,
        bot_timeout: timeout,
        fit_lambda: args.solve.lambda.is_none(),
    };
    Ok((
        Task::Arena(task),
        Source::Stdin,
        format_of(args.json),
        Some(args.solve),
    ))
}

fn odds(input: PositionArgs, json: bool, solve: SolveArgs) -> Result<Parts, Error> {
    if solve.until_settled {
        let why = "odds ranks no options, so none settles: use --target-stderr or --samples";
        return Err(Error::Usage(format!("--until-settled: {why}")));
    }
    Ok((Task::Odds, Source::of(input), format_of(json), Some(solve)))
}

fn layouts_task(
    position: Option<String>,
    pos: Option<String>,
    json: bool,
    top: Option<usize>,
    only: Vec<String>,
    buy: bool,
    solve: SolveArgs,
) -> Result<Parts, Error> {
    if top == Some(0) {
        return Err(Error::Usage("--top: show at least 1 layout".into()));
    }
    let (source, only) = match pos {
        Some(text) => (Source::Notation(text), only),
        None => {
            let (position, only) = start_after_only(position, only)?;
            (Source::from_args(Some(position), None), only)
        }
    };
    let task = Task::Layouts { top, only, buy };
    Ok((task, source, format_of(json), Some(solve)))
}

/// `layouts` and `bid` count the start's shares unless told not to.
fn shares_counted(mut solve: SolveArgs, no_shares: bool) -> SolveArgs {
    solve.count_shares = !no_shares;
    solve
}

/// The voyage start of `layouts`: the positional argument, or else the last
/// value read after `--only` when it is not a layout (`--only` takes every
/// word up to the next flag, so `--only "J2 S3 G4" start.json` gives it the file).
fn start_after_only(
    position: Option<String>,
    mut only: Vec<String>,
) -> Result<(String, Vec<String>), Error> {
    if let Some(position) = position {
        return Ok((position, only));
    }
    let missing = || {
        Error::Usage("layouts: give the voyage start (a JSON file, or - for standard input)".into())
    };
    match only.last() {
        Some(last) if crate::parse::layout::parse(last).is_err() => {
            let position = only.pop().ok_or_else(missing)?;
            Ok((position, only))
        }
        _ => Err(missing()),
    }
}

/// A positive number of seconds as a duration: one too short for a clock
/// tick is one nanosecond, one too long for a `Duration` is refused.
fn seconds(flag: &str, x: f64) -> Result<Duration, Error> {
    if !x.is_finite() {
        return Err(Error::Usage(format!(
            "{flag}: must be a finite number of seconds, found {x}"
        )));
    }
    if x <= 0.0 {
        return Err(Error::Usage(format!(
            "{flag}: must be a positive number of seconds, found {x}"
        )));
    }
    match Duration::try_from_secs_f64(x) {
        Ok(t) => Ok(t.max(Duration::from_nanos(1))),
        // `{x}` would write 1e300 out in 301 digits.
        Err(_) => Err(Error::Usage(format!(
            "{flag}: {x:e} seconds is too long (at most {} seconds)",
            Duration::MAX.as_secs()
        ))),
    }
}

fn apply(words: Vec<String>, pos: Option<String>, json: bool) -> Result<Parts, Error> {
    let (source, events) = match pos {
        Some(text) => (Source::Notation(text), words),
        None => (
            Source::from_args(words.first().cloned(), None),
            words[1..].to_vec(),
        ),
    };
    if events.is_empty() {
        return Err(Error::Usage(
            "apply: give at least one event after the position".into(),
        ));
    }
    Ok((Task::Apply { events }, source, format_of(json), None))
}

fn session(
    position: Option<String>,
    pos: Option<String>,
    layout: Option<String>,
    me: Option<String>,
    solve: SolveArgs,
) -> Result<Parts, Error> {
    let source = match (position, pos, layout) {
        (_, _, Some(layout)) => Source::Layout(layout),
        (Some(p), _, _) if p == "-" => {
            return Err(Error::Usage("session: standard input carries the events; give the position as a file, --pos or --layout".into()));
        }
        (position, pos, None) => Source::from_args(position, pos),
    };
    if source == Source::Stdin {
        return Err(Error::Usage(
            "session: give a starting position (a file, --pos or --layout)".into(),
        ));
    }
    let task = Task::Session {
        me,
        samples_given: solve.samples.is_some(),
    };
    Ok((task, source, Format::Table, Some(solve)))
}

/// Seconds an advice at the table samples at most when no stopping rule is
/// given: with the exact parts and the start of the process, it answers
/// within two seconds, settled or saying that it is not.
pub const ADVICE_SECONDS: f64 = 1.5;

/// The stopping rules when none is given, for a request under `future`: a
/// number of play-outs; and for advice under a model that keeps placing,
/// until the decision is settled (`sample::SETTLE`) with that number as the
/// cap, and at the table (`interactive`) within [`ADVICE_SECONDS`] too.
pub fn default_stop(
    settings: &mut sample::Settings,
    future: Future,
    layouts: bool,
    interactive: bool,
) {
    let settles = future != Future::None && !layouts;
    settings.samples = Some(match settles {
        true => DEFAULT_SAMPLES_SETTLING,
        false => default_samples(future, layouts),
    });
    settings.settle = settles.then_some(sample::SETTLE);
    settings.time_limit = (settles && interactive).then(|| Duration::from_secs_f64(ADVICE_SECONDS));
}

/// Play-outs made under `future` when no stopping rule is given: a greedy
/// play-out values every option's later placements, so fewer of them.
pub fn default_samples(future: Future, layouts: bool) -> u64 {
    match future {
        Future::None => DEFAULT_SAMPLES,
        _ if layouts => DEFAULT_SAMPLES_LAYOUTS,
        Future::Quantal => DEFAULT_SAMPLES_QUANTAL,
        _ => DEFAULT_SAMPLES_PLACING,
    }
}

impl SolveArgs {
    /// The request of the flags; `layouts` has its own default play-outs
    /// (fewer: each one plays out every layout).
    fn request(self, layouts: bool, interactive: bool) -> Result<(Request, Option<usize>), Error> {
        self.check()?;
        let future = self.model();
        let method = match self.method {
            MethodArg::Exact => MethodChoice::Exact,
            MethodArg::Mc => MethodChoice::MonteCarlo,
            MethodArg::Auto => MethodChoice::Auto,
        };
        let settings = self.settings(future, layouts, interactive)?;
        let mut request = Request::new(method, settings);
        request.valuation.count_shares = self.count_shares;
        request.future = future;
        request.max_nodes = self.max_nodes.unwrap_or(MAX_NODES);
        request.max_leaves = self.max_leaves.unwrap_or(MAX_LEAVES);
        if let Some(lambda) = self.lambda {
            request.lambda = Lambda {
                value: lambda,
                interval: None,
                decisions: 0,
            };
        }
        analysis::check(&request).map_err(words::request_error)?;
        Ok((request, self.threads))
    }

    /// The future model of `--future`, or the default.
    fn model(&self) -> Future {
        match self.future {
            None => DEFAULT_FUTURE,
            Some(FutureArg::None) => Future::None,
            Some(FutureArg::Greedy) => Future::Greedy,
            Some(FutureArg::Round) => Future::Round,
            Some(FutureArg::Equilibrium) => Future::Equilibrium,
            Some(FutureArg::Quantal) => Future::Quantal,
            Some(FutureArg::Paranoid) => Future::Paranoid,
            Some(FutureArg::Auto) => Future::Auto,
        }
    }

    /// A note for each model flag given that the model will not use: a flag
    /// passed over in silence would leave the user believing it shaped the
    /// answer. `layouts`: layouts and bids, which `auto` compares under
    /// `round`.
    fn unused(&self, layouts: bool) -> Vec<String> {
        let future = self.model();
        let model = match (future, layouts) {
            (Future::Auto, true) => "auto (round for layouts and bids)".to_string(),
            _ => future.name().to_string(),
        };
        let searches_leaves = future == Future::Paranoid || (future == Future::Auto && !layouts);
        // Layouts approximate the equilibrium by greedy, and run no paranoid
        // search at all.
        let (nodes_why, leaves_why) = match layouts {
            true => (
                "layouts and bids take greedy for the equilibrium",
                "layouts and bids run no paranoid search",
            ),
            false => (
                "only the equilibrium search counts nodes",
                "only the paranoid search (auto's before roll 1) takes it",
            ),
        };
        let flags = [
            (
                self.lambda.is_some() && future != Future::Quantal,
                "--lambda",
                "only the quantal model takes it",
            ),
            (
                self.max_nodes.is_some() && (future != Future::Equilibrium || layouts),
                "--max-nodes",
                nodes_why,
            ),
            (
                self.max_leaves.is_some() && !searches_leaves,
                "--max-leaves",
                leaves_why,
            ),
        ];
        flags
            .into_iter()
            .filter(|&(unused, _, _)| unused)
            .map(|(_, flag, why)| {
                format!("note: {flag} has no effect here: {why}, and the model is {model}")
            })
            .collect()
    }

    /// The flags' own bounds.
    fn check(&self) -> Result<(), Error> {
        let bad = |flag: &str, why: &str| Err(Error::Usage(format!("{flag}: {why}")));
        if self.threads == Some(0) {
            return bad("--threads", "needs at least 1 thread");
        }
        if self.samples == Some(0) {
            return bad("--samples", "needs at least 1 sample");
        }
        if self
            .target_stderr
            .is_some_and(|x| !(x.is_finite() && x > 0.0))
        {
            return bad("--target-stderr", "must be a positive number");
        }
        if self.threads.is_some_and(|n| n > MAX_THREADS) {
            return bad("--threads", &format!("at most {MAX_THREADS} threads"));
        }
        if self.max_samples < MIN_SAMPLES {
            // `run` makes two blocks whatever the cap: honour a cap only where it can be.
            return bad(
                "--max-samples",
                &format!(
                    "at least {MIN_SAMPLES} (two blocks of 216, the fewest that give standard errors), found {}",
                    self.max_samples
                ),
            );
        }
        if self.max_nodes == Some(0) {
            return bad("--max-nodes", "needs at least 1 node");
        }
        if self.max_leaves == Some(0) {
            return bad("--max-leaves", "needs at least 1 position");
        }
        if self
            .lambda
            .is_some_and(|x| !(x.is_finite() && (0.0..=1e6).contains(&x)))
        {
            return bad("--lambda", "must be a number from 0 to 1000000");
        }
        // `--lambda=-0` (or a batch's `"lambda": -0`) reaches here as -0.0.
        if self
            .lambda
            .is_some_and(|x| x == 0.0 && x.is_sign_negative())
        {
            return bad("--lambda", &crate::parse::json::write_zero("-0"));
        }
        Ok(())
    }

    /// The sampler's settings: how long to sample, by the flags or the
    /// defaults of the model.
    fn settings(
        &self,
        future: Future,
        layouts: bool,
        interactive: bool,
    ) -> Result<sample::Settings, Error> {
        let time_limit = match self.time_limit {
            Some(x) => Some(seconds("--time-limit", x)?),
            None => None,
        };
        let seed = self.seed.unwrap_or_else(|| rand::rng().random());
        let mut settings = sample::Settings::new(seed);
        let open_ended =
            self.target_stderr.is_some() || self.until_settled || self.time_limit.is_some();
        if self.samples.is_none() && !open_ended {
            default_stop(&mut settings, future, layouts, interactive);
        }
        settings.samples = self.samples.or(settings.samples);
        settings.target_stderr = self.target_stderr;
        settings.until_settled = self.until_settled;
        settings.max_samples = self.max_samples;
        settings.time_limit = time_limit.or(settings.time_limit);
        settings.reduce_variance = !self.no_variance_reduction;
        Ok(settings)
    }
}
