//! What is asked ([`Request`]), whether it can be done ([`check`]), and which
//! method runs and why ([`choose`]).

use crate::engine::fit;
use crate::engine::future;
use crate::engine::sample;
use crate::engine::values::Valuation;
use crate::report::{AutoChoice, Future, Lambda, Method, Reason};
use crate::rules::{self, At, Phase, State};

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
    /// What a value counts besides cash (R13): shares, when asked.
    pub valuation: Valuation,
    /// `auto` runs exact when the enumeration is estimated below this many steps.
    pub exact_budget: f64,
    /// How later placements are made (R15).
    pub future: Future,
    /// The node budget of the equilibrium search.
    pub max_nodes: u64,
    /// The positions the paranoid search may value at its horizon.
    pub max_leaves: u64,
    /// The rationality of the quantal model, and what it rests on.
    pub lambda: Lambda,
    /// Each option's distribution of value too (`engine::risk`): a second
    /// walk of the voyage, which a policy that only decides does not need.
    pub risk: bool,
}

/// The default budget of `auto`: about a second of enumeration on one core.
pub const EXACT_BUDGET: f64 = 5e7;

/// The default node budget of the equilibrium search: a few seconds on one core.
pub const MAX_NODES: u64 = 1_000_000;

/// The default horizon of the paranoid search, in positions valued there
/// (each a whole `none` enumeration from the roll, about 80 microseconds of
/// one core: 24,024 took 1.2 s on two cores at 3, 4 and 5 players): a tree
/// that fills it takes about 2 s, and every placement of a four-player
/// round before roll 1 fits.
pub const MAX_LEAVES: u64 = 40_000;

impl Request {
    pub fn new(method: MethodChoice, sampling: sample::Settings) -> Request {
        Request {
            method,
            sampling,
            valuation: Valuation::default(),
            exact_budget: EXACT_BUDGET,
            future: Future::None,
            max_nodes: MAX_NODES,
            max_leaves: MAX_LEAVES,
            lambda: fit::prior(),
            risk: true,
        }
    }
}

/// A request that cannot be carried out as asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// Monte Carlo asked for the equilibrium, which is searched (exactly, or
    /// approximated as the output says), not sampled.
    #[error("the equilibrium is searched, not sampled")]
    SampledEquilibrium,
    /// Monte Carlo asked for `round`, which no roll interrupts: it is always
    /// enumerated.
    #[error("the round model is enumerated, never sampled")]
    SampledRound,
    /// Monte Carlo asked for the paranoid model, a search to the next roll:
    /// it is always enumerated.
    #[error("the paranoid model is searched, never sampled")]
    SampledParanoid,
    /// Monte Carlo asked for `auto`, which picks greedy only where greedy is
    /// enumerated, and paranoid elsewhere: it is never sampled.
    #[error("the auto model is enumerated, never sampled")]
    SampledAuto,
    /// Layouts asked for under the paranoid model, which searches one
    /// player's placements against the others, not the harbour master's
    /// choice among a hundred layouts.
    #[error("layouts are not compared under the paranoid model")]
    ParanoidLayouts,
    /// Exact layouts asked for under a model that keeps placing: at a voyage's
    /// start two rolls come before the last round.
    #[error("exact layouts under a model that keeps placing are out of reach")]
    ExactLayoutsPlacing,
}

/// Whether the request can be carried out as asked.
pub fn check(request: &Request) -> Result<(), RequestError> {
    if request.future == Future::Equilibrium && request.method == MethodChoice::MonteCarlo {
        return Err(RequestError::SampledEquilibrium);
    }
    if request.future == Future::Round && request.method == MethodChoice::MonteCarlo {
        return Err(RequestError::SampledRound);
    }
    if request.future == Future::Auto && request.method == MethodChoice::MonteCarlo {
        return Err(RequestError::SampledAuto);
    }
    if request.future == Future::Paranoid && request.method == MethodChoice::MonteCarlo {
        return Err(RequestError::SampledParanoid);
    }
    Ok(())
}

/// An estimate of the steps of exact enumeration from `s` under `none`: the
/// positions reachable after roll 2, and the pilot game and roll 3 valued once per
/// distinct position, for each option.
pub fn exact_steps(s: &State) -> f64 {
    let options = rules::legal_actions(s).len().max(1) as f64;
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

/// Which method runs, and why.
pub(super) fn choose(s: &State, request: &Request) -> (Method, Reason) {
    match request.method {
        MethodChoice::Exact => (Method::Exact, Reason::Asked),
        MethodChoice::MonteCarlo => (Method::MonteCarlo, Reason::Asked),
        MethodChoice::Auto if request.future == Future::Round => {
            (Method::Exact, Reason::WithinRound)
        }
        MethodChoice::Auto if request.future != Future::None => {
            let rolls = rolls_before_last_round(s);
            // A quantal placement branches on every option, not only the
            // greedy one: exact only once no roll comes before the last round.
            let most = if request.future == Future::Quantal {
                0
            } else {
                1
            };
            let method = if rolls <= most {
                Method::Exact
            } else {
                Method::MonteCarlo
            };
            (method, Reason::Rolls { rolls, most })
        }
        MethodChoice::Auto => {
            let (steps, budget) = (exact_steps(s), request.exact_budget);
            let method = if steps <= budget {
                Method::Exact
            } else {
                Method::MonteCarlo
            };
            (method, Reason::Steps { steps, budget })
        }
    }
}

/// The model `auto` runs as from `s`, and the rolls before the last
/// placement round that decide it: `greedy` where at most one roll comes
/// first, so that its search is exact and takes a fraction of a second;
/// `paranoid` before, where greedy could only be sampled, and needs seconds
/// to settle, and where paranoid play beat greedy-to-the-roll (`round`) in
/// the arena (README, "What we measured").
pub fn auto_future(s: &State) -> AutoChoice {
    let rolls = rolls_before_last_round(s);
    let model = match rolls {
        0 | 1 => Future::Greedy,
        _ => Future::Paranoid,
    };
    AutoChoice {
        model,
        rolls,
        placing: future::placements_remain(s, Future::Greedy),
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
