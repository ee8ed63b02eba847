//! SOLVER-7: the value of a two-player Kee game under best play, by exhaustive search (spec/solver.md).
//!
//! The Kee ko rule (KEE-12) looks at the whole history since the last prohibition, so the search keeps that
//! history: every state is a [`KeeGame`], every child is made by [`KeeGame::play`] on a clone, and nothing
//! is remembered across lines (SOLVER-7.4). [`kee_value`] is fail-soft alpha-beta with move ordering and the
//! bounds of SOLVER-7.5; [`kee_naive_value`] is plain minimax (SOLVER-7.7), for checking it.

use std::fmt;

use super::arrangement::Arrangement;
use super::game::{KeeGame, KeePlay, KeeScoring};
use super::player::Player;

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
/// variation; fail-soft alpha-beta (SOLVER-7.5) on a thread with a big stack, lines up to 10,000 plays deep
/// (300 if no such thread can be started): a longer line makes the answer [`KeeSolved::OutOfReach`].
pub fn kee_value(game: &KeeGame, limits: KeeLimits) -> Result<KeeSolved, KeeSolveError> {
    solve(game, limits, Method::AlphaBeta)
}

/// SOLVER-7.7: the same value by plain minimax: every legal play at every state, in generation order, no
/// pruning, no bounds (same depth limits as [`kee_value`]).
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

/// SOLVER-7.3: a search in progress: its counters and limits.
struct Search {
    nodes: u64,
    max_nodes: u64,
    max_depth: usize,
    /// SOLVER-7.5: the values every state's value lies within (`None` for territory scoring).
    bounds: Option<(i32, i32)>,
}

/// SOLVER-7.1: the value of an ended game: points of player 0 minus points of player 1.
fn ended_value(game: &KeeGame) -> i32 {
    let points = game.points();
    let of = |i: usize| i64::from(points.get(i).copied().unwrap_or(0));
    (of(0) - of(1)).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// SOLVER-7.2: every play the rules allow at the current state, with the state it leads to and whether it
/// prohibited somebody, in generation order: every intersection, the normal pass, the refreshing pass.
fn children(game: &KeeGame) -> Vec<Child> {
    let board = game.position().board();
    let mut plays: Vec<KeePlay> = board.points().map(KeePlay::Stone).collect();
    plays.push(KeePlay::NormalPass);
    if game.rules().refreshing_passes {
        plays.push(KeePlay::RefreshingPass);
    }
    plays
        .into_iter()
        .filter_map(|play| {
            let mut next = game.clone();
            let prohibited = next.play(play).ok()?.map(|p| p.ko_player);
            Some(Child {
                play,
                game: next,
                prohibited,
            })
        })
        .collect()
}

/// SOLVER-7.2: a legal play and what it led to.
struct Child {
    play: KeePlay,
    game: KeeGame,
    prohibited: Option<Player>,
}

/// SOLVER-7.5: the order the optimised search tries a state's children in: smaller keys first. Ended
/// children first, best for the mover first; then plays that prohibit the opponent; stone plays that
/// remove stones, most first; other stone plays; the normal pass; the refreshing pass; plays that prohibit
/// the mover. `others` is the number of the opponent's stones before the play.
fn order_key(child: &Child, mover: Player, maximiser: bool, others: usize) -> (u8, i64) {
    if child.game.ended().is_some() {
        let v = i64::from(ended_value(&child.game));
        return (0, if maximiser { -v } else { v });
    }
    match child.prohibited {
        Some(p) if p != mover => return (1, 0),
        Some(_) => return (6, 0),
        None => {}
    }
    match child.play {
        KeePlay::Stone(_) => {
            let after = stones_of_others(child.game.position(), mover);
            if after < others {
                (2, after as i64 - others as i64)
            } else {
                (3, 0)
            }
        }
        KeePlay::NormalPass => (4, 0),
        KeePlay::RefreshingPass => (5, 0),
    }
}

/// The stones of the players other than `mover` on `position`.
fn stones_of_others(position: &Arrangement, mover: Player) -> usize {
    position
        .cells()
        .iter()
        .flatten()
        .filter(|p| **p != mover)
        .count()
}

impl Search {
    fn visit(&mut self, depth: usize) -> Result<(), OutOfReach> {
        self.nodes += 1;
        if self.nodes > self.max_nodes || depth > self.max_depth {
            return Err(OutOfReach);
        }
        Ok(())
    }

    /// SOLVER-7.7: plain minimax: the value and a principal variation.
    fn minimax(&mut self, game: &KeeGame, depth: usize) -> Result<(i32, Vec<KeePlay>), OutOfReach> {
        self.visit(depth)?;
        let Some(mover) = game.to_play() else {
            return Ok((ended_value(game), Vec::new()));
        };
        let maximiser = mover == Player(0);
        let mut best: Option<(i32, Vec<KeePlay>)> = None;
        for child in children(game) {
            let (v, mut line) = self.minimax(&child.game, depth + 1)?;
            let better = match &best {
                None => true,
                Some((b, _)) => (maximiser && v > *b) || (!maximiser && v < *b),
            };
            if better {
                line.insert(0, child.play);
                best = Some((v, line));
            }
        }
        // A state not ended always has a legal play: the normal pass (KEE-5(b)).
        Ok(best.unwrap_or_else(|| (ended_value(game), Vec::new())))
    }

    /// SOLVER-7.5: fail-soft alpha-beta within the window (alpha, beta): a value v with v <= alpha means the
    /// value is at most v, v >= beta at least v, otherwise it is v and the line is a principal variation.
    fn alpha_beta(
        &mut self,
        game: &KeeGame,
        mut alpha: i32,
        mut beta: i32,
        depth: usize,
    ) -> Result<(i32, Vec<KeePlay>), OutOfReach> {
        self.visit(depth)?;
        let Some(mover) = game.to_play() else {
            return Ok((ended_value(game), Vec::new()));
        };
        let maximiser = mover == Player(0);
        let others = stones_of_others(game.position(), mover);
        let mut kids = children(game);
        kids.sort_by_key(|c| order_key(c, mover, maximiser, others));
        let mut best: Option<(i32, Vec<KeePlay>)> = None;
        for child in kids {
            let (v, mut line) = self.alpha_beta(&child.game, alpha, beta, depth + 1)?;
            let better = match &best {
                None => true,
                Some((b, _)) => (maximiser && v > *b) || (!maximiser && v < *b),
            };
            if better {
                line.insert(0, child.play);
                best = Some((v, line));
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
        Ok(best.unwrap_or_else(|| (ended_value(game), Vec::new())))
    }
}

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
        };
        let result = match method {
            Method::Naive => search.minimax(game, 0),
            Method::AlphaBeta => {
                let (low, high) = bounds.unwrap_or((i32::MIN + 1, i32::MAX - 1));
                search.alpha_beta(game, low - 1, high + 1, 0)
            }
        };
        match result {
            Ok((value, line)) => KeeSolved::Value {
                value,
                line,
                nodes: search.nodes,
            },
            Err(OutOfReach) => KeeSolved::OutOfReach {
                nodes: search.nodes,
            },
        }
    }))
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
