//! A ` ```widget ` block: the mount point of a reader-side widget, with the example's inputs
//! and presentation as JSON, the scripts that draw it, and the lesson's own values and figures
//! for readers without JavaScript.

use super::FIGURE_STYLESHEET;
use crate::base::diagnostics::Diagnostic;
use crate::base::html::escape_html;
use crate::compute::computed::{Computed, Origin};
use crate::compute::lang::Value;
use crate::compute::Evaluated;
use crate::expand::blocks::{BlockText, ExampleBlock};
use crate::expand::kind_figures::{
    line_marks, line_series, line_values, preset_figures, preset_lines, widget_run,
};
use crate::expand::widget_presentation::{
    self, highlighted, ContourView, ControlsKey, HighlightKey, KeyProblem, LineMarkSteps,
    ProjectionKey, Sentence, SentencesKey, StepDrawing, View, ViewsKey,
};
use crate::expand::Expander;
use crate::present::figure;
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
/// ([`ParsedExample::shown`](crate::expand::blocks::ParsedExample::shown)), a compute example
/// every value.
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
                crate::expand::numpy::NUMPY_SCRIPT,
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
/// The script that says how an entry of a compute widget's step was computed. It must be
/// listed before [`COMPUTE_WIDGET_SCRIPT`]: compute-widget.js reads the shape of values
/// (`stepExplain.isMatrix`, `asRows`) from it as it loads, not when a widget starts.
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

/// More places than this print digits an f64 does not have.
const MAX_WIDGET_DECIMALS: usize = 15;

/// The help that refuses a compute widget's marks and words (`highlight`, `sentences`,
/// `projection`) to a kind's example.
const MARKS_ITSELF: &str = "remove it: this kind's widget marks and words what it needs itself";

impl<'x> Expander<'x> {
    /// A ` ```widget ` block: the live widget's mount point, with the inputs as JSON and the
    /// generated matrices for readers without JavaScript.
    pub(in crate::expand) fn widget(&mut self, body: &BlockText) -> Option<String> {
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
        let shown_steps = self.compute_widget_key(
            example,
            spec.show.as_ref(),
            (
                "`show` picks the steps of a compute example's widget",
                "remove the show key: this widget shows the whole example",
            ),
            body,
            |computed, list| widget_steps(name, computed, list),
        )?;
        let places = self
            .compute_widget_key(
                example,
                spec.decimals.as_ref(),
                (
                    "`decimals` sets the places of a compute example's steps",
                    "remove the decimals key: this widget prints at the book's decimals",
                ),
                body,
                |computed, table| widget_decimals(name, computed, table),
            )?
            .unwrap_or_default();
        let log_y = spec.log_y.as_ref().is_some_and(|log_y| *log_y.get_ref());
        let presentation = self.widget_presentation(
            example,
            &spec.controls,
            &spec.views,
            shown_steps.as_deref(),
            body,
        )?;
        let highlight = self.compute_widget_key(
            example,
            spec.highlight.as_ref(),
            (
                "`highlight` belongs to a compute example's widget",
                MARKS_ITSELF,
            ),
            body,
            widget_presentation::highlight,
        )?;
        let sentences = self.compute_widget_key(
            example,
            spec.sentences.as_ref(),
            (
                "`sentences` belongs to a compute example's widget",
                MARKS_ITSELF,
            ),
            body,
            |computed, key| widget_presentation::sentences(computed, shown_steps.as_deref(), key),
        )?;
        let options = self.step_figure_options(name);
        let projection = self.compute_widget_key(
            example,
            spec.projection.as_ref(),
            (
                "`projection` belongs to a compute example's widget",
                MARKS_ITSELF,
            ),
            body,
            |computed, key| widget_presentation::projection(computed, key, &presentation, &options),
        )?;
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
                (list_span, &line_entries),
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
        let draws_lines = lines.is_some() || example.inputs.get("lines").is_some();
        self.widget_scripts(kind.scripts, &drawn, draws_lines);
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
                crate::expand::numpy::ending(computed, shown_steps.as_deref(), self.decimals)
                    .into();
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
        html.push_str(&values_without_script(
            example,
            &kind.shown_without_script,
            &places,
            self.decimals,
        ));
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

    /// Puts the scripts and stylesheets a widget needs on the page: its kind's `scripts`, then
    /// those that draw its `drawn` views and its lines (`draws_lines`), before the widget's own.
    fn widget_scripts(
        &mut self,
        scripts: &[&'static str],
        drawn: &[(String, View)],
        draws_lines: bool,
    ) {
        for script in scripts {
            if !self.scripts.contains(script) {
                self.scripts.push(script);
            }
        }
        self.stylesheets.insert(WIDGET_STYLESHEET);
        let in_plane = (drawn.iter()).any(|(_, view)| matches!(view, View::Scatter | View::Arrows));
        let contoured = drawn.iter().any(|(_, view)| *view == View::Contour);
        let no_views = drawn.is_empty();
        let drawing: &[&'static str] = match (draws_lines, no_views) {
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
    }

    /// The steps a compute widget's `lines` list and `line` views (`entries`, at `span`) draw
    /// as a line chart, checked ([`line_steps`]), with the build's chart of them from the run
    /// they were checked against, for readers without JavaScript.
    fn widget_lines(
        &mut self,
        example: &ExampleBlock,
        (span, entries): (Range<usize>, &[&toml::Spanned<String>]),
        shown: Option<&[String]>,
        (log_y, marks): (bool, &LineMarkSteps),
        body: &BlockText,
    ) -> Option<(Vec<String>, String)> {
        let (chosen, run) = self.compute_only(
            example,
            span.clone(),
            (
                "`lines` draws steps of a compute example",
                "remove the lines key",
            ),
            body,
            |computed| {
                let chosen = line_steps(&example.name, computed, (span.clone(), entries), shown)?;
                Ok((chosen, computed))
            },
        )?;
        match self.widget_chart(&example.name, run, &chosen, log_y, marks) {
            Ok(chart) => Some((chosen, chart)),
            Err(error) => {
                self.problems.push(
                    Diagnostic::at(self.file, body.file_span(span), error.message)
                        .with_help(error.help),
                );
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
}

/// The steps a compute widget's `lines` list draws as a line chart (one chart, a line each, as
/// a figure block's `step = [...]`), checked: each a step of the compute example `name`, named
/// once, among the `show` list when there is one, and a vector whose lesson values the chart
/// can draw (finite, not below 0 with `log_y`, at most [`figure::MOST_LINE_POINTS`] in all:
/// the chart checks that).
fn line_steps(
    name: &str,
    computed: &Computed,
    (span, entries): (Range<usize>, &[&toml::Spanned<String>]),
    shown: Option<&[String]>,
) -> Result<Vec<String>, KeyProblem> {
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
    if entries.is_empty() {
        return Err(("`lines` lists no step".to_string(), help(), span));
    }
    let mut chosen: Vec<String> = Vec::new();
    for entry in entries {
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
            return Err((message, help(), entry.span()));
        }
        chosen.push(step.clone());
    }
    Ok(chosen)
}

/// The steps a compute widget's `show` list names, checked: each must be a step (not an
/// input: inputs are always the widget's fields) of the compute example `name`, named once.
/// The program still runs in full on every edit; `show` only chooses which steps are drawn, so
/// a lesson whose example carries a long calculation can keep its widget on the part it
/// teaches.
fn widget_steps(
    name: &str,
    computed: &Computed,
    list: &toml::Spanned<Vec<toml::Spanned<String>>>,
) -> Result<Vec<String>, KeyProblem> {
    let steps = computed.step_names();
    let every_step = || format!("show some of: {}", steps.join(", "));
    if list.get_ref().is_empty() {
        return Err((
            "`show` lists no step, so the widget would show only its inputs".to_string(),
            every_step(),
            list.span(),
        ));
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
            Some(message) => return Err((message, every_step(), entry.span())),
            None => chosen.push(step.clone()),
        }
    }
    Ok(chosen)
}

/// A compute widget's `decimals` table: the steps of the example `name` printed at more (or
/// fewer) places than the book's, such as two losses whose difference is the point
/// (`loss_up`, `loss_down`).
fn widget_decimals(
    name: &str,
    computed: &Computed,
    table: &toml::Spanned<BTreeMap<String, toml::Spanned<usize>>>,
) -> Result<BTreeMap<String, usize>, KeyProblem> {
    let steps = computed.step_names();
    let mut places = BTreeMap::new();
    for (step, count) in table.get_ref() {
        if !steps.contains(&step.as_str()) {
            return Err((
                format!("\"{name}\" has no step named `{step}`"),
                format!("set the decimals of some of: {}", steps.join(", ")),
                count.span(),
            ));
        }
        if *count.get_ref() > MAX_WIDGET_DECIMALS {
            return Err((
                format!("{} decimals is more than an f64 holds", count.get_ref()),
                format!("use at most {MAX_WIDGET_DECIMALS}"),
                count.span(),
            ));
        }
        places.insert(step.clone(), *count.get_ref());
    }
    Ok(places)
}

/// The lesson's own values for readers without JavaScript: a table for each `shown` quantity
/// that is one (with its caption), and one table of the numbers, each beside its name; at the
/// widget's `places` where it gives them, the book's `decimals` else.
fn values_without_script(
    example: &ExampleBlock,
    shown: &[(String, String)],
    places: &BTreeMap<String, usize>,
    decimals: usize,
) -> String {
    let name = &example.name;
    let mut html = String::new();
    let mut values = String::new();
    for (quantity_name, caption) in shown {
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
            Precision::Computed(decimals)
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
    html
}
