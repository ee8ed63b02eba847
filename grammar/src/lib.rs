//! The notation of Go rules texts (spec/notation.md): board diagrams, vertices, one-line positions, move
//! sequences, graph boards and Kee plays. Every value parses from text and prints back; printing then parsing
//! gives the same value.
//!
//! This crate knows notation only: it does not know the rules. Which intersections a label names, and
//! which stones a diagram shows, are facts of the text; whether a move is legal is for `gorules-ref`.

mod diagram;
mod error;
mod graph;
pub mod gtp;
mod one_line;
mod parser;
mod sequence;
mod vertex;

pub use diagram::{Cell, Diagram, StoneColor};
pub use error::ParseError;
pub use graph::{Graph, KeePlayText, KeePlays, Node, PLAYER_NAMES, PLAYER_TOKENS};
pub use one_line::OneLine;
pub use sequence::{Player, SeqMove, Sequence, SequenceSet};
pub use vertex::Vertex;
