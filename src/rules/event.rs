//! One step of a voyage as it happens at the table: a decision, or the dice of
//! a roll. Events are what a voyage is recorded as, and replayed from.

use super::action::Action;
use super::constants::{MAX_PLAYERS, SHIPS};
use super::legal::{action_cost, income};
use super::state::{PlayerId, State};

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

impl Event {
    /// What the event moves of each player's cash at once in `s` (R5, R13): a
    /// placement's cost is paid (a stowaway's cash), insurance's premium is
    /// received; nothing else moves cash before settlement.
    pub fn cash(&self, s: &State) -> [i64; MAX_PLAYERS] {
        let mut out = [0; MAX_PLAYERS];
        if let (Event::Decide { action, .. }, Some(p)) = (self, s.decider()) {
            out[p as usize] = income(s, *action) as i64 - action_cost(s, *action) as i64;
        }
        out
    }
}
