//! Command-line arguments (clap derive) turned into a plain [`Config`], and the
//! commands run on it. Nothing below this module knows clap.

use crate::analysis::{self, MethodChoice, Request};
use crate::events::{self, Outcome};
use crate::render::{self, Format};
use crate::report::Future;
use crate::session::Session;
use crate::{Error, Position, notation, progress, sample};
use clap::{Parser, Subcommand};
use rand::RngExt;
use std::ffi::OsString;
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

/// Exact odds and advice for one voyage of Manila.
///
/// A position is a file (JSON of POSITION.md, or the one-line notation), - for
/// standard input, or --pos "<notation>".
#[derive(Parser, Debug)]
#[command(name = "manila-odds", version, about, long_about = None)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

/// Where a position comes from.
#[derive(clap::Args, Debug)]
struct PositionArgs {
    /// A position file (JSON of POSITION.md or the one-line notation), or - for
    /// standard input.
    #[arg(required_unless_present = "pos", conflicts_with = "pos")]
    position: Option<String>,
    /// The position in the one-line notation (see the README).
    #[arg(long, value_name = "NOTATION")]
    pos: Option<String>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Validate a position and draw it: lanes, crews, berths, pirates, pilots, phase.
    Show {
        #[command(flatten)]
        input: PositionArgs,
    },
    /// Rank every option of the player who decides now.
    ///
    /// The table lists, best first:
    ///   action   the option, named as in POSITION.md;
    ///   cost     what it costs the decider now (a stowaway pays all their cash);
    ///   P(paid)  the probability that the worker placed (or the deciding pirate) is
    ///            paid at settlement; blank for pass, pilot moves and plunder;
    ///   EV       the decider's expected change of cash from now to the end of
    ///            settlement (RULES.md R13), the option's cost and income included;
    ///   vs pass  EV minus the EV of pass (placement), stay (boarding), none (pilots)
    ///            or the first option (plunder).
    /// Under it, each ship's odds of ending in the harbour, the shipyard, and of
    /// being plundered, if the decider takes the best option.
    ///
    /// With Monte Carlo, EV and vs pass carry a 95% interval (1.96 standard
    /// errors), and P(best) is the probability that the option is the best.
    #[command(verbatim_doc_comment)]
    Advise {
        #[command(flatten)]
        input: PositionArgs,
        /// Print the advice JSON of POSITION.md instead of a table.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        solve: SolveArgs,
    },
    /// Each ship's odds and every player's value from the position: if nobody
    /// places another worker, or under the model of --future.
    Odds {
        #[command(flatten)]
        input: PositionArgs,
        /// Print the odds JSON of POSITION.md instead of a table.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        solve: SolveArgs,
    },
    /// Compare the harbour master's 100 layouts (R3: the cargo left ashore and the
    /// start spaces), ranked by the harbour master's value under the future model
    /// (default greedy), with each ship's docking odds and every player's value.
    ///
    /// The input is a voyage's start: the POSITION.md JSON without ships (or with
    /// ships empty): players, harbour master, and optional cash, shares, prices.
    #[command(verbatim_doc_comment)]
    Layouts {
        /// The voyage start: a JSON file, or - for standard input.
        position: String,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Show only the N best layouts (default: all).
        #[arg(long, value_name = "N")]
        top: Option<usize>,
        /// Compare only these layouts, as in the notation: "J2 S3 G4" ...
        #[arg(long, value_name = "LAYOUT", num_args = 1..)]
        only: Vec<String>,
        /// Also value buying one share (R1: its price, at least 5) with each
        /// layout, and report the best purchase; counts shares (--count-shares).
        #[arg(long)]
        buy: bool,
        #[command(flatten)]
        solve: SolveArgs,
    },
    /// Turn a JSON position into the one-line notation, or the notation into JSON.
    Convert {
        #[command(flatten)]
        input: PositionArgs,
        /// The format to write (default: the other one).
        #[arg(long, value_enum)]
        to: Option<FormatArg>,
    },
    /// Apply events in order and print the new position (or the settlement).
    ///
    /// Events: a placement ("green ship:jade", "red harbour:B", "pass"), a roll
    /// with its three dice in ship order ("roll 3 5 2"), a boarding choice ("stay",
    /// "board:silk"), a pilot move ("jade+1", "silk-1,jade+1", "none"), a plunder
    /// choice ("jade:harbour"). The player's name is optional; when given it must
    /// be the one who decides. With --pos, every argument is an event.
    #[command(verbatim_doc_comment)]
    Apply {
        /// The position (file or -) followed by the events; with --pos, events only.
        #[arg(required = true, num_args = 1..)]
        words: Vec<String>,
        /// The position in the one-line notation.
        #[arg(long, value_name = "NOTATION")]
        pos: Option<String>,
        /// Print JSON instead of the notation.
        #[arg(long)]
        json: bool,
    },
    /// Play a voyage at the table: one event or command per line on standard input
    /// (events as for apply, plus show, advise, odds, undo, help, quit). After each
    /// event it prints the board and the advice for whoever decides next.
    Session {
        /// The starting position (a file); or use --pos or --layout.
        #[arg(conflicts_with_all = ["pos", "layout"])]
        position: Option<String>,
        /// The starting position in the one-line notation.
        #[arg(long, value_name = "NOTATION", conflicts_with = "layout")]
        pos: Option<String>,
        /// Start a voyage from a layout: players and ships, e.g. "r*,b,g,y J2 S3 G4"
        /// (the harbour master starred; ships as in the notation, at their start
        /// spaces; variants "+strong" or "+thirteen" may follow).
        #[arg(long)]
        layout: Option<String>,
        #[command(flatten)]
        solve: SolveArgs,
    },
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum FormatArg {
    Json,
    Notation,
}

/// How to compute: the method and, for Monte Carlo, how long to sample.
#[derive(clap::Args, Debug)]
struct SolveArgs {
    /// exact: enumerate every die; mc: sample play-outs; auto: exact when the
    /// enumeration is small enough, else mc (the output says which ran and why).
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    method: MethodArg,
    /// Seed of the Monte Carlo streams; the same seed gives the same output
    /// whatever the thread count. Drawn and printed when not given.
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads for Monte Carlo (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Monte Carlo play-outs to make (rounded up to whole blocks of 216).
    #[arg(long)]
    samples: Option<u64>,
    /// Stop once every option's standard error is below this.
    #[arg(long, value_name = "X")]
    target_stderr: Option<f64>,
    /// Stop once the best option leads each other by 3 joint standard errors.
    #[arg(long)]
    until_settled: bool,
    /// Never more play-outs than this.
    #[arg(long, default_value_t = 20_000_000)]
    max_samples: u64,
    /// Stop after this many seconds and report what has been gathered.
    #[arg(long, value_name = "S")]
    time_limit: Option<f64>,
    /// Sample every die, even where the end of the voyage could be enumerated.
    #[arg(long)]
    no_variance_reduction: bool,
    /// Count each player's unmortgaged shares at their expected price rise (R12,
    /// track 0-5-10-20-30), from the position's shares and prices; every decision
    /// maker then maximises that value.
    #[arg(long)]
    count_shares: bool,
    /// What the players do with workers still in hand (R15): none: nobody places
    /// again; greedy: each later placement is its player's best under none;
    /// equilibrium: every later placement and decision subgame-perfect (max-n).
    /// Default: none; greedy for layouts.
    #[arg(long, value_enum)]
    future: Option<FutureArg>,
    /// Node budget of the equilibrium search; beyond it the search is shortened
    /// (max-n over the next placements only, greedy after) and the output says so.
    #[arg(long, value_name = "N", default_value_t = analysis::MAX_NODES)]
    max_nodes: u64,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum FutureArg {
    None,
    Greedy,
    Equilibrium,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum MethodArg {
    Exact,
    Mc,
    Auto,
}

/// More threads than this is surely a typo.
pub const MAX_THREADS: usize = 256;

/// Play-outs made when no stopping rule is given.
pub const DEFAULT_SAMPLES: u64 = 100_008;

/// Play-outs made when no stopping rule is given and players keep placing.
pub const DEFAULT_SAMPLES_PLACING: u64 = 4_320;

/// Play-outs of `layouts` when players keep placing and no stopping rule is
/// given: two blocks, the least that gives error bars.
pub const DEFAULT_SAMPLES_LAYOUTS: u64 = 432;

/// What to do, with every argument checked.
#[derive(Debug)]
pub struct Config {
    pub task: Task,
    pub source: Source,
    pub format: Format,
    pub request: Request,
    /// Worker threads for Monte Carlo; `None`: every core.
    pub threads: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
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
    Session,
    /// Compare layouts: the best `top`, only those of `only` when given.
    Layouts {
        top: Option<usize>,
        only: Vec<String>,
        buy: bool,
    },
}

/// Where the position comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Stdin,
    File(String),
    Notation(String),
    /// A layout to start a voyage from (session).
    Layout(String),
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
}

fn format_of(json: bool) -> Format {
    if json { Format::Json } else { Format::Table }
}

impl Config {
    fn from_args(args: Args) -> Result<Config, Error> {
        let plain = |task, input: PositionArgs, format| {
            (
                task,
                Source::from_args(input.position, input.pos),
                format,
                None,
            )
        };
        let (task, source, format, solve) = match args.command {
            Command::Show { input } => plain(Task::Show, input, Format::Table),
            Command::Advise { input, json, solve } => (
                Task::Advise,
                Source::from_args(input.position, input.pos),
                format_of(json),
                Some(solve),
            ),
            Command::Odds { solve, .. } if solve.until_settled => {
                let why =
                    "odds value no options to settle between; use --target-stderr or --samples";
                return Err(Error::Usage(format!("--until-settled: {why}")));
            }
            Command::Odds { input, json, solve } => (
                Task::Odds,
                Source::from_args(input.position, input.pos),
                format_of(json),
                Some(solve),
            ),
            Command::Layouts {
                position,
                json,
                top,
                only,
                buy,
                solve,
            } => {
                if top == Some(0) {
                    return Err(Error::Usage("--top: show at least 1 layout".into()));
                }
                let task = Task::Layouts { top, only, buy };
                let source = Source::from_args(Some(position), None);
                (task, source, format_of(json), Some(solve))
            }
            Command::Convert { input, to } => {
                let to_json = to.map(|f| f == FormatArg::Json);
                plain(Task::Convert { to_json }, input, Format::Table)
            }
            Command::Apply { words, pos, json } => {
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
                (Task::Apply { events }, source, format_of(json), None)
            }
            Command::Session {
                position,
                pos,
                layout,
                solve,
            } => {
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
                (Task::Session, source, Format::Table, Some(solve))
            }
        };
        let layouts = matches!(task, Task::Layouts { .. });
        let (request, threads) = match solve {
            Some(solve) => solve.request(layouts)?,
            None => (
                Request::new(MethodChoice::Auto, sample::Settings::new(0)),
                None,
            ),
        };
        Ok(Config {
            task,
            source,
            format,
            request,
            threads,
        })
    }
}

impl SolveArgs {
    /// The request of the flags; `layouts` has its own defaults (greedy, and
    /// fewer play-outs: each one plays out every layout).
    fn request(self, layouts: bool) -> Result<(Request, Option<usize>), Error> {
        let default_future = if layouts {
            Future::Greedy
        } else {
            Future::None
        };
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
        let time_limit = match self.time_limit.map(std::time::Duration::try_from_secs_f64) {
            Some(Ok(t)) if !t.is_zero() => Some(t),
            Some(_) => return bad("--time-limit", "must be a positive number of seconds"),
            None => None,
        };
        if self.threads.is_some_and(|n| n > MAX_THREADS) {
            return bad("--threads", &format!("at most {MAX_THREADS} threads"));
        }
        let seed = self.seed.unwrap_or_else(|| rand::rng().random());
        let mut settings = sample::Settings::new(seed);
        let open_ended =
            self.target_stderr.is_some() || self.until_settled || self.time_limit.is_some();
        // A greedy play-out values every option's later placements: fewer of them.
        let future = match self.future {
            None => default_future,
            Some(FutureArg::None) => Future::None,
            Some(FutureArg::Greedy) => Future::Greedy,
            Some(FutureArg::Equilibrium) => Future::Equilibrium,
        };
        let default_samples = match future {
            Future::None => DEFAULT_SAMPLES,
            _ if layouts => DEFAULT_SAMPLES_LAYOUTS,
            _ => DEFAULT_SAMPLES_PLACING,
        };
        settings.samples = self.samples.or((!open_ended).then_some(default_samples));
        settings.target_stderr = self.target_stderr;
        settings.until_settled = self.until_settled;
        settings.max_samples = self.max_samples.max(1);
        settings.time_limit = time_limit;
        settings.reduce_variance = !self.no_variance_reduction;
        let method = match self.method {
            MethodArg::Exact => MethodChoice::Exact,
            MethodArg::Mc => MethodChoice::MonteCarlo,
            MethodArg::Auto => MethodChoice::Auto,
        };
        if future == Future::Equilibrium && method == MethodChoice::MonteCarlo {
            return bad(
                "--method mc",
                "the equilibrium is searched exactly (or approximated, as the output says); use --method auto or exact",
            );
        }
        if self.max_nodes == 0 {
            return bad("--max-nodes", "needs at least 1 node");
        }
        let mut request = Request::new(method, settings);
        request.valuation.count_shares = self.count_shares;
        request.future = future;
        request.max_nodes = self.max_nodes;
        Ok((request, self.threads))
    }
}

/// Runs the program on its arguments; the exit code follows STYLE.md (0, 1, 2).
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args = match Args::try_parse_from(args) {
        Ok(args) => args,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(e.exit_code() as u8);
        }
    };
    match Config::from_args(args).and_then(|config| execute(&config)) {
        Ok(text) => write_out(&text),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Writes the result; a closed pipe is not an error.
fn write_out(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write output: {e}");
            ExitCode::from(1)
        }
    }
}

/// Runs a configured task and returns what to print.
pub fn execute(config: &Config) -> Result<String, Error> {
    if let Task::Layouts { top, only, buy } = &config.task {
        return compare_layouts(config, *top, only, *buy);
    }
    let (position, given_as_json) = read_position(&config.source)?;
    let renderer = render::renderer(config.format);
    match &config.task {
        Task::Show => return Ok(render::board::draw(&position)),
        Task::Convert { to_json } => {
            return Ok(convert(&position, to_json.unwrap_or(!given_as_json)));
        }
        Task::Apply { events } => return apply(&position, events, config.format),
        Task::Session => return session(position, &config.request),
        Task::Advise if position.state().decider().is_none() => {
            return Err(Error::Usage(format!(
                "nobody decides in this position ({}); use odds, or apply the roll",
                events::phase_words(position.state())
            )));
        }
        _ => {}
    }
    let pool = thread_pool(config.threads)?;
    // Progress goes to standard error, and only to a person watching it.
    let mut bar = progress::Bar::new(std::io::stderr().is_terminal());
    let mut report = |n: u64, se: f64| bar.update(n, se);
    let text = match config.task {
        Task::Advise => {
            let advice = pool.install(|| analysis::advise(&position, &config.request, &mut report));
            renderer.advice(&position, &advice)
        }
        _ => {
            let odds = pool.install(|| analysis::odds(&position, &config.request, &mut report));
            renderer.odds(&position, &odds)
        }
    };
    bar.finish();
    Ok(text)
}

fn convert(position: &Position, to_json: bool) -> String {
    if to_json {
        position.to_setup().to_json()
    } else {
        format!("{}\n", notation::format(position))
    }
}

fn apply(position: &Position, events: &[String], format: Format) -> Result<String, Error> {
    let outcome = events::apply_all(position, events).map_err(|e| Error::Usage(e.to_string()))?;
    Ok(match (outcome, format) {
        (Outcome::Going(p), Format::Json) => p.to_setup().to_json(),
        (Outcome::Going(p), Format::Table) => format!("{}\n", notation::format(&p)),
        (Outcome::Settled(v), Format::Json) => render::json::settlement_json(&v),
        (Outcome::Settled(v), Format::Table) => render::board::settlement(&v),
    })
}

fn session(start: Position, request: &Request) -> Result<String, Error> {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    let result = Session::new(start, request).run(stdin.lock(), &mut stdout);
    match result {
        Ok(()) => Ok(String::new()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(String::new()),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Err(Error::Usage(
            "session: standard input is not UTF-8 text".into(),
        )),
        Err(e) => Err(Error::Io(format!("session: {e}"))),
    }
}

/// Reads the position, and whether it came as JSON.
/// The worker threads of a run (`--threads`, default every core).
fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool, Error> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| Error::Io(format!("cannot start threads: {e}")))
}

/// `layouts`: the voyage start, the layouts asked for, compared and drawn.
fn compare_layouts(
    config: &Config,
    top: Option<usize>,
    only: &[String],
    buy: bool,
) -> Result<String, Error> {
    let keeps_placing = config.request.future != Future::None;
    if keeps_placing && config.request.method == MethodChoice::Exact {
        return Err(Error::Usage(
            "--method exact: at a voyage's start a model that keeps placing meets two rolls before the last round, out of reach of exact enumeration; use --future none, or --method auto".into(),
        ));
    }
    let (text, _) = read_text(&config.source)?;
    let start = crate::layouts::read_start(&text)?;
    let chosen = if only.is_empty() {
        crate::play::layouts()
    } else {
        only.iter()
            .map(|l| crate::layouts::parse_layout(l))
            .collect::<Result<Vec<_>, _>>()?
    };
    let pool = thread_pool(config.threads)?;
    let mut bar = progress::Bar::new(std::io::stderr().is_terminal());
    let mut report = |n: u64, se: f64| bar.update(n, se);
    let comparison = pool.install(|| {
        crate::layouts::compare(start.state(), &chosen, buy, &config.request, &mut report)
    });
    bar.finish();
    let shown = top.unwrap_or(chosen.len());
    Ok(render::renderer(config.format).layouts(&start, &comparison, shown))
}

/// The text of a position and where it came from.
fn read_text(source: &Source) -> Result<(String, String), Error> {
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
    })
}

fn read_position(source: &Source) -> Result<(Position, bool), Error> {
    if let Source::Layout(text) = source {
        let position = crate::session::layout_start(text)
            .map_err(|e| Error::Usage(format!("--layout:\n{e}")))?;
        return Ok((position, false));
    }
    let (text, origin) = read_text(source)?;
    if text.trim_start().starts_with('{') {
        let position = Position::from_json(&text).map_err(|e| match e {
            Error::Json(j) => Error::Usage(format!("{origin} is not a valid position: {j}")),
            other => other,
        })?;
        Ok((position, true))
    } else {
        let position =
            notation::parse(text.trim()).map_err(|e| Error::Usage(format!("{origin}:\n{e}")))?;
        Ok((position, false))
    }
}
