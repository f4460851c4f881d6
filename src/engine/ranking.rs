//! Options ranked into advice (R14): best first, equal values in canonical
//! order, with the ships' odds after the best one. Every method ranks here.

use super::values::{Mark, Outcome, option_mark, placed_mark, rank};
use crate::report::{Advice, How, OptionValue, ShipOdds, Then, Verdict};
use crate::rules::{self, Action, Phase, SHIPS, State};

/// One option valued exactly.
pub struct Valued {
    pub action: Action,
    /// The rest of the voyage after the option.
    pub outcome: Outcome,
    /// The decider's value of the option, its own cost and income included.
    pub ev: f64,
    /// What the future model expects next.
    pub then: Option<Then>,
    /// The distribution of `ev` ([`crate::engine::risk`]), once computed.
    pub dist: Option<Vec<(i64, f64)>>,
}

/// The advice from the decider's options valued exactly, in canonical order:
/// ranked best first (R14), with the ships' odds after the best one.
pub fn advice(s: &State, valued: Vec<Valued>, how: How) -> Advice {
    let decider = s.decider().unwrap_or(0);
    let pass_ev = valued.first().map_or(0.0, |v| v.ev);
    let order = rank(&valued.iter().map(|v| v.ev).collect::<Vec<_>>());
    let options = order
        .iter()
        .map(|&k| {
            let v = &valued[k];
            OptionValue {
                action: v.action,
                cost: rules::action_cost(s, v.action),
                ev: v.ev,
                gain_vs_pass: v.ev - pass_ev,
                p_paid: pays_worker(s, v.action).then_some(v.outcome.paid),
                players: players(s, &v.outcome, v.ev),
                stderr: None,
                gain_stderr: None,
                ev_dof: None,
                gain_dof: None,
                p_paid_stderr: None,
                p_paid_dof: None,
                p_best: None,
                then: v.then,
                distribution: v.dist.clone(),
            }
        })
        .collect();
    let ships = order
        .first()
        .map(|&k| ship_odds(s, &valued[k].outcome))
        .unwrap_or_default();
    Advice {
        decider,
        how,
        options,
        reference: valued.first().map_or(Action::Pass, |v| v.action),
        ships,
        best_by_model: Vec::new(),
        verdict: Verdict::Exact,
    }
}

/// Every player's value after an option: the rest of the voyage, the
/// decider's with the option's own cost and income (`ev`).
pub fn players(s: &State, outcome: &Outcome, ev: f64) -> Vec<f64> {
    let mut values = outcome.value[..s.players as usize].to_vec();
    if let Some(p) = s.decider() {
        values[p as usize] = ev;
    }
    values
}

/// Whether an option puts a worker whose pay `p_paid` reports.
pub fn pays_worker(s: &State, a: Action) -> bool {
    match s.phase {
        Phase::Placement { .. } => placed_mark(s, a) != Mark::None,
        Phase::Boarding { .. } => true,
        _ => false,
    }
}

/// Whether the pay `p_paid` follows is certain whatever the dice: taking
/// insurance is paid at once (R11); harbour berth X once X ships lie in the
/// harbour before it (R5: it may be taken then); shipyard berth X never
/// once no more ships are at sea than berths before it. (`Lost`, a worker
/// a strong pirate removed, is never an option's own mark; never paid.)
pub fn pay_certain(s: &State, a: Action) -> bool {
    let afloat = s
        .ships
        .iter()
        .filter(|ship| ship.at_sea().is_some())
        .count();
    match option_mark(s, a) {
        Mark::Insurance | Mark::Lost => true,
        Mark::Harbour(x) => s.harbour_count() > x as usize,
        Mark::Shipyard(x) => s.shipyard_count() + afloat <= x as usize,
        _ => false,
    }
}

/// Each ship's odds in an outcome.
pub fn ship_odds(s: &State, o: &Outcome) -> Vec<ShipOdds> {
    (0..SHIPS)
        .map(|i| ShipOdds {
            cargo: s.ships[i].cargo,
            p_harbour: o.harbour[i].clamp(0.0, 1.0),
            p_shipyard: (1.0 - o.harbour[i]).clamp(0.0, 1.0),
            p_plundered: o.plundered[i],
            stderr: None,
            dof: None,
        })
        .collect()
}
