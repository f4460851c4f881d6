//! The arena: duplicate voyages between policies, refereed by the rules, and the
//! bot protocol of BOTS.md, faults included.

mod common;

use manila_odds::Position;
use serde_json::{Value, json};
use std::process::Output;

const BIN: &str = env!("CARGO_BIN_EXE_manila-odds");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn arena(args: &[&str]) -> Output {
    std::process::Command::new(BIN)
        .arg("arena")
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("the binary runs")
}

fn arena_json(args: &[&str]) -> Value {
    let out = arena(&[args, &["--json"]].concat());
    assert!(
        out.status.success(),
        "arena {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("arena JSON")
}

/// The bot of `tests/data/bots/first.py` in `mode`, as a policy.
fn first_bot(mode: &str) -> String {
    format!("cmd:python3 {ROOT}/tests/data/bots/first.py {mode}")
}

fn diffs(v: &Value) -> Vec<f64> {
    per_deal(v, "diff")
}

/// Each deal's `key`, a number.
fn per_deal(v: &Value, key: &str) -> Vec<f64> {
    v["deals"]
        .as_array()
        .expect("deals")
        .iter()
        .map(|d| d[key].as_f64().expect("a number"))
        .collect()
}

fn mean_sd(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, var.sqrt())
}

#[test]
fn a_policy_against_itself_differs_by_exactly_0_on_every_deal() {
    for players in ["3", "5"] {
        let v = arena_json(&[
            "--candidate",
            "none",
            "--baseline",
            "none",
            "--deals",
            "6",
            "--players",
            players,
            "--seed",
            "11",
        ]);
        assert_eq!(diffs(&v), vec![0.0; 6], "{players} players");
        assert_eq!(v["mean_diff"], 0.0);
        // Each seat meets the same dice as in the reference: the same luck.
        assert_eq!(per_deal(&v, "luck_adjusted_diff"), vec![0.0; 6]);
        assert_eq!(v["luck_adjusted"]["mean_diff"], 0.0);
        assert_eq!(v["candidate_mean"], v["baseline_mean"]);
    }
    let v = arena_json(&[
        "--candidate",
        "random",
        "--baseline",
        "random",
        "--deals",
        "20",
        "--seed",
        "3",
        "--strong-pirates",
        "--cash",
        "15",
    ]);
    assert_eq!(
        diffs(&v),
        vec![0.0; 20],
        "random against itself, with money"
    );
    let v = arena_json(&[
        "--candidate",
        "auto",
        "--baseline",
        "auto",
        "--deals",
        "2",
        "--seed",
        "5",
    ]);
    assert_eq!(diffs(&v), vec![0.0; 2], "auto against itself");
    assert_eq!(per_deal(&v, "luck_adjusted_diff"), vec![0.0; 2]);
    assert_eq!(
        (&v["candidate"], &v["baseline"]),
        (&json!("auto"), &json!("auto"))
    );
    for search in ["paranoid", "best-reply"] {
        let v = arena_json(&[
            "--candidate",
            search,
            "--baseline",
            search,
            "--deals",
            "3",
            "--seed",
            "5",
            "--cash",
            "12",
        ]);
        assert_eq!(diffs(&v), vec![0.0; 3], "{search} against itself");
        assert_eq!(v["candidate"], json!(search));
    }
}

/// R6: a roll's luck has mean 0, so less the luck a match estimates the
/// same mean difference; the dice explain most of the spread between two
/// seats that placed differently, so it does so with less.
#[test]
fn less_the_dices_luck_a_match_has_the_same_mean_and_less_spread() {
    let args = [
        "--candidate",
        "round",
        "--baseline",
        "none",
        "--deals",
        "40",
        "--seed",
        "11",
    ];
    let v = arena_json(&args);
    let (played, adjusted) = (diffs(&v), per_deal(&v, "luck_adjusted_diff"));
    let (raw_mean, raw_sd) = mean_sd(&played);
    let (adjusted_mean, adjusted_sd) = mean_sd(&adjusted);
    // Measured: 5.47 and 2.13.
    assert!(adjusted_sd < raw_sd / 2.0, "{adjusted_sd} vs {raw_sd}");
    let luck: Vec<f64> = played.iter().zip(&adjusted).map(|(p, a)| p - a).collect();
    let (luck_mean, luck_sd) = mean_sd(&luck);
    let se = luck_sd / (luck.len() as f64).sqrt();
    assert!(luck_mean.abs() < 3.0 * se, "luck {luck_mean} (se {se})");
    let summary = &v["luck_adjusted"];
    assert!((summary["mean_diff"].as_f64().expect("a mean") - adjusted_mean).abs() < 1e-9);
    assert!((v["mean_diff"].as_f64().expect("a mean") - raw_mean).abs() < 1e-9);
    let se = summary["stderr"].as_f64().expect("a standard error");
    assert!((se - adjusted_sd / 40f64.sqrt()).abs() < 1e-9);
    let ci = summary["ci95"].as_array().expect("an interval");
    let lo = ci[0].as_f64().expect("a bound");
    assert!((lo - (adjusted_mean - 1.96 * se)).abs() < 1e-9);
    let text = String::from_utf8_lossy(&arena(&args).stdout).into_owned();
    assert!(text.contains("Less the dice's luck: "), "{text}");
    // The table's figures are the JSON's.
    let line = format!("Less the dice's luck: {adjusted_mean:+.2} (standard error {se:.2};");
    assert!(text.contains(&line), "{line} in {text}");
}

#[test]
fn one_and_two_threads_give_identical_json_but_for_the_times() {
    let args = [
        "--candidate",
        "none",
        "--baseline",
        "random",
        "--deals",
        "8",
        "--seed",
        "5",
    ];
    let mut runs: Vec<Value> = ["1", "2"]
        .iter()
        .map(|t| arena_json(&[&args[..], &["--threads", t]].concat()))
        .collect();
    for v in runs.iter_mut() {
        let times = v
            .as_object_mut()
            .expect("an object")
            .remove("decision_times");
        assert!(times.is_some(), "decision times are reported");
    }
    assert_eq!(runs[0], runs[1]);
}

#[test]
fn none_beats_random_with_its_interval_above_0() {
    let v = arena_json(&[
        "--candidate",
        "none",
        "--baseline",
        "random",
        "--deals",
        "60",
        "--seed",
        "1",
    ]);
    let lo = v["ci95"][0].as_f64().expect("an interval");
    assert!(lo > 0.0, "95% interval {}", v["ci95"]);
    let mean = v["mean_diff"].as_f64().expect("a mean");
    let (c, b) = (v["candidate_mean"].as_f64(), v["baseline_mean"].as_f64());
    assert!((c.expect("c") - b.expect("b") - mean).abs() < 1e-9);
    // The mean of the deals is the reported mean.
    let d = diffs(&v);
    assert!((d.iter().sum::<f64>() / d.len() as f64 - mean).abs() < 1e-9);
    assert_eq!(v["deals"].as_array().map(Vec::len), Some(60));
    assert_eq!(v["deals"][0]["deal"], 1);
}

#[test]
fn a_bot_that_answers_the_first_option_plays_and_loses_to_none() {
    let v = arena_json(&[
        "--candidate",
        "none",
        "--baseline",
        &first_bot("first"),
        "--deals",
        "8",
        "--seed",
        "2",
        "--threads",
        "2",
    ]);
    assert!(v["mean_diff"].as_f64().expect("a mean") > 0.0, "{v}");
    assert!(
        v["baseline"]
            .as_str()
            .expect("a name")
            .starts_with("cmd:python3")
    );
    // Passing everything, the bot pays nothing and earns nothing (R13).
    for deal in v["deals"].as_array().expect("deals") {
        for (_, profit) in deal["reference"].as_object().expect("profits") {
            assert_eq!(profit, 0.0, "{deal}");
        }
    }
}

#[test]
fn the_tool_as_a_bot_plays_exactly_as_the_built_in_policy() {
    let bot = format!("cmd:{BIN} bot --future none");
    let v = arena_json(&[
        "--candidate",
        "none",
        "--baseline",
        &bot,
        "--deals",
        "3",
        "--seed",
        "9",
    ]);
    assert_eq!(diffs(&v), vec![0.0; 3]);
}

#[test]
fn every_protocol_fault_stops_the_run_with_exit_2_and_names_bot_request_and_answer() {
    let cases = [
        ("garbage", "answered 'this is not json'"),
        ("wrong-id", "101"),
        ("not-offered", "ship:tea"),
        ("late", "answered nothing"),
        ("exit", "exited"),
        // It stays, so the fault is the line, not an exit.
        ("not-utf8", "not UTF-8 text"),
        ("twice-keyed", "duplicate field `id`"),
        // A line begun is shown, and a long one cut.
        (
            "half-line",
            "no end of line within 3 s; answered '{\"id\": 1, \"act'",
        ),
        (
            "huge",
            &format!(
                "answered '{}...' (the first 200 of 100000 characters)",
                "x".repeat(200)
            ),
        ),
    ];
    for (mode, said) in cases {
        let out = arena(&[
            "--candidate",
            "none",
            "--baseline",
            &first_bot(mode),
            "--deals",
            "2",
            "--seed",
            "1",
            // Long enough for python to start on a loaded machine; the late
            // bot sleeps 5 s.
            "--bot-timeout",
            "3",
        ]);
        let err = refused(&out);
        assert!(err.contains("first.py"), "{mode}: names the bot: {err}");
        assert!(
            err.contains("(the baseline)"),
            "{mode}: names its side: {err}"
        );
        assert!(
            err.contains("request 1"),
            "{mode}: names the request: {err}"
        );
        assert!(err.contains(said), "{mode}: says what was answered: {err}");
        assert_eq!(err.lines().count(), 1, "{mode}: one message: {err}");
    }
}

#[test]
fn a_fault_names_the_side_when_one_bot_plays_both() {
    // The same broken bot on both sides: the reference voyages, the
    // baseline in every seat, come first, so the baseline's fault is met.
    let bot = first_bot("not-offered");
    let match_of = |candidate: &str, baseline: &str| {
        let args = ["--candidate", candidate, "--baseline", baseline];
        refused(&arena(
            &[&args[..], &["--deals", "1", "--seed", "1"]].concat(),
        ))
    };
    let err = match_of(&bot, &bot);
    assert!(err.contains("(the baseline): request"), "{err}");
    let err = match_of(&bot, "none");
    assert!(err.contains("(the candidate): request"), "{err}");
}

/// The message of a run refused with exit 2, which printed no figures.
fn refused(out: &std::process::Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        out.stdout.is_empty(),
        "no figures for an unfinished run: {err}"
    );
    err
}

#[test]
fn a_record_that_cannot_be_written_is_refused_before_the_match() {
    let out = arena(&[
        "--candidate",
        "none",
        "--baseline",
        "random",
        "--deals",
        "400",
        "--record",
        "/no/such/folder/record.jsonl",
    ]);
    let err = refused(&out);
    assert!(
        err.contains("--record: cannot create '/no/such/folder/record.jsonl'"),
        "{err}"
    );
}

#[test]
fn policies_that_are_not_policies_are_refused() {
    for bad in ["smart", "cmd:", "greedy2"] {
        let out = arena(&["--candidate", bad, "--baseline", "none", "--deals", "1"]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("--candidate") && err.contains("not a policy"),
            "{err}"
        );
    }
    let out = arena(&["--candidate", "none", "--baseline", "none", "--deals", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let out = arena(&[
        "--candidate",
        "none",
        "--baseline",
        "none",
        "--future",
        "greedy",
    ]);
    assert_eq!(out.status.code(), Some(2));
    // More cash than a position may hold once a voyage adds to it.
    let out = arena(&[
        "--candidate",
        "none",
        "--baseline",
        "none",
        "--cash",
        "4294967295",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--cash"));
}

#[test]
fn a_recorded_voyage_replayed_with_apply_gives_the_arenas_profits() {
    let dir = std::env::temp_dir().join(format!("manila-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let record = dir.join("voyages.jsonl");
    let record = record.to_str().expect("a path");
    // With 3 in cash an insurer is often short at the settlement: the bank
    // pays the rest (R11), and the arena's profits count what they paid.
    let mut covered = 0;
    for (candidate, deals, seed, cash) in [("none", "3", "4", "20"), ("random", "20", "12", "3")] {
        let v = arena_json(&[
            "--candidate",
            candidate,
            "--baseline",
            "random",
            "--deals",
            deals,
            "--seed",
            seed,
            "--cash",
            cash,
            "--record",
            record,
        ]);
        let text = std::fs::read_to_string(record).expect("the record");
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect();
        let deals: usize = deals.parse().expect("a number");
        assert_eq!(
            lines.len(),
            deals * 5,
            "a reference and one replay per seat, per deal"
        );
        for line in &lines {
            let start = line["start"].as_str().expect("a start");
            let events: Vec<&str> = line["events"]
                .as_array()
                .expect("events")
                .iter()
                .map(|e| e.as_str().expect("an event"))
                .collect();
            let mut args = vec!["apply", "--json", "--pos", start];
            args.extend(&events);
            let settled: Value = serde_json::from_str(&common::run_ok(&args, None)).expect("JSON");
            assert_eq!(settled["settled"], true, "{line}");
            if settled["insurance_bank_covers"].as_u64().unwrap_or(0) > 0 {
                covered += 1;
            }
            for (seat, profit) in line["profits"].as_object().expect("profits") {
                assert_eq!(settled["profits"][seat].as_f64(), profit.as_f64(), "{line}");
            }
        }
        // Each deal's figure less the luck, from the record's profits and luck.
        for (k, deal) in v["deals"].as_array().expect("deals").iter().enumerate() {
            let kept = |voyage: &str, seat: &str| {
                let line = lines
                    .iter()
                    .find(|l| l["deal"] == k as u64 + 1 && l["voyage"] == voyage)
                    .expect("the voyage");
                let f = |key: &str| line[key][seat].as_f64().expect("a number");
                f("profits") - f("luck")
            };
            let seats = ["p1", "p2", "p3", "p4"];
            let gain: f64 = seats
                .iter()
                .map(|&seat| kept(seat, seat) - kept("reference", seat))
                .sum::<f64>()
                / 4.0;
            let want = deal["luck_adjusted_diff"].as_f64().expect("a figure");
            assert!(
                (gain - want).abs() < 1e-9,
                "deal {}: {gain} vs {want}",
                k + 1
            );
        }
        // The record's profits are the arena's.
        let deal = &v["deals"][0];
        let reference = lines
            .iter()
            .find(|l| l["deal"] == 1 && l["voyage"] == "reference")
            .expect("the reference voyage");
        for (seat, profit) in deal["reference"].as_object().expect("profits") {
            assert_eq!(reference["profits"][seat].as_f64(), profit.as_f64());
        }
    }
    assert!(covered > 0, "some insurer was short of money");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn positions_shown_to_bots_are_valid_and_offer_what_advise_offers() {
    let dir = std::env::temp_dir().join(format!("manila-bot-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let log = dir.join("requests.jsonl");
    let bot = format!("{} --log {}", first_bot("first"), log.display());
    let out = arena(&[
        "--candidate",
        &bot,
        "--baseline",
        "random",
        "--deals",
        "4",
        "--seed",
        "8",
        "--strong-pirates",
        "--cash",
        "12",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&log).expect("the log");
    let mut phases = std::collections::BTreeSet::new();
    for line in text.lines() {
        let request: Value = serde_json::from_str(line).expect("a request");
        let position = Position::from_json(&request["position"].to_string())
            .unwrap_or_else(|e| panic!("an invalid position was shown: {e}\n{line}"));
        phases.insert(position.state().phase.name());
        let advice = common::run_ok(
            &["advise", "--json", "-"],
            Some(&request["position"].to_string()),
        );
        let advice: Value = serde_json::from_str(&advice).expect("advice JSON");
        let mut offered: Vec<&str> = request["options"]
            .as_array()
            .expect("options")
            .iter()
            .map(|o| o.as_str().expect("a name"))
            .collect();
        let mut advised: Vec<&str> = advice["options"]
            .as_array()
            .expect("options")
            .iter()
            .map(|o| o["action"].as_str().expect("a name"))
            .collect();
        offered.sort();
        advised.sort();
        assert_eq!(offered, advised, "{line}");
        assert_eq!(request["seat"], advice["decider"], "{line}");
    }
    assert!(phases.contains("placement"), "{phases:?}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_bot_command_answers_hello_decide_and_layout() {
    let position = common::position_md_json();
    let position: Value = serde_json::from_str(&position).expect("JSON");
    let advice = common::run_ok(&["advise", "--json", "-"], Some(&position.to_string()));
    let advice: Value = serde_json::from_str(&advice).expect("JSON");
    let options: Vec<Value> = advice["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| o["action"].clone())
        .rev()
        .collect();
    let start = serde_json::json!({"players": ["a", "b", "c"], "harbour_master": "b"});
    let requests = [
        serde_json::json!({"type": "hello", "protocol": 1}),
        serde_json::json!({"type": "decide", "id": 7, "seat": "green", "position": position, "options": options}),
        serde_json::json!({"type": "layout", "id": 8, "seat": "b", "start": start, "options": ["J2 S3 G4", "S3 G3 N3"]}),
        serde_json::json!({"type": "result", "deal": 1, "profits": {"a": 1, "b": 2, "c": 3}}),
        serde_json::json!({"type": "bye"}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let out = common::run_ok(&["bot", "--future", "none"], Some(&input));
    let answers: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON answer a line"))
        .collect();
    assert_eq!(
        answers.len(),
        3,
        "hello, decide and layout are answered: {out}"
    );
    assert_eq!(answers[0]["type"], "hello");
    assert!(answers[0]["name"].as_str().is_some());
    assert_eq!(answers[1]["id"], 7);
    assert_eq!(answers[1]["action"], advice["options"][0]["action"]);
    assert_eq!(answers[2]["id"], 8);
    // Under none, with no shares, every layout is worth 0: the first is kept (R14).
    assert_eq!(answers[2]["layout"], "J2 S3 G4");
}

#[test]
fn the_bot_answers_a_layout_spelled_as_offered() {
    // BOTS.md: the answer must be one of the options, spelled exactly; a
    // layout offered in lower case is answered in lower case.
    let start = serde_json::json!({"players": ["a", "b", "c"], "harbour_master": "b"});
    let requests = [
        serde_json::json!({"type": "hello", "protocol": 1}),
        serde_json::json!({"type": "layout", "id": 3, "seat": "b", "start": start, "options": ["j2 s3 g4", "s3 g3 n3"]}),
        serde_json::json!({"type": "bye"}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let out = common::run_ok(&["bot", "--future", "none"], Some(&input));
    let answer: Value =
        serde_json::from_str(out.lines().nth(1).expect("two answers")).expect("JSON");
    assert_eq!(answer["layout"], "j2 s3 g4");
}

#[test]
fn the_readme_bot_is_the_example_bot_and_it_plays() {
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).expect("README.md");
    let block = readme
        .split("```python\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a python block in the README");
    let file = std::fs::read_to_string(format!("{ROOT}/examples/bots/front_runner.py"))
        .expect("the example bot");
    assert_eq!(
        block, file,
        "the README shows examples/bots/front_runner.py"
    );
    assert!(file.lines().count() <= 16, "a short example");
    let v = arena_json(&[
        "--candidate",
        "cmd:python3 examples/bots/front_runner.py",
        "--baseline",
        "random",
        "--deals",
        "3",
        "--seed",
        "1",
        "--layout",
        "policy",
    ]);
    assert_eq!(v["deals"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["layout"], "policy");
}

#[test]
fn r3_each_deal_says_the_layout_the_candidate_chose_as_harbour_master() {
    let args = [
        "--candidate",
        "none",
        "--baseline",
        "random",
        "--deals",
        "3",
        "--seed",
        "5",
    ];
    // Layouts dealt at random: one layout per deal, whoever is harbour master.
    let dealt = arena_json(&args);
    for d in dealt["deals"].as_array().expect("deals") {
        assert_eq!(d["candidate_layout"], d["layout"], "{d}");
    }
    // Chosen by the policies: the reference's harbour master plays at random,
    // the candidate's replay in that seat loads the candidate's own choice.
    let record = std::env::temp_dir().join(format!("manila-layouts-{}.jsonl", std::process::id()));
    let record = record.to_str().expect("a path");
    let chosen = arena_json(&[&args[..], &["--layout", "policy", "--record", record]].concat());
    let deals = chosen["deals"].as_array().expect("deals");
    assert!(deals.iter().any(|d| d["candidate_layout"] != d["layout"]));
    // Each is the start of the recorded replay with the candidate in the
    // harbour master's seat.
    let text = std::fs::read_to_string(record).expect("the record");
    for d in deals {
        let name = d["candidate_layout"].as_str().expect("a layout");
        assert!(manila_odds::parse::layout::parse(name).is_ok(), "{name}");
        let replay = text
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"))
            .find(|l| l["deal"] == d["deal"] && l["voyage"] == d["harbour_master"])
            .expect("the replay with the candidate as harbour master");
        let start = replay["start"].as_str().expect("a start");
        assert!(start.ends_with(name), "{start} vs {name}");
    }
    let _ = std::fs::remove_file(record);
}

/// A built-in policy whose instances the referee may not recall from: the
/// same policy, asked every decision afresh.
struct Unrecalled<'a>(&'a dyn manila_odds::engine::arena::Maker);

impl manila_odds::engine::arena::Maker for Unrecalled<'_> {
    fn name(&self) -> String {
        self.0.name()
    }
    fn make(
        &self,
    ) -> Result<Box<dyn manila_odds::engine::arena::Policy>, manila_odds::engine::arena::Fault>
    {
        self.0.make()
    }
}

/// Decisions taken once per deal and state (a built-in policy is a pure
/// function of them) change no figure: the match is the one where every
/// decision is asked afresh.
#[test]
fn decisions_recalled_within_a_deal_change_no_figure() {
    use manila_odds::engine::analysis::{MethodChoice, Request};
    use manila_odds::engine::arena::{self, LayoutChoice, Model};
    use manila_odds::engine::sample;
    use manila_odds::report::Future;
    let settings = arena::Settings {
        players: 4,
        first_deal: 1,
        deals: 12,
        seed: 5,
        layout: LayoutChoice::Random,
        variant: Default::default(),
        cash: None,
        record: false,
        candidate_seats: None,
    };
    let model = |future| Model {
        request: Request {
            future,
            ..Request::new(MethodChoice::Auto, sample::Settings::new(5))
        },
        fit: false,
    };
    let (round, none) = (model(Future::Round), model(Future::None));
    let recalled = arena::run(&settings, &round, &none, &|_| {}).expect("no fault");
    let afresh =
        arena::run(&settings, &Unrecalled(&round), &Unrecalled(&none), &|_| {}).expect("no fault");
    assert_eq!(recalled.report.deals, afresh.report.deals);
    // Recalled decisions are not timed: fewer of them.
    assert!(recalled.report.baseline_times.decisions < afresh.report.baseline_times.decisions);
}

#[test]
fn a_match_whose_candidate_takes_no_seat_is_refused_not_scored_0() {
    use manila_odds::engine::arena::{self, Heuristic, LayoutChoice};
    for seats in [vec![], vec![4, 7]] {
        let settings = arena::Settings {
            players: 4,
            first_deal: 1,
            deals: 2,
            seed: 5,
            layout: LayoutChoice::Random,
            variant: Default::default(),
            cash: None,
            record: false,
            candidate_seats: Some(seats.clone()),
        };
        let run = arena::run(&settings, &Heuristic, &Heuristic, &|_| {});
        let fault = run.err().expect("refused");
        assert!(fault.why.contains("takes no seat"), "{seats:?}: {fault}");
    }
}

/// A match played in parts gives each deal as the whole match does: deals
/// depend only on the seed and their number.
#[test]
fn a_match_from_a_later_first_deal_plays_those_deals_as_the_whole_match() {
    let args = [
        "--candidate",
        "heuristic",
        "--baseline",
        "none",
        "--seed",
        "7",
    ];
    let whole = arena_json(&[&args[..], &["--deals", "5"]].concat());
    let part = arena_json(&[&args[..], &["--first-deal", "4", "--deals", "2"]].concat());
    let numbers: Vec<u64> = part["deals"]
        .as_array()
        .expect("deals")
        .iter()
        .map(|d| d["deal"].as_u64().expect("a number"))
        .collect();
    assert_eq!(numbers, vec![4, 5]);
    assert_eq!(part["deals"][0], whole["deals"][3]);
    assert_eq!(part["deals"][1], whole["deals"][4]);
    let table = arena(&[&args[..], &["--first-deal", "4", "--deals", "2"]].concat());
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.contains("2 deals (4 to 5)"), "{text}");
    let one = arena(&[&args[..], &["--first-deal", "4", "--deals", "1"]].concat());
    let text = String::from_utf8_lossy(&one.stdout);
    assert!(text.contains("1 deal (4)"), "{text}");
    for (bad, deals) in [("0", "1"), ("18446744073709551615", "2")] {
        let out = arena(&[&args[..], &["--first-deal", bad, "--deals", deals]].concat());
        assert_eq!(out.status.code(), Some(2), "--first-deal {bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--first-deal"), "{err}");
    }
    // The last deal number there is, played.
    let last = ["--first-deal", "18446744073709551615", "--deals", "1"];
    let part = arena_json(&[&args[..], &last[..]].concat());
    assert_eq!(part["deals"][0]["deal"], 18446744073709551615u64);
}

#[test]
fn the_bot_command_refuses_requests_that_break_the_protocol() {
    let position = common::position_md_json();
    let position: Value = serde_json::from_str(&position).expect("JSON");
    let start = serde_json::json!({"players": ["a", "b", "c"], "harbour_master": "b"});
    let cases = [
        (
            serde_json::json!({"type": "hello", "protocol": 2}),
            "protocol 2: this bot speaks protocol 1",
        ),
        (
            serde_json::json!({"type": "hello", "protocol": "1"}),
            "protocol: a number, found \"1\"; this bot speaks protocol 1",
        ),
        (
            serde_json::json!({"type": "decide", "id": 7, "seat": "red", "position": position, "options": ["pass"]}),
            "seat: 'red' does not decide in the position, green does",
        ),
        (
            serde_json::json!({"type": "decide", "id": 7, "seat": "green", "position": position, "options": ["pass", "bogus:x"]}),
            "options: 'bogus:x' is not a legal action of green here",
        ),
        (
            serde_json::json!({"type": "layout", "id": 8, "seat": "a", "start": start, "options": ["J2 S3 G4"]}),
            "seat: 'a' is not the harbour master, b is",
        ),
        (
            serde_json::json!({"type": "decide", "id": "abc", "seat": "green", "position": position, "options": ["pass"]}),
            "a decide request's id must be a whole number 0 or more, found \"abc\"",
        ),
        (
            serde_json::json!({"type": "result", "deal": -1, "profits": {"a": 1}}),
            "a result's deal must be a whole number 0 or more, found -1",
        ),
        (
            serde_json::json!({"type": "result", "deal": 3.0}),
            "a result needs its profits",
        ),
        (
            serde_json::json!({"type": "result", "deal": 3, "profits": {"a": 12, "b": "x"}}),
            "profits.b: a number of coins, found \"x\"",
        ),
    ];
    for (request, words) in cases {
        let out = common::run_bin(&["bot", "--future", "none"], Some(&format!("{request}\n")));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{request}: {err}");
        assert!(out.stdout.is_empty(), "{request}: nothing answered");
        assert!(err.contains(words), "{request}: {err}");
    }
}

#[test]
fn the_bot_command_refuses_a_line_not_utf8_and_a_key_given_twice() {
    let cases: [(&[u8], &str); 3] = [
        (b"\xff\n", "request line 1: the line is not UTF-8 text"),
        (
            br#"{"type":"hello","protocol":1,"protocol":2}"#,
            "request line 1: invalid JSON: duplicate field `protocol`",
        ),
        (
            br#"{"type":"layout","id":7,"id":8}"#,
            "request line 1: invalid JSON: duplicate field `id`",
        ),
    ];
    for (input, words) in cases {
        let out = common::run_bin_bytes(&["bot", "--future", "none"], input, &[]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(out.stdout.is_empty(), "{err}");
        assert!(err.contains(words), "{err}");
    }
}

/// Each seat's candidate profit, by seat name, of every deal.
fn candidate_profits(v: &Value) -> Vec<serde_json::Map<String, Value>> {
    v["deals"]
        .as_array()
        .expect("deals")
        .iter()
        .map(|d| {
            d["candidate"]
                .as_object()
                .expect("candidate profits")
                .clone()
        })
        .collect()
}

#[test]
fn seats_played_apart_give_each_seat_as_the_whole_match_does() {
    let common = ["--baseline", "none", "--deals", "5", "--seed", "7"];
    let whole = arena_json(&[&["--candidate", "heuristic"], &common[..]].concat());
    let first = arena_json(&[&["--candidate", "heuristic", "--seats", "0"], &common[..]].concat());
    let rest = arena_json(
        &[
            &["--candidate", "heuristic", "--seats", "3,1,2,1"],
            &common[..],
        ]
        .concat(),
    );
    assert_eq!(first["candidate_seats"], json!([0]));
    assert_eq!(
        rest["candidate_seats"],
        json!([1, 2, 3]),
        "sorted, once each"
    );
    assert!(
        whole.get("candidate_seats").is_none(),
        "every seat: no field"
    );
    let deals = whole["deals"].as_array().expect("deals");
    for (k, d) in deals.iter().enumerate() {
        let (a, b) = (&first["deals"][k], &rest["deals"][k]);
        assert_eq!(d["reference"], a["reference"]);
        assert_eq!(d["reference"], b["reference"]);
        // The harbour master's seat alone, then the other three.
        let hm = d["harbour_master"].as_str().expect("a seat");
        let a_seats = candidate_profits(&first)[k].clone();
        assert_eq!(a_seats.keys().collect::<Vec<_>>(), vec![hm]);
        let mut joined = a_seats;
        joined.extend(candidate_profits(&rest)[k].clone());
        assert_eq!(Value::Object(joined), d["candidate"], "deal {}", k + 1);
        let parts = a["diff"].as_f64().expect("a diff") + 3.0 * b["diff"].as_f64().expect("a diff");
        let whole_diff = d["diff"].as_f64().expect("a diff");
        assert!((parts / 4.0 - whole_diff).abs() < 1e-9, "deal {}", k + 1);
    }
    // Turns count on from the harbour master, in seating order.
    let next = arena_json(&[&["--candidate", "heuristic", "--seats", "1"], &common[..]].concat());
    for d in next["deals"].as_array().expect("deals") {
        let hm: usize = d["harbour_master"]
            .as_str()
            .and_then(|p| p[1..].parse().ok())
            .expect("pN");
        let seat = format!("p{}", hm % 4 + 1);
        let taken: Vec<&String> = d["candidate"]
            .as_object()
            .expect("profits")
            .keys()
            .collect();
        assert_eq!(taken, vec![&seat], "harbour master p{hm}");
    }
    // Every seat listed is the whole match.
    let mut all = arena_json(
        &[
            &["--candidate", "heuristic", "--seats", "0,1,2,3"],
            &common[..],
        ]
        .concat(),
    );
    let mut once = whole.clone();
    for v in [&mut all, &mut once] {
        v["decision_times"] = Value::Null;
    }
    assert_eq!(all, once);
    // Both means over the seats taken: they differ by the mean difference.
    for v in [&first, &rest] {
        let gap = v["candidate_mean"].as_f64().expect("a mean")
            - v["baseline_mean"].as_f64().expect("a mean");
        assert!((gap - v["mean_diff"].as_f64().expect("a mean")).abs() < 1e-9);
    }
    // The table says the baseline's mean is over those seats only.
    let table = arena(&[&["--candidate", "heuristic", "--seats", "0"], &common[..]].concat());
    let text = String::from_utf8_lossy(&table.stdout).replace("\n  ", " ");
    assert!(
        text.contains(", none (in every seat, counted in those seats) "),
        "{text}"
    );
}

#[test]
fn hybrid_plays_auto_as_harbour_master_and_greedy_in_the_other_seats() {
    // Three players and one deal: greedy play-outs before roll 1 are dear.
    // The harbour masters choose their layouts: hybrid's is auto's.
    let common = [
        "--baseline",
        "none",
        "--deals",
        "1",
        "--players",
        "3",
        "--seed",
        "5",
        "--samples",
        "24",
        "--layout",
        "policy",
    ];
    let hybrid = arena_json(&[&["--candidate", "hybrid"], &common[..]].concat());
    let auto = arena_json(&[&["--candidate", "auto", "--seats", "0"], &common[..]].concat());
    let greedy = arena_json(&[&["--candidate", "greedy", "--seats", "1,2"], &common[..]].concat());
    assert_eq!(hybrid["candidate"], "hybrid");
    let mut joined = candidate_profits(&auto)[0].clone();
    joined.extend(candidate_profits(&greedy)[0].clone());
    assert_eq!(Value::Object(joined), hybrid["deals"][0]["candidate"]);
    let layout = |v: &Value| v["deals"][0]["candidate_layout"].clone();
    assert_eq!(layout(&hybrid), layout(&auto));
    let parts = (auto["deals"][0]["diff"].as_f64().expect("a diff")
        + 2.0 * greedy["deals"][0]["diff"].as_f64().expect("a diff"))
        / 3.0;
    assert!((parts - hybrid["deals"][0]["diff"].as_f64().expect("a diff")).abs() < 1e-9);
    // The deal tells the roles apart: greedy as harbour master earns otherwise.
    let greedy_hm = arena_json(&[&["--candidate", "greedy", "--seats", "0"], &common[..]].concat());
    assert_ne!(
        greedy_hm["deals"][0]["candidate"],
        auto["deals"][0]["candidate"]
    );
}

#[test]
fn seats_beyond_the_table_are_refused_and_the_table_names_the_seats_taken() {
    let out = arena(&[
        "--candidate",
        "none",
        "--baseline",
        "none",
        "--deals",
        "1",
        "--seats",
        "0,4",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--seats: '4' is not a seat of 4 players"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    let out = arena(&[
        "--candidate",
        "none",
        "--baseline",
        "random",
        "--deals",
        "2",
        "--seats",
        "1,3",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("none only in seats 1, 3 (by turn: 0 is the harbour master)"),
        "{text}"
    );
}
