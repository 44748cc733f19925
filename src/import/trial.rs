//! The imported book built once, in memory, to find what mdBook tolerates and `worked`
//! refuses by default: links and anchors that point at nothing, formulas KaTeX rejects.
//!
//! Input: the written book and where each chapter's lines came from. Output: the `[check]`
//! levels the book needs to build (written into its `book.toml` by the caller) and one note
//! per problem, at the chapter's original file and line, so the user can fix the original.

use super::{ChapterLines, ImportReport};
use crate::base::diagnostics::Diagnostic;
use crate::load::config::{CheckLevels, Level};
use crate::pipeline::{build_until_typeset, Strictness, FORMULA_KIND, LINK_KIND};
use std::collections::BTreeMap;
use std::path::Path;

/// Builds the book at `destination` (whose `book.toml` downgrades both kinds) as far as its
/// typeset formulas (what comes after finds nothing mdBook tolerates) and returns
/// the levels it needs; every problem found becomes a note.
pub fn needed_levels(
    destination: &Path,
    lines: &BTreeMap<String, ChapterLines>,
    src_name: &str,
    report: &mut ImportReport,
) -> CheckLevels {
    let mut levels = CheckLevels::default();
    match build_until_typeset(destination, Strictness::Lenient) {
        Ok(build) => {
            for warning in &build.warnings {
                let (level, setting) = match warning.kind() {
                    kind if kind == LINK_KIND => (&mut levels.links, "links"),
                    kind if kind == FORMULA_KIND => (&mut levels.math, "math"),
                    _ => continue,
                };
                *level = Level::Warn;
                report.notes.push(format!(
                    "{}: {} (mdBook builds it; book.toml gets [check] {setting} = \"warn\" so worked does too, and `worked check` still reports it)",
                    original_place(warning, lines, src_name),
                    warning.message()
                ));
            }
        }
        Err(problems) => {
            // What stops the build stops it either way; keep both downgrades so that, once
            // it is fixed, the book builds as mdBook's did.
            levels = CheckLevels {
                links: Level::Warn,
                math: Level::Warn,
            };
            for problem in &problems {
                report.notes.push(format!(
                    "{}: the imported book does not build: {}",
                    original_place(problem, lines, src_name),
                    problem.message()
                ));
            }
        }
    }
    levels
}

/// `src/chapter.md:12` for a problem in `content/chapter.md`, else its own position.
fn original_place(
    problem: &Diagnostic,
    lines: &BTreeMap<String, ChapterLines>,
    src_name: &str,
) -> String {
    let content_prefix = format!("{}/", crate::load::content::CONTENT_DIR);
    let chapter = problem
        .path()
        .and_then(|path| path.strip_prefix(&content_prefix))
        .and_then(|path| Some((path, lines.get(path)?)));
    match (chapter, problem.line()) {
        (Some((_, map)), Some(line)) => {
            format!("{src_name}/{}:{}", map.original, map.original(line))
        }
        _ => problem
            .position()
            .or_else(|| problem.path().map(str::to_string))
            .unwrap_or_else(|| "book".to_string()),
    }
}
