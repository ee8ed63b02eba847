//! KEE-4, KEE-5: the players, in their fixed order of play.

use std::fmt;

/// KEE-4: a player, by his place in the order of play (0 moves first). A usual game has two: Black (0) and
/// White (1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(pub u8);

impl Player {
    /// KEE-5: the player who plays after this one, among `count` players.
    pub fn next(self, count: u8) -> Player {
        Player((self.0 + 1) % count.max(1))
    }

    /// KEE-4: the player's place in the order of play.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Player {
    /// KEE-4: `player 1`, `player 2`, ... (1-based, as people count).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0 + 1)
    }
}
