//! The referee: one voyage played whole by the rules (R4-R12), each decision
//! asked of the seat's policy, each roll taken from the deal.

use super::deal::Deal;
use super::luck::Luck;
use super::policy::{Ask, Fault, LayoutAsk, Policy};
use super::{LayoutChoice, Settings};
use crate::Position;
use crate::engine::hash::FxBuild;
use crate::rules::Action;
use crate::rules::{self, Event, Layout, MAX_PLAYERS, Phase, PlayerId, State};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Which policy plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Candidate,
    Baseline,
}

/// Decisions already taken in the voyages of a match, by deal and state.
/// A built-in policy decides as a pure function of the deal and the state (its
/// draws are seeded by them), and a deal's replays meet the reference's states
/// until the candidate's seat plays otherwise: such a decision is taken once.
pub type Recall = Mutex<HashMap<(u64, State), Action, FxBuild>>;

/// The two policies of a match and which seat, if any, the candidate takes.
pub struct Seats<'a> {
    /// `None` in the reference voyage, which the candidate does not play.
    pub candidate: Option<&'a mut dyn Policy>,
    pub baseline: &'a mut dyn Policy,
    /// The candidate's seat; `None`: the baseline in every seat (the reference).
    pub seat: Option<PlayerId>,
    /// Each side's decisions already taken, for a policy that is a pure
    /// function of the deal and the state (`Maker::pure`).
    pub recall: [Option<&'a Recall>; 2],
}

impl<'a> Seats<'a> {
    /// The baseline in every seat.
    pub fn reference(baseline: &'a mut dyn Policy, recall: Option<&'a Recall>) -> Seats<'a> {
        Seats {
            candidate: None,
            baseline,
            seat: None,
            recall: [None, recall],
        }
    }

    fn recall(&self, side: Side) -> Option<&'a Recall> {
        self.recall[match side {
            Side::Candidate => 0,
            Side::Baseline => 1,
        }]
    }

    fn side(&self, p: PlayerId) -> Side {
        if self.seat == Some(p) && self.candidate.is_some() {
            Side::Candidate
        } else {
            Side::Baseline
        }
    }

    fn policy(&mut self, side: Side) -> &mut dyn Policy {
        match (side, &mut self.candidate) {
            (Side::Candidate, Some(candidate)) => &mut **candidate,
            _ => &mut *self.baseline,
        }
    }
}

/// One voyage as played.
#[derive(Clone, Debug)]
pub struct Played {
    /// The state at its first placement.
    pub start: State,
    pub events: Vec<Event>,
    /// Each seat's change of cash over the voyage (R13): payouts received,
    /// minus costs paid, plus 10 for insurance, minus insurance claims.
    pub profits: Vec<i64>,
    /// Seconds per decision, by the side that took it.
    pub times: Vec<(Side, f64)>,
    /// Each seat's luck over the voyage's rolls (`luck.rs`).
    pub luck: Vec<f64>,
}

/// The names of the seats: `p1`, `p2`, ...
pub fn seat_names(players: u8) -> Vec<String> {
    (1..=players).map(|k| format!("p{k}")).collect()
}

/// The voyage start of a deal before its layout: players, harbour master,
/// workers, variant and cash.
pub fn template(settings: &Settings, deal: &Deal) -> State {
    let (cargos, starts) = deal.layout;
    let mut s = rules::voyage_start(
        settings.players,
        deal.harbour_master,
        cargos,
        starts,
        settings.variant,
    );
    for p in 0..settings.players as usize {
        s.cash[p] = settings.cash;
    }
    s
}

/// Plays deal `deal` with `seats`.
pub fn play(settings: &Settings, deal: &Deal, seats: &mut Seats) -> Result<Played, Fault> {
    let names = seat_names(settings.players);
    let template = template(settings, deal);
    let layout = layout(settings, deal, &names, &template, seats)?;
    let start = rules::start_with(&template, layout);
    let mut s = start;
    let mut profits = [0i64; MAX_PLAYERS];
    let mut events = Vec::new();
    let mut times = Vec::new();
    let mut luck = Luck::new();
    loop {
        match s.phase {
            Phase::Over => break,
            Phase::Roll => {
                let dice = deal.dice[s.rolls_done as usize];
                events.push(Event::Roll(dice));
                s = luck.roll(&s, dice);
            }
            _ => {
                let (a, p, seconds) = decide(deal, &names, &s, seats)?;
                // A decision recalled took no thinking: it is not timed.
                if let Some(seconds) = seconds {
                    times.push((seats.side(p), seconds));
                }
                let event = Event::Decide {
                    player: Some(p),
                    action: a,
                };
                for (profit, cash) in profits.iter_mut().zip(event.cash(&s)) {
                    *profit += cash;
                }
                events.push(event);
                s = rules::apply(&s, a).map_err(|e| referee_fault(&e.to_string()))?;
            }
        }
    }
    // The change of cash (R13): an insurer short of money pays what they can
    // and the bank the rest (R11), as `apply` settles a recorded voyage.
    let settlement = rules::settle(&s);
    for (p, profit) in profits.iter_mut().enumerate() {
        *profit += settlement.cash_change(s.insurance, p);
    }
    let profits = profits[..settings.players as usize].to_vec();
    for side in [Side::Candidate, Side::Baseline] {
        if (0..settings.players).any(|p| seats.side(p) == side) {
            seats.policy(side).result(deal.number, &profits)?;
        }
    }
    Ok(Played {
        start,
        events,
        profits,
        times,
        luck: luck.of(settings.players as usize),
    })
}

/// The decider's choice in `s`, who made it, and how long it took (`None`:
/// recalled from an earlier voyage of the deal).
fn decide(
    deal: &Deal,
    names: &[String],
    s: &State,
    seats: &mut Seats,
) -> Result<(rules::Action, PlayerId, Option<f64>), Fault> {
    let p = s
        .decider()
        .ok_or_else(|| referee_fault("a decision with no decider"))?;
    let recall = seats.recall(seats.side(p));
    let known = recall.and_then(|r| r.lock().ok()?.get(&(deal.number, *s)).copied());
    if let Some(a) = known {
        return Ok((a, p, None));
    }
    let options = rules::legal_actions(s);
    let position = Position::from_parts(names.to_vec(), *s);
    let ask = Ask {
        deal: deal.number,
        seat: p,
        position: &position,
        options: &options,
    };
    let side = seats.side(p);
    let started = Instant::now();
    let a = seats.policy(side).decide(&ask)?;
    let seconds = started.elapsed().as_secs_f64();
    if !options.contains(&a) {
        return Err(referee_fault(&format!("'{a}' was not offered")));
    }
    if let Some(mut known) = recall.and_then(|r| r.lock().ok()) {
        known.insert((deal.number, *s), a);
    }
    Ok((a, p, Some(seconds)))
}

/// The layout of the voyage: the deal's, or the harbour master's choice.
fn layout(
    settings: &Settings,
    deal: &Deal,
    names: &[String],
    template: &State,
    seats: &mut Seats,
) -> Result<Layout, Fault> {
    if settings.layout == LayoutChoice::Random {
        return Ok(deal.layout);
    }
    let options = rules::layouts();
    let start = Position::from_parts(names.to_vec(), rules::start_with(template, options[0]));
    let ask = LayoutAsk {
        deal: deal.number,
        seat: deal.harbour_master,
        start: &start,
        options: &options,
    };
    let side = seats.side(deal.harbour_master);
    let chosen = seats.policy(side).layout(&ask)?;
    if !options.contains(&chosen) {
        return Err(referee_fault("a layout that was not offered"));
    }
    Ok(chosen)
}

/// A fault of the referee itself: a policy answered what it was not offered,
/// or the rules refused a legal action. Never expected; reported, not hidden.
fn referee_fault(why: &str) -> Fault {
    Fault {
        policy: "referee".to_string(),
        request: None,
        answer: None,
        why: why.to_string(),
    }
}
