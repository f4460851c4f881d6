//! The future models in which players keep placing (R15): `greedy`, `round`
//! (greedy to the end of the placement round under way), `quantal`,
//! `paranoid` (the others against one player until the next roll), and
//! `equilibrium` (max-n with chance nodes, R14).
//!
//! A [`Planner`] values a state as the expected change of every player's cash
//! from there to the end of settlement, *including* what later placements cost
//! and pay (R13). Once no placement can come any more, the rest is the exact
//! solver's `none` value: the two models differ only in how placements are made.
//!
//! Exact savings, all of them sound:
//! - Transpositions: values are memoised per state. A state holds the slots and
//!   who holds them, not the order they were taken in, so two orders of the same
//!   placements meet in one entry.
//! - Chance nodes are summed per distinct position triple, not per die triple:
//!   docked ships do not roll, and 216 die triples often land on fewer triples.
//! - Greedy decisions are memoised per state: play-outs and sibling subtrees ask
//!   for the same decision again and again.
//! - The exact `none` solver underneath keeps its tables per crew configuration,
//!   so the pilot game and roll 3 of a configuration are valued once for every
//!   position the dice lead to.
//! - Passing and players without workers cost nothing: the turn goes on from the
//!   player to move, and skipped players are no nodes at all (R5).
//!
//! Dominated options are *not* pruned: in max-n a player's worse option still
//! changes what the others do next, and pruning by bounds needs a constant sum,
//! which Manila's values do not have.

use super::exact::{self, Solver};
use super::hash::FxBuild;
use super::interrupt;
use super::ranking::{self, Valued};
use super::values::{Mark, Outcome, TIE, Valuation, follow_mark, option_mark};
use crate::report::{Advice, Future, How, Lambda, Odds, Then};
use crate::rules::{self, Action, Phase, PlayerId, SHIPS, State, placement_rounds};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Placements chosen by max-n without limit (the exact equilibrium).
pub const ALL: u16 = u16::MAX;

/// Crew configurations the `none` solver keeps before it starts afresh.
const SOLVER_TABLES: usize = 20_000;

/// How far a search looks, and how it meets the rolls on the way: placements
/// are made only while at most `through_rolls` rolls have been made (nobody
/// places after that, R15 `none`); each roll before then is summed over
/// `dice`, the same die triples at every chance node, each of equal weight.
/// All 216 triples make the sum exact; fewer are a sample of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Horizon {
    pub through_rolls: u8,
    pub dice: Vec<[u8; SHIPS]>,
}

impl Horizon {
    /// Placements up to `through_rolls` rolls, each roll before that summed
    /// over the first `samples` die triples of an order drawn from `seed`
    /// (every one of the 216 when `samples` is 216 or more).
    pub fn sampled(through_rolls: u8, samples: usize, seed: u64) -> Horizon {
        let mut all: Vec<[u8; SHIPS]> = (0..BLOCK_DICE).map(rules::stratum_dice).collect();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        // Fisher-Yates: the first `samples` of a uniform order are a sample
        // without replacement.
        for i in (1..all.len()).rev() {
            all.swap(i, rng.random_range(0..=i));
        }
        all.truncate(samples.clamp(1, all.len()));
        Horizon {
            through_rolls,
            dice: all,
        }
    }

    /// Whether every roll on the way is summed over all its outcomes.
    pub fn exact(&self) -> bool {
        self.dice.len() as u64 >= BLOCK_DICE
    }
}

/// Die triples of one roll of three ships.
const BLOCK_DICE: u64 = 216;

/// The node budget ran out before the search finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget;

type Found<T> = Result<T, OverBudget>;

/// Each placing state's options and their values under `none`.
type OptionValues = HashMap<State, Vec<(Action, f64)>, FxBuild>;

/// Values states under a future model, with memoised subtrees.
pub struct Planner {
    solver: Solver,
    model: Future,
    /// Values per state, tracked worker and max-n plies left (`left`).
    memo: HashMap<(State, Mark, u16), Outcome, FxBuild>,
    /// The greedy placement per state (R15), possibly shared with other
    /// planners of the same model and valuation: the choice is a pure function
    /// of the state, and play-outs of neighbouring arms meet the same states.
    greedy: Arc<Mutex<HashMap<State, Action, FxBuild>>>,
    /// Under `quantal`: the rationality of the placements, and each placing
    /// state's option values under `none`, which the choices' odds rest on.
    lambda: f64,
    values: Arc<Mutex<OptionValues>>,
    /// How far placements go, and how the rolls before then are summed;
    /// `None`: to the end of the voyage, every roll exactly.
    horizon: Option<Horizon>,
    /// The states where the horizon cut placements off (a roll due, after
    /// which the model would place again): what a longer search would
    /// search on from.
    edges: HashSet<State, FxBuild>,
    nodes: u64,
    max_nodes: u64,
    /// The search gives up (as over its budget) after this moment.
    deadline: Option<Instant>,
    /// The caller takes a search that gave up early: Ctrl-C may end it.
    interruptible: bool,
    /// Under `paranoid`: the player every other player places against.
    searcher: PlayerId,
    /// The last search gave up for its deadline, not its nodes.
    timed_out: bool,
    /// Under `quantal`: the greedy planner a boarding pirate anticipates the
    /// placements after it with, made when first needed.
    boarding_guide: Option<Box<Planner>>,
}

impl Planner {
    pub fn new(model: Future, valuation: Valuation) -> Planner {
        Planner::on_solver(model, Solver::with(valuation))
    }

    /// A planner of `model` with a fresh memo on `solver` (whose tables are
    /// pure values: a warm solver changes the time, never a figure nor the
    /// nodes counted against a budget).
    pub fn on_solver(model: Future, solver: Solver) -> Planner {
        // `auto` is resolved to the model it runs before any planning.
        debug_assert!(model != Future::Auto, "auto reaches a planner unresolved");
        Planner {
            solver,
            model,
            memo: HashMap::default(),
            greedy: Arc::default(),
            lambda: 1.0,
            values: Arc::default(),
            horizon: None,
            edges: HashSet::default(),
            nodes: 0,
            max_nodes: u64::MAX,
            deadline: None,
            interruptible: false,
            searcher: 0,
            timed_out: false,
            boarding_guide: None,
        }
    }

    /// The solver back, with the tables it made.
    pub fn into_solver(self) -> Solver {
        self.solver
    }

    /// Puts `solver` in place of this planner's, and gives that one back.
    /// Its tables are pure values: they change no figure, only the time.
    pub fn swap_solver(&mut self, solver: Solver) -> Solver {
        std::mem::replace(&mut self.solver, solver)
    }

    /// The same planner with placements of rationality `lambda` (`quantal`).
    pub fn with_lambda(mut self, lambda: f64) -> Planner {
        self.lambda = lambda;
        self
    }

    pub fn lambda(&self) -> f64 {
        self.lambda
    }

    /// The same planner, the others placing against `searcher` (`paranoid`;
    /// a fresh memo, since every value depends on who that is).
    pub fn against(mut self, searcher: PlayerId) -> Planner {
        self.searcher = searcher;
        self.memo.clear();
        self
    }

    /// The same planner, placing only within `horizon` (a fresh memo).
    pub fn with_horizon(mut self, horizon: Horizon) -> Planner {
        self.horizon = Some(horizon);
        self.memo.clear();
        self
    }

    /// The states where the horizon cut placements off, in a fixed order.
    pub fn edges(&self) -> Vec<State> {
        let mut out: Vec<State> = self.edges.iter().copied().collect();
        out.sort_by_key(|s| {
            let at = s.ships.map(|ship| exact::track::code(ship.at));
            (s.crew_word(), s.slots_word(), s.rolls_done, at)
        });
        out
    }

    /// Whether a worker may still be placed from `s` under the model, within
    /// the horizon.
    pub fn places(&self, s: &State) -> bool {
        placements_remain(s, self.model)
            && self.horizon.as_ref().is_none_or(|h| {
                let next = match s.phase {
                    Phase::Roll => s.rolls_done + 1,
                    _ => s.rolls_done,
                };
                next <= h.through_rolls
            })
    }

    /// The outcomes of the roll due in `s` with their weights: every
    /// distinct landing (R6), or the horizon's die triples.
    pub fn rolls(&self, s: &State) -> Vec<([u8; SHIPS], f64)> {
        match &self.horizon {
            Some(h) if !h.exact() => {
                let w = 1.0 / h.dice.len() as f64;
                h.dice.iter().map(|&d| (d, w)).collect()
            }
            _ => rules::distinct_rolls(s),
        }
    }

    /// A planner of the same model and valuation that shares this one's
    /// greedy choices (and quantal option values).
    pub fn sibling(&self) -> Planner {
        self.sibling_as(self.model, self.lambda)
    }

    /// A planner of `model` (and rationality `lambda`) sharing this one's greedy
    /// choices and option values under `none`: neither depends on the model.
    pub fn sibling_as(&self, model: Future, lambda: f64) -> Planner {
        Planner {
            greedy: Arc::clone(&self.greedy),
            values: Arc::clone(&self.values),
            ..Planner::new(model, self.valuation()).with_lambda(lambda)
        }
    }

    pub fn model(&self) -> Future {
        self.model
    }

    pub fn valuation(&self) -> Valuation {
        self.solver.valuation()
    }

    /// Sets the node budget and starts counting afresh; memoised values stay.
    pub fn budget(&mut self, max_nodes: u64) {
        self.max_nodes = max_nodes;
        self.timed_out = false;
        self.nodes = 0;
    }

    /// A time budget as well: searches give up after `at`, or when Ctrl-C
    /// asks ([`interrupt`]), with or without a time (`None`: only then).
    pub fn deadline(&mut self, at: Option<Instant>) {
        self.deadline = at;
        self.interruptible = true;
    }

    /// No budget, no deadline, no interrupt: for walking what a finished
    /// search valued, which must not give up half way.
    pub fn unbounded(&mut self) {
        self.budget(u64::MAX);
        self.deadline = None;
        self.interruptible = false;
    }

    /// Whether the last search gave up for the deadline (else, if it gave
    /// up, for its nodes).
    pub fn timed_out(&self) -> bool {
        self.timed_out
    }

    /// Nodes visited since the budget was set: decision and chance nodes
    /// valued, and options valued under `none` at the edge of the search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets memoised values (they stay true; this only bounds memory).
    pub fn trim(&mut self, limit: usize) {
        if self.memo.len() > limit {
            self.memo.clear();
        }
        // Shared choices get the room of every planner sharing them.
        let sharing = Arc::strong_count(&self.greedy);
        if let Ok(mut values) = self.values.lock()
            && values.len() > limit * sharing
        {
            values.clear();
        }
        if let Ok(mut greedy) = self.greedy.lock()
            && greedy.len() > limit * sharing
        {
            greedy.clear();
        }
        self.solver.trim(SOLVER_TABLES);
        if let Some(guide) = self.boarding_guide.as_mut() {
            guide.trim(limit);
        }
    }

    /// Placements left to max-n (or to the paranoid search): none under
    /// `greedy`, `round` or `quantal`, whatever the caller says.
    fn plies(&self, left: u16) -> u16 {
        match self.model {
            Future::Greedy | Future::Round | Future::Quantal => 0,
            _ => left,
        }
    }

    fn tick(&mut self) -> Found<()> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(OverBudget);
        }
        // Only a search made interruptible (`deadline`) can give up early:
        // its callers expect it to, and an interrupt ends it as a deadline
        // would. Other searches (walks of a finished search, the arena's)
        // run to their end.
        let stop =
            || interrupt::requested() || self.deadline.is_some_and(|at| Instant::now() >= at);
        if self.interruptible && self.nodes.is_multiple_of(256) && stop() {
            self.timed_out = true;
            return Err(OverBudget);
        }
        // At every node, not every few thousand: one node of a paranoid
        // search can make dozens of tables (two pirates' boardings), and its
        // 1,300 nodes an option held 3.9 GB before. The check is a length.
        self.solver.trim(SOLVER_TABLES);
        Ok(())
    }

    /// The rest of the voyage from `s`: every player's value including later
    /// placements' costs and income, the ships' odds, the tracked worker's pay.
    /// `left` placements (from here) are chosen by max-n, later ones greedily
    /// (R15); [`ALL`] means every one. Under `greedy`, `left` is ignored.
    pub fn value(&mut self, s: &State, mark: Mark, left: u16) -> Found<Outcome> {
        let left = self.plies(left);
        if !self.places(s) {
            self.tick()?;
            if self.horizon.is_some() && placements_remain(s, self.model) {
                self.edges.insert(*s);
            }
            return Ok(self.solver.value(s, mark));
        }
        let key = (*s, mark, left);
        if let Some(o) = self.memo.get(&key) {
            return Ok(*o);
        }
        self.tick()?;
        let out = match s.phase {
            Phase::Placement { .. } => {
                let (_, o) = self.placement(s, mark, left)?;
                o
            }
            Phase::Boarding { .. } => {
                let (_, o) = self.boarding(s, mark, left)?;
                o
            }
            Phase::Roll => self.chance(s, mark, left)?,
            _ => self.solver.value(s, mark),
        };
        self.memo.insert(key, out);
        Ok(out)
    }

    /// The value of the decider of `s` taking `a`: the rest after it, with the
    /// action's own cost and income (R13) added to the decider's value.
    /// `a` comes from `rules::legal_actions(s)`, so it applies.
    pub fn option(&mut self, s: &State, a: Action, mark: Mark, left: u16) -> Found<Outcome> {
        let t = rules::apply(s, a).expect("a legal action applies");
        let mut o = self.value(&t, mark, left)?;
        if let Some((p, cash)) = placement_cash(s, a) {
            o.value[p as usize] += cash;
        }
        Ok(o)
    }

    /// The placement the model makes in `s`, and the value that follows.
    /// Under `quantal`, the most likely placement, and the expectation over
    /// every placement by its probability.
    fn placement(&mut self, s: &State, mark: Mark, left: u16) -> Found<(Action, Outcome)> {
        if self.model == Future::Quantal {
            let odds = self.quantal_odds(s)?;
            let mut out = Outcome::default();
            for &(a, p) in &odds {
                if p > 0.0 {
                    out.add(p, &self.option(s, a, mark, 0)?);
                }
            }
            return Ok((likeliest(&odds), out));
        }
        if self.model == Future::Paranoid {
            return self.paranoid(s, mark, left);
        }
        if left == 0 {
            let a = self.greedy_choice(s)?;
            let o = self.option(s, a, mark, 0)?;
            return Ok((a, o));
        }
        let below = plies_after(s, left);
        self.best_of(s, |planner, a| planner.option(s, a, mark, below))
    }

    /// The paranoid placement in `s`: the searcher's highest value if the
    /// searcher places, else the searcher's lowest; among the options within
    /// the tie margin of that lowest, the decider's own best (an opponent
    /// with no harm to choose still serves themselves), then the first
    /// (R14). The searcher's value is the lowest whichever is taken; the
    /// others' values, the line of play after it (the searcher's risk, the
    /// ships' odds) and the placement expected next follow the choice.
    /// Beyond the search's depth (`left` 0) nobody places (R15 `none`).
    fn paranoid(&mut self, s: &State, mark: Mark, left: u16) -> Found<(Action, Outcome)> {
        if left == 0 {
            return Ok((Action::Pass, self.solver.value(s, mark)));
        }
        let searcher = self.searcher as usize;
        let decider = s.decider().unwrap_or(self.searcher) as usize;
        let below = plies_after(s, left);
        let mut valued = Vec::new();
        for a in rules::legal_actions(s) {
            valued.push((a, self.option(s, a, mark, below)?));
        }
        let (key, bound): (usize, f64) = if decider == searcher {
            (searcher, f64::NEG_INFINITY)
        } else {
            // Ties within the margin of the true lowest, not of each other.
            let lowest = valued
                .iter()
                .map(|(_, o)| o.value[searcher])
                .fold(f64::INFINITY, f64::min);
            (decider, lowest + TIE)
        };
        let mut best: Option<(Action, Outcome)> = None;
        for (a, o) in valued {
            if decider != searcher && o.value[searcher] > bound {
                continue;
            }
            if best.is_none_or(|(_, b)| o.value[key] > b.value[key] + TIE) {
                best = Some((a, o));
            }
        }
        Ok(best.unwrap_or((Action::Pass, Outcome::default())))
    }

    /// A pirate's boarding decision (R7), anticipating the placements after it.
    ///
    /// Under `quantal` the pirate anticipates the greedy placements (the
    /// likeliest at any lambda above 0), and the value that follows is the
    /// expectation over the quantal placements after that choice. Anticipating
    /// the expectation instead would branch on every option of every placement
    /// of the last round, for each boarding a play-out meets: minutes for one
    /// advice before roll 2.
    fn boarding(&mut self, s: &State, mark: Mark, left: u16) -> Found<(Action, Outcome)> {
        if self.model == Future::Quantal {
            let a = self.guided_boarding(s, mark)?;
            return Ok((a, self.option(s, a, follow_mark(mark, s, a), left)?));
        }
        self.best_of(s, |planner, a| {
            let next = follow_mark(mark, s, a);
            planner.option(s, a, next, left)
        })
    }

    /// The quantal pirate's boarding: greedy's (see [`Planner::boarding`]).
    fn guided_boarding(&mut self, s: &State, mark: Mark) -> Found<Action> {
        let mut guide = match self.boarding_guide.take() {
            Some(guide) => guide,
            None => Box::new(self.sibling_as(Future::Greedy, self.lambda)),
        };
        let chosen = guide.boarding(s, mark, 0).map(|(a, _)| a);
        self.boarding_guide = Some(guide);
        chosen
    }

    /// The decider's option of highest value; ties go to the first (R14).
    fn best_of(
        &mut self,
        s: &State,
        mut value: impl FnMut(&mut Planner, Action) -> Found<Outcome>,
    ) -> Found<(Action, Outcome)> {
        let decider = s.decider().unwrap_or(0) as usize;
        let mut best: Option<(Action, Outcome)> = None;
        for a in rules::legal_actions(s) {
            let o = value(self, a)?;
            if best.is_none_or(|(_, b)| o.value[decider] > b.value[decider] + TIE) {
                best = Some((a, o));
            }
        }
        Ok(best.unwrap_or((Action::Pass, Outcome::default())))
    }

    /// R15 `greedy`: the option of highest value under `none` for the player to
    /// move, with the dice known so far; pass unless another is strictly better.
    pub fn greedy_choice(&mut self, s: &State) -> Found<Action> {
        if let Some(a) = self.greedy.lock().ok().and_then(|g| g.get(s).copied()) {
            return Ok(a);
        }
        let mut best: Option<(Action, f64)> = None;
        for (a, v) in self.none_values(s)? {
            if best.is_none_or(|(_, b)| v > b + TIE) {
                best = Some((a, v));
            }
        }
        let a = best.map_or(Action::Pass, |(a, _)| a);
        if let Ok(mut greedy) = self.greedy.lock() {
            greedy.insert(*s, a);
        }
        Ok(a)
    }

    /// The value under `none` of each option of the player to move, the
    /// option's own cost and income included, in canonical order.
    fn none_values(&mut self, s: &State) -> Found<Vec<(Action, f64)>> {
        let Phase::Placement { to_move } = s.phase else {
            return Ok(vec![(Action::Pass, 0.0)]);
        };
        let p = to_move as usize;
        let mut out = Vec::new();
        for a in rules::legal_actions(s) {
            self.tick()?;
            let Ok(t) = rules::apply(s, a) else { continue };
            let cash = placement_cash(s, a).map_or(0.0, |(_, cash)| cash);
            out.push((a, self.solver.value(&t, Mark::None).value[p] + cash));
        }
        Ok(out)
    }

    /// R15 `quantal`: the probability of each placement in `s`, proportional
    /// to `exp(lambda * value)` of its value under `none`.
    pub fn quantal_odds(&mut self, s: &State) -> Found<Vec<(Action, f64)>> {
        let known = self.values.lock().ok().and_then(|v| v.get(s).cloned());
        let values = match known {
            Some(v) => v,
            None => {
                let v = self.none_values(s)?;
                if let Ok(mut values) = self.values.lock() {
                    values.insert(*s, v.clone());
                }
                v
            }
        };
        Ok(softmax(&values, self.lambda))
    }

    /// A quantal placement drawn with the uniform number `u` in [0, 1).
    pub fn draw(&mut self, s: &State, u: f64) -> Found<Action> {
        let odds = self.quantal_odds(s)?;
        let mut left = u;
        for &(a, p) in &odds {
            if left < p {
                return Ok(a);
            }
            left -= p;
        }
        Ok(odds.last().map_or(Action::Pass, |&(a, _)| a))
    }

    /// The roll due in `s`, summed over distinct position triples (R6).
    fn chance(&mut self, s: &State, mark: Mark, left: u16) -> Found<Outcome> {
        let mut out = Outcome::default();
        for (dice, weight) in self.rolls(s) {
            let t = rules::roll(s, dice);
            out.add(weight, &self.value(&t, mark, left)?);
        }
        Ok(out)
    }

    /// What the model expects the decider of `s` to do. `mark` is the tracked
    /// worker of the caller's valuation: the choice does not depend on it, but
    /// with the same mark it reuses the values already memoised.
    pub fn choice(&mut self, s: &State, mark: Mark, left: u16) -> Found<Option<Action>> {
        let left = self.plies(left);
        Ok(match s.phase {
            // The most likely placement: the greedy one, ties to the first.
            Phase::Placement { .. } if self.model == Future::Quantal => {
                Some(likeliest(&self.quantal_odds(s)?))
            }
            // Beyond the paranoid search's depth nobody places.
            Phase::Placement { .. } if self.model == Future::Paranoid && left == 0 => {
                Some(Action::Pass)
            }
            // Greedy needs no value of what follows, only the `none` values.
            Phase::Placement { .. } if self.model != Future::None && left == 0 => {
                Some(self.greedy_choice(s)?)
            }
            Phase::Placement { .. } if self.model != Future::None => {
                Some(self.placement(s, mark, left)?.0)
            }
            Phase::Placement { .. } => Some(Action::Pass),
            // The choice alone, not the expectation after it.
            Phase::Boarding { .. } if self.model == Future::Quantal => {
                Some(self.guided_boarding(s, mark)?)
            }
            Phase::Boarding { .. } => Some(self.boarding(s, mark, left)?.0),
            Phase::SmallPilot | Phase::LargePilot | Phase::Plunder => self.solver.best_action(s),
            Phase::Roll | Phase::Over => None,
        })
    }

    /// What comes after the decider of `s` takes `a`: the next decision the model
    /// expects, or the dice. `mark` and `left` are as for the option's value.
    pub fn next(&mut self, s: &State, a: Action, mark: Mark, left: u16) -> Found<Option<Then>> {
        let Ok(t) = rules::apply(s, a) else {
            return Ok(None);
        };
        if t.phase == Phase::Roll {
            return Ok(Some(Then::Roll));
        }
        let Some(p) = t.decider() else {
            return Ok(None);
        };
        Ok(self.choice(&t, mark, left)?.map(|b| Then::Decision(p, b)))
    }

    /// The first roll on the line the model expects from `s` (`mark` and
    /// `left` as for [`Planner::value`]), when the horizon sums it over a
    /// sample of its outcomes: the roll's state, with the mark and plies
    /// there. `None` when the line meets no sampled roll.
    fn first_sampled_roll(
        &mut self,
        s: &State,
        mut mark: Mark,
        mut left: u16,
    ) -> Found<Option<(State, Mark, u16)>> {
        let exact = self.horizon.as_ref().is_none_or(Horizon::exact);
        let mut t = *s;
        while !exact && self.places(&t) {
            left = self.plies(left);
            if t.phase == Phase::Roll {
                return Ok(Some((t, mark, left)));
            }
            // The same choices the value was made of (memoised).
            let Some(a) = self.choice(&t, mark, left)? else {
                break;
            };
            mark = follow_mark(mark, &t, a);
            left = plies_after(&t, left);
            let Ok(next) = rules::apply(&t, a) else { break };
            t = next;
        }
        Ok(None)
    }

    /// The sampled rolls on the line from `s`, as a table: row `i` holds,
    /// after the first sampled roll came out as the horizon's `i`-th die
    /// triple, the outcome after each triple `j` of the next sampled roll on
    /// the line from there (every entry the same when there is none). The
    /// mean of the table is the first roll's value, and so, but for the cash
    /// of the placements on the way, `s`'s. `None` when the line meets no
    /// sampled roll (its value is then exact). A third sampled roll cannot
    /// come: nobody places after roll 3.
    pub fn sampled_rolls(
        &mut self,
        s: &State,
        mark: Mark,
        left: u16,
    ) -> Found<Option<Vec<Vec<Outcome>>>> {
        let Some((t, mark, left)) = self.first_sampled_roll(s, mark, left)? else {
            return Ok(None);
        };
        let dice: Vec<_> = self.rolls(&t).into_iter().map(|(d, _)| d).collect();
        let mut table = Vec::with_capacity(dice.len());
        for &first in &dice {
            let after = rules::roll(&t, first);
            let row = match self.first_sampled_roll(&after, mark, left)? {
                Some((u, mark, left)) => {
                    let mut row = Vec::with_capacity(dice.len());
                    for &second in &dice {
                        row.push(self.value(&rules::roll(&u, second), mark, left)?);
                    }
                    row
                }
                None => vec![self.value(&after, mark, left)?; dice.len()],
            };
            table.push(row);
        }
        Ok(Some(table))
    }

    /// The exact solver under `none`, for decisions after the last placement.
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }
}

/// Probabilities proportional to `exp(lambda * value)`, computed from the
/// differences to the best value so that none overflows.
pub fn softmax(values: &[(Action, f64)], lambda: f64) -> Vec<(Action, f64)> {
    let top = values
        .iter()
        .map(|&(_, v)| v)
        .fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = values
        .iter()
        .map(|&(_, v)| (lambda * (v - top)).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    values
        .iter()
        .zip(weights)
        .map(|(&(a, _), w)| (a, w / total))
        .collect()
}

/// The likeliest option, ties to the first in canonical order (R14).
fn likeliest(odds: &[(Action, f64)]) -> Action {
    let mut best: Option<(Action, f64)> = None;
    for &(a, p) in odds {
        if best.is_none_or(|(_, b)| p > b + TIE) {
            best = Some((a, p));
        }
    }
    best.map_or(Action::Pass, |(a, _)| a)
}

/// What placement `a` in `s` pays its player at once (R13): the insurance
/// premium less the slot's cost; `None` outside placement.
pub fn placement_cash(s: &State, a: Action) -> Option<(PlayerId, f64)> {
    let Phase::Placement { to_move } = s.phase else {
        return None;
    };
    Some((
        to_move,
        rules::income(s, a) as f64 - rules::action_cost(s, a) as f64,
    ))
}

/// Whether any worker may still be placed from `s` under `model` (R4, R5): a
/// placement round is under way or to come, and somebody may still place.
pub fn placements_remain(s: &State, model: Future) -> bool {
    match model {
        Future::None => return false,
        // The round under way ends with the next roll, and nobody places
        // after it; a boarding (R7) comes before the last round's placements.
        Future::Round | Future::Paranoid if s.phase == Phase::Roll => return false,
        _ => {}
    }
    match s.phase {
        Phase::Placement { .. } => true,
        // A strong pirate may hand a worker back during boarding (R7).
        Phase::Roll | Phase::Boarding { .. } => {
            s.round < placement_rounds(s.players as usize)
                && s.player_ids()
                    .any(|p| !s.has_passed(p) && (s.in_hand(p) > 0 || s.variant.strong_pirates))
        }
        _ => false,
    }
}

/// The max-n plies left after the decision in `s`, `left` before it: a
/// placement uses one up (none after the last; [`ALL`] never runs out); other
/// decisions and the dice use none.
pub fn plies_after(s: &State, left: u16) -> u16 {
    match s.phase {
        Phase::Placement { .. } if left != ALL => left.saturating_sub(1),
        _ => left,
    }
}

/// The decider's options in `s` valued under the planner's model, in canonical
/// order, with what the model expects next after each. `left` counts the
/// placements chosen by max-n, the decider's own included; [`ALL`] for every one.
pub fn valued_options(s: &State, planner: &mut Planner, left: u16) -> Found<Vec<Valued>> {
    rules::legal_actions(s)
        .into_iter()
        .map(|action| valued_option(s, action, planner, left))
        .collect()
}

/// The decider's option `action` of `s` (a legal one) valued under the
/// planner's model, with what the model expects next; `left` as for
/// [`valued_options`].
pub fn valued_option(s: &State, action: Action, planner: &mut Planner, left: u16) -> Found<Valued> {
    let decider = s.decider().unwrap_or(0) as usize;
    let below = plies_after(s, left);
    let mark = option_mark(s, action);
    let outcome = planner.option(s, action, mark, below)?;
    let then = match planner.model() {
        Future::None => None,
        _ => planner.next(s, action, mark, below)?,
    };
    Ok(Valued {
        action,
        ev: outcome.value[decider],
        outcome,
        then,
        dist: None,
    })
}

/// The decider's options in `s` valued under the planner's model and ranked
/// (R14), computed exactly as the caller asked.
pub fn advise(s: &State, planner: &mut Planner, left: u16) -> Found<Advice> {
    let how = planned_how(planner);
    Ok(ranking::advice(s, valued_options(s, planner, left)?, how))
}

/// Each ship's odds and every player's value from `s` under the planner's
/// model, computed exactly as the caller asked.
pub fn odds(s: &State, planner: &mut Planner, left: u16) -> Found<Odds> {
    let how = planned_how(planner);
    Ok(exact::odds_from(
        s,
        &planner.value(s, Mark::None, left)?,
        how,
    ))
}

/// Exact figures under the planner's model, as the caller asked.
fn planned_how(planner: &Planner) -> How {
    let mut how = How::exact(planner.model(), planner.valuation().count_shares);
    how.lambda = (planner.model() == Future::Quantal).then(|| Lambda {
        value: planner.lambda(),
        interval: None,
        decisions: 0,
    });
    how
}

/// An upper bound on the placements still to come from `s` (R5): every worker
/// in hand of a player who has not passed.
pub fn placements_left(s: &State) -> u16 {
    s.player_ids()
        .filter(|&p| !s.has_passed(p))
        .map(|p| s.in_hand(p) as u16)
        .sum()
}
