//! Decisions of a voyage and their names (POSITION.md "Actions"); reading a
//! name back is [`crate::parse::action`].

use super::constants::{Berth, Cargo};
use std::fmt;

/// One ship move of a pilot: the ship and the spaces (negative: back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShipMove {
    pub cargo: Cargo,
    pub delta: i8,
}

/// Where the captain sends a plundered ship (R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Destination {
    Harbour,
    Shipyard,
}

/// Any decision of the voyage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    // Placement (R5).
    Pass,
    Seat(Cargo),
    Harbour(Berth),
    Shipyard(Berth),
    Pirate,
    SmallPilot,
    LargePilot,
    Insurance,
    // Boarding (R7).
    Stay,
    Board {
        cargo: Cargo,
        remove: Option<u8>,
    },
    /// A pilot's move (R8): no ship moves (`none`), one, or two.
    Pilot([Option<ShipMove>; 2]),
    /// Plunder destinations (R10), for the plundered ships in ship order.
    Plunder([Option<(Cargo, Destination)>; 3]),
}

impl Action {
    /// The pilot move that moves nothing.
    pub const PILOT_NONE: Action = Action::Pilot([None, None]);
}

impl fmt::Display for ShipMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:+}", self.cargo, self.delta)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Seat(c) => write!(f, "ship:{c}"),
            Action::Harbour(b) => write!(f, "harbour:{}", b.letter()),
            Action::Shipyard(b) => write!(f, "shipyard:{}", b.letter()),
            Action::Pirate => f.write_str("pirate"),
            Action::SmallPilot => f.write_str("pilot:small"),
            Action::LargePilot => f.write_str("pilot:large"),
            Action::Insurance => f.write_str("insurance"),
            Action::Stay => f.write_str("stay"),
            Action::Board {
                cargo,
                remove: None,
            } => write!(f, "board:{cargo}"),
            Action::Board {
                cargo,
                remove: Some(k),
            } => write!(f, "board:{cargo}/remove:{k}"),
            Action::Pilot(moves) => {
                let names: Vec<String> = moves.iter().flatten().map(|m| m.to_string()).collect();
                if names.is_empty() {
                    f.write_str("none")
                } else {
                    f.write_str(&names.join(","))
                }
            }
            Action::Plunder(dests) => {
                let names: Vec<String> = dests
                    .iter()
                    .flatten()
                    .map(|(c, d)| match d {
                        Destination::Harbour => format!("{c}:harbour"),
                        Destination::Shipyard => format!("{c}:shipyard"),
                    })
                    .collect();
                f.write_str(&names.join(","))
            }
        }
    }
}
