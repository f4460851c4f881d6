//! A whole voyage played through `apply` and `session`, checked against numbers
//! worked out by hand from the rules, and events refused with their reasons.

mod common;

use manila_odds::Position;
use manila_odds::parse::events::{self, Outcome};
use manila_odds::rules::{At, Cargo, Phase};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn start() -> Position {
    let text =
        std::fs::read_to_string(format!("{ROOT}/tests/data/voyage-start.json")).expect("start");
    Position::from_json(&text).expect("valid start")
}

fn script() -> Vec<String> {
    let text = std::fs::read_to_string(format!("{ROOT}/tests/data/voyage.script")).expect("script");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

fn going(outcome: Outcome) -> Position {
    match outcome {
        Outcome::Going(p) => p,
        Outcome::Settled(_) => panic!("the voyage ended early"),
    }
}

fn after(events: usize) -> Position {
    going(events::apply_all(&start(), &script()[..events]).expect("legal events"))
}

#[test]
fn r4_r5_the_rounds_and_rolls_follow_the_rules() {
    // After round 1 the first roll is due (4 players, R4).
    let p = after(4);
    assert_eq!(p.state().phase, Phase::Roll);
    // Roll 1: 2+5, 3+4, 4+3; round 2 begins with the harbour master.
    let p = after(5);
    assert_eq!(p.state().ships.map(|s| s.at), [At::Sea(7); 3]);
    assert_eq!(
        (p.state().round, p.state().phase),
        (2, Phase::Placement { to_move: 0 })
    );
    // Roll 2: jade and silk on 13 with a pirate waiting: boarding (R7).
    let p = after(10);
    assert_eq!(
        p.state().ships.map(|s| s.at),
        [At::Sea(13), At::Sea(13), At::Sea(9)]
    );
    assert_eq!(
        p.state().phase,
        Phase::Boarding {
            next: 0,
            boarded: [0; 3]
        }
    );
    // The captain boards silk's cheapest free seat; round 3 begins with red.
    let p = after(11);
    assert_eq!(p.state().ships[1].crew.iter().collect::<Vec<_>>(), [1, 3]);
    assert_eq!(p.state().pirate_count(), 0);
    assert_eq!(p.state().phase, Phase::Placement { to_move: 0 });
    // After round 3 the large pilot (red) decides (R8): no small pilot is held.
    let p = after(15);
    assert_eq!(p.state().phase, Phase::LargePilot);
    // Jade moved past 13 docks at once; roll 3 is due.
    let p = after(16);
    assert_eq!(
        (p.state().ships[0].at, p.state().phase),
        (At::Harbour, Phase::Roll)
    );
}

#[test]
fn r9_r11_r12_the_settlement_matches_the_hand_count() {
    let Outcome::Settled(v) = events::apply_all(&start(), &script()).expect("legal events") else {
        panic!("the voyage is over after roll 3");
    };
    // Jade (36) docked with red and blue: 18 each. Silk (30) docked with blue and
    // yellow (the boarded pirate): 15 each. Nutmeg (11 after roll 3) is wrecked:
    // red's seat is unpaid. Harbour A and B (green) pay 6 + 8 for two ships;
    // shipyard A (green) pays 6 for one wreck, paid by the insurer (yellow);
    // shipyard B (yellow) needs two wrecks.
    assert_eq!(v.settlement.payouts[..4], [18, 18 + 15, 6 + 8 + 6, 15 - 6]);
    assert_eq!(
        (v.settlement.claims, v.settlement.claims_to_players),
        (6, 6)
    );
    let price = |c: Cargo| v.prices[c.index()];
    assert_eq!(
        (price(Cargo::Jade), price(Cargo::Silk), price(Cargo::Nutmeg)),
        (5, 5, 0)
    );
}

#[test]
fn illegal_events_are_refused_with_the_reason() {
    let p = start();
    let refused = |text: &str| {
        let err = events::apply_all(&p, &[text.to_string()]).expect_err(text);
        err.to_string()
    };
    assert!(refused("blue ship:jade").contains("it is red's decision"));
    assert!(refused("roll 1 2 3").contains("no roll is due"));
    assert!(refused("mauve pass").contains("'mauve' is not a player"));
    assert!(refused("ship:tea").contains("'ship:tea' is not an action"));
    assert!(refused("stay").contains("not legal here"));
    let due = after(4);
    let err = events::apply_all(&due, &["roll 7 1 1".to_string()]).expect_err("a 7");
    assert!(err.to_string().contains("a die shows 1 to 6, found '7'"));
    let err = events::apply_all(&due, &["red pass".to_string()]).expect_err("roll due");
    assert!(err.to_string().contains("roll 1 is due"));
}

fn session(args: &[&str], input: &str) -> String {
    common::run_ok(args, Some(input))
}

#[test]
fn a_scripted_session_plays_the_whole_voyage() {
    let script =
        std::fs::read_to_string(format!("{ROOT}/tests/data/voyage.script")).expect("script");
    let out = session(&["session", "tests/data/voyage-start.json"], &script);
    // The board and the advice after the first event, the roll prompt, the end.
    assert!(
        out.contains("red to decide: placement round 1, before roll 1"),
        "{out}"
    );
    assert!(out.contains("> red ship:jade\nManila voyage"), "{out}");
    assert!(out.contains("Roll 1 is due"), "{out}");
    assert!(
        out.contains("yellow to decide: boarding, after roll 2"),
        "{out}"
    );
    let tail = &out[out.find("The voyage is over.").expect("settled")..];
    for line in [
        "jade     docked in the harbour",
        "nutmeg   wrecked, in the shipyard",
        "red        +18",
        "blue       +33",
        "green      +20",
        "yellow     +9",
        "Price rises: jade 0 -> 5, silk 0 -> 5",
    ] {
        assert!(tail.contains(line), "{line:?} not in\n{tail}");
    }
}

#[test]
fn a_session_refuses_bad_events_and_undoes() {
    let out = session(
        &["session", "tests/data/voyage-start.json"],
        "blue ship:jade\nred ship:jade\nundo\nundo\nquit\nred pass\n",
    );
    assert!(
        out.contains("error: event 'blue ship:jade': it is red's decision"),
        "{out}"
    );
    assert!(out.contains("error: nothing to undo"), "{out}");
    assert!(
        !out.contains("> red pass"),
        "input after quit is not read: {out}"
    );
}
