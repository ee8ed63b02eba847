//! NOT-4: move sequences as the rules texts write them: `O[pbpdppp]`, `#[pz..]`, `#[kaakaa]*[kaakaa]`,
//! alternatives joined by `|`, and the coordinate form `B[C3 D4 pass]`.

use crate::error::ParseError;
use crate::parser::{NotationParser, Rule};
use crate::vertex::Vertex;
use pest::iterators::Pair;
use pest::Parser;
use std::fmt;
use std::str::FromStr;

/// The player who makes the first move of a sequence (`#`/`B` Black, `O`/`W` White).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// `#` or `B`.
    Black,
    /// `O` or `W`.
    White,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// The player of the `index`-th move (0-based) of a sequence that `self` starts.
    pub fn of_move(self, index: usize) -> Player {
        if index.is_multiple_of(2) {
            self
        } else {
            self.other()
        }
    }
}

/// One move of a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeqMove {
    /// `p` (label form) or `pass` (coordinate form).
    Pass,
    /// A play at the intersection(s) carrying this label (`a`..`z` except `p`), NOT-4.1, NOT-5.
    Label(char),
    /// A play at a vertex (coordinate form, NOT-4.5).
    Vertex(Vertex),
}

/// NOT-4: one move sequence.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sequence {
    first: Player,
    moves: Vec<SeqMove>,
    continues: bool,
    cycle: Option<Vec<SeqMove>>,
}

impl Sequence {
    /// Builds a sequence, checking the rules of NOT-4: labels are `a`..`z` but not `p`; label and vertex
    /// moves are not mixed; a cycle is non-empty and a sequence with a cycle does not also continue; a
    /// sequence shows at least one move or continues.
    pub fn new(
        first: Player,
        moves: Vec<SeqMove>,
        continues: bool,
        cycle: Option<Vec<SeqMove>>,
    ) -> Result<Sequence, String> {
        let all = || moves.iter().chain(cycle.iter().flatten());
        if let Some(c) = all().find_map(|m| match m {
            SeqMove::Label(c) if !c.is_ascii_lowercase() || *c == 'p' => Some(*c),
            _ => None,
        }) {
            return Err(format!("`{c}` is not a label (a-z; `p` is pass)"));
        }
        let labels = all().any(|m| matches!(m, SeqMove::Label(_)));
        let vertices = all().any(|m| matches!(m, SeqMove::Vertex(_)));
        if labels && vertices {
            return Err("label moves and vertex moves are not mixed in one sequence".into());
        }
        if cycle.as_ref().is_some_and(Vec::is_empty) {
            return Err("a cycle `*[...]` needs at least one move".into());
        }
        if cycle.is_some() && continues {
            return Err("a sequence with a cycle does not also continue with `..`".into());
        }
        let reads_as_pass = |body: &[SeqMove]| {
            body == [
                SeqMove::Pass,
                SeqMove::Label('a'),
                SeqMove::Label('s'),
                SeqMove::Label('s'),
            ]
        };
        if reads_as_pass(&moves) || cycle.as_deref().is_some_and(reads_as_pass) {
            return Err("the label moves p, a, s, s would read as the word `pass`".into());
        }
        if moves.is_empty() && !continues {
            return Err("a sequence needs at least one move or `..`".into());
        }
        Ok(Sequence {
            first,
            moves,
            continues,
            cycle,
        })
    }

    /// Parses one sequence.
    pub fn parse(text: &str) -> Result<Sequence, ParseError> {
        let set = SequenceSet::parse(text)?;
        match set.alternatives() {
            [one] => Ok(one.clone()),
            _ => Err(ParseError::new(
                1,
                1,
                "expected one sequence, found alternatives joined by `|`",
            )),
        }
    }

    /// The first player.
    pub fn first(&self) -> Player {
        self.first
    }

    /// The moves as written, before any cycle.
    pub fn moves(&self) -> &[SeqMove] {
        &self.moves
    }

    /// NOT-4.2: whether the sequence continues beyond what is written (`..`).
    pub fn continues(&self) -> bool {
        self.continues
    }

    /// NOT-4.3: the repeated cycle, if any.
    pub fn cycle(&self) -> Option<&[SeqMove]> {
        self.cycle.as_deref()
    }

    /// The moves to replay: the written moves, then the cycle once (NOT-4.3).
    pub fn moves_to_replay(&self) -> Vec<SeqMove> {
        self.moves
            .iter()
            .chain(self.cycle.iter().flatten())
            .copied()
            .collect()
    }

    /// Every label the sequence names.
    pub fn labels(&self) -> impl Iterator<Item = char> + '_ {
        self.moves
            .iter()
            .chain(self.cycle.iter().flatten())
            .filter_map(|m| match m {
                SeqMove::Label(c) => Some(*c),
                _ => None,
            })
    }

    fn from_pair(text: &str, pair: Pair<'_, Rule>) -> Result<Sequence, ParseError> {
        let start = pair.as_span().start();
        let mut first = Player::Black;
        let mut moves = Vec::new();
        let mut continues = false;
        let mut cycle = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::player => {
                    first = if matches!(p.as_str(), "#" | "B") {
                        Player::Black
                    } else {
                        Player::White
                    }
                }
                Rule::label_body | Rule::coord_body => {
                    let (m, c) = body(p);
                    moves = m;
                    continues = c;
                }
                Rule::cycle => {
                    let (m, c) = p.into_inner().next().map(body).unwrap_or_default();
                    if c {
                        return Err(ParseError::at_offset(
                            text,
                            start,
                            "a cycle does not end in `..`",
                        ));
                    }
                    cycle = Some(m);
                }
                _ => {}
            }
        }
        Sequence::new(first, moves, continues, cycle)
            .map_err(|m| ParseError::at_offset(text, start, m))
    }
}

/// The moves of a bracket body and whether it ends in `..`.
fn body(pair: Pair<'_, Rule>) -> (Vec<SeqMove>, bool) {
    let mut moves = Vec::new();
    let mut continues = false;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::label_move => match p.as_str() {
                "p" => moves.push(SeqMove::Pass),
                s => moves.push(SeqMove::Label(s.chars().next().unwrap_or('?'))),
            },
            Rule::coord_move => {
                let s = p.as_str();
                if s.eq_ignore_ascii_case("pass") {
                    moves.push(SeqMove::Pass);
                } else if let Some(v) = Vertex::from_token(s) {
                    moves.push(SeqMove::Vertex(v));
                }
            }
            Rule::continues => continues = true,
            _ => {}
        }
    }
    (moves, continues)
}

/// Writes one bracket body: in coordinate form if it holds a vertex, else in label form. A body of passes
/// alone is written in label form, since `[pass]` would read as the labels p, a, s, s.
fn write_body(f: &mut fmt::Formatter<'_>, moves: &[SeqMove], continues: bool) -> fmt::Result {
    let coords = moves.iter().any(|m| matches!(m, SeqMove::Vertex(_)));
    for (i, m) in moves.iter().enumerate() {
        if coords && i > 0 {
            f.write_str(" ")?;
        }
        match (m, coords) {
            (SeqMove::Pass, false) => f.write_str("p")?,
            (SeqMove::Pass, true) => f.write_str("pass")?,
            (SeqMove::Label(c), _) => write!(f, "{c}")?,
            (SeqMove::Vertex(v), _) => write!(f, "{v}")?,
        }
    }
    if continues {
        f.write_str(if coords { " .." } else { ".." })?;
    }
    Ok(())
}

impl fmt::Display for Sequence {
    /// Black is printed `#`, White `O`; each bracket in label form unless it holds a vertex.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.first == Player::Black {
            "#["
        } else {
            "O["
        })?;
        write_body(f, &self.moves, self.continues)?;
        f.write_str("]")?;
        if let Some(c) = &self.cycle {
            f.write_str("*[")?;
            write_body(f, c, false)?;
            f.write_str("]")?;
        }
        Ok(())
    }
}

impl FromStr for Sequence {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Sequence::parse(s)
    }
}

/// NOT-4.4: one or more alternative sequences ("One of:"), written joined by ` | `.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SequenceSet(Vec<Sequence>);

impl SequenceSet {
    /// A set of at least one alternative.
    pub fn new(alternatives: Vec<Sequence>) -> Option<SequenceSet> {
        (!alternatives.is_empty()).then_some(SequenceSet(alternatives))
    }

    /// Parses `seq` or `seq | seq | ...`.
    pub fn parse(text: &str) -> Result<SequenceSet, ParseError> {
        let pairs = NotationParser::parse(Rule::sequences, text)
            .map_err(|e| ParseError::from_pest(text, e))?;
        let mut alts = Vec::new();
        for p in pairs.flatten().filter(|p| p.as_rule() == Rule::sequence) {
            alts.push(Sequence::from_pair(text, p)?);
        }
        SequenceSet::new(alts).ok_or_else(|| ParseError::new(1, 1, "expected a move sequence"))
    }

    /// The alternatives, in the order written.
    pub fn alternatives(&self) -> &[Sequence] {
        &self.0
    }
}

impl fmt::Display for SequenceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" | ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl FromStr for SequenceSet {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SequenceSet::parse(s)
    }
}
