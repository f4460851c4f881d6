use std::process::ExitCode;

fn main() -> ExitCode {
    manila_odds::cli::run(std::env::args_os())
}
