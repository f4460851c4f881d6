//! Validation: a [`Setup`] checked against every rule of POSITION.md
//! ("Refused positions"), every problem reported with its field.

use super::Position;
use super::setup::{self, BoardedSeat, Setup, ShipSetup};
use crate::rules::{
    self, At, Cargo, Crew, MAX_PLAYERS, Phase, PhaseName, PlayerId, SHIPS, Ship, State, TRACK_END,
    Variant,
};
use std::collections::BTreeMap;
use std::fmt;

/// The most cash a player may hold: 2^31 - 1, so that credit (cash plus 12 per
/// share) and payouts stay within `u32`.
pub const MAX_CASH: i64 = i32::MAX as i64;

/// A character that must not reach a terminal raw: a control character (an
/// escape sequence starts with one) or a bidirectional override.
pub fn unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A character a player's name may not hold: an unprintable one, but for a
/// tab and a line break, which move no cursor back and cannot start an escape
/// sequence (the notation quotes them, and names holding them round-trip).
fn forbidden_in_name(c: char) -> bool {
    unprintable(c) && !matches!(c, '\t' | '\n')
}

/// `text` with every unprintable character escaped (`\u{1b}`), quoted when one was.
pub fn printable(text: &str) -> String {
    if text.chars().any(unprintable) {
        format!("{:?}", text)
    } else {
        format!("'{text}'")
    }
}

/// One thing wrong with a setup: the field (a JSON path) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub field: String,
    pub reason: String,
}

/// Every problem found in a setup, in the order of the fields.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SetupError(pub Vec<Problem>);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self
            .0
            .iter()
            .map(|p| format!("{}: {}", p.field, p.reason))
            .collect();
        write!(f, "invalid position:\n  {}", lines.join("\n  "))
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        let mut v = Validator {
            problems: Vec::new(),
            names: Vec::new(),
        };
        let state = v.position(&setup);
        match (state, v.problems.is_empty()) {
            (Some(state), true) => Ok(Position {
                names: v.names,
                state,
            }),
            _ => Err(SetupError(v.problems)),
        }
    }
}

struct Validator {
    problems: Vec<Problem>,
    names: Vec<String>,
}

impl Validator {
    fn problem(&mut self, field: impl Into<String>, reason: impl Into<String>) {
        self.problems.push(Problem {
            field: field.into(),
            reason: reason.into(),
        });
    }

    fn player(&mut self, field: &str, name: &str) -> Option<PlayerId> {
        let found = self.names.iter().position(|n| n == name);
        if found.is_none() {
            let known = self.names.join(", ");
            self.problem(field, format!("unknown player '{name}' (players: {known})"));
        }
        found.map(|i| i as PlayerId)
    }

    fn optional_player(&mut self, field: &str, name: &Option<String>) -> Option<PlayerId> {
        name.as_deref().and_then(|n| self.player(field, n))
    }

    fn position(&mut self, s: &Setup) -> Option<State> {
        self.players(&s.players)?;
        let n = self.names.len();
        let hm = self.player("harbour_master", &s.harbour_master);
        let rolls = self.rolls_done(s);
        let workers = self.workers(s.workers, n);
        let ships = self.ships(s, rolls);
        let harbour = self.berths("harbour", &s.harbour);
        let shipyard = self.berths("shipyard", &s.shipyard);
        let pirates = self.pirates(&s.pirates);
        let small_pilot = self.optional_player("pilots.small", &s.pilots.small);
        let large_pilot = self.optional_player("pilots.large", &s.pilots.large);
        let insurance = self.optional_player("insurance", &s.insurance);
        let passed = self.passed(&s.passed);
        let cash = self.cash(&s.cash);
        let shares = self.shares(&s.shares);
        let prices = self.prices(&s.prices);
        let mut state = State {
            players: n as u8,
            harbour_master: hm?,
            workers,
            rolls_done: rolls?,
            round: 0,
            phase: Phase::Over,
            ships: ships?,
            harbour,
            shipyard,
            pirates,
            small_pilot,
            large_pilot,
            insurance,
            passed,
            variant: Variant {
                strong_pirates: s.variant.strong_pirates,
                thirteen_wrecks: s.variant.thirteen_wrecks,
            },
            cash,
            shares,
            prices,
        };
        if !self.problems.is_empty() {
            return None;
        }
        self.workers_placed(&state);
        self.phase(s, &mut state);
        Some(state)
    }

    fn players(&mut self, players: &[String]) -> Option<()> {
        let n = players.len();
        if !(rules::MIN_PLAYERS..=rules::MAX_PLAYERS).contains(&n) {
            self.problem("players", format!("needs 3 to 5 players, found {n}"));
            return None;
        }
        for (i, name) in players.iter().enumerate() {
            // A control character is named as such, even in a blank name.
            let control = name.chars().find(|&c| forbidden_in_name(c));
            if name.is_empty() {
                self.problem(format!("players[{i}]"), "a player's name cannot be empty");
            } else if name.trim().is_empty() && control.is_none() {
                let why = format!("a player's name cannot be blank, found {name:?}");
                self.problem(format!("players[{i}]"), why);
            } else if let Some(c) = control {
                // It would reach the terminal raw with every board and table.
                self.problem(
                    format!("players[{i}]"),
                    format!(
                        "a player's name cannot hold control characters, found {:?} in {}",
                        c,
                        printable(name)
                    ),
                );
            } else if players[..i].contains(name) {
                self.problem(
                    format!("players[{i}]"),
                    format!("duplicate player '{name}'"),
                );
            }
        }
        self.names = players.to_vec();
        self.problems.is_empty().then_some(())
    }

    fn rolls_done(&mut self, s: &Setup) -> Option<u8> {
        if !(0..=rules::ROLLS as i64).contains(&s.rolls_done) {
            self.problem(
                "rolls_done",
                format!("must be 0 to 3, found {}", s.rolls_done),
            );
            return None;
        }
        let rolls = s.rolls_done as u8;
        let fits = match s.phase {
            PhaseName::Placement | PhaseName::Roll => rolls < 3,
            PhaseName::Boarding | PhaseName::SmallPilot | PhaseName::LargePilot => rolls == 2,
            PhaseName::Plunder => rolls == 3,
        };
        if !fits {
            let want = match s.phase {
                PhaseName::Placement | PhaseName::Roll => "0, 1 or 2 rolls done",
                PhaseName::Plunder => "rolls_done 3",
                _ => "rolls_done 2",
            };
            self.problem(
                "phase",
                format!(
                    "phase {} needs {want}, found rolls_done {rolls}",
                    s.phase.name()
                ),
            );
        }
        Some(rolls)
    }

    fn workers(&mut self, workers: Option<i64>, n: usize) -> u8 {
        let default = rules::workers_per_player(n);
        match workers {
            None => default,
            Some(w) if (1..=6).contains(&w) => w as u8,
            Some(w) => {
                self.problem(
                    "workers",
                    format!("must be 1 to 6 workers per player, found {w}"),
                );
                default
            }
        }
    }

    fn ships(&mut self, s: &Setup, rolls: Option<u8>) -> Option<[Ship; SHIPS]> {
        if s.ships.len() != SHIPS {
            self.problem(
                "ships",
                format!("needs exactly 3 ships, found {}", s.ships.len()),
            );
            return None;
        }
        let mut ships = Vec::new();
        for (i, ship) in s.ships.iter().enumerate() {
            if s.ships[..i].iter().any(|o| o.cargo == ship.cargo) {
                self.problem(
                    format!("ships[{i}].cargo"),
                    format!("duplicate cargo '{}'", ship.cargo),
                );
            }
            ships.push(self.ship(i, ship, rolls, s));
        }
        let ships: Vec<Ship> = ships.into_iter().collect::<Option<_>>()?;
        let ships: [Ship; SHIPS] = ships.try_into().ok()?;
        if rolls == Some(0) {
            self.start_spaces(&ships);
        }
        Some(ships)
    }

    fn ship(
        &mut self,
        i: usize,
        ship: &ShipSetup,
        rolls: Option<u8>,
        setup: &Setup,
    ) -> Option<Ship> {
        let field = format!("ships[{i}]");
        let at = match (ship.position, ship.docked) {
            (Some(_), Some(true)) => {
                self.problem(
                    &field,
                    "a ship has either a position or \"docked\": true, not both",
                );
                None
            }
            (None, Some(true)) => Some(At::Harbour),
            (None, _) => {
                self.problem(&field, "needs a position (0..13) or \"docked\": true");
                None
            }
            (Some(p), _) if !(0..=TRACK_END as i64).contains(&p) => {
                self.problem(
                    format!("{field}.position"),
                    format!("must be 0 to 13, found {p}"),
                );
                None
            }
            (Some(p), _) => Some(At::Sea(p as u8)),
        };
        let seats = ship.cargo.seats();
        if ship.crew.len() > seats {
            let found = ship.crew.len();
            self.problem(
                format!("{field}.crew"),
                format!("{} has {seats} seats, found {found} passengers", ship.cargo),
            );
        }
        let owners: Vec<Option<PlayerId>> = ship
            .crew
            .iter()
            .enumerate()
            .map(|(k, n)| self.player(&format!("{field}.crew[{k}]"), n))
            .collect();
        let owners: Vec<PlayerId> = owners.into_iter().collect::<Option<_>>()?;
        let at = at?;
        if let Some(rolls) = rolls {
            self.reachable(&field, at, rolls, Back::held(setup));
        }
        let crew = Crew::from_slice(&owners[..owners.len().min(seats)]);
        Some(Ship {
            cargo: ship.cargo,
            at,
            crew,
            plundered: false,
        })
    }

    /// Each roll moves a ship 1 to 6 spaces (R6); a pilot held may have moved
    /// it back before roll 3 (R8), a pilot nobody holds has not.
    fn reachable(&mut self, field: &str, at: At, rolls: u8, back: Back) {
        match at {
            At::Harbour if rolls < 2 => {
                self.problem(
                    format!("{field}.docked"),
                    format!("no ship can dock before roll 2 (rolls_done {rolls})"),
                );
            }
            // Before roll 1 the start spaces are checked together (R3).
            At::Sea(_) if rolls == 0 => {}
            At::Sea(p) => {
                let (lo, hi) = (back.lowest(rolls), (5 + 6 * rolls).min(TRACK_END));
                if !(lo..=hi).contains(&p) {
                    let reason = format!(
                        "no dice give space {p} after {rolls} rolls (possible: {lo} to {hi})"
                    );
                    self.problem(format!("{field}.position"), reason);
                }
            }
            _ => {}
        }
    }

    fn start_spaces(&mut self, ships: &[Ship; SHIPS]) {
        for (i, ship) in ships.iter().enumerate() {
            if let Some(p) = ship.at_sea().filter(|&p| p > rules::MAX_START) {
                let reason =
                    format!("start spaces are 0 to 5 before roll 1 (rolls_done 0), found {p}");
                self.problem(format!("ships[{i}].position"), reason);
            }
        }
        let spaces: Vec<u8> = ships.iter().filter_map(|s| s.at_sea()).collect();
        let sum: u8 = spaces.iter().sum();
        if spaces.len() == SHIPS && sum != rules::START_SUM {
            self.problem(
                "ships",
                format!("start spaces must sum to 9 before roll 1 (rolls_done 0), found {sum}"),
            );
        }
    }

    fn berths(&mut self, field: &str, berths: &setup::Berths) -> [Option<PlayerId>; 3] {
        let [a, b, c] = berths.slots();
        [
            self.optional_player(&format!("{field}.A"), a),
            self.optional_player(&format!("{field}.B"), b),
            self.optional_player(&format!("{field}.C"), c),
        ]
    }

    fn pirates(&mut self, names: &[String]) -> [Option<PlayerId>; 2] {
        if names.len() > rules::PIRATE_SLOTS {
            self.problem(
                "pirates",
                format!("the pirate ship has 2 slots, found {}", names.len()),
            );
        }
        let mut out = [None; 2];
        for (k, name) in names.iter().enumerate().take(2) {
            out[k] = self.player(&format!("pirates[{k}]"), name);
        }
        out
    }

    fn passed(&mut self, names: &[String]) -> u8 {
        let mut bits = 0u8;
        for (k, name) in names.iter().enumerate() {
            if let Some(p) = self.player(&format!("passed[{k}]"), name) {
                if bits & (1 << p) != 0 {
                    self.problem(format!("passed[{k}]"), format!("'{name}' is listed twice"));
                }
                bits |= 1 << p;
            }
        }
        bits
    }

    fn cash(&mut self, cash: &Option<BTreeMap<String, i64>>) -> [Option<u32>; MAX_PLAYERS] {
        let mut out = [None; MAX_PLAYERS];
        for (name, &amount) in cash.iter().flatten() {
            let field = format!("cash.{name}");
            if let Some(p) = self.player(&field, name) {
                if amount < 0 {
                    self.problem(field, format!("cash cannot be negative, found {amount}"));
                } else if amount > MAX_CASH {
                    // Sums of cash and credit must not overflow; no table holds that much.
                    self.problem(field, format!("at most {MAX_CASH}, found {amount}"));
                } else {
                    out[p as usize] = Some(amount as u32);
                }
            }
        }
        out
    }

    fn shares(
        &mut self,
        shares: &Option<BTreeMap<String, BTreeMap<Cargo, i64>>>,
    ) -> [[u8; 4]; MAX_PLAYERS] {
        let mut out = [[0; 4]; MAX_PLAYERS];
        for (name, held) in shares.iter().flatten() {
            let Some(p) = self.player(&format!("shares.{name}"), name) else {
                continue;
            };
            for (&cargo, &count) in held {
                if (0..=rules::MAX_SHARES as i64).contains(&count) {
                    out[p as usize][cargo.index()] = count as u8;
                } else {
                    self.problem(
                        format!("shares.{name}.{cargo}"),
                        format!("must be 0 to 5 shares, found {count}"),
                    );
                }
            }
        }
        // The bank issues five shares of each cargo (as the share purchase,
        // R1 and R16, counts them): no more can be held in all.
        for cargo in Cargo::ALL {
            let held: u32 = out.iter().map(|p| p[cargo.index()] as u32).sum();
            if held > rules::MAX_SHARES as u32 {
                self.problem(
                    "shares",
                    format!(
                        "{held} {cargo} shares held in all, but there are {} of each cargo",
                        rules::MAX_SHARES
                    ),
                );
            }
        }
        out
    }

    fn prices(&mut self, prices: &Option<BTreeMap<Cargo, i64>>) -> [u32; 4] {
        let mut out = [0; 4];
        for (&cargo, &price) in prices.iter().flatten() {
            if rules::PRICE_TRACK.iter().any(|&t| t as i64 == price) {
                out[cargo.index()] = price as u32;
            } else {
                self.problem(
                    format!("prices.{cargo}"),
                    format!("{price} is not on the price track (0, 5, 10, 20, 30)"),
                );
            }
        }
        out
    }

    fn workers_placed(&mut self, s: &State) {
        for p in s.player_ids() {
            let placed = s.placed(p);
            if placed > s.workers as usize {
                let name = &self.names[p as usize];
                self.problem(
                    "players",
                    format!(
                        "'{name}' has {} on the board but owns {}",
                        workers(placed),
                        s.workers
                    ),
                );
            }
        }
    }

    fn phase(&mut self, setup: &Setup, s: &mut State) {
        self.phase_fields(setup);
        let n = s.players as usize;
        let last = rules::placement_rounds(n);
        match setup.phase {
            PhaseName::Placement => self.placement(setup, s),
            PhaseName::Boarding => {
                s.round = *rules::rounds_at_rolls(n, 2).start() - 1;
                self.boarding(setup, s);
            }
            PhaseName::SmallPilot | PhaseName::LargePilot => {
                s.round = last;
                self.pilot(setup.phase, s);
            }
            PhaseName::Roll => {
                // Roll k + 1 comes after the last round begun with k rolls done.
                s.round = *rules::rounds_at_rolls(n, s.rolls_done).end();
                s.phase = Phase::Roll;
            }
            PhaseName::Plunder => {
                s.round = last;
                self.needs_ship_on_13_and_pirate(s, "plunder");
                s.phase = Phase::Plunder;
            }
        }
        if setup.phase != PhaseName::Placement {
            self.between_rounds(setup, s);
        }
    }

    /// The fields only some phases have.
    fn phase_fields(&mut self, setup: &Setup) {
        if setup.phase != PhaseName::Placement && setup.to_move.is_some() {
            self.problem(
                "to_move",
                format!(
                    "only the placement phase has a player to move (phase {})",
                    setup.phase.name()
                ),
            );
        }
        if setup.phase != PhaseName::Boarding {
            // Their defaults (0, empty) say nothing and are accepted anywhere,
            // as a program that writes every field writes them.
            let given = [
                ("boarding_next", setup.boarding_next.is_some_and(|n| n != 0)),
                ("boarded", !setup.boarded.is_empty()),
            ];
            for (field, _) in given.iter().filter(|(_, given)| *given) {
                let phase = setup.phase.name();
                self.problem(
                    *field,
                    format!("belongs to the boarding phase (phase {phase})"),
                );
            }
        }
    }

    /// A pilot phase: somebody must hold that pilot (R8).
    fn pilot(&mut self, phase: PhaseName, s: &mut State) {
        let (holder, name, pilot) = if phase == PhaseName::SmallPilot {
            (s.small_pilot, "small", Phase::SmallPilot)
        } else {
            (s.large_pilot, "large", Phase::LargePilot)
        };
        if holder.is_none() {
            self.problem(
                "phase",
                format!("phase {} but nobody holds the {name} pilot", phase.name()),
            );
        }
        s.phase = pilot;
    }

    /// Outside placement: the workers placed fit the rounds begun, and a given
    /// `round` names the last round begun or the next.
    fn between_rounds(&mut self, setup: &Setup, s: &State) {
        self.placed_within(s, s.round, None);
        let (begun, last) = (
            s.round as i64,
            rules::placement_rounds(s.players as usize) as i64,
        );
        let fits = |r: i64| r == begun || (r == begun + 1 && r <= last);
        if let Some(r) = setup.round.filter(|&r| !fits(r)) {
            let phase = setup.phase.name();
            let reason = format!("in phase {phase} the last round begun is {begun}, found {r}");
            self.problem("round", reason);
        }
    }

    fn needs_ship_on_13_and_pirate(&mut self, s: &State, phase: &str) {
        if s.ships_on_13().next().is_none() {
            self.problem("phase", format!("{phase} needs a ship at sea on 13"));
        }
        if s.pirate_count() == 0 {
            self.problem(
                "phase",
                format!("{phase} needs a pirate on the pirate ship"),
            );
        }
    }

    fn boarding(&mut self, setup: &Setup, s: &mut State) {
        self.needs_ship_on_13_and_pirate(s, "boarding");
        let next = setup.boarding_next.unwrap_or(0);
        if !(0..s.pirate_count().max(1) as i64).contains(&next) {
            self.problem(
                "boarding_next",
                format!(
                    "must index the pirates list (0 to {}), found {next}",
                    s.pirate_count().saturating_sub(1)
                ),
            );
        }
        if !setup.boarded.is_empty() && !s.variant.strong_pirates {
            self.problem(
                "boarded",
                "only the strong-pirates variant records boarded seats",
            );
        }
        let mut boarded = [0u8; SHIPS];
        for (k, BoardedSeat { cargo, seat }) in setup.boarded.iter().enumerate() {
            let field = format!("boarded[{k}]");
            match s.ship_index(*cargo) {
                Some(i)
                    if s.ships[i].at == At::Sea(TRACK_END)
                        && (0..s.ships[i].crew.len() as i64).contains(seat) =>
                {
                    if boarded[i] & (1 << seat) != 0 {
                        self.problem(&field, format!("seat {seat} of {cargo} is listed twice"));
                    }
                    if !boardable(s, i, *seat) {
                        self.problem(&field, unboardable(*cargo, *seat));
                    }
                    boarded[i] |= 1 << seat;
                }
                _ => self.problem(
                    field,
                    format!("no occupied seat {seat} on a ship of {cargo} on 13"),
                ),
            }
        }
        // A seat boarded in this step means the captain left the pirate ship: at
        // most one pirate is left, and it decides now.
        if !setup.boarded.is_empty() && (s.pirate_count() > 1 || next != 0) {
            let reason =
                "boarded seats mean the captain has boarded: one pirate left, boarding_next 0";
            self.problem("boarded", reason);
        }
        // Only the captain can have boarded before the pirate who decides (R7).
        if setup.boarded.len() > 1 {
            let reason = format!(
                "only the captain boards before the other pirate decides: at most 1 seat, found {}",
                setup.boarded.len()
            );
            self.problem("boarded", reason);
        }
        s.phase = Phase::Boarding {
            next: next.clamp(0, 1) as u8,
            boarded,
        };
    }

    fn placement(&mut self, setup: &Setup, s: &mut State) {
        let n = s.players as usize;
        let Some(name) = &setup.to_move else {
            self.problem("to_move", "the placement phase needs a player to move");
            return;
        };
        let Some(p) = self.player("to_move", name) else {
            return;
        };
        if s.has_passed(p) {
            self.problem(
                "to_move",
                format!("'{name}' has passed and places nothing more this voyage"),
            );
        } else if s.in_hand(p) == 0 {
            self.problem("to_move", format!("'{name}' has no worker in hand"));
        }
        s.phase = Phase::Placement { to_move: p };
        let rounds = rules::rounds_at_rolls(n, s.rolls_done);
        s.round = match setup.round {
            Some(r) if rounds.contains(&(r.clamp(0, 9) as u8)) => r as u8,
            Some(r) => {
                let (a, b) = (rounds.start(), rounds.end());
                let want = if a == b {
                    format!("{a}")
                } else {
                    format!("{a} or {b}")
                };
                self.problem(
                    "round",
                    format!(
                        "with {n} players and rolls_done {} the round is {want}, found {r}",
                        s.rolls_done
                    ),
                );
                return;
            }
            None => match self.infer_round(s, rounds) {
                Some(r) => r,
                None => return,
            },
        };
        self.placed_within(s, s.round, Some(p));
    }

    /// The round, when `round` is omitted: the only one whose turn order allows
    /// the workers placed; between two, the one every player who has not passed
    /// has kept up with. Otherwise the round must be given.
    fn infer_round(&mut self, s: &State, rounds: std::ops::RangeInclusive<u8>) -> Option<u8> {
        let Phase::Placement { to_move } = s.phase else {
            return None;
        };
        let allowed: Vec<u8> = rounds
            .clone()
            .filter(|&r| over_placed(s, r, Some(to_move)).is_none())
            .collect();
        let kept_up: Vec<u8> = allowed
            .iter()
            .copied()
            .filter(|&r| behind(s, r, Some(to_move)).is_none())
            .collect();
        match (allowed.as_slice(), kept_up.as_slice()) {
            ([r], _) | (_, [r]) => Some(*r),
            // None fits: report against the last round (the checks that follow say why).
            ([], _) => Some(*rounds.end()),
            _ => {
                self.problem(
                    "round",
                    "ambiguous here: give the placement round under way",
                );
                None
            }
        }
    }

    fn placed_within(&mut self, s: &State, round: u8, to_move: Option<PlayerId>) {
        if let Some((p, placed, most)) = over_placed(s, round, to_move) {
            let name = &self.names[p as usize];
            let when = match to_move {
                Some(t) => format!("in round {round} before '{}' moves", self.names[t as usize]),
                None => format!("after {round} placement rounds"),
            };
            self.problem(
                "players",
                format!(
                    "'{name}' has {} on the board, but at most {most} can be placed {when}",
                    workers(placed)
                ),
            );
        }
    }
}

/// The workers player `p` can have placed by the turn of `to_move` in `round`
/// (or after `round` rounds when nobody is to move), counting from the harbour master.
fn most_placed(s: &State, round: u8, to_move: Option<PlayerId>, p: PlayerId) -> usize {
    let this_round = to_move.is_some_and(|t| s.turn_offset(p) < s.turn_offset(t));
    let turns = match to_move {
        Some(_) => round as usize - 1 + this_round as usize,
        None => round as usize,
    };
    turns.min(s.workers as usize)
}

fn over_placed(
    s: &State,
    round: u8,
    to_move: Option<PlayerId>,
) -> Option<(PlayerId, usize, usize)> {
    s.player_ids()
        .map(|p| (p, s.placed(p), most_placed(s, round, to_move, p)))
        .find(|&(_, placed, most)| placed > most)
}

/// A player who has not passed yet placed fewer workers than their turns so far
/// (R5: on their turn a player with a worker in hand places one or passes): the
/// player, the workers placed and the turns had. Strong pirates can send up to two
/// workers back to hand at the boarding after roll 2. Used to tell rounds apart,
/// not to refuse: hand-written positions often leave earlier turns unrecorded,
/// and the values do not depend on them.
fn behind(s: &State, round: u8, to_move: Option<PlayerId>) -> Option<(PlayerId, usize, usize)> {
    let returned = if s.variant.strong_pirates && s.rolls_done >= 2 {
        rules::PIRATE_SLOTS
    } else {
        0
    };
    s.player_ids()
        .filter(|&p| !s.has_passed(p))
        .map(|p| (p, s.placed(p), most_placed(s, round, to_move, p)))
        .find(|&(_, placed, turns)| placed + returned < turns)
}

/// Whether a pirate can have boarded seat `seat` of ship `i` earlier in this
/// boarding step (R7): a pirate takes the cheapest free seat, so the last
/// one filled; with strong pirates it may instead have removed the passenger
/// of a full ship, but only when no ship on 13 had a free seat, and nobody
/// has placed since.
fn boardable(s: &State, i: usize, seat: i64) -> bool {
    let last = seat + 1 == s.ships[i].crew.len() as i64;
    last || s.ships_on_13().all(|j| s.ships[j].is_full())
}

/// Why [`boardable`] refused a seat.
fn unboardable(cargo: Cargo, seat: i64) -> String {
    format!(
        "seat {seat} of {cargo} cannot have been boarded: a pirate takes the cheapest free \
         seat (the last one filled), and removes a passenger only when no ship on 13 has \
         a free seat (R7)"
    )
}

/// How far back the pilots held may have moved a ship after roll 2 (R8): the
/// small pilot 1 space, the large 2 in all; a pilot nobody holds moved
/// nothing, and the large pilot moves after the small.
#[derive(Clone, Copy)]
struct Back {
    small: u8,
    large: u8,
    phase: PhaseName,
}

impl Back {
    fn held(setup: &Setup) -> Back {
        Back {
            small: u8::from(setup.pilots.small.is_some()),
            large: 2 * u8::from(setup.pilots.large.is_some()),
            phase: setup.phase,
        }
    }

    /// The lowest space a ship at sea can stand on after `rolls` rolls: each
    /// roll moves it at least 1, and a pilot never below 0.
    fn lowest(self, rolls: u8) -> u8 {
        let after_pilots = 2u8.saturating_sub(self.small + self.large);
        match (rolls, self.phase) {
            (2, PhaseName::LargePilot) => 2 - self.small,
            (2, PhaseName::Roll) => after_pilots,
            (3, _) => after_pilots + 1,
            (r, _) => r,
        }
    }
}

/// "1 worker", "2 workers": a refusal reads as a sentence.
fn workers(n: usize) -> String {
    match n {
        1 => "1 worker".to_string(),
        n => format!("{n} workers"),
    }
}
