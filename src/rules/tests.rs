//! The rules' unit tests, one per rule id, with the rulebook's worked examples.

use super::*;

const J: usize = 0; // jade
const S: usize = 1; // silk
const N: usize = 2; // nutmeg

/// 4 players (0..4), harbour master 0, jade/silk/nutmeg on 3/3/3, round 1.
fn start() -> State {
    let cargos = [Cargo::Jade, Cargo::Silk, Cargo::Nutmeg];
    voyage_start(4, 0, cargos, [3, 3, 3], Variant::default())
}

fn over(mut s: State, fates: [At; 3]) -> State {
    for (ship, at) in s.ships.iter_mut().zip(fates) {
        ship.at = at;
    }
    s.phase = Phase::Over;
    s
}

fn act(s: &State, name: &str) -> State {
    let a = Action::parse(name).unwrap_or_else(|| panic!("{name}"));
    apply(s, a).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn r3_there_are_100_layouts() {
    let all = layouts();
    assert_eq!(all.len(), 100);
    assert!(
        all.iter()
            .all(|(_, s)| s.iter().sum::<u8>() == 9 && s.iter().all(|&x| x <= 5))
    );
}

#[test]
fn r10_two_pirates_plundering_nutmeg_take_12_each_figure_10() {
    let mut s = start();
    s.pirates = [Some(1), Some(2)];
    s.ships[N].crew = Crew::from_slice(&[3]);
    let mut s = over(s, [At::Harbour, At::Harbour, At::Sea(13)]);
    s.rolls_done = 3;
    s.phase = Phase::Plunder;
    let s = act(&s, "nutmeg:shipyard");
    let pay = settle(&s).payouts;
    assert_eq!((pay[1], pay[2], pay[3]), (12, 12, 0));
}

#[test]
fn r11_jade_with_three_passengers_pays_24_and_12_figure_12() {
    let mut s = start();
    s.ships[J].crew = Crew::from_slice(&[1, 1, 2]);
    let s = over(s, [At::Harbour, At::Shipyard, At::Shipyard]);
    let pay = settle(&s).payouts;
    assert_eq!((pay[1], pay[2]), (24, 12));
}

#[test]
fn r11_two_ships_docked_pay_harbour_a_6_b_8_c_nothing_figure_13a() {
    let mut s = start();
    s.harbour = [Some(1), Some(2), Some(3)];
    let s = over(s, [At::Harbour, At::Harbour, At::Shipyard]);
    let pay = settle(&s).payouts;
    assert_eq!((pay[1], pay[2], pay[3]), (6, 8, 0));
}

#[test]
fn r11_one_wreck_pays_shipyard_a_6_b_nothing_figure_13b() {
    let mut s = start();
    s.shipyard = [Some(1), Some(2), None];
    let s = over(s, [At::Harbour, At::Harbour, At::Shipyard]);
    let pay = settle(&s).payouts;
    assert_eq!((pay[1], pay[2]), (6, 0));
}

#[test]
fn r11_insurer_on_shipyard_a_with_two_wrecks_pays_8_to_b_figure_14() {
    let mut s = start();
    s.shipyard = [Some(1), Some(2), None];
    s.insurance = Some(1);
    let s = over(s, [At::Harbour, At::Shipyard, At::Shipyard]);
    let out = settle(&s);
    // The insurer pays 6 to itself and 8 to the player on B: 8 net.
    assert_eq!((out.payouts[1], out.payouts[2]), (-8, 8));
    assert_eq!((out.claims, out.claims_to_players), (14, 14));
}

#[test]
fn r11_insurer_pays_the_bank_for_an_empty_shipyard_slot() {
    let mut s = start();
    s.insurance = Some(3);
    let s = over(s, [At::Shipyard, At::Shipyard, At::Shipyard]);
    let out = settle(&s);
    assert_eq!(out.payouts[3], -29);
    assert_eq!((out.claims, out.claims_to_players), (29, 0));
}

#[test]
fn r12_prices_rise_for_ships_in_the_harbour() {
    let s = over(start(), [At::Harbour, At::Shipyard, At::Harbour]);
    let rises = settle(&s).rises;
    assert_eq!(rises, [true, false, false, true]); // jade, silk, ginseng, nutmeg
    assert_eq!(raise_prices([20, 0, 0, 30], rises), [30, 0, 0, 30]);
}

#[test]
fn r12_the_game_ends_when_a_cargo_reaches_30() {
    assert_eq!(game_over([20, 5, 5, 10], [20, 10, 5, 20]), []);
    assert_eq!(
        game_over([20, 20, 5, 20], [20, 30, 5, 30]),
        [Cargo::Silk, Cargo::Nutmeg]
    );
    // Nutmeg stood at 30 before the voyage: it reached nothing now.
    assert_eq!(game_over([20, 10, 5, 30], [20, 10, 5, 30]), []);
    assert_eq!(game_over([20, 20, 5, 30], [30, 20, 5, 30]), [Cargo::Jade]);
}

#[test]
fn r11_r5_an_insurer_short_of_cash_mortgages_the_cheapest_share_to_pay() {
    let mut s = start();
    s.insurance = Some(3);
    s.cash = [Some(10), Some(10), Some(10), Some(5), None];
    s.shares[3] = [1, 0, 1, 0]; // jade and ginseng
    s.prices = [20, 0, 5, 0];
    s.shipyard = [Some(1), None, None];
    let s = over(s, [At::Harbour, At::Harbour, At::Shipyard]);
    let out = settle(&s);
    assert_eq!((out.payouts[1], out.payouts[3]), (6, -6));
    let after = accounts_after(&s, &out);
    // 5 in hand, the ginseng share mortgaged for 12: 17, of which 6 paid.
    assert_eq!(after.cash[3], Some(11));
    assert_eq!(after.shares[3], [1, 0, 0, 0]);
    assert_eq!(after.cash[1], Some(16));
}

#[test]
fn r11_r12_r14_an_insurer_mortgages_a_share_at_30_before_one_that_rises() {
    // Jade (20) and silk (30) both reach the harbour: jade rises to 30, silk
    // cannot rise, so the silk share is the one that costs nothing to lose.
    let mut s = start();
    s.insurance = Some(3);
    s.cash = [Some(10), Some(10), Some(10), Some(0), None];
    s.shares[3] = [1, 1, 0, 0];
    s.prices = [20, 30, 0, 0];
    s.shipyard = [Some(1), None, None];
    let s = over(s, [At::Harbour, At::Harbour, At::Shipyard]);
    let out = settle(&s);
    assert_eq!(out.rises[..2], [true, true]);
    let after = accounts_after(&s, &out);
    assert_eq!((after.cash[3], after.shares[3]), (Some(6), [1, 0, 0, 0]));
}

#[test]
fn r11_r5_an_insurer_who_cannot_raise_the_claims_pays_all_they_can_and_the_bank_the_rest() {
    let mut s = start();
    s.insurance = Some(3);
    s.cash = [Some(10), Some(10), Some(10), Some(5), None];
    s.shares[3] = [0, 0, 1, 0]; // one nutmeg: 12 mortgaged
    s.shipyard = [Some(1), Some(2), None];
    let s = over(s, [At::Shipyard, At::Shipyard, At::Shipyard]);
    let out = settle(&s);
    // Claims 6 + 8 + 15 = 29; 5 + 12 = 17 raised; the bank pays 12. The
    // holders of A and B receive their rewards in full.
    assert_eq!(
        (out.claims, out.claims_to_players, out.bank_covers),
        (29, 14, 12)
    );
    assert_eq!(out.payouts[..4], [0, 6, 8, -29]);
    let after = accounts_after(&s, &out);
    assert_eq!((after.cash[3], after.shares[3]), (Some(0), [0; 4]));
    assert_eq!((after.cash[1], after.cash[2]), (Some(16), Some(18)));
}

#[test]
fn r11_an_insurer_with_exactly_enough_cash_pays_in_full_and_keeps_their_shares() {
    let mut s = start();
    s.insurance = Some(3);
    s.cash[3] = Some(6);
    s.shares[3] = [1, 0, 0, 0];
    s.shipyard = [Some(1), None, None];
    let s = over(s, [At::Harbour, At::Harbour, At::Shipyard]);
    let out = settle(&s);
    assert_eq!((out.payouts[3], out.bank_covers), (-6, 0));
    let after = accounts_after(&s, &out);
    assert_eq!((after.cash[3], after.shares[3]), (Some(0), [1, 0, 0, 0]));
}

#[test]
fn r11_an_insurer_pays_claims_net_of_their_own_receipts() {
    // The insurer also crews the docked jade (36) and owes 6 + 8 for the two
    // wrecks: +22 with no cash at all, and nothing for the bank to cover.
    let mut s = start();
    s.insurance = Some(3);
    s.cash[3] = Some(0);
    s.ships[J].crew.push(3);
    let s = over(s, [At::Harbour, At::Shipyard, At::Shipyard]);
    let out = settle(&s);
    assert_eq!((out.payouts[3], out.bank_covers), (36 - 14, 0));
}

#[test]
fn r11_with_money_not_modelled_the_insurer_always_pays_in_full() {
    let mut s = start();
    s.insurance = Some(3);
    let s = over(s, [At::Shipyard, At::Shipyard, At::Shipyard]);
    assert!(s.cash[3].is_none());
    let out = settle(&s);
    assert_eq!((out.payouts[3], out.bank_covers), (-29, 0));
}

#[test]
fn r12_final_wealth_is_cash_plus_shares_at_the_final_prices() {
    let mut s = start();
    s.cash[1] = Some(17);
    s.shares[1] = [2, 0, 1, 0]; // two jade, one ginseng
    assert_eq!(wealth(&s, [30, 5, 10, 0], 1), Some(17 + 2 * 30 + 10));
    s.cash[2] = None;
    assert_eq!(wealth(&s, [30, 5, 10, 0], 2), None);
}

#[test]
fn r2_r6_a_roll_past_13_docks_and_docked_ships_do_not_roll() {
    let mut s = start();
    s.ships[J].at = At::Sea(12);
    s.ships[S].at = At::Harbour;
    s.rolls_done = 1;
    s.round = 2;
    s.phase = Phase::Roll;
    let t = roll(&s, [2, 6, 4]);
    assert_eq!(
        t.ships.map(|sh| sh.at),
        [At::Harbour, At::Harbour, At::Sea(7)]
    );
    assert_eq!(t.rolls_done, 2);
}

#[test]
fn r4_four_players_roll_after_each_round() {
    let mut s = start();
    for _ in 0..4 {
        s = act(&s, "pass");
    }
    assert_eq!(s.phase, Phase::Roll, "everyone passed: the dice roll on");
    s = roll(&s, [1, 1, 1]);
    assert_eq!(s.phase, Phase::Roll, "round 2 has nobody to place");
}

#[test]
fn r4_three_players_place_twice_before_roll_1() {
    let cargos = [Cargo::Jade, Cargo::Silk, Cargo::Nutmeg];
    let mut s = voyage_start(3, 1, cargos, [3, 3, 3], Variant::default());
    for name in ["ship:jade", "ship:silk", "ship:nutmeg"] {
        s = act(&s, name);
    }
    assert_eq!((s.round, s.phase), (2, Phase::Placement { to_move: 1 }));
    for name in ["harbour:A", "harbour:B", "harbour:C"] {
        s = act(&s, name);
    }
    assert_eq!((s.round, s.phase), (2, Phase::Roll));
    s = roll(&s, [1, 1, 1]);
    assert_eq!((s.round, s.phase), (3, Phase::Placement { to_move: 1 }));
}

#[test]
fn r5_a_round_starts_with_the_harbour_master_and_skips_passed_players() {
    let mut s = start();
    s.harbour_master = 2;
    s.phase = Phase::Placement { to_move: 2 };
    s.passed = 1 << 3;
    s = act(&s, "ship:jade");
    assert_eq!(
        s.phase,
        Phase::Placement { to_move: 0 },
        "3 passed: skipped"
    );
}

#[test]
fn r5_a_worker_takes_the_cheapest_seat_and_pays_it() {
    let mut s = start();
    s.cash[0] = Some(10);
    s = act(&s, "ship:jade");
    assert_eq!(s.ships[J].crew.get(0), Some(0));
    assert_eq!(s.cash[0], Some(7));
    assert_eq!(
        action_cost(&s, Action::Seat(Cargo::Jade)),
        4,
        "next seat costs 4"
    );
}

#[test]
fn r5_credit_counts_shares_at_12_and_mortgages_the_cheapest() {
    let mut s = start();
    s.cash[0] = Some(1);
    s.shares[0] = [1, 0, 0, 1];
    s.prices = [20, 0, 0, 5];
    assert_eq!(s.credit(0), Some(25));
    s = act(&s, "pilot:large");
    assert_eq!(s.cash[0], Some(8), "1 + 12 - 5");
    assert_eq!(
        s.shares[0],
        [1, 0, 0, 0],
        "nutmeg (5) is mortgaged before jade (20)"
    );
}

#[test]
fn r5_r13_a_placement_mortgages_a_share_that_cannot_rise_before_a_cheaper_one_that_may() {
    // Ginseng is ashore (R3): its price cannot rise this voyage (R12).
    let mut s = start();
    s.cash[0] = Some(0);
    s.shares[0] = [1, 0, 1, 0];
    s.prices = [0, 0, 20, 0];
    let t = act(&s, "harbour:A");
    assert_eq!(t.shares[0], [1, 0, 0, 0], "ginseng (ashore) before jade");
    assert_eq!(t.cash[0], Some(8), "12 - 4");
    // At 30 a price rises no more.
    s.prices = [0, 0, 0, 30];
    s.shares[0] = [1, 0, 0, 1];
    let t = act(&s, "harbour:A");
    assert_eq!(t.shares[0], [1, 0, 0, 0], "nutmeg (at 30) before jade");
}

/// After roll 2: jade on 12 at 10 docks on 5 throws of 6 and would rise 10
/// (50 sixths), nutmeg in the harbour at 0 rises 5 for sure (30 sixths),
/// silk on 10 at 0 docks on 3 throws (15 sixths), and none docks from 7.
#[test]
fn r5_r13_a_placement_mortgages_the_share_the_dice_promise_least_first() {
    let mut s = start();
    s.rolls_done = 2;
    s.ships[J].at = At::Sea(12);
    s.ships[S].at = At::Sea(10);
    s.ships[N].at = At::Harbour;
    s.cash[0] = Some(0);
    s.prices = [10, 0, 0, 0];
    s.shares[0] = [1, 1, 0, 1];
    let t = act(&s, "pirate");
    assert_eq!(t.shares[0], [1, 0, 0, 1], "silk (15) first");
    s.shares[0] = [1, 0, 0, 1];
    let t = act(&s, "pirate");
    assert_eq!(t.shares[0], [1, 0, 0, 0], "nutmeg (30) before jade (50)");
    s.ships[S].at = At::Sea(7);
    s.prices = [10, 20, 0, 0];
    s.shares[0] = [1, 1, 0, 1];
    let t = act(&s, "pirate");
    assert_eq!(t.shares[0], [1, 0, 0, 1], "silk (0) first, though dearest");
}

#[test]
fn r5_a_stowaway_may_only_take_a_seat_paying_all_cash() {
    let mut s = start();
    s.cash[0] = Some(1);
    s.ships[N].crew = Crew::from_slice(&[1, 2, 3]);
    s.ships[J].crew = Crew::from_slice(&[1, 2, 3]);
    s.ships[S].crew = Crew::from_slice(&[1, 2]);
    assert!(is_stowaway(&s, 0));
    let names: Vec<String> = legal_actions(&s).iter().map(|a| a.to_string()).collect();
    assert_eq!(names, ["pass", "ship:jade", "ship:silk"]);
    assert_eq!(action_cost(&s, Action::Seat(Cargo::Silk)), 1);
    let t = act(&s, "ship:silk");
    assert_eq!(t.cash[0], Some(0));
}

#[test]
fn r5_unaffordable_slots_are_not_offered() {
    let mut s = start();
    s.cash[0] = Some(4);
    let legal = legal_actions(&s);
    assert!(legal.contains(&Action::Harbour(Berth::A)));
    assert!(!legal.contains(&Action::Pirate) && !legal.contains(&Action::LargePilot));
    assert!(legal.contains(&Action::Insurance));
}

fn boarding_state() -> State {
    let mut s = start();
    s.rolls_done = 2;
    s.round = 2;
    s.pirates = [Some(1), Some(2)];
    s.ships[J].at = At::Sea(13);
    s.ships[J].crew = Crew::from_slice(&[0, 3]);
    s.ships[S].at = At::Sea(13);
    s.ships[S].crew = Crew::from_slice(&[0, 3, 0]);
    s.phase = Phase::Boarding {
        next: 0,
        boarded: [0; 3],
    };
    s
}

#[test]
fn r7_the_captain_boards_free_and_the_other_pirate_becomes_captain() {
    let s = boarding_state();
    let names: Vec<String> = legal_actions(&s).iter().map(|a| a.to_string()).collect();
    assert_eq!(names, ["stay", "board:jade"], "silk is full");
    let t = act(&s, "board:jade");
    assert_eq!(t.ships[J].crew.get(2), Some(1));
    assert_eq!(t.pirates, [Some(2), None]);
    assert_eq!(
        t.phase,
        Phase::Boarding {
            next: 0,
            boarded: [0; 3]
        }
    );
    let u = act(&t, "stay");
    // Round 3 begins; player 0 has all 3 workers on the ships and is skipped.
    assert_eq!(u.phase, Phase::Placement { to_move: 1 });
}

#[test]
fn r7_strong_pirates_remove_a_passenger_only_when_no_seat_is_free() {
    let mut s = boarding_state();
    s.variant.strong_pirates = true;
    s.ships[J].crew = Crew::from_slice(&[0, 3, 0, 3]);
    let names: Vec<String> = legal_actions(&s).iter().map(|a| a.to_string()).collect();
    assert_eq!(names.len(), 1 + 4 + 3);
    assert_eq!(s.in_hand(3), 0);
    let t = act(&s, "board:silk/remove:1");
    assert_eq!(t.ships[S].crew.get(1), Some(1));
    assert_eq!(t.in_hand(3), 1, "the removed worker returns to hand");
    assert!(
        !is_legal(&t, Action::parse("board:silk/remove:1").unwrap()),
        "not the new pirate"
    );
    assert!(is_legal(&t, Action::parse("board:silk/remove:0").unwrap()));
}

fn pilot_state(phase: Phase) -> State {
    let mut s = start();
    s.rolls_done = 2;
    s.round = 3;
    s.small_pilot = Some(1);
    s.large_pilot = Some(2);
    s.ships[J].at = At::Sea(13);
    s.ships[S].at = At::Sea(1);
    s.ships[N].at = At::Harbour;
    s.phase = phase;
    s
}

#[test]
fn r8_small_pilot_moves_one_ship_one_space_never_below_0() {
    let s = pilot_state(Phase::SmallPilot);
    let names: Vec<String> = legal_actions(&s).iter().map(|a| a.to_string()).collect();
    assert_eq!(names, ["none", "jade+1", "jade-1", "silk+1", "silk-1"]);
    let t = act(&s, "jade+1");
    assert_eq!(
        (t.ships[J].at, t.phase),
        (At::Harbour, Phase::LargePilot),
        "docks at once"
    );
}

#[test]
fn r8_large_pilot_moves_two_spaces_on_one_ship_or_one_on_two() {
    let s = pilot_state(Phase::LargePilot);
    let names: Vec<String> = legal_actions(&s).iter().map(|a| a.to_string()).collect();
    assert_eq!(
        names,
        [
            "none",
            "jade+1",
            "jade-1",
            "jade+2",
            "jade-2",
            "silk+1",
            "silk-1",
            "silk+2",
            "jade+1,silk+1",
            "jade+1,silk-1",
            "jade-1,silk+1",
            "jade-1,silk-1"
        ]
    );
    let t = act(&s, "jade-1,silk-1");
    assert_eq!(t.ships.map(|sh| sh.at)[..2], [At::Sea(12), At::Sea(0)]);
    assert_eq!(t.phase, Phase::Roll);
}

#[test]
fn r9_a_ship_on_13_docks_without_pirates_and_wrecks_in_the_variant() {
    let mut s = pilot_state(Phase::Roll);
    s.ships[S].at = At::Sea(5);
    let t = roll(&s, [0, 1, 0]);
    assert_eq!(
        t.ships.map(|sh| sh.at),
        [At::Harbour, At::Shipyard, At::Harbour]
    );
    s.variant.thirteen_wrecks = true;
    s.ships[J].at = At::Sea(12);
    let t = roll(&s, [1, 1, 0]);
    assert_eq!(t.ships[J].at, At::Shipyard);
}

#[test]
fn r10_with_pirates_a_ship_on_13_is_plundered_and_sent_by_the_captain() {
    let mut s = pilot_state(Phase::Roll);
    s.pirates = [Some(3), None];
    s.ships[J].crew = Crew::from_slice(&[0, 1]);
    let t = roll(&s, [0, 1, 0]);
    assert_eq!(t.phase, Phase::Plunder);
    let names: Vec<String> = legal_actions(&t).iter().map(|a| a.to_string()).collect();
    assert_eq!(names, ["jade:harbour", "jade:shipyard"]);
    let u = act(&t, "jade:harbour");
    assert!(u.ships[J].plundered && u.ships[J].crew.is_empty());
    let out = settle(&u);
    assert_eq!((out.payouts[0], out.payouts[3]), (0, 36));
    assert!(
        out.rises[Cargo::Jade.index()],
        "R10: sent to the harbour it counts as docked"
    );
}

/// The reason `name` is refused in `s`.
fn refused(s: &State, name: &str) -> String {
    let a = Action::parse(name).unwrap_or_else(|| panic!("{name}"));
    match apply(s, a) {
        Err(Illegal(why)) => why,
        Ok(_) => panic!("{name} was applied"),
    }
}

#[test]
fn r5_a_refused_placement_says_why() {
    let mut s = act(&start(), "harbour:A");
    assert!(refused(&s, "harbour:A").contains("not legal here: harbour A is taken;"));
    assert!(refused(&s, "ship:ginseng").contains("ginseng is not in this voyage"));
    assert!(refused(&s, "stay").contains("placement round 1 is on"));
    s.cash[1] = Some(4);
    let why = refused(&s, "pilot:large");
    assert!(
        why.contains("'pilot:large' costs 5, more than the credit 4"),
        "{why}"
    );
    s.ships[N].crew = Crew::from_slice(&[1, 2, 3]);
    assert!(refused(&s, "ship:nutmeg").contains("every seat on the nutmeg ship is taken"));
}

#[test]
fn r7_a_refused_boarding_says_why() {
    let s = boarding_state();
    assert!(refused(&s, "board:silk").contains("every seat on the silk ship is taken"));
    assert!(refused(&s, "board:nutmeg").contains("the nutmeg ship is not"));
    assert!(refused(&s, "board:silk/remove:1").contains("needs the strong-pirates variant"));
}

#[test]
fn r8_a_refused_pilot_move_says_why() {
    let s = pilot_state(Phase::SmallPilot);
    assert!(refused(&s, "jade+2").contains("the small pilot moves 1 space in all (R8), not 2"));
    assert!(refused(&s, "nutmeg+1").contains("the nutmeg ship is in port"));
    let s = pilot_state(Phase::LargePilot);
    assert!(refused(&s, "silk-2").contains("the silk ship is on 1: no ship goes below 0"));
    // Three ships at sea give the large pilot over 20 moves (R8): the
    // refusal lists the first 12 and counts the rest.
    let mut s = pilot_state(Phase::LargePilot);
    s.ships[N].at = At::Sea(5);
    let more = legal_actions(&s).len() - 12;
    assert!(more > 3, "{more}");
    let why = refused(&s, "jade+3");
    assert!(why.ends_with(&format!(" and {more} more")), "{why}");
    assert_eq!(
        why.split("legal: ").nth(1).map(|l| l.split(", ").count()),
        Some(12)
    );
}

#[test]
fn r16_the_harbour_master_pays_the_bid_mortgaging_if_short() {
    const SILK: usize = 1; // Cargo::Silk.index()
    let mut s = start();
    s.cash[0] = Some(3);
    s.shares[0] = [0, 1, 0, 0]; // a silk share: credit 3 + 12
    let t = auction::pay_bid(&s, 10).expect("within credit");
    assert_eq!((t.cash[0], t.shares[0][SILK]), (Some(5), 0));
    assert!(auction::pay_bid(&s, 16).is_err(), "beyond credit 15");
    assert!(
        auction::pay_bid(&s, 0).is_err(),
        "a winning bid is at least 1"
    );
}

#[test]
fn r1_r16_a_share_costs_its_price_at_least_5_while_the_bank_holds_one() {
    const SILK: usize = 1; // Cargo::Silk.index()
    let mut s = start();
    s.prices = [0, 10, 0, 0];
    assert_eq!(auction::share_cost(&s, Cargo::Jade), 5);
    assert_eq!(auction::share_cost(&s, Cargo::Silk), 10);
    s.cash[0] = Some(12);
    let t = auction::buy_share(&s, Cargo::Silk).expect("affordable");
    assert_eq!((t.cash[0], t.shares[0][SILK]), (Some(2), 1));
    s.shares[1][SILK] = 3;
    s.shares[2][SILK] = 2;
    assert!(
        auction::buy_share(&s, Cargo::Silk).is_err(),
        "all five held"
    );
}
