//! Issue 25: the readings matrix finds exactly the reading a planted case needs: a checkout of its own holds a
//! seed example that only `new_stone: anywhere` satisfies (the torazu sanmoku's seki, with an erratum that names
//! that reading) and a constructed case, which the matrix leaves out.

use gorules_cases::readings::{Reading, ReadingsRuleset};
use gorules_runner::readings::{self, CellVerdict, Request};
use gorules_runner::Options;
use std::path::PathBuf;

mod fakes;

/// The corner of seed 002's Example 1 as our case builds it: the seed calls it a seki; the lone white stone is
/// dead under `new_stone: adjacent` and `on-captured-points`, alive under `anywhere`.
const PLANTED: &str = r#"id: planted-seki
title: "A seed claim that one reading alone satisfies"
source:
  represents: "Example 1 of seed 002, planted for the readings test"
  constructed: "The board of j89-example-01-three-points-without-capturing."
clauses: [J89-7.1, J89-R5]
features: [capture, suicide-prohibited, j89-confirmation]
ruleset: japanese-1989
board: |
  . # # O . O
  O # # O O O
  # O O O . O
  # # # O O O
  # # # # # #
  . # . # # #
checks:
  - status:
      name: seki
      claim: "The seed's seki."
      statuses: |
        . S S a . a
        s S S a a a
        A a a a . a
        A A A a a a
        A A A A A A
        . A . A A A
errata:
  - check: seki
    field: statuses
    source_says: "seki"
    ours: |
      . A A a . a
      d A A a a a
      A a a a . a
      A A A a a a
      A A A A A A
      . A . A A A
    why: "The lone white stone is dead under the reference's reading."
    resolved_by: {new_stone: anywhere}
"#;

/// A case of ours only: the matrix must leave it out (its claim would fail under `anywhere`... or not; it is
/// not a seed's).
const CONSTRUCTED: &str = r#"id: planted-constructed
title: "A constructed case"
source:
  constructed: "Not a seed's example."
clauses: [J89-7.1]
features: [capture, suicide-prohibited, j89-confirmation]
ruleset: japanese-1989
board: |
  # . O
  # . O
checks:
  - status:
      name: statuses
      statuses: |
        S . s
        S . s
"#;

fn root(name: &str) -> PathBuf {
    let root = fakes::small_checkout(name, "j89");
    std::fs::write(root.join("cases/j89/planted-seki.yaml"), PLANTED).expect("written");
    std::fs::write(root.join("cases/j89/planted-constructed.yaml"), CONSTRUCTED).expect("written");
    root
}

#[test]
fn the_matrix_finds_the_one_reading_a_planted_case_needs() {
    let root = root("readings");
    let request = Request {
        ruleset: ReadingsRuleset::Japanese1989,
        options: vec!["new_stone".into()],
        product: false,
        filter: None,
        threads: 1,
        reading_timeout: readings::READING_TIMEOUT,
    };
    let m = readings::run(
        &gorules_runner::source::SuiteSource::Checkout(root.clone()),
        &request,
        &Options::default(),
    )
    .expect("the matrix");
    assert_eq!(
        m.readings,
        [
            "default",
            "new_stone=on-captured-points",
            "new_stone=anywhere"
        ]
    );
    let ids: Vec<&str> = m.rows.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(
        ids,
        ["planted-seki::seki"],
        "the constructed case is left out"
    );
    let verdicts: Vec<CellVerdict> = m.rows[0].cells.iter().map(|c| c.verdict).collect();
    assert_eq!(
        verdicts,
        [CellVerdict::Fail, CellVerdict::Fail, CellVerdict::Pass],
        "{:#?}",
        m.rows[0].cells
    );
    assert!(m.rows[0].cells[2].resolves_erratum);
    assert_eq!(
        m.rows[0].errata[0].resolved_by.as_deref(),
        Some("new_stone=anywhere")
    );
    assert_eq!(m.conclusion.consistent, ["new_stone=anywhere"]);
    assert!(m.conclusion.unconfirmed_resolutions.is_empty());
    assert_eq!(m.conclusion.needs.len(), 1);
    assert_eq!(m.conclusion.needs[0].passes_under, ["new_stone=anywhere"]);
    // The JSON reads back as the same matrix.
    let back: readings::Matrix = serde_json::from_str(&readings::json(&m)).expect("JSON");
    assert_eq!(back, m);
    // The product of two options has a column per pair of values, and the planted case passes exactly where
    // new_stone is anywhere.
    let product = Request {
        options: vec!["new_stone".into(), "seki_stones".into()],
        product: true,
        ..request
    };
    let m = readings::run(
        &gorules_runner::source::SuiteSource::Checkout(root.clone()),
        &product,
        &Options::default(),
    )
    .expect("the matrix");
    assert_eq!(m.readings.len(), 6);
    let want: Vec<String> = ["groups", "strings"]
        .iter()
        .map(|s| {
            Reading(
                [
                    ("new_stone".to_string(), "anywhere".to_string()),
                    ("seki_stones".to_string(), s.to_string()),
                ]
                .into(),
            )
            .label()
        })
        .collect();
    assert_eq!(m.conclusion.consistent, want);
    let _ = std::fs::remove_dir_all(&root);
}

/// Two rows that each pass under some reading but never under the same one are a proven conflict; an undecided
/// cell keeps a pair from being proven.
#[test]
fn disjoint_rows_conflict_and_unknown_cells_prove_nothing() {
    let cell = |reading: &str, verdict| readings::Cell {
        reading: reading.into(),
        verdict,
        resolves_erratum: false,
        reason: String::new(),
        seconds: 0.0,
    };
    let row = |id: &str, v: [CellVerdict; 3]| readings::Row {
        id: id.into(),
        source: String::new(),
        errata: Vec::new(),
        cells: ["r0", "r1", "r2"]
            .iter()
            .zip(v)
            .map(|(r, v)| cell(r, v))
            .collect(),
    };
    use CellVerdict::{Fail, NotApplicable, Pass, Undecided};
    let labels: Vec<String> = ["r0", "r1", "r2"].iter().map(|s| s.to_string()).collect();
    let rows = [
        row("a", [Fail, Fail, Pass]),
        row("b", [Pass, Pass, Fail]),
        row("c", [Undecided, Fail, Fail]),
        row("d", [Pass, NotApplicable, Pass]),
    ];
    let c = readings::conclude(&labels, &rows);
    assert!(c.consistent.is_empty());
    assert_eq!(c.conflicts.len(), 2, "{:?}", c.conflicts);
    assert!(c.conflicts.iter().any(|k| k.a == "a" && k.b == "b"));
    assert!(c.conflicts.iter().any(|k| k.a == "a" && k.b == "c"));
    assert!(c.unsatisfied.is_empty());
    let c = readings::conclude(&labels, &rows[3..]);
    assert_eq!(
        c.consistent,
        ["r0", "r2"],
        "not applicable does not count against a reading"
    );
    assert_eq!(c.unjudged, ["r1"], "a reading no row is judged under");
}
