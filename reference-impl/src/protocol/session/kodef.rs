//! PROTO-14: seed 004's ko-intersections (spec/ko-definitions.md) of the current position.

use super::limits::limit_hit;
use super::words::{number, parse_move, syntax, vertices, word_error, Reply};
use super::Session;
use crate::allowance::Deadline;
use crate::board::PointSet;
use crate::kodef::{
    basic_ko_intersections, global_ko_intersection, local_ko_intersection, Allowance, Arena,
    BasicKoReading, OutOfReach,
};
use crate::moves::Move;
use crate::naj::score::Points;
use crate::naj::solver::Limits;
use gorules_grammar::gtp::Command;
use gorules_vocabulary::KoIntersectionKind;

/// PROTO-14: `gorules-ko-intersections KIND [KOMI] VERTEX...`: the vertices of the region (KODEF-R15) that are
/// ko-intersections of KIND (`basic`, `local`, `global`; KOMI, Black's, for `global` only) in the current
/// position, under the ruleset's suicide rule, the player to move answer-forcing for `global`; or
/// `out-of-reach nodes=N limit=nodes|time` when a search passes its allowance (one million nodes a point, and
/// the session's time allowance).
pub(super) fn ko_intersections(s: &mut Session, cmd: &Command) -> Reply {
    let usage =
        "a kind (basic, local or global), Black's komi for global, and the region's vertices";
    let (kind, rest) = cmd.args.split_first().ok_or_else(|| syntax(usage))?;
    let kind: KoIntersectionKind = kind.parse().map_err(word_error)?;
    let (komi, region_words) = match kind {
        KoIntersectionKind::Global => {
            let (komi, rest) = rest.split_first().ok_or_else(|| syntax(usage))?;
            (number::<Points>(komi, "komi")?, rest)
        }
        _ => (Points::ZERO, rest),
    };
    if region_words.is_empty() {
        return Err(syntax(usage));
    }
    let deadline = Deadline::after(s.time_limit);
    let g = s.game.as_sequence();
    let position = g.position().clone();
    let mut region = PointSet::empty(position.board());
    for word in region_words {
        match parse_move(&position, word)? {
            Move::Play(point) => {
                region.insert(point);
            }
            Move::Pass => return Err(syntax("vertices, not `pass`")),
        }
    }
    let arena = Arena {
        suicide: g.ruleset.sequence_rules().suicide,
        region: region.clone(),
    };
    let max_nodes = Limits::default().max_nodes;
    let allowance = Allowance {
        nodes: max_nodes,
        deadline,
    };
    let mut found = PointSet::empty(position.board());
    let out_of_reach = |o: OutOfReach| {
        format!(
            "out-of-reach nodes={} limit={}",
            o.nodes,
            limit_hit(o.nodes, max_nodes, deadline)
        )
    };
    let basic = (kind == KoIntersectionKind::Basic)
        .then(|| basic_ko_intersections(&g.sequence, BasicKoReading::Shape));
    for point in region.iter() {
        let is = match kind {
            KoIntersectionKind::Basic => basic.as_ref().is_some_and(|b| b.contains(point)),
            KoIntersectionKind::Local => {
                match local_ko_intersection(&arena, &position, point, allowance) {
                    Ok(witness) => witness.is_some(),
                    Err(o) => return Ok(out_of_reach(o)),
                }
            }
            KoIntersectionKind::Global => {
                let to_move = g.sequence.to_move();
                match global_ko_intersection(&arena, &position, to_move, komi, point, allowance) {
                    Ok(is) => is,
                    Err(o) => return Ok(out_of_reach(o)),
                }
            }
        };
        if is {
            found.insert(point);
        }
    }
    Ok(vertices(&position, &found))
}
