//! SCORE (spec/scoring.md): the rule classes of seed 003 the engine plays besides NAJ and Japanese 1989: stone
//! scoring, simple area scoring and agreement area scoring, each on the core play rules (capture, a suicide rule,
//! ko rules). What a player scores in a position, the margin with komi, and the agreed removals of SCORE-4.3.

use crate::board::{Point, PointSet};
use crate::color::{ByColor, Color};
use crate::naj::score::Points;
use crate::position::Position;
use crate::string::string_at;
use std::fmt;

/// SCORE-1.1: a rule class the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleClass {
    /// SCORE-2: only stones on the board score; two successive passes end the game.
    Stone,
    /// SCORE-3: stones and monochromely surrounded empty points score; two successive passes end the game.
    Area,
    /// SCORE-4: as area, but two successive passes stop the game, the players may agree on removals, and two
    /// successive passes after the stop end it.
    AgreementArea,
}

impl RuleClass {
    /// SCORE-4.1: whether the first two successive passes only stop the game (a confirmation phase follows).
    pub fn stops_before_end(self) -> bool {
        self == RuleClass::AgreementArea
    }
}

/// SCORE-1.3, SCORE-1.4: the rule class with its komi (the play rules are the ruleset's ko and suicide rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClassRules {
    /// SCORE-1.1: the class.
    pub class: RuleClass,
    /// SCORE-1.4: komi, added to White's score.
    pub komi: Points,
}

/// SCORE-2.1, SCORE-3.1: what each player scores in a position, and the points that score for nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// SCORE-2.1, SCORE-3.1: each player's stones on the board.
    pub stones: ByColor<u64>,
    /// SCORE-3.1: each player's empty points in regions surrounded by his stones alone (0 under stone scoring).
    pub surrounded: ByColor<u64>,
    /// SCORE-3.2: the shared (neutral) points: every other empty point.
    pub shared: u64,
}

impl Count {
    /// SCORE-2.1, SCORE-3.1: `color`'s score: his stones and his surrounded points.
    pub fn score(&self, color: Color) -> u64 {
        self.stones[color] + self.surrounded[color]
    }

    /// SCORE-1.4: Black's score minus White's, komi taken off White's side.
    pub fn margin(&self, komi: Points) -> Points {
        let b = i64::try_from(self.score(Color::Black)).unwrap_or(i64::MAX / 4);
        let w = i64::try_from(self.score(Color::White)).unwrap_or(i64::MAX / 4);
        Points::whole(b) - Points::whole(w) - komi
    }
}

/// SCORE-3.1: the empty regions of `position` (maximal sets of empty points connected by adjacency), each with
/// the colours of the stones adjacent to it.
pub fn empty_regions(position: &Position) -> Vec<(PointSet, ByColor<bool>)> {
    let board = position.board();
    let mut seen = PointSet::empty(board);
    let mut regions = Vec::new();
    for start in position.empty_points().iter() {
        if seen.contains(start) {
            continue;
        }
        let mut region = PointSet::empty(board);
        let mut borders = ByColor::from_fn(|_| false);
        let mut stack: Vec<Point> = vec![start];
        seen.insert(start);
        while let Some(p) = stack.pop() {
            region.insert(p);
            for &n in board.neighbours(p) {
                match position.get(n) {
                    Some(c) => borders[c] = true,
                    None => {
                        if seen.insert(n) {
                            stack.push(n);
                        }
                    }
                }
            }
        }
        regions.push((region, borders));
    }
    regions
}

/// SCORE-2.1: stone scoring: each player's stones on the board; every empty point scores for nobody.
pub fn stone_count(position: &Position) -> Count {
    Count {
        stones: ByColor::from_fn(|c| position.count(c) as u64),
        surrounded: ByColor::from_fn(|_| 0),
        shared: position.empty_points().len() as u64,
    }
}

/// SCORE-3.1, SCORE-3.2: area scoring: each player's stones and the empty regions bordered by his stones
/// alone; a region bordered by both colours (or by none) is shared.
pub fn area_count(position: &Position) -> Count {
    let mut count = Count {
        stones: ByColor::from_fn(|c| position.count(c) as u64),
        surrounded: ByColor::from_fn(|_| 0),
        shared: 0,
    };
    for (region, borders) in empty_regions(position) {
        let size = region.len() as u64;
        match (borders[Color::Black], borders[Color::White]) {
            (true, false) => count.surrounded[Color::Black] += size,
            (false, true) => count.surrounded[Color::White] += size,
            _ => count.shared += size,
        }
    }
    count
}

/// SCORE-2.1, SCORE-3.1: the count of `class` in `position`.
pub fn count(class: RuleClass, position: &Position) -> Count {
    match class {
        RuleClass::Stone => stone_count(position),
        RuleClass::Area | RuleClass::AgreementArea => area_count(position),
    }
}

/// SCORE-4.3: the agreed removal of the strings on `points`: the position without them, and how many stones of
/// each colour went. An empty point is an error (removals name stones).
pub fn remove_strings(
    position: &Position,
    points: &[Point],
) -> Result<(Position, ByColor<u64>), Point> {
    let mut after = position.clone();
    let mut removed = ByColor::from_fn(|_| 0u64);
    for &p in points {
        if position.get(p).is_none() {
            return Err(p);
        }
        if after.get(p).is_none() {
            continue;
        }
        let Some(s) = string_at(&after, p) else {
            continue;
        };
        for q in s.stones.iter() {
            after.set(q, None);
            removed[s.color] += 1;
        }
    }
    Ok((after, removed))
}

/// SCORE-1.5: the result of a margin (Black's score minus White's, komi included) as GTP's `final_score` writes
/// it: `B+N`, `W+N`, or `0` for a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Margin(pub Points);

impl fmt::Display for Margin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == Points::ZERO {
            f.write_str("0")
        } else if self.0 > Points::ZERO {
            write!(f, "B+{}", self.0)
        } else {
            write!(f, "W+{}", -self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(rows: &[&str]) -> Position {
        Position::from_rows(rows).unwrap()
    }

    #[test]
    fn area_counts_surrounded_regions_and_shares_the_rest() {
        // Black owns column 0, White column 4; the middle column touches both and is shared.
        let p = pos(&[".#.O.", ".#.O.", ".#.O."]);
        let c = area_count(&p);
        assert_eq!(c.stones[Color::Black], 3);
        assert_eq!(c.surrounded[Color::Black], 3);
        assert_eq!(c.surrounded[Color::White], 3);
        assert_eq!(c.shared, 3);
        assert_eq!(c.margin(Points::ZERO), Points::ZERO);
        assert_eq!(
            Margin(c.margin(Points::from_half_points(5))).to_string(),
            "W+2.5"
        );
    }

    #[test]
    fn stone_scoring_counts_stones_only() {
        let p = pos(&["#.O", "#OO", ".#O"]);
        let c = stone_count(&p);
        assert_eq!((c.score(Color::Black), c.score(Color::White)), (3, 4));
        assert_eq!(c.shared, 2);
        assert_eq!(Margin(c.margin(Points::ZERO)).to_string(), "W+1");
    }

    #[test]
    fn removal_takes_whole_strings_and_refuses_empty_points() {
        let p = pos(&["##O", "..O", "..."]);
        let (after, removed) = remove_strings(&p, &[p.board().point_at(0, 0).unwrap()]).unwrap();
        assert_eq!(after.rows(), vec!["..O", "..O", "..."]);
        assert_eq!(removed[Color::Black], 2);
        assert!(remove_strings(&p, &[p.board().point_at(0, 2).unwrap()]).is_err());
    }
}
