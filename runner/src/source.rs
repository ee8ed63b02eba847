//! Where the runner takes the suite from (issue 22), in this order:
//! 1. `--cases DIR`: a committee's own folder of case files (laid out like `cases/`; Kee cases in a `kee`
//!    folder), checked against the clause ids of the embedded spec;
//! 2. the checkout the current folder lies in (a folder holding `spec/cases.md` and `cases/VERSION`), so that a
//!    developer editing a case, a profile or a baseline sees the edit without building again;
//! 3. otherwise the suite embedded in the binary at build time ([`crate::embedded`]).
//!
//! Profiles and baselines come from the checkout in case 2 and from the embedded copy otherwise.

use crate::embedded;
use crate::profile::Profile;
use gorules_cases::suite::CaseError;
use gorules_cases::Suite;
use std::path::{Path, PathBuf};

/// Where the suite comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SuiteSource {
    /// A gorules checkout: its `cases/`, `spec/`, `runner/profiles/` and `runner/baselines/`.
    Checkout(PathBuf),
    /// `--cases DIR`: a folder of case files; the spec, profiles and baselines are the embedded ones.
    Folder(PathBuf),
    /// The copy built into the binary.
    Embedded,
}

impl SuiteSource {
    /// The source for a run from `cwd`: `cases` if given, else the checkout `cwd` lies in, else the embedded copy.
    pub fn choose(cases: Option<PathBuf>, cwd: &Path) -> SuiteSource {
        if let Some(dir) = cases {
            return SuiteSource::Folder(dir);
        }
        match checkout_of(cwd) {
            Some(root) => SuiteSource::Checkout(root),
            None => SuiteSource::Embedded,
        }
    }

    /// The suite and every error in it, lint included.
    pub fn load(&self) -> (Suite, Vec<CaseError>) {
        match self {
            SuiteSource::Checkout(root) => Suite::load(root),
            SuiteSource::Folder(dir) => Suite::load_folder(dir, spec_texts()),
            SuiteSource::Embedded => Suite::load_texts(
                spec_texts(),
                embedded::under("cases/")
                    .filter(|(p, _)| p.ends_with(".yaml") || p.ends_with(".yml"))
                    .map(|(p, b)| (PathBuf::from(p), b.to_vec())),
            ),
        }
    }

    /// The suite version (`cases/VERSION`; `DIR/VERSION` for a folder, `unversioned` if it has none).
    pub fn version(&self) -> String {
        match self {
            SuiteSource::Checkout(root) => Suite::version(root),
            SuiteSource::Folder(dir) => {
                Suite::version_in(&std::fs::read_to_string(dir.join("VERSION")).unwrap_or_default())
            }
            SuiteSource::Embedded => {
                Suite::version_in(embedded::text("cases/VERSION").unwrap_or(""))
            }
        }
    }

    /// One line saying where the suite comes from.
    pub fn describe(&self) -> String {
        match self {
            SuiteSource::Checkout(root) => format!("the checkout at {}", root.display()),
            SuiteSource::Folder(dir) => format!("the folder {} (--cases)", dir.display()),
            SuiteSource::Embedded => format!(
                "the copy built into this runner (suite version {})",
                self.version()
            ),
        }
    }

    /// PROTO-6: the profile `name`: the checkout's `runner/profiles/NAME.profile`, or the embedded one.
    pub fn profile(&self, name: &str) -> Result<Profile, String> {
        match self {
            SuiteSource::Checkout(root) => {
                Profile::load(&root.join("runner").join("profiles"), name)
            }
            _ => Profile::load_embedded(name),
        }
    }

    /// The baseline `value` names: a file, or else the name of a shipped baseline (`runner/baselines/NAME.txt`,
    /// the checkout's or the embedded one). Returns its text.
    pub fn baseline(&self, value: &str) -> Result<String, String> {
        let path = Path::new(value);
        if path.is_file() {
            return std::fs::read_to_string(path).map_err(|e| format!("--baseline `{value}`: {e}"));
        }
        let plain = !value.is_empty()
            && value
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        let shipped = plain
            .then(|| match self {
                SuiteSource::Checkout(root) => std::fs::read_to_string(
                    root.join("runner")
                        .join("baselines")
                        .join(format!("{value}.txt")),
                )
                .ok(),
                _ => embedded::text(&format!("runner/baselines/{value}.txt")).map(str::to_string),
            })
            .flatten();
        shipped.ok_or_else(|| {
            format!(
                "--baseline `{value}`: no such file, and no shipped baseline of that name (shipped: {})",
                shipped_baselines().join(", ")
            )
        })
    }
}

/// The names of the embedded baselines, sorted.
pub fn shipped_baselines() -> Vec<String> {
    let mut names: Vec<String> = embedded::under("runner/baselines/")
        .filter_map(|(p, _)| {
            p.strip_prefix("runner/baselines/")?
                .strip_suffix(".txt")
                .map(str::to_string)
        })
        .collect();
    names.sort();
    names
}

/// The text of each embedded `spec/*.md`.
fn spec_texts() -> impl Iterator<Item = &'static str> {
    embedded::under("spec/").filter_map(|(_, b)| std::str::from_utf8(b).ok())
}

/// The gorules checkout `dir` lies in: its nearest ancestor holding `spec/cases.md` and `cases/VERSION`.
pub fn checkout_of(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .find(|d| {
            d.join("spec").join("cases.md").is_file() && d.join("cases").join("VERSION").is_file()
        })
        .map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::SuiteSource;
    use std::path::Path;

    /// The embedded suite is the checkout's, case for case, at build time.
    #[test]
    fn the_embedded_suite_is_the_checkouts() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let (embedded, e1) = SuiteSource::Embedded.load();
        let (checkout, e2) = SuiteSource::Checkout(root.clone()).load();
        assert_eq!(e1.len(), e2.len(), "{e1:?}");
        let ids = |s: &gorules_cases::Suite| {
            (
                s.cases
                    .iter()
                    .map(|c| (c.case.id.clone(), c.text.clone()))
                    .collect::<Vec<_>>(),
                s.kee_cases
                    .iter()
                    .map(|c| c.case.id.clone())
                    .collect::<Vec<_>>(),
                s.clauses.clone(),
            )
        };
        assert!(!embedded.cases.is_empty() && !embedded.kee_cases.is_empty());
        assert_eq!(ids(&embedded), ids(&checkout));
        assert_eq!(
            SuiteSource::Embedded.version(),
            SuiteSource::Checkout(root).version()
        );
    }

    #[test]
    fn profiles_and_baselines_are_embedded() {
        let p = SuiteSource::Embedded
            .profile("gnugo")
            .expect("the gnugo profile");
        assert!(p.command.contains("gnugo"), "{}", p.command);
        let b = SuiteSource::Embedded
            .baseline("gnugo")
            .expect("the gnugo baseline");
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        assert_eq!(
            b,
            std::fs::read_to_string(root.join("runner/baselines/gnugo.txt")).expect("the file")
        );
        let e = SuiteSource::Embedded
            .baseline("no-such")
            .expect_err("unknown");
        assert!(e.contains("shipped: gnugo"), "{e}");
        let e = SuiteSource::Embedded
            .profile("no-such")
            .expect_err("unknown");
        assert!(
            e.contains("gnugo, ") && e.contains("gnugo-positional-superko"),
            "{e}"
        );
    }

    #[test]
    fn outside_a_checkout_the_embedded_suite_is_used() {
        let tmp = std::env::temp_dir();
        assert_eq!(SuiteSource::choose(None, &tmp), SuiteSource::Embedded);
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert!(matches!(
            SuiteSource::choose(None, here),
            SuiteSource::Checkout(_)
        ));
        assert_eq!(
            SuiteSource::choose(Some(tmp.clone()), here),
            SuiteSource::Folder(tmp)
        );
    }
}
