//! NAJ-5.2: Benson's algorithm for pass-alive strings.
//!
//! Benson (1976) characterised the strings that the opponent cannot capture however he plays while their owner
//! passes (no suicide): exactly the immortal stones of NAJ-5.1. The property tests check this against the search
//! of [`super::immortal_stones`] on random small positions.

use crate::board::{Point, PointSet};
use crate::color::Color;
use crate::position::Position;
use crate::string::{strings_of, StoneString};

/// NAJ-5.2: a region of `owner`: a maximal connected set of intersections that hold no stone of `owner`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// NAJ-5.2: the intersections of the region (empty or holding opponent stones).
    pub points: PointSet,
    /// NAJ-5.2: the empty intersections of the region.
    pub empty: PointSet,
}

/// NAJ-5.2: the regions of `owner` in `position`, ordered by their lowest intersection.
pub fn regions(position: &Position, owner: Color) -> Vec<Region> {
    let board = position.board();
    let mut seen = PointSet::empty(board);
    let mut found = Vec::new();
    for start in board.points() {
        if position.get(start) == Some(owner) || !seen.insert(start) {
            continue;
        }
        let mut points = PointSet::empty(board);
        let mut empty = PointSet::empty(board);
        let mut frontier = vec![start];
        while let Some(point) = frontier.pop() {
            points.insert(point);
            if position.get(point).is_none() {
                empty.insert(point);
            }
            for &neighbour in board.neighbours(point) {
                if position.get(neighbour) != Some(owner) && seen.insert(neighbour) {
                    frontier.push(neighbour);
                }
            }
        }
        found.push(Region { points, empty });
    }
    found
}

/// NAJ-5.2: a region is vital to a string if it has an empty intersection and every empty intersection of it is
/// a liberty of the string.
pub fn is_vital(region: &Region, string: &StoneString) -> bool {
    !region.empty.is_empty() && region.empty.is_subset(&string.liberties)
}

/// NAJ-5.2: whether some stone of `string` is adjacent to an intersection of `region`.
fn borders(position: &Position, region: &Region, string: &StoneString) -> bool {
    let touches = |point: Point| {
        position
            .board()
            .neighbours(point)
            .iter()
            .any(|&n| string.stones.contains(n))
    };
    region.points.iter().any(touches)
}

/// NAJ-5.2: the stones of `owner` that are pass-alive (Benson's algorithm).
///
/// Start with all strings of `owner` and all its regions, then repeat until nothing changes: drop every string
/// that has fewer than two vital regions among the regions kept; drop every region bordered by a dropped string.
/// The stones of the strings kept are pass-alive.
pub fn pass_alive(position: &Position, owner: Color) -> PointSet {
    let strings = strings_of(position, owner);
    let regions = regions(position, owner);
    let vital: Vec<Vec<usize>> = strings
        .iter()
        .map(|string| {
            (0..regions.len())
                .filter(|&r| is_vital(&regions[r], string))
                .collect()
        })
        .collect();
    let bordering: Vec<Vec<usize>> = regions
        .iter()
        .map(|region| {
            (0..strings.len())
                .filter(|&s| borders(position, region, &strings[s]))
                .collect()
        })
        .collect();

    let mut string_kept = vec![true; strings.len()];
    let mut region_kept = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (s, kept) in string_kept.iter_mut().enumerate() {
            if *kept && vital[s].iter().filter(|&&r| region_kept[r]).count() < 2 {
                *kept = false;
                changed = true;
            }
        }
        for (r, kept) in region_kept.iter_mut().enumerate() {
            if *kept && bordering[r].iter().any(|&s| !string_kept[s]) {
                *kept = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    let mut alive = PointSet::empty(position.board());
    for (string, _) in strings.iter().zip(&string_kept).filter(|(_, &kept)| kept) {
        alive.union_with(&string.stones);
    }
    alive
}
