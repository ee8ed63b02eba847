//! What the runner asks of an engine, in the case format's terms. An engine is reached through an
//! implementation of [`Engine`]: the reference implementation in-process ([`crate::reference`]) or, later, any
//! program over the protocol. The runner compares; the engine decides.

use gorules_cases::j89::ConfirmationLines;
use gorules_cases::model::{Color, Feature, Phase, Prisoners, Reason, Ruleset};
use gorules_cases::moves::Move;
use gorules_grammar::{Cell, Diagram, StoneColor};
use std::collections::BTreeSet;
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
    /// NAJN: whether a cycle ended the game (NAJ-9.1).
    pub no_result: bool,
}

/// What an engine can be asked: its rule features (CASE-5) and the protocol commands it knows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Capabilities {
    /// The rule features it implements.
    pub features: BTreeSet<Feature>,
    /// The commands it knows (`list_commands`).
    pub commands: BTreeSet<String>,
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The engine does not implement what was asked (the check is reported as ignored).
    Unsupported(String),
    /// The engine refused the input (e.g. an illegal move in moves that should be legal).
    Refused(String),
    /// The engine failed (PROTO-7.1): it did not start, exited, closed its output, hung, or wrote something that
    /// is not a response; the check's verdict is then `engine-failed`, whatever a baseline says.
    Failed(String),
    /// The engine answered with a response whose text is not what the command answers (a wrong answer: the check
    /// fails).
    Malformed(String),
    /// A best-play search the check needed ran out of the engine's node limit (PROTO-3.13, SOLVER-1.4); the check
    /// is reported as undecided (PROTO-7.2).
    OutOfReach(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Unsupported(m) => write!(f, "unsupported: {m}"),
            EngineError::Refused(m) => write!(f, "refused: {m}"),
            EngineError::Failed(m) => write!(f, "engine failure: {m}"),
            EngineError::Malformed(m) => write!(f, "malformed answer: {m}"),
            EngineError::OutOfReach(m) => write!(f, "out of reach: {m}"),
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
    /// `Ok` if it accepted the step, otherwise its error text.
    pub answers: Vec<Result<(), String>>,
    /// `gorules-j89-game`'s `stage`: playing, stopped or ended.
    pub stage: String,
    /// Who moves next.
    pub to_move: Option<Color>,
    /// Whether the current position recurs.
    pub recurs: bool,
    /// The prisoners.
    pub prisoners: Prisoners,
    /// `gorules-j89-result`, if it was asked: the result, or the engine's error text.
    pub result: Option<Result<String, String>>,
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

/// An engine under test.
pub trait Engine {
    /// Its name, for reports.
    fn name(&self) -> String;
    /// What it can be asked.
    fn capabilities(&self) -> &Capabilities;
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
}
