//! SOLVER-7.5, SOLVER-7.6: the value by proof-number search: each question "is the value at least t?" is
//! answered by depth-first proof-number search (df-pn) over [`State`] with a table keyed on everything the rest
//! of the game depends on (SOLVER-7.4); the value is the largest t proven, and a principal variation follows.

use super::state::{Code, Made, State, Status};
use super::OutOfReach;
use crate::allowance::{BoundedTable, Deadline, TableEntry};
use crate::fast_hash::FastBuild;
use crate::proof_numbers::{
    combine_weak, select, Numbers, Widening, DISPROVEN, PROVEN, UNBOUNDED, UNKNOWN,
};

/// SOLVER-7.4, SOLVER-4.6: the most states the table holds (41 bytes each with the map's control byte, in a map
/// of up to 2^27 slots, so at most about 5.5 GiB); a full table makes room as [`BoundedTable`] says.
const MAX_ENTRIES: usize = 100_000_000;

/// SOLVER-7.6: the first round's node allowance for each child of the state a solve starts from.
const ROOT_ALLOWANCE: u64 = 10_000;

/// SOLVER-7.4, SOLVER-7.5: a state's numbers for up to two thresholds less the prisoner offset (the solve asks
/// t = 0 and then t = 1, SOLVER-7.6), so that one look finds a question and its neighbouring thresholds.
#[derive(Clone, Copy, Debug)]
struct Slots {
    thresholds: [i32; 2],
    numbers: [Numbers; 2],
}

/// A slot that holds no threshold.
const EMPTY_SLOT: i32 = i32::MIN;

impl Slots {
    const EMPTY: Slots = Slots {
        thresholds: [EMPTY_SLOT; 2],
        numbers: [UNKNOWN; 2],
    };

    /// The numbers kept for `relative`.
    fn of(&self, relative: i32) -> Option<Numbers> {
        (0..2)
            .find(|&i| self.thresholds[i] == relative)
            .map(|i| self.numbers[i])
    }

    /// Keeps `numbers` for `relative`: in its own slot, else an empty one, else the one whose threshold is the
    /// farther from it (a dropped entry is only knowledge lost, SOLVER-4.6).
    fn keep(&mut self, relative: i32, numbers: Numbers) {
        let i = (0..2)
            .find(|&i| self.thresholds[i] == relative)
            .or_else(|| (0..2).find(|&i| self.thresholds[i] == EMPTY_SLOT))
            .unwrap_or_else(|| {
                let distance =
                    |i: usize| (i64::from(self.thresholds[i]) - i64::from(relative)).abs();
                if distance(1) > distance(0) {
                    1
                } else {
                    0
                }
            });
        self.thresholds[i] = relative;
        self.numbers[i] = numbers;
    }
}

impl TableEntry for Slots {
    /// Whether some threshold is settled (proven or disproven).
    fn settled(&self) -> bool {
        (0..2).any(|i| self.thresholds[i] != EMPTY_SLOT && self.numbers[i].settled())
    }
}

/// SOLVER-7.4, SOLVER-4.6: the table: the numbers per state key (as two words, 8-byte aligned) and threshold.
type Table = BoundedTable<(u64, u64), FastBuild, Slots>;

/// A state key as two words.
fn words(key: u128) -> (u64, u64) {
    ((key >> 64) as u64, key as u64)
}

/// SOLVER-7.4: keeps `numbers` for the state `key` and the threshold `relative` (less the prisoner offset).
fn keep(table: &mut Table, key: u128, relative: i32, numbers: Numbers) {
    table.update(words(key), Slots::EMPTY, |slots| {
        slots.keep(relative, numbers)
    });
}

/// The widest value looked for under territory scoring (which has no bound of its own).
pub(super) const WIDEST: i32 = 1 << 20;

/// SOLVER-7.5: the search.
pub(super) struct Proof {
    /// SOLVER-7.3: states visited.
    pub(super) nodes: u64,
    max_nodes: u64,
    max_depth: usize,
    /// SOLVER-7.5: the range of every value (area scoring), if there is one.
    bounds: Option<(i32, i32)>,
    /// SOLVER-7.4: numbers per (key, threshold less the prisoner offset).
    table: Table,
    /// SOLVER-1.5: the moment the search gives up.
    deadline: Deadline,
    /// The children's vectors of states no longer being searched, for the next states to use.
    spare: Vec<Children>,
}

/// SOLVER-7.5, SOLVER-7.10: a state's children in the order `select` breaks ties in: their plays, numbers,
/// keys (SOLVER-7.4) and thresholds less their prisoner offset (`None` for a child whose game has ended).
#[derive(Default)]
struct Children {
    codes: Vec<Code>,
    numbers: Vec<Numbers>,
    keys: Vec<u128>,
    relatives: Vec<Option<i32>>,
}

impl Children {
    fn clear(&mut self) {
        self.codes.clear();
        self.numbers.clear();
        self.keys.clear();
        self.relatives.clear();
    }
}

impl Proof {
    pub(super) fn new(
        max_nodes: u64,
        max_depth: usize,
        bounds: Option<(i32, i32)>,
        deadline: Deadline,
    ) -> Proof {
        Proof {
            nodes: 0,
            max_nodes,
            max_depth,
            bounds,
            table: Table::new(MAX_ENTRIES),
            deadline,
            spare: Vec::new(),
        }
    }

    /// SOLVER-7.6: the value of `state`: the largest t for which "the value is at least t" is proven (t = 0
    /// first, then upwards or downwards), and a principal variation. Out of reach, the bounds proven so far,
    /// `(low, high)` (inclusive).
    pub(super) fn solve(&mut self, state: &mut State) -> Result<(i32, Vec<Code>), (i32, i32)> {
        let (mut low, mut high) = self.bounds.unwrap_or((-WIDEST, WIDEST));
        let mut ask = 0.clamp(low, high);
        let value = loop {
            match self.at_least_root(state, ask) {
                Err(OutOfReach) => return Err((low, high)),
                Ok(true) => low = ask,
                Ok(false) => high = ask - 1,
            }
            if low == high {
                break low;
            }
            // Upwards while the answers are yes, downwards while they are no.
            ask = if ask == low { ask + 1 } else { ask - 1 };
        };
        self.line(state, value)
            .map(|line| (value, line))
            .map_err(|OutOfReach| (value, value))
    }

    /// SOLVER-7.6: "at least `t`" at the state the solve starts from, one child at a time: each round gives every
    /// child not yet settled an allowance of nodes for its own question, twice the last round's, until a child
    /// settles the state (or they all do). df-pn at the root alone can spend its allowance on the children
    /// that look most promising by their numbers, and settle nothing, when one other child would settle the state.
    fn at_least_root(&mut self, state: &mut State, t: i32) -> Result<bool, OutOfReach> {
        if let Some(known) = self.bounded(t) {
            return Ok(known);
        }
        if state.status() == Status::Ended {
            return Ok(state.score() >= t);
        }
        // Black (player 0) wants the value at least t: one child proving it settles his state; for White's state,
        // one child disproving it.
        let or = state.to_play() == 0;
        let mut open: Vec<Code> = state.codes().collect();
        let mut allowance = ROOT_ALLOWANCE;
        let limit = self.max_nodes;
        while !open.is_empty() {
            let mut still = Vec::new();
            for code in open {
                let Some(made) = state.make(code) else {
                    continue;
                };
                let round_limit = limit.min(self.nodes.saturating_add(allowance));
                self.max_nodes = round_limit;
                let answer = self.at_least(state, t, 1);
                self.max_nodes = limit;
                state.unmake(made);
                match answer {
                    Ok(answer) if answer == or => return Ok(or),
                    Ok(_) => {}
                    // The round's allowance ran out: the child waits for the next round.
                    Err(OutOfReach) if self.nodes > round_limit && round_limit < limit => {
                        still.push(code)
                    }
                    // The whole allowance, or the depth limit (SOLVER-7.3).
                    Err(OutOfReach) => return Err(OutOfReach),
                }
            }
            open = still;
            allowance = allowance.saturating_mul(2);
        }
        // Every child answered the other way.
        Ok(!or)
    }

    /// SOLVER-7.5: whether the value of `state` is at least `t` (searched until settled).
    fn at_least(&mut self, state: &mut State, t: i32, depth: usize) -> Result<bool, OutOfReach> {
        if let Some(known) = self.bounded(t) {
            return Ok(known);
        }
        loop {
            let key = state.key();
            let n = self.mid(state, key, t, UNBOUNDED, UNBOUNDED, depth)?;
            if n.proof == 0 {
                return Ok(true);
            }
            if n.disproof == 0 {
                return Ok(false);
            }
        }
    }

    /// SOLVER-7.5: what the range of values settles: every value is at least the low end and at most the high.
    fn bounded(&self, t: i32) -> Option<bool> {
        let (low, high) = self.bounds?;
        if t <= low {
            Some(true)
        } else if t > high {
            Some(false)
        } else {
            None
        }
    }

    /// SOLVER-7.6: a principal variation from `state`, whose value is `value`: at each state, the first play
    /// whose state has that value too (at least `value`, and not at least `value + 1`) by what is already known,
    /// else the first the search shows to have it, down to the end.
    fn line(&mut self, state: &mut State, value: i32) -> Result<Vec<Code>, OutOfReach> {
        let mut line = Vec::new();
        let mut made_stack = Vec::new();
        let mut result = Ok(());
        while state.status() != Status::Ended {
            if line.len() > self.max_depth {
                result = Err(OutOfReach);
                break;
            }
            // First a play whose state the table already settles both ways (the proofs of the two questions
            // the value came from leave one at every state of a line within them), then one the search settles.
            let mut next = None;
            for code in state.codes() {
                let Some(made) = state.make(code) else {
                    continue;
                };
                if self.known(state, value) == Some(true)
                    && self.known(state, value + 1) == Some(false)
                {
                    next = Some((code, made));
                    break;
                }
                state.unmake(made);
            }
            if next.is_none() {
                for code in state.codes() {
                    let Some(made) = state.make(code) else {
                        continue;
                    };
                    let depth = line.len() + 1;
                    let fits = self
                        .at_least(state, value, depth)
                        .and_then(|low| Ok(low && !self.at_least(state, value + 1, depth)?));
                    match fits {
                        Ok(true) => {
                            next = Some((code, made));
                            break;
                        }
                        Ok(false) => state.unmake(made),
                        Err(e) => {
                            state.unmake(made);
                            result = Err(e);
                            break;
                        }
                    }
                }
            }
            match next {
                Some((code, made)) => {
                    line.push(code);
                    made_stack.push(made);
                }
                None => {
                    // Without an error this cannot happen when `value` is the state's value; it is reported as
                    // out of reach, never as a value.
                    if result.is_ok() {
                        result = Err(OutOfReach);
                    }
                    break;
                }
            }
        }
        for made in made_stack.into_iter().rev() {
            state.unmake(made);
        }
        result.map(|()| line)
    }

    /// The numbers of the current state of `state` for the question "at least `t`", as far as known without
    /// searching it: settled if the game has ended, else the table's, else unknown.
    fn look(&self, state: &State, t: i32) -> Numbers {
        self.look_keyed(state, state.key(), t)
    }

    /// [`Proof::look`] with the state's key (SOLVER-7.4) already computed.
    fn look_keyed(&self, state: &State, key: u128, t: i32) -> Numbers {
        match Self::ended(state, t) {
            Some(numbers) => numbers,
            None => self.look_up(key, t - state.offset()),
        }
    }

    /// The answer to "at least `t`" at the current state of `state` if its game has ended.
    fn ended(state: &State, t: i32) -> Option<Numbers> {
        (state.status() == Status::Ended).then(|| {
            if state.score() >= t {
                PROVEN
            } else {
                DISPROVEN
            }
        })
    }

    /// The table's numbers for the state `key` and the threshold `relative` (less the prisoner offset).
    fn look_up(&self, key: u128, relative: i32) -> Numbers {
        let Some(slots) = self.table.get(&words(key)) else {
            return UNKNOWN;
        };
        if let Some(numbers) = slots.of(relative) {
            return numbers;
        }
        // SOLVER-7.5: a value of at least t + 1 is at least t, and one below t - 1 is below t.
        if slots.of(relative + 1).is_some_and(|n| n.proof == 0) {
            PROVEN
        } else if slots.of(relative - 1).is_some_and(|n| n.disproof == 0) {
            DISPROVEN
        } else {
            UNKNOWN
        }
    }

    /// The answer to "at least `t`" at the current state of `state`, if the range of values, the end of the game
    /// or the table settles it without searching.
    fn known(&self, state: &State, t: i32) -> Option<bool> {
        self.bounded(t).or_else(|| {
            let n = self.look(state, t);
            n.settled().then_some(n.proof == 0)
        })
    }

    /// SOLVER-7.4: records the numbers of the current state.
    fn store(&mut self, state: &State, key: u128, t: i32, n: Numbers) {
        keep(&mut self.table, key, t - state.offset(), n);
    }

    /// SOLVER-7.5: df-pn's multiple iterative deepening: searches the current state, whose key (SOLVER-7.4) is
    /// `key`, until its proof number reaches `proof_limit` or its disproof number reaches `disproof_limit` (or it
    /// is settled).
    fn mid(
        &mut self,
        state: &mut State,
        key: u128,
        t: i32,
        proof_limit: u32,
        disproof_limit: u32,
        depth: usize,
    ) -> Result<Numbers, OutOfReach> {
        self.nodes += 1;
        if self.nodes > self.max_nodes
            || depth > self.max_depth
            || self.deadline.passed_at(self.nodes)
        {
            return Err(OutOfReach);
        }
        let here = self.look_keyed(state, key, t);
        if here.reaches(proof_limit, disproof_limit) {
            return Ok(here);
        }
        // The children's vectors come from those of states searched before (none is allocated per state).
        let mut children = self.spare.pop().unwrap_or_default();
        children.clear();
        let result = self.expand(
            state,
            key,
            t,
            (proof_limit, disproof_limit),
            depth,
            &mut children,
        );
        self.spare.push(children);
        result
    }

    /// SOLVER-7.5: [`Proof::mid`] at a state that its table entry does not settle: its children are made and
    /// looked up, then searched in turn, in `children` (empty).
    fn expand(
        &mut self,
        state: &mut State,
        key: u128,
        t: i32,
        (proof_limit, disproof_limit): (u32, u32),
        depth: usize,
        children: &mut Children,
    ) -> Result<Numbers, OutOfReach> {
        // Black (player 0) wants the value at least t: his states are OR states, White's are AND states.
        let or = state.to_play() == 0;
        let Children {
            codes,
            numbers,
            keys,
            relatives,
        } = children;
        // The children are made first and looked up afterwards, all together: the table's reads then overlap
        // instead of each waiting between two plays.
        // SOLVER-7.10: the order in which ties between children are broken: the image of the last play first,
        // then the captures, then the rest in the order of `State::codes`. Each child goes in after those of its
        // rank and before the later ranks (a stable insertion, as `select` takes the first of equals).
        let mirror = state.mirror_answer();
        let (mut firsts, mut captures) = (0, 0);
        for code in state.codes() {
            if let Some(made) = state.make(code) {
                let at = if Some(code) == mirror {
                    firsts += 1;
                    firsts - 1
                } else if matches!(
                    made,
                    Made::Pushed { prisoners } | Made::Prohibited { prisoners, .. } if prisoners != 0
                ) {
                    captures += 1;
                    firsts + captures - 1
                } else {
                    codes.len()
                };
                let child = state.key();
                match Self::ended(state, t) {
                    Some(end) => {
                        numbers.insert(at, end);
                        relatives.insert(at, None);
                    }
                    None => {
                        numbers.insert(at, UNKNOWN);
                        relatives.insert(at, Some(t - state.offset()));
                    }
                }
                keys.insert(at, child);
                state.unmake(made);
                codes.insert(at, code);
            }
        }
        for ((n, relative), &key) in numbers.iter_mut().zip(relatives.iter()).zip(keys.iter()) {
            if let Some(relative) = *relative {
                *n = self.look_up(key, relative);
            }
        }
        loop {
            // A state not ended always has the normal pass (KEE-5(b)), so `numbers` is never empty.
            // SOLVER-7.5: weak proof numbers, which count a state reached by several paths once.
            let n = combine_weak(or, numbers);
            if n.reaches(proof_limit, disproof_limit) {
                self.store(state, key, t, n);
                return Ok(n);
            }
            let (best, child_proof, child_disproof) =
                select(or, numbers, n, proof_limit, disproof_limit, Widening::NONE);
            let Some(made) = state.make(codes[best]) else {
                // Cannot happen (the play was made above); dropped from the children.
                codes.swap_remove(best);
                numbers.swap_remove(best);
                keys.swap_remove(best);
                continue;
            };
            let result = self.mid(state, keys[best], t, child_proof, child_disproof, depth + 1);
            state.unmake(made);
            numbers[best] = result?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SOLVER-7.5: an entry keeps two thresholds; a third replaces the one farther from it, and the table tells
    /// a question from its neighbours.
    #[test]
    fn a_table_entry_keeps_the_two_nearest_thresholds() {
        let mut slots = Slots::EMPTY;
        assert_eq!(slots.of(0), None);
        slots.keep(0, PROVEN);
        slots.keep(1, DISPROVEN);
        assert_eq!((slots.of(0), slots.of(1)), (Some(PROVEN), Some(DISPROVEN)));
        slots.keep(1, UNKNOWN);
        assert_eq!(
            slots.of(1),
            Some(UNKNOWN),
            "a threshold's own slot is updated"
        );
        slots.keep(2, PROVEN);
        assert_eq!(slots.of(0), None, "0 is farther from 2 than 1 is");
        assert_eq!((slots.of(1), slots.of(2)), (Some(UNKNOWN), Some(PROVEN)));
        assert!(slots.settled());

        let mut table = Table::new(2);
        keep(&mut table, 7, 0, PROVEN);
        keep(&mut table, 8, 0, UNKNOWN);
        // Full: a new state drops the states with no settled threshold first.
        keep(&mut table, 9, 0, DISPROVEN);
        assert!(table.get(&words(8)).is_none());
        assert_eq!(table.get(&words(7)).and_then(|s| s.of(0)), Some(PROVEN));
        assert_eq!(table.get(&words(9)).and_then(|s| s.of(0)), Some(DISPROVEN));
    }

    /// SOLVER-7.5: a question with no entry takes a proof of the next threshold up or a disproof of the next one
    /// down.
    #[test]
    fn a_question_takes_its_neighbours_answers() {
        let mut proof = Proof::new(10, 10, None, Deadline::NONE);
        keep(&mut proof.table, 5, 3, PROVEN);
        assert_eq!(proof.look_up(5, 2), PROVEN);
        assert_eq!(proof.look_up(5, 4), UNKNOWN);
        keep(&mut proof.table, 6, 3, DISPROVEN);
        assert_eq!(proof.look_up(6, 4), DISPROVEN);
        assert_eq!(proof.look_up(6, 2), UNKNOWN);
        assert_eq!(proof.look_up(7, 0), UNKNOWN);
    }
}
