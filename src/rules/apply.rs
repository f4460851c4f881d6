//! Applying a decision (R5, R7, R8, R10) and the flow of the voyage (R4, R5):
//! who moves next, when the dice roll. Nothing here is random.

use super::action::{Action, Destination};
use super::constants::{self as rules, Cargo, TRACK_END};
use super::legal::{action_cost, boarding_decider, is_legal};
use super::refusal;
use super::state::{At, Phase, PlayerId, State};

/// Why an action cannot be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Illegal(pub String);

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
            let why = refusal::why_not(s, a).map_or(String::new(), |why| format!(": {why}"));
            format!("'{a}' is not legal here{why}; {}", refusal::legal_list(s))
        }
    }
}

fn place(t: &mut State, p: PlayerId, a: Action) {
    let cost = action_cost(t, a);
    pay_in_voyage(t, p, cost);
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

/// `p` pays `cost` from cash, mortgaging shares (12 each) when cash is short
/// (R5); with money not modelled nothing changes. Shares of the cheapest cargo
/// go first, as priced in `t`: RULES.md does not say which, and the cheapest
/// is worth the least at the game's end. For the auction's bid and share
/// (R16), paid before the layout is known; a placement pays by
/// [`pay_in_voyage`].
pub fn pay(t: &mut State, p: PlayerId, cost: u32) {
    pay_sparing(t, p, cost, t.prices);
}

/// [`pay`] during a voyage: the shares whose price the dice promise least go
/// first ([`rise_by_dice`]), between equals the cheapest. With shares
/// counted a mortgaged share loses its rise (R13), and the owner keeps what
/// they expect to gain most (R14) as far as the board and the dice tell.
fn pay_in_voyage(t: &mut State, p: PlayerId, cost: u32) {
    // Weighed only when a share is mortgaged: searches apply placements by
    // the million, nearly all paid from cash or with money not modelled.
    let short = t.cash[p as usize].is_some_and(|cash| cash < cost);
    let rise = match short {
        true => Cargo::ALL.map(|c| rise_by_dice(t, c)),
        false => [0; 4],
    };
    let prices = t.prices;
    mortgage_to_pay(t, p, cost, |c| (rise[c], prices[c]));
}

/// Cargo `c`'s expected price rise at this voyage's end (R12) from the dice
/// alone, in units of 1/6^k of a coin for the k rolls left: the price's next
/// step on the track times the throws of k dice that take its ship past 13
/// (R2, R6): every throw for a ship in the harbour, none for a cargo ashore
/// or at 30. Pilots and plunder (R8, R10) are left out. Every ship has the
/// same rolls left, so the units compare across cargos.
fn rise_by_dice(t: &State, c: Cargo) -> u32 {
    let price = t.prices[c.index()];
    let step = rules::next_price(price) - price;
    let rolls = u32::from(rules::ROLLS.saturating_sub(t.rolls_done));
    let sides = u32::from(rules::DIE_SIDES);
    let throws = sides.pow(rolls);
    let docking = match t.ship_index(c).map(|i| t.ships[i].at) {
        Some(At::Harbour) => throws,
        Some(At::Sea(s)) => (0..throws)
            .filter(|&throw| {
                // The throw's dice, one a digit of base 6.
                let sum: u32 = (0..rolls).map(|d| throw / sides.pow(d) % sides + 1).sum();
                u32::from(s) + sum > u32::from(TRACK_END)
            })
            .count() as u32,
        Some(At::Shipyard) | None => 0,
    };
    step * docking
}

/// [`pay`] at a settlement after which the prices are `after` (R12): the
/// shares whose price gains least go first (a cargo away from the harbour,
/// or one at 30, gains nothing), then the cheapest. Counted shares gain
/// their rise (R13), and the owner chooses what keeps the most (R14).
pub fn pay_sparing(t: &mut State, p: PlayerId, cost: u32, after: [u32; 4]) {
    let prices = t.prices;
    mortgage_to_pay(t, p, cost, |c| (after[c] - prices[c], prices[c]));
}

/// `p` pays `cost`, mortgaging the shares of the cargo first in `order`
/// (least first; between equals, in the order jade, silk, ginseng, nutmeg)
/// one at a time while cash falls short.
fn mortgage_to_pay<K: Ord>(t: &mut State, p: PlayerId, cost: u32, order: impl Fn(usize) -> K) {
    let Some(mut cash) = t.cash[p as usize] else {
        return;
    };
    while cash < cost {
        let shares = &mut t.shares[p as usize];
        let first = (0..4)
            .filter(|&c| shares[c] > 0)
            .min_by_key(|&c| (order(c), c));
        match first {
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

pub(super) fn begin_round(t: &mut State, round: u8) {
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

/// Where a ship lands when moved to `space` (R2): past 13 it docks; never below 0.
pub(super) fn advance(space: i16) -> At {
    if space > TRACK_END as i16 {
        At::Harbour
    } else {
        At::Sea(space.max(0) as u8)
    }
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
