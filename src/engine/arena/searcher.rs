//! Search candidates as arena policies: `paranoid` and `best-reply` are
//! `round` with its placements chosen by another search of the same depth
//! ([`crate::engine::search`]); every other decision, and the layout, is
//! `round`'s own, so a match against `round` measures the search alone.
//! `auto-paranoid` is `auto` with paranoid placements where `auto` runs
//! `round` (before roll 1), measured against `auto`.

use super::policy::{Ask, Fault, LayoutAsk, Maker, Model, Policy};
use crate::engine::analysis::Request;
use crate::engine::analysis::method::auto_future;
use crate::engine::exact::Solver;
use crate::engine::search::{self, Searched};
use crate::report::Future;
use crate::rules::{Action, Layout, Phase, State};

/// Crew configurations the solver keeps between decisions.
const SOLVER_TABLES: usize = 20_000;

/// Which search picks the placements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    Paranoid,
    BestReply,
    /// `auto`, with paranoid placements where `auto` would run `round`.
    AutoParanoid,
}

impl Search {
    pub fn name(self) -> &'static str {
        match self {
            Search::Paranoid => "paranoid",
            Search::BestReply => "best-reply",
            Search::AutoParanoid => "auto-paranoid",
        }
    }

    fn run(self, s: &State, solver: &mut Solver) -> Option<Searched> {
        match self {
            Search::Paranoid | Search::AutoParanoid => search::paranoid(s, solver),
            Search::BestReply => search::best_reply(s, solver),
        }
    }
}

/// Makes the instances of a search candidate.
pub struct Searcher {
    pub search: Search,
    /// The rest of the request: its valuation, and the settings of the model
    /// that takes the decisions the search leaves (`round`, or `auto`).
    pub request: Request,
}

impl Searcher {
    /// The model of the decisions the search leaves.
    fn rest(&self) -> Model {
        let future = match self.search {
            Search::AutoParanoid => Future::Auto,
            _ => Future::Round,
        };
        Model {
            request: Request {
                future,
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
        let searched = match self.search {
            Search::AutoParanoid => auto_future(s).0 == Future::Round,
            _ => true,
        };
        if !searched || !matches!(s.phase, Phase::Placement { .. }) {
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
