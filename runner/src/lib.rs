//! The gorules conformance runner: every check of every case becomes a trial, run against an engine over the
//! protocol, and reported as passed, failed (expected against actual) or ignored (with the reason).

pub mod checks;
pub mod engine;
pub mod gtp;
pub mod kee;
pub mod profile;
pub mod remote;
pub mod report;
pub mod summary;

use checks::Verdict;
use engine::{Capabilities, Engine};
use gorules_cases::kee::{KeeCase, KeeCheck};
use gorules_cases::model::{Case, Check};
use gorules_cases::Suite;
use gtp::Launch;
use libtest_mimic::{Failed, Trial};
use remote::Remote;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use summary::{Outcome, Record};

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
        let mut engine = Remote::start_with(
            options.launch.clone(),
            options.timeout,
            options.profile_features.clone(),
            options.gtp_only,
        )?;
        engine.solver_nodes = options.solver_nodes;
        engine.solver_timeout = options.solver_timeout;
        Ok(engine)
    }

    fn give_back(&self, e: Remote) {
        if let Ok(mut v) = self.0.lock() {
            v.push(e);
        }
    }
}

/// One planned check: its trial name, its kind, and either the job that runs it or why it is ignored.
pub struct Planned {
    /// `<ruleset>::<case id>::<check>`, or `lint::<file>` for a case that does not load.
    pub name: String,
    /// The check's kind, or `needs ...` for an ignored check.
    pub kind: String,
    /// What to run; `Err(reason)` for a check that is ignored or a case file with errors.
    pub job: Result<Job, Ignore>,
}

/// Why a planned check does not run a job.
#[derive(Debug, Clone)]
pub enum Ignore {
    /// The engine lacks a feature or command (the trial is ignored).
    Lacks(String),
    /// The case file has errors (the trial fails).
    Broken(String),
}

impl Planned {
    /// Runs the check now (outside libtest), as its trial would.
    pub fn run(self) -> Result<(), Failed> {
        match self.job {
            Ok(job) => job.run(),
            Err(Ignore::Lacks(why)) | Err(Ignore::Broken(why)) => Err(Failed::from(why)),
        }
    }

    /// The libtest-mimic trial.
    pub fn into_trial(self) -> Trial {
        let (name, kind) = (self.name.clone(), self.kind.clone());
        let ignored = matches!(self.job, Err(Ignore::Lacks(_)));
        Trial::test(name, move || self.run())
            .with_kind(kind)
            .with_ignored_flag(ignored)
    }
}

/// The suite at `root` planned against an engine: the checks, and where their records will be.
pub struct Plan {
    /// One per check.
    pub checks: Vec<Planned>,
    /// Filled in as trials run; ignored checks are recorded at planning.
    pub records: Arc<Mutex<Vec<Record>>>,
    /// What the engine said it can do.
    pub capabilities: Capabilities,
    /// The engine's name.
    pub engine: String,
    /// The suite version (cases/VERSION).
    pub suite_version: String,
}

/// Plans the suite: loads the cases, asks the engine what it can do, and makes one trial per check, named
/// `<ruleset>::<case id>::<check>`. A suite that does not load becomes one failing trial per error.
pub fn plan(root: &Path, options: Options) -> Plan {
    let (suite, errors) = Suite::load(root);
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
        })
        .collect();
    let pool = Arc::new(Pool::default());
    let probe = pool.take(&options);
    let (capabilities, engine, start_error) = match probe {
        Ok(e) => {
            let caps = e.capabilities().clone();
            let name = e.name();
            pool.give_back(e);
            (caps, name, None)
        }
        Err(err) => (
            Capabilities::default(),
            options.launch.describe(),
            Some(err.to_string()),
        ),
    };
    let options = Arc::new(options);
    // Every check of every case, as the engine will be asked it: its trial name, the features it needs, what the
    // engine lacks of them (nothing is known to be lacking when the engine did not start), its kind and its work.
    let lacking = |missing: Vec<String>| {
        if start_error.is_some() {
            Vec::new()
        } else {
            missing
        }
    };
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
                missing: lacking(checks::missing(&case, &check, &capabilities)),
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
                missing: lacking(kee::missing(&case, &check, &capabilities)),
                kind: check.kind().into(),
                work: Work::Kee(Arc::clone(&case), check),
            });
        }
    }
    for c in candidates {
        if !c.missing.is_empty() {
            let reason = format!("the engine lacks {}", c.missing.join(", "));
            if let Ok(mut r) = records.lock() {
                r.push(Record::new(
                    &c.name,
                    c.work.ruleset(),
                    c.features,
                    Outcome::Ignored,
                    reason.clone(),
                    0.0,
                ));
            }
            let kind = format!("needs {}", c.missing[0].trim_start_matches("the command "));
            checks_out.push(Planned {
                name: c.name,
                kind,
                job: Err(Ignore::Lacks(reason)),
            });
            continue;
        }
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
        });
    }
    Plan {
        checks: checks_out,
        records,
        capabilities,
        engine,
        suite_version: Suite::version(root),
    }
}

/// A check to plan: its trial name, the features it needs, what the engine lacks of them, its kind, its work.
struct Candidate {
    name: String,
    features: Vec<String>,
    missing: Vec<String>,
    kind: String,
    work: Work,
}

/// What a job checks: a check of a case, or of a Kee case (CASE-8).
enum Work {
    Case(Arc<Case>, Check),
    Kee(Arc<KeeCase>, KeeCheck),
}

impl Work {
    fn ruleset(&self) -> &'static str {
        match self {
            Work::Case(case, _) => case.ruleset.name(),
            Work::Kee(..) => "kee",
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
    start_error: Option<String>,
}

impl Job {
    /// Runs the check and records it; `Err` if it failed, the engine failed, or it passed while the baseline says
    /// it fails.
    pub fn run(self) -> Result<(), Failed> {
        let started = Instant::now();
        let verdict = self.verdict();
        let seconds = started.elapsed().as_secs_f64();
        let known = self
            .options
            .baseline
            .as_ref()
            .is_some_and(|b| b.contains(&self.name));
        let (outcome, reason, result) = match verdict {
            Verdict::Pass if known => (
                Outcome::Passed,
                String::new(),
                Err(Failed::from("this check passes now but the baseline lists it as failing: update the baseline")),
            ),
            Verdict::Pass => (Outcome::Passed, String::new(), Ok(())),
            Verdict::Fail(m) if known => (Outcome::KnownFailure, m, Ok(())),
            Verdict::Fail(m) => (Outcome::Failed, m.clone(), Err(Failed::from(m))),
            // PROTO-7.4: the engine failed; no baseline makes that expected.
            Verdict::EngineFailure(m) => (
                Outcome::EngineFailed,
                m.clone(),
                Err(Failed::from(format!("engine failure: {m}"))),
            ),
            Verdict::Ignored(why) => (Outcome::Ignored, why.clone(), Err(Failed::from(format!("could not be run: {why}")))),
            // PROTO-7.2: neither a pass nor a failure; the summary lists it, with the engine's bounds. Under
            // `--fail-undecided` it fails the run too (and is still recorded as undecided).
            Verdict::Undecided(why) if self.options.fail_undecided => (
                Outcome::Undecided,
                why.clone(),
                Err(Failed::from(format!("undecided (--fail-undecided): {why}"))),
            ),
            Verdict::Undecided(why) => (Outcome::Undecided, why, Ok(())),
        };
        if let Ok(mut r) = self.records.lock() {
            r.push(Record::new(
                &self.name,
                self.work.ruleset(),
                self.features.clone(),
                outcome,
                reason,
                seconds,
            ));
        }
        result
    }

    /// The check's verdict from an engine of the pool; a failure is labelled as an estimate's when the check
    /// needs a feature the engine only estimates (PROTO-6).
    fn verdict(&self) -> Verdict {
        let verdict = match &self.start_error {
            Some(e) => Verdict::EngineFailure(format!("the engine could not be started: {e}")),
            None => match self.pool.take(&self.options) {
                Err(e) => {
                    Verdict::EngineFailure(format!("a fresh engine could not be started: {e}"))
                }
                Ok(mut engine) => {
                    let v = match &self.work {
                        Work::Case(case, check) => checks::run(case, check, &mut engine),
                        Work::Kee(case, check) => kee::run(case, check, &mut engine),
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

/// The checkout: the nearest ancestor of the current directory with `spec/` and `cases/`, else `fallback`.
pub fn find_root(fallback: &Path) -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    cwd.ancestors()
        .find(|d| d.join("spec").is_dir() && d.join("cases").is_dir())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| fallback.to_path_buf())
}
