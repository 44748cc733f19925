//! Long vectors as lines against their step: a loss history, an optimisation path's
//! coordinate, several runs side by side (`step = ["sgd", "adam"]`), optionally on a log scale.

use super::{and_list, step_axes, FigureError, FigureOptions, Palette, StepAxes, STEP_PANEL};
use crate::present::svg::{
    decade_ticks, labelled, legible_width, nice_ticks, Anchor, Baseline, Point, Svg, SMALL_TEXT,
};

/// The panel's width and height, as the descent figure's: legible alone on a phone.
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

/// The series as lines, x = step from 0, y = value (log₁₀ when `log_y`), with a legend when
/// there are several.
pub fn lines_figure(
    series: &[Series],
    log_y: bool,
    options: &FigureOptions,
    palette: &mut Palette,
) -> Result<String, FigureError> {
    let all = || series.iter().flat_map(|s| s.values.iter().copied());
    if let Some(bad) = all().find(|v| !v.is_finite()) {
        return Err(FigureError {
            message: format!(
                "a line figure draws finite numbers, and a step holds {}",
                options.number(bad)
            ),
            help: "draw a step without masked (−∞) entries".to_string(),
        });
    }
    if log_y && all().any(|v| v <= 0.0) {
        return Err(FigureError {
            message: "log_y = true needs every value above 0".to_string(),
            help: "remove log_y, or draw a step whose values are positive (a loss)".to_string(),
        });
    }
    let largest = all().fold(f64::NEG_INFINITY, f64::max);
    let smallest = all().fold(f64::INFINITY, f64::min);
    let (y_ticks, y_domain) = if log_y {
        decade_ticks(smallest, largest)
    } else {
        let low = smallest.min(0.0);
        let high = if largest > low { largest } else { low + 1.0 };
        let ticks = nice_ticks(low, high, 5);
        let domain = ticks.domain();
        (labelled(&ticks), domain)
    };
    let steps = series.iter().map(|s| s.values.len()).max().unwrap_or(1);
    let top = if series.len() > 1 { 30.0 } else { 14.0 };
    let StepAxes {
        frame,
        x_ticks,
        x,
        y,
    } = step_axes(&y_ticks, y_domain, log_y, top, (steps.max(2) - 1) as f64);
    let mut svg = Svg::new(PANEL.0, PANEL.1, &format!("{}-lines", options.id_prefix));
    svg.x_axis(&frame, &x, &x_ticks, "step");
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
    svg.y_axis(&frame, &y, &y_ticks, &y_title);
    let mut legend_x = frame.left;
    let mut sentences = Vec::new();
    for one in series {
        let class = palette.class(one.name);
        let curve: Vec<Point> = one
            .values
            .iter()
            .enumerate()
            .map(|(step, &value)| Point::new(x.map(step as f64), y.map(value)))
            .collect();
        svg.polyline(&curve, &format!("wf-curve {class}"));
        if series.len() > 1 {
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
            legend_x += 34.0 + crate::present::svg::text_width(one.name, SMALL_TEXT);
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
            options.number(first),
            options.number(last),
            one.values.len() - 1
        ));
    }
    let mut description = format!("{}.", and_list(&sentences));
    if log_y {
        description.push_str(" The values are drawn on a log scale.");
    }
    let title = format!("{} per step", and_list(&names));
    let panel = svg.finish("wf-chart wf-panel", &title, &description);
    Ok(options.wrap(
        "lines",
        &[panel],
        &format!("{}, step by step.", and_list(&names)),
    ))
}
