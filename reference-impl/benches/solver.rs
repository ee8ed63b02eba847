//! The solver on every NAJ best-play claim of the cases (not a test: it only measures and reports).
//!
//! `cargo bench -p gorules-ref --bench solver [-- <case-id filter> [<check-name filter>]]` loads the suite with
//! `gorules-cases`, turns each case into the semantics' types with `gorules-bridge`, and for each `best_play` check
//! (CASE-4.6) and each `game` check whose analyses are missing or end in `..` (CASE-4.7) solves the value
//! (spec/solver.md) and prints the claim beside it, with nodes and time. Principal variations are printed in GTP
//! vertices (columns A.. without I, row 1 at the bottom). Claims are the source's, before errata: the point is to
//! find where the solver and the source differ.

use std::path::Path;
use std::time::Instant;

use gorules_bridge as bridge;
use gorules_cases::model::{self, Check, Phase as CasePhase};
use gorules_cases::moves::MovesSpec;
use gorules_cases::{LoadedCase, Suite};
use gorules_ref::naj::game::{replay, Analyses, Analysis, Phase};
use gorules_ref::naj::solver::{
    alternation_value_near, analysis_value_after, analysis_value_near, Limits, SolveError, Solved,
    Tuning, Widening,
};
use gorules_ref::{ByColor, Color, Move, Position, Ruleset};

/// The node allowance of each solve (`SOLVER_NODES` in the environment overrides it), with the effort settings
/// `tuning` (SOLVER-3.9).
fn limits(tuning: Tuning) -> Limits {
    let max_nodes = std::env::var("SOLVER_NODES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(30_000_000);
    Limits {
        max_nodes,
        tuning,
        ..Limits::default()
    }
}

/// One thing to solve: a phase from a position after some moves, and the claims it answers.
struct Claim {
    case: String,
    check: String,
    phase: &'static str,
    claims: Vec<(String, i64)>,
    ruleset: Ruleset,
    start: Position,
    to_move: Color,
    prisoners: ByColor<u64>,
    /// For a `game` check: the alternation (if any), then the analyses played on at best play.
    kind: Kind,
}

enum Kind {
    /// CASE-4.6: a value in one phase after some moves.
    BestPlay { phase: CasePhase, after: Vec<Move> },
    /// CASE-4.7: a game whose analyses (given in part or not at all) are finished at best play.
    Game {
        alternation: Option<Vec<Move>>,
        black: Option<Vec<Move>>,
        white: Option<Vec<Move>>,
        single: Option<Vec<Move>>,
    },
}

/// SOLVER-3.9: the settings of the "now" column: the default ([`Tuning::INFORMED`] since 2026-11-27), or
/// `SOLVER_TUNING=plain` for [`Tuning::PLAIN`], or `SOLVER_TUNING=ε%,allowance,key[,zone[,nodenial]]` (for example `100,64,immortal` or `0,256,exact,12,nodenial`;
/// the zone size of SOLVER-3.10 is 0 unless given, and SOLVER-3.11's denial zones are used unless `nodenial`) to
/// try others, or `SOLVER_TUNING=informed` for [`Tuning::INFORMED`] (SOLVER-3.12, SOLVER-8.8), less any of its
/// settings named after it (`informed-start`, `informed-order`, `informed-walls`, `informed-start-order`, ...).
fn now_tuning() -> Tuning {
    let Ok(text) = std::env::var("SOLVER_TUNING") else {
        return Tuning::default();
    };
    if text == "plain" {
        return Tuning::PLAIN;
    }
    if let Some(without) = text.strip_prefix("informed") {
        let mut t = Tuning::INFORMED;
        for part in without.split('-').filter(|p| !p.is_empty()) {
            match part {
                "start" => t.start_numbers = 0,
                "order" => t.zone_ordering = false,
                "walls" => t.zone_walls_by_boundary = false,
                "sums" => t.region_sums = false,
                other => {
                    panic!("SOLVER_TUNING: informed-{other}: no such setting (start, order, walls, sums)")
                }
            }
        }
        return t;
    }
    let parts: Vec<&str> = text.split(',').collect();
    match parts.as_slice() {
        [percent, reach, key, rest @ ..] if rest.len() <= 2 => Tuning {
            widening: Widening {
                percent: percent.parse().expect("SOLVER_TUNING: ε in percent"),
            },
            reach_allowance: reach
                .parse()
                .expect("SOLVER_TUNING: a bound-search allowance"),
            open_numbers_by_immortal: *key == "immortal",
            zone_points: rest
                .first()
                .map_or(0, |zone| zone.parse().expect("SOLVER_TUNING: a zone size")),
            denial_zones: rest.get(1) != Some(&"nodenial"),
            ..Tuning::PLAIN
        },
        _ => {
            panic!(
                "SOLVER_TUNING is ε%,allowance,immortal|exact[,zone size[,nodenial]], not {text}"
            )
        }
    }
}

fn main() {
    let mut filters = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"));
    let filter: Option<String> = filters.next();
    let check_filter: Option<String> = filters.next();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let (suite, errors) = Suite::load(&root);
    if !errors.is_empty() {
        println!("({} case errors; those cases are skipped)", errors.len());
    }
    let claims: Vec<Claim> = suite
        .cases
        .iter()
        .filter(|loaded| {
            filter
                .as_ref()
                .is_none_or(|f| loaded.case.id.contains(f.as_str()))
        })
        .flat_map(claims_of)
        .filter(|claim| {
            check_filter
                .as_ref()
                .is_none_or(|f| claim.check.contains(f.as_str()))
        })
        .collect();
    // SOLVER-3.9: each claim under the settings before safe zones ("before", SOLVER-3.10) and under today's
    // ("now"), side by side; `SOLVER_BEFORE=0` skips the first, `SOLVER_BEFORE=2026-11-26` shows the settings
    // until then instead, `SOLVER_BEFORE=plain` the plain settings (the default until 2026-11-27, SOLVER-8.10), `SOLVER_BEFORE=sums` the
    // informed settings without the sums of regions (the default until that evening, SOLVER-3.13),
    // `SOLVER_BEFORE=ko-fights` without the ko fights beside the zones (the default until 2026-11-28, SOLVER-3.14),
    // and `SOLVER_TUNING`
    // sets the second (see `now_tuning`).
    let before = match std::env::var("SOLVER_BEFORE").as_deref() {
        Ok("0") => None,
        Ok("2026-11-26") => Some(Tuning::UNTIL_2026_11_26),
        Ok("plain") => Some(Tuning::PLAIN),
        Ok("sums") => Some(Tuning::INFORMED_WITHOUT_SUMS),
        Ok("ko-fights") => Some(Tuning {
            ko_beside_zones: false,
            ..Tuning::INFORMED
        }),
        _ => Some(Tuning::WITHOUT_SAFE_ZONES),
    };
    let now = now_tuning();
    let tunings: Vec<(&str, Tuning)> = match before {
        Some(before) => vec![("before", before), ("now", now)],
        None => vec![("now", now)],
    };
    print!(
        "{:<48} {:<38} {:<24} {:>7}",
        "case", "check", "phase", "claim"
    );
    for (name, _) in &tunings {
        print!(" | {:>7} {:>11} {:>8}", format!("{name}:"), "nodes", "time");
    }
    println!();
    let started = Instant::now();
    let mut disagreements = Vec::new();
    for claim in &claims {
        let mut runs = Vec::new();
        for (_, tuning) in &tunings {
            let began = Instant::now();
            let outcome = solve(claim, *tuning);
            runs.push((outcome, began.elapsed()));
        }
        if let Some(message) = runs.iter().find_map(|(outcome, _)| outcome.as_ref().err()) {
            println!(
                "{:<48} {:<38} {:<24} error: {message}",
                claim.case, claim.check, claim.phase
            );
            continue;
        }
        for (name, claimed) in &claim.claims {
            print!(
                "{:<48} {:<38} {:<24} {:>7}",
                claim.case,
                claim.check,
                format!("{}{}", claim.phase, suffix(name)),
                claimed
            );
            for (outcome, time) in &runs {
                let Ok(Outcome {
                    values,
                    nodes,
                    lines,
                }) = outcome
                else {
                    continue;
                };
                let value = values.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
                let shown = match value {
                    Some(Some(v)) => v.to_string(),
                    Some(None) => "reach".to_string(),
                    None => "n/a".to_string(),
                };
                print!(" | {:>7} {:>11} {:>7.2}s", shown, nodes, time.as_secs_f64());
                if let Some(Some(v)) = value {
                    if v != *claimed {
                        disagreements.push(format!(
                            "{} / {} ({}): claimed {claimed}, solved {v}\n{}",
                            claim.case,
                            claim.check,
                            name,
                            lines.join("\n")
                        ));
                    }
                }
            }
            println!();
        }
    }
    println!("total time {:.2}s", started.elapsed().as_secs_f64());
    if !disagreements.is_empty() {
        println!("\ndisagreements with the claims:");
        for d in disagreements {
            println!("- {d}");
        }
    }
}

fn suffix(name: &str) -> String {
    if name == "value" {
        String::new()
    } else {
        format!(":{name}")
    }
}

struct Outcome {
    /// Each claimed quantity's solved value (`None`: out of reach).
    values: Vec<(String, Option<i64>)>,
    nodes: u64,
    /// The principal variations, in GTP vertices.
    lines: Vec<String>,
}

/// The case's ruleset as the solver takes it: NAJ, its options, not the NAJN or J2003 variants (the solver
/// answers no-result games nowhere: SOLVER-1).
fn ruleset_of(case: &model::Case) -> Option<Ruleset> {
    bridge::naj_ruleset(&case.ruleset)
        .ok()
        .filter(|ruleset| !ruleset.naj.no_result_on_cycle)
}

fn needs_solver(case: &model::Case, features: &[model::Feature]) -> bool {
    let named = |f: &model::Feature| f.name() == "naj-best-play";
    case.features.iter().any(named) || features.iter().any(named)
}

fn claims_of(loaded: &LoadedCase) -> Vec<Claim> {
    let case = &loaded.case;
    let (Some(ruleset), Ok(start)) = (ruleset_of(case), bridge::position(&case.board)) else {
        return Vec::new();
    };
    let to_move = bridge::to_move(case);
    let prisoners = bridge::prisoners(case.prisoners.as_ref());
    let mut claims = Vec::new();
    for check in &case.checks {
        let base =
            |check_name: &str, phase: &'static str, values: Vec<(String, i64)>, kind| Claim {
                case: case.id.clone(),
                check: check_name.to_string(),
                phase,
                claims: values,
                ruleset,
                start: start.clone(),
                to_move,
                prisoners,
                kind,
            };
        match check {
            Check::BestPlay(best) => {
                let afters = match &best.after {
                    Some(spec) => match bridge::alternatives(case, spec) {
                        Ok(afters) => afters,
                        Err(_) => continue,
                    },
                    None => vec![Vec::new()],
                };
                let phase = match best.phase {
                    CasePhase::Alternation => "alternation",
                    CasePhase::BlackAnalysis => "black-analysis",
                    CasePhase::WhiteAnalysis => "white-analysis",
                    CasePhase::Analysis => "analysis",
                    CasePhase::Sequence | CasePhase::DefaultRestriction => continue,
                };
                let mut values = vec![("value".to_string(), i64::from(best.value))];
                if let Some(b) = best.board_score {
                    values.push(("board_score".into(), i64::from(b)));
                }
                for (index, after) in afters.into_iter().enumerate() {
                    let name = if index == 0 {
                        best.name.clone()
                    } else {
                        format!("{}#{}", best.name, index + 1)
                    };
                    claims.push(base(
                        &name,
                        phase,
                        values.clone(),
                        Kind::BestPlay {
                            phase: best.phase,
                            after,
                        },
                    ));
                }
            }
            Check::Game(game) if needs_solver(case, &game.features) => {
                let first = |spec: &Option<MovesSpec>| -> Option<Option<Vec<Move>>> {
                    match spec {
                        None => Some(None),
                        Some(spec) => Some(Some(bridge::first_alternative(case, spec).ok()?)),
                    }
                };
                let (Some(alternation), Some(black), Some(white), Some(single)) = (
                    first(&game.alternation),
                    first(&game.black_analysis),
                    first(&game.white_analysis),
                    first(&game.analysis),
                ) else {
                    continue;
                };
                let mut values = Vec::new();
                for (name, value) in [
                    ("black_score", game.black_score),
                    ("white_score", game.white_score),
                    ("board_score", game.board_score),
                    ("score", game.score),
                ] {
                    if let Some(v) = value {
                        values.push((name.to_string(), i64::from(v)));
                    }
                }
                if values.is_empty() {
                    values.push(("control-map".to_string(), 0));
                }
                claims.push(base(
                    &game.name,
                    "game",
                    values,
                    Kind::Game {
                        alternation,
                        black,
                        white,
                        single,
                    },
                ));
            }
            _ => {}
        }
    }
    claims
}

fn gtp(position: &Position, mv: Move) -> String {
    let Move::Play(point) = mv else {
        return "pass".into();
    };
    let (Some(coords), Some(height)) = (position.board().coords(point), position.board().height())
    else {
        return point.to_string();
    };
    let letters: Vec<char> = ('A'..='Z').filter(|&c| c != 'I').collect();
    format!("{}{}", letters[coords.col], height - coords.row)
}

fn line(position: &Position, first: Color, moves: &[Move]) -> String {
    let mut color = first;
    moves
        .iter()
        .map(|&mv| {
            let text = format!("{}:{}", color.symbol(), gtp(position, mv));
            color = color.opponent();
            text
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn mover_after(first: Color, played: usize) -> Color {
    if played.is_multiple_of(2) {
        first
    } else {
        first.opponent()
    }
}

fn analysis_of(phase: CasePhase) -> Analysis {
    bridge::analysis(phase).unwrap_or(Analysis::Single)
}

fn solve(claim: &Claim, tuning: Tuning) -> Result<Outcome, String> {
    let error = |e: SolveError| e.to_string();
    match &claim.kind {
        Kind::BestPlay { phase, after } => {
            // SOLVER-3.6: searched from the claim (the same value if proven, fewer nodes if it is right).
            let guess = claim
                .claims
                .iter()
                .find(|(name, _)| name == "value")
                .map_or(0, |(_, v)| *v);
            let solved = match phase {
                CasePhase::Alternation => alternation_value_near(
                    &claim.ruleset,
                    &claim.start,
                    claim.to_move,
                    claim.prisoners,
                    after,
                    guess,
                    limits(tuning),
                ),
                other => analysis_value_near(
                    &claim.ruleset,
                    &claim.start,
                    analysis_of(*other),
                    after,
                    guess,
                    limits(tuning),
                ),
            }
            .map_err(error)?;
            let first = match phase {
                CasePhase::Alternation => claim.to_move,
                other => analysis_of(*other).first_to_move(),
            };
            let mut lines = Vec::new();
            let (value, nodes) = match &solved {
                Solved::Value {
                    value,
                    principal_variation,
                    nodes,
                } => {
                    lines.push(format!(
                        "  after {}\n  best play: {}",
                        line(&claim.start, first, after),
                        line(
                            &claim.start,
                            mover_after(first, after.len()),
                            principal_variation
                        )
                    ));
                    if matches!(phase, CasePhase::Alternation) {
                        let mut all = after.clone();
                        all.extend(principal_variation);
                        lines.extend(analyses_lines(claim, &all, tuning)?);
                    }
                    (Some(*value), *nodes)
                }
                Solved::OutOfReach { nodes, bounds } => {
                    lines.push(format!("  out of reach, bounds {bounds:?}"));
                    (None, *nodes)
                }
            };
            // Only the value is solved here; the other quantities claimed (a board score at the end of the
            // line, say) are shown as out of reach while the value is, and as not computed ("n/a") once it is.
            let values = claim
                .claims
                .iter()
                .filter(|(name, _)| name == "value" || value.is_none())
                .map(|(name, _)| {
                    let v = if name == "value" { value } else { None };
                    (name.clone(), v)
                })
                .collect();
            Ok(Outcome {
                values,
                nodes,
                lines,
            })
        }
        Kind::Game {
            alternation,
            black,
            white,
            single,
        } => {
            let final_position = match alternation {
                None => claim.start.clone(),
                Some(moves) => replay(
                    &claim.ruleset,
                    Phase::Alternation {
                        to_move: claim.to_move,
                    },
                    &claim.start,
                    moves,
                )
                .map_err(|e| e.to_string())?
                .last_position()
                .clone(),
            };
            let mut nodes = 0;
            let mut lines = Vec::new();
            let claimed = |name: &str| {
                claim
                    .claims
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| *v)
            };
            // SOLVER-3.6: each analysis is searched from its claimed value, if any.
            let guesses = [
                (Analysis::Black, claimed("black_score")),
                (Analysis::White, claimed("white_score")),
                (Analysis::Single, claimed("board_score")),
            ];
            let mut solve_analysis =
                |analysis: Analysis, played: &[Move]| -> Result<Option<i64>, String> {
                    let guess = guesses
                        .iter()
                        .find(|(a, _)| *a == analysis)
                        .and_then(|(_, g)| *g);
                    let solved = match guess {
                        Some(guess) => analysis_value_near(
                            &claim.ruleset,
                            &final_position,
                            analysis,
                            played,
                            guess,
                            limits(tuning),
                        ),
                        None => analysis_value_after(
                            &claim.ruleset,
                            &final_position,
                            analysis,
                            played,
                            limits(tuning),
                        ),
                    }
                    .map_err(error)?;
                    match solved {
                        Solved::Value {
                            value,
                            principal_variation,
                            nodes: n,
                        } => {
                            nodes += n;
                            let mut all = played.to_vec();
                            all.extend(principal_variation);
                            lines.push(format!(
                                "  {} = {value}: {}",
                                analysis.name(),
                                line(&final_position, analysis.first_to_move(), &all)
                            ));
                            Ok(Some(value))
                        }
                        Solved::OutOfReach { nodes: n, bounds } => {
                            nodes += n;
                            lines.push(format!("  {} out of reach {bounds:?}", analysis.name()));
                            Ok(None)
                        }
                    }
                };
            let mut values = Vec::new();
            if claim.ruleset.naj.analyses == Analyses::Single {
                let v = solve_analysis(Analysis::Single, single.as_deref().unwrap_or(&[]))?;
                values.push(("board_score".to_string(), v));
                values.push(("score".to_string(), v));
            } else {
                let b = solve_analysis(Analysis::Black, black.as_deref().unwrap_or(&[]))?;
                let w = solve_analysis(Analysis::White, white.as_deref().unwrap_or(&[]))?;
                let prisoners = match alternation {
                    None => 0,
                    Some(moves) => {
                        let replayed = replay(
                            &claim.ruleset,
                            Phase::Alternation {
                                to_move: claim.to_move,
                            },
                            &claim.start,
                            moves,
                        )
                        .map_err(|e| e.to_string())?;
                        let p = replayed.prisoners();
                        p[Color::Black] as i64 - p[Color::White] as i64
                    }
                };
                values.push(("black_score".to_string(), b));
                values.push(("white_score".to_string(), w));
                let board = b.zip(w).map(|(b, w)| b - w);
                values.push(("board_score".to_string(), board));
                values.push(("score".to_string(), board.map(|s| s + prisoners)));
            }
            Ok(Outcome {
                values,
                nodes,
                lines,
            })
        }
    }
}

/// The analyses at best play of the final-position that the alternation `moves` reach.
fn analyses_lines(claim: &Claim, moves: &[Move], tuning: Tuning) -> Result<Vec<String>, String> {
    let replayed = replay(
        &claim.ruleset,
        Phase::Alternation {
            to_move: claim.to_move,
        },
        &claim.start,
        moves,
    )
    .map_err(|e| e.to_string())?;
    let final_position = replayed.last_position();
    let p = replayed.prisoners();
    let mut lines = vec![format!(
        "  final-position {} (prisoners B {} W {})",
        final_position.rows().join("/"),
        p[Color::Black],
        p[Color::White]
    )];
    let analyses: &[Analysis] = match claim.ruleset.naj.analyses {
        Analyses::Two => &[Analysis::Black, Analysis::White],
        Analyses::Single => &[Analysis::Single],
    };
    for &analysis in analyses {
        match analysis_value_after(
            &claim.ruleset,
            final_position,
            analysis,
            &[],
            limits(tuning),
        ) {
            Ok(Solved::Value {
                value,
                principal_variation,
                ..
            }) => lines.push(format!(
                "  {} = {value}: {}",
                analysis.name(),
                line(
                    final_position,
                    analysis.first_to_move(),
                    &principal_variation
                )
            )),
            Ok(Solved::OutOfReach { bounds, .. }) => {
                lines.push(format!("  {} out of reach {bounds:?}", analysis.name()))
            }
            Err(e) => lines.push(format!("  {}: {e}", analysis.name())),
        }
    }
    Ok(lines)
}
