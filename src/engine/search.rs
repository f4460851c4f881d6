//! Two searches for the placement of the player to move, each a different
//! guess at what the others do, tried in the arena beside max-n
//! (`equilibrium`) and greedy (`round`), as the multi-player search
//! literature suggests:
//!
//! - [`paranoid`] (Sturtevant 2002): every other player places to *minimise*
//!   the searcher's value. That is a two-sided game on one number, so
//!   alpha-beta prunes it without changing the answer.
//! - [`best_reply`] (Schadd and Winands 2011): of the others, only the one
//!   whose reply hurts the searcher most places; the rest place nothing more.
//!
//! Both look as far as `round` does (R15): the placements until the next roll,
//! nobody placing after it. What follows is the exact solver's `none` value
//! (R13), every later decision rational (R14).

use super::exact::Solver;
use super::future::placement_cash;
use super::values::{Mark, TIE};
use crate::rules::{self, Action, Phase, PlayerId, State};

/// The searcher's best placement and its value under the search's guess.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Searched {
    pub action: Action,
    /// The searcher's value (R13) after `action`, the action's own cost and
    /// income included.
    pub value: f64,
}

/// The paranoid search of one player's placement: the searcher maximises,
/// the others minimise the searcher's value. Nothing is memoised. With four
/// or five players each player moves once before the roll, in turn (R5), and
/// no two orders of placements reach the same state. With three, rounds 1
/// and 2 both come before roll 1 (R4), and a player's two placements made in
/// either order meet in one state, which is then searched twice.
struct Paranoid<'a> {
    solver: &'a mut Solver,
    searcher: PlayerId,
}

/// The paranoid best placement of the player to move in `s`; ties go to the
/// first option in canonical order (R14). `None` outside placement.
pub fn paranoid(s: &State, solver: &mut Solver) -> Option<Searched> {
    let Phase::Placement { to_move } = s.phase else {
        return None;
    };
    let mut search = Paranoid {
        solver,
        searcher: to_move,
    };
    let mut best: Option<Searched> = None;
    for a in rules::legal_actions(s) {
        let Ok(t) = rules::apply(s, a) else { continue };
        let cash = own_cash(s, a, to_move);
        // Only a strictly better option is worth its exact value: search above
        // the best so far, and a result at or below it is a bound that loses.
        let floor = best.map_or(f64::NEG_INFINITY, |b| b.value + TIE);
        let value = search.value(&t, floor - cash, f64::INFINITY) + cash;
        if value > floor {
            best = Some(Searched { action: a, value });
        }
    }
    best
}

impl Paranoid<'_> {
    /// The searcher's value of `s`, exact when it lies in (`alpha`, `beta`),
    /// else a bound on the side it fell (fail-soft alpha-beta).
    fn value(&mut self, s: &State, alpha: f64, beta: f64) -> f64 {
        let Phase::Placement { to_move } = s.phase else {
            // The round is over: nobody places after the roll (R15 `round`).
            return self.leaf(s);
        };
        let maximise = to_move == self.searcher;
        let (mut lo, mut hi) = (alpha, beta);
        let mut best = if maximise {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        for (t, cash, guess) in self.ordered(s, maximise) {
            // A child that ends the round is a leaf: its guess is its value.
            let v = match t.phase {
                Phase::Placement { .. } => self.value(&t, lo - cash, hi - cash) + cash,
                _ => guess,
            };
            if maximise {
                best = best.max(v);
                lo = lo.max(v);
            } else {
                best = best.min(v);
                hi = hi.min(v);
            }
            if lo >= hi {
                break;
            }
        }
        best
    }

    /// The states after each option of the player to move in `s`, with what
    /// the option pays the searcher at once and a guess at its value (the
    /// searcher's value if nobody placed after it, cash included), likeliest
    /// cut-off first: best first for the searcher, worst first for the others.
    /// The order only saves time.
    fn ordered(&mut self, s: &State, maximise: bool) -> Vec<(State, f64, f64)> {
        let searcher = self.searcher;
        let mut children: Vec<(State, f64, f64)> = rules::legal_actions(s)
            .into_iter()
            .filter_map(|a| {
                let t = rules::apply(s, a).ok()?;
                let cash = own_cash(s, a, searcher);
                Some((t, cash, self.leaf(&t) + cash))
            })
            .collect();
        match maximise {
            true => children.sort_by(|a, b| b.2.total_cmp(&a.2)),
            false => children.sort_by(|a, b| a.2.total_cmp(&b.2)),
        }
        children
    }

    /// The searcher's value of `s` if nobody places again (R15 `none`).
    fn leaf(&mut self, s: &State) -> f64 {
        self.solver.value(s, Mark::None).value[self.searcher as usize]
    }
}

/// The best-reply placement of the player to move in `s`: each option is
/// judged by the worst single reply any other player due before the roll may
/// make to it (or no reply, if none hurts), nobody else placing; the best
/// option by that judgement, ties to the first in canonical order (R14).
/// `None` outside placement.
pub fn best_reply(s: &State, solver: &mut Solver) -> Option<Searched> {
    let Phase::Placement { to_move } = s.phase else {
        return None;
    };
    let mut best: Option<Searched> = None;
    for a in rules::legal_actions(s) {
        let Ok(t) = rules::apply(s, a) else { continue };
        let value = worst_reply(&t, to_move, solver) + own_cash(s, a, to_move);
        if best.is_none_or(|b| value > b.value + TIE) {
            best = Some(Searched { action: a, value });
        }
    }
    best
}

/// `searcher`'s value of `s` after the one reply that hurts them most: a
/// single placement by one of the others due before the next roll (R5), or
/// none at all.
fn worst_reply(s: &State, searcher: PlayerId, solver: &mut Solver) -> f64 {
    let mut worst = solver.value(s, Mark::None).value[searcher as usize];
    // Walk the turns left before the roll; each other player in turn may be
    // the one who replies. Passing on the way only moves the turn on: the
    // values are taken with nobody placing again, so who passed changes none
    // of them. A pass also drops the passer's later turns (R5: three players
    // place twice before roll 1), which loses no reply: nobody placed in
    // between, so their options then are the ones they had. The searcher
    // passes too, and places nothing more.
    let mut turn = *s;
    while let Phase::Placement { to_move } = turn.phase {
        if to_move != searcher {
            for b in rules::legal_actions(&turn) {
                if b == Action::Pass {
                    continue;
                }
                let Ok(u) = rules::apply(&turn, b) else {
                    continue;
                };
                worst = worst.min(solver.value(&u, Mark::None).value[searcher as usize]);
            }
        }
        match rules::apply(&turn, Action::Pass) {
            Ok(next) => turn = next,
            Err(_) => break,
        }
    }
    worst
}

/// What placement `a` in `s` pays `player` at once (R13): the slot's cost
/// and the insurance premium, if `player` makes it; nothing otherwise.
fn own_cash(s: &State, a: Action, player: PlayerId) -> f64 {
    match placement_cash(s, a) {
        Some((p, cash)) if p == player => cash,
        _ => 0.0,
    }
}
