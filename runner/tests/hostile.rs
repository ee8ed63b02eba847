//! Issue 24, PROTO-7: a hostile engine cannot crash, hang or bloat the runner, and cannot outlive it. An endless
//! line, output that is not UTF-8, a wrong id, a crash or a signal each fail the engine (the check's verdict is
//! `engine-failed`), with a message that says what happened; the engine's whole process group is ended.

mod fakes;

use fakes::{basic_ko_check, broken};
use gorules_runner::checks::Verdict;
use gorules_runner::gtp::{Gtp, MAX_LINE_BYTES};
use gorules_runner::remote::Remote;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Runs the first check of `naj-basic-ko-1` against `engine`.
fn first_check(engine: &mut Remote) -> Verdict {
    basic_ko_check(engine, 0)
}

/// The engine failure the broken engine in `mode` causes.
fn engine_failure(mode: &str) -> String {
    let mut engine =
        Remote::start(broken(mode, &[]), Duration::from_secs(5), None).expect("it starts");
    match first_check(&mut engine) {
        Verdict::EngineFailure(m) => m.to_string(),
        other => panic!("{mode}: expected an engine failure, got {other:?}"),
    }
}

#[test]
fn an_endless_line_fails_the_engine_not_the_runner() {
    let m = engine_failure("long-line");
    assert!(
        m.contains(&format!("wrote a line longer than {MAX_LINE_BYTES} bytes")),
        "{m}"
    );
}

#[test]
fn output_that_is_not_utf8_fails_the_engine() {
    let m = engine_failure("not-utf8");
    assert!(m.contains("not UTF-8"), "{m}");
}

#[test]
fn a_wrong_id_is_named() {
    let m = engine_failure("wrong-id");
    assert!(m.contains("with the id 999, not "), "{m}");
    assert!(!m.contains("Some("), "{m}");
}

#[test]
fn an_engine_that_exits_says_how() {
    let m = engine_failure("crash");
    assert!(m.contains("closed its output"), "{m}");
    assert!(m.contains("exited with status 3"), "{m}");
    let m = engine_failure("signal");
    assert!(m.contains("killed by signal 9"), "{m}");
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

#[test]
fn an_engine_that_stops_reading_cannot_block_the_runner() {
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut gtp = Gtp::start(&broken("deaf", &[]), Duration::from_secs(5)).expect("it starts");
        let _ = gtp.send("gorules-setup", &[]);
        // 2 MB of commands, far beyond what a pipe holds, to an engine that reads none of them.
        let long = "x".repeat(10_000);
        for _ in 0..200 {
            let _ = gtp.send("play", &[&long]);
        }
        let _ = done.send(());
    });
    assert!(
        finished.recv_timeout(Duration::from_secs(20)).is_ok(),
        "the runner blocked writing to an engine that does not read"
    );
}

/// Whether process `pid` is running (a zombie, dead but not yet reaped by its parent, is not).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            stat.rsplit_once(')')
                .map(|(_, rest)| rest.trim_start().chars().next())
        })
        .flatten()
        .is_some_and(|state| state != 'Z' && state != 'X')
}

/// The pid the wrapper wrote to `file`, once it is there.
fn child_pid(file: &Path) -> u32 {
    for _ in 0..200 {
        if let Some(pid) = std::fs::read_to_string(file)
            .ok()
            .and_then(|t| t.trim().parse().ok())
        {
            return pid;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the wrapper wrote no pid to {}", file.display());
}

/// Waits up to a second for `pid` to be gone.
fn gone(pid: u32) -> bool {
    (0..100).any(|_| {
        let alive = running(pid);
        if alive {
            std::thread::sleep(Duration::from_millis(10));
        }
        !alive
    })
}

fn pid_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("gorules-{name}-{}.pid", std::process::id()))
}

#[test]
fn an_engine_killed_on_a_timeout_takes_its_children_along() {
    let file = pid_file("hang");
    let launch = broken("hang", &[&file.to_string_lossy()]);
    let mut engine = Remote::start(launch, Duration::from_millis(500), None).expect("it starts");
    let pid = child_pid(&file);
    assert!(running(pid), "the child runs");
    match first_check(&mut engine) {
        Verdict::EngineFailure(m) => assert!(m.to_string().contains("no answer to"), "{m}"),
        other => panic!("expected an engine failure, got {other:?}"),
    }
    assert!(gone(pid), "the engine's child {pid} outlived it");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn an_engine_that_quits_takes_its_children_along() {
    let file = pid_file("quit");
    let launch = broken("wrong", &[&file.to_string_lossy()]);
    let engine = Remote::start(launch, Duration::from_secs(5), None).expect("it starts");
    let pid = child_pid(&file);
    assert!(running(pid), "the child runs");
    drop(engine);
    assert!(gone(pid), "the engine's child {pid} outlived it");
    let _ = std::fs::remove_file(&file);
}
