//! PROTO-1: the framing of the Go Text Protocol, version 2: command lines and responses. Text only: what a
//! command means is for the engine.

use std::fmt;

/// PROTO-1.3, PROTO-7.1: the longest line either side of a GTP connection reads (1 MiB, newline excluded): the
/// reference engine refuses a longer command line, the runner fails an engine that writes a longer line.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// PROTO-1.1: one command: an optional id, a name and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The numeric id, echoed in the response.
    pub id: Option<u64>,
    /// The command name.
    pub name: String,
    /// The arguments.
    pub args: Vec<String>,
}

impl Command {
    /// PROTO-1.1: parses a command line; `None` for a line that is empty once comments and control characters
    /// are removed.
    pub fn parse(line: &str) -> Option<Command> {
        let cleaned = Command::clean(line);
        let mut words = cleaned.split_whitespace();
        let first = words.next()?;
        let (id, name) = match first.parse::<u64>() {
            Ok(id) => (Some(id), words.next()?.to_string()),
            Err(_) => (None, first.to_string()),
        };
        Some(Command {
            id,
            name,
            args: words.map(str::to_string).collect(),
        })
    }
}

impl Command {
    /// PROTO-1.1: a line without its comment and control characters, tabs made spaces.
    fn clean(line: &str) -> String {
        line.chars()
            .take_while(|c| *c != '#')
            .filter(|c| !c.is_control() || *c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect()
    }

    /// PROTO-1.3: the id a line starts with, if it starts with one, for answering a line that is not a
    /// command (for example an id alone).
    pub fn id_of(line: &str) -> Option<u64> {
        Command::clean(line).split_whitespace().next()?.parse().ok()
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(id) = self.id {
            write!(f, "{id} ")?;
        }
        f.write_str(&self.name)?;
        for a in &self.args {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}

/// PROTO-1.2: a response: success or failure, the id it answers, and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// `=` (true) or `?` (false).
    pub success: bool,
    /// The id of the command answered.
    pub id: Option<u64>,
    /// The text after the status and id, lines joined by `\n`, without the final empty line.
    pub text: String,
}

impl Response {
    /// The response as sent: status, id, a space and the text, then an empty line.
    pub fn to_wire(&self) -> String {
        let status = if self.success { '=' } else { '?' };
        let id = self.id.map(|i| i.to_string()).unwrap_or_default();
        let text = self.text.replace("\n\n", "\n \n");
        if text.is_empty() {
            format!("{status}{id}\n\n")
        } else {
            format!("{status}{id} {text}\n\n")
        }
    }

    /// PROTO-1.2: parses the lines of one response (without the final empty line). Errors say what is wrong.
    pub fn parse(lines: &[String]) -> Result<Response, String> {
        let first = lines.first().ok_or("an empty response")?;
        let success = match first.chars().next() {
            Some('=') => true,
            Some('?') => false,
            _ => {
                return Err(format!(
                    "a response starts with `=` or `?`, found `{}`",
                    first.chars().take(40).collect::<String>()
                ))
            }
        };
        let rest = &first[1..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let id = if digits.is_empty() {
            None
        } else {
            digits.parse().ok()
        };
        let after = &rest[digits.len()..];
        let head = after.strip_prefix(' ').unwrap_or(after);
        if !after.is_empty() && !after.starts_with([' ', '\t']) {
            return Err(format!(
                "expected a space after the status and id, found `{after}`"
            ));
        }
        let mut text = head.to_string();
        for l in &lines[1..] {
            text.push('\n');
            text.push_str(l);
        }
        Ok(Response { success, id, text })
    }
}

/// PROTO-1.2: collects response lines from an engine's output, line by line.
#[derive(Debug, Default)]
pub struct ResponseReader {
    lines: Vec<String>,
}

impl ResponseReader {
    /// Feeds one line (without its newline). Returns a whole response when the empty line that ends it arrives.
    /// Empty lines before a response starts are skipped.
    pub fn feed(&mut self, line: &str) -> Option<Result<Response, String>> {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            if self.lines.is_empty() {
                return None;
            }
            let lines = std::mem::take(&mut self.lines);
            return Some(Response::parse(&lines));
        }
        self.lines.push(line.to_string());
        None
    }
}
