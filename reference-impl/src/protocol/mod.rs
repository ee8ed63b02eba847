//! PROTO: the reference implementation behind the engine protocol (spec/protocol.md). This is the edge where
//! text comes in and goes out; the semantics stay in the modules above, called as pure functions.

mod kee;
mod session;

pub use session::Session;

use gorules_grammar::gtp::{Command, Response};
use std::io::{BufRead, Write};

/// PROTO-1: reads commands line by line from `input` and writes a response to each on `output`, until `quit`
/// or the end of the input.
pub fn serve(input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    serve_session(Session::default(), input, output)
}

/// PROTO-1: like [`serve`], starting from `session`.
pub fn serve_session(
    mut session: Session,
    input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        let Some(command) = Command::parse(&line) else {
            continue;
        };
        let result = session.execute(&command);
        let response = match result {
            Ok(text) => Response {
                success: true,
                id: command.id,
                text,
            },
            Err(text) => Response {
                success: false,
                id: command.id,
                text,
            },
        };
        output.write_all(response.to_wire().as_bytes())?;
        output.flush()?;
        if command.name == "quit" {
            break;
        }
    }
    Ok(())
}
