//! NOT-3: a position on one line, rows joined by `/`.

use crate::diagram::{Cell, Diagram, StoneColor};
use crate::error::ParseError;
use crate::parser::{NotationParser, Rule};
use pest::Parser;
use std::fmt;
use std::str::FromStr;

/// NOT-3.1: a position written on one line, e.g. `...../XXXXX/OOOOO/..O.X/.....` (Black is `X`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OneLine {
    rows: Vec<Vec<Option<StoneColor>>>,
}

impl OneLine {
    /// Builds it from rows of points (`None` empty); rows must be non-empty and of equal length.
    pub fn from_rows(rows: Vec<Vec<Option<StoneColor>>>) -> Result<OneLine, String> {
        let w = rows.first().map_or(0, Vec::len);
        if w == 0 || rows.iter().any(|r| r.len() != w) {
            return Err("a position needs non-empty rows of equal length".into());
        }
        if w > Diagram::MAX_SIDE || rows.len() > Diagram::MAX_SIDE {
            return Err(format!("a position is at most {0}x{0}", Diagram::MAX_SIDE));
        }
        Ok(OneLine { rows })
    }

    /// Parses the one-line form (NOT-3.1).
    pub fn parse(text: &str) -> Result<OneLine, ParseError> {
        let pairs = NotationParser::parse(Rule::one_line, text)
            .map_err(|e| ParseError::from_pest(text, e))?;
        let mut rows = Vec::new();
        let mut starts = Vec::new();
        for row in pairs.flatten().filter(|p| p.as_rule() == Rule::line_row) {
            starts.push(row.as_span().start());
            rows.push(
                row.into_inner()
                    .map(|p| match p.as_rule() {
                        Rule::black_x => Some(StoneColor::Black),
                        Rule::white => Some(StoneColor::White),
                        _ => None,
                    })
                    .collect::<Vec<_>>(),
            );
        }
        let w = rows.first().map_or(0, Vec::len);
        if let Some(i) = rows.iter().position(|r| r.len() != w) {
            return Err(ParseError::at_offset(
                text,
                starts[i],
                format!(
                    "ragged row: row {} has {} points, row 1 has {w}",
                    i + 1,
                    rows[i].len()
                ),
            ));
        }
        OneLine::from_rows(rows).map_err(|m| ParseError::new(1, 1, m))
    }

    /// Rows of points, top first; `None` is empty.
    pub fn rows(&self) -> &[Vec<Option<StoneColor>>] {
        &self.rows
    }

    /// The same position as a diagram of board cells.
    pub fn to_diagram(&self) -> Diagram {
        let rows = self
            .rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|p| p.map_or(Cell::Empty, Cell::Stone))
                    .collect()
            })
            .collect();
        // Rows were checked to be equal, non-empty and small enough when `self` was built.
        Diagram::from_rows(rows).unwrap_or_else(|_| unreachable!("OneLine rows are valid"))
    }

    /// The position of a diagram whose cells are all board cells; `None` if any is not.
    pub fn from_diagram(d: &Diagram) -> Option<OneLine> {
        let rows = d
            .rows()
            .map(|r| {
                r.iter()
                    .map(|c| c.board_point())
                    .collect::<Option<Vec<_>>>()
            })
            .collect::<Option<Vec<_>>>()?;
        Some(OneLine { rows })
    }
}

impl fmt::Display for OneLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.rows.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for p in r {
                f.write_str(match p {
                    None => ".",
                    Some(StoneColor::Black) => "X",
                    Some(StoneColor::White) => "O",
                })?;
            }
        }
        Ok(())
    }
}

impl FromStr for OneLine {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        OneLine::parse(s)
    }
}
