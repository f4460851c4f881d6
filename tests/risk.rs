//! The risk of an option (R13): the distribution of the decider's value, its
//! probability of loss and its quantiles. Exact under exact methods, with its
//! mean the option's `ev`; from the play-outs under Monte Carlo, with the same
//! mean; derived by hand where the dice alone decide.
//!
//! Run with `cargo test --release --test risk`.

mod common;

use manila_odds::Position;
use manila_odds::engine::analysis::{self, MethodChoice, Request};
use manila_odds::engine::sample::Settings;
use manila_odds::parse::notation;
use manila_odds::report::{Advice, Future, OptionValue, QUANTILES};

/// Last round after roll 2; blue, green, yellow and red each place one more.
const LAST_ROUND: &str =
    "red,blue*,green,yellow 2:blue J10:blue G8:yellow N9:yellow H:blue,red Y:red X:green s:green";

/// Three players; the last round, two of them still to place.
const SMALL: &str = "a*,b,c 2:b@4 J11:a.b S9:c N7:a.c H:b Y:c X:a w4";

fn advise(p: &Position, method: MethodChoice, future: Future) -> Advice {
    let mut request = Request::new(method, Settings::new(7));
    request.future = future;
    request.sampling.samples = Some(216 * 20);
    analysis::advise(p, &request, &mut |_| {})
}

/// The distribution's own sums: total, mean, P(value < 0), and its
/// quantiles as the least value whose cumulative probability reaches q.
fn check_option(what: &str, o: &OptionValue, tolerance: f64) {
    let d = o
        .distribution
        .as_ref()
        .unwrap_or_else(|| panic!("{what}: no distribution"));
    let total: f64 = d.iter().map(|&(_, p)| p).sum();
    let mean: f64 = d.iter().map(|&(v, p)| v as f64 * p).sum();
    assert!((total - 1.0).abs() < 1e-9, "{what}: sums to {total}");
    assert!(
        (mean - o.ev).abs() < tolerance,
        "{what}: mean {mean}, ev {}",
        o.ev
    );
    assert!(
        d.windows(2).all(|w| w[0].0 < w[1].0),
        "{what}: not by value"
    );
    assert!(d.iter().all(|&(_, p)| p > 0.0), "{what}: empty values kept");
    let loss: f64 = d.iter().filter(|&&(v, _)| v < 0).map(|&(_, p)| p).sum();
    assert!(
        (o.p_loss().unwrap_or(f64::NAN) - loss).abs() < 1e-12,
        "{what}"
    );
    for q in QUANTILES {
        let v = o
            .quantile(q)
            .unwrap_or_else(|| panic!("{what}: no quantile"));
        let below: f64 = d.iter().filter(|&&(x, _)| x < v).map(|&(_, p)| p).sum();
        let upto: f64 = d.iter().filter(|&&(x, _)| x <= v).map(|&(_, p)| p).sum();
        assert!(
            below < q + 1e-9 && upto >= q - 1e-9,
            "{what}: quantile {q} is {v}"
        );
    }
}

#[test]
fn r13_every_exact_distribution_sums_to_1_with_mean_ev_on_the_examples() {
    for (name, p) in common::examples() {
        let advice = advise(&p, MethodChoice::Exact, Future::None);
        for o in &advice.options {
            check_option(&format!("{name} {}", o.action), o, 1e-9);
        }
    }
}

#[test]
fn r13_every_exact_distribution_sums_to_1_with_mean_ev_on_random_positions() {
    for seed in 0..60 {
        let p = common::random_position(seed);
        let advice = advise(&p, MethodChoice::Auto, Future::None);
        if advice.how.sampling.is_some() {
            continue;
        }
        for o in &advice.options {
            check_option(&format!("seed {seed} {}", o.action), o, 1e-9);
        }
    }
}

/// Under the models that keep placing, the walk takes every later placement
/// as the model does (R15): the greedy choice, max-n, or the quantal odds.
#[test]
fn r15_distributions_under_every_exact_model_have_mean_ev() {
    for text in [LAST_ROUND, SMALL] {
        let p = notation::parse(text).expect("a valid notation");
        for future in [
            Future::Greedy,
            Future::Equilibrium,
            Future::Quantal,
            Future::Paranoid,
        ] {
            let advice = advise(&p, MethodChoice::Exact, future);
            for o in &advice.options {
                check_option(&format!("{text} {future:?} {}", o.action), o, 1e-9);
            }
        }
    }
}

/// Round 1 before roll 1, nobody else aboard, nobody placing again: a seat
/// on silk (space 5, cost 3, R2) is paid 30 (R10) when the three dice take
/// it to 13 or beyond (R9: a ship on 13 docks without pirates), that is when
/// they sum to 8 or more: 181 of 216 triples. Otherwise the 3 are lost.
#[test]
fn r9_r10_r13_a_seat_on_silk_by_hand() {
    let (_, p) = common::examples()
        .into_iter()
        .find(|(name, _)| name == "3p-round1-start.json")
        .expect("the example");
    let advice = advise(&p, MethodChoice::Exact, Future::None);
    let option = |a: &str| {
        advice
            .options
            .iter()
            .find(|o| o.action.to_string() == a)
            .unwrap_or_else(|| panic!("{a} offered"))
    };
    let silk = option("ship:silk");
    let d = silk.distribution.as_ref().expect("exact");
    assert_eq!(d.len(), 2);
    assert_eq!(d[0].0, -3);
    assert_eq!(d[1].0, 27);
    assert!((d[0].1 - 35.0 / 216.0).abs() < 1e-12);
    assert!((d[1].1 - 181.0 / 216.0).abs() < 1e-12);
    assert_eq!(silk.quantile(0.05), Some(-3));
    assert_eq!(silk.quantile(0.5), Some(27));
    // Passing costs and pays nothing; a pilot nobody can use costs its price.
    assert_eq!(option("pass").distribution, Some(vec![(0, 1.0)]));
    assert_eq!(option("pilot:small").distribution, Some(vec![(-2, 1.0)]));
    // Every seat alone on its ship: lost exactly when the seat is not paid.
    for o in advice
        .options
        .iter()
        .filter(|o| o.action.to_string().starts_with("ship:"))
    {
        let paid = o.p_paid.expect("a seat is a worker");
        let loss = o.p_loss().expect("exact");
        assert!((loss - (1.0 - paid)).abs() < 1e-9, "{}", o.action);
    }
}

/// Under Monte Carlo the distribution is the play-outs' (an exact tail where
/// variance reduction ends a play-out): its mean is the sampled `ev`, and
/// its probability of loss is within a few standard errors of the exact one.
#[test]
fn r13_monte_carlo_distributions_agree_with_exact() {
    for (name, p) in common::examples() {
        let exact = advise(&p, MethodChoice::Exact, Future::None);
        let mc = advise(&p, MethodChoice::MonteCarlo, Future::None);
        let n = mc.how.sampling.as_ref().expect("sampled").samples as f64;
        for o in &mc.options {
            check_option(&format!("{name} mc {}", o.action), o, 1e-9);
            let e = exact.option(o.action).expect("the same options");
            let (pe, pm) = (e.p_loss().expect("exact"), o.p_loss().expect("sampled"));
            // A binomial bound; variance reduction only makes it tighter.
            let se = (pe * (1.0 - pe) / n).sqrt().max(1e-9);
            assert!(
                (pe - pm).abs() <= 4.0 * se + 1e-9,
                "{name} {}: {pm} vs {pe}",
                o.action
            );
        }
    }
}

#[test]
fn r13_monte_carlo_distributions_without_variance_reduction_have_mean_ev() {
    let p = common::random_position(11);
    let mut request = Request::new(MethodChoice::MonteCarlo, Settings::new(5));
    request.sampling.samples = Some(216 * 4);
    request.sampling.reduce_variance = false;
    let advice = analysis::advise(&p, &request, &mut |_| {});
    for o in &advice.options {
        check_option(&format!("{}", o.action), o, 1e-9);
        let d = o.distribution.as_ref().expect("sampled");
        // Every play-out settled on its dice: each value has a whole count.
        for &(_, q) in d {
            let count = q * 864.0;
            assert!((count - count.round()).abs() < 1e-6, "{}: {q}", o.action);
        }
    }
}

#[test]
fn r15_greedy_monte_carlo_distributions_have_mean_ev() {
    let p = common::random_position(3);
    let mut request = Request::new(MethodChoice::MonteCarlo, Settings::new(9));
    request.future = Future::Greedy;
    request.sampling.samples = Some(216 * 2);
    let advice = analysis::advise(&p, &request, &mut |_| {});
    for o in &advice.options {
        check_option(&format!("greedy {}", o.action), o, 1e-9);
    }
}

#[test]
fn a_request_without_risk_carries_no_distribution() {
    let (_, p) = common::examples().remove(0);
    let mut request = Request::new(MethodChoice::Exact, Settings::new(1));
    request.risk = false;
    let advice = analysis::advise(&p, &request, &mut |_| {});
    assert!(advice.options.iter().all(|o| o.distribution.is_none()));
}

#[test]
fn the_json_carries_distribution_p_loss_and_quantiles_and_the_table_p_loss() {
    let json = common::run_ok(
        &[
            "advise",
            "--json",
            "--future",
            "none",
            "examples/3p-round1-start.json",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let silk = v["options"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["action"] == "ship:silk"))
        .expect("silk")
        .clone();
    assert_eq!(silk["distribution"][0][0], -3);
    assert_eq!(silk["distribution"][1][0], 27);
    assert!((silk["p_loss"].as_f64().unwrap_or(-1.0) - 35.0 / 216.0).abs() < 1e-9);
    assert_eq!(silk["quantiles"], serde_json::json!([-3, 27, 27]));
    let table = common::run_ok(
        &[
            "advise",
            "--future",
            "none",
            "examples/3p-round1-start.json",
        ],
        None,
    );
    assert!(
        table.contains("P(loss)") && table.contains("16.2%"),
        "{table}"
    );
    let risk = common::run_ok(
        &[
            "advise",
            "--risk",
            "--future",
            "none",
            "examples/3p-round1-start.json",
        ],
        None,
    );
    assert!(
        risk.contains("5%..95%") && risk.contains("-3..27"),
        "{risk}"
    );
}
