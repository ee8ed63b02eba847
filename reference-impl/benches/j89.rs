//! J89-R13: the status search of the Japanese 1989 confirmation on constructed positions of the suite: each
//! searched string's verdict, nodes, time and nodes per second (not a test: it only measures and reports).
//!
//! `cargo bench -p gorules-ref --bench j89 [-- <filter>]` (matched against the position's name); `J89_NODES` in
//! the environment overrides the node allowance of each string's search (default 5,000,000, the engine's). Each
//! string is searched on its region where pass-alive walls cut the board (J89-R14), as the engine does;
//! `J89_WHOLE=1` searches the whole board instead, for comparison.

use std::path::Path;
use std::time::Instant;

use gorules_ref::j89::{decide, outside_region, J89Rules, SearchLimits, DEFAULT_LIMITS};
use gorules_ref::naj::benson::pass_alive;
use gorules_ref::string::strings;
use gorules_ref::{ByColor, Position};

/// Where a position comes from: rows (`#` Black, `O` White, `.` empty), or a case file's board (the stop
/// position, CASE-9.1) under `cases/j89/`, read with `gorules-cases` and converted with `gorules-bridge`.
enum Source {
    Rows(&'static [&'static str]),
    Case(&'static str),
}

/// Positions: the name, and where the board comes from.
const POSITIONS: &[(&str, Source)] = &[
    (
        "bent four in the corner (constructed, reference-impl/tests/j89.rs)",
        Source::Rows(&[
            "##.O#.#", ".OOO###", "OO#####", "###.#.#", "#######", ".#.#.#.", "#######",
        ]),
    ),
    (
        "Example 20, seki (cases/j89/j89-example-20-seki.yaml)",
        Source::Case("j89-example-20-seki.yaml"),
    ),
    (
        "Example 21, 19 black alive and 14 white dead (cases/j89/j89-example-21-...)",
        Source::Case("j89-example-21-nineteen-black-alive-fourteen-white-dead.yaml"),
    ),
    (
        "Diagram 13, seki with one eye each (cases/j89/j89-diagram-13-seki-and-dame.yaml)",
        Source::Case("j89-diagram-13-seki-and-dame.yaml"),
    ),
    (
        "Diagram 14, double-ko seki (cases/j89/j89-diagram-14-double-ko-seki.yaml)",
        Source::Case("j89-diagram-14-double-ko-seki.yaml"),
    ),
    (
        "Example 7-2, bent four beside a thousand-year ko (cases/j89/j89-example-07-2-...)",
        Source::Case("j89-example-07-2-bent-four-and-thousand-year-ko.yaml"),
    ),
    (
        "Example 11, false eye beside a double-ko seki (cases/j89/j89-example-11-...)",
        Source::Case("j89-example-11-false-eye-with-double-ko.yaml"),
    ),
    (
        "Diagram 11, approach-move ko beside a double-ko seki (cases/j89/j89-diagram-11-...)",
        Source::Case("j89-diagram-11-approach-move-ko-with-double-ko-seki.yaml"),
    ),
];

/// The stop position `source` names.
fn stop_position(source: &Source) -> Result<Position, String> {
    match source {
        Source::Rows(rows) => Position::from_rows(rows).map_err(|e| format!("{e:?}")),
        Source::Case(file) => {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../cases/j89")
                .join(file);
            let loaded = gorules_cases::suite::load_case(&path).map_err(|e| format!("{e:?}"))?;
            gorules_bridge::position(&loaded.case.board).map_err(|e| e.to_string())
        }
    }
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let nodes = std::env::var("J89_NODES")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(DEFAULT_LIMITS.nodes);
    let limits = SearchLimits {
        nodes,
        ..DEFAULT_LIMITS
    };
    let whole = std::env::var("J89_WHOLE").is_ok_and(|v| v == "1");
    let rules = J89Rules::default();
    for (name, source) in POSITIONS {
        if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
            continue;
        }
        let Ok(stop) = stop_position(source) else {
            println!("{name}: not a position");
            continue;
        };
        println!("{name}:");
        let off = rules.confirmation_board.off_limits(&stop);
        let safe = ByColor::from_fn(|c| pass_alive(&stop, c));
        for s in strings(&stop) {
            if s.stones.is_subset(&safe[s.color]) {
                continue;
            }
            let home = rules.new_stone.home(&stop, &s.stones);
            let region = (!whole)
                .then(|| outside_region(&stop, &off, &safe, &s.stones))
                .flatten();
            let started = Instant::now();
            let verdict = decide(
                &stop,
                &home,
                s.color,
                region.as_ref().unwrap_or(&off),
                rules.ko_pass,
                limits,
            );
            let secs = started.elapsed().as_secs_f64();
            match verdict {
                Ok(v) => println!(
                    "  {:?} string of {} stones: {}, {} nodes, {:.3} s, {:.0} nodes/s",
                    s.color,
                    s.stones.len(),
                    if v.captured { "dead" } else { "alive" },
                    v.nodes,
                    secs,
                    v.nodes as f64 / secs.max(1e-9)
                ),
                Err(e) => println!(
                    "  {:?} string of {} stones: {e} ({:.1} s, {:.0} nodes/s)",
                    s.color,
                    s.stones.len(),
                    secs,
                    nodes as f64 / secs.max(1e-9)
                ),
            }
        }
    }
}
