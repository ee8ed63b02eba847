//! SOLVER: the values of the analyses and of the alternation under perfect play (`spec/solver.md`).
//!
//! An analysis's value is the score its maximiser reaches against best resistance (SOLVER-2.2); the
//! alternation's value is the score of the game when both players play the alternation and the analyses
//! perfectly (SOLVER-2.3). The search (SOLVER-3, SOLVER-4) keeps the whole history of the move-sequence,
//! because the fixed-ko rule makes legality depend on it; [`naive`] is the same game solved by plain
//! minimax over [`Sequence`](crate::sequence::Sequence), for checking the search on small positions.
//!
//! Every function here is pure: a value is returned only when it is proven; a search that needs more nodes
//! than [`Limits::max_nodes`] says so ([`Solved::OutOfReach`]).

mod alternation;
mod analysis;
mod finals;
pub mod naive;
mod search;
mod stones;
mod sums;
mod threats;
mod zones;

use std::fmt;

use crate::color::{ByColor, Color};
use crate::ko::KoRules;
use crate::moves::{Move, SuicideRule};
use crate::naj::game::{replay, Analysis, Phase, ReplayError};
use crate::position::Position;
use crate::rules::Ruleset;

use crate::allowance::Deadline;
pub use crate::proof_numbers::Widening;
use alternation::AlternationPhase;
use analysis::{AnalysisPhase, Control};
use search::{Budget, Search};
use stones::{Geometry, Stones};

/// SOLVER-1.4: how much work a solve may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// SOLVER-1.4: the number of nodes (search states, and positions visited by bound searches) after which
    /// the solver gives up.
    pub max_nodes: u64,
    /// SOLVER-1.5: the moment after which the solver gives up (none by default).
    pub deadline: Deadline,
    /// SOLVER-3.3, SOLVER-3.9: how the search spends its nodes (never what it answers).
    pub tuning: Tuning,
}

/// SOLVER-3.3, SOLVER-3.9: the search's effort settings. They change which states are searched and in what
/// order, never a value: every setting gives the same answers, or "out of reach" (SOLVER-6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tuning {
    /// SOLVER-3.9: df-pn's 1+ε trick.
    pub widening: Widening,
    /// SOLVER-3.3: how many positions one bound search (one player alone) may visit before the quick bound is
    /// used instead.
    pub reach_allowance: usize,
    /// SOLVER-4.9: open numbers keyed on the transitions made from positions that hold every stone immortal
    /// now (instead of every transition made).
    pub open_numbers_by_immortal: bool,
    /// SOLVER-3.10: the largest region searched for a safe zone (0: no safe zones).
    pub zone_points: u32,
    /// SOLVER-3.11: the minimiser's denial zones in the black- and white-analysis.
    pub denial_zones: bool,
    /// SOLVER-3.12: the start numbers of a state not searched yet: 0 gives 1 and 1; d > 0 gives each number 1
    /// plus the distance from the state's quick bounds to the question's threshold, divided by d.
    pub start_numbers: u32,
    /// SOLVER-3.10: the local searches try first the defender's captures and answers next to the attacker's
    /// stones, and the attacker's plays with the most empty neighbours.
    pub zone_ordering: bool,
    /// SOLVER-3.10: a zone's local answers are keyed on the wall stones next to its region and how they are
    /// joined, not on the whole walls.
    pub zone_walls_by_boundary: bool,
    /// SOLVER-3.13: the minimiser's bound from the board split at the immortal stones into regions, each held by a
    /// local strategy, at most one of them through a ko fight (black- and white-analysis).
    pub region_sums: bool,
    /// SOLVER-3.14: the maximiser's ko fight beside his safe zones, at the state each question starts from
    /// (black- and white-analysis).
    pub ko_beside_zones: bool,
    /// SOLVER-3.14: the nodes df-pn alone may spend on a question before a new proof of the ko fight beside the
    /// zones is tried at its start.
    pub ko_fight_delay: u64,
}

impl Tuning {
    /// SOLVER-3.9: the plain settings (the default until 2026-11-27, when [`Tuning::INFORMED`] replaced them): ε =
    /// 25 %, bound searches of at most 64 positions (256 until 2026-11-26, evening), the open numbers keyed as
    /// SOLVER-4.9 says, safe zones of at most 12 intersections (SOLVER-3.10) and denial zones (SOLVER-3.11).
    pub const PLAIN: Tuning = Tuning {
        widening: Widening { percent: 25 },
        reach_allowance: 64,
        open_numbers_by_immortal: true,
        zone_points: 12,
        denial_zones: true,
        start_numbers: 0,
        zone_ordering: false,
        zone_walls_by_boundary: false,
        region_sums: false,
        ko_beside_zones: false,
        ko_fight_delay: 100_000,
    };

    /// The settings before safe zones (SOLVER-3.10): [`Tuning::PLAIN`] without them (nor denial zones,
    /// SOLVER-3.11), kept so that the solver bench can show both side by side.
    pub const WITHOUT_SAFE_ZONES: Tuning = Tuning {
        zone_points: 0,
        denial_zones: false,
        region_sums: false,
        ..Tuning::PLAIN
    };

    /// The settings until 2026-11-26 (plain df-pn, bound searches of at most 256 positions, the open numbers
    /// keyed on every transition used), kept so that the solver bench can show both side by side.
    pub const UNTIL_2026_11_26: Tuning = Tuning {
        widening: Widening::NONE,
        reach_allowance: 256,
        open_numbers_by_immortal: false,
        zone_points: 0,
        denial_zones: false,
        start_numbers: 0,
        zone_ordering: false,
        zone_walls_by_boundary: false,
        region_sums: false,
        ko_beside_zones: false,
        ko_fight_delay: 100_000,
    };

    /// SOLVER-3.9, SOLVER-3.12, SOLVER-8.8: the settings the solver uses by default: [`Tuning::PLAIN`] with start
    /// numbers from the quick bounds (d = 2), ordered local searches and zones keyed on their boundary: fewer nodes
    /// to decide, more time per million nodes (the default since 2026-11-27, SOLVER-8.10); and, since that evening,
    /// the sums of regions (SOLVER-3.13).
    pub const INFORMED: Tuning = Tuning {
        start_numbers: 2,
        zone_ordering: true,
        zone_walls_by_boundary: true,
        region_sums: true,
        ko_beside_zones: true,
        ..Tuning::PLAIN
    };

    /// [`Tuning::INFORMED`] without the sums of regions (SOLVER-3.13): the default until the evening of 2026-11-27,
    /// kept so that the solver bench can show both side by side.
    pub const INFORMED_WITHOUT_SUMS: Tuning = Tuning {
        region_sums: false,
        ..Tuning::INFORMED
    };
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning::INFORMED
    }
}

impl Default for Limits {
    /// PROTO-3.13, SOLVER-8.11: 2.25 million nodes with the informed settings, the allowance of `gorules-best-play`
    /// without a limit (a few seconds a search on this project's machine, so that a run of the whole suite stays
    /// short).
    fn default() -> Limits {
        Limits {
            max_nodes: 2_250_000,
            deadline: Deadline::NONE,
            tuning: Tuning::INFORMED,
        }
    }
}

/// SOLVER-1.3: the answer of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solved {
    /// SOLVER-1.3: the value, proven, with a principal variation from the given state to the end of the
    /// move-sequence, and the nodes it took.
    Value {
        /// SOLVER-2.2, SOLVER-2.3: the value.
        value: i64,
        /// SOLVER-3.4: moves of both players achieving the value, to the end of the move-sequence.
        principal_variation: Vec<Move>,
        /// SOLVER-1.4: the nodes counted.
        nodes: u64,
    },
    /// SOLVER-1.4: the node allowance ran out; the value lies within `bounds` (inclusive).
    OutOfReach {
        /// SOLVER-1.4: the nodes counted.
        nodes: u64,
        /// SOLVER-3.3: the best bounds known, `(low, high)`.
        bounds: (i64, i64),
    },
}

/// SOLVER-1.2: why a solve cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// SOLVER-1.2: the ruleset is not the New Amateur-Japanese Rules (basic-ko and fixed-ko, no suicide, no
    /// no-result on a cycle, analyses ended by 2 or 3 passes).
    Unsupported(&'static str),
    /// SOLVER-1.2: the board has more intersections than the solver handles.
    BoardTooLarge,
    /// SOLVER-1.2: a string of the start position has no liberty (no play could have made it).
    NoLiberty,
    /// SOLVER-1.2: the moves already played cannot be replayed.
    Replay(ReplayError),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Unsupported(what) => write!(f, "the solver does not support {what}"),
            SolveError::BoardTooLarge => write!(
                f,
                "the solver handles boards of at most {} intersections",
                stones::MAX_POINTS
            ),
            SolveError::NoLiberty => write!(f, "a string of the start position has no liberty"),
            SolveError::Replay(error) => write!(f, "the moves played: {error}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// SOLVER-2.2: the value of `analysis` of `final_position` under perfect play: the black-score for the
/// black-analysis, the white-score for the white-analysis, black-score minus white-score for the single
/// analysis.
pub fn analysis_value(
    ruleset: &Ruleset,
    final_position: &Position,
    analysis: Analysis,
    limits: Limits,
) -> Result<Solved, SolveError> {
    analysis_value_after(ruleset, final_position, analysis, &[], limits)
}

/// SOLVER-2.2, SOLVER-2.4: [`analysis_value`] once the moves `played` have been made in the analysis (their
/// ko prohibitions stay in force).
pub fn analysis_value_after(
    ruleset: &Ruleset,
    final_position: &Position,
    analysis: Analysis,
    played: &[Move],
    limits: Limits,
) -> Result<Solved, SolveError> {
    analysis_run(
        ruleset,
        final_position,
        analysis,
        played,
        limits,
        |search| finish(search, 0, None),
    )
}

/// SOLVER-3.6: [`analysis_value_after`] found by questions "at least t?" from `guess` (a claimed value,
/// say): the same value when it is proven, often with fewer nodes when the guess is right.
pub fn analysis_value_near(
    ruleset: &Ruleset,
    final_position: &Position,
    analysis: Analysis,
    played: &[Move],
    guess: i64,
    limits: Limits,
) -> Result<Solved, SolveError> {
    analysis_run(
        ruleset,
        final_position,
        analysis,
        played,
        limits,
        |search| finish(search, 0, Some(guess)),
    )
}

/// SOLVER-3.6: whether `bound` holds for the value of [`analysis_value_after`], by one question "at least t?" (df-pn, SOLVER-3.7).
pub fn prove_analysis_bound(
    ruleset: &Ruleset,
    final_position: &Position,
    analysis: Analysis,
    played: &[Move],
    bound: Bound,
    limits: Limits,
) -> Result<Proof, SolveError> {
    analysis_run(
        ruleset,
        final_position,
        analysis,
        played,
        limits,
        |search| prove(search, 0, bound),
    )
}

/// SOLVER-2.2: runs `work` on the search of an analysis (on a big stack, SOLVER-1.4).
fn analysis_run<R: Send>(
    ruleset: &Ruleset,
    final_position: &Position,
    analysis: Analysis,
    played: &[Move],
    limits: Limits,
    work: impl FnOnce(&mut Search<'_, AnalysisPhase<'_>>) -> R + Send,
) -> Result<R, SolveError> {
    let (geometry, history) = prepare(ruleset, final_position, Phase::Analysis(analysis), played)?;
    let end_passes = usize::from(ruleset.naj.analysis_end_passes);
    let mut control = Control::default();
    let phase = AnalysisPhase::new(
        &geometry,
        geometry.stones_of(final_position),
        analysis,
        end_passes,
        &mut control,
    );
    Ok(on_big_stack(|max_depth| {
        let mut search = history.search(&geometry, phase, limits, max_depth);
        work(&mut search)
    }))
}

/// SOLVER-2.3: the value of the game from `start`, during the alternation with `to_move` to move and
/// `prisoners` taken so far, under perfect play: the score (before komi) at the end of the analyses.
pub fn alternation_value(
    ruleset: &Ruleset,
    start: &Position,
    to_move: Color,
    prisoners: ByColor<u64>,
    limits: Limits,
) -> Result<Solved, SolveError> {
    alternation_value_after(ruleset, start, to_move, prisoners, &[], limits)
}

/// SOLVER-2.3, SOLVER-2.4: [`alternation_value`] once the moves `played` have been made in the alternation
/// from `start` (their prisoners count, their ko prohibitions stay in force).
pub fn alternation_value_after(
    ruleset: &Ruleset,
    start: &Position,
    to_move: Color,
    prisoners: ByColor<u64>,
    played: &[Move],
    limits: Limits,
) -> Result<Solved, SolveError> {
    alternation_run(
        ruleset,
        start,
        to_move,
        prisoners,
        played,
        limits,
        |search, offset| finish(search, offset, None),
    )
}

/// SOLVER-3.6: [`alternation_value_after`] found by questions "at least t?" from `guess` (a claimed score
/// before komi, prisoners included).
pub fn alternation_value_near(
    ruleset: &Ruleset,
    start: &Position,
    to_move: Color,
    prisoners: ByColor<u64>,
    played: &[Move],
    guess: i64,
    limits: Limits,
) -> Result<Solved, SolveError> {
    alternation_run(
        ruleset,
        start,
        to_move,
        prisoners,
        played,
        limits,
        |search, offset| finish(search, offset, Some(guess)),
    )
}

/// SOLVER-3.6: whether `bound` holds for the value of [`alternation_value_after`], by one question "at least t?" (df-pn, SOLVER-3.7).
pub fn prove_alternation_bound(
    ruleset: &Ruleset,
    start: &Position,
    to_move: Color,
    prisoners: ByColor<u64>,
    played: &[Move],
    bound: Bound,
    limits: Limits,
) -> Result<Proof, SolveError> {
    alternation_run(
        ruleset,
        start,
        to_move,
        prisoners,
        played,
        limits,
        |search, offset| prove(search, offset, bound),
    )
}

/// SOLVER-2.3: runs `work` on the search of the alternation, with the prisoners taken before its start state
/// (on a big stack, SOLVER-1.4).
fn alternation_run<R: Send>(
    ruleset: &Ruleset,
    start: &Position,
    to_move: Color,
    prisoners: ByColor<u64>,
    played: &[Move],
    limits: Limits,
    work: impl FnOnce(&mut Search<'_, AlternationPhase>, i64) -> R + Send,
) -> Result<R, SolveError> {
    let (geometry, history) = prepare(ruleset, start, Phase::Alternation { to_move }, played)?;
    let taken = history.prisoners;
    let difference = (prisoners[Color::Black] + taken[Color::Black]) as i64
        - (prisoners[Color::White] + taken[Color::White]) as i64;
    let end_passes = usize::from(ruleset.naj.analysis_end_passes);
    let phase = AlternationPhase::new(&geometry, ruleset.naj.analyses, end_passes);
    Ok(on_big_stack(|max_depth| {
        let mut search = history.search(&geometry, phase, limits, max_depth);
        work(&mut search, difference)
    }))
}

/// SOLVER-1.4: the longest line followed on a big stack (`crate::big_stack`, 1 GiB; the alternation's line and the line of an
/// analysis nested in it each up to this depth).
const BIG_STACK_DEPTH: usize = 20_000;

/// SOLVER-1.4: runs `work` with the depth it may recurse to (`crate::big_stack`): [`BIG_STACK_DEPTH`] on a
/// thread with a big stack, or [`search::SMALL_STACK_DEPTH`] on the caller's if no such thread can be started.
fn on_big_stack<R: Send>(work: impl FnOnce(usize) -> R + Send) -> R {
    crate::big_stack::run(
        "gorules-solver",
        BIG_STACK_DEPTH,
        search::SMALL_STACK_DEPTH,
        work,
    )
}

/// SOLVER-2.4: a move-sequence replayed so far, ready to be searched on.
struct History {
    first_to_move: Color,
    positions: Vec<Stones>,
    moves: Vec<Move>,
    prisoners: ByColor<u64>,
}

impl History {
    fn search<'g, P: search::Phase>(
        self,
        geometry: &'g Geometry,
        phase: P,
        limits: Limits,
        max_depth: usize,
    ) -> Search<'g, P> {
        let budget = Budget {
            used: 0,
            limit: limits.max_nodes,
            max_depth,
            deadline: limits.deadline,
            tuning: limits.tuning,
        };
        Search::new(
            geometry,
            phase,
            budget,
            self.first_to_move,
            self.positions,
            self.moves,
        )
    }
}

/// SOLVER-1.2, SOLVER-2.4: checks the ruleset and the start position and replays `played`.
fn prepare(
    ruleset: &Ruleset,
    start: &Position,
    phase: Phase,
    played: &[Move],
) -> Result<(Geometry, History), SolveError> {
    if ruleset.ko != KoRules::naj() {
        return Err(SolveError::Unsupported(
            "ko rules other than basic-ko and fixed-ko",
        ));
    }
    if ruleset.suicide != SuicideRule::Prohibited {
        return Err(SolveError::Unsupported("suicide"));
    }
    if ruleset.naj.no_result_on_cycle {
        return Err(SolveError::Unsupported("no result on a cycle (NAJN)"));
    }
    if !(2..=3).contains(&ruleset.naj.analysis_end_passes) {
        return Err(SolveError::Unsupported(
            "analyses ended by other than 2 or 3 passes",
        ));
    }
    let geometry = Geometry::new(start.shared_board()).ok_or(SolveError::BoardTooLarge)?;
    let start_stones = geometry.stones_of(start);
    if !geometry.every_string_has_liberty(&start_stones) {
        return Err(SolveError::NoLiberty);
    }
    let replayed = replay(ruleset, phase, start, played).map_err(SolveError::Replay)?;
    let history = History {
        first_to_move: phase.first_to_move(),
        positions: replayed
            .positions()
            .iter()
            .map(|position| geometry.stones_of(position))
            .collect(),
        moves: played.to_vec(),
        prisoners: replayed.prisoners(),
    };
    Ok((geometry, history))
}

/// SOLVER-3.6: a bound on a value, to prove or refute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is at least this.
    AtLeast(i64),
    /// The value is at most this.
    AtMost(i64),
}

/// SOLVER-3.6: the answer of a proof of a [`Bound`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The bound holds (proven by a complete search).
    Proven {
        /// SOLVER-1.4: the nodes counted.
        nodes: u64,
    },
    /// The bound does not hold (its negation is proven by a complete search).
    Refuted {
        /// SOLVER-1.4: the nodes counted.
        nodes: u64,
    },
    /// SOLVER-1.4: the node allowance ran out.
    OutOfReach {
        /// SOLVER-1.4: the nodes counted.
        nodes: u64,
    },
}

/// SOLVER-3.6: proves or refutes `bound` on the value of the search's state plus `offset`.
fn prove<P: search::Phase>(search: &mut Search<'_, P>, offset: i64, bound: Bound) -> Proof {
    let outcome = match bound {
        Bound::AtLeast(value) => search.at_least(value - offset),
        Bound::AtMost(value) => search.at_least(value - offset + 1).map(|above| !above),
    };
    let nodes = search.budget.used;
    match outcome {
        Ok(true) => Proof::Proven { nodes },
        Ok(false) => Proof::Refuted { nodes },
        Err(_) => Proof::OutOfReach { nodes },
    }
}

/// SOLVER-1.3, SOLVER-1.4: solves (from `guess`, SOLVER-3.6, if any) and reports, adding `offset` (prisoners
/// already taken) to the value.
fn finish<P: search::Phase>(search: &mut Search<'_, P>, offset: i64, guess: Option<i64>) -> Solved {
    match search.solve(guess.map(|guess| guess - offset)) {
        Ok((value, principal_variation)) => Solved::Value {
            value: value + offset,
            principal_variation,
            nodes: search.budget.used,
        },
        Err(_) => {
            let nodes = search.budget.used;
            // SOLVER-1.4, SOLVER-3.6: the bounds of the start, narrowed by the questions answered before the
            // allowance ran out (each answer is exact); without an answer, those of SOLVER-3.3, searched past the
            // allowance.
            let (low, high) = match search.narrowed {
                Some(narrowed) => narrowed,
                None => {
                    search.budget.limit = u64::MAX;
                    search
                        .root_bounds()
                        .unwrap_or((-search::INFINITY, search::INFINITY))
                }
            };
            Solved::OutOfReach {
                nodes,
                bounds: (low + offset, high + offset),
            }
        }
    }
}
