//! What the solvers find, in the terms of POSITION.md but with players as
//! indices: the advice for a decision and the odds of a position. The renderers
//! in [`crate::render`] give them names and draw them.

use crate::action::Action;
use crate::rules::Cargo;
use crate::state::PlayerId;

/// How a figure was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Exact,
    MonteCarlo,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Exact => "exact",
            Method::MonteCarlo => "mc",
        }
    }
}

/// How a Monte Carlo run went, so that it can be repeated.
#[derive(Clone, Debug, PartialEq)]
pub struct Sampling {
    pub seed: u64,
    /// Play-outs made (each values every option on the same dice).
    pub samples: u64,
    /// Why sampling stopped: samples, target_stderr, settled, cap, time_limit.
    pub stop: &'static str,
    pub seconds: f64,
    pub variance_reduction: bool,
}

/// What the other players are assumed to do with workers still in hand (R15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Future {
    /// Nobody places another worker.
    None,
    /// Each later placement is its player's best under `none`.
    Greedy,
    /// Each later placement and decision is subgame-perfect (max-n, R14).
    Equilibrium,
}

impl Future {
    pub fn name(self) -> &'static str {
        match self {
            Future::None => "none",
            Future::Greedy => "greedy",
            Future::Equilibrium => "equilibrium",
        }
    }
}

/// One option of the decider, valued.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionValue {
    pub action: Action,
    /// What the option costs the decider now.
    pub cost: u32,
    /// The decider's value (R13) after taking the option.
    pub ev: f64,
    /// `ev` minus the value of the reference option (pass, stay, none, or the first).
    pub gain_vs_pass: f64,
    /// Probability that the worker placed (or the deciding pirate) is paid.
    pub p_paid: Option<f64>,
    /// Standard error of `ev`; `None` when exact.
    pub stderr: Option<f64>,
    /// Standard error of `gain_vs_pass`; `None` when exact.
    pub gain_stderr: Option<f64>,
    /// Probability that this option is the best; `None` when exact.
    pub p_best: Option<f64>,
    /// What the future model expects next after this option; `None` under
    /// `none` or when nothing follows.
    pub then: Option<Then>,
}

/// What comes next after an option, as the future model expects it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Then {
    /// `player` decides next and is expected to take `action`.
    Decision(PlayerId, Action),
    /// The dice come next.
    Roll,
}

/// The fate of one ship.
#[derive(Clone, Debug, PartialEq)]
pub struct ShipOdds {
    pub cargo: Cargo,
    pub p_harbour: f64,
    pub p_shipyard: f64,
    pub p_plundered: f64,
    /// Standard errors of `p_harbour` and `p_plundered`; `None` when exact.
    pub stderr: Option<(f64, f64)>,
}

/// The decider's options, best first, and the ships' odds after the best one.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    pub decider: PlayerId,
    pub method: Method,
    /// Why this method ran (the `auto` choice, or the user's).
    pub method_reason: String,
    pub sampling: Option<Sampling>,
    /// Values count shares at their price change (R12, `--count-shares`).
    pub shares_counted: bool,
    pub future: Future,
    /// How the future model was approximated, when it was (equilibrium beyond
    /// its node budget); `None` when the model was computed as defined.
    pub approximation: Option<String>,
    pub options: Vec<OptionValue>,
    /// The option `gain_vs_pass` is measured against (pass, stay, none, first).
    pub reference: Action,
    pub ships: Vec<ShipOdds>,
}

impl Advice {
    pub fn best(&self) -> Option<&OptionValue> {
        self.options.first()
    }

    pub fn option(&self, action: Action) -> Option<&OptionValue> {
        self.options.iter().find(|o| o.action == action)
    }
}

/// Each ship's odds and every player's value from a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    pub method: Method,
    pub method_reason: String,
    pub sampling: Option<Sampling>,
    pub shares_counted: bool,
    /// Standard errors of `players`; `None` when exact.
    pub players_stderr: Option<Vec<f64>>,
    pub future: Future,
    pub approximation: Option<String>,
    pub ships: Vec<ShipOdds>,
    /// Indexed by player.
    pub players: Vec<f64>,
}
