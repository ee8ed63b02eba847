//! NOT-2: GTP vertices, the textual name of an intersection of a rectangular board.

use crate::error::ParseError;
use crate::parser::{NotationParser, Rule};
use pest::Parser;
use std::fmt;
use std::str::FromStr;

/// The column letters of GTP, `I` left out (NOT-2.2).
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// NOT-2.2: a GTP vertex such as `C3`: a column (0 = `A`) and a row counted from the bottom (1 = bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex {
    column: u8,
    row_from_bottom: u8,
}

impl Vertex {
    /// The largest row number a vertex can name.
    pub const MAX_ROW: u8 = 99;

    /// A vertex from a 0-based column (at most 24) and a 1-based row counted from the bottom.
    pub fn new(column: usize, row_from_bottom: usize) -> Option<Vertex> {
        (column < COLUMNS.len() && (1..=Self::MAX_ROW as usize).contains(&row_from_bottom))
            .then_some(Vertex {
                column: column as u8,
                row_from_bottom: row_from_bottom as u8,
            })
    }

    /// The vertex of (column, row) on a board of `height` rows, row 0 at the top (NOT-2.1).
    pub fn from_col_row(col: usize, row: usize, height: usize) -> Option<Vertex> {
        if row >= height {
            return None;
        }
        Vertex::new(col, height - row)
    }

    /// (column, row) with row 0 at the top, on a board of `height` rows; `None` if off that board.
    pub fn to_col_row(self, height: usize) -> Option<(usize, usize)> {
        let r = self.row_from_bottom as usize;
        (r <= height).then(|| (self.column as usize, height - r))
    }

    /// The 0-based column.
    pub fn column(self) -> usize {
        self.column as usize
    }

    /// The 1-based row, counted from the bottom.
    pub fn row_from_bottom(self) -> usize {
        self.row_from_bottom as usize
    }

    /// Parses a vertex, e.g. `C3` or `c3` (NOT-2.2).
    pub fn parse(text: &str) -> Result<Vertex, ParseError> {
        let pair = NotationParser::parse(Rule::vertex, text)
            .map_err(|e| ParseError::from_pest(text, e))?
            .next();
        let s = pair.map_or("", |p| p.as_str());
        if s.len() != text.len() {
            return Err(ParseError::at_offset(
                text,
                s.len(),
                "expected the end of the vertex",
            ));
        }
        Self::from_token(s)
            .ok_or_else(|| ParseError::new(1, 1, format!("`{text}` is not a vertex")))
    }

    /// Builds a vertex from a token the grammar accepted.
    pub(crate) fn from_token(s: &str) -> Option<Vertex> {
        let mut chars = s.chars();
        let letter = chars.next()?.to_ascii_uppercase() as u8;
        let column = COLUMNS.iter().position(|c| *c == letter)?;
        let row: usize = chars.as_str().parse().ok()?;
        Vertex::new(column, row)
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            COLUMNS[self.column as usize] as char, self.row_from_bottom
        )
    }
}

impl FromStr for Vertex {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Vertex::parse(s)
    }
}
