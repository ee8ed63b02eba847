//! CASE-7 for the Japanese 1989 cases (CASE-9): the `status`, `territory` and `j89_game` checks against the
//! board, the played confirmations (CASE-9.5), and which checks the ruleset takes.

use super::{moves_ok, size_msg};
use crate::drawn::{Board, Labels};
use crate::j89::{Article13, Confirmation, ConfirmationLines, J89Game, J89Stage, J89Step};
use crate::model::{Case, Check, Color, Feature, J89Options, Phase, Ruleset, Status, Territory};
use gorules_grammar::{Cell, StoneColor};

/// CASE-9.2: the status map has the board's size and marks each point with a status of its own stone.
pub(super) fn status(c: &Status, board: &Board, e: &mut dyn FnMut(String)) {
    if c.statuses.size() != board.size() {
        e(size_msg("statuses", c.statuses.size(), board.size()));
    }
    for ((col, row), cell) in c.statuses.diagram().cells() {
        let stone = board.diagram().get(col, row).and_then(|b| b.board_point());
        let fits = matches!(
            (stone, cell),
            (Some(None), Cell::Empty)
                | (Some(Some(StoneColor::Black)), Cell::Mark(_))
                | (Some(Some(StoneColor::White)), Cell::Label(_))
        );
        if !fits {
            e(format!(
                "statuses: `{}` at row {} column {} does not fit the board's `{}` there (`.` on empty points, A D S on Black's stones, a d s on White's)",
                cell.text(), row + 1, col + 1,
                board.diagram().get(col, row).map(|x| x.text()).unwrap_or_default()
            ));
            break;
        }
    }
}

/// CASE-9.3: the territory map has the board's size, keeps or removes each stone, and puts no stone on an
/// empty point.
pub(super) fn territory(c: &Territory, board: &Board, e: &mut dyn FnMut(String)) {
    if c.territory.size() != board.size() {
        e(size_msg("territory", c.territory.size(), board.size()));
    }
    for ((col, row), cell) in c.territory.diagram().cells() {
        let stone = board.diagram().get(col, row).and_then(|b| b.board_point());
        let fits = match (stone, cell) {
            // A stone stays as it is, or its point is territory once it is removed.
            (Some(Some(c)), Cell::Stone(m)) => c == m,
            (Some(Some(_)), Cell::Label(_)) => true,
            // A dead stone outside territory taken off under `dead_outside_territory: remove`.
            (Some(Some(_)), Cell::Empty) => true,
            (Some(None), Cell::Stone(_)) => false,
            (Some(None), _) => true,
            _ => false,
        };
        if !fits {
            e(format!(
                "territory: `{}` at row {} column {} does not fit the board's `{}` there",
                cell.text(),
                row + 1,
                col + 1,
                board
                    .diagram()
                    .get(col, row)
                    .map(|x| x.text())
                    .unwrap_or_default()
            ));
            break;
        }
    }
}

/// CASE-9.4: the steps and effective moves resolve, the check expects something, names `j89-game`, and
/// gives no result to a game still going on.
pub(super) fn j89_game(
    g: &J89Game,
    board: &Board,
    labels: Option<&Labels>,
    e: &mut dyn FnMut(String),
) {
    for step in &g.steps {
        j89_step(step, board, labels, e);
    }
    effective_moves(g, board, labels, e);
    let expects = [
        g.stage.is_some(),
        g.to_move.is_some(),
        g.prisoners.is_some(),
        g.recurs.is_some(),
        g.result.is_some(),
        g.effective_moves.is_some(),
    ];
    if !expects.contains(&true) && !g.steps.iter().any(|s| matches!(s, J89Step::Refused(_))) {
        e("a j89_game check expects at least one answer (stage, to_move, prisoners, recurs, result, effective_moves or a refused move)".into());
    }
    if !g.features.contains(&Feature::J89Game) {
        e("a j89_game check names the feature `j89-game` in its own `features` (CASE-9.4)".into());
    }
    if g.result.is_some() && g.stage == Some(J89Stage::Playing) {
        e(
            "a game that is still going on has no result (J89-10): drop `result` or the stage"
                .into(),
        );
    }
}

/// CASE-9.4: a `moves` or `fill` step is one line of moves, a `refused` step exactly one move.
fn j89_step(step: &J89Step, board: &Board, labels: Option<&Labels>, e: &mut dyn FnMut(String)) {
    match step {
        J89Step::Moves(m) | J89Step::Fill(m) => {
            let alts = moves_ok(m, board, labels, None, e);
            if alts.len() > 1 || alts.iter().any(|a| a.continues || a.cycle_start.is_some()) {
                e(
                    "a `moves` step is one line of moves, with no alternatives, cycle or `..`"
                        .into(),
                );
            }
        }
        J89Step::Refused(r) => {
            let alts = moves_ok(&r.mv, board, labels, None, e);
            if alts.len() != 1
                || alts
                    .iter()
                    .any(|a| a.moves.len() != 1 || a.continues || a.cycle_start.is_some())
            {
                e("a `refused` step's `move` must be exactly one move".into());
            }
        }
        J89Step::Resume(_) | J89Step::Resign(_) | J89Step::AgreeNoResult | J89Step::Disagree => {}
    }
}

/// CASE-9.4: each of `effective_moves` is exactly one play.
fn effective_moves(g: &J89Game, board: &Board, labels: Option<&Labels>, e: &mut dyn FnMut(String)) {
    for m in g.effective_moves.iter().flatten() {
        let alts = moves_ok(m, board, labels, None, e);
        if alts.len() != 1
            || alts.iter().any(|a| {
                a.moves.len() != 1
                    || a.continues
                    || a.cycle_start.is_some()
                    || a.moves.iter().any(|mv| mv.at.is_none())
            })
        {
            e("each of `effective_moves` is exactly one play (`\"#[D1]\"`)".into());
        }
    }
}

/// CASE-9.5: a status or territory check gives played confirmation lines exactly under `confirmation:
/// as-played`, each a line of confirmation words on the board of `size`.
pub(super) fn confirmation_lines(
    o: &J89Options,
    check: &Check,
    size: (usize, usize),
    e: &mut dyn FnMut(String),
) {
    let lines = match check {
        Check::Status(c) => Some(&c.confirmation),
        Check::Territory(c) => Some(&c.confirmation),
        _ => None,
    };
    let as_played = o.confirmation == Confirmation::AsPlayed;
    match lines {
        Some(Some(_)) if !as_played => e("`confirmation` lines decide only under the ruleset option `confirmation: as-played` (J89-R2)".into()),
        Some(None) if as_played => e("under `confirmation: as-played` (J89-R2) a status or territory check gives the played `confirmation` lines".into()),
        Some(Some(l)) => {
            let (w, h) = size;
            for (c, line) in l.lines() {
                let bad = ConfirmationLines::bad_words(line, w, h);
                if !bad.is_empty() {
                    e(format!(
                        "confirmation {}: not a vertex on the board, pass, pass:VERTEX or pass:ko: {}",
                        if c == Color::Black { "black" } else { "white" },
                        bad.join(", ")
                    ));
                }
            }
        }
        _ => {}
    }
}

/// CASE-9.4, J89-R4: a `disagree` step needs `article_13: both-lose`, and it or `effective_moves` the
/// feature `j89-article-13`.
pub(super) fn game_options(case: &Case, o: &J89Options, g: &J89Game, e: &mut dyn FnMut(String)) {
    let disagrees = g.steps.iter().any(|s| matches!(s, J89Step::Disagree));
    if disagrees && o.article_13 != Article13::BothLose {
        e(
            "a `disagree` step is refused unless the ruleset has `article_13: both-lose` (J89-R4)"
                .into(),
        );
    }
    let article_13 = disagrees || g.effective_moves.is_some();
    if article_13
        && !(case.features.contains(&Feature::J89Article13)
            || g.features.contains(&Feature::J89Article13))
    {
        e(
            "a `disagree` step or `effective_moves` needs the feature `j89-article-13` (CASE-9.4)"
                .into(),
        );
    }
}

/// CASE-9: the Japanese 1989 checks belong to that ruleset, which takes only them and legality and replay
/// checks in the alternation.
pub(super) fn belongs(case: &Case, check: &Check, e: &mut dyn FnMut(String)) {
    let j89_only = matches!(
        check,
        Check::Status(_) | Check::Territory(_) | Check::J89Game(_)
    );
    let j89_also = match check {
        Check::Legality(c) => c.phase == Phase::Alternation,
        Check::Replay(c) => c.phase == Phase::Alternation,
        Check::FinalScore(_) => true,
        Check::Count(_) => true,
        _ => false,
    };
    let j89_rules = matches!(case.ruleset, Ruleset::Japanese1989(_));
    if (j89_only && !j89_rules) || (j89_rules && !j89_only && !j89_also) {
        e("status, territory and j89_game checks belong to the japanese-1989 ruleset, which takes only them, legality and replay checks in the alternation, final_score and count checks (CASE-9, CASE-11.2, CASE-12)".into());
    }
}
