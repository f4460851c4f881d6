//! A finished voyage in words: where each ship ended, what each player receives
//! (R10, R11) and the price rises (R12).

use super::and_list;
use crate::report::Voyage;
use crate::rules::{At, Cargo, MORTGAGE_VALUE, PlayerId, Receipt, Source};

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
    out += "Settlement, item by item (R10, R11; an insurer's claims deducted):\n";
    let name_width = v.names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let name_width = name_width.max(10);
    for p in s.turn_order() {
        let head = format!(
            "  {:<name_width$} {:>+4}  ",
            v.names[p as usize], v.settlement.payouts[p as usize]
        );
        out += &hanging(&head, &items(v, p), ITEMS_WIDTH);
    }
    out += &bank_covers(v);
    // The insurer's claims may have cost shares (R5, R11).
    out += &mortgage_lines(&v.names, &v.mortgaged);
    out += &cash_after(v);
    // In the harbour with no step left on the track: its price stays.
    let (rises, stays): (Vec<&Cargo>, Vec<&Cargo>) = Cargo::ALL
        .iter()
        .filter(|c| v.settlement.rises[c.index()])
        .partition(|c| s.prices[c.index()] != v.prices[c.index()]);
    let rises: Vec<String> = rises
        .iter()
        .map(|c| {
            let i = c.index();
            format!("{} {} -> {}", c.name(), s.prices[i], v.prices[i])
        })
        .collect();
    let mut line = match rises.is_empty() {
        true => "none".to_string(),
        false => rises.join(", "),
    };
    // Those that stay are all at the track's top.
    if let Some(top) = stays.first().map(|c| v.prices[c.index()]) {
        let names: Vec<&str> = stays.iter().map(|c| c.name()).collect();
        line += &format!(" ({} in the harbour at {top} already)", names.join(", "));
    }
    out += &format!("Price rises: {line}\n");
    out + &game_over(v)
}

/// The widest line of a settlement's items: within 80 columns, with room.
const ITEMS_WIDTH: usize = 78;

/// What `p` received, item by item: "silk seats 10+10, harbour A 6"; the
/// seats on one ship together, and the claims by whom they were paid to:
/// "claims to the bank -23 (shipyard B, C)".
fn items(v: &Voyage, p: PlayerId) -> Vec<String> {
    let mine: Vec<&Receipt> = v.receipts.iter().filter(|r| r.player == p).collect();
    if mine.is_empty() {
        return vec!["nothing".into()];
    }
    let mut said = vec![false; mine.len()];
    let mut out = Vec::new();
    for k in 0..mine.len() {
        if said[k] {
            continue;
        }
        let like: Vec<&Receipt> = (k..mine.len())
            .filter(|&j| alike(mine[k].source, mine[j].source))
            .inspect(|&j| said[j] = true)
            .map(|j| mine[j])
            .collect();
        out.push(item_words(v, &like));
    }
    out
}

/// Whether two receipts are one item: the same source, or claims paid to
/// the same player (or the bank).
fn alike(a: Source, b: Source) -> bool {
    match (a, b) {
        (Source::Claim { to: x, .. }, Source::Claim { to: y, .. }) => x == y,
        _ => a == b,
    }
}

/// One item in words, from its receipts (several: two seats of one ship,
/// a plunder taken by both of one player's pirates, claims to one payee).
fn item_words(v: &Voyage, like: &[&Receipt]) -> String {
    let s = if like.len() > 1 { "s" } else { "" };
    let amounts: Vec<String> = like.iter().map(|r| r.amount.to_string()).collect();
    let amounts = amounts.join("+");
    match like[0].source {
        Source::Seat(c) => format!("{} seat{s} {amounts}", c.name()),
        Source::Plunder(c) => format!("{} plundered {amounts}", c.name()),
        Source::Harbour(b) => format!("harbour {} {amounts}", b.letter()),
        Source::Shipyard(b) => format!("shipyard {} {amounts}", b.letter()),
        Source::Claim { to, .. } => {
            let to = to.map_or("the bank", |holder| v.names[holder as usize].as_str());
            let berths: Vec<String> = like
                .iter()
                .filter_map(|r| match r.source {
                    Source::Claim { berth, .. } => Some(berth.letter().to_string()),
                    _ => None,
                })
                .collect();
            let total: i64 = like.iter().map(|r| r.amount).sum();
            format!("claim{s} to {to} {total} (shipyard {})", berths.join(", "))
        }
    }
}

/// `head` and then `items` joined by ", ", on lines of at most `width`
/// columns, each line after the first indented to where the items begin.
fn hanging(head: &str, items: &[String], width: usize) -> String {
    let indent = " ".repeat(head.chars().count());
    let mut lines = vec![head.to_string()];
    for (k, item) in items.iter().enumerate() {
        let item = match k + 1 < items.len() {
            true => format!("{item},"),
            false => item.clone(),
        };
        let Some(line) = lines.last_mut() else {
            break;
        };
        if k > 0 && line.chars().count() + 1 + item.chars().count() > width {
            lines.push(format!("{indent}{item}"));
        } else {
            if k > 0 {
                line.push(' ');
            }
            line.push_str(&item);
        }
    }
    lines.join("\n") + "\n"
}

/// The shares each player mortgaged to pay (R5), a line each: "b mortgaged
/// 1 silk share to pay (R5: 12 each).", or nothing. `mortgaged`: per player,
/// by `Cargo::index`.
pub fn mortgage_lines(names: &[String], mortgaged: &[[u8; 4]]) -> String {
    let mut out = String::new();
    for (p, shares) in mortgaged.iter().enumerate() {
        for c in Cargo::ALL {
            let n = shares[c.index()];
            if n > 0 {
                let s = if n == 1 { "" } else { "s" };
                out += &format!(
                    "{} mortgaged {n} {} share{s} to pay (R5: {MORTGAGE_VALUE} each).\n",
                    names[p],
                    c.name()
                );
            }
        }
    }
    out
}

/// Each player's cash after the settlement, when any cash is modelled.
fn cash_after(v: &Voyage) -> String {
    let cash: Vec<String> = v
        .state
        .turn_order()
        .filter_map(|p| {
            let cash = v.cash_after.get(p as usize).copied().flatten()?;
            Some(format!("{} {cash}", v.names[p as usize]))
        })
        .collect();
    if cash.is_empty() {
        return String::new();
    }
    hanging("Cash after the settlement: ", &cash, ITEMS_WIDTH)
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
    if v.game_over.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = v.game_over.iter().map(|c| c.name()).collect();
    let mut out = format!("The game is over: {} reached 30 (R12).\n", and_list(&names));
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
