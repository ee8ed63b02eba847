//! PROTO: the reference implementation behind the engine protocol (spec/protocol.md). This is the edge where
//! text comes in and goes out; the semantics stay in the modules above, called as pure functions. This module
//! reads lines and writes answers (PROTO-1); [`Session`] parses each command, asks the game and prints the answer.

mod session;

pub use session::limits::DEFAULT_TIME_LIMIT;
pub use session::Session;

use gorules_grammar::gtp::{Command, Response};
use std::io::{BufRead, Write};

/// PROTO-1.3: the longest command line the engine reads (the framing's limit); a longer one is answered with an
/// error, and the rest of it, up to its newline, is skipped unread.
pub use gorules_grammar::gtp::MAX_LINE_BYTES;

/// PROTO-1.3: one line read from the client.
enum Line {
    /// A whole line, without its newline.
    Text(Vec<u8>),
    /// A line longer than [`MAX_LINE_BYTES`]: its first bytes, and its whole length.
    TooLong(Vec<u8>, usize),
}

/// PROTO-1.3: reads one line of at most `limit` bytes, skipping the rest of a longer one; `None` at the end of
/// the input.
fn read_line(input: &mut impl BufRead, limit: usize) -> std::io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut length = 0usize;
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        any = true;
        let (chunk, ends) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], Some(i + 1)),
            None => (available, None),
        };
        let room = limit.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length = length.saturating_add(chunk.len());
        let used = ends.unwrap_or(available.len());
        input.consume(used);
        if ends.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if kept.last() == Some(&b'\r') && length <= limit {
        kept.pop();
        length -= 1;
    }
    Ok(Some(if length > limit {
        Line::TooLong(kept, length)
    } else {
        Line::Text(kept)
    }))
}

/// PROTO-1.3: the answer to a line that is not a command: its id if one can be read, and why.
fn refusal(bytes: &[u8], why: String) -> Response {
    let text = String::from_utf8_lossy(bytes);
    Response {
        success: false,
        id: Command::id_of(&text),
        text: why,
    }
}

/// PROTO-1: reads commands line by line from `input` and writes a response to each on `output`, until `quit`
/// or the end of the input.
pub fn serve(input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    serve_session(Session::default(), input, output)
}

/// PROTO-1: like [`serve`], starting from `session`. Every line gets an answer (PROTO-1.3): a line that is too
/// long, not UTF-8, or an id without a command is refused with an error, and the engine goes on.
pub fn serve_session(
    mut session: Session,
    mut input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    while let Some(line) = read_line(&mut input, MAX_LINE_BYTES)? {
        let (response, quit) = match line {
            Line::TooLong(start, length) => (
                refusal(
                    &start,
                    format!("a command line has at most {MAX_LINE_BYTES} bytes, this one {length}"),
                ),
                false,
            ),
            Line::Text(bytes) => match String::from_utf8(bytes) {
                Err(e) => {
                    let at = e.utf8_error().valid_up_to();
                    let why = format!("a command line must be UTF-8; byte {} is not", at + 1);
                    (refusal(e.as_bytes(), why), false)
                }
                Ok(text) => match Command::parse(&text) {
                    Some(command) => {
                        let result = session.execute(&command);
                        let (success, text) = match result {
                            Ok(t) => (true, t),
                            Err(t) => (false, t),
                        };
                        let quit = command.name == "quit";
                        let response = Response {
                            success,
                            id: command.id,
                            text,
                        };
                        (response, quit)
                    }
                    None => match Command::id_of(&text) {
                        Some(id) => (
                            Response {
                                success: false,
                                id: Some(id),
                                text: "expected a command name after the id".into(),
                            },
                            false,
                        ),
                        None => continue,
                    },
                },
            },
        };
        output.write_all(response.to_wire().as_bytes())?;
        output.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}
