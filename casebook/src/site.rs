//! The site: which pages there are, what they are called, the index with its counts and filters, writing them
//! out, and checking that every link of the written site resolves.

use crate::html::{esc, page};
use crate::kee_pages;
use crate::markdown::{self, Tester};
use crate::pages::{self, CaseRow, Ctx};
use crate::report::Report;
use gorules_cases::Suite;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// What a build wrote, and the case files it could not read (as `file:line:column: message`).
#[derive(Debug, Default)]
pub struct Built {
    /// Pages written.
    pub pages: usize,
    /// Cases drawn.
    pub cases: usize,
    /// Errors in case files; their cases are left out or drawn as far as they loaded.
    pub errors: Vec<String>,
}

/// The page of a spec file, e.g. `spec-naj.html` for `spec/naj.md`.
pub fn spec_href(stem: &str) -> String {
    format!("spec-{stem}.html")
}

/// Writes the casebook of the checkout at `root` into `out`.
pub fn build(root: &Path, out: &Path, report: Option<&Report>) -> Result<Built, String> {
    let (suite, errors) = Suite::load(root);
    let mut built = Built {
        errors: errors.iter().map(ToString::to_string).collect(),
        ..Built::default()
    };
    std::fs::create_dir_all(out).map_err(|e| format!("{}: cannot create: {e}", out.display()))?;
    let write = |name: &str, text: String| -> Result<(), String> {
        let file = out.join(name);
        std::fs::write(&file, text).map_err(|e| format!("{}: cannot write: {e}", file.display()))
    };

    let specs = spec_files(root)?;
    let mut clause_pages = BTreeMap::new();
    for (stem, text) in &specs {
        for id in markdown::clauses(text) {
            clause_pages.entry(id).or_insert_with(|| spec_href(stem));
        }
    }
    let ctx = Ctx {
        clause_pages: &clause_pages,
        report,
    };

    let mut rows: Vec<CaseRow> = Vec::new();
    let mut testers: BTreeMap<String, Vec<Tester>> = BTreeMap::new();
    let mut seen = BTreeSet::new();
    let rel = |f: &Path| {
        f.strip_prefix(root)
            .unwrap_or(f)
            .to_string_lossy()
            .replace('\\', "/")
    };
    let mut add = |id: &str, clauses: &[String], title: &str, body: String, row: CaseRow| {
        if !seen.insert(id.to_string()) {
            return Ok(());
        }
        for c in clauses {
            testers.entry(c.clone()).or_default().push(Tester {
                id: id.to_string(),
                href: pages::case_href(id),
            });
        }
        rows.push(row);
        write(&pages::case_href(id), page(title, &body, CASE_SCRIPT))
    };
    for lc in &suite.cases {
        let (body, row) = pages::case_page(&lc.case, &rel(&lc.file), &ctx);
        add(&lc.case.id, &lc.case.clauses, &lc.case.title, body, row)?;
    }
    for lc in &suite.kee_cases {
        let (body, row) = kee_pages::kee_page(&lc.case, &rel(&lc.file), &ctx);
        add(&lc.case.id, &lc.case.clauses, &lc.case.title, body, row)?;
    }
    built.cases = rows.len();

    for (stem, text) in &specs {
        let body = format!(
            "<p class=\"legend\">From <code>spec/{}.md</code>. After each clause: the cases that test it.</p>{}",
            esc(stem),
            markdown::render(text, &testers, &clause_pages)
        );
        write(
            &spec_href(stem),
            page(&format!("spec/{stem}.md"), &body, ""),
        )?;
    }
    write(
        "index.html",
        page("index", &index(&rows, &specs, report), INDEX_SCRIPT),
    )?;
    built.pages = rows.len() + specs.len() + 1;
    Ok(built)
}

/// Every `spec/*.md` as (stem, text), sorted by name.
fn spec_files(root: &Path) -> Result<Vec<(String, String)>, String> {
    let dir = root.join("spec");
    let entries =
        std::fs::read_dir(&dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let stem = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            std::fs::read_to_string(&p)
                .map(|t| (stem, t))
                .map_err(|e| format!("{}: cannot read: {e}", p.display()))
        })
        .collect()
}

/// The verdict words of a report, in the order the tables show them.
const VERDICTS: [&str; 6] = [
    "passed",
    "failed",
    "engine-failed",
    "known-failure",
    "ignored",
    "undecided",
];

/// Counts for one line of a table: cases, checks, errata, and checks by verdict.
#[derive(Default)]
struct Tally {
    cases: usize,
    checks: usize,
    errata: usize,
    verdicts: BTreeMap<String, usize>,
}

impl Tally {
    fn cells(&self, report: bool) -> String {
        let mut s = format!(
            "<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>",
            self.cases, self.checks, self.errata
        );
        if report {
            for v in VERDICTS {
                let _ = write!(
                    s,
                    "<td class=\"n\">{}</td>",
                    self.verdicts.get(v).copied().unwrap_or(0)
                );
            }
        }
        s
    }
}

fn heads(first: &str, report: bool) -> String {
    let mut s = format!(
        "<tr><th>{first}</th><th class=\"n\">cases</th><th class=\"n\">checks</th><th class=\"n\">errata</th>"
    );
    if report {
        for v in VERDICTS {
            let _ = write!(s, "<th class=\"n\">{v}</th>");
        }
    }
    s.push_str("</tr>");
    s
}

fn index(rows: &[CaseRow], specs: &[(String, String)], report: Option<&Report>) -> String {
    let has = report.is_some();
    let mut by_ruleset: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut by_feature: BTreeMap<&str, Tally> = BTreeMap::new();
    for r in rows {
        let t = by_ruleset.entry(&r.ruleset).or_default();
        t.cases += 1;
        t.checks += r.checks.len();
        t.errata += r.errata;
        for f in &r.features {
            let t = by_feature.entry(f).or_default();
            t.cases += 1;
            t.errata += r.errata;
        }
        for (features, verdict) in &r.checks {
            if let Some(v) = verdict {
                *by_ruleset
                    .entry(&r.ruleset)
                    .or_default()
                    .verdicts
                    .entry(v.clone())
                    .or_default() += 1;
            }
            for f in features {
                let t = by_feature.entry(f).or_default();
                t.checks += 1;
                if let Some(v) = verdict {
                    *t.verdicts.entry(v.clone()).or_default() += 1;
                }
            }
        }
    }
    let mut b = String::from("<h1>The casebook</h1>");
    let checks: usize = rows.iter().map(|r| r.checks.len()).sum();
    let _ = write!(
        b,
        "<p>Every case of the gorules conformance suite drawn as boards, with the clauses it tests. {} cases, {checks} checks.</p>",
        rows.len()
    );
    match report {
        Some(r) => {
            let _ = write!(
                b,
                "<p>Verdicts from a report of engine <code>{}</code> on suite version <code>{}</code>.</p>",
                esc(&r.engine),
                esc(&r.suite_version)
            );
        }
        None => b.push_str("<p>No runner report was given: no verdicts are shown (<code>--report FILE</code>).</p>"),
    }
    b.push_str("<h2>The spec</h2><ul>");
    for (stem, _) in specs {
        let _ = write!(
            b,
            "<li><a href=\"{}\">spec/{}.md</a></li>",
            spec_href(stem),
            esc(stem)
        );
    }
    b.push_str("</ul><h2>By ruleset</h2><div class=\"wide\"><table>");
    b.push_str(&heads("ruleset", has));
    for (name, t) in &by_ruleset {
        let _ = write!(b, "<tr><td>{}</td>{}</tr>", esc(name), t.cells(has));
    }
    b.push_str("</table></div><h2>By feature</h2><div class=\"wide\"><table>");
    b.push_str(&heads("feature", has));
    for (name, t) in &by_feature {
        let _ = write!(
            b,
            "<tr><td><code>{}</code></td>{}</tr>",
            esc(name),
            t.cells(has)
        );
    }
    b.push_str("</table></div><h2>Cases</h2>");
    b.push_str(
        "<div class=\"filters\" role=\"group\" aria-label=\"filters\">\
         <label><input type=\"checkbox\" value=\"failed\"> with a failed check</label>\
         <label><input type=\"checkbox\" value=\"undecided\"> with an undecided check</label>\
         <label><input type=\"checkbox\" value=\"errata\"> with errata</label>\
         <span id=\"shown\"></span></div>",
    );
    b.push_str("<div class=\"wide\"><table id=\"cases\"><tr><th>case</th><th>ruleset</th><th class=\"n\">checks</th><th class=\"n\">errata</th>");
    if has {
        b.push_str("<th>verdicts</th>");
    }
    b.push_str("</tr>");
    for r in rows {
        let count = |w: &str| {
            r.checks
                .iter()
                .filter(|(_, v)| v.as_deref() == Some(w))
                .count()
        };
        let flag = |b: bool| if b { "1" } else { "0" };
        let _ = write!(
            b,
            "<tr data-case=\"{}\" data-failed=\"{}\" data-undecided=\"{}\" data-errata=\"{}\">\
             <td><a href=\"{}\">{}</a><br><span class=\"legend\">{}</span></td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>",
            esc(&r.id),
            flag(count("failed") + count("engine-failed") > 0),
            flag(count("undecided") > 0),
            flag(r.errata > 0),
            esc(&r.href),
            esc(&r.id),
            esc(&r.title),
            esc(&r.ruleset),
            r.checks.len(),
            r.errata
        );
        if has {
            let words: Vec<String> = VERDICTS
                .iter()
                .filter(|w| count(w) > 0)
                .map(|w| format!("<span class=\"verdict {w}\">{} {w}</span>", count(w)))
                .collect();
            let _ = write!(b, "<td>{}</td>", words.join(" "));
        }
        b.push_str("</tr>");
    }
    b.push_str("</table></div>");
    b
}

/// Case pages: each sequence of moves gets a slider over its steps (without script every step shows).
const CASE_SCRIPT: &str = r#"
document.documentElement.classList.add('js');
document.querySelectorAll('.steps.one').forEach(function (s) {
  var figs = s.querySelectorAll('figure.step'), range = s.querySelector('input'), out = s.querySelector('output');
  var n = figs.length;
  function show(k) {
    k = Math.max(1, Math.min(n, k));
    figs.forEach(function (f, i) { f.classList.toggle('shown', i === k - 1); });
    range.value = k; out.textContent = k + ' / ' + n;
  }
  range.addEventListener('input', function () { show(+range.value); });
  s.querySelectorAll('button').forEach(function (b) {
    b.addEventListener('click', function () { show(+range.value + +b.dataset.step); });
  });
});
"#;

/// The index: the filters show only the cases with a failed or undecided check or with errata (any ticked).
const INDEX_SCRIPT: &str = r#"
document.documentElement.classList.add('js');
var boxes = Array.prototype.slice.call(document.querySelectorAll('.filters input'));
function apply() {
  var on = boxes.filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
  var shown = 0, rows = document.querySelectorAll('tr[data-case]');
  rows.forEach(function (tr) {
    var show = on.length === 0 || on.some(function (k) { return tr.dataset[k] === '1'; });
    tr.style.display = show ? '' : 'none';
    if (show) shown++;
  });
  document.getElementById('shown').textContent = shown + ' of ' + rows.length + ' cases shown';
}
boxes.forEach(function (b) { b.addEventListener('change', apply); });
apply();
"#;

/// Every link of the site in `dir` that does not resolve: `page: href`, for a missing file or a missing `#id`.
pub fn broken_links(dir: &Path) -> Result<Vec<String>, String> {
    let mut ids: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut texts = Vec::new();
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".html") {
            continue;
        }
        let text = std::fs::read_to_string(e.path())
            .map_err(|err| format!("{name}: cannot read: {err}"))?;
        ids.insert(
            name.clone(),
            attribute_values(&text, "id").into_iter().collect(),
        );
        texts.push((name, text));
    }
    let mut broken = Vec::new();
    for (name, text) in &texts {
        for href in attribute_values(text, "href") {
            if href.contains("://") || href.starts_with("mailto:") {
                broken.push(format!("{name}: {href} (the site must work offline)"));
                continue;
            }
            let (file, frag) = href.split_once('#').unwrap_or((&href, ""));
            let file = if file.is_empty() { name.as_str() } else { file };
            match ids.get(file) {
                None => broken.push(format!("{name}: {href} (no such page)")),
                Some(set) if !frag.is_empty() && !set.contains(&unescape(frag)) => {
                    broken.push(format!("{name}: {href} (no such id)"))
                }
                Some(_) => {}
            }
        }
    }
    Ok(broken)
}

/// The values of every ` attr="..."` in an HTML text.
fn attribute_values(text: &str, attr: &str) -> Vec<String> {
    let needle = format!(" {attr}=\"");
    text.match_indices(&needle)
        .filter_map(|(i, _)| {
            let rest = &text[i + needle.len()..];
            rest.find('"').map(|end| unescape(&rest[..end]))
        })
        .collect()
}

fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}
