//! J89-13.1, J89-R4: the effective moves at a stop, listed in full, cut short after the first, and with the stop
//! position's assessment given instead of made again.

use gorules_ref::j89::{
    assess, effective_moves, effective_moves_given, Game, GameRules, J89Rules, Stage,
    DEFAULT_LIMITS,
};
use gorules_ref::{ByColor, Color, Move, Position};

/// The mutual atari of `cases/j89/j89-diagram-19-article-13-both-lose.yaml`, stopped by two passes.
fn stopped() -> Game {
    let p = Position::from_rows(&[".#O.O.", "##O#OO", ".#O#O."]).expect("a position");
    let mut g = Game::new(
        p,
        Color::Black,
        ByColor::from_fn(|_| 0),
        GameRules::default(),
    );
    g.play(Color::Black, Move::Pass).expect("Black passes");
    g.play(Color::White, Move::Pass).expect("White passes");
    assert_eq!(g.stage(), Stage::Stopped);
    g
}

#[test]
fn the_shared_liberty_is_an_effective_move_for_both() {
    let g = stopped();
    let rules = J89Rules::default();
    let all = effective_moves(&g, rules, DEFAULT_LIMITS).expect("decided");
    let d3 = g.position().board().point_at(3, 0).expect("on the board");
    assert_eq!(all, vec![(Color::Black, d3), (Color::White, d3)]);
    let first = effective_moves_given(&g, rules, DEFAULT_LIMITS, None, 1).expect("decided");
    assert_eq!(first, vec![(Color::Black, d3)], "cut short after the first");
    let stop = assess(g.position(), rules, DEFAULT_LIMITS).expect("decided");
    let given =
        effective_moves_given(&g, rules, DEFAULT_LIMITS, Some(&stop), usize::MAX).expect("decided");
    assert_eq!(given, all, "the given assessment changes nothing");
    assert!(effective_moves_given(&g, rules, DEFAULT_LIMITS, None, 0)
        .expect("decided")
        .is_empty());
}

#[test]
fn a_game_in_play_has_no_effective_moves() {
    let p = Position::from_rows(&[".#O.O.", "##O#OO", ".#O#O."]).expect("a position");
    let g = Game::new(
        p,
        Color::Black,
        ByColor::from_fn(|_| 0),
        GameRules::default(),
    );
    assert!(effective_moves(&g, J89Rules::default(), DEFAULT_LIMITS)
        .expect("no search")
        .is_empty());
}
