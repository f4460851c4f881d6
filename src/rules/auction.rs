//! Before a voyage (R16): the harbour master pays the winning bid, then may
//! buy one share (R1: its price, at least 5). Both are paid as any cost is
//! (R5): from cash, mortgaging the cheapest shares when cash falls short.

use super::apply::pay;
use super::constants::{self as rules, Cargo};
use super::state::State;

/// What one share of `cargo` costs (R1): its price, at least 5.
pub fn share_cost(s: &State, cargo: Cargo) -> u32 {
    s.prices[cargo.index()].max(rules::MIN_SHARE_PRICE)
}

/// Whether the bank still holds a share of `cargo` (R1: five of each).
pub fn bank_holds(s: &State, cargo: Cargo) -> bool {
    let held: u32 = s
        .player_ids()
        .map(|p| s.shares[p as usize][cargo.index()] as u32)
        .sum();
    held < rules::MAX_SHARES as u32
}

/// `s` after its harbour master pays `bid` for the role (R16); refused when
/// the bid is 0 (nobody bid: nothing is paid) or beyond their credit.
pub fn pay_bid(s: &State, bid: u32) -> Result<State, String> {
    if bid == 0 {
        return Err("a winning bid is at least 1 (with no bid nothing is paid, R16)".into());
    }
    let hm = s.harbour_master;
    if let Some(credit) = s.credit(hm).filter(|&credit| bid > credit) {
        return Err(format!(
            "a bid of {bid} is beyond the harbour master's credit {credit} (cash plus 12 \
             per unmortgaged share, R16)"
        ));
    }
    let mut t = *s;
    pay(&mut t, hm, bid);
    Ok(t)
}

/// `s` after its harbour master buys a share of `cargo` (R1, R16).
pub fn buy_share(s: &State, cargo: Cargo) -> Result<State, String> {
    if !bank_holds(s, cargo) {
        return Err(format!(
            "the bank holds no {cargo} share: all five are held (R1)"
        ));
    }
    let cost = share_cost(s, cargo);
    let hm = s.harbour_master;
    if let Some(credit) = s.credit(hm).filter(|&credit| cost > credit) {
        return Err(format!(
            "a {cargo} share costs {cost}, beyond the harbour master's credit {credit} (R5)"
        ));
    }
    let mut t = *s;
    pay(&mut t, hm, cost);
    t.shares[hm as usize][cargo.index()] += 1;
    Ok(t)
}
