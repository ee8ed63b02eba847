//! After a run: one record per check, a summary table per ruleset and per feature, the JSON report, and the
//! baseline of known failures.

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What became of one check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
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
        let items = r
            .reason
            .strip_prefix("the engine lacks ")
            .unwrap_or(&r.reason);
        for item in items.split(", ") {
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

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The JSON report: the suite version, the engine, and per check its id, verdict, reason and time.
pub fn json(records: &[Record], engine: &str, suite_version: &str) -> String {
    let mut out = String::from("{\n");
    let _ = writeln!(out, "  \"suite_version\": {},", json_string(suite_version));
    let _ = writeln!(out, "  \"engine\": {},", json_string(engine));
    out.push_str("  \"checks\": [\n");
    for (i, r) in records.iter().enumerate() {
        let features: Vec<String> = r.features.iter().map(|f| json_string(f)).collect();
        let _ = write!(
            out,
            "    {{\"id\": {}, \"ruleset\": {}, \"features\": [{}], \"verdict\": {}, \"reason\": {}, \"seconds\": {:.6}}}",
            json_string(&r.id),
            json_string(&r.ruleset),
            features.join(", "),
            json_string(r.outcome.word()),
            json_string(&r.reason),
            r.seconds
        );
        out.push_str(if i + 1 < records.len() { ",\n" } else { "\n" });
    }
    out.push_str("  ]\n}\n");
    out
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
    use super::{Outcome, Record, MAX_REASON_BYTES};

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
