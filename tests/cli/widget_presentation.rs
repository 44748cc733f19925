//! A widget block's `[controls]` and `[views]` are checked when the book is built: each wrong
//! entry is one error at that entry, saying what is wrong and what would work; right ones put
//! the build's figure of each view in the page for readers without JavaScript.

use super::widget_blocks::positional_encoding;
use crate::support::Book;

/// Builds the positional-encoding lesson (n = 4, d = 8, base = 10000) with `extra` in its widget
/// block, which must fail at `at` (line 27 is the first line after the table's header) saying
/// `message`.
fn refused(extra: &str, at: &str, message: &str) {
    let book = Book::with_lesson("pe.md", &positional_encoding(4, extra));
    book.build()
        .exits_with(1)
        .stderr_has(&format!("content/pe.md:{at}"))
        .stderr_has(message);
}

#[test]
fn each_wrong_control_is_an_error_at_its_entry() {
    refused(
        "[controls]\nd = { slider = [1, 4] }",
        "27:16",
        "the slider of `d` runs from 1 to 4, which leaves out the lesson's d = 8",
    );
    refused(
        "[controls]\nd = { toggle = true }",
        "27:16",
        "a toggle switches between 0 and 1, and the lesson's d is 8",
    );
    refused(
        "[controls]\nd = { choice = [8, 16], labels = [\"eight\"] }",
        "27:34",
        "1 labels for 2 choices",
    );
    refused(
        "[controls]\nwidth = { toggle = true }",
        "27:1",
        "the example has no input named `width`",
    );
    refused(
        "[controls]\ng = { toggle = true }",
        "27:1",
        "`g` is a step, and a control sets an input",
    );
    refused(
        "[controls]\nbase = { slider = [0, 20000], log = true }",
        "27:19",
        "a log-scale slider starts above 0",
    );
}

#[test]
fn each_wrong_view_is_an_error_at_its_entry() {
    refused(
        "[views]\nfreq = \"heatmap\"",
        "27:8",
        "`freq` is a vector of 4, which a heatmap cannot draw",
    );
    refused("[views]\ng = \"pie\"", "27:5", "`pie` is not a view");
    refused(
        "[views]\nfreq = \"contour\"",
        "27:8",
        "`freq` is a vector of 4, which a contour cannot draw",
    );
    refused(
        "[views]\ng = { contour = true, x = \"angle\" }",
        "27:5",
        "`angle` is a 4×4 matrix, and a contour's x is a vector of one x per column",
    );
    refused(
        "[views]\ng = { contour = true, y = \"n\" }",
        "27:27",
        "`n` is an input, and a contour's y names a step",
    );
    refused(
        "[views]\ng = { x = \"angle\" }",
        "27:5",
        "a view's table draws a contour, and it lacks `contour = true`",
    );
    refused(
        "[views]\ng = { heatmap = true, masked = \"n\" }",
        "27:32",
        "`n` is an input, and a heatmap's mask names a step",
    );
    refused(
        "[views]\ng = { heatmap = true, masked = \"pe\" }",
        "27:5",
        "the mask of pe.g is 4×8, and g is 4×4",
    );
    refused(
        "[views]\ng = { heatmap = true, x = \"i\" }",
        "27:27",
        "`x` belongs to a contour's table, and this one draws a heatmap",
    );
    refused(
        "[views]\ng = { contour = true, levels = 40 }",
        "27:5",
        "a contour draws 1 to 16 levels, and this one asks for 40",
    );
    refused(
        "[views]\ng = \"arrows\"",
        "27:5",
        "`g` is a 4×4, which arrows cannot draw",
    );
    refused(
        "[views]\nn = \"bars\"",
        "27:1",
        "`n` is an input, and a view draws a step",
    );
    refused(
        "show = [\"g\"]\n[views]\nfreq = \"bars\"",
        "28:1",
        "`freq` is not in the widget's `show` list",
    );
}

#[test]
fn a_highlight_is_checked_at_its_step_and_reaches_the_widgets_data() {
    refused(
        "highlight = { step = \"freq\", says = \"slowest\" }",
        "26:22",
        "`freq` is a vector of 4, and a highlight needs a position: a whole number from 0",
    );
    // The input n = 4 holds a position: the widget tags that entry of its vectors.
    let book = Book::with_lesson(
        "pe.md",
        &positional_encoding(4, "highlight = { step = \"n\", says = \"last\" }"),
    );
    book.build().succeeds();
    let page = book.read("public/pe.html");
    assert!(
        page.contains("\"highlight\":{\"says\":\"last\",\"step\":\"n\"}"),
        "{page}"
    );
}

/// A lesson whose compute widget says its loss in words.
fn loss_in_words(sentences: &str) -> String {
    crate::support::lesson(
        "Loss",
        &format!(
            r#"```compute
name = "sm"
cols = ["cat", "dog", "owl"]
steps = """
p = softmax(z)
t = argmax(p)
loss = -log(p[t])
"""

[inputs]
z = [1, 3, 2]
```

```widget
example = "sm"
{sentences}
```
"#
        ),
    )
}

#[test]
fn an_authors_sentences_reach_the_widgets_data_and_the_page_without_javascript() {
    let book = Book::with_lesson(
        "loss.md",
        &loss_in_words(
            "[[sentences]]\nafter = \"loss\"\nsays = \"The likeliest is {p[t].label}, at {p[t]}: the loss is {loss}.\"",
        ),
    );
    book.build().succeeds();
    let page = book.read("public/loss.html");
    assert!(
        page.contains("<p class=\"ww-sentence\" data-sentence=\"loss\">The likeliest is dog, at 0.665: the loss is 0.408.</p>"),
        "{page}"
    );
    assert!(
        page.contains("{\"label\":{\"at\":\"t\",\"of\":\"p\"}}"),
        "the widget fills the same sentence: {page}"
    );
    let book = Book::with_lesson(
        "loss.md",
        &loss_in_words("[[sentences]]\nafter = \"loss\"\nsays = \"The loss is {p}.\""),
    );
    book.build()
        .exits_with(1)
        .stderr_has("content/loss.md:22:8")
        .stderr_has("`{p}` is a vector of 3, and a sentence prints one number");
}

#[test]
fn views_and_controls_reach_the_page_with_the_build_figures() {
    let book = Book::with_lesson(
        "pe.md",
        &positional_encoding(
            4,
            "[controls]\nd = { choice = [4, 8], labels = [\"four\", \"eight\"] }\nbase = { slider = [100, 100000], log = true }\n[views]\ng = \"heatmap\"\nfreq = \"bars\"",
        ),
    );
    book.build().succeeds();
    let page = book.read("public/pe.html");
    assert!(
        page.contains("\"views\":{\"freq\":\"bars\",\"g\":\"heatmap\"}"),
        "{page}"
    );
    assert!(
        page.contains(
            "\"d\":{\"choices\":[4.0,8.0],\"kind\":\"choice\",\"labels\":[\"four\",\"eight\"]}"
        ),
        "{page}"
    );
    assert!(
        page.contains("js/step-views.js"),
        "the views' script is on the page"
    );
    let static_part = &page[page.find("worked-widget-static").unwrap()..];
    assert!(
        static_part.contains("data-figure=\"heatmap\""),
        "the build's heatmap of g, without JavaScript"
    );
    assert!(
        static_part.contains("data-figure=\"bars\""),
        "the build's bars of freq, without JavaScript"
    );
}

#[test]
fn a_line_views_marks_reach_the_page_and_the_build_chart() {
    // freq's 4 values, marked at d = 8 and "diverged" at step n = 4.
    let book = Book::with_lesson(
        "pe.md",
        &positional_encoding(
            4,
            "[views]\nfreq = { line = true, reference = \"d\", diverged = \"n\" }",
        ),
    );
    book.build().succeeds();
    let page = book.read("public/pe.html");
    assert!(
        page.contains("\"line_marks\":{\"diverged\":\"n\",\"reference\":\"d\"}"),
        "{page}"
    );
    let static_part = &page[page.find("worked-widget-static").unwrap()..];
    assert!(
        static_part.contains("class=\"wf-reference\"")
            && static_part.contains(">\u{2715} diverged at step 4</text>"),
        "the build's chart with both marks, without JavaScript: {static_part}"
    );
    refused(
        "[views]\nfreq = { line = true, diverged = \"freq\" }",
        "27:34",
        "`freq` is a vector of 4, and a line's mark is one number",
    );
}

#[test]
fn a_scatter_and_arrows_view_reach_the_page_as_the_build_figures() {
    let book = Book::with_lesson(
        "plane.md",
        "+++\ntitle = \"Plane\"\n+++\n```compute\nname = \"plane\"\nsteps = \"\"\"\nQ = P + s\nV = P * s\n\"\"\"\n\n[inputs]\nP = [[1.0, 2.0], [3.0, -1.0]]\ns = 1\n```\n\n```widget\nexample = \"plane\"\n[views]\nQ = \"scatter\"\nV = \"arrows\"\n```\n",
    );
    book.build().succeeds();
    let page = book.read("public/plane.html");
    assert!(
        page.contains("js/plane-views.js"),
        "the views' script is on the page"
    );
    let static_part = &page[page.find("worked-widget-static").unwrap()..];
    assert!(
        static_part.contains("data-figure=\"scatter\"")
            && static_part.contains("2 points of Q, column 2 against Q, column 1: (2, 3); (4, 0)."),
        "the build's scatter of Q, without JavaScript"
    );
    assert!(
        static_part.contains("Arrows from the origin to 1 (1, 2) and 2 (3, −1)."),
        "the build's arrows of V, without JavaScript"
    );
}

/// A compute example of two vectors and the projection of the first onto the second, its
/// widget block ending with `widget_extra`.
fn projecting(widget_extra: &str) -> String {
    format!(
        "+++\ntitle = \"Shadow\"\n+++\n```compute\nname = \"shadow\"\nsteps = \"\"\"\na = V[0]\nb = V[1]\ni = 0\nj = 1\ns = a @ b / norm(b)\np = s * b / norm(b)\nW = V * 1\n\"\"\"\n\n[inputs]\nV = [[2, 2], [2, 0]]\n```\n\n```widget\nexample = \"shadow\"\n{widget_extra}\n```\n"
    )
}

#[test]
fn a_projection_among_a_compute_steps_arrows_reaches_the_page_and_the_build_figure() {
    let book = Book::with_lesson(
        "shadow.md",
        &projecting("projection = { step = \"W\", of = \"i\", onto = \"j\", vector = \"p\", scalar = \"s\" }\n[views]\nW = \"arrows\""),
    );
    book.build().succeeds();
    let page = book.read("public/shadow.html");
    assert!(
        page.contains("\"projections\":{\"W\":{\"of\":\"i\",\"onto\":\"j\",\"scalar\":\"s\",\"vector\":\"p\"}}"),
        "{page}"
    );
    let static_part = &page[page.find("worked-widget-static").unwrap()..];
    assert!(
        static_part.contains("Dashed: the projection of 1 onto 2, (2, 0), of signed length 2."),
        "the build's arrows of W with the projection, without JavaScript: {static_part}"
    );
}

#[test]
fn a_wrong_projection_is_an_error_at_its_entry() {
    for (extra, at, message) in [
        (
            "projection = { step = \"W\", of = \"i\", onto = \"j\", vector = \"p\", scalar = \"s\" }",
            "\"W\"",
            "`W` is not drawn as arrows",
        ),
        (
            "projection = { step = \"W\", of = \"s\", onto = \"j\", vector = \"p\", scalar = \"s\" }\n[views]\nW = \"arrows\"",
            "\"s\"",
            "`s` must be a step holding the position of a row of `W`",
        ),
        (
            "projection = { step = \"W\", of = \"i\", onto = \"j\", vector = \"W\", scalar = \"s\" }\n[views]\nW = \"arrows\"",
            "\"W\", scalar",
            "`W` must be a step holding the projection's tip",
        ),
    ] {
        let text = projecting(extra);
        let book = Book::with_lesson("shadow.md", &text);
        let line = text[..text.find(extra).unwrap()].lines().count() + 1;
        let column = extra.find(at).unwrap() + 1;
        book.build()
            .exits_with(1)
            .stderr_has(&format!("content/shadow.md:{line}:{column}"))
            .stderr_has(message);
    }
}

#[test]
fn a_contour_view_reaches_the_page_with_its_grid_and_the_build_figure() {
    let book = Book::with_lesson(
        "pe.md",
        &positional_encoding(
            4,
            "[views]\ng = { contour = true, x = \"i\", y = \"i\", levels = 3, x_label = \"position\" }",
        ),
    );
    book.build().succeeds();
    let page = book.read("public/pe.html");
    assert!(page.contains("\"views\":{\"g\":\"contour\"}"), "{page}");
    assert!(
        page.contains("\"contours\":{\"g\":{\"directions\":null,\"levels\":3,\"optimum\":null,\"path\":null,\"x\":\"i\",\"x_label\":\"position\",\"y\":\"i\",\"y_label\":null}}"),
        "{page}"
    );
    assert!(
        page.contains("js/contour-view.js"),
        "the contour's script is on the page"
    );
    let static_part = &page[page.find("worked-widget-static").unwrap()..];
    assert!(
        static_part.contains("data-figure=\"contour\"")
            && static_part.contains(
                "Lines of equal g over position from 0 to 3 and i from 0 to 3, at 3 levels"
            )
            && static_part.contains(">position</text>"),
        "the build's contour of g, its x axis in the author's words, without JavaScript"
    );
}

#[test]
fn a_heatmap_view_hatches_the_entries_its_mask_step_marks_in_the_build_figure_and_the_page_data() {
    let book = Book::with_lesson(
        "mask.md",
        "+++\ntitle = \"Mask\"\n+++\n```compute\nname = \"m\"\nsteps = \"\"\"\nmask = causal_mask(3)\nw = softmax(x @ x.T + mask, axis=1)\n\"\"\"\n\n[inputs]\nx = [[1, 0], [0, 1], [1, 1]]\n```\n\n```widget\nexample = \"m\"\n[views]\nw = { heatmap = true, masked = \"mask\" }\n```\n",
    );
    book.build().succeeds();
    let page = book.read("public/mask.html");
    assert!(page.contains("\"views\":{\"w\":\"heatmap\"}"), "{page}");
    assert!(page.contains("\"masked\":{\"w\":\"mask\"}"), "{page}");
    let static_part = &page[page.find("worked-widget-static").unwrap()..];
    assert_eq!(
        static_part.matches("class=\"wf-masked\"").count(),
        3 + 1,
        "the three weights above the diagonal and the legend's swatch are hatched: {static_part}"
    );
    assert!(static_part.contains(">masked</text>"), "{static_part}");
}

#[test]
fn a_compute_widgets_key_on_a_kinds_widget_is_an_error_at_the_key() {
    let text = "+++\ntitle = \"Kind\"\n+++\n```softmax\nname = \"s\"\nlogits = [1, 2]\n```\n\n```widget\nexample = \"s\"\nhighlight = { step = \"t\", says = \"target\" }\n```\n";
    let book = Book::with_lesson("s.md", text);
    book.check()
        .exits_with(1)
        .stderr_has(&crate::support::place("content/s.md", text, "{ step"))
        .stderr_has(
            "`highlight` belongs to a compute example's widget, but \"s\" is a softmax example",
        )
        .stderr_has("remove it: this kind's widget marks and words what it needs itself");
}
