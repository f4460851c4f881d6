//! The values the engine computes, whatever the method: an [`Outcome`] (every
//! player's value, the ships' odds, the tracked worker's pay), the marks that
//! track a worker, what a value counts ([`Valuation`]), the settlement of a
//! finished voyage, and the tie rule of R14.

use crate::rules::{self, Action, At, MAX_PLAYERS, Phase, PlayerId, SHIPS, State};

/// Two values closer than this are equal (R14).
pub const TIE: f64 = 1e-9;

/// The expected result of the rest of the voyage from some point.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outcome {
    /// Each player's expected net receipt from here to the end of settlement.
    pub value: [f64; MAX_PLAYERS],
    /// Per ship: probability of ending in the harbour.
    pub harbour: [f64; SHIPS],
    /// Per ship: probability of being plundered.
    pub plundered: [f64; SHIPS],
    /// Probability that the tracked worker is paid.
    pub paid: f64,
}

impl Outcome {
    /// Every component times `w`.
    pub fn scaled(&self, w: f64) -> Outcome {
        let mut out = Outcome::default();
        out.add(w, self);
        out
    }

    /// Every component squared.
    pub fn squared(&self) -> Outcome {
        self.zip(self, |a, b| a * b)
    }

    /// Component by component `f(self, other)`.
    pub fn zip(&self, other: &Outcome, f: impl Fn(f64, f64) -> f64) -> Outcome {
        let mut out = Outcome {
            paid: f(self.paid, other.paid),
            ..Outcome::default()
        };
        for p in 0..MAX_PLAYERS {
            out.value[p] = f(self.value[p], other.value[p]);
        }
        for i in 0..SHIPS {
            out.harbour[i] = f(self.harbour[i], other.harbour[i]);
            out.plundered[i] = f(self.plundered[i], other.plundered[i]);
        }
        out
    }

    /// Adds `w` times `o`, component by component.
    pub fn add(&mut self, w: f64, o: &Outcome) {
        for (a, b) in self.value.iter_mut().zip(&o.value) {
            *a += w * b;
        }
        for i in 0..SHIPS {
            self.harbour[i] += w * o.harbour[i];
            self.plundered[i] += w * o.plundered[i];
        }
        self.paid += w * o.paid;
    }
}

/// The worker whose chance of pay is followed (`p_paid`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    None,
    Seat {
        ship: u8,
        seat: u8,
    },
    Harbour(u8),
    Shipyard(u8),
    /// On the pirate ship, at this index of the pirates list.
    Pirate(u8),
    Insurance,
    /// Removed by a strong pirate: never paid.
    Lost,
}

/// The mark of the worker that placement `a` puts on the board.
pub fn placed_mark(s: &State, a: Action) -> Mark {
    match a {
        Action::Seat(c) => match s.ship_index(c) {
            Some(i) => Mark::Seat {
                ship: i as u8,
                seat: s.ships[i].crew.len() as u8,
            },
            None => Mark::None,
        },
        Action::Harbour(b) => Mark::Harbour(b.index() as u8),
        Action::Shipyard(b) => Mark::Shipyard(b.index() as u8),
        Action::Pirate => Mark::Pirate(s.pirate_count() as u8),
        Action::Insurance => Mark::Insurance,
        _ => Mark::None,
    }
}

/// Where `mark` is after the boarding decision `a` taken in `s` (R7).
pub fn follow_mark(mark: Mark, s: &State, a: Action) -> Mark {
    let (Phase::Boarding { next, .. }, Action::Board { cargo, remove }) = (s.phase, a) else {
        return mark;
    };
    let Some(i) = s.ship_index(cargo) else {
        return mark;
    };
    let seat = remove.unwrap_or(s.ships[i].crew.len() as u8);
    match mark {
        Mark::Pirate(k) if k == next => Mark::Seat {
            ship: i as u8,
            seat,
        },
        Mark::Seat { ship, seat: k } if remove.is_some() && ship as usize == i && k == seat => {
            Mark::Lost
        }
        Mark::Pirate(1) if next == 0 => Mark::Pirate(0),
        other => other,
    }
}

/// Whether the marked worker is paid in a settled state.
fn mark_paid(s: &State, mark: Mark) -> bool {
    let in_harbour = s.harbour_count();
    let in_shipyard = s.shipyard_count();
    match mark {
        Mark::Seat { ship, .. } => {
            let ship = &s.ships[ship as usize];
            ship.at == At::Harbour && !ship.plundered
        }
        Mark::Harbour(k) => in_harbour > k as usize,
        Mark::Shipyard(k) => in_shipyard > k as usize,
        Mark::Pirate(k) => (k as usize) < s.pirate_count() && s.ships.iter().any(|sh| sh.plundered),
        Mark::Insurance => true,
        Mark::None | Mark::Lost => false,
    }
}

/// What a value counts besides cash (R13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Valuation {
    /// Count each player's unmortgaged shares at their price change (R12).
    pub count_shares: bool,
}

/// The valuation of cash alone, R13 without share counting: the default.
pub const CASH: Valuation = Valuation {
    count_shares: false,
};

/// The outcome of a settled state (every ship in the harbour or the shipyard).
///
/// A value is a change of cash (R13): an insurer who cannot raise the claims
/// even by mortgaging every share pays what they can and the bank the rest
/// (R11; the rulebook in `seeds/`), so only the claims paid count. Shares
/// mortgaged to pay them are mortgaged before the prices rise (R11 before
/// R12), and a mortgaged share's price change counts nothing (R13).
pub fn settled(s: &State, mark: Mark, valuation: Valuation) -> Outcome {
    let settlement = rules::settle(s);
    let mut out = Outcome::default();
    for (p, v) in out.value.iter_mut().enumerate() {
        *v = settlement.cash_change(s.insurance, p) as f64;
    }
    if valuation.count_shares {
        let after = rules::raise_prices(s.prices, settlement.rises);
        let kept = rules::accounts_after(s, &settlement).shares;
        for p in s.player_ids() {
            let held = &kept[p as usize];
            let gain: u32 = (0..4)
                .map(|c| held[c] as u32 * (after[c] - s.prices[c]))
                .sum();
            out.value[p as usize] += gain as f64;
        }
    }
    for (i, ship) in s.ships.iter().enumerate() {
        out.harbour[i] = (ship.at == At::Harbour) as u8 as f64;
        out.plundered[i] = ship.plundered as u8 as f64;
    }
    out.paid = mark_paid(s, mark) as u8 as f64;
    out
}

/// The option of highest value for `decider`; ties go to the first (R14).
pub fn best(options: impl Iterator<Item = Outcome>, decider: Option<PlayerId>) -> Outcome {
    let mut best: Option<Outcome> = None;
    for o in options {
        let better = match (&best, decider) {
            (None, _) => true,
            (Some(b), Some(p)) => o.value[p as usize] > b.value[p as usize] + TIE,
            (Some(_), None) => false,
        };
        if better {
            best = Some(o);
        }
    }
    best.unwrap_or_default()
}

/// The plunder decision (R10) and settlement of a state after resolution.
pub fn plunder_or_settle(s: &State, mark: Mark, valuation: Valuation) -> Outcome {
    if s.phase != Phase::Plunder {
        return settled(s, mark, valuation);
    }
    let options = rules::legal_actions(s)
        .into_iter()
        .filter_map(|a| rules::apply(s, a).ok());
    best(options.map(|t| settled(&t, mark, valuation)), s.decider())
}

/// The worker whose pay `p_paid` follows when the decider takes `a`: the worker
/// placed, or the deciding pirate.
pub fn option_mark(s: &State, a: Action) -> Mark {
    match s.phase {
        Phase::Placement { .. } => placed_mark(s, a),
        Phase::Boarding { next, .. } => follow_mark(Mark::Pirate(next), s, a),
        _ => Mark::None,
    }
}

/// Indices of `values`, best first; values within [`TIE`] keep their order (R14).
pub fn rank(values: &[f64]) -> Vec<usize> {
    let mut left: Vec<usize> = (0..values.len()).collect();
    let mut order = Vec::with_capacity(values.len());
    while !left.is_empty() {
        let mut pick = 0;
        for (k, &i) in left.iter().enumerate() {
            if values[i] > values[left[pick]] + TIE {
                pick = k;
            }
        }
        order.push(left.remove(pick));
    }
    order
}
