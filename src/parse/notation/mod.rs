//! The one-line position notation: everything a POSITION.md position says, in one
//! short line, as FEN is for chess.
//!
//! ```text
//! red*,blue,green,yellow 1:green J7:red.blue S9 G2 H:blue Y:-,-,green X:yellow l:red
//! ```
//!
//! Tokens are separated by whitespace: the players in seating order (the harbour
//! master marked `*`), the progress (rolls done, `:`, the player to move or the
//! phase), exactly three ships (cargo initial, space or `D`, `:` and the crew), then
//! optional sections in any order, each omitted when empty. Player tags are the
//! names themselves; a name that is not a plain run of ASCII letters, digits, `_`
//! and `-` (or that would read as something else) is written in double quotes.
//! The README's "Notation" section gives the grammar and examples.
//!
//! [`parse()`] reads a notation into a [`Setup`] and validates it with
//! `Position::try_from`; every problem, of syntax or of the rules, is reported with
//! a caret under the token it comes from ([`NotationError`]). [`format`] writes the
//! canonical notation, and `parse(&format(p)) == Ok(p)` for every valid position.
//!
//! ```
//! use manila_odds::parse::notation;
//! let line = "r*,b,g,y 1:g J7:r.b S9 G2 H:b Y:-,-,g X:y l:r";
//! let position = notation::parse(line).unwrap();
//! assert_eq!(position.names(), ["r", "b", "g", "y"]);
//! assert_eq!(notation::format(&position), line);
//!
//! let error = notation::parse("r*,b,g 1:g Q7 S9 G2").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "r*,b,g 1:g Q7 S9 G2\n           ^\nexpected a cargo initial J, S, G or N, found 'Q'"
//! );
//! ```

use crate::position::{Position, Problem, Setup};
use std::fmt;
use std::ops::Range;

mod lex;
mod parse;
mod write;

pub(crate) use lex::{cargo_of, initial};

/// A player's name as the notation writes it: the name itself, or in double
/// quotes when it is not a plain tag (`"Anna B"`, `"O'Neil"`, `"roll"`).
pub fn tag(name: &str) -> String {
    write::tag(name)
}

/// The whitespace-separated words of `text`, a quoted name (which may hold
/// spaces) one word with its quotes; `None` when a quote is not closed.
pub fn words(text: &str) -> Option<Vec<&str>> {
    lex::tokenize(text)
        .ok()
        .map(|tokens| tokens.iter().map(|t| t.text).collect())
}

/// The name a quoted word stands for (`"Anna B"` is `Anna B`); `None` when
/// `word` is not one whole quoted name.
pub fn unquoted(word: &str) -> Option<String> {
    if !word.starts_with('"') || lex::quoted_len(word) != Some(word.len()) {
        return None;
    }
    let token = lex::Token {
        text: word,
        start: 0,
    };
    parse::Cursor::new(word, token)
        .tag()
        .ok()
        .map(|(name, _)| name)
}

/// The players of a players token (`a*,"b, c",d`), split at the commas
/// outside quotes, each with its quotes and star as written.
pub fn player_words(token: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut start, mut quoted, mut escaped) = (0, false, false);
    for (i, c) in token.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ',' if !quoted => {
                out.push(&token[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&token[start..]);
    out
}

/// A byte range of the notation.
pub type Span = Range<usize>;

/// One problem of a notation: the bytes of the offending token and what was
/// expected there (or, for a position the rules refuse, why).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub span: Span,
    pub message: String,
}

/// Why a notation is not a valid position: a syntax error (one problem, the first
/// found), or every problem the validation of the position found, each located at
/// the token that gave the field (the whole input when no token did).
///
/// Displayed as the input on one line, then for each problem a line of carets
/// under the offending token and the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct NotationError {
    pub input: String,
    pub problems: Vec<Located>,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Tabs and line breaks would move the carets: they are shown as spaces.
        let line: String = self
            .input
            .chars()
            .map(|c| {
                if c.is_whitespace() || c.is_control() {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        let line = line.trim_end();
        if self.problems.is_empty() {
            return f.write_str(line);
        }
        for (k, problem) in self.problems.iter().enumerate() {
            // Each problem under the input again: carets under a message
            // would point into the message.
            if k > 0 {
                f.write_str("\n")?;
            }
            let chars = |r: Span| self.input.get(r).map_or(0, |s| s.chars().count());
            let column = chars(0..problem.span.start);
            let width = chars(problem.span.clone()).max(1);
            write!(
                f,
                "{line}\n{}{}\n{}",
                " ".repeat(column),
                "^".repeat(width),
                problem.message
            )?;
        }
        Ok(())
    }
}

impl NotationError {
    fn new(input: &str, problems: Vec<Located>) -> NotationError {
        NotationError {
            input: input.to_string(),
            problems,
        }
    }
}

/// Reads a position from its notation and validates it.
pub fn parse(text: &str) -> Result<Position, NotationError> {
    parse_with(text, |_| None)
}

/// Reads a voyage's start from its notation (`layouts`, `bid`), as [`parse`]
/// does; but another player than the harbour master to move is said to be
/// that (R5: a voyage's first round starts with the harbour master), where
/// as a position it would only leave the round under way ambiguous.
pub fn parse_start(text: &str) -> Result<Position, NotationError> {
    parse_with(text, |setup| {
        let to_move = setup.to_move.as_deref()?;
        (to_move != setup.harbour_master && setup.players.iter().any(|p| p == to_move)).then(|| {
            Problem {
                field: "to_move".into(),
                reason: format!(
                    "to_move is {to_move}, not the harbour master {}: a voyage starts \
                     with the harbour master to place (R5)",
                    setup.harbour_master
                ),
            }
        })
    })
}

/// [`parse`], with a check of the setup before it is validated.
fn parse_with(
    text: &str,
    check: impl Fn(&Setup) -> Option<Problem>,
) -> Result<Position, NotationError> {
    let mut parser = parse::Parser {
        input: text,
        setup: Setup::default(),
        spans: Default::default(),
        round_given: false,
    };
    parser
        .position()
        .map_err(|problem| NotationError::new(text, vec![problem]))?;
    let parse::Parser {
        setup,
        spans,
        round_given,
        ..
    } = parser;
    if let Some(problem) = check(&setup) {
        let located = parse::locate(text, &spans, round_given, &problem);
        return Err(NotationError::new(text, vec![located]));
    }
    Position::try_from(setup).map_err(|e| {
        let problems =
            e.0.iter()
                .map(|p| parse::locate(text, &spans, round_given, p))
                .collect();
        NotationError::new(text, problems)
    })
}

/// The canonical notation of a position: sections in a fixed order, cash and
/// shares in seating order, and the placement round only where it cannot be
/// inferred.
pub fn format(position: &Position) -> String {
    let mut setup = position.to_setup();
    if let Some(round) = setup.round.take() {
        let inferred = Position::try_from(setup.clone()).ok();
        if inferred.as_ref() != Some(position) {
            setup.round = Some(round);
        }
    }
    write::format_setup(&setup)
}

/// A voyage start in `--layout`'s words without ships: the players (the
/// harbour master starred), then cash, shares, prices and variants, with the
/// progress and the three ships left out. `None` when `position` is not
/// written with three ships after its progress (no voyage start is not).
pub fn format_start(position: &Position) -> Option<String> {
    let text = format(position);
    let words = words(&text)?;
    let (players, rest) = (words.first()?, words.get(5..)?);
    let kept: Vec<&str> = std::iter::once(players).chain(rest).copied().collect();
    Some(kept.join(" "))
}

#[cfg(test)]
mod tests {
    use super::lex::{Token, tokenize};
    use super::parse::Cursor;
    use super::write::{cash_tag, quote, tag};
    use super::*;

    #[test]
    fn names_that_are_not_plain_tags_are_quoted() {
        assert_eq!(tag("red"), "red");
        assert_eq!(tag("-"), "\"-\"");
        assert_eq!(tag("board1"), "\"board1\"");
        assert_eq!(tag("small"), "\"small\"");
        assert_eq!(tag("Mr \"X\"\n"), "\"Mr \\\"X\\\"\\u{a}\"");
        assert_eq!(cash_tag("p1"), "\"p1\"");
        assert_eq!(cash_tag("p-"), "p-");
    }

    #[test]
    fn quoted_words_stay_whole_and_read_as_their_names() {
        let text = r#""Anna B"*,b,"x,\"y" J2 S3"#;
        assert_eq!(
            words(text),
            Some(vec![r#""Anna B"*,b,"x,\"y""#, "J2", "S3"])
        );
        assert_eq!(
            player_words(r#""Anna B"*,b,"x,\"y""#),
            [r#""Anna B"*"#, "b", r#""x,\"y""#]
        );
        assert_eq!(unquoted(r#""x,\"y""#).as_deref(), Some("x,\"y"));
        assert_eq!(unquoted("plain"), None);
        assert_eq!(unquoted(r#""Anna B"*"#), None);
        assert_eq!(words(r#""open J2"#), None);
        assert_eq!(tag("Anna B"), r#""Anna B""#);
    }

    #[test]
    fn quoted_names_read_back() {
        for name in ["Mr \"X\"\n", "a\\b", "board", "-", "é ü", "p1"] {
            let text = quote(name);
            let token = Token {
                text: &text,
                start: 0,
            };
            let mut c = Cursor::new(&text, token);
            assert_eq!(c.tag().map(|t| t.0), Ok(name.to_string()), "{text}");
            assert!(c.at_end());
        }
    }

    #[test]
    fn a_quoted_name_may_hold_spaces() {
        let tokens = tokenize(r#"a*,"b c",d 0:a"#).unwrap();
        let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
        assert_eq!(texts, [r#"a*,"b c",d"#, "0:a"]);
    }

    #[test]
    fn display_puts_the_input_a_caret_line_and_a_message_per_problem() {
        let error = NotationError::new(
            "ab\tcd",
            vec![
                Located {
                    span: 3..5,
                    message: "first".into(),
                },
                Located {
                    span: 5..5,
                    message: "second".into(),
                },
            ],
        );
        assert_eq!(
            error.to_string(),
            "ab cd\n   ^^\nfirst\nab cd\n     ^\nsecond"
        );
    }
}
