//! The command line: arguments (clap derive, [`args`]) turned into a plain
//! [`config::Config`], the commands run on it, the session and progress.
//! Nothing outside this module knows clap.
//!
//! - [`args`]: the flags and their help; [`config`]: the checked configuration;
//! - [`input`]: reading a position; [`commands`]: running a task;
//! - [`session`]: a voyage played one event a line; [`progress`]: the bars;
//!   `echo.rs`: the terminal's echo, off while a session computes;
//! - [`batch`]: many requests in one process;
//! - [`arena`]: matches between policies; [`bots`]: external bots (BOTS.md);
//!   [`bot`]: the tool as a bot;
//! - `words.rs`: the engine's typed errors in the command line's words;
//! - `docs.rs`: shell completions and the manual page, from the arguments.

pub mod arena;
pub mod args;
mod auction;
pub mod batch;
pub mod bot;
pub mod bots;
pub mod commands;
pub mod config;
mod docs;
mod echo;
pub mod input;
pub mod progress;
pub mod session;
mod words;

pub use words::only_layout;

use args::Args;
use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches};
use config::Config;
use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

/// Runs the program on its arguments; the exit code follows STYLE.md (0, 1, 2).
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let argv: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let args = match parse_args(argv.clone()) {
        Ok(args) => args,
        Err(e)
            if e.use_stderr()
                && e.kind() != ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand =>
        {
            eprintln!("error: {}", terminal_safe(&one_line(&e, &argv)));
            return ExitCode::from(e.exit_code() as u8);
        }
        // Help (on standard error when a command is missing) and the version:
        // output that cannot be written is an error, as for any result.
        Err(e) => {
            return match e.print() {
                Err(why) if why.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("error: cannot write output: {why}");
                    ExitCode::from(1)
                }
                _ => ExitCode::from(e.exit_code() as u8),
            };
        }
    };
    // Notes follow the result, so that bad input gets its one message
    // alone; a bot, which answers until its input ends, says them first.
    let say = |notes: &[String]| notes.iter().for_each(|note| eprintln!("{note}"));
    let run = |config: Config| {
        let bot = matches!(config.task, config::Task::Bot);
        if bot {
            say(&config.notes);
        }
        let text = commands::execute(&config)?;
        if !bot {
            say(&config.notes);
        }
        Ok(text)
    };
    match Config::from_args(args).and_then(run) {
        Ok(text) => write_out(&text),
        Err(e) => {
            eprintln!("error: {}", terminal_safe(&e.to_string()));
            ExitCode::from(e.exit_code())
        }
    }
}

/// A message with every control character but the line break escaped: input
/// quoted back in an error must not drive the terminal (an escape sequence).
pub fn terminal_safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c != '\n' && crate::position::unprintable(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Clap's complaint in one line, as every other error is: its first
/// paragraph, and a suggestion when it has one, without the usage lines.
fn one_line(e: &clap::Error, argv: &[OsString]) -> String {
    if let Some(negative) = negative_value(e, argv) {
        return negative;
    }
    let text = e.render().to_string();
    let mut paragraphs = text.split("\n\n").map(|p| {
        let lines: Vec<&str> = p.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        lines.join(" ")
    });
    let first = paragraphs.next().unwrap_or_default();
    let first = first.strip_prefix("error: ").unwrap_or(&first).to_string();
    match paragraphs.find(|p| p.starts_with("tip: a similar")) {
        Some(tip) => format!("{first}; {tip}"),
        None => first,
    }
}

/// A negative number given to a flag, named with that flag: no flag takes
/// one. Clap takes `--seed -1`'s `-1` for a flag of its own (and its tip to
/// write `-- -1` would make it the position), and `--seed=-1`'s for a
/// value with an invalid digit.
fn negative_value(e: &clap::Error, argv: &[OsString]) -> Option<String> {
    use clap::error::ContextKind;
    let number = |a: &str| a.starts_with('-') && a.parse::<f64>().is_ok();
    let invalid = e.get(ContextKind::InvalidArg)?.to_string();
    match e.kind() {
        // Clap names `-1` of `-1.5`: the argument itself is the number.
        ErrorKind::UnknownArgument => {
            let at = argv.iter().position(|a| {
                a.to_str()
                    .is_some_and(|a| number(a) && a.starts_with(invalid.as_str()))
            })?;
            let flag = argv[at.checked_sub(1)?].to_str()?;
            let value = argv[at].to_str()?;
            let zero = || refusal_of_zero(argv, flag);
            flag.starts_with("--")
                .then(|| negative_words(flag, value, zero))
        }
        ErrorKind::ValueValidation => {
            let value = e.get(ContextKind::InvalidValue)?.to_string();
            let flag = invalid.split_whitespace().next()?;
            let zero = || refusal_of_zero(argv, flag);
            number(&value).then(|| negative_words(flag, &value, zero))
        }
        _ => None,
    }
}

/// Why `flag` refuses `value`, a number with a minus sign: below 0, or a 0
/// whose sign the flag's number does not read. For a 0, `zero` gives the
/// flag's refusal of a plain 0 when it has one: "write 0" would send the user
/// to a value refused next.
fn negative_words(flag: &str, value: &str, zero: impl FnOnce() -> Option<String>) -> String {
    if value.parse::<f64>().is_ok_and(|x| x == 0.0) {
        zero().unwrap_or_else(|| format!("{flag}: {}", crate::parse::json::write_zero(value)))
    } else {
        format!("{flag}: must not be negative, found {value}")
    }
}

/// What the command line `argv` is told with its `flag`'s `-0` written 0:
/// the flag's own refusal (`--samples: needs at least 1 sample`), or `None`
/// when the flag takes 0 (or the line fails elsewhere first).
fn refusal_of_zero(argv: &[OsString], flag: &str) -> Option<String> {
    let minus_zero = |a: &str| a.starts_with('-') && a.parse::<f64>().is_ok_and(|x| x == 0.0);
    let joined = |a: &str| {
        let value = a.strip_prefix(flag)?.strip_prefix('=')?;
        minus_zero(value).then(|| format!("{flag}=0"))
    };
    let mut plain = argv.to_vec();
    for i in 0..plain.len() {
        let Some(a) = plain[i].to_str() else { continue };
        if let Some(zero) = joined(a) {
            plain[i] = zero.into();
        } else if minus_zero(a) && i > 0 && plain[i - 1].to_str() == Some(flag) {
            plain[i] = "0".into();
        }
    }
    let refusal = match parse_args(plain.clone()) {
        Ok(args) => Config::from_args(args).err()?.to_string(),
        // Refused by clap itself (`--players 0` is not in 3..=5), in its words.
        Err(e) if clap_names(&e, flag) => return Some(one_line(&e, &plain)),
        Err(_) => return None,
    };
    refusal.starts_with(&format!("{flag}:")).then_some(refusal)
}

/// Whether clap's complaint `e` is about `flag` (`--players <PLAYERS>`).
fn clap_names(e: &clap::Error, flag: &str) -> bool {
    let arg = e.get(clap::error::ContextKind::InvalidArg);
    arg.is_some_and(|a| a.to_string().split_whitespace().next() == Some(flag))
}

/// The arguments read by clap, its help wrapped to the width of the output.
fn parse_args<I, T>(args: I) -> Result<Args, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut command = Args::command().term_width(output_width());
    let matches = command.try_get_matches_from_mut(args)?;
    Args::from_arg_matches(&matches)
}

/// The width of standard output: `COLUMNS` when set, else the terminal's,
/// else 80 (a file or a pipe).
pub fn output_width() -> usize {
    columns()
        .or_else(terminal_width)
        .unwrap_or(crate::render::DEFAULT_WIDTH)
}

/// `COLUMNS`, when it holds a width.
fn columns() -> Option<usize> {
    let columns = std::env::var("COLUMNS").ok()?;
    columns.trim().parse::<usize>().ok().filter(|&n| n > 0)
}

/// The width of the terminal standard output is, now (it may be resized).
fn terminal_width() -> Option<usize> {
    if !std::io::stdout().is_terminal() {
        return None;
    }
    let (terminal_size::Width(w), _) = terminal_size::terminal_size()?;
    (w > 0).then_some(w as usize)
}

/// Where the width comes from the terminal (no `COLUMNS`), a way to ask it
/// again: a session redraws at the width the window has now.
pub fn width_source() -> Option<fn() -> Option<usize>> {
    match (columns(), terminal_width()) {
        (None, Some(_)) => Some(terminal_width),
        _ => None,
    }
}

/// Writes the result; a closed pipe is not an error.
fn write_out(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write output: {e}");
            ExitCode::from(1)
        }
    }
}
