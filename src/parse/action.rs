//! Action names read back (POSITION.md "Actions"): the inverse of `Action`'s
//! `Display`, which writes them.

use crate::rules::action::{Action, Destination, ShipMove};
use crate::rules::{Berth, Cargo};

impl Action {
    /// Parses an action name of POSITION.md; `None` when it is not one.
    pub fn parse(text: &str) -> Option<Action> {
        let text = text.trim();
        let simple = match text {
            "pass" => Some(Action::Pass),
            "pirate" => Some(Action::Pirate),
            "pilot:small" => Some(Action::SmallPilot),
            "pilot:large" => Some(Action::LargePilot),
            "insurance" => Some(Action::Insurance),
            "stay" => Some(Action::Stay),
            "none" => Some(Action::PILOT_NONE),
            _ => None,
        };
        if simple.is_some() {
            return simple;
        }
        if let Some(rest) = text.strip_prefix("ship:") {
            return Cargo::from_name(rest).map(Action::Seat);
        }
        if let Some(rest) = text.strip_prefix("harbour:") {
            return parse_berth(rest).map(Action::Harbour);
        }
        if let Some(rest) = text.strip_prefix("shipyard:") {
            return parse_berth(rest).map(Action::Shipyard);
        }
        if let Some(rest) = text.strip_prefix("board:") {
            return parse_board(rest);
        }
        if text.contains(":harbour") || text.contains(":shipyard") {
            return parse_plunder(text);
        }
        parse_pilot(text)
    }
}

fn parse_berth(text: &str) -> Option<Berth> {
    match text {
        "A" => Some(Berth::A),
        "B" => Some(Berth::B),
        "C" => Some(Berth::C),
        _ => None,
    }
}

fn parse_board(text: &str) -> Option<Action> {
    let (cargo, remove) = match text.split_once("/remove:") {
        Some((c, seat)) => (c, Some(seat.parse::<u8>().ok()?)),
        None => (text, None),
    };
    Some(Action::Board {
        cargo: Cargo::from_name(cargo)?,
        remove,
    })
}

fn parse_pilot(text: &str) -> Option<Action> {
    let mut moves = [None; 2];
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() > 2 {
        return None;
    }
    for (slot, part) in moves.iter_mut().zip(&parts) {
        let at = part.find(['+', '-'])?;
        let cargo = Cargo::from_name(&part[..at])?;
        let delta: i8 = part[at..].parse().ok()?;
        if !part[at + 1..].chars().all(|c| c.is_ascii_digit()) || delta == 0 {
            return None;
        }
        *slot = Some(ShipMove { cargo, delta });
    }
    Some(Action::Pilot(moves))
}

fn parse_plunder(text: &str) -> Option<Action> {
    let mut dests = [None; 3];
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() > 3 {
        return None;
    }
    for (slot, part) in dests.iter_mut().zip(&parts) {
        let (cargo, dest) = part.split_once(':')?;
        let dest = match dest {
            "harbour" => Destination::Harbour,
            "shipyard" => Destination::Shipyard,
            _ => return None,
        };
        *slot = Some((Cargo::from_name(cargo)?, dest));
    }
    Some(Action::Plunder(dests))
}

/// One canonical name of every kind of action, for the parsers' tests.
#[cfg(test)]
pub(crate) const NAMES: [&str; 17] = [
    "pass",
    "ship:jade",
    "harbour:A",
    "shipyard:C",
    "pirate",
    "pilot:small",
    "pilot:large",
    "insurance",
    "stay",
    "board:silk",
    "board:jade/remove:2",
    "none",
    "jade+1",
    "silk-2",
    "jade+1,ginseng-1",
    "nutmeg:harbour",
    "jade:harbour,silk:shipyard",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in NAMES {
            let action = Action::parse(name).unwrap_or_else(|| panic!("{name} parses"));
            assert_eq!(action.to_string(), name);
        }
    }

    #[test]
    fn bad_names_are_refused() {
        for name in [
            "",
            "ship:",
            "ship:tea",
            "harbour:D",
            "jade+0",
            "jade+x",
            "jade",
            "board:",
        ] {
            assert_eq!(Action::parse(name), None, "{name}");
        }
    }
}
