//! PROTO-14: seed 004's ko-intersections (spec/ko-definitions.md) of the current position, and the forcing
//! questions that explain them.

use super::limits::limit_hit;
use super::words::{number, parse_move, syntax, vertex, vertices, word_error, Reply};
use super::Session;
use crate::allowance::Deadline;
use crate::board::{Point, PointSet};
use crate::ko::HistoryBans;
use crate::kodef::{
    basic_ko_intersections, explain_answer_force, explain_force, global_ko_intersection,
    local_ko_intersections, Allowance, Arena, Cycles, Duty, LineEnd, OutOfReach, DEFAULT_NODES,
    PLAIN_FIRST,
};
use crate::moves::Move;
use crate::naj::score::Points;
use crate::position::Position;
use gorules_grammar::gtp::Command;
use gorules_vocabulary::{DutyKind, ForceQuestion, KoIntersectionKind};

/// PROTO-14: `gorules-ko-intersections KIND [KOMI] VERTEX... [asking VERTEX...]`: the vertices of the region
/// (KODEF-R15), or of those asked about, that are ko-intersections of KIND (`basic`, `local`, `global`; KOMI,
/// Black's, for `global` only) in the current position, under the ruleset's suicide rule and KODEF readings, the
/// player to move answer-forcing for `global` under the history-bans the moves of the current move-sequence give
/// (KODEF-R13); or
/// `out-of-reach nodes=N limit=nodes|time` when a search passes its allowance (ten million nodes a point, and
/// the session's time allowance).
pub(super) fn ko_intersections(s: &mut Session, cmd: &Command) -> Reply {
    let q = question(s, cmd)?;
    let (kind, komi, position, asked, arena) = (q.kind, q.komi, &q.position, &q.asked, &q.arena);
    let g = s.game.as_sequence();
    let readings = g.ruleset.kodef;
    let (max_nodes, deadline, allowance) = (DEFAULT_NODES, q.deadline, q.allowance());
    let out_of_reach = |o: OutOfReach| out_of_reach(o, max_nodes, deadline);
    let mut found = PointSet::empty(position.board());
    match kind {
        KoIntersectionKind::Basic => {
            let basic = basic_ko_intersections(&g.sequence, readings.basic_ko);
            for point in asked.iter().filter(|&p| basic.contains(p)) {
                found.insert(point);
            }
        }
        KoIntersectionKind::Local => {
            let asked_points: Vec<Point> = asked.iter().collect();
            match local_ko_intersections(arena, position, &asked_points, allowance) {
                Ok(answers) => {
                    for (point, _) in answers.iter().filter(|(_, w)| w.is_some()) {
                        found.insert(*point);
                    }
                }
                Err(o) => return Ok(out_of_reach(o)),
            }
        }
        KoIntersectionKind::Global => {
            let to_move = g.sequence.to_move();
            for point in asked.iter() {
                match global_ko_intersection(arena, position, to_move, komi, point, allowance) {
                    Ok(true) => {
                        found.insert(point);
                    }
                    Ok(false) => {}
                    Err(o) => return Ok(out_of_reach(o)),
                }
            }
        }
    }
    Ok(vertices(position, &found))
}

/// PROTO-14.1, PROTO-14.3: a ko-intersection question as `gorules-ko-intersections` and `gorules-ko-witness` take
/// it: the kind, Black's komi (global only), the current position, the region, the intersections asked about and
/// the arena of the search.
struct Question {
    kind: KoIntersectionKind,
    komi: Points,
    position: Position,
    asked: PointSet,
    arena: Arena,
    deadline: Deadline,
}

impl Question {
    /// PROTO-14: ten million nodes a point, and the session's time.
    fn allowance(&self) -> Allowance {
        allowance(self.deadline)
    }
}

/// PROTO-14: the allowance of one search: ten million nodes, and the session's time (until `deadline`).
fn allowance(deadline: Deadline) -> Allowance {
    Allowance {
        nodes: DEFAULT_NODES,
        deadline,
        plain_first: PLAIN_FIRST,
    }
}

/// PROTO-14, KODEF-1.4: the arena of a question with plays on `region` in the current move-sequence: the
/// ruleset's suicide rule and readings, and, for a global question only, the history-bans its moves give.
fn arena_of(s: &Session, region: PointSet, global: bool) -> Arena {
    let g = s.game.as_sequence();
    let readings = g.ruleset.kodef;
    Arena {
        suicide: g.ruleset.sequence_rules().suicide,
        region,
        readings,
        history_bans: if global {
            readings.history_bans.bans_of(&g.sequence)
        } else {
            HistoryBans::NONE
        },
    }
}

/// PROTO-14.1: reads `KIND [KOMI] VERTEX... [asking VERTEX...]` against the current move-sequence.
fn question(s: &Session, cmd: &Command) -> Result<Question, String> {
    let usage = "a kind (basic, local or global), Black's komi for global, the region's vertices, and optionally \
                 `asking` and the vertices asked about";
    let (kind, rest) = cmd.args.split_first().ok_or_else(|| syntax(usage))?;
    let kind: KoIntersectionKind = kind.parse().map_err(word_error)?;
    let (komi, region_words) = match kind {
        KoIntersectionKind::Global => {
            let (komi, rest) = rest.split_first().ok_or_else(|| syntax(usage))?;
            (number::<Points>(komi, "komi")?, rest)
        }
        _ => (Points::ZERO, rest),
    };
    // PROTO-14.1: `asking VERTEX...` after the region names the intersections asked about.
    let (region_words, asked_words) = match region_words.iter().position(|w| w == "asking") {
        Some(at) => (&region_words[..at], Some(&region_words[at + 1..])),
        None => (region_words, None),
    };
    if region_words.is_empty() || asked_words.is_some_and(<[String]>::is_empty) {
        return Err(syntax(usage));
    }
    let deadline = Deadline::after(s.time_limit);
    let g = s.game.as_sequence();
    let position = g.position().clone();
    let region = region_of(&position, region_words)?;
    let asked = match asked_words {
        Some(words) => {
            let asked = region_of(&position, words)?;
            if asked.iter().any(|p| !region.contains(p)) {
                return Err(syntax(
                    "the intersections asked about (after `asking`) inside the region",
                ));
            }
            asked
        }
        None => region.clone(),
    };
    let arena = arena_of(s, region, kind == KoIntersectionKind::Global);
    Ok(Question {
        kind,
        komi,
        position,
        asked,
        arena,
        deadline,
    })
}

/// PROTO-14.3: `gorules-ko-witness KIND [KOMI] VERTEX... asking VERTEX`: why the one intersection asked about is, or
/// is not, a ko-intersection of KIND (`local` or `global`) as `gorules-ko-intersections` asks it. `local`:
/// `no`, or `yes first=COLOR zone=V,... start=ROWS shows=cycle line=M,...`: a start-position, first mover and
/// cycle-set that make it one (KODEF-6.2), with the line that explains the answer-force from there (KODEF-4.6).
/// `global`: `yes|no shows=WORD line=M,...`, the answer-force of the player to move with its line. ROWS is the
/// position as `gorules-setup` writes it (`X`, `O`, `.`, rows from the top joined by `/`).
pub(super) fn ko_witness(s: &mut Session, cmd: &Command) -> Reply {
    let q = question(s, cmd)?;
    let mut asked = q.asked.iter();
    let (Some(point), None) = (asked.next(), asked.next()) else {
        return Err(syntax("one intersection asked about (after `asking`)"));
    };
    let allowance = q.allowance();
    let reach = |o: OutOfReach| out_of_reach(o, DEFAULT_NODES, q.deadline);
    let to_move = s.game.as_sequence().sequence.to_move();
    match q.kind {
        KoIntersectionKind::Basic => Err(syntax(
            "a kind with a witness (local or global): basic-ko-intersections are read off the shape",
        )),
        KoIntersectionKind::Local => {
            let witness = match local_ko_intersections(&q.arena, &q.position, &[point], allowance) {
                Ok(mut answers) => answers.pop().and_then(|(_, w)| w),
                Err(o) => return Ok(reach(o)),
            };
            let Some(w) = witness else {
                return Ok("no".to_string());
            };
            let duty = Duty::NoLocalAreaImprovement {
                zone: w.zone.clone(),
            };
            let cycles = Cycles {
                current: q.position.clone(),
                zone: Some(w.zone.clone()),
                point: Some(point),
            };
            let explained =
                match explain_answer_force(&q.arena, &w.start, w.first, &duty, &cycles, allowance) {
                    Ok(e) => e,
                    Err(o) => return Ok(reach(o)),
                };
            let zone: Vec<String> = w.zone.iter().map(|p| vertex(&q.position, p)).collect();
            let rows: Vec<String> = w
                .start
                .rows()
                .iter()
                .map(|row| row.replace('#', "X"))
                .collect();
            Ok(format!(
                "yes first={} zone={} start={} shows={} line={}",
                w.first.name(),
                zone.join(","),
                rows.join("/"),
                shows_word(explained.shows),
                line_words(&q.position, &explained.line).join(",")
            ))
        }
        KoIntersectionKind::Global => {
            let duty = Duty::NoWin { komi: q.komi };
            let cycles = Cycles {
                current: q.position.clone(),
                zone: None,
                point: Some(point),
            };
            let explained =
                match explain_answer_force(&q.arena, &q.position, to_move, &duty, &cycles, allowance) {
                    Ok(e) => e,
                    Err(o) => return Ok(reach(o)),
                };
            Ok(format!(
                "{} shows={} line={}",
                if explained.yes { "yes" } else { "no" },
                shows_word(explained.shows),
                line_words(&q.position, &explained.line).join(",")
            ))
        }
    }
}

/// PROTO-14.2: the word for what the end of an explaining line shows.
fn shows_word(shows: LineEnd) -> &'static str {
    match shows {
        LineEnd::DutyKept => gorules_vocabulary::LineEnd::Kept,
        LineEnd::DutyBroken => gorules_vocabulary::LineEnd::Broken,
        LineEnd::CycleWithDutyKept => gorules_vocabulary::LineEnd::Cycle,
        LineEnd::DutyKeptWithoutCycle => gorules_vocabulary::LineEnd::NoCycle,
    }
    .name()
}

/// PROTO-14.2: the moves of an explaining line as vertices and `pass`.
fn line_words(position: &Position, line: &[Move]) -> Vec<String> {
    line.iter()
        .map(|mv| match mv {
            Move::Play(point) => vertex(position, *point),
            Move::Pass => "pass".to_string(),
        })
        .collect()
}

/// PROTO-14.2: `gorules-force QUESTION DUTY [KOMI] VERTEX...`: the forcing question (`force`, KODEF-4.1, or
/// `answer-force`, KODEF-4.5) from the current position, the player to move moving first, plays restricted to the
/// region, the duty `local` (no local-area-improvement on the region) or `global` (no win at Black's KOMI), the
/// wanted cycles those whose cycle-set is the region, under the ruleset's KODEF readings (and, for a `global`
/// duty, the history-bans of KODEF-R13); answered `yes` or `no`, what the line's end shows, and the line
/// (KODEF-4.6); or `out-of-reach nodes=N limit=nodes|time` past ten million nodes or the session's time.
pub(super) fn force(s: &mut Session, cmd: &Command) -> Reply {
    let usage = "a question (force or answer-force), a duty (local or global), Black's komi for global, and the \
                 region's vertices";
    let [question, duty, rest @ ..] = cmd.args.as_slice() else {
        return Err(syntax(usage));
    };
    let question: ForceQuestion = question.parse().map_err(word_error)?;
    let duty_kind: DutyKind = duty.parse().map_err(word_error)?;
    let (komi, region_words) = match duty_kind {
        DutyKind::Global => {
            let (komi, rest) = rest.split_first().ok_or_else(|| syntax(usage))?;
            (Some(number::<Points>(komi, "komi")?), rest)
        }
        DutyKind::Local => (None, rest),
    };
    if region_words.is_empty() {
        return Err(syntax(usage));
    }
    let deadline = Deadline::after(s.time_limit);
    let g = s.game.as_sequence();
    let position = g.position().clone();
    let region = region_of(&position, region_words)?;
    let arena = arena_of(s, region.clone(), duty_kind == DutyKind::Global);
    let duty = match komi {
        Some(komi) => Duty::NoWin { komi },
        None => Duty::NoLocalAreaImprovement {
            zone: region.clone(),
        },
    };
    let cycles = Cycles {
        current: position.clone(),
        zone: Some(region),
        point: None,
    };
    let allowance = allowance(deadline);
    let first = g.sequence.to_move();
    let answer = match question {
        ForceQuestion::Force => explain_force(&arena, &position, first, &duty, allowance),
        ForceQuestion::AnswerForce => {
            explain_answer_force(&arena, &position, first, &duty, &cycles, allowance)
        }
    };
    let explained = match answer {
        Ok(e) => e,
        Err(o) => return Ok(out_of_reach(o, DEFAULT_NODES, deadline)),
    };
    let mut words = vec![
        if explained.yes { "yes" } else { "no" }.to_string(),
        shows_word(explained.shows).to_string(),
    ];
    words.extend(line_words(&position, &explained.line));
    Ok(words.join(" "))
}

/// KODEF-R15: the region named by `words`, vertices of `position`'s board.
fn region_of(position: &Position, words: &[String]) -> Result<PointSet, String> {
    let mut region = PointSet::empty(position.board());
    for word in words {
        match parse_move(position, word)? {
            Move::Play(point) => {
                region.insert(point);
            }
            Move::Pass => return Err(syntax("vertices, not `pass`")),
        }
    }
    Ok(region)
}

/// PROTO-14: the answer of a search past its allowance.
fn out_of_reach(o: OutOfReach, max_nodes: u64, deadline: Deadline) -> String {
    format!(
        "out-of-reach nodes={} limit={}",
        o.nodes,
        limit_hit(o.nodes, max_nodes, deadline)
    )
}
