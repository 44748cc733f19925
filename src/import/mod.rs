//! `worked import mdbook`: an mdBook + mdbook-katex book turned into a `worked` book.
//!
//! Input: the mdBook folder (the one holding `book.toml`). Output: a new folder with
//! `book.toml`, `content/` (the same folder tree: every chapter with front matter, its math
//! rewritten by [`math`], every other file copied) and the macros file; and notes, each naming
//! a file and line, for everything that could not be carried over. Reading order, titles and
//! nesting come from `SUMMARY.md` ([`summary`]): chapters get weights in SUMMARY order, a
//! part's title becomes the section page of the folder its chapters share, draft chapters
//! (`[Title]()`) and files SUMMARY does not name are left out of the published book.
//! The source folder is only read, never written.

pub mod math;
pub mod summary;

use crate::load::content::{slug_problem, SECTION_FILES};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use summary::{parse_summary, EntryKind, SummaryEntry};
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
}

/// Imports the mdBook at `source` into the new folder `destination`.
pub fn import_mdbook(source: &Path, destination: &Path) -> Result<ImportReport, String> {
    let config_path = source.join("book.toml");
    let config_text = std::fs::read_to_string(&config_path).map_err(|error| {
        format!(
            "cannot read {}: {error} (SRC is the folder that holds an mdBook's book.toml)",
            config_path.display()
        )
    })?;
    check_destination(source, destination)?;
    let config: toml::Table = toml::from_str(&config_text).map_err(|error| {
        format!(
            "{}: not valid TOML: {}",
            config_path.display(),
            error.message()
        )
    })?;
    let mut report = ImportReport::default();
    let settings = carry_settings(&config, &config_text, &mut report);
    let src_dir = source.join(&settings.src);
    let summary_path = src_dir.join("SUMMARY.md");
    let summary_text = std::fs::read_to_string(&summary_path)
        .map_err(|error| format!("cannot read {}: {error}", summary_path.display()))?;
    let summary_name = format!("{}/SUMMARY.md", settings.src);
    let (entries, skipped) = parse_summary(&summary_text);
    for (line, note) in skipped {
        report.notes.push(format!("{summary_name}:{line}: {note}"));
    }

    let content = destination.join(crate::load::content::CONTENT_DIR);
    std::fs::create_dir_all(&content)
        .map_err(|error| format!("cannot create {}: {error}", content.display()))?;
    let plan = plan_chapters(&entries, &summary_name, &src_dir, &mut report);
    for (path, chapter) in &plan.chapters {
        write_chapter(
            &src_dir,
            &content,
            path,
            chapter,
            &settings.src,
            &mut report,
        )?;
    }
    for (folder, (title, weight)) in &plan.part_pages {
        let front = front_matter(title, Some(*weight), None, false);
        let page = content.join(folder).join("index.md");
        write_file(&page, front.as_bytes())?;
    }
    copy_other_files(&src_dir, &content, &plan, &settings.src, &mut report)?;
    if let Some(macros) = &settings.macros {
        let from = source.join(macros);
        let bytes = std::fs::read(&from)
            .map_err(|error| format!("cannot read the macros file {}: {error}", from.display()))?;
        write_file(&destination.join("macros.txt"), &bytes)?;
    }
    write_file(
        &destination.join("book.toml"),
        settings.book_toml().as_bytes(),
    )?;
    Ok(report)
}

/// Refuses a destination that is not empty, or that lies inside the source (the import
/// must never write into it).
fn check_destination(source: &Path, destination: &Path) -> Result<(), String> {
    let source_abs = source
        .canonicalize()
        .map_err(|error| format!("cannot read {}: {error}", source.display()))?;
    let destination_abs =
        std::path::absolute(destination).unwrap_or_else(|_| destination.to_path_buf());
    if destination_abs.starts_with(&source_abs) {
        return Err(format!(
            "{} is inside the mdBook folder; choose a folder outside it (the import never writes into SRC)",
            destination.display()
        ));
    }
    if destination.exists() {
        let empty = std::fs::read_dir(destination)
            .map(|mut entries| entries.next().is_none())
            .unwrap_or(false);
        if !empty {
            return Err(format!(
                "{} exists and is not empty; import into a new folder",
                destination.display()
            ));
        }
    }
    Ok(())
}

/// Settings with a `worked` counterpart, and where the chapters are.
struct Settings {
    title: Option<String>,
    author: Option<String>,
    language: Option<String>,
    description: Option<String>,
    src: String,
    macros: Option<String>,
}

impl Settings {
    fn book_toml(&self) -> String {
        let mut text = String::from("# Imported from an mdBook by `worked import mdbook`.\n");
        for (key, value) in [
            ("title", &self.title),
            ("description", &self.description),
            ("author", &self.author),
            ("language", &self.language),
        ] {
            if let Some(value) = value {
                text.push_str(&format!("{key} = {}\n", toml::Value::String(value.clone())));
            }
        }
        if self.macros.is_some() {
            text.push_str("\n[math]\nmacros_file = \"macros.txt\"\n");
        }
        text
    }
}

fn carry_settings(
    config: &toml::Table,
    text_of_config: &str,
    report: &mut ImportReport,
) -> Settings {
    let at = |table: &str, key: Option<&str>| {
        format!("book.toml:{}", setting_line(text_of_config, table, key))
    };
    let book = config.get("book").and_then(toml::Value::as_table);
    let text = |key: &str| {
        book.and_then(|book| book.get(key))
            .and_then(toml::Value::as_str)
            .map(str::to_string)
    };
    let author = book
        .and_then(|book| book.get("authors"))
        .and_then(toml::Value::as_array)
        .map(|authors| {
            authors
                .iter()
                .filter_map(toml::Value::as_str)
                .collect::<Vec<_>>()
                .join(", ")
        })
        .filter(|authors| !authors.is_empty());
    if let Some(book) = book {
        for key in book.keys() {
            if ![
                "title",
                "authors",
                "language",
                "description",
                "src",
                "multilingual",
            ]
            .contains(&key.as_str())
            {
                report.notes.push(format!(
                    "{}: [book] {key} has no counterpart in worked; left out",
                    at("book", Some(key))
                ));
            }
        }
    }
    let mut macros = None;
    for (section, value) in config {
        match section.as_str() {
            "book" => {}
            "preprocessor" => {
                for (name, settings) in value.as_table().into_iter().flatten() {
                    if name == "katex" {
                        macros = settings
                            .get("macros")
                            .and_then(toml::Value::as_str)
                            .map(str::to_string);
                        for key in settings
                            .as_table()
                            .into_iter()
                            .flatten()
                            .map(|(key, _)| key)
                        {
                            if key != "macros" && key != "after" && key != "before" {
                                report.notes.push(format!(
                                    "{}: [preprocessor.katex] {key} has no counterpart in worked (it typesets with its own settings); left out", at("preprocessor.katex", Some(key))
                                ));
                            }
                        }
                    } else if name != "links" && name != "index" {
                        report.notes.push(format!(
                            "{}: [preprocessor.{name}] is not run by worked; what it does to the chapters is not carried over", at(&format!("preprocessor.{name}"), None)
                        ));
                    }
                }
            }
            "output" => {
                for (name, settings) in value.as_table().into_iter().flatten() {
                    let keys: Vec<&String> = settings
                        .as_table()
                        .map(|table| table.keys().collect())
                        .unwrap_or_default();
                    if keys.is_empty() {
                        report.notes.push(format!(
                            "{}: [output.{name}] has no counterpart in worked; left out",
                            at(&format!("output.{name}"), None)
                        ));
                    }
                    for key in keys {
                        report.notes.push(format!(
                            "{}: [output.{name}] {key} has no counterpart in worked (worked has its own theme); left out", at(&format!("output.{name}"), Some(key))
                        ));
                    }
                }
            }
            other => report.notes.push(format!(
                "{}: [{other}] has no counterpart in worked; left out",
                at(other, None)
            )),
        }
    }
    Settings {
        title: text("title"),
        author,
        language: text("language"),
        description: text("description"),
        src: text("src").unwrap_or_else(|| "src".to_string()),
        macros,
    }
}

/// The 1-based line of `[table]` in `book.toml`, or of `key` in it; 1 when not found (a
/// dotted or inline table).
fn setting_line(text: &str, table: &str, key: Option<&str>) -> usize {
    let header = format!("[{table}]");
    let mut in_table = false;
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('[') {
            in_table = line == header;
            if in_table && key.is_none() {
                return index + 1;
            }
            continue;
        }
        if in_table {
            if let Some(key) = key {
                let name = line
                    .split('=')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .trim_matches('"');
                if name == key {
                    return index + 1;
                }
            }
        }
    }
    1
}

/// A chapter to write: its title and weight, or a draft (a file SUMMARY does not list).
struct Chapter {
    title: String,
    weight: Option<i64>,
    draft: bool,
}

/// Every chapter by its path under `src`, and the section pages made from part titles.
#[derive(Default)]
struct Plan {
    chapters: BTreeMap<String, Chapter>,
    part_pages: BTreeMap<String, (String, i64)>,
}

fn plan_chapters(
    entries: &[SummaryEntry],
    summary_name: &str,
    src_dir: &Path,
    report: &mut ImportReport,
) -> Plan {
    let mut plan = Plan::default();
    let mut weight = 0;
    // Parts and the chapters listed under each, to give a part's title to their folder.
    let mut parts: Vec<(String, usize, i64, Vec<String>)> = Vec::new();
    for entry in entries {
        weight += 10;
        match (&entry.kind, &entry.path) {
            (EntryKind::Part, _) => {
                parts.push((entry.title.clone(), entry.line, weight, Vec::new()))
            }
            (_, None) => report.notes.push(format!(
                "{summary_name}:{}: draft chapter \"{}\" has no file; skipped",
                entry.line, entry.title
            )),
            (kind, Some(path)) => {
                if !src_dir.join(path).is_file() {
                    report.notes.push(format!(
                        "{summary_name}:{}: {path} does not exist; chapter \"{}\" skipped",
                        entry.line, entry.title
                    ));
                    continue;
                }
                if plan.chapters.contains_key(path) {
                    report.notes.push(format!(
                        "{summary_name}:{}: {path} is listed twice; worked shows it once, at its first place",
                        entry.line
                    ));
                    continue;
                }
                if let (Some(part), EntryKind::Numbered { depth: 0 }) = (parts.last_mut(), kind) {
                    part.3.push(path.clone());
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
    for (title, line, weight, chapters) in parts {
        let folders: BTreeSet<&str> = chapters
            .iter()
            .map(|path| path.split_once('/').map_or("", |(folder, _)| folder))
            .collect();
        let folder = match folders.iter().next() {
            Some(folder) if folders.len() == 1 && !folder.is_empty() => folder.to_string(),
            _ => {
                report.notes.push(format!(
                    "{summary_name}:{line}: the part title \"{title}\" is not kept: worked's parts are folders, and its chapters do not share one"
                ));
                continue;
            }
        };
        let has_page = SECTION_FILES
            .iter()
            .any(|name| plan.chapters.contains_key(&format!("{folder}/{name}")));
        if has_page {
            report.notes.push(format!(
                "{summary_name}:{line}: the part title \"{title}\" is not kept: {folder}/ has a section page of its own"
            ));
        } else {
            plan.part_pages.insert(folder, (title, weight));
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

fn write_chapter(
    src_dir: &Path,
    content: &Path,
    path: &str,
    chapter: &Chapter,
    src_name: &str,
    report: &mut ImportReport,
) -> Result<(), String> {
    let from = src_dir.join(path);
    let text = std::fs::read_to_string(&from)
        .map_err(|error| format!("cannot read {}: {error}", from.display()))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let rewritten = math::rewrite_math(text);
    report.formulas_rewritten += rewritten.changed;
    let body = without_title_heading(&rewritten.text, &chapter.title);
    for (number, line) in body.lines().enumerate() {
        if line.contains("{{#") {
            report.notes.push(format!(
                "{src_name}/{path}:{}: mdBook directive left as written ({}); worked does not run it and will report it",
                number + 1 + (rewritten.text.lines().count() - body.lines().count()),
                line.trim()
            ));
        }
    }
    let (folder, file) = path.rsplit_once('/').unwrap_or(("", path));
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
    write_file(&content.join(path), format!("{front}{body}").as_bytes())?;
    report.chapters += 1;
    Ok(())
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
    src_dir: &Path,
    content: &Path,
    plan: &Plan,
    src_name: &str,
    report: &mut ImportReport,
) -> Result<(), String> {
    let mut seen = 0;
    for entry in WalkDir::new(src_dir).sort_by_file_name() {
        let entry = entry.map_err(|error| format!("cannot read {error}"))?;
        if !entry.file_type().is_file() {
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
        if relative == "SUMMARY.md" || plan.chapters.contains_key(&relative) {
            continue;
        }
        if relative.ends_with(".md") {
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
            write_chapter(src_dir, content, &relative, &chapter, src_name, report)?;
            continue;
        }
        let bytes = std::fs::read(entry.path())
            .map_err(|error| format!("cannot read {}: {error}", entry.path().display()))?;
        write_file(&content.join(&relative), &bytes)?;
        report.files += 1;
    }
    Ok(())
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|error| format!("cannot create {}: {error}", parent.display()))?;
    }
    std::fs::write(path, bytes).map_err(|error| format!("cannot write {}: {error}", path.display()))
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
