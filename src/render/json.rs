//! The advice and odds JSON of POSITION.md (`format_version` 1).

use super::{Render, how};
use crate::Position;
use crate::parse::{layout, notation};
use crate::report::{
    Advice, Bids, Comparison, DecisionTimes, How, Lambda, Match, Odds, OptionValue, QUANTILES,
    Sampling, ShipOdds, Then, Verdict, Voyage,
};
use crate::rules::{At, Cargo, Receipt, Source};
use serde::Serialize;

pub struct JsonRender;

/// Version of the output format; it changes only when a field changes meaning.
pub const FORMAT_VERSION: u32 = 1;

/// The tool's version, echoed by advice and odds.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The advice for the decider of a position.
#[derive(Serialize)]
pub struct AdviceJson<'a> {
    pub format_version: u32,
    /// The tool's version.
    pub version: &'static str,
    /// The position advised, in the one-line notation.
    pub position: String,
    /// The phase of the position (POSITION.md names).
    pub phase: &'static str,
    /// The player who decides.
    pub decider: &'a str,
    #[serde(flatten)]
    pub how: MethodJson,
    /// Every legal option, best first.
    pub options: Vec<OptionJson>,
    /// Each ship's odds after the best option.
    pub ships: Vec<ShipJson>,
    /// The best option under each future model computed for comparison
    /// (model name to action), the one asked included; absent when none was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_by_model: Option<Names>,
    /// Whether the best option is certain: exact, or settled by sampling.
    pub verdict: VerdictJson,
}

/// How sure the advice is of its best option.
#[derive(Serialize)]
pub struct VerdictJson {
    /// Exact, or sampled until settled.
    pub settled: bool,
    /// `exact`; `p_best` (the best option's `P(best)` reached `at_least`);
    /// `tie` (the `options` listed tie within `margin`); `ahead` (every other
    /// option is worse than the best, with 95% confidence each); null when
    /// not settled.
    pub by: Option<&'static str>,
    /// Sampled only: the best option's `P(best)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_best: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_least: Option<f64>,
    /// A tie only: with 95% confidence each, no option listed is more than
    /// this better than the first (the best), and every other is worse.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<String>>,
}

fn verdict_json(v: &Verdict) -> VerdictJson {
    let plain = VerdictJson {
        settled: v.settled(),
        by: None,
        p_best: None,
        at_least: None,
        margin: None,
        options: None,
    };
    match v {
        Verdict::Exact => VerdictJson {
            by: Some("exact"),
            ..plain
        },
        Verdict::Sure { p_best, at_least } => VerdictJson {
            by: Some("p_best"),
            p_best: Some(clean(*p_best)),
            at_least: Some(*at_least),
            ..plain
        },
        Verdict::Tie { margin, options } => VerdictJson {
            by: Some("tie"),
            margin: Some(*margin),
            options: Some(options.iter().map(|a| a.to_string()).collect()),
            ..plain
        },
        Verdict::Ahead { p_best } => VerdictJson {
            by: Some("ahead"),
            p_best: Some(clean(*p_best)),
            ..plain
        },
        Verdict::Open { p_best } => VerdictJson {
            p_best: Some(clean(*p_best)),
            ..plain
        },
    }
}

/// Names to values, written as a JSON object in the order given (players in
/// seating order, models in their order).
pub struct Ordered<V>(pub Vec<(String, V)>);

impl<V: Serialize> Serialize for Ordered<V> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// Model names to option names.
pub type Names = Ordered<String>;

/// Player names to values.
pub type Players = Ordered<f64>;

/// Whole coins per name: a settlement's payouts, prices and cash.
pub type Coins = Ordered<i64>;

/// How the figures were computed: the fields advice and odds share.
#[derive(Serialize)]
pub struct MethodJson {
    /// `exact` or `mc` (Monte Carlo).
    pub method: &'static str,
    /// Why that method ran.
    pub method_reason: String,
    /// The future placement model (R15).
    pub future: &'static str,
    /// Values count unmortgaged shares at their price change (`--count-shares`).
    pub count_shares: bool,
    /// How the future model was approximated (equilibrium beyond its node
    /// budget); null when it was computed as defined.
    pub approximation: Option<String>,
    /// Monte Carlo only: the seed that repeats the run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Monte Carlo only: play-outs made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples: Option<u64>,
    /// Monte Carlo only: how the run went.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sampling: Option<SamplingJson>,
    /// The quantal model only: its rationality and what it rests on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lambda: Option<LambdaJson>,
    /// Standard errors resting on few degrees of freedom (an equilibrium
    /// search on a sample of each roll's outcomes): how many. A 95%
    /// interval is then Student's t quantile, not 1.96, errors either side.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stderr_dof: Option<u64>,
}

/// The quantal model's rationality `lambda` (R15).
#[derive(Serialize)]
pub struct LambdaJson {
    pub value: f64,
    /// Its 95% interval `[lo, hi]`; null when given.
    pub interval: Option<[f64; 2]>,
    /// The decisions it was fitted to (0: the prior, or given).
    pub decisions: usize,
}

fn lambda_json(l: &Lambda) -> LambdaJson {
    LambdaJson {
        value: l.value,
        interval: l.interval.map(|(lo, hi)| [lo, hi]),
        decisions: l.decisions,
    }
}

/// How a Monte Carlo run went.
#[derive(Serialize)]
pub struct SamplingJson {
    /// Why sampling stopped: samples, target_stderr, settled, cap or time_limit.
    /// A run stopped by the time limit is the one whose output a seed does not
    /// repeat exactly.
    pub stopped_by: &'static str,
    pub variance_reduction: bool,
}

/// One option of the advice.
#[derive(Serialize)]
pub struct OptionJson {
    pub action: String,
    pub cost: u32,
    pub ev: f64,
    pub gain_vs_pass: f64,
    /// Every player's value (R13) if the decider takes the option, by name.
    pub players: Players,
    pub p_paid: Option<f64>,
    /// Standard error of `ev` (Monte Carlo); null when exact.
    pub stderr: Option<f64>,
    /// Standard error of `gain_vs_pass` (Monte Carlo); null when exact.
    pub gain_stderr: Option<f64>,
    /// Probability that this option is the best (Monte Carlo); null when exact.
    pub p_best: Option<f64>,
    /// What the future model expects next after this option; null under `none`.
    pub then: Option<ThenJson>,
    /// The distribution of the decider's value: `[value, probability]` pairs
    /// by increasing value; its mean is `ev`.
    pub distribution: Option<Vec<(i64, f64)>>,
    /// The probability that the decider's value is below 0.
    pub p_loss: Option<f64>,
    /// The 5%, 50% and 95% quantiles of the decider's value.
    pub quantiles: Option<[i64; 3]>,
}

/// The next decision the model expects: `player` takes `action`; or the dice
/// (`player` null, `action` "roll").
#[derive(Serialize)]
pub struct ThenJson {
    pub player: Option<String>,
    pub action: String,
}

/// One ship's odds.
#[derive(Serialize)]
pub struct ShipJson {
    pub cargo: &'static str,
    pub p_harbour: f64,
    pub p_shipyard: f64,
    pub p_plundered: f64,
    /// Monte Carlo only: standard errors of `p_harbour` and `p_plundered`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stderr_harbour: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stderr_plundered: Option<f64>,
}

/// Each ship's odds and every player's value.
#[derive(Serialize)]
pub struct OddsJson {
    pub format_version: u32,
    /// The tool's version.
    pub version: &'static str,
    /// The position, in the one-line notation.
    pub position: String,
    #[serde(flatten)]
    pub how: MethodJson,
    pub ships: Vec<ShipJson>,
    /// Every player's value (R13), by name, in seating order.
    pub players: Players,
    /// Monte Carlo only: the standard error of each player's value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players_stderr: Option<Players>,
}

/// Player names to values, written as a JSON object in seating order.
/// An option's quantiles ([`QUANTILES`]), when its distribution is known.
fn quantiles(o: &OptionValue) -> Option<[i64; 3]> {
    let [a, b, c] = QUANTILES.map(|q| o.quantile(q));
    Some([a?, b?, c?])
}

/// Rounds away floating-point dust (exact figures are exact to 1e-9).
fn clean(x: f64) -> f64 {
    let r = (x * 1e12).round() / 1e12;
    if r == 0.0 { 0.0 } else { r }
}

fn ships(odds: &[ShipOdds]) -> Vec<ShipJson> {
    odds.iter()
        .map(|s| ShipJson {
            cargo: s.cargo.name(),
            p_harbour: clean(s.p_harbour),
            p_shipyard: clean(s.p_shipyard),
            p_plundered: clean(s.p_plundered),
            stderr_harbour: s.stderr.map(|e| clean(e.0)),
            stderr_plundered: s.stderr.map(|e| clean(e.1)),
        })
        .collect()
}

pub fn advice_json<'a>(position: &'a Position, advice: &Advice) -> AdviceJson<'a> {
    AdviceJson {
        format_version: FORMAT_VERSION,
        version: VERSION,
        position: notation::format(position),
        phase: position.state().phase.name(),
        decider: position.name(advice.decider),
        how: method_json(&advice.how),
        options: advice
            .options
            .iter()
            .map(|o| OptionJson {
                action: o.action.to_string(),
                cost: o.cost,
                ev: clean(o.ev),
                gain_vs_pass: clean(o.gain_vs_pass),
                players: named(position, &o.players),
                p_paid: o.p_paid.map(clean),
                stderr: o.stderr.map(clean),
                gain_stderr: o.gain_stderr.map(clean),
                p_best: o.p_best.map(clean),
                distribution: o
                    .distribution
                    .as_ref()
                    .map(|d| d.iter().map(|&(v, p)| (v, clean(p))).collect()),
                p_loss: o.p_loss().map(clean),
                quantiles: quantiles(o),
                then: o.then.map(|t| match t {
                    Then::Decision(p, a) => ThenJson {
                        player: Some(position.name(p).to_string()),
                        action: a.to_string(),
                    },
                    Then::Roll => ThenJson {
                        player: None,
                        action: "roll".to_string(),
                    },
                }),
            })
            .collect(),
        ships: ships(&advice.ships),
        best_by_model: (!advice.best_by_model.is_empty()).then(|| {
            Ordered(
                advice
                    .best_by_model
                    .iter()
                    .map(|(m, a)| (m.name().to_string(), a.to_string()))
                    .collect(),
            )
        }),
        verdict: verdict_json(&advice.verdict),
    }
}

pub fn odds_json(position: &Position, odds: &Odds) -> OddsJson {
    OddsJson {
        format_version: FORMAT_VERSION,
        version: VERSION,
        position: notation::format(position),
        how: method_json(&odds.how),
        ships: ships(&odds.ships),
        players: named(position, &odds.players),
        players_stderr: odds.players_stderr.as_ref().map(|e| named(position, e)),
    }
}

fn method_json(how: &How) -> MethodJson {
    let sampling = how.sampling.as_ref();
    MethodJson {
        method: how.method.name(),
        method_reason: how::reason(how),
        future: how.future.name(),
        count_shares: how.shares_counted,
        approximation: how::approximation(how),
        seed: sampling.map(|s| s.seed),
        samples: sampling.map(|s| s.samples),
        sampling: sampling.map(sampling_json),
        lambda: how.lambda.as_ref().map(lambda_json),
        stderr_dof: how.dof,
    }
}

fn sampling_json(s: &Sampling) -> SamplingJson {
    SamplingJson {
        stopped_by: s.stop,
        variance_reduction: s.variance_reduction,
    }
}

fn named(position: &Position, values: &[f64]) -> Players {
    Ordered(
        values
            .iter()
            .enumerate()
            .map(|(p, &v)| (position.name(p as u8).to_string(), clean(v)))
            .collect(),
    )
}

fn pretty<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

impl Render for JsonRender {
    fn advice(&self, position: &Position, advice: &Advice) -> String {
        pretty(&advice_json(position, advice))
    }

    fn odds(&self, position: &Position, odds: &Odds) -> String {
        pretty(&odds_json(position, odds))
    }

    fn layouts(&self, position: &Position, comparison: &Comparison, top: usize) -> String {
        pretty(&layouts_json(position, comparison, top))
    }

    fn arena(&self, m: &Match) -> String {
        pretty(&arena_json(m))
    }

    fn bids(&self, start: &Position, bids: &Bids) -> String {
        pretty(&bids_json(start, bids))
    }
}

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
    /// The cargo whose price reached 30, which ends the game (R12), or null.
    pub game_over: Option<&'static str>,
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
        game_over: v.game_over.map(|c| c.name()),
        wealth: v.game_over.map(|_| {
            let known = v.names.iter().zip(&v.wealth);
            Ordered(
                known
                    .filter_map(|(name, w)| w.map(|w| (name.clone(), i64::from(w))))
                    .collect(),
            )
        }),
    })
}

/// The layouts comparison (`layouts --json`).
#[derive(Serialize)]
pub struct LayoutsJson {
    pub format_version: u32,
    /// The tool's version.
    pub version: &'static str,
    /// The voyage start, in the notation (its ships stand for any layout).
    pub position: String,
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
                ships: ships(&l.ships),
                players: named(position, &l.players),
                players_stderr: l.players_stderr.as_ref().map(|e| named(position, e)),
            })
            .collect(),
    }
}

/// A match of the arena (`arena --json`). Everything but `decision_times` is
/// repeated exactly by the seed, whatever the thread count.
#[derive(Serialize)]
pub struct ArenaJson<'a> {
    pub format_version: u32,
    pub candidate: &'a str,
    pub baseline: &'a str,
    /// The quantal candidate's rationality (fitted to the baseline's
    /// placements in the reference voyages, or given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidate_lambda: Option<LambdaJson>,
    pub players: usize,
    /// The seats the candidate took, by turn from the harbour master (0 the
    /// harbour master), when not every seat (`--seats`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidate_seats: Option<&'a [u8]>,
    pub seed: u64,
    /// Where layouts came from: `random` (with the deal) or `policy`.
    pub layout: &'a str,
    /// The mean over deals of each deal's `diff`.
    pub mean_diff: f64,
    /// Its standard error over deals; null with one deal.
    pub stderr: Option<f64>,
    /// `[lo, hi]`: `mean_diff` ± 1.96 standard errors; null with one deal.
    pub ci95: Option<[f64; 2]>,
    /// The candidate's mean profit in a seat.
    pub candidate_mean: f64,
    /// The baseline's mean profit in a seat of the reference voyages.
    pub baseline_mean: f64,
    pub deals: Vec<DealJson>,
    pub decision_times: TimesJson<'a>,
}

#[derive(Serialize)]
pub struct DealJson {
    /// Numbered from 1.
    pub deal: u64,
    /// Mean over the candidate's seats of its profit minus the reference
    /// profit.
    pub diff: f64,
    pub harbour_master: String,
    /// The reference voyage's layout.
    pub layout: String,
    /// The layout of the replay with the candidate as harbour master.
    pub candidate_layout: String,
    /// Each seat's profit with the baseline in every seat.
    pub reference: Players,
    /// The candidate's profit in each seat it took, in that seat's replay.
    pub candidate: Players,
}

/// Seconds per decision, per policy: the figures a seed does not repeat.
#[derive(Serialize)]
pub struct TimesJson<'a> {
    pub candidate: TimeJson<'a>,
    pub baseline: TimeJson<'a>,
}

#[derive(Serialize)]
pub struct TimeJson<'a> {
    pub policy: &'a str,
    pub decisions: u64,
    pub median: f64,
    pub max: f64,
}

pub fn arena_json<'a>(m: &'a Match) -> ArenaJson<'a> {
    let s = &m.summary;
    // A seat the candidate did not take has no profit of its own: no key.
    let named = |values: &mut dyn Iterator<Item = Option<i64>>| {
        Ordered(
            m.seats
                .iter()
                .zip(values)
                .filter_map(|(name, v)| Some((name.clone(), v? as f64)))
                .collect(),
        )
    };
    let time = |policy: &'a str, t: &DecisionTimes| TimeJson {
        policy,
        decisions: t.decisions,
        median: t.median,
        max: t.max,
    };
    ArenaJson {
        format_version: FORMAT_VERSION,
        candidate: &m.candidate,
        baseline: &m.baseline,
        candidate_lambda: m.candidate_lambda.as_ref().map(lambda_json),
        players: m.seats.len(),
        candidate_seats: m.candidate_seats.as_deref(),
        seed: m.seed,
        layout: m.layout,
        mean_diff: clean(s.mean_diff),
        stderr: s.stderr,
        ci95: s.ci95.map(|(lo, hi)| [lo, hi]),
        candidate_mean: clean(s.candidate_mean),
        baseline_mean: clean(s.baseline_mean),
        deals: m
            .deals
            .iter()
            .map(|d| DealJson {
                deal: d.deal,
                diff: clean(d.diff),
                harbour_master: m.seats[d.harbour_master as usize].clone(),
                layout: layout::name(d.layout),
                candidate_layout: layout::name(d.candidate_layout),
                reference: named(&mut d.reference.iter().map(|&v| Some(v))),
                candidate: named(&mut d.candidate.iter().copied()),
            })
            .collect(),
        decision_times: TimesJson {
            candidate: time(&m.candidate, &m.candidate_times),
            baseline: time(&m.baseline, &m.baseline_times),
        },
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

/// Player names to their bid figures.
pub type BidPlayers = Ordered<BidJson>;

#[derive(Serialize)]
pub struct BidJson {
    pub as_harbour_master: f64,
    pub under: Players,
    pub limit: Players,
    pub limit_mean: f64,
    /// The most this player may bid (R16: cash plus 12 per share), or null
    /// when their cash is not given.
    pub can_pay: Option<u32>,
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
        how: method_json(&b.how),
        buy: b.buy,
        players: Ordered(
            b.rows
                .iter()
                .enumerate()
                .map(|(p, r)| {
                    let row = BidJson {
                        as_harbour_master: clean(r.as_harbour_master),
                        under: others(&r.under),
                        limit: others(&r.limit),
                        limit_mean: clean(r.limit_mean),
                        can_pay: r.can_pay,
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
