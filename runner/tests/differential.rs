//! Differential testing (runner/src/differential.rs) finds a planted disagreement, a fake engine that takes ko
//! recaptures under the simple ko rule, shrinks it to a short game, and prints it as a case file that the case
//! lint accepts and whose checks the reference engine passes and the fake fails.

#[path = "fakes/ko_blind.rs"]
mod ko_blind;

use gorules_cases::{lint, parse_case, Suite};
use gorules_runner::checks::{run as run_check, Verdict};
use gorules_runner::differential::{case_file, run, Settings, Stepper};
use gorules_runner::gtp::Launch;
use gorules_runner::remote::{Remote, Step};
use gorules_vocabulary::{KoRule, Suicide};
use ko_blind::KoBlind;
use std::path::Path;
use std::time::Duration;

fn reference() -> Remote {
    Remote::start(Launch::reference(), Duration::from_secs(60), None).expect("the reference starts")
}

fn settings(seed: u64) -> Settings {
    Settings {
        width: 5,
        height: 5,
        ko: vec![KoRule::SimpleKo],
        suicide: Suicide::Prohibited,
        games: 10,
        moves: 100,
        seed,
    }
}

#[test]
fn the_reference_agrees_with_itself() {
    let s = settings(3);
    let outcome = run(&mut reference(), &mut reference(), &s).expect("the games run");
    assert_eq!((outcome.found, &outcome.disagreement), (0, &None));
    assert_eq!(outcome.games, 10);
    assert!(outcome.played > 400, "{outcome:?}");
    assert!(outcome.refused > 50, "{outcome:?}");
}

#[test]
fn a_planted_ko_disagreement_is_found_shrunk_and_printed_as_a_case() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let (suite, errors) = Suite::load(&root);
    assert!(errors.is_empty());
    for seed in 1..=3 {
        let s = settings(seed);
        let mut fake = KoBlind::start();
        let outcome = run(&mut reference(), &mut fake, &s).expect("the games run");
        let (_, before, d) = outcome.disagreement.expect("the ko-blind engine is caught");
        // The reference refuses a ko recapture the fake plays.
        assert_eq!(
            d.reference,
            Step::Refused(Some(gorules_cases::model::Reason::SimpleKo)),
            "{d:?}"
        );
        assert!(matches!(d.engine, Step::Played(_)), "{d:?}");
        // Shrunk: no longer than found, and short: a ko needs a few stones around two points.
        assert!(d.moves.len() <= before, "{} > {before}", d.moves.len());
        let (_, shown) = case_file(&s, &d, "ko-blind", "the differential test");
        assert!(
            d.moves.len() <= 12,
            "seed {seed}: {} moves left of {before}\n{shown}",
            d.moves.len()
        );
        let (id, text) = case_file(&s, &d, "ko-blind", "the differential test");
        let file = root.join("cases/core").join(format!("{id}.yaml"));
        let lc = parse_case(&file, text.clone()).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let problems = lint::lint_case(&suite, &lc);
        assert!(problems.is_empty(), "{problems:?}\n{text}");
        // The case's checks: the reference passes them, the fake fails them.
        for check in &lc.case.checks {
            assert_eq!(
                run_check(&lc.case, check, &mut reference()),
                Verdict::Pass,
                "{text}"
            );
        }
        let mut blind = KoBlind::start();
        let start = s.start();
        blind.begin(&start).expect("set up");
        for m in &d.moves {
            assert!(matches!(
                blind.step(m, 5, 5).expect("a move"),
                Step::Played(_)
            ));
        }
        assert!(matches!(
            blind.step(&d.probe, 5, 5).expect("the probe"),
            Step::Played(_)
        ));
    }
}

/// The other way round: the game has no ko rule and the fake refuses ko recaptures. The case printed expects the
/// recapture legal and the board after it.
#[test]
fn a_planted_refusal_is_printed_with_the_board_after_the_move() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let (suite, _) = Suite::load(&root);
    let s = Settings {
        ko: Vec::new(),
        ..settings(4)
    };
    let mut fake = KoBlind::with(vec![KoRule::SimpleKo]);
    let outcome = run(&mut reference(), &mut fake, &s).expect("the games run");
    let (_, _, d) = outcome.disagreement.expect("the fake is caught");
    assert!(matches!(d.reference, Step::Played(_)), "{d:?}");
    assert_eq!(
        d.engine,
        Step::Refused(Some(gorules_cases::model::Reason::SimpleKo))
    );
    let (id, text) = case_file(&s, &d, "ko-strict", "the differential test");
    assert!(
        text.contains("expect: legal") && text.contains("end: |"),
        "{text}"
    );
    let file = root.join("cases/core").join(format!("{id}.yaml"));
    let lc = parse_case(&file, text.clone()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(lint::lint_case(&suite, &lc).is_empty(), "{text}");
    for check in &lc.case.checks {
        assert_eq!(
            run_check(&lc.case, check, &mut reference()),
            Verdict::Pass,
            "{text}"
        );
    }
}

/// The mode from the command line: the reference against itself agrees (exit 0, a summary on standard error,
/// nothing on standard output); a bad option stops it with exit status 2, naming the option.
#[test]
fn the_command_line() {
    let runner = env!("CARGO_BIN_EXE_gorules-runner");
    let out = std::process::Command::new(runner)
        .args([
            "--differential",
            "--size",
            "7x5",
            "--rules",
            "positional-superko",
            "--games",
            "3",
            "--moves",
            "60",
            "--seed",
            "11",
            "--engine",
            "in-process",
        ])
        .output()
        .expect("the runner runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(
        stderr.contains("3 game(s) of up to 60 moves on 7x5 under positional-superko (suicide prohibited), seed 11"),
        "{stderr}"
    );
    assert!(stderr.contains("no disagreement"), "{stderr}");
    for (bad, says) in [
        (&["--size", "26"][..], "--size `26`"),
        (&["--rules", "japanese"][..], "--rules `japanese`"),
        (&["--moves", "0"][..], "--moves `0`"),
        (
            &["--engine", "in-process", "--timeout", "inf"][..],
            "--timeout `inf`",
        ),
    ] {
        let out = std::process::Command::new(runner)
            .arg("--differential")
            .args(bad)
            .output()
            .expect("the runner runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {stderr}");
        assert!(stderr.contains(says), "{bad:?}: {stderr}");
    }
}
