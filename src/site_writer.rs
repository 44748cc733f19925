//! Writing a rendered site to disk atomically.
//!
//! Input: a [`RenderedSite`] held entirely in memory. Output: the folder `out`, replaced in one
//! step. Files go into a staging folder beside `out`; only when every file is written does the
//! staging folder take `out`'s place. A failure at any point leaves the previous `out` exactly
//! as it was (mdBook and Zola empty the output first and can leave half a site).

use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io;
use std::path::{Component, Path, PathBuf};

/// Every output file, by path relative to the output root (with `/` separators).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RenderedSite {
    /// Relative path → file bytes. A `BTreeMap` keeps output order deterministic.
    pub files: BTreeMap<String, Vec<u8>>,
}

/// Why the output folder was not written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The output folder would overwrite or swallow the book's own sources.
    #[error("refusing to write the site to {out}: {reason}")]
    UnsafeOutput {
        /// The output folder as given.
        out: PathBuf,
        /// Which source folder it collides with.
        reason: String,
    },
    /// A file-system operation failed; `out` is untouched.
    #[error("{action} {path}: {source}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// Where.
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
}

/// Refuses an output folder that is the book root, one of its source folders, or contains them.
pub fn check_output_location(root: &Path, out: &Path) -> Result<(), WriteError> {
    let root = normalize(&absolute(root));
    let out_abs = normalize(&absolute(out));
    let protected = [
        (root.clone(), "it is the book root"),
        (root.join("content"), "it is the content/ folder"),
        (root.join("templates"), "it is the templates/ folder"),
        (root.join("static"), "it is the static/ folder"),
    ];
    for (folder, reason) in &protected {
        if out_abs == *folder {
            return Err(unsafe_output(out, reason));
        }
        if folder.starts_with(&out_abs) {
            return Err(unsafe_output(
                out,
                &format!("it contains {}", folder.display()),
            ));
        }
        if *folder != root && out_abs.starts_with(folder) {
            return Err(unsafe_output(
                out,
                &format!("it is inside {}", folder.display()),
            ));
        }
    }
    Ok(())
}

fn unsafe_output(out: &Path, reason: &str) -> WriteError {
    WriteError::UnsafeOutput {
        out: out.to_path_buf(),
        reason: reason.to_string(),
    }
}

/// Writes `site` to `out` atomically (see the module doc).
pub fn write_site(site: &RenderedSite, out: &Path) -> Result<(), WriteError> {
    for relative in site.files.keys() {
        if !is_safe_relative(relative) {
            return Err(unsafe_output(
                out,
                &format!("the site holds a file path that leaves the output folder: {relative}"),
            ));
        }
    }
    let out = absolute(out);
    let parent = out
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    std::fs::create_dir_all(&parent).map_err(io_error("cannot create", &parent))?;
    let name = out
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| "site".to_string());
    // A dot-prefixed sibling on the same file system, so the final rename is atomic.
    let staging = tempfile::Builder::new()
        .prefix(&format!(".{name}.staging-"))
        .tempdir_in(&parent)
        .map_err(io_error("cannot create a staging folder in", &parent))?;

    let folders: std::collections::BTreeSet<PathBuf> = site
        .files
        .keys()
        .filter_map(|relative| Path::new(relative).parent().map(Path::to_path_buf))
        .collect();
    for folder in &folders {
        let path = staging.path().join(folder);
        std::fs::create_dir_all(&path).map_err(io_error("cannot create", &path))?;
    }
    site.files.par_iter().try_for_each(|(relative, bytes)| {
        let path = staging.path().join(relative);
        std::fs::write(&path, bytes).map_err(io_error("cannot write", &path))
    })?;

    swap_into_place(staging, &out)
}

/// Moves the finished staging folder to `out`, keeping the old site until the move succeeded.
fn swap_into_place(staging: tempfile::TempDir, out: &Path) -> Result<(), WriteError> {
    let old = out.with_file_name(format!(
        ".{}.old-{}",
        out.file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default(),
        std::process::id()
    ));
    let had_old = out.exists();
    if had_old {
        if !out.is_dir() {
            return Err(unsafe_output(out, "it exists and is not a folder"));
        }
        std::fs::rename(out, &old).map_err(io_error("cannot move aside", out))?;
    }
    let staged = staging.keep();
    if let Err(error) = std::fs::rename(&staged, out) {
        // Put the previous site back before reporting.
        if had_old {
            let _ = std::fs::rename(&old, out);
        }
        let _ = std::fs::remove_dir_all(&staged);
        return Err(WriteError::Io {
            action: "cannot move the new site to",
            path: out.to_path_buf(),
            source: error,
        });
    }
    if had_old {
        std::fs::remove_dir_all(&old)
            .map_err(io_error("cannot remove the previous site at", &old))?;
    }
    Ok(())
}

fn io_error<'p>(action: &'static str, path: &'p Path) -> impl Fn(io::Error) -> WriteError + 'p {
    move |source| WriteError::Io {
        action,
        path: path.to_path_buf(),
        source,
    }
}

fn is_safe_relative(relative: &str) -> bool {
    let path = Path::new(relative);
    !relative.is_empty()
        && path
            .components()
            .all(|component| matches!(component, Component::Normal(_)))
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Resolves `.` and `..` lexically, and symlinks where the path exists.
fn normalize(path: &Path) -> PathBuf {
    if let Ok(real) = path.canonicalize() {
        return real;
    }
    // The output folder may not exist yet: canonicalize its nearest existing ancestor.
    let mut existing = path.to_path_buf();
    let mut rest = Vec::new();
    while !existing.exists() {
        match (existing.file_name(), existing.parent()) {
            (Some(name), Some(parent)) => {
                rest.push(name.to_os_string());
                existing = parent.to_path_buf();
            }
            _ => break,
        }
    }
    let mut normalized = existing.canonicalize().unwrap_or(existing);
    for name in rest.into_iter().rev() {
        normalized.push(name);
    }
    normalized
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(files: &[(&str, &str)]) -> RenderedSite {
        RenderedSite {
            files: files
                .iter()
                .map(|(path, text)| (path.to_string(), text.as_bytes().to_vec()))
                .collect(),
        }
    }

    #[test]
    fn writes_every_file_and_replaces_the_previous_site() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        write_site(&site(&[("index.html", "one"), ("old.html", "x")]), &out).unwrap();
        write_site(&site(&[("index.html", "two"), ("katex/a.css", "c")]), &out).unwrap();
        assert_eq!(
            std::fs::read_to_string(out.join("index.html")).unwrap(),
            "two"
        );
        assert_eq!(
            std::fs::read_to_string(out.join("katex/a.css")).unwrap(),
            "c"
        );
        assert!(!out.join("old.html").exists(), "stale files must go");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(
            leftovers.len(),
            1,
            "no staging or old folder is left behind"
        );
    }

    #[test]
    fn refuses_paths_that_escape_the_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        let error = write_site(&site(&[("../evil.html", "x")]), &out).unwrap_err();
        assert!(matches!(error, WriteError::UnsafeOutput { .. }));
        assert!(!out.exists());
    }

    #[test]
    fn refuses_the_root_and_source_folders_as_output() {
        let root = tempfile::tempdir().unwrap();
        let root = root.path();
        for bad in [".", "content", "static", "templates", "content/out", ".."] {
            assert!(
                check_output_location(root, &root.join(bad)).is_err(),
                "{bad} should be refused"
            );
        }
        assert!(check_output_location(root, &root.join("public")).is_ok());
    }
}
