//! A match of the arena (`arena --json`): the summary, each deal, and the
//! decision times.

use super::{FORMAT_VERSION, LambdaJson, Ordered, Players, clean, lambda_json};
use crate::parse::layout;
use crate::report::{DecisionTimes, Match, Spread};
use serde::Serialize;

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
    /// `mean_diff` (the mean over deals of each deal's `diff`), `stderr`
    /// and `ci95`, at the top level.
    #[serde(flatten)]
    pub played: SpreadJson,
    /// The mean difference with each profit less the seat's luck: the same
    /// mean, estimated with less spread.
    pub luck_adjusted: SpreadJson,
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
    /// The same with each profit less the seat's luck in its voyage.
    pub luck_adjusted_diff: f64,
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

/// A mean over deals with its error bars.
#[derive(Serialize)]
pub struct SpreadJson {
    pub mean_diff: f64,
    /// Its standard error over deals; null with one deal.
    pub stderr: Option<f64>,
    /// `[lo, hi]`: `mean_diff` ± 1.96 standard errors; null with one deal.
    pub ci95: Option<[f64; 2]>,
}

impl From<&Spread> for SpreadJson {
    fn from(s: &Spread) -> SpreadJson {
        SpreadJson {
            mean_diff: clean(s.mean),
            stderr: s.stderr,
            ci95: s.ci95().map(|(lo, hi)| [lo, hi]),
        }
    }
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
        played: (&s.played).into(),
        luck_adjusted: (&s.luck_adjusted).into(),
        candidate_mean: clean(s.candidate_mean),
        baseline_mean: clean(s.baseline_mean),
        deals: m
            .deals
            .iter()
            .map(|d| DealJson {
                deal: d.deal,
                diff: clean(d.diff),
                luck_adjusted_diff: clean(d.luck_adjusted),
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
