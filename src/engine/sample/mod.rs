//! Monte Carlo: the rest of the voyage played out many times, with honest error
//! bars.
//!
//! A *sample* is one play-out of the rest of the voyage under the future model
//! (`playout.rs`). Every option is valued on the same dice (common random
//! numbers). The first roll still to come is stratified: a *block* runs all 216
//! outcomes of its three dice once, the later dice drawn at random. Block means
//! are independent, so standard errors come from the spread within strata
//! (`stats.rs`). Blocks are grouped in fixed chunks, each with its own stream
//! split off the seed before going parallel, and chunk results are merged in
//! chunk order: the answer does not depend on the threads. Sampling goes on
//! until a stopping rule holds (`stop.rs`).

mod playout;
mod stats;
mod stop;

pub use stats::{ArmEstimate, Estimate, estimate_p_best, t_95};
pub use stop::{SETTLE, SETTLE_MIN_SAMPLES, SETTLE_SIGMAS, Settle, Stop, leader, tied};

use super::future::Planner;
use super::interrupt;
use super::risk::{Dist, Tails};
use super::values::{Mark, Outcome, Valuation, option_mark};
use crate::report::{Future, Sampling};
use crate::rules::{self, Action, DIE_SIDES, ROLLS, SHIPS, State};
use playout::{CHOICES, Draw, playout, playout_dist};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use stats::{Sums, summarise};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use stop::{largest_stderr, should_stop};

/// Outcomes of the stratified roll: one play-out each per block.
pub const BLOCK: u64 = 216;
/// Blocks per chunk: the unit of parallel work, each with its own stream.
const CHUNK_BLOCKS: u64 = 8;
/// Chunks between two checks of the stopping rules.
const ROUND_CHUNKS: u64 = 16;
/// Memoised values a planner keeps before it starts afresh (memory bound).
const PLANNER_MEMO: usize = 200_000;
/// Progress within a round is reported at most this often (milliseconds).
const TICK_MS: u64 = 100;

/// Hears how a run goes, [`Tick`] by tick. It may be called from any worker
/// thread, one call at a time.
pub type OnProgress<'a> = &'a mut (dyn FnMut(Tick) + Send);

/// How far a long computation has gone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tick {
    /// Monte Carlo: play-outs so far and the largest standard error. Within
    /// a round the play-outs count what every arm has played, and the
    /// standard error is the last round's (NaN before the first round ends).
    PlayOuts { samples: u64, stderr: f64 },
    /// A search that values the options one by one: `done` of `of`, and
    /// `running` being valued now (one a thread).
    Options { done: u64, running: u64, of: u64 },
}

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
    /// Stop when the decision is settled by `P(best)` or a tie (checked
    /// after every block from the second; blocks then come one by one).
    pub settle: Option<Settle>,
    /// Never more play-outs than this.
    pub max_samples: u64,
    /// Return what has been gathered after this long.
    pub time_limit: Option<Duration>,
    /// Enumerate the small end of the voyage exactly instead of sampling it.
    pub reduce_variance: bool,
    /// What a value counts besides cash (R13).
    pub valuation: Valuation,
    /// How later placements are made (R15): `none`, `greedy` or `quantal`.
    pub future: Future,
    /// The rationality of quantal placements.
    pub lambda: f64,
    /// Gather each arm's distribution of the decider's value too.
    pub risk: bool,
}

impl Settings {
    pub fn new(seed: u64) -> Settings {
        Settings {
            seed,
            samples: None,
            target_stderr: None,
            until_settled: false,
            settle: None,
            max_samples: 50_000_000,
            time_limit: None,
            reduce_variance: true,
            valuation: Valuation::default(),
            future: Future::None,
            lambda: 1.0,
            risk: false,
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

/// The arms of an advice: every legal option of the decider in `s`.
pub fn option_arms(s: &State) -> Vec<Arm> {
    rules::legal_actions(s)
        .into_iter()
        .filter_map(|a| {
            let start = rules::apply(s, a).ok()?;
            Some(Arm {
                action: Some(a),
                start,
                mark: option_mark(s, a),
                cost: rules::action_cost(s, a) as f64,
                income: rules::income(s, a) as f64,
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

/// The roll whose dice are stratified: the first still to come for every arm.
fn stratified_roll(arms: &[Arm]) -> usize {
    arms.iter()
        .map(|a| a.start.rolls_done as usize)
        .min()
        .unwrap_or(0)
        .min(ROLLS as usize - 1)
}

/// Whether chance remains within a stratum: a play-out that is not a
/// function of the stratified roll's dice alone. It is one when variance
/// reduction is on, the stratified roll is roll 2 or 3 (all that follows is
/// taken exactly, `playout`) and no quantal placement is drawn. Otherwise a
/// spread of 0 within every stratum is the luck of the draw (two play-outs
/// of a stratum that happened to agree), not a certainty.
fn residual_chance(arms: &[Arm], settings: &Settings) -> bool {
    let quantal = settings.future == Future::Quantal
        && arms
            .iter()
            .any(|a| super::future::placements_remain(&a.start, Future::Quantal));
    !settings.reduce_variance || quantal || stratified_roll(arms) == 0
}

/// How the run `e` of `arms` under `settings` went, for its report.
/// `decider`: whose values are shown (`None`: every player's), the ones
/// [`Sampling::unseen_spread`] looks at.
pub fn sampling(
    e: &Estimate,
    arms: &[Arm],
    settings: &Settings,
    decider: Option<usize>,
) -> Sampling {
    let residual_chance = residual_chance(arms, settings);
    Sampling {
        seed: e.seed,
        samples: e.samples,
        stop: e.stop.name(),
        seconds: e.elapsed.as_secs_f64(),
        variance_reduction: settings.reduce_variance,
        residual_chance,
        unseen_spread: residual_chance && unseen_spread(e, arms, settings, decider),
    }
}

/// Whether some value of `e` shown has no spread though it is not certain
/// ([`value_certain`]): a rarer outcome may then not have come up, if
/// chance remained ([`residual_chance`]).
fn unseen_spread(e: &Estimate, arms: &[Arm], settings: &Settings, decider: Option<usize>) -> bool {
    e.arms.iter().zip(arms).any(|(est, arm)| {
        (0..arm.start.players as usize)
            .filter(|&p| decider.is_none_or(|d| d == p))
            .any(|p| {
                est.stderr.value[p] == 0.0
                    && !value_certain(&arm.start, p as rules::PlayerId, settings)
            })
    })
}

/// Whether player `p`'s value from `s` on is certain, whatever the dice and
/// the draws: no worker of theirs can be paid or lose its pay (a seat, a
/// berth, a pirate or the insurance, R9-R11; a pilot is paid nothing, R8),
/// no share of theirs is counted (R12), and they place no more worker (they
/// passed, have none in hand, or the model places none). A sampled value of
/// such a player has no spread because it has none; any other's may lack it
/// by chance.
fn value_certain(s: &State, p: rules::PlayerId, settings: &Settings) -> bool {
    let pilots = [s.small_pilot, s.large_pilot];
    let paying = s.placed(p) > pilots.iter().filter(|&&o| o == Some(p)).count();
    let shares = settings.valuation.count_shares && s.shares[p as usize].iter().any(|&n| n > 0);
    let places = super::future::placements_remain(s, settings.future)
        && !s.has_passed(p)
        && s.in_hand(p) > 0;
    !paying && !shares && !places
}

/// Everything a chunk needs: arms, decider, settings, and solvers to reuse.
struct Job<'a> {
    arms: &'a [Arm],
    decider: Option<usize>,
    reduce: bool,
    stratified: usize,
    valuation: Valuation,
    future: Future,
    lambda: f64,
    /// The decider whose distributions are gathered, when risk is asked for.
    risk: Option<usize>,
    /// Settling is checked after every block.
    settling: bool,
    planners: Mutex<Vec<(Planner, Tails)>>,
    /// With a model that keeps placing, play-outs are dear: arms are played in
    /// parallel, each by a planner sharing this one's greedy choices (`None`:
    /// arms in sequence).
    shared: Option<Planner>,
    /// Greedy choices kept from earlier runs (`engine::cache`), shared by every
    /// planner of this one: a choice is a pure function of its state.
    root: Option<&'a Planner>,
    ticker: Ticker<'a>,
    /// When the time limit runs out: no chunk starts and no block of a chunk
    /// begins after it, beyond the two blocks a standard error needs. Only a
    /// run that hits it depends on timing.
    deadline: Option<Instant>,
}

/// Progress as the workers make it: a round of greedy play-outs can take a
/// minute, and a person watching wants to see it move. Reporting never touches
/// the figures, so the answer stays the same whatever the threads.
struct Ticker<'a> {
    sink: Mutex<OnProgress<'a>>,
    arms: u64,
    /// Arm play-outs done so far, over every round.
    done: AtomicU64,
    /// The bits of the last round's largest standard error.
    stderr: AtomicU64,
    started: Instant,
    /// Milliseconds after `started` before which no report is due.
    next_ms: AtomicU64,
}

impl<'a> Ticker<'a> {
    fn new(sink: OnProgress<'a>, arms: usize) -> Ticker<'a> {
        Ticker {
            sink: Mutex::new(sink),
            arms: arms.max(1) as u64,
            done: AtomicU64::new(0),
            stderr: AtomicU64::new(f64::NAN.to_bits()),
            started: Instant::now(),
            next_ms: AtomicU64::new(TICK_MS),
        }
    }

    /// `n` more arm play-outs are done; reports when a report is due and no
    /// other worker is reporting.
    fn add(&self, n: u64) {
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        let now = self.started.elapsed().as_millis() as u64;
        let next = self.next_ms.load(Ordering::Relaxed);
        let due = now >= next
            && self
                .next_ms
                .compare_exchange(next, now + TICK_MS, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok();
        if due && let Ok(mut sink) = self.sink.try_lock() {
            let stderr = f64::from_bits(self.stderr.load(Ordering::Relaxed));
            (*sink)(Tick::PlayOuts {
                samples: done / self.arms,
                stderr,
            });
        }
    }

    /// A round is over: its play-outs and largest standard error, exactly.
    fn round(&self, samples: u64, stderr: f64) {
        self.stderr.store(stderr.to_bits(), Ordering::Relaxed);
        if let Ok(mut sink) = self.sink.lock() {
            (*sink)(Tick::PlayOuts { samples, stderr });
        }
    }
}

impl Job<'_> {
    /// Runs `blocks` blocks on one stream. A planner's memo is a cache of pure
    /// values, so sharing planners between chunks changes no figure.
    fn chunk(&self, mut rng: Xoshiro256PlusPlus, blocks: u64, must: u64) -> Sums {
        if self.shared.is_some() {
            if must == 0 && self.late() {
                return self.sums();
            }
            return self.chunk_by_arm(rng, blocks, must);
        }
        let (mut planner, mut tails) = self
            .planners
            .lock()
            .ok()
            .and_then(|mut s| s.pop())
            .unwrap_or_else(|| (self.planner(), Tails::default()));
        let mut sums = self.sums();
        let mut outcomes = vec![Outcome::default(); self.arms.len()];
        for b in 0..blocks {
            if interrupt::requested() || (b >= must && self.late()) {
                break;
            }
            for stratum in 0..BLOCK {
                let dice = self.dice(&mut rng, stratum);
                for (k, arm) in self.arms.iter().enumerate() {
                    let (o, end) = playout(&mut planner, arm, &dice, self.reduce);
                    outcomes[k] = o;
                    if let Some(d) = self.risk {
                        let dist = playout_dist(&mut planner, &mut tails, &o, &end, d);
                        sums.hists[k].add(&dist);
                    }
                }
                self.add(&mut sums, stratum, &outcomes);
                self.ticker.add(self.arms.len() as u64);
            }
            sums.blocks += 1;
            planner.trim(PLANNER_MEMO);
        }
        if let Ok(mut pool) = self.planners.lock() {
            pool.push((planner, tails));
        }
        sums
    }

    /// Past the time limit.
    fn late(&self) -> bool {
        self.deadline.is_some_and(|at| Instant::now() >= at)
    }

    fn sums(&self) -> Sums {
        match self.risk {
            Some(_) => Sums::with_risk(self.arms.len()),
            None => Sums::new(self.arms.len()),
        }
    }

    /// The same, arm by arm in parallel, each arm's play-outs in a row by one
    /// planner sharing the greedy choices of the others (play-outs of
    /// neighbouring arms meet the same states). An arm's play-outs of one
    /// stratum come one after the other: they share the first roll, so the
    /// second meets the tables of the first. The dice are drawn first, in the
    /// order `chunk` draws them; every play-out is a pure function of its arm
    /// and dice, so the order changes no figure.
    ///
    /// Under a time limit the blocks after the first `must` are played one
    /// at a time, the limit checked before each (on the same dice: they are
    /// drawn for the whole chunk first), as `chunk` does.
    fn chunk_by_arm(&self, mut rng: Xoshiro256PlusPlus, blocks: u64, must: u64) -> Sums {
        let dice: Vec<Draw> = (0..blocks * BLOCK)
            .map(|i| self.dice(&mut rng, i % BLOCK))
            .collect();
        let mut sums = self.sums();
        let mut done = 0;
        while done < blocks {
            if done >= must && (self.late() || interrupt::requested()) {
                break;
            }
            let piece = match self.deadline {
                None => blocks - done,
                Some(_) if done < must => must - done,
                Some(_) => 1,
            };
            let at = (done * BLOCK) as usize..((done + piece) * BLOCK) as usize;
            sums = sums.merge(&self.blocks_by_arm(&dice[at], piece));
            done += piece;
        }
        sums
    }

    /// `blocks` blocks on `dice`, arm by arm in parallel (see
    /// [`Job::chunk_by_arm`]).
    fn blocks_by_arm(&self, dice: &[Draw], blocks: u64) -> Sums {
        let sibling = || match &self.shared {
            Some(shared) => shared.sibling(),
            None => self.planner(),
        };
        let played: Vec<Vec<(Outcome, Dist)>> = self
            .arms
            .par_iter()
            .with_max_len(1)
            .map_init(
                || (sibling(), Tails::default()),
                |(planner, tails), arm| {
                    let mut out = vec![(Outcome::default(), Dist::new()); dice.len()];
                    for h in 0..BLOCK as usize {
                        if interrupt::requested() {
                            break;
                        }
                        for b in 0..blocks as usize {
                            let i = b * BLOCK as usize + h;
                            let (o, end) = playout(planner, arm, &dice[i], self.reduce);
                            let dist = match self.risk {
                                Some(d) => playout_dist(planner, tails, &o, &end, d),
                                None => Dist::new(),
                            };
                            out[i] = (o, dist);
                        }
                        self.ticker.add(blocks);
                        planner.trim(PLANNER_MEMO);
                    }
                    out
                },
            )
            .collect();
        let mut sums = self.sums();
        let mut outcomes = vec![Outcome::default(); self.arms.len()];
        for i in 0..dice.len() {
            for (k, (o, arm)) in outcomes.iter_mut().zip(&played).enumerate() {
                *o = arm[i].0;
                if self.risk.is_some() {
                    sums.hists[k].add(&arm[i].1);
                }
            }
            self.add(&mut sums, i as u64 % BLOCK, &outcomes);
            if ((i + 1) as u64).is_multiple_of(BLOCK) {
                sums.blocks += 1;
            }
        }
        sums
    }

    /// One round of up to `ROUND_CHUNKS` chunks, `left` blocks at most, in
    /// chunk order. Streams are split off the master before going parallel
    /// (one per chunk); arms played in parallel make their own parallel work,
    /// and chunks then go in turn. A run that settles looks after every block
    /// (from the second), so its chunks and rounds are of one block, the
    /// first round of two.
    fn round(&self, master: &mut Xoshiro256PlusPlus, left: u64, done: u64) -> Vec<Sums> {
        let (chunks, per_chunk) = match self.settling {
            true => (2u64.saturating_sub(done).max(1), 1),
            false => (ROUND_CHUNKS, CHUNK_BLOCKS),
        };
        // The first two blocks of a run are played whatever the time.
        let chunks: Vec<(Xoshiro256PlusPlus, u64, u64)> = (0..chunks)
            .map(|k| left.saturating_sub(k * per_chunk).min(per_chunk))
            .filter(|&b| b > 0)
            .enumerate()
            .map(|(k, b)| {
                let rng = master.clone();
                master.jump();
                let must = 2u64.saturating_sub(done + k as u64 * per_chunk).min(b);
                (rng, b, must)
            })
            .collect();
        if self.shared.is_none() {
            chunks
                .into_par_iter()
                .map(|(rng, b, must)| self.chunk(rng, b, must))
                .collect()
        } else {
            chunks
                .into_iter()
                .map(|(rng, b, must)| self.chunk(rng, b, must))
                .collect()
        }
    }

    /// A new planner, sharing the kept greedy choices if there are any.
    fn planner(&self) -> Planner {
        match self.root {
            Some(root) => root.sibling_as(self.future, self.lambda),
            None => Planner::new(self.future, self.valuation).with_lambda(self.lambda),
        }
    }

    /// Adds one stratum's play-outs of every arm to `sums`.
    fn add(&self, sums: &mut Sums, stratum: u64, outcomes: &[Outcome]) {
        let values: Vec<f64> = outcomes
            .iter()
            .map(|o| self.decider.map_or(0.0, |d| o.value[d]))
            .collect();
        sums.add(stratum as usize, outcomes, &values);
    }

    fn dice(&self, rng: &mut Xoshiro256PlusPlus, stratum: u64) -> Draw {
        let mut dice = [[0u8; SHIPS]; ROLLS as usize];
        for (k, roll) in dice.iter_mut().enumerate() {
            // Without variance reduction every die is drawn at random.
            if self.reduce && k == self.stratified {
                *roll = rules::stratum_dice(stratum);
            } else {
                for d in roll.iter_mut() {
                    *d = rng.random_range(1..=DIE_SIDES);
                }
            }
        }
        // Quantal choices come after the dice, and only under that model: the
        // other models' streams stay as they were.
        let mut choices = [0.0; CHOICES];
        if self.future == Future::Quantal {
            for u in choices.iter_mut() {
                *u = rng.random::<f64>();
            }
        }
        Draw { dice, choices }
    }
}

/// The planner whose greedy choices the arms' planners share, when players
/// keep placing and there are arms enough to keep every thread busy (or one
/// thread): arm by arm is then the faster order. `None`: chunks in parallel.
fn shared_planner(arms: usize, settings: &Settings, root: Option<&Planner>) -> Option<Planner> {
    let threads = rayon::current_num_threads();
    let by_arm = settings.future != Future::None && (threads == 1 || arms >= 2 * threads);
    by_arm.then(|| match root {
        Some(root) => root.sibling_as(settings.future, settings.lambda),
        None => Planner::new(settings.future, settings.valuation).with_lambda(settings.lambda),
    })
}

/// The play-outs of a run's first round, before which no stopping rule is
/// looked at (see `Job::round`): two blocks when a decision settles block by
/// block, else a full round; never more than the run plans. `decides`: the
/// run ranks a decider's options (advice), not odds.
pub fn first_round_samples(settings: &Settings, decides: bool) -> u64 {
    let settling = settings.settle.is_some() && decides;
    let round = if settling {
        2
    } else {
        ROUND_CHUNKS * CHUNK_BLOCKS
    };
    round.min(planned_blocks(settings).1) * BLOCK
}

/// The play-outs a run makes at most: the samples asked for (whole blocks, at
/// least two) or else the cap, and never more than the cap. A run may stop
/// sooner by another rule.
pub fn planned_samples(settings: &Settings) -> u64 {
    planned_blocks(settings).1 * BLOCK
}

/// (cap, wanted) in blocks: two at least, for standard errors.
fn planned_blocks(settings: &Settings) -> (u64, u64) {
    let cap_blocks = (settings.max_samples / BLOCK).max(2);
    let want_blocks = settings
        .samples
        .map_or(cap_blocks, |n| n.div_ceil(BLOCK).max(2))
        .min(cap_blocks);
    (cap_blocks, want_blocks)
}

/// Samples the arms until a stopping rule holds. `decider` is whose value ranks
/// the arms; `on_progress` hears the play-outs so far and the largest
/// standard error.
pub fn run(
    arms: &[Arm],
    decider: Option<usize>,
    settings: &Settings,
    on_progress: OnProgress,
) -> Estimate {
    run_with(arms, decider, settings, on_progress, None)
}

/// [`run`], its planners sharing the greedy choices and option values of
/// `root` (of the same valuation), kept from earlier runs.
pub fn run_with(
    arms: &[Arm],
    decider: Option<usize>,
    settings: &Settings,
    on_progress: OnProgress,
    root: Option<&Planner>,
) -> Estimate {
    let started = Instant::now();
    let root = root.filter(|r| r.valuation() == settings.valuation);
    let job = Job {
        arms,
        decider,
        reduce: settings.reduce_variance,
        stratified: stratified_roll(arms),
        valuation: settings.valuation,
        future: settings.future,
        lambda: settings.lambda,
        risk: decider.filter(|_| settings.risk),
        settling: settings.settle.is_some() && decider.is_some(),
        planners: Mutex::new(Vec::new()),
        shared: shared_planner(arms.len(), settings, root),
        root,
        ticker: Ticker::new(on_progress, arms.len()),
        deadline: settings.time_limit.map(|t| started + t),
    };
    let mut master = Xoshiro256PlusPlus::seed_from_u64(settings.seed);
    let (cap_blocks, want_blocks) = planned_blocks(settings);
    // Settling looks after every block from the second (`should_stop`).
    let looks = match job.settling {
        true => want_blocks.saturating_sub(1).max(1),
        false => 1,
    };
    let mut sums = job.sums();
    loop {
        let parts = job.round(&mut master, want_blocks - sums.blocks, sums.blocks);
        sums = parts.iter().fold(sums, |acc, part| acc.merge(part));
        let mut estimate = summarise(arms, &sums, decider, settings.seed);
        estimate.looks = looks;
        job.ticker
            .round(estimate.samples, largest_stderr(&estimate, decider));
        if let Some(stop) = should_stop(
            settings,
            &mut estimate,
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
