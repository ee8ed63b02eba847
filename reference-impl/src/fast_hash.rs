//! A fast hasher for the solvers' tables, whose keys are already well-mixed hashes or small bit sets (SipHash's
//! protection against chosen keys is not needed there).

use std::hash::Hasher;

/// A fast hasher for keys that are already well mixed (the NAJ solver's positions hash through their fingerprint,
/// the Kee solver's keys are 128-bit hashes).
#[derive(Default)]
pub(crate) struct FingerprintHasher(u64);

impl Hasher for FingerprintHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(0x100_0000_01B3);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0 ^ value)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }

    fn write_u128(&mut self, value: u128) {
        self.write_u64(value as u64);
        self.write_u64((value >> 64) as u64);
    }

    fn write_u8(&mut self, value: u8) {
        self.write_u64(u64::from(value));
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }

    fn write_u32(&mut self, value: u32) {
        self.write_u64(u64::from(value));
    }
}

/// Builds [`FingerprintHasher`]s.
pub(crate) type FastBuild = std::hash::BuildHasherDefault<FingerprintHasher>;

/// A hash map keyed through [`FingerprintHasher`].
pub(crate) type FastMap<K, V> = std::collections::HashMap<K, V, FastBuild>;

/// A hash set keyed through [`FingerprintHasher`].
pub(crate) type FastSet<K> = std::collections::HashSet<K, FastBuild>;
