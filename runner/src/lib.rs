//! The gorules conformance runner: every check of every case becomes a trial, run against an engine, and
//! reported as passed, failed (expected against actual) or ignored (with the reason).

pub mod checks;
pub mod engine;
pub mod reference;
pub mod report;

use checks::Verdict;
use engine::Engine;
use gorules_cases::Suite;
use libtest_mimic::{Failed, Trial};
use std::path::Path;
use std::sync::Arc;

/// A way to make a fresh engine for each trial (trials run on several threads).
pub type EngineFactory = Arc<dyn Fn() -> Box<dyn Engine + Send> + Send + Sync>;

/// The trials of the suite at `root` (the checkout), one per check, named `<ruleset>::<case id>::<check>`.
/// A suite that does not load becomes one failing trial per error, so that nothing is silently skipped.
pub fn trials(root: &Path, engine: EngineFactory) -> Vec<Trial> {
    let (suite, errors) = Suite::load(root);
    let mut out: Vec<Trial> = errors
        .into_iter()
        .map(|e| {
            let name = format!(
                "lint::{}",
                e.file
                    .file_stem()
                    .map(|s| s.to_string_lossy())
                    .unwrap_or_default()
            );
            let msg = e.to_string();
            Trial::test(name, move || Err(Failed::from(msg)))
        })
        .collect();
    let features = engine().features();
    for lc in suite.cases {
        let case = Arc::new(lc.case);
        let checks = match case.effective_checks() {
            Ok(c) => c,
            Err(_) => continue, // reported by the lint above
        };
        for check in checks {
            let name = format!(
                "{}::{}::{}",
                case.ruleset.name(),
                case.id,
                check.common().name
            );
            let missing = checks::missing_features(&case, &check, &features);
            let kind = check.kind();
            let best_play = matches!(check, gorules_cases::model::Check::BestPlay(_));
            let case = Arc::clone(&case);
            let make = Arc::clone(&engine);
            let trial = Trial::test(name, move || {
                let mut e = make();
                match checks::run(&case, &check, e.as_mut()) {
                    Verdict::Pass => Ok(()),
                    Verdict::Fail(m) => Err(Failed::from(m)),
                    Verdict::Ignored(why) => Err(Failed::from(format!("ignored: {why}"))),
                }
            })
            .with_kind(kind);
            let trial = if missing.is_empty() && !best_play {
                trial
            } else {
                trial.with_ignored_flag(true)
            };
            out.push(trial);
        }
    }
    out
}

/// The reference implementation, in-process, as the default engine.
pub fn reference_engine() -> EngineFactory {
    Arc::new(|| Box::new(reference::Reference) as Box<dyn Engine + Send>)
}
