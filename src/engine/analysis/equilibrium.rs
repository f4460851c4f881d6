//! The equilibrium (R14 applied to placements too), searched within the node
//! budget and labelled with exactly what was searched.
//!
//! In the last placement round the whole max-n tree is tried first; beyond
//! the budget, max-n over as many next placements as fit, greedy (R15) after
//! them; when not even two fit, the greedy model itself.
//!
//! Before the last round the search goes round by round (anytime): first
//! max-n over every placement until the next roll, nobody placing after it;
//! then one roll further, that roll summed over 4, 16, 64 and then all 216 of
//! its outcomes (the same die triples at every chance node, drawn from the
//! seed), and so on while each search fits the budget. The deepest search
//! that fits is the answer; it is the exact equilibrium once it reaches the
//! last round with every roll summed whole. On a sample of the triples its
//! figures are estimates, with standard errors (`dice_errors.rs`).

use super::{Answer, Progress, Request, StandIn, by_model, rolls_before_last_round};
use crate::engine::cache::Cache;
use crate::engine::exact::Solver;
use crate::engine::future::{self, Horizon, Planner};
use crate::engine::risk::Chooser;
use crate::engine::values::Mark;
use crate::report::{Approximation, Future, GreedyWhy, How, Limit, Method, Reason};
use crate::rules::{self, Phase, State};
use std::time::Instant;

/// Die triples per roll tried in turn, each search on the next size; 216 is
/// every outcome.
const SAMPLES: [usize; 4] = [4, 16, 64, 216];

pub(super) fn analyse<A: Answer>(
    cache: &mut Cache,
    s: &State,
    request: &Request,
    progress: Progress,
) -> A {
    if rolls_before_last_round(s) == 0 {
        last_round(cache, s, request, progress)
    } else {
        by_rounds(cache, s, request)
    }
}

/// The moment a search must give up by, when a time limit is set.
fn deadline(request: &Request) -> Option<Instant> {
    request.sampling.time_limit.map(|t| Instant::now() + t)
}

/// What stopped `planner`'s last search: its deadline, or its nodes.
fn limit(planner: &Planner, request: &Request) -> Limit {
    match request.sampling.time_limit {
        Some(t) if planner.timed_out() => Limit::Seconds(t.as_secs_f64()),
        _ => Limit::Nodes(request.max_nodes),
    }
}

fn how(request: &Request, reason: Reason, approximation: Option<Approximation>) -> How {
    How {
        method: Method::Exact,
        reason,
        future: Future::Equilibrium,
        shares_counted: request.valuation.count_shares,
        approximation,
        sampling: None,
        lambda: None,
        dof: None,
    }
}

/// No roll before the last placement: the whole tree, or max-n over the next
/// placements with greedy after them, or the greedy model.
fn last_round<A: Answer>(cache: &mut Cache, s: &State, request: &Request, progress: Progress) -> A {
    let max = request.max_nodes;
    let mut planner = Planner::new(Future::Equilibrium, request.valuation);
    planner.deadline(deadline(request));
    let why = match deepen::<A>(s, &mut planner, max, true) {
        Deepened::Exact(raw, nodes) => {
            let reason = Reason::Equilibrium {
                nodes,
                max_nodes: max,
            };
            let how = how(request, reason, None);
            return finish::<A>(request, s, raw, &mut planner, future::ALL, how);
        }
        Deepened::Horizon(depth, raw, nodes) => {
            let reason = Reason::Horizon {
                depth,
                nodes,
                max_nodes: max,
            };
            // A pass is a placement decision too; a boarding decision is not
            // one, and the horizon then starts after it.
            let approximation = Approximation::Horizon {
                depth,
                includes_decision: matches!(s.phase, Phase::Placement { .. }),
                limit: limit(&planner, request),
            };
            let how = how(request, reason, Some(approximation));
            return finish::<A>(request, s, raw, &mut planner, depth, how);
        }
        Deepened::Nothing => GreedyWhy::Budget {
            limit: limit(&planner, request),
        },
    };
    let greedy = Request {
        future: Future::Greedy,
        ..request.clone()
    };
    by_model(cache, s, &greedy, progress, Some(StandIn::Equilibrium(why)))
}

/// The raw figures with each option's distribution when asked, walked as the
/// planner valued them (`left` placements by max-n).
fn finish<A: Answer>(
    request: &Request,
    s: &State,
    mut raw: A::Raw,
    planner: &mut Planner,
    left: u16,
    how: How,
) -> A {
    if request.risk {
        planner.budget(u64::MAX);
        A::add_risk(&mut raw, s, Chooser::Planner(planner), left);
    }
    A::finish(s, raw, how)
}

/// One search that fitted: its horizon, figures, nodes, and planner (whose
/// memo the distributions are walked on).
struct Found<T> {
    horizon: Horizon,
    raw: T,
    nodes: u64,
    planner: Planner,
}

/// Before the last round: round by round, as far as the budget goes.
fn by_rounds<A: Answer>(cache: &mut Cache, s: &State, request: &Request) -> A {
    let max = request.max_nodes;
    let seed = request.sampling.seed;
    let start = match s.phase {
        Phase::Roll => s.rolls_done + 1,
        _ => s.rolls_done,
    };
    // The rolls made when the last round begins (a roll due at the start
    // is one of them).
    let last = s.rolls_done + rolls_before_last_round(s);
    let until = deadline(request);
    let mut solver = cache.lend_solver(request.valuation);
    // Until the next roll: no chance node inside, so nothing is sampled.
    let mut planner = equilibrium_on(solver, Horizon::sampled(start, 216, seed), until);
    let mut best = match deepen::<A>(s, &mut planner, max, true) {
        Deepened::Exact(raw, nodes) => Found {
            horizon: Horizon::sampled(start, 216, seed),
            raw,
            nodes,
            planner,
        },
        shorter => {
            let answer = within_round::<A>(s, request, shorter, &mut planner, start);
            cache.give_back(planner.into_solver());
            return answer;
        }
    };
    solver = best.planner.swap_solver(Solver::with(request.valuation));
    let mut stopped = Limit::Nodes(max);
    let mut starts = best.planner.edges();
    for through in start + 1..=last {
        let Some(probe) = starts.first() else { break };
        let round = (through, until);
        let (back, per_start) = probe_per_start(solver, probe, starts.len(), round, request);
        solver = back;
        let per_start = match per_start {
            Ok(nodes) => nodes,
            Err(why) => {
                stopped = why;
                break;
            }
        };
        let per_sample = starts.len() as u64 * per_start;
        let (back, next) = widen::<A>(solver, (s, per_sample), round, request, &mut best);
        solver = back;
        match next {
            Ok(next) => starts = next,
            Err(why) => {
                stopped = why;
                break;
            }
        }
    }
    let Found {
        horizon,
        raw,
        nodes,
        mut planner,
    } = best;
    planner.swap_solver(solver);
    // The rolls the search began with: a roll due at the start is the
    // first it sums.
    let how = rounds_how(request, nodes, &horizon, (s.rolls_done, last), stopped);
    let mut answer = finish::<A>(request, s, raw, &mut planner, future::ALL, how);
    if !horizon.exact() {
        answer.add_dice_errors(s, &mut planner, request, horizon.dice.len());
    }
    cache.give_back(planner.into_solver());
    answer
}

/// One start of the round through roll `through` searched alone, on a
/// share of the budget, by the deadline `until`: its nodes, times the
/// `starts` and the samples, say whether the whole round could fit. Else
/// why the search stops.
fn probe_per_start(
    solver: Solver,
    probe: &State,
    starts: usize,
    (through, until): (u8, Option<Instant>),
    request: &Request,
) -> (Solver, Result<u64, Limit>) {
    let max = request.max_nodes;
    let share = max / (4 * starts as u64).max(1);
    let seed = request.sampling.seed;
    let (probed, solver) = probe_round(solver, probe, through, seed, share, until);
    let per_start = probed.map_err(|timed_out| match (timed_out, request.sampling.time_limit) {
        (true, Some(t)) => Limit::Seconds(t.as_secs_f64()),
        _ => Limit::Estimate(max),
    });
    (solver, per_start)
}

/// The search from `s` through roll `through` on ever more sampled die
/// triples (`SAMPLES`), each found replacing `best`, while the estimate,
/// `per_sample` nodes for each sample, fits the budget and the deadline
/// `until` is not passed: the starts of the round after it, or why the
/// search stops.
fn widen<A: Answer>(
    mut solver: Solver,
    (s, per_sample): (&State, u64),
    (through, until): (u8, Option<Instant>),
    request: &Request,
    best: &mut Found<A::Raw>,
) -> (Solver, Result<Vec<State>, Limit>) {
    let max = request.max_nodes;
    let mut next = Vec::new();
    for samples in SAMPLES {
        if samples as u64 * per_sample > max {
            return (solver, Err(Limit::Estimate(max)));
        }
        let horizon = Horizon::sampled(through, samples, request.sampling.seed);
        let mut planner = equilibrium_on(solver, horizon.clone(), until);
        planner.budget(max);
        match A::planned(s, &mut planner, future::ALL) {
            Ok(raw) => {
                let nodes = planner.nodes();
                next = planner.edges();
                solver = planner.swap_solver(Solver::with(request.valuation));
                *best = Found {
                    horizon,
                    raw,
                    nodes,
                    planner,
                };
            }
            Err(_) => {
                let why = limit(&planner, request);
                return (planner.into_solver(), Err(why));
            }
        }
    }
    (solver, Ok(next))
}

/// How a search round by round was done: the equilibrium itself when its
/// horizon reached the last round with every roll enumerated, else the rounds
/// it reached (from `span.0` rolls made to the horizon, the last round after
/// `span.1`) and why it stopped.
fn rounds_how(
    request: &Request,
    nodes: u64,
    horizon: &Horizon,
    span: (u8, u8),
    stopped: Limit,
) -> How {
    let (made, last) = span;
    let max = request.max_nodes;
    let seed = request.sampling.seed;
    let whole = horizon.through_rolls >= last && horizon.exact();
    match whole {
        true => how(
            request,
            Reason::Equilibrium {
                nodes,
                max_nodes: max,
            },
            None,
        ),
        false => how(
            request,
            Reason::Rounds {
                nodes,
                max_nodes: max,
            },
            Some(Approximation::Rounds {
                from_rolls: made,
                through_rolls: horizon.through_rolls,
                last_rolls: last,
                samples: horizon.dice.len().min(216),
                seed,
                limit: stopped,
            }),
        ),
    }
}

/// The search until the next roll did not fit: max-n over the next
/// placements and greedy (R15) for the rest of them, or the round model.
fn within_round<A: Answer>(
    s: &State,
    request: &Request,
    shorter: Deepened<A::Raw>,
    planner: &mut Planner,
    start: u8,
) -> A {
    let max = request.max_nodes;
    if let Deepened::Horizon(depth, raw, nodes) = shorter {
        let reason = Reason::Horizon {
            depth,
            nodes,
            max_nodes: max,
        };
        let approximation = Approximation::RoundHorizon {
            depth,
            includes_decision: matches!(s.phase, Phase::Placement { .. }),
            through_rolls: start,
            limit: limit(planner, request),
        };
        let how = how(request, reason, Some(approximation));
        return finish::<A>(request, s, raw, planner, depth, how);
    }
    // Not even two placements fit: each placement greedy until the roll,
    // nobody placing after it (the round model).
    let mut round = Planner::new(Future::Round, request.valuation);
    let raw = A::planned(s, &mut round, 0).expect("a search without a node budget");
    let approximation = Approximation::Round {
        through_rolls: start,
        limit: limit(planner, request),
    };
    let how = how(request, Reason::WithinRound, Some(approximation));
    finish::<A>(request, s, raw, &mut round, 0, how)
}

/// The nodes of the search of the next round from one of its starts
/// (`edge`, a roll due, rolled with the first die triple drawn), within
/// `budget`; `Err(true)` when the time ran out, `Err(false)` the nodes.
fn probe_round(
    solver: Solver,
    edge: &State,
    through: u8,
    seed: u64,
    budget: u64,
    until: Option<Instant>,
) -> (Result<u64, bool>, Solver) {
    let dice = Horizon::sampled(through, 1, seed).dice[0];
    let start = rules::roll(edge, dice);
    let mut planner = equilibrium_on(solver, Horizon::sampled(through, 216, seed), until);
    planner.budget(budget);
    let found = match planner.value(&start, Mark::None, future::ALL) {
        Ok(_) => Ok(planner.nodes()),
        Err(_) => Err(planner.timed_out()),
    };
    (found, planner.into_solver())
}

/// An equilibrium planner on `solver` within `horizon`, giving up at `until`.
fn equilibrium_on(solver: Solver, horizon: Horizon, until: Option<Instant>) -> Planner {
    let mut planner = Planner::on_solver(Future::Equilibrium, solver).with_horizon(horizon);
    planner.deadline(until);
    planner
}

/// How far the max-n search got within its budget.
enum Deepened<T> {
    /// Every placement (within the planner's horizon) by max-n; with the
    /// nodes of the last search.
    Exact(T, u64),
    /// Max-n over the next `k` placements only.
    Horizon(u16, T, u64),
    Nothing,
}

/// Deepens the max-n horizon one placement at a time (memoised subtrees carry
/// over from one depth to the next) until the budget runs out; a horizon as long
/// as every placement left is the exact equilibrium. With no die before the last
/// placement the whole search is tried first: it is small then.
fn deepen<A: Answer>(
    s: &State,
    planner: &mut Planner,
    max: u64,
    whole_first: bool,
) -> Deepened<A::Raw> {
    let all = future::placements_left(s).max(1);
    let mut last = all;
    if all == 1 || whole_first {
        planner.budget(max);
        if let Ok(t) = A::planned(s, planner, future::ALL) {
            return Deepened::Exact(t, planner.nodes());
        }
        // The whole tree does not fit: no need to try it again below.
        last = all - 1;
    }
    let mut found = Deepened::Nothing;
    for k in 2..=last {
        planner.budget(max);
        let left = if k == all { future::ALL } else { k };
        match A::planned(s, planner, left) {
            Ok(t) if k == all => return Deepened::Exact(t, planner.nodes()),
            Ok(t) => found = Deepened::Horizon(k, t, planner.nodes()),
            Err(_) => break,
        }
    }
    found
}
