//! PROTO-6.3 to PROTO-6.5 against engines: the board sizes an engine refuses, or its profile does not list,
//! leave their checks ignored when the suite is planned; legality asked by `play` and `undo` gives the reference
//! engine's answers.

mod fakes;

use gorules_cases::model::{Check, Feature, Ruleset};
use gorules_runner::checks::{run, Verdict};
use gorules_runner::engine::BoardSize;
use gorules_runner::gtp::Launch;
use gorules_runner::remote::Remote;
use gorules_runner::{plan, Ignore, Options};
use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

fn sizes_engine(log: &Path) -> Launch {
    sizes_engine_in(log, "")
}

fn sizes_engine_in(log: &Path, mode: &str) -> Launch {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/sizes-engine.sh");
    Launch::Program(vec![
        "sh".into(),
        script.to_string_lossy().into_owned(),
        log.to_string_lossy().into_owned(),
        mode.into(),
    ])
}

fn features() -> BTreeSet<Feature> {
    [
        Feature::Capture,
        Feature::SuicideProhibited,
        Feature::SimpleKo,
    ]
    .into()
}

/// Every planned core check on a board other than 19x19 is ignored for its size, and none fails for it.
fn every_other_size_is_ignored(options: Options) -> usize {
    let p = plan(&fakes::root(), options);
    let mut nineteen = 0;
    for c in &p.checks {
        if !c.name.starts_with("core::") {
            continue;
        }
        match &c.job {
            Err(Ignore::BoardSize(size)) => {
                assert_ne!(*size, BoardSize::new(19, 19), "{}", c.name);
                assert_eq!(c.kind, format!("board size {size}"));
            }
            Ok(_) | Err(Ignore::Lacks(_)) => nineteen += 1,
            Err(Ignore::Broken(why)) => panic!("{}: {why}", c.name),
        }
    }
    nineteen
}

#[test]
fn refused_and_unlisted_board_sizes_are_ignored() {
    let dir = std::env::temp_dir().join(format!("gorules-sizes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let log = dir.join("boardsize.log");

    // Asked: every size of the suite once, each refused but 19x19.
    let options = Options {
        launch: sizes_engine(&log),
        profile_features: Some(features()),
        ..Options::default()
    };
    let asked_run = every_other_size_is_ignored(options);
    let asked = std::fs::read_to_string(&log).expect("the engine was asked");
    let lines: Vec<&str> = asked.lines().collect();
    assert!(
        lines.contains(&"boardsize 19") && lines.contains(&"boardsize 5"),
        "{asked}"
    );
    let distinct: BTreeSet<&str> = lines.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        lines.len(),
        "each size is asked once: {asked}"
    );
    assert!(asked_run >= 60, "the core checks on 19x19: {asked_run}");

    // Listed by a profile: sizes not listed are not asked.
    std::fs::remove_file(&log).expect("the log goes");
    let options = Options {
        launch: sizes_engine(&log),
        profile_features: Some(features()),
        sizes: Some([BoardSize::new(19, 19)].into()),
        ..Options::default()
    };
    assert_eq!(every_other_size_is_ignored(options), asked_run);
    let asked = std::fs::read_to_string(&log).unwrap_or_default();
    assert_eq!(
        asked.trim(),
        "boardsize 19",
        "only the listed size is asked"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A size refused while a check runs (the engine took it when the suite was planned) leaves the check ignored,
/// with its reason, and the check's trial does not fail.
#[test]
fn a_size_refused_while_a_check_runs_is_ignored_not_failed() {
    let dir = std::env::temp_dir().join(format!("gorules-late-sizes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let options = Options {
        launch: sizes_engine_in(&dir.join("boardsize.log"), "late"),
        profile_features: Some(features()),
        ..Options::default()
    };
    let (ok, records) = fakes::run_planned(options, "core::core-suicide-one-stone::corner-suicide");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(ok, "{records:?}");
    let record = records.last().expect("a record");
    assert_eq!(record.outcome, gorules_runner::summary::Outcome::Ignored);
    assert!(
        record.reason.starts_with("board size ") && record.reason.ends_with(" not supported"),
        "{}",
        record.reason
    );
}

#[test]
fn legality_by_play_and_undo_answers_as_is_legal_does() {
    let launch = Launch::program("in-process --ruleset core --ko simple-ko --suicide prohibited");
    let mut engine = Remote::start_with(launch, Duration::from_secs(60), Some(features()), true)
        .expect("the reference engine starts");
    engine.forget_command("is_legal");
    let (suite, errors) = gorules_cases::Suite::load(&fakes::root());
    assert!(errors.is_empty());
    let mut asked = 0;
    for lc in &suite.cases {
        let case = &lc.case;
        let Ruleset::Core(o) = &case.ruleset else {
            continue;
        };
        if o.ko != [gorules_vocabulary::KoRule::SimpleKo] || case.history.is_some() {
            continue;
        }
        for check in &case.checks {
            if let Check::Legality(_) = check {
                let verdict = run(case, check, &mut engine);
                if let Verdict::Ignored(_) = verdict {
                    continue;
                }
                assert_eq!(
                    verdict,
                    Verdict::Pass,
                    "{} {}",
                    case.id,
                    check.common().name
                );
                asked += 1;
            }
        }
    }
    assert!(
        asked >= 20,
        "legality checks asked by play and undo: {asked}"
    );
}
