//! Running one check of a case against an engine, and judging the answer (spec/cases.md, CASE-4).

use crate::engine::{
    At, BoardSize, ClassGame, CountRequest, Engine, ForceAnswer, GameMoves, GameOutcome, Grid,
    J89Action, J89Queries, KoIntersectionsAnswer, Legality, Line, Start, Statuses,
    TerritoryOutcome,
};
use crate::report::{render, Mismatch};
pub use crate::verdict::Verdict;
use crate::verdict::{Ignored, Missing, Undecided};
use gorules_cases::classes::{FinalScore, GameEnd};
use gorules_cases::count::Count;
use gorules_cases::drawn::{Board, ControlMap, PointsMap};
use gorules_cases::j89::{J89Game, J89Step, Refusal};
use gorules_cases::model::{
    BestPlay, Case, Check, Color, ColorOrBoth, Control, Expect, Feature, Force, Game, GameResult,
    Immortal, KoIntersections, LineEnd, Prisoners, Replay, Status, Territory,
};
use gorules_cases::moves::{Move, MovesSpec, Resolved};
use gorules_grammar::{Cell, Diagram, Player, StoneColor, Vertex};
use std::collections::BTreeSet;

/// The features a check needs: the case's and its own (CASE-5).
pub fn needed_features(case: &Case, check: &Check) -> BTreeSet<Feature> {
    case.features
        .iter()
        .chain(check.common().features)
        .copied()
        .collect()
}

/// What a check needs that `engine` lacks: rule features (CASE-5), then protocol commands (PROTO-6). Empty:
/// the check can be run.
pub fn missing(case: &Case, check: &Check, engine: &dyn Engine) -> Missing {
    Missing {
        features: needed_features(case, check)
            .difference(&engine.capabilities().features)
            .copied()
            .collect(),
        commands: engine.lacks(case, check),
    }
}

/// PROTO-6.3: the size of a case's board.
pub fn board_size(case: &Case) -> BoardSize {
    let (width, height) = case.board.size();
    BoardSize::new(width, height)
}

/// PROTO-6.3: the case's board size, if `engine` does not take it (its profile does not list it, or it refused
/// it when asked): the check is then ignored, never failed.
pub fn size_refused(case: &Case, engine: &dyn Engine) -> Option<BoardSize> {
    let size = board_size(case);
    (!engine.capabilities().takes(size)).then_some(size)
}

/// Runs `check` of `case` against `engine`.
pub fn run(case: &Case, check: &Check, engine: &mut dyn Engine) -> Verdict {
    if let Some(size) = size_refused(case, engine) {
        return Verdict::Ignored(Ignored::BoardSize(size));
    }
    let missing = missing(case, check, engine);
    if !missing.is_empty() {
        return Verdict::Ignored(Ignored::Missing(missing));
    }
    let result = match check {
        Check::Legality(c) => legality(case, c, engine),
        Check::Replay(c) => replay(case, c, engine),
        Check::Immortal(c) => immortal(case, c, engine),
        Check::KoIntersections(c) => ko_intersections(case, c, engine),
        Check::Force(c) => force(case, c, engine),
        Check::Control(c) => control(case, c, engine),
        Check::Game(g) => game(case, g, engine),
        Check::BestPlay(b) => best_play(case, b, engine),
        Check::Status(c) => status(case, c, engine),
        Check::Territory(c) => territory(case, c, engine),
        Check::J89Game(g) => j89_game(case, g, engine),
        Check::GameEnd(g) => game_end(case, g, engine),
        Check::FinalScore(c) => final_score(case, c, engine),
        Check::Count(c) => count(case, c, engine),
    };
    match result {
        Ok(m) if m.is_empty() => Verdict::Pass,
        Ok(m) => Verdict::Fail(render(&m)),
        Err(verdict) => verdict,
    }
}

/// A check's mismatches, or the verdict that stopped it before it could be judged (an engine error, a case
/// error, an undecided value).
type Judged = Result<Vec<Mismatch>, Verdict>;

fn grid(b: &Board) -> Grid {
    Grid::from_diagram(b.diagram())
        .unwrap_or_else(|| unreachable!("a Board holds board cells only"))
}

fn start(case: &Case) -> Result<Start, Verdict> {
    let history = match &case.history {
        None => None,
        Some(h) => {
            let alts = resolve(&h.moves, &h.board, case)?;
            let [alt] = alts.as_slice() else {
                return Err(Verdict::Fail(
                    "case error: the history has alternatives".into(),
                ));
            };
            Some((
                grid(&h.board),
                h.prisoners.unwrap_or_default(),
                alt.moves.clone(),
            ))
        }
    };
    Ok(Start {
        ruleset: case.ruleset.clone(),
        board: grid(&case.board),
        to_move: case.to_move,
        prisoners: case.prisoners.unwrap_or_default(),
        history,
    })
}

fn resolve(spec: &MovesSpec, board: &Board, case: &Case) -> Result<Vec<Resolved>, Verdict> {
    spec.resolve(board, case.labels.as_ref())
        .map_err(|m| Verdict::Fail(format!("case error: {m}")))
}

/// `move 3 (White C2)`.
fn describe(index: usize, m: &Move, height: usize) -> String {
    let who = if m.player == Player::Black {
        "Black"
    } else {
        "White"
    };
    match m.at.and_then(|(c, r)| Vertex::from_col_row(c, r, height)) {
        None => format!("move {} ({who} pass)", index + 1),
        Some(v) => format!("move {} ({who} {v})", index + 1),
    }
}

/// The moves a check plays first (`after`): one line of moves (the lint allows no alternatives there).
fn after_moves(spec: &Option<MovesSpec>, case: &Case) -> Result<Vec<Move>, Verdict> {
    match spec {
        None => Ok(Vec::new()),
        Some(a) => Ok(resolve(a, &case.board, case)?
            .into_iter()
            .next()
            .map(|r| r.moves)
            .unwrap_or_default()),
    }
}

fn legality(case: &Case, c: &gorules_cases::model::Legality, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let after = after_moves(&c.after, case)?;
    let mut out = Vec::new();
    for alt in resolve(&c.mv, &case.board, case)? {
        let Some(mv) = alt.moves.first() else {
            continue;
        };
        let answer = engine.legality(&s, c.phase, &after, *mv)?;
        // PROTO-6: an engine without gorules-legal cannot name reasons; only legal/illegal is compared.
        let names_reasons = engine.capabilities().names_legality_reasons();
        let ok = match (c.expect, answer) {
            (Expect::Legal, Legality::Legal) => true,
            (Expect::Illegal(None), Legality::Illegal(_)) => true,
            (Expect::Illegal(Some(want)), Legality::Illegal(Some(got))) => want == got,
            (Expect::Illegal(Some(_)), Legality::Illegal(None)) => !names_reasons,
            _ => false,
        };
        if !ok {
            let found = match answer {
                Legality::Legal => "legal".to_string(),
                Legality::Illegal(r) => Expect::Illegal(r).to_string(),
            };
            let what = describe(after.len(), mv, case.board.size().1);
            out.push(Mismatch::new(what, c.expect, found));
        }
    }
    Ok(out)
}

fn replay(case: &Case, c: &Replay, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let height = case.board.size().1;
    let mut out = Vec::new();
    for (k, alt) in resolve(&c.moves, &case.board, case)?
        .into_iter()
        .enumerate()
    {
        let tag = |what: String| {
            if k == 0 {
                what
            } else {
                format!("alternative {}: {what}", k + 1)
            }
        };
        let got = engine.replay(&s, c.phase, &alt.moves)?;
        match (got.illegal, c.illegal) {
            (None, None) => {}
            (Some((i, why)), None) => {
                let found = Expect::Illegal(why).to_string();
                out.push(Mismatch::new(
                    tag(describe(i, &alt.moves[i], height)),
                    "legal",
                    found,
                ));
                continue;
            }
            (found, Some(want)) => {
                let i = want.number - 1;
                let what = match alt.moves.get(i) {
                    Some(m) => describe(i, m, height),
                    None => format!("move {}", want.number),
                };
                let names_reasons = engine.capabilities().extensions();
                let ok = matches!(found, Some((j, why))
                    if j == i && (want.reason.is_none() || why == want.reason || (why.is_none() && !names_reasons)));
                if !ok {
                    let shown = match found {
                        None => "every move legal".to_string(),
                        Some((j, why)) => format!(
                            "{}: {}",
                            describe(j, &alt.moves[j], height),
                            Expect::Illegal(why)
                        ),
                    };
                    out.push(Mismatch::new(
                        tag(what),
                        Expect::Illegal(want.reason),
                        shown,
                    ));
                    continue;
                }
            }
        }
        let played = got.positions.len();
        let at = |n: usize| {
            if n == 0 {
                Some(&s.board)
            } else {
                got.positions.get(n - 1)
            }
        };
        for p in &c.positions {
            let what = tag(format!("position after move {}", p.after));
            match at(p.after) {
                Some(actual) => compare_grid(&mut out, what, &grid(&p.board), actual),
                None => out.push(Mismatch::new(
                    what,
                    "reached",
                    format!("the phase ended after move {played}"),
                )),
            }
        }
        for (idx, view) in &alt.segment_views {
            if let Some(actual) = at(*idx) {
                compare_view(
                    &mut out,
                    tag(format!("the numbered diagram from move {}", idx + 1)),
                    view,
                    actual,
                );
            }
        }
        if let Some(end) = &c.end {
            let last = at(played).unwrap_or(&s.board);
            compare_grid(&mut out, tag("end".into()), &grid(end), last);
        }
        if let Some(ends) = c.ends.or(c.end_reason.map(|_| true)) {
            match got.ended {
                Some(e) if e != ends => out.push(Mismatch::new(tag("phase ended".into()), ends, e)),
                Some(_) => {}
                None => return Err(Verdict::Ignored(Ignored::CannotTellEnd)),
            }
        }
        if let (Some(want), Some(true)) = (c.end_reason, got.ended) {
            if got.end_reason != Some(want) {
                let found = got.end_reason.map_or("no reason given", |r| r.name());
                out.push(Mismatch::new(tag("end reason".into()), want.name(), found));
            }
        }
        if let Some(p) = c.prisoners {
            if p != got.prisoners {
                out.push(Mismatch::new(
                    tag("prisoners".into()),
                    show_prisoners(p),
                    show_prisoners(got.prisoners),
                ));
            }
        }
    }
    Ok(out)
}

fn show_prisoners(p: Prisoners) -> String {
    format!("black {}, white {}", p.black, p.white)
}

fn compare_grid(out: &mut Vec<Mismatch>, what: String, expected: &Grid, actual: &Grid) {
    if expected != actual {
        out.push(Mismatch::new(what, expected, actual));
    }
}

/// A numbered diagram's non-number cells against the position its moves start from.
fn compare_view(out: &mut Vec<Mismatch>, what: String, view: &Diagram, actual: &Grid) {
    let differs = view.cells().any(|((c, r), cell)| {
        cell.board_point()
            .is_some_and(|p| p != actual.get(At { col: c, row: r }))
    });
    if differs {
        out.push(Mismatch::new(what, view, actual));
    }
}

fn stone(c: Color) -> StoneColor {
    match c {
        Color::Black => StoneColor::Black,
        Color::White => StoneColor::White,
    }
}

fn immortal(case: &Case, c: &Immortal, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let board = grid(c.board.as_ref().unwrap_or(&case.board));
    let got = engine.immortal(&s, &board, c.color)?;
    let mut out = Vec::new();
    compare_grid(
        &mut out,
        "immortal stones".into(),
        &grid(&c.expect),
        &board.keep_only(stone(c.color), &got),
    );
    Ok(out)
}

/// CASE-13: the ko-intersections of the region the engine finds, against those the case expects.
fn ko_intersections(case: &Case, c: &KoIntersections, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let height = s.board.height();
    let region = vertex_set(&c.region, height);
    let asked = c
        .asked
        .as_deref()
        .map_or_else(|| region.clone(), |a| vertex_set(a, height));
    let want = vertex_set(&c.expect, height);
    let got = match engine.ko_intersections(&s, c.kind, c.komi, &region, &asked)? {
        KoIntersectionsAnswer::Found(got) => got,
        KoIntersectionsAnswer::OutOfReach { nodes, limit } => {
            return Err(Verdict::Undecided(Undecided::KoIntersections {
                nodes,
                limit,
            }))
        }
    };
    let mut out = Vec::new();
    if got != want {
        let show = |set: &BTreeSet<At>| -> String {
            let words: Vec<String> = set
                .iter()
                .filter_map(|at| gorules_grammar::Vertex::from_col_row(at.col, at.row, height))
                .map(|v| v.to_string())
                .collect();
            if words.is_empty() {
                "none".into()
            } else {
                words.join(" ")
            }
        };
        out.push(Mismatch::new(
            match &c.asked {
                Some(asked) => format!(
                    "{}-ko-intersections among {} (plays on {})",
                    c.kind.name(),
                    asked.trim(),
                    c.region.trim()
                ),
                None => format!("{}-ko-intersections of {}", c.kind.name(), c.region.trim()),
            },
            show(&want),
            show(&got),
        ));
        // KODEF-4.6 (PROTO-14.3): the engine's reason for each point it judged otherwise, when it gives one.
        for &at in got.symmetric_difference(&want).take(WITNESSES_SHOWN) {
            let Some(reason) = engine.ko_witness(&s, c.kind, c.komi, &region, at)? else {
                continue;
            };
            let one: BTreeSet<At> = [at].into();
            let (expected, found) = if want.contains(&at) {
                ("one", "not one")
            } else {
                ("not one", "one")
            };
            out.push(Mismatch::new(
                format!("why {} is {found} (the engine's witness)", show(&one)),
                format!("{expected} ({} kind)", c.kind.name()),
                reason,
            ));
        }
    }
    Ok(out)
}

/// CASE-13.1: how many points judged otherwise have their witness shown on a failing `ko_intersections` check.
const WITNESSES_SHOWN: usize = 4;

/// CASE-13: the intersections named by GTP vertices in `text` (lint has checked them).
fn vertex_set(text: &str, height: usize) -> BTreeSet<At> {
    text.split_whitespace()
        .filter_map(|w| gorules_grammar::Vertex::parse(w).ok())
        .filter_map(|v| v.to_col_row(height))
        .map(|(col, row)| At { col, row })
        .collect()
}

/// CASE-13.2: the engine's answer to a forcing question against the case's; a wrong answer shows the engine's
/// explaining line (KODEF-4.6).
fn force(case: &Case, c: &Force, engine: &mut dyn Engine) -> Judged {
    let mut s = start(case)?;
    if c.first.is_some() {
        s.to_move = c.first;
    }
    let height = s.board.height();
    let region = vertex_set(&c.region, height);
    let (yes, shows, line) = match engine.force(&s, c.question, c.duty, c.komi, &region)? {
        ForceAnswer::Answered { yes, shows, line } => (yes, shows, line),
        ForceAnswer::OutOfReach { nodes, limit } => {
            return Err(Verdict::Undecided(Undecided::Force { nodes, limit }))
        }
    };
    let mut out = Vec::new();
    if yes != c.expect.is_yes() {
        let first = if s.to_move == Some(Color::White) {
            "White"
        } else {
            "Black"
        };
        let mut what = format!("{} {} ({first} first)", c.question.name(), c.duty.name());
        if let Some(k) = c.komi {
            what.push_str(&format!(" at komi {k}"));
        }
        what.push_str(&format!(" on {}", c.region.trim()));
        let words: Vec<String> = line
            .iter()
            .map(|m| {
                let who = if m.player == Player::Black { "B" } else { "W" };
                let at =
                    m.at.and_then(|(col, row)| Vertex::from_col_row(col, row, height))
                        .map_or_else(|| "pass".to_string(), |v| v.to_string());
                format!("{who} {at}")
            })
            .collect();
        let shown = match shows {
            LineEnd::Kept => "the duty kept",
            LineEnd::Broken => "the duty broken",
            LineEnd::Cycle => "the duty kept and a wanted cycle",
            LineEnd::NoCycle => "the duty kept and no wanted cycle",
        };
        out.push(Mismatch::new(
            what,
            c.expect.word(),
            format!(
                "{} (the engine's line, ending with {shown}: {})",
                if yes { "yes" } else { "no" },
                words.join(", ")
            ),
        ));
    }
    Ok(out)
}

/// The intersections a control map marks for `color` (`B`/`W`, or `2` for both).
fn marked(map: &ControlMap, color: Color) -> BTreeSet<At> {
    let mark = if color == Color::Black { 'B' } else { 'W' };
    map.diagram()
        .cells()
        .filter(|(_, cell)| *cell == Cell::Mark(mark) || *cell == Cell::Number(2))
        .map(|((col, row), _)| At { col, row })
        .collect()
}

/// A control map drawn over `base`: `B`, `W` or `2` where controlled, the position elsewhere.
fn draw_control(base: &Grid, black: &BTreeSet<At>, white: &BTreeSet<At>) -> String {
    let rows: Vec<Vec<Cell>> = (0..base.height())
        .map(|row| {
            (0..base.width())
                .map(|col| {
                    let at = At { col, row };
                    match (black.contains(&at), white.contains(&at)) {
                        (true, true) => Cell::Number(2),
                        (true, false) => Cell::Mark('B'),
                        (false, true) => Cell::Mark('W'),
                        (false, false) => base.get(at).map_or(Cell::Empty, Cell::Stone),
                    }
                })
                .collect()
        })
        .collect();
    Diagram::from_rows(rows)
        .map(|d| d.to_string())
        .unwrap_or_default()
}

fn compare_control(
    out: &mut Vec<Mismatch>,
    what: &str,
    base: &Grid,
    expected: (&BTreeSet<At>, &BTreeSet<At>),
    actual: (&BTreeSet<At>, &BTreeSet<At>),
) {
    if expected != actual {
        out.push(Mismatch::new(
            what,
            draw_control(base, expected.0, expected.1),
            draw_control(base, actual.0, actual.1),
        ));
    }
}

fn control(case: &Case, c: &Control, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let none = BTreeSet::new();
    let mut out = Vec::new();
    let base = grid(&case.board);
    let ask =
        |engine: &mut dyn Engine, b: &Option<Board>, color| -> Result<BTreeSet<At>, Verdict> {
            let b = b
                .as_ref()
                .ok_or_else(|| Verdict::Fail("case error: no reference position".into()))?;
            Ok(engine.control(&s, &grid(b), color)?)
        };
    match c.color {
        ColorOrBoth::Black => {
            let got = ask(engine, &c.reference, Color::Black)?;
            compare_control(
                &mut out,
                "black control",
                &base,
                (&marked(&c.expect, Color::Black), &none),
                (&got, &none),
            );
        }
        ColorOrBoth::White => {
            let got = ask(engine, &c.reference, Color::White)?;
            compare_control(
                &mut out,
                "white control",
                &base,
                (&none, &marked(&c.expect, Color::White)),
                (&none, &got),
            );
        }
        ColorOrBoth::Both => {
            let b = ask(engine, &c.black_reference, Color::Black)?;
            let w = ask(engine, &c.white_reference, Color::White)?;
            let want = (
                marked(&c.expect, Color::Black),
                marked(&c.expect, Color::White),
            );
            compare_control(&mut out, "control", &base, (&want.0, &want.1), (&b, &w));
        }
    }
    Ok(out)
}

/// The alternatives of one move-sequence of a game check; an analysis that the check needs but does not give
/// is left to best play (`open`, CASE-4.7).
fn alternatives(
    spec: &Option<MovesSpec>,
    case: &Case,
    needed: bool,
) -> Result<Vec<Option<Line>>, Verdict> {
    match spec {
        None if needed => Ok(vec![Some(Line {
            moves: Vec::new(),
            open: true,
        })]),
        None => Ok(vec![None]),
        Some(s) => Ok(resolve(s, &case.board, case)?
            .into_iter()
            .map(|r| {
                Some(Line {
                    moves: r.moves,
                    open: r.continues,
                })
            })
            .collect()),
    }
}

fn points(map: &PointsMap) -> Vec<u8> {
    map.diagram()
        .cells()
        .map(|(_, c)| if let Cell::Number(n) = c { n } else { 0 })
        .collect()
}

fn draw_points(base: &Grid, pts: &[u8]) -> String {
    let rows: Vec<Vec<Cell>> = (0..base.height())
        .map(|row| {
            (0..base.width())
                .map(|col| {
                    let at = At { col, row };
                    match pts.get(row * base.width() + col).copied().unwrap_or(0) {
                        0 => base.get(at).map_or(Cell::Empty, Cell::Stone),
                        n => Cell::Number(n),
                    }
                })
                .collect()
        })
        .collect();
    Diagram::from_rows(rows)
        .map(|d| d.to_string())
        .unwrap_or_default()
}

fn game(case: &Case, g: &Game, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let mut out = Vec::new();
    let combos = {
        let mut v = Vec::new();
        let needed = g.analyses_needed(&case.ruleset);
        for a in alternatives(&g.alternation, case, false)? {
            for b in alternatives(&g.black_analysis, case, needed.black)? {
                for w in alternatives(&g.white_analysis, case, needed.white)? {
                    for x in alternatives(&g.analysis, case, needed.single)? {
                        v.push(GameMoves {
                            alternation: a.clone(),
                            black_analysis: b.clone(),
                            white_analysis: w.clone(),
                            analysis: x.clone(),
                        });
                    }
                }
            }
        }
        v
    };
    let many = combos.len() > 1;
    for (k, moves) in combos.iter().enumerate() {
        let got = engine.game(&s, moves)?;
        let before = out.len();
        judge_game(g, &got, &mut out);
        if many {
            for m in &mut out[before..] {
                m.what = format!("combination {} of the alternatives: {}", k + 1, m.what);
            }
        }
    }
    Ok(out)
}

fn judge_game(g: &Game, got: &GameOutcome, out: &mut Vec<Mismatch>) {
    if let Some(want) = g.result {
        let found = if got.no_result {
            GameResult::NoResult
        } else {
            match got.score {
                Some(s) if s > 0 => GameResult::BlackWins,
                Some(s) if s < 0 => GameResult::WhiteWins,
                Some(_) => GameResult::Draw,
                None => {
                    out.push(Mismatch::new(
                        "result",
                        format!("{want:?}"),
                        "no score (an analysis is missing)",
                    ));
                    return;
                }
            }
        };
        if found != want {
            out.push(Mismatch::new(
                "result",
                format!("{want:?}"),
                format!("{found:?}"),
            ));
        }
    }
    if got.no_result {
        if g.result != Some(GameResult::NoResult) {
            out.push(Mismatch::new(
                "game",
                "a scored game",
                "no result (a cycle ended the alternation)",
            ));
        }
        return;
    }
    let Some(final_pos) = &got.final_position else {
        out.push(Mismatch::new("final-position", "reached", "none"));
        return;
    };
    if let Some(f) = &g.final_position {
        compare_grid(out, "final-position".into(), &grid(f), final_pos);
    }
    let none = BTreeSet::new();
    let side_missing = |out: &mut Vec<Mismatch>, what: &str| {
        out.push(Mismatch::new(
            what,
            "an answer",
            "none: that analysis was not played",
        ));
    };
    let sides = [(Color::Black, &got.black), (Color::White, &got.white)];
    for (color, side) in sides {
        let name = if color == Color::Black {
            "black"
        } else {
            "white"
        };
        let (reference, map, pts, score) = if color == Color::Black {
            (
                &g.black_reference,
                &g.black_control,
                &g.black_points,
                g.black_score,
            )
        } else {
            (
                &g.white_reference,
                &g.white_control,
                &g.white_points,
                g.white_score,
            )
        };
        let wanted = reference.is_some() || map.is_some() || pts.is_some() || score.is_some();
        let Some(side) = side else {
            if wanted {
                side_missing(out, &format!("{name} side"));
            }
            continue;
        };
        if let (Some(r), Some(actual)) = (reference, &side.reference) {
            compare_grid(out, format!("{name} reference position"), &grid(r), actual);
        }
        if let Some(m) = map {
            let (exp, act) = if color == Color::Black {
                (
                    (marked(m, color), none.clone()),
                    (side.control.clone(), none.clone()),
                )
            } else {
                (
                    (none.clone(), marked(m, color)),
                    (none.clone(), side.control.clone()),
                )
            };
            compare_control(
                out,
                &format!("{name} control"),
                final_pos,
                (&exp.0, &exp.1),
                (&act.0, &act.1),
            );
        }
        if let Some(p) = pts {
            if points(p) != side.points {
                out.push(Mismatch::new(
                    format!("{name} points"),
                    draw_points(final_pos, &points(p)),
                    draw_points(final_pos, &side.points),
                ));
            }
        }
        if let Some(want) = score {
            if want != side.score {
                out.push(Mismatch::new(format!("{name}-score"), want, side.score));
            }
        }
    }
    if let Some(r) = &g.reference {
        match got.black.as_ref().and_then(|s| s.reference.as_ref()) {
            Some(actual) => compare_grid(out, "reference position".into(), &grid(r), actual),
            None => side_missing(out, "reference position"),
        }
    }
    if let Some(m) = &g.control {
        match (&got.black, &got.white) {
            (Some(b), Some(w)) => compare_control(
                out,
                "control",
                final_pos,
                (&marked(m, Color::Black), &marked(m, Color::White)),
                (&b.control, &w.control),
            ),
            _ => side_missing(out, "control"),
        }
    }
    if let Some(want) = g.prisoner_difference {
        if want != got.prisoner_difference {
            out.push(Mismatch::new(
                "prisoner-difference",
                want,
                got.prisoner_difference,
            ));
        }
    }
    for (what, want, found) in [
        ("board-score", g.board_score, got.board_score),
        ("score", g.score, got.score),
    ] {
        match (want, found) {
            (Some(w), Some(f)) if w != f => out.push(Mismatch::new(what, w, f)),
            (Some(_), None) => side_missing(out, what),
            _ => {}
        }
    }
}

/// CASE-4.6: the value under best play after the `after` moves, and the source's line checked to be legal.
fn best_play(case: &Case, b: &BestPlay, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let height = case.board.size().1;
    let after = after_moves(&b.after, case)?;
    let mut out = Vec::new();
    if let Some(line) = &b.line {
        for (k, alt) in resolve(line, &case.board, case)?.into_iter().enumerate() {
            let mut moves = after.clone();
            moves.extend(alt.moves.iter().copied());
            if let Some((i, why)) = engine.replay(&s, b.phase, &moves)?.illegal {
                let what = format!(
                    "the source's line (alternative {}), {}",
                    k + 1,
                    describe(i, &moves[i], height)
                );
                out.push(Mismatch::new(what, "legal", Expect::Illegal(why)));
            }
        }
    }
    match engine.best_play(&s, b.phase, &after)? {
        crate::engine::BestPlay::OutOfReach { nodes, low, high } => {
            let claim = i64::from(b.value);
            if !out.is_empty() {
                // The source's line is already wrong; that fails the check whatever the value.
                return Ok(out);
            }
            // PROTO-3.13: bounds that meet prove the value though the principal variation was out of reach; the
            // claim is then checked, unless the check needs the line's end (its prisoners).
            let needs_line = b.board_score.is_some() || b.prisoner_difference.is_some();
            if low == high && low == claim && !needs_line {
                return Ok(out);
            }
            if (low..=high).contains(&claim) {
                return Err(Verdict::Undecided(Undecided::BestPlay {
                    nodes,
                    low,
                    high,
                    claim,
                }));
            }
            out.push(Mismatch::new(
                format!("value under best play (out of the engine's reach after {nodes} nodes, but proven to lie in {low}..={high})"),
                claim,
                format!("{low}..={high}"),
            ));
        }
        crate::engine::BestPlay::Value {
            value,
            principal_variation,
            nodes,
        } => {
            let pv: Vec<String> = principal_variation
                .iter()
                .enumerate()
                .map(|(i, m)| describe(after.len() + i, m, height))
                .collect();
            if i64::from(b.value) != value {
                out.push(Mismatch::new(
                    format!(
                        "value under best play ({nodes} nodes; principal variation: {})",
                        pv.join(", ")
                    ),
                    b.value,
                    value,
                ));
            }
            if b.board_score.is_some() || b.prisoner_difference.is_some() {
                // The parts of the score: the prisoners at the end of the principal variation.
                let mut line = after.clone();
                line.extend(principal_variation);
                let end = engine.replay(&s, b.phase, &line)?;
                let difference = i64::from(end.prisoners.black) - i64::from(end.prisoners.white);
                if let Some(want) = b.prisoner_difference {
                    if i64::from(want) != difference {
                        out.push(Mismatch::new(
                            "prisoner-difference under best play",
                            want,
                            difference,
                        ));
                    }
                }
                if let Some(want) = b.board_score {
                    if i64::from(want) != value - difference {
                        out.push(Mismatch::new(
                            "board-score under best play",
                            want,
                            value - difference,
                        ));
                    }
                }
            }
        }
    }
    Ok(out)
}

/// CASE-9.2: a status map as rows of cells, from the statuses an engine reported; a stone it did not list is `?`.
fn draw_statuses(board: &Grid, got: &Statuses) -> String {
    let mut rows = vec![Vec::new(); board.height()];
    for (at, p) in board.points() {
        let cell = match p {
            None => ".".to_string(),
            Some(c) => {
                let listed = (
                    got.alive.contains(&at),
                    got.dead.contains(&at),
                    got.seki.contains(&at),
                );
                let letter = match listed {
                    (true, false, false) => "A",
                    (false, true, false) => "D",
                    (false, false, true) => "S",
                    (false, false, false) => "?",
                    _ => "!",
                };
                if c == StoneColor::Black {
                    letter.to_string()
                } else {
                    letter.to_lowercase()
                }
            }
        };
        rows[at.row].push(cell);
    }
    join_rows(&rows)
}

/// Rows of cells as a map's text: cells joined by spaces, rows by newlines.
fn join_rows<S: AsRef<str>>(rows: &[Vec<S>]) -> String {
    rows.iter()
        .map(|r| r.iter().map(AsRef::as_ref).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A drawn map as rows of cells, for comparison with what an engine's answer draws.
fn draw_map(d: &Diagram) -> String {
    let rows: Vec<Vec<String>> = (0..d.height())
        .map(|r| {
            (0..d.width())
                .map(|c| d.get(c, r).map(|x| x.text()).unwrap_or_default())
                .collect()
        })
        .collect();
    join_rows(&rows)
}

/// CASE-9: a drawn map against the map an engine's answer draws.
fn compare_map(out: &mut Vec<Mismatch>, what: &str, expected: &Diagram, actual: String) {
    let expected = draw_map(expected);
    if expected != actual {
        out.push(Mismatch::new(what, expected, actual));
    }
}

fn status(case: &Case, c: &Status, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let got = engine.statuses(&s, c.confirmation.as_ref())?;
    let mut out = Vec::new();
    compare_map(
        &mut out,
        "statuses (A alive, D dead, S seki; small letters for White; ? not listed, ! listed twice)",
        c.statuses.diagram(),
        draw_statuses(&s.board, &got),
    );
    Ok(out)
}

/// CASE-9.3: a territory map from what an engine reported.
fn draw_territory(board: &Grid, got: &TerritoryOutcome) -> String {
    let mut rows = vec![Vec::new(); board.height()];
    for (at, p) in board.points() {
        let removed = got.removed[0].contains(&at) || got.removed[1].contains(&at);
        let cell = if got.territory[0].contains(&at) {
            "b"
        } else if got.territory[1].contains(&at) {
            "w"
        } else if let (Some(stone), false) = (p, removed) {
            if stone == StoneColor::Black {
                "#"
            } else {
                "O"
            }
        } else if got.eye_points[0].contains(&at) {
            "B"
        } else if got.eye_points[1].contains(&at) {
            "W"
        } else if got.dame.contains(&at) || removed {
            // A dame, or (J89-R6, `dead_outside_territory: remove`) a vacated point that is nobody's.
            "."
        } else {
            "?"
        };
        rows[at.row].push(cell);
    }
    join_rows(&rows)
}

fn territory(case: &Case, c: &Territory, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let got = engine.territory(&s, c.confirmation.as_ref())?;
    let mut out = Vec::new();
    compare_map(
        &mut out,
        "territory (b w territory, B W eye points not territory, . dame, ? none of these)",
        c.territory.diagram(),
        draw_territory(&s.board, &got),
    );
    if got.score != c.score {
        out.push(Mismatch::new("score", c.score, got.score));
    }
    Ok(out)
}

/// CASE-12: every number the check expects against the engine's, by key; a number the engine did not give is
/// a mismatch too.
fn count(case: &Case, c: &Count, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let request = CountRequest {
        method: c.method,
        komi: c.komi,
        off_board: c.off_board,
    };
    let got = engine.count(&s, &request)?;
    let mut out = Vec::new();
    for (key, expected) in c.expectations() {
        match got.values.get(key) {
            Some(actual) if *actual == expected => {}
            Some(actual) => out.push(Mismatch::new(key, expected, actual)),
            None => out.push(Mismatch::new(key, expected, "nothing")),
        }
    }
    Ok(out)
}

fn who(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// CASE-9.4: the steps of a game check as actions, each with the words a report shows for it and, for a move
/// that must be refused, the reason the case expects.
fn j89_actions(
    case: &Case,
    g: &J89Game,
) -> Result<Vec<(J89Action, String, Option<Refusal>)>, Verdict> {
    let height = case.board.size().1;
    let mut out = Vec::new();
    let mut moves = 0;
    for (i, step) in g.steps.iter().enumerate() {
        let step_no = i + 1;
        match step {
            J89Step::Moves(m) => {
                for mv in after_moves(&Some(m.clone()), case)? {
                    let what = format!("step {step_no}, {}", describe(moves, &mv, height));
                    moves += 1;
                    out.push((J89Action::Play(mv), what, None));
                }
            }
            J89Step::Refused(r) => {
                let mv = after_moves(&Some(r.mv.clone()), case)?
                    .into_iter()
                    .next()
                    .ok_or_else(|| {
                        Verdict::Fail("case error: a refused step has no move".into())
                    })?;
                let what = format!("step {step_no}, refused {}", describe(moves, &mv, height));
                out.push((J89Action::Refused(mv), what, r.reason));
            }
            J89Step::Resume(c) => out.push((
                J89Action::Resume(*c),
                format!("step {step_no}, {} asks to resume", who(*c)),
                None,
            )),
            J89Step::Resign(c) => out.push((
                J89Action::Resign(*c),
                format!("step {step_no}, {} resigns", who(*c)),
                None,
            )),
            J89Step::Fill(m) => {
                for mv in after_moves(&Some(m.clone()), case)? {
                    let what = format!(
                        "step {step_no}, a stone placed by agreement: {}",
                        describe(moves, &mv, height)
                    );
                    out.push((J89Action::Fill(mv), what, None));
                }
            }
            J89Step::AgreeNoResult => out.push((
                J89Action::AgreeNoResult,
                format!("step {step_no}, both agree on no result"),
                None,
            )),
            J89Step::Disagree => out.push((
                J89Action::Disagree,
                format!("step {step_no}, the players do not agree that the game has ended"),
                None,
            )),
        }
    }
    Ok(out)
}

fn j89_game(case: &Case, g: &J89Game, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let actions = j89_actions(case, g)?;
    let plain: Vec<J89Action> = actions.iter().map(|(a, _, _)| *a).collect();
    let queries = J89Queries {
        result: g.result.is_some(),
        effective_moves: g.effective_moves.is_some(),
    };
    let got = engine.j89_game(&s, &plain, queries)?;
    let mut out = Vec::new();
    for ((action, what, reason), answer) in actions.iter().zip(&got.answers) {
        match (action.accepted(), answer) {
            (true, Ok(())) => {}
            (true, Err(refusal)) => {
                out.push(Mismatch::new(what.clone(), "accepted", &refusal.text));
                return Ok(out);
            }
            (false, Ok(())) => {
                out.push(Mismatch::new(what.clone(), "refused", "accepted"));
                return Ok(out);
            }
            (false, Err(refusal)) => {
                if let Some(want) = reason {
                    if refusal.value != Some(*want) {
                        out.push(Mismatch::new(what.clone(), want, &refusal.text));
                    }
                }
            }
        }
    }
    if let Some(stage) = g.stage {
        if got.stage.value != Some(stage) {
            out.push(Mismatch::new("stage", stage.name(), &got.stage.text));
        }
    }
    if let Some(c) = g.to_move {
        if got.to_move != Some(c) {
            let shown = got.to_move.map_or("nobody", who);
            out.push(Mismatch::new("to move", who(c), shown));
        }
    }
    if let Some(p) = g.prisoners {
        if p != got.prisoners {
            out.push(Mismatch::new(
                "prisoners",
                show_prisoners(p),
                show_prisoners(got.prisoners),
            ));
        }
    }
    if let Some(r) = g.recurs {
        if r != got.recurs {
            out.push(Mismatch::new("the position recurs", r, got.recurs));
        }
    }
    if let Some(want) = g.result {
        match &got.result {
            Some(Ok(result)) => {
                if result.value != Some(want) {
                    out.push(Mismatch::new("result", want, &result.text));
                }
            }
            Some(Err(text)) => {
                out.push(Mismatch::new("result", want, format!("no result: {text}")))
            }
            None => out.push(Mismatch::new("result", want, "not asked")),
        }
    }
    if let Some(want) = &g.effective_moves {
        let height = case.board.size().1;
        let mut expected: [BTreeSet<At>; 2] = [BTreeSet::new(), BTreeSet::new()];
        for spec in want {
            for mv in after_moves(&Some(spec.clone()), case)? {
                let Some((col, row)) = mv.at else {
                    return Err(Verdict::Fail(
                        "case error: an effective move is a play, not a pass".into(),
                    ));
                };
                let side = usize::from(mv.player != gorules_grammar::Player::Black);
                expected[side].insert(At { col, row });
            }
        }
        let show = |sets: &[BTreeSet<At>; 2]| {
            let mut words = Vec::new();
            for (side, letter) in [(0, "B"), (1, "W")] {
                for at in &sets[side] {
                    let v = gorules_grammar::Vertex::from_col_row(at.col, at.row, height)
                        .map_or_else(|| format!("({}, {})", at.col, at.row), |v| v.to_string());
                    words.push(format!("{letter} {v}"));
                }
            }
            if words.is_empty() {
                "none".to_string()
            } else {
                words.join(", ")
            }
        };
        match &got.effective_moves {
            Some(Ok(sets)) if *sets == expected => {}
            Some(Ok(sets)) => out.push(Mismatch::new(
                "effective moves",
                show(&expected),
                show(sets),
            )),
            Some(Err(text)) => out.push(Mismatch::new(
                "effective moves",
                show(&expected),
                format!("no answer: {text}"),
            )),
            None => out.push(Mismatch::new(
                "effective moves",
                show(&expected),
                "not asked",
            )),
        }
    }
    Ok(out)
}

/// CASE-11: one line of moves (the lint allows no alternatives), resolved from the case board.
fn one_line(spec: &MovesSpec, case: &Case) -> Result<Vec<Move>, Verdict> {
    Ok(resolve(spec, &case.board, case)?
        .into_iter()
        .next()
        .map(|r| r.moves)
        .unwrap_or_default())
}

/// PROTO-3.7, PROTO-12.2: a stage word of `gorules-state` (`ended=`) in the words of CASE-11.1.
fn stage_words(word: &str) -> &str {
    match word {
        "no" => "going on",
        "stopped" => "stopped (SCORE-4.1)",
        "passes" => "ended",
        "" => "(no answer)",
        other => other,
    }
}

/// CASE-11.1: the game under a rule class stops and ends after the moves the case says, the agreed removals are
/// made, and the final position, the scores and the result are the case's.
fn game_end(case: &Case, g: &GameEnd, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let height = case.board.size().1;
    let moves = one_line(&g.moves, case)?;
    let then = match &g.then {
        Some(t) => one_line(t, case)?,
        None => Vec::new(),
    };
    let mut removals = Vec::new();
    for v in &g.agreed_removals {
        let at = Vertex::parse(v)
            .ok()
            .and_then(|x| x.to_col_row(height))
            .ok_or_else(|| Verdict::Fail(format!("case error: `{v}` is not a vertex")))?;
        removals.push(At {
            col: at.0,
            row: at.1,
        });
    }
    let all: Vec<Move> = moves.iter().chain(&then).copied().collect();
    let game = ClassGame {
        moves,
        removals,
        then,
    };
    let got = engine.class_game(&s, &game)?;
    let mut out = Vec::new();
    if let Some((i, why)) = &got.refused {
        out.push(Mismatch::new(
            describe(*i, &all[*i], height),
            "accepted",
            why,
        ));
    }
    if let Some(why) = &got.removal_refused {
        out.push(Mismatch::new(
            "the agreed removals (SCORE-4.3)",
            "made",
            why,
        ));
    }
    for (i, stage) in got.stages.iter().enumerate() {
        let n = i + 1;
        let want = if n == g.ends_after {
            "passes"
        } else if g.stops_after.is_some_and(|at| n >= at) {
            "stopped"
        } else {
            "no"
        };
        if stage != want {
            out.push(Mismatch::new(
                format!("the game after {}", describe(i, &all[i], height)),
                stage_words(want),
                stage_words(stage),
            ));
            break;
        }
    }
    if let Some(f) = &g.final_position {
        compare_grid(
            &mut out,
            "the final position".into(),
            &grid(f),
            &got.position,
        );
    }
    let scores = got.scores.value;
    for (want, got_one, who) in [
        (g.black, scores.map(|s| s.0), "Black's score"),
        (g.white, scores.map(|s| s.1), "White's score"),
    ] {
        if let Some(want) = want {
            if got_one != Some(want) {
                let shown = got_one.map_or(got.scores.text.clone(), |n| n.to_string());
                out.push(Mismatch::new(who, want, shown));
            }
        }
    }
    if let Some(want) = g.result {
        if got.result.value != Some(want) {
            out.push(Mismatch::new("final_score", want, &got.result.text));
        }
    }
    Ok(out)
}

/// CASE-11.2: GTP's `final_score` after the moves is the case's result.
fn final_score(case: &Case, c: &FinalScore, engine: &mut dyn Engine) -> Judged {
    let s = start(case)?;
    let after = after_moves(&c.after, case)?;
    let got = engine.final_score(&s, &after)?;
    let mut out = Vec::new();
    if got.value != Some(c.result) {
        out.push(Mismatch::new("final_score", c.result, &got.text));
    }
    Ok(out)
}
