//! The files an imported book's `{{#include}}`s name, carried into the new book.
//!
//! `worked` runs the include family itself, so directives are kept as written. The new book's
//! `content/` is mdBook's `src/`, so a file included from inside `src/` is there already; one
//! from beside `src/` in the mdBook folder (`../listings/main.rs`) is copied to the same place
//! beside `content/`, where the same path finds it. A file further out cannot be reached from
//! inside the new book: it gets a note, and the build reports the directive. Included files
//! are searched for includes of their own, up to [`MAX_INCLUDED_FILES`] files.

use super::confine::{Destination, Source};
use super::ImportReport;
use crate::base::source::resolve_path;
use crate::load::include::include_paths;
use crate::load::regular_file::MAX_ASSET_BYTES;
use std::collections::BTreeSet;
use std::path::Path;

/// Most files one import copies because they are included.
const MAX_INCLUDED_FILES: usize = 2_000;

/// A file to look at: its path under the mdBook folder, and who named it (for notes).
struct Wanted {
    /// `None` when the path climbs above the mdBook folder.
    path: Option<String>,
    /// As written in the directive.
    target: String,
    named_at: String,
}

/// Copies what the chapters (path under `src` and text) include from beside `src/`.
pub fn copy_included(
    book: &Source,
    src_name: &str,
    dest: &Destination,
    (chapters, rewritten): (&[(String, String)], &BTreeSet<String>),
    report: &mut ImportReport,
) -> Result<(), String> {
    let mut queue: Vec<Wanted> = Vec::new();
    for (chapter, text) in chapters {
        let folder = format!("{src_name}/{chapter}");
        queue.extend(
            wanted_by(&folder, text)
                .into_iter()
                .filter(|wanted| !rewritten.contains(&wanted.named_at)),
        );
    }
    let mut seen = BTreeSet::new();
    while let Some(wanted) = queue.pop() {
        let Some(path) = wanted.path.clone() else {
            report.notes.push(format!(
                "{}: includes {}, which is outside the mdBook folder and outside its repository (the nearest folder above it with `.git`); import with `--include-root DIR` naming a folder that holds it, or copy it into the book and fix the path",
                wanted.named_at, wanted.target
            ));
            continue;
        };
        if !seen.insert(path.clone()) {
            continue;
        }
        if seen.len() > MAX_INCLUDED_FILES {
            return Err(format!(
                "the chapters include more than {MAX_INCLUDED_FILES} files; is this an mdBook?"
            ));
        }
        let Some(under_src) = beside_src(&path, src_name) else {
            report.notes.push(format!(
                "{}: includes {path}, which the new book cannot hold at the same place; copy it into the book and fix the path",
                wanted.named_at
            ));
            continue;
        };
        // Read only inside SRC, by real path; a missing file, or one a link takes out of SRC,
        // is reported by the build at the directive.
        let Ok(real) = book.resolve(book.real(), &path) else {
            continue;
        };
        if !real.is_file() {
            continue;
        }
        let bytes = book.read(&real, MAX_ASSET_BYTES)?;
        if let Some(relative) = under_src {
            let target = Path::new(&relative);
            if !dest.holds(target) {
                dest.write(target, &bytes)?;
                report.files += 1;
            }
        }
        if let Ok(text) = std::str::from_utf8(&bytes) {
            queue.extend(wanted_by(&path, text));
        }
    }
    Ok(())
}

/// The files under `src/` that the chapters include, by their path under `src/`: a `.md`
/// among them that SUMMARY does not list is a piece, copied as it is rather than a draft.
pub fn included_under_src(src_name: &str, chapters: &[(String, String)]) -> BTreeSet<String> {
    let prefix = format!("{src_name}/");
    chapters
        .iter()
        .flat_map(|(chapter, text)| wanted_by(&format!("{prefix}{chapter}"), text))
        .filter_map(|wanted| Some(wanted.path?.strip_prefix(&prefix)?.to_string()))
        .collect()
}

/// The files that `text` (of the file at `path` under the mdBook folder) includes.
fn wanted_by(path: &str, text: &str) -> Vec<Wanted> {
    let folder = path.rsplit_once('/').map_or("", |(folder, _)| folder);
    include_paths(text)
        .into_iter()
        .map(|(offset, target)| {
            let line = text[..offset].matches('\n').count() + 1;
            Wanted {
                path: resolve_path(folder, target),
                target: target.to_string(),
                named_at: format!("{path}:{line}"),
            }
        })
        .collect()
}

/// Where a file of the mdBook folder goes in the new book: `Some(None)` inside `src/` (copied
/// with the chapters), `Some(Some(path))` beside it when `src` is one folder deep (`content/`
/// sits where `src/` did), `None` when the new book cannot hold it at the same relative place.
fn beside_src(path: &str, src_name: &str) -> Option<Option<String>> {
    if path.starts_with(&format!("{src_name}/")) {
        return Some(None);
    }
    if src_name.contains('/') || path == "book.toml" || path.starts_with("content/") {
        return None;
    }
    Some(Some(path.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn included_paths_resolve_from_the_including_file() {
        let wanted = wanted_by(
            "src/part/a.md",
            "x\n{{#include ../../listings/m.rs:main}}\n\\{{#include no.rs}}\n",
        );
        assert_eq!(wanted.len(), 1);
        assert_eq!(wanted[0].path.as_deref(), Some("listings/m.rs"));
        assert_eq!(wanted[0].named_at, "src/part/a.md:2");
        assert!(wanted_by("src/a.md", "{{#include ../../x}}")[0]
            .path
            .is_none());
        assert_eq!(beside_src("src/a.rs", "src"), Some(None));
        assert_eq!(
            beside_src("listings/m.rs", "src"),
            Some(Some("listings/m.rs".into()))
        );
        assert_eq!(beside_src("book.toml", "src"), None);
    }
}
