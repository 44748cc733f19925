//! Example cards (an example block shows its inputs where it stands, unless `show = false`),
//! numbers as written (inputs print as the author wrote them, computed values at the book's
//! precision) and the multi-head widget's tables for readers without JavaScript.

use crate::support::{lesson, place, shown_value, Book, CAT_BLOCK};

/// Builds a one-lesson book from `body` and returns its page.
fn page_of(body: &str) -> String {
    let book = Book::with_lesson("lesson.md", &lesson("Cards", body));
    book.build().succeeds();
    book.read("public/lesson.html")
}

/// The HTML of the card that follows `after` on the page.
#[track_caller]
fn card_after<'p>(page: &'p str, after: &str) -> &'p str {
    let from = page.find(after).expect("the sentence before the card") + after.len();
    let start = from
        + page[from..]
            .find("<div class=\"worked-card\"")
            .expect("a card after the sentence");
    let end = start + page[start..].find("</div>\n").expect("the card's end");
    &page[start..end]
}

/// The cell texts of the card table `data-card-input="<name>"`, row by row.
fn card_rows(card: &str, name: &str) -> Vec<Vec<String>> {
    let marker = format!("data-card-input=\"{name}\"");
    let start = card
        .find(&marker)
        .unwrap_or_else(|| panic!("no {marker}:\n{card}"));
    let table = &card[start..start + card[start..].find("</table>").unwrap()];
    table
        .split("<tr>")
        .skip(1)
        .map(|row| {
            row.split("<td data-row=")
                .skip(1)
                .map(|cell| {
                    let text = &cell[cell.find('>').unwrap() + 1..];
                    text[..text.find('<').unwrap()].to_string()
                })
                .collect::<Vec<_>>()
        })
        .filter(|row| !row.is_empty())
        .collect()
}

#[test]
fn an_attention_example_shows_its_tokens_and_matrices_as_a_card_with_integers_as_written() {
    let page = page_of(&format!("Here is the example:\n\n{CAT_BLOCK}\nAfter it.\n"));
    let card = card_after(&page, "Here is the example:");
    assert!(
        card.contains("<caption>Embeddings <var>X</var></caption>"),
        "{card}"
    );
    for token in ["the", "cat", "sat"] {
        assert!(
            card.contains(&format!("<th scope=\"row\">{token}</th>")),
            "{card}"
        );
    }
    assert_eq!(
        card_rows(card, "embeddings"),
        [["1", "0"], ["0", "1"], ["1", "1"]]
    );
    assert_eq!(card_rows(card, "w_q"), [["1", "0"], ["1", "2"]]);
    assert!(card.contains("<var>W</var><sub>V</sub>"), "{card}");
    assert!(!card.contains("1.000"), "inputs print as written:\n{card}");
    // The card stands where the block stood: after the sentence, before the next paragraph.
    assert!(page.find(card).unwrap() < page.find("After it.").unwrap());
    assert!(page.contains("cards.css"), "the page links the card styles");
}

#[test]
fn a_softmax_card_shows_the_logits_as_one_labelled_row_and_the_rest_as_terms() {
    let page = page_of(
        "A model gives these logits:\n\n```softmax\nname = \"guess\"\nlabels = [\"cat\", \"dog\", \"fish\"]\nlogits = [2, 1, 0.5]\ntarget = \"cat\"\ntemperatures = [0.5, 1, 2]\n```\n",
    );
    let card = card_after(&page, "these logits:");
    assert_eq!(card_rows(card, "logits"), [["2", "1", "0.5"]]);
    assert!(card.contains("<th scope=\"col\">fish</th>"), "{card}");
    assert!(card.contains("<dt>Target</dt><dd>cat</dd>"), "{card}");
    assert!(
        card.contains("<dt>Temperatures compared</dt><dd>0.5, 1, 2</dd>"),
        "{card}"
    );
}

#[test]
fn a_gradient_descent_card_shows_the_points_as_a_table() {
    let page = page_of(
        "Fit these points:\n\n```gradient_descent\nname = \"fit\"\npoints = [[0, 1], [1, 3], [2, 4.5]]\nstart = [0, 0]\nlearning_rate = 0.1\nsteps = 20\n```\n",
    );
    let card = card_after(&page, "Fit these points:");
    assert_eq!(
        card_rows(card, "points"),
        [["0", "1"], ["1", "3"], ["2", "4.5"]]
    );
    assert!(card.contains("<th scope=\"col\">x</th>"), "{card}");
    assert!(
        card.contains("<dd>0.1</dd>") && card.contains("<dd>20</dd>"),
        "{card}"
    );
}

#[test]
fn a_compute_card_shows_the_program_and_its_inputs() {
    let page = page_of(
        "Written as a program:\n\n```compute\nname = \"p\"\nsteps = \"y = x * 2  # <b>doubled</b>\"\n\n[inputs]\nx = [[1, 2.5]]\n```\n",
    );
    let card = card_after(&page, "Written as a program:");
    assert!(
        card.contains("<code>y = x * 2  # &lt;b&gt;doubled&lt;/b&gt;</code>"),
        "{card}"
    );
    assert_eq!(card_rows(card, "x"), [["1", "2.5"]]);
}

#[test]
fn a_compute_card_labels_rows_by_the_tokens_but_numbers_square_inputs() {
    let page = page_of(
        "The inputs:\n\n```compute\nname = \"p\"\nrows = [\"le\", \"chat\"]\nsteps = \"y = w @ x\"\n\n[inputs]\nx = [[1, 0, 2], [0, 1, 1]]\nw = [[1, 0], [0, 1]]\n```\n\nThe weight {{p.w[le, chat]}} still has its labels.\n",
    );
    let card = card_after(&page, "The inputs:");
    let x = &card[card.find("data-card-input=\"x\"").unwrap()..];
    let x = &x[..x.find("</table>").unwrap()];
    assert!(x.contains("<th scope=\"row\">chat</th>"), "{x}");
    let w = &card[card.find("data-card-input=\"w\"").unwrap()..];
    let w = &w[..w.find("</table>").unwrap()];
    assert!(
        !w.contains("le") && !w.contains("chat"),
        "a square input is numbered: {w}"
    );
    assert_eq!(card_rows(card, "w"), [["1", "0"], ["0", "1"]]);
    assert_eq!(shown_value(&page, "p.w[le,chat]"), "0");
}

#[test]
fn show_false_hides_the_card_and_keeps_the_references() {
    let block = CAT_BLOCK.replace(
        "w_v = [[1, 0], [0, 2]]\n",
        "w_v = [[1, 0], [0, 2]]\nshow = false\n",
    );
    let page = page_of(&format!(
        "The embeddings are given in prose.\n\n{block}\nWeight {{{{cat.weights[sat, the]}}}}.\n"
    ));
    assert!(!page.contains("worked-card"), "no card:\n{page}");
    assert!(!page.contains("cards.css"));
    assert_eq!(shown_value(&page, "cat.weights[sat,the]"), "0.187");
}

#[test]
fn a_show_that_is_not_a_boolean_is_one_clear_error_at_its_value() {
    let text = lesson(
        "Cards",
        &CAT_BLOCK.replace(
            "w_v = [[1, 0], [0, 2]]\n",
            "w_v = [[1, 0], [0, 2]]\nshow = \"no\"\n",
        ),
    );
    let book = Book::with_lesson("lesson.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/lesson.md", &text, "\"no\""))
        .stderr_has("`show` must be true or false, but is \"no\"")
        .stderr_has("show = false hides the card");
}

#[test]
fn inputs_print_as_written_and_computed_values_at_the_books_precision() {
    let page = page_of(&format!(
        "{CAT_BLOCK}\nEmbedding {{{{cat.embeddings[sat, 1]}}}}, weight {{{{cat.w_q[2,2]}}}}, \
         listed {{{{cat.embeddings[sat] | list}}}}, computed {{{{cat.q[sat, 1]}}}}, \
         asked for {{{{cat.w_q[2, 2] | 2dp}}}}, through a filter {{{{cat.embeddings[sat] | sum}}}} \
         or {{{{cat.embeddings[sat] | sum | 3dp}}}}.\n\n\
         {{{{cat.embeddings}}}}\n\n$$X = {{{{cat.embeddings}}}}$$\n"
    ));
    assert_eq!(shown_value(&page, "cat.embeddings[sat,1]"), "1");
    assert_eq!(shown_value(&page, "cat.w_q[2,2]"), "2");
    assert_eq!(shown_value(&page, "cat.embeddings[sat]|list"), "1, 1");
    // Computed, and exactly whole: printed as the integer it is.
    assert_eq!(shown_value(&page, "cat.q[sat,1]"), "2");
    assert_eq!(shown_value(&page, "cat.w_q[2,2]|2dp"), "2.00");
    assert_eq!(shown_value(&page, "cat.embeddings[sat]|sum"), "2");
    assert_eq!(shown_value(&page, "cat.embeddings[sat]|sum|3dp"), "2.000");
    let table_start = page
        .find("<table class=\"worked-matrix\" data-ref=\"cat.embeddings\">")
        .expect("the lone reference is a table");
    let table = &page[table_start..table_start + page[table_start..].find("</table>").unwrap()];
    assert!(
        table.contains(">1</td>") && !table.contains("1.000"),
        "{table}"
    );
    let math_start = page
        .find("data-refs=\"cat.embeddings\"")
        .expect("the formula");
    let annotation = &page[math_start..];
    let annotation = &annotation[annotation.find("<annotation").unwrap()..];
    let annotation = &annotation[..annotation.find("</annotation>").unwrap()];
    assert!(
        annotation.contains("1 &amp; 0") && !annotation.contains("1.000"),
        "{annotation}"
    );
}

const TWO_HEADS: &str = r#"```attention
name = "two"
tokens = ["the", "cat", "sat"]
embeddings = [[0, 1, 0, 0], [1, 0, 1, 0], [0, 0, 0, 1]]
w_q = [[0, 0, 0, 0], [1, 0, 0, 0], [1, 0, 2, 0], [1, 0, 0, 2]]
w_k = [[3, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 2], [0, 0, 0, 0]]
w_v = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
w_o = [[1, 0, 0, 1], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
heads = 2
show = false
```

```widget
example = "two"
```
"#;

/// The captions of the widget's static tables, in order.
fn static_captions(page: &str) -> Vec<String> {
    let start = page
        .find("<div class=\"worked-widget-static\">")
        .expect("static tables");
    // The widget ends after its static part; the figures of its views inside end before.
    let part = &page[start..start + page[start..].find("</div>\n</figure>").unwrap()];
    part.split("<caption>")
        .skip(1)
        .map(|rest| rest[..rest.find("</caption>").unwrap()].to_string())
        .collect()
}

#[test]
fn without_javascript_a_multi_head_widget_shows_each_head_the_concat_and_the_output_with_w_o() {
    let page = page_of(TWO_HEADS);
    assert_eq!(
        static_captions(&page),
        [
            "Queries Q",
            "Keys K",
            "Values V",
            "Scores QKᵀ, head 1",
            "Scaled scores QKᵀ/√dₖ, head 1",
            "Attention weights A, head 1",
            "Head 1&#39;s output AV",
            "Scores QKᵀ, head 2",
            "Scaled scores QKᵀ/√dₖ, head 2",
            "Attention weights A, head 2",
            "Head 2&#39;s output AV",
            "The heads side by side (concat)",
            "Output weights W_O",
            "Output Z = concat · W_O",
        ]
    );
    // Head tables are named as the live widget names them, and hold that head's numbers.
    assert!(page.contains("data-matrix=\"weights\" data-head=\"2\" data-ref=\"two.h2.weights\""));
    assert!(page.contains("data-matrix=\"scores\" data-head=\"1\" data-ref=\"two.h1.scores\""));
    // W_O is an input: as written.
    let w_o = &page[page.find("data-ref=\"two.w_o\"").unwrap()..];
    let w_o = &w_o[..w_o.find("</table>").unwrap()];
    assert!(w_o.contains(">1</td>") && !w_o.contains("1.000"), "{w_o}");
    assert!(
        !page.contains("Output Z = AV<"),
        "the single-head caption is gone"
    );
}

#[test]
fn without_javascript_a_single_head_widget_with_w_o_names_its_product() {
    let block = CAT_BLOCK.replace(
        "w_v = [[1, 0], [0, 2]]\n",
        "w_v = [[1, 0], [0, 2]]\nw_o = [[1, 0], [0, 1]]\n",
    );
    let page = page_of(&format!("{block}\n```widget\nexample = \"cat\"\n```\n"));
    let captions = static_captions(&page);
    assert_eq!(captions.last().unwrap(), "Output Z = AV · W_O");
    assert!(captions.contains(&"Attention weights A".to_string()));
    let page = page_of(&format!("{CAT_BLOCK}\n```widget\nexample = \"cat\"\n```\n"));
    assert_eq!(static_captions(&page).last().unwrap(), "Output Z = AV");
}

#[test]
fn without_javascript_a_slider_widget_shows_the_setting_its_numbers_are_for() {
    let page = page_of(
        "```gradient_descent\nname = \"fit\"\npoints = [[0, 1], [1, 3], [2, 4]]\nstart = [0, 0]\nlearning_rate = 0.05\nsteps = 20\nshow = false\n```\n\n```widget\nexample = \"fit\"\n```\n\n```softmax\nname = \"guess\"\nlogits = [2, 1, 0]\ntemperature = 0.5\nshow = false\n```\n\n```widget\nexample = \"guess\"\n```\n",
    );
    assert_eq!(shown_value(&page, "fit.learning_rate"), "0.05");
    assert_eq!(shown_value(&page, "fit.steps"), "20");
    assert_eq!(shown_value(&page, "guess.temperature"), "0.5");
    let rate = page.find("data-ref=\"fit.learning_rate\"").unwrap();
    assert!(
        rate < page.find("data-ref=\"fit.final_w\"").unwrap(),
        "the rate comes first"
    );
}
