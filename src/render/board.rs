//! `show`: the position drawn for a person.

use super::DEFAULT_WIDTH;
use super::table::situation;
use super::wrap::{columns, wrap};
use crate::Position;
use crate::rules::{At, Berth, Phase, PlayerId, TRACK_END};

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

fn berths(position: &Position, width: usize) -> String {
    let s = position.state();
    let line = |title: &str, owners: &[Option<PlayerId>; 3], ships: usize| {
        let slots: Vec<String> = Berth::ALL
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
            .collect();
        let row = format!("{title:<9} {}\n", slots.join("   "));
        if columns(row.trim_end()) <= width {
            return row;
        }
        let pad = format!("\n{:<9} ", "");
        format!("{title:<9} {}\n", slots.join(&pad))
    };
    line("Harbour", &s.harbour, s.harbour_count())
        + &line("Shipyard", &s.shipyard, s.shipyard_count())
}

fn players(position: &Position) -> String {
    let s = position.state();
    let mut out = String::new();
    for p in s.turn_order() {
        let cash =
            s.cash[p as usize].map_or("cash not modelled".to_string(), |c| format!("cash {c}"));
        let passed = if s.has_passed(p) { ", passed" } else { "" };
        out += &format!(
            "  {:<10} workers on board {}/{}, {cash}{passed}\n",
            position.name(p),
            s.placed(p),
            s.workers
        );
    }
    format!("Players (turn order from the harbour master):\n{out}")
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
