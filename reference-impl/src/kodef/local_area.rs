//! KODEF-5.5: the local-area of a set of intersections: the area score counted on that set only, each point
//! judged in the whole board's context, no stone removed (KODEF-R10).

use crate::board::PointSet;
use crate::color::{ByColor, Color};
use crate::position::Position;
use crate::scoring::empty_regions;

/// KODEF-5.5: the local-area of a set of intersections: how many of its points count for each player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalArea {
    /// KODEF-5.5: the points of the set that count for each player.
    pub points: ByColor<usize>,
}

impl LocalArea {
    /// KODEF-5.5: the local-area as the seed writes it, Black's points minus White's.
    pub fn black_minus_white(self) -> i64 {
        self.points[Color::Black] as i64 - self.points[Color::White] as i64
    }

    /// KODEF-5.6: the local-area from `player`'s side (its points minus the opponent's).
    pub fn for_player(self, player: Color) -> i64 {
        self.points[player] as i64 - self.points[player.opponent()] as i64
    }
}

/// KODEF-5.5: the local-area of `zone` in `position`. A point of `zone` counts for a player if it holds the
/// player's stone, or if it is empty and the empty region it belongs to on the whole board borders stones of that
/// player only.
pub fn local_area(position: &Position, zone: &PointSet) -> LocalArea {
    let mut points = ByColor::from_fn(|_| 0);
    for point in zone.iter() {
        if let Some(color) = position.get(point) {
            points[color] += 1;
        }
    }
    for (region, borders) in empty_regions(position) {
        let owner = match (borders[Color::Black], borders[Color::White]) {
            (true, false) => Color::Black,
            (false, true) => Color::White,
            _ => continue,
        };
        points[owner] += region.iter().filter(|&p| zone.contains(p)).count();
    }
    LocalArea { points }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zone(position: &Position, cells: &[(usize, usize)]) -> PointSet {
        let mut set = PointSet::empty(position.board());
        for &(col, row) in cells {
            set.insert(position.board().point_at(col, row).expect("on the board"));
        }
        set
    }

    #[test]
    fn a_ko_pair_held_by_one_player_counts_two_for_him() {
        // KODEF-R10 (seed 004, local Example 28, Proposition 1): a basic-ko capture moves the local-area of the
        // two ko points by 4. Before Black's capture White holds c3, and d3 is an empty point bordering White only.
        let before = Position::from_rows(&["......", "..#O..", ".#O.O.", "..#O..", "......"])
            .expect("valid");
        let after = Position::from_rows(&["......", "..#O..", ".#.#O.", "..#O..", "......"])
            .expect("valid");
        let ko = zone(&before, &[(2, 2), (3, 2)]);
        assert_eq!(local_area(&before, &ko).black_minus_white(), -2);
        // After the capture Black holds d3, and c3 is an empty point bordering Black only.
        assert_eq!(local_area(&after, &ko).black_minus_white(), 2);
    }

    #[test]
    fn empty_points_are_judged_by_their_whole_region() {
        // The corner a1 is inside Black's wall; a3's region touches both colours through the empty column d.
        let position = Position::from_rows(&["..O.", "#...", ".#.."]).expect("valid");
        let corner = zone(&position, &[(0, 2)]);
        assert_eq!(local_area(&position, &corner).points[Color::Black], 1);
        let shared = zone(&position, &[(3, 2)]);
        assert_eq!(local_area(&position, &shared).black_minus_white(), 0);
    }
}
