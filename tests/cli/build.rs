//! `worked build`: the pages, the theme, relative links, determinism and atomic output.

use crate::support::{files_under, lesson, without_annotations, Book};
use std::collections::BTreeMap;

/// Values of every `name="…"` attribute in `html`, entities `&amp;` decoded.
fn attribute_values(html: &str, name: &str) -> Vec<String> {
    let marker = format!(" {name}=\"");
    html.match_indices(&marker)
        .map(|(at, _)| {
            let start = at + marker.len();
            let end = start + html[start..].find('"').expect("a closing quote");
            html[start..end].replace("&amp;", "&")
        })
        .collect()
}

/// Every `url(…)` in a stylesheet, without quotes.
fn css_urls(css: &str) -> Vec<String> {
    css.match_indices("url(")
        .map(|(at, _)| {
            let start = at + "url(".len();
            let end = start + css[start..].find(')').expect("a closing parenthesis");
            css[start..end].trim().trim_matches(['"', '\'']).to_string()
        })
        .collect()
}

/// A URL that leaves the site: a scheme, a protocol-relative `//host` or an absolute `/path`.
fn leaves_the_site(url: &str) -> bool {
    url.starts_with('/')
        || url.contains("://")
        || url.starts_with("http:")
        || url.starts_with("https:")
}

/// `target` (relative to the file at `from`) as a slash path relative to the output root.
fn resolve(from: &str, target: &str) -> String {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in target.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    parts.join("/")
}

/// `html` without `xmlns="…"` attributes.
fn without_namespaces(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(" xmlns=\"") {
        out.push_str(&rest[..at]);
        let value = &rest[at + " xmlns=\"".len()..];
        rest = &value[value.find('"').map_or(value.len(), |end| end + 1)..];
    }
    out.push_str(rest);
    out
}

fn html_files(site: &BTreeMap<String, Vec<u8>>) -> Vec<(&str, String)> {
    site.iter()
        .filter(|(path, _)| path.ends_with(".html"))
        .map(|(path, bytes)| (path.as_str(), String::from_utf8_lossy(bytes).into_owned()))
        .collect()
}

#[test]
fn builds_one_page_per_lesson_and_an_index_that_lists_them() {
    let book = Book::seed();
    book.build().succeeds();
    let site = book.files("public");
    assert!(site.contains_key("index.html"), "{:?}", site.keys());
    assert!(site.contains_key("attention.html"), "{:?}", site.keys());
    assert!(site.contains_key("softmax.html"), "{:?}", site.keys());
    let pages: Vec<&String> = site
        .keys()
        .filter(|path| path.ends_with(".html") && !path.contains('/'))
        .collect();
    assert_eq!(
        pages.len(),
        5,
        "only the index, two lessons, 404.html and print.html: {pages:?}"
    );
    let index = book.read("public/index.html");
    let attention = index
        .find("href=\"attention.html\"")
        .expect("index links attention");
    let softmax = index
        .find("href=\"softmax.html\"")
        .expect("index links softmax");
    assert!(attention < softmax, "lessons are listed in weight order");
    assert!(index.contains("Test Book"), "book.toml's title is used");
}

/// The print page is put together only as it is written; `serve` and `check --site` answer with
/// and compare the same bytes `build` writes.
#[test]
fn serve_and_check_see_the_print_page_build_writes() {
    let book = Book::seed();
    book.build().succeeds();
    let written = book.read("public/print.html");
    assert!(
        written.contains("print-lesson"),
        "the page holds the lessons"
    );
    let site = worked::pipeline::build_site(book.root(), worked::pipeline::Strictness::Lenient)
        .expect("the seed book builds")
        .site;
    assert!(
        !site.files.contains_key("print.html"),
        "the print page is not held whole"
    );
    let mut preview = worked::serve::preview::PreviewState::new();
    preview.record_success(site.clone());
    let served = preview.respond("GET", "/print.html");
    assert_eq!(served.status, 200);
    let lessons = written
        .find("<article class=\"lesson-article print-lesson\"")
        .unwrap()..written.find("</main>").unwrap();
    assert!(
        String::from_utf8(served.body)
            .unwrap()
            .contains(&written[lessons]),
        "serve answers with the lessons build wrote"
    );
    assert_eq!(held_print_page(site), written.as_bytes());
}

/// The print page of `site`, built in memory, put together whole.
fn held_print_page(mut site: worked::pipeline::RenderedSite) -> Vec<u8> {
    site.hold_print_page();
    site.files["print.html"].to_vec()
}

/// `build` writes the print page as its lessons are laid out, in reading order: a book read in
/// another order than its files' (a `SUMMARY.md` with a nested chapter, lessons linking to one
/// another) gets the page a build held in memory puts together.
#[test]
fn the_print_page_written_as_lessons_are_laid_out_is_the_one_held_whole() {
    let book = Book::empty();
    book.write(
        "book.toml",
        "title = \"Order\"\ncontents = \"SUMMARY.md\"\n",
    );
    book.write(
        "content/SUMMARY.md",
        "# Summary\n\n- [C](c.md)\n- [B](b.md)\n  - [Deep](part/deep.md)\n- [A](a.md)\n",
    );
    for name in ["a", "b", "c"] {
        let body = format!("Text of {name}, $x_{name}^2$, [to a](a.md#head).\n\n## Head\n");
        book.write(&format!("content/{name}.md"), lesson(name, &body));
    }
    book.write(
        "content/part/deep.md",
        lesson("Deep", "$$y = 1$$ and [up](../c.md).\n"),
    );
    book.build().succeeds();
    let written = book.read("public/print.html");
    let order: Vec<usize> = ["Text of c", "Text of b", "y = 1", "Text of a"]
        .iter()
        .map(|text| written.find(text).unwrap_or_else(|| panic!("{text}")))
        .collect();
    assert!(order.is_sorted(), "reading order: {order:?}");
    let site = worked::pipeline::build_site(book.root(), worked::pipeline::Strictness::Lenient)
        .expect("the book builds")
        .site;
    assert_eq!(held_print_page(site), written.as_bytes());
}

#[test]
fn print_false_leaves_out_the_whole_book_page_and_the_links_to_it() {
    let book = Book::seed();
    book.build().succeeds();
    let print = book.read("public/print.html");
    assert!(print.contains("print-lesson"), "the page holds the lessons");
    assert!(book
        .read("public/attention.html")
        .contains("href=\"print.html\""));

    book.write("book.toml", "title = \"Test Book\"\nprint = false\n");
    book.build().succeeds();
    let site = book.files("public");
    assert!(!site.contains_key("print.html"), "{:?}", site.keys());
    for (page, html) in html_files(&site) {
        assert!(!html.contains("print.html"), "{page} links the print page");
    }
    assert!(
        !site.keys().any(|path| path.starts_with("print-math/")),
        "the print page's math font goes only where the page is"
    );
}

/// The print page's formulas are their MathML only by default, drawn by the browser with the
/// math font shipped beside it; `[print] math = "katex"` gives it the lesson pages' formulas as
/// they are, without the font; a value that is neither is an error at the value.
#[test]
fn print_page_formulas_are_mathml_unless_book_toml_asks_for_katex() {
    let book = Book::seed();
    book.build().succeeds();
    let print = book.read("public/print.html");
    let lesson = book.read("public/softmax.html");
    assert!(lesson.contains("katex-html"), "lesson pages keep KaTeX");
    let formulas = print.matches("<math").count();
    assert!(formulas >= 4, "{formulas} formulas on the print page");
    for drawing in ["katex-html", "class=\"katex", "math-narrow"] {
        assert!(!print.contains(drawing), "the print page holds {drawing}");
    }
    assert!(
        print.contains("<math display=\"block\""),
        "display formulas"
    );
    assert!(
        print.contains("print-mathml") && print.contains("href=\"print-math/math.css\""),
        "the stylesheet's MathML rules apply"
    );
    assert!(
        !lesson.contains("print-math/math.css"),
        "lesson pages do not load it"
    );
    let site = book.files("public");
    assert!(site.contains_key("print-math/STIXTwoMath-Regular.woff2"));
    assert!(site.contains_key("print-math/OFL.txt"));

    book.write(
        "book.toml",
        "title = \"Test Book\"\n[print]\nmath = \"katex\"\n",
    );
    book.build().succeeds();
    let print = book.read("public/print.html");
    let lesson = book.read("public/softmax.html");
    let display = |html: &str| {
        let start = html.find("<span class=\"katex-display\">").unwrap();
        let end = start + html[start..].find("</annotation>").unwrap();
        html[start..end].to_string()
    };
    assert!(
        print.contains(&display(&lesson)),
        "the lesson's KaTeX markup: {}",
        display(&lesson)
    );
    assert!(print.contains("katex-html"));
    assert!(
        !print.contains("print-mathml"),
        "KaTeX's hidden MathML keeps its font"
    );
    assert!(!book
        .files("public")
        .keys()
        .any(|path| path.starts_with("print-math/")));

    book.write(
        "book.toml",
        "title = \"Test Book\"\n[print]\nmath = \"mathjax\"\n",
    );
    book.build()
        .exits_with(1)
        .stderr_has("book.toml:3:8")
        .stderr_has("expected `mathml` or `katex`");
}

/// A lesson whose formulas stand where every kind of page text puts them: a heading (and so
/// the page's contents), a numbered equation (and so its popover), a table and its caption, and
/// `\tag`, a styled letter and an ASCII accent inside them.
pub(crate) const NOTATION: &str = r#"+++
title = "Notation"
+++

## Why divide by $\sqrt{d_k}$

A vector $\mathbf{q}$ and an estimate $\hat{y}$:

$$ \mathbf{q} \cdot \mathbf{k} = \sum_i q_i k_i \tag{7} $$

$$ s = \frac{q k}{\sqrt{d_k}} $$ {#eq-scaled}

See @eq-scaled.

| $n$ | $n^2$ |
|---|---|
| 2 | 4 |

Table: Squares of $n$ {#tbl-squares}
"#;

/// `[math] output = "mathml"` makes every formula on every page only its `<math>` element,
/// drawn with the shipped font and stylesheet, and leaves KaTeX's stylesheet and fonts out;
/// `"katex"` is the default, and gives exactly what no setting gives.
#[test]
fn math_output_mathml_gives_every_page_mathml_only_and_katex_is_the_default() {
    let book = Book::seed();
    book.write("content/notation.md", NOTATION);
    book.build().succeeds();
    let default = book.files("public");
    book.write(
        "book.toml",
        "title = \"Test Book\"\n[math]\noutput = \"katex\"\n",
    );
    book.build().succeeds();
    assert!(
        book.files("public") == default,
        "output = \"katex\" is the default"
    );
    let notation = String::from_utf8(default["notation.html"].clone()).unwrap();
    assert!(notation.contains("katex-html") && notation.contains("katex/katex.min.css"));
    assert!(!notation.contains("print-math/math.css"));
    assert!(default.contains_key("katex/fonts/KaTeX_Main-Regular.woff2"));

    book.write(
        "book.toml",
        "title = \"Test Book\"\n[math]\noutput = \"mathml\"\n",
    );
    book.build().succeeds();
    let site = book.files("public");
    for (page, html) in html_files(&site) {
        for katex in [
            "katex-html",
            "class=\"katex",
            "math-narrow",
            "katex.min.css",
        ] {
            assert!(!html.contains(katex), "{page} holds {katex}");
        }
        assert!(
            html.contains("href=\"print-math/math.css\"")
                || html.contains("href=\"../print-math/math.css\""),
            "{page} links the math stylesheet"
        );
    }
    let notation = String::from_utf8(site["notation.html"].clone()).unwrap();
    let toc_start = notation.find("class=\"toc").expect("the page's contents");
    assert!(
        notation[toc_start..].find("<math").unwrap()
            < notation[toc_start..].find("</nav>").unwrap(),
        "the heading's formula in the contents is MathML"
    );
    for shown in [
        "<mi>𝐪</mi>",
        "<mo>\u{2C6}</mo>",
        "mtable width=\"100%\"",
        "<math display=\"block\"",
        "<template class=\"xref-target\"",
        "Squares of <math",
    ] {
        assert!(notation.contains(shown), "{shown} in {notation}");
    }
    for page in ["attention.html", "softmax.html", "print.html"] {
        let html = String::from_utf8(site[page].clone()).unwrap();
        assert!(html.contains("<math display=\"block\""), "{page}");
    }
    assert!(!site
        .keys()
        .any(|path| path.starts_with("katex/") && path != "katex/LICENSE"));
    for kept in [
        "katex/LICENSE",
        "print-math/STIXTwoMath-Regular.woff2",
        "print-math/OFL.txt",
        "print-math/math.css",
    ] {
        assert!(site.contains_key(kept), "{kept}");
    }
    let css = String::from_utf8(site["print-math/math.css"].clone()).unwrap();
    assert_eq!(css_urls(&css), ["STIXTwoMath-Regular.woff2"]);

    book.write(
        "book.toml",
        "title = \"Test Book\"\n[math]\noutput = \"html\"\n",
    );
    book.build()
        .exits_with(1)
        .stderr_has("book.toml:3:10")
        .stderr_has("expected `katex` or `mathml`");
}

#[test]
fn formulas_are_typeset_by_katex_with_mathml_and_no_raw_tex_is_left() {
    let book = Book::seed();
    book.build().succeeds();
    for page in ["attention.html", "softmax.html"] {
        let html = book.read(&format!("public/{page}"));
        assert!(html.contains("class=\"katex\""), "{page} has KaTeX markup");
        assert!(
            html.contains("class=\"katex-display\""),
            "{page} has display math"
        );
        assert!(html.contains("<math"), "{page} has MathML");
        let visible = without_annotations(&html);
        assert!(!visible.contains("$$"), "{page} has raw $$ left");
        assert!(!visible.contains("\\frac"), "{page} has raw \\frac left");
        assert!(!visible.contains("\\sqrt"), "{page} has raw \\sqrt left");
    }
    let softmax = book.read("public/softmax.html");
    assert!(
        softmax
            .contains("<annotation encoding=\"application/x-tex\">\\mathrm{softmax}(x)_i = \\frac"),
        "the TeX source is kept for screen readers and copying"
    );
}

#[test]
fn keep_going_cards_link_to_pages_that_exist() {
    let book = Book::seed();
    book.build().succeeds();
    for (page, target) in [
        ("attention.html", "softmax.html"),
        ("softmax.html", "attention.html"),
    ] {
        let html = book.read(&format!("public/{page}"));
        let section = &html[html
            .find("class=\"keep-going\"")
            .expect("a keep-going section")..];
        let section = &section[..section.find("</section>").expect("the section ends")];
        let links = attribute_values(section, "href");
        assert_eq!(links, vec![target.to_string()], "cards of {page}");
        assert!(book.path("public").join(target).is_file());
    }
}

#[test]
fn every_link_and_source_in_every_page_is_relative_and_resolves() {
    let book = Book::seed();
    book.write(
        "content/widget.md",
        format!(
            "+++\ntitle = \"Widget\"\nweight = 3\n+++\n\n{}\n```widget\nexample = \"cat\"\n```\n",
            crate::support::CAT_BLOCK
        ),
    );
    book.build().succeeds();
    let site = book.files("public");
    let mut checked = 0;
    for (path, html) in html_files(&site) {
        for url in attribute_values(&html, "href")
            .into_iter()
            .chain(attribute_values(&html, "src"))
        {
            // The one address from the host's root, on purpose: the 404 page's root finder, for
            // a server showing that page at a nested address (templates/404.html).
            let url = if path == "404.html" && url == "/js/not-found.js" {
                url[1..].to_string()
            } else {
                url
            };
            assert!(
                !leaves_the_site(&url),
                "{path} links outside the site: {url}"
            );
            let (file, anchor) = url.split_once('#').unwrap_or((&url, ""));
            let target = if file.is_empty() {
                path.to_string()
            } else {
                resolve(path, file)
            };
            let bytes = site.get(&target).unwrap_or_else(|| {
                panic!("{path} links to {url}, but {target} is not in the output")
            });
            if !anchor.is_empty() {
                let id = format!("id=\"{anchor}\"");
                assert!(
                    String::from_utf8_lossy(bytes).contains(&id),
                    "{path} links to {url}, but {target} has no {id}"
                );
            }
            checked += 1;
        }
    }
    assert!(
        checked > 20,
        "only {checked} links were found; the scan is broken"
    );
    let widget = book.read("public/widget.html");
    assert!(
        widget.contains("src=\"js/compute-widget.js\""),
        "the widget page loads its script"
    );
}

#[test]
fn no_page_or_stylesheet_loads_anything_from_another_host() {
    let book = Book::seed();
    book.build().succeeds();
    let site = book.files("public");
    let mut stylesheets = 0;
    for (path, bytes) in &site {
        let text = String::from_utf8_lossy(bytes);
        if path.ends_with(".css") {
            stylesheets += 1;
            assert!(
                !text.contains("http:") && !text.contains("https:"),
                "{path} names a host"
            );
            assert!(
                !text.contains("@import"),
                "{path} imports another stylesheet"
            );
            for url in css_urls(&text) {
                assert!(!leaves_the_site(&url), "{path} loads {url}");
                if !url.starts_with("data:") {
                    let target = resolve(path, &url);
                    assert!(
                        site.contains_key(&target),
                        "{path} loads {url}, which is missing"
                    );
                }
            }
        } else if path.ends_with(".html") {
            // MathML and KaTeX's SVGs declare namespaces with URLs that are never fetched.
            let text = without_namespaces(&text);
            assert!(
                !text.contains("http://") && !text.contains("https://"),
                "{path} names a host"
            );
            assert!(
                !text.contains("=\"//"),
                "{path} has a protocol-relative URL"
            );
        }
    }
    assert!(stylesheets >= 2, "style.css and katex.min.css are checked");
}

#[test]
fn katex_stylesheet_fonts_and_licences_are_copied_to_the_output() {
    let book = Book::seed();
    book.build().succeeds();
    let site = book.files("public");
    assert!(site.contains_key("katex/katex.min.css"));
    assert!(site.contains_key("style.css"));
    assert!(site.contains_key("katex/LICENSE"));
    let fonts: Vec<&String> = site
        .keys()
        .filter(|path| path.starts_with("katex/fonts/") && path.ends_with(".woff2"))
        .collect();
    assert!(fonts.len() >= 10, "KaTeX fonts: {fonts:?}");
    assert!(site.contains_key("katex/fonts/KaTeX_Main-Regular.woff2"));
    assert_eq!(
        site["katex/katex.min.css"],
        include_bytes!("../../static/katex/katex.min.css").to_vec(),
        "static files are copied byte for byte"
    );
}

#[test]
fn a_book_folder_with_only_content_builds_with_the_embedded_default_theme() {
    let book = Book::with_lesson("intro.md", &lesson("Intro", "Hello $x^2$.\n"));
    assert_eq!(book.top_level(), ["content"]);
    book.build().succeeds();
    let site = book.files("public");
    assert!(site.contains_key("intro.html"));
    assert!(site.contains_key("index.html"));
    assert_eq!(
        site["style.css"],
        include_bytes!("../../static/style.css").to_vec()
    );
    assert!(site.contains_key("katex/katex.min.css"));
    let page = book.read("public/intro.html");
    assert!(
        page.contains("href=\"style.css\""),
        "the default templates are used"
    );
    assert!(page.contains("class=\"katex\""));
}

#[test]
fn a_books_own_stylesheet_replaces_the_default_and_keeps_the_rest() {
    let book = Book::seed();
    let own = "body { color: rebeccapurple; }\n";
    book.write("static/style.css", own);
    book.write("static/images/logo.svg", "<svg xmlns=\"x\"></svg>");
    book.build().succeeds();
    assert_eq!(book.read("public/style.css"), own);
    assert_eq!(
        book.read("public/images/logo.svg"),
        "<svg xmlns=\"x\"></svg>"
    );
    assert!(
        book.path("public/katex/katex.min.css").is_file(),
        "other defaults stay"
    );
}

#[test]
fn two_builds_of_the_same_sources_are_byte_identical() {
    let book = Book::seed();
    book.build_into("first").succeeds();
    book.build_into("second").succeeds();
    let first = book.files("first");
    let second = book.files("second");
    assert_eq!(
        first.keys().collect::<Vec<_>>(),
        second.keys().collect::<Vec<_>>(),
        "the same files"
    );
    for (path, bytes) in &first {
        assert!(second[path] == *bytes, "{path} differs between two builds");
    }
}

#[cfg(unix)]
#[test]
fn a_rebuild_keeps_the_files_of_pages_that_did_not_change() {
    use std::os::unix::fs::MetadataExt;
    let book = Book::seed();
    book.build().succeeds();
    let identity = |page: &str| {
        let file = std::fs::metadata(book.path(&format!("public/{page}"))).expect("a page");
        (file.ino(), file.mtime(), file.mtime_nsec())
    };
    let (attention, softmax) = (identity("attention.html"), identity("softmax.html"));
    book.edit("content/softmax.md", "Back to", "Return to");
    book.build().succeeds();
    assert_eq!(
        identity("attention.html"),
        attention,
        "an unchanged page keeps its file and its modification time"
    );
    assert_ne!(identity("softmax.html"), softmax, "the edited page is new");
    assert!(book.read("public/softmax.html").contains("Return to"));
}

#[test]
fn a_failing_build_leaves_the_previous_site_byte_for_byte_intact() {
    let book = Book::seed();
    book.build().succeeds();
    let before = book.files("public");
    book.edit(
        "content/attention.md",
        "{{cat.weights[3, 3]}}",
        "{{dog.weights[3, 3]}}",
    );
    book.build()
        .exits_with(1)
        .stderr_has("no example named \"dog\"")
        .stderr_has("The previous public was left as it was.");
    let after = files_under(&book.path("public"));
    assert!(before == after, "the previous site changed");
    assert_eq!(
        book.top_level(),
        ["book.toml", "content", "public"],
        "no staging or old folder is left beside the output"
    );
}

/// `build` writes lesson pages into its staging folder as it lays them out (issue 41); a clash
/// found only after every page is written still leaves the previous site as it was.
#[test]
fn a_build_failing_after_its_pages_were_written_leaves_the_previous_site_intact() {
    let book = Book::seed();
    book.build().succeeds();
    let before = files_under(&book.path("public"));
    book.edit("content/softmax.md", "Back to", "Return to");
    book.write("static/softmax.html", "mine");
    book.build()
        .exits_with(1)
        .stderr_has("this lesson's page softmax.html collides with static/softmax.html")
        .stderr_has("The previous public was left as it was.");
    assert!(
        before == files_under(&book.path("public")),
        "the previous site changed"
    );
    assert_eq!(
        book.top_level(),
        ["book.toml", "content", "public", "static"],
        "no staging folder is left beside the output"
    );
}

#[test]
fn a_successful_rebuild_replaces_stale_pages_and_leaves_no_folders_behind() {
    let book = Book::seed();
    book.build().succeeds();
    std::fs::remove_file(book.path("content/softmax.md")).unwrap();
    book.edit("content/attention.md", "keep_going = [\"softmax\"]\n", "");
    book.build().succeeds();
    assert!(
        !book.path("public/softmax.html").exists(),
        "a removed lesson's page goes"
    );
    assert!(book.path("public/attention.html").is_file());
    assert_eq!(book.top_level(), ["book.toml", "content", "public"]);
}

#[test]
fn refuses_to_write_the_site_over_the_book_root_or_its_source_folders() {
    let book = Book::seed();
    book.write("static/extra.txt", "mine");
    book.write("templates/README.txt", "mine too");
    let before_layout = book.top_level();
    let before = files_under(book.root());
    for output in [
        ".",
        "content",
        "static",
        "templates",
        "./content/",
        "content/nested",
    ] {
        book.build_into(output)
            .exits_with(2)
            .stderr_has("refusing to write the site");
        assert_eq!(
            book.top_level(),
            before_layout,
            "--output {output} changed the book"
        );
        assert!(
            files_under(book.root()) == before,
            "--output {output} changed a file"
        );
    }
    book.build_into("site").succeeds();
}

#[test]
fn the_summary_line_counts_lessons_and_formulas() {
    let book = Book::seed();
    let run = book.build();
    run.succeeds();
    assert!(
        run.stdout
            .starts_with("Built 2 lessons, 5 formulas (5 distinct) into public in "),
        "{}",
        run.stdout
    );
    let single = Book::with_lesson("one.md", &lesson("One", "$x$ and $x$.\n"));
    let run = single.build();
    run.succeeds();
    assert!(
        run.stdout
            .starts_with("Built 1 lesson, 2 formulas (1 distinct)"),
        "{}",
        run.stdout
    );
}

/// Typesetting hands each formula's markup on to the pages without copying it, all but a
/// formula that is also another's line-broken drawing, which both places show.
#[test]
fn a_formula_that_is_another_ones_narrow_drawing_is_drawn_in_both_places() {
    let drawing = "\\begin{aligned}\na &= b, \\\\\nc &= d\n\\end{aligned}";
    let text = format!("$$a = b, \\qquad c = d$$\n\n$${drawing}$$\n");
    let book = Book::with_lesson("edge.md", &lesson("Edge", &text));
    book.build().succeeds();
    let page = book.read("public/edge.html");
    let narrow = page
        .split("<span class=\"math-narrow\" aria-hidden=\"true\">")
        .nth(1)
        .expect("the wide formula has a narrow drawing");
    let shown = |html: &str| {
        let start = html.find("<span class=\"katex-html\"").expect("a drawing");
        html[start..start + 200].to_string()
    };
    let own = page
        .split("<span class=\"katex-display\">")
        .nth(3)
        .expect("the drawing is a formula of its own too");
    assert_eq!(shown(narrow), shown(own), "{page}");
}

#[test]
fn a_typed_number_is_a_warning_for_build_but_the_site_is_still_written() {
    let book = Book::seed();
    book.edit(
        "content/attention.md",
        "The output of sat",
        "Roughly 0.321 of it. The output of sat",
    );
    let text = book.read("content/attention.md");
    let run = book.build();
    run.succeeds()
        .stderr_has("warning:")
        .stderr_has(&crate::support::place(
            "content/attention.md",
            &text,
            "0.321",
        ))
        .stderr_has("looks typed by hand");
    assert!(book.path("public/attention.html").is_file());
}

#[test]
fn a_root_that_does_not_exist_is_a_usage_error() {
    let missing = tempfile::tempdir().unwrap().path().join("no-such-book");
    for command in ["build", "check"] {
        let run = std::process::Command::new(env!("CARGO_BIN_EXE_worked"))
            .args([command, "--root"])
            .arg(&missing)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{command}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(stderr.contains("does not exist"), "{command}: {stderr}");
    }
}

#[test]
fn a_rebuild_with_the_formula_cache_typesets_only_new_formulas_and_gives_the_same_pages() {
    use worked::pipeline::build_cache::BuildCache;
    use worked::pipeline::{build_site, build_site_cached, Strictness};
    let book = Book::with_lesson(
        "maths.md",
        &lesson("Maths", "Inline $x^2$ and $y_1$.\n\n$$\\frac{a}{b}$$\n"),
    );
    let mut cache = BuildCache::default();
    let first = build_site_cached(book.root(), Strictness::Lenient, Some(&mut cache)).unwrap();
    assert_eq!(cache.formulas(), 3);
    assert_eq!(first.stats.distinct_formulas, 3);

    book.edit("content/maths.md", "and $y_1$", "and $y_1$ and $z^3$");
    let cached = build_site_cached(book.root(), Strictness::Lenient, Some(&mut cache)).unwrap();
    assert_eq!(cache.formulas(), 4, "only the new formula was added");
    let fresh = build_site(book.root(), Strictness::Lenient).unwrap();
    assert_eq!(
        cached.site.files, fresh.site.files,
        "the cache changes nothing on the page"
    );
    let page = String::from_utf8(cached.site.files["maths.html"].to_vec()).unwrap();
    assert!(page.contains("<annotation encoding=\"application/x-tex\">z^3</annotation>"));
}
