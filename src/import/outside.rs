//! Includes that reach out of the mdBook folder into the author's repository
//! (`{{#include ../../README.md}}`, `{{#include ../../../crate/examples/demo.rs:anchor}}`).
//!
//! mdBook reads such a file relative to the chapter; the import reads it where mdBook would
//! when it lies inside the repository that holds the book (the nearest folder above SRC with
//! `.git`) or under the folder `--include-root` names, and nowhere else. The file is copied into
//! the new book under [`INCLUDED_DIR`] (`included/repository/…`, `included/include-root/…`,
//! keeping its path inside that folder so its own includes still resolve) and the directive is
//! rewritten to the copy, with a note naming both paths. The new book so stays in its folder.

use super::confine::{Destination, Source};
use super::ImportReport;
use crate::load::include::include_paths;
use crate::load::regular_file::MAX_ASSET_BYTES;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The folder of the new book (beside `content/`) that holds the copies.
pub const INCLUDED_DIR: &str = "included";

/// Most files copied from outside the mdBook folder, nested includes counted.
const MAX_OUTSIDE_FILES: usize = 2_000;

/// A folder includes may be read from: its real path, and its folder under [`INCLUDED_DIR`].
struct Root {
    real: PathBuf,
    folder: &'static str,
    /// How notes name it.
    named: String,
}

/// The folders beyond the mdBook folder that includes may read, and the files copied so far.
pub struct OutsideIncludes {
    roots: Vec<Root>,
    /// Real paths copied (or queued), with their root and path inside it.
    copied: BTreeSet<PathBuf>,
    queue: Vec<(PathBuf, usize)>,
    /// Directives rewritten, as `src/chapter.md:line`: the copy of in-book includes skips them.
    pub rewritten: BTreeSet<String>,
}

impl OutsideIncludes {
    /// The repository holding SRC (if any) and `include_root` (if given, which must exist).
    pub fn find(book: &Source, include_root: Option<&Path>) -> Result<Self, String> {
        let mut roots = Vec::new();
        if let Some(repository) = book
            .real()
            .ancestors()
            .find(|folder| std::fs::symlink_metadata(folder.join(".git")).is_ok())
        {
            roots.push(Root {
                real: repository.to_path_buf(),
                folder: "repository",
                named: format!("the repository {}", repository.display()),
            });
        }
        if let Some(root) = include_root {
            let real = root.canonicalize().map_err(|error| {
                format!("--include-root {}: cannot read it: {error}", root.display())
            })?;
            if !real.is_dir() {
                return Err(format!(
                    "--include-root {}: not a folder; name the folder the book's includes reach into",
                    root.display()
                ));
            }
            roots.push(Root {
                named: format!("--include-root {}", real.display()),
                real,
                folder: "include-root",
            });
        }
        Ok(OutsideIncludes {
            roots,
            copied: BTreeSet::new(),
            queue: Vec::new(),
            rewritten: BTreeSet::new(),
        })
    }

    /// `text` of the chapter at `chapter` (path under `src`, whose real folder is `folder`)
    /// with every include that leaves the mdBook folder for an allowed root rewritten to its
    /// copy; `written_at` is where the chapter goes under the new book (`content/a/b.md`).
    pub fn rewrite(
        &mut self,
        book: &Source,
        (folder, chapter, src_name): (&Path, &str, &str),
        written_at: &Path,
        text: &str,
        report: &mut ImportReport,
    ) -> String {
        if self.roots.is_empty() || !text.contains("{{#") {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len());
        let mut done = 0;
        let climb = "../".repeat(written_at.components().count().saturating_sub(1));
        for (_, target) in include_paths(text) {
            let Some((real, root)) = self.outside_in_root(book, folder, target) else {
                continue;
            };
            let Some((inside, copy)) = self.copy_of(&real, root) else {
                continue;
            };
            let at = target.as_ptr() as usize - text.as_ptr() as usize;
            let line = text[..at].matches('\n').count() + 1;
            let new_target = format!("{climb}{}", copy.display());
            out.push_str(&text[done..at]);
            out.push_str(&new_target);
            done = at + target.len();
            report.notes.push(format!(
                "{src_name}/{chapter}:{line}: includes {target}, {} in {}; copied into the new book as {} and the directive rewritten to it",
                inside.display(),
                self.roots[root].named,
                copy.display()
            ));
            self.rewritten
                .insert(format!("{src_name}/{chapter}:{line}"));
            if self.copied.insert(real.clone()) {
                self.queue.push((real, root));
            }
        }
        out.push_str(&text[done..]);
        out
    }

    /// Where `real`, a file inside the root `root`, is in that root, and where the new book
    /// keeps its copy (under [`INCLUDED_DIR`], in the root's folder).
    fn copy_of<'r>(&self, real: &'r Path, root: usize) -> Option<(&'r Path, PathBuf)> {
        let root = &self.roots[root];
        let inside = real.strip_prefix(&root.real).ok()?;
        Some((
            inside,
            Path::new(INCLUDED_DIR).join(root.folder).join(inside),
        ))
    }

    /// Where `target`, named from the real folder `folder`, is, when it exists outside the
    /// mdBook folder and inside one of the roots (by real path, after links).
    fn outside_in_root(
        &self,
        book: &Source,
        folder: &Path,
        target: &str,
    ) -> Option<(PathBuf, usize)> {
        if Path::new(target).is_absolute() {
            return None;
        }
        let real = folder.join(target).canonicalize().ok()?;
        if real.starts_with(book.real()) {
            return None;
        }
        let root = self
            .roots
            .iter()
            .position(|root| real.starts_with(&root.real))?;
        real.is_file().then_some((real, root))
    }

    /// Copies the files queued by [`rewrite`](Self::rewrite), and what they include from the
    /// same root, into the new book; an include leaving that root gets a note.
    pub fn copy(
        mut self,
        book: &Source,
        dest: &Destination,
        report: &mut ImportReport,
    ) -> Result<(), String> {
        while let Some((real, root)) = self.queue.pop() {
            if self.copied.len() > MAX_OUTSIDE_FILES {
                return Err(format!(
                    "the chapters include more than {MAX_OUTSIDE_FILES} files from outside the mdBook folder; is --include-root too wide?"
                ));
            }
            let Some((_, copy)) = self.copy_of(&real, root) else {
                continue;
            };
            let bytes = book.read(&real, MAX_ASSET_BYTES)?;
            if !dest.holds(&copy) {
                dest.write(&copy, &bytes)?;
                report.files += 1;
            }
            let Ok(text) = std::str::from_utf8(&bytes) else {
                continue;
            };
            let folder = real.parent().unwrap_or(Path::new("/"));
            for (_, target) in include_paths(text) {
                let found = folder.join(target).canonicalize().ok();
                match found {
                    Some(next) if next.starts_with(&self.roots[root].real) && next.is_file() => {
                        if self.copied.insert(next.clone()) {
                            self.queue.push((next, root));
                        }
                    }
                    _ => report.notes.push(format!(
                        "{}: includes {target}, which is not a file inside {}; the copy's directive will not build, so copy that file into the new book too",
                        real.display(),
                        self.roots[root].named
                    )),
                }
            }
        }
        Ok(())
    }
}
