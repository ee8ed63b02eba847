//! CASE-7 for the rule classes of seed 003 (CASE-11): the `game_end` and `final_score` checks against the board
//! and the ruleset, and which checks a rule class takes.

use super::{moves_ok, size_msg};
use crate::classes::{FinalScore, GameEnd, RuleClass};
use crate::drawn::{Board, Labels};
use crate::model::{Case, Check, Phase, Ruleset};
use crate::moves::MovesSpec;
use gorules_grammar::Vertex;

/// CASE-3, CASE-11: one line of moves, written to its end, with the number of its moves.
fn one_line(
    what: &str,
    m: &MovesSpec,
    board: &Board,
    labels: Option<&Labels>,
    start: Option<&Board>,
    e: &mut dyn FnMut(String),
) -> usize {
    let alts = moves_ok(m, board, labels, start, &mut |x| e(format!("{what}: {x}")));
    if alts.len() > 1 {
        e(format!("{what}: one line of moves, without alternatives"));
    }
    match alts.first() {
        Some(a) if a.continues || a.cycle_start.is_some() => {
            e(format!(
                "{what}: the moves are written to their end (no `..`, no cycle)"
            ));
            a.moves.len()
        }
        Some(a) => a.moves.len(),
        None => 0,
    }
}

/// CASE-11.1: the moves stop and end the game where the check says, removals name board points, and the
/// final position has the board's size.
pub(super) fn game_end(
    g: &GameEnd,
    class: Option<RuleClass>,
    board: &Board,
    labels: Option<&Labels>,
    e: &mut dyn FnMut(String),
) {
    let before = one_line("moves", &g.moves, board, labels, Some(board), e);
    let after = match &g.then {
        Some(t) => one_line("then", t, board, labels, None, e),
        None => 0,
    };
    let agreement = class.is_some_and(RuleClass::stops_before_end);
    if agreement {
        match g.stops_after {
            Some(n) if n == before => {}
            Some(n) => e(format!(
                "stops_after is {n}, but `moves` has {before} moves: they go to the stop (CASE-11.1)"
            )),
            None => e("under agreement-area a game_end says where the game stops: stops_after (CASE-11.1)".into()),
        }
        if g.then.is_none() {
            e("under agreement-area the moves after the stop are `then`; two passes there end the game (CASE-11.1)".into());
        }
    } else if g.stops_after.is_some() || !g.agreed_removals.is_empty() || g.then.is_some() {
        e("stops_after, agreed_removals and then belong to the agreement-area ruleset (CASE-11.1)".into());
    }
    if g.ends_after != before + after {
        e(format!(
            "ends_after is {}, but the moves number {}: the game ends with the last move (CASE-11.1)",
            g.ends_after,
            before + after
        ));
    }
    let (w, h) = board.size();
    for v in &g.agreed_removals {
        let on_board = Vertex::parse(v)
            .ok()
            .and_then(|x| x.to_col_row(h))
            .is_some_and(|(c, _)| c < w);
        if !on_board {
            e(format!(
                "agreed_removals: `{v}` is not a GTP vertex of this {w}x{h} board"
            ));
        }
    }
    if let Some(f) = &g.final_position {
        if f.size() != board.size() {
            e(size_msg("final", f.size(), board.size()));
        }
    }
    if g.final_position.is_none() && g.black.is_none() && g.white.is_none() && g.result.is_none() {
        e(
            "a game_end check expects at least one of final, black, white, result (CASE-11.1)"
                .into(),
        );
    }
}

/// CASE-11.2: the moves played first are one line written to its end.
pub(super) fn final_score(
    c: &FinalScore,
    board: &Board,
    labels: Option<&Labels>,
    e: &mut dyn FnMut(String),
) {
    if let Some(a) = &c.after {
        one_line("after", a, board, labels, Some(board), e);
    }
}

/// CASE-11: a rule class takes `game_end`, `final_score`, and legality and replay checks in the alternation;
/// `game_end` belongs to a rule class, `final_score` to a rule class or Japanese 1989; the case names the
/// class's feature.
pub(super) fn belongs(case: &Case, check: &Check, e: &mut dyn FnMut(String)) {
    let class = match &case.ruleset {
        Ruleset::Class(c, _) => Some(*c),
        _ => None,
    };
    match (check, class) {
        (Check::GameEnd(_), None) => {
            e("game_end checks belong to a rule class: stone, area or agreement-area (CASE-11)".into())
        }
        (Check::FinalScore(_), None) if !matches!(case.ruleset, Ruleset::Japanese1989(_)) => e(
            "final_score checks belong to a rule class or to japanese-1989 (CASE-11.2)".into(),
        ),
        (Check::GameEnd(_) | Check::FinalScore(_), _) | (_, None) => {}
        (Check::Legality(c), Some(_)) if c.phase == Phase::Alternation => {}
        (Check::Replay(c), Some(_)) if c.phase == Phase::Alternation => {}
        (_, Some(_)) => e("a rule class takes game_end and final_score checks, and legality and replay checks in the alternation (CASE-11)".into()),
    }
    if let Some(c) = class {
        if !case.features.contains(&c.feature()) {
            e(format!(
                "a case of the {} ruleset names the feature `{}` (CASE-11)",
                c.ruleset_name(),
                c.feature()
            ));
        }
    }
}
