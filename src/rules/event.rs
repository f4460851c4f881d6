//! One step of a voyage as it happens at the table: a decision, or the dice of
//! a roll. Events are what a voyage is recorded as, and replayed from.

use super::action::Action;
use super::constants::SHIPS;
use super::state::PlayerId;

/// One event of the voyage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A decision; `player` when the event names who takes it.
    Decide {
        player: Option<PlayerId>,
        action: Action,
    },
    /// The dice, in ship order (docked ships' dice are ignored).
    Roll([u8; SHIPS]),
}
