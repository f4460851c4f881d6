//! Whether the three ships can stand where a position puts them, together
//! (R3, R6, R8): from one layout's start spaces, by dice, and by the pilot
//! moves made so far. Each ship alone may be reachable while the three are
//! not: jade, silk and nutmeg all on 1 after roll 1 started on 0, 0 and 0,
//! and start spaces sum to 9.
//!
//! POSITION.md bounds each ship alone (k to 5 + 6k after k rolls), and such
//! positions are accepted: a hand-made "what if the ships stood here" is
//! worth its figures. [`unreachable`] says so beside them.

use crate::rules::{At, MAX_START, Phase, SHIPS, State, TRACK_END, start_spaces};

/// Why no play reaches the ships' spaces of `s` together, if none does.
pub fn unreachable(s: &State) -> Option<String> {
    let rolls = s.rolls_done;
    let past_small = matches!(s.phase, Phase::LargePilot | Phase::Roll);
    let acted = PilotsActed {
        small: s.small_pilot.is_some() && (rolls == 3 || (rolls == 2 && past_small)),
        large: s.large_pilot.is_some() && (rolls == 3 || (rolls == 2 && s.phase == Phase::Roll)),
    };
    let at = s.ships.map(|ship| ship.at);
    // A voyage resolved (R9) is not what a position describes.
    if at.contains(&At::Shipyard) || together(at, rolls, acted) {
        return None;
    }
    let spaces: Vec<String> = s
        .ships
        .iter()
        .map(|ship| match ship.at {
            At::Sea(p) => format!("{} {p}", ship.cargo),
            _ => format!("{} docked", ship.cargo),
        })
        .collect();
    let how = match acted.small || acted.large {
        true => "no layout (R3), dice (R6) and pilot moves (R8)",
        false => "no layout (R3) and dice (R6)",
    };
    let roll_s = if rolls == 1 { "roll" } else { "rolls" };
    Some(format!(
        "{how} put the ships there together after {rolls} {roll_s}: {}",
        spaces.join(", ")
    ))
}

/// The pilots whose moves are part of how the ships got here: held, and
/// their turn (R8) past.
#[derive(Clone, Copy, Debug)]
pub struct PilotsActed {
    pub small: bool,
    pub large: bool,
}

/// The places one ship can be: bit `p` for space `p`, and [`HARBOUR`].
type Places = u16;

const HARBOUR: Places = 1 << (TRACK_END + 1);

/// The largest net move of one ship by both pilots: 1 and 2 (R8).
const MOST_MOVED: i8 = 3;

/// Whether some layout (R3), dice (R6) and pilot moves (R8) put the ships
/// at `at` after `rolls` rolls. Before roll 1 the start spaces are checked
/// as such, and any are accepted here.
pub fn together(at: [At; SHIPS], rolls: u8, acted: PilotsActed) -> bool {
    if rolls == 0 {
        return true;
    }
    // places[start][net move + 3]: where one ship can be.
    let places: Vec<[Places; 7]> = (0..=MAX_START)
        .map(|start| std::array::from_fn(|k| places(start, rolls, k as i8 - MOST_MOVED)))
        .collect();
    let moves = pilot_moves(acted);
    start_spaces().any(|starts| {
        moves.iter().any(|m| {
            (0..SHIPS).all(|i| {
                let can = places[starts[i] as usize][(m[i] + MOST_MOVED) as usize];
                can & bit(at[i]) != 0
            })
        })
    })
}

fn bit(at: At) -> Places {
    match at {
        At::Sea(p) => 1 << p,
        At::Harbour => HARBOUR,
        At::Shipyard => 0,
    }
}

/// Where a ship starting on `start` can be after `rolls` rolls, the pilots
/// having moved it by `moved` in all after roll 2.
fn places(start: u8, rolls: u8, moved: i8) -> Places {
    let mut set: Places = 1 << start;
    for roll in 0..rolls {
        if roll == 2 {
            set = piloted(set, moved);
        }
        set = rolled(set);
    }
    if rolls == 2 {
        set = piloted(set, moved);
    }
    set
}

/// One die (R6): 1 to 6 forward; past 13 the ship docks (R2).
fn rolled(set: Places) -> Places {
    let mut out = set & HARBOUR;
    for p in (0..=TRACK_END).filter(|p| set & (1 << p) != 0) {
        for die in 1..=6 {
            out |= if p + die > TRACK_END {
                HARBOUR
            } else {
                1 << (p + die)
            };
        }
    }
    out
}

/// A net pilot move of `moved` spaces (R8): never below 0, a ship moved past
/// 13 docks, and a docked ship is not moved. Moving one way all along reaches
/// every net move the two pilots can make.
fn piloted(set: Places, moved: i8) -> Places {
    if moved == 0 {
        return set;
    }
    let mut out = 0;
    for p in (0..=TRACK_END).filter(|p| set & (1 << p) != 0) {
        let to = p as i8 + moved;
        if to > TRACK_END as i8 {
            out |= HARBOUR;
        } else if to >= 0 {
            out |= 1 << to;
        }
    }
    out
}

/// Every net move of the three ships the pilots that acted can have made:
/// the small pilot one ship by 1; the large one ship by 1 or 2, or two ships
/// by 1 each; either may have done nothing.
fn pilot_moves(acted: PilotsActed) -> Vec<[i8; SHIPS]> {
    let mut small = vec![[0; SHIPS]];
    if acted.small {
        small.extend(one_ship(&[-1, 1]));
    }
    let mut large = vec![[0; SHIPS]];
    if acted.large {
        large.extend(one_ship(&[-2, -1, 1, 2]));
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            for (a, b) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                let mut m = [0; SHIPS];
                (m[i], m[j]) = (a, b);
                large.push(m);
            }
        }
    }
    let mut moves: Vec<[i8; SHIPS]> = small
        .iter()
        .flat_map(|s| {
            large
                .iter()
                .map(move |l| std::array::from_fn(|i| s[i] + l[i]))
        })
        .collect();
    moves.sort_unstable();
    moves.dedup();
    moves
}

fn one_ship(by: &[i8]) -> Vec<[i8; SHIPS]> {
    let mut out = Vec::new();
    for i in 0..SHIPS {
        for &d in by {
            let mut m = [0; SHIPS];
            m[i] = d;
            out.push(m);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: PilotsActed = PilotsActed {
        small: false,
        large: false,
    };
    const BOTH: PilotsActed = PilotsActed {
        small: true,
        large: true,
    };

    #[test]
    fn r3_the_start_triples_are_the_25_of_the_rules() {
        let all: Vec<_> = start_spaces().collect();
        assert_eq!(all.len(), 25);
        assert!(all.iter().all(|s| s.iter().sum::<u8>() == 9));
        assert!(all.contains(&[5, 4, 0]) && all.contains(&[3, 3, 3]));
    }

    #[test]
    fn r3_r6_after_roll_1_the_spaces_sum_to_9_plus_3_to_18() {
        // Docking is impossible before roll 2, so brute force is a sum.
        let sea = |p: [u8; 3]| p.map(At::Sea);
        for a in 0..=11 {
            for b in 0..=11 {
                for c in 0..=11 {
                    let by_hand = start_spaces()
                        .any(|s| (0..3).all(|i| [a, b, c][i] > s[i] && [a, b, c][i] <= s[i] + 6));
                    assert_eq!(together(sea([a, b, c]), 1, NONE), by_hand, "{a} {b} {c}");
                }
            }
        }
        assert!(!together(sea([1, 1, 1]), 1, NONE));
        assert!(together(sea([1, 7, 7]), 1, NONE), "from 0, 4, 5");
    }

    #[test]
    fn r8_the_pilots_moves_make_up_to_3_spaces_reachable() {
        let sea = |p: [u8; 3]| p.map(At::Sea);
        // After roll 2 from 0, 4, 5 at least 2, 6, 7: jade on 0 needs 2 back.
        let at = sea([0, 6, 7]);
        assert!(!together(at, 2, NONE));
        let small = PilotsActed {
            small: true,
            large: false,
        };
        assert!(!together(at, 2, small));
        let large = PilotsActed {
            small: false,
            large: true,
        };
        assert!(together(at, 2, large));
        // Jade 2 back by the large pilot, silk 1 by the small (from 0, 4, 5)...
        assert!(together(sea([0, 5, 7]), 2, BOTH));
        // ... but 4 spaces back in all is past both pilots.
        assert!(!together(sea([0, 4, 7]), 2, BOTH));
    }

    /// One pilot's move of ship `i` by `by`, as R8 allows it: never below 0,
    /// never a docked ship; past 13 the ship docks.
    fn step(at: &mut [At; 3], i: usize, by: i8) -> bool {
        match at[i] {
            At::Sea(p) if p as i8 + by >= 0 => {
                let to = p as i8 + by;
                at[i] = if to > 13 {
                    At::Harbour
                } else {
                    At::Sea(to as u8)
                };
                true
            }
            _ => false,
        }
    }

    #[test]
    fn r8_brute_force_after_roll_2_with_the_pilots_move_by_move() {
        // Every layout, every die of both rolls, then the small pilot and
        // the large one move by move; against the net moves of `together`.
        let mut reached = std::collections::HashSet::new();
        let after_two = |start: u8| -> Vec<At> {
            let mut out = Vec::new();
            for a in 1..=6 {
                for b in 1..=6 {
                    out.push(match start + a {
                        p if p > 13 => At::Harbour,
                        p if p + b > 13 => At::Harbour,
                        p => At::Sea(p + b),
                    });
                }
            }
            out.sort_by_key(|&at| bit(at));
            out.dedup();
            out
        };
        let one = [(0, -1), (0, 1), (1, -1), (1, 1), (2, -1), (2, 1)];
        for s in start_spaces() {
            let [x, y, z] = s.map(after_two);
            for &a in &x {
                for &b in &y {
                    for &c in &z {
                        let rolled = [a, b, c];
                        for small in std::iter::once(None).chain(one.map(Some)) {
                            let mut at = rolled;
                            if small.is_some_and(|(i, by)| !step(&mut at, i, by)) {
                                continue;
                            }
                            reached.insert(at);
                            // The large pilot: one ship by 1 or 2, or two by 1.
                            for (i, by) in one.into_iter().chain([
                                (0, -2),
                                (0, 2),
                                (1, -2),
                                (1, 2),
                                (2, -2),
                                (2, 2),
                            ]) {
                                let mut moved = at;
                                if step(&mut moved, i, by) {
                                    reached.insert(moved);
                                    for (j, by2) in one
                                        .into_iter()
                                        .filter(|&(j, b)| j > i && by.abs() == 1 && b != 0)
                                    {
                                        let mut twice = moved;
                                        if step(&mut twice, j, by2) {
                                            reached.insert(twice);
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        let places: Vec<At> = (0..=13).map(At::Sea).chain([At::Harbour]).collect();
        for &a in &places {
            for &b in &places {
                for &c in &places {
                    let at = [a, b, c];
                    assert_eq!(together(at, 2, BOTH), reached.contains(&at), "{at:?}");
                }
            }
        }
    }

    #[test]
    fn r2_a_docked_ship_is_not_moved_and_docks_only_past_13() {
        // From 5 two dice reach 7 to 17: docked, or at most 13.
        let at = [At::Harbour, At::Sea(2), At::Sea(2)];
        assert!(!together(at, 2, NONE), "the other two started on 0");
        let at = [At::Harbour, At::Sea(4), At::Sea(4)];
        assert!(together(at, 2, NONE), "from 5, 2, 2 by 6 + 6, 1 + 1, 1 + 1");
        let at = [At::Harbour, At::Harbour, At::Harbour];
        assert!(together(at, 3, NONE));
    }
}
