//! What a session says: its help, events and decisions in words, and the
//! lines said when a computation is interrupted or the session is left.

use crate::parse::events::Event;
use crate::parse::notation;
use crate::parse::said;
use crate::position::Position;
use crate::render::{self, board};
use crate::report::Future;
use crate::rules::{Action, Cargo, Phase};

pub(super) const HELP: &str = "\
Events, as at the table (any case; a cargo by its initial, j s g n;
harbour and shipyard as h and y: h:b, y:c, j:h; a space for the colon):
  [player] ship:jade | harbour:B | shipyard:C | pirate | pilot:small
           | pilot:large | insurance | pass          a placement (R5)
  roll 5 3 2        the dice, one per ship at sea in ship order (or 3)
  stay | board:silk | board:jade/remove:1           a pirate after roll 2
  jade+1 | silk-1,jade+1 | none                    the small or large pilot
  jade:harbour,silk:shipyard                       the captain's plunder
  1, 2, ...         take that row of the last advice
Commands:
  show | pos        the board | the position in the notation
  advise [MODEL]    advice now (MODEL: auto, none, greedy, round,
                    paranoid, equilibrium, quantal)
  odds [MODEL]      each ship's odds and every player's value
  model MODEL       the model of every later advice
  fit               the quantal model's lambda, fitted to the placements seen
                    (the others' with --me) unless --lambda gives it
  undo              take the last event back (after 'new': the 'new'; after
                    the layout the session asked for: the layout)
  new [LAYOUT]      the next voyage, after the settlement: 'new J2 S3 G4'
                    (same players; a name first makes them harbour master;
                    'new b bid:7 buy:jade J2 S3 G4': b paid 7 for the role
                    and bought a jade share, R16)
  bid [buy]         after the settlement: what the harbour master is worth
                    to each player at the next auction (R16; with 'buy',
                    every share purchase weighed too)
  layouts [NAME] [buy]
                    after the settlement: the best 10 layouts for the next
                    harbour master (NAME, or the last one; 'buy' as above)
  help | quit";

/// What a session says, on standard error, when it is left with a voyage
/// under way: the command on a line of its own, never broken, so that it
/// can be copied whole.
pub fn resume_words(command: &str) -> String {
    format!("To go on from this voyage later:\n  {command}\n")
}

/// The same after a settlement that did not end the game: the command
/// that starts the next voyage, which asks for its layout first.
pub fn next_voyage_words(command: &str) -> String {
    format!("To start the next voyage later (the session asks for its layout):\n  {command}\n")
}

/// `s` as one word of a POSIX shell: bare when it is plain, else in single
/// quotes (a quote inside written as '\'').
pub(super) fn shell_quoted(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.,:/@".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        return s.to_string();
    }
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// Why nothing can follow a settlement that ended the game.
pub(super) fn game_over_words(cargoes: &[Cargo]) -> String {
    let names: Vec<&str> = cargoes.iter().map(|c| c.name()).collect();
    format!(
        "the game is over: {} reached 30 (R12); 'undo' takes the last event back",
        render::and_list(&names)
    )
}

/// What a computation stopped by Ctrl-C leaves: no figure, and the way on.
/// `none` is offered for this one answer only: `model none` would change
/// every later advice as well.
pub(super) fn interrupted(what: &str) -> String {
    let ask = if what == "odds" { "odds" } else { "advise" };
    format!(
        "Interrupted: no {what} (Ctrl-C). The voyage is kept as it stands: '{ask}' asks \
         again, '{ask} none' answers at once.\n"
    )
}

/// `advise greedy`, `advise --future greedy`: the model named, if any.
pub(super) fn model_word(rest: &str) -> Result<Option<Future>, String> {
    let word = rest.trim().trim_start_matches("--future").trim();
    if word.is_empty() {
        return Ok(None);
    }
    let models = [
        Future::None,
        Future::Greedy,
        Future::Round,
        Future::Paranoid,
        Future::Auto,
        Future::Equilibrium,
        Future::Quantal,
    ];
    models
        .into_iter()
        .find(|f| f.name().eq_ignore_ascii_case(word))
        .map(Some)
        .ok_or_else(|| {
            let names = models.map(Future::name);
            format!(
                "'{word}' is not a model (none, greedy, round, paranoid, auto, equilibrium, quantal){}",
                said::did_you_mean(word, &names)
            )
        })
}

/// An event in words with who took it: "red ship:jade", "roll 5 4 3" (the
/// dice of the ships at sea only).
pub(super) fn describe(p: &Position, event: Event) -> String {
    let s = p.state();
    match event {
        Event::Decide { action, .. } => match s.decider() {
            Some(d) => format!("{} {action}", p.name(d)),
            None => action.to_string(),
        },
        Event::Roll(dice) => {
            let rolled: Vec<String> = s.ships_at_sea().map(|i| dice[i].to_string()).collect();
            format!("roll {}", rolled.join(" "))
        }
    }
}

/// How to type the decision due at `p` for the player who takes it, when
/// the board is not shown: " E.g. 'Dan stay' or 'Dan board:jade'." (a
/// placement and a roll are told well enough by the status line).
pub(super) fn typing_example(p: &Position) -> String {
    let s = p.state();
    let (Some(who), legal) = (s.decider(), p.legal_actions()) else {
        return String::new();
    };
    let typed = |a: &Action| format!("'{} {a}'", notation::tag(p.name(who)));
    match (s.phase, legal.as_slice()) {
        (Phase::Placement { .. }, _) | (_, []) => String::new(),
        (Phase::Plunder, [a, ..]) | (_, [a]) => format!(" E.g. {}.", typed(a)),
        (_, [a, b, ..]) => format!(" E.g. {} or {}.", typed(a), typed(b)),
    }
}

/// What is due at `p`, as the board says it, begun in lower case to follow
/// a colon.
pub(super) fn status_words(p: &Position) -> String {
    let status = board::status(p);
    let (first, rest) = status.split_at(status.chars().next().map_or(0, char::len_utf8));
    first.to_lowercase() + rest
}
