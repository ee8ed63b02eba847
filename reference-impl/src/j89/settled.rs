//! J89-R12: settled eye spaces: empty regions enclosed only by stones that no play of the opponent can capture
//! (pass-alive strings, found by Benson's algorithm, NAJ-5.2). The confirmation does not play on them.

use crate::board::{Point, PointSet};
use crate::color::{ByColor, Color};
use crate::position::Position;

/// J89-R12: the settled eye spaces of the stop position: maximal connected sets of empty points whose adjacent
/// stones are all pass-alive stones of one colour (`pass_alive`: each colour's, by Benson's algorithm,
/// `naj::benson::pass_alive`). The confirmation (option `confirmation_board: contested`) makes no play on them.
pub fn settled_eye_spaces(position: &Position, pass_alive: &ByColor<PointSet>) -> PointSet {
    let board = position.board();
    let mut seen = PointSet::empty(board);
    let mut out = PointSet::empty(board);
    for start in board.points() {
        if seen.contains(start) || position.get(start).is_some() {
            continue;
        }
        let mut region: Vec<Point> = Vec::new();
        let mut stack = vec![start];
        seen.insert(start);
        let mut around = ByColor::from_fn(|_| false);
        let mut unsettled = false;
        while let Some(p) = stack.pop() {
            region.push(p);
            for &n in board.neighbours(p) {
                match position.get(n) {
                    None => {
                        if !seen.contains(n) {
                            seen.insert(n);
                            stack.push(n);
                        }
                    }
                    Some(c) => {
                        around[c] = true;
                        if !pass_alive[c].contains(n) {
                            unsettled = true;
                        }
                    }
                }
            }
        }
        if !unsettled && (around[Color::Black] ^ around[Color::White]) {
            out.extend(region);
        }
    }
    out
}
