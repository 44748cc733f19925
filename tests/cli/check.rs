//! `worked check`: typed numbers, pinned expectations, links, and `--site` against a built site.

use crate::support::{place, Book, CAT_BLOCK};

const PINNED: &str = "[expect]\nweights = [[0.446, 0.108, 0.446], [0.164, 0.164, 0.673], [0.187, 0.045, 0.768]]\nd_k = 2\n";

/// The seed book with an `[expect]` table (`expect`) at the end of the example block.
fn seed_with_expect(expect: &str) -> (Book, String) {
    let book = Book::seed();
    book.edit(
        "content/attention.md",
        "w_v = [[1, 0], [0, 2]]\n```",
        &format!("w_v = [[1, 0], [0, 2]]\n{expect}```"),
    );
    let text = book.read("content/attention.md");
    (book, text)
}

#[test]
fn the_seed_book_passes_check() {
    Book::seed()
        .check()
        .succeeds()
        .stdout_has("Checked 2 lessons");
}

#[test]
fn a_decimal_typed_into_prose_fails_check_at_its_place() {
    let book = Book::seed();
    book.edit(
        "content/attention.md",
        "The output of sat is {{cat.output[sat]}}.",
        "The output of sat is {{cat.output[sat]}}. The weight is 0.321.",
    );
    let text = book.read("content/attention.md");
    book.check()
        .exits_with(1)
        .stderr_has(&format!(
            "{}: the number 0.321 looks typed by hand",
            place("content/attention.md", &text, "0.321")
        ))
        .stderr_has("{{ literal 0.321 }}");
}

#[test]
fn a_percentage_typed_into_prose_fails_check() {
    let book = Book::seed();
    book.edit(
        "content/attention.md",
        "on itself.",
        "on itself, about 77% of it.",
    );
    let text = book.read("content/attention.md");
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/attention.md", &text, "77%"));
}

#[test]
fn a_decimal_typed_into_a_formula_fails_check_at_its_place() {
    let book = Book::seed();
    book.edit(
        "content/attention.md",
        "$d_k = {{cat.d_k}}$",
        "$d_k = {{cat.d_k}}, \\tau = 0.768$",
    );
    let text = book.read("content/attention.md");
    book.check().exits_with(1).stderr_has(&format!(
        "{}: 0.768 is a computed value typed by hand",
        place("content/attention.md", &text, "0.768$")
    ));
}

#[test]
fn years_counts_and_numbers_in_inline_code_pass_check() {
    let book = Book::seed();
    book.edit(
        "content/attention.md",
        "The output of sat",
        "In 2017 a model used 8 heads, step 3 of 12; see `lr = 0.001`. The output of sat",
    );
    book.check().succeeds();
}

#[test]
fn numbers_in_a_fenced_code_listing_are_not_flagged_as_typed() {
    let book = Book::seed();
    book.edit(
        "content/attention.md",
        "The output of sat",
        "A training log:\n\n```text\nstep 1 loss 0.25\n```\n\nThe output of sat",
    );
    book.check().succeeds();
}

#[test]
fn the_check_summary_counts_one_lesson_in_the_singular() {
    Book::with_lesson("one.md", &crate::support::lesson("One", "Text.\n"))
        .check()
        .succeeds()
        .stdout_has("Checked 1 lesson:");
}

#[test]
fn a_wrong_pinned_value_fails_naming_expected_and_computed() {
    let (book, text) = seed_with_expect(&PINNED.replace("[0.187, 0.045", "[0.200, 0.045"));
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/attention.md", &text, "0.200"))
        // miette wraps the headline at 120 columns, so match it in two parts.
        .stderr_has("pinned value disagrees: cat.weights[sat, the] is expected to print as 0.200")
        .stderr_has("computes to 0.187");
    book.build()
        .exits_with(1)
        .stderr_has("pinned value disagrees");
}

#[test]
fn a_wrong_pinned_count_fails() {
    let (book, text) = seed_with_expect(&PINNED.replace("d_k = 2", "d_k = 3"));
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/attention.md", &text, "3\n```"))
        .stderr_has("cat.d_k is expected to print as 3, but computes to 2");
}

#[test]
fn correct_pinned_values_pass() {
    let (book, _) = seed_with_expect(PINNED);
    book.check().succeeds();
    book.build().succeeds();
}

#[test]
fn pinned_values_compare_at_the_precision_they_are_written_with() {
    let (book, _) =
        seed_with_expect("[expect]\noutput = [[0.9, 1.1], [0.84, 1.67], [0.955, 1.6266]]\n");
    book.check().succeeds();
}

#[test]
fn a_value_pinned_at_eight_decimals_fails_at_its_line_and_builds_once_it_agrees() {
    let block = "```compute\nname = \"ex\"\nsteps = \"\"\"\noff = tiny * 1\n\"\"\"\n\n[inputs]\ntiny = 0.00000002\n\n[expect]\noff = { value = 0, decimals = 8 }\n```\n\nIt is {{ex.off | 3sf}}.\n";
    let book = Book::with_lesson("pin.md", &crate::support::lesson("Pin", block));
    let text = book.read("content/pin.md");
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/pin.md", &text, "0, decimals"))
        // miette wraps the headline at 120 columns, so match it in two parts.
        .stderr_has("ex.off is expected to print as 0.00000000, but computes to")
        .stderr_has("0.00000002");
    book.edit("content/pin.md", "0.00000002", "0.000000002");
    book.build().succeeds();
}

#[test]
fn check_writes_nothing() {
    let book = Book::seed();
    let before = crate::support::files_under(book.root());
    book.check().succeeds();
    assert!(!book.path("public").exists(), "check wrote public/");
    assert_eq!(book.top_level(), ["book.toml", "content"]);
    assert!(
        crate::support::files_under(book.root()) == before,
        "check changed a file"
    );
}

#[test]
fn check_site_passes_right_after_a_build() {
    let book = Book::seed();
    book.build().succeeds();
    book.check_site("public")
        .succeeds()
        .stdout_has("every page shows what the sources compute");
}

#[test]
fn check_site_names_the_page_and_reference_of_a_number_edited_in_the_built_html() {
    let book = Book::seed();
    book.build().succeeds();
    book.edit(
        "public/attention.html",
        "data-ref=\"cat.weights[sat,the]\">0.187<",
        "data-ref=\"cat.weights[sat,the]\">0.200<",
    );
    book.check_site("public").exits_with(1).stderr_has(
        "public/attention.html: cat.weights[sat,the] shows \"0.200\", but the sources compute \"0.187\"",
    );
}

#[test]
fn check_site_names_a_number_edited_inside_a_formula() {
    let book = Book::seed();
    book.build().succeeds();
    book.edit(
        "public/attention.html",
        "\\approx 16.92</annotation>",
        "\\approx 16.93</annotation>",
    );
    book.check_site("public")
        .exits_with(1)
        .stderr_has("public/attention.html: cat.scaled[sat,the] cat.scaled[sat,the]|exp|2dp shows")
        .stderr_has("16.93");
}

#[test]
fn check_site_finds_a_site_that_is_stale_after_the_sources_changed() {
    let book = Book::seed();
    book.build().succeeds();
    book.edit(
        "content/attention.md",
        "w_v = [[1, 0], [0, 2]]",
        "w_v = [[1, 0], [0, 3]]",
    );
    book.check_site("public").exits_with(1).stderr_has(
        "public/attention.html: cat.output[sat] shows \"(0.955, 1.627)\", but the sources compute \"(0.955, 2.440)\"",
    );
}

#[test]
fn check_site_reports_a_missing_page() {
    let book = Book::seed();
    book.build().succeeds();
    std::fs::remove_file(book.path("public/softmax.html")).unwrap();
    book.check_site("public")
        .exits_with(1)
        .stderr_has("public/softmax.html is missing");
}

#[test]
fn check_site_reports_an_extra_stale_page() {
    let book = Book::seed();
    book.build().succeeds();
    book.write("public/old-lesson.html", "<p>gone</p>");
    book.check_site("public")
        .exits_with(1)
        .stderr_has("public/old-lesson.html is not part of the book any more");
}

#[test]
fn check_site_on_a_folder_that_does_not_exist_is_a_usage_error() {
    Book::seed()
        .check_site("public")
        .exits_with(2)
        .stderr_has("build the site first");
}

#[test]
fn a_link_to_a_page_that_does_not_exist_fails_at_the_link() {
    let book = Book::seed();
    book.edit(
        "content/softmax.md",
        "Back to",
        "See [x](nope.html). Back to",
    );
    let text = book.read("content/softmax.md");
    book.check()
        .exits_with(1)
        .stderr_has(&format!(
            "{}: the link target nope.html is not a page or file of this book",
            place("content/softmax.md", &text, "[x](nope.html)")
        ))
        .stderr_has("help:");
}

#[test]
fn a_link_to_a_heading_that_does_not_exist_fails_at_the_link() {
    let book = Book::seed();
    book.edit(
        "content/softmax.md",
        "Back to",
        "See [x](#nope) and [y](attention.html#nowhere). Back to",
    );
    let text = book.read("content/softmax.md");
    book.check()
        .exits_with(1)
        .stderr_has(&format!(
            "{}: softmax.html has no heading with the id \"nope\"",
            place("content/softmax.md", &text, "[x](#nope)")
        ))
        .stderr_has(&format!(
            "{}: attention.html has no heading with the id \"nowhere\"",
            place("content/softmax.md", &text, "[y](attention.html#nowhere)")
        ))
        .stderr_has("definition");
}

#[test]
fn links_to_pages_headings_and_static_files_that_exist_pass() {
    let book = Book::seed();
    book.edit(
        "content/softmax.md",
        "Back to",
        "See [the index](index.html), [the top](#definition), [the styles](style.css) and [main](#main). Back to",
    );
    book.check().succeeds();
}

#[test]
fn snapshot_of_a_typed_number_in_check() {
    let book = Book::with_lesson(
        "cat.md",
        &crate::support::lesson(
            "Cat",
            &format!("{CAT_BLOCK}\nThe weight is 0.321, not {{{{cat.weights[sat, the]}}}}.\n"),
        ),
    );
    let run = book.check();
    run.exits_with(1);
    insta::assert_snapshot!(run.stderr);
}
