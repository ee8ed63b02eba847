//! After a run: one record per check, a summary table per ruleset and per feature, the JSON report, and the
//! baseline of known failures.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What became of one check; in the JSON report, the word [`Outcome::word`] gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// It passed.
    Passed,
    /// It failed.
    Failed,
    /// The engine failed while it ran (PROTO-7.4): did not start, exited, hung, or broke the protocol. It fails
    /// the run even if the baseline lists the check, and is never written to a baseline.
    EngineFailed,
    /// It failed, and the baseline says it does.
    KnownFailure,
    /// It was not run; the reason says why.
    Ignored,
    /// It was run, but the engine could not decide the value under best play it needed within its node limit,
    /// and the bounds it proved do not contradict the claim (PROTO-7.2); the reason gives them.
    Undecided,
}

impl Outcome {
    /// The word in reports.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Passed => "passed",
            Outcome::Failed => "failed",
            Outcome::EngineFailed => "engine-failed",
            Outcome::KnownFailure => "known-failure",
            Outcome::Ignored => "ignored",
            Outcome::Undecided => "undecided",
        }
    }
}

/// One check's record.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// `<ruleset>::<case id>::<check>`.
    pub id: String,
    /// The ruleset.
    pub ruleset: String,
    /// The features the check needs.
    pub features: Vec<String>,
    /// What became of it.
    pub outcome: Outcome,
    /// Why it failed or was ignored.
    pub reason: String,
    /// Seconds it took.
    pub seconds: f64,
    /// For a check ignored because the engine lacks features or commands: each of them, in words.
    pub lacks: Vec<String>,
}

impl Record {
    /// A record.
    pub fn new(
        id: &str,
        ruleset: &str,
        features: Vec<String>,
        outcome: Outcome,
        reason: String,
        seconds: f64,
    ) -> Record {
        Record {
            id: id.into(),
            ruleset: ruleset.into(),
            features,
            outcome,
            reason: bounded(reason),
            seconds,
            lacks: Vec::new(),
        }
    }

    /// The record of a check ignored because the engine lacks `items` (features, `the command C`).
    pub fn lacking(self, items: Vec<String>) -> Record {
        Record {
            lacks: items,
            ..self
        }
    }
}

/// The longest reason a record keeps (64 KiB): an engine's answer quoted in a failure cannot bloat the report.
pub const MAX_REASON_BYTES: usize = 64 << 10;

/// `reason`, cut to at most [`MAX_REASON_BYTES`] at a character boundary, with a note saying how long it was.
fn bounded(reason: String) -> String {
    if reason.len() <= MAX_REASON_BYTES {
        return reason;
    }
    let mut cut = MAX_REASON_BYTES;
    while !reason.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}... (cut: {} bytes in all)", &reason[..cut], reason.len())
}

#[derive(Default, Clone, Copy)]
struct Counts {
    passed: usize,
    failed: usize,
    engine_failed: usize,
    known: usize,
    ignored: usize,
    undecided: usize,
}

impl Counts {
    fn add(&mut self, o: Outcome) {
        match o {
            Outcome::Passed => self.passed += 1,
            Outcome::Failed => self.failed += 1,
            Outcome::EngineFailed => self.engine_failed += 1,
            Outcome::KnownFailure => self.known += 1,
            Outcome::Ignored => self.ignored += 1,
            Outcome::Undecided => self.undecided += 1,
        }
    }
}

/// The summary tables: per ruleset and per feature, passed / failed / known failures / ignored / undecided /
/// engine failures (PROTO-7.4); then what the ignored checks lack, each undecided check with the engine's bounds
/// (PROTO-7.2), and the engine failures.
pub fn table(records: &[Record], engine: &str) -> String {
    let mut by_ruleset: BTreeMap<&str, Counts> = BTreeMap::new();
    let mut by_feature: BTreeMap<&str, Counts> = BTreeMap::new();
    let mut total = Counts::default();
    for r in records {
        by_ruleset.entry(&r.ruleset).or_default().add(r.outcome);
        for f in &r.features {
            by_feature.entry(f).or_default().add(r.outcome);
        }
        total.add(r.outcome);
    }
    let row = |name: &str, c: &Counts| {
        format!(
            "{name:<24} {:>7} {:>7} {:>7} {:>7} {:>9} {:>13}",
            c.passed, c.failed, c.known, c.ignored, c.undecided, c.engine_failed
        )
    };
    let mut out = format!("\nengine: {engine}\n");
    let mut section = |title: &str, rows: &BTreeMap<&str, Counts>| {
        let _ = writeln!(
            out,
            "\n{title:<24} {:>7} {:>7} {:>7} {:>7} {:>9} {:>13}",
            "passed", "failed", "known", "ignored", "undecided", "engine-failed"
        );
        for (k, c) in rows {
            let _ = writeln!(out, "{}", row(k, c));
        }
    };
    section("ruleset", &by_ruleset);
    section("feature", &by_feature);
    let _ = writeln!(out, "\n{}", row("all checks", &total));
    let mut missing: BTreeMap<&str, usize> = BTreeMap::new();
    for r in records.iter().filter(|r| r.outcome == Outcome::Ignored) {
        if r.lacks.is_empty() {
            *missing.entry(&r.reason).or_default() += 1;
        }
        for item in &r.lacks {
            *missing.entry(item).or_default() += 1;
        }
    }
    if !missing.is_empty() {
        let _ = writeln!(
            out,
            "\nignored checks, by what the engine lacks (a check may lack several):"
        );
        for (what, n) in missing {
            let _ = writeln!(out, "  {n:>4}  {what}");
        }
    }
    let mut undecided: Vec<&Record> = records
        .iter()
        .filter(|r| r.outcome == Outcome::Undecided)
        .collect();
    undecided.sort_by(|a, b| a.id.cmp(&b.id));
    if !undecided.is_empty() {
        let _ = writeln!(
            out,
            "\nundecided checks: run, but the engine could not decide the value under best play within its node \
             limit (not passed):"
        );
        for r in undecided {
            let _ = writeln!(out, "  {}: {}", r.id, r.reason);
        }
    }
    let engine_failures: Vec<&Record> = records
        .iter()
        .filter(|r| r.outcome == Outcome::EngineFailed)
        .collect();
    if let Some(first) = engine_failures.first() {
        let _ = writeln!(
            out,
            "\nengine failures: {} (checks not judged because the engine did not start, exited, hung or broke the \
             protocol; they fail the run, baseline or not: PROTO-7.4). The first: {}: {}",
            engine_failures.len(),
            first.id,
            first.reason
        );
    }
    out
}

/// PROTO-7.5: the JSON report, as `--report` writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// `cases/VERSION` of the suite run.
    pub suite_version: String,
    /// The engine, as the runner started it.
    pub engine: String,
    /// One entry per record, in the order of the run.
    pub checks: Vec<ReportedCheck>,
}

/// PROTO-7.5: one check in the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportedCheck {
    /// `<ruleset>::<case id>::<check>`.
    pub id: String,
    /// The ruleset.
    pub ruleset: String,
    /// The features the check needs.
    pub features: Vec<String>,
    /// What became of it.
    pub verdict: Outcome,
    /// Why it failed, was ignored or is undecided (empty when it passed).
    pub reason: String,
    /// Seconds it took.
    pub seconds: f64,
}

impl Report {
    /// The report of `records`.
    pub fn new(records: &[Record], engine: &str, suite_version: &str) -> Report {
        Report {
            suite_version: suite_version.into(),
            engine: engine.into(),
            checks: records
                .iter()
                .map(|r| ReportedCheck {
                    id: r.id.clone(),
                    ruleset: r.ruleset.clone(),
                    features: r.features.clone(),
                    verdict: r.outcome,
                    reason: r.reason.clone(),
                    seconds: r.seconds,
                })
                .collect(),
        }
    }

    /// Reads a report back; the error gives the line and column.
    pub fn read(text: &str) -> Result<Report, String> {
        serde_json::from_str(text).map_err(|e| format!("{}:{}: {e}", e.line(), e.column()))
    }
}

/// The JSON report: the suite version, the engine, and per check its id, verdict, reason and time.
pub fn json(records: &[Record], engine: &str, suite_version: &str) -> String {
    let mut text = serde_json::to_string_pretty(&Report::new(records, engine, suite_version))
        .unwrap_or_else(|e| unreachable!("a report of strings and numbers serializes: {e}"));
    text.push('\n');
    text
}

/// A baseline: the ids of the checks that fail, one per line, sorted. Engine failures are not expected
/// failures and are left out (PROTO-7.4).
pub fn baseline(records: &[Record]) -> String {
    let mut ids: Vec<&str> = records
        .iter()
        .filter(|r| matches!(r.outcome, Outcome::Failed | Outcome::KnownFailure))
        .map(|r| r.id.as_str())
        .collect();
    ids.sort_unstable();
    let mut out = String::from("# Checks expected to fail for this engine; written by `gorules-runner --write-baseline`.\n");
    for id in ids {
        out.push_str(id);
        out.push('\n');
    }
    out
}

/// Reads a baseline file's ids (blank lines and `#` comments skipped).
pub fn read_baseline(text: &str) -> std::collections::BTreeSet<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_report_reads_back_as_it_was_written() {
        let records = vec![
            Record::new(
                "naj::a::b",
                "naj",
                vec!["capture".into(), "basic-ko".into()],
                Outcome::Undecided,
                "0 <= value <= 4 \"quoted\"\nnext line\t\u{1} \u{e9}\u{1f600}".into(),
                1.25,
            ),
            Record::new(
                "core::c::d",
                "core",
                Vec::new(),
                Outcome::EngineFailed,
                String::new(),
                0.0,
            ),
            Record::new(
                "lint::e",
                "lint",
                Vec::new(),
                Outcome::KnownFailure,
                "x".into(),
                2.0,
            ),
        ];
        let text = json(&records, "gnugo --mode gtp", "18");
        let report = Report::read(&text).expect("it reads back");
        assert_eq!(report, Report::new(&records, "gnugo --mode gtp", "18"));
        assert!(text.contains("\"verdict\": \"engine-failed\""), "{text}");
        assert!(text.contains("\"verdict\": \"known-failure\""), "{text}");
        for o in [
            Outcome::Passed,
            Outcome::Failed,
            Outcome::EngineFailed,
            Outcome::KnownFailure,
            Outcome::Ignored,
            Outcome::Undecided,
        ] {
            assert_eq!(
                serde_json::to_string(&o).expect("a word"),
                format!("\"{}\"", o.word()),
                "the report's word is the table's"
            );
        }
        assert!(Report::read("{\"engine\": 3}")
            .unwrap_err()
            .starts_with("1:"));
    }

    use super::{json, Outcome, Record, Report, MAX_REASON_BYTES};

    #[test]
    fn a_long_reason_is_cut() {
        let long = "é".repeat(MAX_REASON_BYTES);
        let r = Record::new("id", "core", Vec::new(), Outcome::Failed, long, 0.0);
        assert!(
            r.reason.len() < MAX_REASON_BYTES + 100,
            "{}",
            r.reason.len()
        );
        assert!(r
            .reason
            .ends_with(&format!("(cut: {} bytes in all)", 2 * MAX_REASON_BYTES)));
    }
}
