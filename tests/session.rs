//! A whole voyage played through `apply` and `session`, checked against numbers
//! worked out by hand from the rules, and events refused with their reasons.

mod common;

use manila_odds::Position;
use manila_odds::parse::events::{self, Outcome};
use manila_odds::rules::{self, Action, At, Cargo, Phase};

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

/// Why `text` is refused at `p`; panics when it is played.
fn refusal(p: &Position, text: &str) -> String {
    let err = events::apply_all(p, &[text.to_string()]).expect_err(text);
    err.to_string()
}

fn notation(text: &str) -> Position {
    manila_odds::parse::notation::parse(text).expect("a valid notation")
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

/// `apply --json` lists the settlement item by item (R10, R11): each claim
/// with whom it is paid to, summing to the payouts, and the cash after it,
/// the bank covering what an insurer short of cash cannot pay (R5, R11).
#[test]
fn r11_apply_json_itemises_the_settlement_and_the_cash_after_it() {
    let pos = "r*,b,g,y 2:large J13:r S12:b N2:g X:y l:r i:g Y:b $r1,b2,g3,y4";
    let out = common::run_ok(
        &["apply", "--json", "--pos", pos, "r silk+1", "roll 1 2 3"],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let items: Vec<String> = v["receipts"]
        .as_array()
        .expect("receipts")
        .iter()
        .map(|r| {
            let what = [&r["cargo"], &r["berth"], &r["to"]]
                .iter()
                .filter_map(|x| x.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            format!(
                "{} {} {} {what}",
                r["player"].as_str().unwrap_or("?"),
                r["amount"],
                r["for"].as_str().unwrap_or("?")
            )
        })
        .collect();
    // Jade docks with r, silk with b (the large pilot's +1), nutmeg is
    // wrecked: shipyard A (b) is paid 6, by the insurer g.
    assert_eq!(
        items,
        [
            "r 36 seat jade",
            "b 30 seat silk",
            "b 6 shipyard A",
            "g -6 claim A b"
        ]
    );
    // A plunder said with spaces for its colons is the plunder (R10).
    let both = "r*,b,g,y 2:roll J12:r.b S12:b N2:g X:y,y";
    let at_plunder =
        going(events::apply_all(&notation(both), &["roll 1 1 1".into()]).expect("roll"));
    let strict = events::parse(&at_plunder, "jade:harbour,silk:shipyard").expect("strict");
    for typed in ["j h s y", "j h, s y", "jade harbour,silk shipyard"] {
        assert_eq!(
            events::parse(&at_plunder, typed).expect(typed),
            strict,
            "{typed}"
        );
    }
    // A plunder that reads as none names its token at fault (R10).
    for (typed, why) in [
        (
            "j d s y",
            "'d' is not a destination: harbour (h) or shipyard (y)",
        ),
        ("j:h,s:q", "'q' is not a destination"),
        (
            "j h x y",
            "'x' is not a cargo: jade, silk, ginseng or nutmeg",
        ),
        ("j h s", "'s' names no destination: a plunder is pairs"),
    ] {
        let err = refusal(&at_plunder, typed);
        assert!(err.contains(why), "{typed}: {err}");
        assert!(err.contains("legal: jade:harbour,silk:harbour"), "{err}");
    }
    // So is a misspelt cargo in a plunder typed strictly.
    let err = refusal(&at_plunder, "jad:harbour,silk:shipyrd");
    assert!(err.contains("'jad' is not a cargo"), "{err}");
    // Words of another action are no plunder: they get the usual refusal.
    let err = refusal(&at_plunder, "harbour d");
    assert!(err.contains("'harbour d' is not an action"), "{err}");
    // One pirate in both slots takes each plunder twice (R10).
    let out = common::run_bin(&["apply", "--pos", both, "roll 1 1 1", "j:h,s:y"], None);
    let table = text(&out.stdout);
    assert!(
        table.contains("  y           +66  jade plundered 18+18, silk plundered 15+15\n"),
        "{table}"
    );
    for (name, payout) in [("r", 36), ("b", 36), ("g", -6), ("y", 0)] {
        assert_eq!(v["payouts"][name], payout, "{name}");
    }
    // g holds 3 and no share: pays 3, and the bank the other 3.
    assert_eq!(v["insurance_bank_covers"], 3);
    let cash = &v["cash_after"];
    assert_eq!(
        (&cash["r"], &cash["b"], &cash["g"], &cash["y"]),
        (&37.into(), &38.into(), &0.into(), &4.into())
    );
}

#[test]
fn illegal_events_are_refused_with_the_reason() {
    let p = start();
    let refused = |text: &str| refusal(&p, text);
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
    let err = events::apply_all(&due, &["clear".to_string()]).expect_err("no action");
    let expected = "'clear' is not an action (roll 1 is due, e.g. 'roll 3 5 2')";
    assert!(err.to_string().contains(expected), "{err}");
}

#[test]
fn r5_a_player_who_passed_is_told_so_and_a_named_command_is_refused_as_a_command() {
    let input = "red pass\nblue ship:jade\ngreen ship:silk\nyellow ship:ginseng\n\
                 roll 1 1 1\nred ship:jade\nred undo\n";
    let out = run_bytes(&["session", START], input.as_bytes());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("'red ship:jade': red has passed and places no more workers"),
        "{stderr}"
    );
    assert!(
        stderr.contains("'undo' is a command, not an action: type it alone"),
        "{stderr}"
    );
}

#[test]
fn a_player_named_like_an_abbreviated_action_is_read_as_the_player() {
    let p = manila_odds::parse::notation::parse("ins*,pas,non,pir 0:ins J2 S3 G4").expect("valid");
    let line = |text: &str| vec![text.to_string()];
    let p = going(events::apply_all(&p, &line("ins ship:j")).expect("ins is a player"));
    assert_eq!(p.state().ships[0].crew.iter().collect::<Vec<_>>(), [0]);
    let p = going(events::apply_all(&p, &line("pas ins")).expect("pas is a player"));
    assert_eq!(p.state().insurance, Some(1));
    // Alone, the word is still the action.
    let p = going(events::apply_all(&p, &line("pass")).expect("non passes"));
    assert!(p.state().has_passed(2));
}

#[test]
fn a_word_that_is_a_player_s_name_is_the_player_even_alone() {
    let p = notation(r#"pass*,roll,ins,"Anna B" 0:pass J2 S3 G4"#);
    // `ins` is a player, and `pass` decides: no insurance taken for `pass`.
    let err = refusal(&p, "ins");
    assert!(
        err.contains("'ins' is a player, not an action; pass decides now"),
        "{err}"
    );
    let err = refusal(&p, "pass");
    assert!(err.contains("an action must follow pass (e.g."), "{err}");
    // `roll` with no dice, and no roll due, is the player `roll`.
    let p = going(events::apply_all(&p, &["pass pass".to_string()]).expect("pass passes"));
    let err = refusal(&p, "roll");
    assert!(err.contains("an action must follow roll (e.g."), "{err}");
    let p = going(events::apply_all(&p, &["roll ins".to_string()]).expect("roll insures"));
    assert_eq!(p.state().insurance, Some(1));
}

#[test]
fn an_event_after_which_cash_passes_what_a_position_holds_is_refused() {
    let refused = |pos: &str, event: &str| refusal(&notation(pos), event);
    // Insurance pays 10 at once (R5): 2147483647 + 10 would be written out,
    // then refused when read back.
    let err = refused("r*,b,g,y 0:r J2 S3 G4 $r2147483647", "r ins");
    assert!(
        err.contains("r's cash would reach 2147483657: a position holds at most 2147483647"),
        "{err}"
    );
    // The settlement's payouts count too: jade docks, and a, its only
    // passenger, takes its 36 (R1, R11).
    let err = refused("a*,b,c,d 2:roll J13:a S12 G13:b $a2147483640", "roll 1 1 1");
    assert!(err.contains("a's cash would reach 2147483676"), "{err}");
    let p = notation("r*,b,g,y 0:r J2 S3 G4 $r2147483637");
    let next = going(events::apply_all(&p, &["r ins".to_string()]).expect("10 more fits"));
    assert_eq!(next.state().cash[0], Some(2147483647));
}

#[test]
fn r6_r9_the_last_roll_says_where_the_dice_left_the_ships_before_resolution() {
    let input = "r pass\nb pass\ng pass\ny pass\nroll 6 6 6\nroll 111\nroll 6 1 2\n";
    let out = run_bytes(
        &[
            "session",
            "--me",
            "y",
            "--future",
            "none",
            "--pos",
            "r*,b,g,y 0:r J2 S3 G4",
        ],
        input.as_bytes(),
    );
    let said = text(&out.stdout);
    // Ginseng on 13 docks with no pirate (R9) after it is shown on 13.
    for line in [
        "roll 1 1 1: jade 9, silk 10, ginseng 11.",
        "roll 6 1 2: jade docked, silk 11, ginseng 13.",
    ] {
        assert!(said.contains(line), "{line}\n{said}");
    }
}

#[test]
fn words_typed_apart_are_quoted_as_typed() {
    let p = start();
    let refused = |text: &str| refusal(&p, text);
    assert!(refused("red pass pass").contains("'pass pass' is not an action"));
    // Players r, b, g, y: a colour typed whole is offered its initial.
    let p = notation("r*,b,g,y 0:r J2 S3 G4");
    let err = refusal(&p, "red ship:j");
    assert!(
        err.ends_with("'red' is not a player (r, b, g, y); did you mean r?"),
        "{err}"
    );
    let err = refused("red harbour d");
    assert!(
        err.contains("'harbour d' is not an action; did you mean harbour:A"),
        "{err}"
    );
    // 'harbor' is read as 'harbour', in suggestions too.
    let err = refused("harbor");
    assert!(
        err.contains("'harbor' is not an action; did you mean harbour:A"),
        "{err}"
    );
    let err = refused("red harbor d");
    assert!(
        err.contains("'harbor d' is not an action; did you mean harbour:A"),
        "{err}"
    );
    // Before dice, 'roll' mistyped is offered as well as the player r.
    let err = refusal(&notation("r*,b,g,y 0:r J2 S3 G4"), "rol 1 2 3");
    assert!(
        err.ends_with("'rol' is not a player (r, b, g, y); did you mean roll or r?"),
        "{err}"
    );
    // Two words that are one action said apart are that action.
    let p = start();
    // Without a name, a first word that begins an action is a mistyped
    // action, not a mistyped name.
    let err = refusal(&p, "harbour d");
    assert!(
        err.contains("'harbour d' is not an action; did you mean harbour:A"),
        "{err}"
    );
    // So is one with more words that make no action after it.
    let err = refusal(&p, "harbour d x");
    assert!(err.contains("'harbour d x' is not an action"), "{err}");
    // But a name of several words that begins so is a name mistyped.
    let pilot = notation(r#""pilot joe"*,b,g 0:"pilot joe" J2 S3 G4"#);
    let err = refusal(&pilot, "pilot jeo ship:jade");
    assert!(err.contains("did you mean pilot joe?"), "{err}");
    // A name of two words alone is the player, not an action said apart.
    let named = notation(r#""h a"*,b,g 0:"h a" J2 S3 N4"#);
    let err = refusal(&named, "h a");
    assert!(err.contains("an action must follow h a"), "{err}");
    // R7: a strong pirate's removal said apart.
    let strong = notation(
        "red,blue,green*,yellow 2:board J13:green.red.blue.green S9:yellow N8 H:blue \
         X:yellow,red +strong",
    );
    for (typed, strict) in [
        ("board j/remove 1", "board:jade/remove:1"),
        ("board:j remove:1", "board:jade/remove:1"),
        ("yellow board j remove 1", "yellow board:jade/remove:1"),
    ] {
        let one = events::parse(&strong, typed).expect(typed);
        assert_eq!(
            one,
            events::parse(&strong, strict).expect(strict),
            "{typed}"
        );
    }
    for (typed, action) in [
        ("red harbour a", "red harbour:A"),
        ("ship j", "ship:jade"),
        ("red pilot small", "red pilot:small"),
    ] {
        let one = events::parse(&p, typed).expect(typed);
        let strict = events::parse(&p, action).expect(action);
        assert_eq!(one, strict, "{typed}");
    }
    // Dice with commas are dice.
    let due = after(4);
    for typed in ["roll 1 ,2,3", "roll 1,2,3,"] {
        events::apply_all(&due, &[typed.to_string()]).expect(typed);
    }
    let p = going(events::apply_all(&due, &["roll 1,2,3".to_string()]).expect("three dice"));
    let spaces = after(4).state().ships.map(|s| s.at);
    let moved = p.state().ships.map(|s| s.at);
    for (k, (before, now)) in spaces.iter().zip(moved).enumerate() {
        match (before, now) {
            (At::Sea(b), At::Sea(n)) => assert_eq!(n, b + 1 + k as u8),
            _ => panic!("{before:?} {now:?}"),
        }
    }
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
        // Item by item (R11): green's harbour A and B and shipyard A, and
        // yellow, the insurer, paying green's shipyard A.
        "  red         +18  jade seat 18\n",
        "  blue        +33  jade seat 18, silk seat 15\n",
        "  green       +20  harbour A 6, shipyard A 6, harbour B 8\n",
        "  yellow       +9  silk seat 15, claim to green -6 (shipyard A)\n",
        "Price rises: jade 0 -> 5, silk 0 -> 5",
    ] {
        assert!(tail.contains(line), "{line:?} not in\n{tail}");
    }
}

#[test]
fn a_session_refuses_bad_events_and_undoes() {
    // Issue 15: refused lines go to standard error with their line number, and
    // a piped session with a refused line exits with status 2.
    let out = common::run_bin(
        &["session", "tests/data/voyage-start.json"],
        Some("blue ship:jade\nred ship:jade\nundo\nundo\nquit\nred pass\n"),
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("error: line 1: event 'blue ship:jade': it is red's decision"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: line 4: nothing to undo"),
        "{stderr}"
    );
    assert!(
        !stdout.contains("> red pass"),
        "input after quit is not read: {stdout}"
    );
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A 4-player voyage start: red is harbour master and places first.
const START: &str = "tests/data/voyage-start.json";

#[test]
fn a_piped_session_plays_every_line_but_the_refused_ones_and_exits_2() {
    let mut input = b"red ship:jade\nblue ship:tea\nblue ship:silk\n".to_vec();
    input.extend_from_slice(b"\xff\xfe not text\n");
    input.extend_from_slice(b"green harbour:A\nshow\n");
    let out = run_bytes(&["session", START, "--me", "yellow"], &input);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("error: line 2: event 'blue ship:tea'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: line 4: the line is not UTF-8 text"),
        "{stderr}"
    );
    assert!(stderr.contains("2 lines refused"), "{stderr}");
    // Nothing of a refusal on standard output; the lines after it were played.
    assert!(!stdout.contains("error"), "{stdout}");
    assert!(stdout.contains("seats 3:blue"), "{stdout}");
    assert!(stdout.contains("Harbour   A:green"), "{stdout}");
}

/// Runs the binary on raw bytes (a line may be no UTF-8).
fn run_bytes(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_manila-odds"))
        .args(args)
        .current_dir(ROOT)
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || pipe.write_all(&input));
    let out = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("writer").ok();
    out
}

#[test]
fn me_gets_the_board_and_advice_only_when_deciding() {
    let out = session(
        &["session", START, "--me", "green"],
        "red ship:jade\nblue ship:silk\ngreen harbour:A\n",
    );
    // One line for each of the others' events, saying who is next.
    assert!(
        out.contains("red ship:jade. Now blue to place (round 1, before roll 1).\n"),
        "{out}"
    );
    assert!(out.contains("blue ship:silk.\nManila voyage"), "{out}");
    assert_eq!(out.matches("Manila voyage").count(), 1, "{out}");
    assert_eq!(out.matches("green to decide").count(), 1, "{out}");
    assert!(
        out.contains("green harbour:A. Now yellow to place"),
        "{out}"
    );
    // The start, when someone else decides, is one line too.
    assert!(
        out.starts_with("Now red to place (round 1, before roll 1).\n"),
        "{out}"
    );
}

#[test]
fn the_model_changes_inside_the_session() {
    let out = session(
        &[
            "session",
            "--pos",
            "r*,b,g,y 2:r J10:b S9 N8:y",
            "--top",
            "3",
            "--future",
            "round",
        ],
        "advise greedy\nadvise --future equilibrium\nmodel greedy\nmodel\nadvise\n",
    );
    let methods: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with("future ") || l.contains("; future "))
        .collect();
    // The start's advice, then advise greedy, equilibrium, and the new model.
    assert_eq!(methods.len(), 4, "{out}");
    assert!(methods[0].contains("future round"), "{methods:?}");
    assert!(methods[1].contains("future greedy"), "{methods:?}");
    assert!(methods[2].contains("equilibrium"), "{methods:?}");
    assert!(methods[3].contains("future greedy"), "{methods:?}");
    assert!(
        out.contains("Every later advice is under the model greedy."),
        "{out}"
    );
    assert!(out.contains("The model is greedy"), "{out}");
    let refused = common::run_bin(
        &["session", "--pos", "r*,b,g,y 2:r J10:b S9 N8:y"],
        Some("model greedie\n"),
    );
    assert!(
        text(&refused.stderr).contains(
            "'greedie' is not a model (none, greedy, round, paranoid, auto, equilibrium, quantal); did you mean greedy?"
        ),
        "{}",
        text(&refused.stderr)
    );
}

#[test]
fn undo_says_what_it_undid_and_pos_prints_the_notation() {
    let out = session(
        &["session", START, "--me", "yellow"],
        "red ship:jade\nundo\npos\n",
    );
    assert!(
        out.contains("Undid 'red ship:jade'. Now red to place (round 1, before roll 1)."),
        "{out}"
    );
    assert!(
        out.contains("> pos\nred*,blue,green,yellow 0:red J2 S3 N4\n"),
        "{out}"
    );
    // The event before the one undone is not said again, as if just played.
    let out = session(
        &["session", START, "--future", "none", "--me", "yellow"],
        "red ship:jade\nblue ship:silk\ngreen ship:nutmeg\nyellow pirate\nundo\n",
    );
    let undone = &out[out.find("Undid 'yellow pirate'").expect("undone")..];
    assert!(!undone.contains("green ship:nutmeg"), "{undone}");
}

#[test]
fn events_are_read_as_a_player_types_them() {
    // Case, cargo initials, a roll with a die per ship at sea only.
    let out = session(
        &[
            "session",
            "--pos",
            "r*,b,g,y 2:large JD:r S12:b N2:g X:y l:r",
        ],
        "R N+1, S+1\nroll 1 2\n",
    );
    assert!(out.contains("The voyage is over."), "{out}");
    assert!(out.contains("silk     docked in the harbour"), "{out}");
    // The same words through apply, which shares the parser.
    let applied = common::run_ok(
        &[
            "apply",
            "--pos",
            "r*,b,g,y 2:large JD:r S12:b N2:g X:y l:r",
            "r n+1,s+1",
            "roll 12",
        ],
        None,
    );
    assert!(
        applied.contains("silk     docked in the harbour"),
        "{applied}"
    );
    // R6: a die short is told how many; three are asked for only when a
    // ship is docked (its die is then ignored).
    let err = |pos: &str, roll: &str| {
        let out = common::run_bin(&["apply", "--pos", pos, roll], None);
        text(&out.stderr)
    };
    let all_at_sea = err("r*,b,g,y 1:roll J8:r.b S9:g N8", "roll 1 2");
    assert!(
        all_at_sea.ends_with("one die per ship at sea (jade, silk, nutmeg), found 2\n"),
        "{all_at_sea}"
    );
    // Dice while a player decides are refused as such, however many.
    let early = err("r*,b,g,y 1:g J7:r.b S9 G2", "roll 1 2");
    assert!(
        early.ends_with("no roll is due: g decides (placement round 2)\n"),
        "{early}"
    );
    let docked = err("r*,b,g,y 2:roll JD:r.b S9:g N8", "roll 1");
    assert!(
        docked.ends_with(
            "(silk, nutmeg: 2; or 3 in ship order, a docked ship's die ignored), found 1\n"
        ),
        "{docked}"
    );
    let out = common::run_bin(&["apply", START, "pirtae"], None);
    assert!(
        text(&out.stderr).contains("'pirtae' is not an action; did you mean pirate?"),
        "{}",
        text(&out.stderr)
    );
    let out = common::run_bin(&["apply", START, "rde ship:j"], None);
    assert!(
        text(&out.stderr).contains("did you mean red?"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_number_takes_that_row_of_the_last_advice() {
    let out = session(&["session", START], "1\n");
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("Recommendation: red should take "))
        .and_then(|l| l.split(' ').next())
        .expect("a recommendation")
        .to_string();
    let took = session(&["session", START], &format!("{best}\n"));
    // Row 1 and the best option typed out lead to the same board.
    let after = |t: &str| {
        t[t.find("> ").expect("echo")..]
            .lines()
            .skip(1)
            .take(12)
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(after(&out), after(&took));
    let out = common::run_bin(&["session", START, "--me", "yellow"], Some("1\n"));
    assert!(
        text(&out.stderr).contains("no advice shown for this decision"),
        "{}",
        text(&out.stderr)
    );
    // A row left out by --top cannot be taken by its number.
    let out = common::run_bin(&["session", START, "--top", "3"], Some("5\n"));
    assert!(
        text(&out.stderr).contains("the last advice shows rows 1 to 3 (--top 3), not 5"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn r6_with_the_dice_due_a_number_is_no_row_and_the_refusal_says_what_is_due() {
    // Four placements, one each: roll 1 is due and nobody decides, so
    // 'advise' would be refused too; the three digits may be the dice.
    let lines = "r ins\nb pirate\ng harbour:a\ny ship:j\n524\n";
    let out = common::run_bin(&["session", "--layout", "r*,b,g,y J2 S3 G4"], Some(lines));
    let err = text(&out.stderr);
    assert!(
        err.contains("'524' takes a row of advice, but nobody decides now: roll 1 is due"),
        "{err}"
    );
    assert!(err.contains("For dice, 'roll 524'."), "{err}");
    assert!(!err.contains("'advise' shows it"), "{err}");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_end_of_a_voyage_gives_each_profit_then_new_or_quit() {
    let mut script =
        std::fs::read_to_string(format!("{ROOT}/tests/data/voyage.script")).expect("script");
    script += "new\nblue S3 G3 N3\npos\nquit\nred pass\n";
    let out = session(&["session", START], &script);
    let tail = &out[out.find("The voyage is over.").expect("settled")..];
    // R13: red paid 3 (jade), 5 (large pilot) and 2 (nutmeg), received 18.
    for line in [
        "red        +8",
        "blue       +26",
        "green      +9",
        "yellow     +11",
    ] {
        assert!(tail.contains(line), "{line:?} not in\n{tail}");
    }
    assert!(
        unwrapped(tail).contains("'bid' values the auction for the next one (R16)"),
        "{tail}"
    );
    assert!(
        unwrapped(tail).contains("'new J2 S3 G4' starts it"),
        "{tail}"
    );
    // The next voyage: blue is harbour master; prices rose (R12).
    assert!(
        tail.contains("red,blue*,green,yellow 0:blue S3 G3 N3 ^J5,S5"),
        "{tail}"
    );
    assert!(!tail.contains("> red pass"), "{tail}");
}

#[test]
fn the_next_voyage_carries_cash_after_the_settlement() {
    // r pays 3 for a jade seat; b takes insurance (+10) and owes 29 in claims
    // when all three ships are wrecked: b has no share to mortgage, pays
    // what b has, and the bank the rest (R5, R11).
    let lines = "r ship:j\nb insurance\ng pass\ny pass\nroll 111\nr pass\nb pass\n\
                 roll 111\nroll 111\nnew J2 S3 G4\npos\n";
    let out = session(
        &[
            "session",
            "--pos",
            "r*,b,g,y 0:r J2 S3 G4 $r10,b5,g5,y0",
            "--me",
            "g",
        ],
        lines,
    );
    // b owes 29, pays 15 (10 + 5 in hand): profit +10 - 15. The settlement
    // deducts the claims owed, in full; the line after it says who pays them.
    let settled = &out[out.find("Settlement").expect("settled")..];
    for line in [
        "an insurer's claims deducted",
        "  b           -29  claims to the bank -29 (shipyard A, B, C)\n",
        // The cash `pos` shows after `new`, said at the settlement.
        "Cash after the settlement: r 7, b 0, g 5, y 0\n",
        "(b could not pay 14 of the 29 in claims: the bank pays them, R11.)",
        "  b          -5\n",
    ] {
        assert!(settled.contains(line), "{line:?} not in\n{settled}");
    }
    assert!(
        out.contains("> pos\nr*,b,g,y 0:r J2 S3 G4 $r7,b0,g5,y0\n"),
        "{out}"
    );
}

#[test]
fn r5_r11_an_insurer_mortgages_a_share_for_the_claims_and_the_session_says_so() {
    // As above, but b also holds a silk share: 15 in hand, 12 from the
    // mortgage, 27 of the 29 paid, the bank pays 2 (R5, R11).
    let lines = "r ship:j\nb insurance\ng pass\ny pass\nroll 111\nr pass\nb pass\n\
                 roll 111\nroll 111\nnew J2 S3 G4\npos\n";
    let args = [
        "session",
        "--pos",
        "r*,b,g,y 0:r J2 S3 G4 $r10,b5,g5,y0 %b:S1",
    ];
    let out = unwrapped(&session(&args, lines));
    let settled = &out[out.find("Settlement").expect("settled")..];
    for line in [
        "b mortgaged 1 silk share to pay (R5: 12 each).\n",
        "(b could not pay 2 of the 29 in claims: the bank pays them, R11.)",
        "Profit over the voyage (R13; a mortgage's 12 is not profit): r          -3 b          -17 ",
    ] {
        assert!(settled.contains(line), "{line:?} not in\n{settled}");
    }
    assert!(
        out.contains("> pos\nr*,b,g,y 0:r J2 S3 G4 $r7,b0,g5,y0\n"),
        "{out}"
    );
}

#[test]
fn r13_a_session_begun_in_mid_voyage_says_its_profits_start_with_it() {
    // r paid for the jade seat before the session began: the session cannot
    // count it, and its heading says so.
    let lines = "b pass\ng pass\ny pass\nroll 111\nr pass\nroll 111\nroll 111\n";
    let out = unwrapped(&session(
        &["session", "--pos", "r*,b,g,y 0:b J2:r S3 G4"],
        lines,
    ));
    assert!(
        out.contains(
            "Profit since the session began (R13; the placements made before it, and the auction's bid and share, are not counted"
        ),
        "{out}"
    );
    assert!(!out.contains("Profit over the voyage"), "{out}");
    // From the voyage's start the heading is the voyage's.
    let lines = "r pass\nb pass\ng pass\ny pass\nroll 111\nroll 111\nroll 111\n";
    let out = unwrapped(&session(
        &["session", "--pos", "r*,b,g,y 0:r J2 S3 G4"],
        lines,
    ));
    assert!(out.contains("Profit over the voyage (R13"), "{out}");
}

#[test]
fn r12_the_game_ends_when_jade_reaches_30_and_wealth_is_ranked() {
    // r pays 3 for a jade seat; every ship docks by roll 2, so roll 3 moves
    // nothing (R6) and the session settles at once. Jade rises 20 -> 30.
    let lines = "r ship:jade\nb pass\ng pass\ny pass\nroll 6 6 6\nr pass\nroll 6 6 6\n\
                 new J2 S3 G4\nr pass\n";
    let args = [
        "session",
        "--pos",
        "r*,b,g,y 0:r J2 S3 G4 $r30,b30,g30,y30 %r:J2,b:S1 ^J20",
    ];
    let run = common::run_bin(&args, Some(lines));
    // The refused 'new' and event are the session's refusals (exit 2).
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    // An event after the game's end does not offer 'new' either.
    assert!(
        err.contains("line 9: the game is over: jade reached 30 (R12); 'undo'"),
        "{err}"
    );
    let raw = String::from_utf8_lossy(&run.stdout).into_owned() + &err;
    // r: 30 - 3 + 36 = 63 cash, two jade shares at 30; b: 30 and a silk at 5.
    assert!(
        raw.contains("  r          123\n  b          35\n  g          30\n  y          30\n"),
        "{raw}"
    );
    let out = unwrapped(&raw);
    assert!(out.contains("so roll 3 moves nothing"), "{out}");
    assert!(
        out.contains("The game is over: jade reached 30 (R12)."),
        "{out}"
    );
    assert!(
        out.contains("the game is over: jade reached 30 (R12); 'undo'"),
        "{out}"
    );
    assert!(!out.contains("'new J2 S3 G4' starts the next one"), "{out}");
}

#[test]
fn r12_two_cargoes_reaching_30_together_are_both_named() {
    // Jade and silk at 20, both ships docked by roll 2: both rise to 30.
    let lines =
        "r ship:jade\nb pass\ng pass\ny pass\nroll 6 6 6\nr pass\nroll 6 6 6\nnew J2 S3 G4\n";
    let start = "r*,b,g,y 0:r J2 S3 G4 $r30,b30,g30,y30 %r:J2,b:S1 ^J20,S20";
    let run = common::run_bin(&["session", "--pos", start], Some(lines));
    let out = unwrapped(&(String::from_utf8_lossy(&run.stdout).into_owned() + &text(&run.stderr)));
    assert!(
        out.contains("The game is over: jade and silk reached 30 (R12)."),
        "{out}"
    );
    assert!(
        out.contains("the game is over: jade and silk reached 30 (R12); 'undo'"),
        "{out}"
    );
}

#[test]
fn r12_apply_json_names_the_cargo_that_ends_the_game_and_the_known_wealth() {
    let args = [
        "apply",
        "--json",
        "--pos",
        "r*,b,g,y 0:r J2 S3 G4 $r30,b30 %r:J2 ^J20",
        "r ship:jade",
        "b pass",
        "g pass",
        "y pass",
        "roll 6 6 6",
        "r pass",
        "roll 6 6 6",
        "roll",
    ];
    let json: serde_json::Value = serde_json::from_str(&common::run_ok(&args, None)).expect("json");
    assert_eq!(json["game_over"], "jade");
    assert_eq!(json["reached_30"], serde_json::json!(["jade"]));
    // g and y have no cash given: they are left out.
    // Whole coins, as a position's cash and prices are read (R12).
    assert_eq!(json["wealth"], serde_json::json!({"r": 123, "b": 30}));
    assert_eq!(json["prices"]["jade"], serde_json::json!(30));
    assert!(json["payouts"]["r"].is_i64(), "{json}");
    assert!(json["profits"]["b"].is_i64(), "{json}");
    // Jade from 10 rises to 20 only: no game's end and no wealth.
    let mut args = args;
    args[3] = "r*,b,g,y 0:r J2 S3 G4 $r30,b30 %r:J2 ^J10";
    let json: serde_json::Value = serde_json::from_str(&common::run_ok(&args, None)).expect("json");
    assert_eq!(json["game_over"], serde_json::Value::Null);
    assert_eq!(json["reached_30"], serde_json::json!([]));
    assert!(json.get("wealth").is_none(), "{json}");
    // Jade and silk both reach 30: `game_over` is the first, `reached_30` both.
    args[3] = "r*,b,g,y 0:r J2 S3 G4 $r30,b30 %r:J2 ^J20,S20";
    let json: serde_json::Value = serde_json::from_str(&common::run_ok(&args, None)).expect("json");
    assert_eq!(json["game_over"], "jade");
    assert_eq!(json["reached_30"], serde_json::json!(["jade", "silk"]));
}

#[test]
fn r11_r5_apply_json_says_what_the_bank_covers_for_an_insurer_short_of_money() {
    // b takes insurance (+10, 15 in all), every ship is wrecked: b owes 29,
    // pays 15 and the bank 14 (R5, R11).
    let args = [
        "apply",
        "--json",
        "--pos",
        "r*,b,g,y 0:r J2 S3 G4 $r10,b5,g5,y0",
        "r ship:j",
        "b insurance",
        "g pass",
        "y pass",
        "roll 111",
        "r pass",
        "b pass",
        "roll 111",
        "roll 111",
    ];
    let json: serde_json::Value = serde_json::from_str(&common::run_ok(&args, None)).expect("json");
    assert_eq!(json["insurance_claims"], 29);
    assert_eq!(json["insurance_bank_covers"], 14);
    assert_eq!(json["payouts"]["b"], -29.0);
    assert_eq!(json["profits"]["b"], -5.0);
}

#[test]
fn undo_after_new_goes_back_to_the_settlement_so_a_mistyped_layout_can_be_retyped() {
    let lines = "r ship:j\nb insurance\ng pass\ny pass\nroll 111\nr pass\nb pass\n\
                 roll 111\nroll 111\nnew J3 S3 G3\nundo\nnew J2 S3 G4\npos\n\
                 undo\nundo\nundo\n";
    let out = session(
        &[
            "session",
            "--pos",
            "r*,b,g,y 0:r J2 S3 G4 $r10,b5,g5,y0",
            "--me",
            "g",
        ],
        lines,
    );
    let out = unwrapped(&out);
    assert!(
        out.contains("> undo\nUndid 'new': back to the end of the last voyage."),
        "{out}"
    );
    // The layout typed again is the one played; cash carried over once.
    assert!(
        out.contains("> pos\nr*,b,g,y 0:r J2 S3 G4 $r7,b0,g5,y0\n"),
        "{out}"
    );
    // Back past the start of the second voyage, into the first: its last roll.
    assert!(out.contains("Undid 'roll 1 1 1"), "{out}");
}

#[test]
fn a_bare_new_asks_for_the_layout_and_the_commands_keep_their_meaning_meanwhile() {
    let lines = "roll 6 6 6\nnew\nshow\nnew J2 S3 G4\npos\n";
    let waiting = common::run_bin(
        &["session", "--pos", "r*,b,g,y 2:roll J13:r S12:b G11:g"],
        Some("roll 6 6 6\nnew\nadvise\n"),
    );
    let err = text(&waiting.stderr);
    assert!(
        err.contains("line 3: the voyage is over and 'new' awaits the next one's layout"),
        "{err}"
    );
    let args = [
        "session",
        "--pos",
        "r*,b,g,y 2:roll J13:r S12:b G11:g",
        "--me",
        "r",
    ];
    let out = unwrapped(&session(&args, lines));
    assert!(
        out.contains("> new\nThe next voyage: type its layout"),
        "{out}"
    );
    assert!(out.contains("'undo' takes 'new' back"), "{out}");
    // 'show' still shows the voyage just settled; 'new' with a layout
    // starts the next one.
    assert!(out.contains("> show\nThe voyage is over."), "{out}");
    assert!(out.contains("> pos\nr*,b,g,y 0:r J2 S3 G4"), "{out}");
}

#[test]
fn r16_new_records_the_winning_bid_and_the_share_bought() {
    // After the first voyage r has 7, g 5, nothing rose: every share costs 5.
    let lines = "r ship:j\nb insurance\ng pass\ny pass\nroll 111\nr pass\nb pass\n\
                 roll 111\nroll 111\nnew x J2 S3 G4\nnew g bid:9 J2 S3 G4\nnew g buy:x J2 S3 G4\n\
                 new r bid:2 buy:silk J2 S3 G4\npos\nr pass\nb pass\ng pass\ny pass\n\
                 roll 111\nroll 111\nroll 111\n";
    let args = [
        "session",
        "--pos",
        "r*,b,g,y 0:r J2 S3 G4 $r10,b5,g5,y0",
        "--me",
        "g",
    ];
    let run = common::run_bin(&args, Some(lines));
    let out = String::from_utf8_lossy(&run.stdout);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("a bid of 9 is beyond the harbour master's credit 5"),
        "{err}"
    );
    // Every share costs 5 (R1: the price, at least 5; nothing rose).
    assert!(
        out.contains("r paid 2 for the harbour master (R16) and 5 for a silk share (R1).\n"),
        "{out}"
    );
    assert!(err.contains("'buy:x': buy:CARGO names a cargo"), "{err}");
    assert!(
        err.contains(
            "new: 'x' is neither a player (r, b, g, y) nor a ship (the layout is three ships, \
             e.g. J2 S3 G4); did you mean r, b, g or y?"
        ),
        "{err}"
    );
    // r pays 2 for the role and 5 for a silk share: 7 - 2 - 5 = 0.
    assert!(
        out.contains("> pos\nr*,b,g,y 0:r J2 S3 G4 $r0,b0,g5,y0 %r:S1\n"),
        "{out}"
    );
    // Both payments count in r's profit over the second voyage.
    let tail = &out[out
        .rfind("Profit over the voyage")
        .expect("second settlement")..];
    assert!(tail.contains("  r          -7\n"), "{tail}");
    assert!(
        tail.contains("Profit over 2 voyages:\n  r          -10\n"),
        "{tail}"
    );
}

#[test]
fn r16_the_first_auction_is_typed_in_the_layout_and_counts_in_the_profit() {
    // r wins the auction for 4 and buys a silk share for 5 (R1: at least 5).
    let lines = "pos\nr pass\nb pass\ng pass\ny pass\nroll 111\nroll 111\nroll 111\n";
    let layout = "r*,b,g,y bid:4 buy:silk J2 S3 G4 $r10,b5,g5,y0";
    let out = unwrapped(&session(&["session", "--layout", layout], lines));
    assert!(
        out.starts_with("r paid 4 for the harbour master (R16) and 5 for a silk share (R1).\n"),
        "{out}"
    );
    assert!(
        out.contains("> pos\nr*,b,g,y 0:r J2 S3 G4 $r1,b5,g5,y0 %r:S1\n"),
        "{out}"
    );
    // Nobody placed: r's profit is what the auction cost.
    let tail = &out[out.rfind("Profit").expect("settled")..];
    assert!(tail.contains(": r          -9 "), "{tail}");
    let refused = common::run_bin(&["session", "--layout", "r*,b bid:x J2 S3 G4"], Some(""));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("--layout: 'bid:x': a bid is a whole number"),
        "{err}"
    );
}

#[test]
fn r5_r16_the_session_says_which_shares_were_mortgaged_to_pay() {
    // r has 1 and two shares, each to rise 5 if its ship docks: the jade
    // seat (3) mortgages jade, on 2 (three dice of 12 or more dock it), and
    // keeps silk, on 3 (11 or more): R5, R13. Next voyage b, with 0 cash and
    // a ginseng share, bids 10.
    let lines = format!("{WRECKED}new b bid:10 J2 S3 G4\npos\n");
    let out = unwrapped(&session(&["session", "--pos", CASH_START], &lines));
    assert!(
        out.contains("r mortgaged 1 jade share to pay (R5: 12 each)."),
        "{out}"
    );
    // The 12 the placement raised is no profit (R13): r paid 3, got nothing.
    assert!(
        out.contains("Profit over the voyage (R13; a mortgage's 12 is not profit): r          -3 "),
        "{out}"
    );
    assert!(
        out.contains("b mortgaged 1 ginseng share to pay (R5: 12 each)."),
        "{out}"
    );
    assert!(
        out.contains("b paid 10 for the harbour master (R16).\n"),
        "{out}"
    );
    // r: 1 + 12 - 3 = 10 (jade wrecked); b: 12 raised, 10 paid, no share.
    assert!(
        out.contains("> pos\nr,b*,g,y 0:b J2 S3 G4 $r10,b2,g5,y0 %r:S1 ^J5\n"),
        "{out}"
    );
}

#[test]
fn r13_the_mortgage_note_heads_the_profits_of_a_voyage_that_mortgaged() {
    // The heading says a mortgage's 12 is not profit (R13) for the voyage
    // whose cash it is in, and for the total over the voyages.
    let passes = "roll 111\nroll 111\nroll 111\n";
    let heading = |out: &str, voyage: &str| {
        let at = out.find(voyage).expect(voyage);
        out[at..].split(':').next().unwrap_or_default().to_string()
    };
    let note = "(R13; a mortgage's 12 is not profit)";
    // r's jade seat mortgaged a share, then was taken back: nothing is.
    let lines = format!("r ship:j\nundo\nr pass\nb pass\ng pass\ny pass\n{passes}");
    let out = unwrapped(&session(&["session", "--pos", CASH_START], &lines));
    assert_eq!(
        heading(&out, "Profit over the voyage"),
        "Profit over the voyage (R13)"
    );
    // The first voyage mortgaged at a placement, the second does not.
    let all_pass = format!("r pass\nb pass\ng pass\ny pass\n{passes}");
    let lines = format!("{WRECKED}new J2 S3 G4\n{all_pass}");
    let out = unwrapped(&session(&["session", "--pos", CASH_START], &lines));
    let second = &out[out.find("new J2 S3 G4").expect("new")..];
    assert_eq!(
        heading(second, "Profit over the voyage"),
        "Profit over the voyage (R13)"
    );
    assert_eq!(
        heading(second, "Profit over 2"),
        format!("Profit over 2 voyages {note}")
    );
    // The second voyage mortgaged at the auction: b bid 10 with no cash.
    let lines = format!("{WRECKED}new b bid:10 J2 S3 G4\nb pass\ng pass\ny pass\nr pass\n{passes}");
    let out = unwrapped(&session(&["session", "--pos", CASH_START], &lines));
    let second = &out[out.find("b paid 10").expect("paid")..];
    assert_eq!(
        heading(second, "Profit over the voyage"),
        format!("Profit over the voyage {note}")
    );
    assert_eq!(
        heading(second, "Profit over 2"),
        format!("Profit over 2 voyages {note}")
    );
}

/// A voyage of one jade seat, all wrecked, from a start with cash and shares;
/// `new J2 S3 G4` would start the next voyage at `NEXT`.
const CASH_START: &str = "r*,b,g,y 0:r J2 S3 G4 $r1,b0,g5,y0 %r:J1S1,b:G1 ^J5";
const WRECKED: &str = "r ship:j\nb pass\ng pass\ny pass\nroll 111\nr pass\nroll 111\nroll 111\n";
const NEXT: &str = "r*,b,g,y 0:r J2 S3 G4 $r10,b0,g5,y0 %r:S1,b:G1 ^J5";

#[test]
fn r16_after_the_settlement_bid_and_layouts_value_the_next_voyage() {
    let lines = format!("{WRECKED}new J2 S3 G4\npos\n");
    let next = session(
        &["session", "--future", "none", "--pos", CASH_START],
        &lines,
    );
    assert!(next.contains(&format!("> pos\n{NEXT}\n")), "{next}");
    // `bid` and `layouts b` in the session are the commands on that start.
    let lines = format!("{WRECKED}bid\nlayouts b\n");
    let out = session(
        &["session", "--future", "none", "--pos", CASH_START],
        &lines,
    );
    let bid = common::run_ok(&["bid", "--future", "none", "--pos", NEXT], None);
    assert!(out.contains(&format!("> bid\n{bid}")), "{out}\n{bid}");
    let b_next = NEXT.replace("r*,b,", "r,b*,").replace("0:r", "0:b");
    let layouts = common::run_ok(
        &[
            "layouts", "--future", "none", "--top", "10", "--pos", &b_next,
        ],
        None,
    );
    assert!(
        out.contains(&format!("> layouts b\n{layouts}")),
        "{out}\n{layouts}"
    );
    assert!(layouts.contains("10 of 100 shown"), "{layouts}");
}

#[test]
fn r16_bid_and_layouts_wait_for_the_settlement_and_new_takes_one_bid() {
    let lines = format!(
        "bid\n{WRECKED}bid b\nlayouts x\nnew b bid:5 bid:7 J2 S3 G4\n\
         new b bid:99999999999999999999 J2 S3 G4\nnew b bid:7x J2 S3 G4\n\
         new b bid:+5 J2 S3 G4\nnew b buy:jde J2 S3 G4\nnew b buy:xyzzy J2 S3 G4\n"
    );
    let out = common::run_bin(
        &["session", "--future", "none", "--pos", CASH_START],
        Some(&lines),
    );
    let err = text(&out.stderr).replace("\n  ", " ");
    for said in [
        "bid: the next voyage's auction and layout come after this voyage's settlement (R16)",
        "bid: 'b': the auction values every player as harbour master; 'bid' or 'bid buy'",
        "layouts: 'x' is not a player (r, b, g, y)",
        "new: 'bid:7': one winning bid only (R16)",
        "new: 'bid:99999999999999999999': the bid is out of range",
        "new: 'bid:7x': a bid is a whole number, e.g. bid:7",
        "new: 'bid:+5': a bid is a whole number, e.g. bid:7",
        "new: 'buy:jde': buy:CARGO names a cargo; did you mean buy:jade?",
        "new: 'buy:xyzzy': buy:CARGO names a cargo, e.g. buy:jade",
    ] {
        assert!(err.contains(said), "{said}\n{err}");
    }
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_player_with_a_long_name_can_still_be_named_in_an_event() {
    // Names have no length limit (POSITION.md), so the events' limit grows
    // with them: a player of 1200 characters places a worker.
    let name = "n".repeat(1200);
    let layout = format!("--layout=\"{name}\"*,b,g J2 S3 G4");
    let line = format!("\"{name}\" ship:jade\n");
    let out = common::run_bin(&["session", "--future", "none", &layout], Some(&line));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("b to decide"));
}

#[test]
fn a_line_too_long_to_be_an_event_is_refused_cut_short() {
    let line = "x".repeat(5000) + "\n";
    let out = common::run_bin(&["session", "--future", "none", START], Some(&line));
    let err = text(&out.stderr);
    assert!(
        err.contains("line 1: event 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...': an event is a few words; this is 5000 characters (at most 1000)"),
        "{err}"
    );
    assert!(err.len() < 400 && text(&out.stdout).len() < 5000, "{err}");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_mistyped_word_is_offered_only_what_could_stand_there() {
    let lines = "rol 4 5 6\nred s\n-1\nblue 1\nred 1\n";
    let out = common::run_bin(&["session", "--future", "none", START], Some(lines));
    let err = text(&out.stderr);
    // A word before others is a name or `roll`.
    assert!(
        err.contains("'rol' is not a player (red, blue, green, yellow); did you mean roll?"),
        "{err}"
    );
    // After a name, only actions.
    assert!(
        err.contains("'s' is not an action; did you mean ship:jade, ship:silk"),
        "{err}"
    );
    // Nothing is offered that is two edits from a one-letter word.
    // Its examples are actions that can be played now.
    assert!(
        err.contains("'-1' is not an action (e.g. pass, ship:jade, ship:silk, ship:nutmeg, ...)"),
        "{err}"
    );
    // A row is the decider's: after their name it is taken (line 5).
    assert!(
        err.contains(
            "line 4: event 'blue 1': it is red's decision (placement round 1), not blue's"
        ),
        "{err}"
    );
    assert!(!err.contains("line 5"), "{err}");
    // A name alone lacks its action; a short form one edit away is offered
    // by its full name; `board` is no word for the board in a session.
    let out = common::run_bin(
        &["session", "--future", "none", START],
        Some("red\nred shp:j\nboard\nblue\n"),
    );
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "an action must follow red (e.g. pass, ship:jade, ship:silk, ship:nutmeg, ...)"
        ),
        "{err}"
    );
    // The name alone of a player who does not decide says who does.
    assert!(
        err.contains("'blue' is a player, not an action; red decides now (placement round"),
        "{err}"
    );
    assert!(
        err.contains("'shp:j' is not an action; did you mean ship:jade"),
        "{err}"
    );
    assert!(err.contains("'board' is not an action"), "{err}");
    // A mistyped command with its words.
    let out = common::run_bin(
        &["session", "--future", "none", START],
        Some("modle greedy\n"),
    );
    assert!(
        text(&out.stderr).contains("did you mean model?"),
        "{}",
        text(&out.stderr)
    );
    // Before an action, a mistyped name is offered names, not commands
    // (`ben` is as near to `new` and `bid`); an action said apart counts as
    // one; `none`, no action at a placement, leaves a mistyped command its
    // hint.
    let out = common::run_bin(
        &[
            "session",
            "--future",
            "none",
            "--layout",
            "ann*,bob,cat J2 S3 N4",
        ],
        Some("ben ship:j\nben harbour a\nmodle none\nben greedy\n"),
    );
    let err = text(&out.stderr);
    let names = "'ben' is not a player (ann, bob, cat); did you mean ann or bob?\n";
    assert!(
        err.contains(&format!("line 1: event 'ben ship:j': {names}")),
        "{err}"
    );
    assert!(
        err.contains(&format!("line 2: event 'ben harbour a': {names}")),
        "{err}"
    );
    assert!(
        err.contains("'modle' is not a player (ann, bob, cat); did you mean model?"),
        "{err}"
    );
    assert!(
        err.contains("did you mean ann, bob, new or bid?\n"),
        "{err}"
    );
}

#[test]
fn a_player_named_like_a_session_command_is_the_player() {
    // Players named bid and buy: a name first is the player (README).
    let start = "r*,bid,g,buy 0:r J2 S3 G4";
    let lines = "r pass\nbid ship:jade\ng pass\nbuy pass\nroll 111\nbid pass\n\
                 roll 111\nroll 111\nlayouts buy\nlayouts buy buy\nlayouts buy:jade\n";
    let out = common::run_bin(
        &["session", "--future", "none", "--pos", start],
        Some(lines),
    );
    let stdout = text(&out.stdout);
    let err = text(&out.stderr).replace("\n  ", " ");
    assert!(
        stdout.contains("> layouts buy\nLayouts for harbour master buy:"),
        "{stdout}\n{err}"
    );
    // The second `buy` is the flag: the purchases are weighed too.
    let flagged = &stdout[stdout.find("> layouts buy buy").expect("asked")..];
    assert!(
        flagged.starts_with("> layouts buy buy\nLayouts for harbour master buy:"),
        "{flagged}"
    );
    assert!(
        err.contains(
            "layouts: 'buy:jade': 'buy' alone compares every purchase; buy:CARGO goes with 'new'"
        ),
        "{err}"
    );
    // Only that line was refused: 'bid ship:jade' was the player's.
    assert!(err.contains("line 11:"), "{err}");
    assert_eq!(err.matches("error: line").count(), 1, "{err}");
}

#[test]
fn r6_when_every_ship_is_in_port_undo_takes_back_the_roll_that_docked_them() {
    let lines = "r ship:jade\nb pass\ng pass\ny pass\nroll 6 6 6\nr pass\nroll 6 6 6\nundo\n";
    let out = session(&["session", "--pos", "r*,b,g,y 0:r J2 S3 G4"], lines);
    let out = unwrapped(&out);
    assert!(out.contains("Undid 'roll 6 6 6: jade docked"), "{out}");
    assert!(out.contains("Roll 2 is due"), "{out}");
    // Without cash the game's end names no wealth.
    assert!(!out.contains("The game is over"), "{out}");
}

/// Last round after roll 2; blue, green, yellow and red each place one more:
/// exact under every model, so quick.
const LAST_ROUND: &str =
    "red,blue*,green,yellow 2:blue J10:blue G8:yellow N9:yellow H:blue,red Y:red X:green s:green";

/// The output with wrapped lines joined, so that a phrase may be looked for
/// whatever the width.
fn unwrapped(out: &str) -> String {
    out.replace("\n  ", " ")
}

/// The `future quantal (...)` method lines of the advice shown, in order.
fn quantal_lines(out: &str) -> Vec<String> {
    unwrapped(out)
        .lines()
        .filter(|l| l.contains("future quantal"))
        .map(String::from)
        .collect()
}

#[test]
fn r15_a_quantal_session_fits_lambda_to_the_placements_seen() {
    let out = session(
        &["session", "--pos", LAST_ROUND, "--future", "quantal"],
        "fit\nblue pass\ngreen ship:jade\nfit\nundo\nfit\n",
    );
    let methods = quantal_lines(&out);
    // The start, after blue's placement, after green's, after the undo.
    assert_eq!(methods.len(), 4, "{out}");
    assert!(
        methods[0].contains("lambda 0.50 (the prior)"),
        "{methods:?}"
    );
    assert!(methods[1].contains("fitted to 1 decision"), "{methods:?}");
    assert!(methods[2].contains("fitted to 2 decisions"), "{methods:?}");
    assert!(methods[3].contains("fitted to 1 decision"), "{methods:?}");
    let out = unwrapped(&out);
    assert!(
        out.contains("> fit\nQuantal model (R15): lambda 0.50 (the prior); 0 placements seen by every player (prior median 0.5).\n"),
        "{out}"
    );
    assert!(
        out.contains("fitted to 2 decisions); 2 placements seen by every player"),
        "{out}"
    );
    // Undo takes the observation back.
    let after_undo = &out[out.find("> undo").expect("undo")..];
    assert!(
        after_undo.contains("; 1 placement seen by every player"),
        "{after_undo}"
    );
}

#[test]
fn r15_with_me_the_fit_counts_only_the_others_placements() {
    let out = session(
        &[
            "session", "--pos", LAST_ROUND, "--future", "quantal", "--me", "green",
        ],
        "blue pass\ngreen ship:jade\nyellow pass\nfit\n",
    );
    let methods = quantal_lines(&out);
    // Green's own advice, after blue's placement alone.
    assert_eq!(methods.len(), 1, "{out}");
    assert!(methods[0].contains("fitted to 1 decision"), "{methods:?}");
    let out = unwrapped(&out);
    assert!(
        out.contains("fitted to 2 decisions); 2 placements seen by players other than green"),
        "{out}"
    );
}

#[test]
fn r15_a_given_lambda_is_not_fitted_and_the_model_word_takes_quantal() {
    let out = unwrapped(&session(
        &[
            "session", "--pos", LAST_ROUND, "--future", "quantal", "--lambda", "2",
        ],
        "blue pass\nfit\n",
    ));
    assert!(out.contains("future quantal (lambda 2.0 (given))"), "{out}");
    assert!(
        out.contains("lambda 2.0 (given) by --lambda, so not fitted; 1 placement seen"),
        "{out}"
    );
    // Under another model, `fit` still fits, and `model quantal` uses it.
    let out = unwrapped(&session(
        &["session", "--pos", LAST_ROUND],
        "blue pass\nfit\nmodel quantal\nadvise\n",
    ));
    assert!(
        out.contains("The model is auto: 'model quantal' puts lambda to use."),
        "{out}"
    );
    assert!(
        out.contains("Every later advice is under the model quantal."),
        "{out}"
    );
    let methods = quantal_lines(&out);
    assert_eq!(methods.len(), 1, "{out}");
    assert!(methods[0].contains("fitted to 1 decision"), "{methods:?}");
}

#[test]
fn r15_the_fit_carries_on_into_the_next_voyage() {
    let mut script =
        std::fs::read_to_string(format!("{ROOT}/tests/data/voyage.script")).expect("script");
    script += "fit\nnew J2 S3 G4\nred ship:jade\nfit\nundo\nfit\n";
    let out = unwrapped(&session(&["session", START], &script));
    // Twelve placements in three rounds of four players (R4, R5), every
    // player's; the next voyage's first adds one, and its undo takes it back.
    let counts: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split("; ").nth(1))
        .filter(|l| l.contains("seen by every player"))
        .collect();
    assert_eq!(counts.len(), 3, "{out}");
    assert!(counts[0].starts_with("12 placements seen"), "{counts:?}");
    assert!(counts[1].starts_with("13 placements seen"), "{counts:?}");
    assert!(counts[2].starts_with("12 placements seen"), "{counts:?}");
}

/// Every action a person might type: each placement, boarding with and
/// without a removal, and pilot moves of one to three spaces, one ship or two.
fn typed_actions() -> Vec<Action> {
    use manila_odds::rules::Berth;
    use manila_odds::rules::action::ShipMove;
    let mut all = vec![Action::Pass, Action::Pirate, Action::SmallPilot];
    all.extend([Action::LargePilot, Action::Insurance, Action::Stay]);
    for b in Berth::ALL {
        all.extend([Action::Harbour(b), Action::Shipyard(b)]);
    }
    for cargo in Cargo::ALL {
        all.push(Action::Seat(cargo));
        all.push(Action::Board {
            cargo,
            remove: None,
        });
        all.extend((0..4).map(|k| Action::Board {
            cargo,
            remove: Some(k),
        }));
        for delta in [-3, -2, -1, 1, 2, 3] {
            let one = Some(ShipMove { cargo, delta });
            all.push(Action::Pilot([one, None]));
            for other in Cargo::ALL {
                let two = Some(ShipMove {
                    cargo: other,
                    delta: delta.signum(),
                });
                all.push(Action::Pilot([one, two]));
            }
        }
    }
    all
}

#[test]
fn r5_r8_every_refused_action_has_a_reason() {
    let actions = typed_actions();
    for seed in 0..400 {
        let position = common::random_position(seed);
        let s = position.state();
        for &a in &actions {
            let why = rules::refusal::why_not(s, a);
            if rules::is_legal(s, a) {
                assert_eq!(why, None, "seed {seed}: {a} is legal");
            } else {
                assert!(why.is_some(), "seed {seed}: {a} refused without a reason");
            }
        }
    }
}

#[test]
fn r8_three_moves_are_refused_with_the_pilot_s_reach() {
    for (notation, event, words) in [
        (
            "r*,b,g 2:large J10 S9 G8 l:b",
            "b jade+1,silk+1,ginseng+1",
            "the large pilot moves 2 spaces in all (R8), not 3",
        ),
        (
            "r*,b,g 2:small J10 S9 G8 s:b",
            "b j+1,s-1,g+1",
            "the small pilot moves 1 space in all (R8), not 3",
        ),
    ] {
        let out = common::run_bin(&["apply", "--pos", notation, event], None);
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains(words), "{}", text(&out.stderr));
        // The moves that are legal follow, as for two moves too far.
        assert!(
            text(&out.stderr).contains("; legal: none, jade+1, jade-1"),
            "{}",
            text(&out.stderr)
        );
    }
}

#[test]
fn r8_a_pilot_with_no_ship_at_sea_is_not_asked_and_the_voyage_settles() {
    // g holds the small pilot; every ship docks by roll 2, so the pilot has
    // nothing to move (R8) and roll 3 moves nothing (R6).
    let lines = "r ship:jade\nb pass\ng pilot:small\ny pass\nroll 6 6 6\nr pass\ng pass\n\
                 roll 6 6 6\nundo\nroll 6 6 1\nnone\n";
    let args = ["session", "--layout", "r*,b,g,y J2 S3 G4"];
    let out = unwrapped(&common::run_ok(&args, Some(lines)));
    let said = "no ship is at sea, so the pilots have nothing to move and roll 3 moves nothing.";
    assert_eq!(out.matches(said).count(), 1, "{out}");
    // One undo takes the roll, the pilot's move and roll 3 back: ginseng,
    // on 11 after a 1, is at sea, and g moves a ship.
    assert!(out.contains("Undid 'roll 6 6 6: jade docked"), "{out}");
    let asked = "Decides: g moves a ship with the small pilot";
    assert_eq!(out.matches(asked).count(), 1, "{out}");
    // Roll 3 is due with ginseng alone at sea: one die.
    assert!(out.contains("(ginseng). E.g. 'roll 3'."), "{out}");
}

#[test]
fn a_refused_undo_keeps_the_advice_and_words_after_a_bare_command_are_refused() {
    let lines = "r ins\nundo\nundo\n3\nundo 2\nshow x\n";
    let args = ["session", "--layout", "r*,b,g,y J2 S3 G4"];
    let run = common::run_bin(&args, Some(lines));
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("line 3: nothing to undo"), "{err}");
    // Row 3 of the advice still shown is taken.
    assert!(!err.contains("line 4"), "{err}");
    assert!(
        err.contains(
            "line 5: 'undo' takes nothing after it, found '2' (each 'undo' takes back one event)"
        ),
        "{err}"
    );
    assert!(
        err.contains("line 6: 'show' takes nothing after it, found 'x'"),
        "{err}"
    );
    let out = String::from_utf8_lossy(&run.stdout);
    assert_eq!(out.matches("Undid").count(), 1, "{out}");
}

#[test]
fn r7_a_seat_out_of_range_says_seats_count_from_0_in_fill_order() {
    let args = [
        "apply",
        "--pos",
        "red,blue,green*,yellow 2:board J13:green.red.blue.green S9:yellow N8 H:blue X:yellow,red +strong",
        "board:j/remove:4",
    ];
    let out = common::run_bin(&args, None);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "the jade ship has seats 0 to 3 (counted from 0 in fill order, cheapest first)"
        ),
        "{err}"
    );
}

#[test]
fn advice_when_a_roll_is_due_says_so_and_points_to_the_odds() {
    let lines = "r pass\nb pass\ng pass\ny pass\nadvise\n";
    let args = [
        "session",
        "--future",
        "none",
        "--layout",
        "r*,b,g,y J2 S3 G4",
    ];
    let out = common::run_bin(&args, Some(lines));
    let err = text(&out.stderr);
    assert!(
        err.contains("line 5: nobody decides now: roll 1 is due: one die per ship at sea (jade, silk, ginseng). 'odds' gives the ships' odds."),
        "{err}"
    );
}

#[test]
fn r5_r16_a_share_mortgaged_to_buy_one_of_its_own_cargo_is_still_said() {
    // b has no cash and a ginseng share: the bid (7) mortgages it for 12
    // (R5), and the ginseng share bought (5) leaves b one ginseng share, as
    // before. The session must not net the two out and say nothing.
    let lines = format!("{WRECKED}new b bid:7 buy:ginseng J2 S3 G4\npos\n");
    let args = [
        "session",
        "--pos",
        "r*,b,g,y 0:r J2 S3 G4 $r5,b0,g5,y0 %b:G1",
    ];
    let out = unwrapped(&session(&args, &lines));
    assert!(
        out.contains(
            "b paid 7 for the harbour master (R16) and 5 for a ginseng share (R1).\n\
             b mortgaged 1 ginseng share to pay (R5: 12 each).\n"
        ),
        "{out}"
    );
    assert!(out.contains("$r2,b0,g5,y0 %b:G1\n"), "{out}");
}

#[test]
fn r7_pirates_with_only_stay_are_not_asked_and_undo_takes_their_stay_back() {
    // Before roll 2: silk's three seats are taken, jade's 4 hold 2; yellow is
    // the captain, green the other pirate.
    let start = "red*,blue,green,yellow 1:roll J7:red.blue S7:blue.green.red N7 \
                 X:yellow,green i:yellow";
    // Silk alone reaches 13, full: neither pirate has a seat to take (R7).
    let lines = "roll 5 6 2\nundo\nroll 6 6 2\n";
    let out = unwrapped(&session(&["session", "--pos", start], lines));
    let said = "roll 5 6 2: jade 12, silk 13, nutmeg 9; no ship on 13 has a seat to board, \
                so the pirates yellow and green stay (R7).";
    assert_eq!(out.matches(said).count(), 1, "{out}");
    assert!(
        out.contains("Decides: red places a worker or passes"),
        "{out}"
    );
    assert!(out.contains("Undid 'roll 5 6 2"), "{out}");
    // Jade on 13 with free seats: the captain is asked.
    let asked = "Decides: pirate yellow boards a ship on 13 or stays";
    assert_eq!(out.matches(asked).count(), 1, "{out}");
    // With --me, one pirate left with nothing to choose is said in one line.
    let start = "red*,blue,green,yellow 1:roll J7:red.blue S7:blue.green.red N7 X:yellow i:yellow";
    let args = ["session", "--pos", start, "--me", "red"];
    let out = unwrapped(&session(&args, "roll 5 6 2\npos\n"));
    assert!(out.contains("so the pirate yellow stays (R7)."), "{out}");
    let after = "red*,blue,green,yellow 2:red J12:red.blue S13:blue.green.red N9 X:yellow i:yellow";
    assert!(out.contains(after), "{out}");
}

#[test]
fn r7_a_session_begun_where_the_pirates_can_only_stay_plays_their_stay_first() {
    // After roll 2 5 6 2 of the test above: silk alone on 13, full (R7).
    let start = "red*,blue,green,yellow 2:board J12:red.blue S13:blue.green.red N9 \
                 X:yellow,green i:yellow";
    let run = common::run_bin(&["session", "--pos", start], Some("pos\nundo\n"));
    let (out, err) = (text(&run.stdout), text(&run.stderr));
    let said = "No ship on 13 has a seat to board, so the pirates yellow and green stay (R7).";
    assert!(out.starts_with(said), "{out}");
    assert!(
        out.contains("Decides: red places a worker or passes"),
        "{out}"
    );
    let after =
        "red*,blue,green,yellow 2:red J12:red.blue S13:blue.green.red N9 X:yellow,green i:yellow";
    assert!(out.contains(after), "{out}");
    // Nothing before it to go back to: the position given must stay.
    assert!(err.contains("line 2: nothing to undo"), "{err}");
    // With --me, said before the line of who decides.
    let out = session(&["session", "--pos", start, "--me", "blue"], "");
    assert!(out.starts_with(said), "{out}");
}

#[test]
fn r6_r8_a_session_begun_with_every_ship_in_port_settles_at_once_and_says_so() {
    // The small pilot to decide, every ship docked: the pilots have nothing
    // to move (R8) and roll 3 moves nothing (R6).
    let start =
        "red*,blue,green,yellow 2:small JD:red.blue SD:green GD:yellow H:blue,green,yellow s:red";
    let out = session(&["session", "--pos", start], "");
    let said = "No ship is at sea, so the pilots have nothing to move and roll 3 moves nothing.";
    assert!(out.starts_with(said), "{out}");
    let out = unwrapped(&out);
    // Begun in mid-voyage: its placements were never seen.
    assert!(out.contains("Profit since the session began"), "{out}");
    // No event of this session to take back.
    assert!(!out.contains("'undo' takes the last event back"), "{out}");
    assert!(out.contains("'quit' leaves."), "{out}");
}

#[test]
fn names_that_need_quotes_are_read_in_events_new_and_bid() {
    // "Anna B" holds a space: in the notation it is quoted; typed, quoted or
    // not, it names the player; the next voyage's start quotes it again.
    let start = r#""Anna B"*,b,c 2:roll J13:"Anna B" S12:b G12:c"#;
    let lines = "roll 6 6 6\nbid\nlayouts \"Anna B\"\nnew J2 S3 G4\n\"Anna B\" ship:j\n\
                 b pass\nc pass\nAnna B ship:s\npos\n";
    let out = session(&["session", "--pos", start, "--me", "b"], lines);
    assert!(out.contains("Anna B as harbour master loads"), "{out}");
    assert!(out.contains("Layouts for harbour master Anna B"), "{out}");
    let pos = r#""Anna B"*,b,c 0:roll J2:"Anna B" S3:"Anna B" G4 p:b,c ^J5,S5,G5"#;
    assert!(out.contains(pos), "{out}");
}

#[test]
fn a_layout_reads_quoted_names_with_spaces_and_commas() {
    let layout = r#""O'Neil"*,"b c","x,y" J2 S3 G4"#;
    let out = session(&["session", "--layout", layout], "pos\n");
    assert!(
        out.contains(r#""O'Neil"*,"b c","x,y" 0:"O'Neil" J2 S3 G4"#),
        "{out}"
    );
    // A name holding a comma may follow `new`.
    let start = r#""x,y"*,b,c 2:roll J13:"x,y" S12:b G12:c"#;
    let lines = "roll 6 6 6\nnew \"x,y\" J2 S3 G4\npos\n";
    let out = session(&["session", "--pos", start, "--me", "b"], lines);
    assert!(
        out.contains(r#""x,y"*,b,c 0:"x,y" J2 S3 G4 ^J5,S5,G5"#),
        "{out}"
    );
}

#[test]
fn r5_a_player_named_roll_places_with_their_name_first() {
    let out = session(
        &[
            "session",
            "--pos",
            r#""roll"*,a,b 0:"roll" J2 S3 G4"#,
            "--me",
            "a",
        ],
        "roll ship:j\n",
    );
    assert!(out.contains("> roll ship:j\nroll ship:jade.\n"), "{out}");
    // Dice typed together are dice, whatever they add up to.
    let start = r#""roll"*,a,b 0:roll J2 S3 G4"#;
    let out = session(&["session", "--pos", start, "--me", "a"], "roll 542\n");
    assert!(
        out.contains("roll 5 4 2: jade 7, silk 7, ginseng 6."),
        "{out}"
    );
}

#[test]
fn a_mistyped_command_after_the_settlement_is_named() {
    let script =
        std::fs::read_to_string(format!("{ROOT}/tests/data/voyage.script")).expect("script");
    let input = format!("{script}nwe J2 S3 N4\nxyzzy\nRoll 1 1 1\n");
    let out = common::run_bin(&["session", "tests/data/voyage-start.json"], Some(&input));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("'nwe' is not a command; did you mean new? (the voyage is over:"),
        "{err}"
    );
    // A word near no command gets the reason alone, and so does a roll,
    // which is an event, not a command mistyped ("did you mean roll?").
    assert!(err.contains("error: line 25: the voyage is over:"), "{err}");
    assert!(err.contains("error: line 26: the voyage is over:"), "{err}");
    assert!(!err.contains("mean roll"), "{err}");
}

#[test]
fn undo_at_the_start_says_whose_turn_it_is() {
    let out = common::run_bin(&["session", "tests/data/voyage-start.json"], Some("undo\n"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("nothing to undo: this is where the session began. Now red to place"),
        "{err}"
    );
}

/// R16: a session begun between voyages, `--layout` with what the players
/// hold but no ships (as the line said on leaving after a settlement gives
/// it), asks for the layout first, read as after `new`, and counts that
/// line among the session's lines.
#[test]
fn r16_a_layout_without_ships_asks_for_the_layout_first() {
    let layout = "r*,b,g,y $r30,b25,g20,y10 ^J5";
    let out = run_bytes(
        &["session", "--layout", layout],
        b"b bid:7 J2 S3 G4\nb ship:tea\nshow\n",
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stdout.starts_with("The voyage: type its layout"),
        "{stdout}"
    );
    assert!(
        stdout.contains("> b bid:7 J2 S3 G4\nb paid 7 for the harbour master (R16)."),
        "{stdout}"
    );
    assert!(
        stdout.contains("b          workers on board 0/3, cash 18"),
        "{stdout}"
    );
    assert!(stdout.contains("Share prices: jade (J) 5"), "{stdout}");
    assert!(
        stderr.contains("error: line 2: event 'b ship:tea'"),
        "{stderr}"
    );
    // An answer that is no layout ends a piped session, naming its line
    // and the words typed.
    let out = run_bytes(
        &["session", "--layout", layout],
        b"# the next voyage\nJ2 S3\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("error: session: line 2: layout: \"J2 S3\""),
        "{stderr}"
    );
    // Before the layout: `help` asks again, `bid` weighs the auction on
    // the cash and prices given, as after a settlement.
    let args = ["session", "--layout", layout, "--future", "none"];
    let out = run_bytes(&args, b"help\nbid\nJ2 S3 G4\n");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(
        stdout.matches("The voyage: type its layout").count(),
        2,
        "{stdout}"
    );
    let start = "r*,b,g,y 0:r J2 S3 G4 $r30,b25,g20,y10 ^J5";
    let bids = common::run_ok(&["bid", "--pos", start, "--future", "none"], None);
    assert!(stdout.contains(&bids), "{bids}\nnot in\n{stdout}");
    // A mistake in what was given is said before the layout is asked for.
    let out = run_bytes(&["session", "--layout", "r*,b,g,y %q:J1"], b"J2 S3 G4\n");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr.contains("unknown player 'q'"), "{stderr}");
    assert!(text(&out.stdout).is_empty());
}

/// As `undo` after `new` goes back to the settlement: a mistyped layout
/// (and the bid with it, R16) is typed again.
#[test]
fn r16_undo_at_the_start_of_an_asked_layout_asks_for_it_again() {
    let layout = "r*,b,g,y $r30,b25,g20,y10";
    let args = ["session", "--layout", layout, "--future", "none"];
    let lines = b"b bid:7 J2 S3 G4\nmodel round\nundo\nJ3 S2 G4\nmodel\nr pass\nundo\nundo\nundo\n";
    let out = run_bytes(&args, lines);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stdout.matches("The voyage: type its layout").count(),
        3,
        "{stdout}"
    );
    let again = "> undo\nUndid the layout: the session asks for it again.\nThe voyage:";
    assert_eq!(stdout.matches(again).count(), 2, "{stdout}");
    // The second answer: r harbour master, b's 7 not paid.
    let second = &stdout[stdout.find("> J3 S2 G4").expect("answered")..];
    assert!(second.contains("harbour master r\n"), "{second}");
    assert!(
        second.contains("b          workers on board 0/3, cash 25"),
        "{second}"
    );
    assert!(second.contains("Undid 'r pass'."), "{second}");
    // The model chosen before `undo` stays.
    assert!(second.contains("> model\nThe model is round"), "{second}");
    // At the question there is nothing to undo; lines count on across it.
    assert_eq!(
        stderr.trim_end(),
        "error: session: line 9: nothing to undo: the session began at this question; \
         type the voyage's layout",
    );
    // A refusal in the voyage after the second answer names its line.
    let out = run_bytes(&args, b"J2 S3 G4\nundo\nJ2 S3 G4\nr ship:tea\n");
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("error: line 4: event 'r ship:tea'"),
        "{stderr}"
    );
    assert!(stderr.contains("session: 1 line refused"), "{stderr}");
}
