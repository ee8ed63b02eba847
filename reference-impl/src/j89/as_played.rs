//! J89-R2, option `confirmation: as-played`: the confirmation as the players (or a referee) played it decides the
//! statuses, instead of the confirmation under perfect play (J89-R5, J89-R13).

use super::confirm::{successors, ConfirmMove, ConfirmState, KoPass};
use super::search::StringLife;
use crate::board::PointSet;
use crate::color::{ByColor, Color};
use crate::position::Position;
use std::fmt;

/// J89-R2: why a played confirmation cannot decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AsPlayedError {
    /// The move at `index` (from 0) breaks the confirmation's rules (J89-7.3, J89-7.4): an occupied point, a
    /// suicide, a banned ko recapture, or a pass for a ko that is not owed.
    Illegal {
        /// Its index in the line.
        index: usize,
    },
    /// The line goes on after the two plain passes that ended it (J89-R5).
    AfterTheEnd {
        /// The index of the first move after the end.
        index: usize,
    },
    /// The line does not end with two plain passes in a row.
    Unfinished,
    /// No line was played with this attacker, and a string of his opponent needs one.
    Missing {
        /// The attacker.
        attacker: Color,
    },
}

impl fmt::Display for AsPlayedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AsPlayedError::Illegal { index } => write!(
                f,
                "move {} of the confirmation is not allowed there (J89-7.3, J89-7.4)",
                index + 1
            ),
            AsPlayedError::AfterTheEnd { index } => write!(
                f,
                "move {} of the confirmation comes after the two passes that ended it",
                index + 1
            ),
            AsPlayedError::Unfinished => {
                f.write_str("the confirmation does not end with two plain passes in a row")
            }
            AsPlayedError::Missing { attacker } => write!(
                f,
                "no confirmation with {attacker} attacking was played (J89-R2, as-played)"
            ),
        }
    }
}

impl std::error::Error for AsPlayedError {}

/// J89-R2: a move of a played confirmation as the players name it: a pass for a ko names the point of the
/// recapture it pays for (J89-R7, `designated`), or no ko (`pooled`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayedMove {
    /// A play.
    Play(crate::board::Point),
    /// A plain pass.
    Pass,
    /// A pass for the ko whose recapture would be played on this point.
    PassFor(crate::board::Point),
    /// A pass for a ko, naming none.
    PassForAnyKo,
}

/// J89-R2, J89-7.3, J89-7.4: walks a line of `len` moves from `stop` with `first` moving first; `pick` names the
/// confirmation move at each index from the state before it (`None`: it names none). Every move is checked against
/// the confirmation's rules (passes paying for kos as `ko_pass` says); the line must end with its second plain
/// pass in a row. Returns the moves and the position at the end.
fn walk(
    stop: &Position,
    first: Color,
    len: usize,
    ko_pass: KoPass,
    mut pick: impl FnMut(&ConfirmState, usize) -> Option<ConfirmMove>,
) -> Result<(Vec<ConfirmMove>, Position), AsPlayedError> {
    let everywhere = PointSet::empty(stop.board());
    let mut state = ConfirmState::start(stop, first);
    let mut out = Vec::new();
    for index in 0..len {
        let mv = pick(&state, index).ok_or(AsPlayedError::Illegal { index })?;
        let ends = state.passed && mv == ConfirmMove::Pass;
        let (_, next) = successors(&state, &everywhere, ko_pass)
            .into_iter()
            .find(|(m, _)| *m == mv)
            .ok_or(AsPlayedError::Illegal { index })?;
        out.push(mv);
        if ends {
            if index + 1 < len {
                return Err(AsPlayedError::AfterTheEnd { index: index + 1 });
            }
            return Ok((out, next.position));
        }
        state = next;
    }
    Err(AsPlayedError::Unfinished)
}

/// J89-R2: the confirmation moves `moves` stand for, from `stop` with `first` moving first, each checked as
/// [`play_out`] checks it (a pass for a ko must name a capture against the passer that is not yet paid for).
pub fn resolve_line(
    stop: &Position,
    first: Color,
    moves: &[PlayedMove],
    ko_pass: KoPass,
) -> Result<Vec<ConfirmMove>, AsPlayedError> {
    let pick = |state: &ConfirmState, index: usize| match moves[index] {
        PlayedMove::Play(p) => Some(ConfirmMove::Play(p)),
        PlayedMove::Pass => Some(ConfirmMove::Pass),
        PlayedMove::PassForAnyKo => Some(ConfirmMove::PassForAnyKo),
        PlayedMove::PassFor(x) => state
            .bans
            .iter()
            .find(|b| b.victim == state.to_move && b.x == x)
            .map(|b| ConfirmMove::PassFor(*b)),
    };
    walk(stop, first, moves.len(), ko_pass, pick).map(|(line, _)| line)
}

/// J89-R2, J89-7.3, J89-7.4: plays `line` out from `stop` with `first` moving first, every move checked
/// against the confirmation's rules (passes paying for kos as `ko_pass` says), and returns the position at its end
/// (two plain passes in a row).
pub fn play_out(
    stop: &Position,
    first: Color,
    line: &[ConfirmMove],
    ko_pass: KoPass,
) -> Result<Position, AsPlayedError> {
    walk(stop, first, line.len(), ko_pass, |_, index| {
        Some(line[index])
    })
    .map(|(_, end)| end)
}

/// J89-R2: every string of `stop` with its fate as the played confirmations decide it: a string of P is dead if,
/// at the end of the line in which its opponent attacked (`lines[opponent]`, begun by the player J89-R5's
/// `confirmation_first` names), no point of its `home` (J89-R5,
/// [`super::NewStone::home`]) holds a stone of P. Nothing is searched.
pub fn string_life_as_played(
    stop: &Position,
    rules: super::J89Rules,
    lines: &ByColor<Option<Vec<ConfirmMove>>>,
) -> Result<Vec<StringLife>, AsPlayedError> {
    let mut ends: ByColor<Option<Position>> = ByColor::from_fn(|_| None);
    let mut out = Vec::new();
    for s in crate::string::strings(stop) {
        let attacker = s.color.opponent();
        if ends[attacker].is_none() {
            let line = lines[attacker]
                .as_ref()
                .ok_or(AsPlayedError::Missing { attacker })?;
            let first = rules.confirmation_first.mover(s.color);
            ends[attacker] = Some(play_out(stop, first, line, rules.ko_pass)?);
        }
        let end = ends[attacker]
            .as_ref()
            .ok_or(AsPlayedError::Missing { attacker })?;
        let home = rules.new_stone.home(stop, &s.stones);
        let alive = home.iter().any(|p| end.get(p) == Some(s.color));
        out.push(StringLife {
            stones: s.stones,
            color: s.color,
            alive,
            pass_alive: false,
            nodes: 0,
            line: Vec::new(),
        });
    }
    Ok(out)
}
