//! KODEF-4.7, KODEF-4.8: the forcing questions of KODEF-4 by depth-first proof-number search on the solver's
//! machinery: df-pn's rules (`proof_numbers`, SOLVER-3.7, shared with the NAJ and Kee solvers) and the bounded
//! table of SOLVER-4.6 (`allowance::BoundedTable`), keyed on the exact state the rest of a move-sequence depends
//! on. The plain exhaustive search of `force` stays as the reference it is tested against.

use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::force::{Allowance, Forcing, Goal, OutOfReach, Search, Trail};
use crate::allowance::BoundedTable;
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::proof_numbers::{
    combine, select, Numbers, Widening, DISPROVEN, PROVEN, UNBOUNDED, UNKNOWN,
};
use crate::sequence::Sequence;

/// KODEF-4.8, SOLVER-4.6: the most entries the table holds (about 60 bytes each with the map's overhead); a
/// full table makes room as [`BoundedTable`] says.
const MAX_ENTRIES: usize = 4_000_000;

/// SOLVER-3.9: df-pn's 1+ε trick is not used here (plain df-pn).
const WIDENING: Widening = Widening::NONE;

/// KODEF-4.8: which question a table entry answers: "the duty is kept" or "the duty is kept and no wanted cycle
/// occurred" (KODEF-4.5); the two share the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Question {
    Duty,
    DutyWithoutCycle,
}

impl Question {
    fn of(goal: &Goal<'_>) -> Question {
        match goal {
            Goal::Duty(_) => Question::Duty,
            Goal::DutyWithoutCycle(..) => Question::DutyWithoutCycle,
        }
    }
}

/// KODEF-4.7: df-pn over the move-sequences of one question (a start-position, a first mover, an arena).
pub(super) struct Proof<'a> {
    /// The arena, start-position and first mover, and the rules of the goal (`follow`, `holds`, `moves`).
    rules: Search<'a>,
    allowance: Allowance,
    /// KODEF-4.8: numbers per exact state and question.
    table: BoundedTable<(u128, Question), BuildHasherDefault<Lanes>>,
    /// KODEF-4.8: the set of transitions the plays of the current move-sequence made, as the XOR of one 128-bit
    /// hash per transition (kept as moves are played and taken back).
    used: u128,
    /// KODEF-4.8: the fingerprint of each position of the current move-sequence (kept as moves are played and
    /// taken back).
    prints: Vec<u128>,
    nodes: u64,
}

impl<'a> Proof<'a> {
    /// The searches of questions from `start`, `first` moving first, within `allowance`.
    pub(super) fn new(
        arena: &'a super::force::Arena,
        start: &'a Position,
        first: Color,
        allowance: Allowance,
    ) -> Proof<'a> {
        Proof {
            rules: Search::new(arena, start, first, allowance),
            allowance,
            table: BoundedTable::new(MAX_ENTRIES),
            used: 0,
            prints: Vec::new(),
            nodes: 0,
        }
    }

    /// Plays `mv` if it is legal, keeping the set of transitions used.
    fn play(&mut self, s: &mut Sequence, mv: Move) -> bool {
        if s.play(mv).is_err() {
            return false;
        }
        let print = fingerprint(s.position());
        if let Move::Play(_) = mv {
            self.used ^= transition(self.prints[self.prints.len() - 1], print);
        }
        self.prints.push(print);
        true
    }

    /// Takes back the last move, keeping the set of transitions used.
    fn undo(&mut self, s: &mut Sequence) {
        let print = self.prints.pop().expect("a move to take back");
        if let Some(Move::Play(_)) = s.moves().last().map(|m| m.mv) {
            self.used ^= transition(self.prints[self.prints.len() - 1], print);
        }
        s.undo();
    }

    /// KODEF-4.8: the key of the state `s` with `trail`: everything the rest of the move-sequence depends on.
    /// - The legal moves: the position and the player to move (suicide, the 1-play rule), the position before
    ///   the last move if it was a play (the basic-ko rule forbids recreating it), and the set of transitions
    ///   made by plays (the fixed-ko rule forbids exactly those).
    /// - The end (KODEF-2.4, KODEF-2.5): the passes in a row; whether a play was made since the start and since
    ///   the start situation last held (the cycle-end rule counts from the latter; the former serves readings
    ///   that count from the start); the last play, if it captured exactly one stone, and where (the exempt
    ///   recapture of KODEF-R3 looks back to it across two passes).
    /// - The goal: the trail (the intersections played, whether the current-position was created and whether a
    ///   wanted cycle occurred); the end's local-area or score depends on the end's position alone.
    ///
    /// The start-position, the first mover and the goal's duty and cycles are the same for every state of one
    /// [`Proof`], so they need not be in the key.
    fn key(&self, s: &Sequence, trail: &Trail) -> u128 {
        let mut h = Lanes::default();
        let prints = &self.prints;
        prints[prints.len() - 1].hash(&mut h);
        s.to_move().hash(&mut h);
        s.consecutive_passes().min(3).hash(&mut h);
        let positions = s.positions();
        match s.moves().last() {
            Some(last) if !last.mv.is_pass() => {
                1u8.hash(&mut h);
                prints[prints.len() - 2].hash(&mut h);
            }
            _ => 0u8.hash(&mut h),
        }
        self.used.hash(&mut h);
        let first = s.to_move_at(0);
        let since = (0..positions.len())
            .rev()
            .find(|&i| positions[i] == positions[0] && s.to_move_at(i) == first)
            .unwrap_or(0);
        let moves = s.moves();
        moves.iter().any(|m| !m.mv.is_pass()).hash(&mut h);
        moves[since..].iter().any(|m| !m.mv.is_pass()).hash(&mut h);
        match moves.iter().rev().find(|m| !m.mv.is_pass()) {
            Some(last) if last.captured.len() == 1 => {
                last.mv.hash(&mut h);
                last.captured.hash(&mut h);
            }
            _ => 0u8.hash(&mut h),
        }
        trail.hash(&mut h);
        h.finish128()
    }

    /// SOLVER-3.7, KODEF-4.7: df-pn at the state `s` (not ended) for `goal`, until its numbers reach the limits;
    /// `s` is handed back as it came. OR states are the forcer's turns.
    fn mid(
        &mut self,
        s: &mut Sequence,
        trail: &Trail,
        goal: &Goal<'_>,
        proof_limit: u32,
        disproof_limit: u32,
    ) -> Result<Numbers, OutOfReach> {
        self.allowance.charge(&mut self.nodes)?;
        let question = Question::of(goal);
        let key = self.key(s, trail);
        let or = s.to_move() == self.rules.forcer();
        let mut moves = Vec::new();
        let mut trails = Vec::new();
        let mut numbers = Vec::new();
        for mv in self.rules.moves() {
            if !self.play(s, mv) {
                continue;
            }
            let next = self.rules.follow(trail, s, mv, goal);
            let known = if let Some(holds) = self.rules.settled(s, &next, goal) {
                if holds {
                    PROVEN
                } else {
                    DISPROVEN
                }
            } else {
                self.table
                    .get(&(self.key(s, &next), question))
                    .unwrap_or(UNKNOWN)
            };
            self.undo(s);
            moves.push(mv);
            trails.push(next);
            numbers.push(known);
        }
        loop {
            let here = combine(or, &numbers);
            if here.reaches(proof_limit, disproof_limit) {
                self.table.store((key, question), here);
                return Ok(here);
            }
            let (best, child_proof, child_disproof) =
                select(or, &numbers, here, proof_limit, disproof_limit, WIDENING);
            let played = self.play(s, moves[best]);
            debug_assert!(played, "a move found legal a moment ago");
            let found = self.mid(s, &trails[best], goal, child_proof, child_disproof);
            self.undo(s);
            numbers[best] = found?;
        }
    }
}

impl<'a> Forcing<'a> for Proof<'a> {
    fn rules(&self) -> &Search<'a> {
        &self.rules
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
        if let Some(known) = self.rules.settled(s, trail, goal) {
            return Ok(known);
        }
        // KODEF-4.7: a small tree is answered by the plain search at once; df-pn takes over past its allowance.
        let left = self.allowance.nodes.saturating_sub(self.nodes);
        let mut plain = self.rules.with_nodes(self.allowance.plain_first.min(left));
        let answer = plain.decide(s, trail, goal);
        self.nodes += plain.nodes();
        if let Ok(answer) = answer {
            return Ok(answer);
        }
        self.prints = s.positions().iter().map(fingerprint).collect();
        self.used = transitions_of(&self.prints, s);
        loop {
            let n = self.mid(s, trail, goal, UNBOUNDED, UNBOUNDED)?;
            if n.proof == 0 {
                return Ok(true);
            }
            if n.disproof == 0 {
                return Ok(false);
            }
        }
    }
}

/// KODEF-4.8: feeds `position` to `h`, two bits per intersection packed into words (equal positions feed the
/// same).
fn hash_position(position: &Position, h: &mut Lanes) {
    let mut word = 0u64;
    for (i, p) in position.board().points().enumerate() {
        let code = match position.get(p) {
            None => 0,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        };
        word |= code << (2 * (i % 32));
        if i % 32 == 31 {
            h.write_u64(word);
            word = 0;
        }
    }
    h.write_u64(word);
}

/// KODEF-4.8: a 128-bit hash built by two independent lanes of a 64-bit mixer (SplitMix64's finaliser), fast
/// for the few words a key is made of. Two different keys among the states of one search share a hash with
/// probability about 2^-128 per pair (taking the mixer as random).
#[derive(Clone, Copy, Debug)]
struct Lanes {
    a: u64,
    b: u64,
}

impl Default for Lanes {
    fn default() -> Lanes {
        Lanes {
            a: 0x9e37_79b9_7f4a_7c15,
            b: 0xc2b2_ae3d_27d4_eb4f,
        }
    }
}

impl Lanes {
    fn mix(mut x: u64) -> u64 {
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    fn finish128(&self) -> u128 {
        (u128::from(Lanes::mix(self.a)) << 64) | u128::from(Lanes::mix(self.b))
    }
}

impl Hasher for Lanes {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word) ^ ((chunk.len() as u64) << 59));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.a = Lanes::mix(self.a ^ Lanes::mix(word)).rotate_left(23);
        self.b = Lanes::mix(self.b ^ Lanes::mix(word ^ 0x2545_f491_4f6c_dd1d)).rotate_left(29);
    }

    fn finish(&self) -> u64 {
        Lanes::mix(self.a)
    }
}

/// KODEF-4.8: a 128-bit fingerprint of `position`.
fn fingerprint(position: &Position) -> u128 {
    let mut h = Lanes::default();
    hash_position(position, &mut h);
    h.finish128()
}

/// KODEF-4.8: a 128-bit hash of the transition between the positions with fingerprints `from` and `to`.
fn transition(from: u128, to: u128) -> u128 {
    let mut h = Lanes::default();
    h.write_u128(from);
    h.write_u128(to);
    h.finish128()
}

/// KODEF-4.8: the set of transitions the plays of `s` made so far, as [`Proof::used`] keeps it; `prints` are
/// the fingerprints of `s`'s positions.
fn transitions_of(prints: &[u128], s: &Sequence) -> u128 {
    s.moves()
        .iter()
        .enumerate()
        .filter(|(_, m)| !m.mv.is_pass())
        .fold(0, |used, (i, _)| {
            used ^ transition(prints[i], prints[i + 1])
        })
}
