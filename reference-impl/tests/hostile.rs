//! PROTO-1.3, PROTO-3.15: hostile input to the engine. Each test repeats one way the engine used to crash, hang
//! or grow without bound, and checks that it now answers with an error and goes on. The last test is a seeded
//! fuzz of the command stream: random and hostile lines, every one answered.
//!
//! A longer fuzz run: `GORULES_FUZZ_CASES=20000 GORULES_FUZZ_SEED=7 cargo test --release -p gorules-ref --test
//! hostile`.

use gorules_grammar::gtp::Command;
use gorules_ref::protocol::{serve, MAX_LINE_BYTES};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

/// The engine's whole output for `input`, which may be any bytes.
fn session(input: &[u8]) -> String {
    let mut out = Vec::new();
    serve(input, &mut out).expect("in-memory I/O does not fail");
    String::from_utf8(out).expect("responses are text")
}

/// The responses, one per answered line, without their final empty lines.
fn answers(out: &str) -> Vec<&str> {
    out.split_terminator("\n\n").collect()
}

#[test]
fn a_huge_kee_grid_is_refused_before_anything_is_allocated() {
    let out = session(
        b"gorules-kee-board grid 100000 100000\n\
          gorules-kee-board grid 3037000500 3037000500\n\
          gorules-kee-board grid 18446744073709551615 2\n\
          gorules-kee-board grid 25 99\n\
          name\n",
    );
    let a = answers(&out);
    assert_eq!(a[0], "? syntax error: expected a grid of 1x1 to 25x99");
    assert_eq!(a[1], a[0]);
    assert_eq!(a[2], a[0]);
    assert_eq!(a[3], "=", "the largest grid is still taken");
    assert_eq!(a[4], "= gorules-engine");
}

#[test]
fn a_line_that_is_not_utf8_is_answered_and_the_engine_goes_on() {
    let out = session(b"name\nplay b \xff\n5 play w \xc3\nname\n");
    assert_eq!(
        answers(&out),
        [
            "= gorules-engine",
            "? a command line must be UTF-8; byte 8 is not",
            "?5 a command line must be UTF-8; byte 10 is not",
            "= gorules-engine"
        ]
    );
}

#[test]
fn an_id_alone_gets_an_answer() {
    let out = session(b"7\n  8  # a comment\n# only a comment\n\nname\n");
    assert_eq!(
        answers(&out),
        [
            "?7 expected a command name after the id",
            "?8 expected a command name after the id",
            "= gorules-engine"
        ]
    );
}

#[test]
fn an_endless_line_is_cut_at_the_limit_and_refused() {
    let mut input = b"9 name ".to_vec();
    input.extend(std::iter::repeat_n(b'a', 3 * MAX_LINE_BYTES));
    input.extend_from_slice(b"\nname\n");
    let out = session(&input);
    let a = answers(&out);
    assert_eq!(
        a[0],
        format!(
            "?9 a command line has at most {MAX_LINE_BYTES} bytes, this one {}",
            3 * MAX_LINE_BYTES + 7
        )
    );
    assert_eq!(a[1], "= gorules-engine");
    // A line of exactly the limit is still read.
    let mut input = b"name".to_vec();
    input.extend(std::iter::repeat_n(b' ', MAX_LINE_BYTES - 4));
    input.push(b'\n');
    assert_eq!(answers(&session(&input)), ["= gorules-engine"]);
}

#[test]
fn an_endless_line_without_a_newline_at_the_end_of_the_input() {
    let input = vec![b'x'; MAX_LINE_BYTES + 1];
    let out = session(&input);
    assert!(out.starts_with("? a command line has at most"), "{out}");
}

#[test]
fn a_time_limit_must_be_a_finite_positive_number_of_seconds() {
    for bad in ["inf", "-inf", "NaN", "-1", "0", "1e30", "604801", "soon"] {
        let out = session(format!("gorules-time-limit {bad}\n").as_bytes());
        assert_eq!(
            out, "? syntax error: expected seconds, a number above 0 and at most 604800\n\n",
            "{bad}"
        );
    }
    assert_eq!(session(b"gorules-time-limit 0.25\n"), "=\n\n");
}

/// A 16x8 empty board, where the best-play search never ends within any allowance the tests can afford.
fn empty_16x8() -> String {
    vec![".".repeat(16); 8].join("/")
}

#[test]
fn best_play_with_an_unbounded_node_limit_stops_at_its_time_limit() {
    let out = session(
        format!(
            "gorules-ruleset naj\ngorules-setup alternation {} black\ngorules-time-limit 0.5\n\
             gorules-best-play 18446744073709551615\nname\n",
            empty_16x8()
        )
        .as_bytes(),
    );
    let a = answers(&out);
    assert!(
        a[3].starts_with("= out-of-reach nodes=") && a[3].ends_with(" limit=time"),
        "{}",
        a[3]
    );
    assert_eq!(a[4], "= gorules-engine");
}

#[test]
fn best_play_says_when_its_node_limit_stopped_it() {
    let out = session(
        format!(
            "gorules-ruleset naj\ngorules-setup alternation {} black\ngorules-best-play 1000\n",
            empty_16x8()
        )
        .as_bytes(),
    );
    let a = answers(&out);
    assert!(a[2].ends_with(" limit=nodes"), "{}", a[2]);
}

#[test]
fn the_kee_value_stops_at_its_time_limit() {
    let out = session(
        b"gorules-kee-board grid 3 3\ngorules-time-limit 0.3\ngorules-kee-value 18446744073709551615\n",
    );
    let a = answers(&out);
    assert!(
        a[2].starts_with("= out-of-reach nodes ") && a[2].ends_with(" limit time"),
        "{}",
        a[2]
    );
}

#[test]
fn a_japanese_1989_status_search_stops_at_the_commands_time_limit() {
    // A random 9x9 position (seeded) whose status search, with no time limit, ran past 100 s.
    let position =
        ".O.XX.X../X.OXX..XO/X..X.XO.X/...XOX.O./.O.X...OX/..O.X.X.X/.O......./..OOOX.../.....XX..";
    let out = session(
        format!(
            "gorules-ruleset japanese-1989\ngorules-setup alternation {position} black\n\
             gorules-time-limit 0.5\nfinal_status_list dead\nname\n"
        )
        .as_bytes(),
    );
    let a = answers(&out);
    assert_eq!(
        a[3],
        "? the status search needs more time than the command's allowance (gorules-time-limit)"
    );
    assert_eq!(a[4], "= gorules-engine");
}

#[test]
fn a_graph_board_listed_by_name_is_bounded_and_read_in_linear_time() {
    // 200,000 intersections took minutes (the check was quadratic); now the size is refused at once.
    let mut line = String::from("gorules-kee-board");
    for i in 0..100_000 {
        line.push_str(&format!(" p{i}:"));
    }
    line.push('\n');
    let out = session(line.as_bytes());
    assert_eq!(
        out,
        "? a graph board has at most 2475 intersections, found 100000\n\n"
    );
    // The largest board allowed, a path of 2,475 intersections, is read.
    let n: usize = 25 * 99;
    let mut line = String::from("gorules-kee-board");
    for i in 0..n {
        let neighbours: Vec<String> = [i.checked_sub(1), (i + 1 < n).then_some(i + 1)]
            .into_iter()
            .flatten()
            .map(|j| format!("p{j}"))
            .collect();
        line.push_str(&format!(" p{i}:{}", neighbours.join(",")));
    }
    line.push_str("\ngorules-kee-play p7\n");
    let a = session(line.as_bytes());
    assert_eq!(
        answers(&a),
        ["=", "= played enclosing=no suicidal=no removed= end=none"]
    );
}

#[test]
fn prisoner_counts_do_not_wrap() {
    let out = session(
        b"gorules-ruleset naj\ngorules-setup alternation XO/X. black 4294967295 0\nplay black B1\n\
          gorules-prisoners\ngorules-prisoners 4294967296 0\n",
    );
    let a = answers(&out);
    assert_eq!(a[2], "=");
    assert_eq!(a[3], "= 4294967296 0");
    assert_eq!(
        a[4],
        "? syntax error: expected a count of at most 4294967295, found `4294967296`"
    );
}

#[test]
fn positions_wider_than_gtp_vertices_reach_are_refused() {
    let wide = vec![".".repeat(26); 2].join("/");
    let tall = vec!["..".to_string(); 26].join("/");
    let widest = vec![".".repeat(25); 25].join("/");
    let out = session(
        format!(
            "gorules-setup alternation {wide} black\ngorules-setup alternation {tall} black\n\
             gorules-setup alternation {widest} black\nplay black Z25\nlist_stones black\n"
        )
        .as_bytes(),
    );
    let a = answers(&out);
    assert_eq!(
        a[0],
        "? a position the engine takes is at most 25x25 (the GTP vertices, NOT-2.2), found 26x2"
    );
    assert_eq!(
        a[1],
        "? a position the engine takes is at most 25x25 (the GTP vertices, NOT-2.2), found 2x26"
    );
    assert_eq!(&a[2..], ["=", "=", "= Z25"]);
}

/// The words the fuzz draws command names from: every command the engine lists, and some it does not know.
fn command_names() -> Vec<String> {
    let out = session(b"list_commands\n");
    let mut names: Vec<String> = out
        .trim_start_matches("= ")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    names.extend(["nonsense", "", "PLAY", "quit_not"].map(str::to_string));
    names
}

fn argument() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("black".to_string()),
        Just("white".to_string()),
        Just("pass".to_string()),
        Just("refresh".to_string()),
        Just("naj".to_string()),
        Just("core".to_string()),
        Just("japanese-1989".to_string()),
        Just("alternation".to_string()),
        Just("black-analysis".to_string()),
        Just("white-analysis".to_string()),
        Just("sequence".to_string()),
        Just("grid".to_string()),
        Just("dead".to_string()),
        Just("seki".to_string()),
        Just("18446744073709551615".to_string()),
        Just("3037000500".to_string()),
        Just("inf".to_string()),
        Just("NaN".to_string()),
        Just("ko=simple-ko,positional-superko".to_string()),
        "[A-Za-z][0-9]{1,3}",
        "[.XO]{1,7}(/[.XO]{1,7}){0,6}",
        "[a-z]{1,3}:[a-z]{0,3}(,[a-z]{1,3}){0,2}",
        "[a-z_]{1,12}=[a-z0-9-]{1,10}",
        "-?[0-9]{1,6}",
        "\\PC{0,12}",
    ]
}

/// One line of the stream: a command with arguments (perhaps with an id), or raw bytes.
fn line(names: Vec<String>) -> impl Strategy<Value = Vec<u8>> {
    let command = (
        proptest::option::of(0u64..1000),
        proptest::sample::select(names),
        proptest::collection::vec(argument(), 0..7),
    )
        .prop_map(|(id, name, args)| {
            let mut l = id.map(|i| format!("{i} ")).unwrap_or_default();
            l.push_str(&name);
            for a in args {
                l.push(' ');
                l.push_str(&a);
            }
            l.into_bytes()
        });
    prop_oneof![
        8 => command,
        1 => proptest::collection::vec(any::<u8>(), 0..40),
        1 => "[0-9]{1,4}".prop_map(String::into_bytes),
    ]
    .prop_map(|mut l| {
        l.retain(|&b| b != b'\n');
        l
    })
}

/// Whether the engine would answer this line: one that is not empty once comments and control characters are
/// removed (PROTO-1.1).
fn answered(line: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(line) else {
        return true;
    };
    text.chars()
        .take_while(|c| *c != '#')
        .any(|c| !c.is_whitespace() && !c.is_control())
}

#[test]
fn the_engine_answers_every_line_of_a_hostile_command_stream() {
    let cases = std::env::var("GORULES_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(48);
    let seed = std::env::var("GORULES_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let mut runner = TestRunner::new(Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    });
    let stream = proptest::collection::vec(line(command_names()), 1..30);
    runner
        .run(&stream, |lines| {
            // Every search gets a short allowance, so that a stream stays quick.
            let mut input = b"gorules-time-limit 0.05\n".to_vec();
            let mut expected = 1;
            let mut quits = false;
            for l in &lines {
                input.extend_from_slice(l);
                input.push(b'\n');
                if answered(l) {
                    expected += 1;
                }
                let quit = std::str::from_utf8(l)
                    .ok()
                    .and_then(Command::parse)
                    .is_some_and(|c| c.name == "quit");
                if quit {
                    quits = true;
                    break;
                }
            }
            let out = session(&input);
            let got = out.matches("\n\n").count();
            prop_assert!(
                got == expected,
                "{expected} lines to answer, {got} answers for {:?}\n{out}",
                String::from_utf8_lossy(&input)
            );
            prop_assert!(quits || out.ends_with("\n\n"));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

/// PROTO-3.13: a question asked again, in the same session or another one of the process, gets the answer it got
/// the first time (the engine keeps the answers of searches that no deadline cut short); the same position with
/// another node limit is another question.
#[test]
fn best_play_asked_again_answers_as_before() {
    let ask = |limit: u32| {
        format!(
            "gorules-ruleset naj\ngorules-setup black-analysis ..../XXXX white\ngorules-best-play {limit}\n"
        )
    };
    let first = session(ask(200_000).as_bytes());
    let again = session(format!("{}gorules-best-play 200000\n", ask(200_000)).as_bytes());
    let a = answers(&first);
    let b = answers(&again);
    assert!(a[2].starts_with("= value="), "{}", a[2]);
    assert_eq!(a[2], b[2]);
    assert_eq!(b[2], b[3]);
    let smaller = session(ask(10).as_bytes());
    assert!(
        answers(&smaller)[2].starts_with("= out-of-reach nodes="),
        "{}",
        smaller
    );
}

/// PROTO-8.1: `--naj-search plain` changes how the search works, never what it answers; the default is the
/// informed search, and an unknown setting is refused with the ones there are.
#[test]
fn the_plain_search_answers_as_the_informed_one() {
    use gorules_ref::protocol::{serve_session, Session};
    let ask = |args: &[&str]| {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let session = Session::from_args(&args)?;
        let mut out = Vec::new();
        serve_session(
            session,
            &b"gorules-setup black-analysis ..../XXXX white\ngorules-best-play 200000\n"[..],
            &mut out,
        )
        .expect("in-memory I/O does not fail");
        Ok::<String, String>(String::from_utf8(out).expect("responses are text"))
    };
    let answer = |out: &str| answers(out)[1].to_string();
    let value = |out: &str| answer(out).split(' ').nth(1).map(str::to_string);
    let default = ask(&[]).expect("no options");
    let informed = ask(&["--naj-search", "informed"]).expect("a known setting");
    let plain = ask(&["--naj-search", "plain"]).expect("a known setting");
    assert_eq!(value(&default), Some("value=4".to_string()), "{default}");
    assert_eq!(
        answer(&informed),
        answer(&default),
        "the default is informed"
    );
    assert_eq!(value(&plain), value(&default), "{plain}");
    assert_eq!(
        ask(&["--naj-search", "fast"]),
        Err("--naj-search: unknown settings `fast` (informed, plain)".to_string())
    );
}
