//! Regression tests for what black-box fuzzing found (issue 15): each input is
//! refused with one clear message and exit status 2, or, for the cap of
//! play-outs, honoured exactly.

mod common;

use std::process::Output;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const EXAMPLE: &str = "examples/round2-after-roll1-4p.json";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn example() -> serde_json::Value {
    let json = std::fs::read_to_string(format!("{ROOT}/{EXAMPLE}")).expect("example");
    serde_json::from_str(&json).expect("JSON")
}

/// The example with one field replaced, as JSON text.
fn with(field: &str, value: serde_json::Value) -> String {
    let mut v = example();
    v[field] = value;
    v.to_string()
}

fn assert_refused(out: &Output, needles: &[&str]) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert!(out.stdout.is_empty(), "no figures on bad input");
    assert!(err.starts_with("error: "), "{err}");
    assert_eq!(err.matches("error:").count(), 1, "one message: {err}");
    for needle in needles {
        assert!(err.contains(needle), "{needle:?} not in {err}");
    }
}

#[test]
fn cash_above_2_pow_31_minus_1_is_refused_not_clamped() {
    let pos = "a*,b,c,d 0:a J2 S3 G4 $a4294967296";
    assert_refused(
        &common::run_bin(&["show", "--pos", pos], None),
        &["at most 2147483647, found 4294967296"],
    );
    let json = with("cash", serde_json::json!({"red": 4_294_967_296u64}));
    assert_refused(
        &common::run_bin(&["show", "-"], Some(&json)),
        &["cash.red: at most 2147483647, found 4294967296"],
    );
    // The largest amount allowed is read as it is.
    let out = common::run_ok(
        &[
            "convert",
            "--to",
            "notation",
            "--pos",
            "a*,b,c,d 0:a J2 S3 G4 $a2147483647",
        ],
        None,
    );
    assert!(out.contains("$a2147483647"), "{out}");
}

#[test]
fn json_arrays_where_objects_are_required_are_refused() {
    let cases = [
        (
            "harbour",
            serde_json::json!(["b"]),
            "harbour: invalid type: sequence",
        ),
        (
            "shipyard",
            serde_json::json!([null]),
            "shipyard: invalid type: sequence",
        ),
        (
            "variant",
            serde_json::json!([true]),
            "variant: invalid type: sequence",
        ),
        (
            "pilots",
            serde_json::json!([null, "red"]),
            "pilots: invalid type",
        ),
    ];
    for (field, value, needle) in cases {
        let out = common::run_bin(&["show", "-"], Some(&with(field, value)));
        assert_refused(&out, &[needle, "expected an object"]);
    }
    let mut v = example();
    v["ships"][1] = serde_json::json!(["silk", 9, []]);
    let out = common::run_bin(&["show", "-"], Some(&v.to_string()));
    assert_refused(
        &out,
        &["ships[1]: invalid type: sequence, expected an object"],
    );
    // A voyage start for layouts too.
    let start = r#"{"players": ["a", "b", "c"], "harbour_master": "a", "variant": [true]}"#;
    let out = common::run_bin(&["layouts", "-", "--future", "none"], Some(start));
    assert_refused(
        &out,
        &["variant: invalid type: sequence, expected an object"],
    );
    // A list for the whole position is JSON of the wrong shape, not notation.
    let out = common::run_bin(&["show", "-"], Some("[]"));
    assert_refused(&out, &["invalid type: sequence, expected an object"]);
    let out = common::run_bin(&["layouts", "-", "--future", "none"], Some(" [1]"));
    assert_refused(&out, &["the position must be a JSON object"]);
}

#[test]
fn names_with_control_characters_are_refused_and_never_printed_raw() {
    let mut v = example();
    v["players"][0] = serde_json::json!("\u{1b}[31mred");
    let out = common::run_bin(&["show", "-"], Some(&v.to_string()));
    assert_refused(
        &out,
        &["players[0]: a player's name cannot hold control characters"],
    );
    assert!(
        !out.stderr.contains(&0x1b),
        "an escape reached the terminal"
    );
    // In the notation, a quoted name may write one as an escape.
    let pos = r#"r*,b,g,"y\u{1b}[2J" 0:r J2 S3 G4"#;
    let out = common::run_bin(&["show", "--pos", pos], None);
    assert_refused(&out, &["cannot hold control characters"]);
    assert!(
        !out.stderr.contains(&0x1b),
        "an escape reached the terminal"
    );
    // An unknown name quoted back in an event's error is escaped too.
    let out = common::run_bin(&["apply", EXAMPLE, "\u{1b}[2J pass"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(!out.stderr.contains(&0x1b), "{}", text(&out.stderr));
}

#[test]
fn a_cap_below_two_blocks_is_refused_and_a_cap_is_honoured_exactly() {
    // Sampled advice under none: the cap is the only stopping rule at work.
    let sampled = ["advise", EXAMPLE, "--future", "none", "--method", "mc"];
    for cap in ["0", "1", "431"] {
        let out = common::run_bin(&[&sampled[..], &["--max-samples", cap]].concat(), None);
        assert_refused(&out, &["--max-samples: at least 432"]);
    }
    let capped = [
        "--seed",
        "1",
        "--max-samples",
        "700",
        "--samples",
        "5000",
        "--json",
    ];
    let args = [&sampled[..], &capped[..]].concat();
    let v: serde_json::Value = serde_json::from_str(&common::run_ok(&args, None)).expect("JSON");
    let samples = v["samples"].as_u64().expect("samples");
    assert!(samples <= 700, "{samples} play-outs under a cap of 700");
    assert_eq!(v["sampling"]["stopped_by"], "cap");
}

#[test]
fn a_tiny_positive_time_limit_is_accepted_and_non_positive_ones_refused() {
    let args = [
        "advise",
        EXAMPLE,
        "--future",
        "none",
        "--method",
        "mc",
        "--time-limit",
        "5e-324",
        "--json",
    ];
    let v: serde_json::Value = serde_json::from_str(&common::run_ok(&args, None)).expect("JSON");
    assert_eq!(v["sampling"]["stopped_by"], "time_limit");
    for (bad, must) in [
        ("0", "positive"),
        ("-0.5", "positive"),
        ("NaN", "finite"),
        ("inf", "finite"),
    ] {
        let flag = format!("--time-limit={bad}");
        let out = common::run_bin(&["advise", EXAMPLE, &flag], None);
        let said = format!("--time-limit: must be a {must} number of seconds, found {bad}");
        assert_refused(&out, &[said.as_str()]);
    }
    let out = common::run_bin(&["advise", EXAMPLE, "--time-limit", "1e30"], None);
    assert_refused(&out, &["--time-limit: 1e30 seconds is too long"]);
    let out = common::run_bin(&["odds", EXAMPLE, "--until-settled"], None);
    assert_refused(
        &out,
        &[
            "--until-settled: odds ranks no options, so none settles: use --target-stderr or --samples",
        ],
    );
}

#[test]
fn layouts_only_before_the_file_still_reads_the_file() {
    let start = "examples/starts/4p-jade-shares.json";
    let one = common::run_ok(
        &["layouts", "--only", "J2 S3 G4", start, "--future", "none"],
        None,
    );
    assert!(one.contains("1 of 1 shown"), "{one}");
    let two = common::run_ok(
        &[
            "layouts", "--only", "J2 S3 G4", "--only", "S3 G3 N3", start, "--future", "none",
        ],
        None,
    );
    assert!(two.contains("2 of 2 shown"), "{two}");
    // Several values after one --only, the file last, read the same.
    let same = common::run_ok(
        &[
            "layouts", "--only", "J2 S3 G4", "S3 G3 N3", start, "--future", "none",
        ],
        None,
    );
    assert_eq!(two, same);
    let out = common::run_bin(&["layouts", "--only", "J2 S3 G4", "--future", "none"], None);
    assert_refused(&out, &["layouts: give the voyage start"]);
}

#[test]
fn json_type_errors_name_the_field_path() {
    let mut v = example();
    v["ships"][0]["position"] = serde_json::json!("five");
    let out = common::run_bin(&["advise", "-"], Some(&v.to_string()));
    assert_refused(
        &out,
        &[
            "ships[0].position: invalid type: string \"five\"",
            "line 1, column",
        ],
    );
    let out = common::run_bin(
        &["show", "-"],
        Some(&with("rolls_done", serde_json::json!(1.5))),
    );
    assert_refused(&out, &["rolls_done: invalid type: floating point"]);
    let mut v = example();
    v["pilots"]["large"] = serde_json::json!(7);
    let out = common::run_bin(&["show", "-"], Some(&v.to_string()));
    assert_refused(&out, &["pilots.large: invalid type: integer `7`"]);
    let start = r#"{"players": ["a", "b", "c"], "harbour_master": "a", "cash": {"a": "x"}}"#;
    let out = common::run_bin(&["layouts", "-", "--future", "none"], Some(start));
    assert_refused(&out, &["cash.a: invalid type: string \"x\""]);
}
