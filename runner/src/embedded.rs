//! The suite as built into the runner (issue 22): the case files, `cases/VERSION`, the spec, the profiles and the
//! baselines of the checkout it was built from, so that an installed `gorules-runner` runs from any folder. The
//! table is made by `build.rs`.

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// The embedded file at `path` (from the checkout, `/`-separated), if there is one.
pub fn file(path: &str) -> Option<&'static [u8]> {
    FILES
        .binary_search_by(|(p, _)| (*p).cmp(path))
        .ok()
        .map(|i| FILES[i].1)
}

/// The embedded files under the folder `prefix` (e.g. `cases/`), with their paths.
pub fn under(prefix: &'static str) -> impl Iterator<Item = (&'static str, &'static [u8])> {
    FILES
        .iter()
        .filter(move |(p, _)| p.starts_with(prefix))
        .copied()
}

/// The embedded file at `path` as text (the profiles, baselines and spec are UTF-8), if there is one.
pub fn text(path: &str) -> Option<&'static str> {
    file(path).and_then(|b| std::str::from_utf8(b).ok())
}
