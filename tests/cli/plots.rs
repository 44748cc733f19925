//! Plots of any compute step: a scatter coloured by a step's groups (a k-means assignment),
//! axes and a heading in the author's words, panels side by side, bars with named entries, a
//! contour of a matrix step with a path over it; and each bad key reported at its place.

use crate::support::{lesson, Book};

/// Two clusters of three points and the assignment of each point to its nearest centre.
const KMEANS: &str = r#"```compute
name = "km"
rows = ["a", "b", "c", "d", "e", "f"]
steps = """
d0 = sum((x - row(c0[0])) ^ 2, axis=1)
d1 = sum((x - row(c0[1])) ^ 2, axis=1)
cluster = argmin(concat(d0, d1, axis=1), axis=1)
sizes = sum(one_hot(flatten(cluster), 2), axis=0)
"""

[inputs]
x = [[1.0, 1.2], [0.8, 0.9], [1.3, 0.7], [4.0, 4.2], [4.4, 3.9], [3.8, 4.5]]
c0 = [[1, 1], [4, 4]]
```
"#;

/// A book of one lesson, `page`, of an example and a figure of it.
fn figure_of(page: &str, example: &str, figure: &str) -> (Book, String) {
    let text = lesson(page, &format!("{example}\n```figure\n{figure}\n```\n"));
    (Book::with_lesson(&format!("{page}.md"), &text), text)
}

fn kmeans_with(figure: &str) -> (Book, String) {
    figure_of("km", KMEANS, figure)
}

#[test]
fn a_k_means_scatter_is_coloured_by_cluster_with_labelled_axes_and_a_legend() {
    let (book, _) = kmeans_with(
        "example = \"km\"\nscatter = \"x\"\ngroups = \"cluster\"\nx_label = \"first feature\"\ny_label = \"second feature\"\ntitle = \"Points by cluster\"",
    );
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/km.html");
    let figure = &page[page.find("data-figure=\"scatter\"").expect("a scatter")..];
    assert!(
        figure.contains("<p class=\"wf-title\">Points by cluster</p>"),
        "{figure}"
    );
    assert!(figure.contains(">first feature</text>"), "{figure}");
    assert!(figure.contains(">second feature</text>"), "{figure}");
    // One colour per cluster: three points and a legend swatch each.
    assert_eq!(figure.matches("<g class=\"wf-s0\">").count(), 2, "{figure}");
    assert_eq!(figure.matches("<g class=\"wf-s1\">").count(), 2, "{figure}");
    assert_eq!(figure.matches("class=\"wf-dot\"").count(), 8, "{figure}");
    assert!(figure.contains(">cluster 0</text>") && figure.contains(">cluster 1</text>"));
    // The rows name the points, and the text alternative says which cluster each is in.
    assert!(figure.contains(">d</text>"), "{figure}");
    assert!(
        figure.contains("in 2 groups: cluster 0 (3) and cluster 1 (3): a (1, 1.200) in cluster 0;"),
        "{figure}"
    );
}

#[test]
fn panels_stand_side_by_side_and_bars_take_the_names_written() {
    let (book, _) = kmeans_with(
        "example = \"km\"\ntitle = \"Two views\"\npanels = [\n  { scatter = [\"d0\", \"d1\"], groups = \"cluster\", x_label = \"distance to c0\" },\n  { step = \"sizes\", labels = [\"left\", \"right\"], y_label = \"points\" },\n]",
    );
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/km.html");
    let figure = &page[page.find("data-figure=\"panels\"").expect("panels")..];
    assert_eq!(
        figure[..figure.find("</figure>").unwrap()]
            .matches("<svg")
            .count(),
        2
    );
    assert!(figure.contains(">distance to c0</text>"), "{figure}");
    assert!(figure.contains(">left</text>") && figure.contains(">right</text>"));
    assert!(figure.contains(">points</text>"), "{figure}");
}

#[test]
fn bad_plot_keys_are_reported_at_their_value() {
    let cases = [
        (
            "example = \"km\"\nscatter = \"c0\"\ngroups = \"x\"",
            "\"x\"",
            "`x` is a 6×2, and `groups` takes a vector of one group number per point",
        ),
        (
            "example = \"km\"\nscatter = \"d0\"",
            "\"d0\"",
            "`d0` is a 6×1 matrix, and a scatter of one value draws a matrix of two columns",
        ),
        (
            "example = \"km\"\nstep = \"x\"\ngroups = \"cluster\"",
            "\"cluster\"",
            "`groups` colours the points of a scatter, and the figure has no `scatter`",
        ),
        (
            "example = \"km\"\nstep = \"x\"\nx_label = \"feature\"",
            "\"feature\"",
            "`x_label` titles an axis, and this figure draws none it can title",
        ),
        (
            "example = \"km\"\nscatter = \"x\"\ny_label = \"a label far too long for the axis\"",
            "\"a label",
            "`y_label` has 33 characters, more than the 22 that fit",
        ),
        (
            "example = \"km\"\nscatter = \"x\"\nlabels = [\"one\"]",
            "[\"one\"]",
            "a scatter of 6 points needs 6 labels, and there are 1",
        ),
        (
            "example = \"km\"\npanels = [{ step = \"sizes\" }]",
            "[{",
            "`panels` holds 1 panels, and a figure sets 2 to 4 side by side",
        ),
        (
            "example = \"km\"\npanels = [{ step = \"sizes\" }, { step = \"d0\", colour = 1 }]",
            "colour",
            "unknown field `colour`",
        ),
    ];
    reported_at("km", KMEANS, &cases);
}

/// Each case's figure keys, under `example` on `page`, fail `worked check` with its message at
/// the first `needle` of the figure block.
fn reported_at(page: &str, example: &str, cases: &[(&str, &str, &str)]) {
    for &(keys, needle, message) in cases {
        let (book, text) = figure_of(page, example, keys);
        let figure = text.find("```figure").unwrap();
        let offset = figure + text[figure..].find(needle).unwrap();
        let line = text[..offset].matches('\n').count() + 1;
        let column = offset - text[..offset].rfind('\n').map_or(0, |n| n + 1) + 1;
        book.check()
            .exits_with(1)
            .stderr_has(&format!("content/{page}.md:{line}:{column}: "))
            .stderr_has(message);
    }
}

/// A bowl over a grid of 5 x by 4 y, and three steps of descent on it.
const BOWL: &str = r#"```compute
name = "bowl"
steps = """
xs = arange(5) - 2
ys = arange(4) - 1
Z = xs ^ 2 + col(ys) ^ 2
w = start
repeat 3:
    w = w - 0.5 * w
iterates = history(w)
"""

[inputs]
start = [1.5, 1]
```
"#;

#[test]
fn a_contour_figure_draws_a_matrix_step_with_the_widget_views_parts() {
    let keys =
        "example = \"bowl\"\nstep = \"Z\"\ncontour = { x = \"xs\", y = \"ys\", path = \"iterates\", levels = 4, y_label = \"second weight\" }\nx_label = \"first weight\"\ntitle = \"A bowl\"";
    let (book, _) = figure_of("bowl", BOWL, keys);
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/bowl.html");
    let figure = &page[page.find("data-figure=\"contour\"").expect("a contour")..];
    assert!(
        figure.contains("<p class=\"wf-title\">A bowl</p>"),
        "{figure}"
    );
    // The figure's x_label and the contour's own y_label, as a widget's contour view takes it.
    assert!(figure.contains(">first weight</text>") && figure.contains(">second weight</text>"));
    assert!(figure.contains("at 4 levels"), "{figure}");
    assert!(
        figure.contains("The path drawn over it, iterates, runs from (0.750, 0.500) to (0.188, 0.125) in 3 points"),
        "{figure}"
    );

    let cases = [
        (
            "example = \"bowl\"\nstep = \"Z\"\ncontour = { x = \"ys\" }",
            "{ x",
            "`ys` holds 4 values, and Z has 5 columns",
        ),
        (
            "example = \"bowl\"\nstep = \"Z\"\ncontour = { path = \"start\" }",
            "\"start\"",
            "`start` is an input, and a contour's path names a step",
        ),
        (
            "example = \"bowl\"\nstep = \"xs\"\ncontour = true",
            "\"xs\"",
            "`xs` is a vector of 5, and a contour draws a matrix of 2 to 64 rows and columns",
        ),
        (
            "example = \"bowl\"\ncontour = true",
            "true",
            "`contour` draws the matrix that `step` names, and the figure has no `step`",
        ),
        (
            "example = \"bowl\"\nstep = \"Z\"\ncontour = { contour = false }",
            "false",
            "`contour = false` says no contour",
        ),
        (
            "example = \"bowl\"\nstep = \"Z\"\ncontour = true\nlabels = [\"a\"]",
            "[\"a\"]",
            "`labels` has no place in it",
        ),
        (
            "example = \"bowl\"\nstep = \"Z\"\ncontour = { y_label = \"b\" }\ny_label = \"bias\"",
            "{ y_label",
            "the figure's `y_label` and its contour's both title that axis",
        ),
        (
            "example = \"bowl\"\nstep = \"Z\"\ncontour = { colour = 1 }",
            "colour",
            "unknown field `colour`",
        ),
    ];
    reported_at("bowl", BOWL, &cases);
}
