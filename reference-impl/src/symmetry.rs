//! CORE-3.2: the symmetries of a rectangular grid (rotations and mirrorings).
//!
//! A rotated or mirrored position is a *different* position (CORE-3.2); the rules still treat it the same way,
//! which the property tests check by mapping a position and its moves and comparing every answer.

use std::sync::Arc;

use crate::board::{Board, Coords, GridShape, Point, PointSet};
use crate::moves::Move;
use crate::position::Position;

/// CORE-3.2: one of the eight symmetries of a rectangle (the dihedral group of the square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// CORE-3.2: leaves every intersection in place.
    Identity,
    /// CORE-3.2: a quarter turn clockwise.
    RotateClockwise,
    /// CORE-3.2: a half turn.
    RotateHalf,
    /// CORE-3.2: a quarter turn anticlockwise.
    RotateAnticlockwise,
    /// CORE-3.2: mirrors left and right.
    MirrorLeftRight,
    /// CORE-3.2: mirrors top and bottom.
    MirrorTopBottom,
    /// CORE-3.2: mirrors along the diagonal through the top-left corner (rows become columns).
    Transpose,
    /// CORE-3.2: mirrors along the diagonal through the top-right corner.
    AntiTranspose,
}

impl Symmetry {
    /// CORE-3.2: all eight symmetries.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::RotateClockwise,
        Symmetry::RotateHalf,
        Symmetry::RotateAnticlockwise,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// CORE-3.2: whether this symmetry exchanges the width and the height.
    pub fn swaps_sides(self) -> bool {
        matches!(
            self,
            Symmetry::RotateClockwise
                | Symmetry::RotateAnticlockwise
                | Symmetry::Transpose
                | Symmetry::AntiTranspose
        )
    }

    /// CORE-3.2: the shape of the image of a grid of shape `grid`.
    pub fn image_shape(self, grid: GridShape) -> GridShape {
        if self.swaps_sides() {
            GridShape {
                width: grid.height,
                height: grid.width,
            }
        } else {
            grid
        }
    }

    /// CORE-3.2: where the intersection at `coords` of a grid of shape `grid` goes.
    pub fn map_coords(self, grid: GridShape, coords: Coords) -> Coords {
        let (w, h) = (grid.width, grid.height);
        let Coords { col, row } = coords;
        let (col, row) = match self {
            Symmetry::Identity => (col, row),
            Symmetry::RotateClockwise => (h - 1 - row, col),
            Symmetry::RotateHalf => (w - 1 - col, h - 1 - row),
            Symmetry::RotateAnticlockwise => (row, w - 1 - col),
            Symmetry::MirrorLeftRight => (w - 1 - col, row),
            Symmetry::MirrorTopBottom => (col, h - 1 - row),
            Symmetry::Transpose => (row, col),
            Symmetry::AntiTranspose => (h - 1 - row, w - 1 - col),
        };
        Coords { col, row }
    }
}

/// CORE-3.2: a symmetry applied to one grid board: maps its points, sets, moves and positions to the image board.
#[derive(Clone, Debug)]
pub struct GridMap {
    symmetry: Symmetry,
    source: Arc<Board>,
    image: Arc<Board>,
}

impl GridMap {
    /// CORE-3.2: the map of `symmetry` on `board`, or `None` if `board` is not a rectangular grid.
    pub fn new(symmetry: Symmetry, board: &Arc<Board>) -> Option<GridMap> {
        let shape = symmetry.image_shape(board.grid()?);
        let image = if shape == board.grid()? {
            Arc::clone(board)
        } else {
            Arc::new(Board::rectangle(shape.width, shape.height).ok()?)
        };
        Some(GridMap {
            symmetry,
            source: Arc::clone(board),
            image,
        })
    }

    /// CORE-3.2: the image board.
    pub fn image_board(&self) -> &Arc<Board> {
        &self.image
    }

    /// CORE-3.2: the image of `point` (`None` if it is not on the source board).
    pub fn point(&self, point: Point) -> Option<Point> {
        let grid = self.source.grid()?;
        let coords = self.symmetry.map_coords(grid, self.source.coords(point)?);
        self.image.point_at(coords.col, coords.row)
    }

    /// CORE-3.2: the image of a move.
    pub fn mv(&self, mv: Move) -> Option<Move> {
        match mv {
            Move::Play(point) => self.point(point).map(Move::Play),
            Move::Pass => Some(Move::Pass),
        }
    }

    /// CORE-3.2: the image of a set of intersections.
    pub fn set(&self, set: &PointSet) -> PointSet {
        let mut image = PointSet::empty(&self.image);
        image.extend(set.iter().filter_map(|point| self.point(point)));
        image
    }

    /// CORE-3.2: the image of a position of the source board.
    pub fn position(&self, position: &Position) -> Position {
        let mut image = Position::empty(Arc::clone(&self.image));
        for point in self.source.points() {
            if let Some(target) = self.point(point) {
                image.set(target, position.get(point));
            }
        }
        image
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_move_stones_as_drawn() {
        let position = Position::from_rows(&["#..", "..O"]).unwrap();
        let board = Arc::clone(position.shared_board());
        let image = |symmetry| {
            GridMap::new(symmetry, &board)
                .unwrap()
                .position(&position)
                .rows()
        };
        assert_eq!(image(Symmetry::Identity), ["#..", "..O"]);
        assert_eq!(image(Symmetry::RotateClockwise), [".#", "..", "O."]);
        assert_eq!(image(Symmetry::RotateHalf), ["O..", "..#"]);
        assert_eq!(image(Symmetry::RotateAnticlockwise), [".O", "..", "#."]);
        assert_eq!(image(Symmetry::MirrorLeftRight), ["..#", "O.."]);
        assert_eq!(image(Symmetry::MirrorTopBottom), ["..O", "#.."]);
        assert_eq!(image(Symmetry::Transpose), ["#.", "..", ".O"]);
        assert_eq!(image(Symmetry::AntiTranspose), ["O.", "..", ".#"]);
    }
}
