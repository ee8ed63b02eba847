//! What the runner asks of an engine, in the case format's terms. An engine is reached through an
//! implementation of [`Engine`]: the reference implementation in-process ([`crate::reference`]) or, later, any
//! program over the protocol. The runner compares; the engine decides.

use gorules_cases::classes::Margin;
use gorules_cases::count::{Amount, Expected, PerColor};
use gorules_cases::j89::{ConfirmationLines, J89Result, J89Stage, Komi, Refusal};
use gorules_cases::kee::{KeeCase, KeeCheck, KeeEndName, KeeReason, KoConditionName, PlayerName};
use gorules_cases::model::{
    Case, Check, Color, CountMethod, DutyKind, EndReason, Feature, ForceQuestion,
    KoIntersectionKind, LineEnd, Phase, Prisoners, Reason, Ruleset,
};
use gorules_cases::moves::Move;
use gorules_grammar::{Cell, Diagram, StoneColor};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// An intersection of a rectangular board: column 0 at the left, row 0 at the top (NOT-2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct At {
    /// Column, from the left.
    pub col: usize,
    /// Row, from the top.
    pub row: usize,
}

/// A position on a rectangular board, as the runner compares it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    points: Vec<Option<StoneColor>>,
}

impl Grid {
    /// The position drawn by a board diagram; `None` if a cell is not a board cell.
    pub fn from_diagram(d: &Diagram) -> Option<Grid> {
        let points = d
            .cells()
            .map(|(_, c)| c.board_point())
            .collect::<Option<Vec<_>>>()?;
        Some(Grid {
            width: d.width(),
            points,
        })
    }

    /// A grid of the given size and points (row by row, top first); `None` if the sizes disagree.
    pub fn new(width: usize, points: Vec<Option<StoneColor>>) -> Option<Grid> {
        (width > 0 && !points.is_empty() && points.len().is_multiple_of(width))
            .then_some(Grid { width, points })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.points.len() / self.width
    }

    /// The point at `at`.
    pub fn get(&self, at: At) -> Option<StoneColor> {
        self.points
            .get(at.row * self.width + at.col)
            .copied()
            .flatten()
    }

    /// Every intersection with its point.
    pub fn points(&self) -> impl Iterator<Item = (At, Option<StoneColor>)> + '_ {
        self.points.iter().enumerate().map(|(i, p)| {
            (
                At {
                    col: i % self.width,
                    row: i / self.width,
                },
                *p,
            )
        })
    }

    /// The grid with only the stones of `color` on `keep` left.
    pub fn keep_only(&self, color: StoneColor, keep: &BTreeSet<At>) -> Grid {
        let points = self
            .points()
            .map(|(at, p)| {
                if p == Some(color) && keep.contains(&at) {
                    p
                } else {
                    None
                }
            })
            .collect();
        Grid {
            width: self.width,
            points,
        }
    }

    /// The grid as a diagram.
    pub fn to_diagram(&self) -> Diagram {
        let rows = self
            .points
            .chunks(self.width)
            .map(|r| {
                r.iter()
                    .map(|p| p.map_or(Cell::Empty, Cell::Stone))
                    .collect()
            })
            .collect();
        Diagram::from_rows(rows)
            .unwrap_or_else(|_| unreachable!("a Grid is rectangular and non-empty"))
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_diagram())
    }
}

/// Where a check's moves start: the case's board, whose turn, prisoners, and how it arose.
#[derive(Debug, Clone)]
pub struct Start {
    /// The ruleset and its options.
    pub ruleset: Ruleset,
    /// The position.
    pub board: Grid,
    /// Whose turn it is in the alternation (default Black).
    pub to_move: Option<Color>,
    /// Prisoners so far.
    pub prisoners: Prisoners,
    /// An earlier position, its prisoners and the moves from it to `board` (CASE-1.4).
    pub history: Option<(Grid, Prisoners, Vec<Move>)>,
}

/// KODEF-6 (PROTO-14): what an engine answered about ko-intersections.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KoIntersectionsAnswer {
    /// The intersections of the region that are ko-intersections of the kind asked.
    Found(BTreeSet<At>),
    /// The search passed its allowance.
    OutOfReach {
        /// Nodes searched.
        nodes: u64,
        /// The limit that stopped it (`nodes`, `time`).
        limit: String,
    },
}

/// KODEF-4.6 (PROTO-14.2): what an engine answered to a forcing question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ForceAnswer {
    /// The answer with the line that explains it.
    Answered {
        /// Yes or no.
        yes: bool,
        /// What the end of the line shows.
        shows: LineEnd,
        /// The line, from the start; the first mover's move first.
        line: Vec<Move>,
    },
    /// The search passed its allowance.
    OutOfReach {
        /// Nodes searched.
        nodes: u64,
        /// The limit that stopped it (`nodes`, `time`).
        limit: String,
    },
}

/// What replaying moves in a phase gave.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayOutcome {
    /// The position after each legal move, in order.
    pub positions: Vec<Grid>,
    /// The first illegal move: its index in the moves and why.
    pub illegal: Option<(usize, Option<Reason>)>,
    /// Whether the phase had ended after the last legal move (`None`: the engine cannot tell).
    pub ended: Option<bool>,
    /// Prisoners after the last legal move.
    pub prisoners: Prisoners,
    /// How the phase ended (PROTO-3.7), if it ended and the engine can tell.
    pub end_reason: Option<EndReason>,
}

/// PROTO-6.3: a board size, columns by rows (`19x19`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BoardSize {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl BoardSize {
    /// The size of a board `width` columns by `height` rows.
    pub fn new(width: usize, height: usize) -> BoardSize {
        BoardSize { width, height }
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl std::str::FromStr for BoardSize {
    type Err = String;

    /// `19` (a square board) or `9x13` (columns by rows), each from 1 to 25 (PROTO-3.1's largest board).
    fn from_str(s: &str) -> Result<BoardSize, String> {
        let side = |w: &str| {
            w.parse::<usize>()
                .ok()
                .filter(|n| (1..=25).contains(n))
                .ok_or_else(|| {
                    format!(
                        "`{s}`: expected a board size such as `19` or `9x13`, each side 1 to 25"
                    )
                })
        };
        match s.split_once('x') {
            Some((w, h)) => Ok(BoardSize::new(side(w)?, side(h)?)),
            None => {
                let n = side(s)?;
                Ok(BoardSize::new(n, n))
            }
        }
    }
}

/// What an engine can be asked: its rule features (CASE-5), the protocol commands it knows and the board sizes
/// it takes (PROTO-6.3).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Capabilities {
    /// The rule features it implements.
    pub features: BTreeSet<Feature>,
    /// The commands it knows (`list_commands`).
    pub commands: BTreeSet<String>,
    /// The only board sizes it takes, as its profile lists them (`None`: any size it does not refuse).
    pub sizes: Option<BTreeSet<BoardSize>>,
    /// Board sizes it refused when asked (`boardsize`, `rectangular_boardsize`).
    pub refused_sizes: BTreeSet<BoardSize>,
}

impl Capabilities {
    /// Whether it knows `command`.
    pub fn knows(&self, command: &str) -> bool {
        self.commands.contains(command)
    }

    /// Whether it speaks the gorules extensions (PROTO-3).
    pub fn extensions(&self) -> bool {
        self.knows("gorules-setup")
    }

    /// PROTO-6.3: whether it takes a board of `size`: listed by its profile (if the profile lists sizes), and
    /// not refused when asked.
    pub fn takes(&self, size: BoardSize) -> bool {
        self.sizes.as_ref().is_none_or(|s| s.contains(&size)) && !self.refused_sizes.contains(&size)
    }

    /// PROTO-6: whether its legality answers name the reason of an illegal move (`gorules-legal`).
    pub fn names_legality_reasons(&self) -> bool {
        self.knows("gorules-legal")
    }
}

/// A legality answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Legality {
    /// Legal.
    Legal,
    /// Illegal, for a reason the engine may or may not name.
    Illegal(Option<Reason>),
}

/// The moves of a whole game or its tail.
#[derive(Debug, Clone, Default)]
pub struct GameMoves {
    /// The alternation's moves; `None`: the board is the final-position.
    pub alternation: Option<Line>,
    /// The black-analysis.
    pub black_analysis: Option<Line>,
    /// The white-analysis.
    pub white_analysis: Option<Line>,
    /// The single analysis (NAJ-9.3).
    pub analysis: Option<Line>,
}

/// The moves of one move-sequence of a game, as a case gives them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Line {
    /// The moves written.
    pub moves: Vec<Move>,
    /// CASE-4.7: the move-sequence goes on at best play after them (`..`, or an analysis not given).
    pub open: bool,
}

/// What one player's side of the analyses gave: his reference position, control and points.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Side {
    /// NAJ-3.5: the reference position.
    pub reference: Option<Grid>,
    /// NAJ-6.1: the intersections he controls.
    pub control: BTreeSet<At>,
    /// NAJ-7.1, NAJ-7.2: his points per intersection of the final-position, row by row.
    pub points: Vec<u8>,
    /// NAJ-7.1, NAJ-7.2: his score.
    pub score: i32,
}

/// What a game gave: positions, control, points and score. A side is `None` where its analysis was not
/// played; the totals need both sides.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GameOutcome {
    /// NAJ-2.4: the final-position (None if the game ended without result).
    pub final_position: Option<Grid>,
    /// NAJ-2.5: prisoners at the end of the alternation.
    pub prisoners: Prisoners,
    /// NAJ-9.1: a cycle ended the game without result.
    pub no_result: bool,
    /// Black's side (the black-analysis, or the single analysis).
    pub black: Option<Side>,
    /// White's side (the white-analysis, or the single analysis).
    pub white: Option<Side>,
    /// NAJ-7.4: Black's prisoners minus White's.
    pub prisoner_difference: i32,
    /// NAJ-7.3: black-score minus white-score, when both sides were played.
    pub board_score: Option<i32>,
    /// NAJ-7.5: the score, when both sides were played.
    pub score: Option<i32>,
}

/// What a best-play question gave (SOLVER-2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BestPlay {
    /// The proven value, a principal variation from where the moves stood, and the nodes searched.
    Value {
        /// The value.
        value: i64,
        /// The moves of best play to the end of the move-sequence.
        principal_variation: Vec<Move>,
        /// Nodes searched.
        nodes: u64,
    },
    /// The engine gave up; the value lies in `low..=high`.
    OutOfReach {
        /// Nodes searched.
        nodes: u64,
        /// Lower bound.
        low: i64,
        /// Upper bound.
        high: i64,
    },
}

/// Why an engine could not answer.
#[derive(Debug, Clone, PartialEq)]
pub enum EngineError {
    /// The engine does not implement what was asked (the check is reported as ignored).
    Unsupported(Unsupported),
    /// The engine refused the input (e.g. an illegal move in moves that should be legal).
    Refused {
        /// What was refused, and the engine's words.
        message: String,
    },
    /// The engine failed (PROTO-7.1): it did not start, exited, closed its output, hung, or wrote something that
    /// is not a response; the check's verdict is then `engine-failed`, whatever a baseline says.
    Failed(Failure),
    /// The engine answered with a response whose text is not what the command answers (a wrong answer: the check
    /// fails).
    Malformed(Malformed),
    /// A best-play search the check needed ran out of the engine's node limit (PROTO-3.13, SOLVER-1.4); the check
    /// is reported as undecided (PROTO-7.2).
    OutOfReach {
        /// The move-sequence whose open end needed the search (`alternation`, `black-analysis`, ...).
        phase: String,
        /// Nodes searched.
        nodes: u64,
        /// Lower bound.
        low: i64,
        /// Upper bound.
        high: i64,
    },
}

impl EngineError {
    /// A refusal.
    pub fn refused(message: impl Into<String>) -> EngineError {
        EngineError::Refused {
            message: message.into(),
        }
    }

    /// The message without the kind's prefix (`refused: `, `malformed answer: `, ...).
    pub fn detail(&self) -> String {
        match self {
            EngineError::Unsupported(u) => u.to_string(),
            EngineError::Refused { message } => message.clone(),
            EngineError::Failed(f) => f.to_string(),
            EngineError::Malformed(m) => m.to_string(),
            EngineError::OutOfReach {
                phase,
                nodes,
                low,
                high,
            } => format!(
                "the best play needed to finish the {phase} (out of reach: {low}..={high} after {nodes} nodes)"
            ),
        }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self {
            EngineError::Unsupported(_) => "unsupported",
            EngineError::Refused { .. } => "refused",
            EngineError::Failed(_) => "engine failure",
            EngineError::Malformed(_) => "malformed answer",
            EngineError::OutOfReach { .. } => "out of reach",
        };
        write!(f, "{kind}: {}", self.detail())
    }
}

impl From<Failure> for EngineError {
    fn from(f: Failure) -> EngineError {
        EngineError::Failed(f)
    }
}

impl From<Malformed> for EngineError {
    fn from(m: Malformed) -> EngineError {
        EngineError::Malformed(m)
    }
}

/// What an engine without the extensions cannot be asked (PROTO-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsupported {
    /// A ruleset other than core (and a Japanese 1989 stop position): no `gorules-ruleset`.
    Rulesets,
    /// A board that is not square: no `rectangular_boardsize`.
    RectangularBoards,
    /// NAJ-9.4's `j2003` option: the protocol has no word for it.
    NajJ2003,
    /// PROTO-6.3: a board size the engine refused (`boardsize`, `rectangular_boardsize`) or its profile does not
    /// list.
    BoardSize(BoardSize),
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Unsupported::BoardSize(size) = self {
            return write!(f, "board size {size}");
        }
        f.write_str(match self {
            Unsupported::BoardSize(_) => "",
            Unsupported::Rulesets => "rulesets other than core (no gorules-ruleset)",
            Unsupported::RectangularBoards => "rectangular boards (no rectangular_boardsize)",
            Unsupported::NajJ2003 => "the protocol has no naj option for `j2003` (NAJ-9.4)",
        })
    }
}

/// How an engine's process ended, as far as the runner could tell (PROTO-7.1).
#[derive(Debug, Clone, PartialEq)]
pub enum Ended {
    /// It exited with this status.
    Exited(i32),
    /// A signal killed it.
    Killed(i32),
    /// It ended some other way (the system's words).
    Otherwise(String),
    /// It had not exited this many seconds after closing its output.
    StillRunning(f64),
    /// The in-process engine's thread stopped.
    InProcessStopped,
}

impl fmt::Display for Ended {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ended::Exited(code) => write!(f, "exited with status {code}"),
            Ended::Killed(signal) => write!(f, "killed by signal {signal}"),
            Ended::Otherwise(status) => write!(f, "ended ({status})"),
            Ended::StillRunning(s) => write!(f, "it had not exited {s:.1} s later"),
            Ended::InProcessStopped => f.write_str("the in-process engine stopped"),
        }
    }
}

/// PROTO-7.1: how an engine failed; each names the command it was answering (as sent, with its id).
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// It could not be started (the system's or the launcher's words).
    NotStarted {
        /// Why.
        why: String,
    },
    /// It closed its input before the command could be sent.
    InputClosed {
        /// The command.
        command: String,
        /// How it ended.
        ended: Ended,
    },
    /// It closed its output (exited, crashed) while answering.
    OutputClosed {
        /// The command.
        command: String,
        /// How it ended.
        ended: Ended,
    },
    /// No answer within the command's timeout.
    Timeout {
        /// The command.
        command: String,
        /// The timeout.
        seconds: f64,
    },
    /// A line longer than the framing allows.
    LineTooLong {
        /// The command.
        command: String,
        /// The longest line allowed, in bytes.
        limit: usize,
    },
    /// A line that is not UTF-8.
    NotUtf8 {
        /// The command.
        command: String,
        /// The offset of the first invalid byte.
        offset: usize,
    },
    /// A response longer than the runner reads.
    ResponseTooLong {
        /// The command.
        command: String,
        /// The longest response allowed, in bytes.
        limit: usize,
    },
    /// Something that is not a response.
    Garbage {
        /// The command.
        command: String,
        /// The start of what it wrote.
        excerpt: String,
    },
    /// A response with another command's id.
    WrongId {
        /// The command.
        command: String,
        /// The id it answered with.
        got: u64,
        /// The command's id.
        sent: u64,
    },
    /// The connection had failed before this command.
    AlreadyFailed(Box<Failure>),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::NotStarted { why } => f.write_str(why),
            Failure::InputClosed { command, ended } => write!(
                f,
                "cannot send `{command}`: the engine closed its input: {ended}"
            ),
            Failure::OutputClosed { command, ended } => {
                write!(f, "closed its output while answering `{command}`: {ended}")
            }
            Failure::Timeout { command, seconds } => {
                write!(f, "no answer to `{command}` within {seconds:.1} s")
            }
            Failure::LineTooLong { command, limit } => write!(
                f,
                "wrote a line longer than {limit} bytes while answering `{command}`"
            ),
            Failure::NotUtf8 { command, offset } => write!(
                f,
                "wrote a line that is not UTF-8 (an invalid byte at offset {offset}) while answering `{command}`"
            ),
            Failure::ResponseTooLong { command, limit } => write!(
                f,
                "wrote more than {limit} bytes without ending its answer to `{command}`"
            ),
            Failure::Garbage { command, excerpt } => {
                write!(f, "answered `{command}` with garbage: {excerpt}")
            }
            Failure::WrongId { command, got, sent } => {
                write!(f, "answered `{command}` with the id {got}, not {sent}")
            }
            Failure::AlreadyFailed(why) => write!(f, "the engine had already failed: {why}"),
        }
    }
}

/// An answer the runner cannot read, though the engine kept to the protocol: a wrong answer, so the check fails
/// (not an engine failure, PROTO-7.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Malformed {
    /// `COMMAND answered `ANSWER`` (and what it should have answered, if said).
    Answer {
        /// The command.
        command: String,
        /// Its answer.
        answer: String,
        /// What it answers, if the message says.
        expected: Option<String>,
    },
    /// `COMMAND: expected EXPECTED, found `FOUND``: a word of the answer.
    Word {
        /// The command.
        command: String,
        /// What was expected.
        expected: String,
        /// The word found.
        found: String,
    },
    /// `COMMAND: FIELD `VALUE``: a field whose value cannot be read.
    Field {
        /// The command.
        command: String,
        /// The field (`to_move`, `prisoners`, `not a colour:`).
        field: String,
        /// Its value.
        value: String,
    },
    /// `COMMAND: score `VALUE` is not a number`.
    NotANumber {
        /// The command.
        command: String,
        /// The value.
        value: String,
    },
    /// `COMMAND: no FIELD`.
    NoField {
        /// The command.
        command: String,
        /// The field.
        field: String,
    },
    /// A position that is not a one-line position (NOT-3).
    NotAPosition {
        /// The answer.
        answer: String,
        /// Why it does not read.
        error: String,
    },
    /// An empty position or board.
    Empty {
        /// `position` or `board`.
        what: &'static str,
    },
    /// A word that is not a vertex.
    NotAVertex {
        /// The word.
        word: String,
    },
    /// A column beyond the board.
    OffTheBoard {
        /// The command.
        command: String,
        /// The column.
        col: usize,
        /// The board's width.
        width: usize,
    },
    /// A principal variation's word that is not a move, or a vertex off the board.
    NotAMove {
        /// The word.
        word: String,
        /// Whether it is a vertex off the board (else not a move at all).
        off_board: bool,
    },
    /// A command the runner needs answered with `=` answered `?`.
    Refused {
        /// The command and its arguments.
        command: String,
        /// The engine's words.
        text: String,
    },
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Malformed::Answer {
                command,
                answer,
                expected: None,
            } => write!(f, "{command} answered `{answer}`"),
            Malformed::Answer {
                command,
                answer,
                expected: Some(e),
            } => write!(f, "{command} answered `{answer}`, expected {e}"),
            Malformed::Word {
                command,
                expected,
                found,
            } => write!(f, "{command}: expected {expected}, found `{found}`"),
            Malformed::Field {
                command,
                field,
                value,
            } => write!(f, "{command}: {field} `{value}`"),
            Malformed::NotANumber { command, value } => {
                write!(f, "{command}: score `{value}` is not a number")
            }
            Malformed::NoField { command, field } => write!(f, "{command}: no {field}"),
            Malformed::NotAPosition { answer, error } => {
                write!(f, "not a one-line position `{answer}`: {error}")
            }
            Malformed::Empty { what } => write!(f, "an empty {what}"),
            Malformed::NotAVertex { word } => write!(f, "not a vertex: `{word}`"),
            Malformed::OffTheBoard {
                command,
                col,
                width,
            } => write!(f, "{command} names column {col} on a board {width} wide"),
            Malformed::NotAMove {
                word,
                off_board: false,
            } => write!(f, "not a move in a principal variation: `{word}`"),
            Malformed::NotAMove {
                word,
                off_board: true,
            } => write!(f, "{word} is off the board"),
            Malformed::Refused { command, text } => write!(f, "{command} failed: {text}"),
        }
    }
}

/// What an engine said of something, read into the case format's terms where it could be (`value`), with its
/// words for messages (`text`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said<T> {
    /// What it said, if the runner could read it.
    pub value: Option<T>,
    /// Its words.
    pub text: String,
}

impl<T> Said<T> {
    /// Words read with `read`.
    pub fn read(text: &str, read: impl FnOnce(&str) -> Option<T>) -> Said<T> {
        Said {
            value: read(text),
            text: text.to_string(),
        }
    }
}

/// J89-7, J89-8.3: the stones an engine reports alive (not in seki), dead and in seki (`final_status_list`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Statuses {
    /// Alive, not in seki.
    pub alive: BTreeSet<At>,
    /// Dead.
    pub dead: BTreeSet<At>,
    /// Alive in seki.
    pub seki: BTreeSet<At>,
}

/// J89-8, J89-10: what an engine reports of territory (PROTO-10.3).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TerritoryOutcome {
    /// Each player's territory (Black first).
    pub territory: [BTreeSet<At>; 2],
    /// Each player's eye points that are not territory.
    pub eye_points: [BTreeSet<At>; 2],
    /// The dame.
    pub dame: BTreeSet<At>,
    /// The dead stones each player removes (Black first: White's stones Black removes).
    pub removed: [BTreeSet<At>; 2],
    /// Black's territory and prisoners minus White's.
    pub score: i64,
}

/// CASE-12, PROTO-13: what a count asks: the method, the komi and, for fill-in, the stones off the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountRequest {
    /// COUNT-2 to COUNT-8: the method.
    pub method: CountMethod,
    /// COUNT-1.2: the komi.
    pub komi: Amount,
    /// COUNT-7.1: each player's stones off the board (fill-in only).
    pub off_board: Option<PerColor>,
}

/// CASE-12, PROTO-13.1: the numbers an engine reported of a count, each read as the case writes it, keyed as
/// it answered them (`black`, `half_board`, `margin`, ...).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CountOutcome {
    /// The numbers, by key.
    pub values: BTreeMap<String, Expected>,
}

/// CASE-9.4: one step of a Japanese 1989 game, as the runner asks it of an engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum J89Action {
    /// A move the game must accept.
    Play(Move),
    /// A move the game must refuse.
    Refused(Move),
    /// J89-9.3: the player asks to resume.
    Resume(Color),
    /// J89-11.1: the player resigns.
    Resign(Color),
    /// J89-12.1: both players agree on no result.
    AgreeNoResult,
    /// J89-9.2, J89-R9: a stone placed by agreement during the stop.
    Fill(Move),
    /// J89-13.1, J89-R4: the players do not agree that the stopped game has ended.
    Disagree,
}

impl J89Action {
    /// Whether the case expects the engine to accept this step.
    pub fn accepted(self) -> bool {
        !matches!(self, J89Action::Refused(_))
    }
}

/// CASE-9.4: what became of a Japanese 1989 game (PROTO-11).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct J89GameOutcome {
    /// The engine's answer to each step, in order, up to the first that was not as the case expects:
    /// `Ok` if it accepted the step, otherwise the reason it gave (PROTO-11).
    pub answers: Vec<Result<(), Said<Refusal>>>,
    /// The stage: playing, stopped or ended.
    pub stage: Said<J89Stage>,
    /// Who moves next.
    pub to_move: Option<Color>,
    /// Whether the current position recurs.
    pub recurs: bool,
    /// The prisoners.
    pub prisoners: Prisoners,
    /// The result, if it was asked, or the engine's error text.
    pub result: Option<Result<Said<J89Result>, String>>,
    /// `gorules-j89-effective-moves`, if it was asked: each player's effective moves (Black's first), or the
    /// engine's error text.
    pub effective_moves: Option<Result<[BTreeSet<At>; 2], String>>,
}

/// CASE-9.4: what a game check asks at the end besides the game's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct J89Queries {
    /// `gorules-j89-result`.
    pub result: bool,
    /// `gorules-j89-effective-moves`.
    pub effective_moves: bool,
}

/// SCORE-2 to SCORE-4, CASE-11.1: the moves of a game under a rule class: to the stop (agreement area) or the
/// end, the strings removed by agreement at the stop (one point of each), and the moves after.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ClassGame {
    /// The moves from the start.
    pub moves: Vec<Move>,
    /// SCORE-4.3: a point of each string removed by agreement after `moves`.
    pub removals: Vec<At>,
    /// SCORE-4.4: the moves after the removals.
    pub then: Vec<Move>,
}

/// CASE-11.1: what a game under a rule class gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassGameOutcome {
    /// PROTO-3.7, PROTO-12.2: the stage after each move played (`no`, `stopped`, `passes`, as `gorules-state`
    /// says `ended=`), `moves` and `then` in one count.
    pub stages: Vec<String>,
    /// The first move the engine refused: its index (`moves` and `then` in one count) and what it said.
    pub refused: Option<(usize, String)>,
    /// SCORE-4.3: the engine's refusal of the agreed removals, if it refused them.
    pub removal_refused: Option<String>,
    /// The position at the end.
    pub position: Grid,
    /// SCORE-2.1, SCORE-3.1: Black's and White's scores (`gorules-class-score`).
    pub scores: Said<(u64, u64)>,
    /// SCORE-1.5: GTP `final_score`.
    pub result: Said<Margin>,
}

/// An engine under test.
pub trait Engine {
    /// Its name, for reports.
    fn name(&self) -> String;
    /// What it can be asked.
    fn capabilities(&self) -> &Capabilities;
    /// PROTO-6: the protocol commands it lacks to be asked `check` of `case` (none for an engine that can be
    /// asked everything).
    fn lacks(&self, case: &Case, check: &Check) -> Vec<String>;
    /// Replays `moves` in `phase` from `start`, stopping at the first illegal move.
    fn replay(
        &mut self,
        start: &Start,
        phase: Phase,
        moves: &[Move],
    ) -> Result<ReplayOutcome, EngineError>;
    /// After `after` (all legal) in `phase` from `start`: is `mv` legal?
    fn legality(
        &mut self,
        start: &Start,
        phase: Phase,
        after: &[Move],
        mv: Move,
    ) -> Result<Legality, EngineError>;
    /// The intersections holding immortal stones of `color` in `board` (NAJ-5).
    fn immortal(
        &mut self,
        start: &Start,
        board: &Grid,
        color: Color,
    ) -> Result<BTreeSet<At>, EngineError>;
    /// The intersections `color` controls, given his reference position (NAJ-6).
    fn control(
        &mut self,
        start: &Start,
        reference: &Grid,
        color: Color,
    ) -> Result<BTreeSet<At>, EngineError>;
    /// Plays a game or its tail and scores it (NAJ-1 to NAJ-7).
    fn game(&mut self, start: &Start, moves: &GameMoves) -> Result<GameOutcome, EngineError>;
    /// KODEF-6 (PROTO-14): which intersections of `asked` (part of `region`, where plays are restricted to) are
    /// ko-intersections of `kind` in `start`'s board, with `start`'s player to move and Black's `komi` for the
    /// global kind.
    fn ko_intersections(
        &mut self,
        start: &Start,
        kind: KoIntersectionKind,
        komi: Option<Komi>,
        region: &BTreeSet<At>,
        asked: &BTreeSet<At>,
    ) -> Result<KoIntersectionsAnswer, EngineError>;
    /// KODEF-4.6 (PROTO-14.3): the engine's reason why `point` is, or is not, a ko-intersection of `kind` as
    /// [`Engine::ko_intersections`] asks it (its witness and explaining line), as text for a report; `None` when
    /// the engine has no such command or gives no reason.
    fn ko_witness(
        &mut self,
        _start: &Start,
        _kind: KoIntersectionKind,
        _komi: Option<Komi>,
        _region: &BTreeSet<At>,
        _point: At,
    ) -> Result<Option<String>, EngineError> {
        Ok(None)
    }
    /// KODEF-4.6 (PROTO-14.2): the forcing `question` from `start`'s board, its player to move moving first, plays
    /// restricted to `region`, with the `duty` (Black's `komi` for the global one).
    fn force(
        &mut self,
        start: &Start,
        question: ForceQuestion,
        duty: DutyKind,
        komi: Option<Komi>,
        region: &BTreeSet<At>,
    ) -> Result<ForceAnswer, EngineError>;
    /// J89-7, J89-8.3: the statuses of the stones of `start`'s board as a stop position (under J89-R2
    /// `as-played`, decided by the `played` confirmations).
    fn statuses(
        &mut self,
        start: &Start,
        played: Option<&ConfirmationLines>,
    ) -> Result<Statuses, EngineError>;
    /// J89-8, J89-10: territory, dame, removal and score of `start`'s board as a stop position.
    fn territory(
        &mut self,
        start: &Start,
        played: Option<&ConfirmationLines>,
    ) -> Result<TerritoryOutcome, EngineError>;
    /// J89-9 to J89-14: a game from `start` through `actions`, then its state (and its result if `result`).
    fn j89_game(
        &mut self,
        start: &Start,
        actions: &[J89Action],
        queries: J89Queries,
    ) -> Result<J89GameOutcome, EngineError>;
    /// After `after` (all legal) in `phase` from `start`: the value under perfect play (SOLVER-2).
    fn best_play(
        &mut self,
        start: &Start,
        phase: Phase,
        after: &[Move],
    ) -> Result<BestPlay, EngineError>;
    /// SCORE-2 to SCORE-4 (CASE-11.1): a game under the rule class of `start` played through `game`.
    fn class_game(
        &mut self,
        start: &Start,
        game: &ClassGame,
    ) -> Result<ClassGameOutcome, EngineError>;
    /// CASE-11.2: GTP `final_score` after `after` (all legal) in the alternation from `start`.
    fn final_score(&mut self, start: &Start, after: &[Move]) -> Result<Said<Margin>, EngineError>;
    /// COUNT, PROTO-13: `start`'s board counted as a final position by the request's method.
    fn count(&mut self, start: &Start, request: &CountRequest)
        -> Result<CountOutcome, EngineError>;
}

/// PROTO-9.4: what an engine made of a Kee play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeePlayed {
    /// It made the play.
    Made(KeeMade),
    /// It refused the play, with the reason it gave (`illegal REASON`).
    Refused(Said<KeeReason>),
}

/// PROTO-9.4: what a play the engine made did: each field as the engine said it, `None` if it did not.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KeeMade {
    /// KEE-5: whether it enclosed an enemy unit.
    pub enclosing: Option<Said<bool>>,
    /// KEE-6: whether it was suicidal.
    pub suicidal: Option<Said<bool>>,
    /// The intersections it emptied (empty if not said).
    pub removed: BTreeSet<String>,
    /// KEE-10: the ko prohibition it set: on which player, by which condition.
    pub prohibited: Option<Said<(PlayerName, KoConditionName)>>,
    /// The engine's words, for messages.
    pub text: String,
}

/// PROTO-9.6: the state of a Kee game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KeeState {
    /// How the game ended, if it has (`None`: not said).
    pub end: Option<Said<KeeEndName>>,
    /// Who plays next (`None`: not said).
    pub to_play: Option<Said<PlayerName>>,
}

/// PROTO-9.7: the points of each player, and the ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeePoints {
    /// Points by player name, as the engine said them.
    pub points: BTreeMap<String, Said<u32>>,
    /// The ranking, best first: groups of tied players (`black,white red`), as the engine said it.
    pub ranking: Said<Vec<Vec<PlayerName>>>,
}

/// PROTO-9.8: a Kee value search's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeeValue {
    /// The value, with the nodes searched and the line of best play (as the engine wrote it).
    Value {
        /// The value.
        value: i32,
        /// Nodes searched.
        nodes: u64,
        /// The line.
        line: String,
    },
    /// PROTO-7.2: out of reach: the bounds the engine proved (if it gave them), the nodes it visited and the
    /// limit that stopped it (PROTO-3.15), if it said and it is not the node limit.
    OutOfReach {
        /// `(low, high)`.
        bounds: Option<(i32, i32)>,
        /// Nodes searched.
        nodes: u64,
        /// The limit that stopped the search, if not the node limit (`time`, `depth`).
        limit: Option<String>,
    },
}

/// A Kee engine (PROTO-9): a session of commands on one Kee game.
pub trait KeeEngine {
    /// What it can be asked.
    fn capabilities(&self) -> &Capabilities;
    /// PROTO-9: the Kee commands it lacks to be asked `check`.
    fn kee_lacks(&self, check: &KeeCheck) -> Vec<String>;
    /// PROTO-9.1..9.3: the case's rules, board and position, `first` to play.
    fn kee_set_up(&mut self, case: &KeeCase, first: PlayerName) -> Result<(), EngineError>;
    /// PROTO-9.4: a play (an intersection's name, `pass` or `refresh`, NOT-7.1), by whoever is to play.
    fn kee_play(&mut self, play: &str) -> Result<KeePlayed, EngineError>;
    /// PROTO-9.5: the stones on the board: the player on each occupied intersection, by name.
    fn kee_position(&mut self) -> Result<BTreeMap<String, Said<PlayerName>>, EngineError>;
    /// PROTO-9.6: the game's state.
    fn kee_state(&mut self) -> Result<KeeState, EngineError>;
    /// PROTO-9.7: points and ranking.
    fn kee_points(&mut self) -> Result<KeePoints, EngineError>;
    /// PROTO-9.8: the value under best play from the current state.
    fn kee_value(&mut self) -> Result<KeeValue, EngineError>;
}
