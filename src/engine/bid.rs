//! The auction for the harbour master (R16): what the role is worth to each
//! player against each other, by the layouts comparison (R3) under one future
//! model.
//!
//! For each player Q as harbour master, Q's best layout (and purchase) is
//! found, and every player's value in it is read off the same comparison.
//! Player P's value as harbour master is P's value in P's own best layout; P's
//! value under Q is P's value in Q's best layout; P's bid limit against Q is
//! the difference (R16): bidding up to it against the player who would
//! otherwise win neither gains nor loses by winning at that price.

use super::analysis::{Progress, Request};
use super::layouts;
use super::values::TIE;
use crate::report::{BidRow, Bids, Comparison, LayoutValue};
use crate::rules::{self, State};

/// The bids of every player of the voyage start `template`.
pub fn bids(template: &State, buy: bool, request: &Request, progress: Progress) -> Bids {
    let all = rules::layouts();
    let comparisons: Vec<Comparison> = (0..template.players)
        .map(|q| {
            let mut start = *template;
            start.harbour_master = q;
            layouts::compare(&start, &all, buy, request, progress)
        })
        .collect();
    let best: Vec<&LayoutValue> = comparisons
        .iter()
        .filter_map(|c| c.layouts.first())
        .collect();
    let n = template.players as usize;
    let rows = (0..n)
        .map(|p| {
            let as_hm = best[p].players[p];
            let under: Vec<Option<f64>> = (0..n)
                .map(|q| (q != p).then(|| best[q].players[p]))
                .collect();
            let limit: Vec<Option<f64>> = under.iter().map(|u| u.map(|u| as_hm - u)).collect();
            let against: Vec<f64> = limit.iter().flatten().copied().collect();
            BidRow {
                as_harbour_master: as_hm,
                under,
                limit,
                limit_mean: against.iter().sum::<f64>() / against.len().max(1) as f64,
                can_pay: template.credit(p as rules::PlayerId),
            }
        })
        .collect();
    Bids {
        how: comparisons[0].how.clone(),
        buy,
        rows,
        ties: comparisons
            .iter()
            .enumerate()
            .map(|(q, c)| ties(c, q))
            .collect(),
        chosen: best.into_iter().cloned().collect(),
    }
}

/// The layouts as good for harbour master `q` as the first of `c` (exact
/// values within [`TIE`]) in which another player's value differs: `q` is
/// indifferent between them, the others are not, and the first in R3's order
/// is taken (R14's rule for ties). Sampled values never tie.
fn ties(c: &Comparison, q: usize) -> usize {
    let Some((first, rest)) = c.layouts.split_first() else {
        return 0;
    };
    if first.stderr.is_some() {
        return 0;
    }
    let differs = |l: &LayoutValue| {
        let mut players = l.players.iter().zip(&first.players).enumerate();
        players.any(|(p, (a, b))| p != q && (a - b).abs() > TIE)
    };
    rest.iter()
        .take_while(|l| first.value - l.value <= TIE)
        .filter(|l| differs(l))
        .count()
}
