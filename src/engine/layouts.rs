//! The harbour master's choice (R3): the 100 layouts of a voyage compared by the
//! harbour master's value under a future model, optionally with the purchase of
//! one share (R1) alongside.

use super::analysis::{self, MethodChoice, Request, RequestError, rolls_before_last_round};
use super::exact;
use super::future::Planner;
use super::ranking;
use super::sample::{self, Arm};
use super::values::{Mark, Outcome, TIE, rank};
use crate::report::{
    Approximation, AutoChoice, Comparison, Future, How, LayoutValue, Method, Reason, Sampling,
    ShipOdds,
};
use crate::rules::{self, Cargo, Layout, State, auction, start_with};

/// Whether layouts can be compared as asked: exact needs a model in which
/// nobody places, since at a voyage's start two rolls come before the last
/// round.
pub fn check(request: &Request) -> Result<(), RequestError> {
    analysis::check(request)?;
    if request.future == Future::Paranoid {
        return Err(RequestError::ParanoidLayouts);
    }
    // `auto` runs `round` at every voyage start.
    let placing = !matches!(request.future, Future::None | Future::Round | Future::Auto);
    if placing && request.method == MethodChoice::Exact {
        return Err(RequestError::ExactLayoutsPlacing);
    }
    Ok(())
}

/// The purchases open to the harbour master (R1): nothing, or one share of a
/// cargo the bank still holds, at its price (at least 5), if their credit (cash
/// and 12 per unmortgaged share, R5) covers it.
fn purchases(s: &State) -> Vec<Option<(Cargo, u32)>> {
    let hm = s.harbour_master;
    let mut out = vec![None];
    for c in Cargo::ALL {
        let cost = auction::share_cost(s, c);
        let affordable = s.credit(hm).is_none_or(|credit| credit >= cost);
        if auction::bank_holds(s, c) && affordable {
            out.push(Some((c, cost)));
        }
    }
    out
}

/// `s` after the harbour master buys `purchase` (mortgaging if cash falls short,
/// R5), and what the purchase itself adds to their value: minus its cost (R13:
/// the change of cash; the share's price change is counted with the other
/// shares). Prices never rise by more than a share costs, so within one voyage
/// a purchase pays only through the decisions it changes.
fn after_purchase(s: &State, purchase: Option<(Cargo, u32)>) -> (State, f64) {
    let Some((c, cost)) = purchase else {
        return (*s, 0.0);
    };
    let mut t = *s;
    let hm = s.harbour_master;
    rules::pay(&mut t, hm, cost);
    t.shares[hm as usize][c.index()] += 1;
    (t, -(cost as f64))
}

/// One thing valued: a layout, and the purchase made with it.
struct Candidate {
    layout: usize,
    purchase: Option<(Cargo, u32)>,
    start: State,
    /// The purchase's own worth to the harbour master, added to the value.
    extra: f64,
}

fn candidates(template: &State, layouts: &[Layout], buy: bool) -> Vec<Candidate> {
    let mut out = Vec::new();
    for (k, &layout) in layouts.iter().enumerate() {
        let s = start_with(template, layout);
        let options = if buy { purchases(&s) } else { vec![None] };
        for purchase in options {
            let (start, extra) = after_purchase(&s, purchase);
            out.push(Candidate {
                layout: k,
                purchase,
                start,
                extra,
            });
        }
    }
    out
}

/// Compares `layouts` for the harbour master of `template` (a voyage start).
/// With `buy`, every purchase is valued with every layout and shares count (R13):
/// a share bought is worth its price change only when shares are counted.
pub fn compare(
    template: &State,
    layouts: &[Layout],
    buy: bool,
    request: &Request,
    progress: analysis::Progress,
) -> Comparison {
    let mut request = request.clone();
    request.valuation.count_shares |= buy;
    let candidates = candidates(template, layouts, buy);
    let auto = (request.future == Future::Auto).then(|| {
        let choice = analysis::method::auto_future(template);
        request.future = choice.model;
        choice
    });
    // A player's paranoid search is not run a hundred times over (`check`
    // refuses it on the command line; a bot or a policy deciding a layout
    // under it gets `round`'s, as `auto` does).
    request.future = layouts_future(request.future);
    // The method depends on the voyage's progress, the same for every layout.
    let mut how = how(template, &request);
    if let Some(choice) = auto {
        how.reason = Reason::Auto {
            choice: AutoChoice {
                model: request.future,
                ..choice
            },
            inner: Box::new(how.reason),
        };
    }
    let hm = template.harbour_master as usize;
    let values = match how.method {
        Method::Exact => exact_values(&candidates, &request),
        Method::MonteCarlo => {
            let (values, sampling) = sampled_values(&candidates, hm, &request, progress);
            how.sampling = Some(sampling);
            values
        }
    };
    let best = best_per_layout(&candidates, &values, layouts.len(), hm);
    let p_best = (how.method == Method::MonteCarlo).then(|| {
        let mut per_layout = vec![0.0; layouts.len()];
        for (c, (_, _, p)) in candidates.iter().zip(&values) {
            per_layout[c.layout] += p;
        }
        per_layout
    });
    let rows: Vec<LayoutValue> = best
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let (mean, se, _) = &values[i];
            row(
                &candidates[i],
                layouts[k],
                mean,
                se.as_ref(),
                template,
                p_best.as_ref().map(|p| p[k]),
            )
        })
        .collect();
    let order = rank(&rows.iter().map(|r| r.value).collect::<Vec<_>>());
    Comparison {
        harbour_master: template.harbour_master,
        how,
        buy,
        layouts: order.into_iter().map(|k| rows[k].clone()).collect(),
    }
}

/// The model layouts are compared under where `auto` would run `future`:
/// `round` in place of `paranoid`, whose search of one player's placement
/// against the others takes a second, a hundred times over; the round
/// model's placements (greedy to the roll) are those the paranoid search
/// orders its options by.
pub fn layouts_future(future: Future) -> Future {
    match future {
        Future::Paranoid => Future::Round,
        other => other,
    }
}

/// Exact for `none` (one enumeration per layout); Monte Carlo otherwise, since a
/// model that keeps placing meets two rolls before the last round at a voyage's
/// start. `equilibrium` is approximated by greedy here, and says so.
fn how(start: &State, request: &Request) -> How {
    let rolls = rolls_before_last_round(start);
    let (method, reason, approximation) = match (request.future, request.method) {
        (Future::None, MethodChoice::MonteCarlo) => (Method::MonteCarlo, Reason::Asked, None),
        (Future::None | Future::Round, _) => (Method::Exact, Reason::PerLayout, None),
        (future, _) => {
            let approximation =
                (future == Future::Equilibrium).then_some(Approximation::LayoutsGreedy { rolls });
            (
                Method::MonteCarlo,
                Reason::CommonDice { rolls },
                approximation,
            )
        }
    };
    How {
        method,
        reason,
        future: request.future,
        shares_counted: request.valuation.count_shares,
        approximation,
        sampling: None,
        lambda: (request.future == Future::Quantal).then(|| request.lambda.clone()),
        dof: None,
    }
}

/// Every purchase open with `layout` and the harbour master's exact value with
/// it under `none` (R13, shares counted): what buying chooses from.
pub fn purchase_values(
    template: &State,
    layout: Layout,
    request: &Request,
) -> Vec<(Option<(Cargo, u32)>, f64)> {
    let mut request = request.clone();
    request.valuation.count_shares = true;
    let hm = template.harbour_master as usize;
    let candidates = candidates(template, &[layout], true);
    let values = exact_values(&candidates, &request);
    candidates
        .iter()
        .zip(&values)
        .map(|(c, (o, _, _))| (c.purchase, o.value[hm] + c.extra))
        .collect()
}

/// A candidate's mean outcome, its standard errors (sampled) and P(best).
type Valued = (Outcome, Option<Outcome>, f64);

/// Each candidate's exact outcome: under `none`, or under `round` (the
/// placements of round 1, greedy, then nobody places, R15).
fn exact_values(candidates: &[Candidate], request: &Request) -> Vec<Valued> {
    use rayon::prelude::*;
    let valuation = request.valuation;
    match request.future {
        Future::Round => candidates
            .par_iter()
            .map_init(
                || Planner::new(Future::Round, valuation),
                |planner, c| {
                    let o = planner.value(&c.start, Mark::None, 0);
                    (o.expect("a search without a node budget"), None, 0.0)
                },
            )
            .collect(),
        _ => candidates
            .par_iter()
            .map(|c| (exact::outcome(&c.start, valuation), None, 0.0))
            .collect(),
    }
}

/// All candidates on the same dice (common random numbers): each one's mean,
/// standard errors and P(best), and the sampling record.
fn sampled_values(
    candidates: &[Candidate],
    hm: usize,
    request: &Request,
    progress: analysis::Progress,
) -> (Vec<Valued>, Sampling) {
    let arms: Vec<Arm> = candidates
        .iter()
        .map(|c| Arm {
            income: c.extra,
            ..sample::position_arm(&c.start)
        })
        .collect();
    let mut settings = request.sampling.clone();
    settings.valuation = request.valuation;
    // Equilibrium is approximated by greedy here (its `how` says so); the
    // quantal play-outs draw each placement at the request's lambda.
    settings.future = match request.future {
        Future::None => Future::None,
        Future::Quantal => Future::Quantal,
        _ => Future::Greedy,
    };
    settings.lambda = request.lambda.value;
    let e = sample::run(&arms, Some(hm), &settings, progress);
    let sampling = sample::sampling(&e, &arms, &settings, None);
    let values = e
        .arms
        .into_iter()
        .map(|a| (a.mean, Some(a.stderr), a.p_best))
        .collect();
    (values, sampling)
}

/// For each layout, the candidate (purchase) of highest value to the harbour
/// master; ties go to buying nothing, then the first cargo.
fn best_per_layout(
    candidates: &[Candidate],
    values: &[Valued],
    layouts: usize,
    hm: usize,
) -> Vec<usize> {
    let mut best: Vec<Option<usize>> = vec![None; layouts];
    for (i, c) in candidates.iter().enumerate() {
        let v = values[i].0.value[hm] + c.extra;
        let slot = &mut best[c.layout];
        if slot.is_none_or(|j| v > values[j].0.value[hm] + candidates[j].extra + TIE) {
            *slot = Some(i);
        }
    }
    best.into_iter().map(|b| b.unwrap_or(0)).collect()
}

fn row(
    c: &Candidate,
    layout: Layout,
    mean: &Outcome,
    se: Option<&Outcome>,
    template: &State,
    p_best: Option<f64>,
) -> LayoutValue {
    let n = template.players as usize;
    let hm = template.harbour_master as usize;
    let mut players = mean.value[..n].to_vec();
    players[hm] += c.extra;
    let ships = ranking::ship_odds(&c.start, mean)
        .into_iter()
        .enumerate()
        .map(|(i, s)| ShipOdds {
            stderr: se.map(|e| (e.harbour[i], e.plundered[i])),
            ..s
        })
        .collect();
    LayoutValue {
        layout,
        ashore: rules::layouts::ashore(layout),
        value: players[hm],
        stderr: se.map(|e| e.value[hm]),
        p_best,
        ships,
        players,
        players_stderr: se.map(|e| e.value[..n].to_vec()),
        purchase: c.purchase,
    }
}
