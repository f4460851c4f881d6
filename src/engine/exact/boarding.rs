//! The boarding step after roll 2 (R7), for the exact solver.
//!
//! The step is a short tree of decisions: the captain boards a ship on 13 or
//! stays, then the other pirate. Which boardings are allowed depends on the
//! positions only through which ships stand on 13, so the tree is built once
//! per table and set of ships on 13 (a *plan*), its leaves the tables of the
//! crews the pirates leave. Walking a plan at a position then costs a few
//! lookups of the deciders' values, instead of applying the rules again.

use super::Solver;
use super::pilots::Memo;
use super::track::{Pos, place_ships, positions};
use crate::engine::values::{Mark, Outcome, TIE, best, follow_mark};
use crate::rules::{self, Phase, PlayerId, SHIPS, State, TRACK_END};

/// One decision of a boarding step (R7): who decides, and their branches
/// (`Solver::plan_branches[start..end]`, in canonical order).
#[derive(Clone, Copy)]
pub(super) struct PlanNode {
    decider: Option<PlayerId>,
    branches: (usize, usize),
}

/// Where a boarding decision leads: the next pirate's decision, or the end of
/// the step in a table (the crews as the pirates left them).
#[derive(Clone, Copy)]
pub(super) enum Branch {
    Node(usize),
    Leaf(usize),
}

impl Solver {
    /// The boarding step from table `t` at positions `q` (R7) as a tree of
    /// decisions. Which boardings are allowed depends on the positions only
    /// through which ships stand on 13, so one plan serves all such positions.
    fn plan(&mut self, t: usize, q: Pos) -> usize {
        let on_13 = (0..SHIPS).fold(0u8, |m, i| m | ((q[i] == TRACK_END) as u8) << i);
        if let Some(&n) = self.plan_of.get(&(t, on_13)) {
            return n;
        }
        let tab = &self.tables[t];
        let mut s = tab.template;
        place_ships(&mut s, q);
        s.phase = Phase::Boarding {
            next: 0,
            boarded: [0; SHIPS],
        };
        let mark = tab.mark;
        let n = self.build_plan(&s, mark);
        self.plan_of.insert((t, on_13), n);
        n
    }

    fn build_plan(&mut self, s: &State, mark: Mark) -> usize {
        let mut branches = Vec::new();
        for a in rules::legal_actions(s) {
            let Ok(next) = rules::apply(s, a) else {
                continue;
            };
            let next_mark = follow_mark(mark, s, a);
            branches.push(match next.phase {
                Phase::Boarding { .. } => Branch::Node(self.build_plan(&next, next_mark)),
                _ => Branch::Leaf(self.tables_for(&next, next_mark)),
            });
        }
        let start = self.plan_branches.len();
        self.plan_branches.extend(branches);
        self.plan_nodes.push(PlanNode {
            decider: s.decider(),
            branches: (start, self.plan_branches.len()),
        });
        self.plan_nodes.len() - 1
    }

    /// The table and kind triple that boarding (R7) and the pilots (R8) lead to
    /// from positions `q` after roll 2: each pirate takes the branch of highest
    /// value to them, ties to the first (R14).
    pub(super) fn boarded(&mut self, t: usize, q: Pos) -> (usize, usize) {
        let root = self.plan(t, q);
        match self.walk(root, q) {
            Some(reached) => reached,
            None => (t, self.after_pilots(t, q, Memo::Positions)),
        }
    }

    fn walk(&mut self, node: usize, q: Pos) -> Option<(usize, usize)> {
        let PlanNode { decider, branches } = self.plan_nodes[node];
        let mut best: Option<((usize, usize), f64)> = None;
        for i in branches.0..branches.1 {
            let reached = match self.plan_branches[i] {
                Branch::Node(n) => self.walk(n, q)?,
                Branch::Leaf(leaf) => (leaf, self.after_pilots(leaf, q, Memo::Positions)),
            };
            let Some(d) = decider else {
                return Some(reached);
            };
            let v = self.value_at(reached.0, d, reached.1);
            if best.is_none_or(|(_, b)| v > b + TIE) {
                best = Some((reached, v));
            }
        }
        best.map(|(reached, _)| reached)
    }

    /// A pirate's boarding decision in `s` (R7), and what follows it.
    pub(super) fn boarding(&mut self, s: &State, mark: Mark) -> Outcome {
        let decider = s.decider();
        let mut options = Vec::new();
        for a in rules::legal_actions(s) {
            let Ok(next) = rules::apply(s, a) else {
                continue;
            };
            let next_mark = follow_mark(mark, s, a);
            options.push(match next.phase {
                Phase::Boarding { .. } => self.boarding(&next, next_mark),
                _ => {
                    let t = self.tables_for(&next, next_mark);
                    self.pilots(t, positions(s))
                }
            });
        }
        best(options.into_iter(), decider)
    }
}
