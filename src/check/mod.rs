//! `worked check --site DIR`: does a built site still show what the sources compute?
//!
//! Input: a fresh in-memory build and the folder of an earlier build. Output: one problem per
//! stale, missing, extra or edited file. Every computed number on a page carries a mark (a
//! `data-ref` on prose numbers and matrix tables; a `data-refs` span around formulas that show
//! computed values, whose TeX KaTeX keeps in its MathML annotation), so a wrong number is
//! reported by the reference that produced it, not just as "the page differs".

use crate::base::diagnostics::Diagnostic;
use crate::base::html::unescape_html;
use crate::layout::math::mathml::formula_tex;
use crate::pipeline::RenderedSite;
use crate::write::MARKER_FILE;
use std::collections::BTreeSet;
use std::io::Read;
use std::path::Path;

/// Bytes a built file may have beyond the fresh one before it is not read at all: enough to
/// show what changed in an edited page, never an unbounded read.
const READ_SLACK: usize = 1 << 20;
use walkdir::WalkDir;

/// One computed value as a page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    /// The reference(s) behind it, e.g. `cat.weights[sat,the]`.
    pub reference: String,
    /// What the page shows: the text of the number or table, or the formula's TeX.
    pub shown: String,
}

/// Compares the files under `dir` with `fresh`, the site the sources build now.
pub fn check_built_site(fresh: &RenderedSite, dir: &Path) -> Vec<Diagnostic> {
    let shown_dir = dir.display().to_string();
    let mut problems = Vec::new();
    for (path, expected) in &fresh.files {
        let on_disk = match read_site_file(dir, path, expected.len()) {
            Ok(bytes) => bytes,
            Err(problem) => {
                problems.push(
                    Diagnostic::general(format!("{shown_dir}/{path} {problem}"))
                        .with_help("rebuild the site with `worked build`"),
                );
                continue;
            }
        };
        if on_disk == **expected {
            continue;
        }
        if !path.ends_with(".html") {
            problems.push(
                Diagnostic::general(format!(
                    "{shown_dir}/{path} differs from what the sources build"
                ))
                .with_help("rebuild the site with `worked build`"),
            );
            continue;
        }
        let expected_marks = marks(&String::from_utf8_lossy(expected));
        let found_marks = marks(&String::from_utf8_lossy(&on_disk));
        let mut named_a_number = false;
        for (index, expected_mark) in expected_marks.iter().enumerate() {
            match found_marks.get(index) {
                Some(found) if found == expected_mark => {}
                Some(found) if found.reference == expected_mark.reference => {
                    named_a_number = true;
                    problems.push(
                        Diagnostic::general(format!(
                            "{shown_dir}/{path}: {} shows \"{}\", but the sources compute \"{}\"",
                            expected_mark.reference, found.shown, expected_mark.shown
                        ))
                        .with_help("the page is stale or was edited by hand; rebuild it with `worked build`"),
                    );
                }
                _ => {
                    named_a_number = true;
                    problems.push(
                        Diagnostic::general(format!(
                            "{shown_dir}/{path}: the computed value {} is missing or out of place",
                            expected_mark.reference
                        ))
                        .with_help("the page is stale or was edited by hand; rebuild it with `worked build`"),
                    );
                    break;
                }
            }
        }
        if !named_a_number {
            problems.push(
                Diagnostic::general(format!(
                    "{shown_dir}/{path} differs from what the sources build (outside its computed numbers)"
                ))
                .with_help("the page is stale or was edited by hand; rebuild it with `worked build`"),
            );
        }
    }
    let expected: BTreeSet<&str> = fresh.files.keys().map(String::as_str).collect();
    for entry in WalkDir::new(dir).sort_by_file_name().into_iter().flatten() {
        let relative = crate::base::source::display_path(dir, entry.path());
        if entry.file_type().is_dir() {
            continue;
        }
        if !entry.file_type().is_file() {
            if !expected.contains(relative.as_str()) {
                problems.push(
                    Diagnostic::general(format!(
                        "{shown_dir}/{relative} is a symbolic link or special file, which worked never writes"
                    ))
                    .with_help("rebuild the site with `worked build`, which replaces the whole folder"),
                );
            }
            continue;
        }
        if !expected.contains(relative.as_str()) && relative != MARKER_FILE {
            problems.push(
                Diagnostic::general(format!(
                    "{shown_dir}/{relative} is not part of the book any more"
                ))
                .with_help("rebuild the site with `worked build`, which replaces the whole folder"),
            );
        }
    }
    problems
}

/// Reads the built file `relative` under `dir` only if it is a regular file reached without a
/// symbolic link (a FIFO would block for ever, a device such as `/dev/zero` never ends, and a
/// link makes the site depend on files outside it) and no larger than the fresh file plus
/// [`READ_SLACK`]. The error completes the sentence "DIR/PATH …".
fn read_site_file(dir: &Path, relative: &str, fresh_len: usize) -> Result<Vec<u8>, String> {
    let path = dir.join(relative);
    let path = path.as_path();
    if let Some(link) = linked_part(dir, relative) {
        return Err(format!(
            "is reached through a symbolic link ({link}); a site holds only folders and regular files"
        ));
    }
    let metadata = match std::fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Err("is missing".to_string())
        }
        Err(error) => return Err(format!("cannot be read: {error}")),
    };
    if !metadata.is_file() {
        return Err("is not a regular file".to_string());
    }
    let cap = fresh_len.saturating_add(READ_SLACK);
    let file = std::fs::File::open(path).map_err(|error| format!("cannot be read: {error}"))?;
    let mut bytes = Vec::new();
    file.take(cap as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| format!("cannot be read: {error}"))?;
    if bytes.len() > cap {
        return Err(format!(
            "is over {cap} bytes, far larger than the page the sources build"
        ));
    }
    Ok(bytes)
}

/// Every computed-value mark on a page, in document order.
pub fn marks(html: &str) -> Vec<Mark> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = html[at..].find(" data-ref") {
        let start = at + offset;
        let Some((attribute, value, value_end)) = attribute_at(html, start + 1) else {
            at = start + 1;
            continue;
        };
        let tag_start = html[..start].rfind('<').unwrap_or(start);
        let tag_name: String = html[tag_start + 1..]
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        let shown = match attribute {
            "data-refs" => formula_tex(&html[value_end..]),
            _ => element_text(&html[value_end..], &tag_name),
        };
        found.push(Mark {
            reference: unescape_html(value),
            shown,
        });
        at = value_end;
    }
    found
}

/// `data-ref="…"` or `data-refs="…"` starting at `at`: (name, value, offset after the value).
fn attribute_at(html: &str, at: usize) -> Option<(&'static str, &str, usize)> {
    let rest = &html[at..];
    let (name, after) = if let Some(after) = rest.strip_prefix("data-refs=\"") {
        ("data-refs", after)
    } else if let Some(after) = rest.strip_prefix("data-ref=\"") {
        ("data-ref", after)
    } else {
        return None;
    };
    let end = after.find('"')?;
    let value_start = html.len() - after.len();
    Some((name, &after[..end], value_start + end + 1))
}

/// The text of an element from just inside its start tag to its closing tag.
fn element_text(html: &str, tag_name: &str) -> String {
    let body_start = html.find('>').map_or(0, |at| at + 1);
    let close = format!("</{tag_name}>");
    let body_end = html[body_start..]
        .find(&close)
        .map_or(html.len(), |at| body_start + at);
    let mut text = String::new();
    let mut in_tag = false;
    for c in html[body_start..body_end].chars() {
        match c {
            '<' => {
                in_tag = true;
                text.push(' ');
            }
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    unescape_html(&text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The first part of `relative` under `dir` (a folder on the way, or the file itself) that is a
/// symbolic link, as a path relative to `dir`.
fn linked_part(dir: &Path, relative: &str) -> Option<String> {
    let mut path = dir.to_path_buf();
    let mut shown = Vec::new();
    for part in relative.split('/') {
        path.push(part);
        shown.push(part);
        if std::fs::symlink_metadata(&path).is_ok_and(|metadata| metadata.file_type().is_symlink())
        {
            return Some(shown.join("/"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_or_a_link_to_an_endless_device_is_reported_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("index.html");
        assert!(std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        std::os::unix::fs::symlink("/dev/zero", dir.path().join("a.html")).unwrap();
        std::fs::write(dir.path().join("big.css"), vec![b'x'; 2 * READ_SLACK]).unwrap();
        let fresh = RenderedSite {
            files: [("index.html", "i"), ("a.html", "a"), ("big.css", "b")]
                .into_iter()
                .map(|(path, text)| (path.to_string(), text.as_bytes().into()))
                .collect(),
            ..RenderedSite::default()
        };
        let problems: Vec<String> = check_built_site(&fresh, dir.path())
            .iter()
            .map(|problem| problem.message().to_string())
            .collect();
        let has = |needle: &str| problems.iter().any(|problem| problem.contains(needle));
        assert!(has("index.html is not a regular file"), "{problems:?}");
        assert!(
            has("a.html is reached through a symbolic link"),
            "{problems:?}"
        );
        assert!(has("big.css is over"), "{problems:?}");
    }

    #[test]
    fn finds_prose_numbers_tables_and_formulas_in_order() {
        let html = concat!(
            "<p>a <span class=\"worked-ref\" data-ref=\"cat.weights[sat,the]\">0.187</span></p>",
            "<table class=\"worked-matrix\" data-ref=\"cat.q\"><tr><td>1.000</td><td>&minus;2</td></tr></table>",
            "<span class=\"worked-math\" data-refs=\"cat.weights\"><span class=\"katex\"><math><annotation encoding=\"application/x-tex\">A = 0.5 &amp; 1</annotation></math></span></span>"
        );
        let found = marks(html);
        assert_eq!(found.len(), 3);
        assert_eq!(
            found[0],
            Mark {
                reference: "cat.weights[sat,the]".into(),
                shown: "0.187".into()
            }
        );
        assert_eq!(found[1].reference, "cat.q");
        assert_eq!(
            found[2],
            Mark {
                reference: "cat.weights".into(),
                shown: "A = 0.5 & 1".into()
            }
        );
    }

    #[test]
    fn an_edited_number_is_named_by_its_reference() {
        let dir = tempfile::tempdir().unwrap();
        let page = |value: &str| format!("<span data-ref=\"cat.weights[sat,the]\">{value}</span>");
        std::fs::write(dir.path().join("a.html"), page("0.200")).unwrap();
        let fresh = RenderedSite {
            files: [("a.html".to_string(), page("0.187").into_bytes().into())].into(),
            ..RenderedSite::default()
        };
        let problems = check_built_site(&fresh, dir.path());
        assert_eq!(problems.len(), 1);
        let message = problems[0].message();
        assert!(
            message.contains("a.html: cat.weights[sat,the] shows \"0.200\""),
            "{message}"
        );
        assert!(message.contains("compute \"0.187\""), "{message}");
    }

    #[test]
    fn missing_and_extra_files_are_reported() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("old.html"), "x").unwrap();
        let fresh = RenderedSite {
            files: [("new.html".to_string(), b"y".as_slice().into())].into(),
            ..RenderedSite::default()
        };
        let problems = check_built_site(&fresh, dir.path());
        let messages: Vec<&str> = problems.iter().map(Diagnostic::message).collect();
        assert!(
            messages.iter().any(|m| m.contains("new.html is missing")),
            "{messages:?}"
        );
        assert!(
            messages
                .iter()
                .any(|m| m.contains("old.html is not part of the book")),
            "{messages:?}"
        );
    }
}
