//! What one build keeps for the next, so that `worked serve` redoes only what a save changed.
//!
//! These caches, all filled and consulted by [`crate::pipeline`] only:
//! - typeset formulas, by TeX and display mode, for the math settings they were typeset with
//!   (typesetting is most of a first build);
//! - evaluated examples, by what their values follow from (see
//!   [`crate::expand::evaluation_cache`]), so a page laid out again reuses its examples' values;
//! - finished pages, by the lesson file's text, valid while a fingerprint of everything else
//!   a page shows (settings, theme, and every lesson's place, title and summary) is unchanged;
//! - the compiled templates, by their texts, and the pages around the lessons (front page,
//!   404, bibliography page, the contents script), by that same fingerprint: a prose edit
//!   changes neither, so it redoes no whole-book work but the search index.
//!
//! A page comes out of the cache only when nothing it depends on changed, so a cached build
//! writes exactly the files a fresh one would (a test edits a book step by step and compares).
//! Nothing here reads files, typesets or renders.

use crate::base::diagnostics::Diagnostic;
use crate::expand::crossref::Fragment;
use crate::expand::evaluation_cache::EvaluationCache;
use crate::expand::markdown::{LocalTarget, Spanned};
use crate::layout::math::{Formula, MathSettings};
use crate::layout::search::IndexedSection;
use crate::layout::templating::Templates;
use std::collections::HashMap;
use std::sync::Arc;

/// Everything a build can reuse from the builds before it. `Default` is an empty cache.
#[derive(Debug, Default)]
pub struct BuildCache {
    pub(crate) formulas: FormulaCache,
    pub(crate) pages: PageCache,
    pub(crate) evaluations: EvaluationCache,
    pub(crate) templates: Option<Keyed<Templates>>,
    pub(crate) furniture: Option<Keyed<Furniture>>,
}

/// A value kept with the hash of what it was made from.
pub(crate) struct Keyed<T> {
    key: u64,
    value: Arc<T>,
}

impl<T> std::fmt::Debug for Keyed<T> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "Keyed({:x})", self.key)
    }
}

/// The value in `slot` when it was made from inputs hashing to `key`; otherwise one made now
/// (and kept in `slot`, when there is one).
pub(crate) fn reuse_or_make<T, E>(
    slot: Option<&mut Option<Keyed<T>>>,
    key: u64,
    make: impl FnOnce() -> Result<T, E>,
) -> Result<Arc<T>, E> {
    let Some(slot) = slot else {
        return make().map(Arc::new);
    };
    if let Some(kept) = slot.as_ref().filter(|kept| kept.key == key) {
        return Ok(Arc::clone(&kept.value));
    }
    let value = Arc::new(make()?);
    *slot = Some(Keyed {
        key,
        value: Arc::clone(&value),
    });
    Ok(value)
}

/// The site's files that follow from the book's fingerprint alone (not from any lesson's
/// text), by output path.
pub(crate) type Furniture = Vec<(String, Arc<[u8]>)>;

impl BuildCache {
    /// How many typeset formulas the cache holds.
    pub fn formulas(&self) -> usize {
        self.formulas.formulas.len()
    }

    /// How many finished pages the cache holds.
    pub fn pages(&self) -> usize {
        self.pages.pages.len()
    }
}

/// Typeset formulas kept from one build to the next.
#[derive(Debug, Default)]
pub(crate) struct FormulaCache {
    /// The settings the cached formulas were typeset with; new settings empty the cache.
    settings: MathSettings,
    formulas: HashMap<Formula, String>,
}

/// Most formulas a [`FormulaCache`] keeps; past it, it starts again empty (a long `serve`
/// session over a book that keeps changing must not grow without bound).
const MAX_CACHED_FORMULAS: usize = 200_000;

impl FormulaCache {
    /// Makes the cache fit `settings`: formulas typeset with other macros are dropped, and so
    /// is everything once the cache has outgrown its bound.
    pub(crate) fn prepare_for(&mut self, settings: &MathSettings) {
        if self.settings != *settings || self.formulas.len() > MAX_CACHED_FORMULAS {
            self.settings = settings.clone();
            self.formulas.clear();
        }
    }

    pub(crate) fn get(&self, formula: &Formula) -> Option<&String> {
        self.formulas.get(formula)
    }

    pub(crate) fn insert(&mut self, formula: Formula, html: String) {
        self.formulas.insert(formula, html);
    }
}

/// Finished pages of the last successful build, by page path. A failed build leaves it as it
/// was, so the next good build still reuses every page the failure did not touch.
#[derive(Debug, Default)]
pub(crate) struct PageCache {
    /// The [`crate::pipeline`] fingerprint of the book around the pages.
    book: u64,
    pages: HashMap<String, Arc<CachedPage>>,
}

impl PageCache {
    /// The page of the lesson at `page` whose file reads `text`, if it was built in a book
    /// with this fingerprint.
    pub(crate) fn get(&self, book: u64, page: &str, text: &str) -> Option<Arc<CachedPage>> {
        if self.book != book {
            return None;
        }
        self.pages
            .get(page)
            .filter(|cached| &*cached.text == text)
            .cloned()
    }

    /// Replaces the cache with the pages of a successful build.
    pub(crate) fn replace(&mut self, book: u64, pages: HashMap<String, Arc<CachedPage>>) {
        self.book = book;
        self.pages = pages;
    }
}

/// One lesson's page and what the rest of a build needs to know of it without re-reading it.
#[derive(Debug)]
pub(crate) struct CachedPage {
    /// The lesson file as it was when the page was made.
    pub text: Arc<str>,
    /// Heading ids and texts, for checking other pages' links into this one.
    pub headings: Vec<(String, String)>,
    /// Its links and images inside the book, checked again on every build (their targets may
    /// have gone).
    pub targets: Vec<LocalTarget>,
    /// Numbers that look typed by hand: warnings or errors, depending on the build.
    pub typed_numbers: Vec<Diagnostic>,
    /// Every formula on the page, for the build's counts.
    pub formulas: Vec<Formula>,
    /// Its sections, ready for the search index.
    pub search: Vec<IndexedSection>,
    /// The finished page.
    pub html: Arc<[u8]>,
    /// The same page laid out at the output root, when the front page shows this lesson.
    pub front: Option<Arc<[u8]>>,
    /// Copies of its labelled targets, for popovers on the pages that refer to them.
    pub fragments: Vec<Fragment>,
    /// The ids it refers to, and the popover templates it was made with: when a target
    /// changes on another page, this page is made again.
    pub referenced: Vec<String>,
    pub popovers: Vec<Spanned<'static>>,
    /// The lesson's content as HTML, as the page shows it, for the whole-book print page. The
    /// string the page was laid out from, kept as it is: a copy into an `Arc<str>` was a
    /// hundred kilobytes a page of fresh memory to fault in and fill.
    pub content: Arc<String>,
    /// Where its typeset formulas stand in `content`, which the print page copies unscanned.
    pub content_formulas: Arc<[std::ops::Range<usize>]>,
    /// The extra stylesheets its content needs (the print page needs them too).
    pub stylesheets: Vec<&'static str>,
}
