//! `projection`: a vector's projection onto another, drawn dashed among a step's arrows.

use super::views::View;
use super::{is_position, KeyProblem, Presentation};
use crate::compute::computed::Computed;
use crate::compute::lang::Value;
use crate::compute::Quantity;
use crate::present::figure::{arrows_step_figure, FigureError, FigureOptions, Palette, Projected};
use serde::{Deserialize, Serialize};

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
pub(in crate::expand) struct ProjectionSpec {
    step: toml::Spanned<String>,
    of: toml::Spanned<String>,
    onto: toml::Spanned<String>,
    vector: toml::Spanned<String>,
    scalar: toml::Spanned<String>,
}

pub(in crate::expand) type ProjectionKey = toml::Spanned<ProjectionSpec>;

/// A widget block's `projection` checked against the lesson's values and its views: `step` is
/// drawn as arrows, `of` and `onto` hold positions of its rows, `vector` is a vector of two
/// entries and `scalar` a number; the build's figure of the step draws it.
pub(in crate::expand) fn projection(
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
            Some(Value::Scalar(x)) if is_position(*x) && (*x as usize) < rows);
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
pub(in crate::expand) fn projected_arrows(
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
