//! Replaying an SGF game record through an engine beside the reference engine, move by move (issue 22,
//! `gorules-runner --replay-sgf FILE`).
//!
//! The record's main line is read (the first variation at each branch; the report says how many variations were
//! left aside) into *stretches*: a start position, whose turn it is, and the moves that alternate from it. A new
//! stretch starts where the players stop alternating (two moves of one colour) and at a setup node in mid-game
//! (`AB`, `AW`, `AE` after a move): the position then is the reference's position so far with the setup applied,
//! and the ko history starts again there (the report says so). Passes are `B[]`, or `B[tt]` on boards up to
//! 19x19; moves after two passes are played on (a move-sequence, CORE-7, has no end; the report notes them).
//! Handicap stones (`AB` in the root) are the first position; `RU`, `KM` and `HA` are reported, not used: the
//! reference plays the ko and suicide rules of the profile (simple ko, suicide prohibited without one), and
//! legality does not depend on komi.
//!
//! Each stretch is replayed in both engines as a `sequence` phase (PROTO-3.4); the first move whose legality or
//! following position differs is the disagreement reported.

use super::{point, points, read, size, GameTree, Node};
use crate::engine::{At, Engine, Grid, ReplayOutcome, Start};
use gorules_cases::model::{
    Color, CoreOptions, Feature, KoRule, Phase, Prisoners, Ruleset, Suicide,
};
use gorules_cases::moves::Move;
use gorules_grammar::{Player, StoneColor, Vertex};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// A game record read for replay.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// What the record says of itself (rules, komi, handicap, variations left aside), for the report.
    pub notes: Vec<String>,
    /// The main line, in order.
    pub events: Vec<Event>,
}

/// One step of the main line.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Setup stones: points made black, white, empty (`AB`, `AW`, `AE`), and `PL` if given.
    Setup {
        /// `AB`.
        black: Vec<(usize, usize)>,
        /// `AW`.
        white: Vec<(usize, usize)>,
        /// `AE`.
        empty: Vec<(usize, usize)>,
        /// `PL`.
        to_move: Option<Color>,
    },
    /// A move (`B`, `W`); a pass has no point.
    Move(Move),
}

/// Reads a game record from a file's bytes (UTF-8, or else ISO-8859-1: see [`super::text_of`]).
pub fn read_record_bytes(bytes: Vec<u8>) -> Result<GameRecord, String> {
    let (text, latin1) = super::text_of(bytes);
    let mut record = read_record(&text)?;
    if latin1 {
        record.notes.insert(
            0,
            "the file is not UTF-8: read as ISO-8859-1, FF[4]'s default character set".into(),
        );
    }
    Ok(record)
}

/// Reads a game record: the first game tree of the file, its main line.
pub fn read_record(text: &str) -> Result<GameRecord, String> {
    let c = read(text).map_err(|e| e.to_string())?;
    let tree = c.0.first().ok_or("no game tree")?;
    let mut notes = Vec::new();
    if c.0.len() > 1 {
        notes.push(format!(
            "the file holds {} game trees: the first is replayed",
            c.0.len()
        ));
    }
    let root = &tree.nodes[0];
    if let Some(gm) = root.first("GM") {
        if gm.trim() != "1" {
            return Err(format!("GM[{gm}]: not a game of Go (GM[1])"));
        }
    }
    let (width, height) = match root.first("SZ") {
        Some(v) => size(v)?,
        None => (19, 19),
    };
    for (id, what) in [("RU", "rules"), ("KM", "komi"), ("HA", "handicap")] {
        if let Some(v) = root.first(id) {
            notes.push(format!("{what} {id}[{v}]: reported only"));
        }
    }
    let mut nodes: Vec<&Node> = Vec::new();
    let mut left_aside = 0;
    let mut t: &GameTree = tree;
    loop {
        nodes.extend(t.nodes.iter());
        left_aside += t.variations.len().saturating_sub(1);
        match t.variations.first() {
            Some(v) => t = v,
            None => break,
        }
    }
    if left_aside > 0 {
        notes.push(format!(
            "{left_aside} variation(s) left aside: the main line (the first variation at each branch) is replayed"
        ));
    }
    let mut events = Vec::new();
    for (n, node) in nodes.iter().enumerate() {
        let at = |e: String| format!("node {}: {e}", n + 1);
        let list = |id: &str| -> Result<Vec<(usize, usize)>, String> {
            let mut out = Vec::new();
            for v in node.values(id) {
                out.extend(points(v, width, height).map_err(|e| at(format!("{id}: {e}")))?);
            }
            Ok(out)
        };
        let (black, white, empty) = (list("AB")?, list("AW")?, list("AE")?);
        let to_move = match node.first("PL") {
            None => None,
            Some(v) => Some(color(v).ok_or_else(|| at(format!("PL[{v}]: expected B or W")))?),
        };
        if !black.is_empty() || !white.is_empty() || !empty.is_empty() || to_move.is_some() {
            events.push(Event::Setup {
                black,
                white,
                empty,
                to_move,
            });
        }
        for (id, player) in [("B", Player::Black), ("W", Player::White)] {
            if let Some(v) = node.first(id) {
                let at_point =
                    point(v, width, height).map_err(|e| at(format!("{id}[{v}]: {e}")))?;
                events.push(Event::Move(Move {
                    player,
                    at: at_point,
                }));
            }
        }
    }
    Ok(GameRecord {
        width,
        height,
        notes,
        events,
    })
}

fn color(v: &str) -> Option<Color> {
    match v.trim() {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
        _ => None,
    }
}

/// The core rules the reference plays for an engine with `features` (a profile's): its ko rule and suicide
/// rule; simple ko and suicide prohibited (GNU Go's defaults) when they say nothing.
pub fn rules_for(features: Option<&BTreeSet<Feature>>) -> Ruleset {
    let has = |f: Feature| features.is_some_and(|s| s.contains(&f));
    let ko = if has(Feature::PositionalSuperko) {
        KoRule::PositionalSuperko
    } else if has(Feature::SituationalSuperko) {
        KoRule::SituationalSuperko
    } else {
        KoRule::SimpleKo
    };
    let suicide = if has(Feature::SuicideAllowed) {
        Suicide::Allowed
    } else {
        Suicide::Prohibited
    };
    Ruleset::Core(CoreOptions {
        ko: vec![ko],
        suicide,
        ..CoreOptions::default()
    })
}

/// How a replay ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// Every move replayed, both engines agreeing.
    Agreed,
    /// The first disagreement, described.
    Disagreed(String),
    /// Both engines found a move illegal: the record breaks the rules as the reference plays them.
    IllegalInRecord(String),
    /// The replay could not go on (an engine failed or refused a setup).
    Stopped(String),
}

/// A replay's report: what was replayed, the notes, and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Moves both engines played and agreed on.
    pub agreed_moves: usize,
    /// Moves in the main line.
    pub moves: usize,
    /// Notes: the record's rules and komi, variations, stretches started again.
    pub notes: Vec<String>,
    /// How it ended.
    pub ending: Ending,
    /// The reference's position after the last move, when the two agreed on every move.
    pub final_position: Option<Grid>,
}

impl Report {
    /// The report as text for the terminal.
    pub fn text(&self, engine: &str, rules: &Ruleset) -> String {
        let mut out = String::new();
        let rules = crate::remote::ruleset_args(rules)
            .map(|a| a.join(" "))
            .unwrap_or_default();
        let _ = writeln!(out, "engine: {engine}\nreference: gorules-engine, {rules}");
        for n in &self.notes {
            let _ = writeln!(out, "note: {n}");
        }
        let _ = writeln!(out, "moves agreed: {} of {}", self.agreed_moves, self.moves);
        let _ = match &self.ending {
            Ending::Agreed => writeln!(
                out,
                "result: the engine and the reference agree on every move"
            ),
            Ending::Disagreed(d) => writeln!(out, "result: FIRST DISAGREEMENT\n{d}"),
            Ending::IllegalInRecord(d) => {
                writeln!(out, "result: the record has an illegal move\n{d}")
            }
            Ending::Stopped(d) => writeln!(out, "result: STOPPED\n{d}"),
        };
        if let Some(p) = &self.final_position {
            let _ = writeln!(out, "the position at the end:\n{p}");
        }
        out
    }
}

/// `move 37 (White D4)`.
fn describe(number: usize, m: &Move, height: usize) -> String {
    let who = if m.player == Player::Black {
        "Black"
    } else {
        "White"
    };
    match m.at.and_then(|(c, r)| Vertex::from_col_row(c, r, height)) {
        None => format!("move {number} ({who} pass)"),
        Some(v) => format!("move {number} ({who} {v})"),
    }
}

/// Replays `record` in `engine` and in `reference` (both set up with `rules`), stretch by stretch.
pub fn replay(
    record: &GameRecord,
    rules: &Ruleset,
    engine: &mut dyn Engine,
    reference: &mut dyn Engine,
) -> Report {
    let (w, h) = (record.width, record.height);
    let mut notes = record.notes.clone();
    let moves_total = record
        .events
        .iter()
        .filter(|e| matches!(e, Event::Move(_)))
        .count();
    let mut board =
        Grid::new(w, vec![None; w * h]).unwrap_or_else(|| unreachable!("a size is at least 1x1"));
    let mut to_move: Option<Color> = None;
    let mut stretch: Vec<Move> = Vec::new();
    let mut done = 0; // moves agreed before the current stretch
    let mut passes = 0;
    let mut after_two_passes_noted = false;
    let mut i = 0;
    let events = &record.events;
    let report = |agreed: usize, notes: Vec<String>, ending: Ending| Report {
        agreed_moves: agreed,
        moves: moves_total,
        notes,
        ending,
        final_position: None,
    };
    loop {
        // Gather one stretch: moves that alternate, up to a setup after a move or a colour playing twice.
        let mut restart_why = None;
        while i < events.len() {
            match &events[i] {
                Event::Move(m) => {
                    let alternates = stretch.last().is_none_or(|p: &Move| p.player != m.player);
                    if !alternates {
                        restart_why = Some(format!(
                            "{}: {} plays twice in a row; the replay goes on from the position so far, the ko history started again",
                            describe(done + stretch.len() + 1, m, h),
                            if m.player == Player::Black { "Black" } else { "White" }
                        ));
                        break;
                    }
                    if passes >= 2 && !after_two_passes_noted {
                        notes.push(format!(
                            "{} comes after two passes: the record goes on, and so does the replay (a move-sequence, CORE-7, has no end)",
                            describe(done + stretch.len() + 1, m, h)
                        ));
                        after_two_passes_noted = true;
                    }
                    passes = if m.at.is_none() { passes + 1 } else { 0 };
                    stretch.push(*m);
                    i += 1;
                }
                Event::Setup { .. } if !stretch.is_empty() => {
                    restart_why = Some(format!(
                        "a setup node after move {}: the replay goes on from the position it makes, the ko history started again",
                        done + stretch.len()
                    ));
                    break;
                }
                Event::Setup {
                    black,
                    white,
                    empty,
                    to_move: pl,
                } => {
                    let mut cells: Vec<Option<StoneColor>> =
                        board.points().map(|(_, p)| p).collect();
                    for (list, p) in [
                        (empty, None),
                        (black, Some(StoneColor::Black)),
                        (white, Some(StoneColor::White)),
                    ] {
                        for &(c, r) in list {
                            cells[r * w + c] = p;
                        }
                    }
                    board = Grid::new(w, cells).unwrap_or_else(|| unreachable!("the same size"));
                    if pl.is_some() {
                        to_move = *pl;
                    }
                    i += 1;
                }
            }
        }
        if !stretch.is_empty() {
            let start = Start {
                ruleset: rules.clone(),
                board: board.clone(),
                to_move: to_move.or(Some(if stretch[0].player == Player::Black {
                    Color::Black
                } else {
                    Color::White
                })),
                prisoners: Prisoners::default(),
                history: None,
            };
            let theirs = match engine.replay(&start, Phase::Sequence, &stretch) {
                Ok(o) => o,
                Err(e) => {
                    let ending = Ending::Stopped(format!(
                        "the engine failed replaying moves {} to {}: {e}",
                        done + 1,
                        done + stretch.len()
                    ));
                    return report(done, notes, ending);
                }
            };
            let ours = match reference.replay(&start, Phase::Sequence, &stretch) {
                Ok(o) => o,
                Err(e) => {
                    return report(
                        done,
                        notes,
                        Ending::Stopped(format!("the reference failed: {e}")),
                    )
                }
            };
            if let Some((agreed, ending)) = compare(&stretch, done, h, &theirs, &ours) {
                return report(agreed, notes, ending);
            }
            done += stretch.len();
            if let Some(p) = ours.positions.last() {
                board = p.clone();
            }
            to_move = None;
            stretch.clear();
        }
        match restart_why {
            Some(why) => notes.push(why),
            None => {
                return Report {
                    final_position: Some(board),
                    ..report(done, notes, Ending::Agreed)
                }
            }
        }
    }
}

/// The first move where the two replays differ, as `(moves agreed before it, ending)`; `None` if they agree on
/// every move of the stretch. `done` moves came before the stretch.
fn compare(
    moves: &[Move],
    done: usize,
    height: usize,
    theirs: &ReplayOutcome,
    ours: &ReplayOutcome,
) -> Option<(usize, Ending)> {
    let word = |o: &ReplayOutcome, i: usize| match o.illegal {
        Some((j, r)) if j == i => format!(
            "illegal{}",
            r.map(|r| format!(" ({r})")).unwrap_or_default()
        ),
        _ => "legal".into(),
    };
    for (i, m) in moves.iter().enumerate() {
        let what = describe(done + i + 1, m, height);
        let (t_illegal, o_illegal) = (
            theirs.illegal.is_some_and(|(j, _)| j == i),
            ours.illegal.is_some_and(|(j, _)| j == i),
        );
        if t_illegal != o_illegal {
            return Some((
                done + i,
                Ending::Disagreed(format!(
                    "{what}: the engine says {}, the reference says {}\nposition before it (reference):\n{}",
                    word(theirs, i),
                    word(ours, i),
                    before(ours, i)
                )),
            ));
        }
        if o_illegal {
            return Some((
                done + i,
                Ending::IllegalInRecord(format!(
                    "{what}: both say illegal (reference: {})",
                    word(ours, i)
                )),
            ));
        }
        match (theirs.positions.get(i), ours.positions.get(i)) {
            (Some(t), Some(o)) if t != o => {
                let diff: Vec<String> = o
                    .points()
                    .filter(|&(at, p)| t.get(at) != p)
                    .map(|(at, _)| point_name(at, height))
                    .collect();
                return Some((
                    done + i,
                    Ending::Disagreed(format!(
                        "{what}: the position after it differs at {}\nthe engine's:\n{t}\nthe reference's:\n{o}",
                        diff.join(" ")
                    )),
                ));
            }
            (None, Some(_)) => {
                return Some((
                    done + i,
                    Ending::Stopped(format!(
                        "{what}: the engine stopped replaying here (a game it considers ended?)"
                    )),
                ))
            }
            _ => {}
        }
    }
    None
}

fn point_name(at: At, height: usize) -> String {
    Vertex::from_col_row(at.col, at.row, height)
        .map(|v| v.to_string())
        .unwrap_or_else(|| format!("({}, {})", at.col, at.row))
}

/// The reference's position before move `i` of a stretch (the position after move `i - 1`), or a note.
fn before(ours: &ReplayOutcome, i: usize) -> String {
    match i.checked_sub(1).and_then(|j| ours.positions.get(j)) {
        Some(p) => p.to_string(),
        None => "(the stretch's start position)".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::{read_record, Event};

    #[test]
    fn a_record_is_read_along_its_main_line() {
        let r = read_record(
            "(;GM[1]FF[4]SZ[9]RU[Japanese]KM[6.5]AB[cc][gg]\n;W[ee];B[];W[tt](;B[dd];AE[dd]AW[aa];W[ba])(;B[ff]))",
        )
        .expect("it reads");
        assert_eq!((r.width, r.height), (9, 9));
        assert!(
            r.notes.iter().any(|n| n.contains("RU[Japanese]")),
            "{:?}",
            r.notes
        );
        assert!(
            r.notes.iter().any(|n| n.contains("KM[6.5]")),
            "{:?}",
            r.notes
        );
        assert!(
            r.notes
                .iter()
                .any(|n| n.contains("1 variation(s) left aside")),
            "{:?}",
            r.notes
        );
        let moves: Vec<_> = r
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Move(m) => Some(m.at),
                Event::Setup { .. } => None,
            })
            .collect();
        assert_eq!(
            moves,
            vec![Some((4, 4)), None, None, Some((3, 3)), Some((1, 0))]
        );
        assert_eq!(
            r.events
                .iter()
                .filter(|e| matches!(e, Event::Setup { .. }))
                .count(),
            2
        );
        assert!(read_record("(;GM[2])")
            .expect_err("chess")
            .contains("GM[1]"));
        assert!(read_record("(;SZ[9];B[zz])")
            .expect_err("off")
            .contains("node 2: B[zz]"));
    }
}
