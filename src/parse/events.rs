//! Events of a voyage as players say them at the table: a placement (`green
//! ship:jade`), a pass, a roll (`roll 3 5 2`), a boarding, pilot or plunder
//! choice. Applying one advances the voyage by the rules (R4, R5, R7, R8, R10);
//! an illegal event is refused with the reason and changes nothing.

use crate::position::Position;
use crate::report::Voyage;
pub use crate::rules::Event;
use crate::rules::{self, Action, DIE_SIDES, MAX_PLAYERS, Phase, SHIPS, State};

/// Why an event was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("event '{event}': {reason}")]
pub struct EventError {
    pub event: String,
    pub reason: String,
}

/// Where the voyage stands after an event.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A decision or a roll is due.
    Going(Position),
    /// The voyage is over: every ship in the harbour or the shipyard.
    Settled(Voyage),
}

fn refuse(event: &str, reason: impl Into<String>) -> EventError {
    EventError {
        event: event.to_string(),
        reason: reason.into(),
    }
}

/// Parses an event in the words of `apply` and `session`.
pub fn parse(position: &Position, text: &str) -> Result<Event, EventError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        [] => Err(refuse(text, "empty event")),
        ["roll", dice @ ..] => parse_roll(text, dice).map(Event::Roll),
        [who, action] => {
            let player = position.player(who).ok_or_else(|| {
                refuse(
                    text,
                    format!("'{who}' is not a player ({})", position.names().join(", ")),
                )
            })?;
            Ok(Event::Decide {
                player: Some(player),
                action: parse_action(text, action)?,
            })
        }
        [action] => Ok(Event::Decide {
            player: None,
            action: parse_action(text, action)?,
        }),
        _ => Err(refuse(
            text,
            "expected '[player] action' or 'roll d1 d2 d3'",
        )),
    }
}

fn parse_action(text: &str, word: &str) -> Result<Action, EventError> {
    Action::parse(word).ok_or_else(|| {
        refuse(
            text,
            format!("'{word}' is not an action (e.g. ship:jade, harbour:B, pirate, pass, stay, board:silk, jade+1, none, jade:harbour)"),
        )
    })
}

fn parse_roll(text: &str, dice: &[&str]) -> Result<[u8; SHIPS], EventError> {
    if dice.len() != SHIPS {
        return Err(refuse(
            text,
            format!("a roll names 3 dice in ship order, found {}", dice.len()),
        ));
    }
    let mut out = [0; SHIPS];
    for (d, word) in out.iter_mut().zip(dice) {
        *d = word
            .parse()
            .ok()
            .filter(|d| (1..=DIE_SIDES).contains(d))
            .ok_or_else(|| refuse(text, format!("a die shows 1 to 6, found '{word}'")))?;
    }
    Ok(out)
}

/// Applies an event to a position. The position is left as it was on refusal.
/// A settled voyage's profits count this event and the settlement.
pub fn apply(position: &Position, event: Event, text: &str) -> Result<Outcome, EventError> {
    let s = position.state();
    let next = match (event, s.phase) {
        (Event::Roll(dice), Phase::Roll) => rules::roll(s, dice),
        (Event::Roll(_), _) => {
            let who = s.decider().map_or("-", |p| position.name(p));
            return Err(refuse(
                text,
                format!("no roll is due: {who} decides ({})", s.phase_words()),
            ));
        }
        (Event::Decide { .. }, Phase::Roll) => {
            return Err(refuse(
                text,
                format!(
                    "roll {} is due: give its dice, e.g. 'roll 3 5 2'",
                    s.rolls_done + 1
                ),
            ));
        }
        (Event::Decide { player, action }, _) => {
            let decider = s.decider();
            if let (Some(p), Some(d)) = (player, decider)
                && p != d
            {
                let (p, d) = (position.name(p), position.name(d));
                let reason = format!("it is {d}'s decision ({}), not {p}'s", s.phase_words());
                return Err(refuse(text, reason));
            }
            rules::apply(s, action).map_err(|e| refuse(text, e.0))?
        }
    };
    Ok(outcome(position.names().to_vec(), next, event.cash(s)))
}

/// Parses and applies events in order; the first refusal stops and is returned.
/// A settled voyage's profits count every event applied and the settlement.
pub fn apply_all(position: &Position, texts: &[String]) -> Result<Outcome, EventError> {
    let mut current = Outcome::Going(position.clone());
    let mut spent = [0i64; MAX_PLAYERS];
    for text in texts {
        let Outcome::Going(p) = &current else {
            return Err(refuse(text, "the voyage is over"));
        };
        let event = parse(p, text)?;
        let cash = event.cash(p.state());
        current = apply(p, event, text)?;
        if let Outcome::Going(_) = current {
            for (total, c) in spent.iter_mut().zip(cash) {
                *total += c;
            }
        }
    }
    if let Outcome::Settled(v) = &mut current {
        for (profit, c) in v.profits.iter_mut().zip(spent) {
            *profit += c;
        }
    }
    Ok(current)
}

/// Where `state` stands; a settled voyage's profits are its receipts plus
/// `cash`, what the last event paid and cost.
fn outcome(names: Vec<String>, state: State, cash: [i64; MAX_PLAYERS]) -> Outcome {
    if state.phase == Phase::Over {
        let settlement = rules::settle(&state);
        let prices = rules::raise_prices(state.prices, settlement.rises);
        let profits = (0..state.players as usize)
            .map(|p| settlement.payouts[p] + cash[p])
            .collect();
        Outcome::Settled(Voyage {
            names,
            state,
            settlement,
            prices,
            profits,
        })
    } else {
        Outcome::Going(Position::from_parts(names, state))
    }
}

/// An event in the words `parse` reads: `p1 ship:jade`, `roll 3 5 2`.
pub fn write(event: Event, names: &[String]) -> String {
    match event {
        Event::Decide {
            player: Some(p),
            action,
        } => format!("{} {action}", names[p as usize]),
        Event::Decide {
            player: None,
            action,
        } => action.to_string(),
        Event::Roll(d) => format!("roll {} {} {}", d[0], d[1], d[2]),
    }
}
