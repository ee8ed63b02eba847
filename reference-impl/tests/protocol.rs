//! PROTO: the engine's protocol: a scripted session (spec/protocol.md PROTO-4), and bad input that must never
//! make the command reader or the engine panic (PROTO-7).

use gorules_grammar::gtp::{Command, Response, ResponseReader};
use gorules_ref::protocol::{serve, Session};
use proptest::prelude::*;

fn session(script: &str) -> String {
    let mut out = Vec::new();
    serve(script.as_bytes(), &mut out).expect("in-memory I/O does not fail");
    String::from_utf8(out).expect("responses are text")
}

#[test]
fn the_documented_session() {
    let out = session(
        "gorules-ruleset naj\n\
         gorules-setup alternation ....../..XO../.XO.O./..XO../...... black\n\
         play black D3\n\
         7 gorules-legal white C3\n\
         gorules-position\n\
         gorules-state\n",
    );
    assert_eq!(
        out,
        "=\n\n=\n\n=\n\n=7 illegal basic-ko\n\n= ....../..XO../.X.XO./..XO../......\n\n\
         = moves=1 passes=0 ended=no prisoners=1,0 to_move=white\n\n"
    );
}

#[test]
fn rule_classes_stop_remove_end_and_score() {
    // PROTO-12: agreement area: two passes stop, an agreed removal, two more passes end; the area score.
    let out = session(
        "gorules-ruleset agreement-area komi=0.5\n\
         gorules-setup alternation XXO./.XO./XXO. black\n\
         gorules-remove C1\n\
         play black pass\nplay white pass\ngorules-state\n\
         gorules-remove C1\ngorules-position\ngorules-state\n\
         play black pass\nplay white pass\ngorules-state\n\
         gorules-class-score\nfinal_score\nplay black D1\n",
    );
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(
        answers[2],
        "? removals by agreement need a stopped game (agreement-area, SCORE-4.3)"
    );
    assert_eq!(
        answers[5],
        "= moves=2 passes=2 ended=stopped prisoners=0,0 to_move=black"
    );
    assert_eq!(answers[7], "= XX../.X../XX..");
    assert_eq!(
        answers[8],
        "= moves=0 passes=0 ended=stopped prisoners=0,0 to_move=black"
    );
    assert_eq!(
        answers[11],
        "= moves=2 passes=2 ended=passes prisoners=0,0 to_move=black"
    );
    // Black: 5 stones, A2, and the six points the removal left, bordered by Black alone.
    assert_eq!(
        answers[12],
        "= black=12 white=0 shared=0 komi=0.5 result=B+11.5"
    );
    assert_eq!(answers[13], "= B+11.5");
    assert_eq!(answers[14], "? illegal move: ended");

    // Stone and simple area rules: two passes end at once; a dead stone makes its region shared.
    let out = session(
        "gorules-ruleset stone\ngorules-setup alternation XX.O/X.XO/XXO. black\n\
         final_score\nplay black pass\nplay white pass\ngorules-state\n\
         gorules-ruleset area komi=2\ngorules-setup alternation XX.O/X.XO/XXO. black\n\
         gorules-class-score\nfinal_score\n",
    );
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(answers[2], "= B+3");
    assert_eq!(
        answers[5],
        "= moves=2 passes=2 ended=passes prisoners=0,0 to_move=black"
    );
    // B2 is Black's, D1 White's; C3 touches both colours: shared. 7 - 4 - 2 komi.
    assert_eq!(answers[8], "= black=7 white=4 shared=1 komi=2 result=B+1");
    assert_eq!(answers[9], "= B+1");

    // final_score is refused where no position score is defined.
    let out = session("gorules-ruleset naj\nfinal_score\ngorules-ruleset core ko=\nfinal_score\ngorules-class-score\n");
    assert_eq!(
        out.matches("? final_score needs a ruleset that scores a position")
            .count(),
        2,
        "{out}"
    );
    assert!(
        out.ends_with("? this needs a rule class (gorules-ruleset stone|area|agreement-area)\n\n"),
        "{out}"
    );
}

#[test]
fn an_analysis_reports_removed_stones_not_prisoners() {
    // NAJ-3.3: removals in an analysis are not prisoners.
    let out = session(
        "gorules-ruleset naj\ngorules-setup white-analysis .XO/XO./... black 3 4\n\
         play black C1\nplay white pass\nplay black C2\ngorules-state\n\
         gorules-setup alternation .XO/XO./... black 3 4\ngorules-state\n",
    );
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(
        answers[5],
        "= moves=3 passes=0 ended=no removed=1,0 to_move=white"
    );
    assert_eq!(
        answers[7],
        "= moves=0 passes=0 ended=no prisoners=3,4 to_move=black"
    );
}

#[test]
fn standard_commands() {
    let out = session("protocol_version\nknown_command play\nknown_command fly\nboardsize 30\nfly\nplay black Z9\n");
    assert_eq!(
        out,
        "= 2\n\n= true\n\n= false\n\n? unacceptable size\n\n? unknown command\n\n? illegal move: Z9 is off the board\n\n"
    );
}

#[test]
fn plain_gtp_play_and_captures() {
    let out = session(
        "boardsize 5\nclear_board\nplay black B1\nplay white A1\nplay black A2\n\
         captures black\nlist_stones black\nplay white pass\nplay black pass\nplay white E5\n",
    );
    // Black A2 captures the white stone on A1; two passes then end the alternation.
    assert!(out.contains("= 1\n\n= A2 B1\n\n"), "{out}");
    assert!(out.ends_with("? illegal move: ended\n\n"), "{out}");
}

#[test]
fn analyses_and_scores() {
    let out = session(
        "gorules-ruleset naj\n\
         gorules-setup black-analysis ...../XXXXX/OOOOO/..O.X/..... white\n\
         play white pass\nplay black A5\nplay white pass\nplay black C5\nplay white pass\nplay black E5\n\
         play white pass\nplay black pass\nplay white pass\n\
         gorules-state\n\
         gorules-points black ...../XXXXX/OOOOO/..O.X/.....\n\
         play black A4\n",
    );
    assert!(out.contains("ended=passes"), "{out}");
    assert!(
        out.contains("= 5 11111/00000/00000/00000/00000\n\n"),
        "{out}"
    );
    assert!(out.ends_with("? illegal move: ended\n\n"), "{out}");
}

const NAMES: &[&str] = &[
    "play",
    "undo",
    "is_legal",
    "list_stones",
    "captures",
    "set_position",
    "boardsize",
    "rectangular_boardsize",
    "clear_board",
    "komi",
    "gorules-ruleset",
    "gorules-setup",
    "gorules-legal",
    "gorules-position",
    "gorules-state",
    "gorules-prisoners",
    "gorules-immortal",
    "gorules-control",
    "gorules-points",
    "gorules-score",
    "known_command",
    "list_commands",
    "gorules-count",
    "nonsense",
];

fn arg() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("black".to_string()),
        Just("white".to_string()),
        Just("pass".to_string()),
        Just("naj".to_string()),
        Just("core".to_string()),
        Just("alternation".to_string()),
        Just("black-analysis".to_string()),
        Just("sequence".to_string()),
        Just("ko=simple-ko,positional-superko".to_string()),
        Just("fill-in".to_string()),
        Just("half".to_string()),
        Just("territory".to_string()),
        Just("2.5".to_string()),
        "[A-Za-z][0-9]{1,3}",
        "[.XO]{1,6}(/[.XO]{1,6}){0,5}",
        "-?[0-9]{1,4}",
        "\\PC{0,12}",
    ]
}

proptest! {
    #[test]
    fn the_command_reader_never_panics(line in "\\PC{0,80}") {
        let _ = Command::parse(&line);
        let _ = Response::parse(std::slice::from_ref(&line));
        let mut r = ResponseReader::default();
        let _ = r.feed(&line);
        let _ = r.feed("");
    }

    #[test]
    fn the_engine_never_panics_on_commands(
        commands in proptest::collection::vec((0..NAMES.len(), proptest::collection::vec(arg(), 0..6)), 1..40)
    ) {
        let mut s = Session::default();
        for (name, args) in commands {
            let cmd = Command { id: None, name: NAMES[name].to_string(), args };
            let result = s.execute(&cmd);
            if NAMES[name] == "nonsense" {
                prop_assert_eq!(result, Err("unknown command".to_string()));
            }
        }
    }

    #[test]
    fn truncated_lines_never_panic(cut in 0usize..120) {
        let script = "gorules-ruleset naj\ngorules-setup alternation ....../..XO../.XO.O./..XO../...... black\nplay black D3\ngorules-legal white C3\n";
        let cut = cut.min(script.len());
        let _ = session(&script[..cut]);
    }
}

#[test]
fn counting_methods() {
    // PROTO-13: seed 003's 7x7 area position (Black 16 + 8, White 16 + 9) counted by each method.
    let out = session(
        "gorules-setup sequence .X.XO../XXXXOOO/.X.XO../XXXOOOO/..XO.O./XXXOOOO/..XO... black\n\
         gorules-count point-by-point 0\n\
         gorules-count half 2.5\n\
         gorules-count chinese-half 0\n\
         gorules-count fill-in 4 8 8\n\
         gorules-count fill-in 4 9 8\n\
         gorules-count fill-in 3 8 8\n\
         gorules-count half 0 8 8\n\
         gorules-count fill-in 0\n\
         gorules-count half 99999999999\n",
    );
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(
        answers[1],
        "= black=24 white=25 grid_points=49 shared_points=0 margin=W+1"
    );
    assert_eq!(
        answers[2],
        "= black=24 white=25 grid_points=49 shared_points=0 half_board=24.5 target=25.75 difference=-1.75 margin=W+3.5"
    );
    assert!(
        answers[3].contains("tens=10 stones_left=14 margin=W+1"),
        "{out}"
    );
    assert_eq!(
        answers[4],
        "= grid_points=49 shared_points=0 supply=24 komi_stones=2 lifted=0,0 losing_stones=2 empty_left=1 shared_left=0 margin=W+5"
    );
    assert!(
        answers[5].starts_with("? fill-in counting needs equal supplies"),
        "{out}"
    );
    assert!(
        answers[6].starts_with("? fill-in counting needs an even whole komi"),
        "{out}"
    );
    assert!(
        answers[7].starts_with("? syntax error: only fill-in takes"),
        "{out}"
    );
    assert!(
        answers[8].starts_with("? syntax error: expected a counting method"),
        "{out}"
    );
    assert!(
        answers[9].starts_with("? syntax error: expected a komi of at most"),
        "{out}"
    );
}

#[test]
fn the_kee_commands() {
    // PROTO-9 on seed 001's 2x1 line, then a three-player graph board.
    let out = session(
        "gorules-kee-rules\n\
         gorules-kee-board grid 2 1\n\
         gorules-kee-play A1\n\
         gorules-kee-play B1\n\
         gorules-kee-play refresh\n\
         gorules-kee-play pass\n\
         gorules-kee-play A1\n\
         gorules-kee-play refresh\n\
         gorules-kee-play pass\n\
         gorules-kee-play B1\n\
         gorules-kee-play refresh\n\
         gorules-kee-state\n\
         gorules-kee-position\n\
         gorules-kee-play pass\n\
         gorules-kee-points\n\
         gorules-kee-play A1\n",
    );
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(answers[0], "=");
    assert_eq!(
        answers[2],
        "= played enclosing=no suicidal=no removed= end=none"
    );
    assert_eq!(
        answers[3],
        "= played enclosing=yes suicidal=no removed=A1 end=none"
    );
    assert_eq!(answers[10], "= played prohibited=black:secondary end=none");
    assert_eq!(answers[11], "= to-play white prohibited black end none");
    assert_eq!(answers[12], "= B1=white");
    assert_eq!(answers[13], "= played end=passes");
    assert_eq!(answers[14], "= black=0 white=2 ranking white black");
    assert_eq!(answers[15], "? illegal ended");

    let out = session(
        "gorules-kee-rules players=3\n\
         gorules-kee-board a:b b:a,c c:b\n\
         gorules-kee-setup first=red white a black c\n\
         gorules-kee-state\n\
         gorules-kee-play b\n\
         gorules-kee-position\n",
    );
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(answers[3], "= to-play red prohibited none end none");
    // Red at b takes the last liberty of both opponents' units (one allied group? no: a and c are not adjacent,
    // so two allied groups, both enclosed): the play encloses and removes both.
    assert_eq!(
        answers[4],
        "= played enclosing=yes suicidal=no removed=a,c end=none"
    );
    assert_eq!(answers[5], "= b=red");
}

#[test]
fn kee_commands_refuse_bad_input_with_reasons() {
    let out = session(
        "gorules-kee-rules players=9\n\
         gorules-kee-rules colour=blue\n\
         gorules-kee-board a:b b:\n\
         gorules-kee-board a:a\n\
         gorules-kee-board grid 0 3\n\
         gorules-kee-setup purple a\n\
         gorules-kee-setup B7\n\
         gorules-kee-play Q9\n\
         gorules-kee-play\n\
         gorules-kee-value 12x\n",
    );
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 10, "{out}");
    for a in &answers {
        assert!(a.starts_with("? "), "every bad command fails: {a}");
        assert!(!a.contains("panic"), "{a}");
    }
    assert!(answers[0].contains("players=2..6"), "{}", answers[0]);
    assert!(answers[2].contains("must list `a`"), "{}", answers[2]);
    assert!(answers[3].contains("own neighbour"), "{}", answers[3]);
    assert!(answers[7].contains("`Q9`"), "{}", answers[7]);
}

/// PROTO-11: the Japanese 1989 game through the protocol: stop, requests out of place, resumption, result, komi.
#[test]
fn the_japanese_1989_game() {
    let out = session(
        "gorules-ruleset japanese-1989 komi=0.5\n\
         gorules-setup alternation .X.XO.O/XXXXOOO/.X..O.O black\n\
         gorules-j89-result\n\
         gorules-j89-resume black\n\
         gorules-j89-no-result\n\
         play black pass\n\
         play white pass\n\
         gorules-j89-game\n\
         play black D1\n\
         gorules-j89-result\n\
         final_score\n\
         gorules-j89-resume black\n\
         play black D1\n\
         play white pass\n\
         play black D1\n\
         play white pass\n\
         play black pass\n\
         gorules-j89-result\n\
         komi 2\n\
         final_score\n\
         undo\n\
         gorules-j89-game\n\
         gorules-j89-resign white\n\
         gorules-j89-result\n\
         play black pass\n",
    );
    let replies: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(
        replies,
        [
            "=",
            "=",
            "? the game is going on: it has no result yet",
            "? the game has not stopped",
            "? the current whole-board position has not occurred before",
            "=",
            "=",
            "= stage=stopped to_move=black passes=2 resumptions=0 recurs=no prisoners=0,0",
            "? illegal move: stopped",
            "= W+0.5",
            "= W+0.5",
            "=",
            "? illegal move: wrong color",
            "=",
            "=",
            "=",
            "=",
            "= B+1.5",
            "=",
            "= 0",
            "=",
            "= stage=playing to_move=black passes=1 resumptions=1 recurs=no prisoners=0,0",
            "=",
            "= B+R",
            "? illegal move: ended",
        ]
    );
}

#[test]
fn japanese_1989_commands_need_the_ruleset() {
    let out = session(
        "gorules-j89-game\nfinal_score\ngorules-ruleset japanese-1989 repetition=sometimes\n",
    );
    assert_eq!(
        out.matches("? this needs the japanese-1989 ruleset")
            .count(),
        1,
        "{out}"
    );
    // PROTO-12.4: final_score answers under the rulesets that score a position; NAJ is not one of them.
    assert!(
        out.contains("? final_score needs a ruleset that scores a position"),
        "{out}"
    );
    assert!(
        out.contains("? syntax error: expected a japanese-1989 option"),
        "{out}"
    );
}

/// PROTO-11.8, J89-R9: stones placed by agreement during the stop, only under `fill_dame=agreed`.
#[test]
fn japanese_1989_stones_placed_by_agreement() {
    let script = |rules: &str| {
        format!(
            "gorules-ruleset japanese-1989 {rules}\n\
             gorules-setup alternation .X.XO.O/XXXXOOO/.X..O.O black\n\
             gorules-j89-fill black D1\n\
             play black pass\n\
             play white pass\n\
             gorules-j89-fill black D1\n\
             gorules-j89-fill white D1\n\
             gorules-j89-result\n\
             gorules-j89-game\n"
        )
    };
    let agreed = session(&script("fill_dame=agreed"));
    let replies: Vec<&str> = agreed.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(
        replies,
        [
            "=",
            "=",
            "? the game has not stopped",
            "=",
            "=",
            "=",
            "? a stone placed by agreement must go on an empty point, capture nothing and keep a liberty",
            "= B+2",
            "= stage=stopped to_move=black passes=2 resumptions=0 recurs=no prisoners=0,0",
        ]
    );
    let none = session(&script(""));
    assert!(
        none.contains("? no stone is placed by agreement under fill_dame=none (J89-R9)"),
        "{none}"
    );
    assert!(none.contains("= jigo"), "{none}");
}

/// PROTO-11.9, PROTO-11.10, J89-13.1, J89-R4: the effective moves at the stop, and both players losing when they
/// will not end the game, only under `article_13=both-lose` and only while an effective move exists.
#[test]
fn japanese_1989_article_13() {
    let script = |rules: &str, setup: &str| {
        format!(
            "gorules-ruleset japanese-1989 {rules}\n\
             gorules-setup alternation {setup} black\n\
             gorules-j89-effective-moves\n\
             gorules-j89-disagree\n\
             play black pass\n\
             play white pass\n\
             gorules-j89-effective-moves\n\
             gorules-j89-disagree\n\
             gorules-j89-result\n"
        )
    };
    // Mutual atari with one shared liberty at D3 (cases/j89/j89-diagram-19-article-13-both-lose.yaml).
    let atari = ".XO.O./XXOXOO/.XOXO.";
    let replies = |text: String| -> Vec<String> {
        text.split("\n\n")
            .filter(|r| !r.is_empty())
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        replies(session(&script("article_13=both-lose komi=2.5", atari))),
        [
            "=",
            "=",
            "=",
            "? the game has not stopped",
            "=",
            "=",
            "= B D3 W D3",
            "=",
            "= both-lose",
        ]
    );
    let ignored = replies(session(&script("komi=2.5", atari)));
    assert_eq!(ignored[6], "= B D3 W D3");
    assert_eq!(
        ignored[7],
        "? under article_13=ignore (J89-R4) a disagreement changes nothing: the stop position is scored"
    );
    assert_eq!(ignored[8], "= W+0.5");
    // Settled: every play fills the mover's own eye or is suicide.
    let settled = replies(session(&script(
        "article_13=both-lose",
        ".X.XO.O/XXXXOOO/.X.XO.O",
    )));
    assert_eq!(settled[6], "=");
    assert_eq!(
        settled[7],
        "? no play by either player would change the score of the stop position (J89-13.1): it is scored"
    );
    assert_eq!(settled[8], "= B+2");
}

/// PROTO-11.11, J89-R2: under `confirmation=as-played` the confirmations the players played decide the statuses;
/// a line is checked move by move when it is given.
#[test]
fn japanese_1989_confirmation_as_played() {
    let script = |black: &str| {
        format!(
            "gorules-ruleset japanese-1989 confirmation=as-played\n\
             gorules-setup alternation XXX.OX./.OOOOXX/OOXXXX./XXX.XXX/.XXXX.X black\n\
             final_status_list dead\n\
             gorules-j89-confirmation white pass pass\n\
             gorules-j89-confirmation black {black}\n\
             final_status_list dead\n\
             gorules-j89-confirmation white D5 D5\n\
             gorules-j89-confirmation white pass:D5 pass pass\n\
             gorules-j89-confirmation white pass pass pass\n\
             gorules-j89-confirmation white pass\n\
             gorules-j89-confirmation white Z9 pass pass\n"
        )
    };
    let replies = |text: String| -> Vec<String> {
        text.split("\n\n")
            .filter(|r| !r.is_empty())
            .map(str::to_string)
            .collect()
    };
    let captured = replies(session(&script("A4 pass D5 pass pass")));
    assert_eq!(
        captured[2],
        "? no confirmation with white attacking was played (J89-R2, as-played)"
    );
    assert_eq!(captured[5], "= E5 B4 C4 D4 E4 A3 B3");
    assert_eq!(
        captured[6..],
        [
            "? move 2 of the confirmation is not allowed there (J89-7.3, J89-7.4)",
            "? move 1 of the confirmation is not allowed there (J89-7.3, J89-7.4)",
            "? move 3 of the confirmation comes after the two passes that ended it",
            "? the confirmation does not end with two plain passes in a row",
            "? illegal move: Z9 is off the board",
        ]
    );
    // Black's passes leave the seven white stones standing: nothing is dead.
    assert_eq!(replies(session(&script("pass pass")))[5], "=");
    // Under the reference's reading the lines are kept but the search decides.
    let perfect = session(
        "gorules-ruleset japanese-1989\n\
         gorules-setup alternation XXX.OX./.OOOOXX/OOXXXX./XXX.XXX/.XXXX.X black\n\
         gorules-j89-confirmation black pass pass\n\
         final_status_list dead\n",
    );
    assert!(perfect.ends_with("= E5 B4 C4 D4 E4 A3 B3\n\n"), "{perfect}");
}

#[test]
fn the_default_restriction_rules() {
    // KODEF-2 (seed 004, "Reasons for the Non-obvious Conditions: Fixed-ko-rule"), on a constructed basic ko:
    // 1 captures, 2 and 3 pass, 4 takes back (exempt from the cycle-end rule), 5 and 6 pass; 7 at 1 is forbidden
    // by the fixed-ko rule; a third pass then ends the move-sequence.
    let out = session(
        "gorules-setup default-restriction ....../..XO../.XO.O./..XO../...... black\n\
         play black D3\n\
         play white pass\n\
         play black pass\n\
         play white C3\n\
         play black pass\n\
         play white pass\n\
         gorules-state\n\
         gorules-legal black D3\n\
         play black pass\n\
         gorules-state\n",
    );
    assert_eq!(
        out,
        "=\n\n=\n\n=\n\n=\n\n=\n\n=\n\n=\n\n\
         = moves=6 passes=2 ended=no prisoners=1,1 to_move=black\n\n\
         = illegal fixed-ko\n\n=\n\n\
         = moves=7 passes=3 ended=passes prisoners=1,1 to_move=white\n\n"
    );
    // KODEF-2.5: White first; after plays, Black's pass brings back the start board with White to move: the
    // cycle-end rule ends the move-sequence.
    let out = session(
        "gorules-setup default-restriction ....../..XO../.XO.O./..XO../...... white\n\
         play white pass\nplay black D3\nplay white pass\nplay black pass\nplay white C3\n\
         gorules-state\nplay black pass\ngorules-state\nplay white pass\n",
    );
    assert_eq!(
        out,
        "=\n\n=\n\n=\n\n=\n\n=\n\n=\n\n\
         = moves=5 passes=0 ended=no prisoners=1,1 to_move=black\n\n=\n\n\
         = moves=6 passes=1 ended=cycle-end prisoners=1,1 to_move=white\n\n\
         ? illegal move: ended\n\n"
    );
    // KO-6: under allowed suicide the 1-play rule forbids a one-stone suicide.
    let out = session(
        "gorules-ruleset core suicide=allowed\n\
         gorules-setup default-restriction .X./X.X/.X. white\n\
         gorules-legal white B2\n\
         gorules-setup sequence .X./X.X/.X. white\n\
         gorules-legal white B2\n",
    );
    assert_eq!(out, "=\n\n=\n\n= illegal one-play\n\n=\n\n= legal\n\n");
}

#[test]
fn ko_intersections() {
    // PROTO-14 (KODEF-6): sending two, returning one in a corner (White sends): its three points are
    // local-ko-intersections; a lone ko either side can connect has basic-ko-intersections only.
    let out = session(
        "gorules-setup sequence ...../...../...../OXX../.O.X. white\n\
         gorules-ko-intersections local A1 B1 C1\n\
         gorules-ko-intersections basic A1 B1 C1\n\
         gorules-setup alternation ....../..XO../.XO.O./..XO../...... black\n\
         gorules-ko-intersections local C3 D3\n\
         gorules-ko-intersections basic C3 D3 E3\n\
         gorules-ko-intersections global\n\
         gorules-ko-intersections local pass\n\
         gorules-ko-intersections nearby C3\n\
         gorules-setup sequence ...../...../...../OXX../.O.X. white\n\
         gorules-ko-intersections local A1 B1 C1 asking B1\n\
         gorules-ko-intersections basic A1 B1 asking C1\n\
         gorules-ko-intersections local A1 B1 C1 asking\n",
    );
    assert_eq!(
        out,
        "=\n\n= A1 B1 C1\n\n=\n\n=\n\n=\n\n= C3 D3\n\n\
         ? syntax error: expected a kind (basic, local or global), Black's komi for global, the region's vertices, and optionally `asking` and the vertices asked about\n\n\
         ? syntax error: expected vertices, not `pass`\n\n\
         ? syntax error: expected a kind of ko-intersection (basic, local, global), found `nearby`\n\n\
         =\n\n= B1\n\n\
         ? syntax error: expected the intersections asked about (after `asking`) inside the region\n\n\
         ? syntax error: expected a kind (basic, local or global), Black's komi for global, the region's vertices, and optionally `asking` and the vertices asked about\n\n"
    );
}

#[test]
fn ko_witness() {
    // PROTO-14.3 (KODEF-4.6, KODEF-6.2): why a point is, or is not, a ko-intersection: sending two, returning one
    // has a witness (White first, the three points, the current position) with its line; the lone ko has none;
    // a global question answers with its line either way.
    let out = session(
        "gorules-setup sequence ...../...../...../OXX../.O.X. white\n\
         gorules-ko-witness local A1 B1 C1 asking B1\n\
         gorules-setup alternation ....../..XO../.XO.O./..XO../...... black\n\
         gorules-ko-witness local C3 D3 asking C3\n\
         gorules-ko-witness global 0.5 C3 D3 asking D3\n\
         gorules-ko-witness basic C3 D3 asking C3\n\
         gorules-ko-witness local C3 D3\n\
         gorules-ko-witness local C3 D3 asking C3 D3\n",
    );
    assert_eq!(
        out,
        "=\n\n= yes first=white zone=A1,B1,C1 start=...../...../...../OXX../.O.X. shows=cycle line=C1,A1,B1,C1,A1,pass,pass,pass\n\n\
         =\n\n= no\n\n\
         = no shows=broken line=D3,pass,C3,pass,pass,pass\n\n\
         ? syntax error: expected a kind with a witness (local or global): basic-ko-intersections are read off the shape\n\n\
         ? syntax error: expected one intersection asked about (after `asking`)\n\n\
         ? syntax error: expected one intersection asked about (after `asking`)\n\n"
    );
}

#[test]
fn force() {
    // PROTO-14.2 (KODEF-4.6): in sending two, returning one with White to move, White answer-forces the cycle on
    // the three points and the line shows it; Black can keep White from gaining them; a lone ko either side can
    // connect: Black, moving first, breaks White's duty by taking and connecting.
    let out = session(
        "gorules-setup sequence ...../...../...../OXX../.O.X. white\n\
         gorules-force answer-force local A1 B1 C1\n\
         gorules-force force local A1 B1 C1\n\
         gorules-setup alternation ....../..XO../.XO.O./..XO../...... black\n\
         gorules-force answer-force local C3 D3\n\
         gorules-force force global 0.5 C3 D3\n\
         gorules-force force\n\
         gorules-force answer-force global C3\n\
         gorules-force force local pass\n\
         gorules-force prevent local C3\n\
         gorules-force force nearby C3\n",
    );
    assert_eq!(
        out,
        "=\n\n= yes cycle C1 A1 B1 C1 A1 pass pass pass\n\n= yes kept C1 A1 B1 C1 pass A1 pass B1 pass pass pass\n\n=\n\n\
         = no broken D3 pass C3 pass pass pass\n\n= no broken D3 pass C3 pass pass pass\n\n\
         ? syntax error: expected a question (force or answer-force), a duty (local or global), Black's komi for global, and the region's vertices\n\n\
         ? syntax error: expected komi, found `C3`\n\n\
         ? syntax error: expected vertices, not `pass`\n\n\
         ? syntax error: expected a forcing question (force, answer-force), found `prevent`\n\n\
         ? syntax error: expected a duty (local, global), found `nearby`\n\n"
    );
}
