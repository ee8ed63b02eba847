//! The examples of seed 000 (New Amateur-Japanese Rules, `shared/seeds/000_d2c866efab51ca55.txt`), each cited by
//! the words that introduce it there. Diagrams are the seed's with the spaces taken out; numbered moves are
//! written as `at(col, row)` plays in the seed's order.

mod common;

use common::{at, labels, letter_moves, marked, pos};
use gorules_ref::naj::{
    analyse_and_score, play_game, replay, Analyses, Analysis, AnalysisMoves, GameOutcome, Phase,
    PhaseEnd, ReplayError, ScoreResult,
};
use gorules_ref::{
    control, ByColor, Color, Illegal, KoRules, Move, Position, Ruleset, Sequence, SequenceRules,
};

fn naj_sequence(start: &Position, to_move: Color) -> Sequence {
    Sequence::new(
        start.clone(),
        to_move,
        SequenceRules {
            ko: KoRules::naj(),
            ..SequenceRules::default()
        },
    )
}

fn play_all(sequence: &mut Sequence, moves: &[Move]) {
    for &mv in moves {
        sequence
            .play(mv)
            .unwrap_or_else(|reason| panic!("{mv} refused: {reason}"));
    }
}

#[test]
fn basic_ko_example_1() {
    // "position with Black to move" / "position after prohibited White play 2": White may not recapture.
    let start = pos(&["......", "..#O..", ".#O.O.", "..#O..", "......"]);
    let mut sequence = naj_sequence(&start, Color::Black);
    play_all(&mut sequence, &[at(&start, 3, 2)]);
    assert_eq!(
        sequence.position().rows(),
        ["......", "..#O..", ".#.#O.", "..#O..", "......"]
    );
    assert_eq!(sequence.legality(at(&start, 2, 2)), Err(Illegal::BasicKo));
    // Under the Japanese 1989 wording the same recapture is forbidden too.
    let mut simple = Sequence::new(
        start.clone(),
        Color::Black,
        SequenceRules {
            ko: KoRules::NONE.with(gorules_ref::KoRule::SimpleKo),
            ..SequenceRules::default()
        },
    );
    play_all(&mut simple, &[at(&start, 3, 2)]);
    assert_eq!(simple.legality(at(&start, 2, 2)), Err(Illegal::SimpleKo));
}

#[test]
fn basic_ko_example_2() {
    // "(2) position with Black to move" / "prohibited play P for White".
    let start = pos(&["#####", ".#O#O", "#O.O.", "OOOOO"]);
    let mut sequence = naj_sequence(&start, Color::Black);
    play_all(&mut sequence, &[at(&start, 2, 2)]);
    assert_eq!(
        sequence.position().rows(),
        ["#####", ".#.#O", "#O#O.", "OOOOO"]
    );
    assert_eq!(sequence.legality(at(&start, 2, 1)), Err(Illegal::BasicKo));
    // "Instead White might play in the left basic ko or pass."
    assert_eq!(sequence.legality(at(&start, 0, 1)), Ok(()));
    assert_eq!(sequence.legality(Move::Pass), Ok(()));
}

#[test]
fn fixed_ko_example_1() {
    // The fixed-ko rule example (1): plays 1 to 3 recreate the start, White passes, Black's play 5 is prohibited.
    let start = pos(&[".##.O", "#OOOO", ".O###", "OO#.#", "####."]);
    let mut sequence = naj_sequence(&start, Color::Black);
    play_all(&mut sequence, &[at(&start, 0, 2)]);
    assert_eq!(
        sequence.position().rows(),
        [".##.O", "#OOOO", "#O###", "OO#.#", "####."]
    );
    play_all(&mut sequence, &[at(&start, 0, 0)]);
    assert_eq!(
        sequence.position().rows(),
        ["O##.O", ".OOOO", ".O###", "OO#.#", "####."]
    );
    // "The fixed-ko rule does not prohibit Black's play 3".
    play_all(&mut sequence, &[at(&start, 0, 1)]);
    assert_eq!(*sequence.position(), start);
    // "Therefore White is not prevented from passing."
    play_all(&mut sequence, &[Move::Pass]);
    // "The fixed-ko rule prohibits Black's play 5".
    assert_eq!(sequence.legality(at(&start, 0, 2)), Err(Illegal::FixedKo));
}

/// The 5x4 double ko of fixed-ko example (2) and of the "this will also be the final-position" example.
const DOUBLE_KO: [&str; 4] = ["#####", ".#O#O", "#O.O.", "OOOOO"];

fn double_ko_cycle(start: &Position) -> Vec<Move> {
    vec![
        at(start, 2, 2),
        at(start, 0, 1),
        at(start, 4, 2),
        at(start, 2, 1),
        at(start, 0, 2),
        at(start, 4, 1),
    ]
}

#[test]
fn fixed_ko_example_2() {
    // "(2)" of the fixed-ko rule: after plays 1 to 6 "Black may not play at B because of the basic-ko rule. The
    // fixed-ko rule prohibits P".
    let start = pos(&DOUBLE_KO);
    let mut sequence = naj_sequence(&start, Color::Black);
    let cycle = double_ko_cycle(&start);
    let expected_after = [
        ["#####", ".#.#O", "#O#O.", "OOOOO"],
        ["#####", "O#.#O", ".O#O.", "OOOOO"],
        ["#####", "O#.#.", ".O#O#", "OOOOO"],
        ["#####", "O#O#.", ".O.O#", "OOOOO"],
        ["#####", ".#O#.", "#O.O#", "OOOOO"],
        DOUBLE_KO,
    ];
    for (mv, rows) in cycle.iter().zip(expected_after) {
        play_all(&mut sequence, &[*mv]);
        assert_eq!(sequence.position().rows(), rows);
    }
    assert_eq!(sequence.legality(at(&start, 4, 2)), Err(Illegal::BasicKo));
    assert_eq!(sequence.legality(at(&start, 2, 2)), Err(Illegal::FixedKo));
    play_all(&mut sequence, &[Move::Pass, Move::Pass]);
    assert_eq!(*sequence.position(), start);
}

#[test]
fn double_ko_final_position_scores_minus_19() {
    // "As we have seen earlier, this will also be the final-position": the black-analysis leaves Black nothing,
    // the white-analysis ("Let us suppose strong Black attacks") gives White everything, "The score is 19 points
    // for White".
    let ruleset = Ruleset::naj();
    let final_position = pos(&DOUBLE_KO);
    let f = &final_position;
    let black_analysis = vec![at(f, 0, 1), Move::Pass, Move::Pass, Move::Pass];
    let mut white_analysis = double_ko_cycle(f);
    white_analysis.extend([
        Move::Pass,
        at(f, 0, 1),
        Move::Pass,
        at(f, 1, 0),
        Move::Pass,
        at(f, 3, 0),
    ]);
    white_analysis.extend([Move::Pass, Move::Pass, Move::Pass]);
    let analyses = AnalysisMoves::Two {
        black_analysis,
        white_analysis: white_analysis.clone(),
    };
    let scoring = analyse_and_score(&ruleset, f, ByColor::default(), &analyses).unwrap();
    assert_eq!(
        scoring.black_reference.rows(),
        [".....", "O.O.O", ".O.O.", "OOOOO"]
    );
    assert_eq!(
        scoring.white_reference.rows(),
        [".O.O.", "O.O.O", ".O.O.", "OOOOO"]
    );
    assert!(
        scoring.black_control.is_empty(),
        "Black controls nothing in the final-position"
    );
    assert_eq!(
        scoring.white_control.len(),
        20,
        "White controls all intersections in the final-position"
    );
    assert_eq!(
        (scoring.breakdown.black_score, scoring.breakdown.white_score),
        (0, 19)
    );
    assert_eq!(scoring.breakdown.score.to_string(), "-19");
    assert_eq!(scoring.breakdown.result.to_string(), "W+19");

    // "Due to the fixed-ko rule, Black may not capture the middle white ko stone. Due to the basic-ko rule, Black
    // may not capture the right white ko stone."
    let replayed = replay(
        &ruleset,
        Phase::Analysis(Analysis::White),
        f,
        &[white_analysis[..6].to_vec(), vec![at(f, 2, 2)]].concat(),
    );
    assert_eq!(
        replayed,
        Err(ReplayError::Illegal {
            index: 6,
            mv: at(f, 2, 2),
            reason: Illegal::FixedKo
        })
    );
}

#[test]
fn the_5x5_game_from_the_empty_grid() {
    // "alternation with Black moving first" on the "empty grid"; "Result: White wins by 5 points." with the
    // passive strategies of the black-analysis and of the white-analysis.
    let ruleset = Ruleset::naj();
    let empty = pos(&["....."; 5]);
    let e = &empty;
    let numbered = [
        (2, 1),
        (2, 2),
        (1, 1),
        (3, 2),
        (3, 1),
        (1, 2),
        (0, 1),
        (0, 2),
        (4, 3),
        (2, 3),
        (4, 1),
        (4, 2),
    ];
    let mut alternation: Vec<Move> = numbered.iter().map(|&(col, row)| at(e, col, row)).collect();
    alternation.extend([Move::Pass, Move::Pass]);
    let p = Move::Pass;
    let black_analysis = vec![p, at(e, 2, 0), p, at(e, 0, 0), p, at(e, 4, 0), p, p, p];
    let white_analysis = vec![
        p,
        at(e, 2, 4),
        p,
        at(e, 0, 3),
        p,
        at(e, 1, 4),
        p,
        at(e, 3, 3),
        p,
        at(e, 4, 4),
        p,
        p,
        p,
    ];
    let analyses = AnalysisMoves::Two {
        black_analysis,
        white_analysis,
    };
    let GameOutcome::Scored {
        alternation,
        scoring,
    } = play_game(&ruleset, e, Color::Black, &alternation, &analyses).unwrap()
    else {
        panic!("the game is scored")
    };
    assert_eq!(
        alternation.last_position().rows(),
        [".....", "#####", "OOOOO", "..O.#", "....."]
    );
    assert_eq!(
        scoring.black_reference.rows(),
        ["#.#.#", "#####", "OOOOO", "..O.#", "....."]
    );
    assert_eq!(
        scoring.white_reference.rows(),
        [".....", "#####", "OOOOO", "O.OO.", ".OO.O"]
    );
    let board = scoring.final_position.board();
    assert_eq!(
        scoring.black_control,
        marked(board, &["BBBBB", "BBBBB", ".....", ".....", "....."], 'B')
    );
    assert_eq!(
        scoring.white_control,
        marked(board, &[".....", ".....", "WWWWW", "WWWWW", "WWWWW"], 'W')
    );
    let breakdown = scoring.breakdown;
    assert_eq!(
        (
            breakdown.black_score,
            breakdown.white_score,
            breakdown.board_score
        ),
        (5, 10, -5)
    );
    assert_eq!(breakdown.prisoner_difference, 0);
    assert_eq!(
        breakdown.result,
        ScoreResult::of(gorules_ref::naj::Points::whole(-5))
    );
    assert_eq!(breakdown.result.to_string(), "W+5");
}

#[test]
fn the_5x5_analyses_with_aggressive_strategies() {
    // "(2) In this example, aggressive strategies are used during the black-analysis." and the same for the
    // white-analysis: the players control the same intersections as with passive strategies.
    let ruleset = Ruleset::naj();
    let f = &pos(&[".....", "#####", "OOOOO", "..O.#", "....."]);
    let p = Move::Pass;
    let black_analysis = vec![
        at(f, 2, 0),
        at(f, 2, 4),
        at(f, 1, 0),
        at(f, 3, 0),
        at(f, 1, 4),
        at(f, 1, 3),
        at(f, 0, 3),
        at(f, 0, 0),
    ];
    let black_analysis = [black_analysis, vec![p, at(f, 2, 0), p, p, p]].concat();
    let black = replay(
        &ruleset,
        Phase::Analysis(Analysis::Black),
        f,
        &black_analysis,
    )
    .unwrap();
    assert_eq!(black.end(), Some(PhaseEnd::Passes(3)));
    assert_eq!(
        black.last_position().rows(),
        ["#.##.", "#####", "OOOOO", "O.O.#", ".O#.."]
    );
    assert_eq!(control(black.last_position(), Color::Black).len(), 10);

    let white_analysis = [
        vec![
            at(f, 2, 4),
            at(f, 2, 0),
            at(f, 3, 4),
            at(f, 1, 4),
            at(f, 0, 3),
            at(f, 1, 3),
            at(f, 3, 3),
            at(f, 4, 4),
        ],
        vec![
            at(f, 3, 4),
            at(f, 4, 3),
            p,
            at(f, 1, 0),
            at(f, 3, 0),
            at(f, 0, 4),
            p,
            at(f, 2, 4),
            p,
            at(f, 3, 3),
        ],
        vec![p, p, p],
    ]
    .concat();
    let white = replay(
        &ruleset,
        Phase::Analysis(Analysis::White),
        f,
        &white_analysis,
    )
    .unwrap();
    assert_eq!(
        white.positions()[8].rows(),
        ["..O..", "#####", "OOOOO", "#OO..", ".O..O"]
    );
    assert_eq!(
        white.last_position().rows(),
        [".OO#.", "#####", "OOOOO", ".OOOO", "OOO.O"]
    );
    let board = f.board();
    assert_eq!(
        control(white.last_position(), Color::White),
        marked(board, &[".....", ".....", "WWWWW", "WWWWW", "WWWWW"], 'W')
    );
}

/// The 6x3 final-position with a dead ko of "Example with two successive passes ending each analysis".
const DEAD_KO: [&str; 3] = [".#O.OO", "###OO.", "OOOO.O"];

#[test]
fn dead_ko_with_two_passes_ending_the_analysis() {
    // "The moves 2 and 3 are passes. This ends the white-analysis and White cannot control the intersections of the
    // so called dead ko."
    let mut ruleset = Ruleset::naj();
    ruleset.naj.analysis_end_passes = 2;
    let f = &pos(&DEAD_KO);
    let white = replay(
        &ruleset,
        Phase::Analysis(Analysis::White),
        f,
        &[at(f, 3, 0), Move::Pass, Move::Pass],
    )
    .unwrap();
    assert_eq!(white.end(), Some(PhaseEnd::Passes(2)));
    assert_eq!(white.last_position().rows(), [".#.#OO", "###OO.", "OOOO.O"]);
    let controlled = control(white.last_position(), Color::White);
    assert_eq!(
        controlled,
        marked(f.board(), &["....WW", "...WWW", "WWWWWW"], 'W')
    );
}

#[test]
fn dead_ko_with_three_passes_ending_the_analysis() {
    // "Example with three successive passes ending each analysis": "The basic-ko rule does not prohibit White to
    // recapture now", and "White controls also the intersections of the dead ko".
    let ruleset = Ruleset::naj();
    let f = &pos(&DEAD_KO);
    let p = Move::Pass;
    // After White's pass 2, the basic-ko rule forbids nothing for Black... and after Black's play 1, White may
    // not recapture at once.
    let early = replay(
        &ruleset,
        Phase::Analysis(Analysis::White),
        f,
        &[at(f, 3, 0), at(f, 2, 0)],
    );
    assert_eq!(
        early,
        Err(ReplayError::Illegal {
            index: 1,
            mv: at(f, 2, 0),
            reason: Illegal::BasicKo
        })
    );
    let moves = [
        at(f, 3, 0),
        p,
        p,
        at(f, 2, 0),
        p,
        at(f, 0, 0),
        p,
        at(f, 1, 1),
        p,
        p,
        p,
    ];
    let white = replay(&ruleset, Phase::Analysis(Analysis::White), f, &moves).unwrap();
    assert_eq!(white.positions()[4].rows(), [".#O.OO", "###OO.", "OOOO.O"]);
    assert_eq!(white.positions()[6].rows(), ["O.O.OO", "...OO.", "OOOO.O"]);
    assert_eq!(white.last_position().rows(), ["O.O.OO", ".O.OO.", "OOOO.O"]);
    assert_eq!(control(white.last_position(), Color::White).len(), 18);
    // The two-pass end would have stopped this analysis after move 3: the third pass is what lets White recapture.
    let mut two = Ruleset::naj();
    two.naj.analysis_end_passes = 2;
    assert_eq!(
        replay(&two, Phase::Analysis(Analysis::White), f, &moves),
        Err(ReplayError::AfterEnd { index: 3 })
    );
}

#[test]
fn four_by_two_everything_black() {
    // The 4x2 final-position ". . . . / # # # #": black-analysis O[pbpdppp], white-analysis #[bppp];
    // "each intersection is controlled by Black, none of the intersections is controlled by White".
    let ruleset = Ruleset::naj();
    let f = &pos(&["....", "####"]);
    let names = labels(f.board(), &["abcd", "...."]);
    let analyses = AnalysisMoves::Two {
        black_analysis: letter_moves(&names, "pbpdppp"),
        white_analysis: letter_moves(&names, "bppp"),
    };
    let scoring = analyse_and_score(&ruleset, f, ByColor::default(), &analyses).unwrap();
    assert_eq!(scoring.black_reference.rows(), [".#.#", "####"]);
    assert_eq!(scoring.white_reference.rows(), [".#..", "####"]);
    assert_eq!(scoring.black_control.len(), 8);
    assert!(scoring.white_control.is_empty());
}

#[test]
fn four_by_seven_left_white_right_black() {
    // The 4x7 final-position with labels z, u, a to e: "Black does not control the intersections b or c" and
    // "White does not control the intersection e".
    let ruleset = Ruleset::naj();
    let f = &pos(&[".O#.", "OO##", ".O#.", "OO##", ".O#.", "#O#O", "#O##"]);
    let names = labels(
        f.board(),
        &["zO#u", "OO##", ".O#.", "OO##", "aO#d", "bO#e", "cO##"],
    );
    let analyses = AnalysisMoves::Two {
        black_analysis: letter_moves(&names, "pdppp"),
        white_analysis: letter_moves(&names, "dacbppeppp"),
    };
    let scoring = analyse_and_score(&ruleset, f, ByColor::default(), &analyses).unwrap();
    assert_eq!(
        scoring.black_reference.rows(),
        [".O#.", "OO##", ".O#.", "OO##", ".O##", "#O#.", "#O##"]
    );
    assert_eq!(
        scoring.white_reference.rows(),
        [".O#.", "OO##", ".O#.", "OO##", "OO##", "OO##", ".O##"]
    );
    let board = f.board();
    assert_eq!(scoring.black_control, marked(board, &["..BB"; 7], 'B'));
    assert_eq!(scoring.white_control, marked(board, &["WW.."; 7], 'W'));
}

#[test]
fn five_by_two_nobody_controls_anything() {
    // The 5x2 final-position ". O O O . / # # # # #": "none of the intersections is controlled by Black,
    // controlled by White, or even controlled by both players".
    let ruleset = Ruleset::naj();
    let f = &pos(&[".OOO.", "#####"]);
    let names = labels(f.board(), &["aOOOb", "#####"]);
    let analyses = AnalysisMoves::Two {
        black_analysis: letter_moves(&names, "ppp"),
        white_analysis: letter_moves(&names, "pabppp"),
    };
    let scoring = analyse_and_score(&ruleset, f, ByColor::default(), &analyses).unwrap();
    assert_eq!(scoring.white_reference.rows(), ["....#", "#####"]);
    assert!(scoring.black_control.is_empty());
    assert!(scoring.white_control.is_empty());
    // "In this reference position, none of the black stones is immortal: O[apbppp]".
    let attack = replay(
        &ruleset,
        Phase::Analysis(Analysis::Black),
        f,
        &letter_moves(&names, "apbppp"),
    )
    .unwrap();
    assert_eq!(attack.last_position().rows(), ["OOOOO", "....."]);
}

fn scored(
    rows: &[&str],
    label_rows: &[&str],
    black_analysis: &str,
    white_analysis: &str,
) -> gorules_ref::naj::Scoring {
    let f = pos(rows);
    let names = labels(f.board(), label_rows);
    let analyses = AnalysisMoves::Two {
        black_analysis: letter_moves(&names, black_analysis),
        white_analysis: letter_moves(&names, white_analysis),
    };
    analyse_and_score(&Ruleset::naj(), &f, ByColor::default(), &analyses).unwrap()
}

#[test]
fn six_by_five_score_minus_3() {
    // "The following examples are discussed for NAJ and NAJN", the first: "Score = -3."
    let scoring = scored(
        &[".##O.O", "O##OO.", "#OOOOO", "######", "###.#."],
        &["aceO.O", "bdfOO.", "#OOOOO", "######", "###.#."],
        "pabdcaebfppp",
        "padcefacbeppp",
    );
    let board = scoring.final_position.board();
    let map = ["BWWWWW", "BBWWWW", "BWWWWW", "BBBBBB", "BBBBBB"];
    assert_eq!(scoring.black_control, marked(board, &map, 'B'));
    assert_eq!(scoring.white_control, marked(board, &map, 'W'));
    assert_eq!(scoring.breakdown.score.to_string(), "-3");
}

#[test]
fn ing_six_by_nine_score_3() {
    // "[Acknowledgement: Ing Chang-ki]": "score = 3", with every listed variation of both analyses.
    let rows = [
        ".#####", "##.#O#", "OO#O.O", ".OOOOO", "O#####", "##.#.#", "######", "OOOOOO", "OO.O.O",
    ];
    let label_rows = [
        "z#####", "##c#e#", "OOdOfO", "aOOOOO", "b#####", "##.#.#", "######", "OOOOOO", "OO.O.O",
    ];
    for black in ["pacbzppp", "pfcaedbppacbzppp"] {
        for white in [
            "acfbdepcfpaedbfcpedppp",
            "acfbdepcfppedpfcaedbppp",
            "acfbdeppfcaedbpcfppedppp",
        ] {
            let scoring = scored(&rows, &label_rows, black, white);
            let board = scoring.final_position.board();
            let map = [
                "......", "......", "......", "B.....", "BBBBBB", "BBBBBB", "BBBBBB", "WWWWWW",
                "WWWWWW",
            ];
            assert_eq!(
                scoring.black_control,
                marked(board, &map, 'B'),
                "{black} / {white}"
            );
            assert_eq!(
                scoring.white_control,
                marked(board, &map, 'W'),
                "{black} / {white}"
            );
            assert_eq!(
                scoring.breakdown.score.to_string(),
                "3",
                "{black} / {white}"
            );
        }
    }
}

#[test]
fn eleven_by_six_score_8() {
    // The 11x6 example after the Ing example: "score = 8".
    let scoring = scored(
        &[
            ".OO.O.O#.#O",
            "O##OOOO##OO",
            "##.##O##O.O",
            ".###O####OO",
            "##OOOOO##.O",
            "OOO.O.O###O",
        ],
        &[
            "bcdeOfO#ghO",
            "a##OOOO##OO",
            "##.##O##ijO",
            ".###O####OO",
            "##OOOOO##kO",
            "OOO.O.O###O",
        ],
        "pbgedckepdppp",
        "pgjppihppp",
    );
    let board = scoring.final_position.board();
    let map = [
        "BBBB.......",
        "BBB........",
        "BBBBB......",
        "BBBBW......",
        "BBWWWWW....",
        "WWWWWWW....",
    ];
    assert_eq!(scoring.black_control, marked(board, &map, 'B'));
    assert_eq!(scoring.white_control, marked(board, &map, 'W'));
    assert_eq!(scoring.breakdown.score.to_string(), "8");
}

#[test]
fn nine_by_eight_score_3() {
    // The 9x8 example whose notes begin "The concept controls under the basic-fixed-ko rules produces an
    // unexpected result": "score = 3".
    let scoring = scored(
        &[
            "###.O#.#O",
            ".OOOO##OO",
            "OOOOO#O.O",
            ".OOOO##OO",
            "O###O##.O",
            "#####O###",
            ".#.#OOOOO",
            "####OO.O.",
        ],
        &[
            "defgO#hiO",
            "cOOOO##OO",
            "OOOOO#jkO",
            "bOOOO##OO",
            "a###O##lO",
            "#####O###",
            ".#.#OOOOO",
            "####OO.O.",
        ],
        "pcgedchkdbfappp",
        "pcpgehkpjippp",
    );
    let board = scoring.final_position.board();
    let map = [
        ".........",
        ".........",
        ".........",
        "B........",
        "BBBB.....",
        "BBBBBW...",
        "BBBBWWWWW",
        "BBBBWWWWW",
    ];
    assert_eq!(scoring.black_control, marked(board, &map, 'B'));
    assert_eq!(scoring.white_control, marked(board, &map, 'W'));
    assert_eq!(scoring.breakdown.score.to_string(), "3");
}

#[test]
fn six_by_four_white_to_move_after_black_ko_capture_score_5() {
    // "alternation, White to move just after Black's ko-capture": O[pdpp], "final-position: prisoner-difference
    // = 2", both analyses passes only, "score = 5".
    let ruleset = Ruleset::naj();
    let start = pos(&["OOO#O.", ".O#.#O", "OO####", ".O#.#."]);
    let names = labels(start.board(), &["OOOacd", ".O#b#e", "OO####", ".O#.#."]);
    let analyses = AnalysisMoves::Two {
        black_analysis: letter_moves(&names, "ppp"),
        white_analysis: letter_moves(&names, "ppp"),
    };
    let outcome = play_game(
        &ruleset,
        &start,
        Color::White,
        &letter_moves(&names, "pdpp"),
        &analyses,
    )
    .unwrap();
    let GameOutcome::Scored {
        alternation,
        scoring,
    } = outcome
    else {
        panic!("the game is scored")
    };
    assert_eq!(
        alternation.last_position().rows(),
        ["OOO#.#", ".O#.#.", "OO####", ".O#.#."]
    );
    let board = scoring.final_position.board();
    let map = ["WWWBBB", "WWBBBB", "WWBBBB", "WWBBBB"];
    assert_eq!(scoring.black_control, marked(board, &map, 'B'));
    assert_eq!(scoring.white_control, marked(board, &map, 'W'));
    assert_eq!(scoring.breakdown.prisoner_difference, 2);
    assert_eq!(scoring.breakdown.score.to_string(), "5");
}

#[test]
fn double_ko_cycle_is_a_no_result_under_najn() {
    // "Black to move during the alternation" (5x4): "NAJN: Alternation: #[afcbed] ... end the game in a no-result";
    // "NAJ: Alternation: #[afcbedpp]", black-analysis O[fppp]: Black controls nothing.
    let start = pos(&["OOOOO", ".O.O#", "O#O#.", "#####"]);
    let names = labels(start.board(), &["OOOOO", "aOcOe", "b#d#f", "#####"]);
    let najn = replay(
        &Ruleset::najn(),
        Phase::ALTERNATION,
        &start,
        &letter_moves(&names, "afcbed"),
    )
    .unwrap();
    assert_eq!(najn.end(), Some(PhaseEnd::Cycle { recreates: 0 }));
    let naj = replay(
        &Ruleset::naj(),
        Phase::ALTERNATION,
        &start,
        &letter_moves(&names, "afcbedpp"),
    )
    .unwrap();
    assert_eq!(naj.end(), Some(PhaseEnd::Passes(2)));
    assert_eq!(*naj.last_position(), start);
    let black = replay(
        &Ruleset::naj(),
        Phase::Analysis(Analysis::Black),
        &start,
        &letter_moves(&names, "fppp"),
    )
    .unwrap();
    assert!(control(black.last_position(), Color::Black).is_empty());
    // Under NAJN the game has no result.
    let analyses = AnalysisMoves::Two {
        black_analysis: vec![],
        white_analysis: vec![],
    };
    let outcome = play_game(
        &Ruleset::najn(),
        &start,
        Color::Black,
        &letter_moves(&names, "afcbed"),
        &analyses,
    );
    assert!(matches!(outcome, Ok(GameOutcome::NoResult { .. })));
}

#[test]
fn nine_by_four_cycle_is_a_no_result_under_najn() {
    // The 9x4 example: "NAJN: Alternation: #[acbd] ... no-result".
    let start = pos(&[".O.#.O#..", "#OOO##OOO", "#####OO.O", "OOOOOO.OO"]);
    let names = labels(
        start.board(),
        &["efabcdjkl", "#ghi##OOO", "#####OO.O", "OOOOOO.OO"],
    );
    let najn = replay(
        &Ruleset::najn(),
        Phase::ALTERNATION,
        &start,
        &letter_moves(&names, "acbd"),
    )
    .unwrap();
    assert_eq!(najn.end(), Some(PhaseEnd::Cycle { recreates: 0 }));
}

#[test]
fn single_analysis_seki_and_bent_four() {
    // "Example with only one analysis (this does not agree with the New Amateur-Japanese Rules)", example (3):
    // "Black 1, White 2, Black 3 are passes", "White controls nothing", "The score is 2 favouring Black."
    let mut ruleset = Ruleset::naj();
    ruleset.naj.analyses = Analyses::Single;
    let f = pos(&["###.O#OO.#", ".OOOO#OO.#", "OO#####O##", "###.#.#O##"]);
    let analyses = AnalysisMoves::Single(vec![Move::Pass; 3]);
    let scoring = analyse_and_score(&ruleset, &f, ByColor::default(), &analyses).unwrap();
    let board = f.board();
    assert_eq!(
        scoring.black_control,
        marked(
            board,
            &[".....B....", ".....B....", "..BBBBB...", "BBBBBBB..."],
            'B'
        )
    );
    assert!(scoring.white_control.is_empty());
    assert_eq!(scoring.breakdown.score.to_string(), "2");
}

#[test]
fn robert_pauli_seven_by_four_score_1() {
    // "[Acknowledgement: Robert Pauli]": "alternation, White to move just after Black's ko-capture", "NAJ, NAJN:
    // O[pp] is legal.", black-analysis O[dabcpeppp], white-analysis #[ebpapzppp], "score = 1".
    let start = pos(&["O.OO#O.", "..O#.#O", "O.O####", ".#O#.#."]);
    let names = labels(start.board(), &["O.OOcOe", ".aO#d#f", "ObO####", "z#O#.#."]);
    let analyses = AnalysisMoves::Two {
        black_analysis: letter_moves(&names, "dabcpeppp"),
        white_analysis: letter_moves(&names, "ebpapzppp"),
    };
    for ruleset in [Ruleset::naj(), Ruleset::najn()] {
        let outcome = play_game(
            &ruleset,
            &start,
            Color::White,
            &letter_moves(&names, "pp"),
            &analyses,
        )
        .unwrap();
        let GameOutcome::Scored { scoring, .. } = outcome else {
            panic!("the game is scored")
        };
        assert_eq!(
            scoring.breakdown.score.to_string(),
            "1",
            "{:?}",
            scoring.breakdown
        );
    }
}
