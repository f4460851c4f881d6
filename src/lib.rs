//! # manila-odds
//!
//! Exact odds and advice for one voyage of the board game *Manila*.
//!
//! The crate is built in layers; every module imports only from the layers
//! below it:
//!
//! | layer | module | what lives there |
//! |---|---|---|
//! | command line | [`cli`] | clap arguments, the checked `Config`, commands, the session, progress |
//! | output | [`render`] | one renderer per output: tables, JSON, the board, a settlement |
//! | input | [`parse`] | JSON, the one-line notation, action names, events, layout strings |
//! | engine | [`engine`] | the exact solver, the future models, Monte Carlo, the risk of an option, the method choice, layouts, the auction, the arena |
//! | results | [`report`] | advice, odds, comparisons, voyages as plain data, and one `How` each |
//! | position | [`position`] | the unchecked [`Setup`] and the validated [`Position`] |
//! | rules | [`rules`] | RULES.md as pure functions over a small `Copy` [`rules::State`] |
//!
//! `render` and `parse` sit beside the engine: the renderers read reports and
//! positions only, the parsers build positions and events. The engine parses
//! no text and names no flag: its errors are typed, and the CLI words them.
//!
//! Data flows one way: text (JSON or notation) -> `Setup` -> `Position` ->
//! `State` -> engine -> `report` -> renderer -> text.
//!
//! ```
//! use manila_odds::engine::analysis::{self, MethodChoice, Request};
//! use manila_odds::engine::sample::Settings;
//! use manila_odds::Position;
//! let json = r#"{"players": ["red", "blue", "green"], "harbour_master": "red",
//!   "rolls_done": 2, "phase": "placement", "to_move": "red",
//!   "ships": [{"cargo": "jade", "position": 13, "crew": ["blue"]},
//!             {"cargo": "silk", "position": 10, "crew": []},
//!             {"cargo": "nutmeg", "position": 4, "crew": []}]}"#;
//! let position = Position::from_json(json).unwrap();
//! let request = Request::new(MethodChoice::Auto, Settings::new(1));
//! let advice = analysis::advise(&position, &request, &mut |_| {});
//! // Jade on 13 after roll 2 with no pirate and no pilot docks for sure (R9).
//! assert_eq!(advice.ships[0].p_harbour, 1.0);
//! // Small enough to enumerate: `auto` ran the exact solver.
//! assert_eq!(advice.how.method, manila_odds::report::Method::Exact);
//! ```

pub mod cli;
pub mod engine;
pub mod parse;
pub mod position;
pub mod render;
pub mod report;
pub mod rules;

pub use position::{Position, Setup, SetupError};
pub use rules::Action;

/// Everything that can go wrong between reading input and printing a result.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is not JSON of the position's shape.
    #[error("{0}")]
    Json(#[from] parse::json::JsonError),
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
