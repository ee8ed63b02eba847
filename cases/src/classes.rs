//! CASE-11: the rule classes of seed 003 (spec/scoring.md): the rulesets `stone`, `area` and `agreement-area`,
//! their options, and the `game_end` and `final_score` checks. Schema only: the case crate knows no rule of Go.

use crate::drawn::Board;
use crate::j89::Komi;
use crate::model::{Feature, KoRule, RulesetName, Suicide};
use crate::moves::MovesSpec;
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::str::FromStr;

/// CASE-11, SCORE-1.1: a rule class the suite plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleClass {
    /// SCORE-2: stone scoring.
    Stone,
    /// SCORE-3: simple area scoring.
    Area,
    /// SCORE-4: agreement area scoring.
    AgreementArea,
}

impl RuleClass {
    /// The ruleset's name in the vocabulary.
    pub fn ruleset_name(self) -> RulesetName {
        match self {
            RuleClass::Stone => RulesetName::Stone,
            RuleClass::Area => RulesetName::Area,
            RuleClass::AgreementArea => RulesetName::AgreementArea,
        }
    }

    /// The class of a ruleset name, if it names one.
    pub fn of(name: RulesetName) -> Option<RuleClass> {
        match name {
            RulesetName::Stone => Some(RuleClass::Stone),
            RulesetName::Area => Some(RuleClass::Area),
            RulesetName::AgreementArea => Some(RuleClass::AgreementArea),
            RulesetName::Naj | RulesetName::Core | RulesetName::Japanese1989 => None,
        }
    }

    /// SCORE-4.1: whether two passes only stop the game (a confirmation phase follows).
    pub fn stops_before_end(self) -> bool {
        self == RuleClass::AgreementArea
    }

    /// CASE-11.1: the feature an engine needs to play this class.
    pub fn feature(self) -> Feature {
        match self {
            RuleClass::Stone => Feature::StoneScoring,
            RuleClass::Area => Feature::AreaScoring,
            RuleClass::AgreementArea => Feature::AgreementArea,
        }
    }
}

fn simple_ko() -> Vec<KoRule> {
    vec![KoRule::SimpleKo]
}

/// CASE-11, SCORE-1.3: the options of a rule class: the core play rules and komi.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassOptions {
    /// KO-1..KO-5: the ko rules (default: simple ko, SCORE-1.3).
    #[serde(default = "simple_ko")]
    pub ko: Vec<KoRule>,
    /// CORE-5.4: the suicide rule (default prohibited).
    #[serde(default)]
    pub suicide: Suicide,
    /// SCORE-1.4: komi, a multiple of 0.5 (default 0).
    #[serde(default)]
    pub komi: Komi,
}

impl Default for ClassOptions {
    fn default() -> ClassOptions {
        ClassOptions {
            ko: simple_ko(),
            suicide: Suicide::Prohibited,
            komi: Komi::default(),
        }
    }
}

/// SCORE-1.5: a result with its margin, as GTP's `final_score` writes it: `B+3`, `W+0.5`, or `0` for a tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Margin {
    /// Black's score minus White's, komi taken off, in half points.
    pub half_points: i64,
}

impl fmt::Display for Margin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let amount = |h: i64| {
            if h % 2 == 0 {
                format!("{}", h / 2)
            } else {
                format!("{}.5", h / 2)
            }
        };
        match self.half_points {
            0 => f.write_str("0"),
            h if h > 0 => write!(f, "B+{}", amount(h)),
            h => write!(f, "W+{}", amount(-h)),
        }
    }
}

impl FromStr for Margin {
    type Err = String;
    /// `B+N`, `W+N` (N a multiple of 0.5, `.0` allowed as GNU Go writes it), `0`, or `jigo`.
    fn from_str(s: &str) -> Result<Margin, String> {
        let t = s.trim();
        if t == "0" || t.eq_ignore_ascii_case("jigo") {
            return Ok(Margin { half_points: 0 });
        }
        let bad = || format!("expected a result such as `B+3`, `W+0.5` or `0`, found `{s}`");
        let (sign, amount) = match t.split_once('+') {
            Some((w, a)) if w.eq_ignore_ascii_case("b") => (1, a),
            Some((w, a)) if w.eq_ignore_ascii_case("w") => (-1, a),
            _ => return Err(bad()),
        };
        let (whole, half) = match amount.split_once('.') {
            None => (amount, 0),
            Some((w, "5")) => (w, 1),
            Some((w, z)) if !z.is_empty() && z.bytes().all(|b| b == b'0') => (w, 0),
            Some(_) => return Err(bad()),
        };
        let whole: i64 = whole.parse().map_err(|_| bad())?;
        if !(0..=1_000_000).contains(&whole) || (whole == 0 && half == 0) {
            return Err(bad());
        }
        Ok(Margin {
            half_points: sign * (whole * 2 + half),
        })
    }
}

impl<'de> Deserialize<'de> for Margin {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Zero(i64),
            Text(String),
        }
        match Raw::deserialize(d)? {
            Raw::Zero(0) => Ok(Margin { half_points: 0 }),
            Raw::Zero(n) => Err(serde::de::Error::custom(format!(
                "expected a result such as `B+3`, `W+0.5` or `0`, found {n}"
            ))),
            Raw::Text(t) => t.parse().map_err(serde::de::Error::custom),
        }
    }
}

/// CASE-11.1: a game under a rule class played from the board to its end: which moves stop and end it, what is
/// removed by agreement, the final position and the scores.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameEnd {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// The moves from the board: to the stop under `agreement-area`, to the end otherwise.
    pub moves: MovesSpec,
    /// SCORE-4.1 (`agreement-area` only): the number of the move whose pass stops the game; it is the last of
    /// `moves`.
    #[serde(default)]
    pub stops_after: Option<usize>,
    /// SCORE-4.3 (`agreement-area` only): the stones removed by agreement at the stop, one GTP vertex of each
    /// string.
    #[serde(default)]
    pub agreed_removals: Vec<String>,
    /// SCORE-4.4 (`agreement-area` only): the moves after the removals, numbered on from `stops_after`.
    #[serde(default)]
    pub then: Option<MovesSpec>,
    /// SCORE-2.2, SCORE-3.3, SCORE-4.4: the number of the move after which the game has ended: the last one.
    pub ends_after: usize,
    /// The position at the end.
    #[serde(default, rename = "final")]
    pub final_position: Option<Board>,
    /// SCORE-2.1, SCORE-3.1: Black's score at the end.
    #[serde(default)]
    pub black: Option<u64>,
    /// SCORE-2.1, SCORE-3.1: White's score at the end.
    #[serde(default)]
    pub white: Option<u64>,
    /// SCORE-1.5: the result at the end, komi included.
    #[serde(default)]
    pub result: Option<Margin>,
}

/// CASE-11.2: GTP's `final_score` of the board, after optional moves: the result with its margin under the
/// case's ruleset (a rule class, or Japanese 1989 on its stop position).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinalScore {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// Moves played from the board first.
    #[serde(default)]
    pub after: Option<MovesSpec>,
    /// The answer of `final_score`.
    pub result: Margin,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_read_and_print_as_gtp_writes_them() {
        for (text, half, shown) in [
            ("W+1", -2, "W+1"),
            ("B+3.5", 7, "B+3.5"),
            ("W+1.0", -2, "W+1"),
            ("0", 0, "0"),
            ("jigo", 0, "0"),
            ("W+0.5", -1, "W+0.5"),
        ] {
            let m: Margin = text.parse().unwrap();
            assert_eq!(m.half_points, half, "{text}");
            assert_eq!(m.to_string(), shown);
        }
        for bad in ["B+", "X+1", "W+1.25", "B+0", "W-1", "1"] {
            assert!(bad.parse::<Margin>().is_err(), "{bad}");
        }
    }
}
