//! `show`: the position drawn for a person.

use super::DEFAULT_WIDTH;
use super::table::situation;
use super::wrap::{columns, wrap};
use crate::Position;
use crate::parse::notation;
use crate::rules::{At, Berth, Cargo, Phase, PlayerId, TRACK_END};

fn owner(position: &Position, p: Option<PlayerId>) -> String {
    p.map_or("-".to_string(), |p| position.name(p).to_string())
}

/// The three lanes, each ship on its space (docked ships past the end), crews with
/// seat costs, berths, pirates, pilots, insurance, money and who decides; for
/// 80 columns.
pub fn draw(position: &Position) -> String {
    draw_fit(position, DEFAULT_WIDTH)
}

/// The same, fitted to `width` columns: berths one per line when a row of
/// three does not fit, other long lines wrapped.
pub fn draw_fit(position: &Position, width: usize) -> String {
    wrap(&board(position, width), width)
}

fn board(position: &Position, width: usize) -> String {
    let s = position.state();
    let hm = position.name(s.harbour_master);
    let mut out = format!(
        "Manila voyage: {} players, harbour master {hm}\n",
        s.players
    );
    out += &format!("Now: {}\n\n", situation(position));
    out += &lanes(position, width);
    out += "\n";
    out += &berths(position, width);
    out += &format!(
        "Pirate ship: captain {}, second {}\n",
        owner(position, s.pirates[0]),
        owner(position, s.pirates[1])
    );
    out += &format!(
        "Pilots: small {}, large {}    Insurance: {}\n",
        owner(position, s.small_pilot),
        owner(position, s.large_pilot),
        owner(position, s.insurance)
    );
    out += &players(position);
    let variants: Vec<&str> = [
        (s.variant.strong_pirates, "strong pirates"),
        (s.variant.thirteen_wrecks, "thirteen wrecks"),
    ]
    .iter()
    .filter(|v| v.0)
    .map(|v| v.1)
    .collect();
    if !variants.is_empty() {
        out += &format!("Variants: {}\n", variants.join(", "));
    }
    out += &format!("Decides: {}\n", decider(position));
    out
}

/// Columns the lanes take with three columns per space.
const WIDE_LANES: usize = 8 + 3 * (TRACK_END as usize + 1) + 11;

fn lanes(position: &Position, width: usize) -> String {
    let s = position.state();
    // Narrow outputs get two columns per space, the spaces numbered by their last digit.
    let cell = if width < WIDE_LANES { 2 } else { 3 };
    let spaces: String = (0..=TRACK_END)
        .map(|x| match cell {
            2 => format!("{:>2}", x % 10),
            _ => format!("{x:>3}"),
        })
        .collect();
    let mut out = format!("{:<8}{spaces}  | harbour\n", "");
    for ship in &s.ships {
        let mark = ship.cargo.name()[..1].to_uppercase();
        let mut lane: String = (0..=TRACK_END)
            .map(|x| {
                let sign = if ship.at == At::Sea(x) { &mark } else { "." };
                format!("{sign:>cell$}")
            })
            .collect();
        lane += if ship.at == At::Harbour {
            "  | docked"
        } else {
            "  |"
        };
        let seats: Vec<String> = ship
            .cargo
            .seat_costs()
            .iter()
            .enumerate()
            .map(|(k, cost)| format!("{cost}:{}", owner(position, ship.crew.get(k))))
            .collect();
        out += &format!(
            "{:<8}{lane}\n{:<8}  seats {}\n",
            ship.cargo.name(),
            "",
            seats.join("  ")
        );
    }
    out
}

/// The harbour's and the shipyard's berths: each with its cost and reward
/// when the two lines fit; else owners only, costs and rewards said once; else
/// one berth a line.
fn berths(position: &Position, width: usize) -> String {
    let s = position.state();
    let sides = [
        ("Harbour", &s.harbour, s.harbour_count()),
        ("Shipyard", &s.shipyard, s.shipyard_count()),
    ];
    let fits = |rows: &[String]| rows.iter().all(|r| columns(r) <= width);
    let long: Vec<String> = sides
        .iter()
        .map(|(title, owners, ships)| {
            format!(
                "{title:<9} {}",
                long_slots(position, owners, *ships).join("   ")
            )
        })
        .collect();
    if fits(&long) {
        return long.join("\n") + "\n";
    }
    let each = |f: fn(Berth) -> u32| Berth::ALL.map(|b| f(b).to_string()).join("/");
    let terms = format!("(cost {}, pays {})", each(Berth::cost), each(Berth::reward));
    let short: Vec<String> = sides
        .iter()
        .map(|(title, owners, ships)| {
            let owned: Vec<String> = Berth::ALL
                .iter()
                .map(|b| {
                    let ship = if *ships > b.index() { "[ship]" } else { "" };
                    format!(
                        "{}:{}{ship}",
                        b.letter(),
                        owner(position, owners[b.index()])
                    )
                })
                .collect();
            format!("{title:<9} {}   {terms}", owned.join("  "))
        })
        .collect();
    if fits(&short) {
        return short.join("\n") + "\n";
    }
    let pad = format!("\n{:<9} ", "");
    sides
        .iter()
        .map(|(title, owners, ships)| {
            format!(
                "{title:<9} {}\n",
                long_slots(position, owners, *ships).join(&pad)
            )
        })
        .collect()
}

/// "A(cost 4, pays 6): blue [ship]" for each berth.
fn long_slots(position: &Position, owners: &[Option<PlayerId>; 3], ships: usize) -> Vec<String> {
    Berth::ALL
        .iter()
        .map(|b| {
            let ship = if ships > b.index() { " [ship]" } else { "" };
            format!(
                "{}(cost {}, pays {}): {}{ship}",
                b.letter(),
                b.cost(),
                b.reward(),
                owner(position, owners[b.index()])
            )
        })
        .collect()
}

fn players(position: &Position) -> String {
    let s = position.state();
    let mut out = String::new();
    for p in s.turn_order() {
        let cash =
            s.cash[p as usize].map_or("cash not modelled".to_string(), |c| format!("cash {c}"));
        let passed = if s.has_passed(p) { ", passed" } else { "" };
        out += &format!(
            "  {:<10} workers on board {}/{}, {cash}{}{passed}\n",
            position.name(p),
            s.placed(p),
            s.workers,
            shares(s.shares[p as usize])
        );
    }
    let mut text = format!("Players (turn order from the harbour master):\n{out}");
    let held = s.shares.iter().flatten().any(|&n| n > 0);
    if held || s.prices.iter().any(|&price| price > 0) {
        // What a share is worth at the end (R12), and so what credit it gives.
        let prices: Vec<String> = Cargo::ALL
            .iter()
            .map(|c| {
                format!(
                    "{} ({}) {}",
                    c.name(),
                    notation::initial(*c),
                    s.prices[c.index()]
                )
            })
            .collect();
        text += &format!("Share prices: {}\n", prices.join(", "));
    }
    text
}

/// ", shares J2 S1" (cargo letters, as in the notation) for the shares a
/// player holds unmortgaged, or nothing: short, so that a player's line
/// fits 80 columns.
fn shares(held: [u8; 4]) -> String {
    let named: Vec<String> = Cargo::ALL
        .iter()
        .filter(|c| held[c.index()] > 0)
        .map(|c| format!("{}{}", notation::initial(*c), held[c.index()]))
        .collect();
    match named.is_empty() {
        true => String::new(),
        false => format!(", shares {}", named.join(" ")),
    }
}

/// What is due now, in few words: "blue to place (round 1, before roll 1)",
/// "roll 2 is due: one die per ship at sea (jade, silk)".
pub fn status(position: &Position) -> String {
    let s = position.state();
    let who = s.decider().map_or("-", |p| position.name(p));
    let rolls = match s.rolls_done {
        0 => "before roll 1".to_string(),
        r => format!("after roll {r}"),
    };
    match s.phase {
        Phase::Roll => {
            let at_sea: Vec<&str> = s.ships_at_sea().map(|i| s.ships[i].cargo.name()).collect();
            format!(
                "Roll {} is due: one die per ship at sea ({}).",
                s.rolls_done + 1,
                at_sea.join(", ")
            )
        }
        Phase::Placement { .. } => format!("Now {who} to place (round {}, {rolls}).", s.round),
        Phase::Boarding { .. } => format!("Now pirate {who} to board or stay ({rolls})."),
        Phase::SmallPilot => format!("Now {who} to move a ship with the small pilot."),
        Phase::LargePilot => format!("Now {who} to move ships with the large pilot."),
        Phase::Plunder => format!("Now captain {who} to send the plundered ships."),
        Phase::Over => "The voyage is over.".to_string(),
    }
}

/// Where each ship stands: "jade 7, silk docked, nutmeg 13".
pub fn ships_line(position: &Position) -> String {
    let spots: Vec<String> = position
        .state()
        .ships
        .iter()
        .map(|ship| match ship.at_sea() {
            Some(x) => format!("{} {x}", ship.cargo.name()),
            None => format!("{} docked", ship.cargo.name()),
        })
        .collect();
    spots.join(", ")
}

fn decider(position: &Position) -> String {
    let s = position.state();
    let who = s
        .decider()
        .map_or("-".to_string(), |p| position.name(p).to_string());
    match s.phase {
        Phase::Placement { .. } => format!("{who} places a worker or passes"),
        Phase::Boarding { .. } => format!("pirate {who} boards a ship on 13 or stays"),
        Phase::SmallPilot => format!("{who} moves a ship with the small pilot"),
        Phase::LargePilot => format!("{who} moves ships with the large pilot"),
        Phase::Plunder => format!("captain {who} sends the plundered ships"),
        Phase::Roll | Phase::Over => "nobody: the dice".to_string(),
    }
}
