//! The advice and odds JSON of POSITION.md (`format_version` 1), and the
//! tool's other JSON: a settlement, the layouts and bids, an arena match.

mod arena;
mod harbour;
mod settlement;

pub use arena::{ArenaJson, arena_json};
pub use harbour::{BidsJson, LayoutsJson, bids_json, layouts_json};
pub use settlement::{SettlementJson, settlement_json};

use super::{Render, how};
use crate::Position;
use crate::parse::notation;
use crate::report::{
    Advice, Bids, Comparison, How, Lambda, Match, Odds, OptionValue, QUANTILES, Sampling, ShipOdds,
    Then, Verdict,
};
use serde::Serialize;

pub struct JsonRender {
    /// One line (a batch's answer), else indented for a person to read too.
    pub one_line: bool,
}

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
    /// Chance remained within the strata of the stratified roll: a
    /// standard error of 0 is then a spread not seen, not an exact figure.
    pub residual_chance: bool,
    /// Some value has a standard error of 0 though it is not certain.
    pub unseen_spread: bool,
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
    /// Monte Carlo only, where the pay is not certain: the standard error of
    /// `p_paid`, its 95% interval (as a ship's) and the degrees of freedom
    /// that takes from the error (as `ev_dof`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_paid_stderr: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_paid_interval: Option<[f64; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_paid_dof: Option<u64>,
    /// Standard error of `ev` (Monte Carlo); null when exact.
    pub stderr: Option<f64>,
    /// Standard error of `gain_vs_pass` (Monte Carlo); null when exact.
    pub gain_stderr: Option<f64>,
    /// Monte Carlo only: the 95% interval of `ev`, `[low, high]`, as the
    /// table's `±` (Student's t on `ev_dof`, or on `stderr_dof`, else 1.96).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ev_interval: Option<[f64; 2]>,
    /// Monte Carlo only, where finite: the degrees of freedom `ev_interval`
    /// takes from `ev`'s own error (Welch-Satterthwaite over the strata,
    /// rounded down).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ev_dof: Option<u64>,
    /// Monte Carlo only: the 95% interval of `gain_vs_pass`, on `gain_dof`
    /// as `ev_interval` on `ev_dof`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gain_interval: Option<[f64; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gain_dof: Option<u64>,
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
    /// Monte Carlo only, for a ship at sea: the 95% intervals of
    /// `p_harbour` and `p_plundered` ([`How::probability_interval`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval_harbour: Option<[f64; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval_plundered: Option<[f64; 2]>,
    /// Monte Carlo only, for a ship at sea, where finite: the degrees of
    /// freedom the intervals take from each error (as `ev_dof`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dof_harbour: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dof_plundered: Option<u64>,
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
    /// Monte Carlo only: each player's 95% interval, `[low, high]`, as the
    /// table's `±`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players_interval: Option<Ordered<[f64; 2]>>,
    /// Monte Carlo only: the degrees of freedom each player's interval takes
    /// from its own error (as `ev_dof`); null where it takes none (an error
    /// of 0, endless degrees of freedom, or the run's own, `stderr_dof`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players_dof: Option<Ordered<Option<u64>>>,
}

/// Player names to values, written as a JSON object in seating order.
/// An option's quantiles ([`QUANTILES`]), when its distribution is known.
fn quantiles(o: &OptionValue) -> Option<[i64; 3]> {
    let [a, b, c] = QUANTILES.map(|q| o.quantile(q));
    Some([a?, b?, c?])
}

/// Rounds away floating-point dust (exact figures are exact to 1e-9).
pub fn clean(x: f64) -> f64 {
    let r = (x * 1e12).round() / 1e12;
    if r == 0.0 { 0.0 } else { r }
}

/// A standard error that is not 0: only it takes degrees of freedom.
fn spread(stderr: Option<f64>) -> Option<f64> {
    stderr.filter(|&se| se > 0.0)
}

/// An interval as `[low, high]`.
fn pair((lo, hi): (f64, f64)) -> [f64; 2] {
    [clean(lo), clean(hi)]
}

fn ships(position: &Position, odds: &[ShipOdds], how: &How) -> Vec<ShipJson> {
    let intervals = super::ship_intervals(position, odds, how);
    let own = |dof| how.own_dof(dof);
    odds.iter()
        .zip(intervals)
        .map(|(s, intervals)| ShipJson {
            cargo: s.cargo.name(),
            p_harbour: clean(s.p_harbour),
            p_shipyard: clean(s.p_shipyard),
            p_plundered: clean(s.p_plundered),
            stderr_harbour: s.stderr.map(|e| clean(e.0)),
            stderr_plundered: s.stderr.map(|e| clean(e.1)),
            interval_harbour: intervals.map(|[h, _]| pair(h)),
            interval_plundered: intervals.map(|[_, p]| pair(p)),
            dof_harbour: intervals
                .and(spread(s.stderr.map(|e| e.0)))
                .and(own(s.dof.map(|d| d.0))),
            dof_plundered: intervals
                .and(spread(s.stderr.map(|e| e.1)))
                .and(own(s.dof.map(|d| d.1))),
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
                p_paid_stderr: o.p_paid.and(o.p_paid_stderr).map(clean),
                p_paid_interval: super::paid_interval(o, &advice.how).map(pair),
                p_paid_dof: o
                    .p_paid
                    .and(spread(o.p_paid_stderr))
                    .and(advice.how.own_dof(o.p_paid_dof)),
                stderr: o.stderr.map(clean),
                gain_stderr: o.gain_stderr.map(clean),
                ev_interval: o
                    .stderr
                    .map(|se| pair(advice.how.value_interval(o.ev, se, o.ev_dof))),
                ev_dof: spread(o.stderr).and(advice.how.own_dof(o.ev_dof)),
                gain_interval: o
                    .gain_stderr
                    .map(|se| pair(advice.how.value_interval(o.gain_vs_pass, se, o.gain_dof))),
                gain_dof: spread(o.gain_stderr).and(advice.how.own_dof(o.gain_dof)),
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
        ships: ships(position, &advice.ships, &advice.how),
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
    let dof = |p: usize| odds.players_dof.as_ref().map(|d| d[p]);
    OddsJson {
        format_version: FORMAT_VERSION,
        version: VERSION,
        position: notation::format(position),
        how: method_json(&odds.how),
        ships: ships(position, &odds.ships, &odds.how),
        players: named(position, &odds.players),
        players_stderr: odds.players_stderr.as_ref().map(|e| named(position, e)),
        players_interval: odds.players_stderr.as_ref().map(|errors| {
            by_name(position, errors, |p, &se| {
                pair(odds.how.value_interval(odds.players[p], se, dof(p)))
            })
        }),
        players_dof: odds.players_stderr.as_ref().map(|errors| {
            by_name(position, errors, |p, &se| {
                spread(Some(se)).and(odds.how.own_dof(dof(p)))
            })
        }),
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
        residual_chance: s.residual_chance,
        unseen_spread: s.unseen_spread,
    }
}

fn named(position: &Position, values: &[f64]) -> Players {
    by_name(position, values, |_, &v| clean(v))
}

/// Each player's `f(seat, value)`, by name in seating order.
fn by_name<T, V>(position: &Position, values: &[T], f: impl Fn(usize, &T) -> V) -> Ordered<V> {
    Ordered(
        values
            .iter()
            .enumerate()
            .map(|(p, v)| (position.name(p as u8).to_string(), f(p, v)))
            .collect(),
    )
}

fn pretty<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

impl JsonRender {
    fn text<T: Serialize>(&self, value: &T) -> String {
        match self.one_line {
            true => serde_json::to_string(value).unwrap_or_default() + "\n",
            false => pretty(value),
        }
    }
}

impl Render for JsonRender {
    fn advice(&self, position: &Position, advice: &Advice) -> String {
        self.text(&advice_json(position, advice))
    }

    fn odds(&self, position: &Position, odds: &Odds) -> String {
        self.text(&odds_json(position, odds))
    }

    fn layouts(&self, position: &Position, comparison: &Comparison, top: usize) -> String {
        self.text(&layouts_json(position, comparison, top))
    }

    fn arena(&self, m: &Match) -> String {
        self.text(&arena_json(m))
    }

    fn bids(&self, start: &Position, bids: &Bids) -> String {
        self.text(&bids_json(start, bids))
    }
}
