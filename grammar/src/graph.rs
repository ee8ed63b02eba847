//! NOT-6: boards of any graph, written as one line per intersection; NOT-7: the plays of a Kee game.

use crate::error::ParseError;
use crate::parser::{NotationParser, Rule};
use crate::vertex::Vertex;
use pest::Parser;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::str::FromStr;

/// NOT-6.2: the stone tokens of the players, in their order of play (player 1 is `#`, Black).
pub const PLAYER_TOKENS: [char; 6] = ['#', 'O', 'R', 'G', 'U', 'Y'];

/// NOT-6.2: the colour names of the players, in the order of [`PLAYER_TOKENS`].
pub const PLAYER_NAMES: [&str; 6] = ["black", "white", "red", "green", "blue", "yellow"];

/// NOT-6.1: one intersection of a graph board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Node {
    /// Its name: letters, digits and `_`.
    pub name: String,
    /// NOT-6.2: the player whose stone stands on it (0 = `#`), or `None` if unoccupied.
    pub stone: Option<u8>,
    /// Its neighbours, as indices into the graph's nodes, in the order written.
    pub neighbours: Vec<usize>,
}

/// NOT-6.1: a board of any graph with what stands on each intersection.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Graph {
    nodes: Vec<Node>,
    /// Each name's index in `nodes`, so that a name is looked up, not searched for.
    index: BTreeMap<String, usize>,
}

/// Words that cannot name an intersection because they name plays (NOT-7).
const RESERVED: [&str; 2] = ["pass", "refresh"];

impl Graph {
    /// The intersections, in the order written.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The index of the intersection called `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// Builds a graph from nodes, checking NOT-6.3: unique names, none reserved, neighbours on the board, no
    /// loops, no neighbour twice, adjacency symmetric. The error names the first offending intersection.
    pub fn from_nodes(nodes: Vec<Node>) -> Result<Graph, String> {
        if nodes.is_empty() {
            return Err("a graph board needs at least one intersection".into());
        }
        // Every edge, to check symmetry by look-up: time linear in the size of the graph.
        let edges: HashSet<(usize, usize)> = nodes
            .iter()
            .enumerate()
            .flat_map(|(i, n)| n.neighbours.iter().map(move |&j| (i, j)))
            .collect();
        let mut index = BTreeMap::new();
        for (i, n) in nodes.iter().enumerate() {
            if RESERVED.contains(&n.name.as_str()) {
                return Err(format!("`{}` names a play, not an intersection", n.name));
            }
            if index.insert(n.name.clone(), i).is_some() {
                return Err(format!("intersection `{}` is listed twice", n.name));
            }
            if n.stone
                .is_some_and(|p| usize::from(p) >= PLAYER_TOKENS.len())
            {
                return Err(format!("intersection `{}`: no such player", n.name));
            }
            let mut seen = HashSet::new();
            for &j in &n.neighbours {
                let Some(m) = nodes.get(j) else {
                    return Err(format!("intersection `{}`: neighbour out of range", n.name));
                };
                if j == i {
                    return Err(format!("`{}` cannot be its own neighbour", n.name));
                }
                if !seen.insert(j) {
                    return Err(format!("`{}` lists `{}` twice", n.name, m.name));
                }
                if !edges.contains(&(j, i)) {
                    return Err(format!(
                        "`{}` lists `{}` as a neighbour but `{}` does not list `{}`",
                        n.name, m.name, m.name, n.name
                    ));
                }
            }
        }
        Ok(Graph { nodes, index })
    }

    /// NOT-6.4: the most columns a grid board has (GTP's letters, NOT-2.2).
    pub const MAX_GRID_WIDTH: usize = 25;

    /// NOT-6.4: the most rows a grid board has.
    pub const MAX_GRID_HEIGHT: usize = 99;

    /// NOT-6.4: a rectangular grid as a graph: intersections named by their GTP vertices (NOT-2.2), listed
    /// row by row from the top, neighbours in the order up, left, right, down. `stones` is row by row from
    /// the top. `None` if the grid has more than [`Graph::MAX_GRID_WIDTH`] columns or
    /// [`Graph::MAX_GRID_HEIGHT`] rows, or `stones` has the wrong length.
    pub fn grid(width: usize, height: usize, stones: &[Option<u8>]) -> Option<Graph> {
        if !(1..=Graph::MAX_GRID_WIDTH).contains(&width)
            || !(1..=Graph::MAX_GRID_HEIGHT).contains(&height)
            || stones.len() != width * height
        {
            return None;
        }
        let mut nodes = Vec::with_capacity(width * height);
        for row in 0..height {
            for col in 0..width {
                let name = Vertex::from_col_row(col, row, height)?.to_string();
                let mut neighbours = Vec::new();
                if row > 0 {
                    neighbours.push((row - 1) * width + col);
                }
                if col > 0 {
                    neighbours.push(row * width + col - 1);
                }
                if col + 1 < width {
                    neighbours.push(row * width + col + 1);
                }
                if row + 1 < height {
                    neighbours.push((row + 1) * width + col);
                }
                nodes.push(Node {
                    name,
                    stone: stones[row * width + col],
                    neighbours,
                });
            }
        }
        Graph::from_nodes(nodes).ok()
    }

    /// The same graph with other stones (`stones[i]` for node i); `None` if the length differs.
    pub fn with_stones(&self, stones: &[Option<u8>]) -> Option<Graph> {
        (stones.len() == self.nodes.len()).then(|| Graph {
            index: self.index.clone(),
            nodes: self
                .nodes
                .iter()
                .zip(stones)
                .map(|(n, s)| Node {
                    stone: *s,
                    ..n.clone()
                })
                .collect(),
        })
    }

    /// Parses the graph form (NOT-6.1). Errors name the line and column.
    pub fn parse(text: &str) -> Result<Graph, ParseError> {
        let pairs =
            NotationParser::parse(Rule::graph, text).map_err(|e| ParseError::from_pest(text, e))?;
        let mut lines = Vec::new();
        for line in pairs.flatten().filter(|p| p.as_rule() == Rule::graph_line) {
            let mut name = None;
            let mut stone = None;
            let mut neighbours = Vec::new();
            for part in line.into_inner() {
                match part.as_rule() {
                    Rule::node_name if name.is_none() => name = Some(part),
                    Rule::node_name => neighbours.push(part),
                    Rule::node_stone => stone = part.as_str().chars().next(),
                    _ => {}
                }
            }
            if let Some(name) = name {
                lines.push((name, stone, neighbours));
            }
        }
        if lines.is_empty() {
            return Err(ParseError::new(
                1,
                1,
                "expected at least one intersection line `name stone : neighbour ...`",
            ));
        }
        // Each name's first line, and every (line, neighbour named) pair: NOT-6.3's checks look these up.
        let mut first: HashMap<&str, usize> = HashMap::with_capacity(lines.len());
        for (i, (name, _, _)) in lines.iter().enumerate() {
            first.entry(name.as_str()).or_insert(i);
        }
        let listed: HashSet<(usize, &str)> = lines
            .iter()
            .enumerate()
            .flat_map(|(i, (_, _, nbs))| nbs.iter().map(move |p| (i, p.as_str())))
            .collect();
        let mut nodes = Vec::with_capacity(lines.len());
        for (i, (name, stone, neighbours)) in lines.iter().enumerate() {
            let at = |p: &pest::iterators::Pair<Rule>, m: String| {
                ParseError::at_offset(text, p.as_span().start(), m)
            };
            if RESERVED.contains(&name.as_str()) {
                return Err(at(
                    name,
                    format!(
                        "`{}` names a play; an intersection needs another name",
                        name.as_str()
                    ),
                ));
            }
            if first.get(name.as_str()) != Some(&i) {
                return Err(at(
                    name,
                    format!("intersection `{}` is listed twice", name.as_str()),
                ));
            }
            let mut idx = Vec::with_capacity(neighbours.len());
            let mut seen = HashSet::with_capacity(neighbours.len());
            for nb in neighbours {
                let Some(&j) = first.get(nb.as_str()) else {
                    return Err(at(
                        nb,
                        format!(
                            "expected the name of an intersection listed in this graph, found `{}`",
                            nb.as_str()
                        ),
                    ));
                };
                if j == i {
                    return Err(at(
                        nb,
                        format!("`{}` cannot be its own neighbour", nb.as_str()),
                    ));
                }
                if !seen.insert(j) {
                    return Err(at(
                        nb,
                        format!("`{}` is listed twice as a neighbour", nb.as_str()),
                    ));
                }
                if !listed.contains(&(j, name.as_str())) {
                    return Err(at(
                        nb,
                        format!(
                            "`{}` lists `{}` as a neighbour, so `{}` must list `{}` too",
                            name.as_str(),
                            nb.as_str(),
                            nb.as_str(),
                            name.as_str()
                        ),
                    ));
                }
                idx.push(j);
            }
            nodes.push(Node {
                name: name.as_str().to_string(),
                stone: stone
                    .and_then(|c| PLAYER_TOKENS.iter().position(|t| *t == c))
                    .map(|p| p as u8),
                neighbours: idx,
            });
        }
        Graph::from_nodes(nodes).map_err(|m| ParseError::new(1, 1, m))
    }
}

impl fmt::Display for Graph {
    /// NOT-6.1, one line per intersection: `name stone : neighbour ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, n) in self.nodes.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            let stone = n.stone.map_or('.', |p| PLAYER_TOKENS[usize::from(p)]);
            write!(f, "{} {stone} :", n.name)?;
            for &j in &n.neighbours {
                write!(f, " {}", self.nodes[j].name)?;
            }
        }
        Ok(())
    }
}

impl FromStr for Graph {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Graph::parse(s)
    }
}

/// NOT-7.1: one play of a Kee game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum KeePlayText {
    /// A stone on the named intersection.
    Stone(String),
    /// `pass`: a normal pass.
    NormalPass,
    /// `refresh`: a refreshing pass.
    RefreshingPass,
}

/// NOT-7.1: the plays of a Kee game in their order, e.g. `a b refresh pass a`. Who makes each play follows
/// from the rules (the order of play, skipping prohibited players), so the text names no player.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct KeePlays {
    /// The plays.
    pub plays: Vec<KeePlayText>,
}

impl KeePlays {
    /// Parses the plays (NOT-7.1).
    pub fn parse(text: &str) -> Result<KeePlays, ParseError> {
        let pairs = NotationParser::parse(Rule::kee_plays, text)
            .map_err(|e| ParseError::from_pest(text, e))?;
        let plays = pairs
            .flatten()
            .filter_map(|p| match p.as_rule() {
                Rule::refresh_word => Some(KeePlayText::RefreshingPass),
                Rule::normal_pass => Some(KeePlayText::NormalPass),
                Rule::node_name => Some(KeePlayText::Stone(p.as_str().to_string())),
                _ => None,
            })
            .collect();
        Ok(KeePlays { plays })
    }
}

impl fmt::Display for KeePlayText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeePlayText::Stone(n) => f.write_str(n),
            KeePlayText::NormalPass => f.write_str("pass"),
            KeePlayText::RefreshingPass => f.write_str("refresh"),
        }
    }
}

impl fmt::Display for KeePlays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.plays.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl FromStr for KeePlays {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        KeePlays::parse(s)
    }
}
