//! Times exact advice on fixed positions; run with
//! `cargo run --release --example bench`. Each answer is checked before it is
//! timed. Figures are medians over repeated runs; each section says whether
//! it runs on one core or on all threads.

use manila_odds::Position;
use manila_odds::engine::analysis::{self, MethodChoice, Request};
use manila_odds::engine::arena;
use manila_odds::engine::exact;
use manila_odds::engine::layouts;
use manila_odds::engine::sample::{self, Settings};
use manila_odds::engine::values::CASH;
use manila_odds::parse::json;
use manila_odds::report::{Advice, Future};
use manila_odds::rules::{self, Phase};
use std::time::{Duration, Instant};

/// The allocator of the binary, so that what runs in process here is timed as
/// a user runs it (see `src/main.rs`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Placement before roll 1: 5 players, 4 workers placed, every option open: 14,
/// the most a placement can have (R5: one seat option per ship), over 20 free slots.
const BEFORE_ROLL_1: &str = r#"{
  "players": ["red", "blue", "green", "yellow", "black"],
  "harbour_master": "red", "rolls_done": 0, "phase": "placement", "to_move": "black",
  "ships": [
    {"cargo": "jade", "position": 2, "crew": ["red", "yellow"]},
    {"cargo": "silk", "position": 4, "crew": ["blue"]},
    {"cargo": "nutmeg", "position": 3, "crew": []}
  ],
  "pirates": ["green"]
}"#;

/// Round 2 after roll 1: 5 players, 8 workers placed, the pilots held by
/// different players.
const ROUND_2: &str = r#"{
  "players": ["red", "blue", "green", "yellow", "black"],
  "harbour_master": "red", "rolls_done": 1, "phase": "placement", "to_move": "yellow",
  "ships": [
    {"cargo": "jade", "position": 6, "crew": ["red", "blue"]},
    {"cargo": "ginseng", "position": 8, "crew": ["yellow"]},
    {"cargo": "silk", "position": 5, "crew": ["green"]}
  ],
  "harbour": {"A": "green"},
  "pirates": ["black"],
  "pilots": {"small": "blue", "large": "red"}
}"#;

/// Last round, boarding over, both pilots held, pirates waiting.
const LAST_ROUND: &str = r#"{
  "players": ["red", "blue", "green", "yellow"],
  "harbour_master": "red", "rolls_done": 2, "phase": "placement", "to_move": "green",
  "ships": [
    {"cargo": "jade", "position": 11, "crew": ["red", "blue"]},
    {"cargo": "silk", "position": 9, "crew": ["green", "yellow"]},
    {"cargo": "nutmeg", "position": 7, "crew": ["red"]}
  ],
  "harbour": {"A": "blue"},
  "shipyard": {"A": "green"},
  "pirates": ["yellow"],
  "pilots": {"small": "red", "large": "blue"}
}"#;

/// Round 1, yellow to move: the two best options are 0.14 apart (exact), so
/// Monte Carlo needs a while to tell them apart.
const CLOSE: &str = r#"{
  "players": ["red", "blue", "green", "yellow"],
  "harbour_master": "red", "rolls_done": 0, "phase": "placement", "to_move": "yellow",
  "ships": [
    {"cargo": "jade", "position": 4, "crew": ["red"]},
    {"cargo": "silk", "position": 2, "crew": []},
    {"cargo": "ginseng", "position": 3, "crew": []}
  ],
  "pirates": ["blue"],
  "pilots": {"large": "green"}
}"#;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The median time of `runs` runs of `f`.
fn median_of(runs: usize, mut f: impl FnMut()) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed()
            })
            .collect(),
    )
}

fn time<F: FnMut()>(f: F) -> Duration {
    median_of(41, f)
}

/// Checks an advice before timing it: every option valued, the ships' odds
/// proper, and the best option's value equal to a fresh evaluation of it.
fn check(name: &str, position: &Position, min_options: usize) {
    let advice = exact::advise(position.state(), CASH);
    assert!(
        advice.options.len() >= min_options,
        "{name}: {} options",
        advice.options.len()
    );
    for ship in &advice.ships {
        assert!(
            (ship.p_harbour + ship.p_shipyard - 1.0).abs() < 1e-9,
            "{name}"
        );
    }
    let best = &advice.options[0];
    let again = exact::option_outcomes(position.state(), CASH)
        .into_iter()
        .find(|(a, _)| *a == best.action)
        .map(|(_, o)| o.value[advice.decider as usize]);
    assert!(again.is_some(), "{name}: best option re-evaluated");
    assert!(
        advice.options.windows(2).all(|w| w[0].ev >= w[1].ev - 1e-9),
        "{name}: ranked"
    );
}

/// Monte Carlo on one thread for about `seconds`: play-outs per second, and the
/// largest standard error among the options reached in that time.
fn sample_rate(position: &Position, reduce: bool, seconds: f64) -> (f64, f64, u64) {
    let s = position.state();
    let arms = sample::option_arms(s);
    let mut settings = Settings::new(11);
    settings.reduce_variance = reduce;
    settings.target_stderr = Some(1e-12);
    settings.time_limit = Some(Duration::from_secs_f64(seconds));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a thread");
    let e = pool.install(|| {
        sample::run(
            &arms,
            s.decider().map(|p| p as usize),
            &settings,
            &mut |_| {},
        )
    });
    let rate = e.samples as f64 / e.elapsed.as_secs_f64();
    let largest = e.arms.iter().map(|a| a.ev_stderr).fold(0.0, f64::max);
    (rate, largest, e.samples)
}

/// Checks Monte Carlo against exact on a position before timing it.
fn check_sampled(name: &str, position: &Position) {
    let s = position.state();
    let mut settings = Settings::new(5);
    settings.samples = Some(32 * sample::BLOCK);
    let e = sample::run(
        &sample::option_arms(s),
        s.decider().map(|p| p as usize),
        &settings,
        &mut |_| {},
    );
    for (arm, (_, o)) in e.arms.iter().zip(exact::option_outcomes(s, CASH)) {
        let want = o.value[s.decider().unwrap_or(0) as usize];
        let got = arm.mean.value[s.decider().unwrap_or(0) as usize];
        assert!(
            (got - want).abs() <= 4.0 * arm.stderr.value[0].max(arm.ev_stderr) + 1e-9,
            "{name}: {got} vs {want}"
        );
    }
}

fn monte_carlo(cases: &[(&str, &str, usize)]) {
    println!(
        "\nMonte Carlo, one thread, 3 s a run: play-outs per second (each values every option)"
    );
    println!("and the largest standard error of an option's EV reached in that time");
    for &(name, json, _) in cases {
        let position = Position::from_json(json).unwrap_or_else(|e| panic!("{name}: {e}"));
        check_sampled(name, &position);
        for reduce in [true, false] {
            let (rate, se, n) = sample_rate(&position, reduce, 3.0);
            let how = if reduce {
                "variance reduction on "
            } else {
                "variance reduction off"
            };
            println!("  {name:<48} {how}  {rate:>9.0} /s  stderr {se:.4}  ({n} play-outs)");
        }
    }
}

fn settle_time() {
    let position = Position::from_json(CLOSE).expect("valid");
    let s = position.state();
    let exact = exact::advise(position.state(), CASH);
    let gap = exact.options[0].ev - exact.options[1].ev;
    let mut times = Vec::new();
    for seed in 0..5 {
        let mut settings = Settings::new(seed);
        settings.until_settled = true;
        let e = sample::run(
            &sample::option_arms(s),
            s.decider().map(|p| p as usize),
            &settings,
            &mut |_| {},
        );
        let best = e
            .arms
            .iter()
            .max_by(|a, b| a.ev.total_cmp(&b.ev))
            .and_then(|a| a.action);
        assert_eq!(
            best,
            Some(exact.options[0].action),
            "settled on the exact best"
        );
        times.push((e.elapsed, e.samples));
    }
    times.sort();
    let (t, n) = times[times.len() / 2];
    println!(
        "\nUntil settled (3 joint standard errors), two close options ({} vs {}, {gap:.3} apart),",
        exact.options[0].action, exact.options[1].action
    );
    println!(
        "all threads, median of 5 seeds: {:.2} s, {n} play-outs",
        t.as_secs_f64()
    );
}

fn main() {
    // `cargo run --release --example bench -- batch` runs the sections whose
    // name contains "batch" only.
    let only = std::env::args().nth(1).unwrap_or_default();
    let sections: [(&str, fn()); 13] = [
        ("defaults", defaults),
        ("greedy-advice", greedy_advice),
        ("exact", exact_advice),
        ("risk", || risk_time(&CASES)),
        ("mc", || monte_carlo(&CASES)),
        ("settle", settle_time),
        ("future", future_models),
        ("quantal", quantal_times),
        ("arena", arena_rate),
        ("batch", batch_speed),
        ("bid", bid_time),
        ("layouts", layouts_time),
        ("search", search_time),
    ];
    for (name, run) in sections {
        if name.contains(only.as_str()) {
            run();
        }
    }
}

/// The binary beside the bench (both are built by `cargo run --release
/// --example bench`).
fn binary() -> std::path::PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|p| Some(p.parent()?.parent()?.join("manila-odds")))
        .expect("the binary beside the examples")
}

/// Wall time of one run of the binary, and what it printed.
fn timed_run(args: &[&str]) -> (Duration, String) {
    let t = Instant::now();
    let out = std::process::Command::new(binary())
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{args:?}");
    (t.elapsed(), String::from_utf8(out.stdout).expect("UTF-8"))
}

/// Every example position advised as a player at the table asks it, with the
/// default flags (whatever the default model is), each the median of three
/// runs of the binary (start of the process included); then `layouts` and
/// `bid` with their defaults on the 4-player start. Each advice must be exact
/// or settled.
fn defaults() {
    println!("advice with the default flags, each the median of 3 runs of the binary");
    advice_times(&[], true);
    let start = "examples/starts/4p-jade-shares.json";
    for command in ["layouts", "bid"] {
        let t = median((0..3).map(|_| timed_run(&[command, start]).0).collect());
        println!(
            "{command} with its defaults, 4 players (median of 3 runs of the binary): {:.2} s",
            t.as_secs_f64()
        );
    }
}

/// The same positions advised under `greedy`, the other flags the defaults:
/// what a table that asks for `--future greedy` waits, and whether its
/// advice settles in the time limit (not asserted: the verdict is printed).
fn greedy_advice() {
    println!("\nadvice under --future greedy, each the median of 3 runs of the binary");
    advice_times(&["--future", "greedy"], false);
}

/// Times `advise` with `flags` on every example position and the harbour
/// master's first placement at 3 to 5 players; prints each median, its model
/// and verdict, then the median and the slowest. `settled`: every advice
/// must be exact or settled.
fn advice_times(flags: &[&str], settled: bool) {
    let dir = format!("{}/examples", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("examples")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|f| f.ends_with(".json"))
        .collect();
    files.sort();
    let mut cases: Vec<(String, Vec<String>)> = files
        .iter()
        .map(|f| (f.clone(), vec![format!("examples/{f}")]))
        .collect();
    // The harbour master's first placement, every slot open and no money
    // modelled: the deepest search of a voyage (layout J3 S5 N1, R3).
    for (players, pos) in [
        (3, "r*,b,g 0:r J3 S5 N1"),
        (4, "r*,b,g,y 0:r J3 S5 N1"),
        (5, "r*,b,g,y,k 0:r J3 S5 N1"),
    ] {
        let label = format!("first placement, {players} players");
        cases.push((label, vec!["--pos".into(), pos.into()]));
    }
    // A pirate aboard makes every position at the search's end dearer to
    // value (its boarding and plunder): the slowest default advice found
    // before the search counted that (2.31 s and 3.04 s).
    for (label, pos) in [
        (
            "third placement, pirate aboard, 3 p",
            "r*,b,g 0:g S4:r G2 N3 X:b",
        ),
        (
            "second placement, pirate aboard, 5 p",
            "r*,b,g,y,k 0:b J3 S5 N1 X:r",
        ),
        // Two pirates aboard (5 s and 3.9 GB before each counted), and a
        // harbour master with 2 coins whose few options hid the others'
        // tree (2.6 s): two of a sweep's slowest.
        (
            "third placement, two pirates, 3 p",
            "r,b,g* 0:b J2 N3 S4 X:g,r",
        ),
        (
            "first placement, 2 coins, 5 p",
            "red*,blue,green,yellow,black 0:red N1 S5 J3 $red2,blue21,green3,yellow35,black4",
        ),
        // The harbour master took a pilot: 1.9 s while a pilot held counted
        // twice.
        (
            "second placement, a pilot held, 5 p",
            "r*,b,g,y,k 0:b J2 N3 S4 l:r",
        ),
    ] {
        cases.push((label.into(), vec!["--pos".into(), pos.into()]));
    }
    let mut medians = Vec::new();
    for (label, input) in &cases {
        let args = |json: bool| {
            let mut args = vec!["advise"];
            args.extend(flags);
            if json {
                args.push("--json");
            }
            args.extend(input.iter().map(String::as_str));
            args
        };
        let (_, out) = timed_run(&args(true));
        let advice: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        let verdict = &advice["verdict"];
        if settled {
            assert_eq!(verdict["settled"], true, "{label}: {verdict}");
        }
        let t = median((0..3).map(|_| timed_run(&args(false)).0).collect());
        medians.push(t);
        let by = match verdict["by"].as_str() {
            Some(by) => by.to_string(),
            None => format!("not settled (P(best) {})", verdict["p_best"]),
        };
        println!(
            "  {label:<36} {:>6.2} s  {} {by}",
            t.as_secs_f64(),
            advice["future"].as_str().unwrap_or("?"),
        );
    }
    let max = medians.iter().max().copied().unwrap_or_default();
    println!(
        "  median over the {} positions {:.2} s, slowest {:.2} s",
        medians.len(),
        median(medians).as_secs_f64(),
        max.as_secs_f64()
    );
}

/// The positions timed: (name, JSON, the fewest options it must have).
const CASES: [(&str, &str, usize); 3] = [
    (
        "placement before roll 1, 5 players, 4 placed",
        BEFORE_ROLL_1,
        14,
    ),
    ("round 2 after roll 1, 8 placed, two pilots", ROUND_2, 8),
    ("last round, pilots and a pirate", LAST_ROUND, 8),
];

/// The exact `none` solver's advice on each case.
fn exact_advice() {
    println!("exact advice, future none (median of 41 runs, one core)");
    for (name, json, min_options) in CASES {
        let position = Position::from_json(json).unwrap_or_else(|e| panic!("{name}: {e}"));
        check(name, &position, min_options);
        let options = exact::advise(position.state(), CASH).options.len();
        let t = time(|| {
            std::hint::black_box(exact::advise(position.state(), CASH));
        });
        println!(
            "  {name:<48} {options:>2} options  {:>8.2} ms",
            t.as_secs_f64() * 1e3
        );
    }
}

/// The advice as `advise` gives it (exact, `none`), with and without each
/// option's distribution of value (`engine::risk`): what the risk walk costs.
fn risk_time(cases: &[(&str, &str, usize)]) {
    println!("advice with and without the risk walk (median of 11 runs)");
    for &(name, json, _) in cases {
        let position = Position::from_json(json).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut request = Request::new(MethodChoice::Exact, Settings::new(1));
        let mut run = |risk: bool| {
            request.risk = risk;
            median_of(11, || {
                std::hint::black_box(analysis::advise(&position, &request, &mut |_| {}));
            })
        };
        let (with, without) = (run(true), run(false));
        println!(
            "  {name:<48} {:>8.2} ms with risk, {:>6.2} ms without",
            with.as_secs_f64() * 1e3,
            without.as_secs_f64() * 1e3
        );
    }
}

/// The arena: `none` against `random`, 4 players, all threads, deals a minute.
/// Checked first: `none` against itself differs by exactly 0 on every deal.
fn arena_rate() {
    let settings = arena::Settings {
        players: 4,
        first_deal: 1,
        deals: 400,
        seed: 1,
        layout: arena::LayoutChoice::Random,
        variant: Default::default(),
        cash: None,
        record: false,
        candidate_seats: None,
    };
    let model = |future| arena::Model {
        request: Request {
            future,
            ..Request::new(MethodChoice::Auto, Settings::new(1))
        },
        fit: false,
    };
    let none = model(Future::None);
    let itself = arena::run(&settings, &none, &none, &|_| {}).expect("no fault");
    assert!(itself.report.deals.iter().all(|d| d.diff == 0.0));
    let random = arena::Random { seed: 1 };
    let times: Vec<Duration> = (0..3)
        .map(|_| {
            let t = Instant::now();
            let m = arena::run(&settings, &none, &random, &|_| {}).expect("no fault");
            assert!(
                m.report
                    .summary
                    .played
                    .ci95()
                    .is_some_and(|(lo, _)| lo > 0.0)
            );
            t.elapsed()
        })
        .collect();
    let t = median(times).as_secs_f64();
    println!(
        "arena: none against random, 4 players, 400 deals, all threads (median of 3): {t:.2} s, {:.0} deals a minute",
        400.0 * 60.0 / t
    );
}

/// The harbour master's comparison of all 100 layouts, 4 players, under
/// `greedy` (not the default: the sampled model, the dearest) at two blocks of
/// play-outs (432, the least with error bars), all threads. The default model
/// is timed in `defaults`.
fn layouts_time() {
    let start = json::read_start(include_str!("starts/4p-jade-shares.json")).expect("valid");
    let mut settings = Settings::new(1);
    settings.samples = Some(432);
    let mut request = Request::new(MethodChoice::Auto, settings);
    request.future = Future::Greedy;
    let all = manila_odds::rules::layouts();
    let run = || layouts::compare(start.state(), &all, false, &request, &mut |_| {});
    let c = run();
    assert_eq!(c.layouts.len(), 100);
    assert!(
        c.layouts
            .windows(2)
            .all(|w| w[0].value >= w[1].value - 1e-9)
    );
    let time = median_of(3, || {
        std::hint::black_box(run());
    });
    println!(
        "layouts: 100 layouts, 4 players, greedy, 432 play-outs each, all threads (median of 3): {:.1} s",
        time.as_secs_f64()
    );
}

/// Advice under a future model, as the command line runs it (`--method auto`).
fn advise_under(position: &Position, future: Future) -> Advice {
    let mut request = Request::new(MethodChoice::Auto, Settings::new(1));
    request.future = future;
    analysis::advise(position, &request, &mut |_| {})
}

/// The future models on the two positions of the issue: the start of the last
/// placement round with 4 players to place, and the start of round 2.
fn future_models() {
    let last = Position::from_json(include_str!("4p-last-round-start.json")).expect("valid");
    let round2 = Position::from_json(include_str!("4p-round2-start.json")).expect("valid");
    let cases = [
        (
            "equilibrium, last round start, 4 to place",
            &last,
            Future::Equilibrium,
        ),
        (
            "greedy, last round start, 4 to place",
            &last,
            Future::Greedy,
        ),
        ("greedy, round 2 start, 4 players", &round2, Future::Greedy),
        (
            "equilibrium, round 2 start, 4 players",
            &round2,
            Future::Equilibrium,
        ),
    ];
    println!("future models, --method auto (median of 5 runs, all threads)");
    for (name, position, future) in cases {
        let advice = advise_under(position, future);
        assert!(advice.options.len() >= 10, "{name}");
        assert!(
            advice
                .ships
                .iter()
                .all(|s| (s.p_harbour + s.p_shipyard - 1.0).abs() < 1e-9),
            "{name}"
        );
        assert!(
            advice.options.windows(2).all(|w| w[0].ev >= w[1].ev - 1e-9),
            "{name}: ranked"
        );
        let time = median_of(5, || {
            std::hint::black_box(advise_under(position, future));
        });
        println!(
            "  {name:<48} {:>8.2} s   {}",
            time.as_secs_f64(),
            manila_odds::render::how::approximation(&advice.how).unwrap_or("exact".into())
        );
    }
    sampled_dice_odds();
}

/// The equilibrium's odds where its deepest search sums roll 2 over 4 of
/// its 216 die triples (POSITION.md's example): the search, and the
/// standard errors walked from its memo after it.
fn sampled_dice_odds() {
    let example = include_str!("../tests/data/position-md-example.json");
    let position = Position::from_json(example).expect("valid");
    let mut request = Request::new(MethodChoice::Auto, Settings::new(1));
    request.future = Future::Equilibrium;
    let odds = analysis::odds(&position, &request, &mut |_| {});
    assert!(odds.players_stderr.is_some(), "sampled: with errors");
    let time = median_of(5, || {
        std::hint::black_box(analysis::odds(&position, &request, &mut |_| {}));
    });
    println!(
        "  {:<48} {:>8.2} s   {}",
        "equilibrium odds, POSITION.md example",
        time.as_secs_f64(),
        manila_odds::render::how::approximation(&odds.how).unwrap_or("exact".into())
    );
}

/// The quantal model sampled before roll 2 (lambda 1, 432 play-outs, all
/// threads): its play-outs meet pirates boarding after roll 2.
fn quantal_times() {
    let round2 = Position::from_json(include_str!("4p-round2-start.json")).expect("valid");
    let after_roll1 =
        Position::from_json(include_str!("round2-after-roll1-4p.json")).expect("valid");
    let five = Position::from_json(include_str!("5p-before-roll1-4-placed.json")).expect("valid");
    let cases = [
        ("round 2 start, 4 players", &round2),
        ("round 2 after roll 1, 4 players", &after_roll1),
        ("before roll 1, 5 players, 4 placed", &five),
    ];
    println!("quantal, lambda 1, 432 play-outs, all threads (median of 3 runs)");
    for (name, position) in cases {
        let mut settings = Settings::new(1);
        settings.samples = Some(432);
        let mut request = Request::new(MethodChoice::Auto, settings);
        request.future = Future::Quantal;
        request.lambda.value = 1.0;
        let run = || analysis::advise(position, &request, &mut |_| {});
        let advice = run();
        assert!(
            advice.options.windows(2).all(|w| w[0].ev >= w[1].ev - 1e-9),
            "{name}: ranked"
        );
        let time = median_of(3, || {
            std::hint::black_box(run());
        });
        println!("  {name:<48} {:>8.2} s", time.as_secs_f64());
    }
}

/// `batch` against one process per position: 160 advice requests under
/// `none`, the examples over and over, each answered as `advise --json` would.
/// Checked first: the batch's answers are the single commands'.
/// `n` distinct positions where somebody decides, of every phase, from
/// voyages played at random (seeded): random layouts and 3 to 5 players,
/// placements leaning to taking a slot, each stopped at a random decision.
fn distinct_positions(n: usize, seed: u64) -> Vec<Position> {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let names = ["red", "blue", "green", "yellow", "black"];
    let layouts = rules::layouts();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    while out.len() < n {
        let players = rng.random_range(3..=5u8);
        let (cargos, starts) = layouts[rng.random_range(0..layouts.len())];
        let hm = rng.random_range(0..players);
        let mut s = rules::voyage_start(players, hm, cargos, starts, Default::default());
        let stop = rng.random_range(0..30);
        for _ in 0..stop {
            if s.phase == Phase::Roll {
                s = rules::roll(&s, [0; 3].map(|_| rng.random_range(1..=6u8)));
            }
            let legal = rules::legal_actions(&s);
            if s.phase == Phase::Over || legal.is_empty() {
                break;
            }
            let placing = matches!(s.phase, Phase::Placement { .. });
            let k = if placing && legal.len() > 1 && rng.random_range(0..100) < 85 {
                rng.random_range(1..legal.len())
            } else {
                rng.random_range(0..legal.len())
            };
            s = rules::apply(&s, legal[k]).expect("legal actions apply");
        }
        if s.decider().is_some() && seen.insert(s) {
            let names = names[..players as usize]
                .iter()
                .map(|n| n.to_string())
                .collect();
            out.push(Position::from_parts(names, s));
        }
    }
    out
}

fn batch_speed() {
    let binary = binary();
    let positions: Vec<String> = distinct_positions(160, 1)
        .iter()
        .map(|p| serde_json::to_string(&p.to_setup()).expect("JSON"))
        .collect();
    let requests: Vec<String> = positions
        .iter()
        .enumerate()
        .map(|(k, p)| format!("{{\"id\": {k}, \"command\": \"advise\", \"position\": {p}, \"options\": {{\"future\": \"none\"}}}}"))
        .collect();
    let input = requests.join("\n");
    if let Ok(path) = std::env::var("BENCH_BATCH_INPUT") {
        std::fs::write(path, &input).expect("written");
    }
    let run = |args: &[&str], stdin: &str| {
        use std::io::Write;
        let mut child = std::process::Command::new(&binary)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the binary runs");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(stdin.as_bytes())
            .expect("written");
        let out = child.wait_with_output().expect("an answer");
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let answers = run(&["batch"], &input);
    let first: serde_json::Value =
        serde_json::from_str(answers.lines().next().expect("an answer")).expect("JSON");
    let single: serde_json::Value = serde_json::from_str(&run(
        &["advise", "--json", "--future", "none", "-"],
        &positions[0],
    ))
    .expect("JSON");
    assert_eq!(first["result"], single, "batch answers as advise does");
    let batch = median_of(5, || {
        std::hint::black_box(run(&["batch"], &input));
    });
    let each = median_of(3, || {
        for p in &positions {
            std::hint::black_box(run(&["advise", "--json", "--future", "none", "-"], p));
        }
    });
    println!(
        "batch: 160 distinct positions advised under none, all threads: {:.2} s in one process, {:.2} s as 160 processes ({:.1}x)",
        batch.as_secs_f64(),
        each.as_secs_f64(),
        each.as_secs_f64() / batch.as_secs_f64()
    );
}

/// `bid` on a 4-player start under `greedy` (432 play-outs per comparison) and
/// under `none`, all threads. The default model is timed in `defaults`.
fn bid_time() {
    let start = json::read_start(include_str!("starts/4p-jade-shares.json")).expect("valid");
    let mut settings = Settings::new(1);
    settings.samples = Some(432);
    let mut request = Request::new(MethodChoice::Auto, settings);
    request.future = Future::Greedy;
    request.valuation.count_shares = true;
    let t = Instant::now();
    let b = manila_odds::engine::bid::bids(start.state(), false, &request, &mut |_| {});
    let greedy = t.elapsed();
    assert_eq!(b.rows.len(), 4);
    for r in &b.rows {
        let mean: f64 = r.limit.iter().flatten().sum::<f64>() / 3.0;
        assert!((mean - r.limit_mean).abs() < 1e-9);
    }
    request.future = Future::None;
    let t = Instant::now();
    std::hint::black_box(manila_odds::engine::bid::bids(
        start.state(),
        false,
        &request,
        &mut |_| {},
    ));
    println!(
        "bid: 4 players, shares counted, all threads: greedy {:.1} s, none {:.3} s",
        greedy.as_secs_f64(),
        t.elapsed().as_secs_f64()
    );
}

/// The paranoid model (the default's before roll 1) and the arena's
/// best-reply search on the harbour master's first placement of a voyage, 3
/// to 5 players (the deepest search of a voyage: every placement before roll
/// 1), fresh tables each run (median of 3): the paranoid advice with the
/// default --max-leaves on every core, risk included, and the same search
/// without risk on one core. Checked first: with four
/// or five players (where the searcher places once before the roll)
/// everyone against the searcher is worth no more than one reply.
fn search_time() {
    use manila_odds::engine::analysis::paranoid;
    use manila_odds::engine::exact::Solver;
    use manila_odds::engine::search;
    let (cargos, starts) = rules::layouts()[0];
    for players in 3..=5 {
        let s = rules::voyage_start(players, 0, cargos, starts, rules::Variant::default());
        let names = ["red", "blue", "green", "yellow", "black"];
        let names = names[..players as usize]
            .iter()
            .map(|n| n.to_string())
            .collect();
        let position = Position::from_parts(names, s);
        let mut request = Request::new(MethodChoice::Auto, sample::Settings::new(0));
        request.future = Future::Paranoid;
        let advice = analysis::advise(&position, &request, &mut |_| {});
        let reply = search::best_reply(&s, &mut Solver::new()).expect("a placement");
        let best = advice.best().expect("an option");
        assert!(
            players == 3 || advice.how.approximation.is_some() || best.ev <= reply.value + 1e-9
        );
        let depth = paranoid::depth(&s, request.max_leaves);
        let times = |f: &dyn Fn()| median_of(3, f).as_secs_f64();
        let advised = times(&|| {
            std::hint::black_box(analysis::advise(&position, &request, &mut |_| {}));
        });
        let one_core = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("a pool");
        let single = one_core.install(|| {
            times(&|| {
                std::hint::black_box(paranoid::options(
                    &s,
                    &request,
                    depth.depth,
                    false,
                    &mut |_| {},
                ));
            })
        });
        let replied = times(&|| {
            std::hint::black_box(search::best_reply(&s, &mut Solver::new()));
        });
        println!(
            "search: {players} players, first placement: paranoid advice {advised:.2} s \
             ({} of {} placements), its search on one core {single:.2} s, \
             best-reply {replied:.3} s",
            depth.depth, depth.turns
        );
    }
}
