//! PROTO-3.8 to PROTO-3.13: the NAJ analyses of the current position: immortal stones, control, points, the
//! score, and the value under best play. Every game answers them from its current move-sequence
//! ([`super::Game::as_sequence`]).

use super::core::{Grid, Phase};
use super::limits::limit_hit;
use super::words::{args, color, count, number, one_line, syntax, vertex, vertices, Reply};
use super::Session;
use crate::allowance::Deadline;
use crate::board::PointSet;
use crate::color::{ByColor, Color};
use crate::moves::Move;
use crate::naj::control::control_with;
use crate::naj::game::Analysis;
use crate::naj::score::{player_score, score};
use crate::naj::solver::{self, Limits, Solved, Tuning};
use crate::position::Position;
use crate::rules::Ruleset;
use gorules_grammar::gtp::Command;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// PROTO-3.8: `gorules-immortal COLOUR`: COLOUR's immortal stones (NAJ-5).
pub(super) fn immortal(s: &mut Session, cmd: &Command) -> Reply {
    let a = args(cmd, 1, "a colour")?;
    let g = s.game.as_sequence();
    let p = g.position();
    Ok(vertices(
        p,
        &g.ruleset.naj.immortality.immortal_stones(p, color(&a[0])?),
    ))
}

/// PROTO-3.9: `gorules-control COLOUR`: the points COLOUR controls (NAJ-6).
pub(super) fn control(s: &mut Session, cmd: &Command) -> Reply {
    let a = args(cmd, 1, "a colour")?;
    let g = s.game.as_sequence();
    let p = g.position();
    Ok(vertices(
        p,
        &control_with(p, color(&a[0])?, g.ruleset.naj.immortality),
    ))
}

fn same_board(g: &Grid, p: &Position) -> Result<(), String> {
    if p.board() == g.position().board() {
        Ok(())
    } else {
        Err("the positions are not on the same board".into())
    }
}

/// PROTO-3.10: `gorules-points COLOUR FINAL`: COLOUR's points on the final-position FINAL, counted on the points
/// COLOUR controls in the current position (NAJ-7), as a total and per point.
pub(super) fn points(s: &mut Session, cmd: &Command) -> Reply {
    let a = args(cmd, 2, "a colour and a final-position")?;
    let c = color(&a[0])?;
    let g = s.game.as_sequence();
    let final_position = one_line(&a[1])?;
    same_board(&g, &final_position)?;
    let reference = g.position();
    let controls = control_with(reference, c, g.ruleset.naj.immortality);
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

/// PROTO-3.11: `gorules-score FINAL BLACK_REFERENCE WHITE_REFERENCE B W`: NAJ-7's score.
pub(super) fn score_of(s: &mut Session, cmd: &Command) -> Reply {
    let a = args(
        cmd,
        5,
        "a final-position, two reference positions and two prisoner counts",
    )?;
    let final_position = one_line(&a[0])?;
    let black_ref = one_line(&a[1])?;
    let white_ref = one_line(&a[2])?;
    if black_ref.board() != final_position.board() || white_ref.board() != final_position.board() {
        return Err("the positions are not on the same board".into());
    }
    let prisoners = [count(&a[3])?, count(&a[4])?];
    let g = s.game.as_sequence();
    let method = g.ruleset.naj.immortality;
    let score = score(
        &final_position,
        &control_with(&black_ref, Color::Black, method),
        &control_with(&white_ref, Color::White, method),
        ByColor::from_fn(|c| prisoners[c.index()]),
        g.ruleset.naj.komi,
    );
    Ok(format!(
        "black_score={} white_score={} board_score={} prisoner_difference={} score={} result={}",
        score.black_score,
        score.white_score,
        score.board_score,
        score.prisoner_difference,
        score.score,
        score.result
    ))
}

/// PROTO-3.13: `gorules-best-play [NODES]`: the value of the current move-sequence under perfect play from where
/// it stands (SOLVER-2), within NODES (default: [`Limits::default`]) and the session's time allowance.
pub(super) fn best_play(s: &mut Session, cmd: &Command) -> Reply {
    let max_nodes = match cmd.args.as_slice() {
        [] => Limits::default().max_nodes,
        [n] => number(n, "a node limit")?,
        _ => return Err(syntax("an optional node limit")),
    };
    let deadline = Deadline::after(s.time_limit);
    let cur = s.game.as_sequence();
    let ruleset = &cur.ruleset;
    let start = &cur.sequence.positions()[0];
    let played: Vec<Move> = cur.sequence.moves().iter().map(|m| m.mv).collect();
    let which = match cur.phase {
        Phase::Alternation => Which::Alternation {
            first: cur.sequence.to_move_at(0),
            prisoners: cur.base_prisoners,
        },
        Phase::BlackAnalysis => Which::Analysis(Analysis::Black),
        Phase::WhiteAnalysis => Which::Analysis(Analysis::White),
        Phase::Analysis => Which::Analysis(Analysis::Single),
        Phase::Sequence | Phase::DefaultRestriction => {
            return Err("best play needs the alternation or an analysis".into())
        }
    };
    let question = Question {
        ruleset: *ruleset,
        start: start.clone(),
        which,
        played,
        max_nodes,
        tuning: s.naj_search,
    };
    let (solved, limit) = answer(question, deadline)?;
    match solved {
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
            bounds.0, bounds.1, limit
        )),
    }
}

/// PROTO-3.13: what a best-play search is asked: the ruleset, the phase's start and moves, and the search's
/// allowance and settings. The solver is a pure function of these (SOLVER-1.1) when no deadline stops it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Question {
    ruleset: Ruleset,
    start: Position,
    which: Which,
    played: Vec<Move>,
    max_nodes: u64,
    tuning: Tuning,
}

/// SOLVER-2.2, SOLVER-2.3: the alternation (with its first player and the prisoners it starts with) or an analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Which {
    Alternation {
        first: Color,
        prisoners: ByColor<u64>,
    },
    Analysis(Analysis),
}

impl Question {
    /// SOLVER-1.1: the solve the question asks, within its allowance and stopped at `deadline` if it has not
    /// ended (SOLVER-1.4, SOLVER-1.5).
    fn solve(&self, deadline: Deadline) -> Result<Solved, solver::SolveError> {
        let limits = Limits {
            max_nodes: self.max_nodes,
            deadline,
            tuning: self.tuning,
        };
        match self.which {
            Which::Alternation { first, prisoners } => solver::alternation_value_after(
                &self.ruleset,
                &self.start,
                first,
                prisoners,
                &self.played,
                limits,
            ),
            Which::Analysis(analysis) => solver::analysis_value_after(
                &self.ruleset,
                &self.start,
                analysis,
                &self.played,
                limits,
            ),
        }
    }
}

/// PROTO-3.13: the most answers the engine keeps; a full memo is emptied first.
const MEMO_ANSWERS: usize = 4096;

/// A question's answer and, if it is out of reach, the limit that stopped it (PROTO-3.13), once its search has
/// ended (searches that ask it meanwhile wait for it).
type Slot = Arc<OnceLock<Result<(Solved, &'static str), String>>>;

/// PROTO-3.13: the answers of the best-play searches this process has made or is making, by question. Every
/// answer is what the same search would give again (SOLVER-1.1), so the suite's checks that ask one question (a
/// case's control map and score, say) search once, also when they are asked at the same time; an answer that a
/// deadline cut short depends on the clock and is not kept.
fn memo() -> &'static Mutex<HashMap<Question, Slot>> {
    static MEMO: OnceLock<Mutex<HashMap<Question, Slot>>> = OnceLock::new();
    MEMO.get_or_init(|| Mutex::new(HashMap::new()))
}

/// PROTO-3.13: the answer to `question`, from the memo or searched within its allowance and `deadline`.
fn answer(question: Question, deadline: Deadline) -> Result<(Solved, &'static str), String> {
    let lock = || {
        memo()
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    };
    let slot: Slot = {
        let mut memo = lock();
        if memo.len() >= MEMO_ANSWERS && !memo.contains_key(&question) {
            memo.clear();
        }
        Arc::clone(memo.entry(question.clone()).or_default())
    };
    let answer = slot
        .get_or_init(|| {
            let solved = question.solve(deadline).map_err(|e| e.to_string())?;
            let limit = match solved {
                Solved::OutOfReach { nodes, .. } => limit_hit(nodes, question.max_nodes, deadline),
                Solved::Value { .. } => "",
            };
            Ok((solved, limit))
        })
        .clone();
    if deadline.passed() {
        lock().remove(&question);
    }
    answer
}
