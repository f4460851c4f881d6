//! The settlement item by item (R10, R11): who receives what, and for what.
//! [`settle`](super::settle) sums the same money in the solver's hot path;
//! this list says where each coin comes from, for a reader who checks a
//! settlement by hand. A test holds the two to the same sums.

use super::constants::{Berth, Cargo};
use super::state::{At, PlayerId, State};

/// What a receipt is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A seat on a ship in the harbour: its share of the cargo's profit (R11).
    Seat(Cargo),
    /// A pirate's share of a plundered ship's cargo (R10).
    Plunder(Cargo),
    /// A harbour berth, paid when that many ships docked (R11).
    Harbour(Berth),
    /// A shipyard berth, paid when that many ships were wrecked (R11).
    Shipyard(Berth),
    /// The insurer's claim for a shipyard berth (R11), paid `to` its holder,
    /// or to the bank (`None`) when nobody holds it: a negative receipt.
    Claim { berth: Berth, to: Option<PlayerId> },
}

/// One item of a settlement: `player` receives `amount` (pays, when negative).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Receipt {
    pub player: PlayerId,
    pub amount: i64,
    pub source: Source,
}

/// The items of the settlement of `s`, whose ships all lie in the harbour or
/// the shipyard: each ship's in ship order, then each berth's in berth order.
/// Claims are listed in full, as the payouts count them; what the bank covers
/// for an insurer short of money is the settlement's `bank_covers`.
pub fn receipts(s: &State) -> Vec<Receipt> {
    let mut out = Vec::new();
    for ship in &s.ships {
        let cargo = ship.cargo;
        let (takers, source): (Vec<PlayerId>, _) = if ship.plundered {
            (s.pirate_list().collect(), Source::Plunder(cargo))
        } else if ship.at == At::Harbour {
            (ship.crew.iter().collect(), Source::Seat(cargo))
        } else {
            continue;
        };
        // Each taker's share, rounded down (R10, R11): the rest is lost.
        let share = takers.len().max(1) as i64;
        out.extend(takers.into_iter().map(|player| Receipt {
            player,
            amount: cargo.profit() as i64 / share,
            source,
        }));
    }
    let (docked, wrecked) = (s.harbour_count(), s.shipyard_count());
    for berth in Berth::ALL {
        let reward = berth.reward() as i64;
        let paid = |at: &[Option<PlayerId>; 3], ships: usize| {
            at[berth.index()].filter(|_| ships > berth.index())
        };
        if let Some(player) = paid(&s.harbour, docked) {
            out.push(Receipt {
                player,
                amount: reward,
                source: Source::Harbour(berth),
            });
        }
        if let Some(player) = paid(&s.shipyard, wrecked) {
            out.push(Receipt {
                player,
                amount: reward,
                source: Source::Shipyard(berth),
            });
        }
        if let Some(insurer) = s.insurance.filter(|_| wrecked > berth.index()) {
            out.push(Receipt {
                player: insurer,
                amount: -reward,
                source: Source::Claim {
                    berth,
                    to: s.shipyard[berth.index()],
                },
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Phase, Variant, legal_actions, roll, settle, voyage_start};
    use rand::{RngExt, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Every settled voyage of random play, with either variant: the items
    /// sum, player by player, to the settlement's payouts (R10, R11).
    #[test]
    fn r10_r11_the_items_sum_to_the_payouts_of_random_voyages() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let cargos = [Cargo::Jade, Cargo::Silk, Cargo::Nutmeg];
        let mut plundered = 0;
        for voyage in 0..3_000 {
            let players = 3 + voyage % 3;
            let variant = Variant {
                strong_pirates: voyage % 4 == 1,
                thirteen_wrecks: voyage % 4 == 2,
            };
            let starts = [[2, 3, 4], [5, 0, 4], [1, 5, 3]][voyage % 3];
            let mut s = voyage_start(players as u8, 0, cargos, starts, variant);
            while s.phase != Phase::Over {
                s = match s.phase {
                    Phase::Roll => roll(&s, std::array::from_fn(|_| rng.random_range(1..=6))),
                    _ => {
                        let options = legal_actions(&s);
                        let a = options[rng.random_range(0..options.len())];
                        crate::rules::apply(&s, a).expect("a legal action applies")
                    }
                };
            }
            plundered += s.ships.iter().filter(|ship| ship.plundered).count();
            let mut sums = [0i64; crate::rules::MAX_PLAYERS];
            for r in receipts(&s) {
                sums[r.player as usize] += r.amount;
            }
            assert_eq!(sums, settle(&s).payouts, "voyage {voyage}: {s:?}");
        }
        assert!(plundered > 100, "the voyages plunder: {plundered}");
    }

    /// The rulebook's figure 14: the insurer on shipyard A with two wrecks
    /// receives 6 for A, and pays claims of 6 (to itself) and 8 (to B).
    #[test]
    fn r11_the_insurer_s_items_name_each_claim() {
        let cargos = [Cargo::Jade, Cargo::Silk, Cargo::Nutmeg];
        let mut s = voyage_start(4, 0, cargos, [3, 3, 3], Variant::default());
        s.shipyard = [Some(1), Some(2), None];
        s.insurance = Some(1);
        let fates = [At::Harbour, At::Shipyard, At::Shipyard];
        for (ship, at) in s.ships.iter_mut().zip(fates) {
            ship.at = at;
        }
        s.phase = Phase::Over;
        let items: Vec<(PlayerId, i64, Source)> = receipts(&s)
            .into_iter()
            .map(|r| (r.player, r.amount, r.source))
            .collect();
        assert_eq!(
            items,
            [
                (1, 6, Source::Shipyard(Berth::A)),
                (
                    1,
                    -6,
                    Source::Claim {
                        berth: Berth::A,
                        to: Some(1)
                    }
                ),
                (2, 8, Source::Shipyard(Berth::B)),
                (
                    1,
                    -8,
                    Source::Claim {
                        berth: Berth::B,
                        to: Some(2)
                    }
                ),
            ]
        );
    }
}
