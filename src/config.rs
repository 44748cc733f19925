//! Book-wide settings from the optional `book.toml` at the book root.
//!
//! Input: the root folder. Output: a [`BookConfig`] with defaults filled in. Unknown keys are
//! errors, so a typo such as `titel` never silently falls back to a default.

use crate::diagnostics::Diagnostic;
use crate::source::SourceFile;
use serde::Deserialize;
use std::path::Path;

/// The settings file's name, at the book root.
pub const CONFIG_FILE: &str = "book.toml";

/// Settings that apply to the whole book.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct BookConfig {
    /// The book's title, shown in every page header and on the index.
    pub title: String,
    /// One or two sentences for the index page and `<meta name="description">`.
    pub description: String,
    /// Who wrote the book.
    pub author: String,
    /// BCP 47 language tag for `<html lang>`, so screen readers pick the right voice.
    pub language: String,
    /// Decimal places of a computed number when a reference names no precision.
    pub decimals: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    title: Option<String>,
    description: Option<String>,
    author: Option<String>,
    language: Option<String>,
    decimals: Option<usize>,
}

/// The most decimals a reference may ask for; beyond this f64 prints noise.
pub const MAX_DECIMALS: usize = 15;

impl BookConfig {
    /// Defaults for a book without `book.toml`: titled after its folder, English, 3 decimals.
    pub fn defaults_for(root: &Path) -> Self {
        let folder_name = root
            .canonicalize()
            .ok()
            .and_then(|path| {
                path.file_name()
                    .map(|name| name.to_string_lossy().into_owned())
            })
            .unwrap_or_else(|| "A worked book".to_string());
        BookConfig {
            title: folder_name,
            description: String::new(),
            author: String::new(),
            language: "en".to_string(),
            decimals: 3,
        }
    }

    /// Parses `book.toml` text, filling gaps from `defaults`.
    pub fn parse(file: &SourceFile, defaults: BookConfig) -> Result<Self, Diagnostic> {
        let raw: RawConfig = toml::from_str(&file.text).map_err(|error| {
            let span = error.span().unwrap_or(0..0);
            Diagnostic::at(
                file,
                span,
                format!("invalid {CONFIG_FILE}: {}", error.message()),
            )
            .with_help("allowed keys: title, description, author, language, decimals")
        })?;
        if let Some(decimals) = raw.decimals {
            if decimals > MAX_DECIMALS {
                let at = file.text.find("decimals").unwrap_or(0);
                return Err(Diagnostic::at(
                    file,
                    at..at + "decimals".len(),
                    format!("decimals = {decimals} is more than f64 can print meaningfully"),
                )
                .with_help(format!("use at most {MAX_DECIMALS}")));
            }
        }
        Ok(BookConfig {
            title: raw.title.unwrap_or(defaults.title),
            description: raw.description.unwrap_or(defaults.description),
            author: raw.author.unwrap_or(defaults.author),
            language: raw.language.unwrap_or(defaults.language),
            decimals: raw.decimals.unwrap_or(defaults.decimals),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> BookConfig {
        BookConfig {
            title: "folder".into(),
            description: String::new(),
            author: String::new(),
            language: "en".into(),
            decimals: 3,
        }
    }

    #[test]
    fn missing_keys_fall_back_to_defaults() {
        let file = SourceFile::new("book.toml", "title = \"Attention\"\n");
        let config = BookConfig::parse(&file, defaults()).unwrap();
        assert_eq!(config.title, "Attention");
        assert_eq!(config.language, "en");
        assert_eq!(config.decimals, 3);
    }

    #[test]
    fn an_unknown_key_is_an_error_at_that_key() {
        let file = SourceFile::new("book.toml", "title = \"A\"\ntitel = \"B\"\n");
        let error = BookConfig::parse(&file, defaults()).unwrap_err();
        assert!(error.to_string().starts_with("book.toml:2:1:"), "{error}");
        assert!(error.message().contains("titel"), "{error}");
    }

    #[test]
    fn too_many_decimals_are_refused() {
        let file = SourceFile::new("book.toml", "decimals = 40\n");
        let error = BookConfig::parse(&file, defaults()).unwrap_err();
        assert!(error.to_string().starts_with("book.toml:1:1:"), "{error}");
    }
}
