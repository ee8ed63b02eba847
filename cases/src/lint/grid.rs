//! CASE-7: the checks of grid cases (CASE-4), each against the case board and its labels, and what the core
//! ruleset (CASE-1.3a) and the solver (CASE-4.7) ask of them.

use super::{moves_ok, same_size, size_msg};
use crate::drawn::{Board, Labels};
use crate::model::{
    BestPlay, Case, Check, ColorOrBoth, Control, DutyKind, Feature, Force, Game, Immortal,
    KoIntersectionKind, KoIntersections, Legality, Phase, Replay, Ruleset,
};
use crate::moves::{MovesSpec, Segment};
use std::collections::BTreeSet;

/// CASE-4.1: `after` is one line of moves and `move` exactly one move, both resolving from the board.
pub(super) fn legality(
    c: &Legality,
    board: &Board,
    labels: Option<&Labels>,
    e: &mut dyn FnMut(String),
) {
    let after = c
        .after
        .as_ref()
        .map(|a| moves_ok(a, board, labels, Some(board), e));
    let start = if after.is_some() { None } else { Some(board) };
    let mv = moves_ok(&c.mv, board, labels, start, e);
    for alt in &mv {
        if alt.moves.len() != 1 || alt.continues || alt.cycle_start.is_some() {
            e("`move` must be exactly one move".into());
        }
    }
    if after.iter().flatten().count() > 1 {
        e("`after` has alternatives; a legality check takes one line of moves".into());
    }
}

/// CASE-4.2: the moves resolve from the board, `positions` name moves that are played, and every position is
/// drawn on the board's size.
pub(super) fn replay(
    c: &Replay,
    board: &Board,
    labels: Option<&Labels>,
    e: &mut dyn FnMut(String),
) {
    let alts = moves_ok(&c.moves, board, labels, Some(board), e);
    if c.end_reason.is_some() && c.ends == Some(false) {
        e("`end_reason` says how the phase ended, but `ends` is false".into());
    }
    for alt in &alts {
        for p in &c.positions {
            if p.after == 0 || p.after > alt.moves.len() {
                e(format!(
                    "`positions` names move {}, but the moves are {}",
                    p.after,
                    alt.moves.len()
                ));
            }
        }
    }
    for p in &c.positions {
        same_size(
            &format!("position after {}", p.after),
            &Some(p.board.clone()),
            board,
            e,
        );
    }
    // A replay with no other expectation still asserts that every move is legal.
    same_size("end", &c.end, board, e);
}

/// CASE-4.3: the position asked about and the expected one have the board's size.
pub(super) fn immortal(c: &Immortal, board: &Board, e: &mut dyn FnMut(String)) {
    same_size("board", &c.board, board, e);
    if c.expect.size() != board.size() {
        e(size_msg("expect", c.expect.size(), board.size()));
    }
}

/// CASE-4.4: one reference for one colour, both for `both`, every map of the board's size.
pub(super) fn control(c: &Control, board: &Board, e: &mut dyn FnMut(String)) {
    match c.color {
        ColorOrBoth::Both => {
            if c.black_reference.is_none() || c.white_reference.is_none() || c.reference.is_some() {
                e("`color: both` takes `black_reference` and `white_reference`".into());
            }
        }
        _ => {
            if c.reference.is_none() || c.black_reference.is_some() || c.white_reference.is_some() {
                e("a one-colour control check takes `reference`".into());
            }
        }
    }
    same_size("reference", &c.reference, board, e);
    same_size("black_reference", &c.black_reference, board, e);
    same_size("white_reference", &c.white_reference, board, e);
    if c.expect.size() != board.size() {
        e(size_msg("expect", c.expect.size(), board.size()));
    }
}

/// CASE-4.5: the game's moves resolve, its drawings have the board's size, and it expects something.
pub(super) fn game(g: &Game, board: &Board, labels: Option<&Labels>, e: &mut dyn FnMut(String)) {
    game_moves(g, board, labels, e);
    game_drawings(g, board, e);
    if !game_expects(g) {
        e("a game check expects at least one answer".into());
    }
}

/// CASE-4.5, NAJ-9.3: the alternation starts from the board, the analyses from it when it is the
/// final-position, and the single analysis excludes the two.
fn game_moves(g: &Game, board: &Board, labels: Option<&Labels>, e: &mut dyn FnMut(String)) {
    if let Some(a) = &g.alternation {
        moves_ok(a, board, labels, Some(board), e);
    }
    let final_known = if g.alternation.is_none() {
        Some(board)
    } else {
        None
    };
    for a in [&g.black_analysis, &g.white_analysis, &g.analysis]
        .into_iter()
        .flatten()
    {
        moves_ok(a, board, labels, final_known, e);
    }
    if g.analysis.is_some() && (g.black_analysis.is_some() || g.white_analysis.is_some()) {
        e("`analysis` (NAJ-9.3) excludes `black_analysis` and `white_analysis`".into());
    }
}

/// CASE-4.5: the expected positions and maps have the board's size.
fn game_drawings(g: &Game, board: &Board, e: &mut dyn FnMut(String)) {
    for (what, d) in [
        ("final", &g.final_position),
        ("black_reference", &g.black_reference),
        ("white_reference", &g.white_reference),
        ("reference", &g.reference),
    ] {
        same_size(what, d, board, e);
    }
    for (what, d) in [
        ("black_control", &g.black_control),
        ("white_control", &g.white_control),
        ("control", &g.control),
    ] {
        same_size(what, d, board, e);
    }
    same_size("black_points", &g.black_points, board, e);
    same_size("white_points", &g.white_points, board, e);
}

/// CASE-4.5: whether the check expects at least one answer.
fn game_expects(g: &Game) -> bool {
    [
        g.final_position.is_some(),
        g.black_reference.is_some(),
        g.white_reference.is_some(),
        g.reference.is_some(),
        g.black_control.is_some(),
        g.white_control.is_some(),
        g.control.is_some(),
        g.black_points.is_some(),
        g.white_points.is_some(),
        g.black_score.is_some(),
        g.white_score.is_some(),
        g.board_score.is_some(),
        g.prisoner_difference.is_some(),
        g.score.is_some(),
        g.result.is_some(),
    ]
    .contains(&true)
}

/// CASE-4.6: the moves resolve, the phase has a value, and the parts of the score belong to the alternation.
pub(super) fn best_play(
    b: &BestPlay,
    board: &Board,
    labels: Option<&Labels>,
    e: &mut dyn FnMut(String),
) {
    if let Some(a) = &b.after {
        moves_ok(a, board, labels, Some(board), e);
    }
    if let Some(l) = &b.line {
        let start = if b.after.is_some() { None } else { Some(board) };
        moves_ok(l, board, labels, start, e);
    }
    if matches!(b.phase, Phase::Sequence | Phase::Analysis) {
        e("best_play takes phase alternation, black-analysis or white-analysis".into());
    }
    if b.phase != Phase::Alternation && (b.board_score.is_some() || b.prisoner_difference.is_some())
    {
        e("board_score and prisoner_difference belong to the alternation".into());
    }
}

/// CASE-1.3a: the core ruleset takes ko_intersections checks, and legality and replay checks in the
/// alternation, a sequence or the default restriction rules' move-sequence.
pub(super) fn core_phase(case: &Case, check: &Check, e: &mut dyn FnMut(String)) {
    if !matches!(case.ruleset, Ruleset::Core(_)) {
        return;
    }
    let phase_ok = match check {
        Check::Legality(c) => core_takes(c.phase),
        Check::Replay(c) => core_takes(c.phase),
        Check::KoIntersections(_) | Check::Force(_) => true,
        Check::Count(_) => true,
        _ => false,
    };
    if !phase_ok {
        e(
            "the core ruleset takes ko_intersections and count checks, and legality and replay checks in \
             the alternation, a sequence or the default-restriction phase"
                .into(),
        );
    }
}

/// CASE-4.6, CASE-4.7: a check that leaves moves to best play names the feature `naj-best-play`.
pub(super) fn solver_feature(case: &Case, check: &Check, e: &mut dyn FnMut(String)) {
    let needs_solver = matches!(check, Check::BestPlay(_)) || game_needs_solver(case, check);
    let common = check.common();
    let has = |f: Feature| case.features.contains(&f) || common.features.contains(&f);
    if needs_solver && !has(Feature::NajBestPlay) {
        e(format!(
            "a {} check that leaves moves to best play needs the feature `naj-best-play` (CASE-4.7)",
            check.kind()
        ));
    }
}

/// CASE-4.7: a game check that leaves moves to best play: an analysis not given (two analyses) or one that
/// continues, or an alternation that continues.
fn game_needs_solver(case: &Case, check: &Check) -> bool {
    let Check::Game(g) = check else { return false };
    let needed = g.analyses_needed(&case.ruleset);
    let missing = (needed.single && g.analysis.is_none())
        || (needed.black && g.black_analysis.is_none())
        || (needed.white && g.white_analysis.is_none());
    continues(&g.alternation)
        || continues(&g.black_analysis)
        || continues(&g.white_analysis)
        || continues(&g.analysis)
        || missing
}

/// NOT-4.2: whether some alternative of the moves, when given, ends in a sequence that continues (`..`).
fn continues(m: &Option<MovesSpec>) -> bool {
    m.as_ref().is_some_and(|m| {
        m.alternatives().iter().any(|segs| {
            segs.last().is_some_and(
                |s| matches!(s, Segment::Notation { sequence, .. } if sequence.continues()),
            )
        })
    })
}

/// CASE-1.3a: the phases of the core ruleset's legality and replay checks.
fn core_takes(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::Alternation | Phase::Sequence | Phase::DefaultRestriction
    )
}

/// CASE-13: the region's and the expected vertices are on the board, the expected ones in the region; komi only
/// for the global kind.
pub(super) fn ko_intersections(c: &KoIntersections, board: &Board, e: &mut dyn FnMut(String)) {
    let region = region_vertices("region", &c.region, board, e);
    let expect = region_vertices("expect", &c.expect, board, e);
    if region.is_empty() {
        e("`region` names no intersection".into());
    }
    let asked = match &c.asked {
        Some(text) => {
            let asked = region_vertices("asked", text, board, e);
            if asked.is_empty() {
                e("`asked` names no intersection".into());
            }
            if !asked.is_subset(&region) {
                e("`asked` names an intersection outside `region`".into());
            }
            asked
        }
        None => region,
    };
    if !expect.is_subset(&asked) {
        e(match c.asked {
            Some(_) => "`expect` names an intersection outside `asked`".into(),
            None => "`expect` names an intersection outside `region`".into(),
        });
    }
    match (c.kind, c.komi) {
        (KoIntersectionKind::Global, None) => e("a global check takes `komi`".into()),
        (KoIntersectionKind::Basic | KoIntersectionKind::Local, Some(_)) => {
            e("only a global check takes `komi`".into())
        }
        _ => {}
    }
}

/// CASE-13.2: the region's vertices are on the board and name at least one; komi only for the global duty.
pub(super) fn force(c: &Force, board: &Board, e: &mut dyn FnMut(String)) {
    if region_vertices("region", &c.region, board, e).is_empty() {
        e("`region` names no intersection".into());
    }
    match (c.duty, c.komi) {
        (DutyKind::Global, None) => e("a global duty takes `komi`".into()),
        (DutyKind::Local, Some(_)) => e("only a global duty takes `komi`".into()),
        _ => {}
    }
}

/// CASE-13: the vertices of `text` (field `field`), each on the board.
fn region_vertices(
    field: &str,
    text: &str,
    board: &Board,
    e: &mut dyn FnMut(String),
) -> BTreeSet<(usize, usize)> {
    let (width, height) = board.size();
    let mut found = BTreeSet::new();
    for word in text.split_whitespace() {
        match gorules_grammar::Vertex::parse(word)
            .ok()
            .and_then(|v| v.to_col_row(height))
            .filter(|&(col, _)| col < width)
        {
            Some(at) => {
                found.insert(at);
            }
            None => e(format!("`{field}`: `{word}` is not a vertex of the board")),
        }
    }
    found
}
