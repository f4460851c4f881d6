//! The rules as pure functions over [`State`]: the decider's legal actions in
//! canonical order (R14), applying an action, rolling (R6), resolving after roll 3
//! (R9) and the flow of the voyage (R4, R5): who moves next, when the dice roll.
//! Nothing here is random: the dice come in as arguments.

use crate::action::{Action, Destination, ShipMove};
use crate::rules::{self, Berth, Cargo, SHIPS, TRACK_END};
use crate::state::{At, Phase, PlayerId, State};

/// Why an action cannot be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Illegal(pub String);

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

fn boarding_decider(s: &State) -> Option<(usize, PlayerId, [u8; SHIPS])> {
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

// ---------------------------------------------------------------- applying

/// Applies a legal action of the decider and advances the voyage to the next
/// decision, roll or settlement.
pub fn apply(s: &State, a: Action) -> Result<State, Illegal> {
    if !is_legal(s, a) {
        return Err(Illegal(illegal_reason(s, a)));
    }
    let mut t = *s;
    match s.phase {
        Phase::Placement { to_move } => {
            place(&mut t, to_move, a);
            next_turn(&mut t, to_move);
        }
        Phase::Boarding { .. } => board(&mut t, a),
        Phase::SmallPilot => {
            move_ships(&mut t, a);
            t.phase = if t.large_pilot.is_some() {
                Phase::LargePilot
            } else {
                Phase::Roll
            };
        }
        Phase::LargePilot => {
            move_ships(&mut t, a);
            t.phase = Phase::Roll;
        }
        Phase::Plunder => plunder(&mut t, a),
        Phase::Roll | Phase::Over => unreachable!("is_legal refuses actions without a decider"),
    }
    Ok(t)
}

fn illegal_reason(s: &State, a: Action) -> String {
    match s.phase {
        Phase::Roll => "a roll is due, not a decision".into(),
        Phase::Over => "the voyage is over".into(),
        _ => {
            let legal: Vec<String> = legal_actions(s).iter().map(|a| a.to_string()).collect();
            format!("'{a}' is not legal here; legal: {}", legal.join(" "))
        }
    }
}

fn place(t: &mut State, p: PlayerId, a: Action) {
    let cost = action_cost(t, a);
    pay(t, p, cost);
    if let (Some(cash), Action::Insurance) = (&mut t.cash[p as usize], a) {
        *cash += rules::INSURANCE_PREMIUM;
    }
    match a {
        Action::Pass => t.passed |= 1 << p,
        Action::Seat(c) => {
            if let Some(i) = t.ship_index(c) {
                t.ships[i].crew.push(p);
            }
        }
        Action::Harbour(b) => t.harbour[b.index()] = Some(p),
        Action::Shipyard(b) => t.shipyard[b.index()] = Some(p),
        Action::Pirate => {
            let k = t.pirate_count();
            t.pirates[k] = Some(p);
        }
        Action::SmallPilot => t.small_pilot = Some(p),
        Action::LargePilot => t.large_pilot = Some(p),
        Action::Insurance => t.insurance = Some(p),
        _ => {}
    }
}

/// Pays `cost` from cash, mortgaging shares (12 each) when cash is short (R5).
/// Shares of the cheapest cargo go first: they lose the least when counted.
/// `p` pays `cost`, mortgaging their cheapest shares first when cash falls short
/// (R5); with money not modelled nothing changes.
pub fn pay(t: &mut State, p: PlayerId, cost: u32) {
    let Some(cash) = t.cash[p as usize] else {
        return;
    };
    let mut cash = cash;
    while cash < cost {
        let shares = &mut t.shares[p as usize];
        let cheapest = (0..4)
            .filter(|&c| shares[c] > 0)
            .min_by_key(|&c| (t.prices[c], c));
        match cheapest {
            Some(c) => {
                shares[c] -= 1;
                cash += rules::MORTGAGE_VALUE;
            }
            None => break, // a stowaway: pays all their cash
        }
    }
    t.cash[p as usize] = Some(cash.saturating_sub(cost));
}

fn eligible(t: &State, p: PlayerId) -> bool {
    !t.has_passed(p) && t.in_hand(p) > 0
}

/// After `actor`'s turn: the next eligible player of the round, or the round ends.
fn next_turn(t: &mut State, actor: PlayerId) {
    let after = t.turn_offset(actor) + 1;
    let next = t
        .turn_order()
        .skip(after as usize)
        .find(|&p| eligible(t, p));
    match next {
        Some(p) => t.phase = Phase::Placement { to_move: p },
        None => end_round(t),
    }
}

/// A placement round is over: the next roll, the next round, or the pilots (R4).
fn end_round(t: &mut State) {
    if t.round >= rules::placement_rounds(t.players as usize) {
        t.phase = if t.small_pilot.is_some() {
            Phase::SmallPilot
        } else if t.large_pilot.is_some() {
            Phase::LargePilot
        } else {
            Phase::Roll
        };
    } else if rules::rolls_before_round(t.players as usize, t.round + 1) > t.rolls_done {
        t.phase = Phase::Roll;
    } else {
        let round = t.round + 1;
        begin_round(t, round);
    }
}

fn begin_round(t: &mut State, round: u8) {
    t.round = round;
    match t.turn_order().find(|&p| eligible(t, p)) {
        Some(p) => t.phase = Phase::Placement { to_move: p },
        None => end_round(t),
    }
}

fn board(t: &mut State, a: Action) {
    let Some((k, pirate, mut boarded)) = boarding_decider(t) else {
        return;
    };
    // The captain decides first, then the other pirate (R7).
    let next = match a {
        Action::Board { cargo, remove } => {
            let Some(i) = t.ship_index(cargo) else { return };
            let seat = match remove {
                None => {
                    t.ships[i].crew.push(pirate);
                    t.ships[i].crew.len() - 1
                }
                Some(seat) => {
                    t.ships[i].crew.replace(seat as usize, pirate);
                    seat as usize
                }
            };
            if t.variant.strong_pirates {
                boarded[i] |= 1 << seat;
            }
            // The boarding pirate leaves; when it was the captain the other one
            // becomes captain at once and decides next.
            if k == 0 {
                t.pirates = [t.pirates[1], None];
                Some(0)
            } else {
                t.pirates[k] = None;
                None
            }
        }
        _ => (k == 0).then_some(1),
    };
    match next.filter(|&n| t.pirates[n].is_some()) {
        Some(n) => {
            t.phase = Phase::Boarding {
                next: n as u8,
                boarded,
            }
        }
        None => {
            let round = t.round + 1;
            begin_round(t, round)
        }
    }
}

/// Moves ships by a pilot's move; past 13 a ship docks at once (R2, R8).
fn move_ships(t: &mut State, a: Action) {
    let Action::Pilot(moves) = a else { return };
    for m in moves.iter().flatten() {
        if let Some(i) = t.ship_index(m.cargo)
            && let At::Sea(at) = t.ships[i].at
        {
            t.ships[i].at = advance(at as i16 + m.delta as i16);
        }
    }
}

fn advance(space: i16) -> At {
    if space > TRACK_END as i16 {
        At::Harbour
    } else {
        At::Sea(space.max(0) as u8)
    }
}

/// Throws the dice of a due roll (R6): `dice[i]` moves ship `i` if at sea; docked
/// ships' dice are ignored. Then the voyage goes on: boarding after roll 2 (R7), the
/// next placement round, or resolution after roll 3 (R9).
pub fn roll(s: &State, dice: [u8; SHIPS]) -> State {
    let mut t = *s;
    for (ship, &d) in t.ships.iter_mut().zip(&dice) {
        if let At::Sea(at) = ship.at {
            ship.at = advance(at as i16 + d as i16);
        }
    }
    t.rolls_done += 1;
    if t.rolls_done == rules::ROLLS {
        resolve(&mut t);
    } else if t.rolls_done == 2 && t.pirate_count() > 0 && t.ships_on_13().next().is_some() {
        t.phase = Phase::Boarding {
            next: 0,
            boarded: [0; SHIPS],
        };
    } else {
        let next = t.round + 1;
        begin_round(&mut t, next);
    }
    t
}

/// Resolution after roll 3 (R9): wrecks go to the shipyard; a ship on 13 is
/// plundered when pirates wait, else docks (or is wrecked under thirteen wrecks).
pub fn resolve(t: &mut State) {
    if t.pirate_count() > 0 && t.ships_on_13().next().is_some() {
        // The wrecks stay on their spaces until the captain has decided, as in a
        // plunder position of POSITION.md.
        t.phase = Phase::Plunder;
        return;
    }
    for ship in t.ships.iter_mut() {
        match ship.at {
            At::Sea(TRACK_END) if !t.variant.thirteen_wrecks => ship.at = At::Harbour,
            At::Sea(_) => ship.at = At::Shipyard,
            _ => {}
        }
    }
    t.phase = Phase::Over;
}

fn plunder(t: &mut State, a: Action) {
    let Action::Plunder(dests) = a else { return };
    for (cargo, dest) in dests.iter().flatten() {
        if let Some(i) = t.ship_index(*cargo) {
            let ship = &mut t.ships[i];
            ship.crew.clear();
            ship.plundered = true;
            ship.at = match dest {
                Destination::Harbour => At::Harbour,
                Destination::Shipyard => At::Shipyard,
            };
        }
    }
    // Ships below 13 in a plunder position are the wrecks of R9.
    for ship in t.ships.iter_mut() {
        if let At::Sea(_) = ship.at {
            ship.at = At::Shipyard;
        }
    }
    t.phase = Phase::Over;
}

// ---------------------------------------------------------------- settlement (R11)

/// Money moved at settlement (R10, R11) and the prices that rise (R12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// Each player's net receipt: payouts minus insurance claims paid.
    pub payouts: [i64; rules::MAX_PLAYERS],
    /// What the insurer paid for ships in the shipyard.
    pub claims: u32,
    /// Of `claims`, the part paid to holders of shipyard slots (the rest to the bank).
    pub claims_to_players: u32,
    /// Per cargo (`Cargo::index`): it lies in the harbour and rises a step (R12).
    pub rises: [bool; 4],
}

/// Settles a voyage whose ships all lie in the harbour or the shipyard.
pub fn settle(s: &State) -> Settlement {
    let mut out = Settlement {
        payouts: [0; rules::MAX_PLAYERS],
        claims: 0,
        claims_to_players: 0,
        rises: [false; 4],
    };
    let pirates = s.pirate_count() as i64;
    for ship in &s.ships {
        let profit = ship.cargo.profit() as i64;
        if ship.at == At::Harbour {
            out.rises[ship.cargo.index()] = true;
        }
        if ship.plundered {
            for p in s.pirate_list() {
                out.payouts[p as usize] += profit / pirates;
            }
        } else if ship.at == At::Harbour && !ship.crew.is_empty() {
            for p in ship.crew.iter() {
                out.payouts[p as usize] += profit / ship.crew.len() as i64;
            }
        }
    }
    let (docked, wrecked) = (s.harbour_count(), s.shipyard_count());
    for b in Berth::ALL {
        let reward = b.reward();
        if docked > b.index()
            && let Some(p) = s.harbour[b.index()]
        {
            out.payouts[p as usize] += reward as i64;
        }
        if wrecked > b.index() {
            let holder = s.shipyard[b.index()];
            if let Some(p) = holder {
                out.payouts[p as usize] += reward as i64;
            }
            if let Some(insurer) = s.insurance {
                out.payouts[insurer as usize] -= reward as i64;
                out.claims += reward;
                if holder.is_some() {
                    out.claims_to_players += reward;
                }
            }
        }
    }
    out
}

/// Applies the price rises of a settlement to the track (R12).
pub fn raise_prices(prices: [u32; 4], rises: [bool; 4]) -> [u32; 4] {
    let mut out = prices;
    for c in 0..4 {
        if rises[c] {
            out[c] = rules::next_price(prices[c]);
        }
    }
    out
}

// ---------------------------------------------------------------- layouts (R3)

/// The 100 layouts of R3: the cargo left ashore, and start spaces 0..=5 summing
/// to 9, in the order ashore cargo, then first ship's space, then second's.
pub fn layouts() -> Vec<([Cargo; SHIPS], [u8; SHIPS])> {
    let mut all = Vec::new();
    for ashore in Cargo::ALL.into_iter().rev() {
        let cargos: Vec<Cargo> = Cargo::ALL.into_iter().filter(|&c| c != ashore).collect();
        let cargos = [cargos[0], cargos[1], cargos[2]];
        for a in 0..=rules::MAX_START {
            for b in 0..=rules::MAX_START {
                let c = rules::START_SUM as i16 - a as i16 - b as i16;
                if (0..=rules::MAX_START as i16).contains(&c) {
                    all.push((cargos, [a, b, c as u8]));
                }
            }
        }
    }
    all
}

/// The state at the first placement of a voyage.
pub fn voyage_start(
    players: u8,
    harbour_master: PlayerId,
    cargos: [Cargo; SHIPS],
    starts: [u8; SHIPS],
    variant: crate::state::Variant,
) -> State {
    let ship = |i: usize| crate::state::Ship {
        cargo: cargos[i],
        at: At::Sea(starts[i]),
        crew: Default::default(),
        plundered: false,
    };
    State {
        players,
        harbour_master,
        workers: rules::workers_per_player(players as usize),
        rolls_done: 0,
        round: 1,
        phase: Phase::Placement {
            to_move: harbour_master,
        },
        ships: [ship(0), ship(1), ship(2)],
        harbour: [None; 3],
        shipyard: [None; 3],
        pirates: [None; 2],
        small_pilot: None,
        large_pilot: None,
        insurance: None,
        passed: 0,
        variant,
        cash: [None; rules::MAX_PLAYERS],
        shares: [[0; 4]; rules::MAX_PLAYERS],
        prices: [0; 4],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Crew, Variant};

    const J: usize = 0; // jade
    const S: usize = 1; // silk
    const N: usize = 2; // nutmeg

    /// 4 players (0..4), harbour master 0, jade/silk/nutmeg on 3/3/3, round 1.
    fn start() -> State {
        let cargos = [Cargo::Jade, Cargo::Silk, Cargo::Nutmeg];
        voyage_start(4, 0, cargos, [3, 3, 3], Variant::default())
    }

    fn over(mut s: State, fates: [At; 3]) -> State {
        for (ship, at) in s.ships.iter_mut().zip(fates) {
            ship.at = at;
        }
        s.phase = Phase::Over;
        s
    }

    fn act(s: &State, name: &str) -> State {
        let a = Action::parse(name).unwrap_or_else(|| panic!("{name}"));
        apply(s, a).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    #[test]
    fn r3_there_are_100_layouts() {
        let all = layouts();
        assert_eq!(all.len(), 100);
        assert!(
            all.iter()
                .all(|(_, s)| s.iter().sum::<u8>() == 9 && s.iter().all(|&x| x <= 5))
        );
    }

    #[test]
    fn r10_two_pirates_plundering_nutmeg_take_12_each_figure_10() {
        let mut s = start();
        s.pirates = [Some(1), Some(2)];
        s.ships[N].crew = Crew::from_slice(&[3]);
        let mut s = over(s, [At::Harbour, At::Harbour, At::Sea(13)]);
        s.rolls_done = 3;
        s.phase = Phase::Plunder;
        let s = act(&s, "nutmeg:shipyard");
        let pay = settle(&s).payouts;
        assert_eq!((pay[1], pay[2], pay[3]), (12, 12, 0));
    }

    #[test]
    fn r11_jade_with_three_passengers_pays_24_and_12_figure_12() {
        let mut s = start();
        s.ships[J].crew = Crew::from_slice(&[1, 1, 2]);
        let s = over(s, [At::Harbour, At::Shipyard, At::Shipyard]);
        let pay = settle(&s).payouts;
        assert_eq!((pay[1], pay[2]), (24, 12));
    }

    #[test]
    fn r11_two_ships_docked_pay_harbour_a_6_b_8_c_nothing_figure_13a() {
        let mut s = start();
        s.harbour = [Some(1), Some(2), Some(3)];
        let s = over(s, [At::Harbour, At::Harbour, At::Shipyard]);
        let pay = settle(&s).payouts;
        assert_eq!((pay[1], pay[2], pay[3]), (6, 8, 0));
    }

    #[test]
    fn r11_one_wreck_pays_shipyard_a_6_b_nothing_figure_13b() {
        let mut s = start();
        s.shipyard = [Some(1), Some(2), None];
        let s = over(s, [At::Harbour, At::Harbour, At::Shipyard]);
        let pay = settle(&s).payouts;
        assert_eq!((pay[1], pay[2]), (6, 0));
    }

    #[test]
    fn r11_insurer_on_shipyard_a_with_two_wrecks_pays_8_to_b_figure_14() {
        let mut s = start();
        s.shipyard = [Some(1), Some(2), None];
        s.insurance = Some(1);
        let s = over(s, [At::Harbour, At::Shipyard, At::Shipyard]);
        let out = settle(&s);
        // The insurer pays 6 to itself and 8 to the player on B: 8 net.
        assert_eq!((out.payouts[1], out.payouts[2]), (-8, 8));
        assert_eq!((out.claims, out.claims_to_players), (14, 14));
    }

    #[test]
    fn r11_insurer_pays_the_bank_for_an_empty_shipyard_slot() {
        let mut s = start();
        s.insurance = Some(3);
        let s = over(s, [At::Shipyard, At::Shipyard, At::Shipyard]);
        let out = settle(&s);
        assert_eq!(out.payouts[3], -29);
        assert_eq!((out.claims, out.claims_to_players), (29, 0));
    }

    #[test]
    fn r12_prices_rise_for_ships_in_the_harbour() {
        let s = over(start(), [At::Harbour, At::Shipyard, At::Harbour]);
        let rises = settle(&s).rises;
        assert_eq!(rises, [true, false, false, true]); // jade, silk, ginseng, nutmeg
        assert_eq!(raise_prices([20, 0, 0, 30], rises), [30, 0, 0, 30]);
    }

    #[test]
    fn r2_r6_a_roll_past_13_docks_and_docked_ships_do_not_roll() {
        let mut s = start();
        s.ships[J].at = At::Sea(12);
        s.ships[S].at = At::Harbour;
        s.rolls_done = 1;
        s.round = 2;
        s.phase = Phase::Roll;
        let t = roll(&s, [2, 6, 4]);
        assert_eq!(
            t.ships.map(|sh| sh.at),
            [At::Harbour, At::Harbour, At::Sea(7)]
        );
        assert_eq!(t.rolls_done, 2);
    }

    #[test]
    fn r4_four_players_roll_after_each_round() {
        let mut s = start();
        for _ in 0..4 {
            s = act(&s, "pass");
        }
        assert_eq!(s.phase, Phase::Roll, "everyone passed: the dice roll on");
        s = roll(&s, [1, 1, 1]);
        assert_eq!(s.phase, Phase::Roll, "round 2 has nobody to place");
    }

    #[test]
    fn r4_three_players_place_twice_before_roll_1() {
        let cargos = [Cargo::Jade, Cargo::Silk, Cargo::Nutmeg];
        let mut s = voyage_start(3, 1, cargos, [3, 3, 3], Variant::default());
        for name in ["ship:jade", "ship:silk", "ship:nutmeg"] {
            s = act(&s, name);
        }
        assert_eq!((s.round, s.phase), (2, Phase::Placement { to_move: 1 }));
        for name in ["harbour:A", "harbour:B", "harbour:C"] {
            s = act(&s, name);
        }
        assert_eq!((s.round, s.phase), (2, Phase::Roll));
        s = roll(&s, [1, 1, 1]);
        assert_eq!((s.round, s.phase), (3, Phase::Placement { to_move: 1 }));
    }

    #[test]
    fn r5_a_round_starts_with_the_harbour_master_and_skips_passed_players() {
        let mut s = start();
        s.harbour_master = 2;
        s.phase = Phase::Placement { to_move: 2 };
        s.passed = 1 << 3;
        s = act(&s, "ship:jade");
        assert_eq!(
            s.phase,
            Phase::Placement { to_move: 0 },
            "3 passed: skipped"
        );
    }

    #[test]
    fn r5_a_worker_takes_the_cheapest_seat_and_pays_it() {
        let mut s = start();
        s.cash[0] = Some(10);
        s = act(&s, "ship:jade");
        assert_eq!(s.ships[J].crew.get(0), Some(0));
        assert_eq!(s.cash[0], Some(7));
        assert_eq!(
            action_cost(&s, Action::Seat(Cargo::Jade)),
            4,
            "next seat costs 4"
        );
    }

    #[test]
    fn r5_credit_counts_shares_at_12_and_mortgages_the_cheapest() {
        let mut s = start();
        s.cash[0] = Some(1);
        s.shares[0] = [1, 0, 0, 1];
        s.prices = [20, 0, 0, 5];
        assert_eq!(s.credit(0), Some(25));
        s = act(&s, "pilot:large");
        assert_eq!(s.cash[0], Some(8), "1 + 12 - 5");
        assert_eq!(
            s.shares[0],
            [1, 0, 0, 0],
            "nutmeg (5) is mortgaged before jade (20)"
        );
    }

    #[test]
    fn r5_a_stowaway_may_only_take_a_seat_paying_all_cash() {
        let mut s = start();
        s.cash[0] = Some(1);
        s.ships[N].crew = Crew::from_slice(&[1, 2, 3]);
        s.ships[J].crew = Crew::from_slice(&[1, 2, 3]);
        s.ships[S].crew = Crew::from_slice(&[1, 2]);
        assert!(is_stowaway(&s, 0));
        let names: Vec<String> = legal_actions(&s).iter().map(|a| a.to_string()).collect();
        assert_eq!(names, ["pass", "ship:jade", "ship:silk"]);
        assert_eq!(action_cost(&s, Action::Seat(Cargo::Silk)), 1);
        let t = act(&s, "ship:silk");
        assert_eq!(t.cash[0], Some(0));
    }

    #[test]
    fn r5_unaffordable_slots_are_not_offered() {
        let mut s = start();
        s.cash[0] = Some(4);
        let legal = legal_actions(&s);
        assert!(legal.contains(&Action::Harbour(Berth::A)));
        assert!(!legal.contains(&Action::Pirate) && !legal.contains(&Action::LargePilot));
        assert!(legal.contains(&Action::Insurance));
    }

    fn boarding_state() -> State {
        let mut s = start();
        s.rolls_done = 2;
        s.round = 2;
        s.pirates = [Some(1), Some(2)];
        s.ships[J].at = At::Sea(13);
        s.ships[J].crew = Crew::from_slice(&[0, 3]);
        s.ships[S].at = At::Sea(13);
        s.ships[S].crew = Crew::from_slice(&[0, 3, 0]);
        s.phase = Phase::Boarding {
            next: 0,
            boarded: [0; 3],
        };
        s
    }

    #[test]
    fn r7_the_captain_boards_free_and_the_other_pirate_becomes_captain() {
        let s = boarding_state();
        let names: Vec<String> = legal_actions(&s).iter().map(|a| a.to_string()).collect();
        assert_eq!(names, ["stay", "board:jade"], "silk is full");
        let t = act(&s, "board:jade");
        assert_eq!(t.ships[J].crew.get(2), Some(1));
        assert_eq!(t.pirates, [Some(2), None]);
        assert_eq!(
            t.phase,
            Phase::Boarding {
                next: 0,
                boarded: [0; 3]
            }
        );
        let u = act(&t, "stay");
        // Round 3 begins; player 0 has all 3 workers on the ships and is skipped.
        assert_eq!(u.phase, Phase::Placement { to_move: 1 });
    }

    #[test]
    fn r7_strong_pirates_remove_a_passenger_only_when_no_seat_is_free() {
        let mut s = boarding_state();
        s.variant.strong_pirates = true;
        s.ships[J].crew = Crew::from_slice(&[0, 3, 0, 3]);
        let names: Vec<String> = legal_actions(&s).iter().map(|a| a.to_string()).collect();
        assert_eq!(names.len(), 1 + 4 + 3);
        assert_eq!(s.in_hand(3), 0);
        let t = act(&s, "board:silk/remove:1");
        assert_eq!(t.ships[S].crew.get(1), Some(1));
        assert_eq!(t.in_hand(3), 1, "the removed worker returns to hand");
        assert!(
            !is_legal(&t, Action::parse("board:silk/remove:1").unwrap()),
            "not the new pirate"
        );
        assert!(is_legal(&t, Action::parse("board:silk/remove:0").unwrap()));
    }

    fn pilot_state(phase: Phase) -> State {
        let mut s = start();
        s.rolls_done = 2;
        s.round = 3;
        s.small_pilot = Some(1);
        s.large_pilot = Some(2);
        s.ships[J].at = At::Sea(13);
        s.ships[S].at = At::Sea(1);
        s.ships[N].at = At::Harbour;
        s.phase = phase;
        s
    }

    #[test]
    fn r8_small_pilot_moves_one_ship_one_space_never_below_0() {
        let s = pilot_state(Phase::SmallPilot);
        let names: Vec<String> = legal_actions(&s).iter().map(|a| a.to_string()).collect();
        assert_eq!(names, ["none", "jade+1", "jade-1", "silk+1", "silk-1"]);
        let t = act(&s, "jade+1");
        assert_eq!(
            (t.ships[J].at, t.phase),
            (At::Harbour, Phase::LargePilot),
            "docks at once"
        );
    }

    #[test]
    fn r8_large_pilot_moves_two_spaces_on_one_ship_or_one_on_two() {
        let s = pilot_state(Phase::LargePilot);
        let names: Vec<String> = legal_actions(&s).iter().map(|a| a.to_string()).collect();
        assert_eq!(
            names,
            [
                "none",
                "jade+1",
                "jade-1",
                "jade+2",
                "jade-2",
                "silk+1",
                "silk-1",
                "silk+2",
                "jade+1,silk+1",
                "jade+1,silk-1",
                "jade-1,silk+1",
                "jade-1,silk-1"
            ]
        );
        let t = act(&s, "jade-1,silk-1");
        assert_eq!(t.ships.map(|sh| sh.at)[..2], [At::Sea(12), At::Sea(0)]);
        assert_eq!(t.phase, Phase::Roll);
    }

    #[test]
    fn r9_a_ship_on_13_docks_without_pirates_and_wrecks_in_the_variant() {
        let mut s = pilot_state(Phase::Roll);
        s.ships[S].at = At::Sea(5);
        let t = roll(&s, [0, 1, 0]);
        assert_eq!(
            t.ships.map(|sh| sh.at),
            [At::Harbour, At::Shipyard, At::Harbour]
        );
        s.variant.thirteen_wrecks = true;
        s.ships[J].at = At::Sea(12);
        let t = roll(&s, [1, 1, 0]);
        assert_eq!(t.ships[J].at, At::Shipyard);
    }

    #[test]
    fn r10_with_pirates_a_ship_on_13_is_plundered_and_sent_by_the_captain() {
        let mut s = pilot_state(Phase::Roll);
        s.pirates = [Some(3), None];
        s.ships[J].crew = Crew::from_slice(&[0, 1]);
        let t = roll(&s, [0, 1, 0]);
        assert_eq!(t.phase, Phase::Plunder);
        let names: Vec<String> = legal_actions(&t).iter().map(|a| a.to_string()).collect();
        assert_eq!(names, ["jade:harbour", "jade:shipyard"]);
        let u = act(&t, "jade:harbour");
        assert!(u.ships[J].plundered && u.ships[J].crew.is_empty());
        let out = settle(&u);
        assert_eq!((out.payouts[0], out.payouts[3]), (0, 36));
        assert!(
            out.rises[Cargo::Jade.index()],
            "R10: sent to the harbour it counts as docked"
        );
    }
}
