//! The default theme (templates and static files) and a book's overrides of it.
//!
//! The repo's `templates/` and `static/` are compiled into the binary, so `worked build` works
//! on a folder that holds only `content/` (as after `cargo install`). A book's own
//! `templates/` or `static/` files replace the defaults file by file.

use crate::base::diagnostics::Diagnostic;
use crate::base::source::{display_path, slash_path};
use include_dir::{include_dir, Dir};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use walkdir::WalkDir;

static DEFAULT_TEMPLATES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/templates");
static DEFAULT_STATIC: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/static");

/// Folder of a book's own templates, under its root.
pub const TEMPLATES_DIR: &str = "templates";
/// Folder of a book's own static files, under its root; copied as-is to the output root.
pub const STATIC_DIR: &str = "static";

/// The templates and static files one build uses: defaults with the book's files on top.
#[derive(Debug, Clone, Default)]
pub struct Theme {
    /// Template name (e.g. `lesson.html`) → its text.
    pub templates: BTreeMap<String, String>,
    /// Output-relative path (e.g. `katex/katex.min.css`) → bytes, in the form the site holds
    /// them: the built-in files are copied out of the binary once, straight into it.
    pub static_files: BTreeMap<String, Arc<[u8]>>,
}

/// Loads the default theme and overlays `root/templates` and `root/static`.
pub fn load_theme(root: &Path) -> Result<Theme, Vec<Diagnostic>> {
    let mut theme = Theme::default();
    let mut problems = Vec::new();
    for (name, bytes) in embedded_files(&DEFAULT_TEMPLATES) {
        match std::str::from_utf8(bytes) {
            Ok(text) => {
                theme.templates.insert(name, text.to_string());
            }
            Err(_) => problems.push(Diagnostic::general(format!(
                "built-in template {name} is not UTF-8"
            ))),
        }
    }
    theme.static_files = embedded_files(&DEFAULT_STATIC)
        .map(|(name, bytes)| (name, Arc::from(bytes)))
        .collect();

    for (relative, path) in book_files(root, TEMPLATES_DIR, &mut problems) {
        match crate::load::regular_file::read_regular_text(
            &path,
            crate::load::regular_file::MAX_TEXT_BYTES,
        ) {
            Ok(text) => {
                theme.templates.insert(relative, text);
            }
            Err(error) => problems.push(
                Diagnostic::general(format!(
                    "cannot read template {}: {error}",
                    display_path(root, &path)
                ))
                .with_help("templates must be UTF-8 text files"),
            ),
        }
    }
    for (relative, path) in book_files(root, STATIC_DIR, &mut problems) {
        match crate::load::regular_file::read_regular(
            &path,
            crate::load::regular_file::MAX_ASSET_BYTES,
        ) {
            Ok(bytes) => {
                theme.static_files.insert(relative, bytes.into());
            }
            Err(error) => problems.push(Diagnostic::general(format!(
                "cannot read {}: {error}",
                display_path(root, &path)
            ))),
        }
    }
    if problems.is_empty() {
        Ok(theme)
    } else {
        Err(problems)
    }
}

/// The text of the built-in template `name` (`404.html`), which a book's own may replace.
pub fn built_in_template(name: &str) -> Option<&'static str> {
    DEFAULT_TEMPLATES.get_file(name)?.contents_utf8()
}

fn embedded_files(dir: &'static Dir<'static>) -> impl Iterator<Item = (String, &'static [u8])> {
    let mut stack = vec![dir];
    let mut files = Vec::new();
    while let Some(dir) = stack.pop() {
        for file in dir.files() {
            files.push((slash_path(file.path()), file.contents()));
        }
        stack.extend(dir.dirs());
    }
    files.into_iter()
}

/// Files under `root/folder`, as (path relative to that folder, full path).
fn book_files(
    root: &Path,
    folder: &str,
    problems: &mut Vec<Diagnostic>,
) -> Vec<(String, std::path::PathBuf)> {
    let base = root.join(folder);
    if !base.is_dir() {
        return Vec::new();
    }
    let mut files = Vec::new();
    for entry in WalkDir::new(&base).sort_by_file_name() {
        match entry {
            Ok(entry) if entry.file_type().is_file() && entry.path().to_str().is_none() => {
                problems.push(
                    Diagnostic::general(format!(
                        "the file name of {} is not UTF-8",
                        display_path(root, entry.path())
                    ))
                    .with_help(
                        "rename the file: names become addresses on the site, which are UTF-8",
                    ),
                );
            }
            Ok(entry) if entry.file_type().is_file() => {
                files.push((
                    display_path(&base, entry.path()),
                    entry.path().to_path_buf(),
                ));
            }
            Ok(_) => {}
            Err(error) => problems.push(Diagnostic::general(format!("cannot read {error}"))),
        }
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_theme_has_the_three_templates() {
        let empty = tempfile::tempdir().unwrap();
        let theme = load_theme(empty.path()).unwrap();
        for name in ["base.html", "index.html", "lesson.html"] {
            assert!(theme.templates.contains_key(name), "missing {name}");
        }
    }

    #[test]
    fn a_book_file_overrides_the_default_of_the_same_name() {
        let book = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(book.path().join("static")).unwrap();
        std::fs::write(book.path().join("static/style.css"), "body{}").unwrap();
        let theme = load_theme(book.path()).unwrap();
        assert_eq!(&*theme.static_files["style.css"], b"body{}");
    }
}
