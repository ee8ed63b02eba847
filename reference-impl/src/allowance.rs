//! SOLVER-1.5: what bounds a search besides its node allowance: a wall-clock deadline, and tables that never
//! hold more than a fixed number of entries. Shared by the NAJ solver, the Kee solver and the Japanese 1989
//! status search.

use crate::proof_numbers::Numbers;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::time::{Duration, Instant};

/// SOLVER-1.5: the moment after which a search gives up (as when its node allowance runs out), or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Deadline(Option<Instant>);

/// How many nodes pass between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

impl Deadline {
    /// No deadline: only the node allowance bounds the search.
    pub const NONE: Deadline = Deadline(None);

    /// The deadline `duration` from now (none if that moment cannot be represented).
    pub fn after(duration: Duration) -> Deadline {
        Deadline(Instant::now().checked_add(duration))
    }

    /// The time left before the deadline (`None`: no deadline).
    pub fn remaining(self) -> Option<Duration> {
        self.0.map(|t| t.saturating_duration_since(Instant::now()))
    }

    /// Whether the deadline has passed.
    pub fn passed(self) -> bool {
        self.0.is_some_and(|t| Instant::now() >= t)
    }

    /// Whether the deadline has passed, looking at the clock only when the node count went from `before` to
    /// `after` across a multiple of 1,024 (so that counting stays cheap).
    pub fn passed_between(self, before: u64, after: u64) -> bool {
        self.0.is_some() && before / CLOCK_EVERY != after / CLOCK_EVERY && self.passed()
    }

    /// [`Deadline::passed_between`] for a search that counts its nodes one at a time: `nodes` is the count
    /// after the node just visited.
    pub fn passed_at(self, nodes: u64) -> bool {
        self.passed_between(nodes.saturating_sub(1), nodes)
    }
}

/// SOLVER-4.6: what a proof-number table keeps per key, and whether any of it is settled (an answer found, not
/// only numbers that steer the search).
pub(crate) trait TableEntry: Copy {
    fn settled(&self) -> bool;
}

impl TableEntry for Numbers {
    fn settled(&self) -> bool {
        Numbers::settled(*self)
    }
}

/// SOLVER-4.6: a proof-number table of at most `capacity` entries. When a new entry finds it full, the open
/// (unsettled) entries are dropped; if the settled ones still fill more than half of it, every entry is. A
/// dropped entry is only knowledge lost: the state is searched again when met, so every answer stays sound.
pub(crate) struct BoundedTable<K, S, V = Numbers> {
    map: HashMap<K, V, S>,
    capacity: usize,
}

impl<K: Hash + Eq, S: BuildHasher + Default, V: TableEntry> BoundedTable<K, S, V> {
    /// An empty table that holds at most `capacity` entries.
    pub fn new(capacity: usize) -> Self {
        BoundedTable {
            map: HashMap::default(),
            capacity: capacity.max(1),
        }
    }

    /// The entry stored for `key`.
    pub fn get(&self, key: &K) -> Option<V> {
        self.map.get(key).copied()
    }

    /// Stores `entry` for `key`, making room first if the table is full.
    pub fn store(&mut self, key: K, entry: V) {
        self.update(key, entry, |stored| *stored = entry);
    }

    /// Changes the entry of `key` by `change` (starting from `empty` if it has none), making room first if the
    /// table is full.
    pub fn update(&mut self, key: K, empty: V, change: impl FnOnce(&mut V)) {
        if self.map.len() >= self.capacity && !self.map.contains_key(&key) {
            self.map.retain(|_, entry| entry.settled());
            if self.map.len() > self.capacity / 2 {
                self.map.clear();
            }
        }
        change(self.map.entry(key).or_insert(empty));
    }

    /// The entries held.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.map.len()
    }
}

/// SOLVER-4.6: the most entries a cache of values that depend on a position alone holds (the alternation's
/// final-positions, SOLVER-4.4; the analyses' immortal stones and bounds, SOLVER-3.3).
pub(crate) const MAX_CACHED: usize = 1_000_000;

/// SOLVER-4.6: remembers `value` for `key` in a cache of values that depend on the key alone; a full cache is
/// emptied first (dropping a cached value loses only the time to compute it again).
pub(crate) fn remember<K: Hash + Eq, V, S: BuildHasher>(
    cache: &mut HashMap<K, V, S>,
    key: K,
    value: V,
) {
    make_room(cache, &key);
    cache.insert(key, value);
}

/// SOLVER-4.6: the entry of `key` in a cache of values that depend on the key alone, made by `empty` if it has
/// none; a full cache that does not hold `key` is emptied first.
pub(crate) fn remembered<K: Hash + Eq, V, S: BuildHasher>(
    cache: &mut HashMap<K, V, S>,
    key: K,
    empty: impl FnOnce() -> V,
) -> &mut V {
    make_room(cache, &key);
    cache.entry(key).or_insert_with(empty)
}

/// SOLVER-4.6: empties a full cache before `key` would make it grow.
fn make_room<K: Hash + Eq, V, S: BuildHasher>(cache: &mut HashMap<K, V, S>, key: &K) {
    if cache.len() >= MAX_CACHED && !cache.contains_key(key) {
        cache.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proof_numbers::{PROVEN, UNKNOWN};

    #[test]
    fn a_full_table_drops_open_entries_first_and_never_outgrows_its_capacity() {
        let mut table: BoundedTable<u32, RandomState> = BoundedTable::new(4);
        table.store(0, PROVEN);
        table.store(1, UNKNOWN);
        table.store(2, UNKNOWN);
        table.store(3, UNKNOWN);
        table.store(4, UNKNOWN);
        assert_eq!(
            table.len(),
            2,
            "the open entries went, the settled one stayed"
        );
        assert_eq!(table.get(&0), Some(PROVEN));
        assert_eq!(table.get(&1), None);
        for k in 5..1000 {
            table.store(k, PROVEN);
            assert!(table.len() <= 4);
        }
        assert_eq!(table.get(&999), Some(PROVEN));
    }

    #[test]
    fn a_full_cache_is_emptied_before_it_grows() {
        let mut cache: HashMap<usize, ()> = HashMap::new();
        for k in 0..MAX_CACHED + 3 {
            remember(&mut cache, k, ());
        }
        assert_eq!(cache.len(), 3);
    }

    #[test]
    fn deadlines() {
        assert!(!Deadline::NONE.passed());
        assert!(Deadline::after(Duration::ZERO).passed());
        assert!(!Deadline::after(Duration::from_secs(3600)).passed());
        assert!(!Deadline::after(Duration::ZERO).passed_between(1, 2));
        assert!(Deadline::after(Duration::ZERO).passed_between(1023, 1024));
        assert!(Deadline::after(Duration::ZERO).passed_at(2048));
        assert!(!Deadline::after(Duration::ZERO).passed_at(2047));
        assert!(
            !Deadline::after(Duration::MAX).passed(),
            "an unrepresentable moment is none"
        );
    }

    use std::collections::hash_map::RandomState;
}
