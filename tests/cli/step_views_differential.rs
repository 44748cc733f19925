//! Differential test: the compute widget's heatmap and bars views (`static/js/step-views.js`)
//! must draw every step as the build's figure of it does (`worked::present::figure::
//! quantity_figure`): the same SVG, element by element and attribute by attribute, numbers to
//! a hundredth of a unit, on random matrices and vectors of every shape the widget can meet
//! (one row or many, labelled or by position, long labels that slant, whole numbers, negative
//! entries, masked −∞, huge and tiny magnitudes) and on the refusals both make (too many cells
//! or bars, a bar that is not finite). The scatter and arrows views (`plane-views.js`) and the
//! contour view (`contour-view.js`: noise, smooth surfaces, saddles, whole numbers that meet
//! levels at corners, a flat grid, a path) likewise, the contours in the same node run as the
//! scatter and arrows.
//!
//! Without Node the test cannot run: it fails when `CI=true` and otherwise skips loudly.

use crate::common::SplitMix64;
use ndarray::{Array1, Array2};
use serde_json::{json, Value};
use worked::compute::Quantity;
use worked::present::figure::{
    arrows_step_figure, contour_step_figure, heatmap_panel, quantity_figure, scatter_step_figure,
    ContourParts, FigureError, FigureOptions, HeatmapWords, Palette, Projected,
};

/// −∞ travels as null: JSON has no infinities.
fn number(x: f64) -> Value {
    if x == f64::NEG_INFINITY {
        Value::Null
    } else {
        json!(x)
    }
}

fn random_entry(rng: &mut SplitMix64, magnitude: f64, kind: usize) -> f64 {
    match kind {
        0 => rng.range(0, 9) as f64 - 3.0,
        1 => magnitude * rng.unit(),
        _ => magnitude * (rng.unit() - 0.5),
    }
}

/// A scale for random entries: one, tiny, huge or in between.
fn random_magnitude(rng: &mut SplitMix64) -> f64 {
    match rng.range(0, 4) {
        0 => 1.0,
        1 => rng.log_uniform(1e-6, 1e-2),
        2 => rng.log_uniform(1e3, 1e12),
        _ => rng.log_uniform(1e-2, 1e3),
    }
}

fn labels(rng: &mut SplitMix64, count: usize) -> Option<Vec<String>> {
    let words = [
        "the",
        "cat",
        "sat",
        "on",
        "a_long_token_name",
        "<mat>",
        "x",
        "Ünïcode",
    ];
    match rng.range(0, 3) {
        0 => None,
        1 => Some(
            (0..count)
                .map(|i| format!("{}{i}", words[i % words.len()]))
                .collect(),
        ),
        _ => Some(
            (0..count)
                .map(|i| words[(i + 3) % words.len()].to_string() + &"y".repeat(i % 3))
                .collect(),
        ),
    }
}

/// A matrix with no labels on its rows or columns.
fn unlabelled(values: Array2<f64>) -> Quantity {
    Quantity::Matrix {
        values,
        row_labels: None,
        col_labels: None,
    }
}

/// How many `cases` give the widget `input` and expect an SVG that holds `mark`.
fn drawn_with(cases: &[Value], input: &str, mark: &str) -> usize {
    cases
        .iter()
        .filter(|case| !case["input"][input].is_null())
        .filter(|case| {
            case["expected"]["svg"]
                .as_str()
                .is_some_and(|svg| svg.contains(mark))
        })
        .count()
}

fn case(quantity: &Quantity, decimals: usize) -> Value {
    view_case(quantity, decimals, None)
}

fn options(decimals: usize) -> FigureOptions {
    FigureOptions::new("ex", "wf-ex-3", decimals)
}

/// The `<svg>` of a drawn figure, or the refusal's message.
fn expected(drawn: Result<String, FigureError>) -> Value {
    match drawn {
        Ok(html) => {
            let svg = &html[html.find("<svg").expect("an svg")..];
            json!({ "svg": &svg[..svg.find("</svg>").expect("closed") + "</svg>".len()] })
        }
        Err(error) => json!({ "error": error.message }),
    }
}

/// A value as the widget's script holds it: a matrix as rows, a vector as a list.
fn plain(quantity: &Quantity) -> Value {
    match quantity {
        Quantity::Matrix { values, .. } => values
            .rows()
            .into_iter()
            .map(|row| row.iter().map(|x| number(*x)).collect::<Value>())
            .collect(),
        Quantity::Vector { values, .. } => values.iter().map(|x| number(*x)).collect(),
        _ => unreachable!("only matrices and vectors are drawn"),
    }
}

/// A case of the contour view of `z` with its `parts`.
fn contour_case(z: &Quantity, parts: &ContourParts, decimals: usize) -> Value {
    named_contour_case(z, "Z", parts, decimals)
}

/// [`contour_case`] of a step named `what`: a long name can crowd the legend.
fn named_contour_case(z: &Quantity, what: &str, parts: &ContourParts, decimals: usize) -> Value {
    let part = |side: Option<(&str, &Quantity)>| {
        side.map(|(name, quantity)| json!({ "name": name, "value": plain(quantity) }))
    };
    json!({
        "input": {
            "value": { "matrix": plain(z), "rowLabels": null, "colLabels": null },
            "parts": {
                "x": part(parts.x), "y": part(parts.y), "path": part(parts.path), "levels": parts.levels,
                "optimum": part(parts.optimum), "directions": part(parts.directions),
            },
            "decimals": decimals, "idPrefix": "wf-ex-3", "what": what, "view": "contour",
        },
        "expected": expected(contour_step_figure(z, what, parts, &options(decimals))),
    })
}

/// [`contour_case`] with its axes titled in the reader's words (a descent's `w` and `b`), in the
/// picture and in its text alternative: the JS must say them where the steps' names would be.
fn titled_contour_case(z: &Quantity, parts: &ContourParts, titles: (&str, &str)) -> Value {
    let mut case = contour_case(z, parts, 3);
    case["input"]["parts"]["xLabel"] = json!(titles.0);
    case["input"]["parts"]["yLabel"] = json!(titles.1);
    let titled = FigureOptions {
        axes: worked::present::figure::AxisText {
            x: Some(titles.0.to_string()),
            y: Some(titles.1.to_string()),
            title: None,
        },
        ..options(3)
    };
    case["expected"] = expected(contour_step_figure(z, "Z", parts, &titled));
    case
}

/// A case of `view` ("scatter", "arrows"), or of the heatmap or bars `quantity_figure` picks.
fn view_case(quantity: &Quantity, decimals: usize, view: Option<&str>) -> Value {
    let draw: fn(&Quantity, &str, &FigureOptions) -> Result<String, FigureError> = match view {
        Some("scatter") => scatter_step_figure,
        Some("arrows") => |quantity, what, options| {
            arrows_step_figure(quantity, what, None, options, &mut Palette::default())
        },
        // A heatmap view draws any matrix as one, a single row or entry too.
        Some("heatmap") => |quantity, what, options| {
            heatmap_panel(quantity, what, HeatmapWords::default(), options)
                .map(|(kind, svg, title)| options.wrap(kind, &[svg], &format!("{title}.")))
        },
        _ => quantity_figure,
    };
    let expected = expected(draw(quantity, "step", &options(decimals)));
    drawn_case(quantity, decimals, view, expected)
}

/// A case of the arrows view of `quantity` with the projection of its row `of` onto its row
/// `onto` dashed among them, as a vectors example's widget draws it.
fn projected_case(quantity: &Quantity, decimals: usize, of: usize, onto: usize) -> Value {
    let Quantity::Matrix {
        values, row_labels, ..
    } = quantity
    else {
        unreachable!("arrows draw a matrix")
    };
    let names: Vec<String> = match row_labels {
        Some(labels) => labels.clone(),
        None => (1..=values.nrows()).map(|i| i.to_string()).collect(),
    };
    let (a, b) = (values.row(of), values.row(onto));
    let length = b.dot(&b).sqrt();
    let scalar = a.dot(&b) / length;
    let vector = (scalar / length * b[0], scalar / length * b[1]);
    let projection = Projected {
        of: &names[of],
        onto: &names[onto],
        vector,
        scalar,
    };
    // The page has coloured a name of its own and this step's last row already: those keep
    // their colours, the others take the next ones.
    let mut palette = Palette::default();
    let seen = ["elsewhere".to_string(), names[names.len() - 1].clone()];
    for name in &seen {
        palette.class(name);
    }
    let drawn = arrows_step_figure(
        quantity,
        "step",
        Some(projection),
        &options(decimals),
        &mut palette,
    );
    let mut case = drawn_case(quantity, decimals, Some("arrows"), expected(drawn));
    case["input"]["palette"] = json!(seen);
    case["input"]["projection"] = json!({
        "of": projection.of, "onto": projection.onto,
        "vector": [vector.0, vector.1], "scalar": scalar,
    });
    case
}

/// A case of `view` of `quantity`, with the build's `expected` picture or refusal.
fn drawn_case(quantity: &Quantity, decimals: usize, view: Option<&str>, expected: Value) -> Value {
    let input = match quantity {
        Quantity::Matrix {
            row_labels,
            col_labels,
            ..
        } => json!({ "matrix": plain(quantity), "rowLabels": row_labels, "colLabels": col_labels }),
        Quantity::Vector { labels, .. } => json!({ "vector": plain(quantity), "labels": labels }),
        _ => unreachable!("only matrices and vectors are drawn"),
    };
    json!({ "input": { "value": input, "decimals": decimals, "idPrefix": "wf-ex-3", "what": "step", "view": view }, "expected": expected })
}

#[test]
fn the_widget_heatmaps_and_bars_are_drawn_as_the_build_figures() {
    let Some(node) = crate::common::Node::for_differential(
        "step_views_differential",
        "The widget's heatmap and bars views against the build's figures",
    ) else {
        return;
    };
    let mut rng = SplitMix64(0x5eed_0f4e);
    let mut cases = Vec::new();
    for _ in 0..600 {
        let magnitude = random_magnitude(&mut rng);
        let kind = rng.range(0, 3);
        let decimals = rng.range(1, 4);
        if rng.range(0, 2) == 0 {
            let (rows, cols) = match rng.range(0, 3) {
                0 => (rng.range(2, 6), rng.range(2, 6)),
                1 => (rng.range(2, 30), rng.range(2, 40)),
                _ => (rng.range(1, 3), rng.range(1, 12)),
            };
            let masked = rng.range(0, 4) == 0;
            let values = Array2::from_shape_fn((rows, cols), |(i, j)| {
                if masked && j > i {
                    f64::NEG_INFINITY
                } else {
                    random_entry(&mut rng, magnitude, kind)
                }
            });
            let row_labels = labels(&mut rng, rows);
            let col_labels = labels(&mut rng, cols);
            cases.push(case(
                &Quantity::Matrix {
                    values,
                    row_labels,
                    col_labels,
                },
                decimals,
            ));
        } else {
            let length = match rng.range(0, 3) {
                0 => rng.range(1, 6),
                1 => rng.range(6, 30),
                _ => rng.range(30, 270),
            };
            let values = Array1::from_shape_fn(length, |_| random_entry(&mut rng, magnitude, kind));
            let labels = labels(&mut rng, length);
            cases.push(case(&Quantity::Vector { values, labels }, decimals));
        }
    }
    // Heatmaps whose entries have a natural top (an attention's weights, rows that sum to 1,
    // some masked): full colour at `full`, not at the largest entry; the masked ones hatched
    // where a mask step marks them (weights exactly 0 under a causal mask), the others not.
    for _ in 0..40 {
        let n = rng.range(2, 8);
        let masked = rng.range(0, 2) == 0;
        let mut values = Array2::from_shape_fn((n, n), |(i, j)| {
            if masked && j > i {
                0.0
            } else {
                random_entry(&mut rng, 1.0, 1) + 0.01
            }
        });
        for mut row in values.rows_mut() {
            let sum = row.sum();
            row.mapv_inplace(|x| x / sum);
        }
        let quantity = Quantity::Matrix {
            values,
            row_labels: labels(&mut rng, n),
            col_labels: None,
        };
        let mut full = options(3);
        full.full = Some(1.0);
        full.mask = masked.then(|| Array2::from_shape_fn((n, n), |(i, j)| j > i));
        let mut case = case(&quantity, 3);
        case["expected"] = expected(quantity_figure(&quantity, "step", &full));
        case["input"]["full"] = json!(1.0);
        case["input"]["mask"] = json!(full.mask.as_ref().map(|mask| mask
            .rows()
            .into_iter()
            .map(|row| row.to_vec())
            .collect::<Vec<_>>()));
        cases.push(case);
    }
    let hatched = drawn_with(&cases, "mask", "class=\"wf-masked\"");
    assert!(hatched > 5, "masked weights are hatched in some cases");
    // A mask of another shape than its step is refused.
    let mut misfit = options(3);
    misfit.mask = Some(Array2::from_elem((2, 3), false));
    let square = unlabelled(Array2::zeros((2, 2)));
    let mut refused = case(&square, 3);
    refused["expected"] = expected(quantity_figure(&square, "step", &misfit));
    refused["input"]["mask"] = json!([[false, false, false], [false, false, false]]);
    cases.push(refused);
    // Refusals: −∞ on a bar, more cells than a heatmap draws.
    cases.push(case(
        &Quantity::Vector {
            values: Array1::from(vec![1.0, f64::NEG_INFINITY]),
            labels: None,
        },
        3,
    ));
    cases.push(case(&unlabelled(Array2::zeros((129, 129))), 3));
    // Bars with a highlighted entry (a softmax's target): its name bold, named in the text.
    for (length, at) in [(3, 1), (30, 0), (8, 7)] {
        let values = Array1::from_shape_fn(length, |_| random_entry(&mut rng, 1.0, 1));
        let quantity = Quantity::Vector {
            values,
            labels: labels(&mut rng, length),
        };
        let mut marked = options(3);
        marked.highlight = Some((at, "target".to_string()));
        let mut case = case(&quantity, 3);
        case["expected"] = expected(quantity_figure(&quantity, "step", &marked));
        assert!(
            case["expected"]["svg"]
                .as_str()
                .is_some_and(|svg| svg.contains("wf-highlight")),
            "{case}"
        );
        case["input"]["highlight"] = json!({ "at": at, "says": "target" });
        cases.push(case);
    }
    // A heatmap view's matrix of one row, one column or one entry (a one-token attention's
    // weights), drawn as a heatmap, where a figure of the step picks bars.
    for (rows, cols) in [(1, 1), (1, 4), (3, 1)] {
        let quantity = Quantity::Matrix {
            values: Array2::from_shape_fn((rows, cols), |_| random_entry(&mut rng, 1.0, 1)),
            row_labels: labels(&mut rng, rows),
            col_labels: labels(&mut rng, cols),
        };
        let case = view_case(&quantity, 3, Some("heatmap"));
        assert!(case["expected"]["svg"].is_string(), "{case}");
        cases.push(case);
    }
    crate::common::assert_mostly_drawn(&cases, 2, "pictures");
    node.differential("step-views-differential.mjs", &cases);
}

/// Grids for the contour view, in the same node run as the scatter and arrows: noise, smooth
/// surfaces (a bowl, a saddle, waves) over rising x and y of the author's, whole numbers (levels
/// that meet corners exactly), a flat grid, a path over a bowl, and each refusal.
fn contour_cases(rng: &mut SplitMix64) -> Vec<Value> {
    let rising = |rng: &mut SplitMix64, count: usize| {
        let mut at = rng.unit() * 10.0 - 5.0;
        let values: Array1<f64> = (0..count)
            .map(|_| {
                at += 0.1 + rng.unit();
                at
            })
            .collect();
        Quantity::Vector {
            values,
            labels: None,
        }
    };
    let mut cases = Vec::new();
    for index in 0..18 {
        let (rows, cols) = (rng.range(2, 14), rng.range(2, 14));
        let z = match index % 6 {
            0 => Array2::from_shape_fn((rows, cols), |_| rng.unit() * 4.0 - 2.0),
            1 => Array2::from_shape_fn((rows, cols), |(i, j)| {
                let (u, v) = (i as f64 - rows as f64 / 2.0, j as f64 - cols as f64 / 2.0);
                u * u + 2.0 * v * v
            }),
            2 => Array2::from_shape_fn((rows, cols), |(i, j)| (i as f64 - 1.5) * (j as f64 - 1.5)),
            3 => Array2::from_shape_fn((rows, cols), |(i, j)| {
                (i as f64 * 0.7).sin() + (j as f64 * 0.9).cos()
            }),
            4 => Array2::from_shape_fn((rows, cols), |_| rng.range(0, 4) as f64),
            _ => Array2::from_elem((rows, cols), 1.5),
        };
        let xs = rising(rng, cols);
        let ys = rising(rng, rows);
        let with_axes = index % 2 == 1;
        let parts = ContourParts {
            x: with_axes.then_some(("xs", &xs)),
            y: with_axes.then_some(("ys", &ys)),
            path: None,
            levels: rng.range(1, 16),
            optimum: None,
            directions: None,
        };
        cases.push(contour_case(&unlabelled(z), &parts, rng.range(1, 4)));
    }
    let bowl = unlabelled(Array2::from_shape_fn((64, 64), |(i, j)| {
        let (u, v) = (i as f64 - 40.0, j as f64 - 20.0);
        u * u + 10.0 * v * v
    }));
    let path = unlabelled(Array2::from_shape_fn((30, 2), |(i, k)| {
        let shrink = 0.85f64.powi(i as i32);
        if k == 0 {
            20.0 + 30.0 * shrink
        } else {
            40.0 - 35.0 * shrink
        }
    }));
    let parts = ContourParts {
        x: None,
        y: None,
        path: Some(("P", &path)),
        levels: 8,
        optimum: None,
        directions: None,
    };
    cases.push(contour_case(&bowl, &parts, 3));
    // The bowl's optimum marked ✕ with its two axes through it (one tilted, one steep), the
    // start and the optimum labelled along the path; and the optimum alone, without a path.
    let optimum = Quantity::Vector {
        values: Array1::from(vec![20.0, 40.0]),
        labels: None,
    };
    let directions = unlabelled(Array2::from_shape_vec((2, 2), vec![0.6, 0.8, -0.8, 0.6]).unwrap());
    let marked = ContourParts {
        optimum: Some(("optimum", &optimum)),
        directions: Some(("axes", &directions)),
        ..parts
    };
    cases.push(contour_case(&bowl, &marked, 3));
    let alone = ContourParts {
        path: None,
        directions: None,
        ..marked
    };
    cases.push(contour_case(&bowl, &alone, 2));
    cases.push(titled_contour_case(&bowl, &marked, ("w", "b")));
    // A loss in the millions at 16 levels under a long name and a short one: the legend leaves
    // the long name out and narrows its swatches, so it stays inside the panel.
    let steep = unlabelled(Array2::from_shape_fn((12, 12), |(i, j)| {
        let (u, v) = (i as f64 * 300.0, j as f64 * 700.0);
        u * u + v * v
    }));
    let many_levels = ContourParts {
        x: None,
        y: None,
        path: None,
        levels: 16,
        optimum: None,
        directions: None,
    };
    cases.push(named_contour_case(
        &steep,
        "valley_of_the_loss",
        &many_levels,
        3,
    ));
    cases.push(named_contour_case(&steep, "L", &many_levels, 3));
    // Refusals: one row, a −∞, x of the wrong length, y falling, a path of three columns,
    // too many levels.
    let grid = unlabelled(Array2::from_shape_fn((3, 4), |(i, j)| (i * j) as f64));
    let short = rising(rng, 3);
    let falling = Quantity::Vector {
        values: Array1::from(vec![3.0, 2.0, 1.0]),
        labels: None,
    };
    let wide = unlabelled(Array2::zeros((2, 3)));
    let plain_parts = ContourParts {
        x: None,
        y: None,
        path: None,
        levels: 8,
        optimum: None,
        directions: None,
    };
    let refusals = [
        (unlabelled(Array2::zeros((1, 5))), plain_parts),
        (
            unlabelled(Array2::from_elem((3, 3), f64::NEG_INFINITY)),
            plain_parts,
        ),
        (
            grid.clone(),
            ContourParts {
                x: Some(("xs", &short)),
                ..plain_parts
            },
        ),
        (
            grid.clone(),
            ContourParts {
                y: Some(("ys", &falling)),
                ..plain_parts
            },
        ),
        (
            grid.clone(),
            ContourParts {
                path: Some(("P", &wide)),
                ..plain_parts
            },
        ),
        (
            grid,
            ContourParts {
                levels: 17,
                ..plain_parts
            },
        ),
    ];
    // Refusals of the optimum's marks: directions through no optimum, an optimum of three
    // numbers.
    let three = Quantity::Vector {
        values: Array1::from(vec![1.0, 2.0, 3.0]),
        labels: None,
    };
    let unmarked = [
        ContourParts {
            directions: Some(("axes", &directions)),
            ..plain_parts
        },
        ContourParts {
            optimum: Some(("optimum", &three)),
            ..plain_parts
        },
    ];
    for parts in &unmarked {
        cases.push(contour_case(&bowl, parts, 3));
    }
    for (z, parts) in &refusals {
        cases.push(contour_case(z, parts, 3));
    }
    cases
}

fn quantity_row_is_zero(quantity: &Quantity, row: usize) -> bool {
    matches!(quantity, Quantity::Matrix { values, .. } if values.row(row).iter().all(|x| *x == 0.0))
}

#[test]
fn the_widget_scatter_arrows_and_contours_are_drawn_as_the_build_figures() {
    let Some(node) = crate::common::Node::for_differential(
        "step_views_differential",
        "The widget's scatter, arrows and contour views against the build's figures",
    ) else {
        return;
    };
    let mut rng = SplitMix64(0x5ca7_7e25);
    let mut cases = Vec::new();
    for index in 0..160 {
        let view = if index % 2 == 0 { "scatter" } else { "arrows" };
        let magnitude = random_magnitude(&mut rng);
        let kind = rng.range(0, 3);
        let rows = match rng.range(0, 4) {
            0 => 1,
            1 => rng.range(2, 6),
            2 => rng.range(6, 20),
            _ => rng.range(20, 40),
        };
        // Some points coincide: the arrows' heads are then moved apart, labels crowd.
        let repeated = rng.range(0, 4) == 0;
        let first = (
            random_entry(&mut rng, magnitude, kind),
            random_entry(&mut rng, magnitude, kind),
        );
        let values = Array2::from_shape_fn((rows, 2), |(i, j)| {
            if repeated && i % 2 == 1 {
                if j == 0 {
                    first.0
                } else {
                    first.1
                }
            } else {
                random_entry(&mut rng, magnitude, kind)
            }
        });
        let row_labels = labels(&mut rng, rows);
        let col_labels = match rng.range(0, 2) {
            0 => None,
            _ => Some(vec!["weight".to_string(), "height".to_string()]),
        };
        let quantity = Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        };
        // Half the arrows with a projection of one onto another, as a vectors widget draws.
        let (of, onto) = (rng.range(0, rows - 1), rng.range(0, rows - 1));
        let onto_zero = quantity_row_is_zero(&quantity, onto);
        if view == "arrows" && rng.range(0, 2) == 0 && !onto_zero {
            cases.push(projected_case(&quantity, rng.range(1, 4), of, onto));
        } else {
            cases.push(view_case(&quantity, rng.range(1, 4), Some(view)));
        }
    }
    let projected = drawn_with(&cases, "projection", "wf-projection");
    assert!(projected > 10, "{projected} arrows views draw a projection");
    // Refusals: a point that is not finite, more arrows than the view draws, three columns.
    cases.push(view_case(
        &unlabelled(
            Array2::from_shape_vec((2, 2), vec![1.0, 2.0, f64::NEG_INFINITY, 0.0]).unwrap(),
        ),
        3,
        Some("scatter"),
    ));
    cases.push(view_case(
        &unlabelled(Array2::from_elem((65, 2), 1.0)),
        3,
        Some("arrows"),
    ));
    cases.push(view_case(
        &unlabelled(Array2::from_elem((3, 3), 1.0)),
        3,
        Some("scatter"),
    ));
    let contours = contour_cases(&mut rng);
    let drawn: Vec<&str> = contours
        .iter()
        .filter_map(|c| c["expected"]["svg"].as_str())
        .collect();
    assert_eq!(
        drawn.len(),
        contours.len() - 8,
        "only the eight refusals are refused"
    );
    assert!(
        drawn.iter().filter(|svg| svg.contains("<path")).count() > 12,
        "most grids have lines"
    );
    assert!(
        drawn.iter().any(|svg| svg.contains("Z\"")),
        "some lines are rings"
    );
    assert!(
        drawn
            .iter()
            .any(|svg| svg.contains(">w</text>") && svg.contains("over w from")),
        "a contour titles its axes in the reader's words, in its text alternative too"
    );
    cases.extend(contours);
    crate::common::assert_mostly_drawn(&cases, 3, "pictures");
    node.differential("step-views-differential.mjs", &cases);
}
