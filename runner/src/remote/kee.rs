//! PROTO-9: the Kee commands (`gorules-kee-*`): the case's rules, board and position written as their
//! arguments, and their answers read into [`crate::engine`]'s Kee terms.

use super::Remote;
use crate::engine::{
    Capabilities, EngineError, KeeEngine, KeeMade, KeePlayed, KeePoints, KeeState, KeeValue,
    Malformed, Said,
};
use gorules_cases::kee::{KeeCase, KeeCheck, KeeEndName, KeeReason, KoConditionName, PlayerName};
use gorules_vocabulary::{option_arg, KeeOption, YesNo};
use std::collections::BTreeMap;

impl Remote {
    /// Sends a Kee command that must succeed.
    fn kee_ok(&mut self, name: &str, args: &[&str]) -> Result<String, EngineError> {
        let timeout = self.timeout;
        self.gtp()?.ok_within(name, args, timeout)
    }
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// PROTO-9.1: the rules' arguments.
fn rules_args(case: &KeeCase) -> Vec<String> {
    let r = case.rules;
    vec![
        option_arg(KeeOption::Players, r.players),
        option_arg(KeeOption::Refreshing, YesNo::from(r.refreshing_passes)),
        option_arg(KeeOption::Suicide, r.suicide),
        option_arg(KeeOption::Allied, r.allied_groups),
        option_arg(KeeOption::Scoring, r.scoring),
        option_arg(KeeOption::Passes, r.ko_player_passes),
    ]
}

/// PROTO-9.2: the board's arguments: `grid W H`, or each intersection with its neighbours.
fn board_args(case: &KeeCase) -> Vec<String> {
    let graph = &case.board.graph;
    match case.board.grid {
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
    }
}

/// PROTO-9.3: the position's arguments: who plays first, then each player's stones.
fn setup_args(case: &KeeCase, first: PlayerName) -> Vec<String> {
    let graph = &case.board.graph;
    let mut setup = vec![format!("first={first}")];
    for p in 0..case.rules.players {
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
    setup
}

/// The words of an answer that are `key=value` pairs.
fn fields(text: &str) -> BTreeMap<&str, &str> {
    text.split_whitespace()
        .filter_map(|w| w.split_once('='))
        .collect()
}

fn yes_no(w: &str) -> Option<bool> {
    match w {
        "yes" => Some(true),
        "no" => Some(false),
        _ => None,
    }
}

/// PROTO-9.4: `played ...` fields.
fn read_made(text: &str) -> KeeMade {
    let f = fields(text);
    let said = |k: &str| f.get(k).map(|v| Said::read(v, yes_no));
    KeeMade {
        enclosing: said("enclosing"),
        suicidal: said("suicidal"),
        removed: f
            .get("removed")
            .map(|s| {
                s.split(',')
                    .filter(|x| !x.is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default(),
        prohibited: f.get("prohibited").map(|v| {
            Said::read(v, |v| {
                let (p, c) = v.split_once(':')?;
                let condition = match c {
                    "primary" => KoConditionName::Primary,
                    "secondary" => KoConditionName::Secondary,
                    _ => return None,
                };
                Some((PlayerName::parse(p)?, condition))
            })
        }),
        text: text.to_string(),
    }
}

/// PROTO-9.8: reads an answer of `gorules-kee-value`: a value, or out of reach with the bounds proven (if any)
/// and, optionally, the limit that stopped the search (PROTO-3.15).
fn read_value(text: &str) -> Result<KeeValue, Malformed> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let garbled = |expected: Option<String>| Malformed::Answer {
        command: "gorules-kee-value".into(),
        answer: text.to_string(),
        expected,
    };
    match words.as_slice() {
        ["value", v, "nodes", n, rest @ ..] => match (v.parse(), n.parse()) {
            (Ok(value), Ok(nodes)) => Ok(KeeValue::Value {
                value,
                nodes,
                line: rest.iter().skip(1).copied().collect::<Vec<_>>().join(" "),
            }),
            _ => Err(garbled(None)),
        },
        ["out-of-reach", "nodes", n, "low", low, "high", high, limit @ ..]
            if matches!(limit, [] | ["limit", _]) =>
        {
            match (low.parse::<i32>(), high.parse::<i32>(), n.parse()) {
                (Ok(low), Ok(high), Ok(nodes)) if low <= high => Ok(KeeValue::OutOfReach {
                    bounds: Some((low, high)),
                    nodes,
                    limit: match limit {
                        ["limit", l] if *l != "nodes" => Some(l.to_string()),
                        _ => None,
                    },
                }),
                _ => Err(garbled(None)),
            }
        }
        // An engine that gives no bounds.
        ["out-of-reach", "nodes", n] => match n.parse() {
            Ok(nodes) => Ok(KeeValue::OutOfReach {
                bounds: None,
                nodes,
                limit: None,
            }),
            Err(_) => Err(garbled(None)),
        },
        _ => Err(garbled(Some(
            "`value V nodes N line ...` or `out-of-reach nodes N low L high H [limit nodes|time|depth]`"
                .into(),
        ))),
    }
}

impl KeeEngine for Remote {
    fn capabilities(&self) -> &Capabilities {
        &self.capabilities
    }

    fn kee_lacks(&self, check: &KeeCheck) -> Vec<String> {
        super::needs::kee(check, &self.capabilities)
    }

    fn kee_set_up(&mut self, case: &KeeCase, first: PlayerName) -> Result<(), EngineError> {
        self.kee_ok("gorules-kee-rules", &refs(&rules_args(case)))?;
        self.kee_ok("gorules-kee-board", &refs(&board_args(case)))?;
        self.kee_ok("gorules-kee-setup", &refs(&setup_args(case, first)))?;
        Ok(())
    }

    fn kee_play(&mut self, play: &str) -> Result<KeePlayed, EngineError> {
        let timeout = self.timeout;
        let r = self
            .gtp()?
            .send_within("gorules-kee-play", &[play], timeout)?;
        if !r.success {
            let reason = r.text.trim().strip_prefix("illegal ").map(str::trim);
            return Ok(KeePlayed::Refused(Said {
                value: reason.and_then(KeeReason::parse),
                text: r.text,
            }));
        }
        Ok(KeePlayed::Made(read_made(&r.text)))
    }

    fn kee_position(&mut self) -> Result<BTreeMap<String, Said<PlayerName>>, EngineError> {
        let text = self.kee_ok("gorules-kee-position", &[])?;
        text.split_whitespace()
            .map(|w| {
                w.split_once('=')
                    .map(|(n, p)| (n.to_string(), Said::read(p, PlayerName::parse)))
                    .ok_or_else(|| {
                        EngineError::Malformed(Malformed::Answer {
                            command: "gorules-kee-position".into(),
                            answer: w.to_string(),
                            expected: Some("NAME=PLAYER".into()),
                        })
                    })
            })
            .collect()
    }

    fn kee_state(&mut self) -> Result<KeeState, EngineError> {
        let text = self.kee_ok("gorules-kee-state", &[])?;
        let words: Vec<&str> = text.split_whitespace().collect();
        let after = |key: &str| {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|i| words.get(i + 1))
                .copied()
        };
        Ok(KeeState {
            end: after("end").map(|w| Said::read(w, KeeEndName::parse)),
            to_play: after("to-play").map(|w| Said::read(w, PlayerName::parse)),
        })
    }

    fn kee_points(&mut self) -> Result<KeePoints, EngineError> {
        let text = self.kee_ok("gorules-kee-points", &[])?;
        let (points, ranking) = text.split_once("ranking").unwrap_or((&text, ""));
        let words: Vec<&str> = ranking.split_whitespace().collect();
        let groups: Option<Vec<Vec<PlayerName>>> = words
            .iter()
            .map(|g| g.split(',').map(PlayerName::parse).collect())
            .collect();
        Ok(KeePoints {
            points: fields(points)
                .into_iter()
                .map(|(p, n)| (p.to_string(), Said::read(n, |n| n.parse().ok())))
                .collect(),
            ranking: Said {
                value: groups,
                text: words.join(" "),
            },
        })
    }

    fn kee_value(&mut self) -> Result<KeeValue, EngineError> {
        let nodes = self.solver_nodes.map(|n| n.to_string());
        let args: Vec<&str> = nodes.iter().map(String::as_str).collect();
        let r = self.send_searching("gorules-kee-value", &args)?;
        if !r.success {
            return Err(EngineError::Malformed(Malformed::Refused {
                command: "gorules-kee-value".into(),
                text: r.text,
            }));
        }
        read_value(&r.text).map_err(EngineError::Malformed)
    }
}

#[cfg(test)]
mod tests {
    use super::read_value;
    use crate::engine::KeeValue;

    #[test]
    fn value_answers_are_read_with_or_without_the_limit() {
        assert_eq!(
            read_value("out-of-reach nodes 7 low -1 high 2 limit time"),
            Ok(KeeValue::OutOfReach {
                bounds: Some((-1, 2)),
                nodes: 7,
                limit: Some("time".into()),
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
            Ok(KeeValue::Value {
                value: 0,
                nodes: 9,
                line: "A1 pass".into()
            })
        );
    }
}
