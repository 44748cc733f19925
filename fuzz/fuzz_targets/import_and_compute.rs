//! Two inputs `build_lesson` does not reach, chosen by the first byte:
//!
//! - **even: an mdBook to import.** The rest, split at NUL bytes, is `book.toml`, `SUMMARY.md`,
//!   the mdbook-katex macros file and two chapters (`src/a.md`, `src/part/b.md`). The book is
//!   imported into a new folder with `import mdbook`, and the result checked as `worked check`
//!   does, diagnostics rendered. Whatever the paths in SUMMARY, `src =` or `macros =`, the
//!   import may read only inside the mdBook and write only inside the new folder (both in a
//!   temporary folder made per input).
//! - **odd: a compute program.** The rest is the `steps` of a compute block, after a prelude
//!   that defines a scalar `s`, a vector `v` and a matrix `m`, run by the compute core.
//!
//! Any panic, abort, stack overflow, timeout or out-of-memory is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use worked::base::diagnostics::{render_all, render_warnings};
use worked::pipeline::{build_site, Strictness};

/// Defined before the fuzzed steps, so programs have values of each rank to work on.
const PRELUDE: &str = "s = 2\nv = arange(4) / 3\nm = randn(3, 4, seed=1)\n";

fn write(root: &Path, relative: &str, bytes: &[u8]) {
    let path = root.join(relative);
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("folders");
    std::fs::write(path, bytes).expect("write an input file");
}

fn import(data: &[u8]) {
    let scratch = tempfile::tempdir().expect("a temporary folder");
    let mut parts = data.split(|&byte| byte == 0);
    let mut next = || parts.next().unwrap_or_default();
    let source = scratch.path().join("mdbook");
    write(&source, "book.toml", next());
    write(&source, "src/SUMMARY.md", next());
    write(&source, "macros.txt", next());
    write(&source, "src/a.md", next());
    write(&source, "src/part/b.md", next());
    let destination = scratch.path().join("imported");
    if let Ok(report) = worked::import::import_mdbook(&source, &destination, &Default::default()) {
        std::hint::black_box(report);
        let report = match build_site(&destination, Strictness::Strict) {
            Ok(build) => render_warnings(&build.warnings),
            Err(problems) => render_all(&problems),
        };
        std::hint::black_box(report);
    }
}

fn compute(data: &[u8]) {
    let Ok(steps) = std::str::from_utf8(data) else {
        return;
    };
    let program = format!("{PRELUDE}{steps}");
    let _ = std::hint::black_box(worked::compute::lang::evaluate(&program, &[]));
}

fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((mode, rest)) if mode % 2 == 0 => import(rest),
        Some((_, rest)) => compute(rest),
        None => {}
    }
});
