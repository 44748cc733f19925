//! Loading lessons: every `content/**/*.md` file, its TOML front matter and its Markdown body,
//! and every other file under `content/` (images and downloads beside the lessons).
//!
//! Input: the book root. Output: [`Lesson`]s (by `weight`, then path; the book's reading order
//! is the navigation stage's business), the assets, or every problem found. A lesson's page
//! mirrors its file: `content/part/chapter.md` becomes `part/<slug>.html`, and a folder's
//! `index.md` (or mdBook's `README.md`) becomes the section page `part/index.html`. This stage
//! reads files and front matter only; the Markdown body is left for the markdown stage,
//! addressed by its byte range so later positions stay true to the file.

use crate::base::diagnostics::Diagnostic;
use crate::base::source::{display_path, SourceFile};
use crate::load::regular_file::{read_regular, CheckedFile, MAX_ASSET_BYTES};
use rayon::prelude::*;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;
use walkdir::WalkDir;

/// The folder, under the book root, that holds the lessons.
pub const CONTENT_DIR: &str = "content";

/// Deepest folder nesting under `content/` that is read; deeper files are an error.
pub const MAX_FOLDER_DEPTH: usize = 12;

/// Most files under `content/` one book may hold, so a wrong `--root` (say, a home folder)
/// stops with a clear message instead of reading everything.
pub const MAX_CONTENT_FILES: usize = 50_000;

/// File names that make a folder's section page, in order of preference.
pub const SECTION_FILES: [&str; 2] = ["index.md", "README.md"];

/// Whether a file under `content/` is a data file compute inputs may read.
pub fn is_data_file(name: &str) -> bool {
    name.ends_with(".csv") || name.ends_with(".json")
}

/// One lesson: its file, its front matter and where its Markdown body starts.
#[derive(Debug, Clone)]
pub struct Lesson {
    /// The whole file, front matter included, so every offset is a file offset.
    pub source: SourceFile,
    /// URL name within its folder: the page is written to `<folder>/<slug>.html`. A section
    /// page's slug is its folder's name (`index` for the book's root folder).
    pub slug: String,
    /// The folder under `content/` that holds the file, `/`-separated, `""` at the top.
    pub folder: String,
    /// Whether this is its folder's section page (`index.md` or `README.md`).
    pub section: bool,
    /// `draft = true`: previewed by `serve`, left out of `build` and `check`.
    pub draft: bool,
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
    /// The page's `<title>` from a `{{#title …}}` directive, if the lesson has one.
    pub page_title: Option<String>,
    /// The book's data files (`.csv`, `.json` under `content/`, by path there), which compute
    /// inputs may read; shared by every lesson.
    pub data: std::sync::Arc<BTreeMap<String, Vec<u8>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FrontMatter {
    title: Option<String>,
    slug: Option<Spanned<String>>,
    weight: Option<i64>,
    summary: Option<String>,
    keep_going: Option<Vec<Spanned<String>>>,
    draft: Option<bool>,
}

const FRONT_MATTER_KEYS: &str = "title, slug, weight, summary, keep_going, draft";

/// Every key a lesson's front matter accepts, read from the parser itself.
pub fn front_matter_keys() -> &'static [&'static str] {
    crate::base::fields::struct_fields::<FrontMatter>()
}

impl Lesson {
    /// Output path of the page, relative to the output root; also its URL from the root.
    pub fn page(&self) -> String {
        match (self.section, self.folder.as_str()) {
            (true, "") => "index.html".to_string(),
            (true, folder) => format!("{folder}/index.html"),
            (false, "") => format!("{}.html", self.slug),
            (false, folder) => format!("{folder}/{}.html", self.slug),
        }
    }

    /// The name keep-going lists use for this lesson from anywhere in the book: its folder
    /// and slug (`part/chapter`), or the folder alone for a section page (`part`).
    pub fn book_path(&self) -> String {
        match (self.section, self.folder.as_str()) {
            (true, folder) => folder.to_string(),
            (false, "") => self.slug.clone(),
            (false, folder) => format!("{folder}/{}", self.slug),
        }
    }

    /// The file's path under `content/`, e.g. `part/chapter.md`.
    pub fn content_path(&self) -> &str {
        self.source
            .path
            .strip_prefix(CONTENT_DIR)
            .and_then(|rest| rest.strip_prefix('/'))
            .unwrap_or(&self.source.path)
    }
}

/// A file beside the lessons, as the build carries it to the site.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Asset {
    /// A data file ([`is_data_file`]), which compute inputs read: its bytes.
    Data(Vec<u8>),
    /// Any other file (images, downloads): checked, not read, and copied file to file when the
    /// site is written, since nothing in the build looks inside it. Reading a book's images into
    /// memory only to write them out again was most of what a small book's build did after
    /// typesetting (Miden's docs carry 21 MB of them).
    Copied(CheckedFile),
}

/// The lessons that loaded, and the problems of those that did not.
#[derive(Debug, Default)]
pub struct LoadedLessons {
    /// Lessons in reading order (by `weight`, then path).
    pub lessons: Vec<Lesson>,
    /// Every other file under `content/`, by its `/`-separated path under `content/` (which
    /// is also its path in the output).
    pub assets: BTreeMap<String, Asset>,
    /// Unreadable files, bad front matter, duplicate slugs. The other lessons still load, so
    /// one build reports the problems of every lesson.
    pub problems: Vec<Diagnostic>,
}

/// Finds and parses every lesson under `root/content`, checking that slugs are unique.
pub fn load_lessons(root: &Path) -> LoadedLessons {
    let content_dir = root.join(CONTENT_DIR);
    if !content_dir.is_dir() {
        let problem = Diagnostic::io(format!("no `{CONTENT_DIR}/` folder in {}", root.display()))
            .with_help(
                "run worked in a book folder, or pass --root DIR; lessons are content/*.md files",
            );
        return LoadedLessons {
            problems: vec![problem],
            ..LoadedLessons::default()
        };
    }
    // The walk only lists files; reading and parsing them runs in parallel, and the results
    // are then taken in walk order, so problems are reported in the same order every time.
    let mut found = Vec::new();
    let walk = WalkDir::new(&content_dir)
        .max_depth(MAX_FOLDER_DEPTH + 1)
        .sort_by_file_name();
    let mut files = 0;
    for entry in walk {
        let entry = match entry {
            Ok(entry) => entry,
            Err(error) => {
                found.push(Found::Problem(Diagnostic::io(format!(
                    "cannot read {error}"
                ))));
                continue;
            }
        };
        let path = entry.path();
        if entry.file_type().is_dir() && entry.depth() > MAX_FOLDER_DEPTH {
            found.push(Found::Problem(
                Diagnostic::general(format!(
                    "{} is nested more than {MAX_FOLDER_DEPTH} folders deep",
                    display_path(root, path)
                ))
                .with_help("flatten the folders; its files were not read"),
            ));
            continue;
        }
        // A `.md` that is a link, FIFO or device goes to the guarded reader, which reads a
        // link to a lesson and names anything else as an error: a lesson is never left out.
        let lesson_like = !entry.file_type().is_dir()
            && entry
                .path()
                .extension()
                .is_some_and(|extension| extension == "md");
        if !(entry.file_type().is_file() || lesson_like) || is_hidden(entry.file_name()) {
            continue;
        }
        files += 1;
        if files > MAX_CONTENT_FILES {
            found.push(Found::Problem(
                Diagnostic::general(format!(
                    "{CONTENT_DIR}/ holds more than {MAX_CONTENT_FILES} files; stopped reading"
                ))
                .with_help("is --root the book folder? A book's content/ holds its lessons and their images"),
            ));
            break;
        }
        found.push(Found::File(entry.into_path()));
    }
    let read: Vec<Read> = found
        .into_par_iter()
        .map(|found| match found {
            Found::Problem(problem) => Read::Problem(problem),
            Found::File(path) => read_content_file(root, &content_dir, &path),
        })
        .collect();
    let mut loaded = LoadedLessons::default();
    let mut pieces = Vec::new();
    let mut included = std::collections::HashSet::new();
    for read in read {
        match read {
            Read::Lesson(lesson, files) => {
                included.extend(files);
                loaded.lessons.push(*lesson);
            }
            Read::Piece(path, problem) => pieces.push((path, problem)),
            Read::Asset(name, bytes) => {
                loaded.assets.insert(name, bytes);
            }
            Read::Problem(problem) => loaded.problems.push(problem),
            Read::Problems(problems) => loaded.problems.extend(problems),
        }
    }
    loaded.problems.extend(
        pieces
            .into_iter()
            .filter(|(path, _)| !included.contains(path))
            .map(|(_, problem)| problem),
    );
    let data: std::sync::Arc<BTreeMap<String, Vec<u8>>> = std::sync::Arc::new(
        loaded
            .assets
            .iter()
            .filter_map(|(name, asset)| match asset {
                Asset::Data(bytes) => Some((name.clone(), bytes.clone())),
                Asset::Copied(_) => None,
            })
            .collect(),
    );
    let mut lessons = std::mem::take(&mut loaded.lessons);
    for lesson in &mut lessons {
        lesson.data = data.clone();
    }
    loaded.problems.extend(duplicate_pages(&lessons));
    lessons.sort_by(|a, b| {
        (a.weight.is_none(), a.weight, &a.source.path).cmp(&(
            b.weight.is_none(),
            b.weight,
            &b.source.path,
        ))
    });
    loaded.lessons = lessons;
    loaded
}

/// What the walk of `content/` found, before anything is read.
enum Found {
    File(PathBuf),
    Problem(Diagnostic),
}

/// A file of `content/` once read: a lesson (`.md`), an asset (anything else), or why not.
enum Read {
    /// A lesson, and the files it includes (shown paths).
    Lesson(Box<Lesson>, Vec<String>),
    Asset(String, Asset),
    Problem(Diagnostic),
    Problems(Vec<Diagnostic>),
    /// A `.md` file without front matter: a piece other lessons include (mdBook books keep
    /// such pieces beside their chapters), or else a lesson missing its front matter.
    Piece(String, Diagnostic),
}

fn read_content_file(root: &Path, content_dir: &Path, path: &Path) -> Read {
    let shown_path = display_path(root, path);
    if path.to_str().is_none() {
        // Two names that differ only in bytes that are not UTF-8 would become one page or file.
        return Read::Problem(
            Diagnostic::general(format!("the file name of {shown_path} is not UTF-8"))
                .with_help("rename the file: names become addresses on the site, which are UTF-8"),
        );
    }
    if path.extension().is_none_or(|ext| ext != "md") {
        let name = display_path(content_dir, path);
        let asset = if is_data_file(&name) {
            read_regular(path, MAX_ASSET_BYTES).map(Asset::Data)
        } else {
            CheckedFile::check(path, MAX_ASSET_BYTES).map(Asset::Copied)
        };
        return match asset {
            Ok(asset) => Read::Asset(name, asset),
            Err(error) => Read::Problem(Diagnostic::general(format!(
                "cannot read {shown_path}: {error}"
            ))),
        };
    }
    let source = match read_lesson_file(path, &shown_path) {
        Ok(source) => source,
        Err(problem) => return Read::Problem(problem),
    };
    let bom = if source.text.starts_with('\u{feff}') {
        3
    } else {
        0
    };
    let has_front_matter = line_end_after_delimiter(&source.text, bom).is_some();
    match parse_lesson(source, path) {
        Ok(lesson) => match with_includes(root, path, lesson) {
            Ok((lesson, files)) => Read::Lesson(Box::new(lesson), files),
            Err(problems) => Read::Problems(problems),
        },
        Err(problem) if !has_front_matter => Read::Piece(shown_path, problem),
        Err(problem) => Read::Problem(problem),
    }
}

/// Dot-files (`.DS_Store`, editor swap files) are neither lessons nor assets.
fn is_hidden(name: &std::ffi::OsStr) -> bool {
    name.to_string_lossy().starts_with('.')
}

fn read_lesson_file(path: &Path, shown_path: &str) -> Result<SourceFile, Diagnostic> {
    let bytes =
        crate::load::regular_file::read_regular(path, crate::load::regular_file::MAX_TEXT_BYTES)
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

/// Splits `+++` front matter from the body and reads its keys. `source.path` is the path shown
/// to authors (`content/part/chapter.md`); the folder and section-ness come from it.
pub fn parse_lesson(source: SourceFile, path: &Path) -> Result<Lesson, Diagnostic> {
    // A file outside `content/` (`worked eval /anywhere/lesson.md`, `../x.md`) is a lesson on
    // its own: it has no folder in a book, so only its file name counts.
    let under_content = match source
        .path
        .strip_prefix(CONTENT_DIR)
        .and_then(|rest| rest.strip_prefix('/'))
        .filter(|rest| !rest.split('/').any(|name| matches!(name, "" | "." | "..")))
    {
        Some(under_content) => under_content,
        None => source
            .path
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or(&source.path),
    };
    let (folder, file_name) = match under_content.rsplit_once('/') {
        Some((folder, name)) => (folder.to_string(), name),
        None => (String::new(), under_content),
    };
    let section = SECTION_FILES.contains(&file_name);
    if let Some(problem) = folder.split('/').find_map(|name| {
        (!folder.is_empty())
            .then(|| {
                slug_problem(name).map(|problem| format!("the folder name \"{name}\" {problem}"))
            })
            .flatten()
    }) {
        let file = source.clone();
        return Err(Diagnostic::at(&file, 0..0, problem).with_help(
            "folder names become part of the URL: use lowercase letters, digits, `-` and `_`",
        ));
    }
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
        Some(slug) if section => {
            let span = shift(slug.span(), matter.start);
            return Err(Diagnostic::at(
                &source,
                span,
                "a section page takes its folder's URL and has no slug of its own",
            )
            .with_help(format!(
                "remove `slug`; this page is {}index.html",
                if folder.is_empty() {
                    String::new()
                } else {
                    format!("{folder}/")
                }
            )));
        }
        Some(slug) => {
            let span = shift(slug.span(), matter.start);
            (slug.into_inner(), Some(span))
        }
        None if section => (
            folder
                .rsplit('/')
                .next()
                .filter(|name| !name.is_empty())
                .unwrap_or("index")
                .to_string(),
            None,
        ),
        None => (
            path.file_stem()
                .map(|stem| stem.to_string_lossy().into_owned())
                .unwrap_or_default(),
            None,
        ),
    };
    if let Some(problem) = slug_problem(&slug).filter(|_| !section) {
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
        folder,
        section,
        draft: front.draft.unwrap_or(false),
        title,
        weight: front.weight,
        summary: front.summary.unwrap_or_default(),
        keep_going,
        body: body_start..text.len(),
        source,
        page_title: None,
        data: std::sync::Arc::default(),
    })
}

/// The lesson with its `{{#include}}` family expanded (see [`include`](super::include)), and
/// the files it included.
fn with_includes(
    root: &Path,
    path: &Path,
    mut lesson: Lesson,
) -> Result<(Lesson, Vec<String>), Vec<Diagnostic>> {
    let Some(expanded) =
        super::include::expand_includes(root, path, &lesson.source, lesson.body.clone())
    else {
        return Ok((lesson, Vec::new()));
    };
    let expanded = expanded?;
    lesson.body = lesson.body.start..expanded.source.text.len();
    lesson.source = expanded.source;
    lesson.page_title = expanded.title;
    Ok((lesson, expanded.files))
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

/// Longest slug (and folder name): its page `SLUG.html` stays well inside the 255 bytes file
/// systems allow in a name.
pub const MAX_SLUG_CHARS: usize = 200;

/// Why `slug` cannot name a page, if it cannot.
pub fn slug_problem(slug: &str) -> Option<&'static str> {
    if slug.is_empty() {
        Some("is empty")
    } else if slug == "index" {
        Some("is taken by the book's index page")
    } else if slug.len() > MAX_SLUG_CHARS {
        // `build` writes SLUG.html; file systems refuse names over 255 bytes, and `check` must
        // find what `build` would fail on.
        Some("is longer than 200 characters, too long for a file name")
    } else if !slug
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    {
        Some("has characters that do not belong in a file name or URL")
    } else {
        None
    }
}

/// Two lessons may not write the same page: a slug is unique within its folder, and a folder
/// has one section page (`index.md` or `README.md`, not both).
fn duplicate_pages(lessons: &[Lesson]) -> Vec<Diagnostic> {
    let mut first_by_page: BTreeMap<String, &Lesson> = BTreeMap::new();
    let mut problems = Vec::new();
    for lesson in lessons {
        let page = lesson.page();
        if let Some(first) = first_by_page.get(&page) {
            let problem = if lesson.section {
                Diagnostic::at(&lesson.source, 0..3, format!("a second section page for {page}"))
                    .with_help(format!(
                        "{} is this folder's section page already; keep index.md or README.md, not both",
                        first.source.path
                    ))
            } else {
                Diagnostic::at(
                    &lesson.source,
                    0..3,
                    format!("duplicate slug \"{}\" in this folder", lesson.slug),
                )
                .with_help(format!(
                    "{} already uses it; set a different `slug = \"…\"` in one of them",
                    first.source.path
                ))
            };
            problems.push(problem);
        } else {
            first_by_page.insert(page, lesson);
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_keys_come_from_the_parser_and_the_hint_names_each() {
        let keys = front_matter_keys();
        assert!(keys.contains(&"keep_going") && keys.contains(&"draft"));
        for key in keys {
            assert!(
                FRONT_MATTER_KEYS.contains(key),
                "the hint does not name {key}"
            );
        }
    }

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
