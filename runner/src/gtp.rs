//! A GTP connection to an engine (spec/protocol.md PROTO-1, PROTO-7): a child process, or the reference
//! engine's protocol server on a thread of this process. Every command has a timeout; an engine that exits,
//! hangs or answers garbage is reported as failed, and the connection is then dead.

use crate::engine::EngineError;
use gorules_grammar::gtp::{Command, Response, ResponseReader};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command as Process, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How to start an engine: a command line, or the reference engine in-process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Launch {
    /// The reference engine (`gorules_ref::protocol::serve`) on a thread, talking over pipes, started with
    /// these `gorules-engine` flags.
    InProcess(Vec<String>),
    /// A program and its arguments, e.g. `gnugo --mode gtp`.
    Program(Vec<String>),
}

impl Launch {
    /// Splits a command line on spaces (no quoting). The program name `in-process` means the reference
    /// engine on a thread of the runner, with the flags that follow.
    pub fn program(line: &str) -> Launch {
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        match words.split_first() {
            Some((first, rest)) if first == "in-process" => Launch::InProcess(rest.to_vec()),
            _ => Launch::Program(words),
        }
    }

    /// The reference engine, in-process, with its default ruleset.
    pub fn reference() -> Launch {
        Launch::InProcess(Vec::new())
    }

    /// For reports.
    pub fn describe(&self) -> String {
        match self {
            Launch::InProcess(a) if a.is_empty() => "gorules-engine (in-process)".into(),
            Launch::InProcess(a) => format!("gorules-engine {} (in-process)", a.join(" ")),
            Launch::Program(p) => p.join(" "),
        }
    }
}

/// A live connection.
pub struct Gtp {
    writer: Box<dyn Write + Send>,
    lines: Receiver<Option<String>>,
    child: Option<Child>,
    timeout: Duration,
    next_id: u64,
    dead: Option<String>,
}

fn forward_lines(reader: impl Read + Send + 'static) -> Receiver<Option<String>> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(reader);
        loop {
            let mut line = String::new();
            match reader.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    let _ = tx.send(None);
                    return;
                }
                Ok(_) => {
                    let line = line.trim_end_matches(['\n', '\r']).to_string();
                    if tx.send(Some(line)).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

impl Gtp {
    /// Starts the engine.
    pub fn start(launch: &Launch, timeout: Duration) -> Result<Gtp, EngineError> {
        match launch {
            Launch::InProcess(args) => {
                let session =
                    gorules_ref::protocol::Session::from_args(args).map_err(EngineError::Failed)?;
                let (from_client, to_server) =
                    std::io::pipe().map_err(|e| EngineError::Failed(e.to_string()))?;
                let (from_server, to_client) =
                    std::io::pipe().map_err(|e| EngineError::Failed(e.to_string()))?;
                std::thread::spawn(move || {
                    let _ = gorules_ref::protocol::serve_session(
                        session,
                        BufReader::new(from_client),
                        to_client,
                    );
                });
                Ok(Gtp {
                    writer: Box::new(to_server),
                    lines: forward_lines(from_server),
                    child: None,
                    timeout,
                    next_id: 1,
                    dead: None,
                })
            }
            Launch::Program(argv) => {
                let (program, args) = argv
                    .split_first()
                    .ok_or_else(|| EngineError::Failed("no engine command".into()))?;
                let mut child = Process::new(program)
                    .args(args)
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::null())
                    .spawn()
                    .map_err(|e| {
                        EngineError::Failed(format!("cannot start `{}`: {e}", argv.join(" ")))
                    })?;
                let stdin = child
                    .stdin
                    .take()
                    .ok_or_else(|| EngineError::Failed("no stdin".into()))?;
                let stdout = child
                    .stdout
                    .take()
                    .ok_or_else(|| EngineError::Failed("no stdout".into()))?;
                Ok(Gtp {
                    writer: Box::new(stdin),
                    lines: forward_lines(stdout),
                    child: Some(child),
                    timeout,
                    next_id: 1,
                    dead: None,
                })
            }
        }
    }

    /// Whether the connection has failed.
    pub fn is_dead(&self) -> bool {
        self.dead.is_some()
    }

    fn fail(&mut self, why: String) -> EngineError {
        self.dead = Some(why.clone());
        if let Some(c) = &mut self.child {
            let _ = c.kill();
            let _ = c.wait();
        }
        EngineError::Failed(why)
    }

    /// Sends a command and waits for its response. `Ok(response)` whether it is `=` or `?`; `Err` if the engine
    /// failed (PROTO-7).
    pub fn send(&mut self, name: &str, args: &[&str]) -> Result<Response, EngineError> {
        let timeout = self.timeout;
        self.send_within(name, args, timeout)
    }

    /// Like [`Gtp::send`] with a timeout of its own (for commands that search, PROTO-7).
    pub fn send_within(
        &mut self,
        name: &str,
        args: &[&str],
        timeout: Duration,
    ) -> Result<Response, EngineError> {
        if let Some(why) = &self.dead {
            return Err(EngineError::Failed(format!(
                "the engine had already failed: {why}"
            )));
        }
        let id = self.next_id;
        self.next_id += 1;
        let command = Command {
            id: Some(id),
            name: name.to_string(),
            args: args.iter().map(|a| a.to_string()).collect(),
        };
        let line = format!("{command}\n");
        if let Err(e) = self
            .writer
            .write_all(line.as_bytes())
            .and_then(|_| self.writer.flush())
        {
            return Err(self.fail(format!("cannot send `{command}`: {e}")));
        }
        let deadline = Instant::now() + timeout;
        let mut reader = ResponseReader::default();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Some(l)) => match reader.feed(&l) {
                    None => continue,
                    Some(Err(garbage)) => {
                        return Err(
                            self.fail(format!("answered `{command}` with garbage: {garbage}"))
                        )
                    }
                    Some(Ok(r)) if r.id.is_some() && r.id != Some(id) => {
                        return Err(
                            self.fail(format!("answered `{command}` with the id {:?}", r.id))
                        )
                    }
                    Some(Ok(r)) => return Ok(r),
                },
                Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.fail(format!(
                        "closed its output (exited?) while answering `{command}`"
                    )))
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.fail(format!(
                        "no answer to `{command}` within {:.1} s",
                        timeout.as_secs_f64()
                    )))
                }
            }
        }
    }

    /// Sends a command that must succeed; a `?` response is an error naming the command.
    pub fn ok(&mut self, name: &str, args: &[&str]) -> Result<String, EngineError> {
        let r = self.send(name, args)?;
        if r.success {
            Ok(r.text)
        } else {
            Err(EngineError::Refused(format!(
                "`{name} {}` failed: {}",
                args.join(" "),
                r.text
            )))
        }
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        if self.dead.is_none() {
            let _ = self.writer.write_all(b"quit\n");
            let _ = self.writer.flush();
        }
        if let Some(c) = &mut self.child {
            // Give the engine a moment to quit, then make sure it is gone.
            for _ in 0..20 {
                if matches!(c.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}
