//! KODEF-6.5, KODEF-6.6: kos (connected sets of ko-intersections), ko-stones and ko-strings.

use crate::board::{Board, PointSet};
use crate::position::Position;
use crate::string::string_at;

/// KODEF-6.5: the kos of a set of ko-intersections: its connected parts under the board's adjacency, each
/// ordered by its lowest intersection.
pub fn kos(board: &Board, ko_intersections: &PointSet) -> Vec<PointSet> {
    let mut seen = PointSet::empty(board);
    let mut found = Vec::new();
    for start in ko_intersections.iter() {
        if !seen.insert(start) {
            continue;
        }
        let mut ko = PointSet::empty(board);
        ko.insert(start);
        let mut frontier = vec![start];
        while let Some(point) = frontier.pop() {
            for &next in board.neighbours(point) {
                if ko_intersections.contains(next) && seen.insert(next) {
                    ko.insert(next);
                    frontier.push(next);
                }
            }
        }
        found.push(ko);
    }
    found
}

/// KODEF-6.6: the ko-stones: the stones on ko-intersections.
pub fn ko_stones(position: &Position, ko_intersections: &PointSet) -> PointSet {
    let mut stones = PointSet::empty(position.board());
    for point in ko_intersections.iter() {
        if position.get(point).is_some() {
            stones.insert(point);
        }
    }
    stones
}

/// KODEF-6.6: the ko-strings: every stone of a string that holds a ko-stone.
pub fn ko_strings(position: &Position, ko_intersections: &PointSet) -> PointSet {
    let mut stones = PointSet::empty(position.board());
    for point in ko_stones(position, ko_intersections).iter() {
        if let Some(string) = string_at(position, point) {
            stones.union_with(&string.stones);
        }
    }
    stones
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kos_are_the_connected_parts_and_ko_strings_take_whole_strings() {
        let position = Position::from_rows(&["##O.", "....", "O..#"]).expect("valid");
        let board = position.board();
        let mut marked = PointSet::empty(board);
        for (c, r) in [(1, 0), (2, 0), (3, 2)] {
            marked.insert(board.point_at(c, r).expect("on the board"));
        }
        let parts = kos(board, &marked);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].len(), 2);
        assert_eq!(ko_stones(&position, &marked).len(), 3);
        // The stone on b3 drags its string partner a3 in.
        assert_eq!(ko_strings(&position, &marked).len(), 4);
    }
}
