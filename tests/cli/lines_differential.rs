//! Differential test: the compute widget's line chart (`static/js/line-chart.js`) must lay out
//! every chart as the build's line figure does (`worked::present::figure::line_layout`): the
//! same frame, ticks (values, labels and positions), axis title, points, legend and text
//! alternative, on random series of every shape the widget can meet (one or several lines,
//! one point or hundreds, flat, negative, huge, tiny, on a log scale or not) and on the
//! refusals both make (a value below 0 on a log scale, too many points), and a 0 on a log scale,
//! drawn at its bottom; with the marks a line view asks for (a dashed reference line, where a
//! run diverged), laid out alike too.
//!
//! Without Node the test cannot run: it fails when `CI=true` and otherwise skips loudly.

use crate::common::SplitMix64;
use serde_json::{json, Value};
use worked::present::figure::{line_layout, LineMarks, Series, MOST_LINE_POINTS};
use worked::present::svg::Tick;

/// One series of `length` values around a magnitude, drifting like a loss or jumping about.
fn random_values(rng: &mut SplitMix64, length: usize) -> Vec<f64> {
    let magnitude = match rng.range(0, 4) {
        0 => 1.0,
        1 => rng.log_uniform(1e-6, 1e-2),
        2 => rng.log_uniform(1e3, 1e17),
        _ => rng.log_uniform(1e-2, 1e3),
    };
    let shape = rng.range(0, 3);
    let start = rng.unit() * 3.0 + 0.1;
    (0..length)
        .map(|step| match shape {
            // A falling curve, as a loss: positive all the way.
            0 => magnitude * start * (-(step as f64) / (length as f64 / 3.0)).exp(),
            // Flat: every value the same.
            1 => magnitude * start,
            // Noise of both signs.
            2 => magnitude * (rng.unit() - 0.4),
            // Whole numbers, as a count per step.
            _ => rng.range(0, 40) as f64,
        })
        .collect()
}

fn ticks(ticks: &[(Tick, f64)]) -> Value {
    ticks
        .iter()
        .map(|(tick, at)| json!({ "value": tick.value, "label": tick.label, "at": at }))
        .collect()
}

fn case(series: &[(String, Vec<f64>)], log_y: bool, decimals: usize) -> Value {
    marked_case(series, log_y, decimals, &LineMarks::default())
}

fn marked_case(
    series: &[(String, Vec<f64>)],
    log_y: bool,
    decimals: usize,
    marks: &LineMarks,
) -> Value {
    let drawn: Vec<Series> = series
        .iter()
        .map(|(name, values)| Series { name, values })
        .collect();
    let expected = match line_layout(&drawn, log_y, decimals, marks) {
        Ok(layout) => json!({
            "frame": {
                "left": layout.frame.left,
                "top": layout.frame.top,
                "width": layout.frame.width,
                "height": layout.frame.height,
            },
            "xTicks": ticks(&layout.x_ticks),
            "yTicks": ticks(&layout.y_ticks),
            "yTitle": layout.y_title,
            "curves": layout.curves.iter().map(|curve| {
                curve.iter().map(|p| json!({ "x": p.x, "y": p.y })).collect::<Value>()
            }).collect::<Value>(),
            "legend": layout.legend,
            "title": layout.title,
            "description": layout.description,
            "reference": layout.reference.map(|mark| json!({
                "at": mark.at,
                "label": mark.label,
                "labelAt": { "x": mark.label_at.x, "y": mark.label_at.y },
                "below": mark.below,
            })),
            "diverged": layout.diverged.map(|mark| json!({
                "at": mark.at,
                "labelX": mark.label_x,
                "label": mark.label,
            })),
        }),
        Err(error) => json!({ "error": error.message }),
    };
    json!({
        "input": {
            "series": series.iter().map(|(name, values)| json!({ "name": name, "values": values })).collect::<Value>(),
            "logY": log_y,
            "decimals": decimals,
            "marks": {
                "reference": marks.reference.map(|(name, value)| json!({ "name": name, "value": value })),
                "divergedAt": marks.diverged_at,
            },
        },
        "expected": expected,
    })
}

#[test]
fn the_widget_line_chart_is_laid_out_as_the_build_line_figure() {
    let Some(node) = crate::common::Node::for_differential(
        "lines_differential",
        "The widget's line chart against the build's line figure",
    ) else {
        return;
    };
    let names = ["curve", "sgd", "adam", "loss_with_a_long_name", "x"];
    let mut rng = SplitMix64(0x11e5_c4a7);
    let mut cases = Vec::new();
    // The training lesson's widget: one loss curve of 100 steps, on a log scale.
    let lesson: Vec<f64> = (0..100)
        .map(|t| 1.8 * (-(t as f64) / 30.0).exp() + 0.01)
        .collect();
    cases.push(case(&[("curve".to_string(), lesson)], true, 3));
    // Past the bound on points, and a log scale with a value below 0: both refuse.
    let long = vec![1.0; MOST_LINE_POINTS / 2 + 1];
    cases.push(case(
        &[("sgd".into(), long.clone()), ("adam".into(), long)],
        false,
        3,
    ));
    cases.push(case(&[("curve".into(), vec![1.0, -0.5, 2.0])], true, 3));
    // A loss that reaches an exact fit: its 0 is drawn at the log axis's bottom, by both; and
    // a series of nothing but zeros gets the decade from 1.
    cases.push(case(&[("curve".into(), vec![1.0, 0.0, 2.0])], true, 3));
    cases.push(case(&[("curve".into(), vec![0.0, 0.0])], true, 3));
    for _ in 0..2000 {
        let count = rng.range(1, 3);
        let length = match rng.range(0, 4) {
            0 => rng.range(1, 3),
            1 => rng.range(4, 40),
            2 => rng.range(41, 600),
            // Up to the longest vector the language holds: x labels such as "1,000".
            _ => rng.range(600, 1024),
        };
        let mut series: Vec<(String, Vec<f64>)> = (0..count)
            .map(|i| {
                let own = if rng.range(0, 3) == 0 {
                    rng.range(1, length)
                } else {
                    length
                };
                (
                    names[(i + rng.range(0, 4)) % names.len()].to_string(),
                    random_values(&mut rng, own),
                )
            })
            .collect();
        // Now and then a run that ends on an exact fit: its last values 0.
        if rng.range(0, 5) == 0 {
            let values = &mut series[0].1;
            let from = rng.range(0, values.len() - 1);
            values[from..].iter_mut().for_each(|v| *v = 0.0);
        }
        let positive = series.iter().flat_map(|(_, v)| v).all(|v| *v >= 0.0);
        let log_y = rng.range(0, 2) > 0 && (positive || rng.range(0, 5) == 0);
        // A third of the charts marked: a reference among the values (the least of them, as a
        // loss's optimum, or any), a divergence one past the longest line or further on.
        let marks = if rng.range(0, 3) == 0 {
            let values: Vec<f64> = series.iter().flat_map(|(_, v)| v.iter().copied()).collect();
            let least = values.iter().copied().fold(f64::INFINITY, f64::min);
            let reference = match rng.range(0, 3) {
                0 => None,
                1 => Some(least),
                _ => Some(values[rng.range(0, values.len() - 1)]),
            };
            let longest = series.iter().map(|(_, v)| v.len()).max().unwrap_or(1);
            let diverged_at = match rng.range(0, 3) {
                0 => None,
                1 => Some(longest),
                _ => Some(rng.range(1, longest * 2 + 2)),
            };
            LineMarks {
                reference: reference.map(|value| ("optimum_loss", value)),
                diverged_at,
            }
        } else {
            LineMarks::default()
        };
        cases.push(marked_case(&series, log_y, rng.range(1, 4), &marks));
    }
    // Losses down among the smallest doubles, on a log scale: both twins clamp at the smallest
    // normal double (f64::MIN_POSITIVE), so the bottom decade and the points agree.
    for bottom in [1e-320, 1e-310, 3e-308] {
        let falling = (0..40).map(|k| bottom * 1.5f64.powi(40 - k)).collect();
        cases.push(case(&[("loss".to_string(), falling)], true, 3));
    }
    // The descent's loss curve: a reference at the optimum and a run that diverged at step 7,
    // one past its last loss; its label kept inside the panel at the right edge.
    let rising: Vec<f64> = (0..7).map(|k| 0.5 * 3f64.powi(k)).collect();
    let marks = LineMarks {
        reference: Some(("optimum_loss", 0.075)),
        diverged_at: Some(7),
    };
    cases.push(marked_case(&[("losses".into(), rising)], true, 3, &marks));
    crate::common::assert_mostly_drawn(&cases, 3, "charts");
    node.differential("lines-differential.mjs", &cases);
}
