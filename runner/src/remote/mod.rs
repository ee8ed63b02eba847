//! An engine over the protocol (spec/protocol.md): the reference engine, or any GTP engine. With the
//! `gorules-` extensions every check can be asked; with standard GTP only what PROTO-6 lists.

mod kee;
mod loadsgf;
mod needs;
mod plain;
mod stepwise;

pub use stepwise::Step;

use crate::engine::{
    At, BestPlay, Capabilities, ClassGame, ClassGameOutcome, CountOutcome, CountRequest, Engine,
    EngineError, Failure, ForceAnswer, GameMoves, GameOutcome, Grid, J89Action, J89GameOutcome,
    J89Queries, KoIntersectionsAnswer, Legality, Line, Malformed, ReplayOutcome, Said, Side, Start,
    Statuses, TerritoryOutcome, Unsupported,
};
use crate::gtp::{Gtp, Launch};
use gorules_cases::classes::Margin;
use gorules_cases::count::{Expected, PerColor};
use gorules_cases::j89::{ConfirmationLines, Komi};
use gorules_cases::model::{
    Analyses, Case, Check, Color, DutyKind, Feature, ForceQuestion, KoIntersectionKind, LineEnd,
    Phase, Prisoners, Reason, Ruleset,
};
use gorules_cases::moves::Move;
use gorules_grammar::{OneLine, Player, StoneColor, Vertex};
use std::collections::BTreeSet;
use std::time::Duration;

/// How long a best-play search may take, at most, before the engine counts as hung (PROTO-7).
pub const SOLVER_TIMEOUT: Duration = Duration::from_secs(600);

/// An engine reached over GTP.
pub struct Remote {
    launch: Launch,
    timeout: Duration,
    gtp: Option<Gtp>,
    capabilities: Capabilities,
    /// Prisoners at the start of the current move-sequence that a plain GTP engine cannot be told.
    plain_prisoner_base: Prisoners,
    /// The node limit for best-play searches (the engine's default if `None`).
    pub solver_nodes: Option<u64>,
    /// PROTO-7.1: the timeout of the commands that search ([`SOLVER_TIMEOUT`] unless set).
    pub solver_timeout: Duration,
    /// PROTO-6.4: the position as the runner last read it from a standard GTP engine, to colour the stones of
    /// `final_status_list`.
    known: Option<Grid>,
    /// PROTO-6.4: the prisoners taken since the set-up, counted from the stones `final_status_list` no longer
    /// lists (for an engine without `captures`).
    counted: Prisoners,
}

/// PROTO-3.15: the time allowance the runner gives an engine's search: nine tenths of its own timeout, in
/// seconds with millisecond precision, and never more than the protocol's week.
fn engine_time_limit(timeout: Duration) -> String {
    let seconds = (timeout.as_secs_f64() * 0.9).clamp(0.001, 604_800.0);
    format!("{seconds:.3}")
}

/// An answer the runner cannot read: the check fails (not an engine failure, PROTO-7.1).
fn malformed(m: Malformed) -> EngineError {
    EngineError::Malformed(m)
}

/// `COMMAND answered `TEXT``: an answer the runner cannot read.
fn answered(command: &str, text: &str) -> EngineError {
    malformed(Malformed::Answer {
        command: command.to_string(),
        answer: text.to_string(),
        expected: None,
    })
}

/// `COMMAND: expected KEY=VALUE, found `WORD``.
fn not_key_value(command: &str, word: &str) -> EngineError {
    malformed(Malformed::Word {
        command: command.to_string(),
        expected: "KEY=VALUE".into(),
        found: word.to_string(),
    })
}

/// `COMMAND: FIELD `VALUE``.
fn bad_field(command: &str, field: &str, value: &str) -> EngineError {
    malformed(Malformed::Field {
        command: command.to_string(),
        field: field.to_string(),
        value: value.to_string(),
    })
}

fn refused(m: impl Into<String>) -> EngineError {
    EngineError::refused(m)
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn player_word(p: Player) -> &'static str {
    match p {
        Player::Black => "black",
        Player::White => "white",
    }
}

fn one_line(g: &Grid) -> String {
    OneLine::from_diagram(&g.to_diagram())
        .map(|l| l.to_string())
        .unwrap_or_default()
}

fn parse_grid(text: &str) -> Result<Grid, EngineError> {
    let line = OneLine::parse(text.trim()).map_err(|e| {
        malformed(Malformed::NotAPosition {
            answer: text.to_string(),
            error: e.to_string(),
        })
    })?;
    let width = line.rows()[0].len();
    Grid::new(width, line.rows().iter().flatten().copied().collect())
        .ok_or_else(|| malformed(Malformed::Empty { what: "position" }))
}

fn vertex(at: (usize, usize), height: usize) -> Result<String, EngineError> {
    Vertex::from_col_row(at.0, at.1, height)
        .map(|v| v.to_string())
        .ok_or_else(|| refused(format!("({}, {}) has no GTP vertex", at.0, at.1)))
}

fn move_word(m: &Move, height: usize) -> Result<String, EngineError> {
    match m.at {
        None => Ok("pass".into()),
        Some(at) => vertex(at, height),
    }
}

/// A move word of an answer (`pass` or a vertex on the board): the intersection, `None` for a pass.
fn move_at(w: &str, height: usize) -> Result<Option<(usize, usize)>, EngineError> {
    if w == "pass" {
        return Ok(None);
    }
    let v = Vertex::parse(w).map_err(|_| {
        malformed(Malformed::NotAMove {
            word: w.to_string(),
            off_board: false,
        })
    })?;
    Ok(Some(v.to_col_row(height).ok_or_else(|| {
        malformed(Malformed::NotAMove {
            word: w.to_string(),
            off_board: true,
        })
    })?))
}

/// PROTO-14.2: an answer of `gorules-force` on a board of `(width, height)`, whose line starts with `first`'s move.
fn parse_force(
    answer: &str,
    first: Color,
    (width, height): (usize, usize),
) -> Result<ForceAnswer, EngineError> {
    let command = "gorules-force";
    if let Some((nodes, limit)) = out_of_reach(command, answer)? {
        return Ok(ForceAnswer::OutOfReach { nodes, limit });
    }
    let mut words = answer.split_whitespace();
    let yes = match words.next() {
        Some("yes") => true,
        Some("no") => false,
        _ => return Err(answered(command, answer)),
    };
    let shows: LineEnd = words
        .next()
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| answered(command, answer))?;
    let mut player = match first {
        Color::Black => Player::Black,
        Color::White => Player::White,
    };
    let mut line = Vec::new();
    for w in words {
        let at = move_at(w, height)?;
        if at.is_some_and(|(col, _)| col >= width) {
            return Err(malformed(Malformed::NotAMove {
                word: w.to_string(),
                off_board: true,
            }));
        }
        line.push(Move { player, at });
        player = player.other();
    }
    if line.is_empty() {
        return Err(answered(command, answer));
    }
    Ok(ForceAnswer::Answered { yes, shows, line })
}

/// PROTO-14: an answer `out-of-reach nodes=N limit=L` of `command` as (N, L); `None` for any other answer.
fn out_of_reach(command: &str, answer: &str) -> Result<Option<(u64, String)>, EngineError> {
    let Some(rest) = answer.strip_prefix("out-of-reach") else {
        return Ok(None);
    };
    let field = |key: &str| {
        rest.split_whitespace()
            .find_map(|w| w.strip_prefix(key))
            .map(str::to_string)
    };
    let nodes = field("nodes=")
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| answered(command, answer))?;
    Ok(Some((
        nodes,
        field("limit=").unwrap_or_else(|| "nodes".into()),
    )))
}

fn parse_vertices(text: &str, height: usize) -> Result<BTreeSet<At>, EngineError> {
    text.split_whitespace()
        .map(|w| {
            Vertex::parse(w)
                .ok()
                .and_then(|v| v.to_col_row(height))
                .map(|(col, row)| At { col, row })
                .ok_or_else(|| {
                    malformed(Malformed::NotAVertex {
                        word: w.to_string(),
                    })
                })
        })
        .collect()
}

/// PROTO-11: `gorules-j89-effective-moves`: pairs of a colour (`B`, `W`) and a vertex.
fn parse_effective_moves(text: &str, height: usize) -> Result<[BTreeSet<At>; 2], EngineError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = [BTreeSet::new(), BTreeSet::new()];
    for pair in words.chunks(2) {
        let [c, v] = pair else {
            return Err(malformed(Malformed::Word {
                command: "gorules-j89-effective-moves".into(),
                expected: "pairs of a colour and a vertex".into(),
                found: text.trim().to_string(),
            }));
        };
        let side = match c.to_ascii_lowercase().as_str() {
            "b" | "black" => 0,
            "w" | "white" => 1,
            _ => return Err(bad_field("gorules-j89-effective-moves", "not a colour:", c)),
        };
        out[side].extend(parse_vertices(v, height)?);
    }
    Ok(out)
}

/// PROTO-3.2, PROTO-10: the `gorules-ruleset` arguments of a case's ruleset, every word from the vocabulary. An
/// option the protocol cannot express (NAJ-9.4's `j2003`) is an error, never dropped.
pub(crate) fn ruleset_args(r: &Ruleset) -> Result<Vec<String>, EngineError> {
    use gorules_vocabulary::{option_arg, ClassOption, CoreOption, J89Option, NajOption};
    let mut args = vec![r.ruleset_name().name().to_string()];
    match r {
        Ruleset::Naj(o) => {
            if o.j2003 {
                return Err(EngineError::Unsupported(Unsupported::NajJ2003));
            }
            args.extend([
                option_arg(NajOption::AnalysisEndPasses, o.analysis_end_passes),
                option_arg(NajOption::Analyses, o.analyses),
                option_arg(NajOption::NoResultOnCycle, o.no_result_on_cycle),
                option_arg(NajOption::Komi, o.komi),
            ]);
        }
        Ruleset::Japanese1989(o) => {
            args.extend([
                option_arg(J89Option::ConfirmationBoard, o.confirmation_board),
                option_arg(J89Option::NewStone, o.new_stone),
                option_arg(J89Option::SekiStones, o.seki_stones),
                option_arg(J89Option::DeadOutsideTerritory, o.dead_outside_territory),
            ]);
            // PROTO-10: the options added with the game (PROTO-11) are sent only when a case sets them, so that an
            // engine with statuses alone is asked what it was asked before.
            fn later<T: Default + PartialEq + std::fmt::Display>(
                args: &mut Vec<String>,
                key: J89Option,
                value: T,
            ) {
                if value != T::default() {
                    args.push(option_arg(key, value));
                }
            }
            later(&mut args, J89Option::DeadInRegions, o.dead_in_regions);
            later(&mut args, J89Option::KoPass, o.ko_pass);
            later(&mut args, J89Option::Confirmation, o.confirmation);
            later(
                &mut args,
                J89Option::ConfirmationFirst,
                o.confirmation_first,
            );
            later(
                &mut args,
                J89Option::RecaptureAfterPass,
                o.recapture_after_pass,
            );
            later(&mut args, J89Option::Repetition, o.repetition);
            later(&mut args, J89Option::IllegalMove, o.illegal_move);
            later(&mut args, J89Option::FillDame, o.fill_dame);
            later(&mut args, J89Option::Article13, o.article_13);
            later(&mut args, J89Option::Komi, o.komi);
        }
        Ruleset::Core(o) => {
            let ko: Vec<&str> = o.ko.iter().map(|k| k.name()).collect();
            args.extend([
                option_arg(CoreOption::Ko, ko.join(",")),
                option_arg(CoreOption::Suicide, o.suicide),
            ]);
            // PROTO-3.2: the KODEF readings are sent only when a case sets them, so that an engine of the core
            // rules alone is asked what it was asked before.
            let mut later = |key: CoreOption, value: &dyn std::fmt::Display, default: bool| {
                if !default {
                    args.push(option_arg(key, value));
                }
            };
            later(CoreOption::Cycle, &o.cycle, o.cycle == Default::default());
            later(
                CoreOption::CycleEnd,
                &o.cycle_end,
                o.cycle_end == Default::default(),
            );
            later(
                CoreOption::HistoryBans,
                &o.history_bans,
                o.history_bans == Default::default(),
            );
            later(
                CoreOption::BasicKo,
                &o.basic_ko,
                o.basic_ko == Default::default(),
            );
            later(
                CoreOption::CycleSet,
                &o.cycle_set,
                o.cycle_set == Default::default(),
            );
        }
        Ruleset::Class(_, o) => {
            let ko: Vec<&str> = o.ko.iter().map(|k| k.name()).collect();
            args.extend([
                option_arg(ClassOption::Ko, ko.join(",")),
                option_arg(ClassOption::Suicide, o.suicide),
                option_arg(ClassOption::Komi, o.komi),
            ]);
        }
    }
    Ok(args)
}

/// The first mover of a phase (CASE-2).
fn first_mover(start: &Start, phase: Phase, moves: &[Move]) -> Color {
    match phase {
        Phase::Alternation => start.to_move.unwrap_or(Color::Black),
        Phase::BlackAnalysis => Color::White,
        Phase::WhiteAnalysis | Phase::Analysis => Color::Black,
        Phase::Sequence => match moves.first().map(|m| m.player) {
            Some(Player::White) => Color::White,
            _ => Color::Black,
        },
        Phase::DefaultRestriction => match moves.first().map(|m| m.player) {
            Some(Player::White) => Color::White,
            Some(Player::Black) => Color::Black,
            None => start.to_move.unwrap_or(Color::Black),
        },
    }
}

/// CASE-9.4: the refusal in `? illegal move: REFUSAL`, if the engine names one we know (the protocol writes
/// `wrong color` with a space).
pub(crate) fn refusal_in(text: &str) -> Option<gorules_cases::j89::Refusal> {
    text.strip_prefix("illegal move:")
        .and_then(|r| gorules_cases::j89::refusal_of(r).ok())
}

/// The reason in `? illegal move: REASON`, if the engine names one we know (a [`Reason`], or for the Japanese
/// 1989 game a refusal of CASE-9.4).
fn reason_of<R: std::str::FromStr>(text: &str) -> Option<R> {
    text.strip_prefix("illegal move:")
        .and_then(|r| r.trim().parse().ok())
}

/// What `play` did.
enum Played {
    Ok,
    Illegal(Option<Reason>),
    AfterEnd,
}

impl Remote {
    /// NAJ-5, NAJ-6 (PROTO-3.9, PROTO-3.10): `board` set up alone (no history, no prisoners) in a sequence, then
    /// `command COLOR`, whose answer is a list of vertices.
    fn stones_of(
        &mut self,
        start: &Start,
        board: &Grid,
        command: &str,
        c: Color,
    ) -> Result<BTreeSet<At>, EngineError> {
        let s = Start {
            board: board.clone(),
            history: None,
            prisoners: Prisoners::default(),
            ..start.clone()
        };
        self.setup(&s, Phase::Sequence, &[])?;
        parse_vertices(&self.ok(command, &[color_word(c)])?, board.height())
    }

    /// Starts the engine and asks what it can do; `profile_features` stand in for `gorules-features` on an
    /// engine without the extensions (PROTO-6).
    pub fn start(
        launch: Launch,
        timeout: Duration,
        profile_features: Option<BTreeSet<Feature>>,
    ) -> Result<Remote, EngineError> {
        Remote::start_with(launch, timeout, profile_features, false)
    }

    /// Like [`Remote::start`]; with `gtp_only`, the engine's `gorules-` extensions are not used, so that it is
    /// asked exactly what a standard GTP engine is asked (PROTO-6).
    pub fn start_with(
        launch: Launch,
        timeout: Duration,
        profile_features: Option<BTreeSet<Feature>>,
        gtp_only: bool,
    ) -> Result<Remote, EngineError> {
        let mut gtp = Gtp::start(&launch, timeout)?;
        let mut commands: BTreeSet<String> = gtp
            .ok("list_commands", &[])?
            .lines()
            .map(|l| l.trim().to_string())
            .collect();
        let features = match (&profile_features, commands.contains("gorules-features")) {
            (Some(f), _) => f.clone(),
            (None, true) => gtp
                .ok("gorules-features", &[])?
                .split_whitespace()
                .map(|w| {
                    w.parse::<Feature>().map_err(|e| {
                        EngineError::Failed(Failure::Garbage {
                            command: "gorules-features".into(),
                            excerpt: e.to_string(),
                        })
                    })
                })
                .collect::<Result<_, _>>()?,
            (None, false) => BTreeSet::new(),
        };
        if gtp_only {
            commands.retain(|c| !c.starts_with("gorules-"));
        }
        Ok(Remote {
            launch,
            timeout,
            gtp: Some(gtp),
            capabilities: Capabilities {
                features,
                commands,
                ..Capabilities::default()
            },
            plain_prisoner_base: Prisoners::default(),
            solver_nodes: None,
            solver_timeout: SOLVER_TIMEOUT,
            known: None,
            counted: Prisoners::default(),
        })
    }

    /// PROTO-9: sends a Kee command (`gorules-kee-*`) and returns its response, `=` or `?`.
    pub fn kee(
        &mut self,
        name: &str,
        args: &[&str],
    ) -> Result<gorules_grammar::gtp::Response, EngineError> {
        let timeout = self.timeout;
        self.gtp()?.send_within(name, args, timeout)
    }

    /// PROTO-7.1: sends a command that searches, with the solver timeout, and returns its response. An engine
    /// that knows `gorules-time-limit` (PROTO-3.15) is first given nine tenths of that timeout, so that it
    /// answers `out-of-reach` (an undecided check) before the runner would give up on it, and so that the
    /// in-process engine, which the runner cannot kill, stops searching by itself.
    pub fn send_searching(
        &mut self,
        name: &str,
        args: &[&str],
    ) -> Result<gorules_grammar::gtp::Response, EngineError> {
        let within = self.solver_timeout;
        if self.capabilities.knows("gorules-time-limit") {
            let seconds = engine_time_limit(within);
            let timeout = self.timeout;
            let r = self
                .gtp()?
                .send_within("gorules-time-limit", &[&seconds], timeout)?;
            if !r.success {
                return Err(malformed(Malformed::Refused {
                    command: format!("gorules-time-limit {seconds}"),
                    text: r.text,
                }));
            }
        }
        self.gtp()?.send_within(name, args, within)
    }

    fn gtp(&mut self) -> Result<&mut Gtp, EngineError> {
        if self.gtp.as_ref().is_none_or(Gtp::is_dead) {
            self.gtp = Some(Gtp::start(&self.launch, self.timeout)?);
        }
        self.gtp.as_mut().ok_or_else(|| {
            EngineError::Failed(Failure::NotStarted {
                why: "no engine".into(),
            })
        })
    }

    fn ok(&mut self, name: &str, args: &[&str]) -> Result<String, EngineError> {
        self.gtp()?.ok(name, args)
    }

    /// A command that searches (a status search, PROTO-10): the solver timeout instead of the per-command one.
    /// PROTO-11.11, J89-R2: the confirmations the players played, one command for each first mover.
    fn send_confirmations(
        &mut self,
        played: Option<&ConfirmationLines>,
    ) -> Result<(), EngineError> {
        for (c, line) in played.map(ConfirmationLines::lines).unwrap_or_default() {
            let mut args = vec![color_word(c)];
            args.extend(line.split_whitespace());
            self.ok("gorules-j89-confirmation", &args)?;
        }
        Ok(())
    }

    /// PROTO-14: sets up `start`'s board (no prisoners; no history unless the case's readings take bans from it,
    /// KODEF-R13 `history_bans` or KODEF-R4 `capturable-now`) for a ko-definition question, and returns its
    /// arguments: the `words` that name the question, Black's `komi` if any, and the region's vertices.
    fn kodef_setup(
        &mut self,
        start: &Start,
        words: &[&str],
        komi: Option<Komi>,
        region: &BTreeSet<At>,
    ) -> Result<Vec<String>, EngineError> {
        let bans_from_history = matches!(&start.ruleset, Ruleset::Core(o)
            if o.history_bans != Default::default() || o.basic_ko != Default::default());
        let s = Start {
            history: if bans_from_history {
                start.history.clone()
            } else {
                None
            },
            prisoners: Prisoners::default(),
            ..start.clone()
        };
        self.setup(&s, Phase::Alternation, &[])?;
        let height = start.board.height();
        let mut args: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        if let Some(k) = komi {
            args.push(k.to_string());
        }
        for at in region {
            args.push(vertex((at.col, at.row), height)?);
        }
        Ok(args)
    }

    fn ok_searching(&mut self, name: &str, args: &[&str]) -> Result<String, EngineError> {
        let r = self.send_searching(name, args)?;
        if r.success {
            Ok(r.text)
        } else {
            Err(refused(format!("{name} failed: {}", r.text)))
        }
    }

    fn play(&mut self, m: &Move, height: usize) -> Result<Played, EngineError> {
        let v = move_word(m, height)?;
        let r = self.gtp()?.send("play", &[player_word(m.player), &v])?;
        if r.success
            && !self.capabilities.extensions()
            && self.stones_route() == plain::StonesRoute::FinalStatus
        {
            if let Some(before) = self.known.take() {
                let stone = match m.player {
                    Player::Black => StoneColor::Black,
                    Player::White => StoneColor::White,
                };
                let played = m.at.map(|(col, row)| (At { col, row }, stone));
                let after = self.stones_by_status(&before, played)?;
                self.counted = plain::taken(&before, &after, self.counted);
                self.known = Some(after);
            }
        }
        Ok(if r.success {
            Played::Ok
        } else if matches!(
            r.text.trim(),
            "illegal move: ended" | "illegal move: stopped"
        ) {
            Played::AfterEnd
        } else {
            Played::Illegal(reason_of(&r.text))
        })
    }

    fn position(&mut self, width: usize, height: usize) -> Result<Grid, EngineError> {
        if self.capabilities.extensions() {
            let t = self.ok("gorules-position", &[])?;
            return parse_grid(&t);
        }
        if self.stones_route() == plain::StonesRoute::FinalStatus {
            // PROTO-6.4: read after every move (`play`), coloured from the position before.
            return self
                .known
                .clone()
                .ok_or_else(|| refused("no position set up to read the stones of"));
        }
        let mut points = vec![None; width * height];
        for (c, s) in [("black", StoneColor::Black), ("white", StoneColor::White)] {
            for at in parse_vertices(&self.ok("list_stones", &[c])?, height)? {
                if at.col >= width {
                    return Err(malformed(Malformed::OffTheBoard {
                        command: "list_stones".into(),
                        col: at.col,
                        width,
                    }));
                }
                points[at.row * width + at.col] = Some(s);
            }
        }
        Grid::new(width, points).ok_or_else(|| malformed(Malformed::Empty { what: "board" }))
    }

    fn prisoners(&mut self) -> Result<Prisoners, EngineError> {
        if self.capabilities.extensions() {
            let t = self.ok("gorules-prisoners", &[])?;
            let n: Vec<u32> = t
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            return match n.as_slice() {
                [b, w] => Ok(Prisoners {
                    black: *b,
                    white: *w,
                }),
                _ => Err(answered("gorules-prisoners", &t)),
            };
        }
        if !self.capabilities.knows("captures") {
            // PROTO-6.4: counted from the stones that went, on the final_status_list route; otherwise no check
            // that compares prisoners is run (it needs `captures`), and none is read.
            return Ok(Prisoners {
                black: self.plain_prisoner_base.black + self.counted.black,
                white: self.plain_prisoner_base.white + self.counted.white,
            });
        }
        let count = |r: &mut Remote, c: &str| -> Result<u32, EngineError> {
            let t = r.ok("captures", &[c])?;
            t.trim().parse().map_err(|_| answered("captures", &t))
        };
        let base = self.plain_prisoner_base;
        Ok(Prisoners {
            black: base.black + count(self, "black")?,
            white: base.white + count(self, "white")?,
        })
    }

    /// Sets up a move-sequence of `phase` from the case start (its history first, for the alternation).
    fn setup(&mut self, start: &Start, phase: Phase, moves: &[Move]) -> Result<(), EngineError> {
        let height = start.board.height();
        if self.capabilities.extensions() {
            let args = ruleset_args(&start.ruleset)?;
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            self.ok("gorules-ruleset", &args)?;
            match (&start.history, phase) {
                (Some((board, hp, hm)), Phase::Alternation) => {
                    let first = hm.first().map_or(Color::Black, |m| {
                        if m.player == Player::White {
                            Color::White
                        } else {
                            Color::Black
                        }
                    });
                    let (line, b, w) =
                        (one_line(board), hp.black.to_string(), hp.white.to_string());
                    self.ok(
                        "gorules-setup",
                        &["alternation", &line, color_word(first), &b, &w],
                    )?;
                    for (i, m) in hm.iter().enumerate() {
                        if !matches!(self.play(m, height)?, Played::Ok) {
                            return Err(refused(format!("history move {} is illegal", i + 1)));
                        }
                    }
                    if self.position(start.board.width(), height)? != start.board {
                        return Err(refused("the history's moves do not reach the case's board"));
                    }
                    if start.prisoners != Prisoners::default() {
                        let (b, w) = (
                            start.prisoners.black.to_string(),
                            start.prisoners.white.to_string(),
                        );
                        self.ok("gorules-prisoners", &[&b, &w])?;
                    }
                }
                _ => {
                    let first = first_mover(start, phase, moves);
                    let (line, b, w) = (
                        one_line(&start.board),
                        start.prisoners.black.to_string(),
                        start.prisoners.white.to_string(),
                    );
                    self.ok(
                        "gorules-setup",
                        &[phase.name(), &line, color_word(first), &b, &w],
                    )?;
                }
            }
            return Ok(());
        }
        // PROTO-6: standard GTP only. A Japanese 1989 stop position is set up like a core one; only its status
        // check can then be asked (`final_status_list`).
        if !matches!(
            start.ruleset,
            Ruleset::Core(_) | Ruleset::Japanese1989(_) | Ruleset::Class(..)
        ) {
            return Err(EngineError::Unsupported(Unsupported::Rulesets));
        }
        let board = match (&start.history, phase) {
            (Some((b, _, _)), Phase::Alternation) => b.clone(),
            _ => start.board.clone(),
        };
        self.board_size(board.width(), board.height())?;
        self.ok("clear_board", &[])?;
        if self.capabilities.knows("set_position") {
            // KataGo's set_position: the stones, with a clean history.
            let mut args = Vec::new();
            for (at, p) in board.points() {
                if let Some(s) = p {
                    args.push(if s == StoneColor::Black {
                        "black".to_string()
                    } else {
                        "white".to_string()
                    });
                    args.push(vertex((at.col, at.row), height)?);
                }
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            self.ok("set_position", &args)
                .map_err(|e| refused(format!("setting up the position: {e}")))?;
        } else if self.sets_up_by_loadsgf(&board) {
            // PROTO-6: the position as an SGF file (remote/loadsgf.rs), with the case's komi: GNU Go takes an SGF
            // without `KM` as komi 5.5, and a later `komi` command does not reach the score it has already
            // analysed the position with (README, "Findings").
            self.load_position(&board, &case_komi(start))?;
        } else {
            // Black stones, then white ones: a legal position is built this way without any capture.
            for (stone, word) in [(StoneColor::Black, "black"), (StoneColor::White, "white")] {
                for (at, p) in board.points() {
                    if p == Some(stone) {
                        let v = vertex((at.col, at.row), height)?;
                        self.ok("play", &[word, &v])
                            .map_err(|e| refused(format!("setting up the position: {e}")))?;
                    }
                }
            }
        }
        self.known = Some(board.clone());
        self.counted = Prisoners::default();
        self.plain_prisoner_base = Prisoners::default();
        match (&start.history, phase) {
            (Some((_, hp, hm)), Phase::Alternation) => {
                for (i, m) in hm.iter().enumerate() {
                    if !matches!(self.play(m, height)?, Played::Ok) {
                        return Err(refused(format!("history move {} is illegal", i + 1)));
                    }
                }
                if self.position(start.board.width(), height)? != start.board {
                    return Err(refused("the history's moves do not reach the case's board"));
                }
                self.plain_prisoner_base = if start.prisoners == Prisoners::default() {
                    *hp
                } else {
                    start.prisoners
                };
            }
            _ => self.plain_prisoner_base = start.prisoners,
        }
        Ok(())
    }

    fn state_ended(&mut self) -> Result<Option<String>, EngineError> {
        if !self.capabilities.extensions() {
            return Ok(None);
        }
        let t = self.ok("gorules-state", &[])?;
        let ended = t
            .split_whitespace()
            .find_map(|w| w.strip_prefix("ended="))
            .ok_or_else(|| answered("gorules-state", &t))?;
        Ok(Some(ended.to_string()))
    }

    /// Plays `moves` as a whole move-sequence that must end; returns its last position.
    /// Plays a move-sequence of a game to its end: the moves given, then (CASE-4.7), if the line is open, the
    /// engine's own best play.
    fn play_to_end(
        &mut self,
        start: &Start,
        phase: Phase,
        line: &Line,
    ) -> Result<(Grid, Option<String>), EngineError> {
        let mut moves = line.moves.clone();
        if line.open {
            match self.best_play(start, phase, &moves)? {
                BestPlay::Value {
                    principal_variation,
                    ..
                } => moves.extend(principal_variation),
                BestPlay::OutOfReach { nodes, low, high } => {
                    return Err(EngineError::OutOfReach {
                        phase: phase.name().to_string(),
                        nodes,
                        low,
                        high,
                    })
                }
            }
        }
        self.setup(start, phase, &moves)?;
        let height = start.board.height();
        for (i, m) in moves.iter().enumerate() {
            match self.play(m, height)? {
                Played::Ok => {}
                Played::AfterEnd => break,
                Played::Illegal(r) => {
                    let why = r.map_or("illegal".to_string(), |r| r.to_string());
                    return Err(refused(format!(
                        "{} move {} is illegal: {why}",
                        phase.name(),
                        i + 1
                    )));
                }
            }
        }
        let ended = self.state_ended()?;
        let last = self.position(start.board.width(), height)?;
        Ok((last, ended))
    }

    fn side(&mut self, c: Color, final_grid: &Grid) -> Result<Side, EngineError> {
        let height = final_grid.height();
        let reference = self.position(final_grid.width(), height)?;
        let control = parse_vertices(&self.ok("gorules-control", &[color_word(c)])?, height)?;
        let t = self.ok("gorules-points", &[color_word(c), &one_line(final_grid)])?;
        let (score, rows) = t
            .trim()
            .split_once(' ')
            .ok_or_else(|| answered("gorules-points", &t))?;
        let score: i32 = score.parse().map_err(|_| answered("gorules-points", &t))?;
        let points: Vec<u8> = rows
            .chars()
            .filter(|c| *c != '/')
            .map(|c| c.to_digit(10).unwrap_or(0) as u8)
            .collect();
        if points.len() != final_grid.width() * height {
            return Err(answered("gorules-points", &t));
        }
        Ok(Side {
            reference: Some(reference),
            control,
            points,
            score,
        })
    }
}

impl Engine for Remote {
    fn name(&self) -> String {
        self.launch.describe()
    }

    fn capabilities(&self) -> &Capabilities {
        &self.capabilities
    }

    fn lacks(&self, case: &Case, check: &Check) -> Vec<String> {
        needs::grid(case, check, &self.capabilities)
    }

    fn replay(
        &mut self,
        start: &Start,
        phase: Phase,
        moves: &[Move],
    ) -> Result<ReplayOutcome, EngineError> {
        self.setup(start, phase, moves)?;
        let (width, height) = (start.board.width(), start.board.height());
        let mut positions = Vec::new();
        let mut illegal = None;
        for (i, m) in moves.iter().enumerate() {
            match self.play(m, height)? {
                Played::Ok => positions.push(self.position(width, height)?),
                Played::AfterEnd => break,
                Played::Illegal(r) => {
                    illegal = Some((i, r));
                    break;
                }
            }
        }
        let ended = self.state_ended()?;
        Ok(ReplayOutcome {
            positions,
            illegal,
            // PROTO-3.7: `stopped` (PROTO-12.2) is a game that has not ended.
            ended: ended.as_ref().map(|e| e != "no" && e != "stopped"),
            prisoners: self.prisoners()?,
            end_reason: ended
                .as_deref()
                .filter(|e| *e != "no" && *e != "stopped")
                .map(|e| e.parse().map_err(|_| answered("gorules-state", e)))
                .transpose()?,
        })
    }

    fn legality(
        &mut self,
        start: &Start,
        phase: Phase,
        after: &[Move],
        mv: Move,
    ) -> Result<Legality, EngineError> {
        let mut all = after.to_vec();
        all.push(mv);
        self.setup(start, phase, &all)?;
        let height = start.board.height();
        for (i, m) in after.iter().enumerate() {
            if !matches!(self.play(m, height)?, Played::Ok) {
                return Err(refused(format!("move {} of `after` is not legal", i + 1)));
            }
        }
        let v = move_word(&mv, height)?;
        if self.capabilities.knows("gorules-legal") {
            let t = self.ok("gorules-legal", &[player_word(mv.player), &v])?;
            let mut words = t.split_whitespace();
            return match (words.next(), words.next()) {
                (Some("legal"), None) => Ok(Legality::Legal),
                (Some("illegal"), r) => Ok(Legality::Illegal(r.and_then(|r| r.parse().ok()))),
                _ => Err(answered("gorules-legal", &t)),
            };
        }
        if !self.capabilities.knows("is_legal") && self.capabilities.knows("undo") {
            return self.legal_by_play(player_word(mv.player), &v);
        }
        let t = self.ok("is_legal", &[player_word(mv.player), &v])?;
        match t.trim() {
            "1" => Ok(Legality::Legal),
            "0" => Ok(Legality::Illegal(None)),
            other => Err(answered("is_legal", other)),
        }
    }

    fn immortal(
        &mut self,
        start: &Start,
        board: &Grid,
        c: Color,
    ) -> Result<BTreeSet<At>, EngineError> {
        self.stones_of(start, board, "gorules-immortal", c)
    }

    fn ko_intersections(
        &mut self,
        start: &Start,
        kind: KoIntersectionKind,
        komi: Option<Komi>,
        region: &BTreeSet<At>,
        asked: &BTreeSet<At>,
    ) -> Result<KoIntersectionsAnswer, EngineError> {
        let height = start.board.height();
        let mut args = self.kodef_setup(start, &[kind.name()], komi, region)?;
        // PROTO-14.1: only the intersections asked about, when they are fewer than the region's.
        if asked != region {
            args.push("asking".to_string());
            for at in asked {
                args.push(vertex((at.col, at.row), height)?);
            }
        }
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let answer = self.ok_searching("gorules-ko-intersections", &refs)?;
        if let Some((nodes, limit)) = out_of_reach("gorules-ko-intersections", &answer)? {
            return Ok(KoIntersectionsAnswer::OutOfReach { nodes, limit });
        }
        Ok(KoIntersectionsAnswer::Found(parse_vertices(
            &answer, height,
        )?))
    }

    fn ko_witness(
        &mut self,
        start: &Start,
        kind: KoIntersectionKind,
        komi: Option<Komi>,
        region: &BTreeSet<At>,
        point: At,
    ) -> Result<Option<String>, EngineError> {
        let command = "gorules-ko-witness";
        if kind == KoIntersectionKind::Basic || !self.capabilities.knows(command) {
            return Ok(None);
        }
        let height = start.board.height();
        let mut args = self.kodef_setup(start, &[kind.name()], komi, region)?;
        args.push("asking".to_string());
        args.push(vertex((point.col, point.row), height)?);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = self.send_searching(command, &refs)?;
        Ok(r.success.then(|| r.text.trim().to_string()))
    }

    fn force(
        &mut self,
        start: &Start,
        question: ForceQuestion,
        duty: DutyKind,
        komi: Option<Komi>,
        region: &BTreeSet<At>,
    ) -> Result<ForceAnswer, EngineError> {
        let height = start.board.height();
        let args = self.kodef_setup(start, &[question.name(), duty.name()], komi, region)?;
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let command = "gorules-force";
        let answer = self.ok_searching(command, &refs)?;
        parse_force(
            &answer,
            start.to_move.unwrap_or(Color::Black),
            (start.board.width(), height),
        )
    }

    fn control(
        &mut self,
        start: &Start,
        reference: &Grid,
        c: Color,
    ) -> Result<BTreeSet<At>, EngineError> {
        self.stones_of(start, reference, "gorules-control", c)
    }

    fn statuses(
        &mut self,
        start: &Start,
        played: Option<&ConfirmationLines>,
    ) -> Result<Statuses, EngineError> {
        self.setup(start, Phase::Sequence, &[])?;
        self.send_confirmations(played)?;
        let height = start.board.height();
        let mut list = |status: &str| -> Result<BTreeSet<At>, EngineError> {
            parse_vertices(&self.ok_searching("final_status_list", &[status])?, height)
        };
        Ok(Statuses {
            alive: list("alive")?,
            dead: list("dead")?,
            seki: list("seki")?,
        })
    }

    fn territory(
        &mut self,
        start: &Start,
        played: Option<&ConfirmationLines>,
    ) -> Result<TerritoryOutcome, EngineError> {
        self.setup(start, Phase::Sequence, &[])?;
        self.send_confirmations(played)?;
        let height = start.board.height();
        let text = self.ok_searching("gorules-j89-territory", &[])?;
        let mut out = TerritoryOutcome::default();
        let mut score = None;
        for word in text.split_whitespace() {
            let (k, v) = word
                .split_once('=')
                .ok_or_else(|| not_key_value("gorules-j89-territory", word))?;
            let set = || parse_vertices(&v.replace(',', " "), height);
            match k {
                "black_territory" => out.territory[0] = set()?,
                "white_territory" => out.territory[1] = set()?,
                "black_eye_points" => out.eye_points[0] = set()?,
                "white_eye_points" => out.eye_points[1] = set()?,
                "dame" => out.dame = set()?,
                "removed_by_black" => out.removed[0] = set()?,
                "removed_by_white" => out.removed[1] = set()?,
                "score" => {
                    score = Some(v.parse::<i64>().map_err(|_| {
                        malformed(Malformed::NotANumber {
                            command: "gorules-j89-territory".into(),
                            value: v.to_string(),
                        })
                    })?)
                }
                _ => {}
            }
        }
        out.score = score.ok_or_else(|| {
            malformed(Malformed::NoField {
                command: "gorules-j89-territory".into(),
                field: "score".into(),
            })
        })?;
        Ok(out)
    }

    fn j89_game(
        &mut self,
        start: &Start,
        actions: &[J89Action],
        queries: J89Queries,
    ) -> Result<J89GameOutcome, EngineError> {
        self.setup(start, Phase::Alternation, &[])?;
        let height = start.board.height();
        let mut answers = Vec::new();
        for action in actions {
            let r = match action {
                J89Action::Play(m) | J89Action::Refused(m) => {
                    let v = move_word(m, height)?;
                    self.gtp()?.send("play", &[player_word(m.player), &v])?
                }
                J89Action::Resume(c) => {
                    self.gtp()?.send("gorules-j89-resume", &[color_word(*c)])?
                }
                J89Action::Resign(c) => {
                    self.gtp()?.send("gorules-j89-resign", &[color_word(*c)])?
                }
                J89Action::AgreeNoResult => self.gtp()?.send("gorules-j89-no-result", &[])?,
                J89Action::Disagree => self.send_searching("gorules-j89-disagree", &[])?,
                J89Action::Fill(m) => {
                    let v = move_word(m, height)?;
                    self.gtp()?
                        .send("gorules-j89-fill", &[player_word(m.player), &v])?
                }
            };
            answers.push(if r.success {
                Ok(())
            } else {
                Err(Said::read(r.text.trim(), refusal_in))
            });
            if r.success != action.accepted() {
                break;
            }
        }
        let state = self.ok("gorules-j89-game", &[])?;
        let mut out = J89GameOutcome {
            answers,
            stage: Said {
                value: None,
                text: String::new(),
            },
            to_move: None,
            recurs: false,
            prisoners: Prisoners::default(),
            result: None,
            effective_moves: None,
        };
        for word in state.split_whitespace() {
            let (k, v) = word
                .split_once('=')
                .ok_or_else(|| not_key_value("gorules-j89-game", word))?;
            match k {
                "stage" => out.stage = Said::read(v, |v| v.parse().ok()),
                "to_move" => {
                    out.to_move = Some(match v {
                        "black" => Color::Black,
                        "white" => Color::White,
                        _ => return Err(bad_field("gorules-j89-game", "to_move", v)),
                    })
                }
                "recurs" => out.recurs = v == "yes",
                "prisoners" => {
                    let n: Vec<u32> = v.split(',').filter_map(|x| x.parse().ok()).collect();
                    let [b, w] = n.as_slice() else {
                        return Err(bad_field("gorules-j89-game", "prisoners", v));
                    };
                    out.prisoners = Prisoners {
                        black: *b,
                        white: *w,
                    };
                }
                _ => {}
            }
        }
        if queries.effective_moves {
            let r = self.send_searching("gorules-j89-effective-moves", &[])?;
            out.effective_moves = Some(if r.success {
                Ok(parse_effective_moves(&r.text, height)?)
            } else {
                Err(r.text.trim().to_string())
            });
        }
        if queries.result {
            let r = self.send_searching("gorules-j89-result", &[])?;
            out.result = Some(if r.success {
                Ok(Said::read(r.text.trim(), |t| t.parse().ok()))
            } else {
                Err(r.text.trim().to_string())
            });
        }
        Ok(out)
    }

    fn best_play(
        &mut self,
        start: &Start,
        phase: Phase,
        after: &[Move],
    ) -> Result<BestPlay, EngineError> {
        self.setup(start, phase, after)?;
        let height = start.board.height();
        for (i, m) in after.iter().enumerate() {
            if !matches!(self.play(m, height)?, Played::Ok) {
                return Err(refused(format!("move {} of `after` is not legal", i + 1)));
            }
        }
        let nodes_arg = self.solver_nodes.map(|n| n.to_string());
        let args: Vec<&str> = nodes_arg.iter().map(String::as_str).collect();
        let r = self.send_searching("gorules-best-play", &args)?;
        if !r.success {
            return Err(refused(format!("gorules-best-play failed: {}", r.text)));
        }
        let t = r.text.trim();
        let field = |k: &str| {
            t.split_whitespace()
                .find_map(|w| w.strip_prefix(k).and_then(|v| v.strip_prefix('=')))
        };
        let number = |k: &str| -> Result<i64, EngineError> {
            field(k)
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| answered("gorules-best-play", t))
        };
        let nodes = number("nodes")? as u64;
        if t.starts_with("out-of-reach") {
            return Ok(BestPlay::OutOfReach {
                nodes,
                low: number("low")?,
                high: number("high")?,
            });
        }
        let mut to_move = match after.last() {
            Some(m) => m.player.other(),
            None => match first_mover(start, phase, after) {
                Color::Black => Player::Black,
                Color::White => Player::White,
            },
        };
        let mut principal_variation = Vec::new();
        for w in field("pv")
            .unwrap_or("")
            .split(',')
            .filter(|w| !w.is_empty())
        {
            let at = move_at(w, height)?;
            principal_variation.push(Move {
                player: to_move,
                at,
            });
            to_move = to_move.other();
        }
        Ok(BestPlay::Value {
            value: number("value")?,
            principal_variation,
            nodes,
        })
    }

    fn count(
        &mut self,
        start: &Start,
        request: &CountRequest,
    ) -> Result<CountOutcome, EngineError> {
        self.setup(start, Phase::Sequence, &[])?;
        let komi = request.komi.to_string();
        let mut args = vec![request.method.name().to_string(), komi];
        if let Some(o) = request.off_board {
            args.extend([o.black.to_string(), o.white.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let text = self.ok_searching("gorules-count", &args)?;
        let mut out = CountOutcome::default();
        for word in text.split_whitespace() {
            let (k, v) = word
                .split_once('=')
                .ok_or_else(|| not_key_value("gorules-count", word))?;
            let field = || {
                malformed(Malformed::Field {
                    command: "gorules-count".into(),
                    field: k.to_string(),
                    value: v.to_string(),
                })
            };
            let value = match k {
                "margin" => Expected::Margin(v.parse().map_err(|_| field())?),
                "lifted" => {
                    let (b, w) = v.split_once(',').ok_or_else(field)?;
                    Expected::PerColor(PerColor {
                        black: b.parse().map_err(|_| field())?,
                        white: w.parse().map_err(|_| field())?,
                    })
                }
                "black" | "white" | "half_board" | "target" | "difference" => {
                    Expected::Amount(v.parse().map_err(|_| field())?)
                }
                _ => Expected::Number(v.parse().map_err(|_| field())?),
            };
            out.values.insert(k.to_string(), value);
        }
        if !out.values.contains_key("margin") {
            return Err(malformed(Malformed::NoField {
                command: "gorules-count".into(),
                field: "margin".into(),
            }));
        }
        Ok(out)
    }

    fn game(&mut self, start: &Start, gm: &GameMoves) -> Result<GameOutcome, EngineError> {
        let (final_grid, prisoners) = match &gm.alternation {
            None => (start.board.clone(), start.prisoners),
            Some(line) => {
                let (last, ended) = self.play_to_end(start, Phase::Alternation, line)?;
                match ended.as_deref() {
                    Some("no-result") => {
                        let prisoners = self.prisoners()?;
                        return Ok(GameOutcome {
                            no_result: true,
                            prisoners,
                            ..GameOutcome::default()
                        });
                    }
                    Some("passes") => {}
                    _ => return Err(refused("the alternation has not ended")),
                }
                (last, self.prisoners()?)
            }
        };
        let analysis_start = Start {
            board: final_grid.clone(),
            history: None,
            prisoners: Prisoners::default(),
            ..start.clone()
        };
        let single = matches!(&start.ruleset, Ruleset::Naj(o) if o.analyses == Analyses::Single);
        let play_side = |r: &mut Remote,
                         phase: Phase,
                         ms: &Option<Line>,
                         colors: &[Color]|
         -> Result<Vec<Side>, EngineError> {
            let Some(ms) = ms else { return Ok(Vec::new()) };
            let (_, ended) = r.play_to_end(&analysis_start, phase, ms)?;
            if ended.as_deref() != Some("passes") {
                return Err(refused(format!("the {} has not ended", phase.name())));
            }
            colors.iter().map(|c| r.side(*c, &final_grid)).collect()
        };
        let (black, white) = if single {
            let mut both = play_side(
                self,
                Phase::Analysis,
                &gm.analysis,
                &[Color::Black, Color::White],
            )?
            .into_iter();
            (both.next(), both.next())
        } else {
            let b = play_side(
                self,
                Phase::BlackAnalysis,
                &gm.black_analysis,
                &[Color::Black],
            )?
            .into_iter()
            .next();
            let w = play_side(
                self,
                Phase::WhiteAnalysis,
                &gm.white_analysis,
                &[Color::White],
            )?
            .into_iter()
            .next();
            (b, w)
        };
        let totals = match (&black, &white) {
            (Some(b), Some(w)) => {
                let (f, br, wr) = (
                    one_line(&final_grid),
                    b.reference.as_ref().map(one_line).unwrap_or_default(),
                    w.reference.as_ref().map(one_line).unwrap_or_default(),
                );
                let (pb, pw) = (prisoners.black.to_string(), prisoners.white.to_string());
                let t = self.ok("gorules-score", &[&f, &br, &wr, &pb, &pw])?;
                let field = |k: &str| -> Result<i32, EngineError> {
                    t.split_whitespace()
                        .find_map(|w| w.strip_prefix(k).and_then(|v| v.strip_prefix('=')))
                        .and_then(|v| v.parse().ok())
                        .ok_or_else(|| answered("gorules-score", &t))
                };
                Some((field("board_score")?, field("score")?))
            }
            _ => None,
        };
        Ok(GameOutcome {
            final_position: Some(final_grid),
            prisoners,
            no_result: false,
            black,
            white,
            prisoner_difference: prisoners.black as i32 - prisoners.white as i32,
            board_score: totals.map(|t| t.0),
            score: totals.map(|t| t.1),
        })
    }

    fn class_game(
        &mut self,
        start: &Start,
        game: &ClassGame,
    ) -> Result<ClassGameOutcome, EngineError> {
        self.setup(start, Phase::Alternation, &game.moves)?;
        let (width, height) = (start.board.width(), start.board.height());
        let mut stages = Vec::new();
        let mut refused_at = None;
        let mut removal_refused = None;
        let play_all = |r: &mut Remote, moves: &[Move], offset: usize, stages: &mut Vec<String>| {
            for (i, m) in moves.iter().enumerate() {
                let v = move_word(m, height)?;
                let answer = r.gtp()?.send("play", &[player_word(m.player), &v])?;
                if !answer.success {
                    return Ok(Some((offset + i, answer.text.trim().to_string())));
                }
                stages.push(r.state_ended()?.unwrap_or_default());
            }
            Ok::<_, EngineError>(None)
        };
        refused_at = refused_at.or(play_all(self, &game.moves, 0, &mut stages)?);
        if refused_at.is_none() && !game.removals.is_empty() {
            let words = game
                .removals
                .iter()
                .map(|a| vertex((a.col, a.row), height))
                .collect::<Result<Vec<_>, _>>()?;
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            let r = self.gtp()?.send("gorules-remove", &args)?;
            if !r.success {
                removal_refused = Some(r.text.trim().to_string());
            }
        }
        if refused_at.is_none() && removal_refused.is_none() {
            refused_at = play_all(self, &game.then, game.moves.len(), &mut stages)?;
        }
        let position = self.position(width, height)?;
        let t = self.ok("gorules-class-score", &[])?;
        let field = |k: &str| {
            t.split_whitespace()
                .find_map(|w| w.strip_prefix(k).and_then(|v| v.strip_prefix('=')))
                .and_then(|v| v.parse::<u64>().ok())
        };
        let scores = Said {
            value: field("black").zip(field("white")),
            text: t.trim().to_string(),
        };
        let f = self.ok("final_score", &[])?;
        Ok(ClassGameOutcome {
            stages,
            refused: refused_at,
            removal_refused,
            position,
            scores,
            result: Said::read(f.trim(), |t| t.parse().ok()),
        })
    }

    fn final_score(&mut self, start: &Start, after: &[Move]) -> Result<Said<Margin>, EngineError> {
        self.setup(start, Phase::Alternation, after)?;
        if !self.capabilities.extensions() && self.capabilities.knows("komi") {
            // PROTO-12.5: an engine without the extensions is given the case's komi (its own default may differ).
            self.ok("komi", &[&case_komi(start)])?;
        }
        let height = start.board.height();
        for (i, m) in after.iter().enumerate() {
            if !matches!(self.play(m, height)?, Played::Ok) {
                return Err(refused(format!("move {} of `after` is not legal", i + 1)));
            }
        }
        let f = self.ok_searching("final_score", &[])?;
        Ok(Said::read(f.trim(), |t| t.parse().ok()))
    }
}

/// PROTO-6, PROTO-12.5: the komi of a case's ruleset as GTP writes it (0 for a ruleset without komi).
fn case_komi(start: &Start) -> String {
    match &start.ruleset {
        Ruleset::Class(_, o) => o.komi.to_string(),
        Ruleset::Japanese1989(o) => o.komi.to_string(),
        _ => "0".to_string(),
    }
}

/// PROTO-10: whether a check's failure is the engine's refusal to decide a status beyond the search's allowance
/// (`? the status search needs more than N nodes`, `... more time ...`, `... lines longer than N moves`): the
/// claim is then neither confirmed nor refuted (the readings matrix counts it undecided, PROTO-7.2).
pub fn beyond_search_allowance(message: &str) -> bool {
    message.contains("the status search needs more")
        || message.contains("the status search needs lines longer")
}

/// PROTO-11.11: whether a check's failure is the engine's refusal to read statuses from played confirmations
/// that were not played (`? no confirmation with ... attacking was played (J89-R2, as-played)`): a claim without
/// the players' lines cannot be judged under `confirmation: as-played`.
pub fn no_played_confirmation(message: &str) -> bool {
    message.contains("was played (J89-R2, as-played)")
}

#[cfg(test)]
mod tests {
    use super::{engine_time_limit, Color, EngineError, ForceAnswer, LineEnd, Move, Player};
    use std::time::Duration;

    #[test]
    fn a_forcing_answer_is_read_or_refused_as_malformed() {
        // PROTO-14.2: the answer, what the line's end shows and the line, White moving first.
        let read = |text: &str| super::parse_force(text, Color::White, (5, 5));
        assert_eq!(
            read("yes cycle C1 A1 pass"),
            Ok(ForceAnswer::Answered {
                yes: true,
                shows: LineEnd::Cycle,
                line: vec![
                    Move {
                        player: Player::White,
                        at: Some((2, 4))
                    },
                    Move {
                        player: Player::Black,
                        at: Some((0, 4))
                    },
                    Move {
                        player: Player::White,
                        at: None
                    },
                ],
            })
        );
        assert_eq!(
            read("out-of-reach nodes=12 limit=time"),
            Ok(ForceAnswer::OutOfReach {
                nodes: 12,
                limit: "time".into()
            })
        );
        for bad in [
            "maybe kept pass",
            "yes",
            "yes sure pass",
            "no broken",
            "no broken Z1",
            "no broken C9",
            "out-of-reach",
        ] {
            assert!(
                matches!(read(bad), Err(EngineError::Malformed(_))),
                "{bad}: {:?}",
                read(bad)
            );
        }
    }

    #[test]
    fn the_engine_gets_nine_tenths_of_the_solver_timeout() {
        assert_eq!(engine_time_limit(Duration::from_secs(600)), "540.000");
        assert_eq!(engine_time_limit(Duration::from_millis(1)), "0.001");
        assert_eq!(
            engine_time_limit(Duration::from_secs(10_000_000)),
            "604800.000"
        );
    }
}
