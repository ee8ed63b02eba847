//! SOLVER status: the reference engine claims `naj-best-play`, and the suite runs every check that needs it with the
//! engine's default allowance (PROTO-3.13: 2.25 million nodes a search with the informed settings since 2026-11-27,
//! SOLVER-8.11; 1.5 million before that day's afternoon, SOLVER-8.10, and 1 million with the plain settings before
//! that); a check it cannot decide there is reported as undecided (PROTO-7.2), which does not fail the run. The
//! twenty-six checks whose claims the solver decides there (of the 54 that need the feature; naj-discussed-score-2's
//! control map and score and two checks of the 1000-year ko with their errata; naj-discussed-score-minus-36's control
//! map and score since SOLVER-3.14) are run here through the runner and
//! the protocol like any other check, at the default allowance, and each must pass: undecided is not enough. So a change that breaks the solver, slows
//! it past the default allowance, or breaks a claim of these cases turns CI red. One more test shows that the plain
//! settings (`in-process --naj-search plain`, PROTO-8.1) leave a check undecided that the default decides. Two more
//! run with 30 million nodes a search (SOLVER-8.16): claims the suite leaves undecided at its default, which the
//! solver decides, as the seed says, beyond it.

mod decided;

use gorules_runner::summary::Outcome;
use gorules_runner::Options;
use std::time::Duration;

/// The options of a run against the reference engine in-process with `flags` (PROTO-8.1), with `nodes` for each
/// search (the engine's default if `None`).
fn options(flags: &str, nodes: Option<u64>) -> Options {
    Options {
        solver_nodes: nodes,
        timeout: Duration::from_secs(600),
        launch: gorules_runner::gtp::Launch::program(&format!("in-process{flags}")),
        ..Options::default()
    }
}

/// Runs the one check named `name` against the reference engine at its default allowance; it must pass.
fn run(name: &str) {
    decided::must_pass(name, options("", None));
}

#[test]
fn the_1000_year_ko_black_to_move_black_ko_stone_variation_4() {
    run("naj::naj-1000-year-ko-black-to-move-black-ko-stone::variation-4-score");
}

#[test]
fn the_1000_year_ko_black_to_move_white_ko_stone_variation_5() {
    run("naj::naj-1000-year-ko-black-to-move-white-ko-stone::variation-5-score");
}

#[test]
fn the_1000_year_ko_white_to_move_black_ko_stone_variation_4() {
    run("naj::naj-1000-year-ko-white-to-move-black-ko-stone::variation-4");
}

/// With the erratum of its value, board-score and prisoner-difference (14, 8, 6: CASE-6), since SOLVER-3.13's
/// conceded regions.
#[test]
fn the_1000_year_ko_black_to_move_white_ko_stone_variation_2() {
    run("naj::naj-1000-year-ko-black-to-move-white-ko-stone::variation-2-score");
}

/// With the erratum of its value (14: CASE-6), since SOLVER-3.13's conceded regions.
#[test]
fn the_1000_year_ko_white_to_move_white_ko_stone_variation_3() {
    run("naj::naj-1000-year-ko-white-to-move-white-ko-stone::variation-3");
}

#[test]
fn the_score_of_minus_19() {
    run("naj::naj-discussed-score-minus-19::score");
}

#[test]
fn the_white_analysis_of_minus_19() {
    run("naj::naj-discussed-score-minus-19::white-analysis-best-play");
}

#[test]
fn the_black_analysis_of_minus_27() {
    run("naj::naj-discussed-score-minus-27::black-analysis-best-play");
}

#[test]
fn the_1000_year_ko_black_to_move_white_ko_stone_variation_3() {
    run("naj::naj-1000-year-ko-black-to-move-white-ko-stone::variation-3-score");
}

#[test]
fn the_control_of_minus_19() {
    run("naj::naj-discussed-score-minus-19::control");
}

#[test]
fn the_1000_year_ko_final_black_ko_stone_black_analysis_variation_2() {
    run("naj::naj-1000-year-ko-final-black-ko-stone::black-analysis-2-black-score");
}

#[test]
fn the_white_analysis_of_the_two_analyses_conclusion() {
    run("naj::naj-two-analyses-conclusion::white-analysis-value");
}

#[test]
fn the_score_of_the_game_on_the_empty_5x5_board() {
    run("naj::naj-game-empty-5x5::score");
}

#[test]
fn the_white_analysis_of_the_final_with_blacks_ko_stone() {
    run("naj::naj-1000-year-ko-final-black-ko-stone::white-analysis-conclusion");
}

#[test]
fn the_score_of_the_connected_1000_year_ko() {
    run("naj::naj-1000-year-ko-connected::score");
}

#[test]
fn variation_1_black_to_move_black_ko_stone() {
    run("naj::naj-1000-year-ko-black-to-move-black-ko-stone::variation-1");
}

#[test]
fn variation_1_white_to_move_black_ko_stone() {
    run("naj::naj-1000-year-ko-white-to-move-black-ko-stone::variation-1");
}

/// SOLVER-8.10: the plain settings (the default until 2026-11-27) leave this check undecided at the default
/// allowance; the informed ones decide it (above). So the default launch does use the informed settings.
#[test]
fn the_plain_settings_leave_the_score_of_the_connected_1000_year_ko_undecided() {
    let name = "naj::naj-1000-year-ko-connected::score";
    let (outcome, reason) = decided::outcome(name, options(" --naj-search plain", None));
    assert_eq!(outcome, Outcome::Undecided, "{name}: {reason}");
}

/// SOLVER-8.11: decided since the default allowance is 2.25 million nodes (0, as claimed).
#[test]
fn the_black_analysis_of_minus_36() {
    run("naj::naj-discussed-score-minus-36::black-analysis-best-play");
}

/// SOLVER-8.9, SOLVER-8.11, CASE-6: the informed settings decide the white-analysis that naj-discussed-score-2's
/// control map and score need (10, as the seed's W marks say) within the default allowance since it is 2.25
/// million nodes; the checks then pass with their errata (the black side of the seed's map is wrong: score -6, not
/// 2).
#[test]
fn the_control_map_of_score_2_with_its_erratum() {
    run("naj::naj-discussed-score-2::control");
}

#[test]
fn the_score_of_score_2_with_its_erratum() {
    run("naj::naj-discussed-score-2::score");
}

/// SOLVER-3.13: decided since the sums of regions (2, as claimed: after White's capture at M5 the left side is a
/// double ko Black cannot win, however often he plays elsewhere).
#[test]
fn the_black_analysis_of_the_triple_ko() {
    run("naj::naj-discussed-triple-ko-score-minus-16::black-analysis-best-play");
}

/// SOLVER-3.10 ("After losses"): decided since safe zones count after losses on them. After the seed's black-analysis
/// (10 moves) Black has taken White's right side; the zone there holds intersections where White had captured his
/// stones, so before, it did not count. The control map and score follow (black-score 18, as claimed).
#[test]
fn the_control_map_of_score_16() {
    run("naj::naj-discussed-score-16::control");
}

#[test]
fn the_score_of_score_16() {
    run("naj::naj-discussed-score-16::score");
}

/// SOLVER-3.10 ("After losses", "Searches in two stages"): decided since safe zones count after losses on them and a
/// zone's first searches are short (0, as claimed: Black takes the ko at A4 and connects at B4).
#[test]
fn the_white_analysis_of_the_final_with_whites_ko_stone() {
    run("naj::naj-1000-year-ko-final-white-ko-stone::white-analysis-conclusion");
}

/// SOLVER-8.16: two claims the solver decides only beyond the default allowance, each as the seed says, run here
/// with 30 million nodes a search so that the suite's own path confirms them (the suite itself reports them
/// undecided at its default). naj-two-analyses-conclusion's black-analysis is 18 in 12,896,571 nodes (the bent
/// four's ko beside the right seki; 17,050,811 before SOLVER-3.10's cheap refutations), and its score with both
/// players passing 18 in 13,390,159 (17,452,484 before; the same black-analysis with the white-analysis, 0).
const BEYOND_THE_DEFAULT: u64 = 30_000_000;

/// Runs the one check named `name` against the reference engine with [`BEYOND_THE_DEFAULT`] nodes a search; it
/// must pass.
fn run_beyond_the_default(name: &str) {
    decided::must_pass(name, options("", Some(BEYOND_THE_DEFAULT)));
}

#[test]
fn the_black_analysis_of_the_two_analyses_conclusion_beyond_the_default() {
    run_beyond_the_default("naj::naj-two-analyses-conclusion::black-analysis-value");
}

#[test]
fn the_score_of_the_two_analyses_conclusion_beyond_the_default() {
    run_beyond_the_default(
        "naj::naj-two-analyses-conclusion::score-18-if-alternation-ended-in-time",
    );
}

/// SOLVER-3.14: naj-discussed-score-minus-36's control map and score need the white-analysis after the seed's 14
/// shown moves: 36 (White controls every intersection), decided at the default allowance since the maximiser's ko
/// fight beside his safe zones (984,967 nodes; 9,224,002 before, SOLVER-8.16, when this test ran them with 30
/// million).
#[test]
fn the_control_map_of_minus_36() {
    run("naj::naj-discussed-score-minus-36::control");
}

#[test]
fn the_score_of_minus_36() {
    run("naj::naj-discussed-score-minus-36::score");
}
