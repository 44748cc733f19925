//! Figure layout: every figure of this repository's book, and every figure kind on generated
//! inputs, keeps its labels apart from each other, inside its picture, and at least 11 px tall
//! on a 360 px wide screen.
//!
//! Each `<text>` of a figure's SVG is read back from the page and its box estimated by
//! `worked::present::svg::TextBox`, the same estimate the layout code places labels with, so a
//! layout that trusts a wrong estimate fails here rather than in a reader's browser.

use proptest::prelude::*;
use std::path::Path;
use worked::base::html::unescape_html;
use worked::compute::graph::step_graph;
use worked::compute::lang::parse;
use worked::compute::Quantity;
use worked::present::figure::{self, FigureOptions, GraphNode, Palette};
use worked::present::svg::{phone_scale, Anchor, Baseline, Point, TextBox, LEAST_TEXT_PX};

/// One `<text>` of a picture.
#[derive(Debug)]
struct Label {
    text: String,
    size: f64,
    area: TextBox,
}

/// One `<svg>` of a figure.
#[derive(Debug)]
struct Picture {
    title: String,
    width: f64,
    height: f64,
    fills_column: bool,
    labels: Vec<Label>,
}

fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = tag[start..].find('"')? + start;
    Some(&tag[start..end])
}

fn number(tag: &str, name: &str) -> f64 {
    attribute(tag, name)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        .parse()
        .unwrap_or_else(|_| panic!("{name} is not a number in {tag}"))
}

/// Every figure picture (`<svg class="wf-chart …">`) in `html`, with its labels.
fn pictures(html: &str) -> Vec<Picture> {
    let mut found = Vec::new();
    for (start, _) in html.match_indices("<svg class=\"wf-chart") {
        let end = html[start..].find("</svg>").expect("a closed svg") + start;
        let svg = &html[start..end];
        let open = &svg[..svg.find('>').unwrap()];
        let class = attribute(open, "class").unwrap();
        let view: Vec<f64> = attribute(open, "viewBox")
            .expect("a view box")
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        let title = svg
            .split_once("<title")
            .and_then(|(_, rest)| rest.split_once('>'))
            .and_then(|(_, rest)| rest.split_once("</title>"))
            .map(|(title, _)| unescape_html(title))
            .unwrap_or_default();
        let mut labels = Vec::new();
        for (at, _) in svg.match_indices("<text ") {
            let close = svg[at..].find('>').unwrap() + at;
            let tag = &svg[at..close];
            let text =
                unescape_html(&svg[close + 1..close + svg[close..].find("</text>").unwrap()]);
            let size = number(tag, "font-size");
            let anchor = match attribute(tag, "text-anchor") {
                Some("middle") => Anchor::Middle,
                Some("end") => Anchor::End,
                _ => Anchor::Start,
            };
            let baseline = match attribute(tag, "dy") {
                Some("0.35em") => Baseline::Middle,
                Some("0.8em") => Baseline::Hanging,
                None => Baseline::Alphabetic,
                Some(other) => panic!("a dy this test does not know: {other}"),
            };
            let degrees = attribute(tag, "transform")
                .and_then(|t| t.strip_prefix("rotate("))
                .and_then(|t| t.split(' ').next())
                .map_or(0.0, |d| d.parse().unwrap());
            let point = Point::new(number(tag, "x"), number(tag, "y"));
            labels.push(Label {
                area: TextBox::new(point, (anchor, baseline), size, degrees, &text),
                text,
                size,
            });
        }
        found.push(Picture {
            title,
            width: view[2],
            height: view[3],
            fills_column: class.split(' ').any(|c| c == "wf-panel"),
            labels,
        });
    }
    found
}

/// What is wrong with a picture's labels, one line each; empty when nothing is.
fn problems(picture: &Picture) -> Vec<String> {
    let mut problems = Vec::new();
    let scale = phone_scale(picture.width, picture.fills_column);
    for (index, label) in picture.labels.iter().enumerate() {
        if !label.area.inside(picture.width, picture.height) {
            problems.push(format!(
                "\"{}\" leaves the picture ({:?} outside 0 0 {} {})",
                label.text,
                label.area.bounds(),
                picture.width,
                picture.height
            ));
        }
        let shown = label.size * scale;
        if shown < LEAST_TEXT_PX - 0.01 {
            problems.push(format!(
                "\"{}\" is {shown:.1} px on a 360 px screen",
                label.text
            ));
        }
        for other in &picture.labels[index + 1..] {
            if label.area.overlaps(&other.area) {
                problems.push(format!("\"{}\" overlaps \"{}\"", label.text, other.text));
            }
        }
    }
    problems
        .into_iter()
        .map(|problem| format!("{}: {problem}", picture.title))
        .collect()
}

fn html_files(dir: &Path, into: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            html_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "html") {
            into.push(path);
        }
    }
}

/// What a heatmap of the book lacks: a legend title saying what the colour means, or a label
/// for each of its rows (issue 26). Rows are the distinct tops of the grid's cells; row labels
/// are the tick texts that end at the grid's left edge.
fn heatmap_gaps(html: &str) -> Vec<String> {
    let mut gaps = Vec::new();
    for (start, _) in html.match_indices("<svg class=\"wf-chart wf-heatmap-chart") {
        let svg = &html[start..start + html[start..].find("</svg>").unwrap()];
        let title = svg
            .split("<title")
            .nth(1)
            .and_then(|rest| Some(&rest[rest.find('>')? + 1..rest.find("</title>")?]))
            .unwrap_or("a heatmap");
        let texts = |class: &str| -> Vec<&str> {
            svg.match_indices(&format!("<text class=\"{class}\""))
                .map(|(at, _)| &svg[at..at + svg[at..].find("</text>").unwrap()])
                .collect()
        };
        let legend_titles: Vec<&str> = texts("wf-legend wf-legend-title")
            .into_iter()
            .map(|text| &text[text.find('>').unwrap() + 1..])
            .filter(|words| !words.trim().is_empty())
            .collect();
        if legend_titles.len() != 1 {
            gaps.push(format!("{title}: legend titles {legend_titles:?}"));
        }
        let grid_start = svg.find("<g class=\"wf-heatmap\">").unwrap();
        let grid = &svg[grid_start..grid_start + svg[grid_start..].find("</g>").unwrap()];
        let mut rows: Vec<&str> = grid
            .match_indices("<rect class=\"wf-cell\"")
            .filter_map(|(at, _)| attribute(&grid[at..at + grid[at..].find('>').unwrap()], "y"))
            .collect();
        rows.dedup();
        let row_labels = texts("wf-tick")
            .into_iter()
            .filter(|text| attribute(text, "text-anchor") == Some("end"))
            .count();
        if row_labels != rows.len() {
            gaps.push(format!(
                "{title}: {} rows but {row_labels} row labels",
                rows.len()
            ));
        }
    }
    gaps
}

#[test]
fn every_figure_of_the_book_keeps_its_labels_apart_inside_and_legible() {
    let output = crate::support::build_repository_book();
    let mut pages = Vec::new();
    html_files(&output.path().join("public"), &mut pages);
    let mut all = Vec::new();
    let mut count = 0;
    let mut heatmaps = 0;
    for page in pages {
        let html = std::fs::read_to_string(&page).unwrap();
        heatmaps += html.matches("wf-heatmap-chart").count();
        all.extend(
            heatmap_gaps(&html)
                .into_iter()
                .map(|gap| format!("{}: {gap}", page.display())),
        );
        for picture in pictures(&html) {
            count += 1;
            assert!(
                picture.labels.len() > 2,
                "{}: a figure with labels",
                picture.title
            );
            all.extend(problems(&picture));
        }
    }
    assert!(count >= 20, "the book's figures were found: {count}");
    assert!(heatmaps >= 10, "the book's heatmaps were found: {heatmaps}");
    assert!(all.is_empty(), "{}", all.join("\n"));
}

#[test]
fn a_heatmap_without_a_legend_title_or_with_an_unlabelled_row_is_caught() {
    let svg = r#"<svg class="wf-chart wf-heatmap-chart" width="100" viewBox="0 0 100.00 90.00"><title>h</title>
<text class="wf-tick" x="30.00" y="20.00" text-anchor="end" font-size="14.00">the</text>
<g class="wf-heatmap">
<rect class="wf-cell" x="31.00" y="10.00" width="20.00" height="20.00"/>
<rect class="wf-cell" x="31.00" y="30.00" width="20.00" height="20.00"/>
</g>
</svg>"#;
    let gaps = heatmap_gaps(svg);
    assert!(
        gaps.iter().any(|gap| gap.contains("legend titles []")),
        "{gaps:?}"
    );
    assert!(
        gaps.iter()
            .any(|gap| gap.contains("2 rows but 1 row labels")),
        "{gaps:?}"
    );
}

#[test]
fn overlapping_and_clipped_labels_are_caught() {
    let html = r#"<svg class="wf-chart" width="100" viewBox="0 0 100.00 50.00"><title>t</title>
<text class="a" x="10.00" y="20.00" text-anchor="start" font-size="14.00">first</text>
<text class="a" x="20.00" y="22.00" text-anchor="start" font-size="14.00">second</text>
<text class="a" x="95.00" y="40.00" text-anchor="start" font-size="14.00">out</text>
</svg>"#;
    let found = problems(&pictures(html)[0]);
    assert!(
        found
            .iter()
            .any(|p| p.contains("\"first\" overlaps \"second\"")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|p| p.contains("\"out\" leaves the picture")),
        "{found:?}"
    );
    let small = r#"<svg class="wf-chart" width="800" viewBox="0 0 800.00 50.00"><title>t</title>
<text x="10.00" y="20.00" font-size="14.00">tiny</text></svg>"#;
    let found = problems(&pictures(small)[0]);
    assert!(
        found.iter().any(|p| p.contains("\"tiny\" is 5.7 px")),
        "{found:?}"
    );
}

fn options(example: &str) -> FigureOptions {
    FigureOptions::new(example, format!("wf-{example}-1"), 3)
}

fn assert_tidy(html: &str) {
    let found: Vec<String> = pictures(html).iter().flat_map(problems).collect();
    assert!(found.is_empty(), "{}\n{html}", found.join("\n"));
}

/// Token-like names: short words, sometimes long ones.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z]{1,6}",
        1 => "[a-z]{7,20}",
    ]
}

fn distinct(names: Vec<String>) -> Vec<String> {
    names
        .into_iter()
        .enumerate()
        .map(|(index, name)| format!("{name}{index}"))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A softmax's probabilities at one temperature of a sweep, as its figure draws them: bars
    /// reaching 1, the temperature under the names.
    #[test]
    fn probability_bars_keep_their_labels_tidy(
        logits in prop::collection::vec(-30.0f64..30.0, 1..24),
        names in prop::collection::vec(name(), 24),
        temperature in 0.05f64..20.0,
    ) {
        let top = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let exps: Vec<f64> = logits.iter().map(|l| ((l - top) / temperature).exp()).collect();
        let total: f64 = exps.iter().sum();
        let probabilities = Quantity::Vector {
            values: exps.iter().map(|e| e / total).collect(),
            labels: Some(distinct(names[..logits.len()].to_vec())),
        };
        let options = FigureOptions {
            full: Some(1.0),
            axes: figure::AxisText {
                x: Some(format!("T = {temperature}")),
                y: Some("probability".into()),
                title: None,
            },
            ..options("s")
        };
        assert_tidy(&figure::quantity_figure(&probabilities, "probabilities", &options).unwrap());
    }

    #[test]
    fn vector_arrows_keep_their_labels_tidy(
        tips in prop::collection::vec((-1e4f64..1e4, -1e4f64..1e4), 1..5),
        scale in prop_oneof![Just(1e-3), Just(1.0), Just(1e3)],
        names in prop::collection::vec("[a-z]{1,6}", 5),
    ) {
        let vectors = Quantity::Matrix {
            values: ndarray::Array2::from_shape_fn((tips.len(), 2), |(i, j)| {
                (if j == 0 { tips[i].0 } else { tips[i].1 }) * scale
            }),
            row_labels: Some(distinct(names[..tips.len()].to_vec())),
            col_labels: None,
        };
        let html = figure::arrows_step_figure(&vectors, "arrows", None, &options("v"), &mut Palette::default());
        assert_tidy(&html.unwrap());
    }

    /// A descent's losses as its figure draws them: a line on a log scale, the least loss
    /// dashed, and where a run diverged.
    #[test]
    fn loss_lines_with_their_marks_keep_their_labels_tidy(
        start in 1e-3f64..1e6,
        factor in prop_oneof![0.2f64..0.99, 1.01f64..4.0],
        steps in 1usize..120,
        least in 0.0f64..1.0,
        diverged in any::<bool>(),
    ) {
        let losses: Vec<f64> = (0..=steps).map(|k| start * factor.powi(k as i32)).collect();
        let series = [figure::Series { name: "losses", values: &losses }];
        let marks = figure::LineMarks {
            reference: Some(("optimum_loss", least * losses.iter().copied().fold(f64::INFINITY, f64::min))),
            diverged_at: diverged.then_some(steps + 1),
        };
        let html = figure::lines_figure(&series, true, &marks, &options("g"), &mut Palette::default());
        assert_tidy(&html.unwrap());
    }

    /// A descent's path over the contours of its loss valley, as its figure draws them.
    #[test]
    fn contours_with_a_path_keep_their_labels_tidy(
        centre in (-1e3f64..1e3, -1e3f64..1e3),
        spread in prop_oneof![Just(1e-2), Just(1.0), Just(1e3)],
        steep in 1.0f64..50.0,
        path in prop::collection::vec((-1.0f64..1.0, -1.0f64..1.0), 1..40),
    ) {
        let side = 32;
        let at = |k: usize, mid: f64| mid + spread * (2.0 * k as f64 / (side - 1) as f64 - 1.0);
        let ws: Vec<f64> = (0..side).map(|j| at(j, centre.0)).collect();
        let bs: Vec<f64> = (0..side).map(|i| at(i, centre.1)).collect();
        let valley = Quantity::Matrix {
            values: ndarray::Array2::from_shape_fn((side, side), |(i, j)| {
                let (dw, db) = (ws[j] - centre.0, bs[i] - centre.1);
                (steep * dw * dw + dw * db + db * db).max(0.0).sqrt()
            }),
            row_labels: None,
            col_labels: None,
        };
        let points = Quantity::Matrix {
            values: ndarray::Array2::from_shape_fn((path.len(), 2), |(k, c)| {
                if c == 0 { centre.0 + spread * path[k].0 } else { centre.1 + spread * path[k].1 }
            }),
            row_labels: None,
            col_labels: None,
        };
        let line = |values: &[f64]| Quantity::Vector { values: values.to_vec().into(), labels: None };
        let (w, b) = (line(&ws), line(&bs));
        let parts = figure::ContourParts {
            x: Some(("grid_w", &w)),
            y: Some(("grid_b", &b)),
            path: Some(("path", &points)),
            levels: figure::DEFAULT_LEVELS,
            optimum: None,
            directions: None,
        };
        let options = FigureOptions {
            axes: figure::AxisText { x: Some("w".into()), y: Some("b".into()), title: None },
            ..options("g")
        };
        assert_tidy(&figure::contour_step_figure(&valley, "valley", &parts, &options).unwrap());
    }

    #[test]
    fn heatmaps_and_bars_keep_their_labels_tidy(
        rows in 1usize..14,
        cols in 1usize..14,
        magnitude in prop_oneof![Just(1.0), Just(1e3), Just(1e7)],
        names in prop::collection::vec(name(), 14),
        masked in any::<bool>(),
    ) {
        let values = ndarray::Array2::from_shape_fn((rows, cols), |(i, j)| {
            if masked && j > i {
                f64::NEG_INFINITY
            } else {
                ((i * 7 + j * 3) % 11) as f64 / 5.0 - 1.0
            }
        }) * magnitude;
        let quantity = Quantity::Matrix {
            values,
            row_labels: Some(distinct(names[..rows].to_vec())),
            col_labels: Some(distinct(names[..cols].to_vec())),
        };
        match figure::quantity_figure(&quantity, "x", &options("q")) {
            Ok(html) => assert_tidy(&html),
            Err(error) => prop_assert!(error.message.contains("−∞"), "{}", error.message),
        }
    }

    /// A random program of steps that each read one or two earlier ones, and its backward pass
    /// written as a person would: each step's gradient reads the gradients of its readers.
    #[test]
    fn computation_graphs_keep_their_labels_tidy(
        picks in prop::collection::vec(prop::collection::vec(any::<prop::sample::Index>(), 1..3), 1..15),
        names in prop::collection::vec(name(), 15),
        sides in prop::collection::vec((1usize..40, 1usize..40), 15),
        with_gradients in any::<bool>(),
    ) {
        let names = distinct(names[..picks.len()].to_vec());
        let reads: Vec<Vec<usize>> = picks
            .iter()
            .enumerate()
            .map(|(at, picked)| {
                let mut read: Vec<usize> = if at == 0 {
                    Vec::new()
                } else {
                    picked.iter().map(|index| index.index(at)).collect()
                };
                read.sort_unstable();
                read.dedup();
                read
            })
            .collect();
        let mut program = String::new();
        for (at, read) in reads.iter().enumerate() {
            let terms: Vec<&str> = std::iter::once("x")
                .chain(read.iter().map(|&from| names[from].as_str()))
                .collect();
            program.push_str(&format!("{} = {}\n", names[at], terms.join(" + ")));
        }
        for at in (0..names.len()).rev() {
            let readers: Vec<String> = (at + 1..names.len())
                .filter(|&to| reads[to].contains(&at))
                .map(|to| format!("g_{}", names[to]))
                .collect();
            let terms = if readers.is_empty() { names[at].clone() } else { readers.join(" + ") };
            program.push_str(&format!("g_{} = {terms}\n", names[at]));
        }
        let step_reads = parse(&program).unwrap().step_reads();
        let gradients: Vec<Option<String>> = names
            .iter()
            .map(|name| with_gradients.then(|| format!("g_{name}")))
            .collect();
        let shown: Vec<&str> = names.iter().map(String::as_str).collect();
        let paired: Vec<Option<&str>> = gradients.iter().map(Option::as_deref).collect();
        let edges = step_graph(&step_reads, &shown, &paired).unwrap();
        let edge_count: usize = reads.iter().map(Vec::len).sum();
        prop_assert_eq!(edges.len(), edge_count, "{}", program);
        prop_assert!(edges.iter().all(|edge| edge.backward == with_gradients), "{}", program);
        let nodes: Vec<GraphNode> = names
            .iter()
            .zip(&sides)
            .zip(gradients)
            .map(|((name, &(rows, cols)), gradient)| GraphNode { name: name.clone(), rows, cols, gradient })
            .collect();
        match figure::graph_figure(&nodes, &edges, &options("g")) {
            Ok(html) => assert_tidy(&html),
            Err(error) => prop_assert!(error.message.contains("units wide"), "{}", error.message),
        }
    }

    /// An attention's weights as its figure draws them: a heatmap per head, headed when there
    /// are several, full colour at 1, hatched where a causal mask removes a weight.
    #[test]
    fn attention_heatmaps_keep_their_labels_tidy(
        names in prop::collection::vec(name(), 1..12),
        causal in any::<bool>(),
        heads in 1usize..3,
        seed in 0u64..1000,
    ) {
        let n = names.len();
        let tokens = distinct(names);
        let panels: Vec<String> = (1..=heads).map(|head| {
            let entry = |i: usize, j: usize| (((i * 31 + j * 17 + head) as u64 + seed) % 7) as f64 + 1.0;
            let hidden = |i: usize, j: usize| causal && j > i;
            let mut weights = ndarray::Array2::from_shape_fn((n, n), |(i, j)| if hidden(i, j) { 0.0 } else { entry(i, j) });
            for mut row in weights.rows_mut() {
                let total = row.sum();
                row /= total;
            }
            let quantity = Quantity::Matrix { values: weights, row_labels: Some(tokens.clone()), col_labels: Some(tokens.clone()) };
            let options = FigureOptions {
                id_prefix: format!("wf-a-1-h{head}"),
                full: Some(1.0),
                legend: Some("attention weight".into()),
                mask: Some(ndarray::Array2::from_shape_fn((n, n), |(i, j)| hidden(i, j))),
                ..options("a")
            };
            let heading = format!("Head {head}");
            let words = figure::HeatmapWords {
                heading: (heads > 1).then_some(heading.as_str()),
                axis_titles: Some(("token", "attends to →")),
                described: None,
                title: Some("Attention weights"),
            };
            // A heatmap view draws every matrix as a heatmap, a one-token 1×1 too.
            let (kind, svg, _) = figure::heatmap_panel(&quantity, "weights", words, &options).unwrap();
            assert_eq!(kind, "heatmap");
            svg
        }).collect();
        let html = options("a").wrap("attention", &panels, "Attention weights.");
        prop_assert_eq!(html.matches("<svg ").count(), heads);
        assert_tidy(&html);
    }
}

/// The `<figure>` elements of a page, in order.
fn figures_of(html: &str) -> Vec<&str> {
    html.match_indices("<figure class=\"worked-figure\"")
        .map(|(start, _)| &html[start..start + html[start..].find("</figure>").unwrap()])
        .collect()
}

#[test]
fn an_attention_figure_draws_the_weights_with_token_labels_and_hatched_masked_cells() {
    let causal = crate::support::CAT_BLOCK
        .replace("name = \"cat\"", "name = \"causal\"")
        .replace(
            "w_v = [[1, 0], [0, 2]]\n",
            "w_v = [[1, 0], [0, 2]]\ncausal = true\n",
        );
    let body = format!(
        "{}\n```figure\nexample = \"cat\"\n```\n\n{causal}\n```figure\nexample = \"causal\"\n```\n",
        crate::support::CAT_BLOCK,
    );
    let book =
        crate::support::Book::with_lesson("attention.md", &crate::support::lesson("A", &body));
    book.build().succeeds();
    let html = book.read("public/attention.html");
    let figures = figures_of(&html);
    assert_eq!(figures.len(), 2, "{html}");
    let plain = figures[0];
    assert!(plain.contains("data-figure=\"attention\""), "{plain}");
    // Token names on both axes, the weights in the cells, no mask.
    for token in ["the", "cat", "sat"] {
        assert_eq!(
            plain.matches(&format!(">{token}</text>")).count(),
            2,
            "{token}: {plain}"
        );
    }
    for weight in [
        "0.446", "0.108", "0.164", "0.673", "0.187", "0.045", "0.768",
    ] {
        assert!(
            plain.contains(&format!(">{weight}</text>")),
            "{weight}: {plain}"
        );
    }
    assert!(!plain.contains("hatch"), "{plain}");
    // The heatmap of the weights step, titled in the kind's words, its legend saying what the
    // colour means.
    assert!(
        plain
            .contains("<title id=\"wf-cat-1-title\">Attention weights of the, cat and sat</title>"),
        "{plain}"
    );
    assert!(plain.contains(">attention weight</text>"), "{plain}");
    assert!(
        !plain.contains("Hatched cells are masked"),
        "nothing masked, nothing said: {plain}"
    );
    assert!(
        plain.contains("row sat: the 0.187, cat 0.045, sat 0.768."),
        "{plain}"
    );

    let causal = figures[1];
    // Three cells above the diagonal are masked: hatched, no number, described as masked.
    assert_eq!(
        causal.matches("class=\"wf-masked\"").count(),
        3 + 1,
        "and the legend's swatch: {causal}"
    );
    assert!(
        !causal.contains(">0.000</text>"),
        "masked cells show no zero: {causal}"
    );
    assert!(causal.contains(">masked</text>"), "{causal}");
    assert!(
        causal.contains(
            "row the: the 1.000, cat masked, sat masked; row cat: the 0.500, cat 0.500, sat masked;"
        ),
        "{causal}"
    );
    assert!(causal.contains("hatched cells are masked"), "{causal}");
    assert!(
        causal.contains("wf-legend-title\"") && causal.contains(">attention weight</text>"),
        "the legend says what the colour means: {causal}"
    );
    assert!(
        causal.contains(
            "Hatched cells are masked: a token may not attend to the tokens after it.</figcaption>"
        ),
        "{causal}"
    );
    let svg = &causal[causal.find("<svg").unwrap()..causal.find("</svg>").unwrap() + 6];
    insta::assert_snapshot!(svg);
}

#[test]
fn a_multi_head_attention_figure_has_one_headed_heatmap_per_head() {
    let block = r#"```attention
name = "two"
tokens = ["the", "cat", "sat"]
embeddings = [[0, 1, 0, 0], [1, 0, 1, 0], [0, 0, 0, 1]]
w_q = [[0, 0, 0, 0], [1, 0, 0, 0], [1, 0, 2, 0], [1, 0, 0, 2]]
w_k = [[3, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 2], [0, 0, 0, 0]]
w_v = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
heads = 2
```

```figure
example = "two"
```

```attention
name = "one"
tokens = ["cat"]
embeddings = [[1, 0, 1, 0]]
w_q = [[0, 0, 0, 0], [1, 0, 0, 0], [1, 0, 2, 0], [1, 0, 0, 2]]
w_k = [[3, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 2], [0, 0, 0, 0]]
w_v = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
```

```figure
example = "one"
```
"#;
    let book =
        crate::support::Book::with_lesson("attention.md", &crate::support::lesson("A", block));
    book.build().succeeds();
    let html = book.read("public/attention.html");
    let figure = figures_of(&html)[0];
    assert_eq!(figure.matches("<svg ").count(), 2, "{figure}");
    assert!(
        figure.contains(">Head 1</text>") && figure.contains(">Head 2</text>"),
        "{figure}"
    );
    assert!(
        figure.contains("id=\"wf-two-1-h1-title\">Attention weights of head 1</title>"),
        "{figure}"
    );
    assert!(
        figure.contains("id=\"wf-two-1-h2-title\">Attention weights of head 2</title>"),
        "{figure}"
    );
    // Head 2 is the "previous token" head: cat looks back at the.
    assert!(
        figure.contains("row cat: the 0.894, cat 0.053, sat 0.053"),
        "{figure}"
    );
    // One token attends all to itself: a 1×1 heatmap, not a bar.
    let one = figures_of(&html)[1];
    assert!(one.contains(">Attention weights of cat</title>"), "{one}");
    assert_eq!(one.matches("class=\"wf-cell-value\"").count(), 1, "{one}");
}

/// A softmax sweep with a target, vectors with a projection, and a descent that converges and
/// one that diverges, each with a figure of the whole example.
const KIND_FIGURES: &str = r#"```softmax
name = "guess"
logits = [2.0, 1.0, 0.1]
labels = ["cat", "dog", "fish"]
target = "cat"
temperatures = [0.5, 1, 2]
```

```figure
example = "guess"
```

```vectors
name = "keys"
names = ["query", "the"]
vectors = [[2, 2], [2, 0]]
project = ["query", "the"]
```

```figure
example = "keys"
```

```gradient_descent
name = "fit"
points = [[0, 1], [1, 3], [2, 4], [3, 7]]
start = [0, 0]
learning_rate = 0.05
steps = 50
```

```figure
example = "fit"
caption = "The loss and the path."
```

```gradient_descent
name = "big"
points = [[0, 1], [1, 3], [2, 4], [3, 7]]
start = [0, 0]
learning_rate = 1
steps = 50
```

```figure
example = "big"
```

```gradient_descent
name = "slow"
points = [[0, 1], [1, 3], [2, 4], [3, 7]]
start = [0, 0]
learning_rate = 0.001
steps = 5
```

```figure
example = "slow"
```
"#;

#[test]
fn the_kinds_figures_are_drawn_by_the_generic_views_from_their_programs() {
    let book =
        crate::support::Book::with_lesson("kinds.md", &crate::support::lesson("K", KIND_FIGURES));
    book.build().succeeds();
    let html = book.read("public/kinds.html");
    let figures = figures_of(&html);
    assert_eq!(figures.len(), 5, "{html}");

    // The sweep: a bar chart per temperature, each reaching 1 and named by its temperature.
    let softmax = figures[0];
    assert!(softmax.contains("data-figure=\"softmax\""), "{softmax}");
    assert_eq!(softmax.matches("<svg ").count(), 3, "{softmax}");
    assert_eq!(softmax.matches("class=\"wf-bar\"").count(), 9, "{softmax}");
    for t in ["0.5", "1", "2"] {
        assert!(
            softmax.contains(&format!(">T = {t}</text>")),
            "{t}: {softmax}"
        );
    }
    assert_eq!(softmax.matches(">1.0</text>").count(), 3, "{softmax}");
    assert!(
        softmax.contains("probabilities at T = 1, 3 entries: cat 0.659, dog 0.242, fish 0.099."),
        "{softmax}"
    );
    assert!(softmax.contains("<figcaption>Softmax probabilities at temperatures 0.5, 1, 2, one panel per temperature. The target is cat.</figcaption>"), "{softmax}");
    // The target's name bold under its bar in every panel, and said in each panel's text.
    assert_eq!(
        softmax.matches("class=\"wf-tick wf-highlight\"").count(),
        3,
        "{softmax}"
    );
    assert_eq!(softmax.matches(">cat</text>").count(), 3, "{softmax}");
    assert_eq!(
        softmax.matches(" The target is cat.</desc>").count(),
        3,
        "{softmax}"
    );

    // The arrows, with the projection dashed: the generic arrows and projection drawing.
    let vectors = figures[1];
    assert!(vectors.contains("data-figure=\"vectors\""), "{vectors}");
    assert_eq!(vectors.matches("class=\"wf-projection\"").count(), 2);
    assert!(
        vectors.contains("Dashed: the projection of query onto the, (2, 0), of signed length 2."),
        "{vectors}"
    );

    // The loss as a line marked with the least loss, beside the valley's contours with the path.
    let fit = figures[2];
    assert!(fit.contains("data-figure=\"gradient_descent\""), "{fit}");
    assert_eq!(fit.matches("<svg ").count(), 2, "{fit}");
    assert_eq!(fit.matches("class=\"wf-reference\"").count(), 1, "{fit}");
    assert!(fit.contains(">optimum_loss 0.175</text>"), "{fit}");
    assert!(!fit.contains("wf-diverged"), "{fit}");
    assert!(fit.contains("class=\"wf-level\""), "{fit}");
    assert_eq!(fit.matches("class=\"wf-start wf-s1\"").count(), 1, "{fit}");
    assert!(
        fit.contains(">w</text>") && fit.contains(">b</text>"),
        "{fit}"
    );
    assert!(
        fit.contains(" over w from ") && !fit.contains("grid_w"),
        "{fit}"
    );
    assert!(
        fit.contains("The path drawn over it, path, runs from (0, 0) to "),
        "{fit}"
    );
    // The optimum marked ✕ and labelled, the start labelled, and the valley's steepest and
    // shallowest directions through the optimum, solid and dashed.
    assert_eq!(fit.matches("class=\"wf-optimum\"").count(), 2, "{fit}");
    assert!(
        fit.contains(">optimum</text>") && fit.contains(">start</text>"),
        "{fit}"
    );
    assert_eq!(fit.matches("class=\"wf-direction\"").count(), 1, "{fit}");
    assert_eq!(
        fit.matches("class=\"wf-direction wf-dashed\"").count(),
        1,
        "{fit}"
    );
    assert!(fit.contains("The point optimum, ("), "{fit}");
    assert!(
        fit.contains("<figcaption>The loss and the path.</figcaption>"),
        "the author's caption replaces the generated one: {fit}"
    );

    let big = figures[3];
    assert_eq!(big.matches("class=\"wf-diverged\"").count(), 1, "{big}");
    // A log scale where the losses span more than two decades, a plain one where they barely
    // move (the old descent figure's rule).
    assert!(big.contains(">losses (log scale)</text>"), "{big}");
    let slow = figures[4];
    assert!(slow.contains(">losses</text>"), "{slow}");
    assert!(!slow.contains("log scale"), "{slow}");
    assert!(big.contains(">\u{2715} diverged at step "), "{big}");
    assert!(
        big.contains("<figcaption>Gradient descent at learning rate 1: the loss at each step, and the path of (w, b) over the contours of the loss valley towards the least-squares optimum.</figcaption>"),
        "{big}"
    );
    assert!(!big.contains("NaN"), "{big}");
}

#[test]
fn a_figure_of_vectors_off_the_plane_is_refused_at_the_figure() {
    let text = crate::support::lesson(
        "V",
        "```vectors\nname = \"emb\"\nnames = [\"a\"]\nvectors = [[1, 0, 0]]\n```\n\n```figure\nexample = \"emb\"\n```\n",
    );
    let book = crate::support::Book::with_lesson("v.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has("\"emb\" has 3-dimensional vectors; a figure draws vectors in the plane");
}

/// A ReLU layer with a residual sum and its backward pass by hand.
const GRAPH_BLOCK: &str = r#"```compute
name = "tiny"
steps = """
h = x @ w
a = relu(h)
r = x + a @ v
loss = sum(r * r) / 2
g_r = r
g_a = g_r @ v.T
g_h = g_a * (h > 0)
g_w = x.T @ g_h
"""

[inputs]
x = [[1, -1], [0.5, 2]]
w = [[1, 0], [-1, 1]]
v = [[0.5, 1], [1, -0.5]]
```
"#;

/// A lesson with [`GRAPH_BLOCK`] and a graph figure of it whose TOML is `figure`.
fn graph_lesson(figure: &str) -> String {
    crate::support::lesson(
        "Graph",
        &format!("{GRAPH_BLOCK}\n```figure\nexample = \"tiny\"\n{figure}```\n"),
    )
}

const GRAPH_FIGURE: &str = "graph = [\"x\", \"w\", \"h\", \"a\", \"r\", \"loss\"]\n\n[gradients]\nw = \"g_w\"\nh = \"g_h\"\na = \"g_a\"\nr = \"g_r\"\n";

#[test]
fn a_graph_figure_draws_what_each_step_reads_and_the_gradients_flowing_back() {
    let book = crate::support::Book::with_lesson("graph.md", &graph_lesson(GRAPH_FIGURE));
    book.check().succeeds();
    book.build().succeeds();
    let html = book.read("public/graph.html");
    let figure = figures_of(&html)[0];
    assert!(figure.contains("data-figure=\"graph\""), "{figure}");
    assert_tidy(figure);
    // Six edges read from the program (x → h, w → h, h → a, a → r, x → r past a and h,
    // r → loss), each one arrow, and the legend's: the long one is a polyline and an arrow.
    assert_eq!(
        figure.matches("<line class=\"wf-forward\"").count(),
        7,
        "{figure}"
    );
    assert_eq!(
        figure.matches("<polyline class=\"wf-forward\"").count(),
        1,
        "{figure}"
    );
    // x has no gradient, so the gradients come back along four edges, not six.
    assert_eq!(
        figure.matches("<line class=\"wf-backward\"").count(),
        4 + 1,
        "{figure}"
    );
    assert_eq!(
        figure.matches("class=\"wf-gradient\"").count(),
        4,
        "{figure}"
    );
    for tag in ["g_w", "g_h", "g_a", "g_r"] {
        assert!(
            figure.contains(&format!(">{tag}</text>")),
            "{tag}: {figure}"
        );
    }
    for words in [
        "x (2 × 2), read by h and r.",
        "loss (1 × 1).",
        "The gradient of w, g_w, comes back from h.",
        "The gradient of r, g_r, comes back from loss.",
    ] {
        assert!(figure.contains(words), "{words}: {figure}");
    }
    let svg = &figure[figure.find("<svg").unwrap()..figure.find("</svg>").unwrap() + 6];
    insta::assert_snapshot!(svg);
}

#[test]
fn a_graph_figure_reports_a_bad_step_or_gradient_at_the_entry_that_has_it() {
    let cases = [
        (
            GRAPH_FIGURE.replace("\"a\", \"r\"", "\"a\", \"rr\""),
            "\"rr\"",
            "no step or input named `rr` to draw",
        ),
        (
            GRAPH_FIGURE.replace("h = \"g_h\"", "h = \"g_hh\""),
            "\"g_hh\"",
            "`g_hh` is not a step of the example",
        ),
        (
            GRAPH_FIGURE.replace("w = \"g_w\"", "w = \"g_a\""),
            "\"g_a\"",
            "`g_a` is the gradient of two boxes",
        ),
        (
            GRAPH_FIGURE.replace("h = \"g_h\"", "h = \"g_w\""),
            "\"g_w\"",
            "`g_w` is the gradient of two boxes",
        ),
        (
            GRAPH_FIGURE.replace("r = \"g_r\"", "loss = \"g_r\""),
            "\"g_r\"",
            "`g_r` is 2 × 2 but loss is 1 × 1, and a gradient has the shape of its value",
        ),
        (
            GRAPH_FIGURE.replace("h = \"g_h\"", "h = \"v\""),
            "\"v\"",
            "`v` is an input, and a gradient is computed by a step",
        ),
        (
            // g_w reads g_h, but with h hidden w feeds a directly, and a has no gradient.
            GRAPH_FIGURE
                .replace("\"w\", \"h\", \"a\"", "\"w\", \"a\"")
                .replace("h = \"g_h\"\na = \"g_a\"\n", ""),
            "\"g_w\"",
            "the gradient of w, `g_w`, reads",
        ),
    ];
    for (figure, needle, message) in cases {
        let text = graph_lesson(&figure);
        let book = crate::support::Book::with_lesson("graph.md", &text);
        // The entry at fault is the last one written: the figure comes after the program, and
        // a gradient paired twice is reported where it is written the second time.
        let at = crate::support::place_nth(
            "content/graph.md",
            &text,
            needle,
            text.matches(needle).count(),
        );
        book.check()
            .exits_with(1)
            .stderr_has(&at)
            .stderr_has(message);
    }
    let text = graph_lesson("gradients = { r = \"g_r\" }\n");
    crate::support::Book::with_lesson("graph.md", &text)
        .check()
        .exits_with(1)
        .stderr_has(&crate::support::place("content/graph.md", &text, "{ r ="))
        .stderr_has("`gradients` pairs the boxes of a graph, but the figure has no `graph`");
}

#[test]
fn names_of_arrows_that_end_together_are_placed_apart() {
    let vectors = Quantity::Matrix {
        values: ndarray::array![[1.0, 1.0], [1.0, 1.0], [1.0, 0.95]],
        row_labels: Some(vec!["alpha".into(), "beta".into(), "gamma".into()]),
        col_labels: None,
    };
    let html = figure::arrows_step_figure(
        &vectors,
        "arrows",
        None,
        &options("v"),
        &mut Palette::default(),
    )
    .unwrap();
    assert_tidy(&html);
    for name in ["alpha", "beta", "gamma"] {
        assert!(html.contains(&format!(">{name}</text>")), "{html}");
    }
}

/// The smallest label of every figure and widget chart of a page, in CSS px as shown, found by
/// the browser: font size times the picture's scale (its width over its view box's width). A
/// live widget's print copy (the build's chart of its lines) is not on screen, and is skipped.
const SMALLEST_LABELS: &str = r#"Array.from(document.querySelectorAll('svg.wf-chart, svg.ww-chart')).filter(function (svg) {
  return svg.getBoundingClientRect().width > 0;
}).map(function (svg) {
  var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  var sizes = Array.from(svg.querySelectorAll('text')).map(function (text) {
    return parseFloat(getComputedStyle(text).fontSize) * scale;
  });
  return [svg.getAttribute('aria-labelledby') || svg.getAttribute('aria-label').slice(0, 40), Math.min.apply(null, sizes)];
})"#;

#[test]
fn on_a_phone_every_label_of_every_figure_and_widget_chart_is_at_least_11_px() {
    use crate::browser::{eval_json, metrics, wait_for};
    let Some(chromium) =
        crate::browser::launch("figures", "The size of figure labels as a phone shows them")
    else {
        return;
    };
    let output = crate::support::build_repository_book();
    let mut seen = 0;
    for page in [
        "foundations/gradient-descent.html",
        "foundations/softmax.html",
        "foundations/vectors.html",
        "training/backprop.html",
        "transformers/attention.html",
        "transformers/positional-encoding.html",
        "training/training-loop.html",
    ] {
        let tab = chromium.tab();
        metrics(&tab, 360, 740);
        let url = format!(
            "file://{}",
            output.path().join("public").join(page).display()
        );
        crate::browser::navigate(&tab, &url);
        if page.contains("training-loop") {
            wait_for(
                &tab,
                "document.querySelector('.ww-lines svg.wf-chart') !== null",
            );
        }
        if page.contains("gradient-descent") {
            // The descent widget's loss curve and its contour view, drawn as the build's figures.
            wait_for(
                &tab,
                "document.querySelector('[data-widget=gradient_descent] .ww-lines svg.wf-chart') !== null \
                 && document.querySelector('[data-widget=gradient_descent] [data-view=contour] svg') !== null",
            );
        }
        let found = eval_json(&tab, SMALLEST_LABELS);
        for entry in found.as_array().unwrap() {
            seen += 1;
            let size = entry[1].as_f64().unwrap();
            assert!(
                size >= 10.95,
                "{page}: {} has labels of {size:.1} px",
                entry[0]
            );
        }
        tab.close(false).ok();
    }
    assert!(seen >= 20, "figures and charts were measured: {seen}");
}
