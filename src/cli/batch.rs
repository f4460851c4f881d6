//! `batch`: many requests in one process. JSON Lines in, JSON Lines out, in
//! input order. A request is
//! `{"id": ..., "command": "advise" | "odds" | "layouts" | "bid",
//! "position": {...} or "notation": "...", "options": {...}}`; its answer is
//! `{"id": ..., "result": {...}}` with the JSON of the single command, or
//! `{"id": ..., "error": "..."}`.
//!
//! Each request is turned into the single command's own arguments (`options`
//! become its flags: `"samples": 432` is `--samples 432`, `"buy": true` is
//! `--buy`), so it is checked, defaulted and answered exactly as that command
//! would. Requests run in parallel, each worker thread keeping its solvers
//! between them (`engine::cache`): what is kept is a pure function of the
//! states, so the answers are what single commands give, in input order.
//! Lines are answered as they arrive, not at the end of the input.

use super::args::Args;
use super::commands;
use super::config::{Config, Source};
use super::words::NOT_UTF8;
use crate::Error;
use crate::engine::cache::Cache;
use crate::parse::json;
use crate::render::Format;
use clap::Parser;
use rayon::prelude::*;
use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;
use std::collections::HashMap;
use std::io::Write;
use std::sync::mpsc::Receiver;

/// The commands a batch answers.
const COMMANDS: [&str; 4] = ["advise", "odds", "layouts", "bid"];

/// A line of the requests as read, or why reading stopped.
pub type Line = Result<Vec<u8>, String>;

/// Answers the lines that `groups` brings, as they come, and whether any
/// request failed. Whatever lines have arrived are answered together, in
/// parallel, and their answers written and flushed before the next line is
/// awaited: a script that writes a request and waits for its answer gets it,
/// and a file's lines, read a megabyte at a time, are answered in parallel.
/// A line that is not UTF-8 text is a bad request like any other: it gets
/// its own error.
pub fn serve(groups: Receiver<Vec<Line>>, out: &mut dyn Write) -> Result<bool, Error> {
    let (mut failed, mut number) = (false, 0);
    while let Ok(first) = groups.recv() {
        let mut group = Vec::new();
        for read in std::iter::once(first).chain(groups.try_iter()).flatten() {
            number += 1;
            match read {
                Ok(line) => group.push((number, line)),
                Err(why) => {
                    // What was read before is answered first.
                    answer_group(&group, out)?;
                    return Err(Error::Usage(why));
                }
            }
        }
        failed |= answer_group(&group, out)?;
    }
    Ok(failed)
}

/// Answers numbered lines in parallel and writes the answers in their order;
/// whether any failed. A byte-order mark before the first request is not part
/// of it; a `\r` before a line's end is JSON whitespace; a blank line is no
/// request and gets no answer.
fn answer_group(group: &[(usize, Vec<u8>)], out: &mut dyn Write) -> Result<bool, Error> {
    let lines: Vec<(usize, Option<&str>)> = group
        .iter()
        .map(|(k, bytes)| {
            let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
            let bytes = match k {
                1 => bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes),
                _ => bytes,
            };
            (*k, std::str::from_utf8(bytes).ok())
        })
        .filter(|(_, l)| l.is_none_or(|t| !t.trim().is_empty()))
        .collect();
    let answers: Vec<(String, bool)> = lines
        .par_iter()
        .map_init(Cache::default, |cache, &(k, line)| answer(cache, k, line))
        .collect();
    let cannot = |e: std::io::Error| Error::Io(format!("batch: cannot write: {e}"));
    let mut failed = false;
    for (answer, ok) in answers {
        failed |= !ok;
        writeln!(out, "{answer}").map_err(cannot)?;
    }
    out.flush().map_err(cannot)?;
    Ok(failed)
}

/// One line of answer: the request's id, and its result (the single
/// command's JSON as that command writes it, its objects in their order) or
/// its error.
#[derive(Serialize)]
struct Answer {
    id: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl Answer {
    /// The line, and whether the request succeeded.
    fn line(self) -> (String, bool) {
        let ok = self.error.is_none();
        let text = serde_json::to_string(&self).unwrap_or_else(|e| {
            // A `Value`, a string and valid JSON always serialise.
            let error = format!("batch: the answer cannot be written: {e}");
            serde_json::json!({"id": null, "error": error}).to_string()
        });
        (text, ok)
    }

    fn refused(id: Value, error: String) -> (String, bool) {
        let error = Some(error);
        Answer {
            id,
            result: None,
            error,
        }
        .line()
    }
}

/// The answer to line `number` (`None`: not UTF-8), and whether it succeeded.
fn answer(cache: &mut Cache, number: usize, line: Option<&str>) -> (String, bool) {
    let Some(line) = line else {
        return Answer::refused(Value::Null, format!("line {number}: {NOT_UTF8}"));
    };
    // Read as the single command reads a position: a key given twice is
    // refused, not silently the last.
    let request: Value = match json::value(line) {
        Ok(v) => v,
        Err(e) => {
            let error = format!("line {number}: {}", json::value_refusal(&e));
            // JSON with a number out of range still has its id to answer
            // by, unless the id is that number.
            let id = Some(line)
                .filter(|_| e.out_of_range)
                .and_then(id_alone)
                .filter(|id| !id.as_f64().is_some_and(json::past_64_bits));
            return Answer::refused(id.unwrap_or(Value::Null), error);
        }
    };
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    match respond(cache, number, &request, line) {
        Ok(result) => Answer {
            id,
            result: Some(result),
            error: None,
        }
        .line(),
        Err(e) => Answer::refused(id, e.to_string()),
    }
}

fn respond(
    cache: &mut Cache,
    number: usize,
    request: &Value,
    line: &str,
) -> Result<Box<RawValue>, Error> {
    let bad = |why: String| Error::Usage(format!("line {number}: {why}"));
    let Some(fields) = request.as_object() else {
        return Err(bad("a request is a JSON object".into()));
    };
    for key in fields.keys() {
        if !["id", "command", "position", "notation", "options"].contains(&key.as_str()) {
            return Err(bad(format!(
                "unknown field '{key}' (expected id, command, position or notation, options)"
            )));
        }
    }
    let command = match fields.get("command").and_then(Value::as_str) {
        Some(c) if COMMANDS.contains(&c) => c,
        Some(c) => {
            return Err(bad(format!(
                "command '{c}': expected advise, odds, layouts or bid"
            )));
        }
        None => return Err(bad("a request needs a \"command\"".into())),
    };
    let text = match (fields.get("position"), fields.get("notation")) {
        (Some(p), None) if p.is_object() => {
            position_as_typed(line).unwrap_or_else(|| p.to_string())
        }
        (None, Some(Value::String(n))) => n.clone(),
        (Some(_), Some(_)) => return Err(bad("give position or notation, not both".into())),
        _ => {
            return Err(bad(
                "a request needs a \"position\" object or a \"notation\" string".into(),
            ));
        }
    };
    let mut argv = vec![
        "manila-odds".to_string(),
        command.to_string(),
        "--json".to_string(),
    ];
    argv.extend(flags(command, (fields.get("options"), line), &bad)?);
    // The single command's position argument; the text itself is given below.
    argv.push("-".to_string());
    let args = Args::try_parse_from(&argv).map_err(|e| bad(clap_message(&e, &argv)))?;
    let mut config = Config::from_args(args).map_err(|e| bad(option_words(&e.to_string())))?;
    // A script wants the same answer every time: the time budget of advice
    // at the table applies only when the request asks for one.
    let timed = fields
        .get("options")
        .and_then(Value::as_object)
        .is_some_and(|o| o.contains_key("time_limit"));
    if !timed {
        config.request.sampling.time_limit = None;
    }
    // The single command's JSON on one line, its keys in their order
    // (players in seating order), which a `Value` would sort.
    config.format = Format::JsonLine;
    config.source = Source::Text {
        text,
        origin: format!("line {number}"),
    };
    let output = commands::respond(&config, cache, &mut |_| {}).map_err(|e| {
        // Every refusal starts `line N: `, the position's own too ("line 3
        // is not a valid position" becomes "line 3: not a valid position").
        let text = e.to_string();
        let origin = format!("line {number}");
        match text.strip_prefix(&origin) {
            _ if matches!(e, Error::Io(_)) => e,
            Some(rest) if rest.starts_with(':') => e,
            Some(rest) => bad(rest.trim_start().trim_start_matches("is ").to_string()),
            None => bad(option_words(&text)),
        }
    })?;
    RawValue::from_string(output.trim_end().to_string())
        .map_err(|e| Error::Io(format!("batch: the answer is not JSON: {e}")))
}

/// A request's id, read alone: the rest may hold a number that no float
/// holds (`1e400`), which only ignoring it reads past.
fn id_alone(line: &str) -> Option<Value> {
    #[derive(serde::Deserialize)]
    struct Id {
        id: Option<Value>,
    }
    serde_json::from_str::<Id>(line).ok()?.id
}

/// The request's position as typed, after as many spaces as came before it
/// on the line: an error's column is then the line's, not that of the
/// position written again.
fn position_as_typed(line: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Typed<'a> {
        #[serde(borrow)]
        position: Option<&'a RawValue>,
    }
    let raw = serde_json::from_str::<Typed>(line).ok()?.position?.get();
    let before = (raw.as_ptr() as usize).checked_sub(line.as_ptr() as usize)?;
    Some(format!("{}{raw}", " ".repeat(before)))
}

/// The request's options as typed on its line, each value's text.
fn options_as_typed(line: &str) -> Option<HashMap<String, &RawValue>> {
    #[derive(serde::Deserialize)]
    struct Typed<'a> {
        #[serde(borrow)]
        options: Option<HashMap<String, &'a RawValue>>,
    }
    serde_json::from_str::<Typed>(line).ok()?.options
}

/// The single command's flags from a request's `options`, on `line`.
fn flags(
    command: &str,
    (options, line): (Option<&Value>, &str),
    bad: &dyn Fn(String) -> Error,
) -> Result<Vec<String>, Error> {
    let Some(options) = options else {
        return Ok(Vec::new());
    };
    let Some(options) = options.as_object() else {
        return Err(bad("options must be an object".into()));
    };
    let typed = options_as_typed(line);
    let mut out = Vec::new();
    for (key, value) in options {
        let raw = typed.as_ref().and_then(|t| t.get(key)).map(|r| r.get());
        option_flags(command, key, (value, raw), &mut out)
            .map_err(|why| bad(format!("options.{key}: {why}")))?;
    }
    Ok(out)
}

/// `value`, the option `key`'s, is `typed` so on the request's line.
fn option_flags(
    command: &str,
    key: &str,
    (value, typed): (&Value, Option<&str>),
    out: &mut Vec<String>,
) -> Result<(), String> {
    if matches!(key, "json" | "threads" | "pos" | "help" | "version") {
        return Err("not an option of a batch request".into());
    }
    // Options are the flags' names in snake case: `--seed` or `Seed` would
    // reach clap as another flag, and its message would name that one.
    if key.is_empty()
        || !key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        return Err("not an option: options are named in snake case, e.g. time_limit".into());
    }
    let flag = format!("--{}", key.replace('_', "-"));
    let takes_value = takes_value(command, &flag);
    if value.is_array() && takes_value == Some(true) && !repeats(command, &flag) {
        return Err("takes one value, not a list".into());
    }
    match value {
        Value::Bool(_) if takes_value == Some(true) => {
            return Err("takes a value, not true or false".into());
        }
        _ if key == "variance_reduction" && !value.is_boolean() => {
            return Err("takes true or false".into());
        }
        Value::Bool(true) if key == "variance_reduction" => {}
        Value::Bool(false) if key == "variance_reduction" => {
            out.push("--no-variance-reduction".into());
        }
        // An option the command lacks is refused even where its value adds
        // nothing (false, []): clap names it, with a suggestion.
        Value::Bool(false) | Value::Array(_) if takes_value.is_none() => out.push(flag),
        Value::Array(_) if takes_value == Some(false) => {
            return Err("takes true or false, not a list".into());
        }
        Value::Bool(true) => out.push(flag),
        Value::Bool(false) => {}
        // `--seed=-3`: joined, a value that starts with '-' is still a value.
        // As typed: serde_json writes `1e3` back as `1000.0` (and `-0` as
        // `-0.0`); the flag then says what it says on the command line.
        Value::Number(n) => {
            let typed = typed.map_or_else(|| n.to_string(), str::to_string);
            out.push(format!("{flag}={typed}"));
        }
        Value::String(s) => out.push(format!("{flag}={s}")),
        Value::Array(items) => {
            for item in items {
                match item {
                    Value::String(s) => out.push(format!("{flag}={s}")),
                    _ => return Err("a list of strings".into()),
                }
            }
        }
        _ => return Err("a boolean, number, string or list of strings".into()),
    }
    Ok(())
}

/// Whether `command`'s flag `flag` (`--future`) takes a value; `None` when
/// the command has no such flag (clap then says so).
fn takes_value(command: &str, flag: &str) -> Option<bool> {
    flag_arg(command, flag).map(|arg| arg.get_action().takes_values())
}

/// Whether `command`'s flag `flag` may be given more than once (`--only`).
fn repeats(command: &str, flag: &str) -> bool {
    flag_arg(command, flag).is_some_and(|a| matches!(a.get_action(), clap::ArgAction::Append))
}

/// `command`'s flag `flag` (`--future`), as clap knows it.
fn flag_arg(command: &str, flag: &str) -> Option<clap::Arg> {
    use clap::CommandFactory;
    let long = flag.trim_start_matches("--");
    let cli = Args::command();
    let sub = cli.find_subcommand(command)?;
    sub.get_arguments()
        .find(|a| a.get_long() == Some(long))
        .cloned()
}

/// A check of the flags' values, in the request's words: "--time-limit:
/// ..." is "options.time_limit: ...", and `--only "J2 S3 G5": ...` is
/// `options.only "J2 S3 G5": ...`.
fn option_words(message: &str) -> String {
    let Some(rest) = message.strip_prefix("--") else {
        return message.to_string();
    };
    let end = rest
        .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
        .unwrap_or(rest.len());
    let (flag, why) = rest.split_at(end);
    format!("options.{}{why}", flag.replace('-', "_"))
}

/// Clap's complaint in the request's words: the option by its path
/// (`options.futur`), with clap's suggestion or the values it takes; else
/// clap's first line, without usage lines and colours.
fn clap_message(e: &clap::Error, argv: &[String]) -> String {
    use clap::error::{ContextKind, ErrorKind};
    let context = |kind| e.get(kind).map(ToString::to_string);
    // "--future <FUTURE>" is the option `future`.
    let key = |flag: &str| {
        let name = flag.split_whitespace().next().unwrap_or(flag);
        match name.trim_start_matches("--").replace('-', "_") {
            no if no == "no_variance_reduction" => "variance_reduction".to_string(),
            name => name,
        }
    };
    let arg = context(ContextKind::InvalidArg).filter(|arg| arg.starts_with("--"));
    match (e.kind(), arg) {
        (ErrorKind::TooManyValues, Some(arg)) => {
            format!("options.{}: takes true or false", key(&arg))
        }
        (ErrorKind::UnknownArgument, Some(arg)) => {
            let hint = context(ContextKind::SuggestedArg)
                .map(|s| format!("; did you mean {}?", key(&s)))
                .unwrap_or_default();
            format!("options.{}: not an option of this command{hint}", key(&arg))
        }
        // A number with a minus for a flag that takes a number (one that
        // takes names lists them below): below 0, or -0, as the command
        // line says it.
        (ErrorKind::InvalidValue | ErrorKind::ValueValidation, Some(arg))
            if context(ContextKind::ValidValue).is_none()
                && context(ContextKind::InvalidValue)
                    .is_some_and(|v| v.starts_with('-') && v.parse::<f64>().is_ok()) =>
        {
            let value = context(ContextKind::InvalidValue).unwrap_or_default();
            let flag = arg.split_whitespace().next().unwrap_or(&arg);
            let argv: Vec<_> = argv.iter().map(Into::into).collect();
            let zero = || super::refusal_of_zero(&argv, flag).map(|why| option_words(&why));
            super::negative_words(&format!("options.{}", key(&arg)), &value, zero)
        }
        (ErrorKind::InvalidValue | ErrorKind::ValueValidation, Some(arg)) => {
            let value = context(ContextKind::InvalidValue).unwrap_or_default();
            let valid = context(ContextKind::ValidValue)
                .map(|v| format!(" (expected one of {v})"))
                .unwrap_or_default();
            let why = std::error::Error::source(e)
                .map(|why| format!(": {why}"))
                .unwrap_or_default();
            format!("options.{}: invalid value '{value}'{valid}{why}", key(&arg))
        }
        _ => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or_default();
            first.trim_start_matches("error: ").to_string()
        }
    }
}
