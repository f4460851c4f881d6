//! What the harbour master paid before a voyage, as typed at its start
//! (`new` in a session, `--layout`): `bid:N`, the winning bid (R16), and
//! `buy:CARGO`, the share bought (R1), both paid from cash, mortgaging
//! shares when it is short (R5).

use crate::parse::said;
use crate::position::Position;
use crate::render::settlement;
use crate::rules::{self, Cargo, PlayerId};

/// A voyage's start with what was paid for it.
pub struct Start {
    pub position: Position,
    /// The harbour master and what they paid for the role and the share
    /// (R16, R1), when `bid:` or `buy:` was typed.
    pub payer: Option<(PlayerId, u32)>,
    /// What was paid and the shares mortgaged to pay, in words ("" when
    /// nothing was).
    pub said: String,
    /// Whether paying mortgaged a share (R5).
    pub mortgaged: bool,
}

/// A start nobody paid for.
impl From<Position> for Start {
    fn from(position: Position) -> Start {
        Start {
            position,
            payer: None,
            said: String::new(),
            mortgaged: false,
        }
    }
}

/// The harbour master's payments before a voyage, as typed.
#[derive(Default)]
pub struct Deal {
    bid: Option<u32>,
    buy: Option<Cargo>,
}

/// `text` without its `bid:N` and `buy:CARGO` words, and what they say;
/// errors begin with `what` ("new", "--layout").
pub fn words(text: &str, what: &str) -> Result<(String, Deal), String> {
    let mut deal = Deal::default();
    let mut rest = Vec::new();
    for word in said::words(text) {
        let lower = word.to_lowercase();
        if let Some(n) = lower.strip_prefix("bid:") {
            // Digits only: `bid:+5` is no more a bid than `bid:-5`.
            if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
                return Err(format!(
                    "{what}: '{word}': a bid is a whole number, e.g. bid:7"
                ));
            }
            let bid = n
                .parse()
                .map_err(|_| format!("{what}: '{word}': the bid is out of range"))?;
            if deal.bid.replace(bid).is_some() {
                return Err(format!("{what}: '{word}': one winning bid only (R16)"));
            }
        } else if let Some(c) = lower.strip_prefix("buy:") {
            let cargo = said::cargo(c).ok_or_else(|| {
                let known: Vec<String> = Cargo::ALL
                    .iter()
                    .map(|c| format!("buy:{}", c.name()))
                    .collect();
                let known: Vec<&str> = known.iter().map(String::as_str).collect();
                match said::did_you_mean(&lower, &known) {
                    hint if hint.is_empty() => {
                        format!("{what}: '{word}': buy:CARGO names a cargo, e.g. buy:jade")
                    }
                    hint => format!("{what}: '{word}': buy:CARGO names a cargo{hint}"),
                }
            })?;
            if deal.buy.replace(cargo).is_some() {
                return Err(format!(
                    "{what}: '{word}': the harbour master buys one share at most (R16)"
                ));
            }
        } else {
            rest.push(word);
        }
    }
    Ok((rest.join(" "), deal))
}

impl Deal {
    /// Nothing paid: no `bid:` and no `buy:`.
    pub fn is_empty(&self) -> bool {
        self.bid.is_none() && self.buy.is_none()
    }
}

/// `start` after its harbour master paid `deal`.
pub fn pay(start: Position, deal: Deal, what: &str) -> Result<Start, String> {
    if deal.is_empty() {
        return Ok(start.into());
    }
    let mut s = *start.state();
    if let Some(bid) = deal.bid {
        s = rules::auction::pay_bid(&s, bid).map_err(|e| format!("{what}: {e}"))?;
    }
    let mut paid = deal.bid.unwrap_or(0);
    let mut bought = None;
    if let Some(cargo) = deal.buy {
        let cost = rules::auction::share_cost(&s, cargo);
        paid += cost;
        bought = Some((cargo, cost));
        s = rules::auction::buy_share(&s, cargo).map_err(|e| format!("{what}: {e}"))?;
    }
    let hm = start.names()[s.harbour_master as usize].as_str();
    // The shares held after paying, before the one bought is added: a share
    // mortgaged to pay for one of its own cargo would otherwise net out.
    let mut paid_from = s;
    if let Some((cargo, _)) = bought {
        paid_from.shares[s.harbour_master as usize][cargo.index()] -= 1;
    }
    let mortgaged = rules::shares_mortgaged(start.state(), &paid_from);
    let lines = settlement::mortgage_lines(start.names(), &mortgaged);
    Ok(Start {
        position: Position::from_parts(start.names().to_vec(), s),
        payer: Some((s.harbour_master, paid)),
        said: paid_words(hm, deal.bid, bought) + &lines,
        mortgaged: mortgaged.iter().flatten().any(|&n| n > 0),
    })
}

/// What the harbour master paid before the voyage: "b paid 7 for the
/// harbour master (R16) and 5 for a jade share (R1).".
fn paid_words(hm: &str, bid: Option<u32>, bought: Option<(Cargo, u32)>) -> String {
    let share = |(cargo, cost): (Cargo, u32)| format!("{cost} for a {} share (R1)", cargo.name());
    match (bid, bought) {
        (Some(bid), Some(b)) => format!(
            "{hm} paid {bid} for the harbour master (R16) and {}.\n",
            share(b)
        ),
        (Some(bid), None) => format!("{hm} paid {bid} for the harbour master (R16).\n"),
        (None, Some(b)) => format!("{hm} paid {}.\n", share(b)),
        (None, None) => String::new(),
    }
}
