//! The finished pages and every other output file gathered into one [`RenderedSite`], with no
//! two files on one path.

use super::bibliography_page::{render_bibliography_page, BIBLIOGRAPHY_PAGE};
use super::build_cache::{CachedPage, Furniture};
use super::furniture::{
    render_index_page, render_not_found_page, sitemap_xml, NOT_FOUND_PAGE, SITEMAP_FILE,
};
use super::pages::BookContext;
use super::print_page::{render_print_page, PRINT_MATH_FONT_DIR, PRINT_PAGE};
use super::RenderedSite;
use crate::base::diagnostics::Diagnostic;
use crate::book::navigation;
use crate::layout::search::{self, IndexedSection};
use crate::load::config::{MathOutput, PrintMath};
use crate::load::content::{Asset, Lesson};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The folder of KaTeX's stylesheet and fonts (`static/katex`), and its licence, which the
/// footer links in both modes (KaTeX typesets the MathML too).
const KATEX_DIR: &str = "katex/";
const KATEX_LICENSE: &str = "katex/LICENSE";

/// The whole site: every lesson's page, the front page when the book has none of its own (its
/// first chapter's, or the generated one of [`furniture`]), the 404 page, the bibliography
/// page, the whole-book print page (unless `print = false`; listed among the streamed files when
/// the build wrote it as it laid its lessons out), the sitemap, the search index and
/// table of contents, the theme's static files and the files beside the lessons. Returns it
/// with the size of the search index in bytes.
pub(super) fn assemble_site(
    book: &BookContext<'_>,
    (pages, streamed, print_streamed): (&[Arc<CachedPage>], bool, bool),
    furniture: &Furniture,
    static_files: BTreeMap<String, Arc<[u8]>>,
    assets: BTreeMap<String, Asset>,
) -> Result<(RenderedSite, usize), Vec<Diagnostic>> {
    let (lessons, tree) = (book.lessons, book.tree);
    let search_index = {
        let mut in_order: Vec<(usize, &CachedPage)> = pages
            .iter()
            .enumerate()
            .map(|(index, page)| (tree.position(index).unwrap_or(usize::MAX), &**page))
            .collect();
        in_order.sort_by_key(|(position, _)| *position);
        let sections: Vec<&IndexedSection> =
            in_order.iter().flat_map(|(_, page)| &page.search).collect();
        search::index_script(&sections, &book.config.search_synonyms)
    };
    let mut site = RenderedSite::default();
    for (index, (lesson, page)) in lessons.iter().zip(pages).enumerate() {
        if streamed {
            site.streamed.insert(lesson.page());
            if book.front == Some(index) {
                site.streamed.insert("index.html".to_string());
            }
            continue;
        }
        site.files.insert(lesson.page(), Arc::clone(&page.html));
        if let Some(front) = &page.front {
            site.files
                .insert("index.html".to_string(), Arc::clone(front));
        }
    }
    let (toc, pages_around) = furniture
        .split_last()
        .expect("the furniture ends with the contents script");
    for (path, bytes) in pages_around {
        site.files.insert(path.clone(), Arc::clone(bytes));
    }
    if print_streamed {
        site.streamed.insert(PRINT_PAGE.to_string());
    } else if book.config.print {
        let print = render_print_page(book, pages).map_err(|problem| vec![problem])?;
        site.print_page = Some(Arc::new(print));
    }
    if let Some(sitemap) = sitemap_xml(book.config, &site) {
        site.files
            .insert(SITEMAP_FILE.to_string(), sitemap.into_bytes().into());
    }
    let search_index_bytes = search_index.len();
    let mut extra_files = static_files;
    // The math font (and its stylesheet) goes only where MathML formulas are drawn: on every
    // page under `[math] output = "mathml"`, which then needs nothing of KaTeX's but its
    // licence, or on the print page alone.
    let config = book.config;
    if config.math_output == MathOutput::Mathml {
        extra_files.retain(|path, _| !path.starts_with(KATEX_DIR) || path == KATEX_LICENSE);
    } else if !(config.print && config.print_math == PrintMath::Mathml) {
        extra_files.retain(|path, _| !path.starts_with(PRINT_MATH_FONT_DIR));
    }
    extra_files.insert(
        search::INDEX_FILE.to_string(),
        search_index.into_bytes().into(),
    );
    extra_files.insert(toc.0.clone(), Arc::clone(&toc.1));
    add_files(
        &mut site,
        extra_files,
        "static/",
        lessons,
        |site, path, bytes| {
            site.files.insert(path, bytes);
        },
    )?;
    add_files(
        &mut site,
        assets,
        "content/",
        lessons,
        |site, path, asset| match asset {
            Asset::Data(bytes) => {
                site.files.insert(path, bytes.into());
            }
            Asset::Copied(file) => {
                site.copied.insert(path, file);
            }
        },
    )?;
    Ok((site, search_index_bytes))
}

/// The files that follow from the book's fingerprint alone, which a `serve` rebuild after a
/// prose edit reuses: the front page when the book has none of its own, the bibliography
/// page, the 404 page, and last the contents script.
pub(super) fn furniture(book: &BookContext<'_>) -> Result<Furniture, Diagnostic> {
    let mut files: Furniture = Vec::new();
    if book.tree.root.page.is_none() && book.front.is_none() {
        let index = render_index_page(book)?;
        files.push(("index.html".to_string(), index.into_bytes().into()));
    }
    if let Some(bibliography) = book.bibliography {
        let page = render_bibliography_page(book, bibliography)?;
        files.push((BIBLIOGRAPHY_PAGE.to_string(), page.into_bytes().into()));
    }
    let not_found = render_not_found_page(book)?;
    files.push((NOT_FOUND_PAGE.to_string(), not_found.into_bytes().into()));
    files.push((
        navigation::TOC_FILE.to_string(),
        book.tree.toc_script(book.lessons).into_bytes().into(),
    ));
    Ok(files)
}

/// Adds theme files or assets (from `origin`, `static/` or `content/`, for messages) to the
/// site. A file may not take a page's path, nor may one be a folder the other needs
/// (`static/x.html/a.png` beside the page `x.html`); a clash with a page is reported at the lesson
/// whose page it is.
fn add_files<T>(
    site: &mut RenderedSite,
    files: BTreeMap<String, T>,
    origin: &str,
    lessons: &[Lesson],
    mut place: impl FnMut(&mut RenderedSite, String, T),
) -> Result<(), Vec<Diagnostic>> {
    let mut problems = Vec::new();
    let clash_problem = |taken: &str, path: &str| {
        let help = "rename the file or folder, or set another `slug = \"…\"` on the lesson";
        match lessons.iter().find(|lesson| lesson.page() == taken) {
            Some(lesson) => Diagnostic::at(
                &lesson.source,
                0..0,
                format!("this lesson's page {taken} collides with {origin}{path}"),
            )
            .with_help(help),
            None => Diagnostic::general(format!(
                "{origin}{path} would overwrite {taken}, which the site already has"
            ))
            .with_help(help),
        }
    };
    for (path, file) in files {
        let clash = path
            .match_indices('/')
            .map(|(slash, _)| &path[..slash])
            .find(|folder| site.has(folder))
            .map(str::to_string)
            // The other way round: a page inside a folder that is a file here.
            .or_else(|| site.first_under(&format!("{path}/")));
        if let Some(taken) = clash {
            problems.push(clash_problem(&taken, &path));
            continue;
        }
        if site.files.contains_key(&path)
            || site.copied.contains_key(&path)
            || site.streamed.contains(&path)
        {
            problems.push(clash_problem(&path, &path));
        } else {
            place(site, path, file);
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}
