//! The one-line notation: parse(format(p)) == p for every valid position, the
//! examples of the README, and errors with a caret under the offending token.

mod common;

use manila_odds::parse::notation::{self, NotationError};
use manila_odds::rules::{self, Phase};
use manila_odds::{Position, Setup};
use proptest::prelude::*;

fn round_trip(position: &Position) -> String {
    let line = notation::format(position);
    match notation::parse(&line) {
        Ok(back) => assert_eq!(&back, position, "{line}"),
        Err(e) => panic!("the notation of a valid position is refused:\n{e}"),
    }
    line
}

// ------------------------------------------------------------------ round trips

#[test]
fn every_example_round_trips() {
    for (name, position) in common::examples() {
        let line = round_trip(&position);
        assert!(!line.contains('\n'), "{name}: {line}");
    }
}

#[test]
fn generated_positions_round_trip() {
    for seed in 0..2000 {
        round_trip(&common::random_position(seed));
    }
}

#[test]
fn json_to_notation_to_json_is_the_same_position() {
    for (name, position) in common::examples() {
        let json = position.to_setup().to_json();
        let from_json = Position::from_json(&json).expect(&name);
        let line = notation::format(&from_json);
        let back = notation::parse(&line).expect(&line);
        assert_eq!(back.to_setup().to_json(), json, "{name}: {line}");
    }
    for seed in 0..300 {
        let json = common::random_position(seed).to_setup().to_json();
        let line = notation::format(&Position::from_json(&json).unwrap());
        let back = notation::parse(&line).unwrap().to_setup();
        assert_eq!(
            Position::try_from(back).unwrap(),
            Position::from_json(&json).unwrap()
        );
    }
}

/// Names that are not plain tags (spaces, quotes, `-`, phase words, a trailing
/// digit before a cash amount, non-ASCII) are quoted and read back.
#[test]
fn awkward_names_round_trip_quoted() {
    let sets: [&[&str]; 5] = [
        &["Mr \"X\"", "a\\b", "-", "board1", "small"],
        &["p1", "p2", "p3", "p4", "p5"],
        &["  tab\there", "new\nline", "é", "roll", "plunder"],
        &["1", "12", "large", "board", "_"],
        &["line\u{2028}sep", "para\u{2029}sep", "x", "y", "z"],
    ];
    for seed in 0..400 {
        let base = common::random_position(seed);
        let names = sets[seed as usize % sets.len()];
        let names: Vec<String> = names[..base.names().len()]
            .iter()
            .map(|n| n.to_string())
            .collect();
        let renamed = Position::from_parts(names, *base.state());
        assert_eq!(
            Position::try_from(renamed.to_setup()).as_ref(),
            Ok(&renamed),
            "the JSON round trip holds first"
        );
        let line = round_trip(&renamed);
        let breaks = ['\n', '\u{2028}', '\u{2029}'];
        assert!(!line.contains(breaks), "{line}");
    }
}

/// Positions where a roll is due (between the last decision and the dice) are not
/// POSITION.md positions, but the notation carries them as `k:roll`.
#[test]
fn positions_before_a_roll_round_trip() {
    let mut found = 0;
    for seed in 0..600 {
        let p = common::random_position(seed);
        for action in p.legal_actions() {
            let t = p.apply(action).unwrap();
            if t.phase != Phase::Roll {
                continue;
            }
            let q = Position::from_parts(p.names().to_vec(), t);
            if Position::try_from(q.to_setup()).as_ref() != Ok(&q) {
                continue;
            }
            let line = round_trip(&q);
            assert!(line.split(' ').nth(1).unwrap().ends_with(":roll"), "{line}");
            found += 1;
        }
    }
    assert!(found > 50, "only {found} positions before a roll");
}

#[test]
fn the_round_is_written_only_when_it_cannot_be_inferred() {
    // Nobody has placed: round 1 or 2 with 3 players before roll 1 (R4).
    for line in ["r*,b,g 0:b@1 J3 S3 G3", "r*,b,g 0:b@2 J3 S3 G3"] {
        let p = notation::parse(line).unwrap();
        assert_eq!(notation::format(&p), line);
    }
    let p = notation::parse("r*,b,g 0:b@2 J3 S3 G3").unwrap();
    assert_eq!(p.state().round, 2);
    // Inferable: the @ is accepted but not written.
    let p = notation::parse("r*,b,g,y 1:g@2 J7:r.b S9 G2").unwrap();
    assert_eq!(notation::format(&p), "r*,b,g,y 1:g J7:r.b S9 G2");
}

#[test]
fn defaults_and_canonical_order() {
    // Sections in any order, explicit defaults, berths with trailing '-': the
    // canonical notation drops what is empty and orders the rest.
    let loose = "r*,b,g,y 1:g J7:r.b S9 G2 ^S0,J5 $b3,r12 Y:-,-,- H:b,-,- l:r w3 X:y";
    let p = notation::parse(loose).unwrap();
    assert_eq!(
        notation::format(&p),
        "r*,b,g,y 1:g J7:r.b S9 G2 H:b X:y l:r $r12,b3 ^J5"
    );
}

// ------------------------------------------------------------------ README

/// The notation of each example file, as the README's "Notation" section gives it.
const EXAMPLES: [(&str, &str); 6] = [
    (
        "3p-round1-start.json",
        "red,blue*,green 0:blue S5 G0 N4 $red25,blue14,green31 %red:J1N1,blue:S2,green:G1 ^S5,N5",
    ),
    (
        "round2-after-roll1-4p.json",
        "red,blue*,green,yellow 1:yellow J5:green S9:blue.yellow N8:green H:-,red l:blue",
    ),
    (
        "boarding-strong-pirates.json",
        "red,blue,green*,yellow 2:board J13:green.red.blue.green S9:yellow N8 H:blue X:yellow,red +strong",
    ),
    (
        "docked-ship-last-round.json",
        "red*,blue,green,yellow 2:blue JD:red.green G13:blue.green N9:red H:yellow,yellow Y:-,blue l:red $red6,blue11,green17,yellow8",
    ),
    (
        "large-pilot-decision.json",
        "red,blue,green,yellow* 2:large ND:red S11:yellow.green J10:blue.blue H:-,yellow Y:blue,red,green X:green s:red l:yellow",
    ),
    (
        "plunder-two-ships.json",
        "red,blue,green,yellow,black* 3:plunder J13:black.red.green S12:blue.red G13:yellow H:black Y:blue,green X:green,yellow s:blue l:black i:red p:yellow",
    ),
];

/// The example of POSITION.md, in notation.
const POSITION_MD: &str = "red*,blue,green,yellow 1:green J7:red.blue S9 G2 H:blue Y:-,-,green X:yellow l:red $red12,blue3,green20,yellow0 %red:J2,blue:S1N1 ^J5,G10";

#[test]
fn the_examples_are_the_notation_of_the_example_files() {
    let examples = common::examples();
    for (file, line) in EXAMPLES {
        let (_, position) = examples
            .iter()
            .find(|(name, _)| name == file)
            .unwrap_or_else(|| panic!("examples/{file}"));
        assert_eq!(notation::format(position), line, "{file}");
        assert_eq!(notation::parse(line).as_ref(), Ok(position), "{file}");
    }
    let position = Position::from_json(&common::position_md_json()).unwrap();
    assert_eq!(notation::format(&position), POSITION_MD);
    assert_eq!(notation::parse(POSITION_MD).unwrap(), position);
}

/// Every line of a ```notation block in the README's "Notation" section is a
/// canonical notation. The section is read from `NOTATION_README` when set.
#[test]
fn readme_notation_blocks_are_canonical() {
    let path = std::env::var("NOTATION_README")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/README.md").to_string());
    let text = std::fs::read_to_string(&path).expect("readable README");
    let start = text
        .find("## Notation")
        .unwrap_or_else(|| panic!("{path} has no Notation section"));
    let section = &text[start..];
    let section = section[3..]
        .find("\n## ")
        .map_or(section, |end| &section[..end + 3]);
    let mut lines = 0;
    let mut in_block = false;
    for line in section.lines() {
        match (in_block, line.trim_end()) {
            (false, "```notation") => in_block = true,
            (true, "```") => in_block = false,
            (true, line) if !line.is_empty() => {
                let position = notation::parse(line).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(notation::format(&position), line);
                lines += 1;
            }
            _ => {}
        }
    }
    assert!(lines >= 6, "{path}: {lines} notation lines");
}

// ------------------------------------------------------------------ errors

/// The problems of a notation that must be refused: (caret line, message)
/// each, every one under the input again.
fn problems(input: &str) -> Vec<(String, String)> {
    let error: NotationError = match notation::parse(input) {
        Ok(p) => panic!("{input:?} was accepted as {p:?}"),
        Err(e) => e,
    };
    let text = error.to_string();
    let lines: Vec<&str> = text.split('\n').collect();
    assert_eq!(lines.len(), 3 * error.problems.len(), "{text}");
    lines
        .chunks(3)
        .map(|three| {
            assert_eq!(three[0], input.trim_end(), "the input comes first: {text}");
            let carets = three[1].trim_start_matches(' ');
            assert!(
                !carets.is_empty() && carets.chars().all(|c| c == '^'),
                "{text}"
            );
            (three[1].to_string(), three[2].to_string())
        })
        .collect()
}

/// `input` is refused with a problem whose carets are exactly `carets` and whose
/// message contains `phrase`.
#[track_caller]
fn check(input: &str, carets: &str, phrase: &str) {
    let found = problems(input);
    assert!(
        found.iter().any(|(c, m)| c == carets && m.contains(phrase)),
        "{input}\nwanted:\n{carets}\n{phrase}\ngot:\n{}",
        found
            .iter()
            .map(|(c, m)| format!("{c}\n{m}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// As `check`, and nothing else is reported (syntax errors stop at the first).
#[track_caller]
fn check_only(input: &str, carets: &str, phrase: &str) {
    check(input, carets, phrase);
    assert_eq!(problems(input).len(), 1, "{input}");
}

#[test]
fn the_error_display_is_input_carets_message() {
    let error = notation::parse("r*,b,g,y 1:g Q7 S9 G2").unwrap_err();
    assert_eq!(
        error.to_string(),
        "r*,b,g,y 1:g Q7 S9 G2\n             ^\nexpected a cargo initial J, S, G or N, found 'Q'"
    );
    assert_eq!(error.problems[0].span, 13..14);
    assert_eq!(error.input, "r*,b,g,y 1:g Q7 S9 G2");
}

#[test]
fn empty_input() {
    check_only("", "^", "expected a position such as r*,b,g 0:r J3 S4 G2");
    check_only("   ", "^", "found nothing");
}

#[test]
fn unknown_cargo_initial() {
    check_only(
        "r*,b,g,y 1:g Q7 S9 G2",
        "             ^",
        "expected a cargo initial J, S, G or N, found 'Q'",
    );
    check_only(
        "r*,b,g,y 1:g J7 s9 G2",
        "                ^",
        "expected a cargo initial J, S, G or N, found 's'",
    );
}

#[test]
fn space_14() {
    check_only(
        "r*,b,g,y 1:g J14 S9 G2",
        "              ^^",
        "expected a space 0 to 13 or D for docked, found '14'",
    );
    check_only(
        "r*,b,g,y 1:g J S9 G2",
        "              ^",
        "expected a space 0 to 13 or D for docked, found nothing",
    );
}

#[test]
fn missing_ships() {
    check_only(
        "r*,b,g,y 1:g J7 S9",
        "                  ^",
        "expected 3 ships, found 2",
    );
    // A section where the third ship should be.
    check_only(
        "r*,b,g,y 1:g J7 S9 H:b",
        "                   ^",
        "expected a cargo initial J, S, G or N, found 'H'",
    );
    check_only(
        "r*,b,g,y",
        "        ^",
        "expected the progress after the players, as in 1:g",
    );
}

#[test]
fn four_ships() {
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 N3",
        "                      ^^",
        "expected a section after the 3 ships (a voyage has exactly 3), found 'N3'",
    );
}

#[test]
fn unknown_player_in_crew() {
    check_only(
        "r*,b,g,y 1:g J7:r.q S9 G2",
        "                  ^",
        "unknown player 'q' (players: r, b, g, y)",
    );
}

#[test]
fn unknown_player_in_harbour_and_shipyard() {
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 H:-,q",
        "                          ^",
        "unknown player 'q'",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 Y:-,-,qq",
        "                            ^^",
        "unknown player 'qq'",
    );
}

#[test]
fn unknown_player_in_pirates() {
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 X:y,zed",
        "                          ^^^",
        "unknown player 'zed'",
    );
}

#[test]
fn unknown_player_in_cash_and_shares() {
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 $r12,q3",
        "                           ^^",
        "unknown player 'q'",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 %r:J1,q:S2N1",
        "                            ^^^^^^",
        "unknown player 'q'",
    );
}

#[test]
fn duplicate_player() {
    check_only("r*,b,r,y 1:y J7 S9 G2", "     ^", "duplicate player 'r'");
}

#[test]
fn no_harbour_master() {
    check_only(
        "r,b,g,y 1:g J7 S9 G2",
        "^^^^^^^",
        "expected one player marked '*' as the harbour master",
    );
}

#[test]
fn two_harbour_masters() {
    check_only(
        "r*,b*,g,y 1:g J7 S9 G2",
        "   ^^",
        "expected one harbour master, found a second player marked '*'",
    );
}

#[test]
fn bad_progress() {
    check_only(
        "r*,b,g,y 1g J7 S9 G2",
        "          ^",
        "expected ':' after the rolls done, as in 1:g, found 'g'",
    );
    check_only(
        "r*,b,g,y x:g J7 S9 G2",
        "         ^",
        "expected the rolls done (0 to 3) then ':'",
    );
    check_only(
        "r*,b,g,y 1: J7 S9 G2",
        "           ^",
        "expected the player to move or a phase (board, small, large, plunder, roll), found nothing",
    );
    check_only(
        "r*,b,g,y 1:g@ J7 S9 G2",
        "             ^",
        "expected the placement round after '@'",
    );
    check_only(
        "r*,b,g,y 1:g,b J7 S9 G2",
        "            ^",
        "expected '@' and the round, or the end of the progress, found ','",
    );
    // A number, but not of the rules: the validation says why.
    check_only(
        "r*,b,g,y 7:g J7 S9 G2",
        "         ^",
        "must be 0 to 3, found 7",
    );
}

#[test]
fn unknown_section_key() {
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 Z:r",
        "                      ^",
        "expected a section H: Y: X: s: l: i: p: B: w $ % ^ or +, found 'Z'",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 H=b",
        "                       ^",
        "expected ':' after the section key H, found '='",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 +weak",
        "                      ^^^^^",
        "expected a variant +strong or +thirteen, found '+weak'",
    );
}

#[test]
fn a_section_twice() {
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 H:b l:r H:g",
        "                              ^^^",
        "expected each section once, found a second 'H:'",
    );
}

#[test]
fn bad_cash() {
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 $r12,b",
        "                           ^",
        "expected a player tag then the cash, as in r12, found 'b'",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 $r1x",
        "                       ^^^",
        "found 'r1x'",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 $r99999999999999999999",
        "                        ^^^^^^^^^^^^^^^^^^^^",
        "which is too large",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 $r12,b3,r4",
        "                              ^^",
        "expected each player once in the cash, found 'r' again",
    );
    // A player named `r-` keeps the tag: `r-5` is r- with 5.
    let p = manila_odds::parse::notation::parse("r*,r-,b 0:r J2 S3 G4 $r-5").expect("valid");
    assert_eq!(
        p.to_setup().cash.and_then(|c| c.get("r-").copied()),
        Some(5)
    );
    // R5: cash is what a player holds, never below 0; `r-5` is no tag `r-`.
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 $r-5",
        "                       ^^^",
        "cash cannot be negative, found -5",
    );
}

#[test]
fn seat_overflow() {
    // Ginseng has 3 seats: the carets go under the passenger without one.
    check_only(
        "r*,b,g,y 1:g J7 S9 G2:r.b.g.y",
        "                            ^",
        "ginseng has 3 seats, found 4 passengers",
    );
}

#[test]
fn start_spaces_not_summing_to_9() {
    check_only(
        "r*,b,g,y 0:r J3 S3 G4",
        "             ^^^^^^^^",
        "start spaces must sum to 9 before roll 1 (rolls_done 0), found 10",
    );
}

#[test]
fn to_move_has_passed() {
    check_only(
        "r*,b,g,y 1:g J7:r.b S9 G2 p:g",
        "           ^",
        "'g' has passed and places nothing more this voyage",
    );
}

#[test]
fn ambiguous_round_asks_for_an_at() {
    check_only(
        "r*,b,g 0:b J3 S3 G3",
        "       ^^^",
        "ambiguous here: give the placement round under way (after the player to move, as in 0:g@2)",
    );
    check_only(
        "r*,b,g 0:b@3 J3 S3 G3",
        "          ^^",
        "the round is 1 or 2, found 3",
    );
}

#[test]
fn rule_problems_at_their_tokens() {
    check_only(
        "r*,b,g,y 1:g JD S9 G2",
        "              ^",
        "no ship can dock before roll 2",
    );
    check_only(
        "r*,b,g,y 1:g J13 S9 G2",
        "              ^^",
        "no dice give space 13 after 1 rolls",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 ^J5,S7",
        "                          ^^",
        "7 is not on the price track",
    );
    check_only("r*,b 1:r J7 S9 G2", "^^^^", "needs 3 to 5 players, found 2");
    check_only(
        "r*,b,g,y 2:board J13:r.b S9 G2 X:y B:J1",
        "                                   ^^^^",
        "only the strong-pirates variant records boarded seats",
    );
    check_only(
        "r*,b,g,y 2:small J12 S9 G8",
        "         ^^^^^^^",
        "nobody holds the small pilot",
    );
}

#[test]
fn every_problem_of_the_rules_is_reported() {
    let input = "r*,b,g,y 1:g J7:r.z S9 G2 w9 $r-5";
    let found = problems(input);
    assert_eq!(found.len(), 3, "{found:?}");
    check(input, "                  ^", "unknown player 'z'");
    check(
        input,
        "                          ^^",
        "must be 1 to 6 workers per player, found 9",
    );
    // `r-5` is r's cash, negative, not a player `r-`.
    check(
        input,
        "                              ^^^",
        "cash cannot be negative, found -5",
    );
}

#[test]
fn bad_crew_and_lists() {
    check_only(
        "r*,b,g,y 1:g J7: S9 G2",
        "                ^",
        "expected a player tag, found nothing",
    );
    check_only(
        "r*,b,g,y 1:g J7:r,b S9 G2",
        "                 ^",
        "expected '.' between the crew, or the end of the ship, found ','",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 H:b,g,y,r",
        "                              ^",
        "expected at most 3 berths (A, B, C), found 'r'",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 s:r,b",
        "                         ^",
        "expected one player tag, then the end of 's:', found ','",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 %r:J2X",
        "                           ^",
        "expected a cargo initial J, S, G or N, found 'X'",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 w",
        "                       ^",
        "expected the workers per player after 'w', as in w4, found nothing",
    );
}

#[test]
fn quoting_errors() {
    check_only(
        "r*,\"b,g,y 1:g J7 S9 G2",
        "   ^",
        "expected a closing '\"' after this quoted name",
    );
    check_only(
        "r*,\"b\\q\",g,y 1:g J7 S9 G2",
        "     ^^",
        "expected an escape",
    );
    for code in ["110000", "", "D800", "zz"] {
        let input = format!("r*,\"b\\u{{{code}}}\",g,y 1:g J7 S9 G2");
        let carets = format!("     {}", "^".repeat(code.len() + 4));
        check_only(
            &input,
            &carets,
            &format!(
                "expected a character's code in hex (0 to 10FFFF, not D800 to DFFF), found '\\u{{{code}}}'"
            ),
        );
    }
}

#[test]
fn carets_count_characters_not_bytes() {
    check_only(
        "r*,\"é\",g,y 1:g J7:r.x S9 G2",
        "                    ^",
        "unknown player 'x'",
    );
    check_only(
        "r*,é,g,y 1:g J7 S9 G2",
        "   ^",
        "expected a player tag, found 'é'",
    );
    check_only(
        "r*,b,g,y 1:g J7 S9 G2 é",
        "                      ^",
        "found 'é'",
    );
}

// ------------------------------------------------------------------ properties

/// The problems point inside the input (or just past its end) on character
/// boundaries, and the error displays.
fn sane(input: &str, result: &Result<Position, NotationError>) {
    match result {
        Ok(p) => assert_eq!(notation::parse(&notation::format(p)).as_ref(), Ok(p)),
        Err(e) => {
            assert!(!e.problems.is_empty());
            for problem in &e.problems {
                let s = &problem.span;
                assert!(
                    s.start <= s.end && s.end <= input.len(),
                    "{s:?} in {input:?}"
                );
                assert!(input.is_char_boundary(s.start) && input.is_char_boundary(s.end));
                assert!(!problem.message.is_empty());
            }
            let _ = e.to_string();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn generated_positions_round_trip_for_any_seed(seed in any::<u64>()) {
        round_trip(&common::random_position(seed));
    }

    #[test]
    fn arbitrary_strings_never_panic(input in any::<String>()) {
        sane(&input, &notation::parse(&input));
    }

    #[test]
    fn strings_of_notation_characters_never_panic(
        input in "[JSGNDHYXslipBw$%^+*:,.@0-9rbgy\" \\\\-]{0,48}"
    ) {
        sane(&input, &notation::parse(&input));
    }

    /// A valid notation with one character inserted, deleted or replaced: refused
    /// without a panic, or read as a position that round-trips.
    #[test]
    fn mutated_notations_never_panic(
        seed in 0u64..5000,
        at in any::<prop::sample::Index>(),
        op in 0u8..3,
        c in prop::sample::select(
            "JSGND0123456789HYXslipBw$%^+*:,.@-\" \\rbgyé".chars().collect::<Vec<_>>()
        ),
    ) {
        let line = notation::format(&common::random_position(seed));
        let mut chars: Vec<char> = line.chars().collect();
        let i = at.index(chars.len() + 1);
        match op {
            0 => chars.insert(i, c),
            1 if i < chars.len() => { chars.remove(i); }
            _ if i < chars.len() => chars[i] = c,
            _ => chars.push(c),
        }
        let input: String = chars.into_iter().collect();
        sane(&input, &notation::parse(&input));
    }
}

/// The notation adds nothing and loses nothing against JSON: a setup read from a
/// notation and written back as JSON reads as the same position.
#[test]
fn a_notation_and_its_json_are_the_same_position() {
    let p = notation::parse(POSITION_MD).unwrap();
    let json = p.to_setup().to_json();
    let setup = Setup::from_json(&json).unwrap();
    assert_eq!(Position::try_from(setup).unwrap(), p);
    // Short tags are simply other names.
    let short = "r*,b,g,y 1:g J7:r.b S9 G2 H:b Y:-,-,g X:y l:r $r12,b3,g20,y0 %r:J2,b:S1N1 ^J5,G10";
    let q = notation::parse(short).unwrap();
    assert_eq!(q.state(), p.state());
    assert_eq!(q.names(), ["r", "b", "g", "y"]);
    let _ = rules::legal_actions(q.state());
}
