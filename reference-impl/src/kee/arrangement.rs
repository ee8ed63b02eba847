//! KEE-6 to KEE-8: stones on a board graph, stone units and unoccupied units, and liberties.

use super::player::Player;
use crate::board::{Board, Point, PointSet};
use std::fmt;
use std::sync::Arc;

/// KEE-6: which player's stone, if any, occupies each intersection of a board graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrangement {
    board: Arc<Board>,
    players: u8,
    cells: Vec<Option<Player>>,
}

/// KEE-6: why an arrangement cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArrangementError {
    /// The number of cells differs from the board's intersections.
    WrongSize {
        /// The board's intersections.
        expected: usize,
        /// The cells given.
        found: usize,
    },
    /// A stone belongs to a player beyond the number of players.
    NoSuchPlayer(Player),
    /// A game needs at least two players.
    TooFewPlayers,
}

impl fmt::Display for ArrangementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArrangementError::WrongSize { expected, found } => {
                write!(
                    f,
                    "the board has {expected} intersections, {found} cells were given"
                )
            }
            ArrangementError::NoSuchPlayer(p) => write!(f, "there is no {p} in this game"),
            ArrangementError::TooFewPlayers => f.write_str("a game has at least two players"),
        }
    }
}

impl std::error::Error for ArrangementError {}

/// KEE-8: a stone unit: a player's stones connected through adjacent stones of his, with its liberties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// KEE-8: whose stones.
    pub owner: Player,
    /// KEE-8: the stones.
    pub stones: PointSet,
    /// KEE-7, KEE-8: the unoccupied intersections adjacent to any of them.
    pub liberties: PointSet,
}

impl Arrangement {
    /// KEE-3: the empty board for `players` players.
    pub fn empty(board: Arc<Board>, players: u8) -> Result<Arrangement, ArrangementError> {
        let cells = vec![None; board.len()];
        Arrangement::from_cells(board, players, cells)
    }

    /// KEE-6: an arrangement from one cell per intersection (checked).
    pub fn from_cells(
        board: Arc<Board>,
        players: u8,
        cells: Vec<Option<Player>>,
    ) -> Result<Arrangement, ArrangementError> {
        if players < 2 {
            return Err(ArrangementError::TooFewPlayers);
        }
        if cells.len() != board.len() {
            return Err(ArrangementError::WrongSize {
                expected: board.len(),
                found: cells.len(),
            });
        }
        if let Some(p) = cells.iter().flatten().find(|p| p.0 >= players) {
            return Err(ArrangementError::NoSuchPlayer(*p));
        }
        Ok(Arrangement {
            board,
            players,
            cells,
        })
    }

    /// KEE-1: the board graph.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// KEE-4: the number of players.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// KEE-6: the stone on `point`, if any.
    pub fn get(&self, point: Point) -> Option<Player> {
        self.cells.get(point.index()).copied().flatten()
    }

    /// KEE-6: every cell, in the board's order.
    pub fn cells(&self) -> &[Option<Player>] {
        &self.cells
    }

    pub(super) fn set(&mut self, point: Point, stone: Option<Player>) {
        if let Some(c) = self.cells.get_mut(point.index()) {
            *c = stone;
        }
    }

    /// KEE-8: the stone unit containing the stone on `point`, if there is one.
    pub fn unit_at(&self, point: Point) -> Option<Unit> {
        let owner = self.get(point)?;
        let mut stones = PointSet::empty(&self.board);
        let mut liberties = PointSet::empty(&self.board);
        let mut stack = vec![point];
        stones.insert(point);
        while let Some(p) = stack.pop() {
            for &n in self.board.neighbours(p) {
                match self.get(n) {
                    None => {
                        liberties.insert(n);
                    }
                    Some(o) if o == owner && stones.insert(n) => stack.push(n),
                    Some(_) => {}
                }
            }
        }
        Some(Unit {
            owner,
            stones,
            liberties,
        })
    }

    /// KEE-8: every stone unit on the board.
    pub fn units(&self) -> Vec<Unit> {
        let mut seen = PointSet::empty(&self.board);
        let mut out = Vec::new();
        for p in self.board.points() {
            if self.get(p).is_some() && !seen.contains(p) {
                if let Some(u) = self.unit_at(p) {
                    seen.union_with(&u.stones);
                    out.push(u);
                }
            }
        }
        out
    }

    /// KEE-8: every unoccupied unit (maximal connected set of unoccupied intersections).
    pub fn unoccupied_units(&self) -> Vec<PointSet> {
        let mut seen = PointSet::empty(&self.board);
        let mut out = Vec::new();
        for p in self.board.points() {
            if self.get(p).is_some() || seen.contains(p) {
                continue;
            }
            let mut unit = PointSet::empty(&self.board);
            let mut stack = vec![p];
            unit.insert(p);
            while let Some(q) = stack.pop() {
                for &n in self.board.neighbours(q) {
                    if self.get(n).is_none() && unit.insert(n) {
                        stack.push(n);
                    }
                }
            }
            seen.union_with(&unit);
            out.push(unit);
        }
        out
    }
}
