//! KODEF-4, KODEF-6.2, KODEF-6.3: force, answer-force, and local- and global-ko-intersections, over the
//! move-sequences of the default restriction rules (KODEF-4.1), with plays restricted to a region (KODEF-R15).
//! The questions and their explaining lines are written once ([`Forcing`]) for two searches: plain minimax over
//! the AND/OR tree ([`Search`], no table) and df-pn (`proof`, KODEF-4.7). The public functions give a question to
//! the plain search for [`Allowance::plain_first`] nodes, then to df-pn: with `plain_first` at 0 they search by
//! df-pn alone, with it at the whole allowance by plain minimax alone (the property tests compare the two). Every
//! move-sequence is finite (KODEF-2.7), so both are exact; they are bounded by a node allowance and a deadline
//! and answer [`OutOfReach`] past them, never a guess.

use super::proof::Proof;
use crate::allowance::Deadline;
use crate::board::{Point, PointSet};
use crate::color::Color;
use crate::ko::HistoryBans;
use crate::kodef::local_area::local_area;
use crate::kodef::readings::{CycleReading, CycleSetReading, Readings};
use crate::kodef::restriction::{default_restriction_rules, first_end};
use crate::moves::{Move, SuicideRule};
use crate::naj::score::Points;
use crate::position::Position;
use crate::sequence::Sequence;
use crate::string::every_string_has_a_liberty;

/// PROTO-14: the node allowance of a ko-intersection or forcing question of the protocol (per point asked for
/// ko-intersections): about 5 s of search on this project's machine, a move-sequence taken back rather than copied
/// at each node (`Sequence::undo`).
pub const DEFAULT_NODES: u64 = 10_000_000;

/// KODEF-4.7: the nodes the plain search may spend on a question before df-pn takes it over: small trees are
/// answered at once, without df-pn's cost per node (its table, its keys, the children it plays to look them up).
pub const PLAIN_FIRST: u64 = 10_000;

/// KODEF-4: a search ran past its node allowance or its deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfReach {
    /// The nodes visited.
    pub nodes: u64,
}

/// KODEF-4: the bounds of every search of one question.
#[derive(Clone, Copy, Debug)]
pub struct Allowance {
    /// The most nodes (move-sequence prefixes) visited.
    pub nodes: u64,
    /// SOLVER-1.5: the moment the search gives up.
    pub deadline: Deadline,
    /// KODEF-4.7: the nodes the plain search may spend on a question before df-pn takes it over (0: df-pn
    /// alone; `u64::MAX`: plain minimax alone); [`PLAIN_FIRST`] by default.
    pub plain_first: u64,
}

impl Allowance {
    /// KODEF-4: counts one more node in `nodes`; past the node allowance or the deadline, the search is out of
    /// reach.
    pub(super) fn charge(&self, nodes: &mut u64) -> Result<(), OutOfReach> {
        *nodes += 1;
        if *nodes > self.nodes || self.deadline.passed_at(*nodes) {
            return Err(OutOfReach { nodes: *nodes });
        }
        Ok(())
    }
}

/// KODEF-1.1, KODEF-3.1, KODEF-R15: where move-sequences are played: the suicide rule and the region plays are
/// restricted to (passes are always allowed), the readings of KODEF-R in force, and the history-bans of the
/// game before the current position (KODEF-1.4), which only a global analysis takes.
#[derive(Clone, Debug)]
pub struct Arena {
    /// KODEF-1.1: the suicide rule.
    pub suicide: SuicideRule,
    /// KODEF-R15: the intersections plays may be made on.
    pub region: PointSet,
    /// KODEF-R1, KODEF-R2: the readings the search obeys.
    pub readings: Readings,
    /// KODEF-1.4, KODEF-R13: the ko bans on the first moves from the current-position (a global analysis's only;
    /// local-ko-intersections ignore them).
    pub history_bans: HistoryBans,
}

impl Arena {
    /// An arena of `region` under `suicide`, the default readings and no history-bans.
    pub fn new(suicide: SuicideRule, region: PointSet) -> Arena {
        Arena {
            suicide,
            region,
            readings: Readings::default(),
            history_bans: HistoryBans::NONE,
        }
    }
}

/// KODEF-4.4: the opponent's duty, judged at the end of a move-sequence whose first mover is X.
#[derive(Clone, Debug)]
pub enum Duty {
    /// KODEF-6.2: X gets no local-area-improvement on `zone` (KODEF-5.6).
    NoLocalAreaImprovement {
        /// KODEF-R8: the cycle-set the duty is on.
        zone: PointSet,
    },
    /// KODEF-6.3, KODEF-R12: X does not win: X's area score on the whole board, after komi, is at most 0.
    NoWin {
        /// KODEF-R12: Black's komi (added to White's points).
        komi: Points,
    },
}

/// KODEF-6.2, KODEF-6.3: the cycles a player wants: cycles from the start-position (KODEF-5.1) with a play that
/// creates `current` (KODEF-5.3), whose cycle-set (KODEF-5.4) is `zone` when given (KODEF-R8 `common`) and holds
/// `point` when given.
#[derive(Clone, Debug)]
pub struct Cycles {
    /// KODEF-1.3: the current-position.
    pub current: Position,
    /// KODEF-R8: the common cycle-set, if the set of cycles must share one.
    pub zone: Option<PointSet>,
    /// KODEF-6.2, KODEF-6.3: an intersection every cycle-set must hold.
    pub point: Option<Point>,
}

/// What a forcing question asks of the whole move-sequence.
#[derive(Clone, Debug)]
pub(super) enum Goal<'a> {
    /// The duty is kept.
    Duty(&'a Duty),
    /// The duty is kept and no wanted cycle occurred (KODEF-4.5's second question).
    DutyWithoutCycle(&'a Duty, &'a Cycles),
}

/// KODEF-4.1, KODEF-4.6: what one search from a node found: whether the forcer can force the goal there, and the
/// principal line from there, reversed (its last move first), so that a move is added at the end on the way up.
#[derive(Clone, Debug)]
pub(super) struct Outcome {
    pub(super) holds: bool,
    pub(super) reversed: Vec<Move>,
}

/// What the search carries along a move-sequence besides the sequence itself (KODEF-R7).
#[derive(Clone, Debug, Hash)]
pub(super) struct Trail {
    /// KODEF-5.4: the intersections played so far.
    played: PointSet,
    /// KODEF-5.3: whether a play so far created the current-position.
    created: bool,
    /// KODEF-R7: whether a left-part so far was a wanted cycle.
    cycle: bool,
    /// KODEF-R1 `minimal`: whether a left-part so far was a cycle (wanted or not).
    returned: bool,
}

/// KODEF-4, KODEF-4.7: the plain search of one question (exhaustive, no table), with its node count; it also
/// holds what every search of the question reads: the arena, the start-position and the first mover.
pub(super) struct Search<'a> {
    arena: &'a Arena,
    start: &'a Position,
    first: Color,
    allowance: Allowance,
    nodes: u64,
}

impl Search<'_> {
    /// KODEF-4.1: whether the forcer (the player who does not move first) can force `goal` from here: plain
    /// minimax over the AND/OR tree, the forcer's turns OR nodes, the moves in the search order, the first move
    /// that gives the mover what he wants ending the turn's search.
    fn forces(
        &mut self,
        s: &mut Sequence,
        trail: &Trail,
        goal: &Goal<'_>,
    ) -> Result<bool, OutOfReach> {
        self.allowance.charge(&mut self.nodes)?;
        if let Some(known) = self.settled(s, trail, goal) {
            return Ok(known);
        }
        let or = s.to_move() == self.forcer();
        for mv in self.moves() {
            if s.play(mv).is_err() {
                continue;
            }
            let trail = self.follow(trail, s, mv, goal);
            let child = self.forces(s, &trail, goal);
            s.undo();
            if child? == or {
                return Ok(or);
            }
        }
        // A pass is always legal, so every state has a child: none gave the mover what he wants.
        Ok(!or)
    }

    /// KODEF-4.6: the moves tried at a turn, in the search order: the region's intersections in board order, then
    /// the pass.
    pub(super) fn moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = self.arena.region.iter().map(Move::Play).collect();
        moves.push(Move::Pass);
        moves
    }

    /// KODEF-5.1, KODEF-5.3, KODEF-5.4, KODEF-R1, KODEF-R7: the trail after `mv`, which made `after`'s last
    /// position. Under KODEF-R1 `minimal` a return to the start is a cycle only if no earlier left-part was one.
    pub(super) fn follow(
        &self,
        trail: &Trail,
        after: &Sequence,
        mv: Move,
        goal: &Goal<'_>,
    ) -> Trail {
        match goal {
            Goal::Duty(_) => self.follow_cycles(trail, after, mv, None),
            Goal::DutyWithoutCycle(_, cycles) => self.follow_cycles(trail, after, mv, Some(cycles)),
        }
    }

    /// [`Search::follow`] for the wanted `cycles`, if any are watched. A cycle is wanted if a play in it created
    /// the current-position, its cycle-set holds the point asked about, and its cycle-set stands to the zone as
    /// KODEF-R8 says: equal to it (`common`), inside it (`union`) or holding it (`intersection`).
    fn follow_cycles(
        &self,
        trail: &Trail,
        after: &Sequence,
        mv: Move,
        cycles: Option<&Cycles>,
    ) -> Trail {
        let mut next = trail.clone();
        if let Move::Play(point) = mv {
            next.played.insert(point);
            if let Some(cycles) = cycles {
                next.created |= *after.position() == cycles.current;
            }
        }
        if let Some(cycles) = cycles {
            let back = after.position() == self.start && !next.played.is_empty();
            let counts = match self.arena.readings.cycle {
                CycleReading::Any => back,
                CycleReading::Minimal => back && !trail.returned,
            };
            let fits = |zone: &PointSet| match self.arena.readings.cycle_set {
                CycleSetReading::Common => *zone == next.played,
                CycleSetReading::Union => next.played.is_subset(zone),
                CycleSetReading::Intersection => zone.is_subset(&next.played),
            };
            let wanted = next.created
                && cycles.zone.as_ref().is_none_or(fits)
                && cycles.point.is_none_or(|p| next.played.contains(p));
            next.cycle |= counts && wanted;
            next.returned |= back;
        }
        next
    }

    /// KODEF-R8: whether some move-sequence on from `s` (with `trail`) has a left-part that is a wanted cycle of
    /// `cycles` whose cycle-set holds `q` (`holding`) or lacks it: an existence question, both players' moves
    /// searched alike. Under `union` a line whose played intersections have left the zone can hold no more wanted
    /// cycle and is not followed.
    fn cycle_exists(
        &mut self,
        s: &mut Sequence,
        trail: &Trail,
        cycles: &Cycles,
        q: Point,
        holding: bool,
    ) -> Result<bool, OutOfReach> {
        self.allowance.charge(&mut self.nodes)?;
        if self.ended(s) {
            return Ok(false);
        }
        for mv in self.moves() {
            if s.play(mv).is_err() {
                continue;
            }
            let fresh = Trail {
                cycle: false,
                ..trail.clone()
            };
            let next = self.follow_cycles(&fresh, s, mv, Some(cycles));
            let found = if next.cycle && next.played.contains(q) == holding {
                Ok(true)
            } else if self.arena.readings.cycle_set == CycleSetReading::Union
                && cycles
                    .zone
                    .as_ref()
                    .is_some_and(|zone| !next.played.is_subset(zone))
            {
                Ok(false)
            } else {
                self.cycle_exists(s, &next, cycles, q, holding)
            };
            s.undo();
            if found? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// KODEF-R8: [`Search::cycle_exists`] from the start.
    fn cycle_exists_from_start(
        &mut self,
        cycles: &Cycles,
        q: Point,
        holding: bool,
    ) -> Result<bool, OutOfReach> {
        let (mut s, trail) = self.start_state();
        self.cycle_exists(&mut s, &trail, cycles, q, holding)
    }

    /// KODEF-4.4, KODEF-5.6, KODEF-R12: whether the ended move-sequence fulfils `goal`.
    pub(super) fn holds(&self, end: &Position, trail: &Trail, goal: &Goal<'_>) -> bool {
        let duty = match goal {
            Goal::Duty(duty) => duty,
            Goal::DutyWithoutCycle(duty, _) => {
                if trail.cycle {
                    return false;
                }
                duty
            }
        };
        match duty {
            Duty::NoLocalAreaImprovement { zone } => {
                local_area(end, zone).for_player(self.first)
                    <= local_area(self.start, zone).for_player(self.first)
            }
            Duty::NoWin { komi } => {
                let all = PointSet::full(end.board());
                let black_minus_white =
                    2 * local_area(end, &all).black_minus_white() - komi.half_points();
                let for_first = match self.first {
                    Color::Black => black_minus_white,
                    _ => -black_minus_white,
                };
                for_first <= 0
            }
        }
    }
}

impl<'a> Search<'a> {
    /// The searches of questions from `start`, `first` moving first, within `allowance`.
    pub(super) fn new(
        arena: &'a Arena,
        start: &'a Position,
        first: Color,
        allowance: Allowance,
    ) -> Search<'a> {
        Search {
            arena,
            start,
            first,
            allowance,
            nodes: 0,
        }
    }

    /// KODEF-2.4, KODEF-2.5: whether the move-sequence `s` has ended (under the arena's readings).
    pub(super) fn ended(&self, s: &Sequence) -> bool {
        first_end(s, &self.arena.readings).is_some()
    }

    /// KODEF-4.5, KODEF-4.7: the answer at `s` when no search is needed: at the end of the move-sequence, whether
    /// the goal holds; and "the duty without a wanted cycle" fails as soon as a wanted cycle has occurred, since
    /// the trail keeps that fact to every end below (KODEF-R7).
    pub(super) fn settled(&self, s: &Sequence, trail: &Trail, goal: &Goal<'_>) -> Option<bool> {
        if self.ended(s) {
            return Some(self.holds(s.position(), trail, goal));
        }
        match goal {
            Goal::DutyWithoutCycle(..) if trail.cycle => Some(false),
            _ => None,
        }
    }

    /// A plain search of the same question with an allowance of `nodes` nodes (and the same deadline).
    pub(super) fn with_nodes(&self, nodes: u64) -> Search<'a> {
        Search::new(
            self.arena,
            self.start,
            self.first,
            Allowance {
                nodes,
                ..self.allowance
            },
        )
    }

    /// KODEF-4.1: the player who does not move first, who forces the goal.
    pub(super) fn forcer(&self) -> Color {
        self.first.opponent()
    }

    /// KODEF-3.1: a move-sequence from the start-position, the first mover to move, with its empty trail.
    pub(super) fn start_state(&self) -> (Sequence, Trail) {
        (
            fresh(self.arena, self.start, self.first),
            empty_trail(self.start),
        )
    }
}

/// KODEF-4.7: a search that answers the forcing question at a state of a move-sequence: plain minimax
/// ([`Search`]) or df-pn ([`super::proof::Proof`], which the public functions use, and which gives small trees to
/// plain minimax first). The questions built from it (KODEF-4.4, KODEF-4.5) and their explaining lines
/// (KODEF-4.6) are written once, here, for both.
pub(super) trait Forcing<'a> {
    /// The arena, start-position and first mover of the question.
    fn rules(&self) -> &Search<'a>;

    /// The nodes visited so far.
    fn nodes(&self) -> u64;

    /// KODEF-4.1: whether the forcer can force `goal` from the state `s`, whose trail is `trail` (`s` is
    /// handed back as it came).
    fn decide(
        &mut self,
        s: &mut Sequence,
        trail: &Trail,
        goal: &Goal<'_>,
    ) -> Result<bool, OutOfReach>;

    /// KODEF-4.1, KODEF-4.6: [`Forcing::decide`] with the principal line from `s` (reversed: its last move
    /// first): at the turns of the player who gets what he wants, his first such move in the search order; at
    /// the other player's turns, his move whose line is longest (the first of the longest). Each choice asks
    /// [`Forcing::decide`] about the moves tried, so the line is the same whichever search decides.
    fn outcome(
        &mut self,
        s: &mut Sequence,
        trail: &Trail,
        goal: &Goal<'_>,
    ) -> Result<Outcome, OutOfReach> {
        if self.rules().ended(s) {
            return Ok(Outcome {
                holds: self.rules().holds(s.position(), trail, goal),
                reversed: Vec::new(),
            });
        }
        let holds = self.decide(s, trail, goal)?;
        let or = s.to_move() == self.rules().forcer();
        let mut stubborn: Option<(Move, Vec<Move>)> = None;
        for mv in self.rules().moves() {
            if s.play(mv).is_err() {
                continue;
            }
            let next = self.rules().follow(trail, s, mv, goal);
            let found = if holds == or {
                match self.decide(s, &next, goal) {
                    Ok(child) if child == or => self.outcome(s, &next, goal).map(Some),
                    Ok(_) => Ok(None),
                    Err(e) => Err(e),
                }
            } else {
                self.outcome(s, &next, goal).map(Some)
            };
            s.undo();
            let Some(mut child) = found? else {
                continue;
            };
            if holds == or {
                child.reversed.push(mv);
                return Ok(Outcome {
                    holds,
                    reversed: child.reversed,
                });
            }
            if stubborn
                .as_ref()
                .is_none_or(|(_, line)| child.reversed.len() > line.len())
            {
                stubborn = Some((mv, child.reversed));
            }
        }
        let mut reversed = Vec::new();
        if let Some((mv, line)) = stubborn {
            reversed = line;
            reversed.push(mv);
        }
        Ok(Outcome { holds, reversed })
    }

    /// KODEF-4.1: whether the opponent of the first mover can force `goal` from the start.
    fn decides_at_start(&mut self, goal: &Goal<'_>) -> Result<bool, OutOfReach> {
        let (mut s, trail) = self.rules().start_state();
        self.decide(&mut s, &trail, goal)
    }

    /// KODEF-4.1: [`Forcing::decides_at_start`] with the principal line (reversed).
    fn forces_at_start(&mut self, goal: &Goal<'_>) -> Result<Outcome, OutOfReach> {
        let (mut s, trail) = self.rules().start_state();
        self.outcome(&mut s, &trail, goal)
    }

    /// KODEF-4.4, KODEF-4.5: whether the first mover can answer-force a cycle of `cycles` against `duty`.
    fn answer_forces(&mut self, duty: &Duty, cycles: &Cycles) -> Result<bool, OutOfReach> {
        if !self.decides_at_start(&Goal::Duty(duty))? {
            return Ok(false);
        }
        Ok(!self.decides_at_start(&Goal::DutyWithoutCycle(duty, cycles))?)
    }

    /// KODEF-4.1, KODEF-4.6: the force question with its explaining line.
    fn explain_force(&mut self, duty: &Duty) -> Result<Explained, OutOfReach> {
        let outcome = self.forces_at_start(&Goal::Duty(duty))?;
        Ok(Explained {
            yes: outcome.holds,
            shows: if outcome.holds {
                LineEnd::DutyKept
            } else {
                LineEnd::DutyBroken
            },
            line: in_order(outcome.reversed),
        })
    }

    /// KODEF-4.5, KODEF-4.6: the answer-force question with its explaining line.
    fn explain_answer_force(
        &mut self,
        duty: &Duty,
        cycles: &Cycles,
    ) -> Result<Explained, OutOfReach> {
        let keep = self.forces_at_start(&Goal::Duty(duty))?;
        if !keep.holds {
            return Ok(Explained {
                yes: false,
                shows: LineEnd::DutyBroken,
                line: in_order(keep.reversed),
            });
        }
        let avoid = self.forces_at_start(&Goal::DutyWithoutCycle(duty, cycles))?;
        if avoid.holds {
            return Ok(Explained {
                yes: false,
                shows: LineEnd::DutyKeptWithoutCycle,
                line: in_order(avoid.reversed),
            });
        }
        Ok(Explained {
            yes: true,
            shows: LineEnd::CycleWithDutyKept,
            line: self.cycle_line(duty, cycles)?,
        })
    }

    /// KODEF-4.6: when the first mover X can answer-force a cycle of `cycles` against `duty`, the play-out of the
    /// two players' first good moves: at Y's turns Y's first move after which Y can still force the duty, at X's
    /// turns X's first move after which Y cannot force the duty without a wanted cycle. The play-out ends with the
    /// duty kept and a wanted cycle made (KODEF-4.5: at X's turns every move keeps "Y can force the duty", at Y's
    /// turns every move keeps "Y cannot force the duty without a cycle", so a good move exists at every turn).
    fn cycle_line(&mut self, duty: &Duty, cycles: &Cycles) -> Result<Vec<Move>, OutOfReach> {
        let keep = Goal::Duty(duty);
        let avoid = Goal::DutyWithoutCycle(duty, cycles);
        let (mut s, mut trail) = self.rules().start_state();
        let mut line = Vec::new();
        while !self.rules().ended(&s) {
            let y_moves = s.to_move() != self.rules().first;
            let mut chosen = None;
            for mv in self.rules().moves() {
                if s.play(mv).is_err() {
                    continue;
                }
                let after = self.rules().follow(&trail, &s, mv, &avoid);
                let good = if y_moves {
                    self.decide(&mut s, &after, &keep)
                } else {
                    self.decide(&mut s, &after, &avoid).map(|holds| !holds)
                };
                if good? {
                    chosen = Some((after, mv));
                    break;
                }
                s.undo();
            }
            let Some((after, mv)) = chosen else {
                unreachable!(
                    "KODEF-4.5: a good move exists at every turn of an answer-forced play-out"
                )
            };
            trail = after;
            line.push(mv);
        }
        Ok(line)
    }
}

impl<'a> Forcing<'a> for Search<'a> {
    fn rules(&self) -> &Search<'a> {
        self
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn decide(
        &mut self,
        s: &mut Sequence,
        trail: &Trail,
        goal: &Goal<'_>,
    ) -> Result<bool, OutOfReach> {
        self.forces(s, trail, goal)
    }
}

/// KODEF-4.6: a line built last move first, in the order played.
fn in_order(mut reversed: Vec<Move>) -> Vec<Move> {
    reversed.reverse();
    reversed
}

/// KODEF-4.6: what the end of an explaining line shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnd {
    /// The duty is kept (a `force` question answered yes).
    DutyKept,
    /// The duty is broken (`force` answered no, or `answer-force` answered no because Y cannot keep the duty).
    DutyBroken,
    /// The duty is kept and a wanted cycle occurred (`answer-force` answered yes).
    CycleWithDutyKept,
    /// The duty is kept and no wanted cycle occurred (`answer-force` answered no because Y can keep the duty
    /// without one).
    DutyKeptWithoutCycle,
}

/// KODEF-4.6: a forcing question's answer with the line of play that explains it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The answer.
    pub yes: bool,
    /// What the end of `line` shows.
    pub shows: LineEnd,
    /// A whole move-sequence from the start (it ends by KODEF-2.4 or KODEF-2.5), the first mover's move first.
    pub line: Vec<Move>,
}

/// KODEF-4.1: whether the opponent of `first` (who moves second) can force `duty` from `start`, `first` moving
/// first (by df-pn, KODEF-4.7).
pub fn can_force_duty(
    arena: &Arena,
    start: &Position,
    first: Color,
    duty: &Duty,
    allowance: Allowance,
) -> Result<bool, OutOfReach> {
    Proof::new(arena, start, first, allowance).decides_at_start(&Goal::Duty(duty))
}

/// KODEF-4.1, KODEF-4.6: [`can_force_duty`] with the line that explains the answer.
pub fn explain_force(
    arena: &Arena,
    start: &Position,
    first: Color,
    duty: &Duty,
    allowance: Allowance,
) -> Result<Explained, OutOfReach> {
    Proof::new(arena, start, first, allowance).explain_force(duty)
}

/// KODEF-4.5, KODEF-4.6: [`can_answer_force`] with the line that explains the answer.
pub fn explain_answer_force(
    arena: &Arena,
    start: &Position,
    first: Color,
    duty: &Duty,
    cycles: &Cycles,
    allowance: Allowance,
) -> Result<Explained, OutOfReach> {
    Proof::new(arena, start, first, allowance).explain_answer_force(duty, cycles)
}

/// KODEF-4.4, KODEF-4.5: whether `first` can answer-force a cycle of `cycles` against the opponent's `duty`: the
/// opponent can force the duty, and cannot force the duty without such a cycle (by df-pn, KODEF-4.7).
pub fn can_answer_force(
    arena: &Arena,
    start: &Position,
    first: Color,
    duty: &Duty,
    cycles: &Cycles,
    allowance: Allowance,
) -> Result<bool, OutOfReach> {
    Proof::new(arena, start, first, allowance).answer_forces(duty, cycles)
}

/// KODEF-6.2, KODEF-R8, KODEF-R9: a start-position, first mover and cycle-set that make an intersection a
/// local-ko-intersection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalWitness {
    /// KODEF-R9: the start-position.
    pub start: Position,
    /// KODEF-6.2: the player who answer-forces, moving first.
    pub first: Color,
    /// KODEF-R8: the common cycle-set.
    pub zone: PointSet,
}

/// KODEF-6.2 under KODEF-R8 `common` and KODEF-R9, with plays in `arena`'s region: whether `point` (in the region) is
/// a local-ko-intersection of `current`, and if so a witness. The start-positions tried are every position that
/// differs from `current` only in the region and whose strings all have a liberty; the cycle-sets tried are the
/// subsets of the region that hold `point`.
pub fn local_ko_intersection(
    arena: &Arena,
    current: &Position,
    point: Point,
    allowance: Allowance,
) -> Result<Option<LocalWitness>, OutOfReach> {
    let mut answers = local_ko_intersections(arena, current, &[point], allowance)?;
    Ok(answers.pop().and_then(|(_, witness)| witness))
}

/// KODEF-6.2 as [`local_ko_intersection`], for each of `points` (in the region), each with `allowance`. Under
/// KODEF-R8 `common` a wanted cycle's cycle-set is the duty's zone, which holds the point asked about, so whether
/// the first mover answer-forces depends on the start-position, the first mover and the zone only, not on the
/// point: each such question is searched once and its answer serves every point of its zone (a memo, which
/// changes no answer and costs no node when it serves); so under `intersection`. Under `union` and `intersection`
/// the zone must also be made up by the wanted cycles' sets ([`every_point_covered`]).
pub fn local_ko_intersections(
    arena: &Arena,
    current: &Position,
    points: &[Point],
    allowance: Allowance,
) -> Result<Vec<(Point, Option<LocalWitness>)>, OutOfReach> {
    // KODEF-1.4: local-ko-intersections ignore the history-bans.
    let arena = &Arena {
        history_bans: HistoryBans::NONE,
        ..arena.clone()
    };
    let region: Vec<Point> = arena.region.iter().collect();
    let board = current.shared_board().clone();
    // KODEF-R9: each start-position tried counts as a node, so a region whose 3^n start-positions alone pass the
    // allowance is out of reach before any search (and a huge region never starts an endless enumeration).
    let total = u32::try_from(region.len())
        .ok()
        .and_then(|n| 3u64.checked_pow(n))
        .unwrap_or(u64::MAX);
    if total > allowance.nodes {
        return Err(OutOfReach { nodes: total });
    }
    let starts = region_positions(current, &region);
    // (start-position's index, first mover, zone as a subset of the region's indices, the point's index under
    // `union`) -> a witness?
    let mut memo: std::collections::HashMap<(usize, Color, u64, usize), bool> =
        std::collections::HashMap::new();
    let cycle_set = arena.readings.cycle_set;
    let mut answers = Vec::with_capacity(points.len());
    for &point in points {
        let Some(at) = region.iter().position(|&p| p == point) else {
            answers.push((point, None));
            continue;
        };
        let others: Vec<usize> = (0..region.len()).filter(|&i| i != at).collect();
        let mut nodes = 0;
        let mut witness = None;
        'starts: for (index, start) in starts.iter().enumerate() {
            for first in [Color::Black, Color::White] {
                for mask in 0u64..(1 << others.len()) {
                    let mut bits = 1u64 << at;
                    let mut zone = PointSet::empty(&board);
                    zone.insert(point);
                    for (i, &other) in others.iter().enumerate() {
                        if mask & (1 << i) != 0 {
                            bits |= 1 << other;
                            zone.insert(region[other]);
                        }
                    }
                    // Under `union` the wanted cycles are those through the point inside the zone, which depend on
                    // the point; under `common` and `intersection` every wanted cycle's set holds the zone, and so the
                    // point.
                    let key = (
                        index,
                        first,
                        bits,
                        if cycle_set == CycleSetReading::Union {
                            at
                        } else {
                            usize::MAX
                        },
                    );
                    let answer = match memo.get(&key) {
                        Some(&known) => known,
                        None => {
                            let duty = Duty::NoLocalAreaImprovement { zone: zone.clone() };
                            let cycles = Cycles {
                                current: current.clone(),
                                zone: Some(zone.clone()),
                                point: Some(point),
                            };
                            let left = Allowance {
                                nodes: allowance.nodes.saturating_sub(nodes),
                                ..allowance
                            };
                            let mut search = Proof::new(arena, start, first, left);
                            let mut answer =
                                search
                                    .answer_forces(&duty, &cycles)
                                    .map_err(|e| OutOfReach {
                                        nodes: nodes + e.nodes,
                                    })?;
                            nodes += search.nodes();
                            if answer && cycle_set != CycleSetReading::Common {
                                let left = Allowance {
                                    nodes: allowance.nodes.saturating_sub(nodes),
                                    ..allowance
                                };
                                let mut plain = Search::new(arena, start, first, left);
                                answer = every_point_covered(&mut plain, &cycles, &region, &zone)
                                    .map_err(|e| OutOfReach {
                                    nodes: nodes + e.nodes,
                                })?;
                                nodes += plain.nodes;
                            }
                            memo.insert(key, answer);
                            answer
                        }
                    };
                    if answer {
                        witness = Some(LocalWitness {
                            start: start.clone(),
                            first,
                            zone,
                        });
                        break 'starts;
                    }
                }
            }
        }
        answers.push((point, witness));
    }
    Ok(answers)
}

/// KODEF-R8 `union` and `intersection`: answer-force is monotone in the set of wanted cycles (more wanted cycles
/// only help the first mover), so some set of cycles whose union (intersection) is the zone is answer-forced exactly
/// when the largest such set, every cycle through the point inside (around) the zone, is answer-forced and its
/// cycle-sets do make up the zone: each point of the zone lies in the set of some wanted cycle (under `union`), or
/// each point of the region outside the zone is missed by some wanted cycle (under `intersection`).
fn every_point_covered(
    search: &mut Search<'_>,
    cycles: &Cycles,
    region: &[Point],
    zone: &PointSet,
) -> Result<bool, OutOfReach> {
    for &q in region {
        let asked = match search.arena.readings.cycle_set {
            CycleSetReading::Common => continue,
            CycleSetReading::Union => zone.contains(q) && Some(q) != cycles.point,
            CycleSetReading::Intersection => !zone.contains(q),
        };
        let holding = search.arena.readings.cycle_set == CycleSetReading::Union;
        if asked && !search.cycle_exists_from_start(cycles, q, holding)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// KODEF-6.3 with `arena`'s history-bans (KODEF-R13) and plays in its region: whether `point` is a
/// global-ko-intersection of `current` for `to_move` at Black's `komi`.
pub fn global_ko_intersection(
    arena: &Arena,
    current: &Position,
    to_move: Color,
    komi: Points,
    point: Point,
    allowance: Allowance,
) -> Result<bool, OutOfReach> {
    let duty = Duty::NoWin { komi };
    let cycles = Cycles {
        current: current.clone(),
        zone: None,
        point: Some(point),
    };
    can_answer_force(arena, current, to_move, &duty, &cycles, allowance)
}

/// KODEF-3.1, KODEF-1.4: a move-sequence under the default restriction rules from `start`, `first` to move, under
/// the arena's history-bans.
fn fresh(arena: &Arena, start: &Position, first: Color) -> Sequence {
    Sequence::with_history_bans(
        start.clone(),
        first,
        default_restriction_rules(arena.suicide),
        arena.history_bans.clone(),
    )
}

fn empty_trail(start: &Position) -> Trail {
    Trail {
        played: PointSet::empty(start.board()),
        created: false,
        cycle: false,
        returned: false,
    }
}

/// KODEF-R9: every position equal to `current` off `region` whose strings all have a liberty, `current` first.
fn region_positions(current: &Position, region: &[Point]) -> Vec<Position> {
    let board = current.shared_board().clone();
    let cells: Vec<Option<Color>> = board.points().map(|p| current.get(p)).collect();
    let mut found = vec![current.clone()];
    let total = 3usize.pow(region.len() as u32);
    for code in 0..total {
        let mut mine = cells.clone();
        let mut rest = code;
        for &p in region {
            mine[p.index()] = match rest % 3 {
                0 => None,
                1 => Some(Color::Black),
                _ => Some(Color::White),
            };
            rest /= 3;
        }
        let Ok(position) = Position::from_cells(board.clone(), &mine) else {
            continue;
        };
        if position != *current && every_string_has_a_liberty(&position) {
            found.push(position);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kodef::readings::HistoryBansReading;

    /// Constructed: a lone basic ko in the middle of a 6x5 board (Black takes on D3, White takes back on C3).
    const LONE_KO: [&str; 5] = ["......", "..#O..", ".#O.O.", "..#O..", "......"];

    const ENOUGH: Allowance = Allowance {
        nodes: 5_000_000,
        plain_first: PLAIN_FIRST,
        deadline: Deadline::NONE,
    };

    fn points(position: &Position, cells: &[(usize, usize)]) -> PointSet {
        let mut set = PointSet::empty(position.board());
        for &(c, r) in cells {
            set.insert(position.board().point_at(c, r).expect("on the board"));
        }
        set
    }

    /// A position drawn as rows, a region of it, and the arena of that region under `suicide`.
    fn shape(rows: &[&str], cells: &[(usize, usize)], suicide: SuicideRule) -> (Position, Arena) {
        let current = Position::from_rows(rows).expect("valid");
        let region = points(&current, cells);
        (current, Arena::new(suicide, region))
    }

    /// No point of the arena's region is a local-ko-intersection of `current`.
    fn no_local_ko(current: &Position, arena: &Arena) {
        for p in arena.region.iter() {
            assert_eq!(
                local_ko_intersection(arena, current, p, ENOUGH).expect("within reach"),
                None
            );
        }
    }

    /// Constructed: sending two, returning one in a corner, White sending (the move pattern of seed 004's local
    /// Examples 1 to 6, whose diagrams are lost). White sends two on C1, Black takes them on A1, White takes back one
    /// on B1: a cycle of three plays whose third play recreates the current-position; Black, who must keep White from
    /// gaining the corner, cannot avoid it.
    #[test]
    fn sending_two_returning_one_makes_local_ko_intersections() {
        let (current, arena) = shape(
            &[".....", ".....", ".....", "O##..", ".O.#."],
            &[(0, 4), (1, 4), (2, 4)],
            SuicideRule::Prohibited,
        );
        let region = arena.region.clone();
        let cycles = Cycles {
            current: current.clone(),
            zone: Some(region.clone()),
            point: None,
        };
        let duty = Duty::NoLocalAreaImprovement {
            zone: region.clone(),
        };
        assert_eq!(
            can_answer_force(&arena, &current, Color::White, &duty, &cycles, ENOUGH),
            Ok(true)
        );
        for p in region.iter() {
            let witness = local_ko_intersection(&arena, &current, p, ENOUGH)
                .expect("within reach")
                .expect("a local-ko-intersection");
            assert!(witness.zone.contains(p));
        }
    }

    /// Constructed: a lone basic ko that either player can end by connecting. Its points are basic-ko-intersections
    /// (KODEF-6.1) but not local-ko-intersections: from every start-position, whoever must keep the other from
    /// improving either cannot (the other takes and connects) or can without any cycle.
    #[test]
    fn a_lone_basic_ko_that_can_be_connected_is_no_local_ko() {
        let (current, arena) = shape(&LONE_KO, &[(2, 2), (3, 2)], SuicideRule::Prohibited);
        no_local_ko(&current, &arena);
    }

    #[test]
    fn an_eye_of_a_living_group_is_no_local_ko_intersection() {
        // Seed 004, "Reasons: 1-play-rule": with the 1-play rule, a suicide in an eye makes no cycle, so even
        // under allowed suicide the eye points are not local-ko-intersections.
        let (current, arena) = shape(
            &[".#.#.", "#####", ".....", ".....", "....."],
            &[(0, 0), (2, 0)],
            SuicideRule::Allowed,
        );
        no_local_ko(&current, &arena);
    }

    #[test]
    fn the_answer_force_reduction_needs_a_keepable_duty() {
        // KODEF-4.4: from the position where Black can take the ko, with Black moving first, White cannot keep Black
        // from improving (Black takes, then fills), so Black answer-forces nothing.
        let (current, arena) = shape(&LONE_KO, &[(2, 2), (3, 2)], SuicideRule::Prohibited);
        let zone = arena.region.clone();
        let duty = Duty::NoLocalAreaImprovement { zone: zone.clone() };
        assert_eq!(
            can_force_duty(&arena, &current, Color::Black, &duty, ENOUGH),
            Ok(false)
        );
        let cycles = Cycles {
            current: current.clone(),
            zone: Some(zone),
            point: None,
        };
        assert_eq!(
            can_answer_force(&arena, &current, Color::Black, &duty, &cycles, ENOUGH),
            Ok(false)
        );
    }

    /// The moves at `cells` (column, row), `None` for a pass.
    fn line(position: &Position, cells: &[Option<(usize, usize)>]) -> Vec<Move> {
        cells
            .iter()
            .map(|cell| match cell {
                Some((c, r)) => {
                    Move::Play(position.board().point_at(*c, *r).expect("on the board"))
                }
                None => Move::Pass,
            })
            .collect()
    }

    #[test]
    fn the_explaining_lines_of_sending_two_returning_one() {
        // KODEF-4.6: White answer-forces the cycle send (C1), take (A1), take back one (B1); Black's first move
        // that keeps his duty is then C1 (board order before the pass), White connects on A1, and three passes
        // end the move-sequence: the line shows the cycle with Black's duty kept.
        let (current, arena) = shape(
            &[".....", ".....", ".....", "O##..", ".O.#."],
            &[(0, 4), (1, 4), (2, 4)],
            SuicideRule::Prohibited,
        );
        let zone = arena.region.clone();
        let duty = Duty::NoLocalAreaImprovement { zone: zone.clone() };
        let cycles = Cycles {
            current: current.clone(),
            zone: Some(zone),
            point: None,
        };
        let answer =
            explain_answer_force(&arena, &current, Color::White, &duty, &cycles, ENOUGH).unwrap();
        assert_eq!(
            answer,
            Explained {
                yes: true,
                shows: LineEnd::CycleWithDutyKept,
                line: line(
                    &current,
                    &[
                        Some((2, 4)),
                        Some((0, 4)),
                        Some((1, 4)),
                        Some((2, 4)),
                        Some((0, 4)),
                        None,
                        None,
                        None,
                    ]
                ),
            }
        );
        let force = explain_force(&arena, &current, Color::White, &duty, ENOUGH).unwrap();
        assert!(force.yes);
        assert_eq!(force.shows, LineEnd::DutyKept);
    }

    /// Constructed: sending two, returning one in the lower left corner (as in the test above) beside a lone basic
    /// ko on the right, on one board.
    const CORNER_AND_KO: [&str; 5] = ["........", ".....#O.", "....#O.O", "O##..#O.", ".O.#...."];

    #[test]
    fn a_minimal_cycle_has_no_earlier_return_inside_it() {
        // KODEF-R1: White first. 1 W C1, 2 B A1, 3 W B1 return to the start (Black to move): a cycle through the
        // corner only. 4 B takes the ko on G3, 5 W pass, 6 B pass, 7 W retakes on F3: the board is the start again,
        // after plays on F3 and G3 too. Under `any` that left-part is a cycle through F3; under `minimal` it is not,
        // because the return after 3 lies inside it.
        let start = Position::from_rows(&CORNER_AND_KO).expect("valid");
        let at =
            |c: usize, r: usize| Move::Play(start.board().point_at(c, r).expect("on the board"));
        let line = [
            at(2, 4),
            at(0, 4),
            at(1, 4),
            at(6, 2),
            Move::Pass,
            Move::Pass,
            at(5, 2),
        ];
        let f3 = start.board().point_at(5, 2).expect("on the board");
        let duty = Duty::NoWin { komi: Points::ZERO };
        let cycles = Cycles {
            current: start.clone(),
            zone: None,
            point: Some(f3),
        };
        let goal = Goal::DutyWithoutCycle(&duty, &cycles);
        let occurred = |cycle: CycleReading| {
            let mut arena = Arena::new(SuicideRule::Prohibited, PointSet::full(start.board()));
            arena.readings.cycle = cycle;
            let search = Search::new(&arena, &start, Color::White, ENOUGH);
            let mut s = fresh(&arena, &start, Color::White);
            let mut trail = empty_trail(&start);
            let mut after_each = Vec::new();
            for mv in line {
                s.play(mv)
                    .expect("legal under the default restriction rules");
                trail = search.follow(&trail, &s, mv, &goal);
                after_each.push(trail.cycle);
            }
            assert_eq!(s.position(), &start);
            assert_eq!(first_end(&s, &arena.readings), None, "not situational");
            after_each
        };
        let mut any = vec![false; 6];
        any.push(true);
        assert_eq!(occurred(CycleReading::Any), any);
        assert_eq!(occurred(CycleReading::Minimal), vec![false; 7]);
    }

    /// Constructed (the position of the case `kodef-double-ko-global`): a double ko, Black to move at komi 0.5,
    /// reached by White's retaking on D4 (which captured a black stone on C4).
    fn double_ko_after_white_retakes() -> (Position, Sequence, Arena) {
        let before = Position::from_rows(&["OO#.", "OOO#", "..#.", "####"]).expect("valid");
        let current = Position::from_rows(&["OO.O", "OOO#", "..#.", "####"]).expect("valid");
        let mut game = Sequence::new(
            before.clone(),
            Color::White,
            default_restriction_rules(SuicideRule::Prohibited),
        );
        let d4 = before.board().point_at(3, 0).expect("on the board");
        game.play(Move::Play(d4)).expect("White retakes");
        assert_eq!(game.position(), &current);
        let arena = Arena::new(
            SuicideRule::Prohibited,
            points(&current, &[(0, 2), (1, 2), (2, 0), (3, 0), (3, 1), (3, 2)]),
        );
        (current, game, arena)
    }

    #[test]
    fn the_basic_ko_ban_of_the_last_move_unmakes_the_global_double_ko() {
        // KODEF-R13: with no history-bans Black answer-forces a cycle through C4 (the case's verdict); with the ban
        // of White's retaking Black may not take back on C4 at once, and C4 is no global-ko-intersection.
        let (current, game, arena) = double_ko_after_white_retakes();
        let c4 = current.board().point_at(2, 0).expect("on the board");
        let komi: Points = "0.5".parse().expect("a komi");
        let ask = |reading: HistoryBansReading| {
            let arena = Arena {
                history_bans: reading.bans_of(&game),
                ..arena.clone()
            };
            global_ko_intersection(&arena, &current, Color::Black, komi, c4, ENOUGH)
        };
        assert_eq!(ask(HistoryBansReading::None), Ok(true));
        assert_eq!(ask(HistoryBansReading::BasicKo), Ok(false));
        assert_eq!(ask(HistoryBansReading::AllTransitions), Ok(false));
        // Local-ko-intersections ignore the history-bans (KODEF-1.4).
        let banned = Arena {
            history_bans: HistoryBansReading::BasicKo.bans_of(&game),
            ..arena.clone()
        };
        assert_eq!(
            local_ko_intersections(&banned, &current, &[c4], ENOUGH)
                .map(|found| found[0].1.is_some()),
            local_ko_intersections(&arena, &current, &[c4], ENOUGH)
                .map(|found| found[0].1.is_some())
        );
    }

    #[test]
    fn all_transitions_bans_a_play_the_basic_ko_ban_lets_through() {
        // KODEF-R13: the game from the double ko: B takes on C4, W pass, B pass, W retakes on D4. Under `basic-ko`
        // Black may take on C4 again after a pass each; under `all-transitions` never, since a play of the game
        // made that transition.
        let current = Position::from_rows(&["OO.O", "OOO#", "..#.", "####"]).expect("valid");
        let rules = default_restriction_rules(SuicideRule::Prohibited);
        let c4 = Move::Play(current.board().point_at(2, 0).expect("on the board"));
        let d4 = Move::Play(current.board().point_at(3, 0).expect("on the board"));
        let mut game = Sequence::new(current.clone(), Color::Black, rules);
        for mv in [c4, Move::Pass, Move::Pass, d4] {
            game.play(mv).expect("legal");
        }
        for (reading, later) in [
            (HistoryBansReading::None, Ok(())),
            (HistoryBansReading::BasicKo, Ok(())),
            (
                HistoryBansReading::AllTransitions,
                Err(crate::illegal::Illegal::FixedKo),
            ),
        ] {
            let mut s = Sequence::with_history_bans(
                current.clone(),
                Color::Black,
                rules,
                reading.bans_of(&game),
            );
            let now = if reading == HistoryBansReading::None {
                Ok(())
            } else {
                Err(crate::illegal::Illegal::BasicKo)
            };
            assert_eq!(s.legality(c4), now, "{reading:?}");
            s.play(Move::Pass).expect("B");
            s.play(Move::Pass).expect("W");
            assert_eq!(s.legality(c4), later, "{reading:?}");
        }
    }

    #[test]
    fn the_cycle_set_reading_decides_which_cycles_fit_the_zone() {
        // KODEF-R8: in the lone ko with one more empty point (E4) in the region, Black takes on D3 and White takes
        // back on C3: a cycle from the current-position whose cycle-set is {C3, D3}; no cycle can use E4 (a stone
        // there is never captured within the region). Whether that cycle is wanted depends on how its set must stand
        // to the zone.
        let (current, mut arena) =
            shape(&LONE_KO, &[(2, 2), (3, 2), (4, 3)], SuicideRule::Prohibited);
        let at = |c, r| current.board().point_at(c, r).expect("on the board");
        let (c3, d3, e4) = (at(2, 2), at(3, 2), at(4, 3));
        let all = arena.region.clone();
        let only_c3 = points(&current, &[(2, 2)]);
        let cases = [
            (CycleSetReading::Common, &all, d3, true, false),
            (CycleSetReading::Union, &all, d3, true, true),
            (CycleSetReading::Union, &all, e4, true, false),
            (CycleSetReading::Intersection, &all, d3, true, false),
            (CycleSetReading::Intersection, &only_c3, d3, true, true),
            (CycleSetReading::Intersection, &only_c3, e4, false, true),
            (CycleSetReading::Common, &only_c3, d3, true, false),
        ];
        for (reading, zone, q, holding, expected) in cases {
            arena.readings.cycle_set = reading;
            let cycles = Cycles {
                current: current.clone(),
                zone: Some(zone.clone()),
                point: Some(c3),
            };
            let mut search = Search::new(&arena, &current, Color::Black, ENOUGH);
            assert_eq!(
                search.cycle_exists_from_start(&cycles, q, holding),
                Ok(expected),
                "{reading:?}, zone {zone:?}, {q:?} held: {holding}"
            );
        }
    }

    #[test]
    fn a_search_past_its_allowance_says_so() {
        let (current, arena) = shape(&LONE_KO, &[(2, 2), (3, 2)], SuicideRule::Prohibited);
        let p = arena.region.iter().next().expect("a point");
        let tiny = Allowance {
            nodes: 3,
            deadline: Deadline::NONE,
            plain_first: PLAIN_FIRST,
        };
        assert!(local_ko_intersection(&arena, &current, p, tiny).is_err());
    }
}
