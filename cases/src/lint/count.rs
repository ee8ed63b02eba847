//! CASE-12.3: the lint of `count` checks: the fields each counting method answers, the fill-in inputs, the komi,
//! and the feature.

use crate::count::Count;
use crate::model::{Case, CountMethod, Feature};

/// CASE-12.3: a `count` check gives only numbers its method answers, the stones off the board exactly for
/// fill-in, a komi its method can take, and the feature `counting`.
pub(super) fn count(case: &Case, c: &Count, e: &mut dyn FnMut(String)) {
    let m = c.method;
    let half = matches!(m, CountMethod::Half | CountMethod::ChineseHalf);
    let fill = m == CountMethod::FillIn;
    let given: [(&str, bool, bool); 16] = [
        ("black", c.black.is_some(), !fill),
        ("white", c.white.is_some(), !fill),
        ("grid_points", c.grid_points.is_some(), true),
        ("shared_points", c.shared_points.is_some(), true),
        ("half_board", c.half_board.is_some(), half),
        ("target", c.target.is_some(), half),
        ("difference", c.difference.is_some(), half),
        ("tens", c.tens.is_some(), m == CountMethod::ChineseHalf),
        (
            "stones_left",
            c.stones_left.is_some(),
            m == CountMethod::ChineseHalf,
        ),
        ("off_board", c.off_board.is_some(), fill),
        ("supply", c.supply.is_some(), fill),
        ("komi_stones", c.komi_stones.is_some(), fill),
        ("lifted", c.lifted.is_some(), fill),
        ("losing_stones", c.losing_stones.is_some(), fill),
        ("empty_left", c.empty_left.is_some(), fill),
        ("shared_left", c.shared_left.is_some(), fill),
    ];
    for (field, present, allowed) in given {
        if present && !allowed {
            e(format!(
                "the {} method does not answer `{field}` (CASE-12.2)",
                m.name()
            ));
        }
    }
    if fill && c.off_board.is_none() {
        e("fill-in counting needs `off_board`: each player's stones left off the board (CASE-12.1)".into());
    }
    if c.komi.quarters % 2 != 0 {
        e(format!("komi {} is not a multiple of 0.5", c.komi));
    }
    if fill && c.komi.quarters % 8 != 0 {
        e(format!(
            "fill-in counting takes an even whole komi (komi stones are whole stones, COUNT-7.3), not {}",
            c.komi
        ));
    }
    let has = case.features.contains(&Feature::Counting) || c.features.contains(&Feature::Counting);
    if !has {
        e("a count check needs the feature `counting` (CASE-12)".into());
    }
}
