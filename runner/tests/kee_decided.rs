//! SOLVER-7.8: the value of the empty 2x3 board under the default Kee rules (seed 001, "2x3 board": Black cannot
//! do better than a draw) is decided by the reference engine's Kee solver in about 102 million nodes, ten times
//! the engine's default allowance, so the suite reports that check as undecided (PROTO-7.2). Here it runs through
//! the runner and the protocol like any other check, with the allowance it needs and a solver timeout to match, and
//! it must pass: undecided is not enough. So a change that breaks the Kee solver, slows it past this allowance, or
//! breaks the claim turns CI red. Measured with `KEE_NODES=400000000 cargo bench -p gorules-ref --bench kee_solver
//! -- "2x3 default rules:"` (102,404,595 nodes, 438 s).

use gorules_runner::summary::Outcome;
use gorules_runner::{plan, Options};
use std::path::Path;
use std::time::Duration;

#[test]
fn the_empty_two_by_three_board_is_a_draw_under_the_default_rules() {
    let name = "kee::kee-2x3-board-value::empty-board";
    let options = Options {
        solver_nodes: Some(150_000_000),
        solver_timeout: Duration::from_secs(3_000),
        ..Options::default()
    };
    let plan = plan(&Path::new(env!("CARGO_MANIFEST_DIR")).join(".."), options);
    let job = plan
        .checks
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no check named {name}"))
        .job
        .unwrap_or_else(|_| panic!("{name} is not run: the engine should claim kee-solver"));
    if let Err(failed) = job.run() {
        panic!("{name}: {:?}", failed.message());
    }
    let records = plan.records.lock().expect("the records").clone();
    let record = records
        .iter()
        .find(|r| r.id == name)
        .unwrap_or_else(|| panic!("{name} left no record"));
    assert_eq!(record.outcome, Outcome::Passed, "{name}: {}", record.reason);
}
