//! Book-wide settings from the optional `book.toml` at the book root.
//!
//! Input: the root folder. Output: a [`BookConfig`] with defaults filled in. Unknown keys are
//! errors, so a typo such as `titel` never silently falls back to a default. Book-wide KaTeX
//! macros come from a `[math.macros]` table and from a `[math] macros_file` in mdbook-katex's
//! format; every malformed entry is reported at its own line and column.

use super::regular_file::{read_in_book, read_regular_text, utf8_text, MAX_TEXT_BYTES};
use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use toml::Spanned;

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
    /// Where the book is published, e.g. `https://example.org/book/` (always ending in `/`),
    /// or empty. Absolute URLs need it: `<link rel="canonical">`, `og:url`, `sitemap.xml`, and
    /// the root-relative links of `404.html`, which a server shows at any depth.
    pub base_url: String,
    /// Book-wide KaTeX macros, `\name` → expansion, from the `[math.macros]` table in file
    /// order; those of `macros_file` are added by [`load_macros_file`].
    #[serde(skip)]
    pub macros: Vec<(String, String)>,
    /// `[math] macros_file`, as written, with the span of its string in `book.toml`.
    #[serde(skip)]
    pub macros_file: Option<(String, Range<usize>)>,
    /// How `build` treats broken links and formulas KaTeX rejects (`[check]`).
    #[serde(skip)]
    pub check: CheckLevels,
    /// `contents`: a table of contents in mdBook's `SUMMARY.md` format, relative to
    /// `content/`, with the span of its string; the book's order and nesting come from it
    /// instead of from its folders.
    #[serde(skip)]
    pub contents: Option<(String, Range<usize>)>,
    /// `ids`: how headings get their ids.
    #[serde(skip)]
    pub ids: HeadingIds,
    /// `bibliography`: a BibTeX or BibLaTeX file relative to the book root, for citations;
    /// read by [`super::bibliography`]. Templates see it, to link the bibliography page.
    pub bibliography: Option<String>,
    /// `citation-style`: a CSL style hayagriva ships (`apa`, `chicago-author-date`, `ieee`, …)
    /// or a `.csl` file relative to the book root; an author-year style when unset.
    #[serde(skip)]
    pub citation_style: Option<String>,
    /// `print` (or `[print] enable`): whether the site has the whole-book page `print.html`
    /// (and pages link it).
    pub print: bool,
    /// `[print] math`: what `print.html` shows of each formula; always MathML when
    /// `math_output` is, since the pages then carry no KaTeX drawing to copy.
    pub print_math: PrintMath,
    /// `[math] output`: what the pages show of each formula.
    pub math_output: MathOutput,
    /// `[search] synonyms`: the book's abbreviations spelled out (`kv` → `key-value`), so a
    /// search for one also finds the other; keys lowercased, in file order.
    #[serde(skip)]
    pub search_synonyms: Vec<(String, String)>,
}

/// The heading id scheme of a book (`ids` in `book.toml`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HeadingIds {
    /// `worked`'s own: the heading's words (`why-divide-by-d_k`), repeats `-2`, `-3`.
    #[default]
    Worked,
    /// mdBook's, so links into an imported book keep working (`expand::mdbook_ids`).
    Mdbook,
}

/// What the whole-book page `print.html` shows of each formula (`[print] math`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PrintMath {
    /// The formula's MathML only, which the browser draws with a math font (the default): the
    /// lesson pages carry KaTeX's drawing already, and repeating it made `print.html` nearly as
    /// large as all the lesson pages together.
    #[default]
    Mathml,
    /// KaTeX's drawing and its MathML, as on the lesson pages: KaTeX's look on paper, at about
    /// eight times the bytes per formula.
    Katex,
}

/// What every page shows of each formula (`[math] output`, as mdbook-katex's `output`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MathOutput {
    /// KaTeX's HTML drawing, with KaTeX's stylesheet and fonts, and its MathML for assistive
    /// technology (the default).
    #[default]
    Katex,
    /// The MathML only, which the browser draws with the shipped STIX Two Math font, as
    /// `[print] math = "mathml"` does for the print page: KaTeX's drawing is about six times
    /// the MathML's bytes, most of a page with many formulas.
    Mathml,
}

/// What a kind of problem does to `build` and `serve`. `check` reports it as an error either
/// way: a downgrade lets a book that mdBook builds (an imported one) build here too, without
/// hiding its problems.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The build stops (the default).
    #[default]
    Error,
    /// The build reports it as a warning and goes on.
    Warn,
}

/// `[check]` in `book.toml`: which problems only warn in `build`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CheckLevels {
    /// Links, anchors and images that point at nothing.
    pub links: Level,
    /// Formulas KaTeX rejects; in warn mode each is shown as KaTeX shows errors.
    pub math: Level,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    title: Option<String>,
    description: Option<String>,
    author: Option<String>,
    language: Option<String>,
    decimals: Option<usize>,
    base_url: Option<Spanned<String>>,
    math: Option<RawMath>,
    check: Option<RawCheck>,
    contents: Option<Spanned<String>>,
    ids: Option<HeadingIds>,
    bibliography: Option<String>,
    #[serde(rename = "citation-style")]
    citation_style: Option<Spanned<String>>,
    print: Option<RawPrint>,
    search: Option<RawSearch>,
}

/// `print`: `true` or `false`, or a `[print]` table.
struct RawPrint(RawPrintTable);

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrintTable {
    enable: Option<bool>,
    math: Option<Spanned<PrintMath>>,
}

impl<'de> Deserialize<'de> for RawPrint {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Either;
        impl<'de> serde::de::Visitor<'de> for Either {
            type Value = RawPrint;
            fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
                formatter.write_str("true, false or a [print] table")
            }
            fn visit_bool<E>(self, enable: bool) -> Result<RawPrint, E> {
                Ok(RawPrint(RawPrintTable {
                    enable: Some(enable),
                    math: None,
                }))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<RawPrint, A::Error> {
                RawPrintTable::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(RawPrint)
            }
        }
        deserializer.deserialize_any(Either)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSearch {
    synonyms: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
}

/// Most synonyms a book may declare; the list travels in the search index.
pub const MAX_SEARCH_SYNONYMS: usize = 100;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCheck {
    links: Option<Level>,
    math: Option<Level>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMath {
    macros: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
    macros_file: Option<Spanned<String>>,
    output: Option<MathOutput>,
}

const CONFIG_KEYS: &str = "title, description, author, language, decimals, base_url, contents, ids (\"worked\" or \"mdbook\"), bibliography, citation-style, print (true or false, or a [print] table with enable and math (\"mathml\" or \"katex\")), a [search] table with synonyms, a [math] table with macros, macros_file and output (\"katex\" or \"mathml\"), and a [check] table with links and math (\"error\" or \"warn\")";

/// Every key `book.toml` accepts, tables' keys as `table.key`, read from the parser itself
/// (the manual is checked against this list).
pub fn book_toml_keys() -> Vec<String> {
    use crate::base::fields::struct_fields;
    let tables = [
        ("math", struct_fields::<RawMath>()),
        ("check", struct_fields::<RawCheck>()),
        ("search", struct_fields::<RawSearch>()),
        ("print", struct_fields::<RawPrintTable>()),
    ];
    let mut keys = Vec::new();
    for &key in struct_fields::<RawConfig>() {
        match tables.iter().find(|(table, _)| *table == key) {
            Some((table, inner)) => {
                // `print = false` is the short form of `[print] enable = false`.
                if *table == "print" {
                    keys.push(key.to_string());
                }
                keys.extend(inner.iter().map(|k| format!("{table}.{k}")));
            }
            None => keys.push(key.to_string()),
        }
    }
    keys
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
        Self::titled(folder_name)
    }

    /// Defaults for a book titled `title`: English, 3 decimals, every other setting unset.
    fn titled(title: String) -> Self {
        BookConfig {
            title,
            description: String::new(),
            author: String::new(),
            language: "en".to_string(),
            decimals: 3,
            base_url: String::new(),
            macros: Vec::new(),
            macros_file: None,
            check: CheckLevels::default(),
            contents: None,
            ids: HeadingIds::default(),
            bibliography: None,
            citation_style: None,
            print: true,
            print_math: PrintMath::default(),
            math_output: MathOutput::default(),
            search_synonyms: Vec::new(),
        }
    }

    /// The path part of `base_url` (`/book/`), for links that must work from any folder
    /// depth; empty without a `base_url`.
    pub fn base_path(&self) -> &str {
        self.base_url
            .split_once("://")
            .and_then(|(_, rest)| rest.find('/').map(|slash| &rest[slash..]))
            .unwrap_or("")
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
            .with_help(format!("allowed keys: {CONFIG_KEYS}"))
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
        let base_url = match raw.base_url {
            Some(url) => {
                let span = url.span();
                base_url_with_slash(url.get_ref()).map_err(|problem| {
                    Diagnostic::at(file, span, problem).with_help(
                        "write the address the book is published at, e.g. `base_url = \"https://example.org/book/\"`",
                    )
                })?
            }
            None => defaults.base_url,
        };
        let math_output = raw
            .math
            .as_ref()
            .and_then(|math| math.output)
            .unwrap_or(defaults.math_output);
        let (macros, macros_file) = match raw.math {
            Some(math) => {
                let mut entries: Vec<_> = math.macros.unwrap_or_default().into_iter().collect();
                // The table arrives sorted by name; errors and definitions read in file order.
                entries.sort_by_key(|(name, _)| name.span().start);
                let mut macros = Vec::with_capacity(entries.len());
                for (name, expansion) in entries {
                    let written = name.get_ref();
                    let command = if written.starts_with('\\') {
                        written.clone()
                    } else {
                        format!("\\{written}")
                    };
                    if let Some(problem) = macro_name_problem(&command)
                        .or_else(|| expansion_problem(expansion.get_ref()))
                    {
                        let span = if macro_name_problem(&command).is_some() {
                            name.span()
                        } else {
                            expansion.span()
                        };
                        return Err(Diagnostic::at(file, span, problem).with_help(
                            "write macros as `name = \"expansion\"`, e.g. `R = \"\\\\mathbb{R}\"`",
                        ));
                    }
                    macros.push((command, expansion.into_inner()));
                }
                let file_entry = math.macros_file.map(|path| {
                    let span = path.span();
                    (path.into_inner(), span)
                });
                (macros, file_entry)
            }
            None => (Vec::new(), None),
        };
        Ok(BookConfig {
            title: raw.title.unwrap_or(defaults.title),
            description: raw.description.unwrap_or(defaults.description),
            author: raw.author.unwrap_or(defaults.author),
            language: raw.language.unwrap_or(defaults.language),
            decimals: raw.decimals.unwrap_or(defaults.decimals),
            base_url,
            macros,
            macros_file,
            check: CheckLevels {
                links: raw
                    .check
                    .as_ref()
                    .and_then(|check| check.links)
                    .unwrap_or_default(),
                math: raw
                    .check
                    .as_ref()
                    .and_then(|check| check.math)
                    .unwrap_or_default(),
            },
            contents: raw.contents.map(|contents| {
                let span = contents.span();
                (contents.into_inner(), span)
            }),
            ids: raw.ids.unwrap_or_default(),
            bibliography: raw.bibliography,
            citation_style: match raw.citation_style {
                Some(style) => {
                    let span = style.span();
                    let name = style.into_inner();
                    if !super::bibliography::is_style_name(&name) {
                        return Err(Diagnostic::at(
                            file,
                            span,
                            format!("citation-style \"{name}\" is not a style worked knows"),
                        )
                        .with_help(super::bibliography::STYLE_HELP));
                    }
                    Some(name)
                }
                None => None,
            },
            print: raw
                .print
                .as_ref()
                .and_then(|print| print.0.enable)
                .unwrap_or(defaults.print),
            print_math: print_math(file, raw.print, math_output, defaults.print_math)?,
            math_output,
            search_synonyms: search_synonyms(file, raw.search)?,
        })
    }
}

/// `[print] math`, which under `[math] output = "mathml"` can only be `"mathml"`: the pages then
/// carry no KaTeX drawing for the print page to copy.
fn print_math(
    file: &SourceFile,
    print: Option<RawPrint>,
    output: MathOutput,
    default: PrintMath,
) -> Result<PrintMath, Diagnostic> {
    let Some(math) = print.and_then(|print| print.0.math) else {
        return Ok(match output {
            MathOutput::Katex => default,
            MathOutput::Mathml => PrintMath::Mathml,
        });
    };
    if output == MathOutput::Mathml && *math.get_ref() == PrintMath::Katex {
        return Err(Diagnostic::at(
            file,
            math.span(),
            "[print] math = \"katex\" needs KaTeX's drawing, which [math] output = \"mathml\" leaves out of every page",
        )
        .with_help("remove `math = \"katex\"` from [print] (the print page then shows MathML, as the lessons do), or set [math] output = \"katex\""));
    }
    Ok(math.into_inner())
}

/// `[search] synonyms` in file order, each key one word as search cuts words (`kv`, `ffn`:
/// two or more letters or digits) and each expansion with such a word.
fn search_synonyms(
    file: &SourceFile,
    search: Option<RawSearch>,
) -> Result<Vec<(String, String)>, Diagnostic> {
    let is_word = |text: &str| {
        text.chars().nth(1).is_some() && text.chars().all(|c| c.is_alphabetic() || c.is_numeric())
    };
    let mut entries: Vec<_> = search
        .and_then(|search| search.synonyms)
        .unwrap_or_default()
        .into_iter()
        .collect();
    entries.sort_by_key(|(name, _)| name.span().start);
    let help = "write a synonym as `abbreviation = \"what it stands for\"` under [search], e.g. `kv = \"key-value\"`";
    if let Some((name, _)) = entries.get(MAX_SEARCH_SYNONYMS) {
        return Err(Diagnostic::at(
            file,
            name.span(),
            format!(
                "the book declares {} search synonyms; the limit is {MAX_SEARCH_SYNONYMS}",
                entries.len()
            ),
        )
        .with_help(help));
    }
    let mut synonyms = Vec::with_capacity(entries.len());
    for (name, expansion) in entries {
        let key = name.get_ref().to_lowercase();
        if !is_word(&key) {
            return Err(Diagnostic::at(
                file,
                name.span(),
                format!(
                    "the search synonym `{}` is not one word search can find",
                    name.get_ref()
                ),
            )
            .with_help(help));
        }
        if !expansion
            .get_ref()
            .split(|c: char| !(c.is_alphabetic() || c.is_numeric()))
            .any(is_word)
        {
            return Err(Diagnostic::at(
                file,
                expansion.span(),
                format!("`{}` has no word search can find", expansion.get_ref()),
            )
            .with_help(help));
        }
        synonyms.push((key, expansion.into_inner()));
    }
    Ok(synonyms)
}

/// `url` checked to be an absolute `http(s)` address without query or fragment, ending in `/`
/// (added if missing) so page paths can follow it.
fn base_url_with_slash(url: &str) -> Result<String, String> {
    let Some((scheme, rest)) = url.split_once("://") else {
        return Err(format!(
            "base_url \"{url}\" is not an absolute URL: it needs http:// or https://"
        ));
    };
    if scheme != "http" && scheme != "https" {
        return Err(format!(
            "base_url \"{url}\" uses {scheme}://; only http:// and https:// are published addresses"
        ));
    }
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() {
        return Err(format!("base_url \"{url}\" has no host name"));
    }
    if let Some(bad) = url
        .chars()
        .find(|c| c.is_whitespace() || c.is_control() || matches!(c, '?' | '#' | '"' | '<' | '>'))
    {
        return Err(format!(
            "base_url \"{url}\" contains {bad:?}, which has no place in a site's address"
        ));
    }
    if !url.ends_with('/') {
        Ok(format!("{url}/"))
    } else {
        Ok(url.to_string())
    }
}

/// Most macros one book may define; KaTeX copies them for every formula.
pub const MAX_MACROS: usize = 2_000;

/// Reads `macros_file` (relative to the book root), mdbook-katex's format: one `\name:expansion`
/// per line, `#` starts a comment line, blank lines are skipped. Appends the macros to
/// `config.macros`; a macro defined twice is an error at the second definition.
pub fn load_macros_file(
    root: &Path,
    config_file: &SourceFile,
    config: &mut BookConfig,
) -> Result<(), Vec<Diagnostic>> {
    let Some((path, span)) = config.macros_file.clone() else {
        return Ok(());
    };
    let text = read_in_book(root, &path, MAX_TEXT_BYTES)
        .and_then(utf8_text)
        .map_err(|error| {
            vec![Diagnostic::at(
                config_file,
                span.clone(),
                format!("cannot read the macros file {path}: {error}"),
            )
            .with_help(
                "macros_file is relative to the book folder, e.g. `macros_file = \"macros.txt\"`",
            )]
        })?;
    let file = SourceFile::new(path.as_str(), text);
    let mut problems = Vec::new();
    let mut defined: BTreeMap<String, String> = config
        .macros
        .iter()
        .map(|(name, _)| (name.clone(), format!("{CONFIG_FILE} [math.macros]")))
        .collect();
    for (number, (start, line)) in line_spans(&file.text).enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let at = start + indent;
        let Some((name, expansion)) = trimmed.split_once(':') else {
            problems.push(
                Diagnostic::at(&file, at..at + trimmed.len(), "a macro line needs a `:`")
                    .with_help("write `\\name:expansion`, e.g. `\\R:\\mathbb{R}`"),
            );
            continue;
        };
        let name = name.trim_end();
        if let Some(problem) = macro_name_problem(name) {
            problems.push(
                Diagnostic::at(&file, at..at + name.len(), problem)
                    .with_help("a macro name is `\\` and letters, e.g. `\\R:\\mathbb{R}`"),
            );
            continue;
        }
        let expansion_at = at + trimmed.find(':').unwrap_or(0) + 1;
        if let Some(problem) = expansion_problem(expansion) {
            problems.push(Diagnostic::at(
                &file,
                expansion_at..expansion_at + expansion.len(),
                problem,
            ));
            continue;
        }
        if let Some(first) = defined.get(name) {
            problems.push(
                Diagnostic::at(
                    &file,
                    at..at + name.len(),
                    format!("{name} is defined twice"),
                )
                .with_help(format!(
                    "it is already defined in {first}; keep one definition"
                )),
            );
            continue;
        }
        defined.insert(name.to_string(), format!("{}:{}", file.path, number + 1));
        config
            .macros
            .push((name.to_string(), expansion.trim().to_string()));
    }
    if config.macros.len() > MAX_MACROS {
        problems.push(Diagnostic::general(format!(
            "the book defines {} macros; the limit is {MAX_MACROS}",
            config.macros.len()
        )));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Each line with the byte offset where it starts (without its line ending).
fn line_spans(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    text.split_inclusive('\n').map(move |line| {
        let at = start;
        start += line.len();
        (at, line.trim_end_matches(['\n', '\r']))
    })
}

/// Why `name` cannot be a KaTeX macro name: `\` then letters, or `\` and one other character.
fn macro_name_problem(name: &str) -> Option<String> {
    let Some(rest) = name.strip_prefix('\\') else {
        return Some(format!(
            "the macro name \"{name}\" does not start with `\\`"
        ));
    };
    let letters = !rest.is_empty() && rest.chars().all(|c| c.is_ascii_alphabetic());
    let one_symbol = rest.chars().count() == 1;
    if letters || one_symbol {
        None
    } else {
        Some(format!(
            "\"{name}\" is not a macro name: after `\\` come letters only, or one symbol"
        ))
    }
}

/// Unbalanced braces in an expansion would break every formula that uses the macro.
fn expansion_problem(expansion: &str) -> Option<String> {
    let mut depth: i64 = 0;
    let mut chars = expansion.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth < 0 {
                    return Some("this expansion closes a `}` it never opened".to_string());
                }
            }
            _ => {}
        }
    }
    (depth > 0).then(|| format!("this expansion leaves {depth} `{{` unclosed"))
}

/// The book's settings: `book.toml` and the macros file it names, or the defaults when there
/// is no `book.toml`.
pub fn load_config(root: &Path) -> Result<BookConfig, Vec<Diagnostic>> {
    let defaults = BookConfig::defaults_for(root);
    let path = root.join(CONFIG_FILE);
    let file = match read_regular_text(&path, MAX_TEXT_BYTES) {
        Ok(text) => SourceFile::new(CONFIG_FILE, text),
        Err(error) if error.is_not_found() => return Ok(defaults),
        Err(error) => {
            return Err(vec![Diagnostic::io(format!(
                "cannot read {CONFIG_FILE}: {error}"
            ))])
        }
    };
    let mut config = BookConfig::parse(&file, defaults).map_err(|problem| vec![problem])?;
    load_macros_file(root, &file, &mut config)?;
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn book_toml_keys_come_from_the_parser_and_the_unknown_key_hint_names_each() {
        let keys = book_toml_keys();
        for expected in ["title", "citation-style", "math.macros_file", "check.links"] {
            assert!(
                keys.iter().any(|k| k == expected),
                "{expected} missing from {keys:?}"
            );
        }
        for key in &keys {
            let last = key.rsplit('.').next().unwrap();
            assert!(CONFIG_KEYS.contains(last), "the hint does not name {key}");
        }
    }

    fn defaults() -> BookConfig {
        BookConfig::titled("folder".into())
    }

    #[test]
    fn math_output_is_katex_by_default_or_mathml_which_the_print_page_follows() {
        let parse = |text: &str| BookConfig::parse(&SourceFile::new("book.toml", text), defaults());
        let config = parse("").unwrap();
        assert_eq!(
            (config.math_output, config.print_math),
            (MathOutput::Katex, PrintMath::Mathml)
        );
        let config = parse("[math]\noutput = \"katex\"\n[print]\nmath = \"katex\"\n").unwrap();
        assert_eq!(
            (config.math_output, config.print_math),
            (MathOutput::Katex, PrintMath::Katex)
        );
        let config = parse("[math]\noutput = \"mathml\"\n[print]\nmath = \"mathml\"\n").unwrap();
        assert_eq!(
            (config.math_output, config.print_math),
            (MathOutput::Mathml, PrintMath::Mathml)
        );
        let config = parse("[math]\noutput = \"mathml\"\n").unwrap();
        assert_eq!(
            config.print_math,
            PrintMath::Mathml,
            "the print page follows"
        );
        let error = parse("[math]\noutput = \"mathml\"\n[print]\nmath = \"katex\"\n").unwrap_err();
        assert!(error.to_string().starts_with("book.toml:4:8:"), "{error}");
        assert!(error.message().contains("needs KaTeX's drawing"), "{error}");
        let error = parse("title = \"T\"\n[math]\noutput = \"html\"\n").unwrap_err();
        assert!(error.to_string().starts_with("book.toml:3:10:"), "{error}");
        assert!(
            error.message().contains("expected `katex` or `mathml`"),
            "{error}"
        );
        assert!(
            format!("{error:?}").contains("macros_file and output"),
            "{error:?}"
        );
    }

    #[test]
    fn print_is_true_false_or_a_table_whose_math_is_mathml_by_default_or_katex() {
        let parse = |text: &str| BookConfig::parse(&SourceFile::new("book.toml", text), defaults());
        let config = parse("").unwrap();
        assert_eq!((config.print, config.print_math), (true, PrintMath::Mathml));
        let config = parse("print = false\n").unwrap();
        assert_eq!(
            (config.print, config.print_math),
            (false, PrintMath::Mathml)
        );
        let config = parse("[print]\nmath = \"katex\"\n").unwrap();
        assert_eq!((config.print, config.print_math), (true, PrintMath::Katex));
        let config = parse("[print]\nenable = false\nmath = \"mathml\"\n").unwrap();
        assert_eq!(
            (config.print, config.print_math),
            (false, PrintMath::Mathml)
        );
        for (text, at, says) in [
            (
                "title = \"T\"\n[print]\nmath = \"mathjax\"\n",
                "book.toml:3:8:",
                "expected `mathml` or `katex`",
            ),
            ("[print]\nmaths = \"katex\"\n", "book.toml:2:1:", "maths"),
            (
                "print = \"yes\"\n",
                "book.toml:1:9:",
                "true, false or a [print] table",
            ),
        ] {
            let error = parse(text).unwrap_err();
            assert!(error.to_string().starts_with(at), "{text}: {error}");
            assert!(error.message().contains(says), "{text}: {error}");
            assert!(
                format!("{error:?}").contains("[print] table with enable and math"),
                "{error:?}"
            );
        }
    }

    #[test]
    fn search_synonyms_are_single_words_with_words_to_find() {
        let parse = |text: &str| BookConfig::parse(&SourceFile::new("book.toml", text), defaults());
        let config =
            parse("[search]\nsynonyms = { KV = \"key-value\", ffn = \"feed-forward network\" }\n")
                .unwrap();
        assert_eq!(
            config.search_synonyms,
            [
                ("kv".to_string(), "key-value".to_string()),
                ("ffn".to_string(), "feed-forward network".to_string())
            ]
        );
        for bad in ["\"k v\" = \"key value\"", "x = \"one\"", "kv = \"-\""] {
            let problem = parse(&format!("[search.synonyms]\n{bad}\n")).unwrap_err();
            assert!(problem.to_string().contains("search"), "{problem}");
        }
    }

    #[test]
    fn check_levels_default_to_errors_and_take_warn_or_nothing_else() {
        let config = BookConfig::parse(&SourceFile::new("book.toml", ""), defaults()).unwrap();
        assert_eq!(config.check, CheckLevels::default());
        assert_eq!(config.check.links, Level::Error);
        let file = SourceFile::new("book.toml", "[check]\nlinks = \"warn\"\n");
        let config = BookConfig::parse(&file, defaults()).unwrap();
        assert_eq!(
            (config.check.links, config.check.math),
            (Level::Warn, Level::Error)
        );
        let file = SourceFile::new("book.toml", "[check]\nmath = \"ignore\"\n");
        let problem = BookConfig::parse(&file, defaults()).unwrap_err();
        assert!(
            problem.message().contains("expected `error` or `warn`"),
            "{}",
            problem.message()
        );
    }

    #[test]
    fn base_url_gets_a_final_slash_and_gives_its_path() {
        let file = SourceFile::new("book.toml", "base_url = \"https://example.org/book\"\n");
        let config = BookConfig::parse(&file, defaults()).unwrap();
        assert_eq!(config.base_url, "https://example.org/book/");
        assert_eq!(config.base_path(), "/book/");
        let file = SourceFile::new("book.toml", "base_url = \"http://example.org\"\n");
        let config = BookConfig::parse(&file, defaults()).unwrap();
        assert_eq!(config.base_url, "http://example.org/");
        assert_eq!(config.base_path(), "/");
        assert_eq!(defaults().base_path(), "");
    }

    #[test]
    fn a_base_url_that_is_not_an_absolute_web_address_is_an_error_at_its_value() {
        for (written, says) in [
            ("/book/", "not an absolute URL"),
            ("ftp://example.org/", "ftp://"),
            ("https:///book", "no host"),
            ("https://example.org/a b/", "' '"),
            ("https://example.org/?page=1", "'?'"),
        ] {
            let text = format!("title = \"T\"\nbase_url = \"{written}\"\n");
            let file = SourceFile::new("book.toml", text);
            let error = BookConfig::parse(&file, defaults()).unwrap_err();
            assert!(error.to_string().starts_with("book.toml:2:12:"), "{error}");
            assert!(error.message().contains(says), "{written}: {error}");
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
    fn macros_come_from_the_table_in_file_order_with_or_without_a_backslash() {
        let file = SourceFile::new(
            "book.toml",
            "[math.macros]\nR = \"\\\\mathbb{R}\"\n\"\\\\abs\" = \"\\\\left|#1\\\\right|\"\n",
        );
        let config = BookConfig::parse(&file, defaults()).unwrap();
        assert_eq!(
            config.macros,
            vec![
                ("\\R".to_string(), "\\mathbb{R}".to_string()),
                ("\\abs".to_string(), "\\left|#1\\right|".to_string())
            ]
        );
    }

    #[test]
    fn an_unbalanced_macro_in_the_table_is_an_error_at_its_expansion() {
        let file = SourceFile::new("book.toml", "[math.macros]\nR = \"\\\\mathbb{R\"\n");
        let error = BookConfig::parse(&file, defaults()).unwrap_err();
        assert!(error.to_string().starts_with("book.toml:2:5:"), "{error}");
        assert!(error.message().contains("unclosed"), "{error}");
    }

    #[test]
    fn the_macros_file_is_read_in_mdbook_katex_format_and_errors_name_its_lines() {
        let book = tempfile::tempdir().unwrap();
        std::fs::write(
            book.path().join("macros.txt"),
            "# number sets\n\\R:\\mathbb{R}\n\n\\N : \\mathbb{N}\n",
        )
        .unwrap();
        let file = SourceFile::new("book.toml", "[math]\nmacros_file = \"macros.txt\"\n");
        let mut config = BookConfig::parse(&file, defaults()).unwrap();
        load_macros_file(book.path(), &file, &mut config).unwrap();
        assert_eq!(
            config.macros,
            vec![
                ("\\R".to_string(), "\\mathbb{R}".to_string()),
                ("\\N".to_string(), "\\mathbb{N}".to_string())
            ]
        );

        std::fs::write(
            book.path().join("macros.txt"),
            "\\R:\\mathbb{R}\n  R-no-backslash\n\\R:\\mathbf{R}\n",
        )
        .unwrap();
        let mut config = BookConfig::parse(&file, defaults()).unwrap();
        let problems = load_macros_file(book.path(), &file, &mut config).unwrap_err();
        let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert!(shown[0].starts_with("macros.txt:2:3:"), "{shown:?}");
        assert!(shown[1].starts_with("macros.txt:3:1:"), "{shown:?}");
        assert!(shown[1].contains("defined twice"), "{shown:?}");
    }

    #[test]
    fn a_missing_macros_file_is_an_error_at_its_name_in_book_toml() {
        let book = tempfile::tempdir().unwrap();
        let file = SourceFile::new("book.toml", "[math]\nmacros_file = \"nope.txt\"\n");
        let mut config = BookConfig::parse(&file, defaults()).unwrap();
        let problems = load_macros_file(book.path(), &file, &mut config).unwrap_err();
        assert!(
            problems[0].to_string().starts_with("book.toml:2:15:"),
            "{}",
            problems[0]
        );
    }

    #[test]
    fn too_many_decimals_are_refused() {
        let file = SourceFile::new("book.toml", "decimals = 40\n");
        let error = BookConfig::parse(&file, defaults()).unwrap_err();
        assert!(error.to_string().starts_with("book.toml:1:1:"), "{error}");
    }
}
