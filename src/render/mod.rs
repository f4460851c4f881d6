//! Output: one renderer per format behind [`Render`]. Renderers know names,
//! words and layout, never the rules, and read only reports and positions;
//! only [`table`] knows comfy-table.
//!
//! - [`table`]: advice, odds and layouts as tables for a person;
//! - [`json`]: the same as the JSON of POSITION.md, and a settlement;
//! - [`board`]: a position drawn; [`settlement`]: a finished voyage in words;
//! - [`how`]: how a result was computed, in words, for both formats;
//! - [`wrap`]: lines of words wrapped to the width of the output.

pub mod board;
pub mod how;
pub mod json;
pub mod settlement;
pub mod table;
pub mod wrap;

use crate::Position;
use crate::report::{Advice, Bids, Comparison, How, Match, Odds, OptionValue, ShipOdds};

/// How results are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Table,
    Json,
    /// JSON on one line, as a batch answers (keys in the same order).
    JsonLine,
}

/// How much room the output has: its width in columns, and how many options
/// an advice table shows (`None`: all). JSON ignores both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fit {
    pub width: usize,
    pub top: Option<usize>,
    /// Advice tables show each option's risk (P(loss) and its 5%-95% range)
    /// whatever the room; without, P(loss) only where it fits.
    pub risk: bool,
}

/// "a", "a and b", "a, b and c".
pub fn and_list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The width when nothing says otherwise: a classic terminal.
pub const DEFAULT_WIDTH: usize = 80;

impl Default for Fit {
    fn default() -> Fit {
        Fit {
            width: DEFAULT_WIDTH,
            top: None,
            risk: false,
        }
    }
}

/// Each ship's 95% intervals of `p_harbour` and `p_plundered`
/// ([`How::probability_interval`]) where they were sampled; none for a
/// docked ship, whose fate the position holds whatever was sampled.
pub fn ship_intervals(
    position: &Position,
    ships: &[ShipOdds],
    how: &How,
) -> Vec<Option<[(f64, f64); 2]>> {
    let state = position.state();
    ships
        .iter()
        .zip(&state.ships)
        .map(|(odds, ship)| {
            let (harbour, plundered) = odds.stderr.filter(|_| ship.at_sea().is_some())?;
            let (harbour_dof, plundered_dof) = odds.dof.unzip();
            Some([
                how.probability_interval(odds.p_harbour, harbour, harbour_dof),
                how.probability_interval(odds.p_plundered, plundered, plundered_dof),
            ])
        })
        .collect()
}

/// An option's 95% interval of `p_paid` ([`How::probability_interval`])
/// where it was sampled.
pub fn paid_interval(option: &OptionValue, how: &How) -> Option<(f64, f64)> {
    let (p, se) = (option.p_paid?, option.p_paid_stderr?);
    Some(how.probability_interval(p, se, option.p_paid_dof))
}

/// Draws results for a person or a script.
pub trait Render {
    fn advice(&self, position: &Position, advice: &Advice) -> String;
    fn odds(&self, position: &Position, odds: &Odds) -> String;
    /// The best `top` layouts of a comparison, best first.
    fn layouts(&self, position: &Position, comparison: &Comparison, top: usize) -> String;
    /// A match of the arena.
    fn arena(&self, m: &Match) -> String;
    /// The auction's bid limits of the players of a voyage start.
    fn bids(&self, start: &Position, bids: &Bids) -> String;
}

/// The renderer of a format, for 80 columns.
pub fn renderer(format: Format) -> Box<dyn Render> {
    renderer_fit(format, Fit::default())
}

/// The renderer of a format, fitting its tables to `fit`.
pub fn renderer_fit(format: Format, fit: Fit) -> Box<dyn Render> {
    match format {
        Format::Table => Box::new(table::TableRender { fit }),
        Format::Json => Box::new(json::JsonRender { one_line: false }),
        Format::JsonLine => Box::new(json::JsonRender { one_line: true }),
    }
}
