//! A compute widget's `[controls]` and `[views]` tables: how each input is edited (a number
//! field per entry, a slider, a checkbox, radio buttons) and how each step is drawn (a table, a
//! heatmap, bars, a line, a scatter, arrows, a contour), checked against the lesson's own values so the author hears of a
//! slider that cannot reach the example's number at the key, not a reader at the page.
//!
//! A control is a domain of the input's values plus how it is picked; an input's declared
//! domain (issue 42's `min`, `choice`) can feed the same [`Control`] later.

use super::Expander;
use crate::base::diagnostics::Diagnostic;
use crate::compute::computed::{Computed, LabelSides, Origin, Side};
use crate::compute::lang::Value;
use crate::compute::Evaluated;
use crate::compute::Quantity;
use crate::expand::blocks::domain::Domain;
use crate::expand::blocks::{BlockText, ExampleBlock};
use crate::expand::figure_plots::{one_line, LONGEST_AXIS_LABEL};
use crate::present::figure::{
    arrows_step_figure, contour_step_panel, diverged_step, heatmap_panel, quantity_panel,
    scatter_step_figure, AxisText, ContourParts, FigureError, FigureOptions, HeatmapWords,
    LineMarks, Palette, Projected, DEFAULT_LEVELS,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;
use std::ops::Range;

/// One entry of `[controls]`, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ControlSpec {
    slider: Option<toml::Spanned<[f64; 2]>>,
    log: Option<toml::Spanned<bool>>,
    marks: Option<toml::Spanned<Vec<f64>>>,
    toggle: Option<toml::Spanned<bool>>,
    choice: Option<toml::Spanned<Vec<f64>>>,
    labels: Option<toml::Spanned<Vec<String>>>,
    names: Option<toml::Spanned<String>>,
}

pub(super) type ControlsKey =
    toml::Spanned<BTreeMap<toml::Spanned<String>, toml::Spanned<ControlSpec>>>;
pub(super) type ViewsKey = toml::Spanned<BTreeMap<toml::Spanned<String>, toml::Spanned<ViewEntry>>>;

/// One entry of `[views]`, as written: a view's name (`"heatmap"`), or a table: a heatmap with
/// the step whose −∞ entries mark the masked ones (`{ heatmap = true, masked = "scores" }`), a
/// line with its marks (`{ line = true, reference = "optimum_loss", diverged = "diverged_at" }`),
/// or a contour with the steps of its grid's x and y, a path over it and how many levels
/// (`{ contour = true, x = "xs", y = "ys", path = "P", levels = 8 }`).
#[derive(Debug)]
pub(super) enum ViewEntry {
    Named(String),
    Table(Box<ViewSpec>),
}

/// What a line chart marks, by the steps that hold it (a `line` view's `reference` and
/// `diverged`): the scalar step drawn as a dashed line, and the scalar step that is 0 while a
/// run goes through and else the step at which it diverged (as a kind's `notes` say it).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct LineMarkSteps {
    pub reference: Option<String>,
    pub diverged: Option<String>,
}

impl LineMarkSteps {
    /// The JSON compute-widget.js reads (`line_marks`).
    pub(crate) fn json(&self) -> serde_json::Value {
        json!({ "reference": self.reference, "diverged": self.diverged })
    }

    /// The marks of a chart whose values `value` gives by name: the reference where it is a
    /// finite number, the divergence where it names a step ([`diverged_step`]).
    pub(crate) fn marks<'a>(&'a self, value: impl Fn(&str) -> Option<f64>) -> LineMarks<'a> {
        LineMarks {
            reference: self
                .reference
                .as_deref()
                .and_then(|name| Some((name, value(name)?))),
            diverged_at: self
                .diverged
                .as_deref()
                .and_then(|name| diverged_step(value(name)?)),
        }
    }
}

/// A view's table in `[views]`, as written: a heatmap's (`heatmap = true`, `masked`), a line's
/// (`line = true`, `reference`, `diverged`) or a contour's (`contour = true`, `x`, `y`, `path`,
/// `levels`). A figure block's `contour = { … }` is a contour's table, where `contour = true`
/// may be left out since the key already says it. One table for all three, so an author's key
/// in the wrong one is named as such rather than as unknown.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ViewSpec {
    heatmap: Option<toml::Spanned<bool>>,
    masked: Option<toml::Spanned<String>>,
    line: Option<toml::Spanned<bool>>,
    reference: Option<toml::Spanned<String>>,
    diverged: Option<toml::Spanned<String>>,
    contour: Option<toml::Spanned<bool>>,
    x: Option<toml::Spanned<String>>,
    y: Option<toml::Spanned<String>>,
    path: Option<toml::Spanned<String>>,
    levels: Option<toml::Spanned<usize>>,
    optimum: Option<toml::Spanned<String>>,
    directions: Option<toml::Spanned<String>>,
    x_label: Option<toml::Spanned<String>>,
    y_label: Option<toml::Spanned<String>>,
}

impl<'de> Deserialize<'de> for ViewEntry {
    /// A string or an inline table; the table is read by [`ViewSpec`] from the same map, so
    /// its keys keep their spans and an unknown key is named.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entry;
        impl<'de> serde::de::Visitor<'de> for Entry {
            type Value = ViewEntry;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a view's name, such as \"heatmap\", or { heatmap = true, masked = \"<step>\" }, { line = true, reference = \"<step>\", diverged = \"<step>\" } or { contour = true, x = \"<step>\", y = \"<step>\", optimum = \"<step>\", directions = \"<step>\", x_label = \"…\", y_label = \"…\" }")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<ViewEntry, E> {
                Ok(ViewEntry::Named(name.to_string()))
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                map: M,
            ) -> Result<ViewEntry, M::Error> {
                ViewSpec::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(|spec| ViewEntry::Table(Box::new(spec)))
            }
        }
        deserializer.deserialize_any(Entry)
    }
}

/// A figure block's `contour` key, as written: `true`, or the table of a contour view.
#[derive(Debug)]
pub(super) enum ContourKey {
    On(bool),
    Parts(Box<ViewSpec>),
}

impl<'de> Deserialize<'de> for ContourKey {
    /// A boolean or an inline table read by [`ViewSpec`], as [`ViewEntry`] reads its table.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Key;
        impl<'de> serde::de::Visitor<'de> for Key {
            type Value = ContourKey;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("contour = true, or { x = \"<step>\", y = \"<step>\", path = \"<step>\", levels = <count>, optimum = \"<step>\", directions = \"<step>\", x_label = \"…\", y_label = \"…\" }")
            }
            fn visit_bool<E: serde::de::Error>(self, on: bool) -> Result<ContourKey, E> {
                Ok(ContourKey::On(on))
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                map: M,
            ) -> Result<ContourKey, M::Error> {
                ViewSpec::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(|spec| ContourKey::Parts(Box::new(spec)))
            }
        }
        deserializer.deserialize_any(Key)
    }
}

/// A contour view's parts: the steps of its grid's x and y, of a path over it, how many
/// levels it draws, and of a point marked ✕ (`optimum`) with two directions drawn through it
/// (`directions`, a 2×2 matrix: a valley's steepest and shallowest), and its axes' titles in
/// the reader's words (`x_label`, `y_label`: a descent's `w`, not its program's `grid_w`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ContourView {
    pub x: Option<String>,
    pub y: Option<String>,
    pub path: Option<String>,
    pub levels: usize,
    pub optimum: Option<String>,
    pub directions: Option<String>,
    pub x_label: Option<String>,
    pub y_label: Option<String>,
}

impl Default for ContourView {
    fn default() -> Self {
        ContourView {
            x: None,
            y: None,
            path: None,
            levels: DEFAULT_LEVELS,
            optimum: None,
            directions: None,
            x_label: None,
            y_label: None,
        }
    }
}

impl ContourView {
    /// The JSON contour-view.js reads beside the view's name.
    pub(super) fn json(&self) -> serde_json::Value {
        json!({
            "x": self.x, "y": self.y, "path": self.path, "levels": self.levels,
            "optimum": self.optimum, "directions": self.directions,
            "x_label": self.x_label, "y_label": self.y_label,
        })
    }

    /// The parts [`ContourView::json`] wrote, read back (a kind's figure draws the contour its
    /// widget's data declares); a part missing is left out.
    pub(super) fn from_json(json: &serde_json::Value) -> ContourView {
        let step = |key: &str| json.get(key).and_then(|v| v.as_str()).map(String::from);
        ContourView {
            x: step("x"),
            y: step("y"),
            path: step("path"),
            levels: json
                .get("levels")
                .and_then(serde_json::Value::as_u64)
                .map_or(DEFAULT_LEVELS, |levels| levels as usize),
            optimum: step("optimum"),
            directions: step("directions"),
            x_label: step("x_label"),
            y_label: step("y_label"),
        }
    }
}

/// How a reader picks one input's value.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Control {
    /// A range slider from `lo` to `hi` (on a log scale when `log`), with its number editable
    /// and a button for each of the `marks`, values the lesson names.
    Slider {
        lo: f64,
        hi: f64,
        log: bool,
        marks: Vec<f64>,
    },
    /// A checkbox: 0 unticked, 1 ticked.
    Toggle,
    /// Radio buttons, one per value, each named by its label.
    Choice {
        values: Vec<f64>,
        labels: Vec<String>,
    },
    /// A matrix input's number fields, with its row labels (the example's `rows`) as text
    /// fields the reader renames, called `called` (`data-input`, the link): an attention's
    /// token names. Every table and view labelled by `rows` follows a new name.
    Names { called: String },
}

impl Control {
    /// The JSON compute-widget.js reads (`kind` and the domain).
    pub(super) fn json(&self) -> serde_json::Value {
        match self {
            Control::Slider { lo, hi, log, marks } if marks.is_empty() => {
                json!({ "kind": "slider", "range": [lo, hi], "log": log })
            }
            Control::Slider { lo, hi, log, marks } => {
                json!({ "kind": "slider", "range": [lo, hi], "log": log, "marks": marks })
            }
            Control::Toggle => json!({ "kind": "toggle" }),
            Control::Choice { values, labels } => {
                json!({ "kind": "choice", "choices": values, "labels": labels })
            }
            Control::Names { called } => json!({ "kind": "names", "called": called }),
        }
    }
}

/// How a step is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum View {
    Table,
    Heatmap,
    Bars,
    Line,
    /// A matrix of two columns as points, one per row.
    Scatter,
    /// A matrix of two columns as arrows from the origin, one per row.
    Arrows,
    /// A matrix of values over a grid as lines of equal value.
    Contour,
}

/// The views a widget block may name, in the order its help lists them.
const VIEW_NAMES: [&str; 7] = [
    "table", "heatmap", "bars", "line", "scatter", "arrows", "contour",
];

impl View {
    pub(super) fn name(self) -> &'static str {
        VIEW_NAMES[self as usize]
    }
}

/// A column of a widget's tables marked in words (a softmax's target class): the entry at the
/// 0-based position step `step` holds, tagged `says`. The position comes from the program, so
/// the mark follows the run; colour only repeats the tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Highlight {
    pub step: String,
    pub says: String,
}

/// The widget block's `highlight = { step = "t", says = "target" }`, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct HighlightSpec {
    step: toml::Spanned<String>,
    says: toml::Spanned<String>,
}

pub(super) type HighlightKey = toml::Spanned<HighlightSpec>;

/// Longest tag a highlight says, in characters: a word or two beside a column's label.
const LONGEST_TAG: usize = 24;

/// A widget block's `highlight` checked against the lesson's values: `step` names a value of
/// the example holding a 0-based position (a whole number from 0), and `says` is a short tag.
pub(super) fn highlight(computed: &Computed, key: &HighlightKey) -> Result<Highlight, KeyProblem> {
    let HighlightSpec { step, says } = key.get_ref();
    let name = step.get_ref();
    let positions = || {
        let found: Vec<&str> = computed
            .values
            .iter()
            .filter(
                |(_, _, value)| matches!(value, Value::Scalar(x) if *x >= 0.0 && x.fract() == 0.0),
            )
            .map(|(name, _, _)| name.as_str())
            .collect();
        if found.is_empty() {
            "a highlight tags the entry at a position the program computes; add a step such as t = argmax(p)".to_string()
        } else {
            format!("name one of: {}", found.join(", "))
        }
    };
    match computed.value(name) {
        None => {
            return Err((
                format!("the example has no value named `{name}`"),
                positions(),
                step.span(),
            ))
        }
        Some(Value::Scalar(x)) if *x >= 0.0 && x.fract() == 0.0 => {}
        Some(other) => {
            return Err((
                format!(
                    "`{name}` is {}, and a highlight needs a position: a whole number from 0",
                    match other {
                        Value::Scalar(x) => crate::present::format_number(
                            *x,
                            crate::present::Precision::AsWritten,
                            crate::present::Style::Prose,
                        ),
                        other => format!("a {}", other.describe_shape()),
                    }
                ),
                positions(),
                step.span(),
            ))
        }
    }
    let tag = says.get_ref().trim();
    if tag.is_empty() || tag.chars().count() > LONGEST_TAG {
        return Err((
            format!("`says` is the tag beside the highlighted entry, and it must be 1 to {LONGEST_TAG} characters"),
            "write a word or two, e.g. says = \"target\"".to_string(),
            says.span(),
        ));
    }
    Ok(Highlight {
        step: name.clone(),
        says: tag.to_string(),
    })
}

/// One piece of a [`Sentence`]: words, a step's number, or an entry of a vector step (its
/// number or its label) at the position another step holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Part {
    Text(String),
    Value(String),
    Entry { of: String, at: String },
    Label { of: String, at: String },
}

/// A sentence the widget writes under step `after` (a softmax's loss, in words) with the
/// numbers of the last run, and the build writes with its own for readers without JavaScript
/// ([`Sentence::fill`], the twin of compute-widget.js `sentenceText`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Sentence {
    pub after: String,
    pub parts: Vec<Part>,
}

impl Sentence {
    /// A sentence a kind writes, in the words of a widget block's `says`; its text is the
    /// kind's own and fixed, and a unit test holds it well formed (a malformed one says nothing).
    pub(crate) fn written(after: &str, says: &str) -> Sentence {
        Sentence {
            after: after.to_string(),
            parts: sentence_parts(says).unwrap_or_default(),
        }
    }

    /// The sentence with the numbers `quantity` gives (computed ones at `decimals`, as the
    /// widget prints them), or `None` when a part names no number or an entry out of range.
    pub(crate) fn fill(
        &self,
        quantity: impl Fn(&str) -> Option<Quantity>,
        decimals: usize,
    ) -> Option<String> {
        // A number the places would print as 0 (a tiny p) at as many significant figures,
        // so that "−ln 0.000" never stands for a finite loss.
        let number = |x: f64| {
            let at = |precision| {
                crate::present::format_number(x, precision, crate::present::Style::Prose)
            };
            let shown = at(crate::present::Precision::Computed(decimals));
            if x != 0.0 && shown.chars().all(|c| matches!(c, '0' | '.' | '\u{2212}')) {
                at(crate::present::Precision::Significant(decimals))
            } else {
                shown
            }
        };
        let mut text = String::new();
        for part in &self.parts {
            match part {
                Part::Text(words) => text.push_str(words),
                Part::Value(step) => match quantity(step)? {
                    Quantity::Scalar(x) => text.push_str(&number(x)),
                    Quantity::Count(n) => text.push_str(&n.to_string()),
                    _ => return None,
                },
                Part::Entry { of, at } | Part::Label { of, at } => {
                    let Quantity::Vector { values, labels } = quantity(of)? else {
                        return None;
                    };
                    // A position the program computed, or (a kind's target) the label itself,
                    // or one the kind wrote in the sentence (an unlabelled softmax's target,
                    // counted from 0).
                    let position = match at.parse::<usize>() {
                        Ok(position) => position,
                        Err(_) => match quantity(at)? {
                            Quantity::Scalar(x) if x >= 0.0 && x.fract() == 0.0 => x as usize,
                            Quantity::Count(n) => n,
                            Quantity::Text(label) => {
                                labels.as_ref()?.iter().position(|l| *l == label)?
                            }
                            _ => return None,
                        },
                    };
                    let x = *values.get(position)?;
                    match part {
                        Part::Entry { .. } => text.push_str(&number(x)),
                        _ => match &labels {
                            Some(labels) => text.push_str(&labels[position]),
                            None => text.push_str(&format!("entry {}", position + 1)),
                        },
                    }
                }
            }
        }
        Some(text)
    }
}

/// The widget block's `[[sentences]]`, as written: `after` a step, `says` words with
/// `{step}`, `{step[at]}` and `{step[at].label}` filled in with each run's numbers.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SentenceSpec {
    after: toml::Spanned<String>,
    says: toml::Spanned<String>,
}

pub(super) type SentencesKey = toml::Spanned<Vec<SentenceSpec>>;

/// Most sentences a widget writes, and most characters in one: words under a step, not prose.
const MOST_SENTENCES: usize = 8;
const LONGEST_SENTENCE: usize = 400;

/// A widget block's `[[sentences]]` checked against the lesson's values: `after` is a step the
/// widget shows, and every `{…}` in `says` names a number the run has (a scalar step, or an
/// entry of a vector step at the position a step holds), so the lesson's own numbers fill every
/// sentence; the widget leaves out a sentence a reader's edit makes unfillable.
pub(super) fn sentences(
    computed: &Computed,
    shown: Option<&[String]>,
    key: &SentencesKey,
) -> Result<Vec<Sentence>, KeyProblem> {
    let specs = key.get_ref();
    if specs.len() > MOST_SENTENCES {
        return Err((
            format!(
                "there are {} sentences; a widget writes at most {MOST_SENTENCES}",
                specs.len()
            ),
            "keep the sentences that say what a reader should notice".to_string(),
            key.span(),
        ));
    }
    specs
        .iter()
        .map(|spec| {
            let after = spec.after.get_ref();
            let is_shown_step = computed.values.iter().any(|(name, origin, _)| {
                name == after
                    && *origin == Origin::Step
                    && shown.is_none_or(|shown| shown.contains(name))
            });
            if !is_shown_step {
                return Err((
                    format!("`after = \"{after}\"` names no step this widget shows"),
                    "a sentence stands under a step: name one the widget shows".to_string(),
                    spec.after.span(),
                ));
            }
            let says = spec.says.get_ref();
            if says.trim().is_empty() || says.chars().count() > LONGEST_SENTENCE {
                return Err((
                    format!("`says` must be 1 to {LONGEST_SENTENCE} characters"),
                    "write one sentence, e.g. says = \"The loss is {loss}.\"".to_string(),
                    spec.says.span(),
                ));
            }
            let parts = sentence_parts(says)
                .and_then(|parts| check_parts(computed, parts))
                .map_err(|(message, help)| (message, help, spec.says.span()))?;
            Ok(Sentence {
                after: after.clone(),
                parts,
            })
        })
        .collect()
}

/// `says` split into words and the numbers in braces; `{{` and `}}` are braces as written.
fn sentence_parts(says: &str) -> Result<Vec<Part>, (String, String)> {
    let help = || {
        "write {step} for a number, {step[at]} for the entry of a vector at the position step `at` holds, {step[at].label} for its label, and {{ or }} for a brace".to_string()
    };
    let mut parts = Vec::new();
    let mut words = String::new();
    let mut rest = says;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("{{").or(rest.strip_prefix("}}")) {
            words.push(c);
            rest = after;
            continue;
        }
        if c == '}' {
            return Err(("a `}` closes no `{`".to_string(), help()));
        }
        if c != '{' {
            words.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let Some(end) = rest.find('}') else {
            return Err(("a `{` is not closed".to_string(), help()));
        };
        let inside = rest[1..end].trim();
        rest = &rest[end + 1..];
        if !words.is_empty() {
            parts.push(Part::Text(std::mem::take(&mut words)));
        }
        let (reference, label) = match inside.strip_suffix(".label") {
            Some(reference) => (reference, true),
            None => (inside, false),
        };
        let part = match reference.strip_suffix(']').and_then(|r| r.split_once('[')) {
            Some((of, at)) => {
                let (of, at) = (of.trim().to_string(), at.trim().to_string());
                if label {
                    Part::Label { of, at }
                } else {
                    Part::Entry { of, at }
                }
            }
            None if !label => Part::Value(reference.to_string()),
            None => {
                return Err((
                    format!("`{{{inside}}}` asks for a label but names no entry"),
                    help(),
                ))
            }
        };
        parts.push(part);
    }
    if !words.is_empty() {
        parts.push(Part::Text(words));
    }
    Ok(parts)
}

/// Each number of a sentence checked against the lesson's values.
fn check_parts(computed: &Computed, parts: Vec<Part>) -> Result<Vec<Part>, (String, String)> {
    let known = |name: &str| {
        computed.value(name).ok_or_else(|| {
            (
                format!("the example has no value named `{name}`"),
                "name a value of the example inside the braces".to_string(),
            )
        })
    };
    for part in &parts {
        match part {
            Part::Text(_) => {}
            Part::Value(name) => match known(name)? {
                Value::Scalar(_) => {}
                other => {
                    return Err((
                        format!(
                            "`{{{name}}}` is a {}, and a sentence prints one number",
                            other.describe_shape()
                        ),
                        format!(
                            "write {{{name}[at]}} for the entry at the position a step `at` holds"
                        ),
                    ))
                }
            },
            Part::Entry { of, at } | Part::Label { of, at } => {
                let length = match known(of)? {
                    Value::Vector(values) => values.len(),
                    other => {
                        return Err((
                            format!(
                                "`{of}` is a {}, and `{{{of}[{at}]}}` needs a vector",
                                other.describe_shape()
                            ),
                            "name a vector step before the brackets".to_string(),
                        ))
                    }
                };
                match known(at)? {
                    Value::Scalar(x) if *x >= 0.0 && x.fract() == 0.0 && (*x as usize) < length => {}
                    _ => {
                        return Err((
                            format!("`{at}` does not hold a position of `{of}` (a whole number from 0 to {})", length.saturating_sub(1)),
                            "name a step that holds a position, such as t = argmax(p)".to_string(),
                        ))
                    }
                }
            }
        }
    }
    Ok(parts)
}

/// A projection drawn dashed among the arrows of a step's `arrows` view, as the vectors kind's
/// figure draws one: the steps holding the positions of the two vectors (rows of the drawn
/// step, `of` projected onto `onto`), the projection's tip and its signed length. A vectors
/// example's widget carries one, a widget block's `projection` key gives one to any compute
/// example; the JSON's `projections` by step, which compute-widget.js reads each run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct ProjectionView {
    pub of: String,
    pub onto: String,
    pub vector: String,
    pub scalar: String,
}

/// The widget block's `projection = { step = "V", of = "i", onto = "j", vector = "p",
/// scalar = "s" }`, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ProjectionSpec {
    step: toml::Spanned<String>,
    of: toml::Spanned<String>,
    onto: toml::Spanned<String>,
    vector: toml::Spanned<String>,
    scalar: toml::Spanned<String>,
}

pub(super) type ProjectionKey = toml::Spanned<ProjectionSpec>;

/// A widget block's `projection` checked against the lesson's values and its views: `step` is
/// drawn as arrows, `of` and `onto` hold positions of its rows, `vector` is a vector of two
/// entries and `scalar` a number; the build's figure of the step draws it.
pub(super) fn projection(
    computed: &Computed,
    key: &ProjectionKey,
    presentation: &Presentation,
    options: &FigureOptions,
) -> Result<(String, ProjectionView), KeyProblem> {
    let spec = key.get_ref();
    let step = spec.step.get_ref();
    let arrows: Vec<&str> = presentation
        .views
        .iter()
        .filter(|(_, (view, _))| *view == View::Arrows)
        .map(|(step, _)| step.as_str())
        .collect();
    if !arrows.contains(&step.as_str()) {
        return Err((
            format!("`{step}` is not drawn as arrows, and a projection is drawn among the arrows of a step"),
            if arrows.is_empty() {
                format!("give the step an arrows view: [views] {step} = \"arrows\"")
            } else {
                format!("name one of: {}", arrows.join(", "))
            },
            spec.step.span(),
        ));
    }
    let rows = match computed.value(step) {
        Some(Value::Matrix(m)) => m.nrows(),
        _ => 0,
    };
    for position in [&spec.of, &spec.onto] {
        let name = position.get_ref();
        let fits = matches!(computed.value(name),
            Some(Value::Scalar(x)) if *x >= 0.0 && x.fract() == 0.0 && (*x as usize) < rows);
        if !fits {
            return Err((
                format!("`{name}` must be a step holding the position of a row of `{step}`, a whole number from 0 to {}", rows.saturating_sub(1)),
                "add a step such as i = 0 and name it".to_string(),
                position.span(),
            ));
        }
    }
    if !matches!(computed.value(spec.vector.get_ref()), Some(Value::Vector(v)) if v.len() == 2) {
        return Err((
            format!(
                "`{}` must be a step holding the projection's tip, a vector of two entries",
                spec.vector.get_ref()
            ),
            "name the step that computes the projection, e.g. p = (a @ b / (b @ b)) * b"
                .to_string(),
            spec.vector.span(),
        ));
    }
    if !matches!(
        computed.value(spec.scalar.get_ref()),
        Some(Value::Scalar(_))
    ) {
        return Err((
            format!(
                "`{}` must be a step holding the projection's signed length, a number",
                spec.scalar.get_ref()
            ),
            "name the step that computes it, e.g. s = a @ b / norm(b)".to_string(),
            spec.scalar.span(),
        ));
    }
    let view = ProjectionView {
        of: spec.of.get_ref().clone(),
        onto: spec.onto.get_ref().clone(),
        vector: spec.vector.get_ref().clone(),
        scalar: spec.scalar.get_ref().clone(),
    };
    projected_arrows(computed, step, &view, options, &mut Palette::default())
        .map_err(|error| (error.message, error.help, key.span()))?;
    Ok((step.clone(), view))
}

/// The build's arrows of `step` with `projection` dashed among them (checked by
/// [`projection`]).
pub(super) fn projected_arrows(
    computed: &Computed,
    step: &str,
    projection: &ProjectionView,
    options: &FigureOptions,
    palette: &mut Palette,
) -> Result<String, FigureError> {
    let quantity = computed.quantity(step).unwrap_or(Quantity::Scalar(0.0));
    let names: Vec<String> = match &quantity {
        Quantity::Matrix {
            values, row_labels, ..
        } => row_labels
            .clone()
            .unwrap_or_else(|| (1..=values.nrows()).map(|i| i.to_string()).collect()),
        _ => Vec::new(),
    };
    let name = |position: &str| match computed.value(position) {
        Some(Value::Scalar(x)) => names.get(*x as usize).map(String::as_str).unwrap_or(""),
        _ => "",
    };
    let scalar = match computed.value(&projection.scalar) {
        Some(Value::Scalar(x)) => *x,
        _ => 0.0,
    };
    let vector = match computed.value(&projection.vector) {
        Some(Value::Vector(v)) if v.len() == 2 => (v[0], v[1]),
        _ => (0.0, 0.0),
    };
    let projected = Projected {
        of: name(&projection.of),
        onto: name(&projection.onto),
        vector,
        scalar,
    };
    arrows_step_figure(&quantity, step, Some(projected), options, palette)
}

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
        let Evaluated::Compute(computed) = &example.evaluated else {
            let key = controls_key
                .as_ref()
                .map(|key| key.span())
                .or_else(|| views_key.as_ref().map(|key| key.span()))
                .unwrap_or_default();
            self.problems.push(
                Diagnostic::at(
                    self.file,
                    body.file_span(key),
                    format!(
                        "[controls] and [views] shape the widget of a compute example, but \"{}\" is a {} example",
                        example.name,
                        example.kind.name()
                    ),
                )
                .with_help("remove them: this kind's widget has its own controls"),
            );
            return None;
        };
        let options = self.step_figure_options(&example.name);
        let checked = controls_key
            .as_ref()
            .map(|key| controls(computed, key, &example.inputs["domains"]))
            .transpose()
            .and_then(|found| {
                presentation.controls = found.unwrap_or_default();
                views_key
                    .as_ref()
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

    /// A widget block's key that only a compute example's widget takes (`highlight`,
    /// `sentences`: a kind's widget marks and words what it needs itself), checked by `check`;
    /// a problem is recorded at the key.
    pub(super) fn compute_widget_key<T>(
        &mut self,
        example: &ExampleBlock,
        key: (&str, Range<usize>),
        body: &BlockText,
        check: impl FnOnce(&Computed) -> Result<T, KeyProblem>,
    ) -> Option<T> {
        let (key, span) = key;
        let checked = match &example.evaluated {
            Evaluated::Compute(computed) => check(computed),
            _ => Err((
                format!(
                    "`{key}` belongs to a compute example's widget, but \"{}\" is a {} example",
                    example.name,
                    example.kind.name()
                ),
                "remove it: this kind's widget marks and words what it needs itself".to_string(),
                span,
            )),
        };
        self.recorded(checked, body)
    }

    /// What a step's figure in a widget is drawn with (no caption, no label: the widget's
    /// code line names it).
    fn step_figure_options(&self, example: &str) -> FigureOptions {
        FigureOptions {
            example: example.to_string(),
            id_prefix: format!("wf-{example}-{}", self.figures),
            decimals: self.decimals,
            caption_html: None,
            label: None,
            legend: None,
            full: None,
            mask: None,
            highlight: None,
            axes: AxisText::default(),
        }
    }

    /// The build's figure of `step` as `view` (checked drawable by [`views`]), for readers
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

    /// The widget block's `projection`, checked; a problem is recorded at its key.
    pub(super) fn widget_projection(
        &mut self,
        example: &ExampleBlock,
        key: &ProjectionKey,
        presentation: &Presentation,
        body: &BlockText,
    ) -> Option<(String, ProjectionView)> {
        let options = self.step_figure_options(&example.name);
        self.compute_widget_key(example, ("projection", key.span()), body, |computed| {
            projection(computed, key, presentation, &options)
        })
    }
}

/// The entry a widget's `highlight` (`{ step, says }` in its data) names in `computed`, with
/// its tag: what its bars draw bold, as compute-widget.js's `highlighted` reads it.
pub(super) fn highlighted(
    computed: &Computed,
    data: &serde_json::Value,
) -> Option<(usize, String)> {
    let step = data["highlight"]["step"].as_str()?;
    let says = data["highlight"]["says"].as_str()?;
    let at = match computed.quantity(step)? {
        Quantity::Scalar(x) if x >= 0.0 && x.fract() == 0.0 => x as usize,
        Quantity::Count(n) => n,
        _ => return None,
    };
    Some((at, says.to_string()))
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

/// A problem at a key: message, help, span within the block's text.
pub(super) type KeyProblem = (String, String, Range<usize>);

/// The `[controls]` table checked against the lesson's inputs: each names a scalar input, says
/// one kind of control, holds the lesson's value, and offers only values of the input's domain
/// (`domains`, the compute block's JSON of them), if it declares one.
pub(super) fn controls(
    computed: &Computed,
    table: &ControlsKey,
    domains: &serde_json::Value,
) -> Result<BTreeMap<String, Control>, KeyProblem> {
    let scalars: Vec<&str> = computed
        .values
        .iter()
        .filter(|(_, origin, value)| *origin == Origin::Input && matches!(value, Value::Scalar(_)))
        .map(|(name, _, _)| name.as_str())
        .collect();
    let mut checked = BTreeMap::new();
    for (name, spec) in table.get_ref() {
        let input = name.get_ref();
        let at = name.span();
        let help_inputs = || {
            if scalars.is_empty() {
                "controls pick a single number, and this example has no input that is one; remove [controls]".to_string()
            } else {
                format!("give a control to one of: {}", scalars.join(", "))
            }
        };
        if let Some(called) = &spec.get_ref().names {
            checked.insert(input.clone(), names(computed, input, at, spec, called)?);
            continue;
        }
        let value = match computed
            .values
            .iter()
            .find(|(candidate, _, _)| candidate == input)
        {
            None => {
                return Err((
                    format!("the example has no input named `{input}`"),
                    help_inputs(),
                    at,
                ))
            }
            Some((_, Origin::Step, _)) => {
                return Err((
                    format!("`{input}` is a step, and a control sets an input"),
                    help_inputs(),
                    at,
                ))
            }
            Some((_, Origin::Input, Value::Scalar(x))) => *x,
            Some((_, Origin::Input, other)) => {
                return Err((
                    format!(
                        "`{input}` is a {}, and a control picks a single number",
                        other.describe_shape()
                    ),
                    format!(
                        "leave `{input}` to its number fields (remove its control), or {}",
                        help_inputs()
                    ),
                    at,
                ))
            }
        };
        let picked = control(input, value, spec)?;
        if let Some(domain) = domains.get(input.as_str()) {
            outside_domain(input, &picked, domain).map_or(Ok(()), |message| {
                Err((
                    message,
                    format!("keep the control inside the domain of `{input}`, or widen the domain"),
                    spec.span(),
                ))
            })?;
        }
        checked.insert(input.clone(), picked);
    }
    Ok(checked)
}

/// `input = { names = "called" }`, checked: `input` is a matrix input whose rows the example's
/// `rows` label, the only key beside `names`, and `called` a name no value of the example has.
fn names(
    computed: &Computed,
    input: &str,
    at: Range<usize>,
    spec: &toml::Spanned<ControlSpec>,
    called: &toml::Spanned<String>,
) -> Result<Control, KeyProblem> {
    let inner = spec.get_ref();
    let others = [
        inner.slider.is_some(),
        inner.log.is_some(),
        inner.marks.is_some(),
        inner.toggle.is_some(),
        inner.choice.is_some(),
        inner.labels.is_some(),
    ];
    if others.iter().any(|said| *said) {
        return Err((
            format!("`names` makes the row labels of `{input}` editable, and takes no other key"),
            format!(
                "write {input} = {{ names = \"{}\" }} alone",
                called.get_ref()
            ),
            spec.span(),
        ));
    }
    let rows = computed.labels.rows.as_ref().map_or(0, Vec::len);
    let sides = computed.labels.sides.get(input);
    let fits = match computed.values.iter().find(|(name, _, _)| name == input) {
        Some((_, Origin::Input, Value::Matrix(m))) => {
            m.nrows() == rows
                && !matches!(
                    sides,
                    Some(
                        LabelSides::Side(Side::Cols | Side::None)
                            | LabelSides::Own { rows: Some(_), .. }
                    )
                )
        }
        _ => false,
    };
    if !fits {
        return Err((
            format!("`names` edits the row labels of a matrix input, and `{input}` is no input whose rows the example's `rows` label"),
            "give it to a matrix input with as many rows as `rows = [...]` names, or remove it".to_string(),
            at,
        ));
    }
    let word = called.get_ref();
    let identifier = word
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !identifier || computed.values.iter().any(|(name, _, _)| name == word) {
        return Err((
            format!("`names = \"{word}\"` must call the row labels by a name of letters, digits and _ that no input or step has"),
            "pick another name, e.g. names = \"tokens\"".to_string(),
            called.span(),
        ));
    }
    Ok(Control::Names {
        called: word.clone(),
    })
}

/// One control, checked against the lesson's `value` of `input`.
fn control(
    input: &str,
    value: f64,
    spec: &toml::Spanned<ControlSpec>,
) -> Result<Control, KeyProblem> {
    let kinds = "write one of { slider = [lo, hi] } (log = true for a log scale, marks = [...] for buttons to values), { toggle = true } or { choice = [0, 1], labels = [\"…\", \"…\"] }";
    let inner = spec.get_ref();
    let said = [
        inner.slider.is_some(),
        inner.toggle.is_some(),
        inner.choice.is_some(),
    ];
    if said.iter().filter(|s| **s).count() != 1 {
        return Err((
            format!("the control of `{input}` must be one of slider, toggle or choice"),
            kinds.to_string(),
            spec.span(),
        ));
    }
    if let Some(log) = inner.log.as_ref().filter(|_| inner.slider.is_none()) {
        return Err((
            "`log` sets a slider's scale, and this control is no slider".to_string(),
            "remove log".to_string(),
            log.span(),
        ));
    }
    if let Some(marks) = inner.marks.as_ref().filter(|_| inner.slider.is_none()) {
        return Err((
            "`marks` are values a slider jumps to, and this control is no slider".to_string(),
            "remove marks".to_string(),
            marks.span(),
        ));
    }
    if let Some(labels) = inner.labels.as_ref().filter(|_| inner.choice.is_none()) {
        return Err((
            "`labels` name the values of a choice, and this control is no choice".to_string(),
            "remove labels, or make the control { choice = [...], labels = [...] }".to_string(),
            labels.span(),
        ));
    }
    let lesson = crate::present::format_number(
        value,
        crate::present::Precision::AsWritten,
        crate::present::Style::Prose,
    );
    if let Some(range) = &inner.slider {
        let [lo, hi] = *range.get_ref();
        let log = inner.log.as_ref().is_some_and(|log| *log.get_ref());
        let marks = inner
            .marks
            .as_ref()
            .map(|m| m.get_ref().clone())
            .unwrap_or_default();
        let stray = marks.iter().find(|m| !(lo..=hi).contains(*m));
        let problem = if !(lo.is_finite() && hi.is_finite() && lo < hi) {
            Some((
                format!("a slider runs from a lower to a higher number, and [{lo}, {hi}] does not"),
                "write slider = [lo, hi] with lo < hi".to_string(),
            ))
        } else if log && lo <= 0.0 {
            Some((
                format!("a log-scale slider starts above 0, and this one starts at {lo}"),
                "start it above 0, or remove log = true".to_string(),
            ))
        } else if !(lo..=hi).contains(&value) {
            Some((
                format!("the slider of `{input}` runs from {lo} to {hi}, which leaves out the lesson's {input} = {lesson}"),
                "widen the range to include the lesson's value".to_string(),
            ))
        } else {
            None
        };
        if let (None, Some(mark), Some(at)) = (&problem, stray, &inner.marks) {
            return Err((
                format!("the mark {mark} of `{input}` lies outside its slider, from {lo} to {hi}"),
                "mark values the slider reaches, or widen its range".to_string(),
                at.span(),
            ));
        }
        return match problem {
            Some((message, help)) => Err((message, help, range.span())),
            None => Ok(Control::Slider { lo, hi, log, marks }),
        };
    }
    if let Some(toggle) = &inner.toggle {
        if !*toggle.get_ref() {
            return Err((
                "`toggle = false` says no checkbox".to_string(),
                "write toggle = true, or remove the control".to_string(),
                toggle.span(),
            ));
        }
        if value != 0.0 && value != 1.0 {
            return Err((
                format!("a toggle switches between 0 and 1, and the lesson's {input} is {lesson}"),
                format!("make {input} 0 or 1 in the example, or give it a slider"),
                toggle.span(),
            ));
        }
        return Ok(Control::Toggle);
    }
    let choice = inner.choice.as_ref().expect("one kind was said");
    let values = choice.get_ref().clone();
    let labels: Vec<String> = match &inner.labels {
        Some(labels) if labels.get_ref().len() != values.len() => {
            return Err((
                format!(
                    "{} labels for {} choices",
                    labels.get_ref().len(),
                    values.len()
                ),
                "give one label per choice, in the same order".to_string(),
                labels.span(),
            ))
        }
        Some(labels) => labels.get_ref().clone(),
        None => values
            .iter()
            .map(|x| {
                crate::present::format_number(
                    *x,
                    crate::present::Precision::AsWritten,
                    crate::present::Style::Prose,
                )
            })
            .collect(),
    };
    let repeated = values
        .iter()
        .enumerate()
        .any(|(i, x)| values[..i].contains(x));
    let problem = if values.len() < 2 || values.len() > MOST_CHOICES {
        Some((
            format!(
                "a choice offers 2 to {MOST_CHOICES} values, and this one offers {}",
                values.len()
            ),
            "list the values to choose from, e.g. choice = [0, 1]".to_string(),
        ))
    } else if values.iter().any(|x| !x.is_finite()) || repeated {
        Some((
            "each value of a choice must be a different finite number".to_string(),
            "remove the repeated value".to_string(),
        ))
    } else if !values.contains(&value) {
        Some((
            format!("the lesson's {input} = {lesson} is not among the choices"),
            format!("add {lesson} to the choices, or change the example"),
        ))
    } else {
        None
    };
    match problem {
        Some((message, help)) => Err((message, help, choice.span())),
        None => Ok(Control::Choice { values, labels }),
    }
}

/// What `picked` offers outside the input's `domain` (the compute block's JSON of it), in
/// words; `None` when it offers only values of the domain. A slider is judged by its two ends.
fn outside_domain(input: &str, picked: &Control, domain: &serde_json::Value) -> Option<String> {
    let domain = Domain::from_json(domain);
    let offered: Vec<f64> = match picked {
        Control::Slider { lo, hi, .. } => vec![*lo, *hi],
        Control::Toggle => vec![0.0, 1.0],
        Control::Choice { values, .. } => values.clone(),
        // The numbers stay fields, held to the domain as any other entry.
        Control::Names { .. } => Vec::new(),
    };
    offered.into_iter().find(|x| !domain.contains(*x)).map(|x| {
        format!(
            "the control of `{input}` offers {x}, and {input} is {}",
            domain.words()
        )
    })
}

/// Most radio buttons one choice offers.
const MOST_CHOICES: usize = 12;

/// What a view's table adds to the view: a heatmap's mask, a line's marks, a contour's parts.
#[derive(Debug)]
pub(super) enum ViewParts {
    None,
    Heatmap { masked: Option<String> },
    Line(LineMarkSteps),
    Contour(ContourView),
}

/// A checked view of a step: which, the span of its entry, and its table's parts.
type CheckedView = (View, Range<usize>, ViewParts);

/// The `[views]` table checked: each names a step (among `shown` when the widget shows some),
/// a view from [`VIEW_NAMES`], and a step whose lesson value that view draws (a heatmap a
/// matrix, bars a vector or a single row or column, a line a vector, a contour a grid of
/// values whose x, y and path name steps, a heatmap's mask a step of its shape).
pub(super) fn views(
    computed: &Computed,
    table: &ViewsKey,
    shown: Option<&[String]>,
    options: &FigureOptions,
) -> Result<BTreeMap<String, CheckedView>, KeyProblem> {
    let steps: Vec<&str> = computed
        .step_names()
        .into_iter()
        .filter(|step| shown.is_none_or(|shown| shown.iter().any(|s| s == step)))
        .collect();
    let mut checked = BTreeMap::new();
    for (name, view) in table.get_ref() {
        let step = name.get_ref();
        let every = || format!("give a view to one of: {}", steps.join(", "));
        if !steps.contains(&step.as_str()) {
            let message = match computed.value(step) {
                Some(_) if computed.input_names().contains(step) => {
                    format!("`{step}` is an input, and a view draws a step")
                }
                Some(_) => format!(
                    "`{step}` is not in the widget's `show` list, so it is not drawn at all"
                ),
                None => format!("the example has no step named `{step}`"),
            };
            return Err((message, every(), name.span()));
        }
        let (name, parts) = match view.get_ref() {
            ViewEntry::Named(name) if name == "contour" => {
                ("contour", ViewParts::Contour(ContourView::default()))
            }
            ViewEntry::Named(name) => (name.as_str(), ViewParts::None),
            ViewEntry::Table(spec) => view_table(computed, spec, view.span())?,
        };
        let (contour, masked) = match &parts {
            ViewParts::Contour(contour) => (Some(contour), None),
            ViewParts::Heatmap { masked } => (None, masked.as_deref()),
            _ => (None, None),
        };
        let kind = match name {
            "table" => View::Table,
            "heatmap" => View::Heatmap,
            "bars" => View::Bars,
            "line" => View::Line,
            "scatter" => View::Scatter,
            "arrows" => View::Arrows,
            "contour" => View::Contour,
            other => {
                return Err((
                    format!("`{other}` is not a view"),
                    format!("write one of: {}", VIEW_NAMES.join(", ")),
                    view.span(),
                ))
            }
        };
        let value = computed.value(step).expect("a step has a value");
        let drawn = |kind| drawn(computed, step, kind, (contour, masked), options);
        let fits = match (kind, value) {
            (View::Table, _) => Ok(()),
            (View::Line, Value::Vector(_)) => Ok(()),
            (View::Heatmap, Value::Matrix(_)) => drawn(kind),
            (View::Bars, Value::Vector(_)) => drawn(kind),
            (View::Bars, Value::Matrix(m)) if m.nrows() == 1 || m.ncols() == 1 => drawn(kind),
            (View::Scatter | View::Arrows, Value::Matrix(m)) if m.ncols() == 2 => drawn(kind),
            (View::Contour, Value::Matrix(_)) => drawn(kind),
            (_, value) => Err((
                format!(
                    "`{step}` is a {}, which {} cannot draw",
                    value.describe_shape(),
                    match kind {
                        View::Bars | View::Arrows => kind.name().to_string(),
                        _ => format!("a {}", kind.name()),
                    }
                ),
                "a heatmap draws a matrix, bars and a line a vector, a scatter and arrows a matrix of two columns (x, y), a contour a matrix over a grid; a table draws anything"
                    .to_string(),
            )),
        };
        fits.map_err(|(message, help)| (message, help, view.span()))?;
        checked.insert(step.clone(), (kind, view.span(), parts));
    }
    Ok(checked)
}

/// The step a view's key names (`part`: "contour's x", "heatmap's mask"), if given: a step,
/// not an input, since what a view draws must be what the widget recomputes on every edit
/// (an input is copied into a step first).
fn named_step(
    computed: &Computed,
    key: &Option<toml::Spanned<String>>,
    part: &str,
) -> Result<Option<String>, KeyProblem> {
    let Some(name) = key else { return Ok(None) };
    let step = name.get_ref();
    let steps = computed.step_names();
    if steps.contains(&step.as_str()) {
        return Ok(Some(step.clone()));
    }
    let (message, help) = if computed.input_names().contains(step) {
        (
            format!("`{step}` is an input, and a {part} names a step"),
            format!("add a step that copies it, such as `{step}_step = {step}`, and name that"),
        )
    } else {
        (
            format!("the example has no step named `{step}` for the {part}"),
            format!("name one of: {}", steps.join(", ")),
        )
    };
    Err((message, help, name.span()))
}

/// A key of another view's table (a contour's `x` in a heatmap's), at its span.
fn foreign_key<T>(
    key: &Option<toml::Spanned<T>>,
    name: &str,
    view: &str,
    other: &str,
) -> Result<(), KeyProblem> {
    match key {
        Some(key) => Err((
            format!("`{name}` belongs to a {other}'s table, and this one draws a {view}"),
            format!("remove `{name}`, or draw a {other}"),
            key.span(),
        )),
        None => Ok(()),
    }
}

impl ViewSpec {
    /// The first key of the views other than `view` in this table, as [`foreign_key`] names it.
    fn foreign_keys(&self, view: &str) -> Result<(), KeyProblem> {
        if view != "heatmap" {
            foreign_key(&self.heatmap, "heatmap", view, "heatmap")?;
            foreign_key(&self.masked, "masked", view, "heatmap")?;
        }
        if view != "line" {
            foreign_key(&self.line, "line", view, "line")?;
            foreign_key(&self.reference, "reference", view, "line")?;
            foreign_key(&self.diverged, "diverged", view, "line")?;
        }
        if view != "contour" {
            foreign_key(&self.contour, "contour", view, "contour")?;
            foreign_key(&self.x, "x", view, "contour")?;
            foreign_key(&self.y, "y", view, "contour")?;
            foreign_key(&self.path, "path", view, "contour")?;
            foreign_key(&self.levels, "levels", view, "contour")?;
            foreign_key(&self.optimum, "optimum", view, "contour")?;
            foreign_key(&self.directions, "directions", view, "contour")?;
            foreign_key(&self.x_label, "x_label", view, "contour")?;
            foreign_key(&self.y_label, "y_label", view, "contour")?;
        }
        Ok(())
    }
}

/// A view's table checked: it says one of `heatmap = true`, `line = true` and `contour = true`
/// (a table of a line's or a heatmap's keys without it is named as lacking it), holds no key of
/// the others, and names steps that fit; the view's name and its parts.
fn view_table(
    computed: &Computed,
    spec: &ViewSpec,
    span: Range<usize>,
) -> Result<(&'static str, ViewParts), KeyProblem> {
    let said: Vec<&'static str> = [
        ("heatmap", spec.heatmap.is_some()),
        ("line", spec.line.is_some()),
        ("contour", spec.contour.is_some()),
    ]
    .into_iter()
    .filter(|(_, said)| *said)
    .map(|(view, _)| view)
    .collect();
    match said.as_slice() {
        ["heatmap"] => Ok((
            "heatmap",
            ViewParts::Heatmap {
                masked: heatmap_mask(computed, spec)?,
            },
        )),
        ["line"] => Ok(("line", ViewParts::Line(line_marks(computed, spec)?))),
        ["contour"] => Ok(("contour", ViewParts::Contour(contour_view(computed, spec)?))),
        [] => {
            let meant = if spec.reference.is_some() || spec.diverged.is_some() {
                "line"
            } else if spec.masked.is_some() {
                "heatmap"
            } else {
                "contour"
            };
            Err((
                format!("a view's table draws a {meant}, and it lacks `{meant} = true`"),
                format!("write {{ {meant} = true, … }}, or name a view, such as \"{meant}\""),
                span,
            ))
        }
        several => Err((
            format!(
                "a view's table draws one heatmap, line or contour, and this one says {}",
                several.join(" and ")
            ),
            "keep one of them".to_string(),
            span,
        )),
    }
}

/// A heatmap's table checked: `heatmap = true`, no other view's keys, and `masked`, if given,
/// naming a step (its shape is checked when the figure is drawn).
fn heatmap_mask(computed: &Computed, spec: &ViewSpec) -> Result<Option<String>, KeyProblem> {
    if let Some(off) = spec.heatmap.as_ref().filter(|on| !*on.get_ref()) {
        return Err((
            "`heatmap = false` says no heatmap".to_string(),
            "write heatmap = true, or draw another view, such as \"bars\"".to_string(),
            off.span(),
        ));
    }
    spec.foreign_keys("heatmap")?;
    named_step(computed, &spec.masked, "heatmap's mask")
}

/// A line view's marks checked against the lesson's values: `line = true`, no other view's
/// keys, `reference` naming a value holding a finite number, `diverged` one holding a whole
/// number from 0 (0 while the run goes through).
fn line_marks(computed: &Computed, spec: &ViewSpec) -> Result<LineMarkSteps, KeyProblem> {
    if let Some(off) = spec.line.as_ref().filter(|on| !*on.get_ref()) {
        return Err((
            "`line = false` says no line".to_string(),
            "write line = true, or name another view, such as \"table\"".to_string(),
            off.span(),
        ));
    }
    spec.foreign_keys("line")?;
    let scalars = |whole: bool| {
        let found: Vec<&str> = computed
            .values
            .iter()
            .filter(|(_, _, value)| {
                matches!(value, Value::Scalar(x) if x.is_finite() && (!whole || (*x >= 0.0 && x.fract() == 0.0)))
            })
            .map(|(name, _, _)| name.as_str())
            .collect();
        if found.is_empty() {
            "name a step holding one number".to_string()
        } else {
            format!("name one of: {}", found.join(", "))
        }
    };
    let checked = |key: &Option<toml::Spanned<String>>,
                   whole: bool|
     -> Result<Option<String>, KeyProblem> {
        let Some(name) = key else { return Ok(None) };
        let step = name.get_ref();
        let problem = match computed.value(step) {
            None => format!("the example has no value named `{step}`"),
            Some(Value::Scalar(x)) if whole && (*x < 0.0 || x.fract() != 0.0) => format!(
                "`{step}` is {x}, and `diverged` names a step that is 0, or the step where the run diverged"
            ),
            Some(Value::Scalar(x)) if x.is_finite() => return Ok(Some(step.clone())),
            Some(Value::Scalar(_)) => format!("`{step}` is not a finite number"),
            Some(other) => format!(
                "`{step}` is a {}, and a line's mark is one number",
                other.describe_shape()
            ),
        };
        Err((problem, scalars(whole), name.span()))
    };
    Ok(LineMarkSteps {
        reference: checked(&spec.reference, false)?,
        diverged: checked(&spec.diverged, true)?,
    })
}

/// A contour's entry checked: `contour = true`, no other view's keys, `x`, `y` and `path`
/// each naming a step, and `x_label` and `y_label` each one short line, as a figure's are.
fn contour_view(computed: &Computed, spec: &ViewSpec) -> Result<ContourView, KeyProblem> {
    if let Some(off) = spec.contour.as_ref().filter(|on| !*on.get_ref()) {
        return Err(no_contour(off.span()));
    }
    spec.foreign_keys("contour")?;
    let named = |key: &Option<toml::Spanned<String>>, part: &str| {
        named_step(computed, key, &format!("contour's {part}"))
    };
    Ok(ContourView {
        x: named(&spec.x, "x")?,
        y: named(&spec.y, "y")?,
        path: named(&spec.path, "path")?,
        levels: spec
            .levels
            .as_ref()
            .map_or(DEFAULT_LEVELS, |l| *l.get_ref()),
        optimum: named(&spec.optimum, "optimum")?,
        directions: named(&spec.directions, "directions")?,
        x_label: one_line("x_label", spec.x_label.as_ref(), LONGEST_AXIS_LABEL)?,
        y_label: one_line("y_label", spec.y_label.as_ref(), LONGEST_AXIS_LABEL)?,
    })
}

/// `contour = false`, at its span.
fn no_contour(span: Range<usize>) -> KeyProblem {
    (
        "`contour = false` says no contour".to_string(),
        "write contour = true, or draw another view, such as a heatmap".to_string(),
        span,
    )
}

/// A figure block's `contour` key checked as a widget's contour view is: `true` for the
/// default parts, or a table of them (`span` is the key's, for `contour = false`).
pub(super) fn contour_key(
    computed: &Computed,
    key: &ContourKey,
    span: Range<usize>,
) -> Result<ContourView, KeyProblem> {
    match key {
        ContourKey::On(true) => Ok(ContourView::default()),
        ContourKey::On(false) => Err(no_contour(span)),
        ContourKey::Parts(spec) => contour_view(computed, spec),
    }
}

/// Whether the build's figure of `step` as `view` can be drawn (not too large, no −∞ on a bar
/// or a point).
fn drawn(
    computed: &Computed,
    step: &str,
    view: View,
    parts: (Option<&ContourView>, Option<&str>),
    options: &FigureOptions,
) -> Result<(), (String, String)> {
    view_figure(
        computed,
        step,
        view,
        parts,
        options,
        &mut Palette::default(),
    )
    .map(|_| ())
    .map_err(|error| (error.message, error.help))
}

/// The build's figure of `step` as `view` (a contour with its parts, a heatmap hatching the
/// entries where its mask step is −∞): the figure code the kinds draw with.
pub(super) fn view_figure(
    computed: &Computed,
    step: &str,
    view: View,
    parts: (Option<&ContourView>, Option<&str>),
    options: &FigureOptions,
    palette: &mut Palette,
) -> Result<String, FigureError> {
    match view {
        View::Scatter => scatter_step_figure(&step_quantity(computed, step)?, step, options),
        View::Arrows => arrows_step_figure(
            &step_quantity(computed, step)?,
            step,
            None,
            options,
            palette,
        ),
        _ => {
            let (kind, svg, title) = view_panel(
                computed,
                step,
                view,
                parts,
                HeatmapWords::default(),
                options,
            )?;
            Ok(options.wrap(kind, &[svg], &format!("{title}.")))
        }
    }
}

/// The value `name` of `computed`, or why a view cannot draw it.
fn step_quantity(computed: &Computed, name: &str) -> Result<Quantity, FigureError> {
    computed.quantity(name).ok_or_else(|| FigureError {
        message: format!("the example has no step named `{name}`"),
        help: "name a step of the example".to_string(),
    })
}

/// [`view_figure`]'s one SVG of a heatmap (saying its `words`), bars or a contour, with what it
/// draws and its title, for a figure of several panels (a kind's heads, a descent's valley).
pub(super) fn view_panel(
    computed: &Computed,
    step: &str,
    view: View,
    (contour, masked): (Option<&ContourView>, Option<&str>),
    words: HeatmapWords,
    options: &FigureOptions,
) -> Result<(&'static str, String, String), FigureError> {
    let quantity_of = |name: &str| step_quantity(computed, name);
    let quantity = quantity_of(step)?;
    // A heatmap view draws any matrix as one, a single row or entry too.
    let panel = if view == View::Heatmap {
        heatmap_panel
    } else {
        quantity_panel
    };
    match view {
        View::Contour => {
            let default = ContourView::default();
            let contour = contour.unwrap_or(&default);
            let part = |name: &Option<String>| -> Result<Option<(String, Quantity)>, FigureError> {
                name.as_ref()
                    .map(|name| quantity_of(name).map(|q| (name.clone(), q)))
                    .transpose()
            };
            let (x, y, path) = (part(&contour.x)?, part(&contour.y)?, part(&contour.path)?);
            let (optimum, directions) = (part(&contour.optimum)?, part(&contour.directions)?);
            fn borrow(part: &Option<(String, Quantity)>) -> Option<(&str, &Quantity)> {
                part.as_ref()
                    .map(|(name, quantity)| (name.as_str(), quantity))
            }
            let parts = ContourParts {
                x: borrow(&x),
                y: borrow(&y),
                path: borrow(&path),
                levels: contour.levels,
                optimum: borrow(&optimum),
                directions: borrow(&directions),
            };
            // The view's axis titles, unless the figure's own (a figure block's) say otherwise.
            let titled = FigureOptions {
                axes: AxisText {
                    x: options.axes.x.clone().or_else(|| contour.x_label.clone()),
                    y: options.axes.y.clone().or_else(|| contour.y_label.clone()),
                    title: options.axes.title.clone(),
                },
                ..options.clone()
            };
            let (svg, title) = contour_step_panel(&quantity, step, &parts, &titled)?;
            Ok(("contour", svg, title))
        }
        _ => match masked {
            Some(name) => {
                let mask = match quantity_of(name)? {
                    Quantity::Matrix { values, .. } => values.mapv(|x| x == f64::NEG_INFINITY),
                    other => {
                        return Err(FigureError {
                            message: format!(
                                "the mask `{name}` of {step} is {}, and a mask is a matrix of the step's shape",
                                other.shape_description()
                            ),
                            help: "name a step of the drawn step's shape, −∞ where an entry is masked".to_string(),
                        })
                    }
                };
                let options = FigureOptions {
                    mask: Some(mask),
                    ..options.clone()
                };
                panel(&quantity, step, words, &options)
            }
            None => panel(&quantity, step, words, options),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> toml::Spanned<ControlSpec> {
        #[derive(Deserialize)]
        struct Wrap {
            c: toml::Spanned<ControlSpec>,
        }
        toml::from_str::<Wrap>(&format!("c = {text}")).unwrap().c
    }

    /// A small example: a loss history, its least value, a count and a vector.
    fn descent() -> Computed {
        let steps = "losses = concat(4, 2, 1)\nleast = min(losses)\nstopped = 3 * 0 + 3\nhalf = 0.5\nws = concat(1, 2)\n";
        crate::compute::computed::compute(steps, Vec::new(), Default::default()).unwrap()
    }

    /// `[views]`'s entry `text` for step `losses`, checked.
    fn line_view(text: &str) -> Result<(&'static str, ViewParts), KeyProblem> {
        #[derive(Deserialize)]
        struct Wrap {
            v: toml::Spanned<ViewEntry>,
        }
        let entry = toml::from_str::<Wrap>(&format!("v = {text}")).unwrap().v;
        let ViewEntry::Table(table) = entry.get_ref() else {
            panic!("a table")
        };
        view_table(&descent(), table, entry.span())
    }

    #[test]
    fn a_contour_names_its_optimum_and_directions_by_steps_and_no_other_view_takes_them() {
        let (view, parts) =
            line_view("{ contour = true, optimum = \"ws\", directions = \"losses\" }").unwrap();
        assert_eq!(view, "contour");
        let ViewParts::Contour(contour) = parts else {
            panic!("a contour")
        };
        assert_eq!(contour.optimum.as_deref(), Some("ws"));
        assert_eq!(contour.directions.as_deref(), Some("losses"));
        assert_eq!(contour.json()["optimum"], "ws");
        assert_eq!(ContourView::from_json(&contour.json()), contour);
        let (message, _, _) = line_view("{ heatmap = true, optimum = \"ws\" }").unwrap_err();
        assert_eq!(
            message,
            "`optimum` belongs to a contour's table, and this one draws a heatmap"
        );
        let (message, help, _) =
            line_view("{ contour = true, directions = \"axes\" }").unwrap_err();
        assert_eq!(
            message,
            "the example has no step named `axes` for the contour's directions"
        );
        assert!(help.starts_with("name one of: "), "{help}");
    }

    #[test]
    fn a_contour_titles_its_axes_in_the_readers_words_and_no_other_view_takes_them() {
        let (_, parts) =
            line_view("{ contour = true, x_label = \" w \", y_label = \"b\" }").unwrap();
        let ViewParts::Contour(contour) = parts else {
            panic!("a contour")
        };
        assert_eq!(contour.x_label.as_deref(), Some("w"));
        assert_eq!(contour.json()["y_label"], "b");
        assert_eq!(ContourView::from_json(&contour.json()), contour);
        let (message, help, _) = line_view("{ line = true, x_label = \"w\" }").unwrap_err();
        assert_eq!(
            message,
            "`x_label` belongs to a contour's table, and this one draws a line"
        );
        assert_eq!(help, "remove `x_label`, or draw a contour");
        let (message, help, span) = line_view("{ contour = true, y_label = \"\" }").unwrap_err();
        assert_eq!(message, "`y_label` is empty");
        assert!(
            help.starts_with("write y_label = \"…\" as one line"),
            "{help}"
        );
        assert_eq!(span, 32..34);
        // A number where words go: serde's error names the type it wants, at the key.
        #[derive(Deserialize, Debug)]
        struct Wrap {
            #[allow(dead_code)]
            v: toml::Spanned<ViewEntry>,
        }
        let wrong = toml::from_str::<Wrap>("v = { contour = true, x_label = 3 }").unwrap_err();
        assert!(wrong.to_string().contains("expected a string"), "{wrong}");
        assert_eq!(wrong.span(), Some(32..33));
    }

    #[test]
    fn a_line_view_names_its_reference_and_the_step_where_the_run_diverged() {
        let (name, parts) =
            line_view("{ line = true, reference = \"least\", diverged = \"stopped\" }").unwrap();
        assert_eq!(name, "line");
        let ViewParts::Line(marks) = parts else {
            panic!("a line's marks")
        };
        assert_eq!(marks.reference.as_deref(), Some("least"));
        assert_eq!(marks.diverged.as_deref(), Some("stopped"));
        // Marked in a run where the diverged step holds 3; 0 (a run that went through) marks
        // nothing, and nor does a step that is not a whole number from 1.
        let with = |stopped: f64| {
            marks
                .marks(|step| Some(if step == "least" { 1.0 } else { stopped }))
                .diverged_at
        };
        assert_eq!(with(3.0), Some(3));
        assert_eq!(with(0.0), None);
        assert_eq!(with(2.5), None);
        assert_eq!(marks.marks(|_| Some(1.0)).reference, Some(("least", 1.0)));
    }

    #[test]
    fn a_wrong_line_mark_is_an_error_at_its_key() {
        let message = |text: &str| line_view(text).err().map(|problem| problem.0);
        assert_eq!(
            message("{ line = true, reference = \"ws\" }").as_deref(),
            Some("`ws` is a vector of 2, and a line's mark is one number")
        );
        assert_eq!(
            message("{ line = true, diverged = \"half\" }").as_deref(),
            Some("`half` is 0.5, and `diverged` names a step that is 0, or the step where the run diverged")
        );
        assert_eq!(
            message("{ line = true, reference = \"nothing\" }").as_deref(),
            Some("the example has no value named `nothing`")
        );
        assert_eq!(
            message("{ line = true, x = \"ws\" }").as_deref(),
            Some("`x` belongs to a contour's table, and this one draws a line")
        );
        assert_eq!(
            message("{ contour = true, reference = \"least\" }").as_deref(),
            Some("`reference` belongs to a line's table, and this one draws a contour")
        );
        assert_eq!(
            message("{ reference = \"least\" }").as_deref(),
            Some("a view's table draws a line, and it lacks `line = true`")
        );
        assert_eq!(
            message("{ line = true, contour = true }").as_deref(),
            Some("a view's table draws one heatmap, line or contour, and this one says line and contour")
        );
        assert_eq!(
            message("{ line = false }").as_deref(),
            Some("`line = false` says no line")
        );
    }

    #[test]
    fn a_sentence_fills_in_the_runs_numbers_and_the_label_at_a_computed_position() {
        let p = || Quantity::Vector {
            values: ndarray::array![0.665, 0.245, 0.09],
            labels: Some(vec!["cat".into(), "dog".into(), "fish".into()]),
        };
        let entry = |label: bool| {
            let (of, at) = ("p".to_string(), "t".to_string());
            if label {
                Part::Label { of, at }
            } else {
                Part::Entry { of, at }
            }
        };
        let sentence = Sentence {
            after: "loss".into(),
            parts: vec![
                Part::Text("the target ".into()),
                entry(true),
                Part::Text(" has p = ".into()),
                entry(false),
                Part::Text(", loss ".into()),
                Part::Value("loss".into()),
            ],
        };
        // A position the program computed, or (a kind's target) the label itself.
        for target in [Quantity::Scalar(0.0), Quantity::Text("cat".into())] {
            let values = |name: &str| match name {
                "p" => Some(p()),
                "t" => Some(target.clone()),
                "loss" => Some(Quantity::Scalar(0.40760596444438)),
                _ => None,
            };
            assert_eq!(
                sentence.fill(values, 3).as_deref(),
                Some("the target cat has p = 0.665, loss 0.408")
            );
        }
        // A number the places would print as 0 keeps its significant figures.
        let tiny = Sentence {
            after: "loss".into(),
            parts: vec![Part::Value("loss".into())],
        };
        let values = |_: &str| Some(Quantity::Scalar(4.539786870243442e-5));
        assert_eq!(
            tiny.fill(values, 3).as_deref(),
            Some("4.54\u{a0}×\u{a0}10⁻⁵")
        );
        // Out of range, not a position, or a step the run lacks: no sentence at all.
        for target in [Quantity::Scalar(3.0), Quantity::Scalar(0.5)] {
            let values = |name: &str| match name {
                "p" => Some(p()),
                "t" => Some(target.clone()),
                _ => None,
            };
            assert_eq!(sentence.fill(values, 3), None);
        }
        // The JSON compute-widget.js reads, one key per part.
        assert_eq!(
            serde_json::json!(sentence)["parts"][1],
            serde_json::json!({ "label": { "of": "p", "at": "t" } })
        );
        assert_eq!(
            serde_json::json!(Highlight {
                step: "t".into(),
                says: "target".into()
            }),
            serde_json::json!({ "step": "t", "says": "target" })
        );
    }

    #[test]
    fn a_sentence_fills_its_braces_from_the_lessons_values_and_each_wrong_one_is_named() {
        let computed = crate::compute::computed::compute(
            "p = softmax(z)\nt = argmax(p)\nloss = -log(p[t])\nq = p\n",
            vec![("z".into(), Value::Vector(ndarray::array![1.0, 3.0, 2.0]))],
            Default::default(),
        )
        .unwrap();
        let key = |after: &str, says: &str| {
            #[derive(Deserialize)]
            struct Wrap {
                s: SentencesKey,
            }
            let text = format!("[[s]]\nafter = \"{after}\"\nsays = '{says}'\n");
            toml::from_str::<Wrap>(&text).unwrap().s
        };
        let checked = sentences(
            &computed,
            None,
            &key("loss", "{{L}} = {loss}: {p[t].label} has p = {p[t]}."),
        )
        .unwrap();
        let entry = || ("p".to_string(), "t".to_string());
        assert_eq!(
            checked[0].parts,
            vec![
                Part::Text("{L} = ".into()),
                Part::Value("loss".into()),
                Part::Text(": ".into()),
                Part::Label {
                    of: entry().0,
                    at: entry().1
                },
                Part::Text(" has p = ".into()),
                Part::Entry {
                    of: entry().0,
                    at: entry().1
                },
                Part::Text(".".into()),
            ]
        );
        let filled = checked[0].fill(|name| computed.quantity(name), 3).unwrap();
        assert_eq!(filled, "{L} = 0.408: entry 2 has p = 0.665.");
        let problem = |after: &str, says: &str, shown: Option<&[String]>| {
            let (message, _, _) = sentences(&computed, shown, &key(after, says)).unwrap_err();
            message
        };
        let only_p = ["p".to_string()];
        for (after, says, shown, expected) in [
            (
                "z",
                "{loss}",
                None,
                "`after = \"z\"` names no step this widget shows",
            ),
            (
                "loss",
                "{loss}",
                Some(&only_p[..]),
                "names no step this widget shows",
            ),
            (
                "loss",
                "{lost}",
                None,
                "the example has no value named `lost`",
            ),
            (
                "loss",
                "{p}",
                None,
                "`{p}` is a vector of 3, and a sentence prints one number",
            ),
            (
                "loss",
                "{loss[t]}",
                None,
                "`loss` is a scalar, and `{loss[t]}` needs a vector",
            ),
            (
                "loss",
                "{p[loss]}",
                None,
                "`loss` does not hold a position of `p`",
            ),
            (
                "loss",
                "{loss.label}",
                None,
                "asks for a label but names no entry",
            ),
            ("loss", "{loss", None, "a `{` is not closed"),
            ("loss", "loss}", None, "a `}` closes no `{`"),
            ("loss", " ", None, "`says` must be 1 to 400 characters"),
        ] {
            let message = problem(after, says, shown);
            assert!(message.contains(expected), "{says}: {message}");
        }
    }

    #[test]
    fn a_highlight_names_a_value_holding_a_position_and_says_a_short_tag() {
        let computed = crate::compute::computed::compute(
            "p = softmax(z)\nt = argmax(p)\nhalf = 0.5\n",
            vec![("z".into(), Value::Vector(ndarray::array![1.0, 3.0, 2.0]))],
            Default::default(),
        )
        .unwrap();
        let key = |text: &str| {
            #[derive(Deserialize)]
            struct Wrap {
                h: HighlightKey,
            }
            toml::from_str::<Wrap>(&format!("h = {text}")).unwrap().h
        };
        assert_eq!(
            highlight(&computed, &key("{ step = \"t\", says = \"winner\" }")),
            Ok(Highlight {
                step: "t".into(),
                says: "winner".into()
            })
        );
        let problem = |text: &str| highlight(&computed, &key(text)).unwrap_err();
        let (message, help, _) = problem("{ step = \"q\", says = \"x\" }");
        assert_eq!(message, "the example has no value named `q`");
        assert_eq!(help, "name one of: t");
        let (message, _, _) = problem("{ step = \"half\", says = \"x\" }");
        assert!(message.starts_with("`half` is 0.5, and a highlight needs a position"));
        let (message, _, _) = problem("{ step = \"p\", says = \"x\" }");
        assert!(message.starts_with("`p` is a vector"), "{message}");
        let (message, _, _) = problem("{ step = \"t\", says = \" \" }");
        assert!(message.contains("1 to 24 characters"), "{message}");
    }

    #[test]
    fn a_slider_must_reach_the_lessons_value_and_a_log_one_start_above_zero() {
        assert_eq!(
            control("T", 1.0, &spec("{ slider = [0.05, 5], log = true }")),
            Ok(Control::Slider {
                lo: 0.05,
                hi: 5.0,
                log: true,
                marks: vec![]
            })
        );
        let marked = control("T", 1.0, &spec("{ slider = [0.05, 5], marks = [0.5, 2] }"));
        assert_eq!(
            marked.unwrap().json()["marks"],
            serde_json::json!([0.5, 2.0])
        );
        let (message, _, _) =
            control("T", 1.0, &spec("{ slider = [0.05, 5], marks = [9] }")).unwrap_err();
        assert!(message.contains("mark 9 of `T` lies outside"), "{message}");
        let (message, _, _) =
            control("c", 1.0, &spec("{ toggle = true, marks = [1] }")).unwrap_err();
        assert!(message.contains("no slider"), "{message}");
        let (message, _, _) = control("T", 9.0, &spec("{ slider = [0.05, 5] }")).unwrap_err();
        assert!(
            message.contains("leaves out the lesson's T = 9"),
            "{message}"
        );
        let (message, _, _) =
            control("T", 1.0, &spec("{ slider = [0, 5], log = true }")).unwrap_err();
        assert!(message.contains("starts above 0"), "{message}");
    }

    #[test]
    fn a_control_offers_only_values_of_the_inputs_domain() {
        let above_zero = serde_json::json!({ "min": 0.0, "exclusive_min": true, "integer": false, "words": "a number above 0" });
        let slider = |lo, hi| Control::Slider {
            lo,
            hi,
            log: false,
            marks: vec![],
        };
        assert_eq!(outside_domain("T", &slider(0.05, 5.0), &above_zero), None);
        assert_eq!(
            outside_domain("T", &slider(0.0, 5.0), &above_zero).as_deref(),
            Some("the control of `T` offers 0, and T is a number above 0")
        );
        let switch =
            serde_json::json!({ "choice": [0.0, 1.0], "integer": false, "words": "0 or 1" });
        assert_eq!(outside_domain("adam", &Control::Toggle, &switch), None);
        let three = Control::Choice {
            values: vec![0.0, 1.0, 2.0],
            labels: vec![],
        };
        assert!(outside_domain("adam", &three, &switch).is_some());
    }

    #[test]
    fn a_toggle_holds_zero_or_one_and_a_choice_one_label_per_value() {
        assert_eq!(
            control("c", 1.0, &spec("{ toggle = true }")),
            Ok(Control::Toggle)
        );
        let (message, _, _) = control("c", 0.5, &spec("{ toggle = true }")).unwrap_err();
        assert!(message.contains("is 0.5"), "{message}");
        let (message, _, _) =
            control("o", 0.0, &spec("{ choice = [0, 1], labels = [\"SGD\"] }")).unwrap_err();
        assert_eq!(message, "1 labels for 2 choices");
        let (message, _, _) = control("o", 2.0, &spec("{ choice = [0, 1] }")).unwrap_err();
        assert!(message.contains("not among the choices"), "{message}");
        let (message, _, _) =
            control("o", 0.0, &spec("{ toggle = true, choice = [0, 1] }")).unwrap_err();
        assert!(
            message.contains("one of slider, toggle or choice"),
            "{message}"
        );
    }
    #[test]
    fn names_make_the_rows_labels_of_a_matrix_input_editable_under_a_new_name() {
        use crate::compute::computed::{compute, Labels};
        let x = Value::Matrix(ndarray::array![[1.0, 2.0], [3.0, 4.0]]);
        let rows = |names: &[&str]| Labels {
            rows: Some(names.iter().map(|n| n.to_string()).collect()),
            ..Labels::default()
        };
        let computed = |labels| {
            compute(
                "S = X + t",
                vec![("X".into(), x.clone()), ("t".into(), Value::Scalar(1.0))],
                labels,
            )
            .unwrap()
        };
        let tokens = computed(rows(&["the", "cat"]));
        let names_of = |computed: &Computed, input: &str, text: &str| {
            let spec = spec(text);
            let called = spec.get_ref().names.clone().unwrap();
            names(computed, input, 0..1, &spec, &called)
        };
        assert_eq!(
            names_of(&tokens, "X", "{ names = \"tokens\" }"),
            Ok(Control::Names {
                called: "tokens".into()
            })
        );
        assert_eq!(
            Control::Names {
                called: "tokens".into()
            }
            .json(),
            json!({ "kind": "names", "called": "tokens" })
        );
        for (computed, input, text, says) in [
            (
                &tokens,
                "t",
                "{ names = \"tokens\" }",
                "no input whose rows",
            ),
            (
                &tokens,
                "S",
                "{ names = \"tokens\" }",
                "no input whose rows",
            ),
            (
                &computed(rows(&["a", "b", "c"])),
                "X",
                "{ names = \"tokens\" }",
                "no input whose rows",
            ),
            (
                &computed(Labels::default()),
                "X",
                "{ names = \"tokens\" }",
                "no input whose rows",
            ),
            (&tokens, "X", "{ names = \"S\" }", "no input or step has"),
            (
                &tokens,
                "X",
                "{ names = \"two words\" }",
                "letters, digits and _",
            ),
            (
                &tokens,
                "X",
                "{ names = \"tokens\", toggle = true }",
                "takes no other key",
            ),
        ] {
            let (message, _, _) = names_of(computed, input, text).unwrap_err();
            assert!(message.contains(says), "{text} on {input}: {message}");
        }
    }
}
