//! Loading lessons: every `content/**/*.md` file, its TOML front matter and its Markdown body.
//!
//! Input: the book root. Output: [`Lesson`]s in reading order (by `weight`, then path), or every
//! problem found. This stage reads files and front matter only; the Markdown body is left for
//! the markdown stage, addressed by its byte range so later positions stay true to the file.

use crate::diagnostics::Diagnostic;
use crate::source::SourceFile;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use toml::Spanned;
use walkdir::WalkDir;

/// The folder, under the book root, that holds the lessons.
pub const CONTENT_DIR: &str = "content";

/// One lesson: its file, its front matter and where its Markdown body starts.
#[derive(Debug, Clone)]
pub struct Lesson {
    /// The whole file, front matter included, so every offset is a file offset.
    pub source: SourceFile,
    /// URL name: the page is written to `<slug>.html`.
    pub slug: String,
    /// Title shown on the page, the index and keep-going cards.
    pub title: String,
    /// Position in reading order; lessons without one come last.
    pub weight: Option<i64>,
    /// One-sentence summary for the index and keep-going cards.
    pub summary: String,
    /// Slugs of the lessons to suggest next, each with the byte span of its string in the file.
    pub keep_going: Vec<(String, Range<usize>)>,
    /// Byte range of the Markdown body (after the closing `+++`).
    pub body: Range<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FrontMatter {
    title: Option<String>,
    slug: Option<Spanned<String>>,
    weight: Option<i64>,
    summary: Option<String>,
    keep_going: Option<Vec<Spanned<String>>>,
}

const FRONT_MATTER_KEYS: &str = "title, slug, weight, summary, keep_going";

/// The lessons that loaded, and the problems of those that did not.
#[derive(Debug, Default)]
pub struct LoadedLessons {
    /// Lessons in reading order (by `weight`, then path).
    pub lessons: Vec<Lesson>,
    /// Unreadable files, bad front matter, duplicate slugs. The other lessons still load, so
    /// one build reports the problems of every lesson.
    pub problems: Vec<Diagnostic>,
}

/// Finds and parses every lesson under `root/content`, checking that slugs are unique.
pub fn load_lessons(root: &Path) -> LoadedLessons {
    let content_dir = root.join(CONTENT_DIR);
    if !content_dir.is_dir() {
        let problem =
            Diagnostic::general(format!("no `{CONTENT_DIR}/` folder in {}", root.display()))
                .with_help(
                "run worked in a book folder, or pass --root DIR; lessons are content/*.md files",
            );
        return LoadedLessons {
            lessons: Vec::new(),
            problems: vec![problem],
        };
    }
    let mut lessons = Vec::new();
    let mut problems = Vec::new();
    let walk = WalkDir::new(&content_dir).sort_by_file_name();
    for entry in walk {
        let entry = match entry {
            Ok(entry) => entry,
            Err(error) => {
                problems.push(Diagnostic::io(format!("cannot read {error}")));
                continue;
            }
        };
        let path = entry.path();
        if !entry.file_type().is_file() || path.extension().is_none_or(|ext| ext != "md") {
            continue;
        }
        let shown_path = display_path(root, path);
        match read_lesson_file(path, &shown_path).and_then(|source| parse_lesson(source, path)) {
            Ok(lesson) => lessons.push(lesson),
            Err(problem) => problems.push(problem),
        }
    }
    problems.extend(duplicate_slugs(&lessons));
    lessons.sort_by(|a, b| {
        (a.weight.is_none(), a.weight, &a.source.path).cmp(&(
            b.weight.is_none(),
            b.weight,
            &b.source.path,
        ))
    });
    LoadedLessons { lessons, problems }
}

/// `root/content/a.md` → `content/a.md`, with `/` on every platform.
pub fn display_path(root: &Path, path: &Path) -> String {
    let relative = path.strip_prefix(root).unwrap_or(path);
    relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

fn read_lesson_file(path: &Path, shown_path: &str) -> Result<SourceFile, Diagnostic> {
    let bytes = std::fs::read(path)
        .map_err(|error| Diagnostic::io(format!("cannot read {shown_path}: {error}")))?;
    decode_lesson(shown_path, bytes)
}

/// A lesson file's bytes as text, or an error at the first byte that is not UTF-8.
pub fn decode_lesson(shown_path: &str, bytes: Vec<u8>) -> Result<SourceFile, Diagnostic> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(SourceFile::new(shown_path, text)),
        Err(error) => {
            let valid = error.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(error.as_bytes()).into_owned();
            let file = SourceFile::new(shown_path, lossy);
            Err(
                Diagnostic::at(&file, valid..valid + 1, "this file is not UTF-8 text")
                    .with_label("first byte that is not UTF-8")
                    .with_help("save the lesson as UTF-8 (most editors: \"Save with encoding\")"),
            )
        }
    }
}

/// Splits `+++` front matter from the body and reads its keys.
pub fn parse_lesson(source: SourceFile, path: &Path) -> Result<Lesson, Diagnostic> {
    let text = &source.text;
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let opening_end = match line_end_after_delimiter(text, bom) {
        Some(end) => end,
        None => {
            return Err(Diagnostic::at(
                &source,
                bom..bom,
                "a lesson must start with `+++` front matter",
            )
            .with_help("begin the file with\n+++\ntitle = \"…\"\n+++"))
        }
    };
    let (matter, body_start) = match find_closing_delimiter(text, opening_end) {
        Some((matter_end, body_start)) => (opening_end..matter_end, body_start),
        None => {
            return Err(
                Diagnostic::at(&source, bom..opening_end, "front matter is never closed")
                    .with_help("end the front matter with a line holding only `+++`"),
            )
        }
    };
    let front: FrontMatter = toml::from_str(&text[matter.clone()]).map_err(|error| {
        let span = error
            .span()
            .map(|span| span.start + matter.start..span.end + matter.start)
            .unwrap_or(matter.start..matter.start);
        Diagnostic::at(
            &source,
            span,
            format!("invalid front matter: {}", error.message().trim()),
        )
        .with_help(format!("front matter keys: {FRONT_MATTER_KEYS}"))
    })?;
    let title = match front.title {
        Some(title) if !title.trim().is_empty() => title,
        _ => {
            return Err(
                Diagnostic::at(&source, bom..opening_end, "this lesson has no title")
                    .with_help("add `title = \"…\"` to the front matter"),
            )
        }
    };
    let (slug, slug_span) = match front.slug {
        Some(slug) => {
            let span = shift(slug.span(), matter.start);
            (slug.into_inner(), Some(span))
        }
        None => (
            path.file_stem()
                .map(|stem| stem.to_string_lossy().into_owned())
                .unwrap_or_default(),
            None,
        ),
    };
    if let Some(problem) = slug_problem(&slug) {
        let span = slug_span.unwrap_or(bom..opening_end);
        return Err(Diagnostic::at(&source, span, format!("slug \"{slug}\" {problem}"))
            .with_help("slugs are lowercase letters, digits, `-` and `_`; set `slug = \"…\"` to choose one"));
    }
    let keep_going = front
        .keep_going
        .unwrap_or_default()
        .into_iter()
        .map(|entry| {
            let span = shift(entry.span(), matter.start);
            (entry.into_inner(), span)
        })
        .collect();
    Ok(Lesson {
        slug,
        title,
        weight: front.weight,
        summary: front.summary.unwrap_or_default(),
        keep_going,
        body: body_start..text.len(),
        source,
    })
}

fn shift(span: Range<usize>, by: usize) -> Range<usize> {
    span.start + by..span.end + by
}

/// If the line starting at `from` is exactly `+++`, the offset just after it.
fn line_end_after_delimiter(text: &str, from: usize) -> Option<usize> {
    let rest = &text[from..];
    let line_len = rest.find('\n').map_or(rest.len(), |at| at + 1);
    (rest[..line_len].trim_end() == "+++").then_some(from + line_len)
}

/// The closing `+++` line after `from`: (end of the TOML, start of the body).
fn find_closing_delimiter(text: &str, from: usize) -> Option<(usize, usize)> {
    let mut line_start = from;
    while line_start < text.len() {
        if let Some(after) = line_end_after_delimiter(text, line_start) {
            return Some((line_start, after));
        }
        line_start += text[line_start..].find('\n')? + 1;
    }
    None
}

fn slug_problem(slug: &str) -> Option<&'static str> {
    if slug.is_empty() {
        Some("is empty")
    } else if slug == "index" {
        Some("is taken by the book's index page")
    } else if !slug
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    {
        Some("has characters that do not belong in a file name or URL")
    } else {
        None
    }
}

fn duplicate_slugs(lessons: &[Lesson]) -> Vec<Diagnostic> {
    let mut first_by_slug: BTreeMap<&str, &Lesson> = BTreeMap::new();
    let mut problems = Vec::new();
    for lesson in lessons {
        if let Some(first) = first_by_slug.get(lesson.slug.as_str()) {
            problems.push(
                Diagnostic::at(
                    &lesson.source,
                    0..3,
                    format!("duplicate slug \"{}\"", lesson.slug),
                )
                .with_help(format!(
                    "{} already uses it; set a different `slug = \"…\"` in one of them",
                    first.source.path
                )),
            );
        } else {
            first_by_slug.insert(&lesson.slug, lesson);
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lesson(text: &str) -> Result<Lesson, Diagnostic> {
        parse_lesson(
            SourceFile::new("content/intro.md", text),
            Path::new("content/intro.md"),
        )
    }

    #[test]
    fn reads_front_matter_and_defaults_the_slug_to_the_file_stem() {
        let lesson =
            lesson("+++\ntitle = \"Intro\"\nweight = 2\nkeep_going = [\"next\"]\n+++\n# Hi\n")
                .unwrap();
        assert_eq!(lesson.title, "Intro");
        assert_eq!(lesson.slug, "intro");
        assert_eq!(lesson.weight, Some(2));
        assert_eq!(lesson.keep_going[0].0, "next");
        assert_eq!(
            &lesson.source.text[lesson.keep_going[0].1.clone()],
            "\"next\""
        );
        assert_eq!(&lesson.source.text[lesson.body.clone()], "# Hi\n");
    }

    #[test]
    fn accepts_windows_line_endings() {
        let lesson = lesson("+++\r\ntitle = \"Intro\"\r\n+++\r\nBody\r\n").unwrap();
        assert_eq!(&lesson.source.text[lesson.body.clone()], "Body\r\n");
    }

    #[test]
    fn a_missing_title_is_an_error() {
        let error = lesson("+++\nweight = 1\n+++\n").unwrap_err();
        assert!(error.message().contains("no title"), "{error}");
    }

    #[test]
    fn an_unknown_key_points_at_its_line() {
        let error = lesson("+++\ntitle = \"A\"\ncolour = \"red\"\n+++\n").unwrap_err();
        assert!(
            error.to_string().starts_with("content/intro.md:3:1:"),
            "{error}"
        );
        assert!(error.message().contains("colour"), "{error}");
    }

    #[test]
    fn a_file_without_front_matter_is_an_error() {
        let error = lesson("# Just markdown\n").unwrap_err();
        assert!(error.message().contains("+++"), "{error}");
    }

    #[test]
    fn an_unclosed_front_matter_is_an_error() {
        let error = lesson("+++\ntitle = \"A\"\n").unwrap_err();
        assert!(error.message().contains("never closed"), "{error}");
    }

    #[test]
    fn slugs_must_be_url_safe() {
        let error = lesson("+++\ntitle = \"A\"\nslug = \"Hello World\"\n+++\n").unwrap_err();
        assert!(
            error.to_string().starts_with("content/intro.md:3:8:"),
            "{error}"
        );
    }
}
