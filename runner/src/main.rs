//! `gorules-runner [OPTIONS] [libtest options]`: runs the conformance suite against an engine (the reference
//! engine, in-process, by default) and prints a line per check and a summary table. `gorules-runner --help`
//! lists every option ([`HELP`]); the README's section for engine authors says the same at length.
//!
//! `--readings RULESET` (japanese-1989, naj, kee) runs the readings matrix instead (spec/readings.md): `--options
//! a,b` (the options to vary, default all), `--product` (every combination of their values rather than single
//! changes), `--threads N` (engines at once, default 2), `--reading-timeout SECONDS` (the most a searching command
//! gets under a reading other than the default, default 20), `--readings-report FILE` (JSON), and at most one
//! filter (case ids containing it, or one of several separated by commas).
//!
//! Exit status: 0 when every check counted passed or was expected (known failure, ignored, undecided); 101 when a
//! check failed, the engine failed (PROTO-7.4) or a baseline check passed; 2 for a bad option (the message names
//! it, its value and what it takes); 1 when the report or the baseline could not be written. The report and the
//! baseline are written to a temporary file beside them and renamed into place at the end; an older report is
//! removed when the run starts, so a run that dies leaves none rather than one that looks current.

mod closed_stdout;

use gorules_cases::readings::ReadingsRuleset;
use gorules_runner::gtp::Launch;
use gorules_runner::profile::Profile;
use gorules_runner::source::{self, SuiteSource};
use gorules_runner::{plan_from, summary, Options};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// `--help`: every option of the runner, and how libtest's own options pass through.
const HELP: &str = "\
gorules-runner: runs the gorules conformance suite against a Go engine and reports each check.

USAGE:
    gorules-runner [OPTIONS] [FILTER] [LIBTEST OPTIONS]
    gorules-runner --export-sgf DIR [FILTER]
    gorules-runner --replay-sgf FILE [--engine CMD | --profile NAME]
    gorules-runner --differential [DIFFERENTIAL OPTIONS] (--engine CMD | --profile NAME)
    gorules-runner --readings RULESET [READINGS OPTIONS] [FILTER]

THE ENGINE (default: the reference engine, in-process):
    --engine \"CMD ARGS\"     any GTP engine, started with this command line
    --profile NAME          a shipped profile (its command, rule features and board sizes, PROTO-6; the
                            names are listed at the end); its command is used when --engine is absent;
                            a check on a board size the profile does not list, or the engine refuses, is
                            ignored
    --gtp-only              ask only standard GTP commands, even of an engine with the gorules-
                            extensions (needs --profile)
    --timeout SECONDS       per command (default 10)
    --solver-nodes N        the node limit of each best-play and Kee value search
    --solver-timeout SECONDS  per command that searches (default 600)

THE SUITE (default: the checkout the current folder lies in, else the copy built into this binary):
    --cases DIR             run the case files under DIR instead (a committee's own folder)

RESULTS:
    --report FILE           write a JSON report
    --baseline FILE|NAME    checks expected to fail: a file, or a shipped baseline by name (e.g. gnugo)
    --write-baseline FILE   write the failing checks as a baseline
    --fail-undecided        an undecided check (PROTO-7.2) fails the run

SGF:
    --export-sgf DIR        write every case (or those whose id contains FILTER) as an SGF file to DIR
    --replay-sgf FILE       replay a game record through the engine beside the reference, move by move,
                            and report the first disagreement

THE READINGS MATRIX (spec/readings.md: every seed-sourced case of a ruleset under other readings of its text,
judged against the source's claims):
    --readings RULESET      japanese-1989, naj or kee
    --options A,B           the options to vary (default: all)
    --product               every combination of their values, not single changes from the default
    --threads N             engines at once (default 2)
    --reading-timeout SECONDS   the most a searching command gets under a reading other than the default (20)
    --readings-report FILE  the matrix as JSON

DIFFERENTIAL TESTING (seeded random games through the engine and the reference, move by move; the
shortest disagreement is printed as a case file; exit 0 none, 1 one found, 2 a bad option):
    --differential          this mode
    --size N|WxH            the board (default 9)
    --rules KO[,KO]|no-ko   the ko rules of both engines (default simple-ko)
    --suicide prohibited|allowed   (default prohibited)
    --games N               how many games (default 10)
    --moves N               the most moves a game (default 200)
    --seed S                the seed of the random games (default 1)
    --engine, --profile, --timeout   as above

    -h, --help              this text

LIBTEST OPTIONS (passed through to libtest-mimic; a trial is named <ruleset>::<case id>::<check>):
    FILTER                  run only the checks whose name contains FILTER
    --exact                 FILTER must match a name exactly
    --skip FILTER           leave out the checks whose name contains FILTER (repeatable)
    --ignored               run only the ignored checks (those the engine lacks something for)
    --include-ignored       run the ignored checks too
    --list                  list the checks without running them
    --test-threads N        how many checks run at once
    -q, --quiet             one character per check
    --format pretty|terse|json   the output format
    --color auto|always|never    colouring
    --logfile PATH          also write the results to PATH
    --show-output, --nocapture   accepted (no effect)

EXIT STATUS: 0 all counted checks passed or were expected; 101 a check or the engine failed, or a
baseline check passed; 2 a bad option; 1 the report or the baseline could not be written.
";

/// The least a timeout option may say: a millisecond.
const MIN_SECONDS: f64 = 0.001;

/// The most a timeout option may say: a week.
const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// The exit status for a bad option.
const BAD_OPTION: u8 = 2;

/// The exit status when the report or the baseline could not be written.
const NOT_WRITTEN: u8 = 1;

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Mode {
    /// Run the suite (libtest's options in [`Cli::rest`]).
    Run,
    /// `--help`.
    Help,
    /// `--export-sgf DIR`.
    ExportSgf(PathBuf),
    /// `--replay-sgf FILE`.
    ReplaySgf(PathBuf),
}

struct Cli {
    mode: Mode,
    options: Options,
    source: SuiteSource,
    /// `--readings RULESET`: the readings matrix instead of the suite.
    readings: Option<gorules_runner::readings::Request>,
    readings_report: Option<PathBuf>,
    report: Option<PathBuf>,
    write_baseline: Option<PathBuf>,
    rest: Vec<String>,
}

/// A file the run writes at its end (the report, a baseline): written to a temporary file beside it, then renamed
/// over it, so that it is either whole and of this run, or not there.
struct Output {
    /// The option that named it, for messages.
    option: &'static str,
    path: PathBuf,
    temp: PathBuf,
    file: Option<File>,
}

impl Output {
    /// Creates the temporary file now, so that a path that cannot be written stops the run before it starts.
    fn create(option: &'static str, path: &Path) -> Result<Output, String> {
        let name = path
            .file_name()
            .ok_or_else(|| format!("{option} `{}`: expected a file name", path.display()))?;
        if path.is_dir() {
            return Err(format!(
                "{option} `{}`: a directory, expected a file",
                path.display()
            ));
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let temp = dir.join(format!(
            ".{}.{}.tmp",
            name.to_string_lossy(),
            std::process::id()
        ));
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(|e| format!("{option} `{}`: cannot write there: {e}", path.display()))?;
        Ok(Output {
            option,
            path: path.to_path_buf(),
            temp,
            file: Some(file),
        })
    }

    /// Writes `text` and renames the temporary file over the path.
    fn commit(mut self, text: &str) -> Result<(), String> {
        let mut file = self.file.take().ok_or("written twice")?;
        file.write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
            .and_then(|()| std::fs::rename(&self.temp, &self.path))
            .map_err(|e| {
                format!(
                    "{} `{}`: cannot write it: {e}",
                    self.option,
                    self.path.display()
                )
            })
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        // Not committed (or the rename failed): the temporary file goes.
        if self.file.is_some() || self.temp.exists() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

fn parse(args: Vec<String>, cwd: &Path) -> Result<Cli, String> {
    let mut options = Options::default();
    let (mut report, mut write_baseline, mut rest) = (None, None, Vec::new());
    let (mut engine, mut profile, mut baseline, mut cases) = (None, None, None, None);
    let mut mode = Mode::Run;
    let (mut readings, mut reading_options, mut product, mut threads, mut readings_report) =
        (None, Vec::new(), false, 2usize, None);
    let mut reading_timeout = gorules_runner::readings::READING_TIMEOUT;
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "-h" | "--help" => mode = Mode::Help,
            "--engine" => {
                let v = value("--engine")?;
                if v.trim().is_empty() {
                    return Err(format!(
                        "--engine `{v}`: expected a command line, e.g. `gnugo --mode gtp`"
                    ));
                }
                engine = Some(v);
            }
            "--profile" => profile = Some(value("--profile")?),
            "--cases" => {
                let v = value("--cases")?;
                if !Path::new(&v).is_dir() {
                    return Err(format!("--cases `{v}`: expected a folder of case files"));
                }
                cases = Some(PathBuf::from(v));
            }
            "--export-sgf" => mode = Mode::ExportSgf(PathBuf::from(value("--export-sgf")?)),
            "--replay-sgf" => mode = Mode::ReplaySgf(PathBuf::from(value("--replay-sgf")?)),
            "--timeout" => options.timeout = seconds("--timeout", &value("--timeout")?)?,
            "--report" => report = Some(PathBuf::from(value("--report")?)),
            "--baseline" => baseline = Some(value("--baseline")?),
            "--write-baseline" => write_baseline = Some(PathBuf::from(value("--write-baseline")?)),
            "--gtp-only" => options.gtp_only = true,
            "--fail-undecided" => options.fail_undecided = true,
            "--solver-timeout" => {
                options.solver_timeout = seconds("--solver-timeout", &value("--solver-timeout")?)?
            }
            "--solver-nodes" => options.solver_nodes = Some(nodes(&value("--solver-nodes")?)?),
            "--readings" => {
                let v = value("--readings")?;
                readings = Some(
                    v.parse::<ReadingsRuleset>()
                        .map_err(|e| format!("--readings {e}"))?,
                );
            }
            "--options" => {
                reading_options = value("--options")?
                    .split(',')
                    .map(|o| o.trim().to_string())
                    .filter(|o| !o.is_empty())
                    .collect()
            }
            "--product" => product = true,
            "--reading-timeout" => {
                reading_timeout = seconds("--reading-timeout", &value("--reading-timeout")?)?
            }
            "--threads" => {
                let v = value("--threads")?;
                threads = v
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=64).contains(n))
                    .ok_or_else(|| {
                        format!("--threads `{v}`: expected a number of engines from 1 to 64")
                    })?;
            }
            "--readings-report" => {
                readings_report = Some(PathBuf::from(value("--readings-report")?))
            }
            _ => rest.push(a),
        }
    }
    let source = SuiteSource::choose(cases, cwd);
    if let Some(b) = baseline {
        options.baseline = Some(summary::read_baseline(&source.baseline(&b)?));
    }
    let profile = profile.map(|p| source.profile(&p)).transpose()?;
    match (&engine, &profile) {
        (Some(e), _) => options.launch = Launch::program(e),
        (None, Some(p)) => options.launch = Launch::program(&p.command),
        (None, None) => {}
    }
    if options.gtp_only && profile.is_none() {
        return Err("--gtp-only needs --profile: a standard GTP client cannot choose rules, so the profile says which the engine plays".into());
    }
    if let Some(p) = &profile {
        options.estimates = p.estimates.clone();
        options.sizes = p.sizes.clone();
    }
    options.profile_features = profile.map(|p| p.features.union(&p.estimates).copied().collect());
    let readings = match readings {
        None if !reading_options.is_empty() || product || readings_report.is_some() => {
            return Err(
                "--options, --product and --readings-report go with --readings RULESET".into(),
            )
        }
        None => None,
        Some(ruleset) => {
            if rest.len() > 1 || rest.iter().any(|a| a.starts_with('-')) {
                return Err(format!(
                    "--readings takes one case filter besides its options, found {}",
                    rest.join(" ")
                ));
            }
            let request = gorules_runner::readings::Request {
                ruleset,
                options: reading_options,
                product,
                filter: rest.pop(),
                threads,
                reading_timeout,
            };
            gorules_runner::readings::readings(&request).map_err(|e| format!("--readings: {e}"))?;
            Some(request)
        }
    };
    Ok(Cli {
        mode,
        options,
        source,
        readings,
        readings_report,
        report,
        write_baseline,
        rest,
    })
}

fn main() -> ExitCode {
    // A closed standard output (`gorules-runner | head`) does not stop the run (PROTO-7.5).
    let _output = closed_stdout::guard();
    run()
}

/// The runner, whichever mode the command line asks for.
fn run() -> ExitCode {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    // Differential testing: a mode of its own, with its own options (runner/src/differential.rs); its profiles come
    // from where the suite would (the checkout, else the runner's own copy).
    if std::env::args().any(|a| a == "--differential") {
        let source = SuiteSource::choose(None, &cwd);
        let code =
            gorules_runner::differential::main(std::env::args().skip(1).collect(), &|name| {
                source.profile(name)
            });
        return ExitCode::from(code as u8);
    }
    let mut argv = std::env::args();
    let program = argv.next().unwrap_or_else(|| "gorules-runner".into());
    let cli = match parse(argv.collect(), &cwd) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("gorules-runner: {e}");
            return ExitCode::from(BAD_OPTION);
        }
    };
    if let Some(request) = &cli.readings {
        return run_readings(request, &cli);
    }
    match &cli.mode {
        Mode::Run => {}
        Mode::Help => {
            print!("{HELP}");
            println!(
                "\nSHIPPED PROFILES: {}\nSHIPPED BASELINES: {}",
                Profile::known_embedded().join(", "),
                source::shipped_baselines().join(", ")
            );
            return ExitCode::SUCCESS;
        }
        Mode::ExportSgf(dir) => return export_sgf(&cli, dir),
        Mode::ReplaySgf(file) => return replay_sgf(&cli, file),
    }
    let args = libtest_mimic::Arguments::from_iter(
        std::iter::once(program).chain(cli.rest.iter().cloned()),
    );
    if args.test_threads == Some(0) {
        eprintln!("gorules-runner: --test-threads `0`: expected a number of threads, at least 1");
        return ExitCode::from(BAD_OPTION);
    }
    let listing = args.list;
    let (report, baseline) = if listing {
        (None, None)
    } else {
        match outputs(&cli) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("gorules-runner: {e}");
                return ExitCode::from(BAD_OPTION);
            }
        }
    };
    eprintln!("gorules-runner: the suite from {}", cli.source.describe());
    let finished = plan_from(&cli.source, cli.options).run(&args);
    if listing {
        return ExitCode::SUCCESS;
    }
    println!("{}", summary::table(&finished.records, &finished.engine));
    let mut written = true;
    if let Some(out) = report {
        let text = summary::json(&finished.records, &finished.engine, &finished.suite_version);
        if let Err(e) = out.commit(&text) {
            eprintln!("gorules-runner: {e}");
            written = false;
        }
    }
    if let Some(out) = baseline {
        if let Err(e) = out.commit(&summary::baseline(&finished.records)) {
            eprintln!("gorules-runner: {e}");
            written = false;
        }
    }
    if !written {
        ExitCode::from(NOT_WRITTEN)
    } else if finished.conclusion.has_failed() {
        ExitCode::from(101)
    } else {
        ExitCode::SUCCESS
    }
}

/// `--export-sgf DIR [FILTER]`: every case of the suite (those whose id contains FILTER) as `DIR/<id>.sgf`.
fn export_sgf(cli: &Cli, dir: &Path) -> ExitCode {
    let filter = match cli.rest.as_slice() {
        [] => None,
        [f] if !f.starts_with('-') => Some(f.as_str()),
        other => {
            eprintln!(
                "gorules-runner: --export-sgf takes a folder and at most one filter (a part of case ids), found `{}`",
                other.join(" ")
            );
            return ExitCode::from(BAD_OPTION);
        }
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("gorules-runner: --export-sgf `{}`: {e}", dir.display());
        return ExitCode::from(NOT_WRITTEN);
    }
    let (suite, errors) = cli.source.load();
    for e in &errors {
        eprintln!("gorules-runner: {e}");
    }
    let cases = suite
        .cases
        .iter()
        .map(|lc| &lc.case)
        .filter(|c| filter.is_none_or(|f| c.id.contains(f)));
    let (mut written, mut failed) = (0, 0);
    for file in gorules_runner::sgf::export::files(cases) {
        match file.and_then(|(name, text)| {
            std::fs::write(dir.join(&name), text).map_err(|e| format!("{name}: {e}"))
        }) {
            Ok(()) => written += 1,
            Err(e) => {
                eprintln!("gorules-runner: {e}");
                failed += 1;
            }
        }
    }
    println!(
        "{written} case(s) written as SGF to {}{}; Kee cases (several players) are not Go positions and are not exported",
        dir.display(),
        if failed > 0 { format!(", {failed} could not be") } else { String::new() }
    );
    if failed > 0 || !errors.is_empty() {
        ExitCode::from(NOT_WRITTEN)
    } else {
        ExitCode::SUCCESS
    }
}

/// `--replay-sgf FILE`: the record's main line through the engine and the reference; 0 when they agree on every
/// move (or both find the same move illegal), 101 at a disagreement or when the replay stopped.
fn replay_sgf(cli: &Cli, file: &Path) -> ExitCode {
    use gorules_runner::gtp::Launch;
    use gorules_runner::remote::Remote;
    use gorules_runner::sgf::record::{self, Ending};
    if !cli.rest.is_empty() {
        eprintln!(
            "gorules-runner: --replay-sgf takes a file and the engine options, found `{}`",
            cli.rest.join(" ")
        );
        return ExitCode::from(BAD_OPTION);
    }
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("gorules-runner: --replay-sgf `{}`: {e}", file.display());
            return ExitCode::from(BAD_OPTION);
        }
    };
    let game = match record::read_record_bytes(bytes) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("gorules-runner: {}: {e}", file.display());
            return ExitCode::from(BAD_OPTION);
        }
    };
    let o = &cli.options;
    let rules = record::rules_for(o.profile_features.as_ref());
    let start = |launch: Launch, features, gtp_only| {
        Remote::start_with(launch, o.timeout, features, gtp_only)
    };
    let mut engine = match start(o.launch.clone(), o.profile_features.clone(), o.gtp_only) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("gorules-runner: the engine did not start: {e}");
            return ExitCode::from(101);
        }
    };
    let mut reference = match start(Launch::reference(), None, false) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("gorules-runner: the reference engine did not start: {e}");
            return ExitCode::from(101);
        }
    };
    let report = record::replay(&game, &rules, &mut engine, &mut reference);
    println!("record: {}", file.display());
    print!("{}", report.text(&o.launch.describe(), &rules));
    match report.ending {
        Ending::Agreed | Ending::IllegalInRecord(_) => ExitCode::SUCCESS,
        Ending::Disagreed(_) | Ending::Stopped(_) => ExitCode::from(101),
    }
}

/// `--readings`: runs the matrix, prints its table, and writes its JSON to `--readings-report`. Exit status 0
/// when it ran (whatever it shows), 1 when the report could not be written, 2 when it could not run.
fn run_readings(request: &gorules_runner::readings::Request, cli: &Cli) -> ExitCode {
    let out = match cli
        .readings_report
        .as_deref()
        .map(|p| Output::create("--readings-report", p))
        .transpose()
    {
        Ok(o) => o,
        Err(e) => {
            eprintln!("gorules-runner: {e}");
            return ExitCode::from(BAD_OPTION);
        }
    };
    let matrix = match gorules_runner::readings::run(&cli.source, request, &cli.options) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("gorules-runner: --readings: {e}");
            return ExitCode::from(BAD_OPTION);
        }
    };
    println!("{}", gorules_runner::readings::table(&matrix));
    if let Some(out) = out {
        if let Err(e) = out.commit(&gorules_runner::readings::json(&matrix)) {
            eprintln!("gorules-runner: {e}");
            return ExitCode::from(NOT_WRITTEN);
        }
    }
    ExitCode::SUCCESS
}

/// The report and the baseline to write, their temporary files created now; an older report is removed, since
/// it would look like this run's if the run died.
fn outputs(cli: &Cli) -> Result<(Option<Output>, Option<Output>), String> {
    let report = cli
        .report
        .as_deref()
        .map(|p| Output::create("--report", p))
        .transpose()?;
    if let Some(p) = &cli.report {
        match std::fs::remove_file(p) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(format!(
                    "--report `{}`: cannot replace it: {e}",
                    p.display()
                ))
            }
            _ => {}
        }
    }
    let baseline = cli
        .write_baseline
        .as_deref()
        .map(|p| Output::create("--write-baseline", p))
        .transpose()?;
    Ok((report, baseline))
}

/// A timeout option's value (PROTO-7.1): seconds, fractions allowed, from [`MIN_SECONDS`] to [`MAX_SECONDS`].
fn seconds(flag: &str, v: &str) -> Result<Duration, String> {
    v.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && (MIN_SECONDS..=MAX_SECONDS).contains(s))
        .map(Duration::from_secs_f64)
        .ok_or_else(|| {
            format!(
                "{flag} `{v}`: expected a number of seconds from {MIN_SECONDS} to {MAX_SECONDS} (a week)"
            )
        })
}

/// `--solver-nodes`' value: a whole number of nodes, at least 1.
fn nodes(v: &str) -> Result<u64, String> {
    v.trim()
        .parse::<u64>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| {
            format!(
                "--solver-nodes `{v}`: expected a whole number of nodes from 1 to {}",
                u64::MAX
            )
        })
}

#[cfg(test)]
mod tests {
    use super::{nodes, parse, seconds};
    use std::path::Path;
    use std::time::Duration;

    #[test]
    fn timeouts_are_finite_positive_seconds_up_to_a_week() {
        assert_eq!(seconds("--timeout", "2.5"), Ok(Duration::from_millis(2500)));
        assert_eq!(
            seconds("--timeout", "604800"),
            Ok(Duration::from_secs(604_800))
        );
        for bad in [
            "inf", "1e30", "NaN", "-1", "-inf", "0", "0.0001", "604801", "ten", "",
        ] {
            let e = seconds("--timeout", bad).expect_err(bad);
            assert!(
                e.starts_with(&format!("--timeout `{bad}`: expected a number of seconds")),
                "{e}"
            );
        }
    }

    #[test]
    fn solver_nodes_are_a_positive_count() {
        assert_eq!(nodes("1000"), Ok(1000));
        for bad in ["0", "-5", "1.5", "1e6", "", "many", "18446744073709551616"] {
            let e = nodes(bad).expect_err(bad);
            assert!(
                e.starts_with(&format!("--solver-nodes `{bad}`: expected")),
                "{e}"
            );
        }
    }

    #[test]
    fn bad_options_are_refused_with_their_name() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let refused = |args: &[&str]| {
            parse(args.iter().map(|a| a.to_string()).collect(), &root)
                .err()
                .unwrap_or_else(|| panic!("{args:?} accepted"))
        };
        assert!(refused(&["--solver-timeout", "inf"]).starts_with("--solver-timeout `inf`"));
        assert!(refused(&["--engine", " "]).starts_with("--engine"));
        assert!(refused(&["--profile", "../../x"]).contains("gnugo"));
        assert!(refused(&["--timeout"]).contains("--timeout needs a value"));
    }
}
