//! Command-line arguments (clap derive) turned into a plain [`Config`], and the
//! commands run on it. Nothing below this module knows clap.

use crate::render::{self, Format};
use crate::{Error, Position, exact};
use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::io::{Read, Write};
use std::process::ExitCode;

/// Exact odds and advice for one voyage of Manila.
#[derive(Parser, Debug)]
#[command(name = "manila-odds", version, about, long_about = None)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Validate a position and draw it: lanes, crews, berths, pirates, pilots, phase.
    Show {
        /// A position file in the JSON of POSITION.md, or - for standard input.
        position: String,
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
    #[command(verbatim_doc_comment)]
    Advise {
        /// A position file in the JSON of POSITION.md, or - for standard input.
        position: String,
        /// Print the advice JSON of POSITION.md instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Each ship's odds and every player's value if nobody places another worker.
    Odds {
        /// A position file in the JSON of POSITION.md, or - for standard input.
        position: String,
        /// Print the odds JSON of POSITION.md instead of a table.
        #[arg(long)]
        json: bool,
    },
}

/// What to do, with every argument checked.
#[derive(Debug)]
pub struct Config {
    pub task: Task,
    pub source: Source,
    pub format: Format,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    Show,
    Advise,
    Odds,
}

/// Where the position comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Stdin,
    File(String),
}

impl Config {
    fn from_args(args: Args) -> Config {
        let (task, position, json) = match args.command {
            Command::Show { position } => (Task::Show, position, false),
            Command::Advise { position, json } => (Task::Advise, position, json),
            Command::Odds { position, json } => (Task::Odds, position, json),
        };
        let source = if position == "-" {
            Source::Stdin
        } else {
            Source::File(position)
        };
        let format = if json { Format::Json } else { Format::Table };
        Config {
            task,
            source,
            format,
        }
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
    match execute(&Config::from_args(args)) {
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
    let position = read_position(&config.source)?;
    let renderer = render::renderer(config.format);
    Ok(match config.task {
        Task::Show => render::board::draw(&position),
        Task::Advise => renderer.advice(&position, &exact::advise(&position)),
        Task::Odds => renderer.odds(&position, &exact::odds(&position)),
    })
}

fn read_position(source: &Source) -> Result<Position, Error> {
    let (text, origin) = match source {
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
    };
    Position::from_json(&text).map_err(|e| match e {
        Error::Json(j) => Error::Usage(format!("{origin} is not a valid position: {j}")),
        other => other,
    })
}
