//! Issue 24, PROTO-7: a hostile engine cannot crash, hang or bloat the runner. An endless line or output that is
//! not UTF-8 fails the engine (the check's verdict is `engine-failed`), with a message that says what happened.

use gorules_runner::checks::{run, Verdict};
use gorules_runner::gtp::{Launch, MAX_LINE_BYTES};
use gorules_runner::remote::Remote;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The broken engine of `tests/engines/broken-engine.sh` in `mode`, with its extra arguments.
fn broken(mode: &str, extra: &[&str]) -> Launch {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/broken-engine.sh");
    let mut argv = vec![
        "sh".to_string(),
        script.to_string_lossy().into_owned(),
        mode.to_string(),
    ];
    argv.extend(extra.iter().map(|a| a.to_string()));
    Launch::Program(argv)
}

/// Runs the first check of `naj-basic-ko-1` against `engine`.
fn first_check(engine: &mut Remote) -> Verdict {
    let (suite, errors) = gorules_cases::Suite::load(&root());
    assert!(errors.is_empty());
    let lc = suite
        .cases
        .iter()
        .find(|c| c.case.id == "naj-basic-ko-1")
        .expect("the case exists");
    run(&lc.case, &lc.case.checks[0], engine)
}

/// The engine failure the broken engine in `mode` causes.
fn engine_failure(mode: &str) -> String {
    let mut engine =
        Remote::start(broken(mode, &[]), Duration::from_secs(5), None).expect("it starts");
    match first_check(&mut engine) {
        Verdict::EngineFailure(m) => m,
        other => panic!("{mode}: expected an engine failure, got {other:?}"),
    }
}

#[test]
fn an_endless_line_fails_the_engine_not_the_runner() {
    let started = Instant::now();
    let m = engine_failure("long-line");
    assert!(
        m.contains(&format!("wrote a line longer than {MAX_LINE_BYTES} bytes")),
        "{m}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "read at most a line's worth"
    );
}

#[test]
fn output_that_is_not_utf8_fails_the_engine() {
    let m = engine_failure("not-utf8");
    assert!(m.contains("not UTF-8"), "{m}");
}

#[test]
fn an_answer_that_cannot_be_read_is_a_wrong_answer_not_an_engine_failure() {
    let mut engine =
        Remote::start(broken("wrong", &[]), Duration::from_secs(5), None).expect("it starts");
    match first_check(&mut engine) {
        Verdict::Fail(m) => assert!(m.contains("malformed answer"), "{m}"),
        other => panic!("expected a failure, got {other:?}"),
    }
}
