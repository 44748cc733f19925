//! Labels, numbered cross-references and theorem-like blocks: a two-page book labels one of each
//! kind on its first page and refers to all of them from both; bad labels and references fail
//! at their place with what to do.

use crate::support::{lesson, place, Book};

/// The first page (page 1 of 2): one target of every kind.
pub const TARGETS: &str = r#"+++
title = "Targets"
weight = 1
+++

## Masks {#sec-masks}

The scores of a query and a key:

$$ s = q \cdot k $$ {#eq-scores}

and their weights

$$
w = \mathrm{softmax}(s)
$$ {#eq-weights}

By @eq-scores and [-@eq-weights], see @sec-masks.

| token | weight |
|---|---|
| a | b |

Table: The shapes {#tbl-shapes}

> [!DEFINITION] Softmax {#def-softmax}
> The softmax of $z$ is a distribution.

> [!THEOREM] Shift {#thm-shift}
> Adding a constant changes nothing.

> [!PROOF] {#prf-shift}
> The constant cancels.

> [!LEMMA] Small {#lem-small}
> Small.

> [!EXAMPLE] Two tokens {#exm-two}
> Two.

> [!REMARK]
> Unlabelled, still numbered.

> [!REMARK] Last {#rem-last}
> Numbered after the one before.

```softmax
name = "guess"
logits = [2, 1, 0.5]
labels = ["cat", "dog", "eel"]
```

```figure
example = "guess"
id = "fig-guess"
caption = "The guess."
```
"#;

/// The second page: a reference to each target, and text that holds none.
pub const REFERRER: &str = r#"+++
title = "Referrer"
weight = 2
+++

See @sec-masks, @eq-scores, [-@eq-weights], @fig-guess, @tbl-shapes, @def-softmax,
@thm-shift, @prf-shift, @lem-small, @exm-two and @rem-last.

Not references: `@eq-nope` in code, $@eq-nope$ in math, me@eq-nope.org, and @someone.

[A link holding @eq-scores](targets.html).
"#;

pub(crate) fn two_page_book() -> Book {
    let book = Book::empty();
    book.write("book.toml", "title = \"Refs\"\n");
    book.write("content/targets.md", TARGETS);
    book.write("content/referrer.md", REFERRER);
    book
}

fn link(href: &str, id: &str, text: &str) -> String {
    format!("<a class=\"xref\" href=\"{href}\" data-xref=\"{id}\">{text}</a>")
}

#[test]
fn every_kind_of_target_is_numbered_and_referenced_across_pages() {
    let book = two_page_book();
    book.check().succeeds();
    book.build().succeeds();
    let referrer = book.read("public/referrer.html");
    for (id, text) in [
        ("sec-masks", "Section\u{a0}1.1"),
        ("eq-scores", "Equation\u{a0}(1.1)"),
        ("eq-weights", "(1.2)"),
        ("fig-guess", "Figure\u{a0}1.1"),
        ("tbl-shapes", "Table\u{a0}1.1"),
        ("def-softmax", "Definition\u{a0}1.1"),
        ("thm-shift", "Theorem\u{a0}1.1"),
        ("prf-shift", "Proof"),
        ("lem-small", "Lemma\u{a0}1.1"),
        ("exm-two", "Example\u{a0}1.1"),
        ("rem-last", "Remark\u{a0}1.2"),
    ] {
        let expected = link(&format!("targets.html#{id}"), id, text);
        assert!(referrer.contains(&expected), "{expected} in\n{referrer}");
        assert!(
            referrer.contains(&format!(
                "<template class=\"xref-target\" data-xref=\"{id}\">"
            )),
            "a popover copy of {id}"
        );
    }
    assert!(referrer.contains("<code>@eq-nope</code>"));
    assert!(referrer.contains("me@eq-nope.org, and @someone."));
    assert!(referrer.contains("<span class=\"xref\">Equation\u{a0}(1.1)</span></a>"));
    assert!(referrer.contains("js/xref-popover.js"));
    assert!(referrer.contains("xref.css"));

    let targets = book.read("public/targets.html");
    assert!(targets.contains(&link("#eq-scores", "eq-scores", "Equation\u{a0}(1.1)")));
    assert!(targets.contains("<span class=\"equation\" id=\"eq-scores\">"));
    assert!(targets.contains("<span class=\"equation-number\">(1.2)</span></span>"));
    assert!(targets.contains("<h2 id=\"sec-masks\">"));
    assert!(targets.contains(
        "<caption id=\"tbl-shapes\"><span class=\"table-number\">Table 1.1:</span> The shapes</caption>"
    ));
    assert!(!targets.contains("Table: The shapes"));
    assert!(targets.contains("<figure class=\"worked-figure\" id=\"fig-guess\""));
    assert!(targets.contains(
        "<figcaption><span class=\"figure-number\">Figure\u{a0}1.1:</span> The guess.</figcaption>"
    ));
    assert!(targets.contains(
        "<div class=\"callout theorem theorem-definition\" role=\"note\" aria-label=\"Definition 1.1 (Softmax)\" id=\"def-softmax\">"
    ));
    assert!(targets.contains(
        "<div class=\"callout theorem theorem-proof\" role=\"note\" aria-label=\"Proof\" id=\"prf-shift\">"
    ));
    assert!(targets.contains("aria-label=\"Remark 1.1\">"));
    assert!(targets.contains("aria-label=\"Remark 1.2 (Last)\" id=\"rem-last\">"));
    assert!(!targets.contains("{#"), "no label is left in the text");
    assert!(!targets.contains("[!"), "no marker is left in the text");
}

#[test]
fn numbers_follow_reading_order_through_sections() {
    let book = Book::empty();
    book.write(
        "content/part/index.md",
        "+++\ntitle = \"Part\"\nweight = 1\n+++\n\nSee @eq-deep.\n",
    );
    book.write(
        "content/part/inner.md",
        "+++\ntitle = \"Inner\"\nweight = 1\n+++\n\n$$ a $$ {#eq-deep}\n",
    );
    book.write(
        "content/last.md",
        "+++\ntitle = \"Last\"\nweight = 2\n+++\n\nBack to @eq-deep.\n",
    );
    book.build().succeeds();
    // Page 1 is the part's own page, page 2 its chapter.
    assert!(book.read("public/part/index.html").contains(&link(
        "inner.html#eq-deep",
        "eq-deep",
        "Equation\u{a0}(2.1)"
    )));
    assert!(book.read("public/last.html").contains(&link(
        "part/inner.html#eq-deep",
        "eq-deep",
        "Equation\u{a0}(2.1)"
    )));
}

#[test]
fn an_unknown_id_is_reported_at_the_reference_with_the_closest_label() {
    let book = two_page_book();
    let text = REFERRER.replace("@tbl-shapes", "@tbl-shape");
    book.write("content/referrer.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/referrer.md", &text, "@tbl-shape"))
        .stderr_has("no label `tbl-shape` in the book")
        .stderr_has("did you mean @tbl-shapes (content/targets.md:");
}

#[test]
fn a_reference_by_the_wrong_kind_names_the_label_of_that_name() {
    let book = two_page_book();
    let text = REFERRER.replace("@fig-guess", "@eq-guess");
    book.write("content/referrer.md", &text);
    book.build()
        .exits_with(1)
        .stderr_has(&place("content/referrer.md", &text, "@eq-guess"))
        .stderr_has("`fig-guess` is the figure of that name: write @fig-guess");
}

#[test]
fn an_id_used_twice_in_the_book_is_reported_at_the_second_with_the_first() {
    let book = two_page_book();
    let text = format!("{REFERRER}\n$$ x $$ {{#eq-scores}}\n");
    book.write("content/referrer.md", &text);
    book.build()
        .exits_with(1)
        .stderr_has(&place("content/referrer.md", &text, "{#eq-scores}"))
        .stderr_has("the label `eq-scores` is used twice in the book")
        .stderr_has(&format!(
            "it labels an equation at {} too",
            place("content/targets.md", TARGETS, "{#eq-scores}")
        ));
}

#[test]
fn a_label_whose_prefix_names_another_kind_is_reported_at_the_label() {
    let text = lesson("A", "$$ x $$ {#fig-x}\n");
    let book = Book::with_lesson("a.md", &text);
    book.build()
        .exits_with(1)
        .stderr_has(&place("content/a.md", &text, "{#fig-x}"))
        .stderr_has("`fig-x` is the id of a figure, but it labels an equation")
        .stderr_has("write {#eq-x}");
}

#[test]
fn a_proof_has_no_number_to_print_and_a_stray_label_labels_nothing() {
    let text = lesson(
        "A",
        "> [!PROOF] {#prf-a}\n> Done.\n\nAs [-@prf-a] shows.\n\nA word {#eq-stray} here.\n",
    );
    let book = Book::with_lesson("a.md", &text);
    book.build()
        .exits_with(1)
        .stderr_has(&place("content/a.md", &text, "[-@prf-a]"))
        .stderr_has("`prf-a` labels a proof, which has no number")
        .stderr_has(&place("content/a.md", &text, "{#eq-stray}"))
        .stderr_has("the label `eq-stray` labels nothing here");
}
