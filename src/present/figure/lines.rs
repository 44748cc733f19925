//! Long vectors as lines against their step: a loss history, an optimisation path's
//! coordinate, several runs side by side (`step = ["sgd", "adam"]`), optionally on a log scale.

use super::{
    and_list, placed_ticks, step_axes, FigureError, FigureOptions, Palette, StepAxes, STEP_PANEL,
};
use crate::present::svg::{
    decade_ticks, labelled, legible_width, nice_ticks, text_width, Anchor, Baseline, Frame, Point,
    Svg, Tick, SMALL_TEXT,
};
use crate::present::{format_number, Precision, Style};

/// The panel's width and height: legible alone on a phone.
const PANEL: (f64, f64) = STEP_PANEL;
const _: () = assert!(PANEL.0 <= legible_width(SMALL_TEXT));

/// Vectors longer than this draw as a line rather than as bars.
pub const LINE_FROM: usize = 20;

/// One series: its name (the step it comes from) and its values, one per step.
pub struct Series<'a> {
    /// The step's name, for the legend, the colour and the text alternative.
    pub name: &'a str,
    /// One value per step, from step 0.
    pub values: &'a [f64],
}

/// What a line chart marks besides its lines, each drawn the same by the build and the widget:
/// a dashed line at a reference value (the least loss any run reaches) and the step where a run
/// diverged, which the language's `repeat … until` loop stops before (it undoes the update that
/// overflows), so the history itself never holds the non-finite value.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LineMarks<'a> {
    /// A horizontal dashed line at a value, with its name: `(name, value)`.
    pub reference: Option<(&'a str, f64)>,
    /// The step at which the run diverged: a vertical line there, labelled above the plot.
    pub diverged_at: Option<usize>,
}

/// The step a "diverged at" value names: a whole number from 1 to [`MOST_LINE_POINTS`] (0, as a
/// run that went through holds, or anything else marks nothing). Twin of line-chart.js
/// `divergedStep`.
pub fn diverged_step(value: f64) -> Option<usize> {
    (value >= 1.0 && value <= MOST_LINE_POINTS as f64 && value.fract() == 0.0)
        .then_some(value as usize)
}

/// A reference line as laid out: its height, the label's words, where the label stands and
/// how it sits on that point (below the line where there is room, else above it).
#[derive(Debug, Clone, PartialEq)]
pub struct ReferenceMark {
    /// The line's y, across the frame.
    pub at: f64,
    /// "name value", e.g. "optimum_loss 0.075".
    pub label: String,
    /// The label's point (anchored at its end).
    pub label_at: Point,
    /// Whether the label hangs below the line (else it stands above it).
    pub below: bool,
}

/// A divergence marker as laid out: the step's x, the label's x (kept inside the panel) and
/// its words, "✕ diverged at step N".
#[derive(Debug, Clone, PartialEq)]
pub struct DivergedMark {
    /// The vertical line's x.
    pub at: f64,
    /// The label's centre, on the row [`MARK_ROW`] above the plot.
    pub label_x: f64,
    /// The words.
    pub label: String,
}

/// The y of the row above the plot where a divergence label stands (its middle).
pub const MARK_ROW: f64 = 14.0;

/// Most points one line chart draws, over all its lines: the build holds a figure and a
/// widget's `lines` to it, and the widget refuses an edit past it (the JSON's `most_points`).
/// A plot is about 300 units wide, so more points add nothing to see and only weigh the page.
pub const MOST_LINE_POINTS: usize = 2048;

/// Where everything of a line chart goes, in user units of a `STEP_PANEL`: what
/// [`lines_figure`] draws and what the compute widget's twin (`static/js/line-chart.js`)
/// computes again in the reader's browser, held together by a differential test.
#[derive(Debug, Clone, PartialEq)]
pub struct LineLayout {
    /// The plot area.
    pub frame: Frame,
    /// The x ticks (steps) and their positions.
    pub x_ticks: Vec<(Tick, f64)>,
    /// The y ticks and their positions.
    pub y_ticks: Vec<(Tick, f64)>,
    /// The y axis's title: the step's name, or "value" for several, and "(log scale)".
    pub y_title: String,
    /// Each series' points, in order.
    pub curves: Vec<Vec<Point>>,
    /// Where each series' legend entry starts (empty for a single series).
    pub legend: Vec<f64>,
    /// The picture's name.
    pub title: String,
    /// Its text alternative: how each line runs, in words.
    pub description: String,
    /// The dashed reference line, when the chart has one.
    pub reference: Option<ReferenceMark>,
    /// The divergence marker, when the run diverged.
    pub diverged: Option<DivergedMark>,
}

/// Lays the series out as lines, x = step from 0, y = value (log₁₀ when `log_y`), numbers in
/// the text alternative at `decimals`, with the `marks`: the reference value counts as one
/// more value for the axis (so its line is always in view) and for what the chart refuses; the
/// x axis reaches the step where the run diverged.
pub fn line_layout(
    series: &[Series],
    log_y: bool,
    decimals: usize,
    marks: &LineMarks,
) -> Result<LineLayout, FigureError> {
    let number = |value| format_number(value, Precision::Computed(decimals), Style::Prose);
    let reference = marks.reference.map(|(_, value)| value);
    let all = || {
        series
            .iter()
            .flat_map(|s| s.values.iter().copied())
            .chain(reference)
    };
    if let Some(bad) = all().find(|v| !v.is_finite()) {
        return Err(FigureError {
            message: format!(
                "a line figure draws finite numbers, and a step holds {}",
                number(bad)
            ),
            help: "draw a step without masked (−∞) entries".to_string(),
        });
    }
    if series.iter().any(|s| s.values.is_empty()) {
        return Err(FigureError {
            message: "a line figure draws at least one value per step".to_string(),
            help: "draw a step that holds numbers".to_string(),
        });
    }
    let points: usize = series.iter().map(|s| s.values.len()).sum();
    if points > MOST_LINE_POINTS {
        return Err(FigureError {
            message: format!(
                "a line figure draws at most {MOST_LINE_POINTS} points, and these steps hold {points}"
            ),
            help: "draw fewer or shorter steps".to_string(),
        });
    }
    if log_y && all().any(|v| v < 0.0) {
        return Err(FigureError {
            message: "log_y = true needs every value at 0 or above".to_string(),
            help: "remove log_y, or draw a step whose values are not negative (a loss)".to_string(),
        });
    }
    // On a log scale a 0 (a loss that reached an exact fit) is drawn at the axis's bottom, and
    // the axis spans the values above 0 (a decade from 1 when there are none).
    let drawn_on_axis = |v: &f64| !log_y || *v > 0.0;
    let largest = all()
        .filter(drawn_on_axis)
        .fold(f64::NEG_INFINITY, f64::max);
    let smallest = all().filter(drawn_on_axis).fold(f64::INFINITY, f64::min);
    let (y_ticks, y_domain) = if log_y {
        if largest.is_finite() {
            decade_ticks(smallest, largest)
        } else {
            decade_ticks(1.0, 1.0)
        }
    } else {
        let low = smallest.min(0.0);
        let high = if largest > low { largest } else { low + 1.0 };
        let ticks = nice_ticks(low, high, 5);
        let domain = ticks.domain();
        (labelled(&ticks), domain)
    };
    let steps = series.iter().map(|s| s.values.len()).max().unwrap_or(1);
    let last_step = (steps.max(2) - 1).max(marks.diverged_at.unwrap_or(0));
    // A legend's row, then a divergence label's row, above the plot.
    let top = MARK_ROW
        + if series.len() > 1 { 16.0 } else { 0.0 }
        + if marks.diverged_at.is_some() {
            16.0
        } else {
            0.0
        };
    let StepAxes {
        frame,
        x_ticks,
        x,
        y,
    } = step_axes(&y_ticks, y_domain, log_y, top, last_step as f64);
    let names: Vec<String> = series.iter().map(|s| s.name.to_string()).collect();
    let y_title = match series {
        [only] => only.name.to_string(),
        _ => "value".to_string(),
    };
    let y_title = if log_y {
        format!("{y_title} (log scale)")
    } else {
        y_title
    };
    let mut legend = Vec::new();
    let mut legend_x = frame.left;
    let mut curves = Vec::new();
    let mut sentences = Vec::new();
    for one in series {
        curves.push(
            one.values
                .iter()
                .enumerate()
                .map(|(step, &value)| Point::new(x.map(step as f64), y.map(value)))
                .collect(),
        );
        if series.len() > 1 {
            legend.push(legend_x);
            legend_x += 34.0 + text_width(one.name, SMALL_TEXT);
        }
        let (first, last) = (one.values[0], one.values[one.values.len() - 1]);
        let trend = if last < first {
            "falls"
        } else if last > first {
            "rises"
        } else {
            "stays"
        };
        sentences.push(format!(
            "{} {trend} from {} at step 0 to {} at step {}",
            one.name,
            number(first),
            number(last),
            one.values.len() - 1
        ));
    }
    let mut description = format!("{}.", and_list(&sentences));
    if log_y {
        description.push_str(" The values are drawn on a log scale.");
        if all().any(|v| v == 0.0) {
            description
                .push_str(" A value of 0, which a log scale cannot show, is drawn at its bottom.");
        }
    }
    let reference = marks.reference.map(|(name, value)| {
        let at = y.map(value);
        let label = format!("{name} {}", number(value));
        description.push_str(&format!(" A dashed line marks {label}."));
        // Below the line where the label fits above the frame's bottom: a falling loss
        // approaches its least value from above.
        let below = at + 5.0 + SMALL_TEXT <= frame.bottom();
        let label_at = Point::new(frame.right() - 4.0, if below { at + 5.0 } else { at - 5.0 });
        ReferenceMark {
            at,
            label,
            label_at,
            below,
        }
    });
    let diverged = marks.diverged_at.map(|step| {
        let label = format!("\u{2715} diverged at step {step}");
        description.push_str(&format!(" The run diverged at step {step}."));
        let at = x.map(step as f64);
        let half = text_width(&label, SMALL_TEXT) / 2.0;
        let label_x = at.min(PANEL.0 - 2.0 - half).max(frame.left + half);
        DivergedMark { at, label_x, label }
    });
    Ok(LineLayout {
        frame,
        x_ticks: placed_ticks(x_ticks, &x),
        y_ticks: placed_ticks(y_ticks, &y),
        y_title,
        curves,
        legend,
        title: format!("{} per step", and_list(&names)),
        description,
        reference,
        diverged,
    })
}

/// The series as lines, x = step from 0, y = value (log₁₀ when `log_y`), with a legend when
/// there are several.
pub fn lines_figure(
    series: &[Series],
    log_y: bool,
    marks: &LineMarks,
    options: &FigureOptions,
    palette: &mut Palette,
) -> Result<String, FigureError> {
    let panel = lines_panel(series, log_y, marks, options, palette)?;
    let names: Vec<String> = series.iter().map(|s| s.name.to_string()).collect();
    Ok(options.wrap(
        "lines",
        &[panel],
        &format!("{}, step by step.", and_list(&names)),
    ))
}

/// [`lines_figure`]'s one SVG panel, its axes titled by the author's `x_label` and `y_label`
/// where given (else "step" and the step's name), for a figure of several panels.
pub fn lines_panel(
    series: &[Series],
    log_y: bool,
    marks: &LineMarks,
    options: &FigureOptions,
    palette: &mut Palette,
) -> Result<String, FigureError> {
    let mut layout = line_layout(series, log_y, options.decimals, marks)?;
    if let Some(y_label) = &options.axes.y {
        layout.y_title = y_label.clone();
    }
    let x_title = options.axes.x.as_deref().unwrap_or("step");
    let frame = layout.frame;
    let mut svg = Svg::new(PANEL.0, PANEL.1, &format!("{}-lines", options.id_prefix));
    svg.placed_x_axis(&frame, &layout.x_ticks, x_title);
    svg.placed_y_axis(&frame, &layout.y_ticks, &layout.y_title);
    if let Some(mark) = &layout.reference {
        svg.line(
            Point::new(frame.left, mark.at),
            Point::new(frame.right(), mark.at),
            "wf-reference",
        );
        let baseline = if mark.below {
            Baseline::Hanging
        } else {
            Baseline::Alphabetic
        };
        svg.text(
            mark.label_at,
            (Anchor::End, baseline),
            SMALL_TEXT,
            "wf-note",
            &mark.label,
        );
    }
    if let Some(mark) = &layout.diverged {
        svg.line(
            Point::new(mark.at, frame.top),
            Point::new(mark.at, frame.bottom()),
            "wf-diverged",
        );
        svg.text(
            Point::new(mark.label_x, MARK_ROW),
            (Anchor::Middle, Baseline::Middle),
            SMALL_TEXT,
            "wf-note wf-warning",
            &mark.label,
        );
    }
    for (index, (one, curve)) in series.iter().zip(&layout.curves).enumerate() {
        let class = palette.class(one.name);
        svg.polyline(curve, &format!("wf-curve {class}"));
        if let Some(&legend_x) = layout.legend.get(index) {
            let top = frame.top - 16.0;
            svg.line(
                Point::new(legend_x, top),
                Point::new(legend_x + 18.0, top),
                &format!("wf-curve {class}"),
            );
            svg.text(
                Point::new(legend_x + 22.0, top),
                (Anchor::Start, Baseline::Middle),
                SMALL_TEXT,
                "wf-legend",
                one.name,
            );
        }
    }
    Ok(svg.finish("wf-chart wf-panel", &layout.title, &layout.description))
}
