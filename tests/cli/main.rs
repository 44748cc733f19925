//! Integration tests of the `worked` binary: each module builds fixture books in temporary
//! folders, runs `worked build`, `check` or `eval` on them, and checks exit codes, output files
//! and diagnostics. One test binary keeps linking fast; modules follow the features.

mod accessibility;
mod block_lessons_browser;
mod book_browser;
mod books;
mod build;
mod cards;
mod check;
mod common;
mod compute_blocks;
mod compute_lang_differential;
mod compute_loops_browser;
mod compute_widget_browser;
mod errors;
mod eval;
mod figures;
mod hardening;
mod import;
mod incremental;
mod katex_fidelity;
mod katex_pixels;
mod markdown_surprises;
mod mdbook_books;
mod references;
mod search_differential;
mod serve;
mod site_furniture;
mod sliders_differential;
mod support;
mod transformer_block_browser;
mod typed_numbers;
mod widget_blocks;
mod widget_browser;
mod widget_differential;
mod widget_guards_browser;
