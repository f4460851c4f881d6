//! `manila-odds bot`: the tool itself as a bot, speaking `../shared/BOTS.md`
//! on standard input and output, so that other referees can play against its
//! models. One long-lived process: its solvers and memoised values are kept
//! across the decisions and voyages it is asked about (`engine::cache`).

use super::bots::PROTOCOL;
use super::words::NOT_UTF8;
use crate::Error;
use crate::engine::analysis::{self, Request};
use crate::engine::arena::policy::state_seed;
use crate::engine::cache::Cache;
use crate::engine::layouts;
use crate::parse::{json, layout};
use crate::position::{Position, Setup};
use crate::rules::Layout;
use serde_json::{Value, json};
use std::io::{BufRead, Write};

/// Answers requests until `bye` or the end of the input.
pub fn serve(request: &Request, input: impl BufRead, out: &mut dyn Write) -> Result<(), Error> {
    let mut bot = Server {
        request: request.clone(),
        cache: Cache::default(),
    };
    for (k, line) in input.split(b'\n').enumerate() {
        let line = line.map_err(|e| Error::Io(format!("bot: cannot read a request: {e}")))?;
        let bad = |why: String| Error::Usage(format!("bot: request line {}: {why}", k + 1));
        let line = String::from_utf8(line).map_err(|_| bad(NOT_UTF8.into()))?;
        if line.trim().is_empty() {
            continue;
        }
        // A key given twice is refused, as in a position read alone.
        let v: Value = json::value(&line).map_err(|e| bad(json::value_refusal(&e)))?;
        let answer = match v["type"].as_str() {
            Some("hello") => Some(hello(&v, &bot).map_err(bad)?),
            Some("decide") => Some(bot.decide(&v).map_err(bad)?),
            Some("layout") => Some(bot.layout(&v).map_err(bad)?),
            Some("result") => check_result(&v).map(|()| None).map_err(bad)?,
            Some("bye") => break,
            _ => {
                return Err(bad(
                    "expected a type hello, decide, layout, result or bye".into()
                ));
            }
        };
        if let Some(answer) = answer {
            writeln!(out, "{answer}")
                .and_then(|_| out.flush())
                .map_err(|e| Error::Io(format!("bot: cannot answer: {e}")))?;
        }
    }
    Ok(())
}

struct Server {
    request: Request,
    cache: Cache,
}

impl Server {
    fn name(&self) -> String {
        format!(
            "manila-odds {} ({})",
            env!("CARGO_PKG_VERSION"),
            self.request.future.name()
        )
    }

    /// The request, its Monte Carlo draws seeded by the position: the same
    /// position always gets the same answer.
    fn seeded(&self, position: &Position) -> Request {
        let mut request = self.request.clone();
        request.sampling.seed = state_seed(self.request.sampling.seed, 0, position.state());
        // A bot only decides: the risk of its options is never shown.
        request.risk = false;
        request
    }

    fn decide(&mut self, v: &Value) -> Result<Value, String> {
        let id = request_id(v, "decide")?;
        let position = read_position(&v["position"])?;
        let options = strings(&v["options"])?;
        check_decision(v, &position, &options)?;
        let request = self.seeded(&position);
        let advice = analysis::advise_with(&mut self.cache, &position, &request, &mut |_| {});
        let best = advice
            .options
            .iter()
            .map(|o| o.action.to_string())
            .find(|name| options.contains(name))
            .ok_or("none of the options offered is legal in the position")?;
        Ok(json!({"id": id, "action": best}))
    }

    fn layout(&mut self, v: &Value) -> Result<Value, String> {
        let id = request_id(v, "layout")?;
        let start = json::read_start(&v["start"].to_string()).map_err(|e| format!("start: {e}"))?;
        let offered = strings(&v["options"])?;
        let options: Vec<Layout> = offered
            .iter()
            .map(|text| layout::parse(text).map_err(|e| format!("options: {e}")))
            .collect::<Result<_, _>>()?;
        let seat = v["seat"].as_str().ok_or("a layout request needs a seat")?;
        let master = start.name(start.state().harbour_master);
        if seat != master {
            return Err(format!(
                "seat: '{seat}' is not the harbour master, {master} is, who chooses the layout (R3)"
            ));
        }
        let request = self.seeded(&start);
        let c = layouts::compare(start.state(), &options, false, &request, &mut |_| {});
        let best = c.layouts.first().ok_or("no layout offered")?;
        // BOTS.md: the answer is one of the options as offered, not our own
        // spelling of the same layout.
        let answer = options
            .iter()
            .position(|&l| l == best.layout)
            .map(|i| offered[i].clone())
            .ok_or("the best layout is not among those offered")?;
        Ok(json!({"id": id, "layout": answer}))
    }
}

/// `hello` names the bot, for the protocol this bot speaks only.
fn hello(v: &Value, bot: &Server) -> Result<Value, String> {
    let speaks = format!("this bot speaks protocol {PROTOCOL} (BOTS.md)");
    match &v["protocol"] {
        p if p.as_u64() == Some(PROTOCOL) => Ok(json!({"type": "hello", "name": bot.name()})),
        Value::Number(other) => Err(format!("protocol {other}: {speaks}")),
        Value::Null => Err(format!("protocol: missing; {speaks}")),
        other => Err(format!("protocol: a number, found {other}; {speaks}")),
    }
}

/// A result needs no answer, but one that breaks BOTS.md is a referee's
/// mistake, refused as any other request would be: `deal` a whole number 0
/// or more, `profits` each seat's change of cash, a number (R13).
fn check_result(v: &Value) -> Result<(), String> {
    // JSON's 3.0 is the whole number 3, as a referee may write it.
    let whole = |n: &Value| n.as_f64().is_some_and(|x| x >= 0.0 && x.fract() == 0.0);
    match &v["deal"] {
        Value::Null => return Err("a result needs its deal".into()),
        deal if !whole(deal) => {
            return Err(format!(
                "a result's deal must be a whole number 0 or more, found {deal}"
            ));
        }
        _ => {}
    }
    let profits = match &v["profits"] {
        Value::Null => return Err("a result needs its profits".into()),
        Value::Object(map) => map,
        other => return Err(format!("profits: an object of seats, found {other}")),
    };
    match profits.iter().find(|(_, p)| !p.is_number()) {
        Some((seat, p)) => Err(format!("profits.{seat}: a number of coins, found {p}")),
        None => Ok(()),
    }
}

/// A decide request must ask the seat that decides, and offer only its legal
/// actions (BOTS.md): anything else is a referee's mistake, and answering it
/// anyway would hide that.
fn check_decision(v: &Value, position: &Position, options: &[String]) -> Result<(), String> {
    let seat = v["seat"].as_str().ok_or("a decide request needs a seat")?;
    let decider = position.state().decider().map(|p| position.name(p));
    if decider != Some(seat) {
        return Err(match decider {
            Some(who) => format!("seat: '{seat}' does not decide in the position, {who} does"),
            None => format!("seat: '{seat}' does not decide: nobody decides in the position"),
        });
    }
    let legal: Vec<String> = position
        .legal_actions()
        .iter()
        .map(|a| a.to_string())
        .collect();
    if options.is_empty() {
        return Err("options: empty; BOTS.md offers every legal action".into());
    }
    match options.iter().find(|o| !legal.contains(o)) {
        Some(o) => Err(format!(
            "options: '{o}' is not a legal action of {seat} here"
        )),
        None => Ok(()),
    }
}

fn read_position(v: &Value) -> Result<Position, String> {
    if v.is_null() {
        return Err("position: missing (BOTS.md: a decide request carries the position)".into());
    }
    let setup: Setup = serde_path_to_error::deserialize(v.clone()).map_err(|e| {
        let at = match e.path().to_string() {
            path if path == "." => "position".to_string(),
            path => format!("position.{path}"),
        };
        format!(
            "{at}: {}",
            crate::parse::json::plain(&e.into_inner().to_string())
        )
    })?;
    Position::try_from(setup).map_err(|e| format!("position: {e}"))
}

fn strings(v: &Value) -> Result<Vec<String>, String> {
    v.as_array()
        .ok_or("options must be a list")?
        .iter()
        .map(|o| {
            o.as_str()
                .map(str::to_string)
                .ok_or("options must be strings".into())
        })
        .collect()
}

/// A request's `id`: a whole number 0 or more (BOTS.md), echoed in the answer.
fn request_id(v: &Value, kind: &str) -> Result<u64, String> {
    match &v["id"] {
        Value::Null => Err(format!("a {kind} request needs an id")),
        id => id.as_u64().ok_or_else(|| {
            format!("a {kind} request's id must be a whole number 0 or more, found {id}")
        }),
    }
}
