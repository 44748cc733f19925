//! Reading an input file safely: only a regular file, and only up to a size cap.
//!
//! A FIFO blocks for ever on open or read, a device such as `/dev/zero` never ends, and a
//! symbolic link can point at either; every file `worked` reads from a book (book.toml, macros
//! files, lessons, templates, static files, `eval` arguments, an mdBook being imported) goes
//! through [`read_regular`], so each of those is one clear error naming the file instead of a
//! hang or gigabytes of memory. The file is opened without blocking and checked with `fstat`
//! on the open handle, so a file swapped for a FIFO between a check and the open cannot hang.

use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// Cap for text a person writes: book.toml, macros files, lessons, templates, chapters.
pub const MAX_TEXT_BYTES: u64 = 16 << 20;

/// Cap for any other file a book carries (images, fonts, data files in `content/` or `static/`).
pub const MAX_ASSET_BYTES: u64 = 64 << 20;

/// Why a file was not read. Its `Display` completes the sentence "cannot read PATH: …".
#[derive(Debug)]
pub enum ReadError {
    /// The operating system refused (missing, permissions, …).
    Io(std::io::Error),
    /// Not a regular file; names what it is instead.
    NotRegular(&'static str),
    /// Larger than the cap, in bytes.
    TooLarge(u64),
    /// Outside the book's folder once links are followed.
    OutsideBook,
}

impl ReadError {
    /// Whether the file does not exist (some callers fall back to defaults then).
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io(error) if error.kind() == std::io::ErrorKind::NotFound)
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(error) => write!(f, "{error}"),
            ReadError::NotRegular(kind) => write!(
                f,
                "it is {kind}, not a regular file (worked reads only regular files)"
            ),
            ReadError::TooLarge(cap) if cap >= &(1 << 20) => write!(
                f,
                "it is larger than {} MiB, the most worked reads from one file",
                cap >> 20
            ),
            ReadError::TooLarge(cap) => write!(
                f,
                "it is larger than {cap} bytes, the most worked reads from one file"
            ),
            ReadError::OutsideBook => write!(
                f,
                "it is outside the book's folder (symbolic links are followed before this check); move it into the folder that holds book.toml"
            ),
        }
    }
}

/// The bytes of `path` (links followed) if it is a regular file of at most `cap` bytes.
pub fn read_regular(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    let (file, length) = open_regular(path)?;
    if length > cap {
        return Err(ReadError::TooLarge(cap));
    }
    let mut bytes = Vec::with_capacity(length as usize);
    // The length can change while reading (a file still being written): the cap holds anyway.
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge(cap));
    }
    Ok(bytes)
}

/// The first `lines` lines of the regular file `path` (all of it when it has fewer), each
/// with its line end: the rest of a file larger than `cap` is never read; only the lines
/// asked for must fit in `cap` bytes.
pub fn read_regular_lines(path: &Path, lines: usize, cap: u64) -> Result<Vec<u8>, ReadError> {
    use std::io::BufRead;
    let (file, _) = open_regular(path)?;
    let mut reader = std::io::BufReader::new(file.take(cap + 1));
    let mut bytes = Vec::new();
    for _ in 0..lines {
        if reader
            .read_until(b'\n', &mut bytes)
            .map_err(ReadError::Io)?
            == 0
        {
            break;
        }
    }
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge(cap));
    }
    Ok(bytes)
}

/// `path` opened without blocking if it is a regular file, with its length.
fn open_regular(path: &Path) -> Result<(std::fs::File, u64), ReadError> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(ReadError::Io)?;
    let metadata = file.metadata().map_err(ReadError::Io)?;
    let kind = metadata.file_type();
    if !kind.is_file() {
        return Err(ReadError::NotRegular(if kind.is_dir() {
            "a folder"
        } else if kind.is_fifo() {
            "a named pipe (FIFO)"
        } else if kind.is_char_device() || kind.is_block_device() {
            "a device"
        } else if kind.is_socket() {
            "a socket"
        } else {
            "a special file"
        }));
    }
    Ok((file, metadata.len()))
}

/// A regular file of at most `cap` bytes that a build copies into the site file to file instead
/// of holding its bytes (an image or a download beside the lessons): checked when the book is
/// loaded, so a FIFO, device, folder or oversized file is the same error as when it was read, and
/// opened through the same checks again when it is copied or read, so nothing swapped in
/// between is followed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CheckedFile {
    /// Where the file is.
    pub path: PathBuf,
    /// Its size in bytes when it was checked.
    pub len: u64,
    /// The most bytes it may hold.
    pub cap: u64,
}

impl CheckedFile {
    /// `path` if it is a regular file (links followed) of at most `cap` bytes; nothing is read.
    pub fn check(path: &Path, cap: u64) -> Result<Self, ReadError> {
        let (_, len) = open_regular(path)?;
        if len > cap {
            return Err(ReadError::TooLarge(cap));
        }
        Ok(CheckedFile {
            path: path.to_path_buf(),
            len,
            cap,
        })
    }

    /// The file opened for reading, checked again as [`CheckedFile::check`] did, with its
    /// length now.
    pub fn open(&self) -> Result<(std::fs::File, u64), ReadError> {
        let (file, len) = open_regular(&self.path)?;
        if len > self.cap {
            return Err(ReadError::TooLarge(self.cap));
        }
        Ok((file, len))
    }

    /// Its bytes now (for `serve` and `check --site`, which hold the whole site).
    pub fn read(&self) -> Result<Vec<u8>, ReadError> {
        read_regular(&self.path, self.cap)
    }

    /// Copies the open `file` (from [`CheckedFile::open`], read from its start) into the new
    /// file `to`, in the kernel where it can (`copy_file_range`), never into this process's
    /// memory whole; the cap holds even if the file grew since it was opened.
    pub fn copy_open(&self, file: &std::fs::File, to: &Path) -> Result<u64, ReadError> {
        let mut out = std::fs::File::create(to).map_err(ReadError::Io)?;
        let copied =
            std::io::copy(&mut file.take(self.cap + 1), &mut out).map_err(ReadError::Io)?;
        if copied > self.cap {
            return Err(ReadError::TooLarge(self.cap));
        }
        Ok(copied)
    }
}

/// [`read_regular`] of `name`, relative to the book folder `root`, which it must not leave.
pub fn read_in_book(root: &Path, name: &str, cap: u64) -> Result<Vec<u8>, ReadError> {
    let book = root.canonicalize().map_err(ReadError::Io)?;
    let real = root.join(name).canonicalize().map_err(ReadError::Io)?;
    if !real.starts_with(&book) {
        return Err(ReadError::OutsideBook);
    }
    read_regular(&real, cap)
}

/// [`read_regular`] for UTF-8 text.
pub fn read_regular_text(path: &Path, cap: u64) -> Result<String, ReadError> {
    utf8_text(read_regular(path, cap)?)
}

/// Bytes read as UTF-8 text; the error for other bytes reads like `std`'s.
pub fn utf8_text(bytes: Vec<u8>) -> Result<String, ReadError> {
    String::from_utf8(bytes).map_err(|_| {
        ReadError::Io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_a_device_and_a_folder_are_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: `name` is a valid NUL-terminated path for the duration of the call.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
        let link = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        for (path, kind) in [
            (fifo.as_path(), "a named pipe (FIFO)"),
            (link.as_path(), "a device"),
            (dir.path(), "a folder"),
        ] {
            let error = read_regular(path, MAX_TEXT_BYTES).unwrap_err();
            assert!(
                error.to_string().starts_with(&format!("it is {kind}")),
                "{error}"
            );
        }
    }

    #[test]
    fn a_file_over_the_cap_is_refused_and_one_at_the_cap_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big");
        std::fs::write(&path, vec![b'x'; 1025]).unwrap();
        assert!(matches!(
            read_regular(&path, 1024),
            Err(ReadError::TooLarge(1024))
        ));
        assert_eq!(read_regular(&path, 1025).unwrap().len(), 1025);
        assert!(read_regular(&dir.path().join("missing"), 1)
            .unwrap_err()
            .is_not_found());
    }

    #[test]
    fn a_file_outside_the_book_is_refused_however_it_is_named() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret"), "x").unwrap();
        let book = tempfile::tempdir().unwrap();
        std::fs::write(book.path().join("mine"), "y").unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret"), book.path().join("link"))
            .unwrap();
        let absolute = outside.path().join("secret");
        let name = outside.path().file_name().unwrap().to_str().unwrap();
        let relative = format!("../{name}/secret");
        for name in ["link", &relative, absolute.to_str().unwrap()] {
            assert!(
                matches!(
                    read_in_book(book.path(), name, 9),
                    Err(ReadError::OutsideBook)
                ),
                "{name}"
            );
        }
        assert_eq!(read_in_book(book.path(), "mine", 9).unwrap(), b"y");
    }

    #[test]
    fn a_checked_file_is_refused_as_a_read_one_is_and_copies_its_bytes_within_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(matches!(
            CheckedFile::check(&link, 1024),
            Err(ReadError::NotRegular("a device"))
        ));
        assert!(matches!(
            CheckedFile::check(dir.path(), 1024),
            Err(ReadError::NotRegular("a folder"))
        ));
        let path = dir.path().join("image");
        let bytes: Vec<u8> = (0..=255).collect();
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(
            CheckedFile::check(&path, 255),
            Err(ReadError::TooLarge(255))
        ));
        let file = CheckedFile::check(&path, 256).unwrap();
        assert_eq!(file.len, 256);
        let copy = dir.path().join("copy");
        let (open, _) = file.open().unwrap();
        assert_eq!(file.copy_open(&open, &copy).unwrap(), 256);
        assert_eq!(std::fs::read(&copy).unwrap(), bytes);
        assert_eq!(file.read().unwrap(), bytes);
        // Grown past the cap after the check: refused when opened or read again.
        std::fs::write(&path, vec![b'x'; 257]).unwrap();
        assert!(matches!(file.open(), Err(ReadError::TooLarge(256))));
        assert!(matches!(file.read(), Err(ReadError::TooLarge(256))));
    }

    #[test]
    fn only_the_lines_asked_for_are_read_and_they_must_fit_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big");
        let mut text = b"one\ntwo\n".to_vec();
        text.extend(vec![b'x'; 4096]);
        std::fs::write(&path, &text).unwrap();
        assert_eq!(read_regular_lines(&path, 2, 1024).unwrap(), b"one\ntwo\n");
        assert!(matches!(
            read_regular_lines(&path, 3, 1024),
            Err(ReadError::TooLarge(1024))
        ));
        assert_eq!(read_regular_lines(&path, 9, 8192).unwrap(), text);
        assert!(read_regular_lines(dir.path(), 1, 1024).is_err());
    }
}
