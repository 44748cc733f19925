//! ```` ```compute ```` blocks through the binary: references, pins, `check`, `check --site`,
//! `eval` (readable and JSON, −∞ included), figures, widgets without JavaScript, and errors at
//! their line and column inside the `steps` string.

use crate::support::{lesson, place, Book};
use serde_json::Value;

/// A layer norm plus a causal mask, so `eval --json` has a −∞ to write.
const BLOCK: &str = r#"```compute
name = "ln"
rows = ["the", "cat", "sat"]
steps = """
mu = mean(x, axis=1)          # 3×1
xc = x - mu
var = mean(xc ^ 2, axis=-1)
y = gamma * xc / sqrt(var + eps) + beta
mask = causal_mask(3)
w = softmax(x @ x.T + mask, axis=1)
"""

[inputs]
x = [[2, 4, 6, 8], [1, -1, 3, 0.5], [0, 0, 1, 0]]
gamma = [1, 0.5, 2, 1]
beta = [0, 0.1, 0, -0.2]
eps = 0.00001

[expect]
mu = [[5], [0.875], [0.25]]
```
"#;

fn book_with(body: &str) -> Book {
    Book::with_lesson("ln.md", &lesson("Layer norm", body))
}

fn example() -> Book {
    book_with(&format!(
        "{BLOCK}\nThe mean of cat is {{{{ln.mu[cat, 1]}}}}, and sat gives the weight {{{{ln.w[sat, the] | 2dp}}}} to the.\n\n{{{{ln.w}}}}\n\n```figure\nexample = \"ln\"\nstep = \"w\"\n```\n\n```figure\nexample = \"ln\"\nstep = \"gamma\"\n```\n\n```widget\nexample = \"ln\"\n```\n"
    ))
}

#[test]
fn a_compute_lesson_builds_checks_and_prints_its_references() {
    let book = example();
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/ln.html");
    assert!(page.contains("data-ref=\"ln.mu[cat,1]\">0.875<"), "{page}");
    // The square 3×3 weights take the row labels on their columns too.
    assert!(page.contains("<th scope=\"col\">sat</th>"), "{page}");
    assert!(
        page.contains("data-figure=\"heatmap\""),
        "a heatmap for the matrix"
    );
    assert!(page.contains("data-figure=\"bars\""), "bars for the vector");
    assert!(
        page.contains("Heatmap of w, one row each for the, cat and sat"),
        "named by its step and tokens, not the example: {page}"
    );
    // The widget's static part holds every input and step for readers without JavaScript.
    for name in ["x", "gamma", "mu", "xc", "var", "y", "mask", "w"] {
        assert!(
            page.contains(&format!("data-matrix=\"{name}\" data-ref=\"ln.{name}\"")),
            "static table of {name}"
        );
    }
    assert!(
        page.contains("js/compute-lang.js"),
        "the interpreter is listed"
    );
    assert!(
        page.contains("js/compute-widget.js"),
        "the widget script is listed"
    );
    book.check_site("public").succeeds();
}

#[test]
fn check_site_names_a_compute_number_edited_in_the_built_html() {
    let book = example();
    book.build().succeeds();
    book.edit(
        "public/ln.html",
        "data-ref=\"ln.mu[cat,1]\">0.875<",
        "data-ref=\"ln.mu[cat,1]\">0.900<",
    );
    book.check_site("public")
        .exits_with(1)
        .stderr_has("ln.mu[cat,1] shows \"0.900\", but the sources compute \"0.875\"");
}

#[test]
fn a_wrong_pin_on_a_step_fails_naming_the_labelled_entry() {
    let book = book_with(&BLOCK.replace("[0.875]", "[0.8]"));
    book.check()
        .exits_with(1)
        .stderr_has("ln.mu[cat, 1] is expected to print as 0.8, but computes to 0.9")
        .stderr_has("ln.md:");
}

#[test]
fn eval_json_lists_inputs_and_steps_by_name_with_minus_infinity_as_a_string() {
    let book = book_with(BLOCK);
    let run = book.run(&["eval", "content/ln.md", "--json"]);
    run.succeeds();
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    let ln = &json["examples"][0];
    assert_eq!(ln["name"], "ln");
    assert_eq!(ln["kind"], "compute");
    assert_eq!(ln["rows"], serde_json::json!(["the", "cat", "sat"]));
    assert_eq!(
        ln["inputs"]["gamma"],
        serde_json::json!([1.0, 0.5, 2.0, 1.0])
    );
    assert_eq!(ln["inputs"]["eps"], serde_json::json!(0.00001));
    assert_eq!(
        ln["steps"]["mu"],
        serde_json::json!([[5.0], [0.875], [0.25]])
    );
    assert_eq!(
        ln["steps"]["mask"][0],
        serde_json::json!([0.0, "-Infinity", "-Infinity"])
    );
    assert_eq!(
        ln["steps"]["w"][0][1], 0.0,
        "softmax turns the mask into an exact 0"
    );
    assert_eq!(
        ln["order"],
        serde_json::json!(["x", "gamma", "beta", "eps", "mu", "xc", "var", "y", "mask", "w"])
    );
    let readable = book.run(&["eval", "content/ln.md"]);
    readable
        .succeeds()
        .stdout_has("example \"ln\" (compute)")
        .stdout_has("  mu:")
        .stdout_has("−∞");
}

#[test]
fn an_error_in_steps_is_reported_at_its_line_and_column_in_the_file() {
    let book = book_with(&format!(
        "Intro.\n\n{}",
        BLOCK.replace("xc = x - mu", "xc = x - muu")
    ));
    // Front matter (3 lines), a blank line, "Intro.", a blank line, the fence, 3 lines, then
    // `xc = x - muu` on line 12 with `muu` at column 10.
    book.check()
        .exits_with(1)
        .stderr_has("ln.md:12:10")
        .stderr_has("muu");
}

#[test]
fn a_bad_input_entry_and_a_figure_of_a_number_are_reported_where_they_are() {
    let book = book_with(&BLOCK.replace("[0, 0, 1, 0]]", "[0, 0, nan, 0]]"));
    book.check()
        .exits_with(1)
        .stderr_has("ln.md:")
        .stderr_has("nan");
    let book = book_with(&format!(
        "{BLOCK}\n```figure\nexample = \"ln\"\nstep = \"eps\"\n```\n"
    ));
    book.check()
        .exits_with(1)
        .stderr_has("ln.eps is a number, which a figure cannot draw");
    let book = book_with(&format!("{BLOCK}\n```figure\nexample = \"ln\"\n```\n"));
    book.check().exits_with(1).stderr_has("add step = \"w\"");
    let book = book_with(&format!(
        "{BLOCK}\n```figure\nexample = \"ln\"\nstep = \"yy\"\n```\n"
    ));
    book.check()
        .exits_with(1)
        .stderr_has("\"ln\" has no step or input named `yy`");
    let book = book_with(
        "```softmax\nname = \"s\"\nlogits = [1, 2]\n```\n\n```figure\nexample = \"s\"\nstep = \"probabilities\"\n```\n",
    );
    book.check()
        .exits_with(1)
        .stderr_has("`step` names a step of a compute example, but \"s\" is a softmax example");
}

#[test]
fn an_input_over_zero_or_a_negative_number_is_reported_at_over_with_what_to_write() {
    for (over, says) in [
        (
            "0",
            "`over` of input `gamma` is 0, and nothing can be divided by 0",
        ),
        (
            "-4",
            "`over` of input `gamma` is \u{2212}4, and it must be above 0",
        ),
    ] {
        let text = lesson(
            "Layer norm",
            &BLOCK.replace(
                "gamma = [1, 0.5, 2, 1]",
                &format!("gamma = {{ value = [4, 2, 8, 4], over = {over} }}"),
            ),
        );
        Book::with_lesson("ln.md", &text)
            .check()
            .exits_with(1)
            .stderr_has(&place("content/ln.md", &text, &format!("{over} }}")))
            .stderr_has(says)
            .stderr_has("help: write a positive number that divides every number of `value`");
    }
}

#[test]
fn a_heatmaps_legend_says_what_the_colour_means_in_the_authors_words_or_the_steps() {
    let book = book_with(&format!(
        "{BLOCK}\n```figure\nexample = \"ln\"\nstep = \"w\"\nlegend = \"share of attention\"\n```\n\n```figure\nexample = \"ln\"\nstep = \"xc\"\n```\n"
    ));
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/ln.html");
    assert_eq!(
        page.matches("class=\"wf-legend wf-legend-title\" ").count(),
        2,
        "{page}"
    );
    assert!(page.contains(">share of attention</text>"), "{page}");
    assert!(page.contains(">value of xc</text>"), "{page}");
}

#[test]
fn a_legend_that_titles_no_heatmap_or_is_too_long_is_reported_at_its_value() {
    let figure = |step: &str, legend: &str| {
        book_with(&format!(
            "{BLOCK}\n```figure\nexample = \"ln\"\nstep = \"{step}\"\nlegend = \"{legend}\"\n```\n"
        ))
    };
    figure("gamma", "scale")
        .check()
        .exits_with(1)
        .stderr_has("ln.md:30:10")
        .stderr_has("`legend` titles a heatmap's colour scale, and this figure draws no heatmap");
    figure("w", &"a very long title ".repeat(4))
        .check()
        .exits_with(1)
        .stderr_has("ln.md:30:10")
        .stderr_has("`legend` is 71 characters long");
    figure("w", " ")
        .check()
        .exits_with(1)
        .stderr_has("`legend` is empty");
    book_with(&format!(
        "{BLOCK}\n```figure\nexample = \"ln\"\nstep = \"w\"\nlegnd = \"weight\"\n```\n"
    ))
    .check()
    .exits_with(1)
    .stderr_has("ln.md:30:1")
    .stderr_has("legnd");
}

#[test]
fn a_shapes_figure_draws_every_named_value_by_its_shape() {
    let book = book_with(&format!(
        "{BLOCK}\n```figure\nexample = \"ln\"\nshapes = [[\"x\", \"@\", \"x.T\", \"=\", \"w\"], [\"mu\"]]\n```\n"
    ));
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/ln.html");
    assert!(page.contains("data-figure=\"shapes\""), "{page}");
    assert!(
        page.contains(
            "Shapes of the values of ln: x (input, 3 × 4) @ x.T (input, 4 × 3) = w (step, 3 × 3); mu (step, 3 × 1)."
        ),
        "{page}"
    );
    // One square per entry: 12 + 12 + 9 + 3, and one for each of the legend's two keys.
    assert_eq!(page.matches("class=\"wf-entry\"").count(), 38);
}

#[test]
fn a_shapes_figure_with_an_unknown_name_or_a_step_is_reported_at_the_entry() {
    let book = book_with(&format!(
        "{BLOCK}\n```figure\nexample = \"ln\"\nshapes = [[\"x\", \"@\", \"wq\"]]\n```\n"
    ));
    book.check()
        .exits_with(1)
        .stderr_has("ln.md:29:22")
        .stderr_has("no step or input named `wq` to draw")
        .stderr_has("add .T for the transpose");
    let book = book_with(&format!(
        "{BLOCK}\n```figure\nexample = \"ln\"\nstep = \"w\"\nshapes = [[\"x\"]]\n```\n"
    ));
    book.check()
        .exits_with(1)
        .stderr_has("a figure draws one step or the shapes of several, not both");
    let book = book_with(&format!(
        "{BLOCK}\n```figure\nexample = \"ln\"\nshapes = []\n```\n"
    ));
    book.check()
        .exits_with(1)
        .stderr_has("`shapes` needs 1 to 12 lines of 1 to 12 names each");
}

#[test]
fn labels_name_the_sides_a_value_takes_and_bad_entries_are_reported_where_they_are() {
    let with_labels = |table: &str| {
        book_with(&format!(
            "{}\n{{{{ln.x}}}}\n\n{{{{ln.w}}}}\n\n```widget\nexample = \"ln\"\n```\n",
            BLOCK.replace("\n[expect]", &format!("\n[labels]\n{table}\n\n[expect]"))
        ))
    };
    let book = with_labels("x = \"none\"\nw = \"cols\"");
    book.check().succeeds();
    book.build().succeeds();
    let eval = book.run(&["eval", "--json", "content/ln.md"]);
    eval.succeeds();
    let json: Value = serde_json::from_str(&eval.stdout).unwrap();
    assert_eq!(
        json["examples"][0]["labels"],
        serde_json::json!({"x": "none", "w": "cols"})
    );
    let page = book.read("public/ln.html");
    let x_table = &page[page.find("data-ref=\"ln.x\"").unwrap()..];
    let x_table = &x_table[..x_table.find("</table>").unwrap()];
    assert!(
        !x_table.contains(">cat<"),
        "x is by position only: {x_table}"
    );
    let w_table = &page[page.find("data-ref=\"ln.w\"").unwrap()..];
    let w_table = &w_table[..w_table.find("</table>").unwrap()];
    assert!(
        w_table.contains("<th scope=\"col\">cat</th>")
            && !w_table.contains("<th scope=\"row\">cat</th>"),
        "w keeps its column labels only: {w_table}"
    );
    assert!(
        page.contains("\"labels\":{\"w\":\"cols\",\"x\":\"none\"}"),
        "the widget gets them"
    );

    // A value's own names: gamma's four entries, as its table and the widget head them.
    let own = with_labels("gamma = { cols = [\"g1\", \"g2\", \"g3\", \"g4\"] }");
    own.build().succeeds();
    let page = own.read("public/ln.html");
    assert!(
        page.contains("\"labels\":{\"gamma\":{\"cols\":[\"g1\",\"g2\",\"g3\",\"g4\"]}}"),
        "the widget gets them"
    );
    let gamma = &page[page.find("data-matrix=\"gamma\"").unwrap()..];
    let gamma = &gamma[..gamma.find("</table>").unwrap()];
    assert!(gamma.contains("<th scope=\"col\">g4</th>"), "{gamma}");
    with_labels("gamma = { cols = [\"g1\", \"g2\"] }")
        .check()
        .exits_with(1)
        .stderr_has("ln.md:24:9")
        .stderr_has("`gamma` in [labels] names 2 columns, and gamma has 4");
    with_labels("gamma = { names = [\"g1\"] }")
        .check()
        .exits_with(1)
        .stderr_has("`gamma` in [labels] has `names`, and a value's own names are rows = […] and cols = […]");
    with_labels("x = \"columns\"")
        .check()
        .exits_with(1)
        .stderr_has("ln.md:24:5")
        .stderr_has("`x` in [labels] is \"columns\", which names no side");
    with_labels("gama = \"rows\"")
        .check()
        .exits_with(1)
        .stderr_has("ln.md:24:1")
        .stderr_has("[labels] names `gama`, which is no input or step of this example");
}

#[test]
fn a_quoted_label_in_prose_survives_smart_punctuation() {
    let book = book_with(
        "```compute\nname = \"c\"\ncols = [\"-1\", \"0\", \"1\"]\nsteps = \"y = relu(z)\"\n\n[inputs]\nz = [-1, 0, 1]\n```\n\nAt \"1\" the ReLU gives {{c.y[\"1\"] | 0dp}}, at \"-1\" {{c.y[\"-1\"] | 0dp}}.\n",
    );
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/ln.html");
    assert!(
        page.contains("data-ref=\"c.y[&quot;1&quot;]|0dp\">1<")
            && page.contains("data-ref=\"c.y[-1]|0dp\">0<"),
        "{page}"
    );
}

/// The complete example of the manual's "Compute blocks" chapter, as a lesson: it must check.
#[test]
fn the_manuals_compute_block_example_builds_and_checks() {
    let section = include_str!("../../docs/content/language/compute-blocks.md");
    let start = section.find("````markdown\n").expect("the example") + "````markdown\n".len();
    let example = &section[start..start + section[start..].find("\n````").unwrap()];
    assert!(example.contains("```compute") && example.contains("```widget"));
    book_with(example).check().succeeds();
}

#[test]
fn a_widget_shows_only_the_steps_its_show_list_names_and_every_input() {
    let book = book_with(&format!(
        "{BLOCK}\n```widget\nexample = \"ln\"\nshow = [\"w\", \"y\"]\n```\n"
    ));
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/ln.html");
    // For readers without JavaScript: the inputs, then the chosen steps in the program's order.
    let shown: Vec<&str> = page
        .match_indices("data-matrix=\"")
        .map(|(at, _)| {
            let rest = &page[at + "data-matrix=\"".len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect();
    assert_eq!(shown, ["x", "gamma", "beta", "y", "w"], "{page}");
    assert!(
        page.contains("data-value=\"eps\""),
        "the scalar input stays"
    );
    // The live widget gets the list to draw the same steps.
    assert!(page.contains("\"show\":[\"w\",\"y\"]"), "{page}");
}

#[test]
fn a_bad_show_list_is_an_error_at_the_entry_that_is_wrong() {
    let cases = [
        ("[\"w\", \"yy\"]", "\"yy\"", "\"ln\" has no step named `yy`"),
        (
            "[\"gamma\"]",
            "\"gamma\"",
            "`gamma` is an input of \"ln\": inputs are always the widget's fields",
        ),
        ("[\"w\", \"w\"]", "\"w\"]", "`w` is listed twice"),
        ("[]", "[]", "`show` lists no step"),
    ];
    for (list, needle, message) in cases {
        let text = lesson(
            "Layer norm",
            &format!("{BLOCK}\n```widget\nexample = \"ln\"\nshow = {list}\n```\n"),
        );
        let book = Book::with_lesson("ln.md", &text);
        book.check()
            .exits_with(1)
            .stderr_has(&place("content/ln.md", &text, needle))
            .stderr_has(message)
            .stderr_has("show some of: mu, xc, var, y, mask, w");
    }
    let book = book_with(
        "```softmax\nname = \"s\"\nlogits = [1, 2]\n```\n\n```widget\nexample = \"s\"\nshow = [\"loss\"]\n```\n",
    );
    book.check().exits_with(1).stderr_has(
        "`show` picks the steps of a compute example's widget, but \"s\" is a softmax example",
    );
}

#[test]
fn a_widget_prints_a_step_at_the_places_its_decimals_table_gives() {
    let book = book_with(&format!(
        "{BLOCK}\n```widget\nexample = \"ln\"\ndecimals = {{ var = 6 }}\n```\n"
    ));
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/ln.html");
    // The live widget gets the places; the table for readers without JavaScript uses them.
    assert!(page.contains("\"decimals_of\":{\"var\":6}"), "{page}");
    let table = &page[page.find("data-matrix=\"var\"").expect("the var table")..];
    let first = &table[table.find("<td data-row").unwrap()..];
    let cell = &first[first.find('>').unwrap() + 1..first.find("</td>").unwrap()];
    assert_eq!(cell.split('.').nth(1).map(str::len), Some(6), "{cell}");
}

#[test]
fn a_bad_decimals_table_is_an_error_at_the_entry_that_is_wrong() {
    for (table, needle, message) in [
        ("{ vv = 6 }", "6", "\"ln\" has no step named `vv`"),
        (
            "{ var = 40 }",
            "40",
            "40 decimals is more than an f64 holds",
        ),
    ] {
        let text = lesson(
            "Layer norm",
            &format!("{BLOCK}\n```widget\nexample = \"ln\"\ndecimals = {table}\n```\n"),
        );
        let book = Book::with_lesson("ln.md", &text);
        let line = place("content/ln.md", &text, "decimals = ");
        let line = &line[..line.rfind(':').unwrap()];
        let column = "decimals = ".len() + table.find(needle).unwrap() + 1;
        book.check()
            .exits_with(1)
            .stderr_has(&format!("{line}:{column}: {message}"));
    }
    let body = "```softmax\nname = \"s\"\nlogits = [1, 2]\n```\n\n```widget\nexample = \"s\"\ndecimals = { loss = 6 }\n```\n";
    let text = lesson("Layer norm", body);
    let book = Book::with_lesson("ln.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/ln.md", &text, "{ loss"))
        .stderr_has(
            "`decimals` sets the places of a compute example's steps, but \"s\" is a softmax example",
        )
        .stderr_has("remove the decimals key: this widget prints at the book's decimals");
}

/// A loop whose history is a loss curve, with steps of every shape around it.
const CURVE_BLOCK: &str = r#"```compute
name = "fall"
steps = """
w = w0
repeat steps as t:
    w = w - rate * 2 * w
    loss = w ^ 2
curve = history(loss)
drop = curve - 1
pair = concat(col(curve), col(drop), axis=1)
"""

[inputs]
w0 = 3
rate = 0.1
steps = 30
```
"#;

#[test]
fn a_widget_draws_the_steps_its_lines_list_names_as_the_build_line_figure() {
    let book = book_with(&format!(
        "{CURVE_BLOCK}\n```widget\nexample = \"fall\"\nlines = [\"curve\"]\nlog_y = true\n```\n"
    ));
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/ln.html");
    // The live widget gets the steps, their page colours, the scale and the bound on points.
    assert!(
        page.contains(
            "\"lines\":[{\"class\":\"wf-s0\",\"step\":\"curve\"}],\"log_y\":true,\"most_points\":2048"
        ),
        "{page}"
    );
    // The chart's script runs before the widget's, and the figures' colours are on the page.
    let chart = page.find("js/line-chart.js").expect("the chart's script");
    assert!(chart < page.find("js/compute-widget.js").unwrap(), "{page}");
    assert!(page.contains("figures.css"), "{page}");
    // Without JavaScript the same chart is there, drawn by the build, above the tables.
    let fallback = &page[page.find("worked-widget-static").unwrap()..];
    let figure = fallback
        .find("data-figure=\"lines\"")
        .expect("the build's chart");
    assert!(figure < fallback.find("data-matrix=\"curve\"").unwrap());
    assert!(fallback.contains("curve (log scale)</text>"), "{fallback}");
}

#[test]
fn a_bad_lines_list_is_an_error_at_the_entry_that_is_wrong() {
    let cases = [
        (
            "lines = [\"nope\"]",
            "\"nope\"",
            "\"fall\" has no step named `nope`",
        ),
        (
            "lines = [\"rate\"]",
            "\"rate\"]",
            "`rate` is an input of \"fall\": inputs are the widget's fields",
        ),
        (
            "lines = [\"pair\"]",
            "\"pair\"]",
            "`pair` is a 30×2, and a line draws a vector",
        ),
        (
            "lines = [\"curve\", \"curve\"]",
            "\"curve\"]",
            "`curve` is listed twice",
        ),
        ("lines = []", "[]", "`lines` lists no step"),
        (
            "show = [\"drop\"]\nlines = [\"curve\"]",
            "\"curve\"]",
            "`curve` is not in the widget's `show` list",
        ),
        (
            "lines = [\"drop\"]\nlog_y = true",
            "[\"drop\"]",
            "log_y = true needs every value at 0 or above",
        ),
        (
            "log_y = true",
            "true",
            "`log_y` sets the scale of the widget's lines, and it draws none",
        ),
    ];
    for (keys, needle, message) in cases {
        let text = lesson(
            "Falling",
            &format!("{CURVE_BLOCK}\n```widget\nexample = \"fall\"\n{keys}\n```\n"),
        );
        let book = Book::with_lesson("ln.md", &text);
        let widget = text.find("```widget").unwrap();
        let at = widget + text[widget..].find(needle).unwrap();
        let line = text[..at].matches('\n').count() + 1;
        let column = at - text[..at].rfind('\n').map_or(0, |n| n + 1) + 1;
        book.check()
            .exits_with(1)
            .stderr_has(&format!("content/ln.md:{line}:{column}: {message}"));
    }
    let book = book_with(
        "```softmax\nname = \"s\"\nlogits = [1, 2]\n```\n\n```widget\nexample = \"s\"\nlines = [\"loss\"]\n```\n",
    );
    book.check()
        .exits_with(1)
        .stderr_has("`lines` draws steps of a compute example, but \"s\" is a softmax example");
}

#[test]
fn a_log_scale_on_a_figure_without_lines_is_reported_at_its_value() {
    let book = book_with(
        "```softmax\nname = \"s\"\nlogits = [1, 2]\n```\n\n```figure\nexample = \"s\"\nlog_y = true\n```\n",
    );
    book.check()
        .exits_with(1)
        .stderr_has("ln.md:12:9")
        .stderr_has("`log_y` sets the scale of a figure's lines, and this figure draws none");
    let shapes = book_with(&format!(
        "{BLOCK}\n```figure\nexample = \"ln\"\nshapes = [[\"w\"]]\nlog_y = true\n```\n"
    ));
    shapes
        .check()
        .exits_with(1)
        .stderr_has("ln.md:30:9")
        .stderr_has("`log_y` sets the scale of a figure's lines, and this figure draws none");
}

#[test]
fn a_figure_hatches_the_entries_its_masked_step_marks_and_is_refused_a_mask_that_fits_no_heatmap() {
    let figure = |step: &str, masked: &str| {
        book_with(&format!(
            "{BLOCK}\n```figure\nexample = \"ln\"\nstep = \"{step}\"\nmasked = \"{masked}\"\n```\n"
        ))
    };
    let book = figure("w", "mask");
    book.build().succeeds();
    let page = book.read("public/ln.html");
    assert_eq!(
        page.matches("class=\"wf-masked\"").count(),
        3 + 1,
        "the weights above the diagonal and the legend's swatch: {page}"
    );
    figure("gamma", "mask")
        .check()
        .exits_with(1)
        .stderr_has("ln.md:30:10")
        .stderr_has("`masked` marks a heatmap's masked entries, and this figure draws no heatmap");
    figure("w", "gamma")
        .check()
        .exits_with(1)
        .stderr_has("ln.md:30:10")
        .stderr_has("`gamma` is a vector of 4, and a mask is a matrix of the drawn step's shape");
    figure("w", "mu")
        .check()
        .exits_with(1)
        .stderr_has("the mask of ln.w is 3×1, and w is 3×3");
}
