//! The figure of a built-in kind's example (a figure block naming it without `step`), drawn by
//! the views any compute step is drawn with: a kind is a template over the compute language,
//! its widget's data holds the views it presets (as a compute example's widget block's
//! `[views]` give them), and its figure draws those views from the run its widget shows
//! ([`widget_run`]): the example's own run, since a kind's one program is its widget's. Values
//! are read only by name
//! ([`Evaluated::quantity`] and the run's steps), so the figure is the same whichever engine
//! evaluated the example.
//!
//! What is left per kind is the choice of panels and the words of the caption: a softmax's
//! probabilities as bars (one panel per temperature of a sweep), a descent's losses as a line
//! with the least loss and the divergence marked beside the contours of its loss valley with
//! the path over them, a vectors example's arrows with the projection dashed, and an
//! attention's weights as one heatmap per head, hatched where the causal mask removes them.

use super::widget_presentation::{
    highlighted, projected_arrows, view_figure, view_panel, ContourView, LineMarkSteps,
    ProjectionView, View,
};
use super::Expander;
use crate::compute::computed::Computed;
use crate::compute::lang::Value;
use crate::compute::{Evaluated, Quantity};
use crate::expand::blocks::ExampleBlock;
use crate::present::figure::{
    self, and_list, input_number, AxisText, FigureError, FigureOptions, HeatmapWords, LineMarks,
    Series,
};

/// The lines a widget's data presets (`lines`, `log_y`, `line_marks`): a descent's losses,
/// the line view a compute widget's block gives with `lines`, drawn by the same
/// [`line_values`] and [`line_marks`].
pub(super) struct PresetLines {
    pub steps: Vec<String>,
    pub log_y: bool,
    pub marks: LineMarkSteps,
}

/// The lines `data` presets, or `None` when it names none.
pub(super) fn preset_lines(data: &serde_json::Value) -> Option<PresetLines> {
    let lines = data.get("lines")?.as_array()?;
    Some(PresetLines {
        steps: lines
            .iter()
            .filter_map(|line| Some(line["step"].as_str()?.to_string()))
            .collect(),
        log_y: data["log_y"].as_bool().unwrap_or(false),
        marks: data
            .get("line_marks")
            .and_then(|marks| serde_json::from_value(marks.clone()).ok())
            .unwrap_or_default(),
    })
}

/// The values of the vector steps `steps` of `run`, each with its name, to draw as lines: a
/// compute widget's `lines` and a kind's preset ones alike.
pub(super) fn line_values(run: &Computed, steps: &[String]) -> Vec<(String, Vec<f64>)> {
    steps
        .iter()
        .filter_map(|step| match run.value(step) {
            Some(Value::Vector(values)) => Some((step.clone(), values.to_vec())),
            _ => None,
        })
        .collect()
}

/// The [`line_values`] as the chart's series.
pub(super) fn line_series(values: &[(String, Vec<f64>)]) -> Vec<Series<'_>> {
    values
        .iter()
        .map(|(step, values)| Series { name: step, values })
        .collect()
}

/// The marks of a line chart from `run`'s scalar steps: a run that went through has
/// `diverged_at` 0, and marks no divergence.
pub(super) fn line_marks<'a>(run: &Computed, marks: &'a LineMarkSteps) -> LineMarks<'a> {
    marks.marks(|step| match run.value(step) {
        Some(Value::Scalar(x)) => Some(*x),
        _ => None,
    })
}

/// Whether the values span more than two decades (the largest over the least above 0 past
/// 100): the descent figure's rule for a log scale, so a run that barely moves is drawn on
/// a plain one, where its small changes show.
fn spans_decades(values: &[(String, Vec<f64>)]) -> bool {
    let values = || values.iter().flat_map(|(_, values)| values.iter().copied());
    let largest = values().fold(0.0, f64::max);
    let least = values().filter(|v| *v > 0.0).fold(f64::INFINITY, f64::min);
    least.is_finite() && largest / least > 100.0
}

/// The run a widget's views draw: a compute example's, or a kind's own, since a kind's one
/// template program is also its widget's: the values the page prints and the figures draw are
/// one run.
pub(super) fn widget_run(evaluated: &Evaluated) -> &Computed {
    match evaluated {
        Evaluated::Compute(computed) => computed,
        Evaluated::Kind(kind) => &kind.run,
    }
}

/// The values the widget's data draws as `view`, in the order it shows them: the inputs it
/// draws first (a vectors example's vectors as arrows), then its shown steps.
fn steps_drawn_as(data: &serde_json::Value, view: View) -> Vec<String> {
    let views = &data["views"];
    let inputs = data["inputs"].as_array().cloned().unwrap_or_default();
    let shown = data["show"].as_array().cloned().unwrap_or_default();
    inputs
        .iter()
        .filter_map(|input| input.get(0))
        .chain(shown.iter())
        .filter_map(|name| name.as_str())
        .filter(|name| views[*name].as_str() == Some(view.name()))
        .map(String::from)
        .collect()
}

/// The steps a kind's widget data presets as views besides its tables and lines (a vectors
/// example's arrows, a softmax's bars, an attention's heatmaps, a descent's valley), in the
/// order the widget draws them: what a compute example's widget block's `[views]` give.
pub(super) fn preset_figures(data: &serde_json::Value) -> Vec<(String, View)> {
    [View::Arrows, View::Bars, View::Heatmap, View::Contour]
        .into_iter()
        .flat_map(|view| {
            let steps = steps_drawn_as(data, view);
            steps.into_iter().map(move |step| (step, view))
        })
        .collect()
}

/// The projection the widget's data draws dashed among the arrows of `step`, if any.
fn projection_of(data: &serde_json::Value, step: &str) -> Option<ProjectionView> {
    let projection = data.get("projections")?.get(step)?;
    serde_json::from_value(projection.clone()).ok()
}

impl Expander<'_> {
    /// The figure of a kind's example, drawn by the generic views.
    pub(super) fn kind_figure(
        &mut self,
        example: &ExampleBlock,
        options: &FigureOptions,
    ) -> Result<String, FigureError> {
        let (evaluated, data) = (&example.evaluated, &example.inputs);
        match evaluated.kind() {
            "softmax" => softmax(evaluated, data, options),
            "vectors" => self.vectors(evaluated, data, options),
            "gradient_descent" => self.descent(evaluated, data, options),
            _ => attention(evaluated, data, options),
        }
    }

    /// The arrows the vectors' widget draws, with its projection dashed among them.
    fn vectors(
        &mut self,
        evaluated: &Evaluated,
        data: &serde_json::Value,
        options: &FigureOptions,
    ) -> Result<String, FigureError> {
        let Some(step) = steps_drawn_as(data, View::Arrows).into_iter().next() else {
            let dimension = match evaluated.quantity("vectors") {
                Some(Quantity::Matrix { values, .. }) => values.ncols(),
                _ => 0,
            };
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
        };
        let run = widget_run(evaluated);
        let palette = &mut self.palette;
        match projection_of(data, &step) {
            Some(projection) => projected_arrows(run, &step, &projection, options, palette),
            None => view_figure(run, &step, View::Arrows, (None, None), options, palette),
        }
    }

    /// The descent's losses as a line, marked with the least loss and where the run diverged,
    /// beside the contours of the loss valley its widget computes, with the path over them.
    fn descent(
        &mut self,
        evaluated: &Evaluated,
        data: &serde_json::Value,
        options: &FigureOptions,
    ) -> Result<String, FigureError> {
        let mut panels = Vec::new();
        let run = widget_run(evaluated);
        if let Some(lines) = preset_lines(data) {
            let values = line_values(run, &lines.steps);
            let loss = figure::lines_panel(
                &line_series(&values),
                lines.log_y && spans_decades(&values),
                &line_marks(run, &lines.marks),
                options,
                &mut self.palette,
            )?;
            panels.push(loss);
        }
        for step in steps_drawn_as(data, View::Contour) {
            // Its axes titled as the widget's view titles them (w and b).
            let contour = ContourView::from_json(&data["contours"][&step]);
            let drawn = (Some(&contour), None);
            let (_, svg, _) = view_panel(
                run,
                &step,
                View::Contour,
                drawn,
                HeatmapWords::default(),
                options,
            )?;
            panels.push(svg);
        }
        let rate = match evaluated.quantity("learning_rate") {
            Some(Quantity::Scalar(rate)) => input_number(rate),
            _ => String::new(),
        };
        let caption = format!(
            "Gradient descent at learning rate {rate}: the loss at each step, and the path of (w, b) over the contours of the loss valley towards the least-squares optimum."
        );
        Ok(options.wrap("gradient_descent", &panels, &caption))
    }
}

/// The probabilities as bars, one panel per temperature of a sweep.
fn softmax(
    evaluated: &Evaluated,
    data: &serde_json::Value,
    options: &FigureOptions,
) -> Result<String, FigureError> {
    // The target's name drawn bold, as the widget's `highlight` marks it.
    let highlight = highlighted(widget_run(evaluated), data);
    let runs: Vec<(f64, Quantity)> = match (
        evaluated.quantity("temperatures"),
        evaluated.quantity("sweep"),
    ) {
        (
            Some(Quantity::Vector { values: ts, .. }),
            Some(Quantity::Matrix {
                values, col_labels, ..
            }),
        ) => ts
            .iter()
            .zip(values.rows())
            .map(|(&t, row)| {
                let labels = col_labels.clone();
                (
                    t,
                    Quantity::Vector {
                        values: row.to_owned(),
                        labels,
                    },
                )
            })
            .collect(),
        _ => match (
            evaluated.quantity("temperature"),
            evaluated.quantity("probabilities"),
        ) {
            (Some(Quantity::Scalar(t)), Some(probabilities)) => vec![(t, probabilities)],
            _ => Vec::new(),
        },
    };
    let several = runs.len() > 1;
    let mut panels = Vec::with_capacity(runs.len());
    for (index, (t, probabilities)) in runs.iter().enumerate() {
        let at = format!("T = {}", input_number(*t));
        let panel = FigureOptions {
            id_prefix: if several {
                format!("{}-t{}", options.id_prefix, index + 1)
            } else {
                options.id_prefix.clone()
            },
            axes: AxisText {
                x: options.axes.x.clone().or(several.then(|| at.clone())),
                y: options.axes.y.clone().or(Some("probability".into())),
                title: None,
            },
            // Probabilities are shares of one: every panel's axis reaches 1, so they compare.
            full: several.then_some(1.0),
            highlight: highlight.clone(),
            ..options.clone()
        };
        let what = format!("probabilities at {at}");
        let (_, svg, _) =
            figure::quantity_panel(probabilities, &what, HeatmapWords::default(), &panel)?;
        panels.push(svg);
    }
    let temperatures: Vec<String> = runs.iter().map(|(t, _)| input_number(*t)).collect();
    let mut caption = if several {
        format!(
            "Softmax probabilities at temperatures {}, one panel per temperature.",
            temperatures.join(", ")
        )
    } else {
        format!(
            "Softmax probabilities at temperature T = {}.",
            temperatures.join("")
        )
    };
    if let Some(Quantity::Text(target)) = evaluated.quantity("target") {
        caption.push_str(&format!(" The target is {target}."));
    }
    Ok(options.wrap("softmax", &panels, &caption))
}

/// The weights the attention's widget draws as heatmaps (one per head, full colour at 1,
/// hatched where its mask step is −∞), each headed with its head when there are several.
fn attention(
    evaluated: &Evaluated,
    data: &serde_json::Value,
    options: &FigureOptions,
) -> Result<String, FigureError> {
    let run = widget_run(evaluated);
    let steps = steps_drawn_as(data, View::Heatmap);
    let several = steps.len() > 1;
    let mut panels = Vec::with_capacity(steps.len());
    let mut masked = false;
    for (index, step) in steps.iter().enumerate() {
        let mask = data["masked"][step].as_str();
        let causal = mask
            .and_then(|mask| run.quantity(mask))
            .is_some_and(|mask| match mask {
                Quantity::Matrix { values, .. } => values.iter().any(|x| *x == f64::NEG_INFINITY),
                _ => false,
            });
        masked |= causal;
        let head = format!("Head {}", index + 1);
        let panel = FigureOptions {
            id_prefix: if several {
                format!("{}-h{}", options.id_prefix, index + 1)
            } else {
                options.id_prefix.clone()
            },
            full: data["full"][step].as_f64(),
            legend: options.legend.clone().or(Some("attention weight".into())),
            ..options.clone()
        };
        let tokens = match run.quantity(step) {
            Some(Quantity::Matrix {
                row_labels: Some(tokens),
                ..
            }) => tokens,
            _ => Vec::new(),
        };
        let whose = if several {
            head.to_lowercase()
        } else {
            and_list(&tokens)
        };
        let described = format!(
            "The attention weights of {whose}, one row for each token attending and one column for each token it attends to"
        );
        let title = format!(
            "Attention weights of {whose}{}",
            if causal { ", with the causal mask" } else { "" }
        );
        let words = HeatmapWords {
            heading: several.then_some(head.as_str()),
            axis_titles: Some(("token", "attends to →")),
            described: Some(&described),
            title: Some(&title),
        };
        let (_, svg, _) = view_panel(run, step, View::Heatmap, (None, mask), words, &panel)?;
        panels.push(svg);
    }
    let mut caption = String::from(if several {
        "Attention weights, one heatmap per head: each row is a token and how it divides its attention among the tokens of the columns; every row sums to 1."
    } else {
        "Attention weights: each row is a token and how it divides its attention among the tokens of the columns; every row sums to 1."
    });
    if masked {
        caption
            .push_str(" Hatched cells are masked: a token may not attend to the tokens after it.");
    }
    Ok(options.wrap("attention", &panels, &caption))
}
