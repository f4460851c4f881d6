//! The placements seen at the table, and the quantal model fitted to them
//! (R15): every player's, or with `--me` the others' only.

use super::{Finished, Session, Step};
use crate::engine::analysis::Request;
use crate::engine::fit::{self, Observed};
use crate::parse::events::{Event, find_player};
use crate::position::Position;
use crate::render::{self, how};
use crate::report::{Future, Lambda};
use crate::rules::{Action, Phase, State};
use std::cell::OnceCell;

/// A placement seen at the table, for fitting the quantal model (R15): the
/// state before it and the action taken.
pub(super) struct Seen {
    pub(super) state: State,
    pub(super) action: Action,
    /// Its options valued under `none`, worked out when a fit first needs
    /// them: a session under another model never pays for them.
    observed: OnceCell<Option<Observed>>,
}

impl Seen {
    pub(super) fn new(state: State, action: Action) -> Seen {
        Seen {
            state,
            action,
            observed: OnceCell::new(),
        }
    }
}

impl Session {
    /// `request` with the quantal model's lambda fitted to the placements
    /// seen so far (R15), unless `--lambda` gave it. Under another model too:
    /// the advice names the best option under quantal as well.
    pub(super) fn with_fit(&mut self, mut request: Request) -> Request {
        if !self.lambda_given {
            request.lambda = self.fitted();
        }
        request
    }

    /// Lambda fitted to the placements seen (the prior when there are none).
    pub(super) fn fitted(&mut self) -> Lambda {
        fit::fit(&self.observations())
    }

    /// Every placement seen in the session, in order: the voyages finished,
    /// then this one's.
    fn seen(&self) -> impl Iterator<Item = &Seen> {
        seen_in(&self.finished, &self.history)
    }

    /// The placements seen, as (state before, action taken).
    #[cfg(test)]
    pub(super) fn placements(&self) -> Vec<(State, Action)> {
        self.seen().map(|seen| (seen.state, seen.action)).collect()
    }

    /// The placements seen, each with its options valued under `none`: as
    /// `fit::observe_all` would, but each valued once for the session.
    pub(super) fn observations(&mut self) -> Vec<Observed> {
        let solver = self.cache.solver(self.request.valuation);
        seen_in(&self.finished, &self.history)
            .filter_map(|seen| {
                let observed = seen
                    .observed
                    .get_or_init(|| fit::observe(solver, &seen.state, seen.action));
                observed.clone()
            })
            .collect()
    }

    /// `fit`: the quantal model's lambda and what it rests on (R15).
    pub(super) fn fit_report(&mut self) -> String {
        let seen = self.seen().count();
        let mut out = if self.lambda_given {
            let given = how::lambda(&self.request.lambda);
            let seen = self.seen_words(seen);
            format!("Quantal model (R15): {given} by --lambda, so not fitted; {seen}.")
        } else {
            let fitted = self.fitted();
            let mut out = format!(
                "Quantal model (R15): {}; {} (prior median {}).",
                how::lambda(&fitted),
                self.seen_words(seen),
                fit::PRIOR_LAMBDA
            );
            let flat = seen.saturating_sub(fitted.decisions);
            if flat > 0 {
                out += &format!(" {flat} chose between options all worth the same: not counted.");
            }
            out
        };
        if self.request.future != Future::Quantal {
            let model = self.request.future.name();
            out += &format!(" The model is {model}: 'model quantal' puts lambda to use.");
        }
        render::wrap::wrap(&out, self.options.fit.width) + "\n"
    }

    /// "3 placements seen by every player", or by the others with `--me`.
    fn seen_words(&self, seen: usize) -> String {
        let placements = match seen {
            1 => "1 placement".to_string(),
            n => format!("{n} placements"),
        };
        match &self.options.me {
            Some(me) => format!("{placements} seen by players other than {me}"),
            None => format!("{placements} seen by every player"),
        }
    }

    /// The placement `event` is in `p`, when it counts for the fit: every
    /// player's, or with `--me` the others' only, whose play is the unknown.
    pub(super) fn counted(&self, p: &Position, event: Event) -> Option<Seen> {
        let Event::Decide { action, .. } = event else {
            return None;
        };
        let s = p.state();
        if !matches!(s.phase, Phase::Placement { .. }) {
            return None;
        }
        let me = self.options.me.as_deref().and_then(|me| find_player(p, me));
        (me.is_none() || s.decider() != me).then(|| Seen::new(*s, action))
    }
}

/// The placements seen in the voyages finished, then in this one.
fn seen_in<'a>(finished: &'a [Finished], history: &'a [Step]) -> impl Iterator<Item = &'a Seen> {
    let before = finished.iter().flat_map(|f| &f.history);
    before.chain(history).filter_map(|step| step.seen.as_ref())
}
