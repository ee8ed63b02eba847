//! PROTO-7.2: a check whose best-play search runs out of the engine's node limit is undecided (neither passed nor
//! failed, listed in the summary with the engine's bounds), unless the bounds the engine proved exclude the claim,
//! which fails it.

use gorules_cases::parse_case;
use gorules_runner::checks::{run, Verdict};
use gorules_runner::gtp::Launch;
use gorules_runner::remote::Remote;
use gorules_runner::summary::{self, Outcome};
use gorules_runner::verdict::Undecided;
use gorules_runner::{plan, Options};
use std::path::Path;
use std::time::Duration;

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn case_file(id: &str) -> String {
    std::fs::read_to_string(root().join(format!("cases/naj/{id}.yaml")))
        .expect("the case file exists")
}

/// Runs check `name` of the case text against the reference engine with `nodes` for each search.
fn verdict(text: &str, name: &str, nodes: u64) -> Verdict {
    let lc = parse_case(Path::new("case.yaml"), text.to_string()).expect("a valid case");
    let checks = lc.case.effective_checks().expect("errata apply");
    let check = checks
        .iter()
        .find(|c| c.common().name == name)
        .expect("the check exists");
    let mut engine = Remote::start(Launch::reference(), Duration::from_secs(60), None)
        .expect("the reference engine starts");
    engine.solver_nodes = Some(nodes);
    run(&lc.case, check, &mut engine)
}

/// The check out of reach at 1,000 nodes that the planned-job tests run.
const OUT_OF_REACH: &str = "naj::naj-discussed-score-16::black-analysis-best-play";

/// Plans the suite with 1,000 nodes a search (and `fail_undecided`), runs the check [`OUT_OF_REACH`], and returns
/// what the job returned with every record.
fn run_planned(fail_undecided: bool) -> (Result<(), libtest_mimic::Failed>, Vec<summary::Record>) {
    let options = Options {
        solver_nodes: Some(1_000),
        fail_undecided,
        ..Options::default()
    };
    let plan = plan(&root(), options);
    let job = plan
        .checks
        .into_iter()
        .find(|c| c.name == OUT_OF_REACH)
        .and_then(|c| c.job.ok())
        .expect("the check is run");
    let result = job.run();
    let records = plan.records.lock().expect("the records").clone();
    (result, records)
}

fn record(records: &[summary::Record]) -> &summary::Record {
    records
        .iter()
        .find(|r| r.id == OUT_OF_REACH)
        .expect("a record")
}

#[test]
fn a_best_play_check_out_of_reach_is_undecided_with_the_bounds() {
    let text = case_file("naj-discussed-score-16");
    match verdict(&text, "black-analysis-best-play", 1_000) {
        Verdict::Undecided(Undecided::BestPlay {
            low, high, claim, ..
        }) => {
            assert_eq!(claim, 18);
            assert!(low <= 18 && 18 <= high, "{low}..={high}");
        }
        other => panic!("expected undecided, got {other:?}"),
    }
}

#[test]
fn bounds_that_exclude_the_claim_fail_the_check() {
    // The black-score of a 7x7 board is at most 49, so a claim of 1000 lies outside any bound the engine proves.
    let text =
        case_file("naj-discussed-score-16").replace("      value: 18\n", "      value: 1000\n");
    match verdict(&text, "black-analysis-best-play", 1_000) {
        Verdict::Fail(m) => {
            assert!(m.contains("proven to lie in"), "{m}");
            assert!(m.contains("1000"), "{m}");
        }
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[test]
fn an_illegal_source_line_fails_even_when_the_value_is_out_of_reach() {
    // Move 8 of this line is Black at e: the suicide of naj-discussed-score-minus-36, moved to a best-play line.
    let text = case_file("naj-discussed-score-minus-36").replace(
        "      phase: black-analysis\n      value: 0\n",
        "      phase: black-analysis\n      line: \"O[pfiphgae..]\"\n      value: 0\n",
    );
    assert!(text.contains("O[pfiphgae..]"), "the replacement applied");
    match verdict(&text, "black-analysis-best-play", 1_000) {
        Verdict::Fail(m) => assert!(m.contains("suicide"), "{m}"),
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[test]
fn a_game_check_whose_open_line_is_out_of_reach_is_undecided() {
    let text = case_file("naj-discussed-score-16");
    match verdict(&text, "score", 1_000) {
        Verdict::Undecided(m @ Undecided::Finishing { .. }) => {
            assert!(m.to_string().contains("out of reach"), "{m}")
        }
        other => panic!("expected undecided, got {other:?}"),
    }
}

#[test]
fn an_undecided_check_does_not_fail_the_run_and_the_summary_lists_it() {
    let (result, records) = run_planned(false);
    assert!(result.is_ok(), "an undecided check is not a failure");
    let r = record(&records);
    assert_eq!(r.outcome, Outcome::Undecided, "{}", r.reason);
    let table = summary::table(&records, "reference");
    assert!(table.contains("undecided checks"), "{table}");
    assert!(table.contains(OUT_OF_REACH), "{table}");
    let report = summary::Report::read(&summary::json(&records, "reference", "test"))
        .expect("the report reads back");
    let reported = report
        .checks
        .iter()
        .find(|c| c.id == OUT_OF_REACH)
        .expect("the check is reported");
    assert_eq!(reported.verdict, Outcome::Undecided);
    assert!(
        !summary::baseline(&records).contains(OUT_OF_REACH),
        "an undecided check is not a failure to baseline"
    );
}

/// Runs the empty-board check of kee-2x2-board-value at 1,000 nodes, with `claim` for its value if given.
fn kee_verdict(claim: Option<i32>) -> Verdict {
    let (suite, errors) = gorules_cases::Suite::load(&root());
    assert!(errors.is_empty(), "{errors:?}");
    let lc = suite
        .kee_cases
        .iter()
        .find(|c| c.case.id == "kee-2x2-board-value")
        .expect("the case exists");
    let checks = lc.case.effective_checks().expect("errata apply");
    let mut check = checks
        .into_iter()
        .find(|c| c.name() == "empty-board")
        .expect("the check exists");
    if let (Some(v), gorules_cases::kee::KeeCheck::Value(c)) = (claim, &mut check) {
        c.value = v;
    }
    let mut engine = Remote::start(Launch::reference(), Duration::from_secs(60), None)
        .expect("the reference engine starts");
    engine.solver_nodes = Some(1_000);
    gorules_runner::kee::run(&lc.case, &check, &mut engine)
}

#[test]
fn a_kee_value_out_of_reach_is_undecided_with_the_bounds() {
    match kee_verdict(None) {
        Verdict::Undecided(m @ Undecided::Kee(_)) => assert_eq!(
            m.to_string(),
            "value: -4 <= value <= 4 after 1001 nodes (claimed 0)"
        ),
        other => panic!("expected undecided, got {other:?}"),
    }
}

#[test]
fn a_kee_claim_outside_the_proven_bounds_fails() {
    // No value on a board of 4 intersections exceeds 4 (area scoring), so the engine's bounds exclude 5 even
    // though it decides nothing within 1,000 nodes.
    match kee_verdict(Some(5)) {
        Verdict::Fail(m) => assert!(
            m.contains("expected 5, but the engine proved -4 <= value <= 4"),
            "{m}"
        ),
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[test]
fn with_fail_undecided_an_undecided_check_fails_the_run_and_stays_undecided() {
    let (result, records) = run_planned(true);
    let failed = result.expect_err("--fail-undecided fails the run");
    assert!(
        failed
            .message()
            .is_some_and(|m| m.contains("undecided (--fail-undecided)")),
        "{:?}",
        failed.message()
    );
    let r = record(&records);
    assert_eq!(r.outcome, Outcome::Undecided, "{}", r.reason);
}

/// Issue 24: with the in-process engine, which the runner cannot kill, a search with no real node limit used to
/// grow until the runner went down. The runner now gives the engine nine tenths of its solver timeout
/// (PROTO-3.15), so the search stops by itself and the check is undecided, not an engine failure.
#[test]
fn an_unbounded_node_limit_stops_at_the_time_the_runner_gives() {
    let text = case_file("naj-discussed-score-16");
    let lc = parse_case(Path::new("case.yaml"), text).expect("a valid case");
    let checks = lc.case.effective_checks().expect("errata apply");
    let check = checks
        .iter()
        .find(|c| c.common().name == "black-analysis-best-play")
        .expect("the check exists");
    let mut engine = Remote::start(Launch::reference(), Duration::from_secs(60), None)
        .expect("the reference engine starts");
    engine.solver_nodes = Some(u64::MAX);
    engine.solver_timeout = Duration::from_secs(2);
    match run(&lc.case, check, &mut engine) {
        Verdict::Undecided(m @ Undecided::BestPlay { claim: 18, .. }) => {
            assert!(m.to_string().contains("claimed 18"), "{m}")
        }
        other => panic!("expected undecided, got {other:?}"),
    }
}
