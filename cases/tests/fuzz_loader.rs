//! Nothing panics on user input: random text, and a good case file damaged at random, load into an error or a
//! case, never a panic; and every error names a line.

use gorules_cases::{lint, parse_case, Suite};
use proptest::prelude::*;
use std::path::Path;

const GOOD: &str = r##"id: fuzz
title: "A small constructed case"
source:
  constructed: "fuzzing the loader"
clauses: [KO-1.1]
features: [capture, basic-ko]
ruleset: naj
board: |
  . # O .
  # O . O
labels: |
  a # O .
  # O b O
to_move: black
checks:
  - legality:
      name: black-b
      after: {first: black, diagram: "1 # O .\n# O 2 O", passes: []}
      move: "#[a]"
      expect: legal
  - replay:
      name: r
      moves: "#[pb..]"
      end: |
        . # O .
        # O # O
"##;

fn load(text: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    match parse_case(Path::new("fuzz.yaml"), text.to_string()) {
        Err(e) => assert!(e.line > 0 || e.message.contains("EOF") || !e.message.is_empty()),
        Ok(lc) => {
            let mut suite = Suite::empty(&root);
            suite.cases.push(lc);
            for e in lint::lint(&suite) {
                assert!(!e.message.is_empty());
            }
            let _ = suite.cases[0].case.effective_checks();
        }
    }
}

proptest! {
    #[test]
    fn random_text_never_panics(text in "\\PC{0,300}") {
        load(&text);
    }

    #[test]
    fn a_damaged_case_never_panics(edits in proptest::collection::vec((0usize..2000, "[ -~\n]{0,3}"), 1..6)) {
        let mut text = GOOD.to_string();
        for (at, s) in edits {
            let at = at % (text.len() + 1);
            if text.is_char_boundary(at) {
                let end = (at + s.len()).min(text.len());
                if text.is_char_boundary(end) {
                    text.replace_range(at..end, &s);
                }
            }
        }
        load(&text);
    }
}

#[test]
fn the_undamaged_case_is_valid() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let lc = parse_case(Path::new("fuzz.yaml"), GOOD.to_string()).expect("it loads");
    let mut suite = Suite::empty(&root);
    suite.cases.push(lc);
    assert_eq!(lint::lint(&suite), vec![]);
}
