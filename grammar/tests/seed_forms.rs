//! The notation forms that seed 000 actually uses, parsed as the seed means them.

use gorules_grammar::{
    Cell, Diagram, OneLine, Player, SeqMove, Sequence, SequenceSet, StoneColor, Vertex,
};

const B: Cell = Cell::Stone(StoneColor::Black);
const W: Cell = Cell::Stone(StoneColor::White);

#[test]
fn two_digit_move_numbers_fill_their_cell() {
    // seed 000, white-analysis (2), "continued white-analysis".
    let d = Diagram::parse("# O O 1810\n14O 169 O").unwrap();
    assert_eq!(d.width(), 5);
    let rows: Vec<_> = d.rows().map(|r| r.to_vec()).collect();
    assert_eq!(rows[0], vec![B, W, W, Cell::Number(18), Cell::Number(10)]);
    assert_eq!(
        rows[1],
        vec![Cell::Number(14), W, Cell::Number(16), Cell::Number(9), W]
    );
    assert_eq!(d.to_string(), "# O O 1810\n14O 169 O");
}

#[test]
fn marks_labels_and_both_players() {
    let d = Diagram::parse("W W B 2 .\na # O P z").unwrap();
    assert_eq!(d.get(2, 0), Some(Cell::Mark('B')));
    assert_eq!(d.get(3, 0), Some(Cell::Number(2)));
    assert_eq!(d.get(0, 1), Some(Cell::Label('a')));
    assert_eq!(d.get(3, 1), Some(Cell::Mark('P')));
    assert_eq!(d.get(5, 0), None);
}

#[test]
fn rectangular_boards_of_many_sizes() {
    let strip = ". # . # O . O # O . # .\n# # # # O . O # # # # #\nO O O O O . . . . O . .";
    let d = Diagram::parse(strip).unwrap();
    assert_eq!((d.width(), d.height()), (12, 3));
    let d = Diagram::parse(". . O .\n. O O O\n").unwrap();
    assert_eq!((d.width(), d.height()), (4, 2));
}

#[test]
fn one_line_form() {
    let p = OneLine::parse("...../XXXXX/OOOOO/..O.X/.....").unwrap();
    assert_eq!(p.rows().len(), 5);
    assert_eq!(
        p.to_diagram().to_string(),
        ". . . . .\n# # # # #\nO O O O O\n. . O . #\n. . . . ."
    );
}

#[test]
fn label_sequences() {
    let s = Sequence::parse("O[pbpdppp]").unwrap();
    assert_eq!(s.first(), Player::White);
    assert_eq!(s.moves().len(), 7);
    assert_eq!(s.moves()[1], SeqMove::Label('b'));
    assert_eq!(s.moves()[0], SeqMove::Pass);
    assert!(!s.continues());

    let s = Sequence::parse("#[pz..]").unwrap();
    assert!(s.continues());
    assert_eq!(s.to_string(), "#[pz..]");

    let s = Sequence::parse("#[kaakaa]*[kaakaa]").unwrap();
    assert_eq!(s.cycle().map(<[SeqMove]>::len), Some(6));
    assert_eq!(s.moves_to_replay().len(), 12);

    let s = Sequence::parse("B[ab]").unwrap();
    assert_eq!(
        (s.first(), s.to_string()),
        (Player::Black, "#[ab]".to_string())
    );
}

#[test]
fn alternatives() {
    let set = SequenceSet::parse("#[pp] | #[aakaakpp] | #[kaakaapp]").unwrap();
    assert_eq!(set.alternatives().len(), 3);
    assert_eq!(set.to_string(), "#[pp] | #[aakaakpp] | #[kaakaapp]");
}

#[test]
fn coordinate_sequences() {
    let s = Sequence::parse("B[C3 d4 pass ..]").unwrap();
    assert_eq!(
        s.moves(),
        &[
            SeqMove::Vertex(Vertex::parse("C3").unwrap()),
            SeqMove::Vertex(Vertex::parse("D4").unwrap()),
            SeqMove::Pass
        ]
    );
    assert_eq!(s.to_string(), "#[C3 D4 pass ..]");
    // Only passes: the label form says the same.
    assert_eq!(
        Sequence::parse("W[pass pass]").unwrap(),
        Sequence::parse("O[pp]").unwrap()
    );
    assert_eq!(
        Sequence::parse("W[pass]").unwrap(),
        Sequence::parse("O[p]").unwrap()
    );
    assert_eq!(
        Sequence::parse("W[PASS ..]").unwrap(),
        Sequence::parse("O[p..]").unwrap()
    );
    // A label body that is not the word pass stays in label form.
    assert_eq!(Sequence::parse("#[passa]").unwrap().moves().len(), 5);
}

#[test]
fn vertices_skip_i_and_count_rows_from_the_bottom() {
    let v = Vertex::parse("J1").unwrap();
    assert_eq!(v.column(), 8);
    assert_eq!(v.to_col_row(4), Some((8, 3)));
    assert_eq!(Vertex::from_col_row(0, 0, 4).unwrap().to_string(), "A4");
    assert!(Vertex::parse("I3").is_err());
    assert_eq!(v.to_col_row(0), None);
}
