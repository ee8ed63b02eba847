//! KEE: the Kee Rules of Go (2013), for any board graph and any number of players (spec/kee.md).
//!
//! Built: the players and their stones (KEE-4, KEE-5), stone units and liberties (KEE-7, KEE-8), stone removal
//! (KEE-9 enclosure, KEE-10 suicide, KEE-11 capture), the game with the Kee ko rule, its ko player and
//! refreshing passes (KEE-12) and its end (KEE-13), and area scoring with the ranking (KEE-15).

mod arrangement;
mod game;
mod player;
mod removal;
mod scoring;
mod solver;

pub use arrangement::{Arrangement, ArrangementError, Unit};
pub use game::{
    KeeEnd, KeeGame, KeeIllegal, KeePlay, KeeRules, KeeScoring, KoCondition, KoPlayerPasses,
    Prohibition,
};
pub use player::Player;
pub use removal::{play_stone, AlliedGroups, KeeOptions, StonePlay, SuicidalPlay, Suicide};
pub use scoring::{area_points, ranking, territory_points};
pub use solver::{
    kee_naive_value, kee_value, KeeLimits, KeeSolveError, KeeSolved, DEFAULT_KEE_NODES,
};
