//! The readings matrix (issue 25, spec/readings.md): every case of a ruleset that stands for a seed's example,
//! read under each reading of a chosen set (every single change of one option from the default, or the full
//! product of chosen options), run against an engine and judged against the SOURCE'S claim (its checks with no
//! erratum applied, CASE-6). The matrix names the readings that satisfy every example, or shows that none does
//! and which examples conflict.
//!
//! Cost: one worker per thread takes whole cases; each runs every reading of its case on one engine, so an
//! engine that keeps what it decided (the reference keeps each confirmation's statuses per position and the
//! readings that decide them, J89-R13) answers a reading that only scores, and a territory check after a status
//! check, without a new search. No cell is inferred from another: every cell is asked of the engine.

use crate::engine::Engine as _;
use crate::remote::{self, Remote};
use crate::source::SuiteSource;

/// CASE-6.1: an erratum's `resolved_by`, as both case formats read it.
type ResolvedBy = std::collections::BTreeMap<String, gorules_cases::model::serde_yaml_value::Value>;
use crate::verdict::Verdict;
use crate::{checks, kee, Options};
use gorules_cases::kee::{KeeCase, KeeCheck};
use gorules_cases::model::Case;
use gorules_cases::readings::{resolved_by, Applied, Reading, ReadingsRuleset};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// What to run: a ruleset, the options to vary (none: all), single changes or their product, and a filter.
#[derive(Debug, Clone)]
pub struct Request {
    /// The ruleset.
    pub ruleset: ReadingsRuleset,
    /// The options to vary; empty: every option of the ruleset.
    pub options: Vec<String>,
    /// The full product of the options' values, rather than one change at a time from the default.
    pub product: bool,
    /// Only the cases whose id contains this (or one of these, separated by commas).
    pub filter: Option<String>,
    /// Workers (engines) running at once.
    pub threads: usize,
    /// The most a searching command may take under a reading other than the default
    /// ([`reading_allowance`]).
    pub reading_timeout: std::time::Duration,
}

/// The readings a request asks for: the default first, then each single change (or the product) in the order of
/// the ruleset's options and values.
pub fn readings(request: &Request) -> Result<Vec<Reading>, String> {
    let all = request.ruleset.options();
    let chosen: Vec<(&'static str, Vec<String>)> = if request.options.is_empty() {
        all
    } else {
        let mut out = Vec::new();
        for o in &request.options {
            let values = request.ruleset.values(o)?;
            let key = all
                .iter()
                .find(|(k, _)| k == o)
                .map(|(k, _)| *k)
                .unwrap_or_default();
            if out.iter().any(|(k, _): &(&str, Vec<String>)| *k == key) {
                return Err(format!("`{o}` is named twice"));
            }
            out.push((key, values));
        }
        out
    };
    if !request.product {
        let mut out = vec![Reading::default_reading()];
        for (k, values) in &chosen {
            for v in values.iter().skip(1) {
                out.push(Reading([(k.to_string(), v.clone())].into()));
            }
        }
        return Ok(out);
    }
    if request.options.is_empty() {
        return Err(
            "--product needs --options: the product of every option is too large to run".into(),
        );
    }
    let mut out = vec![Reading::default_reading()];
    for (k, values) in &chosen {
        out = out
            .into_iter()
            .flat_map(|r| {
                values.iter().map(move |v| {
                    let mut r = r.clone();
                    r.0.insert(k.to_string(), v.clone());
                    r
                })
            })
            .collect();
    }
    Ok(out)
}

/// What a cell is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CellVerdict {
    /// The source's claim holds under the reading.
    Pass,
    /// It does not.
    Fail,
    /// A search the check needed ran out of its allowance (PROTO-7.2): unknown.
    Undecided,
    /// The case gives an option the reading changes another value than the default: its claim is stated under
    /// that value, and the reading does not speak to it.
    NotApplicable,
    /// The reading needs what the source does not give (the played confirmations of `confirmation: as-played`):
    /// the claim cannot be judged under it, so the reading does not satisfy it.
    NoData,
    /// The engine failed or lacked something: unknown.
    Error,
}

impl CellVerdict {
    /// One character for the terminal table.
    pub fn mark(self) -> char {
        match self {
            CellVerdict::Pass => '+',
            CellVerdict::Fail => 'x',
            CellVerdict::Undecided => '?',
            CellVerdict::NotApplicable => '-',
            CellVerdict::NoData => 'o',
            CellVerdict::Error => '!',
        }
    }

    /// Whether the reading may still satisfy this row (pass, not applicable, or unknown).
    fn possible(self) -> bool {
        !matches!(self, CellVerdict::Fail | CellVerdict::NoData)
    }

    /// Whether the reading satisfies this row for certain (pass or not applicable).
    fn certain(self) -> bool {
        matches!(self, CellVerdict::Pass | CellVerdict::NotApplicable)
    }
}

/// One cell: a check of a case under a reading.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    /// The reading's label (`default`, `new_stone=anywhere`).
    pub reading: String,
    /// What became of the source's claim.
    pub verdict: CellVerdict,
    /// The check passes under this reading and the case has an erratum on it: the reading removes the erratum.
    pub resolves_erratum: bool,
    /// Why it failed, was undecided, not applicable or an error (cut to a few lines).
    pub reason: String,
    /// Seconds the engine took.
    pub seconds: f64,
}

/// CASE-6.1: an erratum of a row's check, with the reading the case says removes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErratumNote {
    /// The field it replaces.
    pub field: String,
    /// The reading the case names (`resolved_by`), if any.
    pub resolved_by: Option<String>,
}

/// One row: a check of a case, with a cell per reading.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// `<case id>::<check>`.
    pub id: String,
    /// The case's source (the seed example it stands for).
    pub source: String,
    /// The errata on this check.
    pub errata: Vec<ErratumNote>,
    /// One cell per reading, in the matrix's order.
    pub cells: Vec<Cell>,
}

/// A row and the readings under which its claim may hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Need {
    /// The row.
    pub row: String,
    /// The readings that pass it.
    pub passes_under: Vec<String>,
    /// The readings that do not apply to it (the case pins that option to another value).
    pub not_applicable_under: Vec<String>,
    /// The readings under which the source does not give what they need to judge it.
    pub no_data_under: Vec<String>,
    /// The readings whose cell is undecided or an error.
    pub unknown_under: Vec<String>,
    /// The readings that fail it.
    pub fails_under: Vec<String>,
}

/// Two rows no reading of the matrix satisfies together: every reading fails one of them (proven: no unknown
/// cell could change it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conflict {
    /// The first row.
    pub a: String,
    /// The second row.
    pub b: String,
}

/// What the matrix shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conclusion {
    /// Readings under which every row passes (or does not apply).
    pub consistent: Vec<String>,
    /// Readings no row fails, but with undecided or error cells: consistent if those turn out well.
    pub consistent_if_unknown_pass: Vec<String>,
    /// Readings under which no row could be judged (every cell undecided, not applicable or an error).
    pub unjudged: Vec<String>,
    /// Every row that fails under some reading, with the readings it needs.
    pub needs: Vec<Need>,
    /// Rows no reading passes (nor could pass): each alone rules out every reading of the matrix.
    pub unsatisfied: Vec<String>,
    /// Pairs of rows, each satisfiable alone, that no reading satisfies together.
    pub conflicts: Vec<Conflict>,
    /// CASE-6.1: errata whose `resolved_by` reading is a column of the matrix but does not pass the row.
    pub unconfirmed_resolutions: Vec<String>,
}

/// The readings matrix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Matrix {
    /// The ruleset.
    pub ruleset: String,
    /// The engine.
    pub engine: String,
    /// The suite version (cases/VERSION).
    pub suite_version: String,
    /// The command line's request, in words (`single changes of every option`, ...).
    pub request: String,
    /// The readings (columns), the default first.
    pub readings: Vec<String>,
    /// One row per check of every seed example of the ruleset.
    pub rows: Vec<Row>,
    /// What the matrix shows.
    pub conclusion: Conclusion,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
}

/// A case of the ruleset: a grid case or a Kee case.
#[derive(Clone)]
enum Item {
    Grid(Case),
    Kee(KeeCase),
}

impl Item {
    /// The number of points of its board: bigger boards first spreads the work over the workers.
    fn points(&self) -> usize {
        match self {
            Item::Grid(c) => {
                let (w, h) = c.board.size();
                w * h
            }
            Item::Kee(c) => c.board.grid.map(|(w, h)| w * h).unwrap_or(0),
        }
    }

    fn id(&self) -> &str {
        match self {
            Item::Grid(c) => &c.id,
            Item::Kee(c) => &c.id,
        }
    }
}

/// The cells of one case: its rows, in the order of its checks.
fn run_item(
    item: &Item,
    readings: &[Reading],
    engine: &mut Option<Remote>,
    options: &Options,
    cap: std::time::Duration,
) -> Vec<Row> {
    let ruleset = match item {
        Item::Grid(c) => c.readings_ruleset(),
        Item::Kee(_) => Some(ReadingsRuleset::Kee),
    };
    // The source's claims (no erratum applied), with the errata on each.
    // Each erratum as (its check, its field, the reading it names), whichever case format it comes from.
    type Named<'e> = (&'e str, &'e str, &'e ResolvedBy);
    let (names, errata, source): (Vec<String>, Vec<Named<'_>>, String) = match item {
        Item::Grid(c) => (
            c.source_checks()
                .iter()
                .map(|k| k.common().name.to_string())
                .collect(),
            c.errata
                .iter()
                .map(|e| (e.check.as_str(), e.field.as_str(), &e.resolved_by))
                .collect(),
            source_words(&c.source),
        ),
        Item::Kee(c) => (
            c.source_checks()
                .iter()
                .map(|k| k.name().to_string())
                .collect(),
            c.errata
                .iter()
                .map(|e| (e.check.as_str(), e.field.as_str(), &e.resolved_by))
                .collect(),
            source_words(&c.source),
        ),
    };
    let errata: Vec<Vec<ErratumNote>> = names
        .iter()
        .map(|n| {
            errata
                .iter()
                .filter(|(check, _, _)| check == n)
                .map(|(_, field, map)| note(field, map, ruleset))
                .collect()
        })
        .collect();
    let mut rows: Vec<Row> = names
        .iter()
        .zip(errata)
        .map(|(n, errata)| Row {
            id: format!("{}::{n}", item.id()),
            source: source.clone(),
            errata,
            cells: Vec::new(),
        })
        .collect();
    // The default reading's searches set the allowance of the others (see `reading_allowance`); the engine, which
    // may come from the worker's last case, starts with the full allowance.
    let mut reading_options = options.clone();
    if let Some(e) = engine.as_mut() {
        e.solver_timeout = options.solver_timeout;
    }
    for (j, reading) in readings.iter().enumerate() {
        let label = reading.label();
        let cells = run_reading(item, reading, engine, &reading_options);
        if j == 0 {
            let slowest = cells.iter().map(|c| c.2).fold(0.0, f64::max);
            reading_options.solver_timeout =
                reading_allowance(slowest, cap.min(options.solver_timeout));
            if let Some(e) = engine.as_mut() {
                e.solver_timeout = reading_options.solver_timeout;
            }
        }
        for (row, (verdict, reason, seconds)) in rows.iter_mut().zip(cells) {
            let resolves_erratum = verdict == CellVerdict::Pass && !row.errata.is_empty();
            row.cells.push(Cell {
                reading: label.clone(),
                verdict,
                resolves_erratum,
                reason: short(&reason),
                seconds,
            });
        }
    }
    rows
}

/// The timeout of each searching command under a reading other than the first (the default): twice the slowest
/// check of the case under the first reading, at least [`MIN_READING_TIMEOUT`], at most `cap` (the matrix's
/// `--reading-timeout`). A reading that makes a case much harder (the confirmation on the whole board, J89-R12)
/// is undecided there sooner; it never passes or fails for want of time.
pub fn reading_allowance(slowest_seconds: f64, cap: std::time::Duration) -> std::time::Duration {
    std::time::Duration::from_secs_f64(2.0 * slowest_seconds)
        .max(MIN_READING_TIMEOUT)
        .min(cap)
}

/// The least timeout of a searching command under a reading other than the default.
pub const MIN_READING_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// The most, by default, of a searching command under a reading other than the default (`--reading-timeout`).
pub const READING_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

fn note(field: &str, map: &ResolvedBy, ruleset: Option<ReadingsRuleset>) -> ErratumNote {
    let resolved = (!map.is_empty())
        .then(|| ruleset.and_then(|r| resolved_by(map, r).ok()))
        .flatten()
        .map(|r| r.label());
    ErratumNote {
        field: field.into(),
        resolved_by: resolved,
    }
}

fn source_words(s: &gorules_cases::model::Source) -> String {
    s.represents
        .clone()
        .or_else(|| {
            s.seed
                .as_ref()
                .map(|f| format!("{f}: {}", s.example.clone().unwrap_or_default()))
        })
        .unwrap_or_default()
}

/// The first lines of a reason.
fn short(reason: &str) -> String {
    let mut out: String = reason.lines().take(12).collect::<Vec<_>>().join("\n");
    if out.len() > 1_500 {
        let mut cut = 1_500;
        while !out.is_char_boundary(cut) {
            cut -= 1;
        }
        out.truncate(cut);
        out.push_str("...");
    }
    out
}

/// Every check of one case under one reading: (verdict, reason, seconds) in the order of its checks.
fn run_reading(
    item: &Item,
    reading: &Reading,
    engine: &mut Option<Remote>,
    options: &Options,
) -> Vec<(CellVerdict, String, f64)> {
    let count = match item {
        Item::Grid(c) => c.checks.len(),
        Item::Kee(c) => c.checks.len(),
    };
    let every = |v: CellVerdict, why: String| vec![(v, why, 0.0); count];
    match item {
        Item::Grid(c) => match c.under(reading) {
            Err(e) => every(CellVerdict::Error, e),
            Ok(Applied::Pinned { option, value }) => every(
                CellVerdict::NotApplicable,
                format!("the case's claim is stated under {option}={value}"),
            ),
            Ok(Applied::Read(case)) => case
                .source_checks()
                .iter()
                .map(|check| ask(engine, options, |e| checks::run(&case, check, e)))
                .collect(),
        },
        Item::Kee(c) => match c.under(reading) {
            Err(e) => every(CellVerdict::Error, e),
            Ok(Applied::Pinned { option, value }) => every(
                CellVerdict::NotApplicable,
                format!("the case's claim is stated under {option}={value}"),
            ),
            Ok(Applied::Read(case)) => case
                .source_checks()
                .iter()
                .map(|check: &KeeCheck| ask(engine, options, |e| kee::run(&case, check, e)))
                .collect(),
        },
    }
}

/// One check against the worker's engine (started when there is none, dropped when it failed).
fn ask(
    engine: &mut Option<Remote>,
    options: &Options,
    run: impl FnOnce(&mut Remote) -> Verdict,
) -> (CellVerdict, String, f64) {
    let started = Instant::now();
    if engine.is_none() {
        match crate::start_engine(options) {
            Ok(e) => *engine = Some(e),
            Err(e) => {
                return (
                    CellVerdict::Error,
                    format!("the engine did not start: {e}"),
                    0.0,
                )
            }
        }
    }
    let Some(e) = engine.as_mut() else {
        return (CellVerdict::Error, "no engine".into(), 0.0);
    };
    let verdict = run(e);
    let seconds = started.elapsed().as_secs_f64();
    let (v, why) = match verdict {
        Verdict::Pass => (CellVerdict::Pass, String::new()),
        Verdict::Fail(m) if remote::beyond_search_allowance(&m) => (CellVerdict::Undecided, m),
        Verdict::Fail(m) if remote::no_played_confirmation(&m) => (
            CellVerdict::NoData,
            format!("the source gives no played confirmation: {m}"),
        ),
        Verdict::Fail(m) => (CellVerdict::Fail, m),
        Verdict::Undecided(u) => (CellVerdict::Undecided, u.to_string()),
        Verdict::Ignored(i) => (CellVerdict::Error, format!("not run: {i}")),
        Verdict::EngineFailure(f) => {
            *engine = None;
            (CellVerdict::Error, format!("engine failure: {f}"))
        }
    };
    (v, why, seconds)
}

/// Runs the matrix of `request` over the suite from `source` against the engine of `options`.
pub fn run(source: &SuiteSource, request: &Request, options: &Options) -> Result<Matrix, String> {
    let started = Instant::now();
    let readings = readings(request)?;
    let (suite, _errors) = source.load();
    let keep = |id: &str, seed: bool| {
        seed && request
            .filter
            .as_deref()
            .is_none_or(|f| f.split(',').any(|f| id.contains(f)))
    };
    let items: Vec<Item> = match request.ruleset {
        ReadingsRuleset::Kee => suite
            .kee_cases
            .into_iter()
            .map(|lc| lc.case)
            .filter(|c| keep(&c.id, c.source.is_seed_example()))
            .map(Item::Kee)
            .collect(),
        r => suite
            .cases
            .into_iter()
            .map(|lc| lc.case)
            // NAJ-9.4: a case marked `j2003` records the seed's claim under the Japanese 2003 Rules, not NAJ's.
            .filter(|c| !matches!(&c.ruleset, gorules_cases::model::Ruleset::Naj(o) if o.j2003))
            .filter(|c| c.readings_ruleset() == Some(r) && keep(&c.id, c.source.is_seed_example()))
            .map(Item::Grid)
            .collect(),
    };
    if items.is_empty() {
        return Err(format!(
            "no case of {} stands for a seed's example{}",
            request.ruleset,
            request
                .filter
                .as_deref()
                .map(|f| format!(" with `{f}` in its id"))
                .unwrap_or_default()
        ));
    }
    let engine_name = crate::start_engine(options)
        .map(|e| e.name())
        .unwrap_or_else(|_| options.launch.describe());
    let mut items = items;
    // Bigger boards first (stable: the order of the files among equals).
    items.sort_by_key(|i| std::cmp::Reverse(i.points()));
    let order: Vec<String> = items.iter().map(|i| i.id().to_string()).collect();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Vec<Row>)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..request.threads.max(1) {
            s.spawn(|| {
                let mut engine: Option<Remote> = None;
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(item) = items.get(i) else { break };
                    let started = Instant::now();
                    let rows = run_item(
                        item,
                        &readings,
                        &mut engine,
                        options,
                        request.reading_timeout,
                    );
                    eprintln!(
                        "readings: {} ({} checks x {} readings) in {:.1} s",
                        item.id(),
                        rows.len(),
                        readings.len(),
                        started.elapsed().as_secs_f64()
                    );
                    results
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push((i, rows));
                }
            });
        }
    });
    let mut results = results
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // Rows in the order of the case ids.
    results.sort_by(|a, b| order[a.0].cmp(&order[b.0]));
    let rows: Vec<Row> = results.into_iter().flat_map(|(_, r)| r).collect();
    let labels: Vec<String> = readings.iter().map(Reading::label).collect();
    let conclusion = conclude(&labels, &rows);
    Ok(Matrix {
        ruleset: request.ruleset.name().into(),
        engine: engine_name,
        suite_version: source.version(),
        request: describe(request),
        readings: labels,
        rows,
        conclusion,
        seconds: started.elapsed().as_secs_f64(),
    })
}

fn describe(r: &Request) -> String {
    let options = if r.options.is_empty() {
        "every option".to_string()
    } else {
        r.options.join(", ")
    };
    let how = if r.product {
        "the product of the values of"
    } else {
        "single changes from the default of"
    };
    let filter = r
        .filter
        .as_deref()
        .map(|f| format!(", cases with `{f}` in their id"))
        .unwrap_or_default();
    format!("{how} {options}{filter}")
}

/// What the cells show: the readings every row allows, what each failing row needs, and the proven conflicts.
pub fn conclude(readings: &[String], rows: &[Row]) -> Conclusion {
    let column = |j: usize| rows.iter().map(move |r| r.cells[j].verdict);
    let judged = |j: usize| column(j).any(|v| matches!(v, CellVerdict::Pass | CellVerdict::Fail));
    let consistent: Vec<String> = (0..readings.len())
        .filter(|&j| judged(j) && column(j).all(CellVerdict::certain))
        .map(|j| readings[j].clone())
        .collect();
    let consistent_if_unknown_pass = (0..readings.len())
        .filter(|&j| {
            judged(j)
                && column(j).all(CellVerdict::possible)
                && !column(j).all(CellVerdict::certain)
        })
        .map(|j| readings[j].clone())
        .collect();
    let unjudged = (0..readings.len())
        .filter(|&j| !judged(j))
        .map(|j| readings[j].clone())
        .collect();
    let pick = |r: &Row, f: fn(CellVerdict) -> bool| -> Vec<String> {
        r.cells
            .iter()
            .filter(|c| f(c.verdict))
            .map(|c| c.reading.clone())
            .collect()
    };
    let needs: Vec<Need> = rows
        .iter()
        .filter(|r| {
            r.cells
                .iter()
                .any(|c| matches!(c.verdict, CellVerdict::Fail | CellVerdict::NoData))
        })
        .map(|r| Need {
            row: r.id.clone(),
            passes_under: pick(r, |v| v == CellVerdict::Pass),
            not_applicable_under: pick(r, |v| v == CellVerdict::NotApplicable),
            no_data_under: pick(r, |v| v == CellVerdict::NoData),
            unknown_under: pick(r, |v| {
                matches!(v, CellVerdict::Undecided | CellVerdict::Error)
            }),
            fails_under: pick(r, |v| v == CellVerdict::Fail),
        })
        .collect();
    let possible = |r: &Row| -> BTreeSet<usize> {
        (0..r.cells.len())
            .filter(|&j| r.cells[j].verdict.possible())
            .collect()
    };
    let unsatisfied = rows
        .iter()
        .filter(|r| possible(r).is_empty())
        .map(|r| r.id.clone())
        .collect();
    let constrained: Vec<(&Row, BTreeSet<usize>)> = rows
        .iter()
        .map(|r| (r, possible(r)))
        .filter(|(_, p)| !p.is_empty() && p.len() < readings.len())
        .collect();
    let mut conflicts = Vec::new();
    for (i, (a, pa)) in constrained.iter().enumerate() {
        for (b, pb) in &constrained[i + 1..] {
            if pa.is_disjoint(pb) {
                conflicts.push(Conflict {
                    a: a.id.clone(),
                    b: b.id.clone(),
                });
            }
        }
    }
    let mut unconfirmed_resolutions = Vec::new();
    for r in rows {
        for e in &r.errata {
            let Some(by) = &e.resolved_by else { continue };
            if let Some(c) = r.cells.iter().find(|c| &c.reading == by) {
                if c.verdict != CellVerdict::Pass {
                    unconfirmed_resolutions.push(format!(
                        "{} ({}): resolved_by {by} is {:?}",
                        r.id, e.field, c.verdict
                    ));
                }
            }
        }
    }
    Conclusion {
        consistent,
        consistent_if_unknown_pass,
        unjudged,
        needs,
        unsatisfied,
        conflicts,
        unconfirmed_resolutions,
    }
}

/// The matrix as a terminal table: a legend of the readings, one line per row, and the conclusion.
pub fn table(m: &Matrix) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "readings of {} ({}), engine {}, suite {}: {} rows x {} readings in {:.1} s",
        m.ruleset,
        m.request,
        m.engine,
        m.suite_version,
        m.rows.len(),
        m.readings.len(),
        m.seconds
    );
    for (j, r) in m.readings.iter().enumerate() {
        let _ = writeln!(out, "  r{j:<3} {r}");
    }
    let _ = writeln!(
        out,
        "cells: + pass, * pass that removes an erratum, x fail, ? undecided, - not applicable (the case pins the option), o no data (the source gives no input the reading needs), ! error"
    );
    let width = m.rows.iter().map(|r| r.id.len()).max().unwrap_or(0);
    let header: String = (0..m.readings.len())
        .map(|j| format!("{:<4}", format!("r{j}")))
        .collect();
    let _ = writeln!(out, "{:width$}  {header}", "");
    for r in &m.rows {
        let cells: String = r
            .cells
            .iter()
            .map(|c| {
                let mark = if c.resolves_erratum {
                    '*'
                } else {
                    c.verdict.mark()
                };
                format!("{mark:<4}")
            })
            .collect();
        let errata = if r.errata.is_empty() {
            String::new()
        } else {
            let by: Vec<String> = r
                .errata
                .iter()
                .map(|e| match &e.resolved_by {
                    Some(b) => format!("erratum on {} (resolved by {b})", e.field),
                    None => format!("erratum on {}", e.field),
                })
                .collect();
            format!("  {}", by.join("; "))
        };
        let _ = writeln!(out, "{:width$}  {cells}{errata}", r.id);
    }
    let c = &m.conclusion;
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join("; ")
        }
    };
    let _ = writeln!(
        out,
        "\nreadings that satisfy every example: {}",
        list(&c.consistent)
    );
    if !c.consistent_if_unknown_pass.is_empty() {
        let _ = writeln!(
            out,
            "readings no example rules out, with undecided cells: {}",
            list(&c.consistent_if_unknown_pass)
        );
    }
    if !c.unjudged.is_empty() {
        let _ = writeln!(
            out,
            "readings under which no example could be judged: {}",
            list(&c.unjudged)
        );
    }
    for n in c.needs.iter().filter(|n| !n.fails_under.is_empty()) {
        let passes = if n.passes_under.len() > 4 {
            format!("{} readings", n.passes_under.len())
        } else {
            list(&n.passes_under)
        };
        let _ = writeln!(
            out,
            "{} passes under: {}; fails under: {}{}{}{}",
            n.row,
            passes,
            list(&n.fails_under),
            if n.not_applicable_under.is_empty() {
                String::new()
            } else {
                format!("; not applicable under: {}", list(&n.not_applicable_under))
            },
            if n.no_data_under.is_empty() {
                String::new()
            } else {
                format!("; no data under: {}", list(&n.no_data_under))
            },
            if n.unknown_under.is_empty() {
                String::new()
            } else {
                format!("; unknown under: {}", list(&n.unknown_under))
            }
        );
    }
    for u in &c.unsatisfied {
        let _ = writeln!(out, "no reading of the matrix satisfies {u}");
    }
    for k in &c.conflicts {
        let _ = writeln!(out, "no reading satisfies both {} and {}", k.a, k.b);
    }
    for u in &c.unconfirmed_resolutions {
        let _ = writeln!(out, "erratum not removed by the reading it names: {u}");
    }
    out
}

/// The matrix as JSON.
pub fn json(m: &Matrix) -> String {
    serde_json::to_string_pretty(m).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
