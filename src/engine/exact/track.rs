//! Ship positions as the exact solver sees them: one code per ship, what the
//! dice do to it (R6), what roll 3 makes of it (R9), and the pilots' moves (R8).

use crate::rules::{At, DIE_SIDES, SHIPS, State, TRACK_END};

/// Position code of a ship in the harbour; 0..=13 are spaces at sea.
pub const DOCKED: u8 = TRACK_END + 1;
/// Position codes per ship.
pub const CODES: usize = DOCKED as usize + 1;
/// Distinct position triples: the size of a dense table indexed by [`index`].
pub const TRIPLES: usize = CODES * CODES * CODES;

/// The three ships' position codes.
pub type Pos = [u8; SHIPS];

/// Roll-3 classes of one ship (R9): docks, ends on 13, is wrecked.
pub const CLASSES: usize = 3;
/// Class triples of the three ships, indexed `a * 9 + b * 3 + c`.
pub const CLASS_TRIPLES: usize = CLASSES * CLASSES * CLASSES;

/// A ship's roll-3 prospects depend on its code only through its class counts:
/// spaces 0 to 6 always wreck, 7 to 12 each differ, 13 and the harbour always
/// dock. Eight kinds per ship.
const KINDS: usize = 8;
/// Distinct kind triples: the size of a dense table indexed by [`kinds`].
pub const KIND_TRIPLES: usize = KINDS * KINDS * KINDS;

pub fn code(at: At) -> u8 {
    match at {
        At::Sea(x) => x,
        _ => DOCKED,
    }
}

pub fn positions(s: &State) -> Pos {
    s.ships.map(|ship| code(ship.at))
}

pub fn place_ships(s: &mut State, p: Pos) {
    for (ship, &c) in s.ships.iter_mut().zip(&p) {
        ship.at = if c == DOCKED { At::Harbour } else { At::Sea(c) };
    }
}

/// A position triple's index in `0..TRIPLES`.
pub fn index(p: Pos) -> usize {
    (p[0] as usize * CODES + p[1] as usize) * CODES + p[2] as usize
}

/// A ship's roll-3 class counts out of 6: [docks, ends on 13, wrecked] (R2, R9).
pub fn class_counts(code: u8) -> [u64; CLASSES] {
    if code == DOCKED {
        return [6, 0, 0];
    }
    let x = code as u64;
    let dock = x.saturating_sub(7).min(6);
    let thirteen = (7..=12).contains(&x) as u64;
    [dock, thirteen, 6 - dock - thirteen]
}

fn kind(code: u8) -> usize {
    match code {
        0..=6 => 0,
        7..=12 => (code - 6) as usize,
        _ => KINDS - 1,
    }
}

/// The class counts of each kind: `class_counts` of spaces 0, 7 to 12, 13.
const KIND_COUNTS: [[u64; CLASSES]; KINDS] = [
    [0, 0, 6],
    [0, 1, 5],
    [1, 1, 4],
    [2, 1, 3],
    [3, 1, 2],
    [4, 1, 1],
    [5, 1, 0],
    [6, 0, 0],
];

/// The kind triple of a position, in `0..KIND_TRIPLES`: positions of one kind
/// triple meet roll 3 alike.
pub fn kinds(p: Pos) -> usize {
    kind_triple([kind(p[0]), kind(p[1]), kind(p[2])])
}

fn kind_triple(k: [usize; SHIPS]) -> usize {
    (k[0] * KINDS + k[1]) * KINDS + k[2]
}

/// The class counts of each ship of a kind triple.
pub fn kind_counts(kinds: usize) -> [[u64; CLASSES]; SHIPS] {
    [
        kinds / (KINDS * KINDS),
        kinds / KINDS % KINDS,
        kinds % KINDS,
    ]
    .map(|k| KIND_COUNTS[k])
}

/// A pilot's move from positions `p`, by kinds: each ship's kind triple
/// offset after each delta from -2 to 2 (R8: only ships at sea move, never
/// below 0, past 13 they dock), so that a move's kind triple costs three
/// lookups. A move not allowed gives [`KIND_TRIPLES`].
pub struct Shifts([[usize; 5]; SHIPS]);

impl Shifts {
    pub fn new(p: Pos) -> Shifts {
        let strides = [KINDS * KINDS, KINDS, 1];
        let mut out = [[KIND_TRIPLES; 5]; SHIPS];
        for ((ship, &c), stride) in out.iter_mut().zip(&p).zip(strides) {
            for (slot, d) in ship.iter_mut().zip(-2i8..=2) {
                let to = c as i8 + d;
                if d == 0 {
                    *slot = kind(c) * stride;
                } else if c != DOCKED && to >= 0 {
                    *slot = kind((to as u8).min(DOCKED)) * stride;
                }
            }
        }
        Shifts(out)
    }

    /// The kind triple after `deltas`, or [`KIND_TRIPLES`] if not allowed.
    pub fn kinds(&self, deltas: [i8; SHIPS]) -> usize {
        let at = |i: usize| self.0[i][(deltas[i] + 2) as usize];
        (at(0) + at(1) + at(2)).min(KIND_TRIPLES)
    }
}

/// A player's value of roll 3 from every kind triple, given their value of
/// each class triple's settlement: Σ over class triples of the three ships'
/// class counts times the value, over 216 (R6, R9). The sum is separable, so it
/// is taken one ship at a time. Index [`KIND_TRIPLES`] holds minus infinity,
/// the value of a move not allowed.
pub fn kind_values(held: &[f64; CLASS_TRIPLES], out: &mut [f64]) {
    // Ship 2 from classes to kinds, then ship 1, then ship 0.
    let mut by_c = [[[0.0; KINDS]; CLASSES]; CLASSES];
    for a in 0..CLASSES {
        for b in 0..CLASSES {
            for k2 in 0..KINDS {
                by_c[a][b][k2] = (0..CLASSES)
                    .map(|c| KIND_COUNTS[k2][c] as f64 * held[(a * CLASSES + b) * CLASSES + c])
                    .sum();
            }
        }
    }
    let mut by_b = [[[0.0; KINDS]; KINDS]; CLASSES];
    for a in 0..CLASSES {
        for k1 in 0..KINDS {
            for k2 in 0..KINDS {
                by_b[a][k1][k2] = (0..CLASSES)
                    .map(|b| KIND_COUNTS[k1][b] as f64 * by_c[a][b][k2])
                    .sum();
            }
        }
    }
    for k0 in 0..KINDS {
        for k1 in 0..KINDS {
            for k2 in 0..KINDS {
                let v: f64 = (0..CLASSES)
                    .map(|a| KIND_COUNTS[k0][a] as f64 * by_b[a][k1][k2])
                    .sum();
                out[kind_triple([k0, k1, k2])] = v / 216.0;
            }
        }
    }
    out[KIND_TRIPLES] = f64::NEG_INFINITY;
}

/// The weight of each class triple when the ships fall in classes
/// independently with weights `counts[ship][class]`.
pub fn class_weights(counts: &[[u64; CLASSES]; SHIPS]) -> [u64; CLASS_TRIPLES] {
    let mut out = [0; CLASS_TRIPLES];
    add_class_weights(&mut out, counts, 1);
    out
}

/// Adds `w` times the class weights of `counts` to `weights`, skipping the
/// classes a ship cannot fall in (most ships have one or two): this runs once
/// per position an enumeration reaches.
pub fn add_class_weights(
    weights: &mut [u64; CLASS_TRIPLES],
    counts: &[[u64; CLASSES]; SHIPS],
    w: u64,
) {
    let classes_of = |ship: usize| (0..CLASSES).filter(move |&c| counts[ship][c] > 0);
    for a in classes_of(0) {
        for b in classes_of(1) {
            for c in classes_of(2) {
                let k = (a * CLASSES + b) * CLASSES + c;
                weights[k] += w * counts[0][a] * counts[1][b] * counts[2][c];
            }
        }
    }
}

/// The classes of the three ships in class triple `k`.
pub fn classes(k: usize) -> [usize; SHIPS] {
    [k / 9, k / 3 % 3, k % 3]
}

/// One ship's position counts after `rolls` rolls (out of 6^rolls), by code.
pub fn spread(code: u8, rolls: u8) -> [u64; CODES] {
    let mut dist = [0u64; CODES];
    dist[code as usize] = 1;
    for _ in 0..rolls {
        let mut next = [0u64; CODES];
        for (c, &w) in dist.iter().enumerate().filter(|(_, w)| **w > 0) {
            for d in 1..=DIE_SIDES as usize {
                let to = if c == DOCKED as usize {
                    c
                } else {
                    (c + d).min(DOCKED as usize)
                };
                next[to] += w;
            }
        }
        dist = next;
    }
    dist
}

/// A pilot's move as position deltas, in canonical order (R14).
pub fn pilot_deltas(large: bool) -> Vec<[i8; SHIPS]> {
    let mut all = vec![[0; SHIPS]];
    let singles: &[i8] = if large { &[1, -1, 2, -2] } else { &[1, -1] };
    for i in 0..SHIPS {
        for &d in singles {
            let mut m = [0; SHIPS];
            m[i] = d;
            all.push(m);
        }
    }
    if large {
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            for (di, dj) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let mut m = [0; SHIPS];
                m[i] = di;
                m[j] = dj;
                all.push(m);
            }
        }
    }
    all
}

/// Applies pilot deltas (R8): only ships at sea move, never below 0; past 13 docks.
pub fn moved(p: Pos, deltas: [i8; SHIPS]) -> Option<Pos> {
    let mut out = p;
    for i in 0..SHIPS {
        if deltas[i] == 0 {
            continue;
        }
        if p[i] == DOCKED {
            return None;
        }
        let to = p[i] as i8 + deltas[i];
        if to < 0 {
            return None;
        }
        out[i] = (to as u8).min(DOCKED);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kinds lose nothing: every code's class counts are its kind's.
    #[test]
    fn kinds_keep_class_counts() {
        for a in 0..CODES as u8 {
            for b in [0, 7, 12, 13, DOCKED] {
                let p = [a, b, 9];
                assert_eq!(kind_counts(kinds(p)), p.map(class_counts), "{p:?}");
            }
        }
    }

    /// A move's kinds by `Shifts` are the kinds of the move made (R8).
    #[test]
    fn shifts_agree_with_moves() {
        for a in 0..CODES as u8 {
            for b in [0, 1, 5, 12, 13, DOCKED] {
                let p = [a, b, 7];
                let shifts = Shifts::new(p);
                for m in pilot_deltas(true) {
                    let by_move = moved(p, m).map_or(KIND_TRIPLES, kinds);
                    assert_eq!(shifts.kinds(m), by_move, "{p:?} {m:?}");
                }
            }
        }
    }

    /// The separable sum equals the plain sum over class triples.
    #[test]
    fn kind_values_sum_class_triples() {
        let held: [f64; CLASS_TRIPLES] = std::array::from_fn(|k| (k * k) as f64 * 0.37 - 3.0);
        let mut out = vec![0.0; KIND_TRIPLES + 1];
        kind_values(&held, &mut out);
        for (kinds, &v) in out[..KIND_TRIPLES].iter().enumerate() {
            let weights = class_weights(&kind_counts(kinds));
            let plain: f64 = (0..CLASS_TRIPLES)
                .map(|k| weights[k] as f64 * held[k] / 216.0)
                .sum();
            assert!((v - plain).abs() < 1e-9, "{kinds}: {v} vs {plain}");
        }
        assert_eq!(out[KIND_TRIPLES], f64::NEG_INFINITY);
    }

    #[test]
    fn spread_counts_every_die() {
        for code in 0..CODES as u8 {
            assert_eq!(spread(code, 2).iter().sum::<u64>(), 36);
        }
        assert_eq!(spread(12, 1)[DOCKED as usize], 5);
    }
}
