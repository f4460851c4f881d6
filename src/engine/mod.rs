//! The engine: what the rest of a voyage is worth, exactly or sampled, under a
//! future model (R13-R15).
//!
//! - [`values`]: an [`values::Outcome`] (every player's value, the ships' odds,
//!   a tracked worker's pay), marks, the valuation, the tie rule (R14).
//! - [`exact`]: the exact solver under `none`, per crew configuration: the
//!   dice (R6), boarding plans (R7), the pilots' game (R8) and roll 3 by class
//!   (R9-R11); `exact::track` holds ship positions as it sees them.
//! - [`future`]: the [`future::Planner`] of the models in which players keep
//!   placing (R15 `greedy`, `round`, `quantal`, `paranoid`, and
//!   `equilibrium`: max-n, R14), on the exact solver.
//! - [`sample`]: Monte Carlo play-outs with common random numbers, a stratified
//!   first roll and honest standard errors.
//! - [`search`]: the best-reply search of a placement, a candidate measured
//!   in the arena beside max-n and the paranoid model.
//! - [`ranking`]: options ranked into advice, best first (R14).
//! - [`risk`]: an option's distribution of value (R13), walked as the model
//!   decides; its mean is the option's value.
//! - [`analysis`]: the method chosen for a request (`auto` estimates first),
//!   the paranoid model's search as deep as its budget allows, and each
//!   result's `How`.
//! - [`layouts`]: the harbour master's comparison of the 100 layouts (R3);
//!   [`bid`]: what the role is worth to each player at the auction (R16).
//! - [`cache`]: solvers kept between requests, for processes that ask many.
//! - [`interrupt`]: a stop asked for from outside (Ctrl-C in a session).
//! - [`fit`]: the quantal model's rationality fitted to decisions observed.
//! - [`arena`]: duplicate voyages between policies, refereed by the rules.
//!
//! The engine reads positions and writes [`crate::report`]s; it parses no text
//! and names no flag (its errors are typed; the CLI words them).

pub mod analysis;
pub mod arena;
pub mod bid;
pub mod cache;
pub mod exact;
pub mod fit;
pub mod future;
mod hash;
pub mod interrupt;
pub mod layouts;
pub mod ranking;
pub mod risk;
pub mod sample;
pub mod search;
pub mod values;
