//! SOLVER-3.7, SOLVER-7.5: the rules of depth-first proof-number search (df-pn) that the NAJ and the Kee solvers
//! share: proof and disproof numbers, how a state's numbers follow from its children's, and which child is
//! searched next with which thresholds. Each solver keeps its own states, table and search loop.

/// Proof and disproof numbers of a question at a state: how many open states must still be settled to prove
/// (disprove) it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Numbers {
    pub proof: u32,
    pub disproof: u32,
}

/// The number that stands for "cannot be": a proven question has disproof number `INFINITE`.
pub(crate) const INFINITE: u32 = u32::MAX / 2;

/// The largest threshold a search is started with: below `INFINITE`, above every open sum (see [`combine`]).
pub(crate) const UNBOUNDED: u32 = INFINITE - 1;

/// A question proven.
pub(crate) const PROVEN: Numbers = Numbers {
    proof: 0,
    disproof: INFINITE,
};

/// A question disproven.
pub(crate) const DISPROVEN: Numbers = Numbers {
    proof: INFINITE,
    disproof: 0,
};

/// A state not searched yet.
pub(crate) const UNKNOWN: Numbers = Numbers {
    proof: 1,
    disproof: 1,
};

impl Numbers {
    /// Whether the question is proven or disproven.
    pub fn settled(self) -> bool {
        self.proof == 0 || self.disproof == 0
    }

    /// Whether a search bounded by these limits must stop at these numbers.
    pub fn reaches(self, proof_limit: u32, disproof_limit: u32) -> bool {
        self.proof >= proof_limit || self.disproof >= disproof_limit
    }
}

/// df-pn's rule: an OR state (its player needs one child) is proven when one child is and disproven when all
/// are; an AND state the other way round. A sum is `INFINITE` only if a term is, and stays below [`UNBOUNDED`]
/// otherwise, so that a large open sum is never taken for a settled answer. No children: disproven for an OR
/// state, proven for an AND state.
pub(crate) fn combine(or: bool, children: &[Numbers]) -> Numbers {
    combine_by(or, children, |children, f| {
        let mut total = 0u32;
        for x in children.iter().map(f) {
            if x >= INFINITE {
                return INFINITE;
            }
            total = total.saturating_add(x);
        }
        total.min(INFINITE - 2)
    })
}

/// Weak proof numbers (WPNS): as [`combine`], but the summed number is the largest child's plus one for each
/// other open child, so that a child reached along several paths of a DAG is not counted once per path.
pub(crate) fn combine_weak(or: bool, children: &[Numbers]) -> Numbers {
    combine_by(or, children, |children, f| {
        let mut largest = 0u32;
        let mut open = 0u32;
        for x in children.iter().map(f) {
            if x >= INFINITE {
                return INFINITE;
            }
            if x > 0 {
                open += 1;
                largest = largest.max(x);
            }
        }
        largest
            .saturating_add(open.saturating_sub(1))
            .min(INFINITE - 2)
    })
}

/// The OR/AND rule shared by [`combine`] and [`combine_weak`]: the least of the children's numbers on the side
/// one child settles, and `total` of them (the children, and which of their numbers) on the side every child must.
fn combine_by(
    or: bool,
    children: &[Numbers],
    total: impl Fn(&[Numbers], fn(&Numbers) -> u32) -> u32,
) -> Numbers {
    let min = |f: fn(&Numbers) -> u32| children.iter().map(f).min().unwrap_or(INFINITE);
    let total = |f: fn(&Numbers) -> u32| total(children, f);
    if or {
        Numbers {
            proof: min(|c| c.proof),
            disproof: total(|c| c.disproof),
        }
    } else {
        Numbers {
            proof: total(|c| c.proof),
            disproof: min(|c| c.disproof),
        }
    }
}

/// SOLVER-3.9: the 1+ε trick: how far past the second most promising child's number the most promising child
/// is searched before df-pn looks again, in percent of that number (0: plain df-pn, just past it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Widening {
    /// ε in percent.
    pub percent: u32,
}

impl Widening {
    /// Plain df-pn: the child is searched until its number passes the second best's.
    pub const NONE: Widening = Widening { percent: 0 };

    /// The threshold for the most promising child when the second best's number is `second`: `second + 1`, or
    /// `second * (1 + ε)` when that is larger; never past [`UNBOUNDED`].
    fn past(self, second: u32) -> u32 {
        let extra = u64::from(second) * u64::from(self.percent) / 100;
        let extra = u32::try_from(extra).unwrap_or(u32::MAX).max(1);
        second.saturating_add(extra).min(UNBOUNDED)
    }
}

/// df-pn's choice (multiple iterative deepening): the most promising child (an OR state's least proof number,
/// an AND state's least disproof number) and the limits it is searched with: until its number passes the second
/// most promising child's (widened by `widening`, SOLVER-3.9), or the state's own limits would be passed.
/// `here` is `combine(or, children)`.
pub(crate) fn select(
    or: bool,
    children: &[Numbers],
    here: Numbers,
    proof_limit: u32,
    disproof_limit: u32,
    widening: Widening,
) -> (usize, u32, u32) {
    let pick = |c: &Numbers| if or { c.proof } else { c.disproof };
    let mut best = 0;
    let mut second = INFINITE;
    for (i, c) in children.iter().enumerate() {
        if pick(c) < pick(&children[best]) {
            second = pick(&children[best]);
            best = i;
        } else if i != best {
            second = second.min(pick(c));
        }
    }
    let c = children.get(best).copied().unwrap_or(UNKNOWN);
    let (child_proof, child_disproof) = if or {
        (
            proof_limit.min(widening.past(second)),
            disproof_limit
                .saturating_sub(here.disproof)
                .saturating_add(c.disproof)
                .min(UNBOUNDED),
        )
    } else {
        (
            proof_limit
                .saturating_sub(here.proof)
                .saturating_add(c.proof)
                .min(UNBOUNDED),
            disproof_limit.min(widening.past(second)),
        )
    };
    (best, child_proof, child_disproof)
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn open(proof: u32, disproof: u32) -> Numbers {
        Numbers { proof, disproof }
    }

    #[test]
    fn weak_numbers_take_the_largest_child_plus_one_per_other_open_child() {
        let children = [open(2, 5), open(3, 1), DISPROVEN, open(1, 4)];
        // An OR state: the least proof number; for the disproof, 5 plus the two other open children (a
        // disproven child needs nothing more), where the plain sum is 10.
        assert_eq!(combine_weak(true, &children), open(1, 7));
        assert_eq!(combine(true, &children), open(1, 10));
        // An AND state: the disproven child disproves it; the proof number cannot be reached.
        assert_eq!(combine_weak(false, &children).disproof, 0);
        assert!(combine_weak(false, &children).proof >= INFINITE - 2);
        // Settled children settle the state exactly as with sums.
        assert_eq!(combine_weak(true, &[DISPROVEN, DISPROVEN]), DISPROVEN);
        assert_eq!(combine_weak(true, &[open(4, 4), PROVEN]).proof, 0);
        assert_eq!(combine_weak(false, &[PROVEN, PROVEN]), PROVEN);
        assert_eq!(combine_weak(true, &[]), combine(true, &[]));
        assert_eq!(combine_weak(false, &[]), combine(false, &[]));
    }
}
