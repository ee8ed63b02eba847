//! J89-7, J89-8, J89-10: the confirmation of life and death under the pass-for-ko rule, and territory, on tiny
//! constructed positions whose verdicts follow from the rules by hand.

use gorules_ref::j89::{
    assess, successors, ConfirmMove, ConfirmState, Status, DEFAULT_STATE_LIMIT,
};
use gorules_ref::{ByColor, Color, Position};
use std::collections::BTreeSet;

fn pos(rows: &[&str]) -> Position {
    Position::from_rows(rows).expect("a position")
}

fn statuses(rows: &[&str]) -> Vec<(Color, usize, Status)> {
    let a = assess(&pos(rows), DEFAULT_STATE_LIMIT).expect("decided");
    let mut v: Vec<(Color, usize, Status)> = a
        .strings
        .iter()
        .map(|(s, c, st)| (*c, s.len(), *st))
        .collect();
    v.sort_by_key(|(c, n, _)| (c.index(), *n));
    v
}

#[test]
fn a_board_beyond_the_allowance_is_refused_not_guessed() {
    // J89-R5 is decided on the whole board's game graph; when it has more states than allowed, the answer is
    // an error, never a status. (Two groups with two eyes each on 4x3: the graph is far beyond 10,000 states,
    // because either side may fill its own eyes and open the board.)
    let e = assess(&pos(&[".#O.", "##OO", ".#O."]), 10_000).expect_err("too big");
    assert_eq!(e.to_string(), "the confirmation has more than 10000 states");
}

#[test]
fn two_shared_liberties_make_a_seki_without_territory() {
    // J89-8.2, J89-8.3: neither side can fill a shared liberty without self-atari; both are alive, the two
    // empty points are dame, both strings are in seki, nobody has territory.
    let rows = ["#.O", "#.O"];
    assert_eq!(
        statuses(&rows),
        vec![
            (Color::Black, 2, Status::Seki),
            (Color::White, 2, Status::Seki)
        ]
    );
    let a = assess(&pos(&rows), DEFAULT_STATE_LIMIT).expect("decided");
    assert_eq!(a.dame.len(), 2);
    assert!(a.territory[Color::Black].is_empty() && a.territory[Color::White].is_empty());
    assert_eq!(
        a.score(ByColor::from_fn(|_| 0)),
        0,
        "jigo without prisoners"
    );
    assert_eq!(
        a.score(ByColor::from_fn(|c| if c == Color::Black { 2 } else { 0 })),
        2
    );
}

#[test]
fn a_ko_capture_bans_the_recapture_until_a_pass_for_it() {
    // J89-7.3, J89-7.4: White's play at B2 takes the one black stone at C2 and leaves a lone stone whose only
    // liberty is C2: a ko capture. Black may not retake at C2 at once, only after a pass designated for it.
    let p = pos(&[".#O.", "#.#O", ".#O."]);
    let start = ConfirmState {
        position: p.clone(),
        to_move: Color::White,
        bans: BTreeSet::new(),
        passed: false,
    };
    let after_white = successors(&start)
        .into_iter()
        .find(|(m, _): &(ConfirmMove, ConfirmState)| matches!(m, ConfirmMove::Play(pt) if p.board().coords(*pt).is_some_and(|c| (c.col, c.row) == (1, 1))))
        .map(|(_, s)| s)
        .expect("White can take the ko at B2");
    assert_eq!(after_white.bans.len(), 1, "a ko capture makes a ban");
    let ban = *after_white.bans.iter().next().expect("one ban");
    assert_eq!(ban.victim, Color::Black);
    let black_moves = successors(&after_white);
    let retake = black_moves
        .iter()
        .any(|(m, _)| *m == ConfirmMove::Play(ban.x));
    assert!(!retake, "the recapture is banned");
    let (_, paid) = black_moves
        .iter()
        .find(|(m, _)| *m == ConfirmMove::PassFor(ban))
        .expect("Black may pass for the ko");
    assert!(paid.bans.is_empty());
}
