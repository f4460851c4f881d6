//! The pilots' decisions after the last placement round (R8), for the exact
//! solver.
//!
//! Roll 3 from a position depends on its kind triple alone (`track::kinds`), so
//! a pilot's holder judges a move by their *view*: their value of roll 3 per
//! kind triple, kept per table and filled at once on first use (the moves from
//! one position reach most kind triples near it, and every class triple is
//! settled anyway). When many positions of one table are asked,
//! the large pilot's decisions are also remembered per position, in a dense
//! *game* shared between tables.

use super::Solver;
use super::track::{Pos, Shifts, TRIPLES, index, kinds, moved};
use crate::engine::values::{Outcome, TIE};

/// Dense pilot games kept at once: a boarding step leads to a few tables.
const PILOT_GAMES: usize = 16;

/// Whether to remember the large pilot's decisions per position.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Memo {
    /// Yes: many positions of the table will be asked.
    Positions,
    /// No: one position is asked.
    None,
}

/// The large pilot's decision per position in one table. A map per table would
/// be hashed per position; this is reused between tables, since refilling it
/// costs less.
pub(super) struct PilotGame {
    table: Option<usize>,
    /// Per position: the kind triple after the large pilot's move, plus one;
    /// 0: not yet known.
    after_large: Vec<u16>,
}

impl PilotGame {
    fn new() -> PilotGame {
        PilotGame {
            table: None,
            after_large: vec![0; TRIPLES],
        }
    }

    fn reset(&mut self, table: usize) {
        self.table = Some(table);
        self.after_large.fill(0);
    }

    /// Forgets its table, whose index is about to be reused.
    pub(super) fn forget(&mut self) {
        self.table = None;
    }
}

impl Solver {
    /// The pilot game of table `t`, reset if another table held it.
    fn game_for(&mut self, t: usize) -> usize {
        if let Some(g) = self.games.iter().position(|g| g.table == Some(t)) {
            return g;
        }
        if self.games.len() < PILOT_GAMES {
            self.games.push(PilotGame::new());
        }
        let g = self.next_game % self.games.len();
        self.next_game = g + 1;
        self.games[g].reset(t);
        g
    }

    /// The kind triple the large pilot's holder leaves from positions `p`
    /// (R8): their best move, ties to the first in canonical order (R14).
    fn after_large(&mut self, t: usize, p: Pos, game: Option<usize>) -> usize {
        let Some(holder) = self.tables[t].template.large_pilot else {
            return kinds(p);
        };
        if let Some(g) = game {
            let known = self.games[g].after_large[index(p)];
            if known > 0 {
                return known as usize - 1;
            }
        }
        let at = self.view(t, holder);
        let view = &self.tables[t].views[at].values;
        let shifts = Shifts::new(p);
        // The first move, doing nothing, is always allowed.
        let mut best = (kinds(p), view[kinds(p)]);
        for &m in &self.large_moves[1..] {
            let k = shifts.kinds(m);
            if view[k] > best.1 + TIE {
                best = (k, view[k]);
            }
        }
        if let Some(g) = game {
            self.games[g].after_large[index(p)] = best.0 as u16 + 1;
        }
        best.0
    }

    /// The kind triple both pilots leave from positions `p` (R8): the small
    /// pilot's best move, anticipating the large pilot's.
    pub(super) fn after_pilots(&mut self, t: usize, p: Pos, memo: Memo) -> usize {
        let template = &self.tables[t].template;
        let (small, large) = (template.small_pilot, template.large_pilot);
        if small.is_none() && large.is_none() {
            return kinds(p);
        }
        let game = (memo == Memo::Positions && large.is_some()).then(|| self.game_for(t));
        let Some(holder) = small else {
            return self.after_large(t, p, game);
        };
        let at = self.view(t, holder);
        let mut best = (kinds(p), f64::NEG_INFINITY);
        for m in 0..self.small_moves.len() {
            let Some(q) = moved(p, self.small_moves[m]) else {
                continue;
            };
            let k = self.after_large(t, q, game);
            let v = self.tables[t].views[at].values[k];
            if v > best.1 + TIE {
                best = (k, v);
            }
        }
        best.0
    }

    /// The large pilot's decision from `p`, then roll 3 (R8).
    pub(super) fn large(&mut self, t: usize, p: Pos) -> Outcome {
        let k = self.after_large(t, p, None);
        self.roll3(t, k)
    }

    /// The pilot game from `p`, then roll 3 (R8). Memoised per position when
    /// somebody holds a pilot.
    pub(super) fn pilots(&mut self, t: usize, p: Pos) -> Outcome {
        let template = &self.tables[t].template;
        if template.small_pilot.is_none() && template.large_pilot.is_none() {
            return self.roll3(t, kinds(p));
        }
        if let Some(&o) = self.tables[t].pilots.get(&(index(p) as u16)) {
            return o;
        }
        let k = self.after_pilots(t, p, Memo::None);
        let o = self.roll3(t, k);
        self.tables[t].pilots.insert(index(p) as u16, o);
        o
    }
}
