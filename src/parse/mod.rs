//! Text into positions, actions and events: everything the tool reads.
//!
//! - [`json`]: POSITION.md JSON (a [`crate::Setup`], a position, a voyage start).
//! - [`notation`]: the one-line notation, read and written.
//! - [`action`]: action names (POSITION.md "Actions").
//! - [`events`]: the events of a voyage as said at the table, and applying them.
//! - [`said`]: actions as a player types them (any case, cargo initials,
//!   moves in any order), and the closest words to one that is none.
//! - [`layout`]: layouts as `J2 S3 G4`, and a voyage's start from one.

pub mod action;
pub mod events;
pub mod json;
pub mod layout;
pub mod notation;
pub mod said;
