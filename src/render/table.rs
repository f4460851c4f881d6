//! Tables for a person at the table (comfy-table).

use super::{Render, how};
use crate::Position;
use crate::parse::layout;
use crate::report::{
    Advice, Bids, Comparison, DecisionTimes, Future, How, LayoutValue, Match, Odds, ShipOdds, Then,
};
use crate::rules::{Action, Phase};
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{CellAlignment, Table};

pub struct TableRender;

fn table(header: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED);
    t.set_header(header.to_vec());
    for k in 1..header.len() {
        if let Some(col) = t.column_mut(k) {
            col.set_cell_alignment(CellAlignment::Right);
        }
    }
    t
}

fn percent(p: f64) -> String {
    pct(100.0 * p)
}

/// A percentage already scaled to 0..100.
fn pct(x: f64) -> String {
    let x = if x.abs() < 5e-8 { 0.0 } else { x };
    format!("{x:.1}%")
}

fn money(x: f64) -> String {
    let x = if x.abs() < 5e-10 { 0.0 } else { x };
    format!("{x:.2}")
}

fn signed(x: f64) -> String {
    let x = if x.abs() < 5e-10 { 0.0 } else { x };
    format!("{x:+.2}")
}

/// "placement, round 2 after roll 1": where the voyage stands.
pub fn situation(position: &Position) -> String {
    let s = position.state();
    let rolls = match s.rolls_done {
        0 => "before roll 1".to_string(),
        r => format!("after roll {r}"),
    };
    match s.phase {
        Phase::Placement { .. } => format!("placement round {}, {rolls}", s.round),
        phase => format!("{}, {rolls}", phase.name().replace('_', " ")),
    }
}

fn ships_table(position: &Position, ships: &[ShipOdds]) -> Table {
    let mut t = table(&["ship", "at", "harbour", "shipyard", "plundered"]);
    for (odds, ship) in ships.iter().zip(&position.state().ships) {
        let at = match ship.at_sea() {
            Some(x) => format!("space {x}"),
            None => "docked".to_string(),
        };
        let (se_h, se_p) = odds.stderr.unzip();
        t.add_row(vec![
            odds.cargo.name().to_string(),
            at,
            with_interval(odds.p_harbour * 100.0, se_h.map(|e| e * 100.0), pct),
            with_interval(odds.p_shipyard * 100.0, se_h.map(|e| e * 100.0), pct),
            with_interval(odds.p_plundered * 100.0, se_p.map(|e| e * 100.0), pct),
        ]);
    }
    t
}

/// The lines that say how the figures were computed: the method, and the
/// approximation when there was one.
fn method_lines(how: &How) -> String {
    let mut line = format!("Method: {}; future {}", how::reason(how), how.future.name());
    if let Some(l) = &how.lambda {
        line += &format!(" ({})", how::lambda(l));
    }
    if how.shares_counted {
        line += "; shares counted";
    }
    if let Some(s) = &how.sampling {
        line += &format!(
            "; {} play-outs, seed {}, stopped by {}",
            s.samples,
            s.seed,
            s.stop.replace('_', " ")
        );
        if s.stop == "time_limit" {
            line += " (a run cut short by time is not repeated exactly by its seed)";
        }
    }
    line += "\n";
    if let Some(a) = how::approximation(how) {
        line += &format!("Approximation: {a}\n");
    }
    line
}

/// `12.34 ± 0.56`: a value with its 95% interval when sampled.
fn with_interval(x: f64, stderr: Option<f64>, show: fn(f64) -> String) -> String {
    match stderr {
        Some(se) => format!("{} ± {:.2}", show(x), 1.96 * se),
        None => show(x),
    }
}

/// "then blue: pilot:large", or "then the dice": what the model expects next.
fn then_text(position: &Position, then: Option<Then>) -> String {
    match then {
        Some(Then::Decision(p, a)) => format!("then {}: {a}", position.name(p)),
        Some(Then::Roll) => "then the dice".to_string(),
        None => String::new(),
    }
}

impl Render for TableRender {
    fn advice(&self, position: &Position, advice: &Advice) -> String {
        let who = position.name(advice.decider);
        let mut out = format!("{who} to decide: {}\n", situation(position));
        out += &method_lines(&advice.how);
        let sampled = advice.how.sampling.is_some();
        let reference = match advice.reference {
            Action::Plunder(_) => "first".to_string(),
            other => other.to_string(),
        };
        let versus = format!("vs {reference}");
        let mut header = vec!["#", "action", "cost", "P(paid)", "EV", versus.as_str()];
        if sampled {
            header.push("P(best)");
        }
        let expecting = advice.how.future != Future::None;
        if expecting {
            header.push("expected next");
        }
        let mut t = table(&header);
        for (k, o) in advice.options.iter().enumerate() {
            let mut row = vec![
                (k + 1).to_string(),
                o.action.to_string(),
                o.cost.to_string(),
                o.p_paid.map(percent).unwrap_or_default(),
                with_interval(o.ev, o.stderr, money),
                with_interval(o.gain_vs_pass, o.gain_stderr, signed),
            ];
            if let Some(p) = o.p_best {
                row.push(percent(p));
            }
            if expecting {
                row.push(then_text(position, o.then));
            }
            t.add_row(row);
        }
        for k in [1, header.len() - 1] {
            if let Some(col) = t.column_mut(k).filter(|_| k == 1 || expecting) {
                col.set_cell_alignment(CellAlignment::Left);
            }
        }
        out += &format!("{t}\nShips, if {who} takes the best option:\n");
        out += &format!("{}\n", ships_table(position, &advice.ships));
        if advice.best_by_model.len() > 1 {
            out += &by_model_line(&advice.best_by_model);
        }
        if let Some(best) = advice.best() {
            out += &format!(
                "Recommendation: {who} should take {} (EV {}, {} vs {}).\n",
                best.action,
                money(best.ev),
                signed(best.gain_vs_pass),
                reference,
            );
        }
        out
    }

    fn odds(&self, position: &Position, odds: &Odds) -> String {
        let model = match odds.how.future {
            Future::None => "if nobody places another worker".to_string(),
            other => format!("if every later placement is {}", other.name()),
        };
        let mut out = format!("Odds {model}: {}\n", situation(position));
        out += &method_lines(&odds.how);
        out += &format!("{}\n", ships_table(position, &odds.ships));
        let mut t = table(&["player", "value"]);
        for (p, v) in odds.players.iter().enumerate() {
            let se = odds.players_stderr.as_ref().map(|e| e[p]);
            t.add_row(vec![
                position.name(p as u8).to_string(),
                with_interval(*v, se, money),
            ]);
        }
        out += &format!("{t}\n");
        out
    }

    fn arena(&self, m: &Match) -> String {
        arena_text(m)
    }

    fn bids(&self, start: &Position, b: &Bids) -> String {
        bids_text(start, b)
    }

    fn layouts(&self, position: &Position, c: &Comparison, top: usize) -> String {
        let hm = position.name(c.harbour_master);
        let shown = top.min(c.layouts.len());
        let mut out = format!(
            "Layouts for harbour master {hm}: {shown} of {} shown, best first\n",
            c.layouts.len()
        );
        out += &method_lines(&c.how);
        let names: Vec<&str> = (0..position.state().players)
            .map(|p| position.name(p))
            .collect();
        let mut header = vec!["#", "layout", "ashore"];
        if c.buy {
            header.push("buy");
        }
        let sampled = c.how.sampling.is_some();
        header.push("value");
        if sampled {
            header.push("P(best)");
        }
        header.push("docks");
        header.extend(names.iter().copied());
        let mut t = table(&header);
        for (k, l) in c.layouts.iter().take(top).enumerate() {
            t.add_row(layout_row(k, l, c.buy, sampled));
        }
        for k in [1, 2] {
            if let Some(col) = t.column_mut(k) {
                col.set_cell_alignment(CellAlignment::Left);
            }
        }
        out += &format!("{t}\n");
        if let Some(best) = c.layouts.first() {
            let buy = match (c.buy, best.purchase) {
                (true, Some((cargo, cost))) => {
                    format!(", buying a {} share for {cost}", cargo.name())
                }
                (true, None) => ", buying no share".to_string(),
                _ => String::new(),
            };
            out += &format!(
                "Best: {} ({} ashore){buy}, worth {} to {hm}.\n",
                layout::name(best.layout),
                best.ashore.name(),
                money(best.value)
            );
        }
        out
    }
}

/// One layout's row: rank, layout, ashore, purchase, value, P(best), docking
/// odds and every player's value.
fn layout_row(k: usize, l: &LayoutValue, buy: bool, sampled: bool) -> Vec<String> {
    let mut row = vec![
        (k + 1).to_string(),
        layout::name(l.layout),
        l.ashore.name().to_string(),
    ];
    if buy {
        row.push(l.purchase.map_or("nothing".to_string(), |(cargo, cost)| {
            format!("{} ({cost})", cargo.name())
        }));
    }
    row.push(with_interval(l.value, l.stderr, money));
    if sampled {
        row.push(l.p_best.map(percent).unwrap_or_default());
    }
    let docks: Vec<String> = l
        .ships
        .iter()
        .map(|s| {
            format!(
                "{} {}",
                &s.cargo.name()[..1].to_uppercase(),
                percent(s.p_harbour)
            )
        })
        .collect();
    row.push(docks.join(" "));
    for (p, v) in l.players.iter().enumerate() {
        let se = l.players_stderr.as_ref().map(|e| e[p]);
        row.push(with_interval(*v, se, money));
    }
    row
}

/// A match in words: the mean difference with its 95% interval, the mean
/// profits behind it, and the decision times.
fn arena_text(m: &Match) -> String {
    let s = &m.summary;
    let mut out = format!(
        "Arena: {} against {}, {} players, {} deals, seed {}, {} layouts\n",
        m.candidate,
        m.baseline,
        m.seats.len(),
        m.deals.len(),
        m.seed,
        m.layout
    );
    out += &match (s.stderr, s.ci95) {
        (Some(se), Some((lo, hi))) => format!(
            "Mean difference per voyage: {} (standard error {}; 95% interval {} to {})\n",
            signed(s.mean_diff),
            money(se),
            signed(lo),
            signed(hi)
        ),
        _ => format!(
            "Mean difference per voyage: {} (one deal: no error bars)\n",
            signed(s.mean_diff)
        ),
    };
    if let Some(l) = &m.candidate_lambda {
        out += &format!("{}: {}\n", m.candidate, how::lambda(l));
    }
    out += &format!(
        "Mean profit in a seat: {} {}, {} (everywhere) {}\n",
        m.candidate,
        money(s.candidate_mean),
        m.baseline,
        money(s.baseline_mean)
    );
    out += "Decision times:\n";
    for (name, t) in [
        (&m.candidate, &m.candidate_times),
        (&m.baseline, &m.baseline_times),
    ] {
        out += &format!("  {}\n", times_line(name, t));
    }
    out
}

fn times_line(name: &str, t: &DecisionTimes) -> String {
    format!(
        "{name}: median {}, max {} ({} decisions)",
        duration(t.median),
        duration(t.max),
        t.decisions
    )
}

/// Seconds as ms below one second.
fn duration(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}

/// "Best under none: ship:jade; greedy and equilibrium: pirate": whether the
/// answer depends on what the others do.
fn by_model_line(best: &[(Future, Action)]) -> String {
    let mut groups: Vec<(Action, Vec<&str>)> = Vec::new();
    for &(model, action) in best {
        match groups.iter_mut().find(|(a, _)| *a == action) {
            Some((_, models)) => models.push(model.name()),
            None => groups.push((action, vec![model.name()])),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(action, models)| {
            let names = match models.split_last() {
                Some((last, [])) => last.to_string(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => String::new(),
            };
            format!("{names}: {action}")
        })
        .collect();
    format!("Best under {}\n", parts.join("; "))
}

/// The auction: per player, the value as harbour master, under each other
/// player, and the bid limits; then the layout each harbour master chooses.
fn bids_text(start: &Position, b: &Bids) -> String {
    let n = b.rows.len();
    let names: Vec<&str> = (0..n).map(|p| start.name(p as u8)).collect();
    let mut out = "The harbour master's worth at the auction (R16): bid limits\n".to_string();
    out += &method_lines(&b.how);
    let mut header = vec!["player", "as HM"];
    let against: Vec<String> = names.iter().map(|q| format!("vs {q}")).collect();
    header.extend(against.iter().map(String::as_str));
    header.push("mean");
    let mut t = table(&header);
    for (p, r) in b.rows.iter().enumerate() {
        let mut row = vec![names[p].to_string(), money(r.as_harbour_master)];
        row.extend(r.limit.iter().map(|l| l.map_or("-".to_string(), money)));
        row.push(money(r.limit_mean));
        t.add_row(row);
    }
    if let Some(col) = t.column_mut(0) {
        col.set_cell_alignment(CellAlignment::Left);
    }
    out += &format!("{t}\n");
    out += "vs Q: the bid limit against Q, the player's value as harbour master (as HM)\n";
    out += "less their value when Q is harbour master; mean: over the others.\n";
    for (q, l) in b.chosen.iter().enumerate() {
        let buy = match (b.buy, l.purchase) {
            (true, Some((cargo, cost))) => format!(", buying a {} share for {cost}", cargo.name()),
            (true, None) => ", buying no share".to_string(),
            _ => String::new(),
        };
        out += &format!(
            "{} as harbour master loads {}{buy}.\n",
            names[q],
            layout::name(l.layout)
        );
    }
    out
}
