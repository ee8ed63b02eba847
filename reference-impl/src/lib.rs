//! The gorules reference implementation: the semantics of the rules of Go, written to be read.
//!
//! The modules follow the spec's table of contents (`spec/core.md`, `spec/ko.md`, `spec/naj.md`):
//!
//! - [`board`] (CORE-1): boards as graphs, intersections, grid coordinates, sets of intersections;
//! - [`color`] (CORE-2): the players' colours;
//! - [`position`] (CORE-3): positions, their identity and hash; [`symmetry`]: rotations and mirrorings;
//! - [`string`] (CORE-4): strings and liberties;
//! - [`moves`] (CORE-5): plays and passes, capture and suicide; [`illegal`]: the reasons a move is illegal;
//! - [`ko`] (KO-1 to KO-6): the ko and repetition rules; [`sequence`]: a move-sequence and its history;
//! - [`kodef`] (KODEF): seed 004's definition of ko: the default restriction rules, local-area, basic-ko-intersections, kos;
//! - [`naj`] (NAJ-1 to NAJ-9): the New Amateur-Japanese Rules; [`rules`]: rulesets;
//! - [`kee`] (KEE-1 to KEE-13, KEE-15): the Kee Rules, for any graph and any number of players;
//! - [`j89`] (J89-7, J89-8, J89-10): the Japanese 1989 Rules' confirmation of life and death, territory, result;
//! - [`counting`] (COUNT): the counting methods of seed 003, each with the plain score it stands for;
//! - [`protocol`] (PROTO): the engine protocol, the one edge where text comes in and goes out.
//!
//! Everything is a pure function of its inputs: no I/O, no printing. Constructors that take user input check it
//! and return errors instead of panicking.

#![warn(missing_docs)]

pub mod allowance;
mod big_stack;
pub mod board;
pub mod color;
pub mod counting;
mod fast_hash;
pub mod illegal;
pub mod j89;
pub mod kee;
pub mod ko;
pub mod kodef;
pub mod moves;
pub mod naj;
pub mod position;
mod proof_numbers;
pub mod protocol;
pub mod rules;
pub mod scoring;
pub mod sequence;
pub mod string;
pub mod symmetry;

pub use board::{Board, BoardError, Coords, GridShape, Point, PointSet};
pub use color::{ByColor, Color};
pub use illegal::Illegal;
pub use ko::{KoRule, KoRules};
pub use moves::{Move, SuicideRule};
pub use naj::benson;
pub use naj::{control, immortal_stones, score};
pub use position::{Position, PositionError};
pub use rules::Ruleset;
pub use sequence::{MoveOutcome, Sequence, SequenceRules};
