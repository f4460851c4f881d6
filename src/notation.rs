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
//! [`parse`] reads a notation into a [`Setup`] and validates it with
//! `Position::try_from`; every problem, of syntax or of the rules, is reported with
//! a caret under the token it comes from ([`NotationError`]). [`format`] writes the
//! canonical notation, and `parse(&format(p)) == Ok(p)` for every valid position.
//!
//! ```
//! use manila_odds::notation;
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

use crate::position::{Position, Problem};
use crate::rules::{Cargo, SHIPS, TRACK_END};
use crate::setup::{BoardedSeat, PhaseName, Setup, ShipSetup};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::ops::Range;

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
        f.write_str(line.trim_end())?;
        for problem in &self.problems {
            let chars = |r: Span| self.input.get(r).map_or(0, |s| s.chars().count());
            let column = chars(0..problem.span.start);
            let width = chars(problem.span.clone()).max(1);
            write!(
                f,
                "\n{}{}\n{}",
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
    let mut parser = Parser {
        input: text,
        setup: Setup::default(),
        spans: HashMap::new(),
        round_given: false,
    };
    parser
        .position()
        .map_err(|problem| NotationError::new(text, vec![problem]))?;
    let Parser {
        setup,
        spans,
        round_given,
        ..
    } = parser;
    Position::try_from(setup).map_err(|e| {
        let problems =
            e.0.iter()
                .map(|p| locate(text, &spans, round_given, p))
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
    format_setup(&setup)
}

// ------------------------------------------------------------------ writing

fn format_setup(s: &Setup) -> String {
    let mut tokens: Vec<String> = Vec::new();
    let players: Vec<String> = s
        .players
        .iter()
        .map(|name| {
            let star = if *name == s.harbour_master { "*" } else { "" };
            format!("{}{star}", tag(name))
        })
        .collect();
    tokens.push(players.join(","));

    let mut progress = format!("{}:", s.rolls_done);
    match s.phase {
        PhaseName::Placement => progress += &tag(s.to_move.as_deref().unwrap_or_default()),
        PhaseName::Boarding => {
            progress += "board";
            if let Some(next) = s.boarding_next.filter(|&n| n != 0) {
                progress += &next.to_string();
            }
        }
        PhaseName::SmallPilot => progress += "small",
        PhaseName::LargePilot => progress += "large",
        PhaseName::Plunder => progress += "plunder",
        PhaseName::Roll => progress += "roll",
    }
    if let Some(round) = s.round {
        progress += &format!("@{round}");
    }
    tokens.push(progress);

    for ship in &s.ships {
        let mut t = initial(ship.cargo).to_string();
        match (ship.position, ship.docked) {
            (Some(p), _) => t += &p.to_string(),
            (None, Some(true)) => t.push('D'),
            // Not a position of POSITION.md; written as is, refused when read.
            (None, _) => {}
        }
        if !ship.crew.is_empty() {
            let crew: Vec<String> = ship.crew.iter().map(|n| tag(n)).collect();
            t += &format!(":{}", crew.join("."));
        }
        tokens.push(t);
    }

    for (key, berths) in [('H', &s.harbour), ('Y', &s.shipyard)] {
        let mut slots: Vec<String> = berths
            .slots()
            .iter()
            .map(|o| o.as_deref().map_or("-".to_string(), tag))
            .collect();
        while slots.last().is_some_and(|x| x == "-") {
            slots.pop();
        }
        if !slots.is_empty() {
            tokens.push(format!("{key}:{}", slots.join(",")));
        }
    }
    let list = |names: &[String]| names.iter().map(|n| tag(n)).collect::<Vec<_>>().join(",");
    if !s.pirates.is_empty() {
        tokens.push(format!("X:{}", list(&s.pirates)));
    }
    for (key, holder) in [
        ('s', &s.pilots.small),
        ('l', &s.pilots.large),
        ('i', &s.insurance),
    ] {
        if let Some(name) = holder {
            tokens.push(format!("{key}:{}", tag(name)));
        }
    }
    if !s.passed.is_empty() {
        tokens.push(format!("p:{}", list(&s.passed)));
    }
    if !s.boarded.is_empty() {
        let seats: Vec<String> = s
            .boarded
            .iter()
            .map(|b| format!("{}{}", initial(b.cargo), b.seat))
            .collect();
        tokens.push(format!("B:{}", seats.join(",")));
    }
    if let Some(w) = s.workers {
        tokens.push(format!("w{w}"));
    }
    if s.variant.strong_pirates {
        tokens.push("+strong".into());
    }
    if s.variant.thirteen_wrecks {
        tokens.push("+thirteen".into());
    }

    if let Some(cash) = &s.cash {
        let entries: Vec<String> = in_seat_order(&s.players, cash)
            .map(|(name, amount)| format!("{}{amount}", cash_tag(name)))
            .collect();
        if !entries.is_empty() {
            tokens.push(format!("${}", entries.join(",")));
        }
    }
    if let Some(shares) = &s.shares {
        let entries: Vec<String> = in_seat_order(&s.players, shares)
            .filter_map(|(name, held)| {
                let held: String = held
                    .iter()
                    .filter(|&(_, &n)| n != 0)
                    .map(|(&c, n)| format!("{}{n}", initial(c)))
                    .collect();
                (!held.is_empty()).then(|| format!("{}:{held}", tag(name)))
            })
            .collect();
        if !entries.is_empty() {
            tokens.push(format!("%{}", entries.join(",")));
        }
    }
    if let Some(prices) = &s.prices {
        let entries: Vec<String> = prices
            .iter()
            .filter(|&(_, &p)| p != 0)
            .map(|(&c, p)| format!("{}{p}", initial(c)))
            .collect();
        if !entries.is_empty() {
            tokens.push(format!("^{}", entries.join(",")));
        }
    }
    tokens.join(" ")
}

/// The entries of a map keyed by player name, players first in seating order,
/// then any other names (none in a valid position).
fn in_seat_order<'a, V>(
    players: &'a [String],
    map: &'a BTreeMap<String, V>,
) -> impl Iterator<Item = (&'a String, &'a V)> {
    let seated = players.iter().filter_map(|p| map.get_key_value(p));
    let others = map.iter().filter(|(name, _)| !players.contains(name));
    seated.chain(others)
}

/// Characters of an unquoted player tag.
fn is_tag_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// The phase words of the progress token; a player so named is quoted.
fn is_phase_word(word: &str) -> bool {
    matches!(word, "small" | "large" | "plunder" | "roll")
        || word
            .strip_prefix("board")
            .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
}

/// A player's tag: the name itself, or the name in quotes when it is not a plain
/// run of tag characters, is `-` (an empty berth) or is a phase word.
fn tag(name: &str) -> String {
    let plain = !name.is_empty() && name.chars().all(is_tag_char);
    if plain && name != "-" && !is_phase_word(name) {
        name.to_string()
    } else {
        quote(name)
    }
}

/// A tag in the cash section, where the amount follows the tag directly: a name
/// ending in a digit is quoted too.
fn cash_tag(name: &str) -> String {
    let tag = tag(name);
    if tag.ends_with(|c: char| c.is_ascii_digit()) {
        quote(name)
    } else {
        tag
    }
}

fn quote(name: &str) -> String {
    let mut out = String::from('"');
    for c in name.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            c if c.is_control() => out += &format!("\\u{{{:x}}}", c as u32),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn initial(cargo: Cargo) -> char {
    match cargo {
        Cargo::Jade => 'J',
        Cargo::Silk => 'S',
        Cargo::Ginseng => 'G',
        Cargo::Nutmeg => 'N',
    }
}

fn cargo_of(initial: char) -> Option<Cargo> {
    match initial {
        'J' => Some(Cargo::Jade),
        'S' => Some(Cargo::Silk),
        'G' => Some(Cargo::Ginseng),
        'N' => Some(Cargo::Nutmeg),
        _ => None,
    }
}

// ------------------------------------------------------------------ reading

/// One whitespace-separated token (a quoted name may hold whitespace).
#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    start: usize,
}

impl Token<'_> {
    fn span(&self) -> Span {
        self.start..self.start + self.text.len()
    }
}

fn tokenize(input: &str) -> Result<Vec<Token<'_>>, Located> {
    let mut out = Vec::new();
    let mut chars = input.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let mut end = start;
        while let Some(&(i, c)) = chars.peek() {
            if c.is_whitespace() {
                break;
            }
            chars.next();
            end = i + c.len_utf8();
            if c == '"' {
                match quoted_len(&input[i..]) {
                    Some(len) => {
                        end = i + len;
                        while chars.peek().is_some_and(|&(j, _)| j < end) {
                            chars.next();
                        }
                    }
                    None => {
                        return Err(Located {
                            span: i..i + 1,
                            message: "expected a closing '\"' after this quoted name".into(),
                        });
                    }
                }
            }
        }
        out.push(Token {
            text: &input[start..end],
            start,
        });
    }
    Ok(out)
}

/// The length in bytes of the quoted name at the start of `text`, quotes included.
fn quoted_len(text: &str) -> Option<usize> {
    let mut chars = text.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '"' => return Some(i + 1),
            _ => {}
        }
    }
    None
}

/// A position inside one token.
struct Cursor<'a> {
    input: &'a str,
    pos: usize,
    end: usize,
}

impl<'a> Cursor<'a> {
    fn new(input: &'a str, token: Token) -> Cursor<'a> {
        Cursor {
            input,
            pos: token.start,
            end: token.start + token.text.len(),
        }
    }

    fn rest(&self) -> &'a str {
        &self.input[self.pos..self.end]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.pos += c.len_utf8();
        }
        found
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> (&'a str, Span) {
        let rest = self.rest();
        let len = rest.find(|c| !keep(c)).unwrap_or(rest.len());
        let span = self.pos..self.pos + len;
        self.pos += len;
        (&self.input[span.clone()], span)
    }

    /// The next character alone (empty at the end of the token).
    fn char_span(&self) -> Span {
        self.pos..self.pos + self.peek().map_or(0, char::len_utf8)
    }

    /// What an error at the cursor points at: a run of tag characters, a quoted
    /// name, one other character, or nothing at the end of the token.
    fn piece(&self) -> Span {
        let rest = self.rest();
        let len = match rest.chars().next() {
            None => 0,
            Some(c) if is_tag_char(c) => rest.find(|c| !is_tag_char(c)).unwrap_or(rest.len()),
            Some('"') => quoted_len(rest).unwrap_or(1),
            Some(c) => c.len_utf8(),
        };
        self.pos..self.pos + len
    }

    fn error(&self, span: Span, expected: &str) -> Located {
        let found: String = self.input[span.clone()]
            .chars()
            .map(|c| match c.is_control() {
                true => c.escape_debug().to_string(),
                false => c.to_string(),
            })
            .collect();
        let found = if found.is_empty() {
            "nothing".to_string()
        } else {
            format!("'{found}'")
        };
        Located {
            span,
            message: format!("expected {expected}, found {found}"),
        }
    }

    fn expected(&self, expected: &str) -> Located {
        self.error(self.piece(), expected)
    }

    /// A player tag: a run of tag characters, or a quoted name.
    fn tag(&mut self) -> Result<(String, Span), Located> {
        if self.peek() == Some('"') {
            return self.quoted();
        }
        let (run, span) = self.take_while(is_tag_char);
        if run.is_empty() {
            return Err(self.expected("a player tag"));
        }
        Ok((run.to_string(), span))
    }

    /// A quoted name; `\"`, `\\` and `\u{hex}` are its escapes.
    fn quoted(&mut self) -> Result<(String, Span), Located> {
        let start = self.pos;
        let Some(len) = quoted_len(self.rest()) else {
            return Err(self.error(start..start + 1, "a closing '\"' after this quote"));
        };
        let body = &self.input[start + 1..start + len - 1];
        let mut name = String::new();
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            if c != '\\' {
                name.push(c);
                continue;
            }
            let escape = &body[i..];
            let decoded = match chars.next() {
                Some((_, '"')) => Some(('"', 2)),
                Some((_, '\\')) => Some(('\\', 2)),
                Some((_, 'u')) => escape
                    .strip_prefix("\\u{")
                    .and_then(|s| s.find('}').map(|j| (&s[..j], j + 4)))
                    .and_then(|(hex, n)| {
                        let code = u32::from_str_radix(hex, 16).ok()?;
                        Some((char::from_u32(code)?, n))
                    }),
                _ => None,
            };
            let Some((c, n)) = decoded else {
                let at = start + 1 + i;
                let width = escape.chars().take(2).map(char::len_utf8).sum::<usize>();
                return Err(self.error(at..at + width, "an escape \\\", \\\\ or \\u{hex}"));
            };
            name.push(c);
            // Skip the rest of a \u{...} escape.
            for _ in 2..n {
                chars.next();
            }
        }
        self.pos = start + len;
        Ok((name, start..self.pos))
    }

    /// A run of digits as a number.
    fn number(&mut self, expected: &str) -> Result<(i64, Span), Located> {
        let (digits, span) = self.take_while(|c| c.is_ascii_digit());
        if digits.is_empty() {
            return Err(self.expected(expected));
        }
        match digits.parse() {
            Ok(n) => Ok((n, span)),
            Err(_) => Err(Located {
                span,
                message: format!("expected {expected}, found '{digits}', which is too large"),
            }),
        }
    }

    /// A cargo initial J, S, G or N.
    fn cargo(&mut self) -> Result<(Cargo, Span), Located> {
        let span = self.char_span();
        match self.peek().and_then(cargo_of) {
            Some(cargo) => {
                self.pos = span.end;
                Ok((cargo, span))
            }
            None => Err(self.error(span, "a cargo initial J, S, G or N")),
        }
    }

    /// Requires the end of the token.
    fn end(&self, expected: &str) -> Result<(), Located> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.expected(expected))
        }
    }

    /// A comma-separated list of items, at least one.
    fn list(
        &mut self,
        what: &str,
        mut item: impl FnMut(&mut Cursor<'a>, usize) -> Result<(), Located>,
    ) -> Result<(), Located> {
        for k in 0.. {
            item(self, k)?;
            if self.at_end() {
                break;
            }
            if !self.eat(',') {
                return Err(
                    self.expected(&format!("',' between {what}, or the end of the section"))
                );
            }
        }
        Ok(())
    }
}

struct Parser<'a> {
    input: &'a str,
    setup: Setup,
    /// The bytes that gave each field of the setup, by its validation path.
    spans: HashMap<String, Span>,
    round_given: bool,
}

impl<'a> Parser<'a> {
    fn span(&mut self, field: impl Into<String>, span: Span) {
        self.spans.insert(field.into(), span);
    }

    fn position(&mut self) -> Result<(), Located> {
        let tokens = tokenize(self.input)?;
        let end = self.input.trim_end().len();
        let at_end = |message: String| Located {
            span: end..end,
            message,
        };
        let Some(&players) = tokens.first() else {
            let want = "expected a position such as r*,b,g 0:r J3 S4 G2 (players, progress, \
                        three ships), found nothing";
            return Err(at_end(want.into()));
        };
        self.players(players)?;
        let Some(&progress) = tokens.get(1) else {
            let want = "expected the progress after the players, as in 1:g (rolls done, ':', \
                        the player to move or the phase), found nothing";
            return Err(at_end(want.into()));
        };
        self.progress(progress)?;
        for i in 0..SHIPS {
            let Some(&token) = tokens.get(2 + i) else {
                let want = format!(
                    "expected 3 ships, found {i}: a ship such as J7 or S9:r must come here"
                );
                return Err(at_end(want));
            };
            let ship = self.ship(i, token)?;
            self.setup.ships.push(ship);
        }
        let first = tokens[2].start;
        let last = tokens[1 + SHIPS].span().end;
        self.span("ships", first..last);
        let mut seen: Vec<&str> = Vec::new();
        for &token in &tokens[2 + SHIPS..] {
            let key = match token.text.chars().next() {
                Some('+') => token.text,
                _ => token.text.get(..1).unwrap_or(token.text),
            };
            if seen.contains(&key) {
                let name = if key.starts_with('+') {
                    key.to_string()
                } else {
                    section_name(key)
                };
                return Err(Located {
                    span: token.span(),
                    message: format!("expected each section once, found a second '{name}'"),
                });
            }
            seen.push(key);
            self.section(token)?;
        }
        Ok(())
    }

    fn players(&mut self, token: Token) -> Result<(), Located> {
        let mut c = Cursor::new(self.input, token);
        let mut master: Option<(String, Span)> = None;
        loop {
            let (name, span) = c.tag()?;
            if c.eat('*') {
                let marked = span.start..c.pos;
                if master.is_some() {
                    return Err(Located {
                        span: marked,
                        message: "expected one harbour master, found a second player marked '*'"
                            .into(),
                    });
                }
                master = Some((name.clone(), marked));
            }
            let i = self.setup.players.len();
            self.span(format!("players[{i}]"), span);
            self.setup.players.push(name);
            if c.at_end() {
                break;
            }
            if !c.eat(',') {
                return Err(c.expected("',' between players, or '*' after the harbour master"));
            }
        }
        self.span("players", token.span());
        let Some((name, span)) = master else {
            return Err(Located {
                span: token.span(),
                message: "expected one player marked '*' as the harbour master, as in r*,b,g"
                    .into(),
            });
        };
        self.setup.harbour_master = name;
        self.span("harbour_master", span);
        Ok(())
    }

    fn progress(&mut self, token: Token) -> Result<(), Located> {
        let mut c = Cursor::new(self.input, token);
        let (rolls, span) = c.number("the rolls done (0 to 3) then ':', as in 1:g")?;
        self.setup.rolls_done = rolls;
        self.span("rolls_done", span);
        self.span("phase", token.span());
        self.span("round", token.span());
        if !c.eat(':') {
            return Err(c.expected("':' after the rolls done, as in 1:g"));
        }
        let phase_or_player = "the player to move or a phase (board, small, large, plunder, roll)";
        if c.peek() == Some('"') {
            let (name, span) = c.tag()?;
            self.setup.to_move = Some(name);
            self.span("to_move", span);
        } else {
            let (word, span) = c.take_while(is_tag_char);
            self.setup.phase = match word {
                "" => return Err(c.expected(phase_or_player)),
                "small" => PhaseName::SmallPilot,
                "large" => PhaseName::LargePilot,
                "plunder" => PhaseName::Plunder,
                "roll" => PhaseName::Roll,
                w if is_phase_word(w) => {
                    let next = &w["board".len()..];
                    if !next.is_empty() {
                        let n = next.parse().map_err(|_| {
                            c.error(span.clone(), "the pirate to decide, as in board or board1")
                        })?;
                        self.setup.boarding_next = Some(n);
                    }
                    self.span("boarding_next", span.clone());
                    PhaseName::Boarding
                }
                name => {
                    self.setup.to_move = Some(name.to_string());
                    self.span("to_move", span);
                    PhaseName::Placement
                }
            };
        }
        if c.peek() == Some('@') {
            let start = c.pos;
            c.eat('@');
            let (round, span) = c.number("the placement round after '@', as in 0:b@2")?;
            self.setup.round = Some(round);
            self.round_given = true;
            self.span("round", start..span.end);
        }
        c.end("'@' and the round, or the end of the progress")
    }

    fn ship(&mut self, i: usize, token: Token) -> Result<ShipSetup, Located> {
        let mut c = Cursor::new(self.input, token);
        let field = format!("ships[{i}]");
        self.span(&field, token.span());
        let (cargo, span) = c.cargo()?;
        self.span(format!("{field}.cargo"), span);
        let space = "a space 0 to 13 or D for docked";
        let (position, docked, span) = if c.peek() == Some('D') {
            let span = c.char_span();
            c.eat('D');
            (None, Some(true), span)
        } else {
            let (p, span) = c.number(space)?;
            if p > TRACK_END as i64 {
                return Err(c.error(span, space));
            }
            (Some(p), None, span)
        };
        self.span(format!("{field}.position"), span.clone());
        self.span(format!("{field}.docked"), span);
        let mut crew: Vec<(String, Span)> = Vec::new();
        if c.eat(':') {
            loop {
                crew.push(c.tag()?);
                if c.at_end() {
                    break;
                }
                if !c.eat('.') {
                    return Err(c.expected("'.' between the crew, or the end of the ship"));
                }
            }
        } else {
            c.end("':' and the crew, or the end of the ship")?;
        }
        // Too many passengers: the carets go under the ones without a seat.
        let crew_span = match (crew.get(cargo.seats()), crew.first(), crew.last()) {
            (Some(extra), _, Some(last)) => extra.1.start..last.1.end,
            (None, Some(first), Some(last)) => first.1.start..last.1.end,
            _ => token.span(),
        };
        self.span(format!("{field}.crew"), crew_span);
        for (k, (_, span)) in crew.iter().enumerate() {
            self.span(format!("{field}.crew[{k}]"), span.clone());
        }
        Ok(ShipSetup {
            cargo,
            position,
            docked,
            crew: crew.into_iter().map(|(name, _)| name).collect(),
        })
    }

    fn section(&mut self, token: Token) -> Result<(), Located> {
        let mut c = Cursor::new(self.input, token);
        let key = c.peek().unwrap_or(' ');
        let mut second = c.rest().chars().skip(1);
        if cargo_of(key).is_some()
            && second
                .next()
                .is_some_and(|d| d == 'D' || d.is_ascii_digit())
        {
            return Err(c.error(
                token.span(),
                "a section after the 3 ships (a voyage has exactly 3)",
            ));
        }
        let key_span = c.char_span();
        c.pos = key_span.end;
        if "HYXslipB".contains(key) && !c.eat(':') {
            return Err(c.expected(&format!("':' after the section key {key}")));
        }
        match key {
            'H' | 'Y' => self.berths(&mut c, key, token),
            'X' => {
                self.span("pirates", token.span());
                c.list("pirates", |c, k| {
                    let (name, span) = c.tag()?;
                    self.setup.pirates.push(name);
                    self.span(format!("pirates[{k}]"), span);
                    Ok(())
                })
            }
            's' | 'l' | 'i' => {
                let (name, span) = c.tag()?;
                let (slot, field) = match key {
                    's' => (&mut self.setup.pilots.small, "pilots.small"),
                    'l' => (&mut self.setup.pilots.large, "pilots.large"),
                    _ => (&mut self.setup.insurance, "insurance"),
                };
                *slot = Some(name);
                self.span(field, span);
                c.end(&format!("one player tag, then the end of '{key}:'"))
            }
            'p' => {
                self.span("passed", token.span());
                c.list("players", |c, k| {
                    let (name, span) = c.tag()?;
                    self.setup.passed.push(name);
                    self.span(format!("passed[{k}]"), span);
                    Ok(())
                })
            }
            'B' => {
                self.span("boarded", token.span());
                c.list("seats", |c, k| {
                    let start = c.pos;
                    let (cargo, _) = c.cargo()?;
                    let (seat, span) = c.number("a seat index from 0 after the cargo, as in J2")?;
                    self.setup.boarded.push(BoardedSeat { cargo, seat });
                    self.span(format!("boarded[{k}]"), start..span.end);
                    Ok(())
                })
            }
            'w' => {
                let (workers, _) = c.number("the workers per player after 'w', as in w4")?;
                self.setup.workers = Some(workers);
                self.span("workers", token.span());
                c.end("the end of the workers, as in w4")
            }
            '+' => {
                match token.text {
                    "+strong" => self.setup.variant.strong_pirates = true,
                    "+thirteen" => self.setup.variant.thirteen_wrecks = true,
                    _ => return Err(c.error(token.span(), "a variant +strong or +thirteen")),
                }
                self.span("variant", token.span());
                Ok(())
            }
            '$' => self.cash(&mut c),
            '%' => self.shares(&mut c),
            '^' => self.prices(&mut c),
            _ => Err(c.error(key_span, "a section H: Y: X: s: l: i: p: B: w $ % ^ or +")),
        }
    }

    fn berths(&mut self, c: &mut Cursor<'a>, key: char, token: Token) -> Result<(), Located> {
        let field = if key == 'H' { "harbour" } else { "shipyard" };
        self.span(field, token.span());
        let mut slots = [None, None, None];
        for (k, letter) in ['A', 'B', 'C'].into_iter().enumerate() {
            let empty = c
                .rest()
                .strip_prefix('-')
                .is_some_and(|r| r.is_empty() || r.starts_with(','));
            if empty {
                let span = c.char_span();
                c.eat('-');
                self.span(format!("{field}.{letter}"), span);
            } else {
                let (name, span) = c
                    .tag()
                    .map_err(|_| c.expected("a player tag or '-' for an empty berth"))?;
                slots[k] = Some(name);
                self.span(format!("{field}.{letter}"), span);
            }
            if c.at_end() {
                break;
            }
            if !c.eat(',') {
                return Err(c.expected("',' between berths, or the end of the section"));
            }
            if k == 2 {
                return Err(c.expected("at most 3 berths (A, B, C)"));
            }
        }
        let berths = if key == 'H' {
            &mut self.setup.harbour
        } else {
            &mut self.setup.shipyard
        };
        [berths.a, berths.b, berths.c] = slots;
        Ok(())
    }

    fn cash(&mut self, c: &mut Cursor<'a>) -> Result<(), Located> {
        let mut cash = BTreeMap::new();
        let example = "a player tag then the cash, as in r12";
        c.list("players", |c, _| {
            let start = c.pos;
            let name = if c.peek() == Some('"') {
                c.quoted()?.0
            } else {
                // The amount is the run's trailing digits: a tag ending in a digit
                // must be quoted here.
                let (run, span) = c.take_while(is_tag_char);
                let name = run.trim_end_matches(|d: char| d.is_ascii_digit());
                if name.is_empty() || name.len() == run.len() {
                    return Err(c.error(span, example));
                }
                c.pos = span.start + name.len();
                name.to_string()
            };
            let (amount, span) = c.number("the cash after the player tag, as in r12")?;
            let entry = start..span.end;
            if cash.insert(name.clone(), amount).is_some() {
                return Err(Located {
                    span: entry,
                    message: format!("expected each player once in the cash, found '{name}' again"),
                });
            }
            self.span(format!("cash.{name}"), entry);
            Ok(())
        })?;
        self.setup.cash = Some(cash);
        Ok(())
    }

    fn shares(&mut self, c: &mut Cursor<'a>) -> Result<(), Located> {
        let mut shares: BTreeMap<String, BTreeMap<Cargo, i64>> = BTreeMap::new();
        c.list("players", |c, _| {
            let (name, span) = c.tag()?;
            if shares.contains_key(&name) {
                return Err(Located {
                    span,
                    message: format!(
                        "expected each player once in the shares, found '{name}' again"
                    ),
                });
            }
            if !c.eat(':') {
                return Err(c.expected("':' then the shares held, as in r:J2S1"));
            }
            let start = span.start;
            let mut held = BTreeMap::new();
            loop {
                let (cargo, cargo_span) = c.cargo()?;
                let (count, span) = c.number("the number of shares after the cargo, as in J2")?;
                if held.insert(cargo, count).is_some() {
                    return Err(Located {
                        span: cargo_span.start..span.end,
                        message: format!(
                            "expected each cargo once per player, found {cargo} again"
                        ),
                    });
                }
                self.span(format!("shares.{name}.{cargo}"), cargo_span.start..span.end);
                if c.at_end() || c.peek() == Some(',') {
                    break;
                }
            }
            self.span(format!("shares.{name}"), start..c.pos);
            shares.insert(name, held);
            Ok(())
        })?;
        self.setup.shares = Some(shares);
        Ok(())
    }

    fn prices(&mut self, c: &mut Cursor<'a>) -> Result<(), Located> {
        let mut prices = BTreeMap::new();
        c.list("prices", |c, _| {
            let (cargo, cargo_span) = c.cargo()?;
            let (price, span) = c.number("a price after the cargo, as in J5")?;
            let entry = cargo_span.start..span.end;
            if prices.insert(cargo, price).is_some() {
                return Err(Located {
                    span: entry,
                    message: format!("expected each cargo once in the prices, found {cargo} again"),
                });
            }
            self.span(format!("prices.{cargo}"), entry);
            Ok(())
        })?;
        self.setup.prices = Some(prices);
        Ok(())
    }
}

fn section_name(key: &str) -> String {
    match key {
        "$" | "%" | "^" | "w" => key.to_string(),
        _ => format!("{key}:"),
    }
}

/// Places a validation problem at the token that gave its field, or the nearest
/// enclosing one (`cash.red` within `cash`, `ships[1].crew[2]` within `ships[1]`);
/// the whole input when no token did.
fn locate(
    input: &str,
    spans: &HashMap<String, Span>,
    round_given: bool,
    problem: &Problem,
) -> Located {
    let mut message = problem.reason.clone();
    if problem.field == "round" && !round_given {
        message += " (after the player to move, as in 0:g@2)";
    }
    let mut field = problem.field.as_str();
    loop {
        if let Some(span) = spans.get(field) {
            return Located {
                span: span.clone(),
                message,
            };
        }
        match field.rfind(['.', '[']) {
            Some(cut) => field = &field[..cut],
            None => break,
        }
    }
    let start = input.len() - input.trim_start().len();
    Located {
        span: start..input.trim_end().len().max(start),
        message: format!("{}: {message}", problem.field),
    }
}

#[cfg(test)]
mod tests {
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
    fn display_puts_one_caret_line_and_message_per_problem() {
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
        assert_eq!(error.to_string(), "ab cd\n   ^^\nfirst\n     ^\nsecond");
    }
}
