//! Real-browser tests that pages fit their screen: on the shipped book at 360 and 1280 px, no
//! display formula, table or code block is wider than its box without a visible cue; long
//! formulas show their line-broken drawing on a phone (with one MathML copy each); and the
//! arrow keys scroll a focused wide formula instead of turning the page.
//!
//! Chromium is found and launched as in `widget_browser` (a missing Chromium fails under
//! `CI=true` and skips loudly otherwise).

use crate::accessibility::settle;
use crate::browser::launch;
use crate::browser::navigate;
use crate::browser::{eval, eval_json, metrics, search_for, wait_for};
use crate::support::{Book, ShippedSite};
use headless_chrome::protocol::cdp::Emulation;
use headless_chrome::Tab;
use serde_json::Value;

/// What these tests check, for the notice when Chromium is missing.
const CHECKS: &str = "Wide content and narrow screens";

/// Opens `url` and waits until its widgets have drawn, the fonts are in and scroll-regions.js
/// has measured again.
fn open(tab: &Tab, url: &str) {
    navigate(tab, url);
    crate::browser::wait_for_widgets(tab);
    settle(tab);
}

/// Every box on the page that scrolls sideways with no visible cue under it, described.
const UNCUED_OVERFLOW: &str = "Array.from(document.querySelectorAll(
        '.math-display, .worked-matrix-scroll, .lesson-content table, .ww-scroll, .ww-explain, pre'))
    .filter((box) => box.getClientRects().length > 0 && box.scrollWidth > box.clientWidth + 1)
    .filter((box) => {
        const cue = box.nextElementSibling;
        return !(cue && cue.classList.contains('scroll-cue')
            && cue.getBoundingClientRect().height > 0 && getComputedStyle(cue).visibility !== 'hidden'
            || cue && cue.hasAttribute('data-at-end'));
    })
    .map((box) => box.className + ': ' + box.textContent.replace(/\\s+/g, ' ').slice(0, 60))";

/// Display formulas shown line-broken, and any of them whose visible drawing or MathML is wrong.
const NARROW_FORMULAS: &str = "(() => {
    const shown = (element) => element && element.getClientRects().length > 0;
    const broken = Array.from(document.querySelectorAll('.math-display[data-layout=\"narrow\"]'));
    const wrong = broken.filter((box) =>
        box.querySelectorAll('math').length !== 1
        || shown(box.querySelector(':scope > .katex-display .katex-html'))
        || !shown(box.querySelector(':scope > .math-narrow .katex-html'))
        || box.querySelector(':scope > .math-narrow').getAttribute('aria-hidden') !== 'true');
    return { broken: broken.length, wrong: wrong.map((box) => box.textContent.slice(0, 60)) };
})()";

#[test]
fn on_the_shipped_book_nothing_overflows_without_a_cue_and_long_formulas_break_on_a_phone() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let site = ShippedSite::build();
    let tab = chromium.tab();
    let (mut broken_on_phone, mut broken_on_desktop) = (0, 0);
    let mut cued = 0;
    // One load per page: read at 360 px, then widened to 1280 px, where scroll-regions.js decides
    // again for every box that resized (as on a phone turned sideways), which `settle` waits for.
    for page in site.pages() {
        metrics(&tab, 360, 800);
        open(&tab, &site.url(&page));
        for width in [360, 1280] {
            metrics(&tab, width, 800);
            settle(&tab);
            let uncued = eval_json(&tab, UNCUED_OVERFLOW);
            assert_eq!(
                uncued,
                Value::Array(vec![]),
                "{page} at {width} px: boxes cut off without a scroll cue"
            );
            let page_width = eval(&tab, "document.documentElement.scrollWidth");
            assert!(
                page_width.as_u64() <= Some(u64::from(width)),
                "{page} at {width} px scrolls sideways as a whole ({page_width} px)"
            );
            let narrow = eval_json(&tab, NARROW_FORMULAS);
            assert_eq!(
                narrow["wrong"],
                Value::Array(vec![]),
                "{page} at {width} px: line-broken formulas must show only the broken drawing \
                 and keep one MathML copy"
            );
            let count = narrow["broken"].as_u64().unwrap();
            if width == 360 {
                broken_on_phone += count;
            } else {
                broken_on_desktop += count;
            }
            cued += eval(&tab, "document.querySelectorAll('.scroll-cue').length")
                .as_u64()
                .unwrap();
        }
    }
    assert!(
        broken_on_phone >= 10,
        "at 360 px the book's long formulas show their line-broken drawing ({broken_on_phone} did)"
    );
    assert!(
        broken_on_desktop < broken_on_phone / 4,
        "at 1280 px most formulas fit as written ({broken_on_desktop} were broken)"
    );
    assert!(cued > 0, "the book's wide tables are cued");
}

/// A two-page book whose first page has a formula far wider than a phone.
fn wide_formula_book() -> Book {
    let book = Book::empty();
    book.write("book.toml", "title = \"Wide\"\n");
    let terms: Vec<String> = (1..=40).map(|i| format!("x_{{{i}}}")).collect();
    book.write(
        "content/one.md",
        format!(
            "+++\ntitle = \"One\"\nweight = 1\n+++\n\nA sum:\n\n$${}$$\n\nAfter.\n\n$${}$$ {{#eq-sum}}\n",
            terms.join(" + "),
            terms.join(" - ")
        ),
    );
    book.write(
        "content/two.md",
        "+++\ntitle = \"Two\"\nweight = 2\n+++\n\nThe second page.\n",
    );
    book.build().succeeds();
    book
}

#[test]
fn arrow_right_on_a_focused_wide_formula_scrolls_it_and_stays_on_the_page() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = wide_formula_book();
    let tab = chromium.tab();
    metrics(&tab, 360, 800);
    let url = book.url("one.html");
    open(&tab, &url);
    wait_for(
        &tab,
        "document.querySelector('.math-display').tabIndex === 0",
    );
    eval(&tab, "document.querySelector('.math-display').focus()");
    tab.press_key("ArrowRight").expect("press →");
    wait_for(
        &tab,
        "document.querySelector('.math-display').scrollLeft > 0",
    );
    tab.press_key("ArrowLeft").expect("press ←");
    wait_for(
        &tab,
        "document.querySelector('.math-display').scrollLeft === 0",
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(
        eval(&tab, "window.location.href")
            .as_str()
            .unwrap()
            .ends_with("/public/one.html"),
        "the arrow keys scrolled the formula and did not turn the page"
    );
    assert!(
        eval(
            &tab,
            "document.querySelector('.math-display + .scroll-cue') !== null"
        )
        .as_bool()
        .unwrap(),
        "the wide formula has a scroll cue"
    );
    // A numbered one: its cue stands on a line of its own under the formula, and the number
    // beside the formula at the right, not pushed down or squeezed.
    let numbered = eval_json(
        &tab,
        "(() => {
            const box = document.querySelector('.equation > .math-display');
            const cue = box.nextElementSibling;
            const number = document.querySelector('.equation > .equation-number');
            const [b, c, n] = [box, cue, number].map((e) => e.getBoundingClientRect());
            return { cued: cue.classList.contains('scroll-cue'),
                     below: c.top >= b.bottom - 1 && c.top >= n.bottom - 1,
                     beside: n.left >= b.right - 1 && n.top < b.bottom && n.bottom > b.top,
                     cueWidth: c.width, boxWidth: b.width };
        })()",
    );
    assert_eq!(numbered["cued"], true, "{numbered}");
    assert_eq!(
        numbered["below"], true,
        "the cue stands under the numbered formula: {numbered}"
    );
    assert_eq!(
        numbered["beside"], true,
        "the number stays beside the formula: {numbered}"
    );

    // Focus elsewhere, the same key still turns the page.
    eval(&tab, "document.activeElement.blur()");
    tab.press_key("ArrowRight").expect("press →");
    wait_for(&tab, "window.location.href.endsWith('/public/two.html')");
}

#[test]
fn without_javascript_a_phone_shows_the_line_broken_drawing() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = Book::empty();
    book.write("book.toml", "title = \"Broken\"\n");
    book.write(
        "content/one.md",
        "+++\ntitle = \"One\"\n+++\n\n$$Q = XW_Q, \\qquad K = XW_K, \\qquad V = XW_V.$$\n",
    );
    book.build().succeeds();
    let tab = chromium.tab();
    tab.call_method(Emulation::SetScriptExecutionDisabled { value: true })
        .expect("turn JavaScript off");
    let url = book.url("one.html");
    let shown = |tab: &Tab| {
        eval(
            tab,
            "document.querySelector('.math-narrow').getClientRects().length > 0",
        )
    };
    // Loaded without `settle`: with scripts off, a promise the page is asked to keep never
    // settles, and there is no script to wait for.
    metrics(&tab, 360, 800);
    crate::accessibility::open(&tab, &url);
    assert_eq!(shown(&tab), Value::Bool(true), "a phone shows three lines");
    metrics(&tab, 1280, 800);
    crate::accessibility::open(&tab, &url);
    assert_eq!(shown(&tab), Value::Bool(false), "a desktop shows one line");
}

#[test]
fn the_404_page_shown_for_a_nested_address_keeps_its_styles_scripts_and_links() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = Book::empty();
    book.write("book.toml", "title = \"Lost and found\"\n");
    book.write(
        "content/part/one.md",
        "+++\ntitle = \"One\"\n+++\n\n## Zebras\n\nA zebra crosses the page.\n",
    );
    let server = crate::serve::Server::start(book.root());
    let tab = chromium.tab();
    metrics(&tab, 1280, 800);
    let missing = format!("http://{}/part/deep/typo.html", server.address);
    navigate(&tab, &missing);
    wait_for(&tab, "document.body.classList.contains('nav-ready')");
    assert_eq!(
        eval(&tab, "document.querySelector('h1').textContent"),
        Value::from("Page not found")
    );
    // style.css came from the site's root: the header is laid out as on every page.
    wait_for(
        &tab,
        "getComputedStyle(document.querySelector('.skip-link')).position === 'absolute'",
    );
    let root = format!("http://{}/", server.address);
    for (selector, target) in [
        (".not-found-home", "index.html"),
        (".not-found-search", "index.html#search"),
        (".site-title", "index.html"),
    ] {
        assert_eq!(
            eval(&tab, &format!("document.querySelector('{selector}').href")),
            Value::from(format!("{root}{target}")),
            "{selector} leads to the site's root"
        );
    }
    // The sidebar was drawn from book-toc.js and links the lesson from the root.
    assert_eq!(
        eval(
            &tab,
            "document.querySelector('#book-nav a[href$=\"one.html\"]').href"
        ),
        Value::from(format!("{root}part/one.html"))
    );
    // "search the book" opens search on the contents page, and search finds the lesson.
    crate::browser::click(&tab, ".not-found-search");
    wait_for(
        &tab,
        "window.location.pathname === '/index.html' && !document.getElementById('search').hidden",
    );
    wait_for(&tab, "document.readyState === 'complete'");
    assert_eq!(
        eval(&tab, "document.activeElement.id"),
        Value::from("search-input")
    );
    search_for(&tab, "zebra", 1);
}

/// Emulates print media (after the page has loaded, as a reader's Print does) or the screen.
fn print_media(tab: &Tab, print: bool) {
    tab.call_method(Emulation::SetEmulatedMedia {
        media: Some(if print { "print" } else { "screen" }.into()),
        features: None,
    })
    .expect("emulate the medium");
}

/// Tables, formulas and code wider than the printed column, and any element whose content is
/// wider than its box where the box clips it (overflow other than visible: lost on paper, as a
/// widget's 3×16 tables once were, issue 42), described.
const PRINTED_OVERFLOW: &str = "(() => {
    const column = document.getElementById('main').getBoundingClientRect();
    const describe = (box) => box.tagName + '.' + box.className + ': ' + box.textContent.slice(0, 40);
    const wide = Array.from(document.querySelectorAll('main table, main .math-display, main pre'))
        .filter((box) => box.getClientRects().length > 0)
        .filter((box) => box.getBoundingClientRect().right > column.right + 1 || box.scrollWidth > box.clientWidth + 1)
        .map(describe);
    const clipped = Array.from(document.querySelectorAll('main *'))
        .filter((box) => box.getClientRects().length > 0 && getComputedStyle(box).overflowX !== 'visible')
        // (A visually hidden label is a 1 px box that clips on purpose.)
        .filter((box) => box.clientWidth > 1 && box.scrollWidth > box.clientWidth + 1)
        .map((box) => 'clipped ' + describe(box));
    return wide.concat(clipped);
})()";

#[test]
fn printed_lessons_keep_every_column_on_the_paper_and_a_page_of_figures_stays_small() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let site = ShippedSite::build();
    let tab = chromium.tab();
    // An A4 sheet's printable width at 96 px to the inch, less the margins.
    metrics(&tab, 718, 1000);
    for page in site.pages() {
        print_media(&tab, false);
        open(&tab, &site.url(&page));
        print_media(&tab, true);
        wait_for(&tab, "matchMedia('print').matches");
        // scroll-regions.js fits the page to paper when the media changes; its bands and zooms
        // are measured again by resize observers before the frame after next.
        settle(&tab);
        assert_eq!(
            eval_json(&tab, PRINTED_OVERFLOW),
            Value::Array(vec![]),
            "{page}: printed, these are wider than the paper"
        );
        let kept = eval_json(
            &tab,
            "Array.from(document.querySelectorAll('main h2, main table, main figure:not(.worked-widget)'), (e) =>
                e.tagName === 'H2' ? getComputedStyle(e).breakAfter : getComputedStyle(e).breakInside)",
        );
        for value in kept.as_array().unwrap() {
            assert_eq!(
                value.as_str(),
                Some("avoid"),
                "{page}: headings stay with what follows, tables and figures whole (a widget, long on paper, may break between its tables)"
            );
        }
    }
    print_media(&tab, false);
    open(&tab, &site.url("foundations/gradient-descent.html"));
    let pdf = tab.print_to_pdf(None).expect("print to PDF");
    assert!(pdf.starts_with(b"%PDF"), "a PDF");
    assert!(
        pdf.len() < 2_000_000,
        "the gradient-descent lesson, eleven figures, prints to {} bytes (it was 9 MB when its \
         dashed axes ran far past the plots)",
        pdf.len()
    );
}
