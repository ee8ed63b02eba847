//! A case as an SGF game record (issue 22), for any Go program to show or load:
//! - the root node holds the case's position as setup stones (`AB`, `AW`), its size (`SZ[19]`, or `SZ[w:h]` for
//!   a rectangle), whose turn it is (`PL`) when the case says, its ruleset (`RU`, the `gorules-ruleset` words
//!   of PROTO-3.2) and a comment (`C`) with the title, the source, the spec clauses and every check with its claim;
//! - each check that plays moves (legality, replay, game) is a variation from the root, one per alternative of
//!   its moves, commented with the check's name, claim and expected answer; passes are written `B[]`;
//! - a history (CASE-1.4) is a last variation: it sets the earlier board up (`AE`, `AB`, `AW`) and plays the
//!   moves that lead to the case's position; when it would be the only variation, a first variation of one node
//!   that changes nothing keeps the case's position on the main line.
//!
//! Loading the file in a program gives the case's position at the root (tested against GNU Go's `loadsgf`).

use super::{point_value, size_value, Collection, GameTree, Node};
use crate::engine::Grid;
use gorules_cases::drawn::Board;
use gorules_cases::model::{Case, Check, Color, Expect};
use gorules_cases::moves::{Move, MovesSpec};
use gorules_grammar::{Player, StoneColor};

/// The SGF of one case, or why it cannot be written (a board beyond 52 points a side, or a case error).
pub fn case_sgf(case: &Case) -> Result<Collection, String> {
    let board = grid(&case.board)?;
    let mut root = Node::default();
    root.push("FF", vec!["4".into()]);
    root.push("GM", vec!["1".into()]);
    root.push("CA", vec!["UTF-8".into()]);
    root.push(
        "AP",
        vec![format!("gorules-runner:{}", env!("CARGO_PKG_VERSION"))],
    );
    root.push("SZ", vec![size_value(board.width(), board.height())]);
    root.push("GN", vec![case.id.clone()]);
    let ruleset = crate::remote::ruleset_args(&case.ruleset)
        .map(|a| a.join(" "))
        .unwrap_or_else(|_| case.ruleset.name().to_string());
    root.push("RU", vec![format!("gorules {ruleset}")]);
    set_up(&mut root, None, &board)?;
    if let Some(c) = case.to_move {
        root.push("PL", vec![color_letter(c).into()]);
    }
    let checks = case
        .effective_checks()
        .map_err(|e| format!("case error: {e}"))?;
    root.push("C", vec![comment(case, &checks)]);
    let mut tree = GameTree {
        nodes: vec![root],
        variations: Vec::new(),
    };
    for check in &checks {
        for (moves, note) in sequences(case, check)? {
            let mut nodes = Vec::new();
            let mut first = Node::default();
            first.push("N", vec![check.common().name.to_string()]);
            first.push("C", vec![note]);
            nodes.push(first);
            for m in &moves {
                nodes.push(move_node(m)?);
            }
            tree.variations.push(GameTree {
                nodes,
                variations: Vec::new(),
            });
        }
    }
    if let Some(h) = &case.history {
        let earlier = grid(&h.board)?;
        let alts = h
            .moves
            .resolve(&h.board, case.labels.as_ref())
            .map_err(|e| format!("case error: {e}"))?;
        let mut first = Node::default();
        first.push("N", vec!["history".into()]);
        first.push(
            "C",
            vec!["The history (CASE-1.4): the earlier position, then the moves that lead to the case's position.".into()],
        );
        set_up(&mut first, Some(&board), &earlier)?;
        if tree.variations.is_empty() {
            // A program that loads the main line would otherwise follow the history and show the earlier board:
            // a first variation of one node that changes nothing keeps the case's position on the main line.
            let mut stay = Node::default();
            stay.push("N", vec!["position".into()]);
            stay.push(
                "C",
                vec!["The case's position (its history is the next variation).".into()],
            );
            tree.variations.push(GameTree {
                nodes: vec![stay],
                variations: Vec::new(),
            });
        }
        let mut nodes = vec![first];
        for m in alts.first().map(|a| a.moves.as_slice()).unwrap_or_default() {
            nodes.push(move_node(m)?);
        }
        tree.variations.push(GameTree {
            nodes,
            variations: Vec::new(),
        });
    }
    Ok(Collection(vec![tree]))
}

/// The case's board as a grid.
fn grid(b: &Board) -> Result<Grid, String> {
    let g = Grid::from_diagram(b.diagram())
        .ok_or("case error: the board has a cell that is not a point")?;
    if g.width() > 52 || g.height() > 52 {
        return Err(format!(
            "a {}x{} board: SGF points go up to 52x52",
            g.width(),
            g.height()
        ));
    }
    Ok(g)
}

/// Adds the setup properties that turn `from` (an empty board if `None`) into `to`: `AB`, `AW`, `AE`.
fn set_up(node: &mut Node, from: Option<&Grid>, to: &Grid) -> Result<(), String> {
    let (mut black, mut white, mut empty) = (Vec::new(), Vec::new(), Vec::new());
    for (at, p) in to.points() {
        let before = from.and_then(|f| f.get(at));
        if before == p {
            continue;
        }
        let v = point_value(at.col, at.row).ok_or("a point beyond 52")?;
        match p {
            Some(StoneColor::Black) => black.push(v),
            Some(StoneColor::White) => white.push(v),
            None => empty.push(v),
        }
    }
    node.push("AE", empty);
    node.push("AB", black);
    node.push("AW", white);
    Ok(())
}

fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// `B[cd]`, `W[]` (a pass).
fn move_node(m: &Move) -> Result<Node, String> {
    let who = if m.player == Player::Black { "B" } else { "W" };
    let v = match m.at {
        None => String::new(),
        Some((c, r)) => point_value(c, r).ok_or("a point beyond 52")?,
    };
    Ok(Node::with(who, vec![v]))
}

/// The root comment: title, source, clauses, and each check with its claim.
fn comment(case: &Case, checks: &[Check]) -> String {
    let mut out = format!(
        "{}\n\ngorules case {} ({})",
        case.title.trim(),
        case.id,
        case.ruleset.name()
    );
    let s = &case.source;
    if let Some(seed) = &s.seed {
        out.push_str(&format!("\nSource: seed {seed}"));
        if let Some(e) = &s.example {
            out.push_str(&format!(", {e}"));
        }
    }
    if let Some(c) = &s.constructed {
        out.push_str(&format!("\nConstructed: {}", c.trim()));
    }
    if let Some(r) = &s.regression {
        out.push_str(&format!(
            "\nFrom the regression suite of {}: {} ({})",
            r.repository, r.path, r.test
        ));
    }
    if !case.clauses.is_empty() {
        out.push_str(&format!("\nSpec clauses: {}", case.clauses.join(", ")));
    }
    out.push_str("\nChecks:");
    for check in checks {
        out.push_str(&format!("\n- {} ({})", check.common().name, check.kind()));
        if let Some(c) = check.common().claim {
            out.push_str(&format!(": {}", c.trim()));
        }
    }
    out
}

/// The move sequences a check plays, each with its comment: one per alternative.
fn sequences(case: &Case, check: &Check) -> Result<Vec<(Vec<Move>, String)>, String> {
    let resolve = |spec: &MovesSpec| {
        spec.resolve(&case.board, case.labels.as_ref())
            .map_err(|e| format!("case error: {e}"))
    };
    let head = |what: String| {
        let mut note = format!("{} ({}): {what}", check.common().name, check.kind());
        if let Some(c) = check.common().claim {
            note.push_str(&format!("\nClaim: {}", c.trim()));
        }
        if !case.clauses.is_empty() {
            note.push_str(&format!("\nSpec clauses: {}", case.clauses.join(", ")));
        }
        note
    };
    let mut out = Vec::new();
    match check {
        Check::Legality(c) => {
            let after = match &c.after {
                Some(a) => resolve(a)?
                    .into_iter()
                    .next()
                    .map(|r| r.moves)
                    .unwrap_or_default(),
                None => Vec::new(),
            };
            let expected = match c.expect {
                Expect::Legal => "legal".to_string(),
                e => e.to_string(),
            };
            for alt in resolve(&c.mv)? {
                let mut moves = after.clone();
                moves.extend(alt.moves.first().copied());
                let what = format!("the last move is expected {expected}");
                out.push((moves, head(what)));
            }
        }
        Check::Replay(r) => {
            for alt in resolve(&r.moves)? {
                let what = match &r.illegal {
                    Some(i) => format!(
                        "move {} is expected illegal{}",
                        i.number,
                        i.reason.map(|r| format!(" ({r})")).unwrap_or_default()
                    ),
                    None => "every move is expected legal".into(),
                };
                out.push((alt.moves, head(what)));
            }
        }
        Check::Game(g) => {
            if let Some(a) = &g.alternation {
                for alt in resolve(a)? {
                    out.push((alt.moves, head("the alternation of the game".into())));
                }
            }
        }
        _ => {}
    }
    Ok(out)
}

/// Every case of `cases` as `(file name, SGF text)`, the file named after the case id; a case that cannot be
/// written is an error naming it.
pub fn files<'a>(
    cases: impl IntoIterator<Item = &'a Case>,
) -> Vec<Result<(String, String), String>> {
    cases
        .into_iter()
        .map(|c| {
            case_sgf(c)
                .map(|sgf| (format!("{}.sgf", c.id), super::write(&sgf)))
                .map_err(|e| format!("{}: {e}", c.id))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::case_sgf;
    use crate::engine::Grid;
    use crate::sgf::{points, read, size, write};
    use gorules_grammar::StoneColor;

    /// Every case of the suite exports, and its SGF reads back (with our reader) into the case's position, with
    /// a variation per sequence of moves.
    #[test]
    fn every_case_reads_back_as_its_position() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let (suite, _) = gorules_cases::Suite::load(&root);
        assert!(suite.cases.len() > 100);
        for lc in &suite.cases {
            let case = &lc.case;
            let sgf = case_sgf(case).unwrap_or_else(|e| panic!("{}: {e}", case.id));
            let back = read(&write(&sgf)).unwrap_or_else(|e| panic!("{}: {e}", case.id));
            assert_eq!(back, sgf, "{}", case.id);
            let root = &back.0[0].nodes[0];
            let (w, h) = size(root.first("SZ").expect("SZ")).expect("a size");
            let mut cells = vec![None; w * h];
            for (id, color) in [("AB", StoneColor::Black), ("AW", StoneColor::White)] {
                for v in root.values(id) {
                    for (c, r) in points(v, w, h).expect("a point") {
                        cells[r * w + c] = Some(color);
                    }
                }
            }
            let want = Grid::from_diagram(case.board.diagram()).expect("a grid");
            assert_eq!(Grid::new(w, cells), Some(want), "{}", case.id);
            let comment = root.first("C").expect("a comment");
            for clause in &case.clauses {
                assert!(comment.contains(clause.as_str()), "{}: {clause}", case.id);
            }
        }
    }
}
