//! CASE-10.6 for the notation (spec/notation.md): no parser panics on random or hostile text, and every error
//! has a position inside the text. A fixed number of cases from a fixed seed; a longer run:
//! `PROPTEST_CASES=100000 cargo test --release -p gorules-grammar --test fuzz`.

use gorules_grammar::gtp::{Command, Response, ResponseReader};
use gorules_grammar::{
    Diagram, Graph, KeePlays, OneLine, ParseError, Sequence, SequenceSet, Vertex,
};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// An error's position lies in the text: a line that exists, a column at most one past its end.
fn assert_within(text: &str, e: &ParseError) {
    let lines: Vec<&str> = text.split('\n').collect();
    assert!(
        e.line >= 1 && e.line <= lines.len(),
        "line {} of {} lines: {e} in {text:?}",
        e.line,
        lines.len()
    );
    let width = lines[e.line - 1].chars().count();
    assert!(
        e.column >= 1 && e.column <= width + 1,
        "column {} of {width}: {e} in {text:?}",
        e.column
    );
    assert!(!e.message.is_empty(), "no message in {text:?}");
    assert!(!e.message.contains("Some("), "Rust debug syntax: {e}");
}

/// Runs every notation parser over the text.
fn parse_all(text: &str) {
    let results = [
        Diagram::parse(text).err(),
        OneLine::parse(text).err(),
        Sequence::parse(text).err(),
        SequenceSet::parse(text).err(),
        Vertex::parse(text).err(),
        Graph::parse(text).err(),
        KeePlays::parse(text).err(),
    ];
    for e in results.iter().flatten() {
        assert_within(text, e);
    }
    // PROTO-1: GTP framing takes any line.
    let _ = Command::parse(text);
    let lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let _ = Response::parse(&lines);
    let mut reader = ResponseReader::default();
    for l in &lines {
        let _ = reader.feed(l);
    }
}

/// Pieces of the notation and characters around it.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        ".",
        "#",
        "O",
        "X",
        "B",
        "W",
        "a",
        "p",
        "z",
        "A",
        "I",
        "0",
        "9",
        "99",
        "100",
        " ",
        "  ",
        "\n",
        "\r\n",
        "\t",
        "[",
        "]",
        "*[",
        "..",
        "|",
        " | ",
        "pass",
        "PASS",
        "refresh",
        ":",
        "_",
        "/",
        "C3",
        "A99",
        "Z25",
        "i9",
        "=",
        "?",
        "=1",
        "\u{e9}",
        "\u{feff}",
        "\0",
        "\u{2028}",
        "\u{1f600}",
    ])
}

/// Text of one repeated unit, for long and deep inputs.
fn repeated() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "#[",
            "[",
            "a",
            ". ",
            "#[a] | ",
            "..",
            "*[a]",
            "X",
            "/",
            "a . : b\n",
            "n : \n",
            "pass ",
            "99",
            "9",
            "\n",
        ]),
        0usize..5000,
    )
        .prop_map(|(unit, n)| unit.repeat(n))
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: RngSeed::Fixed(24),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_text_never_panics(text in "\\PC{0,80}") {
        parse_all(&text);
    }

    #[test]
    fn notation_pieces_never_panic(pieces in prop::collection::vec(piece(), 0..60)) {
        parse_all(&pieces.concat());
    }

    #[test]
    fn long_and_repeated_text_never_panics(text in repeated(), tail in prop::collection::vec(piece(), 0..4)) {
        parse_all(&format!("{text}{}", tail.concat()));
    }

    #[test]
    fn near_misses_never_panic(
        diagram in "[.#OaBz0-9 \n]{0,80}",
        sequence in "[#OBW\\[\\]a-zCD0-9 .|*]{0,40}",
        graph in "[a-c0-9_ .#ORGUY:\n]{0,80}",
        one_line in "[.XO/ ]{0,40}",
        vertex in "[A-Za-z][0-9]{0,25}",
    ) {
        parse_all(&diagram);
        parse_all(&sequence);
        parse_all(&graph);
        parse_all(&one_line);
        parse_all(&vertex);
    }
}
