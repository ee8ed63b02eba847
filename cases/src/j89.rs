//! CASE-9.1, CASE-9.4: the Japanese 1989 ruleset's options and the `j89_game` check: a game played on
//! from the case board, step by step, and what it has become.

use crate::model::{Color, Feature, Prisoners};
use crate::moves::MovesSpec;
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::str::FromStr;

use gorules_vocabulary::UnknownWord;
pub use gorules_vocabulary::{
    Article13, Confirmation, ConfirmationBoard, ConfirmationFirst, ConfirmationWord, DeadInRegions,
    DeadOutside, FillDame, IllegalMove, J89Stage, KoPass, NewStone, RecaptureAfterPass, Refusal,
    Repetition, SekiStones,
};

/// CASE-9.5, J89-R2: the confirmations the players played from the stop position, one for each colour moving
/// first, each as the protocol's words (PROTO-11.11): vertices, `pass`, `pass:VERTEX`, `pass:ko`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfirmationLines {
    /// The confirmation with Black moving first (it decides White's strings).
    #[serde(default)]
    pub black: Option<String>,
    /// The confirmation with White moving first (it decides Black's strings).
    #[serde(default)]
    pub white: Option<String>,
}

impl ConfirmationLines {
    /// Each line with its first mover, Black's first.
    pub fn lines(&self) -> Vec<(Color, &str)> {
        [(Color::Black, &self.black), (Color::White, &self.white)]
            .into_iter()
            .filter_map(|(c, l)| l.as_deref().map(|l| (c, l)))
            .collect()
    }

    /// CASE-9.5: the words of a line that are not a move of a confirmation on a board `height` rows high and
    /// `width` columns wide.
    pub fn bad_words(line: &str, width: usize, height: usize) -> Vec<String> {
        let on_board = |v: &str| {
            gorules_grammar::Vertex::parse(v)
                .ok()
                .and_then(|v| v.to_col_row(height))
                .is_some_and(|(c, _)| c < width)
        };
        line.split_whitespace()
            .filter(|w| {
                let ok = match ConfirmationWord::parse(w) {
                    Ok(ConfirmationWord::Pass | ConfirmationWord::PassForAnyKo) => true,
                    Ok(ConfirmationWord::Play(v) | ConfirmationWord::PassFor(v)) => {
                        on_board(&v.to_ascii_lowercase())
                    }
                    Err(_) => false,
                };
                !ok
            })
            .map(str::to_string)
            .collect()
    }
}

/// J89-10.2: komi in half points, written as a number that is a multiple of 0.5 (`6.5`, `0`, `-3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Komi {
    /// Komi in half points.
    pub half_points: i64,
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.half_points / 2;
        match self.half_points % 2 {
            0 => write!(f, "{whole}"),
            _ if self.half_points < 0 && whole == 0 => f.write_str("-0.5"),
            _ => write!(f, "{whole}.5"),
        }
    }
}

impl Komi {
    fn from_f64<E: serde::de::Error>(value: f64) -> Result<Komi, E> {
        let half = value * 2.0;
        if !half.is_finite() || half.fract() != 0.0 || half.abs() > 1e6 {
            return Err(E::custom(format!(
                "expected komi as a multiple of 0.5, found {value}"
            )));
        }
        Ok(Komi {
            half_points: half as i64,
        })
    }
}

impl<'de> Deserialize<'de> for Komi {
    /// Checked while the deserializer is on the number, so that an error names its line and column.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Komi;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("komi: a number that is a multiple of 0.5")
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Komi, E> {
                Komi::from_f64(v)
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Komi, E> {
                Komi::from_f64(v as f64)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Komi, E> {
                Komi::from_f64(v as f64)
            }
        }
        d.deserialize_any(V)
    }
}

/// CASE-9.4: a `j89_game` check: from the case board (with `to_move` and `prisoners`), the steps are taken in
/// order under the Japanese 1989 Rules; then the game is as the expectations say.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct J89Game {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// What happens, in order.
    pub steps: Vec<J89Step>,
    /// J89-9: where the game stands after the steps.
    #[serde(default)]
    pub stage: Option<J89Stage>,
    /// J89-2.1, J89-9.3: who moves next.
    #[serde(default)]
    pub to_move: Option<Color>,
    /// J89-5.1: the prisoners after the steps.
    #[serde(default)]
    pub prisoners: Option<Prisoners>,
    /// J89-12.1: whether the current whole-board position recurs (a play recreated an earlier one).
    #[serde(default)]
    pub recurs: Option<bool>,
    /// J89-10 to J89-14: the result of a stopped or ended game.
    #[serde(default)]
    pub result: Option<J89Result>,
    /// J89-13.1, J89-R4: every effective move of the stopped game (each one move with its player, as
    /// `"#[D1]"`); an empty list says there is none.
    #[serde(default)]
    pub effective_moves: Option<Vec<MovesSpec>>,
}

/// CASE-9.4: why the game refuses a move, as the protocol writes it (`wrong color` with a space, which cases write
/// `wrong-color`).
pub fn refusal_of(text: &str) -> Result<Refusal, UnknownWord> {
    text.trim().replace(' ', "-").parse()
}

/// CASE-9.4: a move the game must refuse, and why.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refused {
    /// One move, with its player.
    #[serde(rename = "move")]
    pub mv: MovesSpec,
    /// Why, if the case says.
    #[serde(default, deserialize_with = "refusal")]
    pub reason: Option<Refusal>,
}

fn refusal<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Refusal>, D::Error> {
    crate::yaml::parse_str(d, "a refusal", |s| Ok(Some(refusal_of(s)?)))
}

/// CASE-9.4: one step of a game check.
#[derive(Debug, Clone)]
pub enum J89Step {
    /// Moves, each of which the game accepts (under J89-R11 `forfeit`, an illegal one is accepted and ends the
    /// game).
    Moves(MovesSpec),
    /// A move the game refuses; nothing changes.
    Refused(Refused),
    /// J89-9.3: the player asks to resume the stopped game.
    Resume(Color),
    /// J89-11.1: the player resigns.
    Resign(Color),
    /// J89-12.1: both players agree to end the game without result.
    AgreeNoResult,
    /// J89-9.2, J89-R9: stones placed by agreement during the stop (not moves).
    Fill(MovesSpec),
    /// J89-13.1, J89-R4: at the stop the players do not agree that the game has ended, and neither asks to
    /// resume.
    Disagree,
}

impl<'de> Deserialize<'de> for J89Step {
    /// A one-key map: `moves: <moves>`, `refused: {move, reason}`, `resume: <colour>`, `resign: <colour>`,
    /// `agree: no-result`, `fill: <moves>` or `disagree: end`.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        const KINDS: &[&str] = &[
            "moves", "refused", "resume", "resign", "agree", "fill", "disagree",
        ];
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = J89Step;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "a step: a map with one key (moves, refused, resume, resign, agree, fill, disagree)",
                )
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<J89Step, A::Error> {
                let kind: String = map
                    .next_key()?
                    .ok_or_else(|| serde::de::Error::custom("a step needs its kind as key"))?;
                let step = match kind.as_str() {
                    "moves" => J89Step::Moves(map.next_value()?),
                    "refused" => J89Step::Refused(map.next_value()?),
                    "resume" => J89Step::Resume(map.next_value()?),
                    "resign" => J89Step::Resign(map.next_value()?),
                    "fill" => J89Step::Fill(map.next_value()?),
                    "agree" => {
                        let what: String = map.next_value()?;
                        if what != "no-result" {
                            return Err(serde::de::Error::custom(format!(
                                "the players can agree on `no-result` only (J89-12.1), found `{what}`"
                            )));
                        }
                        J89Step::AgreeNoResult
                    }
                    "disagree" => {
                        let what: String = map.next_value()?;
                        if what != "end" {
                            return Err(serde::de::Error::custom(format!(
                                "the players can disagree on `end` only (J89-13.1), found `{what}`"
                            )));
                        }
                        J89Step::Disagree
                    }
                    other => return Err(serde::de::Error::unknown_variant(other, KINDS)),
                };
                if let Some(extra) = map.next_key::<String>()? {
                    return Err(serde::de::Error::custom(format!(
                        "a step has one key; found `{extra}` beside `{kind}`"
                    )));
                }
                Ok(step)
            }
        }
        d.deserialize_map(V)
    }
}

/// CASE-9.4: a game's result as the protocol writes it: `B+3`, `W+0.5`, `jigo`, `no-result`, `B+R`
/// (resignation), `W+F` (forfeit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum J89Result {
    /// J89-10.2: Black's score minus White's, komi taken off, in half points; zero is jigo.
    Score(i64),
    /// J89-12.1.
    NoResult,
    /// J89-11.1: the winner by resignation.
    Resignation(Color),
    /// J89-14.1: the winner by forfeit.
    Forfeit(Color),
    /// J89-13.1: both players lose.
    BothLose,
}

impl fmt::Display for J89Result {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = |c: &Color| if *c == Color::Black { "B" } else { "W" };
        match self {
            J89Result::Score(0) => f.write_str("jigo"),
            J89Result::Score(h) => {
                let side = if *h > 0 { "B" } else { "W" };
                write!(
                    f,
                    "{side}+{}",
                    Komi {
                        half_points: h.abs()
                    }
                )
            }
            J89Result::NoResult => f.write_str("no-result"),
            J89Result::Resignation(c) => write!(f, "{}+R", letter(c)),
            J89Result::Forfeit(c) => write!(f, "{}+F", letter(c)),
            J89Result::BothLose => f.write_str("both-lose"),
        }
    }
}

impl FromStr for J89Result {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "expected a result (B+3, W+0.5, jigo, no-result, both-lose, B+R, W+F), found `{s}`"
            )
        };
        match s.trim() {
            "jigo" | "0" => return Ok(J89Result::Score(0)),
            "no-result" => return Ok(J89Result::NoResult),
            "both-lose" => return Ok(J89Result::BothLose),
            _ => {}
        }
        let (side, rest) = s.trim().split_once('+').ok_or_else(bad)?;
        let color = match side {
            "B" => Color::Black,
            "W" => Color::White,
            _ => return Err(bad()),
        };
        match rest {
            "R" => Ok(J89Result::Resignation(color)),
            "F" => Ok(J89Result::Forfeit(color)),
            number => {
                let value: f64 = number.parse().map_err(|_| bad())?;
                let half = value * 2.0;
                if !half.is_finite() || half.fract() != 0.0 || half <= 0.0 {
                    return Err(bad());
                }
                let h = half as i64;
                Ok(J89Result::Score(if color == Color::Black { h } else { -h }))
            }
        }
    }
}

impl<'de> Deserialize<'de> for J89Result {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::yaml::parse_str(d, "a result", str::parse)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_round_trip() {
        for text in [
            "B+3",
            "W+0.5",
            "jigo",
            "no-result",
            "both-lose",
            "B+R",
            "W+F",
            "B+12.5",
        ] {
            let r: J89Result = text.parse().unwrap();
            assert_eq!(r.to_string(), text);
        }
        assert_eq!("0".parse::<J89Result>(), Ok(J89Result::Score(0)));
        for bad in ["B+0", "X+3", "B+", "W+1.25", "draw"] {
            assert!(bad.parse::<J89Result>().is_err(), "{bad}");
        }
    }

    #[test]
    fn komi_prints_as_written() {
        for (half, text) in [(13, "6.5"), (0, "0"), (-1, "-0.5"), (-7, "-3.5"), (4, "2")] {
            assert_eq!(Komi { half_points: half }.to_string(), text);
        }
    }
}
