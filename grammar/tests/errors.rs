//! Bad inputs: each error names the line and the column and says what was expected.

use gorules_grammar::{Diagram, OneLine, Sequence, SequenceSet, Vertex};

fn err<T: std::fmt::Debug, E: ToString>(r: Result<T, E>) -> String {
    r.expect_err("should not parse").to_string()
}

#[test]
fn ragged_rows() {
    let e = err(Diagram::parse(". . . .\n. . .\n. . . ."));
    assert_eq!(
        e,
        "line 2, column 6: ragged row: expected 4 cells as in the first row, found 3"
    );
    let e = err(OneLine::parse("..../.../...."));
    assert_eq!(
        e,
        "line 1, column 6: ragged row: row 2 has 3 points, row 1 has 4"
    );
}

#[test]
fn unknown_cells() {
    let e = err(Diagram::parse(". . . .\n. ? . ."));
    assert!(e.starts_with("line 2, column 3: expected "), "{e}");
    assert!(e.ends_with("found `?`"), "{e}");
    assert!(
        e.contains("expected a cell (`.`, `#`, `O`, a label a-z, a mark A-Z or a number)"),
        "{e}"
    );
}

#[test]
fn a_single_character_cell_needs_its_padding() {
    let e = err(Diagram::parse("# O\n#O ."));
    assert!(e.starts_with("line 2, column 2: expected"), "{e}");
    assert!(e.ends_with("found `O`"), "{e}");
}

#[test]
fn unterminated_sequence() {
    let e = err(Sequence::parse("O[pbpd"));
    assert!(e.starts_with("line 1, column 7: expected"), "{e}");
    assert!(e.ends_with("found the end of the text"), "{e}");
    let e = err(SequenceSet::parse("#[ab] | #[c"));
    assert!(e.starts_with("line 1, column 12:"), "{e}");
}

#[test]
fn bad_sequences() {
    let e = err(Sequence::parse("X[ab]"));
    assert!(e.starts_with("line 1, column 1: expected a player"), "{e}");
    let e = err(Sequence::parse("#[ab]*[cd..]"));
    assert!(e.contains("a cycle does not end in `..`"), "{e}");
    let e = err(Sequence::parse("#[a C3]"));
    assert_eq!(
        e,
        "line 1, column 4: expected `..` or a move label (a-z, `p` for pass), found ` `"
    );
    let e = err(Sequence::parse("#[ab] | #[cd]"));
    assert!(e.contains("expected one sequence"), "{e}");
}

#[test]
fn bad_vertices() {
    assert!(err(Vertex::parse("I4")).starts_with("line 1, column 1: expected a vertex"));
    assert!(err(Vertex::parse("A0")).starts_with("line 1, column 1: expected a vertex"));
    assert_eq!(
        err(Vertex::parse("A100")),
        "line 1, column 4: expected the end of the vertex"
    );
}
