//! CASE-12: the `count` check (spec/cases.md): a counting method of spec/scoring.md (COUNT) applied to the case
//! board as the final position, with the counts, the margin and the method's own numbers a source states. The
//! schema of the check and its numbers; the lint is in `lint/count.rs`.

use crate::model::{CountMethod, Feature};
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::str::FromStr;

/// COUNT: an amount of points with quarter-point resolution: half counting halves the komi, so that 2.5 komi
/// is compared as 1.25 (COUNT-4.3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Amount {
    /// The amount in quarter points.
    pub quarters: i64,
}

impl Amount {
    /// A whole number of points.
    pub fn whole(points: i64) -> Amount {
        Amount {
            quarters: points * 4,
        }
    }

    /// The amount as a whole number, if it is one.
    pub fn as_whole(self) -> Option<i64> {
        (self.quarters % 4 == 0).then_some(self.quarters / 4)
    }

    /// The amount without its sign.
    pub fn abs(self) -> Amount {
        Amount {
            quarters: self.quarters.abs(),
        }
    }

    fn from_f64(value: f64) -> Result<Amount, String> {
        let q = value * 4.0;
        if !q.is_finite() || q.fract() != 0.0 || q.abs() > 1e9 {
            return Err(format!(
                "expected a number of points that is a multiple of 0.25, found {value}"
            ));
        }
        Ok(Amount { quarters: q as i64 })
    }
}

impl fmt::Display for Amount {
    /// `24`, `24.5`, `25.75`, `-1.75`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.quarters < 0 { "-" } else { "" };
        let q = self.quarters.abs();
        let frac = match q % 4 {
            0 => "",
            1 => ".25",
            2 => ".5",
            _ => ".75",
        };
        write!(f, "{sign}{}{frac}", q / 4)
    }
}

impl FromStr for Amount {
    type Err = String;
    fn from_str(s: &str) -> Result<Amount, String> {
        let v: f64 = s
            .trim()
            .parse()
            .map_err(|_| format!("expected a number of points, found `{s}`"))?;
        Amount::from_f64(v)
    }
}

impl<'de> Deserialize<'de> for Amount {
    /// Checked while the deserializer is on the number, so that an error names its line and column.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Amount;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number of points, a multiple of 0.25")
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Amount, E> {
                Amount::from_f64(v).map_err(E::custom)
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Amount, E> {
                Amount::from_f64(v as f64).map_err(E::custom)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Amount, E> {
                Amount::from_f64(v as f64).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// COUNT-1.2: the margin of a count: who wins by how much (`B+5`, `W+3.5`), or `tie`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Margin {
    /// Black's points minus White's, komi included.
    pub black_minus_white: Amount,
}

impl fmt::Display for Margin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.black_minus_white;
        match m.quarters.signum() {
            0 => f.write_str("tie"),
            1 => write!(f, "B+{m}"),
            _ => write!(f, "W+{}", m.abs()),
        }
    }
}

impl FromStr for Margin {
    type Err = String;
    fn from_str(s: &str) -> Result<Margin, String> {
        let bad = || format!("expected a margin `B+<points>`, `W+<points>` or `tie`, found `{s}`");
        let s = s.trim();
        if s == "tie" {
            return Ok(Margin {
                black_minus_white: Amount::default(),
            });
        }
        let (who, by) = s.split_once('+').ok_or_else(bad)?;
        let by: Amount = by.parse().map_err(|_| bad())?;
        if by.quarters <= 0 {
            return Err(bad());
        }
        let black_minus_white = match who {
            "B" => by,
            "W" => Amount {
                quarters: -by.quarters,
            },
            _ => return Err(bad()),
        };
        Ok(Margin { black_minus_white })
    }
}

impl<'de> Deserialize<'de> for Margin {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::yaml::parse_str(d, "a margin: `B+5`, `W+3.5` or `tie`", |s| {
            s.parse()
                .map_err(|m: String| crate::yaml::located(1, 1, &m))
        })
    }
}

/// A number for each player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerColor {
    /// Black's.
    pub black: u32,
    /// White's.
    pub white: u32,
}

/// CASE-12: a `count` check: the case board is the final position (its dead stones removed, CASE-12.1); the
/// method counts it with the komi (and, for fill-in, the stones left off the board), and the counts are as
/// expected.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Count {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// COUNT-2 to COUNT-8: the method.
    pub method: CountMethod,
    /// COUNT-1.2: komi, added to White's side; a multiple of 0.5 (for fill-in an even whole number, COUNT-7.3).
    #[serde(default)]
    pub komi: Amount,
    /// COUNT-7.1 (fill-in only, and required there): each player's stones left off the board.
    #[serde(default)]
    pub off_board: Option<PerColor>,
    /// What the method counts for Black (COUNT-2 to COUNT-6; not for fill-in).
    #[serde(default)]
    pub black: Option<Amount>,
    /// What the method counts for White (COUNT-2, COUNT-3, COUNT-6; for the half methods, the rest of the
    /// board: (N - S) - Black's).
    #[serde(default)]
    pub white: Option<Amount>,
    /// COUNT-4: N, the grid points of the board.
    #[serde(default)]
    pub grid_points: Option<u32>,
    /// COUNT-1.1: S, the shared (neutral) points.
    #[serde(default)]
    pub shared_points: Option<u32>,
    /// COUNT-4.1: half the board, (N - S) / 2.
    #[serde(default)]
    pub half_board: Option<Amount>,
    /// COUNT-4.2: half the board plus half the komi, what Black's count is compared with.
    #[serde(default)]
    pub target: Option<Amount>,
    /// COUNT-4.2: Black's count minus the target (negative: Black is short).
    #[serde(default)]
    pub difference: Option<Amount>,
    /// COUNT-5.1: Black's empty points as rearranged, a multiple of ten.
    #[serde(default)]
    pub tens: Option<u32>,
    /// COUNT-5.2: Black's stones counted after the rearrangement.
    #[serde(default)]
    pub stones_left: Option<u32>,
    /// COUNT-7.1: each player's supply (equal, COUNT-7.1).
    #[serde(default)]
    pub supply: Option<u32>,
    /// COUNT-7.3: the komi stones (komi / 2, the taker's stones in the payer's area).
    #[serde(default)]
    pub komi_stones: Option<u32>,
    /// COUNT-7.3: stones each player lifts from his own area (the taker for lack of komi stones, the payer for
    /// lack of room).
    #[serde(default)]
    pub lifted: Option<PerColor>,
    /// COUNT-7.5: the losing stones (the loser's stones left after he filled his area).
    #[serde(default)]
    pub losing_stones: Option<u32>,
    /// COUNT-7.5: the empty points left in the areas after every stone is placed.
    #[serde(default)]
    pub empty_left: Option<u32>,
    /// COUNT-8.1: shared points left empty (the odd one).
    #[serde(default)]
    pub shared_left: Option<u32>,
    /// COUNT-1.2: who wins by how much.
    pub margin: Margin,
}

/// CASE-12: one expected number of a `count` check, by the key `gorules-count` answers it with (PROTO-13.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// A number of points.
    Amount(Amount),
    /// A whole number.
    Number(u32),
    /// A number for each player.
    PerColor(PerColor),
    /// A margin.
    Margin(Margin),
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Amount(a) => write!(f, "{a}"),
            Expected::Number(n) => write!(f, "{n}"),
            Expected::PerColor(p) => write!(f, "Black {}, White {}", p.black, p.white),
            Expected::Margin(m) => write!(f, "{m}"),
        }
    }
}

impl Count {
    /// CASE-12: every expectation the check gives, keyed as `gorules-count` answers (PROTO-13.1), in a fixed
    /// order; the margin last.
    pub fn expectations(&self) -> Vec<(&'static str, Expected)> {
        let mut out = Vec::new();
        let mut amount = |k: &'static str, v: Option<Amount>| {
            if let Some(v) = v {
                out.push((k, Expected::Amount(v)));
            }
        };
        amount("black", self.black);
        amount("white", self.white);
        amount("half_board", self.half_board);
        amount("target", self.target);
        amount("difference", self.difference);
        let numbers = [
            ("grid_points", self.grid_points),
            ("shared_points", self.shared_points),
            ("tens", self.tens),
            ("stones_left", self.stones_left),
            ("supply", self.supply),
            ("komi_stones", self.komi_stones),
            ("losing_stones", self.losing_stones),
            ("empty_left", self.empty_left),
            ("shared_left", self.shared_left),
        ];
        for (k, v) in numbers {
            if let Some(v) = v {
                out.push((k, Expected::Number(v)));
            }
        }
        if let Some(l) = self.lifted {
            out.push(("lifted", Expected::PerColor(l)));
        }
        out.push(("margin", Expected::Margin(self.margin)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_and_margins_read_and_print_back() {
        for s in ["24", "24.5", "25.75", "-1.75", "0", "-0.25"] {
            assert_eq!(s.parse::<Amount>().unwrap().to_string(), s);
        }
        assert!("1.1".parse::<Amount>().is_err());
        for s in ["B+5", "W+3.5", "tie", "W+11"] {
            assert_eq!(s.parse::<Margin>().unwrap().to_string(), s);
        }
        for bad in ["B+0", "W-1", "X+1", "B+", "5", "W+0.3"] {
            assert!(bad.parse::<Margin>().is_err(), "{bad}");
        }
    }
}
