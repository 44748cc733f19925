//! Site furniture: the favicon, the theme's `404.html`, description and Open Graph meta, and,
//! when `book.toml` sets `base_url`, canonical links and `sitemap.xml`.

use crate::support::{lesson, Book};

/// The value of the first `attribute="…"` of the first tag that contains `marker`.
fn attribute_of(html: &str, marker: &str, attribute: &str) -> Option<String> {
    let at = html.find(marker)?;
    let tag_start = html[..at].rfind('<')?;
    let tag = &html[tag_start..tag_start + html[tag_start..].find('>')?];
    let name = format!(" {attribute}=\"");
    let start = tag.find(&name)? + name.len();
    Some(tag[start..start + tag[start..].find('"')?].to_string())
}

/// Every `href="…"` and `src="…"` value in `html`.
fn urls(html: &str) -> Vec<String> {
    [" href=\"", " src=\""]
        .iter()
        .flat_map(|marker| {
            html.match_indices(marker).map(move |(at, _)| {
                let start = at + marker.len();
                html[start..start + html[start..].find('"').unwrap()].to_string()
            })
        })
        .collect()
}

/// A book with a page in the top folder, a part with a section page and a chapter in it.
fn nested_book(book_toml: &str) -> Book {
    let book = Book::empty();
    book.write("book.toml", book_toml);
    book.write(
        "content/intro.md",
        "+++\ntitle = \"Intro\"\nsummary = \"Where the book starts & why.\"\nweight = 1\n+++\n\nHello.\n",
    );
    book.write("content/part/index.md", lesson("The part", "A part.\n"));
    book.write(
        "content/part/deep.md",
        "+++\ntitle = \"Deep page\"\nsummary = \"A chapter inside the part.\"\n+++\n\nDeep.\n",
    );
    book
}

#[test]
fn every_page_links_the_favicon_relative_to_its_own_folder() {
    let book = nested_book("title = \"Furnished\"\n");
    book.build().succeeds();
    let svg = book.read("public/favicon.svg");
    assert!(svg.starts_with("<svg"), "the favicon is an SVG: {svg}");
    for (page, href) in [
        ("index.html", "favicon.svg"),
        ("intro.html", "favicon.svg"),
        ("part/index.html", "../favicon.svg"),
        ("part/deep.html", "../favicon.svg"),
        ("404.html", "favicon.svg"),
    ] {
        let html = book.read(&format!("public/{page}"));
        assert_eq!(
            attribute_of(&html, "rel=\"icon\"", "href").as_deref(),
            Some(href),
            "{page}"
        );
    }
}

#[test]
fn lessons_describe_themselves_for_search_and_link_previews() {
    let book = nested_book("title = \"Furnished\"\ndescription = \"A book about furniture.\"\n");
    book.build().succeeds();
    let intro = book.read("public/intro.html");
    let summary = "Where the book starts &amp; why.";
    assert_eq!(
        attribute_of(&intro, "name=\"description\"", "content").as_deref(),
        Some(summary)
    );
    assert_eq!(
        attribute_of(&intro, "property=\"og:description\"", "content").as_deref(),
        Some(summary)
    );
    assert_eq!(
        attribute_of(&intro, "property=\"og:title\"", "content").as_deref(),
        Some("Intro")
    );
    assert_eq!(
        attribute_of(&intro, "property=\"og:type\"", "content").as_deref(),
        Some("article")
    );
    let index = book.read("public/index.html");
    assert_eq!(
        attribute_of(&index, "name=\"description\"", "content").as_deref(),
        Some("A book about furniture.")
    );
    assert_eq!(
        attribute_of(&index, "property=\"og:title\"", "content").as_deref(),
        Some("Furnished")
    );
    // A lesson without a summary falls back to the book's description.
    let part = book.read("public/part/index.html");
    assert_eq!(
        attribute_of(&part, "property=\"og:description\"", "content").as_deref(),
        Some("A book about furniture.")
    );
}

#[test]
fn without_base_url_the_404_page_links_from_the_top_folder_and_finds_the_root_by_script() {
    let book = nested_book("title = \"Furnished\"\n");
    book.build().succeeds();
    let site = book.files("public");
    assert!(
        !site.contains_key("sitemap.xml"),
        "no sitemap without base_url"
    );
    let not_found = book.read("public/404.html");
    assert!(not_found.contains("<h1>Page not found</h1>"), "{not_found}");
    assert!(not_found.contains("name=\"robots\" content=\"noindex\""));
    assert!(!not_found.contains("rel=\"canonical\""));
    let links = urls(&not_found);
    for url in [
        "index.html",
        "style.css",
        "js/not-found.js",
        "/js/not-found.js",
    ] {
        assert!(links.iter().any(|link| link == url), "{url} in {links:?}");
    }
    for url in &links {
        // The one absolute address: the root finder as the host's root serves it.
        let url = if url == "/js/not-found.js" {
            &url[1..]
        } else {
            url
        };
        let file = url.split('#').next().unwrap();
        assert!(
            file.is_empty() || site.contains_key(file),
            "404.html links to {url}, which the site lacks"
        );
    }
    for page in ["index.html", "intro.html", "part/deep.html"] {
        let html = book.read(&format!("public/{page}"));
        assert!(!html.contains("rel=\"canonical\""), "{page}");
        assert!(!html.contains("og:url"), "{page}");
    }
}

#[test]
fn with_base_url_pages_are_canonical_the_404_page_is_root_relative_and_a_sitemap_lists_them() {
    let book = nested_book("title = \"Furnished\"\nbase_url = \"https://example.org/book\"\n");
    book.build().succeeds();
    let base = "https://example.org/book/";
    for page in [
        "index.html",
        "intro.html",
        "part/index.html",
        "part/deep.html",
    ] {
        let html = book.read(&format!("public/{page}"));
        let url = format!("{base}{page}");
        assert_eq!(
            attribute_of(&html, "rel=\"canonical\"", "href"),
            Some(url.clone()),
            "{page}"
        );
        assert_eq!(
            attribute_of(&html, "property=\"og:url\"", "content"),
            Some(url),
            "{page}"
        );
    }

    let not_found = book.read("public/404.html");
    let links = urls(&not_found);
    for url in [
        "/book/index.html",
        "/book/style.css",
        "/book/favicon.svg",
        "/book/book-toc.js",
    ] {
        assert!(links.iter().any(|link| link == url), "{url} in {links:?}");
    }
    let site = book.files("public");
    for url in &links {
        let file = url.split('#').next().unwrap();
        if file.is_empty() {
            continue;
        }
        let local = file
            .strip_prefix("/book/")
            .unwrap_or_else(|| panic!("404.html links {url}, which does not work at every depth"));
        assert!(
            site.contains_key(local),
            "404.html links {url}, not in the site"
        );
    }

    let sitemap = book.read("public/sitemap.xml");
    assert!(sitemap.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
    let listed: Vec<&str> = sitemap
        .split("<loc>")
        .skip(1)
        .map(|rest| &rest[..rest.find("</loc>").unwrap()])
        .collect();
    assert_eq!(
        listed,
        [
            "https://example.org/book/index.html",
            "https://example.org/book/intro.html",
            "https://example.org/book/part/deep.html",
            "https://example.org/book/part/index.html",
        ]
    );
}

#[test]
fn a_base_url_that_is_not_a_web_address_fails_the_build_at_its_value() {
    let book = nested_book("title = \"Furnished\"\nbase_url = \"example.org/book\"\n");
    book.build()
        .exits_with(1)
        .stderr_has("book.toml:2:12")
        .stderr_has("not an absolute URL")
        .stderr_has("https://example.org/book/");
}

#[test]
fn drafts_are_not_in_the_sitemap() {
    let book = nested_book("title = \"Furnished\"\nbase_url = \"https://example.org/\"\n");
    book.write(
        "content/draft.md",
        "+++\ntitle = \"Unfinished\"\ndraft = true\n+++\n\nSoon.\n",
    );
    book.build().succeeds();
    let sitemap = book.read("public/sitemap.xml");
    assert!(sitemap.contains("<loc>https://example.org/intro.html</loc>"));
    assert!(!sitemap.contains("draft"), "{sitemap}");
    assert!(!sitemap.contains("404"), "{sitemap}");
}

#[test]
fn dark_colours_are_for_screens_only_so_print_is_never_light_on_white() {
    let book = Book::seed();
    book.build().succeeds();
    let mut stylesheets = 0;
    for (path, bytes) in book.files("public") {
        if !path.ends_with(".css") || path.starts_with("katex/") {
            continue;
        }
        stylesheets += 1;
        let css = String::from_utf8(bytes).unwrap();
        for (at, _) in css.match_indices("prefers-color-scheme: dark") {
            let query = &css[css[..at].rfind("@media").unwrap()..at];
            assert!(
                query.contains("screen and"),
                "{path}: `{query}…` would also colour print"
            );
        }
    }
    assert!(stylesheets >= 3, "style, widget and figure stylesheets");
}

// ------------------------------------------------------------------------------- in a browser

mod browser {
    use crate::browser::{color_scheme, eval, metrics, screenshot_folder, shoot};
    use crate::support::Book;
    use headless_chrome::protocol::cdp::Emulation;
    use headless_chrome::Tab;

    fn open(tab: &Tab, book: &Book, page: &str, width: u32) {
        metrics(tab, width, 800);
        crate::browser::navigate(tab, &book.url(page));
    }

    fn seed_with_headings() -> Book {
        let book = Book::seed();
        book.build().succeeds();
        book
    }

    #[test]
    fn the_contents_box_is_folded_on_phones_and_open_on_wide_screens_without_javascript() {
        let Some(chromium) =
            crate::browser::launch("site_furniture", "The folding contents box in a browser")
        else {
            return;
        };
        let book = seed_with_headings();
        let tab = chromium.tab();
        tab.call_method(Emulation::SetScriptExecutionDisabled { value: true })
            .unwrap();
        let list_shown = "document.querySelector('.toc ol').checkVisibility()";
        open(&tab, &book, "attention.html", 360);
        assert_eq!(eval(&tab, list_shown), false, "folded at 360");
        assert_ne!(
            eval(
                &tab,
                "getComputedStyle(document.querySelector('.toc-summary')).display"
            )
            .as_str(),
            Some("none"),
            "the summary line shows at 360"
        );
        eval(&tab, "document.querySelector('.toc-details').open = true");
        assert_eq!(eval(&tab, list_shown), true, "opens at 360");
        open(&tab, &book, "attention.html", 1280);
        assert_eq!(
            eval(&tab, "document.querySelector('.toc-details').open"),
            false
        );
        assert_eq!(
            eval(&tab, list_shown),
            true,
            "open at 1280 without JavaScript"
        );
        assert_eq!(
            eval(
                &tab,
                "getComputedStyle(document.querySelector('.toc-summary')).display"
            )
            .as_str(),
            Some("none")
        );
    }

    #[test]
    fn heading_links_appear_on_keyboard_focus_and_print_is_black_on_white_without_navigation() {
        let Some(chromium) = crate::browser::launch(
            "site_furniture",
            "Heading links and print styles in a browser",
        ) else {
            return;
        };
        let book = seed_with_headings();
        let tab = chromium.tab();
        open(&tab, &book, "attention.html", 1280);
        let opacity = "getComputedStyle(document.querySelector('.heading-anchor')).opacity";
        // Headless Chromium has no hover, so the link shows faintly (the touch-screen rule).
        assert_ne!(
            eval(&tab, opacity).as_str(),
            Some("1"),
            "quiet until wanted"
        );
        let mut presses = 0;
        while eval(&tab, "document.activeElement.className").as_str() != Some("heading-anchor") {
            tab.press_key("Tab").expect("press Tab");
            presses += 1;
            assert!(presses < 200, "Tab never reached a heading link");
        }
        assert_eq!(eval(&tab, opacity).as_str(), Some("1"), "visible on focus");

        tab.call_method(Emulation::SetEmulatedMedia {
            media: Some("print".into()),
            features: Some(vec![Emulation::MediaFeature {
                name: "prefers-color-scheme".into(),
                value: "dark".into(),
            }]),
        })
        .unwrap();
        let style = |selector: &str, property: &str| {
            eval(
                &tab,
                &format!("getComputedStyle(document.querySelector('{selector}')).{property}"),
            )
            .as_str()
            .unwrap()
            .to_string()
        };
        assert_eq!(style("body", "color"), "rgb(0, 0, 0)");
        assert_eq!(style("body", "backgroundColor"), "rgb(255, 255, 255)");
        assert_eq!(style(".lesson-content p", "color"), "rgb(0, 0, 0)");
        for hidden in [
            ".book-nav",
            ".toc",
            ".keep-going",
            ".search-panel",
            ".heading-anchor",
        ] {
            assert_eq!(style(hidden, "display"), "none", "{hidden} is not printed");
        }
        assert_ne!(
            style(".katex-display", "display"),
            "none",
            "math is printed"
        );
    }

    /// Not a check: pictures of a lesson and the 404 page for a person to look at.
    #[test]
    #[ignore = "writes screenshots; run with --ignored to look at them"]
    fn screenshots_of_a_lesson_and_the_404_page() {
        let Some(chromium) = crate::browser::launch("site_furniture", "Screenshots") else {
            return;
        };
        let book = seed_with_headings();
        let folder = screenshot_folder();
        for page in ["attention.html", "404.html"] {
            for width in [360, 1280] {
                for scheme in ["light", "dark"] {
                    let tab = chromium.tab();
                    color_scheme(&tab, scheme);
                    open(&tab, &book, page, width);
                    let name = page.trim_end_matches(".html");
                    shoot(
                        &tab,
                        width,
                        &folder.join(format!("furniture-{name}-{width}-{scheme}.png")),
                    );
                    tab.close(false).ok();
                }
            }
        }
        eprintln!("screenshots in {}", folder.display());
    }
}
