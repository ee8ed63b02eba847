//! Bad case files: every error names the file, the line and the column, and what was expected.

use gorules_cases::{lint, parse_case, CaseError, Suite};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

const GOOD: &str = r##"id: bad-input
title: "A small constructed case"
source:
  constructed: "exercises the loader's errors"
clauses: [KO-1.1]
features: [capture, basic-ko]
ruleset: naj
board: |
  . # O .
  # O . O
labels: |
  a # O .
  # O b O
to_move: black
checks:
  - legality:
      name: black-b
      move: "#[b]"
      expect: legal
"##;

/// Loads `text` as `bad-input.yaml` and lints it; returns every error.
fn errors(text: &str) -> Vec<CaseError> {
    let file = Path::new("cases/test/bad-input.yaml");
    match parse_case(file, text.to_string()) {
        Err(e) => vec![e],
        Ok(lc) => {
            let mut suite = Suite::empty(&root());
            suite.cases.push(lc);
            lint::lint(&suite)
        }
    }
}

fn one_error(text: &str) -> String {
    let errs = errors(text);
    assert_eq!(errs.len(), 1, "{errs:#?}");
    errs[0].to_string()
}

#[test]
fn the_good_case_loads_cleanly() {
    assert_eq!(errors(GOOD), vec![]);
}

#[test]
fn unknown_field() {
    let text = GOOD.replace(
        "      expect: legal",
        "      expect: legal\n      expected: legal",
    );
    let e = one_error(&text);
    assert!(
        e.starts_with(
            "cases/test/bad-input.yaml:20:7: checks[0].legality: unknown field `expected`"
        ),
        "{e}"
    );
}

#[test]
fn unknown_cell_in_a_board_points_at_the_cell() {
    let text = GOOD.replace("  # O . O\nlabels", "  # O ? O\nlabels");
    let e = one_error(&text);
    assert!(
        e.starts_with("cases/test/bad-input.yaml:10:7: board: expected "),
        "{e}"
    );
    assert!(e.ends_with("found `?`"), "{e}");
}

#[test]
fn a_cell_of_the_wrong_kind() {
    let text = GOOD.replace(
        "  . # O .\n  # O . O\nlabels",
        "  . # O .\n  # O B O\nlabels",
    );
    let e = one_error(&text);
    assert_eq!(
        e,
        "cases/test/bad-input.yaml:10:7: board: expected a board (`.`, `#`, `O`), found `B`"
    );
}

#[test]
fn ragged_rows() {
    let text = GOOD.replace("  # O . O\nlabels", "  # O .\nlabels");
    let e = one_error(&text);
    assert_eq!(
        e,
        "cases/test/bad-input.yaml:10:8: board: ragged row: expected 4 cells as in the first row, found 3"
    );
}

#[test]
fn a_label_not_on_the_board() {
    let text = GOOD.replace("\"#[b]\"", "\"#[c]\"");
    let e = one_error(&text);
    assert_eq!(e, "cases/test/bad-input.yaml:17: check `black-b`: move 1: label `c` is not on the board's labels");
}

#[test]
fn an_unterminated_sequence() {
    let text = GOOD.replace("\"#[b]\"", "\"#[b\"");
    let e = one_error(&text);
    assert!(
        e.starts_with("cases/test/bad-input.yaml:18:17: checks[0].legality.move: expected"),
        "{e}"
    );
    assert!(e.ends_with("found the end of the text"), "{e}");
}

#[test]
fn an_unknown_feature() {
    let text = GOOD.replace("[capture, basic-ko]", "[capture, basic-k0]");
    let e = one_error(&text);
    assert!(
        e.starts_with("cases/test/bad-input.yaml:6:21: features[1]: unknown feature `basic-k0`, expected one of capture, suicide-prohibited,"),
        "{e}"
    );
}

#[test]
fn an_unknown_clause() {
    let text = GOOD.replace("[KO-1.1]", "[KO-99.1]");
    let e = one_error(&text);
    assert_eq!(
        e,
        "cases/test/bad-input.yaml:5: clause `KO-99.1` is not defined in spec/"
    );
}

#[test]
fn an_ambiguous_label_needs_at() {
    let text = GOOD
        .replace("  # O b O\n", "  # O a O\n")
        .replace("\"#[b]\"", "\"#[a]\"");
    let e = one_error(&text);
    assert!(
        e.ends_with("move 1: label `a` names 2 intersections; say which with `at: {1: <vertex>}`"),
        "{e}"
    );
    let resolved = text.replace("move: \"#[a]\"", "move: {sequence: \"#[a]\", at: {1: C1}}");
    assert_eq!(errors(&resolved), vec![]);
    let wrong = text.replace("move: \"#[a]\"", "move: {sequence: \"#[a]\", at: {1: D1}}");
    assert!(one_error(&wrong).ends_with("move 1: `at` says D1, which does not carry label `a`"));
}

#[test]
fn labels_must_agree_with_the_board() {
    let text = GOOD.replace("  a # O .\n", "  a # # .\n");
    let e = one_error(&text);
    assert_eq!(
        e,
        "cases/test/bad-input.yaml:12: labels row 1 column 3: `#` differs from the board's `O`"
    );
}

#[test]
fn numbered_diagrams_need_every_number() {
    let text = GOOD.replace(
        "      move: \"#[b]\"\n",
        "      after: {first: black, diagram: \"1 # O .\\n# O 3 O\"}\n      move: \"O[p]\"\n",
    );
    let e = one_error(&text);
    assert!(
        e.ends_with("move 2 is neither drawn, nor a pass, nor played at another number"),
        "{e}"
    );
}

#[test]
fn a_wrong_legality_answer() {
    let text = GOOD.replace("expect: legal", "expect: forbidden");
    let e = one_error(&text);
    assert!(
        e.starts_with(
            "cases/test/bad-input.yaml:19:15: checks[0].legality.expect: expected `legal`"
        ),
        "{e}"
    );
}

/// A core case of seed 004's definitions with one check: `check` names the check's kind and opens it, its other
/// `fields` follow; `clause` and `feature` are the case's.
fn kodef_case(kind: &str, clause: &str, feature: &str, check: &str, fields: &str) -> String {
    format!(
        r##"id: bad-input
title: "A small constructed case"
source:
  constructed: "exercises the {kind} check's errors"
clauses: [{clause}]
features: [capture, basic-ko, fixed-ko, one-play, {feature}]
ruleset: {{name: core, options: {{ko: [basic-ko, fixed-ko, one-play]}}}}
board: |
  . # O .
  # O . O
to_move: black
checks:
  - {kind}:
{check}{fields}"##
    )
}

/// A core case with a `force` check (CASE-13.2) whose other `fields` follow its question.
fn force_case(fields: &str) -> String {
    let check = "      name: black-first\n      question: answer-force\n";
    kodef_case("force", "KODEF-4.6", "force-questions", check, fields)
}

#[test]
fn a_force_check_is_linted() {
    let good = "      duty: local\n      region: \"C1 C2\"\n      expect: no\n";
    assert_eq!(errors(&force_case(good)), vec![]);
    let e = one_error(&force_case(&good.replace("no\n", "maybe\n")));
    assert!(
        e.starts_with(
            "cases/test/bad-input.yaml:18:15: checks[0].force.expect: unknown variant `maybe`"
        ),
        "{e}"
    );
    let e = one_error(&force_case(&good.replace("C1 C2", "C1 Z9")));
    assert!(
        e.contains("`region`: `Z9` is not a vertex of the board"),
        "{e}"
    );
    let e = one_error(&force_case(
        &good.replace("local", "local\n      komi: 0.5"),
    ));
    assert!(e.contains("only a global duty takes `komi`"), "{e}");
    let e = one_error(&force_case(&good.replace("local", "global")));
    assert!(e.contains("a global duty takes `komi`"), "{e}");
    let e = one_error(&force_case(&good.replace("C1 C2", "")));
    assert!(e.contains("`region` names no intersection"), "{e}");
}

#[test]
fn a_kodef_reading_of_the_core_ruleset_is_a_word_of_its_option() {
    // CASE-1.3a, KODEF-R: the readings take the vocabulary's words; any other is named at its place.
    let good = "      duty: local\n      region: \"C1 C2\"\n      expect: no\n";
    let options = "{ko: [basic-ko, fixed-ko, one-play]}";
    let with = |extra: &str| {
        force_case(good).replace(
            options,
            &format!("{{ko: [basic-ko, fixed-ko, one-play], {extra}}}"),
        )
    };
    for extra in [
        "cycle: minimal",
        "cycle_end: from-start",
        "history_bans: all-transitions",
        "basic_ko: capturable-now",
        "basic_ko: not-banned",
        "cycle_set: union",
        "cycle_set: intersection",
    ] {
        assert_eq!(errors(&with(extra)), vec![], "{extra}");
    }
    let e = one_error(&with("cycle_end: sometimes"));
    assert!(
        e.starts_with("cases/test/bad-input.yaml:7:"),
        "the error is placed on the ruleset's line: {e}"
    );
    assert!(
        e.contains(
            "unknown cycle_end value `sometimes`, expected one of last-recurrence, from-start, with-pass-cycles"
        ),
        "{e}"
    );
    let e = one_error(&with("history_bans: some"));
    assert!(
        e.contains("expected one of none, basic-ko, all-transitions"),
        "{e}"
    );
    let e = one_error(&with("cycle_set: all"));
    assert!(
        e.contains("unknown cycle_set value `all`, expected one of common, union, intersection"),
        "{e}"
    );
    let e = one_error(&with("cycles: any"));
    assert!(e.contains("unknown field `cycles`"), "{e}");
}

/// A core case with a `ko_intersections` check (CASE-13.1) whose other `fields` follow its kind.
fn ko_intersections_case(fields: &str) -> String {
    let check = "      name: the-ko\n      kind: local\n";
    kodef_case(
        "ko_intersections",
        "KODEF-6.2",
        "local-ko-intersections",
        check,
        fields,
    )
}

#[test]
fn a_ko_intersections_check_is_linted() {
    let good = "      region: \"A2 C1 D2\"\n      asked: \"A2 C1\"\n      expect: \"A2\"\n";
    assert_eq!(errors(&ko_intersections_case(good)), vec![]);
    let e = one_error(&ko_intersections_case(
        &good.replace("\"A2 C1\"", "\"A2 B1\""),
    ));
    assert!(
        e.contains("`asked` names an intersection outside `region`"),
        "{e}"
    );
    let e = one_error(&ko_intersections_case(
        &good.replace("expect: \"A2\"", "expect: \"D2\""),
    ));
    assert!(
        e.contains("`expect` names an intersection outside `asked`"),
        "{e}"
    );
    let e = one_error(&ko_intersections_case(
        &good
            .replace("\"A2 C1\"", "\"\"")
            .replace("expect: \"A2\"", "expect: \"\""),
    ));
    assert!(e.contains("`asked` names no intersection"), "{e}");
    let e = one_error(&ko_intersections_case(
        &good.replace("A2 C1 D2", "A2 C1 Z9"),
    ));
    assert!(
        e.contains("`region`: `Z9` is not a vertex of the board"),
        "{e}"
    );
}

const KEE_GOOD: &str = r##"id: bad-input
title: "A small constructed Kee case"
source:
  constructed: "exercises the Kee loader's errors"
clauses: [KEE-9]
features: [kee]
board: |
  a # : b
  b . : a c
  c O : b
checks:
  - kee_play:
      name: white-b
      player: white
      at: b
      legal: true
      enclosing: true
"##;

/// Loads `text` as the Kee case `cases/kee/bad-input.yaml` and lints it; returns every error.
fn kee_errors(text: &str) -> Vec<CaseError> {
    let file = Path::new("cases/kee/bad-input.yaml");
    match gorules_cases::parse_kee_case(file, text.to_string()) {
        Err(e) => vec![e],
        Ok(lc) => {
            let mut suite = Suite::empty(&root());
            suite.kee_cases.push(lc);
            lint::lint(&suite)
        }
    }
}

#[test]
fn kee_cases_report_file_line_and_column() {
    assert_eq!(kee_errors(KEE_GOOD), vec![]);

    // A neighbour that is not listed: the error points into the graph, at the name.
    let e = kee_errors(&KEE_GOOD.replace("b . : a c", "b . : a d"));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].line, e[0].column), (9, 11), "{}", e[0]);
    assert!(e[0].message.contains("`d`"), "{}", e[0]);

    // A play on a name that is not on the board, and a player beyond the players of the rules.
    let e = kee_errors(
        &KEE_GOOD
            .replace("at: b", "at: z")
            .replace("player: white", "player: red"),
    );
    let text: Vec<String> = e.iter().map(|x| x.to_string()).collect();
    assert!(text.iter().any(|t| t.contains("`at: z`")), "{text:?}");
    assert!(text.iter().any(|t| t.contains("player `red`")), "{text:?}");

    // An unknown player name in a field that names players.
    let e = kee_errors(&KEE_GOOD.replace("player: white", "player: purple"));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].message.contains("purple"), "{}", e[0]);
    assert!(e[0].line > 0, "{}", e[0]);

    // A variant without its feature.
    let e = kee_errors(&KEE_GOOD.replace(
        "features: [kee]",
        "features: [kee]\nrules:\n  suicide: allowed",
    ));
    assert!(
        e.iter().any(|x| x.message.contains("kee-suicide-allowed")),
        "{e:?}"
    );
}

const J89_GAME: &str = r##"id: bad-input
title: "A small constructed game"
source:
  constructed: "exercises the loader's errors for j89_game checks"
clauses: [J89-9.1]
features: [capture, suicide-prohibited]
ruleset: japanese-1989
board: |
  . # O .
  # O . O
checks:
  - j89_game:
      name: stop
      features: [j89-game]
      steps:
        - moves: "#[pp]"
      stage: stopped
      result: jigo
"##;

#[test]
fn the_good_game_loads_cleanly() {
    assert_eq!(errors(J89_GAME), vec![]);
}

#[test]
fn a_bad_j89_game_step_or_result_is_named_with_its_line() {
    let e = one_error(&J89_GAME.replace("- moves: \"#[pp]\"", "- pass: black"));
    assert!(e.contains("bad-input.yaml:16:"), "{e}");
    assert!(e.contains("unknown variant `pass`"), "{e}");
    let e = one_error(&J89_GAME.replace("result: jigo", "result: draw"));
    assert!(e.contains("bad-input.yaml:18:"), "{e}");
    assert!(
        e.contains("expected a result (B+3, W+0.5, jigo, no-result, both-lose, B+R, W+F)"),
        "{e}"
    );
    let e = one_error(&J89_GAME.replace("stage: stopped", "stage: playing"));
    assert!(
        e.contains("a game that is still going on has no result"),
        "{e}"
    );
    let e = one_error(&J89_GAME.replace("      features: [j89-game]\n", ""));
    assert!(e.contains("names the feature `j89-game`"), "{e}");
    let e = one_error(&J89_GAME.replace("ruleset: japanese-1989", "ruleset: naj"));
    assert!(e.contains("belong to the japanese-1989 ruleset"), "{e}");
}

#[test]
fn article_13_steps_need_their_option_and_feature() {
    let both = J89_GAME
        .replace(
            "ruleset: japanese-1989",
            "ruleset: {name: japanese-1989, options: {article_13: both-lose}}",
        )
        .replace(
            "      features: [j89-game]",
            "      features: [j89-game, j89-article-13]",
        )
        .replace(
            "        - moves: \"#[pp]\"\n",
            "        - moves: \"#[pp]\"\n        - disagree: end\n",
        )
        .replace(
            "      stage: stopped\n      result: jigo",
            "      stage: ended\n      result: both-lose",
        );
    assert_eq!(errors(&both), vec![]);
    let e = one_error(&both.replace("disagree: end", "disagree: now"));
    assert!(e.contains("bad-input.yaml:17:"), "{e}");
    assert!(e.contains("the players can disagree on `end` only"), "{e}");
    let e = one_error(&both.replace("article_13: both-lose", "article_13: ignore"));
    assert!(
        e.contains("unless the ruleset has `article_13: both-lose`"),
        "{e}"
    );
    let e = one_error(&both.replace("[j89-game, j89-article-13]", "[j89-game]"));
    assert!(e.contains("needs the feature `j89-article-13`"), "{e}");
    let e = one_error(&both.replace("article_13: both-lose", "article_13: sometimes"));
    assert!(e.contains("bad-input.yaml:7:"), "{e}");
    let e = one_error(&both.replace(
        "      result: both-lose",
        "      result: both-lose\n      effective_moves: [\"#[pp]\"]",
    ));
    assert!(e.contains("exactly one play"), "{e}");
}

const AS_PLAYED: &str = r##"id: bad-input
title: "A small constructed stop position"
source:
  constructed: "exercises the loader's errors for played confirmations"
clauses: [J89-R2]
features: [capture, suicide-prohibited, j89-confirmation]
ruleset: {name: japanese-1989, options: {confirmation: as-played}}
board: |
  . # O .
  # # O O
checks:
  - status:
      name: played
      confirmation:
        black: "pass pass"
        white: "pass pass"
      statuses: |
        . S s .
        S S s s
"##;

#[test]
fn played_confirmations_need_their_option_and_valid_moves() {
    assert_eq!(errors(AS_PLAYED), vec![]);
    let e = one_error(&AS_PLAYED.replace(
        "black: \"pass pass\"",
        "black: \"A9 pass:ko pass:B9 fill pass\"",
    ));
    assert!(e.contains("bad-input.yaml:13:"), "{e}");
    assert!(e.contains("confirmation black: not a vertex on the board, pass, pass:VERTEX or pass:ko: A9, pass:B9, fill"), "{e}");
    let e =
        one_error(&AS_PLAYED.replace("{confirmation: as-played}", "{confirmation: perfect-play}"));
    assert!(
        e.contains("decide only under the ruleset option `confirmation: as-played`"),
        "{e}"
    );
    let e = one_error(&AS_PLAYED.replace(
        "      confirmation:\n        black: \"pass pass\"\n        white: \"pass pass\"\n",
        "",
    ));
    assert!(e.contains("gives the played `confirmation` lines"), "{e}");
    let e = one_error(&AS_PLAYED.replace("white: \"pass pass\"", "red: \"pass pass\""));
    assert!(e.contains("bad-input.yaml:16:"), "{e}");
    assert!(e.contains("unknown field `red`"), "{e}");
}

// ---- Hostile input (issue 24, CASE-10) ---------------------------------------------------------------

/// A fresh, empty folder under the system's temp folder, unique to this test and run.
fn temp_dir(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!(
        "gorules-cases-{name}-{}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("create a temp folder");
    dir
}

#[test]
fn deep_flow_nesting_is_rejected_before_yaml_reads_it() {
    // 100,000 nested flow lists (200 KB): serde_yaml alone takes minutes over this.
    let text = format!("id: deep\nchecks: {}", "[".repeat(100_000));
    let e = one_error(&text);
    // `checks` opens a block mapping (1 level); the 64th `[` (column 8 + 64) is the 65th level.
    assert_eq!(
        e,
        "cases/test/bad-input.yaml:2:72: nesting deeper than 64 levels (CASE-10.4)"
    );
    // Flow maps count too, and brackets inside quoted or block scalars do not.
    let e = one_error(&format!("id: deep\nchecks: {}", "{a: ".repeat(1_000)));
    assert!(
        e.ends_with("nesting deeper than 64 levels (CASE-10.4)"),
        "{e}"
    );
    let quoted = format!("x: \"{}\"\ny: |\n  {}\n", "[".repeat(500), "{".repeat(500));
    assert!(!one_error(&quoted).contains("nesting"));
}

#[test]
fn deep_block_nesting_is_rejected() {
    let mut text = String::from("id: deep\n");
    for level in 0..100 {
        text.push_str(&format!("{}a:\n", "  ".repeat(level)));
    }
    let e = one_error(&text);
    // Level 1 is the mapping of `id:`; line k opens level k - 1: the key on line 66 (column 129) level 65.
    assert_eq!(
        e,
        "cases/test/bad-input.yaml:66:129: nesting deeper than 64 levels (CASE-10.4)"
    );
    let e = one_error(&format!("checks:\n{}x\n", "- ".repeat(1_000)));
    assert!(e.starts_with("cases/test/bad-input.yaml:2:"), "{e}");
    assert!(
        e.ends_with("nesting deeper than 64 levels (CASE-10.4)"),
        "{e}"
    );
}

#[test]
fn a_file_larger_than_the_limit_is_rejected_with_its_name() {
    let dir = temp_dir("large");
    let file = dir.join("large.yaml");
    // A valid case padded with comment lines past 1 MiB.
    let line = format!("# {}\n", "x".repeat(1021));
    let text = format!("{GOOD}{}", line.repeat(1024));
    assert!(text.len() > gorules_cases::MAX_FILE_BYTES);
    std::fs::write(&file, &text).expect("write");
    let e = gorules_cases::suite::load_case(&file).expect_err("too large");
    assert_eq!(e.file, file);
    // The limit is crossed on the 1024 - 20 + 1 = 1005th comment line (1024 bytes a line after GOOD).
    let over = gorules_cases::MAX_FILE_BYTES - GOOD.len();
    let (line, column) = (20 + over / 1024, over % 1024 + 1);
    assert_eq!((e.line, e.column), (line, column), "{e}");
    assert!(
        e.message
            .starts_with("the file is larger than 1048576 bytes (1 MiB)"),
        "{e}"
    );
    // The same text given as a string is refused the same way.
    let e = one_error(&text);
    assert!(e.contains("larger than 1048576 bytes"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn symlinked_folders_are_not_walked() {
    let root = temp_dir("symlinks");
    let cases = root.join("cases").join("test");
    std::fs::create_dir_all(&cases).expect("create");
    std::fs::write(cases.join("bad-input.yaml"), GOOD).expect("write");
    // Two links to `.`: following them would walk 2^40 paths before the system's link limit stops it.
    std::os::unix::fs::symlink(".", cases.join("a")).expect("symlink");
    std::os::unix::fs::symlink(".", cases.join("b")).expect("symlink");
    // A link to a file is read like a file.
    std::fs::create_dir_all(root.join("elsewhere")).expect("create");
    let other = GOOD.replace("id: bad-input", "id: linked");
    std::fs::write(root.join("elsewhere").join("linked.yaml"), other).expect("write");
    std::os::unix::fs::symlink(
        root.join("elsewhere").join("linked.yaml"),
        cases.join("linked.yaml"),
    )
    .expect("symlink");
    let (suite, _) = Suite::load(&root);
    let mut files: Vec<PathBuf> = suite.cases.iter().map(|c| c.file.clone()).collect();
    files.sort();
    assert_eq!(
        files,
        vec![cases.join("bad-input.yaml"), cases.join("linked.yaml")]
    );
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn a_byte_order_mark_is_accepted() {
    assert_eq!(errors(&format!("\u{feff}{GOOD}")), vec![]);
    let dir = temp_dir("bom");
    let file = dir.join("bad-input.yaml");
    std::fs::write(&file, [&[0xef, 0xbb, 0xbf][..], GOOD.as_bytes()].concat()).expect("write");
    let lc = gorules_cases::suite::load_case(&file).expect("a BOM is dropped");
    assert_eq!(lc.case.title, "A small constructed case");
    assert!(lc.text.starts_with("id:"));
    // Positions after a BOM are those an editor shows.
    let bad = format!(
        "\u{feff}{}",
        GOOD.replace("expect: legal", "expect: forbidden")
    );
    assert!(
        one_error(&bad).starts_with("cases/test/bad-input.yaml:19:15: "),
        "{}",
        one_error(&bad)
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_second_yaml_document_is_named_with_its_line() {
    let e = one_error(&format!("{GOOD}---\n{GOOD}"));
    assert_eq!(
        e,
        "cases/test/bad-input.yaml:20:1: one case per file (CASE-10.3): a second YAML document starts here"
    );
    // With an explicit first `---`, and with CRLF line ends.
    let e = one_error(&format!("---\n{GOOD}---\n{GOOD}"));
    assert!(
        e.starts_with("cases/test/bad-input.yaml:21:1: one case per file"),
        "{e}"
    );
    let crlf = format!("{GOOD}---\n{GOOD}").replace('\n', "\r\n");
    let e = one_error(&crlf);
    assert!(
        e.starts_with("cases/test/bad-input.yaml:20:1: one case per file"),
        "{e}"
    );
}

#[test]
fn text_that_is_not_utf8_is_named_with_its_line_and_column() {
    let dir = temp_dir("utf8");
    let file = dir.join("bad-input.yaml");
    let bytes = GOOD
        .replace("A small", "A sm\u{e9}ll")
        .replacen('\u{e9}', "\u{1}", 1);
    let mut bytes = bytes.into_bytes();
    // Latin-1 `é` (0xE9) on line 2, column 13.
    let at = bytes.iter().position(|b| *b == 1).expect("marker");
    bytes[at] = 0xe9;
    std::fs::write(&file, &bytes).expect("write");
    let e = gorules_cases::suite::load_case(&file).expect_err("not UTF-8");
    assert_eq!(
        e.to_string(),
        format!(
            "{}:2:13: not valid UTF-8 (byte 0xE9); case files are UTF-8",
            file.display()
        )
    );
    // UTF-16 says so.
    let utf16: Vec<u8> = [0xff, 0xfe]
        .into_iter()
        .chain(GOOD.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    std::fs::write(&file, utf16).expect("write");
    let e = gorules_cases::suite::load_case(&file).expect_err("UTF-16");
    assert_eq!((e.line, e.column), (1, 1));
    assert!(e.message.contains("UTF-16"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_repeated_case_id_names_both_files() {
    let load = |file: &str| parse_case(Path::new(file), GOOD.to_string()).expect("loads");
    let mut suite = Suite::empty(&root());
    // Given out of order, a Kee-free suite with the id three times.
    for file in [
        "cases/c/bad-input.yaml",
        "cases/a/bad-input.yaml",
        "cases/b/bad-input.yaml",
    ] {
        suite.cases.push(load(file));
    }
    let dups: Vec<String> = lint::lint(&suite)
        .iter()
        .filter(|e| e.message.contains("used again"))
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        dups,
        vec![
            "cases/b/bad-input.yaml:1: case id `bad-input` is used again: first in cases/a/bad-input.yaml:1",
            "cases/c/bad-input.yaml:1: case id `bad-input` is used again: first in cases/a/bad-input.yaml:1",
        ]
    );
}

#[test]
fn segments_name_players_in_words() {
    let text = GOOD.replace(
        "      move: \"#[b]\"\n",
        "      after: [\"#[a]\", \"#[b]\"]\n      move: \"O[p]\"\n",
    );
    let e = one_error(&text);
    assert!(
        e.ends_with(
            "segment 2 starts with black, but white is to move after the segment before it"
        ),
        "{e}"
    );
}

#[test]
fn a_fifo_is_not_waited_on() {
    let root = temp_dir("fifo");
    let cases = root.join("cases").join("test");
    std::fs::create_dir_all(&cases).expect("create");
    std::fs::write(cases.join("bad-input.yaml"), GOOD).expect("write");
    let fifo = cases.join("fifo.yaml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        eprintln!("mkfifo is not available: skipped");
        return;
    }
    // Opening a FIFO for reading waits for a writer: neither the walk nor a named file may open it.
    let (suite, _) = Suite::load(&root);
    assert_eq!(suite.cases.len(), 1);
    let e = gorules_cases::suite::load_case(&fifo).expect_err("not a file");
    assert!(
        e.to_string().ends_with("cannot read: not a regular file"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn a_case_with_thousands_of_checks_is_linted_with_their_lines() {
    // Each check's line is looked up, not searched for from the top (the lint took 50 s on 18,000 checks).
    let checks: String = (0..5_000)
        .map(|i| format!("  - legality:\n      {{name: c{i}, move: \"#[b]\", expect: legal}}\n"))
        .collect();
    let text = GOOD.replace(
        "  - legality:\n      name: black-b\n      move: \"#[b]\"\n      expect: legal\n",
        &checks.replace("name: c4999, move: \"#[b]\"", "name: c4999, move: \"#[c]\""),
    );
    let e = one_error(&text);
    assert_eq!(
        e,
        "cases/test/bad-input.yaml:10015: check `c4999`: move 1: label `c` is not on the board's labels"
    );
}

#[test]
fn long_move_lists_are_resolved_by_look_up() {
    // 300,000 label moves on a 52x52 board: each label is looked up, not searched for on the board.
    let row = vec!["."; 52].join(" ");
    let board: String = (0..52).map(|_| format!("  {row}\n")).collect();
    let labels = board.replacen("  . ", "  a ", 1);
    let text = GOOD
        .replace("  . # O .\n  # O . O\n", &board)
        .replace("  a # O .\n  # O b O\n", &labels)
        .replace(
            "      move: \"#[b]\"\n",
            &format!(
                "      after: \"#[{}]\"\n      move: \"#[a]\"\n",
                "a".repeat(300_000)
            ),
        );
    assert_eq!(errors(&text), vec![]);
    // A numbered diagram whose 100,000 moves are all passes.
    let passes: Vec<String> = (1..=100_000).map(|k| k.to_string()).collect();
    let text = GOOD.replace(
        "      move: \"#[b]\"\n",
        &format!(
            "      after: {{first: black, diagram: \". # O .\\n# O . O\", passes: [{}]}}\n      move: \"#[b]\"\n",
            passes.join(", ")
        ),
    );
    assert_eq!(errors(&text), vec![]);
}

const COUNT: &str = r##"id: bad-input
title: "A count"
source:
  constructed: "exercises the count check's lint"
clauses: [COUNT-7.1]
features: [capture]
ruleset: {name: core, options: {ko: [simple-ko]}}
board: |
  . # O .
  . # O .
checks:
  - count:
      name: fill-in
      features: [counting]
      method: fill-in
      komi: 2
      off_board: {black: 2, white: 2}
      losing_stones: 0
      margin: tie
"##;

#[test]
fn a_count_check_gives_what_its_method_answers() {
    assert_eq!(errors(COUNT), vec![]);
    let e = one_error(&COUNT.replace("      features: [counting]\n", ""));
    assert!(e.contains("needs the feature `counting`"), "{e}");
    let e = one_error(&COUNT.replace("losing_stones: 0", "tens: 10"));
    assert!(
        e.contains("the fill-in method does not answer `tens`"),
        "{e}"
    );
    let e = one_error(&COUNT.replace("      off_board: {black: 2, white: 2}\n", ""));
    assert!(e.contains("fill-in counting needs `off_board`"), "{e}");
    let e = one_error(&COUNT.replace("komi: 2", "komi: 3"));
    assert!(e.contains("an even whole komi"), "{e}");
    let e = one_error(
        &COUNT
            .replace("method: fill-in", "method: half")
            .replace("      losing_stones: 0\n", ""),
    );
    assert!(
        e.contains("the half method does not answer `off_board`"),
        "{e}"
    );
    let e = one_error(&COUNT.replace("margin: tie", "margin: W-1"));
    assert!(e.contains("bad-input.yaml:19:"), "{e}");
    assert!(e.contains("expected a margin"), "{e}");
    let e = one_error(&COUNT.replace("komi: 2", "komi: 0.3"));
    assert!(e.contains("multiple of 0.25"), "{e}");
}

const GAME_END: &str = r##"id: bad-input
title: "A game end"
source:
  constructed: "exercises the game_end check's lint"
clauses: [SCORE-4.1]
features: [capture, agreement-area]
ruleset: agreement-area
board: |
  . # O .
  . # O .
checks:
  - game_end:
      name: end
      moves: "B[pass pass]"
      stops_after: 2
      agreed_removals: [C1]
      then: "B[pass pass]"
      ends_after: 4
      result: B+8
"##;

#[test]
fn a_game_end_check_stops_and_ends_where_its_moves_do() {
    assert_eq!(errors(GAME_END), vec![]);
    let e = one_error(&GAME_END.replace("ends_after: 4", "ends_after: 5"));
    assert!(e.contains("ends_after is 5, but the moves number 4"), "{e}");
    let e = one_error(&GAME_END.replace("stops_after: 2", "stops_after: 1"));
    assert!(
        e.contains("stops_after is 1, but `moves` has 2 moves"),
        "{e}"
    );
    let e = one_error(&GAME_END.replace("[C1]", "[E1]"));
    assert!(
        e.contains("`E1` is not a GTP vertex of this 4x2 board"),
        "{e}"
    );
    let e = one_error(&GAME_END.replace("      result: B+8\n", ""));
    assert!(
        e.contains("expects at least one of final, black, white, result"),
        "{e}"
    );
    let e =
        one_error(&GAME_END.replace("features: [capture, agreement-area]", "features: [capture]"));
    assert!(e.contains("names the feature `agreement-area`"), "{e}");
    // Under simple area rules there is no stop: stops_after, agreed_removals and then do not belong.
    let area = GAME_END
        .replace("ruleset: agreement-area", "ruleset: area")
        .replace("agreement-area]", "area-scoring]");
    let e = one_error(&area);
    assert!(e.contains("belong to the agreement-area ruleset"), "{e}");
    let e = one_error(&GAME_END.replace("result: B+8", "result: B+0"));
    assert!(e.contains("expected a result such as `B+3`"), "{e}");
    // final_score and game_end do not belong to NAJ.
    let naj = errors(
        &GAME_END
            .replace("ruleset: agreement-area", "ruleset: naj")
            .replace("features: [capture, agreement-area]", "features: [capture]"),
    );
    assert!(
        naj.iter().any(|e| e
            .to_string()
            .contains("game_end checks belong to a rule class")),
        "{naj:?}"
    );
}
