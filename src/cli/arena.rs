//! `arena`: two policies in duplicate voyages, with progress while it runs and
//! the voyages recorded when asked.

use super::bots::Bot;
use super::config::Config;
use super::progress::Counter;
use crate::Error;
use crate::engine::analysis::Request;
use crate::engine::arena::{
    self, BySeat, Heuristic, Maker, Model, Random, Recorded, Search, Searcher, Settings,
};
use crate::parse::{events, notation};
use crate::position::Position;
use crate::render;
use crate::report::Future;
use serde_json::{Value, json};
use std::fs::File;
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// A policy as the command line names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PolicySpec {
    Model(Future),
    Random,
    Heuristic,
    Search(Search),
    /// `auto` as the harbour master, `greedy` in every other seat.
    Hybrid,
    Command(String),
}

impl PolicySpec {
    /// Reads `none`, `greedy`, `round`, `auto`, `equilibrium`, `quantal`, `random`,
    /// `heuristic`, `paranoid`, `best-reply`, `hybrid` or `cmd:COMMAND`.
    pub fn parse(flag: &str, text: &str) -> Result<PolicySpec, Error> {
        Ok(match text {
            "none" => PolicySpec::Model(Future::None),
            "greedy" => PolicySpec::Model(Future::Greedy),
            "round" => PolicySpec::Model(Future::Round),
            "auto" => PolicySpec::Model(Future::Auto),
            "equilibrium" => PolicySpec::Model(Future::Equilibrium),
            "quantal" => PolicySpec::Model(Future::Quantal),
            "paranoid" => PolicySpec::Model(Future::Paranoid),
            "random" => PolicySpec::Random,
            "heuristic" => PolicySpec::Heuristic,
            "best-reply" => PolicySpec::Search(Search::BestReply),
            "hybrid" => PolicySpec::Hybrid,
            _ => match text.strip_prefix("cmd:") {
                Some(command) if !command.trim().is_empty() => {
                    PolicySpec::Command(command.to_string())
                }
                _ => {
                    return Err(Error::Usage(format!(
                        "{flag}: '{text}' is not a policy: none, greedy, round, auto, equilibrium, quantal, random, heuristic, paranoid, best-reply, hybrid or cmd:COMMAND"
                    )));
                }
            },
        })
    }
}

/// What `arena` was asked.
#[derive(Debug)]
pub struct ArenaTask {
    pub candidate: PolicySpec,
    pub baseline: PolicySpec,
    pub settings: Settings,
    pub record: Option<String>,
    pub bot_timeout: Duration,
    /// The quantal model fits its rationality to the baseline (no --lambda).
    pub fit_lambda: bool,
}

/// Plays the match and returns what to print.
pub fn run(task: &ArenaTask, config: &Config) -> Result<String, Error> {
    let (request, threads) = (&config.request, config.threads);
    // The record's file is made before the match, so that a path that
    // cannot be written is refused at once, not after hours of play.
    let record = match &task.record {
        Some(path) => Some((
            path,
            File::create(path)
                .map_err(|e| Error::Usage(format!("--record: cannot create '{path}': {e}")))?,
        )),
        None => None,
    };
    let candidate = maker(&task.candidate, request, task);
    let baseline = maker(&task.baseline, request, task);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| Error::Io(format!("cannot start threads: {e}")))?;
    // The match reports each voyage played: a deal's reference and one per
    // candidate seat.
    let voyages = task.settings.deals * task.settings.voyages_per_deal();
    let bar = Counter::new(voyages, "voyages", std::io::stderr().is_terminal());
    let played = pool.install(|| {
        arena::run(
            &task.settings,
            candidate.as_ref(),
            baseline.as_ref(),
            &|n| bar.set(n),
        )
    });
    bar.finish();
    let outcome = played.map_err(|fault| Error::Usage(format!("arena stopped: {fault}")))?;
    if let Some((path, file)) = record {
        let names = [candidate.name(), baseline.name()];
        write_record(path, file, &outcome.voyages, &names)?;
    }
    Ok(render::renderer_fit(config.format, config.fit).arena(&outcome.report))
}

fn maker(spec: &PolicySpec, request: &Request, task: &ArenaTask) -> Box<dyn Maker> {
    match spec {
        PolicySpec::Model(future) => Box::new(Model {
            request: Request {
                future: *future,
                ..request.clone()
            },
            fit: task.fit_lambda,
        }),
        PolicySpec::Hybrid => Box::new(BySeat {
            name: "hybrid".to_string(),
            harbour_master: maker(&PolicySpec::Model(Future::Auto), request, task),
            others: maker(&PolicySpec::Model(Future::Greedy), request, task),
        }),
        PolicySpec::Random => Box::new(Random {
            seed: task.settings.seed,
        }),
        PolicySpec::Heuristic => Box::new(Heuristic),
        PolicySpec::Search(search) => Box::new(Searcher {
            search: *search,
            request: request.clone(),
        }),
        PolicySpec::Command(command) => Box::new(Bot {
            command: command.clone(),
            timeout: task.bot_timeout,
        }),
    }
}

/// One JSON line per voyage: the deal, whose replay it is, who sat where, its
/// start in the notation, its events, every seat's profit and its luck.
fn write_record(
    path: &str,
    file: File,
    voyages: &[Recorded],
    names: &[String; 2],
) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io(format!("--record '{path}': {e}"));
    let mut out = std::io::BufWriter::new(file);
    for v in voyages {
        let seats = arena::seat_names(v.played.start.players);
        let start = Position::from_parts(seats.clone(), v.played.start);
        let policies: serde_json::Map<String, Value> = seats
            .iter()
            .enumerate()
            .map(|(p, name)| {
                let side = usize::from(v.seat != Some(p as u8));
                (name.clone(), json!(names[side]))
            })
            .collect();
        let profits: serde_json::Map<String, Value> = seats
            .iter()
            .zip(&v.played.profits)
            .map(|(name, p)| (name.clone(), json!(p)))
            .collect();
        let luck: serde_json::Map<String, Value> = seats
            .iter()
            .zip(&v.played.luck)
            .map(|(name, l)| (name.clone(), json!(render::json::clean(*l))))
            .collect();
        let line = json!({
            "deal": v.deal,
            "voyage": v.seat.map_or("reference".to_string(), |p| seats[p as usize].clone()),
            "policies": policies,
            "start": notation::format(&start),
            "events": v.played.events.iter().map(|&e| events::write(e, &seats)).collect::<Vec<_>>(),
            "profits": profits,
            "luck": luck,
        });
        writeln!(out, "{line}").map_err(io)?;
    }
    out.flush().map_err(io)
}
