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
use crate::engine::risk::{self, Dist, Tails};
use crate::engine::values::{self, Mark, Outcome, follow_mark};
use crate::report::Future;
use crate::rules::{self, MAX_PLAYERS, Phase, PlayerId, ROLLS, SHIPS, State};

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

/// How a play-out ended: settled on its dice, or with the exact value of
/// the rest from `state` (variance reduction), after `spent` on placements.
#[derive(Clone, Copy)]
pub(super) enum End {
    Settled,
    Exact {
        state: State,
        mark: Mark,
        spent: [f64; MAX_PLAYERS],
    },
}

/// The distribution of `decider`'s value in one play-out: its settlement, or
/// its exact tail with what it spent before.
pub(super) fn playout_dist(
    planner: &mut Planner,
    tails: &mut Tails,
    outcome: &Outcome,
    end: &End,
    decider: usize,
) -> Dist {
    match *end {
        End::Settled => vec![(outcome.value[decider].round() as i64, 1.0)],
        End::Exact { state, mark, spent } => {
            let tail = tails.dist(planner, &state, mark, decider as PlayerId);
            risk::shifted(&tail, spent[decider].round() as i64)
        }
    }
}

/// Plays out the rest of the voyage from `arm.start` under the future model,
/// and says how it ended.
pub(super) fn playout(
    planner: &mut Planner,
    arm: &Arm,
    draw: &Draw,
    reduce: bool,
) -> (Outcome, End) {
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
                return (finish(o, &spent), End::Settled);
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
                let end = End::Exact {
                    state: s,
                    mark,
                    spent,
                };
                return (finish(o, &spent), end);
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
                    let end = End::Exact {
                        state: s,
                        mark,
                        spent,
                    };
                    return (finish(o, &spent), end);
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
