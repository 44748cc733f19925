//! Every distinct formula of the book typeset once, in parallel, with the cache's help; a
//! formula KaTeX refuses is reported where it first appears. `build` typesets a batch of pages'
//! formulas at a time ([`typeset_these`]), each batch just before it is laid out, and reports
//! the refused ones at their first places ([`first_sites`]) as [`typeset_formulas`] does.

use super::build_cache::FormulaCache;
use super::prepare::Prepared;
use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use crate::layout::math::{self, narrow, Formula, MathSettings, TypesetError};
use crate::layout::print::formula_mathml;
use pulldown_cmark::Event;
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

/// Where one formula appears, for error messages.
pub(super) struct FormulaSite<'a> {
    file: &'a SourceFile,
    span: Range<usize>,
}

pub(super) type Typeset = HashMap<(String, bool), String>;

/// What a build needs of its formulas.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Need {
    /// Their markup, for the pages.
    Markup,
    /// Only what KaTeX refuses (`worked import`'s trial): no markup, no narrow drawings, and
    /// the cache left alone.
    Problems,
}

/// Typesets every distinct formula of these pages once, in parallel, taking what `cache`
/// already holds from it and adding what it typesets. With `show_errors`, a formula KaTeX
/// rejects is still reported, and its page shows it as KaTeX shows errors. Under
/// [`MathSettings::mathml_only`] (`[math] output = "mathml"`) each formula's markup is its
/// `<math>` element as the print page shows it ([`formula_mathml`]), cut out of KaTeX's once
/// here, so every place a formula appears (content, contents, popovers) has the same; the cache
/// keeps KaTeX's markup as it was typeset.
pub(super) fn typeset_formulas(
    pages: &[Prepared<'_>],
    settings: &MathSettings,
    (cache, need): (Option<&mut FormulaCache>, Need),
    show_errors: bool,
) -> (Typeset, Vec<Diagnostic>) {
    let first_site = first_sites(pages);
    let formulas: Vec<&Formula> = first_site.keys().collect();
    let (typeset, refused) = typeset_these(&formulas, settings, (cache, need), show_errors);
    let problems = refused
        .into_iter()
        .map(|(formula, error)| formula_problem(&first_site[formula], formula, &error))
        .collect();
    (typeset, problems)
}

/// Where each formula of `pages` first appears (the pages in order), by formula: the place
/// its problem is reported at. A page's formulas from popovers are not among them: they are
/// another page's, and appear there.
pub(super) fn first_sites<'a>(pages: &[Prepared<'a>]) -> BTreeMap<Formula, FormulaSite<'a>> {
    let mut first_site = BTreeMap::new();
    for page in pages {
        let math_spans = page.events.iter().filter_map(|(event, span)| {
            matches!(event, Event::InlineMath(_) | Event::DisplayMath(_)).then_some(span)
        });
        for (formula, span) in page.formulas.iter().zip(math_spans) {
            if !first_site.contains_key(formula) {
                first_site.insert(
                    formula.clone(),
                    FormulaSite {
                        file: &page.lesson.source,
                        span: span.clone(),
                    },
                );
            }
        }
    }
    first_site
}

/// Typesets `formulas` (distinct, in order), taking what `cache` already holds from it and
/// adding what it typesets; returns their markup and, in order, those KaTeX refused. With
/// `show_errors`, a refused formula's markup shows it as KaTeX shows errors.
pub(super) fn typeset_these<'f>(
    formulas: &[&'f Formula],
    settings: &MathSettings,
    (mut cache, need): (Option<&mut FormulaCache>, Need),
    show_errors: bool,
) -> (Typeset, Vec<(&'f Formula, TypesetError)>) {
    if let Some(cache) = cache.as_deref_mut() {
        cache.prepare_for(settings);
    }
    // A long display formula also gets a line-broken drawing for narrow columns; it is
    // typeset (and cached) as a formula of its own. It is KaTeX's HTML only, so MathML
    // pages, which the browser draws, have none.
    let narrow: BTreeMap<&Formula, Formula> = formulas
        .iter()
        .filter(|formula| formula.display && need == Need::Markup && !settings.mathml_only)
        .filter_map(|&formula| {
            let tex = narrow::line_broken(&formula.tex)?;
            Some((formula, Formula { tex, display: true }))
        })
        .collect();
    // What each wanted formula came to, by its place in `wanted` (the book's formulas in
    // order, then the line-broken drawings): a vector, not a map keyed by formula, because this
    // runs on one thread: on the 1,000-lesson book this function's own work was 1.5 % of the
    // build's samples, with the other core idle, and most of it was hashing and rehashing
    // tens of thousands of formulas into a map built without its size.
    let wanted: Vec<&Formula> = formulas.iter().copied().chain(narrow.values()).collect();
    let mut done: Vec<Option<Result<String, TypesetError>>> = Vec::with_capacity(wanted.len());
    let (mut fresh, mut fresh_at) = (Vec::new(), Vec::new());
    for (at, &formula) in wanted.iter().enumerate() {
        match cache.as_deref().and_then(|cache| cache.get(formula)) {
            Some(html) => done.push(Some(Ok(html.clone()))),
            None => {
                done.push(None);
                fresh.push(formula);
                fresh_at.push(at);
            }
        }
    }
    let results = match need {
        Need::Markup => math::typeset_all(&fresh, settings),
        Need::Problems => {
            cache = None;
            let checked = math::check_all(&fresh, settings);
            checked
                .into_iter()
                .map(|checked| checked.map(|()| String::new()))
                .collect()
        }
    };
    for ((formula, at), result) in fresh.into_iter().zip(fresh_at).zip(results) {
        if let (Ok(html), Some(cache)) = (&result, cache.as_deref_mut()) {
            cache.insert(formula.clone(), html.clone());
        }
        done[at] = Some(result);
    }
    // Each formula's markup moves into the map rather than being copied (a large book's
    // formulas are tens of megabytes, and this runs on one thread); a line-broken drawing has
    // its own place in `done`, after the book's formulas, so it is still there when its wide
    // formula's turn comes.
    let broken_at: BTreeMap<&Formula, usize> = narrow
        .keys()
        .enumerate()
        .map(|(at, &formula)| (formula, formulas.len() + at))
        .collect();
    let mut typeset = HashMap::with_capacity(formulas.len());
    let mut refused = Vec::new();
    for (at, &formula) in formulas.iter().enumerate() {
        let Some(result) = done[at].take() else {
            continue;
        };
        let key = (formula.tex.clone(), formula.display);
        match result {
            Ok(html) => {
                let broken = broken_at
                    .get(formula)
                    .and_then(|&broken| done[broken].as_ref()?.as_ref().ok());
                let html = match broken {
                    _ if settings.mathml_only => formula_mathml(&html).into_owned(),
                    Some(broken) => narrow::with_narrow(&html, broken),
                    None => html,
                };
                typeset.insert(key, html);
            }
            Err(error) => {
                if show_errors {
                    typeset.insert(key, math::error_html(formula, &error.message));
                }
                refused.push((formula, error));
            }
        }
    }
    (typeset, refused)
}

/// Points at the character KaTeX complains about when the formula is as written in the file.
pub(super) fn formula_problem(
    site: &FormulaSite<'_>,
    formula: &Formula,
    error: &TypesetError,
) -> Diagnostic {
    let written = &site.file.text[site.span.clone()];
    let delimiter = if formula.display { 2 } else { 1 };
    let inner_start = site.span.start + delimiter;
    let as_written = written.get(delimiter..written.len().saturating_sub(delimiter))
        == Some(formula.tex.as_str());
    let span = match error.offset {
        Some(offset) if as_written && formula.tex.is_char_boundary(offset) => {
            let at = inner_start + offset;
            at..at
                + formula.tex[offset..]
                    .chars()
                    .next()
                    .map_or(0, char::len_utf8)
        }
        _ => site.span.clone(),
    };
    Diagnostic::at(
        site.file,
        span,
        format!("cannot typeset this formula: {}", error.message),
    )
    .with_help("fix the LaTeX; KaTeX supports the commands listed at katex.org/docs/supported")
}
