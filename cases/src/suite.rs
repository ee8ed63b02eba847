//! Loading the suite: every case file under `cases/`, with the spec's clause ids to check them against.

use crate::kee::KeeCase;
use crate::lint;
use crate::model::Case;
use crate::yaml;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};

/// An error in a case file, at a line and column (0 when the whole file is meant).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseError {
    /// The file.
    pub file: PathBuf,
    /// 1-based line, 0 if unknown.
    pub line: usize,
    /// 1-based column, 0 if unknown.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}: {}", self.file.display(), self.message),
            (l, 0) => write!(f, "{}:{l}: {}", self.file.display(), self.message),
            (l, c) => write!(f, "{}:{l}:{c}: {}", self.file.display(), self.message),
        }
    }
}

/// A case as loaded, with the file it came from and its text (for locating later errors).
#[derive(Debug, Clone)]
pub struct LoadedCase<C = Case> {
    /// The file.
    pub file: PathBuf,
    /// The file's text.
    pub text: String,
    /// The case.
    pub case: C,
}

/// CASE-8: a Kee case as loaded.
pub type LoadedKeeCase = LoadedCase<KeeCase>;

impl<C> LoadedCase<C> {
    /// The 1-based line where `key: value` first occurs at or after `from_line`, or `from_line` if nowhere.
    pub fn locate(&self, key: &str, value: Option<&str>, from_line: usize) -> usize {
        locate(&self.text, key, value, from_line)
    }

    /// The line where check `name` is written.
    pub fn check_line(&self, name: &str) -> usize {
        self.locate("name", Some(name), 1)
    }

    /// CASE-10: the line of every check, found in one pass over the text: [`CheckLines::line`] gives what
    /// [`LoadedCase::check_line`] gives, without reading the text again for each check.
    pub fn check_lines(&self) -> CheckLines<'_> {
        let mut lines = HashMap::new();
        for (i, line) in self.text.lines().enumerate() {
            if let Some(v) = key_value(line, "name") {
                lines.entry(v).or_insert(i + 1);
                // `{name: x, ...}` on one line: the name ends at the first comma.
                if let Some((head, _)) = v.split_once(',') {
                    lines.entry(head).or_insert(i + 1);
                }
            }
        }
        CheckLines(lines)
    }
}

/// The line of each check of a case, by name (see [`LoadedCase::check_lines`]).
#[derive(Debug, Clone)]
pub struct CheckLines<'a>(HashMap<&'a str, usize>);

impl CheckLines<'_> {
    /// The 1-based line where check `name` is written, or 1 if it cannot be found.
    pub fn line(&self, name: &str) -> usize {
        self.0.get(name).copied().unwrap_or(1)
    }
}

/// The value after `key:` on a line that starts with that key (after `- ` and `{`), quotes trimmed.
fn key_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let t = line.trim_start().trim_start_matches("- ").trim_start();
    let t = t.trim_start_matches('{').trim_start();
    let rest = t.strip_prefix(key)?.strip_prefix(':')?;
    Some(rest.trim().trim_matches(|c| c == '"' || c == '\''))
}

/// The 1-based line where `key:` (followed by `value`, if given) first occurs at or after `from_line`.
pub fn locate(text: &str, key: &str, value: Option<&str>, from_line: usize) -> usize {
    for (i, line) in text.lines().enumerate().skip(from_line.saturating_sub(1)) {
        if let Some(v) = key_value(line, key) {
            if value.is_none_or(|want| v == want || v.starts_with(&format!("{want},"))) {
                return i + 1;
            }
        }
    }
    from_line
}

/// The suite: every case, the spec's clause ids, and where the seeds are.
#[derive(Debug, Default)]
pub struct Suite {
    /// The cases, sorted by file (those under `cases/kee/` excepted).
    pub cases: Vec<LoadedCase>,
    /// CASE-8: the Kee cases (`cases/kee/`), sorted by file.
    pub kee_cases: Vec<LoadedKeeCase>,
    /// Clause ids defined in `spec/*.md`.
    pub clauses: BTreeSet<String>,
    /// The seeds folder, when it is beside the checkout (`../shared/seeds`); its files' line counts.
    pub seeds: Option<BTreeMap<String, usize>>,
}

impl Suite {
    /// Loads every `*.yaml` under `root/cases`, the clause ids under `root/spec`, and the seeds beside the
    /// checkout. Returns the suite with the cases that loaded, and every error found, lint included.
    pub fn load(root: &Path) -> (Suite, Vec<CaseError>) {
        let mut files = Vec::new();
        collect_yaml(&root.join("cases"), &mut files);
        Self::load_files(root, &files)
    }

    /// An empty suite that knows the clause ids under `root/spec` and the seeds beside the checkout.
    pub fn empty(root: &Path) -> Suite {
        Suite {
            clauses: clause_ids(&root.join("spec")),
            seeds: seed_lines(&root.join("..").join("shared").join("seeds")),
            cases: Vec::new(),
            kee_cases: Vec::new(),
        }
    }

    /// Like [`Suite::load`] but for the given case files only (the suite-wide id check covers just them).
    pub fn load_files(root: &Path, files: &[PathBuf]) -> (Suite, Vec<CaseError>) {
        let mut files = files.to_vec();
        files.sort();
        let texts = files.into_iter().map(|f| {
            let text = read(&f);
            (f, text)
        });
        Suite::empty(root).with_texts(texts)
    }

    /// Every `*.yaml` under `dir` (a committee's own folder of cases, laid out like `cases/`), checked against
    /// the clause ids in `spec_texts` (the text of each `spec/*.md`); no seeds are known.
    pub fn load_folder<'a>(
        dir: &Path,
        spec_texts: impl IntoIterator<Item = &'a str>,
    ) -> (Suite, Vec<CaseError>) {
        let mut files = Vec::new();
        collect_yaml(dir, &mut files);
        files.sort();
        let texts = files.into_iter().map(|f| {
            let text = read(&f);
            (f, text)
        });
        Suite::from_spec_texts(spec_texts).with_texts(texts)
    }

    /// The suite from case texts already in memory (the runner's embedded copy): each `(path, bytes)` is read as
    /// its file would be (CASE-10.1), the path naming it in errors and deciding whether it is a Kee case.
    pub fn load_texts<'a>(
        spec_texts: impl IntoIterator<Item = &'a str>,
        files: impl IntoIterator<Item = (PathBuf, Vec<u8>)>,
    ) -> (Suite, Vec<CaseError>) {
        let mut files: Vec<(PathBuf, Vec<u8>)> = files.into_iter().collect();
        files.sort_by(|a, b| a.0.cmp(&b.0));
        let texts = files.into_iter().map(|(f, bytes)| {
            let text = yaml::decode(bytes).map_err(|e| case_error(&f, e));
            (f, text)
        });
        Suite::from_spec_texts(spec_texts).with_texts(texts)
    }

    /// An empty suite knowing the clause ids defined in `spec_texts`, and no seeds.
    fn from_spec_texts<'a>(spec_texts: impl IntoIterator<Item = &'a str>) -> Suite {
        let mut clauses = BTreeSet::new();
        for text in spec_texts {
            clause_ids_in(text, &mut clauses);
        }
        Suite {
            clauses,
            ..Suite::default()
        }
    }

    /// Parses each file's text (sorted by path), then lints the whole.
    fn with_texts(
        mut self,
        texts: impl Iterator<Item = (PathBuf, Result<String, CaseError>)>,
    ) -> (Suite, Vec<CaseError>) {
        let mut errors = Vec::new();
        for (file, text) in texts {
            let text = match text {
                Ok(t) => t,
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            };
            if is_kee_file(&file) {
                match parse_kee_case(&file, text) {
                    Ok(c) => self.kee_cases.push(c),
                    Err(e) => errors.push(e),
                }
            } else {
                match parse_case(&file, text) {
                    Ok(c) => self.cases.push(c),
                    Err(e) => errors.push(e),
                }
            }
        }
        errors.extend(lint::lint(&self));
        (self, errors)
    }
}

impl Suite {
    /// The suite version from `cases/VERSION` (its `suite-version:` line), or `unversioned`.
    pub fn version(root: &Path) -> String {
        Suite::version_in(
            &std::fs::read_to_string(root.join("cases").join("VERSION")).unwrap_or_default(),
        )
    }

    /// The suite version a `cases/VERSION` text names (its `suite-version:` line), or `unversioned`.
    pub fn version_in(text: &str) -> String {
        text.lines()
            .find_map(|l| {
                l.strip_prefix("suite-version:")
                    .map(|v| v.trim().to_string())
            })
            .unwrap_or_else(|| "unversioned".into())
    }

    /// A digest of every case file's path and text (FNV-1a, 64 bits, hex): it changes whenever a case does.
    pub fn digest(root: &Path) -> String {
        let mut files = Vec::new();
        collect_yaml(&root.join("cases"), &mut files);
        let mut named: Vec<(String, PathBuf)> = files
            .into_iter()
            .map(|f| {
                (
                    f.strip_prefix(root)
                        .unwrap_or(&f)
                        .to_string_lossy()
                        .replace('\\', "/"),
                    f,
                )
            })
            .collect();
        named.sort();
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for (name, file) in named {
            let text = read_bounded(&file).unwrap_or_default();
            for b in name.bytes().chain([0]).chain(text).chain([0]) {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
        format!("{h:016x}")
    }
}

/// Reads one case file.
pub fn load_case(file: &Path) -> Result<LoadedCase, CaseError> {
    parse_case(file, read(file)?)
}

/// CASE-10.1, CASE-10.2: reads a case file as UTF-8 text, at most `MAX_FILE_BYTES` of it.
fn read(file: &Path) -> Result<String, CaseError> {
    let bytes = read_bounded(file).map_err(|e| CaseError {
        file: file.to_path_buf(),
        line: 0,
        column: 0,
        message: format!("cannot read: {e}"),
    })?;
    yaml::decode(bytes).map_err(|e| case_error(file, e))
}

/// CASE-10.1, CASE-10.5: the first `MAX_FILE_BYTES + 1` bytes of a regular file (one byte beyond the limit is
/// enough to know that the file is too large). A FIFO or a device is refused, not waited on or read forever.
fn read_bounded(file: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    if !std::fs::metadata(file)?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(file)?
        .take(yaml::MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

fn case_error(file: &Path, e: yaml::YamlError) -> CaseError {
    CaseError {
        file: file.to_path_buf(),
        line: e.line,
        column: e.column,
        message: e.message,
    }
}

/// CASE-8: whether a case file is a Kee case: it lies in a folder named `kee`.
pub fn is_kee_file(file: &Path) -> bool {
    file.parent()
        .and_then(|p| p.file_name())
        .is_some_and(|n| n == "kee")
}

/// Reads one Kee case file.
pub fn load_kee_case(file: &Path) -> Result<LoadedKeeCase, CaseError> {
    parse_kee_case(file, read(file)?)
}

/// Reads one Kee case from its text; `file` names it in errors.
pub fn parse_kee_case(file: &Path, text: String) -> Result<LoadedKeeCase, CaseError> {
    parse_any(file, text)
}

/// Reads one case from its text; `file` names it in errors.
pub fn parse_case(file: &Path, text: String) -> Result<LoadedCase, CaseError> {
    parse_any(file, text)
}

fn parse_any<C: serde::de::DeserializeOwned>(
    file: &Path,
    text: String,
) -> Result<LoadedCase<C>, CaseError> {
    let text = yaml::without_bom(text);
    match yaml::parse::<C>(&text) {
        Ok(case) => Ok(LoadedCase {
            file: file.to_path_buf(),
            text,
            case,
        }),
        Err(e) => Err(case_error(file, e)),
    }
}

/// CASE-10.5: every `*.yaml` and `*.yml` regular file under `dir`. Symbolic links to folders are not followed
/// (a link to `.` would otherwise be walked without end); a symbolic link to a regular file is read like one.
fn collect_yaml(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        // `file_type` does not follow a symbolic link: a link is never walked into as a folder.
        let real_dir = e.file_type().is_ok_and(|t| t.is_dir());
        if real_dir {
            collect_yaml(&p, out);
        } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml") && p.is_file() {
            out.push(p);
        }
    }
}

/// Clause ids: every `**ID**` in `spec/*.md` where ID looks like `NAJ-5.1`.
fn clause_ids(spec: &Path) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let Ok(entries) = std::fs::read_dir(spec) else {
        return ids;
    };
    for e in entries.flatten() {
        let Ok(text) = std::fs::read_to_string(e.path()) else {
            continue;
        };
        clause_ids_in(&text, &mut ids);
    }
    ids
}

/// Adds every `**ID**` of one spec text to `ids`.
fn clause_ids_in(text: &str, ids: &mut BTreeSet<String>) {
    for part in text.split("**").skip(1).step_by(2) {
        let id = part.split_whitespace().next().unwrap_or("");
        if is_clause_id(id) {
            ids.insert(id.to_string());
        }
    }
}

/// `NAJ-5.1`, `KO-2.2`, `CASE-4`, `J89-R5`: upper-case letters, `-`, an optional upper-case letter (a group
/// of readings), then digits and dots.
pub fn is_clause_id(s: &str) -> bool {
    let Some((head, tail)) = s.split_once('-') else {
        return false;
    };
    let tail = tail
        .strip_prefix(|c: char| c.is_ascii_uppercase())
        .unwrap_or(tail);
    !head.is_empty()
        && head
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        && tail.starts_with(|c: char| c.is_ascii_digit())
        && tail.chars().all(|c| c.is_ascii_digit() || c == '.')
        && !tail.ends_with('.')
}

fn seed_lines(dir: &Path) -> Option<BTreeMap<String, usize>> {
    let entries = std::fs::read_dir(dir).ok()?;
    let mut out = BTreeMap::new();
    for e in entries.flatten() {
        if let Ok(text) = std::fs::read_to_string(e.path()) {
            out.insert(
                e.file_name().to_string_lossy().into_owned(),
                text.lines().count(),
            );
        }
    }
    Some(out)
}
