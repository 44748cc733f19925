//! A figure block's plots of a compute example's steps beyond one heatmap or line: a scatter
//! (`scatter`, coloured by `groups`, named by `labels`), several panels side by side (`panels`),
//! a contour of a matrix step (`contour`, read and drawn as a widget's contour view is), and the
//! author's words for the axes and the heading (`x_label`, `y_label`, `title`).

use super::Expander;
use crate::compute::computed::Computed;
use crate::compute::lang::Value;
use crate::compute::{Evaluated, Quantity};
use crate::expand::blocks::{BlockText, ExampleBlock};
use crate::expand::widget_presentation::{contour_key, view_figure, ContourKey, View};
use crate::present::figure::{self, AxisText, FigureOptions, ScatterPoints};
use serde::Deserialize;
use std::ops::Range;
use toml::Spanned;

/// Longest axis title, in characters: it must fit along the shortest plot's side.
pub(super) const LONGEST_AXIS_LABEL: usize = 22;

/// Longest heading, in characters.
const LONGEST_TITLE: usize = 80;

/// Most panels side by side.
const MOST_PANELS: usize = 4;

/// A problem of a figure: message, help and where in the file.
pub(super) type Problem = (String, String, Range<usize>);

/// `step = "loss"`, or several steps drawn as lines in one figure (or x and y of a scatter).
#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum Steps {
    One(String),
    Several(Vec<String>),
}

impl Steps {
    pub(super) fn names(&self) -> Vec<&str> {
        match self {
            Steps::One(one) => vec![one.as_str()],
            Steps::Several(several) => several.iter().map(String::as_str).collect(),
        }
    }
}

/// One panel of `panels = [{ … }, …]`, or the figure's own keys when it draws one plot.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct PanelSpec {
    pub step: Option<Spanned<Steps>>,
    pub scatter: Option<Spanned<Steps>>,
    pub groups: Option<Spanned<String>>,
    pub labels: Option<Spanned<Vec<String>>>,
    pub x_label: Option<Spanned<String>>,
    pub y_label: Option<Spanned<String>>,
    pub log_y: Option<Spanned<bool>>,
}

/// The author's axis words and heading, each checked to be one short line.
pub(super) fn axis_text(
    x_label: Option<&Spanned<String>>,
    y_label: Option<&Spanned<String>>,
    title: Option<&Spanned<String>>,
    body: &BlockText,
) -> Result<AxisText, Problem> {
    let checked = |key: &str, text: Option<&Spanned<String>>, longest: usize| {
        one_line(key, text, longest)
            .map_err(|(message, help, span)| (message, help, body.file_span(span)))
    };
    Ok(AxisText {
        x: checked("x_label", x_label, LONGEST_AXIS_LABEL)?,
        y: checked("y_label", y_label, LONGEST_AXIS_LABEL)?,
        title: checked("title", title, LONGEST_TITLE)?,
    })
}

/// The words of `key`, if given, trimmed and checked to be one line of at most `longest`
/// characters (what fits along an axis or above a figure); a problem at the words' span in
/// the block.
pub(super) fn one_line(
    key: &str,
    text: Option<&Spanned<String>>,
    longest: usize,
) -> Result<Option<String>, Problem> {
    let Some(text) = text else {
        return Ok(None);
    };
    let words = text.get_ref().trim();
    let problem = if words.is_empty() {
        format!("`{key}` is empty")
    } else if words.contains('\n') {
        format!("`{key}` is written on several lines")
    } else if words.chars().count() > longest {
        format!(
            "`{key}` has {} characters, more than the {longest} that fit",
            words.chars().count()
        )
    } else {
        return Ok(Some(words.to_string()));
    };
    Err((
        problem,
        format!("write {key} = \"…\" as one line of at most {longest} characters"),
        text.span(),
    ))
}

/// An `x_label` or `y_label` the drawn figure has no axis for (a graph, a heatmap, shapes):
/// an error at the key, as an unknown key is, rather than words silently dropped.
pub(super) fn axis_words_drawn(
    drawn: Result<String, Problem>,
    labels: [(&str, Option<&Spanned<String>>); 2],
    body: &BlockText,
) -> Result<String, Problem> {
    let html = drawn?;
    for (key, label) in labels {
        if let Some(label) = label {
            let words = crate::base::html::escape_html(label.get_ref().trim());
            if !html.contains(&format!(">{words}</text>")) {
                return Err((
                    format!("`{key}` titles an axis, and this figure draws none it can title"),
                    format!("remove {key}, or draw a line, bars or a scatter of compute steps"),
                    body.file_span(label.span()),
                ));
            }
        }
    }
    Ok(html)
}

/// A vector's entries, or those of a matrix of one column or one row (what `sum(…, axis=1)`
/// leaves): one number per point.
fn one_per_point(value: &Value) -> Option<Vec<f64>> {
    match value {
        Value::Vector(values) => Some(values.to_vec()),
        Value::Matrix(values) if values.ncols() == 1 || values.nrows() == 1 => {
            Some(values.iter().copied().collect())
        }
        Value::Matrix(_) | Value::Scalar(_) => None,
    }
}

/// A contour of the one matrix `step` names: its parts read by the reader of a widget's
/// contour view and drawn by that view's build figure. `others` are the figure's keys a
/// contour has no place for, each an error at itself.
pub(super) fn contour_plot(
    example: &ExampleBlock,
    step: Option<&Spanned<Steps>>,
    contour: &Spanned<ContourKey>,
    others: [(&str, Option<Range<usize>>); 5],
    body: &BlockText,
    options: &FigureOptions,
) -> Result<String, Problem> {
    let at = body.file_span(contour.span());
    if let Some((key, Some(span))) = others.into_iter().find(|(_, span)| span.is_some()) {
        return Err((
            format!("a contour figure draws one matrix step, and `{key}` has no place in it"),
            format!("remove {key}, or draw it in a figure of its own"),
            body.file_span(span),
        ));
    }
    let Evaluated::Compute(computed) = &example.evaluated else {
        return Err((
            format!(
                "`contour` draws a step of a compute example, but \"{}\" is a {} example",
                example.name,
                example.kind.name()
            ),
            "remove the contour key: this figure draws the whole example".to_string(),
            at,
        ));
    };
    let (name, step_at) = match step.map(|step| (step.get_ref().names(), step.span())) {
        Some((names, span)) if names.len() == 1 => (names[0].to_string(), body.file_span(span)),
        Some((_, span)) => {
            return Err((
                "a contour draws one step, and `step` names several".to_string(),
                "name one matrix step, step = \"<step>\"".to_string(),
                body.file_span(span),
            ))
        }
        None => {
            return Err((
                "`contour` draws the matrix that `step` names, and the figure has no `step`"
                    .to_string(),
                "add step = \"<a matrix step over a grid>\"".to_string(),
                at,
            ))
        }
    };
    if computed.quantity(&name).is_none() {
        return Err((
            format!("\"{}\" has no step or input named `{name}`", example.name),
            format!("draw one of {}", computed.quantity_names().join(", ")),
            step_at,
        ));
    }
    let parts = contour_key(computed, contour.get_ref(), contour.span())
        .map_err(|(message, help, span)| (message, help, body.file_span(span)))?;
    // One place for each axis's words: the figure's key and the contour's would be two.
    for (key, figure, own) in [
        ("x_label", &options.axes.x, &parts.x_label),
        ("y_label", &options.axes.y, &parts.y_label),
    ] {
        if figure.is_some() && own.is_some() {
            return Err((
                format!("the figure's `{key}` and its contour's both title that axis"),
                format!("keep one {key}"),
                at,
            ));
        }
    }
    view_figure(
        computed,
        &name,
        View::Contour,
        (Some(&parts), None),
        options,
        &mut crate::present::figure::Palette::default(),
    )
    .map_err(|error| {
        // A problem of the matrix itself is reported at `step`, one of its parts at `contour`.
        let at = if error.message.contains(&format!("`{name}`")) {
            step_at
        } else {
            at
        };
        (error.message, error.help, at)
    })
}

impl Expander<'_> {
    /// A figure of one scatter (`panel` holds the figure's own keys) or of `panels` side by side.
    pub(super) fn plot_figure(
        &mut self,
        computed: &Computed,
        panels: &[PanelSpec],
        body: &BlockText,
        options: &FigureOptions,
    ) -> Result<String, Problem> {
        let mut drawn = Vec::with_capacity(panels.len());
        let mut captions = Vec::new();
        for (index, panel) in panels.iter().enumerate() {
            let mut panel_options = options.clone();
            if panels.len() > 1 {
                panel_options.id_prefix = format!("{}-p{}", options.id_prefix, index + 1);
                panel_options.axes =
                    axis_text(panel.x_label.as_ref(), panel.y_label.as_ref(), None, body)?;
            }
            let (svg, caption) = self.plot_panel(computed, panel, body, &panel_options)?;
            drawn.push(svg);
            captions.push(caption);
        }
        let kind = match panels {
            [one] if one.scatter.is_some() => "scatter",
            _ => "panels",
        };
        Ok(options.wrap(kind, &drawn, &format!("{}.", captions.join("; "))))
    }

    /// Panels side by side: at least two, at most [`MOST_PANELS`], each a plot of steps.
    pub(super) fn panels_figure(
        &mut self,
        computed: &Computed,
        panels: &Spanned<Vec<PanelSpec>>,
        body: &BlockText,
        options: &FigureOptions,
    ) -> Result<String, Problem> {
        let count = panels.get_ref().len();
        if !(2..=MOST_PANELS).contains(&count) {
            return Err((
                format!("`panels` holds {count} panels, and a figure sets 2 to {MOST_PANELS} side by side"),
                "list two or more plots, panels = [{ step = \"loss\" }, { scatter = [\"x\", \"y\"] }], or draw one with step or scatter".to_string(),
                body.file_span(panels.span()),
            ));
        }
        self.plot_figure(computed, panels.get_ref(), body, options)
    }

    /// One panel: a scatter, bars of a short vector, or lines of long ones; with its caption.
    fn plot_panel(
        &mut self,
        computed: &Computed,
        panel: &PanelSpec,
        body: &BlockText,
        options: &FigureOptions,
    ) -> Result<(String, String), Problem> {
        let value_of = |name: &str, span: Range<usize>| {
            computed.quantity(name).ok_or_else(|| {
                (
                    format!(
                        "\"{}\" has no step or input named `{name}`",
                        options.example
                    ),
                    format!("draw one of {}", computed.quantity_names().join(", ")),
                    span,
                )
            })
        };
        match (&panel.scatter, &panel.step) {
            (Some(_), Some(step)) => Err((
                "a figure draws steps as lines or bars, or a scatter, not both".to_string(),
                "remove step, or remove scatter".to_string(),
                body.file_span(step.span()),
            )),
            (Some(scatter), None) => {
                let span = body.file_span(scatter.span());
                if let Some(log_y) = &panel.log_y {
                    return Err((
                        "`log_y` sets the scale of a figure's lines, and a scatter draws none"
                            .to_string(),
                        "remove log_y".to_string(),
                        body.file_span(log_y.span()),
                    ));
                }
                let (names, xs, ys, row_names) = match scatter.get_ref().names().as_slice() {
                    [matrix] => match value_of(matrix, span.clone())? {
                        Quantity::Matrix {
                            values,
                            row_labels,
                            col_labels,
                        } if values.ncols() == 2 => {
                            let names = match col_labels {
                                Some(cols) => (cols[0].clone(), cols[1].clone()),
                                None => (
                                    format!("{matrix}, column 1"),
                                    format!("{matrix}, column 2"),
                                ),
                            };
                            (
                                names,
                                values.column(0).to_vec(),
                                values.column(1).to_vec(),
                                row_labels,
                            )
                        }
                        other => {
                            return Err((
                                format!(
                                    "`{matrix}` is {}, and a scatter of one value draws a matrix of two columns (x, y)",
                                    other.shape_description()
                                ),
                                "draw a matrix with one row per point, or two vectors: scatter = [\"x\", \"y\"]".to_string(),
                                span,
                            ))
                        }
                    },
                    [x, y] => {
                        let vector = |name: &str| {
                            let quantity = value_of(name, span.clone())?;
                            let names = match &quantity {
                                Quantity::Vector { labels, .. } => labels.clone(),
                                Quantity::Matrix { row_labels, .. } => row_labels.clone(),
                                _ => None,
                            };
                            match computed.value(name).and_then(one_per_point) {
                                Some(values) => Ok((values, names)),
                                None => Err((
                                    format!(
                                        "`{name}` is {}, and a scatter of two values draws two vectors (x, y)",
                                        quantity.shape_description()
                                    ),
                                    "draw two vectors of one entry per point, or one matrix of two columns".to_string(),
                                    span.clone(),
                                )),
                            }
                        };
                        let (xs, row_names) = vector(x)?;
                        let (ys, _) = vector(y)?;
                        ((x.to_string(), y.to_string()), xs, ys, row_names)
                    }
                    _ => {
                        return Err((
                            "`scatter` names one matrix of two columns or two vectors".to_string(),
                            "write scatter = \"points\" or scatter = [\"x\", \"y\"]".to_string(),
                            span,
                        ))
                    }
                };
                let groups = match &panel.groups {
                    Some(groups) => {
                        let group_span = body.file_span(groups.span());
                        match computed.value(groups.get_ref()) {
                            Some(value) if one_per_point(value).is_some() => Some((
                                groups.get_ref().as_str(),
                                one_per_point(value).unwrap_or_default(),
                                group_span,
                            )),
                            Some(other) => {
                                return Err((
                                    format!(
                                        "`{}` is a {}, and `groups` takes a vector of one group number per point",
                                        groups.get_ref(),
                                        other.describe_shape()
                                    ),
                                    "group by a step such as a k-means assignment, one number per point".to_string(),
                                    group_span,
                                ))
                            }
                            None => {
                                return Err((
                                    format!(
                                        "\"{}\" has no step or input named `{}`",
                                        options.example,
                                        groups.get_ref()
                                    ),
                                    format!(
                                        "group by one of {}",
                                        computed.quantity_names().join(", ")
                                    ),
                                    group_span,
                                ))
                            }
                        }
                    }
                    None => None,
                };
                let labels = match &panel.labels {
                    Some(labels) => Some(labels.get_ref().clone()),
                    None => row_names,
                };
                let data = ScatterPoints {
                    x_name: &names.0,
                    y_name: &names.1,
                    xs: &xs,
                    ys: &ys,
                    labels: labels.as_deref(),
                    groups: groups
                        .as_ref()
                        .map(|(name, values, _)| (*name, values.as_slice())),
                };
                let (svg, layout) =
                    figure::scatter_panel(&data, options, "scatter", &mut self.palette).map_err(
                        |error| {
                            // A problem of the groups is reported at `groups`, the rest at `scatter`.
                            let at = match &groups {
                                Some((name, _, group_span))
                                    if error.message.starts_with(&format!("`{name}`")) =>
                                {
                                    group_span.clone()
                                }
                                _ => match &panel.labels {
                                    Some(labels) if error.message.contains("labels") => {
                                        body.file_span(labels.span())
                                    }
                                    _ => span.clone(),
                                },
                            };
                            (error.message, error.help, at)
                        },
                    )?;
                let caption = match &panel.groups {
                    Some(groups) => format!("{}, coloured by {}", layout.title, groups.get_ref()),
                    None => layout.title.clone(),
                };
                Ok((svg, caption))
            }
            (None, Some(step)) => {
                let span = body.file_span(step.span());
                let names = step.get_ref().names();
                let log_y = panel.log_y.as_ref().is_some_and(|log_y| *log_y.get_ref());
                if let ([one], false) = (names.as_slice(), log_y) {
                    let quantity = value_of(one, span.clone())?;
                    let own = match &quantity {
                        Quantity::Vector { labels, .. } => labels.clone(),
                        Quantity::Matrix {
                            values, col_labels, ..
                        } if values.nrows() == 1 => col_labels.clone(),
                        Quantity::Matrix { row_labels, .. } => row_labels.clone(),
                        _ => None,
                    };
                    let values = computed.value(one).and_then(one_per_point);
                    if let Some(values) = values.filter(|v| v.len() <= figure::LINE_FROM) {
                        let labels =
                            self.bar_labels(panel.labels.as_ref(), own, values.len(), body)?;
                        return figure::bars_panel(&values, &labels, one, options)
                            .map_err(|error| (error.message, error.help, span.clone()));
                    }
                }
                let mut series = Vec::new();
                for name in &names {
                    let quantity = value_of(name, span.clone())?;
                    match computed.value(name).and_then(one_per_point) {
                        Some(values) => series.push((*name, values)),
                        None => {
                            return Err((
                                format!(
                                    "`{name}` is {}, and a panel draws vectors (as bars or lines) or a scatter",
                                    quantity.shape_description()
                                ),
                                "draw a matrix as a heatmap in a figure of its own".to_string(),
                                span,
                            ))
                        }
                    }
                }
                let series: Vec<figure::Series> = series
                    .iter()
                    .map(|(name, values)| figure::Series { name, values })
                    .collect();
                let svg = figure::lines_panel(
                    &series,
                    log_y,
                    &figure::LineMarks::default(),
                    options,
                    &mut self.palette,
                )
                .map_err(|error| (error.message, error.help, span))?;
                Ok((svg, format!("{} per step", names.join(" and "))))
            }
            (None, None) => Err((
                "a panel draws step = \"…\" (lines or bars) or scatter = \"…\"".to_string(),
                "add step = \"<name of a vector step>\" or scatter = [\"<x>\", \"<y>\"]"
                    .to_string(),
                body.file_span(0..body.text.len()),
            )),
        }
    }

    /// The names under bars: the author's `labels` (one per entry), else the step's own.
    pub(super) fn bar_labels(
        &self,
        written: Option<&Spanned<Vec<String>>>,
        own: Option<Vec<String>>,
        count: usize,
        body: &BlockText,
    ) -> Result<Vec<String>, Problem> {
        match written {
            Some(labels) if labels.get_ref().len() != count => Err((
                format!(
                    "`labels` names {} bars, and the step has {count} entries",
                    labels.get_ref().len()
                ),
                "give one name per entry, in order".to_string(),
                body.file_span(labels.span()),
            )),
            Some(labels) => Ok(labels.get_ref().clone()),
            None => Ok(own.unwrap_or_else(|| (1..=count).map(|i| i.to_string()).collect())),
        }
    }
}
