//! What the engine finds, as plain data in the terms of POSITION.md but with
//! players as indices: the advice for a decision, the odds of a position, the
//! comparison of layouts, a finished voyage; and with each result one [`How`]:
//! how it was computed. The renderers in [`crate::render`] give them names and
//! words and draw them.

use crate::rules::{Action, Cargo, Layout, PlayerId, Receipt, Settlement, State};

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
    /// Chance remains within the stratified roll's strata (later dice,
    /// quantal draws, or no variance reduction): a standard error of 0 then
    /// means that no spread was seen, not that there is none.
    pub residual_chance: bool,
    /// Some value shown has a standard error of 0 though it is not certain
    /// (a worker or share of its player could still be paid): no spread was
    /// seen, and an outcome rarer than 3 in `samples` may not have come up.
    pub unseen_spread: bool,
}

/// What the other players are assumed to do with workers still in hand (R15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Future {
    /// Nobody places another worker.
    None,
    /// Each later placement is its player's best under `none`.
    Greedy,
    /// Each later placement of the current round is its player's best under
    /// `none`; nobody places after the next roll (R15's greedy, to the end
    /// of the round).
    Round,
    /// Each later placement and decision is subgame-perfect (max-n, R14).
    Equilibrium,
    /// Each later placement is a random choice, an option's probability
    /// proportional to `exp(lambda * value)`, its value under `none` (R15).
    Quantal,
    /// Until the next roll, the decider's own later placements maximise
    /// the decider's value and every other player's placement *minimises*
    /// it (the paranoid search, Sturtevant 2002); nobody places after the
    /// roll. Every other decision is each player's own best (R14).
    Paranoid,
    /// `greedy` where it is exact (at most one roll before the last
    /// placement round), `paranoid` before that, where greedy could only be
    /// sampled, in seconds. Chosen per position before any work, so figures
    /// are always under `greedy` or `paranoid`, and `How::reason` says which
    /// and why (`Reason::Auto`).
    Auto,
}

impl Future {
    pub fn name(self) -> &'static str {
        match self {
            Future::None => "none",
            Future::Greedy => "greedy",
            Future::Round => "round",
            Future::Equilibrium => "equilibrium",
            Future::Quantal => "quantal",
            Future::Paranoid => "paranoid",
            Future::Auto => "auto",
        }
    }
}

/// The model `auto` ran as (`How::future`), and what decided it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AutoChoice {
    pub model: Future,
    /// Rolls still to come before the last placement round.
    pub rolls: u8,
    /// Whether anyone may still place (R15): when nobody may, every model
    /// takes the later choices alike, and the rolls decided nothing.
    pub placing: bool,
}

/// How a result was computed: filled once, where the method is chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct How {
    pub method: Method,
    /// Why this method ran (the `auto` choice, the caller's, the search's).
    pub reason: Reason,
    /// The future placement model the figures are under (R15).
    pub future: Future,
    /// Values count shares at their price change (R12, R13).
    pub shares_counted: bool,
    /// How the future model was approximated, when it was; `None` when the
    /// model was computed as defined.
    pub approximation: Option<Approximation>,
    /// Monte Carlo only: how the run went.
    pub sampling: Option<Sampling>,
    /// The quantal model only: its rationality, and what it rests on.
    pub lambda: Option<Lambda>,
    /// Monte Carlo on few samples (a search that summed each roll over a
    /// sample of its die triples): the degrees of freedom its standard
    /// errors rest on, so that intervals use Student's t. `None`: the
    /// normal (a sampler's hundreds of degrees of freedom at least).
    pub dof: Option<u64>,
}

/// The rationality `lambda` of the quantal model (R15): an option's odds are
/// proportional to `exp(lambda * value)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Lambda {
    pub value: f64,
    /// Its 95% interval, when fitted.
    pub interval: Option<(f64, f64)>,
    /// The decisions observed it was fitted to (0: the prior, or given).
    pub decisions: usize,
}

/// The normal's two-sided 95% quantile.
const Z_975: f64 = 1.959_963_984_540_054;

/// The `p`-quantile of Student's t with `dof` degrees of freedom, from the
/// normal's quantile `z` at `p`, by the Cornish-Fisher expansion in `1/dof`
/// to its fourth term: within 0.1% of the tables from 3 degrees on.
pub fn t_quantile(z: f64, dof: u64) -> f64 {
    // The expansion falls short on 1 and 2 degrees of freedom (11.3 for
    // 12.7 at 1), where the quantile has a closed form in `p`.
    let p = normal_cdf(z);
    match dof {
        0 | 1 => return (std::f64::consts::PI * (p - 0.5)).tan(),
        2 => return (2.0 * p - 1.0) / (2.0 * p * (1.0 - p)).sqrt(),
        _ => {}
    }
    let n = dof as f64;
    let z2 = z * z;
    let g1 = z * (z2 + 1.0) / 4.0;
    let g2 = z * ((5.0 * z2 + 16.0) * z2 + 3.0) / 96.0;
    let g3 = z * (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) / 384.0;
    let g4 = z * ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 - 945.0) / 92160.0;
    z + g1 / n + g2 / n.powi(2) + g3 / n.powi(3) + g4 / n.powi(4)
}

/// The normal's distribution function at `z`, by Abramowitz and Stegun's
/// 7.1.26 for erf (error below 1.5e-7).
fn normal_cdf(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-x * x).exp();
    0.5 * (1.0 + erf.copysign(z))
}

impl How {
    /// A 95% interval's half-width in standard errors: 1.96, or Student's
    /// t's quantile when the errors rest on few degrees of freedom.
    pub fn z95(&self) -> f64 {
        match self.dof {
            None => 1.96,
            Some(dof) => t_quantile(Z_975, dof),
        }
    }

    /// [`How::z95`] for a figure whose error rests on `dof` degrees of its
    /// own (a sampler's, Welch and Satterthwaite): Student's t on them,
    /// rounded down; the normal's where they are endless or unknown.
    pub fn z95_with(&self, dof: Option<f64>) -> f64 {
        match self.own_dof(dof) {
            Some(d) => t_quantile(Z_975, d),
            None => self.z95(),
        }
    }

    /// The degrees of freedom a figure's interval takes from its own `dof`
    /// ([`How::z95_with`]): rounded down, at least 1; `None` where they are
    /// endless or unknown, or where the run's own (`How::dof`) apply.
    pub fn own_dof(&self, dof: Option<f64>) -> Option<u64> {
        dof.filter(|d| self.dof.is_none() && d.is_finite())
            .map(|d| d.max(1.0) as u64)
    }

    /// The 95% interval of a value `v` with standard error `se` resting on
    /// `dof` degrees of freedom of its own: `v ± t se` ([`How::z95_with`]),
    /// as the tables print it.
    pub fn value_interval(&self, v: f64, se: f64, dof: Option<f64>) -> (f64, f64) {
        let half = self.z95_with(dof) * se;
        (v - half, v + half)
    }

    /// The 95% interval of a probability `p` estimated with standard error
    /// `se`: Wilson's score interval (Wilson 1927). Near 0 and 1 the
    /// play-outs that went the rare way make `p` and `se` too small
    /// together, and `p ± z se` holds the probability less often than 95%;
    /// Wilson's leans toward 1/2 and holds it. It counts the samples `se`
    /// implies, `p (1 - p) / se²` (more than the play-outs under variance
    /// reduction). Where `se` is 0, or `p` is 0 or 1, that says nothing:
    /// if chance remained within the strata (`Sampling::residual_chance`)
    /// it counts the play-outs made, none of which went otherwise (their
    /// agreement was luck, not certainty); if not, every stratum was
    /// valued exactly and so is `p`. At 0 or 1 it is never narrower than
    /// `p ± z se` (the search on a few die triples gives its ends an error
    /// of its own, `dice_errors`). Exact figures have no interval: `(p, p)`.
    ///
    /// `dof`: the degrees of freedom `se` rests on, when it is a figure's own
    /// (`ShipOdds::dof`): Student's t then stands for the normal.
    pub fn probability_interval(&self, p: f64, se: f64, dof: Option<f64>) -> (f64, f64) {
        let p = p.clamp(0.0, 1.0);
        if self.method == Method::Exact {
            return (p, p);
        }
        let z = self.z95_with(dof);
        let wald = ((p - z * se).max(0.0), (p + z * se).min(1.0));
        let spread = p * (1.0 - p);
        let n = match (spread > 1e-12, se > 0.0, &self.sampling) {
            (true, true, _) => spread / (se * se),
            // Every stratum's play-outs were exact: so is the mean.
            (_, false, Some(s)) if !s.residual_chance => return (p, p),
            (_, _, Some(s)) => s.samples.max(1) as f64,
            // The search on a few die triples, which floors its errors at
            // the ends, or an exact tail of it.
            (_, _, None) => return wald,
        };
        let z2 = z * z;
        let shrink = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / shrink;
        let half = (z2 * (spread / n + z2 / (4.0 * n * n))).sqrt() / shrink;
        let wilson = ((centre - half).max(0.0), (centre + half).min(1.0));
        match spread > 1e-12 {
            true => wilson,
            // A mean of a few die triples' tables may be 1 with an error.
            false => (wald.0.min(wilson.0), wald.1.max(wilson.1)),
        }
    }

    /// A run of `samples` play-outs under `none`, for the tests of what is
    /// drawn from one.
    #[cfg(test)]
    pub(crate) fn sampled(samples: u64) -> How {
        How {
            method: Method::MonteCarlo,
            sampling: Some(Sampling {
                seed: 1,
                samples,
                stop: "samples",
                seconds: 0.0,
                variance_reduction: true,
                residual_chance: true,
                unseen_spread: false,
            }),
            ..How::exact(Future::None, false)
        }
    }

    /// Exact figures under `future`, computed as the caller asked.
    pub fn exact(future: Future, shares_counted: bool) -> How {
        How {
            method: Method::Exact,
            reason: Reason::Asked,
            future,
            shares_counted,
            approximation: None,
            sampling: None,
            lambda: None,
            dof: None,
        }
    }
}

/// Why a method ran. [`How::method`] says which ran; the reason, why.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// The caller asked for it.
    Asked,
    /// Chosen by the estimated size of the enumeration under `none`.
    Steps { steps: f64, budget: f64 },
    /// `round`: its placements end with the round under way, before any roll.
    WithinRound,
    /// Chosen by the rolls still to come before the last placement round: a
    /// model that keeps placing is exact for at most `most` (1 for greedy, 0
    /// for quantal).
    Rolls { rolls: u8, most: u8 },
    /// The equilibrium searched whole within the node budget.
    Equilibrium { nodes: u64, max_nodes: u64 },
    /// The equilibrium searched round by round before the last round: the
    /// deepest search that fitted took `nodes`
    /// (`Approximation::Rounds` says what it was).
    Rounds { nodes: u64, max_nodes: u64 },
    /// The equilibrium searched over the next `depth` placement decisions only:
    /// `depth + 1` exceeded the node budget.
    Horizon {
        depth: u16,
        nodes: u64,
        max_nodes: u64,
    },
    /// The equilibrium approximated by the greedy model, which ran for the
    /// inner reason.
    ByGreedy(Box<Reason>),
    /// The `auto` model ran as the choice says; the method then ran for the
    /// inner reason.
    Auto {
        choice: AutoChoice,
        inner: Box<Reason>,
    },
    /// The paranoid model searched over `depth` of the `turns` placements
    /// due before the next roll, valuing about `leaves` positions at its
    /// horizon (`Approximation::Paranoid` when `depth < turns`).
    Paranoid { depth: u16, turns: u16, leaves: f64 },
    /// Layouts: every layout enumerated exactly.
    PerLayout,
    /// Layouts: sampled with common dice across layouts, `rolls` rolls coming
    /// before the last placement round.
    CommonDice { rolls: u8 },
}

/// How a future model was approximated.
#[derive(Clone, Debug, PartialEq)]
pub enum Approximation {
    /// Max-n over the next `depth` placement decisions, greedy after them.
    /// `includes_decision`: the decider's own placement is one of them (else
    /// the horizon starts after this decision, a boarding).
    Horizon {
        depth: u16,
        includes_decision: bool,
        limit: Limit,
    },
    /// The greedy model: max-n over this decision only.
    Greedy(GreedyWhy),
    /// Before the last round: max-n over every placement until
    /// `through_rolls` rolls have been made (the search began with
    /// `from_rolls` made), nobody placing after; each roll on the way summed
    /// over `samples` of its 216 outcomes, drawn from `seed` (216: exactly).
    /// The last round comes after `last_rolls` rolls.
    Rounds {
        from_rolls: u8,
        through_rolls: u8,
        last_rolls: u8,
        samples: usize,
        seed: u64,
        limit: Limit,
    },
    /// Before the last round, when not even the placements until the next
    /// roll fitted: max-n over the next `depth` placement decisions, greedy
    /// (R15) for the rest of them until roll `through_rolls + 1`, nobody
    /// placing after.
    RoundHorizon {
        depth: u16,
        includes_decision: bool,
        through_rolls: u8,
        limit: Limit,
    },
    /// Before the last round, when not even two placements fitted: the round
    /// model (greedy until roll `through_rolls + 1`, nobody placing after).
    Round { through_rolls: u8, limit: Limit },
    /// Layouts: the greedy model, max-n over no placement, since `rolls` rolls
    /// come before the last placement round.
    LayoutsGreedy { rolls: u8 },
    /// The paranoid model over the next `depth` of the `turns` placements
    /// due before the roll (the decider's own included), nobody placing
    /// after them: `depth + 1` did not fit.
    Paranoid {
        depth: u16,
        turns: u16,
        limit: Limit,
    },
}

/// Why the equilibrium fell back to the greedy model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GreedyWhy {
    /// Max-n over two placement decisions exceeded the budget.
    Budget { limit: Limit },
}

/// What stopped a longer search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// Its node budget (`--max-nodes`).
    Nodes(u64),
    /// Its node budget, by an estimate made before trying: the searches of
    /// the next round from one of its starts, times the starts.
    Estimate(u64),
    /// Its time budget, in seconds (`--time-limit`).
    Seconds(f64),
    /// The positions it may value at its horizon, by an estimate made
    /// before trying (`--max-leaves`); `cost`: what each counts (1, more for
    /// the pirates aboard and pilots held, `paranoid::leaf_cost`).
    Leaves { max: u64, cost: f64 },
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
    /// Every player's value (R13) if the decider takes the option, indexed by
    /// player; the decider's is `ev`.
    pub players: Vec<f64>,
    /// Probability that the worker placed (or the deciding pirate) is paid.
    pub p_paid: Option<f64>,
    /// Standard error of `ev`; `None` when exact.
    pub stderr: Option<f64>,
    /// Standard error of `gain_vs_pass`; `None` when exact.
    pub gain_stderr: Option<f64>,
    /// The degrees of freedom `stderr` rests on, when they are its own (as
    /// `ShipOdds::dof`); `None`: `How`'s.
    pub ev_dof: Option<f64>,
    /// The same for `gain_stderr`.
    pub gain_dof: Option<f64>,
    /// Standard error of `p_paid`, and the degrees of freedom it rests on;
    /// `None` when `p_paid` is exact or certain (insurance, always paid).
    pub p_paid_stderr: Option<f64>,
    pub p_paid_dof: Option<f64>,
    /// Probability that this option is the best; `None` when exact.
    pub p_best: Option<f64>,
    /// What the future model expects next after this option; `None` under
    /// `none` or when nothing follows.
    pub then: Option<Then>,
    /// The distribution of the decider's value (R13): each value (whole
    /// coins) with its probability, by increasing value. Exact under exact
    /// methods; under Monte Carlo, the play-outs' (each an exact tail when
    /// variance reduction ends it early), so that its mean is `ev`.
    pub distribution: Option<Vec<(i64, f64)>>,
}

/// The quantiles an option's risk is summed up by.
pub const QUANTILES: [f64; 3] = [0.05, 0.5, 0.95];

impl OptionValue {
    /// The probability that the decider's value is below 0.
    pub fn p_loss(&self) -> Option<f64> {
        let d = self.distribution.as_ref()?;
        Some(d.iter().filter(|&&(v, _)| v < 0).map(|&(_, p)| p).sum())
    }

    /// The `q`-quantile of the value: the least value whose cumulative
    /// probability reaches `q` (within rounding).
    pub fn quantile(&self, q: f64) -> Option<i64> {
        let d = self.distribution.as_ref()?;
        let mut cumulative = 0.0;
        for &(v, p) in d {
            cumulative += p;
            if cumulative >= q - 1e-9 {
                return Some(v);
            }
        }
        d.last().map(|&(v, _)| v)
    }
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
    /// The degrees of freedom each error rests on, when a sampler's errors
    /// rest on few (Welch and Satterthwaite over the strata; infinite where
    /// nothing varied). `None`: the normal, or `How::dof`.
    pub dof: Option<(f64, f64)>,
}

/// The decider's options, best first, and the ships' odds after the best one.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    pub decider: PlayerId,
    pub how: How,
    pub options: Vec<OptionValue>,
    /// The option `gain_vs_pass` is measured against (pass, stay, none, first).
    pub reference: Action,
    pub ships: Vec<ShipOdds>,
    /// The best option under each future model computed for comparison, in
    /// the order none, greedy, equilibrium, quantal; empty when not asked.
    pub best_by_model: Vec<(Future, Action)>,
    /// Whether the best option is certain: exact, or settled by sampling.
    pub verdict: Verdict,
}

/// How sure the advice is of its best option.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Every figure is exact (under the model, as approximated if it was).
    Exact,
    /// Sampled: the best option's `P(best)` reached the rule's `at_least`.
    Sure { p_best: f64, at_least: f64 },
    /// Sampled: these options (the best first) tie within `margin`: with 95%
    /// confidence each, none is more than `margin` better than the best,
    /// and every other option is worse than it.
    Tie { margin: f64, options: Vec<Action> },
    /// Sampled: with 95% confidence each, every other option is worse than
    /// the best (whose `P(best)`, a joint figure, is still below the rule's).
    Ahead { p_best: f64 },
    /// Sampled and not settled: the best option's `P(best)`.
    Open { p_best: f64 },
}

impl Verdict {
    pub fn settled(&self) -> bool {
        !matches!(self, Verdict::Open { .. })
    }
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
    pub how: How,
    /// Standard errors of `players`; `None` when exact.
    pub players_stderr: Option<Vec<f64>>,
    /// The degrees of freedom each of those errors rests on, when they are
    /// its own (as `ShipOdds::dof`).
    pub players_dof: Option<Vec<f64>>,
    pub ships: Vec<ShipOdds>,
    /// Indexed by player.
    pub players: Vec<f64>,
}

/// One layout valued, with the best purchase alongside when asked.
#[derive(Clone, Debug, PartialEq)]
pub struct LayoutValue {
    pub layout: Layout,
    /// The cargo left ashore.
    pub ashore: Cargo,
    /// The harbour master's value (R13), the purchase included.
    pub value: f64,
    pub stderr: Option<f64>,
    /// Probability that this layout (with its best purchase) is the best.
    pub p_best: Option<f64>,
    pub ships: Vec<ShipOdds>,
    /// Every player's value, indexed by player.
    pub players: Vec<f64>,
    pub players_stderr: Option<Vec<f64>>,
    /// The share bought with it, and its price; `None`: buying nothing is best.
    pub purchase: Option<(Cargo, u32)>,
}

/// The harbour master's comparison of layouts (R3).
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub harbour_master: PlayerId,
    pub how: How,
    /// Every layout valued with the best purchase of one share.
    pub buy: bool,
    /// Best first.
    pub layouts: Vec<LayoutValue>,
}

/// A finished voyage and its settlement (R11, R12).
#[derive(Clone, Debug, PartialEq)]
pub struct Voyage {
    pub names: Vec<String>,
    pub state: State,
    pub settlement: Settlement,
    /// The settlement item by item (R10, R11): what sums to its payouts.
    pub receipts: Vec<Receipt>,
    /// Each player's cash after the settlement (an insurer short of cash
    /// mortgages shares to pay, R5), when their cash is modelled.
    pub cash_after: Vec<Option<u32>>,
    /// Per player, by `Cargo::index`: the shares an insurer mortgaged to pay
    /// the claims (R5, R11).
    pub mortgaged: Vec<[u8; 4]>,
    /// The prices after the rises (R12), by `Cargo::index`.
    pub prices: [u32; 4],
    /// Each player's change of cash (R13) over the events that led here from
    /// the position they were applied to: receipts at settlement, plus what
    /// those events paid and cost.
    pub profits: Vec<i64>,
    /// The cargoes whose price reached 30, which ends the game (R12), in
    /// cargo order; empty while the game goes on.
    pub game_over: Vec<Cargo>,
    /// Each player's wealth at the final prices (cash plus unmortgaged shares
    /// at their price), when the game is over and their cash is modelled.
    pub wealth: Vec<Option<u32>>,
}

/// A duplicate match between two policies (the arena).
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    pub candidate: String,
    pub baseline: String,
    /// The candidate's rationality, when it is the quantal model (fitted to
    /// the baseline's placements in the reference voyages, or given).
    pub candidate_lambda: Option<Lambda>,
    /// The seats' names, in seating order.
    pub seats: Vec<String>,
    /// The seats the candidate took, by turn from the harbour master (0 the
    /// harbour master); `None`: every seat.
    pub candidate_seats: Option<Vec<u8>>,
    pub seed: u64,
    /// Where layouts came from: `random` or `policy`.
    pub layout: &'static str,
    pub summary: MatchSummary,
    /// In deal order.
    pub deals: Vec<DealResult>,
    pub candidate_times: DecisionTimes,
    pub baseline_times: DecisionTimes,
}

/// The figures of a match, over its deals.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSummary {
    /// The mean over deals of each deal's figure (the candidate's profit in a
    /// seat minus the reference profit of that seat, averaged over seats),
    /// with its error bars.
    pub played: Spread,
    /// The mean difference with each profit less the seat's luck (the dice's
    /// part, `engine::arena::luck`): the same mean, estimated with less
    /// spread.
    pub luck_adjusted: Spread,
    /// The candidate's mean profit in its seat.
    pub candidate_mean: f64,
    /// The baseline's mean profit in a seat of the reference voyages.
    pub baseline_mean: f64,
}

/// A mean over deals and its error bars.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub mean: f64,
    /// Its standard error; `None` with one deal.
    pub stderr: Option<f64>,
}

impl Spread {
    /// The mean of `xs` (one per deal) and its standard error.
    pub fn of(xs: &[f64]) -> Spread {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let stderr = (xs.len() > 1).then(|| {
            let ss: f64 = xs.iter().map(|x| (x - mean).powi(2)).sum();
            (ss / (n - 1.0) / n).sqrt()
        });
        Spread { mean, stderr }
    }

    /// `mean` ± 1.96 standard errors; `None` with one deal.
    pub fn ci95(&self) -> Option<(f64, f64)> {
        self.stderr
            .map(|se| (self.mean - 1.96 * se, self.mean + 1.96 * se))
    }
}

/// One deal of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct DealResult {
    /// Deals are numbered from 1.
    pub deal: u64,
    /// Mean over the candidate's seats of its profit minus the reference
    /// profit.
    pub diff: f64,
    /// The same with each profit less the seat's luck in its voyage.
    pub luck_adjusted: f64,
    pub harbour_master: PlayerId,
    /// The reference voyage's layout.
    pub layout: Layout,
    /// The layout of the replay with the candidate as harbour master (the
    /// reference's unless layouts are chosen by the policies).
    pub candidate_layout: Layout,
    /// Each seat's profit in the reference voyage (the baseline everywhere).
    pub reference: Vec<i64>,
    /// The candidate's profit in each seat, in that seat's replay; `None`
    /// for a seat it did not take.
    pub candidate: Vec<Option<i64>>,
}

/// How long one policy took per decision. The only figures of a match that a
/// seed does not repeat.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionTimes {
    pub decisions: u64,
    /// Seconds.
    pub median: f64,
    pub max: f64,
}

/// What the harbour master is worth to each player at the auction (R16).
#[derive(Clone, Debug, PartialEq)]
pub struct Bids {
    /// How the layouts comparisons were computed (the same for each).
    pub how: How,
    /// The purchase of one share was valued with each layout.
    pub buy: bool,
    /// Per player P, in seating order.
    pub rows: Vec<BidRow>,
    /// Per player Q: the best layout (and purchase) of Q as harbour master,
    /// with every player's value in it.
    pub chosen: Vec<LayoutValue>,
    /// Per player Q: the other layouts exactly as good for Q in which another
    /// player's value differs (Q took the first in R3's order, R14).
    pub ties: Vec<usize>,
}

/// One player's side of the auction.
#[derive(Clone, Debug, PartialEq)]
pub struct BidRow {
    /// P's value (R13) as harbour master, in P's best layout.
    pub as_harbour_master: f64,
    /// Per player Q: P's value when Q is harbour master (`None` for P).
    pub under: Vec<Option<f64>>,
    /// Per player Q: `as_harbour_master` minus `under[Q]` (`None` for P).
    pub limit: Vec<Option<f64>>,
    /// The mean of `limit` over the others.
    pub limit_mean: f64,
    /// The most P may bid (R16: cash plus 12 per share they may mortgage),
    /// when P's cash is modelled: a limit above it cannot be bid.
    pub can_pay: Option<u32>,
    /// The standard errors of P's figures, where they were sampled.
    pub errors: Option<BidErrors>,
}

/// The standard errors of one player's side of a sampled auction, figure
/// by figure as in [`BidRow`].
#[derive(Clone, Debug, PartialEq)]
pub struct BidErrors {
    pub as_harbour_master: f64,
    pub under: Vec<Option<f64>>,
    pub limit: Vec<Option<f64>>,
    pub limit_mean: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The classic Wilson intervals, from the tables: 50 of 100 and 9 of 10
    /// (their standard errors are the binomial's), and none of 432 missed.
    #[test]
    fn probability_interval_is_wilson_s_at_the_samples_the_error_implies() {
        let how = How::sampled(432);
        let close = |(lo, hi): (f64, f64), (a, b): (f64, f64)| {
            assert!((lo - a).abs() < 5e-5 && (hi - b).abs() < 5e-5, "{lo} {hi}")
        };
        close(how.probability_interval(0.5, 0.05, None), (0.4038, 0.5962));
        let se = (0.9f64 * 0.1 / 10.0).sqrt();
        close(how.probability_interval(0.9, se, None), (0.5958, 0.9821));
        close(
            how.probability_interval(1.0, 0.0, None),
            (432.0 / 435.8416, 1.0),
        );
        close(
            how.probability_interval(0.0, 0.0, None),
            (0.0, 3.8416 / 435.8416),
        );
        // At an end with an error: p ± z se if wider.
        close(how.probability_interval(1.0, 0.1, None), (0.804, 1.0));
        // The search's die triples: their own error at the ends.
        let triples = How {
            method: Method::MonteCarlo,
            dof: Some(3),
            ..How::exact(Future::Equilibrium, false)
        };
        let t = triples.z95();
        close(
            triples.probability_interval(1.0, 0.1, None),
            (1.0 - t * 0.1, 1.0),
        );
        // Exact figures.
        let exact = How::exact(Future::None, false);
        assert_eq!(exact.probability_interval(0.9, 0.1, None), (0.9, 0.9));
    }

    /// No spread within the strata: luck when chance remained there (the
    /// play-outs count, as at the ends), exact when it did not.
    #[test]
    fn probability_interval_without_spread_counts_play_outs_only_if_chance_remained() {
        let lucky = How::sampled(432);
        let (lo, hi) = lucky.probability_interval(0.25, 0.0, None);
        assert!(
            (lo - 0.211_49).abs() < 5e-5 && (hi - 0.292_92).abs() < 5e-5,
            "{lo} {hi}"
        );
        let mut exact_strata = How::sampled(432);
        if let Some(s) = exact_strata.sampling.as_mut() {
            s.residual_chance = false;
        }
        assert_eq!(
            exact_strata.probability_interval(0.25, 0.0, None),
            (0.25, 0.25)
        );
        assert_eq!(
            exact_strata.probability_interval(1.0, 0.0, None),
            (1.0, 1.0)
        );
        // A spread seen is Wilson's either way.
        assert_eq!(
            exact_strata.probability_interval(0.5, 0.05, None),
            lucky.probability_interval(0.5, 0.05, None)
        );
    }

    /// A figure's own few degrees of freedom widen its interval by
    /// Student's t: at 1, about 12.7 errors either side of 1/2, not 1.96.
    #[test]
    fn probability_interval_follows_student_s_t_on_a_figure_s_degrees_of_freedom() {
        let how = How::sampled(432);
        let half = |(lo, hi): (f64, f64)| (hi - lo) / 2.0;
        let normal = half(how.probability_interval(0.5, 0.001, None));
        let many = half(how.probability_interval(0.5, 0.001, Some(f64::INFINITY)));
        let one = half(how.probability_interval(0.5, 0.001, Some(1.0)));
        let four = half(how.probability_interval(0.5, 0.001, Some(4.4)));
        assert!(
            (normal - 0.00196).abs() < 1e-5 && many == normal,
            "{normal} {many}"
        );
        assert!(one > 0.0110 && one < 0.0128, "{one}");
        assert!((four - 0.002776).abs() < 1e-5, "{four}");
    }

    #[test]
    fn t_quantile_matches_the_tables_two_sided_95_percent() {
        for (dof, table) in [
            (1, 12.706),
            (2, 4.303),
            (3, 3.182),
            (4, 2.776),
            (15, 2.131),
            (63, 1.998),
            (215, 1.971),
        ] {
            let got = t_quantile(Z_975, dof);
            assert!(
                (got - table).abs() / table < 0.01,
                "{dof}: {got} vs {table}"
            );
        }
    }

    /// A figure's own degrees of freedom (a sampler's) give Student's t;
    /// endless or unknown ones the normal; a search's few, `How::dof`,
    /// stand for every figure of it.
    #[test]
    fn z95_with_a_figure_s_own_degrees_of_freedom() {
        let sampled = How::sampled(432);
        assert_eq!(sampled.z95_with(None), 1.96);
        assert_eq!(sampled.z95_with(Some(f64::INFINITY)), 1.96);
        assert!((sampled.z95_with(Some(4.7)) - 2.776).abs() < 0.003);
        assert!((sampled.z95_with(Some(0.3)) - sampled.z95_with(Some(1.0))).abs() < 1e-12);
        let triples = How {
            dof: Some(3),
            ..How::sampled(432)
        };
        assert!((triples.z95_with(Some(100.0)) - 3.182).abs() < 0.03);
    }

    #[test]
    fn z95_is_the_normal_s_unless_few_degrees_of_freedom() {
        let mut how = How::exact(Future::Equilibrium, false);
        assert_eq!(how.z95(), 1.96);
        how.dof = Some(3);
        assert!((how.z95() - 3.182).abs() < 0.03);
    }
}
