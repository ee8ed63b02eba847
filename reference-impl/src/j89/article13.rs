//! J89-13, J89-R4: effective moves at the stop, and both players losing when they will not end the game.

use super::confirm::{ConfirmError, J89Rules};
use super::game::{Article13, Game, Stage};
use super::search::SearchLimits;
use super::territory::{assess, Assessment};
use crate::board::Point;
use crate::color::Color;
use crate::naj::score::Points;

/// J89-13.1, J89-R4: the effective moves of a stopped game: each play by either player, legal at once (as if
/// his opponent had asked to resume), after which the position, scored as a stop position by J89-7 to J89-10
/// with the prisoners it took, is better for him than the stop position. Black's come first, each colour's in
/// point order; none for a game that is not stopped. A status search beyond `limits` is an error.
pub fn effective_moves(
    game: &Game,
    rules: J89Rules,
    limits: SearchLimits,
) -> Result<Vec<(Color, Point)>, ConfirmError> {
    effective_moves_given(game, rules, limits, None, usize::MAX)
}

/// J89-13.1, J89-R4: [`effective_moves`], up to `most` of them (the first in that order), given the perfect-play
/// assessment of the stop position if the caller has it (it is computed otherwise).
pub fn effective_moves_given(
    game: &Game,
    rules: J89Rules,
    limits: SearchLimits,
    stop: Option<&Assessment>,
    most: usize,
) -> Result<Vec<(Color, Point)>, ConfirmError> {
    if game.stage() != Stage::Stopped || most == 0 {
        return Ok(Vec::new());
    }
    let now = match stop {
        Some(a) => game.score(a),
        None => game.score(&assess(game.position(), rules, limits)?),
    };
    let mut out = Vec::new();
    for color in Color::ALL {
        for point in game.position().board().points() {
            if game.position().get(point).is_some() {
                continue;
            }
            let Some(after) = game.after_play_at_stop(color, point) else {
                continue;
            };
            let then = after.score(&assess(after.position(), rules, limits)?);
            if better_for(color, then, now) {
                out.push((color, point));
                if out.len() == most {
                    return Ok(out);
                }
            }
        }
    }
    Ok(out)
}

/// J89-13.1, J89-R4: the effective move a disagreement at the stop names (see [`Game::disagree`]): none under
/// `article_13=ignore`, where the game refuses the disagreement before any search; under `both-lose` the first
/// effective move in the order of [`effective_moves`], since one is enough for both players to lose (J89-13.1
/// asks only whether an effective move exists). `stop` is the perfect-play assessment of the stop position if the
/// caller has it.
pub fn disagreement_move(
    game: &Game,
    rules: J89Rules,
    limits: SearchLimits,
    stop: Option<&Assessment>,
) -> Result<Option<(Color, Point)>, ConfirmError> {
    Ok(match game.rules().article_13 {
        Article13::Ignore => None,
        Article13::BothLose => effective_moves_given(game, rules, limits, stop, 1)?
            .first()
            .copied(),
    })
}

/// Whether the score `then` (Black's minus White's) is better for `color` than `now`.
fn better_for(color: Color, then: Points, now: Points) -> bool {
    match color {
        Color::Black => then > now,
        Color::White => then < now,
    }
}
