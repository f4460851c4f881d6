//! The one-line position notation (see README "Notation").
