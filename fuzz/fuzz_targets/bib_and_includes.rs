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

const LESSON: &str = r#"+++
title = "Cites"
+++

As [@a] and @b showed [see @c, p. 3].

{{#include part.md}}

{{#include part.md:2:4}}

{{#rustdoc_include part.md:main}}
"#;

fn book() -> &'static Path {
    static BOOK: OnceLock<tempfile::TempDir> = OnceLock::new();
    BOOK.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary book folder");
        std::fs::create_dir(dir.path().join("content")).expect("content folder");
        std::fs::write(
            dir.path().join("book.toml"),
            "title = \"Fuzzed\"\nbibliography = \"references.bib\"\n",
        )
        .expect("book.toml");
        std::fs::write(dir.path().join("content/cites.md"), LESSON).expect("lesson");
        dir
    })
    .path()
}

fuzz_target!(|data: &[u8]| {
    let root = book();
    let (bib, included) = match data.iter().position(|&byte| byte == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    std::fs::write(root.join("references.bib"), bib).expect("write the bibliography");
    std::fs::write(root.join("content/part.md"), included).expect("write the included file");
    let report = match build_site(root, Strictness::Strict) {
        Ok(build) => render_warnings(&build.warnings),
        Err(problems) => render_all(&problems),
    };
    std::hint::black_box(report);
});
