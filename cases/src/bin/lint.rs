//! `gorules-lint [FILE...]`: loads and lints the case files given (default: every case under `cases/`),
//! printing one line per error as `file:line:column: message`. Exit status 1 if any error.

use gorules_cases::Suite;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = find_root();
    let files: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let (suite, errors) = if files.is_empty() {
        Suite::load(&root)
    } else {
        Suite::load_files(&root, &files)
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    for e in &errors {
        let mut e = e.clone();
        if let Ok(rel) = e.file.strip_prefix(&cwd) {
            e.file = rel.to_path_buf();
        }
        println!("{e}");
    }
    let checks: usize = suite.cases.iter().map(|c| c.case.checks.len()).sum();
    let kee_checks: usize = suite.kee_cases.iter().map(|c| c.case.checks.len()).sum();
    println!(
        "{} cases, {checks} checks; {} Kee cases, {kee_checks} checks; {} errors",
        suite.cases.len(),
        suite.kee_cases.len(),
        errors.len()
    );
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The checkout's root: the nearest ancestor of the current directory with `spec/` and `cases/`, else the
/// workspace this binary was built from.
fn find_root() -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    cwd.ancestors()
        .find(|d| d.join("spec").is_dir() && d.join("cases").is_dir())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
}
