//! Sessions at a terminal (issue 15), driven through a pseudo-terminal: the
//! prompt, line editing and history, `--me`, a change of model, `undo`'s
//! message, and refused lines that do not end the session. Every wait is for
//! text the session prints, with a generous timeout: nothing sleeps but the
//! gap between two Ctrl-Cs.

use rexpect::error::Error;
use rexpect::session::PtySession;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// Long enough for a slow, shared machine; a wait ends as soon as its text comes.
const TIMEOUT_MS: u64 = 120_000;

fn session(args: &[&str]) -> Result<PtySession, Error> {
    session_waiting(args, TIMEOUT_MS)
}

/// A session whose every wait gives up after `timeout_ms`.
fn session_waiting(args: &[&str], timeout_ms: u64) -> Result<PtySession, Error> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_manila-odds"));
    command.arg("session").args(args);
    spawned(command, timeout_ms)
}

/// `command` on a pseudo-terminal of 80 columns, from the project's folder.
fn spawned(mut command: Command, timeout_ms: u64) -> Result<PtySession, Error> {
    command
        .current_dir(ROOT)
        .env("COLUMNS", "80")
        .env("NO_COLOR", "1");
    rexpect::session::spawn_command(command, Some(timeout_ms))
}

/// A session at a terminal that echoes what is typed, as a person's does
/// (rexpect turns the echo off), run by `sh` with `then` after it (the shell
/// outlives a Ctrl-C).
fn echoing_session(args: &str, then: &str) -> Result<PtySession, Error> {
    let bin = env!("CARGO_BIN_EXE_manila-odds");
    let mut command = Command::new("sh");
    command.arg("-c").arg(format!(
        "trap : INT; stty echo; '{bin}' session {args}; {then}"
    ));
    spawned(command, TIMEOUT_MS)
}

/// Run after a session: says the terminal's echo setting, `stty: echo` or
/// `stty: -echo`.
const SAY_ECHO: &str = "stty -a | tr ' ' '\\n' | grep -x -- '-*echo' | sed 's/^/stty: /'";

/// The echo setting [`SAY_ECHO`] said, once the session has ended.
fn echo_said(p: &mut PtySession) -> Result<String, Error> {
    p.exp_string("stty: ")?;
    p.exp_string("\r\n")
}

/// Ends the session and waits for it to exit.
fn quit(mut p: PtySession) -> Result<(), Error> {
    p.send_line("quit")?;
    p.exp_eof()?;
    Ok(())
}

/// Sampled advice that runs for a minute unless stopped: at a terminal it
/// would stop at 1.5 s, half a second after its progress shows, and a
/// Ctrl-C sent on seeing the progress could come too late on a busy machine.
const LONG_ADVICE: &str = "--time-limit=60";

/// Waits until a computation shows its progress (from its first second),
/// stops it with Ctrl-C, and waits for the message and the prompt after it.
fn interrupt_advice(p: &mut PtySession) -> Result<(), Error> {
    p.exp_string("gone")?;
    p.send_control('c')?;
    p.exp_string("Interrupted: no advice (Ctrl-C).")?;
    p.exp_string("> ")?;
    Ok(())
}

#[test]
fn a_terminal_session_prompts_edits_and_keeps_history() -> Result<(), Error> {
    let mut p = session(&["tests/data/voyage-start.json", "--me", "yellow"])?;
    p.exp_string("Now red to place (round 1, before roll 1).")?;
    p.exp_string("> ")?;
    p.send_line("Red ship:j")?;
    p.exp_string("red ship:jade. Now blue to place (round 1, before roll 1).")?;
    p.exp_string("> ")?;
    p.send_line("pos")?;
    p.exp_string("red*,blue,green,yellow 0:blue J2:red S3 N4")?;
    p.exp_string("> ")?;
    // The up arrow recalls the last line (no "^[[A" typed into it).
    p.send("\x1b[A")?;
    p.flush()?;
    p.exp_string("> pos")?;
    p.send("\r")?;
    p.flush()?;
    p.exp_string("red*,blue,green,yellow 0:blue J2:red S3 N4")?;
    p.exp_string("> ")?;
    p.send_line("undo")?;
    p.exp_string("Undid 'red ship:jade'. Now red to place (round 1, before roll 1).")?;
    p.exp_string("> ")?;
    // A refused line is said, and the session goes on.
    p.send_line("shwo")?;
    p.exp_string("did you mean show?")?;
    p.exp_string("> ")?;
    quit(p)
}

#[test]
fn a_terminal_session_shows_my_decisions_and_switches_model() -> Result<(), Error> {
    let mut p = session(&["tests/data/voyage-start.json", "--me", "blue", "--top", "3"])?;
    p.exp_string("> ")?;
    p.send_line("red ship:jade")?;
    // Blue decides: the board and the advice.
    p.exp_string("Decides: blue places a worker or passes")?;
    p.exp_string("blue to decide: placement round 1, before roll 1")?;
    p.exp_string("future paranoid")?;
    p.exp_string("Recommendation: blue should take")?;
    p.exp_string("> ")?;
    p.send_line("model equilibrium")?;
    p.exp_string("Every later advice is under the model equilibrium.")?;
    p.exp_string("> ")?;
    p.send_line("advise none")?;
    p.exp_string("future none")?;
    p.exp_string("> ")?;
    p.send_line("1")?;
    p.exp_string("Now green to place (round 1, before roll 1).")?;
    p.exp_string("> ")?;
    quit(p)
}

#[test]
fn ctrl_c_during_advice_stops_the_advice_and_keeps_the_voyage() -> Result<(), Error> {
    // Greedy advice at a voyage's start samples for seconds: long enough for
    // the progress bar (from its first second) and a Ctrl-C.
    let mut p = session(&[
        "--layout",
        "r*,b,g,y J2 S3 G4",
        "--future",
        "greedy",
        LONG_ADVICE,
    ])?;
    // The board is on screen before the advice's progress.
    p.exp_string("Decides: r places a worker or passes")?;
    interrupt_advice(&mut p)?;
    // The session goes on, with the voyage as it was.
    p.send_line("pos")?;
    p.exp_string("r*,b,g,y 0:r J2 S3 G4")?;
    p.exp_string("> ")?;
    quit(p)
}

#[test]
fn rows_shown_before_an_interrupted_advice_can_still_be_taken() -> Result<(), Error> {
    // Red's advice (instant, paranoid exact) is drawn; a slower one is asked
    // for and stopped: the first table is still on screen, so row 1 is red's
    // best option under it, and taking it moves the turn on to blue.
    let mut p = session(&["--layout", "r*,b,g,y J2 S3 G4", "--me", "r", LONG_ADVICE])?;
    p.exp_string("Recommendation: r should take ")?;
    p.exp_string("> ")?;
    p.send_line("advise greedy")?;
    interrupt_advice(&mut p)?;
    p.send_line("1")?;
    p.exp_string("Now b to place")?;
    quit(p)
}

#[test]
fn a_refusal_at_a_terminal_is_wrapped_at_spaces() -> Result<(), Error> {
    // The refusal is 81 columns as one line: at 80 it breaks before its last
    // word, not mid-word where the terminal would.
    let mut p = session(&["--layout", "r*,b,g,y J2 S3 G4", "--me", "y"])?;
    p.exp_string("> ")?;
    p.send_line("1")?;
    p.exp_string("then '1' takes row\r\n  1\r\n")?;
    quit(p)
}

#[test]
fn leaving_a_voyage_under_way_says_the_command_that_goes_on_from_it() -> Result<(), Error> {
    let mut p = session(&["--layout", "r*,b,g,y J2 S3 G4", "--me", "y"])?;
    p.exp_string("> ")?;
    p.send_line("r ship:j")?;
    p.exp_string("Now b to place")?;
    p.exp_string("> ")?;
    // Ctrl-D, as `quit`: the voyage is not lost with the session.
    p.send_control('d')?;
    p.exp_string("To go on from this voyage later:\r\n")?;
    p.exp_string("  manila-odds session --pos='r*,b,g,y 0:b J2:r S3 G4' --me=y\r\n")?;
    p.exp_eof()?;
    Ok(())
}

#[test]
fn the_command_printed_on_leaving_goes_on_from_the_same_position() -> Result<(), Error> {
    // A name beginning with '-' would be read as a flag after a separate
    // `--pos` or `--me`: the command joins them with '='.
    let mut p = session(&["--layout=-r*,b,g,y J2 S3 G4", "--me=-r"])?;
    p.exp_string("> ")?;
    p.send_line("-r ship:j")?;
    p.exp_string("Now b to place")?;
    p.exp_string("> ")?;
    p.send_line("quit")?;
    p.exp_string("To go on from this voyage later:\r\n  ")?;
    let command = p.exp_string("\r\n")?;
    p.exp_eof()?;
    // Run as printed, through a shell, with the binary for `manila-odds`.
    let rest = command.strip_prefix("manila-odds ").expect("the command");
    let bin = env!("CARGO_BIN_EXE_manila-odds");
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("echo pos | '{bin}' {rest}"))
        .current_dir(ROOT)
        .output()
        .expect("sh runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{command}: {text}");
    assert!(
        text.contains("\n-r*,b,g,y 0:b J2:-r S3 G4\n"),
        "{command}: {text}"
    );
    Ok(())
}

#[test]
fn ctrl_c_stops_a_deep_paranoid_search() -> Result<(), Error> {
    // 3 players at a voyage's start, every placement to the roll searched:
    // about two and a half minutes uninterrupted here, five times the wait
    // for the message after Ctrl-C.
    let mut p = session_waiting(
        &[
            "--layout",
            "r*,b,g J2 S3 G4",
            "--future",
            "paranoid",
            "--max-leaves",
            "4000000",
        ],
        30_000,
    )?;
    interrupt_advice(&mut p)?;
    p.send_line("pos")?;
    p.exp_string("r*,b,g 0:r J2 S3 G4")?;
    p.exp_string("> ")?;
    quit(p)
}

#[test]
fn lines_typed_while_the_advice_computes_are_all_read() -> Result<(), Error> {
    // Greedy advice at a voyage's start takes seconds: two lines typed
    // meanwhile wait in the terminal, and are read in turn once it is done
    // (the line editor keeps what it read past the first line's end).
    let mut p = echoing_session("--layout 'r*,b,g,y J2 S3 G4' --future greedy", "true")?;
    p.exp_string("gone")?;
    p.send("r ship:j\rpos\r")?;
    p.flush()?;
    // Not echoed into the progress bar: the prompt shows them.
    let before = p.exp_string("Recommendation: r should take")?;
    assert!(!before.contains("ship:j\r\n"), "echoed: {before}");
    p.exp_string("r ship:j")?;
    p.exp_string("Decides: b places a worker or passes")?;
    p.exp_string("Recommendation: b should take")?;
    p.exp_string("r*,b,g,y 0:b J2:r S3 G4")?;
    p.exp_string("> ")?;
    quit(p)
}

#[test]
fn the_terminal_echoes_again_once_the_advice_is_done() -> Result<(), Error> {
    // The echo is off while advice computes; the shell after the session
    // must see what is typed.
    let mut p = echoing_session("--layout 'r*,b,g,y J2 S3 G4' --future greedy", SAY_ECHO)?;
    p.exp_string("gone")?;
    p.exp_string("Recommendation: r should take")?;
    p.exp_string("> ")?;
    p.send_line("quit")?;
    assert_eq!(echo_said(&mut p)?, "echo");
    p.exp_eof()?;
    Ok(())
}

#[test]
fn a_second_ctrl_c_leaves_without_saying_the_session_goes_on() -> Result<(), Error> {
    // Two Ctrl-Cs a few hundredths of a second apart: the second comes while
    // the first is stopping the advice, or after. Leaving, the session must
    // not also say the voyage is kept (it did about one time in five at 25 to
    // 35 ms), and the shell gets its echo back.
    let mut left = 0;
    for gap_ms in [5, 15, 25, 35] {
        let args = format!("--layout 'r*,b,g,y J2 S3 G4' --future greedy {LONG_ADVICE}");
        let mut p = echoing_session(&args, SAY_ECHO)?;
        p.exp_string("gone")?;
        p.send_control('c')?;
        std::thread::sleep(std::time::Duration::from_millis(gap_ms));
        p.send_control('c')?;
        // Leaving says its words, or none when the voyage was busy: then
        // the shell's line comes first.
        let (_, said) = p.exp_regex("Left the session\\.|Interrupted: no advice|stty: ")?;
        if said.starts_with("Interrupted") {
            // Stopped before the second came: the session goes on, rightly,
            // and says nothing of leaving before its prompt.
            let before = p.exp_string("> ")?;
            assert!(
                !before.contains("Left the session"),
                "{gap_ms} ms: {before}"
            );
            p.send_line("quit")?;
            // The second Ctrl-C may instead have come at that prompt, as a
            // key: the line editor then drops its line, and with it what
            // came in the same read ("quit", when sent before the key was
            // read), and prompts again (each prompt turns bracketed paste
            // on). Then the session is asked again.
            let (_, said) = p.exp_regex("stty: |\x1b\\[\\?2004h")?;
            if said != "stty: " {
                p.send_line("quit")?;
                p.exp_string("stty: ")?;
            }
        } else {
            left += 1;
            if said.starts_with("Left") {
                let after = p.exp_string("stty: ")?;
                assert!(!after.contains("Interrupted"), "{gap_ms} ms: {after}");
            }
        }
        assert_eq!(p.exp_string("\r\n")?, "echo", "{gap_ms} ms");
        p.exp_eof()?;
    }
    assert!(left > 0, "no second Ctrl-C came before the advice stopped");
    Ok(())
}
