//! KODEF-R: the readings of seed 004's text that are options of the reference, in one value ([`Readings`]); each
//! field's default is the reference's reading.

use crate::ko::HistoryBans;
use crate::kodef::basic_ko::BasicKoReading;
use crate::sequence::Sequence;
use gorules_vocabulary as vocabulary;

/// KODEF-R1: which left-parts that return to the start-position are cycles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CycleReading {
    /// `any` (default): every left-part with a play after which the board is the start-position again.
    #[default]
    Any,
    /// `minimal`: such a left-part none of whose shorter left-parts is itself a cycle (no earlier return to the
    /// start-position after a play inside it).
    Minimal,
}

/// KODEF-R2: from which earlier moment a recurrence of the start situation is counted by the cycle-end rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CycleEndReading {
    /// `last-recurrence` (default): the moves since the last earlier recurrence of the start situation (or since
    /// the start) must hold a play.
    #[default]
    LastRecurrence,
    /// `from-start`: the moves since the start must hold a play.
    FromStart,
    /// `with-pass-cycles`: no play is needed; a return made of passes alone ends the move-sequence too.
    WithPassCycles,
}

/// KODEF-R8: the cycle-set of a set of cycles, on which the duty of a local analysis is (KODEF-6.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CycleSetReading {
    /// `common` (default): every cycle of the set has the same cycle-set, and the duty is on it.
    #[default]
    Common,
    /// `union`: the duty is on the union of the cycles' cycle-sets.
    Union,
    /// `intersection`: the duty is on the intersection of the cycles' cycle-sets.
    Intersection,
}

/// KODEF-1.4, KODEF-R13: which ko bans of the game before the analysis restrict a global analysis's moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HistoryBansReading {
    /// `none` (default): no ban; the current position is analysed as if set up with a clean history.
    #[default]
    None,
    /// `basic-ko`: the basic-ko ban of the game's last move (KO-1.1): if it was a play, the first move may not
    /// recreate the position before it.
    BasicKo,
    /// `all-transitions`: the basic-ko ban and every transition A -> B a play of the game made (KO-2.1), each
    /// forbidden again.
    AllTransitions,
}

impl HistoryBansReading {
    /// KODEF-1.4: the bans this reading takes from `game`, the move-sequence that reached the current position.
    pub fn bans_of(self, game: &Sequence) -> HistoryBans {
        let positions = game.positions();
        let moves = game.moves();
        let mut bans = HistoryBans::default();
        if self == HistoryBansReading::None {
            return bans;
        }
        if moves.last().is_some_and(|last| !last.mv.is_pass()) {
            bans.basic_ko = Some(positions[positions.len() - 2].clone());
        }
        if self == HistoryBansReading::AllTransitions {
            bans.transitions = moves
                .iter()
                .enumerate()
                .filter(|(_, m)| !m.mv.is_pass())
                .map(|(i, _)| (positions[i].clone(), positions[i + 1].clone()))
                .collect();
        }
        bans
    }
}

/// KODEF-R: the readings the reference lets a check choose, each at its default by [`Default`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Readings {
    /// KODEF-R1: which returns are cycles.
    pub cycle: CycleReading,
    /// KODEF-R2: when the cycle-end rule fires.
    pub cycle_end: CycleEndReading,
    /// KODEF-R13: the history-bans of a global analysis.
    pub history_bans: HistoryBansReading,
    /// KODEF-R4: what a basic ko is.
    pub basic_ko: BasicKoReading,
    /// KODEF-R8: the cycle-set of a set of cycles.
    pub cycle_set: CycleSetReading,
}

/// KODEF-R1: the reading a vocabulary word names (PROTO-3.2, CASE-1.3a).
impl From<vocabulary::KodefCycle> for CycleReading {
    fn from(word: vocabulary::KodefCycle) -> CycleReading {
        match word {
            vocabulary::KodefCycle::Any => CycleReading::Any,
            vocabulary::KodefCycle::Minimal => CycleReading::Minimal,
        }
    }
}

/// KODEF-R2: the reading a vocabulary word names (PROTO-3.2, CASE-1.3a).
impl From<vocabulary::KodefCycleEnd> for CycleEndReading {
    fn from(word: vocabulary::KodefCycleEnd) -> CycleEndReading {
        match word {
            vocabulary::KodefCycleEnd::LastRecurrence => CycleEndReading::LastRecurrence,
            vocabulary::KodefCycleEnd::FromStart => CycleEndReading::FromStart,
            vocabulary::KodefCycleEnd::WithPassCycles => CycleEndReading::WithPassCycles,
        }
    }
}

/// KODEF-R8: the reading a vocabulary word names (PROTO-3.2, CASE-1.3a).
impl From<vocabulary::KodefCycleSet> for CycleSetReading {
    fn from(word: vocabulary::KodefCycleSet) -> CycleSetReading {
        match word {
            vocabulary::KodefCycleSet::Common => CycleSetReading::Common,
            vocabulary::KodefCycleSet::Union => CycleSetReading::Union,
            vocabulary::KodefCycleSet::Intersection => CycleSetReading::Intersection,
        }
    }
}

/// KODEF-R13: the reading a vocabulary word names (PROTO-3.2, CASE-1.3a).
impl From<vocabulary::KodefHistoryBans> for HistoryBansReading {
    fn from(word: vocabulary::KodefHistoryBans) -> HistoryBansReading {
        match word {
            vocabulary::KodefHistoryBans::None => HistoryBansReading::None,
            vocabulary::KodefHistoryBans::BasicKo => HistoryBansReading::BasicKo,
            vocabulary::KodefHistoryBans::AllTransitions => HistoryBansReading::AllTransitions,
        }
    }
}

/// KODEF-R4: the reading a vocabulary word names (PROTO-3.2, CASE-1.3a).
impl From<vocabulary::KodefBasicKo> for BasicKoReading {
    fn from(word: vocabulary::KodefBasicKo) -> BasicKoReading {
        match word {
            vocabulary::KodefBasicKo::Shape => BasicKoReading::Shape,
            vocabulary::KodefBasicKo::CapturableNow => BasicKoReading::CapturableNow,
            vocabulary::KodefBasicKo::NotBanned => BasicKoReading::NotBanned,
        }
    }
}
