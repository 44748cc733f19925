//! The build cache `worked serve` keeps between rebuilds: after every kind of edit, a build
//! that reuses cached pages and formulas must produce exactly what a fresh build produces
//! (files, warnings and problems, in order), and must lay out only the pages that changed.

use crate::support::{lesson, Book, CAT_BLOCK};
use worked::pipeline::build_cache::BuildCache;
use worked::pipeline::{build_site, build_site_cached, Build, Strictness};

/// Builds with the cache and without it, requires the same outcome, and returns how many
/// pages the cached build laid out, or the problems when both failed alike.
fn cached_matches_fresh(book: &Book, cache: &mut BuildCache, step: &str) -> Result<usize, String> {
    let cached = build_site_cached(book.root(), Strictness::Lenient, Some(cache));
    let fresh = build_site(book.root(), Strictness::Lenient);
    match (cached, fresh) {
        (Ok(mut cached), Ok(mut fresh)) => {
            cached.site.hold_print_page();
            fresh.site.hold_print_page();
            let pages = |build: &Build| build.site.files.keys().cloned().collect::<Vec<_>>();
            assert_eq!(pages(&cached), pages(&fresh), "{step}: the same files");
            assert_eq!(
                cached.site.copied, fresh.site.copied,
                "{step}: the same copies"
            );
            for (path, bytes) in &fresh.site.files {
                assert!(
                    cached.site.files[path] == *bytes,
                    "{step}: {path} differs between the cached and the fresh build"
                );
            }
            let rendered = |build: &Build| {
                build
                    .warnings
                    .iter()
                    .map(|warning| warning.render())
                    .collect::<Vec<_>>()
            };
            assert_eq!(rendered(&cached), rendered(&fresh), "{step}: warnings");
            assert_eq!(
                cached.stats.distinct_formulas, fresh.stats.distinct_formulas,
                "{step}: formula counts"
            );
            assert_eq!(cached.stats.formulas, fresh.stats.formulas, "{step}");
            Ok(cached.stats.pages_laid_out)
        }
        (Err(cached), Err(fresh)) => {
            let rendered = |problems: &[worked::base::diagnostics::Diagnostic]| {
                problems.iter().map(|p| p.render()).collect::<Vec<_>>()
            };
            assert_eq!(rendered(&cached), rendered(&fresh), "{step}: problems");
            Err(rendered(&fresh).join("\n"))
        }
        (cached, fresh) => panic!(
            "{step}: the cached build {} but the fresh one {}",
            if cached.is_ok() {
                "succeeded"
            } else {
                "failed"
            },
            if fresh.is_ok() { "succeeded" } else { "failed" },
        ),
    }
}

fn front(title: &str, extra: &str, body: &str) -> String {
    format!("+++\ntitle = \"{title}\"\n{extra}+++\n\n{body}")
}

/// A small book with folders, a section page, links between lessons (with anchors), keep-going
/// cards, formulas, an example with references and a typed number (in A, the lesson with the
/// example: a prose chapter such as B is not checked for decimals).
fn fixture() -> Book {
    let book = Book::empty();
    book.write(
        "book.toml",
        "title = \"Cache\"\n\n[math.macros]\n\"\\\\R\" = \"\\\\mathbb{R}\"\n",
    );
    book.write(
        "content/part/index.md",
        front("The part", "weight = 1\n", "Lessons of this part.\n"),
    );
    book.write(
        "content/part/a.md",
        front(
            "Lesson A",
            "weight = 1\nsummary = \"First.\"\nkeep_going = [\"b\"]\n",
            &format!(
                "## Scores\n\nSee [lesson B](b.md#details) and $x \\in \\R$.\n\n{CAT_BLOCK}\nThe weights of \"cat\": {{{{cat.weights[1]}}}}, about 0.25 of it.\n"
            ),
        ),
    );
    book.write(
        "content/part/b.md",
        front(
            "Lesson B",
            "weight = 2\nsummary = \"Second.\"\nkeep_going = [\"a\"]\n",
            "## Details\n\nBack to [A](a.md#scores). About 0.25 of it: $$y^2$$\n",
        ),
    );
    book.write(
        "content/c.md",
        lesson("Lesson C", "Plain text with $z_1$.\n"),
    );
    book
}

#[test]
fn a_cached_build_gives_what_a_fresh_build_gives_after_every_kind_of_edit() {
    let book = fixture();
    let mut cache = BuildCache::default();
    let pages = 4;
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "first build"),
        Ok(pages)
    );
    assert_eq!(cache.pages(), pages);
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "nothing changed"),
        Ok(0),
        "an unchanged book lays out no page"
    );

    book.edit("content/part/b.md", "About 0.25", "Roughly 0.25");
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "text of B"),
        Ok(1),
        "a text edit lays out only that lesson's page"
    );

    book.edit("content/part/b.md", "## Details", "## More");
    let problems = cached_matches_fresh(&book, &mut cache, "B's heading that A links to")
        .expect_err("the link from the cached page A to the heading that went is reported");
    assert!(problems.contains("content/part/a.md"), "{problems}");
    book.edit("content/part/b.md", "## More", "## Details");
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "heading back"),
        Ok(0),
        "B reads as it did at the last good build, whose page the failure left in the cache"
    );

    book.edit(
        "content/part/b.md",
        "title = \"Lesson B\"",
        "title = \"Lesson Bee\"",
    );
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "B's title, shown on A's card"),
        Ok(pages)
    );
    book.edit(
        "content/part/a.md",
        "summary = \"First.\"",
        "summary = \"Start here.\"",
    );
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "A's summary"),
        Ok(pages)
    );
    book.edit("content/part/b.md", "weight = 2", "weight = 0");
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "reading order"),
        Ok(pages)
    );

    book.edit(
        "content/part/a.md",
        "[[1, 0], [0, 1], [1, 1]]",
        "[[2, 0], [0, 1], [1, 1]]",
    );
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "example input"),
        Ok(1)
    );
    book.edit("content/part/a.md", "{{cat.weights[1]}}", "{{cat.nothing}}");
    assert!(cached_matches_fresh(&book, &mut cache, "bad reference").is_err());
    book.edit("content/part/a.md", "{{cat.nothing}}", "{{cat.weights[1]}}");
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "fixed again"),
        Ok(0)
    );

    book.edit("book.toml", "\\\\mathbb{R}", "\\\\mathbf{R}");
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "a macro"),
        Ok(pages)
    );
    book.edit(
        "book.toml",
        "title = \"Cache\"",
        "title = \"Cached\"\ndecimals = 2",
    );
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "settings"),
        Ok(pages)
    );

    book.write(
        "templates/lesson.html",
        "{% extends \"base.html\" %}{% block content %}<main>{{ page.lesson.content | safe }}</main>{% endblock %}",
    );
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "a template"),
        Ok(pages)
    );
    book.write("static/extra.css", "p { color: red; }");
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "a static file"),
        Ok(pages)
    );

    book.write(
        "content/d.md",
        lesson("Lesson D", "New, linking [C](c.md).\n"),
    );
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "a new lesson"),
        Ok(pages + 1)
    );
    std::fs::remove_file(book.path("content/c.md")).unwrap();
    let problems = cached_matches_fresh(&book, &mut cache, "a lesson that D links to removed")
        .expect_err("D's link to C is broken");
    assert!(problems.contains("content/d.md"), "{problems}");
    std::fs::remove_file(book.path("content/d.md")).unwrap();
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "D removed too"),
        Ok(pages - 1)
    );
    assert_eq!(cache.pages(), pages - 1, "pages that went leave the cache");
}

#[test]
fn a_failed_build_keeps_the_cache_for_the_next_good_one() {
    let book = fixture();
    let mut cache = BuildCache::default();
    assert_eq!(cached_matches_fresh(&book, &mut cache, "first"), Ok(4));
    book.edit("content/c.md", "$z_1$", "$z_{1$");
    assert!(cached_matches_fresh(&book, &mut cache, "broken formula").is_err());
    assert_eq!(cache.pages(), 4, "the failure dropped nothing");
    book.edit("content/c.md", "$z_{1$", "$z_{12}$");
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "repaired"),
        Ok(1),
        "only the repaired lesson is laid out again"
    );
    assert_eq!(
        cache.formulas(),
        4,
        "the cache kept the three formulas and added the repaired one"
    );
}

#[test]
fn check_reports_typed_numbers_of_cached_pages_as_errors() {
    let book = fixture();
    let mut cache = BuildCache::default();
    assert_eq!(cached_matches_fresh(&book, &mut cache, "first"), Ok(4));
    let strict = build_site_cached(book.root(), Strictness::Strict, Some(&mut cache))
        .expect_err("A has a number typed by hand");
    assert!(
        strict
            .iter()
            .any(|problem| problem.message().contains("0.25")),
        "{strict:?}"
    );
}

#[test]
fn a_page_is_made_again_when_a_target_it_refers_to_changes_on_another_page() {
    let book = Book::empty();
    book.write("book.toml", "title = \"Refs\"\n");
    book.write(
        "content/a.md",
        front("A", "weight = 1\n", "$$ x $$ {#eq-x}\n\n$$ y $$ {#eq-y}\n"),
    );
    book.write("content/b.md", front("B", "weight = 2\n", "By @eq-y.\n"));
    book.write("content/c.md", front("C", "weight = 3\n", "Alone.\n"));
    let mut cache = BuildCache::default();
    assert_eq!(cached_matches_fresh(&book, &mut cache, "first"), Ok(3));
    // Text before the labels moves them in their file, and changes no other page.
    book.edit("content/a.md", "$$ x $$", "Words first.\n\n$$ x $$");
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "labels moved"),
        Ok(1)
    );
    // Same labels and numbers, another formula: B's popover copy changes, C is untouched.
    book.edit("content/a.md", "$$ y $$", "$$ z $$");
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "a target's formula"),
        Ok(2)
    );
    // A new label before eq-y renumbers it: every page's numbers may have moved.
    book.edit(
        "content/a.md",
        "$$ x $$ {#eq-x}",
        "$$ w $$ {#eq-w}\n\n$$ x $$ {#eq-x}",
    );
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "a renumbering"),
        Ok(3)
    );
    book.edit("content/a.md", "{#eq-y}", "{#eq-v}");
    let problems = cached_matches_fresh(&book, &mut cache, "the target's label renamed")
        .expect_err("B refers to a label that is gone");
    assert!(
        problems.contains("no label `eq-y` in the book"),
        "{problems}"
    );
}

const STEPS_BLOCK: &str =
    "```compute\nname = \"steps\"\nsteps = \"y = x * x\"\n\n[inputs]\nx = 3\n```\n";

#[test]
fn a_prose_edit_lays_out_its_page_again_without_evaluating_any_example() {
    let book = Book::empty();
    let body = format!("{CAT_BLOCK}\n{STEPS_BLOCK}\nThe weight is {{{{cat.weights[cat, sat]}}}} and y is {{{{steps.y | 0dp}}}}.\n");
    book.write("content/a.md", lesson("A", &body));
    book.write("content/b.md", lesson("B", "Prose only."));
    let mut cache = BuildCache::default();
    let first = build_site_cached(book.root(), Strictness::Lenient, Some(&mut cache))
        .expect("the book builds");
    assert_eq!(
        first.stats.examples_evaluated, 2,
        "both examples, once each"
    );

    book.edit("content/a.md", "The weight is", "Now the weight is");
    let again = build_site_cached(book.root(), Strictness::Lenient, Some(&mut cache))
        .expect("the book builds");
    assert_eq!(again.stats.pages_laid_out, 1, "the edited page is laid out");
    assert_eq!(again.stats.examples_evaluated, 0, "its examples are not");
    let page = String::from_utf8_lossy(&again.site.files["a.html"]).into_owned();
    assert!(page.contains("Now the weight is"), "the edit shows");
    assert!(page.contains(">9<"), "with the example's value: {page}");

    book.edit("content/a.md", "x = 3", "x = 4");
    let changed = build_site_cached(book.root(), Strictness::Lenient, Some(&mut cache))
        .expect("the book builds");
    assert_eq!(
        changed.stats.examples_evaluated, 1,
        "the edited example alone"
    );
    let page = String::from_utf8_lossy(&changed.site.files["a.html"]).into_owned();
    assert!(page.contains(">16<"), "with its new value: {page}");
}

#[test]
fn a_build_evaluates_an_example_that_several_lessons_hold_once() {
    let book = Book::empty();
    for name in ["a", "b", "c"] {
        book.write(
            &format!("content/{name}.md"),
            lesson(
                name,
                &format!("{STEPS_BLOCK}\ny is {{{{steps.y | 0dp}}}}.\n"),
            ),
        );
    }
    let build = build_site(book.root(), Strictness::Lenient).expect("the book builds");
    assert_eq!(build.stats.examples_evaluated, 1);
}

#[test]
fn a_prose_edit_beside_a_varied_exercise_runs_no_seed_again() {
    let book = Book::empty();
    let body = format!("{}\nSome prose.\n", crate::exercises::VARIED);
    book.write("content/a.md", lesson("A", &body));
    let mut cache = BuildCache::default();
    let first = build_site_cached(book.root(), Strictness::Lenient, Some(&mut cache))
        .expect("the book builds");
    assert!(
        first.stats.examples_evaluated > 50,
        "the example, and the exercise's 50 seeds: {}",
        first.stats.examples_evaluated
    );
    book.edit("content/a.md", "Some prose.", "Some more prose.");
    let again = build_site_cached(book.root(), Strictness::Lenient, Some(&mut cache))
        .expect("the book builds");
    assert_eq!(again.stats.pages_laid_out, 1);
    assert_eq!(again.stats.examples_evaluated, 0);
}

#[test]
fn a_prose_edit_evaluates_nothing_after_edits_to_other_lessons() {
    let book = Book::empty();
    for (name, x) in [("a", 5), ("b", 6)] {
        let block = STEPS_BLOCK.replace("x = 3", &format!("x = {x}"));
        let body = format!("{block}\nProse of {name}: y is {{{{steps.y | 0dp}}}}.\n");
        book.write(&format!("content/{name}.md"), lesson(name, &body));
    }
    let mut cache = BuildCache::default();
    let build = |cache: &mut BuildCache| {
        build_site_cached(book.root(), Strictness::Lenient, Some(cache)).expect("the book builds")
    };
    build(&mut cache);
    // Lesson b's page comes from the page cache twice, asking nothing of its example.
    book.edit("content/a.md", "Prose of a", "More prose of a");
    build(&mut cache);
    book.edit("content/a.md", "More prose of a", "Prose of a");
    build(&mut cache);
    book.edit("content/b.md", "Prose of b", "More prose of b");
    let edited = build(&mut cache);
    assert_eq!(edited.stats.pages_laid_out, 1);
    assert_eq!(edited.stats.examples_evaluated, 0);
}

#[test]
fn the_pages_around_the_lessons_follow_the_bibliography_their_templates_and_the_titles() {
    let book = fixture();
    book.write(
        "book.toml",
        "title = \"Cache\"\nbibliography = \"refs.bib\"\n",
    );
    book.write(
        "refs.bib",
        "@article{ba2016,\n  author = {Ba, Jimmy Lei},\n  title = {Layer Normalization},\n  journal = {arXiv},\n  year = {2016},\n}\n",
    );
    let mut cache = BuildCache::default();
    assert_eq!(cached_matches_fresh(&book, &mut cache, "first"), Ok(4));
    assert_eq!(cached_matches_fresh(&book, &mut cache, "again"), Ok(0));
    book.edit("refs.bib", "Layer Normalization", "Layer Norms");
    cached_matches_fresh(&book, &mut cache, "an entry's title").unwrap();
    let page = |cache: &mut BuildCache, path: &str| {
        let build = build_site_cached(book.root(), Strictness::Lenient, Some(cache)).unwrap();
        String::from_utf8_lossy(&build.site.files[path]).into_owned()
    };
    assert!(page(&mut cache, "bibliography.html").contains("Layer Norms"));
    book.write(
        "templates/404.html",
        "{% extends \"base.html\" %}{% block main %}<p>Gone away.</p>{% endblock main %}",
    );
    cached_matches_fresh(&book, &mut cache, "the 404 template").unwrap();
    assert!(page(&mut cache, "404.html").contains("Gone away."));
    book.edit(
        "content/c.md",
        "title = \"Lesson C\"",
        "title = \"Lesson Sea\"",
    );
    cached_matches_fresh(&book, &mut cache, "a title on the front page").unwrap();
    assert!(page(&mut cache, "index.html").contains("Lesson Sea"));
}

/// A CSL style whose citations read `(Author YEAR)` with `between` after the author.
fn house_style(between: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">
  <info><title>House</title><id>house</id><updated>2024-01-01T00:00:00+00:00</updated></info>
  <citation>
    <layout prefix="(" suffix=")" delimiter="; ">
      <group delimiter="{between}">
        <names variable="author"><name form="short"/></names>
        <date variable="issued"><date-part name="year"/></date>
      </group>
    </layout>
  </citation>
  <bibliography>
    <layout>
      <names variable="author"><name/></names>
      <text variable="title" prefix=". "/>
    </layout>
  </bibliography>
</style>
"#
    )
}

#[test]
fn an_edit_to_the_book_s_own_citation_style_lays_out_the_pages_again() {
    let book = fixture();
    book.write(
        "book.toml",
        "title = \"Cache\"\nbibliography = \"refs.bib\"\ncitation-style = \"house.csl\"\n",
    );
    book.write(
        "refs.bib",
        "@article{ba2016,\n  author = {Ba, Jimmy Lei},\n  title = {Layer Normalization},\n  journal = {arXiv},\n  year = {2016},\n}\n",
    );
    book.write("house.csl", house_style(" "));
    book.edit(
        "content/c.md",
        "Plain text",
        "As shown [@ba2016], plain text",
    );
    let mut cache = BuildCache::default();
    assert_eq!(cached_matches_fresh(&book, &mut cache, "first"), Ok(4));
    let cites = |cache: &mut BuildCache| {
        let build = build_site_cached(book.root(), Strictness::Lenient, Some(cache)).unwrap();
        String::from_utf8_lossy(&build.site.files["c.html"]).into_owned()
    };
    assert!(cites(&mut cache).contains("Ba 2016"));
    book.write("house.csl", house_style(" :: "));
    assert_eq!(
        cached_matches_fresh(&book, &mut cache, "the style's delimiter"),
        Ok(4),
        "every page is laid out again"
    );
    assert!(cites(&mut cache).contains("Ba :: 2016"));
}

#[test]
fn a_prose_edit_formats_none_of_its_examples_numbers_again() {
    // 2,000 numbers, and a typed decimal that makes the page search them.
    let block = "```compute\nname = \"big\"\nsteps = \"\"\"\nq = randn(200, 10, seed=1)\nspread = sqrt(mean(q ^ 2))\n\"\"\"\n```\n";
    let body = format!("{block}\nThe spread is {{{{big.spread | 2dp}}}}, about 0.97 in prose.\n");
    let book = Book::empty();
    book.write("content/a.md", lesson("A", &body));
    let mut cache = BuildCache::default();
    let build = |cache: &mut BuildCache| {
        build_site_cached(book.root(), Strictness::Lenient, Some(cache)).expect("the book builds")
    };
    let first = build(&mut cache);
    assert!(
        first.stats.numbers_formatted >= 2_000,
        "the first build formats the example's numbers: {}",
        first.stats.numbers_formatted
    );
    book.edit("content/a.md", "in prose", "in the prose");
    let again = build(&mut cache);
    assert_eq!(again.stats.pages_laid_out, 1);
    assert_eq!(again.stats.examples_evaluated, 0);
    assert_eq!(
        again.stats.numbers_formatted, 0,
        "the typed-number check reuses the example's numbers and their tables"
    );
}
