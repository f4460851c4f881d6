//! The paranoid model (`Future::Paranoid`): until the next roll, every other
//! player places to *minimise* the decider's value, the decider's own later
//! placements maximise it, and nobody places after the roll (Sturtevant
//! 2002; in the arena it beat greedy-to-the-roll before roll 1, README "What
//! we measured").
//!
//! Every option is valued whole, each with every player's value and the
//! ships' odds at the end of the line of play the search expects, so that
//! advice ranks and explains all of them. The others' placements come in a
//! row, with nothing between them for alpha-beta to cut, so the search
//! values every position at its horizon. Their number is estimated before
//! the search starts: the search covers as many of the placements before
//! the roll as fit the request's `max_leaves`, nobody placing after them,
//! and says so. The decider's options are searched in parallel, each by its
//! own planner: the figures are exact whatever the thread count.

use super::{Answer, Progress, Request, StandIn};
use crate::engine::exact::Solver;
use crate::engine::future::{ALL, Planner, valued_option};
use crate::engine::interrupt;
use crate::engine::ranking::Valued;
use crate::engine::risk::{self, Chooser};
use crate::engine::sample::Tick;
use crate::engine::values::{Mark, Outcome, rank};
use crate::report::{Approximation, Future, How, Limit, Method, Reason};
use crate::rules::{self, Action, Phase, State};
use rayon::prelude::*;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// A planner without a node budget runs to its end.
const UNBOUNDED: &str = "a search without a node budget never runs out of it";

/// How far the search goes from a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Depth {
    /// Placements searched, the decider's own included if it is one.
    pub depth: u16,
    /// Placements due before the next roll, every one placing.
    pub turns: u16,
    /// Positions valued at the horizon, estimated.
    pub leaves: f64,
}

impl Depth {
    /// The planner's `left`: every placement to the roll once they all fit
    /// (whichever branch has more of them), else `depth`.
    fn left(&self) -> u16 {
        if self.depth >= self.turns {
            ALL
        } else {
            self.depth
        }
    }
}

/// What one position at the search's end costs, in positions of the budget.
/// Before roll 1 the `none` solver values the boardings, plunder and pilot
/// moves of what is aboard with two rolls to come, and that costs, per
/// position, against a round 1 with nothing aboard: one pirate 2.3 times,
/// two 4.3, a pilot 2.5 (3 players, small) or 2.4 (5 players, large), both
/// pilots 4.0, a pirate and the large pilot 4.2 (README, "How they are
/// computed"). So twice for each pirate, times 2.5 for one pilot held or 4
/// for both. Counted twice, a 5-player position with a pilot held took
/// 1.9 s, near the 2 s the table allows. After roll 1 a pirate costs about
/// 1.5 times, and the rule stays the one the arena measured: twice with any
/// pirate aboard.
pub fn leaf_cost(s: &State) -> f64 {
    let pirates = s.pirates.iter().flatten().count();
    let pilots = [s.small_pilot, s.large_pilot].iter().flatten().count();
    let pilot_cost = [1.0, 2.5, 4.0][pilots];
    match (s.rolls_done, pirates) {
        (0, _) => f64::from(1u32 << pirates) * pilot_cost,
        (_, 0) => 1.0,
        _ => 2.0,
    }
}

/// How far the paranoid search from `s` goes within `max_leaves`: the most
/// placements whose tree, estimated from the options open (each placement
/// takes a slot from the next; a seat on a ship with room does not, so the
/// tree may be larger), fits, each position at its end counted at its
/// [`leaf_cost`]; at least one (the decider's own, unless the decision is a
/// boarding before them). The options of the `j`-th placement are those
/// open now less `j`; before roll 1, the larger of those open now and that
/// player's own on the line walked (the decider may be short of cash, the
/// others not), less `j`. After roll 1 the estimate stays the one the arena
/// measured.
pub fn depth(s: &State, max_leaves: u64) -> Depth {
    let options = rules::legal_actions(s).len().max(1) as f64;
    let Some(open) = turns(s) else {
        return Depth {
            depth: 0,
            turns: 0,
            leaves: options,
        };
    };
    let turns = open.len() as u16;
    let first = open[0];
    let placing = matches!(s.phase, Phase::Placement { .. });
    // A decision before the placements (a boarding) multiplies their tree.
    let root = if placing { 1.0 } else { options };
    let leaves = |d: u16| -> f64 {
        // Before roll 1 a placer with more options than the first counts
        // their own; after it the arena's estimate, the first's.
        let placer_options = |theirs: f64| match s.rolls_done {
            0 => first.max(theirs),
            _ => first,
        };
        let factor = |(j, &theirs): (usize, &f64)| (placer_options(theirs) - j as f64).max(1.0);
        root * open
            .iter()
            .take(d as usize)
            .enumerate()
            .map(factor)
            .product::<f64>()
    };
    let mut d = 1;
    while d < turns && leaves(d + 1) * leaf_cost(s) <= max_leaves as f64 {
        d += 1;
    }
    Depth {
        depth: d,
        turns,
        leaves: leaves(d),
    }
}

/// The options of each placement due before the next roll, on a line where
/// everyone places (the first option that is not a pass); `None` when no
/// placement comes before it.
fn turns(s: &State) -> Option<Vec<f64>> {
    let mut t = *s;
    // Decisions before the placements (the pirates' boardings, R7).
    while matches!(t.phase, Phase::Boarding { .. }) {
        let first = *rules::legal_actions(&t).first()?;
        t = rules::apply(&t, first).ok()?;
    }
    let mut open = Vec::new();
    while let Phase::Placement { .. } = t.phase {
        let options = rules::legal_actions(&t);
        open.push(options.len() as f64);
        let a = options
            .iter()
            .copied()
            .find(|&a| a != Action::Pass)
            .unwrap_or(Action::Pass);
        let Ok(next) = rules::apply(&t, a) else { break };
        t = next;
    }
    (!open.is_empty()).then_some(open)
}

/// The paranoid planner of `request` against `searcher`.
fn planner(request: &Request, searcher: rules::PlayerId) -> Planner {
    Planner::new(Future::Paranoid, request.valuation).against(searcher)
}

/// The decider's options in `s` valued under the paranoid model searched to
/// `left`, in canonical order, each with its distribution when `risk`;
/// `progress` hears of each option valued. Ctrl-C ([`interrupt`]) stops the
/// search: the options valued by then are returned, and whoever asked for
/// the stop discards them.
pub fn options(
    s: &State,
    request: &Request,
    left: u16,
    risk: bool,
    progress: Progress,
) -> Vec<Valued> {
    let Some(decider) = s.decider() else {
        return Vec::new();
    };
    let actions = rules::legal_actions(s);
    let of = actions.len() as u64;
    let (started, done) = (AtomicU64::new(0), AtomicU64::new(0));
    let progress = Mutex::new(progress);
    // Solvers go from one option to the next: their tables, per crew
    // configuration, serve every option that leaves the crews alike (a
    // harbour, shipyard or insurance placement). Tables are pure values.
    let solvers: Mutex<Vec<Solver>> = Mutex::default();
    actions
        .par_iter()
        .map(|&a| {
            started.fetch_add(1, Ordering::Relaxed);
            let lent = solvers.lock().ok().and_then(|mut kept| kept.pop());
            let solver = lent.unwrap_or_else(|| Solver::with(request.valuation));
            let mut planner = Planner::on_solver(Future::Paranoid, solver).against(decider);
            // No time limit: a deep search runs to its end unless stopped.
            planner.deadline(None);
            let valued = one_option(s, a, &mut planner, left, risk);
            if let Ok(mut kept) = solvers.lock() {
                kept.push(planner.into_solver());
            }
            let done = done.fetch_add(1, Ordering::Relaxed) + 1;
            let running = started.load(Ordering::Relaxed).saturating_sub(done);
            if let Ok(mut progress) = progress.lock() {
                (*progress)(Tick::Options { done, running, of });
            }
            valued
        })
        .flatten_iter()
        .collect()
}

/// One option valued (and its distribution walked) by `planner`; `None`
/// when Ctrl-C stopped the search (its only limit) before the end.
fn one_option(
    s: &State,
    a: Action,
    planner: &mut Planner,
    left: u16,
    risk: bool,
) -> Option<Valued> {
    if interrupt::requested() {
        return None;
    }
    let mut valued = valued_option(s, a, planner, left).ok()?;
    if risk {
        valued.dist = risk::option(Chooser::Planner(planner), s, a, left).ok()?;
    }
    Some(valued)
}

/// Every player's value from `s` under the paranoid model searched to
/// `left`, the player to move against the others: the line of play after
/// their best option, or after nothing when nobody decides.
pub fn outcome(s: &State, request: &Request, left: u16, progress: Progress) -> Outcome {
    let valued = options(s, request, left, false, progress);
    let evs: Vec<f64> = valued.iter().map(|v| v.ev).collect();
    match rank(&evs).first() {
        Some(&k) => valued[k].outcome,
        // Stopped before any option was valued: nothing to give, and the
        // caller discards whatever it gets.
        None if interrupt::requested() => Outcome::default(),
        None => planner(request, s.decider().unwrap_or(0))
            .value(s, Mark::None, left)
            .expect(UNBOUNDED),
    }
}

/// Advice or odds under the paranoid model, as deep as `max_leaves` lets
/// it search, labelled with how deep that was. `stand_in`: `auto` chose it.
pub(super) fn analyse<A: Answer>(
    s: &State,
    request: &Request,
    stand_in: Option<StandIn>,
    progress: Progress,
) -> A {
    let d = depth(s, request.max_leaves);
    let raw = A::paranoid(s, request, d.left(), progress);
    A::finish(s, raw, how(request, d, leaf_cost(s), stand_in))
}

fn how(request: &Request, d: Depth, cost: f64, stand_in: Option<StandIn>) -> How {
    let searched = Reason::Paranoid {
        depth: d.depth,
        turns: d.turns,
        leaves: d.leaves,
    };
    let reason = match stand_in {
        Some(StandIn::Auto(choice)) => Reason::Auto {
            choice,
            inner: Box::new(searched),
        },
        _ => searched,
    };
    let approximation = (d.depth < d.turns).then_some(Approximation::Paranoid {
        depth: d.depth,
        turns: d.turns,
        limit: Limit::Leaves {
            max: request.max_leaves,
            cost,
        },
    });
    How {
        method: Method::Exact,
        reason,
        future: Future::Paranoid,
        shares_counted: request.valuation.count_shares,
        approximation,
        sampling: None,
        lambda: None,
        dof: None,
    }
}
