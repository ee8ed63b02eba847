//! J89: the Japanese Rules of Go (1989), spec/japanese-1989.md.
//!
//! Built: the confirmation of life and death as an exact game under the pass-for-ko rule (J89-7, J89-R5, J89-R7),
//! the statuses alive, dead and seki, eye points, dame and territory (J89-8, J89-R1, J89-R8), the removal of dead
//! stones in territory and the result (J89-10, J89-R6). Not built yet: the game with its stop and resumption
//! (J89-9), Articles 11 to 14 beyond their text, and the ruleset options of J89-R other than the readings taken.

mod confirm;
mod search;
mod settled;
mod territory;

pub use confirm::{
    successors, ConfirmError, ConfirmGame, ConfirmMove, ConfirmState, ConfirmationBoard,
    DeadOutside, J89Rules, KoBan, NewStone, SekiStones, DEFAULT_STATE_LIMIT,
};
pub use search::{decide, string_life, SearchLimits, StringLife, Verdict, DEFAULT_LIMITS};
pub use settled::settled_eye_spaces;
pub use territory::{assess, Assessment, Status};
