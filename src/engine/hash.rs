//! The hasher of the engine's memo tables: FxHash from the `rustc-hash` crate
//! (a multiply per word; the keys are ours, so SipHash's protection against
//! chosen keys buys nothing here).

pub type FxBuild = rustc_hash::FxBuildHasher;
