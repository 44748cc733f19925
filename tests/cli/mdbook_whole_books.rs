//! Real mdBooks import whole (issue 38): each shape a real book has and the import used to
//! drop or leave raw is reproduced in a small fixture mdBook, imported, built and checked.

use crate::mdbook_books::{build_imported, import, mdbook, PLAIN_TOML};
use crate::support::{files_under, Book};

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

/// `mdbook/` with `book_toml` and one SUMMARY entry per chapter (title, file under `src/`,
/// text), imported into `book/` and built into `book/public`.
fn import_and_build<'t>(
    place: &Book,
    book_toml: &str,
    chapters: impl IntoIterator<Item = (String, String, &'t str)>,
) {
    place.write("mdbook/book.toml", book_toml);
    let mut summary = String::from("# Summary\n\n");
    for (title, file, text) in chapters {
        summary.push_str(&format!("- [{title}]({file})\n"));
        place.write(&format!("mdbook/src/{file}"), text);
    }
    place.write("mdbook/src/SUMMARY.md", summary);
    import(place).succeeds();
    build_imported(place).succeeds();
}

#[test]
fn every_display_formula_mdbook_katex_typesets_is_typeset() {
    let place = Book::empty();
    import_and_build(
        &place,
        PLAIN_TOML,
        DISPLAY_SHAPES
            .iter()
            .enumerate()
            .map(|(index, (shape, text))| (shape.to_string(), format!("shape{index}.md"), *text)),
    );
    for (index, (shape, text)) in DISPLAY_SHAPES.iter().enumerate() {
        let page = place.read(&format!("book/public/shape{index}.html"));
        let article = &page[page.find("<article").unwrap()..page.find("</article>").unwrap()];
        assert!(
            !article.contains("$$"),
            "{shape}: a raw $$ shows\n{article}"
        );
        let formulas = text.matches("$$").count() / 2;
        assert!(
            article.matches("class=\"katex-display\"").count() >= formulas
                || article.matches("<math").count() >= formulas,
            "{shape}: {formulas} formulas typeset\n{article}"
        );
    }
}

#[test]
fn no_chapter_is_dropped_renamed_ones_keep_their_links_and_404_is_the_not_found_page() {
    let place = Book::empty();
    let deep = format!("{}deep.md", "d/".repeat(13));
    place.write("mdbook/book.toml", PLAIN_TOML);
    place.write(
        "mdbook/src/SUMMARY.md",
        format!("# Summary\n\n[Intro](README.md)\n\n- [Upper](A.md)\n- [Lower](a.md)\n- [Part](part/README.md)\n  - [Part index](part/index.md)\n- [Deep]({deep})\n- [Gone](gone.md)\n- [Lost](404.md)\n"),
    );
    place.write(
        "mdbook/src/README.md",
        format!("# Intro\n\n[upper](A.md), [lower](a.html#x), [index](part/index.md), [deep]({deep}).\n"),
    );
    place.write("mdbook/src/A.md", "# Upper\n\nUpper words.\n");
    place.write("mdbook/src/a.md", "# Lower\n\n## X\n\nLower words.\n");
    place.write("mdbook/src/part/README.md", "# Part\n\nPart words.\n");
    place.write(
        "mdbook/src/part/index.md",
        "# Part index\n\nIndex words, back [home](../README.md).\n",
    );
    place.write(
        &format!("mdbook/src/{deep}"),
        "# Deep\n\nDeep words ![a dot](dot.svg) and [home](../../../../../../../../../../../../../README.md).\n",
    );
    place.write(
        &format!("mdbook/src/{}", deep.replace("deep.md", "dot.svg")),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    );
    place.write(
        "mdbook/src/404.md",
        "# Document not found (404)\n\nThis URL is invalid, sorry. {{ not a template }}\n",
    );
    import(&place)
        .succeeds()
        .stderr_has("note: src/a.md: its page would be the same as another chapter's")
        .stderr_has("note: src/part/index.md: its page would be the same as another chapter's")
        .stderr_has("more than 12 folders deep; written as")
        .stderr_has("gone.md does not exist; chapter \"Gone\" skipped (and left out of SUMMARY)")
        .stderr_has("404.md is the not-found page (see the note on it), not a chapter; left out of SUMMARY")
        .stderr_has("note: src/404.md: mdBook's page for a missing address; it is the new book's not-found page, templates/404.html");
    assert!(
        !place.read("book/book.toml").contains("[check]"),
        "every link still resolves:\n{}",
        place.read("book/book.toml")
    );
    assert!(!place.read("book/content/SUMMARY.md").contains("gone.md"));
    build_imported(&place).succeeds();
    let site = files_under(&place.path("book/public"));
    for words in [
        "Upper words",
        "Lower words",
        "Part words",
        "Index words",
        "Deep words",
    ] {
        assert!(
            site.iter().any(|(name, bytes)| name.ends_with(".html")
                && name != "print.html"
                && String::from_utf8_lossy(bytes).contains(words)),
            "{words} is on a page"
        );
    }
    let not_found = place.read("book/public/404.html");
    assert!(
        not_found.contains("This URL is invalid, sorry."),
        "{not_found}"
    );
    assert!(
        not_found.contains("&#123;&#123; not a template }}"),
        "{not_found}"
    );
    place.run(&["check", "--root", "book"]).succeeds();
}

#[test]
fn notes_of_one_kind_are_capped_with_a_count() {
    let place = Book::empty();
    let summary = format!("# Summary\n\n{}", "- [Twice](a.md)\n".repeat(500));
    mdbook(
        &place,
        PLAIN_TOML,
        &summary,
        &[("a.md", "# Twice\n\nWords.\n")],
    );
    let run = import(&place);
    run.succeeds()
        .stderr_has("note: … and 479 more notes like \"a.md is listed twice");
    assert_eq!(run.stderr.matches("is listed twice").count(), 21);
}

#[test]
fn a_renamed_piece_is_still_included_and_takes_no_other_file_s_name() {
    let place = Book::empty();
    mdbook(
        &place,
        PLAIN_TOML,
        "# Summary\n\n- [Upper](A.md)\n- [Second](a-2.md)\n- [Both](b.md)\n",
        &[
            ("A.md", "# Upper\n\nUpper words.\n"),
            ("a-2.md", "# Second\n\nSecond words.\n"),
            ("a.md", "Piece words.\n"),
            ("b.md", "# Both\n\n{{#include a.md}}\n"),
        ],
    );
    import(&place).succeeds().stderr_has(
        "note: src/a.md: its page would be the same as another chapter's (/a); written as a-3.md",
    );
    assert!(place
        .read("book/content/b.md")
        .contains("{{#include a-3.md}}"));
    build_imported(&place).succeeds();
    assert!(place.read("book/public/b.html").contains("Piece words."));
    assert!(place.read("book/public/a-2.html").contains("Second words."));
}

#[test]
fn a_chapter_moved_out_of_a_too_deep_folder_still_includes_from_beside_src_and_the_repository() {
    let place = Book::empty();
    let deep = format!("{}deep.md", "d/".repeat(13));
    place.write("repo/.git/HEAD", "ref: refs/heads/main\n");
    place.write("repo/crate/examples/demo.rs", EXAMPLE);
    place.write("repo/book/book.toml", PLAIN_TOML);
    place.write("repo/book/listings/beside.rs", "fn beside_src() {}\n");
    place.write(
        "repo/book/src/SUMMARY.md",
        format!("# Summary\n\n- [Deep]({deep})\n"),
    );
    let out_of_src = "../".repeat(14);
    place.write(
        &format!("repo/book/src/{deep}"),
        format!("# Deep\n\n```rust\n{{{{#include {out_of_src}listings/beside.rs}}}}\n```\n\n```rust\n{{{{#include {out_of_src}../crate/examples/demo.rs:main}}}}\n```\n"),
    );
    place
        .run(&["import", "mdbook", "repo/book", "--into", "out"])
        .succeeds()
        .stderr_has("more than 12 folders deep; written as");
    place
        .run(&["build", "--root", "out", "--output", "out/public"])
        .succeeds();
    let page = files_under(&place.path("out/public"))
        .into_iter()
        .find(|(name, bytes)| {
            name.ends_with("deep.html") && String::from_utf8_lossy(bytes).contains("<article")
        })
        .map(|(_, bytes)| String::from_utf8_lossy(&bytes).into_owned())
        .expect("the deep chapter has a page");
    assert!(page.contains("beside_src"), "{page}");
    assert!(page.contains("from the repository"), "{page}");
}

/// Chapters with the heading shapes of the five real books whose ids used to differ from
/// mdBook's: `(file, SUMMARY title, text, the ids mdBook 0.5.4 gives its headings)`, the ids
/// worked out by hand from mdBook's rule (`id_from_content`, `unique_id`; formulas by the text
/// of mdbook-katex's default HTML output).
const ID_SHAPES: [(&str, &str, &str, &[&str]); 6] = [
    (
        "vanishing.md",
        "Vanishing",
        "# Vanishing\n\n## Committing to $h(X)$\n\n## Evaluating `the` [polynomials](basics.md)\n\n## Repeat\n\n## Repeat\n\n## Repeat 1\n\n## Reduction 1: $\\ell$ rounds\n",
        &[
            "vanishing",
            "committing-to-hx",
            "evaluating-the-polynomials",
            "repeat",
            "repeat-1",
            "repeat-1-1",
            "reduction-1-ℓ-rounds",
        ],
    ),
    (
        "scalar.md",
        "Scalar mul",
        "# Scalar mul\n\n## Witness\n\n## Scalar mul\n",
        &["scalar-mul", "witness", "scalar-mul-1"],
    ),
    (
        "economics.md",
        "Economics",
        "## Economics\n\nWords.\n",
        &["economics"],
    ),
    (
        "basics.md",
        "Basics",
        "# Basics\n\n# Basics\n",
        &["basics", "basics-1"],
    ),
    (
        "costs.md",
        "Costs",
        "# Costs\n\n###### Lemma.[^1]\n\n[^1]: A note.\n",
        &["costs", "lemma1"],
    ),
    (
        "written.md",
        "Written",
        "# Written\n\n## Kept {#mine}\n\n## Written\n",
        &["written", "mine", "written-1"],
    ),
];

/// The `id`s of `<h1>`…`<h6>` in `html`, in order.
fn heading_ids(html: &str) -> Vec<String> {
    html.split("<h")
        .skip(1)
        .filter(|rest| rest.starts_with(|c: char| ('1'..='6').contains(&c)))
        .filter_map(|rest| {
            let tag = &rest[..rest.find('>')?];
            let start = tag.find(" id=\"")? + 5;
            Some(tag[start..start + tag[start..].find('"')?].to_string())
        })
        .collect()
}

#[test]
fn an_imported_book_has_every_heading_id_mdbook_gives() {
    let place = Book::empty();
    import_and_build(
        &place,
        &format!("{PLAIN_TOML}\n[preprocessor.katex]\n"),
        ID_SHAPES
            .iter()
            .map(|(file, title, text, _)| (title.to_string(), file.to_string(), *text)),
    );
    let mdbook = ["mdbook", "mdbook-katex"].iter().all(|peer| {
        std::process::Command::new(peer)
            .arg("--version")
            .output()
            .is_ok()
    });
    if mdbook {
        let built = std::process::Command::new("mdbook")
            .args(["build", "mdbook", "--dest-dir", "mdbook-site"])
            .current_dir(place.root())
            .output()
            .expect("mdbook runs");
        assert!(built.status.success(), "{built:?}");
    } else {
        eprintln!(
            "mdbook and mdbook-katex are not on PATH: the ids are checked against the rule only"
        );
    }
    for (file, _, _, expected) in ID_SHAPES {
        let page = file.replace(".md", ".html");
        let ours = place.read(&format!("book/public/{page}"));
        let header = &ours[ours.find("<header").unwrap()..ours.find("</article>").unwrap()];
        let ids = heading_ids(header);
        for id in expected {
            assert!(
                ids.iter().any(|ours| ours == id),
                "{page}: no #{id} among {ids:?}"
            );
        }
        if mdbook {
            let theirs = place.read(&format!("mdbook-site/{page}"));
            let main = &theirs[theirs.find("<main>").unwrap()..theirs.find("</main>").unwrap()];
            assert_eq!(heading_ids(main), *expected, "{page}: mdBook's ids");
        }
    }
}
