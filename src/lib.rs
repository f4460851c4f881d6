//! # manila-odds
//!
//! Exact odds and advice for one voyage of the board game *Manila*.
//!
//! How the crate is laid out, and how data flows through it:
//!
//! - [`rules`]: the board constants of RULES.md R1 and the voyage's numbers.
//! - [`setup`]: the unchecked JSON position of POSITION.md ([`setup::Setup`]).
//! - [`position`]: a validated [`Position`] built by `Position::try_from(setup)`,
//!   whose error lists every problem with its field.
//! - [`state`]: the rules' compact `Copy` state, players as indices.
//! - [`action`]: the decisions of a voyage and their names.
//! - [`play`]: the rules as pure functions: legal actions in canonical order (R14),
//!   applying an action, rolling, resolving and settling (R5-R12).
//! - [`exact`]: values and advice under the future model `none` (R13-R15):
//!   outcomes, settlement, the ranking of options.
//! - [`solver`]: the enumeration behind them, per crew configuration: the dice
//!   (R6), boarding plans (R7), the pilots' game (R8) and roll 3 by class
//!   (R9-R11); [`track`]: ship positions as it sees them (codes, kinds, moves).
//! - [`future`]: the models in which players keep placing (R15 `greedy`, and
//!   `equilibrium`: max-n, R14), on top of the exact solver.
//! - [`layouts`]: the harbour master's comparison of the 100 layouts (R3).
//! - [`sample`]: Monte Carlo play-outs with common random numbers, a stratified
//!   first roll and honest standard errors; [`analysis`] picks the method
//!   (`--method auto` estimates the enumeration first) and says why.
//! - [`report`]: solver results in the terms of POSITION.md; [`render`] draws
//!   them as tables, JSON or the board. The solvers know neither.
//! - [`notation`]: the one-line position notation; [`events`]: the events of a
//!   voyage as said at the table; [`session`]: a voyage played one event a line.
//! - [`cli`]: arguments, configuration and exit codes; `main.rs` only calls it.
//!
//! Data flows one way: text (JSON or notation) -> `Setup` -> `Position` ->
//! `State` -> solver -> `report` -> renderer -> text.
//!
//! ```
//! use manila_odds::{Position, exact};
//! let json = r#"{"players": ["red", "blue", "green"], "harbour_master": "red",
//!   "rolls_done": 2, "phase": "placement", "to_move": "red",
//!   "ships": [{"cargo": "jade", "position": 13, "crew": ["blue"]},
//!             {"cargo": "silk", "position": 10, "crew": []},
//!             {"cargo": "nutmeg", "position": 4, "crew": []}]}"#;
//! let position = Position::from_json(json).unwrap();
//! let advice = exact::advise(&position);
//! // Jade on 13 after roll 2 with no pirate and no pilot docks for sure (R9).
//! assert_eq!(advice.ships[0].p_harbour, 1.0);
//! ```

pub mod action;
pub mod analysis;
pub mod cli;
pub mod events;
pub mod exact;
pub mod future;
pub mod layouts;
pub mod notation;
pub mod play;
pub mod position;
pub mod progress;
pub mod render;
pub mod report;
pub mod rules;
pub mod sample;
pub mod session;
pub mod setup;
pub mod solver;
pub mod state;
pub mod track;

pub use action::Action;
pub use position::{Position, SetupError};
pub use setup::Setup;

/// Everything that can go wrong between reading input and printing a result.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is not JSON of the position's shape.
    #[error("{0}")]
    Json(#[from] setup::JsonError),
    /// The position breaks a rule of POSITION.md.
    #[error("{0}")]
    Setup(#[from] SetupError),
    /// A flag, file or value given by the user is wrong.
    #[error("{0}")]
    Usage(String),
    /// Reading or writing failed.
    #[error("{0}")]
    Io(String),
}

impl Error {
    /// Exit status: 2 for bad input, 1 for internal or I/O errors.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Io(_) => 1,
            _ => 2,
        }
    }
}
