//! Luck: what the dice gave each seat in a voyage, so that a match can count
//! a seat's profit less its luck.
//!
//! A roll's luck for a seat is the voyage's value to the seat just after the
//! roll minus its mean over every roll the dice could have made (R6), both
//! valued as if nobody placed again (the exact solver under `none`). The dice
//! are fair and drawn with the deal, so for policies that decide from what
//! they see (every built-in one), the luck of a roll has mean 0 given
//! everything before it, and a profit less its luck has the profit's mean: a
//! control variate, as luck-adjusted scores are in backgammon. (A bot that
//! remembered a deal's dice from its earlier replays could break this, as it
//! could the duplicate match itself.) What it removes is the part of the
//! spread that the dice explain through the workers already placed, often
//! most of a duplicate match's: two seats that placed differently meet the
//! same dice differently.

use crate::engine::exact::Solver;
use crate::engine::values::Mark;
use crate::rules::{self, MAX_PLAYERS, SHIPS, State};

/// Each seat's luck so far in one voyage.
pub struct Luck {
    solver: Solver,
    total: [f64; MAX_PLAYERS],
}

impl Default for Luck {
    fn default() -> Luck {
        Luck::new()
    }
}

impl Luck {
    pub fn new() -> Luck {
        // Cash alone (R13), as a match counts profits.
        Luck {
            solver: Solver::new(),
            total: [0.0; MAX_PLAYERS],
        }
    }

    /// The state after `dice` are rolled in `before` (whose phase is the
    /// roll), each seat's luck of that roll added.
    ///
    /// The value before the roll is the mean of the values after it over
    /// every roll the dice can make: the solver values a roll as that mean
    /// (checked over random voyages of every variant, below).
    pub fn roll(&mut self, before: &State, dice: [u8; SHIPS]) -> State {
        let after = rules::roll(before, dice);
        let mean = self.value(before);
        let got = self.value(&after);
        for ((t, g), m) in self.total.iter_mut().zip(got).zip(mean) {
            *t += g - m;
        }
        after
    }

    /// Each of the first `players` seats' luck over the rolls so far.
    pub fn of(&self, players: usize) -> Vec<f64> {
        self.total[..players].to_vec()
    }

    fn value(&mut self, s: &State) -> [f64; MAX_PLAYERS] {
        self.solver.value(s, Mark::None).value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::values::TIE;
    use crate::rules::{At, Cargo, Crew, Phase, Variant};

    /// 4 players, jade, silk and nutmeg on `spaces`, due to roll after
    /// `rolls` rolls; player 1 alone on jade, player 2 in harbour A, player 3
    /// in shipyards A and B, player 0 the insurer: nobody decides again.
    fn dice_only(rolls: u8, spaces: [u8; 3]) -> State {
        let cargos = [Cargo::Jade, Cargo::Silk, Cargo::Nutmeg];
        let mut s = rules::voyage_start(4, 0, cargos, [3, 3, 3], Variant::default());
        for (ship, x) in s.ships.iter_mut().zip(spaces) {
            ship.at = At::Sea(x);
        }
        s.ships[0].crew = Crew::from_slice(&[1]);
        s.harbour[0] = Some(2);
        s.shipyard = [Some(3), Some(3), None];
        s.insurance = Some(0);
        s.rolls_done = rolls;
        s.round = rolls + 1;
        s.phase = Phase::Roll;
        s
    }

    /// A little generator of its own: the test needs no seed but its own.
    fn next(seed: &mut u64, below: usize) -> usize {
        *seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (*seed >> 33) as usize % below
    }

    /// What `roll` takes for the mean after a roll: the solver's value of the
    /// roll itself. Checked against the mean over every landing (R6) at each
    /// roll of random voyages, pirates (R7, R10) and pilots (R8) placed at
    /// random, in every variant and with short cash.
    #[test]
    fn r6_the_value_of_a_roll_is_the_mean_of_its_landings() {
        let mut seed = 11u64;
        let mut rolls = 0;
        for voyage in 0..240u64 {
            let players = 3 + (voyage % 3) as u8;
            let variant = Variant {
                strong_pirates: voyage % 4 == 1,
                thirteen_wrecks: voyage % 4 == 2,
            };
            let all = rules::layouts();
            let (cargos, starts) = all[next(&mut seed, all.len())];
            let mut s = rules::voyage_start(players, 0, cargos, starts, variant);
            if voyage % 5 == 0 {
                s.cash = [Some(6); MAX_PLAYERS];
            }
            let mut solver = Solver::new();
            while s.phase != Phase::Over {
                if s.phase != Phase::Roll {
                    let options = rules::legal_actions(&s);
                    let a = options[next(&mut seed, options.len())];
                    s = rules::apply(&s, a).expect("a legal action applies");
                    continue;
                }
                let direct = solver.value(&s, Mark::None).value;
                let mut mean = [0.0; MAX_PLAYERS];
                for (dice, p) in rules::distinct_rolls(&s) {
                    let after = solver.value(&rules::roll(&s, dice), Mark::None).value;
                    for (m, v) in mean.iter_mut().zip(after) {
                        *m += p * v;
                    }
                }
                assert!(close(&direct, &mean), "{s:?}: {direct:?} vs {mean:?}");
                rolls += 1;
                let dice = std::array::from_fn(|_| 1 + next(&mut seed, 6) as u8);
                s = rules::roll(&s, dice);
            }
        }
        assert_eq!(rolls, 720, "three rolls a voyage");
    }

    fn close(got: &[f64], want: &[f64]) -> bool {
        got.iter().zip(want).all(|(g, w)| (g - w).abs() < TIE)
    }

    /// R6, R9, R11, R13 by hand: jade on 10 docks in roll 3 with a die of 3
    /// or more (4/6); silk on 4 and nutmeg on 2 cannot, so shipyards A and B
    /// are paid 6 + 8 whatever the dice. Before the roll player 1 expects
    /// 36 * 4/6 = 24, player 2 6 * 4/6 = 4, the insurer -(14 + 15 * 2/6) = -19.
    #[test]
    fn r6_r13_a_rolls_luck_is_what_it_gave_less_what_it_was_worth() {
        let s = dice_only(2, [10, 4, 2]);
        let mut docked = Luck::new();
        docked.roll(&s, [5, 1, 1]);
        assert!(
            close(&docked.of(4), &[5.0, 12.0, 2.0, 0.0]),
            "{:?}",
            docked.of(4)
        );
        let mut wrecked = Luck::new();
        wrecked.roll(&s, [2, 6, 6]);
        assert!(
            close(&wrecked.of(4), &[-10.0, -24.0, -4.0, 0.0]),
            "{:?}",
            wrecked.of(4)
        );
    }

    /// With nobody deciding (all have passed), a voyage's profit less its luck is its value
    /// before the first roll, whatever the dice: the luck is all the spread.
    #[test]
    fn r13_without_decisions_profit_less_luck_is_the_value_at_the_start() {
        let mut start = dice_only(0, [3, 2, 1]);
        start.passed = 0b1111;
        let before = Solver::new().value(&start, Mark::None).value;
        let mut seed = 7u64;
        for _ in 0..200 {
            let mut s = start;
            let mut luck = Luck::new();
            while s.phase == Phase::Roll {
                let dice = std::array::from_fn(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    1 + (seed >> 33) as u8 % 6
                });
                s = luck.roll(&s, dice);
            }
            assert_eq!(s.phase, Phase::Over);
            let settlement = rules::settle(&s);
            let kept: Vec<f64> = (0..4)
                .map(|p| settlement.cash_change(s.insurance, p) as f64 - luck.of(4)[p])
                .collect();
            assert!(close(&kept, &before), "{kept:?} vs {before:?}");
        }
    }
}
