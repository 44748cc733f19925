//! Every distinct formula of the book typeset once, in parallel, with the cache's help; a
//! formula KaTeX refuses is reported where it first appears.

use super::build_cache::FormulaCache;
use super::prepare::Prepared;
use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use crate::layout::math::{self, Formula, MathSettings, TypesetError};
use pulldown_cmark::Event;
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

/// Where one formula appears, for error messages.
struct FormulaSite<'a> {
    file: &'a SourceFile,
    span: Range<usize>,
}

pub(super) type Typeset = HashMap<(String, bool), String>;

/// Typesets every distinct formula of these pages once, in parallel, taking what `cache`
/// already holds from it and adding what it typesets.
pub(super) fn typeset_formulas(
    pages: &[Prepared<'_>],
    settings: &MathSettings,
    mut cache: Option<&mut FormulaCache>,
) -> (Typeset, Vec<Diagnostic>) {
    let mut first_site: BTreeMap<&Formula, FormulaSite<'_>> = BTreeMap::new();
    for page in pages {
        let math_spans = page.events.iter().filter_map(|(event, span)| {
            matches!(event, Event::InlineMath(_) | Event::DisplayMath(_)).then_some(span)
        });
        for (formula, span) in page.formulas.iter().zip(math_spans) {
            first_site.entry(formula).or_insert(FormulaSite {
                file: &page.lesson.source,
                span: span.clone(),
            });
        }
    }
    if let Some(cache) = cache.as_deref_mut() {
        cache.prepare_for(settings);
    }
    let mut typeset = HashMap::with_capacity(first_site.len());
    let mut fresh = Vec::new();
    for &formula in first_site.keys() {
        match cache.as_deref().and_then(|cache| cache.get(formula)) {
            Some(html) => {
                typeset.insert((formula.tex.clone(), formula.display), html.clone());
            }
            None => fresh.push(formula),
        }
    }
    let results = math::typeset_all(&fresh, settings);
    let mut problems = Vec::new();
    for (formula, result) in fresh.into_iter().zip(results) {
        match result {
            Ok(html) => {
                if let Some(cache) = cache.as_deref_mut() {
                    cache.insert(formula.clone(), html.clone());
                }
                typeset.insert((formula.tex.clone(), formula.display), html);
            }
            Err(error) => {
                let site = &first_site[formula];
                problems.push(formula_problem(site, formula, &error));
            }
        }
    }
    (typeset, problems)
}

/// Points at the character KaTeX complains about when the formula is as written in the file.
fn formula_problem(site: &FormulaSite<'_>, formula: &Formula, error: &TypesetError) -> Diagnostic {
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
