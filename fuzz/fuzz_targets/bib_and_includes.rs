//! Feeds arbitrary bytes as a book's `references.bib` and as a file its lesson includes, through
//! the whole in-memory build `worked check` runs. The input is split at its first NUL byte: the
//! bibliography before it, the included file after it (none: the bytes are the bibliography and
//! the included file is empty). The lesson includes the file whole, by a line range and by an
//! anchor, and cites a few keys. Any panic, abort, stack overflow, timeout or out-of-memory is a
//! bug: bad input must become diagnostics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::sync::OnceLock;
use worked::base::diagnostics::{render_all, render_warnings};
use worked::pipeline::{build_site, Strictness};

include!("bib_and_includes_book.rs");

fn book() -> &'static Path {
    static BOOK: OnceLock<tempfile::TempDir> = OnceLock::new();
    BOOK.get_or_init(|| tempfile::tempdir().expect("a temporary book folder"))
        .path()
}

fuzz_target!(|data: &[u8]| {
    let root = book();
    write_case(root, data);
    let report = match build_site(root, Strictness::Strict) {
        Ok(build) => render_warnings(&build.warnings),
        Err(problems) => render_all(&problems),
    };
    std::hint::black_box(report);
});
