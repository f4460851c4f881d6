//! The rules of one voyage (RULES.md), as pure functions over a small `Copy`
//! state. Nothing here is random, and nothing knows JSON, tables or flags.
//!
//! - [`constants`]: the board of R1 and the voyage's numbers (R2-R6);
//!   re-exported here, so `rules::Cargo` and `rules::TRACK_END` read as such.
//! - [`state`]: the [`State`] with players as indices; its phases.
//! - [`action`]: the decisions of a voyage and their names (POSITION.md).
//! - [`legal`]: the decider's legal actions in canonical order (R14), costs (R5).
//! - [`apply`]: applying a decision and the flow of rounds (R4, R5, R7, R8, R10).
//! - [`dice`]: rolling (R6) and the distinct landings of a roll.
//! - [`event`]: one step of a voyage, a decision or a roll.
//! - [`settle`]: resolution (R9), settlement (R10, R11) and prices (R12).
//! - [`layouts`]: the 100 layouts of R3 and a voyage's start.

pub mod action;
pub mod apply;
pub mod auction;
pub mod constants;
pub mod dice;
pub mod event;
pub mod layouts;
pub mod legal;
pub mod receipts;
pub mod refusal;
pub mod settle;
pub mod state;

pub use action::Action;
pub use apply::{Illegal, apply, pay};
pub use constants::*;
pub use dice::{distinct_rolls, moved, roll, roll_example, stratum_dice};
pub use event::Event;
pub use layouts::{Layout, layouts, start_spaces, start_with, voyage_start};
pub use legal::{action_cost, income, is_legal, is_stowaway, legal_actions};
pub use receipts::{Receipt, Source, receipts};
pub use settle::{
    Settlement, accounts_after, game_over, raise_prices, resolve, settle, shares_mortgaged, wealth,
};
pub use state::{At, Crew, Phase, PhaseName, PlayerId, Ship, State, Variant};

#[cfg(test)]
mod tests;
