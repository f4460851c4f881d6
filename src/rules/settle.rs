//! The end of a voyage: resolution after roll 3 (R9), settlement (R10, R11) and
//! the price rises (R12).

use super::constants::{self as rules, Berth, Cargo, MAX_PLAYERS, TRACK_END};
use super::state::{At, Phase, PlayerId, State};

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

/// Each player's cash after the settlement's payouts; never below 0, as the
/// insurer would mortgage (R5) to pay a claim.
pub fn cash_after(state: &State, settlement: &Settlement) -> [Option<u32>; MAX_PLAYERS] {
    let mut cash = state.cash;
    for (c, payout) in cash.iter_mut().zip(settlement.payouts) {
        *c = c.map(|c| (c as i64 + payout).max(0) as u32);
    }
    cash
}

/// The cargo whose price stands at the top of the track, which ends the game
/// (R12); the first in cargo order when several do.
pub fn game_over(prices: [u32; 4]) -> Option<Cargo> {
    let top = rules::PRICE_TRACK[rules::PRICE_TRACK.len() - 1];
    Cargo::ALL.into_iter().find(|c| prices[c.index()] >= top)
}

/// A player's wealth at the game's end (R12; the rulebook's scoring): cash
/// plus each unmortgaged share at its cargo's price. `None` when their cash
/// is not modelled. Mortgaged shares are not in the state; the rulebook
/// counts each at its price less the 15 that redeems it.
pub fn wealth(state: &State, prices: [u32; 4], p: PlayerId) -> Option<u32> {
    let cash = state.cash[p as usize]?;
    let shares: u32 = Cargo::ALL
        .iter()
        .map(|c| state.shares[p as usize][c.index()] as u32 * prices[c.index()])
        .sum();
    Some(cash + shares)
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
