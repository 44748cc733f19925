//! The book as a tree: folders are sections, lessons are chapters, and one reading order.
//!
//! Input: the lessons that will be published (drafts already left out or kept, as the command
//! asks). Output: a [`BookTree`] with siblings ordered by `weight` then file name (a folder
//! weighs what its section page does, or else its first child), the depth-first reading order
//! (a section page before its children), breadcrumbs relative to a page, and the tree as the
//! script `book-toc.js` from which every page's sidebar is drawn (URLs there are from the output
//! root; the script prefixes each page's way back to it). It reads no files and renders no
//! Markdown; recursion follows folders, whose depth `content` already limits.

use crate::load::content::Lesson;
use std::collections::BTreeMap;

/// One folder of the book.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    /// The folder under `content/`, `""` for the book's top level.
    pub folder: String,
    /// The section page's title, or the folder's name made readable when it has none.
    pub title: String,
    /// Index (into the lessons) of the folder's `index.md`/`README.md`, if it has one.
    pub page: Option<usize>,
    /// Chapters and sub-sections in reading order.
    pub children: Vec<Entry>,
    weight: Option<i64>,
}

/// A child of a section.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry {
    /// A lesson, by its index into the lessons.
    Chapter(usize),
    /// A sub-folder.
    Section(Section),
}

/// The whole book's structure.
#[derive(Debug, Clone, PartialEq)]
pub struct BookTree {
    /// The top-level folder.
    pub root: Section,
    /// Lesson indices in depth-first reading order.
    pub reading_order: Vec<usize>,
}

/// A link in the trail above a page: the sections that hold it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Crumb {
    /// The section's title.
    pub title: String,
    /// Relative URL of its section page, or `None` for a folder without one.
    pub url: Option<String>,
}

impl BookTree {
    /// Builds the tree of `lessons`.
    pub fn new(lessons: &[Lesson]) -> BookTree {
        // Folder → (its section page, its chapters), in file-name order for ties.
        let mut folders: BTreeMap<&str, (Option<usize>, Vec<usize>)> = BTreeMap::new();
        folders.entry("").or_default();
        for (index, lesson) in lessons.iter().enumerate() {
            // Every ancestor of a lesson's folder is a section, even one with no lesson itself.
            let mut folder = lesson.folder.as_str();
            loop {
                folders.entry(folder).or_default();
                match folder.rsplit_once('/') {
                    Some((parent, _)) => folder = parent,
                    None if !folder.is_empty() => folder = "",
                    None => break,
                }
            }
            let slot = folders.entry(lesson.folder.as_str()).or_default();
            if lesson.section {
                slot.0 = Some(index);
            } else {
                slot.1.push(index);
            }
        }
        let root = build_section("", lessons, &folders);
        let mut reading_order = Vec::with_capacity(lessons.len());
        collect_reading_order(&root, &mut reading_order);
        BookTree {
            root,
            reading_order,
        }
    }

    /// Where `lesson` stands in reading order (from 0), if it is in the book.
    pub fn position(&self, lesson: usize) -> Option<usize> {
        self.reading_order.iter().position(|&other| other == lesson)
    }

    /// The sections above `lesson`, outermost first; the top level is left out (the site
    /// title links there), and a section page's own section too.
    pub fn breadcrumbs(&self, lessons: &[Lesson], lesson: usize, root: &str) -> Vec<Crumb> {
        let target = &lessons[lesson];
        let mut crumbs = Vec::new();
        let mut section = &self.root;
        loop {
            let next = section.children.iter().find_map(|entry| match entry {
                Entry::Section(child) if contains_folder(&child.folder, &target.folder) => {
                    Some(child)
                }
                _ => None,
            });
            let Some(child) = next else { break };
            if child.page == Some(lesson) {
                break;
            }
            crumbs.push(Crumb {
                title: child.title.clone(),
                url: child
                    .page
                    .map(|page| format!("{root}{}", lessons[page].page())),
            });
            section = child;
        }
        crumbs
    }

    /// The text of `book-toc.js`: the whole tree as a classic script that assigns
    /// `window.WORKED_BOOK_TOC`, which `static/js/book-nav.js` turns into every page's sidebar.
    /// One file for the whole book keeps a page's size independent of the book's: a sidebar
    /// written into each of 1,000 pages would make the site a thousand times one tree.
    pub fn toc_script(&self, lessons: &[Lesson]) -> String {
        let mut entries = Vec::new();
        if let Some(page) = self.root.page {
            entries.push(toc_link(&lessons[page]));
        }
        entries.extend(
            self.root
                .children
                .iter()
                .map(|entry| toc_entry(entry, lessons)),
        );
        let json = serde_json::Value::Array(entries)
            .to_string()
            .replace("</", "<\\/");
        format!("window.{TOC_GLOBAL} = {json};\n")
    }
}

/// The global `book-toc.js` assigns.
pub const TOC_GLOBAL: &str = "WORKED_BOOK_TOC";
/// The table of contents' file name at the output root.
pub const TOC_FILE: &str = "book-toc.js";

/// `{"t": title, "u": url from the output root}` for a page.
fn toc_link(lesson: &Lesson) -> serde_json::Value {
    serde_json::json!({ "t": lesson.title, "u": lesson.page() })
}

/// A chapter as [`toc_link`]; a section as its title, its page's URL (or null) and `"c"`, its
/// children.
fn toc_entry(entry: &Entry, lessons: &[Lesson]) -> serde_json::Value {
    match entry {
        Entry::Chapter(index) => toc_link(&lessons[*index]),
        Entry::Section(section) => serde_json::json!({
            "t": section.title,
            "u": section.page.map(|page| lessons[page].page()),
            "c": section
                .children
                .iter()
                .map(|child| toc_entry(child, lessons))
                .collect::<Vec<_>>(),
        }),
    }
}

fn contains_folder(section: &str, folder: &str) -> bool {
    folder == section
        || folder
            .strip_prefix(section)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// Siblings are ordered by (has no weight, weight, file or folder name).
type SiblingKey = (bool, Option<i64>, String);

fn build_section(
    folder: &str,
    lessons: &[Lesson],
    folders: &BTreeMap<&str, (Option<usize>, Vec<usize>)>,
) -> Section {
    let (page, chapters) = folders.get(folder).cloned().unwrap_or_default();
    let mut keyed: Vec<(SiblingKey, Entry)> = chapters
        .into_iter()
        .map(|index| {
            let lesson = &lessons[index];
            let name = lesson
                .content_path()
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .to_string();
            (
                (lesson.weight.is_none(), lesson.weight, name),
                Entry::Chapter(index),
            )
        })
        .collect();
    for child in folders
        .keys()
        .filter(|other| is_child_folder(folder, other))
    {
        let section = build_section(child, lessons, folders);
        let name = child.rsplit('/').next().unwrap_or_default().to_string();
        keyed.push((
            (section.weight.is_none(), section.weight, name),
            Entry::Section(section),
        ));
    }
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    let title = match page {
        Some(index) => lessons[index].title.clone(),
        None => readable_name(folder.rsplit('/').next().unwrap_or(folder)),
    };
    // A folder without a section page stands where its first child does.
    let weight = match page {
        Some(index) => lessons[index].weight,
        None => keyed.first().and_then(|((_, weight, _), _)| *weight),
    };
    Section {
        folder: folder.to_string(),
        title,
        weight,
        page,
        children: keyed.into_iter().map(|(_, entry)| entry).collect(),
    }
}

fn is_child_folder(parent: &str, candidate: &str) -> bool {
    if candidate.is_empty() {
        return false;
    }
    match candidate.rsplit_once('/') {
        Some((candidate_parent, _)) => candidate_parent == parent,
        None => parent.is_empty(),
    }
}

/// `background-maths` → "Background maths": a file or folder name as a title, for a folder
/// with no section page and for the titles `worked new` and `init` suggest.
pub fn readable_name(name: &str) -> String {
    let words = name.replace(['-', '_'], " ");
    let mut chars = words.trim().chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn collect_reading_order(section: &Section, order: &mut Vec<usize>) {
    order.extend(section.page);
    for entry in &section.children {
        match entry {
            Entry::Chapter(index) => order.push(*index),
            Entry::Section(child) => collect_reading_order(child, order),
        }
    }
}

/// `../` once per folder between the output root and `page` (`a/b/c.html` → `../../`).
pub fn root_prefix(page: &str) -> String {
    "../".repeat(page.matches('/').count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::source::SourceFile;
    use crate::load::content::parse_lesson;
    use std::path::Path;

    fn lesson(path: &str, front: &str) -> Lesson {
        let text = format!("+++\ntitle = \"{path}\"\n{front}\n+++\n");
        parse_lesson(SourceFile::new(path, text), Path::new(path)).unwrap()
    }

    fn titles(tree: &BookTree, lessons: &[Lesson]) -> Vec<String> {
        tree.reading_order
            .iter()
            .map(|&index| lessons[index].title.clone())
            .collect()
    }

    #[test]
    fn reading_order_is_depth_first_with_section_pages_before_their_children() {
        let lessons = vec![
            lesson("content/z.md", "weight = 3"),
            lesson("content/part/b.md", "weight = 2"),
            lesson("content/part/a.md", "weight = 1"),
            lesson("content/part/index.md", "weight = 2"),
            lesson("content/part/deep/x.md", ""),
            lesson("content/first.md", "weight = 1"),
        ];
        let tree = BookTree::new(&lessons);
        assert_eq!(
            titles(&tree, &lessons),
            vec![
                "content/first.md",
                "content/part/index.md",
                "content/part/a.md",
                "content/part/b.md",
                "content/part/deep/x.md",
                "content/z.md",
            ]
        );
    }

    #[test]
    fn a_folder_without_a_section_page_is_titled_after_its_name() {
        let lessons = vec![lesson("content/background-maths/fields.md", "")];
        let tree = BookTree::new(&lessons);
        let Entry::Section(section) = &tree.root.children[0] else {
            panic!("expected a section")
        };
        assert_eq!(section.title, "Background maths");
        assert_eq!(section.page, None);
    }

    #[test]
    fn breadcrumbs_link_the_sections_above_a_page_relative_to_it() {
        let lessons = vec![
            lesson("content/part/index.md", ""),
            lesson("content/part/deep/x.md", ""),
            lesson("content/top.md", ""),
        ];
        let tree = BookTree::new(&lessons);
        let current = 1;
        let root = root_prefix(&lessons[current].page());
        assert_eq!(root, "../../");
        let crumbs = tree.breadcrumbs(&lessons, current, &root);
        assert_eq!(crumbs.len(), 2);
        assert_eq!(crumbs[0].url.as_deref(), Some("../../part/index.html"));
        assert_eq!(crumbs[1].title, "Deep");
        assert_eq!(crumbs[1].url, None);
    }

    #[test]
    fn the_table_of_contents_script_holds_the_tree_with_urls_from_the_root() {
        let lessons = vec![
            lesson("content/part/index.md", "weight = 1"),
            lesson("content/part/deep/x.md", ""),
            lesson("content/top.md", "weight = 2"),
        ];
        let script = BookTree::new(&lessons).toc_script(&lessons);
        let json = script
            .strip_prefix("window.WORKED_BOOK_TOC = ")
            .and_then(|rest| rest.trim_end().strip_suffix(';'))
            .expect("one assignment");
        let toc: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(
            toc,
            serde_json::json!([
                { "t": "content/part/index.md", "u": "part/index.html", "c": [
                    { "t": "Deep", "u": null, "c": [
                        { "t": "content/part/deep/x.md", "u": "part/deep/x.html" }
                    ] }
                ] },
                { "t": "content/top.md", "u": "top.html" }
            ])
        );
    }
}
