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
    }
}
