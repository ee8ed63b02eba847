//! What the tests of checks that must be decided, not merely left undecided, share (`best_play_decided.rs`,
//! `kee_decided.rs`): run one planned check with given options, and require that it passed.

use gorules_runner::summary::Outcome;
use gorules_runner::{plan, Options};
use std::path::Path;

/// Plans the suite with `options`, runs the one check named `name`, and panics unless it passed (undecided is
/// not enough).
pub fn must_pass(name: &str, options: Options) {
    let (outcome, reason) = outcome(name, options);
    assert_eq!(outcome, Outcome::Passed, "{name}: {reason}");
}

/// Plans the suite with `options`, runs the one check named `name`, and gives its outcome and the reason
/// recorded for it.
pub fn outcome(name: &str, options: Options) -> (Outcome, String) {
    let plan = plan(&Path::new(env!("CARGO_MANIFEST_DIR")).join(".."), options);
    let job = plan
        .checks
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no check named {name}"))
        .job
        .unwrap_or_else(|why| panic!("{name} is not run: {why:?}"));
    if let Err(failed) = job.run() {
        panic!("{name}: {:?}", failed.message());
    }
    let records = plan.records.lock().expect("the records").clone();
    let record = records
        .iter()
        .find(|r| r.id == name)
        .unwrap_or_else(|| panic!("{name} left no record"));
    (record.outcome, record.reason.clone())
}
