//! `[[sentences]]`: words under a step filled with each run's numbers, checked to name numbers
//! the lesson has, and filled by the build for readers without JavaScript.

use super::{held_position, is_position, KeyProblem};
use crate::compute::computed::{Computed, Origin};
use crate::compute::lang::Value;
use crate::compute::Quantity;
use serde::{Deserialize, Serialize};

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
                            Quantity::Text(label) => {
                                labels.as_ref()?.iter().position(|l| *l == label)?
                            }
                            other => held_position(&other)?,
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
pub(in crate::expand) struct SentenceSpec {
    after: toml::Spanned<String>,
    says: toml::Spanned<String>,
}

pub(in crate::expand) type SentencesKey = toml::Spanned<Vec<SentenceSpec>>;

/// Most sentences a widget writes, and most characters in one: words under a step, not prose.
const MOST_SENTENCES: usize = 8;
const LONGEST_SENTENCE: usize = 400;

/// A widget block's `[[sentences]]` checked against the lesson's values: `after` is a step the
/// widget shows, and every `{…}` in `says` names a number the run has (a scalar step, or an
/// entry of a vector step at the position a step holds), so the lesson's own numbers fill every
/// sentence; the widget leaves out a sentence a reader's edit makes unfillable.
pub(in crate::expand) fn sentences(
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
                    Value::Scalar(x) if is_position(*x) && (*x as usize) < length => {}
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
