//! The exact solver against numbers derived by hand from RULES.md.

use manila_odds::engine::exact;
use manila_odds::engine::values::{CASH, TIE};
use manila_odds::rules::{self, At, Cargo, Crew, Phase, State, Variant};
use manila_odds::{Action, Position};

/// 4 players; ships jade, silk, nutmeg; the state after `rolls` rolls with
/// nobody left to place (all passed), so only the dice decide.
fn dice_only(rolls: u8, spaces: [u8; 3], variant: Variant) -> State {
    let cargos = [Cargo::Jade, Cargo::Silk, Cargo::Nutmeg];
    let mut s = rules::voyage_start(4, 0, cargos, [3, 3, 3], variant);
    for (ship, x) in s.ships.iter_mut().zip(spaces) {
        ship.at = At::Sea(x);
    }
    s.rolls_done = rolls;
    s.round = rolls + 1;
    s
}

/// Ways to throw `sum` with `dice` dice, out of 6^dice.
fn sum_counts(dice: u32) -> Vec<u64> {
    let mut counts = vec![1u64];
    for _ in 0..dice {
        let mut next = vec![0u64; counts.len() + 6];
        for (s, &c) in counts.iter().enumerate() {
            for d in 1..=6 {
                next[s + d] += c;
            }
        }
        counts = next;
    }
    counts
}

fn p_sum_at_least(dice: u32, at_least: i64) -> f64 {
    let counts = sum_counts(dice);
    let hits: u64 = counts
        .iter()
        .enumerate()
        .filter(|(s, _)| *s as i64 >= at_least)
        .map(|(_, c)| c)
        .sum();
    hits as f64 / 6f64.powi(dice as i32)
}

#[test]
fn r2_r6_r9_single_ship_docks_when_space_plus_dice_reach_13() {
    for rolls_left in 1..=3u8 {
        for space in 0..=13u8 {
            let s = dice_only(3 - rolls_left, [space, 0, 0], Variant::default());
            let o = exact::outcome(&s, CASH);
            let want = p_sum_at_least(rolls_left as u32, 13 - space as i64);
            assert!(
                (o.harbour[0] - want).abs() < TIE,
                "space {space}, {rolls_left} rolls: {} vs {want}",
                o.harbour[0]
            );
        }
    }
}

#[test]
fn r9_thirteen_wrecks_needs_14() {
    let variant = Variant {
        strong_pirates: false,
        thirteen_wrecks: true,
    };
    for rolls_left in 1..=3u8 {
        for space in 0..=13u8 {
            let s = dice_only(3 - rolls_left, [space, 0, 0], variant);
            let o = exact::outcome(&s, CASH);
            let want = p_sum_at_least(rolls_left as u32, 14 - space as i64);
            assert!(
                (o.harbour[0] - want).abs() < TIE,
                "space {space}, {rolls_left} rolls"
            );
        }
    }
}

#[test]
fn r9_a_ship_on_13_after_roll_2_without_pirate_or_pilot_docks_for_sure() {
    let mut s = dice_only(2, [13, 4, 4], Variant::default());
    s.ships[0].crew = Crew::from_slice(&[1, 2]);
    let o = exact::outcome(&s, CASH);
    assert_eq!(o.harbour[0], 1.0);
    assert!((o.value[1] - 18.0).abs() < TIE && (o.value[2] - 18.0).abs() < TIE);
}

#[test]
fn r11_r13_one_roll_left_values_by_hand() {
    // Jade on 10 docks with a die of 3 or more: 4/6. Silk on 4 and nutmeg on 2
    // cannot. Player 1 on jade's seat gets 36 * 4/6 = 24; harbour A (player 2) is
    // paid 6 when jade docks: 4; shipyard A, B (player 3) see 2 or 3 wrecks: 6 + 8;
    // the insurer (player 0) pays 6 + 8 always, plus 15 when jade wrecks (2/6).
    let mut s = dice_only(2, [10, 4, 2], Variant::default());
    s.ships[0].crew = Crew::from_slice(&[1]);
    s.harbour[0] = Some(2);
    s.shipyard = [Some(3), Some(3), None];
    s.insurance = Some(0);
    let o = exact::outcome(&s, CASH);
    let want = [-(14.0 + 15.0 * 2.0 / 6.0), 24.0, 4.0, 14.0];
    for (p, (got, want)) in o.value.iter().zip(want).enumerate() {
        assert!((got - want).abs() < TIE, "player {p}: {got} vs {want}");
    }
}

#[test]
fn r8_r14_large_pilot_ties_go_to_the_first_move() {
    // Jade on 11, its only passenger holds the large pilot. +1 (to 12: docks with
    // any die but 1... no: 12 + 1 = 13 docks at roll 3 without pirates) and +2 (to
    // 13) both dock it for sure; +1 comes first in canonical order (R14).
    let mut s = dice_only(2, [11, 4, 2], Variant::default());
    s.ships[0].crew = Crew::from_slice(&[1]);
    s.large_pilot = Some(1);
    s.phase = Phase::LargePilot;
    let position = Position::from_parts(vec!["a".into(), "b".into(), "c".into(), "d".into()], s);
    let advice = exact::advise(position.state(), CASH);
    let names: Vec<String> = advice
        .options
        .iter()
        .take(2)
        .map(|o| o.action.to_string())
        .collect();
    assert_eq!(names, ["jade+1", "jade+2"]);
    assert!((advice.options[0].ev - 36.0).abs() < TIE);
    let none = advice.option(Action::PILOT_NONE).map(|o| o.ev);
    assert_eq!(
        none.map(|v| (v - 30.0).abs() < TIE),
        Some(true),
        "11 docks with 2..6: 5/6 of 36"
    );
}

#[test]
fn r10_r14_the_captain_sends_plunder_where_it_pays_the_captain() {
    // After roll 3 jade is on 13 with a pirate; silk and nutmeg docked. The captain
    // holds shipyard A: sending jade there pays 36 + 6, the harbour only 36.
    let mut s = dice_only(3, [13, 4, 2], Variant::default());
    s.ships[1].at = At::Harbour;
    s.ships[2].at = At::Harbour;
    s.pirates = [Some(3), None];
    s.shipyard[0] = Some(3);
    s.phase = Phase::Plunder;
    let advice = exact::advise(&s, CASH);
    let got: Vec<(String, f64)> = advice
        .options
        .iter()
        .map(|o| (o.action.to_string(), o.ev))
        .collect();
    assert_eq!(
        got,
        [
            ("jade:shipyard".to_string(), 42.0),
            ("jade:harbour".to_string(), 36.0)
        ]
    );
    assert_eq!(advice.ships[0].p_plundered, 1.0);
    assert_eq!(advice.ships[0].p_shipyard, 1.0);
    // Without the shipyard slot the two are tied: harbour comes first (R14).
    s.shipyard[0] = None;
    let advice = exact::advise(&s, CASH);
    assert_eq!(advice.options[0].action.to_string(), "jade:harbour");
}

#[test]
fn r13_option_values_count_cost_and_insurance_premium() {
    let json = r#"{"players": ["red", "blue", "green", "yellow"], "harbour_master": "red",
      "rolls_done": 2, "phase": "placement", "to_move": "red", "round": 3,
      "ships": [{"cargo": "jade", "position": 13, "crew": ["blue"]},
                {"cargo": "silk", "position": 12, "crew": []},
                {"cargo": "nutmeg", "position": 2, "crew": []}]}"#;
    let position = Position::from_json(json).expect("valid");
    let advice = exact::advise(position.state(), CASH);
    let ev = |name: &str| {
        advice
            .option(Action::parse(name).expect("name"))
            .map(|o| o.ev)
    };
    // Nutmeg on 2 wrecks for sure: insurance pays 10 and then 6 for shipyard A.
    assert_eq!(ev("insurance"), Some(4.0));
    // Jade docks for sure: harbour A pays 6 for 4; silk docks unless its die is 1
    // (13: docks without pirates), so harbour B pays 8 for 3.
    assert_eq!(ev("harbour:A"), Some(2.0));
    assert_eq!(ev("harbour:B"), Some(5.0));
    // Silk's first seat costs 3 and docks for sure: 30 - 3.
    assert_eq!(ev("ship:silk"), Some(27.0));
    // The p_paid of a seat is its ship's docking chance.
    assert_eq!(
        advice
            .option(Action::Seat(Cargo::Silk))
            .and_then(|o| o.p_paid),
        Some(1.0)
    );
    assert_eq!(
        advice.best().map(|o| o.action),
        Some(Action::Seat(Cargo::Silk))
    );
}
