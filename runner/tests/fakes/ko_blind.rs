//! Fake engines that mishandle ko: the reference engine, told every game has other ko rules than it has: none
//! at all (so it takes any ko recapture), or the simple ko rule where the game has none (so it refuses a
//! recapture that is legal), for the tests that differential testing finds and shrinks a planted disagreement.

use gorules_cases::model::{CoreOptions, Ruleset};
use gorules_cases::moves::Move;
use gorules_runner::differential::Stepper;
use gorules_runner::engine::{EngineError, Start};
use gorules_runner::gtp::Launch;
use gorules_runner::remote::{Remote, Step};
use gorules_vocabulary::KoRule;
use std::time::Duration;

/// The reference engine with the ko rules of every game replaced by its own.
pub struct KoBlind(pub Remote, pub Vec<KoRule>);

impl KoBlind {
    /// Plays every game without a ko rule.
    pub fn start() -> KoBlind {
        KoBlind::with(Vec::new())
    }

    /// Plays every game under `ko`.
    pub fn with(ko: Vec<KoRule>) -> KoBlind {
        KoBlind(
            Remote::start(Launch::reference(), Duration::from_secs(60), None)
                .expect("the reference engine starts"),
            ko,
        )
    }
}

impl Stepper for KoBlind {
    fn begin(&mut self, start: &Start) -> Result<(), EngineError> {
        let mut blind = start.clone();
        if let Ruleset::Core(o) = &start.ruleset {
            blind.ruleset = Ruleset::Core(CoreOptions {
                ko: self.1.clone(),
                ..o.clone()
            });
        }
        self.0.begin_game(&blind)
    }

    fn step(&mut self, mv: &Move, width: usize, height: usize) -> Result<Step, EngineError> {
        self.0.step(mv, width, height)
    }
}
