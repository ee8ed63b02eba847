//! How a failure reads: expected against actual, boards side by side, and a line diff.

use similar::TextDiff;

/// One expectation that was not met.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// What was compared (e.g. `score`, `position after move 3`).
    pub what: String,
    /// The expected value, as text (a diagram is several lines).
    pub expected: String,
    /// The engine's value, as text.
    pub actual: String,
}

impl Mismatch {
    /// A mismatch of `what`.
    pub fn new(
        what: impl Into<String>,
        expected: impl ToString,
        actual: impl ToString,
    ) -> Mismatch {
        Mismatch {
            what: what.into(),
            expected: expected.to_string(),
            actual: actual.to_string(),
        }
    }
}

/// Renders mismatches: single-line values as `expected X, found Y`; diagrams side by side under the
/// headings `expected` and `actual`, with a unified diff below.
pub fn render(mismatches: &[Mismatch]) -> String {
    let mut out = String::new();
    for m in mismatches {
        if !m.expected.contains('\n') && !m.actual.contains('\n') {
            out.push_str(&format!(
                "{}: expected {}, found {}\n",
                m.what, m.expected, m.actual
            ));
            continue;
        }
        out.push_str(&format!("{}:\n", m.what));
        out.push_str(&side_by_side(&m.expected, &m.actual));
        let diff = TextDiff::from_lines(&m.expected, &m.actual);
        out.push_str(&format!(
            "{}",
            diff.unified_diff()
                .context_radius(8)
                .header("expected", "actual")
        ));
        out.push('\n');
    }
    out
}

/// Two diagrams next to each other, the rows that differ marked with `<`.
pub fn side_by_side(expected: &str, actual: &str) -> String {
    let left: Vec<&str> = expected.lines().collect();
    let right: Vec<&str> = actual.lines().collect();
    let width = left
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max("expected".len());
    let mut out = format!("  {:<width$}   {}\n", "expected", "actual");
    for i in 0..left.len().max(right.len()) {
        let l = left.get(i).copied().unwrap_or("");
        let r = right.get(i).copied().unwrap_or("");
        let mark = if l.trim_end() == r.trim_end() {
            ' '
        } else {
            '<'
        };
        out.push_str(&format!("  {l:<width$} | {r} {mark}\n"));
    }
    out
}
