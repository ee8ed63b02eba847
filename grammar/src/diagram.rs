//! NOT-1: board diagrams as the rules texts draw them, two characters per cell.

use crate::error::ParseError;
use crate::parser::{NotationParser, Rule};
use pest::Parser;
use std::fmt;
use std::str::FromStr;

/// The colour of a stone as a diagram draws it (`#` black, `O` white).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StoneColor {
    /// `#`
    Black,
    /// `O`
    White,
}

/// NOT-1.2: one cell of a diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `.`: an empty intersection.
    Empty,
    /// `#` or `O`: a stone.
    Stone(StoneColor),
    /// `a`..`z`: a label.
    Label(char),
    /// `A`..`Z` except `O`: a mark (`B`, `W`, `P`, ...).
    Mark(char),
    /// `0`..`99`: a move number, a point value, or `2` "both players" in a control map.
    Number(u8),
}

impl Cell {
    /// The cell's text as drawn, without padding.
    pub fn text(self) -> String {
        match self {
            Cell::Empty => ".".into(),
            Cell::Stone(StoneColor::Black) => "#".into(),
            Cell::Stone(StoneColor::White) => "O".into(),
            Cell::Label(c) | Cell::Mark(c) => c.to_string(),
            Cell::Number(n) => n.to_string(),
        }
    }

    /// The stone or emptiness of a board cell; `None` for labels, marks and numbers.
    pub fn board_point(self) -> Option<Option<StoneColor>> {
        match self {
            Cell::Empty => Some(None),
            Cell::Stone(c) => Some(Some(c)),
            _ => None,
        }
    }
}

/// NOT-1.1: a rectangular diagram of cells, top row first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagram {
    width: usize,
    cells: Vec<Cell>,
}

impl Diagram {
    /// The largest width and height a diagram may have (NOT-1.4).
    pub const MAX_SIDE: usize = 52;

    /// Builds a diagram from rows; every row must have the same, non-zero length (NOT-1.1, NOT-1.4).
    pub fn from_rows(rows: Vec<Vec<Cell>>) -> Result<Diagram, String> {
        let width = rows.first().map_or(0, Vec::len);
        if rows.is_empty() || width == 0 {
            return Err("a diagram needs at least one cell".into());
        }
        if width > Self::MAX_SIDE || rows.len() > Self::MAX_SIDE {
            return Err(format!("a diagram is at most {0}x{0}", Self::MAX_SIDE));
        }
        if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
            return Err(format!(
                "row {} has {} cells, row 1 has {width}",
                i + 1,
                r.len()
            ));
        }
        if let Some(n) = rows.iter().flatten().find_map(|c| match c {
            Cell::Number(n) if *n > 99 => Some(*n),
            _ => None,
        }) {
            return Err(format!("number {n} does not fit a two-character cell"));
        }
        Ok(Diagram {
            width,
            cells: rows.into_iter().flatten().collect(),
        })
    }

    /// Parses a diagram (NOT-1). Rows are lines; blank lines at the end are ignored.
    pub fn parse(text: &str) -> Result<Diagram, ParseError> {
        let pairs = NotationParser::parse(Rule::diagram, text)
            .map_err(|e| ParseError::from_pest(text, e))?;
        let mut rows: Vec<(usize, Vec<Cell>)> = Vec::new();
        for row in pairs.flatten().filter(|p| p.as_rule() == Rule::row) {
            let start = row.as_span().start();
            let cells = row
                .into_inner()
                .map(|p| match p.as_rule() {
                    Rule::empty => Cell::Empty,
                    Rule::black => Cell::Stone(StoneColor::Black),
                    Rule::white => Cell::Stone(StoneColor::White),
                    Rule::label => Cell::Label(first_char(p.as_str())),
                    Rule::mark => Cell::Mark(first_char(p.as_str())),
                    // Both number rules match only ASCII digits, one or two of them.
                    _ => Cell::Number(p.as_str().parse().unwrap_or(0)),
                })
                .collect();
            rows.push((start, cells));
        }
        let width = rows.first().map_or(0, |(_, r)| r.len());
        if rows.len() > Self::MAX_SIDE || width > Self::MAX_SIDE {
            return Err(ParseError::new(
                1,
                1,
                format!("a diagram is at most {0}x{0}", Self::MAX_SIDE),
            ));
        }
        for (start, cells) in &rows {
            if cells.len() != width {
                let line_text = text[*start..].lines().next().unwrap_or("");
                let column = line_text.trim_end().chars().count() + 1;
                let at = ParseError::at_offset(text, *start, "");
                return Err(ParseError::new(
                    at.line,
                    column,
                    format!(
                        "ragged row: expected {width} cells as in the first row, found {}",
                        cells.len()
                    ),
                ));
            }
        }
        Ok(Diagram {
            width,
            cells: rows.into_iter().flat_map(|(_, r)| r).collect(),
        })
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.cells.len() / self.width
    }

    /// The cell at (column, row), row 0 at the top (NOT-2.1).
    pub fn get(&self, col: usize, row: usize) -> Option<Cell> {
        (col < self.width && row < self.height()).then(|| self.cells[row * self.width + col])
    }

    /// Rows of cells, top first.
    pub fn rows(&self) -> impl Iterator<Item = &[Cell]> {
        self.cells.chunks(self.width)
    }

    /// Every cell with its (column, row).
    pub fn cells(&self) -> impl Iterator<Item = ((usize, usize), Cell)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, c)| ((i % self.width, i / self.width), *c))
    }
}

fn first_char(s: &str) -> char {
    s.chars().next().unwrap_or(' ')
}

impl fmt::Display for Diagram {
    /// Prints the diagram as drawn: two characters per cell, no padding after the last cell of a row.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, row) in self.rows().enumerate() {
            if r > 0 {
                writeln!(f)?;
            }
            let mut line = String::new();
            for cell in row {
                let t = cell.text();
                line.push_str(&t);
                if t.chars().count() == 1 {
                    line.push(' ');
                }
            }
            write!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

impl FromStr for Diagram {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Diagram::parse(s)
    }
}
