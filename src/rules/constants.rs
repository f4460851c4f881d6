//! The board constants of RULES.md R1, and the few numbers of the voyage sequence
//! (R2-R6), in one place. Everything else reads them from here.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The last space of the track (R2): a move past it docks the ship.
pub const TRACK_END: u8 = 13;
/// Start spaces are 0..=5 (R3).
pub const MAX_START: u8 = 5;
/// The three start spaces sum to exactly 9 (R3).
pub const START_SUM: u8 = 9;
/// Faces of the die (R6).
pub const DIE_SIDES: u8 = 6;
/// Rolls in a voyage (R4).
pub const ROLLS: u8 = 3;
/// Ships in a voyage (R3).
pub const SHIPS: usize = 3;
/// Players in a game (R1).
pub const MIN_PLAYERS: usize = 3;
pub const MAX_PLAYERS: usize = 5;
/// Seats on the largest ship (jade).
pub const MAX_SEATS: usize = 4;

/// Reward of berth A, B, C, harbour and shipyard alike (R1, R11).
pub const BERTH_REWARD: [u32; 3] = [6, 8, 15];
/// Cost of the harbour and shipyard slots A, B, C (R1).
pub const BERTH_COST: [u32; 3] = [4, 3, 2];
/// Cost of each pirate slot (R1).
pub const PIRATE_COST: u32 = 5;
/// Slots on the pirate ship; the first filled is the captain (R1).
pub const PIRATE_SLOTS: usize = 2;
/// Cost of the small and large pilots (R1).
pub const SMALL_PILOT_COST: u32 = 2;
pub const LARGE_PILOT_COST: u32 = 5;
/// Spaces the small and large pilot move ships in all (R8).
pub const SMALL_PILOT_SPACES: u8 = 1;
pub const LARGE_PILOT_SPACES: u8 = 2;
/// What the insurer receives at once on placing (R1).
pub const INSURANCE_PREMIUM: u32 = 10;
/// The black-market price track (R1, R12).
pub const PRICE_TRACK: [u32; 5] = [0, 5, 10, 20, 30];
/// The top of the track: a cargo that reaches it ends the game (R12).
pub const TOP_PRICE: u32 = PRICE_TRACK[PRICE_TRACK.len() - 1];
/// A share bought costs its cargo's price, at least this much (R1).
pub const MIN_SHARE_PRICE: u32 = 5;
/// Credit from mortgaging one share (R5).
pub const MORTGAGE_VALUE: u32 = 12;
/// Shares of each cargo the bank issues: the most that one player, or all
/// of them together, can hold.
pub const MAX_SHARES: u8 = 5;

/// Workers per player (R1): 4 in a 3-player game, else 3.
pub fn workers_per_player(players: usize) -> u8 {
    if players == 3 { 4 } else { 3 }
}

/// Placement rounds in a voyage (R4): 4 with 3 players, else 3.
pub fn placement_rounds(players: usize) -> u8 {
    if players == 3 { 4 } else { 3 }
}

/// Dice rolled before placement round `round` begins (R4).
pub fn rolls_before_round(players: usize, round: u8) -> u8 {
    if players == 3 {
        round.saturating_sub(2)
    } else {
        round.saturating_sub(1)
    }
}

/// The placement rounds that take place with `rolls_done` dice rolled (R4).
pub fn rounds_at_rolls(players: usize, rolls_done: u8) -> std::ops::RangeInclusive<u8> {
    match (players == 3, rolls_done) {
        (true, 0) => 1..=2,
        (true, r) => r + 2..=r + 2,
        (false, r) => r + 1..=r + 1,
    }
}

/// The next price on the track (R12); 30 cannot rise.
pub fn next_price(price: u32) -> u32 {
    PRICE_TRACK
        .iter()
        .position(|&p| p == price)
        .and_then(|i| PRICE_TRACK.get(i + 1))
        .copied()
        .unwrap_or(price)
}

/// The four cargos (R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Cargo {
    Jade,
    Silk,
    Ginseng,
    Nutmeg,
}

/// Read as a string rather than as serde's enum, so that a cargo used as a
/// map key (`prices.jade`) is named in the path of an error about its value.
impl<'de> serde::Deserialize<'de> for Cargo {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Cargo, D::Error> {
        struct Name;
        impl serde::de::Visitor<'_> for Name {
            type Value = Cargo;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a cargo: jade, silk, ginseng or nutmeg")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Cargo, E> {
                Cargo::from_name(name).ok_or_else(|| E::unknown_variant(name, &Cargo::NAMES))
            }
        }
        d.deserialize_str(Name)
    }
}

impl Cargo {
    pub const ALL: [Cargo; 4] = [Cargo::Jade, Cargo::Silk, Cargo::Ginseng, Cargo::Nutmeg];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The cargos' names, in the order of [`Cargo::ALL`].
    pub const NAMES: [&'static str; 4] = ["jade", "silk", "ginseng", "nutmeg"];

    pub fn name(self) -> &'static str {
        Cargo::NAMES[self.index()]
    }

    pub fn from_name(name: &str) -> Option<Cargo> {
        Cargo::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The profit shared by the passengers of a docked ship (R1, R11).
    pub fn profit(self) -> u32 {
        match self {
            Cargo::Jade => 36,
            Cargo::Silk => 30,
            Cargo::Ginseng => 18,
            Cargo::Nutmeg => 24,
        }
    }

    /// Seat costs in the order the seats fill (R1).
    pub fn seat_costs(self) -> &'static [u32] {
        match self {
            Cargo::Jade => &[3, 4, 5, 5],
            Cargo::Silk => &[3, 4, 5],
            Cargo::Ginseng => &[1, 2, 3],
            Cargo::Nutmeg => &[2, 3, 4],
        }
    }

    pub fn seats(self) -> usize {
        self.seat_costs().len()
    }
}

impl fmt::Display for Cargo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A berth letter of the harbour or the shipyard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Berth {
    A,
    B,
    C,
}

impl Berth {
    pub const ALL: [Berth; 3] = [Berth::A, Berth::B, Berth::C];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        ['A', 'B', 'C'][self.index()]
    }

    pub fn cost(self) -> u32 {
        BERTH_COST[self.index()]
    }

    pub fn reward(self) -> u32 {
        BERTH_REWARD[self.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_cargo_profits_and_seat_costs() {
        let table = [
            (Cargo::Jade, 36, vec![3, 4, 5, 5]),
            (Cargo::Silk, 30, vec![3, 4, 5]),
            (Cargo::Ginseng, 18, vec![1, 2, 3]),
            (Cargo::Nutmeg, 24, vec![2, 3, 4]),
        ];
        for (cargo, profit, seats) in table {
            assert_eq!(cargo.profit(), profit, "{cargo}");
            assert_eq!(cargo.seat_costs(), seats.as_slice(), "{cargo}");
        }
    }

    #[test]
    fn r11_every_profit_divides_evenly_among_passengers() {
        for cargo in Cargo::ALL {
            for n in 1..=cargo.seats() as u32 {
                assert_eq!(cargo.profit() % n, 0, "{cargo} / {n}");
            }
        }
    }

    #[test]
    fn r1_berth_costs_and_rewards() {
        let got: Vec<_> = Berth::ALL
            .iter()
            .map(|b| (b.letter(), b.cost(), b.reward()))
            .collect();
        assert_eq!(got, vec![('A', 4, 6), ('B', 3, 8), ('C', 2, 15)]);
    }

    #[test]
    fn r1_pirates_pilots_insurance() {
        assert_eq!((PIRATE_COST, PIRATE_SLOTS), (5, 2));
        assert_eq!((SMALL_PILOT_COST, LARGE_PILOT_COST), (2, 5));
        assert_eq!((SMALL_PILOT_SPACES, LARGE_PILOT_SPACES), (1, 2));
        assert_eq!(INSURANCE_PREMIUM, 10);
    }

    #[test]
    fn r1_price_track_and_shares() {
        assert_eq!(PRICE_TRACK, [0, 5, 10, 20, 30]);
        assert_eq!((MIN_SHARE_PRICE, MORTGAGE_VALUE), (5, 12));
        assert_eq!(
            PRICE_TRACK.map(next_price),
            [5, 10, 20, 30, 30],
            "R12: each step up; 30 cannot rise"
        );
    }

    #[test]
    fn r1_workers_per_player_and_rounds() {
        assert_eq!(workers_per_player(3), 4);
        assert_eq!(workers_per_player(4), 3);
        assert_eq!(workers_per_player(5), 3);
        assert_eq!(placement_rounds(3), 4);
        assert_eq!(placement_rounds(5), 3);
    }

    #[test]
    fn r4_rounds_and_rolls() {
        assert_eq!(rounds_at_rolls(3, 0), 1..=2);
        assert_eq!(rounds_at_rolls(3, 2), 4..=4);
        assert_eq!(rounds_at_rolls(4, 1), 2..=2);
        for n in 3..=5 {
            for round in 1..=placement_rounds(n) {
                assert!(rounds_at_rolls(n, rolls_before_round(n, round)).contains(&round));
            }
        }
    }

    #[test]
    fn r2_r3_track() {
        assert_eq!(
            (TRACK_END, MAX_START, START_SUM, DIE_SIDES, ROLLS),
            (13, 5, 9, 6, 3)
        );
    }
}
