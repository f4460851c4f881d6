//! Monte Carlo: the rest of the voyage played out many times, with honest error
//! bars.
//!
//! A *sample* is one play-out of the rest of the voyage under the future model:
//! placements come from the model (`none`: everybody passes; `greedy`: R15), the
//! dice from the stream, the other decisions (boarding, pilots, plunder) from the
//! exact choice at that point under the same model (R14). With variance reduction
//! on, a play-out stops once what is left is small enough to enumerate
//! (everything after roll 2, with the last round's placements) and takes the
//! exact value of the rest.
//!
//! Every option is valued on the same dice (common random numbers). The first roll
//! still to come is stratified: a *block* runs all 216 outcomes of its three dice
//! once, the later dice drawn at random. Block means are independent, so standard
//! errors come from the spread of block means. Blocks are grouped in fixed chunks,
//! each with its own stream split off the seed before going parallel, and chunk
//! results are merged in chunk order: the answer does not depend on the threads.

use crate::action::Action;
use crate::exact::{self, Mark, Outcome};
use crate::future::{self, Planner};
use crate::play;
use crate::report::Future;
use crate::rules::{DIE_SIDES, MAX_PLAYERS, ROLLS, SHIPS};
use crate::state::{Phase, State};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Outcomes of the stratified roll: one play-out each per block.
pub const BLOCK: u64 = 216;
/// Blocks per chunk: the unit of parallel work, each with its own stream.
const CHUNK_BLOCKS: u64 = 8;
/// Chunks between two checks of the stopping rules.
const ROUND_CHUNKS: u64 = 16;
/// `--until-settled` looks only after this many play-outs.
pub const SETTLE_MIN_SAMPLES: u64 = 10 * BLOCK;
/// Margin of `--until-settled`, in joint standard errors.
pub const SETTLE_SIGMAS: f64 = 3.0;
/// Memoised values a planner keeps before it starts afresh (memory bound).
const PLANNER_MEMO: usize = 200_000;
/// Draws from the normal approximation that estimate `p_best`.
const P_BEST_DRAWS: usize = 20_000;

/// How long to sample and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub seed: u64,
    /// Play-outs wanted (rounded up to whole blocks); `None`: until another rule.
    pub samples: Option<u64>,
    /// Stop when every option's standard error is below this.
    pub target_stderr: Option<f64>,
    /// Stop when the best option leads each other by 3 joint standard errors.
    pub until_settled: bool,
    /// Never more play-outs than this.
    pub max_samples: u64,
    /// Return what has been gathered after this long.
    pub time_limit: Option<Duration>,
    /// Enumerate the small end of the voyage exactly instead of sampling it.
    pub reduce_variance: bool,
    /// What a value counts besides cash (R13).
    pub valuation: exact::Valuation,
    /// How later placements are made (R15): `none` or `greedy`.
    pub future: Future,
}

impl Settings {
    pub fn new(seed: u64) -> Settings {
        Settings {
            seed,
            samples: None,
            target_stderr: None,
            until_settled: false,
            max_samples: 50_000_000,
            time_limit: None,
            reduce_variance: true,
            valuation: exact::Valuation::default(),
            future: Future::None,
        }
    }
}

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

/// One thing valued: an option of the decider (or the position itself for odds).
#[derive(Clone, Copy, Debug)]
pub struct Arm {
    pub action: Option<Action>,
    /// The state right after the action.
    pub start: State,
    pub mark: Mark,
    /// What the action costs and pays the decider at once.
    pub cost: f64,
    pub income: f64,
}

/// Estimates for one arm.
#[derive(Clone, Debug)]
pub struct ArmEstimate {
    pub action: Option<Action>,
    /// Mean outcome per play-out.
    pub mean: Outcome,
    /// Standard error of each component of `mean`.
    pub stderr: Outcome,
    /// The decider's value: `mean.value[decider] - cost + income`.
    pub ev: f64,
    pub ev_stderr: f64,
    /// Standard error of `ev` minus the first arm's `ev`.
    pub gain_stderr: f64,
    /// Probability that this arm is the best (normal approximation).
    pub p_best: f64,
}

/// The result of a sampling run.
#[derive(Clone, Debug)]
pub struct Estimate {
    pub arms: Vec<ArmEstimate>,
    /// Covariance of the arms' mean values, row-major.
    pub cov: Vec<f64>,
    pub samples: u64,
    pub stop: Stop,
    pub seed: u64,
    pub elapsed: Duration,
}

/// The arms of an advice: every legal option of the decider in `s`.
pub fn option_arms(s: &State) -> Vec<Arm> {
    play::legal_actions(s)
        .into_iter()
        .filter_map(|a| {
            let start = play::apply(s, a).ok()?;
            Some(Arm {
                action: Some(a),
                start,
                mark: exact::option_mark(s, a),
                cost: play::action_cost(s, a) as f64,
                income: play::income(s, a) as f64,
            })
        })
        .collect()
}

/// The single arm of odds: the position as it stands.
pub fn position_arm(s: &State) -> Arm {
    Arm {
        action: None,
        start: *s,
        mark: Mark::None,
        cost: 0.0,
        income: 0.0,
    }
}

/// The dice of one play-out: `dice[k][i]` moves ship `i` in roll `k + 1`.
type Dice = [[u8; SHIPS]; ROLLS as usize];

/// Plays out the rest of the voyage from `arm.start` under the future model.
fn playout(planner: &mut Planner, arm: &Arm, dice: &Dice, reduce: bool) -> Outcome {
    let mut s = arm.start;
    let mut mark = arm.mark;
    // What later placements cost and pay (R13); the exact tail counts its own.
    let mut spent = [0.0; MAX_PLAYERS];
    let finish = |mut o: Outcome, spent: &[f64; MAX_PLAYERS]| {
        for (v, x) in o.value.iter_mut().zip(spent) {
            *v += x;
        }
        o
    };
    loop {
        match s.phase {
            Phase::Over => {
                let o = exact::settled(&s, mark, planner.valuation());
                return finish(o, &spent);
            }
            // Once roll 2 is known the rest is small: its exact value under the
            // model (round 3 placements included) replaces the sampled dice.
            _ if reduce && s.rolls_done >= 2 => {
                let o = planner.value(&s, mark, 0).unwrap_or_default();
                return finish(o, &spent);
            }
            Phase::Roll => s = play::roll(&s, dice[s.rolls_done as usize]),
            _ => {
                let Ok(Some(a)) = planner.choice(&s, mark, 0) else {
                    let o = planner.solver().value(&s, mark);
                    return finish(o, &spent);
                };
                if let Some((p, cash)) = future::placement_cash(&s, a) {
                    spent[p as usize] += cash;
                }
                mark = exact::follow_mark(mark, &s, a);
                s = play::apply(&s, a).unwrap_or(s);
            }
        }
    }
}

/// The roll whose dice are stratified: the first still to come for every arm.
fn stratified_roll(arms: &[Arm]) -> usize {
    arms.iter()
        .map(|a| a.start.rolls_done as usize)
        .min()
        .unwrap_or(0)
        .min(ROLLS as usize - 1)
}

/// Sums over play-outs, merged associatively in chunk order. Kept per stratum,
/// so that the variance is estimated within strata (216 (B - 1) degrees of
/// freedom after B blocks) and not only from the B block means.
#[derive(Clone, Debug)]
struct Sums {
    arms: usize,
    blocks: u64,
    /// `strata[h * arms + k]`: Σ over blocks of arm `k`'s outcome in stratum `h`.
    strata: Vec<Outcome>,
    /// Per arm: Σ over play-outs of the outcome squared, component by component.
    square: Vec<Outcome>,
    /// Σ over play-outs of `v_i · v_j`, the decider's values of arms i and j.
    cross: Vec<f64>,
}

impl Sums {
    fn new(arms: usize) -> Sums {
        Sums {
            arms,
            blocks: 0,
            strata: vec![Outcome::default(); BLOCK as usize * arms],
            square: vec![Outcome::default(); arms],
            cross: vec![0.0; arms * arms],
        }
    }

    fn merge(mut self, other: &Sums) -> Sums {
        self.blocks += other.blocks;
        for (a, b) in self.strata.iter_mut().zip(&other.strata) {
            a.add(1.0, b);
        }
        for (a, b) in self.square.iter_mut().zip(&other.square) {
            a.add(1.0, b);
        }
        for (a, b) in self.cross.iter_mut().zip(&other.cross) {
            *a += b;
        }
        self
    }

    /// Adds the play-outs of all arms in one stratum.
    fn add(&mut self, stratum: usize, outcomes: &[Outcome], values: &[f64]) {
        let n = self.arms;
        for (k, o) in outcomes.iter().enumerate() {
            self.strata[stratum * n + k].add(1.0, o);
            self.square[k].add(1.0, &o.squared());
        }
        for i in 0..n {
            for j in 0..n {
                self.cross[i * n + j] += values[i] * values[j];
            }
        }
    }

    /// Σ over strata of the product of two arms' stratum sums, by component.
    fn strata_product(&self, i: usize, j: usize, f: impl Fn(&Outcome) -> f64) -> f64 {
        let n = self.arms;
        (0..BLOCK as usize)
            .map(|h| f(&self.strata[h * n + i]) * f(&self.strata[h * n + j]))
            .sum()
    }

    fn total(&self, k: usize) -> Outcome {
        let mut out = Outcome::default();
        for h in 0..BLOCK as usize {
            out.add(1.0, &self.strata[h * self.arms + k]);
        }
        out
    }
}

/// Everything a chunk needs: arms, decider, settings, and solvers to reuse.
struct Job<'a> {
    arms: &'a [Arm],
    decider: Option<usize>,
    reduce: bool,
    stratified: usize,
    valuation: exact::Valuation,
    future: Future,
    planners: Mutex<Vec<Planner>>,
    /// With a model that keeps placing, play-outs are dear: arms are played in
    /// parallel, each by a planner sharing this one's greedy choices (`None`:
    /// arms in sequence).
    shared: Option<Planner>,
}

impl Job<'_> {
    /// Runs `blocks` blocks on one stream. A planner's memo is a cache of pure
    /// values, so sharing planners between chunks changes no figure.
    fn chunk(&self, mut rng: Xoshiro256PlusPlus, blocks: u64) -> Sums {
        if self.shared.is_some() {
            return self.chunk_by_arm(rng, blocks);
        }
        let mut planner = self
            .planners
            .lock()
            .ok()
            .and_then(|mut s| s.pop())
            .unwrap_or_else(|| Planner::new(self.future, self.valuation));
        let mut sums = Sums::new(self.arms.len());
        let mut outcomes = vec![Outcome::default(); self.arms.len()];
        for _ in 0..blocks {
            for stratum in 0..BLOCK {
                let dice = self.dice(&mut rng, stratum);
                for (k, arm) in self.arms.iter().enumerate() {
                    outcomes[k] = playout(&mut planner, arm, &dice, self.reduce);
                }
                self.add(&mut sums, stratum, &outcomes);
            }
            sums.blocks += 1;
            planner.trim(PLANNER_MEMO);
        }
        if let Ok(mut pool) = self.planners.lock() {
            pool.push(planner);
        }
        sums
    }

    /// The same, arm by arm in parallel, each arm's play-outs in a row by one
    /// planner sharing the greedy choices of the others (play-outs of
    /// neighbouring arms meet the same states). An arm's play-outs of one
    /// stratum come one after the other: they share the first roll, so the
    /// second meets the tables of the first. The dice are drawn first, in the
    /// order `chunk` draws them; every play-out is a pure function of its arm
    /// and dice, so the order changes no figure.
    fn chunk_by_arm(&self, mut rng: Xoshiro256PlusPlus, blocks: u64) -> Sums {
        let dice: Vec<Dice> = (0..blocks * BLOCK)
            .map(|i| self.dice(&mut rng, i % BLOCK))
            .collect();
        let sibling = || match &self.shared {
            Some(shared) => shared.sibling(),
            None => Planner::new(self.future, self.valuation),
        };
        let played: Vec<Vec<Outcome>> = self
            .arms
            .par_iter()
            .with_max_len(1)
            .map_init(sibling, |planner, arm| {
                let mut out = vec![Outcome::default(); dice.len()];
                for h in 0..BLOCK as usize {
                    for b in 0..blocks as usize {
                        let i = b * BLOCK as usize + h;
                        out[i] = playout(planner, arm, &dice[i], self.reduce);
                    }
                    planner.trim(PLANNER_MEMO);
                }
                out
            })
            .collect();
        let mut sums = Sums::new(self.arms.len());
        let mut outcomes = vec![Outcome::default(); self.arms.len()];
        for i in 0..dice.len() {
            for (o, arm) in outcomes.iter_mut().zip(&played) {
                *o = arm[i];
            }
            self.add(&mut sums, i as u64 % BLOCK, &outcomes);
            if ((i + 1) as u64).is_multiple_of(BLOCK) {
                sums.blocks += 1;
            }
        }
        sums
    }

    /// Adds one stratum's play-outs of every arm to `sums`.
    fn add(&self, sums: &mut Sums, stratum: u64, outcomes: &[Outcome]) {
        let values: Vec<f64> = outcomes
            .iter()
            .map(|o| self.decider.map_or(0.0, |d| o.value[d]))
            .collect();
        sums.add(stratum as usize, outcomes, &values);
    }

    fn dice(&self, rng: &mut Xoshiro256PlusPlus, stratum: u64) -> Dice {
        let mut dice = [[0u8; SHIPS]; ROLLS as usize];
        for (k, roll) in dice.iter_mut().enumerate() {
            for (i, d) in roll.iter_mut().enumerate() {
                // Without variance reduction every die is drawn at random.
                *d = if self.reduce && k == self.stratified {
                    let sides = DIE_SIDES as u64;
                    1 + (stratum / sides.pow(2 - i as u32) % sides) as u8
                } else {
                    rng.random_range(1..=DIE_SIDES)
                };
            }
        }
        dice
    }
}

/// The planner whose greedy choices the arms' planners share, when players
/// keep placing and there are arms enough to keep every thread busy (or one
/// thread): arm by arm is then the faster order. `None`: chunks in parallel.
fn shared_planner(arms: usize, settings: &Settings) -> Option<Planner> {
    let threads = rayon::current_num_threads();
    let by_arm = settings.future != Future::None && (threads == 1 || arms >= 2 * threads);
    by_arm.then(|| Planner::new(settings.future, settings.valuation))
}

/// Samples the arms until a stopping rule holds. `decider` is whose value ranks
/// the arms; `on_progress` hears (play-outs so far, largest standard error).
pub fn run(
    arms: &[Arm],
    decider: Option<usize>,
    settings: &Settings,
    on_progress: &mut dyn FnMut(u64, f64),
) -> Estimate {
    let started = Instant::now();
    let job = Job {
        arms,
        decider,
        reduce: settings.reduce_variance,
        stratified: stratified_roll(arms),
        valuation: settings.valuation,
        future: settings.future,
        planners: Mutex::new(Vec::new()),
        shared: shared_planner(arms.len(), settings),
    };
    let mut master = Xoshiro256PlusPlus::seed_from_u64(settings.seed);
    let cap_blocks = (settings.max_samples / BLOCK).max(2);
    let want_blocks = settings
        .samples
        .map_or(cap_blocks, |n| n.div_ceil(BLOCK).max(2))
        .min(cap_blocks);
    let mut sums = Sums::new(arms.len());
    loop {
        let left = want_blocks - sums.blocks;
        // Streams are split off the master before going parallel (one per chunk).
        let round: Vec<(Xoshiro256PlusPlus, u64)> = (0..ROUND_CHUNKS)
            .map(|k| left.saturating_sub(k * CHUNK_BLOCKS).min(CHUNK_BLOCKS))
            .filter(|&b| b > 0)
            .map(|b| {
                let rng = master.clone();
                master.jump();
                (rng, b)
            })
            .collect();
        // Arms played in parallel make their own parallel work: chunks then go
        // in turn.
        let parts: Vec<Sums> = if job.shared.is_none() {
            round
                .into_par_iter()
                .map(|(rng, b)| job.chunk(rng, b))
                .collect()
        } else {
            round
                .into_iter()
                .map(|(rng, b)| job.chunk(rng, b))
                .collect()
        };
        sums = parts.iter().fold(sums, |acc, part| acc.merge(part));
        let mut estimate = summarise(arms, &sums, decider, settings.seed);
        on_progress(estimate.samples, largest_stderr(&estimate, decider));
        if let Some(stop) = should_stop(
            settings,
            &estimate,
            decider,
            sums.blocks,
            want_blocks,
            cap_blocks,
            started,
        ) {
            estimate.stop = stop;
            estimate.elapsed = started.elapsed();
            if decider.is_some() {
                estimate_p_best(&mut estimate);
            }
            return estimate;
        }
    }
}

/// Means, standard errors and the covariance of the arms' values from the sums.
///
/// With B blocks of H strata, the mean's variance is the sum over strata of each
/// stratum's variance over B play-outs, divided by H² B:
/// `(Σ x² - Σ_h (Σ_b x)² / B) / (H² B (B - 1))`; likewise for covariances.
fn summarise(arms: &[Arm], sums: &Sums, decider: Option<usize>, seed: u64) -> Estimate {
    let (blocks, h) = (sums.blocks as f64, BLOCK as f64);
    let n = arms.len();
    let scale = h * h * blocks * (blocks - 1.0);
    let variance = |squares: f64, strata: f64| {
        if sums.blocks < 2 {
            f64::INFINITY
        } else {
            ((squares - strata / blocks) / scale).max(0.0)
        }
    };
    let value = |o: &Outcome| decider.map_or(0.0, |d| o.value[d]);
    let mut cov = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..n {
            let centred = sums.cross[i * n + j] - sums.strata_product(i, j, value) / blocks;
            cov[i * n + j] = if sums.blocks < 2 {
                f64::INFINITY
            } else {
                centred / scale
            };
        }
    }
    let estimates = (0..n)
        .map(|k| {
            let mean = sums.total(k).scaled(1.0 / (h * blocks));
            let stderr = component_stderr(sums, k, &variance);
            let c = |i: usize, j: usize| cov[i * n + j];
            ArmEstimate {
                action: arms[k].action,
                ev: decider.map_or(0.0, |d| mean.value[d] - arms[k].cost + arms[k].income),
                mean,
                stderr,
                ev_stderr: c(k, k).max(0.0).sqrt(),
                gain_stderr: (c(k, k) + c(0, 0) - 2.0 * c(0, k)).max(0.0).sqrt(),
                p_best: 0.0,
            }
        })
        .collect();
    Estimate {
        arms: estimates,
        cov,
        samples: sums.blocks * BLOCK,
        stop: Stop::Samples,
        seed,
        elapsed: Duration::ZERO,
    }
}

/// The standard error of every component of arm `k`'s mean outcome.
fn component_stderr(sums: &Sums, k: usize, variance: &dyn Fn(f64, f64) -> f64) -> Outcome {
    let mut strata = Outcome::default();
    for h in 0..BLOCK as usize {
        strata.add(1.0, &sums.strata[h * sums.arms + k].squared());
    }
    sums.square[k].zip(&strata, |sq, st| variance(sq, st).sqrt())
}

/// The largest standard error among the figures reported: the options' values
/// when someone decides, else (odds) the players' values and the ships' odds.
fn largest_stderr(estimate: &Estimate, decider: Option<usize>) -> f64 {
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

fn should_stop(
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
        k == best || (se == 0.0 && gap.abs() < exact::TIE) || gap >= SETTLE_SIGMAS * se
    })
}

impl Estimate {
    /// The standard error of the difference of the values of arms `i` and `j`.
    pub fn joint_stderr(&self, i: usize, j: usize) -> f64 {
        let n = self.arms.len();
        let c = |a: usize, b: usize| self.cov[a * n + b];
        (c(i, i) + c(j, j) - 2.0 * c(i, j)).max(0.0).sqrt()
    }
}

/// `p_best`: the share of draws from the normal approximation of the arms' mean
/// values (means and covariance as estimated) in which each arm is the best;
/// ties go to the first arm in canonical order, as in R14.
fn estimate_p_best(estimate: &mut Estimate) {
    let n = estimate.arms.len();
    let l = cholesky(&estimate.cov, n);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(estimate.seed ^ 0x5EED_0FBE_5700);
    let mut wins = vec![0u64; n];
    let mut z = vec![0.0; n];
    for _ in 0..P_BEST_DRAWS {
        z.iter_mut().for_each(|x| *x = normal(&mut rng));
        let mut best = (0, f64::NEG_INFINITY);
        for i in 0..n {
            let noise: f64 = (0..=i).map(|j| l[i * n + j] * z[j]).sum();
            let x = estimate.arms[i].ev + noise;
            if x > best.1 + exact::TIE {
                best = (i, x);
            }
        }
        wins[best.0] += 1;
    }
    for (arm, w) in estimate.arms.iter_mut().zip(wins) {
        arm.p_best = w as f64 / P_BEST_DRAWS as f64;
    }
}

/// Lower-triangular `l` with `l lᵀ = cov`; a direction of zero variance (two
/// arms equal on every sample) gets a zero column instead of failing.
fn cholesky(cov: &[f64], n: usize) -> Vec<f64> {
    let mut l = vec![0.0; n * n];
    for j in 0..n {
        let d = cov[j * n + j] - (0..j).map(|k| l[j * n + k] * l[j * n + k]).sum::<f64>();
        let scale = cov[j * n + j].abs().max(1e-300);
        if !d.is_finite() || d <= 1e-12 * scale {
            continue;
        }
        let root = d.sqrt();
        l[j * n + j] = root;
        for i in j + 1..n {
            let s = cov[i * n + j] - (0..j).map(|k| l[i * n + k] * l[j * n + k]).sum::<f64>();
            l[i * n + j] = s / root;
        }
    }
    l
}

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut Xoshiro256PlusPlus) -> f64 {
    let u1: f64 = 1.0 - rng.random::<f64>();
    let u2: f64 = rng.random::<f64>();
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}
