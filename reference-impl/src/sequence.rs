//! CORE-7: a move-sequence: a start position, the players alternating from a given side, the rules in force, and
//! everything that happened so far (the history the ko rules look at).

use std::collections::HashMap;
use std::sync::Arc;

use crate::board::PointSet;
use crate::color::{ByColor, Color};
use crate::illegal::Illegal;
use crate::ko::{HistoryBans, KoRules, ProposedPlay};
use crate::moves::{apply_play, Move, PlayEffect, SuicideRule};
use crate::position::Position;

/// CORE-5, CORE-7.1, KO: the rules a move-sequence obeys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SequenceRules {
    /// KO: the ko and repetition rules in force.
    pub ko: KoRules,
    /// CORE-5.4: whether suicide is allowed.
    pub suicide: SuicideRule,
}

/// CORE-5: one move of a move-sequence as it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// CORE-5: the player who made the move.
    pub color: Color,
    /// CORE-5: the move.
    pub mv: Move,
    /// CORE-5.3: the opponent stones the move removed.
    pub captured: PointSet,
    /// CORE-5.4: the mover's own stones an allowed suicide removed.
    pub suicided: PointSet,
}

/// CORE-5: what a legal move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    /// CORE-5: the player who made the move.
    pub color: Color,
    /// CORE-5: the move.
    pub mv: Move,
    /// CORE-5.3: the opponent stones removed.
    pub captured: PointSet,
    /// CORE-5.4: the mover's own stones removed by an allowed suicide.
    pub suicided: PointSet,
    /// NAJ-9.1: for a play, the index of the first earlier position of the move-sequence that the play
    /// recreated (a position recurred); `None` for passes and for new positions.
    pub recreates: Option<usize>,
}

/// CORE-7.1: a move-sequence in progress.
///
/// `positions()[0]` is the start position and `positions()[i + 1]` the position after `moves()[i]`. The players
/// alternate strictly, passes included, starting with the side given to [`Sequence::new`].
#[derive(Clone, Debug)]
pub struct Sequence {
    rules: SequenceRules,
    first_to_move: Color,
    positions: Vec<Position>,
    moves: Vec<MoveRecord>,
    prisoners: ByColor<u64>,
    /// Every index of `positions`, grouped by Zobrist hash (equality is always checked in full).
    by_hash: HashMap<u64, Vec<usize>>,
    /// KODEF-1.4: the ko bans inherited from before the start (none for [`Sequence::new`]).
    inherited: Option<Arc<HistoryBans>>,
}

impl Sequence {
    /// CORE-7.1: starts a move-sequence from `start` with `to_move` to move; no prohibition is inherited from elsewhere.
    pub fn new(start: Position, to_move: Color, rules: SequenceRules) -> Sequence {
        let mut by_hash = HashMap::new();
        by_hash.insert(start.zobrist(), vec![0]);
        Sequence {
            rules,
            first_to_move: to_move,
            positions: vec![start],
            moves: Vec::new(),
            prisoners: ByColor::default(),
            by_hash,
            inherited: None,
        }
    }

    /// KODEF-1.4: starts a move-sequence as [`Sequence::new`] does, but under the ko bans `bans` the game before
    /// its start put on it; the basic-ko and fixed-ko rules, when in force, apply them besides their own.
    pub fn with_history_bans(
        start: Position,
        to_move: Color,
        rules: SequenceRules,
        bans: HistoryBans,
    ) -> Sequence {
        let mut sequence = Sequence::new(start, to_move, rules);
        sequence.inherited = (!bans.is_empty()).then(|| Arc::new(bans));
        sequence
    }

    /// KODEF-1.4: the ko bans inherited from before the start.
    pub fn inherited(&self) -> &HistoryBans {
        static NONE: HistoryBans = HistoryBans::NONE;
        self.inherited.as_deref().unwrap_or(&NONE)
    }

    /// CORE-7.1: the rules in force.
    pub fn rules(&self) -> SequenceRules {
        self.rules
    }

    /// CORE-7.1: the current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a move-sequence always has its start position"))
    }

    /// CORE-7.1: every position so far, the start position first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// CORE-7.1: every move so far.
    pub fn moves(&self) -> &[MoveRecord] {
        &self.moves
    }

    /// CORE-7.1: the player to move now.
    pub fn to_move(&self) -> Color {
        self.to_move_at(self.moves.len())
    }

    /// CORE-7.1: the player to move in `positions()[index]` (the players alternate, passes included).
    pub fn to_move_at(&self, index: usize) -> Color {
        (0..index % Color::COUNT).fold(self.first_to_move, |color, _| color.next())
    }

    /// CORE-7.2: the number of successive passes at the end of the move-sequence.
    pub fn consecutive_passes(&self) -> usize {
        self.moves
            .iter()
            .rev()
            .take_while(|record| record.mv.is_pass())
            .count()
    }

    /// CORE-6.1: the prisoners each player has taken in this move-sequence (stones removed by an allowed suicide
    /// count for the opponent).
    pub fn prisoners(&self) -> ByColor<u64> {
        self.prisoners
    }

    /// CORE-3.2, CORE-7.1: the indices of the positions of this sequence equal to `position`, in increasing order.
    pub fn occurrences<'a>(&'a self, position: &'a Position) -> impl Iterator<Item = usize> + 'a {
        let candidates = self
            .by_hash
            .get(&position.zobrist())
            .map_or(&[][..], Vec::as_slice);
        candidates
            .iter()
            .copied()
            .filter(move |&index| self.positions[index] == *position)
    }

    /// CORE-5, KO: whether `mv` is legal now, and if not, which rule forbids it.
    pub fn legality(&self, mv: Move) -> Result<(), Illegal> {
        self.check(mv).map(|_| ())
    }

    /// CORE-5, KO: makes `mv` if it is legal; otherwise changes nothing and says which rule forbids it.
    pub fn play(&mut self, mv: Move) -> Result<MoveOutcome, Illegal> {
        let color = self.to_move();
        let (position, captured, suicided) = match self.check(mv)? {
            Some(effect) => (effect.position, effect.captured, effect.suicided),
            None => {
                let unchanged = self.position().clone();
                let nothing = PointSet::empty(unchanged.board());
                (unchanged, nothing.clone(), nothing)
            }
        };
        let recreates = match mv {
            Move::Play(_) => self.occurrences(&position).next(),
            Move::Pass => None,
        };
        self.prisoners[color] += captured.len() as u64;
        self.prisoners[color.opponent()] += suicided.len() as u64;
        self.by_hash
            .entry(position.zobrist())
            .or_default()
            .push(self.positions.len());
        self.positions.push(position);
        self.moves.push(MoveRecord {
            color,
            mv,
            captured: captured.clone(),
            suicided: suicided.clone(),
        });
        Ok(MoveOutcome {
            color,
            mv,
            captured,
            suicided,
            recreates,
        })
    }

    /// CORE-7.1: takes back the last move, so that the sequence is exactly as it was before it (a search's way back
    /// up a line of play); returns the move taken back, or `None` at the start.
    pub fn undo(&mut self) -> Option<MoveRecord> {
        let record = self.moves.pop()?;
        let position = self.positions.pop()?;
        let hash = position.zobrist();
        if let Some(indices) = self.by_hash.get_mut(&hash) {
            indices.pop();
            if indices.is_empty() {
                self.by_hash.remove(&hash);
            }
        }
        self.prisoners[record.color] -= record.captured.len() as u64;
        self.prisoners[record.color.opponent()] -= record.suicided.len() as u64;
        Some(record)
    }

    /// The effect of a legal play (`None` for a pass), or the reason the move is illegal.
    fn check(&self, mv: Move) -> Result<Option<PlayEffect>, Illegal> {
        let Move::Play(point) = mv else {
            // CORE-5.2, KO-2.2: a pass is always legal.
            return Ok(None);
        };
        let mover = self.to_move();
        let effect = apply_play(self.position(), mover, point, self.rules.suicide)?;
        let proposed = ProposedPlay {
            mover,
            point,
            effect: &effect,
        };
        match self.rules.ko.first_forbidding(self, &proposed) {
            Some(rule) => Err(Illegal::from(rule)),
            None => Ok(Some(effect)),
        }
    }
}
