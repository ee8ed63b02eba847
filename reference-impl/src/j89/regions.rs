//! J89-R14: a string's region. Where pass-alive walls cut the contested points of the board into parts, a string's
//! confirmation is decided on its own part alone: what happens elsewhere cannot change its fate.

use crate::board::PointSet;
use crate::color::{ByColor, Color};
use crate::position::Position;

/// J89-R14: the points a search for the string `stones` may leave out, in addition to `off_limits` (J89-R12): every
/// point outside the string's region. The region is the connected part, holding the string, of the points that
/// are neither in `off_limits` nor stones of `safe` (each colour's pass-alive stones, NAJ-5.2). The region may be
/// used only if every pass-alive string next to it has a liberty in `off_limits`: such a liberty stays empty, so
/// no play anywhere changes which plays in the region are legal or what they capture. `None` if that fails or if
/// nothing lies outside the region.
pub fn outside_region(
    stop: &Position,
    off_limits: &PointSet,
    safe: &ByColor<PointSet>,
    stones: &PointSet,
) -> Option<PointSet> {
    let board = stop.board();
    let mut fixed = off_limits.clone();
    for c in Color::ALL {
        fixed.union_with(&safe[c]);
    }
    let mut region = PointSet::empty(board);
    let mut todo: Vec<_> = stones.iter().collect();
    while let Some(p) = todo.pop() {
        if fixed.contains(p) || !region.insert(p) {
            continue;
        }
        todo.extend(board.neighbours(p).iter().copied());
    }
    if !board
        .points()
        .any(|p| !fixed.contains(p) && !region.contains(p))
    {
        return None;
    }
    let mut walls_checked = PointSet::empty(board);
    for p in region.iter() {
        for &n in board.neighbours(p) {
            if region.contains(n) || walls_checked.contains(n) || stop.get(n).is_none() {
                continue;
            }
            let wall = crate::string::string_at(stop, n)?;
            if !wall.liberties.iter().any(|l| off_limits.contains(l)) {
                return None;
            }
            walls_checked.union_with(&wall.stones);
        }
    }
    // Everything but the region: the settled eye spaces (J89-R12) are fixed, so they are outside already.
    let mut outside = PointSet::full(board);
    outside.subtract(&region);
    Some(outside)
}
