//! CORE-2: the players' colours.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// CORE-2.1: the colour of a player and of his stones.
///
/// Two-player rules use Black and White. The enum is `non_exhaustive` so that rules with more players
/// (Kee rules) can add colours later; code outside this crate already has to handle that case.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// CORE-2.1: the player who moves first in the alternation unless told otherwise (NAJ-2.1).
    Black,
    /// CORE-2.1: the second player.
    White,
}

impl Color {
    /// CORE-2.1: every colour, in turn order.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// CORE-2.1: the number of colours in play.
    pub const COUNT: usize = Color::ALL.len();

    /// CORE-2.1: the player who moves after this one in turn order.
    pub fn next(self) -> Color {
        Color::ALL[(self.index() + 1) % Color::COUNT]
    }

    /// CORE-2.1: the opponent of a two-player game (the same as [`Color::next`]).
    pub fn opponent(self) -> Color {
        self.next()
    }

    /// CORE-2.1: the position of this colour in turn order (Black 0, White 1).
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// CORE-2.1: the diagram symbol of a stone of this colour: `#` for Black, `O` for White.
    pub fn symbol(self) -> char {
        match self {
            Color::Black => '#',
            Color::White => 'O',
        }
    }

    /// CORE-2.1: the colour whose stones are drawn with `symbol`, if any.
    pub fn from_symbol(symbol: char) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|color| color.symbol() == symbol)
    }

    /// The colour's letter in GTP answers and results (`B`, `W`: `B+3`, `W+R`).
    pub fn letter(self) -> &'static str {
        match self {
            Color::Black => "B",
            Color::White => "W",
        }
    }

    /// CORE-2.1: the colour's name as the rules write it (`black`, `white`).
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// CORE-2.1: a text that names no colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseColorError(pub String);

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a colour: {:?} (expected black, white, B or W)",
            self.0
        )
    }
}

impl std::error::Error for ParseColorError {}

impl FromStr for Color {
    type Err = ParseColorError;

    fn from_str(text: &str) -> Result<Color, ParseColorError> {
        match text {
            "black" | "Black" | "B" | "b" => Ok(Color::Black),
            "white" | "White" | "W" | "w" => Ok(Color::White),
            _ => Err(ParseColorError(text.to_string())),
        }
    }
}

/// CORE-2.1: one value per colour (prisoners, scores), indexed by [`Color`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T>([T; Color::COUNT]);

impl<T> ByColor<T> {
    /// CORE-2.1: a value per colour, built by calling `value` for each colour in turn order.
    pub fn from_fn(mut value: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor(Color::ALL.map(&mut value))
    }

    /// CORE-2.1: the values with Black's and White's exchanged (colour inversion).
    pub fn swapped(self) -> ByColor<T> {
        let [black, white] = self.0;
        ByColor([white, black])
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    fn index(&self, color: Color) -> &T {
        &self.0[color.index()]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        &mut self.0[color.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_alternate_and_round_trip() {
        assert_eq!(Color::Black.opponent(), Color::White);
        assert_eq!(Color::White.opponent(), Color::Black);
        for color in Color::ALL {
            assert_eq!(Color::from_symbol(color.symbol()), Some(color));
            assert_eq!(color.to_string().parse::<Color>(), Ok(color));
        }
        assert!("red".parse::<Color>().is_err());
    }
}
