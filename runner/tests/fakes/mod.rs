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

/// A checkout of its own in the temporary folder, named after `name` and this process: the real `spec/` copied, and
/// an empty `cases/<cases_dir>` for the test to fill.
pub fn small_checkout(name: &str, cases_dir: &str) -> PathBuf {
    let real = root();
    let checkout = std::env::temp_dir().join(format!("gorules-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&checkout);
    std::fs::create_dir_all(checkout.join("spec")).expect("a temporary folder");
    std::fs::create_dir_all(checkout.join("cases").join(cases_dir)).expect("a temporary folder");
    for entry in std::fs::read_dir(real.join("spec")).expect("the spec") {
        let path = entry.expect("a spec file").path();
        std::fs::copy(
            &path,
            checkout
                .join("spec")
                .join(path.file_name().expect("a name")),
        )
        .expect("copied");
    }
    checkout
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
