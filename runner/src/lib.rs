//! The gorules conformance runner: every check of every case becomes a trial, run against an engine over the
//! protocol, and reported as passed, failed (expected against actual) or ignored (with the reason).

pub mod checks;
pub mod differential;
pub mod embedded;
pub mod engine;
pub mod gtp;
pub mod kee;
pub mod profile;
pub mod readings;
pub mod remote;
pub mod report;
pub mod sgf;
pub mod source;
pub mod summary;
pub mod verdict;

use engine::{Capabilities, Engine};
use gorules_cases::kee::{KeeCase, KeeCheck};
use gorules_cases::model::{Case, Check};
use gtp::Launch;
use libtest_mimic::{Arguments, Conclusion, Failed, Trial};
use remote::Remote;
use std::collections::BTreeSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use summary::{Outcome, Record};
use verdict::{EngineFailed, Missing, Verdict};

/// How to run the suite.
#[derive(Debug, Clone)]
pub struct Options {
    /// The engine.
    pub launch: Launch,
    /// Features from a profile, for an engine without `gorules-features` (PROTO-6).
    pub profile_features: Option<BTreeSet<gorules_cases::model::Feature>>,
    /// The per-command timeout (PROTO-7).
    pub timeout: Duration,
    /// Checks expected to fail (a baseline file's lines).
    pub baseline: Option<BTreeSet<String>>,
    /// Ask only what a standard GTP engine can be asked, even if the engine has the extensions.
    pub gtp_only: bool,
    /// The node limit of each best-play search (`gorules-best-play N`, `gorules-kee-value N`); the engine's default if
    /// `None`.
    pub solver_nodes: Option<u64>,
    /// PROTO-7.1: the timeout of each command that searches (`--solver-timeout`, default 600 s).
    pub solver_timeout: Duration,
    /// Features the engine answers by estimate (a profile's `estimates`, PROTO-6).
    pub estimates: BTreeSet<gorules_cases::model::Feature>,
    /// PROTO-7.2: an undecided check fails the run (`--fail-undecided`), for a gate that wants every value decided.
    pub fail_undecided: bool,
    /// PROTO-6.3: the only board sizes the engine takes (a profile's `sizes`); `None`: any it does not refuse.
    pub sizes: Option<BTreeSet<engine::BoardSize>>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            launch: Launch::reference(),
            profile_features: None,
            timeout: Duration::from_secs(10),
            baseline: None,
            gtp_only: false,
            solver_nodes: None,
            solver_timeout: remote::SOLVER_TIMEOUT,
            estimates: BTreeSet::new(),
            fail_undecided: false,
            sizes: None,
        }
    }
}

/// Engines that finished a check in good health, for the next check.
#[derive(Default)]
struct Pool(Mutex<Vec<Remote>>);

impl Pool {
    fn take(&self, options: &Options) -> Result<Remote, engine::EngineError> {
        if let Some(e) = self.0.lock().ok().and_then(|mut v| v.pop()) {
            return Ok(e);
        }
        start_engine(options)
    }

    fn give_back(&self, e: Remote) {
        if let Ok(mut v) = self.0.lock() {
            v.push(e);
        }
    }
}

/// A fresh engine as `options` describe it, with their solver limits.
pub fn start_engine(options: &Options) -> Result<Remote, engine::EngineError> {
    let mut engine = Remote::start_with(
        options.launch.clone(),
        options.timeout,
        options.profile_features.clone(),
        options.gtp_only,
    )?;
    engine.solver_nodes = options.solver_nodes;
    engine.solver_timeout = options.solver_timeout;
    engine.set_sizes(options.sizes.clone());
    Ok(engine)
}

/// One planned check: its trial name, its kind, and either the job that runs it or why it is ignored.
pub struct Planned {
    /// `<ruleset>::<case id>::<check>`, or `lint::<file>` for a case that does not load.
    pub name: String,
    /// The check's kind, or `needs ...` for an ignored check.
    pub kind: String,
    /// What to run; `Err(reason)` for a check that is ignored or a case file with errors.
    pub job: Result<Job, Ignore>,
    /// The ruleset, for its record (`lint` for a case file with errors).
    ruleset: String,
    /// The features it needs, for its record.
    features: Vec<String>,
    /// Where its record goes.
    records: Arc<Mutex<Vec<Record>>>,
}

/// Why a planned check does not run a job.
#[derive(Debug, Clone)]
pub enum Ignore {
    /// The engine lacks a feature or command (the trial is ignored).
    Lacks(Missing),
    /// The case file has errors (the trial fails).
    Broken(String),
    /// PROTO-6.3: the engine does not take the case's board size (the trial is ignored, never failed).
    BoardSize(engine::BoardSize),
}

impl Planned {
    /// Runs the check now (outside libtest), as its trial would, and records it: a check the engine lacks
    /// something for (run only under `--ignored`) and a case file with errors fail.
    pub fn run(self) -> Result<(), Failed> {
        let why = match self.job {
            Ok(job) => return job.run(),
            Err(Ignore::Lacks(missing)) => format!("could not be run: {missing}"),
            Err(Ignore::BoardSize(size)) => {
                format!("could not be run: {}", verdict::Ignored::BoardSize(size))
            }
            Err(Ignore::Broken(why)) => why,
        };
        push_record(
            &self.records,
            Record::new(
                &self.name,
                &self.ruleset,
                self.features,
                Outcome::Failed,
                why.clone(),
                0.0,
            ),
        );
        Err(Failed::from(why))
    }

    /// The record of this check when libtest counts it without running it (an ignored trial).
    fn not_run(&self) -> Record {
        match &self.job {
            Err(Ignore::Lacks(missing)) => Record::new(
                &self.name,
                &self.ruleset,
                self.features.clone(),
                Outcome::Ignored,
                missing.to_string(),
                0.0,
            )
            .lacking(missing.items()),
            Err(Ignore::BoardSize(size)) => Record::new(
                &self.name,
                &self.ruleset,
                self.features.clone(),
                Outcome::Ignored,
                verdict::Ignored::BoardSize(*size).to_string(),
                0.0,
            ),
            _ => Record::new(
                &self.name,
                &self.ruleset,
                self.features.clone(),
                Outcome::Ignored,
                "not run (libtest's options)".into(),
                0.0,
            ),
        }
    }

    /// The libtest-mimic trial.
    pub fn into_trial(self) -> Trial {
        let (name, kind) = (self.name.clone(), self.kind.clone());
        let ignored = matches!(self.job, Err(Ignore::Lacks(_) | Ignore::BoardSize(_)));
        Trial::test(name, move || self.run())
            .with_kind(kind)
            .with_ignored_flag(ignored)
    }
}

/// Adds a record, even if a thread panicked while holding the records: a record is never lost.
fn push_record(records: &Mutex<Vec<Record>>, record: Record) {
    records
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(record);
}

/// A finished run: libtest's conclusion and one record for every trial libtest counted.
pub struct Finished {
    /// libtest's conclusion (passed, failed, ignored, filtered out).
    pub conclusion: Conclusion,
    /// One record per trial libtest counted, in the order they finished.
    pub records: Vec<Record>,
    /// The engine's name.
    pub engine: String,
    /// The suite version (cases/VERSION).
    pub suite_version: String,
}

/// The suite at `root` planned against an engine: the checks, and where their records will be.
pub struct Plan {
    /// One per check.
    pub checks: Vec<Planned>,
    /// Filled in as trials run (and, by [`Plan::run`], for the trials libtest ignores).
    pub records: Arc<Mutex<Vec<Record>>>,
    /// What the engine said it can do.
    pub capabilities: Capabilities,
    /// The engine's name.
    pub engine: String,
    /// The suite version (cases/VERSION).
    pub suite_version: String,
}

impl Plan {
    /// Runs the plan's trials under libtest with `args`. Every trial libtest counts gets one record: a trial
    /// that runs records itself (a panic included), a trial libtest ignores is recorded here, and a trial the
    /// filter leaves out gets none; so the summary and the report count what libtest counts.
    pub fn run(self, args: &Arguments) -> Finished {
        let mut trials = Vec::with_capacity(self.checks.len());
        for check in self.checks {
            let not_run = check.not_run();
            let trial = check.into_trial();
            if !args.is_filtered_out(&trial) && args.is_ignored(&trial) {
                push_record(&self.records, not_run);
            }
            trials.push(trial);
        }
        let conclusion = libtest_mimic::run(args, trials);
        let records =
            std::mem::take(&mut *self.records.lock().unwrap_or_else(PoisonError::into_inner));
        Finished {
            conclusion,
            records,
            engine: self.engine,
            suite_version: self.suite_version,
        }
    }
}

/// Plans the suite of the checkout at `root` (see [`plan_from`]).
pub fn plan(root: &Path, options: Options) -> Plan {
    plan_from(&source::SuiteSource::Checkout(root.to_path_buf()), options)
}

/// Plans the suite: loads the cases, asks the engine what it can do, and makes one trial per check, named
/// `<ruleset>::<case id>::<check>`. A suite that does not load becomes one failing trial per error.
pub fn plan_from(from: &source::SuiteSource, options: Options) -> Plan {
    let (suite, errors) = from.load();
    let records: Arc<Mutex<Vec<Record>>> = Arc::default();
    let mut checks_out: Vec<Planned> = errors
        .into_iter()
        .map(|e| Planned {
            name: format!(
                "lint::{}",
                e.file
                    .file_stem()
                    .map(|s| s.to_string_lossy())
                    .unwrap_or_default()
            ),
            kind: "lint".into(),
            job: Err(Ignore::Broken(e.to_string())),
            ruleset: "lint".into(),
            features: Vec::new(),
            records: Arc::clone(&records),
        })
        .collect();
    let pool = Arc::new(Pool::default());
    // The first engine, asked what it can do; it goes to the pool once every check has been planned.
    let (probe, capabilities, engine, start_error) = match pool.take(&options) {
        Ok(mut e) => {
            // PROTO-6.3: every board size of the suite, asked once of the engine (a refused one ignores its
            // checks).
            let sizes: BTreeSet<engine::BoardSize> = suite
                .cases
                .iter()
                .map(|lc| checks::board_size(&lc.case))
                .collect();
            e.probe_sizes(&sizes);
            let caps = Engine::capabilities(&e).clone();
            let name = e.name();
            (Some(e), caps, name, None)
        }
        Err(err) => (
            None,
            Capabilities::default(),
            options.launch.describe(),
            Some(err),
        ),
    };
    let options = Arc::new(options);
    // Every check of every case, as the engine will be asked it: its trial name, the features it needs, what the
    // engine lacks of them (nothing is known to be lacking when the engine did not start), its kind and its work.
    let lacking =
        |missing: &dyn Fn(&Remote) -> Missing| probe.as_ref().map(missing).unwrap_or_default();
    let mut candidates: Vec<Candidate> = Vec::new();
    for lc in suite.cases {
        let case = Arc::new(lc.case);
        let Ok(checks) = case.effective_checks() else {
            continue;
        };
        for check in checks {
            candidates.push(Candidate {
                name: format!(
                    "{}::{}::{}",
                    case.ruleset.name(),
                    case.id,
                    check.common().name
                ),
                features: checks::needed_features(&case, &check)
                    .iter()
                    .map(|f| f.name().into())
                    .collect(),
                missing: lacking(&|e| checks::missing(&case, &check, e)),
                size_refused: probe.as_ref().and_then(|e| checks::size_refused(&case, e)),
                kind: check.kind().into(),
                work: Work::Case(Arc::clone(&case), check),
            });
        }
    }
    for lc in suite.kee_cases {
        let case = Arc::new(lc.case);
        let Ok(checks) = case.effective_checks() else {
            continue;
        };
        for check in checks {
            candidates.push(Candidate {
                name: format!("kee::{}::{}", case.id, check.name()),
                features: kee::needed_features(&case, &check)
                    .iter()
                    .map(|f| f.name().into())
                    .collect(),
                missing: lacking(&|e| kee::missing(&case, &check, e)),
                size_refused: None,
                kind: check.kind().into(),
                work: Work::Kee(Arc::clone(&case), check),
            });
        }
    }
    if let Some(e) = probe {
        pool.give_back(e);
    }
    for c in in_rounds(candidates, |c| c.name.as_str()) {
        if let Some(size) = c.size_refused {
            checks_out.push(Planned {
                name: c.name,
                kind: format!("board size {size}"),
                job: Err(Ignore::BoardSize(size)),
                ruleset: c.work.ruleset().into(),
                features: c.features,
                records: Arc::clone(&records),
            });
            continue;
        }
        if !c.missing.is_empty() {
            let kind = format!("needs {}", c.missing.first().unwrap_or_default());
            checks_out.push(Planned {
                name: c.name,
                kind,
                job: Err(Ignore::Lacks(c.missing)),
                ruleset: c.work.ruleset().into(),
                features: c.features,
                records: Arc::clone(&records),
            });
            continue;
        }
        let (ruleset, features) = (c.work.ruleset().to_string(), c.features.clone());
        let job = Job {
            name: c.name.clone(),
            work: c.work,
            features: c.features,
            pool: Arc::clone(&pool),
            options: Arc::clone(&options),
            records: Arc::clone(&records),
            start_error: start_error.clone(),
        };
        checks_out.push(Planned {
            name: c.name,
            kind: c.kind,
            job: Ok(job),
            ruleset,
            features,
            records: Arc::clone(&records),
        });
    }
    Plan {
        checks: checks_out,
        records,
        capabilities,
        engine,
        suite_version: from.version(),
    }
}

/// The checks in the order they run (PROTO-3.13): in rounds, the first check of every case, then the second of every
/// case, and so on, cases in suite order. A case's checks often ask the engine the same question (a control map and
/// a score after the same analyses, or alternation values that end in the same final-position); run one after the
/// other on two threads, the second would wait for the first's search, keeping a core idle, while apart it finds
/// the answer the engine remembered. A check's verdict does not depend on the order.
fn in_rounds<T>(checks: Vec<T>, name: impl Fn(&T) -> &str) -> Vec<T> {
    /// `<ruleset>::<case id>` of a check's name.
    fn case_of(name: &str) -> &str {
        name.rsplit_once("::").map_or(name, |(case, _)| case)
    }
    // The checks of one case are consecutive; each case's checks, in their order.
    let mut cases: Vec<std::collections::VecDeque<T>> = Vec::new();
    for check in checks {
        match cases.last_mut() {
            Some(of_case)
                if of_case.back().map(|last| case_of(name(last)))
                    == Some(case_of(name(&check))) =>
            {
                of_case.push_back(check)
            }
            _ => cases.push(std::collections::VecDeque::from([check])),
        }
    }
    let mut ordered = Vec::new();
    while cases.iter().any(|of_case| !of_case.is_empty()) {
        for of_case in &mut cases {
            ordered.extend(of_case.pop_front());
        }
    }
    ordered
}

/// A check to plan: its trial name, the features it needs, what the engine lacks of them, its kind, its work.
struct Candidate {
    name: String,
    features: Vec<String>,
    missing: Missing,
    /// PROTO-6.3: the case's board size, if the engine does not take it.
    size_refused: Option<engine::BoardSize>,
    kind: String,
    work: Work,
}

/// What a job checks: a check of a case, or of a Kee case (CASE-8).
enum Work {
    Case(Arc<Case>, Check),
    Kee(Arc<KeeCase>, KeeCheck),
    /// A check that panics with this message, for the tests of what a panic leaves.
    #[cfg(test)]
    Panics(&'static str),
}

impl Work {
    fn ruleset(&self) -> &'static str {
        match self {
            Work::Case(case, _) => case.ruleset.name(),
            Work::Kee(..) => "kee",
            #[cfg(test)]
            Work::Panics(_) => "core",
        }
    }
}

/// The work of one check: run it against an engine from the pool, judge it, and record it.
pub struct Job {
    name: String,
    work: Work,
    features: Vec<String>,
    pool: Arc<Pool>,
    options: Arc<Options>,
    records: Arc<Mutex<Vec<Record>>>,
    start_error: Option<engine::EngineError>,
}

impl Job {
    /// Runs the check and records it; `Err` if it failed, the engine failed, it panicked, or it passed while the
    /// baseline says it fails.
    pub fn run(self) -> Result<(), Failed> {
        let started = Instant::now();
        // A panic while running the check (a bug of the runner, perhaps provoked by an engine's answer) fails it
        // and is recorded like any failure, never as a known one; the engine it used is dropped, so ended.
        let verdict = catch_unwind(AssertUnwindSafe(|| self.verdict())).map_err(|payload| {
            let message = payload
                .downcast_ref::<&str>()
                .map(|m| m.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".into());
            format!("the runner panicked while running this check: {message}")
        });
        let seconds = started.elapsed().as_secs_f64();
        let known = self
            .options
            .baseline
            .as_ref()
            .is_some_and(|b| b.contains(&self.name));
        let lacking = match &verdict {
            Ok(Verdict::Ignored(verdict::Ignored::Missing(m))) => Some(m.items()),
            _ => None,
        };
        let (outcome, reason, result) = match verdict {
            Err(panicked) => (Outcome::Failed, panicked.clone(), Err(Failed::from(panicked))),
            Ok(Verdict::Pass) if known => (
                Outcome::Passed,
                String::new(),
                Err(Failed::from("this check passes now but the baseline lists it as failing: update the baseline")),
            ),
            Ok(Verdict::Pass) => (Outcome::Passed, String::new(), Ok(())),
            Ok(Verdict::Fail(m)) if known => (Outcome::KnownFailure, m, Ok(())),
            Ok(Verdict::Fail(m)) => (Outcome::Failed, m.clone(), Err(Failed::from(m))),
            // PROTO-7.4: the engine failed; no baseline makes that expected.
            Ok(Verdict::EngineFailure(m)) => (
                Outcome::EngineFailed,
                m.to_string(),
                Err(Failed::from(format!("engine failure: {m}"))),
            ),
            // PROTO-6.3: a board size the engine refused while the check ran is not the engine's fault.
            Ok(Verdict::Ignored(why @ verdict::Ignored::BoardSize(_))) => (Outcome::Ignored, why.to_string(), Ok(())),
            Ok(Verdict::Ignored(why)) => (Outcome::Ignored, why.to_string(), Err(Failed::from(format!("could not be run: {why}")))),
            // PROTO-7.2: neither a pass nor a failure; the summary lists it, with the engine's bounds. Under
            // `--fail-undecided` it fails the run too (and is still recorded as undecided).
            Ok(Verdict::Undecided(why)) if self.options.fail_undecided => (
                Outcome::Undecided,
                why.to_string(),
                Err(Failed::from(format!("undecided (--fail-undecided): {why}"))),
            ),
            Ok(Verdict::Undecided(why)) => (Outcome::Undecided, why.to_string(), Ok(())),
        };
        let record = Record::new(
            &self.name,
            self.work.ruleset(),
            self.features.clone(),
            outcome,
            reason,
            seconds,
        );
        push_record(
            &self.records,
            match lacking {
                Some(items) => record.lacking(items),
                None => record,
            },
        );
        result
    }

    /// The check's verdict from an engine of the pool; a failure is labelled as an estimate's when the check
    /// needs a feature the engine only estimates (PROTO-6).
    fn verdict(&self) -> Verdict {
        let verdict = match &self.start_error {
            Some(e) => Verdict::EngineFailure(EngineFailed::NotStarted(Box::new(e.clone()))),
            None => match self.pool.take(&self.options) {
                Err(e) => Verdict::EngineFailure(EngineFailed::FreshNotStarted(Box::new(e))),
                Ok(mut engine) => {
                    let v = match &self.work {
                        Work::Case(case, check) => checks::run(case, check, &mut engine),
                        Work::Kee(case, check) => kee::run(case, check, &mut engine),
                        #[cfg(test)]
                        Work::Panics(message) => panic!("{message}"),
                    };
                    self.pool.give_back(engine);
                    v
                }
            },
        };
        let estimated: Vec<String> = self
            .features
            .iter()
            .filter(|f| {
                self.options
                    .estimates
                    .iter()
                    .any(|e| e.name() == f.as_str())
            })
            .cloned()
            .collect();
        match verdict {
            Verdict::Fail(m) if !estimated.is_empty() => Verdict::Fail(format!(
                "the engine's estimate ({}) differs from the rules' verdict:\n{m}",
                estimated.join(", ")
            )),
            v => v,
        }
    }
}

/// The checkout the current directory lies in ([`source::checkout_of`]), else `fallback`.
pub fn find_root(fallback: &Path) -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    source::checkout_of(&cwd).unwrap_or_else(|| fallback.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::{in_rounds, Job, Options, Pool, Work};
    use crate::summary::{self, Outcome};
    use std::sync::{Arc, Mutex};

    /// Issue 24: a check that panics is recorded as failed, with the panic's message, and fails the run even when
    /// the baseline lists it.
    #[test]
    fn a_panicking_check_is_recorded_as_failed() {
        let name = "core::a-case::a-check";
        let records = Arc::new(Mutex::new(Vec::new()));
        let job = Job {
            name: name.into(),
            work: Work::Panics("the engine's answer broke an assumption"),
            features: vec!["capture".into()],
            pool: Arc::new(Pool::default()),
            options: Arc::new(Options {
                baseline: Some([name.to_string()].into()),
                ..Options::default()
            }),
            records: Arc::clone(&records),
            start_error: None,
        };
        let failed = job.run().expect_err("a panic fails the run");
        assert!(format!("{failed:?}").contains("panicked"), "{failed:?}");
        let records = records.lock().expect("the records").clone();
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].id, name);
        assert_eq!(records[0].outcome, Outcome::Failed);
        assert!(
            records[0]
                .reason
                .contains("the runner panicked while running this check: the engine's answer broke an assumption"),
            "{}",
            records[0].reason
        );
        let report = summary::Report::read(&summary::json(&records, "reference", "test"))
            .expect("the report reads back");
        assert_eq!(report.checks[0].verdict, Outcome::Failed);
    }

    /// PROTO-3.13: the checks run in rounds, a case's checks apart, every check once.
    #[test]
    fn checks_run_in_rounds_across_cases() {
        let names = [
            "naj::a::control",
            "naj::a::score",
            "naj::a::best",
            "naj::b::replay",
            "kee::c::value",
            "kee::c::line",
        ];
        let ordered = in_rounds(names.to_vec(), |name| name);
        assert_eq!(
            ordered,
            [
                "naj::a::control",
                "naj::b::replay",
                "kee::c::value",
                "naj::a::score",
                "kee::c::line",
                "naj::a::best",
            ]
        );
    }
}
