//! `[controls]`: how a reader edits each input (a slider, a checkbox, radio buttons, a matrix
//! input's row labels as names), checked to reach the lesson's value and keep to the input's
//! domain.

use super::{as_written, said_off, KeyProblem};
use crate::compute::computed::{Computed, LabelSides, Origin, Side};
use crate::compute::lang::Value;
use crate::expand::blocks::domain::Domain;
use serde::Deserialize;
use serde_json::json;
use std::collections::BTreeMap;
use std::ops::Range;

/// One entry of `[controls]`, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(in crate::expand) struct ControlSpec {
    slider: Option<toml::Spanned<[f64; 2]>>,
    log: Option<toml::Spanned<bool>>,
    marks: Option<toml::Spanned<Vec<f64>>>,
    toggle: Option<toml::Spanned<bool>>,
    choice: Option<toml::Spanned<Vec<f64>>>,
    labels: Option<toml::Spanned<Vec<String>>>,
    pub(super) names: Option<toml::Spanned<String>>,
}

pub(in crate::expand) type ControlsKey =
    toml::Spanned<BTreeMap<toml::Spanned<String>, toml::Spanned<ControlSpec>>>;

/// How a reader picks one input's value.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::expand) enum Control {
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
    /// A log-scale slider reaching every one of `values` (the lesson's and those it names),
    /// with a button to each of `marks`.
    pub(in crate::expand) fn log_slider_over(
        values: impl IntoIterator<Item = f64>,
        marks: Vec<f64>,
    ) -> Control {
        let (lo, hi) = (values.into_iter())
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), value| {
                (lo.min(value), hi.max(value))
            });
        let log = true;
        Control::Slider { lo, hi, log, marks }
    }

    /// The JSON compute-widget.js reads (`kind` and the domain).
    pub(in crate::expand) fn json(&self) -> serde_json::Value {
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
pub(super) fn names(
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
pub(super) fn control(
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
    let lesson = as_written(value);
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
            return Err(said_off(
                "toggle",
                "checkbox",
                "remove the control",
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
        None => values.iter().map(|x| as_written(*x)).collect(),
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
pub(super) fn outside_domain(
    input: &str,
    picked: &Control,
    domain: &serde_json::Value,
) -> Option<String> {
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
