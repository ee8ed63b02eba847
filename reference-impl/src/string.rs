//! CORE-4: strings and liberties.

use crate::board::{Point, PointSet};
use crate::color::Color;
use crate::position::Position;

/// CORE-4.1: a string: a maximal set of stones of one colour connected by adjacency, with its liberties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoneString {
    /// CORE-4.1: the colour of the string's stones.
    pub color: Color,
    /// CORE-4.1: the intersections holding the string's stones.
    pub stones: PointSet,
    /// CORE-4.2: the empty intersections adjacent to a stone of the string.
    pub liberties: PointSet,
}

impl StoneString {
    /// CORE-4.2: whether the string has at least one liberty.
    pub fn has_liberty(&self) -> bool {
        !self.liberties.is_empty()
    }
}

/// CORE-4.1: the string the stone on `point` belongs to, or `None` if `point` is empty.
pub fn string_at(position: &Position, point: Point) -> Option<StoneString> {
    let mut liberties = PointSet::empty(position.board());
    let (color, stones) = walk(position, point, |liberty| {
        liberties.insert(liberty);
        true
    })?;
    Some(StoneString {
        color,
        stones,
        liberties,
    })
}

/// CORE-4.2: the stones of the string on `point` if that string has no liberty; `None` if it has one or if
/// `point` is empty. The same answer as [`string_at`] gives, found without collecting the liberties: the walk
/// stops at the first empty neighbour, which is what makes a play's captures cheap to find.
pub fn string_without_liberty(position: &Position, point: Point) -> Option<PointSet> {
    // Most strings have a liberty beside the stone asked about: answer those before allocating anything.
    if position
        .board()
        .neighbours(point)
        .iter()
        .any(|&n| position.get(n).is_none())
    {
        return None;
    }
    walk(position, point, |_| false).map(|(_, stones)| stones)
}

/// CORE-4.1: the colour and stones of the string on `point`, found by walking from stone to adjacent stone of
/// its colour; every empty neighbour met is given to `liberty`, and the walk gives up (`None`) as soon as that
/// returns false. `None` too if `point` is empty.
fn walk(
    position: &Position,
    point: Point,
    mut liberty: impl FnMut(Point) -> bool,
) -> Option<(Color, PointSet)> {
    let color = position.get(point)?;
    let board = position.board();
    let mut stones = PointSet::empty(board);
    // The stones found whose neighbours are still to be looked at (a set, so that the walk allocates nothing on
    // boards whose sets are inline).
    let mut frontier = PointSet::empty(board);
    stones.insert(point);
    frontier.insert(point);
    while let Some(stone) = frontier.pop_first() {
        for &neighbour in board.neighbours(stone) {
            match position.get(neighbour) {
                None => {
                    if !liberty(neighbour) {
                        return None;
                    }
                }
                Some(other) if other == color => {
                    if stones.insert(neighbour) {
                        frontier.insert(neighbour);
                    }
                }
                Some(_) => {}
            }
        }
    }
    Some((color, stones))
}

/// CORE-4.1: every string of the position, ordered by its lowest intersection.
pub fn strings(position: &Position) -> Vec<StoneString> {
    let mut seen = PointSet::empty(position.board());
    let mut found = Vec::new();
    for point in position.board().points() {
        if seen.contains(point) {
            continue;
        }
        if let Some(string) = string_at(position, point) {
            seen.union_with(&string.stones);
            found.push(string);
        }
    }
    found
}

/// CORE-4.2: every string of `color` in the position.
pub fn strings_of(position: &Position, color: Color) -> Vec<StoneString> {
    strings(position)
        .into_iter()
        .filter(|string| string.color == color)
        .collect()
}

/// CORE-4.2: whether every string of the position has a liberty (true of every position a legal play reaches).
pub fn every_string_has_a_liberty(position: &Position) -> bool {
    strings(position).iter().all(StoneString::has_liberty)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_and_liberties() {
        let position = Position::from_rows(&["##O", "#.O", "..."]).unwrap();
        let board = position.board();
        let black = string_at(&position, board.point_at(0, 0).unwrap()).unwrap();
        assert_eq!(black.color, Color::Black);
        assert_eq!(black.stones.len(), 3);
        assert_eq!(black.liberties.len(), 2);
        assert_eq!(strings(&position).len(), 2);
        assert_eq!(strings_of(&position, Color::White)[0].liberties.len(), 2);
        assert!(string_at(&position, board.point_at(1, 1).unwrap()).is_none());
        assert!(every_string_has_a_liberty(&position));
        assert!(!every_string_has_a_liberty(
            &Position::from_rows(&["#O", "O."]).unwrap()
        ));
    }
}
