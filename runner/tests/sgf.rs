//! Issue 22, SGF out and in:
//! - every grid case of the suite, exported to SGF, is loaded by GNU Go (`loadsgf FILE 1`: the root's setup,
//!   before the first move of any variation) into the case's position, read back with `list_stones`. GNU Go plays
//!   square boards up to 19x19: a rectangular case is loaded with `SZ[n]` for its `SZ[w:h]` (n the larger side,
//!   the position in the top left corner, the rest checked empty); a case larger than 19x19 is counted and named
//!   as skipped. Without GNU Go (`/usr/games/gnugo`) the test says so and passes; CI installs it.
//! - game records are replayed through an engine beside the reference, with the first disagreement reported.

use gorules_runner::engine::Grid;
use gorules_runner::gtp::{Gtp, Launch};
use gorules_runner::remote::Remote;
use gorules_runner::sgf::export::case_sgf;
use gorules_runner::sgf::record::{read_record, read_record_bytes, replay, rules_for, Ending};
use gorules_runner::sgf::write;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

const GNUGO: &str = "/usr/games/gnugo";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gorules-sgf-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// The stones GNU Go lists for `color`, as (column, row from the top) on a board of `height` rows.
fn stones(gtp: &mut Gtp, color: &str, height: usize) -> BTreeSet<(usize, usize)> {
    gtp.ok("list_stones", &[color])
        .expect("list_stones")
        .split_whitespace()
        .map(|v| {
            let v: gorules_grammar::Vertex = v.parse().expect("a vertex");
            v.to_col_row(height).expect("on the board")
        })
        .collect()
}

#[test]
fn every_grid_case_loads_into_gnu_go_as_its_position() {
    if !Path::new(GNUGO).exists() {
        eprintln!(
            "SKIPPED: GNU Go is not installed at {GNUGO} (CI installs it: apt-get install gnugo)"
        );
        return;
    }
    let (suite, errors) = gorules_cases::Suite::load(&root());
    assert!(errors.is_empty(), "{errors:?}");
    let dir = folder("gnugo");
    let mut gtp = Gtp::start(
        &Launch::program(&format!("{GNUGO} --mode gtp")),
        Duration::from_secs(30),
    )
    .expect("GNU Go starts");
    let (mut loaded, mut squared, mut skipped) = (0, 0, Vec::new());
    for lc in &suite.cases {
        let case = &lc.case;
        let want = Grid::from_diagram(case.board.diagram()).expect("a grid");
        let (w, h) = (want.width(), want.height());
        let n = w.max(h);
        if n > 19 {
            skipped.push(format!("{} ({w}x{h})", case.id));
            continue;
        }
        let mut sgf = case_sgf(case).expect("it exports");
        if w != h {
            // GNU Go plays square boards only: the same file with SZ[n] in place of SZ[w:h] holds the position
            // in its top left corner (SGF points count from the top left), the rest of the board empty.
            let root = &mut sgf.0[0].nodes[0];
            let sz = root
                .properties
                .iter_mut()
                .find(|p| p.id == "SZ")
                .expect("SZ");
            assert_eq!(sz.values, vec![format!("{w}:{h}")], "{}", case.id);
            sz.values = vec![n.to_string()];
            squared += 1;
        }
        let file = dir.join(format!("{}.sgf", case.id));
        std::fs::write(&file, write(&sgf)).expect("written");
        gtp.ok("loadsgf", &[file.to_str().expect("a plain path"), "1"])
            .unwrap_or_else(|e| panic!("{}: GNU Go's loadsgf: {e}", case.id));
        let (black, white) = (stones(&mut gtp, "black", n), stones(&mut gtp, "white", n));
        for c in 0..n {
            for r in 0..n {
                let seen = if black.contains(&(c, r)) {
                    Some(gorules_grammar::StoneColor::Black)
                } else if white.contains(&(c, r)) {
                    Some(gorules_grammar::StoneColor::White)
                } else {
                    None
                };
                let expected = if c < w && r < h {
                    want.get(gorules_runner::engine::At { col: c, row: r })
                } else {
                    None
                };
                assert_eq!(seen, expected, "{}: the point ({c}, {r})", case.id);
            }
        }
        loaded += 1;
    }
    eprintln!(
        "{loaded} grid cases loaded into GNU Go as their positions ({squared} of them rectangular, on the smallest \
         square board that holds them); {} skipped (larger than 19x19, beyond GNU Go): {}",
        skipped.len(),
        skipped.join(", ")
    );
    assert_eq!(loaded + skipped.len(), suite.cases.len());
    assert!(loaded >= 150, "only {loaded} loaded");
    let _ = std::fs::remove_dir_all(&dir);
}

fn reference() -> Remote {
    Remote::start(Launch::reference(), Duration::from_secs(10), None).expect("the reference starts")
}

/// A record of our own (constructed for this test) on 5x5: a capture (Black C5 takes C4), passes written `W[]`
/// and `B[tt]`, a move after the two passes, a setup node in mid-game, and a variation left aside.
const OWN_RECORD: &str = "(;GM[1]FF[4]SZ[5]RU[Chinese]KM[7.5]
;B[cc];W[cb];B[bb];W[dc];B[db];W[cd];B[bc];W[dd]
;B[ca]C[Black C5 captures the white stone at C4]
;W[]
;B[tt]
;W[ee]
;AB[ae]
;B[ad]
(;W[be])(;W[ed]))";

#[test]
fn a_record_replays_in_the_reference_against_itself_with_notes() {
    let record = read_record(OWN_RECORD).expect("it reads");
    let rules = rules_for(None);
    let (mut a, mut b) = (reference(), reference());
    let report = replay(&record, &rules, &mut a, &mut b);
    let text = report.text("reference", &rules);
    assert_eq!(report.ending, Ending::Agreed, "{text}");
    assert_eq!((report.agreed_moves, report.moves), (14, 14), "{text}");
    let notes = report.notes.join("\n");
    for want in [
        "RU[Chinese]",
        "KM[7.5]",
        "1 variation(s) left aside",
        "move 12 (White E1) comes after two passes",
        "a setup node after move 12",
    ] {
        assert!(notes.contains(want), "{want}: {notes}");
    }
}

/// Handicap stones in the root are the first position; `HA` is reported.
#[test]
fn handicap_stones_are_the_first_position() {
    let record =
        read_record("(;GM[1]FF[4]SZ[9]HA[2]AB[cc][gg];W[ee];B[dd];W[tt])").expect("it reads");
    let rules = rules_for(None);
    let report = replay(&record, &rules, &mut reference(), &mut reference());
    assert_eq!(report.ending, Ending::Agreed);
    assert_eq!((report.agreed_moves, report.moves), (3, 3));
    assert!(
        report.notes.iter().any(|n| n.contains("HA[2]")),
        "{:?}",
        report.notes
    );
    // White's first move on a handicap stone is illegal for both.
    let record = read_record("(;GM[1]FF[4]SZ[9]HA[2]AB[cc][gg];W[cc])").expect("it reads");
    let report = replay(&record, &rules, &mut reference(), &mut reference());
    assert!(
        matches!(report.ending, Ending::IllegalInRecord(_)),
        "{report:?}"
    );
}

/// A planted disagreement: the engine (the reference engine asked over standard GTP only, started with suicide
/// allowed) and the replay's reference (suicide prohibited) differ at the record's fifth move, Black's suicide at
/// A3. The report names the move and both answers; the moves before it are agreed.
#[test]
fn the_first_disagreement_is_reported_with_the_move() {
    let record =
        read_record("(;GM[1]FF[4]SZ[3];B[cc];W[ba];B[bc];W[ab];B[aa];W[bb])").expect("it reads");
    let features = [
        gorules_cases::model::Feature::Capture,
        gorules_cases::model::Feature::SuicideAllowed,
    ];
    let mut engine = Remote::start_with(
        Launch::InProcess(vec!["--suicide".into(), "allowed".into()]),
        Duration::from_secs(10),
        Some(features.into_iter().collect()),
        true,
    )
    .expect("starts");
    let rules = rules_for(None);
    let report = replay(&record, &rules, &mut engine, &mut reference());
    let text = report.text("engine", &rules);
    match &report.ending {
        Ending::Disagreed(d) => {
            assert!(
                d.contains("move 5 (Black A3): the engine says legal, the reference says illegal (suicide)"),
                "{text}"
            );
        }
        other => panic!("expected a disagreement, got {other:?}\n{text}"),
    }
    assert_eq!(report.agreed_moves, 4, "{text}");
    // The same record under the engine's own rules: they agree.
    let allowing = rules_for(Some(&features.into_iter().collect()));
    let mut engine = reference();
    let report = replay(&record, &allowing, &mut engine, &mut reference());
    assert_eq!(
        report.ending,
        Ending::Agreed,
        "{}",
        report.text("engine", &allowing)
    );
}

/// A record with an illegal move (White plays on Black's stone): both engines refuse it, and the report says the
/// record breaks the rules, not that the engine does.
#[test]
fn an_illegal_move_in_the_record_is_reported_as_the_records() {
    let record = read_record("(;GM[1]FF[4]SZ[3];B[bb];W[bb];B[aa])").expect("it reads");
    let rules = rules_for(None);
    let report = replay(&record, &rules, &mut reference(), &mut reference());
    match &report.ending {
        Ending::IllegalInRecord(d) => {
            assert!(d.contains("move 2 (White B2): both say illegal"), "{d}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!((report.agreed_moves, report.moves), (1, 3));
}

/// The runner binary replays a record from the command line, from a folder outside the checkout: against the
/// reference engine, and against GNU Go by its profile.
#[test]
fn the_replay_option_reports_from_the_command_line() {
    let dir = folder("replay");
    let file = dir.join("own.sgf");
    std::fs::write(&file, OWN_RECORD).expect("written");
    let mut runs = vec![vec![]];
    if Path::new(GNUGO).exists() {
        runs.push(vec!["--profile", "gnugo"]);
    } else {
        eprintln!("GNU Go is not installed at {GNUGO}: the replay against it is skipped");
    }
    // GNU Go against itself (runner/tests/records/gnugo-selfplay-9x9.sgf, made by the command in its comment).
    let selfplay =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records/gnugo-selfplay-9x9.sgf");
    for extra in runs {
        for (record, moves) in [(file.clone(), 14), (selfplay.clone(), 55)] {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_gorules-runner"))
                .args(["--replay-sgf", record.to_str().expect("a path")])
                .args(&extra)
                .current_dir(&dir)
                .output()
                .expect("the runner runs");
            let stdout = String::from_utf8_lossy(&out.stdout);
            let all = format!(
                "{extra:?}\n{stdout}{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(out.status.code(), Some(0), "{all}");
            assert!(
                stdout.contains(&format!("moves agreed: {moves} of {moves}")),
                "{all}"
            );
            assert!(stdout.contains("agree on every move"), "{all}");
        }
    }
    let bad = dir.join("bad.sgf");
    std::fs::write(&bad, "(;SZ[5];B[cc]").expect("written");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gorules-runner"))
        .args(["--replay-sgf", bad.to_str().expect("a path")])
        .current_dir(&dir)
        .output()
        .expect("the runner runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("bad.sgf: 1:14: expected a node"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// PROTO-6, the `loadsgf` route: GNU Go (standard GTP with `loadsgf`, no `set_position`) is given each position as
/// an SGF file. Through a wrapper that logs what GNU Go is sent, every check of two core cases passes, and the
/// positions were sent by `loadsgf`, not stone by stone.
#[test]
fn gnu_go_is_set_up_with_loadsgf() {
    if !Path::new(GNUGO).exists() {
        eprintln!(
            "SKIPPED: GNU Go is not installed at {GNUGO} (CI installs it: apt-get install gnugo)"
        );
        return;
    }
    let dir = folder("loadsgf");
    let log = dir.join("sent.log");
    let script = dir.join("logged-gnugo.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\ntee -a '{}' | {GNUGO} --mode gtp\n",
            log.display()
        ),
    )
    .expect("written");
    let (suite, errors) = gorules_cases::Suite::load(&root());
    assert!(errors.is_empty(), "{errors:?}");
    let features = gorules_runner::profile::Profile::load(&root().join("runner/profiles"), "gnugo")
        .expect("the gnugo profile")
        .features;
    let mut engine = Remote::start(
        Launch::Program(vec!["sh".into(), script.to_string_lossy().into_owned()]),
        Duration::from_secs(30),
        Some(features),
    )
    .expect("GNU Go starts");
    let mut ran = 0;
    for id in ["core-19x19-corner-ko", "core-capture-edge"] {
        let lc = suite
            .cases
            .iter()
            .find(|c| c.case.id == id)
            .expect("the case");
        for check in lc.case.effective_checks().expect("checks") {
            let v = gorules_runner::checks::run(&lc.case, &check, &mut engine);
            assert_eq!(
                v,
                gorules_runner::checks::Verdict::Pass,
                "{id}::{}",
                check.common().name
            );
            ran += 1;
        }
    }
    drop(engine);
    let sent = std::fs::read_to_string(&log).expect("the log");
    // Each line is `ID COMMAND ARGS`.
    let loads = sent
        .lines()
        .filter(|l| l.split_whitespace().nth(1) == Some("loadsgf"))
        .count();
    assert!(loads >= ran, "{ran} checks, {loads} loadsgf:\n{sent}");
    // The corner ko case has stones at R19, S18: none is placed by `play`.
    assert!(!sent.contains("play black R19"), "{sent}");
    let left = std::fs::read_dir(std::env::temp_dir())
        .expect("the temporary folder")
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with(&format!("gorules-setup-{}-", std::process::id()))
        })
        .count();
    assert_eq!(left, 0, "the temporary SGF files are removed");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Replays `file` through the reference engine (against itself), and loads it whole into GNU Go with its own SGF
/// reader (`loadsgf FILE`): both must end in the same position. `Ok(false)` for a record this comparison does not
/// apply to (one that does not read, is not replayed to its end, is larger than GNU Go's 19x19, or uses `AE`,
/// which GNU Go's `loadsgf` does not read).
fn ends_where_gnu_go_loads_it(file: &Path, gtp: &mut Gtp) -> Result<bool, String> {
    let name = file.display();
    let bytes = std::fs::read(file).map_err(|e| format!("{name}: {e}"))?;
    let Ok(record) = read_record_bytes(bytes) else {
        return Ok(false);
    };
    // GNU Go's loadsgf reads AB, AW, PL, B and W, not AE (a record's dead stones taken off at the end, say).
    let clears = record.events.iter().any(|e| match e {
        gorules_runner::sgf::record::Event::Setup { empty, .. } => !empty.is_empty(),
        gorules_runner::sgf::record::Event::Move(_) => false,
    });
    if record.width != record.height || record.width > 19 || clears {
        return Ok(false);
    }
    let rules = rules_for(None);
    let report = replay(&record, &rules, &mut reference(), &mut reference());
    let Some(ours) = report.final_position else {
        return Ok(false);
    };
    gtp.ok("loadsgf", &[file.to_str().ok_or("a plain path")?])
        .map_err(|e| format!("{name}: GNU Go's loadsgf: {e}"))?;
    let h = record.height;
    let (black, white) = (stones(gtp, "black", h), stones(gtp, "white", h));
    for (at, p) in ours.points() {
        let theirs = if black.contains(&(at.col, at.row)) {
            Some(gorules_grammar::StoneColor::Black)
        } else if white.contains(&(at.col, at.row)) {
            Some(gorules_grammar::StoneColor::White)
        } else {
            None
        };
        if theirs != p {
            return Err(format!(
                "{name}: at ({}, {}) our replay ends with {p:?}, GNU Go's loadsgf with {theirs:?}\n{ours}",
                at.col, at.row
            ));
        }
    }
    Ok(true)
}

/// Our reader against GNU Go's: the self-play record ends in the same position replayed by us and loaded by GNU
/// Go. With `GORULES_SGF_RECORDS=DIR`, every `*.sgf` in DIR is compared the same way (for example GNU Go's own
/// regression games; README, "SGF: cases out, game records in").
#[test]
fn records_end_where_gnu_go_loads_them() {
    if !Path::new(GNUGO).exists() {
        eprintln!(
            "SKIPPED: GNU Go is not installed at {GNUGO} (CI installs it: apt-get install gnugo)"
        );
        return;
    }
    let mut gtp = Gtp::start(
        &Launch::program(&format!("{GNUGO} --mode gtp")),
        Duration::from_secs(30),
    )
    .expect("GNU Go starts");
    let selfplay =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records/gnugo-selfplay-9x9.sgf");
    assert_eq!(ends_where_gnu_go_loads_it(&selfplay, &mut gtp), Ok(true));
    let Some(dir) = std::env::var_os("GORULES_SGF_RECORDS") else {
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("GORULES_SGF_RECORDS names a folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    let (mut same, mut not_compared, mut errors) = (0, 0, Vec::new());
    for f in &files {
        match ends_where_gnu_go_loads_it(f, &mut gtp) {
            Ok(true) => same += 1,
            Ok(false) => not_compared += 1,
            Err(e) => errors.push(e),
        }
    }
    eprintln!(
        "{} records: {same} end in GNU Go's position, {not_compared} not compared (unreadable, not replayed to the end, beyond 19x19, or with AE), {} differ",
        files.len(),
        errors.len()
    );
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}
