//! Real-browser test of search on the shipped book, as a reader types: an identifier (`W_Q`),
//! a hyphenated term (`top-p`), a number as written (`0.245`), an abbreviation the book declares
//! in `[search] synonyms` (`kv cache` for "key-value cache"), and a snippet that keeps a
//! cross-reference's text ("in Equation 12").

use crate::browser::navigate;
use crate::browser::{eval, launch, wait_for};
use crate::support::ShippedSite;
use headless_chrome::Tab;

/// Types `query` into the open search panel and returns the first result's link and snippet.
fn first_result(tab: &Tab, query: &str) -> (String, String) {
    eval(
        tab,
        &format!(
            "(() => {{ const field = document.getElementById('search-input'); field.value = {}; field.dispatchEvent(new Event('input')); }})()",
            crate::browser::js_string(query)
        ),
    );
    wait_for(
        tab,
        &format!(
            "document.getElementById('search-input').value === {} && document.querySelectorAll('.search-results a').length > 0",
            crate::browser::js_string(query)
        ),
    );
    let text = |expression: &str| eval(tab, expression).as_str().unwrap().to_string();
    (
        text("document.querySelector('.search-results a').getAttribute('href')"),
        text("document.querySelector('.search-result-snippet').textContent"),
    )
}

/// The text of the section `link` (`page.html?highlight=…#anchor`) leads to: from its heading
/// to the next heading of the page.
fn section_text(site: &ShippedSite, link: &str) -> String {
    let (path, anchor) = link.split_once('#').expect("a result opens a section");
    let path = path.split('?').next().unwrap();
    let html = std::fs::read_to_string(site.root().join(path)).expect("the page is built");
    let start = html
        .find(&format!("id=\"{anchor}\""))
        .unwrap_or_else(|| panic!("{link}: no #{anchor}"));
    let rest = &html[start..];
    let end = rest[1..].find("<h2").map_or(rest.len(), |at| at + 1);
    worked::base::html::strip_tags(&rest[..end])
}

#[test]
fn identifiers_hyphenated_terms_numbers_and_synonyms_find_what_a_reader_means() {
    let Some(chromium) = launch("search_words_browser", "Search for written terms") else {
        return;
    };
    let site = ShippedSite::build();
    let tab = chromium.tab();
    navigate(&tab, &site.url("index.html"));
    wait_for(&tab, "document.body.classList.contains('nav-ready')");
    tab.press_key("/").expect("press /");
    wait_for(&tab, "!document.getElementById('search').hidden");
    for (query, written) in [
        ("W_Q", "W_Q"),
        ("top-p", "top-p"),
        ("0.245", "0.245"),
        ("kv cache", "key-value cache"),
    ] {
        let (link, _) = first_result(&tab, query);
        let text = section_text(&site, &link);
        assert!(
            text.contains(written) || text.contains(&written.replace('_', "")),
            "{query}: the first result, {link}, does not say {written}"
        );
    }
    let (_, snippet) = first_result(&tab, "bias correction easiest");
    assert!(
        snippet.contains("Bias correction, in Equation"),
        "the snippet keeps the cross-reference: {snippet}"
    );
}
