//! SOLVER-7: the value of a two-player Kee game under best play, by exhaustive search (spec/solver.md).
//!
//! The Kee ko rule (KEE-12) looks at the whole history since the last prohibition, so the search keeps that
//! history: every state is a [`KeeGame`] and every child is made by [`KeeGame::play`] on a clone (SOLVER-7.2).
//! [`kee_value`] is fail-soft alpha-beta with null windows, move ordering, the bounds of SOLVER-7.5 and a
//! table whose entries say which answers of the history they depend on (SOLVER-7.4); [`kee_naive_value`] is
//! plain minimax (SOLVER-7.7), for checking it.

use std::collections::HashMap;
use std::fmt;

use super::arrangement::Arrangement;
use super::game::{KeeGame, KeePlay, KeeRules, KeeScoring, KoPlayerPasses};
use super::player::Player;
use super::removal::play_stone;

/// SOLVER-7.3: how much work a solve may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeeLimits {
    /// SOLVER-7.3: the number of states the search may visit before it gives up.
    pub nodes: u64,
}

impl Default for KeeLimits {
    fn default() -> KeeLimits {
        KeeLimits { nodes: 10_000_000 }
    }
}

/// SOLVER-7.3: the answer of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeeSolved {
    /// SOLVER-7.1, SOLVER-7.6: the value, proven, with a principal variation and the nodes visited.
    Value {
        /// SOLVER-7.1: points of player 0 minus points of player 1 at the end of best play.
        value: i32,
        /// SOLVER-7.6: the plays from the given state to the end of the game at best play.
        line: Vec<KeePlay>,
        /// SOLVER-7.3: the states visited.
        nodes: u64,
    },
    /// SOLVER-7.3: the node allowance ran out, or a line grew longer than the depth limit.
    OutOfReach {
        /// SOLVER-7.3: the states visited.
        nodes: u64,
    },
}

/// SOLVER-7.1: why a Kee game cannot be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeeSolveError {
    /// SOLVER-7.1: the solver handles games of exactly two players.
    NotTwoPlayers {
        /// The number of players of the game given.
        players: u8,
    },
}

impl fmt::Display for KeeSolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeeSolveError::NotTwoPlayers { players } => write!(
                f,
                "the Kee solver handles games of two players, not {players}"
            ),
        }
    }
}

impl std::error::Error for KeeSolveError {}

/// SOLVER-7.3: the longest line the search follows on a big stack ([`BIG_STACK`]).
const BIG_STACK_DEPTH: usize = 10_000;

/// SOLVER-7.3: the longest line the search follows on the caller's stack, if no big-stack thread starts.
const SMALL_STACK_DEPTH: usize = 300;

/// SOLVER-7.3: the stack a solve runs on (only the part used is touched).
const BIG_STACK: usize = 1 << 30;

/// SOLVER-7.1, SOLVER-7.3: the value of `game` from its current state under best play, with a principal
/// variation (SOLVER-7.4 to SOLVER-7.6), searched on a thread with a big stack with lines up to 10,000 plays
/// deep (300 if no such thread can be started): a longer line makes the answer [`KeeSolved::OutOfReach`].
pub fn kee_value(game: &KeeGame, limits: KeeLimits) -> Result<KeeSolved, KeeSolveError> {
    solve(game, limits, Method::AlphaBeta)
}

/// SOLVER-7.7: the same value by plain minimax: every legal play at every state, in generation order, no
/// pruning, no bounds, no table (same depth limits as [`kee_value`]).
pub fn kee_naive_value(game: &KeeGame, limits: KeeLimits) -> Result<KeeSolved, KeeSolveError> {
    solve(game, limits, Method::Naive)
}

/// SOLVER-7.5, SOLVER-7.7: which search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    AlphaBeta,
    Naive,
}

/// SOLVER-7.3: the search stopped without a value.
struct OutOfReach;

/// SOLVER-7.4: the largest board the table is used on (3^40 < 2^64); larger boards are searched without it.
const MAX_TABLE_POINTS: usize = 40;

/// SOLVER-7.4: how much the table may hold, in entries plus the moments and plays they list (about 1 GB).
const MAX_TABLE_WEIGHT: usize = 25_000_000;

/// SOLVER-7.4: the most entries kept for one key (with different dependencies); the oldest goes first.
const MAX_ENTRIES_PER_KEY: usize = 8;

/// SOLVER-7.1, SOLVER-7.3: refuses games not of two players, then searches on a big stack.
fn solve(game: &KeeGame, limits: KeeLimits, method: Method) -> Result<KeeSolved, KeeSolveError> {
    let players = game.position().players();
    if players != 2 {
        return Err(KeeSolveError::NotTwoPlayers { players });
    }
    let n = game.position().board().len() as i32;
    let bounds = match game.rules().scoring {
        KeeScoring::Area => Some((-n, n)),
        KeeScoring::Territory => None,
    };
    Ok(on_big_stack(|max_depth| {
        let mut search = Search {
            nodes: 0,
            max_nodes: limits.nodes,
            max_depth,
            bounds,
            table: HashMap::new(),
            weight: 0,
        };
        let result = match method {
            Method::Naive => search.minimax(game, 0),
            Method::AlphaBeta => search.drive(game),
        };
        match result {
            Ok((value, mut line)) => {
                line.reverse();
                KeeSolved::Value {
                    value,
                    line,
                    nodes: search.nodes,
                }
            }
            Err(OutOfReach) => KeeSolved::OutOfReach {
                nodes: search.nodes,
            },
        }
    }))
}

/// SOLVER-7.1: the value of an ended game: points of player 0 minus points of player 1.
fn ended_value(game: &KeeGame) -> i32 {
    let points = game.points();
    let of = |i: usize| i64::from(points.get(i).copied().unwrap_or(0));
    (of(0) - of(1)).clamp(i64::from(i32::MIN / 4), i64::from(i32::MAX / 4)) as i32
}

/// SOLVER-7.2: the plays tried at a state, in generation order: every intersection, the normal pass, the
/// refreshing pass (if the rules have it).
fn plays(game: &KeeGame) -> Vec<KeePlay> {
    let mut plays: Vec<KeePlay> = game
        .position()
        .board()
        .points()
        .map(KeePlay::Stone)
        .collect();
    plays.push(KeePlay::NormalPass);
    if game.rules().refreshing_passes {
        plays.push(KeePlay::RefreshingPass);
    }
    plays
}

/// SOLVER-7.2: `play` made by the rules on a copy of `game`: the state it leads to and whom it prohibited,
/// or `None` if the rules refuse it.
fn child(game: &KeeGame, play: KeePlay) -> Option<(KeeGame, Option<Player>)> {
    let mut next = game.clone();
    let prohibition = next.play(play).ok()?;
    Some((next, prohibition.map(|p| p.ko_player)))
}

/// SOLVER-7.4: a moment (KEE-12.1) as a table key: the board position, one base-3 digit per intersection,
/// and the player to play.
type MomentKey = (u64, u8);

/// SOLVER-7.4: the key of `position` with `to_play`, if the board is small enough for the table.
fn moment_of(position: &Arrangement, to_play: Player) -> Option<MomentKey> {
    let cells = position.cells();
    if cells.len() > MAX_TABLE_POINTS {
        return None;
    }
    let code = cells.iter().rev().fold(0u64, |code, cell| {
        code * 3
            + match cell {
                None => 0,
                Some(Player(0)) => 1,
                Some(_) => 2,
            }
    });
    Some((code, to_play.0))
}

/// SOLVER-7.4, KEE-12.2: whether `play` counts as a pass when the ko player is chosen.
fn counts_for_ko_player(rules: KeeRules, play: KeePlay) -> bool {
    match rules.ko_player_passes {
        KoPlayerPasses::Normal => play == KeePlay::NormalPass,
        KoPlayerPasses::All => !matches!(play, KeePlay::Stone(_)),
    }
}

/// SOLVER-7.4: the prisoner difference of `game` (territory scoring counts prisoners, KEE-15v; area scoring
/// does not): the part of the value already fixed, which the table's values leave out.
fn prisoner_offset(game: &KeeGame) -> i32 {
    match game.rules().scoring {
        KeeScoring::Area => 0,
        KeeScoring::Territory => {
            let taken = game.prisoners();
            let of = |i: usize| i64::from(taken.get(i).copied().unwrap_or(0));
            (of(0) - of(1)).clamp(i64::from(i32::MIN / 4), i64::from(i32::MAX / 4)) as i32
        }
    }
}

/// SOLVER-7.4: the history of the current state, as far as the rest of the game can depend on it. "Passes"
/// are the passes counted for the ko player (KEE-12.2), player 0's minus player 1's, since the start or the
/// last prohibition.
#[derive(Clone, Debug, Default)]
struct Line {
    /// Passes so far.
    passes: i64,
    /// Stone plays so far.
    stones: i64,
    /// KEE-13(a): whether the last play was a normal pass.
    pending_pass: bool,
    /// KEE-12(a): the moments of the current window, each with the passes and stone plays when it was met
    /// (the latest time).
    window: HashMap<MomentKey, (i64, i64)>,
    /// KEE-12(b): the moments just after the start or the last prohibition and just after each refreshing
    /// pass since, each with the passes when it was met.
    refreshed: HashMap<MomentKey, i64>,
}

impl Line {
    /// SOLVER-7.4: the history of `game` (`None` if the board is too large for the table).
    fn of(game: &KeeGame) -> Option<Line> {
        let history = game.history();
        let (moments, plays, after_refresh) =
            (&history.moments, history.plays, history.after_refresh);
        let rules = game.rules();
        let mut line = Line::default();
        let mut keys = Vec::with_capacity(moments.len());
        let mut at = Vec::with_capacity(moments.len());
        for (i, (position, to_play)) in moments.iter().enumerate() {
            keys.push(moment_of(position, *to_play)?);
            at.push((line.passes, line.stones));
            if let Some((player, play)) = plays.get(i) {
                if counts_for_ko_player(rules, *play) {
                    line.passes += if *player == Player(0) { 1 } else { -1 };
                }
                if matches!(play, KeePlay::Stone(_)) {
                    line.stones += 1;
                }
            }
        }
        let window_start = after_refresh.last().copied().unwrap_or(0);
        for (key, when) in keys.iter().zip(&at).skip(window_start) {
            line.window.insert(*key, *when);
        }
        for j in std::iter::once(0).chain(after_refresh.iter().copied()) {
            if let (Some(key), Some((passes, _))) = (keys.get(j), at.get(j)) {
                line.refreshed.insert(*key, *passes);
            }
        }
        line.pending_pass = matches!(plays.last(), Some((_, KeePlay::NormalPass)));
        Some(line)
    }

    /// SOLVER-7.4: what KEE-12(a) can ask of the window about `m`: the passes since it was met and whether
    /// a stone play happened since.
    fn window_at(&self, m: MomentKey) -> Option<(i64, bool)> {
        let (passes, stones) = self.window.get(&m)?;
        Some((self.passes - passes, self.stones > *stones))
    }

    /// SOLVER-7.4: what KEE-12(b) can ask about `m`: the passes since it was met just after the start, the
    /// last prohibition or a refreshing pass.
    fn refreshed_at(&self, m: MomentKey) -> Option<i64> {
        self.refreshed.get(&m).map(|at| self.passes - at)
    }
}

/// SOLVER-7.4: a table key: the current moment, who is prohibited, and whether the last play was a normal
/// pass.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    moment: MomentKey,
    prohibited: u8,
    pending_pass: bool,
}

/// SOLVER-7.4: what a search found about a state (values relative to the prisoner difference at the
/// state), and what of the history it depended on: for each moment a play of the subtree asked KEE-12(a)
/// about, the window's answer at the state; for each moment a refreshing pass asked KEE-12(b) about, the
/// line's answer.
struct Entry {
    window: Vec<(MomentKey, Option<(i64, bool)>)>,
    refreshed: Vec<(MomentKey, Option<i64>)>,
    low: i32,
    high: i32,
    /// A principal variation (reversed), when the value is exact.
    line: Option<Vec<KeePlay>>,
}

impl Entry {
    /// SOLVER-7.4: whether the history `line` gives the answers this entry depends on.
    fn holds(&self, line: &Line) -> bool {
        self.window.iter().all(|(m, a)| line.window_at(*m) == *a)
            && self
                .refreshed
                .iter()
                .all(|(m, a)| line.refreshed_at(*m) == *a)
    }

    /// SOLVER-7.4: what the entry counts for against [`MAX_TABLE_WEIGHT`].
    fn weight(&self) -> usize {
        1 + self.window.len() + self.refreshed.len() + self.line.as_ref().map_or(0, Vec::len)
    }
}

/// SOLVER-7.4: a search result: the value, a principal variation (reversed; meaningful when the value is
/// inside the window) and the moments the result depends on (sorted, no repeats), by ko condition.
struct Found {
    value: i32,
    line: Vec<KeePlay>,
    window: Vec<MomentKey>,
    refreshed: Vec<MomentKey>,
}

impl Found {
    /// SOLVER-7.4: a value that depends on no history (an ended game's).
    fn new(value: i32) -> Found {
        Found {
            value,
            line: Vec::new(),
            window: Vec::new(),
            refreshed: Vec::new(),
        }
    }
}

/// SOLVER-7.4: adds the sorted set `b` to the sorted set `a`.
fn union(a: &mut Vec<MomentKey>, b: &[MomentKey]) {
    if b.is_empty() {
        return;
    }
    if a.is_empty() {
        a.extend_from_slice(b);
        return;
    }
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    *a = out;
}

/// SOLVER-7.3: a search in progress: its counters, limits and table.
struct Search {
    nodes: u64,
    max_nodes: u64,
    max_depth: usize,
    /// SOLVER-7.5: the values every state's value lies within (`None` for territory scoring).
    bounds: Option<(i32, i32)>,
    /// SOLVER-7.4: the table.
    table: HashMap<Key, Vec<Entry>>,
    /// SOLVER-7.4: what the table holds (see [`MAX_TABLE_WEIGHT`]).
    weight: usize,
}

impl Search {
    /// SOLVER-7.3: counts a state visited; out of reach beyond the allowance or the depth limit.
    fn visit(&mut self, depth: usize) -> Result<(), OutOfReach> {
        self.nodes += 1;
        if self.nodes > self.max_nodes || depth > self.max_depth {
            return Err(OutOfReach);
        }
        Ok(())
    }

    /// SOLVER-7.7: plain minimax: the value and a principal variation (reversed).
    fn minimax(&mut self, game: &KeeGame, depth: usize) -> Result<(i32, Vec<KeePlay>), OutOfReach> {
        self.visit(depth)?;
        let Some(mover) = game.to_play() else {
            return Ok((ended_value(game), Vec::new()));
        };
        let maximiser = mover == Player(0);
        let mut best: Option<(i32, Vec<KeePlay>)> = None;
        for play in plays(game) {
            let Some((next, _)) = child(game, play) else {
                continue;
            };
            let (v, mut line) = self.minimax(&next, depth + 1)?;
            let better = match &best {
                None => true,
                Some((b, _)) => (maximiser && v > *b) || (!maximiser && v < *b),
            };
            if better {
                line.push(play);
                best = Some((v, line));
            }
        }
        // A state not ended always has a legal play: the normal pass (KEE-5(b)).
        Ok(best.unwrap_or_else(|| (ended_value(game), Vec::new())))
    }

    /// SOLVER-7.6: the value by null-window searches (each proves or refutes "the value is at least t"),
    /// then a principal variation by a search with the window (v-1, v+1).
    fn drive(&mut self, game: &KeeGame) -> Result<(i32, Vec<KeePlay>), OutOfReach> {
        let start = Line::of(game).unwrap_or_default();
        let (mut low, mut high) = self.bounds.unwrap_or((i32::MIN / 4, i32::MAX / 4));
        let mut guess = 0.clamp(low, high);
        while low < high {
            let t = if guess <= low { low + 1 } else { guess };
            let found = self.alpha_beta(game, t - 1, t, 0, &mut start.clone())?;
            if found.value >= t {
                low = found.value;
            } else {
                high = found.value;
            }
            guess = found.value.clamp(low, high);
        }
        let found = self.alpha_beta(game, low - 1, low + 1, 0, &mut start.clone())?;
        Ok((found.value, found.line))
    }

    /// SOLVER-7.4: the table key of the state `game` with the history `line`.
    fn key(game: &KeeGame, mover: Player, line: &Line) -> Option<Key> {
        let moment = moment_of(game.position(), mover)?;
        let prohibited = (0..2u8)
            .filter(|p| game.is_prohibited(Player(*p)))
            .fold(0u8, |bits, p| bits | (1 << p));
        Some(Key {
            moment,
            prohibited,
            pending_pass: line.pending_pass,
        })
    }

    /// SOLVER-7.4: what the table's entries for `key` that hold after `line` say, combined: bounds
    /// (absolute), a principal variation if they fix the value, and what they depend on.
    fn probe(&self, key: &Key, line: &Line, offset: i32) -> Option<(i32, i32, Found)> {
        let entries = self.table.get(key)?;
        let mut low = i32::MIN;
        let mut high = i32::MAX;
        let mut found = Found::new(0);
        let mut pv = None;
        for entry in entries.iter().filter(|e| e.holds(line)) {
            let window: Vec<MomentKey> = entry.window.iter().map(|(m, _)| *m).collect();
            let refreshed: Vec<MomentKey> = entry.refreshed.iter().map(|(m, _)| *m).collect();
            union(&mut found.window, &window);
            union(&mut found.refreshed, &refreshed);
            low = low.max(entry.low);
            high = high.min(entry.high);
            if entry.line.is_some() {
                pv = entry.line.clone();
            }
        }
        if low == i32::MIN && high == i32::MAX {
            return None;
        }
        if low == high {
            if let Some(pv) = pv {
                found.line = pv;
            }
        }
        let shift = |x: i32| {
            if x == i32::MIN || x == i32::MAX {
                x
            } else {
                x + offset
            }
        };
        Some((shift(low), shift(high), found))
    }

    /// SOLVER-7.4: remembers what the search of a state found, with what it depended on.
    fn store(&mut self, key: Key, line: &Line, found: &Found, window: (i32, i32), offset: i32) {
        let v = found.value - offset;
        let (low, high, exact) = if found.value <= window.0 {
            (i32::MIN, v, false)
        } else if found.value >= window.1 {
            (v, i32::MAX, false)
        } else {
            (v, v, true)
        };
        let entry = Entry {
            window: found
                .window
                .iter()
                .map(|m| (*m, line.window_at(*m)))
                .collect(),
            refreshed: found
                .refreshed
                .iter()
                .map(|m| (*m, line.refreshed_at(*m)))
                .collect(),
            low,
            high,
            line: exact.then(|| found.line.clone()),
        };
        let room = self.weight + entry.weight() <= MAX_TABLE_WEIGHT;
        let entries = self.table.entry(key).or_default();
        if let Some(old) = entries
            .iter_mut()
            .find(|e| e.window == entry.window && e.refreshed == entry.refreshed)
        {
            old.low = old.low.max(entry.low);
            old.high = old.high.min(entry.high);
            if exact && old.line.is_none() && room {
                self.weight += entry.line.as_ref().map_or(0, Vec::len);
                old.line = entry.line;
            }
            return;
        }
        if !room {
            return;
        }
        if entries.len() >= MAX_ENTRIES_PER_KEY {
            let gone = entries.remove(0);
            self.weight -= gone.weight();
        }
        self.weight += entry.weight();
        entries.push(entry);
    }

    /// SOLVER-7.5: fail-soft alpha-beta within the window (alpha, beta): a value v with v <= alpha means the
    /// value is at most v, v >= beta at least v, otherwise it is v and the line (reversed) is a principal
    /// variation. `line` is the searched line's history (SOLVER-7.4).
    fn alpha_beta(
        &mut self,
        game: &KeeGame,
        alpha: i32,
        beta: i32,
        depth: usize,
        line: &mut Line,
    ) -> Result<Found, OutOfReach> {
        self.visit(depth)?;
        let Some(mover) = game.to_play() else {
            return Ok(Found::new(ended_value(game)));
        };
        let key = Search::key(game, mover, line);
        let offset = prisoner_offset(game);
        if let Some((low, high, mut found)) = key.as_ref().and_then(|k| self.probe(k, line, offset))
        {
            if low == high && !found.line.is_empty() {
                found.value = low;
                return Ok(found);
            }
            if low >= beta {
                found.value = low;
                found.line.clear();
                return Ok(found);
            }
            if high <= alpha {
                found.value = high;
                found.line.clear();
                return Ok(found);
            }
        }
        let found = self.expand(game, mover, alpha, beta, depth, line)?;
        if let Some(key) = key {
            self.store(key, line, &found, (alpha, beta), offset);
        }
        Ok(found)
    }

    /// SOLVER-7.5: the order plays are tried in at a state: a normal pass that ends the game, stone plays
    /// that remove stones (most first), other stone plays, the normal pass, the refreshing pass.
    fn ordered(&self, game: &KeeGame, mover: Player, line: &Line) -> Vec<KeePlay> {
        let alone = game.is_prohibited(Player(1 - mover.0.min(1)));
        let ending = alone || line.pending_pass;
        let position = game.position();
        let removal = game.rules().removal;
        let mut keyed: Vec<((u8, i64), KeePlay)> = plays(game)
            .into_iter()
            .map(|play| {
                let rank = match play {
                    KeePlay::NormalPass if ending => (0, 0),
                    KeePlay::NormalPass => (3, 0),
                    KeePlay::RefreshingPass => (4, 0),
                    KeePlay::Stone(point) => match play_stone(position, mover, point, removal) {
                        Ok(made) => {
                            let taken: usize = made
                                .removed
                                .iter()
                                .filter(|(owner, _)| *owner != mover)
                                .map(|(_, stones)| stones.len())
                                .sum();
                            if taken > 0 {
                                (1, -(taken as i64))
                            } else {
                                (2, 0)
                            }
                        }
                        Err(_) => (5, 0),
                    },
                };
                (rank, play)
            })
            .collect();
        keyed.sort_by_key(|(rank, _)| *rank);
        keyed.into_iter().map(|(_, play)| play).collect()
    }

    /// SOLVER-7.5: the children of a state not ended, searched in order until one settles the window.
    fn expand(
        &mut self,
        game: &KeeGame,
        mover: Player,
        mut alpha: i32,
        mut beta: i32,
        depth: usize,
        line: &mut Line,
    ) -> Result<Found, OutOfReach> {
        let maximiser = mover == Player(0);
        let other = Player(1 - mover.0.min(1));
        // KEE-12: the player whose encounters a play is checked against.
        let succeeding = if game.is_prohibited(other) {
            mover
        } else {
            other
        };
        let rules = game.rules();
        let mut best: Option<Found> = None;
        let mut window_deps: Vec<MomentKey> = Vec::new();
        let mut refreshed_deps: Vec<MomentKey> = Vec::new();
        for play in self.ordered(game, mover, line) {
            let Some((next, prohibited)) = child(game, play) else {
                continue;
            };
            let asked = moment_of(next.position(), succeeding);
            let reached = next.to_play().and_then(|p| moment_of(next.position(), p));
            // The history after the play (SOLVER-7.4), undone after the search of the child.
            let saved = (line.passes, line.stones, line.pending_pass);
            if counts_for_ko_player(rules, play) {
                line.passes += if maximiser { 1 } else { -1 };
            }
            if matches!(play, KeePlay::Stone(_)) {
                line.stones += 1;
            }
            line.pending_pass = play == KeePlay::NormalPass && prohibited.is_none();
            let fresh = prohibited.is_some() || play == KeePlay::RefreshingPass;
            let mut old_window = None;
            let mut old_refreshed = None;
            let mut replaced_refreshed = None;
            let mut replaced_window = None;
            if fresh {
                // KEE-12(a): the window starts again; KEE-12(b): after a prohibition, so do the moments
                // refreshing passes are checked against.
                let mut window = HashMap::new();
                if let Some(m) = reached {
                    window.insert(m, (line.passes, line.stones));
                }
                old_window = Some(std::mem::replace(&mut line.window, window));
                if prohibited.is_some() {
                    old_refreshed = Some(std::mem::take(&mut line.refreshed));
                }
                if let Some(m) = reached {
                    replaced_refreshed = Some((m, line.refreshed.insert(m, line.passes)));
                }
            } else if let Some(m) = reached {
                replaced_window = Some((m, line.window.insert(m, (line.passes, line.stones))));
            }
            let searched = self.alpha_beta(&next, alpha, beta, depth + 1, line);
            if let Some((m, old)) = replaced_refreshed {
                match old {
                    Some(v) => line.refreshed.insert(m, v),
                    None => line.refreshed.remove(&m),
                };
            }
            if let Some((m, old)) = replaced_window {
                match old {
                    Some(v) => line.window.insert(m, v),
                    None => line.window.remove(&m),
                };
            }
            if let Some(refreshed) = old_refreshed {
                line.refreshed = refreshed;
            }
            if let Some(window) = old_window {
                line.window = window;
            }
            (line.passes, line.stones, line.pending_pass) = saved;
            let mut found = searched?;
            // SOLVER-7.4: what of the history before the play the child's result depends on: nothing
            // after a prohibition; not the window after a refreshing pass; and the play's own question.
            if prohibited.is_some() {
                found.window.clear();
                found.refreshed.clear();
            } else if play == KeePlay::RefreshingPass {
                found.window.clear();
            }
            if let Some(m) = asked {
                if play == KeePlay::RefreshingPass {
                    union(&mut found.refreshed, &[m]);
                } else {
                    union(&mut found.window, &[m]);
                }
            }
            union(&mut window_deps, &found.window);
            union(&mut refreshed_deps, &found.refreshed);
            let v = found.value;
            let better = match &best {
                None => true,
                Some(b) => (maximiser && v > b.value) || (!maximiser && v < b.value),
            };
            if better {
                found.line.push(play);
                best = Some(found);
            }
            if maximiser {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            let at_bound = match self.bounds {
                Some((low, high)) => (maximiser && v >= high) || (!maximiser && v <= low),
                None => false,
            };
            if alpha >= beta || at_bound {
                break;
            }
        }
        let mut best = best.unwrap_or_else(|| Found::new(ended_value(game)));
        best.window = window_deps;
        best.refreshed = refreshed_deps;
        Ok(best)
    }
}

/// SOLVER-7.3: runs `work` with the depth it may recurse to: on a thread with a big stack, or, if no such
/// thread can be started, on the caller's with [`SMALL_STACK_DEPTH`].
fn on_big_stack<R: Send>(work: impl FnOnce(usize) -> R + Send) -> R {
    let slot = std::sync::Mutex::new(Some(work));
    let take = || {
        slot.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    };
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("gorules-kee-solver".into())
            .stack_size(BIG_STACK)
            .spawn_scoped(scope, || take().map(|work| work(BIG_STACK_DEPTH)));
        let done = match spawned {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => None,
        };
        match done {
            Some(result) => result,
            None => match take() {
                Some(work) => work(SMALL_STACK_DEPTH),
                None => unreachable!("the work runs once, on one thread or the other"),
            },
        }
    })
}
