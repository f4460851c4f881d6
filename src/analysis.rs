//! Advice and odds by the method asked for: exact, Monte Carlo, or `auto`, which
//! estimates the size of the enumeration first and says why it chose.

use crate::exact::{self, Outcome};
use crate::future::{self, Planner};
use crate::report::{Advice, Future, Method, Odds, OptionValue, Sampling, ShipOdds, Then};
use crate::sample::{self, Estimate};
use crate::state::{At, Phase, State};
use crate::{Position, play, rules};

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
    /// How later placements are made (R15).
    pub future: Future,
    /// The node budget of the equilibrium search (`--max-nodes`).
    pub max_nodes: u64,
}

/// The default budget of `auto`: about a second of enumeration on one core.
pub const EXACT_BUDGET: f64 = 5e7;

/// A planner without a node budget runs to its end: it never reports one.
const UNBOUNDED: &str = "a search without a node budget never runs out of it";

/// The default node budget of the equilibrium search: a few seconds on one core.
pub const MAX_NODES: u64 = 1_000_000;

impl Request {
    pub fn new(method: MethodChoice, sampling: sample::Settings) -> Request {
        Request {
            method,
            sampling,
            valuation: exact::Valuation::default(),
            exact_budget: EXACT_BUDGET,
            future: Future::None,
            max_nodes: MAX_NODES,
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
        MethodChoice::Auto if request.future != Future::None => {
            let rolls = rolls_before_last_round(s);
            if rolls <= 1 {
                (
                    Method::Exact,
                    format!(
                        "auto: exact, at most one roll before the last placement round ({rolls})"
                    ),
                )
            } else {
                (
                    Method::MonteCarlo,
                    format!(
                        "auto: Monte Carlo, {rolls} rolls before the last placement round (exact needs at most 1)"
                    ),
                )
            }
        }
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

/// Rolls still to come before the last placement round begins, when a
/// placement may still come (0 otherwise). Each such roll multiplies the exact
/// search of a model that keeps placing by up to 216 landings, each with its
/// own later placements, so exact is affordable for at most one.
pub fn rolls_before_last_round(s: &State) -> u8 {
    let players = s.players as usize;
    if !future::placements_remain(s, Future::Greedy) {
        return 0;
    }
    let last = rules::placement_rounds(players);
    rules::rolls_before_round(players, last).saturating_sub(s.rolls_done)
}

/// The decider's options, valued and ranked, by the method asked for.
pub fn advise(position: &Position, request: &Request, progress: Progress) -> Advice {
    let s = position.state();
    if request.future == Future::Equilibrium {
        return equilibrium(
            s,
            request,
            progress,
            &mut |planner, left| future::advise(s, planner, left),
            &mut |request, progress| advise_by_model(s, request, progress),
        );
    }
    advise_by_model(s, request, progress)
}

/// Advice under `none` or `greedy`, exact or sampled.
fn advise_by_model(s: &State, request: &Request, progress: Progress) -> Advice {
    by_model(
        s,
        request,
        || exact::advise_valued(s, request.valuation),
        |planner| future::advise(s, planner, 0),
        || sampled_advice(s, request, progress),
    )
}

/// Each ship's odds and every player's value, by the method asked for.
pub fn odds(position: &Position, request: &Request, progress: Progress) -> Odds {
    let s = position.state();
    if request.future == Future::Equilibrium {
        return equilibrium(
            s,
            request,
            progress,
            &mut |planner, left| future::odds(s, planner, left),
            &mut |request, progress| odds_by_model(s, request, progress),
        );
    }
    odds_by_model(s, request, progress)
}

fn odds_by_model(s: &State, request: &Request, progress: Progress) -> Odds {
    by_model(
        s,
        request,
        || exact::odds_valued_state(s, request.valuation),
        |planner| future::odds(s, planner, 0),
        || sampled_odds(s, request, progress),
    )
}

/// Under `none` or `greedy`, by the method `choose` picks: the exact `none`
/// solver, the exact greedy planner, or Monte Carlo; with the reason why.
fn by_model<T: Described>(
    s: &State,
    request: &Request,
    none: impl FnOnce() -> T,
    greedy: impl FnOnce(&mut Planner) -> Result<T, future::OverBudget>,
    sampled: impl FnOnce() -> T,
) -> T {
    let (method, reason) = choose(s, request);
    let mut t = match (method, request.future) {
        (Method::Exact, Future::None) => none(),
        (Method::Exact, _) => {
            let mut planner = Planner::new(Future::Greedy, request.valuation);
            greedy(&mut planner).expect(UNBOUNDED)
        }
        (Method::MonteCarlo, _) => sampled(),
    };
    *t.reason_mut() = reason;
    t
}

/// What both advice and odds report about how they were made.
trait Described {
    fn describe(&mut self, future: Future, reason: String, approximation: Option<String>);
    fn reason_mut(&mut self) -> &mut String;
}

impl Described for Advice {
    fn describe(&mut self, future: Future, reason: String, approximation: Option<String>) {
        self.future = future;
        self.method_reason = reason;
        self.approximation = approximation;
    }

    fn reason_mut(&mut self) -> &mut String {
        &mut self.method_reason
    }
}

impl Described for Odds {
    fn describe(&mut self, future: Future, reason: String, approximation: Option<String>) {
        self.future = future;
        self.method_reason = reason;
        self.approximation = approximation;
    }

    fn reason_mut(&mut self) -> &mut String {
        &mut self.method_reason
    }
}

/// The equilibrium (R14 applied to placements too): exact max-n within the node
/// budget; beyond it, max-n over as many next placements as the budget allows
/// with greedy placements (R15) after them; and when not even two placements
/// fit, or exact greedy is out of reach, the greedy model itself.
fn equilibrium<T: Described>(
    s: &State,
    request: &Request,
    progress: Progress,
    solve: &mut dyn FnMut(&mut Planner, u16) -> Result<T, future::OverBudget>,
    greedy: &mut dyn FnMut(&Request, Progress) -> T,
) -> T {
    let max = request.max_nodes;
    let rolls = rolls_before_last_round(s);
    let tried = if rolls <= 1 || request.method == MethodChoice::Exact {
        let mut planner = Planner::new(Future::Equilibrium, request.valuation);
        match deepen(s, &mut planner, max, rolls == 0, solve) {
            Deepened::Exact(mut t, nodes) => {
                let reason =
                    format!("exact equilibrium (max-n), {nodes} nodes (--max-nodes {max})");
                t.describe(Future::Equilibrium, reason, None);
                return t;
            }
            Deepened::Horizon(k, mut t, nodes) => {
                let reason = format!(
                    "equilibrium approximated: max-n over {k} placement decisions took {nodes} nodes; over {} it exceeded --max-nodes {max}",
                    k + 1
                );
                // A pass is a placement decision too; a boarding decision is not
                // one, and the horizon then starts after it.
                let whose = match s.phase {
                    Phase::Placement { .. } => "this one included",
                    _ => "after this decision",
                };
                let approximation = format!(
                    "max-n over the next {k} placement decisions ({whose}), greedy (R15) for every later one; max-n over {} exceeded --max-nodes {max}",
                    k + 1
                );
                t.describe(Future::Equilibrium, reason, Some(approximation));
                return t;
            }
            Deepened::Nothing => {
                format!("max-n over 2 placement decisions exceeded --max-nodes {max}")
            }
        }
    } else {
        format!("{rolls} rolls come before the last placement round, too many for an exact search")
    };
    // Exact greedy over two rolls would not finish in reasonable time either.
    let method = match request.method {
        MethodChoice::Exact if rolls > 1 => MethodChoice::Auto,
        other => other,
    };
    let greedy_request = Request {
        future: Future::Greedy,
        method,
        ..request.clone()
    };
    let mut t = greedy(&greedy_request, progress);
    let approximation = format!(
        "the greedy model (max-n over this decision only, greedy (R15) for every later placement): {tried}"
    );
    let reason = format!("equilibrium approximated by greedy; {}", t.reason_mut());
    t.describe(Future::Equilibrium, reason, Some(approximation));
    t
}

/// How far the max-n search got within its budget.
enum Deepened<T> {
    /// Every placement by max-n; with the nodes of the last search.
    Exact(T, u64),
    /// Max-n over the next `k` placements only.
    Horizon(u16, T, u64),
    Nothing,
}

/// Deepens the max-n horizon one placement at a time (memoised subtrees carry
/// over from one depth to the next) until the budget runs out; a horizon as long
/// as every placement left is the exact equilibrium. With no die before the last
/// placement the whole search is tried first: it is small then.
fn deepen<T>(
    s: &State,
    planner: &mut Planner,
    max: u64,
    whole_first: bool,
    solve: &mut dyn FnMut(&mut Planner, u16) -> Result<T, future::OverBudget>,
) -> Deepened<T> {
    let all = future::placements_left(s).max(1);
    let mut last = all;
    if all == 1 || whole_first {
        planner.budget(max);
        if let Ok(t) = solve(planner, future::ALL) {
            return Deepened::Exact(t, planner.nodes());
        }
        // The whole tree does not fit: no need to try it again below.
        last = all - 1;
    }
    let mut found = Deepened::Nothing;
    for k in 2..=last {
        planner.budget(max);
        let left = if k == all { future::ALL } else { k };
        match solve(planner, left) {
            Ok(t) if k == all => return Deepened::Exact(t, planner.nodes()),
            Ok(t) => found = Deepened::Horizon(k, t, planner.nodes()),
            Err(_) => break,
        }
    }
    found
}

/// The sampler's settings, valuing play-outs as the request asks.
fn sampling_settings(request: &Request) -> sample::Settings {
    sample::Settings {
        valuation: request.valuation,
        future: request.future,
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
    let thens = expected_next(s, &arms, request);
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
                then: thens[k],
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
        future: request.future,
        approximation: None,
        options,
        reference: arms
            .first()
            .and_then(|a| a.action)
            .unwrap_or(crate::Action::Pass),
        ships,
    }
}

/// What the model expects next after each arm's option: the next decision
/// comes before any die, so it is computed exactly even when values are sampled.
fn expected_next(s: &State, arms: &[sample::Arm], request: &Request) -> Vec<Option<Then>> {
    let mut planner = Planner::new(request.future, request.valuation);
    arms.iter()
        .map(|arm| match (request.future, arm.action) {
            (Future::None, _) | (_, None) => None,
            (_, Some(a)) => planner.next(s, a, arm.mark, 0).ok().flatten(),
        })
        .collect()
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
        future: request.future,
        approximation: None,
        ships: sampled_ships(s, &arm.mean, &arm.stderr),
        players: arm.mean.value[..n].to_vec(),
    }
}
