//! Checks per second and the mean protocol round trip, for the reference engine and for GNU Go, side by side
//! on the same GTP-only subset (the core checks a standard GTP engine with the simple ko rule can be asked).
//!
//! `cargo bench -p gorules-runner --bench protocol`. GNU Go is measured if `/usr/games/gnugo` exists; the
//! reference engine binary if `target/release/gorules-engine` exists (`cargo build --release -p gorules-ref`).

use gorules_runner::gtp::{Gtp, Launch};
use gorules_runner::{plan, Options};
use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

fn features() -> BTreeSet<gorules_cases::model::Feature> {
    ["capture", "suicide-prohibited", "simple-ko"]
        .iter()
        .filter_map(|f| f.parse().ok())
        .collect()
}

/// Runs the runnable core checks again and again for about `budget`; returns (checks, seconds, failures).
fn checks_per_second(launch: &Launch, budget: Duration) -> (usize, f64, usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let (mut done, mut failed, mut spent) = (0usize, 0usize, 0.0f64);
    while spent < budget.as_secs_f64() {
        let options = Options {
            launch: launch.clone(),
            profile_features: Some(features()),
            gtp_only: true,
            timeout: Duration::from_secs(10),
            ..Options::default()
        };
        let p = plan(&root, options);
        let jobs: Vec<_> = p
            .checks
            .into_iter()
            .filter(|c| c.name.starts_with("core::") && c.job.is_ok())
            .collect();
        let t = Instant::now();
        for j in jobs {
            failed += usize::from(j.run().is_err());
            done += 1;
        }
        spent += t.elapsed().as_secs_f64();
    }
    (done, spent, failed)
}

fn round_trip(launch: &Launch, n: u32) -> Option<f64> {
    let mut g = Gtp::start(launch, Duration::from_secs(10)).ok()?;
    let t = Instant::now();
    for _ in 0..n {
        g.ok("protocol_version", &[]).ok()?;
    }
    Some(t.elapsed().as_secs_f64() / f64::from(n) * 1e6)
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let flags = "--ruleset core --ko simple-ko --suicide prohibited";
    let mut engines = vec![(
        "reference, in-process",
        Launch::program(&format!("in-process {flags}")),
    )];
    let binary = root.join("target/release/gorules-engine");
    if binary.exists() {
        engines.push((
            "reference, process",
            Launch::program(&format!("{} {flags}", binary.display())),
        ));
    }
    if Path::new("/usr/games/gnugo").exists() {
        engines.push((
            "GNU Go 3.8, process",
            Launch::program("/usr/games/gnugo --mode gtp"),
        ));
    }
    println!(
        "{:<24} {:>10} {:>10} {:>12} {:>16}",
        "engine", "checks", "failed", "checks/s", "round trip (us)"
    );
    for (name, launch) in engines {
        let (done, secs, failed) = checks_per_second(&launch, Duration::from_secs(3));
        let rt = round_trip(&launch, 2000).map_or("-".to_string(), |us| format!("{us:.1}"));
        println!(
            "{name:<24} {done:>10} {failed:>10} {:>12.0} {rt:>16}",
            done as f64 / secs
        );
    }
}
