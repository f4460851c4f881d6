//! A search candidate as an arena policy: `best-reply` is `round` with its
//! placements chosen by another search of the same depth
//! ([`crate::engine::search`]); every other decision, and the layout, is
//! `round`'s own, so a match against `round` measures the search alone.
//! (The paranoid search, tried here first, became a model of its own,
//! `Future::Paranoid`, and `auto`'s before roll 1.)

use super::policy::{Ask, Fault, LayoutAsk, Maker, Model, Policy};
use crate::engine::analysis::Request;
use crate::engine::exact::Solver;
use crate::engine::search::{self, Searched};
use crate::report::Future;
use crate::rules::{Action, Layout, Phase, State};

/// Crew configurations the solver keeps between decisions.
const SOLVER_TABLES: usize = 20_000;

/// Which search picks the placements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    BestReply,
}

impl Search {
    pub fn name(self) -> &'static str {
        match self {
            Search::BestReply => "best-reply",
        }
    }

    fn run(self, s: &State, solver: &mut Solver) -> Option<Searched> {
        match self {
            Search::BestReply => search::best_reply(s, solver),
        }
    }
}

/// Makes the instances of a search candidate.
pub struct Searcher {
    pub search: Search,
    /// The rest of the request: its valuation, and the settings of the model
    /// that takes the decisions the search leaves (`round`).
    pub request: Request,
}

impl Searcher {
    /// The model of the decisions the search leaves.
    fn rest(&self) -> Model {
        Model {
            request: Request {
                future: Future::Round,
                ..self.request.clone()
            },
            fit: false,
        }
    }
}

impl Maker for Searcher {
    fn name(&self) -> String {
        self.search.name().to_string()
    }

    fn pure(&self) -> bool {
        self.rest().pure()
    }

    fn make(&self) -> Result<Box<dyn Policy>, Fault> {
        Ok(Box::new(SearcherPolicy {
            search: self.search,
            solver: Solver::with(self.request.valuation),
            rest: self.rest().make()?,
        }))
    }
}

struct SearcherPolicy {
    search: Search,
    solver: Solver,
    rest: Box<dyn Policy>,
}

impl Policy for SearcherPolicy {
    fn decide(&mut self, ask: &Ask) -> Result<Action, Fault> {
        let s = ask.position.state();
        if !matches!(s.phase, Phase::Placement { .. }) {
            return self.rest.decide(ask);
        }
        self.solver.trim(SOLVER_TABLES);
        self.search
            .run(s, &mut self.solver)
            .map(|found| found.action)
            .filter(|a| ask.options.contains(a))
            .ok_or_else(|| Fault {
                policy: self.search.name().to_string(),
                request: None,
                answer: None,
                why: "the search found no legal placement".to_string(),
            })
    }

    fn layout(&mut self, ask: &LayoutAsk) -> Result<Layout, Fault> {
        self.rest.layout(ask)
    }
}
