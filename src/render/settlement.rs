//! A finished voyage in words: where each ship ended, what each player receives
//! (R10, R11) and the price rises (R12).

use crate::report::Voyage;
use crate::rules::{At, Cargo};

/// The settlement of a finished voyage.
pub fn settlement(v: &Voyage) -> String {
    let s = &v.state;
    let mut out = String::from("The voyage is over.\n");
    for ship in &s.ships {
        let fate = match (ship.at, ship.plundered) {
            (At::Harbour, false) => "docked in the harbour",
            (At::Harbour, true) => "plundered, sent to the harbour",
            (_, true) => "plundered, sent to the shipyard",
            _ => "wrecked, in the shipyard",
        };
        out += &format!("  {:<8} {fate}\n", ship.cargo.name());
    }
    out += "Settlement (each player's receipts, insurance claims owed deducted):\n";
    for p in s.turn_order() {
        out += &format!(
            "  {:<10} {:+}\n",
            v.names[p as usize], v.settlement.payouts[p as usize]
        );
    }
    out += &bank_covers(v);
    let rises: Vec<String> = Cargo::ALL
        .iter()
        .filter(|c| v.settlement.rises[c.index()])
        .map(|c| {
            format!(
                "{} {} -> {}",
                c.name(),
                s.prices[c.index()],
                v.prices[c.index()]
            )
        })
        .collect();
    let rises = if rises.is_empty() {
        "none".to_string()
    } else {
        rises.join(", ")
    };
    out += &format!("Price rises: {rises}\n");
    out + &game_over(v)
}

/// The claims an insurer could not pay even by mortgaging every share, which
/// the bank pays (R5, R11); empty when they paid in full.
fn bank_covers(v: &Voyage) -> String {
    match (v.state.insurance, v.settlement.bank_covers) {
        (Some(insurer), short) if short > 0 => format!(
            "  ({} could not pay {short} of the {} in claims: the bank pays them, R11.)\n",
            v.names[insurer as usize], v.settlement.claims
        ),
        _ => String::new(),
    }
}

/// When a price reached 30 (R12): the game is over, and each player's
/// wealth, richest first.
fn game_over(v: &Voyage) -> String {
    let Some(cargo) = v.game_over else {
        return String::new();
    };
    let mut out = format!("The game is over: {} reached 30 (R12).\n", cargo.name());
    if v.wealth.iter().all(Option::is_none) {
        return out + "Wealth: not ranked, as the players' cash is not given.\n";
    }
    let mut ranked: Vec<(usize, Option<u32>)> = v.wealth.iter().copied().enumerate().collect();
    ranked.sort_by_key(|&(_, w)| std::cmp::Reverse(w));
    out += "Wealth (cash + unmortgaged shares at the final prices):\n";
    for (p, w) in ranked {
        let w = w.map_or("cash not given".to_string(), |w| w.to_string());
        out += &format!("  {:<10} {w}\n", v.names[p]);
    }
    out
}

/// Each player's profit (R13: payouts received less costs and claims paid,
/// plus insurance's 10; the cash a mortgage raises is not profit), in turn
/// order under `heading`.
pub fn profits(v: &Voyage, profits: &[i64], heading: &str) -> String {
    let mut out = format!("{heading}\n");
    for p in v.state.turn_order() {
        let profit = profits.get(p as usize).copied().unwrap_or(0);
        out += &format!("  {:<10} {profit:+}\n", v.names[p as usize]);
    }
    out
}
