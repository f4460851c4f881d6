//! Progress on standard error, only when it is a terminal, from about a second
//! into a run: a [`Bar`] for one computation (with the share done and the time
//! left when the run's plan tells them, else a spinner with the time gone), and
//! a [`Counter`] for counted work such as the arena's deals.
//!
//! Each appears from its first second whether or not the work has reported
//! anything yet: a timer thread shows it, and indicatif redraws it steadily.

use crate::engine::interrupt;
use crate::engine::sample::{self, Settings, Tick};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::Mutex;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Shown after this long.
const AFTER: Duration = Duration::from_secs(1);
/// Redrawn this often once shown.
const REDRAW: Duration = Duration::from_millis(120);
/// The bar's resolution: a share done is shown in thousandths.
const STEPS: u64 = 1000;

/// The bar under way, if any, so that what Ctrl-C's handler says from
/// another thread goes into it rather than over it ([`say_stopping`]).
static UNDER_WAY: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// What a session's first Ctrl-C says while the computation stops.
const STOPPING: &str = "Stopping (Ctrl-C again leaves the session)";

/// Says that the computation under way is stopping, on standard error: as
/// the message of the progress bar when one is drawn (a line printed from
/// another thread would be drawn over), else on a line of its own after
/// whatever the terminal echoed ("^C").
pub fn say_stopping() {
    let bar = UNDER_WAY.lock().ok().and_then(|bar| bar.clone());
    match bar {
        Some(bar) if !bar.is_hidden() => bar.set_message(STOPPING),
        _ => eprintln!("\n{STOPPING}..."),
    }
}

/// Clears the bar under way, if any, for good, and says `text` (if any) on
/// a line of its own: the last words of a process that leaves
/// mid-computation (a second Ctrl-C).
pub fn say_last(text: &str) {
    let cleared = match UNDER_WAY.lock().ok().and_then(|mut bar| bar.take()) {
        Some(bar) if !bar.is_hidden() => {
            bar.finish_and_clear();
            true
        }
        _ => false,
    };
    match (text.is_empty(), cleared) {
        (true, _) => {}
        (false, true) => eprintln!("{text}"),
        (false, false) => eprintln!("\n{text}"),
    }
}

/// A progress bar that stays hidden for its first [`AFTER`], then draws itself
/// on standard error until finished.
struct Delayed {
    bar: ProgressBar,
    cancel: Option<Sender<()>>,
    timer: Option<JoinHandle<()>>,
}

impl Delayed {
    fn start(enabled: bool, len: u64, style: ProgressStyle) -> Option<Delayed> {
        if !enabled {
            return None;
        }
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
        bar.set_style(style);
        let (cancel, cancelled) = mpsc::channel::<()>();
        let shown = bar.clone();
        let timer = std::thread::spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = cancelled.recv_timeout(AFTER) {
                shown.set_draw_target(ProgressDrawTarget::stderr());
                shown.enable_steady_tick(REDRAW);
            }
        });
        if let Ok(mut under_way) = UNDER_WAY.lock() {
            *under_way = Some(bar.clone());
        }
        Some(Delayed {
            bar,
            cancel: Some(cancel),
            timer: Some(timer),
        })
    }

    fn finish(&mut self) {
        // Stop the timer first, so that it cannot draw the bar after it is cleared.
        if let Some(cancel) = self.cancel.take() {
            let _ = cancel.send(());
        }
        if let Some(timer) = self.timer.take() {
            let _ = timer.join();
        }
        if let Ok(mut under_way) = UNDER_WAY.lock() {
            *under_way = None;
        }
        self.bar.finish_and_clear();
    }
}

impl Drop for Delayed {
    fn drop(&mut self) {
        self.finish();
    }
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// A spinner: what is being computed and the time gone.
fn spinner_style() -> ProgressStyle {
    style("{spinner} {msg}, {elapsed} gone")
}

/// A bar: the share done, what is being computed, the time gone and left.
fn bar_style() -> ProgressStyle {
    style("{bar:16} {percent:>3}% {msg}, {elapsed} gone, ~{eta} left")
}

/// How far a Monte Carlo run has to go, from its stopping rules: the play-outs
/// asked for, the time limit, the target standard error. A run that only
/// settles (or only runs to its cap) has no foreseeable end.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Plan {
    /// Play-outs at which the run stops, when a number was asked for.
    pub samples: Option<u64>,
    pub time_limit: Option<Duration>,
    pub target_stderr: Option<f64>,
    /// Play-outs before which no rule stops the run (its first round).
    pub floor: u64,
}

impl Plan {
    /// The plan of a run under `settings`; `decides`: advice (a decider's
    /// options are ranked), not odds.
    pub fn of(settings: &Settings, decides: bool) -> Plan {
        Plan {
            samples: settings.samples.map(|_| sample::planned_samples(settings)),
            time_limit: settings.time_limit,
            target_stderr: settings.target_stderr,
            floor: sample::first_round_samples(settings, decides),
        }
    }

    /// The share of the run done, by whichever rule will stop it first, but
    /// never ahead of the first round, which every run plays in full; `None`
    /// when no rule tells. A standard error falls as one over the square root
    /// of the play-outs, so a target is reached at `(se / target)^2` times the
    /// play-outs so far.
    fn done(&self, samples: u64, stderr: f64, elapsed: Duration) -> Option<f64> {
        let by_samples = self.samples.map(|n| samples as f64 / n.max(1) as f64);
        let by_time = self
            .time_limit
            .map(|t| elapsed.as_secs_f64() / t.as_secs_f64().max(1e-9));
        let by_target = self
            .target_stderr
            .filter(|_| stderr.is_finite() && stderr > 0.0)
            .map(|target| (target / stderr).powi(2));
        let by_floor = match samples >= self.floor {
            true => 1.0,
            false => samples as f64 / self.floor as f64,
        };
        [by_samples, by_time, by_target]
            .into_iter()
            .flatten()
            .reduce(f64::max)
            .map(|f| f.min(by_floor).clamp(0.0, 1.0))
    }
}

/// The share done, in [`STEPS`], of a search with `done` of `of` options
/// valued and `running` under way, each of those counted as half done.
fn options_share(done: u64, running: u64, of: u64) -> u64 {
    (2 * done + running).min(2 * of) * STEPS / (2 * of).max(1)
}

/// From now on `bar` shows the share done, not a spinner.
fn show_share(counted: &mut bool, bar: &ProgressBar) {
    if !*counted {
        bar.set_style(bar_style());
        *counted = true;
    }
}

/// The progress of one computation: advice, odds, layouts.
pub struct Bar {
    shown: Option<Delayed>,
    what: String,
    plan: Plan,
    started: Instant,
    counted: bool,
}

impl Bar {
    /// A bar for computing `what` ("advice", "100 layouts") by `plan`,
    /// drawn only if `enabled` (standard error is a terminal).
    pub fn start(enabled: bool, what: &str, plan: Plan) -> Bar {
        let shown = Delayed::start(enabled, STEPS, spinner_style());
        if let Some(d) = &shown {
            d.bar.set_message(format!("computing {what}"));
        }
        Bar {
            shown,
            what: what.to_string(),
            plan,
            started: Instant::now(),
            counted: false,
        }
    }

    /// What the spinner says until play-outs are counted: how the work
    /// goes, when its end cannot be foreseen.
    pub fn note(&mut self, text: &str) {
        if let Some(shown) = &self.shown {
            shown.bar.set_message(text.to_string());
        }
    }

    /// How far the computation has gone. Once Ctrl-C has asked it to stop,
    /// the bar moves no further and says it is stopping: what comes after is
    /// partial (a stopped run reports its play-outs as if complete).
    pub fn update(&mut self, tick: Tick) {
        if !interrupt::requested() {
            match tick {
                Tick::PlayOuts { samples, stderr } => self.play_outs(samples, stderr),
                Tick::Options { done, running, of } => self.options(done, running, of),
            }
        }
        // Checked again after the update, which may have raced the stop.
        if interrupt::requested()
            && let Some(shown) = &self.shown
        {
            shown.bar.set_message(STOPPING);
        }
    }

    /// `done` of the decider's `of` options valued and `running` under
    /// way: the share done, counting those under way as half done (they
    /// run side by side, so the options done alone would make the time
    /// left look a thread count too long), and the time left at that pace.
    fn options(&mut self, done: u64, running: u64, of: u64) {
        let Some(shown) = &self.shown else {
            return;
        };
        show_share(&mut self.counted, &shown.bar);
        shown.bar.set_position(options_share(done, running, of));
        shown
            .bar
            .set_message(format!("{}: {done} of {of} options valued", self.what));
    }

    /// Play-outs so far and the largest standard error (NaN: not known yet).
    fn play_outs(&mut self, samples: u64, stderr: f64) {
        let Some(shown) = &self.shown else {
            return;
        };
        let bar = &shown.bar;
        // The share done follows the rule that stops first (a time limit, a
        // settled ranking), so the play-outs asked are a ceiling, not the end.
        let planned = self
            .plan
            .samples
            .map_or(String::new(), |n| format!(" (at most {n})"));
        let mut msg = format!("{}: {samples} play-outs{planned}", self.what);
        // The standard error tells how far a run to a target has to go.
        if stderr.is_finite() && self.plan.target_stderr.is_some() {
            msg += &format!(", s.e. {stderr:.3}");
        }
        match self.plan.done(samples, stderr, self.started.elapsed()) {
            Some(f) => {
                show_share(&mut self.counted, bar);
                bar.set_position((f * STEPS as f64) as u64);
            }
            None => msg = format!("computing {msg}"),
        }
        bar.set_message(msg);
    }

    pub fn finish(&mut self) {
        if let Some(mut shown) = self.shown.take() {
            shown.finish();
        }
    }
}

/// A bar for counted work (deals, requests): done of total, percentage and
/// ETA, on standard error only when it is a terminal, from about a second on.
/// Shared by worker threads.
pub struct Counter {
    shown: std::sync::Mutex<Option<Delayed>>,
}

impl Counter {
    pub fn new(total: u64, what: &'static str, enabled: bool) -> Counter {
        let template = format!(
            "{{bar:16}} {{pos}}/{{len}} {what} {{percent}}%, {{elapsed}} gone, ~{{eta}} left"
        );
        Counter {
            shown: std::sync::Mutex::new(Delayed::start(enabled, total, style(&template))),
        }
    }

    /// `done` of the total are finished.
    pub fn set(&self, done: u64) {
        if let Ok(shown) = self.shown.lock()
            && let Some(shown) = shown.as_ref()
        {
            shown.bar.set_position(done.max(shown.bar.position()));
        }
    }

    pub fn finish(&self) {
        if let Ok(mut shown) = self.shown.lock()
            && let Some(mut shown) = shown.take()
        {
            shown.finish();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_under_way_count_half() {
        // 1 of 14 done and 2 under way: 2 of 14 options' worth.
        assert_eq!(options_share(1, 2, 14), 2 * STEPS / 14);
        assert_eq!(options_share(14, 0, 14), STEPS);
        assert_eq!(options_share(0, 0, 0), 0);
    }

    #[test]
    fn the_share_done_follows_the_rule_that_stops_first() {
        let plan = Plan {
            samples: Some(4320),
            time_limit: Some(Duration::from_secs(10)),
            target_stderr: Some(0.1),
            floor: 0,
        };
        let second = Duration::from_secs(1);
        assert_eq!(plan.done(2160, f64::NAN, second), Some(0.5));
        assert_eq!(plan.done(432, f64::NAN, 5 * second), Some(0.5));
        // A standard error twice the target: a quarter of the way.
        assert_eq!(plan.done(0, 0.2, Duration::ZERO), Some(0.25));
        assert_eq!(plan.done(9000, 0.01, 30 * second), Some(1.0));
        assert_eq!(Plan::default().done(100, 0.5, second), None);
    }

    #[test]
    fn the_share_done_waits_for_the_first_round() {
        // A greedy advice at a voyage's start: past its time limit, but 216
        // of the 432 play-outs of its first round still to come.
        let plan = Plan {
            samples: Some(4320),
            time_limit: Some(Duration::from_secs(2)),
            target_stderr: None,
            floor: 432,
        };
        let three = Duration::from_secs(3);
        assert_eq!(plan.done(216, f64::NAN, three), Some(0.5));
        assert_eq!(plan.done(432, f64::NAN, three), Some(1.0));
    }

    #[test]
    fn the_first_round_of_a_settling_advice_is_two_blocks() {
        let mut settings = Settings::new(1);
        settings.samples = Some(4320);
        settings.settle = Some(sample::SETTLE);
        assert_eq!(Plan::of(&settings, true).floor, 432);
        // Odds settle nothing: their first round is the whole run here.
        assert_eq!(Plan::of(&settings, false).floor, 4320);
    }

    #[test]
    fn a_plan_counts_the_play_outs_the_sampler_makes() {
        let mut settings = Settings::new(1);
        settings.samples = Some(1000);
        // Rounded up to whole blocks of 216.
        assert_eq!(Plan::of(&settings, true).samples, Some(1080));
        settings.max_samples = 500;
        assert_eq!(Plan::of(&settings, true).samples, Some(432));
        settings.samples = None;
        assert_eq!(Plan::of(&settings, true).samples, None);
    }
}
