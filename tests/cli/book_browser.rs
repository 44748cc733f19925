//! Real-browser tests of book navigation and search, over file:// as a reader who opens the
//! built folder from disk: the Contents button on a phone-width screen, the arrow keys for
//! previous and next, and search (type a word, follow a result to its heading).
//!
//! Chromium is found and launched as in `widget_browser` (a missing Chromium fails under
//! `CI=true` and skips loudly otherwise). Screenshots of a nested book at 360 and 1280 px, light
//! and dark, sidebar and search open, come from the ignored test `book_screenshots`:
//! `cargo test --test cli -- --ignored book_screenshots` writes them to `$WORKED_SCREENSHOTS`.

use crate::browser::launch;
use crate::browser::navigate;
use crate::browser::{click, color_scheme, eval, metrics, search_for, shoot, wait_for};
use crate::support::Book;
use headless_chrome::Tab;
use serde_json::Value;
use std::path::PathBuf;

/// What these tests check, for the notice when Chromium is missing.
const CHECKS: &str = "Book navigation and search in a browser";

/// A built three-page book in two folders, with a word to search for under a heading.
fn built_book() -> Book {
    let book = Book::empty();
    book.write("book.toml", "title = \"Browser book\"\n");
    book.write(
        "content/one.md",
        "+++\ntitle = \"One\"\nweight = 1\n+++\n\n## Opening\n\nThe first page.\n",
    );
    book.write(
        "content/part/index.md",
        "+++\ntitle = \"A part\"\nweight = 2\n+++\n\nThis part has one chapter.\n",
    );
    book.write(
        "content/part/deep/two.md",
        "+++\ntitle = \"Two\"\n+++\n\n## Plain\n\nNothing here.\n\n## Stripes\n\nA zebra crosses the page.\n",
    );
    book.build().succeeds();
    book
}

fn open(tab: &Tab, url: &str) {
    navigate(tab, url);
    wait_for(tab, "document.body.classList.contains('nav-ready')");
}

fn location(tab: &Tab) -> String {
    eval(tab, "window.location.href")
        .as_str()
        .unwrap_or_default()
        .to_string()
}

fn wait_for_location(tab: &Tab, ending: &str) {
    wait_for(
        tab,
        &format!(
            "window.location.href.endsWith({}) && document.readyState === 'complete'",
            Value::from(ending)
        ),
    );
}

#[test]
fn on_a_phone_the_contents_sit_behind_a_button_that_opens_them() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = built_book();
    let tab = chromium.tab();
    metrics(&tab, 360, 740);
    open(&tab, &book.url("part/deep/two.html"));
    let nav_display = "getComputedStyle(document.getElementById('book-nav')).display";
    assert_eq!(
        eval(&tab, nav_display),
        Value::from("none"),
        "closed at first"
    );
    click(&tab, ".sidebar-toggle");
    assert_ne!(
        eval(&tab, nav_display),
        Value::from("none"),
        "open after a tap"
    );
    assert_eq!(
        eval(
            &tab,
            "document.querySelector('.sidebar-toggle').getAttribute('aria-expanded')"
        ),
        Value::from("true")
    );
    assert_eq!(
        eval(
            &tab,
            "document.querySelector('#book-nav [aria-current=page]').textContent"
        ),
        Value::from("Two")
    );
    click(&tab, "#book-nav a[href='../../one.html']");
    wait_for_location(&tab, "/public/one.html");

    metrics(&tab, 1280, 800);
    open(&tab, &book.url("one.html"));
    assert_ne!(
        eval(&tab, nav_display),
        Value::from("none"),
        "always shown on a wide screen"
    );
}

#[test]
fn a_section_folds_with_a_button_beside_its_link_not_around_it() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = built_book();
    let tab = chromium.tab();
    metrics(&tab, 1280, 800);
    open(&tab, &book.url("one.html"));
    let toggle = "#book-nav .book-nav-section > .book-nav-row > button.book-nav-toggle";
    let state = format!(
        "[document.querySelector('{toggle}').getAttribute('aria-expanded'), \
         document.getElementById(document.querySelector('{toggle}').getAttribute('aria-controls')).hidden].join()"
    );
    assert_eq!(
        eval(&tab, &state),
        Value::from("false,true"),
        "folded away from the current page"
    );
    assert_eq!(
        eval(
            &tab,
            "document.querySelectorAll('#book-nav button a, #book-nav summary').length"
        ),
        Value::from(0),
        "no link inside a control"
    );
    assert_eq!(
        eval(
            &tab,
            &format!("document.querySelector('{toggle}').getAttribute('aria-label')")
        ),
        Value::from("A part"),
        "the button is named after its section"
    );
    click(&tab, toggle);
    assert_eq!(eval(&tab, &state), Value::from("true,false"), "unfolded");
    click(&tab, toggle);
    assert_eq!(
        eval(&tab, &state),
        Value::from("false,true"),
        "folded again"
    );

    open(&tab, &book.url("part/deep/two.html"));
    assert_eq!(
        eval(&tab, &state),
        Value::from("true,false"),
        "open around the current page"
    );
}

#[test]
fn the_arrow_keys_turn_the_pages_in_reading_order() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = built_book();
    let tab = chromium.tab();
    open(&tab, &book.url("one.html"));
    tab.press_key("ArrowRight").expect("press →");
    wait_for_location(&tab, "/public/part/index.html");
    wait_for(&tab, "document.body.classList.contains('nav-ready')");
    tab.press_key("ArrowRight").expect("press →");
    wait_for_location(&tab, "/public/part/deep/two.html");
    wait_for(&tab, "document.body.classList.contains('nav-ready')");
    tab.press_key("ArrowLeft").expect("press ←");
    wait_for_location(&tab, "/public/part/index.html");
}

#[test]
fn search_opens_with_slash_finds_a_word_and_leads_to_its_heading() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = built_book();
    let tab = chromium.tab();
    open(&tab, &book.url("one.html"));
    tab.press_key("/").expect("press /");
    wait_for(&tab, "!document.getElementById('search').hidden");
    assert_eq!(
        eval(&tab, "document.activeElement.id"),
        Value::from("search-input")
    );
    search_for(&tab, "zeb", 1);
    assert_eq!(
        eval(
            &tab,
            "document.querySelector('.search-result-title').textContent"
        ),
        Value::from("Two › Stripes")
    );
    click(&tab, ".search-results a");
    wait_for_location(&tab, "/public/part/deep/two.html?highlight=zeb#stripes");

    // From a page two folders deep, `s` opens search too, and the index still loads.
    wait_for(&tab, "document.body.classList.contains('nav-ready')");
    tab.press_key("s").expect("press s");
    wait_for(&tab, "!document.getElementById('search').hidden");
    search_for(&tab, "first", 1);
    assert!(
        eval(&tab, "document.querySelector('.search-results a').href")
            .as_str()
            .unwrap()
            .ends_with("/public/one.html?highlight=first#opening")
    );
    assert!(location(&tab).ends_with("#stripes"));
}

#[test]
fn search_results_are_reached_by_arrow_keys_and_highlight_the_words_where_they_lead() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = built_book();
    book.write(
        "content/three.md",
        "+++\ntitle = \"Three\"\nweight = 3\n+++\n\n## Stacking\n\nA layer norm, then `layer_norm` in code.\n",
    );
    book.build().succeeds();
    let tab = chromium.tab();
    open(&tab, &book.url("one.html"));
    tab.press_key("/").expect("press /");
    wait_for(&tab, "!document.getElementById('search').hidden");
    search_for(&tab, "page", 2);
    // The matched words are marked in the results.
    assert_eq!(
        eval(
            &tab,
            "document.querySelector('.search-results mark').textContent"
        ),
        Value::from("page")
    );
    tab.press_key("ArrowDown").expect("press ↓");
    let focused = "document.activeElement === document.querySelectorAll('.search-results a')";
    wait_for(&tab, &format!("{focused}[0]"));
    tab.press_key("ArrowDown").expect("press ↓");
    wait_for(&tab, &format!("{focused}[1]"));
    tab.press_key("ArrowUp").expect("press ↑");
    tab.press_key("ArrowUp").expect("press ↑");
    wait_for(&tab, "document.activeElement.id === 'search-input'");

    // `layernorm` finds "layer norm"; Enter in the field opens the first result, whose page
    // marks the words.
    eval(&tab, "document.getElementById('search-input').value = ''");
    search_for(&tab, "layernorm", 1);
    tab.press_key("Enter").expect("press Enter");
    wait_for_location(
        &tab,
        "/public/three.html?highlight=layernorm%20layer%20norm#stacking",
    );
    wait_for(
        &tab,
        "document.querySelectorAll('mark.search-hit').length === 2",
    );
    assert_eq!(
        eval(
            &tab,
            "Array.from(document.querySelectorAll('mark.search-hit'), (m) => m.textContent).join(' ')"
        ),
        Value::from("layer norm"),
        "the prose is marked; the code is left as it is"
    );
}

/// Screenshots for a person to look at: the shipped-style nested book at phone and desktop
/// widths, light and dark, with the sidebar and the search panel open.
#[test]
#[ignore = "writes screenshots for a person to look at"]
fn book_screenshots() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let root = std::env::var_os("WORKED_BOOK").map(PathBuf::from);
    let book = built_book();
    let site = match &root {
        Some(public) => public.clone(),
        None => book.path("public"),
    };
    let page = std::env::var("WORKED_PAGE").unwrap_or_else(|_| "part/deep/two.html".into());
    let folder = std::env::var_os("WORKED_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("worked-screenshots"));
    std::fs::create_dir_all(&folder).unwrap();
    for scheme in ["light", "dark"] {
        for width in [360, 1280] {
            let tab = chromium.tab();
            color_scheme(&tab, scheme);
            metrics(&tab, width, 800);
            open(&tab, &format!("file://{}", site.join(&page).display()));
            if width < 600 {
                click(&tab, ".sidebar-toggle");
                viewport(&tab, &folder.join(format!("contents-{width}-{scheme}.png")));
            }
            shoot(
                &tab,
                width,
                &folder.join(format!("book-{width}-{scheme}.png")),
            );
            tab.press_key("/").unwrap();
            tab.type_str("the").unwrap();
            wait_for(
                &tab,
                "document.querySelectorAll('.search-results a').length > 0",
            );
            viewport(&tab, &folder.join(format!("search-{width}-{scheme}.png")));
        }
    }
    eprintln!("screenshots in {}", folder.display());
}

/// What the reader sees without scrolling.
pub(crate) fn viewport(tab: &Tab, path: &std::path::Path) {
    let png = tab
        .capture_screenshot(
            headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption::Png,
            None,
            None,
            true,
        )
        .unwrap();
    std::fs::write(path, png).unwrap();
}
