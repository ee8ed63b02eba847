//! The conformance suite as a `cargo test` target: every check of every case against the reference engine.

use std::path::Path;

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let trials = gorules_runner::trials(&root, gorules_runner::reference_engine());
    libtest_mimic::run(&args, trials).exit();
}
