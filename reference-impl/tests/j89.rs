//! J89-7, J89-8, J89-10: the confirmation of life and death under the pass-for-ko rule, and territory, on tiny
//! constructed positions whose verdicts follow from the rules by hand; and the search cross-checked with the whole
//! graph and with its own forcing lines played as confirmations (J89-R2).

use gorules_ref::j89::{
    assess, decide, decide_first, play_out, successors, Assessor, ConfirmGame, ConfirmMove,
    ConfirmState, Confirmation, ConfirmationBoard, ConfirmationFirst, DeadInRegions, DeadOutside,
    J89Rules, KoPass, NewStone, SearchLimits, SekiStones, SharedLives, Status, DEFAULT_LIMITS,
};
use gorules_ref::{ByColor, Color, PointSet, Position};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::sync::Arc;

/// The confirmation on every point (J89-R12 option `whole`).
const WHOLE: J89Rules = J89Rules {
    confirmation_board: ConfirmationBoard::Whole,
    new_stone: NewStone::OnCapturedPoints,
    seki_stones: SekiStones::Groups,
    dead_outside_territory: DeadOutside::Stay,
    dead_in_regions: DeadInRegions::Opponent,
    ko_pass: KoPass::Designated,
    confirmation: Confirmation::PerfectPlay,
    confirmation_first: ConfirmationFirst::Attacker,
};

fn pos(rows: &[&str]) -> Position {
    Position::from_rows(rows).expect("a position")
}

fn statuses(rows: &[&str]) -> Vec<(Color, usize, Status)> {
    let a = assess(&pos(rows), WHOLE, DEFAULT_LIMITS).expect("decided");
    let mut v: Vec<(Color, usize, Status)> = a
        .strings
        .iter()
        .map(|(s, c, st)| (*c, s.len(), *st))
        .collect();
    v.sort_by_key(|(c, n, _)| (c.index(), *n));
    v
}

/// A bent four in the corner (constructed; the kind of shape of seed 002's Example 7-1): White's six stones
/// enclose Black's two; Black's wall is pass-alive with one-point eyes.
const BENT_FOUR: [&str; 7] = [
    "##.O#.#", ".OOO###", "OO#####", "###.#.#", "#######", ".#.#.#.", "#######",
];

#[test]
fn a_search_beyond_its_allowance_is_refused_not_guessed() {
    // J89-R13: when a status search needs more nodes than allowed, the answer is an error, never a status.
    let small = SearchLimits {
        states: 100,
        nodes: 100,
        depth: 1_000,
        ..DEFAULT_LIMITS
    };
    let e = assess(&pos(&BENT_FOUR), J89Rules::default(), small).expect_err("too big");
    assert_eq!(e.to_string(), "the status search needs more than 100 nodes");
    // The exact graph of J89-R5 is refused the same way when it has more states than allowed. (Two groups with
    // two eyes each on 4x3: either side may fill its own eyes and open the board.)
    let p = pos(&[".#O.", "##OO", ".#O."]);
    let e = ConfirmGame::build(
        &p,
        Color::Black,
        Color::Black,
        &PointSet::empty(p.board()),
        KoPass::Designated,
        10_000,
    )
    .err()
    .expect("too big");
    assert_eq!(e.to_string(), "the confirmation has more than 10000 states");
}

#[test]
fn the_bent_four_is_dead_and_the_stones_inside_alive() {
    // J89-7.3: Black can start the ko whenever he likes, and White's threats do not count in the confirmation.
    let a = assess(&pos(&BENT_FOUR), J89Rules::default(), DEFAULT_LIMITS).expect("decided");
    let mut dead: Vec<(Color, usize)> = a
        .strings
        .iter()
        .filter(|(_, _, st)| *st == Status::Dead)
        .map(|(s, c, _)| (*c, s.len()))
        .collect();
    dead.sort_by_key(|(c, n)| (c.index(), *n));
    assert_eq!(dead, vec![(Color::White, 6)]);
    let white = a
        .life
        .iter()
        .find(|l| l.color == Color::White)
        .expect("a white string");
    assert!(
        !white.line.is_empty(),
        "a dead string comes with the attacker's forcing line"
    );
    // The settled eyes of Black's wall are off limits: the seven one-point eyes.
    assert_eq!(
        ConfirmationBoard::Contested
            .off_limits(&pos(&BENT_FOUR))
            .len(),
        7
    );
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
    let a = assess(&pos(&rows), WHOLE, DEFAULT_LIMITS).expect("decided");
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

/// The corner of seed 002's Example 9 as our case `j89-example-09-resolving-a-direct-ko` builds it: seven black
/// stones and one white stone, all dead, inside a pass-alive white wall.
const DIRECT_KO: [&str; 5] = [".O#OO.", "##.#OO", "O###O.", "OOOOOO", ".O.O.O"];

#[test]
fn dead_stones_of_both_colours_in_a_region_make_it_territory_under_both() {
    // J89-R8: by default the white stone's own death keeps the corner out of White's regions (no territory, as
    // the seed says); under `dead_in_regions: both` the corner is one White region of ten points, the seven black
    // stones are White's prisoners and the dead white stone is Black's.
    let p = pos(&DIRECT_KO);
    let default = assess(&p, J89Rules::default(), DEFAULT_LIMITS).expect("decided");
    assert_eq!(default.territory[Color::White].len(), 5);
    assert_eq!(default.score(ByColor::from_fn(|_| 0)), -5);
    let both = J89Rules {
        dead_in_regions: DeadInRegions::Both,
        ..J89Rules::default()
    };
    let a = assess(&p, both, DEFAULT_LIMITS).expect("decided");
    assert_eq!(a.strings, default.strings, "the statuses do not change");
    assert_eq!(a.territory[Color::White].len(), 15);
    assert!(a.territory[Color::Black].is_empty());
    assert_eq!(a.removed[Color::White].len(), 7);
    assert_eq!(a.removed[Color::Black].len(), 1);
    assert!(a.dead_left.is_empty());
    assert_eq!(a.score(ByColor::from_fn(|_| 0)), 1 - (15 + 7));
    // An assessor that decided the confirmation under the default reuses it under `both` (only the scoring
    // changed) and answers as a fresh assessment does.
    let mut assessor = Assessor::new(J89Rules::default());
    let first = assessor.assess(&p, DEFAULT_LIMITS).expect("decided");
    assert_eq!(*first, default);
    let mut assessor = assessor.under(both);
    assert_eq!(*assessor.assess(&p, DEFAULT_LIMITS).expect("decided"), a);
    let no_search = SearchLimits {
        states: 0,
        nodes: 0,
        ..DEFAULT_LIMITS
    };
    let mut assessor = assessor.under(J89Rules {
        dead_in_regions: DeadInRegions::None,
        seki_stones: SekiStones::Strings,
        ..both
    });
    assert!(
        assessor.assess(&p, no_search).is_ok(),
        "a reading that only scores needs no new search"
    );
    // Every contested string of the corner is dead under `adjacent`, so dead under the narrower
    // `on-captured-points` (J89-R5's homes nest): settled without a search.
    let mut assessor = assessor.under(J89Rules {
        new_stone: NewStone::OnCapturedPoints,
        ..both
    });
    assert_eq!(
        assessor.assess(&p, no_search).expect("settled").strings,
        a.strings
    );
    let mut assessor = assessor.under(J89Rules {
        ko_pass: KoPass::Pooled,
        ..both
    });
    assert!(
        assessor.assess(&p, no_search).is_err(),
        "a reading of the confirmation that nothing settles needs a new search"
    );
}

/// J89-R13, PROTO-10.2: assessors that share a store of decided confirmations (the reference engine's sessions
/// do) search a stop position once: another assessor answers it without a search, as a fresh assessment does; an
/// undecided confirmation is not kept, and an assessor without the store still has to search.
#[test]
fn assessors_sharing_a_store_search_a_confirmation_once() {
    let p = pos(&DIRECT_KO);
    let fresh = assess(&p, J89Rules::default(), DEFAULT_LIMITS).expect("decided");
    let no_search = SearchLimits {
        states: 0,
        nodes: 0,
        ..DEFAULT_LIMITS
    };
    let shared = Arc::new(SharedLives::new());
    let mut first = Assessor::sharing(J89Rules::default(), Arc::clone(&shared));
    assert!(first.assess(&p, no_search).is_err(), "nothing kept yet");
    assert!(shared.is_empty(), "an undecided confirmation is not kept");
    assert_eq!(*first.assess(&p, DEFAULT_LIMITS).expect("decided"), fresh);
    assert_eq!(shared.len(), 1);
    let mut second = Assessor::sharing(J89Rules::default(), Arc::clone(&shared));
    assert_eq!(
        *second.assess(&p, no_search).expect("from the store"),
        fresh
    );
    // A reading that only scores asks the same confirmation; one that changes it is another question.
    let both = J89Rules {
        dead_in_regions: DeadInRegions::Both,
        ..J89Rules::default()
    };
    let mut third = Assessor::sharing(both, Arc::clone(&shared));
    assert_eq!(
        *third.assess(&p, no_search).expect("from the store"),
        assess(&p, both, DEFAULT_LIMITS).expect("decided")
    );
    let pooled = J89Rules {
        ko_pass: KoPass::Pooled,
        ..J89Rules::default()
    };
    assert!(Assessor::sharing(pooled, Arc::clone(&shared))
        .assess(&p, no_search)
        .is_err());
    assert!(Assessor::new(J89Rules::default())
        .assess(&p, no_search)
        .is_err());
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
        credits: Vec::new(),
    };
    let after_white = successors(&start, &PointSet::empty(p.board()), KoPass::Designated)
        .into_iter()
        .find(|(m, _): &(ConfirmMove, ConfirmState)| matches!(m, ConfirmMove::Play(pt) if p.board().coords(*pt).is_some_and(|c| (c.col, c.row) == (1, 1))))
        .map(|(_, s)| s)
        .expect("White can take the ko at B2");
    assert_eq!(after_white.bans.len(), 1, "a ko capture makes a ban");
    let ban = *after_white.bans.iter().next().expect("one ban");
    assert_eq!(ban.victim, Color::Black);
    let black_moves = successors(
        &after_white,
        &PointSet::empty(p.board()),
        KoPass::Designated,
    );
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

/// J89-R7: with two ko captures against Black, one pass for a ko pays for either recapture under `pooled`, and
/// for the one it names under `designated`.
#[test]
fn a_pooled_pass_pays_for_whichever_ko_is_retaken() {
    let p = pos(&[".#O..#O.", "#.#O#.#O", ".#O..#O."]);
    let at = |col, row| p.board().point_at(col, row).expect("on the board");
    let none = PointSet::empty(p.board());
    let step = |s: &ConfirmState, mv: ConfirmMove, ko_pass: KoPass| -> Option<ConfirmState> {
        successors(s, &none, ko_pass)
            .into_iter()
            .find(|(m, _)| *m == mv)
            .map(|(_, next)| next)
    };
    for ko_pass in [KoPass::Designated, KoPass::Pooled] {
        // White takes both kos (Black passes in between); then Black passes for a ko, and White ends the first
        // ko by filling its point.
        let start = ConfirmState::start(&p, Color::White);
        let s =
            step(&start, ConfirmMove::Play(at(1, 1)), ko_pass).expect("White takes the first ko");
        let s = step(&s, ConfirmMove::Pass, ko_pass).expect("Black passes");
        let s = step(&s, ConfirmMove::Play(at(5, 1)), ko_pass).expect("White takes the second ko");
        assert_eq!(s.bans.len(), 2, "two captures against Black");
        assert!(
            step(&s, ConfirmMove::Play(at(6, 1)), ko_pass).is_none(),
            "no retake before a pass"
        );
        let first = *s
            .bans
            .iter()
            .find(|b| b.y == at(1, 1))
            .expect("the first ban");
        let pass = match ko_pass {
            KoPass::Designated => ConfirmMove::PassFor(first),
            KoPass::Pooled => ConfirmMove::PassForAnyKo,
        };
        assert!(step(&s, ConfirmMove::PassForAnyKo, KoPass::Designated).is_none());
        let s = step(&s, pass, ko_pass).expect("Black passes for a ko");
        assert!(!s.passed, "a pass for a ko does not count towards the end");
        let s = step(&s, ConfirmMove::Play(at(2, 1)), ko_pass).expect("White fills the first ko");
        let retake = step(&s, ConfirmMove::Play(at(6, 1)), ko_pass);
        match ko_pass {
            KoPass::Designated => assert!(retake.is_none(), "the pass named the first ko"),
            KoPass::Pooled => {
                let after = retake.expect("the pooled pass pays for the second ko");
                assert!(after.credits.is_empty(), "the pass is used up");
                assert!(
                    after.bans.iter().any(|b| b.victim == Color::White),
                    "the retake is a ko capture against White"
                );
            }
        }
    }
}

/// Random tiny positions in which every string has a liberty.
fn tiny_position() -> impl Strategy<Value = Position> {
    (
        (2usize..=4),
        (2usize..=3),
        proptest::collection::vec(0u8..3, 12),
    )
        .prop_filter_map("every string needs a liberty", |(w, h, cells)| {
            let rows: Vec<String> = (0..h)
                .map(|r| {
                    (0..w)
                        .map(|c| ['.', '#', 'O'][usize::from(cells[r * w + c])])
                        .collect()
                })
                .collect();
            let p = Position::from_rows(&rows).ok()?;
            gorules_ref::string::every_string_has_a_liberty(&p).then_some(p)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// J89-R13: the depth-first status search agrees with the attractor on the whole confirmation graph
    /// (J89-R5) for every string, wherever the graph is within reach; and a captured string's forcing line
    /// replays to a capture.
    #[test]
    fn the_status_search_agrees_with_the_whole_graph(p in tiny_position()) {
        for board in [ConfirmationBoard::Whole, ConfirmationBoard::Contested] {
            let off = board.off_limits(&p);
            for s in gorules_ref::string::strings(&p) {
                let attacker = s.color.opponent();
                for ko_pass in [KoPass::Designated, KoPass::Pooled] {
                    let Ok(game) = ConfirmGame::build(&p, attacker, attacker, &off, ko_pass, 20_000) else { continue };
                    for new_stone in [NewStone::Adjacent, NewStone::OnCapturedPoints, NewStone::Anywhere] {
                        let home = new_stone.home(&p, &s.stones);
                        let exact = game.can_capture(&home);
                        // The depth-first search may refuse (open boards full of captures are hard for it); where
                        // it answers, it must be right.
                        let limits = SearchLimits { nodes: 20_000, ..DEFAULT_LIMITS };
                        let Ok(v) = decide(&p, &home, s.color, &off, ko_pass, limits) else { continue };
                        prop_assert_eq!(v.captured, exact, "{:?} string of {} stones, {:?}, {:?}, on\n{}", s.color, s.stones.len(), new_stone, ko_pass, p);
                        // J89-R2: the forcing line, played as a confirmation, captures the string.
                        if v.captured && !v.line.is_empty() {
                            let line: Vec<ConfirmMove> = v.line.iter().map(|(_, m)| *m).collect();
                            let end = play_out(&p, attacker, &line, ko_pass);
                            prop_assert!(end.is_ok(), "{:?} on\n{}", end, p);
                            if let Ok(end) = end {
                                prop_assert!(home.iter().all(|q| end.get(q) != Some(s.color)), "the line leaves a stone at home on\n{}", p);
                            }
                        }
                    }
                }
            }
        }
    }

    /// J89-R5, option `confirmation_first: defender`: with the owner moving first, the search agrees with the
    /// attractor on the whole graph too, and a string the attacker captures moving second he also captures
    /// moving first.
    #[test]
    fn with_the_defender_first_the_search_agrees_with_the_whole_graph(p in tiny_position()) {
        let off = ConfirmationBoard::Contested.off_limits(&p);
        for s in gorules_ref::string::strings(&p) {
            let attacker = s.color.opponent();
            let Ok(game) = ConfirmGame::build(&p, attacker, s.color, &off, KoPass::Designated, 20_000) else { continue };
            let home = NewStone::Adjacent.home(&p, &s.stones);
            let exact = game.can_capture(&home);
            let limits = SearchLimits { nodes: 20_000, ..DEFAULT_LIMITS };
            let Ok(v) = decide_first(&p, &home, s.color, s.color, &off, KoPass::Designated, limits) else { continue };
            prop_assert_eq!(v.captured, exact, "{:?} string of {} stones on\n{}", s.color, s.stones.len(), p);
            if exact {
                let Ok(a) = decide(&p, &home, s.color, &off, KoPass::Designated, limits) else { continue };
                prop_assert!(a.captured, "captured with the defender first but not with the attacker first on\n{}", p);
            }
        }
    }

    /// J89-R5, option `new_stone`: the homes nest (on-captured-points within adjacent within anywhere), so on the
    /// same confirmation graph a string the attacker captures under a wider reading he captures under every
    /// narrower one; `anywhere` leaves out only the owner's other stones of the stop.
    #[test]
    fn wider_new_stone_readings_capture_less(p in tiny_position()) {
        let off = ConfirmationBoard::Contested.off_limits(&p);
        for s in gorules_ref::string::strings(&p) {
            let attacker = s.color.opponent();
            let [on, adjacent, anywhere] = [NewStone::OnCapturedPoints, NewStone::Adjacent, NewStone::Anywhere]
                .map(|n| n.home(&p, &s.stones));
            prop_assert!(on.is_subset(&adjacent) && adjacent.is_subset(&anywhere));
            for q in p.board().points() {
                let owners_other = p.get(q) == Some(s.color) && !s.stones.contains(q);
                prop_assert_eq!(anywhere.contains(q), !owners_other, "{:?} on\n{}", q, p);
            }
            let Ok(game) = ConfirmGame::build(&p, attacker, attacker, &off, KoPass::Designated, 20_000) else { continue };
            let [c_on, c_adjacent, c_anywhere] = [&on, &adjacent, &anywhere].map(|h| game.can_capture(h));
            prop_assert!(!c_anywhere || c_adjacent, "on\n{}", p);
            prop_assert!(!c_adjacent || c_on, "on\n{}", p);
        }
    }

    /// J89-R5: an assessor that decided a position under one reading and answers another reading from what that
    /// settles (the nesting of `new_stone`, the owner's pass under `confirmation_first: defender`) answers as a
    /// fresh assessment does.
    #[test]
    fn readings_settled_by_a_neighbouring_reading_are_exact(p in tiny_position()) {
        let limits = SearchLimits { states: 20_000, nodes: 20_000, depth: 10_000, ..DEFAULT_LIMITS };
        let readings = [
            J89Rules::default(),
            J89Rules { new_stone: NewStone::Anywhere, ..J89Rules::default() },
            J89Rules { new_stone: NewStone::OnCapturedPoints, ..J89Rules::default() },
            J89Rules { confirmation_first: ConfirmationFirst::Defender, ..J89Rules::default() },
        ];
        // From the default to each other reading and back (the matrix decides the default first).
        let pairs = readings[1..]
            .iter()
            .flat_map(|&r| [(readings[0], r), (r, readings[0])]);
        for (from, to) in pairs {
            {
                let mut assessor = Assessor::new(from);
                if assessor.assess(&p, limits).is_err() {
                    continue;
                }
                let mut assessor = assessor.under(to);
                if let (Ok(kept), Ok(fresh)) = (assessor.assess(&p, limits), assess(&p, to, limits)) {
                    prop_assert_eq!(&kept.strings, &fresh.strings, "{:?} then {:?} on\n{}", from, to, p);
                }
            }
        }
    }

    /// J89-R12: playing nowhere on the settled eye spaces changes no status, wherever the whole-board search
    /// is within reach.
    #[test]
    fn settled_eye_spaces_change_no_status(p in tiny_position()) {
        let limits = SearchLimits { states: 20_000, nodes: 20_000, depth: 10_000, ..DEFAULT_LIMITS };
        let whole = assess(&p, WHOLE, limits);
        let contested = assess(&p, J89Rules::default(), limits);
        if let (Ok(w), Ok(c)) = (whole, contested) {
            prop_assert_eq!(w.strings, c.strings, "on\n{}", p);
        }
    }
}
