//! NAJ: the New Amateur-Japanese Rules (seed 000): alternation, analyses, immortal stones, control, scoring.

pub mod control;
pub mod game;
pub mod immortal;
pub mod score;
pub mod solver;

pub use control::{control, control_from_immortal, control_with};
pub use game::{
    analyse_and_score, play_game, replay, Analyses, Analysis, AnalysisMoves, GameError,
    GameOutcome, NajOptions, Phase, PhaseEnd, Replay, ReplayError, Scoring,
};
pub use immortal::{benson, immortal_stones, ImmortalityMethod};
pub use score::{score, Points, ScoreBreakdown, ScoreResult};
