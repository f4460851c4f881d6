//! End-to-end: the real binary, its exit codes, its error text, its JSON, and the
//! commands shown in the README.

mod common;

use std::process::Output;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn run(args: &[&str]) -> Output {
    common::run_bin(args, None)
}

fn run_stdin(args: &[&str], input: &str) -> Output {
    common::run_bin(args, Some(input))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The ```console blocks of the README: a `$ ` command line, then its output.
/// A session's transcript shows the lines it read after `> `: they are its
/// standard input.
fn readme_examples() -> Vec<(Vec<String>, String)> {
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).expect("README.md");
    let mut out = Vec::new();
    for block in readme_console_blocks(&readme) {
        // A command may go on over lines ending with a backslash, as in a shell.
        let block = block.replace("\\\n", "");
        let (command, expected) = block.split_once('\n').unwrap_or((&block, ""));
        let command = command.trim_start_matches("$ ");
        let args = command
            .strip_prefix("cargo run --release -- ")
            .or_else(|| command.strip_prefix("manila-odds "))
            .unwrap_or_else(|| panic!("README command not understood: {command}"));
        out.push((split_words(args), format!("{expected}\n")));
    }
    out
}

/// The text of every ```console block of the README.
fn readme_console_blocks(readme: &str) -> Vec<&str> {
    readme
        .split("```console\n")
        .skip(1)
        .map(|block| block.split("\n```").next().unwrap_or_default())
        .collect()
}

/// Every console block of the README, commands and output, fits a terminal
/// of 80 columns (issue 15): what a reader copies is what they will see.
#[test]
fn every_readme_console_block_fits_80_columns() {
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).expect("README.md");
    let blocks = readme_console_blocks(&readme);
    assert!(blocks.len() >= 8, "the README shows its commands");
    for block in blocks {
        for line in block.lines() {
            let width = line.chars().count();
            assert!(width <= 80, "{width} columns in the README:\n{line}");
        }
    }
}

/// Splits a command line at spaces, keeping "double-quoted words" whole.
fn split_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    for (k, part) in line.split('"').enumerate() {
        if k % 2 == 1 {
            words.push(part.to_string());
        } else {
            words.extend(part.split_whitespace().map(String::from));
        }
    }
    words
}

#[test]
fn the_readme_shows_what_the_commands_print() {
    let examples = readme_examples();
    assert!(examples.len() >= 3);
    for (args, expected) in examples {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let typed: String = expected
            .lines()
            .filter_map(|l| l.strip_prefix("> "))
            .map(|l| format!("{l}\n"))
            .collect();
        let out = run_stdin(&args, &typed);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert_eq!(
            text(&out.stdout),
            expected,
            "README output of {args:?} is stale"
        );
    }
}

#[test]
fn advise_json_has_the_fields_of_position_md() {
    let out = run(&["advise", "examples/round2-after-roll1-4p.json", "--json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["format_version"], 1);
    // The default model (issue 14): auto, which runs greedy after roll 1, exact.
    assert_eq!(
        (json["method"].as_str(), json["future"].as_str()),
        (Some("exact"), Some("greedy"))
    );
    assert_eq!(json["phase"], "placement");
    assert_eq!(json["decider"], "yellow");
    let options = json["options"].as_array().expect("options");
    for o in options {
        for field in ["action", "cost", "ev", "gain_vs_pass", "p_paid", "stderr"] {
            assert!(o.get(field).is_some(), "option lacks {field}: {o}");
        }
        assert!(o["stderr"].is_null());
    }
    let evs: Vec<f64> = options
        .iter()
        .map(|o| o["ev"].as_f64().expect("ev"))
        .collect();
    assert!(evs.windows(2).all(|w| w[0] >= w[1] - 1e-9), "best first");
    let pass = options
        .iter()
        .find(|o| o["action"] == "pass")
        .expect("pass");
    assert_eq!(pass["gain_vs_pass"], 0.0);
    for ship in json["ships"].as_array().expect("ships") {
        let sum =
            ship["p_harbour"].as_f64().unwrap_or(0.0) + ship["p_shipyard"].as_f64().unwrap_or(0.0);
        assert!((sum - 1.0).abs() < 1e-9, "{ship}");
    }
}

#[test]
fn odds_json_names_every_player() {
    let out = run(&["odds", "examples/round2-after-roll1-4p.json", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let players = json["players"].as_object().expect("players");
    let names: Vec<&String> = players.keys().collect();
    assert_eq!(names.len(), 4);
    assert_eq!(json["ships"].as_array().map(Vec::len), Some(3));
}

#[test]
fn a_dash_reads_the_position_from_standard_input() {
    let json = std::fs::read_to_string(format!("{ROOT}/examples/round2-after-roll1-4p.json"))
        .expect("example");
    let from_stdin = run_stdin(&["show", "-"], &json);
    let from_file = run(&["show", "examples/round2-after-roll1-4p.json"]);
    assert!(from_stdin.status.success());
    assert_eq!(from_stdin.stdout, from_file.stdout);
    let shown = text(&from_stdin.stdout);
    for part in [
        "harbour master blue",
        "seats 3:blue  4:yellow  5:-",
        "Harbour",
        "Shipyard",
        "Pilots",
        "Decides: yellow",
    ] {
        assert!(shown.contains(part), "show lacks {part:?}:\n{shown}");
    }
}

#[test]
fn a_byte_order_mark_before_the_json_is_ignored() {
    let json = std::fs::read_to_string(format!("{ROOT}/examples/round2-after-roll1-4p.json"))
        .expect("example");
    let with_bom = run_stdin(&["show", "-"], &format!("\u{feff}{json}"));
    let from_file = run(&["show", "examples/round2-after-roll1-4p.json"]);
    assert!(with_bom.status.success(), "{}", text(&with_bom.stderr));
    assert_eq!(with_bom.stdout, from_file.stdout);
}

fn assert_refused(out: &Output, needles: &[&str]) {
    assert_eq!(out.status.code(), Some(2), "stdout: {}", text(&out.stdout));
    assert!(out.stdout.is_empty(), "no figures on bad input");
    let err = text(&out.stderr);
    assert!(err.starts_with("error: "), "{err}");
    for needle in needles {
        assert!(err.contains(needle), "{needle:?} not in {err}");
    }
}

#[test]
fn malformed_json_names_line_and_column_and_exits_2() {
    let out = run_stdin(&["advise", "-"], "{\n  \"players\": [\"a\", \"b\",]\n}");
    assert_refused(&out, &["line 2", "column"]);
}

#[test]
fn an_unknown_field_is_named() {
    let json = std::fs::read_to_string(format!("{ROOT}/examples/round2-after-roll1-4p.json"))
        .expect("example");
    let json = json.replacen("\"rolls_done\"", "\"colour\": 1, \"rolls_done\"", 1);
    assert_refused(
        &run_stdin(&["odds", "-"], &json),
        &["unknown field `colour`"],
    );
}

#[test]
fn an_invalid_position_lists_every_problem() {
    let json = std::fs::read_to_string(format!("{ROOT}/examples/round2-after-roll1-4p.json"))
        .expect("example");
    let json = json.replacen(
        "\"harbour_master\": \"blue\"",
        "\"harbour_master\": \"pink\"",
        1,
    );
    let json = json.replacen("\"position\": 5", "\"position\": 40", 1);
    let out = run_stdin(&["advise", "-"], &json);
    assert_refused(
        &out,
        &[
            "harbour_master: unknown player 'pink'",
            "ships[0].position: must be 0 to 13, found 40",
        ],
    );
}

#[test]
fn bad_files_and_flags_exit_2() {
    assert_refused(
        &run(&["advise", "no/such/file.json"]),
        &["cannot read position file 'no/such/file.json'"],
    );
    let example = "examples/round2-after-roll1-4p.json";
    assert_refused(&run(&["advise", example, "--threads", "0"]), &["--threads"]);
    assert_refused(
        &run(&["advise", example, "--target-stderr=-1"]),
        &["--target-stderr"],
    );
    assert_refused(
        &run(&["advise", example, "--time-limit", "0"]),
        &["--time-limit"],
    );
    assert_refused(
        &run(&["advise", example, "--time-limit", "1e20"]),
        &["--time-limit"],
    );
    assert_refused(
        &run(&["advise", example, "--threads", "100000"]),
        &["--threads: at most 256"],
    );
    // batch too, before it reads a line.
    assert_refused(
        &run(&["batch", "--threads", "100000"]),
        &["--threads: at most 256"],
    );
    // Flags clap refuses: one line each, naming the flag.
    let arena = ["arena", "--candidate", "none", "--baseline", "random"];
    for (args, words) in [
        (
            vec!["advise", example, "--seed", "-1"],
            "--seed: must not be negative, found -1",
        ),
        (
            vec!["advise", example, "--seed=-1"],
            "--seed: must not be negative, found -1",
        ),
        (
            vec!["advise", example, "--seed", "-0"],
            "--seed: write 0, not -0",
        ),
        // A -0 where 0 is refused too gets the reason, not "write 0".
        (
            vec!["advise", example, "--samples", "-0"],
            "--samples: needs at least 1 sample",
        ),
        (
            vec!["advise", example, "--max-nodes=-0"],
            "--max-nodes: needs at least 1 node",
        ),
        (
            [&arena[..], &["--deals", "-0"]].concat(),
            "--deals: play at least 1 deal",
        ),
        // Refused by the argument parser itself, in its words.
        (
            [&arena[..], &["--players", "-0"]].concat(),
            "invalid value '0' for '--players <PLAYERS>': 0 is not in 3..=5",
        ),
        // A float flag that takes 0 reads `=-0` as -0.0: refused as well.
        (
            vec!["advise", example, "--future", "quantal", "--lambda=-0"],
            "--lambda: write 0, not -0",
        ),
        (
            vec!["advise", example, "--time-limit", "-1.5"],
            "--time-limit: must not be negative, found -1.5",
        ),
        (
            vec!["advise", example, "--seed=abc"],
            "invalid value 'abc' for '--seed <SEED>': expected a whole number (digits only)",
        ),
        // Numbers refused in words, not Rust's "invalid digit found in string".
        (
            vec!["advise", example, "--samples", "1.5"],
            "invalid value '1.5' for '--samples <SAMPLES>': expected a whole number (digits only)",
        ),
        (
            vec!["advise", example, "--seed", "99999999999999999999999"],
            "'--seed <SEED>': too large for this option",
        ),
        (
            vec!["advise", example, "--top="],
            "invalid value '' for '--top <N>': expected a whole number, found nothing",
        ),
        (
            vec!["advise", example, "--future", "quantal", "--lambda", "x"],
            "invalid value 'x' for '--lambda <X>': expected a number such as 1.5",
        ),
        (
            vec!["advise", example, "--sed", "3"],
            "a similar argument exists: '--seed'",
        ),
        (
            vec!["arena", "--players", "6"],
            "'--players <PLAYERS>': 6 is not in 3..=5",
        ),
    ] {
        let out = run(&args);
        assert_refused(&out, &[words]);
        assert_eq!(
            text(&out.stderr).lines().count(),
            1,
            "{}",
            text(&out.stderr)
        );
    }
    // No position at all: said in one line, not a caret under nothing.
    for (args, origin) in [
        (vec!["show", "-"], "standard input"),
        (vec!["advise", "--pos", " "], "--pos"),
        (vec!["layouts", "--pos", ""], "--pos"),
    ] {
        let out = run_stdin(&args, " \n\t\n");
        assert_refused(
            &out,
            &[&format!("{origin}: empty, where a position was expected")],
        );
        assert_eq!(
            text(&out.stderr).lines().count(),
            1,
            "{}",
            text(&out.stderr)
        );
    }
    // R12: with a price at 30 the game is over, as `layouts` and `bid` say.
    assert_refused(
        &run(&["session", "--layout", "r*,b,g,y J2 S3 G4 ^J30"]),
        &["--layout: prices.jade: 30", "no voyage starts"],
    );
    assert_refused(
        &run(&["odds", example, "--method", "mc", "--until-settled"]),
        &["--until-settled"],
    );
    assert_refused(
        &run(&["session", "--layout", "r,b,g J2 S3 G4"]),
        &["harbour master starred"],
    );
    let out = run(&["advise", example, "--method", "guess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("invalid value 'guess'"));
    assert_eq!(run(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn help_and_version_exit_0_and_1_when_they_cannot_be_written() {
    let help = run(&["advise", "--help"]);
    assert!(help.status.success());
    let help = text(&help.stdout);
    for column in ["action", "cost", "P(paid)", "EV", "vs pass"] {
        assert!(help.contains(column), "--help explains {column}");
    }
    assert!(run(&["--version"]).status.success());
    // Output that cannot be written is an error (exit 1), as for results.
    for args in [&["--help"][..], &["--version"], &["advise", "--help"]] {
        let full = std::fs::File::create("/dev/full").expect("/dev/full");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_manila-odds"))
            .args(args)
            .stdout(full)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(text(&out.stderr).starts_with("error: cannot write output"));
    }
}

#[test]
fn every_example_is_shown_advised_and_valued() {
    let dir = std::fs::read_dir(format!("{ROOT}/examples")).expect("examples");
    for entry in dir.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let path = path.to_string_lossy().into_owned();
        for command in ["show", "advise", "odds"] {
            let out = run(&[command, &path]);
            assert!(
                out.status.success(),
                "{command} {path}: {}",
                text(&out.stderr)
            );
        }
    }
}

/// The numbers of a table row: every `12.34`-like figure, in order.
fn figures(row: &str) -> Vec<f64> {
    row.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+'))
        .filter_map(|w| w.trim_start_matches('+').parse().ok())
        .collect()
}

#[test]
fn the_table_shows_the_json_figures_with_95_percent_intervals() {
    let example = "examples/5p-before-roll1-4-placed.json";
    for method in ["exact", "mc"] {
        let args = [
            "advise",
            example,
            "--future",
            "none",
            "--method",
            method,
            "--seed",
            "7",
            "--samples",
            "5000",
        ];
        let table = text(&run(&args).stdout);
        let json: serde_json::Value =
            serde_json::from_slice(&run(&[&args[..], &["--json"]].concat()).stdout).expect("JSON");
        let best = &json["options"][0];
        let row = table
            .lines()
            .find(|l| l.contains(&format!(" {} ", best["action"].as_str().unwrap_or("?"))))
            .expect("row");
        let got = figures(row);
        let number = |k: &str| best[k].as_f64().expect(k);
        let close = |a: f64, b: f64, digits: f64| (a - b).abs() <= 0.5 * 10f64.powf(-digits) + 1e-9;
        // Half of the interval `i` about the value `v`.
        let half = |v: &str, i: &str| (number(v) - best[i][0].as_f64().expect(i)).abs();
        let p_paid = 100.0 * number("p_paid");
        assert!(close(got[2], p_paid, 1.0), "{method}: {row}");
        if best["stderr"].is_null() {
            // #, cost, P(paid) %, EV, gain
            assert!(close(got[3], number("ev"), 2.0), "{method}: {row}");
            assert!(
                close(got[4], number("gain_vs_pass"), 2.0),
                "{method}: {row}"
            );
        } else {
            // #, cost, P(paid) % ± points, EV ± t se, gain ± t se, P(best) %
            let [lo, hi] =
                [0, 1].map(|i| 100.0 * best["p_paid_interval"][i].as_f64().expect("end"));
            assert!(
                close(got[3], (p_paid - lo).max(hi - p_paid), 2.0),
                "{method}: {row}"
            );
            let ev_half = half("ev", "ev_interval");
            assert!(close(got[4], number("ev"), 2.0), "{method}: {row}");
            assert!(close(got[5], ev_half, 2.0), "{method}: {row}");
            assert!(
                close(got[6], number("gain_vs_pass"), 2.0),
                "{method}: {row}"
            );
            assert!(
                close(got[7], half("gain_vs_pass", "gain_interval"), 2.0),
                "{method}: {row}"
            );
            assert!(
                close(got[8], 100.0 * number("p_best"), 1.0),
                "{method}: {row}"
            );
            // Student's t on many degrees of freedom: about 1.96 errors.
            assert!(
                (ev_half / number("stderr") - 1.96).abs() < 0.02,
                "{method}: {row}"
            );
        }
        let jade = &json["ships"][0];
        let ship_row = table
            .lines()
            // `│ jade   ┆`, or compact `jade   ┆`.
            .find(|l| l.trim_start_matches(['│', ' ']).starts_with("jade "))
            .expect("jade row");
        let p = 100.0 * jade["p_harbour"].as_f64().expect("p_harbour");
        assert!(
            close(figures(ship_row)[0], 3.0, 0.0) && close(figures(ship_row)[1], p, 1.0),
            "{ship_row}"
        );
    }
}

#[test]
fn future_models_name_themselves_in_json_with_what_comes_next() {
    let pos = "red,blue*,green,yellow 2:blue J10:blue G8:yellow N9:yellow H:blue,red Y:red X:green s:green";
    for future in ["greedy", "equilibrium"] {
        let out = run(&["advise", "--pos", pos, "--future", future, "--json"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("JSON");
        assert_eq!(v["future"], future);
        assert!(v["approximation"].is_null());
        for o in v["options"].as_array().expect("options") {
            assert_eq!(o["then"]["player"], "green", "{o}");
        }
    }
    // The default, auto, runs greedy in the last round, and says why.
    let out = run(&["advise", "--pos", pos, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("JSON");
    assert_eq!(v["future"], "greedy", "the default model");
    let why = v["method_reason"].as_str().expect("a reason");
    assert!(why.starts_with("future auto: greedy"), "{why}");
    let out = run(&["advise", "--pos", pos, "--future", "none", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("JSON");
    assert_eq!(v["future"], "none");
    assert!(v["options"][0]["then"].is_null());
}

/// After the placements `auto` counts no rolls (R15): its words say that
/// nobody places again, and a table whose options pay no seat (R11, R10) shows
/// no empty P(paid) column.
#[test]
fn after_the_placements_auto_says_nobody_places_and_p_paid_is_left_out() {
    for example in ["large-pilot-decision", "plunder-two-ships"] {
        let file = format!("examples/{example}.json");
        let json = run(&["advise", &file, "--json"]);
        let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
        let why = v["method_reason"].as_str().expect("a reason");
        assert!(why.contains("nobody places again"), "{example}: {why}");
        assert!(!why.contains("roll"), "{example}: no roll decides: {why}");
        let options = v["options"].as_array().expect("options");
        assert!(options.iter().all(|o| o["p_paid"].is_null()), "{example}");
        let table = text(&run(&["advise", &file]).stdout);
        assert!(!table.contains("P(paid)"), "{example}:\n{table}");
        assert!(table.contains("P(loss)"), "the room goes to risk:\n{table}");
        let odds = text(&run(&["odds", &file]).stdout);
        assert!(
            odds.starts_with("Odds with every worker placed: "),
            "{odds}"
        );
    }
    // Staying aboard (R7) and moving no ship (R8) are said as deeds.
    let small = "r*,b,g,y 2:small J12:r S11:b N2:g s:y";
    for (args, deed) in [
        (
            &["advise", "examples/boarding-strong-pirates.json"][..],
            "Recommendation: yellow should stay and board no ship (EV 17.50,",
        ),
        (
            &["advise", "--pos", small][..],
            "Recommendation: y should take none and move no ship (EV 0.00,",
        ),
    ] {
        let table = text(&run(args).stdout).replace("\n  ", " ");
        assert!(table.contains(deed), "{table}");
    }
    // A boarding's pirate is paid or not (R7): its column stays.
    let table = text(
        &run(&[
            "advise",
            "examples/boarding-strong-pirates.json",
            "--top",
            "2",
        ])
        .stdout,
    );
    assert!(table.contains("P(paid)"), "{table}");
}

#[test]
fn equilibrium_beyond_its_budget_names_the_approximation() {
    let args = [
        "advise",
        "examples/4p-last-round-start.json",
        "--future",
        "equilibrium",
    ];
    let out = run(&[&args[..], &["--max-nodes", "15000", "--json"]].concat());
    let v: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("JSON");
    let approximation = v["approximation"].as_str().expect("approximated");
    assert!(
        approximation.contains("max-n over the next"),
        "{approximation}"
    );
    let out = run(&[&args[..], &["--max-nodes", "15000"]].concat());
    assert!(text(&out.stdout).contains("Approximation: max-n over the next"));
}

#[test]
fn equilibrium_by_monte_carlo_and_a_zero_budget_are_refused() {
    let args = [
        "advise",
        "examples/4p-last-round-start.json",
        "--future",
        "equilibrium",
    ];
    for extra in [["--method", "mc"], ["--max-nodes", "0"]] {
        let out = run(&[&args[..], &extra[..]].concat());
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(
            text(&out.stderr).contains(extra[0]),
            "{}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty());
    }
    let out = run(&[
        "advise",
        "examples/4p-last-round-start.json",
        "--future",
        "sometimes",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// The default model `auto` runs paranoid before roll 1 (greedy would be
/// sampled there) and greedy after it, with three, four or five players, and
/// names the model it ran; it is never sampled.
#[test]
fn the_auto_model_names_the_model_it_ran_and_refuses_monte_carlo() {
    for (file, model) in [
        ("examples/3p-round1-start.json", "paranoid"),
        ("examples/5p-before-roll1-4-placed.json", "paranoid"),
        ("examples/round2-after-roll1-4p.json", "greedy"),
    ] {
        let out = run(&["advise", file, "--json"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("JSON");
        assert_eq!(v["future"], model, "{file}");
        assert_eq!(v["method"], "exact", "{file}");
        let why = v["method_reason"].as_str().expect("a reason");
        assert!(
            why.starts_with(&format!("future auto: {model}")),
            "{file}: {why}"
        );
        let asked = run(&["advise", file, "--future", model, "--json"]);
        assert!(asked.status.success(), "{}", text(&asked.stderr));
        let w: serde_json::Value = serde_json::from_str(&text(&asked.stdout)).expect("JSON");
        assert_eq!(v["options"], w["options"], "{file}: auto is {model} here");
    }
    let out = run(&[
        "advise",
        "examples/3p-round1-start.json",
        "--future",
        "auto",
        "--method",
        "mc",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.contains("--method mc") && err.contains("auto"), "{err}");
}

#[test]
fn r1_r5_show_lists_each_players_shares_and_the_share_prices() {
    let pos = "r*,b,g,y 0:r J2 S3 G4 $r1,b0,g5,y0 %r:J1S1G1N1,b:G1 ^J5";
    let out = run(&["show", "--pos", pos]);
    let board = text(&out.stdout);
    assert!(
        board.contains("  r          workers on board 0/3, cash 1, shares J1 S1 G1 N1\n"),
        "{board}"
    );
    assert!(board.contains("cash 0, shares G1\n"), "{board}");
    assert!(
        board.contains("  g          workers on board 0/3, cash 5\n"),
        "{board}"
    );
    assert!(
        board.contains("Share prices: jade (J) 5, silk (S) 0, ginseng (G) 0, nutmeg (N) 0\n"),
        "{board}"
    );
    // No shares and every price at 0: no price line.
    let bare = text(&run(&["show", "--pos", "r*,b,g,y 0:r J2 S3 G4"]).stdout);
    assert!(!bare.contains("Share prices"), "{bare}");
}

#[test]
fn a_model_flag_the_model_does_not_use_is_noted_after_the_same_result() {
    let example = &format!("{ROOT}/examples/4p-last-round-start.json");
    let plain = run(&["advise", example, "--method", "exact"]);
    assert!(plain.status.success());
    assert_eq!(text(&plain.stderr), "");
    let flagged = run(&[
        "advise",
        example,
        "--method",
        "exact",
        "--lambda",
        "3",
        "--max-nodes",
        "50",
    ]);
    assert!(flagged.status.success());
    assert_eq!(flagged.stdout, plain.stdout);
    let notes = text(&flagged.stderr);
    assert_eq!(notes.lines().count(), 2, "{notes}");
    assert!(
        notes.contains("note: --lambda has no effect here"),
        "{notes}"
    );
    assert!(
        notes.contains("note: --max-nodes has no effect here"),
        "{notes}"
    );
    assert!(notes.contains("the model is auto"), "{notes}");
    // Where the model uses it, nothing is said.
    for args in [
        ["--future", "quantal", "--lambda", "3"],
        ["--future", "equilibrium", "--max-nodes", "50"],
        ["--future", "paranoid", "--max-leaves", "50"],
        ["--future", "auto", "--max-leaves", "50"],
    ] {
        let out = run(&[&["odds", example, "--samples", "432"][..], &args[..]].concat());
        assert!(out.status.success(), "{args:?}");
        assert_eq!(text(&out.stderr), "", "{args:?}");
    }
    // Layouts compare under round where the model is auto: no leaves.
    let start = &format!("{ROOT}/examples/starts/4p-jade-shares.json");
    let out = run(&["layouts", start, "--top", "1", "--max-leaves", "9"]);
    assert!(out.status.success());
    assert!(
        text(&out.stderr).contains("--max-leaves has no effect here")
            && text(&out.stderr).contains("auto (round for layouts and bids)"),
        "{}",
        text(&out.stderr)
    );
    // Layouts take greedy for the equilibrium: its nodes count for nothing.
    let out = run(&[
        "layouts",
        start,
        "--future",
        "equilibrium",
        "--samples",
        "432",
        "--only",
        "J2 S3 G4",
        "--max-nodes",
        "9",
    ]);
    assert!(out.status.success());
    assert!(
        text(&out.stderr).contains("--max-nodes has no effect here: layouts and bids take greedy"),
        "{}",
        text(&out.stderr)
    );
    // Bad input gets its one message alone.
    let out = run(&["advise", "--pos", "r*,b,g", "--lambda", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        !text(&out.stderr).contains("note:"),
        "{}",
        text(&out.stderr)
    );
}
