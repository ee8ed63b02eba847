//! `gorules-runner [libtest options]`: runs the conformance suite against the reference engine and prints a
//! line per check. libtest's filtering, `--ignored`, `--list` and `--test-threads` work as in `cargo test`.

use std::path::{Path, PathBuf};

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let root = find_root();
    let trials = gorules_runner::trials(&root, gorules_runner::reference_engine());
    libtest_mimic::run(&args, trials).exit();
}

/// The checkout: the nearest ancestor of the current directory with `spec/` and `cases/`, else the workspace
/// this binary was built from.
fn find_root() -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    cwd.ancestors()
        .find(|d| d.join("spec").is_dir() && d.join("cases").is_dir())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
}
