//! An mdBook's `book.toml` read for the settings that have a `worked` counterpart, with the
//! line of each table and key (for notes that name the right line), and the new `book.toml`
//! written from them.

use super::ImportReport;
use crate::load::config::{CheckLevels, Level};

/// Settings with a `worked` counterpart, and where the chapters are.
pub(super) struct Settings {
    pub(super) title: Option<String>,
    pub(super) author: Option<String>,
    pub(super) language: Option<String>,
    pub(super) description: Option<String>,
    pub(super) src: String,
    pub(super) macros: Option<String>,
    /// mdbook-katex's `output = "mathml"`: formulas as MathML only, carried over as
    /// `[math] output = "mathml"`.
    pub(super) mathml: bool,
}

impl Settings {
    /// The new `book.toml`, with a `[check]` table when the book needs one to build.
    pub(super) fn book_toml(&self, levels: CheckLevels) -> String {
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
        text.push_str("# The sidebar, order, nesting and parts are SUMMARY.md's, as in mdBook.\ncontents = \"SUMMARY.md\"\n");
        text.push_str(
            "# Headings keep mdBook's ids, so links into the book still land.\nids = \"mdbook\"\n",
        );
        if self.macros.is_some() || self.mathml {
            text.push_str("\n[math]\n");
        }
        if self.macros.is_some() {
            text.push_str("macros_file = \"macros.txt\"\n");
        }
        if self.mathml {
            text.push_str("output = \"mathml\"\n");
        }
        if levels != CheckLevels::default() {
            text.push_str("\n# mdBook builds this book despite the problems `worked import` listed;\n# fix them, then remove what follows, so that they stop a build again.\n[check]\n");
            for (key, level) in [("links", levels.links), ("math", levels.math)] {
                if level == Level::Warn {
                    text.push_str(&format!("{key} = \"warn\"\n"));
                }
            }
        }
        text
    }
}

pub(super) fn carry_settings(
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
    let mut mathml = false;
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
                        for (key, value) in settings.as_table().into_iter().flatten() {
                            // Its `output`: "mathml" has a counterpart, "htmlAndMathml" (its
                            // default) is worked's default.
                            let carried = match (key.as_str(), value.as_str()) {
                                ("output", Some("mathml")) => {
                                    mathml = true;
                                    true
                                }
                                ("output", Some("htmlAndMathml")) => true,
                                (key, _) => ["macros", "after", "before"].contains(&key),
                            };
                            if !carried {
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
                    let reason = match name.as_str() {
                        "html" => "worked has its own theme and HTML",
                        "linkcheck" => {
                            "worked checks links itself, in `worked build` and `worked check`"
                        }
                        _ => "worked writes only its own HTML site",
                    };
                    for key in keys {
                        report.notes.push(format!(
                            "{}: [output.{name}] {key} has no counterpart in worked ({reason}); left out", at(&format!("output.{name}"), Some(key))
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
        mathml,
    }
}

/// The 1-based line of `[table]` in `book.toml`, or of `key` in it (written `key = …` or as
/// its own `[table.key]`); 1 when not found (a dotted or inline table).
pub(super) fn setting_line(text: &str, table: &str, key: Option<&str>) -> usize {
    if let Some(key) = key {
        let own_table = format!("{table}.{key}");
        if let Some(line) = table_line(text, &own_table) {
            return line;
        }
    }
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

/// The 1-based line of the header `[table]`, if written so.
pub(super) fn table_line(text: &str, table: &str) -> Option<usize> {
    let header = format!("[{table}]");
    text.lines()
        .position(|line| line.trim() == header)
        .map(|index| index + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn imported(katex: &str) -> (String, Vec<String>) {
        let text = format!("[book]\ntitle = \"T\"\n\n[preprocessor.katex]\n{katex}");
        let config: toml::Table = toml::from_str(&text).unwrap();
        let mut report = ImportReport::default();
        let settings = carry_settings(&config, &text, &mut report);
        (settings.book_toml(CheckLevels::default()), report.notes)
    }

    #[test]
    fn mdbook_katex_mathml_output_is_carried_over_and_its_default_needs_nothing() {
        let (book_toml, notes) = imported("output = \"mathml\"\nmacros = \"m.txt\"\n");
        assert!(
            book_toml.ends_with("\n[math]\nmacros_file = \"macros.txt\"\noutput = \"mathml\"\n"),
            "{book_toml}"
        );
        assert_eq!(notes, Vec::<String>::new());
        let (book_toml, notes) = imported("output = \"htmlAndMathml\"\n");
        assert!(!book_toml.contains("[math]"), "{book_toml}");
        assert_eq!(notes, Vec::<String>::new());
        let (book_toml, notes) = imported("output = \"html\"\n");
        assert!(!book_toml.contains("[math]"), "{book_toml}");
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].starts_with("book.toml:5: [preprocessor.katex] output"),
            "{notes:?}"
        );
    }
}
