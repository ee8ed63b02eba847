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
