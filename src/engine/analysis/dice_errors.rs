//! Standard errors of the equilibrium's figures when its search summed each
//! roll over a sample of its 216 die triples (`Approximation::Rounds`).
//!
//! The search uses the same `K` triples, drawn without replacement from the
//! 216, at every roll it meets. Along the line the model expects after an
//! option, the first such roll's value is the mean of the outcomes after
//! each triple, and the option's value is that mean plus the cash of the
//! placements on the way. The spread of those outcomes gives the option's
//! standard error: `(1 - K/216) S² / K` with `K - 1` degrees of freedom.
//! When a second roll on the line is sampled too, the outcomes form a table,
//! first roll by second, whose rows' and columns' spreads add up. The
//! options are valued on the same triples, so the errors of their
//! differences (the gain over pass, `P(best)`, the verdict) are paired.
//!
//! What this leaves out (README, Limitations): the choices on the way are
//! taken as made, though a choice made on sampled values may differ from
//! the exact one. With two sampled rolls that shows: about 1 figure in 8
//! falls outside its 95% interval (tests/equilibrium_errors.rs).

use super::Request;
use crate::engine::future::{ALL, Planner, plies_after};
use crate::engine::ranking;
use crate::engine::sample::{self, ArmEstimate, BLOCK, Estimate, Stop};
use crate::engine::values::{Mark, Outcome, option_mark};
use crate::report::{Advice, Method, Odds, ShipOdds};
use crate::rules::{self, State};
use std::time::Duration;

/// The sampled rolls on the line after an option (or from the position):
/// `outcomes[i][j]`, after the first sampled roll came out as the `i`-th die
/// triple and the second (if any) as the `j`-th ([`Planner::sampled_rolls`]).
struct Line {
    outcomes: Vec<Vec<Outcome>>,
    /// The line met a sampled roll (else its value is exact).
    sampled: bool,
}

impl Line {
    /// The line from `s` as the planner valued it (its memo holds every
    /// value on the way); all zero when no sampled roll lies on it.
    fn from(planner: &mut Planner, s: &State, mark: Mark, left: u16, samples: usize) -> Line {
        let table = planner
            .sampled_rolls(s, mark, left)
            .expect("a search without a node budget");
        Line {
            sampled: table.is_some(),
            outcomes: table.unwrap_or_else(|| vec![vec![Outcome::default(); samples]; samples]),
        }
    }

    fn k(&self) -> usize {
        self.outcomes.len()
    }

    /// The means of `f` over each row (after the first roll's triple `i`)
    /// and each column (the second roll's triple `j`).
    fn margins(&self, f: impl Fn(&Outcome) -> f64) -> Margins {
        let k = self.k() as f64;
        let rows = self
            .outcomes
            .iter()
            .map(|row| row.iter().map(&f).sum::<f64>() / k);
        let columns =
            (0..self.k()).map(|j| self.outcomes.iter().map(|row| f(&row[j])).sum::<f64>() / k);
        Margins {
            rows: rows.collect(),
            columns: columns.collect(),
        }
    }

    /// The standard error of every component of the mean outcome. A
    /// probability that came out the same after every triple (all 0 or all
    /// 1, say) has no spread, yet the other triples may differ: its error is
    /// then that of a proportion near its `K` draws, `p = (K m + 1/2) / (K +
    /// 1)` (never 0 or 1).
    fn stderr(&self) -> Outcome {
        let mut out = Outcome::default();
        let se = |f: &dyn Fn(&Outcome) -> f64| {
            let m = self.margins(f);
            cov(&m, &m).max(0.0).sqrt()
        };
        for p in 0..out.value.len() {
            out.value[p] = se(&|o| o.value[p]);
        }
        let k = self.k() as f64;
        let finite = 1.0 - k / BLOCK as f64;
        // Equal outcomes leave a spread of rounding at most.
        let floored = |x: f64, m: f64| match (self.sampled, x > 1e-9) {
            (true, false) => {
                let p = (k * m.clamp(0.0, 1.0) + 0.5) / (k + 1.0);
                (finite * p * (1.0 - p) / k).sqrt()
            }
            _ => x,
        };
        let mean = self.mean();
        for i in 0..rules::SHIPS {
            out.harbour[i] = floored(se(&|o| o.harbour[i]), mean.harbour[i]);
            out.plundered[i] = floored(se(&|o| o.plundered[i]), mean.plundered[i]);
        }
        out.paid = floored(se(&|o| o.paid), mean.paid);
        out
    }

    fn mean(&self) -> Outcome {
        let mut out = Outcome::default();
        let w = 1.0 / (self.k() * self.k()).max(1) as f64;
        for o in self.outcomes.iter().flatten() {
            out.add(w, o);
        }
        out
    }

    fn dof(&self) -> u64 {
        self.k().saturating_sub(1) as u64
    }
}

/// A line's means of one figure by row and by column.
struct Margins {
    rows: Vec<f64>,
    columns: Vec<f64>,
}

/// The covariance of the means of one figure over two lines, from their
/// margins. With one sampled roll, that of a sample of `K` of the 216
/// triples without replacement, `(1 - K/216) S_xy / K`. With two, the same
/// triples stand for both rolls: the means are those of a crossed table,
/// whose rows (the first roll) and columns (the second) each add their
/// spread; the interaction, counted in both, makes it a little larger than
/// the truth, never smaller.
fn cov(a: &Margins, b: &Margins) -> f64 {
    let k = a.rows.len().min(b.rows.len());
    if k < 2 {
        return f64::INFINITY;
    }
    let spread = |x: &[f64], y: &[f64]| {
        let (mx, my) = (mean(x), mean(y));
        let sum: f64 = x.iter().zip(y).map(|(x, y)| (x - mx) * (y - my)).sum();
        sum / (k - 1) as f64
    };
    let finite = 1.0 - k as f64 / BLOCK as f64;
    finite * (spread(&a.rows, &b.rows) + spread(&a.columns, &b.columns)) / k as f64
}

fn mean(x: &[f64]) -> f64 {
    x.iter().sum::<f64>() / x.len().max(1) as f64
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
    let values: Vec<Margins> = lines
        .iter()
        .map(|line| line.margins(|o| o.value[decider]))
        .collect();
    let mut matrix = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..n {
            matrix[i * n + j] = cov(&values[i], &values[j]);
        }
    }
    let reference = (advice.options.iter())
        .position(|o| o.action == advice.reference)
        .unwrap_or(0);
    let c = |i: usize, j: usize| matrix[i * n + j];
    // The verdict reads the values, their covariance and `P(best)` only:
    // the arms' outcomes are the advice's own.
    let arms = (advice.options.iter())
        .enumerate()
        .map(|(k, o)| ArmEstimate {
            action: Some(o.action),
            mean: Outcome::default(),
            stderr: Outcome::default(),
            // The search's errors rest on `estimate.dof`, its triples.
            dof: Outcome::default(),
            ev: o.ev,
            ev_stderr: c(k, k).sqrt(),
            gain_stderr: (c(k, k) + c(reference, reference) - 2.0 * c(k, reference))
                .max(0.0)
                .sqrt(),
            // Against `reference`, on the triples' `estimate.dof` too.
            gain_dof: f64::INFINITY,
            p_best: 0.0,
            dist: None,
        })
        .collect();
    let mut estimate = Estimate {
        arms,
        cov: matrix,
        samples: samples as u64,
        stop: Stop::Samples,
        seed: request.sampling.seed,
        elapsed: Duration::ZERO,
        dof: Some(lines.first().map_or(0, Line::dof)),
        // One search, looked at once.
        looks: 1,
    };
    p_best(&mut estimate);
    for ((o, arm), line) in advice.options.iter_mut().zip(&estimate.arms).zip(&lines) {
        o.stderr = Some(arm.ev_stderr);
        o.gain_stderr = Some(arm.gain_stderr);
        o.p_best = Some(arm.p_best);
        // On the triples' degrees of freedom (`How::dof`), as the ships'.
        if o.p_paid.is_some() && !ranking::pay_certain(s, o.action) {
            o.p_paid_stderr = Some(line.stderr().paid);
        }
    }
    if let Some(best) = lines.first() {
        ships_with(&mut advice.ships, best);
    }
    let rule = request.sampling.settle.unwrap_or(sample::SETTLE);
    // P(best) drawn without the pairing: the paired tests of a tie or a
    // lead would say more than it, and contradict it.
    let paired = !ranked_independently(&estimate);
    advice.verdict = super::sampled::verdict(&estimate, rule, paired);
    advice.how.method = Method::MonteCarlo;
    advice.how.dof = estimate.dof;
}

/// Each option's `P(best)`. With fewer triples than options the covariance
/// has too few dimensions to rank them all (a few would take every draw):
/// the options are then drawn independently, each with its own error, which
/// leaves the leader less sure than its pairing would.
fn p_best(estimate: &mut Estimate) {
    let n = estimate.arms.len();
    if !ranked_independently(estimate) {
        sample::estimate_p_best(estimate);
        return;
    }
    let mut independent = estimate.clone();
    for i in 0..n {
        for j in (0..n).filter(|&j| j != i) {
            independent.cov[i * n + j] = 0.0;
        }
    }
    sample::estimate_p_best(&mut independent);
    for (arm, drawn) in estimate.arms.iter_mut().zip(&independent.arms) {
        arm.p_best = drawn.p_best;
    }
}

/// Whether the options outnumber the dimensions of their paired errors
/// (the triples less one): `P(best)` then draws them independently.
fn ranked_independently(estimate: &Estimate) -> bool {
    let options = estimate.arms.len().saturating_sub(1) as u64;
    estimate.dof.is_some_and(|dof| dof < options)
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
