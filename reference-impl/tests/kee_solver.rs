//! SOLVER-7: the Kee solver. On seed 001's 2x1 board it finds the seed's conclusion (a draw at best; Black's
//! first stone loses both points), and on random tiny boards its alpha-beta search agrees with plain minimax.

use gorules_ref::board::Board;
use gorules_ref::kee::{
    kee_naive_value, kee_value, Arrangement, KeeGame, KeeLimits, KeePlay, KeeRules, KeeSolved,
    Player,
};
use std::sync::Arc;

fn value(game: &KeeGame, nodes: u64) -> Option<i32> {
    match kee_value(game, KeeLimits { nodes }).expect("two players") {
        KeeSolved::Value { value, .. } => Some(value),
        KeeSolved::OutOfReach { .. } => None,
    }
}

fn naive(game: &KeeGame, nodes: u64) -> Option<i32> {
    match kee_naive_value(game, KeeLimits { nodes }).expect("two players") {
        KeeSolved::Value { value, .. } => Some(value),
        KeeSolved::OutOfReach { .. } => None,
    }
}

fn two_by_one(rules: KeeRules) -> KeeGame {
    let board = Arc::new(Board::rectangle(2, 1).expect("a board"));
    KeeGame::new(Arrangement::empty(board, 2).expect("empty"), rules)
}

#[test]
fn the_two_by_one_board_is_a_draw_and_a_first_stone_loses() {
    // Seed 001, "2x1 board": Black cannot do better than a draw; if Black 1 is a stone, White wins both points.
    let game = two_by_one(KeeRules::default());
    let KeeSolved::Value { value, line, nodes } =
        kee_value(&game, KeeLimits { nodes: 1_000_000 }).expect("two players")
    else {
        panic!("the 2x1 board is within reach")
    };
    assert_eq!(value, 0);
    assert!(nodes > 0);
    // The principal variation replays to the value.
    let mut g = game.clone();
    for p in &line {
        g.play(*p).expect("the line is legal");
    }
    assert!(g.ended().is_some(), "the line ends the game");
    let points = g.points();
    assert_eq!(points[0] as i32 - points[1] as i32, value);

    let a = game.position().board().point(0).expect("A1");
    for first in [KeePlay::Stone(a), KeePlay::NormalPass] {
        let mut g = game.clone();
        g.play(first).expect("legal");
        let want = if first == KeePlay::NormalPass { 0 } else { -2 };
        assert_eq!(value_of(&g), want, "after {first:?}");
    }
}

fn value_of(g: &KeeGame) -> i32 {
    value(g, 1_000_000).expect("within reach")
}

#[test]
fn alpha_beta_agrees_with_minimax_on_the_two_by_one_board() {
    for rules in [
        KeeRules::default(),
        KeeRules {
            refreshing_passes: false,
            ..KeeRules::default()
        },
    ] {
        let game = two_by_one(rules);
        assert_eq!(
            value(&game, 2_000_000),
            naive(&game, 2_000_000),
            "{rules:?}"
        );
        assert!(naive(&game, 2_000_000).is_some());
    }
}

#[test]
fn three_players_are_refused() {
    let board = Arc::new(Board::rectangle(2, 1).expect("a board"));
    let game = KeeGame::new(
        Arrangement::empty(board, 3).expect("empty"),
        KeeRules::default(),
    );
    let e = kee_value(&game, KeeLimits { nodes: 10 }).expect_err("three players");
    assert!(e.to_string().contains("two players"), "{e}");
}

#[test]
fn alpha_beta_agrees_with_minimax_on_every_tiny_board() {
    // Every two-player position on the graphs of one and two intersections and the line of three, either
    // player to move, with and without refreshing passes: wherever plain minimax finishes, the search agrees.
    let graphs: Vec<Vec<Vec<usize>>> = vec![
        vec![vec![]],
        vec![vec![], vec![]],
        vec![vec![1], vec![0]],
        vec![vec![1], vec![0, 2], vec![1]],
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
                    if let Some(b) = naive(&game, 20_000) {
                        decided += 1;
                        assert_eq!(
                            value(&game, 20_000),
                            Some(b),
                            "{lists:?} {start:?} {rules:?} {first:?}"
                        );
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
