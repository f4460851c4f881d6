//! The dice (R6): a roll moves every ship at sea by its die; the distinct
//! landings of a roll, for the solvers that sum over them.

use super::apply::{advance, begin_round};
use super::constants::{self as rules, DIE_SIDES, SHIPS, TRACK_END};
use super::settle::resolve;
use super::state::{At, Phase, State};

/// Throws the dice of a due roll (R6): `dice[i]` moves ship `i` if at sea; docked
/// ships' dice are ignored. Then the voyage goes on: boarding after roll 2 (R7), the
/// next placement round, or resolution after roll 3 (R9).
pub fn roll(s: &State, dice: [u8; SHIPS]) -> State {
    let mut t = moved(s, dice);
    t.rolls_done += 1;
    if t.rolls_done == rules::ROLLS {
        resolve(&mut t);
    } else if t.rolls_done == 2 && t.pirate_count() > 0 && t.ships_on_13().next().is_some() {
        t.phase = Phase::Boarding {
            next: 0,
            boarded: [0; SHIPS],
        };
    } else {
        let next = t.round + 1;
        begin_round(&mut t, next);
    }
    t
}

/// `s` with the ships at sea moved by `dice` (R6), a ship past 13 docked
/// (R2), and nothing else done: where the dice left the ships before roll 3's
/// resolution (R9) moves them on.
pub fn moved(s: &State, dice: [u8; SHIPS]) -> State {
    let mut t = *s;
    for (ship, &d) in t.ships.iter_mut().zip(&dice) {
        if let At::Sea(at) = ship.at {
            ship.at = advance(at as i16 + d as i16);
        }
    }
    t
}

/// An example of the roll event due in `s`: one die per ship at sea (R6),
/// as `roll 3 5 2` with three at sea and `roll 3 5` with two.
pub fn roll_example(s: &State) -> String {
    ["roll", "3", "5", "2"][..=s.ships_at_sea().count()].join(" ")
}

/// The three dice of stratum `k` of the 216 outcomes of one roll (ship 0's die
/// varies slowest): how the sampler runs every outcome of a stratified roll once.
pub fn stratum_dice(k: u64) -> [u8; SHIPS] {
    let sides = DIE_SIDES as u64;
    std::array::from_fn(|i| 1 + (k / sides.pow((SHIPS - 1 - i) as u32) % sides) as u8)
}

/// The dice of the roll due in `s`, one triple per distinct landing, with
/// probabilities. Ships roll independently and docked ships do not roll (R6),
/// so the landings are the product of each ship's distinct landings.
pub fn distinct_rolls(s: &State) -> Vec<([u8; SHIPS], f64)> {
    let per_ship: Vec<Vec<(u8, f64)>> = s.ships.iter().map(|ship| ship_landings(ship.at)).collect();
    let mut out = Vec::new();
    for &(a, pa) in &per_ship[0] {
        for &(b, pb) in &per_ship[1] {
            for &(c, pc) in &per_ship[2] {
                out.push(([a, b, c], pa * pb * pc));
            }
        }
    }
    out
}

/// One ship's distinct landings: a die for each, and its probability. Every
/// die that takes the ship past 13 docks it the same way (R2).
fn ship_landings(at: At) -> Vec<(u8, f64)> {
    let sides = DIE_SIDES as f64;
    let At::Sea(x) = at else {
        return vec![(1, 1.0)];
    };
    let past = TRACK_END + 1;
    let mut out: Vec<(u8, f64)> = Vec::new();
    for d in 1..=DIE_SIDES {
        if x + d >= past && out.last().is_some_and(|&(e, _)| x + e >= past) {
            if let Some(last) = out.last_mut() {
                last.1 += 1.0 / sides;
            }
        } else {
            out.push((d, 1.0 / sides));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The strata run through all 216 outcomes of three dice once each (R6).
    #[test]
    fn r6_strata_are_every_outcome_of_three_dice_once() {
        let mut seen: Vec<[u8; SHIPS]> = (0..216).map(stratum_dice).collect();
        assert_eq!(seen[0], [1, 1, 1]);
        assert_eq!(seen[1], [1, 1, 2]);
        assert_eq!(seen[6], [1, 2, 1]);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 216);
    }
}
