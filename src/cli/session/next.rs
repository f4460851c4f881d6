//! Between voyages: the settlement and each player's profit, then the next
//! voyage weighed (`bid`, `layouts`, R16) and begun (`new`).

use super::opening::Pending;
use super::with_progress;
use super::wording::game_over_words;
use super::{Finished, Session, Step, mortgaged_in};
use crate::cli::auction::{self, Start};
use crate::cli::config::default_stop;
use crate::cli::words;
use crate::engine::analysis::Request;
use crate::engine::bid;
use crate::engine::layouts as engine_layouts;
use crate::parse::events::{Outcome, find_player};
use crate::parse::{layout, notation, said};
use crate::position::Position;
use crate::render::{self, Format, settlement};
use crate::report::{Future, Voyage};
use crate::rules;

impl Session {
    /// `bid [buy]` after a settlement: what the harbour master is worth to
    /// each player at the next voyage's auction (R16), on the cash, shares
    /// and prices the next voyage starts with.
    pub(super) fn auction(&mut self, rest: &str) -> Result<String, String> {
        let v = self.settled("bid")?;
        self.auction_from(rest, &v.names, |words| carried_over(&v, words))
    }

    /// `bid` on the next voyage's start as `start_of` gives it from a
    /// layout's words (with a harbour master's name first, to move the role).
    fn auction_from(
        &mut self,
        rest: &str,
        names: &[String],
        start_of: impl Fn(&str) -> Result<Position, String>,
    ) -> Result<String, String> {
        let (name, buy) = harbour_words("bid", names, rest)?;
        if let Some(name) = name {
            return Err(format!(
                "bid: '{name}': the auction values every player as harbour master; \
                 'bid' or 'bid buy'"
            ));
        }
        let start = start_of(STAND_IN_LAYOUT)?;
        let request = self.layouts_request("bid")?;
        let typed = format!("bid {rest}");
        let Some(bids) = with_progress("bids", &request, |report| {
            bid::bids(start.state(), buy, &request, report)
        }) else {
            return Ok(self.stopped("bids", typed.trim()));
        };
        Ok(render::renderer_fit(Format::Table, self.options.fit).bids(&start, &bids))
    }

    /// `layouts [NAME] [buy]` after a settlement: the next voyage's layouts
    /// compared for its harbour master (R3), the best 10 unless `--top`.
    pub(super) fn layouts(&mut self, rest: &str) -> Result<String, String> {
        let v = self.settled("layouts")?;
        self.layouts_from(rest, &v.names, |words| carried_over(&v, words))
    }

    /// `layouts` on the next voyage's start as `start_of` gives it, as
    /// [`Session::auction_from`].
    fn layouts_from(
        &mut self,
        rest: &str,
        names: &[String],
        start_of: impl Fn(&str) -> Result<Position, String>,
    ) -> Result<String, String> {
        let (name, buy) = harbour_words("layouts", names, rest)?;
        let words = match &name {
            Some(name) => format!("{} {STAND_IN_LAYOUT}", notation::tag(name)),
            None => STAND_IN_LAYOUT.to_string(),
        };
        let start = start_of(&words)?;
        let request = self.layouts_request("layouts")?;
        let typed = format!("layouts {rest}");
        let all = rules::layouts();
        let Some(compared) = with_progress("layouts", &request, |report| {
            engine_layouts::compare(start.state(), &all, buy, &request, report)
        }) else {
            return Ok(self.stopped("layouts", typed.trim()));
        };
        let top = self.options.fit.top.unwrap_or(SESSION_LAYOUTS);
        Ok(render::renderer_fit(Format::Table, self.options.fit).layouts(&start, &compared, top))
    }

    /// `bid` or `layouts` typed while a session begun without a layout asks
    /// for it (`pending`): weighed as after a settlement, on the start the
    /// layout would make. `None` for any other line.
    pub fn weigh_pending(
        &mut self,
        line: &str,
        pending: &Pending,
    ) -> Option<Result<String, String>> {
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        // A player named `bid` begins a layout (`bid J2 S3 G4`), as after `new`.
        if said::player(pending.names(), command).is_some() && !rest.is_empty() {
            return None;
        }
        let start_of = |words: &str| pending.start(words).map(|s| s.position);
        match command.to_lowercase().as_str() {
            "bid" => Some(self.auction_from(rest, pending.names(), start_of)),
            "layouts" => Some(self.layouts_from(rest, pending.names(), start_of)),
            _ => None,
        }
    }

    /// The voyage just settled, when the next one's auction and layout can
    /// be weighed (R16): not during a voyage, nor after the game's end.
    fn settled(&self, command: &str) -> Result<Voyage, String> {
        match &self.current().outcome {
            Outcome::Settled(v) if !v.game_over.is_empty() => Err(game_over_words(&v.game_over)),
            Outcome::Settled(v) => Ok(v.as_ref().clone()),
            Outcome::Going(_) => Err(format!(
                "{command}: the next voyage's auction and layout come after this \
                 voyage's settlement (R16)"
            )),
        }
    }

    /// What a computation of `what` stopped by Ctrl-C says: `typed` asks again.
    fn stopped(&self, what: &str, typed: &str) -> String {
        let words = format!("Interrupted: no {what} (Ctrl-C). '{typed}' asks again.\n");
        render::wrap::wrap(&words, self.options.fit.width)
    }

    /// The session's request as `layouts` and `bid` take it: shares count
    /// (as their commands' default), and the play-outs of a layouts run
    /// unless `--samples` was given.
    fn layouts_request(&mut self, command: &str) -> Result<Request, String> {
        let mut r = self.request.clone();
        if r.future == Future::Paranoid {
            return Err(format!(
                "{command}: the session's model, paranoid, searches one player's placements \
                 against the others' and compares no layouts: 'model auto' (round at a \
                 voyage's start) or 'model round' first"
            ));
        }
        r.valuation.count_shares = true;
        if !self.options.samples_given && r.sampling.samples.is_some() {
            default_stop(&mut r.sampling, r.future, true, true);
        }
        engine_layouts::check(&r).map_err(|e| format!("{command}: {}", words::request_error(e)))?;
        Ok(self.with_fit(r))
    }

    /// The settlement, each player's profit over the voyage, and what may
    /// come next.
    pub(super) fn end_of_voyage(&self, v: &Voyage) -> String {
        let profits = self.profits(v);
        let mut out = settlement::settlement(v);
        // The cash a mortgage raised is no profit (R13): the headings say
        // so when it is part of the cash a player sees change.
        let heading = self.profit_heading(mortgaged_in(&self.history));
        out += &settlement::profits(v, &profits, &heading);
        if !self.finished.is_empty() {
            let earlier = |p: usize| -> i64 {
                let profits = self.finished.iter().map(|f| f.profits.get(p));
                profits.map(|x| x.copied().unwrap_or(0)).sum()
            };
            let total: Vec<i64> = (0..profits.len())
                .map(|p| profits[p] + earlier(p))
                .collect();
            let any = mortgaged_in(&self.history)
                || self.finished.iter().any(|f| mortgaged_in(&f.history));
            let note = if any {
                " (R13; a mortgage's 12 is not profit)"
            } else {
                ""
            };
            let heading = format!("Profit over {} voyages{note}:", self.finished.len() + 1);
            out += &settlement::profits(v, &total, &heading);
        }
        // A session begun where the voyage settled at once has no event to
        // take back.
        let undo = match self.history.len() > 1 || !self.finished.is_empty() {
            true => "'undo' takes the last event back, ",
            false => "",
        };
        out += &if !v.game_over.is_empty() {
            format!("{undo}'quit' leaves.\n")
        } else {
            format!(
                "The voyage is over: 'bid' values the auction for the next one (R16), \
                 'layouts' its layouts; 'new J2 S3 G4' starts it (its layout; a name \
                 first makes that player harbour master), {undo}'quit' leaves.\n"
            )
        };
        render::wrap::wrap(&out, self.options.fit.width)
    }

    /// The heading of the voyage's profits: a session begun in mid-voyage
    /// saw none of the placements made before it, nor what they and the
    /// auction (bid and share, R16) cost; a mortgage raised cash that is no
    /// profit.
    fn profit_heading(&self, mortgaged: bool) -> String {
        let from_start = match self.history.first().map(|s| &s.outcome) {
            Some(Outcome::Going(p)) => {
                let s = p.state();
                s.rolls_done == 0 && s.player_ids().all(|q| s.placed(q) == 0 && !s.has_passed(q))
            }
            // Settled at once: begun at its end, where the session played
            // the rest itself (no voyage's start settles).
            Some(Outcome::Settled(_)) => false,
            None => true,
        };
        let mortgage = match mortgaged {
            true => "; a mortgage's 12 is not profit",
            false => "",
        };
        match from_start {
            true => format!("Profit over the voyage (R13{mortgage}):"),
            false => format!(
                "Profit since the session began (R13; the placements made before it, \
                 and the auction's bid and share, are not counted{mortgage}):"
            ),
        }
    }

    /// Each player's profit since the voyage's start in this session:
    /// what every event paid and cost, and the settlement (R13).
    fn profits(&self, v: &Voyage) -> Vec<i64> {
        (0..v.names.len())
            .map(|p| {
                let moved: i64 = self.history.iter().map(|s| s.cash[p]).sum();
                moved + v.settlement.cash_change(v.state.insurance, p)
            })
            .collect()
    }

    /// `new [LAYOUT]`: after the settlement, the next voyage from its layout.
    pub(super) fn new_voyage(&mut self, text: &str) -> Result<String, String> {
        let v = match &self.current().outcome {
            Outcome::Settled(v) => v.clone(),
            Outcome::Going(_) => {
                return Err(
                    "the voyage is not over: 'new' starts the next one after the settlement".into(),
                );
            }
        };
        if !v.game_over.is_empty() {
            return Err(game_over_words(&v.game_over));
        }
        if text.is_empty() {
            self.awaiting_layout = true;
            let hm = v.state.harbour_master as usize;
            let next = &v.names[(hm + 1) % v.names.len()];
            let ask = format!(
                "The next voyage: type its layout, e.g. 'J2 S3 G4' (harbour master {}), \
                 or a name first for another harbour master: '{next} J2 S3 G4'; 'undo' \
                 takes 'new' back.\n",
                v.names[hm]
            );
            return Ok(render::wrap::wrap(&ask, self.options.fit.width));
        }
        let Start {
            position: start,
            payer,
            said,
            mortgaged,
        } = next_start(&v, text)?;
        if let Some(me) = &self.options.me
            && find_player(&start, me).is_none()
        {
            return Err(format!("--me: '{me}' is not a player of that voyage"));
        }
        // The bid and the share bought count in the new voyage's profit.
        let first = Step::paid_start(start, payer, mortgaged)?;
        let profits = self.profits(&v);
        self.awaiting_layout = false;
        let history = std::mem::replace(&mut self.history, vec![first]);
        self.finished.push(Finished { history, profits });
        self.rows = None;
        Ok(render::wrap::wrap(&said, self.options.fit.width) + &self.report())
    }
}

/// The next voyage's start from `text`: the layout alone (same players and
/// harbour master), a player's name then the layout (that player harbour
/// master), or players and layout as for `--layout`; anywhere after the name,
/// `bid:N` (the harbour master's winning bid, R16) and `buy:CARGO` (the share
/// they buy, R1). With the same players, cash (with the settlement), shares,
/// prices (risen, R12) and the variants carry over.
fn next_start(v: &Voyage, text: &str) -> Result<Start, String> {
    let (text, deal) = auction::words(text, "new")?;
    let start = carried_over(v, &text)?;
    auction::pay(start, deal, "new")
}

/// What the next voyage starts from, in `--layout`'s words without ships:
/// the players (the harbour master starred, as `new` keeps them), their
/// cash with the settlement, shares, risen prices and variants (R12);
/// `None` when the game is over.
pub(super) fn next_voyage_layout(v: &Voyage) -> Option<String> {
    if !v.game_over.is_empty() {
        return None;
    }
    notation::format_start(&carried_over(v, STAND_IN_LAYOUT).ok()?)
}

/// The layouts a session's `layouts` shows unless `--top` says otherwise.
const SESSION_LAYOUTS: usize = 10;

/// A layout that stands in for the next voyage's while every layout is
/// compared (`bid`, `layouts`).
const STAND_IN_LAYOUT: &str = "J2 S3 G4";

/// The words after `bid` or `layouts`: a player's name and `buy`, in any
/// order. A player may be named `buy`: the first such word names them when
/// no other name is given, the flag being the second.
fn harbour_words(
    command: &str,
    names: &[String],
    rest: &str,
) -> Result<(Option<String>, bool), String> {
    let (buys, others): (Vec<&str>, Vec<&str>) = said::words(rest)
        .into_iter()
        .partition(|w| w.eq_ignore_ascii_case("buy"));
    let buys = buys.len();
    if let Some(word) = others.iter().find(|w| w.to_lowercase().starts_with("buy:")) {
        return Err(format!(
            "{command}: '{word}': 'buy' alone compares every purchase; buy:CARGO goes \
             with 'new', once the auction is won"
        ));
    }
    let named_buy = said::player(names, "buy").is_some();
    let (name, buy) = match (others.as_slice(), buys) {
        ([], 0) => (None, false),
        ([], 1) if named_buy => (Some("buy".to_string()), false),
        ([], _) if named_buy => (Some("buy".to_string()), true),
        ([], _) => (None, true),
        ([one], n) => (Some(one.to_string()), n > 0),
        ([_, second, ..], _) => return Err(format!("{command}: '{second}': one name at most")),
    };
    match name {
        Some(name) => match said::player(names, &name) {
            Some(p) => Ok((Some(names[p].clone()), buy)),
            None => {
                let all: Vec<&str> = names.iter().map(String::as_str).collect();
                Err(format!(
                    "{command}: '{name}' is not a player ({}){}",
                    all.join(", "),
                    said::did_you_mean(&name, &all)
                ))
            }
        },
        None => Ok((None, buy)),
    }
}

/// The players token and layout of the next voyage from the words after
/// `command` (`new`, or the layout a session asked for), the auction's words
/// taken out: a player's name first makes them harbour master in place of
/// `hm`; a players token of its own stands for the players.
pub(super) fn with_players(
    names: &[String],
    hm: usize,
    text: &str,
    command: &str,
) -> Result<String, String> {
    let first = said::words(text).first().copied().unwrap_or_default();
    let players = |hm: usize| {
        let tag = |(p, n): (usize, &String)| match p == hm {
            true => format!("{}*", notation::tag(n)),
            false => notation::tag(n),
        };
        names
            .iter()
            .enumerate()
            .map(tag)
            .collect::<Vec<_>>()
            .join(",")
    };
    // A name first (one of them may hold a comma, in quotes) before a
    // players token of its own.
    if let Some(p) = said::player(names, first) {
        let rest = text[first.len()..].trim();
        Ok(format!("{} {rest}", players(p)))
    } else if first.contains(',') {
        Ok(text.to_string())
    } else if !first.is_empty() && first.chars().all(char::is_alphabetic) {
        // A word with no space number is no ship (J2): a name mistyped.
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        Err(format!(
            "{command}: '{first}' is neither a player ({}) nor a ship (the layout is three ships, e.g. J2 S3 G4){}",
            names.join(", "),
            said::did_you_mean(first, &names)
        ))
    } else {
        Ok(format!("{} {text}", players(hm)))
    }
}

/// The next voyage's start from the layout words (see [`next_start`]).
fn carried_over(v: &Voyage, text: &str) -> Result<Position, String> {
    let full = with_players(&v.names, v.state.harbour_master as usize, text, "new")?;
    let start = layout::voyage_start(&full).map_err(|e| format!("new: {e}"))?;
    if start.names() != v.names.as_slice() {
        return Ok(start);
    }
    let mut s = *start.state();
    let old = &v.state;
    // Cash goes on from where the voyage left it (costs paid, premiums
    // received), with the settlement.
    let after = rules::accounts_after(old, &v.settlement);
    s.cash = after.cash;
    s.shares = after.shares;
    s.prices = v.prices;
    // A game of more or fewer workers than the rules' (`w`) keeps them.
    s.workers = old.workers;
    s.variant.strong_pirates |= old.variant.strong_pirates;
    s.variant.thirteen_wrecks |= old.variant.thirteen_wrecks;
    Ok(Position::from_parts(start.names().to_vec(), s))
}
