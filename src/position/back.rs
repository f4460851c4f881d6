//! A position back to the unchecked [`Setup`] it could have been read from:
//! what JSON and notation are written from.

use super::setup::{Berths, BoardedSeat, Pilots, Setup, ShipSetup, VariantSetup};
use crate::rules::{self, At, Cargo, Phase, PhaseName, PlayerId, SHIPS, State};
use std::collections::BTreeMap;

/// Player names by index.
struct Names<'a>(&'a [String]);

impl Names<'_> {
    fn of(&self, p: PlayerId) -> String {
        self.0[p as usize].clone()
    }

    fn opt(&self, p: Option<PlayerId>) -> Option<String> {
        p.map(|p| self.of(p))
    }

    fn berths(&self, b: [Option<PlayerId>; 3]) -> Berths {
        Berths {
            a: self.opt(b[0]),
            b: self.opt(b[1]),
            c: self.opt(b[2]),
        }
    }
}

/// The progress fields of a setup: the phase and who or what it names.
struct Progress {
    phase: PhaseName,
    to_move: Option<String>,
    boarding_next: Option<i64>,
    boarded: Vec<BoardedSeat>,
    round: Option<i64>,
}

pub(super) fn to_setup(names: &[String], s: &State) -> Setup {
    let n = Names(names);
    let Progress {
        phase,
        to_move,
        boarding_next,
        boarded,
        round,
    } = progress(&n, s);
    let (cash, shares, prices) = money(&n, s);
    Setup {
        players: names.to_vec(),
        harbour_master: n.of(s.harbour_master),
        rolls_done: s.rolls_done as i64,
        phase,
        to_move,
        boarding_next,
        boarded,
        round,
        ships: ships(&n, s),
        harbour: n.berths(s.harbour),
        shipyard: n.berths(s.shipyard),
        pirates: s.pirate_list().map(|p| n.of(p)).collect(),
        pilots: Pilots {
            small: n.opt(s.small_pilot),
            large: n.opt(s.large_pilot),
        },
        insurance: n.opt(s.insurance),
        passed: s
            .player_ids()
            .filter(|&p| s.has_passed(p))
            .map(|p| n.of(p))
            .collect(),
        workers: (s.workers != rules::workers_per_player(names.len())).then_some(s.workers as i64),
        variant: VariantSetup {
            strong_pirates: s.variant.strong_pirates,
            thirteen_wrecks: s.variant.thirteen_wrecks,
        },
        cash,
        shares,
        prices,
    }
}

fn progress(n: &Names, s: &State) -> Progress {
    let plain = |phase| Progress {
        phase,
        to_move: None,
        boarding_next: None,
        boarded: vec![],
        round: None,
    };
    match s.phase {
        Phase::Placement { to_move } => Progress {
            to_move: Some(n.of(to_move)),
            round: Some(s.round as i64),
            ..plain(PhaseName::Placement)
        },
        Phase::Boarding { next, boarded } => Progress {
            boarding_next: Some(next as i64),
            boarded: boarded_seats(s, boarded),
            ..plain(PhaseName::Boarding)
        },
        Phase::SmallPilot => plain(PhaseName::SmallPilot),
        Phase::LargePilot => plain(PhaseName::LargePilot),
        Phase::Roll => plain(PhaseName::Roll),
        Phase::Plunder | Phase::Over => plain(PhaseName::Plunder),
    }
}

/// The seats pirates took in this boarding step, from a bit per seat and ship.
fn boarded_seats(s: &State, boarded: [u8; SHIPS]) -> Vec<BoardedSeat> {
    (0..SHIPS)
        .flat_map(|i| {
            (0..8)
                .filter(move |k| boarded[i] & (1 << k) != 0)
                .map(move |k| (i, k))
        })
        .map(|(i, k)| BoardedSeat {
            cargo: s.ships[i].cargo,
            seat: k as i64,
        })
        .collect()
}

fn ships(n: &Names, s: &State) -> Vec<ShipSetup> {
    s.ships
        .iter()
        .map(|ship| ShipSetup {
            cargo: ship.cargo,
            position: ship.at_sea().map(|p| p as i64),
            docked: (ship.at == At::Harbour).then_some(true),
            crew: ship.crew.iter().map(|p| n.of(p)).collect(),
        })
        .collect()
}

type Cash = Option<BTreeMap<String, i64>>;
type Shares = Option<BTreeMap<String, BTreeMap<Cargo, i64>>>;
type Prices = Option<BTreeMap<Cargo, i64>>;

/// Cash, shares and prices, each left out when nothing is said.
fn money(n: &Names, s: &State) -> (Cash, Shares, Prices) {
    let cash: BTreeMap<String, i64> = s
        .player_ids()
        .filter_map(|p| Some((n.of(p), s.cash[p as usize]? as i64)))
        .collect();
    let shares: BTreeMap<String, BTreeMap<Cargo, i64>> = s
        .player_ids()
        .map(|p| {
            let held = Cargo::ALL
                .into_iter()
                .filter(|c| s.shares[p as usize][c.index()] > 0)
                .map(|c| (c, s.shares[p as usize][c.index()] as i64))
                .collect::<BTreeMap<_, _>>();
            (n.of(p), held)
        })
        .filter(|(_, held)| !held.is_empty())
        .collect();
    let prices = (s.prices != [0; 4]).then(|| {
        Cargo::ALL
            .into_iter()
            .map(|c| (c, s.prices[c.index()] as i64))
            .collect()
    });
    (
        (!cash.is_empty()).then_some(cash),
        (!shares.is_empty()).then_some(shares),
        prices,
    )
}
