//! How a result was computed, in words: the reason a method ran and how a model
//! was approximated, as the table's method line and the JSON's `method_reason`
//! and `approximation` say them. The words name the flags that change them.

use crate::report::{Approximation, GreedyWhy, How, Lambda, Method, Reason};

/// Why the method ran, in one line.
pub fn reason(how: &How) -> String {
    reason_words(&how.reason, how.method)
}

fn reason_words(reason: &Reason, method: Method) -> String {
    let exact = method == Method::Exact;
    match reason {
        Reason::Asked if exact => "exact, as asked (--method exact)".into(),
        Reason::Asked => "Monte Carlo, as asked (--method mc)".into(),
        Reason::Steps { steps, budget } if exact => {
            format!(
                "auto: exact, the enumeration takes about {steps:.1e} steps (budget {budget:.0e})"
            )
        }
        Reason::Steps { steps, budget } => format!(
            "auto: Monte Carlo, the enumeration would take about {steps:.1e} steps (budget {budget:.0e})"
        ),
        Reason::Rolls { rolls, most: 1 } if exact => {
            format!("auto: exact, at most one roll before the last placement round ({rolls})")
        }
        Reason::Rolls { rolls, most: 1 } => format!(
            "auto: Monte Carlo, {rolls} rolls before the last placement round (exact needs at most 1)"
        ),
        Reason::Rolls { rolls, most } if exact => {
            format!("auto: exact, at most {most} rolls before the last placement round ({rolls})")
        }
        Reason::Rolls { rolls, most } => format!(
            "auto: Monte Carlo, {rolls} rolls before the last placement round (exact needs at most {most})"
        ),
        Reason::Equilibrium { nodes, max_nodes } => {
            format!("exact equilibrium (max-n), {nodes} nodes (--max-nodes {max_nodes})")
        }
        Reason::Horizon {
            depth,
            nodes,
            max_nodes,
        } => format!(
            "equilibrium approximated: max-n over {depth} placement decisions took {nodes} nodes; over {} it exceeded --max-nodes {max_nodes}",
            depth + 1
        ),
        Reason::ByGreedy(inner) => format!(
            "equilibrium approximated by greedy; {}",
            reason_words(inner, method)
        ),
        Reason::PerLayout => "exact enumeration per layout".into(),
        Reason::CommonDice { rolls } => format!(
            "Monte Carlo with common dice across layouts: {rolls} rolls come before the last placement round"
        ),
    }
}

/// How the future model was approximated, when it was.
pub fn approximation(how: &How) -> Option<String> {
    how.approximation.as_ref().map(approximation_words)
}

fn approximation_words(a: &Approximation) -> String {
    match a {
        Approximation::Horizon {
            depth,
            includes_decision,
            max_nodes,
        } => {
            let whose = if *includes_decision {
                "this one included"
            } else {
                "after this decision"
            };
            format!(
                "max-n over the next {depth} placement decisions ({whose}), greedy (R15) for every later one; max-n over {} exceeded --max-nodes {max_nodes}",
                depth + 1
            )
        }
        Approximation::Greedy(why) => {
            let tried = match why {
                GreedyWhy::Budget { max_nodes } => {
                    format!("max-n over 2 placement decisions exceeded --max-nodes {max_nodes}")
                }
                GreedyWhy::Rolls { rolls } => format!(
                    "{rolls} rolls come before the last placement round, too many for an exact search"
                ),
            };
            format!(
                "the greedy model (max-n over this decision only, greedy (R15) for every later placement): {tried}"
            )
        }
        Approximation::LayoutsGreedy { rolls } => format!(
            "the greedy model (max-n over no placement): {rolls} rolls come before the last placement round, too many for an exact search"
        ),
    }
}

/// The quantal model's rationality and what it rests on, in words.
pub fn lambda(l: &Lambda) -> String {
    match (l.interval, l.decisions) {
        (None, _) => format!("lambda {} (given)", short(l.value)),
        (Some(_), 0) => format!("lambda {} (the prior)", short(l.value)),
        (Some((lo, hi)), n) => format!(
            "lambda {} (95% {} to {}, fitted to {n} decision{})",
            short(l.value),
            short(lo),
            short(hi),
            if n == 1 { "" } else { "s" }
        ),
    }
}

/// A rationality with two significant digits or so.
fn short(x: f64) -> String {
    if x >= 10.0 {
        format!("{x:.0}")
    } else if x >= 1.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}
