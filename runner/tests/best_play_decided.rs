//! SOLVER status: the reference engine does not claim `naj-best-play` (most claims are out of its reach), so the
//! suite reports every check that needs it as ignored. The eight checks whose claims the solver does decide within
//! a few million nodes a search (of the 54 that need the feature; the others ran out of 5 million nodes) are run
//! here anyway, through the runner and the protocol like any other check: each must pass, so a change that breaks
//! the solver or a claim of these cases turns CI red. Measured with `gorules-runner --solver-nodes 5000000` and a
//! profile claiming `naj-best-play`.

use gorules_cases::model::Feature;
use gorules_runner::{plan, Ignore, Options};
use std::path::Path;
use std::time::Duration;

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs the one check named `name` against the reference engine, as an engine that claims every feature, with
/// `nodes` for each search; first makes sure the suite ignores it for want of `naj-best-play`.
fn run(name: &str, nodes: u64) {
    let ignored = plan(&root(), Options::default())
        .checks
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no check named {name}"));
    assert!(
        matches!(&ignored.job, Err(Ignore::Lacks(why)) if why.contains("naj-best-play")),
        "{name} is not ignored for want of naj-best-play"
    );
    let options = Options {
        profile_features: Some(Feature::ALL.into_iter().collect()),
        solver_nodes: Some(nodes),
        timeout: Duration::from_secs(600),
        ..Options::default()
    };
    let planned = plan(&root(), options)
        .checks
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no check named {name}"));
    if let Err(failed) = planned.run() {
        panic!("{name}: {:?}", failed.message());
    }
}

#[test]
fn the_1000_year_ko_black_to_move_black_ko_stone_variation_4() {
    run(
        "naj::naj-1000-year-ko-black-to-move-black-ko-stone::variation-4-score",
        1_000_000,
    );
}

#[test]
fn the_1000_year_ko_black_to_move_white_ko_stone_variation_5() {
    run(
        "naj::naj-1000-year-ko-black-to-move-white-ko-stone::variation-5-score",
        1_000_000,
    );
}

#[test]
fn the_1000_year_ko_white_to_move_black_ko_stone_variation_4() {
    run(
        "naj::naj-1000-year-ko-white-to-move-black-ko-stone::variation-4",
        1_000_000,
    );
}

#[test]
fn the_score_of_minus_19() {
    run("naj::naj-discussed-score-minus-19::score", 1_000_000);
}

#[test]
fn the_white_analysis_of_minus_19() {
    run(
        "naj::naj-discussed-score-minus-19::white-analysis-best-play",
        5_000_000,
    );
}

#[test]
fn the_black_analysis_of_minus_27() {
    run(
        "naj::naj-discussed-score-minus-27::black-analysis-best-play",
        1_000_000,
    );
}

#[test]
fn the_1000_year_ko_black_to_move_white_ko_stone_variation_3() {
    run(
        "naj::naj-1000-year-ko-black-to-move-white-ko-stone::variation-3-score",
        3_000_000,
    );
}

#[test]
fn the_control_of_minus_19() {
    run("naj::naj-discussed-score-minus-19::control", 5_000_000);
}
