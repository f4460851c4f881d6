//! Validation of positions (POSITION.md "Refused positions"), JSON round trips,
//! legal actions against `is_legal`, applying actions in every phase, and the
//! example positions in `examples/`.
//!
//! Each refusal test starts from a valid base position, changes one thing, and
//! checks that the error names the field and the reason.

mod common;

use manila_odds::position::{Problem, reach};
use manila_odds::rules::action::{Action, Destination, ShipMove};
use manila_odds::rules::{self, At, Berth, Cargo, Phase, PlayerId, State};
use manila_odds::{Error, Position, Setup, SetupError};
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;
use serde_json::{Value, json};
use std::sync::OnceLock;

// ===================================================================== helpers

/// The example of POSITION.md: 4 players, placement round 2 after roll 1.
fn base() -> Value {
    serde_json::from_str(&common::position_md_json()).expect("the example is JSON")
}

/// 4 players, the first placement of the voyage (rolls_done 0, nothing placed).
fn base_round1() -> Value {
    json!({
      "players": ["red", "blue", "green", "yellow"],
      "harbour_master": "red",
      "rolls_done": 0,
      "to_move": "red",
      "ships": [
        {"cargo": "jade", "position": 2, "crew": []},
        {"cargo": "silk", "position": 3, "crew": []},
        {"cargo": "ginseng", "position": 4, "crew": []}
      ]
    })
}

/// 4 players, boarding after roll 2: jade and silk on 13, two pirates.
fn base_boarding() -> Value {
    json!({
      "players": ["red", "blue", "green", "yellow"],
      "harbour_master": "red",
      "rolls_done": 2,
      "phase": "boarding",
      "ships": [
        {"cargo": "jade", "position": 13, "crew": ["red", "blue"]},
        {"cargo": "silk", "position": 13, "crew": ["green"]},
        {"cargo": "ginseng", "position": 8, "crew": []}
      ],
      "harbour": {"A": "blue"},
      "pirates": ["yellow", "green"]
    })
}

/// 4 players, the small pilot decides after the last placement round.
fn base_pilot() -> Value {
    json!({
      "players": ["red", "blue", "green", "yellow"],
      "harbour_master": "red",
      "rolls_done": 2,
      "phase": "small_pilot",
      "ships": [
        {"cargo": "jade", "position": 11, "crew": ["red", "blue", "green"]},
        {"cargo": "silk", "position": 12, "crew": ["yellow", "yellow"]},
        {"cargo": "ginseng", "position": 9, "crew": ["blue"]}
      ],
      "harbour": {"A": "yellow"},
      "shipyard": {"C": "red"},
      "pirates": ["blue"],
      "pilots": {"small": "red", "large": "green"},
      "passed": ["green"]
    })
}

/// 4 players, plunder after roll 3: jade on 13, silk a wreck, ginseng docked.
fn base_plunder() -> Value {
    json!({
      "players": ["red", "blue", "green", "yellow"],
      "harbour_master": "red",
      "rolls_done": 3,
      "phase": "plunder",
      "ships": [
        {"cargo": "jade", "position": 13, "crew": ["red", "blue"]},
        {"cargo": "silk", "position": 10, "crew": ["green"]},
        {"cargo": "ginseng", "docked": true, "crew": ["yellow"]}
      ],
      "pirates": ["yellow"]
    })
}

fn with(mut doc: Value, edit: impl FnOnce(&mut Value)) -> Value {
    edit(&mut doc);
    doc
}

fn remove(doc: &mut Value, key: &str) {
    doc.as_object_mut().expect("an object").remove(key);
}

fn accepted(doc: &Value) -> Position {
    Position::from_json(&doc.to_string()).unwrap_or_else(|e| panic!("{e}\n{doc:#}"))
}

/// The problems of a refused position; panics when it is accepted or not JSON.
fn problems(doc: &Value) -> Vec<Problem> {
    match Position::from_json(&doc.to_string()) {
        Err(Error::Setup(SetupError(problems))) => problems,
        Err(e) => panic!("expected a refused position, got another error: {e}\n{doc:#}"),
        Ok(_) => panic!("expected a refused position, it was accepted:\n{doc:#}"),
    }
}

/// Asserts that the position is refused with a problem on `field` whose reason
/// contains `phrase`.
#[track_caller]
fn assert_refused(doc: &Value, field: &str, phrase: &str) {
    let found = problems(doc);
    assert!(
        found
            .iter()
            .any(|p| p.field == field && p.reason.contains(phrase)),
        "expected a problem on `{field}` containing {phrase:?}, got:\n{found:#?}\nin:\n{doc:#}"
    );
}

/// The JSON error of text that is not a position.
#[track_caller]
fn json_error(text: &str) -> manila_odds::parse::json::JsonError {
    match Position::from_json(text) {
        Err(Error::Json(e)) => e,
        Err(e) => panic!("expected a JSON error, got: {e}"),
        Ok(_) => panic!("expected a JSON error, it was accepted:\n{text}"),
    }
}

fn action(name: &str) -> Action {
    Action::parse(name).unwrap_or_else(|| panic!("'{name}' is an action name"))
}

fn names(actions: &[Action]) -> Vec<String> {
    actions.iter().map(|a| a.to_string()).collect()
}

fn example(name: &str) -> Position {
    common::examples()
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("examples/{name} exists"))
        .1
}

// ============================================================ the bases are valid

#[test]
fn base_positions_are_valid() {
    for doc in [
        base(),
        base_round1(),
        base_boarding(),
        base_pilot(),
        base_plunder(),
    ] {
        accepted(&doc);
    }
}

// ================================================================ JSON and shape

#[test]
fn malformed_json_reports_line_and_column() {
    let text = "{\n  \"players\": [\"red\",\n    \"blue\" \"green\"]\n}\n";
    let e = json_error(text);
    assert_eq!((e.line, e.column), (3, 12), "{e}");
    assert!(e.message.contains("expected `,` or `]`"), "{e}");
    let shown = Error::Json(e).to_string();
    assert!(shown.contains("line 3, column 12"), "{shown}");
}

#[test]
fn truncated_json_reports_where_it_ends() {
    let text = base().to_string();
    let e = json_error(&text[..text.len() / 2]);
    assert_eq!(e.line, 1);
    assert!(e.column > 0, "{e}");
    assert!(e.message.contains("EOF"), "{e}");
}

#[test]
fn wrong_type_reports_line_and_column() {
    let text = "{\n  \"players\": [\"red\", \"blue\", \"green\"],\n  \"harbour_master\": \"red\",\n  \"rolls_done\": \"two\"\n}";
    let e = json_error(text);
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("invalid type"), "{e}");
}

#[test]
fn a_map_key_that_is_no_cargo_is_named_in_the_path() {
    let doc = with(base(), |d| d["shares"]["red"]["tea"] = json!(1));
    let e = json_error(&doc.to_string());
    assert!(
        e.message
            .starts_with("shares.red.tea: unknown variant `tea`"),
        "{e}"
    );
    let doc = with(base(), |d| d["prices"]["tea"] = json!(5));
    let e = json_error(&doc.to_string());
    assert!(e.message.starts_with("prices.tea: unknown variant"), "{e}");
}

#[test]
fn a_wrong_type_under_a_cargo_key_names_the_cargo() {
    let doc = with(base(), |d| d["prices"]["jade"] = json!(5.0));
    let e = json_error(&doc.to_string());
    assert!(e.message.starts_with("prices.jade: invalid type"), "{e}");
    let doc = with(base(), |d| d["shares"]["red"]["jade"] = json!("1"));
    let e = json_error(&doc.to_string());
    assert!(
        e.message.starts_with("shares.red.jade: invalid type"),
        "{e}"
    );
    let doc = with(base(), |d| d["ships"][0]["cargo"] = json!(7));
    let e = json_error(&doc.to_string());
    assert!(e.message.starts_with("ships[0].cargo: invalid type"), "{e}");
}

#[test]
fn unknown_field_at_top_level_is_refused() {
    let doc = with(base(), |d| d["colour"] = json!("red"));
    let e = json_error(&doc.to_string());
    assert!(e.message.contains("unknown field `colour`"), "{e}");
}

#[test]
fn unknown_field_in_a_ship_is_refused() {
    let doc = with(base(), |d| d["ships"][1]["speed"] = json!(3));
    let e = json_error(&serde_json::to_string_pretty(&doc).unwrap());
    assert!(e.message.contains("unknown field `speed`"), "{e}");
    assert!(e.line > 1, "{e}");
}

/// A named edit of a document, for tables of cases.
type Case = (&'static str, Box<dyn Fn(&mut Value)>);

fn case(label: &'static str, edit: impl Fn(&mut Value) + 'static) -> Case {
    (label, Box::new(edit))
}

#[test]
fn unknown_fields_in_berths_pilots_and_variant_are_refused() {
    let cases = [
        case("`D`", |d| d["harbour"]["D"] = json!(null)),
        case("`medium`", |d| d["pilots"]["medium"] = json!(null)),
        case("`weak_pirates`", |d| {
            d["variant"]["weak_pirates"] = json!(true)
        }),
        case("`speed`", |d| {
            d["boarded"] = json!([{"cargo": "jade", "seat": 0, "speed": 1}])
        }),
    ];
    for (field, edit) in cases {
        let doc = with(base(), edit);
        let e = json_error(&doc.to_string());
        assert!(e.message.contains(&format!("unknown field {field}")), "{e}");
    }
}

#[test]
fn r1_unknown_cargo_is_refused() {
    let doc = with(base(), |d| d["ships"][2]["cargo"] = json!("tea"));
    let e = json_error(&doc.to_string());
    assert!(e.message.contains("unknown variant `tea`"), "{e}");
}

#[test]
fn r1_three_to_five_players() {
    let two = with(base(), |d| d["players"] = json!(["red", "blue"]));
    assert_refused(&two, "players", "needs 3 to 5 players, found 2");
    let six = with(base(), |d| {
        d["players"] = json!(["red", "blue", "green", "yellow", "black", "white"])
    });
    assert_refused(&six, "players", "needs 3 to 5 players, found 6");
}

#[test]
fn duplicate_players_are_refused() {
    let doc = with(base(), |d| {
        d["players"] = json!(["red", "blue", "green", "red"])
    });
    assert_refused(&doc, "players[3]", "duplicate player 'red'");
}

#[test]
fn empty_player_name_is_refused() {
    let doc = with(base(), |d| d["players"][3] = json!(""));
    assert_refused(&doc, "players[3]", "cannot be empty");
    let doc = with(base(), |d| d["players"][3] = json!(" \t"));
    assert_refused(&doc, "players[3]", "cannot be blank, found \" \\t\"");
    // A blank name's control character is its reason.
    let doc = with(base(), |d| d["players"][3] = json!("\u{85}"));
    assert_refused(
        &doc,
        "players[3]",
        "cannot hold control characters, found '\\u{85}'",
    );
}

#[test]
fn unknown_player_names_are_refused_in_every_field() {
    let cases = [
        case("harbour_master", |d| d["harbour_master"] = json!("mauve")),
        case("to_move", |d| d["to_move"] = json!("mauve")),
        case("ships[0].crew[1]", |d| {
            d["ships"][0]["crew"][1] = json!("mauve")
        }),
        case("harbour.B", |d| d["harbour"]["B"] = json!("mauve")),
        case("shipyard.A", |d| d["shipyard"]["A"] = json!("mauve")),
        case("pirates[0]", |d| d["pirates"][0] = json!("mauve")),
        case("pilots.small", |d| d["pilots"]["small"] = json!("mauve")),
        case("pilots.large", |d| d["pilots"]["large"] = json!("mauve")),
        case("insurance", |d| d["insurance"] = json!("mauve")),
        case("passed[0]", |d| d["passed"] = json!(["mauve"])),
        case("cash.mauve", |d| d["cash"]["mauve"] = json!(5)),
        case("shares.mauve", |d| {
            d["shares"]["mauve"] = json!({"jade": 1})
        }),
    ];
    for (field, edit) in cases {
        let doc = with(base(), edit);
        assert_refused(&doc, field, "unknown player 'mauve'");
        let found = problems(&doc);
        assert!(
            found
                .iter()
                .any(|p| p.reason.contains("players: red, blue, green, yellow")),
            "{field}: the reason lists the players: {found:#?}"
        );
    }
}

#[test]
fn player_names_are_case_sensitive() {
    let doc = with(base(), |d| d["harbour_master"] = json!("Red"));
    assert_refused(&doc, "harbour_master", "unknown player 'Red'");
}

#[test]
fn r3_duplicate_cargos_are_refused() {
    let doc = with(base(), |d| d["ships"][2]["cargo"] = json!("jade"));
    assert_refused(&doc, "ships[2].cargo", "duplicate cargo 'jade'");
}

#[test]
fn r3_exactly_three_ships() {
    let two = with(base(), |d| {
        d["ships"].as_array_mut().unwrap().pop();
    });
    assert_refused(&two, "ships", "needs exactly 3 ships, found 2");
    let four = with(base(), |d| {
        d["ships"]
            .as_array_mut()
            .unwrap()
            .push(json!({"cargo": "nutmeg", "position": 4}))
    });
    assert_refused(&four, "ships", "needs exactly 3 ships, found 4");
}

#[test]
fn r1_crew_longer_than_the_seats_is_refused() {
    let doc = with(base(), |d| {
        d["ships"][1]["crew"] = json!(["green", "yellow", "green", "yellow"])
    });
    assert_refused(
        &doc,
        "ships[1].crew",
        "silk has 3 seats, found 4 passengers",
    );
    // Jade has 4 seats: 4 passengers fit, 5 do not.
    let five = with(base_round1(), |d| {
        d["ships"][0]["crew"] = json!(["red", "blue", "green", "yellow", "red"])
    });
    assert_refused(&five, "ships[0].crew", "jade has 4 seats, found 5");
}

#[test]
fn r1_more_workers_on_the_board_than_owned_is_refused() {
    // red holds a jade seat and the large pilot: 2 workers, but owns only 1.
    let doc = with(base(), |d| d["workers"] = json!(1));
    assert_refused(
        &doc,
        "players",
        "'red' has 2 workers on the board but owns 1",
    );
    // With the default 3 workers, 4 slots after the last round are too many.
    let four = with(base_pilot(), |d| d["harbour"]["B"] = json!("yellow"));
    assert_refused(
        &four,
        "players",
        "'yellow' has 4 workers on the board but owns 3",
    );
}

#[test]
fn workers_per_player_must_be_sensible() {
    let doc = with(base(), |d| d["workers"] = json!(0));
    assert_refused(
        &doc,
        "workers",
        "must be 1 to 6 workers per player, found 0",
    );
}

#[test]
fn r2_positions_outside_0_to_13_are_refused() {
    let high = with(base_pilot(), |d| d["ships"][1]["position"] = json!(14));
    assert_refused(&high, "ships[1].position", "must be 0 to 13, found 14");
    let low = with(base(), |d| d["ships"][0]["position"] = json!(-1));
    assert_refused(&low, "ships[0].position", "must be 0 to 13, found -1");
}

#[test]
fn a_ship_needs_a_position_or_docked() {
    let neither = with(base(), |d| {
        d["ships"][1].as_object_mut().unwrap().remove("position");
    });
    assert_refused(
        &neither,
        "ships[1]",
        "needs a position (0..13) or \"docked\": true",
    );
    let both = with(base_pilot(), |d| d["ships"][1]["docked"] = json!(true));
    assert_refused(&both, "ships[1]", "not both");
}

#[test]
fn r3_start_spaces_must_be_0_to_5() {
    let doc = with(base_round1(), |d| {
        d["ships"][0]["position"] = json!(6);
        d["ships"][1]["position"] = json!(3);
        d["ships"][2]["position"] = json!(0);
    });
    assert_refused(
        &doc,
        "ships[0].position",
        "start spaces are 0 to 5 before roll 1 (rolls_done 0), found 6",
    );
}

#[test]
fn r3_start_spaces_must_sum_to_9() {
    let doc = with(base_round1(), |d| d["ships"][2]["position"] = json!(5));
    assert_refused(
        &doc,
        "ships",
        "start spaces must sum to 9 before roll 1 (rolls_done 0), found 10",
    );
    let low = with(base_round1(), |d| d["ships"][0]["position"] = json!(0));
    assert_refused(&low, "ships", "found 7");
}

#[test]
fn r2_no_ship_docks_before_roll_2() {
    let at_start = with(base_round1(), |d| {
        d["ships"][2] = json!({"cargo": "ginseng", "docked": true, "crew": []})
    });
    assert_refused(
        &at_start,
        "ships[2].docked",
        "no ship can dock before roll 2 (rolls_done 0)",
    );
    let after_roll1 = with(base(), |d| {
        d["ships"][1] = json!({"cargo": "silk", "docked": true, "crew": []})
    });
    assert_refused(&after_roll1, "ships[1].docked", "(rolls_done 1)");
}

#[test]
fn r4_rolls_done_must_be_0_to_3() {
    let four = with(base(), |d| d["rolls_done"] = json!(4));
    assert_refused(&four, "rolls_done", "must be 0 to 3, found 4");
    let negative = with(base(), |d| d["rolls_done"] = json!(-1));
    assert_refused(&negative, "rolls_done", "must be 0 to 3, found -1");
}

#[test]
fn r4_phase_must_fit_rolls_done() {
    let cases = [
        (
            base(),
            3,
            "phase placement needs 0, 1 or 2 rolls done, found rolls_done 3",
        ),
        (
            base_boarding(),
            1,
            "phase boarding needs rolls_done 2, found rolls_done 1",
        ),
        (
            base_pilot(),
            3,
            "phase small_pilot needs rolls_done 2, found rolls_done 3",
        ),
        (
            with(base_pilot(), |d| d["phase"] = json!("large_pilot")),
            1,
            "phase large_pilot needs rolls_done 2",
        ),
        (
            base_plunder(),
            2,
            "phase plunder needs rolls_done 3, found rolls_done 2",
        ),
    ];
    for (doc, rolls, phrase) in cases {
        let doc = with(doc, |d| d["rolls_done"] = json!(rolls));
        assert_refused(&doc, "phase", phrase);
    }
}

#[test]
fn unknown_phase_is_refused() {
    let doc = with(base(), |d| d["phase"] = json!("settlement"));
    let e = json_error(&doc.to_string());
    assert!(e.message.contains("unknown variant `settlement`"), "{e}");
}

#[test]
fn r5_placement_needs_a_player_to_move() {
    let doc = with(base(), |d| remove(d, "to_move"));
    assert_refused(
        &doc,
        "to_move",
        "the placement phase needs a player to move",
    );
}

#[test]
fn r5_only_placement_has_a_player_to_move() {
    let doc = with(base_pilot(), |d| d["to_move"] = json!("red"));
    assert_refused(
        &doc,
        "to_move",
        "only the placement phase has a player to move",
    );
}

#[test]
fn r5_to_move_who_passed_is_refused() {
    let doc = with(base(), |d| d["passed"] = json!(["green"]));
    assert_refused(&doc, "to_move", "'green' has passed");
}

#[test]
fn r5_to_move_with_no_worker_in_hand_is_refused() {
    // One worker each, all placed in round 1: round 2 has nobody to move.
    let doc = with(base(), |d| {
        d["workers"] = json!(1);
        d["pilots"]["large"] = json!(null);
        d["ships"][0]["crew"] = json!(["red"]);
    });
    assert_refused(&doc, "to_move", "'green' has no worker in hand");
}

#[test]
fn passed_listed_twice_is_refused() {
    let doc = with(base(), |d| d["passed"] = json!(["blue", "blue"]));
    assert_refused(&doc, "passed[1]", "'blue' is listed twice");
}

#[test]
fn r1_pirate_ship_has_two_slots() {
    let doc = with(base(), |d| d["pirates"] = json!(["yellow", "red", "blue"]));
    assert_refused(&doc, "pirates", "the pirate ship has 2 slots, found 3");
}

#[test]
fn r8_small_pilot_phase_needs_a_small_pilot() {
    let doc = with(base_pilot(), |d| d["pilots"]["small"] = json!(null));
    assert_refused(
        &doc,
        "phase",
        "phase small_pilot but nobody holds the small pilot",
    );
}

#[test]
fn r8_large_pilot_phase_needs_a_large_pilot() {
    let doc = with(base_pilot(), |d| {
        d["phase"] = json!("large_pilot");
        d["pilots"]["large"] = json!(null);
    });
    assert_refused(
        &doc,
        "phase",
        "phase large_pilot but nobody holds the large pilot",
    );
}

#[test]
fn r7_boarding_needs_a_ship_on_13() {
    let doc = with(base_boarding(), |d| {
        d["ships"][0]["position"] = json!(12);
        d["ships"][1]["position"] = json!(11);
    });
    assert_refused(&doc, "phase", "boarding needs a ship at sea on 13");
}

#[test]
fn r7_boarding_needs_a_pirate() {
    let doc = with(base_boarding(), |d| d["pirates"] = json!([]));
    assert_refused(&doc, "phase", "boarding needs a pirate on the pirate ship");
}

#[test]
fn r7_boarding_next_must_index_the_pirates() {
    let doc = with(base_boarding(), |d| d["boarding_next"] = json!(2));
    assert_refused(
        &doc,
        "boarding_next",
        "must index the pirates list (0 to 1), found 2",
    );
    let one_pirate = with(base_boarding(), |d| {
        d["pirates"] = json!(["yellow"]);
        d["boarding_next"] = json!(1);
    });
    assert_refused(&one_pirate, "boarding_next", "(0 to 0), found 1");
}

#[test]
fn r7_boarding_fields_belong_to_the_boarding_phase() {
    // The default, 0, says nothing and is accepted in any phase.
    let default = with(base(), |d| d["boarding_next"] = json!(0));
    assert!(Position::from_json(&default.to_string()).is_ok());
    let doc = with(base(), |d| d["boarding_next"] = json!(1));
    assert_refused(
        &doc,
        "boarding_next",
        "belongs to the boarding phase (phase placement)",
    );
    let boarded = with(base(), |d| {
        d["boarded"] = json!([{"cargo": "jade", "seat": 0}]);
    });
    assert_refused(&boarded, "boarded", "belongs to the boarding phase");
}

#[test]
fn r7_only_the_captain_can_have_boarded_before_the_other_pirate_decides() {
    let one = with(base_boarding(), |d| {
        d["variant"] = json!({"strong_pirates": true});
        d["pirates"] = json!(["green"]);
        d["ships"][0]["crew"] = json!(["red", "blue", "yellow"]);
        d["boarded"] = json!([{"cargo": "jade", "seat": 2}]);
    });
    accepted(&one);
    let two = with(one, |d| {
        d["boarded"] = json!([{"cargo": "jade", "seat": 2}, {"cargo": "jade", "seat": 1}]);
    });
    assert_refused(&two, "boarded", "at most 1 seat, found 2");
}

#[test]
fn r7_boarded_seats_need_strong_pirates() {
    let doc = with(base_boarding(), |d| {
        d["pirates"] = json!(["green"]);
        d["ships"][0]["crew"] = json!(["red", "blue", "yellow"]);
        d["boarded"] = json!([{"cargo": "jade", "seat": 2}]);
    });
    assert_refused(
        &doc,
        "boarded",
        "only the strong-pirates variant records boarded seats",
    );
}

#[test]
fn r7_boarded_seat_must_be_occupied_on_a_ship_on_13() {
    let doc = with(base_boarding(), |d| {
        d["variant"] = json!({"strong_pirates": true});
        d["pirates"] = json!(["green"]);
        d["ships"][0]["crew"] = json!(["red", "blue", "yellow"]);
        d["boarded"] = json!([{"cargo": "ginseng", "seat": 0}]);
    });
    assert_refused(
        &doc,
        "boarded[0]",
        "no occupied seat 0 on a ship of ginseng on 13",
    );
    let empty_seat = with(doc, |d| {
        d["boarded"] = json!([{"cargo": "jade", "seat": 3}])
    });
    assert_refused(&empty_seat, "boarded[0]", "no occupied seat 3");
}

#[test]
fn r7_a_boarded_seat_is_the_last_filled_unless_every_ship_on_13_was_full() {
    // Jade has a free seat: the captain took the cheapest, seat 2, not seat 1.
    let gap = with(base_boarding(), |d| {
        d["variant"] = json!({"strong_pirates": true});
        d["pirates"] = json!(["green"]);
        d["ships"][0]["crew"] = json!(["red", "yellow", "blue"]);
        d["boarded"] = json!([{"cargo": "jade", "seat": 1}]);
    });
    assert_refused(
        &gap,
        "boarded[0]",
        "seat 1 of jade cannot have been boarded",
    );
    // Jade full, but silk on 13 had a free seat: no removal was allowed.
    let full_jade = with(gap, |d| {
        d["ships"][0]["crew"] = json!(["red", "yellow", "blue", "red"]);
        d["harbour"] = json!({});
    });
    assert_refused(
        &full_jade,
        "boarded[0]",
        "removes a passenger only when no ship on 13",
    );
    // Every ship on 13 full: the captain removed seat 1's passenger.
    let both_full = with(full_jade, |d| {
        d["ships"][1]["crew"] = json!(["green", "blue", "yellow"]);
        d["pirates"] = json!(["green"]);
    });
    accepted(&both_full);
}

#[test]
fn r10_plunder_needs_a_ship_on_13() {
    let doc = with(base_plunder(), |d| d["ships"][0]["position"] = json!(12));
    assert_refused(&doc, "phase", "plunder needs a ship at sea on 13");
}

#[test]
fn r10_plunder_needs_a_pirate() {
    let doc = with(base_plunder(), |d| d["pirates"] = json!([]));
    assert_refused(&doc, "phase", "plunder needs a pirate on the pirate ship");
}

#[test]
fn r5_negative_cash_is_refused() {
    let doc = with(base(), |d| d["cash"]["blue"] = json!(-3));
    assert_refused(&doc, "cash.blue", "cash cannot be negative, found -3");
}

#[test]
fn r5_share_counts_above_5_are_refused() {
    let doc = with(base(), |d| d["shares"]["red"]["jade"] = json!(6));
    assert_refused(&doc, "shares.red.jade", "must be 0 to 5 shares, found 6");
    let negative = with(base(), |d| d["shares"]["blue"]["silk"] = json!(-1));
    assert_refused(&negative, "shares.blue.silk", "found -1");
}

#[test]
fn r1_more_than_five_shares_of_a_cargo_in_all_are_refused() {
    let doc = with(base(), |d| {
        d["shares"] = json!({"red": {"jade": 3}, "blue": {"jade": 2, "silk": 5}});
    });
    assert!(Position::from_json(&doc.to_string()).is_ok(), "five in all");
    let doc = with(base(), |d| {
        d["shares"] = json!({"red": {"jade": 3}, "blue": {"jade": 3}});
    });
    assert_refused(
        &doc,
        "shares",
        "6 jade shares held in all, but there are 5 of each cargo",
    );
}

#[test]
fn r12_prices_must_be_on_the_track() {
    for price in [-5, 1, 15, 25, 40] {
        let doc = with(base(), |d| d["prices"]["silk"] = json!(price));
        assert_refused(
            &doc,
            "prices.silk",
            &format!("{price} is not on the price track"),
        );
    }
    for price in rules::PRICE_TRACK {
        accepted(&with(base(), |d| d["prices"]["silk"] = json!(price)));
    }
}

#[test]
fn r6_ship_position_must_be_reachable_by_the_dice() {
    // After 1 roll a ship stands on 1 to 11.
    let too_far = with(base(), |d| d["ships"][1]["position"] = json!(12));
    assert_refused(
        &too_far,
        "ships[1].position",
        "no dice give space 12 after 1 rolls",
    );
    let too_near = with(base(), |d| d["ships"][2]["position"] = json!(0));
    assert_refused(
        &too_near,
        "ships[2].position",
        "no dice give space 0 after 1 rolls",
    );
    accepted(&with(base(), |d| d["ships"][1]["position"] = json!(11)));
    accepted(&with(base(), |d| d["ships"][2]["position"] = json!(1)));
    // After 2 rolls (before the pilots) at least 2.
    let two = with(base_pilot(), |d| d["ships"][2]["position"] = json!(1));
    assert_refused(
        &two,
        "ships[2].position",
        "no dice give space 1 after 2 rolls",
    );
    // After 3 rolls at least 1 (pilots may have moved it back by 3).
    let three = with(base_plunder(), |d| {
        d["ships"][1]["position"] = json!(0);
        d["pilots"] = json!({"small": "red", "large": "blue"});
    });
    assert_refused(
        &three,
        "ships[1].position",
        "no dice give space 0 after 3 rolls",
    );
}

#[test]
fn r8_only_a_pilot_somebody_holds_has_moved_a_ship_back() {
    // The large pilot decides: only the small pilot can have moved a ship, by 1.
    let large = with(base_pilot(), |d| {
        d["phase"] = json!("large_pilot");
        d["ships"][2]["position"] = json!(1);
    });
    accepted(&large);
    let no_small = with(large, |d| d["pilots"]["small"] = json!(null));
    assert_refused(
        &no_small,
        "ships[2].position",
        "no dice give space 1 after 2 rolls (possible: 2 to 13)",
    );
    // Before roll 3 both pilots held may have moved a ship 3 back, not below 0.
    let before_roll_3 = with(base_pilot(), |d| {
        d["phase"] = json!("roll");
        d["ships"][2]["position"] = json!(0);
    });
    accepted(&before_roll_3);
    let small_only = with(before_roll_3, |d| d["pilots"]["large"] = json!(null));
    assert_refused(
        &small_only,
        "ships[2].position",
        "no dice give space 0 after 2 rolls (possible: 1 to 13)",
    );
    // After roll 3 with no pilot held, each of the 3 rolls moved it at least 1.
    let no_pilot = with(base_plunder(), |d| d["ships"][1]["position"] = json!(2));
    assert_refused(
        &no_pilot,
        "ships[1].position",
        "no dice give space 2 after 3 rolls (possible: 3 to 13)",
    );
    accepted(&with(base_plunder(), |d| {
        d["ships"][1]["position"] = json!(1);
        d["pilots"] = json!({"small": "red", "large": "blue"});
    }));
}

#[test]
fn r5_more_workers_than_the_rounds_begun_allow_is_refused() {
    // Round 2, green to move: yellow (after green in turn order) has had one turn.
    let doc = with(base(), |d| d["insurance"] = json!("yellow"));
    assert_refused(
        &doc,
        "players",
        "'yellow' has 2 workers on the board, but at most 1 can be placed in round 2 before 'green' moves",
    );
    // Red, before green, has had two turns: a third worker is too many.
    let red = with(base(), |d| d["insurance"] = json!("red"));
    assert_refused(
        &red,
        "players",
        "'red' has 3 workers on the board, but at most 2",
    );
    // Round 1, b to move after the harbour master a: d has had no turn yet.
    let early = json!({"players": ["a", "b", "c", "d"], "harbour_master": "a",
        "rolls_done": 0, "phase": "placement", "to_move": "b", "round": 1,
        "ships": [{"cargo": "jade", "position": 2, "crew": ["a"]},
                  {"cargo": "silk", "position": 3, "crew": ["d"]},
                  {"cargo": "ginseng", "position": 4, "crew": []}]});
    assert_refused(
        &early,
        "players",
        "'d' has 1 worker on the board, but at most 0 can be placed in round 1 before 'b' moves",
    );
}

#[test]
fn r5_turn_order_counts_from_the_harbour_master() {
    // The same board is fine with red as harbour master (red and blue have moved
    // twice before green), and refused with green as harbour master (green moves
    // first in round 2, so nobody has placed a second worker yet).
    accepted(&base());
    let doc = with(base(), |d| d["harbour_master"] = json!("green"));
    assert_refused(
        &doc,
        "players",
        "at most 1 can be placed in round 2 before 'green' moves",
    );
    // With blue as harbour master, red sits last in turn order.
    let blue = with(base(), |d| {
        d["harbour_master"] = json!("blue");
    });
    assert_refused(
        &blue,
        "players",
        "'red' has 2 workers on the board, but at most 1",
    );
}

#[test]
fn r4_workers_after_the_last_round_are_bounded_outside_placement() {
    // Boarding comes after round 2 (4 players): nobody has more than 2 workers out.
    let doc = with(base_boarding(), |d| d["insurance"] = json!("blue"));
    assert_refused(
        &doc,
        "players",
        "'blue' has 3 workers on the board, but at most 2 can be placed after 2 placement rounds",
    );
}

#[test]
fn r4_round_must_fit_rolls_done() {
    let doc = with(base(), |d| d["round"] = json!(3));
    assert_refused(
        &doc,
        "round",
        "with 4 players and rolls_done 1 the round is 2, found 3",
    );
    let three = with(base_round1(), |d| {
        d["players"] = json!(["red", "blue", "green"]);
        d["round"] = json!(3);
    });
    assert_refused(&three, "round", "the round is 1 or 2, found 3");
}

#[test]
fn r4_ambiguous_round_must_be_given() {
    // 3 players before roll 1: rounds 1 and 2 both fit an empty board with blue to move.
    let doc = with(base_round1(), |d| {
        d["players"] = json!(["red", "blue", "green"]);
        d["to_move"] = json!("blue");
    });
    assert_refused(
        &doc,
        "round",
        "ambiguous here: give the placement round under way",
    );
}

#[test]
fn r4_round_is_inferred_for_3_players() {
    // Everyone placed once, red (harbour master) to move again: round 2.
    let doc = with(base_round1(), |d| {
        d["players"] = json!(["red", "blue", "green"]);
        d["ships"][0]["crew"] = json!(["red", "blue"]);
        d["ships"][1]["crew"] = json!(["green"]);
    });
    let p = accepted(&doc);
    assert_eq!(p.state().round, 2);
    let fresh = with(base_round1(), |d| {
        d["players"] = json!(["red", "blue", "green"])
    });
    assert_eq!(accepted(&fresh).state().round, 1);
}

#[test]
fn several_problems_are_all_reported() {
    let doc = with(base(), |d| {
        d["harbour_master"] = json!("mauve");
        d["rolls_done"] = json!(7);
        d["ships"][0]["crew"][0] = json!("pink");
        d["harbour"]["B"] = json!("teal");
        d["cash"]["blue"] = json!(-1);
        d["shares"]["red"]["jade"] = json!(9);
        d["prices"]["silk"] = json!(15);
    });
    let found = problems(&doc);
    let fields: Vec<&str> = found.iter().map(|p| p.field.as_str()).collect();
    for field in [
        "harbour_master",
        "rolls_done",
        "ships[0].crew[0]",
        "harbour.B",
        "cash.blue",
        "shares.red.jade",
        "prices.silk",
    ] {
        assert!(fields.contains(&field), "{field} missing from {found:#?}");
    }
    let shown = Error::Setup(SetupError(found)).to_string();
    assert!(shown.starts_with("invalid position:"), "{shown}");
    assert!(
        shown.contains("prices.silk: 15 is not on the price track"),
        "{shown}"
    );
}

#[test]
fn several_rule_problems_are_all_reported() {
    let doc = with(base_round1(), |d| {
        d["ships"][0]["position"] = json!(7);
        d["ships"][1]["crew"] = json!(["red", "red", "red", "red"]);
        d["pirates"] = json!(["red", "blue", "green"]);
    });
    let found = problems(&doc);
    let has = |field: &str, phrase: &str| {
        found
            .iter()
            .any(|p| p.field == field && p.reason.contains(phrase))
    };
    assert!(has("ships[0].position", "found 7"), "{found:#?}");
    assert!(has("ships", "sum to 9"), "{found:#?}");
    assert!(has("ships[1].crew", "3 seats"), "{found:#?}");
    assert!(has("pirates", "2 slots"), "{found:#?}");
}

// ------------------------------------------------ positions no legal play reaches

#[test]
fn r5_turns_left_unrecorded_are_accepted() {
    // Accepted on purpose: earlier turns change no value, and hand-written positions often leave them out.
    // Round 2, green to move: red (harbour master) has placed nothing and has not
    // passed, yet red must have placed or passed on its two turns so far.
    let doc = with(base(), |d| {
        d["ships"][0]["crew"] = json!(["blue"]);
        d["pilots"]["large"] = json!(null);
    });
    accepted(&doc);
}

#[test]
fn r5_to_move_is_not_checked_against_earlier_turns() {
    // Accepted on purpose, as above: nobody's earlier turns are required.
    // Round 1, nothing placed, nobody passed: red (harbour master) moves first.
    let doc = with(base_round1(), |d| d["to_move"] = json!("yellow"));
    accepted(&doc);
}

#[test]
fn r8_pilot_phase_accepts_workers_left_in_hand() {
    // Accepted on purpose, as above.
    // After round 3 every player who has not passed has placed all 3 workers
    // (without strong pirates); blue has 2 out and has not passed.
    let doc = with(base_pilot(), |d| d["pirates"] = json!([]));
    accepted(&doc);
}

#[test]
fn r7_boarded_seats_mean_the_captain_has_boarded() {
    // A boarded seat means the captain boarded and left the pirate ship; with two
    // pirates still on it nobody can have boarded in this step.
    let doc = with(base_boarding(), |d| {
        d["variant"] = json!({"strong_pirates": true});
        d["ships"][0]["crew"] = json!(["red", "blue", "yellow"]);
        d["boarded"] = json!([{"cargo": "jade", "seat": 2}]);
    });
    problems(&doc);
}

#[test]
fn r3_start_space_problem_names_the_right_ship() {
    let doc = with(base_round1(), |d| {
        d["ships"][0] = json!({"cargo": "jade", "docked": true, "crew": []});
        d["ships"][1]["position"] = json!(7);
    });
    let found = problems(&doc);
    assert!(
        !found
            .iter()
            .any(|p| p.field == "ships[0].position" && p.reason.contains("found 7")),
        "ship 1 is on 7, not ship 0: {found:#?}"
    );
}

#[test]
fn r3_r6_r8_every_position_a_voyage_passes_through_is_reachable_together() {
    // The note that ships stand where no voyage puts them must never be
    // given for one that did: every state of random voyages, dice due and
    // pilots acted included, and the pilots' every move tried once.
    let mut rng = common::Rng::new(44);
    let mut states = 0;
    for _ in 0..3000 {
        let mut s = common::random_start(&mut rng);
        while s.phase != Phase::Over {
            states += 1;
            assert_eq!(reach::unreachable(&s), None, "{s:?}");
            if s.phase == Phase::Roll {
                let dice = [0; 3].map(|_| 1 + rng.below(6) as u8);
                s = rules::roll(&s, dice);
                continue;
            }
            let legal = rules::legal_actions(&s);
            let pilots = matches!(s.phase, Phase::SmallPilot | Phase::LargePilot);
            if pilots {
                for &a in &legal {
                    let next = rules::apply(&s, a).expect("legal actions apply");
                    assert_eq!(reach::unreachable(&next), None, "{a} from {s:?}");
                }
            }
            s = rules::apply(&s, legal[rng.below(legal.len())]).expect("legal actions apply");
        }
    }
    assert!(states > 30_000, "{states}");
}

#[test]
fn r3_r6_r8_ships_no_voyage_puts_together_are_accepted_with_a_note() {
    let note = |pos: &str| {
        let out = common::run_bin(&["odds", "--future", "none", "--pos", pos], None);
        assert_eq!(out.status.code(), Some(0), "{pos}");
        assert!(!out.stdout.is_empty());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    // Three ships on 1 after roll 1 started on 0, 0, 0: not 9 (R3).
    assert_eq!(
        note("r*,b,g,y 1:r J1 S1 N1"),
        "note: --pos: no layout (R3) and dice (R6) put the ships there together after 1 roll: \
         jade 1, silk 1, nutmeg 1; the figures are for the position as given\n"
    );
    // With dice due, both pilots have moved: 3 spaces back in all, not 4 (R8).
    assert!(note("r*,b,g,y 2:roll J0 S4 N7 s:b l:r").contains(
        "no layout (R3), dice (R6) and pilot moves (R8) put the ships there together \
             after 2 rolls: jade 0, silk 4, nutmeg 7;"
    ));
    // One space less, and the pilots reach it: no note.
    assert_eq!(note("r*,b,g,y 2:roll J0 S5 N7 s:b l:r"), "");
    assert_eq!(note("r*,b,g,y 1:g J7 S9 G2"), "");
}

#[test]
fn r6_positions_are_checked_ship_by_ship() {
    // POSITION.md bounds each ship by the dice alone (k to 5 + 6k after k rolls); no joint layout
    // is required (the command line notes it: see the test above).
    // After roll 1 each ship stands on its start space plus 1 to 6. Three ships on
    // 1 need start spaces 0, 0, 0 (sum 0); three on 11 need 5, 5, 5 (sum 15).
    for space in [1, 11] {
        let doc = with(base(), |d| {
            for i in 0..3 {
                d["ships"][i]["position"] = json!(space);
            }
        });
        accepted(&doc);
    }
}

#[test]
fn round_outside_placement_must_be_the_last_round_begun_or_the_next() {
    let doc = with(base_boarding(), |d| d["round"] = json!(7));
    assert_refused(&doc, "round", "the last round begun is 2, found 7");
    // Boarding comes between rounds 2 and 3 (4 players): either may be named.
    for round in [2, 3] {
        let p = accepted(&with(base_boarding(), |d| d["round"] = json!(round)));
        assert_eq!(p.state().round, 2);
    }
}

#[test]
fn duplicate_cash_keys_are_refused() {
    let text = base()
        .to_string()
        .replace("\"red\":12", "\"red\":12,\"red\":50");
    assert!(text.contains("\"red\":50"));
    let e = Position::from_json(&text)
        .expect_err("a repeated key")
        .to_string();
    assert!(e.contains("duplicate key 'red'"), "{e}");
}

#[test]
fn duplicate_share_keys_are_named_as_written() {
    let doc = with(base(), |d| {
        d["shares"] = json!({"red": {"jade": 1}});
    });
    let text = doc
        .to_string()
        .replace("{\"jade\":1}", "{\"jade\":1,\"jade\":2}");
    assert!(text.contains("\"jade\":2"), "{text}");
    let e = Position::from_json(&text)
        .expect_err("a repeated key")
        .to_string();
    assert!(e.contains("duplicate key 'jade'"), "{e}");
}

// ================================================================== round trips

/// Examples and 500 generated positions.
fn all_positions() -> &'static [(String, Position)] {
    static ALL: OnceLock<Vec<(String, Position)>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = common::examples();
        all.extend((0..500).map(|seed| (format!("seed {seed}"), common::random_position(seed))));
        all
    })
}

#[test]
fn examples_and_generated_positions_round_trip() {
    for (name, p) in all_positions() {
        let json = p.to_setup().to_json();
        let back = Position::from_json(&json).unwrap_or_else(|e| panic!("{name}: {e}\n{json}"));
        assert_eq!(&back, p, "{name}\n{json}");
        assert_eq!(back.to_setup().to_json(), json, "{name}: writing is stable");
    }
}

#[test]
fn examples_are_pretty_printed_with_two_space_indent() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
    for (name, _) in common::examples() {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
        let setup = Setup::from_json(&text).unwrap();
        assert_eq!(
            setup.to_json(),
            text,
            "{name}: not in the pretty form of Setup::to_json"
        );
        assert!(!text.contains('\t'), "{name}");
        assert!(text.contains("\n  \"players\": ["), "{name}");
    }
}

// ============================================================ legal actions

/// Every action name worth asking about: all placements, boardings, pilot moves
/// and plunders for all four cargos, and some odd names that still parse.
fn candidate_names() -> Vec<String> {
    let cargos = Cargo::ALL.map(|c| c.name());
    let mut out: Vec<String> = [
        "pass",
        "harbour:A",
        "harbour:B",
        "harbour:C",
        "shipyard:A",
        "shipyard:B",
        "shipyard:C",
        "pirate",
        "pilot:small",
        "pilot:large",
        "insurance",
        "stay",
        "none",
    ]
    .map(String::from)
    .to_vec();
    for c in cargos {
        out.push(format!("ship:{c}"));
        out.push(format!("board:{c}"));
        out.extend((0..=4).map(|k| format!("board:{c}/remove:{k}")));
        out.extend(["+1", "-1", "+2", "-2", "+3", "-3"].map(|d| format!("{c}{d}")));
        for d in cargos {
            for (x, y) in [
                ("+1", "+1"),
                ("+1", "-1"),
                ("-1", "+1"),
                ("-1", "-1"),
                ("+2", "+1"),
            ] {
                out.push(format!("{c}{x},{d}{y}"));
            }
        }
    }
    // Plunder: every sequence of distinct cargos, each sent to either place.
    fn plunder(out: &mut Vec<String>, cargos: &[&str], prefix: Vec<String>) {
        if !prefix.is_empty() {
            out.push(prefix.join(","));
        }
        if prefix.len() == 3 {
            return;
        }
        for c in cargos {
            if prefix.iter().any(|p| p.starts_with(&format!("{c}:"))) {
                continue;
            }
            for dest in ["harbour", "shipyard"] {
                let mut next = prefix.clone();
                next.push(format!("{c}:{dest}"));
                plunder(out, cargos, next);
            }
        }
    }
    plunder(&mut out, &cargos, vec![]);
    // Names that parse but should never be legal, or parse to a legal name.
    out.extend(
        [
            " pass ",
            "jade+01",
            "jade:harbour,jade:shipyard",
            "board:jade/remove:200",
            "jade+100",
            "silk-100",
            "jade+1,jade-1",
        ]
        .map(String::from),
    );
    out
}

/// The names that must not parse at all.
#[test]
fn garbage_names_do_not_parse() {
    for name in [
        "",
        "PASS",
        "ship",
        "ship:tea",
        "harbour:D",
        "shipyard:a",
        "pilot:medium",
        "jade+0",
        "jade+",
        "jade1",
        "board:",
        "board:jade/remove:",
        "board:jade/remove:-1",
        "jade+1,silk+1,ginseng+1",
        "tea+1",
        "jade:dock",
        "jade:harbour,silk:shipyard,ginseng:harbour,nutmeg:harbour",
    ] {
        assert_eq!(Action::parse(name), None, "{name:?}");
    }
}

#[test]
fn legal_actions_agree_with_is_legal() {
    let candidates: Vec<(String, Action)> = candidate_names()
        .into_iter()
        .filter_map(|n| Action::parse(&n).map(|a| (n, a)))
        .collect();
    assert!(candidates.len() > 300, "{}", candidates.len());
    for (name, p) in all_positions() {
        let legal = p.legal_actions();
        assert!(!legal.is_empty(), "{name}: a decision point has options");
        for a in &legal {
            assert!(p.is_legal(*a), "{name}: listed {a} is not legal");
            assert_eq!(
                Action::parse(&a.to_string()),
                Some(*a),
                "{name}: {a} names itself"
            );
        }
        for (text, a) in &candidates {
            assert_eq!(
                p.is_legal(*a),
                legal.contains(a),
                "{name}: is_legal({text:?}) disagrees with legal_actions {:?}\n{}",
                names(&legal),
                p.to_setup().to_json()
            );
        }
    }
}

#[test]
fn r14_pilot_moves_out_of_canonical_order_are_not_legal() {
    // POSITION.md: pilot moves are joined "in canonical order (R14)". The large
    // pilot here may move silk (ship 2) and jade (ship 3): `silk+1,jade+1` is in
    // legal_actions, `jade+1,silk+1` is not, and is_legal agrees.
    let p = example("large-pilot-decision.json");
    let reversed = action("jade+1,silk+1");
    assert!(!p.legal_actions().contains(&reversed));
    assert!(!p.is_legal(reversed));
}

/// The decider's options in the canonical order of R14, legal or not.
fn canonical_order(s: &State) -> Vec<Action> {
    let seat = |i: usize, d: i8| {
        Some(ShipMove {
            cargo: s.ships[i].cargo,
            delta: d,
        })
    };
    match s.phase {
        Phase::Placement { .. } => {
            let mut all = vec![Action::Pass];
            all.extend(s.ships.iter().map(|sh| Action::Seat(sh.cargo)));
            all.extend(Berth::ALL.map(Action::Harbour));
            all.extend(Berth::ALL.map(Action::Shipyard));
            all.extend([
                Action::Pirate,
                Action::SmallPilot,
                Action::LargePilot,
                Action::Insurance,
            ]);
            all
        }
        Phase::Boarding { .. } => {
            let mut all = vec![Action::Stay];
            for ship in &s.ships {
                all.push(Action::Board {
                    cargo: ship.cargo,
                    remove: None,
                });
                // Strong pirates: removals by seat, the lowest first (the R14 tie rule).
                all.extend((0..4).map(|k| Action::Board {
                    cargo: ship.cargo,
                    remove: Some(k),
                }));
            }
            all
        }
        Phase::SmallPilot => {
            let mut all = vec![Action::PILOT_NONE];
            for i in 0..3 {
                all.extend([1, -1].map(|d| Action::Pilot([seat(i, d), None])));
            }
            all
        }
        Phase::LargePilot => {
            let mut all = vec![Action::PILOT_NONE];
            for i in 0..3 {
                all.extend([1, -1, 2, -2].map(|d| Action::Pilot([seat(i, d), None])));
            }
            for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                for (di, dj) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    all.push(Action::Pilot([seat(i, di), seat(j, dj)]));
                }
            }
            all
        }
        Phase::Plunder => {
            // Ship by ship, harbour before shipyard, the first ship varying slowest.
            let on_13: Vec<Cargo> = s.ships_on_13().map(|i| s.ships[i].cargo).collect();
            let mut all: Vec<Vec<(Cargo, Destination)>> = vec![vec![]];
            for &c in &on_13 {
                all = all
                    .into_iter()
                    .flat_map(|prefix| {
                        [Destination::Harbour, Destination::Shipyard].map(|d| {
                            let mut next = prefix.clone();
                            next.push((c, d));
                            next
                        })
                    })
                    .collect();
            }
            all.into_iter()
                .map(|seq| {
                    let mut dests = [None; 3];
                    for (k, x) in seq.into_iter().enumerate() {
                        dests[k] = Some(x);
                    }
                    Action::Plunder(dests)
                })
                .collect()
        }
        Phase::Roll | Phase::Over => vec![],
    }
}

#[test]
fn r14_legal_actions_are_in_canonical_order() {
    for (name, p) in all_positions() {
        let want: Vec<Action> = canonical_order(p.state())
            .into_iter()
            .filter(|&a| p.is_legal(a))
            .collect();
        assert_eq!(names(&p.legal_actions()), names(&want), "{name}");
    }
}

/// The rules' own limits on each kind of option, checked without `is_legal`.
#[test]
fn legal_actions_respect_the_rules() {
    for (name, p) in all_positions() {
        let s = p.state();
        for a in p.legal_actions() {
            let why = format!("{name}: {a}\n{}", p.to_setup().to_json());
            match (s.phase, a) {
                (Phase::Placement { to_move }, _) => {
                    let stowaway = rules::is_stowaway(s, to_move);
                    if let Action::Seat(c) = a {
                        let ship = &s.ships[s.ship_index(c).unwrap()];
                        assert!(ship.at_sea().is_some() && !ship.is_full(), "R5 {why}");
                    }
                    if stowaway {
                        assert!(matches!(a, Action::Pass | Action::Seat(_)), "R5 {why}");
                    } else if let Some(credit) = s.credit(to_move) {
                        assert!(rules::action_cost(s, a) <= credit, "R5 credit {why}");
                    }
                    match a {
                        Action::Harbour(b) => assert!(s.harbour[b.index()].is_none(), "{why}"),
                        Action::Shipyard(b) => assert!(s.shipyard[b.index()].is_none(), "{why}"),
                        Action::Pirate => assert!(s.pirate_count() < 2, "{why}"),
                        Action::SmallPilot => assert!(s.small_pilot.is_none(), "{why}"),
                        Action::LargePilot => assert!(s.large_pilot.is_none(), "{why}"),
                        Action::Insurance => assert!(s.insurance.is_none(), "{why}"),
                        _ => {}
                    }
                }
                (Phase::Boarding { .. }, Action::Board { cargo, remove }) => {
                    let ship = &s.ships[s.ship_index(cargo).unwrap()];
                    assert_eq!(ship.at, At::Sea(13), "R7 {why}");
                    match remove {
                        None => assert!(!ship.is_full(), "R7 {why}"),
                        Some(k) => {
                            assert!(s.variant.strong_pirates, "R7 {why}");
                            assert!(s.ships_on_13().all(|i| s.ships[i].is_full()), "R7 {why}");
                            assert!((k as usize) < ship.crew.len(), "R7 {why}");
                        }
                    }
                }
                (Phase::Boarding { .. }, Action::Stay) => {}
                (Phase::SmallPilot | Phase::LargePilot, Action::Pilot(moves)) => {
                    let spaces = if s.phase == Phase::SmallPilot { 1 } else { 2 };
                    let total: u32 = moves
                        .iter()
                        .flatten()
                        .map(|m| m.delta.unsigned_abs() as u32)
                        .sum();
                    assert!(total <= spaces, "R8 {why}");
                    for m in moves.iter().flatten() {
                        let at = s.ships[s.ship_index(m.cargo).unwrap()].at_sea();
                        assert!(at.is_some_and(|at| at as i8 + m.delta >= 0), "R8 {why}");
                    }
                }
                (Phase::Plunder, Action::Plunder(dests)) => {
                    let got: Vec<usize> = dests
                        .iter()
                        .flatten()
                        .map(|(c, _)| s.ship_index(*c).unwrap())
                        .collect();
                    assert_eq!(got, s.ships_on_13().collect::<Vec<_>>(), "R10 {why}");
                }
                _ => panic!("an action of the wrong phase: {why}"),
            }
        }
    }
}

// ================================================================ applying actions

/// The player's cash (money modelled in these tests).
fn cash(s: &State, p: PlayerId) -> u32 {
    s.cash[p as usize].expect("cash is modelled")
}

#[test]
fn r5_seat_placement_pays_and_takes_the_cheapest_seat() {
    let p = example("5p-before-roll1-4-placed.json");
    let blue = p.player("blue").unwrap();
    let s = p.state();
    assert_eq!(s.phase, Phase::Placement { to_move: blue });
    // Jade has two passengers: the next seat costs 5 (3, 4, 5, 5).
    assert_eq!(rules::action_cost(s, action("ship:jade")), 5);
    let t = p.apply(action("ship:jade")).unwrap();
    let jade = &t.ships[0];
    assert_eq!(jade.crew.len(), 3);
    assert_eq!(jade.crew.get(2), Some(blue));
    assert_eq!(cash(&t, blue), cash(s, blue) - 5);
    assert_eq!(t.in_hand(blue), s.in_hand(blue) - 1);
    // Blue was last in round 1 of 5 players: roll 1 is due.
    assert_eq!(t.phase, Phase::Roll);
    // Nutmeg has one passenger: its second seat costs 3.
    let t = p.apply(action("ship:nutmeg")).unwrap();
    assert_eq!(cash(&t, blue), cash(s, blue) - 3);
    assert_eq!(t.ships[2].crew.get(1), Some(blue));
}

#[test]
fn r5_slot_placements_pay_their_cost() {
    let p = example("5p-before-roll1-4-placed.json");
    let blue = p.player("blue").unwrap();
    let s = p.state();
    let cases = [
        ("harbour:A", 4),
        ("harbour:B", 3),
        ("harbour:C", 2),
        ("shipyard:A", 4),
        ("shipyard:B", 3),
        ("shipyard:C", 2),
        ("pirate", 5),
        ("pilot:small", 2),
        ("pilot:large", 5),
    ];
    for (name, cost) in cases {
        let a = action(name);
        assert_eq!(rules::action_cost(s, a), cost, "{name}");
        let t = p.apply(a).unwrap();
        assert_eq!(cash(&t, blue), cash(s, blue) - cost, "{name}");
        assert_eq!(t.placed(blue), s.placed(blue) + 1, "{name}");
    }
    let t = p.apply(action("harbour:B")).unwrap();
    assert_eq!(t.harbour, [None, Some(blue), None]);
    let t = p.apply(action("shipyard:C")).unwrap();
    assert_eq!(t.shipyard, [None, None, Some(blue)]);
    let t = p.apply(action("pirate")).unwrap();
    assert_eq!(t.pirates, [Some(blue), None], "the first pirate is captain");
    let t = p.apply(action("pilot:small")).unwrap();
    assert_eq!(t.small_pilot, Some(blue));
    let t = p.apply(action("pilot:large")).unwrap();
    assert_eq!(t.large_pilot, Some(blue));
}

#[test]
fn r1_insurance_costs_nothing_and_pays_10() {
    let p = example("5p-before-roll1-4-placed.json");
    let blue = p.player("blue").unwrap();
    let s = p.state();
    assert_eq!(rules::action_cost(s, Action::Insurance), 0);
    assert_eq!(rules::income(s, Action::Insurance), 10);
    let t = p.apply(Action::Insurance).unwrap();
    assert_eq!(t.insurance, Some(blue));
    assert_eq!(cash(&t, blue), cash(s, blue) + 10);
}

#[test]
fn r1_second_pirate_is_not_captain() {
    let p = example("round2-8-placed-pilots.json");
    let (yellow, s) = (p.player("yellow").unwrap(), p.state());
    assert_eq!(s.pirates[1], None);
    let t = p.apply(Action::Pirate).unwrap();
    assert_eq!(t.pirates, [s.pirates[0], Some(yellow)]);
    assert_eq!(cash(&t, yellow), cash(s, yellow) - 5);
}

#[test]
fn r5_short_cash_mortgages_shares() {
    // Round 2 with blue as harbour master: blue (3 cash, a silk and a nutmeg share)
    // moves first. The third jade seat costs 5: blue mortgages one share for 12.
    let doc = with(base(), |d| {
        d["harbour_master"] = json!("blue");
        d["to_move"] = json!("blue");
        d["harbour"]["A"] = json!(null);
        d["pilots"]["large"] = json!(null);
    });
    let p = accepted(&doc);
    let blue = p.player("blue").unwrap();
    let s = p.state();
    assert_eq!(s.credit(blue), Some(3 + 2 * 12));
    assert!(!rules::is_stowaway(s, blue));
    assert_eq!(rules::action_cost(s, action("ship:jade")), 5);
    let t = p.apply(action("ship:jade")).unwrap();
    assert_eq!(cash(&t, blue), 3 + 12 - 5);
    assert_eq!(t.shares[blue as usize].iter().sum::<u8>(), 1);
    assert_eq!(t.credit(blue), Some(10 + 12));
}

#[test]
fn r5_stowaway_pays_all_cash_for_a_seat() {
    let p = example("stowaway-with-cash.json");
    let red = p.player("red").unwrap();
    let s = p.state();
    assert!(rules::is_stowaway(s, red));
    assert_eq!(cash(s, red), 1);
    assert_eq!(
        names(&p.legal_actions()),
        ["pass", "ship:jade", "ship:silk", "ship:nutmeg"]
    );
    assert!(
        !p.is_legal(Action::Insurance),
        "a stowaway may not take insurance"
    );
    assert!(!p.is_legal(action("harbour:C")));
    assert_eq!(rules::action_cost(s, action("ship:jade")), 1);
    let t = p.apply(action("ship:jade")).unwrap();
    assert_eq!(cash(&t, red), 0);
    assert_eq!(t.ships[0].crew.get(1), Some(red));
}

#[test]
fn r5_stowaway_with_no_cash_pays_nothing() {
    // In the POSITION.md example yellow has no cash and no shares.
    let doc = with(base(), |d| d["to_move"] = json!("yellow"));
    let p = accepted(&doc);
    let yellow = p.player("yellow").unwrap();
    assert!(rules::is_stowaway(p.state(), yellow));
    let t = p.apply(action("ship:silk")).unwrap();
    assert_eq!(cash(&t, yellow), 0);
    assert_eq!(t.ships[1].crew.get(0), Some(yellow));
}

#[test]
fn r5_player_with_cash_may_take_insurance_when_it_is_the_only_free_slot() {
    // Round 3, all ships docked, every berth, pirate and pilot taken: only
    // insurance is free. "Credit below every free slot other than insurance" would
    // be vacuously true; the engine reads R5 as needing such a slot, so black (20
    // cash) is no stowaway and may insure, as without cash.
    let doc = json!({
      "players": ["red", "blue", "green", "yellow", "black"],
      "harbour_master": "red",
      "rolls_done": 2,
      "to_move": "black",
      "ships": [
        {"cargo": "jade", "docked": true, "crew": ["red"]},
        {"cargo": "silk", "docked": true, "crew": ["blue"]},
        {"cargo": "ginseng", "docked": true, "crew": ["green"]}
      ],
      "harbour": {"A": "red", "B": "blue", "C": "green"},
      "shipyard": {"A": "yellow", "B": "black", "C": "yellow"},
      "pirates": ["black", "red"],
      "pilots": {"small": "green", "large": "yellow"},
      "cash": {"red": 20, "blue": 20, "green": 20, "yellow": 20, "black": 20}
    });
    let without_cash = accepted(&with(doc.clone(), |d| remove(d, "cash")));
    assert!(without_cash.is_legal(Action::Insurance));
    assert!(accepted(&doc).is_legal(Action::Insurance));
}

#[test]
fn r5_pass_records_the_pass_and_moves_on() {
    let p = example("round2-after-roll1-4p.json");
    let (yellow, red) = (p.player("yellow").unwrap(), p.player("red").unwrap());
    let t = p.apply(Action::Pass).unwrap();
    assert!(t.has_passed(yellow));
    assert_eq!(t.placed(yellow), p.state().placed(yellow));
    assert_eq!(t.phase, Phase::Placement { to_move: red });
    // Red places; the round is over and roll 2 is due.
    let u = rules::apply(&t, Action::Pirate).unwrap();
    assert_eq!(u.phase, Phase::Roll);
    // After the roll, round 3 skips yellow, who passed.
    let v = rules::roll(&u, [1, 1, 1]);
    let order: Vec<PlayerId> = std::iter::successors(Some(v), |s| match s.phase {
        Phase::Placement { .. } => rules::apply(s, Action::Pass).ok(),
        _ => None,
    })
    .filter_map(|s| match s.phase {
        Phase::Placement { to_move } => Some(to_move),
        _ => None,
    })
    .collect();
    assert!(!order.contains(&yellow), "{order:?}");
    assert_eq!(
        order.first(),
        Some(&p.player("blue").unwrap()),
        "round 3 starts with the harbour master"
    );
}

#[test]
fn r7_boarding_takes_the_seat_and_the_other_pirate_becomes_captain() {
    let p = accepted(&base_boarding());
    let (yellow, green) = (p.player("yellow").unwrap(), p.player("green").unwrap());
    assert_eq!(
        names(&p.legal_actions()),
        ["stay", "board:jade", "board:silk"]
    );
    let t = p.apply(action("board:silk")).unwrap();
    assert_eq!(t.ships[1].crew.len(), 2);
    assert_eq!(
        t.ships[1].crew.get(1),
        Some(yellow),
        "the cheapest free seat"
    );
    assert_eq!(t.pirates, [Some(green), None], "green is captain at once");
    assert_eq!(t.decider(), Some(green));
    assert_eq!(
        t.placed(yellow),
        p.state().placed(yellow),
        "a boarding costs no worker"
    );
    // Green boards jade; boarding is over and round 3 begins with the harbour master.
    let u = rules::apply(&t, action("board:jade")).unwrap();
    assert_eq!(u.ships[0].crew.get(2), Some(green));
    assert_eq!(u.pirate_count(), 0);
    assert_eq!(
        u.phase,
        Phase::Placement {
            to_move: p.player("red").unwrap()
        }
    );
    assert_eq!(u.round, 3);
}

#[test]
fn r7_captain_stays_then_the_second_pirate_decides() {
    let p = accepted(&base_boarding());
    let t = p.apply(Action::Stay).unwrap();
    assert_eq!(t.pirates, p.state().pirates);
    assert_eq!(t.decider(), p.player("green"));
    let u = rules::apply(&t, Action::Stay).unwrap();
    assert!(matches!(u.phase, Phase::Placement { .. }));
}

#[test]
fn r7_strong_pirates_removal_returns_the_worker_to_hand() {
    let p = example("boarding-strong-pirates.json");
    let (yellow, red) = (p.player("yellow").unwrap(), p.player("red").unwrap());
    let s = p.state();
    assert_eq!(s.ships[0].crew.get(1), Some(red));
    let t = p.apply(action("board:jade/remove:1")).unwrap();
    assert_eq!(t.ships[0].crew.get(1), Some(yellow));
    assert_eq!(t.ships[0].crew.len(), 4);
    assert_eq!(
        t.in_hand(red),
        s.in_hand(red) + 1,
        "red's worker goes back to hand"
    );
    assert_eq!(t.pirates, [Some(red), None]);
    assert_eq!(t.decider(), Some(red));
    // Red may not remove the pirate who boarded in this step.
    assert!(!rules::is_legal(&t, action("board:jade/remove:1")));
    let legal = names(&rules::legal_actions(&t));
    assert_eq!(
        legal,
        [
            "stay",
            "board:jade/remove:0",
            "board:jade/remove:2",
            "board:jade/remove:3"
        ]
    );
    // The JSON of that state records the boarded seat and reads back equal.
    let q = Position::from_parts(p.names().to_vec(), t);
    let json = q.to_setup().to_json();
    assert!(json.contains("\"boarded\""), "{json}");
    assert_eq!(Position::from_json(&json).unwrap(), q);
}

#[test]
fn r7_strong_pirates_remove_only_when_no_ship_on_13_has_a_free_seat() {
    let doc = with(base_boarding(), |d| {
        d["variant"]["strong_pirates"] = json!(true)
    });
    let p = accepted(&doc);
    assert_eq!(
        names(&p.legal_actions()),
        ["stay", "board:jade", "board:silk"]
    );
    let full = with(doc, |d| {
        d["ships"][0]["crew"] = json!(["red", "blue", "red", "blue"]);
        d["ships"][1]["crew"] = json!(["green", "green", "yellow"]);
        d["harbour"] = json!({});
        d["shipyard"] = json!({});
        d["pirates"] = json!(["yellow"]);
    });
    let p = accepted(&full);
    let legal = names(&p.legal_actions());
    assert_eq!(legal.len(), 1 + 4 + 3, "{legal:?}");
    assert!(legal.contains(&"board:silk/remove:2".to_string()));
}

#[test]
fn r8_small_pilot_moves_one_ship_and_may_dock_it() {
    let p = example("small-pilot-decision.json");
    let t = p.apply(action("jade-1")).unwrap();
    assert_eq!(t.ships[0].at, At::Sea(9));
    assert_eq!(
        t.phase,
        Phase::LargePilot,
        "the large pilot is held: it decides next"
    );
    // Ginseng on 13 moved +1 docks at once.
    let t = p.apply(action("ginseng+1")).unwrap();
    assert_eq!(t.ships[2].at, At::Harbour);
    assert_eq!(t.harbour_count(), 1);
    assert!(
        !rules::is_legal(&t, action("ginseng-1")),
        "a docked ship cannot be moved"
    );
    let t = p.apply(Action::PILOT_NONE).unwrap();
    assert_eq!(t.ships, p.state().ships);
    assert!(
        !p.is_legal(action("jade+2")),
        "the small pilot moves 1 space"
    );
}

#[test]
fn r8_large_pilot_moves_ships_and_docks_past_13() {
    let p = example("large-pilot-decision.json");
    let t = p.apply(action("silk+2")).unwrap();
    assert_eq!(t.ships[1].at, At::Sea(13));
    assert_eq!(t.phase, Phase::Roll);
    let t = p.apply(action("silk-1,jade+1")).unwrap();
    assert_eq!((t.ships[1].at, t.ships[2].at), (At::Sea(10), At::Sea(11)));
    assert!(!p.is_legal(action("nutmeg+1")), "nutmeg is docked");
    // A ship on 12 moved +2 passes 13 and docks.
    let doc = with(base_pilot(), |d| {
        d["phase"] = json!("large_pilot");
    });
    let q = accepted(&doc);
    let t = q.apply(action("silk+2")).unwrap();
    assert_eq!(t.ships[1].at, At::Harbour);
    let t = q.apply(action("silk+1,ginseng-1")).unwrap();
    assert_eq!((t.ships[1].at, t.ships[2].at), (At::Sea(13), At::Sea(8)));
}

#[test]
fn r8_pilots_never_move_a_ship_below_0() {
    let doc = with(base_pilot(), |d| {
        d["phase"] = json!("large_pilot");
        d["ships"][2]["position"] = json!(1);
    });
    let p = accepted(&doc);
    assert!(p.is_legal(action("ginseng-1")));
    assert!(!p.is_legal(action("ginseng-2")));
    assert!(p.is_legal(action("jade+1,ginseng-1")));
}

#[test]
fn r10_plunder_sends_ships_and_wrecks_the_rest() {
    let p = example("plunder-two-ships.json");
    assert_eq!(p.legal_actions().len(), 4);
    let t = p.apply(action("jade:harbour,ginseng:shipyard")).unwrap();
    assert_eq!(t.phase, Phase::Over);
    let at: Vec<At> = t.ships.iter().map(|s| s.at).collect();
    assert_eq!(
        at,
        [At::Harbour, At::Shipyard, At::Shipyard],
        "silk on 12 is a wreck"
    );
    assert!(t.ships[0].plundered && t.ships[2].plundered && !t.ships[1].plundered);
    assert!(t.ships[0].crew.is_empty() && t.ships[2].crew.is_empty());
    // Settlement: the two pirates share 36 + 18; harbour A pays black 6; the
    // insurer (red) pays shipyard A (blue, 6) and B (green, 8).
    let settled = rules::settle(&t);
    let id = |n: &str| p.player(n).unwrap() as usize;
    assert_eq!(settled.payouts[id("yellow")], 27);
    assert_eq!(settled.payouts[id("green")], 27 + 8);
    assert_eq!(settled.payouts[id("black")], 6);
    assert_eq!(settled.payouts[id("blue")], 6);
    assert_eq!(settled.payouts[id("red")], -14);
    assert_eq!(settled.claims, 14);
    assert!(
        !p.is_legal(action("ginseng:harbour,jade:harbour")),
        "ship order"
    );
    assert!(
        !p.is_legal(action("jade:harbour")),
        "every ship on 13 is plundered"
    );
}

#[test]
fn r10_a_refused_plunder_names_the_ship_that_is_wrong() {
    // Jade and ginseng were plundered; silk, on 12, was not.
    let p = example("plunder-two-ships.json");
    for (typed, why) in [
        (
            "silk:harbour,ginseng:harbour",
            "the silk ship was not plundered",
        ),
        ("jade:shipyard", "the ginseng ship is plundered too"),
        ("jade:shipyard,jade:harbour", "the jade ship is named twice"),
        (
            "jade:harbour,silk:shipyard,ginseng:harbour",
            "the silk ship was not plundered",
        ),
    ] {
        let e = p.apply(action(typed)).unwrap_err();
        assert!(e.0.contains(why), "{typed}: {e}");
        assert!(
            e.0.contains("e.g. 'jade:harbour,ginseng:harbour' (R10)"),
            "{e}"
        );
    }
}

#[test]
fn illegal_actions_are_not_applied() {
    let p = example("stowaway-with-cash.json");
    let e = p.apply(Action::Insurance).unwrap_err();
    assert!(e.0.contains("'insurance' is not legal here"), "{e}");
    assert!(
        e.0.contains("ship:jade"),
        "the error lists the legal actions: {e}"
    );
    assert!(p.apply(Action::Stay).is_err());
}

// ===================================================================== examples

/// Free slots, counting each seat: what a player could still take.
fn open_slots(s: &State) -> usize {
    let seats: usize = s
        .ships
        .iter()
        .filter(|sh| sh.at_sea().is_some())
        .map(|sh| sh.cargo.seats() - sh.crew.len())
        .sum();
    let berths = s
        .harbour
        .iter()
        .chain(&s.shipyard)
        .filter(|o| o.is_none())
        .count();
    let rest = [s.small_pilot, s.large_pilot, s.insurance]
        .iter()
        .filter(|o| o.is_none())
        .count();
    seats + berths + (2 - s.pirate_count()) + rest
}

fn placed_total(s: &State) -> usize {
    s.player_ids().map(|p| s.placed(p)).sum()
}

#[test]
fn examples_validate_and_cover_the_list() {
    let examples = common::examples();
    assert!(examples.len() >= 8, "{}", examples.len());
    let states: Vec<(&str, &State)> = examples
        .iter()
        .map(|(n, p)| (n.as_str(), p.state()))
        .collect();
    let any = |what: &str, f: &dyn Fn(&State) -> bool| {
        assert!(states.iter().any(|(_, s)| f(s)), "no example shows {what}");
    };
    any("placement", &|s| matches!(s.phase, Phase::Placement { .. }));
    any("boarding", &|s| matches!(s.phase, Phase::Boarding { .. }));
    any("small_pilot", &|s| s.phase == Phase::SmallPilot);
    any("large_pilot", &|s| s.phase == Phase::LargePilot);
    any("plunder", &|s| s.phase == Phase::Plunder);
    any("3 players", &|s| s.players == 3);
    any("5 players", &|s| s.players == 5);
    any("a docked ship", &|s| {
        s.ships.iter().any(|sh| sh.at == At::Harbour)
    });
    any("strong pirates", &|s| s.variant.strong_pirates);
    any("a stowaway with cash", &|s| match s.phase {
        Phase::Placement { to_move } => {
            s.cash[to_move as usize].is_some_and(|c| c > 0) && rules::is_stowaway(s, to_move)
        }
        _ => false,
    });

    let p = example("5p-before-roll1-4-placed.json");
    let s = p.state();
    assert_eq!((s.players, s.rolls_done, placed_total(s)), (5, 0, 4));
    assert!(matches!(s.phase, Phase::Placement { .. }));
    assert!(open_slots(s) >= 15, "{}", open_slots(s));
    // Every one of the 14 kinds of placement is open (14 is the most there can be).
    assert_eq!(p.legal_actions().len(), 14);

    let p = example("round2-8-placed-pilots.json");
    let s = p.state();
    assert_eq!((s.rolls_done, s.round, placed_total(s)), (1, 2, 8));
    assert!(matches!(s.phase, Phase::Placement { .. }));
    assert!(s.small_pilot.is_some() && s.large_pilot.is_some());
    assert_ne!(s.small_pilot, s.large_pilot);

    let p = example("boarding-strong-pirates.json");
    assert!(p.legal_actions().iter().any(|a| matches!(
        a,
        Action::Board {
            remove: Some(_),
            ..
        }
    )));
    let p = example("plunder-two-ships.json");
    assert_eq!(p.state().ships_on_13().count(), 2);
}

// ======================================================== property tests (fuzz)

/// Valid documents to mutate: the examples, the POSITION.md example and the JSON
/// of generated positions.
fn seed_documents() -> &'static [String] {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
        let mut out: Vec<String> = common::examples()
            .into_iter()
            .map(|(name, _)| std::fs::read_to_string(format!("{dir}/{name}")).unwrap())
            .collect();
        out.push(serde_json::to_string_pretty(&base()).unwrap());
        for doc in [base_round1(), base_boarding(), base_pilot(), base_plunder()] {
            out.push(doc.to_string());
        }
        out.extend((0..150).map(|seed| common::random_position(7_000 + seed).to_setup().to_json()));
        out
    })
}

/// Whatever the text, reading it never panics; when it is a position, that
/// position writes and reads back equal, has options, and every option applies.
fn check_text(text: &str) -> Result<(), TestCaseError> {
    let Ok(p) = Position::from_json(text) else {
        return Ok(());
    };
    let json = p.to_setup().to_json();
    let back = Position::from_json(&json);
    prop_assert!(
        back.is_ok(),
        "accepted, but its JSON is refused: {:?}\n{}\nfrom\n{}",
        back.err(),
        json,
        text
    );
    prop_assert_eq!(back.unwrap(), p.clone(), "round trip of\n{}", json);
    let legal = p.legal_actions();
    prop_assert!(!legal.is_empty(), "no options in\n{}", json);
    for a in legal {
        let t = p.apply(a);
        prop_assert!(t.is_ok(), "{} is listed but does not apply in\n{}", a, json);
        if let Ok(t) = t
            && t.phase == Phase::Roll
        {
            let _ = rules::roll(&t, [6, 6, 6]);
        }
    }
    Ok(())
}

#[derive(Clone, Debug)]
enum CharEdit {
    Delete(usize),
    Duplicate(usize),
    Replace(usize, char),
    Insert(usize, char),
}

fn json_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => prop::sample::select("{}[]\",:0123456789-+.eE \nnultrfaAB\\".chars().collect::<Vec<_>>()),
        1 => any::<char>(),
    ]
}

fn char_edit() -> impl Strategy<Value = CharEdit> {
    prop_oneof![
        any::<usize>().prop_map(CharEdit::Delete),
        any::<usize>().prop_map(CharEdit::Duplicate),
        (any::<usize>(), json_char()).prop_map(|(i, c)| CharEdit::Replace(i, c)),
        (any::<usize>(), json_char()).prop_map(|(i, c)| CharEdit::Insert(i, c)),
    ]
}

fn apply_char_edits(text: &str, edits: &[CharEdit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let n = chars.len().max(1);
        match *edit {
            CharEdit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % n);
            }
            CharEdit::Duplicate(i) if !chars.is_empty() => {
                let c = chars[i % n];
                chars.insert(i % n, c);
            }
            CharEdit::Replace(i, c) if !chars.is_empty() => chars[i % n] = c,
            CharEdit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A change to one node of a JSON document, picked by `node`.
#[derive(Clone, Debug)]
enum Edit {
    Null,
    WrongType(usize),
    Number(i64),
    Name(usize),
    Drop,
    Duplicate,
    RenameKey(usize),
    AddField(usize, i64),
    SwapNames(usize, usize),
}

const NAME_POOL: [&str; 14] = [
    "red", "blue", "green", "yellow", "black", "mauve", "", "jade", "silk", "ginseng", "nutmeg",
    "tea", "A", "harbour",
];

const KEY_POOL: [&str; 16] = [
    "round",
    "workers",
    "boarded",
    "boarding_next",
    "docked",
    "position",
    "to_move",
    "phase",
    "cash",
    "insurance",
    "passed",
    "A",
    "small",
    "strong_pirates",
    "colour",
    "seat",
];

const NUMBER_POOL: [i64; 22] = [
    -1,
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    9,
    10,
    11,
    12,
    13,
    14,
    20,
    30,
    255,
    256,
    4_294_967_296,
    i64::MAX,
    i64::MIN,
];

fn edit() -> impl Strategy<Value = (usize, Edit)> {
    let number = prop_oneof![3 => prop::sample::select(NUMBER_POOL.to_vec()), 1 => any::<i64>()];
    let kind = prop_oneof![
        1 => Just(Edit::Null),
        1 => any::<usize>().prop_map(Edit::WrongType),
        2 => number.clone().prop_map(Edit::Number),
        1 => any::<usize>().prop_map(Edit::Name),
        2 => Just(Edit::Drop),
        1 => Just(Edit::Duplicate),
        1 => any::<usize>().prop_map(Edit::RenameKey),
        1 => (any::<usize>(), number).prop_map(|(k, n)| Edit::AddField(k, n)),
        2 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapNames(a, b)),
    ];
    (any::<usize>(), kind)
}

/// JSON pointers of every node below the root.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                let p = format!("{at}/{}", k.replace('~', "~0").replace('/', "~1"));
                out.push(p.clone());
                pointers(child, p, out);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                let p = format!("{at}/{i}");
                out.push(p.clone());
                pointers(child, p, out);
            }
        }
        _ => {}
    }
}

fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

fn swap_strings(v: &mut Value, a: &str, b: &str) {
    let swap = |s: &str| {
        if s == a {
            b.to_string()
        } else if s == b {
            a.to_string()
        } else {
            s.to_string()
        }
    };
    match v {
        Value::String(s) => *s = swap(s),
        Value::Array(items) => items.iter_mut().for_each(|x| swap_strings(x, a, b)),
        Value::Object(map) => {
            let old = std::mem::take(map);
            for (k, mut x) in old {
                swap_strings(&mut x, a, b);
                map.insert(swap(&k), x);
            }
        }
        _ => {}
    }
}

fn apply_edit(doc: &mut Value, node: usize, edit: &Edit) {
    if let Edit::SwapNames(a, b) = *edit {
        let names = &NAME_POOL[..5];
        swap_strings(doc, names[a % names.len()], NAME_POOL[b % NAME_POOL.len()]);
        return;
    }
    let mut all = Vec::new();
    pointers(doc, String::new(), &mut all);
    if all.is_empty() {
        return;
    }
    let pointer = all[node % all.len()].clone();
    let (parent_ptr, last) = pointer.rsplit_once('/').unwrap();
    let last = unescape(last);
    match edit {
        Edit::Drop | Edit::Duplicate | Edit::RenameKey(_) => {
            let Some(parent) = doc.pointer_mut(parent_ptr) else {
                return;
            };
            match (parent, edit) {
                (Value::Object(map), Edit::Drop) => {
                    map.remove(&last);
                }
                (Value::Object(map), Edit::RenameKey(k)) => {
                    if let Some(x) = map.remove(&last) {
                        map.insert(KEY_POOL[k % KEY_POOL.len()].to_string(), x);
                    }
                }
                (Value::Array(items), Edit::Drop) => {
                    items.remove(last.parse::<usize>().unwrap());
                }
                (Value::Array(items), Edit::Duplicate) => {
                    let i = last.parse::<usize>().unwrap();
                    let x = items[i].clone();
                    items.insert(i, x);
                }
                _ => {}
            }
        }
        _ => {
            let Some(target) = doc.pointer_mut(&pointer) else {
                return;
            };
            match *edit {
                Edit::Null => *target = Value::Null,
                Edit::WrongType(k) => {
                    let choices = [
                        json!("x"),
                        json!(true),
                        json!([]),
                        json!({}),
                        json!(1.5),
                        json!(-7),
                        json!("13"),
                        json!(["red"]),
                    ];
                    *target = choices[k % choices.len()].clone();
                }
                Edit::Number(n) => *target = json!(n),
                Edit::Name(k) => *target = json!(NAME_POOL[k % NAME_POOL.len()]),
                Edit::AddField(k, n) => {
                    if let Value::Object(map) = target {
                        map.insert(KEY_POOL[k % KEY_POOL.len()].to_string(), json!(n));
                    } else if let Value::Array(items) = target {
                        items.push(json!(n));
                    }
                }
                _ => {}
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 20000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check_text(&text)?;
    }

    #[test]
    fn json_like_strings_never_panic(text in "[\\[\\]{}\",:0-9a-z_ \n-]{0,300}") {
        check_text(&text)?;
    }

    #[test]
    fn character_edits_of_valid_documents_never_panic(
        doc in any::<prop::sample::Index>(),
        edits in prop::collection::vec(char_edit(), 1..6),
    ) {
        let seeds = seed_documents();
        let text = apply_char_edits(&seeds[doc.index(seeds.len())], &edits);
        check_text(&text)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 50000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn structural_edits_of_valid_documents_never_panic(
        doc in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 1..4),
        pretty in any::<bool>(),
    ) {
        let seeds = seed_documents();
        let mut value: Value = serde_json::from_str(&seeds[doc.index(seeds.len())]).unwrap();
        for (node, e) in &edits {
            apply_edit(&mut value, *node, e);
        }
        let text = if pretty {
            serde_json::to_string_pretty(&value).unwrap()
        } else {
            value.to_string()
        };
        check_text(&text)?;
    }
}

/// Not every mutation is refused: the structural fuzzer must also reach valid
/// positions, or its round-trip check would test nothing.
#[test]
fn structural_edits_reach_valid_positions() {
    let seeds = seed_documents();
    let mut valid = 0;
    let mut rng = common::Rng::new(99);
    for k in 0..2000 {
        let mut value: Value = serde_json::from_str(&seeds[k % seeds.len()]).unwrap();
        let e = match rng.below(4) {
            0 => Edit::SwapNames(rng.below(5), rng.below(5)),
            1 => Edit::Number(NUMBER_POOL[rng.below(NUMBER_POOL.len())]),
            2 => Edit::Drop,
            _ => Edit::Null,
        };
        apply_edit(&mut value, rng.below(1000), &e);
        if Position::from_json(&value.to_string()).is_ok() {
            valid += 1;
        }
    }
    assert!(
        valid > 200,
        "only {valid} of 2000 mutated documents are valid"
    );
}
