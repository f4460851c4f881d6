//! A position back to the unchecked [`Setup`] it could have been read from:
//! what JSON and notation are written from.

use super::setup::{self, BoardedSeat, Setup, ShipSetup};
use crate::rules::{self, At, Cargo, Phase, PhaseName, PlayerId, SHIPS, State};
use std::collections::BTreeMap;

pub(super) fn to_setup(names: &[String], s: &State) -> Setup {
    let name = |p: PlayerId| names[p as usize].clone();
    let opt = |p: Option<PlayerId>| p.map(name);
    let berths = |b: [Option<PlayerId>; 3]| setup::Berths {
        a: opt(b[0]),
        b: opt(b[1]),
        c: opt(b[2]),
    };
    let (phase, to_move, boarding_next, boarded, round) = match s.phase {
        Phase::Placement { to_move } => (
            PhaseName::Placement,
            Some(name(to_move)),
            None,
            vec![],
            Some(s.round as i64),
        ),
        Phase::Boarding { next, boarded } => {
            let seats = (0..SHIPS)
                .flat_map(|i| {
                    (0..8)
                        .filter(move |k| boarded[i] & (1 << k) != 0)
                        .map(move |k| (i, k))
                })
                .map(|(i, k)| BoardedSeat {
                    cargo: s.ships[i].cargo,
                    seat: k as i64,
                })
                .collect();
            (PhaseName::Boarding, None, Some(next as i64), seats, None)
        }
        Phase::SmallPilot => (PhaseName::SmallPilot, None, None, vec![], None),
        Phase::LargePilot => (PhaseName::LargePilot, None, None, vec![], None),
        Phase::Roll => (PhaseName::Roll, None, None, vec![], None),
        Phase::Plunder | Phase::Over => (PhaseName::Plunder, None, None, vec![], None),
    };
    let ships = s
        .ships
        .iter()
        .map(|ship| ShipSetup {
            cargo: ship.cargo,
            position: ship.at_sea().map(|p| p as i64),
            docked: (ship.at == At::Harbour).then_some(true),
            crew: ship.crew.iter().map(name).collect(),
        })
        .collect();
    let cash: BTreeMap<String, i64> = s
        .player_ids()
        .filter_map(|p| Some((name(p), s.cash[p as usize]? as i64)))
        .collect();
    let shares: BTreeMap<String, BTreeMap<Cargo, i64>> = s
        .player_ids()
        .map(|p| {
            let held = Cargo::ALL
                .into_iter()
                .filter(|c| s.shares[p as usize][c.index()] > 0)
                .map(|c| (c, s.shares[p as usize][c.index()] as i64))
                .collect::<BTreeMap<_, _>>();
            (name(p), held)
        })
        .filter(|(_, held)| !held.is_empty())
        .collect();
    let prices = (s.prices != [0; 4]).then(|| {
        Cargo::ALL
            .into_iter()
            .map(|c| (c, s.prices[c.index()] as i64))
            .collect()
    });
    Setup {
        players: names.to_vec(),
        harbour_master: name(s.harbour_master),
        rolls_done: s.rolls_done as i64,
        phase,
        to_move,
        boarding_next,
        boarded,
        round,
        ships,
        harbour: berths(s.harbour),
        shipyard: berths(s.shipyard),
        pirates: s.pirate_list().map(name).collect(),
        pilots: setup::Pilots {
            small: opt(s.small_pilot),
            large: opt(s.large_pilot),
        },
        insurance: opt(s.insurance),
        passed: s
            .player_ids()
            .filter(|&p| s.has_passed(p))
            .map(name)
            .collect(),
        workers: (s.workers != rules::workers_per_player(names.len())).then_some(s.workers as i64),
        variant: setup::VariantSetup {
            strong_pirates: s.variant.strong_pirates,
            thirteen_wrecks: s.variant.thirteen_wrecks,
        },
        cash: (!cash.is_empty()).then_some(cash),
        shares: (!shares.is_empty()).then_some(shares),
        prices,
    }
}
