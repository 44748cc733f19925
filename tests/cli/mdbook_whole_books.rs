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
