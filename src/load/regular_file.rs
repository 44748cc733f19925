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
        }
    }
}

/// The bytes of `path` (links followed) if it is a regular file of at most `cap` bytes.
pub fn read_regular(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
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
    if metadata.len() > cap {
        return Err(ReadError::TooLarge(cap));
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    // The length can change while reading (a file still being written): the cap holds anyway.
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge(cap));
    }
    Ok(bytes)
}

/// [`read_regular`] for UTF-8 text; the error for other bytes reads like `std`'s.
pub fn read_regular_text(path: &Path, cap: u64) -> Result<String, ReadError> {
    let bytes = read_regular(path, cap)?;
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
}
