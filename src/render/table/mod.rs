//! Tables for a person at the table (comfy-table).

mod arena;
mod bids;
mod columns;

use arena::arena_text;
use bids::bids_text;
use columns::{Column, dropped_note, fitted, fitted_as, is_compact};

use super::wrap::{widest, wrap, wrap_clauses};
use super::{Fit, Render, and_list, how};
use crate::Position;
use crate::parse::layout;
use crate::report::{
    Advice, Bids, Comparison, Future, How, LayoutValue, Match, Odds, QUANTILES, ShipOdds, Then,
    Verdict,
};
use crate::rules::{Action, Phase};

/// Tables for a person, fitted to the width of the output.
pub struct TableRender {
    pub fit: Fit,
}

fn percent(p: f64) -> String {
    pct(100.0 * p)
}

/// A percentage already scaled to 0..100.
fn pct(x: f64) -> String {
    let x = if x.abs() < 5e-8 { 0.0 } else { x };
    format!("{x:.1}%")
}

/// A probability in whole percent, halves rounded up: the same probability
/// summed in another order (0.375 or 0.37499999999) reads the same.
fn whole_percent(p: f64) -> String {
    let x = (100.0 * p * 1e6).round() / 1e6;
    format!("{:.0}", x.round())
}

fn money(x: f64) -> String {
    let x = if x.abs() < 5e-10 { 0.0 } else { x };
    format!("{x:.2}")
}

fn signed(x: f64) -> String {
    let x = if x.abs() < 5e-10 { 0.0 } else { x };
    format!("{x:+.2}")
}

/// "placement round 2, after roll 1", "roll 2 due": where the voyage stands.
pub fn situation(position: &Position) -> String {
    let s = position.state();
    let rolls = match s.rolls_done {
        0 => "before roll 1".to_string(),
        r => format!("after roll {r}"),
    };
    match s.phase {
        Phase::Placement { .. } => format!("placement round {}, {rolls}", s.round),
        Phase::Roll => format!("roll {} due", s.rolls_done + 1),
        phase => format!("{}, {rolls}", phase.name().replace('_', " ")),
    }
}

fn ships_table(
    position: &Position,
    ships: &[ShipOdds],
    how: &How,
    width: usize,
    compact: bool,
) -> String {
    let mut ship = Column::new("ship", true);
    let mut at = Column::new("at", false);
    let mut harbour = Column::new("harbour", false);
    let mut shipyard = Column::new("shipyard", false).droppable(1);
    let mut plundered = Column::new("plundered", false);
    let mut lopsided = false;
    let intervals = super::ship_intervals(position, ships, how);
    for ((odds, s), intervals) in ships.iter().zip(&position.state().ships).zip(intervals) {
        ship.push_same(odds.cargo.name().to_string());
        match s.at_sea() {
            Some(x) => at.push(format!("space {x}"), x.to_string()),
            None => at.push("docked".to_string(), "docked".to_string()),
        }
        let mut cell = |col: &mut Column, p: f64, interval: Option<(f64, f64)>| {
            let (full, short, was_lopsided) = probability_interval(p, interval);
            lopsided |= was_lopsided;
            col.push(full, short)
        };
        let [harbour_in, plundered_in] = intervals.map_or([None; 2], |i| i.map(Some));
        cell(&mut harbour, odds.p_harbour, harbour_in);
        let shipyard_in = harbour_in.map(|(lo, hi)| (1.0 - hi, 1.0 - lo));
        cell(&mut shipyard, odds.p_shipyard, shipyard_in);
        cell(&mut plundered, odds.p_plundered, plundered_in);
    }
    let (table, dropped) = fitted_as(&[ship, at, harbour, shipyard, plundered], width, compact);
    let note = match lopsided {
        true => lopsided_note("Ships", width),
        false => String::new(),
    };
    format!("{table}\n{note}{}", dropped_note(&dropped, width))
}

/// Under a table whose `what` (ships, `P(paid)`) shows an interval as its
/// ends.
fn lopsided_note(what: &str, width: usize) -> String {
    let note = format!(
        "{what}: ± is in percentage points; (a–b) is a 95% interval near 0% or 100%, \
         given by its ends.\n"
    );
    wrap(&note, width)
}

/// The advice table's column of the chance that the worker placed is paid.
const PAID: &str = "P(paid)";

/// Whether some option of the first `top` shows its `P(paid)` interval by
/// its ends.
fn paid_lopsided(advice: &Advice, top: usize) -> bool {
    advice.options.iter().take(top).any(|o| {
        o.p_paid
            .is_some_and(|p| probability_interval(p, super::paid_interval(o, &advice.how)).2)
    })
}

/// A probability with its 95% interval ([`How::probability_interval`]) in
/// percentage points: `62.6% ± 0.33`, and compact `62.6%±0.33`, the larger
/// side either way. Where that would pass 0% or 100% the interval is
/// lopsided, and shown as its ends, `100.0% (52.7–100)`. The flag says so.
fn probability_interval(p: f64, interval: Option<(f64, f64)>) -> (String, String, bool) {
    let x = 100.0 * p;
    let Some((lo, hi)) = interval.map(|(lo, hi)| (100.0 * lo, 100.0 * hi)) else {
        return (pct(x), pct(x), false);
    };
    let half = (x - lo).max(hi - x).max(0.0);
    // Past an end by less than the last digit shown is not past it.
    if x - half > -0.005 && x + half < 100.005 {
        let full = format!("{} ± {half:.2}", pct(x));
        return (full, format!("{}±{half:.2}", pct(x)), false);
    }
    // An end that rounds to 0.0 or 100.0 reads as the bound itself.
    let end = |e: f64| match format!("{:.1}", e.clamp(0.0, 100.0)) {
        e if e == "0.0" => "0".to_string(),
        e if e == "100.0" => "100".to_string(),
        e => e,
    };
    let range = format!("{}–{}", end(lo), end(hi));
    let full = format!("{} ({range})", pct(x));
    let short = format!("{}({range})", pct(x));
    (full, short, true)
}

/// The lines that say how the figures were computed: the method, and the
/// approximation when there was one, wrapped to `width`.
fn method_lines(how: &How, width: usize) -> String {
    let mut clauses = vec![
        format!("Method: {}", how::reason(how)),
        match &how.lambda {
            Some(l) => format!("future {} ({})", how.future.name(), how::lambda(l)),
            None => format!("future {}", how.future.name()),
        },
    ];
    if how.shares_counted {
        clauses.push("shares counted".into());
    }
    if let Some(dof) = how.dof {
        clauses.push(format!(
            "estimates: ± is a 95% interval (Student's t, {dof} degrees of freedom)"
        ));
    }
    if let Some(s) = &how.sampling {
        let mut run = format!(
            "{} play-outs, seed {}, stopped by {}",
            s.samples,
            s.seed,
            stop_words(s.stop)
        );
        if s.stop == "time_limit" {
            run += " (a run cut short by time is not repeated exactly by its seed)";
        }
        clauses.push(run);
    }
    let mut out = wrap_clauses(&clauses, "; ", width) + "\n";
    if let Some(a) = how::approximation(how) {
        out += &wrap(&format!("Approximation: {a}\n"), width);
    }
    out
}

/// Why sampling stopped, from the JSON's `stop` name, in words.
fn stop_words(stop: &str) -> String {
    match stop {
        "p_best" => "P(best)".into(),
        "target_stderr" => "the target standard error".into(),
        "tie" => "a tie".into(),
        "ahead" => "a leader ahead of every other option".into(),
        "settled" => "the ranking settled".into(),
        "cap" => "the --max-samples cap".into(),
        "time_limit" => "the time limit".into(),
        "samples" => "the samples asked".into(),
        other => other.replace('_', " "),
    }
}

/// A sampler's 95% interval, in standard errors either side.
const NORMAL_95: f64 = 1.96;

/// Under values of which some had no spread in the play-outs though they
/// are not certain (`Sampling::unseen_spread`). By the rule of three, an
/// outcome seen in none of n play-outs has a chance under 3/n (95%).
fn no_spread_note(how: &How, width: usize) -> String {
    let Some(s) = how.sampling.as_ref().filter(|s| s.unseen_spread) else {
        return String::new();
    };
    let one_in = s.samples.max(1) as f64 / 3.0;
    let beyond = match s.variance_reduction {
        true => " beyond what the stratified roll explains",
        false => "",
    };
    wrap(
        &format!(
            "± 0.00 with no spread seen: a value that is not certain did not vary in \
             {} play-outs{beyond}; an outcome rarer than 1 in {one_in:.0} may not have \
             come up (more with --samples).\n",
            s.samples
        ),
        width,
    )
}

/// `12.34 ± 0.56`: a value with its 95% interval when sampled, `z`
/// standard errors either side ([`How::z95`]).
fn with_interval(x: f64, stderr: Option<f64>, z: f64, show: fn(f64) -> String) -> String {
    match stderr {
        Some(se) => format!("{} ± {:.2}", show(x), z * se),
        None => show(x),
    }
}

/// `12.34±0.56`: the same in fewer columns.
fn compact_interval(x: f64, stderr: Option<f64>, z: f64, show: fn(f64) -> String) -> String {
    match stderr {
        Some(se) => format!("{}±{:.2}", show(x), z * se),
        None => show(x),
    }
}

/// "then blue: pilot:large", or "then the dice": what the model expects next;
/// compact: "blue: pilot:large", "dice".
fn then_text(position: &Position, then: Option<Then>) -> (String, String) {
    match then {
        Some(Then::Decision(p, a)) => {
            let next = format!("{}: {a}", position.name(p));
            (format!("then {next}"), next)
        }
        Some(Then::Roll) => ("then the dice".to_string(), "dice".to_string()),
        None => (String::new(), String::new()),
    }
}

/// Which risk columns an advice table shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RiskShown {
    Nothing,
    Loss,
    /// P(loss) and the 5%-95% range.
    Range,
}

/// The options of an advice as table columns, the first `top` of them.
fn option_columns(
    position: &Position,
    advice: &Advice,
    versus: &str,
    top: usize,
    risk: RiskShown,
) -> Vec<Column> {
    // P(best) wherever the figures are estimates: a sampler's, or a
    // search's on a sample of the dice.
    let sampled = advice.options.iter().any(|o| o.p_best.is_some());
    // The column of what comes next, only when something does (a plunder's
    // options end the voyage: nothing would fill it).
    let expecting = advice.how.future != Future::None
        && advice.options.iter().take(top).any(|o| o.then.is_some());
    // P(paid) only where an option is a seat that pays (R13): a pilot's
    // move or a plunder has none, and an empty column would only take room.
    let paying = advice.options.iter().take(top).any(|o| o.p_paid.is_some());
    let mut rank = Column::new("#", true);
    let mut action = Column::new("action", true);
    let mut cost = Column::new("cost", false).droppable(2);
    let mut paid = Column::new(PAID, false).droppable(1);
    let mut ev = Column::new("EV", false).droppable(4);
    let mut gain = Column::new(versus, false);
    let mut best = Column::new("P(best)", false);
    // Left out before the EV, the figure a player reads first; a table that
    // keeps it where there is no room wraps the action names mid-word.
    let mut next = Column::new("expected next", true).droppable(3);
    let mut loss = Column::new("P(loss)", false);
    let mut range = Column::new("5%..95%", false);
    for (k, o) in advice.options.iter().take(top).enumerate() {
        loss.push_same(o.p_loss().map(percent).unwrap_or_default());
        range.push_same(match (o.quantile(QUANTILES[0]), o.quantile(QUANTILES[2])) {
            (Some(lo), Some(hi)) => format!("{lo}..{hi}"),
            _ => String::new(),
        });
        rank.push_same((k + 1).to_string());
        action.push_same(o.action.to_string());
        cost.push_same(o.cost.to_string());
        if let Some(p) = o.p_paid {
            let (full, short, _) = probability_interval(p, super::paid_interval(o, &advice.how));
            paid.push(full, short);
        } else {
            paid.push_same(String::new());
        }
        // The EV's error rests on degrees of freedom of its own.
        let z_ev = advice.how.z95_with(o.ev_dof);
        ev.push(
            with_interval(o.ev, o.stderr, z_ev, money),
            compact_interval(o.ev, o.stderr, z_ev, money),
        );
        let z_gain = advice.how.z95_with(o.gain_dof);
        gain.push(
            with_interval(o.gain_vs_pass, o.gain_stderr, z_gain, signed),
            compact_interval(o.gain_vs_pass, o.gain_stderr, z_gain, signed),
        );
        best.push_same(o.p_best.map(percent).unwrap_or_default());
        let (full, short) = then_text(position, o.then);
        next.push(full, short);
    }
    let mut columns = vec![rank, action, cost];
    if paying {
        columns.push(paid);
    }
    columns.extend([ev, gain]);
    if risk != RiskShown::Nothing {
        columns.push(loss);
    }
    if risk == RiskShown::Range {
        columns.push(range);
    }
    if sampled {
        columns.push(best);
    }
    if expecting {
        columns.push(next.compact_header("next"));
    }
    columns
}

impl TableRender {
    fn wrap(&self, text: &str) -> String {
        wrap(text, self.fit.width)
    }

    /// The advice's options fitted to the width: with P(loss) and the range
    /// when risk is asked for; else with P(loss) if the table then needs no
    /// other column left out, nor a compact form it would not need anyway,
    /// nor a cell broken over two lines.
    fn options_table(
        &self,
        position: &Position,
        advice: &Advice,
        versus: &str,
        top: usize,
    ) -> (String, Vec<String>) {
        let width = self.fit.width;
        let known = advice.options.iter().any(|o| o.distribution.is_some());
        let columns = |risk| option_columns(position, advice, versus, top, risk);
        if self.fit.risk && known {
            return fitted(&columns(RiskShown::Range), width);
        }
        let plain = fitted(&columns(RiskShown::Nothing), width);
        if !known {
            return plain;
        }
        let with_loss = fitted(&columns(RiskShown::Loss), width);
        let fits = |t: &(String, Vec<String>)| widest(&t.0) <= width;
        let same_form = is_compact(&with_loss.0) == is_compact(&plain.0);
        // Lines the plain table has not: P(loss) broke cells to fit.
        let broke = with_loss.0.lines().count() > plain.0.lines().count();
        if fits(&with_loss) && with_loss.1 == plain.1 && same_form && !broke {
            with_loss
        } else {
            plain
        }
    }
}

impl Render for TableRender {
    fn advice(&self, position: &Position, advice: &Advice) -> String {
        let width = self.fit.width;
        let who = position.name(advice.decider);
        let mut out = self.wrap(&format!("{who} to decide: {}\n", situation(position)));
        out += &method_lines(&advice.how, width);
        let reference = match advice.reference {
            Action::Plunder(_) => "first".to_string(),
            other => other.to_string(),
        };
        let versus = format!("vs {reference}");
        let top = self.fit.top.unwrap_or(advice.options.len());
        let (table, dropped) = self.options_table(position, advice, &versus, top);
        out += &format!("{table}\n");
        let hidden = advice.options.len().saturating_sub(top);
        if hidden > 0 {
            let s = if hidden == 1 { "" } else { "s" };
            out += &self.wrap(&format!(
                "{hidden} more option{s} not shown (--top {top}).\n"
            ));
        }
        out += &dropped_note(&dropped, width);
        if !dropped.iter().any(|c| c == PAID) && paid_lopsided(advice, top) {
            out += &lopsided_note(PAID, width);
        }
        out += &no_spread_note(&advice.how, width);
        out += &self.wrap(&format!("Ships, if {who} takes the best option:\n"));
        out += &ships_table(
            position,
            &advice.ships,
            &advice.how,
            width,
            is_compact(&table),
        );
        if let Some(line) = verdict_line(&advice.verdict, &advice.how) {
            out += &self.wrap(&line);
        }
        if advice.best_by_model.len() > 1 {
            out += &self.wrap(&by_model_line(&advice.best_by_model));
        }
        if let Some(best) = advice.best() {
            // The reference option itself gains nothing over itself: say so
            // plainly, not "+0.00 vs stay".
            let gain = match best.action == advice.reference {
                true => "no other option is better".to_string(),
                false => format!("{} vs {reference}", signed(best.gain_vs_pass)),
            };
            // Staying aboard and moving no ship are no slot to take.
            let deed = match best.action {
                Action::Stay => "stay and board no ship".to_string(),
                a if a == Action::PILOT_NONE => "take none and move no ship".to_string(),
                a => format!("take {a}"),
            };
            out += &self.wrap(&format!(
                "Recommendation: {who} should {deed} (EV {}, {gain}).\n",
                money(best.ev),
            ));
        }
        out
    }

    fn odds(&self, position: &Position, odds: &Odds) -> String {
        let width = self.fit.width;
        // A pilot's or the captain's decision comes after every placement.
        let placed = matches!(
            position.state().phase,
            Phase::SmallPilot | Phase::LargePilot | Phase::Plunder
        );
        let model = match odds.how.future {
            Future::None => "if nobody places another worker".to_string(),
            _ if placed => "with every worker placed".to_string(),
            other => format!(
                "if every later placement follows the {} model",
                other.name()
            ),
        };
        let mut out = self.wrap(&format!("Odds {model}: {}\n", situation(position)));
        out += &method_lines(&odds.how, width);
        out += &ships_table(position, &odds.ships, &odds.how, width, false);
        let mut player = Column::new("player", true);
        let mut value = Column::new("value", false);
        for (p, v) in odds.players.iter().enumerate() {
            let se = odds.players_stderr.as_ref().map(|e| e[p]);
            let z = odds.how.z95_with(odds.players_dof.as_ref().map(|d| d[p]));
            player.push_same(position.name(p as u8).to_string());
            value.push(
                with_interval(*v, se, z, money),
                compact_interval(*v, se, z, money),
            );
        }
        let (table, dropped) = fitted(&[player, value], width);
        out += &format!("{table}\n{}", dropped_note(&dropped, width));
        out += &no_spread_note(&odds.how, width);
        out
    }

    fn arena(&self, m: &Match) -> String {
        self.wrap(&arena_text(m))
    }

    fn bids(&self, start: &Position, b: &Bids) -> String {
        bids_text(start, b, self.fit.width)
    }

    fn layouts(&self, position: &Position, c: &Comparison, top: usize) -> String {
        let width = self.fit.width;
        let hm = position.name(c.harbour_master);
        let shown = top.min(c.layouts.len());
        let mut out = self.wrap(&format!(
            "Layouts for harbour master {hm}: {shown} of {} shown, best first\n",
            c.layouts.len()
        ));
        out += &method_lines(&c.how, width);
        let names: Vec<&str> = (0..position.state().players)
            .map(|p| position.name(p))
            .collect();
        let rows: Vec<&LayoutValue> = c.layouts.iter().take(top).collect();
        let columns = layout_columns(&rows, &names, c.buy, c.how.sampling.is_some());
        let (table, dropped) = fitted(&columns, width);
        out += &format!("{table}\n{}", dropped_note(&dropped, width));
        out += &no_spread_note(&c.how, width);
        if let Some(best) = c.layouts.first() {
            let buy = match (c.buy, best.purchase) {
                (true, Some((cargo, cost))) => {
                    format!(", buying a {} share for {cost}", cargo.name())
                }
                (true, None) => ", buying no share".to_string(),
                _ => String::new(),
            };
            out += &self.wrap(&format!(
                "Best: {} ({} ashore){buy}, worth {} to {hm}.\n",
                layout::name(best.layout),
                best.ashore.name(),
                money(best.value)
            ));
        }
        out
    }
}

/// The layouts as columns: rank, layout, ashore, purchase, value, P(best),
/// docking odds and every player's value. Ashore goes first when the table is
/// too wide (the layout says which cargo is missing), then the players' values
/// (the harbour master's is the value).
fn layout_columns(rows: &[&LayoutValue], names: &[&str], buy: bool, sampled: bool) -> Vec<Column> {
    let mut rank = Column::new("#", true);
    let mut layout_col = Column::new("layout", true);
    let mut ashore = Column::new("ashore", true).droppable(1);
    let mut purchase = Column::new("buy", true);
    let mut value = Column::new("value", false);
    let mut best = Column::new("P(best)", false);
    let mut docks = Column::new("docks", false);
    let mut players: Vec<Column> = names
        .iter()
        .map(|n| Column::new(n, false).droppable(2))
        .collect();
    for (k, l) in rows.iter().enumerate() {
        rank.push_same((k + 1).to_string());
        layout_col.push_same(layout::name(l.layout));
        ashore.push_same(l.ashore.name().to_string());
        purchase.push_same(l.purchase.map_or("nothing".to_string(), |(cargo, cost)| {
            format!("{} ({cost})", cargo.name())
        }));
        value.push(
            with_interval(l.value, l.stderr, NORMAL_95, money),
            compact_interval(l.value, l.stderr, NORMAL_95, money),
        );
        best.push_same(l.p_best.map(percent).unwrap_or_default());
        let full: Vec<String> = l
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
        let short: Vec<String> = l.ships.iter().map(|s| whole_percent(s.p_harbour)).collect();
        docks.push(full.join(" "), short.join(" "));
        // Compact: the other players' values without their intervals (the
        // harbour master's is the value, with its interval).
        for (p, (col, v)) in players.iter_mut().zip(&l.players).enumerate() {
            let se = l.players_stderr.as_ref().map(|e| e[p]);
            col.push(with_interval(*v, se, NORMAL_95, money), money(*v));
        }
    }
    let mut columns = vec![rank, layout_col, ashore];
    if buy {
        columns.push(purchase);
    }
    columns.push(value);
    if sampled {
        columns.push(best);
    }
    columns.push(docks.compact_header("docks %"));
    columns.extend(players);
    columns
}

/// How sure a sampled advice is of its best option; nothing when exact (the
/// method line says so). `P(best)` reads as in the table's column (99.7%,
/// not a rounded 100%).
fn verdict_line(v: &Verdict, how: &How) -> Option<String> {
    match v {
        Verdict::Exact => None,
        Verdict::Sure { p_best, at_least } => Some(format!(
            "Settled: P(best) {} (at least {}%).\n",
            percent(*p_best),
            whole_percent(*at_least)
        )),
        Verdict::Tie { margin, options } => {
            let names: Vec<String> = options.iter().map(|a| a.to_string()).collect();
            Some(format!(
                "Settled as a tie within {}: {} (95% each).\n",
                money(*margin),
                names.join(", ")
            ))
        }
        Verdict::Ahead { p_best } => Some(format!(
            "Settled: every other option is worse (95% each); P(best) {}.\n",
            percent(*p_best)
        )),
        Verdict::Open { p_best } if how.sampling.is_some() => Some(format!(
            "Not settled: P(best) {} only; more play-outs would tell (--until-settled).\n",
            percent(*p_best)
        )),
        // A search on a sample of each roll's outcomes: one on more of them
        // would (a larger budget may buy a longer horizon instead).
        Verdict::Open { p_best } => Some(format!(
            "Not settled: P(best) {} only; a search on more of each roll's outcomes would tell (a larger --max-nodes may give one).\n",
            percent(*p_best)
        )),
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
        .map(|(action, models)| format!("{}: {action}", and_list(models)))
        .collect();
    format!("Best under {}\n", parts.join("; "))
}

#[cfg(test)]
mod tests {
    use super::{probability_interval, stop_words, verdict_line, whole_percent};
    use crate::report::{Future, How, Verdict};

    #[test]
    fn an_interval_inside_0_to_100_is_plus_or_minus_its_larger_side_in_points() {
        // 62.6% from 62.27% to 62.93%: 0.33 points either way.
        let (full, short, lopsided) = probability_interval(0.626, Some((0.6227, 0.6293)));
        assert_eq!(
            (full.as_str(), short.as_str(), lopsided),
            ("62.6% ± 0.33", "62.6%±0.33", false)
        );
        // Wilson's lean: 0.97 from 0.9461 to 0.9833 reads ± its lower side.
        assert_eq!(
            probability_interval(0.97, Some((0.9461, 0.9833))).0,
            "97.0% ± 2.39"
        );
        // An exact probability has no interval at all, nor an exact tail.
        assert_eq!(
            probability_interval(1.0, None),
            ("100.0%".into(), "100.0%".into(), false)
        );
        assert_eq!(
            probability_interval(0.25, Some((0.25, 0.25))).0,
            "25.0% ± 0.00"
        );
    }

    #[test]
    fn an_interval_that_would_pass_0_or_100_is_shown_as_its_ends() {
        let (full, short, lopsided) = probability_interval(1.0, Some((0.527, 1.0)));
        assert_eq!(
            (full.as_str(), short.as_str(), lopsided),
            ("100.0% (52.7–100)", "100.0%(52.7–100)", true)
        );
        // None of 432 play-outs missed: Wilson's 99.1% to 100%.
        let (lo, hi) = How::sampled(432).probability_interval(1.0, 0.0, None);
        assert_eq!(
            probability_interval(1.0, Some((lo, hi))).0,
            "100.0% (99.1–100)"
        );
        // An end that rounds to 100.0 reads 100, not 100.0.
        assert_eq!(
            probability_interval(0.0, Some((0.0, 0.9996))).0,
            "0.0% (0–100)"
        );
        // Wilson's lean past 100: 9 of 10.
        let (full, _, lopsided) = probability_interval(0.9, Some((0.5958, 0.9821)));
        assert_eq!((full.as_str(), lopsided), ("90.0% (59.6–98.2)", true));
    }

    #[test]
    fn a_probability_reads_the_same_however_it_was_summed() {
        // 3/8 of the 216 rolls summed in two orders (the layouts' docks %).
        assert_eq!(whole_percent(0.375), "38");
        assert_eq!(whole_percent(0.375 - 1e-13), "38");
        assert_eq!(whole_percent(0.625), "63");
        assert_eq!(whole_percent(0.625 + 1e-13), "63");
        assert_eq!(whole_percent(0.374), "37");
    }

    #[test]
    fn the_verdict_reads_p_best_as_the_table_does() {
        let how = How::exact(Future::Greedy, false);
        let sure = Verdict::Sure {
            p_best: 0.997,
            at_least: 0.95,
        };
        let line = verdict_line(&sure, &how).expect("a line");
        assert_eq!(line, "Settled: P(best) 99.7% (at least 95%).\n");
    }

    #[test]
    fn a_stop_is_said_in_words() {
        assert_eq!(stop_words("p_best"), "P(best)");
        assert_eq!(stop_words("time_limit"), "the time limit");
        assert_eq!(stop_words("settled"), "the ranking settled");
        // Every stop has words of its own, none the bare name.
        for stop in [
            "samples",
            "target_stderr",
            "settled",
            "p_best",
            "tie",
            "ahead",
            "cap",
            "time_limit",
        ] {
            assert_ne!(stop_words(stop), stop.replace('_', " "), "{stop}");
        }
    }
}
