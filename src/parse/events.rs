//! Events of a voyage as players say them at the table: a placement (`green
//! ship:jade`), a pass, a roll (`roll 3 5 2`), a boarding, pilot or plunder
//! choice. Applying one advances the voyage by the rules (R4, R5, R7, R8, R10);
//! an illegal event is refused with the reason and changes nothing.

use super::said;
use crate::position::{MAX_CASH, Position};
use crate::report::Voyage;
pub use crate::rules::Event;
use crate::rules::{
    self, Action, DIE_SIDES, LARGE_PILOT_SPACES, MAX_PLAYERS, Phase, SHIPS, SMALL_PILOT_SPACES,
    State,
};

/// Why an event was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("event '{event}': {reason}")]
pub struct EventError {
    pub event: String,
    pub reason: String,
}

/// Where the voyage stands after an event.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A decision or a roll is due.
    Going(Position),
    /// The voyage is over: every ship in the harbour or the shipyard.
    Settled(Box<Voyage>),
}

fn refuse(event: &str, reason: impl Into<String>) -> EventError {
    EventError {
        event: event.to_string(),
        reason: reason.into(),
    }
}

/// The most characters an event may have when names are short: a few words,
/// or a plunder of three ships with names in quotes. Longer text is
/// refused before it is read, and quoted cut short, so that no error repeats
/// a whole file.
pub const LONGEST: usize = 1000;

/// The refusal of `text` when it is longer than [`LONGEST`], or than the
/// players' `names` together and a few words, when they are long: a name
/// may be, and a session's `new` may name every player.
pub fn too_long(text: &str, names: &[String]) -> Option<EventError> {
    let text = text.trim();
    let n = text.chars().count();
    let named: usize = names.iter().map(|m| m.chars().count()).sum();
    let most = LONGEST.max(named + 100);
    (n > most).then(|| {
        let head: String = text.chars().take(40).collect();
        refuse(
            &format!("{head}..."),
            format!("an event is a few words; this is {n} characters (at most {most})"),
        )
    })
}

/// Parses an event in the words of `apply` and `session`, as a player types
/// them: `[player] action` (any case, cargo initials, moves in any order, see
/// [`said`]) or `roll` with one die per ship at sea (or three in ship order).
pub fn parse(position: &Position, text: &str) -> Result<Event, EventError> {
    parse_with(position, text, &[])
}

/// [`parse`], with more words (a session's commands) to suggest for a word
/// that is none.
pub fn parse_with(position: &Position, text: &str, extra: &[&str]) -> Result<Event, EventError> {
    if let Some(e) = too_long(text, position.names()) {
        return Err(e);
    }
    // Moves and plunder choices may be typed with spaces after their commas.
    let joined = text.replace(", ", ",");
    // A name in the notation's quotes is one word, spaces and all.
    let words = said::words(&joined);
    let s = position.state();
    // A name of several words alone: the action is missing.
    if words.len() > 1 && find_player(position, &words.join(" ")).is_some() {
        return Err(refuse(text, name_alone(position, &words.join(" "))));
    }
    // A name of several words typed without quotes ('Anna B ship:jade'): the
    // longest run of first words that names a player.
    for k in (2..words.len()).rev() {
        if let Some(player) = find_player(position, &words[..k].join(" ")) {
            return Ok(Event::Decide {
                player: Some(player),
                action: parse_action(position, text, &words[k..], extra, true)?,
            });
        }
    }
    // A player named `roll` comes first with an action, not with dice; alone,
    // it is the player unless a roll is due.
    let dice_follow = |rest: &[&str]| match rest.first() {
        Some(w) => w.chars().all(|c| c.is_ascii_digit()),
        None => s.phase == Phase::Roll,
    };
    match words.as_slice() {
        [] => Err(refuse(text, "empty event")),
        [roll, dice @ ..]
            if roll.eq_ignore_ascii_case("roll")
                && (find_player(position, roll).is_none() || dice_follow(dice)) =>
        {
            // Dice when none are due are refused as such, however many.
            if s.decider().is_some() {
                return Err(no_roll_due(position, text));
            }
            parse_roll(s, text, dice).map(Event::Roll)
        }
        // A name alone, even one such as `ins`: the action is missing.
        [who] if find_player(position, who).is_some() => {
            Err(refuse(text, name_alone(position, who)))
        }
        // One action said apart ('harbour a', 'ship j', 'j h s y'), where no
        // name is; refused as an action when its first word begins one
        // ('harbour d') and no action follows it ('harbour d x'), which a
        // mistyped name would ('hrabour ship:j'), unless it begins a name
        // of several words ('pilot jeo ship:j' for "pilot joe").
        [first, rest @ ..]
            if !rest.is_empty()
                && find_player(position, first).is_none()
                && (read_action(s, &words).is_some()
                    || (begins_action(s, first)
                        && (rest.len() == 1
                            || !matches!(s.phase, Phase::Placement { .. })
                            || (read_action(s, rest).is_none()
                                && !begins_a_name(position, first))))) =>
        {
            Ok(Event::Decide {
                player: None,
                action: parse_action(position, text, &words, extra, false)?,
            })
        }
        // A player's name comes first, even one that abbreviates an action.
        [who, rest @ ..]
            if !rest.is_empty()
                && (find_player(position, who).is_some() || said::action(s, who).is_none()) =>
        {
            let player = find_player(position, who)
                .ok_or_else(|| not_a_player(position, text, who, rest, extra))?;
            Ok(Event::Decide {
                player: Some(player),
                action: parse_action(position, text, rest, extra, true)?,
            })
        }
        _ => Ok(Event::Decide {
            player: None,
            action: parse_action(position, text, &words, extra, false)?,
        }),
    }
}

/// Whether `word` is the first of a name of several words ('pilot' of
/// "pilot joe"): a line that begins with it may be that name mistyped.
fn begins_a_name(position: &Position, word: &str) -> bool {
    let first = format!("{} ", word.to_lowercase());
    position
        .names()
        .iter()
        .any(|n| n.to_lowercase().starts_with(&first))
}

/// The refusal of `who`, typed where a name comes first, before `rest`.
fn not_a_player(
    position: &Position,
    text: &str,
    who: &str,
    rest: &[&str],
    extra: &[&str],
) -> EventError {
    let names: Vec<&str> = position.names().iter().map(String::as_str).collect();
    // A word before others is a name, `roll` (with its dice) or a session's
    // command with its words ('modle greedy'); before an action, only a name
    // ('ben ship:j').
    let mut others = vec!["roll"];
    others.extend_from_slice(extra);
    let s = position.state();
    if read_action(s, rest).is_some_and(|a| position.legal_actions().contains(&a)) {
        others.clear();
    }
    refuse(
        text,
        format!(
            "'{who}' is not a player ({}){}",
            names.join(", "),
            said::did_you_mean_player(who, &names, &others)
        ),
    )
}

/// Why the name of a player alone is no event: the decider's action is
/// missing, or another player decides (or the dice are due).
fn name_alone(position: &Position, who: &str) -> String {
    let s = position.state();
    let decides = find_player(position, who).is_some_and(|p| Some(p) == s.decider());
    if decides {
        let legal: Vec<String> = position
            .legal_actions()
            .iter()
            .map(Action::to_string)
            .collect();
        let shown = legal.iter().take(4).cloned().collect::<Vec<_>>().join(", ");
        let more = if legal.len() > 4 { ", ..." } else { "" };
        return format!("an action must follow {who} (e.g. {shown}{more})");
    }
    let now = match s.decider() {
        Some(d) => format!("{} decides now ({})", position.name(d), s.phase_words()),
        None => format!("roll {} is due", s.rolls_done + 1),
    };
    format!("'{who}' is a player, not an action; {now}")
}

/// A player by name: exactly, else the one player whose name matches in
/// another case; the name may be in the notation's quotes.
pub fn find_player(position: &Position, who: &str) -> Option<rules::PlayerId> {
    said::player(position.names(), who).map(|p| p as rules::PlayerId)
}

/// The action that `words` name: joined by commas (`j+1 s+1`), or words
/// that are one action said apart (`harbour a`, `ship j`, `j h s y`).
fn read_action(s: &State, words: &[&str]) -> Option<Action> {
    said::action(s, &words.join(","))
        .or_else(|| said::action(s, &removal(words)?))
        .or_else(|| match words {
            [_, _] => said::action(s, &as_one(words)),
            _ if s.phase == Phase::Plunder => said::action(s, &plunder_pairs(words)?),
            _ => None,
        })
}

/// Words as one action word: two are a place and what is there, said
/// apart (`harbour a`: `harbour:a`); more are moves, joined by commas.
fn as_one(words: &[&str]) -> String {
    match words {
        [place, what] => format!("{place}:{what}"),
        _ => words.join(","),
    }
}

/// A strong pirate's boarding said apart (`board j/remove 1`, `board j
/// remove 1`, `board:j remove:1`): `board:j/remove:1`.
fn removal(words: &[&str]) -> Option<String> {
    let joined = words.join(" ");
    let parts: Vec<&str> = joined
        .split([' ', '/', ':'])
        .filter(|w| !w.is_empty())
        .collect();
    match parts.as_slice() {
        [board, cargo, remove, seat]
            if board.eq_ignore_ascii_case("board") && remove.eq_ignore_ascii_case("remove") =>
        {
            Some(format!("board:{cargo}/remove:{seat}"))
        }
        _ => None,
    }
}

/// A plunder said with spaces for its colons (`j h s y`, `j h,s y`): the
/// words in cargo and destination pairs, `j:h,s:y`.
fn plunder_pairs(words: &[&str]) -> Option<String> {
    let (pairs, whole) = in_pairs(words);
    whole.then_some(pairs)
}

/// The words of a plunder, each two joined by a colon (a last word alone
/// when their count is odd, `j h s`: `j:h,s`), and whether they paired up.
fn in_pairs(words: &[&str]) -> (String, bool) {
    let joined = words.join(" ");
    let parts: Vec<&str> = joined.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let pairs: Vec<String> = parts.chunks(2).map(|p| p.join(":")).collect();
    (pairs.join(","), parts.len().is_multiple_of(2))
}

/// Why the captain's plunder typed as `words` reads as none: its first
/// piece that names no cargo or destination (`j h s x`: `x`). `None` for a
/// single word with no colon, or words that begin another action
/// (`harbour d`, `pass`), which the hints of other actions serve better.
fn plunder_fault(s: &State, words: &[&str]) -> Option<String> {
    let colons = words.iter().any(|w| w.contains(':'));
    let plunder = match words {
        [_] | [] if !colons => return None,
        _ if colons => words.join(","),
        _ => in_pairs(words).0,
    };
    let first = plunder.split([',', ':']).next().unwrap_or_default();
    let other =
        PLACES.iter().any(|p| p.eq_ignore_ascii_case(first)) || said::action(s, first).is_some();
    match other {
        true => None,
        false => said::plunder_fault(&plunder),
    }
}

/// The words that begin a placement said apart (`harbour a`, `ship j`).
const PLACES: [&str; 6] = ["harbour", "harbor", "shipyard", "ship", "board", "pilot"];

/// Whether `word` begins an action said apart (`harbour`, `ship`; a cargo
/// at the captain's plunder): a word that is no player before another is
/// then a mistyped action, not a mistyped name.
fn begins_action(s: &State, word: &str) -> bool {
    PLACES.iter().any(|p| p.eq_ignore_ascii_case(word))
        || word.to_lowercase().starts_with("board:")
        || (s.phase == Phase::Plunder && said::cargo(word).is_some())
}

/// The action of `words`: one, or moves and plunder choices typed apart
/// (`s+1 j-1`), read as joined by commas; `named` when a player's name came
/// before it, so that only actions are suggested for words that are none.
fn parse_action(
    position: &Position,
    text: &str,
    words: &[&str],
    extra: &[&str],
    named: bool,
) -> Result<Action, EventError> {
    let s = position.state();
    let word = &words.join(",");
    read_action(s, words).ok_or_else(|| {
        // Quoted as typed, not as read.
        let typed = words.join(" ");
        if word.chars().all(|c| c.is_ascii_digit()) {
            // A session passes its commands in `extra`; `apply` passes none.
            // (A number alone never gets here in a session: it takes the row.)
            let reason = match extra.is_empty() {
                true => "a number takes it in a session only",
                false => "type the number alone, without a name",
            };
            return refuse(text, format!("'{typed}' is a row of the advice: {reason}"));
        }
        if extra.iter().any(|w| w.eq_ignore_ascii_case(word)) {
            return refuse(
                text,
                format!("'{typed}' is a command, not an action: type it alone, without a name"),
            );
        }
        let pilot = match s.phase {
            Phase::SmallPilot => Some(("small", SMALL_PILOT_SPACES)),
            Phase::LargePilot => Some(("large", LARGE_PILOT_SPACES)),
            _ => None,
        };
        let too_far = pilot.and_then(|(which, spaces)| {
            said::too_many_moves(word, spaces).map(|total| (which, spaces, total))
        });
        let legal: Vec<String> = position
            .legal_actions()
            .iter()
            .map(Action::to_string)
            .collect();
        // With the legal list, as a move of two ships too far is refused.
        if let Some((which, spaces, total)) = too_far {
            let why = rules::refusal::too_far(which, spaces, total);
            return refuse(text, format!("{why}; {}", rules::refusal::legal_list(s)));
        }
        // The token at fault, not a guess at the whole (R10).
        if let Some(why) = plunder_fault(s, words).filter(|_| s.phase == Phase::Plunder) {
            return refuse(text, format!("{why}; {}", rules::refusal::legal_list(s)));
        }
        let actions: Vec<&str> = legal.iter().map(String::as_str).collect();
        let mut others: Vec<&str> = Vec::new();
        if !named {
            others.push("roll");
            others.extend(position.names().iter().map(String::as_str));
            others.extend_from_slice(extra);
        }
        // Two words are one action said apart ('harbor d' for 'harbour:d').
        let hint = match said::did_you_mean_action(&as_one(words), &actions, &others) {
            // Examples that can be played now.
            hint if hint.is_empty() && actions.is_empty() => {
                format!(
                    " (roll {} is due, e.g. '{}')",
                    s.rolls_done + 1,
                    rules::roll_example(s)
                )
            }
            hint if hint.is_empty() => {
                let more = if actions.len() > 4 { ", ..." } else { "" };
                format!(
                    " (e.g. {}{more})",
                    actions[..actions.len().min(4)].join(", ")
                )
            }
            hint => hint,
        };
        refuse(text, format!("'{typed}' is not an action{hint}"))
    })
}

/// Why player `p`, who does not decide now, takes no decision.
pub fn not_deciding(position: &Position, p: rules::PlayerId) -> String {
    let s = position.state();
    let passed = matches!(s.phase, Phase::Placement { .. }) && s.has_passed(p);
    let (p, d) = (
        position.name(p),
        s.decider().map_or("-", |d| position.name(d)),
    );
    if passed {
        // A player who passed places nothing more this voyage (R5).
        format!("{p} has passed and places no more workers this voyage (R5); it is {d}'s turn")
    } else {
        format!("it is {d}'s decision ({}), not {p}'s", s.phase_words())
    }
}

/// Why dice are refused while a player decides.
fn no_roll_due(position: &Position, text: &str) -> EventError {
    let s = position.state();
    let who = s.decider().map_or("-", |p| position.name(p));
    refuse(
        text,
        format!("no roll is due: {who} decides ({})", s.phase_words()),
    )
}

/// The dice of a roll: one per ship at sea in ship order (docked ships do not
/// roll, R6), or three in ship order with the docked ships' ignored. Dice may
/// be written together, `roll 542`, or with commas, `roll 5,4,2`.
fn parse_roll(s: &State, text: &str, words: &[&str]) -> Result<[u8; SHIPS], EventError> {
    let together = matches!(words, [w] if w.len() > 1);
    let dice: Vec<String> = if words.iter().any(|w| w.contains(',')) {
        // `5,3,6`, `5 ,3,6` or `5,3,6,`: the commas part the dice.
        let joined = words.join(",");
        joined
            .split(',')
            .filter(|d| !d.is_empty())
            .map(String::from)
            .collect()
    } else if together {
        words[0].chars().map(String::from).collect()
    } else {
        words.iter().map(|w| w.to_string()).collect()
    };
    let at_sea: Vec<usize> = s.ships_at_sea().collect();
    let slots: Vec<usize> = match dice.len() {
        SHIPS => (0..SHIPS).collect(),
        n if n == at_sea.len() => at_sea.clone(),
        n => {
            let names: Vec<&str> = at_sea.iter().map(|&i| s.ships[i].cargo.name()).collect();
            // With a ship docked, its die may be given too (and is ignored).
            let or_three = match names.len() {
                SHIPS => String::new(),
                k => format!(": {k}; or {SHIPS} in ship order, a docked ship's die ignored"),
            };
            return Err(refuse(
                text,
                format!(
                    "a roll names one die per ship at sea ({}{or_three}), found {n}",
                    names.join(", "),
                ),
            ));
        }
    };
    // A docked ship's die is ignored: any face stands for it.
    let mut out = [1; SHIPS];
    for (&i, word) in slots.iter().zip(&dice) {
        out[i] = word
            .parse()
            .ok()
            .filter(|d| (1..=DIE_SIDES).contains(d))
            .ok_or_else(|| refuse(text, format!("a die shows 1 to 6, found '{word}'")))?;
    }
    Ok(out)
}

/// Applies an event to a position. The position is left as it was on refusal.
/// A settled voyage's profits count this event and the settlement.
pub fn apply(position: &Position, event: Event, text: &str) -> Result<Outcome, EventError> {
    let s = position.state();
    let next = match (event, s.phase) {
        (Event::Roll(dice), Phase::Roll) => rules::roll(s, dice),
        (Event::Roll(_), _) => return Err(no_roll_due(position, text)),
        (Event::Decide { .. }, Phase::Roll) => {
            return Err(refuse(
                text,
                format!(
                    "roll {} is due: give its dice, e.g. '{}'",
                    s.rolls_done + 1,
                    rules::roll_example(s)
                ),
            ));
        }
        (Event::Decide { player, action }, _) => {
            let decider = s.decider();
            if let (Some(p), Some(d)) = (player, decider)
                && p != d
            {
                return Err(refuse(text, not_deciding(position, p)));
            }
            rules::apply(s, action).map_err(|e| refuse(text, e.0))?
        }
    };
    cash_within_bounds(position, &next, text)?;
    Ok(outcome(position.names().to_vec(), next, event.cash(s)))
}

/// Refuses an event after which somebody's cash (after the settlement, when
/// it ends the voyage) is more than a position can hold: the position
/// written next, or the next voyage's, would be refused.
fn cash_within_bounds(position: &Position, next: &State, text: &str) -> Result<(), EventError> {
    let accounts = match next.phase {
        Phase::Over => rules::accounts_after(next, &rules::settle(next)),
        _ => *next,
    };
    let over = accounts.player_ids().find_map(|p| {
        accounts.cash[p as usize]
            .map(|c| (p, c))
            .filter(|&(_, c)| i64::from(c) > MAX_CASH)
    });
    match over {
        Some((p, cash)) => Err(refuse(
            text,
            format!(
                "{}'s cash would reach {cash}: a position holds at most {MAX_CASH}",
                position.name(p)
            ),
        )),
        None => Ok(()),
    }
}

/// Parses and applies events in order; the first refusal stops and is returned.
/// A settled voyage's profits count every event applied and the settlement.
pub fn apply_all(position: &Position, texts: &[String]) -> Result<Outcome, EventError> {
    let mut current = Outcome::Going(position.clone());
    let mut spent = [0i64; MAX_PLAYERS];
    for text in texts {
        let Outcome::Going(p) = &current else {
            return Err(refuse(text, "the voyage is over"));
        };
        let event = parse(p, text)?;
        let cash = event.cash(p.state());
        current = apply(p, event, text)?;
        if let Outcome::Going(_) = current {
            for (total, c) in spent.iter_mut().zip(cash) {
                *total += c;
            }
        }
    }
    if let Outcome::Settled(v) = &mut current {
        for (profit, c) in v.profits.iter_mut().zip(spent) {
            *profit += c;
        }
    }
    Ok(current)
}

/// Where `state` stands; a settled voyage's profits are its receipts plus
/// `cash`, what the last event paid and cost.
fn outcome(names: Vec<String>, state: State, cash: [i64; MAX_PLAYERS]) -> Outcome {
    if state.phase == Phase::Over {
        let settlement = rules::settle(&state);
        let prices = rules::raise_prices(state.prices, settlement.rises);
        let profits = (0..state.players as usize)
            .map(|p| settlement.cash_change(state.insurance, p) + cash[p])
            .collect();
        let game_over = rules::game_over(state.prices, prices);
        // Wealth counts the cash and shares after the settlement (the
        // rulebook's scoring); the state's are from before it.
        let after = rules::accounts_after(&state, &settlement);
        let wealth = if game_over.is_empty() {
            Vec::new()
        } else {
            after
                .player_ids()
                .map(|p| rules::wealth(&after, prices, p))
                .collect()
        };
        Outcome::Settled(Box::new(Voyage {
            names,
            receipts: rules::receipts(&state),
            cash_after: after.cash[..state.players as usize].to_vec(),
            mortgaged: rules::shares_mortgaged(&state, &after),
            state,
            settlement,
            prices,
            profits,
            game_over,
            wealth,
        }))
    } else {
        Outcome::Going(Position::from_parts(names, state))
    }
}

/// An event in the words `parse` reads: `p1 ship:jade`, `roll 3 5 2`.
pub fn write(event: Event, names: &[String]) -> String {
    match event {
        Event::Decide {
            player: Some(p),
            action,
        } => format!("{} {action}", names[p as usize]),
        Event::Decide {
            player: None,
            action,
        } => action.to_string(),
        Event::Roll(d) => format!("roll {} {} {}", d[0], d[1], d[2]),
    }
}
