//! The paranoid model (`analysis::paranoid`) and the arena's best-reply
//! search (`engine::search`) against plain references: every option's
//! paranoid value against a minimax that prunes nothing (three players'
//! second placements before roll 1 included), and against a minimax cut at
//! the same depth when the budget shortens the search; best reply against a
//! plain enumeration of the turns to the roll, at most one of them a reply
//! (a check of the walk, not of the idea); and the order of the guesses at
//! the others' play (everyone against the searcher, one reply, nobody
//! placing).

mod common;

use manila_odds::engine::analysis::paranoid::{self, Depth};
use manila_odds::engine::analysis::{MethodChoice, Request};
use manila_odds::engine::exact::Solver;
use manila_odds::engine::future::ALL;
use manila_odds::engine::sample::{self, Tick};
use manila_odds::engine::search::{self, Searched};
use manila_odds::engine::values::Mark;
use manila_odds::report::Future;
use manila_odds::rules::{self, Action, Phase, PlayerId, State, Variant};

/// Within this, two values are the same (R14 ties are 1e-9 apart).
const CLOSE: f64 = 1e-6;

/// What a placement pays its own player at once (R13): the insurance premium
/// less the slot's cost (R5).
fn cash_of(s: &State, a: Action, searcher: PlayerId) -> f64 {
    match s.phase {
        Phase::Placement { to_move } if to_move == searcher => {
            rules::income(s, a) as f64 - rules::action_cost(s, a) as f64
        }
        _ => 0.0,
    }
}

/// Plain minimax over the next `depth` placements before the next roll: the
/// searcher maximises, the others minimise, nobody places after them (R15
/// `none`). `None` once `budget` nodes are spent: too big to check this way.
fn minimax(
    s: &State,
    searcher: PlayerId,
    depth: u16,
    solver: &mut Solver,
    budget: &mut u32,
) -> Option<f64> {
    *budget = budget.checked_sub(1)?;
    let Phase::Placement { to_move } = s.phase else {
        return Some(solver.value(s, Mark::None).value[searcher as usize]);
    };
    if depth == 0 {
        return Some(solver.value(s, Mark::None).value[searcher as usize]);
    }
    let mut values = Vec::new();
    for a in rules::legal_actions(s) {
        let t = rules::apply(s, a).expect("a legal action applies");
        let below = minimax(&t, searcher, depth - 1, solver, budget)?;
        values.push(below + cash_of(s, a, searcher));
    }
    let fold = if to_move == searcher {
        f64::max
    } else {
        f64::min
    };
    values.into_iter().reduce(fold)
}

/// The searcher's options valued by plain minimax over `depth` placements
/// (the searcher's own included), in canonical order.
fn minimax_options(s: &State, depth: u16, solver: &mut Solver) -> Option<Vec<(Action, f64)>> {
    let Phase::Placement { to_move } = s.phase else {
        return None;
    };
    let mut budget = 12_000;
    let mut out = Vec::new();
    for a in rules::legal_actions(s) {
        let t = rules::apply(s, a).expect("a legal action applies");
        let below = minimax(&t, to_move, depth - 1, solver, &mut budget)?;
        out.push((a, below + cash_of(s, a, to_move)));
    }
    Some(out)
}

/// A request under the paranoid model: exact, cash only.
fn request() -> Request {
    let mut request = Request::new(MethodChoice::Auto, sample::Settings::new(0));
    request.future = Future::Paranoid;
    request.risk = false;
    request
}

/// Every option's paranoid value, searched `left` placements deep
/// ([`ALL`]: to the roll), in canonical order.
/// Progress hears of each option once, whatever the order the threads
/// finish them in.
fn paranoid_options(s: &State, left: u16) -> Vec<(Action, f64)> {
    let mut ticks = Vec::new();
    let options = paranoid::options(s, &request(), left, false, &mut |t| ticks.push(t));
    let of = options.len() as u64;
    let mut done: Vec<u64> = ticks
        .iter()
        .map(|&t| match t {
            Tick::Options {
                done,
                running,
                of: all,
            } if all == of && done + running <= of => done,
            other => panic!("{other:?} while valuing {of} options"),
        })
        .collect();
    done.sort_unstable();
    assert_eq!(done, (1..=of).collect::<Vec<_>>(), "{s:?}");
    options.into_iter().map(|v| (v.action, v.ev)).collect()
}

/// Checks every option's value against the reference's, in the same order.
fn same_values(found: &[(Action, f64)], reference: &[(Action, f64)], s: &State) {
    assert_eq!(found.len(), reference.len(), "{s:?}");
    for (f, r) in found.iter().zip(reference) {
        assert_eq!(f.0, r.0, "{s:?}");
        assert!(
            (f.1 - r.1).abs() < CLOSE,
            "{}: {} vs {}: {s:?}",
            f.0,
            f.1,
            r.1
        );
    }
}

/// The paranoid model's best option and its value (R14: ties to the first).
fn paranoid_best(s: &State) -> Searched {
    let options = paranoid_options(s, ALL);
    let (action, value) = first_best(&options);
    Searched { action, value }
}

/// The first option within `CLOSE` of the best value (R14 ties).
fn first_best(options: &[(Action, f64)]) -> (Action, f64) {
    let top = options
        .iter()
        .map(|o| o.1)
        .fold(f64::NEG_INFINITY, f64::max);
    *options
        .iter()
        .find(|o| o.1 > top - CLOSE)
        .expect("an option")
}

/// Checks that a search found the reference's best option (R14: the first
/// within `CLOSE` of the best) and its value.
fn same_best(found: Option<Searched>, reference: &[(Action, f64)], s: &State) {
    let found = found.expect("a placement");
    let (action, value) = first_best(reference);
    assert_eq!(found.action, action, "{s:?}");
    assert!((found.value - value).abs() < CLOSE, "{found:?} {value}");
}

/// Placement positions of generated voyages, from `seed` on.
fn placements(seed: u64, count: usize) -> impl Iterator<Item = State> {
    (seed..)
        .map(|seed| *common::random_position(seed).state())
        .filter(|s| matches!(s.phase, Phase::Placement { .. }))
        .take(count)
}

/// Turns left before the next roll in `s`, its own included, if everybody
/// who may place does (R5).
fn turns_before_the_roll(s: &State) -> usize {
    let mut turns = 0;
    let mut turn = *s;
    while let Phase::Placement { .. } = turn.phase {
        turns += 1;
        turn = rules::apply(&turn, Action::Pass).expect("pass is always legal");
    }
    turns
}

/// Placement positions of generated voyages with at least two others to
/// answer the placement before the roll.
fn deep_placements() -> impl Iterator<Item = State> {
    (1..)
        .map(|seed| *common::random_position(seed).state())
        .filter(|s| matches!(s.phase, Phase::Placement { .. }) && turns_before_the_roll(s) >= 3)
}

#[test]
fn paranoid_values_every_option_as_a_minimax_that_prunes_nothing() {
    let mut checked = 0;
    for s in deep_placements().take(60) {
        let mut solver = Solver::new();
        let Some(options) = minimax_options(&s, u16::MAX, &mut solver) else {
            continue;
        };
        same_values(&paranoid_options(&s, ALL), &options, &s);
        checked += 1;
    }
    assert!(checked >= 25, "only {checked} positions small enough");
}

#[test]
fn a_paranoid_search_cut_short_is_minimax_to_that_depth_then_nobody_placing() {
    let mut checked = 0;
    for s in deep_placements().take(40) {
        for depth in [1, 2] {
            let mut solver = Solver::new();
            let Some(options) = minimax_options(&s, depth, &mut solver) else {
                continue;
            };
            same_values(&paranoid_options(&s, depth), &options, &s);
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} positions small enough");
}

#[test]
fn the_paranoid_depth_is_the_deepest_whose_estimate_fits_and_says_so() {
    let (cargos, starts) = rules::layouts()[0];
    let s = rules::voyage_start(4, 0, cargos, starts, Variant::default());
    let options = rules::legal_actions(&s).len() as f64;
    // Four players: four placements before roll 1 (R4), the first with
    // every slot open and each later one a slot fewer.
    let full = paranoid::depth(&s, u64::MAX);
    let estimate = options * (options - 1.0) * (options - 2.0) * (options - 3.0);
    assert_eq!(
        full,
        Depth {
            depth: 4,
            turns: 4,
            leaves: estimate
        }
    );
    let two = paranoid::depth(&s, (options * (options - 1.0)) as u64);
    assert_eq!((two.depth, two.turns), (2, 4));
    // At least the decider's own options, whatever the budget.
    assert_eq!(paranoid::depth(&s, 1).depth, 1);
    // The method line says how far the search went, and about how wide.
    let position =
        manila_odds::Position::from_parts(["r", "b", "g", "y"].map(String::from).to_vec(), s);
    let mut r = request();
    r.max_leaves = two.leaves as u64;
    let advice = manila_odds::engine::analysis::advise(&position, &r, &mut |_| {});
    let why = manila_odds::render::how::reason(&advice.how);
    assert!(
        why.contains("paranoid search of 2 of the 4 placements")
            && why.contains(&format!("about {} positions", two.leaves)),
        "{why}"
    );
}

#[test]
fn paranoid_with_three_players_values_the_searcher_s_second_placement_too() {
    // Three players place twice before roll 1 (R4): the searcher's second
    // placement is a maximising node below the root, with a placement after
    // it, its own cost or insurance premium shifting the window. Small enough
    // to enumerate: the others have no cash, so they may only pass or stow
    // away on a ship at sea (R5); the searcher, second to move, has a little.
    let mut checked = 0;
    for &(cargos, starts) in rules::layouts().iter().step_by(17) {
        for cash in [3, 8] {
            let mut s = rules::voyage_start(3, 0, cargos, starts, Variant::default());
            s.cash = [Some(0), Some(cash), Some(0), None, None];
            // The harbour master stows away first.
            let seat = rules::legal_actions(&s)
                .into_iter()
                .find(|a| matches!(a, Action::Seat(_)))
                .expect("a seat at sea");
            s = rules::apply(&s, seat).expect("a legal action applies");
            assert!(moves_again_before_the_roll(&s));
            let options = minimax_options(&s, u16::MAX, &mut Solver::new()).expect("small enough");
            same_values(&paranoid_options(&s, ALL), &options, &s);
            checked += 1;
        }
    }
    assert!(checked >= 10);
}

/// The searcher's value of `s` when at most one of the others places before
/// the roll, chosen to hurt the searcher most, and everybody else passes:
/// every such sequence played out to the roll, passes included.
fn one_reply(s: &State, searcher: PlayerId, replied: bool, solver: &mut Solver) -> f64 {
    let Phase::Placement { to_move } = s.phase else {
        return solver.value(s, Mark::None).value[searcher as usize];
    };
    let pass = rules::apply(s, Action::Pass).expect("pass is always legal");
    let passed = one_reply(&pass, searcher, replied, solver);
    if to_move == searcher || replied {
        return passed;
    }
    rules::legal_actions(s)
        .into_iter()
        .filter(|&a| a != Action::Pass)
        .map(|a| {
            let t = rules::apply(s, a).expect("a legal action applies");
            one_reply(&t, searcher, true, solver)
        })
        .fold(passed, f64::min)
}

#[test]
fn best_reply_is_the_worst_single_reply_of_every_sequence_to_the_roll() {
    let mut checked = 0;
    for s in placements(1500, 40) {
        let Phase::Placement { to_move } = s.phase else {
            continue;
        };
        let mut solver = Solver::new();
        let options: Vec<(Action, f64)> = rules::legal_actions(&s)
            .into_iter()
            .map(|a| {
                let t = rules::apply(&s, a).expect("a legal action applies");
                (
                    a,
                    one_reply(&t, to_move, false, &mut solver) + cash_of(&s, a, to_move),
                )
            })
            .collect();
        same_best(search::best_reply(&s, &mut Solver::new()), &options, &s);
        checked += 1;
    }
    assert!(checked >= 25, "only {checked} positions");
}

/// The searcher's value of each option if nobody places after it (`none`).
fn none_best(s: &State, solver: &mut Solver) -> f64 {
    let Phase::Placement { to_move } = s.phase else {
        unreachable!("a placement position")
    };
    rules::legal_actions(s)
        .into_iter()
        .map(|a| {
            let t = rules::apply(s, a).expect("a legal action applies");
            solver.value(&t, Mark::None).value[to_move as usize] + cash_of(s, a, to_move)
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

/// Whether the player to move in `s` may place again before the next roll:
/// three players have two placement rounds before roll 1 (R4).
fn moves_again_before_the_roll(s: &State) -> bool {
    s.players == 3 && s.round == 1
}

#[test]
fn everyone_against_the_searcher_is_worse_than_one_reply_and_that_than_none() {
    let mut checked = 0;
    for s in placements(500, 40) {
        if moves_again_before_the_roll(&s) {
            continue;
        }
        let mut solver = Solver::new();
        let Searched {
            value: paranoid, ..
        } = paranoid_best(&s);
        let Searched { value: reply, .. } = search::best_reply(&s, &mut solver).expect("placement");
        let nobody = none_best(&s, &mut solver);
        assert!(paranoid <= reply + CLOSE, "{paranoid} > {reply}: {s:?}");
        assert!(reply <= nobody + CLOSE, "{reply} > {nobody}: {s:?}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} positions");
}

#[test]
fn with_nobody_to_reply_before_the_roll_every_search_is_none_s_best() {
    // The last player to move in the last round: nothing can answer the
    // placement, so all three guesses agree (R15 `none`).
    let mut checked = 0;
    for s in placements(900, 400) {
        let last_round = s.round == rules::placement_rounds(s.players as usize);
        let after = |a| rules::apply(&s, a).expect("a legal action applies");
        let answered = rules::legal_actions(&s)
            .into_iter()
            .any(|a| matches!(after(a).phase, Phase::Placement { .. }));
        if !last_round || answered {
            continue;
        }
        let mut solver = Solver::new();
        let paranoid = paranoid_best(&s);
        let reply = search::best_reply(&s, &mut solver).expect("placement");
        assert_eq!(paranoid.action, reply.action, "{s:?}");
        assert!((paranoid.value - reply.value).abs() < CLOSE, "{s:?}");
        assert!((paranoid.value - none_best(&s, &mut solver)).abs() < CLOSE);
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} positions");
}

#[test]
fn with_no_placement_before_the_roll_paranoid_is_none_and_says_so() {
    // The pilots decide after every placement (R8): nothing is placed
    // before roll 3, so every option keeps its `none` value.
    let pilots = (1..)
        .map(common::random_position)
        .filter(|p| matches!(p.state().phase, Phase::SmallPilot | Phase::LargePilot))
        .take(5);
    for position in pilots {
        let mut r = request();
        r.valuation = manila_odds::engine::values::CASH;
        let advice = manila_odds::engine::analysis::advise(&position, &r, &mut |_| {});
        let none = manila_odds::engine::exact::advise(position.state(), r.valuation);
        for o in &advice.options {
            let n = none.option(o.action).expect("the same options");
            assert!((o.ev - n.ev).abs() < CLOSE, "{}", o.action);
        }
        let why = manila_odds::render::how::reason(&advice.how);
        assert!(
            why.contains("no placement comes before the next roll"),
            "{why}"
        );
    }
}

#[test]
fn a_boarding_before_the_last_round_counts_the_placements_after_it() {
    // After roll 2 the pirates board (R7), and the last round's placements
    // follow before roll 3: the paranoid search covers them, with two
    // pirates from either one's decision.
    let mut two_pirates = 0;
    for s in common::boardings().take(12).map(|p| *p.state()) {
        two_pirates += usize::from(common::first_of_two_pirates(&s));
        let depth = paranoid::depth(&s, u64::MAX);
        assert!(
            depth.turns > 0 && depth.depth == depth.turns,
            "{depth:?}: {s:?}"
        );
    }
    assert!(two_pirates > 0, "no boarding by the first of two pirates");
}

#[test]
fn r7_a_pirate_aboard_counts_each_position_at_the_search_s_end_twice() {
    // Five players, the harbour master took the pirate: the four placements
    // left before roll 1 make a tree of about 24,024 positions, which fits
    // the default budget counted once but not twice (README: the boarding
    // and plunder valued at each doubled the time, 3.04 s before).
    let (cargos, starts) = rules::layouts()[0];
    let s = rules::voyage_start(5, 0, cargos, starts, Variant::default());
    let s = rules::apply(&s, Action::Pirate).expect("the pirate is free");
    let options = rules::legal_actions(&s).len() as f64;
    let tree = options * (options - 1.0) * (options - 2.0) * (options - 3.0);
    let budget = (1.5 * tree) as u64;
    assert_eq!(paranoid::depth(&s, budget).depth, 3);
    assert_eq!(paranoid::depth(&s, 2 * tree as u64).depth, 4);
    // Without the pirate aboard the same budget covers the whole tree.
    let unboarded = State {
        pirates: [None; 2],
        ..s
    };
    assert_eq!(paranoid::depth(&unboarded, budget).depth, 4);
}

#[test]
fn r7_r8_each_pirate_aboard_doubles_a_position_s_cost_and_a_pilot_held_counts_2_5_times() {
    // Three players, round 1: blue, the harbour master, and green took the
    // pirate ship, red to place (a table trial's 5 s advice, 3.9 GB, before this counted 4).
    let (cargos, starts) = rules::layouts()[0];
    let s = rules::voyage_start(3, 1, cargos, starts, Variant::default());
    let s = rules::apply(&s, Action::Pirate).expect("blue takes the pirate");
    let two = rules::apply(&s, Action::Pirate).expect("green takes the pirate");
    assert_eq!(paranoid::leaf_cost(&two), 4.0);
    let small = rules::apply(&s, Action::SmallPilot).expect("a pilot is free");
    assert_eq!(paranoid::leaf_cost(&small), 5.0, "a pirate and a pilot");
    let large = State {
        pirates: [None; 2],
        ..rules::apply(&small, Action::LargePilot).expect("the other pilot")
    };
    assert_eq!(paranoid::leaf_cost(&large), 4.0, "both pilots");
    let start = rules::voyage_start(3, 1, cargos, starts, Variant::default());
    assert_eq!(paranoid::leaf_cost(&start), 1.0);
    let pilot = rules::apply(&start, Action::LargePilot).expect("the large pilot");
    assert_eq!(paranoid::leaf_cost(&pilot), 2.5);
    // The tree of the placements left fits the budget counted twice, not
    // four times: one placement fewer is searched, and the output says so.
    let tree = paranoid::depth(&two, u64::MAX);
    let budget = (3.0 * tree.leaves) as u64;
    assert_eq!(paranoid::depth(&two, budget).depth, tree.depth - 1);
    let position =
        manila_odds::Position::from_parts(["r", "b", "g"].map(String::from).to_vec(), two);
    let mut r = request();
    r.max_leaves = budget;
    let advice = manila_odds::engine::analysis::advise(&position, &r, &mut |_| {});
    let why = manila_odds::render::how::approximation(&advice.how).expect("cut short");
    assert!(why.contains("each position counts 4 times"), "{why}");
}

#[test]
fn r8_five_players_after_the_harbour_master_takes_a_pilot_search_3_of_the_4_placements() {
    // The tree of the 4 placements left, about 17,160 positions, fitted the
    // budget counted twice and took 1.9 s, near the 2 s allowed; counted
    // 2.5 times it does not, and the output says why.
    let (cargos, starts) = rules::layouts()[0];
    let s = rules::voyage_start(5, 0, cargos, starts, Variant::default());
    let s = rules::apply(&s, Action::LargePilot).expect("the harbour master takes a pilot");
    let d = paranoid::depth(&s, manila_odds::engine::analysis::MAX_LEAVES);
    assert_eq!((d.depth, d.turns), (3, 4), "{d:?}");
    let names = ["r", "b", "g", "y", "k"].map(String::from).to_vec();
    let position = manila_odds::Position::from_parts(names, s);
    let advice = manila_odds::engine::analysis::advise(&position, &request(), &mut |_| {});
    let why = manila_odds::render::how::approximation(&advice.how).expect("cut short");
    assert!(why.contains("each position counts 2.5 times"), "{why}");
}

#[test]
fn a_decider_short_of_cash_estimates_the_others_trees_by_their_own_options() {
    // Five players at the start; the harbour master has 2 coins, so only a
    // few options, but the others place freely (a table trial's 720
    // positions that took 2.6 s).
    let (cargos, starts) = rules::layouts()[0];
    let mut s = rules::voyage_start(5, 0, cargos, starts, Variant::default());
    let rich = paranoid::depth(&s, u64::MAX);
    s.cash = [Some(2), None, None, None, None];
    let poor = paranoid::depth(&s, u64::MAX);
    let own = rules::legal_actions(&s).len() as f64;
    assert!(own < 8.0, "{own} options with 2 coins");
    // Each later placement is estimated from the others' options, as when
    // everyone is rich, not from the decider's few.
    assert_eq!(poor.turns, rich.turns);
    let naive: f64 = (0..poor.turns).map(|j| (own - j as f64).max(1.0)).product();
    assert!(poor.leaves > 10.0 * naive, "{poor:?}: {naive}");
}

#[test]
fn four_players_search_every_placement_before_roll_1_and_after_it_count_as_measured() {
    // Before roll 1, whatever is aboard, the trees of 4 players fit the
    // default budget whole: the arena's matrix (4 players) still holds.
    let (cargos, starts) = rules::layouts()[0];
    let s = rules::voyage_start(4, 0, cargos, starts, Variant::default());
    for line in [
        vec![Action::Pirate],
        vec![Action::Pirate, Action::Pirate],
        vec![Action::LargePilot],
        vec![Action::SmallPilot, Action::Pirate],
        vec![Action::SmallPilot, Action::LargePilot, Action::Pirate],
    ] {
        let t = line
            .iter()
            .fold(s, |t, &a| rules::apply(&t, a).expect("legal"));
        let d = paranoid::depth(&t, manila_odds::engine::analysis::MAX_LEAVES);
        assert_eq!(d.depth, d.turns, "{line:?}: {d:?}");
    }
    // After roll 1 a pirate aboard counts twice, however many: the rule the
    // arena's paranoid players were measured with.
    let mut after = rules::apply(&s, Action::Pirate).expect("legal");
    after = rules::apply(&after, Action::Pirate).expect("legal");
    after.rolls_done = 1;
    after.small_pilot = Some(2);
    assert_eq!(paranoid::leaf_cost(&after), 2.0);
}
