//! The arena: duplicate voyages that measure how well a policy plays.
//!
//! A deal fixes everything chance decides: the seats, the harbour master, the
//! layout (drawn at random, or chosen by the harbour master's policy) and every
//! die of every roll ([`deal`]). Each deal is played once with the baseline in
//! every seat (the reference), and once per seat with the candidate in that
//! seat and the baseline in the others ([`referee`]), or per seat it is given
//! (`Settings::candidate_seats`). The deal's figure is the mean over those
//! seats of the candidate's profit minus the reference profit of that seat:
//! luck cancels, and a policy against itself differs by exactly 0.
//!
//! Deals are played in parallel, each a pure function of the seed and its
//! number; they are gathered in deal order, so the figures do not depend on the
//! thread count. Each worker thread has its own instance of each policy.

pub mod deal;
pub mod heuristic;
pub mod luck;
pub mod policy;
pub mod referee;
pub mod searcher;

pub use deal::Deal;
pub use heuristic::Heuristic;
pub use policy::{Ask, BySeat, Fault, LayoutAsk, Maker, Model, Policy, Random};
pub use referee::{Played, Side, seat_names};
pub use searcher::{Search, Searcher};

use crate::report::{DealResult, DecisionTimes, Match, MatchSummary, Spread};
use crate::rules::{self, Action, Event, Phase, PlayerId, State, Variant};
use rayon::prelude::*;
use referee::{Recall, Seats};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where the layout of a voyage comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutChoice {
    /// Drawn with the deal, the same in every replay.
    Random,
    /// The harbour master's policy chooses it.
    Policy,
}

impl LayoutChoice {
    pub fn name(self) -> &'static str {
        match self {
            LayoutChoice::Random => "random",
            LayoutChoice::Policy => "policy",
        }
    }
}

/// How a match is played.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Seats at the table, 3 to 5.
    pub players: u8,
    /// The number of the first deal played (deals are numbered from 1).
    /// Each deal depends only on the seed and its number, so a match played
    /// in parts gives each deal as the whole match does.
    pub first_deal: u64,
    pub deals: u64,
    pub seed: u64,
    pub layout: LayoutChoice,
    pub variant: Variant,
    /// Every seat's cash at the start (R5); `None`: money not modelled.
    pub cash: Option<u32>,
    /// Keep every voyage played, as events.
    pub record: bool,
    /// The seats the candidate takes, by turn from the harbour master (0 the
    /// harbour master, 1 the next player, ...); `None`: every seat. A
    /// policy's seats can then be measured apart, and since each seat's
    /// replay is played alone, a policy that plays one model in some seats
    /// and another in the rest scores, deal by deal, what those seats score
    /// under each model.
    pub candidate_seats: Option<Vec<u8>>,
}

impl Settings {
    /// Whether the candidate takes seat `p` when `harbour_master` leads.
    pub fn candidate_takes(&self, p: PlayerId, harbour_master: PlayerId) -> bool {
        let turn = (p + self.players - harbour_master) % self.players;
        self.candidate_seats
            .as_ref()
            .is_none_or(|seats| seats.contains(&turn))
    }

    /// The voyages of one deal: the reference and one per candidate seat.
    pub fn voyages_per_deal(&self) -> u64 {
        // Any seat will do as harbour master: the turns are what count.
        let seats = (0..self.players).filter(|&p| self.candidate_takes(p, 0));
        seats.count() as u64 + 1
    }
}

/// One deal's voyages: the reference and one per seat, when recorded.
pub struct Recorded {
    pub deal: u64,
    /// `None` for the reference; else the candidate's seat.
    pub seat: Option<PlayerId>,
    pub played: Played,
}

/// A match played: the report, and the voyages when recorded.
pub struct Outcome {
    pub report: Match,
    pub voyages: Vec<Recorded>,
}

/// One deal's figures, its voyages when recorded, and its decision times.
type DealPlayed = (DealResult, Vec<Recorded>, Vec<(Side, f64)>);

/// The idle instances of one policy: a worker thread takes one for a deal and
/// gives it back, so there are never more instances than threads.
struct Pool<'a> {
    maker: &'a dyn Maker,
    side: Side,
    idle: Mutex<Vec<Box<dyn Policy>>>,
}

impl<'a> Pool<'a> {
    fn new(maker: &'a dyn Maker, side: Side) -> Pool<'a> {
        Pool {
            maker,
            side,
            idle: Mutex::new(Vec::new()),
        }
    }

    fn take(&self) -> Result<Box<dyn Policy>, Fault> {
        match self.idle.lock().ok().and_then(|mut idle| idle.pop()) {
            Some(policy) => Ok(policy),
            None => {
                let inner = self.maker.make().map_err(|f| sided(f, self.side))?;
                Ok(Box::new(Sided {
                    inner,
                    side: self.side,
                }))
            }
        }
    }

    fn give(&self, policy: Box<dyn Policy>) {
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(policy);
        }
    }

    /// The match is over: every instance hears so.
    fn finish(self) {
        for mut policy in self.idle.into_inner().unwrap_or_default() {
            policy.finish();
        }
    }
}

/// A policy whose faults say which side of the match it plays: the
/// candidate and the baseline may be the same bot.
struct Sided {
    inner: Box<dyn Policy>,
    side: Side,
}

impl Policy for Sided {
    fn decide(&mut self, ask: &Ask) -> Result<Action, Fault> {
        self.inner.decide(ask).map_err(|f| sided(f, self.side))
    }

    fn layout(&mut self, ask: &LayoutAsk) -> Result<rules::Layout, Fault> {
        self.inner.layout(ask).map_err(|f| sided(f, self.side))
    }

    fn result(&mut self, deal: u64, profits: &[i64]) -> Result<(), Fault> {
        self.inner
            .result(deal, profits)
            .map_err(|f| sided(f, self.side))
    }

    fn finish(&mut self) {
        self.inner.finish();
    }
}

/// `fault` naming its policy as the candidate's or the baseline's.
fn sided(mut fault: Fault, side: Side) -> Fault {
    let side = match side {
        Side::Candidate => "the candidate",
        Side::Baseline => "the baseline",
    };
    fault.policy = format!("{} ({side})", fault.policy);
    fault
}

/// Plays the match. `progress` hears the number of voyages played, out of
/// `deals * settings.voyages_per_deal()`.
///
/// The reference voyages of every deal come first. A candidate that fits
/// itself to the table (the quantal model) is then fitted to the baseline's
/// placements in them, and the seats' replays follow.
pub fn run(
    settings: &Settings,
    candidate: &dyn Maker,
    baseline: &dyn Maker,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Outcome, Fault> {
    if settings.voyages_per_deal() < 2 {
        return Err(Fault {
            policy: "referee".to_string(),
            request: None,
            answer: None,
            why: "the candidate takes no seat at the table".to_string(),
        });
    }
    let done = AtomicU64::new(0);
    let tick = || progress(done.fetch_add(1, Ordering::Relaxed) + 1);
    let bases = Pool::new(baseline, Side::Baseline);
    let base_recall = baseline.pure().then(Recall::default);
    let first = settings.first_deal;
    // Numbered up to u64::MAX itself (none past it).
    let deals: Vec<Deal> = (0..settings.deals)
        .map_while(|i| first.checked_add(i))
        .map(|k| Deal::draw(settings.seed, k, settings.players))
        .collect();
    let references: Vec<Played> = deals
        .par_iter()
        .with_max_len(1)
        .map(|deal| {
            let mut base = bases.take()?;
            let mut seats = Seats::reference(base.as_mut(), base_recall.as_ref());
            let played = referee::play(settings, deal, &mut seats);
            bases.give(base);
            tick();
            played
        })
        .collect::<Result<_, _>>()?;
    let fitted = candidate.fitted(&placements(&references));
    let candidate = fitted.as_deref().unwrap_or(candidate);
    let cands = Pool::new(candidate, Side::Candidate);
    let cand_recall = candidate.pure().then(Recall::default);
    let recall = [cand_recall.as_ref(), base_recall.as_ref()];
    let played: Vec<DealPlayed> = deals
        .par_iter()
        .zip(references)
        .with_max_len(1)
        .map(|(deal, reference)| {
            let (mut cand, mut base) = (cands.take()?, bases.take()?);
            let result = seats(
                settings,
                deal,
                reference,
                (cand.as_mut(), base.as_mut()),
                recall,
                &tick,
            );
            cands.give(cand);
            bases.give(base);
            result
        })
        .collect::<Result<_, _>>()?;
    cands.finish();
    bases.finish();
    Ok(gather(settings, candidate, baseline, played))
}

/// Every placement of the reference voyages: what a fitted candidate learns
/// the baseline from.
pub fn placements(references: &[Played]) -> Vec<(State, Action)> {
    let mut out = Vec::new();
    for v in references {
        let mut s = v.start;
        for &event in &v.events {
            match event {
                Event::Decide { action, .. } => {
                    if matches!(s.phase, Phase::Placement { .. }) {
                        out.push((s, action));
                    }
                    s = rules::apply(&s, action).unwrap_or(s);
                }
                Event::Roll(dice) => s = rules::roll(&s, dice),
            }
        }
    }
    out
}

/// The report of the deals played.
fn gather(
    settings: &Settings,
    candidate: &dyn Maker,
    baseline: &dyn Maker,
    played: Vec<DealPlayed>,
) -> Outcome {
    let mut deals = Vec::new();
    let mut voyages = Vec::new();
    let mut times = (Vec::new(), Vec::new());
    for (deal, recorded, t) in played {
        deals.push(deal);
        voyages.extend(recorded);
        for (side, seconds) in t {
            match side {
                Side::Candidate => times.0.push(seconds),
                Side::Baseline => times.1.push(seconds),
            }
        }
    }
    let report = Match {
        candidate: candidate.name(),
        baseline: baseline.name(),
        candidate_lambda: candidate.lambda(),
        seats: seat_names(settings.players),
        candidate_seats: settings.candidate_seats.clone(),
        seed: settings.seed,
        layout: settings.layout.name(),
        summary: summary(&deals),
        deals,
        candidate_times: decision_times(times.0),
        baseline_times: decision_times(times.1),
    };
    Outcome { report, voyages }
}

/// Every candidate seat's replay of one deal, against its reference voyage.
fn seats(
    settings: &Settings,
    deal: &Deal,
    reference: Played,
    (candidate, baseline): (&mut dyn Policy, &mut dyn Policy),
    recall: [Option<&Recall>; 2],
    tick: &(dyn Fn() + Sync),
) -> Result<DealPlayed, Fault> {
    let mut runs = Vec::new();
    for p in 0..settings.players {
        if !settings.candidate_takes(p, deal.harbour_master) {
            continue;
        }
        let mut seats = Seats {
            candidate: Some(&mut *candidate),
            baseline: &mut *baseline,
            seat: Some(p),
            recall,
        };
        runs.push((p, referee::play(settings, deal, &mut seats)?));
        tick();
    }
    let mut candidate_profits = vec![None; settings.players as usize];
    for (p, v) in &runs {
        candidate_profits[*p as usize] = Some(v.profits[*p as usize]);
    }
    // Over the candidate's seats, what it counted in a seat's replay less what
    // the baseline counted there in the reference.
    let mean_gain = |count: &dyn Fn(&Played, usize) -> f64| {
        let gains: Vec<f64> = runs
            .iter()
            .map(|(p, v)| count(v, *p as usize) - count(&reference, *p as usize))
            .collect();
        gains.iter().sum::<f64>() / gains.len().max(1) as f64
    };
    let diff = mean_gain(&|v, p| v.profits[p] as f64);
    let luck_adjusted = mean_gain(&|v, p| v.profits[p] as f64 - v.luck[p]);
    let mut times = reference.times.clone();
    for (_, v) in &runs {
        times.extend(v.times.iter().copied());
    }
    let layout_of = |v: &Played| (v.start.ships.map(|s| s.cargo), start_spaces(v));
    // The replay with the candidate as harbour master: its own layout when
    // layouts are chosen by the policies.
    let candidate_layout = runs
        .iter()
        .find(|(p, _)| *p == deal.harbour_master)
        .map_or(layout_of(&reference), |(_, v)| layout_of(v));
    let result = DealResult {
        deal: deal.number,
        diff,
        luck_adjusted,
        harbour_master: deal.harbour_master,
        layout: layout_of(&reference),
        candidate_layout,
        reference: reference.profits.clone(),
        candidate: candidate_profits,
    };
    let mut recorded = Vec::new();
    if settings.record {
        recorded.push(Recorded {
            deal: deal.number,
            seat: None,
            played: reference,
        });
        for (p, played) in runs {
            recorded.push(Recorded {
                deal: deal.number,
                seat: Some(p),
                played,
            });
        }
    }
    Ok((result, recorded, times))
}

/// The start spaces of the reference voyage's layout.
fn start_spaces(v: &Played) -> [u8; 3] {
    v.start.ships.map(|s| s.at_sea().unwrap_or(0))
}

/// The mean difference and its error bars over the deals, counted as played
/// and less the luck of the dice.
fn summary(deals: &[DealResult]) -> MatchSummary {
    let n = deals.len() as f64;
    let mean = |xs: &mut dyn Iterator<Item = f64>| xs.sum::<f64>() / n;
    let played = Spread::of(&deals.iter().map(|d| d.diff).collect::<Vec<_>>());
    let adjusted = Spread::of(&deals.iter().map(|d| d.luck_adjusted).collect::<Vec<_>>());
    // Both means over the candidate's seats, so that they differ by the mean
    // difference.
    let taken = |d: &DealResult, of_candidate: bool| {
        let profits = d
            .candidate
            .iter()
            .zip(&d.reference)
            .filter_map(|(c, &r)| c.map(|c| if of_candidate { c } else { r }));
        let (sum, n) = profits.fold((0, 0), |(sum, n), p| (sum + p, n + 1));
        sum as f64 / f64::from(n.max(1))
    };
    MatchSummary {
        played,
        luck_adjusted: adjusted,
        candidate_mean: mean(&mut deals.iter().map(|d| taken(d, true))),
        baseline_mean: mean(&mut deals.iter().map(|d| taken(d, false))),
    }
}

fn decision_times(mut seconds: Vec<f64>) -> DecisionTimes {
    seconds.sort_by(f64::total_cmp);
    DecisionTimes {
        decisions: seconds.len() as u64,
        median: seconds.get(seconds.len() / 2).copied().unwrap_or(0.0),
        max: seconds.last().copied().unwrap_or(0.0),
    }
}
