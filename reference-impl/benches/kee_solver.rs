//! SOLVER-7: the Kee solver on the empty 2x1, 2x2 and 2x3 boards (seed 001's "greedy Black" boards), under
//! the default rules and without refreshing passes: the value, each first play's value, nodes, time and nodes
//! per second (not a test: it only measures and reports).
//!
//! `cargo bench -p gorules-ref --bench kee_solver [-- <filter like "2x2 no">]` (the filter is matched against
//! "<board> <rules>"); `KEE_NODES` in the environment overrides the node allowance of each solve (100,000 by
//! default, so that the boards out of reach, SOLVER-7.8, take seconds each rather than hours).

use std::sync::Arc;
use std::time::Instant;

use gorules_ref::board::Board;
use gorules_ref::kee::{kee_value, Arrangement, KeeGame, KeeLimits, KeePlay, KeeRules, KeeSolved};

/// SOLVER-7.3: the node allowance of each solve.
fn limits() -> KeeLimits {
    let nodes = std::env::var("KEE_NODES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(100_000);
    KeeLimits {
        nodes,
        ..KeeLimits::default()
    }
}

/// A play as the cases write it: a stone by its GTP vertex (column letter, row counted from the bottom).
fn show(play: KeePlay, board: &Board) -> String {
    match play {
        KeePlay::Stone(p) => match (board.coords(p), board.height()) {
            (Some(c), Some(h)) => {
                format!(
                    "{}{}",
                    "ABCDEFGHJKLMNOPQRST".as_bytes()[c.col % 19] as char,
                    h - c.row
                )
            }
            _ => format!("{p}"),
        },
        KeePlay::NormalPass => "pass".into(),
        KeePlay::RefreshingPass => "refresh".into(),
    }
}

fn report(label: &str, game: &KeeGame, filter: Option<&str>) {
    if filter.is_some_and(|f| !label.contains(f)) {
        return;
    }
    let start = Instant::now();
    let solved = kee_value(game, limits());
    let secs = start.elapsed().as_secs_f64();
    match solved {
        Ok(KeeSolved::Value { value, line, nodes }) => {
            let board = game.position().board();
            let line: Vec<String> = line.into_iter().map(|p| show(p, board)).collect();
            println!(
                "{label} value {value}, nodes {nodes}, {secs:.3} s, {:.0} nodes/s, line {}",
                nodes as f64 / secs.max(1e-9),
                line.join(" ")
            );
        }
        Ok(KeeSolved::OutOfReach { nodes, low, high }) => println!(
            "{label} out of reach after {nodes} nodes ({low} <= value <= {high}), {secs:.3} s, {:.0} nodes/s",
            nodes as f64 / secs.max(1e-9)
        ),
        Err(e) => println!("{label} {e}"),
    }
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|arg| !arg.starts_with("--"));
    for (w, h) in [(2, 1), (2, 2), (2, 3)] {
        let name = format!("{w}x{h}");
        let Ok(board) = Board::rectangle(w, h) else {
            continue;
        };
        let Ok(empty) = Arrangement::empty(Arc::new(board), 2) else {
            continue;
        };
        for (rules_name, rules) in [
            ("default rules", KeeRules::default()),
            (
                "no refreshing passes",
                KeeRules {
                    refreshing_passes: false,
                    ..KeeRules::default()
                },
            ),
        ] {
            let game = KeeGame::new(empty.clone(), rules);
            report(&format!("{name} {rules_name}:"), &game, filter.as_deref());
            let mut plays: Vec<KeePlay> = empty.board().points().map(KeePlay::Stone).collect();
            plays.push(KeePlay::NormalPass);
            if rules.refreshing_passes {
                plays.push(KeePlay::RefreshingPass);
            }
            for play in plays {
                let mut after = game.clone();
                if after.play(play).is_ok() {
                    report(
                        &format!(
                            "{name} {rules_name}, first play {}:",
                            show(play, empty.board())
                        ),
                        &after,
                        filter.as_deref(),
                    );
                }
            }
        }
    }
}
