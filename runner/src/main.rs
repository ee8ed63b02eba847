//! `gorules-runner [OPTIONS] [libtest options]`: runs the conformance suite against an engine (the reference
//! engine, in-process, by default) and prints a line per check and a summary table.
//!
//! Options: `--engine "CMD ARGS"` (any GTP engine), `--profile NAME` (its features, runner/profiles/NAME.profile;
//! it also gives the command if `--engine` is absent), `--timeout SECONDS` (per command, default 10),
//! `--report FILE` (JSON), `--baseline FILE` (checks expected to fail), `--write-baseline FILE`, `--gtp-only`
//! (use standard GTP commands only, even with an engine that has the extensions), `--solver-nodes N` (the node
//! limit of each best-play search and each Kee value search), `--solver-timeout SECONDS` (per command that
//! searches, default 600), `--fail-undecided` (an undecided check, PROTO-7.2,
//! fails the run). Everything else goes to
//! libtest: a filter, `--ignored`, `--list`, `--test-threads N`, ...
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

use gorules_cases::readings::ReadingsRuleset;
use gorules_runner::gtp::Launch;
use gorules_runner::profile::Profile;
use gorules_runner::{find_root, plan, summary, Options};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// The least a timeout option may say: a millisecond.
const MIN_SECONDS: f64 = 0.001;

/// The most a timeout option may say: a week.
const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// The exit status for a bad option.
const BAD_OPTION: u8 = 2;

/// The exit status when the report or the baseline could not be written.
const NOT_WRITTEN: u8 = 1;

struct Cli {
    options: Options,
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

fn parse(args: Vec<String>, root: &Path) -> Result<Cli, String> {
    let mut options = Options::default();
    let (mut report, mut write_baseline, mut rest) = (None, None, Vec::new());
    let mut engine = None;
    let mut profile = None;
    let (mut readings, mut reading_options, mut product, mut threads, mut readings_report) =
        (None, Vec::new(), false, 2usize, None);
    let mut reading_timeout = gorules_runner::readings::READING_TIMEOUT;
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
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
            "--timeout" => options.timeout = seconds("--timeout", &value("--timeout")?)?,
            "--report" => report = Some(PathBuf::from(value("--report")?)),
            "--baseline" => {
                let p = value("--baseline")?;
                let text = std::fs::read_to_string(&p).map_err(|e| format!("{p}: {e}"))?;
                options.baseline = Some(summary::read_baseline(&text));
            }
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
    let profile = profile
        .map(|p| Profile::load(&root.join("runner").join("profiles"), &p))
        .transpose()?;
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
        options,
        readings,
        readings_report,
        report,
        write_baseline,
        rest,
    })
}

fn main() -> ExitCode {
    let root = find_root(&Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
    let mut argv = std::env::args();
    let program = argv.next().unwrap_or_else(|| "gorules-runner".into());
    let cli = match parse(argv.collect(), &root) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("gorules-runner: {e}");
            return ExitCode::from(BAD_OPTION);
        }
    };
    if let Some(request) = &cli.readings {
        return run_readings(&root, request, &cli);
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
    let finished = plan(&root, cli.options).run(&args);
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

/// `--readings`: runs the matrix, prints its table, and writes its JSON to `--readings-report`. Exit status 0
/// when it ran (whatever it shows), 1 when the report could not be written, 2 when it could not run.
fn run_readings(root: &Path, request: &gorules_runner::readings::Request, cli: &Cli) -> ExitCode {
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
    let matrix = match gorules_runner::readings::run(root, request, &cli.options) {
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
