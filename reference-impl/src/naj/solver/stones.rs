//! SOLVER-5.1: the solver's compact positions: the board as bit masks, and plays computed on them.
//!
//! A [`Stones`] is a position of a board of at most 128 intersections, one bit per intersection and colour. It
//! says the same as a [`Position`] and is converted to and from one at the edges; [`Geometry::play`] is
//! [`apply_play`](crate::moves::apply_play) without suicide, on masks (the tests check that they agree).

use std::sync::Arc;

use crate::board::{Board, Point};
use crate::color::Color;
use crate::position::Position;

/// SOLVER-5.1: a set of intersections as a bit mask (bit `i` is the intersection with index `i`).
pub(crate) type Mask = u128;

/// SOLVER-5.1: the largest board the solver accepts.
pub(crate) const MAX_POINTS: usize = Mask::BITS as usize;

/// SOLVER-5.1: a position as two masks, the black stones and the white stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Stones {
    /// The intersections holding a black stone.
    pub black: Mask,
    /// The intersections holding a white stone.
    pub white: Mask,
}

impl Stones {
    /// The stones of `color`.
    pub fn of(&self, color: Color) -> Mask {
        match color {
            Color::White => self.white,
            _ => self.black,
        }
    }

    /// SOLVER-3.10: these intersections (on which stones were lost) and those on which a stone of `before` is
    /// missing in `after`.
    pub fn losing(&self, before: &Stones, after: &Stones) -> Stones {
        Stones {
            black: self.black | (before.black & !after.black),
            white: self.white | (before.white & !after.white),
        }
    }

    /// SOLVER-3.10: these intersections with those on which a stone of each colour was placed between `before` and
    /// `after`.
    pub fn placing(&self, before: &Stones, after: &Stones) -> Stones {
        Stones {
            black: self.black | (after.black & !before.black),
            white: self.white | (after.white & !before.white),
        }
    }

    /// The intersections holding a stone.
    pub fn occupied(&self) -> Mask {
        self.black | self.white
    }

    /// A 64-bit fingerprint of the arrangement (equal positions, equal fingerprints; never used for equality).
    pub fn fingerprint(&self) -> u64 {
        let parts = [
            self.black as u64,
            (self.black >> 64) as u64,
            self.white as u64,
            (self.white >> 64) as u64,
        ];
        parts
            .iter()
            .fold(0x5EED_u64, |h, &part| mix(h ^ mix(part)).rotate_left(17))
    }

    /// The stones with `own` as `color`'s and `other` as his opponent's.
    pub fn with(self, color: Color, own: Mask, other: Mask) -> Stones {
        match color {
            Color::White => Stones {
                black: other,
                white: own,
            },
            _ => Stones {
                black: own,
                white: other,
            },
        }
    }
}

/// SOLVER-5.1: what a play did: the position after it and how many stones it removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Played {
    /// The position after the play.
    pub after: Stones,
    /// The number of opponent stones removed (CORE-5.3).
    pub captured: u32,
}

/// SOLVER-5.1: the board's adjacency as masks, and the board itself for converting back to positions.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    board: Arc<Board>,
    neighbours: Arc<[Mask]>,
    all: Mask,
    isolated: Mask,
    /// On a rectangular grid numbered row by row, its width and the masks of its first and last columns, with
    /// which [`Geometry::around`] shifts instead of looking up each intersection's neighbours.
    grid: Option<Grid>,
}

/// SOLVER-5.1: a rectangular grid numbered row by row: adjacency is a shift by one (within a row) or by the width.
#[derive(Clone, Copy, Debug)]
struct Grid {
    width: u32,
    not_first_column: Mask,
    not_last_column: Mask,
    /// Whether the grid has at most 64 intersections and fewer than 64 columns: then its masks fit in a `u64`,
    /// and sets are grown in one machine word.
    word: bool,
}

impl Grid {
    /// The intersections of `all` adjacent to some intersection of `set`.
    fn around(self, set: Mask, all: Mask) -> Mask {
        if self.word {
            return Mask::from(self.around64(set as u64)) & all;
        }
        let across = ((set << 1) & self.not_first_column) | ((set >> 1) & self.not_last_column);
        (across | set.checked_shl(self.width).unwrap_or(0) | (set >> self.width)) & all
    }

    /// [`Grid::around`] in one word (`self.word`), not yet cut to the board: bits beyond its last intersection may
    /// be set.
    fn around64(self, set: u64) -> u64 {
        ((set << 1) & self.not_first_column as u64)
            | ((set >> 1) & self.not_last_column as u64)
            | (set << self.width)
            | (set >> self.width)
    }

    /// CORE-4.1: [`Geometry::string`] in one word (`self.word`).
    fn string64(self, stones: u64, index: usize) -> Mask {
        let mut string = 1u64 << index;
        let mut frontier = string;
        while frontier != 0 {
            let grown = self.around64(frontier) & stones & !string;
            string |= grown;
            frontier = grown;
        }
        Mask::from(string)
    }

    /// The grid of `width` columns, if it gives every intersection exactly the `neighbours` the board gives it
    /// (checked, so that a board numbered otherwise keeps its table).
    fn of(width: usize, neighbours: &[Mask], all: Mask) -> Option<Grid> {
        let width = u32::try_from(width)
            .ok()
            .filter(|&w| w > 0 && w < Mask::BITS)?;
        let column = |c: u32| {
            (0..neighbours.len())
                .filter(|&i| i as u32 % width == c)
                .fold(0, |m, i| m | bit(i))
        };
        let grid = Grid {
            width,
            not_first_column: all & !column(0),
            not_last_column: all & !column(width - 1),
            word: all >> 64 == 0 && width < 64,
        };
        (0..neighbours.len())
            .all(|index| grid.around(bit(index), all) == neighbours[index])
            .then_some(grid)
    }
}

impl Geometry {
    /// The geometry of `board`, or `None` if it has more than [`MAX_POINTS`] intersections.
    pub fn new(board: &Arc<Board>) -> Option<Geometry> {
        if board.len() > MAX_POINTS {
            return None;
        }
        let neighbours: Vec<Mask> = board
            .points()
            .map(|point| {
                board
                    .neighbours(point)
                    .iter()
                    .fold(0, |mask, n| mask | bit(n.index()))
            })
            .collect();
        let all = (0..board.len()).fold(0, |mask, index| mask | bit(index));
        let isolated = (0..board.len())
            .filter(|&index| neighbours[index] == 0)
            .fold(0, |mask, index| mask | bit(index));
        let grid = board
            .width()
            .and_then(|width| Grid::of(width, &neighbours, all));
        Some(Geometry {
            board: Arc::clone(board),
            neighbours: neighbours.into(),
            all,
            isolated,
            grid,
        })
    }

    /// Each intersection's neighbours, by index (shared by every copy of the geometry).
    pub fn neighbours(&self) -> &Arc<[Mask]> {
        &self.neighbours
    }

    /// Every intersection of the board.
    pub fn all(&self) -> Mask {
        self.all
    }

    /// The intersections without neighbours (only on graph boards), which both players control vacuously
    /// (NAJ-6.1).
    pub fn isolated(&self) -> Mask {
        self.isolated
    }

    /// The intersections adjacent to intersection `index`.
    pub fn neighbours_of(&self, index: usize) -> Mask {
        self.neighbours[index]
    }

    /// The intersections adjacent to some intersection of `set` (possibly inside `set`).
    pub fn around(&self, set: Mask) -> Mask {
        match self.grid {
            Some(grid) => grid.around(set, self.all),
            None => points_of(set).fold(0, |mask, index| mask | self.neighbours[index]),
        }
    }

    /// CORE-4.1: the string of `stones` that contains intersection `index` (which must be in `stones`).
    pub fn string(&self, stones: Mask, index: usize) -> Mask {
        match self.grid {
            // SOLVER-5.1: on a grid of at most 64 intersections, in one machine word.
            Some(grid) if grid.word => grid.string64(stones as u64, index),
            _ => self.string_by_around(stones, index),
        }
    }

    /// [`Geometry::string`] by [`Geometry::around`].
    fn string_by_around(&self, stones: Mask, index: usize) -> Mask {
        let mut string = bit(index);
        let mut frontier = string;
        while frontier != 0 {
            let grown = self.around(frontier) & stones & !string;
            string |= grown;
            frontier = grown;
        }
        string
    }

    /// CORE-4.1: the strings of `stones` that hold an intersection of `through`, each once, in the order of their
    /// first such intersection.
    pub fn strings_through(&self, stones: Mask, through: Mask) -> impl Iterator<Item = Mask> + '_ {
        let mut rest = through & stones;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let string = self.string(stones, rest.trailing_zeros() as usize);
            rest &= !string;
            Some(string)
        })
    }

    /// NAJ-5.2: the pass-alive stones of `owner` in `position` by Benson's algorithm on masks, step for step as
    /// [`pass_alive`](crate::naj::immortal::benson::pass_alive) does it on a `Position` (the tests compare them): a
    /// region (a maximal connected set of intersections without `owner`'s stones) is vital to a string if it has
    /// an empty intersection and every one of them is a liberty of the string; strings with fewer than two vital
    /// regions kept are dropped, then the regions next to a dropped string, until nothing changes.
    pub fn pass_alive(&self, position: &Stones, owner: Color) -> Mask {
        let own = position.of(owner);
        let empty = self.all & !position.occupied();
        let strings: Vec<Mask> = self.strings_through(own, own).collect();
        let regions: Vec<Mask> = self.strings_through(self.all & !own, self.all).collect();
        // Bit r of `vital[s]`: region r is vital to string s; bit s of `bordering[r]`: string s is next to region r.
        let vital: Vec<u128> = strings
            .iter()
            .map(|&string| {
                let liberties = self.around(string) & empty;
                regions.iter().enumerate().fold(0, |set, (r, &region)| {
                    let open = region & empty;
                    if open != 0 && open & !liberties == 0 {
                        set | 1 << r
                    } else {
                        set
                    }
                })
            })
            .collect();
        let bordering: Vec<u128> = regions
            .iter()
            .map(|&region| {
                let next = self.around(region);
                strings.iter().enumerate().fold(0, |set, (s, &string)| {
                    if next & string != 0 {
                        set | 1 << s
                    } else {
                        set
                    }
                })
            })
            .collect();
        let mut strings_kept: u128 = (0..strings.len()).fold(0, |set, s| set | 1 << s);
        let mut regions_kept: u128 = (0..regions.len()).fold(0, |set, r| set | 1 << r);
        loop {
            let mut changed = false;
            for (s, &vital) in vital.iter().enumerate() {
                if strings_kept & 1 << s != 0 && (vital & regions_kept).count_ones() < 2 {
                    strings_kept &= !(1 << s);
                    changed = true;
                }
            }
            for (r, &bordering) in bordering.iter().enumerate() {
                if regions_kept & 1 << r != 0 && bordering & !strings_kept != 0 {
                    regions_kept &= !(1 << r);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        strings
            .iter()
            .enumerate()
            .filter(|(s, _)| strings_kept & 1 << s != 0)
            .fold(0, |alive, (_, &string)| alive | string)
    }

    /// CORE-4.2: whether the string `string` has a liberty in `position`.
    pub fn has_liberty(&self, position: &Stones, string: Mask) -> bool {
        self.around(string) & !position.occupied() & self.all != 0
    }

    /// CORE-5: a play of `color` on intersection `index` with suicide prohibited: `None` if the intersection is
    /// occupied or the play is suicide; otherwise the position after capture.
    pub fn play(&self, position: &Stones, color: Color, index: usize) -> Option<Played> {
        let point = bit(index);
        if position.occupied() & point != 0 {
            return None;
        }
        let own = position.of(color) | point;
        let mut other = position.of(color.opponent());
        let mut captured = 0;
        let mut after = position.with(color, own, other);
        let mut unseen = self.neighbours[index] & other;
        while unseen != 0 {
            let neighbour = unseen.trailing_zeros() as usize;
            // A stone with a liberty of its own gives its string one: no need to find the string.
            if self.has_liberty(&after, bit(neighbour)) {
                unseen &= !bit(neighbour);
                continue;
            }
            let string = self.string(other, neighbour);
            unseen &= !string;
            if !self.has_liberty(&after, string) {
                other &= !string;
                captured += string.count_ones();
                after = after.with(color, own, other);
            }
        }
        // Likewise the played stone.
        if !self.has_liberty(&after, point) && !self.has_liberty(&after, self.string(own, index)) {
            return None;
        }
        Some(Played { after, captured })
    }

    /// CORE-3.1: the masks of `position` (which must be on this board).
    pub fn stones_of(&self, position: &Position) -> Stones {
        let mut stones = Stones::default();
        for point in position.board().points() {
            match position.get(point) {
                Some(Color::Black) => stones.black |= bit(point.index()),
                Some(_) => stones.white |= bit(point.index()),
                None => {}
            }
        }
        stones
    }

    /// CORE-3.1: the position these masks describe (the tests compare the solver's rules with the reference's on
    /// it).
    #[cfg(test)]
    pub fn position_of(&self, stones: &Stones) -> Position {
        let cells: Vec<Option<Color>> = (0..self.board.len())
            .map(|index| {
                if stones.black & bit(index) != 0 {
                    Some(Color::Black)
                } else if stones.white & bit(index) != 0 {
                    Some(Color::White)
                } else {
                    None
                }
            })
            .collect();
        Position::from_cells(Arc::clone(&self.board), &cells)
            .unwrap_or_else(|_| unreachable!("one cell per intersection of the board"))
    }

    /// The intersection with index `index` of this board.
    pub fn point(&self, index: usize) -> Point {
        self.board
            .point(index)
            .unwrap_or_else(|| unreachable!("indices come from this board"))
    }

    /// CORE-4.2: whether every string of `position` has a liberty (true of every position reached by play).
    pub fn every_string_has_liberty(&self, position: &Stones) -> bool {
        Color::ALL.iter().all(|&color| {
            let stones = position.of(color);
            self.strings_through(stones, stones)
                .all(|string| self.has_liberty(position, string))
        })
    }
}

/// The mask with only intersection `index`.
pub(crate) fn bit(index: usize) -> Mask {
    1 << index
}

/// The indices of the intersections in `mask`, in increasing order.
pub(crate) fn points_of(mut mask: Mask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let index = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            index
        })
    })
}

/// How many positions a cache of recent lookups holds (a power of two): small enough to stay in the processor's
/// cache, in front of a map of a million positions that does not.
pub(crate) const RECENT: usize = 1 << 12;

/// The slot of `position` in a cache of [`RECENT`] positions: one multiply on a hot path, where
/// [`Stones::fingerprint`] mixes four times.
pub(crate) fn recent_slot(position: &Stones) -> usize {
    let folded = (position.black as u64)
        ^ ((position.black >> 64) as u64).rotate_left(21)
        ^ (position.white as u64).rotate_left(42)
        ^ ((position.white >> 64) as u64).rotate_left(7);
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - RECENT.trailing_zeros())) as usize
}

/// A 64-bit mixing step (splitmix64's finaliser), for the solver's fingerprints and hashes.
pub(crate) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// NAJ-7.1, NAJ-7.2: `player`'s points for the intersections in `controls`, looked up in `final_position`.
pub(crate) fn points(final_position: &Stones, all: Mask, player: Color, controls: Mask) -> i64 {
    let empty = all & !final_position.occupied();
    let opponent = final_position.of(player.opponent());
    i64::from((controls & empty).count_ones()) + 2 * i64::from((controls & opponent).count_ones())
}

pub(crate) use crate::fast_hash::{FastBuild, FastMap};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naj::immortal::benson;
    use proptest::prelude::*;

    /// A raw random position of a `width` x `height` board: cell values 0 and 1 are black stones, 2 and 3 white
    /// ones, others empty (strings without liberties included).
    fn raw_position(width: usize, height: usize, cells: &[u8]) -> (Geometry, Stones, Position) {
        let board = Arc::new(Board::rectangle(width, height).expect("a board"));
        let geometry = Geometry::new(&board).expect("at most 128 intersections");
        let mut stones = Stones::default();
        for (index, cell) in cells.iter().enumerate().take(board.len()) {
            match cell {
                0 | 1 => stones.black |= bit(index),
                2 | 3 => stones.white |= bit(index),
                _ => {}
            }
        }
        let position = geometry.position_of(&stones);
        (geometry, stones, position)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// CORE-5, SOLVER-5.1: a play on masks gives the position, the captures and the suicide verdict of the
        /// reference's `apply_play`, for either colour on every intersection of random positions of boards from
        /// 1x1 to 11x11 (strings without liberties included: raw random positions).
        #[test]
        fn plays_on_masks_agree_with_the_reference(
            width in 1usize..=11,
            height in 1usize..=11,
            cells in proptest::collection::vec(0u8..5, 121),
        ) {
            let (geometry, stones, position) = raw_position(width, height, &cells);
            for color in [Color::Black, Color::White] {
                for index in 0..position.board().len() {
                    let reference = crate::moves::apply_play(
                        &position,
                        color,
                        geometry.point(index),
                        crate::moves::SuicideRule::Prohibited,
                    )
                    .ok()
                    .map(|effect| (geometry.stones_of(&effect.position), effect.captured.len() as u32));
                    let masks = geometry.play(&stones, color, index).map(|p| (p.after, p.captured));
                    prop_assert_eq!(masks, reference, "{:?} at {}", color, index);
                }
            }
        }

        /// SOLVER-5.1: on every rectangle of at most 128 intersections the shifts give the neighbours of any set
        /// of intersections exactly as the board's neighbour lists do.
        #[test]
        fn around_by_shifts_agrees_with_the_neighbour_lists(
            width in 1usize..=16,
            height in 1usize..=8,
            set in any::<u128>(),
        ) {
            let board = Arc::new(Board::rectangle(width, height).expect("a board"));
            let geometry = Geometry::new(&board).expect("at most 128 intersections");
            prop_assert!(geometry.grid.is_some());
            let set = set & geometry.all();
            let by_lists = points_of(set).fold(0, |mask, index| mask | geometry.neighbours_of(index));
            prop_assert_eq!(geometry.around(set), by_lists);
        }

        /// CORE-4.1, SOLVER-5.1: the string through an intersection, grown in one machine word (grids of at most
        /// 64 intersections) or by shifts of the whole mask, is the one grown by the board's neighbour lists.
        #[test]
        fn strings_by_shifts_agree_with_the_neighbour_lists(
            width in 1usize..=16,
            height in 1usize..=8,
            set in any::<u128>(),
            start in 0usize..128,
        ) {
            let board = Arc::new(Board::rectangle(width, height).expect("a board"));
            let geometry = Geometry::new(&board).expect("at most 128 intersections");
            let index = start % board.len();
            let stones = (set & geometry.all()) | bit(index);
            let mut by_lists = bit(index);
            loop {
                let grown = points_of(by_lists)
                    .fold(by_lists, |mask, i| mask | (geometry.neighbours_of(i) & stones));
                if grown == by_lists {
                    break;
                }
                by_lists = grown;
            }
            prop_assert_eq!(geometry.string(stones, index), by_lists);
        }

        /// NAJ-5.2, SOLVER-5.1: Benson's algorithm on masks finds the stones the reference's finds, for either
        /// owner, on random positions of boards from 1x1 to 11x11 (every string given a chance to have no
        /// liberty too: raw random positions).
        #[test]
        fn pass_alive_on_masks_agrees_with_the_reference(
            width in 1usize..=11,
            height in 1usize..=11,
            cells in proptest::collection::vec(0u8..5, 121),
        ) {
            let (geometry, stones, position) = raw_position(width, height, &cells);
            for owner in [Color::Black, Color::White] {
                let reference = benson::pass_alive(&position, owner)
                    .iter()
                    .fold(0, |mask, point| mask | bit(point.index()));
                prop_assert_eq!(geometry.pass_alive(&stones, owner), reference);
            }
        }
    }

    /// SOLVER-5.1: a graph board (here a triangle) has no grid, and its neighbours come from its lists.
    #[test]
    fn a_graph_board_keeps_its_neighbour_lists() {
        let board =
            Board::from_neighbour_lists(&[vec![1, 2], vec![0, 2], vec![0, 1]]).expect("a triangle");
        let geometry = Geometry::new(&Arc::new(board)).expect("three intersections");
        assert!(geometry.grid.is_none());
        assert_eq!(geometry.around(bit(0)), bit(1) | bit(2));
        assert_eq!(geometry.around(bit(1) | bit(2)), 0b111);
    }
}
