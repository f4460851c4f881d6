//! Shell completions (clap_complete) and the manual page (clap_mangen), both
//! written from the same clap arguments as the help, so they cannot drift.

use super::args::{Args, ShellArg};
use crate::Error;
use clap::CommandFactory;

const NAME: &str = "manila-odds";

/// The completion script of `shell`.
pub fn completions(shell: ShellArg) -> String {
    let shell = match shell {
        ShellArg::Bash => clap_complete::Shell::Bash,
        ShellArg::Zsh => clap_complete::Shell::Zsh,
        ShellArg::Fish => clap_complete::Shell::Fish,
    };
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Args::command(), NAME, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// The manual page of the tool, or of one of its commands
/// (`manila-odds-advise`).
pub fn man(command: Option<&str>) -> Result<String, Error> {
    let mut tool = Args::command().name(NAME);
    tool.build();
    let (page, title) = match command {
        None => (tool, NAME.to_string()),
        Some(name) => {
            let names: Vec<String> = tool
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            let sub = tool.find_subcommand(name).cloned().ok_or_else(|| {
                Error::Usage(format!(
                    "man: '{name}' is not a command ({})",
                    names.join(", ")
                ))
            })?;
            (
                sub.version(env!("CARGO_PKG_VERSION")),
                format!("{NAME}-{name}"),
            )
        }
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(page)
        .title(title)
        .render(&mut out)
        .map_err(|e| Error::Io(format!("man: {e}")))?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}
