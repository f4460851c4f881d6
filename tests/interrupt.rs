//! A stop asked for from outside (Ctrl-C in a session): every model returns
//! early or runs to its end, and none panics. In a test binary of its own, as
//! the request is process-wide and would stop other tests' computations.

use manila_odds::Position;
use manila_odds::engine::analysis::{self, MethodChoice, Request};
use manila_odds::engine::cache::Cache;
use manila_odds::engine::interrupt;
use manila_odds::engine::sample::Settings;
use manila_odds::parse::notation;
use manila_odds::report::Future;
use std::sync::Mutex;
use std::time::Duration;

/// The request is process-wide: one test at a time asks for it.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A request of `method` under `future`, seed 3.
fn request(method: MethodChoice, future: Future) -> Request {
    let mut request = Request::new(method, Settings::new(3));
    request.future = future;
    request
}

fn position(text: &str) -> Position {
    notation::parse(text).expect("a position")
}

#[test]
fn an_interrupted_computation_returns_without_panicking() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // The start of a voyage: paranoid under auto (a search with no
    // deadline, which stops before its first option), greedy sampling,
    // equilibrium with a deadline (which gives up at once), quantal.
    let start = position("a*,b,c,d 0:a J2 S3 G4");
    let mut sampled_stops = Vec::new();
    for future in [
        Future::Auto,
        Future::Greedy,
        Future::Equilibrium,
        Future::Quantal,
    ] {
        let mut request = request(MethodChoice::Auto, future);
        request.sampling.samples = Some(4320);
        request.sampling.time_limit = Some(Duration::from_secs(60));
        interrupt::request();
        let advice = analysis::advise(&start, &request, &mut |_| {});
        assert!(
            interrupt::requested(),
            "{future:?}: the request stays until cleared"
        );
        interrupt::clear();
        let stopped_before_any = future == Future::Auto;
        assert_eq!(advice.options.is_empty(), stopped_before_any, "{future:?}");
        if let Some(sampling) = &advice.how.sampling {
            sampled_stops.push(sampling.stop);
        }
    }
    assert!(sampled_stops.contains(&"interrupted"), "{sampled_stops:?}");
    // Cleared, the same request runs in full.
    let mut request = request(MethodChoice::Auto, Future::Greedy);
    request.sampling.samples = Some(432);
    let advice = analysis::advise(&start, &request, &mut |_| {});
    let sampling = advice.how.sampling.expect("greedy samples at a start");
    assert_eq!(sampling.stop, "samples");
}

#[test]
fn an_interrupted_equilibrium_without_a_time_limit_gives_up_its_search() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // After roll 2, the last round: uninterrupted, max-n searches the whole
    // tree; asked to stop, the search gives up after its first nodes, as it
    // would at a deadline, and says it searched less.
    let p = position("a*,b,c,d 2:a J9 S8 G10");
    let mut request = request(MethodChoice::Auto, Future::Equilibrium);
    request.sampling.time_limit = None;
    let full = analysis::advise(&p, &request, &mut |_| {});
    interrupt::request();
    let stopped = analysis::advise(&p, &request, &mut |_| {});
    interrupt::clear();
    assert!(full.how.approximation.is_none(), "{:?}", full.how);
    assert!(stopped.how.approximation.is_some(), "{:?}", stopped.how);
}

#[test]
fn an_interrupted_paranoid_search_stops_before_its_end() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // 3 players before roll 1 with room for every placement to the roll:
    // uninterrupted, each option's search visits millions of positions
    // (about two and a half minutes on two cores). Asked to stop while under
    // way, it gives up mid-search and values none of them; asked before it
    // starts, odds alike give up without a panic.
    let start = position("a*,b,c 0:a J2 S3 G4");
    let mut request = request(MethodChoice::Auto, Future::Paranoid);
    request.max_leaves = 4_000_000;
    let stopper = std::thread::spawn(|| {
        std::thread::sleep(Duration::from_millis(300));
        interrupt::request();
    });
    let advice = analysis::advise(&start, &request, &mut |_| {});
    let _ = stopper.join();
    let odds = analysis::odds(&start, &request, &mut |_| {});
    interrupt::clear();
    assert!(advice.options.is_empty(), "{:?}", advice.options.len());
    assert_eq!(odds.how.future, Future::Paranoid);
}

#[test]
fn an_interrupted_exact_greedy_search_stops_before_its_end() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // Greedy exactly before roll 1: every landing of roll 1 and the greedy
    // placements after it, seconds with 3 players (a minute with 5).
    let start = position("a*,b,c 0:a J2 S3 G4");
    let request = request(MethodChoice::Exact, Future::Greedy);
    // One cache for all, as a session keeps one.
    let mut cache = Cache::default();
    interrupt::request();
    let advice = analysis::advise_with(&mut cache, &start, &request, &mut |_| {});
    let odds = analysis::odds_with(&mut cache, &start, &request, &mut |_| {});
    interrupt::clear();
    assert!(advice.options.is_empty(), "{:?}", advice.options.len());
    assert_eq!(odds.how.future, Future::Greedy);
    // Cleared, the planner the cache kept answers in full, as a fresh one does.
    let kept = analysis::advise_with(&mut cache, &start, &request, &mut |_| {});
    let fresh = analysis::advise(&start, &request, &mut |_| {});
    assert_eq!(kept.options, fresh.options);
}
