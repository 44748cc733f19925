//! The build, stage by stage; the only module that knows their order.
//!
//! Load settings, theme and lessons → parse each lesson's Markdown once → expand example
//! blocks and references into events → number headings → typeset all distinct formulas in
//! parallel → lay out pages with templates → a [`RenderedSite`] in memory. Nothing here writes
//! to disk: `build` hands the result to `site_writer`, `check` only reads the diagnostics.

use crate::config::{BookConfig, CONFIG_FILE};
use crate::content::{load_lessons, Lesson, LoadedLessons};
use crate::diagnostics::Diagnostic;
use crate::expand::expand_lesson;
use crate::markdown::{self, Spanned, TocEntry};
use crate::math::{self, Formula, MathSettings, TypesetError};
use crate::site_writer::RenderedSite;
use crate::source::SourceFile;
use crate::templating::{PageContext, Templates};
use crate::theme::load_theme;
use pulldown_cmark::Event;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use std::path::Path;
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
    /// Lessons rendered.
    pub lessons: usize,
    /// Formulas on all pages.
    pub formulas: usize,
    /// Distinct formulas typeset (identical ones are typeset once).
    pub distinct_formulas: usize,
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

/// Typeset formulas kept from one build to the next, so `serve` typesets only the formulas a
/// save added. KaTeX is almost the whole cost of a build; everything else is cheap to redo.
#[derive(Debug, Default)]
pub struct FormulaCache {
    /// The settings the cached formulas were typeset with; new settings empty the cache.
    settings: MathSettings,
    formulas: HashMap<Formula, String>,
}

impl FormulaCache {
    /// How many typeset formulas the cache holds.
    pub fn len(&self) -> usize {
        self.formulas.len()
    }

    /// Whether the cache holds no formula.
    pub fn is_empty(&self) -> bool {
        self.formulas.is_empty()
    }
}

/// Most formulas a [`FormulaCache`] keeps; past it, it starts again empty (a long `serve`
/// session over a book that keeps changing must not grow without bound).
const MAX_CACHED_FORMULAS: usize = 200_000;

/// Builds the book at `root` in memory, or returns every problem found.
pub fn build_site(root: &Path, strictness: Strictness) -> Result<Build, Vec<Diagnostic>> {
    build_site_cached(root, strictness, None)
}

/// [`build_site`], reusing and refilling `cache` when one is given.
pub fn build_site_cached(
    root: &Path,
    strictness: Strictness,
    cache: Option<&mut FormulaCache>,
) -> Result<Build, Vec<Diagnostic>> {
    let mut timings = StageTimings::default();
    let mut stage_started = Instant::now();
    let mut lap = || {
        let now = Instant::now();
        let elapsed = now - stage_started;
        stage_started = now;
        elapsed
    };
    let config = load_config(root).map_err(|problem| vec![problem])?;
    let LoadedLessons {
        lessons,
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
    let templates = match Templates::new(&theme.templates) {
        Ok(templates) => templates,
        Err(problem) => {
            problems.push(problem);
            return Err(problems);
        }
    };
    if all_lessons_loaded {
        problems.extend(keep_going_problems(&lessons));
    }
    timings.load = lap();

    let drafts: Vec<Result<Draft<'_>, Vec<Diagnostic>>> = lessons
        .par_iter()
        .map(|lesson| draft_lesson(lesson, config.decimals))
        .collect();
    let mut ready = Vec::new();
    let mut warnings = Vec::new();
    for draft in drafts {
        match draft {
            Ok(mut draft) => {
                match strictness {
                    Strictness::Lenient => warnings.append(&mut draft.typed_numbers),
                    Strictness::Strict => problems.append(&mut draft.typed_numbers),
                }
                ready.push(draft);
            }
            Err(found) => problems.extend(found),
        }
    }

    problems.extend(link_problems(
        &ready,
        &lessons,
        all_lessons_loaded,
        &theme.static_files,
    ));
    timings.expand = lap();
    let (typeset, formula_problems, formula_count, distinct_formulas) =
        typeset_formulas(&ready, &MathSettings::default(), cache);
    timings.typeset = lap();
    problems.extend(formula_problems);
    if !problems.is_empty() {
        return Err(problems);
    }

    let mut site = RenderedSite::default();
    let pages: Vec<Result<(String, String), Diagnostic>> = ready
        .into_par_iter()
        .map(|draft| render_lesson_page(draft, &lessons, &config, &templates, &typeset))
        .collect();
    for page in pages {
        let (path, html) = page.map_err(|problem| vec![problem])?;
        site.files.insert(path, html.into_bytes());
    }
    let index =
        render_index_page(&lessons, &config, &templates).map_err(|problem| vec![problem])?;
    site.files
        .insert("index.html".to_string(), index.into_bytes());
    add_static_files(&mut site, theme.static_files, &lessons)?;
    timings.render = lap();

    Ok(Build {
        site,
        warnings,
        stats: BuildStats {
            lessons: lessons.len(),
            formulas: formula_count,
            distinct_formulas,
            timings,
        },
    })
}

fn load_config(root: &Path) -> Result<BookConfig, Diagnostic> {
    let defaults = BookConfig::defaults_for(root);
    let path = root.join(CONFIG_FILE);
    match std::fs::read_to_string(&path) {
        Ok(text) => BookConfig::parse(&SourceFile::new(CONFIG_FILE, text), defaults),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(defaults),
        Err(error) => Err(Diagnostic::general(format!(
            "cannot read {CONFIG_FILE}: {error}"
        ))),
    }
}

/// Every keep-going slug must name a lesson of this book.
fn keep_going_problems(lessons: &[Lesson]) -> Vec<Diagnostic> {
    let slugs: Vec<&str> = lessons.iter().map(|lesson| lesson.slug.as_str()).collect();
    let mut problems = Vec::new();
    for lesson in lessons {
        for (slug, span) in &lesson.keep_going {
            if !slugs.contains(&slug.as_str()) {
                problems.push(
                    Diagnostic::at(
                        &lesson.source,
                        span.clone(),
                        format!("no lesson has the slug \"{slug}\""),
                    )
                    .with_label("listed in keep_going")
                    .with_help(format!("lessons in this book: {}", slugs.join(", "))),
                );
            }
        }
    }
    problems
}

/// A lesson between parsing and typesetting: its events, headings and page needs.
struct Draft<'a> {
    lesson: &'a Lesson,
    events: Vec<Spanned<'a>>,
    toc: Vec<TocEntry>,
    scripts: Vec<&'static str>,
    stylesheets: Vec<&'static str>,
    typed_numbers: Vec<Diagnostic>,
    /// Relative link targets with their spans, checked once every page is known.
    links: Vec<(String, Range<usize>)>,
}

fn draft_lesson(lesson: &Lesson, decimals: usize) -> Result<Draft<'_>, Vec<Diagnostic>> {
    let events = markdown::parse(&lesson.source.text, lesson.body.clone());
    let expanded = expand_lesson(lesson, events, decimals)?;
    let mut events = expanded.events;
    let toc = markdown::heading_ids(&mut events);
    let links = markdown::relative_links(&events);
    Ok(Draft {
        lesson,
        links,
        events,
        toc,
        scripts: expanded.scripts,
        stylesheets: expanded.stylesheets.into_iter().collect(),
        typed_numbers: expanded.typed_numbers,
    })
}

/// Ids the templates put on every page, which links may target too.
const TEMPLATE_ANCHORS: [&str; 1] = ["main"];

/// Every relative link must name a page or file of the site, and its `#anchor` a heading there.
/// Anchors are known only for lessons that expanded; a page whose lesson has problems of its
/// own is taken to exist, so those problems are not echoed as broken links elsewhere.
fn link_problems(
    drafts: &[Draft<'_>],
    lessons: &[Lesson],
    all_lessons_loaded: bool,
    static_files: &BTreeMap<String, Vec<u8>>,
) -> Vec<Diagnostic> {
    let anchors_by_page: HashMap<String, std::collections::BTreeSet<String>> = drafts
        .iter()
        .map(|draft| {
            (
                page_path(&draft.lesson.slug),
                markdown::anchors(&draft.events),
            )
        })
        .collect();
    let pages: Vec<String> = lessons
        .iter()
        .map(|lesson| page_path(&lesson.slug))
        .collect();
    let mut problems = Vec::new();
    for draft in drafts {
        let this_page = page_path(&draft.lesson.slug);
        for (target, span) in &draft.links {
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target.as_str(), None),
            };
            let page = if path.is_empty() {
                this_page.as_str()
            } else {
                path
            };
            let problem = if let Some(anchors) = anchors_by_page.get(page) {
                match anchor {
                    Some(anchor)
                        if !anchor.is_empty()
                            && !anchors.contains(anchor)
                            && !TEMPLATE_ANCHORS.contains(&anchor) =>
                    {
                        let known: Vec<&str> = anchors.iter().map(String::as_str).collect();
                        Some((
                            format!("{page} has no heading with the id \"{anchor}\""),
                            format!("ids on that page: {}", known.join(", ")),
                        ))
                    }
                    _ => None,
                }
            } else if page == "index.html"
                || static_files.contains_key(page)
                || pages.iter().any(|known| known == page)
                || !all_lessons_loaded
            {
                None
            } else {
                Some((
                    format!("the link target {page} is not a page or file of this book"),
                    format!("pages: index.html, {}", pages.join(", ")),
                ))
            };
            if let Some((message, help)) = problem {
                problems.push(
                    Diagnostic::at(&draft.lesson.source, span.clone(), message).with_help(help),
                );
            }
        }
    }
    problems
}

/// Where one formula appears, for error messages.
struct FormulaSite<'a> {
    file: &'a SourceFile,
    span: Range<usize>,
}

type Typeset = HashMap<(String, bool), String>;

/// Typesets every distinct formula of the book once, in parallel, taking what `cache` already
/// holds from it and adding what it typesets.
fn typeset_formulas(
    drafts: &[Draft<'_>],
    settings: &MathSettings,
    mut cache: Option<&mut FormulaCache>,
) -> (Typeset, Vec<Diagnostic>, usize, usize) {
    let mut first_site: BTreeMap<Formula, FormulaSite<'_>> = BTreeMap::new();
    let mut count = 0;
    for draft in drafts {
        for (event, span) in &draft.events {
            let (tex, display) = match event {
                Event::InlineMath(tex) => (tex, false),
                Event::DisplayMath(tex) => (tex, true),
                _ => continue,
            };
            count += 1;
            first_site
                .entry(Formula {
                    tex: tex.to_string(),
                    display,
                })
                .or_insert(FormulaSite {
                    file: &draft.lesson.source,
                    span: span.clone(),
                });
        }
    }
    if let Some(cache) = cache.as_deref_mut() {
        if cache.settings != *settings || cache.formulas.len() > MAX_CACHED_FORMULAS {
            cache.settings = settings.clone();
            cache.formulas.clear();
        }
    }
    let mut typeset = HashMap::with_capacity(first_site.len());
    let mut fresh = Vec::new();
    for formula in first_site.keys() {
        match cache
            .as_deref()
            .and_then(|cache| cache.formulas.get(formula))
        {
            Some(html) => {
                typeset.insert((formula.tex.clone(), formula.display), html.clone());
            }
            None => fresh.push(formula.clone()),
        }
    }
    let results = math::typeset_all(&fresh, settings);
    let mut problems = Vec::new();
    for (formula, result) in fresh.into_iter().zip(results) {
        match result {
            Ok(html) => {
                if let Some(cache) = cache.as_deref_mut() {
                    cache.formulas.insert(formula.clone(), html.clone());
                }
                typeset.insert((formula.tex, formula.display), html);
            }
            Err(error) => {
                let site = &first_site[&formula];
                problems.push(formula_problem(site, &formula, &error));
            }
        }
    }
    let distinct = typeset.len() + problems.len();
    (typeset, problems, count, distinct)
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

#[derive(Serialize)]
struct LessonPage<'a> {
    lesson: LessonFields<'a>,
    toc: Vec<TocEntry>,
    keep_going: Vec<LessonLink<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    previous: Option<LessonLink<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<LessonLink<'a>>,
}

#[derive(Serialize)]
struct LessonFields<'a> {
    slug: &'a str,
    title: &'a str,
    summary: &'a str,
    content: String,
}

#[derive(Serialize)]
struct LessonLink<'a> {
    slug: &'a str,
    title: &'a str,
    summary: &'a str,
    url: String,
}

impl<'a> LessonLink<'a> {
    fn to(lesson: &'a Lesson) -> Self {
        LessonLink {
            slug: &lesson.slug,
            title: &lesson.title,
            summary: &lesson.summary,
            url: page_path(&lesson.slug),
        }
    }
}

#[derive(Serialize)]
struct IndexPage<'a> {
    lessons: Vec<LessonLink<'a>>,
}

/// Output path of a lesson, relative to the output root (also its relative URL).
pub fn page_path(slug: &str) -> String {
    format!("{slug}.html")
}

fn render_lesson_page(
    draft: Draft<'_>,
    lessons: &[Lesson],
    config: &BookConfig,
    templates: &Templates,
    typeset: &Typeset,
) -> Result<(String, String), Diagnostic> {
    let lesson = draft.lesson;
    let mut toc = draft.toc;
    markdown::toc_html(&mut toc, &draft.events, typeset);
    let position = lessons.iter().position(|other| other.slug == lesson.slug);
    let by_slug = |slug: &str| lessons.iter().find(|other| other.slug == slug);
    let context = PageContext {
        site: config,
        page_title: format!("{} · {}", lesson.title, config.title),
        stylesheets: draft.stylesheets,
        scripts: draft.scripts,
        page: LessonPage {
            lesson: LessonFields {
                slug: &lesson.slug,
                title: &lesson.title,
                summary: &lesson.summary,
                content: markdown::to_html(draft.events, typeset),
            },
            toc,
            keep_going: lesson
                .keep_going
                .iter()
                .filter_map(|(slug, _)| by_slug(slug).map(LessonLink::to))
                .collect(),
            previous: position
                .and_then(|at| at.checked_sub(1))
                .map(|at| LessonLink::to(&lessons[at])),
            next: position
                .and_then(|at| lessons.get(at + 1))
                .map(LessonLink::to),
        },
    };
    let html = templates.render("lesson.html", &context)?;
    Ok((page_path(&lesson.slug), html))
}

fn render_index_page(
    lessons: &[Lesson],
    config: &BookConfig,
    templates: &Templates,
) -> Result<String, Diagnostic> {
    let context = PageContext {
        site: config,
        page_title: config.title.clone(),
        stylesheets: Vec::new(),
        scripts: Vec::new(),
        page: IndexPage {
            lessons: lessons.iter().map(LessonLink::to).collect(),
        },
    };
    templates.render("index.html", &context)
}

/// Copies the theme's static files to the output root. A page and a static file may not share a
/// path, nor may one be a folder the other needs (`static/x.html/a.png` beside the page `x.html`);
/// a clash is reported at the lesson whose page it is.
fn add_static_files(
    site: &mut RenderedSite,
    static_files: BTreeMap<String, Vec<u8>>,
    lessons: &[Lesson],
) -> Result<(), Vec<Diagnostic>> {
    let mut problems = Vec::new();
    let page_problem = |page: &str, static_path: &str| {
        let message = format!("this lesson's page {page} collides with static/{static_path}");
        let help = "rename the static file or folder, or set another `slug = \"…\"`";
        match lessons
            .iter()
            .find(|lesson| page_path(&lesson.slug) == page)
        {
            Some(lesson) => Diagnostic::at(&lesson.source, 0..0, message).with_help(help),
            None => Diagnostic::general(format!(
                "static/{static_path} would overwrite the generated page {page}"
            ))
            .with_help(help),
        }
    };
    for (path, bytes) in static_files {
        let clash = path
            .match_indices('/')
            .map(|(slash, _)| &path[..slash])
            .find(|folder| site.files.contains_key(*folder))
            .map(str::to_string)
            .or_else(|| {
                // The other way round: a page inside a folder that is a static file here.
                let folder = format!("{path}/");
                site.files
                    .range(folder.clone()..)
                    .next()
                    .filter(|(page, _)| page.starts_with(&folder))
                    .map(|(page, _)| page.clone())
            });
        if let Some(page) = clash {
            problems.push(page_problem(&page, &path));
            continue;
        }
        match site.files.entry(path) {
            std::collections::btree_map::Entry::Occupied(page) => {
                problems.push(page_problem(page.key(), page.key()));
            }
            std::collections::btree_map::Entry::Vacant(slot) => {
                slot.insert(bytes);
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}
