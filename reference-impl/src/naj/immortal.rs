//! NAJ-5: immortal stones, computed straight from the definition (a search), and by Benson's algorithm.
//!
//! The definition: a player's stones are immortal if the opponent cannot remove them however many successive
//! legal plays he makes while their owner passes. While the owner passes, the opponent's stones never leave the
//! board (the owner captures nothing; the opponent may not commit suicide) and the owner's stones only leave it,
//! so every play adds one opponent stone and no position can recur: the fixed-ko and superko rules forbid
//! nothing, and neither does the basic-ko rule, because the owner's last move is always a pass (KO-1.2). The
//! opponent's plays are therefore exactly the plays allowed by capture and the no-suicide rule, and the
//! search below tries all of them.

pub mod benson;

use std::collections::HashSet;

use crate::board::PointSet;
use crate::color::Color;
use crate::moves::{apply_play, SuicideRule};
use crate::position::Position;

/// NAJ-5.1: the stones of `owner` in `position` that are immortal, computed from the definition by a search.
///
/// The search visits every position the opponent can reach by successive plays while `owner` passes, so it
/// takes time exponential in the number of empty intersections; [`benson::pass_alive`] gives the same answer
/// quickly (NAJ-5.2).
pub fn immortal_stones(position: &Position, owner: Color) -> PointSet {
    let mut immortal = position.stones(owner);
    immortal.subtract(&removable_stones(position, owner));
    immortal
}

/// NAJ-5.1: the stones of `owner` that the opponent can remove by successive legal plays while `owner` passes.
pub fn removable_stones(position: &Position, owner: Color) -> PointSet {
    removable_within(position, owner, usize::MAX)
        .unwrap_or_else(|| unreachable!("an unbounded search always finishes"))
}

/// NAJ-5.1: [`immortal_stones`], but giving up (`None`) once the search has visited `max_positions`
/// positions; for callers that check the search against Benson's algorithm where it is affordable.
pub fn immortal_stones_within(
    position: &Position,
    owner: Color,
    max_positions: usize,
) -> Option<PointSet> {
    let mut immortal = position.stones(owner);
    immortal.subtract(&removable_within(position, owner, max_positions)?);
    Some(immortal)
}

fn removable_within(position: &Position, owner: Color, max_positions: usize) -> Option<PointSet> {
    let attacker = owner.opponent();
    let all = position.stones(owner);
    let mut removable = PointSet::empty(position.board());
    let mut seen = HashSet::from([position.clone()]);
    let mut to_visit = vec![position.clone()];
    while let Some(current) = to_visit.pop() {
        for point in current.empty_points().iter() {
            let Ok(effect) = apply_play(&current, attacker, point, SuicideRule::Prohibited) else {
                continue;
            };
            removable.union_with(&effect.captured);
            if removable == all {
                return Some(removable);
            }
            if !seen.contains(&effect.position) {
                if seen.len() >= max_positions {
                    return None;
                }
                seen.insert(effect.position.clone());
                to_visit.push(effect.position);
            }
        }
    }
    Some(removable)
}

/// NAJ-5.2: how an implementation finds immortal stones; both methods give the same stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ImmortalityMethod {
    /// NAJ-5.2: Benson's algorithm for pass-alive strings (fast; the default).
    #[default]
    Benson,
    /// NAJ-5.1: the search over the opponent's successive plays (exponential; for small boards and checks).
    Search,
}

impl ImmortalityMethod {
    /// NAJ-5: the immortal stones of `owner` in `position`, found by this method.
    pub fn immortal_stones(self, position: &Position, owner: Color) -> PointSet {
        match self {
            ImmortalityMethod::Benson => benson::pass_alive(position, owner),
            ImmortalityMethod::Search => immortal_stones(position, owner),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn immortal_rows(rows: &[&str], owner: Color) -> [Vec<String>; 2] {
        let position = Position::from_rows(rows).unwrap();
        let draw = |set: &PointSet| -> Vec<String> {
            let marked = Position::from_cells(
                std::sync::Arc::clone(position.shared_board()),
                &position
                    .board()
                    .points()
                    .map(|p| set.contains(p).then_some(owner))
                    .collect::<Vec<_>>(),
            )
            .unwrap();
            marked.rows()
        };
        [
            draw(&immortal_stones(&position, owner)),
            draw(&benson::pass_alive(&position, owner)),
        ]
    }

    #[test]
    fn all_black_stones_of_the_strip_are_immortal() {
        // Seed 000, immortal stones, example (1): "All black stones are immortal. White, who starts, might try to
        // remove some of them but would fail".
        let rows = [".#.#O.O#O.#.", "####O.O#####", "OOOOO....O.."];
        let [search, benson] = immortal_rows(&rows, Color::Black);
        let all_black = [".#.#...#..#.", "####...#####", "............"];
        assert_eq!(search, all_black);
        assert_eq!(benson, all_black);
    }

    #[test]
    fn the_white_stones_of_the_four_by_two_are_not_immortal() {
        // Seed 000, immortal stones, example (2): "The white stones are not immortal. Black, who starts and chooses
        // well, can remove them".
        let rows = ["..O.", ".OOO"];
        let none = ["....", "...."];
        assert_eq!(
            immortal_rows(&rows, Color::White),
            [none, none].map(|r| r.map(String::from).to_vec())
        );
    }

    #[test]
    fn stones_with_two_eyes_are_immortal_and_one_eye_is_not() {
        let [search, benson] = immortal_rows(&["O.O.O", "OOOOO", "#####", "....."], Color::White);
        assert_eq!(search, ["O.O.O", "OOOOO", ".....", "....."]);
        assert_eq!(benson, search);
        let [search, benson] = immortal_rows(&["O.OOO", "OOOOO", "#####", "....."], Color::White);
        assert_eq!(search, [".....", ".....", ".....", "....."]);
        assert_eq!(benson, search);
    }
}
