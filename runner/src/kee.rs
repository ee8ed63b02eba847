//! CASE-8 checks of Kee cases, asked over the Kee commands of the protocol (PROTO-9) and judged here.

use crate::checks::Verdict;
use crate::engine::{Capabilities, EngineError};
use crate::remote::Remote;
use gorules_cases::kee::{
    ExpectedProhibition, KeeBoard, KeeCase, KeeCheck, KeeEndName, KeeGameCheck, KeePlayCheck,
    KeeReason, KeeValueCheck, KoConditionName, PlayerName,
};
use gorules_cases::model::Feature;
use gorules_grammar::KeePlays;
use gorules_vocabulary::{option_arg, KeeOption, YesNo};
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
pub fn missing(case: &KeeCase, check: &KeeCheck, caps: &Capabilities) -> Vec<String> {
    let mut out: Vec<String> = needed_features(case, check)
        .difference(&caps.features)
        .map(|f| f.name().to_string())
        .collect();
    let mut commands = vec![
        "gorules-kee-rules",
        "gorules-kee-board",
        "gorules-kee-setup",
        "gorules-kee-play",
    ];
    match check {
        KeeCheck::Play(_) => commands.push("gorules-kee-position"),
        KeeCheck::Game(_) => commands.extend([
            "gorules-kee-state",
            "gorules-kee-position",
            "gorules-kee-points",
        ]),
        KeeCheck::Value(_) => commands.push("gorules-kee-value"),
    }
    for c in commands {
        if !caps.knows(c) {
            out.push(format!("the command {c}"));
        }
    }
    out
}

/// Runs one Kee check against `engine`.
pub fn run(case: &KeeCase, check: &KeeCheck, engine: &mut Remote) -> Verdict {
    let result = match check {
        KeeCheck::Play(c) => play(case, c, engine),
        KeeCheck::Game(c) => game(case, c, engine),
        KeeCheck::Value(c) => value(case, c, engine),
    };
    match result {
        Ok(problems) if problems.is_empty() => Verdict::Pass,
        Ok(problems) => Verdict::Fail(problems.join("\n")),
        Err(EngineError::OutOfReach(m)) => Verdict::Undecided(m),
        Err(EngineError::Failed(m)) => Verdict::EngineFailure(m),
        Err(e) => Verdict::Fail(e.to_string()),
    }
}

type Found = Result<Vec<String>, EngineError>;

fn refused(what: String) -> EngineError {
    EngineError::Refused(what)
}

/// Sends a command that must succeed.
fn ok(engine: &mut Remote, name: &str, args: &[&str]) -> Result<String, EngineError> {
    let r = engine.kee(name, args)?;
    if r.success {
        Ok(r.text)
    } else {
        Err(refused(format!(
            "`{name} {}` failed: {}",
            args.join(" "),
            r.text
        )))
    }
}

/// PROTO-9.1..9.3: the case's rules, board and position, `first` to play.
fn set_up(engine: &mut Remote, case: &KeeCase, first: PlayerName) -> Result<(), EngineError> {
    let r = case.rules;
    let rules = [
        option_arg(KeeOption::Players, r.players),
        option_arg(KeeOption::Refreshing, YesNo::from(r.refreshing_passes)),
        option_arg(KeeOption::Suicide, r.suicide),
        option_arg(KeeOption::Allied, r.allied_groups),
        option_arg(KeeOption::Scoring, r.scoring),
        option_arg(KeeOption::Passes, r.ko_player_passes),
    ];
    ok(engine, "gorules-kee-rules", &refs(&rules))?;
    let graph = &case.board.graph;
    let board: Vec<String> = match case.board.grid {
        Some((w, h)) => vec!["grid".into(), w.to_string(), h.to_string()],
        None => graph
            .nodes()
            .iter()
            .map(|n| {
                let nb: Vec<&str> = n
                    .neighbours
                    .iter()
                    .map(|&j| graph.nodes()[j].name.as_str())
                    .collect();
                format!("{}:{}", n.name, nb.join(","))
            })
            .collect(),
    };
    ok(engine, "gorules-kee-board", &refs(&board))?;
    let mut setup = vec![format!("first={first}")];
    for p in 0..r.players {
        let stones: Vec<String> = graph
            .nodes()
            .iter()
            .filter(|n| n.stone == Some(p))
            .map(|n| n.name.clone())
            .collect();
        if !stones.is_empty() {
            setup.push(PlayerName(p).to_string());
            setup.extend(stones);
        }
    }
    ok(engine, "gorules-kee-setup", &refs(&setup))?;
    Ok(())
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// The words of a `played ...` answer: `key=value` pairs.
fn fields(text: &str) -> BTreeMap<&str, &str> {
    text.split_whitespace()
        .filter_map(|w| w.split_once('='))
        .collect()
}

/// The stones of `gorules-kee-position` (`NAME=PLAYER ...`), by name.
fn stones_of(text: &str) -> Result<BTreeMap<String, String>, EngineError> {
    text.split_whitespace()
        .map(|w| {
            w.split_once('=')
                .map(|(n, p)| (n.to_string(), p.to_string()))
                .ok_or_else(|| {
                    EngineError::Malformed(format!(
                        "gorules-kee-position answered `{w}`, expected NAME=PLAYER"
                    ))
                })
        })
        .collect()
}

fn expected_stones(b: &KeeBoard) -> BTreeMap<String, String> {
    b.graph
        .nodes()
        .iter()
        .filter_map(|n| n.stone.map(|p| (n.name.clone(), PlayerName(p).to_string())))
        .collect()
}

fn compare_board(
    engine: &mut Remote,
    b: &KeeBoard,
    out: &mut Vec<String>,
) -> Result<(), EngineError> {
    let actual = stones_of(&ok(engine, "gorules-kee-position", &[])?)?;
    let expected = expected_stones(b);
    if actual != expected {
        let show = |m: &BTreeMap<String, String>| {
            if m.is_empty() {
                "(no stones)".to_string()
            } else {
                m.iter()
                    .map(|(n, p)| format!("{n}={p}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        out.push(format!(
            "board after the plays:\n  expected {}\n  actual   {}",
            show(&expected),
            show(&actual)
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

/// CASE-8.3.1.
fn play(case: &KeeCase, c: &KeePlayCheck, engine: &mut Remote) -> Found {
    set_up(engine, case, c.player)?;
    let r = engine.kee("gorules-kee-play", &[&c.at])?;
    let mut out = Vec::new();
    if !r.success {
        let reason = r.text.trim().strip_prefix("illegal ").map(str::trim);
        match (c.legal, reason.and_then(KeeReason::parse)) {
            (true, _) => out.push(format!(
                "expected the play at {} to be legal; the engine refused it: {}",
                c.at, r.text
            )),
            (false, Some(got)) if Some(got) != c.reason => out.push(format!(
                "reason: expected {}, actual {}",
                c.reason.map_or("-", KeeReason::name),
                got.name()
            )),
            (false, Some(_)) => {}
            (false, None) => out.push(format!(
                "the engine refused the play with `{}`, expected `illegal REASON`",
                r.text
            )),
        }
        return Ok(out);
    }
    if !c.legal {
        out.push(format!(
            "expected the play at {} to be refused ({}); the engine made it: {}",
            c.at,
            c.reason.map_or("-", KeeReason::name),
            r.text
        ));
        return Ok(out);
    }
    let f = fields(&r.text);
    if let Some(want) = c.enclosing {
        if f.get("enclosing") != Some(&yes(want)) {
            out.push(format!(
                "enclosing: expected {}, actual {}",
                yes(want),
                f.get("enclosing").unwrap_or(&"(not said)")
            ));
        }
    }
    if let Some(want) = c.suicidal {
        if f.get("suicidal") != Some(&yes(want)) {
            out.push(format!(
                "suicidal: expected {}, actual {}",
                yes(want),
                f.get("suicidal").unwrap_or(&"(not said)")
            ));
        }
    }
    if let Some(want) = &c.removed {
        let want: BTreeSet<&str> = want.iter().map(String::as_str).collect();
        let got: BTreeSet<&str> = f
            .get("removed")
            .map(|s| s.split(',').filter(|x| !x.is_empty()).collect())
            .unwrap_or_default();
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

/// What a line of plays did: the prohibitions seen, and the refusal that stopped it (play number, text).
type Made = (Vec<ExpectedProhibition>, Option<(usize, String)>);

/// Plays `plays` one by one; `Ok(Err(problem))` for an answer that cannot be read, `Err` if the engine failed.
fn make_plays(engine: &mut Remote, plays: &KeePlays) -> Result<Result<Made, String>, EngineError> {
    let mut seen = Vec::new();
    for (i, p) in plays.plays.iter().enumerate() {
        let word = p.to_string();
        let r = engine.kee("gorules-kee-play", &[&word])?;
        if !r.success {
            return Ok(Ok((seen, Some((i + 1, r.text)))));
        }
        if let Some(v) = fields(&r.text).get("prohibited") {
            let parsed = v.split_once(':').and_then(|(p, c)| {
                Some(ExpectedProhibition {
                    at: i + 1,
                    player: PlayerName::parse(p)?,
                    condition: match c {
                        "primary" => KoConditionName::Primary,
                        "secondary" => KoConditionName::Secondary,
                        _ => return None,
                    },
                })
            });
            match parsed {
                Some(x) => seen.push(x),
                None => {
                    return Ok(Err(format!(
                        "play {} ({word}): cannot read `prohibited={v}`",
                        i + 1
                    )))
                }
            }
        }
    }
    Ok(Ok((seen, None)))
}

/// CASE-8.3.2.
fn game(case: &KeeCase, g: &KeeGameCheck, engine: &mut Remote) -> Found {
    set_up(engine, case, case.to_play.unwrap_or(PlayerName(0)))?;
    let mut out = Vec::new();
    let (seen, refusal) = match make_plays(engine, &g.plays.0)? {
        Ok(x) => x,
        Err(m) => return Ok(vec![m]),
    };
    match (&g.refused, &refusal) {
        (None, Some((n, text))) => out.push(format!(
            "play {n} ({}) was refused: {text}",
            g.plays.0.plays[n - 1]
        )),
        (Some(r), None) => out.push(format!(
            "play {} should be refused ({}); the engine made it",
            r.at,
            r.reason.name()
        )),
        (Some(r), Some((n, text))) => {
            let got = text
                .trim()
                .strip_prefix("illegal ")
                .and_then(|w| KeeReason::parse(w.trim()));
            if *n != r.at || got != Some(r.reason) {
                out.push(format!(
                    "expected play {} refused ({}); actual: play {n} refused with `{text}`",
                    r.at,
                    r.reason.name()
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
    let state = ok(engine, "gorules-kee-state", &[])?;
    let words: Vec<&str> = state.split_whitespace().collect();
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
            .copied()
    };
    let end = after("end").and_then(KeeEndName::parse);
    if end != Some(g.end) {
        out.push(format!(
            "end: expected {}, actual {}",
            g.end.name(),
            after("end").unwrap_or("(not said)")
        ));
    }
    if let Some(p) = g.to_play {
        if after("to-play") != Some(p.name()) {
            out.push(format!(
                "to play: expected {p}, actual {}",
                after("to-play").unwrap_or("(not said)")
            ));
        }
    }
    if let Some(b) = &g.after {
        compare_board(engine, b, &mut out)?;
    }
    if g.points.is_some() || g.ranking.is_some() {
        let text = ok(engine, "gorules-kee-points", &[])?;
        let (points, ranking) = text.split_once("ranking").unwrap_or((&text, ""));
        if let Some(want) = &g.points {
            let got: BTreeMap<&str, &str> = fields(points);
            for (p, n) in want {
                let n = n.to_string();
                if got.get(p.name()) != Some(&n.as_str()) {
                    out.push(format!(
                        "points of {p}: expected {n}, actual {}",
                        got.get(p.name()).unwrap_or(&"(not said)")
                    ));
                }
            }
        }
        if let Some(want) = &g.ranking {
            let want: Vec<String> = want
                .iter()
                .map(|grp| {
                    grp.iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect();
            let got: Vec<String> = ranking.split_whitespace().map(str::to_string).collect();
            if want != got {
                out.push(format!(
                    "ranking: expected {}, actual {}",
                    want.join(" "),
                    got.join(" ")
                ));
            }
        }
    }
    Ok(out)
}

/// PROTO-9.8: what `gorules-kee-value` answered.
#[derive(Debug, PartialEq)]
enum Answer {
    /// The value, and how it was found (nodes and line), for messages.
    Value(i32, String),
    /// PROTO-7.2: out of reach: the bounds the engine proved (if it gave them) and the nodes it visited.
    OutOfReach {
        bounds: Option<(i32, i32)>,
        nodes: String,
    },
}

/// PROTO-9.8: the value from the state reached by `after` and then `then`.
fn value_after(
    engine: &mut Remote,
    case: &KeeCase,
    after: Option<&KeePlays>,
    then: Option<&str>,
) -> Result<Result<Answer, String>, EngineError> {
    set_up(engine, case, case.to_play.unwrap_or(PlayerName(0)))?;
    let mut plays = after.cloned().unwrap_or_default();
    if let Some(t) = then {
        match KeePlays::parse(t) {
            Ok(p) => plays.plays.extend(p.plays),
            Err(e) => return Ok(Err(format!("reply `{t}`: {e}"))),
        }
    }
    match make_plays(engine, &plays)? {
        Err(m) => return Ok(Err(m)),
        Ok((_, Some((n, text)))) => return Ok(Err(format!("play {n} was refused: {text}"))),
        Ok(_) => {}
    }
    let nodes = engine.solver_nodes.map(|n| n.to_string());
    let args: Vec<&str> = nodes.iter().map(String::as_str).collect();
    let r = engine.send_searching("gorules-kee-value", &args)?;
    if !r.success {
        return Ok(Err(format!("gorules-kee-value failed: {}", r.text)));
    }
    Ok(read_value(&r.text))
}

/// PROTO-9.8: reads an answer of `gorules-kee-value`: a value, or out of reach with the bounds proven (if any)
/// and, optionally, the limit that stopped the search (PROTO-3.15); anything else is described as an error.
fn read_value(text: &str) -> Result<Answer, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let garbled = || Err(format!("gorules-kee-value answered `{text}`"));
    match words.as_slice() {
        ["value", v, "nodes", n, rest @ ..] => match v.parse() {
            Ok(v) => Ok(Answer::Value(
                v,
                format!(
                    "{n} nodes; line: {}",
                    rest.iter().skip(1).copied().collect::<Vec<_>>().join(" ")
                ),
            )),
            Err(_) => garbled(),
        },
        ["out-of-reach", "nodes", n, "low", low, "high", high, limit @ ..]
            if matches!(limit, [] | ["limit", _]) =>
        {
            match (low.parse::<i32>(), high.parse::<i32>()) {
                (Ok(low), Ok(high)) if low <= high => Ok(Answer::OutOfReach {
                    bounds: Some((low, high)),
                    nodes: match limit {
                        ["limit", l] if *l != "nodes" => format!("{n} (stopped by its {l} limit)"),
                        _ => n.to_string(),
                    },
                }),
                _ => garbled(),
            }
        }
        // An engine that gives no bounds.
        ["out-of-reach", "nodes", n] => Ok(Answer::OutOfReach {
            bounds: None,
            nodes: n.to_string(),
        }),
        _ => Err(format!(
            "gorules-kee-value answered `{text}`, expected `value V nodes N line ...` or `out-of-reach nodes N low L \
             high H [limit nodes|time|depth]`"
        )),
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
    Undecided(String),
}

fn judge(label: &str, want: i32, answer: Answer) -> Judged {
    match answer {
        Answer::Value(got, how) if got != want => {
            Judged::Wrong(format!("{label}: expected {want}, actual {got} ({how})"))
        }
        Answer::Value(..) => Judged::Holds,
        Answer::OutOfReach {
            bounds: Some((low, high)),
            nodes,
        } if want < low || want > high => Judged::Wrong(format!(
            "{label}: expected {want}, but the engine proved {low} <= value <= {high} ({nodes} nodes)"
        )),
        Answer::OutOfReach {
            bounds: Some((low, high)),
            ..
        } if low == high => Judged::Holds,
        Answer::OutOfReach { bounds, nodes } => Judged::Undecided(match bounds {
            Some((low, high)) => {
                format!("{label}: {low} <= value <= {high} after {nodes} nodes (claimed {want})")
            }
            None => format!("{label}: out of reach after {nodes} nodes (claimed {want})"),
        }),
    }
}

/// CASE-8.3.3: the value, and the value after each reply. A value out of reach leaves its claim undecided
/// (PROTO-7.2), unless the bounds the engine proved exclude the claim: then it fails.
fn value(case: &KeeCase, v: &KeeValueCheck, engine: &mut Remote) -> Found {
    let mut out = Vec::new();
    let mut undecided = Vec::new();
    let after = v.after.as_ref().map(|a| &a.0);
    let mut claims: Vec<(String, Option<&str>, i32)> = vec![("value".into(), None, v.value)];
    for (reply, want) in &v.replies {
        claims.push((format!("value after {reply}"), Some(reply.as_str()), *want));
    }
    for (label, reply, want) in claims {
        match value_after(engine, case, after, reply)? {
            Err(m) => out.push(m),
            Ok(answer) => match judge(&label, want, answer) {
                Judged::Holds => {}
                Judged::Wrong(m) => out.push(m),
                Judged::Undecided(m) => undecided.push(m),
            },
        }
    }
    if out.is_empty() && !undecided.is_empty() {
        return Err(EngineError::OutOfReach(undecided.join("; ")));
    }
    if !undecided.is_empty() {
        out.push(format!("undecided besides: {}", undecided.join("; ")));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{judge, read_value, Answer, Judged};

    #[test]
    fn value_answers_are_read_with_or_without_the_limit() {
        assert_eq!(
            read_value("out-of-reach nodes 7 low -1 high 2 limit time"),
            Ok(Answer::OutOfReach {
                bounds: Some((-1, 2)),
                nodes: "7 (stopped by its time limit)".into()
            })
        );
        assert_eq!(
            read_value("out-of-reach nodes 7 low -1 high 2 limit nodes"),
            read_value("out-of-reach nodes 7 low -1 high 2")
        );
        assert!(read_value("out-of-reach nodes 7 low -1 high 2 limit").is_err());
        assert!(read_value("out-of-reach nodes 7 low 3 high 2").is_err());
        assert_eq!(
            read_value("value 0 nodes 9 line A1 pass"),
            Ok(Answer::Value(0, "9 nodes; line: A1 pass".into()))
        );
    }

    fn out_of_reach(low: i32, high: i32) -> Answer {
        Answer::OutOfReach {
            bounds: Some((low, high)),
            nodes: "5".into(),
        }
    }

    #[test]
    fn bounds_decide_only_when_they_exclude_the_claim_or_meet() {
        assert_eq!(
            judge("value", 0, Answer::Value(0, String::new())),
            Judged::Holds
        );
        assert!(matches!(
            judge("value", 1, Answer::Value(0, String::new())),
            Judged::Wrong(_)
        ));
        assert_eq!(
            judge("value", 0, out_of_reach(-4, 4)),
            Judged::Undecided("value: -4 <= value <= 4 after 5 nodes (claimed 0)".into())
        );
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
                Answer::OutOfReach {
                    bounds: None,
                    nodes: "5".into()
                }
            ),
            Judged::Undecided(_)
        ));
    }
}
