//! Parse -> print -> parse is the identity for every notation value (spec/notation.md).

use gorules_grammar::{
    Cell, Diagram, OneLine, Player, SeqMove, Sequence, SequenceSet, StoneColor, Vertex,
};
use proptest::prelude::*;

fn cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        Just(Cell::Empty),
        Just(Cell::Stone(StoneColor::Black)),
        Just(Cell::Stone(StoneColor::White)),
        (b'a'..=b'z').prop_map(|c| Cell::Label(c as char)),
        (b'A'..=b'Z')
            .prop_filter("O is white", |c| *c != b'O')
            .prop_map(|c| Cell::Mark(c as char)),
        (0u8..=99).prop_map(Cell::Number),
    ]
}

fn diagram() -> impl Strategy<Value = Diagram> {
    (1usize..=13, 1usize..=8).prop_flat_map(|(w, h)| {
        proptest::collection::vec(proptest::collection::vec(cell(), w), h)
            .prop_map(|rows| Diagram::from_rows(rows).expect("rectangular"))
    })
}

fn vertex() -> impl Strategy<Value = Vertex> {
    (0usize..25, 1usize..=99).prop_map(|(c, r)| Vertex::new(c, r).expect("in range"))
}

fn seq_move(coords: bool) -> BoxedStrategy<SeqMove> {
    if coords {
        prop_oneof![Just(SeqMove::Pass), vertex().prop_map(SeqMove::Vertex)].boxed()
    } else {
        prop_oneof![
            Just(SeqMove::Pass),
            (b'a'..=b'z')
                .prop_filter("p is pass", |c| *c != b'p')
                .prop_map(|c| SeqMove::Label(c as char))
        ]
        .boxed()
    }
}

fn sequence() -> impl Strategy<Value = Sequence> {
    (any::<bool>(), any::<bool>(), 0u8..3).prop_flat_map(|(black, coords, tail)| {
        let first = if black { Player::Black } else { Player::White };
        let moves = proptest::collection::vec(seq_move(coords), 1..12);
        let cycle = proptest::collection::vec(seq_move(coords), 1..6);
        (moves, cycle).prop_filter_map("p, a, s, s reads as the word pass", move |(m, c)| {
            let (continues, cycle) = match tail {
                0 => (false, None),
                1 => (true, None),
                _ => (false, Some(c)),
            };
            Sequence::new(first, m, continues, cycle).ok()
        })
    })
}

fn one_line() -> impl Strategy<Value = OneLine> {
    (1usize..=19, 1usize..=19).prop_flat_map(|(w, h)| {
        let point = prop_oneof![
            Just(None),
            Just(Some(StoneColor::Black)),
            Just(Some(StoneColor::White))
        ];
        proptest::collection::vec(proptest::collection::vec(point, w), h)
            .prop_map(|rows| OneLine::from_rows(rows).expect("rectangular"))
    })
}

proptest! {
    #[test]
    fn diagrams_round_trip(d in diagram()) {
        let text = d.to_string();
        prop_assert_eq!(Diagram::parse(&text), Ok(d.clone()), "printed as:\n{}", text);
        // A trailing newline and trailing spaces, as YAML block scalars leave them, change nothing.
        prop_assert_eq!(Diagram::parse(&format!("{text}  \n")), Ok(d));
    }

    #[test]
    fn vertices_round_trip(v in vertex()) {
        prop_assert_eq!(Vertex::parse(&v.to_string()), Ok(v));
        prop_assert_eq!(Vertex::parse(&v.to_string().to_lowercase()), Ok(v));
    }

    #[test]
    fn one_line_positions_round_trip(p in one_line()) {
        prop_assert_eq!(OneLine::parse(&p.to_string()), Ok(p.clone()));
        prop_assert_eq!(OneLine::from_diagram(&p.to_diagram()), Some(p));
    }

    #[test]
    fn sequences_round_trip(alts in proptest::collection::vec(sequence(), 1..4)) {
        let set = SequenceSet::new(alts).expect("non-empty");
        let text = set.to_string();
        prop_assert_eq!(SequenceSet::parse(&text), Ok(set), "printed as {}", text);
    }

    #[test]
    fn parsers_never_panic(s in "\\PC{0,40}") {
        let _ = Diagram::parse(&s);
        let _ = OneLine::parse(&s);
        let _ = SequenceSet::parse(&s);
        let _ = Vertex::parse(&s);
    }

    #[test]
    fn diagram_parser_never_panics_on_near_misses(s in "[.#OaBz0-9 \n]{0,60}") {
        let _ = Diagram::parse(&s);
    }
}
