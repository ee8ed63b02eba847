//! `gorules-casebook --out DIR [--report FILE] [--root DIR]`: writes the casebook of the checkout.

use gorules_casebook::{build, Report};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: gorules-casebook --out DIR [--report FILE] [--root DIR]\n\
  --out DIR      where to write the site (index.html and one page per case and per spec file)\n\
  --report FILE  a JSON report of `gorules-runner --report FILE`: each check's verdict\n\
  --root DIR     the checkout with spec/ and cases/ (default: the current folder, else this build's)";

fn main() -> ExitCode {
    let mut out = None;
    let mut report = None;
    let mut root = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .map(PathBuf::from)
                .ok_or_else(|| format!("{name} needs a value"))
        };
        let set = match a.as_str() {
            "--out" => value("--out").map(|v| out = Some(v)),
            "--report" => value("--report").map(|v| report = Some(v)),
            "--root" => value("--root").map(|v| root = Some(v)),
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => Err(format!("unknown argument `{other}`")),
        };
        if let Err(m) = set {
            eprintln!("gorules-casebook: {m}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let Some(out) = out else {
        eprintln!("gorules-casebook: --out is required\n{USAGE}");
        return ExitCode::from(2);
    };
    let root = root.unwrap_or_else(default_root);
    let report = match report.map(|f| Report::read(&f)).transpose() {
        Ok(r) => r,
        Err(m) => {
            eprintln!("gorules-casebook: {m}");
            return ExitCode::from(2);
        }
    };
    match build(&root, &out, report.as_ref()) {
        Ok(built) => {
            for e in &built.errors {
                eprintln!("{e}");
            }
            println!(
                "wrote {} pages ({} cases) to {}",
                built.pages,
                built.cases,
                out.display()
            );
            if built.errors.is_empty() {
                ExitCode::SUCCESS
            } else {
                eprintln!(
                    "gorules-casebook: {} errors in case files (the site was written without what they broke)",
                    built.errors.len()
                );
                ExitCode::FAILURE
            }
        }
        Err(m) => {
            eprintln!("gorules-casebook: {m}");
            ExitCode::FAILURE
        }
    }
}

/// The checkout: the current folder if it has `spec/` and `cases/`, else the one this binary was built in.
fn default_root() -> PathBuf {
    let here = PathBuf::from(".");
    if here.join("spec").is_dir() && here.join("cases").is_dir() {
        return here;
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}
