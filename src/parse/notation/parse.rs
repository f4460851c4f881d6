//! Reading a notation into a setup, with the bytes that gave each field, so
//! that a problem the validation finds can be shown under its token.

use super::lex::{Token, cargo_of, is_phase_word, is_tag_char, quoted_len, tokenize};
use super::{Located, Span};
use crate::position::setup::{BoardedSeat, ShipSetup};
use crate::position::{Problem, Setup};
use crate::rules::{Cargo, PhaseName, SHIPS, TRACK_END};
use std::collections::{BTreeMap, HashMap};

/// A position inside one token.
pub(super) struct Cursor<'a> {
    input: &'a str,
    pos: usize,
    end: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(input: &'a str, token: Token) -> Cursor<'a> {
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

    pub(super) fn at_end(&self) -> bool {
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
    pub(super) fn tag(&mut self) -> Result<(String, Span), Located> {
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
                // A whole `\u{...}` that names no character is shown whole.
                if let Some(end) = escape.strip_prefix("\\u{").and_then(|s| s.find('}')) {
                    let why = "a character's code in hex (0 to 10FFFF, not D800 to DFFF)";
                    return Err(self.error(at..at + end + 4, why));
                }
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

pub(super) struct Parser<'a> {
    pub(super) input: &'a str,
    pub(super) setup: Setup,
    /// The bytes that gave each field of the setup, by its validation path.
    pub(super) spans: HashMap<String, Span>,
    pub(super) round_given: bool,
}

impl<'a> Parser<'a> {
    fn span(&mut self, field: impl Into<String>, span: Span) {
        self.spans.insert(field.into(), span);
    }

    pub(super) fn position(&mut self) -> Result<(), Located> {
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
            'X' => self.names(&mut c, token, "pirates", "pirates"),
            's' | 'l' | 'i' => self.holder(&mut c, key),
            'p' => self.names(&mut c, token, "passed", "players"),
            'B' => self.boarded(&mut c, token),
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

    /// A list of player tags: the pirates (`X:`) or the players who passed (`p:`).
    fn names(
        &mut self,
        c: &mut Cursor<'a>,
        token: Token,
        field: &str,
        what: &str,
    ) -> Result<(), Located> {
        self.span(field, token.span());
        c.list(what, |c, k| {
            let (name, span) = c.tag()?;
            match field {
                "pirates" => self.setup.pirates.push(name),
                _ => self.setup.passed.push(name),
            }
            self.span(format!("{field}[{k}]"), span);
            Ok(())
        })
    }

    /// The holder of the small pilot (`s:`), the large pilot (`l:`) or insurance (`i:`).
    fn holder(&mut self, c: &mut Cursor<'a>, key: char) -> Result<(), Located> {
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

    /// The seats boarded in this boarding step (`B:`), as in `J2`.
    fn boarded(&mut self, c: &mut Cursor<'a>, token: Token) -> Result<(), Located> {
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
            let mut sign = 1;
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
                // `r-5` is r's cash of -5, which validation refuses by its
                // field, unless a player is named `r-`.
                let known = |tag: &str| self.setup.players.iter().any(|n| n == tag);
                match name.strip_suffix('-').filter(|p| known(p) && !known(name)) {
                    Some(player) => {
                        sign = -1;
                        player.to_string()
                    }
                    None => name.to_string(),
                }
            };
            let (amount, span) = c.number("the cash after the player tag, as in r12")?;
            let amount = sign * amount;
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
pub(super) fn locate(
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
