//! Pictures of evaluated examples: softmax probabilities as grouped bars, 2-D vectors as
//! arrows, a gradient-descent run as its loss curve and its path through (w, b), one value of a
//! compute example as a heatmap or bars, and several values by their shapes.
//!
//! PURE: input is a compute result (already evaluated; nothing is recomputed here beyond
//! mapping numbers to positions) and output is a `<figure class="worked-figure">` holding inline
//! SVG drawn with [`super::svg`]. Every figure names itself (`<title>`) and describes its numbers
//! in words (`<desc>`), printed with [`format_number`] exactly as the prose prints them, so a
//! reader who cannot see the picture gets the same information.

use super::heatmap::{Heatmap, MOST_CELLS};
use super::svg::{
    decade_ticks, fitted_ticks, fitted_x_axis, labelled, legible_width, nice_ticks, short_label,
    text_width, widest, Anchor, Baseline, Frame, Placer, Point, Scale, Side, SlotLabels, Svg,
    LABEL_TEXT, SMALL_TEXT,
};
use super::{format_number, Precision, Style};
use crate::base::html::escape_html;
use crate::compute::attention::Attention;
use crate::compute::gradient_descent::GradientDescent;
use crate::compute::softmax::Softmax;
use crate::compute::vectors::Vectors;
use crate::compute::Quantity;

/// How many series colours `figures.css` defines (`wf-s0` … `wf-s5`); later series reuse them.
const SERIES_COLOURS: usize = 6;
/// Width of a bar chart, in user units: as wide as its text allows on a phone
/// ([`super::svg::legible_width`]), the same for every chart so text matches on a page.
const CHART_WIDTH: f64 = 416.0;
/// Font size of the numbers printed on bars.
const VALUE_TEXT: f64 = SMALL_TEXT;
// Charts and panels stay within the width at which their text is 11 px on a phone.
const _: () = assert!(CHART_WIDTH <= legible_width(SMALL_TEXT));
const _: () = assert!(PANEL.0 <= legible_width(SMALL_TEXT));

/// Series colours by name, shared by every figure of a page, so that a token (or a
/// temperature) has one colour in all of them: the first name seen gets `wf-s0`, the next
/// new one `wf-s1`, and so on.
#[derive(Debug, Clone, Default)]
pub struct Palette {
    names: Vec<String>,
}

impl Palette {
    /// The series class of `name` (`wf-s0` …), given it now if it has none yet.
    pub fn class(&mut self, name: &str) -> String {
        let index = match self.names.iter().position(|known| known == name) {
            Some(index) => index,
            None => {
                self.names.push(name.to_string());
                self.names.len() - 1
            }
        };
        format!("wf-s{}", index % SERIES_COLOURS)
    }
}

/// What every figure needs besides its numbers.
#[derive(Debug, Clone)]
pub struct FigureOptions {
    /// The example's name, for `data-example` and generated captions.
    pub example: String,
    /// Starts every id in the figure; unique on the page (e.g. `wf-logits-1`).
    pub id_prefix: String,
    /// Decimals for numbers in the text alternative and on bars, as in the prose.
    pub decimals: usize,
    /// The author's caption as HTML, or `None` for a generated one.
    pub caption_html: Option<String>,
}

/// Why an example cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureError {
    /// What is wrong, as one sentence.
    pub message: String,
    /// What would work.
    pub help: String,
}

impl FigureOptions {
    fn number(&self, value: f64) -> String {
        format_number(value, Precision::Decimals(self.decimals), Style::Prose)
    }

    fn pair(&self, (a, b): (f64, f64)) -> String {
        format!("({}, {})", self.number(a), self.number(b))
    }

    /// The `<figure>` around `panels`, with the author's caption or `generated` as caption.
    fn wrap(&self, kind: &str, panels: &[String], generated: &str) -> String {
        let caption = match &self.caption_html {
            Some(html) => html.clone(),
            None => escape_html(generated),
        };
        format!(
            "<figure class=\"worked-figure\" data-figure=\"{kind}\" data-example=\"{}\">\n<div class=\"wf-panels\">\n{}</div>\n<figcaption>{caption}</figcaption>\n</figure>\n",
            escape_html(&self.example),
            panels.concat()
        )
    }
}

/// An input the author typed (a temperature, a learning rate): printed as written, shortest
/// form first, since it is not a computed result that needs fixed decimals.
fn input_number(value: f64) -> String {
    if value == 0.0 || (1e-4..1e6).contains(&value.abs()) {
        format!("{value}")
    } else {
        format!("{value:e}")
    }
    .replace('-', "\u{2212}")
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

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
    fn new(y_labels: &[super::svg::Tick], shown: &[String], titled: bool) -> Self {
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

/// Vectors as arrows from the origin, equal units on both axes so angles look true; the
/// projection, if any, as a dashed arrow with a dotted drop line from the projected tip.
pub fn vectors_figure(
    result: &Vectors,
    options: &FigureOptions,
    palette: &mut Palette,
) -> Result<String, FigureError> {
    let dimension = result.vectors.ncols();
    if dimension != 2 {
        return Err(FigureError {
            message: format!(
                "\"{}\" has {dimension}-dimensional vectors; a figure draws vectors in the plane",
                options.example
            ),
            help: format!(
                "draw a 2-D example, or show the numbers as a table with {{{{ {}.vectors }}}}",
                options.example
            ),
        });
    }
    let tips: Vec<(f64, f64)> = result
        .vectors
        .rows()
        .into_iter()
        .map(|row| (row[0], row[1]))
        .collect();
    let projection = result
        .projection
        .as_ref()
        .map(|projection| (projection.vector[0], projection.vector[1]));

    // One square domain around the origin and every tip, so one unit is as long across as up.
    let all = tips.iter().chain(projection.iter()).chain([&(0.0, 0.0)]);
    let (mut low, mut high) = (
        (f64::INFINITY, f64::INFINITY),
        (f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for &(x, y) in all {
        low = (low.0.min(x), low.1.min(y));
        high = (high.0.max(x), high.1.max(y));
    }
    let half = (high.0 - low.0).max(high.1 - low.1) / 2.0 * 1.3;
    let centre = ((low.0 + high.0) / 2.0, (low.1 + high.1) / 2.0);
    let domain_x = (centre.0 - half, centre.0 + half);
    let domain_y = (centre.1 - half, centre.1 + half);
    // Round ticks inside the domain, as many as fit side by side under the plot.
    let within = |(low, high): (f64, f64)| {
        let mut fallback = Vec::new();
        for count in (3..=6).rev() {
            let ticks = nice_ticks(low, high, count);
            let decimals = ticks.decimals;
            let values: Vec<f64> = ticks
                .values
                .into_iter()
                .filter(|value| (low..=high).contains(value))
                .collect();
            let step = if values.len() > 1 {
                values[1] - values[0]
            } else {
                high - low
            };
            let labels = labelled(&super::svg::NiceTicks { values, decimals });
            let spacing = PLANE * step / (high - low);
            let needed = widest(labels.iter().map(|tick| tick.label.as_str()), SMALL_TEXT)
                + SMALL_TEXT * 0.6;
            if spacing >= needed {
                return labels;
            }
            fallback = labels;
        }
        fallback
    };
    let x_ticks = within(domain_x);
    let y_ticks = within(domain_y);
    let widest_tick = widest(y_ticks.iter().map(|tick| tick.label.as_str()), SMALL_TEXT);
    let legend = projection.is_some();
    let frame = Frame {
        left: 12.0 + widest_tick,
        top: if legend { 34.0 } else { 12.0 },
        width: PLANE,
        height: PLANE,
    };
    let mut svg = Svg::new(
        frame.right() + 24.0,
        frame.bottom() + 12.0 + SMALL_TEXT + 8.0,
        &options.id_prefix,
    );
    let x = Scale::linear(domain_x, (frame.left, frame.right()));
    let y = Scale::linear(domain_y, (frame.bottom(), frame.top));
    svg.x_axis(&frame, &x, &x_ticks, "");
    svg.y_axis(&frame, &y, &y_ticks, "");
    let origin = Point::new(x.map(0.0), y.map(0.0));
    svg.line(
        Point::new(frame.left, origin.y),
        Point::new(frame.right(), origin.y),
        "wf-origin",
    );
    svg.line(
        Point::new(origin.x, frame.top),
        Point::new(origin.x, frame.bottom()),
        "wf-origin",
    );
    let at = |(a, b): (f64, f64)| Point::new(x.map(a), y.map(b));

    if let (Some(tip), Some(of)) = (projection, result.projection.as_ref()) {
        let from = result
            .names
            .iter()
            .position(|name| *name == of.of)
            .map(|index| tips[index]);
        if let Some(from) = from {
            svg.line(at(from), at(tip), "wf-drop");
        }
        let end = at(tip);
        if (end.x - origin.x).hypot(end.y - origin.y) >= 1.0 {
            svg.arrow(origin, end, "wf-projection");
        }
        let label = format!("projection of {} onto {}", of.of, of.onto);
        svg.line(
            Point::new(frame.left, 16.0),
            Point::new(frame.left + 28.0, 16.0),
            "wf-projection",
        );
        svg.text(
            Point::new(frame.left + 34.0, 16.0),
            (Anchor::Start, Baseline::Middle),
            SMALL_TEXT,
            "wf-legend",
            &label,
        );
    }
    // Every arrow first, then the names: each goes beyond its arrow's tip, or else to the
    // nearest place around the tip clear of the arrows and of the names placed before it.
    let ends: Vec<Point> = tips.iter().map(|&tip| at(tip)).collect();
    let colours: Vec<String> = result
        .names
        .iter()
        .map(|name| palette.class(name))
        .collect();
    let mut placer = Placer::new(&frame);
    for (end, colour) in ends.iter().zip(&colours) {
        svg.arrow(origin, *end, &format!("wf-vector {colour}"));
        placer.avoid_line(&[origin, *end]);
    }
    for ((name, end), colour) in result.names.iter().zip(&ends).zip(&colours) {
        let (dx, dy) = (end.x - origin.x, end.y - origin.y);
        let length = dx.hypot(dy).max(f64::MIN_POSITIVE);
        let (ux, uy) = (dx / length, dy / length);
        let beyond = (
            Point::new(end.x + ux * 10.0, end.y + uy * 10.0),
            (side(ux), Baseline::Middle),
        );
        let mut spots = vec![beyond];
        spots.extend(Placer::around(*end, 10.0));
        spots.extend(Placer::around(*end, 26.0));
        let label = short_label(name);
        let (point, alignment) = placer.place(&label, LABEL_TEXT, &spots);
        svg.text(
            point,
            alignment,
            LABEL_TEXT,
            &format!("wf-label {colour}"),
            &label,
        );
    }

    let arrows: Vec<String> = result
        .names
        .iter()
        .zip(&tips)
        .map(|(name, &tip)| format!("{name} {}", options.pair(tip)))
        .collect();
    let mut description = format!("Arrows from the origin to {}.", and_list(&arrows));
    if let Some(projection) = &result.projection {
        description.push_str(&format!(
            " Dashed: the projection of {} onto {}, {}, of signed length {}.",
            projection.of,
            projection.onto,
            options.pair((projection.vector[0], projection.vector[1])),
            options.number(projection.scalar)
        ));
    }
    let title = format!("Arrows from the origin to {}", and_list(&result.names));
    let mut caption = format!("{title}.");
    if let Some(projection) = &result.projection {
        caption.push_str(&format!(
            " Dashed: the projection of {} onto {}.",
            projection.of, projection.onto
        ));
    }
    let svg = svg.finish("wf-chart wf-square", &title, &description);
    Ok(options.wrap("vectors", &[svg], &caption))
}

/// A gradient-descent run as two pictures: the loss at every step (on a log scale when it
/// spans more than two decades) and the path of (w, b) towards the least-squares optimum.
pub fn gradient_descent_figure(result: &GradientDescent, options: &FigureOptions) -> String {
    let loss = loss_panel(result, options);
    let path = path_panel(result, options);
    let caption = format!(
        "Gradient descent at learning rate {}: the loss at each step, and the path of (w, b) towards the least-squares optimum.",
        input_number(result.learning_rate)
    );
    options.wrap("gradient_descent", &[loss, path], &caption)
}

/// The width and height of the plane of a vectors figure.
const PLANE: f64 = 300.0;

/// The width and height of each gradient-descent panel; two fit side by side in a lesson
/// column and each is legible alone on a phone.
const PANEL: (f64, f64) = (360.0, 280.0);

fn loss_panel(result: &GradientDescent, options: &FigureOptions) -> String {
    let losses = &result.losses;
    let taken = result.steps_taken();
    let largest = losses.iter().copied().fold(0.0, f64::max);
    let smallest_positive = losses
        .iter()
        .copied()
        .filter(|loss| *loss > 0.0)
        .fold(f64::INFINITY, f64::min);
    let log = smallest_positive.is_finite() && largest / smallest_positive > 100.0;
    let (y_ticks, y_domain) = if log {
        decade_ticks(smallest_positive, largest)
    } else {
        let ticks = nice_ticks(0.0, if largest > 0.0 { largest } else { 1.0 }, 5);
        let domain = ticks.domain();
        (labelled(&ticks), domain)
    };
    let widest_tick = widest(y_ticks.iter().map(|tick| tick.label.as_str()), SMALL_TEXT);
    let frame = Frame {
        left: 18.0 + LABEL_TEXT + widest_tick,
        top: 14.0,
        width: 0.0,
        height: PANEL.1 - 14.0 - 52.0,
    };
    let mut frame = Frame {
        width: PANEL.0 - frame.left - 14.0,
        ..frame
    };
    let (x_ticks, x_domain) = fitted_x_axis(0.0, taken.max(1) as f64, &mut frame, PANEL.0);
    let x = Scale::linear(x_domain, (frame.left, frame.right()));
    let y = if log {
        Scale::log10(y_domain, (frame.bottom(), frame.top))
    } else {
        Scale::linear(y_domain, (frame.bottom(), frame.top))
    };
    let mut svg = Svg::new(PANEL.0, PANEL.1, &format!("{}-loss", options.id_prefix));
    svg.x_axis(&frame, &x, &x_ticks, "step");
    svg.y_axis(
        &frame,
        &y,
        &y_ticks,
        if log { "loss (log scale)" } else { "loss" },
    );
    let curve: Vec<Point> = losses
        .iter()
        .enumerate()
        .map(|(step, &loss)| Point::new(x.map(step as f64), y.map(loss)))
        .collect();
    let mut placer = Placer::new(&frame);
    placer.avoid_line(&curve);
    placer.avoid_mark(curve[0], 5.0);
    placer.avoid_mark(curve[curve.len() - 1], 5.0);
    let minimum = result.optimum_loss;
    let minimum_shown = if log {
        minimum >= y_domain.0
    } else {
        minimum <= y_domain.1
    };
    // Notes go in a corner of the plot that the curve leaves free, the minimum's just above
    // or below its dashed line.
    let inset = |left: bool, top: bool| -> super::svg::Spot {
        (
            Point::new(
                if left {
                    frame.left + 6.0
                } else {
                    frame.right() - 6.0
                },
                if top {
                    frame.top + 6.0
                } else {
                    frame.bottom() - 6.0
                },
            ),
            (
                if left { Anchor::Start } else { Anchor::End },
                if top {
                    Baseline::Hanging
                } else {
                    Baseline::Alphabetic
                },
            ),
        )
    };
    if let Some(step) = result.diverged_at {
        let note = format!("diverged at step {step}");
        let spots = [
            inset(false, true),
            inset(true, true),
            inset(false, false),
            inset(true, false),
        ];
        let (point, alignment) = placer.place(&note, SMALL_TEXT, &spots);
        svg.text(point, alignment, SMALL_TEXT, "wf-note wf-warning", &note);
    }
    if minimum_shown {
        let level = y.map(minimum);
        svg.line(
            Point::new(frame.left, level),
            Point::new(frame.right(), level),
            "wf-optimum-line",
        );
        placer.avoid_line(&[
            Point::new(frame.left, level),
            Point::new(frame.right(), level),
        ]);
        let note = format!("least-squares minimum {}", options.number(minimum));
        let centre = frame.left + frame.width / 2.0;
        let spots: Vec<super::svg::Spot> = [frame.right() - 4.0, frame.left + 4.0, centre]
            .into_iter()
            .flat_map(|x| {
                let anchor = if x == centre {
                    Anchor::Middle
                } else if x > centre {
                    Anchor::End
                } else {
                    Anchor::Start
                };
                [
                    (Point::new(x, level - 5.0), (anchor, Baseline::Alphabetic)),
                    (Point::new(x, level + 5.0), (anchor, Baseline::Hanging)),
                ]
            })
            .collect();
        let (point, alignment) = placer.place(&note, SMALL_TEXT, &spots);
        svg.text(point, alignment, SMALL_TEXT, "wf-note", &note);
    }
    svg.polyline(&curve, "wf-curve wf-s0");
    svg.circle(curve[0], 3.5, "wf-dot wf-s0");
    svg.circle(curve[curve.len() - 1], 3.5, "wf-dot wf-s0");

    let first = losses[0];
    let last = losses[taken];
    let trend = if last < first {
        "falls"
    } else if last > first {
        "rises"
    } else {
        "stays"
    };
    let mut description = format!(
        "The loss {trend} from {} at step 0 to {} at step {taken}",
        options.number(first),
        options.number(last)
    );
    if log {
        description.push_str(", drawn on a log scale");
    }
    description.push_str(&format!(
        "; the least-squares minimum is {}.",
        options.number(minimum)
    ));
    if let Some(step) = result.diverged_at {
        description.push_str(&format!(
            " The run diverged at step {step} with learning rate {}.",
            input_number(result.learning_rate)
        ));
    }
    let title = format!(
        "Loss per step of gradient descent at learning rate {}",
        input_number(result.learning_rate)
    );
    svg.finish("wf-chart wf-panel", &title, &description)
}

fn path_panel(result: &GradientDescent, options: &FigureOptions) -> String {
    let iterates: Vec<(f64, f64)> = result
        .iterates
        .rows()
        .into_iter()
        .map(|row| (row[0], row[1]))
        .collect();
    let optimum = result.optimum;
    let span = |pick: fn(&(f64, f64)) -> f64| {
        let values = iterates.iter().chain([&optimum]).map(pick);
        let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
            (l.min(v), h.max(v))
        });
        let pad = (high - low) * 0.08;
        (low - pad, high + pad)
    };
    let (w_low, w_high) = span(|point| point.0);
    let (b_low, b_high) = span(|point| point.1);
    let height = PANEL.1 - 14.0 - 52.0;
    let (b_labels, b_domain) = fitted_ticks(b_low, b_high, height, false, 6);
    let left =
        18.0 + LABEL_TEXT + widest(b_labels.iter().map(|tick| tick.label.as_str()), SMALL_TEXT);
    let mut frame = Frame {
        left,
        top: 14.0,
        width: PANEL.0 - left - 14.0,
        height,
    };
    let (w_labels, w_domain) = fitted_x_axis(w_low, w_high, &mut frame, PANEL.0);
    let x = Scale::linear(w_domain, (frame.left, frame.right()));
    let y = Scale::linear(b_domain, (frame.bottom(), frame.top));
    let at = |(w, b): (f64, f64)| Point::new(x.map(w), y.map(b));
    let mut svg = Svg::new(PANEL.0, PANEL.1, &format!("{}-path", options.id_prefix));
    svg.x_axis(&frame, &x, &w_labels, "w");
    svg.y_axis(&frame, &y, &b_labels, "b");
    draw_loss_valley(&mut svg, &frame, result, &at);
    let path: Vec<Point> = iterates.iter().map(|&point| at(point)).collect();
    svg.polyline(&path, "wf-curve wf-s0");
    if path.len() <= 80 {
        for &point in &path[1..] {
            svg.circle(point, 2.2, "wf-dot wf-s0");
        }
    }
    let start = path[0];
    let best = at(optimum);
    svg.circle(start, 4.5, "wf-start wf-s0");
    svg.line(
        Point::new(best.x - 6.0, best.y - 6.0),
        Point::new(best.x + 6.0, best.y + 6.0),
        "wf-optimum",
    );
    svg.line(
        Point::new(best.x - 6.0, best.y + 6.0),
        Point::new(best.x + 6.0, best.y - 6.0),
        "wf-optimum",
    );
    // "start" goes behind the start and "optimum" beyond the optimum, along the line between
    // them, when that is clear of the path and of each other; otherwise the nearest place
    // around the point that is.
    let (dx, dy) = (best.x - start.x, best.y - start.y);
    let length = dx.hypot(dy);
    let (ux, uy) = if length >= 1.0 {
        (dx / length, dy / length)
    } else {
        (0.6, -0.8)
    };
    let mut placer = Placer::new(&frame);
    placer.avoid_line(&path);
    placer.avoid_mark(start, 6.0);
    placer.avoid_mark(best, 7.0);
    for (label, point, direction, gap) in [
        ("start", start, (-ux, -uy), 12.0),
        ("optimum", best, (ux, uy), 14.0),
    ] {
        let mut spots = vec![(
            Point::new(point.x + direction.0 * gap, point.y + direction.1 * gap),
            (side(direction.0), Baseline::Middle),
        )];
        spots.extend(Placer::around(point, gap));
        spots.extend(Placer::around(point, gap * 2.5));
        let (at, alignment) = placer.place(label, SMALL_TEXT, &spots);
        svg.text(at, alignment, SMALL_TEXT, "wf-note", label);
    }

    let last = iterates[iterates.len() - 1];
    let taken = result.steps_taken();
    let (steep, shallow) = result.hessian_eigenvectors();
    let description = format!(
        "(w, b) moves from {} at the start to {} after {taken} step{}; the least-squares optimum is {}. \
         Ellipses are lines of equal loss around the optimum; the solid line through it is the steepest \
         direction of the loss, {}, and the dashed one the shallowest, {}.",
        options.pair(iterates[0]),
        options.pair(last),
        if taken == 1 { "" } else { "s" },
        options.pair(optimum),
        options.pair(steep),
        options.pair(shallow)
    );
    let title = format!(
        "Path of (w, b) during gradient descent at learning rate {}",
        input_number(result.learning_rate)
    );
    svg.finish("wf-chart wf-panel", &title, &description)
}

/// Loss contours: ellipses through the start and at a quarter and a sixteenth of its excess
/// loss (the loss is a quadratic bowl, L* + ½ eᵀHe for the error e), and the bowl's two axes,
/// the Hessian's eigenvectors, through the optimum. Everything is clipped to the plot.
fn draw_loss_valley(
    svg: &mut Svg,
    frame: &Frame,
    result: &GradientDescent,
    at: &impl Fn((f64, f64)) -> Point,
) {
    let (steep, shallow) = result.hessian_eigenvectors();
    let hessian_eigenvalues = result.quantity("hessian_eigenvalues");
    let Some(Quantity::Vector { values: lambda, .. }) = hessian_eigenvalues else {
        return;
    };
    let optimum = result.optimum;
    let start = (result.start.0 - optimum.0, result.start.1 - optimum.1);
    // ½ eᵀHe at the start, from the components along the eigenvectors.
    let along = |v: (f64, f64)| start.0 * v.0 + start.1 * v.1;
    let excess = 0.5 * (lambda[0] * along(steep).powi(2) + lambda[1] * along(shallow).powi(2));
    svg.clipped_group(frame, "wf-valley");
    if excess > 0.0 && excess.is_finite() {
        for share in [1.0, 0.25, 0.0625] {
            let level = excess * share;
            let (a, b) = (
                (2.0 * level / lambda[0]).sqrt(),
                (2.0 * level / lambda[1]).sqrt(),
            );
            let ellipse: Vec<Point> = (0..=72)
                .map(|k| {
                    let t = f64::from(k) * std::f64::consts::TAU / 72.0;
                    let (u, v) = (a * t.cos(), b * t.sin());
                    at((
                        optimum.0 + u * steep.0 + v * shallow.0,
                        optimum.1 + u * steep.1 + v * shallow.1,
                    ))
                })
                .collect();
            svg.polyline(&ellipse, "wf-contour");
        }
    }
    // Each axis as a long line through the optimum; the clip trims it to the plot.
    let reach = 1e3 * (1.0 + start.0.hypot(start.1));
    for (direction, class) in [(steep, "wf-axis-steep"), (shallow, "wf-axis-shallow")] {
        svg.line(
            at((
                optimum.0 - reach * direction.0,
                optimum.1 - reach * direction.1,
            )),
            at((
                optimum.0 + reach * direction.0,
                optimum.1 + reach * direction.1,
            )),
            class,
        );
    }
    svg.end_group();
}

/// Text placed in direction `ux` (a unit vector's x) from its point starts, ends or centres
/// there, so it extends away from the point.
fn side(ux: f64) -> Anchor {
    if ux > 0.4 {
        Anchor::Start
    } else if ux < -0.4 {
        Anchor::End
    } else {
        Anchor::Middle
    }
}

/// One value of a ```` ```compute ```` example (or any labelled quantity) as a picture: a
/// matrix as a heatmap, a vector (or a matrix of one row or one column) as bars. `what` is the
/// step's name as the lesson uses it; errors, which the author reads, name it with its
/// example (`ln.eps`).
pub fn quantity_figure(
    quantity: &Quantity,
    what: &str,
    options: &FigureOptions,
) -> Result<String, FigureError> {
    let positions = |count: usize| -> Vec<String> { (1..=count).map(|i| i.to_string()).collect() };
    match quantity {
        Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        } if values.nrows() > 1 && values.ncols() > 1 => {
            if values.len() > MOST_CELLS {
                return Err(FigureError {
                    message: format!(
                        "{}.{what} is a {}×{} matrix, too large to draw as a heatmap (at most {MOST_CELLS} cells)",
                        options.example,
                        values.nrows(),
                        values.ncols()
                    ),
                    help: "draw a smaller step, or show the numbers with a reference".to_string(),
                });
            }
            let rows = row_labels.clone().unwrap_or_else(|| positions(values.nrows()));
            let cols = col_labels.clone().unwrap_or_else(|| positions(values.ncols()));
            let title = match row_labels {
                Some(labels) => format!("Heatmap of {what}, one row each for {}", few(labels)),
                None => format!("Heatmap of {what}"),
            };
            let svg = Heatmap {
                values: values.view(),
                row_labels: &rows,
                col_labels: &cols,
                what,
                decimals: options.decimals,
                id_prefix: &options.id_prefix,
                mask: None,
                full: None,
                heading: None,
                axis_titles: None,
            }
            .svg(&title);
            Ok(options.wrap("heatmap", &[svg], &format!("{title}.")))
        }
        Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        } => {
            // One row or one column: its entries are a list, drawn like a vector.
            let (entries, labels) = if values.nrows() == 1 {
                (values.row(0).to_vec(), col_labels.clone())
            } else {
                (values.column(0).to_vec(), row_labels.clone())
            };
            let labels = labels.unwrap_or_else(|| positions(entries.len()));
            bars(&entries, &labels, what, options)
        }
        Quantity::Vector { values, labels } => {
            let labels = labels.clone().unwrap_or_else(|| positions(values.len()));
            bars(&values.to_vec(), &labels, what, options)
        }
        Quantity::Count(_) | Quantity::Scalar(_) | Quantity::Text(_) => Err(FigureError {
            message: format!(
                "{}.{what} is {}, which a figure cannot draw",
                options.example,
                quantity.shape_description()
            ),
            help: "figures draw a matrix (as a heatmap) or a vector (as bars); print a number with a reference".to_string(),
        }),
    }
}

/// "a, b and c", or the first few and how many more: names for a title.
fn few(names: &[String]) -> String {
    const SHOWN: usize = 6;
    if names.len() <= SHOWN {
        and_list(names)
    } else {
        format!(
            "{} and {} more",
            names[..SHOWN].join(", "),
            names.len() - SHOWN
        )
    }
}

/// The attention weights of an attention example as heatmaps, one per head: a row for each
/// token attending, a column for each token it attends to, the weight in the cell. With a
/// causal mask the entries a token may not see are hatched and described as masked, not
/// printed as the zeros they are.
pub fn attention_figure(
    result: &Attention,
    options: &FigureOptions,
) -> Result<String, FigureError> {
    let tokens = &result.tokens;
    let cells = tokens.len() * tokens.len();
    if cells > MOST_CELLS {
        return Err(FigureError {
            message: format!(
                "\"{}\" has {} tokens, too many to draw {}×{} attention weights (at most {MOST_CELLS} cells)",
                options.example,
                tokens.len(),
                tokens.len(),
                tokens.len()
            ),
            help: "draw a shorter example, or show the weights with a reference".to_string(),
        });
    }
    let mask = result
        .causal
        .then(|| ndarray::Array2::from_shape_fn((tokens.len(), tokens.len()), |(i, j)| j > i));
    let several = result.heads.len() > 1;
    let panels: Vec<String> = result
        .heads
        .iter()
        .enumerate()
        .map(|(index, head)| {
            let whose = if several {
                format!("head {}", index + 1)
            } else {
                few(tokens)
            };
            let title = format!(
                "Attention weights of {whose}{}",
                if result.causal { ", with the causal mask" } else { "" }
            );
            let what = format!(
                "The attention weights of {whose}, one row for each token attending and one column for each token it attends to"
            );
            let heading = format!("Head {}", index + 1);
            let id_prefix = if several {
                format!("{}-h{}", options.id_prefix, index + 1)
            } else {
                options.id_prefix.clone()
            };
            Heatmap {
                values: head.weights.view(),
                row_labels: tokens,
                col_labels: tokens,
                what: &what,
                decimals: options.decimals,
                id_prefix: &id_prefix,
                mask: mask.as_ref().map(|mask| mask.view()),
                // Weights are shares of one: a full cell is all of a token's attention.
                full: Some(1.0),
                heading: several.then_some(heading.as_str()),
                axis_titles: Some(("token", "attends to →")),
            }
            .svg(&title)
        })
        .collect();
    let mut caption = String::from(if several {
        "Attention weights, one heatmap per head: each row is a token and how it divides its attention among the tokens of the columns; every row sums to 1."
    } else {
        "Attention weights: each row is a token and how it divides its attention among the tokens of the columns; every row sums to 1."
    });
    if result.causal {
        caption
            .push_str(" Hatched cells are masked: a token may not attend to the tokens after it.");
    }
    Ok(options.wrap("attention", &panels, &caption))
}

/// Most bars one chart draws.
const MOST_BARS: usize = 256;

/// Signed values as bars from a zero line, one per label.
fn bars(
    values: &[f64],
    labels: &[String],
    what: &str,
    options: &FigureOptions,
) -> Result<String, FigureError> {
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
    let room = BarRoom::new(&y_labels, &shown, false);
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
    let mut svg = Svg::new(
        CHART_WIDTH,
        label_edge + room.labels.depth + 10.0,
        &options.id_prefix,
    );
    let y = Scale::linear(y_domain, (frame.bottom(), frame.top));
    svg.y_axis(&frame, &y, &y_labels, "");
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
    Ok(options.wrap("bars", &[svg], &format!("{title}.")))
}

/// One thing in a line of a shapes figure: a value drawn by its shape, or an operator between
/// values (`@`, `=`, …) drawn as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShapeItem {
    /// A value of `rows` × `cols` entries, named `label`; `input` when the author wrote it
    /// rather than a step computing it (the two are coloured differently).
    Value {
        /// The name shown above the block, e.g. `q1` or `k1.T`.
        label: String,
        /// Rows of the value seen as a matrix (a scalar is 1×1, a vector one row).
        rows: usize,
        /// Columns.
        cols: usize,
        /// Written in `[inputs]` rather than computed.
        input: bool,
    },
    /// Text between values.
    Operator(String),
}

/// Most entries along one side of a value in a shapes figure: beyond it a cell would be a
/// speck, and the picture would say less than the "r × c" printed under it.
pub const MOST_SHAPE_SIDE: usize = 64;
/// Side of one entry's cell, in user units.
const SHAPE_CELL: f64 = 14.0;
/// Space between two things on a line.
const SHAPE_GAP: f64 = 16.0;

/// Values of one example drawn by their shapes rather than their numbers: every entry a small
/// square, so a 4×2 matrix is a block of four rows and two columns, with its name above and
/// "rows × columns" below. `lines` are drawn one under another, as the author grouped them
/// (say one line per step of a computation, with operators between the values); inputs and
/// steps take different colours.
pub fn shapes_figure(
    lines: &[Vec<ShapeItem>],
    options: &FigureOptions,
) -> Result<String, FigureError> {
    for item in lines.iter().flatten() {
        if let ShapeItem::Value {
            label, rows, cols, ..
        } = item
        {
            if *rows > MOST_SHAPE_SIDE || *cols > MOST_SHAPE_SIDE {
                return Err(FigureError {
                    message: format!(
                        "{label} is {rows} × {cols}, too large to draw entry by entry (at most {MOST_SHAPE_SIDE} along a side)"
                    ),
                    help: "draw the shapes of a smaller example, or print the shape in a table"
                        .to_string(),
                });
            }
        }
    }
    let shape_text = |rows: usize, cols: usize| format!("{rows} × {cols}");
    let item_width = |item: &ShapeItem| match item {
        ShapeItem::Value {
            label, rows, cols, ..
        } => (*cols as f64 * SHAPE_CELL)
            .max(text_width(label, LABEL_TEXT))
            .max(text_width(&shape_text(*rows, *cols), SMALL_TEXT)),
        ShapeItem::Operator(text) => text_width(text, LABEL_TEXT),
    };
    let line_width = |line: &[ShapeItem]| -> f64 {
        let widths: f64 = line.iter().map(item_width).sum();
        widths + SHAPE_GAP * line.len().saturating_sub(1) as f64
    };
    let block_height = |line: &[ShapeItem]| -> f64 {
        line.iter()
            .map(|item| match item {
                ShapeItem::Value { rows, .. } => *rows as f64 * SHAPE_CELL,
                ShapeItem::Operator(_) => LABEL_TEXT,
            })
            .fold(0.0, f64::max)
    };
    let above = LABEL_TEXT + 8.0;
    let below = SMALL_TEXT + 10.0;
    let width = lines
        .iter()
        .map(|line| line_width(line))
        .fold(0.0, f64::max)
        + 16.0;
    let has = |wanted: bool| {
        lines
            .iter()
            .flatten()
            .any(|item| matches!(item, ShapeItem::Value { input, .. } if *input == wanted))
    };
    let legend = has(true) && has(false);
    let legend_height = if legend { LABEL_TEXT + 16.0 } else { 0.0 };
    let height: f64 = lines
        .iter()
        .map(|line| above + block_height(line) + below)
        .sum::<f64>()
        + 8.0
        + legend_height;
    let mut svg = Svg::new(width, height, &options.id_prefix);
    let mut described = Vec::new();
    let mut top = 4.0;
    for line in lines {
        let tallest = block_height(line);
        let middle = top + above + tallest / 2.0;
        let mut x = (width - line_width(line)) / 2.0;
        let mut words = Vec::new();
        for item in line {
            let item_width = item_width(item);
            let centre = x + item_width / 2.0;
            match item {
                ShapeItem::Value {
                    label,
                    rows,
                    cols,
                    input,
                } => {
                    let (block_width, block_height) =
                        (*cols as f64 * SHAPE_CELL, *rows as f64 * SHAPE_CELL);
                    let left = centre - block_width / 2.0;
                    let block_top = middle - block_height / 2.0;
                    svg.group(if *input {
                        "wf-series wf-s1"
                    } else {
                        "wf-series wf-s0"
                    });
                    for row in 0..*rows {
                        for col in 0..*cols {
                            svg.rect(
                                left + col as f64 * SHAPE_CELL,
                                block_top + row as f64 * SHAPE_CELL,
                                SHAPE_CELL,
                                SHAPE_CELL,
                                "wf-entry",
                            );
                        }
                    }
                    svg.text(
                        Point::new(centre, block_top - 6.0),
                        (Anchor::Middle, Baseline::Alphabetic),
                        LABEL_TEXT,
                        "wf-label",
                        label,
                    );
                    svg.end_group();
                    svg.text(
                        Point::new(centre, block_top + block_height + 6.0),
                        (Anchor::Middle, Baseline::Hanging),
                        SMALL_TEXT,
                        "wf-tick",
                        &shape_text(*rows, *cols),
                    );
                    let origin = if *input { "input" } else { "step" };
                    words.push(format!("{label} ({origin}, {})", shape_text(*rows, *cols)));
                }
                ShapeItem::Operator(text) => {
                    svg.text(
                        Point::new(centre, middle),
                        (Anchor::Middle, Baseline::Middle),
                        LABEL_TEXT,
                        "wf-legend",
                        text,
                    );
                    words.push(text.clone());
                }
            }
            x += item_width + SHAPE_GAP;
        }
        described.push(words.join(" "));
        top += above + tallest + below;
    }
    if legend {
        let y = top + 8.0;
        let mut x = (width - 160.0) / 2.0;
        for (class, name) in [("wf-series wf-s1", "input"), ("wf-series wf-s0", "step")] {
            svg.group(class);
            svg.rect(x, y, SHAPE_CELL, SHAPE_CELL, "wf-entry");
            svg.end_group();
            svg.text(
                Point::new(x + SHAPE_CELL + 6.0, y + SHAPE_CELL / 2.0),
                (Anchor::Start, Baseline::Middle),
                LABEL_TEXT,
                "wf-legend",
                name,
            );
            x += 90.0;
        }
    }
    let title = format!("Shapes of the values of {}", options.example);
    let description = format!("{}: {}.", title, described.join("; "));
    let svg = svg.finish("wf-chart wf-shapes-chart", &title, &description);
    Ok(options.wrap("shapes", &[svg], &format!("{title}.")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compute::gradient_descent::{descend, GradientDescentInput};
    use crate::compute::softmax::{softmax, SoftmaxInput, Target};
    use crate::compute::vectors::{analyze, VectorsInput};
    use crate::present::svg::coordinate;
    use ndarray::array;

    fn options(example: &str) -> FigureOptions {
        FigureOptions {
            example: example.into(),
            id_prefix: format!("wf-{example}-1"),
            decimals: 3,
            caption_html: None,
        }
    }

    fn logits() -> Softmax {
        softmax(&SoftmaxInput {
            logits: array![2.0, 1.0, 0.1],
            labels: Some(vec!["cat".into(), "dog".into(), "<b>".into()]),
            temperature: 1.0,
            target: Some(Target::Label("cat".into())),
            temperatures: Some(vec![0.5, 1.0, 2.0]),
        })
        .unwrap()
    }

    #[test]
    fn a_softmax_figure_describes_every_probability_at_every_temperature() {
        let html = softmax_figure(&logits(), &options("logits"), &mut Palette::default());
        assert!(html.starts_with(
            "<figure class=\"worked-figure\" data-figure=\"softmax\" data-example=\"logits\">"
        ));
        assert!(html.contains("role=\"img\""));
        assert!(
            html.contains("<desc id=\"wf-logits-1-desc\">Probabilities at T = 0.5: cat 0.864, dog 0.117, &lt;b&gt; 0.019; at T = 1: cat 0.659, dog 0.242, &lt;b&gt; 0.099; at T = 2: "),
            "{html}"
        );
        assert!(html.contains("The target is cat."));
        assert!(html.contains("<figcaption>Softmax probabilities of cat, dog and &lt;b&gt; at temperature T = 0.5, 1 and 2.</figcaption>"), "{html}");
        assert_eq!(html.matches("class=\"wf-bar\"").count(), 9);
        assert!(!html.contains("<b>"), "labels are escaped");
    }

    #[test]
    fn a_softmax_figure_without_a_sweep_draws_one_bar_per_label_and_no_legend() {
        let result = softmax(&SoftmaxInput {
            logits: array![1.0, 1.0],
            labels: None,
            temperature: 1.0,
            target: None,
            temperatures: None,
        })
        .unwrap();
        let html = softmax_figure(&result, &options("flat"), &mut Palette::default());
        assert!(
            html.contains("Probabilities at T = 1: 1 0.500, 2 0.500."),
            "{html}"
        );
        assert_eq!(html.matches("class=\"wf-bar\"").count(), 2);
        assert!(!html.contains("wf-legend"));
    }

    #[test]
    fn an_author_caption_replaces_the_generated_one() {
        let mut options = options("logits");
        options.caption_html = Some("Cooler is <em>sharper</em>".into());
        let html = softmax_figure(&logits(), &options, &mut Palette::default());
        assert!(html.contains("<figcaption>Cooler is <em>sharper</em></figcaption>"));
    }

    #[test]
    fn the_same_figure_renders_to_the_same_bytes() {
        assert_eq!(
            softmax_figure(&logits(), &options("logits"), &mut Palette::default()),
            softmax_figure(&logits(), &options("logits"), &mut Palette::default())
        );
    }

    fn emb(vectors: ndarray::Array2<f64>, project: bool) -> Vectors {
        let names = (0..vectors.nrows())
            .map(|i| ["the", "cat", "sat"][i].to_string())
            .collect();
        analyze(&VectorsInput {
            names,
            vectors,
            project: project.then(|| ("sat".into(), "the".into())),
        })
        .unwrap()
    }

    #[test]
    fn a_vectors_figure_draws_an_arrow_per_vector_and_a_dashed_projection() {
        let result = emb(array![[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], true);
        let html = vectors_figure(&result, &options("emb"), &mut Palette::default()).unwrap();
        assert!(html.contains("Arrows from the origin to the (1.000, 0.000), cat (0.000, 1.000) and sat (1.000, 1.000). Dashed: the projection of sat onto the, (1.000, 0.000), of signed length 1.000."), "{html}");
        assert_eq!(html.matches("<marker id=\"wf-emb-1-head-").count(), 4);
        assert_eq!(html.matches("class=\"wf-projection\"").count(), 2);
        assert!(html.contains("class=\"wf-drop\""));
    }

    #[test]
    fn a_vectors_figure_of_one_vector_has_a_square_domain() {
        let result = emb(array![[3.0, 0.0]], false);
        let html = vectors_figure(&result, &options("one"), &mut Palette::default()).unwrap();
        assert!(html.contains("Arrows from the origin to the (3.000, 0.000)."));
        assert!(!html.contains("NaN") && !html.contains("inf"));
    }

    #[test]
    fn three_dimensional_vectors_cannot_be_drawn() {
        let result = emb(array![[1.0, 0.0, 0.0]], false);
        let error = vectors_figure(&result, &options("emb"), &mut Palette::default()).unwrap_err();
        assert_eq!(
            error.message,
            "\"emb\" has 3-dimensional vectors; a figure draws vectors in the plane"
        );
    }

    fn fit(learning_rate: f64, steps: usize) -> GradientDescent {
        descend(&GradientDescentInput {
            points: vec![(0.0, 1.0), (1.0, 3.0), (2.0, 5.0), (3.0, 7.0)],
            start: (0.0, 0.0),
            learning_rate,
            steps,
        })
        .unwrap()
    }

    #[test]
    fn a_gradient_descent_figure_has_a_log_scale_loss_panel_and_a_path_panel() {
        let result = fit(0.05, 200);
        let html = gradient_descent_figure(&result, &options("fit"));
        assert_eq!(html.matches("<svg ").count(), 2);
        assert!(html.contains("loss (log scale)"), "{html}");
        assert!(
            html.contains("The loss falls from 21.000 at step 0 to "),
            "{html}"
        );
        assert!(html.contains(", drawn on a log scale; the least-squares minimum is 0.000."));
        assert!(html.contains("(w, b) moves from (0.000, 0.000) at the start to "));
        assert!(html.contains("the least-squares optimum is (2.000, 1.000)."));
        assert!(
            html.contains("id=\"wf-fit-1-loss-title\"")
                && html.contains("id=\"wf-fit-1-path-title\"")
        );
    }

    #[test]
    fn a_short_run_keeps_a_linear_loss_axis() {
        let html = gradient_descent_figure(&fit(0.01, 2), &options("fit"));
        assert!(html.contains(">loss</text>"), "{html}");
        assert!(!html.contains("log scale"));
    }

    #[test]
    fn the_optimum_label_stays_inside_the_panel() {
        // From (1, 3) the path ends near the optimum at the right edge of the w axis.
        let result = descend(&GradientDescentInput {
            points: vec![(0.0, 1.0), (1.0, 3.0), (2.0, 4.0), (3.0, 7.0)],
            start: (1.0, 3.0),
            learning_rate: 0.2,
            steps: 10,
        })
        .unwrap();
        let html = gradient_descent_figure(&result, &options("valley"));
        let path_panel = &html[html.find("wf-valley-1-path").unwrap()..];
        let label = path_panel.find(">optimum<").unwrap();
        let tag = &path_panel[path_panel[..label].rfind("<text").unwrap()..label];
        let x: f64 = tag
            .split("x=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let anchor_end = tag.contains("text-anchor=\"end\"");
        let width = text_width("optimum", SMALL_TEXT);
        let (left, right) = if anchor_end {
            (x - width, x)
        } else {
            (x, x + width)
        };
        assert!(left >= 0.0 && right <= PANEL.0, "{tag}");
    }

    #[test]
    fn a_diverging_run_says_where_it_diverged() {
        let result = fit(1.0, 100);
        assert!(result.diverged_at.is_some());
        let html = gradient_descent_figure(&result, &options("fit"));
        assert!(html.contains("diverged at step"), "{html}");
        assert!(!html.contains("NaN"));
    }

    #[test]
    fn coordinates_in_figures_have_two_decimals() {
        let html = gradient_descent_figure(&fit(0.05, 50), &options("fit"));
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
        assert!(
            html.contains("row b: 1 \u{2212}∞ (masked), 2 1.000"),
            "{html}"
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
            html.contains(">v, 3 entries: 1 1.000, 2 \u{2212}0.500, 3 0.250."),
            "{html}"
        );
        let column = Quantity::Matrix {
            values: array![[1.0], [2.0]],
            row_labels: Some(vec!["x".into(), "y".into()]),
            col_labels: None,
        };
        let html = quantity_figure(&column, "c", &options("e")).unwrap();
        assert!(html.contains(">c, 2 entries: x 1.000, y 2.000."), "{html}");
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
        let first = vectors_figure(
            &emb(array![[1.0, 0.0], [0.0, 1.0]], false),
            &options("a"),
            &mut palette,
        )
        .unwrap();
        let keys = analyze(&VectorsInput {
            names: vec!["query".into(), "cat".into(), "the".into()],
            vectors: array![[2.0, 2.0], [0.0, 1.0], [1.0, 0.0]],
            project: None,
        })
        .unwrap();
        let second = vectors_figure(&keys, &options("b"), &mut palette).unwrap();
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
    fn titles_name_tokens_and_rates_not_example_names() {
        let html = gradient_descent_figure(&fit(0.05, 20), &options("fit_small"));
        assert!(!html.contains(">Loss per step of gradient descent on fit_small"));
        assert!(
            html.contains("Loss per step of gradient descent at learning rate 0.05</title>"),
            "{html}"
        );
        let html = vectors_figure(
            &emb(array![[1.0, 0.0], [0.0, 1.0]], false),
            &options("emb"),
            &mut Palette::default(),
        )
        .unwrap();
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
            html.contains(
                "x (input, 4 × 3) @ w (input, 3 × 2) = q (step, 4 × 2); s (step, 4 × 4)."
            ),
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
}
