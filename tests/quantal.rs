//! The quantal model (R15): later placements random, an option's odds
//! proportional to `exp(lambda * value)` of its value under `none`. It tends to
//! greedy as lambda grows and to uniform random play as it falls to 0; Monte
//! Carlo agrees with exact; lambda fitted to a table's placements.

mod common;

use manila_odds::Position;
use manila_odds::engine::analysis::{self, MethodChoice, Request};
use manila_odds::engine::arena::{self, Maker};
use manila_odds::engine::exact::Solver;
use manila_odds::engine::future::{self, Planner};
use manila_odds::engine::sample::Settings;
use manila_odds::engine::values::{CASH, Mark, Outcome};
use manila_odds::parse::notation;
use manila_odds::report::{Future, Lambda, Method};
use manila_odds::rules::{self, Action, Phase, State};

/// Last round after roll 2; blue, green, yellow and red each place one more.
const LAST_ROUND: &str =
    "red,blue*,green,yellow 2:blue J10:blue G8:yellow N9:yellow H:blue,red Y:red X:green s:green";

/// Three players; the last round, two of them still to place.
const SMALL: &str = "a*,b,c 2:b@4 J11:a.b S9:c N7:a.c H:b Y:c X:a w4";

fn position(text: &str) -> Position {
    notation::parse(text).expect("a valid notation")
}

fn quantal(lambda: f64) -> Planner {
    Planner::new(Future::Quantal, CASH).with_lambda(lambda)
}

fn option_evs(s: &State, planner: &mut Planner) -> Vec<(String, f64)> {
    future::advise(s, planner, 0)
        .expect("no budget")
        .options
        .iter()
        .map(|o| (o.action.to_string(), o.ev))
        .collect()
}

/// Where no later placer's best options tie: greedy takes the first of tied
/// options (R15), quantal splits between them at every lambda, so only then
/// can the two meet.
#[test]
fn r15_quantal_tends_to_greedy_as_lambda_grows() {
    for text in [SMALL] {
        let s = *position(text).state();
        let greedy = option_evs(&s, &mut Planner::new(Future::Greedy, CASH));
        let sharp = option_evs(&s, &mut quantal(1e4));
        for ((a, g), (b, q)) in greedy.iter().zip(&sharp) {
            assert_eq!(a, b, "{text}");
            assert!((g - q).abs() < 1e-6, "{text} {a}: greedy {g}, quantal {q}");
        }
        // Halfway there, the values lie elsewhere: the model is not greedy.
        let soft = option_evs(&s, &mut quantal(0.3));
        assert!(
            greedy
                .iter()
                .zip(&soft)
                .any(|((_, g), (_, q))| (g - q).abs() > 0.1),
            "{text}"
        );
    }
}

/// What placement `a` in `s` pays its player at once (R13).
fn cash(s: &State, a: Action) -> f64 {
    rules::income(s, a) as f64 - rules::action_cost(s, a) as f64
}

/// The first option of highest value (R14): pass, first in canonical order,
/// wins unless another is strictly better.
fn first_best(options: impl IntoIterator<Item = (Action, f64)>) -> Action {
    let mut best: Option<(Action, f64)> = None;
    for (a, v) in options {
        if best.is_none_or(|(_, b)| v > b + 1e-9) {
            best = Some((a, v));
        }
    }
    best.expect("an option").0
}

/// Every player's value when each later placement is greedy's (R15: the
/// option of highest value under `none`) and a boarding pirate takes its best
/// under that play, by brute force.
fn greedy_line(s: &State, solver: &mut Solver) -> Outcome {
    let t = |a| rules::apply(s, a).expect("legal");
    match s.phase {
        Phase::Placement { to_move } => {
            let p = to_move as usize;
            let values: Vec<(Action, f64)> = rules::legal_actions(s)
                .into_iter()
                .map(|a| (a, solver.value(&t(a), Mark::None).value[p] + cash(s, a)))
                .collect();
            let a = first_best(values);
            let mut o = greedy_line(&t(a), solver);
            o.value[p] += cash(s, a);
            o
        }
        Phase::Boarding { .. } => greedy_line(&t(greedy_boarding(s, solver)), solver),
        _ => solver.value(s, Mark::None),
    }
}

/// The boarding pirate's choice when the placements after it are greedy's.
fn greedy_boarding(s: &State, solver: &mut Solver) -> Action {
    let pirate = s.decider().expect("a pirate decides") as usize;
    let values: Vec<(Action, f64)> = rules::legal_actions(s)
        .into_iter()
        .map(|a| {
            let t = rules::apply(s, a).expect("legal");
            (a, greedy_line(&t, solver).value[pirate])
        })
        .collect();
    first_best(values)
}

/// Every player's value when each later placement is uniform among the legal
/// options, by brute force: no memo, the rules' own functions, the exact `none`
/// solver once no placement remains. A boarding pirate boards as it would
/// before greedy placements.
fn uniform(s: &State, solver: &mut Solver) -> Outcome {
    match s.phase {
        Phase::Boarding { .. } => {
            let a = greedy_boarding(s, solver);
            uniform(&rules::apply(s, a).expect("legal"), solver)
        }
        Phase::Placement { to_move } => {
            let options = rules::legal_actions(s);
            let mut out = Outcome::default();
            for a in &options {
                let t = rules::apply(s, *a).expect("legal");
                let mut o = uniform(&t, solver);
                o.value[to_move as usize] += cash(s, *a);
                out.add(1.0 / options.len() as f64, &o);
            }
            out
        }
        _ => solver.value(s, Mark::None),
    }
}

#[test]
fn r15_quantal_tends_to_uniform_random_play_as_lambda_falls_to_0() {
    let s = *position(SMALL).state();
    let mut solver = Solver::with(CASH);
    let mut planner = quantal(0.0);
    for a in rules::legal_actions(&s) {
        let t = rules::apply(&s, a).expect("legal");
        let want = uniform(&t, &mut solver);
        let got = planner.value(&t, Mark::None, 0).expect("no budget");
        for p in 0..3 {
            assert!(
                (want.value[p] - got.value[p]).abs() < 1e-9,
                "{a}: player {p}: {} vs {}",
                want.value[p],
                got.value[p]
            );
        }
    }
}

/// R7 under R15: a quantal model's boarding pirate anticipates the greedy
/// placements after it (as `greedy`'s pirate does), and the value is the
/// expectation over the quantal placements that do follow. Checked at lambda 0
/// against the brute force, on boardings where anticipating the expectation
/// would board otherwise, so that the rule is what decides.
#[test]
fn r7_a_quantal_pirate_boards_as_greedy_does_and_the_quantal_placements_follow() {
    let boardings = common::boardings().take(16).map(|p| *p.state());
    let mut solver = Solver::with(CASH);
    let mut greedy = Planner::new(Future::Greedy, CASH);
    let mut differs = 0;
    for s in boardings {
        let chosen = Some(greedy_boarding(&s, &mut solver));
        assert_eq!(greedy.choice(&s, Mark::None, 0), Ok(chosen), "{s:?}");
        let mut planner = quantal(0.0);
        assert_eq!(planner.choice(&s, Mark::None, 0), Ok(chosen), "{s:?}");
        let want = uniform(&s, &mut solver);
        let got = planner.value(&s, Mark::None, 0).expect("no budget");
        for p in 0..s.players as usize {
            assert!(
                (want.value[p] - got.value[p]).abs() < 1e-9,
                "player {p}: {} vs {}: {s:?}",
                want.value[p],
                got.value[p]
            );
        }
        // The pirate's best under the expectation, ties to the first (R14).
        let pirate = s.decider().expect("a pirate decides") as usize;
        let by_expectation = first_best(rules::legal_actions(&s).into_iter().map(|a| {
            let t = rules::apply(&s, a).expect("legal");
            (a, uniform(&t, &mut solver).value[pirate])
        }));
        differs += usize::from(Some(by_expectation) != chosen);
    }
    assert!(
        differs > 0,
        "greedy's and the expectation's boardings agree"
    );
}

#[test]
fn r15_quantal_monte_carlo_agrees_with_exact_within_4_standard_errors() {
    // And the first of two pirates boarding (R7), the second boarding after
    // it as greedy's pirate would.
    let two_pirates = common::boardings()
        .find(|p| common::first_of_two_pirates(p.state()))
        .expect("a boarding by the first of two pirates");
    for p in [position(LAST_ROUND), position(SMALL), two_pirates] {
        let text = notation::format(&p);
        let mut exact = Request::new(MethodChoice::Exact, Settings::new(3));
        exact.future = Future::Quantal;
        exact.lambda = Lambda {
            value: 0.7,
            interval: None,
            decisions: 0,
        };
        let mut mc = exact.clone();
        mc.method = MethodChoice::MonteCarlo;
        mc.sampling.samples = Some(20 * 216);
        mc.sampling.reduce_variance = false;
        let e = analysis::advise(&p, &exact, &mut |_| {});
        let m = analysis::advise(&p, &mc, &mut |_| {});
        assert_eq!(
            (e.how.method, m.how.method),
            (Method::Exact, Method::MonteCarlo)
        );
        for o in &m.options {
            let want = e.option(o.action).expect("the same options").ev;
            let se = o.stderr.expect("a standard error");
            assert!(
                (o.ev - want).abs() <= 4.0 * se + 1e-9,
                "{text} {}: {} vs {want} (se {se})",
                o.action,
                o.ev
            );
        }
    }
}

#[test]
fn r15_the_output_names_lambda_and_what_it_rests_on() {
    let out = common::run_ok(
        &[
            "advise", "--pos", LAST_ROUND, "--future", "quantal", "--lambda", "2", "--json",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["future"], "quantal");
    assert_eq!(v["lambda"]["value"], 2.0);
    assert_eq!(v["lambda"]["decisions"], 0);
    let table = common::run_ok(
        &["advise", "--pos", LAST_ROUND, "--future", "quantal"],
        None,
    );
    assert!(table.contains("lambda 0.50 (the prior)"), "{table}");
    let bad = common::run_bin(&["advise", "--pos", LAST_ROUND, "--lambda", "-1"], None);
    assert_eq!(bad.status.code(), Some(2));
}

/// Fitted to random players, the quantal model finds them nearly random; to
/// the heuristic player, far more rational.
#[test]
fn r15_lambda_fitted_to_a_table_tells_random_players_from_thoughtful_ones() {
    let settings = arena::Settings {
        players: 4,
        first_deal: 1,
        deals: 40,
        seed: 5,
        layout: arena::LayoutChoice::Random,
        variant: Default::default(),
        cash: None,
        record: true,
        candidate_seats: None,
    };
    let mut request = Request::new(MethodChoice::Auto, Settings::new(1));
    request.future = Future::Quantal;
    let model = arena::Model { request, fit: true };
    let fitted = |baseline: &dyn Maker| {
        let played = arena::run(&settings, baseline, baseline, &|_| {}).expect("no fault");
        let references: Vec<_> = played
            .voyages
            .iter()
            .filter(|v| v.seat.is_none())
            .map(|v| v.played.clone())
            .collect();
        let placements = arena::placements(&references);
        model
            .fitted(&placements)
            .and_then(|m| m.lambda())
            .expect("a fitted lambda")
    };
    let random = fitted(&arena::Random { seed: 5 });
    let heuristic = fitted(&arena::Heuristic);
    assert!(random.decisions > 100 && heuristic.decisions > 100);
    let (_, random_hi) = random.interval.expect("an interval");
    let (heuristic_lo, _) = heuristic.interval.expect("an interval");
    assert!(random.value < 0.1, "{random:?}");
    assert!(heuristic_lo > random_hi, "{heuristic:?} vs {random:?}");
}
