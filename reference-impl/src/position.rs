//! CORE-3: positions, their identity and their hash.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

use crate::board::{Board, BoardError, Point, PointSet};
use crate::color::Color;

/// CORE-3.1: a position: a board and, for each intersection, a colour or empty.
///
/// Two positions are equal when they are on the same board and every intersection holds the same (CORE-3.2);
/// a rotated or mirrored arrangement is therefore a different position. The position keeps its Zobrist hash
/// up to date (CORE-3.3).
#[derive(Clone)]
pub struct Position {
    board: Arc<Board>,
    stones: Vec<Option<Color>>,
    zobrist: u64,
}

/// CORE-3.1: why a text or a list of cells does not describe a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// CORE-3.1: there is no row.
    NoRows,
    /// CORE-3.1: a row has another length than the first row (or than the board's width).
    RaggedRow {
        /// The row (0 = top).
        row: usize,
        /// Its length in cells.
        len: usize,
        /// The expected length.
        expected: usize,
    },
    /// CORE-3.1: the number of rows differs from the board's height.
    WrongHeight {
        /// The number of rows given.
        rows: usize,
        /// The board's height.
        expected: usize,
    },
    /// CORE-3.1: a cell is not `.`, `#` or `O`.
    BadCell {
        /// The row (0 = top).
        row: usize,
        /// The column (0 = left).
        col: usize,
        /// The character found.
        found: char,
    },
    /// CORE-3.1: rows can only be laid on a rectangular grid board.
    NotAGrid,
    /// CORE-3.1: the number of cells differs from the number of intersections.
    WrongCellCount {
        /// The number of cells given.
        cells: usize,
        /// The number of intersections of the board.
        expected: usize,
    },
    /// CORE-1.1: the board itself cannot be built.
    Board(BoardError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NoRows => write!(f, "a position needs at least one row"),
            PositionError::RaggedRow { row, len, expected } => {
                write!(f, "row {row} has {len} cells, expected {expected}")
            }
            PositionError::WrongHeight { rows, expected } => {
                write!(f, "{rows} rows given, the board has {expected}")
            }
            PositionError::BadCell { row, col, found } => {
                write!(
                    f,
                    "row {row}, column {col}: {found:?} is not '.', '#' or 'O'"
                )
            }
            PositionError::NotAGrid => {
                write!(f, "rows can only describe a position on a rectangular grid")
            }
            PositionError::WrongCellCount { cells, expected } => {
                write!(
                    f,
                    "{cells} cells given, the board has {expected} intersections"
                )
            }
            PositionError::Board(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for PositionError {}

/// CORE-3.1: the symbol of an empty intersection in the row notation.
pub const EMPTY_SYMBOL: char = '.';

impl Position {
    /// CORE-3.1: the position of `board` in which every intersection is empty.
    pub fn empty(board: Arc<Board>) -> Position {
        let stones = vec![None; board.len()];
        Position {
            board,
            stones,
            zobrist: 0,
        }
    }

    /// CORE-3.1: the position on a fresh rectangular grid read from rows of `.`, `#` and `O` (no spaces),
    /// top row first, e.g. `["..#O", "#O.."]`.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Position, PositionError> {
        let first = rows.first().ok_or(PositionError::NoRows)?;
        let width = first.as_ref().chars().count();
        let board = Board::rectangle(width, rows.len()).map_err(PositionError::Board)?;
        Position::from_rows_on(Arc::new(board), rows)
    }

    /// CORE-3.1: the position on the given grid `board` read from rows of `.`, `#` and `O`.
    pub fn from_rows_on<S: AsRef<str>>(
        board: Arc<Board>,
        rows: &[S],
    ) -> Result<Position, PositionError> {
        let grid = board.grid().ok_or(PositionError::NotAGrid)?;
        if rows.len() != grid.height {
            return Err(PositionError::WrongHeight {
                rows: rows.len(),
                expected: grid.height,
            });
        }
        let mut cells = Vec::with_capacity(board.len());
        for (row, text) in rows.iter().enumerate() {
            let len = text.as_ref().chars().count();
            if len != grid.width {
                return Err(PositionError::RaggedRow {
                    row,
                    len,
                    expected: grid.width,
                });
            }
            for (col, symbol) in text.as_ref().chars().enumerate() {
                let cell = match symbol {
                    EMPTY_SYMBOL => None,
                    _ => Some(Color::from_symbol(symbol).ok_or(PositionError::BadCell {
                        row,
                        col,
                        found: symbol,
                    })?),
                };
                cells.push(cell);
            }
        }
        Position::from_cells(board, &cells)
    }

    /// CORE-3.1: the position of `board` whose intersection `i` holds `cells[i]` (any board, not only grids).
    pub fn from_cells(
        board: Arc<Board>,
        cells: &[Option<Color>],
    ) -> Result<Position, PositionError> {
        if cells.len() != board.len() {
            return Err(PositionError::WrongCellCount {
                cells: cells.len(),
                expected: board.len(),
            });
        }
        let mut position = Position::empty(board);
        for (index, &cell) in cells.iter().enumerate() {
            position.set(Point::from_index_unchecked(index), cell);
        }
        Ok(position)
    }

    /// CORE-3.1: the rows of this position in the notation [`Position::from_rows`] reads; a board that is not a
    /// grid gives one row listing every intersection in index order.
    pub fn rows(&self) -> Vec<String> {
        let width = self.board.width().unwrap_or(self.board.len());
        self.stones
            .chunks(width)
            .map(|row| row.iter().map(|&cell| cell_symbol(cell)).collect())
            .collect()
    }

    /// CORE-1.1: the board of this position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// CORE-1.1: the board of this position, shared.
    pub fn shared_board(&self) -> &Arc<Board> {
        &self.board
    }

    /// CORE-3.1: the colour of the stone on `point`, or `None` if it is empty (or not on this board).
    pub fn get(&self, point: Point) -> Option<Color> {
        self.stones.get(point.index()).copied().flatten()
    }

    /// CORE-3.1: whether `point` is an empty intersection of this board.
    pub fn is_empty_at(&self, point: Point) -> bool {
        self.board.contains(point) && self.get(point).is_none()
    }

    /// CORE-3.1: the intersections holding a stone of `color`.
    pub fn stones(&self, color: Color) -> PointSet {
        self.points_holding(Some(color))
    }

    /// CORE-3.1: the empty intersections.
    pub fn empty_points(&self) -> PointSet {
        self.points_holding(None)
    }

    fn points_holding(&self, cell: Option<Color>) -> PointSet {
        let mut set = PointSet::empty(&self.board);
        set.extend(self.board.points().filter(|&point| self.get(point) == cell));
        set
    }

    /// CORE-3.1: the number of stones of `color` on the board.
    pub fn count(&self, color: Color) -> usize {
        self.stones
            .iter()
            .filter(|&&cell| cell == Some(color))
            .count()
    }

    /// CORE-3.3: the Zobrist hash of the arrangement (equal positions have equal hashes).
    pub fn zobrist(&self) -> u64 {
        self.zobrist
    }

    /// CORE-3.4: the colour-inverse position: every black stone becomes white and every white stone black.
    pub fn colors_swapped(&self) -> Position {
        let cells: Vec<Option<Color>> = self
            .stones
            .iter()
            .map(|cell| cell.map(Color::opponent))
            .collect();
        let mut position = Position::empty(Arc::clone(&self.board));
        for (index, cell) in cells.into_iter().enumerate() {
            position.set(Point::from_index_unchecked(index), cell);
        }
        position
    }

    /// CORE-3.1: puts `cell` on `point` (a stone or empty), keeping the hash up to date.
    pub(crate) fn set(&mut self, point: Point, cell: Option<Color>) {
        if let Some(slot) = self.stones.get_mut(point.index()) {
            if let Some(old) = *slot {
                self.zobrist ^= zobrist_key(point, old);
            }
            if let Some(new) = cell {
                self.zobrist ^= zobrist_key(point, new);
            }
            *slot = cell;
        }
    }
}

fn cell_symbol(cell: Option<Color>) -> char {
    cell.map_or(EMPTY_SYMBOL, Color::symbol)
}

/// CORE-3.3: the Zobrist key of a stone of `color` on `point`: a fixed pseudo-random 64-bit number
/// (SplitMix64 of the pair), so that no table has to be built per board.
pub fn zobrist_key(point: Point, color: Color) -> u64 {
    let mut z = (point.index() as u64)
        .wrapping_mul(Color::COUNT as u64)
        .wrapping_add(color.index() as u64 + 1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.zobrist == other.zobrist
            && self.stones == other.stones
            && (Arc::ptr_eq(&self.board, &other.board) || self.board == other.board)
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.zobrist);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Position").field(&self.rows()).finish()
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rows().join("\n"))
    }
}

impl FromStr for Position {
    type Err = PositionError;

    /// CORE-3.1: rows separated by newlines or `/`; blank lines and surrounding whitespace are ignored.
    fn from_str(text: &str) -> Result<Position, PositionError> {
        let rows: Vec<&str> = text
            .split(['\n', '/'])
            .map(str::trim)
            .filter(|row| !row.is_empty())
            .collect();
        Position::from_rows(&rows)
    }
}

impl Point {
    /// The point with this index; only for indices known to be on the board at hand.
    pub(crate) fn from_index_unchecked(index: usize) -> Point {
        Point::from_u32(index as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip() {
        let rows = ["..#O", "#O.."];
        let position = Position::from_rows(&rows).unwrap();
        assert_eq!(position.rows(), rows);
        assert_eq!(position.to_string().parse::<Position>().unwrap(), position);
        assert_eq!("..#O/#O..".parse::<Position>().unwrap(), position);
        assert_eq!(position.count(Color::Black), 2);
    }

    #[test]
    fn bad_rows_are_refused() {
        assert_eq!(Position::from_rows::<&str>(&[]), Err(PositionError::NoRows));
        assert_eq!(
            Position::from_rows(&["..", "..."]),
            Err(PositionError::RaggedRow {
                row: 1,
                len: 3,
                expected: 2
            })
        );
        assert_eq!(
            Position::from_rows(&[".x"]),
            Err(PositionError::BadCell {
                row: 0,
                col: 1,
                found: 'x'
            })
        );
        assert_eq!(
            Position::from_rows(&[". #"]),
            Err(PositionError::BadCell {
                row: 0,
                col: 1,
                found: ' '
            })
        );
    }

    #[test]
    fn mirrored_arrangements_are_different_positions() {
        // Seed 000, the remark on "specific intersections": rotating or mirroring gives another position.
        let left = Position::from_rows(&["#.", ".."]).unwrap();
        let right = Position::from_rows(&[".#", ".."]).unwrap();
        assert_ne!(left, right);
        assert_ne!(left.zobrist(), right.zobrist());
    }

    #[test]
    fn hash_follows_the_arrangement() {
        let position = Position::from_rows(&["#O.", "..#"]).unwrap();
        let mut rebuilt = Position::empty(Arc::clone(position.shared_board()));
        for point in position.board().points().rev() {
            rebuilt.set(point, position.get(point));
        }
        assert_eq!(rebuilt.zobrist(), position.zobrist());
        assert_eq!(rebuilt, position);
        assert_eq!(position.colors_swapped().colors_swapped(), position);
        assert_eq!(position.colors_swapped().rows(), ["O#.", "..O"]);
    }
}
