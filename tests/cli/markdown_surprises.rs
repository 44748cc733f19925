//! Markdown and math as an author expects them: money is not math, ids never collide, email
//! autolinks, dollar entities, TeX's double braces, and a clear word about `$ x + y $`.

use crate::support::{lesson, place, Book, CAT_BLOCK};

fn built(body: &str) -> String {
    let book = Book::with_lesson("page.md", &lesson("Page", body));
    book.write("content/i.png", b"\x89PNG");
    book.check().succeeds();
    book.build().succeeds();
    book.read("public/page.html")
}

#[test]
fn money_with_dollar_signs_stays_text() {
    let html = built("Between $5-$10 per item, $5/$10, or $1M-$2M; costs $5 and $10, for $x$.\n");
    assert!(
        html.contains("Between $5-$10 per item, $5/$10, or $1M-$2M; costs $5 and $10, for "),
        "{html}"
    );
    assert_eq!(
        html.matches("class=\"katex\"").count(),
        1,
        "only $x$ is math"
    );
}

#[test]
fn a_footnote_a_heading_and_the_template_never_share_an_id() {
    let html = built(
        "## Proof\n\nSee the note[^proof].\n\n## Main\n\n## Search\n\n[^proof]: The proof.\n",
    );
    assert!(html.contains("<h2 id=\"proof\">"), "{html}");
    assert!(html.contains("id=\"fn-proof\"") && html.contains("href=\"#fn-proof\""));
    assert!(html.contains("<h2 id=\"main-2\">") && html.contains("<h2 id=\"search-2\">"));
    assert_eq!(
        html.matches("id=\"main\"").count(),
        1,
        "the template's <main>"
    );
}

#[test]
fn a_written_id_that_the_template_or_another_heading_has_is_an_error() {
    let text = lesson("Page", "## A {#main}\n\n## B {#b}\n\n## C {#b}\n");
    Book::with_lesson("page.md", &text)
        .check()
        .exits_with(1)
        .stderr_has(&format!(
            "{}: the id `main` belongs to the page itself",
            place("content/page.md", &text, "## A")
        ))
        .stderr_has("the id `b` is written twice on this page");
}

#[test]
fn email_autolinks_and_dollar_entities_are_what_they_say() {
    let html = built("Write to <me@uni.edu>. It costs &#36;5 or &dollar;6.\n");
    assert!(html.contains("href=\"mailto:me@uni.edu\""), "{html}");
    assert!(html.contains("It costs $5 or $6."), "{html}");
}

#[test]
fn dollars_and_braces_in_urls_and_alt_text_are_characters() {
    let html = built(
        "![costs $x$ and {{a.b}}](i.png) and <https://example.org/$5/{{a.b}}> and \
         [a link](https://example.org/?q={{a.b}}&p=$5).\n",
    );
    assert!(html.contains("alt=\"costs $x$ and {{a.b}}\""), "{html}");
    assert!(
        html.contains(">https://example.org/$5/{{a.b}}</a>"),
        "{html}"
    );
    assert!(!html.contains("class=\"katex\""), "no formula: {html}");
}

#[test]
fn double_braces_of_tex_typeset_as_written_and_mistyped_references_stay_errors() {
    let body = format!(
        "{CAT_BLOCK}\nFractions $\\frac{{{{a}}}}{{b}}$ and $e^{{{{x}}}}$, sets {{{{1}}, {{2}}}}, \
         and a value $e^{{{{{{cat.scaled[sat, the]}}}}}}$.\n"
    );
    let html = built(&body);
    assert!(html.contains("sets {{1}, {2}}"), "{html}");
    assert!(html.contains("data-refs=\"cat.scaled[sat,the]\""), "{html}");
    let mistyped = lesson(
        "Page",
        &format!("{CAT_BLOCK}\nSee {{{{cat}}}} and {{{{cat.wieghts}}}}.\n"),
    );
    Book::with_lesson("page.md", &mistyped)
        .check()
        .exits_with(1)
        .stderr_has("`cat` names no quantity")
        .stderr_has("example \"cat\" has no quantity `wieghts`");
}

#[test]
fn spaces_inside_the_dollars_are_named_as_the_problem() {
    let text = lesson("Page", "Add $ x + y $ and $a + b $.\n");
    Book::with_lesson("page.md", &text)
        .check()
        .exits_with(1)
        .stderr_has(&format!(
            "{}: a formula cannot start or end with a space inside its `$…$`",
            place("content/page.md", &text, "$ x")
        ))
        .stderr_has(&place("content/page.md", &text, "$a + b"))
        .stderr_has("write $x + y$, not $ x + y $")
        .stderr_has("2 errors found");
}

#[test]
fn a_stray_dollar_after_a_dollar_entity_is_reported_once_at_its_place() {
    let text = lesson("Page", "Pay &#36;5, then $x and more.\n");
    let run = Book::with_lesson("page.md", &text).check();
    run.exits_with(1)
        .stderr_has(&format!(
            "{}: this `$` does not start a formula",
            place("content/page.md", &text, "$x")
        ))
        .stderr_has("1 error found");
}
