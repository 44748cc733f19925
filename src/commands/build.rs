//! `worked build`: build the book in memory, then swap it into the output folder.

use super::exit;
use crate::diagnostics::render_all;
use crate::pipeline::{build_site, Strictness};
use crate::site_writer::{check_output_location, write_site};
use std::path::Path;
use std::time::Instant;

/// Runs the build and returns the exit code.
pub fn run(root: &Path, output: &Path) -> u8 {
    let started = Instant::now();
    if let Err(code) = super::require_book_folder(root) {
        return code;
    }
    if let Err(error) = check_output_location(root, output) {
        eprintln!("error: {error}\n  help: choose another --output, such as `public`");
        return exit::USAGE_OR_IO;
    }
    let build = match build_site(root, Strictness::Lenient) {
        Ok(build) => build,
        Err(problems) => {
            eprint!("{}", render_all(&problems));
            eprintln!("The previous {} was left as it was.", output.display());
            return exit::CONTENT;
        }
    };
    for warning in &build.warnings {
        eprint!("{}", warning.clone().into_warning().render());
    }
    if let Err(error) = write_site(&build.site, output) {
        eprintln!("error: {error}");
        eprintln!("The previous {} was left as it was.", output.display());
        return exit::USAGE_OR_IO;
    }
    let stats = build.stats;
    println!(
        "Built {} lesson{}, {} formula{} ({} distinct) into {} in {:.2} s; search index {}",
        stats.lessons,
        plural(stats.lessons),
        stats.formulas,
        plural(stats.formulas),
        stats.distinct_formulas,
        output.display(),
        started.elapsed().as_secs_f64(),
        kilobytes(stats.search_index_bytes)
    );
    if stats.drafts_left_out > 0 {
        println!(
            "Left out {} draft{} (worked serve shows them)",
            stats.drafts_left_out,
            plural(stats.drafts_left_out)
        );
    }
    exit::OK
}

/// `12345` → "12.3 kB".
fn kilobytes(bytes: usize) -> String {
    format!("{:.1} kB", bytes as f64 / 1000.0)
}

fn plural(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}
