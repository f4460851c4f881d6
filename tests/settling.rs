//! Sampled advice's settled verdicts against the exact ranking. Settling
//! looks after every block of play-outs and stops at the first look that
//! settles, so each "95%" must hold over all the looks (`one_sided_95`), not
//! at each: held at each, a gap just beyond the tie margin was claimed a tie
//! in 10 runs of 200 (an outside check, stop 49), 2 of them in the seeds here.

mod common;

use serde_json::Value;

const EXAMPLE: &str = "examples/round2-after-roll1-4p.json";

fn advise(extra: &[&str]) -> Value {
    let mut args = vec!["advise", EXAMPLE, "--future", "greedy", "--json"];
    args.extend_from_slice(extra);
    let out = common::run_bin(&args, None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

fn ev(advice: &Value, action: &str) -> f64 {
    let options = advice["options"].as_array().expect("options");
    let option = options.iter().find(|o| o["action"] == action);
    option
        .and_then(|o| o["ev"].as_f64())
        .expect("the option's EV")
}

#[test]
fn a_gap_just_beyond_the_tie_margin_is_not_claimed_a_tie() {
    let exact = advise(&["--method", "exact"]);
    // Insurance leads harbour:C by 0.60, a tenth beyond the margin of 0.50.
    assert_eq!(exact["options"][0]["action"], "insurance");
    let gap = ev(&exact, "insurance") - ev(&exact, "harbour:C");
    assert!((gap - 0.60).abs() < 0.01, "{gap}");
    let mut settled = 0;
    for seed in 1..=50 {
        let seed = seed.to_string();
        let sampled = advise(&["--method", "mc", "--no-variance-reduction", "--seed", &seed]);
        let verdict = &sampled["verdict"];
        assert_ne!(verdict["by"], "tie", "seed {seed}: {verdict}");
        if verdict["settled"] == true {
            settled += 1;
            // Settled otherwise, on the option that is best.
            assert_eq!(sampled["options"][0]["action"], "insurance", "seed {seed}");
        }
    }
    assert!(settled >= 45, "{settled} of 50 settled");
}
