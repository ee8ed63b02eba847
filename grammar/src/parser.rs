//! The pest parser generated from `notation.pest`.

#[derive(pest_derive::Parser)]
#[grammar = "notation.pest"]
pub(crate) struct NotationParser;
