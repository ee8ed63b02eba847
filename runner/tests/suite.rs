//! The conformance suite as a `cargo test` target: every check of every case against the reference engine,
//! through the protocol (the engine's protocol server runs on a thread of this process).

use gorules_runner::{plan, summary, Options};
use std::path::Path;

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let plan = plan(&root, Options::default());
    let records = std::sync::Arc::clone(&plan.records);
    let conclusion = libtest_mimic::run(
        &args,
        plan.checks.into_iter().map(|c| c.into_trial()).collect(),
    );
    if !args.list {
        let records = records.lock().map(|r| r.clone()).unwrap_or_default();
        println!("{}", summary::table(&records, &plan.engine));
    }
    conclusion.exit();
}
