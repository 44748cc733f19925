//! The parts a view's table adds by naming steps: a line chart's reference and divergence, a
//! contour's grid, path, optimum and axis titles (a figure block's `contour` key too).

use super::views::{named_step, plain_or_view_table, Plain, ViewSpec};
use super::{is_position, name_one_of, said_off, KeyProblem};
use crate::compute::computed::Computed;
use crate::compute::lang::Value;
use crate::expand::figure_plots::{one_line, LONGEST_AXIS_LABEL};
use crate::present::figure::{diverged_step, LineMarks, DEFAULT_LEVELS};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::ops::Range;

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

/// A figure block's `contour` key, as written: `true`, or the table of a contour view.
#[derive(Debug)]
pub(in crate::expand) enum ContourKey {
    On(bool),
    Parts(Box<ViewSpec>),
}

impl<'de> Deserialize<'de> for ContourKey {
    /// A boolean or an inline table ([`plain_or_view_table`]).
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        plain_or_view_table(
            deserializer,
            "contour = true, or { x = \"<step>\", y = \"<step>\", path = \"<step>\", levels = <count>, optimum = \"<step>\", directions = \"<step>\", x_label = \"…\", y_label = \"…\" }",
            |plain| match plain {
                Plain::Bool(on) => Some(ContourKey::On(on)),
                Plain::Str(_) => None,
            },
            ContourKey::Parts,
        )
    }
}

/// A contour view's parts: the steps of its grid's x and y, of a path over it, how many
/// levels it draws, and of a point marked ✕ (`optimum`) with two directions drawn through it
/// (`directions`, a 2×2 matrix: a valley's steepest and shallowest), and its axes' titles in
/// the reader's words (`x_label`, `y_label`: a descent's `w`, not its program's `grid_w`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::expand) struct ContourView {
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
    pub(in crate::expand) fn json(&self) -> serde_json::Value {
        json!({
            "x": self.x, "y": self.y, "path": self.path, "levels": self.levels,
            "optimum": self.optimum, "directions": self.directions,
            "x_label": self.x_label, "y_label": self.y_label,
        })
    }

    /// The parts [`ContourView::json`] wrote, read back (a kind's figure draws the contour its
    /// widget's data declares); a part missing is left out.
    pub(in crate::expand) fn from_json(json: &serde_json::Value) -> ContourView {
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

/// A line view's marks checked against the lesson's values: `line = true`, no other view's
/// keys, `reference` naming a value holding a finite number, `diverged` one holding a whole
/// number from 0 (0 while the run goes through).
pub(super) fn line_marks(
    computed: &Computed,
    spec: &ViewSpec,
) -> Result<LineMarkSteps, KeyProblem> {
    spec.drawing("line", &spec.line, "name another view, such as \"table\"")?;
    let scalars = |whole: bool| {
        name_one_of(
            computed,
            |value| matches!(value, Value::Scalar(x) if x.is_finite() && (!whole || is_position(*x))),
            "name a step holding one number",
        )
    };
    let checked = |key: &Option<toml::Spanned<String>>,
                   whole: bool|
     -> Result<Option<String>, KeyProblem> {
        let Some(name) = key else { return Ok(None) };
        let step = name.get_ref();
        let problem = match computed.value(step) {
            None => format!("the example has no value named `{step}`"),
            Some(Value::Scalar(x)) if whole && !is_position(*x) => format!(
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
pub(super) fn contour_view(
    computed: &Computed,
    spec: &ViewSpec,
) -> Result<ContourView, KeyProblem> {
    spec.drawing("contour", &spec.contour, NOT_A_CONTOUR)?;
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

/// What `contour = false` is told to write instead of `contour = true`.
const NOT_A_CONTOUR: &str = "draw another view, such as a heatmap";

/// A figure block's `contour` key checked as a widget's contour view is: `true` for the
/// default parts, or a table of them (`span` is the key's, for `contour = false`).
pub(in crate::expand) fn contour_key(
    computed: &Computed,
    key: &ContourKey,
    span: Range<usize>,
) -> Result<ContourView, KeyProblem> {
    match key {
        ContourKey::On(true) => Ok(ContourView::default()),
        ContourKey::On(false) => Err(said_off("contour", "contour", NOT_A_CONTOUR, span)),
        ContourKey::Parts(spec) => contour_view(computed, spec),
    }
}
