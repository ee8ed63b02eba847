//! CORE-1: boards, intersections and adjacency.
//!
//! A board is a graph: a finite set of intersections and a symmetric adjacency relation. The rectangular grid
//! is one way to build a board; every rule in this crate only asks a board for its intersections and their
//! neighbours, so other graphs work unchanged.

use std::fmt;

/// CORE-1.1: an intersection of a board, named by its index in the board's list of intersections.
///
/// Points are handed out by a [`Board`] ([`Board::points`], [`Board::point_at`], [`Board::point`]); a point
/// only means something together with the board that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u32);

impl Point {
    /// CORE-1.1: the index of this intersection in its board's list of intersections.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub(crate) fn from_u32(index: u32) -> Point {
        Point(index)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// CORE-1.2: the column and row of an intersection of a rectangular grid (row 0 is the top row as drawn,
/// column 0 the left column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coords {
    /// CORE-1.2: the column, counted from the left edge, starting at 0.
    pub col: usize,
    /// CORE-1.2: the row, counted from the top edge as drawn, starting at 0.
    pub row: usize,
}

/// CORE-1.2: the shape of a rectangular grid board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridShape {
    /// CORE-1.2: the number of columns.
    pub width: usize,
    /// CORE-1.2: the number of rows.
    pub height: usize,
}

/// CORE-1.1: why a board cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// CORE-1.1: a board needs at least one intersection.
    NoIntersections,
    /// CORE-1.1: more intersections than this implementation can index.
    TooLarge,
    /// CORE-1.1: a neighbour list names an intersection that does not exist.
    UnknownNeighbour {
        /// The intersection whose list is wrong.
        point: usize,
        /// The index it names.
        neighbour: usize,
    },
    /// CORE-1.1: an intersection is listed as its own neighbour.
    SelfAdjacent {
        /// The intersection.
        point: usize,
    },
    /// CORE-1.1: a neighbour is listed twice.
    DuplicateNeighbour {
        /// The intersection whose list is wrong.
        point: usize,
        /// The repeated neighbour.
        neighbour: usize,
    },
    /// CORE-1.1: adjacency must be symmetric, but `neighbour` does not list `point` back.
    NotSymmetric {
        /// The intersection that lists `neighbour`.
        point: usize,
        /// The intersection that does not list `point`.
        neighbour: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::NoIntersections => write!(f, "a board needs at least one intersection"),
            BoardError::TooLarge => write!(f, "too many intersections"),
            BoardError::UnknownNeighbour { point, neighbour } => {
                write!(
                    f,
                    "intersection {point} lists unknown neighbour {neighbour}"
                )
            }
            BoardError::SelfAdjacent { point } => {
                write!(f, "intersection {point} is adjacent to itself")
            }
            BoardError::DuplicateNeighbour { point, neighbour } => {
                write!(f, "intersection {point} lists neighbour {neighbour} twice")
            }
            BoardError::NotSymmetric { point, neighbour } => {
                write!(
                    f,
                    "intersection {point} lists {neighbour}, which does not list {point}"
                )
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// CORE-1.1: a board, i.e. a finite set of intersections with a symmetric adjacency relation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// `adjacent[offsets[i]..offsets[i + 1]]` are the neighbours of intersection `i`, in ascending order.
    offsets: Vec<usize>,
    adjacent: Vec<Point>,
    grid: Option<GridShape>,
}

/// The largest number of intersections a board may have (far more than any Go board needs).
const MAX_INTERSECTIONS: usize = 1 << 20;

impl Board {
    /// CORE-1.2: the rectangular grid with `width` columns and `height` rows; orthogonal neighbours are adjacent.
    pub fn rectangle(width: usize, height: usize) -> Result<Board, BoardError> {
        if width == 0 || height == 0 {
            return Err(BoardError::NoIntersections);
        }
        let count = width.checked_mul(height).ok_or(BoardError::TooLarge)?;
        if count > MAX_INTERSECTIONS {
            return Err(BoardError::TooLarge);
        }
        let index = |col: usize, row: usize| row * width + col;
        let mut lists = Vec::with_capacity(count);
        for row in 0..height {
            for col in 0..width {
                let mut neighbours = Vec::with_capacity(4);
                if row > 0 {
                    neighbours.push(index(col, row - 1));
                }
                if col > 0 {
                    neighbours.push(index(col - 1, row));
                }
                if col + 1 < width {
                    neighbours.push(index(col + 1, row));
                }
                if row + 1 < height {
                    neighbours.push(index(col, row + 1));
                }
                lists.push(neighbours);
            }
        }
        let mut board = Board::from_neighbour_lists(&lists)?;
        board.grid = Some(GridShape { width, height });
        Ok(board)
    }

    /// CORE-1.1: the board whose intersection `i` is adjacent to the intersections listed in `lists[i]`.
    ///
    /// The lists must describe a symmetric relation without self-adjacency or repeats.
    pub fn from_neighbour_lists(lists: &[Vec<usize>]) -> Result<Board, BoardError> {
        let count = lists.len();
        if count == 0 {
            return Err(BoardError::NoIntersections);
        }
        if count > MAX_INTERSECTIONS {
            return Err(BoardError::TooLarge);
        }
        let mut offsets = Vec::with_capacity(count + 1);
        let mut adjacent = Vec::new();
        offsets.push(0);
        for (point, list) in lists.iter().enumerate() {
            let mut sorted = list.clone();
            sorted.sort_unstable();
            for (k, &neighbour) in sorted.iter().enumerate() {
                if neighbour >= count {
                    return Err(BoardError::UnknownNeighbour { point, neighbour });
                }
                if neighbour == point {
                    return Err(BoardError::SelfAdjacent { point });
                }
                if k > 0 && sorted[k - 1] == neighbour {
                    return Err(BoardError::DuplicateNeighbour { point, neighbour });
                }
                if !lists[neighbour].contains(&point) {
                    return Err(BoardError::NotSymmetric { point, neighbour });
                }
                adjacent.push(Point(neighbour as u32));
            }
            offsets.push(adjacent.len());
        }
        Ok(Board {
            offsets,
            adjacent,
            grid: None,
        })
    }

    /// CORE-1.1: the number of intersections.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// CORE-1.1: always false: a board has at least one intersection.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// CORE-1.1: every intersection, in index order.
    pub fn points(
        &self,
    ) -> impl DoubleEndedIterator<Item = Point> + ExactSizeIterator + Clone + '_ {
        (0..self.len() as u32).map(Point)
    }

    /// CORE-1.1: the intersection with this index, if the board has it.
    pub fn point(&self, index: usize) -> Option<Point> {
        (index < self.len()).then_some(Point(index as u32))
    }

    /// CORE-1.1: whether `point` is an intersection of this board.
    pub fn contains(&self, point: Point) -> bool {
        point.index() < self.len()
    }

    /// CORE-1.1: the intersections adjacent to `point` (empty for a point of another, larger board).
    pub fn neighbours(&self, point: Point) -> &[Point] {
        match (
            self.offsets.get(point.index()),
            self.offsets.get(point.index() + 1),
        ) {
            (Some(&start), Some(&end)) => &self.adjacent[start..end],
            _ => &[],
        }
    }

    /// CORE-1.2: the grid shape, if this board is a rectangular grid.
    pub fn grid(&self) -> Option<GridShape> {
        self.grid
    }

    /// CORE-1.2: the number of columns, if this board is a rectangular grid.
    pub fn width(&self) -> Option<usize> {
        self.grid.map(|grid| grid.width)
    }

    /// CORE-1.2: the number of rows, if this board is a rectangular grid.
    pub fn height(&self) -> Option<usize> {
        self.grid.map(|grid| grid.height)
    }

    /// CORE-1.2: the intersection at column `col` and row `row` (row 0 = top row as drawn) of a grid board.
    pub fn point_at(&self, col: usize, row: usize) -> Option<Point> {
        let grid = self.grid?;
        (col < grid.width && row < grid.height).then(|| Point((row * grid.width + col) as u32))
    }

    /// CORE-1.2: the column and row of `point` on a grid board.
    pub fn coords(&self, point: Point) -> Option<Coords> {
        let grid = self.grid?;
        self.contains(point).then(|| Coords {
            col: point.index() % grid.width,
            row: point.index() / grid.width,
        })
    }
}

/// CORE-1.1: a set of intersections of one board (a bit set; iteration is in index order).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PointSet {
    words: Words,
}

/// The words of a [`PointSet`]: inline for boards of at most `64 * INLINE_WORDS` intersections, so that making
/// and copying such sets allocates nothing (the searches make several for every play); on the heap beyond. A set's
/// capacity decides which, so two sets of one board always use the same kind, and words beyond its capacity
/// stay 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Words {
    Inline { len: u8, words: [u64; INLINE_WORDS] },
    Heap(Vec<u64>),
}

/// How many words a [`PointSet`] keeps inline.
const INLINE_WORDS: usize = 2;

impl Words {
    fn as_slice(&self) -> &[u64] {
        match self {
            Words::Inline { len, words } => &words[..usize::from(*len)],
            Words::Heap(words) => words,
        }
    }

    fn as_mut_slice(&mut self) -> &mut [u64] {
        match self {
            Words::Inline { len, words } => &mut words[..usize::from(*len)],
            Words::Heap(words) => words,
        }
    }
}

impl PointSet {
    /// CORE-1.1: the empty set of intersections of `board`.
    pub fn empty(board: &Board) -> PointSet {
        PointSet::with_capacity(board.len())
    }

    /// CORE-1.1: the empty set of intersections with indices below `capacity`.
    pub(crate) fn with_capacity(capacity: usize) -> PointSet {
        let len = capacity.div_ceil(64);
        let words = match u8::try_from(len) {
            Ok(short) if len <= INLINE_WORDS => Words::Inline {
                len: short,
                words: [0; INLINE_WORDS],
            },
            _ => Words::Heap(vec![0; len]),
        };
        PointSet { words }
    }

    /// CORE-1.1: every intersection of `board`.
    pub fn full(board: &Board) -> PointSet {
        let mut set = PointSet::empty(board);
        set.extend(board.points());
        set
    }

    /// CORE-1.1: whether `point` is in the set.
    pub fn contains(&self, point: Point) -> bool {
        self.words
            .as_slice()
            .get(point.index() / 64)
            .is_some_and(|word| word & (1 << (point.index() % 64)) != 0)
    }

    /// CORE-1.1: adds `point`; returns whether it was new. Points beyond the board's size are ignored.
    pub fn insert(&mut self, point: Point) -> bool {
        match self.words.as_mut_slice().get_mut(point.index() / 64) {
            Some(word) => {
                let bit = 1 << (point.index() % 64);
                let new = *word & bit == 0;
                *word |= bit;
                new
            }
            None => false,
        }
    }

    /// CORE-1.1: removes `point`; returns whether it was present.
    pub fn remove(&mut self, point: Point) -> bool {
        match self.words.as_mut_slice().get_mut(point.index() / 64) {
            Some(word) => {
                let bit = 1 << (point.index() % 64);
                let present = *word & bit != 0;
                *word &= !bit;
                present
            }
            None => false,
        }
    }

    /// CORE-1.1: the number of intersections in the set.
    pub fn len(&self) -> usize {
        self.words
            .as_slice()
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    /// CORE-1.1: whether the set has no intersection.
    pub fn is_empty(&self) -> bool {
        self.words.as_slice().iter().all(|&word| word == 0)
    }

    /// CORE-1.1: the intersections of the set in index order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.words
            .as_slice()
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| {
                let mut rest = word;
                std::iter::from_fn(move || {
                    if rest == 0 {
                        return None;
                    }
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    Some(Point((w * 64) as u32 + bit))
                })
            })
    }

    /// Removes and returns the intersection of the set with the lowest index, if any.
    pub(crate) fn pop_first(&mut self) -> Option<Point> {
        let words = self.words.as_mut_slice();
        let w = words.iter().position(|&word| word != 0)?;
        let bit = words[w].trailing_zeros();
        words[w] &= words[w] - 1;
        Some(Point((w * 64) as u32 + bit))
    }

    /// CORE-1.1: adds every intersection of `other`.
    pub fn union_with(&mut self, other: &PointSet) {
        for (word, &more) in self
            .words
            .as_mut_slice()
            .iter_mut()
            .zip(other.words.as_slice())
        {
            *word |= more;
        }
    }

    /// CORE-1.1: removes every intersection of `other`.
    pub fn subtract(&mut self, other: &PointSet) {
        for (word, &less) in self
            .words
            .as_mut_slice()
            .iter_mut()
            .zip(other.words.as_slice())
        {
            *word &= !less;
        }
    }

    /// CORE-1.1: whether every intersection of this set is in `other`.
    pub fn is_subset(&self, other: &PointSet) -> bool {
        let theirs = other.words.as_slice();
        self.words
            .as_slice()
            .iter()
            .enumerate()
            .all(|(w, &word)| word & !theirs.get(w).copied().unwrap_or(0) == 0)
    }
}

impl Extend<Point> for PointSet {
    fn extend<I: IntoIterator<Item = Point>>(&mut self, points: I) {
        for point in points {
            self.insert(point);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_coordinates_round_trip() {
        let board = Board::rectangle(5, 4).unwrap();
        assert_eq!(
            (board.width(), board.height(), board.len()),
            (Some(5), Some(4), 20)
        );
        for point in board.points() {
            let Coords { col, row } = board.coords(point).unwrap();
            assert_eq!(board.point_at(col, row), Some(point));
        }
        assert_eq!(board.point_at(5, 0), None);
        let corner = board.point_at(0, 0).unwrap();
        assert_eq!(
            board.neighbours(corner),
            &[board.point_at(1, 0).unwrap(), board.point_at(0, 1).unwrap()]
        );
        assert_eq!(board.neighbours(board.point_at(2, 2).unwrap()).len(), 4);
    }

    #[test]
    fn bad_boards_are_refused() {
        assert_eq!(Board::rectangle(0, 3), Err(BoardError::NoIntersections));
        assert_eq!(
            Board::from_neighbour_lists(&[vec![1], vec![]]),
            Err(BoardError::NotSymmetric {
                point: 0,
                neighbour: 1
            })
        );
        assert_eq!(
            Board::from_neighbour_lists(&[vec![0]]),
            Err(BoardError::SelfAdjacent { point: 0 })
        );
        assert_eq!(
            Board::from_neighbour_lists(&[vec![3]]),
            Err(BoardError::UnknownNeighbour {
                point: 0,
                neighbour: 3
            })
        );
        // A triangle is a board too (CORE-1.1): it is not a grid.
        let triangle = Board::from_neighbour_lists(&[vec![1, 2], vec![0, 2], vec![0, 1]]).unwrap();
        assert_eq!(triangle.width(), None);
        assert_eq!(triangle.neighbours(triangle.point(0).unwrap()).len(), 2);
    }

    #[test]
    fn point_sets_behave_like_sets() {
        let board = Board::rectangle(10, 10).unwrap();
        let mut set = PointSet::empty(&board);
        let far = board.point(99).unwrap();
        assert!(set.insert(far));
        assert!(!set.insert(far));
        set.insert(board.point(3).unwrap());
        assert_eq!(
            set.iter().map(Point::index).collect::<Vec<_>>(),
            vec![3, 99]
        );
        assert_eq!(set.len(), 2);
        assert!(set.remove(far));
        assert!(set.is_subset(&PointSet::full(&board)));
    }
}
