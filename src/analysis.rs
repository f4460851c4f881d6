//! Advice and odds by the method asked for: exact, Monte Carlo, or `auto`, which
//! estimates the size of the enumeration first and says why it chose.

use crate::exact::{self, Outcome};
use crate::report::{Advice, Future, Method, Odds, OptionValue, Sampling, ShipOdds};
use crate::sample::{self, Estimate};
use crate::state::{At, Phase, State};
use crate::{Position, play};

/// The method the user asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MethodChoice {
    Exact,
    MonteCarlo,
    Auto,
}

/// What to compute and how.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: MethodChoice,
    pub sampling: sample::Settings,
    /// What a value counts besides cash (R13): shares, with --count-shares.
    pub valuation: exact::Valuation,
    /// `auto` runs exact when the enumeration is estimated below this many steps.
    pub exact_budget: f64,
}

/// The default budget of `auto`: about a second of enumeration on one core.
pub const EXACT_BUDGET: f64 = 5e7;

impl Request {
    pub fn new(method: MethodChoice, sampling: sample::Settings) -> Request {
        Request {
            method,
            sampling,
            valuation: exact::Valuation::default(),
            exact_budget: EXACT_BUDGET,
        }
    }
}

/// Reports progress of a long run: (play-outs so far, largest standard error).
pub type Progress<'a> = &'a mut dyn FnMut(u64, f64);

/// An estimate of the steps of exact enumeration from `s` under `none`: the
/// positions reachable after roll 2, and the pilot game and roll 3 valued once per
/// distinct position, for each option.
pub fn exact_steps(s: &State) -> f64 {
    let options = play::legal_actions(s).len().max(1) as f64;
    if matches!(s.phase, Phase::Plunder | Phase::Over) {
        return options;
    }
    let rolls = 2u8.saturating_sub(s.rolls_done) as u32;
    let spread = |at: At| match at {
        At::Sea(_) => (1 + 5 * rolls).min(15) as f64,
        _ => 1.0,
    };
    let joint: f64 = s.ships.iter().map(|sh| spread(sh.at)).product();
    let small_to_come = !matches!(s.phase, Phase::LargePilot | Phase::Roll);
    let small = if s.small_pilot.is_some() && small_to_come {
        7.0
    } else {
        1.0
    };
    let large = if s.large_pilot.is_some() && s.phase != Phase::Roll {
        25.0
    } else {
        1.0
    };
    let tables = (joint * small * large).min(3375.0);
    options * (joint + tables * (small + large + 27.0))
}

/// Which method runs, and why, in one line.
fn choose(s: &State, request: &Request) -> (Method, String) {
    match request.method {
        MethodChoice::Exact => (Method::Exact, "exact, as asked (--method exact)".into()),
        MethodChoice::MonteCarlo => (
            Method::MonteCarlo,
            "Monte Carlo, as asked (--method mc)".into(),
        ),
        MethodChoice::Auto => {
            let steps = exact_steps(s);
            let budget = request.exact_budget;
            if steps <= budget {
                (
                    Method::Exact,
                    format!(
                        "auto: exact, the enumeration takes about {steps:.1e} steps (budget {budget:.0e})"
                    ),
                )
            } else {
                (
                    Method::MonteCarlo,
                    format!(
                        "auto: Monte Carlo, the enumeration would take about {steps:.1e} steps (budget {budget:.0e})"
                    ),
                )
            }
        }
    }
}

/// The decider's options, valued and ranked, by the method asked for.
pub fn advise(position: &Position, request: &Request, progress: Progress) -> Advice {
    let s = position.state();
    let (method, reason) = choose(s, request);
    let mut advice = match method {
        Method::Exact => exact::advise_valued(s, request.valuation),
        Method::MonteCarlo => sampled_advice(s, request, progress),
    };
    advice.method_reason = reason;
    advice
}

/// Each ship's odds and every player's value, by the method asked for.
pub fn odds(position: &Position, request: &Request, progress: Progress) -> Odds {
    let s = position.state();
    let (method, reason) = choose(s, request);
    let mut odds = match method {
        Method::Exact => exact::odds_valued(position, request.valuation),
        Method::MonteCarlo => sampled_odds(s, request, progress),
    };
    odds.method_reason = reason;
    odds
}

/// The sampler's settings, valuing play-outs as the request asks.
fn sampling_settings(request: &Request) -> sample::Settings {
    sample::Settings {
        valuation: request.valuation,
        ..request.sampling.clone()
    }
}

fn sampling(e: &Estimate, settings: &sample::Settings) -> Sampling {
    Sampling {
        seed: e.seed,
        samples: e.samples,
        stop: e.stop.name(),
        seconds: e.elapsed.as_secs_f64(),
        variance_reduction: settings.reduce_variance,
    }
}

fn sampled_ships(s: &State, mean: &Outcome, stderr: &Outcome) -> Vec<ShipOdds> {
    exact::ship_odds(s, mean)
        .into_iter()
        .enumerate()
        .map(|(i, ship)| ShipOdds {
            stderr: Some((stderr.harbour[i], stderr.plundered[i])),
            ..ship
        })
        .collect()
}

fn sampled_advice(s: &State, request: &Request, progress: Progress) -> Advice {
    let decider = s.decider().unwrap_or(0);
    let arms = sample::option_arms(s);
    let e = sample::run(
        &arms,
        Some(decider as usize),
        &sampling_settings(request),
        progress,
    );
    let evs: Vec<f64> = e.arms.iter().map(|a| a.ev).collect();
    let order = exact::rank(&evs);
    let pass_ev = evs.first().copied().unwrap_or(0.0);
    let options = order
        .iter()
        .map(|&k| {
            let (arm, est) = (&arms[k], &e.arms[k]);
            let action = arm.action.unwrap_or(crate::Action::Pass);
            OptionValue {
                action,
                cost: arm.cost as u32,
                ev: est.ev,
                gain_vs_pass: est.ev - pass_ev,
                p_paid: exact::pays_worker(s, action).then_some(est.mean.paid),
                stderr: Some(est.ev_stderr),
                gain_stderr: Some(est.gain_stderr),
                p_best: Some(est.p_best),
            }
        })
        .collect();
    let ships = order
        .first()
        .map(|&k| sampled_ships(s, &e.arms[k].mean, &e.arms[k].stderr))
        .unwrap_or_default();
    Advice {
        decider,
        method: Method::MonteCarlo,
        method_reason: String::new(),
        sampling: Some(sampling(&e, &request.sampling)),
        shares_counted: request.valuation.count_shares,
        future: Future::None,
        options,
        reference: arms
            .first()
            .and_then(|a| a.action)
            .unwrap_or(crate::Action::Pass),
        ships,
    }
}

fn sampled_odds(s: &State, request: &Request, progress: Progress) -> Odds {
    let arms = [sample::position_arm(s)];
    let e = sample::run(&arms, None, &sampling_settings(request), progress);
    let arm = &e.arms[0];
    let n = s.players as usize;
    Odds {
        method: Method::MonteCarlo,
        method_reason: String::new(),
        sampling: Some(sampling(&e, &request.sampling)),
        shares_counted: request.valuation.count_shares,
        players_stderr: Some(arm.stderr.value[..n].to_vec()),
        future: Future::None,
        ships: sampled_ships(s, &arm.mean, &arm.stderr),
        players: arm.mean.value[..n].to_vec(),
    }
}
