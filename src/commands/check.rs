//! `worked check`: build in memory, write nothing, report every problem; with `--site`, also
//! verify that an already built site shows what the sources compute now.

use super::exit;
use crate::base::diagnostics::render_all;
use crate::check::check_built_site;
use crate::pipeline::{build_site, Strictness};
use std::path::Path;

/// Runs `check` and returns the exit code.
pub fn run(root: &Path, site: Option<&Path>) -> u8 {
    if let Err(code) = super::require_book_folder(root) {
        return code;
    }
    let mut build = match build_site(root, Strictness::Strict) {
        Ok(build) => build,
        Err(problems) => {
            eprint!("{}", render_all(&problems));
            return super::exit_code_for(&problems);
        }
    };
    if let Some(site) = site {
        if !site.is_dir() {
            eprintln!(
                "error: {} is not a folder; build the site first with `worked build`",
                site.display()
            );
            return exit::USAGE_OR_IO;
        }
        build.site.hold_print_page();
        if let Err(problems) = build.site.hold_copied_files() {
            eprint!("{}", render_all(&problems));
            return super::exit_code_for(&problems);
        }
        let problems = check_built_site(&build.site, site);
        if !problems.is_empty() {
            eprint!("{}", render_all(&problems));
            return exit::CONTENT;
        }
        println!(
            "Checked {} and the built site in {}: every page shows what the sources compute",
            lessons(build.stats.lessons),
            site.display()
        );
    } else {
        println!(
            "Checked {}: every example evaluates, every reference, formula and link resolves, no number is typed by hand",
            lessons(build.stats.lessons)
        );
    }
    exit::OK
}

fn lessons(count: usize) -> String {
    if count == 1 {
        "1 lesson".to_string()
    } else {
        format!("{count} lessons")
    }
}
