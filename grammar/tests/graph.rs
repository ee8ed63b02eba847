//! NOT-6 graph boards and NOT-7 Kee plays: round trips, the grid form, and located errors.

use gorules_grammar::{Graph, KeePlayText, KeePlays, Node};
use proptest::prelude::*;

/// A random symmetric graph of 1 to 8 intersections with random stones of up to 6 players.
fn graph() -> impl Strategy<Value = Graph> {
    (1usize..9).prop_flat_map(|n| {
        (
            proptest::collection::vec(proptest::bool::ANY, n * n),
            proptest::collection::vec(proptest::option::of(0u8..6), n),
            proptest::collection::vec("[a-z][a-z0-9_]{0,3}", n),
        )
            .prop_filter_map(
                "names must be unique and not reserved",
                move |(edges, stones, names)| {
                    let mut seen = std::collections::HashSet::new();
                    if names
                        .iter()
                        .any(|m| !seen.insert(m.clone()) || m == "pass" || m == "refresh")
                    {
                        return None;
                    }
                    let nodes = (0..n)
                        .map(|i| Node {
                            name: names[i].clone(),
                            stone: stones[i],
                            neighbours: (0..n)
                                .filter(|&j| j != i && edges[i.min(j) * n + i.max(j)])
                                .collect(),
                        })
                        .collect();
                    Graph::from_nodes(nodes).ok()
                },
            )
    })
}

proptest! {
    #[test]
    fn graphs_round_trip(g in graph()) {
        let text = g.to_string();
        prop_assert_eq!(Graph::parse(&text), Ok(g.clone()), "printed as:\n{}", text);
        prop_assert_eq!(Graph::parse(&format!("\n{text}\n  \n")), Ok(g));
    }

    #[test]
    fn kee_plays_round_trip(plays in proptest::collection::vec(
        prop_oneof![
            Just(KeePlayText::NormalPass),
            Just(KeePlayText::RefreshingPass),
            "[a-z][a-z0-9_]{0,3}".prop_filter("not a play word", |s| s != "pass" && s != "refresh")
                .prop_map(KeePlayText::Stone),
        ],
        0..12,
    )) {
        let p = KeePlays { plays };
        prop_assert_eq!(KeePlays::parse(&p.to_string()), Ok(p));
    }

    #[test]
    fn graph_parsers_never_panic(s in "\\PC{0,60}") {
        let _ = Graph::parse(&s);
        let _ = KeePlays::parse(&s);
    }
}

#[test]
fn the_two_by_one_board_of_seed_001() {
    let g = Graph::parse("a # : b\nb . : a").expect("parses");
    assert_eq!(g.nodes().len(), 2);
    assert_eq!(g.nodes()[0].stone, Some(0));
    assert_eq!(g.nodes()[1].neighbours, vec![0]);
    assert_eq!(
        Graph::grid(2, 1, &[Some(0), None]).map(|g| g.to_string()),
        Some("A1 # : B1\nB1 . : A1".into())
    );
}

#[test]
fn grid_names_are_gtp_vertices() {
    let g = Graph::grid(2, 2, &[None, Some(1), Some(2), None]).expect("a grid");
    assert_eq!(
        g.to_string(),
        "A2 . : B2 A1\nB2 O : A2 B1\nA1 R : A2 B1\nB1 . : B2 A1"
    );
}

#[test]
fn kee_plays_words() {
    let p = KeePlays::parse(" a refresh pass passed b_2 ").expect("parses");
    assert_eq!(
        p.plays,
        vec![
            KeePlayText::Stone("a".into()),
            KeePlayText::RefreshingPass,
            KeePlayText::NormalPass,
            KeePlayText::Stone("passed".into()),
            KeePlayText::Stone("b_2".into()),
        ]
    );
}

fn error(text: &str) -> (usize, usize, String) {
    let e = Graph::parse(text).expect_err("should not parse");
    (e.line, e.column, e.message)
}

#[test]
fn graph_errors_are_located() {
    let (l, c, m) = error("a . : b\nb . : a c");
    assert_eq!((l, c), (2, 9));
    assert!(m.contains("`c`"), "{m}");

    let (l, c, m) = error("a . : b\nb . :");
    assert_eq!((l, c), (1, 7));
    assert!(m.contains("must list `a`"), "{m}");

    let (l, c, m) = error("a . : b\nb . : a\na . :");
    assert_eq!((l, c), (3, 1));
    assert!(m.contains("twice"), "{m}");

    let (l, c, m) = error("a X : b");
    assert_eq!((l, c), (1, 3));
    assert!(m.contains("a stone"), "{m}");

    let (l, c, m) = error("pass . :");
    assert_eq!((l, c), (1, 1));
    assert!(m.contains("names a play"), "{m}");

    let (l, c, _) = error("a . : a");
    assert_eq!((l, c), (1, 7));

    let (l, _, m) = error("\n  \n");
    assert_eq!(l, 1);
    assert!(m.contains("at least one"), "{m}");

    let e = KeePlays::parse("a - b").expect_err("bad play");
    assert_eq!((e.line, e.column), (1, 3));
}

/// A graph as large as a case file can hold (1 MiB): a path of 50,000 intersections, and one intersection
/// joined to 20,000 others. Parsing it takes time about linear in its size (NOT-6.3's checks look names up,
/// they do not search lists).
#[test]
fn a_large_graph_parses() {
    let n = 50_000;
    let text: String = (0..n)
        .map(|i| {
            let mut line = format!("n{i} . :");
            if i > 0 {
                line.push_str(&format!(" n{}", i - 1));
            }
            if i + 1 < n {
                line.push_str(&format!(" n{}", i + 1));
            }
            line + "\n"
        })
        .collect();
    let g = Graph::parse(&text).expect("a path");
    assert_eq!(g.nodes().len(), n);
    assert_eq!(g.index_of("n49999"), Some(n - 1));
    assert_eq!(Graph::parse(&g.to_string()), Ok(g));

    let k = 20_000;
    let hub: Vec<String> = (1..=k).map(|i| format!("s{i}")).collect();
    let mut text = format!("hub . : {}\n", hub.join(" "));
    for s in &hub {
        text.push_str(&format!("{s} # : hub\n"));
    }
    let g = Graph::parse(&text).expect("a star");
    assert_eq!(g.nodes()[0].neighbours.len(), k);
    // A neighbour listed twice is still found, at its second mention.
    let twice = text.replacen("s2 s3", "s2 s2", 1);
    let e = Graph::parse(&twice).expect_err("s2 twice");
    assert_eq!((e.line, e.column), (1, 15));
    assert!(e.message.contains("`s2` is listed twice"), "{e}");
}
