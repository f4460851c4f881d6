//! The canonical notation written from a setup: sections in a fixed order, cash
//! and shares in seating order, defaults left out.

use super::lex::{initial, is_phase_word, is_tag_char};
use crate::position::Setup;
use crate::position::setup::ShipSetup;
use crate::rules::PhaseName;
use std::collections::BTreeMap;

pub(super) fn format_setup(s: &Setup) -> String {
    let mut tokens = vec![players(s), progress(s)];
    tokens.extend(s.ships.iter().map(ship));
    tokens.extend(slots(s));
    tokens.extend(money(s));
    tokens.join(" ")
}

/// The players in seating order, the harbour master starred.
fn players(s: &Setup) -> String {
    let players: Vec<String> = s
        .players
        .iter()
        .map(|name| {
            let star = if *name == s.harbour_master { "*" } else { "" };
            format!("{}{star}", tag(name))
        })
        .collect();
    players.join(",")
}

/// The rolls done, then the player to move or the phase, and the round if given.
fn progress(s: &Setup) -> String {
    let mut progress = format!("{}:", s.rolls_done);
    match s.phase {
        PhaseName::Placement => progress += &tag(s.to_move.as_deref().unwrap_or_default()),
        PhaseName::Boarding => {
            progress += "board";
            if let Some(next) = s.boarding_next.filter(|&n| n != 0) {
                progress += &next.to_string();
            }
        }
        PhaseName::SmallPilot => progress += "small",
        PhaseName::LargePilot => progress += "large",
        PhaseName::Plunder => progress += "plunder",
        PhaseName::Roll => progress += "roll",
    }
    if let Some(round) = s.round {
        progress += &format!("@{round}");
    }
    progress
}

/// Cargo initial, space or `D`, and the crew.
fn ship(ship: &ShipSetup) -> String {
    let mut t = initial(ship.cargo).to_string();
    match (ship.position, ship.docked) {
        (Some(p), _) => t += &p.to_string(),
        (None, Some(true)) => t.push('D'),
        // Not a position of POSITION.md; written as is, refused when read.
        (None, _) => {}
    }
    if !ship.crew.is_empty() {
        let crew: Vec<String> = ship.crew.iter().map(|n| tag(n)).collect();
        t += &format!(":{}", crew.join("."));
    }
    t
}

/// The sections of the slots, in the order `H Y X s l i p B w +`.
fn slots(s: &Setup) -> Vec<String> {
    let mut tokens = Vec::new();
    for (key, berths) in [('H', &s.harbour), ('Y', &s.shipyard)] {
        let mut slots: Vec<String> = berths
            .slots()
            .iter()
            .map(|o| o.as_deref().map_or("-".to_string(), tag))
            .collect();
        while slots.last().is_some_and(|x| x == "-") {
            slots.pop();
        }
        if !slots.is_empty() {
            tokens.push(format!("{key}:{}", slots.join(",")));
        }
    }
    let list = |names: &[String]| names.iter().map(|n| tag(n)).collect::<Vec<_>>().join(",");
    if !s.pirates.is_empty() {
        tokens.push(format!("X:{}", list(&s.pirates)));
    }
    for (key, holder) in [
        ('s', &s.pilots.small),
        ('l', &s.pilots.large),
        ('i', &s.insurance),
    ] {
        if let Some(name) = holder {
            tokens.push(format!("{key}:{}", tag(name)));
        }
    }
    if !s.passed.is_empty() {
        tokens.push(format!("p:{}", list(&s.passed)));
    }
    if !s.boarded.is_empty() {
        let seats: Vec<String> = s
            .boarded
            .iter()
            .map(|b| format!("{}{}", initial(b.cargo), b.seat))
            .collect();
        tokens.push(format!("B:{}", seats.join(",")));
    }
    if let Some(w) = s.workers {
        tokens.push(format!("w{w}"));
    }
    if s.variant.strong_pirates {
        tokens.push("+strong".into());
    }
    if s.variant.thirteen_wrecks {
        tokens.push("+thirteen".into());
    }
    tokens
}

/// The sections of cash, shares and prices (`$ % ^`), players in seating order.
fn money(s: &Setup) -> Vec<String> {
    let mut tokens = Vec::new();
    if let Some(cash) = &s.cash {
        let entries: Vec<String> = in_seat_order(&s.players, cash)
            .map(|(name, amount)| format!("{}{amount}", cash_tag(name)))
            .collect();
        if !entries.is_empty() {
            tokens.push(format!("${}", entries.join(",")));
        }
    }
    if let Some(shares) = &s.shares {
        let entries: Vec<String> = in_seat_order(&s.players, shares)
            .filter_map(|(name, held)| {
                let held: String = held
                    .iter()
                    .filter(|&(_, &n)| n != 0)
                    .map(|(&c, n)| format!("{}{n}", initial(c)))
                    .collect();
                (!held.is_empty()).then(|| format!("{}:{held}", tag(name)))
            })
            .collect();
        if !entries.is_empty() {
            tokens.push(format!("%{}", entries.join(",")));
        }
    }
    if let Some(prices) = &s.prices {
        let entries: Vec<String> = prices
            .iter()
            .filter(|&(_, &p)| p != 0)
            .map(|(&c, p)| format!("{}{p}", initial(c)))
            .collect();
        if !entries.is_empty() {
            tokens.push(format!("^{}", entries.join(",")));
        }
    }
    tokens
}

/// The entries of a map keyed by player name, players first in seating order,
/// then any other names (none in a valid position).
fn in_seat_order<'a, V>(
    players: &'a [String],
    map: &'a BTreeMap<String, V>,
) -> impl Iterator<Item = (&'a String, &'a V)> {
    let seated = players.iter().filter_map(|p| map.get_key_value(p));
    let others = map.iter().filter(|(name, _)| !players.contains(name));
    seated.chain(others)
}

/// A player's tag: the name itself, or the name in quotes when it is not a plain
/// run of tag characters, is `-` (an empty berth) or is a phase word.
pub(super) fn tag(name: &str) -> String {
    let plain = !name.is_empty() && name.chars().all(is_tag_char);
    if plain && name != "-" && !is_phase_word(name) {
        name.to_string()
    } else {
        quote(name)
    }
}

/// A tag in the cash section, where the amount follows the tag directly: a name
/// ending in a digit is quoted too.
pub(super) fn cash_tag(name: &str) -> String {
    let tag = tag(name);
    if tag.ends_with(|c: char| c.is_ascii_digit()) {
        quote(name)
    } else {
        tag
    }
}

pub(super) fn quote(name: &str) -> String {
    let mut out = String::from('"');
    for c in name.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            // A line or paragraph separator breaks a line as a newline does.
            c if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') => {
                out += &format!("\\u{{{:x}}}", c as u32)
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
