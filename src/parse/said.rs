//! Actions as a player types them at the table: any case, a cargo's initial
//! wherever a cargo is named (`ship:j`, `board:s`, `j+1`, `g:harbour`), pilot
//! moves and plunder choices in any order (they are put in ship order, as R14
//! writes them), `harbor` for `harbour`. What is read is an [`Action`] of
//! POSITION.md; the strict names of [`Action::parse`] all read the same.
//! A word that is none gets the closest words the position knows.

use super::notation;
use crate::rules::action::{Destination, ShipMove};
use crate::rules::{Action, Berth, Cargo, SHIPS, State};

/// The words of `text`, a name in the notation's quotes one word with its
/// spaces (`"Anna B" ship:jade`); split at every space when a quote is left
/// open, for the reader of the words to refuse.
pub fn words(text: &str) -> Vec<&str> {
    notation::words(text).unwrap_or_else(|| text.split_whitespace().collect())
}

/// A player among `names` by `word`: exactly, else the one player whose name
/// matches in another case; the name may be in the notation's quotes.
pub fn player(names: &[String], word: &str) -> Option<usize> {
    let unquoted = notation::unquoted(word);
    let word = unquoted.as_deref().unwrap_or(word);
    if let Some(p) = names.iter().position(|n| n == word) {
        return Some(p);
    }
    let matching: Vec<usize> = (0..names.len())
        .filter(|&p| names[p].eq_ignore_ascii_case(word))
        .collect();
    match matching.as_slice() {
        [p] => Some(*p),
        _ => None,
    }
}

/// Reads one action word (pilot moves and plunder choices joined by `,`) in
/// the position `s`, whose ship order puts moves and choices in order.
pub fn action(s: &State, word: &str) -> Option<Action> {
    let word = word.trim().to_lowercase().replace("harbor", "harbour");
    if let Some(simple) = simple(&word) {
        return Some(simple);
    }
    if let Some(rest) = word.strip_prefix("ship:") {
        return cargo(rest).map(Action::Seat);
    }
    // `h:` and `y:` as in the notation's sections (and a plunder's `j:h`).
    if let Some(rest) = word.strip_prefix("harbour:").or(word.strip_prefix("h:")) {
        return berth(rest).map(Action::Harbour);
    }
    if let Some(rest) = word.strip_prefix("shipyard:").or(word.strip_prefix("y:")) {
        return berth(rest).map(Action::Shipyard);
    }
    if let Some(rest) = word.strip_prefix("board:") {
        return board(rest);
    }
    if word.contains(':') {
        return plunder(s, &word);
    }
    pilot(s, &word)
}

/// The actions named by one word, each also by its first letters when they
/// name no other (three at least: `ins`, `pir`; `pilot:s` for the small pilot).
const SIMPLE: [(&str, Action); 7] = [
    ("pass", Action::Pass),
    ("pirate", Action::Pirate),
    ("pilot:small", Action::SmallPilot),
    ("pilot:large", Action::LargePilot),
    ("insurance", Action::Insurance),
    ("stay", Action::Stay),
    ("none", Action::PILOT_NONE),
];

fn simple(word: &str) -> Option<Action> {
    if let Some((_, a)) = SIMPLE.iter().find(|(name, _)| *name == word) {
        return Some(*a);
    }
    let short = word.len() >= 3 || word.starts_with("pilot:");
    let mut starting = SIMPLE
        .iter()
        .filter(|(name, _)| short && name.starts_with(word));
    match (starting.next(), starting.next()) {
        (Some((_, a)), None) if word != "pilot:" => Some(*a),
        _ => None,
    }
}

/// A cargo by its name or initial.
pub fn cargo(word: &str) -> Option<Cargo> {
    let word = word.to_lowercase();
    Cargo::ALL
        .into_iter()
        .find(|c| c.name() == word || c.name()[..1] == word)
}

fn berth(word: &str) -> Option<Berth> {
    let mut letters = word.chars();
    let (Some(letter), None) = (letters.next(), letters.next()) else {
        return None;
    };
    Berth::ALL
        .into_iter()
        .find(|b| b.letter().eq_ignore_ascii_case(&letter))
}

fn board(word: &str) -> Option<Action> {
    let (c, remove) = match word.split_once("/remove:") {
        Some((c, seat)) => (c, Some(seat.parse::<u8>().ok()?)),
        None => (word, None),
    };
    Some(Action::Board {
        cargo: cargo(c)?,
        remove,
    })
}

/// The place of a cargo's ship in the position; a cargo ashore sorts last (the
/// rules then refuse the move).
fn ship_order(s: &State, c: Cargo) -> usize {
    s.ships
        .iter()
        .position(|ship| ship.cargo == c)
        .unwrap_or(SHIPS)
}

fn pilot(s: &State, word: &str) -> Option<Action> {
    let parts: Vec<&str> = word.split(',').filter(|p| !p.is_empty()).collect();
    if parts.is_empty() || parts.len() > 2 {
        return None;
    }
    let mut moves = Vec::with_capacity(2);
    for part in parts {
        let at = part.find(['+', '-'])?;
        let digits = &part[at + 1..];
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let delta: i8 = part[at..].parse().ok()?;
        if delta == 0 {
            return None;
        }
        moves.push(ShipMove {
            cargo: cargo(&part[..at])?,
            delta,
        });
    }
    moves.sort_by_key(|m| ship_order(s, m.cargo));
    let mut out = [None; 2];
    for (slot, m) in out.iter_mut().zip(moves) {
        *slot = Some(m);
    }
    Some(Action::Pilot(out))
}

/// The total spaces of three or more pilot moves beyond the pilot's reach
/// `spaces` (`j+1,s+1,g+1`: 3), for R8's refusal; `None` when `word` is not
/// such moves.
pub fn too_many_moves(word: &str, spaces: u8) -> Option<u32> {
    let parts: Vec<&str> = word.split(',').filter(|p| !p.is_empty()).collect();
    if parts.len() <= 2 {
        return None;
    }
    let total: u32 = parts
        .iter()
        .map(|part| {
            let at = part.find(['+', '-'])?;
            cargo(&part[..at])?;
            part[at + 1..].parse::<u8>().ok().map(u32::from)
        })
        .sum::<Option<u32>>()?;
    (total > u32::from(spaces)).then_some(total)
}

fn plunder(s: &State, word: &str) -> Option<Action> {
    let parts: Vec<&str> = word.split(',').filter(|p| !p.is_empty()).collect();
    if parts.is_empty() || parts.len() > SHIPS {
        return None;
    }
    let mut dests = Vec::with_capacity(SHIPS);
    for part in parts {
        let (c, dest) = part.split_once(':')?;
        let dest = match dest {
            "harbour" | "h" => Destination::Harbour,
            "shipyard" | "y" => Destination::Shipyard,
            _ => return None,
        };
        dests.push((cargo(c)?, dest));
    }
    dests.sort_by_key(|(c, _)| ship_order(s, *c));
    let mut out = [None; SHIPS];
    for (slot, d) in out.iter_mut().zip(dests) {
        *slot = Some(d);
    }
    Some(Action::Plunder(out))
}

/// What is wrong with a plunder `word` that [`action`] cannot read (`j:h,s:x`):
/// its first piece that names no cargo or no destination, for a refusal
/// that names the token; `None` when every piece reads.
pub fn plunder_fault(word: &str) -> Option<String> {
    let word = word.trim().to_lowercase().replace("harbor", "harbour");
    for part in word.split(',').filter(|p| !p.is_empty()) {
        let Some((c, dest)) = part.split_once(':') else {
            return Some(format!(
                "'{part}' names no destination: a plunder is pairs of cargo and destination, e.g. 'j:h,s:y' (R10)"
            ));
        };
        if cargo(c).is_none() {
            return Some(format!(
                "'{c}' is not a cargo: jade, silk, ginseng or nutmeg (or j, s, g, n)"
            ));
        }
        if !matches!(dest, "harbour" | "h" | "shipyard" | "y") {
            return Some(format!(
                "'{dest}' is not a destination: harbour (h) or shipyard (y) (R10)"
            ));
        }
    }
    None
}

/// The words of `known` closest to `word` (case aside), closest first: the
/// words it begins (`pil`: both pilots), else at most three, each within a
/// third of the word's length in edits (two at least), and fewer edits than
/// the word offered has letters (`-1` is two edits from any one-letter name,
/// and no hint is better than all of them).
pub fn closest<'a>(word: &str, known: &[&'a str]) -> Vec<&'a str> {
    let word = word.to_lowercase();
    if !word.is_empty() {
        let begun = unique(
            known
                .iter()
                .copied()
                .filter(|k| k.to_lowercase().starts_with(&word)),
        );
        if !begun.is_empty() {
            return begun;
        }
    }
    let limit = (word.chars().count() / 3).max(2);
    let mut near: Vec<(usize, &str)> = unique(known.iter().copied())
        .into_iter()
        .map(|k| (strsim::damerau_levenshtein(&word, &k.to_lowercase()), k))
        .filter(|(d, k)| *d <= limit && *d <= k.chars().count())
        .collect();
    near.sort_by_key(|(d, _)| *d);
    // Every word as close as the closest, even past three: one-letter names
    // are all one edit from another letter, and none may be left out.
    let best = near.first().map_or(0, |(d, _)| *d);
    let tied = near.iter().filter(|(d, _)| *d == best).count();
    near.into_iter().take(tied.max(3)).map(|(_, k)| k).collect()
}

/// Each word once, in the order first met (a word list may repeat one).
fn unique<'a>(words: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for w in words {
        if !out.contains(&w) {
            out.push(w);
        }
    }
    out
}

/// "; did you mean ship:jade or ship:silk?", or nothing when no word is close.
pub fn did_you_mean(word: &str, known: &[&str]) -> String {
    mean(&closest(word, known))
}

/// [`did_you_mean`] for a word where a player's name belongs: first the
/// players whose name begins the word or is begun by it (`red` for `r`, as
/// a player who names colours types), else the nearest of names and `others`.
pub fn did_you_mean_player(word: &str, names: &[&str], others: &[&str]) -> String {
    let typed = word.to_lowercase();
    let begun: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| {
            let name = n.to_lowercase();
            typed.starts_with(&name) || name.starts_with(&typed)
        })
        .collect();
    if !begun.is_empty() {
        // A command as near comes first: 'rol 1 2 3' is a roll mistyped
        // before it is player r.
        let commands = closest(word, others);
        return mean(&unique(commands.into_iter().chain(begun)));
    }
    let known: Vec<&str> = names.iter().chain(others).copied().collect();
    did_you_mean(word, &known)
}

/// [`did_you_mean`] among actions, each also known by its short form with
/// cargo initials (`shp:j` is one edit from `ship:j`, so `ship:jade` is
/// offered), offered by its full name.
pub fn did_you_mean_action(word: &str, actions: &[&str], others: &[&str]) -> String {
    // Read as `action` reads it: `harbor` is `harbour`.
    let word = &word.to_lowercase().replace("harbor", "harbour");
    let shorts: Vec<(String, &str)> = actions.iter().map(|a| (initials(a), *a)).collect();
    let mut known: Vec<&str> = actions.to_vec();
    known.extend(shorts.iter().map(|(short, _)| short.as_str()));
    known.extend_from_slice(others);
    let near = closest(word, &known).into_iter().map(|k| {
        shorts
            .iter()
            .find(|(short, _)| short == k)
            .map_or(k, |(_, full)| *full)
    });
    mean(&unique(near))
}

/// An action's name with its cargos, harbour and shipyard by their initials,
/// as [`action`] reads them: `jade+1,silk+1` is `j+1,s+1`, `shipyard:C` is
/// `y:C`.
fn initials(action: &str) -> String {
    let places = [("harbour", "h"), ("shipyard", "y")];
    let cargos = Cargo::ALL.map(|c| (c.name(), &c.name()[..1]));
    cargos
        .iter()
        .chain(&places)
        .fold(action.to_string(), |name, (long, short)| {
            name.replace(long, short)
        })
}

fn mean(near: &[&str]) -> String {
    match near {
        [] => String::new(),
        [one] => format!("; did you mean {one}?"),
        [first @ .., last] => format!("; did you mean {} or {last}?", first.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Variant, voyage_start};

    /// Jade, silk, ginseng on their start spaces, four players.
    fn start() -> State {
        let cargos = [Cargo::Jade, Cargo::Silk, Cargo::Ginseng];
        voyage_start(4, 0, cargos, [2, 3, 4], Variant::default())
    }

    #[test]
    fn every_strict_name_reads_the_same() {
        let s = start();
        // Nutmeg is ashore in this voyage: its name does not read here.
        for name in crate::parse::action::NAMES
            .iter()
            .filter(|n| !n.contains("nutmeg"))
        {
            assert_eq!(action(&s, name), Action::parse(name), "{name}");
        }
    }

    #[test]
    fn r8_too_many_moves_counts_three_or_more_moves_beyond_the_reach() {
        assert_eq!(too_many_moves("j+1,s+1,g+1", 2), Some(3));
        assert_eq!(too_many_moves("jade+1,silk-1,ginseng+1", 1), Some(3));
        // Two moves are an action or its refusal; moves within reach, or
        // anything that is not moves, get the usual hint.
        assert_eq!(too_many_moves("j+1,s+1", 1), None);
        assert_eq!(too_many_moves("j+1,s+0,g+0", 1), None);
        assert_eq!(too_many_moves("j+1,q+1,g+1", 2), None);
        assert_eq!(too_many_moves("j+4294967295,s+1,g+1", 2), None);
    }

    #[test]
    fn actions_are_offered_by_their_full_names_when_a_short_form_is_near() {
        let actions = ["pass", "ship:jade", "ship:silk", "harbour:A"];
        assert_eq!(
            did_you_mean_action("shp:j", &actions, &[]),
            "; did you mean ship:jade or ship:silk?"
        );
        assert_eq!(
            did_you_mean_action("harbor:a", &actions, &["red"]),
            "; did you mean harbour:A?"
        );
        assert_eq!(initials("jade+1,ginseng-1"), "j+1,g-1");
        // A berth by the notation's letters: `sy:c` is one edit from `y:C`.
        let actions = ["pass", "harbour:A", "shipyard:C"];
        assert_eq!(
            did_you_mean_action("sy:c", &actions, &[]),
            "; did you mean shipyard:C?"
        );
        assert_eq!(
            initials("jade:harbour,silk:shipyard"),
            "j:h,s:y",
            "a plunder's short form, as `action` reads it"
        );
    }

    #[test]
    fn case_initials_and_order_do_not_matter() {
        let s = start();
        let same = |typed: &str, strict: &str| {
            assert_eq!(action(&s, typed), Action::parse(strict), "{typed}");
        };
        same("Harbour:b", "harbour:B");
        same("harbor:c", "harbour:C");
        same("h:a", "harbour:A");
        same("Y:c", "shipyard:C");
        same("SHIP:J", "ship:jade");
        same("board:s", "board:silk");
        same("j+1", "jade+1");
        same("ginseng-1,jade+1", "jade+1,ginseng-1");
        same("g-1,J+1", "jade+1,ginseng-1");
        same("s:y,j:h", "jade:harbour,silk:shipyard");
        same("Pass", "pass");
    }

    #[test]
    fn words_that_are_no_action_are_refused() {
        let s = start();
        for word in [
            "",
            "ship:",
            "ship:tea",
            "harbour:D",
            "h:",
            "y:ab",
            "x:a",
            "j+0",
            "j+x",
            "jade",
            "board:",
            "+1",
            "pa",
            "pil",
            "pilot:",
        ] {
            assert_eq!(action(&s, word), None, "{word}");
        }
    }

    #[test]
    fn a_word_may_be_cut_short_where_it_names_one_action() {
        let s = start();
        for (word, full) in [
            ("ins", "insurance"),
            ("pir", "pirate"),
            ("pas", "pass"),
            ("pilot:s", "pilot:small"),
            ("Pilot:L", "pilot:large"),
        ] {
            assert_eq!(action(&s, word), Action::parse(full), "{word}");
        }
    }

    #[test]
    fn the_closest_words_are_suggested() {
        let known = [
            "pirate",
            "pass",
            "ship:jade",
            "ship:silk",
            "roll",
            "insurance",
        ];
        assert_eq!(closest("pirat", &known), ["pirate"]);
        assert_eq!(closest("rol", &known), ["roll"]);
        assert_eq!(closest("shp:jade", &known), ["ship:jade"]);
        // A word that begins several: each of them.
        assert_eq!(closest("shi", &known), ["ship:jade", "ship:silk"]);
        let pilots = ["pilot:small", "pilot:large", "pirate"];
        assert_eq!(closest("pil", &pilots), ["pilot:small", "pilot:large"]);
        assert_eq!(did_you_mean("xyzzy", &known), "");
        // A list that repeats a word, not side by side: named once.
        let repeats = ["ship:jade", "ship:silk", "ship:jade"];
        assert_eq!(closest("sh", &repeats), ["ship:jade", "ship:silk"]);
        let near = ["ship:jade", "ship:jadx", "ship:jade"];
        assert_eq!(closest("ship:jadf", &near), ["ship:jade", "ship:jadx"]);
        // Four names one edit away: all four are named.
        assert_eq!(closest("z", &["r", "b", "g", "y"]), ["r", "b", "g", "y"]);
        // Nor a word two edits from each of them.
        assert!(closest("-1", &["r", "b", "g", "y"]).is_empty());
        // Two edits from a longer word: offered.
        assert_eq!(closest("pirt", &["pirate", "pass"]), ["pirate"]);
        // One letter: the words it begins.
        assert_eq!(closest("s", &known), ["ship:jade", "ship:silk"]);
        assert_eq!(
            did_you_mean("insurence", &known),
            "; did you mean insurance?"
        );
    }
}
