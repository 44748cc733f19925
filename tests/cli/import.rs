//! `worked import mdbook` (issue 13): a fixture mdBook written for this test, with nested
//! chapters, parts, a draft chapter, prefix and suffix chapters, an mdbook-katex macros file,
//! images beside chapters and the display-math idioms that only work because mdbook-katex reads
//! the raw text, is imported, then built and checked with zero errors.

use crate::support::files_under;
use std::path::Path;
use std::process::{Command, Output};

const BOOK_TOML: &str = r#"[book]
title = "Fixture Algebra"
authors = ["Ada", "Emmy"]
language = "en"
description = "A fixture."
src = "src"

[preprocessor.katex]
macros = "macros.txt"

[preprocessor.toc]
command = "mdbook-toc"

[output.html]
mathjax-support = false
git-repository-url = "https://example.org"
"#;

const SUMMARY: &str = "# Summary

[Introduction](README.md)

# Basics

- [Sets](basics/sets.md)
    - [Maps](basics/maps.md)
- [Not yet]()

# Fields

- [Groups](algebra/groups.md)
    - [Deep fields](algebra/deep/fields.md)

---

[Appendix](appendix.md)
";

fn write(root: &Path, relative: &str, bytes: impl AsRef<[u8]>) {
    let path = root.join(relative);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

fn fixture(root: &Path) {
    write(root, "book.toml", BOOK_TOML);
    write(
        root,
        "macros.txt",
        "\\R:\\mathbb{R}\n# natural numbers\n\\N:\\mathbb{N}\n",
    );
    write(root, "src/SUMMARY.md", SUMMARY);
    write(
        root,
        "src/README.md",
        "# Introduction\n\nWelcome. We use $\\R$ and $ \\N $. Start with [sets](basics/sets.md#what-a-set-is).\n\n![A diagram](images/diagram.svg)\n",
    );
    write(
        root,
        "src/basics/sets.md",
        "# Sets\n\n## What a set is\n\nTwo facts:\n\n- The sum is $$\n  \\sum_{i=1}^{n} x_i\n  $$\n- The second fact.\n\nA formula with a blank line:\n\n$$\na + b\n\n= c\n$$\n\nA literal dollar: it costs \\$5.\n",
    );
    write(
        root,
        "src/basics/maps.md",
        "# Maps\n\nA map $f: A \\to B$. Back to [sets](sets.md).\n",
    );
    write(
        root,
        "src/algebra/groups.md",
        "# Groups\n\n$$\n% the identity\n{{a}} \\cdot e = a\n$$\n",
    );
    write(
        root,
        "src/algebra/deep/fields.md",
        "# Deep fields\n\n![plot](plot.png)\n",
    );
    write(root, "src/algebra/deep/plot.png", b"\x89PNG fixture");
    write(
        root,
        "src/images/diagram.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    );
    write(root, "src/appendix.md", "# Appendix\n\nNotes at the end.\n");
    write(
        root,
        "src/notes.md",
        "# Loose notes\n\nNot in the summary.\n",
    );
}

fn worked(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_worked"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the worked binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn an_mdbook_imports_builds_and_checks_with_zero_errors() {
    let place = tempfile::tempdir().unwrap();
    let source = place.path().join("mdbook");
    fixture(&source);
    let before = files_under(&source);

    let import = worked(
        place.path(),
        &["import", "mdbook", "mdbook", "--into", "book"],
    );
    let (stdout, stderr) = (text(&import.stdout), text(&import.stderr));
    assert!(import.status.success(), "{stdout}{stderr}");
    assert!(
        stdout.contains("Imported 7 chapters and 3 other files"),
        "{stdout}"
    );
    for note in [
        "src/SUMMARY.md:9: draft chapter \"Not yet\" has no file; skipped",
        "book.toml:15: [output.html] mathjax-support has no counterpart",
        "book.toml:16: [output.html] git-repository-url has no counterpart",
        "book.toml:11: [preprocessor.toc] is not run by worked",
        "src/notes.md: not in SUMMARY.md; imported as a draft",
    ] {
        assert!(stderr.contains(note), "no note {note:?} in\n{stderr}");
    }
    assert_eq!(
        files_under(&source),
        before,
        "the mdBook folder is only read"
    );

    let book = place.path().join("book");
    let config = std::fs::read_to_string(book.join("book.toml")).unwrap();
    assert!(config.contains("title = \"Fixture Algebra\""), "{config}");
    assert!(config.contains("author = \"Ada, Emmy\""), "{config}");
    assert!(config.contains("macros_file = \"macros.txt\""), "{config}");
    let sets = std::fs::read_to_string(book.join("content/basics/sets.md")).unwrap();
    assert!(
        sets.starts_with("+++\ntitle = \"Sets\"\nweight = 30\n+++\n"),
        "{sets}"
    );
    assert!(
        sets.contains("- The sum is $$\\sum_{i=1}^{n} x_i$$\n- The second fact."),
        "{sets}"
    );
    assert!(sets.contains("$$a + b = c$$"), "{sets}");

    let check = worked(&book, &["check"]);
    assert!(check.status.success(), "{}", text(&check.stderr));
    let build = worked(&book, &["build"]);
    assert!(build.status.success(), "{}", text(&build.stderr));
    let site = book.join("public");
    let page = |path: &str| std::fs::read_to_string(site.join(path)).unwrap();

    // SUMMARY's reading order, titles, nesting and parts; README as the front page.
    let index = page("index.html");
    assert!(
        index.contains("<h1 id=\"introduction\">Introduction</h1>"),
        "README.md is the front page"
    );
    assert!(
        index.contains("href=\"basics/sets.html#what-a-set-is\""),
        "{index}"
    );
    let toc = page("book-toc.js");
    assert!(
        toc.contains(r#"{"c":[{"c":[{"t":"Maps","u":"basics/maps.html"}],"t":"Sets","u":"basics/sets.html"}],"t":"Basics","u":null}"#),
        "a part holds its chapters, a chapter its sub-chapters:\n{toc}"
    );
    assert!(toc.contains(r#"{"c":[{"c":[{"t":"Deep fields","u":"algebra/deep/fields.html"}],"t":"Groups","u":"algebra/groups.html"}],"t":"Fields","u":null}"#), "{toc}");
    assert!(
        !site.join("basics/index.html").exists(),
        "no section pages SUMMARY does not have"
    );
    let sets_page = page("basics/sets.html");
    assert!(sets_page.contains("Page 2 of 6"), "{sets_page}");
    assert!(page("appendix.html").contains("Page 6 of 6"));
    assert!(
        !site.join("notes.html").exists(),
        "a file outside SUMMARY is a draft"
    );
    // The display formula that opened at the end of a list item is typeset inside the item.
    let item = &sets_page[sets_page.find("The sum is").unwrap()..];
    let item = &item[..item.find("</li>").unwrap()];
    assert!(item.contains("katex-display"), "{item}");
    assert!(
        sets_page.contains("it costs $5."),
        "a literal dollar stays a dollar"
    );
    // The macros file reached the typesetter; images were copied beside their chapters.
    assert!(index.contains("mathbb"), "{index}");
    assert!(site.join("images/diagram.svg").is_file());
    assert!(site.join("algebra/deep/plot.png").is_file());

    let again = worked(
        place.path(),
        &["import", "mdbook", "mdbook", "--into", "book"],
    );
    assert_eq!(
        again.status.code(),
        Some(2),
        "a folder that is not empty is refused"
    );
    let inside = worked(
        place.path(),
        &["import", "mdbook", "mdbook", "--into", "mdbook/out"],
    );
    assert_eq!(
        inside.status.code(),
        Some(2),
        "the import never writes into SRC"
    );
    assert_eq!(files_under(&source), before);
}
