//! The maps a check draws over a board (CASE-4.4, CASE-4.5, CASE-9.2, CASE-9.3): control, points, statuses
//! and territory, each turned into the points `svg.rs` draws.

use crate::svg::{self, Mark, Point};
use gorules_grammar::{Cell, Diagram};

/// The stones of a diagram's board cells, row by row from the top.
pub fn stones_of(d: &Diagram) -> Vec<Option<u8>> {
    d.cells()
        .map(|(_, c)| match c {
            Cell::Stone(s) => Some(svg::player_of(s)),
            _ => None,
        })
        .collect()
}

/// Points with these stones and nothing drawn over them.
pub fn with_stones(stones: &[Option<u8>]) -> Vec<Point> {
    stones
        .iter()
        .map(|s| Point {
            stone: *s,
            ..Point::default()
        })
        .collect()
}

/// CASE-4.4: a control map over the stones of `base`: `B`, `W`, `2` as squares.
pub fn control_points(base: &[Option<u8>], map: &Diagram) -> Vec<Point> {
    let mut points = with_stones(base);
    for (i, (_, cell)) in map.cells().enumerate() {
        let Some(p) = points.get_mut(i) else { break };
        match cell {
            Cell::Mark('B') => p.mark = Mark::Square(Some(0)),
            Cell::Mark('W') => p.mark = Mark::Square(Some(1)),
            Cell::Number(2) => p.mark = Mark::Square(None),
            Cell::Stone(s) => p.stone = Some(svg::player_of(s)),
            _ => {}
        }
    }
    points
}

/// CASE-4.5: a points map: the number of points on each intersection.
pub fn points_map(base: &[Option<u8>], map: &Diagram) -> Vec<Point> {
    let mut points = with_stones(base);
    for (i, (_, cell)) in map.cells().enumerate() {
        let Some(p) = points.get_mut(i) else { break };
        match cell {
            Cell::Number(n) => p.mark = Mark::Points(n),
            Cell::Stone(s) => p.stone = Some(svg::player_of(s)),
            _ => {}
        }
    }
    points
}

/// CASE-9.2: each stone's status over the board.
pub fn status_points(base: &[Option<u8>], map: &Diagram) -> Vec<Point> {
    let mut points = with_stones(base);
    for (i, (_, cell)) in map.cells().enumerate() {
        let Some(p) = points.get_mut(i) else { break };
        match cell {
            Cell::Mark(c @ ('D' | 'S')) => p.mark = Mark::Status(c),
            Cell::Label(c @ ('d' | 's')) => p.mark = Mark::Status(c.to_ascii_uppercase()),
            _ => {}
        }
    }
    points
}

/// CASE-9.3: territory after removal: stones that stay, territory, eye points, removed stones faded.
pub fn territory_points(base: &[Option<u8>], map: &Diagram) -> Vec<Point> {
    map.cells()
        .enumerate()
        .map(|(i, (_, cell))| {
            let before = base.get(i).copied().flatten();
            let gone = Point {
                stone: before,
                ghost: before.is_some(),
                ..Point::default()
            };
            match cell {
                Cell::Stone(s) => Point {
                    stone: Some(svg::player_of(s)),
                    ..Point::default()
                },
                Cell::Label('b') => Point {
                    mark: Mark::Square(Some(0)),
                    ..gone
                },
                Cell::Label('w') => Point {
                    mark: Mark::Square(Some(1)),
                    ..gone
                },
                Cell::Mark('B') => Point {
                    mark: Mark::Eye(0),
                    ..gone
                },
                Cell::Mark('W') => Point {
                    mark: Mark::Eye(1),
                    ..gone
                },
                _ => gone,
            }
        })
        .collect()
}
