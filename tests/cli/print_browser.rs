//! The whole-book print page in headless Chromium, as CI prints it: `print.html` of the shipped
//! book goes to PDF (one printed page at least per lesson), and under print media at an A4
//! page's content width every lesson is there, in reading order, each starting a new page, its
//! formulas drawn from their MathML with the shipped math font; and
//! no display formula or table is wider than its box (in print, what overflows is cut off: the
//! page's `scroll-regions.js` scales wide ones down or prints them in bands of columns); and its
//! ids are unique and its in-page links lead somewhere. Without Chromium the tests skip loudly,
//! and fail under `CI=true`.

use crate::accessibility::{emulate, open};
use crate::browser::{eval_json, metrics};
use crate::browser::{launch, Chromium};
use crate::support::ShippedSite;
use headless_chrome::types::PrintToPdfOptions;
use headless_chrome::Tab;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

/// How long the print page's loads and evaluations may take.
const PRINT_PAGE_PATIENCE: Duration = Duration::from_secs(180);

/// A4, in inches, with Chromium's default margins (0.4 in each side): the content is
/// (8.27 − 0.8) in × 96 px/in ≈ 717 px wide.
const PAPER: (f64, f64) = (8.27, 11.69);
const CONTENT_WIDTH: u32 = 717;

/// Every lesson's title on the print page, whether each starts a printed page, and every
/// formula or table wider than its box.
const PRINTED: &str = r#"(() => {
  const lessons = [...document.querySelectorAll('.print-lesson')];
  const cut = [];
  for (const el of document.querySelectorAll('.print-lesson .math-display, .print-lesson table')) {
    if (!el.checkVisibility()) continue;
    const lesson = el.closest('.print-lesson').querySelector('h1').textContent.trim();
    const box = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 1 || box.right > document.documentElement.clientWidth + 1) {
      cut.push(`${lesson}: ${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth} px in ${el.clientWidth} px: ${el.textContent.trim().slice(0, 60)}`);
    }
  }
  const formulas = [...document.querySelectorAll('.print-lesson math')];
  return {
    formulas: formulas.length,
    undrawn: formulas.filter((math) => math.parentElement.checkVisibility()
      && math.getBoundingClientRect().width === 0).length,
    katex: document.querySelectorAll('.print-lesson .katex-html').length,
    fonts: [...new Set(formulas.map((math) => getComputedStyle(math).fontFamily))],
    titles: lessons.map((lesson) => lesson.querySelector('h1').textContent.trim()),
    unbroken: lessons.filter((lesson) => getComputedStyle(lesson).breakBefore !== 'page')
      .map((lesson) => lesson.id),
    cut,
  };
})()"#;

/// Each lesson page's title, in reading order ("Page N of M").
fn lesson_titles(site: &ShippedSite) -> Vec<String> {
    let mut lessons: Vec<(usize, String)> = site
        .pages()
        .iter()
        .filter_map(|page| {
            let html = std::fs::read_to_string(site.root().join(page)).unwrap();
            let number = html.split("class=\"page-position\">Page ").nth(1)?;
            let number: usize = number.split(' ').next()?.parse().ok()?;
            let title = html.split("<h1>").nth(1)?.split("</h1>").next()?;
            Some((number, title.replace("&#x27;", "'").replace("&amp;", "&")))
        })
        .collect();
    lessons.sort();
    lessons.into_iter().map(|(_, title)| title).collect()
}

/// The shipped book's `print.html` open under print media at an A4 page's content width, what
/// [`PRINTED`] finds there, and the lessons' titles in reading order; `None` without Chromium.
fn printed_book(test: &str, what: &str) -> Option<(Chromium, Arc<Tab>, Value, Vec<String>)> {
    let chromium = launch(test, what)?;
    let site = ShippedSite::build();
    let expected = lesson_titles(&site);
    assert!(
        expected.len() >= 6,
        "the shipped book's lessons: {expected:?}"
    );
    let tab = chromium.tab();
    // The page holds every lesson (megabytes of HTML); on a busy machine it loads far slower
    // than a lesson page, so its waits are long.
    tab.set_default_timeout(PRINT_PAGE_PATIENCE);
    emulate(&tab, "print", "light");
    metrics(&tab, CONTENT_WIDTH, 1000);
    open(&tab, &site.url("print.html"));
    let printed = eval_json(&tab, PRINTED);
    Some((chromium, tab, printed, expected))
}

#[test]
fn the_whole_book_prints_every_lesson_in_reading_order_each_from_a_new_page() {
    let Some((_chromium, tab, printed, expected)) = printed_book(
        "print_browser::every_lesson",
        "The whole-book print page printed to PDF (print.html)",
    ) else {
        return;
    };
    let titles: Vec<&str> = printed["titles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|title| title.as_str().unwrap())
        .collect();
    assert_eq!(titles, expected, "every lesson, in reading order");
    assert_eq!(
        printed["unbroken"],
        serde_json::json!([]),
        "every lesson starts a new printed page"
    );
    // `[print] math` is "mathml" by default: the browser draws every formula's MathML with the
    // shipped math font, and no KaTeX drawing is on the page.
    let formulas = printed["formulas"].as_u64().unwrap();
    assert!(formulas > 100, "{formulas} formulas");
    assert_eq!(
        printed["undrawn"], 0,
        "every formula that is shown is drawn"
    );
    assert_eq!(printed["katex"], 0, "no KaTeX drawing");
    assert_eq!(
        printed["fonts"],
        serde_json::json!(["\"STIX Two Math\", math"]),
        "formulas use the shipped math font"
    );
    let pdf = tab
        .print_to_pdf(Some(PrintToPdfOptions {
            paper_width: Some(PAPER.0),
            paper_height: Some(PAPER.1),
            ..PrintToPdfOptions::default()
        }))
        .expect("print to PDF");
    assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    let pages = pdf
        .windows(b"/Type /Page".len() + 1)
        .filter(|window| window.starts_with(b"/Type /Page") && window[window.len() - 1] != b's')
        .count();
    assert!(
        pages > expected.len(),
        "{pages} printed pages for {} lessons, each starting a page",
        expected.len()
    );
}

#[test]
fn no_formula_or_table_of_the_printed_book_is_cut_at_the_page_edge() {
    let Some((_chromium, _tab, printed, _)) = printed_book(
        "print_browser::nothing_cut",
        "Formulas and tables of the whole-book print page fit the printed page",
    ) else {
        return;
    };
    assert_eq!(
        printed["cut"],
        serde_json::json!([]),
        "formulas and tables wider than the printed page are cut off"
    );
}

/// The print page's ids that occur more than once, and every in-page reference (`href="#…"`,
/// `for`, `headers`, `aria-*` id lists, SVG `url(#…)`) whose id is not on the page; with how
/// many ids and links were looked at.
const REFERENCES: &str = r#"(() => {
  const ids = new Map();
  for (const el of document.querySelectorAll('[id]')) ids.set(el.id, (ids.get(el.id) || 0) + 1);
  const duplicated = [...ids].filter(([, count]) => count > 1).map(([id, count]) => `${id} (${count} times)`);
  const dangling = [];
  const lists = ['for', 'headers', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-details'];
  let links = 0;
  for (const el of document.querySelectorAll('*')) {
    for (const { name, value } of el.attributes) {
      let wanted = [];
      if ((name === 'href' || name === 'xlink:href') && value.startsWith('#') && value.length > 1) {
        wanted = [decodeURIComponent(value.slice(1))];
        links++;
      } else if (lists.includes(name)) {
        wanted = value.split(/\s+/).filter(Boolean);
      } else if (value.includes('url(#')) {
        wanted = [...value.matchAll(/url\(#([^)]+)\)/g)].map((match) => match[1]);
      }
      for (const id of wanted) if (!ids.has(id)) dangling.push(`<${el.tagName.toLowerCase()} ${name}="${value}">`);
    }
  }
  return { ids: ids.size, links, duplicated, dangling };
})()"#;

/// The lessons' ids are prefixed and their links rewritten when they move onto the print page
/// (`worked::layout::print`); this is what the accessibility test relies on instead of axing
/// the page at every width and in every scheme (`accessibility::PRINT_PAGE`).
#[test]
fn the_print_page_has_unique_ids_and_every_in_page_reference_resolves() {
    let Some((_chromium, tab, _, expected)) = printed_book(
        "print_browser::references",
        "Unique ids and in-page links of the whole-book print page",
    ) else {
        return;
    };
    let found = eval_json(&tab, REFERENCES);
    assert!(
        found["ids"].as_u64().unwrap() > 10 * expected.len() as u64
            && found["links"].as_u64().unwrap() > expected.len() as u64,
        "the page's ids and links were looked at: {found}"
    );
    assert_eq!(found["duplicated"], serde_json::json!([]), "ids used twice");
    assert_eq!(
        found["dangling"],
        serde_json::json!([]),
        "references to ids that are not on the page"
    );
}
