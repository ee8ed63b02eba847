//! The suite carries a version that changes whenever a case changes: `cases/VERSION` records the version and
//! a digest of every case file; editing, adding or removing a case without bumping both fails this test.

use gorules_cases::Suite;
use std::path::Path;

#[test]
fn the_suite_version_is_bumped_with_every_change_of_a_case() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("cases/VERSION")).expect("cases/VERSION exists");
    let recorded = text
        .lines()
        .find_map(|l| l.strip_prefix("digest:"))
        .map(str::trim)
        .unwrap_or("");
    let actual = Suite::digest(&root);
    assert_ne!(
        Suite::version(&root),
        "unversioned",
        "cases/VERSION has no suite-version line"
    );
    assert_eq!(
        recorded, actual,
        "the cases changed: raise `suite-version:` in cases/VERSION and set `digest: {actual}`"
    );
}
