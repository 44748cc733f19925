//! Source files and positions.
//!
//! Every stage that can fail keeps byte offsets into the original file; this module turns them
//! into the `line:column` pairs that authors see. Columns count characters, not bytes, so a
//! position after "Ł" or "√" still points at the right place in an editor. Paths are shown the
//! same way everywhere, relative to the book root with `/` separators ([`display_path`]).

use std::path::Path;
use std::sync::Arc;

/// One input file held in memory, with the path shown to authors (relative to the book root).
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Path as shown in diagnostics, with `/` separators (e.g. `content/attention.md`).
    pub path: String,
    /// The whole text; shared so diagnostics can quote it without copying.
    pub text: Arc<str>,
    line_starts: Arc<[usize]>,
    /// For a lesson with `{{#include}}`s expanded into `text`: where each piece of `text`
    /// came from, in order of [`Origin::at`], so problems point at the file an author edits.
    origins: Option<Arc<[Origin]>>,
}

/// A piece of an expanded text that starts at byte `at` and comes from `file` at `offset`; it
/// runs to the next origin's `at`.
#[derive(Debug, Clone)]
pub struct Origin {
    /// Where the piece starts in the expanded text.
    pub at: usize,
    /// The file as written (the lesson itself, or an included file).
    pub file: SourceFile,
    /// Where the piece starts in `file`.
    pub offset: usize,
}

const BOM: char = '\u{feff}';

/// A 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineColumn {
    /// Line number, counting from 1.
    pub line: usize,
    /// Column in characters, counting from 1.
    pub column: usize,
}

impl SourceFile {
    /// Wraps a file's text and indexes its line starts once.
    pub fn new(path: impl Into<String>, text: impl Into<Arc<str>>) -> Self {
        let text: Arc<str> = text.into();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(at, _)| at + 1))
            .collect();
        SourceFile {
            path: path.into(),
            text,
            line_starts,
            origins: None,
        }
    }

    /// An expanded text whose pieces come from the files named by `origins` (sorted by
    /// [`Origin::at`], the first at 0).
    pub fn expanded(path: impl Into<String>, text: String, origins: Vec<Origin>) -> Self {
        let mut file = SourceFile::new(path, text);
        file.origins = Some(origins.into());
        file
    }

    /// The file as written and the span in it of `span` of this text: itself for a plain
    /// file; for an expanded one, the piece holding the span's start (the end is clipped to
    /// that piece).
    pub fn origin_of(&self, span: std::ops::Range<usize>) -> (SourceFile, std::ops::Range<usize>) {
        let Some(origins) = self
            .origins
            .as_deref()
            .filter(|origins| !origins.is_empty())
        else {
            return (self.clone(), span);
        };
        let index = origins
            .partition_point(|origin| origin.at <= span.start)
            .saturating_sub(1);
        let origin = &origins[index];
        let piece_end = origins
            .get(index + 1)
            .map_or(self.text.len(), |next| next.at);
        let start = origin.offset + span.start.saturating_sub(origin.at);
        let end = origin.offset + span.end.min(piece_end).saturating_sub(origin.at);
        let start = start.min(origin.file.text.len());
        (
            origin.file.clone(),
            start..end.clamp(start, origin.file.text.len()),
        )
    }

    /// The line and column of a byte offset (clamped to the text, snapped back to a char boundary).
    pub fn line_column(&self, offset: usize) -> LineColumn {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line_index = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let mut line_start = self.line_starts[line_index];
        // A byte-order mark is invisible in editors; columns on line 1 count from after it.
        if line_index == 0 && self.text.starts_with(BOM) {
            line_start = BOM.len_utf8().min(offset);
        }
        LineColumn {
            line: line_index + 1,
            column: self.text[line_start..offset].chars().count() + 1,
        }
    }

    /// The byte offset where a 1-based line starts, if the file has that line.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        line.checked_sub(1)
            .and_then(|index| self.line_starts.get(index).copied())
    }
}

/// `root/content/a.md` → `content/a.md`, with `/` on every platform.
pub fn display_path(root: &Path, path: &Path) -> String {
    slash_path(path.strip_prefix(root).unwrap_or(path))
}

/// `path` from `folder` (both under `content/`), with `.` and `..` resolved; `None` if it
/// climbs above `content/`. A trailing `/` is dropped.
pub fn resolve_path(folder: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = folder.split('/').filter(|part| !part.is_empty()).collect();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            part => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

/// `path` with `/` between its parts on every platform.
pub fn slash_path(path: &Path) -> String {
    path.components()
        .map(|part| part.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn first_byte_is_line_one_column_one() {
        let file = SourceFile::new("a.md", "hello\nworld");
        assert_eq!(file.line_column(0), LineColumn { line: 1, column: 1 });
    }

    #[test]
    fn offset_after_newline_starts_the_next_line() {
        let file = SourceFile::new("a.md", "hello\nworld");
        assert_eq!(file.line_column(6), LineColumn { line: 2, column: 1 });
        assert_eq!(file.line_column(8), LineColumn { line: 2, column: 3 });
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let file = SourceFile::new("a.md", "√2 = x");
        // "√" is three bytes; "2" is the second character.
        assert_eq!(file.line_column(3), LineColumn { line: 1, column: 2 });
    }

    #[test]
    fn a_byte_order_mark_does_not_count_as_a_column() {
        let file = SourceFile::new("a.md", "\u{feff}+++ x\nab");
        assert_eq!(file.line_column(3), LineColumn { line: 1, column: 1 });
        assert_eq!(file.line_column(7), LineColumn { line: 1, column: 5 });
        assert_eq!(file.line_column(0), LineColumn { line: 1, column: 1 });
        assert_eq!(file.line_column(10), LineColumn { line: 2, column: 2 });
    }

    #[test]
    fn offsets_past_the_end_clamp_to_the_last_position() {
        let file = SourceFile::new("a.md", "ab\n");
        assert_eq!(file.line_column(99), LineColumn { line: 2, column: 1 });
    }

    proptest! {
        #[test]
        fn line_start_round_trips_with_line_column(text in "[a-zé\n]{0,60}", pick in 0usize..64) {
            let file = SourceFile::new("p.md", text.clone());
            let mut offset = pick.min(text.len());
            while !text.is_char_boundary(offset) { offset -= 1; }
            let position = file.line_column(offset);
            let start = file.line_start(position.line).unwrap();
            let back = start + text[start..].chars().take(position.column - 1).map(char::len_utf8).sum::<usize>();
            prop_assert_eq!(back, offset);
        }
    }
}
