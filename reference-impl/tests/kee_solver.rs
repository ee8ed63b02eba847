//! SOLVER-7: the Kee solver. Seed 001's 2x1 board (a draw at best; Black's first stone loses both points, and
//! so does every Black 3 and Black 9 of the seed's line), the 2x2 board without refreshing passes, the
//! territory-scoring variant, and agreement with plain minimax (SOLVER-7.7) on every position of the graphs of
//! one to three intersections and on random positions and histories of graphs of up to four.

use gorules_ref::board::Board;
use gorules_ref::kee::{
    kee_naive_value, kee_value, AlliedGroups, Arrangement, KeeGame, KeeLimits, KeeOptions, KeePlay,
    KeeRules, KeeScoring, KeeSolved, KoPlayerPasses, Player, Suicide,
};
use proptest::prelude::*;
use std::sync::Arc;

/// The value and line of `game` by the search, if within `nodes`.
fn solved(game: &KeeGame, nodes: u64) -> Option<(i32, Vec<KeePlay>)> {
    match kee_value(
        game,
        KeeLimits {
            nodes,
            ..KeeLimits::default()
        },
    )
    .expect("two players")
    {
        KeeSolved::Value { value, line, .. } => Some((value, line)),
        KeeSolved::OutOfReach { .. } => None,
    }
}

fn naive(game: &KeeGame, nodes: u64) -> Option<i32> {
    match kee_naive_value(
        game,
        KeeLimits {
            nodes,
            ..KeeLimits::default()
        },
    )
    .expect("two players")
    {
        KeeSolved::Value { value, .. } => Some(value),
        KeeSolved::OutOfReach { .. } => None,
    }
}

/// SOLVER-7.6: the line replays legally from `game`, ends the game, and ends it with `value`.
fn assert_line(game: &KeeGame, value: i32, line: &[KeePlay]) {
    let mut g = game.clone();
    for p in line {
        g.play(*p).expect("the line is legal");
    }
    assert!(g.ended().is_some(), "the line ends the game: {line:?}");
    let points = g.points();
    assert_eq!(points[0] as i32 - points[1] as i32, value, "{line:?}");
}

/// The value of `game` after `plays`, by the search (and checked against plain minimax when `check`).
fn value_after(game: &KeeGame, plays: &[KeePlay], check: bool) -> i32 {
    let mut g = game.clone();
    for p in plays {
        g.play(*p).expect("legal");
    }
    let (v, line) = solved(&g, 2_000_000).expect("within reach");
    assert_line(&g, v, &line);
    if check {
        assert_eq!(
            naive(&g, 5_000_000),
            Some(v),
            "plain minimax after {plays:?}"
        );
    }
    v
}

fn empty(width: usize, height: usize, rules: KeeRules) -> KeeGame {
    let board = Arc::new(Board::rectangle(width, height).expect("a board"));
    KeeGame::new(Arrangement::empty(board, 2).expect("empty"), rules)
}

fn stone(game: &KeeGame, col: usize, row: usize) -> KeePlay {
    KeePlay::Stone(
        game.position()
            .board()
            .point_at(col, row)
            .expect("on the board"),
    )
}

const NO_REFRESH: KeeRules = KeeRules {
    refreshing_passes: false,
    removal: KeeOptions {
        suicide: Suicide::Prohibited,
        allied_groups: AlliedGroups::Union,
    },
    scoring: KeeScoring::Area,
    ko_player_passes: KoPlayerPasses::Normal,
};

#[test]
fn the_two_by_one_board_is_a_draw_and_a_first_stone_loses() {
    // Seed 001, "2x1 board": Black cannot do better than a draw; if Black 1 is a stone, White wins both points.
    let game = empty(2, 1, KeeRules::default());
    let (v, line) = solved(&game, 1_000_000).expect("within reach");
    assert_eq!(v, 0);
    assert_eq!(line, vec![KeePlay::NormalPass, KeePlay::NormalPass]);
    assert_eq!(naive(&game, 5_000_000), Some(0));
    let (left, right) = (stone(&game, 0, 0), stone(&game, 1, 0));
    assert_eq!(value_after(&game, &[left], true), -2);
    assert_eq!(value_after(&game, &[right], true), -2);
    assert_eq!(value_after(&game, &[KeePlay::NormalPass], true), 0);
    assert_eq!(value_after(&game, &[KeePlay::RefreshingPass], true), 0);
}

#[test]
fn on_the_two_by_one_board_black_3_and_black_9_have_no_good_choice() {
    // Seed 001's line: B1 left, W2 right (capturing), B3 refreshing pass, W4 normal pass, B5 left (capturing),
    // W6 refreshing pass, B7 normal pass, W8 right (capturing). Every Black 3 loses both points, and so does
    // every Black 9 (a normal pass lets W10 end the game; a refreshing pass repeats B3's, KEE-12(b)).
    let game = empty(2, 1, KeeRules::default());
    let (left, right) = (stone(&game, 0, 0), stone(&game, 1, 0));
    let (pass, refresh) = (KeePlay::NormalPass, KeePlay::RefreshingPass);
    for b3 in [pass, refresh, left] {
        assert_eq!(
            value_after(&game, &[left, right, b3], true),
            -2,
            "B3 {b3:?}"
        );
    }
    let to_w8 = [left, right, refresh, pass, left, refresh, pass, right];
    assert_eq!(value_after(&game, &to_w8, true), -2);
    for b9 in [pass, refresh, left] {
        let mut line = to_w8.to_vec();
        line.push(b9);
        assert_eq!(value_after(&game, &line, true), -2, "B9 {b9:?}");
    }
}

#[test]
fn the_two_by_one_board_in_the_variants() {
    // Without refreshing passes: the same values. Territory scoring (KEE-15v): White's capture of Black's
    // first stone gives White a prisoner and then the empty point beside his stone: 2 points to none.
    for rules in [
        NO_REFRESH,
        KeeRules {
            scoring: KeeScoring::Territory,
            ..KeeRules::default()
        },
        KeeRules {
            scoring: KeeScoring::Territory,
            ..NO_REFRESH
        },
    ] {
        let game = empty(2, 1, rules);
        assert_eq!(value_after(&game, &[], true), 0, "{rules:?}");
        assert_eq!(
            value_after(&game, &[stone(&game, 0, 0)], true),
            -2,
            "{rules:?}"
        );
        assert_eq!(value_after(&game, &[KeePlay::NormalPass], true), 0);
    }
}

#[test]
fn the_two_by_two_board_without_refreshing_passes() {
    // Seed 001, "2x2 board", first part (no refreshing passes): Black 1 in a corner, White 2 in the opposite
    // corner; a Black 3 pass draws, and a Black 3 stone loses all 4 points (Black 3 should pass).
    for scoring in [KeeScoring::Area, KeeScoring::Territory] {
        let rules = KeeRules {
            scoring,
            ..NO_REFRESH
        };
        let game = empty(2, 2, rules);
        assert_eq!(value_after(&game, &[], false), 0);
        let (b1, w2) = (stone(&game, 0, 0), stone(&game, 1, 1));
        for first in [b1, stone(&game, 1, 0), KeePlay::NormalPass] {
            assert_eq!(value_after(&game, &[first], false), 0, "{first:?}");
        }
        assert_eq!(value_after(&game, &[b1, w2, KeePlay::NormalPass], false), 0);
        // Not all 4 points: at best play a Black who went astray cuts his loss. After W4 captures the two
        // black stones, B5 takes one of the two empty points and both pass: White 2 stones, Black 1, the
        // last point neutral (area scoring: -1; territory scoring: White's 2 prisoners, -2). The seed's "White
        // wins all 4 points" is for a Black who never settles for less than a win.
        let greedy = match scoring {
            KeeScoring::Area => -1,
            KeeScoring::Territory => -2,
        };
        for b3 in [stone(&game, 1, 0), stone(&game, 0, 1)] {
            assert_eq!(
                value_after(&game, &[b1, w2, b3], false),
                greedy,
                "{scoring:?} {b3:?}"
            );
        }
    }
}

#[test]
fn the_two_by_three_board_without_refreshing_passes() {
    // Seed 001, "2x3 board": Black cannot do better than a draw. Without refreshing passes the solver says so,
    // and more: a first stone on a middle intersection draws, one in a corner loses all 6 points.
    let game = empty(2, 3, NO_REFRESH);
    assert_eq!(value_after(&game, &[], false), 0);
    assert_eq!(value_after(&game, &[KeePlay::NormalPass], false), 0);
    for row in 0..3 {
        for col in 0..2 {
            let want = if row == 1 { 0 } else { -6 };
            assert_eq!(
                value_after(&game, &[stone(&game, col, row)], false),
                want,
                "({col}, {row})"
            );
        }
    }
}

#[test]
fn on_the_two_by_three_board_a_first_corner_stone_loses_all_six_points() {
    // Seed 001, "2x3 board", conclusion: White wins all 6 points when Black is not satisfied with a draw. Under
    // the default rules (refreshing passes allowed) the solver proves it after a first stone in a corner.
    let game = empty(2, 3, KeeRules::default());
    let a1 = stone(&game, 0, 2);
    assert_eq!(value_after(&game, &[a1], false), -6);
}

#[test]
fn three_players_are_refused() {
    let board = Arc::new(Board::rectangle(2, 1).expect("a board"));
    let game = KeeGame::new(
        Arrangement::empty(board, 3).expect("empty"),
        KeeRules::default(),
    );
    let e = kee_value(
        &game,
        KeeLimits {
            nodes: 10,
            ..KeeLimits::default()
        },
    )
    .expect_err("three players");
    assert!(e.to_string().contains("two players"), "{e}");
    assert!(kee_naive_value(
        &game,
        KeeLimits {
            nodes: 10,
            ..KeeLimits::default()
        }
    )
    .is_err());
}

#[test]
fn an_allowance_too_small_is_out_of_reach() {
    let game = empty(2, 2, KeeRules::default());
    assert!(matches!(
        kee_value(
            &game,
            KeeLimits {
                nodes: 5,
                ..KeeLimits::default()
            }
        ),
        Ok(KeeSolved::OutOfReach { .. })
    ));
}

#[test]
fn out_of_reach_answers_carry_bounds_that_hold_the_value() {
    // SOLVER-7.6: whatever the allowance, the bounds an out-of-reach answer gives hold the value (0 on both
    // boards without refreshing passes), and some allowances settle a bound before the value.
    for (width, height) in [(2, 2), (2, 3)] {
        let game = empty(
            width,
            height,
            KeeRules {
                refreshing_passes: false,
                ..KeeRules::default()
            },
        );
        let n = (width * height) as i32;
        let mut narrowed = false;
        let mut nodes = 1;
        loop {
            match kee_value(
                &game,
                KeeLimits {
                    nodes,
                    ..KeeLimits::default()
                },
            )
            .expect("two players")
            {
                KeeSolved::OutOfReach { low, high, .. } => {
                    assert!(
                        -n <= low && low <= 0 && 0 <= high && high <= n,
                        "{width}x{height} at {nodes} nodes: {low} <= value <= {high}"
                    );
                    narrowed |= low > -n || high < n;
                }
                KeeSolved::Value { value, .. } => {
                    assert_eq!(value, 0, "{width}x{height}");
                    break;
                }
            }
            nodes = nodes * 3 / 2 + 1;
        }
        assert!(narrowed, "{width}x{height}: no answer narrowed the bounds");
    }
}

#[test]
fn the_search_agrees_with_minimax_on_every_tiny_board() {
    // Every two-player position on the graphs of one to three intersections (connected or not), either player
    // to move, with and without refreshing passes: wherever plain minimax finishes, the search agrees.
    let graphs: Vec<Vec<Vec<usize>>> = vec![
        vec![vec![]],
        vec![vec![], vec![]],
        vec![vec![1], vec![0]],
        vec![vec![1], vec![0, 2], vec![1]],
        vec![vec![1, 2], vec![0, 2], vec![0, 1]],
        vec![vec![1], vec![0], vec![]],
    ];
    let (mut decided, mut tried) = (0, 0);
    for lists in graphs {
        let board = Arc::new(Board::from_neighbour_lists(&lists).expect("a graph"));
        let n = lists.len();
        for code in 0..3usize.pow(n as u32) {
            let cells = (0..n)
                .map(|i| match code / 3usize.pow(i as u32) % 3 {
                    0 => None,
                    k => Some(Player(k as u8 - 1)),
                })
                .collect();
            let Ok(start) = Arrangement::from_cells(board.clone(), 2, cells) else {
                continue;
            };
            for refreshing_passes in [true, false] {
                for first in [Player(0), Player(1)] {
                    let rules = KeeRules {
                        refreshing_passes,
                        ..KeeRules::default()
                    };
                    let game = KeeGame::starting_with(start.clone(), rules, first);
                    tried += 1;
                    if let Some(b) = naive(&game, 8_000) {
                        decided += 1;
                        let (v, line) = solved(&game, 100_000).expect("within reach");
                        assert_eq!(v, b, "{lists:?} {start:?} {rules:?} {first:?}");
                        assert_line(&game, v, &line);
                    }
                }
            }
        }
    }
    assert!(
        decided * 2 >= tried,
        "plain minimax decided only {decided} of {tried} positions"
    );
}

/// A random graph of `n` intersections from `edges` (one bit per pair).
fn graph(n: usize, edges: u32) -> Board {
    let mut lists = vec![Vec::new(); n];
    let mut bit = 0;
    for i in 0..n {
        for j in i + 1..n {
            if edges >> bit & 1 == 1 {
                lists[i].push(j);
                lists[j].push(i);
            }
            bit += 1;
        }
    }
    Board::from_neighbour_lists(&lists).expect("a graph")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// SOLVER-7.7: on random graphs of two to four intersections (on four, at most two of them empty), random
    /// positions, either player first, a random history of up to ten plays that do not end the game, and each
    /// variant (refreshing passes or not, territory scoring, every pass counted for the ko player, suicide
    /// allowed), the search and plain minimax agree wherever plain minimax finishes, and the search's line
    /// replays to its value.
    #[test]
    fn the_search_agrees_with_minimax_after_random_histories(
        n in 2usize..=4,
        edges in any::<u32>(),
        cells in proptest::collection::vec(0u8..3, 4),
        first in 0u8..2,
        history in proptest::collection::vec(any::<u16>(), 0..10),
        refreshing_passes in any::<bool>(),
        territory in any::<bool>(),
        all_passes in any::<bool>(),
        suicide in any::<bool>(),
    ) {
        let board = Arc::new(graph(n, edges));
        let mut cells: Vec<Option<Player>> = cells[..n]
            .iter()
            .map(|c| if *c == 0 { None } else { Some(Player(c - 1)) })
            .collect();
        if n == 4 {
            // Plain minimax on four empty intersections is beyond a test's allowance.
            cells[0] = cells[0].or(Some(Player(0)));
            cells[3] = cells[3].or(Some(Player(1)));
        }
        let Ok(start) = Arrangement::from_cells(board, 2, cells) else {
            return Ok(());
        };
        let rules = KeeRules {
            refreshing_passes,
            removal: KeeOptions {
                suicide: if suicide { Suicide::Allowed } else { Suicide::Prohibited },
                ..KeeOptions::default()
            },
            scoring: if territory { KeeScoring::Territory } else { KeeScoring::Area },
            ko_player_passes: if all_passes { KoPlayerPasses::All } else { KoPlayerPasses::Normal },
        };
        let mut game = KeeGame::starting_with(start, rules, Player(first));
        for pick in history {
            let mut next: Vec<KeeGame> = Vec::new();
            let mut plays: Vec<KeePlay> = game.position().board().points().map(KeePlay::Stone).collect();
            plays.push(KeePlay::NormalPass);
            plays.push(KeePlay::RefreshingPass);
            for p in plays {
                let mut g = game.clone();
                if g.play(p).is_ok() && g.ended().is_none() {
                    next.push(g);
                }
            }
            if next.is_empty() {
                break;
            }
            let k = usize::from(pick) % next.len();
            game = next.swap_remove(k);
        }
        if let Some(b) = naive(&game, 100_000) {
            let (v, line) = solved(&game, 200_000).expect("within reach");
            prop_assert_eq!(v, b);
            assert_line(&game, v, &line);
        }
    }
}
