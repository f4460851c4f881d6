//! Output: one renderer per format behind [`Render`]. Renderers know names,
//! words and layout, never the rules, and read only reports and positions;
//! only [`table`] knows comfy-table.
//!
//! - [`table`]: advice, odds and layouts as tables for a person;
//! - [`json`]: the same as the JSON of POSITION.md, and a settlement;
//! - [`board`]: a position drawn; [`settlement`]: a finished voyage in words;
//! - [`how`]: how a result was computed, in words, for both formats.

pub mod board;
pub mod how;
pub mod json;
pub mod settlement;
pub mod table;

use crate::Position;
use crate::report::{Advice, Bids, Comparison, Match, Odds};

/// How results are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Table,
    Json,
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

pub fn renderer(format: Format) -> Box<dyn Render> {
    match format {
        Format::Table => Box::new(table::TableRender),
        Format::Json => Box::new(json::JsonRender),
    }
}
