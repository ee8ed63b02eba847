//! PROTO-7: an engine that crashes, hangs or answers garbage fails the check in progress (its verdict is
//! `engine-failed`, never a known failure); the runner starts a fresh engine for the next check, goes on, and
//! still writes a record for every check.

mod fakes;

use fakes::{basic_ko_check, broken, root, run_planned};
use gorules_runner::checks::Verdict;
use gorules_runner::gtp::Launch;
use gorules_runner::remote::Remote;
use gorules_runner::summary::Outcome;
use gorules_runner::{plan, summary, Options};
use std::time::Duration;

/// The failures of the first two checks of `naj-basic-ko-1` against the broken engine in `mode`: the second
/// one needs a fresh engine, since the first killed it. Returns the first.
fn first_failure(mode: &str) -> String {
    let mut engine =
        Remote::start(broken(mode, &[]), Duration::from_millis(500), None).expect("it starts");
    let messages: Vec<String> = (0..2)
        .map(|i| match basic_ko_check(&mut engine, i) {
            Verdict::EngineFailure(m) => m.to_string(),
            other => panic!("a broken engine is an engine failure, got {other:?}"),
        })
        .collect();
    messages[0].clone()
}

#[test]
fn a_crashing_engine_fails_the_check() {
    let m = first_failure("crash");
    assert!(m.contains("closed its output"), "{m}");
}

#[test]
fn a_hanging_engine_fails_the_check_after_the_timeout() {
    let m = first_failure("hang");
    assert!(m.contains("no answer to"), "{m}");
    assert!(m.contains("within 0.5 s"), "{m}");
}

#[test]
fn an_engine_answering_garbage_fails_the_check() {
    let m = first_failure("garbage");
    assert!(m.contains("garbage"), "{m}");
}

#[test]
fn the_run_goes_on_and_the_report_is_written() {
    let options = Options {
        launch: broken("crash", &[]),
        timeout: Duration::from_millis(500),
        ..Options::default()
    };
    let plan = plan(&root(), options);
    let mut failed = 0;
    for c in plan
        .checks
        .into_iter()
        .filter(|c| c.name.contains("naj-fixed-ko"))
    {
        failed += usize::from(c.run().is_err());
    }
    assert!(failed >= 4, "every runnable check fails: {failed}");
    let records = plan.records.lock().expect("records").clone();
    let report = summary::Report::read(&summary::json(&records, &plan.engine, &plan.suite_version))
        .expect("the report reads back");
    assert_eq!(report.suite_version, plan.suite_version);
    assert!(report
        .checks
        .iter()
        .any(|c| c.verdict == Outcome::EngineFailed && c.reason.contains("closed its output")));
}

#[test]
fn an_engine_that_cannot_start_fails_every_check_it_would_run() {
    let options = Options {
        launch: Launch::program("/nonexistent/engine"),
        ..Options::default()
    };
    let plan = plan(&root(), options);
    let results: Vec<bool> = plan
        .checks
        .into_iter()
        .filter(|c| c.name.contains("naj-basic-ko-1"))
        .map(|c| c.run().is_ok())
        .collect();
    assert!(results.len() >= 2);
    assert!(results.iter().all(|ok| !ok), "{results:?}");
}

#[test]
fn a_baseline_can_only_shrink() {
    // A check the reference engine passes, listed as a known failure: the run must fail until the baseline
    // is updated.
    let name = "naj::naj-basic-ko-1::white-2-recapture".to_string();
    let options = Options {
        baseline: Some([name.clone()].into()),
        ..Options::default()
    };
    let p = plan(&root(), options);
    let check = p
        .checks
        .into_iter()
        .find(|c| c.name == name)
        .expect("the check exists");
    let err = check
        .run()
        .expect_err("a baseline check that passes fails the run");
    assert!(
        format!("{err:?}").contains("update the baseline"),
        "{err:?}"
    );

    // A check that fails and is listed: a known failure, the run goes on.
    let options = Options {
        launch: broken("wrong", &[]),
        timeout: Duration::from_millis(500),
        baseline: Some([name.clone()].into()),
        ..Options::default()
    };
    let (ok, records) = run_planned(options, &name);
    assert!(ok, "a listed failure is known");
    let record = records.iter().find(|r| r.id == name).expect("a record");
    assert_eq!(record.outcome, Outcome::KnownFailure);
    assert!(summary::baseline(&records).contains(&name));

    // A check that fails and is not listed fails the run.
    let options = Options {
        launch: broken("wrong", &[]),
        timeout: Duration::from_millis(500),
        ..Options::default()
    };
    assert!(!run_planned(options, &name).0);
}

/// PROTO-7.4: the gate cannot be fooled. An engine that crashes (or cannot start) is not a known failure even
/// when the baseline lists the check, and a baseline written from such a run does not list it.
#[test]
fn an_engine_failure_is_never_a_known_failure() {
    let name = "naj::naj-basic-ko-1::white-2-recapture".to_string();
    for launch in [broken("crash", &[]), Launch::program("/nonexistent/engine")] {
        let options = Options {
            launch: launch.clone(),
            timeout: Duration::from_millis(500),
            baseline: Some([name.clone()].into()),
            ..Options::default()
        };
        let (ok, records) = run_planned(options, &name);
        assert!(!ok, "{launch:?}: an engine failure fails the run");
        let mine: Vec<_> = records.iter().filter(|r| r.id == name).collect();
        assert_eq!(mine.len(), 1, "one record");
        assert_eq!(mine[0].outcome, Outcome::EngineFailed, "{launch:?}");
        assert!(
            !summary::baseline(&records).contains(&name),
            "{launch:?}: an engine failure is not written to a baseline"
        );
        let table = summary::table(&records, "broken");
        assert!(table.contains("engine-failed"), "{table}");
        assert!(table.contains("engine failures: 1 ("), "{table}");
    }
}
