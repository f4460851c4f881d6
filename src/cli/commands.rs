//! The commands run on a [`Config`]: each reads its input, asks the engine or
//! the parsers, and returns the text to print.

use super::config::{Config, Task};
use super::input::{read_position, read_text};
use super::session::{Options as SessionOptions, Piped, Session, Typed};
use super::{arena, bot, progress, words};
use crate::engine::analysis::{self, Request};
use crate::engine::layouts;
use crate::parse::events::{self, Outcome};
use crate::parse::{json, notation};
use crate::render::{self, Format};
use crate::{Error, Position, rules};
use std::io::IsTerminal;

/// Runs a configured task and returns what to print.
pub fn execute(config: &Config) -> Result<String, Error> {
    match &config.task {
        Task::Layouts { top, only, buy } => return compare_layouts(config, *top, only, *buy),
        Task::Arena(task) => {
            return arena::run(task, &config.request, config.threads, config.format);
        }
        Task::Bot => return serve_bot(&config.request),
        Task::Completions(shell) => return Ok(super::docs::completions(*shell)),
        Task::Man(command) => return super::docs::man(command.as_deref()),
        _ => {}
    }
    let (position, given_as_json) = read_position(&config.source)?;
    match &config.task {
        Task::Show => Ok(render::board::draw_fit(&position, config.fit.width)),
        Task::Convert { to_json } => Ok(convert(&position, to_json.unwrap_or(!given_as_json))),
        Task::Apply { events } => apply(&position, events, config.format),
        Task::Session { me, samples_given } => session(position, config, me, *samples_given),
        _ => analyse(config, &position),
    }
}

/// `bot`: the protocol on standard input and output until `bye`.
fn serve_bot(request: &Request) -> Result<String, Error> {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    bot::serve(request, stdin.lock(), &mut stdout)?;
    Ok(String::new())
}

/// `advise` and `odds`.
fn analyse(config: &Config, position: &Position) -> Result<String, Error> {
    if matches!(config.task, Task::Advise) && position.state().decider().is_none() {
        return Err(Error::Usage(format!(
            "nobody decides in this position ({}); use odds, or apply the roll",
            position.state().phase_words()
        )));
    }
    let renderer = render::renderer_fit(config.format, config.fit);
    let pool = thread_pool(config.threads)?;
    // Progress goes to standard error, and only to a person watching it.
    let what = match config.task {
        Task::Advise => "advice",
        _ => "odds",
    };
    let mut bar = progress_bar(what, &config.request);
    let mut report = |n: u64, se: f64| bar.update(n, se);
    let text = match &config.task {
        Task::Advise => {
            let advice = pool.install(|| analysis::advise(position, &config.request, &mut report));
            renderer.advice(position, &advice)
        }
        _ => {
            let odds = pool.install(|| analysis::odds(position, &config.request, &mut report));
            renderer.odds(position, &odds)
        }
    };
    bar.finish();
    Ok(text)
}

fn convert(position: &Position, to_json: bool) -> String {
    if to_json {
        position.to_setup().to_json()
    } else {
        format!("{}\n", notation::format(position))
    }
}

fn apply(position: &Position, events: &[String], format: Format) -> Result<String, Error> {
    let outcome = events::apply_all(position, events).map_err(|e| Error::Usage(e.to_string()))?;
    Ok(match (outcome, format) {
        (Outcome::Going(p), Format::Json) => p.to_setup().to_json(),
        (Outcome::Going(p), Format::Table) => format!("{}\n", notation::format(&p)),
        (Outcome::Settled(v), Format::Json) => render::json::settlement_json(&v),
        (Outcome::Settled(v), Format::Table) => render::settlement::settlement(&v),
    })
}

/// `session`: lines from the terminal (prompt, editing, history) or a pipe;
/// from a pipe, any refused line makes the exit status 2.
fn session(
    start: Position,
    config: &Config,
    me: &Option<String>,
    samples_given: bool,
) -> Result<String, Error> {
    let options = SessionOptions {
        me: me.clone(),
        fit: config.fit,
        samples_given,
    };
    let mut session = Session::new(start, &config.request, options).map_err(Error::Usage)?;
    let mut out = std::io::stdout();
    let mut err = std::io::stderr();
    let stdin = std::io::stdin();
    let editor = match stdin.is_terminal() {
        true => rustyline::DefaultEditor::new().ok(),
        false => None,
    };
    let (result, interactive) = match editor {
        Some(editor) => (session.run(&mut Typed(editor), &mut out, &mut err), true),
        None => (
            session.run(&mut Piped(stdin.lock()), &mut out, &mut err),
            false,
        ),
    };
    match result {
        Ok(refused) if refused > 0 && !interactive => {
            let s = if refused == 1 { "" } else { "s" };
            Err(Error::Usage(format!(
                "session: {refused} line{s} refused (see above); every other line was played"
            )))
        }
        Ok(_) => Ok(String::new()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(String::new()),
        Err(e) => Err(Error::Io(format!("session: {e}"))),
    }
}

/// The progress of computing `what` under `request`, on standard error when
/// it is a terminal.
pub fn progress_bar(what: &str, request: &Request) -> progress::Bar {
    let plan = progress::Plan::of(&request.sampling);
    progress::Bar::start(std::io::stderr().is_terminal(), what, plan)
}

/// The worker threads of a run (`--threads`, default every core).
fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool, Error> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| Error::Io(format!("cannot start threads: {e}")))
}

/// `layouts`: the voyage start, the layouts asked for, compared and drawn.
fn compare_layouts(
    config: &Config,
    top: Option<usize>,
    only: &[String],
    buy: bool,
) -> Result<String, Error> {
    let (text, _) = read_text(&config.source)?;
    let start = json::read_start(&text).map_err(words::start_error)?;
    let chosen = if only.is_empty() {
        rules::layouts()
    } else {
        only.iter()
            .map(|l| words::only_layout(l))
            .collect::<Result<Vec<_>, _>>()?
    };
    let pool = thread_pool(config.threads)?;
    let what = format!("{} layouts", chosen.len());
    let mut bar = progress_bar(&what, &config.request);
    let mut report = |n: u64, se: f64| bar.update(n, se);
    let comparison = pool
        .install(|| layouts::compare(start.state(), &chosen, buy, &config.request, &mut report));
    bar.finish();
    let shown = top.unwrap_or(chosen.len());
    Ok(render::renderer_fit(config.format, config.fit).layouts(&start, &comparison, shown))
}
