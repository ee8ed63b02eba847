//! Every kind of check can fail: a case file with one expectation changed must fail, and the failure must
//! say what was expected and what was found.

use gorules_cases::parse_case;
use gorules_runner::checks::{run, Verdict};
use gorules_runner::gtp::Launch;
use gorules_runner::remote::Remote;
use std::path::Path;

fn case_file(id: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../cases/naj/{id}.yaml"));
    std::fs::read_to_string(p).expect("the case file exists")
}

/// Runs check `name` of the case text and returns its verdict.
fn verdict(text: &str, name: &str) -> Verdict {
    let lc = parse_case(Path::new("sabotaged.yaml"), text.to_string()).expect("still a valid case");
    let checks = lc.case.effective_checks().expect("errata apply");
    let check = checks
        .iter()
        .find(|c| c.common().name == name)
        .expect("the check exists");
    let mut engine = Remote::start(
        Launch::reference(),
        std::time::Duration::from_secs(10),
        None,
    )
    .expect("the reference engine starts");
    run(&lc.case, check, &mut engine)
}

fn fails_with(text: &str, name: &str, needle: &str) {
    match verdict(text, name) {
        Verdict::Fail(m) => assert!(
            m.contains(needle),
            "the failure should mention {needle:?}:\n{m}"
        ),
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[test]
fn the_unchanged_cases_pass() {
    assert_eq!(
        verdict(&case_file("naj-analyses-score"), "passive-analyses"),
        Verdict::Pass
    );
    assert_eq!(
        verdict(&case_file("naj-game-empty-5x5"), "alternation"),
        Verdict::Pass
    );
    assert_eq!(
        verdict(&case_file("naj-basic-ko-1"), "white-2-recapture"),
        Verdict::Pass
    );
    assert_eq!(
        verdict(&case_file("naj-immortal-2"), "white-stones"),
        Verdict::Pass
    );
}

#[test]
fn a_wrong_score_fails() {
    let text = case_file("naj-analyses-score").replacen("score: -5", "score: -4", 1);
    fails_with(&text, "passive-analyses", "score: expected -4, found -5");
    let text = case_file("naj-analyses-score").replacen("white_score: 10", "white_score: 9", 1);
    fails_with(
        &text,
        "passive-analyses",
        "white-score: expected 9, found 10",
    );
}

#[test]
fn a_wrong_legality_reason_fails() {
    let text =
        case_file("naj-basic-ko-1").replace("expect: illegal basic-ko", "expect: illegal fixed-ko");
    fails_with(
        &text,
        "white-2-recapture",
        "expected illegal fixed-ko, found illegal basic-ko",
    );
    let text = case_file("naj-basic-ko-1").replace("expect: illegal basic-ko", "expect: legal");
    fails_with(
        &text,
        "white-2-recapture",
        "expected legal, found illegal basic-ko",
    );
}

#[test]
fn a_wrong_position_fails_with_both_boards() {
    // The 5x5 game's final position with one black stone moved off E2.
    let text = case_file("naj-game-empty-5x5").replacen(
        "        . . O . #\n        . . . . .\n      ends",
        "        . . O . .\n        . . . . .\n      ends",
        1,
    );
    assert_ne!(
        text,
        case_file("naj-game-empty-5x5"),
        "the sabotage must change the file"
    );
    fails_with(&text, "alternation", "end:\n  expected");
}

#[test]
fn a_wrong_immortality_answer_fails() {
    let original = case_file("naj-immortal-2");
    // Claim that the white stones are immortal after all: expect them all.
    let text = original.replacen(
        "      expect: |\n        . . . .\n        . . . .",
        "      expect: |\n        . . O .\n        . O O O",
        1,
    );
    assert_ne!(text, original, "the sabotage must change the file");
    fails_with(&text, "white-stones", "immortal stones");
}

fn j89_case_file(id: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../cases/j89/{id}.yaml"));
    std::fs::read_to_string(p).expect("the case file exists")
}

/// `original` with `from` replaced once by `to`; the sabotage must change the file.
fn sabotaged(original: &str, from: &str, to: &str) -> String {
    let text = original.replacen(from, to, 1);
    assert_ne!(text, original, "the sabotage must change the file");
    text
}

#[test]
fn j89_statuses_and_territory_can_fail() {
    let original = j89_case_file("j89-diagram-16-removed-as-is");
    assert_eq!(verdict(&original, "seed-verdict"), Verdict::Pass);
    let text = sabotaged(&original, ". d . A . A a . a", ". a . A . A a . a");
    fails_with(&text, "seed-verdict", "statuses");
    let text = sabotaged(&original, "score: 5", "score: 4");
    fails_with(&text, "counted", "score: expected 4, found 5");
}

#[test]
fn j89_game_checks_can_fail() {
    let stop = j89_case_file("j89-game-stop-and-resumption");
    assert_eq!(verdict(&stop, "black-resumes"), Verdict::Pass);
    let text = sabotaged(&stop, "result: B+2", "result: B+3");
    fails_with(&text, "black-resumes", "result: expected B+3, found B+2");
    let text = sabotaged(
        &stop,
        "to_move: white\n      result: B+2",
        "to_move: black\n      result: B+2",
    );
    fails_with(
        &text,
        "black-resumes",
        "to move: expected Black, found White",
    );
    // White does not move first after his own request: the first move of the resumed game is refused.
    let text = sabotaged(
        &stop,
        "        - resume: black\n",
        "        - resume: white\n",
    );
    fails_with(&text, "black-resumes", "expected refused, found accepted");
    let text = sabotaged(&stop, "      result: jigo", "      result: B+2");
    fails_with(&text, "the-first-stop", "result: expected B+2, found jigo");

    let ko = j89_case_file("j89-game-ko-needs-a-threat");
    assert_eq!(verdict(&ko, "retake-after-a-threat"), Verdict::Pass);
    let text = sabotaged(
        &ko,
        "{move: \"O[b]\", reason: simple-ko}",
        "{move: \"O[b]\", reason: suicide}",
    );
    fails_with(
        &text,
        "no-immediate-retake",
        "expected suicide, found illegal move: simple-ko",
    );
    let text = sabotaged(
        &ko,
        "        - moves: \"O[cdb]\"",
        "        - moves: \"O[bcd]\"",
    );
    fails_with(
        &text,
        "retake-after-a-threat",
        "expected accepted, found illegal move: simple-ko",
    );
    let text = sabotaged(
        &ko,
        "prisoners: {black: 1, white: 1}",
        "prisoners: {black: 1, white: 0}",
    );
    fails_with(
        &text,
        "retake-after-a-threat",
        "prisoners: expected black 1, white 0, found black 1, white 1",
    );

    let cycle = j89_case_file("j89-game-repetition-agreed");
    let text = sabotaged(
        &cycle,
        "      stage: playing\n      recurs: true",
        "      stage: playing\n      recurs: false",
    );
    fails_with(
        &text,
        "going-on",
        "the position recurs: expected false, found true",
    );
    let text = sabotaged(&cycle, "      stage: ended\n", "      stage: stopped\n");
    fails_with(
        &text,
        "no-result-by-agreement",
        "stage: expected stopped, found ended",
    );
}

#[test]
fn a_j89_stone_placed_by_agreement_changes_the_result() {
    let fill = j89_case_file("j89-constructed-fill-dame-agreed");
    assert_eq!(verdict(&fill, "filled-by-agreement"), Verdict::Pass);
    let text = sabotaged(&fill, "        - fill: \"#[a]\"\n", "");
    fails_with(
        &text,
        "filled-by-agreement",
        "result: expected B+2, found jigo",
    );
}

#[test]
fn j89_article_13_checks_can_fail() {
    let both = j89_case_file("j89-diagram-19-article-13-both-lose");
    assert_eq!(verdict(&both, "effective-moves-at-a"), Verdict::Pass);
    assert_eq!(verdict(&both, "both-lose"), Verdict::Pass);
    let text = sabotaged(
        &both,
        "effective_moves: [\"#[a]\", \"O[a]\"]",
        "effective_moves: [\"#[a]\"]",
    );
    fails_with(
        &text,
        "effective-moves-at-a",
        "effective moves: expected B D3, found B D3, W D3",
    );
    let text = sabotaged(&both, "      result: both-lose", "      result: W+0.5");
    fails_with(
        &text,
        "both-lose",
        "result: expected W+0.5, found both-lose",
    );
    // Under the default reading the disagreement is refused.
    let text = sabotaged(&both, "article_13: both-lose, ", "");
    fails_with(
        &text,
        "both-lose",
        "expected accepted, found under article_13=ignore",
    );
}

#[test]
fn the_ko_pass_option_changes_a_status() {
    let pooled = j89_case_file("j89-constructed-ko-pass-pooled");
    assert_eq!(
        verdict(&pooled, "one-pass-pays-for-either-ko"),
        Verdict::Pass
    );
    let text = sabotaged(
        &pooled,
        "ruleset: {name: japanese-1989, options: {ko_pass: pooled}}",
        "ruleset: japanese-1989",
    );
    fails_with(&text, "one-pass-pays-for-either-ko", "statuses");
}

#[test]
fn a_played_confirmation_decides_under_as_played() {
    let played = j89_case_file("j89-constructed-confirmation-as-played");
    assert_eq!(verdict(&played, "black-captures"), Verdict::Pass);
    // Black's line without the capture at D5 leaves the white stones alive.
    let text = sabotaged(
        &played,
        "        black: \"A4 pass D5 pass pass\"\n        white: \"pass pass\"\n      statuses",
        "        black: \"A4 pass pass\"\n        white: \"pass pass\"\n      statuses",
    );
    fails_with(&text, "black-captures", "statuses");
    let text = sabotaged(&played, "      score: 5", "      score: 21");
    fails_with(&text, "black-passes-counted", "score: expected 21, found 5");
}

#[test]
fn the_confirmation_first_option_changes_the_statuses() {
    let first = j89_case_file("j89-constructed-confirmation-first-defender");
    assert_eq!(verdict(&first, "owners-first"), Verdict::Pass);
    let text = sabotaged(
        &first,
        "ruleset: {name: japanese-1989, options: {confirmation_first: defender}}",
        "ruleset: japanese-1989",
    );
    fails_with(&text, "owners-first", "statuses");
}

fn scoring_case_file(id: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../cases/scoring/{id}.yaml"));
    std::fs::read_to_string(p).expect("the case file exists")
}

#[test]
fn count_checks_can_fail() {
    let original = scoring_case_file("scoring-fill-in-komi-8-7x7");
    assert_eq!(verdict(&original, "fill-in-komi-8"), Verdict::Pass);
    let text = sabotaged(&original, "losing_stones: 5", "losing_stones: 4");
    fails_with(
        &text,
        "fill-in-komi-8",
        "losing_stones: expected 4, found 5",
    );
    let text = sabotaged(&original, "margin: W+11\n", "margin: W+10\n");
    fails_with(&text, "area-score", "margin: expected W+10, found W+11");
    let text = sabotaged(
        &original,
        "lifted: {black: 2, white: 1}",
        "lifted: {black: 1, white: 2}",
    );
    fails_with(
        &text,
        "fill-in-komi-8",
        "lifted: expected Black 1, White 2, found Black 2, White 1",
    );
    // A komi the counted position cannot take (too few stones to lift) is refused by the engine: a failure.
    let text = sabotaged(
        &original,
        "komi: 8\n      off_board",
        "komi: 96\n      off_board",
    );
    fails_with(&text, "fill-in-komi-8", "too few stones to lift");
    let area = scoring_case_file("scoring-counting-area-7x7");
    let text = sabotaged(&area, "target: 25.75", "target: 25.5");
    fails_with(
        &text,
        "half-counting-komi-2-5",
        "target: expected 25.5, found 25.75",
    );
}

#[test]
fn a_wrong_forcing_answer_fails_with_the_engines_line() {
    // CASE-13.2 over the protocol (PROTO-14.2): the failure shows the line the reference engine returned.
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../cases/kodef/kodef-sending-two-returning-one-after-the-send.yaml");
    let text = std::fs::read_to_string(p).expect("the case file exists");
    let spoiled = text.replacen("expect: no", "expect: yes", 1);
    fails_with(
        &spoiled,
        "black-first-cannot-answer-force",
        "answer-force local (Black first) on A1 B1 C1: expected yes, found no (the engine's line, ending with \
         the duty broken: B A1,",
    );
}
