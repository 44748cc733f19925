//! Citations from a BibTeX file: every written form, locators, the lesson's reference list, the
//! bibliography page, and the errors (unknown keys, a broken or missing file, no bibliography).

use crate::support::{lesson, Book};

const BIB: &str = r"@inproceedings{vaswani2017,
  author = {Vaswani, Ashish and Shazeer, Noam and Parmar, Niki and Uszkoreit, Jakob},
  title = {Attention Is All You Need},
  booktitle = {Advances in Neural Information Processing Systems 30 (NeurIPS 2017)},
  year = {2017},
  url = {https://arxiv.org/abs/1706.03762},
}

@article{ba2016,
  author = {Ba, Jimmy Lei and Kiros, Jamie Ryan and Hinton, Geoffrey E.},
  title = {Layer Normalization},
  journal = {arXiv preprint arXiv:1607.06450},
  year = {2016},
  doi = {10.48550/arXiv.1607.06450},
}

@article{uncited1958,
  author = {Rosenblatt, Frank},
  title = {The Perceptron},
  journal = {Psychological Review},
  year = {1958},
}
";

/// A book with the bibliography above and one lesson, `content/cites.md`, with `body`.
fn citing_book(body: &str) -> Book {
    let book = Book::with_lesson("cites.md", &lesson("Cites", body));
    book.write(
        "book.toml",
        "title = \"Cited\"\nbibliography = \"refs.bib\"\n",
    );
    book.write("refs.bib", BIB);
    book
}

#[test]
fn every_form_of_citation_is_formatted_and_linked_to_the_lessons_reference_list() {
    let book = citing_book(
        "As @vaswani2017 showed, attention suffices [@vaswani2017]. Normalise [@ba2016; @vaswani2017, p. 3], as in [-@ba2016].\n\nNarrative with a locator: @ba2016 [sec. 2].\n",
    );
    book.build().succeeds();
    let page = book.read("public/cites.html");
    for shown in [
        "Vaswani <i>et al. </i>(2017)",
        "(Vaswani <i>et al.</i>, 2017)",
        "(Ba, Kiros and Hinton, 2016; Vaswani <i>et al.</i>, 2017, p. 3)",
        ">(2016)</a>",
        "Ba, Kiros and Hinton (2016, sec. 2)",
    ] {
        assert!(page.contains(shown), "{shown} missing in:\n{page}");
    }
    assert!(page.contains("<a class=\"worked-cite\" href=\"#ref-vaswani2017\">"));
    assert!(page.contains("<h2 id=\"references\">References<"), "{page}");
    let list = &page[page.find("worked-references").unwrap()..];
    let ba = list.find("id=\"ref-ba2016\"").unwrap();
    let vaswani = list.find("id=\"ref-vaswani2017\"").unwrap();
    assert!(ba < vaswani, "the list is in the style's (author) order");
    assert!(
        !list.contains("ref-uncited1958"),
        "only works the lesson cites"
    );
    assert!(list.contains("<a href=\"https://doi.org/10.48550/arXiv.1607.06450\">"));
    assert!(list.contains("<a href=\"https://arxiv.org/abs/1706.03762\">"));
}

#[test]
fn code_math_emails_escapes_and_cross_references_are_not_citations() {
    let book = citing_book(
        "Write to someone@vaswani2017.org, or `@vaswani2017` in code, $a@b$ in math, \\@vaswani2017 escaped, and @eq-scores is a cross-reference.\n\n$$s = q \\cdot k$$ {#eq-scores}\n\n```text\n[@vaswani2017]\n```\n",
    );
    book.build().succeeds();
    let page = book.read("public/cites.html");
    assert!(!page.contains("worked-cite"), "{page}");
    assert!(
        page.contains("<a class=\"xref\" href=\"#eq-scores\""),
        "the cross-reference: {page}"
    );
    assert!(
        !page.contains("id=\"references\""),
        "a lesson that cites nothing has no list"
    );
}

#[test]
fn the_bibliography_page_lists_every_entry_and_the_footer_links_it() {
    let book = citing_book("A lesson that cites nothing.\n");
    book.build().succeeds();
    let page = book.read("public/bibliography.html");
    for key in ["ba2016", "uncited1958", "vaswani2017"] {
        assert!(page.contains(&format!("id=\"ref-{key}\"")), "{key}: {page}");
    }
    let cites = book.read("public/cites.html");
    assert!(cites.contains("<a href=\"bibliography.html\">Bibliography</a>"));
    let without = Book::with_lesson("plain.md", &lesson("Plain", "Thanks to @octocat.\n"));
    without.build().succeeds();
    assert!(!without.path("public/bibliography.html").exists());
    assert!(without
        .read("public/plain.html")
        .contains("Thanks to @octocat."));
}

#[test]
fn an_unknown_key_is_an_error_at_its_place_with_the_nearest_key_suggested() {
    let book = citing_book("Fine [@ba2016].\n\nBut [@vaswani2071; @nobody] and @ba2061.\n");
    book.check()
        .exits_with(1)
        .stderr_has("content/cites.md:7:7")
        .stderr_has("no entry `vaswani2071` in the bibliography refs.bib")
        .stderr_has("did you mean @vaswani2017?")
        .stderr_has("content/cites.md:7:21")
        .stderr_has("no entry `nobody`")
        .stderr_has("content/cites.md:7:34")
        .stderr_has("did you mean @ba2016?");
    assert!(!book.path("public").exists(), "nothing is written");
}

#[test]
fn an_unreadable_locator_is_an_error_at_its_citation() {
    let book = citing_book("See [@ba2016, somewhere].\n");
    book.build()
        .exits_with(1)
        .stderr_has("content/cites.md:5:5")
        .stderr_has("the locator \"somewhere\" does not say which part of the work it names");
}

#[test]
fn a_broken_or_missing_bibliography_is_one_error_naming_the_file() {
    let book = citing_book("Fine [@ba2016].\n");
    book.write(
        "refs.bib",
        "@article{ok, title = {Fine}, year = {2020}}\n\n@article{broken,\n  title = {Unclosed,\n",
    );
    book.build()
        .exits_with(1)
        .stderr_has("refs.bib:5:1")
        .stderr_has("the bibliography cannot be read");
    std::fs::remove_file(book.path("refs.bib")).unwrap();
    book.build()
        .exits_with(1)
        .stderr_has("cannot read the bibliography file refs.bib named in book.toml");
}

#[test]
fn a_bracketed_citation_without_a_bibliography_and_an_unknown_style_are_errors() {
    let book = Book::with_lesson("plain.md", &lesson("Plain", "As shown [@vaswani2017].\n"));
    book.build()
        .exits_with(1)
        .stderr_has("content/plain.md:5:10")
        .stderr_has("this citation has no bibliography to come from");
    let styled = citing_book("Fine [@ba2016].\n");
    styled.write(
        "book.toml",
        "bibliography = \"refs.bib\"\ncitation-style = \"apa-ish\"\n",
    );
    styled
        .build()
        .exits_with(1)
        .stderr_has("book.toml:2:18")
        .stderr_has("citation-style \"apa-ish\" is not a style worked knows");
}

#[test]
fn the_style_book_toml_names_formats_the_citations() {
    let book = citing_book("Numbered [@ba2016] and [@vaswani2017].\n");
    book.write(
        "book.toml",
        "bibliography = \"refs.bib\"\ncitation-style = \"ieee\"\n",
    );
    book.build().succeeds();
    let page = book.read("public/cites.html");
    assert!(
        page.contains(">[1]</a>") && page.contains(">[2]</a>"),
        "{page}"
    );
}
