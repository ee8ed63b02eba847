//! CASE-7: the whole suite loads and lints cleanly, and every case is traceable to its source.

use gorules_cases::Suite;
use std::path::Path;

#[test]
fn every_case_loads_and_lints_cleanly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let (suite, errors) = Suite::load(&root);
    let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert!(
        errors.is_empty(),
        "{} errors:\n{}",
        errors.len(),
        shown.join("\n")
    );
    assert!(suite.cases.len() >= 40, "only {} cases", suite.cases.len());
    assert!(!suite.clauses.is_empty());
}

#[test]
fn every_naj_case_cites_seed_000_or_says_it_is_constructed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let (suite, _) = Suite::load(&root);
    for lc in suite
        .cases
        .iter()
        .filter(|c| c.case.ruleset.name() == "naj")
    {
        let s = &lc.case.source;
        assert!(
            s.seed.as_deref() == Some("000_d2c866efab51ca55.txt") || s.constructed.is_some(),
            "{}: source",
            lc.file.display()
        );
    }
}

#[test]
fn check_lines_found_in_one_pass_agree_with_check_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let (suite, _) = Suite::load(&root);
    for lc in &suite.cases {
        let lines = lc.check_lines();
        for check in &lc.case.checks {
            let name = check.common().name;
            assert_eq!(
                lines.line(name),
                lc.check_line(name),
                "{}: {name}",
                lc.file.display()
            );
        }
    }
    for lc in &suite.kee_cases {
        let lines = lc.check_lines();
        for check in &lc.case.checks {
            assert_eq!(lines.line(check.name()), lc.check_line(check.name()));
        }
    }
}
