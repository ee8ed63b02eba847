//! Facts of seed 000's examples (the New Amateur-Japanese Rules) that the cases under `cases/naj/` hold the
//! position and moves of, but no check of theirs states: each test loads the case file through the bridge and
//! asks the reference directly. Everything else seed 000 says is a check of a case, run by the runner's suite.

use std::path::{Path, PathBuf};

use gorules_bridge as bridge;
use gorules_cases::model::{
    Check, Game, GameResult, J89Options, Legality, Replay, Ruleset as CaseRuleset,
};
use gorules_cases::suite::load_case;
use gorules_cases::Case;
use gorules_ref::naj::{
    play_game, replay, AnalysisMoves, GameOutcome, PhaseEnd, Points, ReplayError,
};
use gorules_ref::{control, Color, Illegal, PointSet, Position, Sequence};

fn case_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../cases/naj")
        .join(name)
}

fn case(name: &str) -> Case {
    load_case(&case_file(name))
        .unwrap_or_else(|e| panic!("{name}: {e:?}"))
        .case
}

fn replay_check<'a>(case: &'a Case, name: &str) -> &'a Replay {
    case.checks
        .iter()
        .find_map(|check| match check {
            Check::Replay(r) if r.name == name => Some(r),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{}: no replay check `{name}`", case.id))
}

fn legality_check<'a>(case: &'a Case, name: &str) -> &'a Legality {
    case.checks
        .iter()
        .find_map(|check| match check {
            Check::Legality(l) if l.name == name => Some(l),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{}: no legality check `{name}`", case.id))
}

fn game_check<'a>(case: &'a Case, name: &str) -> &'a Game {
    case.checks
        .iter()
        .find_map(|check| match check {
            Check::Game(g) if g.name == name => Some(g),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{}: no game check `{name}`", case.id))
}

/// The intersections of `position`'s board marked `mark` in `rows` (one character per cell).
fn marked(position: &Position, rows: &[&str], mark: char) -> PointSet {
    let board = position.board();
    let mut set = PointSet::empty(board);
    for (row, text) in rows.iter().enumerate() {
        for (col, symbol) in text.chars().enumerate() {
            if symbol == mark {
                set.insert(board.point_at(col, row).expect("on the board"));
            }
        }
    }
    set
}

/// The replay check `name` of `case`, replayed by the reference under the case's ruleset.
fn replayed(case: &Case, name: &str) -> gorules_ref::naj::Replay {
    let check = replay_check(case, name);
    let ruleset = bridge::naj_ruleset(&case.ruleset).expect("a NAJ ruleset");
    let phase = bridge::phase(check.phase, bridge::to_move(case)).expect("a NAJ phase");
    let start = bridge::position(&case.board).expect("a board");
    let moves = bridge::first_alternative(case, &check.moves).expect("moves");
    replay(&ruleset, phase, &start, &moves).expect("the case's moves replay")
}

#[test]
fn basic_ko_example_1_recapture_is_also_a_simple_ko() {
    // Seed 000, basic-ko example (1): "Under the Japanese 1989 wording the same recapture is forbidden too":
    // White's recapture after Black's play 1, under simple ko (J89-6.2) instead of NAJ's basic ko.
    let case = case("naj-basic-ko-1.yaml");
    let check = legality_check(&case, "white-2-recapture");
    let start = bridge::position(&case.board).unwrap();
    let rules = bridge::sequence_rules(&CaseRuleset::Japanese1989(J89Options::default()));
    let mut sequence = Sequence::new(start.clone(), bridge::to_move(&case), rules);
    let after = bridge::first_alternative(&case, check.after.as_ref().expect("after")).unwrap();
    for mv in after {
        sequence.play(mv).expect("the case's moves are legal");
    }
    let recapture = bridge::first_alternative(&case, &check.mv).unwrap();
    assert_eq!(sequence.legality(recapture[0]), Err(Illegal::SimpleKo));
}

#[test]
fn dead_ko_two_passes_leave_white_without_the_dead_ko() {
    // "Example with two successive passes ending each analysis": "This ends the white-analysis and White cannot
    // control the intersections of the so called dead ko."
    let case = case("naj-analysis-two-passes.yaml");
    let white = replayed(&case, "white-analysis");
    assert_eq!(white.end(), Some(PhaseEnd::Passes(2)));
    let reference = white.last_position();
    assert_eq!(
        control(reference, Color::White),
        marked(reference, &["....WW", "...WWW", "WWWWWW"], 'W')
    );
}

#[test]
fn dead_ko_three_passes_give_white_everything() {
    // "Example with three successive passes ending each analysis": "White controls also the intersections of
    // the dead ko" (every one of the 18).
    let case = case("naj-analysis-three-passes.yaml");
    let white = replayed(&case, "white-analysis");
    let reference = white.last_position();
    assert_eq!(reference.board().len(), 18);
    assert_eq!(
        control(reference, Color::White),
        PointSet::full(reference.board())
    );
}

#[test]
fn the_three_pass_line_is_cut_short_by_the_two_pass_end() {
    // The two-pass end (NAJ-9.2) would have stopped the three-pass example's white-analysis after move 3: its
    // fourth move, the recapture, comes after the end.
    let three = case("naj-analysis-three-passes.yaml");
    let two = case("naj-analysis-two-passes.yaml");
    let check = replay_check(&three, "white-analysis");
    let moves = bridge::first_alternative(&three, &check.moves).unwrap();
    let start = bridge::position(&three.board).unwrap();
    let ruleset = bridge::naj_ruleset(&two.ruleset).unwrap();
    let phase = bridge::phase(check.phase, bridge::to_move(&three)).unwrap();
    assert_eq!(
        replay(&ruleset, phase, &start, &moves),
        Err(ReplayError::AfterEnd { index: 3 })
    );
}

#[test]
fn najn_cycles_recreate_the_start() {
    // NAJ-9.1: the 5x4 double ko (#[afcbed]) and the 9x4 example (#[acbd]) under NAJN: the alternation ends by
    // recreating the start, and the game has no result.
    for name in [
        "naj-discussed-score-minus-19-najn.yaml",
        "naj-discussed-score-minus-27-najn.yaml",
    ] {
        let case = case(name);
        let cycle = replayed(&case, "cycle");
        assert_eq!(
            cycle.end(),
            Some(PhaseEnd::Cycle { recreates: 0 }),
            "{name}"
        );
        let ruleset = bridge::naj_ruleset(&case.ruleset).unwrap();
        let start = bridge::position(&case.board).unwrap();
        let moves = bridge::first_alternative(&case, &replay_check(&case, "cycle").moves).unwrap();
        let analyses = AnalysisMoves::Two {
            black_analysis: vec![],
            white_analysis: vec![],
        };
        let outcome = play_game(&ruleset, &start, bridge::to_move(&case), &moves, &analyses);
        assert!(
            matches!(outcome, Ok(GameOutcome::NoResult { .. })),
            "{name}"
        );
    }
}

#[test]
fn the_5x5_game_with_passive_analyses_scores_as_claimed() {
    // "alternation with Black moving first" on the "empty grid", then the passive strategies of the
    // black-analysis and of the white-analysis: "Result: White wins by 5 points." The game check of
    // naj-game-empty-5x5 claims the same scores at best play (which the runner's solver may not decide); here the
    // whole game is played with the analyses of naj-black-analysis-1 and naj-white-analysis-1, whose board is
    // that game's final-position.
    let game_case = case("naj-game-empty-5x5.yaml");
    let claimed = game_check(&game_case, "score");
    let black_case = case("naj-black-analysis-1.yaml");
    let white_case = case("naj-white-analysis-1.yaml");
    let black = replay_check(&black_case, "black-analysis");
    let white = replay_check(&white_case, "white-analysis");
    let analyses = AnalysisMoves::Two {
        black_analysis: bridge::first_alternative(&black_case, &black.moves).unwrap(),
        white_analysis: bridge::first_alternative(&white_case, &white.moves).unwrap(),
    };
    let start = bridge::position(&game_case.board).unwrap();
    let alternation = bridge::first_alternative(
        &game_case,
        claimed.alternation.as_ref().expect("an alternation"),
    )
    .unwrap();
    let ruleset = bridge::naj_ruleset(&game_case.ruleset).unwrap();
    let Ok(GameOutcome::Scored {
        alternation,
        scoring,
    }) = play_game(
        &ruleset,
        &start,
        bridge::to_move(&game_case),
        &alternation,
        &analyses,
    )
    else {
        panic!("the game is scored")
    };
    assert_eq!(
        *alternation.last_position(),
        bridge::position(&black_case.board).unwrap()
    );
    let breakdown = scoring.breakdown;
    let score = |v: Option<i32>| i64::from(v.expect("claimed"));
    assert_eq!(breakdown.black_score, score(claimed.black_score));
    assert_eq!(breakdown.white_score, score(claimed.white_score));
    assert_eq!(breakdown.board_score, score(claimed.score));
    assert_eq!(breakdown.prisoner_difference, 0);
    assert_eq!(breakdown.score, Points::whole(score(claimed.score)));
    assert_eq!(claimed.result, Some(GameResult::WhiteWins));
    assert_eq!(breakdown.result.to_string(), "W+5");
}
