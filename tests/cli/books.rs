//! Real books (issue 12): chapters in folders, section pages, navigation, search index, assets
//! beside lessons, `.md` links, math macros, drafts, and the `new` and `init` scaffolds.

use crate::support::{lesson, place, Book};

/// A lesson with front matter lines `front` and the given body.
fn lesson_with(title: &str, front: &str, body: &str) -> String {
    format!("+++\ntitle = \"{title}\"\n{front}\n+++\n\n{body}")
}

/// A book in folders: a top-level lesson, a part with a section page and two chapters (one in a
/// sub-folder), and a second part without a section page that also has an `intro.md`.
fn nested_book() -> Book {
    let book = Book::empty();
    book.write("book.toml", "title = \"Nested\"\n");
    book.write(
        "content/start.md",
        lesson_with(
            "Start",
            "weight = 1",
            "## Begin\n\nSee [fields](algebra/deep/fields.md#groups).\n",
        ),
    );
    book.write(
        "content/algebra/index.md",
        lesson_with(
            "Algebra",
            "weight = 2\nsummary = \"Sets with operations.\"",
            "## About this part\n\nWords.\n",
        ),
    );
    book.write(
        "content/algebra/intro.md",
        lesson_with(
            "Algebra intro",
            "weight = 1",
            "Back to [the start](../start.md).\n",
        ),
    );
    book.write(
        "content/algebra/deep/fields.md",
        lesson_with(
            "Fields",
            "keep_going = [\"start\", \"analysis/intro\"]",
            "## Groups\n\nA group is a set. ![A plot](plot.png)\n\n<img alt=\"raw\" src=\"figs/raw.svg\">\n\nSee [the part](../index.md) and [limits](../../analysis/intro.md#limits).\n",
        ),
    );
    book.write("content/algebra/deep/plot.png", b"\x89PNG fake");
    book.write("content/algebra/deep/figs/raw.svg", "<svg/>");
    book.write(
        "content/analysis/intro.md",
        lesson_with(
            "Analysis intro",
            "weight = 3",
            "## Limits\n\nClose enough.\n",
        ),
    );
    book
}

#[test]
fn pages_mirror_their_folders_and_two_intro_files_do_not_collide() {
    let book = nested_book();
    book.build().succeeds();
    let site = book.files("public");
    for page in [
        "index.html",
        "start.html",
        "algebra/index.html",
        "algebra/intro.html",
        "algebra/deep/fields.html",
        "analysis/intro.html",
        "algebra/deep/plot.png",
        "algebra/deep/figs/raw.svg",
        "search-index.js",
    ] {
        assert!(
            site.contains_key(page),
            "{page} is missing: {:?}",
            site.keys()
        );
    }
    assert_eq!(site["algebra/deep/plot.png"], b"\x89PNG fake");
    book.check().succeeds();
}

#[test]
fn a_page_two_folders_deep_reaches_everything_with_relative_urls() {
    let book = nested_book();
    book.build().succeeds();
    let html = book.read("public/algebra/deep/fields.html");
    assert!(html.contains("href=\"../../style.css\""), "stylesheet");
    assert!(
        html.contains("src=\"../../js/book-nav.js\""),
        "navigation script"
    );
    assert!(
        html.contains("data-root=\"../../\""),
        "root for the search script"
    );
    // `.md` links became page links, relative to this page, anchors kept.
    assert!(
        html.contains("href=\"../index.html\""),
        "link to the part's section page"
    );
    assert!(
        html.contains("href=\"../../analysis/intro.html#limits\""),
        "{html}"
    );
    // Images stay where they are, beside the lesson.
    assert!(html.contains("src=\"plot.png\""));
    assert!(html.contains("src=\"figs/raw.svg\""));
    // The sidebar is drawn from the one table of contents, marking this page.
    assert!(html.contains("src=\"../../book-toc.js\""));
    assert!(html.contains("data-page=\"algebra/deep/fields.html\""));
    let toc = book.read("public/book-toc.js");
    assert!(
        toc.contains("{\"t\":\"Fields\",\"u\":\"algebra/deep/fields.html\"}"),
        "{toc}"
    );
    // Breadcrumbs: the book, the part (a link), the sub-folder (no section page, no link).
    assert!(
        html.contains("<a href=\"../../algebra/index.html\">Algebra</a>"),
        "{html}"
    );
    // A folder without a section page is titled by its name as written.
    assert!(html.contains("<li>deep</li>"), "{html}");
    let start = book.read("public/start.html");
    assert!(
        start.contains("href=\"algebra/deep/fields.html#groups\""),
        "{start}"
    );
    assert!(!start.contains(".md\""), "no .md link survives");
}

#[test]
fn reading_order_is_depth_first_and_previous_next_follow_it() {
    let book = nested_book();
    book.build().succeeds();
    // start (1), algebra/index (2), algebra/intro (3), algebra/deep/fields (4), analysis/intro (5)
    let intro = book.read("public/algebra/intro.html");
    assert!(intro.contains("Page 3 of 5"), "{intro}");
    assert!(
        intro.contains("href=\"index.html\" rel=\"prev\""),
        "{intro}"
    );
    assert!(
        intro.contains("href=\"deep/fields.html\" rel=\"next\""),
        "{intro}"
    );
    let fields = book.read("public/algebra/deep/fields.html");
    assert!(
        fields.contains("href=\"../../analysis/intro.html\" rel=\"next\""),
        "{fields}"
    );
    // The section page lists its children: the chapter and the sub-folder.
    let section = book.read("public/algebra/index.html");
    assert!(section.contains("In this part"), "{section}");
    assert!(
        section.contains("href=\"intro.html\">Algebra intro</a>"),
        "{section}"
    );
    assert!(
        section.contains("href=\"deep/fields.html\">deep</a>"),
        "{section}"
    );
}

#[test]
fn the_front_page_numbers_its_parts_and_starts_readers_on_the_first_chapter() {
    let book = nested_book();
    book.build().succeeds();
    let index = book.read("public/index.html");
    // Top-level folders are parts, numbered among themselves; a top-level chapter is not one.
    assert!(index.contains("Part 1</p>"), "{index}");
    assert!(index.contains("Part 2</p>"), "{index}");
    assert!(!index.contains("Part 3"), "{index}");
    let algebra = index.find("Part 1</p>").unwrap();
    assert!(
        index[algebra..].find(">Algebra</a>") < index[algebra..].find(">Analysis intro</a>"),
        "Part 1 is the algebra folder: {index}"
    );
    assert!(
        index.contains("<a href=\"start.html\">Start reading: Start</a>"),
        "{index}"
    );

    // When the first part has a section page, readers still start on its first chapter.
    let book = Book::empty();
    book.write(
        "content/first/index.md",
        lesson_with("The first part", "weight = 1", "An introduction."),
    );
    book.write(
        "content/first/lesson.md",
        lesson_with("The first lesson", "weight = 1", "Words."),
    );
    book.write(
        "content/second/index.md",
        lesson_with("The second part", "weight = 2", "More."),
    );
    book.build().succeeds();
    let index = book.read("public/index.html");
    assert!(
        index.contains("<a href=\"first/lesson.html\">Start reading: The first lesson</a>"),
        "{index}"
    );
    assert!(index.contains("Part 2</p>"), "{index}");
}

#[test]
fn keep_going_slugs_name_lessons_in_other_folders() {
    let book = nested_book();
    book.build().succeeds();
    let fields = book.read("public/algebra/deep/fields.html");
    let cards = &fields[fields.find("Keep going").expect("keep-going cards")..];
    assert!(cards.contains("href=\"../../start.html\""), "{cards}");
    assert!(
        cards.contains("href=\"../../analysis/intro.html\""),
        "{cards}"
    );
}

#[test]
fn an_ambiguous_bare_keep_going_slug_asks_for_a_folder() {
    let book = nested_book();
    let text = lesson_with("Top", "keep_going = [\"intro\"]", "Words.\n");
    book.write("content/top.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/top.md", &text, "\"intro\""))
        .stderr_has("several lessons have the slug \"intro\"")
        .stderr_has("algebra/intro, analysis/intro");
}

#[test]
fn a_duplicate_slug_in_one_folder_is_an_error_but_not_across_folders() {
    let book = nested_book();
    book.write(
        "content/analysis/other.md",
        lesson_with("Other", "slug = \"intro\"", "Words.\n"),
    );
    book.check()
        .exits_with(1)
        .stderr_has("duplicate slug \"intro\" in this folder");
}

#[test]
fn a_missing_image_is_an_error_at_its_place_in_build_and_check() {
    let book = nested_book();
    let text = lesson(
        "Pictures",
        "Text.\n\n![A missing plot](plots/none.png)\n\n<p><img src=\"gone.svg\" alt=\"x\"></p>\n",
    );
    book.write("content/algebra/pictures.md", &text);
    for run in [book.build(), book.check()] {
        run.exits_with(1)
            .stderr_has(&place("content/algebra/pictures.md", &text, "![A missing"))
            .stderr_has("the image content/algebra/plots/none.png does not exist")
            .stderr_has(&place("content/algebra/pictures.md", &text, "gone.svg"))
            .stderr_has("the image content/algebra/gone.svg does not exist");
    }
}

#[test]
fn a_broken_md_link_and_a_missing_anchor_are_errors_with_an_mdbook_hint() {
    let book = nested_book();
    let text = lesson(
        "Links",
        "See [nowhere](../nowhere.md) and [the root](../analysis/intro.md#why-sqrtx).\n",
    );
    book.write("content/algebra/links.md", &text);
    book.write(
        "content/analysis/intro.md",
        lesson_with(
            "Analysis intro",
            "weight = 3",
            "## Limits\n\n## Why $\\sqrt{x}$\n",
        ),
    );
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/algebra/links.md", &text, "[nowhere]"))
        .stderr_has("no lesson content/nowhere.md")
        .stderr_has("analysis/intro.html has no heading with the id \"why-sqrtx\"")
        .stderr_has(
            "\"why-sqrtx\" is the id mdBook gives the heading \"Why \\sqrt{x}\"; here it is #why-x",
        );
}

#[test]
fn drafts_are_left_out_and_a_link_to_one_is_an_error() {
    let book = nested_book();
    book.write(
        "content/analysis/wip.md",
        lesson_with(
            "Work in progress",
            "draft = true",
            "Has a typed 0.5 and that is fine.\n",
        ),
    );
    book.build().succeeds();
    assert!(!book.path("public/analysis/wip.html").exists());
    let index = book.read("public/index.html");
    assert!(!index.contains("Work in progress"));
    book.check().succeeds();

    let text = lesson("Linker", "Read [the draft](wip.md).\n");
    book.write("content/analysis/linker.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/analysis/linker.md", &text, "[the draft]"))
        .stderr_has("this links to the draft content/analysis/wip.md");
}

#[test]
fn book_wide_macros_from_the_table_and_the_file_reach_every_formula() {
    let book = Book::empty();
    book.write(
        "book.toml",
        "title = \"Macros\"\n[math]\nmacros_file = \"macros.txt\"\n[math.macros]\nR = \"\\\\mathbb{R}\"\n",
    );
    book.write("macros.txt", "# sets\n\\N:\\mathbb{N}\n");
    book.write(
        "content/sets.md",
        lesson("Sets", "We use $\\R$ and $\\N$.\n"),
    );
    book.build().succeeds();
    let html = book.read("public/sets.html");
    assert!(html.contains("mathbb"), "the annotation keeps the source");
    assert_eq!(html.matches("class=\"mord mathbb\"").count(), 2, "{html}");
}

#[test]
fn a_malformed_macros_file_line_is_an_error_at_that_line() {
    let book = Book::empty();
    book.write("book.toml", "[math]\nmacros_file = \"macros.txt\"\n");
    book.write("macros.txt", "\\R:\\mathbb{R}\n\\bad:\\frac{1}{\n");
    book.write("content/a.md", lesson("A", "$\\R$\n"));
    book.check()
        .exits_with(1)
        .stderr_has("macros.txt:2:6:")
        .stderr_has("unclosed");
}

#[test]
fn build_reports_the_search_index_and_it_holds_headings_with_anchors() {
    let book = nested_book();
    let run = book.build();
    run.succeeds().stdout_has("search index");
    let index = book.read("public/search-index.js");
    assert!(index.starts_with("window.WORKED_SEARCH_INDEX = "));
    assert!(
        index.contains("\"algebra/deep/fields.html#groups\""),
        "{index}"
    );
    assert!(index.contains("\"groups\":"), "{index}");
}

#[test]
fn worked_new_writes_a_lesson_that_checks() {
    let book = Book::empty();
    book.run(&["new", "part/first-steps", "--title", "First \"steps\""])
        .succeeds();
    let text = book.read("content/part/first-steps.md");
    assert!(
        text.contains("title = 'First \"steps\"'")
            || text.contains("title = \"First \\\"steps\\\"\""),
        "{text}"
    );
    // The first lesson shows the language: a compute example, a widget and an exercise.
    for block in ["```compute", "```widget", "```exercise"] {
        assert!(text.contains(block), "no {block}\n{text}");
    }
    book.check().succeeds();
    book.run(&["new", "part/first-steps.md"])
        .exits_with(2)
        .stderr_has("exists already");
    book.run(&["new", "../outside.md"]).exits_with(2);
}

#[test]
fn worked_init_writes_a_book_that_builds_and_checks_as_written() {
    let place = tempfile::tempdir().expect("a temporary folder");
    let dir = place.path().join("my-book");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_worked"))
            .args(args)
            .current_dir(place.path())
            .output()
            .expect("the worked binary runs")
    };
    let init = run(&["init", "my-book"]);
    assert!(
        init.status.success(),
        "{}",
        String::from_utf8_lossy(&init.stderr)
    );
    let readme = std::fs::read_to_string(dir.join("README.md")).expect("init writes a README");
    assert!(
        readme.contains("worked serve") && readme.contains("`docs/` folder of worked's sources"),
        "the README names the commands and the manual: {readme}"
    );
    let lesson = std::fs::read_to_string(dir.join("content/softmax.md")).unwrap();
    // The first lesson shows the language, not a kind of example.
    for piece in [
        "```compute",
        "{{next.",
        "```figure",
        "```widget",
        "```exercise",
    ] {
        assert!(lesson.contains(piece), "the first lesson lacks {piece}");
    }
    assert!(!lesson.contains("```softmax"), "{lesson}");
    let build = run(&["build", "--root", "my-book", "--output", "site"]);
    assert!(
        build.status.success(),
        "{}",
        String::from_utf8_lossy(&build.stderr)
    );
    assert!(
        build.stderr.is_empty(),
        "no warnings: {}",
        String::from_utf8_lossy(&build.stderr)
    );
    let page = std::fs::read_to_string(place.path().join("site/softmax.html")).unwrap();
    assert!(page.contains("data-widget=\"compute\""), "{page}");
    assert!(
        page.contains("data-exercise"),
        "the exercise is on the page"
    );
    assert!(page.contains("<svg"), "the figure is drawn");
    let check = run(&["check", "--root", "my-book"]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let again = run(&["init", "my-book"]);
    assert_eq!(
        again.status.code(),
        Some(2),
        "a folder that is not empty is refused"
    );
}

#[test]
fn serve_builds_drafts_as_pages_marked_draft() {
    use worked::pipeline::{build_site_with, Drafts, Strictness};
    let book = nested_book();
    book.write(
        "content/analysis/wip.md",
        lesson_with("Work in progress", "draft = true", "Unfinished.\n"),
    );
    let preview = build_site_with(book.root(), Strictness::Lenient, Drafts::Show, None)
        .expect("the preview builds");
    let page = String::from_utf8(preview.site.files["analysis/wip.html"].to_vec()).unwrap();
    assert!(page.contains("class=\"draft-note\""), "{page}");
    let published = build_site_with(book.root(), Strictness::Lenient, Drafts::LeaveOut, None)
        .expect("the book builds");
    assert!(!published.site.files.contains_key("analysis/wip.html"));
    assert_eq!(published.stats.drafts_left_out, 1);
}

#[test]
fn worked_new_takes_an_absolute_path_that_names_a_place_inside_content() {
    let book = Book::empty();
    let inside = book.path("content/part/x.md").display().to_string();
    book.run(&["new", &inside]).succeeds();
    assert!(book.path("content/part/x.md").is_file());
    let dotted = book
        .path("content/part/../other/y.md")
        .display()
        .to_string();
    book.run(&["new", &dotted]).succeeds();
    assert!(book.path("content/other/y.md").is_file());
    let outside = book.path("elsewhere/z.md").display().to_string();
    book.run(&["new", &outside])
        .exits_with(2)
        .stderr_has("is not a path inside content/");
    let content_itself = book.path("content").display().to_string();
    book.run(&["new", &content_itself]).exits_with(2);
    book.check().succeeds();
}
