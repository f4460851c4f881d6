//! A match of the arena in words: the mean difference with its interval,
//! the mean profits behind it, and the decision times.

use super::{how, money, signed};
use crate::report::{DealResult, DecisionTimes, Match, Spread};

/// How many deals, and which when the match does not start at deal 1: "100
/// deals" or "100 deals (101 to 200)".
pub(super) fn deal_span(deals: &[DealResult]) -> String {
    let n = match deals.len() {
        1 => "1 deal".to_string(),
        n => format!("{n} deals"),
    };
    match (deals.first(), deals.last()) {
        (Some(first), Some(last)) if first.deal != 1 && first.deal != last.deal => {
            format!("{n} ({} to {})", first.deal, last.deal)
        }
        (Some(first), _) if first.deal != 1 => format!("{n} ({})", first.deal),
        _ => n,
    }
}

/// A match in words: the mean difference with its 95% interval, the mean
/// profits behind it, and the decision times.
pub(super) fn arena_text(m: &Match) -> String {
    let s = &m.summary;
    let mut out = format!(
        "Arena: {} against {}, {} players, {}, seed {}, {} layouts\n",
        m.candidate,
        m.baseline,
        m.seats.len(),
        deal_span(&m.deals),
        m.seed,
        m.layout
    );
    if let Some(seats) = &m.candidate_seats {
        out += &format!("{} only in {}\n", m.candidate, seat_words(seats));
    }
    out += &spread_line("Mean difference per voyage", &s.played);
    out += &spread_line("Less the dice's luck", &s.luck_adjusted);
    if let Some(l) = &m.candidate_lambda {
        out += &format!("{}: {}\n", m.candidate, how::lambda(l));
    }
    let everywhere = match m.candidate_seats {
        Some(_) => "in every seat, counted in those seats",
        None => "everywhere",
    };
    out += &format!(
        "Mean profit in a seat: {} {}, {} ({everywhere}) {}\n",
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

/// `label: +1.04 (standard error 0.21; 95% interval +0.62 to +1.46)`.
fn spread_line(label: &str, s: &Spread) -> String {
    match (s.stderr, s.ci95()) {
        (Some(se), Some((lo, hi))) => format!(
            "{label}: {} (standard error {}; 95% interval {} to {})\n",
            signed(s.mean),
            money(se),
            signed(lo),
            signed(hi)
        ),
        _ => format!("{label}: {} (one deal: no error bars)\n", signed(s.mean)),
    }
}

/// Seats by turn from the harbour master: "seats 1, 2, 3 (by turn: 0 is the
/// harbour master)".
pub(super) fn seat_words(seats: &[u8]) -> String {
    let list: Vec<String> = seats.iter().map(u8::to_string).collect();
    let noun = if seats.len() == 1 { "seat" } else { "seats" };
    format!(
        "{noun} {} (by turn: 0 is the harbour master)",
        list.join(", ")
    )
}

pub(super) fn times_line(name: &str, t: &DecisionTimes) -> String {
    format!(
        "{name}: median {}, max {} ({} decisions)",
        duration(t.median),
        duration(t.max),
        t.decisions
    )
}

/// Seconds as ms below one second.
pub(super) fn duration(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}
