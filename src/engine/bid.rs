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
use crate::report::{BidErrors, BidRow, Bids, Comparison, LayoutValue};
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
    let ranked: Vec<&[LayoutValue]> = comparisons.iter().map(|c| &c.layouts[..]).collect();
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
                errors: errors(&ranked, p),
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

/// Player `p`'s standard errors where the comparisons were sampled, from
/// each harbour master's layouts ranked best first. A value is P's in the
/// layout its harbour master ranks first; with sampled values that choice is
/// itself uncertain among near-equal layouts, and P's value can differ
/// between them by more than its sampling error. So each value's error adds
/// to its sampling error in the chosen layout how far P's value there may be
/// from P's value in the layout that is truly best, each layout weighted by
/// its P(best) (the spread of sampled values: their own noise is counted
/// again, a little, which errs wide). A limit's error is its two values'
/// combined as if independent (`hypot`), the mean limit's that of P's value
/// as harbour master less the mean of P's values under the others.
fn errors(ranked: &[&[LayoutValue]], p: usize) -> Option<BidErrors> {
    let se = |q: usize| -> Option<f64> {
        let chosen = ranked[q].first()?;
        let sampling = chosen.players_stderr.as_ref()?[p];
        Some((sampling * sampling + choice_variance(ranked[q], p)).sqrt())
    };
    let as_hm = se(p)?;
    let under: Vec<Option<f64>> = (0..ranked.len())
        .map(|q| if q == p { None } else { se(q) })
        .collect();
    let others = under.iter().flatten();
    let m = others.clone().count().max(1) as f64;
    let mean_var = others.map(|u| u * u).sum::<f64>() / (m * m);
    Some(BidErrors {
        as_harbour_master: as_hm,
        limit: under.iter().map(|u| u.map(|u| as_hm.hypot(u))).collect(),
        limit_mean: (as_hm * as_hm + mean_var).sqrt(),
        under,
    })
}

/// The mean square distance of player `p`'s value in the chosen layout (the
/// first) from P's value in each layout the harbour master might have
/// chosen, weighted by its P(best); 0 where P(best) is not known. With a
/// purchase, P(best) counts each layout's every purchase, and P's value is
/// taken with the best purchase only.
fn choice_variance(layouts: &[LayoutValue], p: usize) -> f64 {
    let Some(chosen) = layouts.first() else {
        return 0.0;
    };
    let weighted: Vec<(f64, f64)> = layouts
        .iter()
        .filter_map(|l| Some((l.p_best?, l.players[p])))
        .filter(|(w, _)| *w > 0.0)
        .collect();
    let total: f64 = weighted.iter().map(|(w, _)| w).sum();
    if total <= 0.0 {
        return 0.0;
    }
    let from = chosen.players[p];
    weighted
        .iter()
        .map(|(w, v)| w * (v - from).powi(2))
        .sum::<f64>()
        / total
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A layout whose players' values are `values`, with standard errors
    /// `se` and the harbour master's P(best) `p_best` (sampled if given).
    fn layout(values: [f64; 3], se: Option<[f64; 3]>, p_best: Option<f64>) -> LayoutValue {
        LayoutValue {
            layout: rules::layouts()[0],
            ashore: rules::layouts::ashore(rules::layouts()[0]),
            value: 0.0,
            stderr: se.map(|s| s[0]),
            p_best,
            ships: Vec::new(),
            players: values.to_vec(),
            players_stderr: se.map(|s| s.to_vec()),
            purchase: None,
        }
    }

    /// Errors 0.3 as harbour master, 0.4 under each other, each harbour
    /// master's choice certain: a limit's is √(0.09 + 0.16) = 0.5, the mean
    /// limit's √(0.09 + (0.16 + 0.16) / 4).
    #[test]
    fn r16_a_limits_error_combines_its_two_values_errors() {
        let hm = [
            vec![layout([0.0; 3], Some([0.3, 0.4, 0.4]), Some(1.0))],
            vec![layout([0.0; 3], Some([0.4, 9.0, 9.0]), Some(1.0))],
            vec![layout([0.0; 3], Some([0.4, 9.0, 9.0]), Some(1.0))],
        ];
        let ranked: Vec<&[LayoutValue]> = hm.iter().map(|l| &l[..]).collect();
        let e = errors(&ranked, 0).expect("sampled");
        assert_eq!(e.as_harbour_master, 0.3);
        assert_eq!(e.under, vec![None, Some(0.4), Some(0.4)]);
        for l in e.limit.iter().skip(1) {
            assert!((l.expect("a limit") - 0.5).abs() < 1e-12);
        }
        assert_eq!(e.limit[0], None);
        assert!((e.limit_mean - 0.17f64.sqrt()).abs() < 1e-12);
    }

    /// Harbour master 1 chose the first of two layouts that are best at even
    /// odds, worth 2 and 4 to player 0: the best may be 2 away, at 0.5, so
    /// 0.5 × 2² = 2 adds to the sampling error in the first (0.4): √(0.16 + 2).
    #[test]
    fn r16_an_uncertain_choice_of_layout_widens_the_error() {
        let se = Some([0.3, 0.4, 0.4]);
        let hm = [
            vec![layout([5.0, 0.0, 0.0], se, Some(1.0))],
            vec![
                layout([2.0, 0.0, 0.0], Some([0.4, 0.1, 0.1]), Some(0.5)),
                layout([4.0, 0.0, 0.0], Some([0.4, 0.1, 0.1]), Some(0.5)),
            ],
        ];
        let ranked: Vec<&[LayoutValue]> = hm.iter().map(|l| &l[..]).collect();
        let e = errors(&ranked, 0).expect("sampled");
        assert!((e.under[1].expect("under 1") - 2.16f64.sqrt()).abs() < 1e-12);
        assert!((e.limit[1].expect("a limit") - 2.25f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn exact_bids_have_no_errors() {
        let hm = [
            vec![layout([1.0; 3], None, None)],
            vec![layout([1.0; 3], None, None)],
        ];
        let ranked: Vec<&[LayoutValue]> = hm.iter().map(|l| &l[..]).collect();
        assert_eq!(errors(&ranked, 1), None);
    }
}
