//! The decider's legal actions in canonical order (R14), and what an action
//! costs and pays at once (R5). `legal_actions` and `is_legal` are written
//! independently, so that a test can hold the two against each other.

use super::action::{Action, Destination, ShipMove};
use super::constants::{self as rules, Berth, Cargo, SHIPS, TRACK_END};
use super::state::{At, Phase, PlayerId, State};

/// The decider's legal actions, in the canonical order of R14.
pub fn legal_actions(s: &State) -> Vec<Action> {
    match s.phase {
        Phase::Placement { to_move } => placements(s, to_move),
        Phase::Boarding { .. } => boardings(s),
        Phase::SmallPilot => pilot_moves(s, rules::SMALL_PILOT_SPACES),
        Phase::LargePilot => pilot_moves(s, rules::LARGE_PILOT_SPACES),
        Phase::Plunder => plunders(s),
        Phase::Roll | Phase::Over => Vec::new(),
    }
}

/// Whether `a` is legal now. Checked from the rules directly, not by searching
/// [`legal_actions`], so that a test can hold the two against each other.
pub fn is_legal(s: &State, a: Action) -> bool {
    match (s.phase, a) {
        (Phase::Placement { to_move }, _) => placement_is_legal(s, to_move, a),
        (Phase::Boarding { .. }, Action::Stay) => true,
        (Phase::Boarding { .. }, Action::Board { cargo, remove }) => {
            board_is_legal(s, cargo, remove)
        }
        (Phase::SmallPilot, Action::Pilot(m)) => pilot_is_legal(s, m, rules::SMALL_PILOT_SPACES),
        (Phase::LargePilot, Action::Pilot(m)) => pilot_is_legal(s, m, rules::LARGE_PILOT_SPACES),
        (Phase::Plunder, Action::Plunder(d)) => plunder_is_legal(s, d),
        _ => false,
    }
}

// ---------------------------------------------------------------- placement (R5)

/// Whether `p` is a stowaway (R5): their credit is below the cost of every free
/// slot other than insurance. Never when their cash is not modelled, and never
/// when no slot but insurance is free: R5 read literally would then bar even a
/// rich player from insurance, which no rulebook intends.
pub fn is_stowaway(s: &State, p: PlayerId) -> bool {
    match s.credit(p) {
        None => false,
        Some(credit) => {
            let mut costs = free_slot_costs(s).peekable();
            costs.peek().is_some() && costs.all(|cost| cost > credit)
        }
    }
}

/// Costs of the free slots other than insurance.
fn free_slot_costs(s: &State) -> impl Iterator<Item = u32> + '_ {
    let seats = s
        .ships
        .iter()
        .filter(|sh| sh.at_sea().is_some())
        .filter_map(|sh| sh.next_seat_cost());
    let berths = Berth::ALL
        .into_iter()
        .flat_map(move |b| {
            [
                (s.harbour[b.index()], b.cost()),
                (s.shipyard[b.index()], b.cost()),
            ]
        })
        .filter(|(owner, _)| owner.is_none())
        .map(|(_, cost)| cost);
    let pirate = (s.pirate_count() < rules::PIRATE_SLOTS).then_some(rules::PIRATE_COST);
    let small = s.small_pilot.is_none().then_some(rules::SMALL_PILOT_COST);
    let large = s.large_pilot.is_none().then_some(rules::LARGE_PILOT_COST);
    seats.chain(berths).chain(pirate).chain(small).chain(large)
}

/// The list price of a free slot, or `None` when the slot is taken or closed.
fn slot_price(s: &State, a: Action) -> Option<u32> {
    match a {
        Action::Seat(c) => {
            let ship = &s.ships[s.ship_index(c)?];
            ship.at_sea()?;
            ship.next_seat_cost()
        }
        Action::Harbour(b) => s.harbour[b.index()].is_none().then(|| b.cost()),
        Action::Shipyard(b) => s.shipyard[b.index()].is_none().then(|| b.cost()),
        Action::Pirate => (s.pirate_count() < rules::PIRATE_SLOTS).then_some(rules::PIRATE_COST),
        Action::SmallPilot => s.small_pilot.is_none().then_some(rules::SMALL_PILOT_COST),
        Action::LargePilot => s.large_pilot.is_none().then_some(rules::LARGE_PILOT_COST),
        Action::Insurance => s.insurance.is_none().then_some(0),
        _ => None,
    }
}

fn placement_is_legal(s: &State, p: PlayerId, a: Action) -> bool {
    if a == Action::Pass {
        return true;
    }
    let Some(price) = slot_price(s, a) else {
        return false;
    };
    match s.credit(p) {
        None => true,
        Some(_) if is_stowaway(s, p) => matches!(a, Action::Seat(_)),
        Some(credit) => price <= credit,
    }
}

/// The placements in canonical order (R14).
fn placement_candidates(s: &State) -> Vec<Action> {
    let mut all = vec![Action::Pass];
    all.extend(s.ships.iter().map(|sh| Action::Seat(sh.cargo)));
    all.extend(Berth::ALL.map(Action::Harbour));
    all.extend(Berth::ALL.map(Action::Shipyard));
    all.extend([
        Action::Pirate,
        Action::SmallPilot,
        Action::LargePilot,
        Action::Insurance,
    ]);
    all
}

fn placements(s: &State, p: PlayerId) -> Vec<Action> {
    placement_candidates(s)
        .into_iter()
        .filter(|&a| placement_is_legal(s, p, a))
        .collect()
}

/// What taking `a` costs the decider now (R5): the slot's price, or a stowaway's
/// whole cash for a seat. Insurance costs 0 (its 10 is income, see [`income`]).
pub fn action_cost(s: &State, a: Action) -> u32 {
    let Phase::Placement { to_move } = s.phase else {
        return 0;
    };
    let price = slot_price(s, a).unwrap_or(0);
    if matches!(a, Action::Seat(_)) && is_stowaway(s, to_move) {
        s.cash[to_move as usize].unwrap_or(0)
    } else {
        price
    }
}

/// What taking `a` pays the decider at once: the insurance premium (R1).
pub fn income(s: &State, a: Action) -> u32 {
    match (s.phase, a) {
        (Phase::Placement { .. }, Action::Insurance) => rules::INSURANCE_PREMIUM,
        _ => 0,
    }
}

// ---------------------------------------------------------------- boarding (R7)

pub(super) fn boarding_decider(s: &State) -> Option<(usize, PlayerId, [u8; SHIPS])> {
    match s.phase {
        Phase::Boarding { next, boarded } => {
            Some((next as usize, s.pirates[next as usize]?, boarded))
        }
        _ => None,
    }
}

fn board_is_legal(s: &State, cargo: Cargo, remove: Option<u8>) -> bool {
    let Some((_, _, boarded)) = boarding_decider(s) else {
        return false;
    };
    let Some(i) = s.ship_index(cargo) else {
        return false;
    };
    let ship = &s.ships[i];
    if ship.at != At::Sea(TRACK_END) {
        return false;
    }
    match remove {
        None => !ship.is_full(),
        Some(seat) => {
            let any_free = s.ships_on_13().any(|j| !s.ships[j].is_full());
            s.variant.strong_pirates
                && ship.is_full()
                && !any_free
                && (seat as usize) < ship.crew.len()
                && boarded[i] & (1 << seat) == 0
        }
    }
}

fn boardings(s: &State) -> Vec<Action> {
    let mut all = vec![Action::Stay];
    for i in 0..SHIPS {
        let cargo = s.ships[i].cargo;
        all.push(Action::Board {
            cargo,
            remove: None,
        });
        all.extend((0..rules::MAX_SEATS as u8).map(|k| Action::Board {
            cargo,
            remove: Some(k),
        }));
    }
    all.retain(|&a| is_legal(s, a));
    all
}

// ---------------------------------------------------------------- pilots (R8)

fn pilot_is_legal(s: &State, moves: [Option<ShipMove>; 2], spaces: u8) -> bool {
    let moves: Vec<ShipMove> = moves.iter().flatten().copied().collect();
    let total: u8 = moves.iter().map(|m| m.delta.unsigned_abs()).sum();
    if total > spaces || moves.iter().any(|m| m.delta == 0) {
        return false;
    }
    // Two ships, named in ship order (R14): `jade+1,silk+1`, never the reverse.
    if moves.len() == 2 && s.ship_index(moves[0].cargo) >= s.ship_index(moves[1].cargo) {
        return false;
    }
    moves.iter().all(|m| {
        s.ship_index(m.cargo)
            .and_then(|i| s.ships[i].at_sea())
            .is_some_and(|at| at as i8 + m.delta >= 0)
    })
}

fn pilot_moves(s: &State, spaces: u8) -> Vec<Action> {
    let one = |i: usize, delta: i8| {
        Some(ShipMove {
            cargo: s.ships[i].cargo,
            delta,
        })
    };
    let mut all = vec![Action::PILOT_NONE];
    let singles: &[i8] = if spaces >= 2 {
        &[1, -1, 2, -2]
    } else {
        &[1, -1]
    };
    for i in 0..SHIPS {
        all.extend(singles.iter().map(|&d| Action::Pilot([one(i, d), None])));
    }
    if spaces >= 2 {
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            for (di, dj) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                all.push(Action::Pilot([one(i, di), one(j, dj)]));
            }
        }
    }
    all.retain(|&a| is_legal(s, a));
    all
}

// ---------------------------------------------------------------- plunder (R10)

fn plunder_is_legal(s: &State, dests: [Option<(Cargo, Destination)>; 3]) -> bool {
    let want = s.ships_on_13().map(|i| s.ships[i].cargo);
    let got = dests.iter().flatten().map(|&(c, _)| c);
    s.pirate_count() > 0 && s.ships_on_13().next().is_some() && want.eq(got)
}

fn plunders(s: &State) -> Vec<Action> {
    // Settling a voyage asks this for every class of roll 3: no allocation
    // but the answer.
    let mut ships = [Cargo::Jade; SHIPS];
    let mut n = 0;
    for i in s.ships_on_13() {
        ships[n] = s.ships[i].cargo;
        n += 1;
    }
    let ships = &ships[..n];
    let mut all = Vec::with_capacity(1 << n);
    // First ship varies slowest, harbour before shipyard (R14).
    for bits in 0..1usize << n {
        let mut dests = [None; 3];
        for (k, &cargo) in ships.iter().enumerate() {
            let shipyard = bits >> (n - 1 - k) & 1 == 1;
            let d = if shipyard {
                Destination::Shipyard
            } else {
                Destination::Harbour
            };
            dests[k] = Some((cargo, d));
        }
        all.push(Action::Plunder(dests));
    }
    all.retain(|&a| is_legal(s, a));
    all
}
