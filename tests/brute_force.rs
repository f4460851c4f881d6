//! An independent brute-force reference for the exact solver (future model `none`,
//! R15), and invariants that every exact result must satisfy.
//!
//! The reference reads a position only through its JSON form ([`Setup`]) and restates
//! the rules of RULES.md itself: it calls nothing in `play`, `exact` or `state` for the
//! mechanics. It enumerates plainly: every die of every remaining roll, one ship after
//! another, and every option of every decision, with no memo and no merging of equal
//! states, so that a shortcut in the solver cannot hide behind a shared mistake.
//!
//! The comparison takes generated positions of every phase; the brute force costs
//! 216 settlements per roll still to come and 7 or 25 options per pilot, so positions
//! are picked where it stays affordable. Before roll 1 that means a decider who cannot
//! afford a pilot (their cash is cut to 0 or 1, which also makes stowaways).
//!
//! Run with `cargo test --release --test brute_force`.

mod common;

use manila_odds::engine::analysis::{self, MethodChoice, Request};
use manila_odds::engine::exact;
use manila_odds::engine::future::{self, Planner};
use manila_odds::engine::sample::Settings;
use manila_odds::engine::values::CASH;
use manila_odds::position::setup::{Berths, Setup, ShipSetup};
use manila_odds::report::Future;
use manila_odds::report::{Advice, Reason, ShipOdds};
use manila_odds::rules::{self, At, Phase, PhaseName, State};
use manila_odds::{Action, Position};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

// ------------------------------------------------------------------ R1, restated

/// Values closer than this are equal (R14); reference and solver must agree this well.
const TIE: f64 = 1e-9;
/// Rival options this close are a tie that relabelling the ships might break otherwise.
const NEAR: f64 = 1e-6;
const END: i8 = 13;
const BERTH_COST: [i64; 3] = [4, 3, 2];
const BERTH_REWARD: [i64; 3] = [6, 8, 15];
const PIRATE_COST: i64 = 5;
const SMALL_PILOT_COST: i64 = 2;
const LARGE_PILOT_COST: i64 = 5;
const PREMIUM: i64 = 10;
const MORTGAGE: i64 = 12;

struct CargoRule {
    name: &'static str,
    profit: i64,
    seat_costs: &'static [i64],
}

#[rustfmt::skip]
const CARGOS: [CargoRule; 4] = [
    CargoRule { name: "jade", profit: 36, seat_costs: &[3, 4, 5, 5] },
    CargoRule { name: "silk", profit: 30, seat_costs: &[3, 4, 5] },
    CargoRule { name: "ginseng", profit: 18, seat_costs: &[1, 2, 3] },
    CargoRule { name: "nutmeg", profit: 24, seat_costs: &[2, 3, 4] },
];

/// Pilot moves as deltas per ship, in the canonical order of R14 (legal or not).
#[rustfmt::skip]
const SMALL_MOVES: [[i8; 3]; 7] = [
    [0, 0, 0],
    [1, 0, 0], [-1, 0, 0],
    [0, 1, 0], [0, -1, 0],
    [0, 0, 1], [0, 0, -1],
];
#[rustfmt::skip]
const LARGE_MOVES: [[i8; 3]; 25] = [
    [0, 0, 0],
    [1, 0, 0], [-1, 0, 0], [2, 0, 0], [-2, 0, 0],
    [0, 1, 0], [0, -1, 0], [0, 2, 0], [0, -2, 0],
    [0, 0, 1], [0, 0, -1], [0, 0, 2], [0, 0, -2],
    [1, 1, 0], [1, -1, 0], [-1, 1, 0], [-1, -1, 0],
    [1, 0, 1], [1, 0, -1], [-1, 0, 1], [-1, 0, -1],
    [0, 1, 1], [0, 1, -1], [0, -1, 1], [0, -1, -1],
];

// ------------------------------------------------------------------ the model

#[derive(Clone, Copy, Debug, PartialEq)]
enum Loc {
    Sea(i8),
    Harbour,
    Shipyard,
}

/// A worker on the board; `tracked` marks the one whose chance of pay is wanted.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Worker {
    owner: u8,
    tracked: bool,
}

#[derive(Clone, Copy, Debug)]
struct Ship {
    cargo: usize,
    at: Loc,
    /// Occupied seats first, in fill order (R1).
    crew: [Option<Worker>; 4],
    /// Seats taken by pirates in this boarding step (R7: they cannot be removed).
    boarded: [bool; 4],
    plundered: bool,
}

impl Ship {
    fn rule(&self) -> &'static CargoRule {
        &CARGOS[self.cargo]
    }

    fn passengers(&self) -> usize {
        self.crew.iter().flatten().count()
    }

    fn has_free_seat(&self) -> bool {
        self.passengers() < self.rule().seat_costs.len()
    }

    fn on_13(&self) -> bool {
        self.at == Loc::Sea(END)
    }
}

#[derive(Clone, Copy, Debug)]
struct Voyage {
    ships: [Ship; 3],
    harbour: [Option<Worker>; 3],
    shipyard: [Option<Worker>; 3],
    /// Captain first; a pirate who boards leaves the list.
    pirates: [Option<Worker>; 2],
    small_pilot: Option<u8>,
    large_pilot: Option<u8>,
    insurer: Option<Worker>,
    /// The insurer's cash plus 12 a share at settlement, when their money is
    /// modelled: the most they can pay of the claims; the bank pays the rest
    /// (R5, R11, the rulebook in `seeds/`).
    insurer_credit: Option<i64>,
    strong_pirates: bool,
    thirteen_wrecks: bool,
}

/// R2: a move past 13 docks the ship; the rest of the move is lost.
fn advance(at: i8, by: i8) -> Loc {
    if at + by > END {
        Loc::Harbour
    } else {
        Loc::Sea(at + by)
    }
}

/// What the rest of the voyage is worth, in expectation.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    /// Each player's receipts less the insurance claims they pay (R11, R13).
    value: [f64; 5],
    harbour: [f64; 3],
    shipyard: [f64; 3],
    plundered: [f64; 3],
    /// Probability that the tracked worker is paid.
    paid: f64,
    /// Some decision on the way had rival options within [`NEAR`] with different results.
    close_call: bool,
}

impl Tally {
    fn add(&mut self, weight: f64, o: &Tally) {
        for (a, b) in self.value.iter_mut().zip(&o.value) {
            *a += weight * b;
        }
        for i in 0..3 {
            self.harbour[i] += weight * o.harbour[i];
            self.shipyard[i] += weight * o.shipyard[i];
            self.plundered[i] += weight * o.plundered[i];
        }
        self.paid += weight * o.paid;
        self.close_call |= o.close_call;
    }

    fn differs(&self, o: &Tally) -> bool {
        let far = |a: &[f64], b: &[f64]| a.iter().zip(b).any(|(x, y)| (x - y).abs() > TIE);
        far(&self.value, &o.value)
            || far(&self.harbour, &o.harbour)
            || far(&self.plundered, &o.plundered)
            || (self.paid - o.paid).abs() > TIE
    }
}

/// R14: the owner takes the option of highest value for them; options within [`TIE`]
/// of the best go to the first one listed.
fn decide(options: &[Tally], owner: u8) -> Tally {
    let p = owner as usize;
    let (pick, top) = first_best(options, p);
    let mut out = options[pick];
    out.close_call = options.iter().any(|t| t.close_call) || close_call(options, p, top);
    out
}

/// R14: the first option within [`TIE`] of the best value for player `p`, and
/// that best value.
fn first_best(options: &[Tally], p: usize) -> (usize, f64) {
    let top = options
        .iter()
        .map(|t| t.value[p])
        .fold(f64::NEG_INFINITY, f64::max);
    let pick = options
        .iter()
        .position(|t| t.value[p] >= top - TIE)
        .expect("a decision has an option");
    (pick, top)
}

/// Whether rival options within [`NEAR`] of the best lead to different results. When
/// the first option (stay, none, pass, all to harbour: the same under any relabelling)
/// is among them and level with all of them, the pick cannot depend on the labels.
fn close_call(options: &[Tally], p: usize, top: f64) -> bool {
    let first = options[0].value[p];
    let mut rivals = options.iter().filter(|t| t.value[p] >= top - NEAR);
    let Some(r0) = rivals.clone().next() else {
        return false;
    };
    let first_level =
        first >= top - NEAR && rivals.clone().all(|t| (t.value[p] - first).abs() < 1e-12);
    !first_level && rivals.any(|t| t.differs(r0))
}

// ------------------------------------------------------------------ the voyage (R6-R11)

/// R6: one fair die per ship at sea, ship after ship; `then` goes on from the moved
/// ships. Docked ships do not roll.
fn roll(v: &Voyage, ship: usize, then: &dyn Fn(&Voyage) -> Tally) -> Tally {
    if ship == 3 {
        return then(v);
    }
    let Loc::Sea(at) = v.ships[ship].at else {
        return roll(v, ship + 1, then);
    };
    let mut sum = Tally::default();
    for die in 1..=6 {
        let mut w = *v;
        w.ships[ship].at = advance(at, die);
        sum.add(1.0 / 6.0, &roll(&w, ship + 1, then));
    }
    sum
}

/// The rest of the voyage when nobody places again (R15 `none`), with `rolls_done`
/// rolls made (R4).
fn after_placement(v: &Voyage, rolls_done: u8) -> Tally {
    match rolls_done {
        0 => roll(v, 0, &|w| roll(w, 0, &after_roll_two)),
        1 => roll(v, 0, &after_roll_two),
        _ => small_pilot(v),
    }
}

/// R7: pirates board only right after roll 2, when a ship stands on 13.
fn after_roll_two(v: &Voyage) -> Tally {
    after_roll_two_then(v, &small_pilot)
}

/// [`after_roll_two`], going on with `then` (the last placement round, or
/// the pilots) once boarding is over.
fn after_roll_two_then(v: &Voyage, then: &dyn Fn(&Voyage) -> Tally) -> Tally {
    if v.pirates[0].is_some() && v.ships.iter().any(Ship::on_13) {
        boarding_then(v, 0, then)
    } else {
        then(v)
    }
}

#[derive(Clone, Copy, Debug)]
enum Boarding {
    Stay,
    Board { ship: usize, remove: Option<usize> },
}

/// R7 choices of the deciding pirate, in R14 order: stay, then ship by ship.
fn boarding_choices(v: &Voyage) -> Vec<Boarding> {
    let mut out = vec![Boarding::Stay];
    let free_on_13 = v.ships.iter().any(|s| s.on_13() && s.has_free_seat());
    for (i, ship) in v.ships.iter().enumerate().filter(|(_, s)| s.on_13()) {
        if ship.has_free_seat() {
            out.push(Boarding::Board {
                ship: i,
                remove: None,
            });
        } else if v.strong_pirates && !free_on_13 {
            let seats = (0..ship.passengers()).filter(|&k| !ship.boarded[k]);
            out.extend(seats.map(|k| Boarding::Board {
                ship: i,
                remove: Some(k),
            }));
        }
    }
    out
}

/// Applies the choice of pirate `pirates[next]`; gives the state and the index of the
/// pirate who decides next, if any.
fn board(v: &Voyage, next: usize, choice: Boarding) -> (Voyage, Option<usize>) {
    let mut w = *v;
    let Boarding::Board { ship, remove } = choice else {
        return (w, (next == 0 && w.pirates[1].is_some()).then_some(1));
    };
    let pirate = w.pirates[next].take().expect("the deciding pirate");
    let seat = remove.unwrap_or(w.ships[ship].passengers());
    w.ships[ship].crew[seat] = Some(pirate);
    w.ships[ship].boarded[seat] = true;
    if next == 0 {
        // The other pirate becomes captain at once, and decides next.
        w.pirates = [w.pirates[1], None];
        let after = w.pirates[0].is_some().then_some(0);
        return (w, after);
    }
    (w, None)
}

fn boarding(v: &Voyage, next: usize) -> Tally {
    boarding_then(v, next, &small_pilot)
}

fn boarding_then(v: &Voyage, next: usize, then: &dyn Fn(&Voyage) -> Tally) -> Tally {
    let decider = v.pirates[next].expect("a pirate decides").owner;
    let options: Vec<Tally> = boarding_choices(v)
        .into_iter()
        .map(|c| after_boarding_then(v, next, c, then))
        .collect();
    decide(&options, decider)
}

fn after_boarding(v: &Voyage, next: usize, choice: Boarding) -> Tally {
    after_boarding_then(v, next, choice, &small_pilot)
}

fn after_boarding_then(
    v: &Voyage,
    next: usize,
    choice: Boarding,
    then: &dyn Fn(&Voyage) -> Tally,
) -> Tally {
    match board(v, next, choice) {
        (w, Some(n)) => boarding_then(&w, n, then),
        (w, None) => then(&w),
    }
}

/// R8: only ships at sea move, none below 0; a ship past 13 docks at once.
fn pilot(v: &Voyage, deltas: &[i8; 3]) -> Option<Voyage> {
    let mut w = *v;
    for (ship, &d) in w.ships.iter_mut().zip(deltas) {
        if d == 0 {
            continue;
        }
        let Loc::Sea(at) = ship.at else {
            return None;
        };
        if at + d < 0 {
            return None;
        }
        ship.at = advance(at, d);
    }
    Some(w)
}

fn small_pilot(v: &Voyage) -> Tally {
    let Some(holder) = v.small_pilot else {
        return large_pilot(v);
    };
    let options: Vec<Tally> = SMALL_MOVES
        .iter()
        .filter_map(|m| pilot(v, m))
        .map(|w| large_pilot(&w))
        .collect();
    decide(&options, holder)
}

fn large_pilot(v: &Voyage) -> Tally {
    let Some(holder) = v.large_pilot else {
        return roll_three(v);
    };
    let options: Vec<Tally> = LARGE_MOVES
        .iter()
        .filter_map(|m| pilot(v, m))
        .map(|w| roll_three(&w))
        .collect();
    decide(&options, holder)
}

fn roll_three(v: &Voyage) -> Tally {
    roll(v, 0, &resolve)
}

/// R9 after roll 3: with a pirate waiting, ships on 13 are plundered; otherwise a ship
/// on 13 docks (is wrecked under thirteen wrecks) and ships below 13 are wrecked.
fn resolve(v: &Voyage) -> Tally {
    if v.pirates[0].is_some() && v.ships.iter().any(Ship::on_13) {
        return plunder(v);
    }
    let mut w = *v;
    for ship in &mut w.ships {
        if let Loc::Sea(at) = ship.at {
            let docks = at == END && !w.thirteen_wrecks;
            ship.at = if docks { Loc::Harbour } else { Loc::Shipyard };
        }
    }
    settle(&w)
}

/// R10 destinations, `Some(true)` for the shipyard, for each ship on 13 in R14 order:
/// the first ship varies slowest, harbour before shipyard. Fixed arrays, not vectors:
/// this runs once per die combination of roll 3.
fn plunder_choices(v: &Voyage) -> ([[Option<bool>; 3]; 8], usize) {
    let on_13 = v.ships.map(|s| s.on_13());
    let n = on_13.iter().filter(|&&b| b).count();
    let mut out = [[None; 3]; 8];
    for (bits, dests) in out.iter_mut().enumerate().take(1 << n) {
        let mut shift = n;
        for i in (0..3).filter(|&i| on_13[i]) {
            shift -= 1;
            dests[i] = Some(bits >> shift & 1 == 1);
        }
    }
    (out, 1 << n)
}

/// R10: plundered ships lose their passengers and go where the captain says; ships
/// below 13 are the wrecks of R9.
fn plundered(v: &Voyage, dests: &[Option<bool>; 3]) -> Voyage {
    let mut w = *v;
    for (ship, dest) in w.ships.iter_mut().zip(dests) {
        match (dest, ship.at) {
            (Some(to_shipyard), _) => {
                ship.crew = [None; 4];
                ship.plundered = true;
                ship.at = if *to_shipyard {
                    Loc::Shipyard
                } else {
                    Loc::Harbour
                };
            }
            (None, Loc::Sea(_)) => ship.at = Loc::Shipyard,
            _ => {}
        }
    }
    w
}

fn plunder(v: &Voyage) -> Tally {
    let captain = v.pirates[0].expect("a captain").owner;
    let (choices, n) = plunder_choices(v);
    let mut options = [Tally::default(); 8];
    for (o, d) in options.iter_mut().zip(&choices[..n]) {
        *o = settle(&plundered(v, d));
    }
    decide(&options[..n], captain)
}

fn receive(t: &mut Tally, w: Worker, amount: i64) {
    t.value[w.owner as usize] += amount as f64;
    if w.tracked && amount > 0 {
        t.paid = 1.0;
    }
}

/// R11: a profit is split equally among the workers given.
fn share(t: &mut Tally, profit: i64, workers: &[Option<Worker>]) {
    let n = workers.iter().flatten().count() as i64;
    for &w in workers.iter().flatten() {
        assert_eq!(profit % n, 0, "R11: every profit divides evenly");
        receive(t, w, profit / n);
    }
}

/// R10, R11: every payout and claim once every ship is in the harbour or the shipyard.
fn settle(v: &Voyage) -> Tally {
    let mut t = Tally::default();
    for (i, ship) in v.ships.iter().enumerate() {
        match ship.at {
            Loc::Harbour => t.harbour[i] = 1.0,
            Loc::Shipyard => t.shipyard[i] = 1.0,
            Loc::Sea(_) => panic!("settlement with a ship at sea"),
        }
        if ship.plundered {
            t.plundered[i] = 1.0;
            share(&mut t, ship.rule().profit, &v.pirates);
        } else if ship.at == Loc::Harbour {
            share(&mut t, ship.rule().profit, &ship.crew);
        }
    }
    let docked = v.ships.iter().filter(|s| s.at == Loc::Harbour).count();
    let wrecked = v.ships.iter().filter(|s| s.at == Loc::Shipyard).count();
    // Berth X holds a ship when at least 1, 2 or 3 ships lie there (R11).
    for (k, &reward) in BERTH_REWARD.iter().enumerate() {
        if let (true, Some(w)) = (docked > k, v.harbour[k]) {
            receive(&mut t, w, reward);
        }
        if wrecked <= k {
            continue;
        }
        if let Some(w) = v.shipyard[k] {
            receive(&mut t, w, reward);
        }
        if let Some(insurer) = v.insurer {
            t.value[insurer.owner as usize] -= reward as f64;
        }
    }
    // R13 counts the claims paid: never more than the insurer can raise.
    if let (Some(insurer), Some(credit)) = (v.insurer, v.insurer_credit) {
        let value = &mut t.value[insurer.owner as usize];
        *value = value.max(-credit as f64);
    }
    if v.insurer.is_some_and(|w| w.tracked) {
        t.paid = 1.0;
    }
    t
}

// ------------------------------------------------------------------ reading a position

/// A position as the reference reads it from its JSON form.
struct Reference {
    voyage: Voyage,
    phase: PhaseName,
    rolls_done: u8,
    decider: u8,
    boarding_next: usize,
    /// The decider's cash and credit when money is modelled (R5).
    cash: Option<i64>,
    credit: Option<i64>,
}

/// A placement (R5) in the canonical order of R14.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Slot {
    Pass,
    Seat(usize),
    Harbour(usize),
    Shipyard(usize),
    Pirate,
    SmallPilot,
    LargePilot,
    Insurance,
}

const SLOTS: [Slot; 14] = [
    Slot::Pass,
    Slot::Seat(0),
    Slot::Seat(1),
    Slot::Seat(2),
    Slot::Harbour(0),
    Slot::Harbour(1),
    Slot::Harbour(2),
    Slot::Shipyard(0),
    Slot::Shipyard(1),
    Slot::Shipyard(2),
    Slot::Pirate,
    Slot::SmallPilot,
    Slot::LargePilot,
    Slot::Insurance,
];

/// One option of the decider as the reference values it.
struct Valued {
    name: String,
    cost: i64,
    income: i64,
    tally: Tally,
    /// Whether `p_paid` is reported for it (a placed worker, or a boarding pirate).
    pays_worker: bool,
}

impl Valued {
    fn ev(&self, decider: u8) -> f64 {
        self.tally.value[decider as usize] - self.cost as f64 + self.income as f64
    }
}

impl Reference {
    fn read(setup: &Setup) -> Reference {
        let index = |name: &str| {
            let i = setup.players.iter().position(|p| p == name);
            i.expect("a player's name") as u8
        };
        let voyage = read_voyage(setup, &index);
        let boarding_next = setup.boarding_next.unwrap_or(0) as usize;
        let decider = match setup.phase {
            PhaseName::Placement => setup.to_move.as_deref().map(index),
            PhaseName::Boarding => voyage.pirates[boarding_next].map(|w| w.owner),
            PhaseName::SmallPilot => voyage.small_pilot,
            PhaseName::LargePilot => voyage.large_pilot,
            PhaseName::Plunder => voyage.pirates[0].map(|w| w.owner),
            PhaseName::Roll => None,
        };
        let decider = decider.expect("a decider");
        let name = &setup.players[decider as usize];
        let cash = setup.cash.as_ref().and_then(|c| c.get(name).copied());
        let shares: i64 = setup
            .shares
            .as_ref()
            .and_then(|s| s.get(name))
            .map_or(0, |held| held.values().sum());
        Reference {
            voyage,
            phase: setup.phase,
            rolls_done: setup.rolls_done as u8,
            decider,
            boarding_next,
            cash,
            credit: cash.map(|c| c + MORTGAGE * shares),
        }
    }

    /// Every player's value and the ships' odds if nobody places again.
    fn odds(&self) -> Tally {
        let v = &self.voyage;
        match self.phase {
            PhaseName::Placement => after_placement(v, self.rolls_done),
            PhaseName::Boarding => boarding(v, self.boarding_next),
            PhaseName::SmallPilot => small_pilot(v),
            PhaseName::LargePilot => large_pilot(v),
            PhaseName::Plunder => plunder(v),
            PhaseName::Roll => unreachable!("generated positions stop at decisions"),
        }
    }

    /// Every legal option of the decider, in canonical order (R14), valued.
    fn options(&self) -> Vec<Valued> {
        match self.phase {
            PhaseName::Placement => self.placements(),
            PhaseName::Boarding => self.boardings(),
            PhaseName::SmallPilot => self.pilots(&SMALL_MOVES, large_pilot),
            PhaseName::LargePilot => self.pilots(&LARGE_MOVES, roll_three),
            PhaseName::Plunder => self.plunders(),
            PhaseName::Roll => unreachable!("generated positions stop at decisions"),
        }
    }

    /// R5: the decider's credit is below the price of every free slot but insurance.
    fn stowaway(&self) -> bool {
        let priced = |s: &&Slot| !matches!(s, Slot::Pass | Slot::Insurance);
        self.credit.is_some_and(|credit| {
            let v = &self.voyage;
            let prices: Vec<i64> = SLOTS
                .iter()
                .filter(priced)
                .filter_map(|&s| price(v, s))
                .collect();
            // With no free slot but insurance nobody is a stowaway (the engine's reading).
            !prices.is_empty() && prices.iter().all(|&p| p > credit)
        })
    }

    /// R5: the free slots the decider can take, with what each costs them; a stowaway
    /// may only take a seat, for all their cash.
    fn placement_choices(&self) -> Vec<(Slot, i64)> {
        let v = &self.voyage;
        let stowaway = self.stowaway();
        let mut out = vec![(Slot::Pass, 0)];
        for &slot in &SLOTS[1..] {
            let Some(p) = price(v, slot) else { continue };
            if stowaway {
                if matches!(slot, Slot::Seat(_)) {
                    out.push((slot, self.cash.unwrap_or(0)));
                }
            } else if self.credit.is_none_or(|c| p <= c) {
                out.push((slot, p));
            }
        }
        out
    }

    /// The voyage after the decider paid `cost` for a placement: an insurer
    /// (now or from before) has that much less to pay claims with.
    fn paid(&self, mut v: Voyage, cost: i64) -> Voyage {
        let decider_insures = v.insurer.is_some_and(|w| w.owner == self.decider);
        if decider_insures && let Some(credit) = self.credit {
            let premium = if self.voyage.insurer.is_none() {
                PREMIUM
            } else {
                0
            };
            v.insurer_credit = Some(credit - cost + premium);
        }
        v
    }

    fn placements(&self) -> Vec<Valued> {
        let v = &self.voyage;
        self.placement_choices()
            .into_iter()
            .map(|(slot, cost)| Valued {
                name: slot_name(v, slot),
                cost,
                income: if slot == Slot::Insurance { PREMIUM } else { 0 },
                tally: after_placement(
                    &self.paid(place(v, slot, self.decider), cost),
                    self.rolls_done,
                ),
                pays_worker: !matches!(slot, Slot::Pass | Slot::SmallPilot | Slot::LargePilot),
            })
            .collect()
    }

    fn boardings(&self) -> Vec<Valued> {
        let mut v = self.voyage;
        let next = self.boarding_next;
        if let Some(p) = &mut v.pirates[next] {
            p.tracked = true;
        }
        boarding_choices(&v)
            .into_iter()
            .map(|c| Valued {
                name: boarding_name(&v, c),
                cost: 0,
                income: 0,
                tally: after_boarding(&v, next, c),
                pays_worker: true,
            })
            .collect()
    }

    fn pilots(&self, moves: &[[i8; 3]], then: fn(&Voyage) -> Tally) -> Vec<Valued> {
        let v = &self.voyage;
        moves
            .iter()
            .filter_map(|m| Some((m, pilot(v, m)?)))
            .map(|(m, w)| Valued {
                name: pilot_name(v, m),
                cost: 0,
                income: 0,
                tally: then(&w),
                pays_worker: false,
            })
            .collect()
    }

    fn plunders(&self) -> Vec<Valued> {
        let v = &self.voyage;
        let (choices, n) = plunder_choices(v);
        choices[..n]
            .iter()
            .map(|d| Valued {
                name: plunder_name(v, d),
                cost: 0,
                income: 0,
                tally: settle(&plundered(v, d)),
                pays_worker: false,
            })
            .collect()
    }
}

fn read_voyage(setup: &Setup, index: &dyn Fn(&str) -> u8) -> Voyage {
    let worker = |name: &str| Worker {
        owner: index(name),
        tracked: false,
    };
    let slot = |name: &Option<String>| name.as_deref().map(worker);
    let berths = |b: &Berths| [slot(&b.a), slot(&b.b), slot(&b.c)];
    let ships: Vec<Ship> = setup
        .ships
        .iter()
        .map(|s| read_ship(setup, s, index))
        .collect();
    let mut pirates = [None; 2];
    for (place, name) in pirates.iter_mut().zip(&setup.pirates) {
        *place = Some(worker(name));
    }
    Voyage {
        ships: [ships[0], ships[1], ships[2]],
        harbour: berths(&setup.harbour),
        shipyard: berths(&setup.shipyard),
        pirates,
        small_pilot: setup.pilots.small.as_deref().map(index),
        large_pilot: setup.pilots.large.as_deref().map(index),
        insurer: slot(&setup.insurance),
        insurer_credit: setup.insurance.as_deref().and_then(|name| {
            let cash = setup.cash.as_ref()?.get(name)?;
            let shares: i64 = setup
                .shares
                .as_ref()
                .and_then(|s| s.get(name))
                .map_or(0, |held| held.values().sum());
            Some(cash + MORTGAGE * shares)
        }),
        strong_pirates: setup.variant.strong_pirates,
        thirteen_wrecks: setup.variant.thirteen_wrecks,
    }
}

fn read_ship(setup: &Setup, s: &ShipSetup, index: &dyn Fn(&str) -> u8) -> Ship {
    let cargo_name = s.cargo.to_string();
    let cargo = CARGOS.iter().position(|c| c.name == cargo_name);
    let mut ship = Ship {
        cargo: cargo.expect("a known cargo"),
        at: match s.position {
            Some(p) => Loc::Sea(p as i8),
            None => Loc::Harbour,
        },
        crew: [None; 4],
        boarded: [false; 4],
        plundered: false,
    };
    for (seat, name) in ship.crew.iter_mut().zip(&s.crew) {
        *seat = Some(Worker {
            owner: index(name),
            tracked: false,
        });
    }
    for b in setup.boarded.iter().filter(|b| b.cargo == s.cargo) {
        ship.boarded[b.seat as usize] = true;
    }
    ship
}

/// The list price of a free slot (R1, R5); `None` when it is taken or closed.
fn price(v: &Voyage, slot: Slot) -> Option<i64> {
    let free = |holder: Option<u8>, cost: i64| holder.is_none().then_some(cost);
    match slot {
        Slot::Pass => Some(0),
        Slot::Seat(i) => {
            let ship = &v.ships[i];
            let at_sea = matches!(ship.at, Loc::Sea(_));
            (at_sea && ship.has_free_seat()).then(|| ship.rule().seat_costs[ship.passengers()])
        }
        Slot::Harbour(k) => free(v.harbour[k].map(|w| w.owner), BERTH_COST[k]),
        Slot::Shipyard(k) => free(v.shipyard[k].map(|w| w.owner), BERTH_COST[k]),
        Slot::Pirate => free(v.pirates[1].map(|w| w.owner), PIRATE_COST),
        Slot::SmallPilot => free(v.small_pilot, SMALL_PILOT_COST),
        Slot::LargePilot => free(v.large_pilot, LARGE_PILOT_COST),
        Slot::Insurance => free(v.insurer.map(|w| w.owner), 0),
    }
}

/// The voyage after the decider takes `slot`, their new worker tracked.
fn place(v: &Voyage, slot: Slot, decider: u8) -> Voyage {
    let mut w = *v;
    let worker = Some(Worker {
        owner: decider,
        tracked: true,
    });
    match slot {
        Slot::Pass => {}
        Slot::Seat(i) => {
            let k = w.ships[i].passengers();
            w.ships[i].crew[k] = worker;
        }
        Slot::Harbour(k) => w.harbour[k] = worker,
        Slot::Shipyard(k) => w.shipyard[k] = worker,
        Slot::Pirate => {
            let k = w.pirates.iter().flatten().count();
            w.pirates[k] = worker;
        }
        Slot::SmallPilot => w.small_pilot = Some(decider),
        Slot::LargePilot => w.large_pilot = Some(decider),
        Slot::Insurance => w.insurer = worker,
    }
    w
}

// ------------------------------------------------------------------ option names (POSITION.md)

fn cargo_name(v: &Voyage, ship: usize) -> &'static str {
    v.ships[ship].rule().name
}

fn slot_name(v: &Voyage, slot: Slot) -> String {
    const LETTERS: [&str; 3] = ["A", "B", "C"];
    match slot {
        Slot::Pass => "pass".into(),
        Slot::Seat(i) => format!("ship:{}", cargo_name(v, i)),
        Slot::Harbour(k) => format!("harbour:{}", LETTERS[k]),
        Slot::Shipyard(k) => format!("shipyard:{}", LETTERS[k]),
        Slot::Pirate => "pirate".into(),
        Slot::SmallPilot => "pilot:small".into(),
        Slot::LargePilot => "pilot:large".into(),
        Slot::Insurance => "insurance".into(),
    }
}

fn boarding_name(v: &Voyage, c: Boarding) -> String {
    match c {
        Boarding::Stay => "stay".into(),
        Boarding::Board { ship, remove: None } => format!("board:{}", cargo_name(v, ship)),
        Boarding::Board {
            ship,
            remove: Some(k),
        } => format!("board:{}/remove:{k}", cargo_name(v, ship)),
    }
}

fn pilot_name(v: &Voyage, deltas: &[i8; 3]) -> String {
    let moves: Vec<String> = (0..3)
        .filter(|&i| deltas[i] != 0)
        .map(|i| {
            let sign = if deltas[i] > 0 { '+' } else { '-' };
            format!("{}{sign}{}", cargo_name(v, i), deltas[i].abs())
        })
        .collect();
    if moves.is_empty() {
        "none".into()
    } else {
        moves.join(",")
    }
}

fn plunder_name(v: &Voyage, dests: &[Option<bool>; 3]) -> String {
    let parts: Vec<String> = (0..3)
        .filter_map(|i| {
            let to = if dests[i]? { "shipyard" } else { "harbour" };
            Some(format!("{}:{to}", cargo_name(v, i)))
        })
        .collect();
    parts.join(",")
}

// ------------------------------------------------------------------ choosing positions

/// Roughly how many settlements the reference enumerates for a position: 216 per roll
/// still to come, 7 and 25 per pilot decision (R8), once for the odds and once per
/// option. Used only to keep the run short.
fn work(r: &Reference) -> f64 {
    let pilots = |v: &Voyage| {
        let small = if v.small_pilot.is_some() { 7.0 } else { 1.0 };
        let large = if v.large_pilot.is_some() { 25.0 } else { 1.0 };
        small * large
    };
    let v = &r.voyage;
    match r.phase {
        PhaseName::Placement => {
            let rolls = 216f64.powi(3 - r.rolls_done as i32);
            let options: f64 = r
                .placement_choices()
                .iter()
                .map(|&(slot, _)| pilots(&place(v, slot, r.decider)))
                .sum();
            rolls * (pilots(v) + options)
        }
        PhaseName::Plunder => 1.0,
        _ => 216.0 * 8.0 * pilots(v),
    }
}

fn category(setup: &Setup) -> &'static str {
    match (setup.phase, setup.rolls_done) {
        (PhaseName::Placement, 0) => "placement/0",
        (PhaseName::Placement, 1) => "placement/1",
        (PhaseName::Placement, _) => "placement/2",
        (PhaseName::Boarding, _) => "boarding",
        (PhaseName::SmallPilot, _) => "small_pilot",
        (PhaseName::LargePilot, _) => "large_pilot",
        (PhaseName::Plunder, _) => "plunder",
        (PhaseName::Roll, _) => "roll",
    }
}

/// The same position with the decider short of money: credit 0 or 1 rules out both
/// pilots (R5), which keeps a roll-0 position within reach of the brute force, and
/// credit 0 makes the decider a stowaway.
fn short_of_money(position: &Position, seed: u64) -> Option<Position> {
    let mut setup = position.to_setup();
    let name = setup.to_move.clone()?;
    setup
        .cash
        .get_or_insert_with(BTreeMap::new)
        .insert(name.clone(), (seed % 2) as i64);
    if let Some(shares) = &mut setup.shares {
        shares.remove(&name);
    }
    Position::try_from(setup).ok()
}

/// Generated positions the brute force can afford, up to `quota` per category.
fn affordable_cases(quotas: &[(&str, usize)], max_work: f64, seeds: u64) -> Vec<(u64, Position)> {
    let mut taken: BTreeMap<&str, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for seed in 0..seeds {
        let mut position = common::random_position(seed);
        let mut setup = position.to_setup();
        if work(&Reference::read(&setup)) > max_work && setup.rolls_done == 0 {
            let Some(cheaper) = short_of_money(&position, seed) else {
                continue;
            };
            position = cheaper;
            setup = position.to_setup();
        }
        let kind = category(&setup);
        let quota = quotas.iter().find(|q| q.0 == kind).map_or(0, |q| q.1);
        let count = taken.entry(kind).or_default();
        if *count < quota && work(&Reference::read(&setup)) <= max_work {
            *count += 1;
            out.push((seed, position));
        }
        if out.len() == quotas.iter().map(|q| q.1).sum::<usize>() {
            break;
        }
    }
    out
}

/// Runs `f` on every item on all cores, most expensive first; results in item order.
fn par_map<T: Sync, R: Send>(
    items: &[T],
    cost: impl Fn(&T) -> f64,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| cost(&items[b]).total_cmp(&cost(&items[a])));
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let r = f(&items[i]);
                    done.lock().expect("no thread panicked").push((i, r));
                }
            });
        }
    });
    let mut done = done.into_inner().expect("no thread panicked");
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

// ------------------------------------------------------------------ comparing

/// Disagreements between the reference and the solver, in words.
#[derive(Default)]
struct Diffs(Vec<String>);

impl Diffs {
    fn num(&mut self, what: impl FnOnce() -> String, reference: f64, solver: f64) {
        if (reference - solver).abs() > TIE || reference.is_nan() != solver.is_nan() {
            self.0.push(format!(
                "{}: reference {reference}, solver {solver}",
                what()
            ));
        }
    }

    fn tally(
        &mut self,
        what: &str,
        n: usize,
        mine: &Tally,
        theirs: &manila_odds::engine::values::Outcome,
    ) {
        for p in 0..n {
            self.num(
                || format!("{what} value[{p}]"),
                mine.value[p],
                theirs.value[p],
            );
        }
        for i in 0..3 {
            self.num(
                || format!("{what} harbour[{i}]"),
                mine.harbour[i],
                theirs.harbour[i],
            );
            self.num(
                || format!("{what} plundered[{i}]"),
                mine.plundered[i],
                theirs.plundered[i],
            );
            let sum = mine.harbour[i] + mine.shipyard[i];
            self.num(
                || format!("{what} reference harbour+shipyard[{i}]"),
                sum,
                1.0,
            );
        }
    }
}

/// Compares the reference with the solver on one position: the odds, every option's
/// values, and the advice built from them.
fn compare(position: &Position) -> Diffs {
    let setup = position.to_setup();
    let r = Reference::read(&setup);
    let n = setup.players.len();
    let mut d = Diffs::default();
    d.tally(
        "odds",
        n,
        &r.odds(),
        &exact::outcome(position.state(), CASH),
    );
    let mine = r.options();
    let theirs = exact::option_outcomes(position.state(), CASH);
    let my_names: Vec<&str> = mine.iter().map(|o| o.name.as_str()).collect();
    let their_names: Vec<String> = theirs.iter().map(|(a, _)| a.to_string()).collect();
    if my_names != their_names {
        d.0.push(format!(
            "options: reference {my_names:?}, solver {their_names:?}"
        ));
        return d;
    }
    for (m, (_, o)) in mine.iter().zip(&theirs) {
        d.tally(&format!("option {}", m.name), n, &m.tally, o);
    }
    compare_advice(&r, &mine, &exact::advise(position.state(), CASH), &mut d);
    d
}

fn compare_advice(r: &Reference, mine: &[Valued], advice: &Advice, d: &mut Diffs) {
    let reference_ev = mine[0].ev(r.decider);
    for m in mine {
        let Some(o) = advice
            .options
            .iter()
            .find(|o| o.action.to_string() == m.name)
        else {
            d.0.push(format!("advice lacks option {}", m.name));
            continue;
        };
        let ev = m.ev(r.decider);
        d.num(|| format!("{} cost", m.name), m.cost as f64, o.cost as f64);
        d.num(|| format!("{} ev", m.name), ev, o.ev);
        d.num(
            || format!("{} gain_vs_pass", m.name),
            ev - reference_ev,
            o.gain_vs_pass,
        );
        match (m.pays_worker, o.p_paid) {
            (true, Some(p)) => d.num(|| format!("{} p_paid", m.name), m.tally.paid, p),
            (false, None) => {}
            (_, p) => d.0.push(format!(
                "{} p_paid: reference reports {}, solver {p:?}",
                m.name, m.pays_worker
            )),
        }
    }
    let evs: Vec<f64> = mine.iter().map(|m| m.ev(r.decider)).collect();
    let ranked: Vec<&str> = rank(&evs)
        .into_iter()
        .map(|k| mine[k].name.as_str())
        .collect();
    let order: Vec<String> = advice
        .options
        .iter()
        .map(|o| o.action.to_string())
        .collect();
    if ranked != order {
        d.0.push(format!(
            "advice order: reference {ranked:?}, solver {order:?}"
        ));
    }
    let best = mine
        .iter()
        .find(|m| m.name == order[0])
        .expect("the best option is listed");
    for (i, ship) in advice.ships.iter().enumerate() {
        d.num(
            || format!("ships[{i}].p_harbour"),
            best.tally.harbour[i],
            ship.p_harbour,
        );
        d.num(
            || format!("ships[{i}].p_shipyard"),
            best.tally.shipyard[i],
            ship.p_shipyard,
        );
        d.num(
            || format!("ships[{i}].p_plundered"),
            best.tally.plundered[i],
            ship.p_plundered,
        );
    }
}

/// R14 output order: best first; among values within [`TIE`] of the best left, the
/// first in canonical order.
fn rank(evs: &[f64]) -> Vec<usize> {
    let mut left: Vec<usize> = (0..evs.len()).collect();
    let mut out = Vec::new();
    while !left.is_empty() {
        let top = left
            .iter()
            .map(|&k| evs[k])
            .fold(f64::NEG_INFINITY, f64::max);
        let pick = left
            .iter()
            .position(|&k| evs[k] >= top - TIE)
            .expect("one is best");
        out.push(left.remove(pick));
    }
    out
}

// ------------------------------------------------------------------ the tests

/// Positions per category for the brute-force comparison: at least 200 in all.
const QUOTAS: [(&str, usize); 7] = [
    ("placement/0", 6),
    ("placement/1", 45),
    ("placement/2", 60),
    ("boarding", 25),
    ("small_pilot", 25),
    ("large_pilot", 25),
    ("plunder", 25),
];
/// Settlements the brute force may enumerate for one position.
const MAX_WORK: f64 = 1.5e8;

#[test]
fn r14_brute_force_agrees_with_solver() {
    let cases = affordable_cases(&QUOTAS, MAX_WORK, 6000);
    let cost = |c: &(u64, Position)| work(&Reference::read(&c.1.to_setup()));
    let started = std::time::Instant::now();
    let diffs = par_map(&cases, cost, |(_, p)| compare(p));
    eprintln!("{} positions in {:.1?}", cases.len(), started.elapsed());
    let mut failures = Vec::new();
    for ((seed, position), d) in cases.iter().zip(&diffs) {
        if !d.0.is_empty() {
            let json = position.to_setup().to_json();
            failures.push(format!("seed {seed}:\n  {}\n{json}", d.0.join("\n  ")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} positions disagree; the first ones:\n{}",
        failures.len(),
        cases.len(),
        failures[..failures.len().min(5)].join("\n")
    );
    assert_coverage(&cases);
}

/// Every phase, player count and variant must have been checked a few times.
fn assert_coverage(cases: &[(u64, Position)]) {
    let mut hits: BTreeMap<String, usize> = BTreeMap::new();
    for (_, position) in cases {
        let s = position.to_setup();
        let r = Reference::read(&s);
        let stowaway = r.phase == PhaseName::Placement && r.stowaway();
        let tags = [
            Some(category(&s).to_string()),
            Some(format!("{} players", s.players.len())),
            s.variant
                .strong_pirates
                .then(|| "strong pirates".to_string()),
            (!s.variant.strong_pirates).then(|| "plain pirates".to_string()),
            s.variant
                .thirteen_wrecks
                .then(|| "thirteen wrecks".to_string()),
            (!s.variant.thirteen_wrecks).then(|| "thirteen docks".to_string()),
            s.cash.is_some().then(|| "cash".to_string()),
            stowaway.then(|| "stowaway".to_string()),
        ];
        for tag in tags.into_iter().flatten() {
            *hits.entry(tag).or_default() += 1;
        }
    }
    eprintln!("coverage: {hits:?}");
    assert!(cases.len() >= 200, "only {} positions", cases.len());
    let mut wanted: Vec<(String, usize)> =
        QUOTAS.iter().map(|&(k, q)| (k.to_string(), q)).collect();
    for tag in [
        "3 players",
        "4 players",
        "5 players",
        "strong pirates",
        "plain pirates",
        "thirteen wrecks",
        "thirteen docks",
        "cash",
        "stowaway",
    ] {
        wanted.push((tag.to_string(), 3));
    }
    for (tag, least) in wanted {
        let got = hits.get(&tag).copied().unwrap_or(0);
        assert!(
            got >= least,
            "{tag}: {got} positions, want at least {least}"
        );
    }
}

/// Hand-made positions for rules that random play reaches rarely.
const EDGE_POSITIONS: [(&str, &str); 7] = [
    (
        "R7 strong pirates: no removal while a ship on 13 has a free seat",
        r#"{"players": ["red", "blue", "green", "yellow", "black"], "harbour_master": "red",
        "rolls_done": 2, "phase": "boarding",
        "ships": [{"cargo": "jade", "position": 13, "crew": ["red", "blue", "green", "yellow"]},
                  {"cargo": "silk", "position": 13, "crew": ["black", "red"]},
                  {"cargo": "nutmeg", "position": 9, "crew": []}],
        "pirates": ["blue", "green"], "pilots": {"small": "yellow"}, "insurance": "black",
        "variant": {"strong_pirates": true}}"#,
    ),
    (
        "R7 strong pirates: a seat a pirate took in this step cannot be removed",
        r#"{"players": ["red", "blue", "green", "yellow", "black"], "harbour_master": "red",
        "rolls_done": 2, "phase": "boarding", "boarding_next": 0,
        "boarded": [{"cargo": "silk", "seat": 2}],
        "ships": [{"cargo": "jade", "position": 13, "crew": ["red", "blue", "green", "yellow"]},
                  {"cargo": "silk", "position": 13, "crew": ["black", "red", "blue"]},
                  {"cargo": "nutmeg", "position": 9, "crew": []}],
        "pirates": ["green"], "pilots": {"small": "yellow"}, "insurance": "black",
        "variant": {"strong_pirates": true}}"#,
    ),
    (
        "R7 the captain boards, then the other pirate decides",
        r#"{"players": ["red", "blue", "green", "yellow", "black"], "harbour_master": "blue",
        "rolls_done": 2, "phase": "boarding",
        "ships": [{"cargo": "jade", "position": 13, "crew": ["red"]},
                  {"cargo": "nutmeg", "position": 13, "crew": []},
                  {"cargo": "silk", "position": 4, "crew": ["green"]}],
        "harbour": {"A": "black", "B": "yellow"}, "shipyard": {"A": "blue"},
        "pirates": ["green", "black"],
        "pilots": {"small": "red", "large": "blue"}, "insurance": "yellow",
        "variant": {"thirteen_wrecks": true}}"#,
    ),
    (
        "R7 a strong pirate removes the worker being placed rather than its own: p_paid",
        r#"{"players": ["red", "green", "yellow"], "harbour_master": "red",
        "rolls_done": 1, "phase": "placement", "to_move": "yellow",
        "ships": [{"cargo": "ginseng", "position": 8, "crew": ["green", "green"]},
                  {"cargo": "silk", "position": 9, "crew": ["red", "red", "red"]},
                  {"cargo": "nutmeg", "position": 2, "crew": ["yellow"]}],
        "harbour": {"A": "yellow"}, "pirates": ["green"],
        "variant": {"strong_pirates": true}}"#,
    ),
    (
        "R8 pilots dock a ship past 13 and never move one below 0",
        r#"{"players": ["red", "blue", "green", "yellow"], "harbour_master": "red",
        "rolls_done": 2, "phase": "placement", "to_move": "green",
        "ships": [{"cargo": "jade", "position": 12, "crew": ["red", "green"]},
                  {"cargo": "silk", "position": 2, "crew": ["yellow"]},
                  {"cargo": "ginseng", "docked": true, "crew": ["blue"]}],
        "harbour": {"A": "yellow"}, "shipyard": {"A": "red", "B": "green"},
        "pilots": {"small": "blue", "large": "red"}, "insurance": "blue"}"#,
    ),
    (
        "R8 the large pilot after the small pilot moved a ship onto 13",
        r#"{"players": ["red", "blue", "green"], "harbour_master": "green",
        "rolls_done": 2, "phase": "large_pilot",
        "ships": [{"cargo": "jade", "position": 13, "crew": ["blue", "blue"]},
                  {"cargo": "silk", "position": 1, "crew": ["red"]},
                  {"cargo": "ginseng", "position": 12, "crew": ["green"]}],
        "shipyard": {"A": "green"}, "pirates": ["red"],
        "pilots": {"small": "blue", "large": "green"}, "passed": ["red", "blue", "green"]}"#,
    ),
    (
        "R10 three ships plundered by two pirates",
        r#"{"players": ["red", "blue", "green", "yellow"], "harbour_master": "blue",
        "rolls_done": 3, "phase": "plunder",
        "ships": [{"cargo": "jade", "position": 13, "crew": ["red"]},
                  {"cargo": "silk", "position": 13, "crew": ["green", "yellow"]},
                  {"cargo": "nutmeg", "position": 13, "crew": []}],
        "harbour": {"A": "green"}, "shipyard": {"A": "red", "B": "yellow", "C": "blue"},
        "pirates": ["blue", "red"], "insurance": "yellow", "passed": ["blue", "green"]}"#,
    ),
];

#[test]
fn r7_r8_r10_edge_positions_agree_with_solver() {
    for (what, json) in EDGE_POSITIONS {
        let position = Position::from_json(json).unwrap_or_else(|e| panic!("{what}: {e}"));
        let d = compare(&position);
        assert!(d.0.is_empty(), "{what}:\n  {}", d.0.join("\n  "));
    }
}

/// Positions before roll 2 where roll 2 often leaves a ship on 13 with pirates
/// aboard and pilots held: the solver's boarding plans lead into pilot games
/// of the boarded crews (R7, R8), with both pirates deciding.
const BOARDING_INTO_PILOTS: [(&str, &str); 4] = [
    (
        "R7 R8 both pilots, two pirates",
        r#"{"players": ["red", "blue", "green", "yellow"], "harbour_master": "red",
        "rolls_done": 1, "phase": "placement", "round": 2, "to_move": "green",
        "ships": [{"cargo": "jade", "position": 6, "crew": ["red"]},
                  {"cargo": "silk", "position": 7, "crew": ["blue"]},
                  {"cargo": "nutmeg", "position": 8, "crew": []}],
        "pirates": ["blue", "green"], "pilots": {"small": "yellow", "large": "red"}}"#,
    ),
    (
        "R7 R8 the large pilot only, a full ship",
        r#"{"players": ["red", "blue", "green", "yellow"], "harbour_master": "blue",
        "rolls_done": 1, "phase": "placement", "round": 2, "to_move": "yellow",
        "ships": [{"cargo": "ginseng", "position": 7, "crew": ["blue", "green", "yellow"]},
                  {"cargo": "silk", "position": 9, "crew": []},
                  {"cargo": "nutmeg", "position": 8, "crew": ["red"]}],
        "pirates": ["green"], "pilots": {"large": "blue"}}"#,
    ),
    (
        "R7 R8 strong pirates remove a passenger, the small pilot only",
        r#"{"players": ["red", "blue", "green", "yellow"], "harbour_master": "red",
        "rolls_done": 1, "phase": "placement", "round": 2, "to_move": "yellow",
        "ships": [{"cargo": "ginseng", "position": 8, "crew": ["red", "yellow", "green"]},
                  {"cargo": "silk", "position": 7, "crew": ["blue"]},
                  {"cargo": "nutmeg", "position": 9, "crew": ["red"]}],
        "pirates": ["blue"], "pilots": {"small": "green"},
        "variant": {"strong_pirates": true}}"#,
    ),
    (
        "R7 R8 a pilot holder is also a pirate, thirteen wrecks",
        r#"{"players": ["red", "blue", "green"], "harbour_master": "green",
        "rolls_done": 1, "phase": "placement", "round": 3, "to_move": "blue",
        "ships": [{"cargo": "jade", "position": 7, "crew": ["green"]},
                  {"cargo": "silk", "position": 8, "crew": ["red"]},
                  {"cargo": "ginseng", "position": 10, "crew": ["blue"]}],
        "harbour": {"A": "green"}, "shipyard": {"A": "blue"},
        "pirates": ["red"], "pilots": {"large": "green", "small": "red"},
        "variant": {"thirteen_wrecks": true}}"#,
    ),
];

#[test]
fn r7_r8_boarding_into_pilot_games_agrees_with_solver() {
    for (what, json) in BOARDING_INTO_PILOTS {
        let position = Position::from_json(json).unwrap_or_else(|e| panic!("{what}: {e}"));
        let d = compare(&position);
        assert!(d.0.is_empty(), "{what}:\n  {}", d.0.join("\n  "));
    }
}

/// R7: the option lists of the two strong-pirates positions above, spelled out.
#[test]
fn r7_strong_pirates_options_are_as_the_rules_say() {
    let names = |json: &str| -> Vec<String> {
        let setup = Setup::from_json(json).expect("JSON");
        Reference::read(&setup)
            .options()
            .into_iter()
            .map(|o| o.name)
            .collect()
    };
    assert_eq!(names(EDGE_POSITIONS[0].1), ["stay", "board:silk"]);
    let jade: Vec<String> = (0..4).map(|k| format!("board:jade/remove:{k}")).collect();
    let silk = ["board:silk/remove:0", "board:silk/remove:1"];
    let want: Vec<String> = ["stay".to_string()]
        .into_iter()
        .chain(jade)
        .chain(silk.map(String::from))
        .collect();
    assert_eq!(names(EDGE_POSITIONS[1].1), want);
}

// ------------------------------------------------------------------ invariants

/// Generated positions on which the brute force takes milliseconds, for tests that run
/// it on many positions.
fn cheap_positions(count: usize) -> Vec<(u64, Position)> {
    let cheap = |p: &Position| work(&Reference::read(&p.to_setup())) <= 2e6;
    (0..)
        .map(|seed| (seed, common::random_position(seed)))
        .filter(|(_, p)| cheap(p))
        .take(count)
        .collect()
}

#[test]
fn r11_every_ship_ends_in_the_harbour_or_the_shipyard() {
    // Floating-point rounding may leave a sure event a few ulps past 1.
    let one = |p: f64| (-TIE..=1.0 + TIE).contains(&p);
    for seed in 0..300 {
        let position = common::random_position(seed);
        let ships = exact::advise(position.state(), CASH)
            .ships
            .into_iter()
            .chain(exact::odds(position.state(), CASH).ships);
        for s in ships {
            assert!(
                (s.p_harbour + s.p_shipyard - 1.0).abs() <= TIE,
                "seed {seed}: {s:?}"
            );
            assert!(
                one(s.p_harbour) && one(s.p_shipyard) && one(s.p_plundered),
                "seed {seed}: {s:?}"
            );
        }
    }
    // The reference counts shipyard endings apart from harbour endings, so this is a
    // real check of the enumeration, not of 1 - p.
    for (seed, position) in cheap_positions(60) {
        let r = Reference::read(&position.to_setup());
        let tallies = r.options().into_iter().map(|o| o.tally).chain([r.odds()]);
        for t in tallies {
            for i in 0..3 {
                let sum = t.harbour[i] + t.shipyard[i];
                assert!(
                    (sum - 1.0).abs() <= TIE,
                    "seed {seed}: ship {i} ends somewhere with probability {sum}"
                );
            }
        }
    }
}

/// The same position with every name replaced by `rename(name)`.
fn renamed(s: &Setup, rename: &dyn Fn(&str) -> String) -> Setup {
    let mut t = s.clone();
    let one = |n: &mut String| *n = rename(n);
    let opt = |n: &mut Option<String>| n.iter_mut().for_each(one);
    t.players.iter_mut().for_each(one);
    one(&mut t.harbour_master);
    opt(&mut t.to_move);
    t.ships
        .iter_mut()
        .for_each(|ship| ship.crew.iter_mut().for_each(one));
    for b in [&mut t.harbour, &mut t.shipyard] {
        [&mut b.a, &mut b.b, &mut b.c].into_iter().for_each(opt);
    }
    t.pirates.iter_mut().for_each(one);
    opt(&mut t.pilots.small);
    opt(&mut t.pilots.large);
    opt(&mut t.insurance);
    t.passed.iter_mut().for_each(one);
    t.cash = s
        .cash
        .as_ref()
        .map(|c| c.iter().map(|(k, v)| (rename(k), *v)).collect());
    t.shares = s
        .shares
        .as_ref()
        .map(|c| c.iter().map(|(k, v)| (rename(k), v.clone())).collect());
    t
}

/// Players keep their seats and their workers; only the names change hands.
#[test]
fn renaming_players_changes_no_value() {
    for seed in 0..300 {
        let position = common::random_position(seed);
        let setup = position.to_setup();
        let names = setup.players.clone();
        let n = names.len();
        let rotate = |name: &str| {
            let i = names.iter().position(|p| p == name).expect("a player");
            names[(i + 1) % n].clone()
        };
        let other = Position::try_from(renamed(&setup, &rotate))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let (a, b) = (
            exact::odds(position.state(), CASH),
            exact::odds(other.state(), CASH),
        );
        assert_close(&a.players, &b.players, &format!("seed {seed} odds"));
        let fates = |ships: &[ShipOdds]| -> Vec<f64> {
            ships
                .iter()
                .flat_map(|s| [s.p_harbour, s.p_plundered])
                .collect()
        };
        assert_close(
            &fates(&a.ships),
            &fates(&b.ships),
            &format!("seed {seed} ships"),
        );
        let (a, b) = (
            exact::advise(position.state(), CASH),
            exact::advise(other.state(), CASH),
        );
        assert_eq!(a.decider, b.decider, "seed {seed}");
        assert_close(
            &fates(&a.ships),
            &fates(&b.ships),
            &format!("seed {seed} advice"),
        );
        let summary = |advice: &Advice| -> Vec<(String, f64, Option<f64>)> {
            advice
                .options
                .iter()
                .map(|o| (o.action.to_string(), o.ev, o.p_paid))
                .collect()
        };
        let (sa, sb) = (summary(&a), summary(&b));
        assert_eq!(sa.len(), sb.len(), "seed {seed}");
        for (x, y) in sa.iter().zip(&sb) {
            assert_eq!(x.0, y.0, "seed {seed}: option order");
            assert_close(
                &[x.1, x.2.unwrap_or(-1.0)],
                &[y.1, y.2.unwrap_or(-1.0)],
                &format!("seed {seed} {}", x.0),
            );
        }
    }
}

fn assert_close(a: &[f64], b: &[f64], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}");
    for (x, y) in a.iter().zip(b) {
        assert!((x - y).abs() <= TIE, "{what}: {a:?} vs {b:?}");
    }
}

/// An option name that does not depend on the order of the ships: pilot moves and
/// plunder destinations are listed in ship order, so their parts are sorted.
fn unordered_name(name: &str) -> String {
    let mut parts: Vec<&str> = name.split(',').collect();
    parts.sort_unstable();
    parts.join(",")
}

/// Every value a position yields, keyed so that it does not depend on the ship order.
fn values_by_label(position: &Position) -> BTreeMap<String, f64> {
    let s = position.state();
    let cargo = |i: usize| s.ships[i].cargo.to_string();
    let mut out = BTreeMap::new();
    let mut outcome = |label: &str, o: &manila_odds::engine::values::Outcome| {
        for p in 0..s.players as usize {
            out.insert(format!("{label} value[{p}]"), o.value[p]);
        }
        for i in 0..3 {
            out.insert(format!("{label} {} harbour", cargo(i)), o.harbour[i]);
            out.insert(format!("{label} {} plundered", cargo(i)), o.plundered[i]);
        }
    };
    outcome("odds", &exact::outcome(s, CASH));
    for (a, o) in exact::option_outcomes(s, CASH) {
        outcome(&unordered_name(&a.to_string()), &o);
    }
    for o in exact::advise(position.state(), CASH).options {
        let name = unordered_name(&o.action.to_string());
        out.insert(format!("{name} ev"), o.ev);
        out.insert(format!("{name} p_paid"), o.p_paid.unwrap_or(-1.0));
    }
    out
}

/// Relabelling the ships is no decision of anyone's: where no decision maker faces a
/// tie that the canonical order (R14) would break by ship order, values do not change.
#[test]
fn ship_order_changes_no_value_without_ties() {
    const ORDERS: [[usize; 3]; 5] = [[0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut checked = 0;
    for (seed, position) in cheap_positions(120) {
        let setup = position.to_setup();
        let r = Reference::read(&setup);
        if r.odds().close_call || r.options().iter().any(|o| o.tally.close_call) {
            continue;
        }
        let want = values_by_label(&position);
        for order in ORDERS {
            let mut other = setup.clone();
            other.ships = order.map(|k| setup.ships[k].clone()).to_vec();
            let other = Position::try_from(other).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let got = values_by_label(&other);
            assert_eq!(
                want.keys().collect::<Vec<_>>(),
                got.keys().collect::<Vec<_>>(),
                "seed {seed} {order:?}"
            );
            for (label, w) in &want {
                assert!(
                    (w - got[label]).abs() <= TIE,
                    "seed {seed} ships {order:?}: {label} {w} became {}",
                    got[label]
                );
            }
        }
        checked += 1;
    }
    eprintln!("ship order: {checked} positions free of ties checked");
    assert!(checked >= 60, "only {checked} positions free of ties");
}

/// Random legal play to the end of a voyage, leaning towards insurance and the
/// shipyard, which this check is about.
fn random_settled(seed: u64) -> State {
    let mut rng = common::Rng::new(seed);
    let mut s = common::random_start(&mut rng);
    loop {
        match s.phase {
            Phase::Over => return s,
            Phase::Roll => {
                let dice = [0; 3].map(|_| 1 + rng.below(6) as u8);
                s = rules::roll(&s, dice);
            }
            _ => {
                let legal = rules::legal_actions(&s);
                let wanted = legal
                    .iter()
                    .position(|a| matches!(a, Action::Insurance | Action::Shipyard(_)));
                let pick = wanted
                    .filter(|_| rng.chance(60))
                    .unwrap_or_else(|| rng.below(legal.len()));
                s = rules::apply(&s, legal[pick]).expect("legal actions apply");
            }
        }
    }
}

/// R11: the insurer pays each shipyard berth's reward, to its holder or to the bank,
/// and no money appears from nowhere.
#[test]
fn r11_insurer_claims_go_to_shipyard_holders_or_bank() {
    let mut insured_wrecks = 0;
    for seed in 0..2000 {
        let s = random_settled(seed);
        let settlement = rules::settle(&s);
        let wrecked = s.ships.iter().filter(|sh| sh.at == At::Shipyard).count();
        let docked = s.ships.iter().filter(|sh| sh.at == At::Harbour).count();
        let rewards = |slots: &[Option<u8>; 3], filled: usize, held: bool| -> i64 {
            (0..filled)
                .filter(|&k| slots[k].is_some() == held)
                .map(|k| BERTH_REWARD[k])
                .sum()
        };
        let to_holders = rewards(&s.shipyard, wrecked, true);
        let to_bank = rewards(&s.shipyard, wrecked, false);
        let (claims, to_players) = (
            settlement.claims as i64,
            settlement.claims_to_players as i64,
        );
        if s.insurance.is_some() {
            insured_wrecks += (wrecked > 0) as usize;
            assert_eq!(
                (claims, to_players),
                (to_holders + to_bank, to_holders),
                "seed {seed}"
            );
        } else {
            assert_eq!((claims, to_players), (0, 0), "seed {seed}");
        }
        // Money into players' hands: cargo profits and harbour rewards from the bank,
        // shipyard rewards from the insurer or the bank, less what the insurer pays.
        let profits: i64 = s
            .ships
            .iter()
            .filter(|sh| {
                (sh.plundered && s.pirate_count() > 0)
                    || (sh.at == At::Harbour && !sh.plundered && !sh.crew.is_empty())
            })
            .map(|sh| {
                CARGOS
                    .iter()
                    .find(|c| c.name == sh.cargo.to_string())
                    .expect("a cargo")
                    .profit
            })
            .sum();
        let paid_in = profits + rewards(&s.harbour, docked, true) + to_holders - claims;
        let received: i64 = settlement.payouts.iter().sum();
        assert_eq!(received, paid_in, "seed {seed}: money out of nowhere");
    }
    assert!(
        insured_wrecks >= 100,
        "only {insured_wrecks} insured voyages with wrecks"
    );
}

// ------------------------------------------------------------------ future models (R14, R15)
//
// Tiny positions: the last placement round after roll 2, money not modelled, at
// most three players still to place. The reference plays every remaining
// placement itself, in turn order, and values the rest with the `none` brute force
// above (pilots, roll 3, plunder, settlement): plainly, with no memo.

/// The players still to place in the round, in turn order from the player to
/// move: the round runs from the harbour master clockwise (R5); players who
/// passed or have no worker in hand are skipped.
fn movers(setup: &Setup, v: &Voyage) -> Vec<u8> {
    let order = turn_order(setup);
    let hand = hands(setup, v);
    let first = player_index(setup, setup.to_move.as_deref().expect("a player to move"));
    let from = order
        .iter()
        .position(|&p| p == first)
        .expect("in the order");
    order[from..]
        .iter()
        .copied()
        .filter(|&p| p == first || hand[p as usize] > 0)
        .collect()
}

fn player_index(setup: &Setup, name: &str) -> u8 {
    let i = setup.players.iter().position(|p| p == name);
    i.expect("a player") as u8
}

/// The players from the harbour master clockwise (R5).
fn turn_order(setup: &Setup) -> Vec<u8> {
    let n = setup.players.len();
    let hm = player_index(setup, &setup.harbour_master) as usize;
    (0..n).map(|k| ((hm + k) % n) as u8).collect()
}

/// Each player's workers in hand, 0 for those who passed (they place nothing
/// more, R5): the workers of R1 less those on the board.
fn hands(setup: &Setup, v: &Voyage) -> [u8; 5] {
    let n = setup.players.len();
    let workers = if n == 3 { 4 } else { 3 };
    let mut placed = [0u8; 5];
    let mut count = |w: Option<Worker>| {
        if let Some(w) = w {
            placed[w.owner as usize] += 1;
        }
    };
    for ship in &v.ships {
        ship.crew.iter().for_each(|&w| count(w));
    }
    v.harbour
        .iter()
        .chain(&v.shipyard)
        .chain(&v.pirates)
        .for_each(|&w| count(w));
    count(v.insurer);
    for pilot in [v.small_pilot, v.large_pilot].into_iter().flatten() {
        placed[pilot as usize] += 1;
    }
    let passed: Vec<u8> = setup
        .passed
        .iter()
        .map(|p| player_index(setup, p))
        .collect();
    let mut hand = [0u8; 5];
    for p in 0..n {
        if !passed.contains(&(p as u8)) {
            hand[p] = workers - placed[p].min(workers);
        }
    }
    hand
}

/// Every slot a player may take with money not modelled, with its price (R5).
fn free_slots(v: &Voyage) -> Vec<(Slot, i64)> {
    SLOTS
        .iter()
        .filter_map(|&s| Some((s, price(v, s)?)))
        .collect()
}

/// `p` takes `slot` (untracked worker), with the cost and income on their value.
fn take(v: &Voyage, slot: Slot, p: u8, then: &dyn Fn(&Voyage) -> Tally) -> Tally {
    let mut w = place(v, slot, p);
    untrack_new(&mut w, v);
    let mut t = then(&w);
    let income = if slot == Slot::Insurance { PREMIUM } else { 0 };
    t.value[p as usize] += (income - price(v, slot).unwrap_or(0)) as f64;
    t
}

/// Clears the tracked flag of the worker that `w` holds and `before` did not.
fn untrack_new(w: &mut Voyage, before: &Voyage) {
    let fix = |a: &mut Option<Worker>, b: &Option<Worker>| {
        if let (Some(x), None) = (a, b) {
            x.tracked = false;
        }
    };
    for (s, t) in w.ships.iter_mut().zip(&before.ships) {
        for (a, b) in s.crew.iter_mut().zip(&t.crew) {
            fix(a, b);
        }
    }
    for k in 0..3 {
        fix(&mut w.harbour[k], &before.harbour[k]);
        fix(&mut w.shipyard[k], &before.shipyard[k]);
    }
    for k in 0..2 {
        fix(&mut w.pirates[k], &before.pirates[k]);
    }
    fix(&mut w.insurer, &before.insurer);
}

/// R14 over placements: each mover in turn takes the slot best for them,
/// knowing the later movers do the same (max-n).
fn equilibrium(v: &Voyage, movers: &[u8]) -> Tally {
    let Some((&p, rest)) = movers.split_first() else {
        return small_pilot(v);
    };
    let options: Vec<Tally> = free_slots(v)
        .into_iter()
        .map(|(slot, _)| take(v, slot, p, &|w| equilibrium(w, rest)))
        .collect();
    decide(&options, p)
}

/// R14 over the last two placement rounds (4 or 5 players, R4): max-n over
/// the rest of round 2 (`movers`), roll 2 over every die (R6), boarding
/// (R7), then max-n over round 3, where everybody with a worker left places
/// once in turn order (a pass ends a player's placing for the voyage, R5).
fn equilibrium_from_round_2(v: &Voyage, movers: &[u8], hand: [u8; 5], order: &[u8]) -> Tally {
    let Some((&p, rest)) = movers.split_first() else {
        let round_3: Vec<u8> = order
            .iter()
            .copied()
            .filter(|&q| hand[q as usize] > 0)
            .collect();
        let last_round = |w: &Voyage| equilibrium(w, &round_3);
        return roll(v, 0, &|w| after_roll_two_then(w, &last_round));
    };
    let options: Vec<Tally> = free_slots(v)
        .into_iter()
        .map(|(slot, _)| {
            let mut h = hand;
            h[p as usize] = match slot {
                Slot::Pass => 0,
                _ => h[p as usize] - 1,
            };
            take(v, slot, p, &|w| equilibrium_from_round_2(w, rest, h, order))
        })
        .collect();
    decide(&options, p)
}

/// R15 greedy: each mover takes the slot best for them if nobody placed after
/// them; pass unless a slot is strictly better.
fn greedy(v: &Voyage, movers: &[u8]) -> Tally {
    let Some((&p, rest)) = movers.split_first() else {
        return small_pilot(v);
    };
    let valued: Vec<Tally> = free_slots(v)
        .into_iter()
        .map(|(slot, _)| take(v, slot, p, &small_pilot))
        .collect();
    let (pick, top) = first_best(&valued, p as usize);
    let mut t = take(v, free_slots(v)[pick].0, p, &|w| greedy(w, rest));
    t.close_call |= close_call(&valued, p as usize, top);
    t
}

/// Tiny positions for the future models: last round after roll 2, no money,
/// two or three movers, the pilots taken when three move (to bound the work).
fn tiny_cases(want: usize) -> Vec<(u64, Position, Vec<u8>)> {
    let mut out = Vec::new();
    for seed in 0..200_000u64 {
        let position = common::random_position(seed);
        let setup = position.to_setup();
        let s = position.state();
        let last = manila_odds::rules::placement_rounds(s.players as usize);
        if setup.phase != PhaseName::Placement
            || s.rolls_done != 2
            || s.round != last
            || setup.cash.is_some()
        {
            continue;
        }
        let v = Reference::read(&setup).voyage;
        let m = movers(&setup, &v);
        let pilots_open = v.small_pilot.is_none() as usize + v.large_pilot.is_none() as usize;
        if m.len() < 2 || m.len() > 3 || (m.len() == 3 && pilots_open > 0) {
            continue;
        }
        out.push((seed, position, m));
        if out.len() == want {
            break;
        }
    }
    out
}

/// The root options under a model, as the reference values them: the mover's
/// own worker tracked, the later movers by the model.
fn model_options(
    v: &Voyage,
    movers: &[u8],
    model: impl Fn(&Voyage, &[u8]) -> Tally,
) -> Vec<(String, f64, Tally)> {
    let p = movers[0];
    free_slots(v)
        .into_iter()
        .map(|(slot, cost)| {
            let w = place(v, slot, p);
            let t = model(&w, &movers[1..]);
            let income = if slot == Slot::Insurance { PREMIUM } else { 0 };
            let ev = t.value[p as usize] - cost as f64 + income as f64;
            (slot_name(v, slot), ev, t)
        })
        .collect()
}

fn check_model(future: Future, model: fn(&Voyage, &[u8]) -> Tally) -> (usize, Vec<String>) {
    let cases = tiny_cases(40);
    assert!(cases.len() >= 20, "only {} tiny positions", cases.len());
    let results = par_map(
        &cases,
        |c| c.2.len() as f64,
        |(seed, position, m)| {
            let v = Reference::read(&position.to_setup()).voyage;
            let reference = model_options(&v, m, model);
            let mut planner = Planner::new(future, CASH);
            let advice =
                future::advise(position.state(), &mut planner, future::ALL).expect("no budget");
            let mut diffs = Diffs::default();
            if advice.options.len() != reference.len() {
                diffs.0.push(format!(
                    "seed {seed}: {} options, reference {}",
                    advice.options.len(),
                    reference.len()
                ));
            }
            // A decision between options within 1e-6 may fall either way on rounding.
            compared(*seed, &reference, &advice, diffs)
        },
    );
    let checked = results.iter().map(|r| r.0).sum();
    (checked, results.into_iter().flat_map(|r| r.1).collect())
}

#[test]
fn r14_equilibrium_agrees_with_brute_force_max_n_on_tiny_positions() {
    let (checked, diffs) = check_model(Future::Equilibrium, equilibrium);
    eprintln!("equilibrium: {checked} tiny positions checked");
    assert!(
        checked >= 15,
        "only {checked} positions without close calls"
    );
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}

/// R15 `round`: each mover of the round under way takes the slot best for
/// them if nobody placed after them (pass unless a slot is strictly better);
/// nobody places after the roll that ends the round.
fn round_model(v: &Voyage, movers: &[u8], rolls_done: u8) -> Tally {
    let Some((&p, rest)) = movers.split_first() else {
        return after_placement(v, rolls_done);
    };
    let slots = free_slots(v);
    let valued: Vec<Tally> = slots
        .iter()
        .map(|&(slot, _)| take(v, slot, p, &|w| after_placement(w, rolls_done)))
        .collect();
    let (pick, top) = first_best(&valued, p as usize);
    let mut t = take(v, slots[pick].0, p, &|w| round_model(w, rest, rolls_done));
    t.close_call |= close_call(&valued, p as usize, top);
    t
}

/// The paranoid model in round 2 (after roll 1): the searcher's placements
/// maximise the searcher's value, every other player's minimise it, ties to
/// the first slot; nobody places after roll 2.
fn paranoid_model(v: &Voyage, movers: &[u8], searcher: usize) -> Tally {
    let Some((&p, rest)) = movers.split_first() else {
        return after_placement(v, 1);
    };
    let slots = free_slots(v);
    let valued: Vec<Tally> = slots
        .iter()
        .map(|&(slot, _)| take(v, slot, p, &|w| paranoid_model(w, rest, searcher)))
        .collect();
    // The searcher's value as the mover ranks it: as it is, or turned over.
    let sign = if p as usize == searcher { 1.0 } else { -1.0 };
    let ranked: Vec<Tally> = valued
        .iter()
        .map(|t| {
            let mut r = *t;
            r.value[searcher] *= sign;
            r
        })
        .collect();
    let (pick, top) = first_best(&ranked, searcher);
    // Rivals tie on the searcher's value by definition, so only a rival
    // whose choice changes the tracked worker's pay makes the call close.
    let mut t = valued[pick];
    t.close_call |= ranked
        .iter()
        .any(|r| r.value[searcher] >= top - NEAR && (r.paid - t.paid).abs() > NEAR);
    t
}

/// Tiny positions of round 2 (4 or 5 players, after roll 1, no money, no
/// strong pirates, no pilot held): generated positions in which every player
/// but the one to move and one other has passed, so that few decisions are
/// left and every die of roll 2 and 3 can be played.
fn tiny_round_2_cases(want: usize) -> Vec<(u64, Position)> {
    tiny_round_2_where(want, |movers, later, options| {
        later > 0 && options.pow(movers + later) <= 300
    })
}

/// Tiny positions of round 2 as [`tiny_round_2_cases`], kept when `keep`
/// holds for the players to place in turn before roll 2, the players with a
/// worker in hand, and the open slots.
fn tiny_round_2_where(want: usize, keep: impl Fn(u32, u32, usize) -> bool) -> Vec<(u64, Position)> {
    let mut out = Vec::new();
    for seed in 0..100_000u64 {
        let generated = common::random_position(seed);
        let mut setup = generated.to_setup();
        let s = generated.state();
        if setup.phase != PhaseName::Placement
            || s.players < 4
            || s.rolls_done != 1
            || setup.cash.is_some()
            || s.variant.strong_pirates
        {
            continue;
        }
        let to_move = setup.to_move.clone().expect("a player to move");
        let other = setup.players[(seed % s.players as u64) as usize].clone();
        setup.passed = setup
            .players
            .iter()
            .filter(|p| **p != to_move && **p != other)
            .cloned()
            .collect();
        let Ok(position) = Position::try_from(setup.clone()) else {
            continue;
        };
        let v = Reference::read(&setup).voyage;
        if v.small_pilot.is_some() || v.large_pilot.is_some() {
            continue;
        }
        let m = movers(&setup, &v);
        let hand = hands(&setup, &v);
        let later = hand.iter().filter(|&&h| h > 0).count() as u32;
        if !keep(m.len() as u32, later, free_slots(&v).len()) {
            continue;
        }
        out.push((seed, position));
        if out.len() == want {
            break;
        }
    }
    out
}

/// Before the last round the equilibrium is searched round by round; on tiny
/// positions the search reaches every placement with roll 2 summed over all
/// 216 outcomes, and is then the exact max-n of an independent brute force.
#[test]
fn r14_equilibrium_before_the_last_round_agrees_with_brute_force_max_n() {
    let cases = tiny_round_2_cases(8);
    assert!(cases.len() >= 8, "only {} tiny positions", cases.len());
    let results = par_map(
        &cases,
        |_| 1.0,
        |(seed, position)| {
            let setup = position.to_setup();
            let v = Reference::read(&setup).voyage;
            let (m, order, hand) = (movers(&setup, &v), turn_order(&setup), hands(&setup, &v));
            let p = m[0];
            let reference: Vec<(String, f64, Tally)> = free_slots(&v)
                .into_iter()
                .map(|(slot, cost)| {
                    let w = place(&v, slot, p);
                    let mut h = hand;
                    h[p as usize] = if slot == Slot::Pass {
                        0
                    } else {
                        h[p as usize] - 1
                    };
                    let t = equilibrium_from_round_2(&w, &m[1..], h, &order);
                    let income = if slot == Slot::Insurance { PREMIUM } else { 0 };
                    let ev = t.value[p as usize] - cost as f64 + income as f64;
                    (slot_name(&v, slot), ev, t)
                })
                .collect();
            let mut request = Request::new(MethodChoice::Auto, Settings::new(*seed));
            request.future = Future::Equilibrium;
            request.valuation = CASH;
            let advice = analysis::advise(position, &request, &mut |_| {});
            let mut diffs = Diffs::default();
            if !matches!(advice.how.reason, Reason::Equilibrium { .. }) {
                diffs
                    .0
                    .push(format!("seed {seed}: not searched whole: {:?}", advice.how));
            }
            compared(*seed, &reference, &advice, diffs)
        },
    );
    assert_agreed("equilibrium before the last round", results, 6);
}

/// R15 `round` before the last round: the rest of round 2 greedy, then
/// nobody places, against the brute force.
#[test]
fn r15_round_agrees_with_brute_force_on_tiny_positions() {
    let cases = tiny_round_2_cases(8);
    assert!(cases.len() >= 6, "only {} tiny positions", cases.len());
    let results = par_map(
        &cases,
        |_| 1.0,
        |(seed, position)| {
            let setup = position.to_setup();
            let v = Reference::read(&setup).voyage;
            let m = movers(&setup, &v);
            let reference = model_options(&v, &m, |w, rest| round_model(w, rest, 1));
            let mut planner = Planner::new(Future::Round, CASH);
            let advice = future::advise(position.state(), &mut planner, 0).expect("no budget");
            compared(*seed, &reference, &advice, Diffs::default())
        },
    );
    assert_agreed("round", results, 5);
}

/// The paranoid model, every option's value and worker's pay, against the
/// brute force: the decider against the other player left in round 2.
#[test]
fn paranoid_agrees_with_brute_force_on_tiny_positions() {
    // Somebody else places after the decider before roll 2.
    let cases = tiny_round_2_where(8, |movers, _, options| {
        movers >= 2 && options.pow(movers) <= 150
    });
    assert!(cases.len() >= 6, "only {} tiny positions", cases.len());
    let results = par_map(
        &cases,
        |_| 1.0,
        |(seed, position)| {
            let setup = position.to_setup();
            let v = Reference::read(&setup).voyage;
            let m = movers(&setup, &v);
            let searcher = m[0] as usize;
            let reference = model_options(&v, &m, |w, rest| paranoid_model(w, rest, searcher));
            let mut request = Request::new(MethodChoice::Auto, Settings::new(*seed));
            request.future = Future::Paranoid;
            request.valuation = CASH;
            let advice = analysis::advise(position, &request, &mut |_| {});
            let mut diffs = Diffs::default();
            if advice.how.approximation.is_some() {
                diffs
                    .0
                    .push(format!("seed {seed}: not searched whole: {:?}", advice.how));
            }
            compared(*seed, &reference, &advice, diffs)
        },
    );
    assert_agreed("paranoid", results, 5);
}

/// Each reference option against the advice's (its value, and its worker's
/// chance of pay), after `diffs` already found: (1, the differences), or
/// (0, none) when a close call on the way makes a difference possible.
fn compared(
    seed: u64,
    reference: &[(String, f64, Tally)],
    advice: &Advice,
    mut diffs: Diffs,
) -> (usize, Vec<String>) {
    let close = reference.iter().any(|r| r.2.close_call);
    for (name, ev, tally) in reference {
        let Some(o) = advice
            .options
            .iter()
            .find(|o| &o.action.to_string() == name)
        else {
            diffs.0.push(format!("seed {seed}: option {name} missing"));
            continue;
        };
        diffs.num(|| format!("seed {seed} {name} ev"), *ev, o.ev);
        if let Some(paid) = o.p_paid {
            diffs.num(|| format!("seed {seed} {name} p_paid"), tally.paid, paid);
        }
    }
    match (close, diffs.0.is_empty()) {
        (true, false) => (0, Vec::new()),
        _ => (1, diffs.0),
    }
}

/// At least `least` positions compared without a close call, and no difference.
fn assert_agreed(model: &str, results: Vec<(usize, Vec<String>)>, least: usize) {
    let checked: usize = results.iter().map(|r| r.0).sum();
    eprintln!("{model}: {checked} tiny positions checked");
    assert!(
        checked >= least,
        "only {checked} positions without close calls"
    );
    let diffs: Vec<String> = results.into_iter().flat_map(|r| r.1).collect();
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}

#[test]
fn r15_greedy_agrees_with_brute_force_on_tiny_positions() {
    let (checked, diffs) = check_model(Future::Greedy, greedy);
    eprintln!("greedy: {checked} tiny positions checked");
    assert!(
        checked >= 15,
        "only {checked} positions without close calls"
    );
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}
