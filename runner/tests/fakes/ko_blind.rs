//! A fake engine that mishandles ko: the reference engine, told every game has no ko rule at all (so it takes
//! any ko recapture), for the test that differential testing finds and shrinks a planted disagreement.

use gorules_cases::model::{CoreOptions, Ruleset};
use gorules_cases::moves::Move;
use gorules_runner::differential::Stepper;
use gorules_runner::engine::{EngineError, Start};
use gorules_runner::gtp::Launch;
use gorules_runner::remote::{Remote, Step};
use std::time::Duration;

/// The reference engine with the ko rules of every game dropped.
pub struct KoBlind(pub Remote);

impl KoBlind {
    pub fn start() -> KoBlind {
        KoBlind(
            Remote::start(Launch::reference(), Duration::from_secs(60), None)
                .expect("the reference engine starts"),
        )
    }
}

impl Stepper for KoBlind {
    fn begin(&mut self, start: &Start) -> Result<(), EngineError> {
        let mut blind = start.clone();
        if let Ruleset::Core(o) = &start.ruleset {
            blind.ruleset = Ruleset::Core(CoreOptions {
                ko: Vec::new(),
                suicide: o.suicide,
            });
        }
        self.0.begin_game(&blind)
    }

    fn step(&mut self, mv: &Move, width: usize, height: usize) -> Result<Step, EngineError> {
        self.0.step(mv, width, height)
    }
}
