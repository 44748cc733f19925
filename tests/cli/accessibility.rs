//! Accessibility and validity of the shipped book, page by page, as CI checks them:
//!
//! - axe-core (the npm package pinned in `package.json`) runs on every page at 1280 and 360 px,
//!   in the light and the dark colour scheme (and at 360 px without JavaScript), and any serious
//!   or critical violation fails the test, named by page, rule and element; in the dark scheme
//!   only the rules that read colours run, since the dark scheme changes nothing else (checked
//!   over the built stylesheets);
//! - the Nu HTML checker (`vnu-jar`, pinned the same way, run on the machine's Java) reads every
//!   page, and a page of a small book under `[math] output = "mathml"`, and must report no error;
//! - printing with a dark system theme gives black text on white on every page.
//!
//! The book is `worked build` of this repository's own `content/`, into a temporary folder, so a
//! lesson that adds a violation fails here. Without Chromium, Node's packages or Java the tests
//! skip loudly, and fail under `CI=true` (`.ci/run` installs all of them).

use crate::browser::launch;
use crate::browser::navigate;
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
    navigate(tab, url);
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
    axe_run(tab, axe_source, None).1
}

/// Runs axe-core with its default rules, or only those of `only` that it runs by default: the
/// ids of the rules that ran, and the serious or critical violations.
fn axe_run(tab: &Tab, axe_source: &str, only: Option<&[&str]>) -> (Vec<String>, Vec<String>) {
    if eval(tab, "typeof axe === 'undefined'") == Value::Bool(true) {
        tab.evaluate(axe_source, false).expect("load axe-core");
    }
    let only = only.map_or(Value::Null, |ids| Value::from(ids.to_vec()));
    let script = format!(
        r#"(() => {{
        const only = {only};
        const rules = only && Object.fromEntries(axe.getRules().map((r) => r.ruleId)
          .filter((id) => !only.includes(id)).map((id) => [id, {{ enabled: false }}]));
        return axe.run(document, {{ resultTypes: ['violations'], ...(rules && {{ rules }}) }}).then((results) =>
          JSON.stringify([
            [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((r) => r.id),
            results.violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .flatMap((v) => v.nodes.map((n) =>
                `${{v.impact}} ${{v.id}} (${{v.help}}) at ${{n.target.join(' ')}}: ${{n.failureSummary.replace(/\s+/g, ' ')}}`))]));
        }})()"#
    );
    let result = tab.evaluate(&script, true).expect("run axe-core");
    let text = result.value.expect("axe returns its findings");
    serde_json::from_str(text.as_str().expect("JSON text")).expect("valid JSON")
}

/// The axe-core version [`DARK_RULES`] was read from.
const AUDITED_AXE: &str = "4.14.1";

/// The axe rules whose outcome can depend on colours, read from axe-core's source (the rules
/// whose checks or selection read a computed colour): the contrast of text
/// (`color-contrast`, and `color-contrast-enhanced`, off by default), of links against the
/// text around them (`link-in-text-block`), and the table rules whose data-table heuristic
/// counts rows of differing background colour (`th-has-data-cells`, and the experimental
/// `td-has-header` and `table-fake-caption`, off by default). The dark views run only these:
/// [`the_dark_scheme_changes_nothing_but_colours`] proves the dark scheme sets nothing but
/// colours, so every other rule answers in dark as in light at the same width, where it has
/// already run. Each pass of the colour rules is most of an axe run's time, but not all.
const DARK_RULES: [&str; 6] = [
    "color-contrast",
    "color-contrast-enhanced",
    "link-in-text-block",
    "th-has-data-cells",
    "td-has-header",
    "table-fake-caption",
];

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
/// The dark views run only [`DARK_RULES`].
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

/// Properties whose every value is a colour: what a colour-scheme block may set besides custom
/// properties that hold colours.
const COLOUR_PROPERTIES: [&str; 17] = [
    "color",
    "background-color",
    "border-color",
    "border-top-color",
    "border-right-color",
    "border-bottom-color",
    "border-left-color",
    "outline-color",
    "text-decoration-color",
    "caret-color",
    "accent-color",
    "column-rule-color",
    "fill",
    "stroke",
    "stop-color",
    "flood-color",
    "scrollbar-color",
];

/// One declaration of a stylesheet, with the preludes of the blocks around it (`@media …`,
/// selectors), outermost first.
#[derive(Debug)]
struct Declaration {
    file: String,
    blocks: Vec<String>,
    property: String,
    value: String,
}

/// The declarations of `css`, and any statement outside a block (`@import …`), which has an
/// empty property. Enough CSS for the shipped stylesheets: comments, strings, nested blocks and
/// parentheses (so `;` inside `url(…)` does not split).
fn declarations(file: &str, css: &str) -> Vec<Declaration> {
    let mut found = Vec::new();
    let mut blocks: Vec<String> = Vec::new();
    let mut text = String::new();
    let mut chars = css.chars().peekable();
    let mut parentheses = 0usize;
    let end = |text: &mut String, blocks: &[String], found: &mut Vec<Declaration>| {
        let statement = text.trim();
        if !statement.is_empty() {
            let (property, value) = match statement.split_once(':') {
                Some((property, value)) if !blocks.is_empty() => (property.trim(), value.trim()),
                _ => ("", statement),
            };
            found.push(Declaration {
                file: file.to_string(),
                blocks: blocks.to_vec(),
                property: property.to_ascii_lowercase(),
                value: value.to_string(),
            });
        }
        text.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            '"' | '\'' => {
                text.push(c);
                while let Some(inner) = chars.next() {
                    text.push(inner);
                    if inner == '\\' {
                        text.extend(chars.next());
                    } else if inner == c {
                        break;
                    }
                }
            }
            '(' => {
                parentheses += 1;
                text.push(c);
            }
            ')' => {
                parentheses = parentheses.saturating_sub(1);
                text.push(c);
            }
            ';' if parentheses == 0 => end(&mut text, &blocks, &mut found),
            '{' if parentheses == 0 => {
                blocks.push(text.trim().to_string());
                text.clear();
            }
            '}' if parentheses == 0 => {
                end(&mut text, &blocks, &mut found);
                blocks.pop();
            }
            _ => text.push(c),
        }
    }
    found
}

/// Whether `value` is a colour wherever it is used: a colour literal or function, or a custom
/// property (with any fallback) that holds a colour in every declaration of it.
fn is_colour(value: &str, all: &[Declaration], seen: &mut Vec<String>) -> bool {
    let value = value.trim().trim_end_matches("!important").trim();
    let lower = value.to_ascii_lowercase();
    if lower.starts_with('#')
        || ["transparent", "currentcolor", "white", "black"].contains(&&*lower)
    {
        return true;
    }
    let Some((function, rest)) = lower.split_once('(') else {
        return false;
    };
    // One call spanning the whole value, not `rgb(…) 2px`.
    let Some(arguments) = rest.strip_suffix(')') else {
        return false;
    };
    if function == "var" {
        let (name, fallback) = match arguments.split_once(',') {
            Some((name, fallback)) => (name.trim(), Some(fallback)),
            None => (arguments.trim(), None),
        };
        let declared = all.iter().any(|d| d.property == name);
        return (declared || fallback.is_some())
            && holds_colour(name, all, seen)
            && fallback.is_none_or(|fallback| is_colour(fallback, all, seen));
    }
    let colour_functions = [
        "rgb",
        "rgba",
        "hsl",
        "hsla",
        "hwb",
        "lab",
        "lch",
        "oklab",
        "oklch",
        "color",
        "color-mix",
        "light-dark",
    ];
    colour_functions.contains(&function)
        && arguments.matches('(').count() == arguments.matches(')').count()
}

/// Whether the custom property `name` holds a colour in every one of its declarations (a
/// property being resolved is taken to, so a cycle ends).
fn holds_colour(name: &str, all: &[Declaration], seen: &mut Vec<String>) -> bool {
    if seen.iter().any(|known| known == name) {
        return true;
    }
    seen.push(name.to_string());
    let holds = all
        .iter()
        .filter(|d| d.property == name)
        .all(|declaration| is_colour(&declaration.value, all, seen));
    seen.pop();
    holds
}

/// Every declaration of `stylesheets` that applies in one colour scheme and not the other and
/// sets something other than a colour, as a line a person can act on, and how many
/// scheme-dependent declarations there are.
fn scheme_changes_beyond_colour(stylesheets: &[(String, String)]) -> (Vec<String>, usize) {
    let all: Vec<Declaration> = stylesheets
        .iter()
        .flat_map(|(file, css)| declarations(file, css))
        .collect();
    let mut problems = Vec::new();
    let mut dependent = 0;
    for declaration in &all {
        let asks = |text: &str| text.contains("prefers-color-scheme");
        if declaration.property.is_empty() {
            if asks(&declaration.value) {
                problems.push(format!(
                    "{}: `{}` loads styles by colour scheme; put them in an `@media` block of colours",
                    declaration.file, declaration.value
                ));
            }
            continue;
        }
        if !declaration.blocks.iter().any(|block| asks(block)) {
            continue;
        }
        dependent += 1;
        let colour_only = COLOUR_PROPERTIES.contains(&&*declaration.property)
            || (declaration.property.starts_with("--")
                && holds_colour(&declaration.property, &all, &mut Vec::new()));
        if !colour_only {
            problems.push(format!(
                "{}: `{} {{ {}: {} }}` changes more than a colour with the colour scheme; set only colours there (or custom properties that hold a colour everywhere)",
                declaration.file,
                declaration.blocks.join(" { "),
                declaration.property,
                declaration.value
            ));
        }
    }
    (problems, dependent)
}

#[test]
fn the_dark_scheme_changes_nothing_but_colours() {
    // The checker flags what it must: a hidden element, a custom property that is a length in
    // one of its declarations, and a stylesheet imported by scheme.
    let canary = |css: &str| {
        let (problems, _) = scheme_changes_beyond_colour(&[("canary.css".into(), css.into())]);
        problems.len()
    };
    assert_eq!(canary(":root { --gap: #fff; }\n@media screen and (prefers-color-scheme: dark) { :root { --gap: #000; } .x { color: var(--gap, #111); fill: red } }"), 0);
    assert_eq!(
        canary("@media (prefers-color-scheme: dark) { .toc { display: none; } }"),
        1
    );
    assert_eq!(canary(":root { --gap: 1rem; }\n@media (prefers-color-scheme: dark) { :root { --gap: #000; } }"), 1);
    assert_eq!(
        canary("@media (prefers-color-scheme: dark) { .a { background: url(\"x;y.png\") } }"),
        1
    );
    assert_eq!(
        canary("@import url(dark.css) (prefers-color-scheme: dark);"),
        1
    );

    let site = ShippedSite::build();
    let files = crate::support::files_under(&site.root());
    let stylesheets: Vec<(String, String)> = files
        .iter()
        .filter(|(path, _)| path.ends_with(".css"))
        .map(|(path, bytes)| (path.clone(), String::from_utf8_lossy(bytes).into_owned()))
        .collect();
    assert!(
        stylesheets.len() >= 3,
        "the site's stylesheets: {:?}",
        files.keys()
    );
    let (mut problems, dependent) = scheme_changes_beyond_colour(&stylesheets);
    assert!(
        dependent >= 10,
        "the shipped stylesheets have a dark scheme ({dependent} declarations)"
    );
    // Pages and scripts take the scheme only through the stylesheets (a `<link media>`, an
    // inline `<style>` or `matchMedia` would escape the check above).
    for (path, bytes) in &files {
        if (path.ends_with(".html") || path.ends_with(".js"))
            && String::from_utf8_lossy(bytes).contains("prefers-color-scheme")
        {
            problems.push(format!("{path} asks for the colour scheme itself"));
        }
    }
    assert!(
        problems.is_empty(),
        "axe checks the dark scheme's colours only (see DARK_RULES), which is sound while the dark scheme changes nothing but colours:\n{}",
        problems.join("\n")
    );
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
    assert!(
        axe_source.contains(&format!("axe.version=\"{AUDITED_AXE}\"")),
        "axe-core is no longer {AUDITED_AXE}: read its rules again for those that depend on colour, update DARK_RULES, then AUDITED_AXE"
    );
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
                    let mut axe_in = |view: &str, page: &str, only: Option<&[&str]>| {
                        let (ran, violations) = axe_run(&tab, axe_source, only);
                        if let Some(only) = only {
                            assert!(
                                ran.iter().all(|id| only.contains(&id.as_str()))
                                    && ran.iter().any(|id| id == "color-contrast"),
                                "{page} at {view}: axe ran exactly the colour rules: {ran:?}"
                            );
                        }
                        for violation in violations {
                            found.push(format!("{page} at {view}: {violation}"));
                        }
                    };
                    for page in pages.iter().skip(first).step_by(2) {
                        emulate(&tab, "screen", "light");
                        metrics(&tab, 1280, 800);
                        open_with_scripts(&tab, &site.url(page), true);
                        if page == PRINT_PAGE {
                            axe_in("1280 px, light", page, None);
                            continue;
                        }
                        for (scheme, width) in VIEWS {
                            emulate(&tab, "screen", scheme);
                            metrics(&tab, width, 800);
                            settle(&tab);
                            let only = (scheme == "dark").then_some(&DARK_RULES[..]);
                            axe_in(&format!("{width} px, {scheme}"), page, only);
                        }
                        emulate(&tab, "screen", "light");
                        metrics(&tab, 360, 800);
                        open_with_scripts(&tab, &site.url(page), false);
                        axe_in("360 px, light without JavaScript", page, None);
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
    // A page whose formulas are MathML only (`[math] output = "mathml"`), with a `\tag`, styled
    // letters and accents, which the shipped book (KaTeX's drawing) does not show.
    let mathml = crate::support::Book::with_lesson("notation.md", crate::build::NOTATION);
    mathml.write("book.toml", "[math]\noutput = \"mathml\"\n");
    mathml.build().succeeds();
    let out = Command::new("java")
        .arg("-jar")
        .arg(jar.unwrap())
        .args(["--errors-only", "--format", "gnu"])
        .args(pages.iter().map(|page| site.root().join(page)))
        .arg(mathml.path("public/notation.html"))
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

/// What printing the open page shows in the colour scheme `scheme` names (`'light'`, then
/// `'dark'` on the same load), as JSON text, read in one pass over the page: every visible text
/// colour whose contrast with white is below 4.5:1, as `path "text": colour`; in the dark pass,
/// every visible element whose text colour, background, fill or stroke differs from what the
/// light pass saw on the same element, as `path: dark, light`; and the `display` of the page's
/// furniture, display math and figures, and the body's colours.
const PRINT_COLOURS: &str = r#"((scheme) => {
  // Each element's path is its parent's plus its own step, so a parent's is computed once, not
  // once per descendant; only elements that are reported need one.
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
  // The light pass keeps each element's colours on the page for the dark pass to compare with.
  if (scheme === 'light') window.printedInLight = new Map();
  const light = window.printedInLight;
  const faint = [];
  const differ = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!el.checkVisibility()) continue;
    // A table too wide for paper is swapped for print-only bands of its columns once print
    // layout applies (scroll-regions.js), a moment after the media changes: the bands are
    // copies of cells checked here on the original, in whichever scheme is emulated first.
    if (el.closest('.print-band, .print-banded')) continue;
    const style = getComputedStyle(el);
    const colours = [style.color, style.backgroundColor, style.fill, style.stroke].join(' ');
    if (scheme === 'light') {
      light.set(el, colours);
    } else if (light.has(el) && light.get(el) !== colours) {
      // Elements only one scheme's pass saw are print layout that scroll-regions.js builds a
      // moment after the media changes (column bands of over-wide tables), not colours.
      differ.push(`${path(el)} prints as ${colours} with a dark system theme, ${light.get(el)} with a light one`);
    }
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (ownText && !el.closest('svg') && 1.05 / (luminance(style.color) + 0.05) < 4.5) {
      faint.push(`${path(el)} "${el.textContent.trim().slice(0, 40)}": ${style.color}`);
    }
  }
  const style = (selector, property) =>
    [...document.querySelectorAll(selector)].map((el) => getComputedStyle(el)[property]).join(' ');
  const hidden = {};
  for (const selector of ['.book-nav', '.toc', '.pager', '.search-panel', '.sidebar-toggle']) {
    hidden[selector] = style(selector, 'display');
  }
  return JSON.stringify({
    faint,
    differ,
    body: [style('body', 'color'), style('body', 'backgroundColor')],
    hidden,
    math: style('.math-display', 'display'),
    drawn: style('.worked-figure svg', 'display'),
  });
})"#;

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
    let mut problems = Vec::new();
    let mut figures = 0;
    for page in site.pages() {
        open(&tab, &site.url(&page));
        for scheme in ["light", "dark"] {
            emulate(&tab, "print", scheme);
            let json = eval(&tab, &format!("{PRINT_COLOURS}('{scheme}')"));
            let seen: Value = serde_json::from_str(json.as_str().unwrap()).unwrap();
            for faint in seen["faint"].as_array().unwrap() {
                problems.push(format!("{page}, print, {scheme}: faint text at {faint}"));
            }
            for differ in seen["differ"].as_array().unwrap() {
                problems.push(format!("{page}: {}", differ.as_str().unwrap()));
            }
            assert_eq!(seen["body"][0], "rgb(0, 0, 0)", "{page} {scheme}");
            assert_eq!(seen["body"][1], "rgb(255, 255, 255)", "{page} {scheme}");
            for (hidden, shown) in seen["hidden"].as_object().unwrap() {
                assert!(
                    shown
                        .as_str()
                        .unwrap()
                        .split(' ')
                        .all(|display| display == "none" || display.is_empty()),
                    "{page}: {hidden} is printed"
                );
            }
            let math = seen["math"].as_str().unwrap();
            assert!(!math.contains("none"), "{page}: display math is printed");
            let drawn = seen["drawn"].as_str().unwrap();
            assert!(!drawn.contains("none"), "{page}: figures are printed");
            figures += drawn.split(' ').filter(|d| !d.is_empty()).count();
        }
        // Back to the screen on a blank page, so the next page loads as a reader opens it
        // without this one (megabytes, for print.html) being laid out for the screen again.
        open(&tab, "about:blank");
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
    open(&tab, &book.url("wide.html"));
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
