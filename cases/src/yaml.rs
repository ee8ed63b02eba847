//! The one module that reads YAML. serde_yaml is deprecated upstream; a maintained drop-in fork
//! (serde_norway, serde_yaml_ng) replaces it by changing the `serde_yaml` line of the workspace Cargo.toml.
//!
//! Errors carry the 1-based line and column in the file. Values that parse their own text (diagrams,
//! sequences) report a position inside that text with [`located`]; this module turns it into a position in
//! the file.

use serde::de::DeserializeOwned;

/// A YAML or schema error at a line and column of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    /// 1-based line in the file (0 if unknown).
    pub line: usize,
    /// 1-based column in the file (0 if unknown).
    pub column: usize,
    /// What went wrong, with the path of the field (`checks[2].replay.end: ...`).
    pub message: String,
}

const START: char = '\u{1}';
const END: char = '\u{2}';

/// An error message for a position *inside* a scalar's text (1-based line and column within it); `parse`
/// moves it to the file's coordinates.
pub fn located(line: usize, column: usize, message: &str) -> String {
    format!("{START}{line}:{column}{END}{message}")
}

/// Parses a YAML document into `T`.
pub fn parse<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    serde_yaml::from_str(text).map_err(|e| {
        let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
        let mut message = e.to_string();
        // serde_yaml appends " at line L column C"; we report the position ourselves.
        if let Some(i) = message.rfind(" at line ") {
            message.truncate(i);
        }
        match split_located(&message) {
            Some((inner_line, inner_col, before, after)) => {
                let (line, column) = inner_position(text, line, column, inner_line, inner_col);
                YamlError {
                    line,
                    column,
                    message: format!("{before}{after}"),
                }
            }
            None => YamlError {
                line,
                column,
                message,
            },
        }
    })
}

/// Finds a [`located`] marker: (line, column, text before it, text after it).
fn split_located(message: &str) -> Option<(usize, usize, &str, &str)> {
    let s = message.find(START)?;
    let e = message[s..].find(END)? + s;
    let (l, c) = message[s + 1..e].split_once(':')?;
    Some((
        l.parse().ok()?,
        c.parse().ok()?,
        &message[..s],
        &message[e + 1..],
    ))
}

/// The file position of (inner_line, inner_col) inside the scalar that starts at (line, column).
fn inner_position(
    text: &str,
    line: usize,
    column: usize,
    inner_line: usize,
    inner_col: usize,
) -> (usize, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.get(line.wrapping_sub(1)).map_or("", |l| l);
    let from_col: String = start.chars().skip(column.saturating_sub(1)).collect();
    match from_col.chars().next() {
        // A block scalar: its content starts on the next line, indented.
        Some('|') | Some('>') => {
            let l = line + inner_line;
            let indent = lines
                .get(l - 1)
                .map_or(0, |t| t.len() - t.trim_start().len());
            (l, indent + inner_col)
        }
        // A quoted scalar on one line: skip the quote.
        Some('"') | Some('\'') if inner_line == 1 => (line, column + inner_col),
        _ if inner_line == 1 => (line, column + inner_col - 1),
        _ => (line + inner_line - 1, inner_col),
    }
}

/// Deserializes a string and converts it with `parse` *while the deserializer is still on that scalar*,
/// so that an error is placed at the scalar (an error raised after the deserializer returned would be
/// placed at the enclosing map).
pub fn parse_str<'de, D, T, F>(d: D, what: &'static str, parse: F) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    F: FnOnce(&str) -> Result<T, String>,
{
    struct V<F>(F, &'static str);
    impl<'de, T, F: FnOnce(&str) -> Result<T, String>> serde::de::Visitor<'de> for V<F> {
        type Value = T;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.1)
        }
        fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<T, E> {
            (self.0)(s).map_err(E::custom)
        }
    }
    d.deserialize_str(V(parse, what))
}
