//! Bad input is reported, never a panic: a case file that does not load is named with its line and column and
//! the rest of the site is still written (exit status 1); a report that is not JSON stops the run (status 2).

use std::path::{Path, PathBuf};
use std::process::Command;

/// A checkout of the real spec, one good case and one whose board has a cell no board may have.
fn checkout(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&root);
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::create_dir_all(root.join("spec")).unwrap();
    for e in std::fs::read_dir(real.join("spec")).unwrap().flatten() {
        std::fs::copy(e.path(), root.join("spec").join(e.file_name())).unwrap();
    }
    std::fs::create_dir_all(root.join("cases/naj")).unwrap();
    std::fs::copy(
        real.join("cases/naj/naj-control-4x2.yaml"),
        root.join("cases/naj/naj-control-4x2.yaml"),
    )
    .unwrap();
    std::fs::write(
        root.join("cases/naj/naj-broken.yaml"),
        "id: naj-broken\ntitle: broken\nsource: {constructed: a test}\nclauses: [NAJ-3.1]\n\
         features: [capture]\nruleset: naj\nboard: |\n  . # Q\nchecks: []\n",
    )
    .unwrap();
    root
}

#[test]
fn a_broken_case_is_named_with_its_line_and_column_and_the_rest_is_written() {
    let root = checkout("casebook-bad-case");
    let out = root.join("site");
    let run = Command::new(env!("CARGO_BIN_EXE_gorules-casebook"))
        .args([
            "--root".as_ref(),
            root.as_os_str(),
            "--out".as_ref(),
            out.as_os_str(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("naj-broken.yaml:8:"),
        "the error names the file, line and column: {stderr}"
    );
    assert!(out.join("case-naj-control-4x2.html").is_file());
    assert!(!out.join("case-naj-broken.html").exists());
    assert!(out.join("index.html").is_file());
    assert!(gorules_casebook::broken_links(&out).unwrap().is_empty());
}

#[test]
fn a_report_that_is_not_json_stops_the_run_with_its_position() {
    let root = checkout("casebook-bad-report");
    let report = root.join("report.json");
    std::fs::write(&report, "{\n  \"checks\": [,]\n}\n").unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_gorules-casebook"))
        .args(["--root".as_ref(), root.as_os_str()])
        .args(["--out".as_ref(), root.join("site").as_os_str()])
        .args(["--report".as_ref(), report.as_os_str()])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("report.json:2:"), "{stderr}");
}
