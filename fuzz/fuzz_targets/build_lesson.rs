//! Feeds arbitrary bytes as one lesson file (front matter, Markdown, example blocks, references,
//! math) through the whole in-memory build, the one `worked check` runs, and renders the
//! diagnostics or warnings as `check` prints them. Any panic, abort, stack overflow, timeout or
//! out-of-memory is a bug: bad input must become diagnostics.
//!
//! The lesson sits beside a fixed companion lesson with a small attention example, so references
//! and keep-going slugs that name another lesson have something to resolve against. The book
//! folder is created once per process; only the fuzzed lesson file is rewritten per input. The
//! build itself writes nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::sync::OnceLock;
use worked::base::diagnostics::{render_all, render_warnings};
use worked::pipeline::{build_site, Strictness};

const COMPANION: &str = r#"+++
title = "Companion"
slug = "companion"
+++

```attention
name = "cat"
tokens = ["the", "cat", "sat"]
embeddings = [[1, 0], [0, 1], [1, 1]]
w_q = [[1, 0], [1, 2]]
w_k = [[2, 0], [0, 1]]
w_v = [[1, 0], [0, 2]]
```

The weight is {{cat.weights[sat, the]}}.
"#;

fn book() -> &'static Path {
    static BOOK: OnceLock<tempfile::TempDir> = OnceLock::new();
    BOOK.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary book folder");
        std::fs::create_dir(dir.path().join("content")).expect("content folder");
        std::fs::write(dir.path().join("content/companion.md"), COMPANION).expect("companion");
        dir
    })
    .path()
}

fuzz_target!(|data: &[u8]| {
    let root = book();
    std::fs::write(root.join("content/fuzzed.md"), data).expect("write the fuzzed lesson");
    let report = match build_site(root, Strictness::Strict) {
        Ok(build) => render_warnings(&build.warnings),
        Err(problems) => render_all(&problems),
    };
    std::hint::black_box(report);
});
