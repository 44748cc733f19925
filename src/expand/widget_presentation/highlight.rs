//! `highlight`: the entry of a step a widget marks in words (a softmax's target class), at a
//! position the program computes.

use super::{as_written, held_position, is_position, name_one_of, KeyProblem};
use crate::compute::computed::Computed;
use crate::compute::lang::Value;
use serde::{Deserialize, Serialize};

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
pub(in crate::expand) struct HighlightSpec {
    step: toml::Spanned<String>,
    says: toml::Spanned<String>,
}

pub(in crate::expand) type HighlightKey = toml::Spanned<HighlightSpec>;

/// Longest tag a highlight says, in characters: a word or two beside a column's label.
const LONGEST_TAG: usize = 24;

/// A widget block's `highlight` checked against the lesson's values: `step` names a value of
/// the example holding a 0-based position (a whole number from 0), and `says` is a short tag.
pub(in crate::expand) fn highlight(
    computed: &Computed,
    key: &HighlightKey,
) -> Result<Highlight, KeyProblem> {
    let HighlightSpec { step, says } = key.get_ref();
    let name = step.get_ref();
    let positions = || {
        name_one_of(
            computed,
            |value| matches!(value, Value::Scalar(x) if is_position(*x)),
            "a highlight tags the entry at a position the program computes; add a step such as t = argmax(p)",
        )
    };
    match computed.value(name) {
        None => {
            return Err((
                format!("the example has no value named `{name}`"),
                positions(),
                step.span(),
            ))
        }
        Some(Value::Scalar(x)) if is_position(*x) => {}
        Some(other) => {
            return Err((
                format!(
                    "`{name}` is {}, and a highlight needs a position: a whole number from 0",
                    match other {
                        Value::Scalar(x) => as_written(*x),
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

/// The entry a widget's `highlight` (`{ step, says }` in its data) names in `computed`, with
/// its tag: what its bars draw bold, as compute-widget.js's `highlighted` reads it.
pub(in crate::expand) fn highlighted(
    computed: &Computed,
    data: &serde_json::Value,
) -> Option<(usize, String)> {
    let step = data["highlight"]["step"].as_str()?;
    let says = data["highlight"]["says"].as_str()?;
    let at = held_position(&computed.quantity(step)?)?;
    Some((at, says.to_string()))
}
