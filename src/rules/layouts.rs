//! The harbour master's layouts (R3) and the state at a voyage's start.

use super::constants::{self as rules, Cargo, SHIPS};
use super::state::{At, Phase, PlayerId, Ship, State, Variant};

/// One layout (R3): three cargos in ship order and their start spaces.
pub type Layout = ([Cargo; SHIPS], [u8; SHIPS]);

/// The 100 layouts of R3: the cargo left ashore, and start spaces 0..=5 summing
/// to 9, in the order ashore cargo, then first ship's space, then second's.
pub fn layouts() -> Vec<Layout> {
    let mut all = Vec::new();
    for ashore in Cargo::ALL.into_iter().rev() {
        let cargos: Vec<Cargo> = Cargo::ALL.into_iter().filter(|&c| c != ashore).collect();
        let cargos = [cargos[0], cargos[1], cargos[2]];
        all.extend(start_spaces().map(|starts| (cargos, starts)));
    }
    all
}

/// The 25 ordered start-space triples of R3: each 0..=5, summing to 9, in
/// the order first ship's space, then second's.
pub fn start_spaces() -> impl Iterator<Item = [u8; SHIPS]> {
    (0..=rules::MAX_START).flat_map(|a| {
        (0..=rules::MAX_START).filter_map(move |b| {
            let c = rules::START_SUM.checked_sub(a + b)?;
            (c <= rules::MAX_START).then_some([a, b, c])
        })
    })
}

/// The cargo a layout leaves ashore.
pub fn ashore(layout: Layout) -> Cargo {
    Cargo::ALL
        .into_iter()
        .find(|c| !layout.0.contains(c))
        .unwrap_or(Cargo::Nutmeg)
}

/// The state at the first placement of a voyage.
pub fn voyage_start(
    players: u8,
    harbour_master: PlayerId,
    cargos: [Cargo; SHIPS],
    starts: [u8; SHIPS],
    variant: Variant,
) -> State {
    let ship = |i: usize| Ship {
        cargo: cargos[i],
        at: At::Sea(starts[i]),
        crew: Default::default(),
        plundered: false,
    };
    State {
        players,
        harbour_master,
        workers: rules::workers_per_player(players as usize),
        rolls_done: 0,
        round: 1,
        phase: Phase::Placement {
            to_move: harbour_master,
        },
        ships: [ship(0), ship(1), ship(2)],
        harbour: [None; 3],
        shipyard: [None; 3],
        pirates: [None; 2],
        small_pilot: None,
        large_pilot: None,
        insurance: None,
        passed: 0,
        variant,
        cash: [None; rules::MAX_PLAYERS],
        shares: [[0; 4]; rules::MAX_PLAYERS],
        prices: [0; 4],
    }
}

/// The voyage start `template` (players, harbour master, workers, money and
/// prices) with `layout`'s ships.
pub fn start_with(template: &State, layout: Layout) -> State {
    let mut s = voyage_start(
        template.players,
        template.harbour_master,
        layout.0,
        layout.1,
        template.variant,
    );
    s.workers = template.workers;
    s.cash = template.cash;
    s.shares = template.shares;
    s.prices = template.prices;
    s
}
