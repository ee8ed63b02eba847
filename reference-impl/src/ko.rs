//! KO: the ko and repetition rules. Each rule is a separate, named value; a ruleset composes a [`KoRules`].
//!
//! Every rule here is a pure test of one proposed play against the history of its move-sequence. Passes are
//! never prohibited by these rules.

use std::fmt;
use std::str::FromStr;

use crate::board::{Point, PointSet};
use crate::color::Color;
use crate::moves::{Move, PlayEffect};
use crate::position::Position;
use crate::sequence::Sequence;
use gorules_vocabulary as vocabulary;

/// KO: one ko or repetition rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KoRule {
    /// KO-1 basic-ko: a play may not recreate the position just before the opponent's last move.
    BasicKo,
    /// KO-2 fixed-ko: a play may not repeat a transition (A to B) made by an earlier play of the move-sequence.
    FixedKo,
    /// KO-3 simple ko (Japanese 1989): a single stone that has just captured a single stone in a ko may not be
    /// recaptured immediately.
    SimpleKo,
    /// KO-4 positional superko: a play may not recreate any earlier position of the move-sequence.
    PositionalSuperko,
    /// KO-5 situational superko: a play may not recreate an earlier position with the same player to move.
    SituationalSuperko,
    /// KO-6 1-play rule: a play may not leave the board as it found it (a cycle of one play).
    OnePlay,
}

impl KoRule {
    /// KO: every rule, in the order a [`KoRules`] checks them (the first that forbids a play is reported).
    pub const ALL: [KoRule; 6] = [
        KoRule::BasicKo,
        KoRule::FixedKo,
        KoRule::SimpleKo,
        KoRule::PositionalSuperko,
        KoRule::SituationalSuperko,
        KoRule::OnePlay,
    ];

    /// KO: the rule's kebab-case name (the vocabulary's word), which is also the reason an illegal play reports.
    pub fn name(self) -> &'static str {
        vocabulary::KoRule::from(self).name()
    }

    /// KO: whether this rule forbids `play` as the next move of `sequence`.
    pub fn forbids(self, sequence: &Sequence, play: &ProposedPlay<'_>) -> bool {
        match self {
            KoRule::BasicKo => basic_ko_forbids(sequence, play),
            KoRule::FixedKo => fixed_ko_forbids(sequence, play),
            KoRule::SimpleKo => simple_ko_forbids(sequence, play),
            KoRule::PositionalSuperko => positional_superko_forbids(sequence, play),
            KoRule::SituationalSuperko => situational_superko_forbids(sequence, play),
            KoRule::OnePlay => one_play_forbids(sequence, play),
        }
    }
}

/// KO: a play that capture and suicide allow, before the ko rules are asked about it.
#[derive(Clone, Copy, Debug)]
pub struct ProposedPlay<'a> {
    /// KO: the player making the play (the side to move).
    pub mover: Color,
    /// KO: the intersection played.
    pub point: Point,
    /// KO: what the play would do to the board.
    pub effect: &'a PlayEffect,
}

/// KO-1.1, KO-1.2: the play recreates the position just before the opponent's last move; if that move was a pass
/// (or there is none yet in this move-sequence), the rule forbids nothing.
fn basic_ko_forbids(sequence: &Sequence, play: &ProposedPlay<'_>) -> bool {
    let Some(last) = sequence.moves().last() else {
        // KODEF-1.4: a ban the move-sequence inherits from the game before its start.
        return sequence
            .inherited()
            .basic_ko
            .as_ref()
            .is_some_and(|banned| *banned == play.effect.position);
    };
    if last.mv.is_pass() {
        return false;
    }
    let positions = sequence.positions();
    positions[positions.len() - 2] == play.effect.position
}

/// KO-2.1: some earlier play of this move-sequence left the current position and created the proposed one.
fn fixed_ko_forbids(sequence: &Sequence, play: &ProposedPlay<'_>) -> bool {
    let positions = sequence.positions();
    let current = sequence.position();
    sequence.occurrences(&play.effect.position).any(|after| {
        after > 0 && !sequence.moves()[after - 1].mv.is_pass() && positions[after - 1] == *current
    }) || sequence
        .inherited()
        .transitions
        .iter()
        .any(|(from, to)| from == current && *to == play.effect.position)
}

/// KODEF-1.4, KODEF-R13: the ko bans a move-sequence inherits from the game before its start (its history-bans);
/// the basic-ko rule and the fixed-ko rule apply them when they are in force.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HistoryBans {
    /// KO-1.1: the position the first move may not recreate (the one before the game's last play), if any.
    pub basic_ko: Option<Position>,
    /// KO-2.1: transitions A -> B made by plays of the game, each forbidden to every play of the move-sequence.
    pub transitions: Vec<(Position, Position)>,
}

impl HistoryBans {
    /// No ban.
    pub const NONE: HistoryBans = HistoryBans {
        basic_ko: None,
        transitions: Vec::new(),
    };

    /// Whether there is no ban at all.
    pub fn is_empty(&self) -> bool {
        self.basic_ko.is_none() && self.transitions.is_empty()
    }
}

/// KO-3.1: the opponent's last move was a play on `y` that captured exactly one stone, on `x`; the proposed play is
/// on `x` and captures exactly the one stone on `y`.
fn simple_ko_forbids(sequence: &Sequence, play: &ProposedPlay<'_>) -> bool {
    let Some(last) = sequence.moves().last() else {
        return false;
    };
    is_simple_ko_retake(last.mv, &last.captured, play.point, &play.effect.captured)
}

/// KO-3.1: whether a play on `point` that captures `captured` retakes the ko of the earlier move `last`, which
/// captured `last_captured`: `last` was a play on `y` that took exactly one stone, on `point`, and this play takes
/// exactly the stone on `y`.
pub fn is_simple_ko_retake(
    last: Move,
    last_captured: &PointSet,
    point: Point,
    captured: &PointSet,
) -> bool {
    let Move::Play(y) = last else { return false };
    let single = |set: &PointSet| (set.len() == 1).then(|| set.iter().next()).flatten();
    single(last_captured) == Some(point) && single(captured) == Some(y)
}

/// KO-4.1: the proposed position occurred earlier in this move-sequence (with any player to move).
fn positional_superko_forbids(sequence: &Sequence, play: &ProposedPlay<'_>) -> bool {
    sequence.occurrences(&play.effect.position).next().is_some()
}

/// KO-5.1: the proposed position occurred earlier in this move-sequence with the same player to move as after
/// the play.
fn situational_superko_forbids(sequence: &Sequence, play: &ProposedPlay<'_>) -> bool {
    let next_to_move = play.mover.next();
    sequence
        .occurrences(&play.effect.position)
        .any(|index| sequence.to_move_at(index) == next_to_move)
}

/// KO-6.1: the play would leave the board exactly as it is (only a suicide of the one stone played can).
fn one_play_forbids(sequence: &Sequence, play: &ProposedPlay<'_>) -> bool {
    play.effect.position == *sequence.position()
}

impl fmt::Display for KoRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// KO: a text that names no ko rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseKoRuleError(pub String);

impl fmt::Display for ParseKoRuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a ko rule: {:?}", self.0)
    }
}

impl std::error::Error for ParseKoRuleError {}

impl FromStr for KoRule {
    type Err = ParseKoRuleError;

    fn from_str(text: &str) -> Result<KoRule, ParseKoRuleError> {
        text.parse::<vocabulary::KoRule>()
            .map(KoRule::from)
            .map_err(|_| ParseKoRuleError(text.to_string()))
    }
}

impl From<KoRule> for vocabulary::KoRule {
    fn from(rule: KoRule) -> vocabulary::KoRule {
        match rule {
            KoRule::BasicKo => vocabulary::KoRule::BasicKo,
            KoRule::FixedKo => vocabulary::KoRule::FixedKo,
            KoRule::SimpleKo => vocabulary::KoRule::SimpleKo,
            KoRule::PositionalSuperko => vocabulary::KoRule::PositionalSuperko,
            KoRule::SituationalSuperko => vocabulary::KoRule::SituationalSuperko,
            KoRule::OnePlay => vocabulary::KoRule::OnePlay,
        }
    }
}

impl From<vocabulary::KoRule> for KoRule {
    fn from(rule: vocabulary::KoRule) -> KoRule {
        match rule {
            vocabulary::KoRule::BasicKo => KoRule::BasicKo,
            vocabulary::KoRule::FixedKo => KoRule::FixedKo,
            vocabulary::KoRule::SimpleKo => KoRule::SimpleKo,
            vocabulary::KoRule::PositionalSuperko => KoRule::PositionalSuperko,
            vocabulary::KoRule::SituationalSuperko => KoRule::SituationalSuperko,
            vocabulary::KoRule::OnePlay => KoRule::OnePlay,
        }
    }
}

/// KO: the set of ko rules in force in a move-sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KoRules {
    bits: u8,
}

impl KoRules {
    /// KO: no ko rule at all.
    pub const NONE: KoRules = KoRules { bits: 0 };

    /// NAJ-4: the rules of the New Amateur-Japanese Rules: basic-ko and fixed-ko.
    pub fn naj() -> KoRules {
        KoRules::NONE.with(KoRule::BasicKo).with(KoRule::FixedKo)
    }

    /// KO: these rules and `rule`.
    pub const fn with(self, rule: KoRule) -> KoRules {
        KoRules {
            bits: self.bits | (1 << rule as u8),
        }
    }

    /// KO: whether `rule` is in force.
    pub fn contains(self, rule: KoRule) -> bool {
        self.bits & (1 << rule as u8) != 0
    }

    /// KO: the rules in force, in checking order.
    pub fn iter(self) -> impl Iterator<Item = KoRule> {
        KoRule::ALL
            .into_iter()
            .filter(move |&rule| self.contains(rule))
    }

    /// KO: the first rule in force that forbids `play`, if any.
    pub fn first_forbidding(self, sequence: &Sequence, play: &ProposedPlay<'_>) -> Option<KoRule> {
        self.iter().find(|rule| rule.forbids(sequence, play))
    }
}

impl FromIterator<KoRule> for KoRules {
    fn from_iter<I: IntoIterator<Item = KoRule>>(rules: I) -> KoRules {
        rules.into_iter().fold(KoRules::NONE, KoRules::with)
    }
}

impl fmt::Display for KoRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(KoRule::name).collect();
        f.write_str(&names.join(","))
    }
}

impl FromStr for KoRules {
    type Err = ParseKoRuleError;

    /// KO: a comma-separated list of rule names (empty for none).
    fn from_str(text: &str) -> Result<KoRules, ParseKoRuleError> {
        text.split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::parse)
            .collect()
    }
}
