//! CASE-10.6: nothing panics on user input: random text and YAML, a good case file damaged at random, deep
//! nesting, odd encodings and huge scalars load into a case or an error with a line and a column, never a panic.
//! A fixed number of cases from a fixed seed; a longer run: `PROPTEST_CASES=100000 cargo test --release -p
//! gorules-cases --test fuzz_loader`.

use gorules_cases::{lint, parse_case, CaseError, Suite};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
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

/// CASE-10: an error from loading has a position; it never reads as Rust (`Some(`, `None`).
fn assert_positioned(e: &CaseError) {
    assert!(e.line > 0 && e.column > 0, "no position: {e}");
    assert!(!e.message.is_empty(), "no message: {e}");
    assert!(
        !e.message.contains("Some(") && !e.message.contains("None"),
        "Rust debug syntax: {e}"
    );
}

/// Loads the text, lints it if it loads; nothing may panic, and a load error has a position.
fn load(text: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    match parse_case(Path::new("fuzz.yaml"), text.to_string()) {
        Err(e) => assert_positioned(&e),
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

/// Writes the bytes to this test's own file and loads it as a case file.
fn load_bytes(name: &str, bytes: &[u8]) -> Result<(), CaseError> {
    let file =
        std::env::temp_dir().join(format!("gorules-fuzz-{name}-{}.yaml", std::process::id()));
    std::fs::write(&file, bytes).expect("write a temp file");
    let result = gorules_cases::suite::load_case(&file).map(|_| ());
    let _ = std::fs::remove_file(&file);
    if let Err(e) = &result {
        assert_positioned(e);
    }
    result
}

/// Pieces of YAML syntax, and characters that trouble readers.
fn yaml_piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "[",
        "]",
        "{",
        "}",
        ",",
        ": ",
        ":",
        "- ",
        "-",
        "? ",
        "\n",
        "  ",
        "\t",
        "\r\n",
        "\r",
        "'",
        "\"",
        "\\",
        "#",
        " #",
        "|",
        ">",
        "|-",
        ">+2",
        "---\n",
        "...\n",
        "%YAML 1.2\n",
        "&a ",
        "*a",
        "!t ",
        "!<x> ",
        "id",
        "title",
        "checks",
        "x",
        "1",
        "null",
        "~",
        "\u{feff}",
        "\0",
        "\u{e9}",
        "\u{2028}",
        "\u{85}",
        "<<: *a",
        "\"#[ab]\"",
        ". # O .",
    ])
}

/// A collection nested `depth` levels deep, of one kind.
fn nested(kind: u8, depth: usize) -> String {
    match kind {
        0 => format!("x: {}", "[".repeat(depth)),
        1 => format!("x: {}1{}", "[".repeat(depth), "]".repeat(depth)),
        2 => format!("x: {}", "{a: ".repeat(depth)),
        3 => format!("x:\n{}y\n", "- ".repeat(depth)),
        4 => (0..depth)
            .map(|d| format!("{}a:\n", "  ".repeat(d)))
            .collect(),
        _ => format!(
            "{}{}",
            "- ".repeat(depth / 2),
            "[".repeat(depth - depth / 2)
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: RngSeed::Fixed(24),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_text_never_panics(text in "\\PC{0,300}") {
        load(&text);
    }

    #[test]
    fn random_yaml_never_panics(pieces in proptest::collection::vec(yaml_piece(), 0..80), after_good in any::<bool>()) {
        let text: String = pieces.concat();
        load(&text);
        if after_good {
            load(&format!("{GOOD}{text}"));
        }
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

    #[test]
    fn deep_nesting_is_refused_with_a_position(kind in 0u8..6, depth in 0usize..3000) {
        // Indented forms grow with the square of the depth: a few hundred levels are enough.
        let depth = if kind == 4 { depth % 300 } else { depth };
        let text = nested(kind, depth);
        load(&text);
        let deep = match kind {
            // These open `depth` levels below the mapping of `x:`; the others `depth` levels (the first
            // `- ` of kind 3 stands at its key's indentation and adds none, CASE-10.4).
            0..=2 => depth + 1 > gorules_cases::MAX_NESTING,
            _ => depth > gorules_cases::MAX_NESTING,
        };
        if deep {
            let e = parse_case(Path::new("fuzz.yaml"), text).expect_err("too deep");
            prop_assert!(e.message.contains("nesting deeper than"), "{}", e);
        }
    }

    #[test]
    fn odd_encodings_never_panic(kind in 0u8..7, at in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let good = GOOD.as_bytes();
        let at = at.index(good.len() + 1);
        let utf16 = |be: bool| -> Vec<u8> {
            GOOD.encode_utf16()
                .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect()
        };
        let bytes: Vec<u8> = match kind {
            0 => [&[0xef, 0xbb, 0xbf][..], good].concat(),
            1 => [&[0xff, 0xfe][..], &utf16(false)].concat(),
            2 => [&[0xfe, 0xff][..], &utf16(true)].concat(),
            3 => utf16(false),
            4 => [&good[..at], &[byte][..], &good[at..]].concat(),
            5 => [&good[..at], &[0][..], &good[at..]].concat(),
            _ => GOOD.replace('\n', "\r\n").into_bytes(),
        };
        let result = load_bytes("encodings", &bytes);
        // A BOM is dropped and CRLF reads like LF: the case still loads (CASE-10.2).
        if kind == 0 || kind == 6 {
            prop_assert!(result.is_ok(), "{:?}", result);
        }
        if kind == 1 || kind == 2 {
            prop_assert!(result.is_err());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 12,
        rng_seed: RngSeed::Fixed(24),
        ..ProptestConfig::default()
    })]

    #[test]
    fn huge_scalars_never_panic(len in prop::sample::select(vec![10_000usize, 500_000, 1_048_000, 1_100_000]), c in "[a-z#\\[{ ]", quoted in any::<bool>()) {
        let scalar = c.repeat(len);
        let text = if quoted {
            GOOD.replace("\"A small constructed case\"", &format!("\"{scalar}\""))
        } else {
            format!("{GOOD}notes: |\n  {scalar}\n")
        };
        let result = load_bytes("huge", text.as_bytes());
        if text.len() > gorules_cases::MAX_FILE_BYTES {
            let e = result.expect_err("too large");
            prop_assert!(e.message.contains("larger than"), "{}", e);
        }
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
