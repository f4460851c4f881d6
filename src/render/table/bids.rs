//! The auction (R16): each player's value as harbour master, the bid
//! limits against each other player, and the layout each would load.

use super::columns::{Column, dropped_note, fitted};
use super::{method_lines, money, wrap};
use crate::Position;
use crate::parse::layout;
use crate::report::{BidErrors, Bids, Future};

/// The auction: per player, the value as harbour master, under each other
/// player, and the bid limits; then the layout each harbour master chooses.
pub(super) fn bids_text(start: &Position, b: &Bids, width: usize) -> String {
    let n = b.rows.len();
    let names: Vec<&str> = (0..n).map(|p| start.name(p as u8)).collect();
    let mut out = "The harbour master's worth at the auction (R16): bid limits\n".to_string();
    out += &method_lines(&b.how, width);
    let mut player = Column::new("player", true);
    let mut as_hm = Column::new("as HM", false);
    let mut limits: Vec<Column> = names
        .iter()
        .enumerate()
        // A narrow terminal loses the limits against the last players first;
        // each row keeps its value as harbour master and its mean.
        .map(|(q, name)| Column::new(&format!("vs {name}"), false).droppable((n - q) as u8))
        .collect();
    let mut mean = Column::new("mean", false);
    for (p, r) in b.rows.iter().enumerate() {
        player.push_same(names[p].to_string());
        as_hm.push_same(money(r.as_harbour_master));
        for (column, l) in limits.iter_mut().zip(&r.limit) {
            column.push_same(l.map_or("-".to_string(), money));
        }
        mean.push_same(money(r.limit_mean));
    }
    // The first to go in a narrow terminal: the note below names who is short.
    let mut can_pay = Column::new("can pay", false).droppable(0);
    for r in &b.rows {
        can_pay.push_same(r.can_pay.map_or("-".to_string(), |c| c.to_string()));
    }
    let mut columns = vec![player, as_hm];
    columns.extend(limits);
    columns.push(mean);
    let paying = b.rows.iter().any(|r| r.can_pay.is_some());
    if paying {
        columns.push(can_pay);
    }
    let (t, dropped) = fitted(&columns, width);
    out += &format!("{t}\n{}", dropped_note(&dropped, width));
    let key = "vs Q: the bid limit against Q, the player's value as harbour master (as HM) \
               less their value when Q is harbour master; mean: over the others";
    let key = match paying {
        true => {
            format!("{key}; can pay: the most the player may bid (R16: cash plus 12 per share).")
        }
        false => format!("{key}."),
    };
    out += &(wrap(&key, width) + "\n");
    out += &error_note(b, width);
    out += &none_note(b, width);
    out += &short_of_limits(b, &names, width);
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
    out += &tie_note(b, &names, width);
    out
}

/// Sampled: the widest 95% interval of the values as harbour master and of
/// the limits (a cell each would not fit 80 columns; the JSON has them all).
fn error_note(b: &Bids, width: usize) -> String {
    let errors: Vec<&BidErrors> = b.rows.iter().filter_map(|r| r.errors.as_ref()).collect();
    if errors.is_empty() {
        return String::new();
    }
    let z = b.how.z95();
    let as_hm = errors
        .iter()
        .map(|e| e.as_harbour_master)
        .fold(0.0, f64::max);
    let limits = errors
        .iter()
        .flat_map(|e| e.limit.iter().flatten().chain([&e.limit_mean]))
        .fold(0.0, |a: f64, b| a.max(*b));
    let text = format!(
        "Sampled: each as HM within ±{:.2}, each limit and mean within ±{:.2} \
         (95%, the widest; with how far each harbour master's choice of layout \
         may be from the best; --json gives every standard error).",
        z * as_hm,
        z * limits
    );
    wrap(&text, width) + "\n"
}

/// Under `none` nobody places a worker: the values are the shares' alone.
fn none_note(b: &Bids, width: usize) -> String {
    if b.how.future != Future::None {
        return String::new();
    }
    let text = match b.how.shares_counted {
        true => {
            "Under the model none nobody places a worker: each value is the \
             player's shares alone, and the role is worth only what its layout \
             and purchase do to them (a model that places, such as auto, the \
             default, values the workers too)."
        }
        false => {
            "Under the model none nobody places a worker, and no shares are \
             counted: every value is 0 (a model that places, such as auto, the \
             default, values the workers)."
        }
    };
    wrap(text, width) + "\n"
}

/// The players whose limits exceed what they may bid (R16): they cannot bid
/// them, whatever the role is worth to them.
pub(super) fn short_of_limits(b: &Bids, names: &[&str], width: usize) -> String {
    let short: Vec<String> = b
        .rows
        .iter()
        .enumerate()
        .filter_map(|(p, r)| {
            let most = r.can_pay?;
            let highest = r.limit.iter().flatten().copied().fold(f64::MIN, f64::max);
            (highest > f64::from(most)).then(|| format!("{} at most {most}", names[p]))
        })
        .collect();
    if short.is_empty() {
        return String::new();
    }
    let text = format!(
        "Short of their limits (R16: nobody bids more than they can pay): {}.",
        short.join(", ")
    );
    wrap(&text, width) + "\n"
}

/// Which harbour masters chose between layouts they value alike but the
/// others do not: the limits against them rest on R14's rule for ties.
pub(super) fn tie_note(b: &Bids, names: &[&str], width: usize) -> String {
    let tied: Vec<String> = (0..b.ties.len())
        .filter(|&q| b.ties[q] > 0)
        .map(|q| format!("{}: {}", names[q], b.ties[q]))
        .collect();
    if tied.is_empty() {
        return String::new();
    }
    let text = format!(
        "Ties: a harbour master's layout is the first in R3's order (R14) of \
         layouts worth exactly as much to them but not to the others (other \
         such layouts: {}); the limits against them rest on that choice.",
        tied.join(", ")
    );
    wrap(&text, width) + "\n"
}
