//! How a result was computed, in words: the reason a method ran and how a model
//! was approximated, as the table's method line and the JSON's `method_reason`
//! and `approximation` say them. The words name the flags that change them.

use crate::report::{
    Approximation, AutoChoice, Future, GreedyWhy, How, Lambda, Limit, Method, Reason,
};

/// Why the method ran, in one line.
pub fn reason(how: &How) -> String {
    reason_words(&how.reason, how.method)
}

fn reason_words(reason: &Reason, method: Method) -> String {
    let exact = method == Method::Exact;
    match reason {
        Reason::Asked if exact => "exact, as asked (--method exact)".into(),
        Reason::WithinRound => {
            "auto: exact, the round model's placements end before the next roll".into()
        }
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
            "auto: Monte Carlo, {} before the last placement round (exact needs at most 1)",
            rolls_words(*rolls)
        ),
        Reason::Rolls { rolls, most } if exact => {
            format!("auto: exact, at most {most} rolls before the last placement round ({rolls})")
        }
        Reason::Rolls { rolls, most } => format!(
            "auto: Monte Carlo, {} before the last placement round (exact needs at most {most})",
            rolls_words(*rolls)
        ),
        Reason::Equilibrium { nodes, max_nodes } => {
            format!("exact equilibrium (max-n), {nodes} nodes (--max-nodes {max_nodes})")
        }
        Reason::Rounds { nodes, max_nodes } => format!(
            "equilibrium searched round by round: {nodes} nodes in the deepest search that finished (--max-nodes {max_nodes})"
        ),
        Reason::Horizon {
            depth,
            nodes,
            max_nodes,
        } => format!(
            "equilibrium approximated: max-n over {depth} placement decisions took {nodes} nodes (--max-nodes {max_nodes}); over {} it did not fit",
            depth + 1
        ),
        Reason::ByGreedy(inner) => format!(
            "equilibrium approximated by greedy; {}",
            reason_words(inner, method)
        ),
        // The model's words say why it is exact, unless the user chose the method.
        Reason::Auto { choice, inner } => match **inner {
            Reason::Asked | Reason::Paranoid { .. } => {
                format!("{}; {}", auto_words(choice), reason_words(inner, method))
            }
            _ => format!("{}; exact", auto_words(choice)),
        },
        Reason::Paranoid {
            depth,
            turns,
            leaves,
        } => paranoid_words(*depth, *turns, *leaves),
        Reason::PerLayout => "exact enumeration per layout".into(),
        Reason::CommonDice { rolls } => format!(
            "Monte Carlo with common dice across layouts: {} before the last placement round",
            rolls_words(*rolls)
        ),
    }
}

/// How far the paranoid model searched: `depth` of the `turns` placements
/// before the next roll, about `leaves` positions at its end.
fn paranoid_words(depth: u16, turns: u16, leaves: f64) -> String {
    if turns == 0 {
        return "exact: no placement comes before the next roll, so the paranoid model is none here"
            .into();
    }
    let at_end = format!("about {} at its end", positions(leaves));
    if depth >= turns {
        format!(
            "exact paranoid search of {} before the next roll ({at_end})",
            placements(turns)
        )
    } else {
        format!(
            "paranoid search of {depth} of the {turns} placements before the next roll ({at_end})"
        )
    }
}

/// `n` rolls, in words: "1 roll", "2 rolls".
fn rolls_words(n: u8) -> String {
    match n {
        1 => "1 roll".into(),
        n => format!("{n} rolls"),
    }
}

/// `n` placements, in words: "the one placement", "the 4 placements".
fn placements(n: u16) -> String {
    match n {
        1 => "the one placement".into(),
        n => format!("the {n} placements"),
    }
}

/// An estimated number of positions: whole below a million, with its
/// thousands marked ("24,024 positions"), else in powers of ten.
fn positions(n: f64) -> String {
    if n >= 1e6 {
        return format!("{n:.1e} positions");
    }
    let digits = format!("{n:.0}");
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    let s = if out == "1" { "" } else { "s" };
    format!("{out} position{s}")
}

/// Which model `auto` ran, and why, in the rolls to come before the last
/// placement round (the engine chose; these are only its words).
fn auto_words(choice: &AutoChoice) -> String {
    let AutoChoice {
        model,
        rolls,
        placing,
    } = *choice;
    match model {
        // No roll is left to count: the model only takes the later choices.
        Future::Greedy if !placing => {
            "future auto: greedy (nobody places again: each choice still to come is its owner's best)".into()
        }
        Future::Greedy => format!(
            "future auto: greedy (exact within one roll of the last placement round; {} to come before it)",
            rolls_words(rolls)
        ),
        Future::Paranoid => format!(
            "future auto: paranoid: the others place against the player to move until the roll, nobody after it, so what an option earns through later placements (a pilot's above all) is left out ({} before the last placement round, where greedy takes seconds: --future greedy)",
            rolls_words(rolls)
        ),
        _ => format!(
            "future auto: {} ({} before the last placement round, where greedy takes seconds: --future greedy)",
            model.name(),
            rolls_words(rolls)
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
            limit,
        } => {
            let whose = whose(*includes_decision);
            format!(
                "max-n over the next {depth} placement decisions ({whose}), greedy (R15) for every later one; max-n over {} {}",
                depth + 1,
                limit_words(*limit)
            )
        }
        Approximation::Greedy(why) => {
            let tried = match why {
                GreedyWhy::Budget { limit } => {
                    format!("max-n over 2 placement decisions {}", limit_words(*limit))
                }
            };
            format!(
                "the greedy model (max-n over this decision only, greedy (R15) for every later placement): {tried}"
            )
        }
        Approximation::Rounds {
            from_rolls,
            through_rolls,
            last_rolls,
            samples,
            seed,
            limit,
        } => rounds_words(
            *from_rolls,
            *through_rolls,
            *last_rolls,
            *samples,
            *seed,
            *limit,
        ),
        Approximation::RoundHorizon {
            depth,
            includes_decision,
            through_rolls,
            limit,
        } => {
            let whose = whose(*includes_decision);
            format!(
                "max-n over the next {depth} placement decisions ({whose}), greedy (R15) for the rest until roll {}, nobody placing after it; max-n over {} {}",
                through_rolls + 1,
                depth + 1,
                limit_words(*limit)
            )
        }
        Approximation::Round {
            through_rolls,
            limit,
        } => format!(
            "the round model (each placement greedy, R15, until roll {}, nobody placing after it): max-n over 2 placement decisions {}",
            through_rolls + 1,
            limit_words(*limit)
        ),
        Approximation::Paranoid {
            depth,
            turns,
            limit,
        } => format!(
            "the paranoid model over the next {depth} of the {turns} placements before the roll, nobody placing after them; over {} {}",
            depth + 1,
            limit_words(*limit)
        ),
        Approximation::LayoutsGreedy { rolls } => format!(
            "the greedy model (max-n over no placement): {} before the last placement round, too many for an exact search",
            rolls_words(*rolls)
        ),
    }
}

/// Whether the decisions of a horizon count the decider's own.
fn whose(includes_decision: bool) -> &'static str {
    if includes_decision {
        "this one included"
    } else {
        "after this decision"
    }
}

/// What a round-by-round equilibrium search covered, in words.
fn rounds_words(
    from: u8,
    through: u8,
    last: u8,
    samples: usize,
    seed: u64,
    limit: Limit,
) -> String {
    let placements = if through >= last {
        "max-n over every placement".to_string()
    } else {
        format!(
            "max-n over every placement until roll {}, nobody placing after it",
            through + 1
        )
    };
    let rolls: Vec<String> = (from + 1..=through).map(|r| r.to_string()).collect();
    let dice = match (rolls.len(), samples >= 216) {
        (0, _) => String::new(),
        (1, true) => format!("; roll {} summed over all 216 outcomes", rolls[0]),
        (_, true) => format!(
            "; rolls {} each summed over all 216 outcomes",
            rolls.join(" and ")
        ),
        (1, false) => format!(
            "; roll {} summed over {samples} of its 216 outcomes (the same at every chance node, seed {seed})",
            rolls[0]
        ),
        (_, false) => format!(
            "; rolls {} each summed over {samples} of their 216 outcomes (the same at every chance node, seed {seed})",
            rolls.join(" and ")
        ),
    };
    format!("{placements}{dice}; a longer search {}", limit_words(limit))
}

/// What stopped a longer search, in the words of its flag.
fn limit_words(limit: Limit) -> String {
    match limit {
        Limit::Nodes(n) => format!("exceeded --max-nodes {n}"),
        Limit::Estimate(n) => format!("would exceed --max-nodes {n} (estimated)"),
        Limit::Seconds(s) => format!("did not finish within the time limit, {s} s (--time-limit)"),
        Limit::Leaves { max, cost: 1.0 } => format!("would exceed --max-leaves {max} (estimated)"),
        Limit::Leaves { max, cost } => format!(
            "would exceed --max-leaves {max} (estimated; each position counts {cost} times, \
             for the pirates aboard and pilots held)"
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

/// A rationality with two significant digits (whole from 10 up): a fit
/// below 0.1 keeps its second digit (0.055, not 0.05).
fn short(x: f64) -> String {
    if !(x.is_finite() && x > 0.0) {
        return format!("{x}");
    }
    // A lambda given below a thousandth: its digits, not a row of zeros.
    if x < 1e-3 {
        return format!("{x:.1e}");
    }
    let decimals = |x: f64| (1 - x.log10().floor() as i32).clamp(0, 9) as usize;
    // Rounding may carry into a new digit (9.96 is 10.0): count it then.
    let rounded: f64 = format!("{x:.d$}", d = decimals(x)).parse().unwrap_or(x);
    format!("{x:.d$}", d = decimals(rounded))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rationality_keeps_two_significant_digits() {
        let shown: Vec<String> = [0.0546, 0.5, 0.099, 1.34, 9.96, 10.47, 123.4, 0.0, 1.5e-9]
            .into_iter()
            .map(short)
            .collect();
        assert_eq!(
            shown,
            [
                "0.055", "0.50", "0.099", "1.3", "10", "10", "123", "0", "1.5e-9"
            ]
        );
    }

    #[test]
    fn rolls_are_counted_in_words() {
        let one = Reason::Rolls { rolls: 1, most: 0 };
        let words = reason_words(&one, Method::MonteCarlo);
        assert!(words.contains("Monte Carlo, 1 roll before"), "{words}");
        let two = Reason::Rolls { rolls: 2, most: 1 };
        let words = reason_words(&two, Method::MonteCarlo);
        assert!(words.contains("Monte Carlo, 2 rolls before"), "{words}");
    }

    /// R15: the paranoid model counts no placement after the roll, so the
    /// method line warns that options paying through later ones look low.
    #[test]
    fn auto_paranoid_says_later_placements_are_left_out() {
        let choice = AutoChoice {
            model: Future::Paranoid,
            rolls: 2,
            placing: true,
        };
        let words = auto_words(&choice);
        assert!(words.contains("nobody after it"), "{words}");
        assert!(words.contains("later placements (a pilot's above all) is left out"));
    }
}
