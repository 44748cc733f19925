//! mdBook's include directives in a lesson, expanded before its Markdown is read, as mdBook's
//! `links` preprocessor expands them (everywhere in the text, code blocks included):
//!
//! - `{{#include file}}`, `{{#include file:anchor}}` (the lines between `ANCHOR: anchor` and
//!   `ANCHOR_END: anchor`, marker lines of any anchor left out), `{{#include file:10}}` (one
//!   line), `file:10:20`, `file:10:` and `file::20` (1-based, inclusive);
//! - `{{#rustdoc_include …}}`, the same selection without marker lines: the lines mdBook
//!   would hide with `# ` are left out, since a page here has no control to show them;
//! - `{{#title text}}`, the page's `<title>`;
//! - `\{{#…}}` is written `{{#…}}`, for a page that shows the syntax.
//!
//! Paths are relative to the file holding the directive and must stay inside the book's
//! folder once symbolic links are resolved. Included files may include others, up to
//! [`MAX_INCLUDE_DEPTH`] deep; a file that includes itself is an error, and so is a lesson
//! that grows past [`MAX_EXPANDED_BYTES`]. Every problem is an error at the directive.
//!
//! Positions stay honest: the expanded text is a [`SourceFile`] whose [`Origin`]s say which
//! file and offset each piece came from, so a problem found later in included text (a bad
//! formula in an included Markdown file) is reported at that file's own line and column.

use crate::base::diagnostics::Diagnostic;
use crate::base::source::{Origin, SourceFile};
use crate::load::regular_file::{read_regular, read_regular_lines, utf8_text, MAX_TEXT_BYTES};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The directives worked runs.
const DIRECTIVES: [&str; 3] = ["include", "rustdoc_include", "title"];

/// Deepest chain of files including files (mdBook stops at 10 too).
pub const MAX_INCLUDE_DEPTH: usize = 10;

/// Largest a lesson may grow with everything it includes.
pub const MAX_EXPANDED_BYTES: usize = 8 * 1024 * 1024;

/// A lesson's text with its directives expanded.
pub struct Expanded {
    /// The new text (`source.path` kept), with origins when anything was included.
    pub source: SourceFile,
    /// The last `{{#title …}}`, if any.
    pub title: Option<String>,
    /// Every file included, by its path from the book folder (`content/parts/note.md`).
    pub files: Vec<String>,
}

/// Expands the directives in `body` of `source` (a lesson at `path` on disk) within the book
/// folder `root`. `None` when the lesson has none, so most lessons cost one search.
pub fn expand_includes(
    root: &Path,
    path: &Path,
    source: &SourceFile,
    body: Range<usize>,
) -> Option<Result<Expanded, Vec<Diagnostic>>> {
    if !source.text[body.clone()].contains("{{#") {
        return None;
    }
    let root = match root.canonicalize() {
        Ok(root) => root,
        Err(error) => {
            return Some(Err(vec![Diagnostic::io(format!(
                "cannot read the book folder: {error}"
            ))]))
        }
    };
    let mut expander = Expander {
        root,
        text: source.text[..body.start].to_string(),
        origins: vec![Origin {
            at: 0,
            file: source.clone(),
            offset: 0,
        }],
        title: None,
        files: Vec::new(),
        problems: Vec::new(),
        chain: vec![path.canonicalize().unwrap_or_else(|_| path.to_path_buf())],
    };
    expander.expand(source, body);
    if !expander.problems.is_empty() {
        return Some(Err(expander.problems));
    }
    Some(Ok(Expanded {
        source: SourceFile::expanded(source.path.clone(), expander.text, expander.origins),
        title: expander.title,
        files: expander.files,
    }))
}

struct Expander {
    /// The book folder, resolved.
    root: PathBuf,
    text: String,
    origins: Vec<Origin>,
    title: Option<String>,
    files: Vec<String>,
    problems: Vec<Diagnostic>,
    /// The files being expanded, outermost first (for cycles and depth).
    chain: Vec<PathBuf>,
}

/// Which lines of a file a directive takes.
#[derive(Debug, PartialEq, Eq)]
enum Selection {
    All,
    /// 1-based, inclusive; `None` is the file's start or end.
    Lines(Option<usize>, Option<usize>),
    Anchor(String),
}

impl Expander {
    /// Appends `range` of `file` to the text, expanding the directives in it.
    fn expand(&mut self, file: &SourceFile, range: Range<usize>) {
        let mut from = range.start;
        let mut scan = range.start;
        while let Some(found) = file.text[scan..range.end].find("{{#") {
            let open = scan + found;
            let escaped = file.text[..open].ends_with('\\');
            let close = file.text[open..range.end]
                .find("}}")
                .map(|at| open + at + 2)
                .filter(|&close| !file.text[open..close].contains('\n'));
            if escaped {
                // mdBook writes `\{{#…}}` as `{{#…}}`; the reference stage leaves `{{#` alone.
                self.copy(file, from..open - 1);
                from = open;
            }
            let Some(close) = close.filter(|_| !escaped) else {
                if !escaped {
                    self.unclosed(file, open, range.end);
                }
                scan = open + 3;
                continue;
            };
            self.copy(file, from..open);
            self.directive(file, open..close);
            from = close;
            scan = close;
        }
        self.copy(file, from..range.end);
    }

    /// A directive at `open` with no `}}` on its line would print as text: an error, when it
    /// names one worked runs (other text may hold `{{#`).
    fn unclosed(&mut self, file: &SourceFile, open: usize, end: usize) {
        let line = file.text[open..end].split('\n').next().unwrap_or_default();
        let name = line[3..]
            .split(|c: char| c.is_whitespace() || c == '}')
            .next()
            .unwrap_or_default();
        if DIRECTIVES.contains(&name) {
            self.problem(
                file,
                open..open + line.len(),
                format!("this `{{{{#{name}` has no closing `}}}}` on its line"),
                "end the directive on its line with }}, or write \\{{#… to show the text as it is",
            );
        }
    }

    /// Appends `range` of `file` unchanged.
    fn copy(&mut self, file: &SourceFile, range: Range<usize>) {
        if range.is_empty() {
            return;
        }
        let at = self.text.len();
        let continues = self.origins.last().is_some_and(|last| {
            Self::same_file(&last.file, file) && last.offset + (at - last.at) == range.start
        });
        if !continues {
            self.origins.push(Origin {
                at,
                file: file.clone(),
                offset: range.start,
            });
        }
        self.text.push_str(&file.text[range]);
    }

    fn same_file(a: &SourceFile, b: &SourceFile) -> bool {
        a.path == b.path && std::sync::Arc::ptr_eq(&a.text, &b.text)
    }

    fn problem(&mut self, file: &SourceFile, span: Range<usize>, message: String, help: &str) {
        self.problems
            .push(Diagnostic::at(file, span, message).with_help(help.to_string()));
    }

    /// One `{{#name args}}` at `span` of `file`.
    fn directive(&mut self, file: &SourceFile, span: Range<usize>) {
        let inner = &file.text[span.start + 3..span.end - 2];
        let (name, args) = inner
            .split_once(char::is_whitespace)
            .map_or((inner, ""), |(name, args)| (name, args.trim()));
        match name {
            "title" if args.is_empty() => self.problem(
                file,
                span,
                "`{{#title}}` has no text, and a page's title cannot be empty".to_string(),
                "write the title after it, e.g. {{#title Attention, worked by hand}}",
            ),
            "title" => self.title = Some(args.to_string()),
            "include" => self.include(file, span, args, false),
            "rustdoc_include" => self.include(file, span, args, true),
            _ => self.problem(
                file,
                span,
                format!("`{{{{#{name}}}}}` is not a directive worked runs"),
                "worked runs {{#include}}, {{#rustdoc_include}} and {{#title}}; write \\{{#…}} to show the text as it is",
            ),
        }
    }

    fn include(&mut self, file: &SourceFile, span: Range<usize>, args: &str, rustdoc: bool) {
        let (target, selection) = match parse_target(args) {
            Ok(parsed) => parsed,
            Err(problem) => {
                let help = "write {{#include path}}, path:anchor, path:10:20, path:10: or path::20";
                return self.problem(file, span, problem, help);
            }
        };
        let from = self
            .chain
            .last()
            .and_then(|path| path.parent().map(Path::to_path_buf));
        let resolved = from.unwrap_or_default().join(target);
        let real = match resolved.canonicalize() {
            Ok(real) => real,
            Err(error) => {
                let message = format!("cannot include {target}: {error}");
                return self.problem(
                    file,
                    span,
                    message,
                    "the path is relative to the file that holds the directive",
                );
            }
        };
        if !real.starts_with(&self.root) {
            let message = format!("{target} is outside the book's folder");
            return self.problem(file, span, message, "an included file must be inside the folder that holds book.toml (symbolic links are followed before this check)");
        }
        if self.chain.contains(&real) {
            let message = format!(
                "{target} includes itself (through {} file{})",
                self.chain.len(),
                if self.chain.len() == 1 { "" } else { "s" }
            );
            return self.problem(
                file,
                span,
                message,
                "remove the directive that closes the circle",
            );
        }
        if self.chain.len() > MAX_INCLUDE_DEPTH {
            let message = format!("includes nest more than {MAX_INCLUDE_DEPTH} files deep here");
            return self.problem(file, span, message, "include the innermost file directly");
        }
        let read = match &selection {
            // A range ending at a line needs no more of the file than that line.
            Selection::Lines(_, Some(last)) => read_regular_lines(&real, *last, MAX_TEXT_BYTES),
            _ => read_regular(&real, MAX_TEXT_BYTES),
        };
        let text = match read.and_then(utf8_text) {
            Ok(text) => text,
            Err(error) => {
                let message = format!("cannot include {target}: {error}");
                return self.problem(
                    file,
                    span,
                    message,
                    "an included file must be a regular file of UTF-8 text",
                );
            }
        };
        if self.text.len() + text.len() > MAX_EXPANDED_BYTES {
            let message = format!(
                "with {target} included, this lesson would be larger than {} MiB",
                MAX_EXPANDED_BYTES >> 20
            );
            return self.problem(
                file,
                span,
                message,
                "include a part of the file (an anchor or a line range)",
            );
        }
        let shown = real
            .strip_prefix(&self.root)
            .map(|path| path.to_string_lossy().replace('\\', "/"))
            .unwrap_or_else(|_| target.to_string());
        self.files.push(shown.clone());
        let included = SourceFile::new(shown, text);
        let pieces = match select(&included.text, &selection, rustdoc) {
            Ok(pieces) => pieces,
            Err(problem) => {
                return self.problem(
                    file,
                    span,
                    format!("{target}: {problem}"),
                    "the line numbers or anchor must name lines the file has",
                )
            }
        };
        self.chain.push(real);
        for (index, piece) in pieces.into_iter().enumerate() {
            if index > 0 {
                self.text.push('\n');
            }
            self.expand(&included, piece);
        }
        self.chain.pop();
        // What follows the directive comes from the file that holds it again.
        let at = self.text.len();
        self.origins.push(Origin {
            at,
            file: file.clone(),
            offset: span.end,
        });
    }
}

/// Every `{{#include}}` and `{{#rustdoc_include}}` in `text` (not escaped): the byte offset
/// of the directive and the path it names. For `worked import`, which copies those files.
pub fn include_paths(text: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    for (open, _) in text.match_indices("{{#") {
        if text[..open].ends_with('\\') {
            continue;
        }
        let Some(close) = text[open..].find("}}").map(|at| open + at) else {
            continue;
        };
        let inner = &text[open + 3..close];
        if inner.contains('\n') {
            continue;
        }
        if let Some((name, args)) = inner.split_once(char::is_whitespace) {
            if name == "include" || name == "rustdoc_include" {
                if let Ok((path, _)) = parse_target(args.trim()) {
                    found.push((open, path));
                }
            }
        }
    }
    found
}

/// `path`, `path:anchor`, `path:10`, `path:10:20`, `path:10:`, `path::20`.
fn parse_target(args: &str) -> Result<(&str, Selection), String> {
    let mut parts = args.split(':');
    let path = parts.next().unwrap_or("").trim();
    if path.is_empty() {
        return Err("this include names no file".to_string());
    }
    let number = |text: &str| -> Result<Option<usize>, String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        match text.parse::<usize>() {
            Ok(0) | Err(_) => Err(format!(
                "\"{text}\" is not a line number (lines count from 1)"
            )),
            Ok(line) => Ok(Some(line)),
        }
    };
    let selection = match (parts.next(), parts.next(), parts.next()) {
        (None, _, _) => Selection::All,
        (Some(one), None, _)
            if !one.trim().is_empty() && !one.trim().bytes().all(|b| b.is_ascii_digit()) =>
        {
            Selection::Anchor(one.trim().to_string())
        }
        (Some(one), None, _) => {
            let line = number(one)?;
            Selection::Lines(line, line)
        }
        (Some(start), Some(end), None) => Selection::Lines(number(start)?, number(end)?),
        _ => return Err(format!("\"{args}\" has too many `:`")),
    };
    Ok((path, selection))
}

/// The byte ranges of `text` a selection takes: whole lines without their line ends, runs of
/// adjacent lines merged; the caller joins them with `\n`.
/// With `drop_markers` (`rustdoc_include`, and every anchor) no `ANCHOR` marker line is taken.
fn select(
    text: &str,
    selection: &Selection,
    drop_markers: bool,
) -> Result<Vec<Range<usize>>, String> {
    let mut lines = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches('\n').trim_end_matches('\r');
        lines.push(start..start + content.len());
        start += line.len();
    }
    let chosen: Vec<Range<usize>> = match selection {
        Selection::All => lines.clone(),
        Selection::Lines(first, last) => {
            let first = first.unwrap_or(1);
            let last = last.unwrap_or(lines.len()).min(lines.len());
            if first > lines.len() || first > last {
                return Err(format!(
                    "lines {first} to {last} are not in it ({} line{})",
                    lines.len(),
                    if lines.len() == 1 { "" } else { "s" }
                ));
            }
            lines[first - 1..last].to_vec()
        }
        Selection::Anchor(name) => {
            let begin = lines
                .iter()
                .position(|line| {
                    anchor_marker(&text[line.clone()], "ANCHOR:") == Some(name.as_str())
                })
                .ok_or_else(|| format!("no line holds `ANCHOR: {name}`"))?;
            let end = lines[begin + 1..]
                .iter()
                .position(|line| {
                    anchor_marker(&text[line.clone()], "ANCHOR_END:") == Some(name.as_str())
                })
                .map(|at| begin + 1 + at)
                .ok_or_else(|| format!("`ANCHOR: {name}` has no `ANCHOR_END: {name}` after it"))?;
            lines[begin + 1..end].to_vec()
        }
    };
    let drop_markers = drop_markers || matches!(selection, Selection::Anchor(_));
    let is_marker = |line: &Range<usize>| {
        let line = &text[line.clone()];
        anchor_marker(line, "ANCHOR:").is_some() || anchor_marker(line, "ANCHOR_END:").is_some()
    };
    let chosen = chosen
        .into_iter()
        .filter(|line| !(drop_markers && is_marker(line)));
    // Adjacent lines separated by one `\n` are one piece, so an include has few origins.
    let mut pieces: Vec<Range<usize>> = Vec::new();
    for line in chosen {
        match pieces.last_mut() {
            Some(last) if last.end + 1 == line.start => last.end = line.end,
            _ => pieces.push(line),
        }
    }
    Ok(pieces)
}

/// The name after `marker` (`ANCHOR:` or `ANCHOR_END:`) on this line, as mdBook's
/// `ANCHOR:\s*([\w_-]+)` finds it.
fn anchor_marker<'a>(line: &'a str, marker: &str) -> Option<&'a str> {
    let at = line.find(marker)?;
    if marker == "ANCHOR:" && line[..at].ends_with('_') {
        return None;
    }
    let rest = line[at + marker.len()..].trim_start();
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_parse_as_mdbook_reads_them() {
        assert_eq!(parse_target("a.rs").unwrap(), ("a.rs", Selection::All));
        assert_eq!(
            parse_target("a.rs:main").unwrap(),
            ("a.rs", Selection::Anchor("main".into()))
        );
        assert_eq!(
            parse_target("a.rs:3").unwrap().1,
            Selection::Lines(Some(3), Some(3))
        );
        assert_eq!(
            parse_target("a.rs:3:5").unwrap().1,
            Selection::Lines(Some(3), Some(5))
        );
        assert_eq!(
            parse_target("a.rs:3:").unwrap().1,
            Selection::Lines(Some(3), None)
        );
        assert_eq!(
            parse_target("a.rs::5").unwrap().1,
            Selection::Lines(None, Some(5))
        );
        assert!(parse_target("a.rs:0:2").is_err());
        assert!(parse_target("a.rs:1:2:3").is_err());
    }

    #[test]
    fn anchors_take_the_lines_between_their_markers_without_any_marker() {
        let text = "a\n// ANCHOR: all\nb\n// ANCHOR: inner\nc\n// ANCHOR_END: inner\nd\n// ANCHOR_END: all\ne\n";
        let pieces = select(text, &Selection::Anchor("all".into()), false).unwrap();
        let taken: Vec<&str> = pieces.iter().map(|piece| &text[piece.clone()]).collect();
        assert_eq!(taken, ["b", "c", "d"]);
        assert!(select(text, &Selection::Anchor("none".into()), false).is_err());
    }

    #[test]
    fn an_empty_title_and_an_unclosed_directive_are_errors_at_the_directive() {
        let book = tempfile::tempdir().unwrap();
        let lesson = book.path().join("a.md");
        for (text, says) in [
            ("x\n{{#title}}\n", "has no text"),
            ("x\n{{#title   }}\n", "has no text"),
            (
                "x\n{{#include part.md\n}}\n",
                "`{{#include` has no closing `}}`",
            ),
            ("x\n{{#title The end\n", "`{{#title` has no closing"),
        ] {
            let source = SourceFile::new("a.md", text);
            let problems = expand_includes(book.path(), &lesson, &source, 0..text.len())
                .unwrap()
                .err()
                .unwrap_or_else(|| panic!("{text:?} expanded"));
            assert!(
                problems[0].message().contains(says),
                "{}",
                problems[0].message()
            );
            assert_eq!(problems[0].line(), Some(2));
        }
        let shown = SourceFile::new("a.md", "{{#a b and \\{{#include x\n");
        assert!(
            expand_includes(book.path(), &lesson, &shown, 0..shown.text.len())
                .unwrap()
                .is_ok()
        );
    }

    #[test]
    fn line_ranges_are_one_based_and_inclusive() {
        let text = "1\n2\n3\n4\n";
        let take = |selection| {
            select(text, &selection, false)
                .unwrap()
                .iter()
                .map(|piece| text[piece.clone()].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(take(Selection::Lines(Some(2), Some(3))), ["2\n3"]);
        assert_eq!(take(Selection::Lines(Some(3), None)), ["3\n4"]);
        assert_eq!(take(Selection::Lines(None, Some(1))), ["1"]);
        assert_eq!(take(Selection::All), ["1\n2\n3\n4"]);
        assert!(select(text, &Selection::Lines(Some(9), None), false).is_err());
    }
}
