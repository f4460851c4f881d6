//! Values and advice under the future model `none` (R15), from the [`Solver`]:
//! what library callers and the other models ask of it. The functions here
//! make a fresh solver; a caller that asks many keeps one (`engine::cache`).

use super::Solver;
use crate::engine::ranking::{self, Valued};
use crate::engine::values::{Mark, Outcome, Valuation, option_mark};
use crate::report::{Advice, Future, How, Odds};
use crate::rules::{self, Action, State};

impl Solver {
    /// The value of each legal option of the decider (R13, R14, R15 `none`):
    /// the rest of the voyage after it, its own cost and income not yet counted.
    pub fn options(&mut self, s: &State) -> Vec<(Action, Outcome)> {
        rules::legal_actions(s)
            .into_iter()
            .filter_map(|a| {
                let next = rules::apply(s, a).ok()?;
                Some((a, self.value(&next, option_mark(s, a))))
            })
            .collect()
    }

    /// The options of the decider in `s` valued, their own cost and income
    /// counted, in canonical order.
    pub fn valued_options(&mut self, s: &State) -> Vec<Valued> {
        let decider = s.decider().unwrap_or(0) as usize;
        self.options(s)
            .into_iter()
            .map(|(action, outcome)| Valued {
                action,
                ev: outcome.value[decider] - rules::action_cost(s, action) as f64
                    + rules::income(s, action) as f64,
                outcome,
                then: None,
                dist: None,
            })
            .collect()
    }
}

/// Every player's value, and the ships' odds, from `s` if nobody places again.
pub fn outcome(s: &State, valuation: Valuation) -> Outcome {
    Solver::with(valuation).value(s, Mark::None)
}

/// The value of each legal option of the decider ([`Solver::options`]).
pub fn option_outcomes(s: &State, valuation: Valuation) -> Vec<(Action, Outcome)> {
    Solver::with(valuation).options(s)
}

/// The decider's options valued and ranked, best first (R14), and the ships'
/// odds after the best one.
pub fn advise(s: &State, valuation: Valuation) -> Advice {
    let how = How::exact(Future::None, valuation.count_shares);
    ranking::advice(s, Solver::with(valuation).valued_options(s), how)
}

/// Each ship's odds and every player's value if nobody places again.
pub fn odds(s: &State, valuation: Valuation) -> Odds {
    let how = How::exact(Future::None, valuation.count_shares);
    odds_from(s, &outcome(s, valuation), how)
}

/// The odds of an exact outcome of `s`.
pub(crate) fn odds_from(s: &State, o: &Outcome, how: How) -> Odds {
    Odds {
        how,
        players_stderr: None,
        players_dof: None,
        ships: ranking::ship_odds(s, o),
        players: o.value[..s.players as usize].to_vec(),
    }
}
