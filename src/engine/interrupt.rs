//! A request, from outside, to stop the computation under way (Ctrl-C in a
//! session). Long runs look at it between play-outs and between search
//! nodes, and return early with what they have; whoever asked for the stop
//! discards that result, so no partial figure is ever shown as an answer.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Asks the computation under way to stop; returns whether a stop was
/// already asked for and not yet cleared.
pub fn request() -> bool {
    REQUESTED.swap(true, Ordering::Relaxed)
}

/// Whether a stop has been asked for since the last [`clear`].
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Forgets any stop asked for: the next computation runs in full.
pub fn clear() {
    REQUESTED.store(false, Ordering::Relaxed);
}
