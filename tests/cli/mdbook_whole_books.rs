//! Real mdBooks import whole (issue 38): each shape a real book has and the import used to
//! drop or leave raw is reproduced in a small fixture mdBook, imported, built and checked.

use crate::support::{files_under, Book};

const PLAIN_TOML: &str = "[book]\ntitle = \"Fixture\"\n";

const EXAMPLE: &str = "use std::io;\n// ANCHOR: main\nfn main() {\n    println!(\"from the repository\");\n}\n// ANCHOR_END: main\n";

/// `repo/` (with `.git`) holding `book/` (the mdBook), a README and a crate's example, as the
/// halo2 book includes them; and `elsewhere/` beside the repository.
fn repository_book(place: &Book) {
    place.write("repo/.git/HEAD", "ref: refs/heads/main\n");
    place.write(
        "repo/README.md",
        "# The project\n\nRead the project's words.\n\n{{#include docs/extra.md}}\n",
    );
    place.write("repo/docs/extra.md", "Nested words with $x^2$.\n");
    place.write("repo/crate/examples/demo.rs", EXAMPLE);
    place.write("elsewhere/shared.rs", "fn shared() {}\n");
    place.write("repo/book/book.toml", PLAIN_TOML);
    place.write(
        "repo/book/src/SUMMARY.md",
        "# Summary\n\n[Intro](README.md)\n\n- [Example](user/example.md)\n",
    );
    place.write("repo/book/src/README.md", "{{#include ../../README.md}}\n");
    place.write(
        "repo/book/src/user/example.md",
        "# Example\n\n```rust\n{{#include ../../../crate/examples/demo.rs:main}}\n```\n\n```rust\n{{#include ../../../../elsewhere/shared.rs}}\n```\n",
    );
}

#[test]
fn includes_from_the_repository_are_copied_in_and_nothing_outside_it_is_read() {
    let place = Book::empty();
    repository_book(&place);
    place
        .run(&["import", "mdbook", "repo/book", "--into", "out"])
        .succeeds()
        .stderr_has("note: src/user/example.md:4: includes ../../../crate/examples/demo.rs, crate/examples/demo.rs in the repository ")
        .stderr_has("copied into the new book as included/repository/crate/examples/demo.rs and the directive rewritten to it")
        .stderr_has("note: src/README.md:1: includes ../../README.md, README.md in the repository")
        .stderr_has("src/user/example.md:8: includes ../../../../elsewhere/shared.rs, which is outside the mdBook folder and outside its repository")
        .stderr_has("--include-root DIR");
    let chapter = place.read("out/content/user/example.md");
    assert!(
        chapter.contains("{{#include ../../included/repository/crate/examples/demo.rs:main}}"),
        "{chapter}"
    );
    assert_eq!(
        place.read("out/included/repository/crate/examples/demo.rs"),
        EXAMPLE
    );
    assert_eq!(
        place.read("out/included/repository/docs/extra.md"),
        "Nested words with $x^2$.\n",
        "what a copied file includes comes along, at the same place"
    );
    let copied = files_under(&place.path("out"));
    assert!(
        !copied.values().any(|bytes| bytes == b"fn shared() {}\n"),
        "a file outside the repository is never read without --include-root"
    );
    place.edit(
        "out/content/user/example.md",
        "{{#include ../../../../elsewhere/shared.rs}}",
        "",
    );
    place
        .run(&["build", "--root", "out", "--output", "out/public"])
        .succeeds();
    let page = place.read("out/public/user/example.html");
    assert!(page.contains("from the repository"), "{page}");
    let intro = place.read("out/public/index.html");
    assert!(intro.contains("Read the project"), "{intro}");
    assert!(intro.contains("Nested words"), "{intro}");
}

#[test]
fn include_root_lets_the_import_read_a_named_folder_outside_the_repository() {
    let place = Book::empty();
    repository_book(&place);
    place
        .run(&[
            "import",
            "mdbook",
            "repo/book",
            "--into",
            "out",
            "--include-root",
            "elsewhere",
        ])
        .succeeds()
        .stderr_has("includes ../../../../elsewhere/shared.rs, shared.rs in --include-root ");
    assert_eq!(
        place.read("out/included/include-root/shared.rs"),
        "fn shared() {}\n"
    );
    place
        .run(&["build", "--root", "out", "--output", "out/public"])
        .succeeds();
    assert!(place
        .read("out/public/user/example.html")
        .contains("fn shared()"));
    place
        .run(&[
            "import",
            "mdbook",
            "repo/book",
            "--into",
            "again",
            "--include-root",
            "missing",
        ])
        .exits_with(2)
        .stderr_has("--include-root missing: cannot read it");
}

/// The shapes of `$$` that mdbook-katex typesets (it scans the raw text), from the real books:
/// each is `(shape, chapter text)`, and each chapter's formulas are distinct letters.
const DISPLAY_SHAPES: [(&str, &str); 7] = [
    (
        "indented continuation in a details block after a list item (Mina)",
        "1. Compute things.\n\n   At this point we have two PCS claims.\n   <details>\n   At this point we have two claims:\n       $$\n       \\begin{align} a &= b \\\\ c &= d \\end{align}\n       $$\n   These are combined with $\\chi$.\n   </details>\n\n1. Next step.\n",
    ),
    (
        "indented continuation of a paragraph",
        "We have:\n    $$e = f$$\nand so on.\n",
    ),
    (
        "blank lines inside",
        "$$\ng = h\n\n+ i\n\n$$\n",
    ),
    ("after a bullet marker", "- $$j^2$$\n- $$\n  k\n  $$\n"),
    ("after a numbered marker", "1. $$\n   l\n   $$\n2. $$m$$\n"),
    ("in table cells", "| a | b |\n| --- | --- |\n| $$n$$ | $$o + p$$ |\n"),
    (
        "array rows numbered like a list (halo2)",
        "$$\n\\begin{array}{rl}\n1. & q = r \\\\\n2. & s = t\n\\end{array}\n$$\n",
    ),
];

#[test]
fn every_display_formula_mdbook_katex_typesets_is_typeset() {
    let place = Book::empty();
    place.write("mdbook/book.toml", PLAIN_TOML);
    let mut summary = String::from("# Summary\n\n");
    for (index, (shape, text)) in DISPLAY_SHAPES.iter().enumerate() {
        summary.push_str(&format!("- [{shape}](shape{index}.md)\n"));
        place.write(&format!("mdbook/src/shape{index}.md"), text);
    }
    place.write("mdbook/src/SUMMARY.md", summary);
    place
        .run(&["import", "mdbook", "mdbook", "--into", "book"])
        .succeeds();
    place
        .run(&["build", "--root", "book", "--output", "book/public"])
        .succeeds();
    for (index, (shape, text)) in DISPLAY_SHAPES.iter().enumerate() {
        let page = place.read(&format!("book/public/shape{index}.html"));
        let article = &page[page.find("<article").unwrap()..page.find("</article>").unwrap()];
        assert!(!article.contains("$$"), "{shape}: a raw $$ shows\n{article}");
        let formulas = text.matches("$$").count() / 2;
        assert!(
            article.matches("class=\"katex-display\"").count() >= formulas
                || article.matches("<math").count() >= formulas,
            "{shape}: {formulas} formulas typeset\n{article}"
        );
    }
}
