//! `{{ … }}` references: computed values in prose, tables and math, filters, and their errors.

use crate::support::{lesson, place, shown_value, Book, Run, ATTENTION, CAT_BLOCK};

/// Builds the seed book and returns the attention page.
fn seed_page() -> String {
    let book = Book::seed();
    book.build().succeeds();
    book.read("public/attention.html")
}

/// Builds a one-lesson book with the seed block followed by `prose`; returns the page.
fn page_with(prose: &str) -> String {
    let book = Book::with_lesson("cat.md", &lesson("Cat", &format!("{CAT_BLOCK}\n{prose}")));
    book.build().succeeds();
    book.read("public/cat.html")
}

#[test]
fn an_entry_is_printed_by_token_labels_and_by_one_based_positions() {
    let page = seed_page();
    assert_eq!(shown_value(&page, "cat.weights[sat,the]"), "0.187");
    assert_eq!(shown_value(&page, "cat.weights[3,3]"), "0.768");
    assert!(
        page.contains("<span class=\"worked-ref\" data-ref=\"cat.weights[sat,the]\">0.187</span>"),
        "the contract's markup for a computed number"
    );
}

#[test]
fn labels_and_positions_address_the_same_entries() {
    let page = page_with(
        "By label {{cat.weights[cat, sat]}}, by position {{cat.weights[2, 3]}}, mixed {{cat.weights[cat, 3]}}.\n",
    );
    assert_eq!(shown_value(&page, "cat.weights[cat,sat]"), "0.673");
    assert_eq!(shown_value(&page, "cat.weights[2,3]"), "0.673");
    assert_eq!(shown_value(&page, "cat.weights[cat,3]"), "0.673");
}

#[test]
fn the_seed_example_prints_scaled_weights_and_output_at_three_decimals() {
    let mut prose = String::new();
    let tokens = ["the", "cat", "sat"];
    for quantity in ["scaled", "weights"] {
        for row in tokens {
            for col in tokens {
                prose.push_str(&format!("{{{{cat.{quantity}[{row}, {col}]}}}} "));
            }
        }
    }
    for row in tokens {
        prose.push_str(&format!("{{{{cat.output[{row}]}}}} "));
    }
    let page = page_with(&format!("{prose}\n"));
    let scaled = [
        ["1.414", "0", "1.414"],
        ["1.414", "1.414", "2.828"],
        ["2.828", "1.414", "4.243"],
    ];
    let weights = [
        ["0.446", "0.108", "0.446"],
        ["0.164", "0.164", "0.673"],
        ["0.187", "0.045", "0.768"],
    ];
    for (r, row) in tokens.iter().enumerate() {
        for (c, col) in tokens.iter().enumerate() {
            assert_eq!(
                shown_value(&page, &format!("cat.scaled[{row},{col}]")),
                scaled[r][c]
            );
            assert_eq!(
                shown_value(&page, &format!("cat.weights[{row},{col}]")),
                weights[r][c]
            );
        }
    }
    let output = ["(0.892, 1.108)", "(0.836, 1.673)", "(0.955, 1.627)"];
    for (row, expected) in tokens.iter().zip(output) {
        assert_eq!(shown_value(&page, &format!("cat.output[{row}]")), expected);
    }
}

#[test]
fn a_matrix_alone_in_its_paragraph_becomes_a_labelled_table() {
    let page = seed_page();
    let start = page
        .find("<table class=\"worked-matrix\" data-ref=\"cat.weights\">")
        .expect("a table for the lone {{cat.weights}}");
    assert!(
        page[..start]
            .trim_end()
            .ends_with("<div class=\"worked-matrix-scroll scroll-region\" role=\"group\" aria-label=\"Table\" tabindex=\"0\">"),
        "the table sits in its scroll box"
    );
    let table = &page[start..start + page[start..].find("</table>").unwrap()];
    for token in ["the", "cat", "sat"] {
        assert!(
            table.contains(&format!("<th scope=\"col\">{token}</th>")),
            "column {token}"
        );
        assert!(
            table.contains(&format!("<th scope=\"row\">{token}</th>")),
            "row {token}"
        );
    }
    let body = &table[table.find("<tbody>").expect("a table body")..];
    let cells: Vec<&str> = body
        .match_indices("<td")
        .map(|(at, _)| {
            let start = at + body[at..].find('>').unwrap() + 1;
            &body[start..start + body[start..].find("</td>").unwrap()]
        })
        .collect();
    assert_eq!(
        cells,
        ["0.446", "0.108", "0.446", "0.164", "0.164", "0.673", "0.187", "0.045", "0.768"]
    );
    assert!(!page.contains("{{"), "no reference is left unexpanded");
}

#[test]
fn a_matrix_in_display_math_becomes_a_pmatrix() {
    let page = seed_page();
    assert!(
        page.contains("<span class=\"worked-math\" data-refs=\"cat.weights\">"),
        "the formula names its reference"
    );
    assert!(
        page.contains(
            "<annotation encoding=\"application/x-tex\">A = \\begin{pmatrix}0.446 &amp; 0.108 &amp; 0.446 \\\\ 0.164"
        ),
        "the TeX KaTeX typeset holds the computed matrix"
    );
}

#[test]
fn filters_compute_exp_sum_dot_precision_and_lists() {
    let page = seed_page();
    assert_eq!(
        shown_value(&page, "cat.weights[the]|list"),
        "0.446, 0.108, 0.446"
    );
    // Both are exactly whole, so they print as integers.
    assert_eq!(shown_value(&page, "cat.weights[sat]|sum"), "1");
    assert_eq!(shown_value(&page, "cat.q[sat]|dot(cat.k[the])"), "4");
    assert_eq!(shown_value(&page, "cat.weights[sat,the]|4sf"), "0.1867");
    assert_eq!(shown_value(&page, "cat.output[sat]"), "(0.955, 1.627)");
    assert!(
        page.contains("e^{ 2.828 } \\approx 16.92</annotation>"),
        "| exp | 2dp inside math: e^(2√2) = 16.92"
    );
    assert!(
        page.contains("d_k = 2</annotation>"),
        "counts print as integers"
    );
}

#[test]
fn reduce_and_elementwise_filters_chain_left_to_right() {
    let page = page_with(
        "Sum of exps {{cat.scaled[sat] | exp | sum | 2dp}}, largest {{cat.weights[the] | max}}, root {{cat.scores[sat, sat] | sqrt | 1dp}}.\n",
    );
    // exp(2√2) + exp(√2) + exp(3√2) = 16.919 + 4.113 + 69.592
    assert_eq!(shown_value(&page, "cat.scaled[sat]|exp|sum|2dp"), "90.62");
    assert_eq!(shown_value(&page, "cat.weights[the]|max"), "0.446");
    assert_eq!(shown_value(&page, "cat.scores[sat,sat]|sqrt|1dp"), "2.4");
}

#[test]
fn changing_an_input_number_changes_the_printed_page() {
    let book = Book::seed();
    book.build().succeeds();
    let before = book.read("public/attention.html");
    assert_eq!(shown_value(&before, "cat.output[sat]"), "(0.955, 1.627)");
    book.edit(
        "content/attention.md",
        "w_v = [[1, 0], [0, 2]]",
        "w_v = [[1, 0], [0, 3]]",
    );
    book.build().succeeds();
    let after = book.read("public/attention.html");
    assert_eq!(shown_value(&after, "cat.output[sat]"), "(0.955, 2.440)");
    assert_eq!(
        shown_value(&after, "cat.weights[sat,the]"),
        "0.187",
        "weights do not use W_v"
    );

    book.edit(
        "content/attention.md",
        "w_k = [[2, 0], [0, 1]]",
        "w_k = [[1, 0], [0, 1]]",
    );
    book.build().succeeds();
    let again = book.read("public/attention.html");
    assert_ne!(
        shown_value(&again, "cat.weights[sat,the]"),
        "0.187",
        "new keys, new weights"
    );
}

#[test]
fn a_causal_example_puts_all_of_the_first_tokens_weight_on_itself() {
    let block = CAT_BLOCK.replace(
        "w_v = [[1, 0], [0, 2]]\n",
        "w_v = [[1, 0], [0, 2]]\ncausal = true\n",
    );
    let book = Book::with_lesson(
        "causal.md",
        &lesson("Causal", &format!("{block}\nRow: {{{{cat.weights[the] | list}}}}; cat: {{{{cat.weights[cat] | list}}}}.\n")),
    );
    book.build().succeeds();
    let page = book.read("public/causal.html");
    assert_eq!(shown_value(&page, "cat.weights[the]|list"), "1, 0, 0");
    // One precision per vector: a row that is not all whole prints its masked 0 as 0.000.
    assert_eq!(
        shown_value(&page, "cat.weights[cat]|list"),
        "0.500, 0.500, 0.000"
    );
}

/// Builds the seed book with `from` in its attention lesson replaced by `to`, asserting that
/// the build fails with an error at the first `at` of the changed lesson.
#[track_caller]
fn build_fails_at(from: &str, to: &str, at: &str) -> Run {
    let text = ATTENTION.replace(from, to);
    let book = Book::seed();
    book.write("content/attention.md", &text);
    let run = book.build();
    run.exits_with(1)
        .stderr_has(&place("content/attention.md", &text, at));
    run
}

#[test]
fn an_unknown_example_is_an_error_at_the_reference() {
    build_fails_at("{{cat.weights[3, 3]}}", "{{dog.weights[3, 3]}}", "{{dog")
        .stderr_has("no example named \"dog\" in this lesson")
        .stderr_has("examples in this lesson: cat");
}

#[test]
fn an_unknown_quantity_is_an_error_that_lists_the_quantities() {
    build_fails_at(
        "{{cat.weights[3, 3]}}",
        "{{cat.attention[3, 3]}}",
        "{{cat.attention",
    )
    .stderr_has("example \"cat\" has no quantity `attention`")
    .stderr_has("weights");
}

#[test]
fn an_unknown_token_is_an_error_that_lists_the_tokens() {
    build_fails_at(
        "{{cat.weights[3, 3]}}",
        "{{cat.weights[mat, the]}}",
        "{{cat.weights[mat",
    )
    .stderr_has("there is no row labelled `mat`")
    .stderr_has("`the`, `cat`");
}

#[test]
fn a_position_past_the_end_is_an_error() {
    build_fails_at(
        "{{cat.weights[3, 3]}}",
        "{{cat.weights[3, 4]}}",
        "{{cat.weights[3, 4]",
    )
    .stderr_has("there is no column 4");
}

#[test]
fn a_reference_error_inside_math_points_into_the_formula() {
    build_fails_at("$d_k = {{cat.d_k}}$", "$d_k = {{cat.d_q}}$", "{{cat.d_q")
        .stderr_has("has no quantity `d_q`");
}

#[test]
fn a_reference_that_does_not_parse_points_at_the_problem() {
    build_fails_at(
        "{{cat.weights[sat] | sum}}",
        "{{cat.weights[sat] | total}}",
        "total",
    )
    .stderr_has("unknown filter `total`");
}

#[test]
fn a_broken_reference_alone_in_its_paragraph_is_reported_once() {
    let run = build_fails_at(
        "\n{{cat.weights}}\n",
        "\n{{cat.wieghts}}\n",
        "{{cat.wieghts",
    );
    assert_eq!(
        run.stderr.matches("has no quantity `wieghts`").count(),
        1,
        "{}",
        run.stderr
    );
}

#[test]
fn a_literal_is_printed_as_written_and_passes_check() {
    let book = Book::seed();
    book.edit(
        "content/attention.md",
        "The output of sat",
        "The paper's table says {{ literal 0.321 }}. The output of sat",
    );
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/attention.html");
    assert!(page.contains("<span class=\"worked-literal\">0.321</span>"));
}

#[test]
fn whole_numbers_print_without_decimals_and_label_and_percent_filters_print_words_and_shares() {
    let block = r#"```compute
name = "pick"
cols = ["the", "cat", "sat"]
steps = """
p = softmax(logits)
best = argmax(p)
kept = sum(p > 0.2)
share = max(p)
"""

[inputs]
logits = [0.5, 2, 1]
```
"#;
    let prose = "The model picks {{pick.best | label}} (position {{pick.best}}), keeps {{pick.kept}} tokens, and gives it {{pick.share | percent}} (${{pick.share | percent}}$), {{pick.share | percent | 3dp}} to three decimals.\n";
    let book = Book::with_lesson("pick.md", &lesson("Pick", &format!("{block}\n{prose}")));
    book.build().succeeds();
    let page = book.read("public/pick.html");
    assert_eq!(shown_value(&page, "pick.best|label"), "cat");
    assert_eq!(shown_value(&page, "pick.best"), "1");
    assert_eq!(shown_value(&page, "pick.kept"), "2");
    assert_eq!(shown_value(&page, "pick.share|percent"), "62.9%");
    assert_eq!(shown_value(&page, "pick.share|percent|3dp"), "62.853%");
    assert!(
        page.contains(r"62.9\%"),
        "a percentage in math keeps its sign"
    );

    let book = Book::with_lesson(
        "pick.md",
        &lesson(
            "Pick",
            &format!("{block}\nThe share {{{{pick.share | label}}}}.\n"),
        ),
    );
    book.build()
        .exits_with(1)
        .stderr_has("`label` needs a position from 0 to 2");
}

#[test]
fn a_reference_cut_by_a_table_cell_says_to_escape_its_pipe() {
    let block = "```compute\nname = \"t\"\nsteps = \"y = x / 3\"\n\n[inputs]\nx = 2\n```\n\n";
    let cut = lesson(
        "Table",
        &format!("{block}| x | y |\n| --- | --- |\n| 2 | {{{{t.y | 2dp}}}} |\n"),
    );
    Book::with_lesson("t.md", &cut)
        .check()
        .exits_with(1)
        .stderr_has(&format!(
            "{}: this `{{{{` is cut short by a `|` that ends the table cell",
            crate::support::place("content/t.md", &cut, "{{t.y")
        ))
        .stderr_has("write the filter's bar as `\\|`");
    let escaped = lesson(
        "Table",
        &format!("{block}| x | y |\n| --- | --- |\n| 2 | {{{{t.y \\| 2dp}}}} |\n"),
    );
    let book = Book::with_lesson("t.md", &escaped);
    book.check().succeeds();
}
