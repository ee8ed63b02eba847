//! NAJ-5.2: on every position the cases draw, immortal stones found from the definition (the search) and by
//! Benson's algorithm agree. The search is exponential, so it gets a budget of `MAX_POSITIONS` positions per
//! question; positions it cannot finish within that are left to Benson alone, and the test says how many.

use gorules_cases::model::Check;
use gorules_cases::Suite;
use gorules_grammar::Diagram;
use gorules_ref::naj::immortal::{immortal_stones_within, ImmortalityMethod};
use gorules_ref::{Color, Position};
use std::collections::HashSet;
use std::path::Path;

const MAX_POSITIONS: usize = 20_000;

fn position(d: &Diagram) -> Position {
    gorules_bridge::diagram_position(d).expect("a case board is a valid position")
}

#[test]
fn search_and_benson_agree_on_every_drawn_position() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let (suite, errors) = Suite::load(&root);
    assert!(errors.is_empty(), "the suite must lint cleanly first");
    let mut boards: Vec<Diagram> = Vec::new();
    for lc in &suite.cases {
        let case = &lc.case;
        boards.push(case.board.diagram().clone());
        for check in &case.checks {
            match check {
                Check::Replay(r) => {
                    boards.extend(r.end.iter().map(|b| b.diagram().clone()));
                    boards.extend(r.positions.iter().map(|p| p.board.diagram().clone()));
                }
                Check::Immortal(i) => boards.extend(i.board.iter().map(|b| b.diagram().clone())),
                Check::Control(c) => {
                    for b in [&c.reference, &c.black_reference, &c.white_reference]
                        .into_iter()
                        .flatten()
                    {
                        boards.push(b.diagram().clone());
                    }
                }
                Check::Game(g) => {
                    for b in [
                        &g.black_reference,
                        &g.white_reference,
                        &g.reference,
                        &g.final_position,
                    ]
                    .into_iter()
                    .flatten()
                    {
                        boards.push(b.diagram().clone());
                    }
                }
                _ => {}
            }
        }
    }
    let unique: HashSet<Diagram> = boards.into_iter().collect();
    let (mut compared, mut skipped) = (0, 0);
    for d in &unique {
        let p = position(d);
        for owner in [Color::Black, Color::White] {
            let Some(search) = immortal_stones_within(&p, owner, MAX_POSITIONS) else {
                skipped += 1;
                continue;
            };
            let benson = ImmortalityMethod::Benson.immortal_stones(&p, owner);
            assert_eq!(search, benson, "{owner:?} in\n{d}");
            compared += 1;
        }
    }
    println!(
        "{} positions: compared {compared} (position, owner) pairs; {skipped} exceeded the search budget",
        unique.len()
    );
    assert!(compared >= 100, "only {compared} pairs compared");
}
