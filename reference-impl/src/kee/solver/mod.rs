//! SOLVER-7: the value of a two-player Kee game under best play, by exhaustive search (spec/solver.md).
//!
//! The Kee ko rule (KEE-12) looks at the history since the last prohibition, so the search keeps it: `state`
//! holds a two-player game as bit sets with that history, makes plays and takes them back in place, and gives
//! the table key of SOLVER-7.4 (SOLVER-7.2); `proof` answers "is the value at least t?" by depth-first
//! proof-number search with that table and finds the value and a principal variation from such questions
//! (SOLVER-7.5, SOLVER-7.6; [`kee_value`]). [`kee_naive_value`] is plain minimax over [`KeeGame`] itself
//! (SOLVER-7.7), so the tests compare the search with the rules as `kee::game` states them.

mod proof;
mod state;

use std::fmt;

use super::game::{KeeGame, KeePlay, KeeScoring};
use super::player::Player;
use proof::Proof;
use state::State;

/// SOLVER-7.3, PROTO-9.8: the default node allowance of a solve: enough for the empty 2x2 board under the
/// default rules (38.6 million nodes, SOLVER-7.8), the largest of seed 001's boards.
pub const DEFAULT_KEE_NODES: u64 = 40_000_000;

/// SOLVER-7.3: how much work a solve may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeeLimits {
    /// SOLVER-7.3: the number of states the search may visit before it gives up.
    pub nodes: u64,
    /// SOLVER-1.5: the moment the search gives up (none by default).
    pub deadline: crate::allowance::Deadline,
}

impl Default for KeeLimits {
    fn default() -> KeeLimits {
        KeeLimits {
            nodes: DEFAULT_KEE_NODES,
            deadline: crate::allowance::Deadline::NONE,
        }
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
        /// SOLVER-7.6: the value is at least this (proven before the search stopped).
        low: i32,
        /// SOLVER-7.6: the value is at most this.
        high: i32,
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
    /// SOLVER-7.2: the search handles boards of at most 64 intersections.
    TooLarge {
        /// The intersections of the board given.
        points: usize,
    },
    /// SOLVER-7.2: the search's own rules did not arrive at the game's moments when they replayed its
    /// history (a fault of the solver, reported rather than answered).
    Replay,
}

impl fmt::Display for KeeSolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeeSolveError::NotTwoPlayers { players } => write!(
                f,
                "the Kee solver handles games of two players, not {players}"
            ),
            KeeSolveError::TooLarge { points } => write!(
                f,
                "the Kee solver handles boards of at most 64 intersections, not {points}"
            ),
            KeeSolveError::Replay => f.write_str(
                "the Kee solver could not replay the game's history (a fault of the solver)",
            ),
        }
    }
}

impl std::error::Error for KeeSolveError {}

/// SOLVER-7.3: the longest line the search follows on a big stack (`crate::big_stack`, 1 GiB).
const BIG_STACK_DEPTH: usize = 10_000;

/// SOLVER-7.3: the longest line the search follows on the caller's stack, if no big-stack thread starts.
const SMALL_STACK_DEPTH: usize = 300;

/// SOLVER-7.1, SOLVER-7.3: the value of `game` from its current state under best play, with a principal
/// variation (SOLVER-7.4 to SOLVER-7.6), searched on a thread with a big stack with lines up to 10,000 plays
/// deep (300 if no such thread can be started): a longer line makes the answer [`KeeSolved::OutOfReach`].
pub fn kee_value(game: &KeeGame, limits: KeeLimits) -> Result<KeeSolved, KeeSolveError> {
    solve(game, limits, Method::ProofNumbers)
}

/// SOLVER-7.7: the same value by plain minimax: every legal play at every state, in generation order, no
/// pruning, no bounds, no table (same depth limits as [`kee_value`]).
pub fn kee_naive_value(game: &KeeGame, limits: KeeLimits) -> Result<KeeSolved, KeeSolveError> {
    solve(game, limits, Method::Naive)
}

/// SOLVER-7.5, SOLVER-7.7: which search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    ProofNumbers,
    Naive,
}

/// SOLVER-7.3: the search stopped without a value.
struct OutOfReach;

/// SOLVER-7.1, SOLVER-7.3: refuses games not of two players and boards too big, then searches on a big stack.
fn solve(game: &KeeGame, limits: KeeLimits, method: Method) -> Result<KeeSolved, KeeSolveError> {
    let players = game.position().players();
    if players != 2 {
        return Err(KeeSolveError::NotTwoPlayers { players });
    }
    let points = game.position().board().len();
    if points > state::MAX_POINTS {
        return Err(KeeSolveError::TooLarge { points });
    }
    if game.ended().is_some() {
        return Ok(KeeSolved::Value {
            value: ended_value(game),
            line: Vec::new(),
            nodes: 1,
        });
    }
    let n = points as i32;
    let bounds = match game.rules().scoring {
        KeeScoring::Area => Some((-n, n)),
        KeeScoring::Territory => None,
    };
    on_big_stack(|max_depth| match method {
        Method::Naive => {
            let mut naive = Naive {
                nodes: 0,
                max_nodes: limits.nodes,
                max_depth,
            };
            Ok(match naive.minimax(game, 0) {
                Ok((value, mut line)) => {
                    line.reverse();
                    KeeSolved::Value {
                        value,
                        line,
                        nodes: naive.nodes,
                    }
                }
                Err(OutOfReach) => {
                    let (low, high) = bounds.unwrap_or((-proof::WIDEST, proof::WIDEST));
                    KeeSolved::OutOfReach {
                        nodes: naive.nodes,
                        low,
                        high,
                    }
                }
            })
        }
        Method::ProofNumbers => {
            let mut state = State::of(game).ok_or(KeeSolveError::Replay)?;
            let mut search = Proof::new(limits.nodes, max_depth, bounds, limits.deadline);
            Ok(match search.solve(&mut state) {
                Ok((value, codes)) => {
                    let board = game.position().board();
                    let line = codes
                        .into_iter()
                        .map(|c| state.geometry().play_of(c, board))
                        .collect();
                    KeeSolved::Value {
                        value,
                        line,
                        nodes: search.nodes,
                    }
                }
                Err((low, high)) => KeeSolved::OutOfReach {
                    nodes: search.nodes,
                    low,
                    high,
                },
            })
        }
    })
}

/// SOLVER-7.1: the value of an ended game: points of player 0 minus points of player 1.
fn ended_value(game: &KeeGame) -> i32 {
    let points = game.points();
    let of = |i: usize| points.get(i).copied().unwrap_or(0) as i64;
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

/// SOLVER-7.7: plain minimax over `KeeGame` itself (every child made by `KeeGame::play` on a copy).
struct Naive {
    nodes: u64,
    max_nodes: u64,
    max_depth: usize,
}

impl Naive {
    /// SOLVER-7.7: the value and a principal variation (reversed).
    fn minimax(&mut self, game: &KeeGame, depth: usize) -> Result<(i32, Vec<KeePlay>), OutOfReach> {
        self.nodes += 1;
        if self.nodes > self.max_nodes || depth > self.max_depth {
            return Err(OutOfReach);
        }
        let Some(mover) = game.to_play() else {
            return Ok((ended_value(game), Vec::new()));
        };
        let maximiser = mover == Player(0);
        let mut best: Option<(i32, Vec<KeePlay>)> = None;
        for play in plays(game) {
            let mut next = game.clone();
            if next.play(play).is_err() {
                continue;
            }
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
}

/// SOLVER-7.3: runs `work` with the depth it may recurse to (`crate::big_stack`): [`BIG_STACK_DEPTH`] on a
/// thread with a big stack, or [`SMALL_STACK_DEPTH`] on the caller's if no such thread can be started.
fn on_big_stack<R: Send>(work: impl FnOnce(usize) -> R + Send) -> R {
    crate::big_stack::run(
        "gorules-kee-solver",
        BIG_STACK_DEPTH,
        SMALL_STACK_DEPTH,
        work,
    )
}
