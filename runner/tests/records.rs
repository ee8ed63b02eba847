//! Issue 24: every trial libtest counts has exactly one record, so the summary table and the JSON report count
//! what libtest counts: a case file that does not load (a failing `lint::` trial), an ignored check, and not a
//! check the filter leaves out.

use gorules_runner::summary::{self, Outcome};
use gorules_runner::{plan, Finished, Options};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

mod fakes;

/// A checkout of its own: the spec, two core cases and a case file that does not load.
fn small_root(name: &str) -> PathBuf {
    let real = fakes::root();
    let root = fakes::small_checkout(name, "core");
    for id in ["core-capture-edge", "core-basic-ko"] {
        let file = format!("cases/core/{id}.yaml");
        std::fs::copy(real.join(&file), root.join(&file)).expect("copied");
    }
    std::fs::write(root.join("cases/core/core-broken.yaml"), "id: [unclosed\n").expect("written");
    root
}

/// Runs the small checkout's plan with libtest `args`, the engine claiming the feature `capture` only (so the
/// basic-ko checks are ignored). The inner run's own lines go to a log file in the checkout, so that its
/// `test result: FAILED` (the broken case file fails, as it must) is not taken for this test's.
fn run(root: &Path, args: &[&str]) -> Finished {
    let options = Options {
        profile_features: Some(["capture".parse().expect("a feature")].into()),
        ..Options::default()
    };
    let log = root.join("libtest.log").to_string_lossy().into_owned();
    let argv = ["records", "--test-threads", "1", "--logfile", log.as_str()]
        .into_iter()
        .chain(args.iter().copied());
    plan(root, options).run(&libtest_mimic::Arguments::from_iter(argv))
}

fn count(f: &Finished, outcomes: &[Outcome]) -> u64 {
    f.records
        .iter()
        .filter(|r| outcomes.contains(&r.outcome))
        .count() as u64
}

#[test]
fn every_counted_trial_has_one_record() {
    let root = small_root("records");
    let all = run(&root, &[]);
    let c = &all.conclusion;
    assert!(c.num_failed >= 1 && c.num_passed >= 1 && c.num_ignored >= 1);
    assert_eq!(
        all.records.len() as u64,
        c.num_passed + c.num_failed + c.num_ignored
    );
    assert_eq!(
        count(&all, &[Outcome::Failed, Outcome::EngineFailed]),
        c.num_failed
    );
    assert_eq!(count(&all, &[Outcome::Ignored]), c.num_ignored);
    let broken = all
        .records
        .iter()
        .find(|r| r.id == "lint::core-broken")
        .expect("the case file that does not load has a record");
    assert_eq!(broken.outcome, Outcome::Failed);
    assert_eq!(broken.ruleset, "lint");
    let report = summary::Report::read(&summary::json(
        &all.records,
        &all.engine,
        &all.suite_version,
    ))
    .expect("the report reads back");
    assert_eq!(report.checks.len(), all.records.len());
    assert!(report
        .checks
        .iter()
        .any(|c| c.id == "lint::core-broken" && c.verdict == Outcome::Failed));
    let ids: BTreeSet<&str> = all.records.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), all.records.len(), "one record per trial");

    // Filtered: only the basic-ko checks are counted, every one ignored, and only they are recorded.
    let some = run(&root, &["core-basic-ko::"]);
    assert_eq!(some.conclusion.num_ignored, some.records.len() as u64);
    assert!(!some.records.is_empty());
    assert!(some
        .records
        .iter()
        .all(|r| r.id.contains("core-basic-ko::")));
    let _ = std::fs::remove_dir_all(&root);
}
