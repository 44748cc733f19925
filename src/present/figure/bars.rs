//! Bar charts: signed values from a zero line, one bar per label (a compute example's vector,
//! a softmax's probabilities at one temperature).

use super::{FigureError, FigureOptions};
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

/// Signed values as bars from a zero line, one per label: one SVG and its title, that a figure
/// of several panels sets side by side where they fit. The y axis is titled by the author's
/// `y_label` and reaches [`FigureOptions::full`] when the values have a natural top (shares of
/// one, so that panels of probabilities compare); the `x_label` goes under the names.
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
    let high = values
        .iter()
        .copied()
        .fold(options.full.unwrap_or(0.0), f64::max);
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
        |entry| {
            if options
                .highlight
                .as_ref()
                .is_some_and(|(at, _)| *at == entry)
            {
                "wf-tick wf-highlight"
            } else {
                "wf-tick"
            }
        },
    );
    let entries: Vec<String> = labels
        .iter()
        .zip(values)
        .map(|(label, &value)| format!("{label} {}", options.number(value)))
        .collect();
    let title = format!("Bar chart of {what}");
    let mut description = format!("{what}, {count} entries: {}.", entries.join(", "));
    if let Some((at, says)) = options.highlight.as_ref().filter(|(at, _)| *at < count) {
        description.push_str(&format!(" The {says} is {}.", labels[*at]));
    }
    let svg = svg.finish("wf-chart", &title, &description);
    Ok((svg, title))
}
