//! The harbour master's choice (R3): the 100 layouts of a voyage compared by the
//! harbour master's value under a future model, optionally with the purchase of
//! one share (R1) alongside.

use crate::analysis::{self, MethodChoice, Request, rolls_before_last_round};
use crate::exact::{self, Outcome, rank};
use crate::report::{Future, Method, Sampling, ShipOdds};
use crate::rules::{self, Cargo, MAX_SHARES, MIN_SHARE_PRICE, SHIPS};
use crate::sample::{self, Arm};
use crate::state::{PlayerId, State};
use crate::{Error, Position, play};

/// One layout (R3): three cargos in ship order and their start spaces.
pub type Layout = ([Cargo; SHIPS], [u8; SHIPS]);

/// One layout valued, with the best purchase alongside when asked.
#[derive(Clone, Debug, PartialEq)]
pub struct LayoutValue {
    pub layout: Layout,
    /// The harbour master's value (R13), the purchase included.
    pub value: f64,
    pub stderr: Option<f64>,
    /// Probability that this layout (with its best purchase) is the best.
    pub p_best: Option<f64>,
    pub ships: Vec<ShipOdds>,
    /// Every player's value, indexed by player.
    pub players: Vec<f64>,
    pub players_stderr: Option<Vec<f64>>,
    /// The share bought with it, and its price; `None`: buying nothing is best.
    pub purchase: Option<(Cargo, u32)>,
}

/// The comparison of layouts.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub harbour_master: PlayerId,
    pub method: Method,
    pub method_reason: String,
    pub future: Future,
    pub approximation: Option<String>,
    pub sampling: Option<Sampling>,
    pub shares_counted: bool,
    pub buy: bool,
    /// Best first.
    pub layouts: Vec<LayoutValue>,
}

/// The voyage start `template` with `layout`'s ships.
pub fn start_with(template: &State, layout: Layout) -> State {
    let mut s = play::voyage_start(
        template.players,
        template.harbour_master,
        layout.0,
        layout.1,
        template.variant,
    );
    s.workers = template.workers;
    s.cash = template.cash;
    s.shares = template.shares;
    s.prices = template.prices;
    s
}

/// The purchases open to the harbour master (R1): nothing, or one share of a
/// cargo the bank still holds, at its price (at least 5), if their credit (cash
/// and 12 per unmortgaged share, R5) covers it.
fn purchases(s: &State) -> Vec<Option<(Cargo, u32)>> {
    let hm = s.harbour_master;
    let mut out = vec![None];
    for c in Cargo::ALL {
        let held: u32 = s
            .player_ids()
            .map(|p| s.shares[p as usize][c.index()] as u32)
            .sum();
        let cost = s.prices[c.index()].max(MIN_SHARE_PRICE);
        let affordable = s.credit(hm).is_none_or(|credit| credit >= cost);
        if held < MAX_SHARES as u32 && affordable {
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
    play::pay(&mut t, hm, cost);
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
/// `--buy` values every purchase with every layout and counts shares (R13):
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
    // The method depends on the voyage's progress, the same for every layout.
    let (method, reason, approximation) = choose(template, &request);
    let hm = template.harbour_master as usize;
    let (values, sampling) = match method {
        Method::Exact => (exact_values(&candidates, &request), None),
        Method::MonteCarlo => {
            let (values, sampling) = sampled_values(&candidates, hm, &request, progress);
            (values, Some(sampling))
        }
    };
    let best = best_per_layout(&candidates, &values, layouts.len(), hm);
    let p_best = sampling.as_ref().map(|(_, p)| {
        let mut per_layout = vec![0.0; layouts.len()];
        for (c, p) in candidates.iter().zip(p) {
            per_layout[c.layout] += p;
        }
        per_layout
    });
    let rows: Vec<LayoutValue> = best
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let (mean, se) = &values[i];
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
        method,
        method_reason: reason,
        future: request.future,
        approximation,
        sampling: sampling.map(|(s, _)| s),
        shares_counted: request.valuation.count_shares,
        buy,
        layouts: order.into_iter().map(|k| rows[k].clone()).collect(),
    }
}

/// Exact for `none` (one enumeration per layout); Monte Carlo otherwise, since a
/// model that keeps placing meets two rolls before the last round at a voyage's
/// start. `equilibrium` is approximated by greedy here, and says so.
fn choose(start: &State, request: &Request) -> (Method, String, Option<String>) {
    let rolls = rolls_before_last_round(start);
    match (request.future, request.method) {
        (Future::None, MethodChoice::MonteCarlo) => (
            Method::MonteCarlo,
            "Monte Carlo, as asked (--method mc)".into(),
            None,
        ),
        (Future::None, _) => (Method::Exact, "exact enumeration per layout".into(), None),
        (future, _) => {
            let approximation = (future == Future::Equilibrium).then(|| {
                format!("the greedy model (max-n over no placement): {rolls} rolls come before the last placement round, too many for an exact search")
            });
            let reason = format!(
                "Monte Carlo with common dice across layouts: {rolls} rolls come before the last placement round"
            );
            (Method::MonteCarlo, reason, approximation)
        }
    }
}

/// Every purchase open with `layout` and the harbour master's exact value with
/// it under `none` (R13, shares counted): what `--buy` chooses from.
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
        .map(|(c, (o, _))| (c.purchase, o.value[hm] + c.extra))
        .collect()
}

type Valued = (Outcome, Option<Outcome>);

fn exact_values(candidates: &[Candidate], request: &Request) -> Vec<Valued> {
    use rayon::prelude::*;
    candidates
        .par_iter()
        .map(|c| (exact::outcome_valued(&c.start, request.valuation), None))
        .collect()
}

/// All candidates on the same dice (common random numbers); returns each one's
/// mean and standard errors, and the sampling record with P(best) per candidate.
fn sampled_values(
    candidates: &[Candidate],
    hm: usize,
    request: &Request,
    progress: analysis::Progress,
) -> (Vec<Valued>, (Sampling, Vec<f64>)) {
    let arms: Vec<Arm> = candidates
        .iter()
        .map(|c| Arm {
            income: c.extra,
            ..sample::position_arm(&c.start)
        })
        .collect();
    let mut settings = request.sampling.clone();
    settings.valuation = request.valuation;
    settings.future = match request.future {
        Future::None => Future::None,
        _ => Future::Greedy,
    };
    let e = sample::run(&arms, Some(hm), &settings, progress);
    let sampling = Sampling {
        seed: e.seed,
        samples: e.samples,
        stop: e.stop.name(),
        seconds: e.elapsed.as_secs_f64(),
        variance_reduction: settings.reduce_variance,
    };
    let p_best = e.arms.iter().map(|a| a.p_best).collect();
    let values = e
        .arms
        .into_iter()
        .map(|a| (a.mean, Some(a.stderr)))
        .collect();
    (values, (sampling, p_best))
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
        if slot.is_none_or(|j| v > values[j].0.value[hm] + candidates[j].extra + exact::TIE) {
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
    let ships = exact::ship_odds(&c.start, mean)
        .into_iter()
        .enumerate()
        .map(|(i, s)| ShipOdds {
            stderr: se.map(|e| (e.harbour[i], e.plundered[i])),
            ..s
        })
        .collect();
    LayoutValue {
        layout,
        value: players[hm],
        stderr: se.map(|e| e.value[hm]),
        p_best,
        ships,
        players,
        players_stderr: se.map(|e| e.value[..n].to_vec()),
        purchase: c.purchase,
    }
}

/// Reads a layout as in the notation: three ship tokens, cargo letter and start
/// space, e.g. `J2 S3 G4` (R3: spaces 0 to 5 summing to 9, three cargos).
pub fn parse_layout(text: &str) -> Result<Layout, Error> {
    let bad = |why: String| Err(Error::Usage(format!("--only \"{text}\": {why}")));
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() != SHIPS {
        return bad(format!(
            "expected 3 ships such as \"J2 S3 G4\", found {} tokens",
            tokens.len()
        ));
    }
    let mut cargos = [Cargo::Jade; SHIPS];
    let mut starts = [0u8; SHIPS];
    for (i, token) in tokens.iter().enumerate() {
        let mut chars = token.chars();
        let letter = chars.next().unwrap_or(' ');
        let Some(cargo) = Cargo::ALL
            .into_iter()
            .find(|c| c.name().starts_with(letter.to_ascii_lowercase()))
        else {
            return bad(format!("'{token}': the cargo letter must be J, S, G or N"));
        };
        let Ok(start) = chars.as_str().parse::<u8>() else {
            return bad(format!(
                "'{token}': expected a start space after the cargo letter"
            ));
        };
        if start > rules::MAX_START {
            return bad(format!(
                "'{token}': a ship starts on space 0 to {}",
                rules::MAX_START
            ));
        }
        if cargos[..i].contains(&cargo) {
            return bad(format!("'{token}': {} is loaded twice", cargo.name()));
        }
        cargos[i] = cargo;
        starts[i] = start;
    }
    let sum: u8 = starts.iter().sum();
    if sum != rules::START_SUM {
        return bad(format!(
            "the start spaces sum to {sum}, not {} (R3)",
            rules::START_SUM
        ));
    }
    Ok((cargos, starts))
}

/// A layout in the notation: `J2 S3 G4`.
pub fn layout_name(layout: Layout) -> String {
    let token = |i: usize| {
        let letter = layout.0[i]
            .name()
            .chars()
            .next()
            .unwrap_or('?')
            .to_ascii_uppercase();
        format!("{letter}{}", layout.1[i])
    };
    (0..SHIPS).map(token).collect::<Vec<_>>().join(" ")
}

/// The cargo left ashore.
pub fn ashore(layout: Layout) -> Cargo {
    Cargo::ALL
        .into_iter()
        .find(|c| !layout.0.contains(c))
        .unwrap_or(Cargo::Nutmeg)
}

/// The voyage start read from a position's JSON without ships (or with `ships`
/// empty): players, harbour master, and optional cash, shares, prices, variant.
pub fn read_start(json: &str) -> Result<Position, Error> {
    let mut value: serde_json::Value = serde_json::from_str(json).map_err(|e| {
        Error::Json(crate::setup::JsonError {
            message: e.to_string(),
            line: e.line(),
            column: e.column(),
        })
    })?;
    let Some(map) = value.as_object_mut() else {
        return Err(Error::Usage(
            "layouts: the position must be a JSON object".into(),
        ));
    };
    match map.get("ships") {
        None => {}
        Some(serde_json::Value::Array(a)) if a.is_empty() => {}
        Some(_) => {
            return Err(Error::Usage(
                "ships: layouts wants a voyage before its layout: leave ships out or empty".into(),
            ));
        }
    }
    let (cargos, starts) = play::layouts()[0];
    let ships: Vec<serde_json::Value> = (0..SHIPS)
        .map(|i| serde_json::json!({"cargo": cargos[i].name(), "position": starts[i], "crew": []}))
        .collect();
    map.insert("ships".into(), serde_json::Value::Array(ships));
    map.entry("rolls_done").or_insert(serde_json::json!(0));
    map.entry("phase").or_insert(serde_json::json!("placement"));
    if !map.contains_key("to_move") {
        let hm = map.get("harbour_master").cloned().unwrap_or_default();
        map.insert("to_move".into(), hm);
    }
    let setup: crate::Setup =
        serde_json::from_value(value).map_err(|e| Error::Usage(format!("layouts: {e}")))?;
    let position = Position::try_from(setup)?;
    let s = position.state();
    let placed = s.player_ids().any(|p| s.placed(p) > 0) || s.passed != 0;
    if s.rolls_done != 0
        || s.round != 1
        || placed
        || s.phase
            != (crate::state::Phase::Placement {
                to_move: s.harbour_master,
            })
    {
        return Err(Error::Usage(
            "layouts: the position must be a voyage's start: no roll, no worker placed, no pass, the harbour master to move".into(),
        ));
    }
    Ok(position)
}
