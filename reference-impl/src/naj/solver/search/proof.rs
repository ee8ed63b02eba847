//! SOLVER-3.7: "is the value at least t?" by depth-first proof-number search (df-pn), with two tables: open
//! numbers per exact state (SOLVER-4.5), and settled answers per position-level key (SOLVER-4.1), reused after
//! another history only under the dependence guard of SOLVER-4.8.

use super::{History, Key, Phase, Search, Stones};
use crate::naj::solver::search::{OutOfNodes, ZoneFacts};
use crate::naj::solver::stones::{FastMap, Mask};
use crate::naj::solver::{sums, threats, zones};
use crate::proof_numbers::{combine, select, Numbers, DISPROVEN, PROVEN, UNBOUNDED, UNKNOWN};

/// SOLVER-4.6: the most entries the table of open numbers holds (about 130 bytes each with the map's
/// overhead).
pub(in crate::naj::solver) const MAX_ENTRIES: usize = 8_000_000;

/// SOLVER-4.6, SOLVER-4.8: the most settled answers held (about 150 bytes each with the map's overhead); a full
/// table is emptied (an answer lost is searched again).
pub(in crate::naj::solver) const MAX_SETTLED: usize = 4_000_000;

/// SOLVER-4.8: the most settled answers held for one key (of different thresholds or guards); the oldest
/// makes room.
const SETTLED_PER_KEY: usize = 4;

/// SOLVER-4.5: a 128-bit hash of a transition (two positions), for the set of transitions used.
pub(in crate::naj::solver) fn transition_hash(from: &Stones, to: &Stones) -> u128 {
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

/// SOLVER-4.8: an over-approximation of the set V of positions at which a settled answer's proof generated
/// moves: the stones every position of V holds (a position lacking one of them is not in V), and a Bloom
/// filter of 256 bits, two per position (a position whose bits are not all set is not in V). Neither test ever
/// excludes a position of V.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Depends {
    common: Stones,
    bloom: [u64; 4],
    /// SOLVER-3.10: each player's safe zones some state of the proof was settled by: the answer holds after a
    /// history only if that player lost no stone on them.
    zones: Stones,
    /// SOLVER-3.10 ("After losses"): each player's safe zones some state of the proof was settled by after losses
    /// on them: the answer holds after a history only if that player placed no stone on them.
    unplayed: Stones,
}

impl Depends {
    /// SOLVER-4.8: the empty set: an answer that depends on no history (the end of the move-sequence, or the
    /// bounds of its position).
    pub const NONE: Depends = Depends {
        common: Stones {
            black: Mask::MAX,
            white: Mask::MAX,
        },
        bloom: [0; 4],
        zones: Stones { black: 0, white: 0 },
        unplayed: Stones { black: 0, white: 0 },
    };

    /// SOLVER-3.10: the set of an answer settled by the safe zones `zones` of its position.
    fn zoned(zones: Stones) -> Depends {
        Depends {
            zones,
            ..Depends::NONE
        }
    }

    /// SOLVER-3.13: the set of an answer that depends on the whole history (every position may be in it): it
    /// holds after another history only if that made the same transitions, hence went through the same positions.
    pub const WHOLE_HISTORY: Depends = Depends {
        common: Stones { black: 0, white: 0 },
        bloom: [u64::MAX; 4],
        zones: Stones { black: 0, white: 0 },
        unplayed: Stones { black: 0, white: 0 },
    };

    /// SOLVER-3.10 ("After losses"): the set of an answer settled by the safe zones `zones` of its position, some
    /// of them used after losses on them.
    fn zoned_after_losses(zones: Stones) -> Depends {
        Depends {
            unplayed: zones,
            ..Depends::NONE
        }
    }

    /// SOLVER-3.10: whether a history that lost stones on the intersections `lost` and placed stones on `placed`
    /// keeps every zone usable.
    fn zones_hold(&self, lost: &Stones, placed: &Stones) -> bool {
        self.zones.black & lost.black == 0
            && self.zones.white & lost.white == 0
            && self.unplayed.black & placed.black == 0
            && self.unplayed.white & placed.white == 0
    }

    fn bits(fingerprint: u64) -> [(usize, u64); 2] {
        let a = (fingerprint >> 8) as usize & 255;
        let b = (fingerprint >> 40) as usize & 255;
        [(a / 64, 1 << (a % 64)), (b / 64, 1 << (b % 64))]
    }

    /// Adds `position`, whose fingerprint is `fingerprint`.
    fn add(&mut self, position: &Stones, fingerprint: u64) {
        self.common.black &= position.black;
        self.common.white &= position.white;
        for (word, bit) in Depends::bits(fingerprint) {
            self.bloom[word] |= bit;
        }
    }

    /// Adds every position of `other`.
    fn join(&mut self, other: &Depends) {
        self.common.black &= other.common.black;
        self.common.white &= other.common.white;
        for (mine, theirs) in self.bloom.iter_mut().zip(other.bloom) {
            *mine |= theirs;
        }
        self.zones.black |= other.zones.black;
        self.zones.white |= other.zones.white;
        self.unplayed.black |= other.unplayed.black;
        self.unplayed.white |= other.unplayed.white;
    }

    /// Whether `position` (with this fingerprint) may be in the set: always true if it is.
    fn may_hold(&self, position: &Stones, fingerprint: u64) -> bool {
        position.black & self.common.black == self.common.black
            && position.white & self.common.white == self.common.white
            && Depends::bits(fingerprint)
                .iter()
                .all(|&(word, bit)| self.bloom[word] & bit != 0)
    }
}

/// SOLVER-4.8: a settled answer for a key: "at least `threshold`" proven or disproven, what it depends on, the
/// set of transitions used by the history it was found after, and (as a hash) the part of that set that
/// leaves a position of `depends`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Settled {
    threshold: i64,
    proven: bool,
    depends: Depends,
    used: u128,
    relevant: u128,
}

impl Settled {
    /// SOLVER-4.8: whether this answer decides "at least `t`": a proof of a threshold at least `t`, or a
    /// disproof of one at most `t`.
    fn decides(&self, t: i64) -> bool {
        if self.proven {
            self.threshold >= t
        } else {
            self.threshold <= t
        }
    }
}

/// SOLVER-4.8: the settled answers, by key.
pub(super) struct SettledTable {
    map: FastMap<Key, Vec<Settled>>,
    entries: usize,
}

impl SettledTable {
    pub fn new() -> SettledTable {
        SettledTable {
            map: FastMap::default(),
            entries: 0,
        }
    }

    fn store(&mut self, key: Key, settled: Settled) {
        if self.entries >= MAX_SETTLED {
            self.map.clear();
            self.entries = 0;
        }
        let answers = self.map.entry(key).or_default();
        if answers.len() >= SETTLED_PER_KEY {
            answers.remove(0);
            self.entries -= 1;
        }
        answers.push(settled);
        self.entries += 1;
    }
}

/// SOLVER-3.7: numbers for a state, and (once settled) the positions the answer depends on (SOLVER-4.8).
#[derive(Clone, Copy, Debug)]
struct Known {
    numbers: Numbers,
    depends: Depends,
}

impl Known {
    fn open(numbers: Numbers) -> Known {
        Known {
            numbers,
            depends: Depends::NONE,
        }
    }
}

impl<P: Phase> Search<'_, P> {
    /// SOLVER-3.6, SOLVER-3.7: whether the value of the current state is at least `threshold`, by df-pn until
    /// settled.
    pub fn at_least(&mut self, threshold: i64) -> Result<bool, OutOfNodes> {
        self.question_root = self.moves.len();
        self.threats_now = false;
        let delay = self.budget.tuning.ko_fight_delay;
        if self.budget.tuning.ko_beside_zones && delay > 0 {
            // SOLVER-3.14: df-pn alone first; a question it has not settled within `ko_fight_delay` nodes is asked
            // again from its start with a new proof of G allowed there (the tables keep what df-pn found).
            // A question with less than that (a principal variation's early round) gets no new proof.
            let limit = self.budget.limit;
            let cap = self.budget.used.saturating_add(delay);
            if cap >= limit {
                return self.settle(threshold);
            }
            self.budget.limit = cap;
            let answer = self.settle(threshold);
            self.budget.limit = limit;
            match answer {
                Err(OutOfNodes) if self.budget.used > cap && !self.budget.deadline.passed() => {}
                answer => return answer,
            }
        }
        self.threats_now = self.budget.tuning.ko_beside_zones;
        self.settle(threshold)
    }

    /// SOLVER-3.7: df-pn on the current state until "at least `threshold`" is settled.
    fn settle(&mut self, threshold: i64) -> Result<bool, OutOfNodes> {
        loop {
            let n = self.mid(threshold, UNBOUNDED, UNBOUNDED)?.numbers;
            if n.proof == 0 {
                return Ok(true);
            }
            if n.disproof == 0 {
                return Ok(false);
            }
        }
    }

    /// SOLVER-4.5, SOLVER-4.9: the part of the set of transitions used that keys the open numbers: all of it, or
    /// (SOLVER-4.9) the transitions made from positions that hold every stone immortal in the current one.
    fn steering_transitions(&mut self) -> u128 {
        if !self.budget.tuning.open_numbers_by_immortal {
            return self.used_top();
        }
        let position = *self.position();
        let lasting = self.phase.immortal_stones(&position);
        if lasting.black == 0 && lasting.white == 0 {
            return self.used_top();
        }
        self.transitions_from(|from, _| {
            from.black & lasting.black == lasting.black
                && from.white & lasting.white == lasting.white
        })
    }

    /// SOLVER-4.8: the hash of the transitions the history made from positions `depends` may hold.
    fn relevant_transitions(&self, depends: &Depends) -> u128 {
        self.transitions_from(|from, fingerprint| depends.may_hold(from, fingerprint))
    }

    /// SOLVER-4.5: the hash of the transitions the history's plays made from positions that `keep` accepts (given
    /// each position and its fingerprint).
    fn transitions_from(&self, keep: impl Fn(&Stones, u64) -> bool) -> u128 {
        let mut hash = 0;
        for i in 0..self.moves.len() {
            let made = self.used[i + 1] ^ self.used[i];
            if made != 0 && keep(&self.positions[i], self.fingerprints[i]) {
                hash ^= made;
            }
        }
        hash
    }

    /// SOLVER-4.8: a settled answer stored for the current state's key that decides "at least `t`" and holds
    /// after the current history.
    fn settled_here(&self, t: i64) -> Option<Known> {
        let answers = self.settled.map.get(&self.key())?;
        let used = self.used_top();
        let lost = self.lost_top();
        let placed = self.placed_top();
        answers
            .iter()
            .rev()
            .find(|a| {
                // The same transitions: the same positions, losses and placements (SOLVER-3.10's zones hold as
                // they did); else the zones' conditions, and the same transitions from the proof's positions.
                a.decides(t)
                    && (a.used == used
                        || (a.depends.zones_hold(&lost, &placed)
                            && a.relevant == self.relevant_transitions(&a.depends)))
            })
            .map(|a| Known {
                numbers: if a.proven { PROVEN } else { DISPROVEN },
                depends: a.depends,
            })
    }

    /// SOLVER-4.8: stores the settled answer `known` of "at least `t`" at the current state.
    fn store_settled(&mut self, t: i64, known: Known) {
        let settled = Settled {
            threshold: t,
            proven: known.numbers.proof == 0,
            depends: known.depends,
            used: self.used_top(),
            relevant: self.relevant_transitions(&known.depends),
        };
        self.settled.store(self.key(), settled);
    }

    /// SOLVER-3.7, SOLVER-4.5, SOLVER-4.8: the numbers of the current state for "at least `t`", as far as known
    /// without searching: settled by the end of the move-sequence or by the position's bounds (SOLVER-3.3), or
    /// by a stored answer that holds after this history; else the open numbers of its exact state, or those of a
    /// state not searched yet.
    fn known(&mut self, t: i64, thorough: bool) -> Result<Known, OutOfNodes> {
        let position = *self.position();
        if self.passes() >= self.phase.end_passes() {
            let value = self.phase.end_value(&position, &mut self.budget)?;
            return Ok(Known::open(if value >= t { PROVEN } else { DISPROVEN }));
        }
        let (low, high) = if thorough {
            self.phase.bounds(&position, &mut self.budget)?
        } else {
            self.phase.cheap_bounds(&position)
        };
        if low >= t {
            return Ok(Known::open(PROVEN));
        }
        if high < t {
            return Ok(Known::open(DISPROVEN));
        }
        if self.budget.tuning.zone_points > 0 {
            // SOLVER-3.10: the facts of the current state's history the safe zones' bounds depend on.
            let facts = ZoneFacts {
                to_move: self.to_move(),
                passes: self.passes(),
                lost: self.lost_top(),
                line: &self.positions,
            };
            let verdict = match self.phase.as_zoned() {
                Some(zoned) => {
                    zones::verdict(zoned, &position, facts, t, thorough, &mut self.budget)?
                }
                None => None,
            };
            if let Some(verdict) = verdict {
                return Ok(Known {
                    numbers: if verdict.proven { PROVEN } else { DISPROVEN },
                    depends: if verdict.after_losses {
                        Depends::zoned_after_losses(verdict.zones)
                    } else {
                        Depends::zoned(verdict.zones)
                    },
                });
            }
        }
        if thorough && self.budget.tuning.region_sums {
            if let Some(known) = self.sum_verdict(t, &position)? {
                return Ok(known);
            }
        }
        if thorough && self.budget.tuning.ko_beside_zones && self.moves.len() == self.question_root
        {
            if let Some(known) = self.threat_verdict(t)? {
                return Ok(known);
            }
        }
        if let Some(known) = self.settled_here(t) {
            return Ok(known);
        }
        let steering = self.steering_transitions();
        let fresh = start_numbers(self.budget.tuning.start_numbers, t, low, high);
        Ok(Known::open(
            self.proofs.get(&(self.key(), steering, t)).unwrap_or(fresh),
        ))
    }

    /// SOLVER-3.13: "at least `t`" disproven by the sum of the regions of `position` (the current one), if it is.
    fn sum_verdict(&mut self, t: i64, position: &Stones) -> Result<Option<Known>, OutOfNodes> {
        let maximizer = self.phase.maximizer();
        let immortal = self.phase.immortal_stones(position);
        let history = History {
            transitions: &self.transitions,
            moves: &self.moves,
            fingerprints: &self.fingerprints,
            positions: &self.positions,
        };
        let Some(zoned) = self.phase.as_zoned() else {
            return Ok(None);
        };
        let Some((geometry, final_position, cache)) = zoned.sums() else {
            return Ok(None);
        };
        let used = |from: &Stones, to: &Stones| history.transition_used(from, to);
        let state = sums::SumState {
            geometry,
            final_position,
            maximizer,
            position,
            immortal,
            transition_used: &used,
            line: &self.positions,
        };
        Ok(
            sums::verdict(&state, t, cache, &mut self.budget)?.then_some(Known {
                numbers: DISPROVEN,
                depends: Depends::WHOLE_HISTORY,
            }),
        )
    }

    /// SOLVER-3.14: "at least `t`" proven by the maximiser's ko fight beside his safe zones, if it is.
    fn threat_verdict(&mut self, t: i64) -> Result<Option<Known>, OutOfNodes> {
        let maximizer = self.phase.maximizer();
        let minimizer_to_move = self.to_move() != maximizer;
        let passes = self.passes();
        let end_passes = self.phase.end_passes();
        let Some(zoned) = self.phase.as_zoned() else {
            return Ok(None);
        };
        let Some((geometry, final_position, cache)) = zoned.threats() else {
            return Ok(None);
        };
        let state = threats::ThreatState {
            geometry,
            final_position,
            maximizer,
            line: &self.positions,
            minimizer_to_move,
            passes,
            end_passes,
        };
        Ok(
            threats::proves(&state, t, self.threats_now, cache, &mut self.budget)?.then_some(
                Known {
                    numbers: PROVEN,
                    depends: Depends::WHOLE_HISTORY,
                },
            ),
        )
    }

    /// SOLVER-3.7: df-pn's multiple iterative deepening on the current state.
    fn mid(&mut self, t: i64, proof_limit: u32, disproof_limit: u32) -> Result<Known, OutOfNodes> {
        self.budget.spend(1)?;
        if self.moves.len() > self.budget.max_depth {
            return Err(OutOfNodes);
        }
        let here = self.known(t, true)?;
        if here.numbers.settled() || here.numbers.reaches(proof_limit, disproof_limit) {
            return Ok(here);
        }
        let or = self.to_move() == self.phase.maximizer();
        let children = self.children();
        let mut known = Vec::with_capacity(children.len());
        for child in &children {
            self.push(child);
            let k = self.known(t - child.gain, false);
            self.pop();
            known.push(k?);
        }
        let mut numbers: Vec<Numbers> = known.iter().map(|k| k.numbers).collect();
        loop {
            let n = combine(or, &numbers);
            if n.settled() {
                let settled = Known {
                    numbers: n,
                    depends: self.depends_of(or, n, &known),
                };
                self.store_settled(t, settled);
                return Ok(settled);
            }
            if n.reaches(proof_limit, disproof_limit) {
                let steering = self.steering_transitions();
                self.proofs.store((self.key(), steering, t), n);
                return Ok(Known::open(n));
            }
            let (best, child_proof, child_disproof) = select(
                or,
                &numbers,
                n,
                proof_limit,
                disproof_limit,
                self.budget.tuning.widening,
            );
            let child = children[best];
            self.push(&child);
            let result = self.mid(t - child.gain, child_proof, child_disproof);
            self.pop();
            let result = result?;
            numbers[best] = result.numbers;
            known[best] = result;
        }
    }

    /// SOLVER-4.8: what the settled answer of the current state depends on: its own position (its legal moves
    /// depend on the transitions used from it) and the dependences of the children that settle it: the first
    /// child settled the way the state's player wants, if he won; else every child.
    fn depends_of(&self, or: bool, n: Numbers, children: &[Known]) -> Depends {
        let mut depends = Depends::NONE;
        depends.add(
            self.position(),
            self.fingerprints[self.fingerprints.len() - 1],
        );
        let won = (n.proof == 0) == or;
        let wins = |k: &Known| {
            if or {
                k.numbers.proof == 0
            } else {
                k.numbers.disproof == 0
            }
        };
        if won {
            if let Some(child) = children.iter().find(|k| wins(k)) {
                depends.join(&child.depends);
            }
        } else {
            for child in children {
                depends.join(&child.depends);
            }
        }
        depends
    }
}

/// SOLVER-3.12: the numbers of a state not searched yet for "at least `t`", whose position's bounds are `low` and
/// `high` (`low < t <= high`): 1 and 1 when `divisor` is 0; else each 1 plus the distance to be covered, divided by
/// `divisor`: `t - low` for a proof, `high + 1 - t` for a disproof.
fn start_numbers(divisor: u32, t: i64, low: i64, high: i64) -> Numbers {
    if divisor == 0 {
        return UNKNOWN;
    }
    let distance = |d: i64| u32::try_from(d.max(0)).unwrap_or(u32::MAX) / divisor;
    Numbers {
        proof: distance(t - low).saturating_add(1).min(UNBOUNDED - 1),
        disproof: distance(high + 1 - t).saturating_add(1).min(UNBOUNDED - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_numbers_grow_with_the_distance_to_the_threshold() {
        assert_eq!(start_numbers(0, 10, 2, 30), UNKNOWN);
        // "At least 10" with 2 <= value <= 30: 8 to go for a proof, 21 for a disproof.
        assert_eq!(
            start_numbers(2, 10, 2, 30),
            Numbers {
                proof: 5,
                disproof: 11
            }
        );
        assert_eq!(
            start_numbers(1, 3, 2, 3),
            Numbers {
                proof: 2,
                disproof: 2
            }
        );
    }
}
