//! What a ` ```widget ` block writes for readers without JavaScript, and the limit the build
//! holds a compute widget to (the same one its script holds a reader's edits to).

use super::widget_browser::SLIDERS_LESSON;
use crate::support::{lesson, place, Book};
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
    // The valley's axes in the reader's words, w and b, not the program's grids: in the widget's
    // data for the live view, and in the build's copy, its text alternative too.
    assert!(
        figure.contains("\"x_label\":\"w\"") && figure.contains("\"y_label\":\"b\""),
        "{figure}"
    );
    let valley = &figure[figure.find("data-figure=\"contour\"").expect("the valley")..];
    assert!(
        valley.contains(">w</text>") && valley.contains(">b</text>"),
        "{valley}"
    );
    assert!(valley.contains(" over w from "), "{valley}");
    assert!(!valley.contains("grid_w"), "{valley}");
    // The inputs the live widget's fields hold, headed as its fields are.
    for (table, heads) in [("points", ["x", "y"]), ("start", ["w", "b"])] {
        assert!(
            figure.contains(&format!(
                "data-matrix=\"{table}\" data-ref=\"fit.{table}\"><caption>{table} ({}, {})</caption><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead>",
                heads[0], heads[1], heads[0], heads[1]
            )),
            "{table}: {figure}"
        );
    }
    assert!(
        figure.contains(
            "<table class=\"worked-values\"><thead><tr><th scope=\"col\">Quantity</th><th scope=\"col\">Value</th></tr></thead><tbody><tr><th scope=\"row\">learning rate η</th><td data-value=\"learning_rate\" data-ref=\"fit.learning_rate\">0.1</td></tr>"
        ),
        "{figure}"
    );
}

/// A descent runs in one run of its program, the kind's and the widget's alike: one longer than
/// a run takes is refused at its steps, and a widget shows the longest that fits.
#[test]
fn a_descent_longer_than_one_run_of_its_program_is_refused_at_its_steps() {
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
        .stderr_has("content/fit.md:10:9")
        .stderr_has(&format!(
            "steps = {} is more than {most}, the most an example may have",
            most + 1
        ))
        .stderr_has(&format!("use a whole number from 1 to {most}"));
    Book::with_lesson("fit.md", &lesson(most))
        .build()
        .succeeds();
}

#[test]
fn an_attention_example_whose_heads_together_exceed_one_run_is_refused_at_heads() {
    // 512 tokens of one dimension, four heads of width 1: each head alone would fit a run, but
    // the kind is one program, whose one run (the widget's too) counts every head.
    let rows = vec!["[1]"; 512].join(", ");
    let tokens = (0..512)
        .map(|i| format!("\"t{i}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let text = format!(
        "```attention\nname = \"wide\"\ntokens = [{tokens}]\nembeddings = [{rows}]\nw_q = [[1, 1, 1, 1]]\nw_k = [[1, 1, 1, 1]]\nw_v = [[1, 1, 1, 1]]\nheads = 4\n```\n\n```widget\nexample = \"wide\"\n```\n"
    );
    let text = lesson("Wide", &text);
    Book::with_lesson("wide.md", &text)
        .build()
        .exits_with(1)
        .stderr_has(&place("content/wide.md", &text, "4\n```"))
        .stderr_has(
            "4 heads over 512 tokens need more than 10000000 operations, the limit of any example",
        );
}

#[test]
fn a_vectors_widget_carries_the_kinds_program_and_shows_the_builds_arrows_and_tables_without_javascript(
) {
    let book = Book::with_lesson(
        "keys.md",
        &lesson(
            "Keys",
            "```vectors\nname = \"emb\"\nnames = [\"the\", \"cat\"]\nvectors = [[1, 0], [0, 1]]\n```\n\n```figure\nexample = \"emb\"\n```\n\n```vectors\nname = \"keys\"\nnames = [\"query\", \"the\"]\nvectors = [[2, 2], [2, 0]]\nproject = [\"query\", \"the\"]\n```\n\n```widget\nexample = \"keys\"\n```\n\n```softmax\nname = \"guess\"\nlogits = [2, 1]\n```\n\n```widget\nexample = \"guess\"\n```\n",
        ),
    );
    book.build().succeeds();
    let page = book.read("public/keys.html");
    let start = page
        .find("<figure class=\"worked-widget\" data-widget=\"vectors\" data-example=\"keys\">")
        .expect("a vectors widget");
    let figure = &page[start..];
    let figure = &figure[..figure.find("</div>\n</figure>").expect("the widget ends")];
    // The compute widget's data: the kind's one program, the text the build ran, with the
    // projection's positions as steps, on the vectors, drawn as arrows with the projection
    // dashed.
    let json = &figure[figure.find("data-example-data>").unwrap() + "data-example-data>".len()..];
    let data: serde_json::Value =
        serde_json::from_str(&json[..json.find("</script>").unwrap()]).unwrap();
    let steps = data["steps"].as_str().unwrap();
    assert!(
        steps.starts_with("squares = vectors * vectors\n"),
        "{steps}"
    );
    assert!(
        steps.contains("of = 0\nonto = 1\nprojection_scalar = "),
        "{steps}"
    );
    assert_eq!(
        data["inputs"],
        serde_json::json!([["vectors", [[2.0, 2.0], [2.0, 0.0]]]])
    );
    assert_eq!(data["views"]["vectors"], "arrows");
    assert_eq!(data["projections"]["vectors"]["of"], "of");
    // The vectors' names are text fields, as an attention's tokens are.
    assert_eq!(
        data["controls"]["vectors"],
        serde_json::json!({ "kind": "names", "called": "names" })
    );
    for script in ["compute-widget.js", "plane-views.js"] {
        assert!(
            page.contains(&format!("js/{script}")),
            "{script} is on the page"
        );
    }
    // A vector keeps the colour the page's figure gave it: "the" is the first series there and
    // in the widget, "query" takes the next free one, live (the data's palette) and without
    // JavaScript alike.
    assert_eq!(data["palette"], serde_json::json!(["the", "cat", "query"]));
    // Only a widget that draws arrows is told the page's colours: a softmax's bars are not.
    let softmax = &page[page
        .find("data-widget=\"softmax\" data-example=\"guess\">")
        .expect("a softmax widget")..];
    let json = &softmax[softmax.find("data-example-data>").unwrap() + "data-example-data>".len()..];
    let softmax: serde_json::Value =
        serde_json::from_str(&json[..json.find("</script>").unwrap()]).unwrap();
    assert_eq!(softmax["kind"], "softmax");
    assert!(softmax.get("palette").is_none(), "{softmax}");
    for (name, class) in [("the", "wf-s0"), ("query", "wf-s2")] {
        assert!(
            figure.contains(&format!("class=\"wf-label {class}\""))
                && figure.contains(&format!(">{name}<")),
            "{name} is drawn as {class}: {figure}"
        );
    }
    // Without JavaScript: the build's arrows with the dashed projection, and its tables.
    assert!(figure.contains("class=\"wf-projection\""), "{figure}");
    assert!(figure.contains("projection of query onto the"), "{figure}");
    for table in [
        "vectors",
        "norms",
        "dots",
        "cosines",
        "angles",
        "projection",
    ] {
        assert!(
            figure.contains(&format!(
                "data-matrix=\"{table}\" data-ref=\"keys.{table}\""
            )),
            "{table}: {figure}"
        );
    }
    assert!(
        figure.contains(
            "<td data-value=\"projection_scalar\" data-ref=\"keys.projection_scalar\">2</td>"
        ),
        "{figure}"
    );
    // The projection in words, as the live widget says it under its step.
    assert!(
        figure.contains("<p class=\"ww-sentence\" data-sentence=\"projection_scalar\">The shadow of “query” on the line of “the” has signed length 2: their dot product over the length of “the”.</p>"),
        "{figure}"
    );
}
