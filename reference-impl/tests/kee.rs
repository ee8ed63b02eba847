//! KEE-9 to KEE-11, KEE-15: stone removal and scoring of the Kee rules, from the examples the seed's prose fixes,
//! and properties: with two players they agree with the core rules play for play (CORE-5), and with three
//! players no legal play leaves the mover's unit without liberty (suicide prohibited) and no unit with a liberty
//! is removed.

use gorules_ref::board::Board;
use gorules_ref::kee::{
    area_points, play_stone, ranking, AlliedGroups, Arrangement, KeeOptions, Player, SuicidalPlay,
    Suicide,
};
use gorules_ref::moves::{apply_play, SuicideRule};
use gorules_ref::{Color, Position};
use proptest::prelude::*;
use std::sync::Arc;

/// A grid arrangement from rows: `.` empty, `1`, `2`, `3` the players' stones (player 1 moves first).
fn grid(rows: &[&str], players: u8) -> Arrangement {
    let board = Arc::new(Board::rectangle(rows[0].len(), rows.len()).expect("a grid"));
    let cells = rows
        .iter()
        .flat_map(|r| r.chars())
        .map(|c| c.to_digit(10).map(|d| Player(d as u8 - 1)))
        .collect();
    Arrangement::from_cells(board, players, cells).expect("valid cells")
}

fn at(a: &Arrangement, col: usize, row: usize) -> gorules_ref::board::Point {
    a.board().point_at(col, row).expect("on the board")
}

#[test]
fn two_players_capture_like_go() {
    // Player 1 (Black) takes the last liberty of player 2's stone.
    let a = grid(&[".1.", "12.", ".1."], 2);
    let play = play_stone(&a, Player(0), at(&a, 2, 1), KeeOptions::default()).expect("legal");
    assert!(play.enclosing);
    assert_eq!(play.removed.len(), 1);
    assert_eq!(play.after.get(at(&a, 1, 1)), None);
}

#[test]
fn an_allied_group_is_enclosed_only_when_none_of_its_units_has_a_liberty() {
    // KEE-9, in the spirit of seed 001's Examples 9.2 and 10.3 (their diagrams are lost; these shapes are
    // ours). Player 2 has the unit {B3, B2}; player 3 the stone C2 next to it: one allied group. Both units'
    // last liberty is C3, so player 1's play there is enclosing and removes all three stones.
    let a = grid(&[".11.", "12.1", "1231", ".11."], 3);
    let play = play_stone(&a, Player(0), at(&a, 2, 1), KeeOptions::default()).expect("legal");
    assert!(play.enclosing);
    let removed: usize = play.removed.iter().map(|(_, s)| s.len()).sum();
    assert_eq!(removed, 3);

    // With D2 empty the allied group keeps a liberty: the same play is not enclosing. It is not suicidal
    // either (it has liberties), so it still removes player 2's unit, whose last liberty it took (KEE-11),
    // and player 3's stone stays.
    let a = grid(&[".11.", "12.1", "123.", ".11."], 3);
    let play = play_stone(&a, Player(0), at(&a, 2, 1), KeeOptions::default()).expect("legal");
    assert!(!play.enclosing);
    assert_eq!(
        play.removed,
        vec![(Player(1), a.unit_at(at(&a, 1, 1)).expect("a unit").stones)]
    );
    assert_eq!(play.after.get(at(&a, 2, 2)), Some(Player(2)));

    // KEE-9 variant: each unit is its own allied group, so the same play is enclosing.
    let single = KeeOptions {
        allied_groups: AlliedGroups::SingleUnit,
        ..KeeOptions::default()
    };
    assert!(
        play_stone(&a, Player(0), at(&a, 2, 1), single)
            .expect("legal")
            .enclosing
    );
}

#[test]
fn suicide_needs_no_enclosure() {
    // KEE-10: player 3 plays into the middle of player 1's stones, each of which keeps liberties: the play
    // encloses nobody and leaves its own unit without liberty, so it is suicidal.
    let a = grid(&[".1.", "1.1", ".1."], 3);
    assert_eq!(
        play_stone(&a, Player(2), at(&a, 1, 1), KeeOptions::default()),
        Err(SuicidalPlay::Suicide)
    );
    let allowed = KeeOptions {
        suicide: Suicide::Allowed,
        ..KeeOptions::default()
    };
    let play = play_stone(&a, Player(2), at(&a, 1, 1), allowed).expect("allowed");
    assert!(play.suicidal);
    assert_eq!(play.after.get(at(&a, 1, 1)), None);
    assert_eq!(play.removed.len(), 1);

    // But if the play takes the last liberty of a whole allied group, it encloses it: not suicidal, and it
    // removes the group (player 3 in the corner of player 1's and player 2's stones).
    let a = grid(&[".1", "12"], 3);
    let play = play_stone(&a, Player(2), at(&a, 0, 0), KeeOptions::default())
        .expect("enclosing, so legal");
    assert!(play.enclosing);
    assert_eq!(play.removed.iter().map(|(_, s)| s.len()).sum::<usize>(), 3);
}

#[test]
fn area_scoring_with_shared_regions() {
    // KEE-15: stones count; a region bordered by one player counts for him; one bordered by two, for nobody.
    let a = grid(&["1.1.2", "11122", "..3.."], 3);
    let points = area_points(&a);
    assert_eq!(points, vec![5 + 1, 3, 1]);
    assert_eq!(
        ranking(&points),
        vec![vec![Player(0)], vec![Player(1)], vec![Player(2)]]
    );
    assert_eq!(
        ranking(&[3, 5, 3]),
        vec![vec![Player(1)], vec![Player(0), Player(2)]]
    );
}

fn random_graph() -> impl Strategy<Value = (Vec<Vec<usize>>, Vec<u8>, Vec<usize>)> {
    (2usize..10).prop_flat_map(|n| {
        let edges = proptest::collection::vec((0..n, 0..n), 0..(2 * n));
        let cells = proptest::collection::vec(0u8..4, n);
        let plays = proptest::collection::vec(0..n, 1..12);
        (Just(n), edges, cells, plays).prop_map(|(n, edges, cells, plays)| {
            let mut lists = vec![Vec::new(); n];
            for (a, b) in edges {
                if a != b && !lists[a].contains(&b) {
                    lists[a].push(b);
                    lists[b].push(a);
                }
            }
            (lists, cells, plays)
        })
    })
}

/// Drops stones until every unit has a liberty (a position a game could reach).
fn legal_cells(board: &Arc<Board>, players: u8, raw: &[u8]) -> Arrangement {
    let mut cells: Vec<Option<Player>> = raw
        .iter()
        .map(|&c| {
            if c == 0 || c > players {
                None
            } else {
                Some(Player(c - 1))
            }
        })
        .collect();
    loop {
        let a = Arrangement::from_cells(board.clone(), players, cells.clone()).expect("valid");
        match a.units().into_iter().find(|u| u.liberties.is_empty()) {
            None => return a,
            Some(u) => {
                for p in u.stones.iter() {
                    cells[p.index()] = None;
                }
            }
        }
    }
}

proptest! {
    #[test]
    fn with_two_players_kee_removal_is_go_capture((lists, raw, plays) in random_graph()) {
        let board = Arc::new(Board::from_neighbour_lists(&lists).expect("a graph"));
        let mut kee = legal_cells(&board, 2, &raw);
        for (i, &p) in plays.iter().enumerate() {
            let point = board.point(p).expect("on the board");
            let mover = Player((i % 2) as u8);
            let color = if mover.0 == 0 { Color::Black } else { Color::White };
            let cells: Vec<Option<Color>> = kee.cells().iter().map(|c| c.map(|p| if p.0 == 0 { Color::Black } else { Color::White })).collect();
            let go = Position::from_cells(board.clone(), &cells).expect("same board");
            for suicide in [Suicide::Prohibited, Suicide::Allowed] {
                let rule = if suicide == Suicide::Allowed { SuicideRule::Allowed } else { SuicideRule::Prohibited };
                let k = play_stone(&kee, mover, point, KeeOptions { suicide, ..KeeOptions::default() });
                let g = apply_play(&go, color, point, rule);
                prop_assert_eq!(k.is_ok(), g.is_ok());
                if let (Ok(k), Ok(g)) = (&k, &g) {
                    let kc: Vec<Option<Color>> = k.after.cells().iter().map(|c| c.map(|p| if p.0 == 0 { Color::Black } else { Color::White })).collect();
                    let gc: Vec<Option<Color>> = board.points().map(|pt| g.position.get(pt)).collect();
                    prop_assert_eq!(kc, gc);
                }
            }
            if let Ok(k) = play_stone(&kee, mover, point, KeeOptions::default()) {
                kee = k.after;
            }
        }
    }

    #[test]
    fn with_three_players_no_unit_with_a_liberty_is_removed((lists, raw, plays) in random_graph()) {
        let board = Arc::new(Board::from_neighbour_lists(&lists).expect("a graph"));
        let mut kee = legal_cells(&board, 3, &raw);
        for (i, &p) in plays.iter().enumerate() {
            let point = board.point(p).expect("on the board");
            let mover = Player((i % 3) as u8);
            for allied_groups in [AlliedGroups::Union, AlliedGroups::SingleUnit] {
                let options = KeeOptions { allied_groups, ..KeeOptions::default() };
                if let Ok(play) = play_stone(&kee, mover, point, options) {
                    // The mover's own unit keeps a liberty (suicide prohibited).
                    let own = play.after.unit_at(point).expect("the stone stays");
                    prop_assert!(!own.liberties.is_empty());
                    // Every removed stone is an opponent's, in a unit left without liberty by the play.
                    let mut cells = kee.cells().to_vec();
                    cells[point.index()] = Some(mover);
                    let placed = Arrangement::from_cells(board.clone(), 3, cells).expect("valid");
                    for (owner, stones) in &play.removed {
                        prop_assert_ne!(*owner, mover);
                        for s in stones.iter() {
                            let unit = placed.unit_at(s).expect("a stone");
                            prop_assert!(unit.liberties.is_empty(), "a unit with a liberty was removed");
                        }
                    }
                    // No unit is left without a liberty.
                    for u in play.after.units() {
                        prop_assert!(!u.liberties.is_empty());
                    }
                }
            }
            if let Ok(play) = play_stone(&kee, mover, point, KeeOptions::default()) {
                kee = play.after;
            }
        }
    }
}

mod game {
    //! KEE-12, KEE-13: the game on seed 001's 2x1 board (one row of two intersections; the whole board),
    //! whose line the seed's prose fixes exactly (`shared/recovered-diagrams.md`, "2x1 board").

    use super::{at, grid};
    use gorules_ref::kee::{KeeEnd, KeeGame, KeePlay, KeeRules, KoCondition, Player, Prohibition};

    fn two_by_one() -> KeeGame {
        KeeGame::new(grid(&[".."], 2), KeeRules::default())
    }

    /// B1 left, W2 right (captures), B3 refreshing pass, W4 normal pass, B5 left (captures), W6 refreshing pass,
    /// B7 normal pass, W8 right (captures): legal, and nobody is prohibited.
    fn the_seed_line(g: &mut KeeGame) {
        let a = g.position().clone();
        let (left, right) = (at(&a, 0, 0), at(&a, 1, 0));
        for play in [
            KeePlay::Stone(left),
            KeePlay::Stone(right),
            KeePlay::RefreshingPass,
            KeePlay::NormalPass,
            KeePlay::Stone(left),
            KeePlay::RefreshingPass,
            KeePlay::NormalPass,
            KeePlay::Stone(right),
        ] {
            assert_eq!(g.play(play), Ok(None), "{play:?}");
        }
        assert_eq!(g.points(), vec![0, 2]);
        assert_eq!(g.to_play(), Some(Player(0)));
    }

    #[test]
    fn black_9_normal_pass_lets_white_end_the_game() {
        // Seed 001: "If it is a normal pass play, then a normal pass play of White 10 would end the game and
        // White wins by 2 points".
        let mut g = two_by_one();
        the_seed_line(&mut g);
        assert_eq!(g.play(KeePlay::NormalPass), Ok(None));
        assert_eq!(g.ended(), None);
        assert_eq!(g.play(KeePlay::NormalPass), Ok(None));
        assert_eq!(g.ended(), Some(KeeEnd::Passes));
        assert_eq!(g.points(), vec![0, 2]);
    }

    #[test]
    fn black_9_refreshing_pass_repeats_black_3_and_black_is_prohibited() {
        // Seed 001: a refreshing pass "would repeat Black 3 as a refreshing pass play and trigger secondary ko
        // condition such that Black would be prohibited ... because the number of normal pass play of both
        // players are the same within the cycle".
        let mut g = two_by_one();
        the_seed_line(&mut g);
        assert_eq!(
            g.play(KeePlay::RefreshingPass),
            Ok(Some(Prohibition {
                ko_player: Player(0),
                condition: KoCondition::Secondary
            }))
        );
        assert!(g.is_prohibited(Player(0)));
        // White alone plays on; his normal pass is every active player's: the game ends, White has 2 points.
        assert_eq!(g.to_play(), Some(Player(1)));
        assert_eq!(g.play(KeePlay::NormalPass), Ok(None));
        assert_eq!(g.ended(), Some(KeeEnd::Passes));
        assert_eq!(g.points(), vec![0, 2]);
    }

    #[test]
    fn black_3_normal_pass_lets_the_board_be_scored() {
        // Seed 001: "Black 3 has to be a refreshing pass play to avoid scoring with such board position".
        let mut g = two_by_one();
        let a = g.position().clone();
        g.play(KeePlay::Stone(at(&a, 0, 0))).expect("B1");
        g.play(KeePlay::Stone(at(&a, 1, 0))).expect("W2");
        assert_eq!(g.play(KeePlay::NormalPass), Ok(None));
        assert_eq!(g.play(KeePlay::NormalPass), Ok(None));
        assert_eq!(g.ended(), Some(KeeEnd::Passes));
        assert_eq!(g.points(), vec![0, 2]);
    }

    #[test]
    fn an_immediate_recapture_makes_its_player_the_ko_player() {
        // KEE-12(a) (constructed): B1 left, W2 right, B3 left recreates the position White met after B1, with
        // stone plays since and no normal passes: the last to play, Black, is prohibited.
        let mut g = two_by_one();
        let a = g.position().clone();
        g.play(KeePlay::Stone(at(&a, 0, 0))).expect("B1");
        g.play(KeePlay::Stone(at(&a, 1, 0))).expect("W2");
        assert_eq!(
            g.play(KeePlay::Stone(at(&a, 0, 0))),
            Ok(Some(Prohibition {
                ko_player: Player(0),
                condition: KoCondition::Primary
            }))
        );
        assert_eq!(g.to_play(), Some(Player(1)));
    }

    #[test]
    fn without_refreshing_passes_the_variant_refuses_them() {
        let rules = KeeRules {
            refreshing_passes: false,
            ..KeeRules::default()
        };
        let mut g = KeeGame::new(grid(&[".."], 2), rules);
        assert_eq!(
            g.play(KeePlay::RefreshingPass),
            Err(gorules_ref::kee::KeeIllegal::NoRefreshingPasses)
        );
    }

    #[test]
    fn once_black_is_prohibited_white_plays_alone_and_his_pass_ends_the_game() {
        // KEE-5, KEE-13(a) (constructed): after Black is prohibited the turn order skips him; White captures,
        // and his normal pass is a pass by every player not prohibited.
        let mut g = two_by_one();
        let a = g.position().clone();
        g.play(KeePlay::Stone(at(&a, 0, 0))).expect("B1");
        g.play(KeePlay::Stone(at(&a, 1, 0))).expect("W2");
        g.play(KeePlay::Stone(at(&a, 0, 0)))
            .expect("B3: Black prohibited");
        // White alone: the board is "#." with White to play.
        g.play(KeePlay::Stone(at(&a, 1, 0))).expect("W4 captures");
        // ".O" with White to play again; a normal pass ends the game for the only active player.
        assert_eq!(g.play(KeePlay::NormalPass), Ok(None));
        assert_eq!(g.ended(), Some(KeeEnd::Passes));
    }
}
