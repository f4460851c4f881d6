//! A finished voyage in words: where each ship ended, what each player receives
//! (R10, R11) and the price rises (R12).

use crate::report::Voyage;
use crate::rules::{At, Cargo, MORTGAGE_VALUE, PlayerId, Source};

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
    out += &mortgages(v);
    out += &cash_after(v);
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

/// The widest line of a settlement's items: within 80 columns, with room.
const ITEMS_WIDTH: usize = 78;

/// What `p` received, item by item: "silk seats 10+10, harbour A 6"; the
/// seats on one ship together, and the claims by whom they were paid to:
/// "claims to the bank -23 (shipyard B, C)".
fn items(v: &Voyage, p: PlayerId) -> Vec<String> {
    // Like items under one heading, with their amounts and berths.
    let mut groups: Vec<(String, Vec<i64>, Vec<char>)> = Vec::new();
    for r in v.receipts.iter().filter(|r| r.player == p) {
        // A seat's heading takes a plural ("silk seats 15+15"); a pirate
        // holding both slots takes a plunder twice ("jade plundered 18+18").
        let (heading, berth) = match r.source {
            Source::Seat(c) => (format!("{} seat", c.name()), None),
            Source::Plunder(c) => (format!("{} plundered", c.name()), None),
            Source::Harbour(b) => (format!("harbour {}", b.letter()), None),
            Source::Shipyard(b) => (format!("shipyard {}", b.letter()), None),
            Source::Claim(b) => {
                let to = v.state.shipyard[b.index()]
                    .map_or("the bank", |holder| v.names[holder as usize].as_str());
                (format!("claim to {to}"), Some(b.letter()))
            }
        };
        match groups.iter_mut().find(|(h, ..)| *h == heading) {
            Some((_, amounts, berths)) => {
                amounts.push(r.amount);
                berths.extend(berth);
            }
            None => groups.push((heading, vec![r.amount], berth.into_iter().collect())),
        }
    }
    if groups.is_empty() {
        return vec!["nothing".into()];
    }
    groups
        .into_iter()
        .map(|(heading, amounts, berths)| {
            let plural = if amounts.len() > 1 { "s" } else { "" };
            if berths.is_empty() {
                let amounts: Vec<String> = amounts.iter().map(i64::to_string).collect();
                let heading = match heading.ends_with(" seat") {
                    true => format!("{heading}{plural}"),
                    false => heading,
                };
                return format!("{heading} {}", amounts.join("+"));
            }
            // "claim to" is "claims to" for more than one.
            let heading = heading.replacen("claim", &format!("claim{plural}"), 1);
            let berths: Vec<String> = berths.iter().map(char::to_string).collect();
            let total: i64 = amounts.iter().sum();
            format!("{heading} {total} (shipyard {})", berths.join(", "))
        })
        .collect()
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

/// The shares mortgaged to pay the claims (R5, R11), a line each: "b
/// mortgaged 1 silk share to pay (R5: 12 each).", or nothing.
fn mortgages(v: &Voyage) -> String {
    let mut out = String::new();
    for (p, shares) in v.mortgaged.iter().enumerate() {
        for c in Cargo::ALL {
            let n = shares[c.index()];
            if n > 0 {
                let s = if n == 1 { "" } else { "s" };
                out += &format!(
                    "{} mortgaged {n} {} share{s} to pay (R5: {MORTGAGE_VALUE} each).\n",
                    v.names[p],
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
