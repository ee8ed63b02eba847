//! NAJ-1 to NAJ-3, NAJ-8, NAJ-9: the game: the alternation, the analyses, and the score they lead to.
//!
//! The players' choices are given as lists of moves, one list per move-sequence; these functions replay them,
//! refuse illegal moves, and compute what the rules make of the result.

use std::fmt;

use crate::board::PointSet;
use crate::color::{ByColor, Color};
use crate::illegal::Illegal;
use crate::moves::Move;
use crate::naj::control::control_with;
use crate::naj::immortal::ImmortalityMethod;
use crate::naj::score::{score, Points, ScoreBreakdown};
use crate::position::Position;
use crate::rules::Ruleset;
use crate::sequence::{MoveOutcome, Sequence};

/// NAJ-3, NAJ-9.3: how many analyses follow the alternation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Analyses {
    /// NAJ-3.1, NAJ-3.2: the black-analysis and the white-analysis (the New Amateur-Japanese Rules).
    #[default]
    Two,
    /// NAJ-9.3: one analysis, Black moving first, whose reference position gives both players' control.
    Single,
}

/// NAJ: the options of the New Amateur-Japanese Rules and of the variants seed 000 compares them with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NajOptions {
    /// NAJ-3.4, NAJ-9.2: the number of successive passes that ends an analysis (3; the variant uses 2).
    pub analysis_end_passes: u8,
    /// NAJ-3, NAJ-9.3: two analyses or a single one.
    pub analyses: Analyses,
    /// NAJ-9.1 (NAJN): a position recurring in the alternation ends the game without result.
    pub no_result_on_cycle: bool,
    /// NAJ-7.5: komi, subtracted from the score.
    pub komi: Points,
    /// NAJ-5.2: how immortal stones are found (both methods agree).
    pub immortality: ImmortalityMethod,
}

impl Default for NajOptions {
    fn default() -> NajOptions {
        NajOptions {
            analysis_end_passes: 3,
            analyses: Analyses::Two,
            no_result_on_cycle: false,
            komi: Points::ZERO,
            immortality: ImmortalityMethod::Benson,
        }
    }
}

/// NAJ-3: an analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Analysis {
    /// NAJ-3.1: the black-analysis (White moves first); it shows what Black controls.
    Black,
    /// NAJ-3.2: the white-analysis (Black moves first); it shows what White controls.
    White,
    /// NAJ-9.3: the single analysis (Black moves first); it shows what both control.
    Single,
}

impl Analysis {
    /// NAJ-3.1, NAJ-3.2, NAJ-9.3: the player who moves first in this analysis.
    pub fn first_to_move(self) -> Color {
        match self {
            Analysis::Black => Color::White,
            Analysis::White | Analysis::Single => Color::Black,
        }
    }

    /// NAJ-3: the analysis's name as the rules write it.
    pub fn name(self) -> &'static str {
        match self {
            Analysis::Black => "black-analysis",
            Analysis::White => "white-analysis",
            Analysis::Single => "analysis",
        }
    }
}

/// NAJ-2, NAJ-3: a phase of the game, each a separate move-sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// NAJ-2: the alternation, with the player who moves first (Black unless the caller says otherwise).
    Alternation {
        /// NAJ-2.1: the player to move in the start position.
        to_move: Color,
    },
    /// NAJ-3: an analysis of the final-position.
    Analysis(Analysis),
}

impl Phase {
    /// NAJ-2.1: the alternation with Black moving first.
    pub const ALTERNATION: Phase = Phase::Alternation {
        to_move: Color::Black,
    };

    /// NAJ-2.1, NAJ-3: the player who moves first in this phase.
    pub fn first_to_move(self) -> Color {
        match self {
            Phase::Alternation { to_move } => to_move,
            Phase::Analysis(analysis) => analysis.first_to_move(),
        }
    }

    /// NAJ-2.3, NAJ-3.4, NAJ-9.2: the number of successive passes that ends this phase.
    pub fn end_passes(self, options: &NajOptions) -> usize {
        match self {
            Phase::Alternation { .. } => 2,
            Phase::Analysis(_) => usize::from(options.analysis_end_passes),
        }
    }
}

/// NAJ-2.3, NAJ-3.4, NAJ-9.1: how a phase ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhaseEnd {
    /// NAJ-2.3, NAJ-3.4: this many successive passes.
    Passes(usize),
    /// NAJ-9.1: a play recreated the position with this index (NAJN: the game ends without result).
    Cycle {
        /// The index of the earlier position that recurred.
        recreates: usize,
    },
}

/// NAJ-2, NAJ-3: a phase replayed: every position reached, what each move did, and how the phase ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    positions: Vec<Position>,
    outcomes: Vec<MoveOutcome>,
    end: Option<PhaseEnd>,
    prisoners: ByColor<u64>,
}

impl Replay {
    /// NAJ-2, NAJ-3: the start position, then the position after each move (never empty).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// NAJ-2, NAJ-3: what each move did.
    pub fn outcomes(&self) -> &[MoveOutcome] {
        &self.outcomes
    }

    /// NAJ-2.3, NAJ-3.4, NAJ-9.1: how the phase ended, or `None` if the moves ran out before it ended.
    pub fn end(&self) -> Option<PhaseEnd> {
        self.end
    }

    /// NAJ-2.5, CORE-6.1: the stones each player removed in this phase.
    pub fn prisoners(&self) -> ByColor<u64> {
        self.prisoners
    }

    /// NAJ-2.4, NAJ-3.5: the last position of the phase.
    pub fn last_position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a replay always holds its start position"))
    }
}

/// NAJ-2, NAJ-3: why a list of moves cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// CORE-5, KO: the move with this index (from 0) is illegal.
    Illegal {
        /// The index of the move in the list.
        index: usize,
        /// The move.
        mv: Move,
        /// The rule that forbids it.
        reason: Illegal,
    },
    /// NAJ-2.3, NAJ-3.4: the move with this index comes after the phase has ended.
    AfterEnd {
        /// The index of the move in the list.
        index: usize,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Illegal { index, mv, reason } => {
                write!(f, "move {} ({mv}) is illegal: {reason}", index + 1)
            }
            ReplayError::AfterEnd { index } => {
                write!(f, "move {} comes after the end of the phase", index + 1)
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// NAJ-2, NAJ-3: replays `moves` as the phase `phase` from `start` under `ruleset`.
///
/// Every phase is a fresh move-sequence: nothing is carried over from another phase (NAJ-3.3).
pub fn replay(
    ruleset: &Ruleset,
    phase: Phase,
    start: &Position,
    moves: &[Move],
) -> Result<Replay, ReplayError> {
    let mut sequence = Sequence::new(
        start.clone(),
        phase.first_to_move(),
        ruleset.sequence_rules(),
    );
    let end_passes = phase.end_passes(&ruleset.naj);
    let cycles_end = matches!(phase, Phase::Alternation { .. }) && ruleset.naj.no_result_on_cycle;
    let mut outcomes = Vec::with_capacity(moves.len());
    let mut end = None;
    for (index, &mv) in moves.iter().enumerate() {
        if end.is_some() {
            return Err(ReplayError::AfterEnd { index });
        }
        let outcome =
            sequence
                .play(mv)
                .map_err(|reason| ReplayError::Illegal { index, mv, reason })?;
        if let (true, Some(recreates)) = (cycles_end, outcome.recreates) {
            end = Some(PhaseEnd::Cycle { recreates });
        } else if sequence.consecutive_passes() >= end_passes {
            end = Some(PhaseEnd::Passes(end_passes));
        }
        outcomes.push(outcome);
    }
    Ok(Replay {
        positions: sequence.positions().to_vec(),
        outcomes,
        end,
        prisoners: sequence.prisoners(),
    })
}

/// NAJ-3: the moves of the analyses the players chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisMoves {
    /// NAJ-3.1, NAJ-3.2: the moves of the black-analysis and of the white-analysis.
    Two {
        /// NAJ-3.1: the black-analysis, White moving first.
        black_analysis: Vec<Move>,
        /// NAJ-3.2: the white-analysis, Black moving first.
        white_analysis: Vec<Move>,
    },
    /// NAJ-9.3: the moves of the single analysis, Black moving first.
    Single(Vec<Move>),
}

/// NAJ-1: why a game cannot be scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// NAJ-2: a move of the alternation cannot be replayed.
    Alternation(ReplayError),
    /// NAJ-2.3: the alternation's moves ran out before two successive passes.
    AlternationNotEnded,
    /// NAJ-3: a move of an analysis cannot be replayed.
    Analysis(Analysis, ReplayError),
    /// NAJ-3.4: an analysis's moves ran out before it ended.
    AnalysisNotEnded(Analysis),
    /// NAJ-9.3: the moves given are for two analyses and the options ask for one, or the other way round.
    AnalysesMismatch,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Alternation(error) => write!(f, "alternation: {error}"),
            GameError::AlternationNotEnded => write!(f, "the alternation has not ended"),
            GameError::Analysis(analysis, error) => write!(f, "{}: {error}", analysis.name()),
            GameError::AnalysisNotEnded(analysis) => {
                write!(f, "the {} has not ended", analysis.name())
            }
            GameError::AnalysesMismatch => {
                write!(f, "the moves given do not match the number of analyses")
            }
        }
    }
}

impl std::error::Error for GameError {}

/// NAJ-3, NAJ-6, NAJ-7: what the analyses of a final-position and the scoring show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoring {
    /// NAJ-2.4: the final-position.
    pub final_position: Position,
    /// NAJ-2.5: the prisoners of the alternation.
    pub prisoners: ByColor<u64>,
    /// NAJ-3.5: Black's reference position (the end of the black-analysis, or of the single analysis).
    pub black_reference: Position,
    /// NAJ-3.5: White's reference position (the end of the white-analysis, or of the single analysis).
    pub white_reference: Position,
    /// NAJ-6.1: the intersections Black controls.
    pub black_control: PointSet,
    /// NAJ-6.1: the intersections White controls.
    pub white_control: PointSet,
    /// NAJ-7: the score and the result.
    pub breakdown: ScoreBreakdown,
}

/// NAJ-1: how a game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameOutcome {
    /// NAJ-9.1 (NAJN): a position recurred in the alternation; the game has no result.
    NoResult {
        /// The alternation up to the play that recreated an earlier position.
        alternation: Replay,
    },
    /// NAJ-1.1: the alternation ended by passes and the game was scored.
    Scored {
        /// The alternation.
        alternation: Replay,
        /// The analyses and the score.
        scoring: Box<Scoring>,
    },
}

/// NAJ-3, NAJ-8: performs the analyses of `final_position` on copies of it and scores the game.
pub fn analyse_and_score(
    ruleset: &Ruleset,
    final_position: &Position,
    prisoners: ByColor<u64>,
    analyses: &AnalysisMoves,
) -> Result<Scoring, GameError> {
    let reference = |analysis: Analysis, moves: &[Move]| -> Result<Position, GameError> {
        let replayed = replay(ruleset, Phase::Analysis(analysis), final_position, moves)
            .map_err(|error| GameError::Analysis(analysis, error))?;
        match replayed.end {
            Some(_) => Ok(replayed.last_position().clone()),
            None => Err(GameError::AnalysisNotEnded(analysis)),
        }
    };
    let (black_reference, white_reference) = match (ruleset.naj.analyses, analyses) {
        (
            Analyses::Two,
            AnalysisMoves::Two {
                black_analysis,
                white_analysis,
            },
        ) => (
            reference(Analysis::Black, black_analysis)?,
            reference(Analysis::White, white_analysis)?,
        ),
        (Analyses::Single, AnalysisMoves::Single(moves)) => {
            let single = reference(Analysis::Single, moves)?;
            (single.clone(), single)
        }
        _ => return Err(GameError::AnalysesMismatch),
    };
    let method = ruleset.naj.immortality;
    let black_control = control_with(&black_reference, Color::Black, method);
    let white_control = control_with(&white_reference, Color::White, method);
    let breakdown = score(
        final_position,
        &black_control,
        &white_control,
        prisoners,
        ruleset.naj.komi,
    );
    Ok(Scoring {
        final_position: final_position.clone(),
        prisoners,
        black_reference,
        white_reference,
        black_control,
        white_control,
        breakdown,
    })
}

/// NAJ-1.1: plays a whole game: the alternation from `start` with `to_move` first, then the analyses, then the
/// scoring.
pub fn play_game(
    ruleset: &Ruleset,
    start: &Position,
    to_move: Color,
    alternation: &[Move],
    analyses: &AnalysisMoves,
) -> Result<GameOutcome, GameError> {
    let alternation = replay(ruleset, Phase::Alternation { to_move }, start, alternation)
        .map_err(GameError::Alternation)?;
    match alternation.end {
        None => Err(GameError::AlternationNotEnded),
        Some(PhaseEnd::Cycle { .. }) => Ok(GameOutcome::NoResult { alternation }),
        Some(PhaseEnd::Passes(_)) => {
            let scoring = analyse_and_score(
                ruleset,
                alternation.last_position(),
                alternation.prisoners,
                analyses,
            )?;
            Ok(GameOutcome::Scored {
                alternation,
                scoring: Box::new(scoring),
            })
        }
    }
}
