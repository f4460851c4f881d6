//! The commands run on a [`Config`]: each reads its input, asks the engine or
//! the parsers, and returns the text to print.

use super::auction::Start;
use super::config::{Config, Source, Task};
use super::input::{self, position_text, read_layout, read_position, read_requests};
use super::session::{
    self, Asked, Lines, Options as SessionOptions, Pending, Piped, Resume, Session, Typed,
};
use super::{arena, batch, bot, echo, progress, words};
use crate::engine::analysis::{self, Progress, Request};
use crate::engine::bid;
use crate::engine::cache::Cache;
use crate::engine::interrupt;
use crate::engine::layouts;
use crate::parse::events::{self, Outcome};
use crate::parse::json;
use crate::parse::notation;
use crate::render::{self, Format};
use crate::report::Future;
use crate::{Error, Position, rules};
use std::io::IsTerminal;

/// Runs a configured task and returns what to print.
pub fn execute(config: &Config) -> Result<String, Error> {
    match &config.task {
        Task::Arena(task) => arena::run(task, config),
        Task::Bot => serve_bot(&config.request),
        Task::Batch => serve_batch(config),
        Task::Completions(shell) => Ok(super::docs::completions(*shell)),
        Task::Man(command) => super::docs::man(command.as_deref()),
        Task::Advise | Task::Odds | Task::Layouts { .. } | Task::Bid { .. } => {
            let pool = thread_pool(config.threads)?;
            // Progress goes to standard error, and only to a person watching it.
            let what = match &config.task {
                Task::Advise => "advice".to_string(),
                Task::Odds => "odds".to_string(),
                Task::Bid { .. } => "bids".to_string(),
                _ => "layouts".to_string(),
            };
            let mut bar = progress_bar(&what, &config.request);
            let mut report = |tick| bar.update(tick);
            let text = pool.install(|| respond(config, &mut Cache::default(), &mut report));
            bar.finish();
            text
        }
        Task::Session { me, samples_given } => {
            // A layout's start may say what its harbour master paid, or
            // leave the layout to be asked for (between voyages).
            let start = match &config.source {
                Source::Layout(text) if session::lacks_ships(text) => {
                    Opening::Ask(Pending::new(text)?)
                }
                Source::Layout(text) => Opening::Ready(read_layout(text)?),
                source => Opening::Ready(read_position(source)?.0.into()),
            };
            session(start, config, me, *samples_given)
        }
        _ => {
            let (position, given_as_json) = read_position(&config.source)?;
            match &config.task {
                Task::Convert { to_json } => {
                    Ok(convert(&position, to_json.unwrap_or(!given_as_json)))
                }
                Task::Apply { events } => apply(&position, events, config.format),
                _ => Ok(render::board::draw_fit(&position, config.fit.width)),
            }
        }
    }
}

/// The layouts of `--only`, each once: a layout is its ships' cargos and
/// spaces in any order (R3), and a table that lists it twice lists one thing.
fn only_layouts(only: &[String]) -> Result<Vec<rules::Layout>, Error> {
    let ships = |(cargos, spaces): rules::Layout| {
        let mut ships: Vec<_> = cargos.into_iter().zip(spaces).collect();
        ships.sort();
        ships
    };
    let mut out: Vec<rules::Layout> = Vec::new();
    for text in only {
        let layout = words::only_layout(text)?;
        let these = ships(layout);
        if let Some(k) = out.iter().position(|&l| ships(l) == these) {
            return Err(Error::Usage(format!(
                "--only \"{text}\": the same layout as \"{}\", named before",
                only[k]
            )));
        }
        out.push(layout);
    }
    Ok(out)
}

/// The answer of `advise`, `odds`, `layouts` or `bid`, computed on the current
/// threads with the solvers of `cache`: what `batch` asks of each request.
pub fn respond(config: &Config, cache: &mut Cache, progress: Progress) -> Result<String, Error> {
    let renderer = render::renderer_fit(config.format, config.fit);
    match &config.task {
        Task::Layouts { top, only, buy } => {
            let start = read_start(&config.source, "layouts")?;
            let chosen = if only.is_empty() {
                rules::layouts()
            } else {
                only_layouts(only)?
            };
            let c = layouts::compare(start.state(), &chosen, *buy, &config.request, progress);
            Ok(renderer.layouts(&start, &c, top.unwrap_or(chosen.len())))
        }
        Task::Bid { buy } => {
            let start = read_start(&config.source, "bid")?;
            let bids = bid::bids(start.state(), *buy, &config.request, progress);
            Ok(renderer.bids(&start, &bids))
        }
        _ => {
            let (position, _) = read_position(&config.source)?;
            analyse(config, cache, &position, progress)
        }
    }
}

/// A voyage start, for `layouts` and `bid`: JSON without ships, or a whole
/// position at a voyage's start, in JSON or notation, whose ships are
/// ignored (every layout is compared).
fn read_start(source: &Source, command: &str) -> Result<Position, Error> {
    let (text, origin) = position_text(source)?;
    let position = if text.trim_start().starts_with(['{', '[']) {
        match json::read_start(&text) {
            Err(json::StartError::HasShips) => input::from_json(&text, &origin)?,
            read => return read.map_err(|e| words::start_error(e, command)),
        }
    } else {
        notation::parse_start(text.trim()).map_err(|e| Error::Usage(format!("{origin}:\n{e}")))?
    };
    json::check_start(position).map_err(|e| words::start_error(e, command))
}

/// `batch`: JSON Lines from a file or standard input, answers on standard
/// output; exit status 2 when any request failed.
fn serve_batch(config: &Config) -> Result<String, Error> {
    let lines = read_requests(&config.source)?;
    let pool = thread_pool(config.threads)?;
    let failed = pool.install(|| batch::serve(lines, &mut std::io::stdout()))?;
    if failed {
        return Err(Error::Usage(
            "batch: some requests failed (their lines say why)".into(),
        ));
    }
    Ok(String::new())
}

/// `bot`: the protocol on standard input and output until `bye`.
fn serve_bot(request: &Request) -> Result<String, Error> {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    bot::serve(request, stdin.lock(), &mut stdout)?;
    Ok(String::new())
}

/// `advise` and `odds`.
fn analyse(
    config: &Config,
    cache: &mut Cache,
    position: &Position,
    progress: Progress,
) -> Result<String, Error> {
    let renderer = render::renderer_fit(config.format, config.fit);
    let request = &config.request;
    if matches!(config.task, Task::Advise) {
        if position.state().decider().is_none() {
            return Err(Error::Usage(format!(
                "nobody decides in this position ({}); use odds, or apply the roll",
                position.state().phase_words()
            )));
        }
        let mut advice = analysis::advise_with(cache, position, request, progress);
        advice.best_by_model = analysis::best_by_model(cache, position, request, &advice);
        return Ok(renderer.advice(position, &advice));
    }
    let odds = analysis::odds_with(cache, position, request, progress);
    Ok(renderer.odds(position, &odds))
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
        (Outcome::Going(p), Format::Table) => format!("{}\n", notation::format(&p)),
        (Outcome::Going(p), Format::Json | Format::JsonLine) => p.to_setup().to_json(),
        (Outcome::Settled(v), Format::Table) => render::settlement::settlement(&v),
        (Outcome::Settled(v), Format::Json | Format::JsonLine) => render::json::settlement_json(&v),
    })
}

/// How a session begins: from a voyage's start or position, or by asking
/// for the layout of a start given without one.
enum Opening {
    Ready(Start),
    Ask(Pending),
}

/// `session`: lines from the terminal (prompt, editing, history) or a pipe;
/// from a pipe, any refused line makes the exit status 2.
fn session(
    opening: Opening,
    config: &Config,
    me: &Option<String>,
    samples_given: bool,
) -> Result<String, Error> {
    let resume = Resume::default();
    let mut out = std::io::stdout();
    let mut err = std::io::stderr();
    let mut lines = session_lines(&resume);
    let interactive = lines.interactive();
    let mut options = SessionOptions {
        me: me.clone(),
        fit: config.fit,
        samples_given,
        width: super::width_source(),
        ..SessionOptions::default()
    };
    // The model `model` sets goes on past `undo` to the question.
    let mut request = config.request.clone();
    // The question, and a session on a stand-in layout that weighs `bid`
    // and `layouts` before the layout is known.
    let (mut ready, mut asking) = match opening {
        Opening::Ready(start) => (Some(start), None),
        Opening::Ask(pending) => {
            let weighing = Session::new(pending.stand_in(), &request, options.clone())
                .map_err(Error::Usage)?;
            (None, Some((pending, weighing)))
        }
    };
    let mut refused = 0;
    loop {
        let start = match (ready.take(), &mut asking) {
            (Some(start), _) => start,
            // Only a session that asked asks again.
            (None, None) => break,
            (None, Some(asking)) => match ask_start(asking, &mut *lines, &mut options) {
                Ok(Some(start)) => start,
                Ok(None) => break,
                Err(stop) => return stop,
            },
        };
        options.resume = Some(resume.clone());
        let mut session = Session::new(start, &request, options.clone()).map_err(Error::Usage)?;
        let ran = match session.run(&mut *lines, &mut out, &mut err) {
            Ok(ran) => ran,
            Err(e) => return cut_short(e),
        };
        refused += ran.refused;
        if !ran.ask_again {
            break;
        }
        // Back at the question, nothing goes on from the answer.
        options.lines_before = ran.lines;
        if let Ok(mut words) = resume.lock() {
            *words = None;
        }
        request = session.request().clone();
        if let Some((pending, weighing)) = &mut asking {
            *weighing = Session::new(pending.stand_in(), &request, options.clone())
                .map_err(Error::Usage)?;
        }
    }
    if refused > 0 && !interactive {
        let s = if refused == 1 { "" } else { "s" };
        return Err(Error::Usage(format!(
            "session: {refused} line{s} refused (see above); every other line was played"
        )));
    }
    Ok(String::new())
}

/// Asks for the layout of a start given without one, weighing `bid` and
/// `layouts` on the stand-in session meanwhile: the start answered, `None`
/// when the person leaves, or `Err` with what the session returns now.
fn ask_start(
    (pending, weighing): &mut (Pending, Session),
    lines: &mut dyn Lines,
    options: &mut SessionOptions,
) -> Result<Option<Start>, Result<String, Error>> {
    let mut weigh = |line: &str| weighing.weigh_pending(line, pending);
    let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
    let (width, before) = (options.fit.width, options.lines_before);
    match pending.ask(before, lines, &mut out, &mut err, width, &mut weigh) {
        Ok(Asked::Start(start, read)) => {
            options.lines_before = read;
            options.asked = true;
            Ok(Some(start))
        }
        Ok(Asked::Left) => Ok(None),
        Ok(Asked::Refused(e)) => Err(Err(Error::Usage(format!("session: {e}")))),
        Err(e) => Err(cut_short(e)),
    }
}

/// A session's lines: typed at a terminal, with a line editor and Ctrl-C
/// caught (leaving says what goes on from `resume`), else read from a pipe.
fn session_lines(resume: &Resume) -> Box<dyn Lines> {
    let stdin = std::io::stdin();
    let editor = match stdin.is_terminal() {
        true => rustyline::DefaultEditor::new().ok(),
        false => None,
    };
    match editor {
        Some(editor) => {
            catch_interrupts(resume.clone());
            Box::new(Typed(editor))
        }
        None => Box::new(Piped(stdin.lock())),
    }
}

/// A session whose reading or writing failed: a closed pipe ends it quietly
/// (nobody reads on), anything else is an error.
fn cut_short(e: std::io::Error) -> Result<String, Error> {
    match e.kind() {
        std::io::ErrorKind::BrokenPipe => Ok(String::new()),
        _ => Err(Error::Io(format!("session: {e}"))),
    }
}

/// At a terminal, Ctrl-C during a computation stops that computation only
/// (the session keeps the voyage); a second Ctrl-C before it has stopped
/// leaves, as Ctrl-C does elsewhere, saying the command that goes on from
/// `resume`. At the prompt the line editor reads Ctrl-C itself.
fn catch_interrupts(resume: Resume) {
    let leave = move || {
        // Taken before the flag is read, and held to the end when leaving:
        // the session, which may be just stopping the computation, cannot
        // then say the voyage is kept (on standard output) and prompt again.
        // (A session whose output is held up, by Ctrl-S say, holds up
        // Ctrl-C too.) Standard error is not held: the bar's own thread
        // draws there under its own lock.
        let out = std::io::stdout().lock();
        if interrupt::request() {
            // The session may hold the lock for a moment: never wait on it
            // (and then say nothing rather than nothing to go on from).
            let words = match resume.try_lock().as_deref() {
                Ok(Some(words)) => words.clone(),
                Ok(None) => "Left the session.".to_string(),
                Err(_) => String::new(),
            };
            progress::say_last(words.trim_end());
            // Leaving mid-computation, the echo goes back on for the shell.
            echo::restore();
            std::process::exit(130);
        }
        drop(out);
        // The handler runs on its own thread: the computation is not held up.
        progress::say_stopping();
    };
    // Without the handler Ctrl-C still leaves, as before: nothing to report,
    // and the echo stays on (it would not be restored).
    if ctrlc::set_handler(leave).is_ok() {
        echo::allow();
    }
}

/// The progress of computing `what` under `request`, on standard error when
/// it is a terminal.
pub fn progress_bar(what: &str, request: &Request) -> progress::Bar {
    let plan = progress::Plan::of(&request.sampling, what != "odds");
    let mut bar = progress::Bar::start(std::io::stderr().is_terminal(), what, plan);
    if let Some(note) = unbounded_search(what, request) {
        bar.note(&note);
    }
    bar
}

/// The spinner's words for a search with no end to foresee: the
/// equilibrium deepens while its searches fit the node budget, which from
/// early in the voyage can take minutes, unless a time limit bounds it.
fn unbounded_search(what: &str, request: &Request) -> Option<String> {
    let unbounded = request.sampling.time_limit.is_none();
    (request.future == Future::Equilibrium && unbounded)
        .then(|| format!("computing {what}: equilibrium search, no time limit (--time-limit)"))
}

/// The worker threads of a run (`--threads`, default every core).
fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool, Error> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| Error::Io(format!("cannot start threads: {e}")))
}

#[cfg(test)]
mod tests {
    use super::unbounded_search;
    use crate::engine::analysis::{MethodChoice, Request};
    use crate::engine::sample::Settings;
    use crate::report::Future;
    use std::time::Duration;

    #[test]
    fn only_an_equilibrium_search_without_a_time_limit_says_it_has_none() {
        let mut request = Request::new(MethodChoice::Auto, Settings::new(1));
        request.future = Future::Equilibrium;
        let note = unbounded_search("odds", &request).expect("a note");
        assert!(note.contains("no time limit (--time-limit)"), "{note}");
        // The spinner's line fits 80 columns with its glyph and the time gone.
        assert!(note.len() + ", 59s gone".len() + 2 <= 80, "{note}");
        request.sampling.time_limit = Some(Duration::from_secs(2));
        assert_eq!(unbounded_search("odds", &request), None);
        request.sampling.time_limit = None;
        for model in [Future::Greedy, Future::Paranoid, Future::Auto, Future::None] {
            request.future = model;
            assert_eq!(unbounded_search("advice", &request), None, "{model:?}");
        }
    }
}
