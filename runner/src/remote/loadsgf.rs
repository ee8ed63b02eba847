//! PROTO-6, the `loadsgf` route: an engine with standard GTP commands only, without KataGo's `set_position`, is
//! given a position as an SGF file (written by the runner to a temporary file, [`crate::sgf`]) and the standard
//! `loadsgf FILE` command. The engine then holds the position with no move history, so its ko rule and any
//! superko start from it, as they do under `gorules-setup`; `play` for every stone (the last route) leaves the
//! stones' placing in the engine's history, which a superko rule might look at.

use super::Remote;
use crate::engine::{EngineError, Grid};
use crate::sgf::{point_value, size_value, write, Collection, GameTree, Node};
use gorules_grammar::StoneColor;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// A temporary SGF file, removed when dropped.
struct TempSgf(PathBuf);

impl Drop for TempSgf {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Numbers the temporary files of this process.
static NEXT: AtomicU64 = AtomicU64::new(0);

/// The SGF the `loadsgf` route writes: the board's size, the komi (`KM`, which an engine reads with the
/// position) and `AB`/`AW` setup stones.
pub fn setup_sgf(board: &Grid, komi: &str) -> Collection {
    let mut root = Node::default();
    root.push("FF", vec!["4".into()]);
    root.push("GM", vec!["1".into()]);
    root.push("SZ", vec![size_value(board.width(), board.height())]);
    root.push("KM", vec![komi.into()]);
    position_stones(&mut root, board);
    Collection(vec![GameTree {
        nodes: vec![root],
        variations: Vec::new(),
    }])
}

/// `AB`/`AW` setup stones of `board`.
fn position_stones(root: &mut Node, board: &Grid) {
    for (stone, id) in [(StoneColor::Black, "AB"), (StoneColor::White, "AW")] {
        let points = board
            .points()
            .filter(|&(_, p)| p == Some(stone))
            .filter_map(|(at, _)| point_value(at.col, at.row))
            .collect();
        root.push(id, points);
    }
}

/// Where the temporary file goes, if a GTP argument can name it (no white space in the path, up to 52 points a
/// side for SGF).
fn temp_path(board: &Grid) -> Option<PathBuf> {
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("gorules-setup-{}-{n}.sgf", std::process::id()));
    let plain = path
        .to_str()
        .is_some_and(|p| !p.chars().any(char::is_whitespace));
    (plain && board.width() <= 52 && board.height() <= 52).then_some(path)
}

impl Remote {
    /// PROTO-6: whether this engine's positions are set up with `loadsgf` (it knows `loadsgf` and not
    /// `set_position`, and the temporary folder's path can be a GTP argument).
    pub(super) fn sets_up_by_loadsgf(&self, board: &Grid) -> bool {
        self.capabilities.knows("loadsgf")
            && !self.capabilities.knows("set_position")
            && temp_path(board).is_some()
    }

    /// PROTO-6: sets `board` up with `komi` by writing it as SGF to a temporary file and sending `loadsgf FILE`;
    /// the file is removed once the engine has answered.
    pub(super) fn load_position(&mut self, board: &Grid, komi: &str) -> Result<(), EngineError> {
        let path = temp_path(board).ok_or_else(|| {
            super::refused("loadsgf: the temporary folder's path has white space in it")
        })?;
        let file = TempSgf(path);
        std::fs::write(&file.0, write(&setup_sgf(board, komi))).map_err(|e| {
            super::refused(format!("loadsgf: cannot write {}: {e}", file.0.display()))
        })?;
        let name = file.0.to_string_lossy().into_owned();
        self.ok("loadsgf", &[&name])
            .map_err(|e| super::refused(format!("setting up the position with loadsgf: {e}")))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::setup_sgf;
    use crate::engine::Grid;
    use crate::sgf::write;
    use gorules_grammar::StoneColor;

    #[test]
    fn a_position_is_written_as_setup_stones() {
        let b = Some(StoneColor::Black);
        let w = Some(StoneColor::White);
        let grid = Grid::new(3, vec![b, None, w, None, None, None]).expect("3x2");
        let text = write(&setup_sgf(&grid, "6.5"));
        assert_eq!(text, "(;FF[4]GM[1]SZ[3:2]KM[6.5]AB[aa]AW[ca])\n");
    }
}
