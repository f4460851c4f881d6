//! Tables for a person at the table (comfy-table).

use super::{Render, phase_name};
use crate::Position;
use crate::report::{Advice, Odds, ShipOdds};
use crate::state::Phase;
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{CellAlignment, Table};

pub struct TableRender;

fn table(header: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED);
    t.set_header(header.to_vec());
    for k in 1..header.len() {
        if let Some(col) = t.column_mut(k) {
            col.set_cell_alignment(CellAlignment::Right);
        }
    }
    t
}

fn percent(p: f64) -> String {
    format!("{:.1}%", 100.0 * p)
}

fn money(x: f64) -> String {
    let x = if x.abs() < 5e-10 { 0.0 } else { x };
    format!("{x:.2}")
}

fn signed(x: f64) -> String {
    let x = if x.abs() < 5e-10 { 0.0 } else { x };
    format!("{x:+.2}")
}

/// "placement, round 2 after roll 1": where the voyage stands.
pub fn situation(position: &Position) -> String {
    let s = position.state();
    let rolls = match s.rolls_done {
        0 => "before roll 1".to_string(),
        r => format!("after roll {r}"),
    };
    match s.phase {
        Phase::Placement { .. } => format!("placement round {}, {rolls}", s.round),
        phase => format!("{}, {rolls}", phase_name(phase).replace('_', " ")),
    }
}

fn ships_table(position: &Position, ships: &[ShipOdds]) -> Table {
    let mut t = table(&["ship", "at", "harbour", "shipyard", "plundered"]);
    for (odds, ship) in ships.iter().zip(&position.state().ships) {
        let at = match ship.at_sea() {
            Some(x) => format!("space {x}"),
            None => "docked".to_string(),
        };
        t.add_row(vec![
            odds.cargo.name().to_string(),
            at,
            percent(odds.p_harbour),
            percent(odds.p_shipyard),
            percent(odds.p_plundered),
        ]);
    }
    t
}

impl Render for TableRender {
    fn advice(&self, position: &Position, advice: &Advice) -> String {
        let who = position.name(advice.decider);
        let mut out = format!(
            "{who} to decide: {} ({}, future {})\n",
            situation(position),
            advice.method.name(),
            advice.future.name()
        );
        let mut t = table(&["#", "action", "cost", "P(paid)", "EV", "vs pass"]);
        for (k, o) in advice.options.iter().enumerate() {
            t.add_row(vec![
                (k + 1).to_string(),
                o.action.to_string(),
                o.cost.to_string(),
                o.p_paid.map(percent).unwrap_or_default(),
                money(o.ev),
                signed(o.gain_vs_pass),
            ]);
        }
        if let Some(col) = t.column_mut(1) {
            col.set_cell_alignment(CellAlignment::Left);
        }
        out += &format!("{t}\nShips, if {who} takes the best option:\n");
        out += &format!("{}\n", ships_table(position, &advice.ships));
        if let Some(best) = advice.best() {
            out += &format!(
                "Recommendation: {who} should take {} (EV {}, {} vs {}).\n",
                best.action,
                money(best.ev),
                signed(best.gain_vs_pass),
                advice.reference,
            );
        }
        out
    }

    fn odds(&self, position: &Position, odds: &Odds) -> String {
        let mut out = format!(
            "Odds if nobody places another worker: {} ({}, future {})\n",
            situation(position),
            odds.method.name(),
            odds.future.name()
        );
        out += &format!("{}\n", ships_table(position, &odds.ships));
        let mut t = table(&["player", "value"]);
        for (p, v) in odds.players.iter().enumerate() {
            t.add_row(vec![position.name(p as u8).to_string(), money(*v)]);
        }
        out += &format!("{t}\n");
        out
    }
}
