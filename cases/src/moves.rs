//! CASE-3: the ways a case writes moves, and their resolution into concrete moves on the board.

use crate::drawn::{Board, Labels, Numbered};
use crate::yaml::located;
use gorules_grammar::{Cell, Diagram, Player, SeqMove, Sequence, SequenceSet, Vertex};
use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// CASE-3: moves as a case writes them.
#[derive(Debug, Clone)]
pub enum MovesSpec {
    /// Alternatives, each a list of segments played as one move-sequence.
    OneOf(Vec<Vec<Segment>>),
}

/// One segment of a move-sequence.
#[derive(Debug, Clone)]
pub enum Segment {
    /// A sequence in notation, with the intersections meant by ambiguous labels (by 1-based move number).
    Notation {
        sequence: Sequence,
        at: BTreeMap<usize, Vertex>,
    },
    /// A numbered diagram (NOT-4.6).
    Numbered(NumberedMoves),
}

/// NOT-4.6: a numbered diagram with its notes.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumberedMoves {
    /// Who plays the first number.
    pub first: crate::model::Color,
    /// The first number (default 1).
    #[serde(default)]
    pub from: Option<usize>,
    /// The last number (default: the largest anywhere).
    #[serde(default)]
    pub to: Option<usize>,
    /// The position before the first move, with the numbers.
    pub diagram: Numbered,
    /// The numbers that are passes.
    #[serde(default)]
    pub passes: Vec<usize>,
    /// Moves played where another number is drawn.
    #[serde(default)]
    pub played_at: BTreeMap<usize, usize>,
}

/// A vertex written in a case.
#[derive(Debug, Clone, Copy)]
struct VertexText(Vertex);

impl<'de> Deserialize<'de> for VertexText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::yaml::parse_str(d, "a vertex such as C3", |s| {
            Vertex::parse(s)
                .map(VertexText)
                .map_err(|e| located(e.line, e.column, &e.message))
        })
    }
}

fn parse_set<E: de::Error>(text: &str) -> Result<SequenceSet, E> {
    SequenceSet::parse(text).map_err(|e| E::custom(located(e.line, e.column, &e.message)))
}

fn single<E: de::Error>(text: &str, at: BTreeMap<usize, Vertex>) -> Result<Segment, E> {
    let set = parse_set::<E>(text)?;
    match set.alternatives() {
        [s] => Ok(Segment::Notation {
            sequence: s.clone(),
            at,
        }),
        _ => Err(E::custom(
            "alternatives `|` are not allowed here: use `one_of`",
        )),
    }
}

/// A map form of moves: `{sequence, at}`, a numbered diagram, or `{one_of: [...]}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnyMap {
    #[serde(default)]
    sequence: Option<String>,
    #[serde(default)]
    at: BTreeMap<usize, VertexText>,
    #[serde(default)]
    one_of: Option<Vec<MovesSpec>>,
    #[serde(default)]
    first: Option<crate::model::Color>,
    #[serde(default)]
    from: Option<usize>,
    #[serde(default)]
    to: Option<usize>,
    #[serde(default)]
    diagram: Option<Numbered>,
    #[serde(default)]
    passes: Vec<usize>,
    #[serde(default)]
    played_at: BTreeMap<usize, usize>,
}

impl AnyMap {
    fn into_spec<E: de::Error>(self) -> Result<MovesSpec, E> {
        let numbered = self.diagram.is_some();
        match (self.sequence, self.one_of, numbered) {
            (Some(s), None, false) => {
                let at = self.at.into_iter().map(|(k, v)| (k, v.0)).collect();
                Ok(MovesSpec::OneOf(vec![vec![single(&s, at)?]]))
            }
            (None, Some(alts), false) => {
                Ok(MovesSpec::OneOf(alts.into_iter().flat_map(|MovesSpec::OneOf(a)| a).collect()))
            }
            (None, None, true) => {
                let first = self.first.ok_or_else(|| E::custom("a numbered diagram needs `first`"))?;
                let diagram = self.diagram.ok_or_else(|| E::missing_field("diagram"))?;
                Ok(MovesSpec::OneOf(vec![vec![Segment::Numbered(NumberedMoves {
                    first,
                    from: self.from,
                    to: self.to,
                    diagram,
                    passes: self.passes,
                    played_at: self.played_at,
                })]]))
            }
            _ => Err(E::custom(
                "expected moves: a sequence string, `{sequence, at}`, a numbered diagram `{first, diagram, ...}`, \
                 `{one_of: [...]}` or a list of segments",
            )),
        }
    }
}

impl<'de> Deserialize<'de> for MovesSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = MovesSpec;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("moves (a sequence string, a map, or a list of segments)")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<MovesSpec, E> {
                let set = parse_set::<E>(s)?;
                Ok(MovesSpec::OneOf(
                    set.alternatives()
                        .iter()
                        .map(|seq| {
                            vec![Segment::Notation {
                                sequence: seq.clone(),
                                at: BTreeMap::new(),
                            }]
                        })
                        .collect(),
                ))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<MovesSpec, A::Error> {
                AnyMap::deserialize(de::value::MapAccessDeserializer::new(map))?.into_spec()
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MovesSpec, A::Error> {
                let mut segments = Vec::new();
                while let Some(MovesSpec::OneOf(alts)) = seq.next_element::<MovesSpec>()? {
                    match <[Vec<Segment>; 1]>::try_from(alts) {
                        Ok([segs]) => segments.extend(segs),
                        Err(_) => {
                            return Err(de::Error::custom(
                                "a segment of a list has no alternatives",
                            ))
                        }
                    }
                }
                if segments.is_empty() {
                    return Err(de::Error::custom("a list of segments needs at least one"));
                }
                Ok(MovesSpec::OneOf(vec![segments]))
            }
        }
        d.deserialize_any(V)
    }
}

/// A concrete move: who makes it, and a pass or a play at (column, row) with row 0 at the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The mover.
    pub player: Player,
    /// `None` for a pass.
    pub at: Option<(usize, usize)>,
}

/// One alternative, resolved: concrete moves, and what the text says beyond them.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// NOT-4.2: the sequence goes on beyond what is written.
    pub continues: bool,
    /// NOT-4.3: the index in `moves` where a repeated cycle starts.
    pub cycle_start: Option<usize>,
    /// For each numbered segment: the index of its first move and its diagram, whose non-number cells show
    /// the position before that move.
    pub segment_views: Vec<(usize, Diagram)>,
}

impl MovesSpec {
    /// The alternatives, as written.
    pub fn alternatives(&self) -> &[Vec<Segment>] {
        let MovesSpec::OneOf(a) = self;
        a
    }

    /// Resolves every alternative into concrete moves on a board of `board`'s size, with labels from
    /// `labels`. Errors say which move and why.
    pub fn resolve(&self, board: &Board, labels: Option<&Labels>) -> Result<Vec<Resolved>, String> {
        self.alternatives()
            .iter()
            .enumerate()
            .map(|(i, segs)| {
                resolve_segments(segs, board, labels).map_err(|m| {
                    if self.alternatives().len() > 1 {
                        format!("alternative {}: {m}", i + 1)
                    } else {
                        m
                    }
                })
            })
            .collect()
    }
}

fn resolve_segments(
    segs: &[Segment],
    board: &Board,
    labels: Option<&Labels>,
) -> Result<Resolved, String> {
    let (width, height) = board.size();
    // Every label's intersections, found once: each label move looks them up (NOT-5).
    let mut by_label: BTreeMap<char, Vec<(usize, usize)>> = BTreeMap::new();
    for (p, cell) in labels.iter().flat_map(|l| l.diagram().cells()) {
        if let Cell::Label(c) = cell {
            by_label.entry(c).or_default().push(p);
        }
    }
    let mut out = Resolved {
        moves: Vec::new(),
        continues: false,
        cycle_start: None,
        segment_views: Vec::new(),
    };
    for (k, seg) in segs.iter().enumerate() {
        if out.continues || out.cycle_start.is_some() {
            return Err(format!(
                "segment {} follows a segment that continues (`..`) or cycles",
                k + 1
            ));
        }
        let before = out.moves.len();
        let expected_player = out.moves.last().map(|m| m.player.other());
        match seg {
            Segment::Notation { sequence, at } => {
                check_player(expected_player, sequence.first(), k)?;
                let replay = sequence.moves_to_replay();
                for n in at.keys() {
                    if *n == 0 || *n > replay.len() {
                        return Err(format!(
                            "`at` names move {n}, but the sequence has no such move"
                        ));
                    }
                }
                for (i, m) in replay.iter().enumerate() {
                    let player = sequence.first().of_move(i);
                    let at_point = match m {
                        SeqMove::Pass => None,
                        SeqMove::Vertex(v) => Some(
                            v.to_col_row(height)
                                .filter(|(c, _)| *c < width)
                                .ok_or_else(|| {
                                    format!(
                                        "move {}: {v} is not on the {width}x{height} board",
                                        i + 1
                                    )
                                })?,
                        ),
                        SeqMove::Label(c) => {
                            let points = by_label.get(c).map_or(&[][..], Vec::as_slice);
                            Some(label_point(*c, i + 1, at.get(&(i + 1)), points, height)?)
                        }
                    };
                    if !matches!(m, SeqMove::Label(_)) && at.contains_key(&(i + 1)) {
                        return Err(format!(
                            "`at` names move {}, which is not a label move",
                            i + 1
                        ));
                    }
                    out.moves.push(Move {
                        player,
                        at: at_point,
                    });
                }
                out.continues = sequence.continues();
                out.cycle_start = sequence.cycle().map(|_| before + sequence.moves().len());
            }
            Segment::Numbered(n) => {
                check_player(expected_player, n.first.player(), k)?;
                if n.diagram.size() != (width, height) {
                    return Err(format!(
                        "the numbered diagram is {}x{}, the board {width}x{height}",
                        n.diagram.size().0,
                        n.diagram.size().1
                    ));
                }
                let from = n.from.unwrap_or(1);
                if from != before + 1 {
                    return Err(format!(
                        "segment {} starts at number {from}, but {before} moves come before it",
                        k + 1
                    ));
                }
                // NOT-4.6: the numbered form becomes the same sequence type as the written forms.
                let sequence = n.to_sequence(height)?;
                for (i, m) in sequence.moves().iter().enumerate() {
                    let at = match m {
                        SeqMove::Vertex(v) => v.to_col_row(height),
                        _ => None,
                    };
                    out.moves.push(Move {
                        player: sequence.first().of_move(i),
                        at,
                    });
                }
                out.segment_views
                    .push((before, n.diagram.diagram().clone()));
            }
        }
    }
    Ok(out)
}

fn check_player(expected: Option<Player>, found: Player, k: usize) -> Result<(), String> {
    match expected {
        Some(p) if p != found => Err(format!(
            "segment {} starts with {}, but {} is to move after the segment before it",
            k + 1,
            player_name(found),
            player_name(p)
        )),
        _ => Ok(()),
    }
}

/// A player in the words of the case format (`black`, `white`).
fn player_name(p: Player) -> &'static str {
    match p {
        Player::Black => "black",
        Player::White => "white",
    }
}

/// Every intersection that carries label `c`.
pub fn label_points(c: char, labels: Option<&Labels>) -> Vec<(usize, usize)> {
    labels
        .map(|l| {
            l.diagram()
                .cells()
                .filter(|(_, cell)| *cell == Cell::Label(c))
                .map(|(p, _)| p)
                .collect()
        })
        .unwrap_or_default()
}

/// The intersection label `c` names at move `number`, given the label's `points` and `at`'s choice (NOT-5.2).
fn label_point(
    c: char,
    number: usize,
    at: Option<&Vertex>,
    points: &[(usize, usize)],
    height: usize,
) -> Result<(usize, usize), String> {
    match (points, at) {
        ([], _) => Err(format!("move {number}: label `{c}` is not on the board's labels")),
        ([p], None) => Ok(*p),
        (_, Some(v)) => {
            let p = v.to_col_row(height).ok_or_else(|| format!("move {number}: {v} is off the board"))?;
            if points.contains(&p) {
                Ok(p)
            } else {
                Err(format!("move {number}: `at` says {v}, which does not carry label `{c}`"))
            }
        }
        (_, None) => Err(format!(
            "move {number}: label `{c}` names {} intersections; say which with `at: {{{number}: <vertex>}}`",
            points.len()
        )),
    }
}

impl NumberedMoves {
    /// NOT-4.6: the numbered diagram as a sequence in coordinate form, on a board of `height` rows.
    pub fn to_sequence(&self, height: usize) -> Result<Sequence, String> {
        let moves = numbered_moves(self, self.from.unwrap_or(1))?
            .into_iter()
            .map(|at| match at {
                None => Ok(SeqMove::Pass),
                Some((c, r)) => Vertex::from_col_row(c, r, height)
                    .map(SeqMove::Vertex)
                    .ok_or_else(|| format!("({c}, {r}) has no vertex name")),
            })
            .collect::<Result<Vec<_>, String>>()?;
        Sequence::new(self.first.player(), moves, false, None)
    }
}

/// NOT-4.6: the moves of a numbered diagram, numbers `from` to `to`.
fn numbered_moves(n: &NumberedMoves, from: usize) -> Result<Vec<Option<(usize, usize)>>, String> {
    let mut drawn: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    for (p, cell) in n.diagram.diagram().cells() {
        if let Cell::Number(k) = cell {
            if drawn.insert(k as usize, p).is_some() {
                return Err(format!("number {k} is drawn twice"));
            }
        }
    }
    let largest = drawn
        .keys()
        .chain(n.passes.iter())
        .chain(n.played_at.keys())
        .copied()
        .max()
        .unwrap_or(0);
    let to = n.to.unwrap_or(largest);
    if to < from {
        return Err(format!("the numbers run from {from} to {to}: no move"));
    }
    if let Some(k) = drawn
        .keys()
        .chain(n.passes.iter())
        .chain(n.played_at.keys())
        .find(|k| **k < from || **k > to)
    {
        return Err(format!("number {k} is outside {from}..{to}"));
    }
    let passes: BTreeSet<usize> = n.passes.iter().copied().collect();
    let mut out = Vec::new();
    for k in from..=to {
        let pass = passes.contains(&k);
        let shown = drawn.get(&k);
        let elsewhere = n.played_at.get(&k);
        let count =
            usize::from(pass) + usize::from(shown.is_some()) + usize::from(elsewhere.is_some());
        if count != 1 {
            return Err(if count == 0 {
                format!("move {k} is neither drawn, nor a pass, nor played at another number")
            } else {
                format!("move {k} is given more than once (drawn, pass, or played_at)")
            });
        }
        out.push(match (shown, elsewhere) {
            (Some(p), _) => Some(*p),
            (None, Some(j)) => Some(
                *drawn
                    .get(j)
                    .ok_or_else(|| format!("move {k} is played at {j}, which is not drawn"))?,
            ),
            (None, None) => None,
        });
    }
    Ok(out)
}
