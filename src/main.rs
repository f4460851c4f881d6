use std::process::ExitCode;

/// The solver's tables grow and are dropped request after request (batch,
/// bot, session); glibc's allocator returns and re-requests those pages each
/// time, and mimalloc keeps them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    manila_odds::cli::run(std::env::args_os())
}
