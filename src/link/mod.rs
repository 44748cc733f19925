//! Links and images between the pages and files of the book: resolved, checked, rewritten.
//!
//! Input: one page's [`LocalTarget`]s and a [`SiteIndex`] of every page, heading and file.
//! Output: the new URL of each `.md` link (`../background/fields.md#groups` →
//! `../background/fields.html#groups`, relative to the page, as on GitHub and in mdBook) and
//! one problem per broken target, at its line and column. A target is resolved from the
//! lesson's folder, the way a reader's browser resolves it from the page (pages mirror their
//! files' folders). Nothing here reads files or renders anything.

use crate::base::diagnostics::Diagnostic;
use crate::base::source::resolve_path;
use crate::expand::markdown::{mdbook_id, LocalTarget, TargetKind};
use crate::load::content::{Lesson, CONTENT_DIR};
use std::collections::{BTreeSet, HashMap};

/// Ids the templates put on every page, which links may target too.
const TEMPLATE_ANCHORS: [&str; 1] = ["main"];

/// Everything a link may point at.
pub struct SiteIndex<'a> {
    /// Published lessons first, then lessons left out of this build (drafts).
    lessons: Vec<&'a Lesson>,
    published: usize,
    by_source: HashMap<&'a str, usize>,
    by_page: HashMap<String, usize>,
    /// Each expanded lesson's headings (id, text); a lesson that failed is missing here, and
    /// links to its anchors are not judged.
    headings: HashMap<usize, Vec<(String, String)>>,
    /// Output paths of assets and theme files.
    files: BTreeSet<String>,
    /// When some lesson did not load, a link to an unknown page may point at it.
    all_loaded: bool,
}

impl<'a> SiteIndex<'a> {
    /// An index of `published` and `left_out` lessons and the `files` of the output.
    pub fn new(
        published: &'a [Lesson],
        left_out: &'a [Lesson],
        files: BTreeSet<String>,
        all_loaded: bool,
    ) -> Self {
        let lessons: Vec<&Lesson> = published.iter().chain(left_out).collect();
        let by_source = lessons
            .iter()
            .enumerate()
            .map(|(index, lesson)| (lesson.content_path(), index))
            .collect();
        let by_page = lessons
            .iter()
            .enumerate()
            .map(|(index, lesson)| (lesson.page(), index))
            .collect();
        SiteIndex {
            lessons,
            published: published.len(),
            by_source,
            by_page,
            headings: HashMap::new(),
            files,
            all_loaded,
        }
    }

    /// Records the headings of the published lesson at `index`.
    pub fn add_headings(&mut self, index: usize, headings: Vec<(String, String)>) {
        self.headings.insert(index, headings);
    }

    /// Checks the targets of the published lesson at `from`; returns the rewritten URLs of its
    /// `.md` links by event index, and its problems.
    pub fn check(
        &self,
        from: usize,
        targets: &[LocalTarget],
    ) -> (Vec<(usize, String)>, Vec<Diagnostic>) {
        let lesson = self.lessons[from];
        let mut rewrites = Vec::new();
        let mut problems = Vec::new();
        for target in targets {
            match self.resolve(from, target) {
                Ok(Some(url)) => rewrites.push((target.event, url)),
                Ok(None) => {}
                Err((message, help)) => problems.push(
                    Diagnostic::at(&lesson.source, target.span.clone(), message)
                        .with_optional_help(help),
                ),
            }
        }
        (rewrites, problems)
    }

    /// `Ok(Some(url))` when the target must be rewritten, `Ok(None)` when it is fine as written.
    fn resolve(
        &self,
        from: usize,
        target: &LocalTarget,
    ) -> Result<Option<String>, (String, Option<String>)> {
        let lesson = self.lessons[from];
        let (path, anchor) = match target.url.split_once('#') {
            Some((path, anchor)) => (path, Some(anchor)),
            None => (target.url.as_str(), None),
        };
        let path = path.split_once('?').map_or(path, |(path, _)| path);
        if path.is_empty() {
            self.check_anchor(from, anchor)?;
            return Ok(None);
        }
        if path.starts_with('/') {
            return Err((
                format!("the link {} starts at the web server's root", target.url),
                Some(
                    "such links break under a path prefix and from disk; write the path relative to this lesson's folder".into(),
                ),
            ));
        }
        let resolved = resolve_path(&lesson.folder, &percent_decode(path)).ok_or_else(|| {
            (
                format!("the link {} leaves the book's folder", target.url),
                Some(format!(
                    "paths are relative to {CONTENT_DIR}/{}",
                    lesson.folder
                )),
            )
        })?;
        if resolved.ends_with(".md") {
            let source = resolved.as_str();
            let Some(&index) = self.by_source.get(source) else {
                return if self.all_loaded {
                    Err((
                        format!("no lesson {CONTENT_DIR}/{source}"),
                        Some(format!(
                            "the link {} is resolved from {CONTENT_DIR}/{}",
                            target.url,
                            display_folder(&lesson.folder)
                        )),
                    ))
                } else {
                    Ok(None)
                };
            };
            self.check_published(index)?;
            self.check_anchor(index, anchor)?;
            let mut url = relative_url(&lesson.folder, &self.lessons[index].page());
            if let Some(anchor) = anchor {
                url.push('#');
                url.push_str(anchor);
            }
            return Ok(Some(url));
        }
        let page = if resolved.is_empty() || path.ends_with('/') {
            format!(
                "{resolved}{}index.html",
                if resolved.is_empty() { "" } else { "/" }
            )
        } else {
            resolved
        };
        if let Some(&index) = self.by_page.get(&page) {
            self.check_published(index)?;
            self.check_anchor(index, anchor)?;
            return Ok(None);
        }
        if self.files.contains(&page) || page == "index.html" {
            return Ok(None);
        }
        if !self.all_loaded && page.ends_with(".html") {
            return Ok(None);
        }
        if page.ends_with(".html") && target.kind == TargetKind::Link {
            let mut pages: Vec<String> = self.lessons[..self.published]
                .iter()
                .map(|other| relative_url(&lesson.folder, &other.page()))
                .collect();
            pages.truncate(20);
            return Err((
                format!("the link target {page} is not a page or file of this book"),
                Some(format!(
                    "{} is resolved from this page's folder; pages: {}",
                    target.url,
                    pages.join(", ")
                )),
            ));
        }
        let what = match target.kind {
            TargetKind::Image | TargetKind::HtmlImage => "image",
            TargetKind::Link => "link target",
        };
        Err((
            format!("the {what} {CONTENT_DIR}/{page} does not exist"),
            Some(format!(
                "{} is resolved from {CONTENT_DIR}/{}; put the file there or fix the path",
                target.url,
                display_folder(&lesson.folder)
            )),
        ))
    }

    fn check_published(&self, index: usize) -> Result<(), (String, Option<String>)> {
        if index < self.published {
            return Ok(());
        }
        let lesson = self.lessons[index];
        Err((
            format!("this links to the draft {}", lesson.source.path),
            Some(
                "drafts are left out of the published book; remove `draft = true` there, or the link here"
                    .into(),
            ),
        ))
    }

    fn check_anchor(
        &self,
        index: usize,
        anchor: Option<&str>,
    ) -> Result<(), (String, Option<String>)> {
        let Some(anchor) = anchor.filter(|anchor| !anchor.is_empty()) else {
            return Ok(());
        };
        let Some(headings) = self.headings.get(&index) else {
            return Ok(());
        };
        if TEMPLATE_ANCHORS.contains(&anchor) || headings.iter().any(|(id, _)| id == anchor) {
            return Ok(());
        }
        let page = self.lessons[index].page();
        let mut repeats: HashMap<String, usize> = HashMap::new();
        for (id, title) in headings {
            let base = mdbook_id(title, 0);
            let seen = repeats.entry(base.clone()).or_default();
            let theirs = mdbook_id(title, *seen);
            *seen += 1;
            if theirs == anchor {
                return Err((
                    format!("{page} has no heading with the id \"{anchor}\""),
                    Some(format!(
                        "\"{anchor}\" is the id mdBook gives the heading \"{title}\"; here it is #{id}"
                    )),
                ));
            }
        }
        let known: Vec<&str> = headings.iter().map(|(id, _)| id.as_str()).collect();
        Err((
            format!("{page} has no heading with the id \"{anchor}\""),
            Some(format!("ids on that page: {}", known.join(", "))),
        ))
    }
}

fn display_folder(folder: &str) -> String {
    if folder.is_empty() {
        String::new()
    } else {
        format!("{folder}/")
    }
}

/// The URL of `page` (a path from the output root) from a page in `folder`.
pub fn relative_url(folder: &str, page: &str) -> String {
    let from: Vec<&str> = folder.split('/').filter(|part| !part.is_empty()).collect();
    let to: Vec<&str> = page.split('/').collect();
    let (to_folder, to_file) = to.split_at(to.len() - 1);
    let common = from
        .iter()
        .zip(to_folder)
        .take_while(|(a, b)| a == b)
        .count();
    let mut url = "../".repeat(from.len() - common);
    for part in &to_folder[common..] {
        url.push_str(part);
        url.push('/');
    }
    url.push_str(to_file[0]);
    url
}

/// `a%20b.png` → `a b.png`, as a browser does before asking for the file.
fn percent_decode(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|b| (*b as char).to_digit(16));
        match (bytes[index], hex(index + 1), hex(index + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                index += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                index += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_resolve_from_the_lessons_folder_and_may_not_leave_the_book() {
        assert_eq!(
            resolve_path("part/a", "../b/./x.md").as_deref(),
            Some("part/b/x.md")
        );
        assert_eq!(resolve_path("", "img/p.png").as_deref(), Some("img/p.png"));
        assert_eq!(resolve_path("part", "../../x.md"), None);
    }

    #[test]
    fn urls_between_pages_climb_only_as_far_as_needed() {
        assert_eq!(relative_url("part/a", "part/b/x.html"), "../b/x.html");
        assert_eq!(relative_url("", "part/x.html"), "part/x.html");
        assert_eq!(relative_url("part/a", "index.html"), "../../index.html");
        assert_eq!(relative_url("part", "part/index.html"), "index.html");
    }

    #[test]
    fn percent_escapes_are_decoded_like_a_browser_does() {
        assert_eq!(percent_decode("a%20b%C3%A9.png"), "a bé.png");
        assert_eq!(percent_decode("100%"), "100%");
    }
}
