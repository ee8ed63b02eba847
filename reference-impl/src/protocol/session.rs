//! PROTO-2, PROTO-3: the commands, and the state they act on: a ruleset and the current move-sequence.

use crate::allowance::Deadline;
use crate::board::{Board, Point, PointSet};
use crate::color::{ByColor, Color};
use crate::illegal::Illegal;
use crate::ko::{KoRule, KoRules};
use crate::moves::{Move, SuicideRule};
use crate::naj::control::control_with;
use crate::naj::game::{Analyses, Analysis};
use crate::naj::score::{player_score, score, Points};
use crate::naj::solver::{self, Limits, Solved};
use crate::position::Position;
use crate::rules::Ruleset;
use crate::sequence::Sequence;
use gorules_grammar::gtp::Command;
use gorules_grammar::{OneLine, StoneColor, Vertex};
use gorules_vocabulary::{self as vocabulary, Feature, Phase, RulesetName};
use std::sync::Arc;
use std::time::Duration;

mod j89;

/// PROTO-3.7: whether the current move-sequence has ended, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    No,
    Passes,
    NoResult,
}

#[derive(Debug, Clone)]
struct Current {
    phase: Phase,
    sequence: Sequence,
    base_prisoners: ByColor<u64>,
    ended: Ended,
}

/// PROTO: an engine session: the ruleset and the current move-sequence.
#[derive(Debug, Clone)]
pub struct Session {
    ruleset: Ruleset,
    current: Current,
    /// PROTO-9: the Kee game, made at the first Kee command.
    kee: Option<super::kee::KeeSession>,
    /// PROTO-10, PROTO-11: the Japanese 1989 game and its readings, when that ruleset is chosen.
    j89: Option<j89::J89Session>,
    /// PROTO-3.15: the wall-clock allowance of each command that searches.
    time_limit: Duration,
}

/// PROTO-2, PROTO-3, PROTO-9: the commands this engine knows besides those of the Japanese 1989 Rules
/// ([`j89::J89_COMMANDS`]).
const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "rectangular_boardsize",
    "clear_board",
    "komi",
    "play",
    "undo",
    "is_legal",
    "list_stones",
    "captures",
    "set_position",
    "gorules-features",
    "gorules-ruleset",
    "gorules-setup",
    "gorules-legal",
    "gorules-position",
    "gorules-state",
    "gorules-prisoners",
    "gorules-immortal",
    "gorules-control",
    "gorules-points",
    "gorules-score",
    "gorules-best-play",
    "gorules-time-limit",
    "gorules-kee-rules",
    "gorules-kee-board",
    "gorules-kee-setup",
    "gorules-kee-play",
    "gorules-kee-state",
    "gorules-kee-position",
    "gorules-kee-points",
    "gorules-kee-value",
];

/// CASE-5: the rule features this engine implements (every feature of the vocabulary but `j2003`).
const FEATURES: &[Feature] = &[
    Feature::Capture,
    Feature::SuicideProhibited,
    Feature::SuicideAllowed,
    Feature::BasicKo,
    Feature::FixedKo,
    Feature::SimpleKo,
    Feature::PositionalSuperko,
    Feature::SituationalSuperko,
    Feature::NajAlternation,
    Feature::NajAnalysis,
    Feature::NajImmortal,
    Feature::NajControl,
    Feature::NajScore,
    Feature::NajTwoPassAnalysis,
    Feature::NajSingleAnalysis,
    Feature::NajnNoResult,
    Feature::NajBestPlay,
    Feature::Kee,
    Feature::KeeSuicideAllowed,
    Feature::KeeSingleUnitGroups,
    Feature::KeeTerritory,
    Feature::KeeNoRefreshingPasses,
    Feature::KeeKoPlayerAllPasses,
    Feature::KeeSolver,
    Feature::J89Confirmation,
    Feature::J89Territory,
    Feature::J89Game,
    Feature::J89Article13,
];
// `naj-best-play` is claimed: `gorules-best-play` answers a proven value, or `out-of-reach` with proven bounds
// when its node limit runs out (SOLVER-1.4); the runner reports the latter as undecided (PROTO-7.2).

type Reply = Result<String, String>;

fn syntax(what: &str) -> String {
    format!("syntax error: expected {what}")
}

/// PROTO-1: a word the vocabulary lacks, as a syntax error naming the words it has.
fn word_error(e: vocabulary::UnknownWord) -> String {
    syntax(&e.expected())
}

fn empty_current(width: usize, height: usize) -> Result<Current, String> {
    let board = Board::rectangle(width, height).map_err(|e| e.to_string())?;
    Ok(Current::new(
        Phase::Alternation,
        Position::empty(Arc::new(board)),
        Color::Black,
        &Ruleset::naj(),
    ))
}

impl Current {
    fn new(phase: Phase, start: Position, first: Color, ruleset: &Ruleset) -> Current {
        Current {
            phase,
            sequence: Sequence::new(start, first, ruleset.sequence_rules()),
            base_prisoners: ByColor::from_fn(|_| 0),
            ended: Ended::No,
        }
    }

    fn position(&self) -> &Position {
        self.sequence.position()
    }

    fn prisoners(&self) -> ByColor<u64> {
        let played = self.sequence.prisoners();
        ByColor::from_fn(|c| self.base_prisoners[c] + played[c])
    }
}

impl Default for Session {
    fn default() -> Session {
        let current =
            empty_current(19, 19).unwrap_or_else(|_| unreachable!("19x19 is a valid board"));
        Session {
            ruleset: Ruleset::naj(),
            current,
            kee: None,
            j89: None,
            time_limit: super::DEFAULT_TIME_LIMIT,
        }
    }
}

/// PROTO-3.2: a prisoner count a client sets: at most `u32::MAX`, so that the counts, kept as `u64`, never
/// wrap however many stones are taken afterwards.
fn count(s: &str) -> Result<u64, String> {
    number::<u32>(s, "a count of at most 4294967295").map(u64::from)
}

fn color(s: &str) -> Result<Color, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(syntax(&format!("a colour (black or white), found `{s}`"))),
    }
}

fn number<T: std::str::FromStr>(s: &str, what: &str) -> Result<T, String> {
    s.parse()
        .map_err(|_| syntax(&format!("{what}, found `{s}`")))
}

/// PROTO-2.2, NOT-2.2: the widest and tallest board the engine takes, as far as GTP's vertices reach.
const MAX_SIDE: usize = 25;

/// NOT-3.1: a one-line position (`X` black, `O` white, `.` empty, rows joined by `/`) the engine takes (at
/// most [`MAX_SIDE`] on each side).
fn one_line(s: &str) -> Result<Position, String> {
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
fn line_of(p: &Position) -> String {
    p.rows()
        .iter()
        .map(|r| r.replace('#', "X"))
        .collect::<Vec<_>>()
        .join("/")
}

/// The GTP vertex of a point of a grid board.
fn vertex(p: &Position, point: Point) -> String {
    let height = p.board().height().unwrap_or(1);
    p.board()
        .coords(point)
        .and_then(|c| Vertex::from_col_row(c.col, c.row, height))
        .map_or_else(|| point.to_string(), |v| v.to_string())
}

fn vertices(p: &Position, set: &PointSet) -> String {
    set.iter()
        .map(|pt| vertex(p, pt))
        .collect::<Vec<_>>()
        .join(" ")
}

fn parse_move(p: &Position, s: &str) -> Result<Move, String> {
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

fn args<'a>(cmd: &'a Command, n: usize, what: &str) -> Result<&'a [String], String> {
    if cmd.args.len() == n {
        Ok(&cmd.args)
    } else {
        Err(syntax(what))
    }
}

impl Session {
    /// PROTO-8: a session whose starting ruleset is given by command-line flags: `--ruleset naj|core`, then for
    /// core `--ko RULE,RULE` and `--suicide prohibited|allowed` (what a GTP-only client cannot choose).
    pub fn from_args(args: &[String]) -> Result<Session, String> {
        let mut session = Session::default();
        let mut ruleset: Vec<String> = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = || {
                it.next()
                    .cloned()
                    .ok_or_else(|| format!("{a} needs a value"))
            };
            match a.as_str() {
                "--ruleset" => ruleset.insert(0, value()?),
                "--ko" => ruleset.push(format!("ko={}", value()?)),
                "--suicide" => ruleset.push(format!("suicide={}", value()?)),
                other => {
                    return Err(format!(
                        "unknown option `{other}` (--ruleset, --ko, --suicide)"
                    ))
                }
            }
        }
        if !ruleset.is_empty() {
            if ruleset[0].contains('=') {
                ruleset.insert(0, "core".into());
            }
            session.choose_ruleset(&ruleset)?;
        }
        Ok(session)
    }

    /// PROTO: executes one command: `Ok(result)` for `=`, `Err(message)` for `?`.
    pub fn execute(&mut self, cmd: &Command) -> Reply {
        if let Some(reply) = self.execute_j89(cmd) {
            return reply;
        }
        let reply = self.execute_common(cmd);
        // PROTO-10: a command that sets up a position starts the Japanese 1989 game again from it.
        const SETS_UP: &[&str] = &[
            "boardsize",
            "rectangular_boardsize",
            "clear_board",
            "set_position",
            "gorules-setup",
        ];
        if reply.is_ok() && SETS_UP.contains(&cmd.name.as_str()) {
            self.restart_j89();
        }
        reply
    }

    fn execute_common(&mut self, cmd: &Command) -> Reply {
        match cmd.name.as_str() {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("gorules-engine".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                let a = args(cmd, 1, "a command name")?;
                let name = a[0].as_str();
                Ok((COMMANDS.contains(&name) || j89::J89_COMMANDS.contains(&name)).to_string())
            }
            "list_commands" => Ok(COMMANDS
                .iter()
                .chain(j89::J89_COMMANDS)
                .copied()
                .collect::<Vec<_>>()
                .join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => {
                let a = args(cmd, 1, "a board size")?;
                let n: usize = number(&a[0], "a board size")?;
                self.resize(n, n)
            }
            "rectangular_boardsize" => {
                let a = args(cmd, 2, "a width and a height")?;
                self.resize(number(&a[0], "a width")?, number(&a[1], "a height")?)
            }
            "clear_board" => {
                let b = self.current.position().shared_board().clone();
                self.current = Current::new(
                    Phase::Alternation,
                    Position::empty(b),
                    Color::Black,
                    &self.ruleset,
                );
                Ok(String::new())
            }
            "komi" => {
                let a = args(cmd, 1, "komi")?;
                self.ruleset.naj.komi = number::<Points>(&a[0], "komi")?;
                Ok(String::new())
            }
            "play" => {
                let a = args(cmd, 2, "a colour and a vertex")?;
                self.play(color(&a[0])?, &a[1])
            }
            "undo" => self.undo(),
            "is_legal" => {
                let a = args(cmd, 2, "a colour and a vertex")?;
                Ok(if self.legality(color(&a[0])?, &a[1])?.is_ok() {
                    "1"
                } else {
                    "0"
                }
                .into())
            }
            "gorules-legal" => {
                let a = args(cmd, 2, "a colour and a vertex")?;
                Ok(match self.legality(color(&a[0])?, &a[1])? {
                    Ok(()) => "legal".into(),
                    Err(why) => format!("illegal {why}"),
                })
            }
            "list_stones" => {
                let a = args(cmd, 1, "a colour")?;
                let p = self.current.position();
                Ok(vertices(p, &p.stones(color(&a[0])?)))
            }
            "captures" => {
                let a = args(cmd, 1, "a colour")?;
                Ok(self.current.prisoners()[color(&a[0])?].to_string())
            }
            "set_position" => self.set_position(&cmd.args),
            "gorules-features" => Ok(FEATURES
                .iter()
                .map(|f| f.name())
                .collect::<Vec<_>>()
                .join(" ")),
            "gorules-ruleset" => self.choose_ruleset(&cmd.args),
            "gorules-setup" => self.setup(&cmd.args),
            "gorules-position" => Ok(line_of(self.current.position())),
            "gorules-state" => Ok(self.state()),
            "gorules-prisoners" => match cmd.args.as_slice() {
                [] => {
                    let p = self.current.prisoners();
                    Ok(format!("{} {}", p[Color::Black], p[Color::White]))
                }
                [b, w] => {
                    let set = [count(b)?, count(w)?];
                    let played = self.current.sequence.prisoners();
                    if played[Color::Black] > set[0] || played[Color::White] > set[1] {
                        return Err("the move-sequence has already taken more prisoners".into());
                    }
                    self.current.base_prisoners = ByColor::from_fn(|c| set[c.index()] - played[c]);
                    Ok(String::new())
                }
                _ => Err(syntax("no arguments, or two counts")),
            },
            "gorules-immortal" => {
                let a = args(cmd, 1, "a colour")?;
                let p = self.current.position();
                Ok(vertices(
                    p,
                    &self
                        .ruleset
                        .naj
                        .immortality
                        .immortal_stones(p, color(&a[0])?),
                ))
            }
            "gorules-control" => {
                let a = args(cmd, 1, "a colour")?;
                let p = self.current.position();
                Ok(vertices(
                    p,
                    &control_with(p, color(&a[0])?, self.ruleset.naj.immortality),
                ))
            }
            "gorules-points" => {
                let a = args(cmd, 2, "a colour and a final-position")?;
                self.points(color(&a[0])?, &a[1])
            }
            "gorules-score" => {
                let a = args(
                    cmd,
                    5,
                    "a final-position, two reference positions and two prisoner counts",
                )?;
                self.score(a)
            }
            "gorules-best-play" => {
                let max_nodes = match cmd.args.as_slice() {
                    [] => Limits::default().max_nodes,
                    [n] => number(n, "a node limit")?,
                    _ => return Err(syntax("an optional node limit")),
                };
                self.best_play(Limits {
                    max_nodes,
                    deadline: Deadline::after(self.time_limit),
                })
            }
            "gorules-time-limit" => {
                let a = args(cmd, 1, "seconds")?;
                self.time_limit = super::time_limit(&a[0])?;
                Ok(String::new())
            }
            k if k.starts_with("gorules-kee-") && COMMANDS.contains(&k) => {
                if self.kee.is_none() {
                    self.kee = Some(super::kee::KeeSession::new()?);
                }
                match self.kee.as_mut() {
                    Some(kee) => kee.execute(k, &cmd.args, self.time_limit),
                    None => Err("no Kee session".into()),
                }
            }
            _ => Err("unknown command".into()),
        }
    }

    /// PROTO-3.13: the value of the current move-sequence under perfect play from where it stands (SOLVER-2).
    fn best_play(&self, limits: Limits) -> Reply {
        let cur = &self.current;
        let start = &cur.sequence.positions()[0];
        let played: Vec<Move> = cur.sequence.moves().iter().map(|m| m.mv).collect();
        let analysis = |a| solver::analysis_value_after(&self.ruleset, start, a, &played, limits);
        let solved = match cur.phase {
            Phase::Alternation => {
                let first = cur.sequence.to_move_at(0);
                solver::alternation_value_after(
                    &self.ruleset,
                    start,
                    first,
                    cur.base_prisoners,
                    &played,
                    limits,
                )
            }
            Phase::BlackAnalysis => analysis(Analysis::Black),
            Phase::WhiteAnalysis => analysis(Analysis::White),
            Phase::Analysis => analysis(Analysis::Single),
            Phase::Sequence => return Err("best play needs the alternation or an analysis".into()),
        };
        match solved.map_err(|e| e.to_string())? {
            Solved::Value {
                value,
                principal_variation,
                nodes,
            } => {
                let p = cur.position();
                let pv: Vec<String> = principal_variation
                    .iter()
                    .map(|m| match m {
                        Move::Pass => "pass".to_string(),
                        Move::Play(pt) => vertex(p, *pt),
                    })
                    .collect();
                Ok(format!("value={value} nodes={nodes} pv={}", pv.join(",")))
            }
            Solved::OutOfReach { nodes, bounds } => Ok(format!(
                "out-of-reach nodes={nodes} low={} high={} limit={}",
                bounds.0,
                bounds.1,
                super::limit_hit(nodes, limits.max_nodes, limits.deadline)
            )),
        }
    }

    fn resize(&mut self, width: usize, height: usize) -> Reply {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err("unacceptable size".into());
        }
        self.current = empty_current(width, height)?;
        self.current.sequence = Sequence::new(
            self.current.position().clone(),
            Color::Black,
            self.ruleset.sequence_rules(),
        );
        Ok(String::new())
    }

    fn end_passes(&self, phase: Phase) -> Option<usize> {
        match phase {
            Phase::Alternation => Some(2),
            Phase::BlackAnalysis | Phase::WhiteAnalysis | Phase::Analysis => {
                Some(usize::from(self.ruleset.naj.analysis_end_passes))
            }
            Phase::Sequence => None,
        }
    }

    /// PROTO-3.4: before the first move of a move-sequence outside the analyses, either colour may move
    /// first; the sequence is then started again with that colour to move. Afterwards the players alternate.
    fn first_mover_may_be(&self, c: Color) -> Option<Current> {
        let cur = &self.current;
        let free = matches!(cur.phase, Phase::Alternation | Phase::Sequence)
            && cur.sequence.moves().is_empty();
        (free && c != cur.sequence.to_move()).then(|| Current {
            sequence: Sequence::new(cur.position().clone(), c, self.ruleset.sequence_rules()),
            ..cur.clone()
        })
    }

    fn legality(&self, c: Color, v: &str) -> Result<Result<(), String>, String> {
        let mv = parse_move(self.current.position(), v)?;
        if self.current.ended != Ended::No {
            return Ok(Err("ended".into()));
        }
        if let Some(other) = self.first_mover_may_be(c) {
            return Ok(other
                .sequence
                .legality(mv)
                .map_err(|why: Illegal| why.to_string()));
        }
        if c != self.current.sequence.to_move() {
            return Ok(Err("wrong color".into()));
        }
        Ok(self
            .current
            .sequence
            .legality(mv)
            .map_err(|why: Illegal| why.to_string()))
    }

    fn play(&mut self, c: Color, v: &str) -> Reply {
        if let Some(other) = self.first_mover_may_be(c) {
            self.current = other;
        }
        if let Err(why) = self.legality(c, v)? {
            return Err(format!("illegal move: {why}"));
        }
        let mv = parse_move(self.current.position(), v)?;
        let outcome = self
            .current
            .sequence
            .play(mv)
            .map_err(|why| format!("illegal move: {why}"))?;
        let cycles_end =
            self.current.phase == Phase::Alternation && self.ruleset.naj.no_result_on_cycle;
        if cycles_end && outcome.recreates.is_some() {
            self.current.ended = Ended::NoResult;
        } else if self
            .end_passes(self.current.phase)
            .is_some_and(|n| self.current.sequence.consecutive_passes() >= n)
        {
            self.current.ended = Ended::Passes;
        }
        Ok(String::new())
    }

    fn undo(&mut self) -> Reply {
        let moves: Vec<Move> = self.current.sequence.moves().iter().map(|m| m.mv).collect();
        let Some((_, keep)) = moves.split_last() else {
            return Err("cannot undo".into());
        };
        let start = self.current.sequence.positions()[0].clone();
        let first = self.current.sequence.to_move_at(0);
        let mut again = Current {
            sequence: Sequence::new(start, first, self.ruleset.sequence_rules()),
            ended: Ended::No,
            ..self.current.clone()
        };
        std::mem::swap(&mut self.current, &mut again);
        let color_of = |i: usize| {
            if i.is_multiple_of(2) {
                first
            } else {
                first.opponent()
            }
        };
        for (i, mv) in keep.iter().enumerate() {
            let v = match mv {
                Move::Pass => "pass".to_string(),
                Move::Play(p) => vertex(self.current.position(), *p),
            };
            if let Err(e) = self.play(color_of(i), &v) {
                self.current = again;
                return Err(format!("cannot undo: {e}"));
            }
        }
        Ok(String::new())
    }

    fn set_position(&mut self, a: &[String]) -> Reply {
        if !a.len().is_multiple_of(2) {
            return Err(syntax("pairs of a colour and a vertex"));
        }
        let board = self.current.position().shared_board().clone();
        let mut cells: Vec<Option<Color>> = vec![None; board.len()];
        let empty = Position::empty(board.clone());
        for pair in a.chunks(2) {
            let c = color(&pair[0])?;
            match parse_move(&empty, &pair[1])? {
                Move::Play(p) => cells[p.index()] = Some(c),
                Move::Pass => return Err(syntax("a vertex, not pass")),
            }
        }
        let start = Position::from_cells(board, &cells).map_err(|e| e.to_string())?;
        self.current = Current::new(Phase::Alternation, start, Color::Black, &self.ruleset);
        Ok(String::new())
    }

    fn choose_ruleset(&mut self, a: &[String]) -> Reply {
        let (name, options) = a
            .split_first()
            .ok_or_else(|| syntax("a ruleset name (naj, core or japanese-1989)"))?;
        let name: RulesetName = name.parse().map_err(word_error)?;
        let mut ruleset = Ruleset::naj();
        let mut j89 = None;
        match name {
            RulesetName::Japanese1989 => {
                // J89-3.3, J89-6.2: suicide prohibited, simple ko (the game applies them itself, PROTO-11).
                ruleset.ko = KoRules::NONE.with(KoRule::SimpleKo);
                ruleset.suicide = SuicideRule::Prohibited;
                j89 = Some(j89::parse_rules(options)?);
            }
            RulesetName::Naj => {
                for o in options {
                    let (k, v) = vocabulary::parse_option(o).map_err(|e| syntax(&e))?;
                    match k {
                        vocabulary::NajOption::AnalysisEndPasses => match v {
                            "2" | "3" => ruleset.naj.analysis_end_passes = number(v, "2 or 3")?,
                            _ => return Err(syntax("analysis_end_passes=2 or 3")),
                        },
                        vocabulary::NajOption::Analyses => {
                            ruleset.naj.analyses = match v.parse().map_err(word_error)? {
                                vocabulary::Analyses::Two => Analyses::Two,
                                vocabulary::Analyses::Single => Analyses::Single,
                            }
                        }
                        vocabulary::NajOption::NoResultOnCycle => {
                            ruleset.naj.no_result_on_cycle = number(v, "true or false")?
                        }
                        vocabulary::NajOption::Komi => ruleset.naj.komi = number(v, "komi")?,
                    }
                }
            }
            RulesetName::Core => {
                for o in options {
                    let (k, v) = vocabulary::parse_option(o).map_err(|e| syntax(&e))?;
                    match k {
                        vocabulary::CoreOption::Ko => {
                            ruleset.ko = v
                                .parse::<KoRules>()
                                .map_err(|e| syntax(&format!("ko rules: {e}")))?
                        }
                        vocabulary::CoreOption::Suicide => {
                            ruleset.suicide = match v.parse().map_err(word_error)? {
                                vocabulary::Suicide::Prohibited => SuicideRule::Prohibited,
                                vocabulary::Suicide::Allowed => SuicideRule::Allowed,
                            }
                        }
                    }
                }
            }
        }
        self.ruleset = ruleset;
        let board = self.current.position().shared_board().clone();
        self.current = Current::new(
            Phase::Alternation,
            Position::empty(board),
            Color::Black,
            &self.ruleset,
        );
        // PROTO-10: the last assessment stays valid while the readings of the stop position are the same.
        let previous = self.j89.take();
        self.j89 = j89.map(|(rules, game)| {
            let fresh = j89::J89Session::new(rules, game, &self.current);
            match previous {
                Some(old) => fresh.keeping_assessment_of(old),
                None => fresh,
            }
        });
        Ok(String::new())
    }

    fn setup(&mut self, a: &[String]) -> Reply {
        let (phase, pos, first, prisoners) = match a {
            [ph, pos, c] => (ph, pos, c, None),
            [ph, pos, c, b, w] => (ph, pos, c, Some((count(b)?, count(w)?))),
            _ => {
                return Err(syntax(
                    "PHASE POSITION COLOUR [BLACK_PRISONERS WHITE_PRISONERS]",
                ))
            }
        };
        let phase: Phase = phase.parse().map_err(word_error)?;
        let first = color(first)?;
        let rules_first = match phase {
            Phase::BlackAnalysis => Some(Color::White),
            Phase::WhiteAnalysis | Phase::Analysis => Some(Color::Black),
            _ => None,
        };
        if rules_first.is_some_and(|c| c != first) {
            return Err(syntax("the colour the analysis's rules give to move first"));
        }
        let start = one_line(pos)?;
        let mut current = Current::new(phase, start, first, &self.ruleset);
        if let Some((b, w)) = prisoners {
            current.base_prisoners = ByColor::from_fn(|c| if c == Color::Black { b } else { w });
        }
        self.current = current;
        Ok(String::new())
    }

    fn state(&self) -> String {
        let c = &self.current;
        let ended = match c.ended {
            Ended::No => "no",
            Ended::Passes => "passes",
            Ended::NoResult => "no-result",
        };
        let p = c.prisoners();
        format!(
            "moves={} passes={} ended={ended} prisoners={},{} to_move={}",
            c.sequence.moves().len(),
            c.sequence.consecutive_passes(),
            p[Color::Black],
            p[Color::White],
            c.sequence.to_move()
        )
    }

    fn same_board(&self, p: &Position) -> Result<(), String> {
        if p.board() == self.current.position().board() {
            Ok(())
        } else {
            Err("the positions are not on the same board".into())
        }
    }

    fn points(&self, c: Color, final_text: &str) -> Reply {
        let final_position = one_line(final_text)?;
        self.same_board(&final_position)?;
        let reference = self.current.position();
        let controls = control_with(reference, c, self.ruleset.naj.immortality);
        let rows: Vec<String> = final_position
            .rows()
            .iter()
            .enumerate()
            .map(|(r, row)| {
                (0..row.chars().count())
                    .map(|col| {
                        let pt = final_position.board().point_at(col, r);
                        match pt.filter(|p| controls.contains(*p)) {
                            None => '0',
                            Some(p) => {
                                let mut one = PointSet::empty(final_position.board());
                                one.insert(p);
                                char::from_digit(player_score(&final_position, c, &one) as u32, 10)
                                    .unwrap_or('?')
                            }
                        }
                    })
                    .collect()
            })
            .collect();
        Ok(format!(
            "{} {}",
            player_score(&final_position, c, &controls),
            rows.join("/")
        ))
    }

    fn score(&self, a: &[String]) -> Reply {
        let final_position = one_line(&a[0])?;
        let black_ref = one_line(&a[1])?;
        let white_ref = one_line(&a[2])?;
        if black_ref.board() != final_position.board()
            || white_ref.board() != final_position.board()
        {
            return Err("the positions are not on the same board".into());
        }
        let prisoners = [count(&a[3])?, count(&a[4])?];
        let method = self.ruleset.naj.immortality;
        let s = score(
            &final_position,
            &control_with(&black_ref, Color::Black, method),
            &control_with(&white_ref, Color::White, method),
            ByColor::from_fn(|c| prisoners[c.index()]),
            self.ruleset.naj.komi,
        );
        Ok(format!(
            "black_score={} white_score={} board_score={} prisoner_difference={} score={} result={}",
            s.black_score, s.white_score, s.board_score, s.prisoner_difference, s.score, s.result
        ))
    }
}
