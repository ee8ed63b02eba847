//! PROTO-2: the words of the commands and their answers: arguments (colours, numbers, counts, vertices, one-line
//! positions) read, and vertices and positions written.

use crate::board::{Board, Point, PointSet};
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use gorules_grammar::gtp::Command;
use gorules_grammar::{OneLine, StoneColor, Vertex};
use std::sync::Arc;

/// PROTO-1: an answer: `Ok(text)` for `=`, `Err(message)` for `?`.
pub(super) type Reply = Result<String, String>;

/// PROTO-2: the message of a command whose arguments are not what it takes.
pub(super) fn syntax(what: &str) -> String {
    format!("syntax error: expected {what}")
}

/// PROTO-1: a word the vocabulary lacks, as a syntax error naming the words it has.
pub(super) fn word_error(e: gorules_vocabulary::UnknownWord) -> String {
    syntax(&e.expected())
}

/// PROTO-3.2: a prisoner count a client sets: at most `u32::MAX`, so that the counts, kept as `u64`, never
/// wrap however many stones are taken afterwards.
pub(super) fn count(s: &str) -> Result<u64, String> {
    number::<u32>(s, "a count of at most 4294967295").map(u64::from)
}

/// PROTO-2: a colour, `b`, `black`, `w` or `white` in any case.
pub(super) fn color(s: &str) -> Result<Color, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(syntax(&format!("a colour (black or white), found `{s}`"))),
    }
}

/// PROTO-2: a number of type `T`, described as `what` in the message if it is not one.
pub(super) fn number<T: std::str::FromStr>(s: &str, what: &str) -> Result<T, String> {
    s.parse()
        .map_err(|_| syntax(&format!("{what}, found `{s}`")))
}

/// PROTO-2.2, NOT-2.2: the widest and tallest board the engine takes, as far as GTP's vertices reach.
pub(super) const MAX_SIDE: usize = 25;

/// NOT-3.1: a one-line position (`X` black, `O` white, `.` empty, rows joined by `/`) the engine takes (at
/// most [`MAX_SIDE`] on each side).
pub(super) fn one_line(s: &str) -> Result<Position, String> {
    let line = OneLine::parse(s).map_err(|e| syntax(&format!("a one-line position: {e}")))?;
    let rows = line.rows();
    let (width, height) = (rows.first().map_or(0, Vec::len), rows.len());
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(format!(
            "a position the engine takes is at most {MAX_SIDE}x{MAX_SIDE} (the GTP vertices, NOT-2.2), found {width}x{height}"
        ));
    }
    let board = Board::rectangle(width, height).map_err(|e| e.to_string())?;
    let cells: Vec<Option<Color>> = rows
        .iter()
        .flatten()
        .map(|p| match p {
            None => None,
            Some(StoneColor::Black) => Some(Color::Black),
            Some(StoneColor::White) => Some(Color::White),
        })
        .collect();
    Position::from_cells(Arc::new(board), &cells).map_err(|e| e.to_string())
}

/// NOT-3.1: the current position on one line.
pub(super) fn line_of(p: &Position) -> String {
    p.rows()
        .iter()
        .map(|r| r.replace('#', "X"))
        .collect::<Vec<_>>()
        .join("/")
}

/// The GTP vertex of a point of a grid board.
pub(super) fn vertex(p: &Position, point: Point) -> String {
    let height = p.board().height().unwrap_or(1);
    p.board()
        .coords(point)
        .and_then(|c| Vertex::from_col_row(c.col, c.row, height))
        .map_or_else(|| point.to_string(), |v| v.to_string())
}

/// The GTP vertices of a set of points, separated by spaces.
pub(super) fn vertices(p: &Position, set: &PointSet) -> String {
    set.iter()
        .map(|pt| vertex(p, pt))
        .collect::<Vec<_>>()
        .join(" ")
}

/// PROTO-2: a move on the board of `p`: a vertex or `pass`.
pub(super) fn parse_move(p: &Position, s: &str) -> Result<Move, String> {
    if s.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    let v = Vertex::parse(s).map_err(|_| syntax(&format!("a vertex or pass, found `{s}`")))?;
    let height = p.board().height().unwrap_or(0);
    v.to_col_row(height)
        .and_then(|(c, r)| p.board().point_at(c, r))
        .map(Move::Play)
        .ok_or_else(|| format!("illegal move: {s} is off the board"))
}

/// PROTO-2: the arguments of `cmd` if there are `n` of them, described as `what` in the message otherwise.
pub(super) fn args<'a>(cmd: &'a Command, n: usize, what: &str) -> Result<&'a [String], String> {
    if cmd.args.len() == n {
        Ok(&cmd.args)
    } else {
        Err(syntax(what))
    }
}
