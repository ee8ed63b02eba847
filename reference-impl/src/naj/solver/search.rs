//! SOLVER-3, SOLVER-4: the search shared by the analyses and the alternation: the move-sequence with its whole
//! history (SOLVER-2.1), bounds that depend on the position only (SOLVER-3.3), questions "at least t?" answered
//! by df-pn (`proof`, SOLVER-3.7) with a table keyed on the whole state (SOLVER-4.5), the value by such
//! questions (SOLVER-3.6) and a principal variation (SOLVER-3.4).

use crate::color::Color;
use crate::moves::Move;

use super::stones::{points_of, FastBuild, FastMap, Geometry, Stones};
use crate::allowance::{BoundedTable, Deadline};

mod proof;

pub(in crate::naj::solver) use proof::transition_hash;

/// SOLVER-1.4: the search ran out of its node allowance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutOfNodes;

/// SOLVER-1.4: the nodes counted so far and the allowance.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    /// Nodes counted so far (search nodes and positions visited by the bound searches).
    pub used: u64,
    /// The allowance.
    pub limit: u64,
    /// SOLVER-1.4: the longest history a search follows (it depends on the stack the search runs on; a
    /// search nested in the alternation's has its own).
    pub max_depth: usize,
    /// SOLVER-1.5: the moment the search gives up.
    pub deadline: Deadline,
    /// SOLVER-3.3, SOLVER-3.9: how the search spends its nodes.
    pub tuning: super::Tuning,
}

impl Budget {
    /// A budget without limits (for local searches whose nodes are counted into another).
    pub fn unlimited() -> Budget {
        Budget {
            used: 0,
            limit: u64::MAX,
            max_depth: SMALL_STACK_DEPTH,
            deadline: crate::allowance::Deadline::NONE,
            tuning: super::Tuning::INFORMED,
        }
    }

    /// Counts `count` nodes; fails once the allowance is used up.
    pub fn spend(&mut self, count: u64) -> Result<(), OutOfNodes> {
        let before = self.used;
        self.used += count;
        if self.used > self.limit || self.deadline.passed_between(before, self.used) {
            Err(OutOfNodes)
        } else {
            Ok(())
        }
    }
}

/// SOLVER-3: what distinguishes one move-sequence searched from another: who maximises, what ends it, what the
/// end is worth, what a capture is worth, and bounds on the value that depend on the position alone.
pub(crate) trait Phase {
    /// SOLVER-2.2: the player who maximises the value (the other minimises it).
    fn maximizer(&self) -> Color;
    /// NAJ-2.3, NAJ-3.4, NAJ-9.2: the number of successive passes that ends the move-sequence.
    fn end_passes(&self) -> usize;
    /// SOLVER-2.2, SOLVER-2.3: the value of the move-sequence ended in `position` (excluding captures made on
    /// the way, which [`Phase::capture_value`] counts).
    fn end_value(&mut self, position: &Stones, budget: &mut Budget) -> Result<i64, OutOfNodes>;
    /// SOLVER-3.3: bounds `(low, high)` on the value of every state whose position is `position`, whatever the
    /// history, the player to move and the passes.
    fn bounds(&mut self, position: &Stones, budget: &mut Budget) -> Result<(i64, i64), OutOfNodes>;
    /// SOLVER-3.8: bounds as [`Phase::bounds`] but found without a search: those of `bounds` if already known,
    /// else weaker ones (the quick bounds of SOLVER-3.3).
    fn cheap_bounds(&mut self, position: &Stones) -> (i64, i64);
    /// SOLVER-3.6: the value if every move from `position` on were a pass, when that is cheap to know (an
    /// analysis: the end value of the position itself); the first question of a solve without a guess.
    fn pass_value(&mut self, _position: &Stones) -> Option<i64> {
        None
    }
    /// SOLVER-2.3: the value a play of `mover` that removed `captured` stones adds (prisoners).
    fn capture_value(&self, mover: Color, captured: u32) -> i64;
    /// SOLVER-4.9: the immortal stones of both players in `position` (NAJ-5.2).
    fn immortal_stones(&mut self, position: &Stones) -> Stones;
    /// SOLVER-3.10: the phase's safe zones, if its states may be settled by them.
    fn as_zoned(&mut self) -> Option<&mut dyn super::zones::Zoned> {
        None
    }
}

/// SOLVER-3.10: what the safe zones' bounds need to know of a state besides its position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ZoneFacts<'h> {
    pub to_move: Color,
    pub passes: usize,
    /// The intersections on which each player has lost a stone to a capture during the move-sequence.
    pub lost: Stones,
    /// The positions of the move-sequence so far, the current one last (SOLVER-3.10, a zone on which stones
    /// were lost).
    pub line: &'h [Stones],
}

/// SOLVER-3.10: a question settled by safe zones: proven or disproven, each player's zones used, and whether one
/// of them was used on intersections where its player had lost a stone (then the answer holds after another
/// history only if that made the same transitions or placed no stone of that player on the zones, SOLVER-4.8).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ZoneVerdict {
    pub proven: bool,
    pub zones: Stones,
    pub after_losses: bool,
}

/// SOLVER-4.1: the part of a search state a table key holds besides the set of transitions used (SOLVER-4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    position: Stones,
    /// KO-1: the position a play may not recreate (the position itself when nothing is forbidden).
    basic_ko: Stones,
    to_move: Color,
    passes: u8,
}

/// KO-2.1: the part of a search's history that tells which transitions its plays made (borrowed apart from the
/// phase, so that a bound of the phase may ask it).
pub(crate) struct History<'h> {
    transitions: &'h FastMap<(u64, u64), u32>,
    moves: &'h [Move],
    fingerprints: &'h [u64],
    positions: &'h [Stones],
}

impl History<'_> {
    /// KO-2.1: whether some play of the history left `from` and created `to`.
    pub fn transition_used(&self, from: &Stones, to: &Stones) -> bool {
        let (from_print, to_print) = (from.fingerprint(), to.fingerprint());
        if !self.transitions.contains_key(&(from_print, to_print)) {
            return false;
        }
        self.moves.iter().enumerate().any(|(i, mv)| {
            !mv.is_pass()
                && self.fingerprints[i] == from_print
                && self.fingerprints[i + 1] == to_print
                && self.positions[i] == *from
                && self.positions[i + 1] == *to
        })
    }
}

/// SOLVER-3: a child of the current state: the move, the position it creates and what its captures are worth.
#[derive(Clone, Copy, Debug)]
struct Child {
    mv: Move,
    after: Stones,
    gain: i64,
}

/// SOLVER-3.4: the nodes each child's question may take in the first round of the search for a principal
/// variation's next move.
const PV_FIRST_ROUND: u64 = 1_000;

/// SOLVER-1.4: the longest history the search follows on an ordinary thread's stack (deeper lines count as
/// out of reach, so that the recursion stays within the stack).
pub(crate) const SMALL_STACK_DEPTH: usize = 400;

/// The smallest and largest values the search ever handles (far beyond any score).
pub(crate) const INFINITY: i64 = 1 << 40;

/// SOLVER-2.1: a move-sequence being searched: its whole history, and the search's table.
pub(crate) struct Search<'g, P: Phase> {
    geometry: &'g Geometry,
    /// The phase's rules and values.
    pub phase: P,
    /// The nodes counted and the allowance.
    pub budget: Budget,
    /// `positions[0]` is the start; `positions[i + 1]` the position after `moves[i]`.
    positions: Vec<Stones>,
    fingerprints: Vec<u64>,
    moves: Vec<Move>,
    first_to_move: Color,
    /// KO-2.1: how many plays of the history made each transition, by the fingerprints of its two positions
    /// (a quick filter; [`Search::transition_used`] confirms on the positions themselves).
    transitions: FastMap<(u64, u64), u32>,
    /// SOLVER-3.10: `lost[i]` holds the intersections on which each player lost a stone to a capture among the
    /// first `i` moves.
    lost: Vec<Stones>,
    /// SOLVER-3.10: `placed[i]` holds the intersections on which each player placed a stone among the first `i`
    /// moves.
    placed: Vec<Stones>,
    /// SOLVER-4.5: `used[i]` is the set of transitions the plays among the first `i` moves made, as a hash
    /// (an XOR of one 128-bit hash per transition; each is made at most once, KO-2.1).
    used: Vec<u128>,
    /// SOLVER-3.7, SOLVER-4.5: df-pn's open numbers per exact state (the key, the set of transitions used) and
    /// threshold.
    proofs: BoundedTable<(Key, u128, i64), FastBuild>,
    /// SOLVER-4.8: settled answers per key, each with what it depends on.
    settled: proof::SettledTable,
    /// SOLVER-3.6: the interval the answered questions of [`Search::value_near`] have narrowed the value of the
    /// state it started from to (none before its first question).
    pub narrowed: Option<(i64, i64)>,
    /// SOLVER-3.14: the length of the history at the state the current question started from, and whether a
    /// new proof of G may be tried there yet (after df-pn alone has had `Tuning::ko_fight_delay` nodes).
    question_root: usize,
    threats_now: bool,
}

impl<'g, P: Phase> Search<'g, P> {
    /// SOLVER-2.1: a search of the move-sequence that started in `positions[0]` with `first_to_move` and has
    /// made `moves` (one fewer than `positions`).
    pub fn new(
        geometry: &'g Geometry,
        phase: P,
        budget: Budget,
        first_to_move: Color,
        positions: Vec<Stones>,
        moves: Vec<Move>,
    ) -> Search<'g, P> {
        let fingerprints: Vec<u64> = positions.iter().map(Stones::fingerprint).collect();
        let mut transitions = FastMap::default();
        let mut used = vec![0u128];
        let mut lost = vec![Stones::default()];
        let mut placed = vec![Stones::default()];
        for (i, mv) in moves.iter().enumerate() {
            lost.push(lost[i].losing(&positions[i], &positions[i + 1]));
            placed.push(placed[i].placing(&positions[i], &positions[i + 1]));
            used.push(if mv.is_pass() {
                used[i]
            } else {
                used[i] ^ proof::transition_hash(&positions[i], &positions[i + 1])
            });
            if !mv.is_pass() {
                *transitions
                    .entry((fingerprints[i], fingerprints[i + 1]))
                    .or_insert(0) += 1;
            }
        }
        Search {
            geometry,
            phase,
            budget,
            positions,
            fingerprints,
            moves,
            first_to_move,
            transitions,
            lost,
            placed,
            used,
            proofs: BoundedTable::new(proof::MAX_ENTRIES),
            settled: proof::SettledTable::new(),
            narrowed: None,
            question_root: usize::MAX,
            threats_now: false,
        }
    }

    /// SOLVER-4.5: the set of transitions used so far, as a hash.
    fn used_top(&self) -> u128 {
        self.used[self.used.len() - 1]
    }

    /// SOLVER-3.10: the intersections on which each player lost a stone so far.
    fn lost_top(&self) -> Stones {
        self.lost[self.lost.len() - 1]
    }

    /// SOLVER-3.10: the intersections on which each player placed a stone so far.
    fn placed_top(&self) -> Stones {
        self.placed[self.placed.len() - 1]
    }

    /// SOLVER-3, SOLVER-3.6: the exact value of the current state, by questions that start at its pass value if
    /// the phase knows it cheaply (an analysis), else at the high bound (the value when the minimiser can do no
    /// better than pass, often the value itself).
    pub fn value(&mut self) -> Result<i64, OutOfNodes> {
        let (_, high) = self.root_bounds()?;
        let position = *self.position();
        let guess = self.phase.pass_value(&position).unwrap_or(high);
        self.value_near(guess)
    }

    /// SOLVER-3.6, SOLVER-3.7: the exact value of the current state by questions "at least t?" (df-pn), the first
    /// at `guess`, each narrowing the interval `[low, high]` known to hold the value until it is one value.
    pub fn value_near(&mut self, guess: i64) -> Result<i64, OutOfNodes> {
        let (mut low, mut high) = self.root_bounds()?;
        // The first question is "value >= guess" (kept within low + 1 ..= high); then the questions gallop: one
        // step on the way the answer went, the step doubling while the answers agree.
        let mut beta = guess.clamp(low + 1, high.max(low + 1));
        let (mut step, mut upwards) = (1, None);
        while low < high {
            let proven = self.at_least(beta)?;
            if proven {
                low = beta;
            } else {
                high = beta - 1;
            }
            self.narrowed = Some((low, high));
            step = if upwards == Some(proven) { step * 2 } else { 1 };
            upwards = Some(proven);
            beta = if proven {
                (low + step).min(high)
            } else {
                (high + 1 - step).max(low + 1)
            };
        }
        Ok(low)
    }

    /// SOLVER-3, SOLVER-3.4, SOLVER-3.6: the exact value of the current state (searched from `guess` if any)
    /// and a principal variation from it.
    pub fn solve(&mut self, guess: Option<i64>) -> Result<(i64, Vec<Move>), OutOfNodes> {
        let value = match guess {
            Some(guess) => self.value_near(guess)?,
            None => self.value()?,
        };
        let start = self.moves.len();
        let line = self.principal_variation(value);
        while self.moves.len() > start {
            self.pop();
        }
        Ok((value, line?))
    }

    /// SOLVER-3.3: the bounds of the current state's position.
    pub fn root_bounds(&mut self) -> Result<(i64, i64), OutOfNodes> {
        let position = *self.position();
        self.phase.bounds(&position, &mut self.budget)
    }

    fn position(&self) -> &Stones {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a move-sequence always has its start position"))
    }

    fn to_move(&self) -> Color {
        if self.moves.len().is_multiple_of(2) {
            self.first_to_move
        } else {
            self.first_to_move.opponent()
        }
    }

    /// CORE-7.2: the successive passes at the end of the history.
    fn passes(&self) -> usize {
        self.moves
            .iter()
            .rev()
            .take_while(|mv| mv.is_pass())
            .count()
    }

    /// KO-1.1, KO-1.2: the position a play may not recreate now, if any.
    fn basic_ko(&self) -> Option<&Stones> {
        match self.moves.last() {
            Some(Move::Play(_)) => self.positions.get(self.positions.len() - 2),
            _ => None,
        }
    }

    /// KO-2.1: whether some earlier play left `from` (the current position) and created `to`.
    fn transition_used(&self, from: &Stones, to: &Stones) -> bool {
        self.history().transition_used(from, to)
    }

    /// The history as [`History`] sees it.
    fn history(&self) -> History<'_> {
        History {
            transitions: &self.transitions,
            moves: &self.moves,
            fingerprints: &self.fingerprints,
            positions: &self.positions,
        }
    }

    fn key(&self) -> Key {
        let position = *self.position();
        Key {
            position,
            basic_ko: self.basic_ko().copied().unwrap_or(position),
            to_move: self.to_move(),
            passes: self.passes() as u8,
        }
    }

    /// CORE-5, KO-1, KO-2: the legal moves of the current state, the pass first, then the plays.
    fn children(&self) -> Vec<Child> {
        let mover = self.to_move();
        let position = *self.position();
        let forbidden = self.basic_ko().copied();
        let mut children = vec![Child {
            mv: Move::Pass,
            after: position,
            gain: 0,
        }];
        let empty = self.geometry.all() & !position.occupied();
        for index in points_of(empty) {
            let Some(played) = self.geometry.play(&position, mover, index) else {
                continue;
            };
            if forbidden == Some(played.after) || self.transition_used(&position, &played.after) {
                continue;
            }
            children.push(Child {
                mv: Move::Play(self.geometry.point(index)),
                after: played.after,
                gain: self.phase.capture_value(mover, played.captured),
            });
        }
        children
    }

    fn push(&mut self, child: &Child) {
        let from = self.fingerprints[self.fingerprints.len() - 1];
        let to = child.after.fingerprint();
        let used = self.used_top();
        let lost = self.lost_top().losing(self.position(), &child.after);
        self.lost.push(lost);
        let placed = self.placed_top().placing(self.position(), &child.after);
        self.placed.push(placed);
        if child.mv.is_pass() {
            self.used.push(used);
        } else {
            *self.transitions.entry((from, to)).or_insert(0) += 1;
            self.used
                .push(used ^ proof::transition_hash(self.position(), &child.after));
        }
        self.fingerprints.push(to);
        self.positions.push(child.after);
        self.moves.push(child.mv);
    }

    fn pop(&mut self) {
        let to = self.fingerprints.pop();
        self.used.pop();
        self.lost.pop();
        self.placed.pop();
        self.positions.pop();
        if let (Some(mv), Some(to)) = (self.moves.pop(), to) {
            if !mv.is_pass() {
                let from = self.fingerprints[self.fingerprints.len() - 1];
                if let Some(count) = self.transitions.get_mut(&(from, to)) {
                    *count -= 1;
                    if *count == 0 {
                        self.transitions.remove(&(from, to));
                    }
                }
            }
        }
    }

    /// SOLVER-3.4: a principal variation: from the current state, repeatedly a move whose child has the value
    /// the state has (the pass tried first), until the move-sequence ends. The moves stay made; the caller
    /// takes them back.
    fn principal_variation(&mut self, value: i64) -> Result<Vec<Move>, OutOfNodes> {
        let mut line = Vec::new();
        let mut target = value;
        while self.passes() < self.phase.end_passes() {
            let child = self.child_worth(target)?;
            self.push(&child);
            line.push(child.mv);
            target -= child.gain;
        }
        Ok(line)
    }

    /// SOLVER-3.4: a child of the current state whose value (minus what its capture adds) is `target`, the
    /// state's value. The state's value is the maximum (or the minimum) of its children's, so every child of the
    /// maximiser's state is worth at most it and every child of the minimiser's at least it: one question tells
    /// whether a child is worth exactly it. The questions are asked in rounds, each child given at most
    /// [`PV_FIRST_ROUND`] nodes in the first and twice as many in each next, so that a child whose answer is
    /// quick is found before one whose answer is a long search; once a round's allowance reaches the whole
    /// allowance left, the questions run to their end.
    fn child_worth(&mut self, target: i64) -> Result<Child, OutOfNodes> {
        let or = self.to_move() == self.phase.maximizer();
        let mut open = self.children();
        let mut round = PV_FIRST_ROUND;
        loop {
            let mut still_open = Vec::with_capacity(open.len());
            for child in open {
                let goal = target - child.gain;
                self.push(&child);
                let answer = if or {
                    self.at_least_within(goal, round)
                } else {
                    self.at_least_within(goal + 1, round)
                        .map(|more| more.map(|more| !more))
                };
                self.pop();
                match answer? {
                    Some(true) => return Ok(child),
                    Some(false) => {}
                    None => still_open.push(child),
                }
            }
            if still_open.is_empty() {
                unreachable!("SOLVER-3.4: some move of a state has the state's value")
            }
            open = still_open;
            round = round.saturating_mul(2);
        }
    }

    /// SOLVER-3.4: [`Search::at_least`] within at most `extra` more nodes (`None` if they run out first; the
    /// stored answers and numbers stay, each exact or only steering, SOLVER-3.7). When `extra` reaches the
    /// allowance left, the question runs within the allowance itself and fails as it does.
    fn at_least_within(&mut self, t: i64, extra: u64) -> Result<Option<bool>, OutOfNodes> {
        let limit = self.budget.limit;
        let cap = self.budget.used.saturating_add(extra);
        if cap >= limit {
            return self.at_least(t).map(Some);
        }
        self.budget.limit = cap;
        let answer = self.at_least(t);
        self.budget.limit = limit;
        match answer {
            Ok(answer) => Ok(Some(answer)),
            Err(OutOfNodes) if self.budget.used > cap && !self.budget.deadline.passed() => Ok(None),
            Err(out) => Err(out),
        }
    }
}
