//! A ` ```figure ` block: an inline SVG of an example's numbers, drawn now (a step as a
//! heatmap, bars or lines, a scatter, shapes, a graph, a contour), with its caption and label.

use super::FIGURE_STYLESHEET;
use crate::base::diagnostics::Diagnostic;
use crate::base::html::escape_html;
use crate::compute::computed::{Computed, Origin};
use crate::compute::lang::Value;
use crate::compute::{Evaluated, Quantity};
use crate::expand::blocks::{BlockText, ExampleBlock};
use crate::expand::figure_plots::{axis_text, axis_words_drawn, contour_plot, PanelSpec, Steps};
use crate::expand::graph_figure::{graph_figure, GradientsKey, GraphKey};
use crate::expand::reference;
use crate::expand::widget_presentation::{compute_run, ContourKey};
use crate::expand::Expander;
use crate::present::figure::{self, FigureOptions};
use crate::present::heatmap::LONGEST_LEGEND_TITLE;
use serde::Deserialize;
use std::ops::Range;

impl<'x> Expander<'x> {
    /// A figure of steps of a compute example: one step as a heatmap, bars or (a vector of more
    /// than [`figure::LINE_FROM`] entries, such as a loop's history) a line; several steps, or
    /// `log_y`, as lines against the step.
    fn compute_figure(
        &mut self,
        computed: &Computed,
        names: &[&str],
        log_y: bool,
        labels: Option<&toml::Spanned<Vec<String>>>,
        body: &BlockText,
        options: &FigureOptions,
    ) -> Result<String, (String, String)> {
        let name = &options.example;
        let mut vectors = Vec::new();
        for step in names {
            let Some(value) = computed.value(step) else {
                return Err((
                    format!("\"{name}\" has no step or input named `{step}`"),
                    format!("draw one of {}", computed.quantity_names().join(", ")),
                ));
            };
            vectors.push((*step, value));
        }
        let long_vector =
            |value: &Value| matches!(value, Value::Vector(v) if v.len() > figure::LINE_FROM);
        if let ([(step, value)], false) = (vectors.as_slice(), log_y) {
            if !long_vector(value) {
                let mut quantity = computed.quantity(step).expect("the value exists");
                if let Quantity::Vector {
                    values,
                    labels: own,
                } = &mut quantity
                {
                    let named = self
                        .bar_labels(labels, own.take(), values.len(), body)
                        .map_err(|(message, help, _)| (message, help))?;
                    *own = Some(named);
                }
                return figure::quantity_figure(&quantity, step, options)
                    .map_err(|error| (error.message, error.help));
            }
        }
        let mut series = Vec::new();
        for (step, value) in &vectors {
            let Value::Vector(values) = value else {
                return Err((
                    format!(
                        "`{step}` is a {}, and a line figure draws vectors",
                        value.describe_shape()
                    ),
                    "draw vectors, such as history(loss) after a repeat".to_string(),
                ));
            };
            series.push((*step, values.to_vec()));
        }
        let series: Vec<figure::Series> = series
            .iter()
            .map(|(step, values)| figure::Series { name: step, values })
            .collect();
        figure::lines_figure(
            &series,
            log_y,
            &figure::LineMarks::default(),
            options,
            &mut self.palette,
        )
        .map_err(|error| (error.message, error.help))
    }

    /// A ` ```figure ` block: an inline SVG picture of an example's numbers, drawn now.
    pub(in crate::expand) fn figure(&mut self, body: &BlockText) -> Option<String> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct FigureSpec {
            example: toml::Spanned<String>,
            caption: Option<toml::Spanned<String>>,
            step: Option<toml::Spanned<Steps>>,
            shapes: Option<toml::Spanned<Vec<Vec<toml::Spanned<String>>>>>,
            graph: Option<GraphKey>,
            gradients: Option<GradientsKey>,
            log_y: Option<toml::Spanned<bool>>,
            /// A label (`fig-…`), numbered in [`crate::expand::labels`].
            id: Option<String>,
            /// What a heatmap's colour means, the title of its legend.
            legend: Option<toml::Spanned<String>>,
            /// A step whose −∞ entries mark the entries of the heatmap that are masked.
            masked: Option<toml::Spanned<String>>,
            /// Points: a matrix of two columns, or two vectors (x, y).
            scatter: Option<toml::Spanned<Steps>>,
            /// A step of one group number per point of the scatter, for its colours.
            groups: Option<toml::Spanned<String>>,
            /// Names of the points of a scatter, or of the bars of a vector.
            labels: Option<toml::Spanned<Vec<String>>>,
            x_label: Option<toml::Spanned<String>>,
            y_label: Option<toml::Spanned<String>>,
            /// A heading above the figure.
            title: Option<toml::Spanned<String>>,
            /// Plots side by side, each with the keys of one plot.
            panels: Option<toml::Spanned<Vec<PanelSpec>>>,
            /// The matrix `step` names as lines of equal value: `true`, or its parts.
            contour: Option<toml::Spanned<ContourKey>>,
        }
        let spec: FigureSpec = self.block_spec(
            body,
            "figure",
            "a figure block holds example = \"<name of an example>\", optionally caption = \"…\", id = \"fig-…\" (a label for @fig-… references) and legend = \"…\" (what a heatmap's colour means), and for a compute example step = \"<name of a step>\" (a matrix with masked = \"<step>\" hatches the entries where that step is −∞) (or several, step = [\"sgd\", \"adam\"], drawn as lines; log_y = true for a log scale), shapes = [[\"<name>\", \"@\", …], …], or graph = [\"<step>\", …] with an optional [gradients] table (<step> = \"<its gradient's step>\"), or scatter = [\"<x>\", \"<y>\"] (or a matrix of two columns) with optional groups = \"<step>\" and labels = [\"…\"], or panels = [{ step = … }, { scatter = … }], or contour = true (or { x = \"<step>\", y = \"<step>\", path = \"<step>\", levels = <count>, optimum = \"<step>\", directions = \"<step>\", x_label = \"…\", y_label = \"…\" }) with step = \"<matrix step>\"; any figure takes x_label, y_label and title",
        )?;
        let (example, span) = self.named_example(&spec.example, body)?;
        let name = &example.name;
        if let Some(legend) = &spec.legend {
            if let Err((message, help)) = legend_problem(legend.get_ref()) {
                self.problems.push(
                    Diagnostic::at(self.file, body.file_span(legend.span()), message)
                        .with_help(help),
                );
                return None;
            }
        }
        let axes = match axis_text(
            spec.x_label.as_ref(),
            spec.y_label.as_ref(),
            spec.title.as_ref(),
            body,
        ) {
            Ok(axes) => axes,
            Err(problem) => return self.placed_figure(Err(problem)),
        };
        let mask = match spec.masked.as_ref().map(|key| figure_mask(example, key)) {
            Some(Err((message, help))) => {
                return self.placed_figure(Err((
                    message,
                    help,
                    body.file_span(spec.masked.as_ref().map_or(0..0, |key| key.span())),
                )))
            }
            Some(Ok(mask)) => Some(mask),
            None => None,
        };
        let heatmap_keys: Vec<(&str, Range<usize>)> = [
            ("legend", spec.legend.as_ref().map(|key| key.span())),
            ("masked", spec.masked.as_ref().map(|key| key.span())),
        ]
        .into_iter()
        .filter_map(|(key, span)| Some((key, span?)))
        .collect();
        self.figures += 1;
        let options = FigureOptions {
            example: name.clone(),
            id_prefix: format!("wf-{name}-{}", self.figures),
            decimals: self.decimals,
            caption_html: spec
                .caption
                .as_ref()
                .map(|caption| self.caption_html(caption, body)),
            label: spec.id.as_ref().and_then(|id| {
                let label = self.labels.get(id)?;
                Some((id.clone(), label.reference_text()))
            }),
            legend: spec
                .legend
                .as_ref()
                .map(|legend| legend.get_ref().trim().to_string()),
            full: None,
            mask,
            axes,
            highlight: None,
        };
        let axis_keys = [
            ("x_label", spec.x_label.as_ref()),
            ("y_label", spec.y_label.as_ref()),
        ];
        if spec.scatter.is_some() || spec.panels.is_some() {
            let other = spec
                .step
                .as_ref()
                .map(|key| ("step", key.span()))
                .or(spec.shapes.as_ref().map(|key| ("shapes", key.span())))
                .or(spec.graph.as_ref().map(|key| ("graph", key.span())))
                .or(spec.contour.as_ref().map(|key| ("contour", key.span())));
            let drawn = match other {
                Some((key, at)) => Err((
                    format!("a figure draws a scatter or panels, or `{key}`, not both"),
                    format!("remove {key}, or draw it as a panel"),
                    body.file_span(at),
                )),
                None => {
                    let own = PanelSpec {
                        groups: spec.groups.clone(),
                        labels: spec.labels.clone(),
                        x_label: spec.x_label.clone(),
                        y_label: spec.y_label.clone(),
                        log_y: spec.log_y.clone(),
                        ..PanelSpec::default()
                    };
                    self.plots(example, spec.panels, spec.scatter, own, body, &options)
                }
            };
            return self.placed_figure(on_heatmap(drawn, &heatmap_keys, body));
        }
        if let Some(groups) = &spec.groups {
            return self.placed_figure(Err((
                "`groups` colours the points of a scatter, and the figure has no `scatter`"
                    .to_string(),
                "add scatter = [\"<x>\", \"<y>\"], or remove groups".to_string(),
                body.file_span(groups.span()),
            )));
        }
        if let Some(contour) = &spec.contour {
            let others = [
                ("graph", spec.graph.as_ref().map(|key| key.span())),
                ("gradients", spec.gradients.as_ref().map(|key| key.span())),
                ("shapes", spec.shapes.as_ref().map(|key| key.span())),
                ("log_y", spec.log_y.as_ref().map(|key| key.span())),
                ("labels", spec.labels.as_ref().map(|key| key.span())),
            ];
            let drawn = contour_plot(example, spec.step.as_ref(), contour, others, body, &options);
            let drawn = axis_words_drawn(drawn, axis_keys, body);
            return self.placed_figure(on_heatmap(drawn, &heatmap_keys, body));
        }
        if let Some(gradients) = spec.gradients.as_ref().filter(|_| spec.graph.is_none()) {
            return self.placed_figure(Err((
                "`gradients` pairs the boxes of a graph, but the figure has no `graph`".to_string(),
                "add graph = [\"…\"] with the steps to draw, or remove gradients".to_string(),
                body.file_span(gradients.span()),
            )));
        }
        let draws_steps = spec.step.is_some() && spec.graph.is_none() && spec.shapes.is_none();
        if let Some(log_y) = spec.log_y.as_ref().filter(|_| !draws_steps) {
            return self.placed_figure(Err((
                "`log_y` sets the scale of a figure's lines, and this figure draws none"
                    .to_string(),
                "remove log_y, or draw vector steps as lines with step = [\"…\"]".to_string(),
                body.file_span(log_y.span()),
            )));
        }
        if let Some(graph) = &spec.graph {
            let drawn = match (&spec.step, &spec.shapes) {
                (Some(step), _) => Err((
                    "a figure draws one step or the graph of several, not both".to_string(),
                    "remove step, or remove graph".to_string(),
                    body.file_span(step.span()),
                )),
                (None, Some(shapes)) => Err((
                    "a figure draws the shapes of values or their graph, not both".to_string(),
                    "remove shapes, or remove graph".to_string(),
                    body.file_span(shapes.span()),
                )),
                (None, None) => figure_run(
                    example,
                    graph.span(),
                    (
                        "`graph` draws steps of a compute example",
                        "remove the graph key: this figure draws the whole example",
                    ),
                    body,
                )
                .and_then(|computed| {
                    graph_figure(computed, graph, spec.gradients.as_ref(), body, &options)
                }),
            };
            let drawn = axis_words_drawn(drawn, axis_keys, body);
            return self.placed_figure(on_heatmap(drawn, &heatmap_keys, body));
        }
        if let Some(shapes) = &spec.shapes {
            let drawn = match &spec.step {
                Some(step) => Err((
                    "a figure draws one step or the shapes of several, not both".to_string(),
                    "remove step, or remove shapes".to_string(),
                    body.file_span(step.span()),
                )),
                None => figure_run(
                    example,
                    shapes.span(),
                    (
                        "`shapes` draws values of a compute example",
                        "remove the shapes key: this figure draws the whole example",
                    ),
                    body,
                )
                .and_then(|computed| shape_lines(computed, shapes, body))
                .and_then(|lines| {
                    figure::shapes_figure(&lines, &options)
                        .map_err(|error| (error.message, error.help, body.file_span(shapes.span())))
                }),
            };
            let drawn = axis_words_drawn(drawn, axis_keys, body);
            return self.placed_figure(on_heatmap(drawn, &heatmap_keys, body));
        }
        let drawn = match (&spec.step, &example.evaluated) {
            (Some(step), _) => figure_run(
                example,
                step.span(),
                (
                    "`step` names a step of a compute example",
                    "remove the step key: this figure draws the whole example",
                ),
                body,
            )
            .and_then(|computed| {
                let names = step.get_ref().names();
                let log_y = spec.log_y.as_ref().is_some_and(|log_y| *log_y.get_ref());
                self.compute_figure(
                    computed,
                    &names,
                    log_y,
                    spec.labels.as_ref(),
                    body,
                    &options,
                )
                .map_err(|(message, help)| (message, help, body.file_span(step.span())))
            }),
            (None, Evaluated::Compute(computed)) => Err((
                format!("a figure of the compute example \"{name}\" needs the step to draw"),
                format!(
                    "add step = \"{}\" (a matrix draws as a heatmap, a vector as bars)",
                    computed.step_names().last().copied().unwrap_or("…")
                ),
                span.clone(),
            )),
            (None, _) => self
                .kind_figure(example, &options)
                .map_err(|error| (error.message, error.help, span.clone())),
        };
        let drawn = match (drawn, &spec.labels) {
            (Ok(html), Some(labels)) if !html.contains("data-figure=\"bars\"") => Err((
                "`labels` names the points of a scatter or the bars of a vector, and this figure draws neither".to_string(),
                "remove labels, or draw a vector step as bars or a scatter".to_string(),
                body.file_span(labels.span()),
            )),
            (drawn, _) => drawn,
        };
        let drawn = axis_words_drawn(drawn, axis_keys, body);
        self.placed_figure(on_heatmap(drawn, &heatmap_keys, body))
    }

    /// A scatter or panels of a compute example; `own` holds the figure's own keys, the one
    /// panel of a scatter.
    fn plots(
        &mut self,
        example: &ExampleBlock,
        panels: Option<toml::Spanned<Vec<PanelSpec>>>,
        scatter: Option<toml::Spanned<Steps>>,
        own: PanelSpec,
        body: &BlockText,
        options: &FigureOptions,
    ) -> Result<String, (String, String, Range<usize>)> {
        let at = (panels.as_ref().map(|key| key.span()))
            .or(scatter.as_ref().map(|key| key.span()))
            .unwrap_or_default();
        let refused = (
            "a scatter or panels draw steps of a compute example",
            "remove the key: this figure draws the whole example",
        );
        let computed = figure_run(example, at, refused, body)?;
        match (panels, scatter) {
            (Some(_), Some(scatter)) => Err((
                "a figure draws one scatter or several panels, not both".to_string(),
                "move the scatter into panels = [{ scatter = … }, …]".to_string(),
                body.file_span(scatter.span()),
            )),
            (Some(panels), None) => {
                let stray = [
                    ("groups", own.groups.map(|key| key.span())),
                    ("labels", own.labels.map(|key| key.span())),
                    ("x_label", own.x_label.map(|key| key.span())),
                    ("y_label", own.y_label.map(|key| key.span())),
                    ("log_y", own.log_y.map(|key| key.span())),
                ];
                if let Some((key, Some(at))) = stray.into_iter().find(|(_, at)| at.is_some()) {
                    return Err((
                        format!("`{key}` belongs to one panel of the figure"),
                        format!("move {key} into the panel it is for"),
                        body.file_span(at),
                    ));
                }
                self.panels_figure(computed, &panels, body, options)
            }
            (None, scatter) => {
                let panel = PanelSpec { scatter, ..own };
                self.plot_figure(computed, &[panel], body, options)
            }
        }
    }

    /// A drawn figure, with its stylesheet; or its problem recorded at its place.
    fn placed_figure(
        &mut self,
        drawn: Result<String, (String, String, Range<usize>)>,
    ) -> Option<String> {
        match drawn {
            Ok(html) => {
                self.stylesheets.insert(FIGURE_STYLESHEET);
                Some(html)
            }
            Err((message, help, span)) => {
                self.problems
                    .push(Diagnostic::at(self.file, span, message).with_help(help));
                None
            }
        }
    }

    /// A caption is prose: its references are expanded and its typed numbers reported, like
    /// any sentence of the lesson, and the rest is escaped.
    fn caption_html(&mut self, caption: &toml::Spanned<String>, body: &BlockText) -> String {
        let text = caption.get_ref();
        let range = body.file_span(caption.span());
        let mut html = String::new();
        let mut cursor = 0;
        let placeholders = reference::find_placeholders(text, &|name| self.is_example(name));
        for (whole, inner) in placeholders
            .iter()
            .map(|(whole, inner)| (whole.clone(), Some(inner.clone())))
            .chain([(text.len()..text.len(), None)])
        {
            let plain = &text[cursor..whole.start];
            self.note_numbers(text, cursor..whole.start, range.clone());
            html.push_str(&escape_html(plain));
            if let Some(inner) = inner {
                let span = self.locate(text, range.clone(), whole.start, whole.len());
                let closed = text[whole.clone()].ends_with("}}");
                if let Some(value) = self.prose_placeholder(&text[inner], closed, span) {
                    html.push_str(&value);
                }
            }
            cursor = whole.end;
        }
        html
    }
}

/// [`compute_run`] for a figure's key at `span` (in the block's text), its refusal placed in
/// the file as a figure's problems are.
fn figure_run<'e>(
    example: &'e ExampleBlock,
    span: Range<usize>,
    refused: (&str, &str),
    body: &BlockText,
) -> Result<&'e Computed, (String, String, Range<usize>)> {
    compute_run(example, span, refused)
        .map_err(|(message, help, span)| (message, help, body.file_span(span)))
}

/// A figure drawn with a key only a heatmap takes (`legend`, `masked`: `keys`, with their
/// spans) but no heatmap (bars, lines, shapes) is an error at the first such key: it would
/// say nothing there.
fn on_heatmap(
    drawn: Result<String, (String, String, Range<usize>)>,
    keys: &[(&str, Range<usize>)],
    body: &BlockText,
) -> Result<String, (String, String, Range<usize>)> {
    match (drawn, keys.first()) {
        (Ok(html), Some((key, span))) if !html.contains("wf-heatmap-chart") => Err((
            format!(
                "`{key}` {}, and this figure draws no heatmap",
                if *key == "legend" {
                    "titles a heatmap's colour scale"
                } else {
                    "marks a heatmap's masked entries"
                }
            ),
            format!("remove {key}, or draw a matrix step (a heatmap) or an attention example"),
            body.file_span(span.clone()),
        )),
        (drawn, _) => drawn,
    }
}

/// A figure block's `masked`: the entries where the step it names is −∞, for the heatmap of
/// the figure's step to hatch (a shape unlike the step's is refused when it is drawn). Only a
/// compute example's steps take one; an attention figure hatches its causal mask itself.
fn figure_mask(
    example: &ExampleBlock,
    key: &toml::Spanned<String>,
) -> Result<ndarray::Array2<bool>, (String, String)> {
    let step = key.get_ref();
    let Evaluated::Compute(computed) = &example.evaluated else {
        return Err((
            format!(
                "`masked` marks entries of a compute step's heatmap, and \"{}\" is a {} example",
                example.name,
                example.kind.name()
            ),
            "remove masked: an attention figure hatches the weights its causal mask removes itself"
                .to_string(),
        ));
    };
    match computed.value(step) {
        Some(Value::Matrix(values)) => Ok(values.mapv(|x| x == f64::NEG_INFINITY)),
        Some(other) => Err((
            format!(
                "`{step}` is a {}, and a mask is a matrix of the drawn step's shape",
                other.describe_shape()
            ),
            "name a matrix step, −∞ where an entry is masked".to_string(),
        )),
        None => Err((
            format!(
                "\"{}\" has no step named `{step}` for the mask",
                example.name
            ),
            format!("name one of: {}", computed.step_names().join(", ")),
        )),
    }
}

/// Why a figure's `legend` cannot title a heatmap's legend, as (message, help): it must be one
/// short line of plain words.
fn legend_problem(legend: &str) -> Result<(), (String, String)> {
    let length = legend.trim().chars().count();
    if length == 0 {
        return Err((
            "`legend` is empty".to_string(),
            "say what the colour means, e.g. legend = \"cosine similarity\", or remove legend"
                .to_string(),
        ));
    }
    if legend.contains('\n') {
        return Err((
            "`legend` is written on several lines".to_string(),
            "write the legend's title on one line".to_string(),
        ));
    }
    if length > LONGEST_LEGEND_TITLE {
        return Err((
            format!("`legend` is {length} characters long, more than the {LONGEST_LEGEND_TITLE} a legend's title has room for"),
            "shorten it to a few words, e.g. \"cosine similarity\"; the caption can say more".to_string(),
        ));
    }
    Ok(())
}

/// What may stand between the values of a shapes figure, drawn as text.
const SHAPE_OPERATORS: [&str; 5] = ["@", "=", "+", "→", "·"];
/// Most lines in a shapes figure, and most things on one line.
const MOST_SHAPE_ITEMS: usize = 12;

/// The `shapes` of a figure block as lines of values and operators: every name an input or
/// step of `computed`, optionally transposed with `.T`.
fn shape_lines(
    computed: &Computed,
    shapes: &toml::Spanned<Vec<Vec<toml::Spanned<String>>>>,
    body: &BlockText,
) -> Result<Vec<Vec<figure::ShapeItem>>, (String, String, Range<usize>)> {
    let lines = shapes.get_ref();
    if lines.is_empty()
        || lines.len() > MOST_SHAPE_ITEMS
        || lines
            .iter()
            .any(|line| line.is_empty() || line.len() > MOST_SHAPE_ITEMS)
    {
        return Err((
            format!("`shapes` needs 1 to {MOST_SHAPE_ITEMS} lines of 1 to {MOST_SHAPE_ITEMS} names each"),
            "write shapes = [[\"x\", \"@\", \"w\", \"=\", \"y\"], [\"…\"]]: one list per line of the picture".to_string(),
            body.file_span(shapes.span()),
        ));
    }
    lines
        .iter()
        .map(|line| {
            line.iter()
                .map(|entry| {
                    let text = entry.get_ref();
                    if SHAPE_OPERATORS.contains(&text.as_str()) {
                        return Ok(figure::ShapeItem::Operator(text.clone()));
                    }
                    let (name, transposed) = match text.strip_suffix(".T") {
                        Some(name) => (name, true),
                        None => (text.as_str(), false),
                    };
                    let (_, origin, value) = computed
                        .values
                        .iter()
                        .find(|(candidate, _, _)| candidate == name)
                        .ok_or_else(|| {
                            (
                                format!("no step or input named `{name}` to draw"),
                                format!(
                                    "draw one of {} (add .T for the transpose), or an operator {}",
                                    computed.quantity_names().join(", "),
                                    SHAPE_OPERATORS.join(" ")
                                ),
                                body.file_span(entry.span()),
                            )
                        })?;
                    let (rows, cols) = value.dims();
                    let (rows, cols) = if transposed {
                        (cols, rows)
                    } else {
                        (rows, cols)
                    };
                    Ok(figure::ShapeItem::Value {
                        label: text.clone(),
                        rows,
                        cols,
                        input: *origin == Origin::Input,
                    })
                })
                .collect()
        })
        .collect()
}
