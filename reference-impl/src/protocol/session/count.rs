//! PROTO-13: `gorules-count`: a counting method (COUNT-2 to COUNT-8) applied to the current position as the final
//! position, with the facts the game in force gives (COUNT-1.3): read off the position under core and NAJ rules,
//! the Japanese 1989 territory and prisoners under that ruleset.

use super::words::{count, number, syntax, Reply};
use super::{Game, Session};
use crate::color::{ByColor, Color};
use crate::counting::{self, Counted, Method, ScoringFacts};
use crate::naj::score::Points;
use gorules_grammar::gtp::Command;
use gorules_vocabulary::CountMethod;

/// PROTO-13.1: the largest komi a count takes, in half points (a billion points), so that no sum overflows.
const MAX_KOMI_HALF_POINTS: i64 = 2_000_000_000;

/// PROTO-13.1: `gorules-count METHOD KOMI [BLACK_OFF WHITE_OFF]`: the method's numbers as `key=value` words.
pub(super) fn count_position(s: &mut Session, cmd: &Command) -> Reply {
    let a = &cmd.args;
    let usage = "a counting method, the komi, and for fill-in each player's stones off the board";
    let (method, komi) = match a.as_slice() {
        [m, k] | [m, k, _, _] => (
            m.parse::<CountMethod>()
                .map_err(|e| syntax(&e.expected()))?,
            number::<Points>(k, "komi, a multiple of 0.5")?,
        ),
        _ => return Err(syntax(usage)),
    };
    if komi.half_points().abs() > MAX_KOMI_HALF_POINTS {
        return Err(syntax("a komi of at most 1000000000 points either way"));
    }
    let method = match (method, a.len()) {
        (CountMethod::FillIn, 4) => {
            let (black, white) = (count(&a[2])?, count(&a[3])?);
            Method::FillIn {
                off_board: ByColor::from_fn(|c| match c {
                    Color::Black => black,
                    Color::White => white,
                }),
            }
        }
        (CountMethod::FillIn, _) => return Err(syntax(usage)),
        (_, 4) => return Err("syntax error: only fill-in takes the stones off the board".into()),
        (CountMethod::Stone, _) => Method::Stone,
        (CountMethod::PointByPoint, _) => Method::PointByPoint,
        (CountMethod::Half, _) => Method::Half,
        (CountMethod::ChineseHalf, _) => Method::ChineseHalf,
        (CountMethod::Territory, _) => Method::Territory,
    };
    let time_limit = s.time_limit;
    let facts = match &mut s.game {
        Game::Grid(g) => ScoringFacts::of_final_position(g.position(), g.prisoners(), komi),
        Game::J89(j) => j.scoring_facts(komi, time_limit)?,
    };
    let counted = counting::count(&facts, method).map_err(|e| e.to_string())?;
    Ok(words(&facts, &counted))
}

/// PROTO-13.1: the answer's words, in a fixed order.
fn words(facts: &ScoringFacts, c: &Counted) -> String {
    let mut out = Vec::new();
    if let Some(counts) = c.counts {
        out.push(format!("black={}", counts[Color::Black]));
        out.push(format!("white={}", counts[Color::White]));
    }
    out.push(format!("grid_points={}", facts.grid_points));
    out.push(format!("shared_points={}", facts.shared));
    if let Some(h) = c.half {
        out.push(format!("half_board={}", h.half_board));
        out.push(format!("target={}", h.target));
        out.push(format!("difference={}", h.difference));
    }
    if let Some(t) = c.tens {
        out.push(format!("tens={}", t.tens));
        out.push(format!("stones_left={}", t.stones_left));
    }
    if let Some(f) = c.fill_in {
        out.push(format!("supply={}", f.supply));
        out.push(format!("komi_stones={}", f.komi_stones));
        out.push(format!(
            "lifted={},{}",
            f.lifted[Color::Black],
            f.lifted[Color::White]
        ));
        out.push(format!(
            "losing_stones={}",
            f.losing_stones[Color::Black] + f.losing_stones[Color::White]
        ));
        out.push(format!(
            "empty_left={}",
            f.empty_left[Color::Black] + f.empty_left[Color::White]
        ));
        out.push(format!("shared_left={}", f.shared_left));
    }
    out.push(format!("margin={}", c.margin));
    out.join(" ")
}
