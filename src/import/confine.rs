//! Where an import may read and write: it reads only inside SRC (by real path, after symbolic
//! links) and writes only inside DEST, a folder it creates (or an empty one that is not a link),
//! outside SRC. Every path an mdBook names (SUMMARY entries, `src =`, the macros file) goes
//! through [`Source::resolve`]; one that leaves SRC is refused with a note naming it.

use crate::load::regular_file::{read_regular, ReadError};
use std::path::{Component, Path, PathBuf};

/// The mdBook folder, by its real path.
pub struct Source {
    real: PathBuf,
}

impl Source {
    /// Resolves SRC once; all later reads are checked against this real path.
    pub fn open(source: &Path) -> Result<Source, String> {
        let real = source
            .canonicalize()
            .map_err(|error| format!("cannot read {}: {error}", source.display()))?;
        Ok(Source { real })
    }

    /// The real path of SRC.
    pub fn real(&self) -> &Path {
        &self.real
    }

    /// `relative` (as an mdBook names it, relative to `base`, itself inside SRC) as a real
    /// path inside SRC, or why not: absolute paths, `..` and links that lead out of SRC are
    /// refused. The path need not exist; when it does, links in it are followed.
    pub fn resolve(&self, base: &Path, relative: &str) -> Result<PathBuf, String> {
        let written = Path::new(relative);
        if written.is_absolute() {
            return Err(format!(
                "{relative} is an absolute path; an mdBook's paths are relative to its folder"
            ));
        }
        let mut path = base.to_path_buf();
        for part in written.components() {
            match part {
                Component::Normal(name) => path.push(name),
                Component::CurDir => {}
                Component::ParentDir | Component::RootDir | Component::Prefix(_) => {
                    return Err(format!(
                        "{relative} uses `..`; the import reads only inside the mdBook folder"
                    ))
                }
            }
        }
        let real = match path.canonicalize() {
            Ok(real) => real,
            Err(_) => return Ok(path),
        };
        if real.starts_with(&self.real) {
            Ok(real)
        } else {
            Err(format!(
                "{relative} is a link to {}, outside the mdBook folder; the import reads only inside it",
                real.display()
            ))
        }
    }

    /// Reads a file already [`resolve`](Self::resolve)d: a regular file of at most `cap` bytes.
    pub fn read(&self, path: &Path, cap: u64) -> Result<Vec<u8>, String> {
        read_regular(path, cap).map_err(|error| read_failure(path, &error))
    }
}

fn read_failure(path: &Path, error: &ReadError) -> String {
    format!("cannot read {}: {error}", path.display())
}

/// A path under SUMMARY's folder as it will be written under `content/`: only plain names, so
/// it cannot leave DEST.
pub fn plain_relative(relative: &str) -> Option<PathBuf> {
    let mut path = PathBuf::new();
    for part in Path::new(relative).components() {
        match part {
            Component::Normal(name) => path.push(name),
            Component::CurDir => {}
            _ => return None,
        }
    }
    (!path.as_os_str().is_empty()).then_some(path)
}

/// DEST while the import writes it: created (or found empty and not a link) outside SRC, and
/// removed again, with everything written into it, unless [`Destination::keep`] is called.
pub struct Destination {
    path: PathBuf,
    created: bool,
    kept: bool,
}

impl Destination {
    /// Makes DEST, refusing one that is a link, is not empty, or whose real path is inside SRC.
    pub fn create(source: &Source, destination: &Path) -> Result<Destination, String> {
        let shown = destination.display();
        let created = match std::fs::symlink_metadata(destination) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                return Err(format!(
                    "{shown} is a symbolic link; import into a new folder (the import never writes through links)"
                ))
            }
            Ok(metadata) if !metadata.is_dir() => {
                return Err(format!(
                    "{shown} exists and is a file, not a folder; import into a new folder"
                ))
            }
            Ok(_) => {
                let empty = std::fs::read_dir(destination)
                    .map(|mut entries| entries.next().is_none())
                    .unwrap_or(false);
                if !empty {
                    return Err(format!(
                        "{shown} exists and is not empty; import into a new folder"
                    ));
                }
                false
            }
            Err(_) => {
                let parent = destination
                    .parent()
                    .filter(|parent| !parent.as_os_str().is_empty())
                    .unwrap_or(Path::new("."));
                // The real place the new folder goes: a link on the way into SRC counts.
                let real_parent = parent.canonicalize().ok();
                if let Some(real_parent) = &real_parent {
                    if real_parent.starts_with(source.real()) {
                        return Err(inside_source(destination));
                    }
                }
                std::fs::create_dir_all(destination)
                    .map_err(|error| format!("cannot create {shown}: {error}"))?;
                true
            }
        };
        let dest = Destination {
            path: destination.to_path_buf(),
            created,
            kept: false,
        };
        let real = destination
            .canonicalize()
            .map_err(|error| format!("cannot read {shown}: {error}"))?;
        if real.starts_with(source.real()) || source.real().starts_with(&real) {
            return Err(inside_source(destination));
        }
        Ok(dest)
    }

    /// Writes `bytes` at `relative` (plain names only) under DEST, making its folders.
    pub fn write(&self, relative: &Path, bytes: &[u8]) -> Result<(), String> {
        let path = self.path.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|error| format!("cannot create {}: {error}", parent.display()))?;
        }
        // `create_new`: never writes through a file or link already there (two SUMMARY
        // spellings of one file, or anything else that appeared in DEST meanwhile).
        use std::io::Write;
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut file| file.write_all(bytes))
            .map_err(|error| format!("cannot write {}: {error}", path.display()))
    }

    /// Writes `bytes` over a file this import itself wrote at `relative` before (book.toml,
    /// once the trial build has said which `[check]` levels the book needs). Refuses anything
    /// that is not a plain file, so nothing the import did not write is replaced.
    pub fn rewrite(&self, relative: &Path, bytes: &[u8]) -> Result<(), String> {
        let path = self.path.join(relative);
        match std::fs::symlink_metadata(&path) {
            Ok(metadata) if metadata.is_file() => std::fs::write(&path, bytes)
                .map_err(|error| format!("cannot write {}: {error}", path.display())),
            _ => Err(format!(
                "cannot write {}: the import did not write it before",
                path.display()
            )),
        }
    }

    /// Whether anything (a file, a folder or a link) is already at `relative` under DEST.
    pub fn holds(&self, relative: &Path) -> bool {
        std::fs::symlink_metadata(self.path.join(relative)).is_ok()
    }

    /// The import succeeded: leave DEST in place.
    pub fn keep(mut self) {
        self.kept = true;
    }
}

impl Drop for Destination {
    fn drop(&mut self) {
        if self.kept {
            return;
        }
        // A failed import leaves nothing to block the next run: DEST was new or empty.
        if self.created {
            let _ = std::fs::remove_dir_all(&self.path);
        } else if let Ok(entries) = std::fs::read_dir(&self.path) {
            for entry in entries.flatten() {
                let path = entry.path();
                let _ = match entry.file_type() {
                    Ok(kind) if kind.is_dir() => std::fs::remove_dir_all(&path),
                    _ => std::fs::remove_file(&path),
                };
            }
        }
    }
}

fn inside_source(destination: &Path) -> String {
    format!(
        "{} is inside the mdBook folder; choose a folder outside it (the import never writes into SRC)",
        destination.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_leave_the_book_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("book")).unwrap();
        std::fs::write(dir.path().join("secret.md"), "x").unwrap();
        std::os::unix::fs::symlink("../secret.md", dir.path().join("book/link.md")).unwrap();
        let source = Source::open(&dir.path().join("book")).unwrap();
        let base = source.real().to_path_buf();
        assert!(source.resolve(&base, "/etc/passwd").is_err());
        assert!(source.resolve(&base, "../secret.md").is_err());
        assert!(source.resolve(&base, "a/../../secret.md").is_err());
        assert!(source
            .resolve(&base, "link.md")
            .unwrap_err()
            .contains("outside the mdBook folder"));
        assert_eq!(
            source.resolve(&base, "./a/b.md").unwrap(),
            base.join("a/b.md")
        );
        assert_eq!(plain_relative("./a/b.md"), Some(PathBuf::from("a/b.md")));
        assert_eq!(plain_relative("../a.md"), None);
        assert_eq!(plain_relative("/a.md"), None);
    }
}
