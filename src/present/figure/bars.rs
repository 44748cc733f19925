//! Bar charts: softmax probabilities grouped by label, one bar per temperature, and signed
//! values from a zero line (one value of a compute example).

use super::{and_list, input_number, FigureError, FigureOptions, Palette};
use crate::compute::softmax::Softmax;
use crate::present::svg::{
    fitted_ticks, legible_width, short_label, text_width, widest, Anchor, Baseline, Frame, Point,
    Scale, Side, SlotLabels, Svg, LABEL_TEXT, SMALL_TEXT,
};

/// Width of a bar chart, in user units: as wide as its text allows on a phone
/// ([`crate::present::svg::legible_width`]), the same for every chart so text matches on a page.
const CHART_WIDTH: f64 = 416.0;
/// Font size of the numbers printed on bars.
const VALUE_TEXT: f64 = SMALL_TEXT;
// Charts stay within the width at which their text is 11 px on a phone.
const _: () = assert!(CHART_WIDTH <= legible_width(SMALL_TEXT));

/// Softmax probabilities as bars: one group per label, one bar per temperature of the sweep
/// (or one bar for the example's own temperature), each temperature in its page colour.
pub fn softmax_figure(result: &Softmax, options: &FigureOptions, palette: &mut Palette) -> String {
    let count = result.probabilities.len();
    let labels: Vec<String> = match &result.labels {
        Some(labels) => labels.clone(),
        None => (1..=count).map(|position| position.to_string()).collect(),
    };
    let series: Vec<(f64, Vec<f64>)> = match &result.sweep {
        Some(sweep) => sweep
            .temperatures
            .iter()
            .zip(sweep.probabilities.rows())
            .map(|(&temperature, row)| (temperature, row.to_vec()))
            .collect(),
        None => vec![(result.temperature, result.probabilities.to_vec())],
    };
    let temperatures: Vec<String> = series
        .iter()
        .map(|(temperature, _)| input_number(*temperature))
        .collect();
    let legend: Vec<String> = temperatures.iter().map(|t| format!("T = {t}")).collect();
    let colours: Vec<String> = legend.iter().map(|name| palette.class(name)).collect();

    // Layout: a legend row when there are several series, room below for the labels (slanted
    // when they would not fit side by side), and room left for the probability ticks.
    let shown: Vec<String> = labels.iter().map(|label| short_label(label)).collect();
    let highest = series
        .iter()
        .flat_map(|(_, row)| row.iter().copied())
        .fold(0.0, f64::max);
    let height = 200.0;
    let (y_labels, y_domain) = fitted_ticks(0.0, highest, height, false, 6);
    let room = BarRoom::new(&y_labels, &shown, true);
    // Legend entries side by side, on as many rows as they need.
    let mut entries = Vec::with_capacity(legend.len());
    let (mut x, mut row) = (room.left, 0usize);
    for label in &legend {
        let advance = 17.0 + text_width(label, SMALL_TEXT) + 16.0;
        if x > room.left && x + advance - 16.0 > CHART_WIDTH - 8.0 {
            x = room.left;
            row += 1;
        }
        entries.push((x, 8.0 + row as f64 * (SMALL_TEXT + 8.0)));
        x += advance;
    }
    let legend_bottom = if series.len() > 1 {
        8.0 + (row + 1) as f64 * (SMALL_TEXT + 8.0)
    } else {
        0.0
    };
    // Room above the plot for the number on a bar that reaches the top.
    let top = legend_bottom + VALUE_TEXT + 8.0;

    let frame = Frame {
        left: room.left,
        top,
        width: room.plot_width,
        height,
    };
    let mut svg = Svg::new(
        CHART_WIDTH,
        frame.bottom() + room.labels.depth + 10.0,
        &options.id_prefix,
    );
    let y = Scale::linear(y_domain, (frame.bottom(), frame.top));
    svg.y_axis(&frame, &y, &y_labels, "probability");

    if series.len() > 1 {
        for ((label, colour), &(x, y)) in legend.iter().zip(&colours).zip(&entries) {
            svg.rect(x, y, 12.0, 12.0, &format!("wf-bar {colour}"));
            svg.text(
                Point::new(x + 17.0, y + 6.0),
                (Anchor::Start, Baseline::Middle),
                SMALL_TEXT,
                "wf-legend",
                label,
            );
        }
    }

    let group_width = room.slot;
    let inner = group_width * 0.8;
    let bar_width = inner / series.len() as f64;
    let gap = if bar_width > 6.0 { 1.5 } else { 0.0 };
    let value_labels = series.len() * count <= 24
        && text_width(&options.number(0.5), VALUE_TEXT) <= bar_width + 2.0;
    for (index, (_, row)) in series.iter().enumerate() {
        svg.group(&format!("wf-series {}", colours[index]));
        for (group, &probability) in row.iter().enumerate() {
            let x = frame.left + group as f64 * group_width + group_width * 0.1;
            let x = x + index as f64 * bar_width;
            let top = y.map(probability);
            svg.rect(
                x + gap / 2.0,
                frame.bottom(),
                bar_width - gap,
                top - frame.bottom(),
                "wf-bar",
            );
            if value_labels {
                svg.text(
                    Point::new(x + bar_width / 2.0, top - 4.0),
                    (Anchor::Middle, Baseline::Alphabetic),
                    VALUE_TEXT,
                    "wf-value",
                    &options.number(probability),
                );
            }
        }
        svg.end_group();
    }
    svg.line(
        Point::new(frame.left, frame.bottom()),
        Point::new(frame.right(), frame.bottom()),
        "wf-axis",
    );
    svg.slot_labels(
        &room.labels,
        shown.iter().map(String::as_str),
        (frame.left + group_width / 2.0, group_width),
        (frame.bottom(), Side::Below),
        |group| {
            if result.target == Some(group) {
                "wf-tick wf-target"
            } else {
                "wf-tick"
            }
        },
    );

    let description: Vec<String> = series
        .iter()
        .zip(&temperatures)
        .map(|((_, row), temperature)| {
            let values: Vec<String> = labels
                .iter()
                .zip(row)
                .map(|(label, &p)| format!("{label} {}", options.number(p)))
                .collect();
            format!("at T = {temperature}: {}", values.join(", "))
        })
        .collect();
    let mut description = format!("Probabilities {}.", description.join("; "));
    if let Some(target) = result.target {
        description.push_str(&format!(" The target is {}.", labels[target]));
    }
    let title = format!(
        "Softmax probabilities of {} at temperature T = {}",
        and_list(&labels),
        and_list(&temperatures)
    );
    let svg = svg.finish("wf-chart", &title, &description);
    options.wrap("softmax", &[svg], &format!("{title}."))
}

/// The horizontal layout of a bar chart [`CHART_WIDTH`] wide: room left of the plot for the
/// value ticks (and the first slanted label), and the slots of the bars.
struct BarRoom {
    left: f64,
    plot_width: f64,
    slot: f64,
    labels: SlotLabels,
}

impl BarRoom {
    fn new(y_labels: &[crate::present::svg::Tick], shown: &[String], titled: bool) -> Self {
        let ticks = widest(y_labels.iter().map(|tick| tick.label.as_str()), SMALL_TEXT);
        let mut left = 16.0 + if titled { LABEL_TEXT } else { 0.0 } + ticks;
        loop {
            let plot_width = CHART_WIDTH - left - 12.0;
            let slot = plot_width / shown.len().max(1) as f64;
            let labels = SlotLabels::new(shown.iter().map(String::as_str), slot, SMALL_TEXT);
            // A slanted first label runs down to the left of its bar: keep it in the picture.
            let overhang = labels.reach - slot / 2.0 - left + 4.0;
            if overhang <= 0.5 || left > CHART_WIDTH / 2.0 {
                return BarRoom {
                    left,
                    plot_width,
                    slot,
                    labels,
                };
            }
            left += overhang;
        }
    }
}

/// Most bars one chart draws.
const MOST_BARS: usize = 256;

/// Signed values as bars from a zero line, one per label.
pub(super) fn bars(
    values: &[f64],
    labels: &[String],
    what: &str,
    options: &FigureOptions,
) -> Result<String, FigureError> {
    let (svg, title) = bars_panel(values, labels, what, options)?;
    Ok(options.wrap("bars", &[svg], &format!("{title}.")))
}

/// [`bars`]' one SVG and its title, for a figure of several panels: the y axis titled by the
/// author's `y_label`, and their `x_label` under the names.
pub fn bars_panel(
    values: &[f64],
    labels: &[String],
    what: &str,
    options: &FigureOptions,
) -> Result<(String, String), FigureError> {
    if values.len() > MOST_BARS {
        return Err(FigureError {
            message: format!(
                "{}.{what} has {} entries, too many to draw as bars (at most {MOST_BARS})",
                options.example,
                values.len()
            ),
            help: "draw a shorter step, or a matrix as a heatmap".to_string(),
        });
    }
    if let Some(position) = values.iter().position(|value| !value.is_finite()) {
        return Err(FigureError {
            message: format!(
                "{}.{what} holds −∞ at entry {}, which a bar cannot show",
                options.example, labels[position]
            ),
            help:
                "draw the step after the softmax, or a matrix as a heatmap where −∞ shows as masked"
                    .to_string(),
        });
    }
    let count = values.len();
    let shown: Vec<String> = labels.iter().map(|label| short_label(label)).collect();
    let low = values.iter().copied().fold(0.0, f64::min);
    let high = values.iter().copied().fold(0.0, f64::max);
    let height = 200.0;
    let (y_labels, y_domain) = fitted_ticks(low, high, height, false, 6);
    let room = BarRoom::new(&y_labels, &shown, options.axes.y.is_some());
    let group_width = room.slot;
    let frame = Frame {
        left: room.left,
        top: 16.0,
        width: room.plot_width,
        height,
    };
    let value_labels = count <= 24
        && values
            .iter()
            .all(|&value| text_width(&options.number(value), VALUE_TEXT) <= group_width - 4.0);
    // The number under a negative bar may reach below the plot: the names go under it.
    let label_edge = if value_labels && low < 0.0 {
        frame.bottom() + VALUE_TEXT + 8.0
    } else {
        frame.bottom()
    };
    let names_end = label_edge + room.labels.depth;
    let x_title_room = if options.axes.x.is_some() { 24.0 } else { 0.0 };
    let mut svg = Svg::new(
        CHART_WIDTH,
        names_end + x_title_room + 10.0,
        &options.id_prefix,
    );
    let y = Scale::linear(y_domain, (frame.bottom(), frame.top));
    svg.y_axis(
        &frame,
        &y,
        &y_labels,
        options.axes.y.as_deref().unwrap_or_default(),
    );
    if let Some(x_title) = &options.axes.x {
        svg.text(
            Point::new(frame.left + frame.width / 2.0, names_end + 6.0),
            (Anchor::Middle, Baseline::Hanging),
            LABEL_TEXT,
            "wf-axis-title",
            x_title,
        );
    }
    let bar_width = group_width * 0.8;
    let zero = y.map(0.0);
    svg.group("wf-series wf-s0");
    for (index, &value) in values.iter().enumerate() {
        let x = frame.left + index as f64 * group_width + group_width * 0.1;
        let end = y.map(value);
        svg.rect(x, zero, bar_width, end - zero, "wf-bar");
        if value_labels {
            let (at, baseline) = if value < 0.0 {
                (end + 4.0, Baseline::Hanging)
            } else {
                (end - 4.0, Baseline::Alphabetic)
            };
            svg.text(
                Point::new(x + bar_width / 2.0, at),
                (Anchor::Middle, baseline),
                VALUE_TEXT,
                "wf-value",
                &options.number(value),
            );
        }
    }
    svg.end_group();
    svg.line(
        Point::new(frame.left, zero),
        Point::new(frame.right(), zero),
        "wf-axis",
    );
    svg.slot_labels(
        &room.labels,
        shown.iter().map(String::as_str),
        (frame.left + group_width / 2.0, group_width),
        (label_edge, Side::Below),
        |_| "wf-tick",
    );
    let entries: Vec<String> = labels
        .iter()
        .zip(values)
        .map(|(label, &value)| format!("{label} {}", options.number(value)))
        .collect();
    let title = format!("Bar chart of {what}");
    let description = format!("{what}, {count} entries: {}.", entries.join(", "));
    let svg = svg.finish("wf-chart", &title, &description);
    Ok((svg, title))
}
