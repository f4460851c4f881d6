//! The position: the unchecked [`Setup`] of POSITION.md, and the validated
//! [`Position`] (player names plus the rules' [`State`]).
//!
//! - [`setup`]: the `Setup`, field for field as POSITION.md writes it.
//! - [`validate`]: `Position::try_from(setup)` checks it against every rule of
//!   POSITION.md ("Refused positions") and reports all problems found, each
//!   naming its field.
//! - [`reach`]: whether the three ships' spaces can be reached together.
//! - [`back`]: a position back to its `Setup`, to be written out.

pub mod back;
pub mod reach;
pub mod setup;
pub mod validate;

pub use setup::Setup;
pub use validate::{MAX_CASH, Problem, SetupError, printable, unprintable};

use crate::rules::{self, Action, PlayerId, State};

/// A valid position: every name resolved, every rule of POSITION.md met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) names: Vec<String>,
    pub(crate) state: State,
}

impl Position {
    /// Wraps a state whose names are given; the state must be valid already.
    pub fn from_parts(names: Vec<String>, state: State) -> Position {
        Position { names, state }
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn name(&self, p: PlayerId) -> &str {
        &self.names[p as usize]
    }

    pub fn player(&self, name: &str) -> Option<PlayerId> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| i as PlayerId)
    }

    pub fn legal_actions(&self) -> Vec<Action> {
        rules::legal_actions(&self.state)
    }

    pub fn is_legal(&self, a: Action) -> bool {
        rules::is_legal(&self.state, a)
    }

    /// The state after the decider takes `a`; a roll or settlement may be due.
    pub fn apply(&self, a: Action) -> Result<State, rules::Illegal> {
        rules::apply(&self.state, a)
    }

    /// The position as POSITION.md JSON fields.
    pub fn to_setup(&self) -> Setup {
        back::to_setup(&self.names, &self.state)
    }
}
