//! A compute widget's presentation, from its widget block: how each input is edited
//! (`[controls]`), how each step is drawn (`[views]`, with a line's marks and a contour's
//! parts), the words under a step (`[[sentences]]`), an entry marked (`highlight`) and a
//! projection among arrows (`projection`), each checked against the lesson's own values so the
//! author hears of a slider that cannot reach the example's number at the key, not a reader at
//! the page. This module is the glue to the [`Expander`]: it records each problem at its key.
//!
//! A control is a domain of the input's values plus how it is picked; an input's declared
//! domain (issue 42's `min`, `choice`) can feed the same [`Control`] later.

mod controls;
mod highlight;
mod marks;
mod projection;
mod sentences;
mod views;

pub(super) use controls::{Control, ControlsKey};
pub(super) use highlight::{highlight, highlighted, Highlight, HighlightKey};
pub(super) use marks::{contour_key, ContourKey, ContourView, LineMarkSteps};
pub(super) use projection::{projected_arrows, projection, ProjectionKey, ProjectionView};
pub(super) use sentences::{sentences, Sentence, SentencesKey};
pub(super) use views::{view_figure, view_panel, View, ViewsKey};

use super::Expander;
use crate::base::diagnostics::Diagnostic;
use crate::compute::computed::Computed;
use crate::compute::lang::Value;
use crate::compute::Evaluated;
use crate::compute::Quantity;
use crate::expand::blocks::{BlockText, ExampleBlock};
use crate::present::figure::FigureOptions;
use controls::controls;
use std::collections::BTreeMap;
use std::ops::Range;
use views::{views, ViewParts};

/// A widget's controls by input and views by step (with the span of each view's value), and
/// the parts of each contour view.
#[derive(Debug, Default)]
pub(super) struct Presentation {
    pub controls: BTreeMap<String, Control>,
    pub views: BTreeMap<String, (View, Range<usize>)>,
    pub contours: BTreeMap<String, ContourView>,
    /// A heatmap's mask: the step whose −∞ entries mark the drawn step's masked entries.
    pub masks: BTreeMap<String, String>,
    /// The marks of the one line chart, as a `line` view's table names them.
    pub line_marks: LineMarkSteps,
}

impl Presentation {
    /// The steps drawn as a build-time figure and its live twin (all views but tables and
    /// lines, which the one line chart draws).
    pub fn figures(&self) -> Vec<(&str, View)> {
        self.views
            .iter()
            .filter(|(_, (view, _))| !matches!(view, View::Table | View::Line))
            .map(|(step, (view, _))| (step.as_str(), *view))
            .collect()
    }

    /// What the live widget reads of this presentation, written into its `data`: the control
    /// of each input, the view of each step of [`Presentation::figures`], each contour's parts
    /// and each heatmap's mask; a key with none is left out.
    pub fn write_data(&self, data: &mut serde_json::Value) {
        let figures = self.figures();
        if !self.controls.is_empty() {
            data["controls"] = (self.controls.iter())
                .map(|(input, control)| (input.clone(), control.json()))
                .collect();
        }
        if !figures.is_empty() {
            data["views"] = (figures.iter())
                .map(|(step, view)| (step.to_string(), view.name()))
                .collect();
        }
        if !self.contours.is_empty() {
            data["contours"] = (self.contours.iter())
                .map(|(step, contour)| (step.clone(), contour.json()))
                .collect();
        }
        if !self.masks.is_empty() {
            data["masked"] = serde_json::json!(self.masks);
        }
    }
}

impl Expander<'_> {
    /// The widget block's `[controls]` and `[views]`, checked; a problem is recorded at its key.
    pub(super) fn widget_presentation(
        &mut self,
        example: &ExampleBlock,
        controls_key: &Option<ControlsKey>,
        views_key: &Option<ViewsKey>,
        shown: Option<&[String]>,
        body: &BlockText,
    ) -> Option<Presentation> {
        let mut presentation = Presentation::default();
        if controls_key.is_none() && views_key.is_none() {
            return Some(presentation);
        }
        let key = (controls_key.as_ref().map(|key| key.span()))
            .or_else(|| views_key.as_ref().map(|key| key.span()))
            .unwrap_or_default();
        let refused = (
            "[controls] and [views] shape the widget of a compute example",
            "remove them: this kind's widget has its own controls",
        );
        let options = self.step_figure_options(&example.name);
        let checked = compute_run(example, key, refused).and_then(|computed| {
            let found = (controls_key.as_ref())
                .map(|key| controls(computed, key, &example.inputs["domains"]))
                .transpose()?;
            presentation.controls = found.unwrap_or_default();
            (views_key.as_ref())
                .map(|key| views(computed, key, shown, &options))
                .transpose()
        });
        let views = self.recorded(checked, body)?;
        for (step, (view, span, parts)) in views.unwrap_or_default() {
            match parts {
                ViewParts::Contour(contour) => {
                    presentation.contours.insert(step.clone(), contour);
                }
                ViewParts::Heatmap {
                    masked: Some(masked),
                } => {
                    presentation.masks.insert(step.clone(), masked);
                }
                ViewParts::Line(marks) => {
                    // One chart takes one reference and one divergence.
                    let taken = |mine: &Option<String>, theirs: &Option<String>| {
                        mine.is_some() && theirs.is_some()
                    };
                    let held = &presentation.line_marks;
                    if taken(&marks.reference, &held.reference)
                        || taken(&marks.diverged, &held.diverged)
                    {
                        self.problems.push(
                            Diagnostic::at(
                                self.file,
                                body.file_span(span),
                                "the widget's lines are one chart, and another line view already marks it",
                            )
                            .with_help("give `reference` and `diverged` to one line view"),
                        );
                        return None;
                    }
                    presentation.line_marks = LineMarkSteps {
                        reference: marks.reference.or(held.reference.clone()),
                        diverged: marks.diverged.or(held.diverged.clone()),
                    };
                }
                ViewParts::Heatmap { masked: None } | ViewParts::None => {}
            }
            presentation.views.insert(step, (view, span));
        }
        Some(presentation)
    }

    /// The value a key's check gave, or its problem recorded at the key.
    fn recorded<T>(&mut self, checked: Result<T, KeyProblem>, body: &BlockText) -> Option<T> {
        checked
            .map_err(|(message, help, span)| {
                self.problems
                    .push(Diagnostic::at(self.file, body.file_span(span), message).with_help(help));
            })
            .ok()
    }

    /// A widget block's key that only a compute example's widget takes (`show`, `decimals`,
    /// `highlight`…), checked by `check` if given; `None` when a problem is recorded at the
    /// key. A kind's example is refused it with `refused`: what the key does (the message
    /// names the example's kind after it) and the help, how its widget does without it.
    pub(super) fn compute_widget_key<K, T>(
        &mut self,
        example: &ExampleBlock,
        key: Option<&toml::Spanned<K>>,
        refused: (&str, &str),
        body: &BlockText,
        check: impl FnOnce(&Computed, &toml::Spanned<K>) -> Result<T, KeyProblem>,
    ) -> Option<Option<T>> {
        let Some(key) = key else { return Some(None) };
        let checked = |computed| check(computed, key);
        self.compute_only(example, key.span(), refused, body, checked)
            .map(Some)
    }

    /// [`Self::compute_widget_key`] for entries at `span` that need not be one key's (a
    /// widget's `lines` and its `line` views draw one chart): what `check` makes of a compute
    /// example's run, or `None` when a problem is recorded. The result may hold the run itself,
    /// for the widget to draw what it checked.
    pub(super) fn compute_only<'e, T>(
        &mut self,
        example: &'e ExampleBlock,
        span: Range<usize>,
        refused: (&str, &str),
        body: &BlockText,
        check: impl FnOnce(&'e Computed) -> Result<T, KeyProblem>,
    ) -> Option<T> {
        let checked = compute_run(example, span, refused).and_then(check);
        self.recorded(checked, body)
    }

    /// What a figure in a widget (a step's, its line chart) is drawn with: no caption, no
    /// label, since the widget's code line names it.
    pub(super) fn step_figure_options(&self, example: &str) -> FigureOptions {
        FigureOptions::new(
            example,
            format!("wf-{example}-{}", self.figures),
            self.decimals,
        )
    }

    /// The build's figure of `step` as `view` (checked drawable by [`views()`]), for readers
    /// without JavaScript; the live widget draws its twin in its place.
    pub(super) fn step_figure(
        &mut self,
        computed: &Computed,
        example: &str,
        step: &str,
        view: View,
        drawing: StepDrawing,
    ) -> String {
        self.figures += 1;
        let options = FigureOptions {
            highlight: drawing.highlight.filter(|_| view == View::Bars),
            ..self.step_figure_options(example)
        };
        let palette = &mut self.palette;
        match drawing.projection {
            Some(projection) => projected_arrows(computed, step, projection, &options, palette),
            None => view_figure(
                computed,
                step,
                view,
                (drawing.contour, drawing.masked),
                &options,
                palette,
            ),
        }
        .unwrap_or_default()
    }
}

/// What a step's build-time figure in a widget draws besides the step: a contour's grid and
/// path, the step whose −∞ entries a heatmap hatches, a projection among arrows.
pub(super) struct StepDrawing<'a> {
    pub contour: Option<&'a ContourView>,
    pub masked: Option<&'a str>,
    pub projection: Option<&'a ProjectionView>,
    /// The entry a bar chart draws bold, with its tag ([`highlighted`]).
    pub highlight: Option<(usize, String)>,
}

/// The run of a compute example, for a key at `span` that only a compute example takes (a
/// widget's `show` or `[controls]`, a figure's `step` or `graph`…). A kind's example is
/// refused the key here, the one place such a refusal is worded: what the key `does`, then
/// what the example is instead, and the `help`, how the block does without the key.
pub(super) fn compute_run<'e>(
    example: &'e ExampleBlock,
    span: Range<usize>,
    (does, help): (&str, &str),
) -> Result<&'e Computed, KeyProblem> {
    match &example.evaluated {
        Evaluated::Compute(computed) => Ok(computed),
        _ => Err((
            format!(
                "{does}, but \"{}\" is a {} example",
                example.name,
                example.kind.name()
            ),
            help.to_string(),
            span,
        )),
    }
}

/// A problem at a key: message, help, span within the block's text.
pub(super) type KeyProblem = (String, String, Range<usize>);

/// Whether `x` can be a 0-based position (a highlight's, a sentence's entry's, a projection's
/// row, a line's divergence): a whole number from 0.
fn is_position(x: f64) -> bool {
    x >= 0.0 && x.fract() == 0.0
}

/// The position a step's value holds, a whole number or a count, as a widget reads it.
fn held_position(quantity: &Quantity) -> Option<usize> {
    match quantity {
        Quantity::Scalar(x) if is_position(*x) => Some(*x as usize),
        Quantity::Count(n) => Some(*n),
        _ => None,
    }
}

/// `x` as the lesson writes it in prose, to quote it in a problem.
fn as_written(x: f64) -> String {
    crate::present::format_number(
        x,
        crate::present::Precision::AsWritten,
        crate::present::Style::Prose,
    )
}

/// The values of `computed` that `fits`, as a problem's help lists them to name one, or
/// `otherwise` when none does.
fn name_one_of(computed: &Computed, fits: impl Fn(&Value) -> bool, otherwise: &str) -> String {
    let found: Vec<&str> = computed
        .values
        .iter()
        .filter(|(_, _, value)| fits(value))
        .map(|(name, _, _)| name.as_str())
        .collect();
    if found.is_empty() {
        otherwise.to_string()
    } else {
        format!("name one of: {}", found.join(", "))
    }
}

/// A `key = false` that says no `what`: the problem, with help to write `key = true` or
/// `otherwise`.
fn said_off(key: &str, what: &str, otherwise: &str, span: Range<usize>) -> KeyProblem {
    (
        format!("`{key} = false` says no {what}"),
        format!("write {key} = true, or {otherwise}"),
        span,
    )
}

#[cfg(test)]
mod tests;
