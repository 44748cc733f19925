//! The figures' tests: what each family draws, says in words, and refuses.

use super::arrows::arrows_figure;
use super::*;
use crate::compute::graph::GraphEdge;
use crate::compute::Quantity;
use crate::present::svg::coordinate;
use ndarray::array;

fn options(example: &str) -> FigureOptions {
    FigureOptions::new(example, format!("wf-{example}-1"), 3)
}

/// A softmax's probabilities, as its quantity gives them: labelled, one to escape.
fn probabilities() -> Quantity {
    Quantity::Vector {
        values: array![0.659, 0.242, 0.099],
        labels: Some(vec!["cat".into(), "dog".into(), "<b>".into()]),
    }
}

#[test]
fn a_bars_figure_describes_every_entry_and_escapes_its_labels() {
    let html = quantity_figure(&probabilities(), "probabilities", &options("logits")).unwrap();
    assert!(html.starts_with(
        "<figure class=\"worked-figure\" data-figure=\"bars\" data-example=\"logits\">"
    ));
    assert!(html.contains("role=\"img\""));
    assert!(
        html.contains("<desc id=\"wf-logits-1-desc\">probabilities, 3 entries: cat 0.659, dog 0.242, &lt;b&gt; 0.099.</desc>"),
        "{html}"
    );
    assert!(html.contains("<figcaption>Bar chart of probabilities.</figcaption>"));
    assert_eq!(html.matches("class=\"wf-bar\"").count(), 3);
    assert!(!html.contains("<b>"), "labels are escaped");
}

#[test]
fn bars_of_shares_reach_their_full_value_so_that_panels_of_them_compare() {
    let axis_top = |html: &str| html.contains(">1.0</text>");
    let plain = quantity_figure(&probabilities(), "p", &options("s")).unwrap();
    assert!(!axis_top(&plain), "{plain}");
    let shares = FigureOptions {
        full: Some(1.0),
        ..options("s")
    };
    let html = quantity_figure(&probabilities(), "p", &shares).unwrap();
    assert!(axis_top(&html), "{html}");
}

#[test]
fn an_author_caption_replaces_the_generated_one() {
    let mut options = options("logits");
    options.caption_html = Some("Cooler is <em>sharper</em>".into());
    let html = quantity_figure(&probabilities(), "p", &options).unwrap();
    assert!(html.contains("<figcaption>Cooler is <em>sharper</em></figcaption>"));
}

#[test]
fn the_same_figure_renders_to_the_same_bytes() {
    let draw = || quantity_figure(&probabilities(), "p", &options("logits")).unwrap();
    assert_eq!(draw(), draw());
}

/// Arrows named the, cat and sat (as many as `tips`), with sat projected onto the.
fn emb(tips: &[(f64, f64)], project: bool, palette: &mut Palette) -> String {
    let names: Vec<String> = ["the", "cat", "sat"][..tips.len()]
        .iter()
        .map(|name| name.to_string())
        .collect();
    let projection = project.then_some(Projected {
        of: "sat",
        onto: "the",
        vector: (1.0, 0.0),
        scalar: 1.0,
    });
    arrows_figure(&names, tips, projection, &options("emb"), palette).unwrap()
}

#[test]
fn an_arrows_figure_draws_an_arrow_per_vector_and_a_dashed_projection() {
    let html = emb(
        &[(1.0, 0.0), (0.0, 1.0), (1.0, 1.0)],
        true,
        &mut Palette::default(),
    );
    assert!(html.contains("Arrows from the origin to the (1, 0), cat (0, 1) and sat (1, 1). Dashed: the projection of sat onto the, (1, 0), of signed length 1."), "{html}");
    assert_eq!(html.matches("<marker id=\"wf-emb-1-head-").count(), 4);
    assert_eq!(html.matches("class=\"wf-projection\"").count(), 2);
    assert!(html.contains("class=\"wf-drop\""));
    assert!(html.contains("<figcaption>Arrows from the origin to the, cat and sat. Dashed: the projection of sat onto the.</figcaption>"), "{html}");
}

#[test]
fn equal_vectors_draw_arrows_whose_heads_are_apart() {
    let html = emb(
        &[(1.0, 1.0), (1.0, 1.0), (1.0, 0.0)],
        false,
        &mut Palette::default(),
    );
    let tip = |line: &str| {
        let value = |name: &str| -> f64 {
            let start = line.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            line[start..start + line[start..].find('"').unwrap()]
                .parse()
                .unwrap()
        };
        (value("x2"), value("y2"))
    };
    let tips: Vec<(f64, f64)> = html
        .split("<line class=\"wf-vector")
        .skip(1)
        .map(tip)
        .collect();
    assert_eq!(tips.len(), 3);
    let apart = (tips[0].0 - tips[1].0).hypot(tips[0].1 - tips[1].1);
    assert!(
        apart >= 4.0,
        "the two equal arrows end {apart} apart: {tips:?}"
    );
    assert!(
        html.contains("the (1, 1), cat (1, 1)"),
        "the text keeps the true tips: {html}"
    );
}

#[test]
fn an_arrows_figure_of_one_vector_has_a_square_domain() {
    let html = emb(&[(3.0, 0.0)], false, &mut Palette::default());
    assert!(html.contains("Arrows from the origin to the (3, 0)."));
    assert!(!html.contains("NaN") && !html.contains("inf"));
}

#[test]
fn three_dimensional_vectors_cannot_be_drawn_as_arrows() {
    let vectors = Quantity::Matrix {
        values: array![[1.0, 0.0, 0.0]],
        row_labels: None,
        col_labels: None,
    };
    let error = arrows_step_figure(
        &vectors,
        "vectors",
        None,
        &options("emb"),
        &mut Palette::default(),
    )
    .unwrap_err();
    assert!(
        error
            .message
            .contains("arrows draws a matrix of two columns"),
        "{}",
        error.message
    );
}

#[test]
fn a_contour_panel_draws_the_path_over_the_valley_from_its_start() {
    // A bowl around (2, 1), with a descent's path from (0, 0) into it.
    let xs: Vec<f64> = (0..9).map(|j| f64::from(j) * 0.5).collect();
    let ys = xs.clone();
    let bowl = Quantity::Matrix {
        values: ndarray::Array2::from_shape_fn((9, 9), |(i, j)| {
            (xs[j] - 2.0).powi(2) + 3.0 * (ys[i] - 1.0).powi(2)
        }),
        row_labels: None,
        col_labels: None,
    };
    let side = |values: &[f64]| Quantity::Vector {
        values: values.to_vec().into(),
        labels: None,
    };
    let (w, b) = (side(&xs), side(&ys));
    let path = Quantity::Matrix {
        values: array![[0.0, 0.0], [1.5, 0.5], [2.0, 1.0]],
        row_labels: None,
        col_labels: None,
    };
    let parts = ContourParts {
        x: Some(("w", &w)),
        y: Some(("b", &b)),
        path: Some(("path", &path)),
        levels: DEFAULT_LEVELS,
        optimum: None,
        directions: None,
    };
    let (svg, title) = contour_step_panel(&bowl, "valley", &parts, &options("fit")).unwrap();
    assert_eq!(title, "Contours of valley");
    assert!(svg.contains("class=\"wf-curve wf-s1\""), "{svg}");
    assert_eq!(svg.matches("class=\"wf-start wf-s1\"").count(), 1);
    assert!(
        svg.contains("The path drawn over it, path, runs from (0, 0) to (2, 1) in 3 points."),
        "{svg}"
    );
    assert!(svg.contains("valley is lowest, 0, at (2, 1)"), "{svg}");
    // The figure is the panel in its frame.
    let html = contour_step_figure(&bowl, "valley", &parts, &options("fit")).unwrap();
    assert!(html.contains(&svg));
}

#[test]
fn coordinates_in_figures_have_two_decimals() {
    let losses = [21.0, 3.5, 0.7, 0.2];
    let series = [Series {
        name: "losses",
        values: &losses,
    }];
    let html = lines_figure(
        &series,
        true,
        &LineMarks::default(),
        &options("fit"),
        &mut Palette::default(),
    )
    .unwrap();
    let x1 = html.split("x1=\"").nth(1).unwrap();
    let value = &x1[..x1.find('"').unwrap()];
    assert_eq!(value, coordinate(value.parse().unwrap()));
    assert!(value.split('.').nth(1).unwrap().len() == 2);
}

#[test]
fn a_matrix_quantity_draws_as_a_labelled_heatmap() {
    let quantity = Quantity::Matrix {
        values: array![[0.5, 0.5], [f64::NEG_INFINITY, 1.0]],
        row_labels: Some(vec!["a".into(), "b".into()]),
        col_labels: None,
    };
    let html = quantity_figure(&quantity, "w", &options("e")).unwrap();
    assert!(html.contains("data-figure=\"heatmap\""), "{html}");
    assert!(
        html.contains("<figcaption>Heatmap of w, one row each for a and b.</figcaption>"),
        "{html}"
    );
    assert!(html.contains("row b: 1 \u{2212}∞ (masked), 2 1"), "{html}");
}

#[test]
fn a_step_heatmap_hatches_the_entries_its_mask_marks_and_refuses_a_mask_of_another_shape() {
    // Causal weights: the zeros above the diagonal are masked, the small 0.01 is not.
    let quantity = Quantity::Matrix {
        values: array![[1.0, 0.0], [0.99, 0.01]],
        row_labels: None,
        col_labels: None,
    };
    let mut masked = options("e");
    masked.mask = Some(array![[false, true], [false, false]]);
    let html = quantity_figure(&quantity, "w", &masked).unwrap();
    assert_eq!(
        html.matches("fill=\"url(#wf-e-1-hatch-0)\"").count(),
        2,
        "the masked cell and its legend swatch: {html}"
    );
    assert!(
        html.contains(">masked</text>"),
        "the legend says masked: {html}"
    );
    assert!(html.contains("row 1: 1 1.000, 2 masked;"), "{html}");
    assert!(html.contains("hatched cells are masked"), "{html}");
    assert!(
        html.contains(">0.010</text>"),
        "a small weight keeps its number: {html}"
    );
    let plain = quantity_figure(&quantity, "w", &options("e")).unwrap();
    assert!(!plain.contains("hatch"), "no mask, no hatching: {plain}");
    masked.mask = Some(array![[false, true, true], [false, false, true]]);
    let error = quantity_figure(&quantity, "w", &masked).unwrap_err();
    assert!(
        error
            .message
            .contains("the mask of e.w is 2×3, and w is 2×2"),
        "{}",
        error.message
    );
}

#[test]
fn a_vector_or_a_single_column_draws_as_bars_from_zero() {
    let vector = Quantity::Vector {
        values: array![1.0, -0.5, 0.25],
        labels: None,
    };
    let html = quantity_figure(&vector, "v", &options("e")).unwrap();
    assert!(html.contains("data-figure=\"bars\""), "{html}");
    assert_eq!(html.matches("class=\"wf-bar\"").count(), 3);
    assert!(
        html.contains(">v, 3 entries: 1 1, 2 \u{2212}0.500, 3 0.250."),
        "{html}"
    );
    let column = Quantity::Matrix {
        values: array![[1.0], [2.0]],
        row_labels: Some(vec!["x".into(), "y".into()]),
        col_labels: None,
    };
    let html = quantity_figure(&column, "c", &options("e")).unwrap();
    assert!(html.contains(">c, 2 entries: x 1, y 2."), "{html}");
}

#[test]
fn numbers_and_masked_bars_cannot_be_drawn() {
    let error = quantity_figure(&Quantity::Scalar(1.0), "s", &options("e")).unwrap_err();
    assert_eq!(error.message, "e.s is a number, which a figure cannot draw");
    let masked = Quantity::Vector {
        values: array![0.0, f64::NEG_INFINITY],
        labels: None,
    };
    let error = quantity_figure(&masked, "m", &options("e")).unwrap_err();
    assert!(error.message.contains("−∞ at entry 2"), "{}", error.message);
}

#[test]
fn a_name_keeps_its_colour_across_the_figures_of_a_page() {
    let mut palette = Palette::default();
    let first = emb(&[(1.0, 0.0), (0.0, 1.0)], false, &mut palette);
    let names = ["query", "cat", "the"].map(String::from);
    let tips = [(2.0, 2.0), (0.0, 1.0), (1.0, 0.0)];
    let second = arrows_figure(&names, &tips, None, &options("b"), &mut palette).unwrap();
    for html in [&first, &second] {
        assert!(html.contains("class=\"wf-label wf-s0\""), "{html}");
        assert!(html.contains(">the</text>"));
    }
    let label = |html: &str, name: &str| {
        let end = html.find(&format!(">{name}</text>")).unwrap();
        let start = html[..end].rfind("class=\"").unwrap();
        html[start..end].split('"').nth(1).unwrap().to_string()
    };
    assert_eq!(label(&first, "the"), label(&second, "the"));
    assert_eq!(label(&first, "cat"), label(&second, "cat"));
    assert_eq!(label(&second, "query"), "wf-label wf-s2");
}

#[test]
fn titles_name_the_drawn_values_not_example_names() {
    let losses = [4.0, 1.0];
    let series = [Series {
        name: "losses",
        values: &losses,
    }];
    let marks = LineMarks::default();
    let mut palette = Palette::default();
    let html = lines_figure(&series, false, &marks, &options("fit_small"), &mut palette).unwrap();
    assert!(html.contains(">losses per step</title>"), "{html}");
    assert!(!html.contains("fit_small</title>"));
    let html = emb(&[(1.0, 0.0), (0.0, 1.0)], false, &mut palette);
    assert!(
        html.contains(">Arrows from the origin to the and cat</title>"),
        "{html}"
    );
    assert!(!html.contains("emb</title>"));
}

fn value(label: &str, rows: usize, cols: usize, input: bool) -> ShapeItem {
    ShapeItem::Value {
        label: label.to_string(),
        rows,
        cols,
        input,
    }
}

#[test]
fn a_shapes_figure_draws_one_cell_per_entry_and_names_every_shape() {
    let lines = vec![
        vec![
            value("x", 4, 3, true),
            ShapeItem::Operator("@".into()),
            value("w", 3, 2, true),
            ShapeItem::Operator("=".into()),
            value("q", 4, 2, false),
        ],
        vec![value("s", 4, 4, false)],
    ];
    let html = shapes_figure(&lines, &options("mh")).unwrap();
    assert_eq!(
        html.matches("class=\"wf-entry\"").count(),
        12 + 6 + 8 + 16 + 2
    );
    assert!(
        html.contains("x (input, 4 × 3) @ w (input, 3 × 2) = q (step, 4 × 2); s (step, 4 × 4)."),
        "{html}"
    );
    assert!(
        html.contains(">input</text>") && html.contains(">step</text>"),
        "{html}"
    );
    assert!(html.contains("data-figure=\"shapes\""));
}

#[test]
fn a_shapes_figure_of_steps_only_has_no_legend_and_refuses_a_huge_side() {
    let html = shapes_figure(&[vec![value("v", 1, 5, false)]], &options("v")).unwrap();
    assert_eq!(html.matches("class=\"wf-entry\"").count(), 5);
    assert!(!html.contains(">input</text>"), "{html}");
    let error = shapes_figure(
        &[vec![value("big", 2, MOST_SHAPE_SIDE + 1, true)]],
        &options("v"),
    )
    .unwrap_err();
    assert!(
        error.message.contains("too large to draw entry by entry"),
        "{error:?}"
    );
}

#[test]
fn a_shapes_figure_too_wide_for_the_column_draws_smaller_cells_on_every_line() {
    // Three values of 16 columns side by side would be 700 units wide at the usual cell.
    let lines = vec![
        vec![
            value("g_hidden", 3, 16, false),
            ShapeItem::Operator("·".into()),
            value("gate", 3, 16, false),
            ShapeItem::Operator("=".into()),
            value("g_u", 3, 16, false),
        ],
        vec![value("w_o", 4, 4, true)],
    ];
    let html = shapes_figure(&lines, &options("bp")).unwrap();
    let number_after = |key: &str| -> f64 {
        let start = html
            .find(key)
            .unwrap_or_else(|| panic!("no {key} in {html}"))
            + key.len();
        let digits: String = html[start..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        digits.parse().unwrap()
    };
    assert!(number_after("width=\"") <= 416.0, "{html}");
    let first_cell = &html[html.find("class=\"wf-entry\"").unwrap()..];
    let start = first_cell.find(" width=\"").unwrap() + " width=\"".len();
    let cell_text = first_cell[start..].split('"').next().unwrap();
    let cell: f64 = cell_text.parse().unwrap();
    assert!((4.0..14.0).contains(&cell), "cell {cell}: {html}");
    // One size for every line: the 4×4 input's cells are as small as the wide line's.
    assert_eq!(
        html.matches(&format!("width=\"{cell_text}\" height=\"{cell_text}\""))
            .count(),
        3 * 3 * 16 + 16,
        "{html}"
    );
}

#[test]
fn histories_draw_as_lines_one_colour_and_legend_entry_per_series() {
    let sgd: Vec<f64> = (0..30).map(|t| 10.0 / (1.0 + t as f64)).collect();
    let adam: Vec<f64> = (0..30).map(|t| 10.0 * 0.8f64.powi(t)).collect();
    let series = [
        Series {
            name: "sgd",
            values: &sgd,
        },
        Series {
            name: "adam",
            values: &adam,
        },
    ];
    let mut palette = Palette::default();
    let mut runs = |series: &[Series], log_y: bool| {
        lines_figure(
            series,
            log_y,
            &LineMarks::default(),
            &options("runs"),
            &mut palette,
        )
    };
    let html = runs(&series, true).unwrap();
    assert!(html.starts_with("<figure class=\"worked-figure\" data-figure=\"lines\""));
    assert_eq!(html.matches("<polyline").count(), 2, "one curve per series");
    assert_eq!(
        html.matches("wf-curve wf-s1").count(),
        2,
        "the second series' curve and its legend swatch share a colour"
    );
    assert!(html.contains(">sgd</text>") && html.contains(">adam</text>"));
    assert!(html.contains("value (log scale)"));
    assert!(html.contains(
        "sgd falls from 10 at step 0 to 0.333 at step 29 and adam falls from 10 at step 0 to 0.015 at step 29."
    ));
    // A loss that reaches an exact fit (0) is drawn at the bottom of a log axis, which spans
    // the values above 0; a value below 0 has no place on it.
    let flat = [Series {
        name: "loss",
        values: &[1.0, 0.0],
    }];
    let html = runs(&flat, true).unwrap();
    assert!(
        html.contains("A value of 0, which a log scale cannot show, is drawn at its bottom."),
        "{html}"
    );
    let zeros = [Series {
        name: "loss",
        values: &[0.0, 0.0],
    }];
    assert!(runs(&zeros, true).is_ok());
    let below = [Series {
        name: "loss",
        values: &[1.0, -0.5],
    }];
    let error = runs(&below, true).unwrap_err();
    assert_eq!(
        error.message,
        "log_y = true needs every value at 0 or above"
    );
    let html = runs(&flat, false).unwrap();
    assert!(!html.contains("wf-legend") && html.contains("loss per step"));
}

#[test]
fn a_line_figure_draws_at_most_its_bound_of_points_over_all_its_lines() {
    let half = vec![1.0; MOST_LINE_POINTS / 2];
    let two = |extra: usize| {
        let longer: Vec<f64> = vec![1.0; MOST_LINE_POINTS / 2 + extra];
        let series = [
            Series {
                name: "sgd",
                values: &half,
            },
            Series {
                name: "adam",
                values: &longer,
            },
        ];
        line_layout(&series, false, 3, &LineMarks::default()).map(|layout| layout.curves[1].len())
    };
    assert_eq!(two(0), Ok(MOST_LINE_POINTS / 2), "exactly the bound draws");
    let error = two(1).unwrap_err();
    assert_eq!(
        error.message,
        format!(
            "a line figure draws at most {MOST_LINE_POINTS} points, and these steps hold {}",
            MOST_LINE_POINTS + 1
        )
    );
}

fn node(name: &str, rows: usize, cols: usize, gradient: Option<&str>) -> GraphNode {
    GraphNode {
        name: name.to_string(),
        rows,
        cols,
        gradient: gradient.map(str::to_string),
    }
}

fn edge(from: usize, to: usize, backward: bool) -> GraphEdge {
    GraphEdge { from, to, backward }
}

#[test]
fn a_graph_puts_each_step_one_layer_below_what_it_reads_and_a_weight_just_above_its_reader() {
    // x → h → r, w → r: w reads nothing and is read at r's layer, so it sits beside h.
    let edges = [edge(0, 1, false), edge(1, 2, false), edge(3, 2, false)];
    assert_eq!(graph::layers(4, &edges).unwrap(), vec![0, 1, 2, 1]);
    let error = graph::layers(2, &[edge(0, 1, false), edge(1, 0, false)]).unwrap_err();
    assert!(error.message.contains("cycle"), "{error:?}");
}

#[test]
fn a_path_offset_for_the_backward_arrow_stays_parallel_round_its_corners() {
    let path = [
        svg::Point::new(10.0, 0.0),
        svg::Point::new(10.0, 20.0),
        svg::Point::new(0.0, 20.0),
        svg::Point::new(0.0, 40.0),
    ];
    let moved = graph::offset(&path, 4.0);
    let pairs: Vec<(f64, f64)> = moved.iter().map(|p| (p.x, p.y)).collect();
    // Down, left, down: each leg 4 units over, and the corners where the moved legs meet.
    assert_eq!(
        pairs,
        vec![(14.0, 0.0), (14.0, 24.0), (4.0, 24.0), (4.0, 40.0)]
    );
}

#[test]
fn a_graph_figure_draws_a_box_per_step_and_a_dashed_arrow_back_per_gradient_edge() {
    let nodes = [
        node("x", 3, 4, None),
        node("w", 4, 4, Some("g_w")),
        node("h", 3, 4, Some("g_h")),
        node("r", 3, 4, Some("g_r")),
        node("loss", 1, 1, None),
    ];
    let edges = [
        edge(0, 2, false),
        edge(0, 3, false),
        edge(1, 2, true),
        edge(2, 3, true),
        edge(3, 4, true),
    ];
    let html = graph_figure(&nodes, &edges, &options("bp")).unwrap();
    assert!(html.starts_with("<figure class=\"worked-figure\" data-figure=\"graph\""));
    assert_eq!(html.matches("class=\"wf-node\"").count(), 5, "{html}");
    // x → r skips h's layer: a lane, drawn as a polyline before its last leg's arrow.
    assert_eq!(
        html.matches("<polyline class=\"wf-forward\"").count(),
        1,
        "{html}"
    );
    assert_eq!(
        html.matches("<line class=\"wf-backward\"").count(),
        3 + 1,
        "three edges and the legend: {html}"
    );
    assert!(html.contains(">g_w</text>") && html.contains(">3 × 4</text>"));
    assert!(html.contains(
        "x (3 × 4), read by h and r. w (4 × 4), read by h. h (3 × 4), read by r. r (3 × 4), read by loss. loss (1 × 1). The gradient of w, g_w, comes back from h."
    ), "{html}");
    assert!(
        html.contains("dashed arrows carry the gradients back."),
        "{html}"
    );
    let plain = graph_figure(&nodes[..1], &[], &options("bp")).unwrap();
    assert!(!plain.contains("wf-backward") && plain.contains("forward: reads"));
}

#[test]
fn a_graph_figure_refuses_too_many_steps_too_deep_a_chain_and_too_wide_a_layer() {
    let chain = |count: usize| -> (Vec<GraphNode>, Vec<GraphEdge>) {
        (
            (0..count)
                .map(|at| node(&format!("s{at}"), 1, 1, None))
                .collect(),
            (1..count).map(|at| edge(at - 1, at, false)).collect(),
        )
    };
    let (nodes, edges) = chain(MOST_GRAPH_LAYERS + 1);
    let error = graph_figure(&nodes, &edges, &options("c")).unwrap_err();
    assert!(error.message.contains("a chain 17 deep"), "{error:?}");
    let (nodes, edges) = chain(crate::compute::graph::MOST_GRAPH_NODES + 1);
    let error = graph_figure(&nodes, &edges, &options("c")).unwrap_err();
    assert!(
        error.message.contains("more than a figure can draw"),
        "{error:?}"
    );
    let wide: Vec<GraphNode> = (0..5)
        .map(|at| node(&format!("hidden{at}"), 64, 64, None))
        .collect();
    let error = graph_figure(&wide, &[], &options("c")).unwrap_err();
    assert!(error.message.contains("units wide"), "{error:?}");
    assert!(graph_figure(&[], &[], &options("c")).is_err());
}

#[test]
fn a_line_figure_draws_its_reference_dashed_and_marks_where_the_run_diverged() {
    let losses = [4.5, 1.5, 0.5, 0.2, 0.1];
    let series = [Series {
        name: "losses",
        values: &losses,
    }];
    let marks = LineMarks {
        reference: Some(("optimum_loss", 0.075)),
        diverged_at: Some(5),
    };
    let mut palette = Palette::default();
    let html = lines_figure(&series, true, &marks, &options("run"), &mut palette).unwrap();
    assert_eq!(html.matches("class=\"wf-reference\"").count(), 1, "{html}");
    assert!(html.contains(">optimum_loss 0.075</text>"), "{html}");
    assert_eq!(html.matches("class=\"wf-diverged\"").count(), 1, "{html}");
    assert!(
        html.contains(">\u{2715} diverged at step 5</text>"),
        "{html}"
    );
    assert!(html.contains("A dashed line marks optimum_loss 0.075. The run diverged at step 5."));
    // The x axis reaches the step where the run diverged, one past its last loss.
    let layout = line_layout(&series, true, 3, &marks).unwrap();
    assert!(layout.x_ticks.last().unwrap().0.value >= 5.0);
    let plain = lines_figure(
        &series,
        true,
        &LineMarks::default(),
        &options("run"),
        &mut palette,
    )
    .unwrap();
    assert!(!plain.contains("wf-reference") && !plain.contains("wf-diverged"));
    assert_eq!(diverged_step(33.0), Some(33));
    for none in [0.0, -1.0, 2.5, f64::NAN, f64::INFINITY] {
        assert_eq!(diverged_step(none), None);
    }
}
