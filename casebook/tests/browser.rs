//! The casebook as a reader sees it: the whole site is written into `target/casebook-test/`, every link of it
//! must resolve, a sample of case pages is opened in headless Chromium (the Debian package `chromium`) and must
//! draw the case's own stones and labels, and three representative pages are saved as screenshots under
//! `target/casebook-screenshots/`.

use gorules_casebook::{broken_links, build, Report};
use gorules_cases::Suite;
use gorules_grammar::{Cell, StoneColor, PLAYER_NAMES};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

/// The checkout.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The target folder (`CARGO_TARGET_TMPDIR` is its `tmp/`).
fn target() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().unwrap_or(tmp).to_path_buf()
}

/// The three pages saved as screenshots: a NAJ control map, a Kee graph board, a Japanese 1989 seki.
const REPRESENTATIVE: [(&str, &str, u32); 3] = [
    ("naj-control-4x7", "naj-control-map", 3000),
    ("kee-removal-three-players", "kee-graph-board", 1400),
    ("j89-example-20-seki", "j89-seki", 1400),
];

/// The check given a failed verdict in the test's report, so that its page shows expected against actual.
const FAILED: (&str, &str) = ("j89-example-20-seki", "seed-verdict");

/// A report written by hand in the runner's format (runner/src/summary.rs): every check passed but one failed
/// and one undecided.
fn report(suite: &Suite) -> String {
    let mut ids = Vec::new();
    for lc in &suite.cases {
        for c in &lc.case.checks {
            ids.push((
                format!(
                    "{}::{}::{}",
                    lc.case.ruleset.name(),
                    lc.case.id,
                    c.common().name
                ),
                lc.case.id.clone(),
                c.common().name.to_string(),
            ));
        }
    }
    for lc in &suite.kee_cases {
        for c in &lc.case.checks {
            ids.push((
                format!("kee::{}::{}", lc.case.id, c.name()),
                lc.case.id.clone(),
                c.name().to_string(),
            ));
        }
    }
    let mut out = String::from(
        "{\n  \"suite_version\": \"test\",\n  \"engine\": \"hand-written\",\n  \"checks\": [\n",
    );
    for (i, (id, case, check)) in ids.iter().enumerate() {
        let (verdict, reason) = if (case.as_str(), check.as_str()) == FAILED {
            ("failed", "expected seki, engine answered: A3 alive")
        } else if i == 0 {
            ("undecided", "bounds 0..12")
        } else {
            ("passed", "")
        };
        let _ = writeln!(
            out,
            "    {{\"id\": \"{id}\", \"ruleset\": \"x\", \"features\": [], \"verdict\": \"{verdict}\", \"reason\": \"{reason}\", \"seconds\": 0.001}}{}",
            if i + 1 < ids.len() { "," } else { "" }
        );
    }
    out.push_str("  ]\n}\n");
    out
}

/// The site, written once for every test of this file.
fn site() -> &'static PathBuf {
    static SITE: OnceLock<PathBuf> = OnceLock::new();
    SITE.get_or_init(|| {
        let out = target().join("casebook-test");
        let _ = std::fs::remove_dir_all(&out);
        let (suite, errors) = Suite::load(&root());
        assert!(errors.is_empty(), "the suite loads: {errors:?}");
        let report = Report::parse(&report(&suite)).expect("the hand-written report parses");
        let built = build(&root(), &out, Some(&report)).expect("the site is written");
        assert!(built.errors.is_empty(), "{:?}", built.errors);
        out
    })
}

fn page(id: &str) -> PathBuf {
    site().join(format!("case-{id}.html"))
}

#[test]
fn every_link_of_the_site_resolves() {
    let broken = broken_links(site()).expect("the site can be read");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn clauses_and_cases_link_both_ways() {
    let (suite, _) = Suite::load(&root());
    let mut spec = String::new();
    for e in std::fs::read_dir(site()).unwrap().flatten() {
        if e.file_name().to_string_lossy().starts_with("spec-") {
            spec.push_str(&std::fs::read_to_string(e.path()).unwrap());
        }
    }
    for id in &suite.clauses {
        assert!(
            spec.contains(&format!("id=\"{id}\"")),
            "no anchor for clause {id}"
        );
    }
    let cases = suite
        .cases
        .iter()
        .map(|c| (&c.case.id, &c.case.clauses))
        .chain(
            suite
                .kee_cases
                .iter()
                .map(|c| (&c.case.id, &c.case.clauses)),
        );
    for (id, clauses) in cases {
        let html = std::fs::read_to_string(page(id)).unwrap();
        for c in clauses {
            assert!(
                html.contains(&format!(".html#{c}\"")),
                "case {id} does not link its clause {c}"
            );
            assert!(
                spec.contains(&format!("href=\"case-{id}.html\"")),
                "no spec page lists case {id}"
            );
        }
    }
}

/// Headless Chromium, or a failure that names the package to install.
fn chromium() -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser"] {
            let p = dir.join(name);
            if p.is_file() {
                return p;
            }
        }
    }
    panic!(
        "headless Chromium is needed to check the casebook's pages and was not found on PATH: \
         install the Debian package `chromium` (apt-get install -y chromium; .ci/run does)"
    );
}

/// Chromium runs one at a time: each start is heavy on a 2-core machine.
static BROWSER: Mutex<()> = Mutex::new(());

fn run_chromium(args: &[String]) -> String {
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let profile = target().join("casebook-chromium-profile");
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            &format!("--user-data-dir={}", profile.display()),
        ])
        .args(args)
        .output()
        .expect("chromium starts");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn url(file: &Path) -> String {
    let abs = std::fs::canonicalize(file).expect("the page exists");
    format!("file://{}", abs.display())
}

/// The part of a dumped DOM inside the figure of the case's position.
fn position_figure(dom: &str) -> &str {
    let start = dom
        .find("id=\"position\"")
        .expect("the page draws the position");
    let end = dom[start..].find("</figure>").expect("the figure closes") + start;
    &dom[start..end]
}

/// What the position figure must show: stones by class, and labels.
struct Expected {
    stones: BTreeMap<&'static str, usize>,
    labels: Vec<char>,
}

fn expected(suite: &Suite) -> BTreeMap<String, Expected> {
    let mut out = BTreeMap::new();
    for lc in &suite.cases {
        let mut stones = BTreeMap::from([("black", 0), ("white", 0)]);
        for (_, cell) in lc.case.board.diagram().cells() {
            match cell {
                Cell::Stone(StoneColor::Black) => *stones.entry("black").or_default() += 1,
                Cell::Stone(StoneColor::White) => *stones.entry("white").or_default() += 1,
                _ => {}
            }
        }
        let labels = lc.case.labels.as_ref().map_or_else(Vec::new, |l| {
            l.diagram()
                .cells()
                .filter_map(|(_, c)| match c {
                    Cell::Label(c) => Some(c),
                    _ => None,
                })
                .collect()
        });
        out.insert(lc.case.id.clone(), Expected { stones, labels });
    }
    for lc in &suite.kee_cases {
        let mut stones: BTreeMap<&'static str, usize> =
            PLAYER_NAMES.iter().map(|n| (*n, 0)).collect();
        for n in lc.case.board.graph.nodes() {
            if let Some(p) = n.stone {
                *stones.entry(PLAYER_NAMES[usize::from(p)]).or_default() += 1;
            }
        }
        out.insert(
            lc.case.id.clone(),
            Expected {
                stones,
                labels: Vec::new(),
            },
        );
    }
    out
}

#[test]
fn chromium_draws_each_sampled_case_with_its_stones_and_labels() {
    let (suite, _) = Suite::load(&root());
    let all = expected(&suite);
    // The representative pages, every 12th case, and every case with labels drawn over its board.
    let mut sample: Vec<&String> = REPRESENTATIVE
        .iter()
        .filter_map(|(id, _, _)| all.get_key_value(*id).map(|(k, _)| k))
        .collect();
    sample.extend(all.keys().step_by(12));
    sample.extend(
        all.iter()
            .filter(|(_, e)| !e.labels.is_empty())
            .map(|(k, _)| k)
            .take(4),
    );
    sample.sort();
    sample.dedup();
    assert!(sample.len() >= 10, "a sample of {}", sample.len());
    for id in sample {
        let dom = run_chromium(&["--dump-dom".into(), url(&page(id))]);
        assert!(dom.contains("class=\"js\""), "{id}: the page's script ran");
        let fig = position_figure(&dom);
        let want = &all[id];
        for (class, n) in &want.stones {
            let drawn = fig.matches(&format!("class=\"stone {class}\"")).count();
            assert_eq!(drawn, *n, "{id}: {class} stones drawn");
        }
        assert_eq!(
            fig.matches("class=\"label ").count(),
            want.labels.len(),
            "{id}: labels drawn"
        );
        for c in &want.labels {
            assert!(fig.contains(&format!(">{c}</text>")), "{id}: label {c}");
        }
        // The slider shows exactly one step of each sequence once the script has run.
        assert_eq!(
            dom.matches("class=\"steps one\"").count(),
            dom.matches("class=\"board step shown\"").count(),
            "{id}: one step shown per sequence"
        );
    }
}

#[test]
fn a_failed_check_shows_expected_against_actual() {
    let dom = run_chromium(&["--dump-dom".into(), url(&page(FAILED.0))]);
    let at = dom
        .find(&format!("id=\"check-{}\"", FAILED.1))
        .expect("the check's section");
    let section = &dom[at..at + dom[at..].find("</section>").unwrap()];
    assert!(section.contains("verdict failed"));
    assert!(section.contains("expected") && section.contains("engine answered: A3 alive"));
    let index = run_chromium(&["--dump-dom".into(), url(&site().join("index.html"))]);
    assert!(index.contains(&format!("data-case=\"{}\" data-failed=\"1\"", FAILED.0)));
}

#[test]
fn screenshots_of_three_representative_pages() {
    let dir = target().join("casebook-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    for (id, name, height) in REPRESENTATIVE {
        let png = dir.join(format!("{name}.png"));
        let _ = std::fs::remove_file(&png);
        run_chromium(&[
            format!("--screenshot={}", png.display()),
            format!("--window-size=1000,{height}"),
            "--hide-scrollbars".into(),
            url(&page(id)),
        ]);
        let size = std::fs::metadata(&png).map(|m| m.len()).unwrap_or(0);
        assert!(size > 10_000, "{}: a screenshot of {id}", png.display());
    }
}
