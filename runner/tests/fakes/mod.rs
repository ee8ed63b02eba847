//! What the tests of misbehaving engines share: the fake engine of `tests/engines/broken-engine.sh`, the
//! suite's root, and running one planned check.

#![allow(dead_code)]

use gorules_runner::checks::{run, Verdict};
use gorules_runner::gtp::Launch;
use gorules_runner::remote::Remote;
use gorules_runner::summary::Record;
use gorules_runner::{plan, Options};
use std::path::{Path, PathBuf};

/// The checkout's root, where `cases/` and `spec/` are.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The broken engine in `mode`, with its extra arguments (a pid file, say).
pub fn broken(mode: &str, extra: &[&str]) -> Launch {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/broken-engine.sh");
    let mut argv = vec![
        "sh".to_string(),
        script.to_string_lossy().into_owned(),
        mode.to_string(),
    ];
    argv.extend(extra.iter().map(|a| a.to_string()));
    Launch::Program(argv)
}

/// Runs check `index` of case `naj-basic-ko-1` against `engine`.
pub fn basic_ko_check(engine: &mut Remote, index: usize) -> Verdict {
    let (suite, errors) = gorules_cases::Suite::load(&root());
    assert!(errors.is_empty());
    let lc = suite
        .cases
        .iter()
        .find(|c| c.case.id == "naj-basic-ko-1")
        .expect("the case exists");
    run(&lc.case, &lc.case.checks[index], engine)
}

/// Plans the suite with `options`, runs the planned check `name`, and returns what its job returned with every
/// record.
pub fn run_planned(options: Options, name: &str) -> (bool, Vec<Record>) {
    let p = plan(&root(), options);
    let records = std::sync::Arc::clone(&p.records);
    let check = p
        .checks
        .into_iter()
        .find(|c| c.name == name)
        .expect("the check exists");
    let ok = check.run().is_ok();
    let records = records.lock().expect("records").clone();
    (ok, records)
}
