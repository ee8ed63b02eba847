//! The reference implementation as an engine, in-process. The same answers will come over the protocol
//! from the reference engine binary; this adapter only translates between the case format and `gorules-ref`.

use crate::engine::{
    At, Engine, EngineError, GameMoves, GameOutcome, Grid, Legality, ReplayOutcome, Side, Start,
};
use gorules_cases::model::{
    Analyses, Color, Feature, KoRuleName, Phase, Prisoners, Reason, Ruleset, SuicideOption,
};
use gorules_cases::moves::Move;
use gorules_grammar::{Player, StoneColor};
use gorules_ref as r;
use gorules_ref::naj::game::{self as g, ReplayError};
use std::collections::BTreeSet;
use std::sync::Arc;

/// The reference implementation (`gorules-ref`), called directly.
#[derive(Debug, Default, Clone, Copy)]
pub struct Reference;

fn color(c: Color) -> r::Color {
    match c {
        Color::Black => r::Color::Black,
        Color::White => r::Color::White,
    }
}

fn player_color(p: Player) -> r::Color {
    match p {
        Player::Black => r::Color::Black,
        Player::White => r::Color::White,
    }
}

fn ruleset(rs: &Ruleset) -> r::Ruleset {
    match rs {
        Ruleset::Naj(o) => {
            let mut out = r::Ruleset::naj();
            out.naj.analysis_end_passes = o.analysis_end_passes;
            out.naj.analyses = match o.analyses {
                Analyses::Two => g::Analyses::Two,
                Analyses::Single => g::Analyses::Single,
            };
            out.naj.no_result_on_cycle = o.no_result_on_cycle;
            out.naj.komi = r::naj::score::Points::whole(i64::from(o.komi));
            out
        }
        Ruleset::Core(o) => {
            let mut out = r::Ruleset::naj();
            out.ko = o.ko.iter().fold(r::KoRules::NONE, |k, rule| {
                k.with(match rule {
                    KoRuleName::BasicKo => r::KoRule::BasicKo,
                    KoRuleName::FixedKo => r::KoRule::FixedKo,
                    KoRuleName::SimpleKo => r::KoRule::SimpleKo,
                    KoRuleName::PositionalSuperko => r::KoRule::PositionalSuperko,
                    KoRuleName::SituationalSuperko => r::KoRule::SituationalSuperko,
                })
            });
            out.suicide = match o.suicide {
                SuicideOption::Prohibited => r::SuicideRule::Prohibited,
                SuicideOption::Allowed => r::SuicideRule::Allowed,
            };
            out
        }
    }
}

fn refused(m: impl Into<String>) -> EngineError {
    EngineError::Refused(m.into())
}

fn position(grid: &Grid) -> Result<r::Position, EngineError> {
    let board = Arc::new(
        r::Board::rectangle(grid.width(), grid.height()).map_err(|e| refused(format!("{e:?}")))?,
    );
    let cells = grid
        .points()
        .map(|(_, p)| match p {
            None => None,
            Some(StoneColor::Black) => Some(r::Color::Black),
            Some(StoneColor::White) => Some(r::Color::White),
        })
        .collect::<Vec<_>>();
    r::Position::from_cells(board, &cells).map_err(|e| refused(format!("{e:?}")))
}

fn grid(p: &r::Position) -> Grid {
    let width = p.board().width().unwrap_or(p.board().len());
    let points = p
        .board()
        .points()
        .map(|pt| match p.get(pt) {
            Some(r::Color::Black) => Some(StoneColor::Black),
            Some(_) => Some(StoneColor::White),
            None => None,
        })
        .collect();
    Grid::new(width, points).unwrap_or_else(|| unreachable!("a rectangle's points fill its rows"))
}

fn set(pos: &r::Position, s: &r::PointSet) -> BTreeSet<At> {
    s.iter()
        .filter_map(|p| pos.board().coords(p))
        .map(|c| At {
            col: c.col,
            row: c.row,
        })
        .collect()
}

fn moves(pos: &r::Position, ms: &[Move]) -> Result<Vec<r::Move>, EngineError> {
    ms.iter()
        .map(|m| match m.at {
            None => Ok(r::Move::Pass),
            Some((c, row)) => pos
                .board()
                .point_at(c, row)
                .map(r::Move::Play)
                .ok_or_else(|| refused(format!("({c}, {row}) is off the board"))),
        })
        .collect()
}

fn reason(i: &r::Illegal) -> Option<Reason> {
    Some(match i {
        r::Illegal::Occupied => Reason::Occupied,
        r::Illegal::Suicide => Reason::Suicide,
        r::Illegal::BasicKo => Reason::BasicKo,
        r::Illegal::FixedKo => Reason::FixedKo,
        r::Illegal::SimpleKo => Reason::SimpleKo,
        r::Illegal::PositionalSuperko => Reason::PositionalSuperko,
        r::Illegal::SituationalSuperko => Reason::SituationalSuperko,
        _ => return None,
    })
}

fn add_prisoners(p: r::ByColor<u32>, base: Prisoners) -> Prisoners {
    Prisoners {
        black: base.black + p[r::Color::Black],
        white: base.white + p[r::Color::White],
    }
}

/// A phase replayed from the case start: positions after each of `moves`, and how it ended.
struct Played {
    /// Positions after each of the check's moves (the history's are dropped).
    positions: Vec<r::Position>,
    start: r::Position,
    illegal: Option<(usize, Option<Reason>)>,
    end: Option<g::PhaseEnd>,
    prisoners: Prisoners,
}

/// Replays `ms` in `phase` from `start`: through the history first for the alternation (CASE-1.4); moves
/// after the end of the phase are not played (CASE-4.8).
fn play(start: &Start, phase: Phase, ms: &[Move]) -> Result<Played, EngineError> {
    let rules = ruleset(&start.ruleset);
    let board = position(&start.board)?;
    let first = ms.first().map(|m| player_color(m.player));
    let (from, base, history): (r::Position, Prisoners, Vec<r::Move>) =
        match (&start.history, phase) {
            (Some((h, hp, hm)), Phase::Alternation) => {
                let hpos = position(h)?;
                let hm = moves(&hpos, hm)?;
                (hpos, *hp, hm)
            }
            _ => (board.clone(), start.prisoners, Vec::new()),
        };
    let phase_first = match phase {
        Phase::Alternation => match &start.history {
            Some((_, _, hm)) if !hm.is_empty() => player_color(hm[0].player),
            _ => start.to_move.map_or(r::Color::Black, color),
        },
        Phase::BlackAnalysis => r::Color::White,
        Phase::WhiteAnalysis | Phase::Analysis => r::Color::Black,
        Phase::Sequence => first.unwrap_or(r::Color::Black),
    };
    let expected_first = match (&start.history, phase) {
        (Some((_, _, hm)), Phase::Alternation) if !hm.is_empty() => {
            if hm.len() % 2 == 0 {
                phase_first
            } else {
                phase_first.opponent()
            }
        }
        _ => phase_first,
    };
    if let Some(f) = first {
        if f != expected_first {
            return Err(refused(format!(
                "the moves start with {f:?}, but {expected_first:?} is to move"
            )));
        }
    }
    let mut all = history.clone();
    all.extend(moves(&board, ms)?);
    let g_phase = match phase {
        Phase::Alternation => g::Phase::Alternation {
            to_move: phase_first,
        },
        Phase::BlackAnalysis => g::Phase::Analysis(g::Analysis::Black),
        Phase::WhiteAnalysis => g::Phase::Analysis(g::Analysis::White),
        Phase::Analysis => g::Phase::Analysis(g::Analysis::Single),
        Phase::Sequence => return play_bare(&rules, board, phase_first, &all, start.prisoners),
    };
    let h = history.len();
    let run = |upto: usize| g::replay(&rules, g_phase, &from, &all[..upto]);
    let (replay, illegal) = match run(all.len()) {
        Ok(rp) => (rp, None),
        Err(ReplayError::AfterEnd { index }) => {
            (run(index).map_err(|e| refused(e.to_string()))?, None)
        }
        Err(ReplayError::Illegal {
            index, reason: why, ..
        }) => {
            if index < h {
                return Err(refused(format!(
                    "history move {} is illegal: {why}",
                    index + 1
                )));
            }
            let rp = run(index).map_err(|e| refused(e.to_string()))?;
            (rp, Some((index - h, reason(&why))))
        }
    };
    if h > 0 && replay.positions().get(h) != Some(&board) {
        return Err(refused("the history's moves do not reach the case's board"));
    }
    // Prisoners at the case board: as the case states them, else the history's plus what its moves took.
    let took = |outcomes: &[r::MoveOutcome]| {
        let mut p = Prisoners::default();
        for o in outcomes {
            match o.color {
                r::Color::Black => p.black += o.captured.len() as u32,
                _ => p.white += o.captured.len() as u32,
            }
        }
        p
    };
    let at_board = if h > 0 && start.prisoners == Prisoners::default() {
        let t = took(&replay.outcomes()[..h]);
        Prisoners {
            black: base.black + t.black,
            white: base.white + t.white,
        }
    } else {
        start.prisoners
    };
    let t = took(&replay.outcomes()[h.min(replay.outcomes().len())..]);
    let p = Prisoners {
        black: at_board.black + t.black,
        white: at_board.white + t.white,
    };
    Ok(Played {
        positions: replay.positions()[h + 1..].to_vec(),
        start: board,
        illegal,
        end: replay.end(),
        prisoners: p,
    })
}

/// CASE-2 `sequence`: a bare move-sequence under the ruleset's play and ko rules, no end condition.
fn play_bare(
    rules: &r::Ruleset,
    board: r::Position,
    first: r::Color,
    ms: &[r::Move],
    base: Prisoners,
) -> Result<Played, EngineError> {
    let mut seq = r::Sequence::new(board.clone(), first, rules.sequence_rules());
    let mut illegal = None;
    for (i, m) in ms.iter().enumerate() {
        if let Err(why) = seq.play(*m) {
            illegal = Some((i, reason(&why)));
            break;
        }
    }
    Ok(Played {
        positions: seq.positions()[1..].to_vec(),
        start: board,
        illegal,
        end: None,
        prisoners: add_prisoners(seq.prisoners(), base),
    })
}

fn side(
    final_pos: &r::Position,
    reference: Option<&r::Position>,
    player: r::Color,
    method: r::naj::immortal::ImmortalityMethod,
) -> Side {
    let Some(reference) = reference else {
        return Side::default();
    };
    let control = r::naj::control::control_with(reference, player, method);
    let points = final_pos
        .board()
        .points()
        .map(|pt| {
            if control.contains(pt) {
                let mut one = r::PointSet::empty(final_pos.board());
                one.insert(pt);
                r::naj::score::player_score(final_pos, player, &one) as u8
            } else {
                0
            }
        })
        .collect();
    Side {
        reference: Some(grid(reference)),
        control: set(final_pos, &control),
        points,
        score: r::naj::score::player_score(final_pos, player, &control) as i32,
    }
}

impl Engine for Reference {
    fn name(&self) -> String {
        "gorules-ref (in-process)".into()
    }

    fn features(&self) -> BTreeSet<Feature> {
        Feature::ALL
            .into_iter()
            .filter(|f| !matches!(f, Feature::J2003 | Feature::NajBestPlay))
            .collect()
    }

    fn replay(
        &mut self,
        start: &Start,
        phase: Phase,
        ms: &[Move],
    ) -> Result<ReplayOutcome, EngineError> {
        let played = play(start, phase, ms)?;
        Ok(ReplayOutcome {
            positions: played.positions.iter().map(grid).collect(),
            illegal: played.illegal,
            ended: played.end.is_some(),
            prisoners: played.prisoners,
            no_result: matches!(played.end, Some(g::PhaseEnd::Cycle { .. })),
        })
    }

    fn legality(
        &mut self,
        start: &Start,
        phase: Phase,
        after: &[Move],
        mv: Move,
    ) -> Result<Legality, EngineError> {
        let played = play(start, phase, after)?;
        if let Some((i, why)) = played.illegal {
            return Err(refused(format!(
                "move {} of `after` is illegal: {why:?}",
                i + 1
            )));
        }
        if played.end.is_some() {
            return Err(refused("the phase has ended before the move asked about"));
        }
        let mut all = after.to_vec();
        all.push(mv);
        let again = play(start, phase, &all)?;
        Ok(match again.illegal {
            Some((_, why)) => Legality::Illegal(why),
            None => Legality::Legal,
        })
    }

    fn immortal(
        &mut self,
        start: &Start,
        board: &Grid,
        c: Color,
    ) -> Result<BTreeSet<At>, EngineError> {
        let _ = start;
        let pos = position(board)?;
        Ok(set(&pos, &r::immortal_stones(&pos, color(c))))
    }

    fn control(
        &mut self,
        start: &Start,
        reference: &Grid,
        c: Color,
    ) -> Result<BTreeSet<At>, EngineError> {
        let _ = start;
        let pos = position(reference)?;
        Ok(set(&pos, &r::control(&pos, color(c))))
    }

    fn game(&mut self, start: &Start, gm: &GameMoves) -> Result<GameOutcome, EngineError> {
        let rules = ruleset(&start.ruleset);
        let method = rules.naj.immortality;
        let (final_pos, pris) = match &gm.alternation {
            None => (position(&start.board)?, start.prisoners),
            Some(ms) => {
                let played = play(start, Phase::Alternation, ms)?;
                if let Some((i, why)) = played.illegal {
                    return Err(refused(format!(
                        "alternation move {} is illegal: {why:?}",
                        i + 1
                    )));
                }
                match played.end {
                    Some(g::PhaseEnd::Cycle { .. }) => {
                        return Ok(GameOutcome {
                            no_result: true,
                            prisoners: played.prisoners,
                            ..GameOutcome::default()
                        })
                    }
                    None => return Err(refused("the alternation has not ended")),
                    Some(g::PhaseEnd::Passes(_)) => (
                        played.positions.last().cloned().unwrap_or(played.start),
                        played.prisoners,
                    ),
                }
            }
        };
        let final_grid = grid(&final_pos);
        let analysis_start = Start {
            board: final_grid.clone(),
            history: None,
            ..start.clone()
        };
        let reference =
            |phase: Phase, ms: &Option<Vec<Move>>| -> Result<Option<r::Position>, EngineError> {
                let Some(ms) = ms else { return Ok(None) };
                let played = play(&analysis_start, phase, ms)?;
                if let Some((i, why)) = played.illegal {
                    return Err(refused(format!(
                        "{phase:?} move {} is illegal: {why:?}",
                        i + 1
                    )));
                }
                if played.end.is_none() {
                    return Err(refused(format!("the {phase:?} has not ended")));
                }
                Ok(Some(
                    played.positions.last().cloned().unwrap_or(played.start),
                ))
            };
        let (black_ref, white_ref) = match rules.naj.analyses {
            g::Analyses::Two => {
                if gm.analysis.is_some() {
                    return Err(refused("a single analysis under two-analysis rules"));
                }
                (
                    reference(Phase::BlackAnalysis, &gm.black_analysis)?,
                    reference(Phase::WhiteAnalysis, &gm.white_analysis)?,
                )
            }
            g::Analyses::Single => {
                if gm.black_analysis.is_some() || gm.white_analysis.is_some() {
                    return Err(refused("two analyses under single-analysis rules"));
                }
                let single = reference(Phase::Analysis, &gm.analysis)?;
                (single.clone(), single)
            }
        };
        let black = black_ref
            .as_ref()
            .map(|p| side(&final_pos, Some(p), r::Color::Black, method));
        let white = white_ref
            .as_ref()
            .map(|p| side(&final_pos, Some(p), r::Color::White, method));
        let totals = match (&black_ref, &white_ref) {
            (Some(b), Some(w)) => {
                let bc = r::naj::control::control_with(b, r::Color::Black, method);
                let wc = r::naj::control::control_with(w, r::Color::White, method);
                let by = r::ByColor::from_fn(|c| {
                    if c == r::Color::Black {
                        pris.black
                    } else {
                        pris.white
                    }
                });
                let s = r::score(&final_pos, &bc, &wc, by, rules.naj.komi);
                let whole = s
                    .score
                    .as_whole()
                    .ok_or_else(|| refused("a score with a half point"))?;
                Some((s.board_score as i32, whole as i32))
            }
            _ => None,
        };
        Ok(GameOutcome {
            board_score: totals.map(|t| t.0),
            score: totals.map(|t| t.1),
            final_position: Some(final_grid),
            prisoners: pris,
            no_result: false,
            black,
            white,
            prisoner_difference: pris.black as i32 - pris.white as i32,
        })
    }
}
