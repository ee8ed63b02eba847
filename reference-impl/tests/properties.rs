//! Property tests: the rules treat the colours alike and the board's symmetries alike, replay is deterministic,
//! legal plays leave no string without liberties, and Benson's algorithm finds exactly the immortal stones of
//! the definition (NAJ-5.2).

use std::sync::Arc;

use gorules_ref::naj::{
    analyse_and_score, immortal_stones, replay, Analysis, AnalysisMoves, Phase, Scoring,
};
use gorules_ref::string::{every_string_has_a_liberty, string_at, string_without_liberty, strings};
use gorules_ref::symmetry::{GridMap, Symmetry};
use gorules_ref::{
    benson, Board, ByColor, Color, KoRule, KoRules, Move, Position, Ruleset, Sequence, SuicideRule,
};
use proptest::prelude::*;

/// Grid shapes of at most 16 intersections.
fn small_shape() -> impl Strategy<Value = (usize, usize)> {
    prop_oneof![
        Just((4, 4)),
        Just((3, 5)),
        Just((5, 3)),
        Just((2, 8)),
        Just((8, 2)),
        Just((3, 3)),
        Just((2, 6)),
        Just((1, 7)),
    ]
}

/// Grid shapes for whole-game properties.
fn game_shape() -> impl Strategy<Value = (usize, usize)> {
    prop_oneof![
        Just((4, 4)),
        Just((5, 4)),
        Just((3, 5)),
        Just((5, 5)),
        Just((6, 3))
    ]
}

/// A position in which every string has a liberty: random cells, then strings without liberties removed.
///
/// Each position draws its cells from one of three mixes (even, mostly black, mostly white), so that positions
/// with immortal stones of either colour are common.
fn position_on(shape: impl Strategy<Value = (usize, usize)>) -> impl Strategy<Value = Position> {
    (shape, 0usize..3).prop_flat_map(|((width, height), mix)| {
        proptest::collection::vec(0u8..10, width * height).prop_map(move |cells| {
            let board = Arc::new(Board::rectangle(width, height).unwrap());
            let [empty_below, black_below] = [[4, 7], [3, 8], [3, 5]][mix];
            let cell = |c: u8| match c {
                c if c < empty_below => None,
                c if c < black_below => Some(Color::Black),
                _ => Some(Color::White),
            };
            let cells: Vec<Option<Color>> = cells.into_iter().map(cell).collect();
            let mut position = Position::from_cells(board, &cells).unwrap();
            while let Some(dead) = strings(&position)
                .into_iter()
                .find(|string| !string.has_liberty())
            {
                let mut cells: Vec<Option<Color>> =
                    position.board().points().map(|p| position.get(p)).collect();
                for stone in dead.stones.iter() {
                    cells[stone.index()] = None;
                }
                position =
                    Position::from_cells(Arc::clone(position.shared_board()), &cells).unwrap();
            }
            position
        })
    })
}

/// Moves chosen by `choices` until the phase ends: each choice picks one of the legal plays or the pass; when the
/// choices run out the players pass.
fn random_phase(ruleset: &Ruleset, phase: Phase, start: &Position, choices: &[u16]) -> Vec<Move> {
    let mut sequence = Sequence::new(
        start.clone(),
        phase.first_to_move(),
        ruleset.sequence_rules(),
    );
    let end = phase.end_passes(&ruleset.naj);
    let mut choices = choices.iter();
    let mut moves = Vec::new();
    while sequence.consecutive_passes() < end {
        let legal: Vec<Move> = start
            .board()
            .points()
            .map(Move::Play)
            .filter(|&mv| sequence.legality(mv).is_ok())
            .collect();
        let mv = match choices.next() {
            Some(&choice) => legal
                .get(usize::from(choice) % (legal.len() + 1))
                .copied()
                .unwrap_or(Move::Pass),
            None => Move::Pass,
        };
        sequence.play(mv).expect("a legal move");
        moves.push(mv);
    }
    moves
}

fn choices() -> impl Strategy<Value = Vec<u16>> {
    proptest::collection::vec(any::<u16>(), 0..40)
}

fn prisoners() -> impl Strategy<Value = ByColor<u64>> {
    (0u64..5, 0u64..5).prop_map(|(black, white)| {
        let mut prisoners = ByColor::default();
        prisoners[Color::Black] = black;
        prisoners[Color::White] = white;
        prisoners
    })
}

fn analyse(
    final_position: &Position,
    prisoners: ByColor<u64>,
    black: &[Move],
    white: &[Move],
) -> Scoring {
    let analyses = AnalysisMoves::Two {
        black_analysis: black.to_vec(),
        white_analysis: white.to_vec(),
    };
    analyse_and_score(&Ruleset::naj(), final_position, prisoners, &analyses)
        .expect("the analyses end")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// NAJ-5.2: Benson's pass-alive stones are exactly the immortal stones of the definition (NAJ-5.1).
    #[test]
    fn benson_agrees_with_the_definition(position in position_on(small_shape())) {
        for owner in Color::ALL {
            prop_assert_eq!(benson::pass_alive(&position, owner), immortal_stones(&position, owner), "{}\n{}", owner, position);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// NAJ-7, CORE-3.4: swapping the colours (of the final-position, the prisoners, and the two analyses, whose
    /// roles swap) swaps the control maps and negates the score.
    #[test]
    fn swapping_colours_negates_the_score(
        final_position in position_on(game_shape()),
        prisoners in prisoners(),
        black_choices in choices(),
        white_choices in choices(),
    ) {
        let ruleset = Ruleset::naj();
        let black = random_phase(&ruleset, Phase::Analysis(Analysis::Black), &final_position, &black_choices);
        let white = random_phase(&ruleset, Phase::Analysis(Analysis::White), &final_position, &white_choices);
        let scoring = analyse(&final_position, prisoners, &black, &white);
        let swapped = analyse(&final_position.colors_swapped(), prisoners.swapped(), &white, &black);
        prop_assert_eq!(&swapped.black_control, &scoring.white_control);
        prop_assert_eq!(&swapped.white_control, &scoring.black_control);
        prop_assert_eq!(swapped.breakdown.score, -scoring.breakdown.score);
        prop_assert_eq!(swapped.breakdown.black_score, scoring.breakdown.white_score);
    }

    /// CORE-3.2: mapping a final-position and its analyses by a rotation or mirroring maps both control maps and
    /// keeps the score.
    #[test]
    fn symmetric_analyses_give_symmetric_answers(
        final_position in position_on(game_shape()),
        prisoners in prisoners(),
        black_choices in choices(),
        white_choices in choices(),
    ) {
        let ruleset = Ruleset::naj();
        let black = random_phase(&ruleset, Phase::Analysis(Analysis::Black), &final_position, &black_choices);
        let white = random_phase(&ruleset, Phase::Analysis(Analysis::White), &final_position, &white_choices);
        let scoring = analyse(&final_position, prisoners, &black, &white);
        for symmetry in Symmetry::ALL {
            let map = GridMap::new(symmetry, final_position.shared_board()).unwrap();
            let moves = |moves: &[Move]| -> Vec<Move> { moves.iter().map(|&mv| map.mv(mv).unwrap()).collect() };
            let image = analyse(&map.position(&final_position), prisoners, &moves(&black), &moves(&white));
            prop_assert_eq!(&image.black_reference, &map.position(&scoring.black_reference));
            prop_assert_eq!(&image.black_control, &map.set(&scoring.black_control));
            prop_assert_eq!(&image.white_control, &map.set(&scoring.white_control));
            prop_assert_eq!(image.breakdown, scoring.breakdown);
        }
    }

    /// CORE-3.2, KO: a mapped alternation reaches the mapped positions, and every move illegal in one is illegal
    /// in the other for the same reason.
    #[test]
    fn symmetric_alternations_give_symmetric_answers(
        start in position_on(game_shape()),
        alternation_choices in choices(),
        symmetry_index in 0usize..8,
    ) {
        let ruleset = Ruleset::naj();
        let moves = random_phase(&ruleset, Phase::ALTERNATION, &start, &alternation_choices);
        let map = GridMap::new(Symmetry::ALL[symmetry_index], start.shared_board()).unwrap();
        let image_start = map.position(&start);
        let image_moves: Vec<Move> = moves.iter().map(|&mv| map.mv(mv).unwrap()).collect();
        let mut original = Sequence::new(start.clone(), Color::Black, ruleset.sequence_rules());
        let mut image = Sequence::new(image_start, Color::Black, ruleset.sequence_rules());
        for (&mv, &image_mv) in moves.iter().zip(&image_moves) {
            for point in start.board().points() {
                let probe = map.point(point).unwrap();
                prop_assert_eq!(original.legality(Move::Play(point)), image.legality(Move::Play(probe)));
            }
            original.play(mv).unwrap();
            image.play(image_mv).unwrap();
            prop_assert_eq!(image.position(), &map.position(original.position()));
        }
    }

    /// Replaying the same moves from the same start under the same rules gives the same answer.
    #[test]
    fn replay_is_deterministic(start in position_on(game_shape()), alternation_choices in choices()) {
        let ruleset = Ruleset::naj();
        let moves = random_phase(&ruleset, Phase::ALTERNATION, &start, &alternation_choices);
        let first = replay(&ruleset, Phase::ALTERNATION, &start, &moves);
        let second = replay(&ruleset, Phase::ALTERNATION, &start, &moves);
        prop_assert!(first.is_ok());
        prop_assert_eq!(first, second);
    }

    /// CORE-4.2, CORE-5: after any legal play no string is without liberties (with or without suicide allowed).
    #[test]
    fn legal_plays_leave_no_string_without_liberties(
        start in position_on(game_shape()),
        alternation_choices in choices(),
        allow_suicide in any::<bool>(),
    ) {
        let mut ruleset = Ruleset::naj();
        if allow_suicide {
            ruleset.suicide = SuicideRule::Allowed;
        }
        let moves = random_phase(&ruleset, Phase::ALTERNATION, &start, &alternation_choices);
        let replayed = replay(&ruleset, Phase::ALTERNATION, &start, &moves).unwrap();
        for position in replayed.positions() {
            prop_assert!(every_string_has_a_liberty(position), "{}", position);
        }
    }

    /// CORE-4.2: the early-exit walk that finds captures answers as the full string does, on every point of
    /// random positions (strings with and without liberties, empty points).
    #[test]
    fn a_string_without_liberty_is_found_as_the_full_string_says(
        (width, height, cells) in game_shape().prop_flat_map(|(w, h)| (Just(w), Just(h), proptest::collection::vec(0u8..3, w * h))),
    ) {
        // Raw cells, with strings left without liberties (the positions of the other tests have none).
        let board = Arc::new(Board::rectangle(width, height).unwrap());
        let cells: Vec<Option<Color>> = cells
            .into_iter()
            .map(|c| [None, Some(Color::Black), Some(Color::White)][usize::from(c)])
            .collect();
        let position = Position::from_cells(board, &cells).unwrap();
        for p in position.board().points() {
            let full = string_at(&position, p)
                .filter(|s| !s.has_liberty())
                .map(|s| s.stones);
            prop_assert_eq!(string_without_liberty(&position, p), full, "{}", position);
        }
    }

    /// KO-4.1: under positional superko no play ever recreates an earlier position.
    #[test]
    fn positional_superko_never_repeats(start in position_on(game_shape()), alternation_choices in choices()) {
        let mut ruleset = Ruleset::naj();
        ruleset.ko = KoRules::NONE.with(KoRule::PositionalSuperko);
        let moves = random_phase(&ruleset, Phase::ALTERNATION, &start, &alternation_choices);
        let replayed = replay(&ruleset, Phase::ALTERNATION, &start, &moves).unwrap();
        prop_assert!(replayed.outcomes().iter().all(|outcome| outcome.recreates.is_none()));
    }
}

/// Everything a move-sequence shows: its positions, moves, prisoners, passes, occurrences of its last position
/// and which plays are legal now (and why not).
fn observed(sequence: &Sequence) -> String {
    let board = sequence.position().board().clone();
    let legality: Vec<String> = board
        .points()
        .map(|p| format!("{:?}", sequence.legality(Move::Play(p))))
        .collect();
    let occurrences: Vec<usize> = sequence.occurrences(sequence.position()).collect();
    format!(
        "{:?} {:?} {:?} {} {} {:?} {:?}",
        sequence.positions(),
        sequence.moves(),
        sequence.prisoners(),
        sequence.to_move(),
        sequence.consecutive_passes(),
        occurrences,
        legality
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// CORE-7.1: taking back moves (`Sequence::undo`, used by the ko-definition searches) leaves the sequence exactly
    /// as it was before them, under every ko rule and both suicide rules: positions, moves, prisoners, and the
    /// legality of every play.
    #[test]
    fn undo_restores_the_sequence(
        position in position_on(small_shape()),
        choices in choices(),
        back in 0usize..40,
        suicide in any::<bool>(),
        ko_bits in 0u8..64,
    ) {
        let mut ko = KoRules::NONE;
        for (i, rule) in [KoRule::BasicKo, KoRule::FixedKo, KoRule::SimpleKo, KoRule::OnePlay, KoRule::PositionalSuperko, KoRule::SituationalSuperko].into_iter().enumerate() {
            if ko_bits & (1 << i) != 0 {
                ko = ko.with(rule);
            }
        }
        let rules = gorules_ref::sequence::SequenceRules {
            ko,
            suicide: if suicide { SuicideRule::Allowed } else { SuicideRule::Prohibited },
        };
        let mut sequence = Sequence::new(position.clone(), Color::Black, rules);
        let mut seen = vec![observed(&sequence)];
        for &choice in &choices {
            let legal: Vec<Move> = std::iter::once(Move::Pass)
                .chain(position.board().points().map(Move::Play))
                .filter(|&mv| sequence.legality(mv).is_ok())
                .collect();
            let mv = legal[usize::from(choice) % legal.len()];
            sequence.play(mv).expect("a legal move");
            seen.push(observed(&sequence));
        }
        let back = back.min(choices.len());
        for _ in 0..back {
            prop_assert!(sequence.undo().is_some());
            seen.pop();
            prop_assert_eq!(&observed(&sequence), seen.last().expect("the start stays"));
        }
        if back == choices.len() {
            prop_assert!(sequence.undo().is_none(), "nothing to take back at the start");
        }
    }
}
