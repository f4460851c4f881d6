//! The quantal model fitted to the table (R15): from placements observed, the
//! rationality `lambda` under which they are likeliest, each option of a
//! decision chosen with probability proportional to `exp(lambda * value)`, its
//! value to the decider under `none`.
//!
//! The estimate is the mode of the posterior of `log lambda`: the likelihood of
//! the decisions observed times a normal prior on `log lambda` (median
//! [`PRIOR_LAMBDA`], a factor of e either way as one standard deviation), so
//! that a few decisions move it a little and many decide it. Its 95% interval
//! comes from the curvature of the log posterior at the mode.

use super::exact::Solver;
use super::values::{TIE, Valuation};
use crate::report::Lambda;
use crate::rules::{Action, Phase, State};

/// The prior's median: a player who takes an option 1 better than another
/// about 1.6 times as often.
pub const PRIOR_LAMBDA: f64 = 0.5;
/// The prior's standard deviation of `log lambda`.
const PRIOR_SD: f64 = 1.0;
/// The range searched for `log lambda`.
const LOG_RANGE: (f64, f64) = (-9.0, 7.0);

/// One placement observed: the values of its options to the decider, and the
/// index of the one taken.
#[derive(Clone, Debug, PartialEq)]
pub struct Observed {
    pub values: Vec<f64>,
    pub chosen: usize,
}

/// The placement `a` taken in `s`, with every option valued under `none`;
/// `None` outside placement, or for an action not legal there.
pub fn observe(solver: &mut Solver, s: &State, a: Action) -> Option<Observed> {
    if !matches!(s.phase, Phase::Placement { .. }) {
        return None;
    }
    let valued = solver.valued_options(s);
    let chosen = valued.iter().position(|v| v.action == a)?;
    Some(Observed {
        values: valued.iter().map(|v| v.ev).collect(),
        chosen,
    })
}

/// Observations of placements from `(state, action)` pairs, under `valuation`.
pub fn observe_all(decisions: &[(State, Action)], valuation: Valuation) -> Vec<Observed> {
    let mut solver = Solver::with(valuation);
    decisions
        .iter()
        .filter_map(|(s, a)| observe(&mut solver, s, *a))
        .collect()
}

/// The log likelihood of the decisions at `lambda`.
fn log_likelihood(observed: &[Observed], lambda: f64) -> f64 {
    observed
        .iter()
        .map(|o| {
            let top = o.values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let norm: f64 = o.values.iter().map(|v| (lambda * (v - top)).exp()).sum();
            lambda * (o.values[o.chosen] - top) - norm.ln()
        })
        .sum()
}

/// The log posterior of `theta = log lambda`, up to a constant.
fn log_posterior(observed: &[Observed], theta: f64) -> f64 {
    let z = (theta - PRIOR_LAMBDA.ln()) / PRIOR_SD;
    log_likelihood(observed, theta.exp()) - z * z / 2.0
}

/// The fitted `lambda`, its 95% interval and the decisions it rests on.
/// Decisions whose options are all worth the same say nothing and are not
/// counted.
pub fn fit(observed: &[Observed]) -> Lambda {
    let telling: Vec<Observed> = observed
        .iter()
        .filter(|o| {
            let (lo, hi) = o
                .values
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
                    (a.min(v), b.max(v))
                });
            hi - lo > TIE
        })
        .cloned()
        .collect();
    let f = |theta: f64| log_posterior(&telling, theta);
    let theta = maximise(&f, LOG_RANGE.0, LOG_RANGE.1);
    // The curvature at the mode, by central differences.
    let h = 1e-3;
    let curvature = (f(theta + h) - 2.0 * f(theta) + f(theta - h)) / (h * h);
    let sd = if curvature < 0.0 {
        (-1.0 / curvature).sqrt()
    } else {
        PRIOR_SD
    };
    Lambda {
        value: theta.exp(),
        interval: Some(((theta - 1.96 * sd).exp(), (theta + 1.96 * sd).exp())),
        decisions: telling.len(),
    }
}

/// The maximum of a function of one variable on `[lo, hi]`: a coarse grid,
/// then golden-section search around its best point. The log posterior is
/// concave in `log lambda` (a log-sum-exp less a parabola), so this finds it.
fn maximise(f: &dyn Fn(f64) -> f64, lo: f64, hi: f64) -> f64 {
    let steps = 64;
    let at = |k: usize| lo + (hi - lo) * k as f64 / steps as f64;
    let best = (0..=steps)
        .max_by(|&a, &b| f(at(a)).total_cmp(&f(at(b))))
        .unwrap_or(0);
    let (mut a, mut b) = (at(best.saturating_sub(1)), at((best + 1).min(steps)));
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let c = b - golden * (b - a);
        let d = a + golden * (b - a);
        if f(c) > f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// The prior alone: what the model assumes before any decision is seen.
pub fn prior() -> Lambda {
    fit(&[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Decisions drawn from the quantal model itself, on made-up option values.
    fn simulated(lambda: f64, n: usize, seed: u64) -> Vec<Observed> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                let k = rng.random_range(2..12);
                let values: Vec<f64> = (0..k).map(|_| rng.random_range(-8.0..12.0)).collect();
                let top = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let w: Vec<f64> = values.iter().map(|v| (lambda * (v - top)).exp()).collect();
                let mut u = rng.random::<f64>() * w.iter().sum::<f64>();
                let mut chosen = k - 1;
                for (i, wi) in w.iter().enumerate() {
                    if u < *wi {
                        chosen = i;
                        break;
                    }
                    u -= wi;
                }
                Observed { values, chosen }
            })
            .collect()
    }

    #[test]
    fn r15_the_fitted_lambda_recovers_the_lambda_of_simulated_players() {
        for (lambda, seed) in [(0.1, 1), (0.5, 2), (1.5, 3), (4.0, 4)] {
            let fitted = fit(&simulated(lambda, 600, seed));
            let (lo, hi) = fitted.interval.expect("an interval");
            assert!(lo <= lambda && lambda <= hi, "{lambda}: {fitted:?}");
            assert!(
                hi / lo < 2.0,
                "{lambda}: 600 decisions pin it down: {fitted:?}"
            );
            assert_eq!(fitted.decisions, 600);
        }
    }

    #[test]
    fn with_no_decision_the_prior_decides() {
        let p = prior();
        assert!((p.value - PRIOR_LAMBDA).abs() < 1e-6, "{p:?}");
        assert_eq!(p.decisions, 0);
        let (lo, hi) = p.interval.expect("an interval");
        assert!((lo - PRIOR_LAMBDA * (-1.96f64).exp()).abs() < 1e-3);
        assert!((hi - PRIOR_LAMBDA * 1.96f64.exp()).abs() < 1e-2);
    }

    #[test]
    fn decisions_between_equal_options_say_nothing() {
        let flat = vec![
            Observed {
                values: vec![3.0, 3.0, 3.0],
                chosen: 1,
            };
            50
        ];
        assert_eq!(fit(&flat).decisions, 0);
    }
}
