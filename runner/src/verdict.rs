//! What became of a check, with typed reasons: what the engine lacks, the bounds of an undecided value, how the
//! engine failed. Each reads as the runner's messages always have (its `Display`).

use crate::engine::{EngineError, Failure, Unsupported};
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
}

impl fmt::Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ignored::Missing(m) => m.fmt(f),
            Ignored::Unsupported(u) => write!(f, "the engine does not support {u}"),
            Ignored::CannotTellEnd => f.write_str("the engine cannot tell whether the phase ended"),
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
