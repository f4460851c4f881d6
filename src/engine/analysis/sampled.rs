//! Advice and odds from Monte Carlo (the sampler), with standard errors,
//! `P(best)` and the expected next decision.

use super::{Progress, Request};
use crate::engine::cache::Cache;
use crate::engine::future::Planner;
use crate::engine::ranking;
use crate::engine::sample::{self, ArmEstimate, Estimate};
use crate::engine::values::rank;
use crate::report::{Advice, Future, How, Odds, OptionValue, ShipOdds, Then, Verdict};
use crate::rules::{Action, State};

/// The sampler's settings, valuing play-outs as the request asks.
fn sampling_settings(request: &Request) -> sample::Settings {
    sample::Settings {
        valuation: request.valuation,
        future: request.future,
        lambda: request.lambda.value,
        risk: request.risk,
        ..request.sampling.clone()
    }
}

fn sampled_ships(s: &State, arm: &ArmEstimate) -> Vec<ShipOdds> {
    let (se, dof) = (&arm.stderr, &arm.dof);
    ranking::ship_odds(s, &arm.mean)
        .into_iter()
        .enumerate()
        .map(|(i, ship)| ShipOdds {
            stderr: Some((se.harbour[i], se.plundered[i])),
            dof: Some((dof.harbour[i], dof.plundered[i])),
            ..ship
        })
        .collect()
}

/// Advice from Monte Carlo: every option on the same dice.
pub(super) fn advice(
    cache: &mut Cache,
    s: &State,
    request: &Request,
    progress: Progress,
    mut how: How,
) -> Advice {
    let decider = s.decider().unwrap_or(0);
    let arms = sample::option_arms(s);
    let e = sample::run_with(
        &arms,
        Some(decider as usize),
        &sampling_settings(request),
        progress,
        Some(cache.choices(request.valuation)),
    );
    let evs: Vec<f64> = e.arms.iter().map(|a| a.ev).collect();
    let thens = expected_next(s, &arms, request);
    let order = rank(&evs);
    let pass_ev = evs.first().copied().unwrap_or(0.0);
    let options = order
        .iter()
        .map(|&k| {
            let (arm, est) = (&arms[k], &e.arms[k]);
            let action = arm.action.unwrap_or(Action::Pass);
            let pays = ranking::pays_worker(s, action);
            let sampled_pay = pays && !ranking::pay_certain(s, action);
            OptionValue {
                action,
                cost: arm.cost as u32,
                ev: est.ev,
                gain_vs_pass: est.ev - pass_ev,
                p_paid: pays.then_some(est.mean.paid),
                players: ranking::players(s, &est.mean, est.ev),
                stderr: Some(est.ev_stderr),
                gain_stderr: Some(est.gain_stderr),
                ev_dof: Some(est.dof.value[decider as usize]),
                gain_dof: Some(est.gain_dof),
                p_paid_stderr: sampled_pay.then_some(est.stderr.paid),
                p_paid_dof: sampled_pay.then_some(est.dof.paid),
                p_best: Some(est.p_best),
                then: thens[k],
                distribution: est.dist.clone(),
            }
        })
        .collect();
    let ships = order
        .first()
        .map(|&k| sampled_ships(s, &e.arms[k]))
        .unwrap_or_default();
    let settings = sampling_settings(request);
    how.sampling = Some(sample::sampling(
        &e,
        &arms,
        &settings,
        Some(decider as usize),
    ));
    Advice {
        decider,
        how,
        options,
        reference: arms.first().and_then(|a| a.action).unwrap_or(Action::Pass),
        ships,
        best_by_model: Vec::new(),
        verdict: verdict(&e, request.sampling.settle.unwrap_or(sample::SETTLE), true),
    }
}

/// How sure the run is of its best option, by the settling rule asked for
/// (or the default one): whatever stopped it, the same test. `paired`: the
/// arms' covariance can rank them, so paired tests may find a lead or a
/// tie; else the leader's `P(best)` alone settles it.
pub(super) fn verdict(e: &Estimate, rule: sample::Settle, paired: bool) -> Verdict {
    let Some(leader) = sample::leader(e) else {
        return Verdict::Exact;
    };
    let p_best = e.arms[leader].p_best;
    if p_best >= rule.p_best {
        return Verdict::Sure {
            p_best,
            at_least: rule.p_best,
        };
    }
    if !paired {
        return Verdict::Open { p_best };
    }
    match sample::tied(e, leader, rule.margin) {
        Some(tie) if tie.len() == 1 => Verdict::Ahead { p_best },
        Some(tie) => Verdict::Tie {
            margin: rule.margin,
            options: tie
                .into_iter()
                .map(|k| e.arms[k].action.unwrap_or(Action::Pass))
                .collect(),
        },
        None => Verdict::Open { p_best },
    }
}

/// What the model expects next after each arm's option: the next decision
/// comes before any die, so it is computed exactly even when values are sampled.
fn expected_next(s: &State, arms: &[sample::Arm], request: &Request) -> Vec<Option<Then>> {
    let mut planner =
        Planner::new(request.future, request.valuation).with_lambda(request.lambda.value);
    arms.iter()
        .map(|arm| match (request.future, arm.action) {
            (Future::None, _) | (_, None) => None,
            (_, Some(a)) => planner.next(s, a, arm.mark, 0).ok().flatten(),
        })
        .collect()
}

/// Odds from Monte Carlo.
pub(super) fn odds(
    cache: &mut Cache,
    s: &State,
    request: &Request,
    progress: Progress,
    mut how: How,
) -> Odds {
    let arms = [sample::position_arm(s)];
    let root = Some(cache.choices(request.valuation));
    let e = sample::run_with(&arms, None, &sampling_settings(request), progress, root);
    let arm = &e.arms[0];
    let n = s.players as usize;
    how.sampling = Some(sample::sampling(
        &e,
        &arms,
        &sampling_settings(request),
        None,
    ));
    Odds {
        how,
        players_stderr: Some(arm.stderr.value[..n].to_vec()),
        players_dof: Some(arm.dof.value[..n].to_vec()),
        ships: sampled_ships(s, arm),
        players: arm.mean.value[..n].to_vec(),
    }
}
