//! The conformance suite as a `cargo test` target: every check of every case against the reference engine,
//! through the protocol (the engine's protocol server runs on a thread of this process).

use gorules_runner::{plan, summary, Options};
use std::path::Path;

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let finished = plan(&root, Options::default()).run(&args);
    if !args.list {
        println!("{}", summary::table(&finished.records, &finished.engine));
    }
    finished.conclusion.exit();
}
