//! What a ` ```widget ` block writes for readers without JavaScript, and the limit the build
//! holds a compute widget to (the same one its script holds a reader's edits to).

use super::widget_browser::SLIDERS_LESSON;
use crate::support::{lesson, Book};
use worked::expand::MOST_WIDGET_NUMBERS;

/// The positional encoding of the book's lesson with `n` positions: its steps hold
/// n² + 15n + 8 numbers (`g` alone n × n).
pub(crate) fn positional_encoding(n: usize, widget_extra: &str) -> String {
    lesson(
        "Positions",
        &format!(
            r#"```compute
name = "pe"
steps = """
pos = col(arange(n))
i = arange(d / 2)
freq = 1 / base ^ (2 * i / d)
angle = pos * freq
pe = concat(sin(angle), cos(angle), axis=1)
g = pe @ pe.T
dist = col(arange(n))
by_distance = cos(dist * freq) @ ones(d / 2)
"""

[inputs]
n = {n}
d = 8
base = 10000
```

```widget
example = "pe"
{widget_extra}
```
"#
        ),
    )
}

/// Numbers the steps of [`positional_encoding`] hold for `n` positions.
pub(crate) fn positional_encoding_numbers(n: usize) -> usize {
    n * n + 15 * n + 8
}

#[test]
fn a_compute_widget_that_would_draw_more_than_the_limit_is_refused_where_it_names_the_example() {
    let n = (1..)
        .find(|&n| positional_encoding_numbers(n) > MOST_WIDGET_NUMBERS)
        .unwrap();
    let book = Book::with_lesson("pe.md", &positional_encoding(n, ""));
    book.build()
        .exits_with(1)
        .stderr_has("content/pe.md:25:11")
        .stderr_has(&format!(
            "the widget of \"pe\" would draw {} numbers; a widget draws at most {MOST_WIDGET_NUMBERS}",
            positional_encoding_numbers(n)
        ))
        .stderr_has("show = [");
    // The largest size that fits builds, and tells the browser the same limit.
    let fits = Book::with_lesson("pe.md", &positional_encoding(n - 1, ""));
    fits.build().succeeds();
    assert!(fits
        .read("public/pe.html")
        .contains(&format!("\"most_shown\":{MOST_WIDGET_NUMBERS}")));
    // `show` counts only the steps it draws.
    let shown = Book::with_lesson("pe.md", &positional_encoding(n, "show = [\"freq\"]"));
    shown.build().succeeds();
}

#[test]
fn without_javascript_a_widget_says_its_controls_need_it_and_lists_values_in_a_table() {
    let book = Book::with_lesson("fit.md", SLIDERS_LESSON);
    book.build().succeeds();
    let page = book.read("public/fit.html");
    // The descent widget, the second: its values are numbers, not tables.
    let figure = &page[page.find("data-widget=\"gradient_descent\"").unwrap()..];
    // Its end, past the loss chart's own figure.
    let figure = &figure[..figure.find("</div>\n</figure>").unwrap()];
    assert!(
        figure.contains(
            "<p class=\"worked-widget-nojs\">The controls of this widget need JavaScript"
        ),
        "{figure}"
    );
    // The build's loss curve, as the live widget draws it: the least loss dashed across it.
    assert!(
        figure.contains("data-figure=\"lines\"") && figure.contains("class=\"wf-reference\""),
        "{figure}"
    );
    assert!(!figure.contains("<dl"), "no bare definition list: {figure}");
    assert!(
        figure.contains(
            "<table class=\"worked-values\"><thead><tr><th scope=\"col\">Quantity</th><th scope=\"col\">Value</th></tr></thead><tbody><tr><th scope=\"row\">learning rate η</th><td data-value=\"learning_rate\" data-ref=\"fit.learning_rate\">0.1</td></tr>"
        ),
        "{figure}"
    );
}

#[test]
fn a_descent_widget_longer_than_one_run_of_its_program_is_refused_where_it_names_the_example() {
    let lesson = |steps: usize| {
        lesson(
            "Fit",
            &format!(
                "```gradient_descent\nname = \"fit\"\npoints = [[0, 1], [1, 3], [2, 4]]\nstart = [0, 0]\nlearning_rate = 0.01\nsteps = {steps}\n```\n\n```widget\nexample = \"fit\"\n```\n"
            ),
        )
    };
    let most = worked::compute::gradient_descent::steps_per_run(3);
    Book::with_lesson("fit.md", &lesson(most + 1))
        .build()
        .exits_with(1)
        .stderr_has("content/fit.md:14:11")
        .stderr_has(&format!(
            "the widget of \"fit\" runs at most {most} steps of its descent, and the example takes {}",
            most + 1
        ));
    Book::with_lesson("fit.md", &lesson(most))
        .build()
        .succeeds();
}

#[test]
fn an_attention_widget_whose_heads_fit_the_kind_one_by_one_but_not_one_run_is_refused_at_the_widget(
) {
    // 512 tokens of one dimension, three heads of width 1: each head fits the kind's run, the
    // three together not the widget's one run.
    let rows = vec!["[1]"; 512].join(", ");
    let tokens = (0..512)
        .map(|i| format!("\"t{i}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let text = format!(
        "```attention\nname = \"wide\"\ntokens = [{tokens}]\nembeddings = [{rows}]\nw_q = [[1, 1, 1]]\nw_k = [[1, 1, 1]]\nw_v = [[1, 1, 1]]\nheads = 3\n```\n\n```widget\nexample = \"wide\"\n```\n"
    );
    Book::with_lesson("wide.md", &lesson("Wide", &text))
        .build()
        .exits_with(1)
        .stderr_has("the widget of \"wide\" cannot run: its program runs all 3 heads over 512 tokens at once");
}
