//! The book as a tree: folders are sections, lessons are chapters, and one reading order.
//!
//! Input: the lessons that will be published (drafts already left out or kept, as the command
//! asks). Output: a [`BookTree`] with siblings ordered by `weight` then file name (a folder
//! weighs what its section page does, or else its first child), the depth-first reading order
//! (a section page before its children), breadcrumbs relative to a page, and the tree as the
//! script `book-toc.js` from which every page's sidebar is drawn (URLs there are from the output
//! root; the script prefixes each page's way back to it). It reads no files and renders no
//! Markdown; recursion follows folders, whose depth `content` already limits.

use crate::book::summary::{EntryKind, SummaryEntry};
use crate::load::content::Lesson;
use std::collections::BTreeMap;

/// One folder of the book.
#[derive(Debug, Clone, PartialEq, Hash)]
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
#[derive(Debug, Clone, PartialEq, Hash)]
pub enum Entry {
    /// A lesson, by its index into the lessons.
    Chapter(usize),
    /// A sub-folder.
    Section(Section),
}

/// The whole book's structure.
#[derive(Debug, Clone, PartialEq, Hash)]
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
        BookTree::read_in_order(build_section("", lessons, &folders))
    }

    /// The tree under `root`, read depth first (a section's page before its children).
    fn read_in_order(root: Section) -> BookTree {
        let mut reading_order = Vec::new();
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
        let mut trail = Vec::new();
        sections_above(&self.root, lesson, &mut trail);
        trail
            .into_iter()
            .skip(1)
            .filter(|section| section.page != Some(lesson))
            .map(|section| Crumb {
                title: section.title.clone(),
                url: section
                    .page
                    .map(|page| format!("{root}{}", lessons[page].page())),
            })
            .collect()
    }

    /// The section whose page is `lesson`, if it heads one.
    pub fn section_of_page(&self, lesson: usize) -> Option<&Section> {
        let mut trail = Vec::new();
        sections_above(&self.root, lesson, &mut trail);
        trail
            .into_iter()
            .rev()
            .find(|section| section.page == Some(lesson))
    }

    /// The book as its contents file (mdBook's `SUMMARY.md`, read by
    /// [`parse_summary`](crate::book::summary::parse_summary)) lists it: its order and
    /// nesting, a chapter with sub-chapters as a section headed by that chapter's page, a part
    /// title (`# Part`) as a section without a page holding the chapters after it. Lessons the
    /// file does not list follow at the end, in the folders' order. `paths` are relative to
    /// `content/`; entries naming no published lesson are skipped (the pipeline reports them).
    pub fn from_contents(lessons: &[Lesson], entries: &[SummaryEntry]) -> BookTree {
        let folders = BookTree::new(lessons);
        let by_path: BTreeMap<String, usize> = lessons
            .iter()
            .enumerate()
            .map(|(index, lesson)| (lesson.content_path().to_string(), index))
            .collect();
        let root_page = folders.root.page;
        let mut listed = vec![false; lessons.len()];
        // The sections being filled: the root, then a part, then chapters with sub-chapters.
        let mut open: Vec<(Option<usize>, Section)> =
            vec![(None, section_named("", String::new(), root_page))];
        let close_to = |open: &mut Vec<(Option<usize>, Section)>, keep: usize| {
            while open.len() > keep {
                let (_, section) = open.pop().expect("more than kept");
                let parent = &mut open.last_mut().expect("the root stays").1;
                // A chapter nothing is nested under is a chapter, not a section.
                let entry = match section.page {
                    Some(page) if section.children.is_empty() => Entry::Chapter(page),
                    _ => Entry::Section(section),
                };
                parent.children.push(entry);
            }
        };
        for entry in entries {
            match (&entry.kind, &entry.path) {
                (EntryKind::Part, _) => {
                    close_to(&mut open, 1);
                    open.push((
                        None,
                        section_named(&format!("#part-{}", entry.line), entry.title.clone(), None),
                    ));
                }
                (kind, Some(path)) => {
                    let Some(&index) = by_path.get(path.as_str()) else {
                        continue;
                    };
                    if listed[index] || Some(index) == root_page {
                        listed[index] = true;
                        continue;
                    }
                    listed[index] = true;
                    let depth = match kind {
                        EntryKind::Numbered { depth } => Some(*depth),
                        _ => None,
                    };
                    match depth {
                        // A prefix or suffix chapter sits at the top, outside any part.
                        None => {
                            close_to(&mut open, 1);
                            open.push((
                                Some(0),
                                section_named(path, lessons[index].title.clone(), Some(index)),
                            ));
                            close_to(&mut open, 1);
                        }
                        Some(depth) => {
                            // Close the chapters at this depth or deeper, then open this one.
                            let keep = open
                                .iter()
                                .position(|(at, _)| at.is_some_and(|at| at >= depth))
                                .unwrap_or(open.len());
                            close_to(&mut open, keep);
                            open.push((
                                Some(depth),
                                section_named(path, lessons[index].title.clone(), Some(index)),
                            ));
                        }
                    }
                }
                (_, None) => {}
            }
        }
        close_to(&mut open, 1);
        let (_, mut root) = open.pop().expect("the root");
        for index in folders.reading_order {
            if !listed[index] && Some(index) != root_page {
                root.children.push(Entry::Chapter(index));
            }
        }
        BookTree::read_in_order(root)
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

/// Fills `trail` with the sections from `section` down to the one holding `lesson` (as a
/// chapter or as its page); empty when it is not in the tree. Recursion follows the tree, whose
/// depth the folders (or the contents file's nesting, bounded by its lines) limit.
fn sections_above<'a>(section: &'a Section, lesson: usize, trail: &mut Vec<&'a Section>) -> bool {
    trail.push(section);
    if section.page == Some(lesson) {
        return true;
    }
    for entry in &section.children {
        match entry {
            Entry::Chapter(index) if *index == lesson => return true,
            Entry::Section(child) if sections_above(child, lesson, trail) => return true,
            _ => {}
        }
    }
    trail.pop();
    false
}

/// A section of a contents file: `key` names it (a chapter's path, or `#part-LINE`).
fn section_named(key: &str, title: String, page: Option<usize>) -> Section {
    Section {
        folder: key.to_string(),
        title,
        page,
        children: Vec::new(),
        weight: None,
    }
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
        None => folder_title(folder.rsplit('/').next().unwrap_or(folder)),
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

/// `background-maths` → "Background maths": a file name as a title, for the titles
/// `worked new` and `init` suggest.
pub fn readable_name(name: &str) -> String {
    let words = name.replace(['-', '_'], " ");
    let mut chars = words.trim().chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `ml` → "ml", `background-maths` → "background maths": a folder without a section page is
/// titled by its name as the author wrote it (an `index.md` with a `title` says otherwise).
fn folder_title(name: &str) -> String {
    name.replace(['-', '_'], " ").trim().to_string()
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
pub(crate) mod tests {
    use super::*;
    use crate::base::source::SourceFile;
    use crate::load::content::parse_lesson;
    use std::path::Path;

    /// The lesson at `path` (under `content/`), titled by its path, with more `front` matter.
    pub(crate) fn lesson(path: &str, front: &str) -> Lesson {
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
        assert_eq!(section.title, "background maths");
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
        assert_eq!(crumbs[1].title, "deep");
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
                    { "t": "deep", "u": null, "c": [
                        { "t": "content/part/deep/x.md", "u": "part/deep/x.html" }
                    ] }
                ] },
                { "t": "content/top.md", "u": "top.html" }
            ])
        );
    }
}
