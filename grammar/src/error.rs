//! Parse errors: a position (1-based line and column within the parsed text) and what was expected there.

use crate::parser::Rule;
use std::fmt;

/// A parse error at a line and column of the text that was parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line within the parsed text.
    pub line: usize,
    /// 1-based column (in characters) within that line.
    pub column: usize,
    /// What the parser wanted, in words.
    pub message: String,
}

impl ParseError {
    pub(crate) fn new(line: usize, column: usize, message: impl Into<String>) -> Self {
        ParseError {
            line,
            column,
            message: message.into(),
        }
    }

    /// An error at a byte offset of `text`.
    pub(crate) fn at_offset(text: &str, offset: usize, message: impl Into<String>) -> Self {
        let before = &text[..offset.min(text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ParseError::new(line, column, message)
    }

    /// Translates a pest error into our words: what was expected, and what was found instead.
    pub(crate) fn from_pest(text: &str, err: pest::error::Error<Rule>) -> Self {
        let offset = match err.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        let expected = match &err.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => {
                let any_cell = positives
                    .iter()
                    .any(|r| matches!(r, Rule::label | Rule::mark));
                let mut names: Vec<&str> = positives
                    .iter()
                    .map(|r| match r {
                        Rule::empty
                        | Rule::black
                        | Rule::white
                        | Rule::label
                        | Rule::mark
                        | Rule::number1
                        | Rule::number2
                            if any_cell =>
                        {
                            rule_name(Rule::cell)
                        }
                        r => rule_name(*r),
                    })
                    .collect();
                names.sort_unstable();
                names.dedup();
                if names.is_empty() {
                    "something else".to_string()
                } else {
                    names.join(" or ")
                }
            }
            pest::error::ErrorVariant::CustomError { message } => message.clone(),
        };
        let found = match text[offset.min(text.len())..].chars().next() {
            None => "the end of the text".to_string(),
            Some('\n') => "the end of the line".to_string(),
            Some(c) => format!("`{c}`"),
        };
        ParseError::at_offset(text, offset, format!("expected {expected}, found {found}"))
    }
}

/// The words for a grammar rule in error messages.
fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::diagram | Rule::row | Rule::cell | Rule::single => {
            "a cell (`.`, `#`, `O`, a label a-z, a mark A-Z or a number)"
        }
        Rule::number2 | Rule::number1 => "a number",
        Rule::empty => "`.`",
        Rule::black => "`#`",
        Rule::black_x => "`X`",
        Rule::white => "`O`",
        Rule::label => "a label (a-z)",
        Rule::mark => "a mark (A-Z)",
        Rule::vertex => "a vertex such as `C3` (column A-Z without I, then a row number from 1)",
        Rule::one_line | Rule::line_row | Rule::line_cell => "a row of `.`, `X` and `O`",
        Rule::sequences | Rule::sequence => "a move sequence such as `#[ab]`",
        Rule::cycle => "`*[` (a repeated cycle)",
        Rule::player => "a player (`#`, `O`, `B` or `W`)",
        Rule::body | Rule::label_body | Rule::label_move => "a move label (a-z, `p` for pass)",
        Rule::coord_body | Rule::coord_move => "a move (a vertex such as `C3`, or `pass`)",
        Rule::pass_word => "`pass`",
        Rule::continues => "`..`",
        Rule::graph | Rule::graph_line | Rule::graph_item | Rule::blank => {
            "an intersection line `name stone : neighbour ...` (stone `.`, `#`, `O`, `R`, `G`, `U` or `Y`)"
        }
        Rule::node_name => "a name (letters, digits, `_`)",
        Rule::node_stone => "a stone (`.`, `#`, `O`, `R`, `G`, `U` or `Y`)",
        Rule::kee_plays | Rule::kee_play => "Kee plays: names, `pass` or `refresh`, separated by spaces",
        Rule::refresh_word => "`refresh`",
        Rule::normal_pass => "`pass`",
        Rule::EOI => "the end of the text",
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}
