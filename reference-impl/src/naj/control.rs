//! NAJ-6: control.

use crate::board::PointSet;
use crate::color::Color;
use crate::naj::immortal::ImmortalityMethod;
use crate::position::Position;

/// NAJ-6.1: the intersections `player` controls, read from his reference position: those holding an immortal
/// stone of his, and those whose every adjacent intersection holds an immortal stone of his.
///
/// The immortal stones are found by Benson's algorithm (NAJ-5.2); see [`control_with`] for the search.
pub fn control(reference: &Position, player: Color) -> PointSet {
    control_with(reference, player, ImmortalityMethod::Benson)
}

/// NAJ-6.1: [`control`], finding the immortal stones by the given method.
pub fn control_with(reference: &Position, player: Color, method: ImmortalityMethod) -> PointSet {
    control_from_immortal(reference, &method.immortal_stones(reference, player))
}

/// NAJ-6.1: the intersections of `reference`'s board that hold one of the `immortal` stones or whose every
/// adjacent intersection holds one.
///
/// An intersection without neighbours (possible on a graph board) is surrounded vacuously and so controlled.
pub fn control_from_immortal(reference: &Position, immortal: &PointSet) -> PointSet {
    let board = reference.board();
    let mut controlled = PointSet::empty(board);
    controlled.extend(board.points().filter(|&point| {
        immortal.contains(point)
            || board
                .neighbours(point)
                .iter()
                .all(|&neighbour| immortal.contains(neighbour))
    }));
    controlled
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_covers_immortal_stones_and_the_points_they_surround() {
        // Seed 000, "position at the end of the black-analysis" of the 5x5 game (passive strategies): Black
        // controls the two top rows of the final-position.
        let reference =
            Position::from_rows(&["#.#.#", "#####", "OOOOO", "..O.#", "....."]).unwrap();
        let controlled = control(&reference, Color::Black);
        let expected: Vec<_> = reference.board().points().take(10).collect();
        assert_eq!(controlled.iter().collect::<Vec<_>>(), expected);
        assert_eq!(
            control_with(&reference, Color::Black, ImmortalityMethod::Search),
            controlled
        );
    }
}
