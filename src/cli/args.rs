//! The command line as clap reads it: subcommands, flags and their help. Doc
//! comments are the help text; [`super::config`] turns these into a `Config`.

use clap::{Parser, Subcommand};
use std::num::{IntErrorKind, ParseIntError};
use std::str::FromStr;

/// Exact odds and advice for one voyage of Manila.
///
/// A position is a file (JSON of POSITION.md, or the one-line notation), - for
/// standard input, or --pos "<notation>".
#[derive(Parser, Debug)]
#[command(name = "manila-odds", version, about, long_about = None)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

/// Where a position comes from.
/// How an advice table is drawn (`advise`, and each advice of `session`).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct AdviceTableArgs {
    /// Show only the N best options in each advice table (the JSON lists all).
    #[arg(long, value_name = "N", value_parser = whole::<usize>)]
    pub top: Option<usize>,
    /// Show each option's risk: P(loss), the chance that the option's value
    /// is below 0, and its 5% to 95% range (P(loss) is shown anyway when the
    /// table has room; the JSON always carries the distribution).
    #[arg(long)]
    pub risk: bool,
}

#[derive(clap::Args, Debug)]
pub struct PositionArgs {
    /// A position file (JSON of POSITION.md or the one-line notation), or - for
    /// standard input.
    #[arg(required_unless_present = "pos", conflicts_with = "pos")]
    pub position: Option<String>,
    /// The position in the one-line notation (see the README).
    #[arg(long, value_name = "NOTATION")]
    pub pos: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
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
    ///            paid at settlement; blank for pass, the pilots (a pilot placed
    ///            is never paid, R11; as POSITION.md's null) and plunder, and
    ///            left out where no option has one (a pilot's move, a plunder);
    ///   EV       the decider's expected change of cash from now to the end of
    ///            settlement (RULES.md R13), the option's cost and income included;
    ///   vs pass  EV minus the EV of pass (placement), stay (boarding), none (pilots)
    ///            or the first option (plunder);
    ///   P(loss)  the probability that the option's value is below 0, and
    ///   5%..95%  the range of its value (both with --risk, P(loss) alone when
    ///            the table has room);
    ///   expected next  under a model where others place: what it expects right
    ///            after the option ("then green: ship:jade"; `next` when compact).
    /// Under it, each ship's odds of ending in the harbour, the shipyard, and of
    /// being plundered, if the decider takes the best option.
    ///
    /// With Monte Carlo, EV, vs pass and P(paid) carry a 95% interval (about
    /// 2 standard errors: Student's t on each figure's own degrees of freedom;
    /// P(paid) Wilson's, as the ships' odds; insurance's is certain), and
    /// P(best) is the probability that the option is the best.
    #[command(verbatim_doc_comment)]
    Advise {
        #[command(flatten)]
        input: PositionArgs,
        /// Print the advice JSON of POSITION.md instead of a table.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        table: AdviceTableArgs,
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
    /// (default auto, which is round at a voyage start), with each ship's docking
    /// odds and every player's value.
    ///
    /// The input is a voyage's start: the POSITION.md JSON without ships (or with
    /// ships empty): players, harbour master, and optional cash, shares, prices.
    // The one-line summary of the commands' list; verbatim would keep the
    // comment's line breaks in it.
    #[command(
        verbatim_doc_comment,
        about = "Compare the harbour master's 100 layouts (R3), ranked by the harbour \
                 master's value, with each ship's docking odds and every player's value"
    )]
    Layouts {
        /// The voyage start: a JSON file (POSITION.md without ships), or - for
        /// standard input; or use --pos.
        #[arg(conflicts_with = "pos")]
        position: Option<String>,
        /// The voyage start in the one-line notation (its ships stand for any
        /// layout; nothing placed, no roll made).
        #[arg(long, value_name = "NOTATION")]
        pos: Option<String>,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Show only the N best layouts (default: all).
        #[arg(long, value_name = "N", value_parser = whole::<usize>)]
        top: Option<usize>,
        /// Compare only these layouts, as in the notation: "J2 S3 G4" ... (one
        /// or more after --only, or --only again for each). A last value that is
        /// not a layout is the voyage start: layouts --only "J2 S3 G4" start.json.
        #[arg(long, value_name = "LAYOUT", num_args = 1.., action = clap::ArgAction::Append)]
        only: Vec<String>,
        /// Also value buying one share (R1: its price, at least 5) with each
        /// layout, and report the best purchase.
        #[arg(long)]
        buy: bool,
        /// Leave the start's shares out of the values (counted by default here).
        #[arg(long, conflicts_with_all = ["buy", "count_shares"])]
        no_shares: bool,
        #[command(flatten)]
        solve: SolveArgs,
    },
    /// The harbour master's worth to each player at the auction (R16).
    ///
    /// For each player P: P's value as harbour master (P's best layout, and
    /// with --buy the best purchase), P's value when each other player Q is
    /// harbour master and picks Q's best layout, and the bid limit against Q:
    /// the difference, and its mean over Q. All under one future model (the
    /// layouts comparison's default, auto: round at a voyage start). The
    /// start's shares count.
    #[command(verbatim_doc_comment)]
    Bid {
        /// The voyage start: a JSON file (POSITION.md without ships), - for
        /// standard input, or --pos with a notation of the start.
        #[command(flatten)]
        input: PositionArgs,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Also value the harbour master's purchase of one share (R1, R16).
        #[arg(long)]
        buy: bool,
        /// Leave the start's shares out of the values.
        #[arg(long, conflicts_with_all = ["buy", "count_shares"])]
        no_shares: bool,
        #[command(flatten)]
        solve: SolveArgs,
    },
    /// Answer many requests in one process: JSON Lines in (a file or - for
    /// standard input), JSON Lines out, in input order.
    ///
    /// A request: {"id": ..., "command": "advise" | "odds" | "layouts" | "bid",
    /// "position": {...} or "notation": "...", "options": {...}}, where options
    /// are the command's flags ({"future": "greedy", "samples": 432, "buy":
    /// true}). The answer: {"id": ..., "result": {...}} with the command's JSON,
    /// or {"id": ..., "error": "..."}. Exit status 2 if any request failed.
    #[command(
        verbatim_doc_comment,
        about = "Answer many requests in one process: JSON Lines in, JSON Lines out, \
                 in input order"
    )]
    Batch {
        /// The requests: a file, or - (the default) for standard input.
        input: Option<String>,
        /// Worker threads (default: every core).
        #[arg(long, value_parser = whole::<usize>)]
        threads: Option<usize>,
    },
    /// Turn a JSON position into the one-line notation, or the notation into JSON.
    Convert {
        #[command(flatten)]
        input: PositionArgs,
        /// The format to write (default: the other one).
        #[arg(long, value_enum)]
        to: Option<FormatArg>,
    },
    /// Apply events in order; print the new position or the settlement.
    ///
    /// Events: a placement ("green ship:jade", "red harbour:B", "pass"), a roll
    /// with one die per ship at sea in ship order ("roll 3 5 2"; three dice
    /// always do, a docked ship's ignored), a boarding choice ("stay",
    /// "board:silk"), a pilot move ("jade+1", "silk-1,jade+1", "none"), a
    /// plunder choice ("jade:harbour"). Any case; a cargo by its initial
    /// ("ship:j", "j+1"), harbour and shipyard by h and y ("y:c", "j:h");
    /// moves in any order. The player's name is optional;
    /// when given it must be the one who decides. With --pos, every argument
    /// is an event.
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
    /// Play a voyage at the table: one event or command per line.
    ///
    /// Events as for apply, as a player types them (any case, cargo initials,
    /// moves in any order, "roll" with one die per ship at sea), or a row
    /// number of the last advice; commands: show, pos, advise [MODEL], odds
    /// [MODEL], model MODEL, fit, undo, new, bid, layouts, help, quit. After
    /// each event it prints the board and the advice for whoever decides next;
    /// with --me NAME, only when NAME decides (one line for every other event).
    /// Under --future quantal without --lambda, lambda is fitted to the
    /// placements seen (the others' with --me), and fit prints it. On a
    /// terminal it prompts with "> " and edits lines (history with the arrows);
    /// from a pipe a refused line is reported on standard error with its line
    /// number, the others are played, and the exit status is 2 if any was
    /// refused.
    #[command(verbatim_doc_comment)]
    Session {
        /// The starting position (a file); or use --pos or --layout.
        #[arg(conflicts_with_all = ["pos", "layout"])]
        position: Option<String>,
        /// The starting position in the one-line notation.
        #[arg(long, value_name = "NOTATION", conflicts_with = "layout")]
        pos: Option<String>,
        /// Start a voyage from a layout: players and ships, e.g. "r*,b,g,y J2 S3 G4"
        /// (the harbour master starred; ships as in the notation, at their start
        /// spaces; variants "+strong" or "+thirteen" may follow). Without the
        /// ships ("r*,b,g,y $r30,b25 ^J5", between voyages) the session asks for
        /// the layout first.
        #[arg(long)]
        layout: Option<String>,
        /// Your seat: the board and the advice only when NAME decides, one line
        /// for every other event.
        #[arg(long, value_name = "NAME")]
        me: Option<String>,
        #[command(flatten)]
        table: AdviceTableArgs,
        #[command(flatten)]
        solve: SolveArgs,
    },
    /// Play two policies against each other in duplicate voyages.
    ///
    /// A deal fixes everything chance decides: the harbour master, the layout
    /// and every die. Each deal is played once with the baseline in every seat
    /// (the reference), and once per seat (of --seats) with the candidate in
    /// that seat. A deal's figure is the mean over those seats of the
    /// candidate's profit minus the
    /// reference profit of that seat; the match reports the mean over deals
    /// with its 95% interval. A POLICY is none, greedy, round, auto,
    /// equilibrium, quantal or paranoid (decides with the advice's best
    /// option under that model; --samples, --time-limit, --max-nodes,
    /// --max-leaves, --method apply to it), random (uniform among the legal
    /// options), heuristic (a rule-of-thumb player, as a typical human),
    /// best-reply (round, its placements searched to the next roll as if the
    /// one other player whose reply hurts most played against it), hybrid
    /// (auto as the harbour master, greedy in the other seats), or
    /// cmd:COMMAND, a program speaking the bot protocol (BOTS.md), started
    /// with sh -c, one instance per thread. --seats plays the candidate in
    /// some seats only, by turn from the harbour master (0).
    #[command(verbatim_doc_comment)]
    Arena(ArenaArgs),
    /// Print a completion script for a shell (bash: source it, or save it
    /// in bash-completion's completions folder as manila-odds).
    Completions {
        /// The shell to complete in.
        #[arg(value_enum)]
        shell: ShellArg,
    },
    /// Print the manual page (roff), e.g. manila-odds man | man -l -
    Man {
        /// A command's own page (e.g. advise); default: the tool's page.
        command: Option<String>,
    },
    /// Be a bot: answer the bot protocol (BOTS.md) on standard input and output
    /// with the advice of --future's model, so that other referees can play
    /// against it. One process keeps its tables across decisions and voyages.
    Bot {
        #[command(flatten)]
        solve: SolveArgs,
    },
}

/// The flags of `arena`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// The policy measured: none, greedy, round, auto, equilibrium, quantal,
    /// paranoid, random, heuristic, best-reply, hybrid (auto as the harbour
    /// master, greedy in the other seats) or cmd:COMMAND.
    #[arg(long, value_name = "POLICY")]
    pub candidate: String,
    /// The policy it is measured against, in the other seats and the reference.
    #[arg(long, value_name = "POLICY")]
    pub baseline: String,
    /// Seats at the table.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(3..=5))]
    pub players: u8,
    /// Deals to play (each is played once per candidate seat and once for
    /// reference).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = whole::<u64>)]
    pub deals: u64,
    /// The number of the first deal to play: a long match can be played in
    /// parts (--first-deal 101 --deals 100 plays deals 101 to 200), each deal
    /// as the whole match plays it.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = whole::<u64>)]
    pub first_deal: u64,
    /// The candidate's seats only, by turn from the harbour master: 0 the
    /// harbour master, 1 the next player, ... (for example 1,2,3); a deal's
    /// figure is the mean over them. Default: every seat.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = whole::<u8>)]
    pub seats: Vec<u8>,
    /// random: each deal draws its layout; policy: the harbour master's policy
    /// chooses it (a model by its layouts comparison).
    #[arg(long, value_enum, default_value_t = LayoutArg::Random)]
    pub layout: LayoutArg,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Write every voyage played to FILE, one JSON line each: its start in the
    /// notation and its events, which `apply` replays to the same settlement.
    #[arg(long, value_name = "FILE")]
    pub record: Option<String>,
    /// Every seat starts with this much cash (R5: affordability, stowaways),
    /// at most 1000000000 (a position holds at most 2147483647, and a voyage
    /// adds to it); default: money not modelled.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=1_000_000_000))]
    pub cash: Option<u32>,
    /// The strong-pirates variant (R7).
    #[arg(long)]
    pub strong_pirates: bool,
    /// The thirteen-wrecks variant (R9).
    #[arg(long)]
    pub thirteen_wrecks: bool,
    /// Seconds a bot may take to answer one request.
    #[arg(long, value_name = "S", default_value_t = 30.0, value_parser = number)]
    pub bot_timeout: f64,
    #[command(flatten)]
    pub solve: SolveArgs,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutArg {
    Random,
    Policy,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShellArg {
    Bash,
    Zsh,
    Fish,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatArg {
    Json,
    Notation,
}

/// How to compute: the method and, for Monte Carlo, how long to sample.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// exact: enumerate every die; mc: sample play-outs; auto: exact when the
    /// enumeration is small enough, else mc (the output says which ran and why).
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// Seed of the Monte Carlo streams; the same seed gives the same output
    /// whatever the thread count. Drawn once a run when not given, and kept
    /// by every computation of the run (all of a session's): the method
    /// lines of advice, odds and layouts print it; a bot's replies do not.
    #[arg(long, value_parser = whole::<u64>)]
    pub seed: Option<u64>,
    /// Worker threads for Monte Carlo (default: every core).
    #[arg(long, value_parser = whole::<usize>)]
    pub threads: Option<usize>,
    /// Monte Carlo play-outs to make (rounded up to whole blocks of 216, and
    /// at least two blocks: the fewest that give standard errors).
    #[arg(long, value_parser = whole::<u64>)]
    pub samples: Option<u64>,
    /// Stop once every option's standard error is below this.
    #[arg(long, value_name = "X", value_parser = number)]
    pub target_stderr: Option<f64>,
    /// Stop once the best option leads each other by 3 joint standard errors.
    #[arg(long)]
    pub until_settled: bool,
    /// Never more play-outs than this (at least 432: two blocks of 216, the
    /// fewest that give standard errors).
    #[arg(long, value_name = "N", default_value_t = 20_000_000, value_parser = whole::<u64>)]
    pub max_samples: u64,
    /// Stop after this many seconds and report what has been gathered.
    #[arg(long, value_name = "S", value_parser = number)]
    pub time_limit: Option<f64>,
    /// Sample every die, even where the end of the voyage could be enumerated.
    #[arg(long)]
    pub no_variance_reduction: bool,
    /// Count each player's unmortgaged shares at their expected price rise (R12,
    /// track 0-5-10-20-30), from the position's shares and prices; every decision
    /// maker then maximises that value.
    #[arg(long)]
    pub count_shares: bool,
    /// What the players do with workers still in hand (R15): none: nobody places
    /// again; greedy: each later placement is its player's best under none;
    /// round: greedy until the next roll, nobody placing after it;
    /// equilibrium: every later placement and decision subgame-perfect (max-n);
    /// quantal: each later placement a random choice, better options likelier
    /// (see --lambda); paranoid: until the next roll every other player places
    /// against the player to move, nobody placing after it (see
    /// --max-leaves); auto: greedy from the position where it is exact (at
    /// most one roll before the last placement round), paranoid before it.
    /// Default: auto.
    #[arg(long, value_enum)]
    pub future: Option<FutureArg>,
    /// The rationality of the quantal model: an option's odds are proportional
    /// to exp(lambda * value); 0 is random play, large is greedy. Default: the
    /// prior's median (0.5); the arena fits it to the baseline's placements.
    #[arg(long, value_name = "X", value_parser = number)]
    pub lambda: Option<f64>,
    /// Node budget of the equilibrium search; beyond it the search is shortened
    /// (max-n over the next placements only, greedy after) and the output says so.
    /// Default: 1000000.
    #[arg(long, value_name = "N", value_parser = whole::<u64>)]
    pub max_nodes: Option<u64>,
    /// Positions the paranoid search may value at its horizon, estimated
    /// before it starts (about 80 microseconds of one core each; before
    /// roll 1 each counts twice for each pirate already aboard, 2.5 times
    /// for a pilot held and 4 for both; after it twice with any pirate);
    /// beyond it the search covers fewer of the placements before the roll,
    /// nobody placing after them, and the output says so. Default: 40000.
    #[arg(long, value_name = "N", value_parser = whole::<u64>)]
    pub max_leaves: Option<u64>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum FutureArg {
    None,
    Greedy,
    Round,
    Equilibrium,
    Quantal,
    Paranoid,
    Auto,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum MethodArg {
    Exact,
    Mc,
    Auto,
}

/// A flag's whole number, refused in words a user reads: Rust's own say
/// "invalid digit found in string" of `1.5`. (A minus sign is refused with
/// the flag's name before these words are shown, see `negative_value`.)
fn whole<T: FromStr<Err = ParseIntError>>(text: &str) -> Result<T, String> {
    text.parse().map_err(|e: ParseIntError| match e.kind() {
        IntErrorKind::Empty => "expected a whole number, found nothing".to_string(),
        IntErrorKind::PosOverflow => "too large for this option".to_string(),
        _ => "expected a whole number (digits only)".to_string(),
    })
}

/// A flag's number (`1.5`, `2e-3`), refused in words a user reads.
fn number(text: &str) -> Result<f64, String> {
    text.parse()
        .map_err(|_| "expected a number such as 1.5".to_string())
}
