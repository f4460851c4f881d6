//! Share counting (R12, R13 with `--count-shares`): shares are valued at their
//! price change, and decision makers take it into account.

mod common;

use manila_odds::Action;
use manila_odds::engine::exact;
use manila_odds::engine::sample::{self, BLOCK, Settings};
use manila_odds::engine::values::{CASH, TIE, Valuation};
use manila_odds::parse::notation;

const COUNTED: Valuation = Valuation { count_shares: true };

fn position(text: &str) -> manila_odds::Position {
    notation::parse(text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn r12_r13_shares_add_their_price_rise_times_the_docking_chance() {
    // Before roll 1, no pilot and no pirate: nobody decides anything, so counting
    // shares adds exactly shares x rise x P(docks): 2 jade shares at 10 (rise 10),
    // 1 silk share at 20 (rise 10), 3 nutmeg shares at 30 (no rise).
    let p = position("r*,b,g,y 0:r J2 S3 N4 %r:J2S1,g:N3 ^J10,S20,N30");
    let plain = exact::outcome(p.state(), CASH);
    let counted = exact::outcome(p.state(), COUNTED);
    let (jade, silk) = (plain.harbour[0], plain.harbour[1]);
    assert!((counted.value[0] - plain.value[0] - (2.0 * 10.0 * jade + 10.0 * silk)).abs() < TIE);
    assert!(
        (counted.value[2] - plain.value[2]).abs() < TIE,
        "30 cannot rise"
    );
    assert_eq!(counted.harbour, plain.harbour);
}

#[test]
fn r8_r14_a_pilot_holding_shares_moves_its_ship_home() {
    // After roll 2 silk stands on 10: it docks with a die of 3 or more (3: onto 13,
    // which docks without pirates), 4/6. The large pilot holds no seat, so without
    // shares every move is worth 0 to it and it does nothing (R14 ties). With one
    // silk share at 5 (rise 5), silk+2 puts silk on 12, home for sure: 5 against
    // 5 x 4/6.
    let p = position("r*,b,g,y 2:large J3 S10 N2 l:b %b:S1 ^S5");
    let plain = exact::advise(p.state(), CASH);
    assert_eq!(plain.options[0].action, Action::PILOT_NONE);
    let counted = exact::advise(p.state(), COUNTED);
    let best = &counted.options[0];
    assert_eq!(best.action.to_string(), "silk+2");
    assert!((best.ev - 5.0).abs() < TIE);
    let none = counted
        .option(Action::PILOT_NONE)
        .map(|o| o.ev)
        .unwrap_or_default();
    assert!((none - 5.0 * 4.0 / 6.0).abs() < TIE);
    assert!(counted.how.shares_counted && !plain.how.shares_counted);
}

#[test]
fn monte_carlo_counts_shares_as_exact_does() {
    for seed in 0..10 {
        let p = common::random_position(4000 + seed);
        let s = p.state();
        let mut settings = Settings::new(seed);
        settings.samples = Some(16 * BLOCK);
        settings.valuation = COUNTED;
        let arms = sample::option_arms(s);
        let e = sample::run(
            &arms,
            s.decider().map(|d| d as usize),
            &settings,
            &mut |_| {},
        );
        for (arm, (action, o)) in e.arms.iter().zip(exact::option_outcomes(s, COUNTED)) {
            for q in 0..s.players as usize {
                let (m, se) = (arm.mean.value[q], arm.stderr.value[q]);
                assert!(
                    (m - o.value[q]).abs() <= 4.0 * se + 1e-9,
                    "{seed} {action} player {q}: {m} ± {se} vs {}",
                    o.value[q]
                );
            }
        }
    }
}

#[test]
fn the_cli_says_when_shares_are_counted() {
    let pos = "r*,b,g,y 2:large J3 S10 N2 l:b %b:S1 ^S5";
    let table = common::run_ok(&["advise", "--pos", pos, "--count-shares"], None);
    assert!(
        table.contains("shares counted") && table.contains("silk+2"),
        "{table}"
    );
    let json = common::run_ok(&["odds", "--pos", pos, "--count-shares", "--json"], None);
    assert!(json.contains("\"count_shares\": true"), "{json}");
}

/// The value of `action` to the player to move in `text`, exact under `none`.
fn option_ev(text: &str, action: &str, valuation: Valuation) -> f64 {
    let p = position(text);
    let advice = exact::advise(p.state(), valuation);
    let o = advice
        .options
        .iter()
        .find(|o| o.action.to_string() == action);
    o.unwrap_or_else(|| panic!("{action} is an option of {text}"))
        .ev
}

#[test]
fn r11_r13_an_insurer_short_of_money_is_valued_at_the_claims_paid() {
    // After roll 2 jade is on 2, silk on 3, ginseng on 4: one roll cannot bring
    // any of them to 13, so all three wreck and the insurer owes shipyard A, B
    // and C: 6 + 8 + 15 = 29. With 2 in cash, d takes the 10 for insurance and
    // can pay 12 of the 29; the bank pays the rest (R11, the rulebook in
    // seeds/), so insurance is worth 10 - 12 = -2, not 10 - 29.
    let short = "a*,b,c,d 2:d J2:a S3:b G4:c Y:a,b,c p:a,b,c $d2";
    assert!((option_ev(short, "insurance", CASH) + 2.0).abs() < TIE);
    // A share mortgaged raises 12 more, all of it paid: 10 - 24.
    let share = "a*,b,c,d 2:d J2:a S3:b G4:c Y:a,b,c p:a,b,c $d2 %d:N1";
    assert!((option_ev(share, "insurance", CASH) + 14.0).abs() < TIE);
    // With 19 in cash the claims are paid in full: 10 - 29.
    let rich = "a*,b,c,d 2:d J2:a S3:b G4:c Y:a,b,c p:a,b,c $d19";
    assert!((option_ev(rich, "insurance", CASH) + 19.0).abs() < TIE);
}

#[test]
fn r11_r12_r13_a_share_mortgaged_for_claims_gains_no_price_rise() {
    // Jade and ginseng on 13 with no pirate dock at roll 3 whatever the dice
    // (R9); silk on 2 wrecks. The insurer d owes shipyard A's 6 to the bank
    // with no cash: they mortgage their jade share to pay (R11 before R12),
    // so the rise of jade (0 to 5) counts nothing to them (R13): -6.
    let mortgaged = position("a*,b,c,d 2:roll J13:a S2 G13:b Y:c i:d $d0 %d:J1");
    let o = exact::outcome(mortgaged.state(), COUNTED);
    assert!((o.value[3] + 6.0).abs() < TIE, "{}", o.value[3]);
    // With 6 in cash the share stays theirs and rises by 5: -6 + 5.
    let kept = position("a*,b,c,d 2:roll J13:a S2 G13:b Y:c i:d $d6 %d:J1");
    let o = exact::outcome(kept.state(), COUNTED);
    assert!((o.value[3] + 1.0).abs() < TIE, "{}", o.value[3]);
    // With a silk share too (silk at 10, wrecked: no rise), d mortgages silk,
    // not the cheaper jade that rises: what keeps the most (R14), -6 + 5.
    let two = position("a*,b,c,d 2:roll J13:a S2 G13:b Y:c i:d $d0 %d:J1S1 ^S10");
    let o = exact::outcome(two.state(), COUNTED);
    assert!((o.value[3] + 1.0).abs() < TIE, "{}", o.value[3]);
}

#[test]
fn r11_r12_r14_a_share_at_30_is_mortgaged_before_one_that_rises() {
    // Found by an independent brute force. Nutmeg wrecks: insurer b owes
    // shipyard A's 6 with no cash. Jade (20) and silk (30) both end in the
    // harbour, but silk at 30 cannot rise (R12): b mortgages silk and keeps
    // jade's rise to 30, -6 + 10 (R14), not -6 + 0.
    let p = position("r*,b,g,y 3:plunder JD S13 N12 X:y i:b $b0 %b:J1S1 ^J20,S30");
    let o = exact::outcome(p.state(), COUNTED);
    assert!((o.value[1] - 4.0).abs() < TIE, "{}", o.value[1]);
    // Before the roll too, whichever option the mover takes.
    let before = "r*,b,g,y 2:r JD SD N5 i:b $b0 %b:J1S1 ^J20,S30";
    let p = position(before);
    for o in exact::advise(p.state(), COUNTED).options {
        assert!(
            (o.players[1] - 4.0).abs() < TIE,
            "{}: {}",
            o.action,
            o.players[1]
        );
    }
    // The settlement says which share went, and that silk had no step left.
    let out = common::run_bin(
        &[
            "apply",
            "--pos",
            "r*,b,g,y 3:plunder JD S13 N12 X:y i:b $b0 %b:J1S1 ^J20,S30",
            "silk:harbour",
        ],
        None,
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("b mortgaged 1 silk share to pay"), "{said}");
    assert!(
        said.contains("Price rises: jade 20 -> 30 (silk in the harbour at 30 already)"),
        "{said}"
    );
}
