//! The advice and odds JSON of POSITION.md (`format_version` 1).

use super::{Render, phase_name};
use crate::Position;
use crate::report::{Advice, Odds, ShipOdds};
use serde::Serialize;

pub struct JsonRender;

/// Version of the output format; it changes only when a field changes meaning.
pub const FORMAT_VERSION: u32 = 1;

/// The advice for the decider of a position.
#[derive(Serialize)]
pub struct AdviceJson<'a> {
    pub format_version: u32,
    /// The phase of the position (POSITION.md names).
    pub phase: &'static str,
    /// The player who decides.
    pub decider: &'a str,
    /// `exact` (or `mc` with Monte Carlo).
    pub method: &'static str,
    /// The future placement model (R15).
    pub future: &'static str,
    /// Every legal option, best first.
    pub options: Vec<OptionJson>,
    /// Each ship's odds after the best option.
    pub ships: Vec<ShipJson>,
}

/// One option of the advice.
#[derive(Serialize)]
pub struct OptionJson {
    pub action: String,
    pub cost: u32,
    pub ev: f64,
    pub gain_vs_pass: f64,
    pub p_paid: Option<f64>,
    pub stderr: Option<f64>,
}

/// One ship's odds.
#[derive(Serialize)]
pub struct ShipJson {
    pub cargo: &'static str,
    pub p_harbour: f64,
    pub p_shipyard: f64,
    pub p_plundered: f64,
}

/// Each ship's odds and every player's value.
#[derive(Serialize)]
pub struct OddsJson {
    pub format_version: u32,
    pub method: &'static str,
    pub future: &'static str,
    pub ships: Vec<ShipJson>,
    /// Every player's value (R13), by name, in seating order.
    pub players: Players,
}

/// Player names to values, written as a JSON object in seating order.
pub struct Players(pub Vec<(String, f64)>);

impl Serialize for Players {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// Rounds away floating-point dust (exact figures are exact to 1e-9).
fn clean(x: f64) -> f64 {
    let r = (x * 1e12).round() / 1e12;
    if r == 0.0 { 0.0 } else { r }
}

fn ships(odds: &[ShipOdds]) -> Vec<ShipJson> {
    odds.iter()
        .map(|s| ShipJson {
            cargo: s.cargo.name(),
            p_harbour: clean(s.p_harbour),
            p_shipyard: clean(s.p_shipyard),
            p_plundered: clean(s.p_plundered),
        })
        .collect()
}

pub fn advice_json<'a>(position: &'a Position, advice: &Advice) -> AdviceJson<'a> {
    AdviceJson {
        format_version: FORMAT_VERSION,
        phase: phase_name(position.state().phase),
        decider: position.name(advice.decider),
        method: advice.method.name(),
        future: advice.future.name(),
        options: advice
            .options
            .iter()
            .map(|o| OptionJson {
                action: o.action.to_string(),
                cost: o.cost,
                ev: clean(o.ev),
                gain_vs_pass: clean(o.gain_vs_pass),
                p_paid: o.p_paid.map(clean),
                stderr: o.stderr,
            })
            .collect(),
        ships: ships(&advice.ships),
    }
}

pub fn odds_json(position: &Position, odds: &Odds) -> OddsJson {
    OddsJson {
        format_version: FORMAT_VERSION,
        method: odds.method.name(),
        future: odds.future.name(),
        ships: ships(&odds.ships),
        players: Players(
            odds.players
                .iter()
                .enumerate()
                .map(|(p, &v)| (position.name(p as u8).to_string(), clean(v)))
                .collect(),
        ),
    }
}

fn pretty<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

impl Render for JsonRender {
    fn advice(&self, position: &Position, advice: &Advice) -> String {
        pretty(&advice_json(position, advice))
    }

    fn odds(&self, position: &Position, odds: &Odds) -> String {
        pretty(&odds_json(position, odds))
    }
}
