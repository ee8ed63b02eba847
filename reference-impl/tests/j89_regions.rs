//! J89-R14: a string decided within its region, where pass-alive walls cut the board, has the fate the whole board
//! gives it. Random positions in two small regions on either side of a pass-alive wall, each string decided both
//! ways, under both ko-pass readings and with either player first.

use gorules_ref::j89::{
    decide_first, outside_region, ConfirmGame, ConfirmationBoard, KoPass, NewStone, SearchLimits,
    DEFAULT_LIMITS,
};
use gorules_ref::{benson, ByColor, Color, PointSet, Position};
use proptest::prelude::*;

fn pos(rows: &[&str]) -> Position {
    Position::from_rows(rows).expect("a position")
}

fn safe(p: &Position) -> ByColor<PointSet> {
    ByColor::from_fn(|c| benson::pass_alive(p, c))
}

/// A 7x3 board: two random regions of 2x3 (columns 1-2 and 6-7) on either side of a wall with two one-point eyes
/// (columns 3-5), black or white, every string with a liberty.
fn split_position() -> impl Strategy<Value = Position> {
    (proptest::collection::vec(0u8..3, 12), any::<bool>()).prop_filter_map(
        "every string needs a liberty",
        |(cells, white_wall)| {
            let cell = |i: usize| ['.', '#', 'O'][usize::from(cells[i])];
            let wall = if white_wall {
                ["O.O", "OOO", "O.O"]
            } else {
                ["#.#", "###", "#.#"]
            };
            let rows: Vec<String> = (0..3)
                .map(|r| {
                    let mut row = String::new();
                    row.push(cell(r * 4));
                    row.push(cell(r * 4 + 1));
                    row.push_str(wall[r]);
                    row.push(cell(r * 4 + 2));
                    row.push(cell(r * 4 + 3));
                    row
                })
                .collect();
            let p = Position::from_rows(&rows).ok()?;
            gorules_ref::string::every_string_has_a_liberty(&p).then_some(p)
        },
    )
}

#[test]
fn the_wall_cuts_the_board_into_two_regions() {
    let p = pos(&["O.#.#..", "#.###O.", ".O#.#.#"]);
    let safe = safe(&p);
    let off = ConfirmationBoard::Contested.off_limits(&p);
    let at = |c, r| p.board().point_at(c, r).expect("on the board");
    assert!(
        safe[Color::Black].contains(at(3, 1)),
        "the wall is pass-alive"
    );
    assert!(
        off.contains(at(3, 0)) && off.contains(at(3, 2)),
        "its eyes are settled"
    );
    let white = gorules_ref::string::string_at(&p, at(0, 0)).expect("a white stone");
    let outside = outside_region(&p, &off, &safe, &white.stones).expect("the board splits");
    for (c, r) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)] {
        assert!(
            !outside.contains(at(c, r)),
            "({c}, {r}) is in the left region"
        );
    }
    for (c, r) in [
        (5, 0),
        (6, 0),
        (5, 1),
        (6, 1),
        (5, 2),
        (6, 2),
        (3, 0),
        (2, 1),
    ] {
        assert!(outside.contains(at(c, r)), "({c}, {r}) is not");
    }
}

#[test]
fn no_split_where_no_wall_keeps_a_liberty_that_stays_empty() {
    // On the whole board (J89-R12 option `whole`) no eye space is settled, so a play outside could take the
    // wall's last liberty as far as the split knows.
    let p = pos(&["O.#.#..", "#.###O.", ".O#.#.#"]);
    let safe = safe(&p);
    let none = ConfirmationBoard::Whole.off_limits(&p);
    let at = |c, r| p.board().point_at(c, r).expect("on the board");
    let white = gorules_ref::string::string_at(&p, at(0, 0)).expect("a white stone");
    assert!(outside_region(&p, &none, &safe, &white.stones).is_none());
}

#[test]
fn no_split_when_the_walls_eyes_hold_enemy_stones() {
    // A pass-alive black wall whose two eyes each hold a white stone: no eye point is settled (a white stone
    // borders it), so no liberty of the wall is sure to stay empty, and a string beside it is not split off.
    let p = pos(&[".O#O#..", "O.#.#O.", "..###..", "#.#.#.#", "..#O#.."]);
    let safe = safe(&p);
    let off = ConfirmationBoard::Contested.off_limits(&p);
    let at = |c, r| p.board().point_at(c, r).expect("on the board");
    assert!(
        safe[Color::Black].contains(at(2, 2)),
        "the wall is pass-alive"
    );
    assert!(
        !off.contains(at(3, 1)) && !off.contains(at(3, 3)),
        "its eye points are not settled"
    );
    for (c, r) in [(1, 0), (0, 1), (5, 1), (0, 3)] {
        let s = gorules_ref::string::string_at(&p, at(c, r)).expect("a stone");
        assert!(
            outside_region(&p, &off, &safe, &s.stones).is_none(),
            "the string at ({c}, {r}) is not split off"
        );
    }
}

#[test]
fn no_split_when_nothing_lies_outside() {
    let p = pos(&["O.#.#", "#.###", ".O#.#"]);
    let safe = safe(&p);
    let off = ConfirmationBoard::Contested.off_limits(&p);
    let at = |c, r| p.board().point_at(c, r).expect("on the board");
    let white = gorules_ref::string::string_at(&p, at(0, 0)).expect("a white stone");
    assert!(outside_region(&p, &off, &safe, &white.stones).is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// J89-R14: for every string not pass-alive, the search within its region gives the verdict of the attractor
    /// on the whole confirmation graph where that is within reach, and of the whole-board search where that
    /// answers.
    #[test]
    fn a_region_decides_as_the_whole_board_does(p in split_position()) {
        let safe = safe(&p);
        let off = ConfirmationBoard::Contested.off_limits(&p);
        let limits = SearchLimits { nodes: 20_000, ..DEFAULT_LIMITS };
        for s in gorules_ref::string::strings(&p) {
            if s.stones.is_subset(&safe[s.color]) {
                continue;
            }
            // No split where nothing outside the region is contested (the other side may be a settled eye).
            let Some(outside) = outside_region(&p, &off, &safe, &s.stones) else { continue };
            let attacker = s.color.opponent();
            for ko_pass in [KoPass::Designated, KoPass::Pooled] {
                for first in [attacker, s.color] {
                    let home = NewStone::Adjacent.home(&p, &s.stones);
                    let Ok(region) = decide_first(&p, &home, s.color, first, &outside, ko_pass, limits) else { continue };
                    if let Ok(game) = ConfirmGame::build(&p, attacker, first, &off, ko_pass, 20_000) {
                        prop_assert_eq!(region.captured, game.can_capture(&home), "{:?} string, {:?} first, {:?}, on\n{}", s.color, first, ko_pass, p);
                    } else if let Ok(whole) = decide_first(&p, &home, s.color, first, &off, ko_pass, limits) {
                        prop_assert_eq!(region.captured, whole.captured, "{:?} string, {:?} first, {:?}, on\n{}", s.color, first, ko_pass, p);
                    }
                }
            }
        }
    }
}
