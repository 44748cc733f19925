//! Content errors: exit code 1, the exact `file:line:column`, and a hint on what to do.

use crate::support::{lesson, place, place_nth, Book, CAT_BLOCK};

/// Builds a book whose only lesson is `content/<file>` and expects exit code 1, the position of
/// `needle` in the lesson, `message` and a `help:` line.
#[track_caller]
fn fails_at(file: &str, text: &str, needle: &str, message: &str) -> String {
    let book = Book::with_lesson(file, text);
    let run = book.build();
    run.exits_with(1)
        .stderr_has(&place(&format!("content/{file}"), text, needle))
        .stderr_has(message)
        .stderr_has("help:");
    assert!(!book.path("public").exists(), "nothing is written");
    run.stderr.clone()
}

/// The seed example block with `from` replaced by `to`, in a lesson that refers to it.
fn cat_lesson_with(from: &str, to: &str) -> String {
    assert!(CAT_BLOCK.contains(from), "{from:?} is in the block");
    lesson(
        "Cat",
        &format!(
            "{}\nWeight {{{{cat.weights[sat, the]}}}}.\n",
            CAT_BLOCK.replacen(from, to, 1)
        ),
    )
}

#[test]
fn an_unknown_front_matter_key_is_reported_at_the_key() {
    let text = "+++\ntitle = \"A\"\ncolour = \"red\"\n+++\nBody.\n";
    fails_at("a.md", text, "colour", "colour");
}

#[test]
fn a_lesson_without_a_title_is_reported_at_its_front_matter() {
    let text = "+++\nweight = 1\n+++\nBody.\n";
    fails_at("a.md", text, "+++", "this lesson has no title");
}

#[test]
fn two_lessons_with_the_same_slug_are_both_named() {
    let book = Book::empty();
    book.write("content/a.md", "+++\ntitle = \"A\"\nslug = \"same\"\n+++\n");
    book.write("content/b.md", "+++\ntitle = \"B\"\nslug = \"same\"\n+++\n");
    book.build()
        .exits_with(1)
        .stderr_has("content/b.md:1:1: duplicate slug \"same\"")
        .stderr_has("content/a.md already uses it");
}

#[test]
fn a_file_that_is_not_utf8_is_reported_at_the_first_bad_byte() {
    let book = Book::empty();
    let mut bytes = b"+++\ntitle = \"A\"\n+++\nCaf".to_vec();
    bytes.extend([0xe9, b'\n']);
    book.write("content/latin1.md", bytes);
    book.build()
        .exits_with(1)
        .stderr_has("content/latin1.md:4:4: this file is not UTF-8 text")
        .stderr_has("help:");
}

#[test]
fn an_unknown_keep_going_slug_is_reported_at_that_slug() {
    let book = Book::seed();
    let text = crate::support::ATTENTION.replace(
        "keep_going = [\"softmax\"]",
        "keep_going = [\"softmax\", \"transformers\"]",
    );
    book.write("content/attention.md", &text);
    book.build()
        .exits_with(1)
        .stderr_has(&place("content/attention.md", &text, "\"transformers\""))
        .stderr_has("no lesson has the slug \"transformers\"")
        .stderr_has("lessons in this book: attention, softmax");
}

#[test]
fn bad_latex_is_reported_at_the_offending_command() {
    let text = lesson(
        "Maths",
        "Fine $x$.\n\nBroken: $a + \\notacommand{b}$ here.\n",
    );
    fails_at(
        "maths.md",
        &text,
        "\\notacommand",
        "cannot typeset this formula",
    );
}

#[test]
fn a_display_formula_error_is_reported_at_the_character_katex_names() {
    let text = lesson("Maths", "Intro.\n\n$$x^$$\n");
    fails_at("maths.md", &text, "^$$", "Expected group after '^'");
}

#[test]
fn a_formula_that_ends_too_soon_is_reported_where_it_ends() {
    let text = lesson("Maths", "Intro.\n\nAnd $\\frac{1}$ here.\n");
    fails_at("maths.md", &text, "$ here", "Unexpected end of input");
}

#[test]
fn katex_messages_carry_no_stray_quote() {
    let text = lesson("Maths", "Intro.\n\nAnd $\\frac{1}$ here.\n");
    let book = Book::with_lesson("maths.md", &text);
    let run = book.build();
    run.exits_with(1);
    assert!(!run.stderr.contains("\\frac{1}\""), "{}", run.stderr);
}

#[test]
fn a_formula_with_an_unclosed_brace_is_an_error_not_raw_text() {
    let text = lesson("Maths", "Intro.\n\n$$\\frac{1}{$$\n");
    let book = Book::with_lesson("maths.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/maths.md", &text, "$$"));
}

#[test]
fn every_error_of_a_build_is_reported_not_only_the_first() {
    let book = Book::seed();
    let broken_a = lesson("Broken A", "Weight {{nobody.weights}}.\n");
    let broken_b = "+++\ntitle = \"Broken B\"\ncolor = 1\n+++\n";
    book.write("content/broken-a.md", &broken_a);
    book.write("content/broken-b.md", broken_b);
    let run = book.build();
    run.exits_with(1)
        .stderr_has(&place("content/broken-a.md", &broken_a, "{{nobody"))
        .stderr_has(&place("content/broken-b.md", broken_b, "color"))
        .stderr_has("2 errors found");
}

#[test]
fn every_broken_lesson_is_named_when_several_fail_in_the_same_stage() {
    let book = Book::seed();
    let first = lesson("First", "See {{ghost.weights}}.\n");
    let second = lesson("Second", "Also $\\nope$.\n\nAnd {{phantom.q}}.\n");
    book.write("content/first.md", &first);
    book.write("content/second.md", &second);
    book.build()
        .exits_with(1)
        .stderr_has(&place("content/first.md", &first, "{{ghost"))
        .stderr_has(&place("content/second.md", &second, "{{phantom"));
}

#[test]
fn every_lesson_with_bad_front_matter_is_named() {
    let book = Book::seed();
    let first = "+++\ntitle = \"First\"\ncolour = 1\n+++\n";
    let second = "+++\nweight = 3\n+++\n";
    book.write("content/first.md", first);
    book.write("content/second.md", second);
    book.build()
        .exits_with(1)
        .stderr_has(&place("content/first.md", first, "colour"))
        .stderr_has("content/second.md:1:1: this lesson has no title")
        .stderr_has("2 errors found");
}

#[test]
fn invalid_toml_in_an_attention_block_is_reported_at_the_bad_value() {
    let text = cat_lesson_with(
        "w_v = [[1, 0], [0, 2]]\n",
        "w_v = [[1, 0], [0, 2]]\ncausal = yes\n",
    );
    fails_at("cat.md", &text, "yes", "invalid example");
}

#[test]
fn an_unknown_key_in_an_attention_block_is_reported_at_the_key() {
    let text = cat_lesson_with(
        "w_v = [[1, 0], [0, 2]]\n",
        "w_v = [[1, 0], [0, 2]]\ntemperature = 2\n",
    );
    fails_at("cat.md", &text, "temperature", "temperature");
}

#[test]
fn a_ragged_matrix_is_reported_at_the_short_row() {
    let text = cat_lesson_with(
        "embeddings = [[1, 0], [0, 1], [1, 1]]",
        "embeddings = [[1, 0], [0], [1, 1]]",
    );
    fails_at(
        "cat.md",
        &text,
        "[0]",
        "row 2 of `embeddings` has 1 number, but row 1 has 2",
    );
}

#[test]
fn weights_that_do_not_fit_the_embeddings_are_reported_at_the_weights() {
    let text = cat_lesson_with("w_k = [[2, 0], [0, 1]]", "w_k = [[2, 0], [0, 1], [1, 1]]");
    fails_at(
        "cat.md",
        &text,
        "[[2, 0], [0, 1], [1, 1]]",
        "w_k has 3 rows, but the embeddings are 2 wide",
    );
}

#[test]
fn nan_in_an_input_is_reported_at_that_entry() {
    let text = cat_lesson_with("w_v = [[1, 0], [0, 2]]", "w_v = [[1, 0], [nan, 2]]");
    fails_at("cat.md", &text, "nan", "not a finite number");
}

#[test]
fn an_example_without_tokens_is_reported_at_the_tokens() {
    let text = cat_lesson_with("tokens = [\"the\", \"cat\", \"sat\"]", "tokens = []");
    fails_at("cat.md", &text, "[]", "there are no tokens");
}

#[test]
fn heads_that_do_not_divide_the_width_are_reported_at_heads() {
    let text = cat_lesson_with(
        "w_v = [[1, 0], [0, 2]]\n",
        "w_v = [[1, 0], [0, 2]]\nheads = 3\n",
    );
    fails_at(
        "cat.md",
        &text,
        "3\n```",
        "3 heads cannot split the 2 columns",
    );
}

#[test]
fn two_examples_with_the_same_name_are_reported_at_the_second_name() {
    let text = lesson(
        "Twice",
        &format!("{CAT_BLOCK}\n{CAT_BLOCK}\nWeight {{{{cat.weights[sat, the]}}}}.\n"),
    );
    let book = Book::with_lesson("twice.md", &text);
    book.build()
        .exits_with(1)
        .stderr_has(&place_nth("content/twice.md", &text, "\"cat\"\ntokens", 2))
        .stderr_has("a second example is named \"cat\"")
        .stderr_has("the first is on line 6");
}

#[test]
fn a_failing_example_is_reported_once_not_again_at_every_reference() {
    let text = cat_lesson_with("w_v = [[1, 0], [0, 2]]", "w_v = [[1, 0], [nan, 2]]");
    let book = Book::with_lesson("cat.md", &text);
    let run = book.build();
    run.exits_with(1).stderr_has("1 error found");
    assert!(
        !run.stderr.contains("has no example blocks"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_broken_lesson_does_not_make_links_to_it_look_broken() {
    let book = Book::seed();
    book.edit(
        "content/attention.md",
        "{{cat.weights[3, 3]}}",
        "{{dog.weights[3, 3]}}",
    );
    let run = book.build();
    run.exits_with(1).stderr_has("no example named \"dog\"");
    assert!(!run.stderr.contains("content/softmax.md"), "{}", run.stderr);
}

#[test]
fn snapshot_of_an_unknown_front_matter_key() {
    let book = Book::with_lesson(
        "intro.md",
        "+++\ntitle = \"Intro\"\nsumary = \"A typo.\"\n+++\nBody.\n",
    );
    let run = book.build();
    run.exits_with(1);
    insta::assert_snapshot!(run.stderr);
}

#[test]
fn snapshot_of_a_ragged_matrix_in_an_attention_block() {
    // No prose refers to the example, so the snapshot holds this one diagnostic only.
    let text = lesson(
        "Cat",
        &CAT_BLOCK.replacen(
            "embeddings = [[1, 0], [0, 1], [1, 1]]",
            "embeddings = [[1, 0], [0], [1, 1]]",
            1,
        ),
    );
    let book = Book::with_lesson("cat.md", &text);
    let run = book.build();
    run.exits_with(1);
    insta::assert_snapshot!(run.stderr);
}

/// `build` typesets a batch of pages at a time (256) just before laying them out; `check`
/// typesets the whole book at once. On a book longer than a batch, with refused formulas in
/// both batches and one of them on a page of each, both report the same problems, each formula
/// once at its first place; under `[check] math = "warn"` the page of the second batch shows its
/// refused formula as KaTeX shows errors.
#[test]
fn refused_formulas_across_typesetting_batches_are_reported_as_when_typeset_at_once() {
    let book = Book::empty();
    for at in 0..300 {
        let formula = match at {
            1 => r"\frac{1}".to_string(),
            3 | 290 => r"\left( x".to_string(),
            280 => r"\undefinedmacro{x}".to_string(),
            _ => format!("x_{{{at}}}"),
        };
        let body = format!("Formula ${formula}$ and $\\alpha$.\n");
        book.write(
            &format!("content/l{at:03}.md"),
            lesson(&format!("L{at}"), &body),
        );
    }
    let built = book.build();
    built.exits_with(1);
    let checked = book.check();
    checked.exits_with(1);
    let errors = |stderr: &str| -> Vec<String> {
        stderr
            .lines()
            .filter(|line| line.contains("error:"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(errors(&built.stderr), errors(&checked.stderr));
    assert_eq!(errors(&built.stderr).len(), 3, "{}", built.stderr);
    assert!(built.stderr.contains("l003.md:"), "{}", built.stderr);
    assert!(!built.stderr.contains("l290.md:"), "{}", built.stderr);

    book.write("book.toml", "[check]\nmath = \"warn\"\n");
    book.build().succeeds();
    assert!(book
        .read("public/l280.html")
        .contains("<span class=\"katex-error\""));
}
