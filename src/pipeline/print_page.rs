//! The whole book on one page, `print.html` at the output root: every lesson in reading order,
//! with its numbers, figures, formulas and reference list as its own page shows them, ready to
//! print (a page break before each lesson). Widgets print their fallbacks: the page runs none of
//! the lessons' scripts. The lessons' HTML is moved onto the page by [`crate::layout::print`].
//!
//! The page grows with the book, so it is never held whole. Its template never sees the
//! lessons' content: it renders a frame holding one marker per lesson (small, and bounded like
//! any page by the template limits), which is cut at the markers when the site is made. When the
//! site is written, the frame's pieces go to the file with each lesson's rewritten HTML between
//! them, a few lessons rewritten at a time ([`PrintPage::write_to`]). A book of any size thus
//! gets its print page in memory the size of a few lessons, while a runaway template still stops
//! at the limit. `build`, which writes its pages into a staging folder as they are laid out,
//! goes further: its frame is laid out before the lessons, and each lesson's content is
//! rewritten and written as soon as its page is laid out ([`PrintStream`]), so no lesson's
//! content is kept for the print page at all.

use super::build_cache::CachedPage;
use super::furniture::canonical_url;
use super::pages::BookContext;
use super::prepare::Prepared;
use crate::base::diagnostics::Diagnostic;
use crate::layout::print::{for_print_page_keeping, lesson_anchor, PrintMath, PrintPlace};
use crate::layout::templating::{PageContext, Templates};
use crate::load::config::{BookConfig, MathOutput};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::{self, Write};
use std::ops::Range;
use std::sync::{Arc, Mutex};

/// The page's path, at the output root.
pub const PRINT_PAGE: &str = "print.html";

/// The folder of the math font the page's MathML formulas are drawn with (`static/print-math`),
/// in the site only when the page is written with them.
pub const PRINT_MATH_FONT_DIR: &str = "print-math/";

/// The stylesheet in that folder that declares the font and lays MathML formulas out (`\tag`,
/// styled letters), for every page with such formulas: this one under `[print] math =
/// "mathml"`, all of them under `[math] output = "mathml"` (`base.html` links it then).
pub const MATH_STYLESHEET: &str = "print-math/math.css";

/// Lessons rewritten at once (in parallel) while the page is written: enough to keep both
/// cores busy, few enough that the page's memory stays that of a few lessons.
const LESSONS_AT_ONCE: usize = 64;

#[derive(Serialize)]
struct PrintFrame<'a> {
    lessons: Vec<FramedLesson<'a>>,
}

/// What the template sees of a lesson: its `content` is the marker its HTML replaces.
#[derive(Serialize)]
struct FramedLesson<'a> {
    /// The lesson's id on the page; its own ids start with it.
    anchor: &'a str,
    title: &'a str,
    summary: &'a str,
    content: String,
}

/// One lesson as the print page shows it.
pub(super) struct PrintedLesson {
    /// The lesson's id on the page; its own ids start with it.
    pub(super) anchor: String,
    pub(super) title: String,
    pub(super) summary: String,
    /// The lesson's own page, from the output root: links to it become links to `anchor`.
    pub(super) page: String,
    /// The lesson's folder from the output root, which its relative addresses start from.
    pub(super) folder: String,
    /// The lesson's content as its own page shows it; rewritten for this page when written.
    pub(super) content: Arc<String>,
    /// Where its typeset formulas stand in `content`: copied as they are, unscanned.
    pub(super) formulas: Arc<[Range<usize>]>,
}

/// The whole-book page, laid out but not yet put together: the frame's pieces and, between
/// each two, one lesson's content, rewritten for the page only as it is written.
pub struct PrintPage {
    /// The frame cut at the lessons' markers: one piece more than there are lessons.
    pieces: Vec<String>,
    lessons: Vec<PrintedLesson>,
    /// The page of each lesson (root-relative) → its anchor, for links between lessons.
    anchors: HashMap<String, String>,
    /// What the page shows of each formula (`[print] math`).
    math: PrintMath,
}

impl std::fmt::Debug for PrintPage {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "PrintPage({} lessons)", self.lessons.len())
    }
}

impl PrintPage {
    /// Writes the page to `out`, a few lessons rewritten at a time.
    pub fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        self.write_in_batches(out, LESSONS_AT_ONCE)
    }

    /// The whole page in memory (for `serve` and `check --site`, which compare or answer
    /// with bytes).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        self.write_to(&mut bytes)
            .expect("writing to memory cannot fail");
        bytes
    }

    /// [`Self::write_to`] with at most two `batch`es of lessons' rewritten HTML held at once:
    /// while one batch is written (by this thread, which holds `out`), the next is rewritten on
    /// the other threads, so the cores are not idle while the file grows.
    fn write_in_batches(&self, out: &mut dyn Write, batch: usize) -> io::Result<()> {
        let (first, after) = self
            .pieces
            .split_first()
            .expect("a frame has a piece before its first lesson");
        out.write_all(first.as_bytes())?;
        let mut batches = self
            .lessons
            .chunks(batch.max(1))
            .zip(after.chunks(batch.max(1)));
        let mut current = batches
            .next()
            .map(|(lessons, pieces)| (self.rewritten(lessons), pieces));
        while let Some((rewritten, pieces)) = current.take() {
            let mut next = None;
            let written = rayon::in_place_scope(|scope| {
                if let Some((lessons, pieces)) = batches.next() {
                    let next = &mut next;
                    scope.spawn(move |_| *next = Some((self.rewritten(lessons), pieces)));
                }
                rewritten
                    .iter()
                    .zip(pieces)
                    .try_for_each(|(content, piece)| {
                        out.write_all(content.as_bytes())?;
                        out.write_all(piece.as_bytes())
                    })
            });
            written?;
            current = next;
        }
        Ok(())
    }

    /// The content of `lessons` rewritten for this page, in parallel.
    fn rewritten(&self, lessons: &[PrintedLesson]) -> Vec<String> {
        lessons
            .par_iter()
            .map(|lesson| self.rewrite(lesson, &lesson.content, &lesson.formulas))
            .collect()
    }

    /// `content` (whose typeset formulas stand at `formulas`) rewritten for this page as
    /// `lesson`'s.
    fn rewrite(&self, lesson: &PrintedLesson, content: &str, formulas: &[Range<usize>]) -> String {
        let find_anchor = |page: &str| self.anchors.get(page).cloned();
        for_print_page_keeping(
            content,
            formulas,
            &PrintPlace {
                folder: &lesson.folder,
                anchor: &lesson.anchor,
                lesson_anchor: &find_anchor,
                math: self.math,
            },
        )
    }
}

/// The print page written while the book's lessons are laid out (by `build`, into its staging
/// folder): each lesson's content is rewritten for the page as soon as its own page is laid
/// out, and written as soon as the lessons before it in reading order are, so no lesson's
/// content outlives its layout by more than the few laid out at the same time. Holding every
/// lesson's content (a hundred kilobytes a lesson with its formulas' markup) until the site
/// was written was half of a large book's peak memory.
pub(super) struct PrintStream<'w> {
    /// The frame, its lessons without content.
    frame: PrintPage,
    /// Each lesson's place on the page by lesson index; `None` for a lesson not in reading
    /// order, which the page does not show.
    place: Vec<Option<usize>>,
    writing: Mutex<Writing<'w>>,
}

/// Where a [`PrintStream`] stands.
struct Writing<'w> {
    out: Box<dyn Write + Send + 'w>,
    /// The place of the next lesson to write.
    next: usize,
    /// Lessons rewritten before the ones ahead of them: written when those are.
    waiting: BTreeMap<usize, String>,
    /// The first write that failed; nothing is written after it.
    failed: Option<io::Error>,
}

impl<'w> PrintStream<'w> {
    /// Starts the page `frame` (made with every lesson's content empty) in `out`, for a book
    /// whose lessons stand on the page at `place` (see [`places`]).
    pub(super) fn begin(
        frame: PrintPage,
        place: Vec<Option<usize>>,
        mut out: Box<dyn Write + Send + 'w>,
    ) -> Self {
        let failed = out.write_all(frame.pieces[0].as_bytes()).err();
        PrintStream {
            frame,
            place,
            writing: Mutex::new(Writing {
                out,
                next: 0,
                waiting: BTreeMap::new(),
                failed,
            }),
        }
    }

    /// Takes the laid-out content of lesson `index` (its typeset formulas at `formulas`):
    /// rewrites it for the page on this thread, then writes it with every lesson after it that
    /// was waiting for it.
    pub(super) fn take(&self, index: usize, content: &str, formulas: &[Range<usize>]) {
        let Some(at) = self.place.get(index).copied().flatten() else {
            return;
        };
        let rewritten = self
            .frame
            .rewrite(&self.frame.lessons[at], content, formulas);
        let Ok(mut writing) = self.writing.lock() else {
            return;
        };
        let writing = &mut *writing;
        writing.waiting.insert(at, rewritten);
        while let Some(content) = writing.waiting.remove(&writing.next) {
            let piece = &self.frame.pieces[writing.next + 1];
            writing.next += 1;
            if writing.failed.is_none() {
                writing.failed = writing
                    .out
                    .write_all(content.as_bytes())
                    .and_then(|()| writing.out.write_all(piece.as_bytes()))
                    .err();
            }
        }
    }

    /// Ends the page, once every lesson has been taken.
    pub(super) fn finish(self) -> io::Result<()> {
        let writing = self
            .writing
            .into_inner()
            .map_err(|_| io::Error::other("a thread writing the print page panicked"))?;
        let Writing {
            mut out,
            next,
            failed,
            ..
        } = writing;
        if let Some(error) = failed {
            return Err(error);
        }
        if next < self.frame.lessons.len() {
            return Err(io::Error::other(format!(
                "lesson \"{}\" never reached it",
                self.frame.lessons[next].title
            )));
        }
        out.flush()
    }
}

/// The print page of the book whose laid-out `pages` are given by lesson index.
pub(super) fn render_print_page(
    book: &BookContext<'_>,
    pages: &[Arc<CachedPage>],
) -> Result<PrintPage, Diagnostic> {
    lay_out_frame(book, |index| {
        let page = &pages[index];
        (
            &page.stylesheets[..],
            Arc::clone(&page.content),
            Arc::clone(&page.content_formulas),
        )
    })
}

/// The print page of the book, each lesson's stylesheets, content and formulas' places given
/// by `of` its index.
fn lay_out_frame<'p>(
    book: &BookContext<'_>,
    of: impl Fn(usize) -> (&'p [&'static str], Arc<String>, Arc<[Range<usize>]>),
) -> Result<PrintPage, Diagnostic> {
    let mut stylesheets = BTreeSet::new();
    let lessons: Vec<PrintedLesson> = book
        .tree
        .reading_order
        .iter()
        .map(|&index| {
            let lesson = &book.lessons[index];
            let page = lesson.page();
            let (sheets, content, formulas) = of(index);
            stylesheets.extend(sheets.iter().copied());
            PrintedLesson {
                anchor: lesson_anchor(&page),
                page,
                title: lesson.title.clone(),
                summary: lesson.summary.clone(),
                folder: lesson.folder.clone(),
                content,
                formulas,
            }
        })
        .collect();
    print_page(book.templates, book.config, stylesheets, lessons)
}

/// Each of `lessons` lessons' place on the print page, by lesson index, from the book's reading
/// `order`: `None` for a lesson the page does not show (not in reading order).
pub(super) fn places(order: &[usize], lessons: usize) -> Vec<Option<usize>> {
    let mut place = vec![None; lessons];
    for (at, &index) in order.iter().enumerate() {
        place[index] = Some(at);
    }
    place
}

/// The frame of the print page of the book whose `ready` pages (and `cached` ones, by lesson
/// index) are about to be laid out: [`render_print_page`] with every lesson's content empty,
/// for a [`PrintStream`] to fill.
pub(super) fn render_print_frame(
    book: &BookContext<'_>,
    ready: &[Prepared<'_>],
    cached: &[Option<Arc<CachedPage>>],
) -> Result<PrintPage, Diagnostic> {
    let mut stylesheets_of: Vec<&[&'static str]> = cached
        .iter()
        .map(|page| page.as_deref().map_or(&[][..], |page| &page.stylesheets))
        .collect();
    for page in ready {
        stylesheets_of[page.index] = &page.stylesheets;
    }
    let no_content = Arc::new(String::new());
    lay_out_frame(book, |index| {
        (
            stylesheets_of[index],
            Arc::clone(&no_content),
            Arc::from([]),
        )
    })
}

/// The page around `lessons`, laid out by the `print.html` template and cut where the template
/// put each lesson's content.
pub(super) fn print_page(
    templates: &Templates,
    config: &BookConfig,
    mut stylesheets: BTreeSet<&'static str>,
    lessons: Vec<PrintedLesson>,
) -> Result<PrintPage, Diagnostic> {
    if config.print_math == PrintMath::Mathml && config.math_output == MathOutput::Katex {
        stylesheets.insert(MATH_STYLESHEET);
    }
    let context = PageContext {
        site: config,
        page_title: format!("{} (the whole book, for printing)", config.title),
        canonical: canonical_url(config, PRINT_PAGE),
        root: String::new(),
        page_path: PRINT_PAGE.to_string(),
        stylesheets: stylesheets.into_iter().collect(),
        scripts: Vec::new(),
        page: PrintFrame {
            lessons: lessons
                .iter()
                .enumerate()
                .map(|(at, lesson)| FramedLesson {
                    anchor: &lesson.anchor,
                    title: &lesson.title,
                    summary: &lesson.summary,
                    content: marker(at),
                })
                .collect(),
        },
    };
    let frame = templates.render(PRINT_PAGE, &context)?;
    let mut pieces = Vec::with_capacity(lessons.len() + 1);
    let mut rest = frame.as_str();
    for (at, lesson) in lessons.iter().enumerate() {
        let Some((before, after)) = rest.split_once(&marker(at)) else {
            return Err(Diagnostic::general(format!(
                "template {PRINT_PAGE} does not show the content of lesson \"{}\" where the \
                 lessons before it end",
                lesson.title
            ))
            .with_help(
                "print each lesson's content once, in order, as `{{ lesson.content | safe }}` \
                 inside `{% for lesson in lessons %}`",
            ));
        };
        pieces.push(before.to_string());
        rest = after;
    }
    pieces.push(rest.to_string());
    let anchors = lessons
        .iter()
        .map(|lesson| (lesson.page.clone(), lesson.anchor.clone()))
        .collect();
    Ok(PrintPage {
        pieces,
        lessons,
        anchors,
        math: config.print_math,
    })
}

/// What stands for lesson `at`'s content in the frame: a comment no escaped text can spell.
fn marker(at: usize) -> String {
    format!("<!--worked print lesson {at}-->")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::templating::RenderLimits;
    use crate::load::theme::load_theme;
    use std::path::Path;
    use std::time::Duration;

    fn lessons(count: usize, bytes: usize) -> Vec<PrintedLesson> {
        (0..count)
            .map(|at| PrintedLesson {
                anchor: format!("lesson-{at}"),
                title: format!("Lesson {at}"),
                summary: String::new(),
                page: format!("lesson-{at}.html"),
                folder: String::new(),
                content: format!(
                    "<p id=\"p\">lesson {at}: <a href=\"lesson-{}.html#p\">next</a> {}</p>",
                    (at + 1) % count,
                    "x".repeat(bytes)
                )
                .into(),
                formulas: Arc::new([]),
            })
            .collect()
    }

    fn templates(print: Option<&str>, bytes: usize) -> Templates {
        let mut theme = load_theme(Path::new("/nonexistent-book")).unwrap();
        if let Some(print) = print {
            theme
                .templates
                .insert(PRINT_PAGE.to_string(), print.to_string());
        }
        Templates::new(&theme.templates)
            .unwrap()
            .with_limits(RenderLimits {
                time: Duration::from_secs(60),
                bytes,
            })
    }

    /// The page as written a `batch` of lessons at a time.
    fn written(page: &PrintPage, batch: usize) -> String {
        let mut bytes = Vec::new();
        page.write_in_batches(&mut bytes, batch).unwrap();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn a_print_page_far_larger_than_the_template_limit_is_written_with_every_lesson_in_order() {
        let cap = 64 << 10;
        let config = BookConfig::defaults_for(Path::new("book"));
        let page = print_page(
            &templates(None, cap),
            &config,
            BTreeSet::new(),
            lessons(40, 16 << 10),
        )
        .expect("the lessons do not count against the template's limit");
        let whole = written(&page, 3);
        assert!(whole.len() > 10 * cap, "{} bytes", whole.len());
        let mut from = 0;
        for at in 0..40 {
            let lesson = format!(
                "<p id=\"lesson-{at}--p\">lesson {at}: <a href=\"#lesson-{}--p\">next</a>",
                (at + 1) % 40
            );
            let found = whole[from..]
                .find(&lesson)
                .unwrap_or_else(|| panic!("lesson {at} once, in order, rewritten for the page"));
            from += found + lesson.len();
        }
        assert!(
            !whole.contains("<!--worked print lesson"),
            "no marker is left"
        );
        assert!(whole.contains("id=\"lesson-39\""));
        for batch in [1, 7, 40, 1000] {
            assert_eq!(written(&page, batch), whole, "{batch} lessons at a time");
        }
        assert_eq!(String::from_utf8(page.to_bytes()).unwrap(), whole);
    }

    #[test]
    fn a_print_page_streamed_as_its_lessons_come_in_any_order_is_the_page_written_whole() {
        let (templates, config) = (
            templates(None, 64 << 10),
            BookConfig::defaults_for(Path::new("book")),
        );
        let whole = |lessons| print_page(&templates, &config, BTreeSet::new(), lessons).unwrap();
        let page = whole(lessons(12, 100));
        let frame = whole(
            lessons(12, 100)
                .into_iter()
                .map(|lesson| PrintedLesson {
                    content: Arc::default(),
                    ..lesson
                })
                .collect(),
        );
        // Lesson index i stands at place 11 - i; index 12 is not on the page.
        let place: Vec<Option<usize>> = (0..12).rev().map(Some).chain([None]).collect();
        let mut bytes = Vec::new();
        let stream = PrintStream::begin(frame, place, Box::new(&mut bytes));
        for index in [5, 12, 0, 11, 1, 10, 2, 9, 3, 8, 4, 7, 6] {
            let at = 11_usize.saturating_sub(index);
            let lesson = &page.lessons[at];
            stream.take(index, &lesson.content, &lesson.formulas);
        }
        stream.finish().unwrap();
        assert_eq!(String::from_utf8(bytes).unwrap(), written(&page, 4));
    }

    #[test]
    fn a_print_stream_ended_before_every_lesson_came_names_the_first_missing() {
        let config = BookConfig::defaults_for(Path::new("book"));
        let frame = print_page(
            &templates(None, 64 << 10),
            &config,
            BTreeSet::new(),
            lessons(3, 10),
        )
        .unwrap();
        let stream = PrintStream::begin(frame, places(&[0, 1, 2], 3), Box::new(io::sink()));
        stream.take(0, "<p>first</p>", &[]);
        stream.take(2, "<p>third</p>", &[]);
        let error = stream.finish().unwrap_err();
        assert!(error.to_string().contains("\"Lesson 1\""), "{error}");
    }

    #[test]
    fn a_runaway_print_template_still_stops_at_the_limit() {
        let runaway = "{% for i in range(end=10000) %}{% for lesson in lessons %}{{ lesson.title }}{% endfor %}{% endfor %}";
        let config = BookConfig::defaults_for(Path::new("book"));
        let error = print_page(
            &templates(Some(runaway), 64 << 10),
            &config,
            BTreeSet::new(),
            lessons(40, 10),
        )
        .unwrap_err();
        assert!(error.message().contains("grew past"), "{}", error.message());
    }

    #[test]
    fn a_template_that_escapes_or_drops_the_content_is_an_error_naming_the_lesson() {
        let escaped = "{% for lesson in lessons %}{{ lesson.content }}{% endfor %}";
        let config = BookConfig::defaults_for(Path::new("book"));
        let error = print_page(
            &templates(Some(escaped), 64 << 10),
            &config,
            BTreeSet::new(),
            lessons(2, 10),
        )
        .unwrap_err();
        assert!(
            error.message().contains("lesson \"Lesson 0\""),
            "{}",
            error.message()
        );
    }
}
