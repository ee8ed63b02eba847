//! Diagram fields of a case (NOT-1.3): each kind of diagram accepts its own cells, checked while reading,
//! so that an error points at the cell in the file.

use crate::yaml::located;
use gorules_grammar::{Cell, Diagram};
use serde::{Deserialize, Deserializer};

use std::marker::PhantomData;

/// A kind of diagram: which cells it accepts.
pub trait Kind {
    /// The kind's name in error messages.
    const WHAT: &'static str;
    /// Whether a cell may appear in a diagram of this kind.
    fn accepts(cell: Cell) -> bool;
}

/// A board: `.`, `#`, `O`.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardKind;
impl Kind for BoardKind {
    const WHAT: &'static str = "a board (`.`, `#`, `O`)";
    fn accepts(cell: Cell) -> bool {
        cell.board_point().is_some()
    }
}

/// A labelled board: board cells and labels (`p` excepted: it means pass).
#[derive(Debug, Clone, PartialEq)]
pub struct LabelKind;
impl Kind for LabelKind {
    const WHAT: &'static str = "a labelled board (`.`, `#`, `O`, labels a-z except p)";
    fn accepts(cell: Cell) -> bool {
        cell.board_point().is_some() || matches!(cell, Cell::Label(c) if c != 'p')
    }
}

/// A numbered diagram: board cells and move numbers 1-99.
#[derive(Debug, Clone, PartialEq)]
pub struct NumberedKind;
impl Kind for NumberedKind {
    const WHAT: &'static str = "a numbered diagram (`.`, `#`, `O`, move numbers 1-99)";
    fn accepts(cell: Cell) -> bool {
        cell.board_point().is_some() || matches!(cell, Cell::Number(n) if n >= 1)
    }
}

/// A control map: board cells, `B`, `W`, and `2` for both players.
#[derive(Debug, Clone, PartialEq)]
pub struct ControlKind;
impl Kind for ControlKind {
    const WHAT: &'static str = "a control map (`.`, `#`, `O`, `B`, `W`, `2`)";
    fn accepts(cell: Cell) -> bool {
        cell.board_point().is_some() || matches!(cell, Cell::Mark('B' | 'W') | Cell::Number(2))
    }
}

/// A points map: board cells and numbers of points.
#[derive(Debug, Clone, PartialEq)]
pub struct PointsKind;
impl Kind for PointsKind {
    const WHAT: &'static str = "a points map (`.`, `#`, `O`, numbers)";
    fn accepts(cell: Cell) -> bool {
        cell.board_point().is_some() || matches!(cell, Cell::Number(_))
    }
}

/// CASE-9.2: a status map: `.` on empty points, `A`/`D`/`S` on Black's stones, `a`/`d`/`s` on White's.
#[derive(Debug, Clone, PartialEq)]
pub struct StatusKind;
impl Kind for StatusKind {
    const WHAT: &'static str =
        "a status map (`.`, `A` `D` `S` for Black's stones, `a` `d` `s` for White's)";
    fn accepts(cell: Cell) -> bool {
        matches!(
            cell,
            Cell::Empty | Cell::Mark('A' | 'D' | 'S') | Cell::Label('a' | 'd' | 's')
        )
    }
}

/// CASE-9.3: a territory map: stones that stay, `b`/`w` territory, `B`/`W` eye points that are not territory,
/// `.` dame.
#[derive(Debug, Clone, PartialEq)]
pub struct TerritoryKind;
impl Kind for TerritoryKind {
    const WHAT: &'static str = "a territory map (`#`, `O`, `b`, `w`, `B`, `W`, `.` for dame)";
    fn accepts(cell: Cell) -> bool {
        cell.board_point().is_some()
            || matches!(cell, Cell::Mark('B' | 'W') | Cell::Label('b' | 'w'))
    }
}

/// A diagram of kind `K`, as read from a case.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn<K> {
    diagram: Diagram,
    kind: PhantomData<K>,
}

impl<K: Kind> Drawn<K> {
    /// Checks that every cell of `diagram` is of kind `K`; the error gives the cell's line and column.
    pub fn new(diagram: Diagram) -> Result<Self, String> {
        for ((col, row), cell) in diagram.cells() {
            if !K::accepts(cell) {
                return Err(located(
                    row + 1,
                    col * 2 + 1,
                    &format!("expected {}, found `{}`", K::WHAT, cell.text()),
                ));
            }
        }
        Ok(Drawn {
            diagram,
            kind: PhantomData,
        })
    }

    /// The diagram.
    pub fn diagram(&self) -> &Diagram {
        &self.diagram
    }

    /// (width, height).
    pub fn size(&self) -> (usize, usize) {
        (self.diagram.width(), self.diagram.height())
    }
}

impl<'de, K: Kind> Deserialize<'de> for Drawn<K> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::yaml::parse_str(d, K::WHAT, |text| {
            let diagram =
                Diagram::parse(text).map_err(|e| located(e.line, e.column, &e.message))?;
            Drawn::new(diagram)
        })
    }
}

/// A board diagram.
pub type Board = Drawn<BoardKind>;
/// A labelled board.
pub type Labels = Drawn<LabelKind>;
/// A numbered diagram.
pub type Numbered = Drawn<NumberedKind>;
/// A control map.
pub type ControlMap = Drawn<ControlKind>;
/// A points map.
pub type PointsMap = Drawn<PointsKind>;
/// CASE-9.2: a status map.
pub type StatusMap = Drawn<StatusKind>;
/// CASE-9.3: a territory map.
pub type TerritoryMap = Drawn<TerritoryKind>;
