//! A progress bar for long Monte Carlo runs, on standard error only when it is a
//! terminal, shown only once a run has taken about a second.

use indicatif::{ProgressBar, ProgressStyle};
use std::time::{Duration, Instant};

/// Shown after this long.
const AFTER: Duration = Duration::from_secs(1);

pub struct Bar {
    enabled: bool,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl Bar {
    pub fn new(enabled: bool) -> Bar {
        Bar {
            enabled,
            started: Instant::now(),
            bar: None,
        }
    }

    /// Play-outs so far and the largest standard error among the options.
    pub fn update(&mut self, samples: u64, stderr: f64) {
        if !self.enabled || self.started.elapsed() < AFTER {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::new_spinner();
            let style = ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar
        });
        bar.set_message(format!(
            "{samples} play-outs, largest standard error {stderr:.4}"
        ));
        bar.tick();
    }

    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// A bar for counted work (deals, requests): done of total, percentage and
/// ETA, on standard error only when it is a terminal, from about a second on.
/// Shared by worker threads.
pub struct Counter {
    enabled: bool,
    total: u64,
    what: &'static str,
    started: Instant,
    bar: std::sync::Mutex<Option<ProgressBar>>,
}

impl Counter {
    pub fn new(total: u64, what: &'static str, enabled: bool) -> Counter {
        Counter {
            enabled,
            total,
            what,
            started: Instant::now(),
            bar: std::sync::Mutex::new(None),
        }
    }

    /// `done` of the total are finished.
    pub fn set(&self, done: u64) {
        if !self.enabled || self.started.elapsed() < AFTER {
            return;
        }
        let Ok(mut bar) = self.bar.lock() else {
            return;
        };
        let bar = bar.get_or_insert_with(|| {
            let bar = ProgressBar::new(self.total);
            let template = format!(
                "{{bar:30}} {{pos}}/{{len}} {} {{percent}}%, {{elapsed}} gone, about {{eta}} left",
                self.what
            );
            let style = ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar
        });
        bar.set_position(done.max(bar.position()));
    }

    pub fn finish(&self) {
        if let Ok(mut bar) = self.bar.lock()
            && let Some(bar) = bar.take()
        {
            bar.finish_and_clear();
        }
    }
}
