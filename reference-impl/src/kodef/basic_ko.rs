//! KODEF-6.1, KODEF-R4: basic-ko-intersections: the two intersections of a basic ko.

use crate::board::PointSet;
use crate::moves::{apply_play, Move, SuicideRule};
use crate::sequence::Sequence;
use crate::string::string_at;

/// KODEF-R4: what makes two intersections a basic ko.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BasicKoReading {
    /// KODEF-R4 `shape` (default): a one-stone string on x whose only liberty is y, such that a stone of the other
    /// colour on y would capture exactly that stone and be a one-stone string whose only liberty is x.
    #[default]
    Shape,
    /// KODEF-R4 `capturable-now`: the shape, and the capture on y is legal now for the player to move.
    CapturableNow,
    /// KODEF-R4 `not-banned`: the shape, and no ban forbids the capture on y: it is legal now if its taker is to
    /// move, or at his next turn if the player to move passes.
    NotBanned,
}

/// KODEF-6.1: the basic-ko-intersections of the current position of `sequence`, under `reading`. The sequence
/// gives the rules and the bans in force for [`BasicKoReading::CapturableNow`].
pub fn basic_ko_intersections(sequence: &Sequence, reading: BasicKoReading) -> PointSet {
    let position = sequence.position();
    let mut found = PointSet::empty(position.board());
    for x in position.board().points() {
        let Some(stone) = string_at(position, x) else {
            continue;
        };
        if stone.stones.len() != 1 || stone.liberties.len() != 1 {
            continue;
        }
        let Some(y) = stone.liberties.iter().next() else {
            continue;
        };
        let taker = stone.color.opponent();
        let Ok(effect) = apply_play(position, taker, y, SuicideRule::Prohibited) else {
            continue;
        };
        let took_x_only = effect.captured.len() == 1 && effect.captured.contains(x);
        let ko_shape = took_x_only
            && string_at(&effect.position, y).is_some_and(|new| {
                new.stones.len() == 1 && new.liberties.len() == 1 && new.liberties.contains(x)
            });
        if !ko_shape {
            continue;
        }
        let counts = match reading {
            BasicKoReading::Shape => true,
            BasicKoReading::CapturableNow => {
                sequence.to_move() == taker && sequence.legality(Move::Play(y)).is_ok()
            }
            BasicKoReading::NotBanned if sequence.to_move() == taker => {
                sequence.legality(Move::Play(y)).is_ok()
            }
            BasicKoReading::NotBanned => {
                let mut after_a_pass = sequence.clone();
                after_a_pass.play(Move::Pass).is_ok()
                    && after_a_pass.legality(Move::Play(y)).is_ok()
            }
        };
        if counts {
            found.insert(x);
            found.insert(y);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::kodef::restriction::default_restriction_rules;
    use crate::position::Position;

    fn sequence(rows: &[&str], to_move: Color) -> Sequence {
        let start = Position::from_rows(rows).expect("valid");
        Sequence::new(
            start,
            to_move,
            default_restriction_rules(SuicideRule::Prohibited),
        )
    }

    #[test]
    fn both_points_of_a_basic_ko_are_basic_ko_intersections() {
        let s = sequence(
            &["......", "..#O..", ".#O.O.", "..#O..", "......"],
            Color::Black,
        );
        let found = basic_ko_intersections(&s, BasicKoReading::Shape);
        let board = s.position().board();
        let expected: Vec<_> = [(2, 2), (3, 2)]
            .iter()
            .map(|&(c, r)| board.point_at(c, r).expect("on the board"))
            .collect();
        assert_eq!(found.iter().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn a_capture_whose_stone_keeps_two_liberties_is_no_basic_ko() {
        // The white stone on c3 can be captured on d3, but the black stone played there would have two liberties.
        let s = sequence(
            &["......", "..#O..", ".#O...", "..#O..", "......"],
            Color::Black,
        );
        assert!(basic_ko_intersections(&s, BasicKoReading::Shape).is_empty());
    }

    #[test]
    fn capturable_now_needs_the_turn_and_no_ban() {
        let s = sequence(
            &["......", "..#O..", ".#O.O.", "..#O..", "......"],
            Color::White,
        );
        assert!(basic_ko_intersections(&s, BasicKoReading::CapturableNow).is_empty());
        let mut s = sequence(
            &["......", "..#O..", ".#O.O.", "..#O..", "......"],
            Color::Black,
        );
        assert_eq!(
            basic_ko_intersections(&s, BasicKoReading::CapturableNow).len(),
            2
        );
        let c2 = s.position().board().point_at(3, 2).expect("on the board");
        s.play(Move::Play(c2)).expect("Black takes the ko");
        // White may not take back at once: the basic-ko rule bans it, so under `capturable-now` there is none.
        assert!(basic_ko_intersections(&s, BasicKoReading::CapturableNow).is_empty());
        assert_eq!(basic_ko_intersections(&s, BasicKoReading::Shape).len(), 2);
        assert!(basic_ko_intersections(&s, BasicKoReading::NotBanned).is_empty());
    }

    #[test]
    fn the_three_readings_in_the_states_of_a_triple_ko() {
        // KODEF-R4, seed 004 "Examples of Ko": a triple ko "has only two basic-kos at any time". Constructed: three
        // kos in the states a triple ko's cycle passes through (the groups are not linked: not a triple ko). Black
        // has just taken the left ko (White may not take back at once); White can take the middle one, Black the
        // right one. `shape` finds three kos, `capturable-now` one (only White's), `not-banned` the seed's two.
        let mut s = sequence(
            &[".#O..O#..#O.", "#O.OO#.##O.O", ".#O..O#..#O."],
            Color::Black,
        );
        let board = s.position().shared_board().clone();
        let at = |c, r| board.point_at(c, r).expect("on the board");
        s.play(Move::Play(at(2, 1)))
            .expect("Black takes the left ko");
        let count = |r| basic_ko_intersections(&s, r).len();
        assert_eq!(count(BasicKoReading::Shape), 6);
        assert_eq!(count(BasicKoReading::CapturableNow), 2);
        assert_eq!(count(BasicKoReading::NotBanned), 4);
        let found = basic_ko_intersections(&s, BasicKoReading::NotBanned);
        for p in [at(5, 1), at(6, 1), at(9, 1), at(10, 1)] {
            assert!(found.contains(p));
        }
    }
}
