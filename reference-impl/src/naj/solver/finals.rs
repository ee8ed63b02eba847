//! SOLVER-4.10: what the analyses of a final-position need, remembered for the whole process, so that the
//! alternation searches of different questions do not search the same analysis again.

use std::sync::{Arc, Mutex, OnceLock};

use crate::naj::game::Analysis;

use super::search::Budget;
use super::stones::{FastMap, Geometry, Mask, Stones};
use super::Tuning;

/// SOLVER-4.10: everything the search of an analysis from its final-position depends on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Question {
    /// The board's adjacency.
    neighbours: Arc<[Mask]>,
    final_position: Stones,
    analysis: Analysis,
    end_passes: usize,
    tuning: Tuning,
    max_depth: usize,
}

impl Question {
    /// The search of `analysis` of `final_position` on `geometry`, ended by `end_passes` passes, with the
    /// settings and depth of `budget`.
    pub fn new(
        geometry: &Geometry,
        final_position: Stones,
        analysis: Analysis,
        end_passes: usize,
        budget: &Budget,
    ) -> Question {
        Question {
            neighbours: Arc::clone(geometry.neighbours()),
            final_position,
            analysis,
            end_passes,
            tuning: budget.tuning,
            max_depth: budget.max_depth,
        }
    }
}

/// SOLVER-4.10: what a search of a [`Question`] is known to need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Needs {
    /// It ends with `value` after counting exactly `nodes` nodes.
    Done { value: i64, nodes: u64 },
    /// It does not end within this many nodes.
    MoreThan(u64),
}

/// SOLVER-4.10: what a search of a [`Question`] does with a given allowance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Within {
    /// It ends with `value` after `nodes` nodes.
    Ends { value: i64, nodes: u64 },
    /// It runs out of nodes.
    RunsOut,
}

impl Needs {
    /// What a search given `left` more nodes does, if known.
    pub fn within(self, left: u64) -> Option<Within> {
        match self {
            Needs::Done { value, nodes } if nodes <= left => Some(Within::Ends { value, nodes }),
            Needs::Done { .. } => Some(Within::RunsOut),
            Needs::MoreThan(tried) if left <= tried => Some(Within::RunsOut),
            Needs::MoreThan(_) => None,
        }
    }

    /// What both `self` and `other` say.
    fn merge(self, other: Needs) -> Needs {
        match (self, other) {
            (done @ Needs::Done { .. }, _) | (_, done @ Needs::Done { .. }) => done,
            (Needs::MoreThan(a), Needs::MoreThan(b)) => Needs::MoreThan(a.max(b)),
        }
    }
}

/// SOLVER-4.6: the most questions remembered; a full memo is emptied.
const MAX_REMEMBERED: usize = 100_000;

fn memo() -> &'static Mutex<FastMap<Question, Needs>> {
    static MEMO: OnceLock<Mutex<FastMap<Question, Needs>>> = OnceLock::new();
    MEMO.get_or_init(Mutex::default)
}

/// SOLVER-4.10: what is known of `question`.
pub(crate) fn recall(question: &Question) -> Option<Needs> {
    let memo = memo()
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    memo.get(question).copied()
}

/// SOLVER-4.10: remembers what a search of `question` showed.
pub(crate) fn record(question: Question, needs: Needs) {
    let mut memo = memo()
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let needs = match memo.get(&question) {
        Some(&known) => known.merge(needs),
        None => needs,
    };
    if memo.len() >= MAX_REMEMBERED && !memo.contains_key(&question) {
        memo.clear();
    }
    memo.insert(question, needs);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naj::solver::{alternation_value, Limits, Solved};
    use crate::{ByColor, Color, Position, Ruleset};

    #[test]
    fn what_a_search_needs_tells_what_it_does_with_an_allowance() {
        let done = Needs::Done {
            value: 3,
            nodes: 100,
        };
        assert_eq!(
            done.within(100),
            Some(Within::Ends {
                value: 3,
                nodes: 100
            })
        );
        assert_eq!(done.within(99), Some(Within::RunsOut));
        assert_eq!(Needs::MoreThan(50).within(50), Some(Within::RunsOut));
        assert_eq!(Needs::MoreThan(50).within(51), None);
        assert_eq!(
            Needs::MoreThan(50).merge(Needs::MoreThan(80)),
            Needs::MoreThan(80)
        );
        assert_eq!(Needs::MoreThan(500).merge(done), done);
        assert_eq!(done.merge(Needs::MoreThan(500)), done);
    }

    /// SOLVER-4.10: an alternation solved again, with its final-positions' analyses remembered, gives the same
    /// answer, node count included; and one that ran out of nodes runs out again with the same bounds.
    #[test]
    fn an_alternation_solved_again_answers_as_before() {
        let ruleset = Ruleset::naj();
        // A position no other test uses, so that the first solve searches its analyses.
        let start = Position::from_rows(&[".#.O.", "##OO.", ".#O.O"]).expect("a diagram");
        let solve = |max_nodes| {
            let limits = Limits {
                max_nodes,
                ..Limits::default()
            };
            alternation_value(&ruleset, &start, Color::Black, ByColor::default(), limits)
                .expect("a NAJ position")
        };
        let first = solve(2_000_000);
        assert!(matches!(first, Solved::Value { .. }), "{first:?}");
        let geometry = Geometry::new(start.shared_board()).expect("a small board");
        let remembered = memo().lock().expect("the memo").keys().any(|q| {
            q.neighbours == *geometry.neighbours() && q.final_position == geometry.stones_of(&start)
        });
        assert!(
            remembered,
            "the analyses of the start as final-position are remembered"
        );
        assert_eq!(solve(2_000_000), first);
        let short = solve(300);
        let Solved::OutOfReach { bounds, nodes } = short else {
            panic!("{short:?} within 300 nodes");
        };
        assert!(nodes > 300);
        match solve(300) {
            Solved::OutOfReach {
                bounds: again,
                nodes,
            } => assert!(again == bounds && nodes > 300),
            other => panic!("{other:?}"),
        }
    }
}
