//! A GTP connection to an engine (spec/protocol.md PROTO-1, PROTO-7): a child process, or the reference
//! engine's protocol server on a thread of this process. Every command has a timeout; an engine that exits,
//! hangs, stops reading, answers garbage or writes an over-long line is reported as failed (PROTO-7.1), its whole
//! process group is ended (PROTO-7.3), and the connection is then dead.

use crate::engine::{Ended, EngineError, Failure};
use gorules_grammar::gtp::{Command, Response, ResponseReader};
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command as Process, ExitStatus, Stdio};
use std::sync::mpsc::{channel, sync_channel, Receiver, RecvTimeoutError, Sender};
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

/// PROTO-7.1: the longest line an engine may write (the framing's limit); a longer line fails the engine.
pub use gorules_grammar::gtp::MAX_LINE_BYTES;

/// PROTO-7.1: the longest response an engine may write, its lines together (16 MiB); a longer one fails the
/// engine.
pub const MAX_RESPONSE_BYTES: usize = 16 << 20;

/// How many lines the reader thread keeps ahead of the runner; beyond that it waits, so an engine that writes
/// while nobody is listening fills the pipe, not the runner's memory.
const LINES_AHEAD: usize = 64;

/// How long the runner waits, after an engine closed its output, for it to exit, so that the failure can say
/// how it ended.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// What the reader thread saw on the engine's output.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Output {
    /// A line, without its newline.
    Line(String),
    /// The output was closed (end of file, or a read error).
    Closed,
    /// PROTO-7.1: a line longer than [`MAX_LINE_BYTES`].
    TooLong,
    /// PROTO-7.1: a line that is not UTF-8; the offset of its first invalid byte.
    NotUtf8(usize),
}

/// A live connection.
pub struct Gtp {
    commands: Sender<String>,
    lines: Receiver<Output>,
    child: Option<EngineProcess>,
    timeout: Duration,
    next_id: u64,
    dead: Option<Failure>,
}

/// Writes the commands to the engine on a thread of its own, so that an engine that stops reading its input
/// cannot block the runner: the command's answer times out instead (PROTO-7.1). The thread ends when the
/// connection is dropped or the engine's input is closed.
fn forward_commands(mut writer: impl Write + Send + 'static) -> Sender<String> {
    let (tx, rx) = channel::<String>();
    std::thread::spawn(move || {
        for command in rx {
            if writer
                .write_all(command.as_bytes())
                .and_then(|()| writer.flush())
                .is_err()
            {
                return;
            }
        }
    });
    tx
}

/// Reads the engine's output on a thread of its own, one line at a time and at most [`MAX_LINE_BYTES`] a line
/// (PROTO-7.1), and forwards what it read; it stops at the first closed, over-long or non-UTF-8 line.
fn forward_lines(reader: impl Read + Send + 'static) -> Receiver<Output> {
    let (tx, rx) = sync_channel(LINES_AHEAD);
    std::thread::spawn(move || {
        let mut reader = BufReader::new(reader);
        loop {
            let out = read_line(&mut reader);
            let last = !matches!(out, Output::Line(_));
            if tx.send(out).is_err() || last {
                return;
            }
        }
    });
    rx
}

/// One line of at most [`MAX_LINE_BYTES`] bytes (PROTO-7.1), without its newline (`\n` or `\r\n`). A last line
/// without a newline is a line; then the output is closed.
fn read_line(reader: &mut impl BufRead) -> Output {
    let mut bytes = Vec::new();
    let limit = MAX_LINE_BYTES as u64 + 1;
    match reader.take(limit).read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => return Output::Closed,
        Ok(_) => {}
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_LINE_BYTES {
        return Output::TooLong;
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    match String::from_utf8(bytes) {
        Ok(line) => Output::Line(line),
        Err(e) => Output::NotUtf8(e.utf8_error().valid_up_to()),
    }
}

/// At most 200 characters of an engine's text, for a message.
fn excerpt(text: &str) -> String {
    const SHOWN: usize = 200;
    match text.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}... ({} bytes)", &text[..cut], text.len()),
        None => text.to_string(),
    }
}

/// PROTO-7.3: an engine's process, started as the leader of a process group of its own, so that ending it ends
/// whatever it started too (an engine behind a wrapper script, helpers it spawned).
struct EngineProcess {
    child: Child,
    /// Whether [`EngineProcess::end`] has run.
    ended: bool,
}

impl EngineProcess {
    /// Starts `program` with `args` in a new process group, its stdin and stdout piped.
    fn spawn(program: &str, args: &[String]) -> std::io::Result<EngineProcess> {
        let child = Process::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()?;
        Ok(EngineProcess {
            child,
            ended: false,
        })
    }

    /// How the engine ended, if it has exited within `grace`.
    fn exited_within(&mut self, grace: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + grace;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                Ok(None) | Err(_) => return None,
            }
        }
    }

    /// PROTO-7.3: kills the whole process group (the engine and everything it started that is still in its
    /// group), then reaps the engine.
    fn end(&mut self) {
        if std::mem::replace(&mut self.ended, true) {
            return;
        }
        // The group's id is the engine's pid (`process_group(0)`). While any member of the group lives, the
        // system does not give that id to another process, so this reaches only the engine's group, even after
        // the engine itself has been reaped (by `exited_within`); an empty group is simply not found.
        if let Ok(pgid) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals a process group; it touches no memory of ours.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.end();
    }
}

/// How an engine ended: `exited with status 3`, `killed by signal 9`.
fn ended(status: ExitStatus) -> Ended {
    match (status.code(), status.signal()) {
        (Some(code), _) => Ended::Exited(code),
        (None, Some(signal)) => Ended::Killed(signal),
        (None, None) => Ended::Otherwise(status.to_string()),
    }
}

/// PROTO-7.1: an engine that could not be started.
fn not_started(why: impl Into<String>) -> EngineError {
    EngineError::Failed(Failure::NotStarted { why: why.into() })
}

impl Gtp {
    /// Starts the engine.
    pub fn start(launch: &Launch, timeout: Duration) -> Result<Gtp, EngineError> {
        match launch {
            Launch::InProcess(args) => {
                let session =
                    gorules_ref::protocol::Session::from_args(args).map_err(not_started)?;
                let (from_client, to_server) =
                    std::io::pipe().map_err(|e| not_started(e.to_string()))?;
                let (from_server, to_client) =
                    std::io::pipe().map_err(|e| not_started(e.to_string()))?;
                std::thread::spawn(move || {
                    let _ = gorules_ref::protocol::serve_session(
                        session,
                        BufReader::new(from_client),
                        to_client,
                    );
                });
                Ok(Gtp {
                    commands: forward_commands(to_server),
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
                    .ok_or_else(|| not_started("no engine command"))?;
                let mut process = EngineProcess::spawn(program, args)
                    .map_err(|e| not_started(format!("cannot start `{}`: {e}", argv.join(" "))))?;
                let child = &mut process.child;
                let stdin = child.stdin.take().ok_or_else(|| not_started("no stdin"))?;
                let stdout = child
                    .stdout
                    .take()
                    .ok_or_else(|| not_started("no stdout"))?;
                Ok(Gtp {
                    commands: forward_commands(stdin),
                    lines: forward_lines(stdout),
                    child: Some(process),
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

    fn fail(&mut self, why: Failure) -> EngineError {
        self.dead = Some(why.clone());
        if let Some(p) = &mut self.child {
            p.end();
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
            return Err(EngineError::Failed(Failure::AlreadyFailed(Box::new(
                why.clone(),
            ))));
        }
        let id = self.next_id;
        self.next_id += 1;
        let command = Command {
            id: Some(id),
            name: name.to_string(),
            args: args.iter().map(|a| a.to_string()).collect(),
        };
        if self.commands.send(format!("{command}\n")).is_err() {
            let ended = self.how_it_ended();
            return Err(self.fail(Failure::InputClosed {
                command: command.to_string(),
                ended,
            }));
        }
        let deadline = Instant::now() + timeout;
        let mut reader = ResponseReader::default();
        let mut response_bytes = 0;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(Output::Line(l)) => l,
                Ok(Output::TooLong) => {
                    return Err(self.fail(Failure::LineTooLong {
                        command: command.to_string(),
                        limit: MAX_LINE_BYTES,
                    }))
                }
                Ok(Output::NotUtf8(at)) => {
                    return Err(self.fail(Failure::NotUtf8 {
                        command: command.to_string(),
                        offset: at,
                    }))
                }
                Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    let ended = self.how_it_ended();
                    return Err(self.fail(Failure::OutputClosed {
                        command: command.to_string(),
                        ended,
                    }));
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.fail(Failure::Timeout {
                        command: command.to_string(),
                        seconds: timeout.as_secs_f64(),
                    }))
                }
            };
            response_bytes += line.len() + 1;
            if response_bytes > MAX_RESPONSE_BYTES {
                return Err(self.fail(Failure::ResponseTooLong {
                    command: command.to_string(),
                    limit: MAX_RESPONSE_BYTES,
                }));
            }
            match reader.feed(&line) {
                None => continue,
                Some(Err(garbage)) => {
                    return Err(self.fail(Failure::Garbage {
                        command: command.to_string(),
                        excerpt: excerpt(&garbage),
                    }))
                }
                Some(Ok(r)) => match r.id {
                    Some(got) if got != id => {
                        return Err(self.fail(Failure::WrongId {
                            command: command.to_string(),
                            got,
                            sent: id,
                        }))
                    }
                    _ => return Ok(r),
                },
            }
        }
    }

    /// After the engine closed its output: how it ended (PROTO-7.1), waiting a moment for it to exit.
    fn how_it_ended(&mut self) -> Ended {
        match &mut self.child {
            None => Ended::InProcessStopped,
            Some(p) => match p.exited_within(EXIT_GRACE) {
                Some(status) => ended(status),
                None => Ended::StillRunning(EXIT_GRACE.as_secs_f64()),
            },
        }
    }

    /// Sends a command that must succeed; a `?` response is an error naming the command.
    pub fn ok(&mut self, name: &str, args: &[&str]) -> Result<String, EngineError> {
        let timeout = self.timeout;
        self.ok_within(name, args, timeout)
    }

    /// Like [`Gtp::ok`] with a timeout of its own.
    pub fn ok_within(
        &mut self,
        name: &str,
        args: &[&str],
        timeout: Duration,
    ) -> Result<String, EngineError> {
        let r = self.send_within(name, args, timeout)?;
        if r.success {
            Ok(r.text)
        } else {
            Err(EngineError::refused(format!(
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
            let _ = self.commands.send("quit\n".into());
        }
        if let Some(p) = &mut self.child {
            // Give the engine a moment to quit, then end its whole process group (PROTO-7.3): what it started
            // goes with it, whether it quit or not.
            p.exited_within(Duration::from_millis(100));
            p.end();
        }
    }
}
