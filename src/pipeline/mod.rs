//! The build, stage by stage; the only module that knows their order.
//!
//! Load settings (with the book's math macros), theme, lessons and the files beside them →
//! leave drafts out unless previewing → order the book as a tree → parse each lesson's
//! Markdown once → number every label of the book (`crossrefs`) → expand example blocks,
//! references and cross-references into events → number headings → give each page copies of
//! the targets it refers to, for popovers → check and rewrite links between pages and files →
//! typeset the distinct formulas in parallel (all at once, or for `build` a batch of pages at a
//! time) → index the text for search → lay out pages with templates → a [`RenderedSite`] in
//! memory. Nothing here writes to disk: `build` gives a [`PageSink`] (`write`'s staging
//! folder) that takes each lesson page, and the print page a lesson at a time, as they are laid
//! out, then hands `write` the rest; `check` only reads the diagnostics.
//!
//! This file holds the order; each step it delegates has a file of its own, in the order they
//! run: `fingerprint` (may the cache's pages be reused?), `crossrefs` (labels before pages,
//! popovers after), `prepare` (one lesson to events), `typeset` (every distinct formula once;
//! for `build`, a batch of pages at a time just before they are laid out, so the book's
//! formulas' markup is never all held), `lay_out` (the fresh pages laid out in reading order, a
//! batch at a time, the print page written as they are), `pages` (lesson pages laid out;
//! `splice` says whether their template may be rendered around a marker for the content),
//! `furniture` (front page, 404, sitemap) and `assemble` (every output file in one
//! [`RenderedSite`]).

mod assemble;
mod bibliography_page;
pub mod build_cache;
mod crossrefs;
mod fingerprint;
mod furniture;
mod lay_out;
mod pages;
mod prepare;
mod print_page;
mod reserved;
mod splice;
mod tolerate;
mod typeset;

use crate::expand::evaluation_cache::{EvaluationCache, Evaluations};
pub use furniture::NOT_FOUND_PAGE;
pub use print_page::{PrintPage, PRINT_PAGE};
use tolerate::Tolerated;
pub use tolerate::{FORMULA_KIND, LINK_KIND};

use crate::base::diagnostics::Diagnostic;
use crate::book::contents;
use crate::book::keep_going::keep_going_problems;
use crate::expand::markdown::{self, Spanned};
use crate::expand::Unexpanded;
use crate::layout::math::{Formula, MathSettings};
use crate::layout::templating::Templates;
use crate::link::SiteIndex;
use crate::load::bibliography::load_bibliography;
use crate::load::config::{load_config, MathOutput};
use crate::load::content::{load_lessons, Lesson, LoadedLessons};
use crate::load::regular_file::CheckedFile;
use crate::load::theme::load_theme;
use build_cache::{reuse_or_make, BuildCache, CachedPage};
use crossrefs::BookLabels;
use fingerprint::book_fingerprint;
use lay_out::{lay_out_pages, LaidOut};
use pages::BookContext;
use prepare::{prepare_lesson, PageSoFar, Prepared};
use pulldown_cmark::{CowStr, Event, Tag};
use rayon::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use typeset::{typeset_formulas, Need, Typeset};

/// Every output file, by path relative to the output root (with `/` separators): what a build
/// makes, what `write` puts on disk, `check --site` compares and `serve` answers from.
#[derive(Debug, Clone, Default)]
pub struct RenderedSite {
    /// Relative path → file bytes. A `BTreeMap` keeps output order deterministic. The bytes
    /// are shared, so a `serve` rebuild hands on the pages it did not change without copying.
    pub files: BTreeMap<String, Arc<[u8]>>,
    /// The whole-book print page, when the book has one and the build did not stream it (then
    /// it is among [`RenderedSite::streamed`]): too large to hold whole, it is put together as
    /// it is written ([`RenderedSite::hold_print_page`] makes it a file like the others).
    pub print_page: Option<Arc<PrintPage>>,
    /// Relative path → the file beside the lessons it is copied from, file to file, when the
    /// site is written ([`RenderedSite::hold_copied_files`] reads them in among the others).
    pub copied: BTreeMap<String, CheckedFile>,
    /// Pages the build handed to a [`PageSink`] as it laid them out: part of the site, on
    /// disk already, not held here.
    pub streamed: BTreeSet<String>,
}

impl RenderedSite {
    /// Puts the print page together in memory, among the other files: for `serve` and
    /// `check --site`, which answer with or compare whole files.
    pub fn hold_print_page(&mut self) {
        if let Some(page) = self.print_page.take() {
            self.files
                .insert(PRINT_PAGE.to_string(), page.to_bytes().into());
        }
    }

    /// Reads the files the site copies into memory, among the others: for `check --site`,
    /// which compares whole files. Each is read through the same checks as when it was loaded.
    pub fn hold_copied_files(&mut self) -> Result<(), Vec<Diagnostic>> {
        let mut problems = Vec::new();
        for (path, file) in std::mem::take(&mut self.copied) {
            match file.read() {
                Ok(bytes) => {
                    self.files.insert(path, bytes.into());
                }
                Err(error) => problems.push(Diagnostic::general(format!(
                    "cannot read {}: {error}",
                    file.path.display()
                ))),
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }
}

/// Two sites are equal when they would write the same files.
impl PartialEq for RenderedSite {
    fn eq(&self, other: &Self) -> bool {
        let print = |site: &Self| site.print_page.as_ref().map(|page| page.to_bytes());
        self.files == other.files
            && self.copied == other.copied
            && self.streamed == other.streamed
            && print(self) == print(other)
    }
}

impl RenderedSite {
    /// Whether the site has a file at `path`, held or streamed.
    fn has(&self, path: &str) -> bool {
        self.files.contains_key(path) || self.streamed.contains(path)
    }

    /// The first path of the site, held or streamed, that starts with `prefix`.
    fn first_under(&self, prefix: &str) -> Option<String> {
        let held = self
            .files
            .range(prefix.to_string()..)
            .next()
            .map(|(path, _)| path);
        let streamed = self.streamed.range(prefix.to_string()..).next();
        held.into_iter()
            .chain(streamed)
            .filter(|path| path.starts_with(prefix))
            .min()
            .cloned()
    }

    /// Every path of the site but the print page's, held or streamed, in order.
    fn paths(&self) -> BTreeSet<&str> {
        self.files
            .keys()
            .chain(&self.streamed)
            .map(String::as_str)
            .filter(|&path| path != PRINT_PAGE)
            .collect()
    }
}

/// Where a build hands each lesson page the moment it is laid out, instead of keeping it in the
/// [`RenderedSite`]: `build` writes it into its staging folder (`crate::write::Staging`), so a
/// book's pages are never all in memory at once. Whatever happens after, the site stays
/// unpublished until every file is written.
pub trait PageSink: Sync {
    /// Takes the page at `path` (relative to the output root, `/`-separated), whose bytes are
    /// `pieces` one after the other (a lesson page comes as its template's frame with its
    /// content between, uncopied). An error (an [`Diagnostic::io`] one, when the disk refused)
    /// stops the build.
    fn put(&self, path: &str, pieces: &[&[u8]]) -> Result<(), Diagnostic>;

    /// Opens the file at `path` to be written a piece at a time, for a file too large to hand
    /// over whole (the print page, written as its lessons are laid out). The caller flushes it;
    /// a write that fails stops the build.
    fn open(&self, path: &str) -> Result<Box<dyn std::io::Write + Send + '_>, Diagnostic>;
}

/// A finished build, still in memory.
#[derive(Debug)]
pub struct Build {
    /// Every output file.
    pub site: RenderedSite,
    /// Problems that do not stop a build but fail `worked check`: numbers typed by hand, and
    /// the broken links and bad formulas `[check]` in `book.toml` downgrades (kinds
    /// [`LINK_KIND`] and [`FORMULA_KIND`]).
    pub warnings: Vec<Diagnostic>,
    /// Counts for the summary line.
    pub stats: BuildStats,
}

/// What a build did, for the one-line summary and the benchmark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildStats {
    /// Lessons in the book.
    pub lessons: usize,
    /// Lesson pages laid out by this build; the others came unchanged from the cache.
    pub pages_laid_out: usize,
    /// Examples evaluated by this build; the others' values came from an identical example
    /// (on any page, in this build or the one before).
    pub examples_evaluated: usize,
    /// Numbers of examples the typed-number check formatted to search them; those of an
    /// example whose evaluation was kept are formatted once, so a prose edit formats none.
    pub numbers_formatted: usize,
    /// Element operations the `[vary]` seeds of the exercises on the pages laid out need
    /// (runs kept from an earlier build counted too), which the book's bound caps.
    pub vary_work: u64,
    /// Formulas on all pages.
    pub formulas: usize,
    /// Distinct formulas typeset (identical ones are typeset once).
    pub distinct_formulas: usize,
    /// Draft lessons left out of the site.
    pub drafts_left_out: usize,
    /// Size of `search-index.js` in bytes.
    pub search_index_bytes: usize,
    /// Wall-clock time of each stage, so a benchmark can say where a build spends it.
    pub timings: StageTimings,
}

/// Wall-clock time per stage of [`build_site`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StageTimings {
    /// Settings, theme, templates and lessons read from disk.
    pub load: Duration,
    /// Markdown parsed, examples evaluated, references expanded, links checked.
    pub expand: Duration,
    /// Every distinct formula typeset.
    pub typeset: Duration,
    /// Pages laid out with templates, static files added.
    pub render: Duration,
}

/// How picky a build is about numbers that look typed by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strictness {
    /// `build`: report them as warnings and build anyway, so drafts can be previewed.
    Lenient,
    /// `check`: they are errors.
    Strict,
}

/// What happens to lessons marked `draft = true`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drafts {
    /// `build` and `check`: they are not part of the book, and linking to one is an error.
    LeaveOut,
    /// `serve`: they are pages like any other, marked as drafts.
    Show,
}

/// Builds the published book at `root` in memory (drafts left out), or returns every problem.
pub fn build_site(root: &Path, strictness: Strictness) -> Result<Build, Vec<Diagnostic>> {
    build_site_with(root, strictness, Drafts::LeaveOut, None)
}

/// [`build_site`], reusing and refilling `cache` when one is given.
pub fn build_site_cached(
    root: &Path,
    strictness: Strictness,
    cache: Option<&mut BuildCache>,
) -> Result<Build, Vec<Diagnostic>> {
    build_site_with(root, strictness, Drafts::LeaveOut, cache)
}

/// Builds the book at `root` in memory, with drafts left out or shown. With a `cache`, pages
/// whose lesson and book are unchanged and formulas typeset before are taken from it, and
/// what this build makes is added to it.
pub fn build_site_with(
    root: &Path,
    strictness: Strictness,
    drafts: Drafts,
    cache: Option<&mut BuildCache>,
) -> Result<Build, Vec<Diagnostic>> {
    build_until(root, strictness, drafts, cache, Finish::Site(None))
}

/// Builds the published book at `root` (drafts left out), handing each lesson page to `sink`
/// as it is laid out: the [`Build`]'s site holds every other file, and lists those pages in
/// [`RenderedSite::streamed`]. For `build`, which writes pages while the others are laid out.
pub fn build_site_into(
    root: &Path,
    strictness: Strictness,
    sink: &dyn PageSink,
) -> Result<Build, Vec<Diagnostic>> {
    build_until(
        root,
        strictness,
        Drafts::LeaveOut,
        None,
        Finish::Site(Some(sink)),
    )
}

/// Builds the book at `root` up to its formulas and no further (formulas checked, not drawn;
/// no layout, pages or search index): every problem and warning a build finds in the lessons,
/// their links and formulas, at a fraction of its cost. The [`Build`]'s site is empty. For
/// `worked import`'s trial build.
pub fn build_until_typeset(root: &Path, strictness: Strictness) -> Result<Build, Vec<Diagnostic>> {
    build_until(
        root,
        strictness,
        Drafts::LeaveOut,
        None,
        Finish::AfterTypesetting,
    )
}

/// How far a build goes.
#[derive(Clone, Copy)]
enum Finish<'s> {
    /// The whole site, its lesson pages handed to the sink when there is one.
    Site(Option<&'s dyn PageSink>),
    AfterTypesetting,
}

fn build_until(
    root: &Path,
    strictness: Strictness,
    drafts: Drafts,
    cache: Option<&mut BuildCache>,
    finish: Finish<'_>,
) -> Result<Build, Vec<Diagnostic>> {
    let mut timings = StageTimings::default();
    let mut stage_started = Instant::now();
    let mut lap = || {
        let now = Instant::now();
        let elapsed = now - stage_started;
        stage_started = now;
        elapsed
    };
    let mut build_evaluations = EvaluationCache::default();
    let (formula_cache, page_cache, evaluations, template_cache, furniture_cache) = match cache {
        Some(cache) => (
            Some(&mut cache.formulas),
            Some(&mut cache.pages),
            &mut cache.evaluations,
            Some(&mut cache.templates),
            Some(&mut cache.furniture),
        ),
        None => (None, None, &mut build_evaluations, None, None),
    };
    evaluations.start_build();
    let evaluations = &*evaluations;
    let evaluated_before = evaluations.evaluated();
    let formatted_before = evaluations.numbers_formatted();
    let config = load_config(root)?;
    let bibliography = load_bibliography(root, &config).map_err(|problem| vec![problem])?;
    let LoadedLessons {
        lessons: all_lessons,
        assets,
        mut problems,
    } = load_lessons(root);
    contents::forget_contents_file(&config, &mut problems);
    // A lesson that did not load may be the target of a keep-going slug or a link; checking
    // them now would report false problems in healthy lessons.
    let all_lessons_loaded = problems.is_empty();
    let theme = match load_theme(root) {
        Ok(theme) => theme,
        Err(theme_problems) => {
            problems.extend(theme_problems);
            return Err(problems);
        }
    };
    problems.extend(reserved::lessons_on_generated_names(&all_lessons));
    problems.extend(reserved::files_on_generated_names(
        &theme.static_files,
        "static/",
    ));
    problems.extend(reserved::files_on_generated_names(&assets, "content/"));
    let templates_key = {
        let mut hasher = DefaultHasher::new();
        theme.templates.hash(&mut hasher);
        hasher.finish()
    };
    // A build that stops after typesetting lays out no page and compiles no template.
    let templates = match finish {
        Finish::AfterTypesetting => None,
        Finish::Site(_) => match reuse_or_make(template_cache, templates_key, || {
            Templates::new(&theme.templates)
        }) {
            Ok(templates) => Some(templates),
            Err(problem) => {
                problems.push(problem);
                return Err(problems);
            }
        },
    };
    let (lessons, left_out): (Vec<Lesson>, Vec<Lesson>) = all_lessons
        .into_iter()
        .partition(|lesson| drafts == Drafts::Show || !lesson.draft);
    let tree = contents::book_tree(root, &config, &lessons, &left_out, &mut problems);
    let parsed: Vec<Vec<Spanned<'_>>> = lessons
        .par_iter()
        .map(|lesson| markdown::parse(&lesson.source.text, lesson.body.clone()))
        .collect();
    let (labels, label_problems) = BookLabels::collect(&lessons, &parsed, &tree);
    problems.extend(label_problems);
    let fingerprint = {
        let mut hasher = DefaultHasher::new();
        (
            book_fingerprint(&config, &theme, &lessons, &assets, drafts),
            &tree,
            &labels.table,
            bibliography
                .as_ref()
                .map(|bibliography| (&bibliography.file.text, &bibliography.style_text)),
        )
            .hash(&mut hasher);
        hasher.finish()
    };
    let reused: Vec<Option<Arc<CachedPage>>> = lessons
        .iter()
        .map(|lesson| {
            page_cache
                .as_deref()
                .and_then(|cache| cache.get(fingerprint, &lesson.page(), &lesson.source.text))
        })
        .collect();
    timings.load = lap();
    if all_lessons_loaded {
        problems.extend(keep_going_problems(&lessons, &left_out));
    }

    let budget = crate::expand::value_budget::ValueBudget::default();
    let prepare = |index: usize, events| {
        let lesson = &lessons[index];
        let labels = labels.for_page(index, lesson);
        prepare_lesson(
            index,
            lesson,
            events,
            &config,
            Evaluations {
                budget: &budget,
                cache: evaluations,
            },
            &labels,
            bibliography.as_ref(),
        )
    };
    let prepared: Vec<Result<Prepared<'_>, Unexpanded>> = parsed
        .into_par_iter()
        .enumerate()
        .filter(|(index, _)| reused[*index].is_none())
        .map(|(index, events)| prepare(index, events))
        .collect();
    let mut pages_so_far = Vec::new();
    // A page that fails still has its typed numbers reported, in the same pass.
    let mut typed_numbers_of_failed = Vec::new();
    for page in prepared {
        match page {
            Ok(page) => pages_so_far.push(PageSoFar::Fresh(Box::new(page))),
            Err(failed) => {
                problems.extend(failed.problems);
                typed_numbers_of_failed.extend(failed.typed_numbers);
            }
        }
    }
    // From here on, pages are visited in the book's file order whether fresh or cached, so a
    // cached build reports exactly what a fresh one would, in the same order.
    pages_so_far.extend(
        reused
            .into_iter()
            .enumerate()
            .filter_map(|(index, page)| page.map(|page| PageSoFar::Cached(index, page))),
    );
    pages_so_far.sort_by_key(PageSoFar::index);
    // A cached page whose references' targets changed on another page is made again.
    let stale = crossrefs::place_popovers(&mut pages_so_far);
    for &index in &stale {
        let lesson = &lessons[index];
        let events = markdown::parse(&lesson.source.text, lesson.body.clone());
        let at = pages_so_far.iter().position(|page| page.index() == index);
        match (prepare(index, events), at) {
            (Ok(page), Some(at)) => pages_so_far[at] = PageSoFar::Fresh(Box::new(page)),
            (Err(failed), _) => problems.extend(failed.problems),
            (Ok(_), None) => {}
        }
    }
    if !stale.is_empty() {
        crossrefs::place_popovers(&mut pages_so_far);
    }
    let book_order: Vec<&str> = lessons
        .iter()
        .map(|lesson| lesson.source.path.as_str())
        .collect();
    problems.extend(budget.first_over(&book_order));
    let typed_numbers = pages_so_far
        .iter()
        .flat_map(|page| match page {
            PageSoFar::Fresh(page) => page.typed_numbers.iter().cloned(),
            PageSoFar::Cached(_, page) => page.typed_numbers.iter().cloned(),
        })
        .chain(typed_numbers_of_failed);
    let mut warnings = match strictness {
        Strictness::Lenient => typed_numbers.collect(),
        Strictness::Strict => {
            problems.extend(typed_numbers);
            Vec::new()
        }
    };
    warnings.extend(
        bibliography
            .iter()
            .flat_map(|bibliography| bibliography.warnings.iter().cloned()),
    );

    let files: BTreeSet<String> = assets
        .keys()
        .chain(theme.static_files.keys())
        .cloned()
        .collect();
    let mut site_index = SiteIndex::new(&lessons, &left_out, files, all_lessons_loaded);
    for page in &pages_so_far {
        let headings = match page {
            PageSoFar::Fresh(page) => page.headings.clone(),
            PageSoFar::Cached(_, page) => page.headings.clone(),
        };
        site_index.add_headings(page.index(), headings);
    }
    let tolerated = Tolerated::new(config.check, strictness);
    for page in &mut pages_so_far {
        match page {
            PageSoFar::Fresh(page) => {
                let (rewrites, link_problems) = site_index.check(page.index, &page.targets);
                tolerated.sort(link_problems, LINK_KIND, &mut problems, &mut warnings);
                for (event, url) in rewrites {
                    if let Event::Start(Tag::Link { dest_url, .. }) = &mut page.events[event].0 {
                        *dest_url = CowStr::from(url);
                    }
                }
            }
            // Its links are rewritten already, but what they point to may have gone since.
            PageSoFar::Cached(index, page) => {
                let link_problems = site_index.check(*index, &page.targets).1;
                tolerated.sort(link_problems, LINK_KIND, &mut problems, &mut warnings);
            }
        }
    }
    // Fresh pages go on to typesetting and layout; cached ones wait, by index, to be written.
    let mut ready = Vec::new();
    let mut pages: Vec<Option<Arc<CachedPage>>> = vec![None; lessons.len()];
    for page in pages_so_far {
        match page {
            PageSoFar::Fresh(page) => ready.push(*page),
            PageSoFar::Cached(index, page) => pages[index] = Some(page),
        }
    }
    let math_settings = MathSettings {
        macros: config.macros.clone(),
        mathml_only: config.math_output == MathOutput::Mathml,
    };
    timings.expand = lap();
    let need = match finish {
        Finish::Site(_) => Need::Markup,
        Finish::AfterTypesetting => Need::Problems,
    };
    // `build` (a sink, no cache) typesets its formulas a batch of pages at a time, each batch
    // just before it is laid out (see `lay_out::TYPESET_BATCH`); its problems are reported when
    // every batch is typeset, exactly as when they are typeset at once here. A build with
    // problems already gets them all now.
    let batched =
        matches!(finish, Finish::Site(Some(_))) && formula_cache.is_none() && problems.is_empty();
    let (mut typeset, formula_problems) = if batched {
        (Typeset::new(), Vec::new())
    } else {
        typeset_formulas(
            &ready,
            &math_settings,
            (formula_cache, need),
            tolerated.math,
        )
    };
    timings.typeset = lap();
    tolerated.sort(formula_problems, FORMULA_KIND, &mut problems, &mut warnings);
    if !problems.is_empty() {
        return Err(problems);
    }
    let formulas = ready
        .iter()
        .map(|page| page.formulas.len())
        .chain(pages.iter().flatten().map(|page| page.formulas.len()))
        .sum();
    // Templates are compiled exactly when the build lays out pages (above).
    let Some(templates) = templates else {
        return Ok(Build {
            site: RenderedSite::default(),
            warnings,
            stats: BuildStats {
                lessons: lessons.len(),
                pages_laid_out: 0,
                examples_evaluated: evaluations.evaluated() - evaluated_before,
                numbers_formatted: evaluations.numbers_formatted() - formatted_before,
                vary_work: evaluations.vary_work(),
                formulas,
                distinct_formulas: typeset.len(),
                drafts_left_out: left_out.len(),
                search_index_bytes: 0,
                timings,
            },
        });
    };
    // Without cached pages, the typeset formulas are exactly the distinct ones on the pages
    // (when typeset in batches, counted as they are).
    let mut distinct_formulas = if pages.iter().all(Option::is_none) {
        typeset.len()
    } else {
        let on_pages = ready
            .iter()
            .map(|page| &page.formulas)
            .chain(pages.iter().flatten().map(|page| &page.formulas));
        on_pages.flatten().collect::<HashSet<&Formula>>().len()
    };

    let sink = match finish {
        Finish::Site(sink) => sink,
        Finish::AfterTypesetting => None,
    };
    let no_formulas = Typeset::new();
    let book = BookContext {
        lessons: &lessons,
        tree: &tree,
        config: &config,
        templates: &templates,
        // Each batch of pages is laid out with the formulas typeset for it (`lay_out`).
        typeset: &no_formulas,
        bibliography: bibliography.as_ref(),
        front: pages::front_chapter(&config, &tree),
        // Each page is written as it is laid out, from the buffer it is rendered in, and its
        // bytes let go: the site only lists it.
        sink,
        splice_content: splice::splices_content(&theme.templates),
    };
    let pages_laid_out = ready.len();
    let LaidOut {
        pages,
        warnings: formula_warnings,
        print_streamed,
        typeset_in_batches,
        typesetting,
    } = lay_out_pages(
        ready,
        pages,
        &book,
        &mut typeset,
        batched.then_some(&math_settings),
        &tolerated,
        page_cache.is_some(),
    )?;
    warnings.extend(formula_warnings);
    distinct_formulas += typeset_in_batches;

    let furniture = reuse_or_make(furniture_cache, fingerprint, || {
        assemble::furniture(&book).map_err(|problem| vec![problem])
    })?;
    let (site, search_index_bytes) = assemble::assemble_site(
        &book,
        (&pages, sink.is_some(), print_streamed),
        &furniture,
        theme.static_files,
        assets,
    )?;
    let pages_to_free = match page_cache {
        Some(cache) => {
            let by_page = lessons
                .iter()
                .zip(pages)
                .map(|(lesson, page)| (lesson.page(), page))
                .collect();
            cache.replace(fingerprint, by_page);
            Vec::new()
        }
        None => pages,
    };
    // Every typeset formula and laid-out page is a separate allocation: they are freed on a
    // worker thread instead of while the caller waits to write the site.
    rayon::spawn(move || drop((typeset, pages_to_free)));
    // Batches typeset while pages were laid out: their time is the typesetting's.
    timings.render = lap().saturating_sub(typesetting);
    timings.typeset += typesetting;

    Ok(Build {
        site,
        warnings,
        stats: BuildStats {
            lessons: lessons.len(),
            pages_laid_out,
            examples_evaluated: evaluations.evaluated() - evaluated_before,
            numbers_formatted: evaluations.numbers_formatted() - formatted_before,
            vary_work: evaluations.vary_work(),
            formulas,
            distinct_formulas,
            drafts_left_out: left_out.len(),
            search_index_bytes,
            timings,
        },
    })
}
