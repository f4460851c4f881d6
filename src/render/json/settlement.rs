//! A finished voyage, as `apply --json` prints it: the settlement, each
//! player's receipts, the ships' fates, and the wealth at a game's end.

use super::{Coins, FORMAT_VERSION, Ordered, pretty};
use crate::report::Voyage;
use crate::rules::{At, Cargo, Receipt, Source};
use serde::Serialize;

/// A finished voyage, as `apply --json` prints it.
#[derive(Serialize)]
pub struct SettlementJson {
    pub format_version: u32,
    /// Always true: the voyage is over.
    pub settled: bool,
    /// Per ship: "harbour" or "shipyard", and whether it was plundered.
    pub ships: Vec<FateJson>,
    /// Each player's receipts at settlement, insurance claims owed deducted.
    pub payouts: Coins,
    /// What the insurer owed for ships in the shipyard (R11).
    pub insurance_claims: u32,
    /// Of those claims, what the insurer could not raise even by mortgaging
    /// every share: the bank pays it (R5). `payouts` count the claims in
    /// full; `profits` only what was paid.
    pub insurance_bank_covers: u32,
    /// Prices after the rises (R12).
    pub prices: Coins,
    /// Each player's change of cash over the events applied (R13): the
    /// receipts plus what those events paid and cost.
    pub profits: Coins,
    /// The settlement item by item (R10, R11), summing to `payouts`.
    pub receipts: Vec<ReceiptJson>,
    /// Each player's cash after the settlement (R5 mortgages included);
    /// players whose cash is not given are left out.
    pub cash_after: Coins,
    /// The cargo whose price reached 30, which ends the game (R12), or null;
    /// the first in cargo order when several did.
    pub game_over: Option<&'static str>,
    /// Every cargo whose price reached 30 at this settlement, in cargo order
    /// (empty while the game goes on).
    pub reached_30: Vec<&'static str>,
    /// When the game is over: each player's wealth (cash plus unmortgaged
    /// shares at the final prices); players whose cash is not given are left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wealth: Option<Coins>,
}

/// One item of a settlement: `player` receives `amount` (pays, if negative)
/// `for` a seat, a plunder, a harbour or shipyard berth, or an insurance
/// claim paid `to` a berth's holder or the bank.
#[derive(Serialize)]
pub struct ReceiptJson {
    pub player: String,
    pub amount: i64,
    /// "seat", "plunder", "harbour", "shipyard" or "claim".
    #[serde(rename = "for")]
    pub source: &'static str,
    /// The ship's cargo, for a seat or a plunder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cargo: Option<&'static str>,
    /// The berth's letter, for a berth or a claim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub berth: Option<String>,
    /// Whom a claim is paid to: a player, or "bank".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
}

fn receipt_json(v: &Voyage, r: &Receipt) -> ReceiptJson {
    let (source, cargo, berth, to) = match r.source {
        Source::Seat(c) => ("seat", Some(c.name()), None, None),
        Source::Plunder(c) => ("plunder", Some(c.name()), None, None),
        Source::Harbour(b) => ("harbour", None, Some(b), None),
        Source::Shipyard(b) => ("shipyard", None, Some(b), None),
        Source::Claim { berth, to } => {
            let to = to.map_or("bank".into(), |p| v.names[p as usize].clone());
            ("claim", None, Some(berth), Some(to))
        }
    };
    ReceiptJson {
        player: v.names[r.player as usize].clone(),
        amount: r.amount,
        source,
        cargo,
        berth: berth.map(|b| b.letter().to_string()),
        to,
    }
}

#[derive(Serialize)]
pub struct FateJson {
    pub cargo: &'static str,
    pub at: &'static str,
    pub plundered: bool,
}

pub fn settlement_json(v: &Voyage) -> String {
    let s = &v.state;
    let ships = s
        .ships
        .iter()
        .map(|ship| FateJson {
            cargo: ship.cargo.name(),
            at: if ship.at == At::Harbour {
                "harbour"
            } else {
                "shipyard"
            },
            plundered: ship.plundered,
        })
        .collect();
    let payouts = s.player_ids().map(|p| {
        (
            v.names[p as usize].clone(),
            v.settlement.payouts[p as usize],
        )
    });
    let prices = Cargo::ALL
        .iter()
        .map(|c| (c.name().to_string(), i64::from(v.prices[c.index()])));
    pretty(&SettlementJson {
        format_version: FORMAT_VERSION,
        settled: true,
        ships,
        payouts: Ordered(payouts.collect()),
        insurance_claims: v.settlement.claims,
        insurance_bank_covers: v.settlement.bank_covers,
        prices: Ordered(prices.collect()),
        profits: Ordered(
            v.names
                .iter()
                .zip(&v.profits)
                .map(|(name, &p)| (name.clone(), p))
                .collect(),
        ),
        receipts: v.receipts.iter().map(|r| receipt_json(v, r)).collect(),
        cash_after: Ordered(
            v.names
                .iter()
                .zip(&v.cash_after)
                .filter_map(|(name, cash)| cash.map(|c| (name.clone(), i64::from(c))))
                .collect(),
        ),
        game_over: v.game_over.first().map(|c| c.name()),
        reached_30: v.game_over.iter().map(|c| c.name()).collect(),
        wealth: (!v.game_over.is_empty()).then(|| {
            let known = v.names.iter().zip(&v.wealth);
            Ordered(
                known
                    .filter_map(|(name, w)| w.map(|w| (name.clone(), i64::from(w))))
                    .collect(),
            )
        }),
    })
}
