//! Layouts (R3) in the notation's words: three ship tokens, cargo initial and
//! start space, such as `J2 S3 G4`; and a voyage's start from players and a
//! layout, such as `r*,b,g,y J2 S3 G4`.

use super::notation;
use crate::position::Position;
use crate::rules::{self, Cargo, Layout, SHIPS};

/// Why a text is not a layout.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{text}\": {why}")]
pub struct LayoutError {
    /// The text read.
    pub text: String,
    /// What is wrong with it.
    pub why: String,
}

/// Reads a layout as in the notation: three ship tokens, cargo letter and start
/// space, e.g. `J2 S3 G4` (R3: spaces 0 to 5 summing to 9, three cargos).
pub fn parse(text: &str) -> Result<Layout, LayoutError> {
    let bad = |why: String| {
        Err(LayoutError {
            text: text.to_string(),
            why,
        })
    };
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() != SHIPS {
        return bad(format!(
            "expected 3 ships such as \"J2 S3 G4\", found {} tokens",
            tokens.len()
        ));
    }
    let mut cargos = [Cargo::Jade; SHIPS];
    let mut starts = [0u8; SHIPS];
    for (i, token) in tokens.iter().enumerate() {
        let mut chars = token.chars();
        let letter = chars.next().unwrap_or(' ');
        let Some(cargo) = notation::cargo_of(letter.to_ascii_uppercase()) else {
            return bad(format!("'{token}': the cargo letter must be J, S, G or N"));
        };
        let Ok(start) = chars.as_str().parse::<u8>() else {
            return bad(format!(
                "'{token}': expected a start space after the cargo letter"
            ));
        };
        if start > rules::MAX_START {
            return bad(format!(
                "'{token}': a ship starts on space 0 to {}",
                rules::MAX_START
            ));
        }
        if cargos[..i].contains(&cargo) {
            return bad(format!("'{token}': {} is loaded twice", cargo.name()));
        }
        cargos[i] = cargo;
        starts[i] = start;
    }
    let sum: u8 = starts.iter().sum();
    if sum != rules::START_SUM {
        return bad(format!(
            "the start spaces sum to {sum}, not {} (R3)",
            rules::START_SUM
        ));
    }
    Ok((cargos, starts))
}

/// A layout in the notation: `J2 S3 G4`.
pub fn name(layout: Layout) -> String {
    let token = |i: usize| format!("{}{}", notation::initial(layout.0[i]), layout.1[i]);
    (0..SHIPS).map(token).collect::<Vec<_>>().join(" ")
}

/// The start of a voyage from a layout: the players token (harbour master
/// starred) and three ship tokens at their start spaces, as in the notation,
/// optionally followed by variants: `r*,b,g,y J2 S3 G4 +strong`.
pub fn voyage_start(layout: &str) -> Result<Position, String> {
    let expected = || {
        format!(
            "expected the players with the harbour master starred, then the ships, e.g. \"r*,b,g,y J2 S3 G4\"; found \"{layout}\""
        )
    };
    // Read as the notation reads it: a quoted name may hold spaces or commas.
    let Some(words) = notation::words(layout) else {
        // A quote left open: the notation's own message points at it.
        return Err(notation::parse(layout)
            .err()
            .map_or_else(expected, |e| e.to_string()));
    };
    let Some((players, rest)) = words.split_first() else {
        return Err(expected());
    };
    let starred: Vec<&str> = notation::player_words(players)
        .into_iter()
        .filter_map(|t| t.strip_suffix('*'))
        .collect();
    let [harbour_master] = starred.as_slice() else {
        return Err(expected());
    };
    let text = format!("{players} 0:{harbour_master} {}", rest.join(" "));
    notation::parse(&text).map_err(|e| format!("read as the position \"{text}\":\n{e}"))
}
