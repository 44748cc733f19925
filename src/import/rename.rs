//! Files mdBook builds and `worked` would refuse by their names, renamed so no chapter is lost:
//! folders more than [`MAX_FOLDER_DEPTH`] deep (the deepest ones joined into one name with
//! `-`), `index.md` beside `README.md` (both would be the folder's section page) and two
//! chapters whose pages would share one name (`A.md` beside `a.md`, both `a.html`). Each gets a
//! note, and every relative link to a renamed file, or from a moved chapter, in the chapters
//! and SUMMARY.md is rewritten, those that climb out of `src/` to a file beside it too.

use crate::base::source::resolve_path;
use crate::load::content::{slug_problem, MAX_FOLDER_DEPTH, SECTION_FILES};
use crate::load::include::include_paths;
use std::collections::{BTreeMap, BTreeSet};

/// Every renamed file: its path under `src` → its path under `content`.
#[derive(Default)]
pub struct Renames {
    moved: BTreeMap<String, String>,
    /// The mdBook's `src` folder, for paths that climb out of it (`../listings/m.rs`).
    src_name: String,
}

impl Renames {
    /// Plans the renames for `files` (every file under `src`, in order); returns them and one
    /// note per rename, as `(original path, what was done)`.
    pub fn plan(src_name: &str, files: &[String]) -> (Renames, Vec<(String, String)>) {
        let mut renames = Renames {
            src_name: src_name.to_string(),
            ..Renames::default()
        };
        let mut notes = Vec::new();
        // Every name and page the book already has is spoken for, those of files later in
        // the walk too: `a.md` renamed must not become an `a-2.md` that is still to come.
        let mut taken: BTreeSet<String> = files.iter().map(|file| file.to_lowercase()).collect();
        let existing_pages: BTreeSet<String> =
            files.iter().filter_map(|file| page_key(file)).collect();
        let mut pages: BTreeSet<String> = BTreeSet::new();
        for file in files {
            let mut place = shallow(file);
            if place != *file && taken.contains(&place.to_lowercase()) {
                place = free_name(&place, |name| taken.contains(&name.to_lowercase()));
            }
            if place != *file {
                notes.push((
                    file.clone(),
                    format!("more than {MAX_FOLDER_DEPTH} folders deep; written as {place}"),
                ));
            }
            if let Some(page) = page_key(&place) {
                if !pages.insert(page.clone())
                    || (is_index(&place) && pages.contains(&section_key(&place)))
                {
                    let renamed = free_name(&place, |name| {
                        taken.contains(&name.to_lowercase())
                            || page_key(name).is_some_and(|page| {
                                pages.contains(&page) || existing_pages.contains(&page)
                            })
                    });
                    notes.push((
                        file.clone(),
                        format!("its page would be the same as another chapter's ({page}); written as {renamed}"),
                    ));
                    place = renamed;
                    if let Some(page) = page_key(&place) {
                        pages.insert(page);
                    }
                }
            }
            taken.insert(place.to_lowercase());
            if place != *file {
                renames.moved.insert(file.clone(), place);
            }
        }
        (renames, notes)
    }

    /// Where the file at `path` under `src` goes under `content`.
    pub fn place<'a>(&'a self, path: &'a str) -> &'a str {
        self.moved.get(path).map_or(path, String::as_str)
    }

    /// `text` of the chapter at `path` under `src` with its relative links (`](…)`,
    /// `src="…"`, `href="…"`) and included files rewritten to where their targets, and the
    /// chapter itself, now are.
    pub fn rewrite_links(&self, path: &str, text: &str) -> String {
        let mut targets = link_targets(text);
        targets.extend(include_targets(text));
        targets.sort_unstable();
        targets.dedup_by_key(|(start, _)| *start);
        self.rewrite_targets(path, text, &targets)
    }

    /// `text` of a piece (a file the chapters include) at `path` under `src` with the files it
    /// includes rewritten; its links are the including chapter's, left as they are.
    pub fn rewrite_includes(&self, path: &str, text: &str) -> String {
        self.rewrite_targets(path, text, &include_targets(text))
    }

    /// `text` with the paths at `targets` (byte ranges, in order) rewritten.
    fn rewrite_targets(&self, path: &str, text: &str, targets: &[(usize, usize)]) -> String {
        if self.moved.is_empty() {
            return text.to_string();
        }
        let folder = path.rsplit_once('/').map_or("", |(folder, _)| folder);
        let new_folder = self
            .place(path)
            .rsplit_once('/')
            .map_or("", |(folder, _)| folder);
        let mut out = String::with_capacity(text.len());
        let mut done = 0;
        for &(start, end) in targets {
            let target = &text[start..end];
            let Some(new) = self.new_target(folder, new_folder, target) else {
                continue;
            };
            out.push_str(&text[done..start]);
            out.push_str(&new);
            done = end;
        }
        out.push_str(&text[done..]);
        out
    }

    /// The link `target`, written in `folder` (now `new_folder`), as it must be written now.
    fn new_target(&self, folder: &str, new_folder: &str, target: &str) -> Option<String> {
        if target.contains(':') || target.starts_with(['#', '/']) || target.is_empty() {
            return None;
        }
        let split = target.find(['#', '?']).unwrap_or(target.len());
        let (file, rest) = target.split_at(split);
        let Some(resolved) = resolve_path(folder, file) else {
            return self
                .beside_src(folder, new_folder, file)
                .map(|new| format!("{new}{rest}"));
        };
        let (source, html) = match resolved.strip_suffix(".html") {
            Some(stem) => (format!("{stem}.md"), true),
            None => (resolved.clone(), false),
        };
        let placed = self.place(&source);
        if placed == source && folder == new_folder {
            return None;
        }
        let placed = if html {
            format!("{}.html", placed.trim_end_matches(".md"))
        } else if placed == source {
            resolved
        } else {
            placed.to_string()
        };
        Some(format!("{}{rest}", relative(new_folder, &placed)))
    }

    /// `file`, a path from `folder` that climbs out of `src/` to a file beside it in the mdBook
    /// folder (copied to the same place beside `content/`), as written from `new_folder`.
    fn beside_src(&self, folder: &str, new_folder: &str, file: &str) -> Option<String> {
        if folder == new_folder {
            return None;
        }
        let under_book = |folder: &str| {
            self.src_name
                .split('/')
                .chain(folder.split('/'))
                .filter(|part| !part.is_empty() && *part != ".")
                .collect::<Vec<_>>()
                .join("/")
        };
        let in_book = resolve_path(&under_book(folder), file)?;
        Some(relative(&under_book(new_folder), &in_book))
    }
}

/// `path` with the folders beyond the deepest allowed joined into the last allowed one.
fn shallow(path: &str) -> String {
    let parts: Vec<&str> = path.split('/').collect();
    let (file, folders) = parts.split_last().expect("split yields one part");
    if folders.len() <= MAX_FOLDER_DEPTH {
        return path.to_string();
    }
    let (kept, joined) = folders.split_at(MAX_FOLDER_DEPTH - 1);
    let mut out: Vec<String> = kept.iter().map(|part| part.to_string()).collect();
    out.push(joined.join("-"));
    out.push(file.to_string());
    out.join("/")
}

fn is_index(path: &str) -> bool {
    path.rsplit('/').next() == Some("index.md")
}

/// The key of the section page of `path`'s folder.
fn section_key(path: &str) -> String {
    let folder = path.rsplit_once('/').map_or("", |(folder, _)| folder);
    format!("{folder}/ section page")
}

/// The page a chapter at `path` would have (`a/b.html`, or its folder's section page), as a
/// key; `None` for files that are not chapters.
fn page_key(path: &str) -> Option<String> {
    let (folder, file) = path.rsplit_once('/').unwrap_or(("", path));
    let stem = file.strip_suffix(".md")?;
    if SECTION_FILES.contains(&file) {
        return Some(section_key(path));
    }
    let slug = if slug_problem(stem).is_some() {
        super::slug_for(stem)
    } else {
        stem.to_string()
    };
    Some(format!("{folder}/{slug}"))
}

/// `a/Name.md` → `a/Name-2.md` (or `-3`, …), `a/p.png` → `a/p-2.png`: the first name that
/// is not `taken`.
fn free_name(path: &str, taken: impl Fn(&str) -> bool) -> String {
    let name_at = path.rfind('/').map_or(0, |slash| slash + 1);
    let split = path[name_at..]
        .rfind('.')
        .filter(|&dot| dot > 0)
        .map_or(path.len(), |dot| name_at + dot);
    let (stem, extension) = path.split_at(split);
    (2..)
        .map(|number| format!("{stem}-{number}{extension}"))
        .find(|name| !taken(name))
        .expect("some number is free")
}

/// The path from `folder` to `path` (both under `content`).
fn relative(folder: &str, path: &str) -> String {
    let from: Vec<&str> = folder.split('/').filter(|part| !part.is_empty()).collect();
    let to: Vec<&str> = path.split('/').collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut out = "../".repeat(from.len() - common);
    out.push_str(&to[common..].join("/"));
    out
}

/// Byte ranges of the link targets in `text`: `](target)`, `src="target"`, `href="target"`.
fn link_targets(text: &str) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for (open, close) in [
        ("](", [')', ' ']),
        ("src=\"", ['"', '"']),
        ("href=\"", ['"', '"']),
    ] {
        for (at, _) in text.match_indices(open) {
            let start = at + open.len();
            let start = start + usize::from(text[start..].starts_with('<'));
            if let Some(length) =
                text[start..].find(|c: char| close.contains(&c) || c == '\n' || c == '>')
            {
                found.push((start, start + length));
            }
        }
    }
    found.sort_unstable();
    found.dedup_by_key(|(start, _)| *start);
    found
}

/// Byte ranges of the file paths of the `{{#include}}` family's directives in `text`.
fn include_targets(text: &str) -> Vec<(usize, usize)> {
    include_paths(text)
        .into_iter()
        .map(|(_, path)| {
            // `path` is a slice of `text`.
            let start = path.as_ptr() as usize - text.as_ptr() as usize;
            (start, start + path.len())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(names: &[&str]) -> Vec<String> {
        names.iter().map(|name| name.to_string()).collect()
    }

    #[test]
    fn colliding_pages_and_deep_folders_are_renamed_and_links_follow() {
        let deep = format!("{}x.md", "d/".repeat(13));
        let (renames, notes) = Renames::plan(
            "src",
            &files(&[
                "README.md",
                "a.md",
                "A.md",
                "index.md",
                &deep,
                &deep.replace("x.md", "p.png"),
            ]),
        );
        assert_eq!(renames.place("A.md"), "A-2.md");
        assert_eq!(renames.place("index.md"), "index-2.md");
        assert_eq!(renames.place("a.md"), "a.md");
        assert_eq!(renames.place(&deep), format!("{}d-d/x.md", "d/".repeat(11)));
        assert_eq!(notes.len(), 4);
        assert_eq!(
            renames.rewrite_links(
                "README.md",
                "[A](A.md#top) [i](./index.html) [a](a.md) ![p](https://x/A.md)"
            ),
            "[A](A-2.md#top) [i](index-2.html) [a](a.md) ![p](https://x/A.md)"
        );
        assert_eq!(
            renames.rewrite_links(
                &deep,
                "[up](../../../../../../../../../../../../../a.md) <img src=\"p.png\">"
            ),
            format!("[up]({}a.md) <img src=\"p.png\">", "../".repeat(12))
        );
    }

    #[test]
    fn a_renamed_file_never_takes_the_name_of_another_file() {
        let (renames, _) = Renames::plan(
            "src",
            &files(&["Ab.md", "aB.md", "ab-2.md", "x-2.md", "X.md", "x.md"]),
        );
        assert_eq!(renames.place("ab-2.md"), "ab-2.md");
        assert_eq!(renames.place("x-2.md"), "x-2.md");
        assert_eq!(renames.place("aB.md"), "aB-3.md");
        assert_eq!(renames.place("x.md"), "x-3.md");
        let kept = format!("{}d-d/p.png", "d/".repeat(11));
        let deep = format!("{}p.png", "d/".repeat(13));
        let (renames, _) = Renames::plan("src", &files(&[&deep, &kept]));
        assert_eq!(renames.place(&kept), kept);
        assert_eq!(renames.place(&deep), kept.replace("p.png", "p-2.png"));
    }

    #[test]
    fn included_files_follow_their_renames_and_the_moved_chapter() {
        let deep = format!("{}x.md", "d/".repeat(13));
        let piece = deep.replace("x.md", "piece.md");
        let (renames, _) = Renames::plan("src", &files(&["a.md", "A.md", &deep, &piece]));
        assert_eq!(
            renames.rewrite_links(
                "README.md",
                "{{#include A.md}} {{#rustdoc_include ./A.md:main}} {{#include a.md}}"
            ),
            "{{#include A-2.md}} {{#rustdoc_include A-2.md:main}} {{#include a.md}}"
        );
        let up = "../".repeat(13);
        assert_eq!(
            renames.rewrite_links(
                &deep,
                &format!("{{{{#include piece.md}}}} {{{{#include {up}A.md:2:4}}}}")
            ),
            format!(
                "{{{{#include piece.md}}}} {{{{#include {}A-2.md:2:4}}}}",
                "../".repeat(12)
            )
        );
        assert_eq!(
            renames.rewrite_includes(&piece, &format!("[a]({up}A.md) {{{{#include {up}A.md}}}}")),
            format!("[a]({up}A.md) {{{{#include {}A-2.md}}}}", "../".repeat(12))
        );
    }

    #[test]
    fn includes_beside_src_are_climbed_to_from_the_moved_chapter() {
        let deep = format!("{}x.md", "d/".repeat(13));
        let piece = deep.replace("x.md", "piece.md");
        let (renames, _) = Renames::plan("src", &files(&[&deep, &piece]));
        let out_of_src = "../".repeat(14);
        let written = format!(
            "{{{{#include {out_of_src}listings/m.rs:main}}}} {{{{#include {out_of_src}../../repo.rs}}}}"
        );
        let rewritten = format!(
            "{{{{#include {}listings/m.rs:main}}}} {{{{#include {out_of_src}../../repo.rs}}}}",
            "../".repeat(13)
        );
        assert_eq!(renames.rewrite_links(&deep, &written), rewritten);
        assert_eq!(renames.rewrite_includes(&piece, &written), rewritten);
        let (renames, _) = Renames::plan("./docs/src", &files(&[&deep]));
        assert_eq!(
            renames.rewrite_links(&deep, &format!("{{{{#include {out_of_src}m.rs}}}}")),
            format!("{{{{#include {}m.rs}}}}", "../".repeat(13)),
            "a target beside a deeper src/ keeps its place too"
        );
    }
}
