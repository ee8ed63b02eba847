//! The differential mode's questions (runner/src/differential.rs): a game set up once, then each move asked
//! in turn, whether the engine takes it and the position after it. One command per move, where the suite's
//! checks set the position up again for each question.

use super::{Played, Remote};
use crate::engine::{EngineError, Grid, Start};
use gorules_cases::model::{Phase, Reason};
use gorules_cases::moves::Move;

/// What an engine did with one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// It refused the move, naming the reason if it did (the reference does, PROTO-3.5).
    Refused(Option<Reason>),
    /// It played the move; the position after it.
    Played(Grid),
}

impl Remote {
    /// Sets up `start` for a bare move-sequence (CASE-2 `sequence`: Black first, no ending, so that any number of
    /// passes may stand between plays), as a check of that phase would.
    pub fn begin_game(&mut self, start: &Start) -> Result<(), EngineError> {
        self.setup(start, Phase::Sequence, &[])
    }

    /// Plays `mv` (`play`; a refusal is the engine's legality answer) and, if it was taken, reads the position.
    pub fn step(&mut self, mv: &Move, width: usize, height: usize) -> Result<Step, EngineError> {
        match self.play(mv, height)? {
            Played::Ok => Ok(Step::Played(self.position(width, height)?)),
            Played::Illegal(r) => Ok(Step::Refused(r)),
            Played::AfterEnd => Ok(Step::Refused(None)),
        }
    }
}
