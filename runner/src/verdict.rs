//! What became of a check, with typed reasons: what the engine lacks, the bounds of an undecided value, how the
//! engine failed. Each reads as the runner's messages always have (its `Display`).

use crate::engine::{BoardSize, EngineError, Failure, Unsupported};
use gorules_cases::model::Feature;
use std::fmt;

/// What became of a check.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Every expectation was met.
    Pass,
    /// Something was not as expected; the text shows expected against actual.
    Fail(String),
    /// The engine failed (PROTO-7.1: did not start, exited, hung, broke the protocol), so the check could not be
    /// judged; never a known failure (PROTO-7.4).
    EngineFailure(EngineFailed),
    /// Not run, and why (a missing feature, or something the runner cannot yet ask).
    Ignored(Ignored),
    /// Run, but the engine could not decide a value under best play within its node limit, and the bounds it
    /// proved do not contradict the claim (PROTO-7.2): neither a pass nor a failure.
    Undecided(Undecided),
}

/// CASE-5, PROTO-6: what a check needs that an engine lacks: rule features, then protocol commands.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Missing {
    /// The rule features.
    pub features: Vec<Feature>,
    /// The commands.
    pub commands: Vec<String>,
}

impl Missing {
    /// Whether nothing is missing: the check can be run.
    pub fn is_empty(&self) -> bool {
        self.features.is_empty() && self.commands.is_empty()
    }

    /// Each thing missing in words (`fixed-ko`, `the command gorules-immortal`), features first.
    pub fn items(&self) -> Vec<String> {
        self.features
            .iter()
            .map(|f| f.name().to_string())
            .chain(self.commands.iter().map(|c| format!("the command {c}")))
            .collect()
    }

    /// The first thing missing, for the trial's kind (`needs fixed-ko`, `needs gorules-immortal`).
    pub fn first(&self) -> Option<String> {
        self.features
            .first()
            .map(|f| f.name().to_string())
            .or_else(|| self.commands.first().cloned())
    }
}

impl fmt::Display for Missing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the engine lacks {}", self.items().join(", "))
    }
}

/// Why a check was not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ignored {
    /// It needs features or commands the engine lacks.
    Missing(Missing),
    /// The engine cannot be asked what it needs (PROTO-6).
    Unsupported(Unsupported),
    /// The engine cannot tell whether a phase ended (no `gorules-state`).
    CannotTellEnd,
    /// PROTO-6.3: the engine refused the case's board size, or its profile does not list it. Never a failure: an
    /// engine need not take every size.
    BoardSize(BoardSize),
}

impl fmt::Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ignored::Missing(m) => m.fmt(f),
            Ignored::Unsupported(u) => write!(f, "the engine does not support {u}"),
            Ignored::CannotTellEnd => f.write_str("the engine cannot tell whether the phase ended"),
            Ignored::BoardSize(size) => write!(f, "board size {size} not supported"),
        }
    }
}

/// PROTO-7.2: a value the engine could not decide, with the bounds it proved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Undecided {
    /// CASE-4.6: the value under best play.
    BestPlay {
        /// Nodes searched.
        nodes: u64,
        /// Lower bound.
        low: i64,
        /// Upper bound.
        high: i64,
        /// The case's value.
        claim: i64,
    },
    /// CASE-4.7: the best play needed to finish an open move-sequence of a game.
    Finishing {
        /// The move-sequence.
        phase: String,
        /// Nodes searched.
        nodes: u64,
        /// Lower bound.
        low: i64,
        /// Upper bound.
        high: i64,
    },
    /// CASE-8.3.3: the Kee values out of reach, in the check's order.
    Kee(Vec<KeeUndecided>),
    /// CASE-13: the search for ko-intersections passed its allowance.
    KoIntersections {
        /// Nodes searched.
        nodes: u64,
        /// The limit that stopped it.
        limit: String,
    },
    /// CASE-13.2: the search of a forcing question passed its allowance.
    Force {
        /// Nodes searched.
        nodes: u64,
        /// The limit that stopped it.
        limit: String,
    },
}

/// CASE-8.3.3: one Kee value out of reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeeUndecided {
    /// `value`, or `value after REPLY`.
    pub label: String,
    /// The bounds the engine proved, if it gave them.
    pub bounds: Option<(i32, i32)>,
    /// Nodes searched.
    pub nodes: u64,
    /// The limit that stopped the search, if not the node limit.
    pub limit: Option<String>,
    /// The case's value.
    pub claim: i32,
}

impl KeeUndecided {
    /// The nodes, and what stopped the search if not the node limit.
    pub fn nodes(&self) -> String {
        match &self.limit {
            Some(l) => format!("{} (stopped by its {l} limit)", self.nodes),
            None => self.nodes.to_string(),
        }
    }
}

impl fmt::Display for KeeUndecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (label, nodes, claim) = (&self.label, self.nodes(), self.claim);
        match self.bounds {
            Some((low, high)) => write!(
                f,
                "{label}: {low} <= value <= {high} after {nodes} nodes (claimed {claim})"
            ),
            None => write!(
                f,
                "{label}: out of reach after {nodes} nodes (claimed {claim})"
            ),
        }
    }
}

impl fmt::Display for Undecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Undecided::BestPlay {
                nodes,
                low,
                high,
                claim,
            } => write!(
                f,
                "the engine could not decide the value within its node limit: {low} <= value <= {high} after \
                 {nodes} nodes (claimed {claim})"
            ),
            Undecided::Finishing {
                phase,
                nodes,
                low,
                high,
            } => write!(
                f,
                "the best play needed to finish the {phase} (out of reach: {low}..={high} after {nodes} nodes)"
            ),
            Undecided::Kee(values) => {
                let shown: Vec<String> = values.iter().map(ToString::to_string).collect();
                f.write_str(&shown.join("; "))
            }
            Undecided::KoIntersections { nodes, limit } => write!(
                f,
                "the engine could not decide the ko-intersections: its search stopped at its {limit} limit after \
                 {nodes} nodes"
            ),
            Undecided::Force { nodes, limit } => write!(
                f,
                "the engine could not decide the forcing question: its search stopped at its {limit} limit after \
                 {nodes} nodes"
            ),
        }
    }
}

/// PROTO-7.1: how the engine failed a check.
#[derive(Debug, Clone, PartialEq)]
pub enum EngineFailed {
    /// While the check ran.
    During(Failure),
    /// The engine did not start when the suite was planned.
    NotStarted(Box<EngineError>),
    /// A fresh engine for this check did not start.
    FreshNotStarted(Box<EngineError>),
}

impl fmt::Display for EngineFailed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineFailed::During(failure) => failure.fmt(f),
            EngineFailed::NotStarted(e) => write!(f, "the engine could not be started: {e}"),
            EngineFailed::FreshNotStarted(e) => {
                write!(f, "a fresh engine could not be started: {e}")
            }
        }
    }
}

impl Verdict {
    /// The verdict an engine error leaves a check with: ignored for what the engine does not support, undecided
    /// for a search out of reach, engine-failed for a failure, and failed for a refusal or an answer the runner
    /// cannot read.
    pub fn of_error(e: EngineError) -> Verdict {
        match e {
            EngineError::Unsupported(Unsupported::BoardSize(size)) => {
                Verdict::Ignored(Ignored::BoardSize(size))
            }
            EngineError::Unsupported(u) => Verdict::Ignored(Ignored::Unsupported(u)),
            EngineError::OutOfReach {
                phase,
                nodes,
                low,
                high,
            } => Verdict::Undecided(Undecided::Finishing {
                phase,
                nodes,
                low,
                high,
            }),
            EngineError::Failed(f) => Verdict::EngineFailure(EngineFailed::During(f)),
            other => Verdict::Fail(other.to_string()),
        }
    }
}

impl From<EngineError> for Verdict {
    fn from(e: EngineError) -> Verdict {
        Verdict::of_error(e)
    }
}

#[cfg(test)]
mod tests {
    use super::{EngineFailed, Ignored, KeeUndecided, Missing, Undecided, Verdict};
    use crate::engine::{Ended, EngineError, Failure, Malformed, Unsupported};
    use gorules_cases::model::Feature;

    /// The typed reasons read as the runner's messages did when they were strings.
    #[test]
    fn typed_reasons_read_as_the_messages_did() {
        let missing = Missing {
            features: vec![Feature::FixedKo],
            commands: vec!["gorules-immortal".into(), "is_legal".into()],
        };
        assert_eq!(
            missing.to_string(),
            "the engine lacks fixed-ko, the command gorules-immortal, the command is_legal"
        );
        assert_eq!(missing.first().as_deref(), Some("fixed-ko"));
        assert_eq!(
            Verdict::of_error(EngineError::Unsupported(Unsupported::BoardSize(
                crate::engine::BoardSize::new(5, 5)
            ))),
            Verdict::Ignored(Ignored::BoardSize(crate::engine::BoardSize::new(5, 5)))
        );
        assert_eq!(
            Ignored::BoardSize(crate::engine::BoardSize::new(9, 13)).to_string(),
            "board size 9x13 not supported"
        );
        assert_eq!(
            Ignored::Unsupported(Unsupported::RectangularBoards).to_string(),
            "the engine does not support rectangular boards (no rectangular_boardsize)"
        );
        let cases: Vec<(EngineError, &str)> = vec![
            (
                Failure::OutputClosed {
                    command: "3 play black A1".into(),
                    ended: Ended::Exited(3),
                }
                .into(),
                "engine failure: closed its output while answering `3 play black A1`: exited with status 3",
            ),
            (
                Failure::InputClosed {
                    command: "1 list_commands".into(),
                    ended: Ended::Killed(9),
                }
                .into(),
                "engine failure: cannot send `1 list_commands`: the engine closed its input: killed by signal 9",
            ),
            (
                Failure::AlreadyFailed(Box::new(Failure::Timeout {
                    command: "2 gorules-best-play".into(),
                    seconds: 600.0,
                }))
                .into(),
                "engine failure: the engine had already failed: no answer to `2 gorules-best-play` within 600.0 s",
            ),
            (
                Failure::WrongId {
                    command: "4 boardsize 5".into(),
                    got: 999,
                    sent: 4,
                }
                .into(),
                "engine failure: answered `4 boardsize 5` with the id 999, not 4",
            ),
            (
                Malformed::Answer {
                    command: "is_legal".into(),
                    answer: "maybe".into(),
                    expected: None,
                }
                .into(),
                "malformed answer: is_legal answered `maybe`",
            ),
            (
                Malformed::Word {
                    command: "gorules-j89-territory".into(),
                    expected: "KEY=VALUE".into(),
                    found: "dame".into(),
                }
                .into(),
                "malformed answer: gorules-j89-territory: expected KEY=VALUE, found `dame`",
            ),
            (
                Malformed::Field {
                    command: "gorules-j89-game".into(),
                    field: "to_move".into(),
                    value: "red".into(),
                }
                .into(),
                "malformed answer: gorules-j89-game: to_move `red`",
            ),
            (
                Malformed::Refused {
                    command: "gorules-time-limit 540.000".into(),
                    text: "unknown command".into(),
                }
                .into(),
                "malformed answer: gorules-time-limit 540.000 failed: unknown command",
            ),
            (
                EngineError::refused("move 2 of `after` is not legal"),
                "refused: move 2 of `after` is not legal",
            ),
            (
                EngineError::Unsupported(Unsupported::Rulesets),
                "unsupported: rulesets other than core (no gorules-ruleset)",
            ),
        ];
        for (e, text) in cases {
            assert_eq!(e.to_string(), text);
        }
        let finishing = Verdict::of_error(EngineError::OutOfReach {
            phase: "white-analysis".into(),
            nodes: 7,
            low: -1,
            high: 3,
        });
        assert_eq!(
            finishing,
            Verdict::Undecided(Undecided::Finishing {
                phase: "white-analysis".into(),
                nodes: 7,
                low: -1,
                high: 3
            })
        );
        let kee = Undecided::Kee(vec![
            KeeUndecided {
                label: "value".into(),
                bounds: Some((-4, 4)),
                nodes: 1001,
                limit: None,
                claim: 0,
            },
            KeeUndecided {
                label: "value after pass".into(),
                bounds: None,
                nodes: 5,
                limit: Some("time".into()),
                claim: 2,
            },
        ]);
        assert_eq!(
            kee.to_string(),
            "value: -4 <= value <= 4 after 1001 nodes (claimed 0); value after pass: out of reach after 5 (stopped \
             by its time limit) nodes (claimed 2)"
        );
        let not_started = EngineFailed::NotStarted(Box::new(
            Failure::NotStarted {
                why: "cannot start `nothing`: No such file or directory (os error 2)".into(),
            }
            .into(),
        ));
        assert_eq!(
            not_started.to_string(),
            "the engine could not be started: engine failure: cannot start `nothing`: No such file or directory (os \
             error 2)"
        );
    }
}
