//! mdBook's `SUMMARY.md`: the book's reading order, titles and nesting.
//!
//! Input: the text of `SUMMARY.md`. Output: its entries in order, each with its line, or a note
//! for each line that is not an entry. Follows mdBook's grammar: an optional `# Summary` title,
//! prefix chapters (`[Title](file.md)` before the first list), numbered chapters as a nested
//! list (`-`, `*` or `1.`), part titles (`# Part`), separators (`---`), draft chapters
//! (`[Title]()` with no file) and suffix chapters after the list. Pure: no files.

/// What kind of line of SUMMARY.md an entry came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryKind {
    /// A chapter outside the numbered list (before or after it).
    Unnumbered,
    /// A chapter in the numbered list, `depth` levels in (0 at the top).
    Numbered {
        /// Nesting level.
        depth: usize,
    },
    /// A part title (`# Title` after the summary's own title).
    Part,
}

/// One entry of SUMMARY.md.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SummaryEntry {
    /// Chapter or part.
    pub kind: EntryKind,
    /// The link text or part title.
    pub title: String,
    /// The chapter's file, relative to the book's `src`; `None` for a draft chapter or a part.
    pub path: Option<String>,
    /// 1-based line in SUMMARY.md.
    pub line: usize,
}

/// Reads SUMMARY.md; returns the entries and a note (with its line) for every line skipped.
pub fn parse_summary(text: &str) -> (Vec<SummaryEntry>, Vec<(usize, String)>) {
    let mut entries = Vec::new();
    let mut notes = Vec::new();
    let mut seen_title = false;
    let mut list_indents: Vec<usize> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with("<!--") {
            continue;
        }
        if let Some(title) = trimmed.strip_prefix('#') {
            let title = title.trim_start_matches('#').trim().to_string();
            if !seen_title && entries.is_empty() {
                seen_title = true;
            } else {
                list_indents.clear();
                entries.push(SummaryEntry {
                    kind: EntryKind::Part,
                    title,
                    path: None,
                    line,
                });
            }
            continue;
        }
        if trimmed.chars().all(|c| c == '-') && trimmed.len() >= 3 {
            list_indents.clear();
            continue;
        }
        let indent = raw.len() - raw.trim_start().len();
        let (item, depth) = match list_item(trimmed) {
            Some(item) => {
                while list_indents.last().is_some_and(|&last| last > indent) {
                    list_indents.pop();
                }
                if list_indents.last() != Some(&indent) {
                    list_indents.push(indent);
                }
                (item, Some(list_indents.len() - 1))
            }
            None => {
                list_indents.clear();
                (trimmed, None)
            }
        };
        match link(item) {
            Some((title, path)) => entries.push(SummaryEntry {
                kind: match depth {
                    Some(depth) => EntryKind::Numbered { depth },
                    None => EntryKind::Unnumbered,
                },
                title,
                path: (!path.is_empty()).then_some(path),
                line,
            }),
            None => notes.push((line, format!("not a chapter link, skipped: {trimmed}"))),
        }
    }
    (entries, notes)
}

/// The text after a list marker (`- `, `* `, `1. `), if the line is a list item.
fn list_item(line: &str) -> Option<&str> {
    if let Some(rest) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
        return Some(rest.trim());
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 {
        if let Some(rest) = line[digits..].strip_prefix(". ") {
            return Some(rest.trim());
        }
    }
    None
}

/// `[Title](path)` → (title, path), with `<…>` around the path and `%20` handled.
fn link(text: &str) -> Option<(String, String)> {
    let rest = text.strip_prefix('[')?;
    let close = rest.rfind("](")?;
    let title = rest[..close].replace("\\[", "[").replace("\\]", "]");
    let target = rest[close + 2..].strip_suffix(')')?.trim();
    let target = target
        .strip_prefix('<')
        .and_then(|inner| inner.strip_suffix('>'))
        .unwrap_or(target)
        .replace("%20", " ");
    let target = target.strip_prefix("./").unwrap_or(&target).to_string();
    Some((title.trim().to_string(), target))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_prefix_parts_nesting_drafts_and_suffix_chapters() {
        let text = "# Summary\n\n[Introduction](README.md)\n\n# Basics\n\n- [Sets](basics/sets.md)\n    - [Maps](basics/maps.md)\n        1. [Deep](basics/deep/x.md)\n- [Later]()\n\n---\n\n[Appendix](<appendix one.md>)\n";
        let (entries, notes) = parse_summary(text);
        assert!(notes.is_empty(), "{notes:?}");
        let shape: Vec<(EntryKind, &str, Option<&str>)> = entries
            .iter()
            .map(|entry| {
                (
                    entry.kind.clone(),
                    entry.title.as_str(),
                    entry.path.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            shape,
            vec![
                (EntryKind::Unnumbered, "Introduction", Some("README.md")),
                (EntryKind::Part, "Basics", None),
                (
                    EntryKind::Numbered { depth: 0 },
                    "Sets",
                    Some("basics/sets.md")
                ),
                (
                    EntryKind::Numbered { depth: 1 },
                    "Maps",
                    Some("basics/maps.md")
                ),
                (
                    EntryKind::Numbered { depth: 2 },
                    "Deep",
                    Some("basics/deep/x.md")
                ),
                (EntryKind::Numbered { depth: 0 }, "Later", None),
                (EntryKind::Unnumbered, "Appendix", Some("appendix one.md")),
            ]
        );
        assert_eq!(entries[3].line, 8);
    }
}
