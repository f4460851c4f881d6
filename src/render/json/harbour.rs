//! The harbour master's JSON: the layouts compared (`layouts --json`) and
//! the auction (`bid --json`).

use super::{
    FORMAT_VERSION, MethodJson, Ordered, Players, ShipJson, VERSION, clean, method_json, named,
    ships,
};
use crate::Position;
use crate::parse::{layout, notation};
use crate::report::{Bids, Comparison};
use serde::Serialize;

/// The layouts comparison (`layouts --json`).
#[derive(Serialize)]
pub struct LayoutsJson {
    pub format_version: u32,
    /// The tool's version.
    pub version: &'static str,
    /// The voyage start, in the notation (its ships stand for any layout).
    pub position: String,
    /// The same start without ships, as `session --layout` takes it.
    pub start: Option<String>,
    pub harbour_master: String,
    #[serde(flatten)]
    pub how: MethodJson,
    /// `--buy`: every layout valued with the best purchase of one share.
    pub buy: bool,
    /// Best first.
    pub layouts: Vec<LayoutJson>,
}

#[derive(Serialize)]
pub struct LayoutJson {
    /// The ships in the notation, e.g. "J2 S3 G4".
    pub layout: String,
    /// The cargo left ashore.
    pub ashore: &'static str,
    /// The harbour master's value (R13), the purchase included.
    pub value: f64,
    pub stderr: Option<f64>,
    pub p_best: Option<f64>,
    /// With `--buy`: the share bought with this layout (null: none).
    pub purchase: Option<PurchaseJson>,
    pub ships: Vec<ShipJson>,
    pub players: Players,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players_stderr: Option<Players>,
}

#[derive(Serialize)]
pub struct PurchaseJson {
    pub cargo: &'static str,
    pub cost: u32,
}

pub fn layouts_json(position: &Position, c: &Comparison, top: usize) -> LayoutsJson {
    LayoutsJson {
        format_version: FORMAT_VERSION,
        version: VERSION,
        position: notation::format(position),
        start: notation::format_start(position),
        harbour_master: position.name(c.harbour_master).to_string(),
        how: method_json(&c.how),
        buy: c.buy,
        layouts: c
            .layouts
            .iter()
            .take(top)
            .map(|l| LayoutJson {
                layout: layout::name(l.layout),
                ashore: l.ashore.name(),
                value: clean(l.value),
                stderr: l.stderr.map(clean),
                p_best: l.p_best.map(clean),
                purchase: l.purchase.map(|(cargo, cost)| PurchaseJson {
                    cargo: cargo.name(),
                    cost,
                }),
                ships: ships(position, &l.ships, &c.how),
                players: named(position, &l.players),
                players_stderr: l.players_stderr.as_ref().map(|e| named(position, e)),
            })
            .collect(),
    }
}

/// The auction (`bid --json`): per player, the value as harbour master, under
/// each other player, and the bid limits; per harbour master, the layout chosen.
#[derive(Serialize)]
pub struct BidsJson {
    pub format_version: u32,
    pub version: &'static str,
    /// The voyage start, in the notation (its ships stand for any layout).
    pub position: String,
    /// The same start without ships, as `session --layout` takes it.
    pub start: Option<String>,
    #[serde(flatten)]
    pub how: MethodJson,
    pub buy: bool,
    /// Per player P: `as_harbour_master`, `under` (Q to P's value when Q is
    /// harbour master), `limit` (Q to `as_harbour_master` minus `under[Q]`) and
    /// `limit_mean`.
    pub players: BidPlayers,
    /// Per player Q as harbour master: the layout Q chooses (and purchase).
    pub harbour_masters: Vec<ChosenJson>,
}

#[derive(Serialize)]
pub struct BidJson {
    pub as_harbour_master: f64,
    pub under: Players,
    pub limit: Players,
    pub limit_mean: f64,
    /// The most this player may bid (R16: cash plus 12 per share), or null
    /// when their cash is not given.
    pub can_pay: Option<u32>,
    /// Sampled only: the standard error of `as_harbour_master`, with how
    /// far the chosen layout may be from the best.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub as_harbour_master_stderr: Option<f64>,
    /// Sampled only: per other player Q, the standard error of `under[Q]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub under_stderr: Option<Players>,
    /// Sampled only: per other player Q, the standard error of `limit[Q]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit_stderr: Option<Players>,
    /// Sampled only: the standard error of `limit_mean`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit_mean_stderr: Option<f64>,
}

#[derive(Serialize)]
pub struct ChosenJson {
    pub harbour_master: String,
    pub layout: String,
    pub purchase: Option<PurchaseJson>,
    pub value: f64,
    pub stderr: Option<f64>,
    /// Other layouts exactly as good for this harbour master in which another
    /// player's value differs: the first in R3's order was taken (R14).
    pub ties: usize,
}

pub fn bids_json(start: &Position, b: &Bids) -> BidsJson {
    let n = b.rows.len();
    let name = |p: usize| start.name(p as u8).to_string();
    let others = |values: &[Option<f64>]| {
        Ordered(
            (0..n)
                .filter_map(|q| values[q].map(|v| (name(q), clean(v))))
                .collect(),
        )
    };
    BidsJson {
        format_version: FORMAT_VERSION,
        version: VERSION,
        position: notation::format(start),
        start: notation::format_start(start),
        how: method_json(&b.how),
        buy: b.buy,
        players: Ordered(
            b.rows
                .iter()
                .enumerate()
                .map(|(p, r)| {
                    let e = r.errors.as_ref();
                    let row = BidJson {
                        as_harbour_master: clean(r.as_harbour_master),
                        under: others(&r.under),
                        limit: others(&r.limit),
                        limit_mean: clean(r.limit_mean),
                        can_pay: r.can_pay,
                        as_harbour_master_stderr: e.map(|e| clean(e.as_harbour_master)),
                        under_stderr: e.map(|e| others(&e.under)),
                        limit_stderr: e.map(|e| others(&e.limit)),
                        limit_mean_stderr: e.map(|e| clean(e.limit_mean)),
                    };
                    (name(p), row)
                })
                .collect(),
        ),
        harbour_masters: b
            .chosen
            .iter()
            .enumerate()
            .map(|(q, l)| ChosenJson {
                harbour_master: name(q),
                layout: layout::name(l.layout),
                purchase: l.purchase.map(|(cargo, cost)| PurchaseJson {
                    cargo: cargo.name(),
                    cost,
                }),
                value: clean(l.value),
                stderr: l.stderr.map(clean),
                ties: b.ties[q],
            })
            .collect(),
    }
}

/// Player names to their bid figures.
pub type BidPlayers = Ordered<BidJson>;
