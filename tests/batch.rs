//! `batch`: many requests, JSON Lines in and out, each answered exactly as the
//! single command would; and `bid`: the harbour master's worth at the auction
//! (R16), read off the layouts comparisons.

mod common;

use serde_json::{Value, json};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON answer a line"))
        .collect()
}

fn example_json(name: &str) -> Value {
    let text = std::fs::read_to_string(format!("{ROOT}/examples/{name}")).expect("an example");
    serde_json::from_str(&text).expect("JSON")
}

fn single(args: &[&str], stdin: Option<&str>) -> Value {
    serde_json::from_str(&common::run_ok(args, stdin)).expect("JSON")
}

#[test]
fn batch_answers_equal_the_single_commands_for_every_example() {
    let mut requests = Vec::new();
    let mut expected = Vec::new();
    for (name, position) in common::examples() {
        let text = position.to_setup().to_json();
        let value: Value = serde_json::from_str(&text).expect("JSON");
        if position.state().decider().is_some() {
            requests.push(
                json!({"id": format!("{name} advise"), "command": "advise", "position": value}),
            );
            expected.push(single(&["advise", "--json", "-"], Some(&text)));
        }
        requests.push(
            json!({"id": format!("{name} odds"), "command": "odds", "position": value,
            "options": {"future": "none", "method": "exact"}}),
        );
        expected.push(single(
            &[
                "odds", "--json", "--future", "none", "--method", "exact", "-",
            ],
            Some(&text),
        ));
    }
    // Notation in, Monte Carlo with a seed, the same answer.
    let notation = "r*,b,g,y 1:g J7:r.b S9 G2 H:b Y:-,-,g X:y l:r";
    requests.push(json!({"id": 7, "command": "advise", "notation": notation,
        "options": {"future": "none", "method": "mc", "samples": 432, "seed": 3}}));
    expected.push(single(
        &[
            "advise",
            "--json",
            "--pos",
            notation,
            "--future",
            "none",
            "--method",
            "mc",
            "--samples",
            "432",
            "--seed",
            "3",
        ],
        None,
    ));
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    for threads in ["1", "2"] {
        let out = common::run_ok(&["batch", "--threads", threads], Some(&input));
        let answers = lines(&out);
        assert_eq!(answers.len(), requests.len());
        for ((answer, request), want) in answers.iter().zip(&requests).zip(&expected) {
            assert_eq!(answer["id"], request["id"], "in input order");
            let mut got = answer["result"].clone();
            let mut want = want.clone();
            // A Monte Carlo run's seconds are not repeated by its seed.
            for v in [&mut got, &mut want] {
                if let Some(s) = v.get_mut("sampling").and_then(Value::as_object_mut) {
                    s.remove("seconds");
                }
            }
            assert_eq!(got, want, "{}", request["id"]);
        }
    }
}

/// A result is the single command's JSON as it writes it, on one line:
/// players in seating order (`r` before `b`), not sorted by name.
#[test]
fn a_result_keeps_the_single_command_s_order_on_one_line() {
    let notation = "r*,b,g,y 1:g J7:r.b S9 G2";
    let args = ["odds", "--json", "--future", "none", "--pos", notation];
    let single = common::run_ok(&args, None);
    let request = json!({"id": 1, "command": "odds", "notation": notation,
        "options": {"future": "none"}});
    let out = common::run_ok(&["batch"], Some(&format!("{request}\n")));
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with(r#"{"id":1,"result":{"format_version":1,"#),
        "{out}"
    );
    assert!(
        out.contains(r#""players":{"r":13.0,"b":13.0,"g":0.0,"y":0.0}"#),
        "{out}"
    );
    // Every token of the single command's answer, in its order.
    let squeezed: String = single.split_whitespace().collect();
    let result = &out[out.find(r#""result":"#).expect("a result") + 9..out.len() - 2];
    assert_eq!(result.replace(' ', ""), squeezed);
}

#[test]
fn a_bad_line_answers_its_own_error_and_the_rest_are_answered() {
    let good = json!({"id": "good", "command": "odds", "notation": "r*,b,g 2:r J13:b S10 N4"});
    let input = [
        good.to_string(),
        "this is not json".to_string(),
        json!({"id": 2, "command": "fly", "notation": "x"}).to_string(),
        json!({"id": 3, "command": "advise", "notation": "r*,b,g 1:g J14 S9 G2"}).to_string(),
        json!({"id": 4, "command": "advise", "position": {"players": []}}).to_string(),
        json!({"id": 5, "command": "odds", "notation": "r*,b,g 2:r J13:b S10 N4", "options": {"sample": 3}}).to_string(),
        good.to_string(),
    ]
    .join("\n");
    let out = common::run_bin(&["batch"], Some(&input));
    assert_eq!(
        out.status.code(),
        Some(2),
        "a failed request makes the exit status 2"
    );
    let answers = lines(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(answers.len(), 7);
    assert!(answers[0]["result"].is_object() && answers[6]["result"].is_object());
    assert_eq!(answers[0]["result"], answers[6]["result"]);
    for (k, why) in [
        (1, "invalid JSON"),
        (2, "fly"),
        (3, "14"),
        (4, "harbour_master"),
        (
            5,
            "options.sample: not an option of this command; did you mean samples?",
        ),
    ] {
        let error = answers[k]["error"]
            .as_str()
            .unwrap_or_else(|| panic!("line {k}: {}", answers[k]));
        assert!(error.contains(why), "line {}: {error}", k + 1);
        assert!(answers[k].get("result").is_none());
    }
    assert_eq!(answers[2]["id"], 2);
    // A value the flag does not take is named by its path, with the values it takes.
    let input = json!({"id": 1, "command": "advise", "notation": "r*,b,g 2:r J13:b S10 N4", "options": {"future": 3}});
    let out = common::run_bin(&["batch"], Some(&input.to_string()));
    let answers = lines(&String::from_utf8_lossy(&out.stdout));
    let error = answers[0]["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("options.future: invalid value '3' (expected one of none, greedy"),
        "{error}"
    );
    // A negative number is a value, and a switch takes no value.
    for (options, words) in [
        (
            json!({"seed": -3}),
            "options.seed: must not be negative, found -3",
        ),
        (json!({"seed": 1.5}), "options.seed: invalid value '1.5'"),
        // A flag that takes names lists them, whatever number is given.
        (
            json!({"future": "-1"}),
            "options.future: invalid value '-1' (expected one of none, greedy",
        ),
        (
            json!({"method": -0.5}),
            "options.method: invalid value '-0.5' (expected one of exact",
        ),
        (
            json!({"count_shares": 1}),
            "options.count_shares: takes true or false",
        ),
        // Each named by its key, with the reason, never clap's other words.
        (
            json!({"help": true}),
            "options.help: not an option of a batch request",
        ),
        (
            json!({"future": true}),
            "options.future: takes a value, not true or false",
        ),
        (
            json!({"variance_reduction": "no"}),
            "options.variance_reduction: takes true or false",
        ),
        (json!({"--seed": 3}), "options.--seed: not an option"),
        // An option the command lacks, even where its value would add nothing.
        (
            json!({"futrue": false}),
            "options.futrue: not an option of this command; did you mean future?",
        ),
        (
            json!({"bogus": []}),
            "options.bogus: not an option of this command",
        ),
        (
            json!({"bogus": [true]}),
            "options.bogus: not an option of this command",
        ),
        (
            json!({"risk": []}),
            "options.risk: takes true or false, not a list",
        ),
        (json!({"top": 0}), "options.top: show at least 1 option"),
        (
            json!({"time_limit": -1}),
            "options.time_limit: must be a positive",
        ),
        (
            json!({"future": ["none", "greedy"]}),
            "line 1: options.future: takes one value, not a list",
        ),
    ] {
        let input = json!({"id": 1, "command": "advise", "notation": "r*,b,g 2:r J13:b S10 N4", "options": options});
        let out = common::run_bin(&["batch"], Some(&input.to_string()));
        let answers = lines(&String::from_utf8_lossy(&out.stdout));
        let error = answers[0]["error"].as_str().unwrap_or_default();
        assert!(error.contains(words), "{error}");
    }
}

/// A number is passed on as typed: `-0` is 0, the same seed and answer;
/// `3.0` and `1e3` are no whole numbers to a count or a seed, and are quoted
/// as typed (serde_json would write them back as `3.0` and `1000.0`, and
/// reads `9007199254740991.0` as another number).
#[test]
fn an_option_s_number_is_read_as_typed() {
    let line = |seed: &str| {
        format!(
            r#"{{"id": 1, "command": "odds", "notation": "r*,b,g,y 1:g J7:r.b S9 G2", "options": {{"future": "none", "method": "mc", "samples": 2000, "seed": {seed}}}}}"#
        )
    };
    let answer = |seed: &str| {
        let out = common::run_bin(&["batch"], Some(&line(seed)));
        let answers = lines(&String::from_utf8_lossy(&out.stdout));
        assert!(answers[0].get("error").is_none(), "{seed}: {}", answers[0]);
        answers[0]["result"].clone()
    };
    let expected = answer("0");
    assert!(expected["samples"].as_u64() >= Some(2000), "{expected}");
    // As on the command line (and in a position), -0 is written 0.
    let out = common::run_bin(&["batch"], Some(&line("-0")));
    let answers = lines(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(answers[0]["error"], "line 1: options.seed: write 0, not -0");
    // Where 0 is refused too, the reason, as a 0 gets it.
    let zero_samples = line("1").replace("\"samples\": 2000", "\"samples\": -0");
    let out = common::run_bin(&["batch"], Some(&zero_samples));
    let answers = lines(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(
        answers[0]["error"],
        "line 1: options.samples: needs at least 1 sample"
    );
    for typed in ["3.0", "1e3", "9007199254740991.0"] {
        let out = common::run_bin(&["batch"], Some(&line(typed)));
        let answers = lines(&String::from_utf8_lossy(&out.stdout));
        let error = answers[0]["error"].as_str().unwrap_or_default();
        assert!(
            error.starts_with(&format!("line 1: options.seed: invalid value '{typed}'")),
            "{typed}: {error}"
        );
    }
}

/// A number that no float holds, anywhere in a request, leaves its id to
/// answer by.
#[test]
fn a_request_with_a_number_out_of_range_keeps_its_id() {
    let input = r#"{"id": 7, "command": "odds", "notation": "r*,b,g 2:r J13:b S10 N4", "options": {"seed": 1e400}}"#;
    let out = common::run_bin(&["batch"], Some(input));
    let answers = lines(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(answers[0]["id"], 7, "{}", answers[0]);
    let error = answers[0]["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("options.seed: the number 1e400 is out of range"),
        "{error}"
    );
}

#[test]
fn a_line_that_is_not_utf8_answers_its_own_error_and_the_rest_are_answered() {
    let good = json!({"id": 1, "command": "odds", "notation": "r*,b,g,y 1:g J7:r.b S9 G2", "options": {"future": "none"}});
    let mut input = b"\xef\xbb\xbf".to_vec();
    input.extend(format!("{good}\r\n").bytes());
    input.extend(b"{\"id\": 2, \xff}\n");
    input.extend(format!("{good}\n").bytes());
    let out = common::run_bin_bytes(&["batch"], &input, &[]);
    assert_eq!(out.status.code(), Some(2));
    let answers = lines(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(answers.len(), 3);
    assert!(answers[0]["result"].is_object(), "{}", answers[0]);
    assert_eq!(answers[0], answers[2]);
    assert_eq!(
        answers[1],
        json!({"id": null, "error": "line 2: the line is not UTF-8 text"})
    );
}

#[test]
fn every_refusal_names_its_line_and_an_option_by_its_key() {
    let start = r#"{"players": ["a", "b", "c"], "harbour_master": "a"}"#;
    let input = [
        json!({"id": 1, "command": "layouts", "notation": "r*,b,g 0:r J2:r S3 G4"}),
        json!({"id": 2, "command": "layouts", "notation": "r*,b,g 0:r J2 S3 G4", "options": {"only": ["J2 S3 G5"]}}),
        json!({"id": 3, "command": "odds", "notation": "r*,b,g 0:r J9 S0 G0"}),
        json!({"id": 4, "command": "layouts", "position": serde_json::from_str::<Value>(start).ok(), "options": {"only": ["J2 S3 G4", "G4 S3 J2"]}}),
    ]
    .map(|v| v.to_string())
    .join("\n");
    let out = common::run_bin(&["batch"], Some(&input));
    let answers = lines(&String::from_utf8_lossy(&out.stdout));
    for (answer, words) in answers.iter().zip([
        "line 1: layouts: the position must be a voyage's start",
        "line 2: options.only \"J2 S3 G5\": the start spaces sum to 10, not 9 (R3)",
        "line 3:\nr*,b,g 0:r J9 S0 G0",
        "line 4: options.only \"G4 S3 J2\": the same layout as \"J2 S3 G4\", named before",
    ]) {
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.starts_with(words), "{error}");
    }
    assert_eq!(answers.len(), 4);
    // A position's error gives the column of the request's line, where the
    // position was typed, not of the position written again.
    let line = r#"{"id": 5,  "command": "odds", "position": {"players": ["a", "b", "c"], "harbour_master": "a", "rolls_done": "x"}}"#;
    let out = common::run_bin(&["batch"], Some(line));
    let column = line.find(r#""x""#).map(|k| k + 3);
    let answer = &lines(&String::from_utf8_lossy(&out.stdout))[0];
    assert_eq!(
        answer["error"].as_str(),
        Some(format!("line 1: not a valid position: rolls_done: invalid type: string \"x\", expected a whole number at line 1, column {}", column.unwrap_or(0)).as_str())
    );
}

#[test]
fn a_number_past_64_bits_is_quoted_as_typed_and_the_request_keeps_its_id() {
    let input = [
        r#"{"id":7,"command":"odds","position":{"players":["a","b","c"],"cash":{"a":18446744073709551621}}}"#,
        r#"{"id":8,"command":"odds","notation":"r*,b,g,y 1:g J7:r.b S9 G2","options":{"seed":99999999999999999999}}"#,
        r#"{"id":99999999999999999999999,"command":"odds","notation":"r*,b,g,y 1:g J7:r.b S9 G2"}"#,
        // Characters of two bytes before the number: no panic, no float.
        r#"{"id":"ééé","command":"odds","notation":"x","options":{"seed":18446744073709551621,"é":1}}"#,
    ]
    .join("\n");
    let out = common::run_bin(&["batch"], Some(&input));
    assert_eq!(out.status.code(), Some(2));
    let answers = lines(&String::from_utf8_lossy(&out.stdout));
    let expected = [
        (
            7,
            "line 1: position.cash.a: the number 18446744073709551621 is out of range at line 1, column 93",
        ),
        (
            8,
            "line 2: options.seed: the number 99999999999999999999 is out of range at line 1, column 102",
        ),
        // An id out of range is not echoed as a float that matches no request.
        (
            0,
            "line 3: id: the number 99999999999999999999999 is out of range at line 1, column 29",
        ),
        (
            1,
            "line 4: options.seed: the number 18446744073709551621 is out of range at line 1, column 85",
        ),
    ];
    assert_eq!(answers.len(), expected.len());
    for (answer, (id, words)) in answers.iter().zip(expected) {
        let id = match id {
            0 => Value::Null,
            1 => "ééé".into(),
            id => id.into(),
        };
        assert_eq!(answer["id"], id);
        assert_eq!(answer["error"], words);
    }
}

#[test]
fn a_key_given_twice_in_a_request_is_refused_as_in_a_single_command() {
    let ships = r#"[{"cargo":"jade","position":2,"crew":[]},{"cargo":"silk","position":3,"crew":[]},{"cargo":"nutmeg","position":4,"crew":[]}]"#;
    let position = format!(
        r#"{{"players":["a","b","c"],"players":["a","b","c","d"],"harbour_master":"a","rolls_done":0,"to_move":"a","ships":{ships}}}"#
    );
    let alone = common::run_bin(&["odds", "--future", "none", "-"], Some(&position));
    assert_eq!(alone.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&alone.stderr).contains("duplicate field `players`"));
    let input = [
        format!(r#"{{"id":1,"command":"odds","position":{position}}}"#),
        r#"{"id":1,"id":2,"command":"odds","notation":"r*,b,g,y 1:g J7:r.b S9 G2"}"#.to_string(),
        r#"{"id":3,"command":"odds","notation":"r*,b,g,y 1:g J7:r.b S9 G2","options":{"future":"none","future":"greedy"}}"#.to_string(),
    ]
    .join("\n");
    let out = common::run_bin(&["batch"], Some(&input));
    assert_eq!(out.status.code(), Some(2));
    let answers = lines(&String::from_utf8_lossy(&out.stdout));
    for (answer, words) in answers.iter().zip([
        "line 1: invalid JSON: position: duplicate field `players`",
        "line 2: invalid JSON: duplicate field `id`",
        "line 3: invalid JSON: options: duplicate field `future`",
    ]) {
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.starts_with(words), "{error}");
        assert!(answer.get("result").is_none());
    }
}

#[test]
fn r16_bid_values_are_the_layouts_figures_and_limits_their_differences() {
    let start = format!("{ROOT}/examples/starts/4p-jade-shares.json");
    let bids = single(&["bid", "--json", "--future", "none", &start], None);
    let players = ["red", "blue", "green", "yellow"];
    let mut best = std::collections::BTreeMap::new();
    for q in players {
        // The start with q as harbour master, compared by `layouts`.
        let mut v = example_json("starts/4p-jade-shares.json");
        v["harbour_master"] = json!(q);
        let layouts = single(
            &["layouts", "--json", "--future", "none", "-"],
            Some(&v.to_string()),
        );
        best.insert(q, layouts["layouts"][0].clone());
    }
    for p in players {
        let row = &bids["players"][p];
        let as_hm = row["as_harbour_master"].as_f64().expect("a value");
        assert!(
            (as_hm - best[p]["players"][p].as_f64().expect("a value")).abs() < 1e-9,
            "{p}"
        );
        let mut limits = Vec::new();
        for q in players.iter().filter(|&&q| q != p) {
            let under = row["under"][q].as_f64().expect("a value");
            assert!((under - best[q]["players"][p].as_f64().expect("a value")).abs() < 1e-9);
            let limit = row["limit"][q].as_f64().expect("a limit");
            assert!((limit - (as_hm - under)).abs() < 1e-9, "{p} against {q}");
            limits.push(limit);
        }
        let mean = limits.iter().sum::<f64>() / limits.len() as f64;
        assert!((row["limit_mean"].as_f64().expect("a mean") - mean).abs() < 1e-9);
        assert!(row["under"].get(p).is_none(), "no limit against oneself");
    }
    // Red holds two jade shares at 10: red's worth as harbour master is jade's
    // best chance of docking, which others need not give it.
    assert!(
        bids["players"]["red"]["limit_mean"]
            .as_f64()
            .expect("a mean")
            > 0.0
    );
    assert_eq!(bids["count_shares"], true, "shares count by default in bid");
    let plain = single(
        &["bid", "--json", "--future", "none", "--no-shares", &start],
        None,
    );
    assert_eq!(plain["players"]["red"]["as_harbour_master"], 0.0);
}

#[test]
fn r14_r16_bid_counts_the_layouts_a_harbour_master_chose_between_by_ties() {
    // Green holds no share: every layout is worth 0 to green, but not to red,
    // who holds jade shares. Green's layout is the first in R3's order (R14),
    // and `ties` counts the others as good for green that move another's value.
    let start = format!("{ROOT}/examples/starts/4p-jade-shares.json");
    let bids = single(&["bid", "--json", "--future", "none", &start], None);
    let players = ["red", "blue", "green", "yellow"];
    for (q, name) in players.iter().enumerate() {
        let mut v = example_json("starts/4p-jade-shares.json");
        v["harbour_master"] = json!(name);
        let layouts = single(
            &["layouts", "--json", "--future", "none", "--top", "100", "-"],
            Some(&v.to_string()),
        );
        let all = layouts["layouts"].as_array().expect("layouts");
        let value = |l: &serde_json::Value, p: &str| l["players"][p].as_f64().expect("a value");
        let first = &all[0];
        let ties = all[1..]
            .iter()
            .take_while(|l| value(first, name) - value(l, name) <= 1e-9)
            .filter(|l| {
                players
                    .iter()
                    .any(|&p| p != *name && (value(l, p) - value(first, p)).abs() > 1e-9)
            })
            .count();
        let chosen = &bids["harbour_masters"][q];
        assert_eq!(chosen["harbour_master"], *name);
        assert_eq!(chosen["ties"], ties, "{name}");
    }
    // 98 of the other 99 layouts move another player's value.
    assert_eq!(bids["harbour_masters"][2]["ties"], 98);
    let text = common::run_ok(&["bid", "--future", "none", &start], None);
    assert!(text.contains("Ties: a harbour master's layout is the first in R3's order"));
}

#[test]
fn layouts_and_bid_read_a_start_in_the_notation() {
    let json = single(
        &[
            "layouts",
            "--json",
            "--future",
            "none",
            "--top",
            "3",
            &format!("{ROOT}/examples/starts/4p-jade-shares.json"),
        ],
        None,
    );
    let pos = "red*,blue,green,yellow 0:red J2 S3 G4 %red:J2,blue:S1 ^J10,S5,N5";
    let notation = single(
        &[
            "layouts", "--json", "--future", "none", "--top", "3", "--pos", pos,
        ],
        None,
    );
    assert_eq!(json["layouts"], notation["layouts"]);
    let placed = common::run_bin(
        &["bid", "--pos", "red*,blue,green 0:blue J2:red S3 G4"],
        None,
    );
    assert_eq!(placed.status.code(), Some(2), "a start has nothing placed");
}

#[test]
fn r11_positions_differing_only_in_the_insurer_s_cash_share_no_cached_figure() {
    // Three wrecks likely, d insures: with 100 in cash d pays every claim,
    // with 0 the bank pays what d cannot (R11). A worker's solvers are kept
    // between requests, and must not hand one's settlement to the other.
    let pos = |cash: u32| format!("a*,b,c,d 1:roll J2:a S3:b G4:c Y:a,b,c i:d p:a,b,c $d{cash}");
    let single_d =
        |cash: u32| single(&["odds", "--json", "--pos", &pos(cash)], None)["players"]["d"].clone();
    for order in [[100, 0], [0, 100]] {
        let input: String = order
            .iter()
            .map(|&c| {
                format!(
                    "{}\n",
                    json!({"id": c, "command": "odds", "notation": pos(c)})
                )
            })
            .collect();
        let out = common::run_bin(&["batch", "--threads", "1", "-"], Some(&input));
        for answer in lines(&String::from_utf8_lossy(&out.stdout)) {
            let cash = answer["id"].as_u64().expect("an id") as u32;
            assert_eq!(
                answer["result"]["players"]["d"],
                single_d(cash),
                "{order:?}"
            );
        }
    }
    assert_ne!(single_d(0), single_d(100));
}

/// A script that writes a request and waits for its answer before the next
/// gets it: lines are answered as they arrive, not at the end of the input.
#[test]
fn batch_answers_each_line_as_it_arrives() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::Duration;
    let mut child = Command::new(env!("CARGO_BIN_EXE_manila-odds"))
        .args(["batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.expect("a line")).is_err() {
                return;
            }
        }
    });
    for id in 1..=2 {
        let request = json!({"id": id, "command": "odds", "notation": "r*,b,g 1:r J7:r.b S9 G2"});
        writeln!(stdin, "{request}").expect("a request written");
        stdin.flush().expect("flushed");
        // The input is still open: the answer comes before it ends.
        let answer = rx
            .recv_timeout(Duration::from_secs(120))
            .expect("an answer while the input is still open");
        let answer: Value = serde_json::from_str(&answer).expect("JSON");
        assert_eq!(answer["id"], id, "{answer}");
        assert!(answer["result"]["ships"].is_array(), "{answer}");
    }
    drop(stdin);
    assert!(child.wait().expect("it ends").success());
}
