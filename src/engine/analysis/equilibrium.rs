//! The equilibrium (R14 applied to placements too): exact max-n within the node
//! budget; beyond it, max-n over as many next placements as the budget allows
//! with greedy placements (R15) after them; and when not even two placements
//! fit, or exact greedy is out of reach, the greedy model itself.

use super::{Answer, MethodChoice, Progress, Request, by_model, rolls_before_last_round};
use crate::engine::cache::Cache;
use crate::engine::future::{self, Planner};
use crate::engine::risk::Chooser;
use crate::report::{Approximation, Future, GreedyWhy, How, Method, Reason};
use crate::rules::{Phase, State};

pub(super) fn analyse<A: Answer>(
    cache: &mut Cache,
    s: &State,
    request: &Request,
    progress: Progress,
) -> A {
    let max = request.max_nodes;
    let rolls = rolls_before_last_round(s);
    let how = |reason, approximation| How {
        method: Method::Exact,
        reason,
        future: Future::Equilibrium,
        shares_counted: request.valuation.count_shares,
        approximation,
        sampling: None,
        lambda: None,
    };
    let why = if rolls <= 1 || request.method == MethodChoice::Exact {
        let mut planner = Planner::new(Future::Equilibrium, request.valuation);
        match deepen::<A>(s, &mut planner, max, rolls == 0) {
            Deepened::Exact(mut raw, nodes) => {
                if request.risk {
                    planner.budget(u64::MAX);
                    A::add_risk(&mut raw, s, Chooser::Planner(&mut planner), future::ALL);
                }
                let reason = Reason::Equilibrium {
                    nodes,
                    max_nodes: max,
                };
                return A::finish(s, raw, how(reason, None));
            }
            Deepened::Horizon(depth, mut raw, nodes) => {
                if request.risk {
                    planner.budget(u64::MAX);
                    A::add_risk(&mut raw, s, Chooser::Planner(&mut planner), depth);
                }
                let reason = Reason::Horizon {
                    depth,
                    nodes,
                    max_nodes: max,
                };
                // A pass is a placement decision too; a boarding decision is not
                // one, and the horizon then starts after it.
                let approximation = Approximation::Horizon {
                    depth,
                    includes_decision: matches!(s.phase, Phase::Placement { .. }),
                    max_nodes: max,
                };
                return A::finish(s, raw, how(reason, Some(approximation)));
            }
            Deepened::Nothing => GreedyWhy::Budget { max_nodes: max },
        }
    } else {
        GreedyWhy::Rolls { rolls }
    };
    // Exact greedy over two rolls would not finish in reasonable time either.
    let method = match request.method {
        MethodChoice::Exact if rolls > 1 => MethodChoice::Auto,
        other => other,
    };
    let greedy = Request {
        future: Future::Greedy,
        method,
        ..request.clone()
    };
    by_model(cache, s, &greedy, progress, Some(why))
}

/// How far the max-n search got within its budget.
enum Deepened<T> {
    /// Every placement by max-n; with the nodes of the last search.
    Exact(T, u64),
    /// Max-n over the next `k` placements only.
    Horizon(u16, T, u64),
    Nothing,
}

/// Deepens the max-n horizon one placement at a time (memoised subtrees carry
/// over from one depth to the next) until the budget runs out; a horizon as long
/// as every placement left is the exact equilibrium. With no die before the last
/// placement the whole search is tried first: it is small then.
fn deepen<A: Answer>(
    s: &State,
    planner: &mut Planner,
    max: u64,
    whole_first: bool,
) -> Deepened<A::Raw> {
    let all = future::placements_left(s).max(1);
    let mut last = all;
    if all == 1 || whole_first {
        planner.budget(max);
        if let Ok(t) = A::planned(s, planner, future::ALL) {
            return Deepened::Exact(t, planner.nodes());
        }
        // The whole tree does not fit: no need to try it again below.
        last = all - 1;
    }
    let mut found = Deepened::Nothing;
    for k in 2..=last {
        planner.budget(max);
        let left = if k == all { future::ALL } else { k };
        match A::planned(s, planner, left) {
            Ok(t) if k == all => return Deepened::Exact(t, planner.nodes()),
            Ok(t) => found = Deepened::Horizon(k, t, planner.nodes()),
            Err(_) => break,
        }
    }
    found
}
