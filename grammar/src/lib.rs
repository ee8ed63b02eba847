//! The notation of Go rules texts (spec/notation.md): board diagrams, vertices, one-line positions and move
//! sequences. Every value parses from text and prints back; printing then parsing gives the same value.
//!
//! This crate knows notation only: it does not know the rules. Which intersections a label names, and
//! which stones a diagram shows, are facts of the text; whether a move is legal is for `gorules-ref`.

mod diagram;
mod error;
pub mod gtp;
mod one_line;
mod parser;
mod sequence;
mod vertex;

pub use diagram::{Cell, Diagram, StoneColor};
pub use error::ParseError;
pub use one_line::OneLine;
pub use sequence::{Player, SeqMove, Sequence, SequenceSet};
pub use vertex::Vertex;
