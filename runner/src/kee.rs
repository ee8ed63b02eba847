//! CASE-8 checks of Kee cases, asked through [`KeeEngine`] (PROTO-9) and judged here.

use crate::engine::{EngineError, KeeEngine, KeeMade, KeePlayed, KeeValue, Said};
use crate::verdict::{Ignored, KeeUndecided, Missing, Undecided, Verdict};
use gorules_cases::kee::{
    ExpectedProhibition, KeeBoard, KeeCase, KeeCheck, KeeGameCheck, KeePlayCheck, KeeReason,
    KeeValueCheck, PlayerName,
};
use gorules_cases::model::Feature;
use gorules_grammar::KeePlays;
use std::collections::{BTreeMap, BTreeSet};

/// CASE-5: the features a Kee check needs: the case's and its own.
pub fn needed_features(case: &KeeCase, check: &KeeCheck) -> BTreeSet<Feature> {
    case.features
        .iter()
        .chain(check.features())
        .copied()
        .collect()
}

/// What the engine lacks for this check: features, then commands.
pub fn missing(case: &KeeCase, check: &KeeCheck, engine: &dyn KeeEngine) -> Missing {
    Missing {
        features: needed_features(case, check)
            .difference(&engine.capabilities().features)
            .copied()
            .collect(),
        commands: engine.kee_lacks(check),
    }
}

/// Runs one Kee check against `engine`.
pub fn run(case: &KeeCase, check: &KeeCheck, engine: &mut dyn KeeEngine) -> Verdict {
    let missing = missing(case, check, engine);
    if !missing.is_empty() {
        return Verdict::Ignored(Ignored::Missing(missing));
    }
    let result = match check {
        KeeCheck::Play(c) => play(case, c, engine),
        KeeCheck::Game(c) => game(case, c, engine),
        KeeCheck::Value(c) => return value(case, c, engine),
    };
    match result {
        Ok(problems) if problems.is_empty() => Verdict::Pass,
        Ok(problems) => Verdict::Fail(problems.join("\n")),
        Err(e) => Verdict::of_error(e),
    }
}

type Found = Result<Vec<String>, EngineError>;

fn expected_stones(b: &KeeBoard) -> BTreeMap<String, String> {
    b.graph
        .nodes()
        .iter()
        .filter_map(|n| n.stone.map(|p| (n.name.clone(), PlayerName(p).to_string())))
        .collect()
}

fn compare_board(
    engine: &mut dyn KeeEngine,
    b: &KeeBoard,
    out: &mut Vec<String>,
) -> Result<(), EngineError> {
    let actual = engine.kee_position()?;
    let expected = expected_stones(b);
    let same = actual.len() == expected.len()
        && actual.iter().all(|(n, p)| {
            p.value
                .is_some_and(|p| expected.get(n) == Some(&p.to_string()))
        });
    if !same {
        let show = |m: &mut dyn Iterator<Item = (&String, &str)>| {
            let shown: Vec<String> = m.map(|(n, p)| format!("{n}={p}")).collect();
            if shown.is_empty() {
                "(no stones)".to_string()
            } else {
                shown.join(" ")
            }
        };
        out.push(format!(
            "board after the plays:\n  expected {}\n  actual   {}",
            show(&mut expected.iter().map(|(n, p)| (n, p.as_str()))),
            show(&mut actual.iter().map(|(n, p)| (n, p.text.as_str())))
        ));
    }
    Ok(())
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// A yes/no field of a play the engine made against the case's.
fn compare_flag(out: &mut Vec<String>, what: &str, want: Option<bool>, got: &Option<Said<bool>>) {
    if let Some(want) = want {
        if got.as_ref().and_then(|g| g.value) != Some(want) {
            out.push(format!(
                "{what}: expected {}, actual {}",
                yes(want),
                got.as_ref().map_or("(not said)", |g| g.text.as_str())
            ));
        }
    }
}

/// CASE-8.3.1.
fn play(case: &KeeCase, c: &KeePlayCheck, engine: &mut dyn KeeEngine) -> Found {
    engine.kee_set_up(case, c.player)?;
    let made: KeeMade = match engine.kee_play(&c.at)? {
        KeePlayed::Refused(reason) => {
            let mut out = Vec::new();
            match (c.legal, reason.value) {
                (true, _) => out.push(format!(
                    "expected the play at {} to be legal; the engine refused it: {}",
                    c.at, reason.text
                )),
                (false, Some(got)) if Some(got) != c.reason => out.push(format!(
                    "reason: expected {}, actual {}",
                    c.reason.map_or("-", KeeReason::name),
                    got.name()
                )),
                (false, Some(_)) => {}
                (false, None) => out.push(format!(
                    "the engine refused the play with `{}`, expected `illegal REASON`",
                    reason.text
                )),
            }
            return Ok(out);
        }
        KeePlayed::Made(made) => made,
    };
    let mut out = Vec::new();
    if !c.legal {
        out.push(format!(
            "expected the play at {} to be refused ({}); the engine made it: {}",
            c.at,
            c.reason.map_or("-", KeeReason::name),
            made.text
        ));
        return Ok(out);
    }
    compare_flag(&mut out, "enclosing", c.enclosing, &made.enclosing);
    compare_flag(&mut out, "suicidal", c.suicidal, &made.suicidal);
    if let Some(want) = &c.removed {
        let want: BTreeSet<&str> = want.iter().map(String::as_str).collect();
        let got: BTreeSet<&str> = made.removed.iter().map(String::as_str).collect();
        if want != got {
            out.push(format!(
                "removed: expected {{{}}}, actual {{{}}}",
                want.into_iter().collect::<Vec<_>>().join(", "),
                got.into_iter().collect::<Vec<_>>().join(", ")
            ));
        }
    }
    if let Some(b) = &c.after {
        compare_board(engine, b, &mut out)?;
    }
    Ok(out)
}

fn show_prohibitions(p: &[ExpectedProhibition]) -> String {
    if p.is_empty() {
        return "none".into();
    }
    p.iter()
        .map(|x| format!("play {}: {} ({})", x.at, x.player, x.condition.name()))
        .collect::<Vec<_>>()
        .join("; ")
}

/// What a line of plays did: the prohibitions seen, and the refusal that stopped it (play number, reason).
type Made = (Vec<ExpectedProhibition>, Option<(usize, Said<KeeReason>)>);

/// Plays `plays` one by one; `Ok(Err(problem))` for an answer that cannot be read, `Err` if the engine failed.
fn make_plays(
    engine: &mut dyn KeeEngine,
    plays: &KeePlays,
) -> Result<Result<Made, String>, EngineError> {
    let mut seen = Vec::new();
    for (i, p) in plays.plays.iter().enumerate() {
        let word = p.to_string();
        let made = match engine.kee_play(&word)? {
            KeePlayed::Refused(reason) => return Ok(Ok((seen, Some((i + 1, reason))))),
            KeePlayed::Made(made) => made,
        };
        if let Some(prohibited) = made.prohibited {
            match prohibited.value {
                Some((player, condition)) => seen.push(ExpectedProhibition {
                    at: i + 1,
                    player,
                    condition,
                }),
                None => {
                    return Ok(Err(format!(
                        "play {} ({word}): cannot read `prohibited={}`",
                        i + 1,
                        prohibited.text
                    )))
                }
            }
        }
    }
    Ok(Ok((seen, None)))
}

/// CASE-8.3.2.
fn game(case: &KeeCase, g: &KeeGameCheck, engine: &mut dyn KeeEngine) -> Found {
    engine.kee_set_up(case, case.to_play.unwrap_or(PlayerName(0)))?;
    let mut out = Vec::new();
    let (seen, refusal) = match make_plays(engine, &g.plays.0)? {
        Ok(x) => x,
        Err(m) => return Ok(vec![m]),
    };
    match (&g.refused, &refusal) {
        (None, Some((n, reason))) => out.push(format!(
            "play {n} ({}) was refused: {}",
            g.plays.0.plays[n - 1],
            reason.text
        )),
        (Some(r), None) => out.push(format!(
            "play {} should be refused ({}); the engine made it",
            r.at,
            r.reason.name()
        )),
        (Some(r), Some((n, reason))) => {
            if *n != r.at || reason.value != Some(r.reason) {
                out.push(format!(
                    "expected play {} refused ({}); actual: play {n} refused with `{}`",
                    r.at,
                    r.reason.name(),
                    reason.text
                ));
            }
        }
        (None, None) => {}
    }
    if seen != g.prohibitions {
        out.push(format!(
            "prohibitions:\n  expected {}\n  actual   {}",
            show_prohibitions(&g.prohibitions),
            show_prohibitions(&seen)
        ));
    }
    let state = engine.kee_state()?;
    if state.end.as_ref().and_then(|e| e.value) != Some(g.end) {
        out.push(format!(
            "end: expected {}, actual {}",
            g.end.name(),
            state.end.as_ref().map_or("(not said)", |e| e.text.as_str())
        ));
    }
    if let Some(p) = g.to_play {
        if state.to_play.as_ref().and_then(|t| t.value) != Some(p) {
            out.push(format!(
                "to play: expected {p}, actual {}",
                state
                    .to_play
                    .as_ref()
                    .map_or("(not said)", |t| t.text.as_str())
            ));
        }
    }
    if let Some(b) = &g.after {
        compare_board(engine, b, &mut out)?;
    }
    if g.points.is_some() || g.ranking.is_some() {
        let got = engine.kee_points()?;
        if let Some(want) = &g.points {
            for (p, n) in want {
                let said = got.points.get(p.name());
                if said.and_then(|s| s.value) != Some(*n) {
                    out.push(format!(
                        "points of {p}: expected {n}, actual {}",
                        said.map_or("(not said)", |s| s.text.as_str())
                    ));
                }
            }
        }
        if let Some(want) = &g.ranking {
            if got.ranking.value.as_ref() != Some(want) {
                let want: Vec<String> = want
                    .iter()
                    .map(|grp| {
                        grp.iter()
                            .map(|p| p.to_string())
                            .collect::<Vec<_>>()
                            .join(",")
                    })
                    .collect();
                out.push(format!(
                    "ranking: expected {}, actual {}",
                    want.join(" "),
                    got.ranking.text
                ));
            }
        }
    }
    Ok(out)
}

/// PROTO-9.8: the value from the state reached by `after` and then `then`; `Ok(Err(problem))` for a value the
/// engine could not be asked or did not answer readably (the check fails).
fn value_after(
    engine: &mut dyn KeeEngine,
    case: &KeeCase,
    after: Option<&KeePlays>,
    then: Option<&str>,
) -> Result<Result<KeeValue, String>, EngineError> {
    engine.kee_set_up(case, case.to_play.unwrap_or(PlayerName(0)))?;
    let mut plays = after.cloned().unwrap_or_default();
    if let Some(t) = then {
        match KeePlays::parse(t) {
            Ok(p) => plays.plays.extend(p.plays),
            Err(e) => return Ok(Err(format!("reply `{t}`: {e}"))),
        }
    }
    match make_plays(engine, &plays)? {
        Err(m) => return Ok(Err(m)),
        Ok((_, Some((n, reason)))) => {
            return Ok(Err(format!("play {n} was refused: {}", reason.text)))
        }
        Ok(_) => {}
    }
    match engine.kee_value() {
        Ok(v) => Ok(Ok(v)),
        Err(e @ (EngineError::Malformed(_) | EngineError::Refused { .. })) => Ok(Err(e.detail())),
        Err(e) => Err(e),
    }
}

/// PROTO-7.2: what an answer of `gorules-kee-value` makes of a claimed value.
#[derive(Debug, PartialEq, Eq)]
enum Judged {
    /// The value is the claim: found, or proven by bounds L = H (a value without its principal variation).
    Holds,
    /// The value, or the bounds proven, exclude the claim.
    Wrong(String),
    /// Out of reach, with the claim within the bounds.
    Undecided(KeeUndecided),
}

fn judge(label: &str, want: i32, answer: KeeValue) -> Judged {
    match answer {
        KeeValue::Value { value, nodes, line } if value != want => Judged::Wrong(format!(
            "{label}: expected {want}, actual {value} ({nodes} nodes; line: {line})"
        )),
        KeeValue::Value { .. } => Judged::Holds,
        KeeValue::OutOfReach {
            bounds: Some((low, high)),
            nodes,
            limit,
        } if want < low || want > high => {
            let nodes = KeeUndecided {
                label: label.into(),
                bounds: None,
                nodes,
                limit,
                claim: want,
            }
            .nodes();
            Judged::Wrong(format!(
                "{label}: expected {want}, but the engine proved {low} <= value <= {high} ({nodes} nodes)"
            ))
        }
        KeeValue::OutOfReach {
            bounds: Some((low, high)),
            ..
        } if low == high => Judged::Holds,
        KeeValue::OutOfReach {
            bounds,
            nodes,
            limit,
        } => Judged::Undecided(KeeUndecided {
            label: label.into(),
            bounds,
            nodes,
            limit,
            claim: want,
        }),
    }
}

/// CASE-8.3.3: the value, and the value after each reply. A value out of reach leaves its claim undecided
/// (PROTO-7.2), unless the bounds the engine proved exclude the claim: then it fails.
fn value(case: &KeeCase, v: &KeeValueCheck, engine: &mut dyn KeeEngine) -> Verdict {
    let mut out = Vec::new();
    let mut undecided = Vec::new();
    let after = v.after.as_ref().map(|a| &a.0);
    let mut claims: Vec<(String, Option<&str>, i32)> = vec![("value".into(), None, v.value)];
    for (reply, want) in &v.replies {
        claims.push((format!("value after {reply}"), Some(reply.as_str()), *want));
    }
    for (label, reply, want) in claims {
        match value_after(engine, case, after, reply) {
            Err(e) => return Verdict::of_error(e),
            Ok(Err(m)) => out.push(m),
            Ok(Ok(answer)) => match judge(&label, want, answer) {
                Judged::Holds => {}
                Judged::Wrong(m) => out.push(m),
                Judged::Undecided(u) => undecided.push(u),
            },
        }
    }
    if out.is_empty() && !undecided.is_empty() {
        return Verdict::Undecided(Undecided::Kee(undecided));
    }
    if !undecided.is_empty() {
        out.push(format!("undecided besides: {}", Undecided::Kee(undecided)));
    }
    if out.is_empty() {
        Verdict::Pass
    } else {
        Verdict::Fail(out.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::{judge, Judged};
    use crate::engine::KeeValue;

    fn out_of_reach(low: i32, high: i32) -> KeeValue {
        KeeValue::OutOfReach {
            bounds: Some((low, high)),
            nodes: 5,
            limit: None,
        }
    }

    fn found(value: i32) -> KeeValue {
        KeeValue::Value {
            value,
            nodes: 3,
            line: String::new(),
        }
    }

    #[test]
    fn bounds_decide_only_when_they_exclude_the_claim_or_meet() {
        assert_eq!(judge("value", 0, found(0)), Judged::Holds);
        assert!(matches!(judge("value", 1, found(0)), Judged::Wrong(_)));
        match judge("value", 0, out_of_reach(-4, 4)) {
            Judged::Undecided(u) => assert_eq!(
                u.to_string(),
                "value: -4 <= value <= 4 after 5 nodes (claimed 0)"
            ),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            judge("value", 1, out_of_reach(-4, 0)),
            Judged::Wrong(_)
        ));
        assert!(matches!(
            judge("value", -1, out_of_reach(0, 4)),
            Judged::Wrong(_)
        ));
        assert_eq!(judge("value", 0, out_of_reach(0, 0)), Judged::Holds);
        assert!(matches!(
            judge("value", 1, out_of_reach(0, 0)),
            Judged::Wrong(_)
        ));
        assert!(matches!(
            judge(
                "value",
                0,
                KeeValue::OutOfReach {
                    bounds: None,
                    nodes: 5,
                    limit: None,
                }
            ),
            Judged::Undecided(_)
        ));
    }
}
