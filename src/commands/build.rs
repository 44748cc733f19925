//! `worked build`: build the book, writing its pages into a staging folder as they are laid
//! out and the rest after, then swap the staging folder into the output folder.

use super::{exit, plural};
use crate::base::diagnostics::{render_all, render_warnings};
use crate::pipeline::{build_site_into, Strictness};
use crate::write::{check_output_location, resolve_output, Previous, Staging};
use std::path::Path;
use std::time::Instant;

/// Runs the build and returns the exit code. `force` allows replacing a non-empty output
/// folder that no build wrote.
pub fn run(root: &Path, output: &Path, force: bool) -> u8 {
    let started = Instant::now();
    if let Err(code) = super::require_book_folder(root) {
        return code;
    }
    let target = match resolve_output(output)
        .and_then(|target| check_output_location(root, output).map(|()| target))
    {
        Ok(target) => target,
        Err(error) => {
            eprintln!("error: {error}\n  help: choose another --output, such as `public`");
            return exit::USAGE_OR_IO;
        }
    };
    // The staging folder comes first, so pages are written as they are laid out; a build
    // that fails drops it, and the output is left as it was.
    let staging = match Staging::begin(&target, force) {
        Ok(staging) => staging,
        Err(error) => {
            eprintln!("error: {error}");
            eprintln!("{}", untouched(output));
            return exit::USAGE_OR_IO;
        }
    };
    let build = match build_site_into(root, Strictness::Lenient, &staging) {
        Ok(build) => build,
        Err(problems) => {
            let failure = staging.failure();
            drop(staging);
            match failure {
                Some(error) => eprintln!("error: {error}"),
                None => eprint!("{}", render_all(&problems)),
            }
            eprintln!("{}", untouched(output));
            return super::exit_code_for(&problems);
        }
    };
    eprint!("{}", render_warnings(&build.warnings));
    let previous = match staging.finish(&build.site) {
        Ok(previous) => previous,
        Err(error) => {
            eprintln!("error: {error}");
            eprintln!("{}", untouched(output));
            return exit::USAGE_OR_IO;
        }
    };
    if let Previous::LeftAt { moved_to, error } = previous {
        eprintln!(
            "warning: the new site is in {}, but the previous site, moved to {}, could not be removed: {error}",
            output.display(),
            moved_to.display()
        );
        eprintln!("  help: delete it by hand, or let the next build remove it");
    }
    // The process ends here and the OS takes the site's memory back at once; freeing its
    // thousand pages one by one would only keep the author waiting.
    std::mem::forget(build.site);
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

/// What a failed build did to the output location: nothing, said truthfully.
fn untouched(output: &Path) -> String {
    if std::fs::symlink_metadata(output).is_ok() {
        format!("The previous {} was left as it was.", output.display())
    } else {
        format!("Nothing was written; {} does not exist.", output.display())
    }
}

/// `12345` → "12.3 kB".
fn kilobytes(bytes: usize) -> String {
    format!("{:.1} kB", bytes as f64 / 1000.0)
}
