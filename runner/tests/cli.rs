//! Issue 24, the runner's command line: a bad option value is refused (status 2) with a message naming the option,
//! the value and what it takes; a report or baseline that cannot be written stops the run (non-zero); a report
//! is renamed into place whole; an engine that cannot start fails the run, even with a baseline written while it
//! could not start (PROTO-7.4).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the runner with `args`.
fn runner(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gorules-runner"))
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .output()
        .expect("the runner runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh temporary folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gorules-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
fn bad_option_values_are_refused_by_name() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--timeout", "inf"],
            "--timeout `inf`: expected a number of seconds",
        ),
        (
            &["--timeout", "1e30"],
            "--timeout `1e30`: expected a number of seconds",
        ),
        (&["--timeout", "NaN"], "--timeout `NaN`: expected"),
        (&["--timeout", "-1"], "--timeout `-1`: expected"),
        (
            &["--solver-timeout", "-inf"],
            "--solver-timeout `-inf`: expected",
        ),
        (
            &["--solver-nodes", "0"],
            "--solver-nodes `0`: expected a whole number",
        ),
        (&["--profile", "../../x"], "--profile `../../x`"),
        (&["--test-threads", "0"], "--test-threads `0`"),
        (&["--engine", ""], "--engine ``"),
    ];
    for (args, message) in cases {
        let o = runner(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
    let o = runner(&["--profile", "../../x"]);
    assert!(
        stderr(&o).contains("gnugo, ") && stderr(&o).contains("gnugo-positional-superko"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_unwritable_report_or_baseline_stops_the_run_before_it_starts() {
    for option in ["--report", "--write-baseline"] {
        let o = runner(&[
            option,
            "/nonexistent/folder/out.txt",
            "core::core-capture-edge",
        ]);
        assert_eq!(o.status.code(), Some(2), "{option}: {}", stderr(&o));
        assert!(
            stderr(&o).contains(&format!("{option} `/nonexistent/folder/out.txt`")),
            "{}",
            stderr(&o)
        );
        assert!(o.stdout.is_empty(), "{option}: no check ran");
    }
}

#[test]
fn a_report_replaces_the_old_one_whole() {
    let dir = folder("report");
    let report = dir.join("report.json");
    std::fs::write(&report, "an older report").expect("written");
    let o = runner(&[
        "--report",
        &report.to_string_lossy(),
        "core::core-capture-edge::",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&report).expect("the report");
    assert!(
        text.starts_with('{') && text.contains("\"verdict\": \"passed\""),
        "{text}"
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .expect("the folder")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(
        left,
        vec![std::ffi::OsString::from("report.json")],
        "no temporary file is left"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_report_that_cannot_be_written_at_the_end_fails_the_run() {
    let dir = folder("vanished");
    let report = dir.join("report.json");
    let engine = format!(
        "sh {}/tests/engines/broken-engine.sh hang",
        env!("CARGO_MANIFEST_DIR")
    );
    // The engine hangs for the 2 s timeout; meanwhile the report's folder goes.
    let child = Command::new(env!("CARGO_BIN_EXE_gorules-runner"))
        .args(["--engine", &engine, "--timeout", "2", "--report"])
        .arg(&report)
        .arg("naj-basic-ko-1::white-2-recapture")
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the runner runs");
    std::thread::sleep(std::time::Duration::from_millis(500));
    std::fs::remove_dir_all(&dir).expect("the folder goes");
    let o = child.wait_with_output().expect("the runner ends");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("--report"), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot write it"), "{}", stderr(&o));
}

/// The repro of issue 24: a baseline written while the engine could not start lists nothing, and a run with it
/// (or with a baseline listing every check) and a dead engine fails.
#[test]
fn a_dead_engine_cannot_pass_the_gate() {
    let dir = folder("gate");
    let baseline = dir.join("bl.txt");
    let bl = baseline.to_string_lossy().into_owned();
    let o = runner(&[
        "--engine",
        "/nonexistent",
        "--write-baseline",
        &bl,
        "core::core-capture-edge::",
    ]);
    assert_eq!(o.status.code(), Some(101), "{}", stderr(&o));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("engine-failed"), "{stdout}");
    let written = std::fs::read_to_string(&baseline).expect("the baseline");
    assert!(!written.contains("core::"), "{written}");
    let o = runner(&[
        "--engine",
        "/nonexistent",
        "--baseline",
        &bl,
        "core::core-capture-edge::",
    ]);
    assert_eq!(o.status.code(), Some(101), "{}", stderr(&o));

    let listing = runner(&["--list", "core::core-capture-edge::"]);
    let every: String = String::from_utf8_lossy(&listing.stdout)
        .lines()
        .filter_map(|l| l.strip_suffix(": test"))
        .map(|l| format!("{}\n", l.rsplit_once(' ').map_or(l, |(_kind, id)| id)))
        .collect();
    assert!(every.starts_with("core::core-capture-edge::"), "{every}");
    std::fs::write(&baseline, every).expect("written");
    let o = runner(&[
        "--engine",
        "/nonexistent",
        "--baseline",
        &bl,
        "core::core-capture-edge::",
    ]);
    assert_eq!(o.status.code(), Some(101), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 22: `--help` (and `-h`) lists every option the runner reads (each `"--name"` matched in `parse`,
/// src/main.rs) and libtest's, and exits 0 without running anything.
#[test]
fn help_lists_every_option() {
    let main = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/main.rs"))
        .expect("the runner's main");
    let parse = &main[main.find("fn parse(").expect("parse")..];
    let parse = &parse[..parse.find("\n}\n").expect("its end")];
    let options: Vec<&str> = parse
        .split('"')
        .filter(|w| w.starts_with("--") && w.len() > 2 && !w.contains(' '))
        .collect();
    assert!(options.len() >= 14, "{options:?}");
    for flag in ["--help", "-h"] {
        let o = runner(&[flag]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let help = String::from_utf8_lossy(&o.stdout);
        for option in &options {
            assert!(
                help.contains(option),
                "--help does not list {option}:\n{help}"
            );
        }
        for libtest in [
            "--exact",
            "--skip",
            "--ignored",
            "--include-ignored",
            "--list",
            "--test-threads",
            "--quiet",
            "--format",
            "FILTER",
        ] {
            assert!(help.contains(libtest), "--help does not list {libtest}");
        }
        assert!(!help.contains("test result"), "nothing runs: {help}");
        assert!(
            help.contains("SHIPPED PROFILES: gnugo, ") && help.contains("gnugo-positional-superko"),
            "{help}"
        );
        assert!(help.contains("SHIPPED BASELINES: gnugo,"), "{help}");
    }
}

/// The reference engine's binary (`gorules-engine`) beside the runner's, built if it is not there yet.
fn engine_binary() -> PathBuf {
    let runner = PathBuf::from(env!("CARGO_BIN_EXE_gorules-runner"));
    let engine = runner.with_file_name("gorules-engine");
    if !engine.is_file() {
        let o = Command::new(env!("CARGO"))
            .args([
                "build",
                "-j1",
                "-p",
                "gorules-ref",
                "--bin",
                "gorules-engine",
            ])
            .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
            .output()
            .expect("cargo runs");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    assert!(engine.is_file(), "no {}", engine.display());
    engine
}

/// Issue 22: the runner binary runs from a folder outside any checkout, with the suite, the profiles and the
/// baselines built into it, against the reference engine's binary over a pipe.
#[test]
fn the_runner_runs_from_anywhere_with_the_embedded_suite() {
    let dir = folder("anywhere");
    let engine = engine_binary();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gorules-runner"))
            .args(args)
            .current_dir(&dir)
            .output()
            .expect("the runner runs")
    };
    let o = run(&[
        "--engine",
        &engine.to_string_lossy(),
        "--baseline",
        "gnugo",
        "core::core-capture-",
    ]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{stdout}{}", stderr(&o));
    assert!(
        stderr(&o).contains("the suite from the copy built into this runner"),
        "{}",
        stderr(&o)
    );
    assert!(stdout.contains("core::core-capture-edge::"), "{stdout}");
    assert!(stdout.contains("test result: ok."), "{stdout}");
    assert!(!stdout.contains(" 0 passed"), "{stdout}");
    assert!(
        stdout.contains("gorules-engine"),
        "the engine is named: {stdout}"
    );

    // A shipped profile by name, from outside the checkout: its features stand in for the engine's.
    let o = run(&[
        "--engine",
        &engine.to_string_lossy(),
        "--profile",
        "reference-simple-ko",
        "--list",
        "core::core-capture-edge::",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));

    // --cases DIR: a committee's own folder, here one case copied out of the checkout, whose edit is seen.
    let cases = dir.join("committee");
    std::fs::create_dir_all(cases.join("core")).expect("a folder");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/core/core-capture-edge.yaml"),
    )
    .expect("the case");
    std::fs::write(cases.join("core/core-capture-edge.yaml"), &text).expect("written");
    let o = run(&["--cases", "committee", "--list"]);
    let listed = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(listed.contains("core::core-capture-edge::"), "{listed}");
    assert!(
        !listed.contains("naj::"),
        "only the folder's cases: {listed}"
    );
    // A file of the folder that does not load is a failing lint trial naming it, as in a checkout.
    std::fs::write(cases.join("core/broken.yaml"), "id: [").expect("written");
    let o = run(&["--cases", "committee", "lint::"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(101), "{out}");
    assert!(
        out.contains("lint::broken") && out.contains("broken.yaml:"),
        "{out}"
    );
    let o = run(&["--cases", "no-such-folder"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--cases `no-such-folder`"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Inside the checkout the checkout's cases are run (a developer's edit is seen at once), and the run says so.
#[test]
fn inside_the_checkout_its_own_cases_are_run() {
    let o = runner(&["--list", "core::core-capture-edge::"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = runner(&["core::core-capture-edge::"]);
    assert!(
        stderr(&o).contains("the suite from the checkout at"),
        "{}",
        stderr(&o)
    );
}

/// Issue 22: `--export-sgf DIR FILTER` writes the matching cases as SGF files, from a folder outside the checkout
/// (the embedded suite); a second filter is refused.
#[test]
fn cases_export_as_sgf_files() {
    let dir = folder("export");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gorules-runner"))
            .args(args)
            .current_dir(&dir)
            .output()
            .expect("the runner runs")
    };
    let o = run(&["--export-sgf", "out", "core-capture-edge"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.join("out/core-capture-edge.sgf")).expect("written");
    assert!(text.starts_with("(;FF[4]GM[1]"), "{text}");
    assert!(text.contains("GN[core-capture-edge]"), "{text}");
    let written = std::fs::read_dir(dir.join("out"))
        .expect("the folder")
        .count();
    assert_eq!(written, 1, "only the matching case");
    let o = run(&["--export-sgf", "out", "a", "b"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("at most one filter"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// PROTO-7.5: a run whose standard output is closed at once (`gorules-runner | head -0`) still runs to its end,
/// writes its report and exits with the run's status; it does not panic on the closed pipe.
#[test]
fn a_closed_standard_output_does_not_stop_the_run() {
    let dir = folder("closed-stdout");
    let report = dir.join("report.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gorules-runner"))
        .args(["core-basic", "--report"])
        .arg(&report)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the runner starts");
    drop(child.stdout.take());
    let o = child.wait_with_output().expect("the runner ends");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    let text = std::fs::read_to_string(&report).expect("the report is written");
    assert!(text.contains("core-basic"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
