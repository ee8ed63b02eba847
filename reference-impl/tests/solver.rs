//! SOLVER-6: the solver against plain minimax on small random positions, and on hand-made positions whose
//! values a Go player can check.

use gorules_ref::naj::game::{Analyses, Analysis};
use gorules_ref::naj::solver::{
    alternation_value, alternation_value_after, alternation_value_near, analysis_value,
    analysis_value_after, analysis_value_near, naive, prove_alternation_bound,
    prove_analysis_bound, Bound, Limits, Proof, SolveError, Solved, Tuning, Widening,
};
use gorules_ref::sequence::Sequence;
use gorules_ref::symmetry::{GridMap, Symmetry};
use gorules_ref::{ByColor, Color, Move, Position, Ruleset};
use proptest::prelude::*;

const LIMITS: Limits = Limits {
    max_nodes: 2_000_000,
    deadline: gorules_ref::allowance::Deadline::NONE,
    tuning: Tuning::PLAIN,
};

fn value(solved: Result<Solved, SolveError>) -> Option<i64> {
    match solved.expect("the solver accepts the position") {
        Solved::Value { value, .. } => Some(value),
        Solved::OutOfReach { .. } => None,
    }
}

fn pos(rows: &[&str]) -> Position {
    Position::from_rows(rows).expect("test diagram")
}

/// Runs `work` on a thread with a big stack (plain minimax recurses once per move of its longest line).
fn on_big_stack<R: Send>(work: impl FnOnce() -> R + Send) -> R {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(scope, work)
            .expect("a thread for plain minimax")
            .join()
            .expect("plain minimax finishes")
    })
}

/// Whether every string of `position` has a liberty (the solver refuses other positions).
fn legal(position: &Position) -> bool {
    gorules_ref::string::strings(position)
        .iter()
        .all(|string| string.has_liberty())
}

fn rulesets() -> [Ruleset; 2] {
    let mut two_passes = Ruleset::naj();
    two_passes.naj.analysis_end_passes = 2;
    [Ruleset::naj(), two_passes]
}

#[test]
fn settled_positions_score_what_their_owner_controls() {
    // Two pass-alive groups and no dame: nothing can change, every analysis is decided by its bounds. Each
    // player controls his five columns, whose two empty intersections are his points.
    let position = pos(&["#.#.#O.O.O", "#####OOOOO"]);
    let ruleset = Ruleset::naj();
    assert_eq!(
        value(analysis_value(&ruleset, &position, Analysis::Black, LIMITS)),
        Some(2)
    );
    assert_eq!(
        value(analysis_value(&ruleset, &position, Analysis::White, LIMITS)),
        Some(2)
    );
    assert_eq!(
        value(analysis_value(
            &ruleset,
            &position,
            Analysis::Single,
            LIMITS
        )),
        Some(0)
    );
    assert_eq!(
        value(alternation_value(
            &ruleset,
            &position,
            Color::Black,
            ByColor::default(),
            LIMITS
        )),
        Some(0)
    );
}

/// SOLVER-3.4: the score `line`, played as the black- or the white-analysis of `position` (the other analysis
/// passed out), gives its analysis; an error if the line is not a complete, legal analysis.
fn scored_by_line(
    ruleset: &Ruleset,
    position: &Position,
    analysis: Analysis,
    line: &[Move],
) -> Result<i64, String> {
    let passes = vec![Move::Pass; usize::from(ruleset.naj.analysis_end_passes)];
    let moves = match analysis {
        Analysis::Black => gorules_ref::naj::AnalysisMoves::Two {
            black_analysis: line.to_vec(),
            white_analysis: passes,
        },
        Analysis::White => gorules_ref::naj::AnalysisMoves::Two {
            black_analysis: passes,
            white_analysis: line.to_vec(),
        },
        Analysis::Single => return Err("the single analysis is scored on its own".into()),
    };
    let breakdown =
        gorules_ref::naj::analyse_and_score(ruleset, position, ByColor::default(), &moves)
            .map_err(|e| format!("{e:?}"))?
            .breakdown;
    Ok(match analysis {
        Analysis::Black => breakdown.black_score,
        _ => breakdown.white_score,
    })
}

#[test]
fn a_principal_variation_replays_to_the_value() {
    // A small capturing race: whoever moves first in an analysis captures.
    let position = pos(&["#.O", "#OO"]);
    let ruleset = Ruleset::naj();
    for analysis in [Analysis::Black, Analysis::White] {
        let Ok(Solved::Value {
            value,
            principal_variation,
            ..
        }) = analysis_value(&ruleset, &position, analysis, LIMITS)
        else {
            panic!("solved")
        };
        let scored = scored_by_line(&ruleset, &position, analysis, &principal_variation);
        assert_eq!(scored, Ok(value), "{analysis:?}: {principal_variation:?}");
    }
}

/// The final-position of naj-game-empty-5x5: Black's wall with the top edge behind it (his 5 points), White's wall
/// with the two bottom rows behind it and a black stone there (her 10 points).
const EMPTY_5X5_FINAL: [&str; 5] = [".....", "#####", "OOOOO", "..O.#", "....."];

#[test]
fn a_principal_variation_is_found_by_the_quick_answers_first() {
    // SOLVER-3.4: both analyses' values are settled by safe zones in a few thousand nodes. The principal variation
    // must then find, at each step, a move worth the value; asked in rounds, a move shown quickly (Black's
    // C5, after which his zone is still safe) is found before one whose answer is a long search (his B5, which
    // ruins his eye space). Asked in turn, one child after another to the end of its question, the black-analysis
    // took 3,837,342 nodes and the white-analysis ran out of 5 million (2026-11-27).
    let position = pos(&EMPTY_5X5_FINAL);
    let ruleset = Ruleset::naj();
    let limits = Limits {
        max_nodes: 300_000,
        ..LIMITS
    };
    for (analysis, claim) in [(Analysis::Black, 5), (Analysis::White, 10)] {
        let Ok(Solved::Value {
            value,
            principal_variation,
            ..
        }) = analysis_value(&ruleset, &position, analysis, limits)
        else {
            panic!("{analysis:?}: decided within {} nodes", limits.max_nodes)
        };
        assert_eq!(value, claim, "{analysis:?}");
        let scored = scored_by_line(&ruleset, &position, analysis, &principal_variation);
        assert_eq!(scored, Ok(value), "{analysis:?}: {principal_variation:?}");
    }
}

#[test]
fn out_of_reach_bounds_keep_what_the_questions_proved() {
    // SOLVER-1.4, SOLVER-3.6: a search stopped by its allowance reports the bounds of its start narrowed by the
    // questions it answered: every such interval holds the value, and once the value is proven but its
    // principal variation is not, the interval is the value alone.
    let position = pos(&EMPTY_5X5_FINAL);
    let ruleset = Ruleset::naj();
    let mut narrowest = (i64::MIN, i64::MAX);
    let mut allowance = 100;
    loop {
        let limits = Limits {
            max_nodes: allowance,
            ..LIMITS
        };
        match analysis_value(&ruleset, &position, Analysis::Black, limits) {
            Ok(Solved::OutOfReach { bounds, .. }) => {
                assert!(bounds.0 <= 5 && 5 <= bounds.1, "{allowance}: {bounds:?}");
                if bounds.1 - bounds.0 < narrowest.1.saturating_sub(narrowest.0) {
                    narrowest = bounds;
                }
            }
            Ok(Solved::Value { value, .. }) => {
                assert_eq!(value, 5);
                break;
            }
            Err(e) => panic!("{e}"),
        }
        allowance += allowance / 4;
    }
    // The bounds of the start alone are 0..25 (SOLVER-3.3).
    assert_eq!(narrowest, (5, 5));
}

#[test]
fn moves_already_played_keep_their_ko_prohibitions() {
    // Black has just taken the ko at (2, 1); White may not retake at once (basic-ko), which the solver must
    // respect when it continues after the played move.
    let start = pos(&[".#O.", "#.#O", ".#O."]);
    let ruleset = Ruleset::naj();
    let take = Move::Play(start.board().point_at(1, 1).unwrap());
    let after = analysis_value_after(&ruleset, &start, Analysis::White, &[take], LIMITS);
    let naive_after = {
        // The naive solver has no `after`; the same state cannot be rebuilt without history, so only check
        // that the solver answers and that an illegal prefix is refused.
        after.clone()
    };
    assert!(matches!(naive_after, Ok(Solved::Value { .. })));
    let occupied = Move::Play(start.board().point_at(1, 0).unwrap());
    assert!(matches!(
        analysis_value_after(&ruleset, &start, Analysis::White, &[occupied], LIMITS),
        Err(SolveError::Replay(_))
    ));
}

/// A random position on a `width` x `height` board from one cell code per intersection.
fn position_from(width: usize, height: usize, cells: &[u8]) -> Position {
    let rows: Vec<String> = cells
        .chunks(width)
        .take(height)
        .map(|row| {
            row.iter()
                .map(|&cell| match cell {
                    0 => '#',
                    1 => 'O',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    pos(&rows.iter().map(String::as_str).collect::<Vec<_>>())
}

/// Tiny boards (up to 3x3) with any cells, and slightly larger boards with few empty intersections.
fn small_position() -> impl Strategy<Value = Position> {
    let tiny = (1usize..=3, 1usize..=3).prop_flat_map(|(width, height)| {
        proptest::collection::vec(0u8..4, width * height)
            .prop_map(move |cells| position_from(width, height, &cells))
    });
    let crowded = (3usize..=5, 2usize..=3).prop_flat_map(|(width, height)| {
        proptest::collection::vec(0u8..2, width * height).prop_flat_map(move |stones| {
            let count = width * height;
            proptest::collection::vec(0..count, 1..=4).prop_map(move |holes| {
                let mut cells = stones.clone();
                for hole in holes {
                    cells[hole] = 2;
                }
                position_from(width, height, &cells)
            })
        })
    });
    prop_oneof![tiny, crowded].prop_filter("every string has a liberty", legal)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// SOLVER-6: the solver and plain minimax agree on every analysis value, under both end rules.
    #[test]
    fn analyses_agree_with_plain_minimax(
        position in small_position(),
        two_passes in any::<bool>(),
        off in -3i64..=3,
    ) {
        prop_assume!(position.empty_points().len() <= 6);
        let ruleset = rulesets()[usize::from(two_passes)];
        for analysis in [Analysis::Black, Analysis::White, Analysis::Single] {
            let Some(expected) = on_big_stack(|| naive::analysis_value(&ruleset, &position, analysis, 5_000)) else {
                continue;
            };
            let solved = analysis_value(&ruleset, &position, analysis, LIMITS);
            prop_assert_eq!(value(solved.clone()), Some(expected), "{:?} of {:?}", analysis, position);
            // SOLVER-3.4: the principal variation is a complete, legal analysis that scores the value.
            if let Ok(Solved::Value { principal_variation, .. }) = solved {
                if analysis != Analysis::Single {
                    let scored = scored_by_line(&ruleset, &position, analysis, &principal_variation);
                    prop_assert_eq!(
                        scored, Ok(expected), "{:?} line {:?} of {:?}", analysis, principal_variation, position
                    );
                }
                // Each move keeps the value: the state after every prefix of the line is worth it too.
                for made in 1..=principal_variation.len() {
                    let line = &principal_variation[..made];
                    let after = analysis_value_after(&ruleset, &position, analysis, line, LIMITS);
                    prop_assert_eq!(value(after), Some(expected), "{:?} after {:?} of {:?}", analysis, line, position);
                }
            }
            // SOLVER-3.6: null-window searches from a guess, and proofs of bounds, agree too.
            let near = analysis_value_near(&ruleset, &position, analysis, &[], expected + off, LIMITS);
            prop_assert_eq!(value(near), Some(expected), "{:?} near of {:?}", analysis, position);
            let prove = |bound| prove_analysis_bound(&ruleset, &position, analysis, &[], bound, LIMITS)
                .expect("the solver accepts the position");
            let guess = expected + off;
            let holds = if off <= 0 { Bound::AtLeast(guess) } else { Bound::AtMost(guess) };
            let fails = if off <= 0 { Bound::AtMost(guess - 1) } else { Bound::AtLeast(guess + 1) };
            prop_assert!(matches!(prove(holds), Proof::Proven { .. }), "{:?} {:?}", analysis, holds);
            prop_assert!(matches!(prove(fails), Proof::Refuted { .. }), "{:?} {:?}", analysis, fails);
        }
    }

    /// SOLVER-6: the solver and plain minimax agree on the alternation's value (two and single analyses).
    #[test]
    fn alternations_agree_with_plain_minimax(position in small_position(), single in any::<bool>()) {
        let mut ruleset = Ruleset::naj();
        if single {
            ruleset.naj.analyses = Analyses::Single;
        }
        prop_assume!(position.board().len() <= 6);
        if let Some(expected) = on_big_stack(|| naive::alternation_value(&ruleset, &position, Color::Black, 5_000)) {
            let solved = alternation_value(&ruleset, &position, Color::Black, ByColor::default(), LIMITS);
            prop_assert_eq!(value(solved.clone()), Some(expected), "alternation of {:?}", position);
            // SOLVER-3.4: every move of the principal variation keeps the value (prisoners included).
            if let Ok(Solved::Value { principal_variation, .. }) = solved {
                for made in 1..=principal_variation.len() {
                    let line = &principal_variation[..made];
                    let after = alternation_value_after(
                        &ruleset, &position, Color::Black, ByColor::default(), line, LIMITS,
                    );
                    prop_assert_eq!(value(after), Some(expected), "alternation after {:?} of {:?}", line, position);
                }
            }
            // SOLVER-3.6: from a guess (with prisoners given), and by proofs of bounds.
            let mut prisoners = ByColor::default();
            prisoners[Color::White] = 2;
            let near = alternation_value_near(
                &ruleset, &position, Color::Black, prisoners, &[], expected + 1, LIMITS,
            );
            prop_assert_eq!(value(near), Some(expected - 2), "alternation near of {:?}", position);
            let prove = |bound| prove_alternation_bound(
                &ruleset, &position, Color::Black, prisoners, &[], bound, LIMITS,
            ).expect("the solver accepts the position");
            prop_assert!(
                matches!(prove(Bound::AtLeast(expected - 2)), Proof::Proven { .. }),
                "alternation bound of {:?}",
                position
            );
            prop_assert!(
                matches!(prove(Bound::AtMost(expected - 2)), Proof::Proven { .. }),
                "alternation bound of {:?}",
                position
            );
            prop_assert!(
                matches!(prove(Bound::AtLeast(expected - 1)), Proof::Refuted { .. }),
                "alternation bound of {:?}",
                position
            );
            prop_assert!(
                matches!(prove(Bound::AtMost(expected - 3)), Proof::Refuted { .. }),
                "alternation bound of {:?}",
                position
            );
        }
    }
}

/// SOLVER-6.2: a history for `analysis` of `position`: at each step the pick chooses among the legal moves,
/// a capture whenever one is legal and the pick is even (so that histories hold captures, recaptures and kos),
/// and a pass only while it does not end the analysis.
fn random_history(
    ruleset: &Ruleset,
    position: &Position,
    analysis: Analysis,
    picks: &[u8],
) -> Vec<Move> {
    let end = usize::from(ruleset.naj.analysis_end_passes);
    let mut sequence = Sequence::new(
        position.clone(),
        analysis.first_to_move(),
        ruleset.sequence_rules(),
    );
    let mut played = Vec::new();
    for &pick in picks {
        let mut plays = Vec::new();
        let mut captures = Vec::new();
        for point in position.board().points() {
            let mut child = sequence.clone();
            if let Ok(outcome) = child.play(Move::Play(point)) {
                plays.push(Move::Play(point));
                if !outcome.captured.is_empty() {
                    captures.push(Move::Play(point));
                }
            }
        }
        let mv = if !captures.is_empty() && pick % 2 == 0 {
            captures[usize::from(pick / 2) % captures.len()]
        } else if sequence.consecutive_passes() + 1 < end && (plays.is_empty() || pick % 7 == 1) {
            Move::Pass
        } else if plays.is_empty() {
            break;
        } else {
            plays[usize::from(pick) % plays.len()]
        };
        sequence.play(mv).expect("a legal move");
        played.push(mv);
    }
    played
}

/// Crowded small boards (at most 12 intersections, two to five of them empty), where captures and kos are
/// the rule rather than the exception.
fn crowded_position() -> impl Strategy<Value = Position> {
    (2usize..=4, 2usize..=3)
        .prop_flat_map(|(width, height)| {
            let count = width * height;
            (
                proptest::collection::vec(0u8..2, count),
                proptest::collection::vec(0..count, 2..=5),
            )
                .prop_map(move |(stones, holes)| {
                    let mut cells = stones;
                    for hole in holes {
                        cells[hole] = 2;
                    }
                    position_from(width, height, &cells)
                })
        })
        .prop_filter("every string has a liberty", legal)
}

/// A ko on a 4x3 board (White's play at B2 captures C2, and Black's recapture there is a ko), with a random
/// stone or none on each of the four corners: a shape whose values depend on the ko rules and on the history.
fn ko_position() -> impl Strategy<Value = Position> {
    proptest::collection::vec(0u8..3, 4)
        .prop_map(|corners| {
            let cell = |code: u8| match code {
                0 => '#',
                1 => 'O',
                _ => '.',
            };
            let rows = [
                format!("{}#O{}", cell(corners[0]), cell(corners[1])),
                "#.#O".to_string(),
                format!("{}#O{}", cell(corners[2]), cell(corners[3])),
            ];
            pos(&rows.iter().map(String::as_str).collect::<Vec<_>>())
        })
        .prop_filter("every string has a liberty", legal)
}

/// The black- or the white-analysis.
fn one_player_analysis() -> impl Strategy<Value = Analysis> {
    prop_oneof![Just(Analysis::Black), Just(Analysis::White)]
}

/// SOLVER-6.2: after a random history from `picks` (captures preferred), each analysis value the solver finds
/// within `limits` equals plain minimax's, wherever plain minimax finishes within 3,000 states.
fn agree_after_histories(
    ruleset: &Ruleset,
    position: &Position,
    picks: &[u8],
    limits: Limits,
) -> Result<(), TestCaseError> {
    for analysis in [Analysis::Black, Analysis::White, Analysis::Single] {
        let played = random_history(ruleset, position, analysis, picks);
        let Some(expected) = on_big_stack(|| {
            naive::analysis_value_after(ruleset, position, analysis, &played, 3_000)
        }) else {
            continue;
        };
        let solved = value(analysis_value_after(
            ruleset, position, analysis, &played, limits,
        ));
        prop_assert_eq!(
            solved,
            Some(expected),
            "{:?} of {:?} after {:?} under {:?}",
            analysis,
            position,
            played,
            limits.tuning
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// SOLVER-6.2: after histories full of captures and recaptures (so that the basic-ko and fixed-ko rules bind,
    /// and tables shared across histories, SOLVER-4.7 and SOLVER-4.8, are put to the test), the solver and plain
    /// minimax agree on every analysis value, under both end rules.
    #[test]
    fn analyses_after_capture_histories_agree_with_plain_minimax(
        position in prop_oneof![crowded_position(), ko_position()],
        two_passes in any::<bool>(),
        picks in proptest::collection::vec(any::<u8>(), 0..8),
    ) {
        let ruleset = rulesets()[usize::from(two_passes)];
        agree_after_histories(&ruleset, &position, &picks, LIMITS)?;
    }

    /// SOLVER-6.3: exchanging the colours exchanges the black- and the white-analysis: the black-score Black
    /// reaches with White first is the white-score White reaches with Black first on the swapped position,
    /// after the same points played.
    #[test]
    fn colour_swap_exchanges_the_analyses(
        position in crowded_position(),
        analysis in one_player_analysis(),
        picks in proptest::collection::vec(any::<u8>(), 0..6),
    ) {
        let ruleset = Ruleset::naj();
        let played = random_history(&ruleset, &position, analysis, &picks);
        let other = match analysis {
            Analysis::Black => Analysis::White,
            _ => Analysis::Black,
        };
        let here = value(analysis_value_after(&ruleset, &position, analysis, &played, LIMITS));
        let swapped = value(analysis_value_after(
            &ruleset, &position.colors_swapped(), other, &played, LIMITS,
        ));
        prop_assert_eq!(here, swapped, "{:?} of {:?} after {:?}", analysis, position, played);
    }

    /// SOLVER-6.3: the values are the same on every rotation and mirror image of the board, with the history
    /// mapped too.
    #[test]
    fn symmetric_images_have_the_same_values(
        position in crowded_position(),
        analysis in prop_oneof![Just(Analysis::Black), Just(Analysis::White), Just(Analysis::Single)],
        picks in proptest::collection::vec(any::<u8>(), 0..6),
        symmetry in proptest::sample::select(Symmetry::ALL.to_vec()),
    ) {
        let ruleset = Ruleset::naj();
        let played = random_history(&ruleset, &position, analysis, &picks);
        let map = GridMap::new(symmetry, position.shared_board()).expect("a grid");
        let image = map.position(&position);
        let moves: Vec<Move> = played.iter().map(|&mv| map.mv(mv).expect("on the board")).collect();
        let here = value(analysis_value_after(&ruleset, &position, analysis, &played, LIMITS));
        let there = value(analysis_value_after(&ruleset, &image, analysis, &moves, LIMITS));
        prop_assert_eq!(here, there, "{:?} of {:?} after {:?} under {:?}", analysis, position, played, symmetry);
    }
}

/// SOLVER-4.7 (retired): a position whose lines are full of captures and recaptures (White takes the eye, Black
/// retakes), where df-pn with open numbers shared across histories ran out of 2 million nodes, and the colour-
/// swapped position did not: both must be decided, with the same value.
#[test]
fn capture_cycles_on_three_by_three_are_decided_under_either_colour() {
    let ruleset = Ruleset::naj();
    let black = pos(&["###", "##.", ".##"]);
    let point = |i: usize| Move::Play(black.board().points().nth(i).expect("on the board"));
    let played = [Move::Pass, Move::Pass, point(6)];
    let here = value(analysis_value_after(
        &ruleset,
        &black,
        Analysis::White,
        &played,
        LIMITS,
    ));
    let swapped = value(analysis_value_after(
        &ruleset,
        &black.colors_swapped(),
        Analysis::Black,
        &played,
        LIMITS,
    ));
    assert_eq!(here, Some(0));
    assert_eq!(swapped, Some(0));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// SOLVER-6.4: the effort settings (SOLVER-3.9's widening, SOLVER-3.3's bound-search allowance, SOLVER-4.9's
    /// key of the open numbers, SOLVER-3.11's denial zones, SOLVER-3.12's start numbers, SOLVER-3.10's ordered
    /// local searches and zones keyed on their boundary, SOLVER-3.13's sums of regions, SOLVER-3.14's ko fights
    /// beside the maximiser's zones) change no value: under settings from plain df-pn with
    /// no bound search to a wide ε with long bound searches, the solver agrees with plain minimax after histories
    /// of captures and recaptures, and in the alternation.
    #[test]
    fn every_tuning_agrees_with_plain_minimax(
        position in prop_oneof![crowded_position(), ko_position()],
        two_passes in any::<bool>(),
        picks in proptest::collection::vec(any::<u8>(), 0..8),
        percent in prop_oneof![Just(0u32), Just(25), Just(100), Just(400)],
        reach_allowance in prop_oneof![Just(0usize), Just(1), Just(64), Just(256)],
        open_numbers_by_immortal in any::<bool>(),
        zone_points in prop_oneof![Just(0u32), Just(3), Just(12)],
        denial_zones in any::<bool>(),
        start_numbers in prop_oneof![Just(0u32), Just(1), Just(2), Just(5)],
        zone_ordering in any::<bool>(),
        zone_walls_by_boundary in any::<bool>(),
        region_sums in any::<bool>(),
        ko_beside_zones in any::<bool>(),
    ) {
        let ruleset = rulesets()[usize::from(two_passes)];
        let limits = Limits {
            tuning: Tuning {
                widening: Widening { percent },
                reach_allowance,
                open_numbers_by_immortal,
                zone_points,
                denial_zones,
                start_numbers,
                zone_ordering,
                zone_walls_by_boundary,
                region_sums,
                ko_beside_zones,
                ko_fight_delay: 0,
            },
            ..LIMITS
        };
        agree_after_histories(&ruleset, &position, &picks, limits)?;
        if position.empty_points().len() <= 3 {
            let start = position.clone();
            if let Some(expected) = on_big_stack(|| {
                naive::alternation_value(&Ruleset::naj(), &start, Color::Black, 5_000)
            }) {
                let solved = value(alternation_value(&Ruleset::naj(), &position, Color::Black, ByColor::default(), limits));
                prop_assert_eq!(solved, Some(expected), "alternation of {:?} under {:?}", position, limits.tuning);
            }
        }
    }
}
