//! COUNT-1.3: every counting method gives the margin of the plain score it stands for, on random final positions,
//! komi and shared points included; fill-in under its preconditions (COUNT-7.1), and where it refuses, a
//! precondition really fails. Also seed 003's worked numbers from their facts alone.

use gorules_ref::counting::{count, Amount, CountError, Method, PlainScore, ScoringFacts};
use gorules_ref::naj::score::Points;
use gorules_ref::{Board, ByColor, Color, Position};
use proptest::prelude::*;
use std::sync::Arc;

/// A random final position: a board of 1x1 to 7x7 and a cell for each point, either anything at all, or two
/// areas (Black left of a column near the middle, White right of it) with random empty points inside, so that most empty
/// points are surrounded and a few, along the border, shared.
fn final_position() -> impl Strategy<Value = Position> {
    (
        1usize..=7,
        1usize..=7,
        proptest::bool::weighted(0.8),
        0usize..=2,
    )
        .prop_flat_map(|(w, h, areas, shift)| {
            let split = (w / 2 + shift).saturating_sub(1);
            let cell = prop_oneof![
                Just(None),
                Just(Some(Color::Black)),
                Just(Some(Color::White))
            ];
            let empty = proptest::bool::weighted(0.35);
            (
                proptest::collection::vec(cell, w * h),
                proptest::collection::vec(empty, w * h),
            )
                .prop_map(move |(cells, empties)| {
                    let cells: Vec<Option<Color>> = if areas {
                        (0..w * h)
                            .map(|i| match (empties[i], i % w < split) {
                                (true, _) => None,
                                (false, true) => Some(Color::Black),
                                (false, false) => Some(Color::White),
                            })
                            .collect()
                    } else {
                        cells
                    };
                    let board = Arc::new(Board::rectangle(w, h).expect("a small grid"));
                    Position::from_cells(board, &cells).expect("one cell per point")
                })
        })
}

/// A random final position with two areas of about the same size: Black's left half drawn at random (stones
/// and empty points), White's right half its mirror image with the colours swapped, and then up to three points
/// changed at random, so that equal supplies fit (COUNT-7.1) and the margin is small but not always zero.
fn balanced_final_position() -> impl Strategy<Value = Position> {
    (1usize..=4, 1usize..=7).prop_flat_map(|(half, h)| {
        let w = 2 * half;
        (
            proptest::collection::vec(proptest::bool::weighted(0.35), half * h),
            proptest::collection::vec(
                (
                    0..w * h,
                    prop_oneof![
                        Just(None),
                        Just(Some(Color::Black)),
                        Just(Some(Color::White))
                    ],
                ),
                0..=3,
            ),
        )
            .prop_map(move |(empties, changes)| {
                let mut cells = vec![None; w * h];
                for row in 0..h {
                    for col in 0..half {
                        if !empties[row * half + col] {
                            cells[row * w + col] = Some(Color::Black);
                            cells[row * w + (w - 1 - col)] = Some(Color::White);
                        }
                    }
                }
                for (i, cell) in changes {
                    cells[i] = cell;
                }
                let board = Arc::new(Board::rectangle(w, h).expect("a small grid"));
                Position::from_cells(board, &cells).expect("one cell per point")
            })
    })
}

fn plain(facts: &ScoringFacts, score: PlainScore) -> Amount {
    match score {
        PlainScore::Stone => facts.stone_margin().0,
        PlainScore::Area => facts.area_margin().0,
        PlainScore::Territory => facts.territory_margin().0,
    }
}

proptest! {
    #[test]
    fn every_method_gives_the_margin_of_its_plain_score(
        position in final_position(),
        komi_half in -30i64..=30,
        prisoners in (0u64..20, 0u64..20),
        seki_points in (0u64..4, 0u64..4),
    ) {
        let mut facts = ScoringFacts::of_final_position(
            &position,
            ByColor::from_fn(|c| if c == Color::Black { prisoners.0 } else { prisoners.1 }),
            Points::from_half_points(komi_half),
        );
        // Territory may be smaller than the surrounded points (seki eye points, J89-8.4).
        facts.territory[Color::Black] = facts.territory[Color::Black].saturating_sub(seki_points.0);
        facts.territory[Color::White] = facts.territory[Color::White].saturating_sub(seki_points.1);
        // COUNT-1.1: every point is a stone, a surrounded point or a shared point.
        prop_assert_eq!(
            facts.grid_points,
            facts.area(Color::Black) + facts.area(Color::White) + facts.shared
        );
        for method in [Method::Stone, Method::PointByPoint, Method::Half, Method::ChineseHalf, Method::Territory] {
            let counted = count(&facts, method).expect("only fill-in has preconditions");
            prop_assert_eq!(counted.margin.0, plain(&facts, method.stands_for()), "{:?}", method);
        }
        let tens = count(&facts, Method::ChineseHalf).unwrap().tens.unwrap();
        prop_assert_eq!(tens.tens % 10, 0);
        prop_assert!(tens.tens <= facts.area(Color::Black));
    }

    #[test]
    fn fill_in_gives_the_area_margin_under_its_preconditions(
        position in balanced_final_position(),
        komi_stones in -3i64..=3,
        supply_extra in 0u64..30,
    ) {
        let facts0 = ScoringFacts::of_final_position(&position, ByColor::from_fn(|_| 0), Points::ZERO);
        let s = facts0.stones;
        // Equal supplies: mostly within what COUNT-7.1 and COUNT-7.3 allow (enough for the shared points and the
        // komi stones, no more than fits), sometimes beyond, so that the refusals are tested too.
        let half_shared = facts0.shared / 2;
        let low = s[Color::Black].max(s[Color::White]) + half_shared;
        let high = (facts0.grid_points - facts0.shared % 2) / 2;
        let supply = if high >= low && supply_extra < 24 {
            low + supply_extra % (high - low + 1)
        } else {
            s[Color::Black].max(s[Color::White]) + supply_extra % 8
        };
        let off_board = ByColor::from_fn(|c| supply - s[c]);
        let facts = ScoringFacts { komi: Points::whole(2 * komi_stones), ..facts0 };
        match count(&facts, Method::FillIn { off_board }) {
            Ok(counted) => {
                prop_assert_eq!(counted.margin, facts.area_margin());
                let f = counted.fill_in.unwrap();
                prop_assert!(f.losing_stones[Color::Black] == 0 || f.losing_stones[Color::White] == 0);
                prop_assert_eq!(f.shared_left, facts.shared % 2);
                prop_assert_eq!(f.komi_stones, komi_stones.unsigned_abs());
            }
            Err(CountError::TooManyStones { stones, points }) => {
                prop_assert_eq!(stones, (off_board[Color::Black] + off_board[Color::White]).saturating_sub(2 * half_shared));
                prop_assert!(stones > points);
            }
            Err(CountError::CannotLift(c)) => {
                // The komi stones needed more lifting than the player has stones on the board.
                let c_stones = komi_stones.unsigned_abs();
                let taker = if komi_stones > 0 { Color::White } else { Color::Black };
                let need = if c == taker {
                    c_stones.saturating_sub(off_board[c])
                } else {
                    c_stones.saturating_sub(facts.surrounded[c])
                };
                prop_assert!(need > facts.stones[c]);
            }
            Err(CountError::TooFewForShared(c)) => {
                // What the player holds after the komi stones (COUNT-7.2) is less than half the shared points.
                let c_stones = komi_stones.unsigned_abs();
                let taker = if komi_stones > 0 { Color::White } else { Color::Black };
                let hand = if c_stones == 0 {
                    off_board[c]
                } else if c == taker {
                    off_board[c].saturating_sub(c_stones)
                } else {
                    off_board[c] + c_stones.saturating_sub(facts.surrounded[c])
                };
                prop_assert!(hand < half_shared);
            }
            Err(e) => prop_assert!(false, "unexpected refusal: {}", e),
        }
    }

    #[test]
    fn fill_in_refuses_unequal_supplies_and_odd_komi(position in final_position(), extra in 1u64..5, komi_half in -20i64..=20) {
        let facts = ScoringFacts::of_final_position(&position, ByColor::from_fn(|_| 0), Points::ZERO);
        let s = facts.stones;
        let off_board = ByColor::from_fn(|c| if c == Color::Black { s[Color::White] + extra } else { s[Color::Black] });
        let unequal = count(&facts, Method::FillIn { off_board });
        prop_assert!(matches!(unequal, Err(CountError::UnequalSupplies(_))), "{:?}", unequal);
        prop_assume!(komi_half % 4 != 0);
        let equal = ByColor::from_fn(|c| s[Color::Black].max(s[Color::White]) - s[c]);
        let odd = ScoringFacts { komi: Points::from_half_points(komi_half), ..facts };
        let refused = count(&odd, Method::FillIn { off_board: equal });
        prop_assert!(matches!(refused, Err(CountError::KomiNotEven(_))), "{:?}", refused);
    }
}

/// Seed 003's facts, as the counting sections give them: stones, surrounded and shared points.
fn facts(
    n: u64,
    stones: (u64, u64),
    surrounded: (u64, u64),
    shared: u64,
    komi_half: i64,
) -> ScoringFacts {
    let by = |p: (u64, u64)| ByColor::from_fn(|c| if c == Color::Black { p.0 } else { p.1 });
    assert_eq!(
        n,
        stones.0 + stones.1 + surrounded.0 + surrounded.1 + shared
    );
    ScoringFacts {
        grid_points: n,
        stones: by(stones),
        surrounded: by(surrounded),
        shared,
        territory: by(surrounded),
        prisoners: by((0, 0)),
        komi: Points::from_half_points(komi_half),
    }
}

#[test]
fn seed_003_worked_numbers_follow_from_their_facts() {
    let off = |b: u64, w: u64| Method::FillIn {
        off_board: ByColor::from_fn(|c| if c == Color::Black { b } else { w }),
    };
    let margin = |f: &ScoringFacts, m: Method| count(f, m).unwrap().margin.to_string();
    // COUNT-2: 22 against 23 stones.
    assert_eq!(
        margin(&facts(49, (22, 23), (2, 2), 0, 0), Method::Stone),
        "W+1"
    );
    let area7 = facts(49, (16, 16), (8, 9), 0, 0);
    assert_eq!(margin(&area7, Method::PointByPoint), "W+1");
    let half = count(&area7, Method::Half).unwrap().half.unwrap();
    assert_eq!(
        (half.half_board.to_string(), half.difference.to_string()),
        ("24.5".into(), "-0.5".into())
    );
    let komi = ScoringFacts {
        komi: Points::from_half_points(5),
        ..area7
    };
    let half = count(&komi, Method::Half).unwrap();
    assert_eq!(half.half.unwrap().target.to_string(), "25.75");
    assert_eq!(half.half.unwrap().difference.to_string(), "-1.75");
    assert_eq!(half.margin.to_string(), "W+3.5");
    let tens = count(&area7, Method::ChineseHalf).unwrap().tens.unwrap();
    assert_eq!((tens.tens, tens.stones_left), (10, 14));
    assert_eq!(
        margin(&facts(81, (34, 35), (3, 6), 3, 0), Method::Half),
        "W+4"
    );
    // COUNT-7: supplies of 24.
    assert_eq!(margin(&area7, off(8, 8)), "W+1");
    let k4 = count(
        &ScoringFacts {
            komi: Points::whole(4),
            ..area7
        },
        off(8, 8),
    )
    .unwrap();
    let f = k4.fill_in.unwrap();
    assert_eq!(
        (
            f.komi_stones,
            f.losing_stones[Color::Black],
            f.empty_left[Color::White]
        ),
        (2, 2, 1)
    );
    assert_eq!(k4.margin.to_string(), "W+5");
    assert_eq!(
        margin(
            &ScoringFacts {
                komi: Points::whole(-6),
                ..area7
            },
            off(8, 8)
        ),
        "B+5"
    );
    let k8 = count(&facts(49, (21, 21), (2, 5), 0, 16), off(3, 3)).unwrap();
    let f = k8.fill_in.unwrap();
    assert_eq!(
        (
            f.lifted[Color::White],
            f.lifted[Color::Black],
            f.komi_stones
        ),
        (1, 2, 4)
    );
    assert_eq!(
        (f.losing_stones[Color::Black], f.empty_left[Color::White]),
        (5, 1)
    );
    assert_eq!(k8.margin.to_string(), "W+11");
    let shared = count(&facts(81, (34, 35), (3, 6), 3, 0), off(6, 5)).unwrap();
    let f = shared.fill_in.unwrap();
    assert_eq!(
        (
            f.losing_stones[Color::Black],
            f.shared_left,
            f.empty_left[Color::White]
        ),
        (2, 1, 0)
    );
    assert_eq!(shared.margin.to_string(), "W+4");
    // COUNT-6: territory 11 and 12, prisoners 1 and 2.
    let mut j = facts(49, (13, 13), (11, 12), 0, 0);
    j.prisoners = ByColor::from_fn(|c| if c == Color::Black { 1 } else { 2 });
    let t = count(&j, Method::Territory).unwrap();
    assert_eq!(t.counts.unwrap()[Color::Black], Amount::whole(9));
    assert_eq!(t.counts.unwrap()[Color::White], Amount::whole(11));
    assert_eq!(t.margin.to_string(), "W+2");
}
