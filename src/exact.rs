//! The exact solver for the future model `none` (R15): nobody places another
//! worker; every later decision (boarding, pilots, plunder) is taken by its owner
//! to maximise their own value (R14), over every remaining die (R6).
//!
//! It is fast by structure, not by tricks:
//! - Ships roll independently, so the positions after roll 2 are a product of
//!   three one-ship distributions, merged by position before any decision.
//! - Roll 3 only matters through each ship's class (docks, ends on 13, wrecks),
//!   so it is a sum over 27 class triples whose settlements are computed once.
//! - The pilot game and roll 3 are valued once per distinct position triple
//!   (arrays indexed by position code), per crew configuration (boarding can
//!   change the crews).
//! - Every value is a vector: one enumeration values every player at once, with
//!   the ships' odds and the tracked worker's chance of pay alongside.

use crate::action::Action;
use crate::play;
use crate::report::{Advice, Future, Method, OptionValue, ShipOdds, Then};
use crate::rules::{DIE_SIDES, MAX_PLAYERS, SHIPS, TRACK_END};
use crate::state::{At, Phase, PlayerId, State};
use std::collections::HashMap;

/// Two values closer than this are equal (R14).
pub const TIE: f64 = 1e-9;

/// Position code of a ship in the harbour; 0..=13 are spaces at sea.
const DOCKED: u8 = TRACK_END + 1;
const CODES: usize = DOCKED as usize + 1;

type Pos = [u8; SHIPS];

/// The expected result of the rest of the voyage from some point.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outcome {
    /// Each player's expected net receipt from here to the end of settlement.
    pub value: [f64; MAX_PLAYERS],
    /// Per ship: probability of ending in the harbour.
    pub harbour: [f64; SHIPS],
    /// Per ship: probability of being plundered.
    pub plundered: [f64; SHIPS],
    /// Probability that the tracked worker is paid.
    pub paid: f64,
}

impl Outcome {
    /// Every component times `w`.
    pub fn scaled(&self, w: f64) -> Outcome {
        let mut out = Outcome::default();
        out.add(w, self);
        out
    }

    /// Every component squared.
    pub fn squared(&self) -> Outcome {
        self.zip(self, |a, b| a * b)
    }

    /// Component by component `f(self, other)`.
    pub fn zip(&self, other: &Outcome, f: impl Fn(f64, f64) -> f64) -> Outcome {
        let mut out = Outcome {
            paid: f(self.paid, other.paid),
            ..Outcome::default()
        };
        for p in 0..MAX_PLAYERS {
            out.value[p] = f(self.value[p], other.value[p]);
        }
        for i in 0..SHIPS {
            out.harbour[i] = f(self.harbour[i], other.harbour[i]);
            out.plundered[i] = f(self.plundered[i], other.plundered[i]);
        }
        out
    }

    /// Adds `w` times `o`, component by component.
    pub fn add(&mut self, w: f64, o: &Outcome) {
        for (a, b) in self.value.iter_mut().zip(&o.value) {
            *a += w * b;
        }
        for i in 0..SHIPS {
            self.harbour[i] += w * o.harbour[i];
            self.plundered[i] += w * o.plundered[i];
        }
        self.paid += w * o.paid;
    }
}

/// The worker whose chance of pay is followed (`p_paid`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    None,
    Seat {
        ship: u8,
        seat: u8,
    },
    Harbour(u8),
    Shipyard(u8),
    /// On the pirate ship, at this index of the pirates list.
    Pirate(u8),
    Insurance,
    /// Removed by a strong pirate: never paid.
    Lost,
}

/// The mark of the worker that placement `a` puts on the board.
pub fn placed_mark(s: &State, a: Action) -> Mark {
    match a {
        Action::Seat(c) => match s.ship_index(c) {
            Some(i) => Mark::Seat {
                ship: i as u8,
                seat: s.ships[i].crew.len() as u8,
            },
            None => Mark::None,
        },
        Action::Harbour(b) => Mark::Harbour(b.index() as u8),
        Action::Shipyard(b) => Mark::Shipyard(b.index() as u8),
        Action::Pirate => Mark::Pirate(s.pirate_count() as u8),
        Action::Insurance => Mark::Insurance,
        _ => Mark::None,
    }
}

/// Where `mark` is after the boarding decision `a` taken in `s` (R7).
pub fn follow_mark(mark: Mark, s: &State, a: Action) -> Mark {
    let (Phase::Boarding { next, .. }, Action::Board { cargo, remove }) = (s.phase, a) else {
        return mark;
    };
    let Some(i) = s.ship_index(cargo) else {
        return mark;
    };
    let seat = remove.unwrap_or(s.ships[i].crew.len() as u8);
    match mark {
        Mark::Pirate(k) if k == next => Mark::Seat {
            ship: i as u8,
            seat,
        },
        Mark::Seat { ship, seat: k } if remove.is_some() && ship as usize == i && k == seat => {
            Mark::Lost
        }
        Mark::Pirate(1) if next == 0 => Mark::Pirate(0),
        other => other,
    }
}

/// Whether the marked worker is paid in a settled state.
fn mark_paid(s: &State, mark: Mark) -> bool {
    let in_harbour = s.harbour_count();
    let in_shipyard = s.shipyard_count();
    match mark {
        Mark::Seat { ship, .. } => {
            let ship = &s.ships[ship as usize];
            ship.at == At::Harbour && !ship.plundered
        }
        Mark::Harbour(k) => in_harbour > k as usize,
        Mark::Shipyard(k) => in_shipyard > k as usize,
        Mark::Pirate(k) => (k as usize) < s.pirate_count() && s.ships.iter().any(|sh| sh.plundered),
        Mark::Insurance => true,
        Mark::None | Mark::Lost => false,
    }
}

/// What a value counts besides cash (R13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Valuation {
    /// Count each player's unmortgaged shares at their price change (R12).
    pub count_shares: bool,
}

/// The outcome of a settled state (every ship in the harbour or the shipyard).
pub fn settled(s: &State, mark: Mark, valuation: Valuation) -> Outcome {
    let settlement = play::settle(s);
    let mut out = Outcome::default();
    for (v, &p) in out.value.iter_mut().zip(&settlement.payouts) {
        *v = p as f64;
    }
    if valuation.count_shares {
        let after = play::raise_prices(s.prices, settlement.rises);
        for p in s.player_ids() {
            let held = &s.shares[p as usize];
            let gain: u32 = (0..4)
                .map(|c| held[c] as u32 * (after[c] - s.prices[c]))
                .sum();
            out.value[p as usize] += gain as f64;
        }
    }
    for (i, ship) in s.ships.iter().enumerate() {
        out.harbour[i] = (ship.at == At::Harbour) as u8 as f64;
        out.plundered[i] = ship.plundered as u8 as f64;
    }
    out.paid = mark_paid(s, mark) as u8 as f64;
    out
}

/// The option of highest value for `decider`; ties go to the first (R14).
fn best(options: impl Iterator<Item = Outcome>, decider: Option<PlayerId>) -> Outcome {
    let mut best: Option<Outcome> = None;
    for o in options {
        let better = match (&best, decider) {
            (None, _) => true,
            (Some(b), Some(p)) => o.value[p as usize] > b.value[p as usize] + TIE,
            (Some(_), None) => false,
        };
        if better {
            best = Some(o);
        }
    }
    best.unwrap_or_default()
}

/// The plunder decision (R10) and settlement of a state after resolution.
fn plunder_or_settle(s: &State, mark: Mark, valuation: Valuation) -> Outcome {
    if s.phase != Phase::Plunder {
        return settled(s, mark, valuation);
    }
    let options = play::legal_actions(s)
        .into_iter()
        .filter_map(|a| play::apply(s, a).ok());
    best(options.map(|t| settled(&t, mark, valuation)), s.decider())
}

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
        for ship in &self.state.ships {
            ship.crew.hash(h);
        }
        self.state.pirates.hash(h);
        // The other slots: the future models change them between lookups.
        self.state.harbour.hash(h);
        self.state.shipyard.hash(h);
        self.state.small_pilot.hash(h);
        self.state.large_pilot.hash(h);
        self.state.insurance.hash(h);
        self.mark.hash(h);
    }
}

/// FxHash, as in rustc: a multiply and a rotate per word. The keys are ours, so
/// SipHash's protection against chosen keys buys nothing here.
#[derive(Default)]
pub(crate) struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

pub(crate) type FxBuild = std::hash::BuildHasherDefault<FxHasher>;

impl TableKey {
    fn new(s: &State, mark: Mark) -> TableKey {
        let mut state = *s;
        for ship in state.ships.iter_mut() {
            ship.at = At::Sea(0);
        }
        // Turn order, passes, cash and the round play no part once nobody places.
        state.phase = Phase::Roll;
        state.rolls_done = 0;
        state.round = 0;
        state.passed = 0;
        state.cash = [None; MAX_PLAYERS];
        TableKey { state, mark }
    }
}

/// Values of one crew configuration, per position triple.
struct Tables {
    template: State,
    mark: Mark,
    /// Settlement per class triple of roll 3 (index `Class` base 3), made on
    /// first use: from most positions only a few class triples can happen.
    terminal: [Option<Outcome>; 27],
    // Sparse: a voyage reaches a few hundred of the 3375 position triples, and
    // dense tables cost more to clear than to fill.
    roll3: HashMap<u16, Outcome, FxBuild>,
    large: HashMap<u16, Outcome, FxBuild>,
    small: HashMap<u16, Outcome, FxBuild>,
    /// The boarding step (R7) and what follows it, per position after roll 2.
    board: HashMap<u16, Outcome, FxBuild>,
}

fn code(at: At) -> u8 {
    match at {
        At::Sea(x) => x,
        _ => DOCKED,
    }
}

fn index(p: Pos) -> u16 {
    ((p[0] as usize * CODES + p[1] as usize) * CODES + p[2] as usize) as u16
}

fn positions(s: &State) -> Pos {
    s.ships.map(|ship| code(ship.at))
}

/// A ship's roll-3 class counts out of 6: [docks, ends on 13, wrecked] (R2, R9).
fn class_counts(code: u8) -> [u32; 3] {
    if code == DOCKED {
        return [6, 0, 0];
    }
    let x = code as u32;
    let dock = x.saturating_sub(7).min(6);
    let thirteen = (7..=12).contains(&x) as u32;
    [dock, thirteen, 6 - dock - thirteen]
}

/// A pilot's move as position deltas, in canonical order (R14).
fn pilot_deltas(large: bool) -> Vec<[i8; SHIPS]> {
    let mut all = vec![[0; SHIPS]];
    let singles: &[i8] = if large { &[1, -1, 2, -2] } else { &[1, -1] };
    for i in 0..SHIPS {
        for &d in singles {
            let mut m = [0; SHIPS];
            m[i] = d;
            all.push(m);
        }
    }
    if large {
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            for (di, dj) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let mut m = [0; SHIPS];
                m[i] = di;
                m[j] = dj;
                all.push(m);
            }
        }
    }
    all
}

/// Applies pilot deltas (R8): only ships at sea move, never below 0; past 13 docks.
fn moved(p: Pos, deltas: [i8; SHIPS]) -> Option<Pos> {
    let mut out = p;
    for i in 0..SHIPS {
        if deltas[i] == 0 {
            continue;
        }
        if p[i] == DOCKED {
            return None;
        }
        let to = p[i] as i8 + deltas[i];
        if to < 0 {
            return None;
        }
        out[i] = (to as u8).min(DOCKED);
    }
    Some(out)
}

/// The exact solver under `none`. Its tables persist between calls, so one solver
/// can value many states (the sampler keeps one per chunk).
pub struct Solver {
    tables: Vec<Tables>,
    keys: HashMap<TableKey, usize, FxBuild>,
    /// The last key looked up: play-outs ask for the same one again and again.
    last: Option<(TableKey, usize)>,
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
            keys: HashMap::default(),
            last: None,
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
            self.keys.clear();
            self.last = None;
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
            terminal: [None; 27],
            roll3: HashMap::default(),
            large: HashMap::default(),
            small: HashMap::default(),
            board: HashMap::default(),
        });
        let t = self.tables.len() - 1;
        self.keys.insert(key, t);
        self.last = Some((key, t));
        t
    }

    /// Roll 3 from positions `p` (R6, R9, R10, R11).
    fn roll3(&mut self, t: usize, p: Pos) -> Outcome {
        let valuation = self.valuation;
        let tab = &mut self.tables[t];
        if let Some(&o) = tab.roll3.get(&index(p)) {
            return o;
        }
        let counts = p.map(class_counts);
        let mut out = Outcome::default();
        for k in 0..27 {
            let w = counts[0][k / 9] * counts[1][k / 3 % 3] * counts[2][k % 3];
            if w > 0 {
                let classes = [k / 9, k / 3 % 3, k % 3];
                let settled = *tab.terminal[k].get_or_insert_with(|| {
                    resolve_classes(&tab.template, tab.mark, classes, valuation)
                });
                out.add(w as f64 / 216.0, &settled);
            }
        }
        tab.roll3.insert(index(p), out);
        out
    }

    /// The large pilot's decision, then roll 3 (R8).
    fn large(&mut self, t: usize, p: Pos) -> Outcome {
        let holder = self.tables[t].template.large_pilot;
        if holder.is_none() {
            return self.roll3(t, p);
        }
        if let Some(&o) = self.tables[t].large.get(&index(p)) {
            return o;
        }
        let moves = std::mem::take(&mut self.large_moves);
        let options: Vec<Outcome> = moves
            .iter()
            .filter_map(|&m| moved(p, m))
            .map(|q| self.roll3(t, q))
            .collect();
        self.large_moves = moves;
        let o = best(options.into_iter(), holder);
        self.tables[t].large.insert(index(p), o);
        o
    }

    /// The small pilot's decision, then the large pilot's (R8).
    fn small(&mut self, t: usize, p: Pos) -> Outcome {
        let holder = self.tables[t].template.small_pilot;
        if holder.is_none() {
            return self.large(t, p);
        }
        if let Some(&o) = self.tables[t].small.get(&index(p)) {
            return o;
        }
        let moves = std::mem::take(&mut self.small_moves);
        let options: Vec<Outcome> = moves
            .iter()
            .filter_map(|&m| moved(p, m))
            .map(|q| self.large(t, q))
            .collect();
        self.small_moves = moves;
        let o = best(options.into_iter(), holder);
        self.tables[t].small.insert(index(p), o);
        o
    }

    /// Positions right after roll 2: boarding if it can happen (R7), then pilots.
    fn after_roll2(&mut self, t: usize, p: Pos) -> Outcome {
        let tab = &self.tables[t];
        if tab.template.pirate_count() == 0 || !p.contains(&TRACK_END) {
            return self.small(t, p);
        }
        if let Some(&o) = tab.board.get(&index(p)) {
            return o;
        }
        let mut s = tab.template;
        place_ships(&mut s, p);
        s.phase = Phase::Boarding {
            next: 0,
            boarded: [0; SHIPS],
        };
        let mark = tab.mark;
        let o = self.boarding(&s, mark);
        self.tables[t].board.insert(index(p), o);
        o
    }

    /// A pirate's boarding decision in `s` (R7), and what follows it.
    fn boarding(&mut self, s: &State, mark: Mark) -> Outcome {
        let decider = s.decider();
        let mut options = Vec::new();
        for a in play::legal_actions(s) {
            let Ok(next) = play::apply(s, a) else {
                continue;
            };
            let next_mark = follow_mark(mark, s, a);
            options.push(match next.phase {
                Phase::Boarding { .. } => self.boarding(&next, next_mark),
                _ => {
                    let t = self.tables_for(&next, next_mark);
                    self.small(t, positions(s))
                }
            });
        }
        best(options.into_iter(), decider)
    }

    /// `rolls` rolls from positions `p`, then what follows roll 2.
    fn rolls_to_boarding(&mut self, t: usize, p: Pos, rolls: u8) -> Outcome {
        let dists = p.map(|c| spread(c, rolls));
        let total = (DIE_SIDES as f64).powi(3 * rolls as i32);
        let mut out = Outcome::default();
        for (a, &wa) in dists[0].iter().enumerate().filter(|(_, w)| **w > 0) {
            for (b, &wb) in dists[1].iter().enumerate().filter(|(_, w)| **w > 0) {
                for (c, &wc) in dists[2].iter().enumerate().filter(|(_, w)| **w > 0) {
                    let o = self.after_roll2(t, [a as u8, b as u8, c as u8]);
                    out.add((wa * wb * wc) as f64 / total, &o);
                }
            }
        }
        out
    }

    /// The decider's best action in a boarding, pilot or plunder state (R14).
    pub fn best_action(&mut self, s: &State) -> Option<Action> {
        let decider = s.decider()? as usize;
        let mut best: Option<(Action, f64)> = None;
        for a in play::legal_actions(s) {
            let Ok(next) = play::apply(s, a) else {
                continue;
            };
            let v = self.value(&next, Mark::None).value[decider];
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
                self.roll3(t, p)
            }
            Phase::SmallPilot | Phase::Placement { .. } | Phase::Roll => {
                let t = self.tables_for(s, mark);
                match s.rolls_done {
                    r if r < 2 => self.rolls_to_boarding(t, p, 2 - r),
                    _ => self.small(t, p),
                }
            }
        }
    }
}

/// One ship's position counts after `rolls` rolls (out of 6^rolls), by code.
fn spread(code: u8, rolls: u8) -> [u64; CODES] {
    let mut dist = [0u64; CODES];
    dist[code as usize] = 1;
    for _ in 0..rolls {
        let mut next = [0u64; CODES];
        for (c, &w) in dist.iter().enumerate().filter(|(_, w)| **w > 0) {
            for d in 1..=DIE_SIDES as usize {
                let to = if c == DOCKED as usize {
                    c
                } else {
                    (c + d).min(DOCKED as usize)
                };
                next[to] += w;
            }
        }
        dist = next;
    }
    dist
}

fn place_ships(s: &mut State, p: Pos) {
    for (ship, &c) in s.ships.iter_mut().zip(&p) {
        ship.at = if c == DOCKED { At::Harbour } else { At::Sea(c) };
    }
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
    play::resolve(&mut t);
    plunder_or_settle(&t, mark, valuation)
}

/// Every player's value, and the ships' odds, from `s` if nobody places again.
pub fn outcome(s: &State) -> Outcome {
    outcome_valued(s, Valuation::default())
}

pub fn outcome_valued(s: &State, valuation: Valuation) -> Outcome {
    Solver::with(valuation).value(s, Mark::None)
}

/// The value of each legal option of the decider (R13, R14, R15 `none`).
pub fn option_outcomes(s: &State) -> Vec<(Action, Outcome)> {
    option_outcomes_valued(s, Valuation::default())
}

pub fn option_outcomes_valued(s: &State, valuation: Valuation) -> Vec<(Action, Outcome)> {
    play::legal_actions(s)
        .into_iter()
        .filter_map(|a| {
            let next = play::apply(s, a).ok()?;
            Some((a, Solver::with(valuation).value(&next, option_mark(s, a))))
        })
        .collect()
}

/// The worker whose pay `p_paid` follows when the decider takes `a`: the worker
/// placed, or the deciding pirate.
pub fn option_mark(s: &State, a: Action) -> Mark {
    match s.phase {
        Phase::Placement { .. } => placed_mark(s, a),
        Phase::Boarding { next, .. } => follow_mark(Mark::Pirate(next), s, a),
        _ => Mark::None,
    }
}

/// The decider's options valued and ranked, best first (R14), and the ships' odds
/// after the best one.
pub fn advise_state(s: &State) -> Advice {
    advise_valued(s, Valuation::default())
}

pub fn advise_valued(s: &State, valuation: Valuation) -> Advice {
    let decider = s.decider().unwrap_or(0) as usize;
    let valued = option_outcomes_valued(s, valuation)
        .into_iter()
        .map(|(action, outcome)| Valued {
            action,
            ev: outcome.value[decider] - play::action_cost(s, action) as f64
                + play::income(s, action) as f64,
            outcome,
            then: None,
        })
        .collect();
    advice_from(s, valued, valuation, Future::None)
}

/// One option valued exactly.
pub struct Valued {
    pub action: Action,
    /// The rest of the voyage after the option.
    pub outcome: Outcome,
    /// The decider's value of the option, its own cost and income included.
    pub ev: f64,
    /// What the future model expects next.
    pub then: Option<Then>,
}

/// The advice from the decider's options valued exactly, in canonical order:
/// ranked best first (R14), with the ships' odds after the best one.
pub fn advice_from(s: &State, valued: Vec<Valued>, valuation: Valuation, future: Future) -> Advice {
    let decider = s.decider().unwrap_or(0);
    let pass_ev = valued.first().map_or(0.0, |v| v.ev);
    let order = rank(&valued.iter().map(|v| v.ev).collect::<Vec<_>>());
    let options = order
        .iter()
        .map(|&k| {
            let v = &valued[k];
            OptionValue {
                action: v.action,
                cost: play::action_cost(s, v.action),
                ev: v.ev,
                gain_vs_pass: v.ev - pass_ev,
                p_paid: pays_worker(s, v.action).then_some(v.outcome.paid),
                stderr: None,
                gain_stderr: None,
                p_best: None,
                then: v.then,
            }
        })
        .collect();
    let ships = order
        .first()
        .map(|&k| ship_odds(s, &valued[k].outcome))
        .unwrap_or_default();
    Advice {
        decider,
        method: Method::Exact,
        method_reason: "exact enumeration".into(),
        sampling: None,
        shares_counted: valuation.count_shares,
        future,
        approximation: None,
        options,
        reference: valued.first().map_or(Action::Pass, |v| v.action),
        ships,
    }
}

pub fn advise(position: &crate::Position) -> Advice {
    advise_state(position.state())
}

/// Indices of `values`, best first; values within [`TIE`] keep their order (R14).
pub fn rank(values: &[f64]) -> Vec<usize> {
    let mut left: Vec<usize> = (0..values.len()).collect();
    let mut order = Vec::with_capacity(values.len());
    while !left.is_empty() {
        let mut pick = 0;
        for (k, &i) in left.iter().enumerate() {
            if values[i] > values[left[pick]] + TIE {
                pick = k;
            }
        }
        order.push(left.remove(pick));
    }
    order
}

/// Whether an option puts a worker whose pay `p_paid` reports.
pub fn pays_worker(s: &State, a: Action) -> bool {
    match s.phase {
        Phase::Placement { .. } => placed_mark(s, a) != Mark::None,
        Phase::Boarding { .. } => true,
        _ => false,
    }
}

pub fn ship_odds(s: &State, o: &Outcome) -> Vec<ShipOdds> {
    (0..SHIPS)
        .map(|i| ShipOdds {
            cargo: s.ships[i].cargo,
            p_harbour: o.harbour[i].clamp(0.0, 1.0),
            p_shipyard: (1.0 - o.harbour[i]).clamp(0.0, 1.0),
            p_plundered: o.plundered[i],
            stderr: None,
        })
        .collect()
}

/// Each ship's odds and every player's value if nobody places again.
pub fn odds(position: &crate::Position) -> crate::report::Odds {
    odds_valued(position, Valuation::default())
}

pub fn odds_valued(position: &crate::Position, valuation: Valuation) -> crate::report::Odds {
    odds_valued_state(position.state(), valuation)
}

pub fn odds_valued_state(s: &State, valuation: Valuation) -> crate::report::Odds {
    let o = outcome_valued(s, valuation);
    crate::report::Odds {
        method: Method::Exact,
        method_reason: "exact enumeration".into(),
        sampling: None,
        shares_counted: valuation.count_shares,
        players_stderr: None,
        future: Future::None,
        approximation: None,
        ships: ship_odds(s, &o),
        players: o.value[..s.players as usize].to_vec(),
    }
}
