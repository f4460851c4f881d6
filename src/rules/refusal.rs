//! Why an action is not legal now, in words for the person who typed it: the
//! slot taken, the credit short, the ship in port, the pilot's reach (R5-R10).
//! [`crate::rules::apply`] gives this reason with the legal list.

use super::action::{Action, Destination, ShipMove};
use super::constants::{self as rules, Cargo, TRACK_END};
use super::legal::{is_legal, is_stowaway};
use super::state::{At, Phase, PlayerId, State};

/// The reason `a` is refused in `s`; `None` when it is legal or no reason
/// more precise than "not legal here" is known.
pub fn why_not(s: &State, a: Action) -> Option<String> {
    if is_legal(s, a) {
        return None;
    }
    match (s.phase, a) {
        (Phase::Placement { to_move }, _) => placement(s, to_move, a),
        (Phase::Boarding { boarded, .. }, Action::Board { cargo, remove }) => {
            boarding(s, cargo, remove, boarded)
        }
        (Phase::SmallPilot, Action::Pilot(m)) => pilot(s, m, "small", rules::SMALL_PILOT_SPACES),
        (Phase::LargePilot, Action::Pilot(m)) => pilot(s, m, "large", rules::LARGE_PILOT_SPACES),
        (Phase::Plunder, Action::Plunder(dests)) => Some(plunder(s, dests)),
        (phase, a) => Some(format!(
            "'{a}' is not a decision of the {} phase",
            phase.name().replace('_', " ")
        )),
    }
}

fn placement(s: &State, p: PlayerId, a: Action) -> Option<String> {
    let taken = |holder: Option<PlayerId>, what: &str| holder.map(|_| format!("{what} is taken"));
    let closed = match a {
        Action::Seat(c) => seat(s, c),
        Action::Harbour(b) => taken(s.harbour[b.index()], &format!("harbour {}", b.letter())),
        Action::Shipyard(b) => taken(s.shipyard[b.index()], &format!("shipyard {}", b.letter())),
        Action::Pirate => (s.pirate_count() >= rules::PIRATE_SLOTS)
            .then(|| "both places on the pirate ship are taken".to_string()),
        Action::SmallPilot => taken(s.small_pilot, "the small pilot"),
        Action::LargePilot => taken(s.large_pilot, "the large pilot"),
        Action::Insurance => taken(s.insurance, "insurance"),
        Action::Pass => None,
        _ => {
            let round = s.round;
            return Some(format!(
                "placement round {round} is on: a slot or pass is due (R5)"
            ));
        }
    };
    closed.or_else(|| money(s, p, a))
}

/// Why a seat on the ship of `cargo` is closed.
fn seat(s: &State, cargo: Cargo) -> Option<String> {
    let Some(i) = s.ship_index(cargo) else {
        let ships: Vec<&str> = s.ships.iter().map(|sh| sh.cargo.name()).collect();
        return Some(format!(
            "{cargo} is not in this voyage (its ships: {})",
            ships.join(", ")
        ));
    };
    let ship = &s.ships[i];
    if ship.at_sea().is_none() {
        return Some(format!("the {cargo} ship is no longer at sea"));
    }
    ship.is_full()
        .then(|| format!("every seat on the {cargo} ship is taken"))
}

/// Why an open slot is beyond the player's means (R5).
fn money(s: &State, p: PlayerId, a: Action) -> Option<String> {
    let credit = s.credit(p)?;
    if is_stowaway(s, p) {
        return Some(format!(
            "a stowaway (credit {credit}, below every open slot's cost) may take only a \
             seat (R5)"
        ));
    }
    let price = match a {
        Action::Seat(c) => s.ships[s.ship_index(c)?].next_seat_cost()?,
        Action::Harbour(b) | Action::Shipyard(b) => b.cost(),
        Action::Pirate => rules::PIRATE_COST,
        Action::SmallPilot => rules::SMALL_PILOT_COST,
        Action::LargePilot => rules::LARGE_PILOT_COST,
        _ => return None,
    };
    Some(format!(
        "'{a}' costs {price}, more than the credit {credit} (cash plus 12 per unmortgaged \
         share, R5)"
    ))
}

fn boarding(s: &State, cargo: Cargo, remove: Option<u8>, boarded: [u8; 3]) -> Option<String> {
    let Some(i) = s.ship_index(cargo) else {
        return Some(format!("{cargo} is not in this voyage"));
    };
    let ship = &s.ships[i];
    if ship.at != At::Sea(TRACK_END) {
        return Some(format!(
            "pirates board only a ship on 13 after roll 2, and the {cargo} ship is not (R7)"
        ));
    }
    let Some(seat) = remove else {
        return ship.is_full().then(|| {
            format!("every seat on the {cargo} ship is taken (R7; the strong-pirates variant may remove a passenger)")
        });
    };
    Some(if !s.variant.strong_pirates {
        "removing a passenger needs the strong-pirates variant (R7)".to_string()
    } else if !ship.is_full() || s.ships_on_13().any(|j| !s.ships[j].is_full()) {
        "a ship on 13 has a free seat: a pirate takes it before removing anyone (R7)".to_string()
    } else if seat as usize >= ship.crew.len() {
        format!(
            "the {cargo} ship has seats 0 to {} (counted from 0 in fill order, cheapest first)",
            ship.crew.len() - 1
        )
    } else if boarded[i] & (1 << seat) != 0 {
        format!("seat {seat} of the {cargo} ship was boarded by a pirate this step (R7)")
    } else {
        return None;
    })
}

/// The legal actions of `s`, as a refusal lists them: the first
/// [`LISTED`], and how many more (a large pilot has up to 25 moves, too
/// many for a line under the reason).
pub fn legal_list(s: &State) -> String {
    let legal = super::legal::legal_actions(s);
    // "and 1 more" would say no less than the one itself.
    let listed = if legal.len() <= LISTED + 3 {
        legal.len()
    } else {
        LISTED
    };
    let shown: Vec<String> = legal.iter().take(listed).map(Action::to_string).collect();
    match legal.len() - listed {
        0 => format!("legal: {}", shown.join(", ")),
        more => format!("legal: {} and {more} more", shown.join(", ")),
    }
}

/// How many legal actions a refusal lists when there are many more.
pub const LISTED: usize = 12;

/// R8's reason for moves of `total` spaces by the `which` pilot.
pub fn too_far(which: &str, spaces: u8, total: u32) -> String {
    let s = if spaces == 1 { "" } else { "s" };
    format!("the {which} pilot moves {spaces} space{s} in all (R8), not {total}")
}

fn pilot(s: &State, moves: [Option<ShipMove>; 2], which: &str, spaces: u8) -> Option<String> {
    let moves: Vec<ShipMove> = moves.iter().flatten().copied().collect();
    let total: u8 = moves.iter().map(|m| m.delta.unsigned_abs()).sum();
    if total > spaces {
        return Some(too_far(which, spaces, u32::from(total)));
    }
    if moves.iter().any(|m| m.delta == 0) {
        return Some("a move of 0 spaces is no move: 'none' moves nothing".into());
    }
    let mut at = Vec::new();
    for m in &moves {
        let Some(i) = s.ship_index(m.cargo) else {
            return Some(format!("{} is not in this voyage", m.cargo));
        };
        at.push((i, s.ships[i].at_sea()));
    }
    if let [first, second] = moves[..] {
        if first.cargo == second.cargo {
            let delta = first.delta + second.delta;
            return Some(format!("one move per ship: {}{delta:+}", first.cargo));
        }
        if at[0].0 > at[1].0 {
            return Some(format!(
                "two ships are named in ship order: {second},{first}"
            ));
        }
    }
    for (m, (_, sea)) in moves.iter().zip(at) {
        let cargo = m.cargo;
        match sea {
            None => {
                return Some(format!(
                    "the {cargo} ship is in port: pilots move ships at sea (R8)"
                ));
            }
            Some(at) if at as i8 + m.delta < 0 => {
                return Some(format!(
                    "the {cargo} ship is on {at}: no ship goes below 0 (R8)"
                ));
            }
            _ => {}
        }
    }
    None
}

fn plunder(s: &State, dests: [Option<(Cargo, Destination)>; 3]) -> String {
    let plundered: Vec<Cargo> = s.ships_on_13().map(|i| s.ships[i].cargo).collect();
    let named: Vec<Cargo> = dests.iter().flatten().map(|(c, _)| *c).collect();
    let ships: Vec<String> = plundered.iter().map(|c| format!("{c}:harbour")).collect();
    let rule = format!(
        "the captain sends every plundered ship, each once (in any order): e.g. '{}' (R10)",
        ships.join(",")
    );
    // The first thing wrong, named: a ship not plundered, one named twice,
    // or one left out.
    let stray = named.iter().find(|c| !plundered.contains(c));
    let twice = (1..named.len()).find_map(|i| named[..i].contains(&named[i]).then_some(named[i]));
    let missing = plundered.iter().find(|c| !named.contains(c));
    match (stray, twice, missing) {
        (Some(c), _, _) => format!("the {c} ship was not plundered: {rule}"),
        (_, Some(c), _) => format!("the {c} ship is named twice: {rule}"),
        (_, _, Some(c)) => format!("the {c} ship is plundered too: {rule}"),
        _ => rule,
    }
}
