//! When sampling stops: a number of play-outs, a target standard error, the
//! best option settled, the cap or the time limit.

use super::stats::Estimate;
use super::{BLOCK, Settings};
use crate::engine::values::TIE;
use std::time::Instant;

/// Settling (`Settings::until_settled`) looks only after this many play-outs.
pub const SETTLE_MIN_SAMPLES: u64 = 10 * BLOCK;
/// The margin of settling, in joint standard errors.
pub const SETTLE_SIGMAS: f64 = 3.0;

/// Why sampling stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Samples,
    TargetStderr,
    Settled,
    Cap,
    TimeLimit,
}

impl Stop {
    pub fn name(self) -> &'static str {
        match self {
            Stop::Samples => "samples",
            Stop::TargetStderr => "target_stderr",
            Stop::Settled => "settled",
            Stop::Cap => "cap",
            Stop::TimeLimit => "time_limit",
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
    estimate: &Estimate,
    decider: Option<usize>,
    blocks: u64,
    want: u64,
    cap: u64,
    started: Instant,
) -> Option<Stop> {
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
