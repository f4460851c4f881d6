//! When sampling stops: a number of play-outs, a target standard error, the
//! best option settled (by 3 joint standard errors, or by its `P(best)` or a
//! tie within a margin), the cap or the time limit.

use super::stats::{Estimate, estimate_p_best, one_sided_95};
use super::{BLOCK, Settings};
use crate::engine::interrupt;
use crate::engine::values::TIE;
use std::time::Instant;

/// Settling (`Settings::until_settled`) looks only after this many play-outs.
pub const SETTLE_MIN_SAMPLES: u64 = 10 * BLOCK;
/// The margin of settling, in joint standard errors.
pub const SETTLE_SIGMAS: f64 = 3.0;

/// Sampling until a decision is settled: the leader's `P(best)` reaches
/// `p_best`, or every other option is, with 95% confidence each, either worse
/// than the leader or at most `margin` worse (a tie within `margin`: taking
/// the leader costs at most that).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settle {
    pub p_best: f64,
    pub margin: f64,
}

/// The settling rule of advice whose model samples: the leader's `P(best)`
/// at least 95%, or a tie within half a coin.
pub const SETTLE: Settle = Settle {
    p_best: 0.95,
    margin: 0.5,
};

/// Why sampling stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Samples,
    TargetStderr,
    Settled,
    /// The leader's `P(best)` reached [`Settle::p_best`].
    Sure,
    /// The leader and the options within [`Settle::margin`] of it tie.
    Tie,
    /// Every other option is worse than the leader, 95% each.
    Ahead,
    Cap,
    TimeLimit,
    /// A stop was asked for from outside ([`crate::engine::interrupt`]).
    Interrupted,
}

impl Stop {
    pub fn name(self) -> &'static str {
        match self {
            Stop::Samples => "samples",
            Stop::TargetStderr => "target_stderr",
            Stop::Settled => "settled",
            Stop::Sure => "p_best",
            Stop::Tie => "tie",
            Stop::Ahead => "ahead",
            Stop::Cap => "cap",
            Stop::TimeLimit => "time_limit",
            Stop::Interrupted => "interrupted",
        }
    }
}

/// The largest standard error among the figures reported: the options' values
/// when someone decides, else (odds) the players' values and the ships' odds.
pub(super) fn largest_stderr(estimate: &Estimate, decider: Option<usize>) -> f64 {
    let arms = estimate.arms.iter();
    match decider {
        Some(_) => arms.map(|a| a.ev_stderr).fold(0.0, f64::max),
        None => arms
            .flat_map(|a| {
                a.stderr
                    .value
                    .iter()
                    .chain(&a.stderr.harbour)
                    .chain(&a.stderr.plundered)
            })
            .fold(0.0, |m, &x| m.max(x)),
    }
}

pub(super) fn should_stop(
    settings: &Settings,
    estimate: &mut Estimate,
    decider: Option<usize>,
    blocks: u64,
    want: u64,
    cap: u64,
    started: Instant,
) -> Option<Stop> {
    // An interrupted round's sums are partial: nothing else is judged on them.
    if interrupt::requested() {
        return Some(Stop::Interrupted);
    }
    // A decision settled on the last block is settled, cap or not.
    if let Some(settle) = settings.settle.filter(|_| decider.is_some() && blocks >= 2) {
        estimate_p_best(estimate);
        if let Some(stop) = verdict(estimate, settle) {
            return Some(stop);
        }
    }
    if blocks >= want {
        return Some(if settings.samples.is_some() && want < cap {
            Stop::Samples
        } else {
            Stop::Cap
        });
    }
    if settings
        .target_stderr
        .is_some_and(|x| largest_stderr(estimate, decider) < x)
    {
        return Some(Stop::TargetStderr);
    }
    // Settling compares the options of a decision; odds have none to compare.
    let settling = settings.until_settled && decider.is_some();
    if settling && blocks * BLOCK >= SETTLE_MIN_SAMPLES && settled(estimate) {
        return Some(Stop::Settled);
    }
    if settings.time_limit.is_some_and(|t| started.elapsed() >= t) {
        return Some(Stop::TimeLimit);
    }
    None
}

/// Whether the decision is settled as `settle` asks (`P(best)` already
/// estimated): by the leader's `P(best)`, or by a tie within the margin.
pub(super) fn verdict(estimate: &Estimate, settle: Settle) -> Option<Stop> {
    let leader = leader(estimate)?;
    if estimate.arms[leader].p_best >= settle.p_best {
        return Some(Stop::Sure);
    }
    tied(estimate, leader, settle.margin).map(|tie| match tie.len() {
        1 => Stop::Ahead,
        _ => Stop::Tie,
    })
}

/// The arm of highest value, ties to the first (R14).
pub fn leader(estimate: &Estimate) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (k, arm) in estimate.arms.iter().enumerate() {
        if best.is_none_or(|b| arm.ev > estimate.arms[b].ev + TIE) {
            best = Some(k);
        }
    }
    best
}

/// The arms tied with `leader` within `margin` (the leader first), when
/// every other arm is, with 95% confidence, worse than the leader or at most
/// `margin` worse; `None` when some arm is neither. The 95% holds over every
/// look the run makes ([`one_sided_95`]).
pub fn tied(estimate: &Estimate, leader: usize, margin: f64) -> Option<Vec<usize>> {
    let mut tie = vec![leader];
    for k in (0..estimate.arms.len()).filter(|&k| k != leader) {
        let gap = estimate.arms[leader].ev - estimate.arms[k].ev;
        let se = estimate.joint_stderr(leader, k);
        let z = one_sided_95(estimate.dof, estimate.looks);
        if gap + z * se <= margin {
            tie.push(k);
        } else if gap - z * se <= 0.0 {
            return None;
        }
    }
    Some(tie)
}

/// The best arm leads every other by `SETTLE_SIGMAS` joint standard errors (an
/// arm identical to it on every sample, gain 0 with no error, counts as settled).
fn settled(estimate: &Estimate) -> bool {
    let arms = &estimate.arms;
    let Some(best) = (0..arms.len()).max_by(|&a, &b| arms[a].ev.total_cmp(&arms[b].ev)) else {
        return true;
    };
    (0..arms.len()).all(|k| {
        let (gap, se) = (arms[best].ev - arms[k].ev, estimate.joint_stderr(best, k));
        k == best || (se == 0.0 && gap.abs() < TIE) || gap >= SETTLE_SIGMAS * se
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sample::ArmEstimate;
    use crate::engine::values::Outcome;
    use std::time::Duration;

    /// Arms of values `evs`, independent, each of standard error `se`.
    fn estimate(evs: &[f64], p_best: &[f64], se: f64) -> Estimate {
        let n = evs.len();
        let arms = evs
            .iter()
            .zip(p_best)
            .map(|(&ev, &p)| ArmEstimate {
                action: None,
                mean: Outcome::default(),
                dof: Outcome::default(),
                stderr: Outcome::default(),
                ev,
                ev_stderr: se,
                gain_stderr: se,
                gain_dof: f64::INFINITY,
                p_best: p,
                dist: None,
            })
            .collect();
        let mut cov = vec![0.0; n * n];
        for k in 0..n {
            cov[k * n + k] = se * se;
        }
        Estimate {
            arms,
            cov,
            samples: 432,
            stop: Stop::Samples,
            seed: 1,
            elapsed: Duration::ZERO,
            dof: None,
            looks: 1,
        }
    }

    const RULE: Settle = Settle {
        p_best: 0.95,
        margin: 0.5,
    };

    #[test]
    fn a_leader_with_p_best_95_percent_is_settled() {
        let e = estimate(&[3.0, 1.0], &[0.97, 0.03], 0.1);
        assert_eq!(verdict(&e, RULE), Some(Stop::Sure));
    }

    #[test]
    fn options_within_the_margin_are_a_tie_and_worse_ones_left_out() {
        // Joint standard error 0.1: 5.0 vs 4.9 is at most 0.1 + 1.645 * 0.1
        // apart (within 0.5); 3.0 is worse for sure.
        let se = 0.1 / 2f64.sqrt();
        let e = estimate(&[4.9, 5.0, 3.0], &[0.3, 0.7, 0.0], se);
        assert_eq!(leader(&e), Some(1));
        assert_eq!(tied(&e, 1, 0.5), Some(vec![1, 0]));
        assert_eq!(verdict(&e, RULE), Some(Stop::Tie));
    }

    #[test]
    fn an_option_neither_within_the_margin_nor_surely_worse_leaves_it_open() {
        // 0.4 apart with a joint standard error of 0.3: it might be 0.9 worse,
        // or better.
        let se = 0.3 / 2f64.sqrt();
        let e = estimate(&[5.0, 4.6], &[0.9, 0.1], se);
        assert_eq!(tied(&e, 0, 0.5), None);
        assert_eq!(verdict(&e, RULE), None);
    }

    #[test]
    fn a_leader_surely_ahead_of_each_other_is_settled() {
        let se = 0.1 / 2f64.sqrt();
        let e = estimate(&[5.0, 4.0, 4.0], &[0.9, 0.05, 0.05], se);
        assert_eq!(tied(&e, 0, 0.5), Some(vec![0]));
        assert_eq!(verdict(&e, RULE), Some(Stop::Ahead));
    }

    #[test]
    fn equal_values_go_to_the_first_option() {
        let e = estimate(&[2.0, 2.0], &[0.5, 0.5], 0.0);
        assert_eq!(leader(&e), Some(0));
        assert_eq!(tied(&e, 0, 0.5), Some(vec![0, 1]));
    }
}
