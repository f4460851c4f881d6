//! A plain heuristic player, as a typical human plays: each placement is
//! judged by a rule of thumb, its expected pay from the ships' chances of
//! docking alone (each ship on its own, the dice still to come, no pilot, no
//! one else placing) less its cost; it passes when nothing looks worth its
//! price. Seats on ships ahead look good; dear slots late look bad. The
//! decisions after the placements (boarding, pilots, plunder), which a player
//! at the table sees through, it takes as the exact `none` solver does.

use super::policy::{Ask, Fault, LayoutAsk, Maker, Policy};
use crate::engine::exact::Solver;
use crate::engine::values::{TIE, Valuation};
use crate::rules::{self, Action, At, Berth, DIE_SIDES, Layout, Phase, State, TRACK_END};

/// The heuristic player (`heuristic`).
pub struct Heuristic;

impl Maker for Heuristic {
    fn name(&self) -> String {
        "heuristic".to_string()
    }

    fn pure(&self) -> bool {
        true
    }

    fn make(&self) -> Result<Box<dyn Policy>, Fault> {
        Ok(Box::new(HeuristicPolicy {
            solver: Solver::with(Valuation::default()),
        }))
    }
}

struct HeuristicPolicy {
    solver: Solver,
}

impl Policy for HeuristicPolicy {
    fn decide(&mut self, ask: &Ask) -> Result<Action, Fault> {
        let s = ask.position.state();
        let chosen = match s.phase {
            Phase::Placement { .. } => Some(placement(s, ask.options)),
            _ => {
                self.solver.trim(20_000);
                self.solver.best_action(s)
            }
        };
        chosen.filter(|a| ask.options.contains(a)).ok_or(Fault {
            policy: "heuristic".to_string(),
            request: None,
            answer: None,
            why: "no legal choice".to_string(),
        })
    }

    fn layout(&mut self, ask: &LayoutAsk) -> Result<Layout, Fault> {
        // The harbour master loads the first layout offered, as a casual player.
        ask.options.first().copied().ok_or(Fault {
            policy: "heuristic".to_string(),
            request: None,
            answer: None,
            why: "no layout offered".to_string(),
        })
    }
}

/// The option of highest rule-of-thumb value; pass (0) unless one is better
/// by more than a coin (ties to the first, R14).
fn placement(s: &State, options: &[Action]) -> Action {
    let mut best = (Action::Pass, 0.5);
    for &a in options {
        let v = rule_of_thumb(s, a);
        if v > best.1 + TIE {
            best = (a, v);
        }
    }
    best.0
}

/// Expected pay of placement `a` less its cost, from the ships' chances alone.
pub fn rule_of_thumb(s: &State, a: Action) -> f64 {
    let docks: Vec<f64> = s.ships.iter().map(|ship| dock_chance(s, ship.at)).collect();
    let docked_at_least = |k: usize| at_least(&docks, k);
    let wrecked_at_least = |k: usize| {
        let wrecks: Vec<f64> = docks.iter().map(|p| 1.0 - p).collect();
        at_least(&wrecks, k)
    };
    let cost = rules::action_cost(s, a) as f64;
    let pay = match a {
        Action::Seat(c) => s.ship_index(c).map_or(0.0, |i| {
            let ship = &s.ships[i];
            docks[i] * c.profit() as f64 / (ship.crew.len() + 1) as f64
        }),
        Action::Harbour(b) => b.reward() as f64 * docked_at_least(b.index() + 1),
        Action::Shipyard(b) => b.reward() as f64 * wrecked_at_least(b.index() + 1),
        Action::Insurance => {
            let claims: f64 = Berth::ALL
                .iter()
                .map(|b| b.reward() as f64 * wrecked_at_least(b.index() + 1))
                .sum();
            rules::INSURANCE_PREMIUM as f64 - claims
        }
        // A pirate hopes for a ship on 13 after roll 3, half its cargo.
        Action::Pirate => {
            let thirteen: f64 = s
                .ships
                .iter()
                .map(|ship| thirteen_chance(s, ship.at) * ship.cargo.profit() as f64 / 2.0)
                .sum();
            thirteen
        }
        // A pilot is worth a little, less the later it is bought.
        Action::SmallPilot | Action::LargePilot => 2.0 * rolls_left(s) as f64,
        _ => 0.0,
    };
    pay - cost
}

fn rolls_left(s: &State) -> u8 {
    rules::ROLLS - s.rolls_done
}

/// The chance that the dice still to come take a ship from `at` into the
/// harbour (past 13, or onto 13 with no pirate waiting).
fn dock_chance(s: &State, at: At) -> f64 {
    let x = match at {
        At::Sea(x) => x as usize,
        At::Harbour => return 1.0,
        At::Shipyard => return 0.0,
    };
    let sums = dice_sums(rolls_left(s));
    let total: f64 = sums.iter().sum();
    let need = (TRACK_END as usize + 1).saturating_sub(x);
    let past: f64 = sums.iter().skip(need).sum();
    let on_13 = sums.get(need - 1).copied().unwrap_or(0.0);
    let thirteen_docks = if s.pirate_count() == 0 { 1.0 } else { 0.0 };
    (past + on_13 * thirteen_docks) / total
}

/// The chance that a ship from `at` ends exactly on 13.
fn thirteen_chance(s: &State, at: At) -> f64 {
    let At::Sea(x) = at else { return 0.0 };
    let sums = dice_sums(rolls_left(s));
    let total: f64 = sums.iter().sum();
    let need = (TRACK_END as usize).saturating_sub(x as usize);
    sums.get(need).copied().unwrap_or(0.0) / total
}

/// Ways to throw each total with `rolls` dice, by total.
fn dice_sums(rolls: u8) -> Vec<f64> {
    let mut ways = vec![1.0];
    for _ in 0..rolls {
        let mut next = vec![0.0; ways.len() + DIE_SIDES as usize];
        for (t, &w) in ways.iter().enumerate() {
            for d in 1..=DIE_SIDES as usize {
                next[t + d] += w;
            }
        }
        ways = next;
    }
    ways
}

/// The chance that at least `k` of independent events happen.
fn at_least(p: &[f64], k: usize) -> f64 {
    let mut dist = vec![1.0];
    for &q in p {
        let mut next = vec![0.0; dist.len() + 1];
        for (n, &w) in dist.iter().enumerate() {
            next[n] += w * (1.0 - q);
            next[n + 1] += w * q;
        }
        dist = next;
    }
    dist.iter().skip(k).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Cargo, Variant};

    fn start() -> State {
        let cargos = [Cargo::Jade, Cargo::Silk, Cargo::Ginseng];
        rules::voyage_start(4, 0, cargos, [5, 4, 0], Variant::default())
    }

    #[test]
    fn r6_dice_sums_count_every_throw() {
        assert_eq!(dice_sums(3).iter().sum::<f64>(), 216.0);
        assert_eq!(dice_sums(1)[1..], [1.0; 6]);
    }

    /// Seats on ships ahead look better; a ship that cannot dock looks worthless.
    #[test]
    fn seats_on_ships_ahead_look_better() {
        let s = start();
        let jade = rule_of_thumb(&s, Action::Seat(Cargo::Jade));
        let ginseng = rule_of_thumb(&s, Action::Seat(Cargo::Ginseng));
        // Jade on 5 needs 9 in three dice, ginseng on 0 needs 14: far less likely.
        assert!(jade > ginseng, "{jade} vs {ginseng}");
        let mut late = s;
        late.rolls_done = 2;
        late.ships[2].at = At::Sea(3);
        assert!(rule_of_thumb(&late, Action::Seat(Cargo::Ginseng)) < 0.0);
    }

    #[test]
    fn at_least_counts_independent_ships() {
        assert!((at_least(&[0.5, 0.5], 1) - 0.75).abs() < 1e-12);
        assert!((at_least(&[0.5, 0.5], 2) - 0.25).abs() < 1e-12);
        assert_eq!(at_least(&[0.3], 0), 1.0);
    }
}
