//! Standard errors of the equilibrium's figures when its search summed each
//! roll over a sample of its 216 die triples (`Approximation::Rounds`).
//!
//! The search uses the same `K` triples, drawn without replacement from the
//! 216, at every roll it meets. Along the line the model expects after an
//! option, the first such roll's value is the mean of the outcomes after
//! each triple, and the option's value is that mean plus the cash of the
//! placements on the way. The spread of those outcomes gives the option's
//! standard error: `(1 - K/216) S² / K` with `K - 1` degrees of freedom.
//! The options are valued on the same triples, so the errors of their
//! differences (the gain over pass, `P(best)`, the verdict) are paired.
//!
//! What this leaves out (README, Limitations): the choices on the way are
//! taken as made, though a choice made on sampled values may differ from
//! the exact one; and the later rolls, summed over the same triples, count
//! only through the spread they give the first.

use super::Request;
use crate::engine::future::{ALL, Planner, plies_after};
use crate::engine::sample::{self, ArmEstimate, BLOCK, Estimate, Stop};
use crate::engine::values::{Mark, Outcome, option_mark};
use crate::report::{Advice, Method, Odds, ShipOdds};
use crate::rules::{self, State};
use std::time::Duration;

/// A sampled roll's outcomes, one per die triple, on the line after an
/// option (or from the position); all equal when the line meets none.
struct Line {
    outcomes: Vec<Outcome>,
}

impl Line {
    /// The line from `s` as the planner valued it (its memo holds every
    /// value on the way); `samples` outcomes, all zero when no sampled roll
    /// lies on it.
    fn from(planner: &mut Planner, s: &State, mark: Mark, left: u16, samples: usize) -> Line {
        let outcomes = planner
            .sampled_roll(s, mark, left)
            .expect("a search without a node budget")
            .unwrap_or_else(|| vec![Outcome::default(); samples]);
        Line { outcomes }
    }

    fn mean(&self) -> Outcome {
        let mut out = Outcome::default();
        let w = 1.0 / self.outcomes.len().max(1) as f64;
        for o in &self.outcomes {
            out.add(w, o);
        }
        out
    }

    /// The covariance of the means of `f` over this line and `other`'s.
    fn cov(&self, other: &Line, f: impl Fn(&Outcome) -> f64) -> f64 {
        let k = self.outcomes.len().min(other.outcomes.len());
        if k < 2 {
            return f64::INFINITY;
        }
        let (a, b) = (self.mean(), other.mean());
        let sum: f64 = (self.outcomes.iter().zip(&other.outcomes))
            .map(|(x, y)| (f(x) - f(&a)) * (f(y) - f(&b)))
            .sum();
        let finite = 1.0 - k as f64 / BLOCK as f64;
        (finite * sum / ((k - 1) * k) as f64).max(0.0)
    }

    /// The standard error of every component of the mean outcome.
    fn stderr(&self) -> Outcome {
        let mut out = Outcome::default();
        let n = out.value.len();
        for p in 0..n {
            out.value[p] = self.cov(self, |o| o.value[p]).sqrt();
        }
        for i in 0..rules::SHIPS {
            out.harbour[i] = self.cov(self, |o| o.harbour[i]).sqrt();
            out.plundered[i] = self.cov(self, |o| o.plundered[i]).sqrt();
        }
        out.paid = self.cov(self, |o| o.paid).sqrt();
        out
    }

    fn dof(&self) -> u64 {
        self.outcomes.len().saturating_sub(1) as u64
    }
}

/// Each ship's odds with their standard errors from `line`.
fn ships_with(ships: &mut [ShipOdds], line: &Line) {
    let se = line.stderr();
    for (i, ship) in ships.iter_mut().enumerate() {
        ship.stderr = Some((se.harbour[i], se.plundered[i]));
    }
}

/// Fills the advice's standard errors, `P(best)` and verdict (by the
/// request's settling rule), its options paired on the planner's die
/// triples (`samples` of them); the method becomes Monte Carlo.
pub(super) fn advice(
    advice: &mut Advice,
    s: &State,
    planner: &mut Planner,
    request: &Request,
    samples: usize,
) {
    let decider = advice.decider as usize;
    planner.unbounded();
    let lines: Vec<Line> = advice
        .options
        .iter()
        .map(|o| {
            let t = rules::apply(s, o.action).expect("an advised option applies");
            let mark = option_mark(s, o.action);
            Line::from(planner, &t, mark, plies_after(s, ALL), samples)
        })
        .collect();
    let n = lines.len();
    let value = |o: &Outcome| o.value[decider];
    let mut cov = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..n {
            cov[i * n + j] = lines[i].cov(&lines[j], value);
        }
    }
    let reference = (advice.options.iter())
        .position(|o| o.action == advice.reference)
        .unwrap_or(0);
    let c = |i: usize, j: usize| cov[i * n + j];
    let arms = (advice.options.iter().zip(&lines))
        .enumerate()
        .map(|(k, (o, line))| ArmEstimate {
            action: Some(o.action),
            mean: line.mean(),
            stderr: line.stderr(),
            ev: o.ev,
            ev_stderr: c(k, k).sqrt(),
            gain_stderr: (c(k, k) + c(reference, reference) - 2.0 * c(k, reference))
                .max(0.0)
                .sqrt(),
            p_best: 0.0,
            dist: None,
        })
        .collect();
    let mut estimate = Estimate {
        arms,
        cov,
        samples: samples as u64,
        stop: Stop::Samples,
        seed: request.sampling.seed,
        elapsed: Duration::ZERO,
        dof: Some(lines.first().map_or(0, Line::dof)),
    };
    sample::estimate_p_best(&mut estimate);
    for (o, arm) in advice.options.iter_mut().zip(&estimate.arms) {
        o.stderr = Some(arm.ev_stderr);
        o.gain_stderr = Some(arm.gain_stderr);
        o.p_best = Some(arm.p_best);
    }
    if let Some(best) = lines.first() {
        ships_with(&mut advice.ships, best);
    }
    let rule = request.sampling.settle.unwrap_or(sample::SETTLE);
    advice.verdict = super::sampled::verdict(&estimate, rule);
    advice.how.method = Method::MonteCarlo;
    advice.how.dof = estimate.dof;
}

/// Fills the odds' standard errors from the line the planner expects from
/// `s` over its die triples (`samples` of them); the method becomes Monte
/// Carlo.
pub(super) fn odds(odds: &mut Odds, s: &State, planner: &mut Planner, samples: usize) {
    planner.unbounded();
    let line = Line::from(planner, s, Mark::None, ALL, samples);
    let se = line.stderr();
    odds.players_stderr = Some(se.value[..s.players as usize].to_vec());
    ships_with(&mut odds.ships, &line);
    odds.how.method = Method::MonteCarlo;
    odds.how.dof = Some(line.dof());
}
