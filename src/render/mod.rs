//! Output: one renderer per format behind [`Render`]. Renderers know names and
//! layout, never the rules; only [`table`] knows comfy-table.

pub mod board;
pub mod json;
pub mod table;

use crate::Position;
use crate::layouts::Comparison;
use crate::report::{Advice, Odds};
use crate::state::Phase;

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
}

pub fn renderer(format: Format) -> Box<dyn Render> {
    match format {
        Format::Table => Box::new(table::TableRender),
        Format::Json => Box::new(json::JsonRender),
    }
}

/// The phase's name as POSITION.md spells it.
pub fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Placement { .. } => "placement",
        Phase::Boarding { .. } => "boarding",
        Phase::SmallPilot => "small_pilot",
        Phase::LargePilot => "large_pilot",
        Phase::Plunder => "plunder",
        Phase::Roll => "roll",
        Phase::Over => "over",
    }
}
