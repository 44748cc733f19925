//! Writing a rendered site to disk atomically, and only where it is safe.
//!
//! Input: the output folder the author named, the lesson pages as the build lays them out
//! ([`Staging`] is the build's [`PageSink`]), then the rest of the [`RenderedSite`], held in
//! memory but for the files it copies (images beside the lessons, copied file to file). Output:
//! that folder, replaced in one step. Files go into a staging folder beside it; only when every
//! file is written does the staging folder take its place. A failure at any point leaves
//! the previous folder exactly as it was (mdBook and Zola empty the output first and can leave
//! half a site). A file whose bytes are unchanged since the previous build is hard-linked from
//! the previous folder instead of written again, so it keeps its modification time.
//!
//! Safety rules, in order: the output's real location is resolved first (`..` and symbolic links
//! included, for the parts that exist), so no spelling can name the book's own folders; every
//! folder this module writes carries a [`MARKER_FILE`], and an existing non-empty folder without
//! one is replaced only when the author forces it; staging and set-aside folders that a killed
//! build left behind are removed, but only when they carry the marker and their process is gone.
//! This module must never delete anything it cannot prove it wrote.

use crate::base::diagnostics::Diagnostic;
use crate::load::regular_file::{CheckedFile, ReadError};
use crate::pipeline::{PageSink, RenderedSite, PRINT_PAGE};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

/// The file that marks a folder as written by `worked build` (and so safe to replace).
pub const MARKER_FILE: &str = ".worked-site";

const MARKER_TEXT: &str =
    "This folder was written by `worked build`; every build replaces it as a whole.\n";

/// Why the output folder was not written. In every case the previous folder is untouched.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The output folder would overwrite or swallow the book's own sources, or files that no
    /// build wrote.
    #[error("refusing to write the site to {out}: {reason}")]
    UnsafeOutput {
        /// The output folder as given.
        out: PathBuf,
        /// What it collides with.
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

/// What happened to the folder that was there before, once the new site is in place.
#[derive(Debug)]
pub enum Previous {
    /// There was no folder at the output location.
    None,
    /// The previous site was replaced and removed.
    Replaced,
    /// The new site is in place, but the previous one, moved to `moved_to`, could not be
    /// removed; the next build removes it (it carries the marker) or the author can.
    LeftAt {
        /// Where the previous site now is.
        moved_to: PathBuf,
        /// Why it could not be removed.
        error: io::Error,
    },
}

/// Resolves where `out` really is: an absolute path with every existing part canonicalised
/// (symbolic links followed, `..` applied to the real parent) and the parts that do not exist
/// yet appended as written, with `..` over them applied lexically (they will be created as plain
/// folders, so that is where the OS will put them).
pub fn resolve_output(out: &Path) -> Result<PathBuf, WriteError> {
    let absolute = std::path::absolute(out).map_err(io_error("cannot resolve", out))?;
    let mut real = PathBuf::new();
    let mut exists = true;
    for component in absolute.components() {
        match component {
            Component::Prefix(_) | Component::RootDir => real.push(component.as_os_str()),
            Component::CurDir => {}
            Component::ParentDir => {
                real.pop();
                // Popping back above the missing part lands in existing folders again.
                exists = real.exists();
            }
            Component::Normal(name) => {
                let next = real.join(name);
                if !exists {
                    real = next;
                    continue;
                }
                match std::fs::canonicalize(&next) {
                    Ok(canonical) => real = canonical,
                    Err(_) if std::fs::symlink_metadata(&next).is_ok() => {
                        return Err(unsafe_output(
                            out,
                            &format!("{} is a broken symbolic link", next.display()),
                        ));
                    }
                    Err(_) => {
                        exists = false;
                        real = next;
                    }
                }
            }
        }
    }
    Ok(real)
}

/// Refuses an output folder that is the book root, one of its source folders, inside a source
/// folder, or contains the root. `out` is resolved to its real location first.
pub fn check_output_location(root: &Path, out: &Path) -> Result<(), WriteError> {
    let root = resolve_output(root)?;
    let out_real = resolve_output(out)?;
    let protected = [
        (root.clone(), "it is the book root"),
        (root.join("content"), "it is the content/ folder"),
        (root.join("templates"), "it is the templates/ folder"),
        (root.join("static"), "it is the static/ folder"),
    ];
    for (folder, reason) in &protected {
        let folder = resolve_output(folder)?;
        if out_real == folder {
            return Err(unsafe_output(out, reason));
        }
        if folder.starts_with(&out_real) {
            return Err(unsafe_output(
                out,
                &format!("it contains {}", folder.display()),
            ));
        }
        if folder != root && out_real.starts_with(&folder) {
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

/// Whether a folder may be replaced: it does not exist, is empty, or carries the marker.
fn replaceable(out: &Path, force: bool) -> Result<(), WriteError> {
    let metadata = match std::fs::symlink_metadata(out) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(error) => return Err(io_error("cannot inspect", out)(error)),
    };
    if !metadata.is_dir() {
        return Err(unsafe_output(out, "it exists and is not a folder"));
    }
    if force || out.join(MARKER_FILE).is_file() {
        return Ok(());
    }
    let mut entries = std::fs::read_dir(out).map_err(io_error("cannot read", out))?;
    if entries.next().is_none() {
        return Ok(());
    }
    Err(unsafe_output(
        out,
        &format!(
            "it holds files that `worked build` did not write (it has no {MARKER_FILE} marker); \
             pass --force to replace the folder and everything in it"
        ),
    ))
}

/// Writes `site` to `out` atomically (see the module doc). `out` should be the location
/// [`resolve_output`] returned and [`check_output_location`] accepted. Without `force`, an
/// existing non-empty folder that no build wrote is refused.
pub fn write_site(site: &RenderedSite, out: &Path, force: bool) -> Result<Previous, WriteError> {
    check_paths(site.files.keys().chain(site.copied.keys()), out)?;
    Staging::begin(out, force)?.finish(site)
}

/// Refuses a site path that would leave the output folder or replace its marker.
fn check_paths<'p>(
    paths: impl IntoIterator<Item = &'p String>,
    out: &Path,
) -> Result<(), WriteError> {
    for relative in paths {
        if !is_safe_relative(relative) || relative == MARKER_FILE {
            return Err(unsafe_output(
                out,
                &format!("the site holds a file path that leaves the output folder or replaces its marker: {relative}"),
            ));
        }
    }
    Ok(())
}

/// A site being written: the staging folder beside the output, filled a file at a time (pages
/// as the build lays them out, through [`PageSink`]), then swapped into place by
/// [`Staging::finish`]. Dropped unfinished (the build failed), it removes the staging folder
/// and the output is as it was.
pub struct Staging {
    /// The output folder, resolved.
    out: PathBuf,
    folder: tempfile::TempDir,
    /// The previous site, when a build wrote it: its unchanged files are hard-linked.
    previous_site: Option<PathBuf>,
    /// Folders made in the staging folder so far.
    folders: Mutex<HashSet<PathBuf>>,
    /// Folders of the previous site checked for symbolic links so far, and whether they go
    /// through one.
    previous_folders: Mutex<HashMap<PathBuf, bool>>,
    /// The first file the disk refused, for the build to report as an I/O error.
    failure: Mutex<Option<WriteError>>,
}

impl Staging {
    /// Checks that `out` may be replaced (see [`write_site`]) and makes the staging folder,
    /// marked first, so a build killed at any later point leaves a folder that the next build
    /// can recognise as its own.
    pub fn begin(out: &Path, force: bool) -> Result<Staging, WriteError> {
        let out = resolve_output(out)?;
        replaceable(&out, force)?;
        let parent = out
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("/"));
        std::fs::create_dir_all(&parent).map_err(io_error("cannot create", &parent))?;
        let name = out
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_else(|| "site".to_string());
        remove_stale_leftovers(&parent, &name);
        // A dot-prefixed sibling on the same file system, so the final rename is atomic. The
        // pid in its name tells a later build whether the process that made it still runs.
        let folder = tempfile::Builder::new()
            .prefix(&format!(".{name}.staging-{}-", std::process::id()))
            .tempdir_in(&parent)
            .map_err(io_error("cannot create a staging folder in", &parent))?;
        let marker = folder.path().join(MARKER_FILE);
        std::fs::write(&marker, MARKER_TEXT).map_err(io_error("cannot write", &marker))?;
        // Only a folder a build wrote lends its files; `--force` over a foreign folder copies
        // none.
        let previous_site = out.join(MARKER_FILE).is_file().then(|| out.clone());
        Ok(Staging {
            out,
            folder,
            previous_site,
            folders: Mutex::new(HashSet::new()),
            previous_folders: Mutex::new(HashMap::new()),
            failure: Mutex::new(None),
        })
    }

    /// Why a page could not be written, once the build that streamed it has stopped.
    pub fn failure(&self) -> Option<WriteError> {
        self.failure.lock().ok()?.take()
    }

    /// Where `relative` goes in the staging folder, with its folder made (once per folder).
    fn staged(&self, relative: &str) -> Result<PathBuf, WriteError> {
        let path = self.folder.path().join(relative);
        if let Some(folder) = path.parent() {
            let made = self
                .folders
                .lock()
                .is_ok_and(|folders| folders.contains(folder));
            if !made {
                std::fs::create_dir_all(folder).map_err(io_error("cannot create", folder))?;
                if let Ok(mut folders) = self.folders.lock() {
                    folders.insert(folder.to_path_buf());
                }
            }
        }
        Ok(path)
    }

    /// Writes one file at `relative` (checked to stay inside), in its folder, linked from the
    /// previous site when its bytes (`pieces`, one after the other) are unchanged.
    fn put_file(&self, relative: &str, pieces: &[&[u8]]) -> Result<(), WriteError> {
        let path = self.staged(relative)?;
        if let Some(previous_site) = &self.previous_site {
            let previous = previous_site.join(relative);
            if !self.through_a_link(&previous) && link_if_unchanged(&previous, pieces, &path) {
                return Ok(());
            }
        }
        write_pieces(&path, pieces).map_err(io_error("cannot write", &path))
    }

    /// Whether a folder on the way to `previous` (a file of the previous site) is a symbolic
    /// link, which would make the new page a hard link to a file outside the site. Answered
    /// once per folder: resolving it costs a system call per part of its path, and a rebuild
    /// asks for every file it reuses.
    fn through_a_link(&self, previous: &Path) -> bool {
        let Some(folder) = previous.parent() else {
            return true;
        };
        let known = self
            .previous_folders
            .lock()
            .ok()
            .and_then(|folders| folders.get(folder).copied());
        known.unwrap_or_else(|| {
            let linked = through_a_link(folder);
            if let Ok(mut folders) = self.previous_folders.lock() {
                folders.insert(folder.to_path_buf(), linked);
            }
            linked
        })
    }

    /// Writes the rest of `site` (every file it holds and those it copies, and beside them the
    /// print page) and swaps the staging folder into place.
    pub fn finish(self, site: &RenderedSite) -> Result<Previous, WriteError> {
        check_paths(site.files.keys().chain(site.copied.keys()), &self.out)?;
        // The print page is one long file written by one thread: it is written while the
        // other files are, not after them.
        let (others, print) = rayon::join(
            || {
                site.files
                    .par_iter()
                    .try_for_each(|(relative, bytes)| self.put_file(relative, &[bytes]))?;
                site.copied.par_iter().try_for_each(|(relative, file)| {
                    let previous = self
                        .previous_site
                        .as_ref()
                        .map(|site| site.join(relative))
                        .filter(|previous| !self.through_a_link(previous));
                    copy_or_link(file, previous, &self.staged(relative)?)
                })
            },
            || match &site.print_page {
                Some(page) => {
                    let path = self.folder.path().join(PRINT_PAGE);
                    write_streamed(&path, |file| page.write_to(file))
                        .map_err(io_error("cannot write", &path))
                }
                None => Ok(()),
            },
        );
        others.and(print)?;
        swap_into_place(self.folder, &self.out)
    }
}

impl PageSink for Staging {
    fn put(&self, path: &str, pieces: &[&[u8]]) -> Result<(), Diagnostic> {
        let written =
            check_paths([&path.to_string()], &self.out).and_then(|()| self.put_file(path, pieces));
        written.map_err(|error| self.failed(error))
    }

    fn open(&self, path: &str) -> Result<Box<dyn io::Write + Send + '_>, Diagnostic> {
        let opened = check_paths([&path.to_string()], &self.out)
            .and_then(|()| self.staged(path))
            .and_then(|staged| {
                std::fs::File::create(&staged).map_err(io_error("cannot write", &staged))
            });
        match opened {
            Ok(file) => Ok(Box::new(io::BufWriter::with_capacity(1 << 20, file))),
            Err(error) => Err(self.failed(error)),
        }
    }
}

impl Staging {
    /// The build's problem for a file the disk refused; the first such error is kept for
    /// [`Staging::failure`].
    fn failed(&self, error: WriteError) -> Diagnostic {
        let problem = Diagnostic::io(format!("the site could not be written: {error}"));
        if let Ok(mut failure) = self.failure.lock() {
            failure.get_or_insert(error);
        }
        problem
    }
}

/// Creates the file at `path` and lets `write` fill it through a buffer.
fn write_streamed(
    path: &Path,
    write: impl FnOnce(&mut dyn io::Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut file = io::BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
    write(&mut file)?;
    io::Write::flush(&mut file)
}

/// Creates the file at `path` holding `pieces`, one after the other, written together.
fn write_pieces(path: &Path, pieces: &[&[u8]]) -> io::Result<()> {
    let mut file = std::fs::File::create(path)?;
    let mut slices: Vec<io::IoSlice<'_>> =
        pieces.iter().map(|piece| io::IoSlice::new(piece)).collect();
    let mut rest = &mut slices[..];
    while !rest.is_empty() {
        match io::Write::write_vectored(&mut file, rest) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(written) => io::IoSlice::advance_slices(&mut rest, written),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(())
}

/// Hard-links `staged` to the previous site's `previous` file when that is a plain file holding
/// exactly `pieces`, one after the other; says whether it did. The caller has checked that no
/// folder on the way to `previous` is a symbolic link. An unchanged page thus keeps its file and its
/// modification time, so deploy tools and caches that go by dates see only real changes, and a
/// rebuild creates (and the swap deletes) only the files that changed, which on most file
/// systems is the slowest part of writing a site. Nothing is ever written through the link:
/// every build writes changed files as new files.
fn link_if_unchanged(previous: &Path, pieces: &[&[u8]], staged: &Path) -> bool {
    let len: usize = pieces.iter().map(|piece| piece.len()).sum();
    let is_same_size_file = std::fs::symlink_metadata(previous)
        .is_ok_and(|metadata| metadata.is_file() && metadata.len() == len as u64);
    is_same_size_file
        && holds_exactly(previous, pieces)
        && std::fs::hard_link(previous, staged).is_ok()
}

/// Copies the checked file `file` to `staged` (through the guarded opening, in the kernel, not
/// through this process's memory), or hard-links the previous site's file `previous` when it
/// holds the same bytes, as [`link_if_unchanged`] does for the files held in memory (the caller
/// has checked `previous`'s folders as for that).
fn copy_or_link(
    file: &CheckedFile,
    previous: Option<PathBuf>,
    staged: &Path,
) -> Result<(), WriteError> {
    let failed = |error: ReadError| WriteError::Io {
        action: "cannot copy",
        path: file.path.clone(),
        source: match error {
            ReadError::Io(error) => error,
            other => io::Error::other(other.to_string()),
        },
    };
    let (mut source, len) = file.open().map_err(failed)?;
    if let Some(previous) = previous {
        let is_same_size_file = std::fs::symlink_metadata(&previous)
            .is_ok_and(|metadata| metadata.is_file() && metadata.len() == len);
        if is_same_size_file
            && same_contents(&previous, &mut source)
            && std::fs::hard_link(&previous, staged).is_ok()
        {
            return Ok(());
        }
        io::Seek::rewind(&mut source)
            .map_err(ReadError::Io)
            .map_err(failed)?;
    }
    file.copy_open(&source, staged).map_err(failed)?;
    Ok(())
}

/// Whether the file at `path` holds exactly what `source` holds from where it is read on,
/// both read a piece at a time.
fn same_contents(path: &Path, source: &mut std::fs::File) -> bool {
    use std::io::BufRead;
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut ours = io::BufReader::with_capacity(64 * 1024, source);
    let mut theirs = io::BufReader::with_capacity(64 * 1024, file);
    loop {
        let (Ok(a), Ok(b)) = (ours.fill_buf(), theirs.fill_buf()) else {
            return false;
        };
        if a.is_empty() || b.is_empty() {
            return a.is_empty() && b.is_empty();
        }
        let length = a.len().min(b.len());
        if a[..length] != b[..length] {
            return false;
        }
        ours.consume(length);
        theirs.consume(length);
    }
}

/// Whether `folder` (of the previous site) is, or lies under, a symbolic link: its real
/// location differs from where it is written.
fn through_a_link(folder: &Path) -> bool {
    match (folder.canonicalize(), std::path::absolute(folder)) {
        (Ok(real), Ok(written)) => real != written,
        _ => true,
    }
}

/// Whether the file at `path` holds exactly `pieces`, one after the other, read a piece at a
/// time (a site's pages together are far larger than any one piece needs to be).
fn holds_exactly(path: &Path, pieces: &[&[u8]]) -> bool {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let mut expected = pieces.iter().copied().filter(|piece| !piece.is_empty());
    let mut current: &[u8] = expected.next().unwrap_or_default();
    let mut piece = [0; 64 * 1024];
    loop {
        let read = match file.read(&mut piece) {
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return false,
        };
        if read == 0 {
            return current.is_empty() && expected.next().is_none();
        }
        let mut got = &piece[..read];
        while !got.is_empty() {
            if current.is_empty() {
                match expected.next() {
                    Some(next) => current = next,
                    None => return false,
                }
            }
            let length = got.len().min(current.len());
            if got[..length] != current[..length] {
                return false;
            }
            got = &got[length..];
            current = &current[length..];
        }
    }
}

/// Moves the finished staging folder to `out`, keeping the old site until the move succeeded.
fn swap_into_place(staging: tempfile::TempDir, out: &Path) -> Result<Previous, WriteError> {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let old = out.with_file_name(format!(".{name}.old-{}", std::process::id()));
    let had_old = std::fs::symlink_metadata(out).is_ok();
    if had_old {
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
    if !had_old {
        return Ok(Previous::None);
    }
    match remove_marker_last(&old) {
        Ok(()) => Ok(Previous::Replaced),
        Err(error) => {
            // The removal may have taken the marker before it failed; put it back so the next
            // build knows this leftover for its own and removes it.
            let _ = std::fs::write(old.join(MARKER_FILE), MARKER_TEXT);
            Ok(Previous::LeftAt {
                moved_to: old,
                error,
            })
        }
    }
}

/// Removes `.NAME.staging-PID-…` and `.NAME.old-PID` folders beside the output that a killed
/// build left: only folders that carry the marker, and only when process PID is not running
/// (two builds into the same folder at once must not delete each other's work). Failures are
/// ignored: a leftover costs disk space, never correctness.
fn remove_stale_leftovers(parent: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    let staging_prefix = format!(".{name}.staging-");
    let old_prefix = format!(".{name}.old-");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(file_name) = file_name.to_str() else {
            continue;
        };
        let rest = file_name
            .strip_prefix(&staging_prefix)
            .or_else(|| file_name.strip_prefix(&old_prefix));
        let Some(pid) = rest.and_then(|rest| rest.split('-').next()?.parse::<u32>().ok()) else {
            continue;
        };
        let path = entry.path();
        let is_own_folder =
            entry.file_type().is_ok_and(|kind| kind.is_dir()) && path.join(MARKER_FILE).is_file();
        if !process_is_running(pid) {
            if is_own_folder {
                let _ = remove_marker_last(&path);
            } else {
                // The last step of `remove_marker_last` left undone: an empty folder, if any.
                let _ = std::fs::remove_dir(&path);
            }
        }
    }
}

/// Removes a site folder the build wrote, its marker last: a build killed part-way leaves a
/// folder that still carries the marker (so the next build removes it), or an empty one.
fn remove_marker_last(folder: &Path) -> io::Result<()> {
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?;
        if entry.file_name() == MARKER_FILE {
            continue;
        }
        if entry.file_type()?.is_dir() {
            std::fs::remove_dir_all(entry.path())?;
        } else {
            std::fs::remove_file(entry.path())?;
        }
    }
    std::fs::remove_file(folder.join(MARKER_FILE))?;
    std::fs::remove_dir(folder)
}

/// Whether a process with this id is running. A leftover named with this process's own id is
/// not this build's (it has made none yet), so its maker is gone. Where processes cannot be
/// looked up, the maker counts as running, so nothing is removed.
fn process_is_running(pid: u32) -> bool {
    if pid == std::process::id() {
        return false;
    }
    if cfg!(target_os = "linux") {
        Path::new("/proc").join(pid.to_string()).exists()
    } else {
        true
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn site(files: &[(&str, &str)]) -> RenderedSite {
        RenderedSite {
            files: files
                .iter()
                .map(|(path, text)| (path.to_string(), text.as_bytes().into()))
                .collect(),
            ..RenderedSite::default()
        }
    }

    #[test]
    fn writes_every_file_and_replaces_the_previous_site() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        let first = write_site(
            &site(&[("index.html", "one"), ("old.html", "x")]),
            &out,
            false,
        );
        assert!(matches!(first, Ok(Previous::None)), "{first:?}");
        let second = write_site(
            &site(&[("index.html", "two"), ("katex/a.css", "c")]),
            &out,
            false,
        );
        assert!(matches!(second, Ok(Previous::Replaced)), "{second:?}");
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
    fn pages_put_while_building_are_published_with_the_rest_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        write_site(&site(&[("index.html", "old")]), &out, false).unwrap();
        let staging = Staging::begin(&out, false).unwrap();
        staging.put("part/lesson.html", &[b"page"]).unwrap();
        assert!(staging.put("../escape.html", &[b"x"]).is_err());
        assert!(
            staging.failure().is_some(),
            "the refusal is kept for the build"
        );
        drop(staging);
        assert_eq!(
            std::fs::read_to_string(out.join("index.html")).unwrap(),
            "old"
        );
        assert!(!out.join("part").exists());
        let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(leftovers, 1, "a dropped staging folder is removed");

        let staging = Staging::begin(&out, false).unwrap();
        staging.put("part/lesson.html", &[b"page"]).unwrap();
        let mut rest = site(&[("index.html", "new")]);
        rest.streamed.insert("part/lesson.html".to_string());
        staging.finish(&rest).unwrap();
        assert_eq!(
            std::fs::read_to_string(out.join("part/lesson.html")).unwrap(),
            "page"
        );
        assert_eq!(
            std::fs::read_to_string(out.join("index.html")).unwrap(),
            "new"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_page_put_in_pieces_is_their_bytes_in_order_and_is_reused_only_when_they_match() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        let build = |pieces: &[&[u8]]| {
            let staging = Staging::begin(&out, false).unwrap();
            staging.put("part/lesson.html", pieces).unwrap();
            let mut rest = site(&[]);
            rest.streamed.insert("part/lesson.html".to_string());
            staging.finish(&rest).unwrap();
            let page = out.join("part/lesson.html");
            (
                std::fs::read(&page).unwrap(),
                page.metadata().unwrap().ino(),
            )
        };
        let big = vec![b'x'; 100 << 10];
        let (first, inode) = build(&[b"<head>", b"", &big, b"</body>"]);
        assert_eq!(first, [b"<head>".as_slice(), &big, b"</body>"].concat());
        // The same bytes cut elsewhere are the same page: its file is kept.
        let (_, same) = build(&[b"<he", b"ad>", &big[..5], &big[5..], b"</body>", b""]);
        assert_eq!(same, inode);
        // As long, but one byte differs, or shorter: written anew.
        for pieces in [
            &[b"<head>".as_slice(), &big, b"</bodY>"][..],
            &[b"<head>".as_slice(), &big][..],
        ] {
            let before = out.join("part/lesson.html").metadata().unwrap().ino();
            let (bytes, after) = build(pieces);
            assert_eq!(bytes, pieces.concat());
            assert_ne!(after, before);
        }
    }

    #[cfg(unix)]
    #[test]
    fn an_unchanged_file_keeps_its_file_and_a_changed_or_edited_one_is_written_anew() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        // Pages larger than the piece a comparison reads at a time, one differing at its end.
        let big = "x".repeat(150_000);
        let big_end_one = format!("{big}1");
        let big_end_two = format!("{big}2");
        let files = [
            ("same.html", "kept"),
            ("changed.html", "one"),
            ("edited.html", "e"),
            ("big.html", big.as_str()),
            ("big-changed.html", big_end_one.as_str()),
        ];
        write_site(&site(&files), &out, false).unwrap();
        let identity = |name: &str| std::fs::metadata(out.join(name)).unwrap().ino();
        let (same, changed) = (identity("same.html"), identity("changed.html"));
        let (big_same, big_changed) = (identity("big.html"), identity("big-changed.html"));
        // Someone edits a page by hand without changing its size: the build must not keep it.
        std::fs::write(out.join("edited.html"), "E").unwrap();
        let edited = identity("edited.html");
        let files = [
            ("same.html", "kept"),
            ("changed.html", "two"),
            ("edited.html", "e"),
            ("big.html", big.as_str()),
            ("big-changed.html", big_end_two.as_str()),
        ];
        write_site(&site(&files), &out, false).unwrap();
        assert_eq!(
            identity("same.html"),
            same,
            "an unchanged page keeps its file"
        );
        assert_eq!(identity("big.html"), big_same);
        assert_ne!(identity("big-changed.html"), big_changed);
        assert_ne!(identity("changed.html"), changed);
        assert_ne!(identity("edited.html"), edited);
        for (name, text) in files {
            assert_eq!(std::fs::read_to_string(out.join(name)).unwrap(), text);
        }
    }

    /// A site whose `copied` files are copied from `sources` (name, path of the source).
    fn site_copying(sources: &[(&str, &Path)]) -> RenderedSite {
        let mut site = site(&[("index.html", "i")]);
        for (name, source) in sources {
            let file = CheckedFile::check(source, 1 << 20).unwrap();
            site.copied.insert(name.to_string(), file);
        }
        site
    }

    #[cfg(unix)]
    #[test]
    fn a_copied_file_keeps_its_bytes_and_its_file_while_unchanged() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        // Larger than a piece of the comparison, and not text.
        let image: Vec<u8> = (0..200_000u32).map(|n| (n % 251) as u8).collect();
        let (kept, changed) = (dir.path().join("kept.png"), dir.path().join("changed.png"));
        std::fs::write(&kept, &image).unwrap();
        std::fs::write(&changed, &image).unwrap();
        let out = dir.path().join("public");
        let sources = [
            ("img/kept.png", kept.as_path()),
            ("changed.png", changed.as_path()),
        ];
        write_site(&site_copying(&sources), &out, false).unwrap();
        assert_eq!(std::fs::read(out.join("img/kept.png")).unwrap(), image);
        assert_eq!(std::fs::read(out.join("changed.png")).unwrap(), image);
        let identity = |name: &str| std::fs::metadata(out.join(name)).unwrap().ino();
        let (kept_file, changed_file) = (identity("img/kept.png"), identity("changed.png"));
        // The same size, one byte different at the end.
        let mut edited = image.clone();
        *edited.last_mut().unwrap() ^= 1;
        std::fs::write(&changed, &edited).unwrap();
        write_site(&site_copying(&sources), &out, false).unwrap();
        assert_eq!(
            identity("img/kept.png"),
            kept_file,
            "unchanged: the same file"
        );
        assert_ne!(identity("changed.png"), changed_file);
        assert_eq!(std::fs::read(out.join("changed.png")).unwrap(), edited);
        assert_eq!(
            std::fs::read(&kept).unwrap(),
            image,
            "the source is untouched"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_copied_file_swapped_for_a_fifo_or_grown_past_its_cap_leaves_the_site_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("a.png");
        std::fs::write(&source, "png").unwrap();
        let out = dir.path().join("public");
        let site = site_copying(&[("a.png", source.as_path())]);
        write_site(&site, &out, false).unwrap();
        std::fs::remove_file(&source).unwrap();
        let name = std::ffi::CString::new(source.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: `name` is a valid NUL-terminated path for the duration of the call.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
        let error = write_site(&site, &out, false).unwrap_err().to_string();
        assert!(
            error.contains("a named pipe (FIFO), not a regular file"),
            "{error}"
        );
        std::fs::remove_file(&source).unwrap();
        std::fs::write(&source, vec![b'x'; (1 << 20) + 1]).unwrap();
        let error = write_site(&site, &out, false).unwrap_err().to_string();
        assert!(error.contains("larger than 1 MiB"), "{error}");
        assert_eq!(std::fs::read(out.join("a.png")).unwrap(), b"png");
    }

    #[cfg(unix)]
    #[test]
    fn files_of_a_forced_foreign_folder_or_behind_symbolic_links_are_never_reused() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = dir.path().join("elsewhere.html");
        std::fs::write(&elsewhere, "same").unwrap();
        let out = dir.path().join("public");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("foreign.html"), "same").unwrap();
        let foreign = std::fs::metadata(out.join("foreign.html")).unwrap().ino();
        let files = [("foreign.html", "same"), ("linked.html", "same")];
        write_site(&site(&files), &out, true).unwrap();
        assert_ne!(
            std::fs::metadata(out.join("foreign.html")).unwrap().ino(),
            foreign,
            "a folder no build wrote lends nothing"
        );
        std::fs::remove_file(out.join("linked.html")).unwrap();
        std::os::unix::fs::symlink(&elsewhere, out.join("linked.html")).unwrap();
        write_site(&site(&files), &out, false).unwrap();
        let linked = std::fs::symlink_metadata(out.join("linked.html")).unwrap();
        assert!(linked.is_file(), "the page is a file again, not the link");
        assert_ne!(linked.ino(), std::fs::metadata(&elsewhere).unwrap().ino());
        assert_eq!(std::fs::read_to_string(&elsewhere).unwrap(), "same");
    }

    #[test]
    fn refuses_paths_that_escape_the_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        let error = write_site(&site(&[("../evil.html", "x")]), &out, false).unwrap_err();
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

    #[test]
    fn parent_steps_through_missing_folders_cannot_reach_a_source_folder() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("book");
        std::fs::create_dir_all(root.join("content")).unwrap();
        for bad in [
            root.join("nope/../content"),
            root.join("nope/deeper/../../content"),
            root.join("x/../../book"),
            dir.path().join("elsewhere/../book"),
        ] {
            assert!(
                check_output_location(&root, &bad).is_err(),
                "{} should be refused",
                bad.display()
            );
        }
        assert!(check_output_location(&root, &root.join("nope/../public")).is_ok());
    }

    #[test]
    fn a_symbolic_link_to_a_source_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("book");
        std::fs::create_dir_all(root.join("content")).unwrap();
        std::os::unix::fs::symlink(root.join("content"), dir.path().join("link")).unwrap();
        assert!(check_output_location(&root, &dir.path().join("link")).is_err());
        // `link/..` is the real parent of content/, the root, not the folder holding the link.
        assert!(check_output_location(&root, &dir.path().join("link/..")).is_err());
    }

    #[test]
    fn a_non_empty_folder_without_the_marker_is_kept_unless_forced() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("mine");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("thesis.tex"), "years of work").unwrap();
        let error = write_site(&site(&[("index.html", "x")]), &out, false).unwrap_err();
        assert!(error.to_string().contains("--force"), "{error}");
        assert_eq!(
            std::fs::read_to_string(out.join("thesis.tex")).unwrap(),
            "years of work"
        );
        let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(leftovers, 1, "a refusal creates no staging folder");

        write_site(&site(&[("index.html", "x")]), &out, true).unwrap();
        assert!(!out.join("thesis.tex").exists());
        assert!(out.join(MARKER_FILE).is_file());
    }

    #[test]
    fn an_empty_folder_or_a_marked_one_is_replaced_without_force() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("empty");
        std::fs::create_dir(&out).unwrap();
        write_site(&site(&[("index.html", "1")]), &out, false).unwrap();
        std::fs::write(out.join("stray.html"), "").unwrap();
        write_site(&site(&[("index.html", "2")]), &out, false).unwrap();
        assert!(!out.join("stray.html").exists());
    }

    /// The id of a process that has exited (ids are reused only after the counter wraps).
    fn dead_pid() -> u32 {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    }

    #[test]
    fn stale_staging_and_old_folders_of_dead_builds_are_removed_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        let dead = dead_pid();
        let marked = |name: &str| {
            let path = dir.path().join(name);
            std::fs::create_dir(&path).unwrap();
            std::fs::write(path.join(MARKER_FILE), MARKER_TEXT).unwrap();
            std::fs::write(path.join("big.html"), "x").unwrap();
            path
        };
        let stale_staging = marked(&format!(".public.staging-{dead}-abc"));
        let stale_old = marked(&format!(".public.old-{dead}"));
        let own_id_leftover = marked(&format!(".public.staging-{}-abc", std::process::id()));
        let unmarked = dir.path().join(format!(".public.old-{dead}-mine"));
        std::fs::create_dir(&unmarked).unwrap();
        std::fs::write(unmarked.join("notes.txt"), "mine").unwrap();
        let other_name = marked(&format!(".other.staging-{dead}-abc"));

        write_site(&site(&[("index.html", "x")]), &out, false).unwrap();
        assert!(
            !stale_staging.exists(),
            "a dead build's staging folder goes"
        );
        assert!(!stale_old.exists(), "a dead build's previous site goes");
        assert!(unmarked.exists(), "a folder without the marker stays");
        assert!(other_name.exists(), "leftovers of another output stay");
        assert!(
            !own_id_leftover.exists(),
            "a leftover named with this process's id predates this build"
        );
        let live = std::process::Command::new("sleep")
            .arg("5")
            .spawn()
            .unwrap();
        let busy = marked(&format!(".public.staging-{}-abc", live.id()));
        write_site(&site(&[("index.html", "y")]), &out, false).unwrap();
        assert!(busy.exists(), "a running build's staging folder stays");
        let mut live = live;
        live.kill().unwrap();
        live.wait().unwrap();
    }

    mod path_guard {
        use super::super::*;
        use proptest::prelude::*;

        const PARTS: [&str; 9] = [
            "book",
            "content",
            "static",
            "templates",
            "out",
            "nope",
            "up",
            ".",
            "..",
        ];

        /// `scratch/book/{content,static,templates}`, `scratch/out`, and links in both
        /// directions: `scratch/out/up -> scratch/book` and `scratch/book/content/up -> scratch`.
        fn scratch_book() -> (tempfile::TempDir, PathBuf) {
            let dir = tempfile::tempdir().unwrap();
            let root = dir.path().join("book");
            for folder in ["content", "static", "templates"] {
                std::fs::create_dir_all(root.join(folder)).unwrap();
            }
            std::fs::create_dir(dir.path().join("out")).unwrap();
            std::os::unix::fs::symlink(&root, dir.path().join("out/up")).unwrap();
            std::os::unix::fs::symlink(dir.path(), root.join("content/up")).unwrap();
            (dir, root)
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(192))]
            /// Whatever the spelling, an accepted output, once really created, is neither the
            /// book root nor a source folder, nor inside a source folder, nor above the root.
            #[test]
            fn an_accepted_output_never_lands_in_the_book(
                parts in proptest::collection::vec(0..PARTS.len(), 1..7),
                from_root in any::<bool>(),
            ) {
                let (dir, root) = scratch_book();
                let base = if from_root { root.clone() } else { dir.path().to_path_buf() };
                let out = parts.iter().fold(base, |path, &part| path.join(PARTS[part]));
                if check_output_location(&root, &out).is_ok() {
                    // The ground truth: let the OS create the folder and say where it is.
                    if std::fs::create_dir_all(&out).is_ok() {
                        let real = out.canonicalize().unwrap();
                        let real_root = root.canonicalize().unwrap();
                        prop_assert!(!real_root.starts_with(&real), "{} holds the book", out.display());
                        for folder in ["content", "static", "templates"] {
                            prop_assert!(
                                !real.starts_with(real_root.join(folder)),
                                "{} is in {folder}", out.display()
                            );
                        }
                    }
                }
            }
        }
    }
}
