//! One play-out: the rest of the voyage from an arm, on given dice, under the
//! future model.
//!
//! Placements come from the model (`none`: everybody passes; `greedy`: R15),
//! the dice from the stream, the other decisions (boarding, pilots, plunder)
//! from the exact choice at that point under the same model (R14). With
//! variance reduction on, a play-out stops once what is left is small enough to
//! enumerate (everything after roll 2, with the last round's placements) and
//! takes the exact value of the rest.

use super::Arm;
use crate::engine::future::{self, Planner};
use crate::engine::values::{self, Outcome, follow_mark};
use crate::report::Future;
use crate::rules::{self, MAX_PLAYERS, Phase, ROLLS, SHIPS};

/// Placements a voyage can still hold, at the most: what a play-out draws
/// quantal choices for (five players' three workers, two sent back by strong
/// pirates, with room to spare).
pub(super) const CHOICES: usize = 24;

/// What chance decides in one play-out: `dice[k][i]` moves ship `i` in roll
/// `k + 1`; `choices[j]` is the uniform number that draws the `j`-th quantal
/// placement (zero, and not drawn, under the other models).
#[derive(Clone, Copy)]
pub(super) struct Draw {
    pub dice: [[u8; SHIPS]; ROLLS as usize],
    pub choices: [f64; CHOICES],
}

/// Plays out the rest of the voyage from `arm.start` under the future model.
pub(super) fn playout(planner: &mut Planner, arm: &Arm, draw: &Draw, reduce: bool) -> Outcome {
    let quantal = planner.model() == Future::Quantal;
    let mut placed = 0;
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
                let o = values::settled(&s, mark, planner.valuation());
                return finish(o, &spent);
            }
            // Once roll 2 is known the rest is small: its exact value under the
            // model (round 3 placements included) replaces the sampled dice. A
            // quantal round branches on every option: its placements are drawn,
            // and only what follows them is exact.
            _ if reduce
                && s.rolls_done >= 2
                && !(quantal && future::placements_remain(&s, Future::Quantal)) =>
            {
                let o = planner.value(&s, mark, 0).unwrap_or_default();
                return finish(o, &spent);
            }
            Phase::Roll => s = rules::roll(&s, draw.dice[s.rolls_done as usize]),
            _ => {
                let choice = match s.phase {
                    Phase::Placement { .. } if quantal => {
                        placed += 1;
                        let u = draw.choices.get(placed - 1).copied().unwrap_or(0.0);
                        planner.draw(&s, u).map(Some)
                    }
                    _ => planner.choice(&s, mark, 0),
                };
                let Ok(Some(a)) = choice else {
                    let o = planner.solver().value(&s, mark);
                    return finish(o, &spent);
                };
                if let Some((p, cash)) = future::placement_cash(&s, a) {
                    spent[p as usize] += cash;
                }
                mark = follow_mark(mark, &s, a);
                s = rules::apply(&s, a).unwrap_or(s);
            }
        }
    }
}
