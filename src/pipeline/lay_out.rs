//! The fresh pages laid out, in reading order: the print page's stream started (when the build
//! writes as it goes), each batch of pages typeset just before it is laid out (for `build`),
//! each formula's markup let go after its last batch, the formulas KaTeX refused reported, and
//! the print page finished.

use super::build_cache::CachedPage;
use super::pages::{finish_page, BookContext};
use super::prepare::Prepared;
use super::print_page::{self, PRINT_PAGE};
use super::tolerate::{Tolerated, FORMULA_KIND};
use super::typeset::{self, Need, Typeset};
use crate::base::diagnostics::Diagnostic;
use crate::layout::math::{Formula, MathSettings};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Pages typeset and laid out at once by a build that writes as it goes: its formulas' markup
/// is held for these pages (and those of later batches that share a formula) only, instead of
/// the whole book's (a hundred kilobytes a lesson under KaTeX), while every page waits to be
/// laid out. Enough pages to keep both cores busy typesetting.
const TYPESET_BATCH: usize = 256;

/// Every lesson's page, laid out or reused, and what laying them out did.
pub(super) struct LaidOut {
    /// Each lesson's page, by lesson index.
    pub pages: Vec<Arc<CachedPage>>,
    /// The formulas `[check]` tolerates that KaTeX refused in a batch, as warnings.
    pub warnings: Vec<Diagnostic>,
    /// Whether the print page was written as its lessons were laid out (then the site only
    /// lists it).
    pub print_streamed: bool,
    /// Distinct formulas typeset in batches.
    pub typeset_in_batches: usize,
    /// Time spent typesetting batches: the typesetting's, not the layout's.
    pub typesetting: Duration,
}

/// Lays out the fresh pages `ready` among those reused from the cache (`pages`, by lesson
/// index) with `book` and the formulas in `typeset`. With `batches` (the math settings), the
/// pages' formulas are typeset a batch at a time just before the batch is laid out, and
/// `typeset` keeps each only until its last batch. `keep_for_cache` says a later build lays
/// out the pages' content again from the cache. Returns every lesson's page, or the build's
/// problems.
pub(super) fn lay_out_pages(
    mut ready: Vec<Prepared<'_>>,
    mut pages: Vec<Option<Arc<CachedPage>>>,
    book: &BookContext<'_>,
    typeset: &mut Typeset,
    batches: Option<&MathSettings>,
    tolerated: &Tolerated,
    keep_for_cache: bool,
) -> Result<LaidOut, Vec<Diagnostic>> {
    let (mut problems, mut warnings) = (Vec::new(), Vec::new());
    let place = print_page::places(&book.tree.reading_order, book.lessons.len());
    // With a sink and a print page, the page is written as its lessons are laid out (see
    // `PrintStream`); a problem with its template is reported after the lessons' own, as when
    // it is laid out last.
    let (print_stream, print_problem) = match book.sink.filter(|_| book.config.print) {
        Some(sink) => match print_page::render_print_frame(book, &ready, &pages) {
            Ok(frame) => {
                let out = sink.open(PRINT_PAGE).map_err(|problem| vec![problem])?;
                let stream = print_page::PrintStream::begin(frame, place.clone(), out);
                for (index, page) in pages.iter().enumerate() {
                    if let Some(page) = page {
                        stream.take(index, &page.content, &page.content_formulas);
                    }
                }
                (Some(stream), None)
            }
            Err(problem) => (None, Some(problem)),
        },
        None => (None, None),
    };
    // A page's content is laid out again on a print page held in memory, or on a later
    // build's from the cache; otherwise it is let go the moment the page is written.
    let keep_content = keep_for_cache || (book.config.print && print_stream.is_none());
    let first_sites = batches.map(|_| typeset::first_sites(&ready));
    // In reading order, so each lesson reaches the print stream soon after the one before it.
    ready.sort_by_key(|page| (place[page.index].is_none(), place[page.index], page.index));
    let batch = if batches.is_some() {
        TYPESET_BATCH
    } else {
        ready.len().max(1)
    };
    // The last batch each formula is on, after which its markup is let go.
    let mut last_batch: HashMap<(String, bool), usize> = HashMap::new();
    if batches.is_some() {
        for (at, page) in ready.iter().enumerate() {
            for formula in &page.formulas {
                last_batch.insert((formula.tex.clone(), formula.display), at / batch);
            }
        }
    }
    let mut refused = BTreeMap::new();
    let (mut typeset_in_batches, mut typesetting) = (0, Duration::ZERO);
    let mut made: Vec<(usize, Result<CachedPage, Diagnostic>)> = Vec::with_capacity(ready.len());
    let mut ready = ready.into_iter().peekable();
    let mut at = 0;
    while ready.peek().is_some() {
        let pages: Vec<Prepared<'_>> = ready.by_ref().take(batch).collect();
        if let (Some(sites), Some(settings)) = (&first_sites, batches) {
            let started = Instant::now();
            let wanted: BTreeSet<&Formula> = pages
                .iter()
                .flat_map(|page| &page.formulas)
                .filter(|formula| sites.contains_key(*formula))
                .filter(|formula| !typeset.contains_key(&(formula.tex.clone(), formula.display)))
                .collect();
            let wanted: Vec<&Formula> = wanted.into_iter().collect();
            let (fresh, refusals) =
                typeset::typeset_these(&wanted, settings, (None, Need::Markup), tolerated.math);
            typeset_in_batches += fresh.len();
            typeset.extend(fresh);
            for (formula, error) in refusals {
                refused.entry(formula.clone()).or_insert(error);
            }
            typesetting += started.elapsed();
        }
        // A formula KaTeX refuses fails the build: the pages after it are not laid out.
        if tolerated.math || refused.is_empty() {
            let book = BookContext {
                typeset: &*typeset,
                ..*book
            };
            made.extend(lay_out(pages, &book, print_stream.as_ref(), keep_content));
        }
        if batches.is_some() {
            typeset.retain(|key, _| last_batch.get(key).is_some_and(|&last| last > at));
        }
        at += 1;
    }
    if let Some(sites) = &first_sites {
        let formula_problems = refused
            .iter()
            .map(|(formula, error)| typeset::formula_problem(&sites[formula], formula, error))
            .collect();
        tolerated.sort(formula_problems, FORMULA_KIND, &mut problems, &mut warnings);
        if !problems.is_empty() {
            return Err(problems);
        }
    }
    made.sort_unstable_by_key(|(index, _)| *index);
    for (index, page) in made {
        pages[index] = Some(Arc::new(page.map_err(|problem| vec![problem])?));
    }
    if let Some(problem) = print_problem {
        return Err(vec![problem]);
    }
    let print_streamed = match print_stream {
        Some(stream) => {
            stream.finish().map_err(|error| {
                vec![Diagnostic::io(format!(
                    "the site could not be written: cannot write {PRINT_PAGE}: {error}"
                ))]
            })?;
            true
        }
        None => false,
    };
    let pages = pages
        .into_iter()
        .map(|page| page.expect("every lesson was reused or laid out"))
        .collect();
    Ok(LaidOut {
        pages,
        warnings,
        print_streamed,
        typeset_in_batches,
        typesetting,
    })
}

/// Lays out `pages`, in parallel in their order, each handed to the print page's `stream`
/// when there is one as soon as it is laid out; its content is let go unless `keep_content`.
/// Returns each page by its lesson index, in no particular order.
fn lay_out(
    pages: Vec<Prepared<'_>>,
    book: &BookContext<'_>,
    stream: Option<&print_page::PrintStream<'_>>,
    keep_content: bool,
) -> Vec<(usize, Result<CachedPage, Diagnostic>)> {
    pages
        .into_iter()
        .par_bridge()
        .map(|page| {
            let index = page.index;
            let page = finish_page(page, book).map(|(_, mut page)| {
                if let Some(stream) = stream {
                    stream.take(index, &page.content, &page.content_formulas);
                }
                if !keep_content {
                    page.content = Arc::default();
                    page.content_formulas = Arc::new([]);
                }
                page
            });
            (index, page)
        })
        .collect()
}
