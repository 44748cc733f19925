//! `worked import mdbook`: an mdBook + mdbook-katex book turned into a `worked` book.
//!
//! Input: the mdBook folder (the one holding `book.toml`). Output: a new folder with
//! `book.toml`, `content/` (the same folder tree: every chapter with front matter, its math
//! rewritten by [`math`], every other file copied) and the macros file; and notes, each naming
//! a file and line, for everything that could not be carried over. Reading order, titles and
//! nesting come from `SUMMARY.md` ([`summary`](crate::book::summary)): chapters get weights in SUMMARY order, a
//! part's title becomes the section page of the folder its chapters share, draft chapters
//! (`[Title]()`) and files SUMMARY does not name are left out of the published book.
//! The source folder is only read, never written; [`confine`] keeps every read inside it and
//! every write inside the new destination.

pub mod confine;
mod fences;
mod html_math;
mod includes;
pub mod math;
mod not_found;
mod outside;
mod rename;
mod settings;
mod trial;

use crate::book::summary::{parse_summary, EntryKind, SummaryEntry};
use crate::load::config::{CheckLevels, Level};
use crate::load::content::{slug_problem, SECTION_FILES};
use crate::load::regular_file::{MAX_ASSET_BYTES, MAX_TEXT_BYTES};
use confine::{plain_relative, Destination, Source};
use outside::OutsideIncludes;
use rename::Renames;
use settings::{carry_settings, setting_line};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use walkdir::WalkDir;

/// Most files one import copies; a wrong SRC (a home folder) stops with a message.
const MAX_FILES: usize = 50_000;

/// What an import did.
#[derive(Debug, Default)]
pub struct ImportReport {
    /// Chapters written with front matter.
    pub chapters: usize,
    /// Other files copied.
    pub files: usize,
    /// Formulas written differently so they mean what mdbook-katex made of them.
    pub formulas_rewritten: usize,
    /// Things not carried over, each as `file:line: what`.
    pub notes: Vec<String>,
    /// Where each written chapter's lines came from, by its path under `src`.
    lines: BTreeMap<String, ChapterLines>,
    /// The text of each chapter that has `{{#…}}` directives, by its path under `src`.
    with_directives: Vec<(String, String)>,
}

/// Most notes of one kind printed; the rest are counted in one more line.
const MAX_NOTES_OF_A_KIND: usize = 20;

impl ImportReport {
    /// The notes to show: at most `MAX_NOTES_OF_A_KIND` of each kind (the same words, paths
    /// and numbers aside), then one line counting the rest of that kind.
    pub fn shown_notes(&self) -> Vec<String> {
        let mut by_kind: BTreeMap<String, usize> = BTreeMap::new();
        let mut shown = Vec::new();
        for note in &self.notes {
            let count = by_kind.entry(note_kind(note)).or_default();
            *count += 1;
            if *count <= MAX_NOTES_OF_A_KIND {
                shown.push(note.clone());
            }
        }
        for note in &self.notes {
            let kind = note_kind(note);
            if let Some(count) = by_kind.remove(&kind) {
                if count > MAX_NOTES_OF_A_KIND {
                    shown.push(format!(
                        "… and {} more notes like \"{}\"",
                        count - MAX_NOTES_OF_A_KIND,
                        note.split_once(": ")
                            .map_or(note.as_str(), |(_, what)| what)
                    ));
                }
            }
        }
        shown
    }
}

/// A note's words without its place, paths, names and numbers: notes of one kind share it.
fn note_kind(note: &str) -> String {
    let what = note.split_once(": ").map_or(note, |(_, what)| what);
    what.split_whitespace()
        .filter(|word| {
            !word.contains(['/', '.', '"', '`', '\\'])
                && !word.contains(|c: char| c.is_ascii_digit())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// How a written chapter's lines map back to its original: the front matter added at the
/// top, the title heading dropped, multi-line formulas joined onto one line.
#[derive(Debug)]
struct ChapterLines {
    /// Its path under `src`, when it was renamed on the way.
    original: String,
    /// Lines of front matter before the body.
    front: usize,
    /// Lines of the rewritten text dropped from its start (the title heading).
    dropped: usize,
    /// The original line of each line of the rewritten text.
    source_lines: Vec<usize>,
}

impl ChapterLines {
    /// The original line of `line` (1-based) of the written file; the front matter is line 1.
    fn original(&self, line: usize) -> usize {
        let Some(body_line) = line.checked_sub(self.front + 1) else {
            return 1;
        };
        let at = (body_line + self.dropped).min(self.source_lines.len().saturating_sub(1));
        self.source_lines.get(at).copied().unwrap_or(1)
    }
}

/// What the user may add to an import.
#[derive(Debug, Default)]
pub struct ImportOptions {
    /// A folder outside the book's repository that its includes may read (`--include-root`).
    pub include_root: Option<std::path::PathBuf>,
}

/// Imports the mdBook at `source` into the new folder `destination`.
pub fn import_mdbook(
    source: &Path,
    destination: &Path,
    options: &ImportOptions,
) -> Result<ImportReport, String> {
    let book = Source::open(source)?;
    let mut outside = OutsideIncludes::find(&book, options.include_root.as_deref())?;
    let config_path = source.join("book.toml");
    let config_text = book
        .resolve(book.real(), "book.toml")
        .and_then(|path| book.read(&path, MAX_TEXT_BYTES))
        .and_then(|bytes| {
            String::from_utf8(bytes)
                .map_err(|_| format!("cannot read {}: not UTF-8 text", config_path.display()))
        })
        .map_err(|error| format!("{error} (SRC is the folder that holds an mdBook's book.toml)"))?;
    let dest = Destination::create(&book, destination)?;
    let config: toml::Table = toml::from_str(&config_text).map_err(|error| {
        format!(
            "{}: not valid TOML: {}",
            config_path.display(),
            error.message()
        )
    })?;
    let mut report = ImportReport::default();
    let mut settings = carry_settings(&config, &config_text, &mut report);
    let src_dir = book.resolve(book.real(), &settings.src).map_err(|error| {
        format!(
            "{}: src = {}: {error}",
            config_path.display(),
            toml::Value::String(settings.src.clone())
        )
    })?;
    let summary_path = book.resolve(&src_dir, "SUMMARY.md")?;
    let summary_text =
        String::from_utf8_lossy(&book.read(&summary_path, MAX_TEXT_BYTES)?).into_owned();
    let summary_name = format!("{}/SUMMARY.md", settings.src);
    let (mut entries, skipped) = parse_summary(&summary_text);
    for (line, note) in skipped {
        report.notes.push(format!("{summary_name}:{line}: {note}"));
    }
    let mut refused = confine_entries(&book, &src_dir, &summary_name, &mut entries, &mut report);

    let plan = plan_chapters(&entries, &summary_name, &src_dir, &mut refused, &mut report);
    let (renames, renamed) = Renames::plan(&settings.src, &files_under(&src_dir)?);
    for (path, what) in renamed {
        report.notes.push(format!(
            "{}/{path}: {what}; the links to it are rewritten",
            settings.src
        ));
    }
    let mut writer = ChapterWriter {
        book: &book,
        src_dir: &src_dir,
        dest: &dest,
        src_name: &settings.src,
        outside: &mut outside,
        renames: &renames,
    };
    for (path, chapter) in &plan.chapters {
        writer.write(path, chapter, &mut report)?;
    }
    let pieces = includes::included_under_src(&settings.src, &report.with_directives);
    copy_other_files(&mut writer, &plan, &pieces, &mut report)?;
    // The copied SUMMARY.md is the new book's `contents`: without the entries skipped, or the
    // new book would name chapters it does not have, and with links to renamed chapters.
    let kept: String = summary_text
        .split_inclusive('\n')
        .enumerate()
        .filter(|(index, _)| !refused.contains(&(index + 1)))
        .map(|(_, line)| line)
        .collect();
    let copied = Path::new(crate::load::content::CONTENT_DIR).join("SUMMARY.md");
    dest.write(
        &copied,
        renames.rewrite_links("SUMMARY.md", &kept).as_bytes(),
    )?;
    report.files += 1;
    let with_directives = std::mem::take(&mut report.with_directives);
    includes::copy_included(
        &book,
        &settings.src,
        &dest,
        (&with_directives, &outside.rewritten),
        &mut report,
    )?;
    outside.copy(&book, &dest, &mut report)?;
    if let Some(macros) = settings.macros.take() {
        let at = format!(
            "book.toml:{}",
            setting_line(&config_text, "preprocessor.katex", Some("macros"))
        );
        match book.resolve(book.real(), &macros) {
            Ok(from) => {
                let bytes = book.read(&from, MAX_TEXT_BYTES)?;
                dest.write(Path::new("macros.txt"), &bytes)?;
                settings.macros = Some(macros);
            }
            Err(why) => report.notes.push(format!(
                "{at}: [preprocessor.katex] macros = {}: {why}; not copied",
                toml::Value::String(macros.clone())
            )),
        }
    }
    let book_toml = Path::new("book.toml");
    let both = CheckLevels {
        links: Level::Warn,
        math: Level::Warn,
    };
    dest.write(book_toml, settings.book_toml(both).as_bytes())?;
    let lines = std::mem::take(&mut report.lines);
    if report.chapters > 0 {
        report.notes.push(format!(
            "{}/: the notes name each chapter's original line; in {}/ a chapter starts with a few lines of front matter and a formula written over several lines is on one, so `worked check` names its lines there",
            settings.src,
            crate::load::content::CONTENT_DIR
        ));
    }
    let levels = trial::needed_levels(destination, &lines, &settings.src, &mut report);
    dest.rewrite(book_toml, settings.book_toml(levels).as_bytes())?;
    dest.keep();
    Ok(report)
}

/// Drops every SUMMARY entry whose file lies outside the book's `src` (an absolute path, `..`,
/// or a link leading out), with a note naming it, and spells the rest as plain relative paths
/// so one file has one name. Returns the lines of the entries dropped.
fn confine_entries(
    book: &Source,
    src_dir: &Path,
    summary_name: &str,
    entries: &mut Vec<SummaryEntry>,
    report: &mut ImportReport,
) -> BTreeSet<usize> {
    let mut refused = BTreeSet::new();
    entries.retain_mut(|entry| {
        let Some(path) = &entry.path else {
            return true;
        };
        let confined = book
            .resolve(src_dir, path)
            .and_then(|_| plain_relative(path).ok_or_else(|| format!("{path} names no file")));
        match confined {
            Ok(plain) => {
                entry.path = Some(crate::base::source::display_path(Path::new(""), &plain));
                true
            }
            Err(why) => {
                report.notes.push(format!(
                    "{summary_name}:{}: {why}; chapter \"{}\" skipped",
                    entry.line, entry.title
                ));
                refused.insert(entry.line);
                false
            }
        }
    });
    refused
}

/// A chapter to write: its title and weight, or a draft (a file SUMMARY does not list).
struct Chapter {
    title: String,
    weight: Option<i64>,
    draft: bool,
}

/// Every chapter by its path under `src`.
#[derive(Default)]
struct Plan {
    chapters: BTreeMap<String, Chapter>,
}

fn plan_chapters(
    entries: &[SummaryEntry],
    summary_name: &str,
    src_dir: &Path,
    refused: &mut BTreeSet<usize>,
    report: &mut ImportReport,
) -> Plan {
    let mut plan = Plan::default();
    let mut weight = 0;
    for entry in entries {
        weight += 10;
        match (&entry.kind, &entry.path) {
            // SUMMARY itself is the new book's contents: parts stay there.
            (EntryKind::Part, _) => {}
            (_, None) => report.notes.push(format!(
                "{summary_name}:{}: draft chapter \"{}\" has no file; skipped",
                entry.line, entry.title
            )),
            (_, Some(path)) if path == not_found::NOT_FOUND_CHAPTER => {
                // Its page would be worked's own 404.html: it becomes that page instead.
                report.notes.push(format!(
                    "{summary_name}:{}: {path} is the not-found page (see the note on it), not a chapter; left out of SUMMARY",
                    entry.line
                ));
                refused.insert(entry.line);
            }
            (_, Some(path)) => {
                if !src_dir.join(path).is_file() {
                    report.notes.push(format!(
                        "{summary_name}:{}: {path} does not exist; chapter \"{}\" skipped (and left out of SUMMARY)",
                        entry.line, entry.title
                    ));
                    refused.insert(entry.line);
                    continue;
                }
                if plan.chapters.contains_key(path) {
                    report.notes.push(format!(
                        "{summary_name}:{}: {path} is listed twice; worked shows it once, at its first place",
                        entry.line
                    ));
                    continue;
                }
                plan.chapters.insert(
                    path.clone(),
                    Chapter {
                        title: entry.title.clone(),
                        weight: Some(weight),
                        draft: false,
                    },
                );
            }
        }
    }
    plan
}

fn front_matter(title: &str, weight: Option<i64>, slug: Option<&str>, draft: bool) -> String {
    let mut text = format!("+++\ntitle = {}\n", toml::Value::String(title.to_string()));
    if let Some(weight) = weight {
        text.push_str(&format!("weight = {weight}\n"));
    }
    if let Some(slug) = slug {
        text.push_str(&format!(
            "slug = {}\n",
            toml::Value::String(slug.to_string())
        ));
    }
    if draft {
        text.push_str("draft = true\n");
    }
    text.push_str("+++\n\n");
    text
}

/// `Chapter 1.md` → `chapter-1`: a slug `worked` accepts, for a file name it does not.
fn slug_for(stem: &str) -> String {
    let mut slug = String::new();
    for c in stem.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
            slug.push(c);
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_matches('-').to_string();
    if slug.is_empty() {
        "chapter".to_string()
    } else {
        slug
    }
}

/// What writing a chapter needs: where from, where to, and what changes on the way.
struct ChapterWriter<'a> {
    book: &'a Source,
    src_dir: &'a Path,
    dest: &'a Destination,
    src_name: &'a str,
    outside: &'a mut OutsideIncludes,
    renames: &'a Renames,
}

impl ChapterWriter<'_> {
    fn write(
        &mut self,
        path: &str,
        chapter: &Chapter,
        report: &mut ImportReport,
    ) -> Result<(), String> {
        let (book, src_dir, dest, src_name) = (self.book, self.src_dir, self.dest, self.src_name);
        let from = src_dir.join(path);
        let as_read = String::from_utf8(book.read(&from, MAX_TEXT_BYTES)?)
            .map_err(|_| format!("cannot read {}: not UTF-8 text", from.display()))?;
        let as_read = as_read.strip_prefix('\u{feff}').unwrap_or(&as_read);
        let placed = self.renames.place(path);
        let to = Path::new(crate::load::content::CONTENT_DIR).join(placed);
        let folder = from.parent().unwrap_or(src_dir);
        let linked = self.renames.rewrite_links(path, as_read);
        let text = &self
            .outside
            .rewrite(book, (folder, path, src_name), &to, &linked, report);
        let fences = fences::convert_fences(text);
        let html = html_math::open_html_blocks(&fences.text);
        // A line of a pass's output → the line of its input it came from.
        let back = |lines: &[usize], line: usize| {
            lines.get(line.saturating_sub(1)).copied().unwrap_or(line)
        };
        let original = |line: usize| back(&fences.source_lines, back(&html.source_lines, line));
        for (line, note) in &fences.notes {
            report
                .notes
                .push(format!("{src_name}/{path}:{line}: {note}"));
        }
        for (line, note) in &html.notes {
            let line = back(&fences.source_lines, *line);
            report
                .notes
                .push(format!("{src_name}/{path}:{line}: {note}"));
        }
        let mut rewritten = math::rewrite_math(&html.text);
        for line in rewritten
            .source_lines
            .iter_mut()
            .chain(&mut rewritten.stray)
            .chain(&mut rewritten.unbalanced)
        {
            *line = original(*line);
        }
        report.formulas_rewritten += rewritten.changed;
        for line in &rewritten.stray {
            report.notes.push(format!(
            "{src_name}/{path}:{line}: a `$$` that pairs with no `$$` before the next heading, list item or paragraph; written as a literal `\\$\\$` (mdbook-katex would have joined the text up to the next `$$` into one formula)"
        ));
        }
        for line in &rewritten.unbalanced {
            report.notes.push(format!(
            "{src_name}/{path}:{line}: a formula whose braces do not balance (KaTeX rejects it, and mdbook-katex shows its source in red): written as that markup, `worked check` cannot see it; fix it in the original"
        ));
        }
        let body = without_title_heading(&rewritten.text, &chapter.title);
        let dropped = rewritten.text[..rewritten.text.len() - body.len()]
            .matches('\n')
            .count();
        if as_read.contains("{{#") {
            report
                .with_directives
                .push((path.to_string(), as_read.to_string()));
        }
        let (folder, file) = placed.rsplit_once('/').unwrap_or(("", placed));
        for name in folder.split('/').filter(|name| !name.is_empty()) {
            if slug_problem(name).is_some() {
                report.notes.push(format!(
                "{src_name}/{path}: the folder name \"{name}\" is not allowed in a worked URL (lowercase letters, digits, `-`, `_`); rename the folder"
            ));
            }
        }
        let stem = file.strip_suffix(".md").unwrap_or(file);
        let is_section = SECTION_FILES.contains(&file);
        let slug = (!is_section && slug_problem(stem).is_some()).then(|| slug_for(stem));
        let front = front_matter(
            &chapter.title,
            chapter.weight,
            slug.as_deref(),
            chapter.draft,
        );
        dest.write(&to, format!("{front}{body}").as_bytes())?;
        report.lines.insert(
            placed.to_string(),
            ChapterLines {
                original: path.to_string(),
                front: front.matches('\n').count(),
                dropped,
                source_lines: rewritten.source_lines,
            },
        );
        report.chapters += 1;
        Ok(())
    }
}

/// The chapter's text without its first `# Title` line when that repeats the SUMMARY title
/// (worked prints the title itself).
fn without_title_heading<'a>(text: &'a str, title: &str) -> &'a str {
    let leading = text.len() - text.trim_start().len();
    let rest = &text[leading..];
    let line_end = rest.find('\n').map_or(rest.len(), |end| end + 1);
    match rest[..line_end].trim_end().strip_prefix("# ") {
        Some(heading) if heading.trim().eq_ignore_ascii_case(title.trim()) => &rest[line_end..],
        _ => text,
    }
}

fn copy_other_files(
    writer: &mut ChapterWriter<'_>,
    plan: &Plan,
    pieces: &BTreeSet<String>,
    report: &mut ImportReport,
) -> Result<(), String> {
    let (book, src_dir, dest, src_name) =
        (writer.book, writer.src_dir, writer.dest, writer.src_name);
    let mut seen = 0;
    for entry in WalkDir::new(src_dir).sort_by_file_name() {
        let entry = entry.map_err(|error| format!("cannot read {error}"))?;
        if !entry.file_type().is_file() {
            if !entry.file_type().is_dir() {
                report.notes.push(format!(
                    "{src_name}/{}: not a regular file (a link or special file); not copied",
                    crate::base::source::display_path(src_dir, entry.path())
                ));
            }
            continue;
        }
        seen += 1;
        if seen > MAX_FILES {
            return Err(format!(
                "{} holds more than {MAX_FILES} files; is it an mdBook?",
                src_dir.display()
            ));
        }
        let relative = crate::base::source::display_path(src_dir, entry.path());
        if entry.path().to_str().is_none() {
            report.notes.push(format!(
                "{src_name}/{relative}: the file name is not UTF-8; not copied (rename it)"
            ));
            continue;
        }
        if plan.chapters.contains_key(&relative) {
            continue;
        }
        // SUMMARY.md is written by the caller: it is the new book's `contents`.
        if relative == "SUMMARY.md" {
            continue;
        }
        let is_piece = pieces.contains(&relative);
        if relative == not_found::NOT_FOUND_CHAPTER && !is_piece {
            let bytes = book.read(entry.path(), MAX_TEXT_BYTES)?;
            let (to, template) = not_found::not_found_template(&String::from_utf8_lossy(&bytes))?;
            dest.write(&to, template.as_bytes())?;
            report.notes.push(format!(
                "{src_name}/{relative}: mdBook's page for a missing address; it is the new book's not-found page, {} (edit its <article> there)",
                to.display()
            ));
            continue;
        }
        if relative.ends_with(".md") && !is_piece {
            report.notes.push(format!(
                "{src_name}/{relative}: not in SUMMARY.md; imported as a draft (worked serve shows it, build leaves it out)"
            ));
            let title = relative
                .trim_end_matches(".md")
                .rsplit('/')
                .next()
                .unwrap_or("Untitled")
                .to_string();
            let chapter = Chapter {
                title,
                weight: None,
                draft: true,
            };
            writer.write(&relative, &chapter, report)?;
            continue;
        }
        let mut bytes = book.read(entry.path(), MAX_ASSET_BYTES)?;
        if is_piece {
            if let Ok(text) = std::str::from_utf8(&bytes) {
                bytes = writer
                    .renames
                    .rewrite_includes(&relative, text)
                    .into_bytes();
            }
        }
        let to = Path::new(crate::load::content::CONTENT_DIR).join(writer.renames.place(&relative));
        dest.write(&to, &bytes)?;
        report.files += 1;
    }
    Ok(())
}

/// Every regular file under `src_dir`, by its path there, in the order the copy walks them.
fn files_under(src_dir: &Path) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    for entry in WalkDir::new(src_dir).sort_by_file_name() {
        let entry = entry.map_err(|error| format!("cannot read {error}"))?;
        if entry.file_type().is_file() {
            files.push(crate::base::source::display_path(src_dir, entry.path()));
        }
        if files.len() > MAX_FILES {
            return Err(format!(
                "{} holds more than {MAX_FILES} files; is it an mdBook?",
                src_dir.display()
            ));
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_worked_refuses_get_a_slug() {
        assert_eq!(slug_for("Chapter 1"), "chapter-1");
        assert_eq!(slug_for("ÜBER"), "ber");
    }

    #[test]
    fn notes_of_one_kind_are_capped_with_a_count() {
        let mut report = ImportReport::default();
        for line in 1..=25 {
            report.notes.push(format!(
                "src/SUMMARY.md:{line}: a{line}.md is listed twice; worked shows it once"
            ));
        }
        report.notes.push("book.toml:3: other".to_string());
        let shown = report.shown_notes();
        assert_eq!(shown.len(), MAX_NOTES_OF_A_KIND + 2, "{shown:?}");
        assert_eq!(shown[MAX_NOTES_OF_A_KIND], "book.toml:3: other");
        assert_eq!(
            shown.last().unwrap(),
            "… and 5 more notes like \"a1.md is listed twice; worked shows it once\""
        );
    }

    #[test]
    fn the_title_heading_is_dropped_only_when_it_repeats_the_title() {
        assert_eq!(
            without_title_heading("# Sets\n\nText\n", "Sets"),
            "\nText\n"
        );
        assert_eq!(
            without_title_heading("# Other\n\nText\n", "Sets"),
            "# Other\n\nText\n"
        );
    }
}
