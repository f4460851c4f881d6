//! The exact solver for the future model `none` (R15): nobody places another
//! worker; every later decision (boarding, pilots, plunder) is taken by its owner
//! to maximise their own value (R14), over every remaining die (R6).
//!
//! It is fast by structure, not by tricks:
//! - Values are kept per crew configuration (a *table*): the crews, pirates and
//!   slots, which only boarding changes once nobody places. Within a table a
//!   value depends on the ships' positions alone.
//! - Roll 3 matters only through each ship's class (docks, ends on 13, wrecks;
//!   R9), so every value is a weighted sum of 27 class-triple settlements, each
//!   settled once per table. Positions alike in their class counts (*kinds*)
//!   share their roll-3 value.
//! - Ships roll independently (R6). When nobody holds a pilot, the positions
//!   after roll 2 need not be enumerated: the class weights are products of
//!   one-ship weights.
//! - A decision after roll 2 (boarding, R7; the pilots, R8) compares one
//!   player's value of roll 3 from some kind triple: a *view* of that player,
//!   kept per table. Enumerating the positions after roll 2 only records which
//!   table and kind triple each leads to; the outcome is summed once per table
//!   and class triple at the end, not once per position (`pilots.rs`,
//!   `boarding.rs`).
//! - Every value is a vector: one enumeration values every player at once, with
//!   the ships' odds and the tracked worker's chance of pay alongside.

mod advice;
mod boarding;
mod pilots;
pub mod track;

pub(crate) use advice::odds_from;
pub use advice::{advise, odds, option_outcomes, outcome};

use crate::engine::hash::FxBuild;
use crate::engine::values::{Mark, Outcome, TIE, Valuation, follow_mark, plunder_or_settle};
use crate::rules::{
    self, Action, At, DIE_SIDES, MAX_PLAYERS, Phase, PlayerId, SHIPS, State, TRACK_END,
};
use boarding::{Branch, PlanNode};
use pilots::{Memo, PilotGame};
use std::collections::HashMap;
use track::{
    CLASS_TRIPLES, CODES, KIND_TRIPLES, Pos, add_class_weights, class_counts, class_weights,
    classes, kind_counts, kind_values, kinds, pilot_deltas, positions, spread,
};

/// Everything a table's values depend on besides positions: the state with its
/// positions and progress blanked (crews, pirates, slots, variant), and the mark.
/// It hashes the slots and the mark but not the prices, shares and variant:
/// within one solver those never differ, and hashing the whole state cost half
/// the run time.
#[derive(Clone, Copy, PartialEq, Eq)]
struct TableKey {
    state: State,
    mark: Mark,
}

impl std::hash::Hash for TableKey {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(self.state.crew_word());
        // The other slots too: the future models change them between lookups.
        h.write_u64(self.state.slots_word());
        self.mark.hash(h);
    }
}

impl TableKey {
    fn new(s: &State, mark: Mark) -> TableKey {
        let mut state = *s;
        for ship in state.ships.iter_mut() {
            ship.at = At::Sea(0);
        }
        // Turn order, passes, cash and the round play no part once nobody
        // places; but the insurer's cash does: it bounds the claims they pay
        // at the settlement (R11, R13).
        state.phase = Phase::Roll;
        state.rolls_done = 0;
        state.round = 0;
        state.passed = 0;
        state.cash = [None; MAX_PLAYERS];
        if let Some(insurer) = s.insurance {
            state.cash[insurer as usize] = s.cash[insurer as usize];
        }
        TableKey { state, mark }
    }
}

/// Values of one crew configuration.
struct Tables {
    template: State,
    mark: Mark,
    /// Settlement per class triple of roll 3, made on first use (from most
    /// positions only a few class triples can happen): its index in
    /// `Solver::settled` plus one; 0: not yet made. Indices keep a table small,
    /// and tables are made by the hundred thousand.
    terminal: [u32; CLASS_TRIPLES],
    /// The pilot game and roll 3, per position asked for on its own.
    pilots: HashMap<u16, Outcome, FxBuild>,
    /// The views of the players who decide between kind triples of this
    /// table: pilots' holders (R8), pirates boarding into it (R7).
    views: Vec<View>,
}

/// One player's value of roll 3 per kind triple in one table: what a decision
/// between kind triples compares. Index [`KIND_TRIPLES`] holds minus infinity,
/// the value of a move not allowed.
struct View {
    player: PlayerId,
    values: Vec<f64>,
}

/// The exact solver under `none`. Its tables persist between calls, so one solver
/// can value many states (each planner of the sampler keeps one).
pub struct Solver {
    tables: Vec<Tables>,
    /// The class-triple settlements of every table (`Tables::terminal`).
    settled: Vec<Outcome>,
    keys: HashMap<TableKey, usize, FxBuild>,
    /// The last key looked up: play-outs ask for the same one again and again.
    last: Option<(TableKey, usize)>,
    /// Boarding plans per table and ships on 13 (a bit per ship).
    plan_of: HashMap<(usize, u8), usize, FxBuild>,
    plan_nodes: Vec<PlanNode>,
    plan_branches: Vec<Branch>,
    games: Vec<PilotGame>,
    /// The pilot game to reuse next for a table without one.
    next_game: usize,
    small_moves: Vec<[i8; SHIPS]>,
    large_moves: Vec<[i8; SHIPS]>,
    valuation: Valuation,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::with(Valuation::default())
    }

    pub fn with(valuation: Valuation) -> Solver {
        Solver {
            tables: Vec::new(),
            settled: Vec::new(),
            keys: HashMap::default(),
            last: None,
            plan_of: HashMap::default(),
            plan_nodes: Vec::new(),
            plan_branches: Vec::new(),
            games: Vec::new(),
            next_game: 0,
            small_moves: pilot_deltas(false),
            large_moves: pilot_deltas(true),
            valuation,
        }
    }

    pub fn valuation(&self) -> Valuation {
        self.valuation
    }

    /// Drops the tables once there are more than `limit` crew configurations:
    /// they are a cache, and a long search visits many configurations once.
    pub fn trim(&mut self, limit: usize) {
        if self.tables.len() > limit {
            self.tables.clear();
            self.settled.clear();
            self.keys.clear();
            self.last = None;
            self.plan_of.clear();
            self.plan_nodes.clear();
            self.plan_branches.clear();
            self.games.iter_mut().for_each(PilotGame::forget);
        }
    }

    /// The tables of the crews and pirates of `s`, made on first use.
    fn tables_for(&mut self, s: &State, mark: Mark) -> usize {
        let key = TableKey::new(s, mark);
        if let Some((last, t)) = self.last
            && last == key
        {
            return t;
        }
        if let Some(&t) = self.keys.get(&key) {
            self.last = Some((key, t));
            return t;
        }
        self.tables.push(Tables {
            template: *s,
            mark,
            terminal: [0; CLASS_TRIPLES],
            pilots: HashMap::default(),
            views: Vec::new(),
        });
        let t = self.tables.len() - 1;
        self.keys.insert(key, t);
        self.last = Some((key, t));
        t
    }

    /// The settlement of class triple `k` after roll 3 (R9, R10, R11).
    fn terminal(&mut self, t: usize, k: usize) -> &Outcome {
        let tab = &self.tables[t];
        let at = match tab.terminal[k] {
            0 => {
                let o = resolve_classes(&tab.template, tab.mark, classes(k), self.valuation);
                self.settled.push(o);
                self.tables[t].terminal[k] = self.settled.len() as u32;
                self.settled.len() - 1
            }
            at => at as usize - 1,
        };
        &self.settled[at]
    }

    /// Σ over class triples of their settlements, class triple `k` with weight
    /// `weights[k]` out of `total`.
    fn settle_classes(&mut self, t: usize, weights: &[u64; CLASS_TRIPLES], total: u64) -> Outcome {
        let mut out = Outcome::default();
        for (k, &w) in weights.iter().enumerate() {
            if w > 0 {
                let settled = *self.terminal(t, k);
                out.add(w as f64 / total as f64, &settled);
            }
        }
        out
    }

    /// Roll 3 from positions of kind triple `kinds` (R6, R9, R10, R11). Not
    /// memoised: with the settlements made, summing a few of them costs less
    /// than a map's lookup and insertion.
    fn roll3(&mut self, t: usize, kinds: usize) -> Outcome {
        self.settle_classes(t, &class_weights(&kind_counts(kinds)), 216)
    }

    /// The index of `player`'s view in table `t`, made on first use. It is
    /// made whole at once: a decision between kind triples reaches most of
    /// those near its position, every class triple is settled anyway, and the
    /// separable sum (`track::kind_values`) costs less than entry by entry.
    fn view(&mut self, t: usize, player: PlayerId) -> usize {
        if let Some(at) = self.tables[t].views.iter().position(|v| v.player == player) {
            return at;
        }
        let held: [f64; CLASS_TRIPLES] =
            std::array::from_fn(|k| self.terminal(t, k).value[player as usize]);
        let mut values = vec![0.0; KIND_TRIPLES + 1];
        kind_values(&held, &mut values);
        let views = &mut self.tables[t].views;
        views.push(View { player, values });
        views.len() - 1
    }

    /// `player`'s value of roll 3 from kind triple `kinds` in table `t`.
    /// Summed otherwise than `settle_classes` sums the full outcome, it differs
    /// from that far below [`TIE`], so decisions made on it are the same.
    fn value_at(&mut self, t: usize, player: PlayerId, kinds: usize) -> f64 {
        let at = self.view(t, player);
        self.tables[t].views[at].values[kinds]
    }

    /// `rolls` rolls from positions `p`, then what follows roll 2.
    ///
    /// A position after roll 2 leads, through boarding (R7) and the pilots
    /// (R8), to some table and some kind triple; roll 3 from there is a sum of
    /// class-triple settlements. So the weights of the positions are gathered
    /// per table and class triple, and each table settles once. Without pilots
    /// the weights of the positions nobody boards are products of one-ship
    /// class weights, and those positions need not be enumerated at all.
    fn rolls_to_boarding(&mut self, t: usize, p: Pos, rolls: u8) -> Outcome {
        let (reached, total) = self.reached(t, p, rolls);
        let mut out = Outcome::default();
        for (table, weights) in reached.classes {
            out.add(1.0, &self.settle_classes(table, &weights, total));
        }
        out
    }

    /// Where `rolls` rolls from positions `p` of table `t` lead, boarding
    /// (R7) and the pilots (R8) decided on the way: the weight of each table
    /// and class triple of roll 3, out of the total returned.
    fn reached(&mut self, t: usize, p: Pos, rolls: u8) -> (Reached, u64) {
        let dists = p.map(|c| spread(c, rolls));
        let template = &self.tables[t].template;
        let boarding = template.pirate_count() > 0;
        let pilots = template.small_pilot.is_some() || template.large_pilot.is_some();
        let rolled = (DIE_SIDES as u64).pow(3 * rolls as u32);
        let mut reached = Reached::new(t);
        if !pilots {
            reached.classes[0].1 = unboarded_weights(&dists, boarding);
        }
        for (a, &wa) in dists[0].iter().enumerate().filter(|(_, w)| **w > 0) {
            for (b, &wb) in dists[1].iter().enumerate().filter(|(_, w)| **w > 0) {
                for (c, &wc) in dists[2].iter().enumerate().filter(|(_, w)| **w > 0) {
                    let q = [a as u8, b as u8, c as u8];
                    let w = wa * wb * wc;
                    if boarding && q.contains(&TRACK_END) {
                        let (leaf, k) = self.boarded(t, q);
                        reached.add(leaf, k, w);
                    } else if pilots {
                        reached.add(t, self.after_pilots(t, q, Memo::Positions), w);
                    }
                }
            }
        }
        (reached, rolled * 216)
    }

    /// `player`'s value at the end of the voyage from `s`, nobody placing
    /// again, per table and class triple of roll 3 it can end in, with its
    /// probability: what `value` sums, kept apart (an option's risk,
    /// [`crate::engine::risk`]). `None` where a decision comes before roll 3
    /// on positions already known (boarding, the pilots: the risk walk takes
    /// them one by one).
    pub fn end_values(
        &mut self,
        s: &State,
        mark: Mark,
        player: PlayerId,
    ) -> Option<Vec<(f64, f64)>> {
        let roll_3_next = s.phase == Phase::Roll && s.rolls_done == 2;
        let before_roll_2 =
            matches!(s.phase, Phase::Placement { .. } | Phase::Roll) && s.rolls_done < 2;
        if !(roll_3_next || before_roll_2) {
            return None;
        }
        let t = self.tables_for(s, mark);
        let p = positions(s);
        let (reached, total) = if roll_3_next {
            let mut reached = Reached::new(t);
            reached.add(t, kinds(p), 1);
            (reached, 216)
        } else {
            self.reached(t, p, 2 - s.rolls_done)
        };
        let mut out = Vec::new();
        for (table, weights) in reached.classes {
            for (k, &w) in weights.iter().enumerate() {
                if w > 0 {
                    let v = self.terminal(table, k).value[player as usize];
                    out.push((v, w as f64 / total as f64));
                }
            }
        }
        Some(out)
    }

    /// The decider's best action in a boarding, pilot or plunder state (R14).
    pub fn best_action(&mut self, s: &State) -> Option<Action> {
        self.best_action_tracking(s, Mark::None)
    }

    /// [`Solver::best_action`], valued with `mark` tracked: the choice is the
    /// same, and the tables of an advice that tracked it serve again.
    pub fn best_action_tracking(&mut self, s: &State, mark: Mark) -> Option<Action> {
        let decider = s.decider()? as usize;
        let mut best: Option<(Action, f64)> = None;
        for a in rules::legal_actions(s) {
            let Ok(next) = rules::apply(s, a) else {
                continue;
            };
            let v = self.value(&next, follow_mark(mark, s, a)).value[decider];
            if best.is_none_or(|(_, b)| v > b + TIE) {
                best = Some((a, v));
            }
        }
        best.map(|(a, _)| a)
    }

    /// The rest of the voyage from `s` when nobody places another worker.
    pub fn value(&mut self, s: &State, mark: Mark) -> Outcome {
        let p = positions(s);
        match s.phase {
            Phase::Over | Phase::Plunder => plunder_or_settle(s, mark, self.valuation),
            Phase::Boarding { .. } => self.boarding(s, mark),
            Phase::LargePilot => {
                let t = self.tables_for(s, mark);
                self.large(t, p)
            }
            Phase::Roll if s.rolls_done == 2 => {
                let t = self.tables_for(s, mark);
                self.roll3(t, kinds(p))
            }
            Phase::SmallPilot | Phase::Placement { .. } | Phase::Roll => {
                let t = self.tables_for(s, mark);
                match s.rolls_done {
                    r if r < 2 => self.rolls_to_boarding(t, p, 2 - r),
                    _ => self.pilots(t, p),
                }
            }
        }
    }
}

/// Where the positions after roll 2 lead: per table, the weight of each class
/// triple of roll 3.
struct Reached {
    classes: Vec<(usize, [u64; CLASS_TRIPLES])>,
}

impl Reached {
    fn new(t: usize) -> Reached {
        Reached {
            classes: vec![(t, [0; CLASS_TRIPLES])],
        }
    }

    /// Adds weight `w` of table `t` at kind triple `kinds`.
    fn add(&mut self, t: usize, kinds: usize, w: u64) {
        let at = match self.classes.iter().position(|(u, _)| *u == t) {
            Some(at) => at,
            None => {
                self.classes.push((t, [0; CLASS_TRIPLES]));
                self.classes.len() - 1
            }
        };
        add_class_weights(&mut self.classes[at].1, &kind_counts(kinds), w);
    }
}

/// The class-triple weights of the positions after roll 2 that nobody boards,
/// out of 6^(3 rolls) · 216, when nobody holds a pilot: each ship's class
/// weights summed over its codes (13 left out when pirates may board), then
/// multiplied, since ships roll independently (R6).
fn unboarded_weights(dists: &[[u64; CODES]; SHIPS], boarding: bool) -> [u64; CLASS_TRIPLES] {
    let thirteen = TRACK_END as usize;
    let mut counts = [[0u64; 3]; SHIPS];
    for (ship, dist) in counts.iter_mut().zip(dists) {
        for (code, &w) in dist.iter().enumerate() {
            if boarding && code == thirteen {
                continue;
            }
            for (n, m) in ship.iter_mut().zip(class_counts(code as u8)) {
                *n += w * m;
            }
        }
    }
    class_weights(&counts)
}

/// Settles the crews of `s` when roll 3 leaves each ship in a class:
/// 0 docks, 1 ends on 13, 2 is wrecked (R9, R10, R11).
fn resolve_classes(
    s: &State,
    mark: Mark,
    classes: [usize; SHIPS],
    valuation: Valuation,
) -> Outcome {
    let mut t = *s;
    for (ship, &class) in t.ships.iter_mut().zip(&classes) {
        ship.at = match class {
            0 => At::Harbour,
            1 => At::Sea(TRACK_END),
            _ => At::Sea(0),
        };
    }
    t.rolls_done = 3;
    rules::resolve(&mut t);
    plunder_or_settle(&t, mark, valuation)
}
