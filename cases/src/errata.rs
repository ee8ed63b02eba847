//! CASE-6: applying an erratum: the check's expectation is replaced by our answer.

use crate::drawn::{Drawn, Kind};
use crate::model::{Check, Expect, GameResult, Prisoners};
use gorules_grammar::Diagram;

fn int(text: &str) -> Result<i32, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("expected a whole number, found `{text}`"))
}

fn drawn<K: Kind>(text: &str) -> Result<Drawn<K>, String> {
    let d = Diagram::parse(text).map_err(|e| e.to_string())?;
    Drawn::new(d).map_err(|m| m.replace(['\u{1}', '\u{2}'], " "))
}

fn moves(text: &str) -> Result<crate::moves::MovesSpec, String> {
    use serde::Deserialize;
    let d = serde::de::value::StrDeserializer::<serde::de::value::Error>::new(text.trim());
    crate::moves::MovesSpec::deserialize(d).map_err(|e| e.to_string())
}

fn result(text: &str) -> Result<GameResult, String> {
    match text.trim() {
        "black-wins" => Ok(GameResult::BlackWins),
        "white-wins" => Ok(GameResult::WhiteWins),
        "draw" => Ok(GameResult::Draw),
        "no-result" => Ok(GameResult::NoResult),
        t => Err(format!(
            "expected black-wins, white-wins, draw or no-result, found `{t}`"
        )),
    }
}

fn prisoners(text: &str) -> Result<Prisoners, String> {
    let (b, w) = text
        .split_once(',')
        .ok_or("expected prisoners as `black,white`")?;
    let n = |s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| format!("expected a count, found `{s}`"))
    };
    Ok(Prisoners {
        black: n(b)?,
        white: n(w)?,
    })
}

/// A score: a whole number of points, not negative.
fn count(s: &str) -> Result<u64, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("expected a number of points, found `{s}`"))
}

/// Replaces `field` of `check` by `ours`.
pub fn apply(check: &mut Check, field: &str, ours: &str) -> Result<(), String> {
    let kind = check.kind();
    let unknown = || {
        Err(format!(
            "no field `{field}` that an erratum can replace in a {kind} check"
        ))
    };
    match check {
        Check::Legality(c) => match field {
            "expect" => c.expect = ours.parse::<Expect>()?,
            _ => return unknown(),
        },
        Check::Replay(c) => match field {
            "end" => c.end = Some(drawn(ours)?),
            "ends" => c.ends = Some(ours.trim() == "true"),
            "end_reason" => c.end_reason = Some(ours.trim().parse().map_err(|e| format!("{e}"))?),
            "prisoners" => c.prisoners = Some(prisoners(ours)?),
            "illegal" => c.illegal = Some(ours.parse()?),
            f => match f.strip_prefix("positions.") {
                Some(n) => {
                    let n: usize = n
                        .parse()
                        .map_err(|_| format!("expected positions.<move number>, found `{f}`"))?;
                    let p = c
                        .positions
                        .iter_mut()
                        .find(|p| p.after == n)
                        .ok_or(format!("no position after {n}"))?;
                    p.board = drawn(ours)?;
                }
                None => return unknown(),
            },
        },
        Check::Immortal(c) => match field {
            "expect" => c.expect = drawn(ours)?,
            _ => return unknown(),
        },
        Check::Control(c) => match field {
            "expect" => c.expect = drawn(ours)?,
            _ => return unknown(),
        },
        Check::Game(g) => match field {
            "alternation" => g.alternation = Some(moves(ours)?),
            "black_analysis" => g.black_analysis = Some(moves(ours)?),
            "white_analysis" => g.white_analysis = Some(moves(ours)?),
            "analysis" => g.analysis = Some(moves(ours)?),
            "final" => g.final_position = Some(drawn(ours)?),
            "black_reference" => g.black_reference = Some(drawn(ours)?),
            "white_reference" => g.white_reference = Some(drawn(ours)?),
            "reference" => g.reference = Some(drawn(ours)?),
            "black_control" => g.black_control = Some(drawn(ours)?),
            "white_control" => g.white_control = Some(drawn(ours)?),
            "control" => g.control = Some(drawn(ours)?),
            "black_points" => g.black_points = Some(drawn(ours)?),
            "white_points" => g.white_points = Some(drawn(ours)?),
            "black_score" => g.black_score = Some(int(ours)?),
            "white_score" => g.white_score = Some(int(ours)?),
            "board_score" => g.board_score = Some(int(ours)?),
            "prisoner_difference" => g.prisoner_difference = Some(int(ours)?),
            "score" => g.score = Some(int(ours)?),
            "result" => g.result = Some(result(ours)?),
            _ => return unknown(),
        },
        Check::BestPlay(b) => match field {
            "value" => b.value = int(ours)?,
            "board_score" => b.board_score = Some(int(ours)?),
            "prisoner_difference" => b.prisoner_difference = Some(int(ours)?),
            _ => return unknown(),
        },
        Check::Status(c) => match field {
            "statuses" => c.statuses = drawn(ours)?,
            _ => return unknown(),
        },
        Check::Territory(c) => match field {
            "territory" => c.territory = drawn(ours)?,
            "score" => c.score = int(ours)?.into(),
            _ => return unknown(),
        },
        Check::J89Game(g) => match field {
            "result" => g.result = Some(ours.parse()?),
            "stage" => g.stage = Some(ours.trim().parse()?),
            "prisoners" => g.prisoners = Some(prisoners(ours)?),
            "recurs" => g.recurs = Some(ours.trim() == "true"),
            _ => return unknown(),
        },
        Check::KoIntersections(c) => match field {
            "expect" => c.expect = ours.trim().to_string(),
            _ => return unknown(),
        },
        Check::Force(c) => match field {
            "expect" => c.expect = ours.parse()?,
            _ => return unknown(),
        },
        Check::GameEnd(g) => match field {
            "final" => g.final_position = Some(drawn(ours)?),
            "black" => g.black = Some(count(ours)?),
            "white" => g.white = Some(count(ours)?),
            "result" => g.result = Some(ours.parse()?),
            _ => return unknown(),
        },
        Check::FinalScore(c) => match field {
            "result" => c.result = ours.parse()?,
            _ => return unknown(),
        },
        Check::Count(c) => {
            let number = |t: &str| {
                t.trim()
                    .parse::<u32>()
                    .map_err(|_| format!("expected a count, found `{t}`"))
            };
            match field {
                "margin" => c.margin = ours.parse()?,
                "black" => c.black = Some(ours.parse()?),
                "white" => c.white = Some(ours.parse()?),
                "half_board" => c.half_board = Some(ours.parse()?),
                "target" => c.target = Some(ours.parse()?),
                "difference" => c.difference = Some(ours.parse()?),
                "grid_points" => c.grid_points = Some(number(ours)?),
                "shared_points" => c.shared_points = Some(number(ours)?),
                "tens" => c.tens = Some(number(ours)?),
                "stones_left" => c.stones_left = Some(number(ours)?),
                "supply" => c.supply = Some(number(ours)?),
                "komi_stones" => c.komi_stones = Some(number(ours)?),
                "losing_stones" => c.losing_stones = Some(number(ours)?),
                "empty_left" => c.empty_left = Some(number(ours)?),
                "shared_left" => c.shared_left = Some(number(ours)?),
                _ => return unknown(),
            }
        }
    }
    Ok(())
}
