//! The engine's and parsers' typed errors in the words of the command line:
//! each names the flag or command that the user can change.

use crate::Error;
use crate::engine::analysis::RequestError;
use crate::parse::json::StartError;
use crate::parse::layout::LayoutError;

/// A line of events or requests that is not text: `session`, `batch` and
/// `bot` refuse that line alone, in these words.
pub const NOT_UTF8: &str = "the line is not UTF-8 text";

/// A request the engine cannot carry out as asked.
pub fn request_error(e: RequestError) -> Error {
    Error::Usage(match e {
        RequestError::SampledEquilibrium => "--method mc: the equilibrium is searched exactly (or approximated, as the output says); use --method auto or exact".into(),
        RequestError::SampledAuto => "--method mc: the auto model runs greedy only where greedy is enumerated, and paranoid elsewhere; it is never sampled; use --method auto or exact, or --future greedy".into(),
        RequestError::SampledParanoid => "--method mc: the paranoid model is a search to the next roll, always enumerated (--max-leaves bounds it); use --method auto or exact".into(),
        RequestError::SampledRound => "--method mc: the round model has no roll before its placements end, and is always enumerated; use --method auto or exact".into(),
        RequestError::ParanoidLayouts => "--future paranoid: layouts are compared under none, greedy, round, equilibrium or quantal (auto runs round there), not paranoid, which searches one player's placements against the others'".into(),
        RequestError::ExactLayoutsPlacing => "--method exact: at a voyage's start a model that keeps placing meets two rolls before the last round, out of reach of exact enumeration; use --future none, or --method auto".into(),
    })
}

/// A voyage start that `command` (`layouts` or `bid`) cannot read.
pub fn start_error(e: StartError, command: &str) -> Error {
    match e {
        StartError::Json(j) => Error::Json(j),
        StartError::Invalid(problems) => Error::Setup(problems),
        StartError::NotAnObject => {
            Error::Usage(format!("{command}: the position must be a JSON object"))
        }
        StartError::HasShips => Error::Usage(format!(
            "ships: {command} wants a voyage before its layout: leave ships out or empty"
        )),
        StartError::Shape(why) => Error::Usage(format!("{command}: {why}")),
        StartError::NotAStart(_) | StartError::GameOver(_) => {
            Error::Usage(format!("{command}: {e}"))
        }
    }
}

/// A layout of `--only` that is not one.
pub fn only_error(e: LayoutError) -> Error {
    Error::Usage(format!("--only {e}"))
}

/// Reads a layout given to `--only`, as in the notation: `J2 S3 G4`.
pub fn only_layout(text: &str) -> Result<crate::rules::Layout, Error> {
    crate::parse::layout::parse(text).map_err(only_error)
}
