//! Helpers shared by the integration tests: diagrams and move lists written as in seed 000.
#![allow(dead_code)]

use std::collections::HashMap;

use gorules_ref::{Board, Move, Point, PointSet, Position};

/// A position from rows of `.`, `#`, `O` (the seed's diagrams with the spaces taken out).
pub fn pos(rows: &[&str]) -> Position {
    Position::from_rows(rows).expect("test diagram")
}

/// The play on column `col`, row `row` (row 0 = top row as drawn).
pub fn at(position: &Position, col: usize, row: usize) -> Move {
    Move::Play(position.board().point_at(col, row).expect("on the board"))
}

/// The intersections labelled by letters in a label diagram drawn like the seed's "intersections" diagrams
/// (one character per cell; letters are labels, anything else is ignored).
pub fn labels(board: &Board, rows: &[&str]) -> HashMap<char, Point> {
    let mut found = HashMap::new();
    for (row, text) in rows.iter().enumerate() {
        for (col, symbol) in text.chars().enumerate() {
            if symbol.is_ascii_lowercase() {
                found.insert(
                    symbol,
                    board.point_at(col, row).expect("label on the board"),
                );
            }
        }
    }
    found
}

/// The moves of a seed move list like `pbpdppp` (`p` = pass, a letter = a play on that label).
pub fn letter_moves(labels: &HashMap<char, Point>, moves: &str) -> Vec<Move> {
    moves
        .chars()
        .map(|symbol| {
            if symbol == 'p' {
                Move::Pass
            } else {
                Move::Play(labels[&symbol])
            }
        })
        .collect()
}

/// The intersections marked with `mark` in a diagram (one character per cell).
pub fn marked(board: &Board, rows: &[&str], mark: char) -> PointSet {
    let mut set = PointSet::empty(board);
    for (row, text) in rows.iter().enumerate() {
        for (col, symbol) in text.chars().enumerate() {
            if symbol == mark || symbol == '2' {
                set.insert(board.point_at(col, row).expect("mark on the board"));
            }
        }
    }
    set
}
