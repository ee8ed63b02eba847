//! CORE-5: moves, and what a play does to a position (capture, suicide).
//!
//! This module knows only the board: whether an intersection is occupied, which strings lose their last
//! liberty. The ko rules, which look at the history, live in [`crate::ko`].

use std::fmt;

use crate::board::{Point, PointSet};
use crate::color::Color;
use crate::illegal::Illegal;
use crate::position::Position;
use crate::string::string_without_liberty;

/// CORE-5: a move: a play on an intersection, or a pass. Plays and passes are different moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// CORE-5.1: put a stone of the mover's colour on the intersection.
    Play(Point),
    /// CORE-5.2: change nothing on the board.
    Pass,
}

impl Move {
    /// CORE-5.1: the intersection played, if this move is a play.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(point) => Some(point),
            Move::Pass => None,
        }
    }

    /// CORE-5.2: whether this move is a pass.
    pub fn is_pass(self) -> bool {
        self == Move::Pass
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(point) => write!(f, "play {point}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// CORE-5.4: whether a play that leaves its own string without liberties is allowed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SuicideRule {
    /// CORE-5.4: suicide is illegal (reason `suicide`); the default.
    #[default]
    Prohibited,
    /// CORE-5.4: suicide is legal and removes the suicidal string.
    Allowed,
}

/// CORE-5: the board-level effect of a play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayEffect {
    /// CORE-5: the position after the play.
    pub position: Position,
    /// CORE-5.3: the opponent stones removed by the play.
    pub captured: PointSet,
    /// CORE-5.4: the mover's own stones removed by an allowed suicide (empty otherwise).
    pub suicided: PointSet,
}

/// CORE-5: plays a stone of `color` on `point` in `position`: capture first (CORE-5.3), then suicide (CORE-5.4).
///
/// Only the board decides here; ko rules are checked by [`crate::sequence::Sequence`].
pub fn apply_play(
    position: &Position,
    color: Color,
    point: Point,
    suicide: SuicideRule,
) -> Result<PlayEffect, Illegal> {
    if !position.board().contains(point) {
        return Err(Illegal::OffBoard);
    }
    if position.get(point).is_some() {
        return Err(Illegal::Occupied);
    }
    let board = position.board();
    let mut after = position.clone();
    after.set(point, Some(color));

    // CORE-5.3: every opponent string adjacent to the new stone that has no liberty left is removed.
    let mut captured = PointSet::empty(board);
    for &neighbour in board.neighbours(point) {
        if captured.contains(neighbour) || after.get(neighbour).is_none_or(|other| other == color) {
            continue;
        }
        if let Some(stones) = string_without_liberty(&after, neighbour) {
            captured.union_with(&stones);
        }
    }
    for stone in captured.iter() {
        after.set(stone, None);
    }

    // CORE-5.4: the mover's own string without liberty is suicide.
    let mut suicided = PointSet::empty(board);
    if let Some(own) = string_without_liberty(&after, point) {
        match suicide {
            SuicideRule::Prohibited => return Err(Illegal::Suicide),
            SuicideRule::Allowed => {
                for stone in own.iter() {
                    after.set(stone, None);
                }
                suicided = own;
            }
        }
    }
    Ok(PlayEffect {
        position: after,
        captured,
        suicided,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(
        rows: &[&str],
        color: Color,
        col: usize,
        row: usize,
        suicide: SuicideRule,
    ) -> Result<PlayEffect, Illegal> {
        let position = Position::from_rows(rows).unwrap();
        let point = position.board().point_at(col, row).unwrap();
        apply_play(&position, color, point, suicide)
    }

    #[test]
    fn capture_removes_strings_without_liberties() {
        let effect = play(
            &[".#O.", "#O.."],
            Color::Black,
            2,
            1,
            SuicideRule::Prohibited,
        );
        // The white stone on (1,1) loses its last liberty; the one on (2,0) still has (3,0).
        let effect = effect.unwrap();
        assert_eq!(effect.position.rows(), [".#O.", "#.#."]);
        assert_eq!(effect.captured.len(), 1);
    }

    #[test]
    fn occupied_and_suicide() {
        assert_eq!(
            play(&["#."], Color::White, 0, 0, SuicideRule::Prohibited),
            Err(Illegal::Occupied)
        );
        assert_eq!(
            play(&[".#", "#."], Color::White, 0, 0, SuicideRule::Prohibited),
            Err(Illegal::Suicide)
        );
        let allowed = play(&[".#", "#."], Color::White, 0, 0, SuicideRule::Allowed).unwrap();
        assert_eq!(allowed.position.rows(), [".#", "#."]);
        assert_eq!(allowed.suicided.len(), 1);
        // Capturing comes first: a play that captures is not suicide.
        let capture = play(&[".#O", "#O."], Color::White, 0, 0, SuicideRule::Prohibited).unwrap();
        assert_eq!(capture.position.rows(), ["O.O", ".O."]);
    }
}
