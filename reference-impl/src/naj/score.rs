//! NAJ-7: scoring and the result.

use std::fmt;
use std::str::FromStr;

use crate::board::PointSet;
use crate::color::{ByColor, Color};
use crate::position::Position;

/// NAJ-7.5: an amount of points with half-point resolution (komi may be fractional; board points never are).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Points {
    half_points: i64,
}

impl Points {
    /// NAJ-7.5: zero points.
    pub const ZERO: Points = Points { half_points: 0 };

    /// NAJ-7.5: a whole number of points.
    pub const fn whole(points: i64) -> Points {
        Points {
            half_points: points * 2,
        }
    }

    /// NAJ-7.5: a number of half points (`13` is 6.5 points).
    pub const fn from_half_points(half_points: i64) -> Points {
        Points { half_points }
    }

    /// NAJ-7.5: this amount in half points.
    pub const fn half_points(self) -> i64 {
        self.half_points
    }

    /// NAJ-7.5: the amount as a whole number, if it is one.
    pub fn as_whole(self) -> Option<i64> {
        (self.half_points % 2 == 0).then_some(self.half_points / 2)
    }

    /// NAJ-7.5: the amount without its sign.
    pub fn abs(self) -> Points {
        Points {
            half_points: self.half_points.abs(),
        }
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points {
            half_points: self.half_points + other.half_points,
        }
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, other: Points) -> Points {
        Points {
            half_points: self.half_points - other.half_points,
        }
    }
}

impl std::ops::Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points {
            half_points: -self.half_points,
        }
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_whole() {
            Some(whole) => write!(f, "{whole}"),
            None => {
                let sign = if self.half_points < 0 { "-" } else { "" };
                write!(f, "{sign}{}.5", self.half_points.abs() / 2)
            }
        }
    }
}

/// NAJ-7.5: a text that is not a whole or half number of points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePointsError(pub String);

impl fmt::Display for ParsePointsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a number of points with at most a half: {:?}",
            self.0
        )
    }
}

impl std::error::Error for ParsePointsError {}

impl FromStr for Points {
    type Err = ParsePointsError;

    /// NAJ-7.5: `7`, `-5`, `6.5`, `-0.5`, `6.0`.
    fn from_str(text: &str) -> Result<Points, ParsePointsError> {
        let error = || ParsePointsError(text.to_string());
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        let whole: i64 = whole.parse().map_err(|_| error())?;
        let half = match fraction {
            "" | "0" => 0,
            "5" => 1,
            _ => return Err(error()),
        };
        let half_points = whole
            .checked_mul(2)
            .and_then(|h| h.checked_add(half))
            .ok_or_else(error)?;
        Ok(Points {
            half_points: if negative { -half_points } else { half_points },
        })
    }
}

/// NAJ-7.6: the result of a scored game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreResult {
    /// NAJ-7.6: a positive score: Black wins by this margin (`B+5`).
    BlackWins(Points),
    /// NAJ-7.6: a negative score: White wins by this margin (`W+5`).
    WhiteWins(Points),
    /// NAJ-7.6: a zero score (`draw`).
    Draw,
}

impl ScoreResult {
    /// NAJ-7.6: the result of `score`.
    pub fn of(score: Points) -> ScoreResult {
        match score.half_points().signum() {
            1 => ScoreResult::BlackWins(score),
            -1 => ScoreResult::WhiteWins(score.abs()),
            _ => ScoreResult::Draw,
        }
    }
}

impl fmt::Display for ScoreResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreResult::BlackWins(margin) => write!(f, "B+{margin}"),
            ScoreResult::WhiteWins(margin) => write!(f, "W+{margin}"),
            ScoreResult::Draw => f.write_str("draw"),
        }
    }
}

/// NAJ-7: every number of the scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoreBreakdown {
    /// NAJ-7.1: Black's points for the intersections he controls.
    pub black_score: i64,
    /// NAJ-7.2: White's points for the intersections he controls.
    pub white_score: i64,
    /// NAJ-7.3: black-score - white-score.
    pub board_score: i64,
    /// NAJ-7.4: Black's prisoners - White's prisoners.
    pub prisoner_difference: i64,
    /// NAJ-7.5: board-score + prisoner-difference - komi.
    pub score: Points,
    /// NAJ-7.6: who wins, and by how much.
    pub result: ScoreResult,
}

/// NAJ-7.1, NAJ-7.2: `player`'s points for the intersections he `controls`, looked up in the final-position:
/// 1 for an empty intersection, 2 for an opponent's stone, 0 for his own stone.
pub fn player_score(final_position: &Position, player: Color, controls: &PointSet) -> i64 {
    controls
        .iter()
        .map(|point| match final_position.get(point) {
            None => 1,
            Some(color) if color == player => 0,
            Some(_) => 2,
        })
        .sum()
}

/// NAJ-7: the score of the final-position, given both players' control, the prisoners of the alternation and komi.
pub fn score(
    final_position: &Position,
    black_control: &PointSet,
    white_control: &PointSet,
    prisoners: ByColor<u64>,
    komi: Points,
) -> ScoreBreakdown {
    let black_score = player_score(final_position, Color::Black, black_control);
    let white_score = player_score(final_position, Color::White, white_control);
    let board_score = black_score - white_score;
    let prisoner_difference = prisoners[Color::Black] as i64 - prisoners[Color::White] as i64;
    let score = Points::whole(board_score + prisoner_difference) - komi;
    ScoreBreakdown {
        black_score,
        white_score,
        board_score,
        prisoner_difference,
        score,
        result: ScoreResult::of(score),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_round_trip() {
        for text in ["0", "7", "-5", "6.5", "-0.5"] {
            assert_eq!(text.parse::<Points>().unwrap().to_string(), text);
        }
        assert_eq!("6.0".parse::<Points>(), Ok(Points::whole(6)));
        for bad in ["", "-", "6.25", "x", "1.5.5", "--1"] {
            assert!(bad.parse::<Points>().is_err(), "{bad}");
        }
        assert_eq!(ScoreResult::of(Points::whole(-5)).to_string(), "W+5");
        assert_eq!(
            ScoreResult::of(Points::from_half_points(13)).to_string(),
            "B+6.5"
        );
        assert_eq!(ScoreResult::of(Points::ZERO).to_string(), "draw");
    }
}
