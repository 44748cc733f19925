//! Real mdBooks build (issue 25): fixture mdBooks with what real books hold and `worked` used
//! to refuse (broken anchors, a formula KaTeX rejects, a stray `$$`), imported, built with
//! exit 0 as mdBook builds them, and checked, where `check` lists exactly those problems.

use crate::support::{Book, Run};

/// `mdbook/` with `book.toml`, `src/SUMMARY.md` and `chapters` (path under `src/`, text).
pub(crate) fn mdbook(place: &Book, book_toml: &str, summary: &str, chapters: &[(&str, &str)]) {
    place.write("mdbook/book.toml", book_toml);
    place.write("mdbook/src/SUMMARY.md", summary);
    for (path, text) in chapters {
        place.write(&format!("mdbook/src/{path}"), text);
    }
}

/// `worked import mdbook mdbook --into book`: the mdBook that [`mdbook`] writes, into `book/`.
pub(crate) fn import(place: &Book) -> Run {
    place.run(&["import", "mdbook", "mdbook", "--into", "book"])
}

/// `worked build` of the imported `book/` into `book/public`.
pub(crate) fn build_imported(place: &Book) -> Run {
    place.run(&["build", "--root", "book", "--output", "book/public"])
}

/// An mdBook's settings that set only its title.
pub(crate) const PLAIN_TOML: &str = "[book]\ntitle = \"Fixture\"\n";

#[test]
fn broken_anchors_and_bad_formulas_import_in_warn_mode_build_and_fail_check() {
    let place = Book::empty();
    let intro =
        "# Intro\n\nSee [the rule](rules.md#The-Rule) and [gone](missing.md).\n\nFine: $x^2$.\n";
    let rules = "# Rules\n\n## The rule\n\nLine four.\n\n$$\n\\frac{a}{\n$$\n\nAnd $\\badcommand{y}$ here.\n";
    mdbook(
        &place,
        &format!("{PLAIN_TOML}\n[output.html.search]\nlimit-results = 5\n\n[output.linkcheck]\nfollow-web-links = false\n"),
        "# Summary\n\n- [Intro](intro.md)\n- [Rules](rules.md)\n",
        &[("intro.md", intro), ("rules.md", rules)],
    );
    let import = import(&place);
    import
        .succeeds()
        .stderr_has("note: src/intro.md:3: rules.html has no heading with the id \"The-Rule\"")
        .stderr_has("note: src/intro.md:3: no lesson content/missing.md")
        .stderr_has("note: src/rules.md:7: a formula whose braces do not balance")
        .stderr_has("note: src/rules.md:11: cannot typeset this formula")
        .stderr_has("book.toml:4: [output.html] search has no counterpart in worked (worked has its own theme")
        .stderr_has("book.toml:8: [output.linkcheck] follow-web-links has no counterpart in worked (worked checks links itself");
    let config = place.read("book/book.toml");
    assert!(
        config.contains("[check]\nlinks = \"warn\"\nmath = \"warn\"\n"),
        "{config}"
    );

    let build = build_imported(&place);
    build
        .succeeds()
        .stderr_has(
            "warning: content/intro.md:7:5: rules.html has no heading with the id \"The-Rule\"",
        )
        .stderr_has("cannot typeset this formula");
    let page = place.read("book/public/rules.html");
    assert!(
        page.contains("<span class=\"katex-error\" title=\"")
            && page.contains(">\\badcommand{y}</span>"),
        "a bad formula shows its source, marked, as KaTeX shows errors:\n{page}"
    );
    assert!(
        page.contains(">\\frac{a}{</span>"),
        "unbalanced braces too:\n{page}"
    );
    assert!(!page.contains('$'), "never raw `$` text");
    assert!(page.contains("Line four."), "the page is kept");

    let check = place.run(&["check", "--root", "book"]);
    check
        .exits_with(1)
        .stderr_has(
            "error: content/intro.md:7:5: rules.html has no heading with the id \"The-Rule\"",
        )
        .stderr_has("cannot typeset this formula");
}

#[test]
fn without_check_levels_broken_links_and_formulas_stay_errors() {
    let book = Book::with_lesson(
        "a.md",
        "+++\ntitle = \"A\"\n+++\n\n[x](b.md#nowhere) and $\\badcommand{1}$\n",
    );
    book.write("content/b.md", "+++\ntitle = \"B\"\n+++\n\nText.\n");
    book.build()
        .exits_with(1)
        .stderr_has("has no heading with the id \"nowhere\"")
        .stderr_has("cannot typeset this formula");
    assert!(!book.path("public").exists(), "nothing is written");
    book.write("book.toml", "[check]\nlinks = \"warn\"\n");
    book.build()
        .exits_with(1)
        .stderr_has("cannot typeset this formula");
    book.write("book.toml", "[check]\nlinks = \"warn\"\nmath = \"warn\"\n");
    book.build().succeeds();
}

#[test]
fn a_stray_display_dollar_is_escaped_and_noted_never_joined() {
    let place = Book::empty();
    let chapter = "# Costs\n\nIt costs $$ a lot.\n\n## Next heading\n\n1. a numbered item\n2. another one\n\nA paragraph of prose here.\n\n$$\nx + y\n$$\n";
    mdbook(
        &place,
        PLAIN_TOML,
        "# Summary\n\n- [Costs](costs.md)\n",
        &[("costs.md", chapter)],
    );
    import(&place)
        .succeeds()
        .stderr_has("note: src/costs.md:3: a `$$` that pairs with no `$$`");
    let imported = place.read("book/content/costs.md");
    assert!(
        imported.contains("It costs \\$\\$ a lot.\n\n## Next heading\n\n1. a numbered item\n2. another one\n\nA paragraph of prose here.\n\n$$x + y$$\n"),
        "{imported}"
    );
    assert!(
        !place.read("book/book.toml").contains("[check]"),
        "a book without problems keeps the defaults"
    );
    build_imported(&place).succeeds();
    let page = place.read("book/public/costs.html");
    assert!(page.contains("It costs $$ a lot."), "{page}");
    assert!(page.contains("id=\"next-heading\""), "{page}");
    place.run(&["check", "--root", "book"]).succeeds();
}

const LISTING: &str = "use std::io;\n// ANCHOR: main\nfn main() {\n    // ANCHOR: body\n    println!(\"hi\");\n    // ANCHOR_END: body\n}\n// ANCHOR_END: main\nfn helper() {}\n";

#[test]
fn includes_anchors_and_line_ranges_are_expanded_in_a_worked_lesson() {
    let book = Book::with_lesson(
        "code.md",
        "+++\ntitle = \"Code\"\n+++\n\n{{#title A custom title}}\n\n```rust\n{{#include ../listings/main.rs:main}}\n```\n\n```rust\n{{#include ../listings/main.rs:1}}\n{{#include ../listings/main.rs::1}}\n{{#include ../listings/main.rs:9:}}\n{{#rustdoc_include ../listings/main.rs:3:6}}\n```\n\n{{#include part.md}}\n\nShown as written: \\{{#include part.md}}\n",
    );
    book.write("listings/main.rs", LISTING);
    book.write(
        "content/part.md",
        "+++\ntitle = \"Part\"\ndraft = true\n+++\n",
    );
    book.write("content/snippet.txt", "A snippet with $x^2$.\n");
    book.edit(
        "content/code.md",
        "{{#include part.md}}\n\nShown",
        "{{#include snippet.txt}}\n\nShown",
    );
    book.build().succeeds();
    let page = book.read("public/code.html");
    assert!(page.contains("<title>A custom title</title>"), "{page}");
    assert!(
        page.contains("fn main() {\n    println!(\"hi\");\n}\n</code>"),
        "the anchor's lines, without marker lines:\n{page}"
    );
    assert!(
        page.contains("use std::io;\nuse std::io;\nfn helper() {}\nfn main() {\n    println!(\"hi\");\n</code>"),
        "line ranges:\n{page}"
    );
    assert!(
        page.contains("A snippet with <span class=\"nowrap\"><span class=\"katex\">"),
        "an included file is Markdown, its math typeset:\n{page}"
    );
    assert!(
        page.contains("Shown as written: {{#include part.md}}"),
        "{page}"
    );
}

#[test]
fn include_problems_are_errors_at_the_directive_or_in_the_included_file() {
    let text = "+++\ntitle = \"A\"\n+++\n\n{{#include missing.rs}}\n\n{{#include ../listings/main.rs:nope}}\n\n{{#include ../../outside.txt}}\n\n{{#include a.md}}\n\n{{#include ../listings/main.rs:20:30}}\n\n{{#playground x.rs}}\n";
    let book = Book::with_lesson("a.md", text);
    book.write("listings/main.rs", LISTING);
    book.build()
        .exits_with(1)
        .stderr_has(&format!(
            "{}: cannot include missing.rs",
            crate::support::place("content/a.md", text, "{{#include missing")
        ))
        .stderr_has("content/a.md:7:1: ../listings/main.rs: no line holds `ANCHOR: nope`")
        .stderr_has("content/a.md:9:1: cannot include ../../outside.txt")
        .stderr_has("content/a.md:11:1: a.md includes itself")
        .stderr_has("content/a.md:13:1: ../listings/main.rs: lines 20 to 9 are not in it (9 lines)")
        .stderr_has("content/a.md:15:1: `{{#playground}}` is not a directive worked runs");

    let book = Book::with_lesson("b.md", "+++\ntitle = \"B\"\n+++\n\nBefore.\n\n{{#include ../shared/q.txt}}\n\nAfter $\\badcommand$.\n");
    book.write(
        "shared/q.txt",
        "Line one.\nLine two has $\\alsobad$ here.\n",
    );
    book.build()
        .exits_with(1)
        .stderr_has("shared/q.txt:2:15: cannot typeset this formula")
        .stderr_has("content/b.md:9:8: cannot typeset this formula");
}

#[test]
fn an_imported_book_keeps_its_includes_and_the_files_they_name() {
    let place = Book::empty();
    mdbook(
        &place,
        PLAIN_TOML,
        "# Summary\n\n- [Code](code.md)\n",
        &[
            (
                "code.md",
                "# Code\n\n```rust\n{{#include ../listings/main.rs:main}}\n```\n\n{{#include parts/note.md}}\n\n{{#include ../../far.rs}}\n",
            ),
            ("parts/note.md", "A note with $y$ and {{#include ../../listings/extra.txt}}.\n"),
        ],
    );
    place.write("mdbook/listings/main.rs", LISTING);
    place.write("mdbook/listings/extra.txt", "extra words");
    import(&place)
        .succeeds()
        .stderr_has(
            "note: src/code.md:9: includes ../../far.rs, which is outside the mdBook folder",
        )
        .stderr_has("the imported book does not build: cannot include ../../far.rs");
    assert_eq!(
        place.read("book/content/parts/note.md"),
        "A note with $y$ and {{#include ../../listings/extra.txt}}.\n",
        "an included piece SUMMARY does not list is copied as it is, not made a draft"
    );
    let code = place.read("book/content/code.md");
    assert!(
        code.contains("{{#include ../listings/main.rs:main}}"),
        "kept as written:\n{code}"
    );
    assert_eq!(place.read("book/listings/main.rs"), LISTING);
    assert_eq!(place.read("book/listings/extra.txt"), "extra words");
    place.edit("book/content/code.md", "{{#include ../../far.rs}}\n", "");
    build_imported(&place).succeeds();
    let page = place.read("book/public/code.html");
    assert!(page.contains("fn main() {"), "{page}");
    assert!(page.contains("and extra words.</p>"), "{page}");
    place.run(&["check", "--root", "book"]).succeeds();
}

#[test]
fn alerts_and_admonish_blocks_become_callouts_and_mermaid_stays_code() {
    let place = Book::empty();
    let chapter = "# Notes\n\n> [!TIP]\n> Native alert with $a$.\n\n```admonish warning title=\"Data loss\"\nBack up: $$\nx^2\n$$\n```\n\n```mermaid\ngraph TD; A-->B;\n```\n\nBroken $\\nosuch$ here.\n";
    mdbook(
        &place,
        PLAIN_TOML,
        "# Summary\n\n- [Notes](notes.md)\n",
        &[("notes.md", chapter)],
    );
    import(&place)
        .succeeds()
        .stderr_has("note: src/notes.md:6: admonish block written as a GitHub alert, > [!WARNING]")
        .stderr_has("note: src/notes.md:12: a mermaid diagram is kept as a code block")
        .stderr_has("note: src/notes.md:16: cannot typeset this formula");
    build_imported(&place).succeeds();
    let page = place.read("book/public/notes.html");
    assert!(
        page.contains(
            "<div class=\"callout callout-tip\" role=\"note\"><p class=\"callout-title\">Tip</p>"
        ),
        "{page}"
    );
    let warning = &page[page.find("callout-warning").expect("a warning callout")..];
    assert!(
        warning
            .contains("<p class=\"callout-title\">Warning</p>\n<p><strong>Data loss</strong></p>"),
        "{warning}"
    );
    assert!(
        warning[..warning.find("</div>").unwrap()].contains("katex"),
        "math inside the admonition is typeset:\n{warning}"
    );
    assert!(
        page.contains("<code class=\"language-mermaid\">graph TD; A--&gt;B;"),
        "{page}"
    );
}

#[test]
fn summary_is_the_table_of_contents_not_the_folders() {
    let place = Book::empty();
    mdbook(
        &place,
        PLAIN_TOML,
        "# Summary\n\n[Intro](README.md)\n\n# Part One\n\n- [Protocol](protocol.md)\n  - [Messages](protocol/messages.md)\n  - [Errors](other/errors.md)\n- [Other](other.md)\n\n# Part Two\n\n- [Last](last.md)\n",
        &[
            ("README.md", "# Intro\n\nHello.\n"),
            ("protocol.md", "# Protocol\n\nThe protocol.\n"),
            ("protocol/messages.md", "# Messages\n\nSee [errors](../other/errors.md).\n"),
            ("other/errors.md", "# Errors\n\nErrors.\n"),
            ("other.md", "# Other\n\nOther.\n"),
            ("last.md", "# Last\n\nLast.\n"),
        ],
    );
    import(&place).succeeds();
    assert!(place
        .read("book/book.toml")
        .contains("contents = \"SUMMARY.md\""));
    build_imported(&place).succeeds();
    let toc = place.read("book/public/book-toc.js");
    assert!(
        toc.contains(r#"[{"t":"Intro","u":"index.html"},{"c":[{"c":[{"t":"Messages","u":"protocol/messages.html"},{"t":"Errors","u":"other/errors.html"}],"t":"Protocol","u":"protocol.html"},{"t":"Other","u":"other.html"}],"t":"Part One","u":null},{"c":[{"t":"Last","u":"last.html"}],"t":"Part Two","u":null}]"#),
        "SUMMARY's parts, order and nesting, no group per folder:\n{toc}"
    );
    let messages = place.read("book/public/protocol/messages.html");
    assert!(messages.contains("Page 3 of 6"), "{messages}");
    assert!(
        messages.contains("Part One") && messages.contains("../protocol.html"),
        "breadcrumbs follow SUMMARY:\n{messages}"
    );
    let errors = place.read("book/public/other/errors.html");
    assert!(
        errors.contains("Page 4 of 6"),
        "a chapter stored in another folder follows SUMMARY"
    );
    let protocol = place.read("book/public/protocol.html");
    assert!(
        protocol.contains("protocol/messages.html"),
        "X.md heads the chapters of X/"
    );
    place.run(&["check", "--root", "book"]).succeeds();
}

#[test]
fn math_inside_a_details_block_is_typeset_after_import() {
    let place = Book::empty();
    mdbook(
        &place,
        PLAIN_TOML,
        "# Summary\n\n- [Proofs](proofs.md)\n",
        &[(
            "proofs.md",
            "# Proofs\n\n<details>\n<summary>Proof</summary>\nLet $x$ be even; then $x^2$ is.\n</details>\n\nLine nine $y$.\n",
        )],
    );
    import(&place)
        .succeeds()
        .stderr_has("note: src/proofs.md:5: math inside an HTML block");
    build_imported(&place).succeeds();
    let page = place.read("book/public/proofs.html");
    let details = &page[page.find("<details>").unwrap()..page.find("</details>").unwrap()];
    assert!(
        details.contains("<span class=\"katex\">") && !details.contains("$x$"),
        "{details}"
    );
}

#[test]
fn an_imported_book_keeps_mdbook_heading_ids_and_raw_html_anchors() {
    let place = Book::empty();
    mdbook(
        &place,
        PLAIN_TOML,
        "# Summary\n\n- [Title Here](ch.md)\n- [Links](links.md)\n",
        &[
            (
                "ch.md",
                "# Title Here\n\n## Why divide by $\\sqrt{d_k}$\n\n## A - B\n\n## Repeat\n\n## Repeat\n\n## Title Here\n\n<a name=\"raw-anchor\"></a>\n\nText.\n",
            ),
            (
                "links.md",
                "# Links\n\n[a](ch.md#title-here) [b](ch.md#why-divide-by-dk) [c](ch.md#a---b) [d](ch.md#repeat-1) [e](ch.md#title-here-1) [f](ch.md#raw-anchor)\n",
            ),
        ],
    );
    let import = import(&place);
    import.succeeds();
    assert!(
        !import.stderr.contains("has no heading"),
        "{}",
        import.stderr
    );
    assert!(place.read("book/book.toml").contains("ids = \"mdbook\""));
    let build = build_imported(&place);
    build.succeeds();
    assert!(!build.stderr.contains("warning"), "{}", build.stderr);
    let page = place.read("book/public/ch.html");
    for id in [
        "why-divide-by-dk",
        "a---b",
        "repeat",
        "repeat-1",
        "title-here-1",
    ] {
        assert!(
            page.contains(&format!("id=\"{id}\"")),
            "no id {id} in\n{page}"
        );
    }
    place.run(&["check", "--root", "book"]).succeeds();
}

#[test]
fn a_book_whose_first_chapter_is_not_readme_opens_on_it_and_keeps_its_address() {
    let place = Book::empty();
    mdbook(
        &place,
        PLAIN_TOML,
        "# Summary\n\n- [Introduction](./intro/main.md)\n  - [Usage](./intro/usage.md)\n- [Later](later.md)\n",
        &[
            (
                "intro/main.md",
                "# Introduction\n\nRead the [usage](usage.md) first.\n\n![a picture](pic.png)\n\n## Getting started\n\nSee [below](#getting-started).\n",
            ),
            ("intro/pic.png", "not really a picture"),
            ("intro/usage.md", "# Usage\n\nUse it.\n"),
            ("later.md", "# Later\n\nBack to the [introduction](intro/main.md).\n"),
        ],
    );
    import(&place).succeeds();
    build_imported(&place).succeeds();
    let front = place.read("book/public/index.html");
    assert!(
        front.contains("<article") && front.contains("Read the"),
        "the front page shows the first chapter, as mdBook's does:\n{front}"
    );
    assert!(
        !front.contains("Start reading"),
        "not the generated list of parts:\n{front}"
    );
    for address in [
        r#"href="intro/usage.html""#,
        r#"src="intro/pic.png""#,
        r##"href="#getting-started""##,
        r#"id="getting-started""#,
        r#"href="style.css""#,
        r#"data-page="intro/main.html""#,
    ] {
        assert!(
            front.contains(address),
            "{address}: addresses start at the root, ids stay:\n{front}"
        );
    }
    let own = place.read("book/public/intro/main.html");
    assert!(
        own.contains(r#"href="usage.html""#) && own.contains(r#"href="../style.css""#),
        "the chapter keeps its own page:\n{own}"
    );
    assert!(place
        .read("book/public/later.html")
        .contains(r#"href="intro/main.html""#));
    place.run(&["check", "--root", "book"]).succeeds();
}
