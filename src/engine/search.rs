//! Best-reply search (Schadd and Winands 2011) for the placement of the
//! player to move, tried in the arena beside max-n (`equilibrium`), greedy
//! (`round`) and the paranoid model (`analysis::paranoid`), as the
//! multi-player search literature suggests: of the others, only the one
//! whose reply hurts the searcher most places; the rest place nothing more.
//!
//! It looks as far as `round` does (R15): the placements until the next
//! roll, nobody placing after it. What follows is the exact solver's `none`
//! value (R13), every later decision rational (R14).

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
