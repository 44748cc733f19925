//! The book as a tree: folders are sections, lessons are chapters, and one reading order.
//!
//! Input: the lessons that will be published (drafts already left out or kept, as the command
//! asks). Output: a [`BookTree`] with siblings ordered by `weight` then file name, the
//! depth-first reading order (a section page before its children), breadcrumbs, and the sidebar
//! as HTML for any page. Every URL it writes is relative to the page it is written for, so the
//! site works from `file://` and under any path prefix. It reads no files and renders no
//! Markdown; recursion follows folders, whose depth `content` already limits.

use crate::content::Lesson;
use crate::present::table::escape_html;
use std::collections::BTreeMap;
use std::fmt::Write as _;

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

    /// The sidebar for the page of `current` (or the generated index page when `None`):
    /// every section and chapter, linked relative to that page through `root` (`../` per
    /// folder of depth); the current page is marked and the sections holding it are open.
    pub fn sidebar_html(&self, lessons: &[Lesson], current: Option<usize>, root: &str) -> String {
        let mut html = String::with_capacity(64 * lessons.len() + 256);
        html.push_str("<ol class=\"book-nav-list\" role=\"list\">");
        let current_folder = current.map(|index| lessons[index].folder.as_str());
        if let Some(page) = self.root.page {
            push_link(&mut html, lessons, page, current, root, "book-nav-chapter");
        }
        for entry in &self.root.children {
            push_entry(&mut html, entry, lessons, current, current_folder, root);
        }
        html.push_str("</ol>");
        html
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

fn push_entry(
    html: &mut String,
    entry: &Entry,
    lessons: &[Lesson],
    current: Option<usize>,
    current_folder: Option<&str>,
    root: &str,
) {
    match entry {
        Entry::Chapter(index) => {
            push_link(html, lessons, *index, current, root, "book-nav-chapter")
        }
        Entry::Section(section) => {
            let open =
                current_folder.is_some_and(|folder| contains_folder(&section.folder, folder));
            html.push_str("<li class=\"book-nav-section\"><details");
            if open {
                html.push_str(" open");
            }
            html.push_str("><summary>");
            match section.page {
                Some(page) => push_anchor(html, lessons, page, current, root),
                None => {
                    let _ = write!(
                        html,
                        "<span class=\"book-nav-heading\">{}</span>",
                        escape_html(&section.title)
                    );
                }
            }
            html.push_str("</summary><ol role=\"list\">");
            for child in &section.children {
                push_entry(html, child, lessons, current, current_folder, root);
            }
            html.push_str("</ol></details></li>");
        }
    }
}

fn push_link(
    html: &mut String,
    lessons: &[Lesson],
    index: usize,
    current: Option<usize>,
    root: &str,
    class: &str,
) {
    let _ = write!(html, "<li class=\"{class}\">");
    push_anchor(html, lessons, index, current, root);
    html.push_str("</li>");
}

fn push_anchor(
    html: &mut String,
    lessons: &[Lesson],
    index: usize,
    current: Option<usize>,
    root: &str,
) {
    let lesson = &lessons[index];
    let marker = if current == Some(index) {
        " aria-current=\"page\""
    } else {
        ""
    };
    let _ = write!(
        html,
        "<a href=\"{root}{}\"{marker}>{}</a>",
        escape_html(&lesson.page()),
        escape_html(&lesson.title)
    );
}

/// `../` once per folder between the output root and `page` (`a/b/c.html` → `../../`).
pub fn root_prefix(page: &str) -> String {
    "../".repeat(page.matches('/').count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::parse_lesson;
    use crate::source::SourceFile;
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
    fn the_sidebar_links_relative_to_the_page_and_marks_it() {
        let lessons = vec![
            lesson("content/part/index.md", ""),
            lesson("content/part/deep/x.md", ""),
            lesson("content/top.md", ""),
        ];
        let tree = BookTree::new(&lessons);
        let current = 1;
        let root = root_prefix(&lessons[current].page());
        assert_eq!(root, "../../");
        let html = tree.sidebar_html(&lessons, Some(current), &root);
        assert!(
            html.contains("<a href=\"../../part/deep/x.html\" aria-current=\"page\">"),
            "{html}"
        );
        assert!(html.contains("href=\"../../top.html\">"), "{html}");
        assert_eq!(html.matches("<details open>").count(), 2, "{html}");
        let crumbs = tree.breadcrumbs(&lessons, current, &root);
        assert_eq!(crumbs.len(), 2);
        assert_eq!(crumbs[0].url.as_deref(), Some("../../part/index.html"));
        assert_eq!(crumbs[1].title, "Deep");
        assert_eq!(crumbs[1].url, None);
    }
}
