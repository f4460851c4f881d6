//! The voyage state as the rules see it: a small `Copy` value with players as
//! indices. Names live in [`crate::position::Position`]; nothing here knows them.

use super::constants::{self as rules, Cargo, MAX_PLAYERS, MAX_SEATS, SHIPS};
use serde::{Deserialize, Serialize};

/// A player, as an index into the players list (clockwise seating order).
pub type PlayerId = u8;

/// Where a ship is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum At {
    /// At sea on a space 0..=13.
    Sea(u8),
    /// In the harbour (docked, or plundered and sent there).
    Harbour,
    /// In the shipyard (wrecked, or plundered and sent there).
    Shipyard,
}

/// The passengers of one ship, cheapest seat first (R1 fill order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Crew {
    seats: [Option<PlayerId>; MAX_SEATS],
    len: u8,
}

impl Crew {
    pub fn from_slice(owners: &[PlayerId]) -> Crew {
        let mut crew = Crew::default();
        for &p in owners {
            crew.push(p);
        }
        crew
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Takes the next (cheapest) free seat.
    pub fn push(&mut self, p: PlayerId) {
        self.seats[self.len as usize] = Some(p);
        self.len += 1;
    }

    pub fn get(&self, seat: usize) -> Option<PlayerId> {
        self.seats.get(seat).copied().flatten()
    }

    /// Replaces the passenger of an occupied seat (strong pirates, R7).
    pub fn replace(&mut self, seat: usize, p: PlayerId) {
        self.seats[seat] = Some(p);
    }

    pub fn clear(&mut self) {
        *self = Crew::default();
    }

    pub fn iter(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.seats[..self.len()].iter().flatten().copied()
    }

    pub fn count(&self, p: PlayerId) -> usize {
        self.iter().filter(|&q| q == p).count()
    }
}

/// One of the three ships.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ship {
    pub cargo: Cargo,
    pub at: At,
    pub crew: Crew,
    /// Plundered (R10): its passengers were removed, its cargo shared by the pirates.
    pub plundered: bool,
}

impl Ship {
    pub fn at_sea(&self) -> Option<u8> {
        match self.at {
            At::Sea(s) => Some(s),
            _ => None,
        }
    }

    pub fn is_full(&self) -> bool {
        self.crew.len() >= self.cargo.seats()
    }

    /// The cost of the next free seat, if any (R5: always the cheapest).
    pub fn next_seat_cost(&self) -> Option<u32> {
        self.cargo.seat_costs().get(self.crew.len()).copied()
    }
}

/// Rule variants (R7, R9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Variant {
    pub strong_pirates: bool,
    pub thirteen_wrecks: bool,
}

/// Where the voyage stands, and who decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// `to_move` places a worker or passes (R5).
    Placement { to_move: PlayerId },
    /// After roll 2, the pirate `pirates[next]` boards or stays (R7). `boarded` marks,
    /// per ship, the seats pirates took earlier in this boarding step (bit per seat).
    Boarding { next: u8, boarded: [u8; SHIPS] },
    /// The small pilot's holder moves (R8).
    SmallPilot,
    /// The large pilot's holder moves (R8).
    LargePilot,
    /// After roll 3, the captain sends each plundered ship somewhere (R10).
    Plunder,
    /// A roll of the dice is due (R6); not a position of POSITION.md.
    Roll,
    /// Settlement is due: every ship is in the harbour or the shipyard.
    Over,
}

/// A phase without its data: what POSITION.md's `phase` field names. Its
/// serde names are its `name`s (a test holds them together).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseName {
    #[default]
    Placement,
    Boarding,
    SmallPilot,
    LargePilot,
    Plunder,
    /// A roll of the dice is due (an extension of POSITION.md: the position between
    /// the last decision and the next roll, as `apply` and `session` reach it).
    Roll,
}

impl PhaseName {
    /// The phase's name as POSITION.md spells it; `roll` is this project's
    /// own. Every other module takes phase names from here.
    pub fn name(self) -> &'static str {
        match self {
            PhaseName::Placement => "placement",
            PhaseName::Boarding => "boarding",
            PhaseName::SmallPilot => "small_pilot",
            PhaseName::LargePilot => "large_pilot",
            PhaseName::Plunder => "plunder",
            PhaseName::Roll => "roll",
        }
    }
}

impl Phase {
    /// The phase without its data; `None` once the voyage is over, which no
    /// position of POSITION.md is.
    pub fn kind(&self) -> Option<PhaseName> {
        Some(match self {
            Phase::Placement { .. } => PhaseName::Placement,
            Phase::Boarding { .. } => PhaseName::Boarding,
            Phase::SmallPilot => PhaseName::SmallPilot,
            Phase::LargePilot => PhaseName::LargePilot,
            Phase::Plunder => PhaseName::Plunder,
            Phase::Roll => PhaseName::Roll,
            Phase::Over => return None,
        })
    }

    /// The phase's name (see [`PhaseName::name`]); `over` for a settled voyage.
    pub fn name(&self) -> &'static str {
        self.kind().map_or("over", PhaseName::name)
    }
}

/// The whole voyage state. Cash of `None` is unlimited (money not modelled).
/// Hashed by hand (see `Hash` below): the solvers key their memos by states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub players: u8,
    pub harbour_master: PlayerId,
    pub workers: u8,
    pub rolls_done: u8,
    /// The placement round under way, or the last one begun outside placement.
    pub round: u8,
    pub phase: Phase,
    pub ships: [Ship; SHIPS],
    pub harbour: [Option<PlayerId>; 3],
    pub shipyard: [Option<PlayerId>; 3],
    /// Captain first.
    pub pirates: [Option<PlayerId>; 2],
    pub small_pilot: Option<PlayerId>,
    pub large_pilot: Option<PlayerId>,
    pub insurance: Option<PlayerId>,
    /// Bit `p` set: player `p` has passed this voyage.
    pub passed: u8,
    pub variant: Variant,
    pub cash: [Option<u32>; MAX_PLAYERS],
    /// Unmortgaged shares per player and cargo (`Cargo::index`).
    pub shares: [[u8; 4]; MAX_PLAYERS],
    /// Price per cargo (`Cargo::index`), a value of the track.
    pub prices: [u32; 4],
}

impl State {
    pub fn player_ids(&self) -> impl Iterator<Item = PlayerId> + use<> {
        0..self.players
    }

    /// Players in turn order for a round: from the harbour master, clockwise (R5).
    pub fn turn_order(&self) -> impl Iterator<Item = PlayerId> + use<> {
        let (n, hm) = (self.players, self.harbour_master);
        (0..n).map(move |k| (hm + k) % n)
    }

    /// The seat in turn order of `p` (0 for the harbour master).
    pub fn turn_offset(&self, p: PlayerId) -> u8 {
        (p + self.players - self.harbour_master) % self.players
    }

    pub fn has_passed(&self, p: PlayerId) -> bool {
        self.passed & (1 << p) != 0
    }

    pub fn pirate_count(&self) -> usize {
        self.pirates.iter().flatten().count()
    }

    pub fn pirate_list(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.pirates.iter().flatten().copied()
    }

    /// Workers of `p` on the board: seats, berths, pirates, pilots, insurance.
    pub fn placed(&self, p: PlayerId) -> usize {
        let seats: usize = self.ships.iter().map(|s| s.crew.count(p)).sum();
        let slots = self
            .harbour
            .iter()
            .chain(&self.shipyard)
            .chain(&self.pirates)
            .chain([&self.small_pilot, &self.large_pilot, &self.insurance])
            .filter(|&&o| o == Some(p))
            .count();
        seats + slots
    }

    pub fn in_hand(&self, p: PlayerId) -> usize {
        (self.workers as usize).saturating_sub(self.placed(p))
    }

    /// Ships in the harbour, and in the shipyard.
    pub fn harbour_count(&self) -> usize {
        self.ships.iter().filter(|s| s.at == At::Harbour).count()
    }

    pub fn shipyard_count(&self) -> usize {
        self.ships.iter().filter(|s| s.at == At::Shipyard).count()
    }

    pub fn ship_index(&self, cargo: Cargo) -> Option<usize> {
        self.ships.iter().position(|s| s.cargo == cargo)
    }

    /// A player's credit (R5): cash plus the mortgage value of unmortgaged shares.
    /// `None` when their cash is not modelled.
    pub fn credit(&self, p: PlayerId) -> Option<u32> {
        let cash = self.cash[p as usize]?;
        let shares: u32 = self.shares[p as usize].iter().map(|&n| n as u32).sum();
        Some(cash + shares * rules::MORTGAGE_VALUE)
    }

    /// The player who decides now, if the phase is a decision.
    pub fn decider(&self) -> Option<PlayerId> {
        match self.phase {
            Phase::Placement { to_move } => Some(to_move),
            Phase::Boarding { next, .. } => self.pirates[next as usize],
            Phase::SmallPilot => self.small_pilot,
            Phase::LargePilot => self.large_pilot,
            Phase::Plunder => self.pirates[0],
            Phase::Roll | Phase::Over => None,
        }
    }

    /// The ships at sea, not docked: the ones a roll moves (R6).
    pub fn ships_at_sea(&self) -> impl Iterator<Item = usize> + '_ {
        (0..SHIPS).filter(|&i| self.ships[i].at_sea().is_some())
    }

    /// The ships at sea on 13 (candidates for boarding and plunder).
    pub fn ships_on_13(&self) -> impl Iterator<Item = usize> + '_ {
        (0..SHIPS).filter(|&i| self.ships[i].at == At::Sea(rules::TRACK_END))
    }
}

impl State {
    /// Where the voyage stands, in words for messages: "placement round 2",
    /// "small pilot", "roll 3 is due".
    pub fn phase_words(&self) -> String {
        match self.phase {
            Phase::Placement { .. } => format!("placement round {}", self.round),
            Phase::Roll => format!("roll {} is due", self.rolls_done + 1),
            Phase::Over => "the voyage is over".into(),
            phase => phase.name().replace('_', " "),
        }
    }
}

/// A slot's holder in 3 bits: 0 for nobody, else the player plus one.
fn holder_bits(p: Option<PlayerId>) -> u64 {
    p.map_or(0, |p| p as u64 + 1)
}

impl State {
    /// Every ship's crew, 15 bits a ship: its four seats and its length.
    pub(crate) fn crew_word(&self) -> u64 {
        self.ships.iter().fold(0, |word, ship| {
            let seats = (0..MAX_SEATS).fold(0, |w, i| w << 3 | holder_bits(ship.crew.get(i)));
            word << 15 | seats << 3 | ship.crew.len() as u64
        })
    }

    /// The holders of the harbour, shipyard, pirate, pilot and insurance
    /// slots, 3 bits each (11 slots).
    pub(crate) fn slots_word(&self) -> u64 {
        let slots = self
            .harbour
            .iter()
            .chain(&self.shipyard)
            .chain(&self.pirates);
        let one = [self.small_pilot, self.large_pilot, self.insurance];
        slots
            .chain(&one)
            .fold(0, |word, &p| word << 3 | holder_bits(p))
    }
}

/// A state's hash from a few packed words: derived hashing writes each of its
/// some 80 fields on its own, and the solvers hash states all the time. Equal
/// states give equal words, as `Hash` requires.
impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let header = [
            self.players,
            self.harbour_master,
            self.workers,
            self.rolls_done,
            self.round,
            self.passed,
            self.variant.strong_pirates as u8,
            self.variant.thirteen_wrecks as u8,
        ];
        h.write_u64(u64::from_le_bytes(header));
        self.phase.hash(h);
        let ships = self.ships.iter().fold(0u64, |word, ship| {
            let at = match ship.at {
                At::Sea(x) => x as u64,
                At::Harbour => 14,
                At::Shipyard => 15,
            };
            word << 8 | at << 4 | (ship.cargo.index() as u64) << 1 | ship.plundered as u64
        });
        h.write_u64(ships);
        h.write_u64(self.crew_word());
        h.write_u64(self.slots_word());
        for cash in self.cash {
            h.write_u64(cash.map_or(u64::MAX, |c| c as u64));
        }
        for (held, price) in self.shares.iter().zip(self.prices.iter().cycle()) {
            h.write_u64(u64::from(u32::from_le_bytes(*held)) << 32 | *price as u64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PhaseName;

    /// The names POSITION.md's JSON reads are the names messages print.
    #[test]
    fn phase_names_are_their_serde_names() {
        use PhaseName::*;
        for kind in [Placement, Boarding, SmallPilot, LargePilot, Plunder, Roll] {
            let json = serde_json::to_string(&kind).expect("a name");
            assert_eq!(json, format!("\"{}\"", kind.name()));
        }
    }
}
