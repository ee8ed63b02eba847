//! J89: the Japanese Rules of Go (1989), spec/japanese-1989.md.
//!
//! The game: alternation under simple ko with suicide prohibited, the stop by two passes, resumption,
//! resignation, no result on a repetition, forfeit and stones placed by agreement during the stop (J89-2 to
//! J89-6, J89-9, J89-11, J89-12, J89-14, with the options J89-R3, J89-R9, J89-R10, J89-R11). The stop position:
//! the confirmation of life and death as an exact game under the pass-for-ko rule (J89-7, J89-R5, J89-R7), the
//! statuses alive, dead and seki, eye points, dame and territory (J89-8, J89-R1, J89-R8), the removal of dead
//! stones in territory and the result (J89-10, J89-R6). Article 13: effective moves at the stop, and both players
//! losing under the option J89-R4. An [`Assessor`] assesses the stop positions of a game under one reading,
//! keeping the last assessment and the confirmations the players played (J89-R2).

mod article13;
mod as_played;
mod assessor;
mod confirm;
mod game;
mod regions;
mod search;
mod settled;
mod territory;

pub use article13::{disagreement_move, effective_moves, effective_moves_given};
pub use as_played::{play_out, resolve_line, string_life_as_played, AsPlayedError, PlayedMove};
pub use assessor::{AssessError, Assessor, SharedLives, SHARED_LIVES};
pub use confirm::{
    successors, ConfirmError, ConfirmGame, ConfirmMove, ConfirmState, Confirmation,
    ConfirmationBoard, ConfirmationFirst, DeadInRegions, DeadOutside, J89Rules, KoBan, KoPass,
    NewStone, SekiStones, DEFAULT_STATE_LIMIT,
};
pub use game::{
    Article13, End, Event, FillDame, Game, GameResult, GameRules, IllegalMoves, RecaptureAfterPass,
    Refusal, Repetition, RequestError, Stage,
};
pub use regions::outside_region;
pub use search::{
    decide, decide_first, string_life, string_life_knowing, Known, SearchLimits, StringLife,
    Verdict, DEFAULT_LIMITS,
};
pub use settled::settled_eye_spaces;
pub use territory::{assess, assess_given, Assessment, Status};
