//! CORE-5 and KO: the reasons a move is illegal.

use std::fmt;
use std::str::FromStr;

use crate::ko::KoRule;
use gorules_vocabulary::Reason;

/// CORE-5 / KO: why a move is illegal, named by the rule that forbids it (kebab-case in text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// CORE-5.1 `occupied`: the intersection already holds a stone.
    Occupied,
    /// CORE-5.4 `suicide`: after the play the mover's string would have no liberty (suicide prohibited).
    Suicide,
    /// KO-1 `basic-ko`.
    BasicKo,
    /// KO-2 `fixed-ko`.
    FixedKo,
    /// KO-3 `simple-ko`.
    SimpleKo,
    /// KO-4 `positional-superko`.
    PositionalSuperko,
    /// KO-5 `situational-superko`.
    SituationalSuperko,
    /// KO-6 `one-play`.
    OnePlay,
    /// CORE-1.1 `off-board`: the point is not an intersection of this board (not a rule of play: a caller error).
    OffBoard,
}

impl Illegal {
    /// CORE-5 / KO: every reason, in the order they are checked.
    pub const ALL: [Illegal; 9] = [
        Illegal::OffBoard,
        Illegal::Occupied,
        Illegal::Suicide,
        Illegal::BasicKo,
        Illegal::FixedKo,
        Illegal::SimpleKo,
        Illegal::PositionalSuperko,
        Illegal::SituationalSuperko,
        Illegal::OnePlay,
    ];

    /// CORE-5 / KO: the reason as the vocabulary names it (cases, `gorules-legal`); none for `off-board`, which is
    /// a caller error, not a rule of play.
    pub fn reason(self) -> Option<Reason> {
        Some(match self {
            Illegal::Occupied => Reason::Occupied,
            Illegal::Suicide => Reason::Suicide,
            Illegal::BasicKo => Reason::BasicKo,
            Illegal::FixedKo => Reason::FixedKo,
            Illegal::SimpleKo => Reason::SimpleKo,
            Illegal::PositionalSuperko => Reason::PositionalSuperko,
            Illegal::SituationalSuperko => Reason::SituationalSuperko,
            Illegal::OnePlay => Reason::OnePlay,
            Illegal::OffBoard => return None,
        })
    }

    /// CORE-5 / KO: the reason's kebab-case name (the vocabulary's word, or `off-board`).
    pub fn name(self) -> &'static str {
        self.reason().map_or(OFF_BOARD, Reason::name)
    }
}

/// CORE-1.1: the name of [`Illegal::OffBoard`], the one reason the vocabulary of rules does not have.
const OFF_BOARD: &str = "off-board";

impl From<Reason> for Illegal {
    fn from(reason: Reason) -> Illegal {
        match reason {
            Reason::Occupied => Illegal::Occupied,
            Reason::Suicide => Illegal::Suicide,
            Reason::BasicKo => Illegal::BasicKo,
            Reason::FixedKo => Illegal::FixedKo,
            Reason::SimpleKo => Illegal::SimpleKo,
            Reason::PositionalSuperko => Illegal::PositionalSuperko,
            Reason::SituationalSuperko => Illegal::SituationalSuperko,
            Reason::OnePlay => Illegal::OnePlay,
        }
    }
}

impl From<KoRule> for Illegal {
    fn from(rule: KoRule) -> Illegal {
        match rule {
            KoRule::BasicKo => Illegal::BasicKo,
            KoRule::FixedKo => Illegal::FixedKo,
            KoRule::SimpleKo => Illegal::SimpleKo,
            KoRule::PositionalSuperko => Illegal::PositionalSuperko,
            KoRule::SituationalSuperko => Illegal::SituationalSuperko,
            KoRule::OnePlay => Illegal::OnePlay,
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::error::Error for Illegal {}

/// CORE-5 / KO: a text that names no reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseIllegalError(pub String);

impl fmt::Display for ParseIllegalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a reason for an illegal move: {:?}", self.0)
    }
}

impl std::error::Error for ParseIllegalError {}

impl FromStr for Illegal {
    type Err = ParseIllegalError;

    fn from_str(text: &str) -> Result<Illegal, ParseIllegalError> {
        match text {
            OFF_BOARD => Ok(Illegal::OffBoard),
            _ => text
                .parse::<Reason>()
                .map(Illegal::from)
                .map_err(|_| ParseIllegalError(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_round_trip() {
        for reason in Illegal::ALL {
            assert_eq!(reason.to_string().parse::<Illegal>(), Ok(reason));
        }
        assert_eq!("basic-ko".parse::<Illegal>(), Ok(Illegal::BasicKo));
        assert!("ko".parse::<Illegal>().is_err());
        for reason in Reason::ALL {
            assert_eq!(Illegal::from(*reason).reason(), Some(*reason));
        }
    }
}
