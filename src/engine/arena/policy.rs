//! Policies: who decides for a seat in the arena. A [`Maker`] makes one
//! [`Policy`] instance per worker thread; an instance is asked one thing at a
//! time. The built-in ones are here: a future model of `--future` deciding by
//! the advice's best option, and uniform random play. External bots speak
//! BOTS.md through the command line's implementation of the same trait.

use super::deal::mix;
use crate::Position;
use crate::engine::analysis::{self, Request};
use crate::engine::cache::Cache;
use crate::engine::fit;
use crate::engine::layouts;
use crate::report::{Future, Lambda};
use crate::rules::{Action, Layout, PlayerId, State};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hash::{Hash, Hasher};

/// A decision the referee asks of a seat's policy.
pub struct Ask<'a> {
    pub deal: u64,
    pub seat: PlayerId,
    /// The position of the decision, as POSITION.md describes it.
    pub position: &'a Position,
    /// Every legal action of the seat, in canonical order (R14).
    pub options: &'a [Action],
}

/// The harbour master's choice of layout (R3), when the match lets the
/// policies choose.
pub struct LayoutAsk<'a> {
    pub deal: u64,
    pub seat: PlayerId,
    /// The voyage start: players, harbour master, money; its ships stand for
    /// any layout (the first of `options`).
    pub start: &'a Position,
    /// The 100 layouts of R3.
    pub options: &'a [Layout],
}

/// A policy that broke the protocol or could not answer: the run stops.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{policy}: {}: {why}; {}", request_words(*.request), answer_words(.answer))]
pub struct Fault {
    /// The policy, as the match names it (`cmd:...` and the bot's own name).
    pub policy: String,
    /// The request that went unanswered or was answered wrongly.
    pub request: Option<u64>,
    /// What came back, if anything.
    pub answer: Option<String>,
    pub why: String,
}

fn request_words(request: Option<u64>) -> String {
    request.map_or("starting".to_string(), |id| format!("request {id}"))
}

/// The most characters of an answer a fault quotes: enough to recognise
/// it, and a bot's megabyte answer is no one-line message.
const QUOTED: usize = 200;

fn answer_words(answer: &Option<String>) -> String {
    match answer {
        Some(text) => {
            // The line as it came, but for control characters, which are escaped.
            let shown: String = text
                .chars()
                .take(QUOTED)
                .map(|c| match c.is_control() {
                    true => c.escape_debug().to_string(),
                    false => c.to_string(),
                })
                .collect();
            match text.chars().count() {
                n if n > QUOTED => {
                    format!("answered '{shown}...' (the first {QUOTED} of {n} characters)")
                }
                _ => format!("answered '{shown}'"),
            }
        }
        None => "answered nothing".to_string(),
    }
}

/// Who decides for a seat.
pub trait Policy: Send {
    /// One of `ask.options`.
    fn decide(&mut self, ask: &Ask) -> Result<Action, Fault>;
    /// One of `ask.options`.
    fn layout(&mut self, ask: &LayoutAsk) -> Result<Layout, Fault>;
    /// A voyage this instance played a seat of is over: each seat's profit.
    fn result(&mut self, _deal: u64, _profits: &[i64]) -> Result<(), Fault> {
        Ok(())
    }
    /// The match is over.
    fn finish(&mut self) {}
}

/// Makes the instances of one policy, one per worker thread.
pub trait Maker: Sync {
    /// The policy's name in the match's report.
    fn name(&self) -> String;
    fn make(&self) -> Result<Box<dyn Policy>, Fault>;
    /// A maker of the same policy fitted to the placements observed at the
    /// table (state, action taken); `None` for a policy that does not fit.
    fn fitted(&self, _placements: &[(State, Action)]) -> Option<Box<dyn Maker>> {
        None
    }
    /// The quantal model's rationality, for a policy that has one.
    fn lambda(&self) -> Option<Lambda> {
        None
    }
    /// Whether its instances decide as a pure function of the deal and the
    /// state (no time limit, no memory of earlier requests), so that the
    /// referee may take a decision once for all the voyages of a deal.
    fn pure(&self) -> bool {
        false
    }
}

/// A hash of a state: what seeds a decision, so that the same state in two
/// replays of a deal gets the same answer.
pub fn state_seed(seed: u64, deal: u64, s: &State) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    s.hash(&mut h);
    mix(mix(seed, deal), h.finish())
}

/// A future model (R15), deciding with the advice's best option by the method
/// the advice would use. Monte Carlo draws are seeded by the state.
pub struct Model {
    pub request: Request,
    /// The quantal model: fit `lambda` to the baseline's placements in the
    /// reference voyages (else `request.lambda` as given).
    pub fit: bool,
}

impl Maker for Model {
    fn name(&self) -> String {
        self.request.future.name().to_string()
    }

    fn fitted(&self, placements: &[(State, Action)]) -> Option<Box<dyn Maker>> {
        if !self.fit || self.request.future != Future::Quantal {
            return None;
        }
        let observed = fit::observe_all(placements, self.request.valuation);
        let mut request = self.request.clone();
        request.lambda = fit::fit(&observed);
        Some(Box::new(Model {
            request,
            fit: false,
        }))
    }

    fn lambda(&self) -> Option<Lambda> {
        (self.request.future == Future::Quantal).then(|| self.request.lambda.clone())
    }

    fn pure(&self) -> bool {
        self.request.sampling.time_limit.is_none()
    }

    fn make(&self) -> Result<Box<dyn Policy>, Fault> {
        Ok(Box::new(ModelPolicy {
            request: self.request.clone(),
            cache: Cache::default(),
        }))
    }
}

struct ModelPolicy {
    request: Request,
    cache: Cache,
}

impl ModelPolicy {
    fn seeded(&self, deal: u64, s: &State) -> Request {
        let mut request = self.request.clone();
        request.sampling.seed = state_seed(self.request.sampling.seed, deal, s);
        request.risk = false;
        request
    }

    fn fault(&self, why: &str) -> Fault {
        Fault {
            policy: self.request.future.name().to_string(),
            request: None,
            answer: None,
            why: why.to_string(),
        }
    }
}

impl Policy for ModelPolicy {
    fn decide(&mut self, ask: &Ask) -> Result<Action, Fault> {
        let request = self.seeded(ask.deal, ask.position.state());
        let advice = analysis::advise_with(&mut self.cache, ask.position, &request, &mut |_| {});
        advice
            .best()
            .map(|o| o.action)
            .filter(|a| ask.options.contains(a))
            .ok_or_else(|| self.fault("the advice has no legal best option"))
    }

    fn layout(&mut self, ask: &LayoutAsk) -> Result<Layout, Fault> {
        let request = self.seeded(ask.deal, ask.start.state());
        let c = layouts::compare(ask.start.state(), ask.options, false, &request, &mut |_| {});
        c.layouts
            .first()
            .map(|l| l.layout)
            .ok_or_else(|| self.fault("no layout to choose from"))
    }
}

/// Uniform among the legal options, seeded by the match and the state.
pub struct Random {
    pub seed: u64,
}

impl Maker for Random {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn make(&self) -> Result<Box<dyn Policy>, Fault> {
        Ok(Box::new(RandomPolicy { seed: self.seed }))
    }

    fn pure(&self) -> bool {
        true
    }
}

struct RandomPolicy {
    seed: u64,
}

impl RandomPolicy {
    fn pick<T: Copy>(&self, deal: u64, s: &State, options: &[T]) -> Result<T, Fault> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(state_seed(self.seed, deal, s));
        match options.len() {
            0 => Err(Fault {
                policy: "random".to_string(),
                request: None,
                answer: None,
                why: "no option to choose from".to_string(),
            }),
            n => Ok(options[rng.random_range(0..n)]),
        }
    }
}

impl Policy for RandomPolicy {
    fn decide(&mut self, ask: &Ask) -> Result<Action, Fault> {
        self.pick(ask.deal, ask.position.state(), ask.options)
    }

    fn layout(&mut self, ask: &LayoutAsk) -> Result<Layout, Fault> {
        self.pick(ask.deal, ask.start.state(), ask.options)
    }
}

/// One policy as the harbour master, another in every other seat: the
/// arena's `hybrid` is `auto` as the harbour master and `greedy` after it,
/// the lead of the seat-by-seat split of `greedy` against `auto` (README).
pub struct BySeat {
    pub name: String,
    pub harbour_master: Box<dyn Maker>,
    pub others: Box<dyn Maker>,
}

impl Maker for BySeat {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn make(&self) -> Result<Box<dyn Policy>, Fault> {
        Ok(Box::new(BySeatPolicy {
            harbour_master: self.harbour_master.make()?,
            others: self.others.make()?,
        }))
    }

    fn pure(&self) -> bool {
        self.harbour_master.pure() && self.others.pure()
    }
}

struct BySeatPolicy {
    harbour_master: Box<dyn Policy>,
    others: Box<dyn Policy>,
}

impl BySeatPolicy {
    /// The policy of the seat deciding in `s`: a seat's role is in the state,
    /// so the choice is as pure as the two policies are.
    fn of(&mut self, seat: PlayerId, s: &State) -> &mut dyn Policy {
        match seat == s.harbour_master {
            true => self.harbour_master.as_mut(),
            false => self.others.as_mut(),
        }
    }
}

impl Policy for BySeatPolicy {
    fn decide(&mut self, ask: &Ask) -> Result<Action, Fault> {
        self.of(ask.seat, ask.position.state()).decide(ask)
    }

    fn layout(&mut self, ask: &LayoutAsk) -> Result<Layout, Fault> {
        self.harbour_master.layout(ask)
    }

    fn result(&mut self, deal: u64, profits: &[i64]) -> Result<(), Fault> {
        self.harbour_master.result(deal, profits)?;
        self.others.result(deal, profits)
    }

    fn finish(&mut self) {
        self.harbour_master.finish();
        self.others.finish();
    }
}
