//! Solvers and planners kept from one request to the next, for a process that
//! answers many (the arena's policies, the `bot` command, batch mode).
//!
//! Only what is a pure function of the states is kept: the exact `none`
//! solver's tables, the exact greedy and quantal planners' memoised values, and the greedy
//! choices (R15) that Monte Carlo play-outs make. Reusing them
//! changes no figure, only the time. The equilibrium search is not kept: its
//! node budget would stretch further with a warm memo, and its answer would
//! then depend on what was asked before.

use super::exact::Solver;
use super::future::Planner;
use super::values::Valuation;
use crate::report::Future;

/// Crew configurations a kept solver holds before it starts afresh.
const SOLVER_TABLES: usize = 20_000;
/// Memoised values a kept planner holds before it starts afresh.
const PLANNER_MEMO: usize = 400_000;

/// What one thread keeps between requests.
#[derive(Default)]
pub struct Cache {
    solvers: Vec<Solver>,
    planners: Vec<Planner>,
    /// Greedy choices (R15) for Monte Carlo: the planners of a run share them.
    choices: Vec<Planner>,
}

impl Cache {
    /// The exact `none` solver of `valuation`.
    pub fn solver(&mut self, valuation: Valuation) -> &mut Solver {
        let at = match self.solvers.iter().position(|s| s.valuation() == valuation) {
            Some(at) => at,
            None => {
                self.solvers.push(Solver::with(valuation));
                self.solvers.len() - 1
            }
        };
        let solver = &mut self.solvers[at];
        solver.trim(SOLVER_TABLES);
        solver
    }

    /// The exact `none` solver of `valuation`, lent out: give it back with
    /// [`Cache::give_back`].
    pub fn lend_solver(&mut self, valuation: Valuation) -> Solver {
        self.solver(valuation);
        match self.solvers.iter().position(|s| s.valuation() == valuation) {
            Some(at) => self.solvers.swap_remove(at),
            None => Solver::with(valuation),
        }
    }

    /// A solver lent by [`Cache::lend_solver`], kept again.
    pub fn give_back(&mut self, solver: Solver) {
        self.solvers.push(solver);
    }

    /// The planner whose greedy choices (R15) the sampler's planners share.
    pub fn choices(&mut self, valuation: Valuation) -> &Planner {
        let at = match self.choices.iter().position(|p| p.valuation() == valuation) {
            Some(at) => at,
            None => {
                self.choices.push(Planner::new(Future::Greedy, valuation));
                self.choices.len() - 1
            }
        };
        let planner = &mut self.choices[at];
        planner.trim(PLANNER_MEMO);
        planner
    }

    /// The exact planner of `model` (greedy, or quantal of rationality
    /// `lambda`) and `valuation`. Never the equilibrium's (see above).
    pub fn planner(&mut self, model: Future, valuation: Valuation, lambda: f64) -> &mut Planner {
        let same = |p: &Planner| {
            p.model() == model
                && p.valuation() == valuation
                && (model != Future::Quantal || p.lambda() == lambda)
        };
        let at = match self.planners.iter().position(same) {
            Some(at) => at,
            None => {
                // A session refits lambda after every placement (R15): the
                // planner of the old lambda is not asked again, and kept it
                // would hold its memo for good.
                let stale = |p: &Planner| {
                    model == Future::Quantal && p.model() == model && p.valuation() == valuation
                };
                self.planners.retain(|p| !stale(p));
                let planner = Planner::new(model, valuation).with_lambda(lambda);
                self.planners.push(planner);
                self.planners.len() - 1
            }
        };
        let planner = &mut self.planners[at];
        planner.trim(PLANNER_MEMO);
        planner
    }
}
