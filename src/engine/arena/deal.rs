//! A deal: everything chance decides in one voyage of a match, drawn from the
//! match's seed and the deal's number alone, so that every replay of the deal
//! (the reference and each seat's) meets the same chance.

use crate::rules::{self, Layout, PlayerId, ROLLS, SHIPS};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// What chance fixes in one deal.
#[derive(Clone, Debug, PartialEq)]
pub struct Deal {
    /// Deals are numbered from 1.
    pub number: u64,
    /// The seat of the harbour master (R3, R5: the first to place).
    pub harbour_master: PlayerId,
    /// The layout when the match draws layouts at random (R3).
    pub layout: Layout,
    /// `dice[k][i]`: the die of ship `i` (in ship order) in roll `k + 1` (R6).
    /// A pilot changes where a ship stands, never its dice.
    pub dice: [[u8; SHIPS]; ROLLS as usize],
}

impl Deal {
    /// Deal `number` of the match seeded `seed` with `players` seats.
    pub fn draw(seed: u64, number: u64, players: u8) -> Deal {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(mix(seed, number));
        let harbour_master = rng.random_range(0..players);
        let all = rules::layouts();
        let layout = all[rng.random_range(0..all.len())];
        let mut dice = [[0; SHIPS]; ROLLS as usize];
        for roll in dice.iter_mut() {
            for d in roll.iter_mut() {
                *d = rng.random_range(1..=rules::DIE_SIDES);
            }
        }
        Deal {
            number,
            harbour_master,
            layout,
            dice,
        }
    }
}

/// Two numbers into one seed (SplitMix64's finaliser): neighbouring deals get
/// unrelated streams.
pub fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_is_a_function_of_the_seed_and_its_number() {
        assert_eq!(Deal::draw(7, 3, 4), Deal::draw(7, 3, 4));
        assert_ne!(Deal::draw(7, 3, 4), Deal::draw(7, 4, 4));
        assert_ne!(Deal::draw(7, 3, 4), Deal::draw(8, 3, 4));
    }

    /// R6: fair dice, R3: every layout can be dealt, every seat can be harbour master.
    #[test]
    fn r3_r6_deals_draw_every_die_face_layout_and_seat() {
        let deals: Vec<Deal> = (1..=3000).map(|k| Deal::draw(1, k, 5)).collect();
        let mut faces = [0u32; 7];
        for d in &deals {
            for roll in d.dice {
                for die in roll {
                    faces[die as usize] += 1;
                }
            }
        }
        // 27,000 dice: each face 4,500 expected, sd about 61.
        for (face, &n) in faces.iter().enumerate().skip(1) {
            assert!((4_200..4_800).contains(&n), "face {face}: {n}");
        }
        let layouts: std::collections::HashSet<_> = deals.iter().map(|d| d.layout).collect();
        assert_eq!(layouts.len(), 100);
        assert!((0..5).all(|p| deals.iter().any(|d| d.harbour_master == p)));
    }
}
