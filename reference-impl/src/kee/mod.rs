//! KEE: the Kee Rules of Go (2013), for any board graph and any number of players (spec/kee.md).
//!
//! Built so far: the players and their stones (KEE-4, KEE-5), stone units and liberties (KEE-7, KEE-8), stone
//! removal (KEE-9 enclosure, KEE-10 suicide, KEE-11 capture) and area scoring with the ranking (KEE-15). Not yet:
//! the Kee ko rule with its ko player and refreshing passes (KEE-12), the end of the game (KEE-13).

mod arrangement;
mod player;
mod removal;
mod scoring;

pub use arrangement::{Arrangement, ArrangementError, Unit};
pub use player::Player;
pub use removal::{play_stone, AlliedGroups, KeeOptions, StonePlay, SuicidalPlay, Suicide};
pub use scoring::{area_points, ranking};
