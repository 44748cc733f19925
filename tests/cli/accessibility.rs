//! Accessibility and validity of the shipped book, page by page, as CI checks them:
//!
//! - axe-core (the npm package pinned in `package.json`) runs on every page at 1280 and 360 px,
//!   in the light and the dark colour scheme (and at 360 px without JavaScript), and any serious
//!   or critical violation fails the test, named by page, rule and element;
//! - the Nu HTML checker (`vnu-jar`, pinned the same way, run on the machine's Java) reads every
//!   page and must report no error;
//! - printing with a dark system theme gives black text on white on every page.
//!
//! The book is `worked build` of this repository's own `content/`, into a temporary folder, so a
//! lesson that adds a violation fails here. Without Chromium, Node's packages or Java the tests
//! skip loudly, and fail under `CI=true` (`.ci/run` installs all of them).

use crate::browser::launch;
use crate::browser::{eval, metrics, wait_for};
use crate::common::tool_available;
use crate::support::ShippedSite;
use headless_chrome::protocol::cdp::Emulation;
use headless_chrome::Tab;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// How long one axe run on one page may take (the attention lesson is large).
const AXE_PATIENCE: Duration = Duration::from_secs(240);

/// The repository's `node_modules/<package>/<file>`, or why it is missing.
pub(crate) fn npm_file(package: &str, file: &str) -> Result<PathBuf, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("node_modules")
        .join(package)
        .join(file);
    if path.is_file() {
        Ok(path)
    } else {
        Err(format!("{} is missing", path.display()))
    }
}

/// Emulates a screen or print (`media`) in the light or dark colour scheme.
pub(crate) fn emulate(tab: &Tab, media: &str, scheme: &str) {
    tab.call_method(Emulation::SetEmulatedMedia {
        media: Some(media.into()),
        features: Some(vec![Emulation::MediaFeature {
            name: "prefers-color-scheme".into(),
            value: scheme.into(),
        }]),
    })
    .unwrap();
}

/// Opens `url` and waits until it has loaded and its scripts have run.
pub(crate) fn open(tab: &Tab, url: &str) {
    tab.navigate_to(url).expect("navigate");
    tab.wait_until_navigated().expect("page loads");
    wait_for(tab, "document.readyState === 'complete'");
}

/// Opens `url` with or without running the page's scripts. Without, they are turned back on once
/// the page has loaded, which runs none of the page's own but lets a checker's script run.
fn open_with_scripts(tab: &Tab, url: &str, scripts: bool) {
    let disable = |value| {
        tab.call_method(Emulation::SetScriptExecutionDisabled { value })
            .unwrap()
    };
    disable(!scripts);
    open(tab, url);
    assert_eq!(
        eval(tab, "document.body.classList.contains('nav-ready')"),
        Value::from(scripts),
        "{url}: the page's scripts ran exactly when they should"
    );
    disable(false);
}

/// One serious or critical axe violation, as a line a person can act on. axe-core is loaded
/// into the page unless an earlier call on the same page already loaded it.
pub(crate) fn violations(tab: &Tab, axe_source: &str) -> Vec<String> {
    if eval(tab, "typeof axe === 'undefined'") == Value::Bool(true) {
        tab.evaluate(axe_source, false).expect("load axe-core");
    }
    let script = r#"axe.run(document, { resultTypes: ['violations'] }).then((results) =>
        JSON.stringify(results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .flatMap((v) => v.nodes.map((n) =>
            `${v.impact} ${v.id} (${v.help}) at ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`))))"#;
    let result = tab.evaluate(script, true).expect("run axe-core");
    let text = result.value.expect("axe returns its findings");
    serde_json::from_str(text.as_str().expect("JSON text")).expect("valid JSON")
}

/// The whole-book page, axed once (1280 px, light, with its scripts) rather than five times.
/// Its lessons are the lesson pages' own content HTML, which the five passes already check at
/// both widths, in both schemes and without JavaScript; what it adds (the cover, the contents,
/// each lesson's wrapper and heading, ids and links rewritten by `layout::print`) does not
/// change with width or colour scheme. At 2.6 MB one axe pass over it takes about 25 s on a
/// loaded two-core machine, so the five passes cost minutes for nothing new. What the rewriting
/// could break, ids that collide and in-page links that lead nowhere, is checked directly by
/// `print_browser::the_print_page_has_unique_ids_and_every_in_page_reference_resolves`.
const PRINT_PAGE: &str = "print.html";

/// The screens each lesson is axed in with its scripts: one load of the page, then the colour
/// scheme and the width are switched on the loaded page, as a reader's system theme or a turned
/// phone switches them. The page's colours are CSS alone (no script reads the scheme), and what
/// scripts decide by width (scroll-regions.js) they decide again on every resize, which
/// [`settle`] waits for; so each view is what a fresh load in it shows, on one load instead of four.
const VIEWS: [(&str, u32); 4] = [
    ("light", 1280),
    ("dark", 1280),
    ("dark", 360),
    ("light", 360),
];

/// Waits until the page has answered a change of screen: its resize observers run before the
/// frame after next is drawn, and the fonts are in.
pub(crate) fn settle(tab: &Tab) {
    tab.evaluate(
        "document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))",
        true,
    )
    .expect("the page draws again");
}

#[test]
fn axe_finds_no_serious_or_critical_violation_on_any_page_at_both_widths_in_both_schemes() {
    let test = "accessibility::axe";
    let what = "Accessibility of every page (axe-core)";
    let axe = npm_file("axe-core", "axe.min.js");
    if !tool_available(
        test,
        axe.clone().map(drop),
        what,
        "Run `npm ci` at the repo root",
    ) {
        return;
    }
    let Some(chromium) = launch(test, what) else {
        return;
    };
    let axe_source = std::fs::read_to_string(axe.unwrap()).expect("read axe-core");
    let site = ShippedSite::build();
    let pages = site.pages();
    assert!(
        pages.iter().any(|page| page == PRINT_PAGE),
        "the book has {PRINT_PAGE}"
    );
    // Two tabs at once, each taking every other page: axe is slow and the machine has two cores.
    // Each lesson is axed in every view of VIEWS on one load with its scripts, then once more
    // at 360 px, light, without JavaScript, as the build wrote it; the print page once, at
    // 1280 px, light (see PRINT_PAGE).
    let found: Vec<Vec<String>> = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..2)
            .map(|first| {
                let (chromium, site, axe_source, pages) = (&chromium, &site, &axe_source, &pages);
                scope.spawn(move || {
                    let tab = chromium.tab();
                    tab.set_default_timeout(AXE_PATIENCE);
                    let mut found = Vec::new();
                    let mut axe_in = |view: &str, page: &str| {
                        for violation in violations(&tab, axe_source) {
                            found.push(format!("{page} at {view}: {violation}"));
                        }
                    };
                    for page in pages.iter().skip(first).step_by(2) {
                        emulate(&tab, "screen", "light");
                        metrics(&tab, 1280, 800);
                        open_with_scripts(&tab, &site.url(page), true);
                        if page == PRINT_PAGE {
                            axe_in("1280 px, light", page);
                            continue;
                        }
                        for (scheme, width) in VIEWS {
                            emulate(&tab, "screen", scheme);
                            metrics(&tab, width, 800);
                            settle(&tab);
                            axe_in(&format!("{width} px, {scheme}"), page);
                        }
                        emulate(&tab, "screen", "light");
                        metrics(&tab, 360, 800);
                        open_with_scripts(&tab, &site.url(page), false);
                        axe_in("360 px, light without JavaScript", page);
                    }
                    found
                })
            })
            .collect();
        runs.into_iter().map(|run| run.join().unwrap()).collect()
    });
    let found = found.concat();
    assert!(
        found.is_empty(),
        "{} serious or critical accessibility violations on {} pages:\n{}",
        found.len(),
        pages.len(),
        found.join("\n")
    );
}

/// `java` runs, or why not.
fn java() -> Result<(), String> {
    match Command::new("java").arg("-version").output() {
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => Err(format!("`java -version` exited with {}", out.status)),
        Err(error) => Err(format!("cannot run `java`: {error}")),
    }
}

/// A page the checker must reject, so a checker that checks nothing cannot pass: KaTeX's own
/// MathML for `\lambda_{\max}`, a named operator loose in a subscript.
const CANARY: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Canary</title></head><body><p><math><msub><mi>λ</mi><mi>max</mi><mo>\u{2061}</mo></msub></math></p></body></html>\n";

#[test]
fn the_nu_html_checker_finds_no_error_on_any_page() {
    let test = "accessibility::vnu";
    let what = "HTML validity of every page (the Nu HTML checker)";
    let jar = npm_file("vnu-jar", "build/dist/vnu.jar");
    if !tool_available(
        test,
        jar.clone().map(drop),
        what,
        "Run `npm ci` at the repo root",
    ) || !tool_available(
        test,
        java(),
        what,
        "Install Java (apt-get install default-jre-headless)",
    ) {
        return;
    }
    let site = ShippedSite::build();
    let pages = site.pages();
    // Beside the site, not in it: the built book is shared with other tests, which read every page.
    let canary_folder = tempfile::tempdir().unwrap();
    let canary = canary_folder.path().join("canary-must-fail.html");
    std::fs::write(&canary, CANARY).unwrap();
    let out = Command::new("java")
        .arg("-jar")
        .arg(jar.unwrap())
        .args(["--errors-only", "--format", "gnu"])
        .args(pages.iter().map(|page| site.root().join(page)))
        .arg(&canary)
        .output()
        .expect("run the Nu HTML checker");
    let report =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    let errors: Vec<&str> = report
        .lines()
        .filter(|line| line.contains(": error: "))
        .collect();
    let (canary_errors, page_errors): (Vec<&str>, Vec<&str>) = errors
        .iter()
        .partition(|line| line.contains("canary-must-fail.html"));
    assert!(
        canary_errors
            .iter()
            .any(|line| line.contains("“mo” not allowed as child of element “msub”")),
        "the checker did not flag the canary page, so it checked nothing:\n{report}"
    );
    let root = format!("{}/", site.root().display());
    assert!(
        page_errors.is_empty(),
        "{} HTML errors in {} pages:\n{}",
        page_errors.len(),
        pages.len(),
        page_errors.join("\n").replace(&root, "")
    );
}

/// Every visible element's text colour, background, fill and stroke, keyed by a path that
/// names it, for comparing one colour scheme's print with the other's; and every text colour
/// whose contrast with white is below 4.5:1, as `path: colour`.
const PRINT_COLOURS: &str = r#"(() => {
  // Each element's path is its parent's plus its own step, so a parent's is computed once, not
  // once per descendant (print.html has tens of thousands of elements).
  const paths = new Map();
  const path = (el) => {
    if (!el || el === document.body) return '';
    let known = paths.get(el);
    if (known === undefined) {
      let index = 1;
      for (let sibling = el.previousElementSibling; sibling; sibling = sibling.previousElementSibling) index++;
      const above = path(el.parentElement);
      known = `${above ? above + '>' : ''}${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}:${index}`;
      paths.set(el, known);
    }
    return known;
  };
  const luminance = (colour) => {
    const [r, g, b] = (colour.match(/[\d.]+/g) || ['0', '0', '0']).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const colours = {};
  const faint = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!el.checkVisibility()) continue;
    // A table too wide for paper is swapped for print-only bands of its columns once print
    // layout applies (scroll-regions.js), a moment after the media changes: the bands are
    // copies of cells checked here on the original, in whichever scheme is emulated first.
    if (el.closest('.print-band, .print-banded')) continue;
    const style = getComputedStyle(el);
    colours[path(el)] = [style.color, style.backgroundColor, style.fill, style.stroke].join(' ');
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (ownText && !el.closest('svg') && 1.05 / (luminance(style.color) + 0.05) < 4.5) {
      faint.push(`${path(el)} "${el.textContent.trim().slice(0, 40)}": ${style.color}`);
    }
  }
  return JSON.stringify({ colours, faint });
})()"#;

#[test]
fn printing_any_page_with_a_dark_system_theme_gives_what_a_light_one_gives_dark_on_white() {
    let test = "accessibility::print";
    let Some(chromium) = launch(test, "Print colours of every page") else {
        return;
    };
    let site = ShippedSite::build();
    let tab = chromium.tab();
    // print.html holds every lesson (megabytes of HTML): loading it and reading every element's
    // colours takes far longer than a lesson page, so this tab waits as long as axe's do.
    tab.set_default_timeout(AXE_PATIENCE);
    metrics(&tab, 1280, 800);
    let style = |selector: &str, property: &str| {
        eval(
            &tab,
            &format!(
                "Array.from(document.querySelectorAll({})).map((el) => getComputedStyle(el).{property}).join(' ')",
                serde_json::Value::from(selector)
            ),
        )
        .as_str()
        .unwrap()
        .to_string()
    };
    let mut problems = Vec::new();
    let mut figures = 0;
    for page in site.pages() {
        open(&tab, &site.url(&page));
        let mut by_scheme = Vec::new();
        for scheme in ["light", "dark"] {
            emulate(&tab, "print", scheme);
            let json = eval(&tab, PRINT_COLOURS);
            let seen: Value = serde_json::from_str(json.as_str().unwrap()).unwrap();
            for faint in seen["faint"].as_array().unwrap() {
                problems.push(format!("{page}, print, {scheme}: faint text at {faint}"));
            }
            by_scheme.push(seen["colours"].as_object().unwrap().clone());
            assert_eq!(style("body", "color"), "rgb(0, 0, 0)", "{page} {scheme}");
            assert_eq!(
                style("body", "backgroundColor"),
                "rgb(255, 255, 255)",
                "{page} {scheme}"
            );
            for hidden in [
                ".book-nav",
                ".toc",
                ".pager",
                ".search-panel",
                ".sidebar-toggle",
            ] {
                let shown = style(hidden, "display");
                assert!(
                    shown
                        .split(' ')
                        .all(|display| display == "none" || display.is_empty()),
                    "{page}: {hidden} is printed"
                );
            }
            let math = style(".math-display", "display");
            assert!(!math.contains("none"), "{page}: display math is printed");
            let drawn = style(".worked-figure svg", "display");
            assert!(!drawn.contains("none"), "{page}: figures are printed");
            figures += drawn.split(' ').filter(|d| !d.is_empty()).count();
        }
        let (light, dark) = (&by_scheme[0], &by_scheme[1]);
        // Elements only one scheme's pass saw are print layout that scroll-regions.js builds a
        // moment after the media changes (column bands of over-wide tables), not colours.
        for (element, colours) in dark {
            if light.get(element).is_some_and(|seen| seen != colours) {
                problems.push(format!(
                    "{page}: {element} prints as {colours} with a dark system theme, {} with a light one",
                    light[element]
                ));
            }
        }
        emulate(&tab, "screen", "light");
    }
    assert!(figures > 0, "the shipped book's figures were looked at");
    assert!(
        problems.is_empty(),
        "{} print problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_on_this_page_list_marks_the_section_being_read_as_the_reader_scrolls() {
    let Some(chromium) = launch(
        "accessibility::toc_spy",
        "The current section in the On this page list",
    ) else {
        return;
    };
    let site = ShippedSite::build();
    let tab = chromium.tab();
    metrics(&tab, 1280, 800);
    open(&tab, &site.url("transformers/attention.html"));
    let marked = "[...document.querySelectorAll('.toc a[aria-current]')].map((a) => a.getAttribute('href')).join(' ')";
    let links = eval(
        &tab,
        "[...document.querySelectorAll('.toc a')].map((a) => a.getAttribute('href')).join(' ')",
    );
    let links: Vec<String> = links
        .as_str()
        .unwrap()
        .split(' ')
        .map(str::to_string)
        .collect();
    assert!(links.len() >= 4, "the lesson has sections: {links:?}");
    assert_eq!(
        eval(&tab, marked),
        Value::from(""),
        "nothing above the first heading"
    );
    for target in [&links[2], &links[1], &links[links.len() / 2]] {
        eval(
            &tab,
            &format!(
                "document.getElementById({}).scrollIntoView({{ block: 'start' }})",
                serde_json::Value::from(&target[1..])
            ),
        );
        wait_for(
            &tab,
            &format!("({marked}) === {}", Value::from(target.as_str())),
        );
    }
    eval(
        &tab,
        "window.scrollTo(0, document.documentElement.scrollHeight)",
    );
    let last_visible = "[...document.querySelectorAll('.toc a')].map((a) => document.getElementById(a.getAttribute('href').slice(1))).filter((h) => h.getBoundingClientRect().top < innerHeight).pop().id";
    wait_for(&tab, &format!("({marked}) === '#' + ({last_visible})"));
    eval(&tab, "window.scrollTo(0, 0)");
    wait_for(&tab, &format!("({marked}) === ''"));
}

/// Which display formulas of the open page are tab stops, and which scroll, as JSON text.
const FORMULA_STOPS: &str = "JSON.stringify([...document.querySelectorAll('.math-display')].map((box) => ({ stop: box.tabIndex === 0 && box.hasAttribute('tabindex'), scrolls: box.scrollWidth > box.clientWidth + 1, name: box.getAttribute('aria-label'), role: box.getAttribute('role') })))";

fn formula_stops(tab: &Tab) -> Vec<Value> {
    let text = eval(tab, FORMULA_STOPS);
    serde_json::from_str::<Vec<Value>>(text.as_str().unwrap()).unwrap()
}

#[test]
fn only_display_formulas_that_scroll_are_tab_stops_and_without_javascript_all_are() {
    let Some(chromium) = launch(
        "accessibility::scroll_regions",
        "Keyboard access to formulas that scroll",
    ) else {
        return;
    };
    let site = ShippedSite::build();
    let tab = chromium.tab();
    let page = site.url("transformers/attention.html");
    let mut scrolling_at = Vec::new();
    for width in [360, 1280] {
        metrics(&tab, width, 800);
        open(&tab, &page);
        wait_for(&tab, "document.fonts.status === 'loaded'");
        // The script decides after the fonts have loaded; give it that frame.
        wait_for(&tab, &format!("(() => {{ const f = JSON.parse({FORMULA_STOPS}); return f.every((b) => b.stop === b.scrolls); }})()"));
        let formulas = formula_stops(&tab);
        assert!(formulas.len() > 5, "the lesson has display formulas");
        for formula in &formulas {
            assert_eq!(formula["name"], "Formula");
            assert_eq!(formula["role"], "group");
        }
        let scrolling = formulas.iter().filter(|f| f["scrolls"] == true).count();
        assert!(
            scrolling < formulas.len(),
            "at {width} px some formulas fit, and they are not tab stops"
        );
        scrolling_at.push(scrolling);
    }
    assert!(
        scrolling_at[0] > 0 && scrolling_at[0] > scrolling_at[1],
        "more formulas scroll on a phone than on a wide screen: {scrolling_at:?}"
    );

    // Turning the phone sideways: the boxes that no longer scroll leave the tab order.
    metrics(&tab, 360, 800);
    open(&tab, &page);
    wait_for(
        &tab,
        &format!(
            "JSON.parse({FORMULA_STOPS}).filter((b) => b.stop).length === {}",
            scrolling_at[0]
        ),
    );
    metrics(&tab, 1280, 800);
    wait_for(
        &tab,
        &format!(
            "JSON.parse({FORMULA_STOPS}).filter((b) => b.stop).length === {}",
            scrolling_at[1]
        ),
    );

    let no_script = chromium.tab();
    no_script
        .call_method(Emulation::SetScriptExecutionDisabled { value: true })
        .unwrap();
    metrics(&no_script, 360, 800);
    open(&no_script, &page);
    let formulas = formula_stops(&no_script);
    assert!(
        formulas.iter().all(|f| f["stop"] == true),
        "without JavaScript every display formula is a tab stop, so the wide ones are reachable"
    );
}

#[test]
fn wide_code_and_plain_tables_become_named_tab_stops_and_narrow_ones_do_not() {
    let Some(chromium) = launch(
        "accessibility::scroll_regions_markdown",
        "Keyboard access to code and tables that scroll",
    ) else {
        return;
    };
    let long_line = "x".repeat(200);
    let wide_row = (1..=30)
        .map(|n| format!("| column {n} "))
        .collect::<String>();
    let rule = "| --- ".repeat(30);
    let book = crate::support::Book::with_lesson(
        "wide.md",
        &crate::support::lesson(
            "Wide things",
            &format!(
                "```text\n{long_line}\n```\n\n```text\nshort\n```\n\n{wide_row}|\n{rule}|\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n"
            ),
        ),
    );
    book.build().succeeds();
    let tab = chromium.tab();
    metrics(&tab, 360, 800);
    open(
        &tab,
        &format!("file://{}", book.path("public/wide.html").display()),
    );
    let stops = "JSON.stringify([...document.querySelectorAll('.lesson-content pre, .lesson-content table')].map((box) => box.hasAttribute('tabindex') ? box.getAttribute('aria-label') : null))";
    wait_for(
        &tab,
        &format!("{stops} === JSON.stringify(['Code', null, 'Table', null])"),
    );
    metrics(&tab, 1280, 800);
    wait_for(
        &tab,
        &format!("{stops} === JSON.stringify(['Code', null, 'Table', null])"),
    );
}
