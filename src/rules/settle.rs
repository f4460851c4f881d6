//! The end of a voyage: resolution after roll 3 (R9), settlement (R10, R11) and
//! the price rises (R12).

use super::apply;
use super::constants::{self as rules, Berth, Cargo, TRACK_END};
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
    /// What the insurer owed for ships in the shipyard.
    pub claims: u32,
    /// Of what the insurer owed net of their receipts, the part they could
    /// not raise even by mortgaging every share (R5): the bank pays it (R11,
    /// as the rulebook in `seeds/` says). The payouts count the claims in
    /// full; the change of cash (`cash_change`), which values (R13) and a
    /// session's profit count, does not.
    pub bank_covers: u32,
    /// Of `claims`, the part paid to holders of shipyard slots (the rest to the bank).
    pub claims_to_players: u32,
    /// Per cargo (`Cargo::index`): it lies in the harbour and rises a step
    /// (R12), unless it is at 30 already.
    pub rises: [bool; 4],
}

/// Settles a voyage whose ships all lie in the harbour or the shipyard.
pub fn settle(s: &State) -> Settlement {
    let mut out = Settlement {
        payouts: [0; rules::MAX_PLAYERS],
        claims: 0,
        bank_covers: 0,
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
    if let Some(insurer) = s.insurance
        && let Some(credit) = s.credit(insurer)
    {
        let short = (-out.payouts[insurer as usize] - credit as i64).max(0);
        out.bank_covers = short as u32;
    }
    out
}

impl Settlement {
    /// `p`'s change of cash at this settlement (R13): their net receipt, with
    /// the claims the bank paid for them added back when `p` holds the
    /// `insurance` and could not raise the money (R5, R11).
    pub fn cash_change(&self, insurance: Option<PlayerId>, p: usize) -> i64 {
        let covered = match insurance {
            Some(i) if i as usize == p => self.bank_covers as i64,
            _ => 0,
        };
        self.payouts[p] + covered
    }
}

/// The players' cash and shares after the settlement's payouts. A player who
/// owes more than their cash (an insurer with claims) mortgages shares of a
/// cargo that does not rise first (one at 30 included), then the cheapest
/// (R5, R14), and pays what they can.
pub fn accounts_after(state: &State, settlement: &Settlement) -> State {
    let mut after = *state;
    let prices = raise_prices(state.prices, settlement.rises);
    for (p, &payout) in settlement.payouts.iter().enumerate() {
        if payout >= 0 {
            if let Some(c) = after.cash[p].as_mut() {
                *c += payout as u32;
            }
        } else {
            let owed = payout.unsigned_abs() as u32;
            apply::pay_sparing(&mut after, p as PlayerId, owed, prices);
        }
    }
    after
}

/// Per player, by `Cargo::index`: the shares mortgaged between `before` and
/// `after` (R5), a mortgaged share leaving the position.
pub fn shares_mortgaged(before: &State, after: &State) -> Vec<[u8; 4]> {
    before
        .player_ids()
        .map(|p| {
            let (was, now) = (before.shares[p as usize], after.shares[p as usize]);
            std::array::from_fn(|c| was[c].saturating_sub(now[c]))
        })
        .collect()
}

/// The cargoes whose price reached the top of the track at this settlement,
/// which ends the game (R12), in cargo order: none while the game goes on. A
/// price already at the top before the voyage reached nothing now.
pub fn game_over(before: [u32; 4], after: [u32; 4]) -> Vec<Cargo> {
    Cargo::ALL
        .into_iter()
        .filter(|c| before[c.index()] < rules::TOP_PRICE && after[c.index()] >= rules::TOP_PRICE)
        .collect()
}

/// A player's wealth at the game's end (R12; the rulebook's scoring): cash
/// plus each unmortgaged share at its cargo's price. `None` when their cash
/// is not modelled. Mortgaged shares are not in the state, so they count
/// nothing here; the rulebooks take 15 off for each (the translations differ
/// on whether its price is counted first).
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
