//! Widgets and figures: the blocks that place something on the page for an example.
//!
//! A ` ```widget ` block becomes the mount point of a reader-side widget (the example's inputs
//! as JSON, plus the generated values for readers without JavaScript); a ` ```figure ` block
//! becomes an inline SVG drawn now from the computed numbers. Both name an example of the lesson.

use super::kind_figures::{
    line_marks, line_series, line_values, preset_figures, preset_lines, widget_run,
};
use super::resolve::example_names;
use super::widget_presentation::{
    highlighted, ContourKey, ContourView, ControlsKey, HighlightKey, LineMarkSteps, ProjectionKey,
    Sentence, SentencesKey, StepDrawing, View, ViewsKey,
};
use super::Expander;
use crate::base::diagnostics::Diagnostic;
use crate::base::html::escape_html;
use crate::compute::computed::{Computed, Origin};
use crate::compute::lang::Value;
use crate::compute::{Evaluated, Quantity};
use crate::expand::blocks::{BlockText, ExampleBlock};
use crate::expand::figure_plots::{axis_text, axis_words_drawn, contour_plot, PanelSpec, Steps};
use crate::expand::graph_figure::{graph_figure, GradientsKey, GraphKey};
use crate::expand::reference;
use crate::present::figure::{self, FigureOptions};
use crate::present::heatmap::LONGEST_LEGEND_TITLE;
use crate::present::table::{quantity_prose, quantity_table};
use crate::present::Precision;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;

/// What the widget of one example kind needs.
struct WidgetKind {
    /// The `data-widget` value its script mounts on.
    data_widget: &'static str,
    /// Scripts relative to the output root, in the order they must run.
    scripts: &'static [&'static str],
    /// Quantities printed inside the widget for readers without JavaScript, with captions.
    shown_without_script: Vec<(String, String)>,
}

/// The scripts of a built-in kind's widget: the compute widget, on the kind's program and
/// presentation.
const KIND_SCRIPTS: &[&str] = &[
    "js/compute-lang.js",
    "js/worked-format.js",
    "js/widget-common.js",
    STEP_EXPLAIN_SCRIPT,
    COMPUTE_WIDGET_SCRIPT,
];

/// What an example's widget needs: a built-in kind prints the tables its block reader listed
/// ([`ExampleBlock::shown`]), a compute example every value.
fn widget_kind(example: &ExampleBlock) -> WidgetKind {
    match &example.evaluated {
        // The kind's tables, as its block reader lists them.
        Evaluated::Kind(run) => WidgetKind {
            data_widget: run.table.kind,
            scripts: KIND_SCRIPTS,
            shown_without_script: example.shown.clone(),
        },
        Evaluated::Compute(computed) => WidgetKind {
            data_widget: "compute",
            scripts: &[
                "js/compute-lang.js",
                "js/worked-format.js",
                "js/widget-common.js",
                super::numpy::NUMPY_SCRIPT,
                STEP_EXPLAIN_SCRIPT,
                COMPUTE_WIDGET_SCRIPT,
            ],
            // Every value, inputs first: the same tables the live widget shows.
            shown_without_script: computed
                .values
                .iter()
                .map(|(name, origin, _)| {
                    let role = match origin {
                        Origin::Input => "input",
                        Origin::Step => "step",
                    };
                    (name.clone(), format!("{role} {name}"))
                })
                .collect(),
        },
    }
}

/// Most numbers a compute widget draws in its steps' tables at once. The reader's browser is
/// held to it (the JSON's `most_shown`: compute-widget.js refuses an edit past it, at the field)
/// and so is the lesson's own example, here: a million table cells froze a tab for most of a
/// minute, a few thousand draw at once.
pub const MOST_WIDGET_NUMBERS: usize = 4096;

/// What a widget says to a reader whose browser does not run its script (the prose around it
/// may say "drag" or "tick"); widget-common.js removes it when the widget starts.
const WITHOUT_SCRIPT_NOTE: &str = "<p class=\"worked-widget-nojs\">The controls of this widget need JavaScript, which is not running here, so it shows the lesson’s own numbers.</p>";

/// The script that draws a compute widget's `lines`, and the widget's own, which must run
/// after it (relative to the output root).
const LINE_CHART_SCRIPT: &str = "js/line-chart.js";
const COMPUTE_WIDGET_SCRIPT: &str = "js/compute-widget.js";
/// The script that says how an entry of a compute widget's step was computed.
const STEP_EXPLAIN_SCRIPT: &str = "js/step-explain.js";
/// The script that draws a compute widget's heatmap and bars views (after line-chart.js, whose
/// ticks and text measures it shares).
const STEP_VIEWS_SCRIPT: &str = "js/step-views.js";
/// Draws a widget's scatter and arrows views, after step-views.js, whose picture it shares.
const PLANE_VIEWS_SCRIPT: &str = "js/plane-views.js";
/// Draws a widget's contour views, after step-views.js, whose picture it shares.
const CONTOUR_VIEW_SCRIPT: &str = "js/contour-view.js";

/// Styles of widgets, relative to the output root.
const WIDGET_STYLESHEET: &str = "widget.css";
/// Styles of ` ```figure ` pictures, relative to the output root.
const FIGURE_STYLESHEET: &str = "figures.css";

/// More places than this print digits an f64 does not have.
const MAX_WIDGET_DECIMALS: usize = 15;

impl<'x> Expander<'x> {
    /// A ` ```widget ` block: the live widget's mount point, with the inputs as JSON and the
    /// generated matrices for readers without JavaScript.
    pub(super) fn widget(&mut self, body: &BlockText) -> Option<String> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct WidgetSpec {
            example: toml::Spanned<String>,
            show: Option<toml::Spanned<Vec<toml::Spanned<String>>>>,
            decimals: Option<toml::Spanned<BTreeMap<String, toml::Spanned<usize>>>>,
            lines: Option<toml::Spanned<Vec<toml::Spanned<String>>>>,
            log_y: Option<toml::Spanned<bool>>,
            controls: Option<ControlsKey>,
            views: Option<ViewsKey>,
            highlight: Option<HighlightKey>,
            sentences: Option<SentencesKey>,
            projection: Option<ProjectionKey>,
        }
        let spec: WidgetSpec = self.block_spec(
            body,
            "widget",
            "a widget block holds example = \"<name of an attention, softmax, gradient_descent, vectors or compute example>\" and, for a compute example, optionally show = [\"<step>\", …], decimals = { <step> = <places>, … }, lines = [\"<step>\", …] (vectors drawn as lines; log_y = true for a log scale), a [controls] table (<input> = { slider = [lo, hi] }, { toggle = true } or { choice = [0, 1], labels = [\"…\", \"…\"] }), a [views] table (<step> = \"table\", \"heatmap\", \"bars\", \"line\", \"scatter\", \"arrows\", \"contour\", { heatmap = true, masked = \"<step>\" }, { line = true, reference = \"<step>\", diverged = \"<step>\" } or { contour = true, x = \"<step>\", y = \"<step>\", path = \"<step>\", levels = <count>, optimum = \"<step>\", directions = \"<step>\", x_label = \"…\", y_label = \"…\" }), highlight = { step = \"<step holding a position>\", says = \"<tag>\" }, projection = { step = \"<step drawn as arrows>\", of = \"<step>\", onto = \"<step>\", vector = \"<step>\", scalar = \"<step>\" } and [[sentences]] (after = \"<step>\", says = \"words with {<step>}, {<step>[<position>]} or {<step>[<position>].label}\")",
        )?;
        let (example, span) = self.named_example(&spec.example, body)?;
        let name = &example.name;
        let shown_steps = match &spec.show {
            Some(list) => Some(self.widget_steps(example, list, body)?),
            None => None,
        };
        let places = match &spec.decimals {
            Some(table) => self.widget_decimals(example, table, body)?,
            None => BTreeMap::new(),
        };
        let log_y = spec.log_y.as_ref().is_some_and(|log_y| *log_y.get_ref());
        let presentation = self.widget_presentation(
            example,
            &spec.controls,
            &spec.views,
            shown_steps.as_deref(),
            body,
        )?;
        let highlight = match &spec.highlight {
            Some(key) => Some(self.compute_widget_key(
                example,
                ("highlight", key.span()),
                body,
                |computed| super::widget_presentation::highlight(computed, key),
            )?),
            None => None,
        };
        let sentences = match &spec.sentences {
            Some(key) => Some(self.compute_widget_key(
                example,
                ("sentences", key.span()),
                body,
                |computed| {
                    super::widget_presentation::sentences(computed, shown_steps.as_deref(), key)
                },
            )?),
            None => None,
        };
        let projection = match &spec.projection {
            Some(key) => Some(self.widget_projection(example, key, &presentation, body)?),
            None => None,
        };
        // A `line` view is a line of the one chart `lines` draws.
        let mut line_entries: Vec<&toml::Spanned<String>> =
            spec.lines.iter().flat_map(|list| list.get_ref()).collect();
        let line_views: Vec<toml::Spanned<String>> = presentation
            .views
            .iter()
            .filter(|(_, (view, _))| *view == View::Line)
            .map(|(step, (_, span))| toml::Spanned::new(span.clone(), step.clone()))
            .filter(|step| {
                !line_entries
                    .iter()
                    .any(|listed| listed.get_ref() == step.get_ref())
            })
            .collect();
        line_entries.extend(&line_views);
        let lines_span = match (&spec.lines, line_views.first()) {
            (Some(list), _) => Some(list.span()),
            (None, Some(first)) => Some(first.span()),
            (None, None) => None,
        };
        let lines = match (lines_span, &spec.log_y) {
            (Some(list_span), _) => Some(self.widget_lines(
                example,
                &line_entries,
                list_span,
                shown_steps.as_deref(),
                (log_y, &presentation.line_marks),
                body,
            )?),
            (None, Some(log_y)) => {
                self.problems.push(
                    Diagnostic::at(
                        self.file,
                        body.file_span(log_y.span()),
                        "`log_y` sets the scale of the widget's lines, and it draws none",
                    )
                    .with_help(
                        "add lines = [\"<step>\"] to draw a vector step as a line, or remove log_y",
                    ),
                );
                return None;
            }
            (None, None) => None,
        };
        let mut kind = widget_kind(example);
        for script in kind.scripts {
            if !self.scripts.contains(script) {
                self.scripts.push(script);
            }
        }
        self.stylesheets.insert(WIDGET_STYLESHEET);
        let figures = presentation.figures();
        // A compute example's views are its widget block's; a kind's are the ones its block
        // presets in its data (a softmax's bars, a descent's contour, a vectors example's
        // arrows), and it may preset lines (a descent's loss curve).
        let drawn: Vec<(String, View)> = match &example.evaluated {
            Evaluated::Compute(_) => (figures.iter())
                .map(|(step, view)| (step.to_string(), *view))
                .collect(),
            Evaluated::Kind(_) => preset_figures(&example.inputs),
        };
        let in_plane = (drawn.iter()).any(|(_, view)| matches!(view, View::Scatter | View::Arrows));
        let contoured = drawn.iter().any(|(_, view)| *view == View::Contour);
        let no_views = drawn.is_empty();
        let kind_lines = example.inputs.get("lines").is_some();
        let drawing: &[&'static str] = match (lines.is_some() || kind_lines, no_views) {
            (_, false) if in_plane => &[LINE_CHART_SCRIPT, STEP_VIEWS_SCRIPT, PLANE_VIEWS_SCRIPT],
            (_, false) => &[LINE_CHART_SCRIPT, STEP_VIEWS_SCRIPT],
            (true, true) => &[LINE_CHART_SCRIPT],
            (false, true) => &[],
        };
        let contour_script = contoured.then_some(CONTOUR_VIEW_SCRIPT);
        for script in drawing.iter().chain(&contour_script) {
            // Before the widget's own script, which draws with them.
            if !self.scripts.contains(script) {
                let widget = self
                    .scripts
                    .iter()
                    .position(|s| *s == COMPUTE_WIDGET_SCRIPT);
                self.scripts
                    .insert(widget.unwrap_or(self.scripts.len()), script);
            }
            self.stylesheets.insert(FIGURE_STYLESHEET);
        }
        let mut data = example.inputs.clone();
        data["decimals"] = serde_json::Value::from(self.decimals);
        if let Some(kind_lines) = data.get_mut("lines").and_then(|l| l.as_array_mut()) {
            // Each line in its page colour, as the widget block's lines are.
            for line in kind_lines.iter_mut() {
                let step = line["step"].as_str().unwrap_or_default().to_string();
                line["class"] = serde_json::Value::from(self.palette.class(&step));
            }
            data["most_points"] = serde_json::Value::from(figure::MOST_LINE_POINTS);
        }
        if !places.is_empty() {
            data["decimals_of"] = serde_json::json!(places);
        }
        if let (Some(steps), Evaluated::Compute(computed)) = (&shown_steps, &example.evaluated) {
            // Inputs stay (they are the fields); of the steps, only the chosen ones are shown.
            let inputs = computed.input_names();
            kind.shown_without_script
                .retain(|(quantity, _)| steps.contains(quantity) || inputs.contains(quantity));
            data["show"] = serde_json::Value::from(steps.clone());
        }
        if let Evaluated::Compute(computed) = &example.evaluated {
            let drawn: usize = computed
                .step_names()
                .into_iter()
                .filter(|step| {
                    shown_steps
                        .as_ref()
                        .is_none_or(|shown| shown.iter().any(|s| s == step))
                })
                .filter_map(|step| computed.value(step))
                .map(|value| value.len())
                .sum();
            if drawn > MOST_WIDGET_NUMBERS {
                self.problems.push(
                    Diagnostic::at(
                        self.file,
                        span,
                        format!("the widget of \"{name}\" would draw {drawn} numbers; a widget draws at most {MOST_WIDGET_NUMBERS}"),
                    )
                    .with_help("list fewer or smaller steps with show = [\"<step>\", …], or make the example smaller"),
                );
                return None;
            }
            data["most_shown"] = serde_json::Value::from(MOST_WIDGET_NUMBERS);
        }
        if let (Evaluated::Compute(computed), Some(numpy)) = (
            &example.evaluated,
            data.get_mut("numpy").filter(|numpy| numpy.is_object()),
        ) {
            // The snippet ends by printing the steps this widget shows (compute-numpy.js).
            numpy["ending"] =
                super::numpy::ending(computed, shown_steps.as_deref(), self.decimals).into();
        }
        if let Some(highlight) = &highlight {
            data["highlight"] = serde_json::json!(highlight);
        }
        if let Some(sentences) = &sentences {
            data["sentences"] = serde_json::json!(sentences);
        }
        if let Some((step, projection)) = &projection {
            data["projections"] = serde_json::json!({ step: projection });
        }
        presentation.write_data(&mut data);
        if let Some((steps, _)) = &lines {
            let drawn: Vec<serde_json::Value> = steps
                .iter()
                .map(|step| serde_json::json!({ "step": step, "class": self.palette.class(step) }))
                .collect();
            data["lines"] = serde_json::Value::from(drawn);
            data["log_y"] = serde_json::Value::from(log_y);
            data["most_points"] = serde_json::Value::from(figure::MOST_LINE_POINTS);
            if presentation.line_marks != LineMarkSteps::default() {
                data["line_marks"] = presentation.line_marks.json();
            }
        }
        // The build's figures of the steps, for readers without JavaScript and on paper, drawn
        // before the data is written: the page's colours they give the names (a vector's arrow)
        // are the live widget's too. Drawn from the run the widget shows (`widget_run`: the
        // example's own), with the contours, masks and projections the data gives the live
        // widget.
        let mut drawn_steps = String::new();
        let run = widget_run(&example.evaluated);
        for (step, view) in &drawn {
            let contour = (presentation.contours.get(step).cloned())
                .or_else(|| data["contours"].get(step).map(ContourView::from_json));
            let projection = (data.get("projections").and_then(|all| all.get(step)))
                .and_then(|projection| serde_json::from_value(projection.clone()).ok());
            let drawing = StepDrawing {
                contour: contour.as_ref(),
                masked: data["masked"][step].as_str(),
                projection: projection.as_ref(),
                highlight: highlighted(run, &data),
            };
            drawn_steps.push_str(&self.step_figure(run, name, step, *view, drawing));
        }
        // The page's colours, for the arrows (and projections among them) the widget draws,
        // which alone read them: a vector keeps the colour the page's figures gave it.
        let draws_arrows = data
            .get("views")
            .and_then(serde_json::Value::as_object)
            .is_some_and(|views| views.values().any(|view| view == View::Arrows.name()));
        if draws_arrows {
            data["palette"] = serde_json::json!(self.palette.names());
        }
        // `<` never appears raw inside the JSON, so no text can close the <script> element.
        let json = data.to_string().replace('<', "\\u003c");
        let mut html = format!(
            "<figure class=\"worked-widget\" data-widget=\"{}\" data-example=\"{}\">\n<script type=\"application/json\" data-example-data>{json}</script>\n{WITHOUT_SCRIPT_NOTE}\n<div class=\"worked-widget-static\">\n",
            kind.data_widget,
            escape_html(name)
        );
        // The same chart for readers without JavaScript, and on paper.
        if let Some((_, chart)) = &lines {
            html.push_str(chart);
        } else if let Some(preset) = preset_lines(&example.inputs) {
            let run = widget_run(&example.evaluated);
            let (steps, marks) = (&preset.steps, &preset.marks);
            if let Ok(chart) = self.widget_chart(name, run, steps, preset.log_y, marks) {
                html.push_str(&chart);
            }
        }
        html.push_str(&drawn_steps);
        let mut values = String::new();
        for (quantity_name, caption) in &kind.shown_without_script {
            let Some(quantity) = example.evaluated.quantity(quantity_name) else {
                continue;
            };
            // Inputs as the author wrote them, whole numbers without decimals, other computed
            // values at the book's precision.
            let precision = if let Some(places) = places.get(quantity_name) {
                Precision::Decimals(*places)
            } else if example.evaluated.is_input(quantity_name)
                || example.evaluated.is_whole(quantity_name)
            {
                Precision::AsWritten
            } else {
                Precision::Computed(self.decimals)
            };
            let reference = escape_html(&format!("{name}.{quantity_name}"));
            // A head's table is named as the live widget names it: `scores` of `data-head` 2.
            let matrix = match quantity_name
                .split_once('.')
                .and_then(|(head, part)| Some((head.strip_prefix('h')?, part)))
            {
                Some((head, part)) => format!("{part}\" data-head=\"{head}"),
                None => quantity_name.clone(),
            };
            let attributes = format!("data-matrix=\"{matrix}\" data-ref=\"{reference}\"");
            if let Some(table) = quantity_table(&quantity, precision, &attributes, Some(caption)) {
                html.push_str(&table);
                html.push('\n');
            } else if let Some(text) = quantity_prose(&quantity, precision, false) {
                values.push_str(&format!(
                    "<tr><th scope=\"row\">{}</th><td data-value=\"{quantity_name}\" data-ref=\"{reference}\">{}</td></tr>",
                    escape_html(caption),
                    escape_html(&text)
                ));
            }
        }
        if !values.is_empty() {
            // A table with headers, not a bare list: each number is read with its name.
            html.push_str(&format!(
                "<table class=\"worked-values\"><thead><tr><th scope=\"col\">Quantity</th><th scope=\"col\">Value</th></tr></thead><tbody>{values}</tbody></table>\n"
            ));
        }
        // Sentences in words (a softmax's loss) with the build's numbers, as the live widget
        // writes them with the reader's.
        let sentences: Vec<Sentence> = data
            .get("sentences")
            .and_then(|sentences| serde_json::from_value(sentences.clone()).ok())
            .unwrap_or_default();
        for sentence in &sentences {
            if let Some(text) =
                sentence.fill(|step| example.evaluated.quantity(step), self.decimals)
            {
                html.push_str(&format!(
                    "<p class=\"ww-sentence\" data-sentence=\"{}\">{}</p>\n",
                    escape_html(&sentence.after),
                    escape_html(&text)
                ));
            }
        }
        // The lesson's snippet, for readers without JavaScript; the live widget shows its own.
        if let Some(numpy) = self.numpy_details(name, &example.evaluated, shown_steps.as_deref()) {
            html.push_str(&numpy);
        }
        html.push_str("</div>\n</figure>\n");
        Some(html)
    }

    /// The steps a compute widget's `show` list names, checked: each must be a step (not an
    /// input: inputs are always the widget's fields) of a compute example, named once. The
    /// program still runs in full on every edit; `show` only chooses which steps are drawn, so
    /// a lesson whose example carries a long calculation can keep its widget on the part it
    /// teaches.
    fn widget_steps(
        &mut self,
        example: &ExampleBlock,
        list: &toml::Spanned<Vec<toml::Spanned<String>>>,
        body: &BlockText,
    ) -> Option<Vec<String>> {
        let name = &example.name;
        let Evaluated::Compute(computed) = &example.evaluated else {
            self.problems.push(
                Diagnostic::at(
                    self.file,
                    body.file_span(list.span()),
                    format!(
                        "`show` picks the steps of a compute example's widget, but \"{name}\" is a {} example",
                        example.kind.name()
                    ),
                )
                .with_help("remove the show key: this widget shows the whole example"),
            );
            return None;
        };
        let steps = computed.step_names();
        let every_step = || format!("show some of: {}", steps.join(", "));
        if list.get_ref().is_empty() {
            self.problems.push(
                Diagnostic::at(
                    self.file,
                    body.file_span(list.span()),
                    "`show` lists no step, so the widget would show only its inputs",
                )
                .with_help(every_step()),
            );
            return None;
        }
        let mut chosen: Vec<String> = Vec::new();
        for entry in list.get_ref() {
            let step = entry.get_ref();
            let problem = if chosen.contains(step) {
                Some(format!("`{step}` is listed twice"))
            } else if steps.contains(&step.as_str()) {
                None
            } else if computed.value(step).is_some() {
                Some(format!(
                    "`{step}` is an input of \"{name}\": inputs are always the widget's fields, and `show` lists steps"
                ))
            } else {
                Some(format!("\"{name}\" has no step named `{step}`"))
            };
            match problem {
                Some(message) => {
                    self.problems.push(
                        Diagnostic::at(self.file, body.file_span(entry.span()), message)
                            .with_help(every_step()),
                    );
                    return None;
                }
                None => chosen.push(step.clone()),
            }
        }
        Some(chosen)
    }

    /// The steps a compute widget's `lines` list draws as a line chart (one chart, a line
    /// each, as a figure block's `step = [...]`), checked: each a step of a compute example,
    /// named once, among the `show` list when there is one, and a vector whose lesson values
    /// the chart can draw (finite, not below 0 with `log_y`, at most
    /// [`figure::MOST_LINE_POINTS`] in all). With the steps comes the build's chart of them,
    /// for readers without JavaScript.
    fn widget_lines(
        &mut self,
        example: &ExampleBlock,
        list: &[&toml::Spanned<String>],
        list_span: Range<usize>,
        shown: Option<&[String]>,
        (log_y, marks): (bool, &LineMarkSteps),
        body: &BlockText,
    ) -> Option<(Vec<String>, String)> {
        let name = &example.name;
        let problem = |at: &Range<usize>, message: String, help: String| {
            Diagnostic::at(self.file, body.file_span(at.clone()), message).with_help(help)
        };
        let Evaluated::Compute(computed) = &example.evaluated else {
            let diagnostic = problem(
                &list_span,
                format!(
                    "`lines` draws steps of a compute example, but \"{name}\" is a {} example",
                    example.kind.name()
                ),
                "remove the lines key".to_string(),
            );
            self.problems.push(diagnostic);
            return None;
        };
        let steps = computed.step_names();
        let vectors: Vec<&str> = steps
            .iter()
            .copied()
            .filter(|step| matches!(computed.value(step), Some(Value::Vector(_))))
            .filter(|step| shown.is_none_or(|shown| shown.iter().any(|s| s == step)))
            .collect();
        let help = || {
            if vectors.is_empty() {
                "no step it shows is a vector; remove the lines key".to_string()
            } else {
                format!("draw some of: {}", vectors.join(", "))
            }
        };
        if list.is_empty() {
            let diagnostic = problem(&list_span, "`lines` lists no step".to_string(), help());
            self.problems.push(diagnostic);
            return None;
        }
        let mut chosen: Vec<String> = Vec::new();
        for entry in list {
            let step = entry.get_ref();
            let message = match computed.value(step) {
                _ if chosen.contains(step) => Some(format!("`{step}` is listed twice")),
                None => Some(format!("\"{name}\" has no step named `{step}`")),
                Some(_) if !steps.contains(&step.as_str()) => Some(format!(
                    "`{step}` is an input of \"{name}\": inputs are the widget's fields, and `lines` draws steps"
                )),
                Some(_) if shown.is_some_and(|shown| !shown.contains(step)) => Some(format!(
                    "`{step}` is not in the widget's `show` list, so it is not drawn at all"
                )),
                Some(Value::Vector(_)) => None,
                Some(value) => Some(format!(
                    "`{step}` is a {}, and a line draws a vector (one value per step)",
                    value.describe_shape()
                )),
            };
            if let Some(message) = message {
                let diagnostic = problem(&entry.span(), message, help());
                self.problems.push(diagnostic);
                return None;
            }
            chosen.push(step.clone());
        }
        match self.widget_chart(name, computed, &chosen, log_y, marks) {
            Ok(chart) => Some((chosen, chart)),
            Err(error) => {
                let diagnostic = problem(&list_span, error.message, error.help);
                self.problems.push(diagnostic);
                None
            }
        }
    }

    /// The build's line chart of a widget's lines (a compute widget's `lines`, a kind's preset
    /// ones), from the run it shows, for readers without JavaScript and on paper: the figure
    /// the live chart (line-chart.js) twins.
    fn widget_chart(
        &mut self,
        name: &str,
        run: &Computed,
        steps: &[String],
        log_y: bool,
        marks: &LineMarkSteps,
    ) -> Result<String, figure::FigureError> {
        self.figures += 1;
        let options = self.step_figure_options(name);
        let values = line_values(run, steps);
        let marks = line_marks(run, marks);
        figure::lines_figure(
            &line_series(&values),
            log_y,
            &marks,
            &options,
            &mut self.palette,
        )
    }

    /// A compute widget's `decimals` table: the steps printed at more (or fewer) places than the
    /// book's, such as two losses whose difference is the point (`loss_up`, `loss_down`).
    fn widget_decimals(
        &mut self,
        example: &ExampleBlock,
        table: &toml::Spanned<BTreeMap<String, toml::Spanned<usize>>>,
        body: &BlockText,
    ) -> Option<BTreeMap<String, usize>> {
        let Evaluated::Compute(computed) = &example.evaluated else {
            self.problems.push(
                Diagnostic::at(
                    self.file,
                    body.file_span(table.span()),
                    format!(
                        "`decimals` sets the places of a compute example's steps, but \"{}\" is a {} example",
                        example.name,
                        example.kind.name()
                    ),
                )
                .with_help("remove the decimals key: this widget prints at the book's decimals"),
            );
            return None;
        };
        let steps = computed.step_names();
        let mut places = BTreeMap::new();
        for (step, count) in table.get_ref() {
            let problem = if !steps.contains(&step.as_str()) {
                Some((
                    format!("\"{}\" has no step named `{step}`", example.name),
                    format!("set the decimals of some of: {}", steps.join(", ")),
                ))
            } else if *count.get_ref() > MAX_WIDGET_DECIMALS {
                Some((
                    format!("{} decimals is more than an f64 holds", count.get_ref()),
                    format!("use at most {MAX_WIDGET_DECIMALS}"),
                ))
            } else {
                None
            };
            if let Some((message, help)) = problem {
                self.problems.push(
                    Diagnostic::at(self.file, body.file_span(count.span()), message)
                        .with_help(help),
                );
                return None;
            }
            places.insert(step.clone(), *count.get_ref());
        }
        Some(places)
    }

    /// Reads the TOML of a widget or figure block; a problem is recorded at its place.
    fn block_spec<T: serde::de::DeserializeOwned>(
        &mut self,
        body: &BlockText,
        what: &str,
        help: &str,
    ) -> Option<T> {
        match toml::from_str(&body.text) {
            Ok(spec) => Some(spec),
            Err(error) => {
                let span = body.file_span(error.span().unwrap_or(0..0));
                self.problems.push(
                    Diagnostic::at(
                        self.file,
                        span,
                        format!("invalid {what}: {}", error.message().trim()),
                    )
                    .with_help(help),
                );
                None
            }
        }
    }

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

    /// The example a widget or figure names, with the file span of the name. An example whose
    /// own block failed was reported there already, so it is skipped quietly.
    fn named_example(
        &mut self,
        name: &toml::Spanned<String>,
        body: &BlockText,
    ) -> Option<(&'x ExampleBlock, Range<usize>)> {
        let span = body.file_span(name.span());
        let examples = self.examples;
        if let Some(example) = examples
            .iter()
            .find(|example| &example.name == name.get_ref())
        {
            return Some((example, span));
        }
        if !self.failed_examples.contains(name.get_ref()) {
            self.problems.push(
                Diagnostic::at(
                    self.file,
                    span,
                    format!("no example named \"{}\" in this lesson", name.get_ref()),
                )
                .with_help(example_names(examples)),
            );
        }
        None
    }

    /// A ` ```figure ` block: an inline SVG picture of an example's numbers, drawn now.
    pub(super) fn figure(&mut self, body: &BlockText) -> Option<String> {
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
            let drawn = match (&example.evaluated, &spec.step, &spec.shapes) {
                (_, Some(step), _) => Err((
                    "a figure draws one step or the graph of several, not both".to_string(),
                    "remove step, or remove graph".to_string(),
                    body.file_span(step.span()),
                )),
                (_, None, Some(shapes)) => Err((
                    "a figure draws the shapes of values or their graph, not both".to_string(),
                    "remove shapes, or remove graph".to_string(),
                    body.file_span(shapes.span()),
                )),
                (Evaluated::Compute(computed), None, None) => {
                    graph_figure(computed, graph, spec.gradients.as_ref(), body, &options)
                }
                (_, None, None) => Err((
                    format!(
                        "`graph` draws steps of a compute example, but \"{name}\" is a {} example",
                        example.kind.name()
                    ),
                    "remove the graph key: this figure draws the whole example".to_string(),
                    body.file_span(graph.span()),
                )),
            };
            let drawn = axis_words_drawn(drawn, axis_keys, body);
            return self.placed_figure(on_heatmap(drawn, &heatmap_keys, body));
        }
        if let Some(shapes) = &spec.shapes {
            let drawn = match (&example.evaluated, &spec.step) {
                (_, Some(step)) => Err((
                    "a figure draws one step or the shapes of several, not both".to_string(),
                    "remove step, or remove shapes".to_string(),
                    body.file_span(step.span()),
                )),
                (Evaluated::Compute(computed), None) => shape_lines(computed, shapes, body)
                    .and_then(|lines| {
                        figure::shapes_figure(&lines, &options).map_err(|error| {
                            (error.message, error.help, body.file_span(shapes.span()))
                        })
                    }),
                (_, None) => Err((
                    format!(
                        "`shapes` draws values of a compute example, but \"{name}\" is a {} example",
                        example.kind.name()
                    ),
                    "remove the shapes key: this figure draws the whole example".to_string(),
                    body.file_span(shapes.span()),
                )),
            };
            let drawn = axis_words_drawn(drawn, axis_keys, body);
            return self.placed_figure(on_heatmap(drawn, &heatmap_keys, body));
        }
        let drawn = match (&example.evaluated, &spec.step) {
            (Evaluated::Compute(computed), Some(step)) => {
                let span = body.file_span(step.span());
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
                .map_err(|(message, help)| (message, help, span))
            }
            (Evaluated::Compute(computed), None) => Err((
                format!("a figure of the compute example \"{name}\" needs the step to draw"),
                format!(
                    "add step = \"{}\" (a matrix draws as a heatmap, a vector as bars)",
                    computed.step_names().last().copied().unwrap_or("…")
                ),
                span.clone(),
            )),
            (_, Some(step)) => Err((
                format!(
                    "`step` names a step of a compute example, but \"{name}\" is a {} example",
                    example.kind.name()
                ),
                "remove the step key: this figure draws the whole example".to_string(),
                body.file_span(step.span()),
            )),
            (_, None) => self
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
        let Evaluated::Compute(computed) = &example.evaluated else {
            let at = panels
                .as_ref()
                .map(|key| key.span())
                .or(scatter.as_ref().map(|key| key.span()))
                .unwrap_or_default();
            return Err((
                format!(
                    "a scatter or panels draw steps of a compute example, but \"{}\" is a {} example",
                    example.name,
                    example.kind.name()
                ),
                "remove the key: this figure draws the whole example".to_string(),
                body.file_span(at),
            ));
        };
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
