//! The book's bibliography: the BibTeX or BibLaTeX file `book.toml` names (`bibliography`),
//! read with hayagriva, and the CSL style its citations are formatted in (`citation-style`).
//!
//! Input: the book root and its settings. Output: a [`Bibliography`] (or none, when the book
//! cites nothing), or one problem naming the file, at the line and column the BibTeX parser
//! points to. Formatting is `layout::citations`' job; this only reads.

use super::bibliography_bounds::check_bounds;
use super::config::{BookConfig, CONFIG_FILE};
use super::regular_file::{read_in_book, MAX_TEXT_BYTES};
use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use hayagriva::archive::{locales, ArchivedStyle};
use hayagriva::citationberg::{IndependentStyle, Locale, Style};
use hayagriva::io::BibLaTeXError;
use hayagriva::Library;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// The style of a book whose `book.toml` names none: author-year, as "(Vaswani et al., 2017)".
/// Harvard rather than APA: hayagriva leaves APA's dates of conference papers and online works
/// with a dangling comma ("(2017,)") when the entry has no month.
pub const DEFAULT_STYLE: &str = "harvard-cite-them-right";

/// What to tell an author whose `citation-style` is unknown.
pub const STYLE_HELP: &str = "name a style hayagriva ships, e.g. \"apa\", \"chicago-author-date\", \"harvard-cite-them-right\", \"ieee\", or a .csl file relative to the book folder";

/// Whether `name` can be a `citation-style`: an archived style, or a `.csl` file (read later).
pub fn is_style_name(name: &str) -> bool {
    name.ends_with(".csl") || ArchivedStyle::by_name(name).is_some()
}

/// Whether a bibliography's link may be one on the page: http(s) only (DOIs are https).
pub fn is_web_address(url: &str) -> bool {
    let scheme = url.split_once(':').map_or("", |(scheme, _)| scheme);
    scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")
}

/// The entries a book can cite and how to format them.
#[derive(Debug)]
pub struct Bibliography {
    /// The file, as `book.toml` names it, with its text (for positions and the fingerprint).
    pub file: SourceFile,
    /// Every entry of the file, by key.
    pub library: Library,
    /// The CSL style citations and reference lists are formatted in.
    pub style: Arc<IndependentStyle>,
    /// The style's name as written (or [`DEFAULT_STYLE`]), for the fingerprint.
    pub style_name: String,
    /// The `.csl` file's text, for a style the book ships itself (for the fingerprint: an
    /// edit to it changes every page that cites).
    pub style_text: Option<Arc<str>>,
    /// The CSL locales hayagriva ships, for the style's terms ("et al.", "p.").
    pub locales: &'static [Locale],
    /// Entries whose `url` is not a web address, so it prints as text.
    pub warnings: Vec<Diagnostic>,
}

impl Bibliography {
    /// Whether the file has an entry `key`.
    pub fn has(&self, key: &str) -> bool {
        self.library.get(key).is_some()
    }
}

/// Reads the bibliography and style `config` names, relative to `root`; `None` when the book
/// names no bibliography file.
pub fn load_bibliography(
    root: &Path,
    config: &BookConfig,
) -> Result<Option<Bibliography>, Diagnostic> {
    let Some(path) = &config.bibliography else {
        return Ok(None);
    };
    let bytes = read_in_book(root, path, MAX_TEXT_BYTES).map_err(|error| {
        Diagnostic::general(format!(
            "cannot read the bibliography file {path} named in {CONFIG_FILE}: {error}"
        ))
        .with_help("`bibliography` is relative to the book folder, e.g. `bibliography = \"references.bib\"`")
    })?;
    let file = utf8_source(path, bytes)?;
    check_bounds(&file)?;
    let library = parse_library(&file)?;
    let style_name = config
        .citation_style
        .clone()
        .unwrap_or_else(|| DEFAULT_STYLE.to_string());
    let (style, style_text) = load_style(root, &style_name)?;
    let warnings = links_that_are_not_web_addresses(&file, &library);
    Ok(Some(Bibliography {
        warnings,
        file,
        library,
        style,
        style_name,
        style_text,
        locales: shipped_locales(),
    }))
}

/// hayagriva's locales, decoded once per process: they never change, and decoding them was
/// most of a `serve` rebuild after a one-line edit.
pub fn shipped_locales() -> &'static [Locale] {
    static LOCALES: OnceLock<Vec<Locale>> = OnceLock::new();
    LOCALES.get_or_init(locales)
}

/// A warning for each entry whose `url` has a scheme other than http(s), at the address.
fn links_that_are_not_web_addresses(file: &SourceFile, library: &Library) -> Vec<Diagnostic> {
    library
        .iter()
        .filter_map(|entry| {
            let url = entry.url()?.value.as_str();
            if is_web_address(url) {
                return None;
            }
            let at = file
                .text
                .find(url)
                .or_else(|| file.text.find(entry.key()))
                .unwrap_or(0);
            let scheme = url.split_once(':').map_or(url, |(scheme, _)| scheme);
            Some(
                Diagnostic::at(
                    file,
                    at..at + url.len().min(file.text.len() - at),
                    format!(
                        "entry `{}` has a url with the scheme \"{scheme}\", printed as text, not a link",
                        entry.key()
                    ),
                )
                .with_help("a bibliography links only http:// and https:// addresses (and DOIs)")
                .into_warning(),
            )
        })
        .collect()
}

/// The text of a file that must be UTF-8; other bytes are an error at the first of them.
fn utf8_source(path: &str, bytes: Vec<u8>) -> Result<SourceFile, Diagnostic> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(SourceFile::new(path, text)),
        Err(error) => {
            let at = error.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(error.as_bytes()).into_owned();
            // The lossy text has the same bytes up to `at`, so the place is the same.
            let file = SourceFile::new(path, text);
            Err(
                Diagnostic::at(&file, at..at + 1, "these bytes are not UTF-8 text").with_help(
                    "save the file as UTF-8 (BibTeX accents such as {\\\"u} are also fine)",
                ),
            )
        }
    }
}

/// The entries of a BibTeX/BibLaTeX file; the first problem hayagriva finds is reported at its
/// place in the file.
fn parse_library(file: &SourceFile) -> Result<Library, Diagnostic> {
    hayagriva::io::from_biblatex_str(&file.text).map_err(|errors| {
        let help =
            "fix the entry; each is written `@article{key, author = {…}, title = {…}, year = {…}}`";
        match errors.into_iter().next() {
            Some(BibLaTeXError::Parse(error)) => Diagnostic::at(
                file,
                error.span.clone(),
                format!("the bibliography cannot be read: {}", error.kind),
            )
            .with_help(help),
            Some(BibLaTeXError::Type(error)) => Diagnostic::at(
                file,
                error.span.clone(),
                format!("the bibliography has a malformed field: {}", error.kind),
            )
            .with_help(help),
            None => Diagnostic::general(format!("the bibliography {} cannot be read", file.path)),
        }
    })
}

/// An archived style by name, or a `.csl` file relative to `root` (with the file's text).
fn load_style(
    root: &Path,
    name: &str,
) -> Result<(Arc<IndependentStyle>, Option<Arc<str>>), Diagnostic> {
    let unusable = |why: String| {
        Diagnostic::general(format!("citation-style \"{name}\" in {CONFIG_FILE} {why}"))
            .with_help(STYLE_HELP)
    };
    let dependent = || {
        unusable("only points to another style (a dependent CSL style); name that one".to_string())
    };
    let (style, text) = if name.ends_with(".csl") {
        let bytes = read_in_book(root, name, MAX_TEXT_BYTES)
            .map_err(|error| unusable(format!("cannot be read: {error}")))?;
        let file = utf8_source(name, bytes)?;
        let style = Style::from_xml(&file.text).map_err(|error| {
            let at = error
                .path
                .as_ref()
                .map_or(0, |path| element_at(&file.text, &path.to_string()));
            Diagnostic::at(
                &file,
                at..at + 1,
                format!("{name} is not a CSL style: {error}"),
            )
            .with_help(STYLE_HELP)
        })?;
        (style, file.text)
    } else {
        let archived = ArchivedStyle::by_name(name)
            .ok_or_else(|| unusable("is not a style worked knows".to_string()))?;
        let style = archived_style(archived).ok_or_else(dependent)?;
        return Ok((style, None));
    };
    match style {
        Style::Independent(style) => Ok((Arc::new(style), Some(text))),
        Style::Dependent(_) => Err(dependent()),
    }
}

/// The archived style, decoded once per process (as [`shipped_locales`]); `None` for a
/// dependent one.
fn archived_style(archived: ArchivedStyle) -> Option<Arc<IndependentStyle>> {
    static DECODED: OnceLock<Mutex<HashMap<ArchivedStyle, Option<Arc<IndependentStyle>>>>> =
        OnceLock::new();
    let mut decoded = DECODED
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    decoded
        .entry(archived)
        .or_insert_with(|| match archived.get() {
            Style::Independent(style) => Some(Arc::new(style)),
            Style::Dependent(_) => None,
        })
        .clone()
}

/// Where the element a deserializer's `path` (`style.citation.layout`) names starts in `xml`:
/// each step found after the one before; the start when none is.
fn element_at(xml: &str, path: &str) -> usize {
    let mut at = 0;
    for step in path.split('.') {
        let step = step.trim_start_matches(['@', '$']);
        if let Some(found) = xml[at..].find(&format!("<{step}")) {
            at += found;
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(bibliography: &str, style: Option<&str>) -> BookConfig {
        let mut config = BookConfig::defaults_for(Path::new("."));
        config.bibliography = Some(bibliography.to_string());
        config.citation_style = style.map(str::to_string);
        config
    }

    const ONE_ENTRY: &str = "@article{vaswani2017,\n  author = {Vaswani, Ashish and Shazeer, Noam},\n  title = {Attention Is All You Need},\n  year = {2017},\n}\n";

    #[test]
    fn a_book_without_a_bibliography_has_none() {
        let book = tempfile::tempdir().unwrap();
        let config = BookConfig::defaults_for(book.path());
        assert!(load_bibliography(book.path(), &config).unwrap().is_none());
    }

    #[test]
    fn entries_are_read_by_key_with_the_default_author_year_style() {
        let book = tempfile::tempdir().unwrap();
        std::fs::write(book.path().join("refs.bib"), ONE_ENTRY).unwrap();
        let bibliography = load_bibliography(book.path(), &config("refs.bib", None))
            .unwrap()
            .unwrap();
        assert!(bibliography.has("vaswani2017"));
        assert!(!bibliography.has("vaswani2018"));
        assert_eq!(bibliography.style_name, DEFAULT_STYLE);
    }

    #[test]
    fn a_missing_file_is_one_problem_naming_it() {
        let book = tempfile::tempdir().unwrap();
        let problem = load_bibliography(book.path(), &config("nope.bib", None)).unwrap_err();
        assert!(
            problem.message().contains("nope.bib"),
            "{}",
            problem.message()
        );
    }

    #[test]
    fn a_broken_entry_is_reported_at_its_line() {
        let book = tempfile::tempdir().unwrap();
        let broken = format!("{ONE_ENTRY}\n@book{{knuth,\n  title = {{TAOCP\n}}\n");
        std::fs::write(book.path().join("refs.bib"), broken).unwrap();
        let problem = load_bibliography(book.path(), &config("refs.bib", None)).unwrap_err();
        assert_eq!(problem.path(), Some("refs.bib"));
        assert!(problem.line().unwrap() >= 7, "{}", problem.render());
    }

    #[test]
    fn styles_are_archived_names_or_csl_files() {
        assert!(is_style_name("apa"));
        assert!(is_style_name("chicago-author-date"));
        assert!(is_style_name("house.csl"));
        assert!(!is_style_name("apaa"));
        let book = tempfile::tempdir().unwrap();
        std::fs::write(book.path().join("refs.bib"), ONE_ENTRY).unwrap();
        let problem =
            load_bibliography(book.path(), &config("refs.bib", Some("gone.csl"))).unwrap_err();
        assert!(
            problem.message().contains("gone.csl"),
            "{}",
            problem.message()
        );
    }
}
