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
use std::path::Path;

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
