//! SOLVER-7.8: the values of the empty 2x3 and 2x2 boards under the default Kee rules (seed 001, "2x3 board" and "2x2
//! board": Black cannot do better than a draw) are decided by the reference engine's Kee solver in about 10 and 35
//! million nodes (with the board's symmetries, SOLVER-7.9, weak proof numbers, SOLVER-7.5, and the children ordered,
//! SOLVER-7.10), within the engine's default allowance of 40 million (`DEFAULT_KEE_NODES`). The suite's own run
//! therefore decides them, but it reports a check that runs out of its allowance as undecided, which does not fail a
//! run (PROTO-7.2). Here they run through the runner and the protocol like any other check, with the default allowance,
//! and they must pass: undecided is not enough. So a change that breaks the Kee solver, slows it past the default
//! allowance, or breaks a claim turns CI red. Measured with `KEE_NODES=40000000 cargo bench -p gorules-ref --bench
//! kee_solver -- "2x3 default rules:"` (9,695,255 nodes since the children are ordered, SOLVER-7.10; 12,601,316 and
//! 18 s on 2026-11-27) and `-- "2x2 default rules:"` (35,361,675 nodes; 35,519,119 and 55 s on 2026-11-27).

mod decided;

use gorules_runner::Options;
use std::time::Duration;

/// Runs the one check named `name` against the reference engine at the default allowance; it must pass.
fn run(name: &str) {
    let options = Options {
        solver_timeout: Duration::from_secs(1_500),
        ..Options::default()
    };
    decided::must_pass(name, options);
}

#[test]
fn the_empty_two_by_three_board_is_a_draw_under_the_default_rules() {
    run("kee::kee-2x3-board-value::empty-board");
}

#[test]
fn the_empty_two_by_two_board_is_a_draw_under_the_default_rules() {
    run("kee::kee-2x2-board-value::empty-board");
}
