//! PROTO-9: the Kee rules over the protocol: graph boards, N players, and every rule decision of a play
//! (legality and reason, enclosure, removal, the ko player, the end of the game). The Kee game is a separate game
//! beside the Go game of the session, whatever its ruleset (PROTO-9).

use crate::allowance::Deadline;
use crate::board::{Board, Point};
use crate::kee::{
    kee_value, ranking, AlliedGroups, Arrangement, KeeEnd, KeeGame, KeeIllegal, KeeLimits, KeePlay,
    KeeRules, KeeScoring, KeeSolved, KoCondition, KoPlayerPasses, Player, SuicidalPlay, Suicide,
    DEFAULT_KEE_NODES,
};
use gorules_grammar::gtp::Command;
use gorules_grammar::{Graph, PLAYER_NAMES};
use gorules_vocabulary::{self as vocabulary, KeeOption};
use std::sync::Arc;

/// PROTO-9: a `gorules-kee-*` command, answered by the session's Kee game (made at the first Kee command).
pub(super) fn command(s: &mut super::Session, cmd: &Command) -> Result<String, String> {
    if s.kee.is_none() {
        s.kee = Some(KeeSession::new()?);
    }
    match s.kee.as_mut() {
        Some(kee) => kee.execute(&cmd.name, &cmd.args, s.time_limit),
        None => Err("no Kee session".into()),
    }
}

/// The Kee state of a session: the rules, the board with its names, and the game in progress.
#[derive(Debug, Clone)]
pub struct KeeSession {
    rules: KeeRules,
    players: u8,
    names: Vec<String>,
    board: Arc<Board>,
    game: KeeGame,
}

fn syntax(what: &str) -> String {
    format!("syntax error: expected {what}")
}

fn player(s: &str, players: u8) -> Result<Player, String> {
    PLAYER_NAMES
        .iter()
        .position(|n| *n == s)
        .filter(|&i| i < usize::from(players))
        .map(|i| Player(i as u8))
        .ok_or_else(|| {
            syntax(&format!(
                "a player ({}), found `{s}`",
                PLAYER_NAMES[..usize::from(players)].join(", ")
            ))
        })
}

fn name_of(p: Player) -> &'static str {
    PLAYER_NAMES.get(p.index()).copied().unwrap_or("?")
}

/// PROTO-9.2: the most intersections a graph board listed by name may have (as many as the largest grid,
/// 25x99), checked before anything is built.
const MAX_GRAPH_POINTS: usize = Graph::MAX_GRID_WIDTH * Graph::MAX_GRID_HEIGHT;

fn grid_graph(w: usize, h: usize) -> Option<Graph> {
    // NOT-6.4's limits are checked before the stones are allocated.
    if !(1..=Graph::MAX_GRID_WIDTH).contains(&w) || !(1..=Graph::MAX_GRID_HEIGHT).contains(&h) {
        return None;
    }
    Graph::grid(w, h, &vec![None; w * h])
}

impl KeeSession {
    /// PROTO-9: the state before any Kee command: two players, the default rules, seed 001's 2x1 board.
    pub fn new() -> Result<KeeSession, String> {
        let graph = grid_graph(2, 1).ok_or("the 2x1 grid")?;
        KeeSession::with_board(KeeRules::default(), 2, graph)
    }

    fn with_board(rules: KeeRules, players: u8, graph: Graph) -> Result<KeeSession, String> {
        let lists: Vec<Vec<usize>> = graph.nodes().iter().map(|n| n.neighbours.clone()).collect();
        let board = Arc::new(Board::from_neighbour_lists(&lists).map_err(|e| format!("{e:?}"))?);
        let start = Arrangement::empty(board.clone(), players).map_err(|e| format!("{e:?}"))?;
        Ok(KeeSession {
            rules,
            players,
            names: graph.nodes().iter().map(|n| n.name.clone()).collect(),
            board,
            game: KeeGame::new(start, rules),
        })
    }

    fn point(&self, name: &str) -> Result<Point, String> {
        self.names
            .iter()
            .position(|n| n == name)
            .and_then(|i| self.board.point(i))
            .ok_or_else(|| syntax(&format!("an intersection of the board, found `{name}`")))
    }

    fn name(&self, p: Point) -> &str {
        self.names.get(p.index()).map_or("?", String::as_str)
    }

    /// PROTO-9.1..9.8: runs one `gorules-kee-*` command; a search gets `time_limit` (PROTO-3.15).
    pub fn execute(
        &mut self,
        command: &str,
        args: &[String],
        time_limit: std::time::Duration,
    ) -> Result<String, String> {
        match command {
            "gorules-kee-rules" => self.set_rules(args),
            "gorules-kee-board" => self.set_board(args),
            "gorules-kee-setup" => self.setup(args),
            "gorules-kee-play" => match args {
                [m] => self.play(m),
                _ => Err(syntax("one play: an intersection, `pass` or `refresh`")),
            },
            "gorules-kee-state" => Ok(self.state()),
            "gorules-kee-position" => Ok(self.position()),
            "gorules-kee-points" => Ok(self.points()),
            "gorules-kee-value" => self.value(args, time_limit),
            _ => Err("unknown command".into()),
        }
    }

    /// PROTO-9.1: `gorules-kee-rules [players=N] [refreshing=yes|no] [suicide=prohibited|allowed]
    /// [allied=union|single-unit] [scoring=area|territory] [passes=normal|all]`: unnamed options take their defaults; the board
    /// is kept and emptied.
    fn set_rules(&mut self, args: &[String]) -> Result<String, String> {
        let mut rules = KeeRules::default();
        let mut players = 2u8;
        for a in args {
            let (k, v) = vocabulary::parse_option::<KeeOption>(a).map_err(|e| syntax(&e))?;
            let bad = |e: vocabulary::UnknownWord| syntax(&format!("{k}={}", e.expected()));
            match k {
                KeeOption::Players => {
                    players = v
                        .parse()
                        .ok()
                        .filter(|n| (2..=PLAYER_NAMES.len() as u8).contains(n))
                        .ok_or_else(|| syntax(&format!("players=2..{}", PLAYER_NAMES.len())))?
                }
                KeeOption::Refreshing => {
                    rules.refreshing_passes = v.parse::<vocabulary::YesNo>().map_err(bad)?.into()
                }
                KeeOption::Suicide => {
                    rules.removal.suicide = match v.parse().map_err(bad)? {
                        vocabulary::Suicide::Prohibited => Suicide::Prohibited,
                        vocabulary::Suicide::Allowed => Suicide::Allowed,
                    }
                }
                KeeOption::Allied => {
                    rules.removal.allied_groups = match v.parse().map_err(bad)? {
                        vocabulary::KeeAllied::Union => AlliedGroups::Union,
                        vocabulary::KeeAllied::SingleUnit => AlliedGroups::SingleUnit,
                    }
                }
                KeeOption::Scoring => {
                    rules.scoring = match v.parse().map_err(bad)? {
                        vocabulary::KeeScoring::Area => KeeScoring::Area,
                        vocabulary::KeeScoring::Territory => KeeScoring::Territory,
                    }
                }
                KeeOption::Passes => {
                    rules.ko_player_passes = match v.parse().map_err(bad)? {
                        vocabulary::KoPlayerPasses::Normal => KoPlayerPasses::Normal,
                        vocabulary::KoPlayerPasses::All => KoPlayerPasses::All,
                    }
                }
            }
        }
        let graph = self.graph_of_board()?;
        *self = KeeSession::with_board(rules, players, graph)?;
        Ok(String::new())
    }

    fn graph_of_board(&self) -> Result<Graph, String> {
        let nodes = self
            .names
            .iter()
            .enumerate()
            .map(|(i, n)| gorules_grammar::Node {
                name: n.clone(),
                stone: None,
                neighbours: self
                    .board
                    .point(i)
                    .map(|p| self.board.neighbours(p).iter().map(|q| q.index()).collect())
                    .unwrap_or_default(),
            })
            .collect();
        Graph::from_nodes(nodes)
    }

    /// PROTO-9.2: `gorules-kee-board grid W H`, or `gorules-kee-board NAME:NEIGHBOUR,NEIGHBOUR ...` (one
    /// token per intersection; `NAME:` alone has no neighbours). The board is empty afterwards.
    fn set_board(&mut self, args: &[String]) -> Result<String, String> {
        let graph = match args {
            [g, w, h] if g == "grid" => {
                let w: usize = w.parse().map_err(|_| syntax("a width"))?;
                let h: usize = h.parse().map_err(|_| syntax("a height"))?;
                grid_graph(w, h).ok_or_else(|| syntax("a grid of 1x1 to 25x99"))?
            }
            [] => return Err(syntax("`grid W H` or intersections `NAME:NEIGHBOUR,...`")),
            tokens if tokens.len() > MAX_GRAPH_POINTS => {
                return Err(format!(
                    "a graph board has at most {MAX_GRAPH_POINTS} intersections, found {}",
                    tokens.len()
                ))
            }
            tokens => {
                let text = tokens
                    .iter()
                    .map(|t| {
                        let (n, nb) = t.split_once(':').unwrap_or((t, ""));
                        format!("{n} . : {}", nb.split(',').collect::<Vec<_>>().join(" "))
                    })
                    .collect::<Vec<_>>()
                    .join("\n");
                Graph::parse(&text).map_err(|e| {
                    format!(
                        "syntax error: intersection {}: {}",
                        tokens.get(e.line - 1).map_or("?", |t| t.as_str()),
                        e.message
                    )
                })?
            }
        };
        *self = KeeSession::with_board(self.rules, self.players, graph)?;
        Ok(String::new())
    }

    /// PROTO-9.3: `gorules-kee-setup [first=PLAYER] [PLAYER NAME...]...`: a new game from these stones (the
    /// rest of the board empty), `first` (default: the first player) to play.
    fn setup(&mut self, args: &[String]) -> Result<String, String> {
        let mut cells = vec![None; self.board.len()];
        let mut first = Player(0);
        let mut owner = None;
        for a in args {
            if let Some(p) = a.strip_prefix("first=") {
                first = player(p, self.players)?;
            } else if let Ok(p) = player(a, self.players) {
                owner = Some(p);
            } else {
                let point = self.point(a)?;
                let o = owner.ok_or_else(|| syntax("a player before the intersections"))?;
                cells[point.index()] = Some(o);
            }
        }
        let start = Arrangement::from_cells(self.board.clone(), self.players, cells)
            .map_err(|e| format!("{e:?}"))?;
        self.game = KeeGame::starting_with(start, self.rules, first);
        Ok(String::new())
    }

    /// PROTO-9.4: `gorules-kee-play PLAY`: the player to play makes it. The answer says what happened:
    /// `played [enclosing=yes|no suicidal=yes|no removed=NAME,...] [prohibited=PLAYER:primary|secondary]
    /// end=none|passes|all-prohibited`. A refused play fails with `illegal REASON` and changes nothing.
    fn play(&mut self, m: &str) -> Result<String, String> {
        let before = self.game.position().clone();
        let mover = self.game.to_play();
        let play = match m {
            "pass" => KeePlay::NormalPass,
            "refresh" => KeePlay::RefreshingPass,
            name => KeePlay::Stone(self.point(name)?),
        };
        let mut out = vec!["played".to_string()];
        if let (KeePlay::Stone(p), Some(mover)) = (play, mover) {
            if let Ok(made) = crate::kee::play_stone(&before, mover, p, self.rules.removal) {
                let mut removed: Vec<&str> = made
                    .removed
                    .iter()
                    .flat_map(|(_, s)| s.iter())
                    .map(|q| self.name(q))
                    .collect();
                removed.sort_unstable();
                out.push(format!("enclosing={}", yes_no(made.enclosing)));
                out.push(format!("suicidal={}", yes_no(made.suicidal)));
                out.push(format!("removed={}", removed.join(",")));
            }
        }
        match self.game.play(play) {
            Err(KeeIllegal::Ended) => Err("illegal ended".into()),
            Err(KeeIllegal::Stone(SuicidalPlay::Occupied)) => Err("illegal occupied".into()),
            Err(KeeIllegal::Stone(SuicidalPlay::Suicide)) => Err("illegal suicide".into()),
            Err(KeeIllegal::NoRefreshingPasses) => Err("illegal no-refreshing-passes".into()),
            Ok(prohibition) => {
                if let Some(p) = prohibition {
                    let c = match p.condition {
                        KoCondition::Primary => "primary",
                        KoCondition::Secondary => "secondary",
                    };
                    out.push(format!("prohibited={}:{c}", name_of(p.ko_player)));
                }
                out.push(format!("end={}", self.end()));
                Ok(out.join(" "))
            }
        }
    }

    fn end(&self) -> &'static str {
        match self.game.ended() {
            None => "none",
            Some(KeeEnd::Passes) => "passes",
            Some(KeeEnd::AllProhibited) => "all-prohibited",
        }
    }

    /// PROTO-9.5: `gorules-kee-state`: `to-play PLAYER|none prohibited PLAYER,...|none end ...`.
    fn state(&self) -> String {
        let prohibited: Vec<&str> = (0..self.players)
            .map(Player)
            .filter(|p| self.game.is_prohibited(*p))
            .map(name_of)
            .collect();
        format!(
            "to-play {} prohibited {} end {}",
            self.game.to_play().map_or("none", name_of),
            if prohibited.is_empty() {
                "none".to_string()
            } else {
                prohibited.join(",")
            },
            self.end()
        )
    }

    /// PROTO-9.6: `gorules-kee-position`: `NAME=PLAYER` for each occupied intersection, in board order.
    fn position(&self) -> String {
        let a = self.game.position();
        self.board
            .points()
            .filter_map(|p| a.get(p).map(|o| format!("{}={}", self.name(p), name_of(o))))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// PROTO-9.7: `gorules-kee-points`: `PLAYER=POINTS ...` for every player, then `ranking` and the groups
    /// best first (players of equal points joined by `,`).
    fn points(&self) -> String {
        let points = self.game.points();
        let mut out: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}={p}", name_of(Player(i as u8))))
            .collect();
        out.push("ranking".into());
        for group in ranking(&points) {
            out.push(group.into_iter().map(name_of).collect::<Vec<_>>().join(","));
        }
        out.join(" ")
    }

    /// PROTO-9.8: `gorules-kee-value [NODES]`: the value of the two-player game from the current state under
    /// best play (SOLVER-7): `value V nodes N line PLAY ...`, or `out-of-reach nodes N low L high H` (the bounds
    /// proven) and the limit that stopped the search (PROTO-3.15); [`DEFAULT_KEE_NODES`] (40 million) by default.
    fn value(&self, args: &[String], time_limit: std::time::Duration) -> Result<String, String> {
        let nodes = match args {
            [] => DEFAULT_KEE_NODES,
            [n] => n.parse().map_err(|_| syntax("a node allowance"))?,
            _ => return Err(syntax("an optional node allowance")),
        };
        let deadline = Deadline::after(time_limit);
        let limits = KeeLimits { nodes, deadline };
        match kee_value(&self.game, limits).map_err(|e| e.to_string())? {
            KeeSolved::Value { value, line, nodes } => {
                let line: Vec<String> = line
                    .iter()
                    .map(|p| match p {
                        KeePlay::Stone(q) => self.name(*q).to_string(),
                        KeePlay::NormalPass => "pass".into(),
                        KeePlay::RefreshingPass => "refresh".into(),
                    })
                    .collect();
                Ok(
                    format!("value {value} nodes {nodes} line {}", line.join(" "))
                        .trim_end()
                        .to_string(),
                )
            }
            KeeSolved::OutOfReach {
                nodes: used,
                low,
                high,
            } => Ok(format!(
                "out-of-reach nodes {used} low {low} high {high} limit {}",
                super::limits::limit_hit(used, nodes, deadline)
            )),
        }
    }
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}
