//! Embeds the suite in the runner (issue 22): every case file under `cases/`, `cases/VERSION`, the spec's
//! `spec/*.md` (for the clause ids the lint checks), the profiles and the baselines. The table goes to
//! `$OUT_DIR/embedded.rs` as `(path from the checkout, include_bytes!(absolute path))` pairs, sorted by path;
//! `src/embedded.rs` includes it. Cargo runs this again whenever a file under those folders changes.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The folders embedded, from the checkout, and which files of each: `(folder, recursive, extensions)`;
/// an empty extension list means the single file named.
const FOLDERS: &[(&str, bool, &[&str])] = &[
    ("cases", true, &["yaml", "yml"]),
    ("spec", false, &["md"]),
    ("runner/profiles", false, &["profile"]),
    ("runner/baselines", false, &["txt"]),
];

/// Single files embedded.
const FILES: &[&str] = &["cases/VERSION"];

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = manifest.join("..");
    let mut found: Vec<(String, PathBuf)> = Vec::new();
    for (folder, recursive, extensions) in FOLDERS {
        let dir = root.join(folder);
        println!("cargo:rerun-if-changed={}", dir.display());
        collect(&root, &dir, *recursive, extensions, &mut found);
    }
    for file in FILES {
        let path = root.join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        if path.is_file() {
            found.push((file.to_string(), path));
        }
    }
    found.sort();
    let mut out = String::from(
        "/// Every embedded file: its path from the checkout (`/`-separated) and its bytes, sorted by path.\n\
         pub static FILES: &[(&str, &[u8])] = &[\n",
    );
    for (name, path) in &found {
        let absolute = path.canonicalize().expect("an embedded file can be named");
        writeln!(
            out,
            "    ({name:?}, include_bytes!({:?})),",
            absolute.display().to_string()
        )
        .expect("writing to a string");
    }
    out.push_str("];\n");
    let dest =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("embedded.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

/// The files under `dir` with one of `extensions`, named from `root`; symbolic links to folders are not followed.
fn collect(
    root: &Path,
    dir: &Path,
    recursive: bool,
    extensions: &[&str],
    out: &mut Vec<(String, PathBuf)>,
) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
        if is_dir {
            // Every folder, as `Suite::load` walks them (CASE-10.5).
            if recursive {
                collect(root, &path, recursive, extensions, out);
            }
        } else if path
            .extension()
            .is_some_and(|x| extensions.iter().any(|want| x == *want))
            && path.is_file()
        {
            let name = path
                .strip_prefix(root)
                .expect("under the checkout")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            out.push((name, path));
        }
    }
}
