//! Saved property-test failures stay where proptest reads them. Proptest replays
//! `proptest-regressions/<path>.txt` for the `proptest!` tests of `src/<path>.rs` (and
//! `tests/proptest-regressions/<path>.txt` for `tests/cli/<path>.rs`): the folder beside the
//! nearest one holding `lib.rs` or `main.rs`. A file there whose source moved is silently never
//! read again, so one without a source file that has `proptest!` tests fails here; move it to the
//! source's new path.

use std::path::{Path, PathBuf};

/// Every `.txt` under `folder`, as paths from `folder` without the extension.
fn saved_failures(folder: &Path) -> Vec<PathBuf> {
    if !folder.is_dir() {
        return Vec::new();
    }
    walkdir::WalkDir::new(folder)
        .into_iter()
        .map(|entry| entry.expect("walk the regressions").into_path())
        .filter(|path| path.extension().and_then(|e| e.to_str()) == Some("txt"))
        .map(|path| path.strip_prefix(folder).unwrap().with_extension(""))
        .collect()
}

#[test]
fn every_saved_property_test_failure_has_the_source_file_proptest_reads_it_for() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut orphans = Vec::new();
    let mut found = 0;
    for (saved, source) in [
        ("proptest-regressions", "src"),
        ("tests/proptest-regressions", "tests/cli"),
    ] {
        for stem in saved_failures(&root.join(saved)) {
            found += 1;
            let file = root.join(source).join(&stem).with_extension("rs");
            let tested = std::fs::read_to_string(&file)
                .map(|text| text.contains("proptest!"))
                .unwrap_or(false);
            if !tested {
                orphans.push(format!(
                    "{saved}/{}.txt: no `proptest!` tests in {}",
                    stem.display(),
                    file.strip_prefix(root).unwrap().display()
                ));
            }
        }
    }
    assert!(found >= 5, "the saved failures are found: {found}");
    assert!(
        orphans.is_empty(),
        "saved failures no test replays (move each next to where its tests are now):\n{}",
        orphans.join("\n")
    );
}
