//! `show`: the position drawn for a person.

use super::table::situation;
use crate::Position;
use crate::rules::{At, Berth, Phase, PlayerId, TRACK_END};

fn owner(position: &Position, p: Option<PlayerId>) -> String {
    p.map_or("-".to_string(), |p| position.name(p).to_string())
}

/// The three lanes, each ship on its space (docked ships past the end), crews with
/// seat costs, berths, pirates, pilots, insurance, money and who decides.
pub fn draw(position: &Position) -> String {
    let s = position.state();
    let hm = position.name(s.harbour_master);
    let mut out = format!(
        "Manila voyage: {} players, harbour master {hm}\n",
        s.players
    );
    out += &format!("Now: {}\n\n", situation(position));
    out += &lanes(position);
    out += "\n";
    out += &berths(position);
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

fn lanes(position: &Position) -> String {
    let s = position.state();
    let spaces: String = (0..=TRACK_END).map(|x| format!("{x:>3}")).collect();
    let mut out = format!("{:<8}{spaces}  | harbour\n", "");
    for ship in &s.ships {
        let mark = ship.cargo.name()[..1].to_uppercase();
        let mut lane: String = (0..=TRACK_END)
            .map(|x| {
                if ship.at == At::Sea(x) {
                    format!("  {mark}")
                } else {
                    "  .".to_string()
                }
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

fn berths(position: &Position) -> String {
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
        format!("{title:<9} {}\n", slots.join("   "))
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
