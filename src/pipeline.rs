//! The build, stage by stage; the only module that knows their order.
//!
//! Load settings (with the book's math macros), theme, lessons and the files beside them →
//! leave drafts out unless previewing → order the book as a tree → parse each lesson's
//! Markdown once → expand example blocks and references into events → number headings →
//! check and rewrite links between pages and files → typeset all distinct formulas in
//! parallel → index the text for search → lay out pages with templates → a [`RenderedSite`]
//! in memory. Nothing here writes to disk: `build` hands the result to `site_writer`, `check`
//! only reads the diagnostics.

use crate::build_cache::{BuildCache, CachedPage, FormulaCache};
use crate::config::{load_macros_file, BookConfig, CONFIG_FILE};
use crate::content::{load_lessons, Lesson, LoadedLessons};
use crate::diagnostics::Diagnostic;
use crate::expand::expand_lesson;
use crate::links::{relative_url, SiteIndex};
use crate::markdown::{self, LocalTarget, Spanned, TocEntry};
use crate::math::{self, Formula, MathSettings, TypesetError};
use crate::navigation::{self, root_prefix, BookTree, Crumb, Entry, Section};
use crate::present::table::escape_html;
use crate::search::{self, IndexedSection};
use crate::site_writer::RenderedSite;
use crate::source::SourceFile;
use crate::templating::{PageContext, Templates};
use crate::theme::{load_theme, Theme};
use pulldown_cmark::{CowStr, Event, Tag};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A finished build, still in memory.
#[derive(Debug)]
pub struct Build {
    /// Every output file.
    pub site: RenderedSite,
    /// Problems that do not stop a build but fail `worked check` (numbers typed by hand).
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
    let mut timings = StageTimings::default();
    let mut stage_started = Instant::now();
    let mut lap = || {
        let now = Instant::now();
        let elapsed = now - stage_started;
        stage_started = now;
        elapsed
    };
    let (formula_cache, page_cache) = match cache {
        Some(cache) => (Some(&mut cache.formulas), Some(&mut cache.pages)),
        None => (None, None),
    };
    let config = load_config(root)?;
    let LoadedLessons {
        lessons: all_lessons,
        assets,
        mut problems,
    } = load_lessons(root);
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
    problems.extend(crate::reserved::files_on_generated_names(
        &theme.static_files,
        "static/",
    ));
    problems.extend(crate::reserved::files_on_generated_names(
        &assets, "content/",
    ));
    let templates = match Templates::new(&theme.templates) {
        Ok(templates) => templates,
        Err(problem) => {
            problems.push(problem);
            return Err(problems);
        }
    };
    let (lessons, left_out): (Vec<Lesson>, Vec<Lesson>) = all_lessons
        .into_iter()
        .partition(|lesson| drafts == Drafts::Show || !lesson.draft);
    let tree = BookTree::new(&lessons);
    let fingerprint = book_fingerprint(&config, &theme, &lessons, &assets, drafts);
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

    let prepared: Vec<Result<Prepared<'_>, Vec<Diagnostic>>> = lessons
        .par_iter()
        .enumerate()
        .filter(|(index, _)| reused[*index].is_none())
        .map(|(index, lesson)| prepare_lesson(index, lesson, config.decimals))
        .collect();
    let mut pages_so_far = Vec::new();
    for page in prepared {
        match page {
            Ok(page) => pages_so_far.push(PageSoFar::Fresh(page)),
            Err(found) => problems.extend(found),
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
    let typed_numbers = pages_so_far.iter().flat_map(|page| match page {
        PageSoFar::Fresh(page) => page.typed_numbers.iter().cloned(),
        PageSoFar::Cached(_, page) => page.typed_numbers.iter().cloned(),
    });
    let warnings = match strictness {
        Strictness::Lenient => typed_numbers.collect(),
        Strictness::Strict => {
            problems.extend(typed_numbers);
            Vec::new()
        }
    };

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
    for page in &mut pages_so_far {
        match page {
            PageSoFar::Fresh(page) => {
                let (rewrites, link_problems) = site_index.check(page.index, &page.targets);
                problems.extend(link_problems);
                for (event, url) in rewrites {
                    if let Event::Start(Tag::Link { dest_url, .. }) = &mut page.events[event].0 {
                        *dest_url = CowStr::from(url);
                    }
                }
            }
            // Its links are rewritten already, but what they point to may have gone since.
            PageSoFar::Cached(index, page) => {
                problems.extend(site_index.check(*index, &page.targets).1);
            }
        }
    }
    // Fresh pages go on to typesetting and layout; cached ones wait, by index, to be written.
    let mut ready = Vec::new();
    let mut pages: Vec<Option<Arc<CachedPage>>> = vec![None; lessons.len()];
    for page in pages_so_far {
        match page {
            PageSoFar::Fresh(page) => ready.push(page),
            PageSoFar::Cached(index, page) => pages[index] = Some(page),
        }
    }
    let math_settings = MathSettings {
        macros: config.macros.clone(),
    };
    timings.expand = lap();
    let (typeset, formula_problems) = typeset_formulas(&ready, &math_settings, formula_cache);
    timings.typeset = lap();
    problems.extend(formula_problems);
    if !problems.is_empty() {
        return Err(problems);
    }
    let formulas = ready
        .iter()
        .map(|page| page.formulas.len())
        .chain(pages.iter().flatten().map(|page| page.formulas.len()))
        .sum();
    // Without cached pages, the typeset formulas are exactly the distinct ones on the pages.
    let distinct_formulas = if pages.iter().all(Option::is_none) {
        typeset.len()
    } else {
        let on_pages = ready
            .iter()
            .map(|page| &page.formulas)
            .chain(pages.iter().flatten().map(|page| &page.formulas));
        on_pages.flatten().collect::<HashSet<&Formula>>().len()
    };

    let book = BookContext {
        lessons: &lessons,
        tree: &tree,
        config: &config,
        templates: &templates,
        typeset: &typeset,
    };
    let pages_laid_out = ready.len();
    let made: Vec<Result<(usize, CachedPage), Diagnostic>> = ready
        .into_par_iter()
        .map(|page| finish_page(page, &book))
        .collect();
    for page in made {
        let (index, page) = page.map_err(|problem| vec![problem])?;
        pages[index] = Some(Arc::new(page));
    }
    let pages: Vec<Arc<CachedPage>> = pages
        .into_iter()
        .map(|page| page.expect("every lesson was reused or laid out"))
        .collect();

    let search_index = {
        let mut in_order: Vec<(usize, &CachedPage)> = pages
            .iter()
            .enumerate()
            .map(|(index, page)| (tree.position(index).unwrap_or(usize::MAX), &**page))
            .collect();
        in_order.sort_by_key(|(position, _)| *position);
        let sections: Vec<&IndexedSection> =
            in_order.iter().flat_map(|(_, page)| &page.search).collect();
        search::index_script(&sections)
    };
    let mut site = RenderedSite::default();
    for (lesson, page) in lessons.iter().zip(&pages) {
        site.files.insert(lesson.page(), Arc::clone(&page.html));
    }
    if tree.root.page.is_none() {
        let index = render_index_page(&book).map_err(|problem| vec![problem])?;
        site.files
            .insert("index.html".to_string(), index.into_bytes().into());
    }
    let not_found = render_not_found_page(&book).map_err(|problem| vec![problem])?;
    site.files
        .insert(NOT_FOUND_PAGE.to_string(), not_found.into_bytes().into());
    if let Some(sitemap) = sitemap_xml(&config, &site) {
        site.files
            .insert(SITEMAP_FILE.to_string(), sitemap.into_bytes().into());
    }
    let search_index_bytes = search_index.len();
    let mut extra_files = theme.static_files;
    extra_files.insert(search::INDEX_FILE.to_string(), search_index.into_bytes());
    extra_files.insert(
        navigation::TOC_FILE.to_string(),
        tree.toc_script(&lessons).into_bytes(),
    );
    add_files(&mut site, extra_files, "static/", &lessons)?;
    add_files(&mut site, assets, "content/", &lessons)?;
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
    timings.render = lap();

    Ok(Build {
        site,
        warnings,
        stats: BuildStats {
            lessons: lessons.len(),
            pages_laid_out,
            formulas,
            distinct_formulas,
            drafts_left_out: left_out.len(),
            search_index_bytes,
            timings,
        },
    })
}

/// A hash of everything outside a lesson's own file that its page shows or depends on: the
/// settings (macros included), whether drafts are shown, the templates, the names of static
/// files and assets (links are checked against them), and every lesson's place, title,
/// summary, weight and keep-going list (previous and next links, breadcrumbs, cards). A cached
/// page is reused only while this is unchanged. Keep it in step with [`render_lesson_page`]:
/// the destructuring below fails to compile when a field is added, so that it is considered.
fn book_fingerprint(
    config: &BookConfig,
    theme: &Theme,
    lessons: &[Lesson],
    assets: &BTreeMap<String, Vec<u8>>,
    drafts: Drafts,
) -> u64 {
    let mut hasher = DefaultHasher::new();
    let BookConfig {
        title,
        description,
        author,
        language,
        decimals,
        base_url,
        macros,
        macros_file,
    } = config;
    (
        title,
        description,
        author,
        language,
        decimals,
        base_url,
        macros,
    )
        .hash(&mut hasher);
    macros_file.as_ref().map(|(name, _)| name).hash(&mut hasher);
    (drafts == Drafts::Show).hash(&mut hasher);
    theme.templates.hash(&mut hasher);
    theme
        .static_files
        .keys()
        .for_each(|name| name.hash(&mut hasher));
    assets.keys().for_each(|name| name.hash(&mut hasher));
    lessons.len().hash(&mut hasher);
    for lesson in lessons {
        let Lesson {
            source,
            slug,
            folder,
            section,
            draft,
            title,
            weight,
            summary,
            keep_going,
            body: _,
        } = lesson;
        (
            &source.path,
            slug,
            folder,
            section,
            draft,
            title,
            weight,
            summary,
        )
            .hash(&mut hasher);
        keep_going.len().hash(&mut hasher);
        keep_going
            .iter()
            .for_each(|(name, _)| name.hash(&mut hasher));
    }
    hasher.finish()
}

/// `book.toml` and the macros file it names.
fn load_config(root: &Path) -> Result<BookConfig, Vec<Diagnostic>> {
    let defaults = BookConfig::defaults_for(root);
    let path = root.join(CONFIG_FILE);
    let file =
        match crate::regular_file::read_regular_text(&path, crate::regular_file::MAX_TEXT_BYTES) {
            Ok(text) => SourceFile::new(CONFIG_FILE, text),
            Err(error) if error.is_not_found() => return Ok(defaults),
            Err(error) => {
                return Err(vec![Diagnostic::io(format!(
                    "cannot read {CONFIG_FILE}: {error}"
                ))])
            }
        };
    let mut config = BookConfig::parse(&file, defaults).map_err(|problem| vec![problem])?;
    load_macros_file(root, &file, &mut config)?;
    Ok(config)
}

/// Every keep-going entry must name a published lesson of this book: a bare slug names a
/// lesson in the same folder, else the one lesson anywhere with that slug; `part/chapter`
/// names a lesson by its folder and slug from `content/` (a section by its folder alone).
fn keep_going_problems(lessons: &[Lesson], left_out: &[Lesson]) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for lesson in lessons {
        for (name, span) in &lesson.keep_going {
            let problem = match resolve_keep_going(lesson, name, lessons) {
                Ok(_) => continue,
                Err(problem) => problem,
            };
            let (message, help) = if resolve_keep_going(lesson, name, left_out).is_ok() {
                (
                    format!("\"{name}\" is a draft"),
                    "drafts are left out of the published book; remove `draft = true` there, or this entry".to_string(),
                )
            } else {
                problem
            };
            problems.push(
                Diagnostic::at(&lesson.source, span.clone(), message)
                    .with_label("listed in keep_going")
                    .with_help(help),
            );
        }
    }
    problems
}

/// The lesson a keep-going entry of `from` names (see [`keep_going_problems`]).
fn resolve_keep_going<'a>(
    from: &Lesson,
    name: &str,
    lessons: &'a [Lesson],
) -> Result<&'a Lesson, (String, String)> {
    if name.contains('/') {
        return lessons
            .iter()
            .find(|lesson| lesson.book_path() == name.trim_matches('/'))
            .ok_or_else(|| {
                (
                    format!("no lesson is at \"{name}\""),
                    "write a lesson's folder and slug from content/, e.g. \"background/fields\""
                        .to_string(),
                )
            });
    }
    if let Some(sibling) = lessons
        .iter()
        .find(|lesson| !lesson.section && lesson.folder == from.folder && lesson.slug == name)
    {
        return Ok(sibling);
    }
    let matches: Vec<&Lesson> = lessons
        .iter()
        .filter(|lesson| !lesson.section && lesson.slug == name)
        .collect();
    match matches.as_slice() {
        [one] => Ok(one),
        [] => {
            let slugs: Vec<String> = lessons.iter().map(Lesson::book_path).collect();
            Err((
                format!("no lesson has the slug \"{name}\""),
                format!("lessons in this book: {}", slugs.join(", ")),
            ))
        }
        several => {
            let paths: Vec<String> = several.iter().map(|lesson| lesson.book_path()).collect();
            Err((
                format!("several lessons have the slug \"{name}\""),
                format!("name one by its folder: {}", paths.join(", ")),
            ))
        }
    }
}

/// A lesson on its way to a page: prepared in this build, or taken whole from the cache.
enum PageSoFar<'a> {
    Fresh(Prepared<'a>),
    /// Its index among the published lessons, and the page.
    Cached(usize, Arc<CachedPage>),
}

impl PageSoFar<'_> {
    fn index(&self) -> usize {
        match self {
            PageSoFar::Fresh(page) => page.index,
            PageSoFar::Cached(index, _) => *index,
        }
    }
}

/// A lesson between parsing and typesetting: its events, headings and page needs.
struct Prepared<'a> {
    /// Every formula of the page, in order.
    formulas: Vec<Formula>,
    /// Index into the published lessons.
    index: usize,
    lesson: &'a Lesson,
    events: Vec<Spanned<'a>>,
    toc: Vec<TocEntry>,
    /// The page's headings (id, text), for links into it.
    headings: Vec<(String, String)>,
    scripts: Vec<&'static str>,
    stylesheets: Vec<&'static str>,
    typed_numbers: Vec<Diagnostic>,
    /// Links and images inside the book, checked once every page is known.
    targets: Vec<LocalTarget>,
}

fn prepare_lesson(
    index: usize,
    lesson: &Lesson,
    decimals: usize,
) -> Result<Prepared<'_>, Vec<Diagnostic>> {
    let events = markdown::parse(&lesson.source.text, lesson.body.clone());
    let expanded = expand_lesson(lesson, events, decimals)?;
    let mut events = expanded.events;
    let toc = markdown::heading_ids(&mut events);
    let headings = markdown::headings(&events);
    let targets = markdown::local_targets(&lesson.source.text, &events);
    let formulas = events
        .iter()
        .filter_map(|(event, _)| match event {
            Event::InlineMath(tex) => Some((tex, false)),
            Event::DisplayMath(tex) => Some((tex, true)),
            _ => None,
        })
        .map(|(tex, display)| Formula {
            tex: tex.to_string(),
            display,
        })
        .collect();
    Ok(Prepared {
        formulas,
        index,
        lesson,
        targets,
        events,
        toc,
        headings,
        scripts: expanded.scripts,
        stylesheets: expanded.stylesheets.into_iter().collect(),
        typed_numbers: expanded.typed_numbers,
    })
}

/// Where one formula appears, for error messages.
struct FormulaSite<'a> {
    file: &'a SourceFile,
    span: Range<usize>,
}

type Typeset = HashMap<(String, bool), String>;

/// Typesets every distinct formula of these pages once, in parallel, taking what `cache`
/// already holds from it and adding what it typesets.
fn typeset_formulas(
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

/// What every page of one build shares.
struct BookContext<'a> {
    lessons: &'a [Lesson],
    tree: &'a BookTree,
    config: &'a BookConfig,
    templates: &'a Templates,
    typeset: &'a Typeset,
}

#[derive(Serialize)]
struct LessonPage<'a> {
    lesson: LessonFields<'a>,
    toc: Vec<TocEntry>,
    keep_going: Vec<LessonLink<'a>>,
    /// For a section page: its chapters and sub-sections, in reading order.
    children: Vec<LessonLink<'a>>,
    breadcrumbs: Vec<Crumb>,
    /// Where the page stands in reading order: `number` of `total`, from 1.
    position: Position,
    #[serde(skip_serializing_if = "Option::is_none")]
    previous: Option<LessonLink<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<LessonLink<'a>>,
}

#[derive(Serialize)]
struct Position {
    number: usize,
    total: usize,
}

#[derive(Serialize)]
struct LessonFields<'a> {
    slug: &'a str,
    title: &'a str,
    summary: &'a str,
    content: String,
    section: bool,
    draft: bool,
}

#[derive(Serialize)]
struct LessonLink<'a> {
    slug: &'a str,
    title: &'a str,
    summary: &'a str,
    /// Relative to the page that shows the link.
    url: String,
}

impl<'a> LessonLink<'a> {
    /// A link to `lesson` from a page in `folder`.
    fn to(lesson: &'a Lesson, folder: &str) -> Self {
        LessonLink {
            slug: &lesson.slug,
            title: &lesson.title,
            summary: &lesson.summary,
            url: relative_url(folder, &lesson.page()),
        }
    }

    /// A card for one entry of a section: a chapter, or a sub-section by its section page
    /// (its first page in reading order when it has none).
    fn entry(entry: &'a Entry, lessons: &'a [Lesson], folder: &str) -> Option<Self> {
        match entry {
            Entry::Chapter(index) => Some(LessonLink::to(&lessons[*index], folder)),
            Entry::Section(section) => {
                let first = section.page.or_else(|| first_page(section))?;
                let lesson = &lessons[first];
                Some(LessonLink {
                    slug: section.folder.rsplit('/').next().unwrap_or_default(),
                    title: &section.title,
                    summary: section
                        .page
                        .map_or("", |page| lessons[page].summary.as_str()),
                    url: relative_url(folder, &lesson.page()),
                })
            }
        }
    }
}

fn first_page(section: &Section) -> Option<usize> {
    section.page.or_else(|| {
        section.children.iter().find_map(|entry| match entry {
            Entry::Chapter(index) => Some(*index),
            Entry::Section(child) => first_page(child),
        })
    })
}

/// The section of `folder` in the tree.
fn find_section<'a>(section: &'a Section, folder: &str) -> Option<&'a Section> {
    if section.folder == folder {
        return Some(section);
    }
    section.children.iter().find_map(|entry| match entry {
        Entry::Section(child) => find_section(child, folder),
        Entry::Chapter(_) => None,
    })
}

#[derive(Serialize)]
struct IndexPage<'a> {
    /// Every lesson in reading order.
    lessons: Vec<LessonLink<'a>>,
    /// The top level of the book: chapters and parts, each part with its own entries.
    contents: Vec<IndexEntry<'a>>,
    /// The book's entry point: its first chapter in reading order. Section pages are left out,
    /// because a part's page introduces lessons rather than teaching, so a book whose first part
    /// has one still starts readers on its first real lesson.
    start: Option<LessonLink<'a>>,
}

#[derive(Serialize)]
struct IndexEntry<'a> {
    #[serde(flatten)]
    card: LessonLink<'a>,
    children: Vec<LessonLink<'a>>,
    /// For a top-level folder, its number among the top-level folders (from 1): the front page
    /// calls it "Part N". `None` for a top-level chapter.
    part: Option<usize>,
}

/// Lays out a freshly prepared lesson and keeps what later builds need to reuse it.
fn finish_page(
    mut page: Prepared<'_>,
    book: &BookContext<'_>,
) -> Result<(usize, CachedPage), Diagnostic> {
    let lesson = page.lesson;
    let search = search::page_sections(&lesson.page(), &lesson.title, &page.events)
        .into_iter()
        .map(IndexedSection::from)
        .collect();
    let index = page.index;
    let headings = std::mem::take(&mut page.headings);
    let targets = page.targets.clone();
    let typed_numbers = page.typed_numbers.clone();
    let formulas = page.formulas.clone();
    let html = render_lesson_page(page, book)?;
    Ok((
        index,
        CachedPage {
            text: Arc::clone(&lesson.source.text),
            headings,
            targets,
            typed_numbers,
            formulas,
            search,
            html,
        },
    ))
}

fn render_lesson_page(page: Prepared<'_>, book: &BookContext<'_>) -> Result<Arc<[u8]>, Diagnostic> {
    let lesson = page.lesson;
    let lessons = book.lessons;
    let path = lesson.page();
    let root = root_prefix(&path);
    let mut toc = page.toc;
    markdown::toc_html(&mut toc, &page.events, book.typeset);
    let position = book.tree.position(page.index);
    let order = &book.tree.reading_order;
    let children = if lesson.section {
        find_section(&book.tree.root, &lesson.folder)
            .map(|section| {
                section
                    .children
                    .iter()
                    .filter_map(|entry| LessonLink::entry(entry, lessons, &lesson.folder))
                    .collect()
            })
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let context = PageContext {
        site: book.config,
        page_title: format!("{} · {}", lesson.title, book.config.title),
        canonical: canonical_url(book.config, &path),
        root: root.clone(),
        page_path: path.clone(),
        stylesheets: page.stylesheets,
        scripts: page.scripts,
        page: LessonPage {
            lesson: LessonFields {
                slug: &lesson.slug,
                title: &lesson.title,
                summary: &lesson.summary,
                content: markdown::to_html(page.events, book.typeset),
                section: lesson.section,
                draft: lesson.draft,
            },
            toc,
            keep_going: lesson
                .keep_going
                .iter()
                .filter_map(|(name, _)| resolve_keep_going(lesson, name, lessons).ok())
                .map(|target| LessonLink::to(target, &lesson.folder))
                .collect(),
            children,
            breadcrumbs: book.tree.breadcrumbs(lessons, page.index, &root),
            position: Position {
                number: position.map_or(0, |at| at + 1),
                total: order.len(),
            },
            previous: position
                .and_then(|at| at.checked_sub(1))
                .map(|at| LessonLink::to(&lessons[order[at]], &lesson.folder)),
            next: position
                .and_then(|at| order.get(at + 1))
                .map(|&index| LessonLink::to(&lessons[index], &lesson.folder)),
        },
    };
    book.templates.render_page("lesson.html", &context)
}

fn render_index_page(book: &BookContext<'_>) -> Result<String, Diagnostic> {
    let lessons = book.lessons;
    let mut parts = 0;
    let contents = book
        .tree
        .root
        .children
        .iter()
        .filter_map(|entry| {
            let card = LessonLink::entry(entry, lessons, "")?;
            let (children, part) = match entry {
                Entry::Section(section) => {
                    parts += 1;
                    let children = section
                        .children
                        .iter()
                        .filter_map(|child| LessonLink::entry(child, lessons, ""))
                        .collect();
                    (children, Some(parts))
                }
                Entry::Chapter(_) => (Vec::new(), None),
            };
            Some(IndexEntry {
                card,
                children,
                part,
            })
        })
        .collect();
    let start = book
        .tree
        .reading_order
        .iter()
        .map(|&index| &lessons[index])
        .find(|lesson| !lesson.section)
        .map(|lesson| LessonLink::to(lesson, ""));
    let context = PageContext {
        site: book.config,
        page_title: book.config.title.clone(),
        canonical: canonical_url(book.config, "index.html"),
        root: String::new(),
        page_path: "index.html".to_string(),
        stylesheets: Vec::new(),
        scripts: Vec::new(),
        page: IndexPage {
            lessons: book
                .tree
                .reading_order
                .iter()
                .map(|&index| LessonLink::to(&lessons[index], ""))
                .collect(),
            contents,
            start,
        },
    };
    book.templates.render("index.html", &context)
}

/// The page servers show for a missing address, at the output root.
pub const NOT_FOUND_PAGE: &str = "404.html";
/// The list of published pages for search engines, written only when `base_url` is set.
pub const SITEMAP_FILE: &str = "sitemap.xml";

/// `page`'s absolute address under `base_url`, escaped for an HTML attribute; empty without one.
fn canonical_url(config: &BookConfig, page: &str) -> String {
    if config.base_url.is_empty() {
        String::new()
    } else {
        escape_html(&format!("{}{page}", config.base_url))
    }
}

/// The theme's `404.html`. A server shows it in place of a missing page at any folder depth, so
/// relative links cannot work everywhere: with a `base_url` its links start from that URL's path
/// (`/book/…`); without one they are relative to the output root and work only for missing pages
/// in the top folder.
fn render_not_found_page(book: &BookContext<'_>) -> Result<String, Diagnostic> {
    let root = book.config.base_path().to_string();
    let context = PageContext {
        site: book.config,
        page_title: format!("Page not found · {}", book.config.title),
        canonical: String::new(),
        root,
        page_path: NOT_FOUND_PAGE.to_string(),
        stylesheets: Vec::new(),
        scripts: Vec::new(),
        page: NotFoundPage {},
    };
    book.templates.render(NOT_FOUND_PAGE, &context)
}

#[derive(Serialize)]
struct NotFoundPage {}

/// `sitemap.xml` (sitemaps.org 0.9) listing every page of the site, when `base_url` is set.
fn sitemap_xml(config: &BookConfig, site: &RenderedSite) -> Option<String> {
    if config.base_url.is_empty() {
        return None;
    }
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for page in site
        .files
        .keys()
        .filter(|path| path.ends_with(".html") && path.as_str() != NOT_FOUND_PAGE)
    {
        xml.push_str("  <url><loc>");
        xml.push_str(&canonical_url(config, page));
        xml.push_str("</loc></url>\n");
    }
    xml.push_str("</urlset>\n");
    Some(xml)
}

/// Adds theme files or assets (from `origin`, `static/` or `content/`, for messages) to the
/// site. A file may not take a page's path, nor may one be a folder the other needs
/// (`static/x.html/a.png` beside the page `x.html`); a clash with a page is reported at the lesson
/// whose page it is.
fn add_files(
    site: &mut RenderedSite,
    files: BTreeMap<String, Vec<u8>>,
    origin: &str,
    lessons: &[Lesson],
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
    for (path, bytes) in files {
        let clash = path
            .match_indices('/')
            .map(|(slash, _)| &path[..slash])
            .find(|folder| site.files.contains_key(*folder))
            .map(str::to_string)
            .or_else(|| {
                // The other way round: a page inside a folder that is a file here.
                let folder = format!("{path}/");
                site.files
                    .range(folder.clone()..)
                    .next()
                    .filter(|(page, _)| page.starts_with(&folder))
                    .map(|(page, _)| page.clone())
            });
        if let Some(taken) = clash {
            problems.push(clash_problem(&taken, &path));
            continue;
        }
        match site.files.entry(path) {
            std::collections::btree_map::Entry::Occupied(taken) => {
                problems.push(clash_problem(taken.key(), taken.key()));
            }
            std::collections::btree_map::Entry::Vacant(slot) => {
                slot.insert(bytes.into());
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}
