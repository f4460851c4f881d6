//! Advice and odds by the method asked for: exact, Monte Carlo, or `auto`, which
//! estimates the size of the enumeration first and says why it chose. This is
//! where the method is chosen, and so where each result's [`How`] is filled.
//!
//! - [`method`]: the request, its checks, and the choice of method.
//! - `equilibrium.rs`: the max-n search within its node budget, deepened one
//!   placement decision at a time, and what it falls back to.
//! - `dice_errors.rs`: the standard errors of its figures when it summed the
//!   rolls over a sample of their outcomes.
//! - [`paranoid`]: the paranoid model's search, as deep as its budget allows.
//! - `sampled.rs`: advice and odds from Monte Carlo.

mod dice_errors;
mod equilibrium;
pub mod method;
pub mod paranoid;
mod sampled;

pub use method::{
    EXACT_BUDGET, MAX_LEAVES, MAX_NODES, MethodChoice, Request, RequestError, check, exact_steps,
    rolls_before_last_round,
};

use super::cache::Cache;
use super::exact::{self, Solver};
use super::future::{self, OverBudget, Planner};
use super::ranking::{self, Valued};
use super::risk;
use super::values::{Mark, Outcome};
use crate::Position;
use crate::report::{
    Advice, Approximation, AutoChoice, Future, GreedyWhy, How, Method, Odds, Reason,
};
use crate::rules::{Action, State};

/// Reports progress of a long run from any worker thread (see
/// [`crate::engine::sample::OnProgress`]).
pub type Progress<'a> = crate::engine::sample::OnProgress<'a>;

/// The decider's options, valued and ranked, by the method asked for.
pub fn advise(position: &Position, request: &Request, progress: Progress) -> Advice {
    advise_with(&mut Cache::default(), position, request, progress)
}

/// Each ship's odds and every player's value, by the method asked for.
pub fn odds(position: &Position, request: &Request, progress: Progress) -> Odds {
    odds_with(&mut Cache::default(), position, request, progress)
}

/// [`advise`], with solvers kept in `cache` between calls.
pub fn advise_with(
    cache: &mut Cache,
    position: &Position,
    request: &Request,
    progress: Progress,
) -> Advice {
    analyse(cache, position.state(), request, progress)
}

/// [`odds`], with solvers kept in `cache` between calls.
pub fn odds_with(
    cache: &mut Cache,
    position: &Position,
    request: &Request,
    progress: Progress,
) -> Odds {
    analyse(cache, position.state(), request, progress)
}

/// Nodes a model other than the advice's may search for [`best_by_model`]:
/// about a tenth of a second. The line is a hint, not the advice.
pub const BEST_BY_MODEL_NODES: u64 = 10_000;

/// The best option of the decider under each future model that can be
/// computed exactly here at little cost, beside the one `advice` already
/// holds: `none` within the enumeration budget, and in the last placement
/// round the others whose exact search (every placement by the model, R15)
/// fits in [`BEST_BY_MODEL_NODES`]. Before the last round even `round`
/// values options with two or three rolls to come, tens of milliseconds
/// that a batch of advice would pay many times over for a hint; the others
/// are left out rather than guessed from a few play-outs or a shortened
/// search.
pub fn best_by_model(
    cache: &mut Cache,
    position: &Position,
    request: &Request,
    advice: &Advice,
) -> Vec<(Future, Action)> {
    let s = position.state();
    let rolls = rolls_before_last_round(s);
    // The model the advice ran under (`auto` runs greedy or paranoid); an
    // equilibrium that fell back to the greedy or the round model gave that
    // model's best, and is named so.
    let own = match advice.how.approximation {
        Some(Approximation::Greedy(_)) => Future::Greedy,
        Some(Approximation::Round { .. }) => Future::Round,
        _ => advice.how.future,
    };
    let mut out = Vec::new();
    // Quantal is not searched here (it is shown when it is the advice's own
    // model): its best option lies between greedy's and uniform play's, and
    // its search costs as much as the equilibrium's.
    let models = [
        Future::None,
        Future::Greedy,
        Future::Round,
        Future::Equilibrium,
    ];
    let asked = (!models.contains(&own)).then_some(own);
    // With no roll before the last placement, `round` is `greedy` (R15).
    let same = |a: Future, b: Future| {
        a == b
            || (rolls == 0
                && matches!(
                    (a, b),
                    (Future::Greedy, Future::Round) | (Future::Round, Future::Greedy)
                ))
    };
    for model in models.into_iter().chain(asked) {
        let known = out.iter().find(|&&(m, _)| same(m, model)).map(|&(_, a)| a);
        let best = if same(own, model) {
            advice.best().map(|o| o.action)
        } else if known.is_some() {
            known
        } else {
            match model {
                Future::None if method::exact_steps(s) <= request.exact_budget => {
                    let valued = cache.solver(request.valuation).valued_options(s);
                    best_valued(&valued)
                }
                Future::None => None,
                Future::Greedy | Future::Round if rolls > 0 => None,
                Future::Equilibrium | Future::Quantal if rolls > 0 => None,
                // Max-n branches on every option of every placement left: a
                // tree that would exceed the budget is not started.
                Future::Equilibrium if max_n_leaves(s) > BEST_BY_MODEL_NODES as f64 => None,
                _ => {
                    // A fresh memo, so that what fits the budget does not
                    // depend on what was asked before; the kept solver's
                    // tables only save time.
                    let solver = cache.lend_solver(request.valuation);
                    let mut planner =
                        Planner::on_solver(model, solver).with_lambda(request.lambda.value);
                    planner.budget(BEST_BY_MODEL_NODES);
                    let valued = future::valued_options(s, &mut planner, future::ALL);
                    cache.give_back(planner.into_solver());
                    valued.ok().and_then(|v| best_valued(&v))
                }
            }
        };
        if let Some(a) = best {
            out.push((model, a));
        }
    }
    out
}

/// The leaves of the max-n tree from `s`, about: each placement left takes
/// at most one slot, so the k-th player after the decider has about k
/// options fewer (fewer if money bounds them, more if a pass transposes).
fn max_n_leaves(s: &State) -> f64 {
    let options = crate::rules::legal_actions(s).len() as f64;
    (0..future::placements_left(s))
        .map(|k| (options - k as f64).max(1.0))
        .product()
}

/// The option ranked first (R14).
fn best_valued(valued: &[Valued]) -> Option<Action> {
    let evs: Vec<f64> = valued.iter().map(|v| v.ev).collect();
    super::values::rank(&evs).first().map(|&k| valued[k].action)
}

/// What is asked of a position: the advice for its decider, or its odds. Each
/// is computed from raw values (exact or planned) and a [`How`], or sampled.
trait Answer: Sized {
    /// The figures before they are ranked or named.
    type Raw: Default;
    /// Exactly, under `none`.
    fn none(s: &State, solver: &mut Solver) -> Self::Raw;
    /// Exactly, under the planner's model, `left` placements by max-n.
    fn planned(s: &State, planner: &mut Planner, left: u16) -> Result<Self::Raw, OverBudget>;
    fn finish(s: &State, raw: Self::Raw, how: How) -> Self;
    /// Adds each option's distribution (advice only), walked as the raw
    /// values were computed: `left` as for [`Answer::planned`].
    fn add_risk(_raw: &mut Self::Raw, _s: &State, _chooser: risk::Chooser, _left: u16) {}
    /// Standard errors from the die triples the planner's horizon summed
    /// each roll over (`samples` of the 216), paired across options.
    fn add_dice_errors(&mut self, s: &State, planner: &mut Planner, r: &Request, samples: usize);
    /// Under the paranoid model searched to `left` (see [`paranoid`]),
    /// telling `progress` of each option valued.
    fn paranoid(s: &State, request: &Request, left: u16, progress: Progress) -> Self::Raw;
    /// By Monte Carlo; `how.sampling` is filled from the run.
    fn sampled(cache: &mut Cache, s: &State, r: &Request, progress: Progress, how: How) -> Self;
}

impl Answer for Advice {
    type Raw = Vec<Valued>;

    fn none(s: &State, solver: &mut Solver) -> Vec<Valued> {
        solver.valued_options(s)
    }

    fn planned(s: &State, planner: &mut Planner, left: u16) -> Result<Vec<Valued>, OverBudget> {
        future::valued_options(s, planner, left)
    }

    fn finish(s: &State, raw: Vec<Valued>, how: How) -> Advice {
        ranking::advice(s, raw, how)
    }

    fn add_risk(raw: &mut Vec<Valued>, s: &State, chooser: risk::Chooser, left: u16) {
        let Ok(dists) = risk::options(chooser, s, left) else {
            return;
        };
        for (v, (a, d)) in raw.iter_mut().zip(dists) {
            if v.action == a {
                v.dist = Some(d);
            }
        }
    }

    fn add_dice_errors(&mut self, s: &State, planner: &mut Planner, r: &Request, samples: usize) {
        dice_errors::advice(self, s, planner, r, samples);
    }

    fn paranoid(s: &State, request: &Request, left: u16, progress: Progress) -> Vec<Valued> {
        paranoid::options(s, request, left, request.risk, progress)
    }

    fn sampled(cache: &mut Cache, s: &State, r: &Request, progress: Progress, how: How) -> Advice {
        sampled::advice(cache, s, r, progress, how)
    }
}

impl Answer for Odds {
    type Raw = Outcome;

    fn none(s: &State, solver: &mut Solver) -> Outcome {
        solver.value(s, Mark::None)
    }

    fn planned(s: &State, planner: &mut Planner, left: u16) -> Result<Outcome, OverBudget> {
        planner.value(s, Mark::None, left)
    }

    fn finish(s: &State, raw: Outcome, how: How) -> Odds {
        exact::odds_from(s, &raw, how)
    }

    fn add_dice_errors(&mut self, s: &State, planner: &mut Planner, _: &Request, samples: usize) {
        dice_errors::odds(self, s, planner, samples);
    }

    fn paranoid(s: &State, request: &Request, left: u16, progress: Progress) -> Outcome {
        paranoid::outcome(s, request, left, progress)
    }

    fn sampled(cache: &mut Cache, s: &State, r: &Request, progress: Progress, how: How) -> Odds {
        sampled::odds(cache, s, r, progress, how)
    }
}

fn analyse<A: Answer>(cache: &mut Cache, s: &State, request: &Request, progress: Progress) -> A {
    match request.future {
        Future::Equilibrium => equilibrium::analyse(cache, s, request, progress),
        Future::Paranoid => paranoid::analyse(s, request, None, progress),
        Future::Auto => {
            let choice = method::auto_future(s);
            let resolved = Request {
                future: choice.model,
                ..request.clone()
            };
            let stand_in = StandIn::Auto(choice);
            match choice.model {
                Future::Paranoid => paranoid::analyse(s, &resolved, Some(stand_in), progress),
                _ => by_model(cache, s, &resolved, progress, Some(stand_in)),
            }
        }
        _ => by_model(cache, s, request, progress, None),
    }
}

/// Why `by_model` runs a model other than the one asked for.
#[derive(Clone, Copy)]
enum StandIn {
    /// `auto` chose its model so.
    Auto(AutoChoice),
    /// The greedy model stands in for the equilibrium, for that reason.
    Equilibrium(GreedyWhy),
}

/// Under `none` or `greedy`, by the method `method::choose` picks: the exact
/// `none` solver, the exact greedy planner, or Monte Carlo. `stand_in`: the
/// request's model runs in place of another, for that reason.
fn by_model<A: Answer>(
    cache: &mut Cache,
    s: &State,
    request: &Request,
    progress: Progress,
    stand_in: Option<StandIn>,
) -> A {
    let (method, reason) = method::choose(s, request);
    let plain = How {
        method,
        reason,
        future: request.future,
        shares_counted: request.valuation.count_shares,
        approximation: None,
        sampling: None,
        lambda: (request.future == Future::Quantal).then(|| request.lambda.clone()),
        dof: None,
    };
    let how = match stand_in {
        None => plain,
        Some(StandIn::Auto(choice)) => How {
            reason: Reason::Auto {
                choice,
                inner: Box::new(plain.reason),
            },
            ..plain
        },
        Some(StandIn::Equilibrium(why)) => How {
            reason: Reason::ByGreedy(Box::new(plain.reason)),
            future: Future::Equilibrium,
            approximation: Some(Approximation::Greedy(why)),
            lambda: None,
            ..plain
        },
    };
    match (method, request.future) {
        (Method::Exact, Future::None) => {
            let solver = cache.solver(request.valuation);
            let mut raw = A::none(s, solver);
            if request.risk {
                A::add_risk(&mut raw, s, risk::Chooser::None(solver), 0);
            }
            A::finish(s, raw, how)
        }
        (Method::Exact, _) => {
            let planner = cache.planner(request.future, request.valuation, request.lambda.value);
            // Ctrl-C may stop the search (greedy's before roll 1 takes a
            // minute); whoever asked for the stop discards what it gets.
            planner.deadline(None);
            let Ok(mut raw) = A::planned(s, planner, 0) else {
                return A::finish(s, A::Raw::default(), how);
            };
            if request.risk {
                A::add_risk(&mut raw, s, risk::Chooser::Planner(planner), 0);
            }
            A::finish(s, raw, how)
        }
        (Method::MonteCarlo, _) => A::sampled(cache, s, request, progress, how),
    }
}
