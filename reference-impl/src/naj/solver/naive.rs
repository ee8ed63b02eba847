//! SOLVER-6: the same values as the solver, by plain minimax over a [`Sequence`]: every legal move at every
//! state, no bound, no table, no ordering. Exponential; it exists to check the solver on small positions.

use crate::color::Color;
use crate::moves::Move;
use crate::naj::control::control_with;
use crate::naj::game::{Analyses, Analysis};
use crate::naj::score::player_score;
use crate::position::Position;
use crate::rules::Ruleset;
use crate::sequence::Sequence;

/// SOLVER-6: the value of `analysis` of `final_position` by plain minimax, or `None` if that visits more
/// than `max_nodes` states.
pub fn analysis_value(
    ruleset: &Ruleset,
    final_position: &Position,
    analysis: Analysis,
    max_nodes: u64,
) -> Option<i64> {
    analysis_counting(ruleset, final_position, analysis, &mut 0, max_nodes)
}

/// SOLVER-6: [`analysis_value`] once the moves `played` have been made in the analysis (their ko
/// prohibitions stay in force), or `None` if a move played is illegal or the search visits more than
/// `max_nodes` states.
pub fn analysis_value_after(
    ruleset: &Ruleset,
    final_position: &Position,
    analysis: Analysis,
    played: &[Move],
    max_nodes: u64,
) -> Option<i64> {
    let mut sequence = Sequence::new(
        final_position.clone(),
        analysis.first_to_move(),
        ruleset.sequence_rules(),
    );
    for &mv in played {
        sequence.play(mv).ok()?;
    }
    analysis_minimax(
        ruleset,
        final_position,
        analysis,
        &sequence,
        &mut 0,
        max_nodes,
    )
}

/// [`analysis_value`], counting its states in `nodes` (shared with an enclosing alternation).
fn analysis_counting(
    ruleset: &Ruleset,
    final_position: &Position,
    analysis: Analysis,
    nodes: &mut u64,
    max_nodes: u64,
) -> Option<i64> {
    let sequence = Sequence::new(
        final_position.clone(),
        analysis.first_to_move(),
        ruleset.sequence_rules(),
    );
    analysis_minimax(
        ruleset,
        final_position,
        analysis,
        &sequence,
        nodes,
        max_nodes,
    )
}

/// SOLVER-6: the value of the game from `start` in the alternation with `to_move` to move (no prisoners yet)
/// by plain minimax, or `None` if that visits more than `max_nodes` states.
pub fn alternation_value(
    ruleset: &Ruleset,
    start: &Position,
    to_move: Color,
    max_nodes: u64,
) -> Option<i64> {
    let sequence = Sequence::new(start.clone(), to_move, ruleset.sequence_rules());
    let mut nodes = 0;
    alternation_minimax(ruleset, &sequence, &mut nodes, max_nodes)
}

/// NAJ-7.1, NAJ-7.2: `player`'s score when `reference` is his reference position.
fn player_points(
    ruleset: &Ruleset,
    final_position: &Position,
    reference: &Position,
    player: Color,
) -> i64 {
    let controls = control_with(reference, player, ruleset.naj.immortality);
    player_score(final_position, player, &controls)
}

/// SOLVER-2.2: the analysis's value when it ends in `reference`.
fn analysis_end(
    ruleset: &Ruleset,
    final_position: &Position,
    analysis: Analysis,
    reference: &Position,
) -> i64 {
    let score = |player| player_points(ruleset, final_position, reference, player);
    match analysis {
        Analysis::Black => score(Color::Black),
        Analysis::White => score(Color::White),
        Analysis::Single => score(Color::Black) - score(Color::White),
    }
}

/// CORE-5, KO: every legal move of `sequence` now, the pass first.
fn legal_moves(sequence: &Sequence) -> Vec<Move> {
    let board = sequence.position().board();
    std::iter::once(Move::Pass)
        .chain(board.points().map(Move::Play))
        .filter(|&mv| sequence.legality(mv).is_ok())
        .collect()
}

/// The best of the children's values for the player to move: highest if `maximise`.
fn best_of(
    sequence: &Sequence,
    maximise: bool,
    mut value_of: impl FnMut(&Sequence) -> Option<i64>,
) -> Option<i64> {
    let mut best: Option<i64> = None;
    for mv in legal_moves(sequence) {
        let mut child = sequence.clone();
        child.play(mv).ok()?;
        let value = value_of(&child)?;
        best = Some(match best {
            None => value,
            Some(known) if maximise => known.max(value),
            Some(known) => known.min(value),
        });
    }
    best
}

fn analysis_minimax(
    ruleset: &Ruleset,
    final_position: &Position,
    analysis: Analysis,
    sequence: &Sequence,
    nodes: &mut u64,
    max_nodes: u64,
) -> Option<i64> {
    *nodes += 1;
    if *nodes > max_nodes {
        return None;
    }
    if sequence.consecutive_passes() >= usize::from(ruleset.naj.analysis_end_passes) {
        return Some(analysis_end(
            ruleset,
            final_position,
            analysis,
            sequence.position(),
        ));
    }
    let maximiser = match analysis {
        Analysis::White => Color::White,
        Analysis::Black | Analysis::Single => Color::Black,
    };
    best_of(sequence, sequence.to_move() == maximiser, |child| {
        analysis_minimax(ruleset, final_position, analysis, child, nodes, max_nodes)
    })
}

fn alternation_minimax(
    ruleset: &Ruleset,
    sequence: &Sequence,
    nodes: &mut u64,
    max_nodes: u64,
) -> Option<i64> {
    *nodes += 1;
    if *nodes > max_nodes {
        return None;
    }
    if sequence.consecutive_passes() >= 2 {
        let final_position = sequence.position();
        let mut value =
            |analysis| analysis_counting(ruleset, final_position, analysis, nodes, max_nodes);
        let analyses = match ruleset.naj.analyses {
            Analyses::Two => value(Analysis::Black)? - value(Analysis::White)?,
            Analyses::Single => value(Analysis::Single)?,
        };
        let prisoners = sequence.prisoners();
        return Some(analyses + prisoners[Color::Black] as i64 - prisoners[Color::White] as i64);
    }
    best_of(sequence, sequence.to_move() == Color::Black, |child| {
        alternation_minimax(ruleset, child, nodes, max_nodes)
    })
}
