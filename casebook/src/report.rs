//! Reading a runner report (`gorules-runner --report FILE`, written by runner/src/summary.rs): each check's
//! verdict and reason, by trial id (`<ruleset>::<case id>::<check>`).

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// One check's line of the report.
#[derive(Debug, Clone, Deserialize)]
pub struct Verdict {
    /// `passed`, `failed`, `engine-failed`, `known-failure`, `ignored` or `undecided`.
    pub verdict: String,
    /// Why: what the engine answered against what was expected, or what it lacks.
    #[serde(default)]
    pub reason: String,
    /// Seconds the check took.
    #[serde(default)]
    pub seconds: f64,
}

#[derive(Debug, Deserialize)]
struct Line {
    id: String,
    #[serde(flatten)]
    verdict: Verdict,
}

#[derive(Debug, Deserialize)]
struct Raw {
    #[serde(default)]
    suite_version: String,
    #[serde(default)]
    engine: String,
    checks: Vec<Line>,
}

/// A report: the engine, the suite version, and each check's verdict by trial id.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// The engine's command or profile.
    pub engine: String,
    /// The suite version the run saw.
    pub suite_version: String,
    /// Verdicts by trial id.
    pub checks: BTreeMap<String, Verdict>,
}

impl Report {
    /// Reads a report file; the error names the file and, for bad JSON, the line and column.
    pub fn read(file: &Path) -> Result<Report, String> {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
        Report::parse(&text).map_err(|m| format!("{}:{m}", file.display()))
    }

    /// Reads a report's text; the error starts with `line:column: `.
    pub fn parse(text: &str) -> Result<Report, String> {
        let raw: Raw =
            serde_json::from_str(text).map_err(|e| format!("{}:{}: {e}", e.line(), e.column()))?;
        Ok(Report {
            engine: raw.engine,
            suite_version: raw.suite_version,
            checks: raw.checks.into_iter().map(|l| (l.id, l.verdict)).collect(),
        })
    }

    /// The verdict of trial `id`, if the run had it.
    pub fn get(&self, id: &str) -> Option<&Verdict> {
        self.checks.get(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_runner_format() {
        let r = Report::parse(
            r#"{"suite_version": "7", "engine": "ref", "checks": [
            {"id": "naj::a::b", "ruleset": "naj", "features": ["capture"], "verdict": "failed", "reason": "x", "seconds": 0.5}]}"#,
        )
        .unwrap();
        assert_eq!(r.get("naj::a::b").unwrap().verdict, "failed");
    }

    #[test]
    fn bad_json_names_line_and_column() {
        let e = Report::parse("{\n  \"checks\": [,]}").unwrap_err();
        assert!(e.starts_with("2:"), "{e}");
    }
}
