//! Real-browser test of cross-reference popovers, over file:// as a reader who opens the built
//! folder from disk: focusing a reference with the keyboard or hovering it with the mouse shows
//! a copy of its target (the typeset formula with its number, the figure), named by the link's
//! `aria-describedby` and holding nothing to tab to; Escape and moving away close it.
//!
//! Chromium is found and launched as in `widget_browser` (a missing Chromium fails under
//! `CI=true` and skips loudly otherwise). The ignored test `cross_reference_screenshots` writes
//! both pages at 360 and 1280 px, light and dark, with a popover open, to `$WORKED_SCREENSHOTS`.

use crate::book_browser::viewport;
use crate::browser::launch;
use crate::browser::navigate;
use crate::browser::{color_scheme, eval, metrics, screenshot_folder, shoot, wait_for};
use crate::cross_references::two_page_book;
use crate::support::Book;
use headless_chrome::Tab;
use serde_json::Value;

/// What these tests check, for the notice when Chromium is missing.
const CHECKS: &str = "Cross-reference popovers in a browser";

fn open(tab: &Tab, book: &Book, page: &str) {
    navigate(tab, &book.url(page));
    wait_for(tab, "document.getElementById('xref-popover') !== null");
}

const POPOVER_SHOWN: &str = "!document.getElementById('xref-popover').hidden";

fn built() -> Book {
    let book = two_page_book();
    book.build().succeeds();
    book
}

#[test]
fn a_focused_or_hovered_reference_shows_its_target_and_escape_closes_it() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = built();
    let tab = chromium.tab();
    metrics(&tab, 1280, 900);
    open(&tab, &book, "referrer.html");
    assert_eq!(
        eval(&tab, POPOVER_SHOWN),
        Value::Bool(false),
        "closed at first"
    );

    tab.find_element("a.xref[data-xref='eq-scores']")
        .expect("the reference")
        .focus()
        .expect("focus");
    wait_for(&tab, POPOVER_SHOWN);
    let popover = "document.getElementById('xref-popover')";
    assert_eq!(
        eval(
            &tab,
            &format!("{popover}.querySelector('.equation-number').textContent")
        ),
        Value::from("(1.1)")
    );
    assert_eq!(
        eval(
            &tab,
            &format!("{popover}.querySelectorAll('.katex').length > 0")
        ),
        Value::Bool(true),
        "the typeset formula"
    );
    assert_eq!(
        eval(
            &tab,
            "document.activeElement.getAttribute('aria-describedby')"
        ),
        Value::from("xref-popover")
    );
    assert_eq!(
        eval(&tab, &format!("{popover}.getAttribute('role')")),
        Value::from("tooltip")
    );
    assert_eq!(
        eval(
            &tab,
            &format!("{popover}.querySelectorAll('[tabindex]:not([tabindex=\"-1\"]), a[href]:not([tabindex=\"-1\"])').length")
        ),
        Value::from(0),
        "nothing in the popover takes focus"
    );
    tab.press_key("Escape").expect("Escape");
    wait_for(&tab, &format!("!({POPOVER_SHOWN})"));
    assert_eq!(
        eval(
            &tab,
            "document.activeElement.hasAttribute('aria-describedby')"
        ),
        Value::Bool(false)
    );

    tab.find_element("a.xref[data-xref='fig-guess']")
        .expect("the figure's reference")
        .move_mouse_over()
        .expect("hover");
    wait_for(&tab, POPOVER_SHOWN);
    assert_eq!(
        eval(
            &tab,
            &format!("{popover}.querySelector('figure svg') !== null")
        ),
        Value::Bool(true),
        "the figure"
    );
    let inside = eval(
        &tab,
        &format!("(function () {{ var box = {popover}.getBoundingClientRect(); return box.left >= 0 && box.right <= document.documentElement.clientWidth; }})()"),
    );
    assert_eq!(inside, Value::Bool(true), "inside the window");
    tab.find_element("h1")
        .expect("the title")
        .move_mouse_over()
        .expect("away");
    wait_for(&tab, &format!("!({POPOVER_SHOWN})"));
}

#[test]
#[ignore = "writes screenshots for a person to look at"]
fn cross_reference_screenshots() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = built();
    let folder = screenshot_folder();
    let tab = chromium.tab();
    for scheme in ["light", "dark"] {
        color_scheme(&tab, scheme);
        for width in [360, 1280] {
            metrics(&tab, width, 800);
            for page in ["targets", "referrer"] {
                open(&tab, &book, &format!("{page}.html"));
                shoot(
                    &tab,
                    width,
                    &folder.join(format!("xref-{page}-{width}-{scheme}.png")),
                );
            }
            tab.find_element("a.xref[data-xref='def-softmax']")
                .expect("a reference")
                .focus()
                .expect("focus");
            wait_for(&tab, POPOVER_SHOWN);
            viewport(
                &tab,
                &folder.join(format!("xref-popover-{width}-{scheme}.png")),
            );
        }
    }
    eprintln!("screenshots in {}", folder.display());
}
