//! PROTO-6.3 to PROTO-6.6: the routes by which an engine that speaks only standard GTP is asked what the
//! extensions would answer: the board sizes it takes, the stones on the board from `final_status_list` when it
//! lacks `list_stones`, and legality from `play` then `undo` when it lacks `is_legal`. One function per route.

use super::{answered, parse_vertices, refused, Remote};
use crate::engine::{At, BoardSize, EngineError, Grid, Legality, Malformed, Unsupported};
use gorules_cases::model::Prisoners;
use gorules_grammar::StoneColor;
use std::collections::BTreeSet;

/// PROTO-6.4: the three lists whose union is every stone on the board (GTP's `final_status_list`).
const STATUSES: [&str; 3] = ["alive", "dead", "seki"];

/// Which route reads the stones on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum StonesRoute {
    /// GNU Go's `list_stones COLOR`.
    ListStones,
    /// PROTO-6.4: the union of `final_status_list alive|dead|seki`, coloured from the position before.
    FinalStatus,
}

impl Remote {
    /// PROTO-6.3: the board sizes a profile lists (`None`: any the engine does not refuse).
    pub fn set_sizes(&mut self, sizes: Option<BTreeSet<BoardSize>>) {
        self.capabilities.sizes = sizes;
    }

    /// PROTO-6.3: asks a standard GTP engine each of `sizes` once (`boardsize N`, or `rectangular_boardsize W H`
    /// where it knows it) and remembers those it refuses; a size its profile does not list is not asked. An
    /// engine with the extensions takes every size the protocol does (PROTO-3.1) and is not asked.
    pub fn probe_sizes(&mut self, sizes: &BTreeSet<BoardSize>) {
        if self.capabilities.extensions() {
            return;
        }
        for &size in sizes {
            if !self.capabilities.takes(size) {
                continue;
            }
            if let Ok(false) = self.ask_board_size(size) {
                self.capabilities.refused_sizes.insert(size);
            }
        }
    }

    /// PROTO-6.3: sends `boardsize` or `rectangular_boardsize`; `Ok(false)` if the engine refused the size.
    fn ask_board_size(&mut self, size: BoardSize) -> Result<bool, EngineError> {
        let (w, h) = (size.width.to_string(), size.height.to_string());
        let r = if size.width == size.height {
            self.gtp()?.send("boardsize", &[&w])?
        } else if self.capabilities.knows("rectangular_boardsize") {
            self.gtp()?.send("rectangular_boardsize", &[&w, &h])?
        } else {
            return Err(EngineError::Unsupported(Unsupported::RectangularBoards));
        };
        Ok(r.success)
    }

    /// PROTO-6.3: sets the board size for a set-up; a size the engine refuses leaves the check ignored
    /// (`board size WxH not supported`), never failed.
    pub(super) fn board_size(&mut self, width: usize, height: usize) -> Result<(), EngineError> {
        let size = BoardSize::new(width, height);
        if !self.capabilities.takes(size) || !self.ask_board_size(size)? {
            return Err(EngineError::Unsupported(Unsupported::BoardSize(size)));
        }
        Ok(())
    }

    /// PROTO-6: forgets a command the engine listed, so that it is asked as an engine without it would be (the
    /// tests of the standard routes take `is_legal`, `list_stones` or `captures` from the reference engine this way).
    pub fn forget_command(&mut self, command: &str) {
        self.capabilities.commands.remove(command);
    }

    /// PROTO-6.4: how this engine's stones are read: `list_stones` if it knows it, else `final_status_list`.
    pub(super) fn stones_route(&self) -> StonesRoute {
        if !self.capabilities.knows("list_stones") && self.capabilities.knows("final_status_list") {
            StonesRoute::FinalStatus
        } else {
            StonesRoute::ListStones
        }
    }

    /// PROTO-6.4: every stone on the board, read as the union of `final_status_list alive`, `dead` and `seki`
    /// (GTP's three lists; Leela Zero answers every stone as alive and the others empty), each coloured as it
    /// was in `before` or, on the point just played, as the player's: a stone never changes colour, and the
    /// runner reads the board after every move.
    pub(super) fn stones_by_status(
        &mut self,
        before: &Grid,
        played: Option<(At, StoneColor)>,
    ) -> Result<Grid, EngineError> {
        let height = before.height();
        let mut occupied = BTreeSet::new();
        for status in STATUSES {
            let text = self.ok("final_status_list", &[status])?;
            occupied.extend(parse_vertices(&text, height)?);
        }
        colour_stones(before, &occupied, played)
    }

    /// PROTO-6.5: whether `player` may play `vertex` now, asked by playing it and taking it back (`play`, then
    /// `undo` if it was accepted). The engine's `play` answers for its rules: an engine whose `play` accepts what
    /// its search would never choose (a suicide, say) is answered legal, and the check shows the disagreement.
    pub(super) fn legal_by_play(
        &mut self,
        player: &str,
        vertex: &str,
    ) -> Result<Legality, EngineError> {
        let r = self.gtp()?.send("play", &[player, vertex])?;
        if !r.success {
            return Ok(Legality::Illegal(None));
        }
        let u = self.gtp()?.send("undo", &[])?;
        if !u.success {
            return Err(answered("undo", &u.text));
        }
        Ok(Legality::Legal)
    }
}

/// PROTO-6.4: the prisoners after a move that turned `before` into `after`: every black stone that went is
/// White's, every white one Black's (a suicide's stones too, CORE-6.1).
pub(super) fn taken(before: &Grid, after: &Grid, so_far: Prisoners) -> Prisoners {
    let mut out = so_far;
    for (at, p) in before.points() {
        match (p, after.get(at)) {
            (Some(StoneColor::Black), None) => out.white += 1,
            (Some(StoneColor::White), None) => out.black += 1,
            _ => {}
        }
    }
    out
}

/// PROTO-6.4: the position whose stones are `occupied`, each coloured as in `before` or, on the point just
/// played, as its player's. A stone on a point that was empty and not played has no colour the runner can know:
/// the engine's answer is then malformed.
pub(super) fn colour_stones(
    before: &Grid,
    occupied: &BTreeSet<At>,
    played: Option<(At, StoneColor)>,
) -> Result<Grid, EngineError> {
    let width = before.width();
    let mut points = vec![None; width * before.height()];
    for &at in occupied {
        if at.col >= width || at.row >= before.height() {
            return Err(EngineError::Malformed(Malformed::OffTheBoard {
                command: "final_status_list".into(),
                col: at.col,
                width,
            }));
        }
        let colour = match played {
            Some((p, c)) if p == at => Some(c),
            _ => before.get(at),
        };
        let Some(colour) = colour else {
            return Err(refused(format!(
                "final_status_list lists a stone at ({}, {}), a point that was empty and was not played",
                at.col, at.row
            )));
        };
        points[at.row * width + at.col] = Some(colour);
    }
    Grid::new(width, points).ok_or(EngineError::Malformed(Malformed::Empty { what: "board" }))
}

#[cfg(test)]
mod tests {
    use super::colour_stones;
    use crate::engine::{At, Grid};
    use gorules_grammar::StoneColor;
    use std::collections::BTreeSet;

    fn grid(rows: &[&str]) -> Grid {
        let width = rows[0].len();
        let points = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| match c {
                'X' => Some(StoneColor::Black),
                'O' => Some(StoneColor::White),
                _ => None,
            })
            .collect();
        Grid::new(width, points).expect("a grid")
    }

    fn at(col: usize, row: usize) -> At {
        At { col, row }
    }

    #[test]
    fn stones_keep_their_colour_and_the_move_takes_its_players() {
        // Black captures the white stone at (1, 0) by playing (2, 0).
        let before = grid(&["XO.", ".X.", "..."]);
        let occupied: BTreeSet<At> = [at(0, 0), at(1, 1), at(2, 0)].into();
        let after = colour_stones(&before, &occupied, Some((at(2, 0), StoneColor::Black)));
        assert_eq!(after, Ok(grid(&["X.X", ".X.", "..."])));
        let taken = super::taken(&before, &grid(&["X.X", ".X.", "..."]), Default::default());
        assert_eq!((taken.black, taken.white), (1, 0));
    }

    #[test]
    fn a_stone_from_nowhere_is_refused() {
        let before = grid(&["X..", "...", "..."]);
        let occupied: BTreeSet<At> = [at(0, 0), at(2, 2)].into();
        let e = colour_stones(&before, &occupied, None).expect_err("no colour");
        assert!(
            e.to_string().contains("was empty and was not played"),
            "{e}"
        );
    }
}
