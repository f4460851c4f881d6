//! Values and advice under the future model `none` (R15), from the [`Solver`]:
//! what library callers and the other models ask of it.

use super::Solver;
use crate::engine::ranking::{self, Valued};
use crate::engine::values::{Mark, Outcome, Valuation, option_mark};
use crate::report::{Advice, Future, How, Odds};
use crate::rules::{self, Action, State};

/// Every player's value, and the ships' odds, from `s` if nobody places again.
pub fn outcome(s: &State, valuation: Valuation) -> Outcome {
    Solver::with(valuation).value(s, Mark::None)
}

/// The value of each legal option of the decider (R13, R14, R15 `none`): the
/// rest of the voyage after it, its own cost and income not yet counted.
pub fn option_outcomes(s: &State, valuation: Valuation) -> Vec<(Action, Outcome)> {
    rules::legal_actions(s)
        .into_iter()
        .filter_map(|a| {
            let next = rules::apply(s, a).ok()?;
            Some((a, Solver::with(valuation).value(&next, option_mark(s, a))))
        })
        .collect()
}

/// The options of the decider in `s` valued exactly, without the `How`.
pub(crate) fn valued_options(s: &State, valuation: Valuation) -> Vec<Valued> {
    let decider = s.decider().unwrap_or(0) as usize;
    option_outcomes(s, valuation)
        .into_iter()
        .map(|(action, outcome)| Valued {
            action,
            ev: outcome.value[decider] - rules::action_cost(s, action) as f64
                + rules::income(s, action) as f64,
            outcome,
            then: None,
        })
        .collect()
}

/// The decider's options valued and ranked, best first (R14), and the ships'
/// odds after the best one.
pub fn advise(s: &State, valuation: Valuation) -> Advice {
    let how = How::exact(Future::None, valuation.count_shares);
    ranking::advice(s, valued_options(s, valuation), how)
}

/// Each ship's odds and every player's value if nobody places again.
pub fn odds(s: &State, valuation: Valuation) -> Odds {
    odds_from(
        s,
        &outcome(s, valuation),
        How::exact(Future::None, valuation.count_shares),
    )
}

/// The odds of an exact outcome of `s`.
pub(crate) fn odds_from(s: &State, o: &Outcome, how: How) -> Odds {
    Odds {
        how,
        players_stderr: None,
        ships: ranking::ship_odds(s, o),
        players: o.value[..s.players as usize].to_vec(),
    }
}
