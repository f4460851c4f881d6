use std::process::ExitCode;

/// The solver's tables grow and are dropped request after request (batch,
/// bot, session); glibc's allocator returns and re-requests those pages each
/// time, and mimalloc keeps them. It is built without transparent huge pages
/// (`no_thp`): zeroing and compacting 2 MiB pages cost up to half of a greedy
/// answer's time on the bench machine.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    manila_odds::cli::run(std::env::args_os())
}
