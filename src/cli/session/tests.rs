use super::*;

use crate::engine::analysis::MethodChoice;
use crate::engine::fit;
use crate::engine::sample;
use crate::parse::notation;

/// Last round after roll 2; blue, green, yellow and red each place one more.
const LAST_ROUND: &str =
    "red,blue*,green,yellow 2:blue J10:blue G8:yellow N9:yellow H:blue,red Y:red X:green s:green";

fn quantal_session(me: Option<&str>) -> Session {
    let start = notation::parse(LAST_ROUND).expect("a valid notation");
    let mut request = Request::new(MethodChoice::Auto, sample::Settings::new(0));
    request.future = Future::Quantal;
    let options = Options {
        me: me.map(String::from),
        ..Options::default()
    };
    Session::new(start.into(), &request, options).expect("a session")
}

#[test]
fn a_decision_typed_for_another_player_has_an_example() {
    let example = |text: &str| typing_example(&notation::parse(text).expect("position"));
    let small = "red*,blue,green 2:small J10:red.green S12:blue.blue G13:green.red H:red \
                 X:blue s:red l:blue i:green p:green";
    assert_eq!(example(small), " E.g. 'red none' or 'red jade+1'.");
    let plunder = "r*,b,g,y 3:plunder J13:r.b S13:g N8 X:y";
    assert_eq!(example(plunder), " E.g. 'y jade:harbour,silk:harbour'.");
    // A placement says itself: "Now r to place".
    assert_eq!(example("r*,b,g,y 0:r J2 S3 G4"), "");
}

#[test]
fn r15_the_sessions_observations_are_observe_alls() {
    let mut session = quantal_session(None);
    for line in ["blue pass", "green ship:jade", "yellow shipyard:b"] {
        assert!(session.line(line).error.is_none(), "{line}");
    }
    let placements = session.placements();
    assert_eq!(placements.len(), 3);
    // Each is the state before the placement and the action taken.
    let Outcome::Going(start) = &session.history[0].outcome else {
        panic!("the start is a voyage going");
    };
    assert_eq!(placements[0].0, *start.state());
    assert_eq!(placements[1].1.to_string(), "ship:jade");
    let expected = fit::observe_all(&placements, session.request.valuation);
    assert_eq!(session.observations(), expected);
    assert_eq!(session.fitted(), fit::fit(&expected));
    // Valued once: a second fit reads the same observations.
    assert_eq!(session.observations(), expected);
}

#[test]
fn an_interrupted_answer_offers_none_for_that_answer_only() {
    let odds = interrupted("odds");
    assert!(
        odds.contains("'odds' asks again, 'odds none' answers at once"),
        "{odds}"
    );
    let advice = interrupted("advice");
    assert!(advice.contains("'advise none' answers at once"), "{advice}");
    assert!(!advice.contains("model none"), "{advice}");
}

#[test]
fn r15_with_me_the_own_placements_are_not_seen() {
    let mut session = quantal_session(Some("Green"));
    for line in ["blue pass", "green ship:jade", "yellow pass"] {
        assert!(session.line(line).error.is_none(), "{line}");
    }
    let actions: Vec<String> = session
        .placements()
        .iter()
        .map(|(_, a)| a.to_string())
        .collect();
    assert_eq!(actions, ["pass", "pass"]);
}

/// Lines typed at a terminal, without one: what a person would type.
struct Typing(std::vec::IntoIter<&'static str>);

impl Lines for Typing {
    fn next_line(&mut self) -> Option<io::Result<Vec<u8>>> {
        self.0.next().map(|l| Ok(l.as_bytes().to_vec()))
    }

    fn interactive(&self) -> bool {
        true
    }
}

/// A session from a voyage's start under `none` (instant advice), its
/// resume slot shared, run on `typed` as at a terminal: the slot, and
/// what went to standard error.
fn typed_session(
    start: &str,
    me: Option<&str>,
    typed: Vec<&'static str>,
) -> (Option<String>, String) {
    let slot = Resume::default();
    let options = Options {
        me: me.map(String::from),
        resume: Some(slot.clone()),
        ..Options::default()
    };
    let (_, err) = run_typed(start, options, typed);
    let command = slot.lock().expect("not poisoned").clone();
    (command, err)
}

/// A session from `start` under `none` (instant advice) with `options`,
/// run on `typed` as at a terminal: what went to standard output and to
/// standard error.
fn run_typed(start: &str, options: Options, typed: Vec<&'static str>) -> (String, String) {
    let start = notation::parse(start).expect("a valid notation");
    let mut request = Request::new(MethodChoice::Auto, sample::Settings::new(0));
    request.future = Future::None;
    let mut session = Session::new(start.into(), &request, options).expect("a session");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    session
        .run(&mut Typing(typed.into_iter()), &mut out, &mut err)
        .expect("written to memory");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
    (text(out), text(err))
}

#[test]
fn leaving_a_voyage_under_way_says_the_command_that_goes_on_from_it() {
    // A name with a quote: double quotes in the notation (which has no
    // single ones), and a single quote escaped for the shell.
    let start = r#"r*,b,g,"o'neil" 0:r J2 S3 G4"#;
    let (command, err) = typed_session(start, Some("o'neil"), vec!["r ship:j", "b pass", "quit"]);
    let expected = concat!(
        r#"manila-odds session --pos='r*,b,g,"o'\''neil" 0:g J2:r S3 G4 p:b'"#,
        r#" --me='o'\''neil' --future none"#
    );
    let words = format!("To go on from this voyage later:\n  {expected}\n");
    assert_eq!(command.as_deref(), Some(words.as_str()));
    assert_eq!(err, words);
}

#[test]
fn the_command_to_go_on_restarts_the_position_as_it_stands() {
    let mut session = quantal_session(None);
    assert_eq!(session.resume_command(), None, "nothing has happened yet");
    assert!(session.line("blue ship:jade").error.is_none());
    let command = session.resume_command().expect("a voyage under way");
    let Outcome::Going(now) = &session.current().outcome else {
        panic!("the voyage goes on");
    };
    let quoted = format!("--pos='{}' --future quantal", notation::format(now));
    assert!(command.ends_with(&quoted), "{command}");
    assert_eq!(notation::parse(&notation::format(now)).as_ref(), Ok(now));
}

#[test]
fn nothing_is_said_on_leaving_a_voyage_not_begun() {
    let start = "red*,blue,green,yellow 0:red J2 S3 N4";
    let (command, err) = typed_session(start, None, vec!["help", "quit"]);
    assert_eq!((command, err.as_str()), (None, ""));
}

/// A session from `start` under `none` after the lines `typed`.
fn played(start: &str, typed: &[&str]) -> Session {
    let start = notation::parse(start).expect("a valid notation");
    let mut request = Request::new(MethodChoice::Auto, sample::Settings::new(0));
    request.future = Future::None;
    let mut session = Session::new(start.into(), &request, Options::default()).expect("a session");
    for line in typed {
        assert!(session.line(line).error.is_none(), "{line}");
    }
    session
}

#[test]
fn r16_leaving_after_a_settlement_says_the_command_that_starts_the_next_voyage() {
    let start = "red*,blue,green,yellow 0:red J2 S3 N4";
    // The voyage of tests/session.rs, played to its settlement.
    let script: Vec<&str> = include_str!("../../../tests/data/voyage.script")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#') && l.trim() != "quit")
        .collect();
    let (words, err) = typed_session(start, Some("yellow"), script.clone());
    let words = words.expect("the next voyage's command");
    assert_eq!(err, words);
    assert!(
        words.starts_with("To start the next voyage later"),
        "{words}"
    );
    let command = words.lines().nth(1).unwrap_or_default().trim();
    assert!(
        command.ends_with("' --me=yellow --future none"),
        "{command}"
    );
    let layout = command
        .strip_prefix("manila-odds session --layout='")
        .and_then(|c| c.split_once('\''))
        .map(|(layout, _)| layout)
        .expect("a quoted layout");
    assert!(lacks_ships(layout), "{layout}");
    // With its layout and auction typed, it starts the voyage `new` starts.
    let answer = "blue bid:3 buy:silk J1 S4 G4";
    let resumed = Pending::new(layout).and_then(|p| p.start(answer).map_err(crate::Error::Usage));
    let resumed = resumed.expect("a voyage").position;
    let mut going = played(start, &script);
    assert!(going.line(&format!("new {answer}")).error.is_none());
    assert_eq!(going.current().outcome, Outcome::Going(resumed));
}

#[test]
fn a_shell_word_is_quoted_only_when_it_must_be() {
    assert_eq!(shell_quoted("yellow"), "yellow");
    assert_eq!(shell_quoted("a b"), "'a b'");
    assert_eq!(shell_quoted("$r30"), "'$r30'");
    assert_eq!(shell_quoted("o'neil"), r"'o'\''neil'");
    assert_eq!(shell_quoted(""), "''");
}

/// The width a resized terminal has now, for the test below.
fn fifty_columns() -> Option<usize> {
    Some(50)
}

/// What a session at a terminal of width `width` (asked again before every
/// answer) writes for `typed`, started at 80 columns.
fn drawn(width: Option<fn() -> Option<usize>>, typed: Vec<&'static str>) -> String {
    let options = Options {
        width,
        ..Options::default()
    };
    run_typed("r*,b,g,y 0:r J2 S3 G4", options, typed).0
}

#[test]
fn a_resized_terminal_gets_the_next_answer_at_its_new_width() {
    let widest = |text: &str| text.lines().map(|l| l.chars().count()).max();
    let fixed = drawn(None, vec!["show"]);
    assert!(widest(&fixed) > Some(50), "{fixed}");
    let followed = drawn(Some(fifty_columns), vec!["show"]);
    assert!(widest(&followed) <= Some(50), "{followed}");
}

/// The command said after a settlement carries what `new` carries, with
/// money, a mortgage paid by the insurer (R5, R11), shares, a quoted name
/// and a variant: its layout answered gives the start `new` gives.
#[test]
fn r11_r16_the_next_voyage_s_command_carries_cash_shares_and_variants() {
    let start = r#"r*,b,g,"o n" 2:roll J12:r.b S11:g G5:"o n" H:r,b i:"o n" $r5,b20,g10,"o n"1 %r:J1,"o n":S2 ^J5 +strong"#;
    let mut session = played(start, &["roll 1 1 1"]);
    let command = session.resume_command().expect("the next voyage");
    let layout = command
        .strip_prefix("manila-odds session --layout=")
        .and_then(|c| c.strip_suffix(" --future none"))
        .expect("a layout");
    // Unquoted as a POSIX shell would: '...' with '\'' for a quote.
    let layout = layout.trim_matches('\'').replace(r"'\''", "'");
    assert!(
        layout.contains("+strong") && layout.contains(r#""o n""#),
        "{layout}"
    );
    let resumed =
        Pending::new(&layout).and_then(|p| p.start("J2 S3 G4").map_err(crate::Error::Usage));
    assert!(session.line("new J2 S3 G4").error.is_none());
    let resumed = resumed.expect("a voyage").position;
    assert_eq!(session.current().outcome, Outcome::Going(resumed));
}
