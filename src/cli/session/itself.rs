//! What the session plays itself, where nobody has a choice: the pirates'
//! stay (R7), and with every ship in port the pilots' `none` (R8) and a roll
//! that moves nothing (R6).

use crate::parse::events::{self, Event, Outcome};
use crate::position::Position;
use crate::rules::{self, Action, Phase, PlayerId};

/// What the session says when it makes a roll that moves nothing itself.
const AUTO_ROLL: &str = "no ship is at sea";

/// Said when the session lets the pirates stay, none having a choice.
const AUTO_STAY: &str = "no ship on 13 has a seat to board";

/// What the session plays itself after an event, or at a voyage's start,
/// in `outcome` (from `before`, whose players it names): the pirates' stay
/// when they have no choice (R7); with every ship in port, the pilots'
/// `none` (R8, nothing to move) and a roll that moves nothing (R6), so that
/// the voyage settles. The outcome after them, and each said in words.
pub(super) fn play_itself(
    before: &Position,
    outcome: Outcome,
) -> Result<(Outcome, Vec<String>), String> {
    let (mut outcome, stayed) = pirates_stay(outcome)?;
    let mut done: Vec<String> = stay_words(before, &stayed).into_iter().collect();
    let in_port = |p: &Position| p.state().ships_at_sea().next().is_none();
    let mut pilots = false;
    while let Outcome::Going(after) = &outcome
        && matches!(after.state().phase, Phase::SmallPilot | Phase::LargePilot)
        && in_port(after)
    {
        let none = Event::Decide {
            player: None,
            action: Action::PILOT_NONE,
        };
        outcome = events::apply(after, none, "none").map_err(|e| e.to_string())?;
        pilots = true;
    }
    if let Outcome::Going(after) = &outcome
        && after.state().phase == Phase::Roll
        && in_port(after)
    {
        let roll = after.state().rolls_done + 1;
        outcome = events::apply(after, Event::Roll([1; 3]), "roll").map_err(|e| e.to_string())?;
        let moves = if pilots {
            "the pilots have nothing to move and "
        } else {
            ""
        };
        done.push(format!("{AUTO_ROLL}, so {moves}roll {roll} moves nothing"));
    }
    Ok((outcome, done))
}

/// When the pirates of a boarding step (R7) have nothing to choose, no ship
/// on 13 having a seat they may take: the voyage after each has stayed,
/// and who stayed, in turn (nobody when they have a choice, or no boarding
/// is due). Asking them would only ask for `stay`.
fn pirates_stay(mut outcome: Outcome) -> Result<(Outcome, Vec<PlayerId>), String> {
    let mut stayed = Vec::new();
    while let Outcome::Going(p) = &outcome
        && matches!(p.state().phase, Phase::Boarding { .. })
        && rules::legal_actions(p.state()) == [Action::Stay]
    {
        let stay = Event::Decide {
            player: None,
            action: Action::Stay,
        };
        stayed.extend(p.state().decider());
        outcome = events::apply(p, stay, "stay").map_err(|e| e.to_string())?;
    }
    Ok((outcome, stayed))
}

/// What the session says when it let `stayed` stay: "no ship on 13 has a
/// seat to board, so the pirate y stays (R7)"; `None` when nobody did.
fn stay_words(p: &Position, stayed: &[PlayerId]) -> Option<String> {
    let names: Vec<&str> = stayed.iter().map(|&id| p.name(id)).collect();
    let who = match names.as_slice() {
        [] => return None,
        [one] => format!("the pirate {one} stays"),
        [one, two, ..] => format!("the pirates {one} and {two} stay"),
    };
    Some(format!("{AUTO_STAY}, so {who} (R7)"))
}
