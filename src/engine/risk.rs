//! The risk of an option: the distribution of the decider's value (R13), not
//! only its mean.
//!
//! A value is a change of cash: payouts, costs and share gains are whole
//! coins (R10-R13), so a distribution is a list of whole values with their
//! probabilities. It is computed by walking the rest of the voyage once more,
//! with every decision taken as the model takes it (the exact solver's choice
//! under `none`, the planner's under the other models, R14, R15) and the dice
//! summed over distinct landings (R6). Walked states are memoised, so each is
//! visited once per request. The mean of the distribution is the option's
//! value: the tests check that it is, to 1e-9, for every method.

use super::exact::Solver;
use super::future::{OverBudget, Planner, placement_cash, plies_after};
use super::hash::FxBuild;
use super::values::{Mark, follow_mark, option_mark, settled};
use crate::report::Future;
use crate::rules::{self, Action, Phase, PlayerId, State};
use std::collections::{BTreeMap, HashMap};

/// Values (whole coins) and their probabilities, by increasing value.
pub type Dist = Vec<(i64, f64)>;

/// Probabilities below this are dropped from a distribution (they are what
/// floating-point rounding leaves of impossible values).
const NEGLIGIBLE: f64 = 1e-15;

/// What the decisions of the rest of the voyage are taken by.
pub enum Chooser<'a> {
    /// Nobody places again (R15 `none`); the rest by the exact solver (R14).
    None(&'a mut Solver),
    /// The planner's model; `left` placements by max-n, as when valued.
    Planner(&'a mut Planner),
}

type Found<T> = Result<T, OverBudget>;

/// Distributions walked, per state, tracked worker and max-n plies left.
type Memo = HashMap<(State, Mark, u16), Dist, FxBuild>;

/// Walks the rest of the voyage for one decider.
struct Walk<'a> {
    chooser: Chooser<'a>,
    decider: PlayerId,
    memo: Memo,
}

/// The distribution of the decider's value for each legal option of `s`, in
/// canonical order (as `legal_actions`): `left` counts the placements chosen
/// by max-n, the decider's own included, as in `future::valued_options`.
pub fn options(chooser: Chooser, s: &State, left: u16) -> Found<Vec<(Action, Dist)>> {
    let Some(decider) = s.decider() else {
        return Ok(Vec::new());
    };
    let mut walk = Walk {
        chooser,
        decider,
        memo: Memo::default(),
    };
    let mut out = Vec::new();
    for a in rules::legal_actions(s) {
        if let Some(d) = walk.option(s, a, left)? {
            out.push((a, d));
        }
    }
    Ok(out)
}

/// The distribution of the decider's value for option `a` of `s` alone, as
/// [`options`] gives it; `None` if `a` does not apply or nobody decides.
pub fn option(chooser: Chooser, s: &State, a: Action, left: u16) -> Found<Option<Dist>> {
    let Some(decider) = s.decider() else {
        return Ok(None);
    };
    let mut walk = Walk {
        chooser,
        decider,
        memo: Memo::default(),
    };
    walk.option(s, a, left)
}

/// Memoised walks from the states where play-outs take their exact tail
/// (`sample::playout`), kept across the play-outs of one planner.
#[derive(Default)]
pub struct Tails {
    memo: Memo,
}

/// Tail walks a [`Tails`] keeps before it starts afresh (memory bound).
const TAILS_MEMO: usize = 200_000;

impl Tails {
    /// The distribution of `decider`'s receipts from `s` to the end, the
    /// decisions taken by `planner`'s model (R14, R15).
    pub fn dist(
        &mut self,
        planner: &mut Planner,
        s: &State,
        mark: Mark,
        decider: PlayerId,
    ) -> Dist {
        if self.memo.len() > TAILS_MEMO {
            self.memo.clear();
        }
        let mut walk = Walk {
            chooser: Chooser::Planner(planner),
            decider,
            memo: std::mem::take(&mut self.memo),
        };
        // The play-out's planner has no node budget.
        let d = walk.dist(s, mark, 0).unwrap_or_default();
        self.memo = walk.memo;
        d
    }
}

impl Walk<'_> {
    /// The distribution of the decider's value after option `a` of `s`.
    fn option(&mut self, s: &State, a: Action, left: u16) -> Found<Option<Dist>> {
        let Ok(t) = rules::apply(s, a) else {
            return Ok(None);
        };
        let own = self.root_cash(s, a);
        // The decider's values do not depend on which worker is tracked, but
        // the solver's tables and the planner's memo are kept per mark: with
        // the option's, they are met again.
        let rest = self.dist(&t, option_mark(s, a), plies_after(s, left))?;
        Ok(Some(normalised(shifted(&rest, own))))
    }

    /// The distribution of the decider's receipts from `s` to the end.
    fn dist(&mut self, s: &State, mark: Mark, left: u16) -> Found<Dist> {
        if self.settles_next(s) {
            let decider = self.decider;
            if let Some(values) = self.solver().end_values(s, mark, decider) {
                return Ok(points(values));
            }
        }
        let key = (*s, mark, left);
        if let Some(d) = self.memo.get(&key) {
            return Ok(d.clone());
        }
        let d = match s.phase {
            Phase::Over => {
                let valuation = self.solver().valuation();
                let v = settled(s, mark, valuation).value[self.decider as usize];
                vec![(v.round() as i64, 1.0)]
            }
            Phase::Roll => {
                let mut parts = Vec::new();
                for (dice, w) in self.rolls(s) {
                    let t = rules::roll(s, dice);
                    parts.push((w, self.dist(&t, mark, left)?));
                }
                mix(&parts)
            }
            _ => {
                let mut parts = Vec::new();
                for (a, p) in self.moves(s, mark, left)? {
                    let Ok(t) = rules::apply(s, a) else { continue };
                    let next = follow_mark(mark, s, a);
                    let rest = self.dist(&t, next, plies_after(s, left))?;
                    parts.push((p, shifted(&rest, self.own_cash(s, a))));
                }
                mix(&parts)
            }
        };
        self.memo.insert(key, d.clone());
        Ok(d)
    }

    /// The exact `none` solver: the chooser's, or the planner's own.
    fn solver(&mut self) -> &mut Solver {
        match &mut self.chooser {
            Chooser::None(solver) => solver,
            Chooser::Planner(planner) => planner.solver(),
        }
    }

    /// Whether nothing but the exact solver's decisions can follow `s`: no
    /// placement under the model (a strong pirate may hand a worker back, R7).
    fn settles_next(&self, s: &State) -> bool {
        match &self.chooser {
            Chooser::None(_) => true,
            Chooser::Planner(planner) => !planner.places(s),
        }
    }

    /// The outcomes of the roll due in `s`, as the value summed them: the
    /// planner's (a horizon may sample them) where placements follow.
    fn rolls(&self, s: &State) -> Vec<([u8; rules::SHIPS], f64)> {
        match &self.chooser {
            Chooser::Planner(planner) if planner.places(s) => planner.rolls(s),
            _ => rules::distinct_rolls(s),
        }
    }

    /// What the model does in `s`: each action with its probability.
    fn moves(&mut self, s: &State, mark: Mark, left: u16) -> Found<Vec<(Action, f64)>> {
        match &mut self.chooser {
            Chooser::None(solver) => Ok(match s.phase {
                Phase::Placement { .. } => vec![(Action::Pass, 1.0)],
                _ => solver
                    .best_action_tracking(s, mark)
                    .map(|a| (a, 1.0))
                    .into_iter()
                    .collect(),
            }),
            Chooser::Planner(planner) => match s.phase {
                Phase::Placement { .. } if planner.model() == Future::Quantal => {
                    planner.quantal_odds(s)
                }
                _ => Ok(planner
                    .choice(s, mark, left)?
                    .map(|a| (a, 1.0))
                    .into_iter()
                    .collect()),
            },
        }
    }

    /// What the decider's option `a` in `s` costs or pays at once (R13), as
    /// the value it is checked against counts it: `Solver::valued_options`
    /// counts the cost and income of any decision, the planner those of
    /// placements.
    fn root_cash(&self, s: &State, a: Action) -> i64 {
        match self.chooser {
            Chooser::None(_) => rules::income(s, a) as i64 - rules::action_cost(s, a) as i64,
            Chooser::Planner(_) => self.own_cash(s, a),
        }
    }

    /// What a later placement `a` in `s` costs or pays the decider (R13).
    fn own_cash(&self, s: &State, a: Action) -> i64 {
        match placement_cash(s, a) {
            Some((p, cash)) if p == self.decider => cash.round() as i64,
            _ => 0,
        }
    }
}

/// The distribution of values known with their probabilities.
fn points(values: Vec<(f64, f64)>) -> Dist {
    gather(values.into_iter().map(|(v, w)| (v.round() as i64, w)))
}

/// `d` scaled to sum to 1: the dice's weights sum to 1 only up to rounding,
/// and a certain value should read as probability 1.
fn normalised(mut d: Dist) -> Dist {
    let total: f64 = d.iter().map(|&(_, p)| p).sum();
    if total > 0.0 {
        d.iter_mut().for_each(|(_, p)| *p /= total);
    }
    d
}

/// `d` with every value moved by `by`.
pub fn shifted(d: &Dist, by: i64) -> Dist {
    d.iter().map(|&(v, p)| (v + by, p)).collect()
}

/// The mixture of distributions, each with its weight.
fn mix(parts: &[(f64, Dist)]) -> Dist {
    gather(
        parts
            .iter()
            .flat_map(|(w, d)| d.iter().map(move |&(v, p)| (v, w * p))),
    )
}

/// The probabilities of equal values summed, by increasing value.
fn gather(weighted: impl Iterator<Item = (i64, f64)>) -> Dist {
    let mut sum: BTreeMap<i64, f64> = BTreeMap::new();
    for (v, p) in weighted {
        *sum.entry(v).or_default() += p;
    }
    sum.into_iter().filter(|&(_, p)| p > NEGLIGIBLE).collect()
}

/// The mixture of distributions of equal weight (play-outs), by accumulating
/// counts; see [`Histogram`].
#[derive(Clone, Debug, Default)]
pub struct Histogram {
    weights: BTreeMap<i64, f64>,
    total: f64,
}

impl Histogram {
    /// Adds one play-out's distribution (a single value when it was played
    /// to the end).
    pub fn add(&mut self, d: &Dist) {
        for &(v, p) in d {
            *self.weights.entry(v).or_default() += p;
        }
        self.total += 1.0;
    }

    /// Adds another histogram's play-outs.
    pub fn merge(&mut self, other: &Histogram) {
        for (&v, &w) in &other.weights {
            *self.weights.entry(v).or_default() += w;
        }
        self.total += other.total;
    }

    /// The distribution of the play-outs so far.
    pub fn dist(&self) -> Dist {
        if self.total == 0.0 {
            return Vec::new();
        }
        let d = self.weights.iter().map(|(&v, &w)| (v, w / self.total));
        normalised(d.filter(|&(_, p)| p > NEGLIGIBLE).collect())
    }
}
