//! SOLVER-3.7: "is the value at least t?" by depth-first proof-number search (df-pn), with a table keyed on
//! the whole state the rest of the move-sequence depends on (SOLVER-4.5): the key of SOLVER-4.1 plus the set of
//! transitions the history has used (the fixed-ko rule, KO-2.1).

use super::{Phase, Search, Stones};
use crate::naj::solver::search::OutOfNodes;
use crate::proof_numbers::{combine, select_widened, Numbers, DISPROVEN, PROVEN, UNBOUNDED, UNKNOWN};

/// SOLVER-4.6: the most entries a table holds (about 130 bytes each with the map's overhead, so at most
/// about 1 GiB).
pub(in crate::naj::solver) const MAX_ENTRIES: usize = 8_000_000;

/// Experiment: `NAJ_EPSILON` = k in the environment gives 1 + 1/k (0: off).
fn inverse_epsilon() -> u32 {
    static K: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *K.get_or_init(|| {
        std::env::var("NAJ_EPSILON")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    })
}

/// SOLVER-4.5: a 128-bit hash of a transition (two positions), for the set of transitions used.
pub(super) fn transition_hash(from: &Stones, to: &Stones) -> u128 {
    fn mix(mut x: u64) -> u64 {
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }
    let words = [
        from.black as u64,
        (from.black >> 64) as u64,
        from.white as u64,
        (from.white >> 64) as u64,
        to.black as u64,
        (to.black >> 64) as u64,
        to.white as u64,
        (to.white >> 64) as u64,
    ];
    let half = |seed: u64| {
        words
            .iter()
            .fold(seed, |h, &w| mix(h ^ mix(w)).rotate_left(23))
    };
    (u128::from(half(0x9e37_79b9_7f4a_7c15)) << 64) | u128::from(half(0xc2b2_ae3d_27d4_eb4f))
}

impl<P: Phase> Search<'_, P> {
    /// SOLVER-3.6, SOLVER-3.7: whether the value of the current state is at least `threshold`, by df-pn until
    /// settled.
    pub fn at_least(&mut self, threshold: i64) -> Result<bool, OutOfNodes> {
        loop {
            let n = self.mid(threshold, UNBOUNDED, UNBOUNDED)?;
            if n.proof == 0 {
                return Ok(true);
            }
            if n.disproof == 0 {
                return Ok(false);
            }
        }
    }

    /// SOLVER-4.5: the numbers of the current state for "at least `t`", as far as known without searching:
    /// settled by the end of the move-sequence or by the position's bounds (SOLVER-3.3), else the table's.
    fn known(&mut self, t: i64) -> Result<Numbers, OutOfNodes> {
        let position = *self.position();
        if self.passes() >= self.phase.end_passes() {
            let value = self.phase.end_value(&position, &mut self.budget)?;
            return Ok(if value >= t { PROVEN } else { DISPROVEN });
        }
        let (low, high) = self.phase.bounds(&position, &mut self.budget)?;
        if low >= t {
            return Ok(PROVEN);
        }
        if high < t {
            return Ok(DISPROVEN);
        }
        Ok(self
            .proofs
            .get(&(self.key(), self.used_top(), t))
            .unwrap_or(UNKNOWN))
    }

    /// SOLVER-3.7: df-pn's multiple iterative deepening on the current state.
    fn mid(
        &mut self,
        t: i64,
        proof_limit: u32,
        disproof_limit: u32,
    ) -> Result<Numbers, OutOfNodes> {
        self.budget.spend(1)?;
        if self.moves.len() > self.budget.max_depth {
            return Err(OutOfNodes);
        }
        let here = self.known(t)?;
        if here.reaches(proof_limit, disproof_limit) {
            return Ok(here);
        }
        let or = self.to_move() == self.phase.maximizer();
        let children = self.children();
        let mut numbers = Vec::with_capacity(children.len());
        for child in &children {
            self.push(child);
            let n = self.known(t - child.gain);
            self.pop();
            numbers.push(n?);
        }
        loop {
            let n = combine(or, &numbers);
            if n.reaches(proof_limit, disproof_limit) {
                self.proofs.store((self.key(), self.used_top(), t), n);
                return Ok(n);
            }
            let (best, child_proof, child_disproof) =
                select_widened(or, &numbers, n, proof_limit, disproof_limit, inverse_epsilon());
            let child = children[best];
            self.push(&child);
            let result = self.mid(t - child.gain, child_proof, child_disproof);
            self.pop();
            numbers[best] = result?;
        }
    }
}
