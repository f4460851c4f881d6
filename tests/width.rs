//! Every output fits the width of the terminal (issue 15): 80 columns when
//! standard output is not a terminal and `COLUMNS` is unset, else `COLUMNS`.

mod common;

const GREEDY_BLUE: &str = "red,blue*,green,yellow 2:blue J10:blue G8:yellow N9:yellow \
                           H:blue,red Y:red X:green s:green";

/// Runs the binary with `COLUMNS` set (or unset) and returns standard output.
fn output(args: &[&str], columns: Option<&str>) -> String {
    let env: Vec<(&str, &str)> = columns.iter().map(|c| ("COLUMNS", *c)).collect();
    let out = common::run_bin_env(args, None, &env);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

fn assert_fits(text: &str, width: usize, what: &str) {
    for line in text.lines() {
        let n = line.chars().count();
        assert!(
            n <= width,
            "{what}: {n} columns, more than {width}:\n{line}\n{text}"
        );
    }
}

/// A verbatim about line longer than the terminal leaves its last word alone
/// on the next line: a full line followed by a lone word in the same
/// paragraph.
fn assert_no_orphan_words(text: &str, what: &str) {
    let lines: Vec<&str> = text.lines().collect();
    for pair in lines.windows(2) {
        let lone = pair[1].trim();
        // The about text starts at column 0; clap wraps indented columns itself.
        let continues = !pair[0].starts_with(' ')
            && pair[0].chars().count() >= 70
            && !pair[0].trim().ends_with('.');
        assert!(
            !continues || lone.is_empty() || lone.contains(' ') || lone.len() > 12,
            "{what}: '{lone}' alone on a line after:\n{}",
            pair[0]
        );
    }
}

#[test]
fn help_is_wrapped_to_the_width() {
    let commands = [
        "",
        "show",
        "advise",
        "odds",
        "layouts",
        "convert",
        "apply",
        "session",
        "arena",
        "bot",
        "completions",
        "man",
    ];
    for command in commands {
        let mut args: Vec<&str> = command.split_whitespace().collect();
        args.push("--help");
        let wide = output(&args, None);
        assert_fits(&wide, 80, &format!("{command} --help"));
        assert_no_orphan_words(&wide, &format!("{command} --help"));
        // clap wraps everything but its usage line.
        let narrow = output(&args, Some("60"));
        let text: Vec<&str> = narrow
            .lines()
            .filter(|l| !l.starts_with("Usage:"))
            .collect();
        assert_fits(&text.join("\n"), 60, &format!("{command} --help at 60"));
    }
}

#[test]
fn the_method_line_and_tables_fit_80_columns() {
    let cases: [&[&str]; 4] = [
        &["advise", "examples/round2-after-roll1-4p.json"],
        &["advise", "--pos", GREEDY_BLUE, "--future", "greedy"],
        // Sampled greedy advice: intervals, P(best) and what comes next.
        &[
            "advise",
            "--pos",
            GREEDY_BLUE,
            "--future",
            "greedy",
            "--method",
            "mc",
            "--samples",
            "432",
            "--seed",
            "1",
        ],
        &[
            "odds",
            "examples/5p-before-roll1-4-placed.json",
            "--method",
            "mc",
            "--samples",
            "432",
            "--future",
            "none",
        ],
    ];
    for args in cases {
        let text = output(args, None);
        assert!(text.contains("Method: "), "{text}");
        assert_fits(&text, 80, &format!("{args:?}"));
    }
}

#[test]
fn a_narrow_terminal_gets_compact_tables_and_says_what_it_left_out() {
    let text = output(
        &["advise", "--pos", GREEDY_BLUE, "--future", "greedy"],
        Some("50"),
    );
    assert_fits(&text, 50, "advise at 50 columns");
    assert!(text.contains("Left out to fit 50 columns: "), "{text}");
    // The action and its value stay.
    assert!(
        text.contains("ship:nutmeg") && text.contains("+1.00"),
        "{text}"
    );
    let board = output(&["show", "examples/round2-after-roll1-4p.json"], Some("50"));
    assert_fits(&board, 50, "show at 50 columns");
    assert!(board.contains("Decides: yellow"), "{board}");
}

#[test]
fn top_shows_the_best_options_only() {
    let text = output(
        &[
            "advise",
            "examples/round2-after-roll1-4p.json",
            "--top",
            "3",
        ],
        None,
    );
    assert!(text.contains("│ 3 ┆ ship:nutmeg"), "{text}");
    assert!(!text.contains("ship:jade "), "{text}");
    assert!(
        text.contains("9 more options not shown (--top 3)."),
        "{text}"
    );
    // The recommendation is still the best option; the JSON still lists all.
    assert!(text.contains("Recommendation: yellow should take insurance"));
    let json = output(
        &[
            "advise",
            "examples/round2-after-roll1-4p.json",
            "--top",
            "3",
            "--json",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["options"].as_array().map(Vec::len), Some(12));
    let out = common::run_bin(
        &[
            "advise",
            "examples/round2-after-roll1-4p.json",
            "--top",
            "0",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn layouts_fit_80_columns_exact_and_sampled() {
    let start = "examples/starts/4p-jade-shares.json";
    let exact = output(
        &["layouts", start, "--future", "none", "--count-shares"],
        None,
    );
    assert!(exact.contains("100 of 100 shown"), "{exact}");
    assert_fits(&exact, 80, "exact layouts");
    let sampled = output(
        &[
            "layouts", "--only", "J1 S3 N5", "S3 G3 N3", start, "--seed", "1", "--buy", "--future",
            "greedy",
        ],
        None,
    );
    assert!(sampled.contains("P(best)"), "{sampled}");
    assert_fits(&sampled, 80, "sampled layouts");
    // A wide terminal shows the full table.
    let wide = output(
        &["layouts", start, "--future", "none", "--top", "3"],
        Some("200"),
    );
    assert!(wide.contains("│ 1 ┆ J"), "{wide}");
}

#[test]
fn the_arena_fits_80_columns_and_follows_columns() {
    let args = [
        "arena",
        "--candidate",
        "none",
        "--baseline",
        "random",
        "--deals",
        "3",
        "--seed",
        "1",
    ];
    let narrow = output(&args, None);
    assert_fits(&narrow, 80, "arena");
    assert!(narrow.contains("95% interval"), "{narrow}");
    // A wide terminal keeps the mean difference on one line.
    let wide = output(&args, Some("200"));
    let line = wide
        .lines()
        .find(|l| l.starts_with("Mean difference"))
        .expect("the mean difference");
    assert!(line.ends_with(')'), "{wide}");
}

#[test]
fn best_by_model_holds_the_model_asked_even_alone() {
    let args = [
        "advise",
        "examples/3p-round1-start.json",
        "--future",
        "none",
        "--json",
    ];
    let json: serde_json::Value = serde_json::from_str(&output(&args, None)).expect("JSON");
    let best = json["options"][0]["action"].clone();
    assert_eq!(json["best_by_model"], serde_json::json!({ "none": best }));
}

#[test]
fn an_equilibrium_that_fell_back_to_the_round_model_is_named_round_in_best_by_model() {
    // Max-n over two placements does not fit 10 nodes at a voyage's start:
    // the advice is the round model's, and says so.
    let args = [
        "advise",
        "--pos",
        "r*,b,g,y 0:r J2 S3 G4",
        "--future",
        "equilibrium",
        "--max-nodes",
        "10",
        "--json",
    ];
    let json: serde_json::Value = serde_json::from_str(&output(&args, None)).expect("JSON");
    let approximation = json["approximation"].as_str().expect("an approximation");
    assert!(approximation.starts_with("the round model"), "{json}");
    let by_model = json["best_by_model"].as_object().expect("best_by_model");
    assert!(!by_model.contains_key("equilibrium"), "{json}");
    assert_eq!(by_model["round"], json["options"][0]["action"], "{json}");
}

#[test]
fn a_table_leaves_out_what_comes_next_before_the_ev_or_a_whole_action_name() {
    // A boarding at 60 columns: before, the EV went, `next` stayed, and the
    // actions broke mid-word ("board:jade/remov" / "e:0").
    let text = output(
        &["advise", "examples/boarding-strong-pirates.json"],
        Some("60"),
    );
    assert_fits(&text, 60, "a boarding at 60 columns");
    assert!(text.contains("board:jade/remove:0"), "{text}");
    assert!(text.contains("┆    EV ┆"), "{text}");
    assert!(text.contains("Left out to fit 60 columns: cost, P(paid), expected next"));
}

#[test]
fn p_loss_is_left_out_before_an_action_name_is_broken() {
    // At 30 columns P(loss) came back once the three columns left needed
    // wrapping anyway, and broke "shipyard:B" into "shipya" / "rd:B".
    let text = output(
        &[
            "advise",
            "examples/4p-last-round-start.json",
            "--future",
            "none",
        ],
        Some("30"),
    );
    assert_fits(&text, 30, "advice at 30 columns");
    assert!(text.contains("shipyard:B"), "{text}");
    assert!(!text.contains("P(loss"), "{text}");
}
